//! The evaluation graph: Black's win chance after each move, one point per
//! move from left to right, Black's share filled dark from below. Marks
//! (in the theme's colours): red for a blunder, orange for a mistake, a
//! gold ring for a missed win, a dashed line where the game was decided;
//! the board's position is the blue line. A click on the graph shows the position after that move.

use super::game_review::{GraphPoint, MoveMark};
use crate::i18n::{Language, color_name, tf};
use crate::play::game::notation;
use crate::theme::UiPalette;
use crate::ui_core::colours::colours;
use bevy_egui::egui::{self, Color32, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};
use gomoku_engine::analysis::review::MoveClass;
use gomoku_engine::{Color as StoneColor, Point};

pub const HEIGHT: f32 = 150.0;
const CURSOR: Color32 = Color32::from_rgb(90, 160, 255);
const WHITE_SHARE: Color32 = Color32::from_rgb(225, 218, 205);
const BLACK_SHARE: Color32 = Color32::from_rgb(45, 42, 40);

/// The move whose column holds `x` in a graph `width` wide starting at
/// `left`, with `moves` columns; None outside.
pub fn ply_at(x: f32, left: f32, width: f32, moves: usize) -> Option<usize> {
    if moves == 0 || width <= 0.0 || x < left || x > left + width {
        return None;
    }
    let column = ((x - left) / width * moves as f32).floor() as usize;
    Some(column.min(moves - 1))
}

/// The centre of move `ply`'s column.
fn column_x(rect: Rect, ply: usize, moves: usize) -> f32 {
    rect.left() + (ply as f32 + 0.5) * rect.width() / moves as f32
}

fn chance_y(rect: Rect, black: f64) -> f32 {
    rect.bottom() - black.clamp(0.0, 1.0) as f32 * rect.height()
}

/// The colour of a move's mark, if it has one.
pub fn mark_color(palette: &UiPalette, mark: &MoveMark) -> Option<Color32> {
    match mark.class {
        MoveClass::Blunder => Some(palette.blunder),
        MoveClass::Mistake => Some(palette.mistake),
        MoveClass::Good if mark.missed_win => Some(palette.missed_win),
        MoveClass::Good => None,
    }
}

/// Draws the graph; returns the number of moves to show when a point was
/// clicked (the position after that move).
pub fn show(
    ui: &mut egui::Ui,
    lang: Language,
    points: &[GraphPoint],
    moves: &[Point],
    cursor: usize,
) -> Option<usize> {
    let size = Vec2::new(ui.available_width(), HEIGHT);
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    let painter = ui.painter_at(rect);
    let palette = colours(ui.ctx());
    let n = points.len();
    painter.rect_filled(rect, 4.0, WHITE_SHARE);
    if n == 0 {
        return None;
    }
    let column = rect.width() / n as f32;
    for p in points {
        let x = column_x(rect, p.ply, n);
        let top = chance_y(rect, p.black);
        let bar = Rect::from_min_max(
            Pos2::new(x - column / 2.0, top),
            Pos2::new(x + column / 2.0, rect.bottom()),
        );
        painter.rect_filled(bar, 0.0, BLACK_SHARE);
    }
    let middle = rect.center().y;
    painter.line_segment(
        [
            Pos2::new(rect.left(), middle),
            Pos2::new(rect.right(), middle),
        ],
        Stroke::new(1.0, Color32::from_gray(130)),
    );
    if let Some(decided) = points.iter().find(|p| p.mark.decided) {
        let x = column_x(rect, decided.ply, n);
        painter.add(egui::Shape::dashed_line(
            &[Pos2::new(x, rect.top()), Pos2::new(x, rect.bottom())],
            Stroke::new(1.5, palette.missed_win),
            5.0,
            4.0,
        ));
    }
    if cursor > 0 && cursor <= n {
        let x = column_x(rect, cursor - 1, n);
        painter.line_segment(
            [Pos2::new(x, rect.top()), Pos2::new(x, rect.bottom())],
            Stroke::new(2.0, CURSOR),
        );
    }
    let line: Vec<Pos2> = points
        .iter()
        .map(|p| Pos2::new(column_x(rect, p.ply, n), chance_y(rect, p.black)))
        .collect();
    painter.line(
        line.clone(),
        Stroke::new(1.5, Color32::from_rgb(200, 140, 60)),
    );
    for (p, at) in points.iter().zip(&line) {
        let dot = match p.mark.class {
            MoveClass::Blunder => Some((5.0, palette.blunder)),
            MoveClass::Mistake => Some((4.0, palette.mistake)),
            MoveClass::Good => None,
        };
        if let Some((radius, color)) = dot {
            painter.circle_filled(*at, radius, color);
        }
        if p.mark.missed_win {
            painter.circle_stroke(*at, 7.0, Stroke::new(2.0, palette.missed_win));
        }
    }
    painter.rect_stroke(
        rect,
        4.0,
        Stroke::new(1.0, Color32::from_gray(90)),
        StrokeKind::Inside,
    );
    let hovered = response
        .hover_pos()
        .and_then(|pos| ply_at(pos.x, rect.left(), rect.width(), n));
    let clicked = response
        .clicked()
        .then(|| response.interact_pointer_pos())
        .flatten()
        .and_then(|pos| ply_at(pos.x, rect.left(), rect.width(), n));
    if let Some(ply) = hovered {
        let p = &points[ply];
        let mover = color_name(lang, StoneColor::of_ply(ply));
        let text = tf(
            lang,
            "review.graph_tip",
            &[
                &(ply + 1),
                &moves.get(ply).map_or_else(String::new, |&m| notation(m)),
                &mover,
                &format!("{:.0}", p.black * 100.0),
            ],
        );
        response.on_hover_text_at_pointer(format!("{text} {}", p.mark.symbol()));
    }
    clicked.map(|ply| ply + 1)
}
