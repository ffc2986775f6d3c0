//! The settings screen. It edits the [`Settings`] resource directly, so
//! every change applies at once (and is saved by `settings.rs`).

use super::new_game::level_picker;
use crate::i18n::{Language, rule_name, t, tf};
use crate::persistence::settings_file::{FILE_NAME, SettingsStore};
use crate::play::game::GameCommand;
use crate::settings::{MAX_AI_THREADS, Settings, Theme, all_cores_but_one};
use crate::ui_core::Overlay;
use crate::ui_core::colours::colours;
use crate::ui_core::widgets::{self, section};
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, RichText};
use gomoku_engine::Rule;

pub(super) fn show(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    store: Res<SettingsStore>,
    mut next: ResMut<NextState<Overlay>>,
    mut commands_out: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Edit a copy and write back only real changes, so that change
    // detection (apply, save) fires only when something changed.
    let mut edited = settings.clone();
    let lang = edited.language;
    let mut back = false;
    widgets::screen(ctx, "settings", 700.0, |ui| {
        back = widgets::title_bar(ui, lang, t(lang, "settings.title"));
        form(ui, lang, &mut edited);
        ui.add_space(14.0);
        let note = match (&store.dir, store.writable) {
            (Some(dir), true) => tf(
                lang,
                "settings.stored_in",
                &[&dir.join(FILE_NAME).display()],
            ),
            _ => t(lang, "settings.not_stored").to_string(),
        };
        ui.label(RichText::new(note).small().weak());
        if let Some(warning) = &store.warning {
            ui.label(
                RichText::new(warning.text(lang))
                    .small()
                    .color(colours(ui.ctx()).warning),
            );
        }
    });
    if edited.ai_level != settings.ai_level {
        commands_out.write(GameCommand::SetLevel(edited.ai_level));
    }
    if edited != *settings {
        *settings = edited;
    }
    if back {
        next.set(Overlay::Main);
    }
    Ok(())
}

/// The AI's search threads: all cores but one (0 in the file), or a number.
fn threads_row(ui: &mut egui::Ui, lang: Language, s: &mut Settings) {
    ui.horizontal(|ui| {
        let auto = all_cores_but_one();
        let mut automatic = s.ai_threads == 0;
        let label = tf(lang, "settings.threads_auto", &[&auto]);
        let note = t(lang, "settings.threads_note");
        if ui
            .checkbox(&mut automatic, label)
            .on_hover_text(note)
            .changed()
        {
            s.ai_threads = if automatic { 0 } else { auto };
        }
        let mut threads = s.search_threads() as u32;
        let number = ui.add_enabled(
            !automatic,
            egui::DragValue::new(&mut threads).range(1..=MAX_AI_THREADS),
        );
        if number.on_hover_text(note).changed() {
            s.ai_threads = threads;
        }
    });
}

fn form(ui: &mut egui::Ui, lang: Language, s: &mut Settings) {
    section(ui, t(lang, "settings.language"));
    ui.horizontal(|ui| {
        for language in Language::ALL {
            ui.radio_value(&mut s.language, language, language.native_name())
                .on_hover_text(t(lang, "tip.language"));
        }
    });

    section(ui, t(lang, "settings.game"));
    egui::Grid::new("settings-game")
        .num_columns(2)
        .spacing([18.0, 10.0])
        .show(ui, |ui| {
            ui.label(t(lang, "settings.default_level"));
            level_picker(ui, lang, &mut s.ai_level);
            ui.end_row();
            ui.label(t(lang, "settings.default_rule"));
            ui.horizontal(|ui| {
                for rule in Rule::ALL {
                    ui.radio_value(&mut s.rule, rule, rule_name(lang, rule))
                        .on_hover_text(t(lang, "tip.default_rule"));
                }
            });
            ui.end_row();
            ui.label(t(lang, "settings.threads"));
            threads_row(ui, lang, s);
            ui.end_row();
        });

    section(ui, t(lang, "settings.sound"));
    egui::Grid::new("settings-sound")
        .num_columns(2)
        .spacing([18.0, 10.0])
        .show(ui, |ui| {
            ui.label(t(lang, "settings.volume"));
            ui.horizontal(|ui| {
                ui.add_enabled(
                    !s.muted,
                    egui::Slider::new(&mut s.volume, 0.0..=1.0).show_value(false),
                )
                .on_hover_text(t(lang, "tip.volume"));
                ui.checkbox(&mut s.muted, t(lang, "settings.mute"))
                    .on_hover_text("M");
            });
            ui.end_row();
            ui.label(t(lang, "settings.animations"));
            ui.horizontal(|ui| {
                ui.checkbox(&mut s.animations, "")
                    .on_hover_text(t(lang, "tip.animations"));
                ui.label(t(lang, "settings.animation_speed"));
                ui.add_enabled(
                    s.animations,
                    egui::Slider::new(&mut s.animation_speed, 0.25..=3.0)
                        .step_by(0.25)
                        .suffix("×"),
                )
                .on_hover_text(t(lang, "tip.animation_speed"));
            });
            ui.end_row();
        });

    section(ui, t(lang, "settings.board"));
    ui.horizontal(|ui| {
        ui.label(t(lang, "settings.theme"));
        for theme in Theme::ALL {
            ui.radio_value(&mut s.theme, theme, t(lang, theme.name_key()))
                .on_hover_text(t(lang, "tip.theme"));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut s.coordinates, t(lang, "settings.coordinates"))
            .on_hover_text("C");
        ui.checkbox(&mut s.move_numbers, t(lang, "settings.move_numbers"))
            .on_hover_text("N");
        ui.checkbox(&mut s.forbidden_marks, t(lang, "settings.forbidden_marks"))
            .on_hover_text("F");
    });

    section(ui, t(lang, "settings.window"));
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut s.window.fullscreen, t(lang, "settings.fullscreen"))
            .on_hover_text("F11");
        ui.checkbox(&mut s.window.vsync, t(lang, "settings.vsync"))
            .on_hover_text(t(lang, "tip.vsync"));
        ui.label(t(lang, "settings.size"));
        let size_note = t(lang, "settings.size_note");
        ui.add(egui::DragValue::new(&mut s.window.width).range(480..=7680))
            .on_hover_text(size_note);
        ui.label("×");
        ui.add(egui::DragValue::new(&mut s.window.height).range(420..=4320))
            .on_hover_text(size_note);
    });
    ui.label(RichText::new(t(lang, "settings.size_note")).small().weak());
}
