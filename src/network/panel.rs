//! The network game's part of the HUD: who plays, whether the connection
//! holds, the host's clocks, the opponent's questions (undo, draw) with
//! their answers, the chat line and the way out.

use super::reasons::disconnect_text;
use super::screens::log_lines;
use super::session::Lan;
use crate::i18n::{Language, color_name, t, tf};
use crate::settings::Settings;
use crate::ui_core::colours::colours;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use gomoku_engine::Color as StoneColor;
use gomoku_net::Action;
use std::time::Instant;

/// Chat and event lines shown under the board's panel.
const SHOWN_LINES: usize = 6;

/// The section in the HUD (see `crate::ui_core::sections`).
pub fn hud_section(InMut(ui): InMut<egui::Ui>, settings: Res<Settings>, mut lan: ResMut<Lan>) {
    section(ui, settings.language, &mut lan);
}

/// Draws the section; the player's choices go to the link.
pub fn section(ui: &mut egui::Ui, lang: Language, lan: &mut Lan) {
    let snapshot = lan.snapshot.clone();
    let opponent = snapshot.opponent.clone().unwrap_or_default();
    ui.label(
        RichText::new(t(lang, "lan.title"))
            .strong()
            .color(colours(ui.ctx()).accent),
    );
    match &lan.down {
        None if snapshot.connected => {
            ui.label(
                RichText::new(tf(lang, "lan.connected", &[&opponent]))
                    .color(colours(ui.ctx()).good),
            );
        }
        None => {
            ui.label(t(lang, "lan.waiting"));
        }
        Some(why) => {
            ui.label(
                RichText::new(t(lang, "lan.paused"))
                    .strong()
                    .color(colours(ui.ctx()).warning),
            );
            ui.label(
                RichText::new(disconnect_text(lang, why))
                    .small()
                    .color(colours(ui.ctx()).warning),
            );
            if lan.is_host() {
                ui.label(RichText::new(tf(lang, "lan.host_waits", &[&opponent])).small());
            } else if ui
                .button(t(lang, "lan.reconnect"))
                .on_hover_text(t(lang, "lan.reconnect_tip"))
                .clicked()
            {
                lan.act(Action::Reconnect);
            }
        }
    }
    if let Some(clocks) = snapshot.clocks {
        let now = Instant::now();
        ui.horizontal(|ui| {
            for color in [StoneColor::Black, StoneColor::White] {
                let left = clocks.left(color, now).as_millis() as i64;
                let mut text = RichText::new(format!(
                    "{} {}",
                    color_name(lang, color),
                    crate::play::clock::format_ms(left)
                ))
                .monospace();
                if clocks.running == Some(color) {
                    text = text.strong().color(colours(ui.ctx()).accent);
                }
                ui.label(text);
            }
        });
    }
    let over = snapshot.game.is_over();
    if snapshot.undo_requested {
        question(
            ui,
            lang,
            tf(lang, "lan.undo_asked", &[&opponent]),
            |accept| {
                lan.act(Action::AnswerUndo(accept));
            },
        );
    }
    if snapshot.draw_offered {
        question(
            ui,
            lang,
            tf(lang, "lan.draw_offered", &[&opponent]),
            |accept| {
                lan.act(Action::AnswerDraw(accept));
            },
        );
    }
    if snapshot.undo_pending || snapshot.draw_pending {
        ui.label(RichText::new(tf(lang, "lan.awaiting_answer", &[&opponent])).weak());
    }
    // Nothing that needs the opponent is offered while the link is down:
    // the link would refuse it anyway.
    let (can_undo, can_offer_draw, link_up) =
        (lan.can_ask_undo(), lan.can_offer_draw(), lan.link_up());
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(can_undo, egui::Button::new(t(lang, "lan.ask_undo")))
            .on_hover_text(t(lang, "lan.ask_undo_tip"))
            .clicked()
        {
            lan.act(Action::RequestUndo);
        }
        if ui
            .add_enabled(can_offer_draw, egui::Button::new(t(lang, "lan.offer_draw")))
            .on_hover_text(t(lang, "lan.offer_draw_tip"))
            .clicked()
        {
            lan.act(Action::OfferDraw);
        }
        if over
            && lan.is_host()
            && ui
                .add_enabled(link_up, egui::Button::new(t(lang, "lan.rematch")))
                .on_hover_text(t(lang, "lan.rematch_tip"))
                .clicked()
        {
            lan.act(Action::NewGame {
                host_color: snapshot.me.opponent(),
            });
        }
    });
    let start = lan.log.len().saturating_sub(SHOWN_LINES);
    log_lines(ui, lang, &lan.log[start..]);
    let mut send = false;
    ui.horizontal(|ui| {
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut lan.chat_draft)
                    .hint_text(t(lang, "lan.chat_hint"))
                    .char_limit(gomoku_net::message::MAX_CHAT)
                    .desired_width(150.0),
            )
            .on_hover_text(t(lang, "tip.lan_chat"));
        send = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        send |= ui
            .add_enabled(link_up, egui::Button::new(t(lang, "lan.send")))
            .on_hover_text(t(lang, "lan.send_tip"))
            .clicked();
    });
    // A line typed while the link is down stays in the field until it is back.
    if send && link_up && !lan.chat_draft.trim().is_empty() {
        let text = std::mem::take(&mut lan.chat_draft);
        lan.say(text);
    }
    if ui
        .button(t(lang, "lan.leave"))
        .on_hover_text(t(lang, "lan.leave_tip"))
        .clicked()
    {
        lan.leave = true;
    }
}

/// The opponent's question with Accept and Decline.
fn question(ui: &mut egui::Ui, lang: Language, text: String, mut answer: impl FnMut(bool)) {
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(1.5, colours(ui.ctx()).accent))
        .show(ui, |ui| {
            ui.label(RichText::new(text).strong());
            ui.horizontal(|ui| {
                let accept = ui.button(t(lang, "lan.accept"));
                if accept.on_hover_text(t(lang, "tip.lan_accept")).clicked() {
                    answer(true);
                }
                let decline = ui.button(t(lang, "lan.decline"));
                if decline.on_hover_text(t(lang, "tip.lan_decline")).clicked() {
                    answer(false);
                }
            });
        });
}
