//! Places in the HUD, the replay viewer and the lists of games where the
//! features (network, analysis, review) add their part, without the HUD
//! or the menus importing them: each feature registers a system for a
//! [`Slot`] (or a [`FileAction`]) when its plugin is built, and the host
//! screen runs whatever is registered there, in the order of registration.

use crate::i18n::{Language, t};
use bevy::ecs::system::{SystemId, SystemParam};
use bevy::prelude::*;
use bevy_egui::egui;
use std::path::{Path, PathBuf};

/// Where a section is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// In the HUD, under the players and the turn.
    HudStatus,
    /// In the HUD, under the display toggles.
    HudControls,
    /// In the HUD's game-over box, beside its New game button.
    HudGameOver,
    /// In the replay viewer, beside "Play from here".
    ReplayActions,
    /// In the replay viewer, under the export buttons.
    ReplayStudy,
}

/// A section: draws into the host's `egui::Ui` with whatever data the
/// feature's system asks for.
pub type DrawSection = SystemId<InMut<'static, egui::Ui>>;

struct Section {
    slot: Slot,
    draw: DrawSection,
    /// Whether it has anything to show now (the HUD's compact layout
    /// gives a shown status section a column of its own).
    shown: Option<SystemId<(), bool>>,
}

/// What the features registered.
#[derive(Resource, Default)]
pub struct Sections(Vec<Section>);

/// A button the lists of game files (saved games, statistics) show on
/// each row; it runs `run` with the row's file.
#[derive(Clone, Copy, Debug)]
pub struct FileAction {
    /// The button's text and tooltip (i18n keys).
    pub label: &'static str,
    pub tip: &'static str,
    pub run: SystemId<In<PathBuf>>,
}

/// The buttons of every file row.
#[derive(Resource, Default, Clone)]
pub struct FileActions(pub Vec<FileAction>);

/// Registering sections and file actions while a feature's plugin builds.
pub trait AddSections {
    /// `draw` goes into `slot` on every frame the host screen shows it.
    fn add_section<M>(
        &mut self,
        slot: Slot,
        draw: impl IntoSystem<InMut<'static, egui::Ui>, (), M> + 'static,
    ) -> &mut Self;

    /// As [`AddSections::add_section`], shown only while `shown` says so.
    fn add_section_if<M, N>(
        &mut self,
        slot: Slot,
        draw: impl IntoSystem<InMut<'static, egui::Ui>, (), M> + 'static,
        shown: impl IntoSystem<(), bool, N> + 'static,
    ) -> &mut Self;

    /// A button on each row of the lists of game files.
    fn add_file_action<M>(
        &mut self,
        label: &'static str,
        tip: &'static str,
        run: impl IntoSystem<In<PathBuf>, (), M> + 'static,
    ) -> &mut Self;
}

impl AddSections for App {
    fn add_section<M>(
        &mut self,
        slot: Slot,
        draw: impl IntoSystem<InMut<'static, egui::Ui>, (), M> + 'static,
    ) -> &mut Self {
        let draw = self.register_system(draw);
        self.world_mut()
            .get_resource_or_init::<Sections>()
            .0
            .push(Section {
                slot,
                draw,
                shown: None,
            });
        self
    }

    fn add_section_if<M, N>(
        &mut self,
        slot: Slot,
        draw: impl IntoSystem<InMut<'static, egui::Ui>, (), M> + 'static,
        shown: impl IntoSystem<(), bool, N> + 'static,
    ) -> &mut Self {
        let draw = self.register_system(draw);
        let shown = Some(self.register_system(shown));
        self.world_mut()
            .get_resource_or_init::<Sections>()
            .0
            .push(Section { slot, draw, shown });
        self
    }

    fn add_file_action<M>(
        &mut self,
        label: &'static str,
        tip: &'static str,
        run: impl IntoSystem<In<PathBuf>, (), M> + 'static,
    ) -> &mut Self {
        let run = self.register_system(run);
        self.world_mut()
            .get_resource_or_init::<FileActions>()
            .0
            .push(FileAction { label, tip, run });
        self
    }
}

/// The sections of `slot` that have something to show now.
fn shown_in(world: &mut World, slot: Slot) -> Vec<DrawSection> {
    let Some(sections) = world.get_resource::<Sections>() else {
        return Vec::new();
    };
    let candidates: Vec<_> = sections
        .0
        .iter()
        .filter(|s| s.slot == slot)
        .map(|s| (s.draw, s.shown))
        .collect();
    candidates
        .into_iter()
        .filter(|&(_, shown)| shown.is_none_or(|id| world.run_system(id).unwrap_or(false)))
        .map(|(draw, _)| draw)
        .collect()
}

/// Whether any section of `slot` has something to show now.
pub fn any_shown(world: &mut World, slot: Slot) -> bool {
    !shown_in(world, slot).is_empty()
}

/// Draws the sections of `slot` into `ui`.
pub fn show(world: &mut World, slot: Slot, ui: &mut egui::Ui) {
    for draw in shown_in(world, slot) {
        if let Err(e) = world.run_system_with(draw, ui) {
            warn!("a {slot:?} section failed: {e}");
        }
    }
}

/// The primary window's egui context, for a screen drawn by an exclusive
/// system (one that runs the sections).
pub fn primary_context(world: &mut World) -> Option<egui::Context> {
    world
        .query_filtered::<&mut bevy_egui::EguiContext, With<bevy_egui::PrimaryEguiContext>>()
        .single_mut(world)
        .ok()
        .map(|mut context| context.get_mut().clone())
}

/// The registered [`FileAction`] buttons, for a list of game files.
#[derive(SystemParam)]
pub struct FileButtons<'w, 's> {
    actions: Res<'w, FileActions>,
    commands: Commands<'w, 's>,
}

impl FileButtons<'_, '_> {
    /// One button per registered action, for the file at `path`.
    pub fn show(&mut self, ui: &mut egui::Ui, lang: Language, path: &Path) {
        for action in &self.actions.0 {
            if ui
                .button(t(lang, action.label))
                .on_hover_text(t(lang, action.tip))
                .clicked()
            {
                self.commands
                    .run_system_with(action.run, path.to_path_buf());
            }
        }
    }
}
