//! The puzzles screen: the puzzle on the board (click to play, the AI
//! defends), what happened, the counts, and the two lists: the wins missed
//! in the player's games and the built-in set.

use super::PANEL_WIDTH;
use crate::board::view::{BoardCamera, HudInsets, world_to_point};
use crate::i18n::{Language, color_name, rule_name, t, tf};
use crate::play::game::notation;
use crate::review::puzzles::{PuzzleCommand, PuzzleRef, Puzzles, Try};
use crate::settings::Settings;
use crate::ui_core::Overlay;
use crate::ui_core::colours::colours;
use crate::ui_core::widgets::{side_panel, title_bar};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32, RichText};
use gomoku_engine::analysis::puzzles::{Failure, Outcome, Puzzle, PuzzleKind, PuzzleSource};

pub(super) fn show(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    puzzles: Res<Puzzles>,
    mut insets: ResMut<HudInsets>,
    mut out: MessageWriter<PuzzleCommand>,
    mut next: ResMut<NextState<Overlay>>,
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut commands = Vec::new();
    let mut close = false;
    let panel = side_panel(ctx, "puzzles", PANEL_WIDTH, &mut insets, |ui| {
        close = panel(ui, lang, &puzzles, &mut commands);
    });
    // A click on the board beside the panel is the attacker's move.
    let (camera, transform) = *camera;
    if buttons.just_pressed(MouseButton::Left)
        && let Some(cursor) = window.cursor_position()
        && cursor.x < panel.left()
        && let Some(point) = camera
            .viewport_to_world_2d(transform, cursor)
            .ok()
            .and_then(world_to_point)
    {
        commands.push(PuzzleCommand::Play(point));
    }
    out.write_batch(commands);
    if close {
        next.set(Overlay::Main);
    }
    Ok(())
}

/// The panel; true when Back was clicked.
fn panel(
    ui: &mut egui::Ui,
    lang: Language,
    puzzles: &Puzzles,
    out: &mut Vec<PuzzleCommand>,
) -> bool {
    let close = title_bar(ui, lang, t(lang, "puzzle.title"));
    let stats = puzzles.file.stats;
    ui.label(RichText::new(tf(lang, "puzzle.counts", &[&stats.solved, &stats.failed])).strong());
    if let Some(warning) = &puzzles.warning {
        ui.label(
            RichText::new(warning)
                .small()
                .color(colours(ui.ctx()).warning),
        );
    }
    ui.separator();
    let order = play_order(puzzles);
    if let Some(current) = &puzzles.current {
        try_view(ui, lang, current);
        let next = order
            .iter()
            .position(|&r| r == current.which)
            .and_then(|i| order.get(i + 1));
        ui.horizontal(|ui| {
            if ui
                .button(t(lang, "puzzle.retry"))
                .on_hover_text(t(lang, "puzzle.retry_tip"))
                .clicked()
            {
                out.push(PuzzleCommand::Retry);
            }
            if ui
                .add_enabled(
                    current.is_over() && !current.showing_solution,
                    egui::Button::new(t(lang, "puzzle.show_solution")),
                )
                .on_hover_text(t(lang, "puzzle.show_solution_tip"))
                .clicked()
            {
                out.push(PuzzleCommand::ShowSolution);
            }
            if let Some(&next) = next
                && ui
                    .button(t(lang, "puzzle.next"))
                    .on_hover_text(t(lang, "puzzle.next_tip"))
                    .clicked()
            {
                out.push(PuzzleCommand::Open(next));
            }
        });
        ui.separator();
    }
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| lists(ui, lang, puzzles, out));
    close
}

/// The puzzles in the order Next goes through them: the player's own
/// first, newest first, then the built-in set, shortest first.
fn play_order(puzzles: &Puzzles) -> Vec<PuzzleRef> {
    puzzles
        .from_games()
        .into_iter()
        .map(|(i, _)| PuzzleRef::FromGames(i))
        .chain((0..puzzles.built_in.len()).map(PuzzleRef::BuiltIn))
        .collect()
}

fn task(lang: Language, puzzle: &Puzzle) -> String {
    let key = match puzzle.kind {
        PuzzleKind::Vcf => "puzzle.task_vcf",
        PuzzleKind::Vct => "puzzle.task_vct",
    };
    tf(
        lang,
        key,
        &[&color_name(lang, puzzle.attacker), &puzzle.solution_moves()],
    )
}

