//! The menus (egui): main menu, new-game dialog, settings, saved games,
//! statistics and the replay viewer. Each is a full-window overlay above
//! the board, chosen by the [`Overlay`] state; while one is open play is
//! paused ([`Pause`]): the board takes no input, the clocks stop and the AI
//! waits.
//!
//! Also here: the first screen (`--screen`, a file given on the command
//! line), the CJK font, and opening files (menu, command line, drag and
//! drop).

mod board_corner;
mod dialogs;
mod keys_screen;
mod main_menu;
mod new_game;
pub mod replay_view;
mod saved_games;
mod settings_screen;
mod stats;

use crate::i18n::t;
use crate::input::MenuRequest;
use crate::persistence;
use crate::play::replay::{OpenFile, Replay};
use crate::settings::Settings;
use crate::ui_core::colours::colours;
use crate::ui_core::{Overlay, ReplayReturn};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use bevy_egui::egui;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use std::path::PathBuf;

/// The screen to show first, and the file to open.
#[derive(Resource, Clone, Debug)]
struct FirstScreen {
    screen: Overlay,
    file: Option<PathBuf>,
}

/// The screen to show first (see `cli::Options::first_screen`), or the
/// file to open in the replay viewer.
pub fn start_with(app: &mut App, screen: Overlay, file: Option<PathBuf>) {
    app.insert_resource(FirstScreen { screen, file });
}

/// The menus, their files and the window options.
pub fn plugin(app: &mut App) {
    app.init_resource::<new_game::CancelTo>()
        .add_plugins(files_plugin)
        .add_systems(Startup, apply_startup)
        .add_systems(Update, (toggle_with_escape, open_requested_menus))
        .add_systems(
            EguiPrimaryContextPass,
            (
                main_menu::show.run_if(in_state(Overlay::Main)),
                new_game::show.run_if(in_state(Overlay::NewGame)),
                settings_screen::show.run_if(in_state(Overlay::Settings)),
                saved_games::show.run_if(in_state(Overlay::SavedGames)),
                stats::show.run_if(in_state(Overlay::Statistics)),
                replay_view::show.run_if(in_state(Overlay::Replay)),
                keys_screen::show.run_if(in_state(Overlay::Keys)),
                board_corner::show.run_if(in_state(Overlay::None)),
                show_flash,
            )
                .chain(),
        )
        .add_plugins((
            dialogs::plugin,
            main_menu::plugin,
            saved_games::plugin,
            stats::plugin,
            replay_view::plugin,
        ));
}

fn apply_startup(
    startup: Res<FirstScreen>,
    mut next: ResMut<NextState<Overlay>>,
    mut open: MessageWriter<OpenFile>,
) {
    if let Some(file) = &startup.file {
        open.write(OpenFile(file.clone()));
    } else {
        next.set(startup.screen);
    }
}

/// A short message over everything (a file that could not be opened, a
/// save that worked), until dismissed or a few seconds passed.
#[derive(Resource, Default, Debug)]
pub struct Flash {
    pub text: String,
    pub error: bool,
    pub at: f64,
}

impl Flash {
    pub fn show(&mut self, text: impl Into<String>, error: bool, now: f64) {
        self.text = text.into();
        self.error = error;
        self.at = now;
    }
}

