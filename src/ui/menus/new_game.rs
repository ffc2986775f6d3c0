//! The new-game dialog: mode, your colour, the players' names, rule,
//! forbidden-move policy, AI level (with a line about each), clocks. The
//! choices become the defaults for next time.

use crate::i18n::{Language, color_name, level_description, level_name, t, tf};
use crate::play::clock::GameClock;
use crate::play::game::{GameCommand, Match, MatchSettings, Mode, Player};
use crate::settings::Settings;
use crate::ui_core::colours::colours;
use crate::ui_core::widgets;
use crate::ui_core::{Overlay, pickers};
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, RichText};
use gomoku_engine::record::formats::TimeControl;
use gomoku_engine::search::Level;
use gomoku_engine::{Color as StoneColor, ForbiddenPolicy, Rule};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ClockKind {
    None,
    PerGame,
    PerMove,
}

/// The clock choice in editable units.
#[derive(Clone, Copy, Debug)]
struct ClockDraft {
    kind: ClockKind,
    minutes: u32,
    increment_secs: u32,
    move_secs: u32,
}

impl ClockDraft {
    fn from_control(control: Option<&TimeControl>) -> ClockDraft {
        let mut draft = ClockDraft {
            kind: ClockKind::None,
            minutes: 10,
            increment_secs: 5,
            move_secs: 30,
        };
        match control {
            Some(TimeControl::PerGame {
                total_ms,
                increment_ms,
            }) => {
                draft.kind = ClockKind::PerGame;
                draft.minutes = (*total_ms / 60_000).max(1) as u32;
                draft.increment_secs = (*increment_ms / 1000) as u32;
            }
            Some(TimeControl::PerMove { move_ms }) => {
                draft.kind = ClockKind::PerMove;
                draft.move_secs = (*move_ms / 1000).max(1) as u32;
            }
            None => {}
        }
        draft
    }

    fn control(&self) -> Option<TimeControl> {
        match self.kind {
            ClockKind::None => None,
            ClockKind::PerGame => Some(TimeControl::PerGame {
                total_ms: u64::from(self.minutes.max(1)) * 60_000,
                increment_ms: u64::from(self.increment_secs) * 1000,
            }),
            ClockKind::PerMove => Some(TimeControl::PerMove {
                move_ms: u64::from(self.move_secs.max(1)) * 1000,
            }),
        }
    }
}

/// Where Cancel goes: the board when the dialog came from the HUD, the
/// main menu otherwise.
#[derive(Resource, Clone, Copy, Debug)]
pub struct CancelTo(pub Overlay);

impl Default for CancelTo {
    fn default() -> Self {
        CancelTo(Overlay::Main)
    }
}

pub(super) struct Draft {
    settings: MatchSettings,
    clock: ClockDraft,
}

pub(super) fn show(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    m: Res<Match>,
    mut draft: Local<Option<Draft>>,
    mut next: ResMut<NextState<Overlay>>,
    mut cancel_to: ResMut<CancelTo>,
    mut commands_out: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let d = draft.get_or_insert_with(|| Draft {
        settings: MatchSettings {
            mode: m.settings().mode,
            human_color: m.settings().human_color,
            rule: settings.rule,
            level: settings.ai_level,
            policy: settings.policy,
            names: settings.player_names.clone(),
            opening: settings.opening,
        },
        clock: ClockDraft::from_control(settings.time_control.as_ref()),
    });
    let mut start = false;
    let mut back = false;
    widgets::screen(ctx, "new-game", 620.0, |ui| {
        back = widgets::title_bar(ui, lang, t(lang, "new.title"));
        form(ui, lang, d);
        ui.add_space(16.0);
        ui.horizontal(|ui| {
            start = ui
                .add_sized(
                    [160.0, 40.0],
                    egui::Button::new(RichText::new(t(lang, "new.start")).size(19.0).strong()),
                )
                .clicked();
            back |= ui
                .add_sized([120.0, 40.0], egui::Button::new(t(lang, "new.cancel")))
                .clicked();
        });
    });
    if start {
        let control = d.clock.control();
        // Remember the choices as the defaults of the next game.
        settings.rule = d.settings.rule;
        settings.ai_level = d.settings.level;
        settings.policy = d.settings.policy;
        settings.opening = d.settings.opening;
        settings.time_control = control.clone();
        settings.player_names = d.settings.names.clone();
        commands_out.write(GameCommand::NewGame(
            d.settings.clone(),
            Some(GameClock::new(control)),
        ));
        next.set(Overlay::None);
    } else if back {
        next.set(cancel_to.0);
    }
    if start || back {
        cancel_to.0 = Overlay::Main;
    }
    if start || back {
        *draft = None;
    }
    Ok(())
}

