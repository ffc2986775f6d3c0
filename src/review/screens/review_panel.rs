//! The game review screen: the board at the replay's cursor and a panel
//! beside it with the progress (and Cancel) while the review runs, then
//! the graph, the summary per player, the move at the cursor explained,
//! and the move list with its marks.

use super::PANEL_WIDTH;
use crate::board::view::HudInsets;
use crate::i18n::{Language, color_name, message_text, player_text, rule_name, t, tf};
use crate::play::game::notation;
use crate::play::replay::{Replay, ReplayCommand};
use crate::review::game_review::{GameReview, ReviewCommand, ReviewStatus, ReviewedGame};
use crate::review::graph;
use crate::settings::Settings;
use crate::ui_core::Overlay;
use crate::ui_core::colours::colours;
use crate::ui_core::widgets::{replay_keys, side_panel, title_bar};
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, RichText};
use gomoku_engine::Color as StoneColor;
use gomoku_engine::analysis::review::MoveClass;

/// What the panel asks for.
#[derive(Default)]
struct Actions {
    close: bool,
    review: Vec<ReviewCommand>,
    cursor: Vec<ReplayCommand>,
}

pub(super) fn show(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    replay: Option<Res<Replay>>,
    review: Res<GameReview>,
    mut insets: ResMut<HudInsets>,
    mut review_out: MessageWriter<ReviewCommand>,
    mut cursor_out: MessageWriter<ReplayCommand>,
    mut next: ResMut<NextState<Overlay>>,
) -> Result {
    let Some(replay) = replay else {
        next.set(Overlay::Main);
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut actions = Actions::default();
    replay_keys(ctx, &mut actions.cursor);
    side_panel(ctx, "review", PANEL_WIDTH, &mut insets, |ui| {
        panel(ui, lang, &replay, &review, &mut actions);
    });
    review_out.write_batch(actions.review);
    cursor_out.write_batch(actions.cursor);
    if actions.close {
        next.set(Overlay::Replay);
    }
    Ok(())
}

fn panel(
    ui: &mut egui::Ui,
    lang: Language,
    replay: &Replay,
    review: &GameReview,
    actions: &mut Actions,
) {
    actions.close = title_bar(ui, lang, t(lang, "review.title"));
    let meta = &replay.record.meta;
    ui.label(format!(
        "{}: {}   {}: {}   · {}",
        color_name(lang, StoneColor::Black),
        player_text(lang, &meta.black),
        color_name(lang, StoneColor::White),
        player_text(lang, &meta.white),
        rule_name(lang, replay.record.game.rule()),
    ));
    ui.separator();
    let status = if review.is_of(&replay.record.game) {
        &review.status
    } else {
        &ReviewStatus::Idle
    };
    match status {
        ReviewStatus::Idle => {
            if ui
                .button(RichText::new(t(lang, "review.start")).strong())
                .on_hover_text(t(lang, "review.start_tip"))
                .clicked()
            {
                actions.review.push(ReviewCommand::ReviewReplay);
            }
        }
        ReviewStatus::Running { done, total } => {
            let fraction = if *total == 0 {
                0.0
            } else {
                *done as f32 / *total as f32
            };
            ui.add(
                egui::ProgressBar::new(fraction)
                    .text(tf(lang, "review.running", &[done, total]))
                    .animate(true),
            );
            if ui
                .button(t(lang, "review.cancel"))
                .on_hover_text(t(lang, "review.cancel_tip"))
                .clicked()
            {
                actions.review.push(ReviewCommand::Cancel);
            }
        }
        ReviewStatus::Cancelling => {
            ui.label(t(lang, "review.stopping"));
        }
        ReviewStatus::Cancelled => {
            ui.label(t(lang, "review.cancelled"));
            if ui
                .button(t(lang, "review.again"))
                .on_hover_text(t(lang, "review.start_tip"))
                .clicked()
            {
                actions.review.push(ReviewCommand::ReviewReplay);
            }
        }
        ReviewStatus::Done(reviewed) => done(ui, lang, replay, reviewed, actions),
    }
}

fn done(
    ui: &mut egui::Ui,
    lang: Language,
    replay: &Replay,
    reviewed: &ReviewedGame,
    actions: &mut Actions,
) {
    ui.label(RichText::new(t(lang, "review.graph")).small().weak());
    if let Some(show) = graph::show(ui, lang, &reviewed.points, replay.moves(), replay.cursor()) {
        actions.review.push(ReviewCommand::Show(show));
    }
    legend(ui, lang);
    let r = &reviewed.review;
    ui.label(RichText::new(message_text(lang, &r.decided_message())).strong());
    for color in [StoneColor::Black, StoneColor::White] {
        let summary: Vec<String> = r
            .player(color)
            .messages()
            .iter()
            .map(|m| message_text(lang, m))
            .collect();
        ui.label(format!(
            "{}: {}",
            color_name(lang, color),
            summary.join(t(lang, "review.list_separator"))
        ));
    }
    let missed = r.moves.iter().filter(|m| m.missed_win.is_some()).count();
    if missed > 0 {
        ui.label(
            RichText::new(tf(lang, "review.became_puzzles", &[&missed]))
                .small()
                .weak(),
        );
    }
    ui.separator();
    position(ui, lang, replay, reviewed, actions);
    ui.separator();
    move_list(ui, lang, replay, reviewed, actions);
}

fn legend(ui: &mut egui::Ui, lang: Language) {
    ui.horizontal_wrapped(|ui| {
        let palette = colours(ui.ctx());
        for (color, key) in [
            (palette.blunder, "review.legend_blunder"),
            (palette.mistake, "review.legend_mistake"),
            (palette.missed_win, "review.legend_missed"),
        ] {
            ui.label(RichText::new(t(lang, key)).small().color(color));
        }
    });
}

/// Where the board is, and what the engine thought of the move that led
/// there (or, before a missed win, the win).
fn position(
    ui: &mut egui::Ui,
    lang: Language,
    replay: &Replay,
    reviewed: &ReviewedGame,
    actions: &mut Actions,
) {
    let cursor = replay.cursor();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(cursor > 0, egui::Button::new("◀"))
            .on_hover_text("←")
            .clicked()
        {
            actions.cursor.push(ReplayCommand::Step(-1));
        }
        ui.label(RichText::new(tf(lang, "replay.position", &[&cursor, &replay.len()])).strong());
        if ui
            .add_enabled(cursor < replay.len(), egui::Button::new("▶"))
            .on_hover_text("→")
            .clicked()
        {
            actions.cursor.push(ReplayCommand::Step(1));
        }
    });
    if let Some((mover, line)) = reviewed.missed_win_at(cursor) {
        let moves: Vec<String> = line.iter().map(|&p| notation(p)).collect();
        ui.label(
            RichText::new(tf(
                lang,
                "review.win_shown",
                &[&color_name(lang, mover), &moves.join(" ")],
            ))
            .color(colours(ui.ctx()).missed_win),
        );
    }
    let Some(m) = cursor
        .checked_sub(1)
        .and_then(|ply| reviewed.review.moves.get(ply))
    else {
        return;
    };
    let verdict = match m.class {
        MoveClass::Blunder => Some(("review.blunder", colours(ui.ctx()).blunder)),
        MoveClass::Mistake => Some(("review.mistake", colours(ui.ctx()).mistake)),
        MoveClass::Good => None,
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(tf(
            lang,
            "review.move",
            &[&(m.ply + 1), &notation(m.point), &color_name(lang, m.color)],
        ));
        if let Some((key, color)) = verdict {
            ui.label(RichText::new(t(lang, key)).strong().color(color));
        }
    });
    if verdict.is_some()
        && let Some(best) = m.best.filter(|&b| b != m.point)
    {
        ui.label(tf(lang, "review.best_was", &[&notation(best)]));
    }
    if let Some(win) = &m.missed_win {
        let key = if win.by_fours {
            "review.missed_vcf"
        } else {
            "review.missed_vct"
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(t(lang, key)).color(colours(ui.ctx()).missed_win));
            if ui
                .button(t(lang, "review.show_win"))
                .on_hover_text(t(lang, "review.show_win_tip"))
                .clicked()
            {
                actions.review.push(ReviewCommand::Show(m.ply));
            }
        });
    }
}