fn show_flash(
    mut contexts: EguiContexts,
    mut flash: ResMut<Flash>,
    time: Res<Time<Real>>,
    settings: Res<Settings>,
) -> Result {
    if flash.text.is_empty() {
        return Ok(());
    }
    let age = time.elapsed_secs_f64() - flash.at;
    // Errors stay until dismissed; confirmations fade out.
    if !flash.error && age > 4.0 {
        flash.text.clear();
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let palette = colours(ctx);
    let color = if flash.error {
        palette.warning
    } else {
        palette.accent
    };
    let mut dismissed = false;
    egui::Area::new(egui::Id::new("flash"))
        .order(egui::Order::Tooltip)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .stroke(egui::Stroke::new(1.5, color))
                .show(ui, |ui| {
                    ui.set_max_width(640.0);
                    ui.horizontal(|ui| {
                        ui.label(egui::RichText::new(&flash.text).color(color));
                        if flash.error
                            && ui
                                .button(t(settings.language, "settings.dismiss"))
                                .on_hover_text(t(settings.language, "tip.dismiss"))
                                .clicked()
                        {
                            dismissed = true;
                        }
                    });
                });
        });
    if dismissed {
        flash.text.clear();
    }
    Ok(())
}

/// Opens the new-game screen from the board (the HUD's New game button,
/// Ctrl+N); its Cancel goes back to the board.
#[derive(SystemParam)]
pub struct NewGameScreen<'w> {
    next: ResMut<'w, NextState<Overlay>>,
    cancel_to: ResMut<'w, new_game::CancelTo>,
}

impl NewGameScreen<'_> {
    pub fn open_from_board(&mut self) {
        self.cancel_to.0 = Overlay::None;
        self.next.set(Overlay::NewGame);
    }
}

/// The board's keys that open a menu (Ctrl+N).
fn open_requested_menus(mut requests: MessageReader<MenuRequest>, mut new_game: NewGameScreen) {
    for request in requests.read() {
        match request {
            MenuRequest::NewGame => new_game.open_from_board(),
        }
    }
}

/// Escape opens the main menu from the board and goes back one level in
/// the menus; F1 or `?` shows the keys (and closes them again).
fn toggle_with_escape(
    keys: Res<ButtonInput<KeyCode>>,
    overlay: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let help = keys.just_pressed(KeyCode::F1) || (shift && keys.just_pressed(KeyCode::Slash));
    if help {
        next.set(match overlay.get() {
            Overlay::Keys => Overlay::None,
            _ => Overlay::Keys,
        });
    } else if keys.just_pressed(KeyCode::Escape) {
        next.set(match overlay.get() {
            Overlay::None => Overlay::Main,
            Overlay::Main => Overlay::None,
            _ => Overlay::Main,
        });
    }
}

/// Opening game files: dropped on the window or asked for with
/// [`OpenFile`]. Needs the [`Overlay`] state, [`Settings`] and the
/// window's `FileDragAndDrop` messages (headless tests add them).
pub fn files_plugin(app: &mut App) {
    app.add_message::<OpenFile>()
        .init_resource::<Flash>()
        .init_resource::<ReplayReturn>()
        .add_systems(Update, (receive_dropped_files, open_files).chain());
}

fn receive_dropped_files(
    mut drops: MessageReader<FileDragAndDrop>,
    mut open: MessageWriter<OpenFile>,
) {
    for drop in drops.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = drop {
            open.write(OpenFile(path_buf.clone()));
        }
    }
}

/// Opens requested files in the replay viewer; one that cannot be read
/// leaves everything as it was and says why.
fn open_files(
    mut requests: MessageReader<OpenFile>,
    current: Res<State<Overlay>>,
    mut back: ResMut<ReplayReturn>,
    mut settings: ResMut<Settings>,
    mut commands: Commands,
    mut next: ResMut<NextState<Overlay>>,
    mut flash: ResMut<Flash>,
    time: Res<Time<Real>>,
) {
    for OpenFile(path) in requests.read() {
        match persistence::load_file(path, settings.rule) {
            Ok(record) => {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                commands.insert_resource(Replay::new(record, name));
                settings.remember_file(path);
                if *current.get() != Overlay::Replay {
                    back.0 = *current.get();
                }
                next.set(Overlay::Replay);
            }
            Err(e) => {
                let text = format!("{}: {e}", t(settings.language, "error.open"));
                warn!("{text}");
                flash.show(text, true, time.elapsed_secs_f64());
            }
        }
    }
}
