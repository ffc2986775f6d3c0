//! The rows of choices a game is set up with, shared by the new-game
//! dialog and the LAN Host screen: the rule, the opening rule of that
//! rule's family, the first player's colour and a per-game clock.

use crate::i18n::opening as opening_text;
use crate::i18n::{Language, rule_name, t};
use crate::play::opening;
use bevy_egui::egui::{self, RichText};
use gomoku_engine::opening::OpeningRule;
use gomoku_engine::{Color as StoneColor, Rule};

/// Freestyle, Standard, Renju in a row.
pub fn rule_row(ui: &mut egui::Ui, lang: Language, rule: &mut Rule) {
    ui.horizontal(|ui| {
        for candidate in Rule::ALL {
            ui.radio_value(rule, candidate, rule_name(lang, candidate))
                .on_hover_text(t(lang, "tip.rule"));
        }
    });
}

/// The opening rules of `rule`'s family, each with its line; a choice that
/// does not fit the rule (it was just changed) falls back to Free.
pub fn opening_picker(ui: &mut egui::Ui, lang: Language, rule: Rule, chosen: &mut OpeningRule) {
    let choices = opening::choices(rule);
    if !choices.contains(chosen) {
        *chosen = OpeningRule::Free;
    }
    ui.vertical(|ui| {
        for &candidate in choices {
            ui.horizontal(|ui| {
                ui.radio_value(chosen, candidate, opening_text::rule_name(lang, candidate));
                ui.label(RichText::new(opening_text::rule_description(lang, candidate)).weak());
            });
        }
    });
}

/// "You play": Black (who moves first) or White; under an opening rule
/// the colours change hands during the opening, so the choice is the seat
/// (the first player starts with Black).
pub fn colour_row(ui: &mut egui::Ui, lang: Language, opening: OpeningRule, color: &mut StoneColor) {
    let (first, second) = seat_labels(opening);
    ui.horizontal(|ui| {
        let tip = t(lang, "tip.seat");
        ui.radio_value(color, StoneColor::Black, t(lang, first))
            .on_hover_text(tip);
        ui.radio_value(color, StoneColor::White, t(lang, second))
            .on_hover_text(tip);
    });
}

/// The keys of the colour row's two choices: the colours without an
/// opening rule, the seats with one.
pub fn seat_labels(opening: OpeningRule) -> (&'static str, &'static str) {
    match opening {
        OpeningRule::Free => ("new.black_first", "color.white"),
        _ => ("opening.seat.first", "opening.seat.second"),
    }
}

/// Minutes per player and seconds added per move.
pub fn game_clock_fields(
    ui: &mut egui::Ui,
    lang: Language,
    minutes: &mut u32,
    increment: &mut u32,
) {
    ui.horizontal(|ui| {
        ui.label(t(lang, "clock.minutes"));
        ui.add(egui::DragValue::new(minutes).range(1..=180))
            .on_hover_text(t(lang, "tip.minutes"));
        ui.label(t(lang, "clock.increment"));
        ui.add(egui::DragValue::new(increment).range(0..=120))
            .on_hover_text(t(lang, "tip.increment"));
    });
}
