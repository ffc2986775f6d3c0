//! Statistics: the human's wins, draws and losses against the AI per level
//! and against network opponents, per rule, and the past games, which open
//! in the replay viewer.

use super::saved_games::short_date;
use crate::i18n::{Language, color_name, rule_name, stored_level_name, t, tf};
use crate::persistence::autosave::GameFiles;
use crate::persistence::{Opponent, Outcome, PastGame, Statistics, Tally};
use crate::play::replay::OpenFile;
use crate::settings::Settings;
use crate::ui_core::Overlay;
use crate::ui_core::colours::colours;
use crate::ui_core::sections::FileButtons;
use crate::ui_core::widgets;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, RichText};
use gomoku_engine::Color as StoneColor;

#[derive(Resource, Default)]
pub(super) struct Computed(Statistics);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Computed>()
        .add_systems(OnEnter(Overlay::Statistics), refresh);
}

fn refresh(files: Res<GameFiles>, mut stats: ResMut<Computed>) {
    stats.0 = files
        .storage
        .as_ref()
        .map(|s| s.statistics())
        .unwrap_or_default();
}

fn tally_cells(ui: &mut egui::Ui, tally: Tally) {
    ui.label(RichText::new(tally.wins.to_string()).color(colours(ui.ctx()).good));
    ui.label(tally.draws.to_string());
    ui.label(RichText::new(tally.losses.to_string()).color(colours(ui.ctx()).warning));
}

pub(super) fn show(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    stats: Res<Computed>,
    mut open: MessageWriter<OpenFile>,
    mut next: ResMut<NextState<Overlay>>,
    mut file_buttons: FileButtons,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let stats = &stats.0;
    let mut back = false;
    widgets::screen(ctx, "statistics", 820.0, |ui| {
        back = widgets::title_bar(ui, lang, t(lang, "stats.title"));
        if stats.games.is_empty() {
            ui.label(t(lang, "stats.empty"));
        } else {
            tallies(ui, lang, stats);
            if stats.assisted > 0 {
                ui.label(
                    RichText::new(tf(lang, "analysis.stats_assisted", &[&stats.assisted])).weak(),
                );
            }
            ui.add_space(12.0);
            ui.label(
                RichText::new(t(lang, "stats.past"))
                    .strong()
                    .size(18.0)
                    .color(colours(ui.ctx()).accent),
            );
            past_games(ui, lang, stats, &mut open, &mut file_buttons);
        }
        if stats.unreadable > 0 {
            ui.label(
                RichText::new(tf(lang, "stats.unreadable", &[&stats.unreadable]))
                    .color(colours(ui.ctx()).warning),
            );
        }
    });
    if back {
        next.set(Overlay::Main);
    }
    Ok(())
}

fn tallies(ui: &mut egui::Ui, lang: Language, stats: &Statistics) {
    egui::Grid::new("stats-tallies")
        .num_columns(5)
        .striped(true)
        .spacing([24.0, 8.0])
        .show(ui, |ui| {
            widgets::header_cells(
                ui,
                lang,
                &[
                    "col.opponent",
                    "col.rule",
                    "stats.wins",
                    "stats.draws",
                    "stats.losses",
                ],
            );
            ui.end_row();
            for (opponent, rule, tally) in stats.rows() {
                ui.label(opponent_text(lang, opponent));
                ui.label(rule_name(lang, rule));
                tally_cells(ui, tally);
                ui.end_row();
            }
            ui.label(RichText::new(t(lang, "stats.total")).strong());
            ui.label("");
            tally_cells(ui, stats.total());
            ui.end_row();
        });
}

fn past_games(
    ui: &mut egui::Ui,
    lang: Language,
    stats: &Statistics,
    open: &mut MessageWriter<OpenFile>,
    file_buttons: &mut FileButtons,
) {
    egui::Grid::new("stats-games")
        .num_columns(7)
        .striped(true)
        .spacing([18.0, 6.0])
        .show(ui, |ui| {
            widgets::header_cells(
                ui,
                lang,
                &[
                    "col.date",
                    "col.opponent",
                    "col.rule",
                    "new.you_play",
                    "col.result",
                    "col.moves",
                ],
            );
            ui.end_row();
            for game in &stats.games {
                let date = short_date(&game.summary.date);
                if ui
                    .link(if date.is_empty() {
                        "—".to_string()
                    } else {
                        date
                    })
                    .clicked()
                {
                    open.write(OpenFile(game.summary.path.clone()));
                }
                ui.label(past_opponent_text(lang, game));
                ui.label(rule_name(lang, game.summary.rule));
                ui.label(color_name(lang, game.human));
                let (key, color) = match game.outcome {
                    Outcome::Win => ("outcome.win", colours(ui.ctx()).good),
                    Outcome::Draw => ("outcome.draw", ui.visuals().text_color()),
                    Outcome::Loss => ("outcome.loss", colours(ui.ctx()).warning),
                };
                ui.horizontal(|ui| {
                    ui.label(RichText::new(t(lang, key)).color(color));
                    if game.summary.assisted {
                        ui.label(RichText::new(t(lang, "analysis.assisted")).weak().italics())
                            .on_hover_text(t(lang, "analysis.assisted_tip"));
                    }
                });
                ui.label(game.summary.moves.to_string());
                ui.horizontal(|ui| file_buttons.show(ui, lang, &game.summary.path));
                ui.end_row();
            }
        });
}

/// An AI level's name, or "Network player".
fn opponent_text(lang: Language, opponent: &Opponent) -> String {
    match opponent {
        Opponent::Ai(level) => stored_level_name(lang, level),
        Opponent::Network => t(lang, "stats.network").to_string(),
    }
}

/// The opponent of a past game: the AI's level, the network player's name.
fn past_opponent_text(lang: Language, game: &PastGame) -> String {
    let them = match game.human {
        StoneColor::Black => &game.summary.white,
        StoneColor::White => &game.summary.black,
    };
    match game.opponent {
        Opponent::Network if !them.name.trim().is_empty() => {
            format!(
                "{} · {}",
                opponent_text(lang, &game.opponent),
                them.name.trim()
            )
        }
        _ => opponent_text(lang, &game.opponent),
    }
}
