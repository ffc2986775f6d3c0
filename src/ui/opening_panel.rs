//! The opening's part of the HUD: the rule, who acts and what to do in
//! words, the choices as buttons (swap or not, add two stones, the number
//! of fifth moves), the offered fifth moves, and the AI choosing. The
//! stones, offers and picks themselves are clicks on the board (its
//! allowed region is highlighted by `board::opening_marks`).

use crate::i18n::opening::{decision_text, phase_text, points_text, rule_name};
use crate::i18n::{Language, t, tf};
use crate::play::game::{BOARD_SIZE, Match, Mode, Player};
use crate::play::opening::{OpeningPlan, OpeningStep};
use crate::ui_core::colours::colours;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use gomoku_engine::opening::{Action, OpeningRule, Task};

/// What the panel reads and writes besides the match.
#[derive(SystemParam)]
pub struct OpeningPanel<'w, 's> {
    steps: MessageWriter<'w, OpeningStep>,
    plans: Query<'w, 's, &'static OpeningPlan>,
}

pub fn show(ui: &mut egui::Ui, lang: Language, m: &Match, panel: &mut OpeningPanel, now: f64) {
    let Some(opening) = m.game().opening() else {
        return;
    };
    if opening.rule() == OpeningRule::Free {
        return;
    }
    let title = tf(lang, "opening.title", &[&rule_name(lang, opening.rule())]);
    let Some(phase) = m.opening_phase().filter(|_| m.in_opening()) else {
        // Afterwards: the rule and how often the colours changed hands.
        let swaps = opening.swaps();
        let line = match swaps {
            0 => title,
            1 => format!("{title} · {}", t(lang, "opening.swapped_once")),
            n => format!("{title} · {}", tf(lang, "opening.swaps", &[&n])),
        };
        ui.label(RichText::new(line).small().weak());
        return;
    };
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(1.0, colours(ui.ctx()).accent))
        .show(ui, |ui| {
            ui.label(
                RichText::new(title)
                    .color(colours(ui.ctx()).accent)
                    .strong(),
            );
            // Against the AI the human is "you": "Your turn", not "You acts".
            let human = m.player(phase.actor_color) == Player::Human;
            let shown_as_you =
                m.settings().mode != Mode::HumanVsHuman && m.name(phase.actor_color).is_none();
            if human && shown_as_you {
                ui.label(t(lang, "opening.your_turn"));
            } else {
                let actor = m.shown_name(lang, phase.actor_color);
                ui.label(tf(lang, "opening.turn", &[&actor]));
            }
            let placed = m.game().moves().len();
            ui.label(RichText::new(phase_text(lang, &phase, placed)).strong());
            if !opening.offers().is_empty() {
                let offers = points_text(opening.offers(), BOARD_SIZE);
                ui.label(tf(lang, "opening.offered", &[&offers]));
            }
            if !human {
                if let Some(plan) = panel.plans.iter().find(|p| p.generation == m.generation()) {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        let what = t(lang, "opening.ai_choosing");
                        ui.label(format!("{what}… {:.1} s", now - plan.started_at));
                    });
                }
                return;
            }
            let mut chosen = None;
            match &phase.task {
                Task::Decide { options } => {
                    ui.horizontal_wrapped(|ui| {
                        for &decision in options {
                            let label = decision_text(lang, decision, phase.actor_color);
                            let tip = t(lang, "tip.opening_decide");
                            if ui.button(label).on_hover_text(tip).clicked() {
                                chosen = Some(Action::Decide(decision));
                            }
                        }
                    });
                }
                Task::Declare { max } => {
                    ui.horizontal_wrapped(|ui| {
                        for n in 1..=*max {
                            let tip = t(lang, "tip.opening_declare");
                            if ui.button(n.to_string()).on_hover_text(tip).clicked() {
                                chosen = Some(Action::Declare(n));
                            }
                        }
                    });
                }
                Task::Pick { .. } => {
                    ui.label(RichText::new(t(lang, "opening.pick_hint")).weak());
                }
                Task::Place { .. } | Task::Offer { .. } => {}
            }
            if let Some(action) = chosen {
                panel.steps.write(OpeningStep::human(action));
            }
        });
}
