//! The main menu: Continue (an unfinished autosave), back to the game,
//! New game, Save, Load / Replay, Statistics, Settings, Quit.

use super::Flash;
use super::dialogs::FileDialog;
use crate::i18n::{Language, color_name, rule_name, t, tf};
use crate::persistence::autosave::{self, GameFiles, GameInfo};
use crate::persistence::settings_file::SettingsStore;
use crate::play::clock::GameClock;
use crate::play::game::Match;
use crate::settings::Settings;
use crate::ui_core::Overlay;
use crate::ui_core::colours::colours;
use crate::ui_core::widgets;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, RichText, Vec2};
use gomoku_engine::record::formats::Record;

/// The autosaved game offered by Continue, read when the menu opens.
#[derive(Resource, Default)]
pub(super) struct ContinueOffer {
    record: Option<Record>,
    error: Option<String>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ContinueOffer>()
        .add_systems(OnEnter(Overlay::Main), read_autosave);
}

fn read_autosave(files: Res<GameFiles>, mut offer: ResMut<ContinueOffer>) {
    *offer = ContinueOffer::default();
    let Some(storage) = &files.storage else {
        return;
    };
    match storage.read_autosave() {
        Ok(record) => offer.record = record,
        Err(e) => offer.error = Some(e.to_string()),
    }
}

/// A menu entry; `help` is its tooltip (what it does, or its key).
fn big_button(ui: &mut egui::Ui, text: &str, help: &str) -> bool {
    ui.add_sized(
        Vec2::new(300.0, 42.0),
        egui::Button::new(RichText::new(text).size(19.0)),
    )
    .on_hover_text(help)
    .clicked()
}

fn continue_hint(lang: Language, record: &Record) -> String {
    let game = &record.game;
    tf(
        lang,
        "menu.continue_hint",
        &[
            &rule_name(lang, game.rule()),
            &game.moves().len(),
            &color_name(lang, game.to_move()),
        ],
    )
}

pub(super) fn show(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut store: ResMut<SettingsStore>,
    mut offer: ResMut<ContinueOffer>,
    mut files: ResMut<GameFiles>,
    m: Res<Match>,
    clock: Res<GameClock>,
    info: Res<GameInfo>,
    mut next: ResMut<NextState<Overlay>>,
    mut flash: ResMut<Flash>,
    mut dialogs: MessageWriter<FileDialog>,
    mut exit: MessageWriter<AppExit>,
    time: Res<Time>,
    real: Res<Time<Real>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut saved = None;
    let in_game = !m.game().moves().is_empty() && !m.game().is_over();
    let has_moves = !m.game().moves().is_empty();
    widgets::screen(ctx, "main-menu", 420.0, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(12.0);
            ui.label(
                RichText::new(t(lang, "app.title"))
                    .size(52.0)
                    .strong()
                    .color(colours(ui.ctx()).accent),
            );
            ui.label(RichText::new(t(lang, "app.subtitle")).size(16.0).weak());
            ui.add_space(26.0);
            if has_moves && big_button(ui, t(lang, "menu.resume"), "Esc") {
                next.set(Overlay::None);
            }
            if !in_game && let Some(record) = offer.record.clone() {
                if big_button(ui, t(lang, "menu.continue"), t(lang, "menu.continue_tip")) {
                    let settings_of = autosave::settings_of(&record, settings.ai_level);
                    let plies = record.game.moves().len();
                    let now = time.elapsed_secs_f64();
                    match autosave::start_from_record(
                        &mut commands,
                        &record,
                        plies,
                        settings_of,
                        true,
                        now,
                    ) {
                        Ok(()) => next.set(Overlay::None),
                        Err(e) => flash.show(e, true, real.elapsed_secs_f64()),
                    }
                    offer.record = None;
                }
                ui.label(RichText::new(continue_hint(lang, &record)).weak());
                ui.add_space(4.0);
            }
            if big_button(ui, t(lang, "menu.new_game"), "Ctrl+N") {
                next.set(Overlay::NewGame);
            }
            if big_button(ui, t(lang, "menu.network"), t(lang, "menu.network_tip")) {
                next.set(Overlay::LanHost);
            }
            if has_moves
                && files.storage.is_some()
                && big_button(ui, t(lang, "menu.save"), t(lang, "menu.save_tip"))
            {
                let record = autosave::record_of(&m, &clock, &info);
                let storage = files.storage.clone().expect("checked above");
                let now = real.elapsed_secs_f64();
                match storage.save_game(&record) {
                    Ok(path) => {
                        flash.show(tf(lang, "game.saved", &[&path.display()]), false, now);
                        saved = Some(path);
                    }
                    Err(e) => flash.show(tf(lang, "replay.save_failed", &[&e]), true, now),
                }
            }
            if has_moves && big_button(ui, t(lang, "dialog.save_as"), t(lang, "menu.save_as_tip")) {
                dialogs.write(FileDialog::SaveGame);
            }
            if big_button(ui, t(lang, "menu.load"), t(lang, "load.drop_hint")) {
                next.set(Overlay::SavedGames);
            }
            if big_button(ui, t(lang, "menu.stats"), t(lang, "menu.stats_tip")) {
                next.set(Overlay::Statistics);
            }
            if big_button(ui, t(lang, "puzzle.title"), t(lang, "puzzle.menu_tip")) {
                next.set(Overlay::Puzzles);
            }
            if big_button(ui, t(lang, "menu.settings"), t(lang, "menu.settings_tip")) {
                next.set(Overlay::Settings);
            }
            if big_button(ui, t(lang, "menu.keys"), "F1, ?") {
                next.set(Overlay::Keys);
            }
            if big_button(ui, t(lang, "menu.quit"), t(lang, "menu.quit_tip")) {
                exit.write(AppExit::Success);
            }
            ui.add_space(16.0);
            let warnings = [
                offer
                    .error
                    .as_ref()
                    .map(|e| tf(lang, "menu.autosave_broken", &[e])),
                store.warning.as_ref().map(|w| w.text(lang)),
                files.last_error.clone(),
            ];
            let mut dismiss = false;
            for warning in warnings.into_iter().flatten() {
                ui.label(RichText::new(warning).color(colours(ui.ctx()).warning));
                dismiss = true;
            }
            if dismiss
                && ui
                    .button(t(lang, "settings.dismiss"))
                    .on_hover_text(t(lang, "tip.dismiss"))
                    .clicked()
            {
                offer.error = None;
                store.warning = None;
                files.last_error = None;
            }
        });
    });
    if let Some(path) = saved {
        settings.remember_file(&path);
    }
    Ok(())
}
