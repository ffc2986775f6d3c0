//! Pieces the menu screens share: colours, the full-window backdrop, the
//! board drawn with egui (replay viewer), and the corner of the board with
//! the menu button and the clocks.

use super::Overlay;
use crate::clock::{GameClock, format_ms};
use crate::game::Match;
use crate::i18n::{Language, color_name, t};
use crate::settings::Settings;
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, RichText, Stroke, Vec2};
use gomoku_engine::{Color as StoneColor, Game, GameResult, Point};

pub const ACCENT: Color32 = Color32::from_rgb(240, 190, 90);
pub const ERROR: Color32 = Color32::from_rgb(255, 120, 100);
const BACKDROP: Color32 = Color32::from_rgb(30, 24, 18);
const WOOD: Color32 = Color32::from_rgb(214, 170, 104);
const WOOD_EDGE: Color32 = Color32::from_rgb(160, 115, 60);
const INK: Color32 = Color32::from_rgb(50, 35, 20);

/// A full-window screen above the board and the HUD: a dark backdrop and
/// a centred column at most `width` wide.
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
            ui.painter().rect_filled(rect, 0.0, BACKDROP);
            let column = Rect::from_center_size(
                rect.center(),
                Vec2::new(width.min(rect.width() - 32.0), rect.height() - 32.0),
            );
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

/// What the board drawing shows besides the stones.
pub struct BoardMarks {
    pub numbers: bool,
    pub coordinates: bool,
}

/// Draws `game`'s position in a square of `side` points and returns the
/// response (clicks are not used: the viewer only shows).
pub fn board(ui: &mut egui::Ui, game: &Game, side: f32, marks: &BoardMarks) -> egui::Response {
    let (response, painter) = ui.allocate_painter(Vec2::splat(side), egui::Sense::hover());
    let rect = response.rect;
    let n = game.size();
    painter.rect_filled(rect, 6.0, WOOD);
    painter.rect_stroke(
        rect,
        6.0,
        Stroke::new(2.0, WOOD_EDGE),
        egui::StrokeKind::Inside,
    );
    // Room for the coordinates around the grid.
    let margin = side * 0.06;
    let cell = (side - 2.0 * margin) / (n - 1) as f32;
    let at = |p: Point| {
        Pos2::new(
            rect.left() + margin + p.x as f32 * cell,
            rect.top() + margin + p.y as f32 * cell,
        )
    };
    let line = Stroke::new(1.0, INK);
    for i in 0..n as u8 {
        painter.line_segment([at(Point::new(i, 0)), at(Point::new(i, n as u8 - 1))], line);
        painter.line_segment([at(Point::new(0, i)), at(Point::new(n as u8 - 1, i))], line);
    }
    if n == 15 {
        for (x, y) in [(3, 3), (11, 3), (7, 7), (3, 11), (11, 11)] {
            painter.circle_filled(at(Point::new(x, y)), cell * 0.09, INK);
        }
    }
    if marks.coordinates {
        let font = FontId::proportional(cell * 0.36);
        for i in 0..n as u8 {
            let letter = (b'A' + i) as char;
            let bottom = at(Point::new(i, n as u8 - 1)) + Vec2::new(0.0, margin * 0.55);
            painter.text(bottom, Align2::CENTER_CENTER, letter, font.clone(), INK);
            let left = at(Point::new(0, i)) - Vec2::new(margin * 0.55, 0.0);
            painter.text(
                left,
                Align2::CENTER_CENTER,
                (n - i as usize).to_string(),
                font.clone(),
                INK,
            );
        }
    }
    let radius = cell * 0.46;
    let last = game.last_move();
    for (i, &p) in game.moves().iter().enumerate() {
        let color = StoneColor::of_ply(i);
        let centre = at(p);
        let (fill, rim, text) = match color {
            StoneColor::Black => (
                Color32::from_rgb(25, 25, 28),
                Color32::from_rgb(70, 70, 75),
                Color32::from_gray(235),
            ),
            StoneColor::White => (
                Color32::from_rgb(242, 240, 234),
                Color32::from_rgb(170, 165, 155),
                Color32::from_gray(30),
            ),
        };
        painter.circle_filled(
            centre + Vec2::splat(cell * 0.05),
            radius,
            Color32::from_black_alpha(70),
        );
        painter.circle_filled(centre, radius, fill);
        painter.circle_stroke(centre, radius, Stroke::new(1.0, rim));
        if marks.numbers {
            let number = (i + 1).to_string();
            let size = if i < 99 { cell * 0.42 } else { cell * 0.32 };
            let color = if Some(p) == last { ERROR } else { text };
            painter.text(
                centre,
                Align2::CENTER_CENTER,
                number,
                FontId::proportional(size),
                color,
            );
        } else if Some(p) == last {
            painter.circle_filled(centre, cell * 0.12, Color32::from_rgb(230, 60, 40));
        }
    }
    if let Some(GameResult::Five { line, .. }) = game.result() {
        let points = line.points();
        if let (Some(&a), Some(&b)) = (points.first(), points.last()) {
            painter.line_segment(
                [at(a), at(b)],
                Stroke::new(cell * 0.12, ACCENT.gamma_multiply(0.85)),
            );
        }
    }
    response
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
