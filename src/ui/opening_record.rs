//! The opening's record in words for the replay viewer: who (first or
//! second player) placed which stone, swapped or kept, declared, offered
//! and picked, in order. A stone's line jumps to that move.

use crate::i18n::opening::{decision_text, rule_name};
use crate::i18n::{Language, t, tf};
use crate::play::game::notation;
use crate::play::replay::ReplayCommand;
use bevy_egui::egui::{self, RichText};
use gomoku_engine::Game;
use gomoku_engine::opening::{Action, Opening, OpeningRule, Seat};

/// One action of the opening, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordLine {
    pub text: String,
    /// The moves on the board once a stone's action is done.
    pub ply: Option<usize>,
}

/// The opening actions of `game` in words; empty without an opening rule.
pub fn lines(lang: Language, game: &Game) -> Vec<RecordLine> {
    let Some(recorded) = game.opening() else {
        return Vec::new();
    };
    let Ok(mut opening) = Opening::new(recorded.rule(), game.size()) else {
        return Vec::new();
    };
    let mut board = Game::new(game.rule(), game.size())
        .expect("the game's size is valid")
        .with_policy(game.policy());
    let mut out = Vec::new();
    for &action in recorded.actions() {
        let Some(phase) = opening.phase() else { break };
        if opening.apply(&mut board, action).is_err() {
            // The save reader replayed it already; stop rather than guess.
            break;
        }
        let seat = t(
            lang,
            match phase.actor {
                Seat::First => "opening.seat.first",
                Seat::Second => "opening.seat.second",
            },
        );
        let ply = board.moves().len();
        let (what, ply) = match action {
            Action::Place(p) => (format!("{ply}. {}", notation(p)), Some(ply)),
            Action::Decide(d) => (decision_text(lang, d, phase.actor_color).to_string(), None),
            Action::Declare(n) => (tf(lang, "opening.record.declare", &[&n]), None),
            Action::Offer(p) => (tf(lang, "opening.record.offer", &[&notation(p)]), None),
            Action::Pick(p) => (
                tf(
                    lang,
                    "opening.record.pick",
                    &[&format!("{ply}. {}", notation(p))],
                ),
                Some(ply),
            ),
        };
        out.push(RecordLine {
            text: format!("{seat}: {what}"),
            ply,
        });
    }
    out
}

/// The opening section of the replay panel (nothing for a free opening).
pub fn show(ui: &mut egui::Ui, lang: Language, game: &Game, cursor: &mut Vec<ReplayCommand>) {
    let Some(rule) = game.opening().map(Opening::rule) else {
        return;
    };
    if rule == OpeningRule::Free {
        return;
    }
    egui::CollapsingHeader::new(tf(lang, "opening.title", &[&rule_name(lang, rule)]))
        .id_salt("replay-opening")
        .default_open(true)
        .show(ui, |ui| {
            for line in lines(lang, game) {
                let text = RichText::new(line.text).small();
                match line.ply {
                    Some(ply) => {
                        let label = ui.selectable_label(false, text);
                        if label.on_hover_text(t(lang, "tip.goto_move")).clicked() {
                            cursor.push(ReplayCommand::Goto(ply));
                        }
                    }
                    None => {
                        ui.label(text.weak());
                    }
                }
            }
        });
}