fn try_view(ui: &mut egui::Ui, lang: Language, current: &Try) {
    let puzzle = &current.puzzle;
    ui.label(RichText::new(task(lang, puzzle)).strong().size(17.0));
    let source = match &puzzle.source {
        PuzzleSource::MissedWin { move_number } => tf(lang, "puzzle.from_game_at", &[move_number]),
        PuzzleSource::BuiltIn(origin) => origin.clone(),
    };
    ui.label(
        RichText::new(format!("{} · {source}", rule_name(lang, puzzle.rule)))
            .small()
            .weak(),
    );
    if current.showing_solution {
        let line: Vec<String> = puzzle.solution.iter().map(|&p| notation(p)).collect();
        ui.label(tf(lang, "puzzle.solution", &[&line.join(" ")]));
        return;
    }
    if current.is_thinking() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(t(lang, "puzzle.defending"));
        });
        return;
    }
    if let Some(p) = current.refused {
        ui.label(
            RichText::new(tf(lang, "puzzle.refused", &[&notation(p)]))
                .color(colours(ui.ctx()).warning),
        );
    }
    match current.outcome {
        None => {
            ui.label(t(lang, "puzzle.click"));
        }
        Some(Outcome::Defended(reply)) => {
            ui.label(tf(lang, "puzzle.defended", &[&notation(reply)]));
        }
        Some(Outcome::Solved) => {
            ui.label(
                RichText::new(t(lang, "puzzle.solved"))
                    .strong()
                    .size(18.0)
                    .color(colours(ui.ctx()).good),
            );
        }
        Some(Outcome::Failed(why, _)) => {
            let reason = match why {
                Failure::NotAThreat => "puzzle.not_a_threat",
                Failure::WinLost => "puzzle.win_lost",
                Failure::TooLong => "puzzle.too_long",
                Failure::DefenderWon => "puzzle.defender_won",
            };
            ui.label(
                RichText::new(t(lang, "puzzle.failed"))
                    .strong()
                    .size(18.0)
                    .color(colours(ui.ctx()).warning),
            );
            ui.label(t(lang, reason));
        }
    }
}

fn lists(ui: &mut egui::Ui, lang: Language, puzzles: &Puzzles, out: &mut Vec<PuzzleCommand>) {
    let current = puzzles.current.as_ref().map(|c| c.which);
    let own = puzzles.from_games();
    ui.label(
        RichText::new(tf(lang, "puzzle.own", &[&own.len()]))
            .strong()
            .color(colours(ui.ctx()).accent),
    );
    if own.is_empty() {
        ui.label(RichText::new(t(lang, "puzzle.own_empty")).small().weak());
    }
    for (i, puzzle) in &own {
        let which = PuzzleRef::FromGames(*i);
        let PuzzleSource::MissedWin { move_number } = puzzle.source else {
            continue;
        };
        let title = tf(lang, "puzzle.own_row", &[&move_number]);
        row(ui, lang, puzzles, puzzle, which, current, title, out);
    }
    ui.add_space(8.0);
    ui.label(
        RichText::new(tf(lang, "puzzle.built_in", &[&puzzles.built_in.len()]))
            .strong()
            .color(colours(ui.ctx()).accent),
    );
    for (i, puzzle) in puzzles.built_in.iter().enumerate() {
        let title = format!("{}.", i + 1);
        row(
            ui,
            lang,
            puzzles,
            puzzle,
            PuzzleRef::BuiltIn(i),
            current,
            title,
            out,
        );
    }
}

/// One puzzle of a list: its title, kind and length, and ✓ or ✗ for the
/// last try; a click opens it.
fn row(
    ui: &mut egui::Ui,
    lang: Language,
    puzzles: &Puzzles,
    puzzle: &Puzzle,
    which: PuzzleRef,
    current: Option<PuzzleRef>,
    title: String,
    out: &mut Vec<PuzzleCommand>,
) {
    let kind = match puzzle.kind {
        PuzzleKind::Vcf => "VCF",
        PuzzleKind::Vct => "VCT",
    };
    let length = tf(lang, "puzzle.length", &[&puzzle.solution_moves()]);
    let (mark, color) = match puzzles.result(puzzle) {
        Some(true) => ("✓", colours(ui.ctx()).good),
        Some(false) => ("✗", colours(ui.ctx()).warning),
        None => ("", Color32::GRAY),
    };
    ui.horizontal(|ui| {
        let text = format!("{title} {kind} · {length}");
        let label = ui.selectable_label(current == Some(which), text);
        if label.on_hover_text(t(lang, "tip.puzzle_open")).clicked() {
            out.push(PuzzleCommand::Open(which));
        }
        ui.label(RichText::new(mark).strong().color(color));
    });
}