fn form(ui: &mut egui::Ui, lang: Language, d: &mut Draft) {
    let s = &mut d.settings;
    egui::Grid::new("new-game-form")
        .num_columns(2)
        .spacing([18.0, 12.0])
        .show(ui, |ui| {
            ui.label(t(lang, "new.mode"));
            ui.horizontal(|ui| {
                for (mode, key) in [
                    (Mode::HumanVsAi, "mode.pve"),
                    (Mode::HumanVsHuman, "mode.pvp"),
                    (Mode::AiVsAi, "mode.ave"),
                ] {
                    ui.radio_value(&mut s.mode, mode, t(lang, key))
                        .on_hover_text(t(lang, "tip.mode"));
                }
            });
            ui.end_row();
            if s.mode == Mode::HumanVsAi {
                ui.label(t(lang, "new.you_play"));
                pickers::colour_row(ui, lang, s.opening, &mut s.human_color);
                ui.end_row();
            }
            for color in [StoneColor::Black, StoneColor::White] {
                if s.player(color) != Player::Human {
                    continue;
                }
                let default_name = s.shown_name(lang, color);
                ui.label(tf(lang, "new.name", &[&color_name(lang, color)]));
                ui.add(
                    egui::TextEdit::singleline(&mut s.names[color.index()])
                        .hint_text(default_name)
                        .char_limit(24)
                        .desired_width(220.0),
                )
                .on_hover_text(t(lang, "new.name_hint"));
                ui.end_row();
            }
            ui.label(t(lang, "new.rule"));
            pickers::rule_row(ui, lang, &mut s.rule);
            ui.end_row();
            ui.label(t(lang, "new.opening"));
            pickers::opening_picker(ui, lang, s.rule, &mut s.opening);
            ui.end_row();
            if s.rule == Rule::Renju {
                ui.label(t(lang, "new.policy"));
                ui.horizontal(|ui| {
                    let tip = t(lang, "tip.policy");
                    ui.radio_value(
                        &mut s.policy,
                        ForbiddenPolicy::Refuse,
                        t(lang, "policy.refuse"),
                    )
                    .on_hover_text(tip);
                    ui.radio_value(&mut s.policy, ForbiddenPolicy::Lose, t(lang, "policy.lose"))
                        .on_hover_text(tip);
                });
                ui.end_row();
            }
            if s.mode != Mode::HumanVsHuman {
                ui.label(t(lang, "new.level"));
                level_picker(ui, lang, &mut s.level);
                ui.end_row();
            }
            ui.label(t(lang, "new.clock"));
            clock_picker(ui, lang, &mut d.clock);
            ui.end_row();
        });
}

/// Every level with its one-line description; the chosen one highlighted.
pub(super) fn level_picker(ui: &mut egui::Ui, lang: Language, level: &mut Level) {
    ui.vertical(|ui| {
        for candidate in Level::ALL {
            let chosen = *level == candidate;
            let name = RichText::new(level_name(lang, candidate)).strong();
            let name = if chosen {
                name.color(colours(ui.ctx()).accent)
            } else {
                name
            };
            ui.horizontal(|ui| {
                if ui.radio(chosen, name).clicked() {
                    *level = candidate;
                }
                ui.label(RichText::new(level_description(lang, candidate)).weak());
            });
        }
    });
}

fn clock_picker(ui: &mut egui::Ui, lang: Language, c: &mut ClockDraft) {
    ui.vertical(|ui| {
        ui.horizontal(|ui| {
            for (kind, key) in [
                (ClockKind::None, "clock.none"),
                (ClockKind::PerGame, "clock.per_game"),
                (ClockKind::PerMove, "clock.per_move"),
            ] {
                ui.radio_value(&mut c.kind, kind, t(lang, key))
                    .on_hover_text(t(lang, "tip.clock"));
            }
        });
        match c.kind {
            ClockKind::None => {}
            ClockKind::PerGame => {
                pickers::game_clock_fields(ui, lang, &mut c.minutes, &mut c.increment_secs);
            }
            ClockKind::PerMove => {
                ui.horizontal(|ui| {
                    ui.label(t(lang, "clock.move_secs"));
                    ui.add(egui::DragValue::new(&mut c.move_secs).range(1..=600))
                        .on_hover_text(t(lang, "tip.move_secs"));
                });
            }
        }
    });
}
