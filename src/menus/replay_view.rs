//! The replay viewer: the board at the cursor, step back/forward,
//! first/last, autoplay with speed, a slider, a clickable move list, "play
//! from here", and export (clipboard, files).

use super::widgets::{self, ACCENT, BoardMarks};
use super::{Flash, Overlay, ReplayReturn};
use crate::game::{Match, notation};
use crate::i18n::{Language, color_name, player_text, result_text, rule_name, t, tf};
use crate::replay::Replay;
use crate::settings::Settings;
use crate::storage::{self, autosave, autosave::GameFiles};
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Key, RichText};
use gomoku_engine::Color as StoneColor;
use gomoku_engine::record::formats::{Format, SavedResult};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, autoplay.run_if(in_state(Overlay::Replay)));
}

fn autoplay(time: Res<Time<Real>>, replay: Option<ResMut<Replay>>) {
    if let Some(mut replay) = replay
        && replay.playing
    {
        replay.tick(time.delta_secs());
    }
}

/// What the side panel asks for.
#[derive(Default)]
struct Actions {
    close: bool,
    branch: bool,
    copy: Option<Format>,
    save: Option<Format>,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn show(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    replay: Option<ResMut<Replay>>,
    mut m: ResMut<Match>,
    files: Res<GameFiles>,
    mut next: ResMut<NextState<Overlay>>,
    back: Res<ReplayReturn>,
    mut flash: ResMut<Flash>,
    time: Res<Time>,
    real: Res<Time<Real>>,
    mut commands: Commands,
) -> Result {
    let Some(mut replay) = replay else {
        // Nothing loaded (e.g. `--screen replay` alone): back to the menu.
        next.set(Overlay::Main);
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    keys(ctx, &mut replay);
    let mut actions = Actions::default();
    let full = ctx.viewport_rect();
    widgets::screen(ctx, "replay", full.width() - 32.0, |ui| {
        let side_panel = 360.0;
        let height = ui.available_height() - 8.0;
        let side = height
            .min(ui.available_width() - side_panel - 24.0)
            .max(200.0);
        ui.horizontal_top(|ui| {
            let marks = BoardMarks {
                numbers: settings.move_numbers,
                coordinates: settings.coordinates,
            };
            widgets::board(ui, replay.position(), side, &marks);
            ui.add_space(12.0);
            ui.vertical(|ui| {
                ui.set_width(side_panel);
                // The full height, so the move list has room even when a
                // narrow window makes the board small.
                ui.set_max_height(height);
                panel(ui, lang, &mut replay, &mut actions);
            });
        });
    });
    let now = real.elapsed_secs_f64();
    if let Some(format) = actions.copy {
        ctx.copy_text(replay.export(format));
        flash.show(t(lang, "replay.copied"), false, now);
    }
    if let Some(format) = actions.save {
        match &files.storage {
            Some(storage) => {
                let path = storage::fresh_name(&storage.saves_dir(), "game", format.extension());
                match storage::save_file(&path, &replay.record) {
                    Ok(()) => flash.show(tf(lang, "replay.saved", &[&path.display()]), false, now),
                    Err(e) => flash.show(tf(lang, "replay.save_failed", &[&e]), true, now),
                }
            }
            None => flash.show(t(lang, "settings.not_stored"), true, now),
        }
    }
    if actions.branch {
        let settings_of = autosave::settings_of(&replay.record, settings.ai_level);
        let plies = replay.cursor();
        let now = time.elapsed_secs_f64();
        match autosave::start_from_record(
            &mut commands,
            &mut m,
            &replay.record,
            plies,
            settings_of,
            false,
            now,
        ) {
            Ok(()) => next.set(Overlay::None),
            Err(e) => flash.show(e, true, real.elapsed_secs_f64()),
        }
    } else if actions.close {
        replay.playing = false;
        next.set(back.0);
    }
    Ok(())
}

fn keys(ctx: &egui::Context, replay: &mut Replay) {
    // No text fields on this screen, so the keys are always the viewer's
    // (egui also reports "wants keyboard" when a clicked button has focus).
    ctx.input(|i| {
        if i.key_pressed(Key::ArrowLeft) {
            replay.step(-1);
        }
        if i.key_pressed(Key::ArrowRight) {
            replay.step(1);
        }
        if i.key_pressed(Key::Home) {
            replay.first();
        }
        if i.key_pressed(Key::End) {
            replay.last();
        }
        if i.key_pressed(Key::Space) {
            replay.toggle_play();
        }
    });
}

fn panel(ui: &mut egui::Ui, lang: Language, replay: &mut Replay, actions: &mut Actions) {
    ui.horizontal(|ui| {
        ui.heading(
            RichText::new(t(lang, "replay.title"))
                .size(26.0)
                .color(ACCENT),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            actions.close = ui.button(format!("← {}", t(lang, "menu.back"))).clicked();
        });
    });
    ui.label(RichText::new(&replay.source).small().weak());
    let meta = &replay.record.meta;
    let game = &replay.record.game;
    ui.label(format!(
        "{}: {}   {}: {}",
        color_name(lang, StoneColor::Black),
        player_text(lang, &meta.black),
        color_name(lang, StoneColor::White),
        player_text(lang, &meta.white)
    ));
    ui.label(format!(
        "{} · {}",
        rule_name(lang, game.rule()),
        result_text(lang, SavedResult::of(game))
    ));
    ui.separator();
    ui.label(
        RichText::new(tf(
            lang,
            "replay.position",
            &[&replay.cursor(), &replay.len()],
        ))
        .strong(),
    );
    let mut cursor = replay.cursor();
    let len = replay.len();
    ui.spacing_mut().slider_width = 300.0;
    if ui
        .add(egui::Slider::new(&mut cursor, 0..=len).show_value(false))
        .changed()
    {
        replay.playing = false;
        replay.goto(cursor);
    }
    ui.horizontal(|ui| {
        let at_start = replay.cursor() == 0;
        let at_end = replay.cursor() == len;
        if ui
            .add_enabled(!at_start, egui::Button::new("⏮"))
            .on_hover_text(t(lang, "replay.first"))
            .clicked()
        {
            replay.first();
        }
        if ui
            .add_enabled(!at_start, egui::Button::new("◀"))
            .on_hover_text(t(lang, "replay.prev"))
            .clicked()
        {
            replay.step(-1);
        }
        let play = if replay.playing {
            "replay.pause"
        } else {
            "replay.play"
        };
        if ui.button(t(lang, play)).clicked() {
            replay.toggle_play();
        }
        if ui
            .add_enabled(!at_end, egui::Button::new("▶"))
            .on_hover_text(t(lang, "replay.next"))
            .clicked()
        {
            replay.step(1);
        }
        if ui
            .add_enabled(!at_end, egui::Button::new("⏭"))
            .on_hover_text(t(lang, "replay.last"))
            .clicked()
        {
            replay.last();
        }
    });
    ui.horizontal(|ui| {
        ui.label(t(lang, "replay.speed"));
        ui.spacing_mut().slider_width = 150.0;
        ui.add(
            egui::Slider::new(&mut replay.speed, 0.5..=10.0)
                .logarithmic(true)
                .max_decimals(1),
        );
    });
    ui.label(RichText::new(t(lang, "replay.keys")).small().weak());
    ui.add_space(4.0);
    if ui
        .add_enabled(
            replay.can_branch(),
            egui::Button::new(RichText::new(t(lang, "replay.from_here")).strong()),
        )
        .clicked()
    {
        actions.branch = true;
    }
    ui.separator();
    ui.label(RichText::new(t(lang, "replay.export")).strong());
    ui.horizontal_wrapped(|ui| {
        for (format, key) in [
            (Format::MoveString, "replay.copy_moves"),
            (Format::Sgf, "replay.copy_sgf"),
            (Format::Psq, "replay.copy_psq"),
        ] {
            if ui.button(t(lang, key)).clicked() {
                actions.copy = Some(format);
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(t(lang, "replay.save_as"));
        for format in [Format::Save, Format::Sgf, Format::Psq] {
            if ui.button(format!(".{}", format.extension())).clicked() {
                actions.save = Some(format);
            }
        }
    });
    ui.separator();
    ui.label(RichText::new(t(lang, "replay.moves")).strong());
    move_list(ui, replay);
}

/// Moves in pairs, "12. H8 I9"; a click jumps there.
fn move_list(ui: &mut egui::Ui, replay: &mut Replay) {
    let moves = replay.moves().to_vec();
    let cursor = replay.cursor();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::Grid::new("replay-moves")
                .num_columns(3)
                .spacing([10.0, 2.0])
                .show(ui, |ui| {
                    for (pair, chunk) in moves.chunks(2).enumerate() {
                        ui.label(RichText::new(format!("{}.", pair + 1)).weak().monospace());
                        for (k, &p) in chunk.iter().enumerate() {
                            let ply = pair * 2 + k + 1;
                            let text = RichText::new(notation(p)).monospace();
                            let label = ui.selectable_label(ply == cursor, text);
                            if ply == cursor && replay.playing {
                                // Keep the current move in view while autoplaying.
                                label.scroll_to_me(None);
                            }
                            if label.clicked() {
                                replay.playing = false;
                                replay.goto(ply);
                            }
                        }
                        ui.end_row();
                    }
                });
        });
}