/// Moves in pairs with their marks; a click shows the position after it.
fn move_list(
    ui: &mut egui::Ui,
    lang: Language,
    replay: &Replay,
    reviewed: &ReviewedGame,
    actions: &mut Actions,
) {
    let cursor = replay.cursor();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::Grid::new("review-moves")
                .num_columns(3)
                .spacing([10.0, 2.0])
                .show(ui, |ui| {
                    for (pair, chunk) in replay.moves().chunks(2).enumerate() {
                        ui.label(RichText::new(format!("{}.", pair + 1)).weak().monospace());
                        for (k, &p) in chunk.iter().enumerate() {
                            let ply = pair * 2 + k;
                            let mark = reviewed.points.get(ply).map(|g| g.mark);
                            let symbol = mark.map(|m| m.symbol()).unwrap_or_default();
                            let mut text =
                                RichText::new(format!("{}{symbol}", notation(p))).monospace();
                            if let Some(color) =
                                mark.and_then(|m| graph::mark_color(&colours(ui.ctx()), &m))
                            {
                                text = text.color(color).strong();
                            }
                            if mark.is_some_and(|m| m.decided) {
                                text = text.underline();
                            }
                            let label = ui.selectable_label(ply + 1 == cursor, text);
                            if label.on_hover_text(t(lang, "tip.goto_move")).clicked() {
                                actions.review.push(ReviewCommand::Show(ply + 1));
                            }
                        }
                        ui.end_row();
                    }
                });
        });
}
