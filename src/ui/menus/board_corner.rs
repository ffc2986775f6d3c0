//! The corner of the board with the menu button and the clocks.

use crate::board::view::CornerBottom;
use crate::i18n::{Language, color_name, t};
use crate::play::clock::{GameClock, format_ms};
use crate::play::game::Match;
use crate::settings::Settings;
use crate::ui_core::Overlay;
use crate::ui_core::colours::colours;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Pos2, RichText};
use gomoku_engine::Color as StoneColor;

/// The menu button and the clocks in the top-left corner of the board.
pub(super) fn show(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    clock: Res<GameClock>,
    m: Res<Match>,
    mut next: ResMut<NextState<Overlay>>,
    mut bottom: ResMut<CornerBottom>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let area = egui::Area::new(egui::Id::new("board-corner"))
        .order(egui::Order::Middle)
        .fixed_pos(Pos2::new(8.0, 8.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                if ui
                    .button(t(lang, "menu.menu"))
                    .on_hover_text("Esc")
                    .clicked()
                {
                    next.set(Overlay::Main);
                }
                if clock.control.is_some() {
                    clocks(ui, lang, &clock, &m);
                }
            });
        });
    bottom.set_if_neq(CornerBottom(area.response.rect.bottom()));
    Ok(())
}

fn clocks(ui: &mut egui::Ui, lang: Language, clock: &GameClock, m: &Match) {
    let game = m.game();
    // The acting player's clock (an opening's choices take time too).
    let to_move = m.acting_color();
    for color in [StoneColor::Black, StoneColor::White] {
        let Some(left) = clock.remaining_ms(color, to_move) else {
            continue;
        };
        let running = !game.is_over() && color == to_move;
        let mut time = RichText::new(format_ms(left)).monospace().size(17.0);
        if running {
            time = time.strong().color(if left < 10_000 {
                colours(ui.ctx()).warning
            } else {
                colours(ui.ctx()).accent
            });
        }
        ui.horizontal(|ui| {
            ui.label(color_name(lang, color));
            ui.label(time);
        });
    }
}
