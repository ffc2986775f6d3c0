//! Pieces the menu screens share: colours, the floating screen over the
//! dimmed board, and the corner of the board with the menu button and the
//! clocks.

use super::Overlay;
use crate::i18n::{Language, color_name, t};
use crate::play::clock::{GameClock, format_ms};
use crate::play::game::Match;
use crate::settings::Settings;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32, Pos2, Rect, RichText, Vec2};
use gomoku_engine::{Color as StoneColor, Game};

pub const ACCENT: Color32 = Color32::from_rgb(240, 190, 90);
pub const ERROR: Color32 = Color32::from_rgb(255, 120, 100);
/// Over the live board: dimmed, still visible.
const DIM: Color32 = Color32::from_black_alpha(150);
/// The menu's own panel, nearly opaque so its text reads on any board.
const PANEL: Color32 = Color32::from_rgba_premultiplied(28, 22, 17, 238);

/// A screen floating above the board and the HUD: the board dimmed behind
/// it, and a centred panel at most `width` wide.
pub fn screen(ctx: &egui::Context, id: &str, width: f32, add: impl FnOnce(&mut egui::Ui)) {
    let rect = ctx.viewport_rect();
    egui::Area::new(egui::Id::new(id))
        .order(egui::Order::Foreground)
        .fixed_pos(rect.min)
        .constrain(false)
        .show(ctx, |ui| {
            // The area spans the whole window, so the board and the HUD
            // underneath get no clicks or hovers while a screen is open.
            ui.set_min_size(rect.size());
            ui.painter().rect_filled(rect, 0.0, DIM);
            let panel = Rect::from_center_size(
                rect.center(),
                Vec2::new(width.min(rect.width() - 32.0), rect.height() - 32.0),
            );
            ui.painter().rect_filled(panel, 12.0, PANEL);
            let column = panel.shrink(14.0);
            ui.scope_builder(egui::UiBuilder::new().max_rect(column), |ui| {
                ui.set_min_size(column.size());
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, add);
            });
        });
}

/// A screen's title row with a Back button on the right.
pub fn title_bar(ui: &mut egui::Ui, lang: Language, title: &str) -> bool {
    let mut back = false;
    ui.horizontal(|ui| {
        ui.heading(RichText::new(title).size(28.0).color(ACCENT));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            back = ui.button(format!("← {}", t(lang, "menu.back"))).clicked();
        });
    });
    ui.separator();
    back
}

/// A section heading inside a screen.
pub fn section(ui: &mut egui::Ui, text: &str) {
    ui.add_space(10.0);
    ui.label(RichText::new(text).strong().size(18.0).color(ACCENT));
    ui.add_space(2.0);
}

/// A table's header: the column names (i18n keys) in bold.
pub fn header_cells(ui: &mut egui::Ui, lang: Language, keys: &[&'static str]) {
    for key in keys {
        ui.label(RichText::new(t(lang, key)).strong());
    }
}

/// The menu button and the clocks in the top-left corner of the board.
pub fn board_corner(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    clock: Res<GameClock>,
    m: Res<Match>,
    mut next: ResMut<NextState<Overlay>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    egui::Area::new(egui::Id::new("board-corner"))
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
                    clocks(ui, lang, &clock, m.game());
                }
            });
        });
    Ok(())
}

fn clocks(ui: &mut egui::Ui, lang: Language, clock: &GameClock, game: &Game) {
    let to_move = game.to_move();
    for color in [StoneColor::Black, StoneColor::White] {
        let Some(left) = clock.remaining_ms(color, to_move) else {
            continue;
        };
        let running = !game.is_over() && color == to_move;
        let mut time = RichText::new(format_ms(left)).monospace().size(17.0);
        if running {
            time = time
                .strong()
                .color(if left < 10_000 { ERROR } else { ACCENT });
        }
        ui.horizontal(|ui| {
            ui.label(color_name(lang, color));
            ui.label(time);
        });
    }
}
