//! Every key of the game in one list (F1 or `?`, and a main-menu button).

use crate::i18n::{Language, t};
use crate::settings::Settings;
use crate::ui_core::Overlay;
use crate::ui_core::colours::colours;
use crate::ui_core::widgets::{self, section};
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, RichText};

/// The keys on the board, then in the menus and the replay viewer: the
/// key as written, and the i18n key of what it does.
const BOARD_KEYS: &[(&str, &str)] = &[
    ("Click, ← ↑ → ↓ + Enter/Space", "keys.place"),
    ("Ctrl+Z", "keys.undo"),
    ("Ctrl+Y, Ctrl+Shift+Z", "keys.redo"),
    ("Ctrl+N", "keys.new_game"),
    ("H", "keys.hint"),
    ("C", "keys.coordinates"),
    ("N", "keys.move_numbers"),
    ("F", "keys.forbidden"),
    ("M", "keys.mute"),
    ("A", "analysis.key_analysis"),
    ("T", "analysis.key_threats"),
    ("E", "analysis.key_explore"),
    ("Backspace, R", "analysis.key_branch"),
];
const OTHER_KEYS: &[(&str, &str)] = &[
    ("Esc", "keys.menu"),
    ("F1, ?", "keys.help"),
    ("F11", "keys.fullscreen"),
    ("← →, Home, End", "keys.replay_step"),
    ("Space", "keys.replay_play"),
];

pub(super) fn show(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut next: ResMut<NextState<Overlay>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut back = false;
    widgets::screen(ctx, "keys", 620.0, |ui| {
        back = widgets::title_bar(ui, lang, t(lang, "keys.title"));
        section(ui, t(lang, "keys.on_board"));
        key_table(ui, lang, "board-keys", BOARD_KEYS);
        section(ui, t(lang, "keys.elsewhere"));
        key_table(ui, lang, "other-keys", OTHER_KEYS);
    });
    if back {
        next.set(Overlay::Main);
    }
    Ok(())
}

fn key_table(ui: &mut egui::Ui, lang: Language, id: &str, keys: &[(&str, &'static str)]) {
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([24.0, 8.0])
        .show(ui, |ui| {
            for &(key, what) in keys {
                ui.label(
                    RichText::new(key)
                        .monospace()
                        .color(colours(ui.ctx()).accent),
                );
                ui.label(t(lang, what));
                ui.end_row();
            }
        });
}
