//! Pieces every screen shares (the menus' and the features'): the
//! floating screen over the dimmed board, the side panel beside it, title
//! rows, and the replay cursor's keys.

use super::colours::colours;
use crate::board::view::HudInsets;
use crate::i18n::{Language, t};
use crate::play::replay::ReplayCommand;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, Key, Rect, RichText, Vec2};

/// Over the live board and the HUD: dimmed, still visible. egui blends
/// in linear light, so this alpha leaves about half the perceived
/// brightness.
const DIM: Color32 = Color32::from_black_alpha(190);
/// Where the HUD told [`screen`] it is (see [`remember_hud_rect`]).
const HUD_RECT: &str = "hud-rect";

/// The HUD's panel tells the screens where it is, so that a screen that
/// fits beside it leaves it uncovered.
pub fn remember_hud_rect(ctx: &egui::Context, rect: Rect) {
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(HUD_RECT), rect));
}

/// A screen floating above the board and the HUD: the whole window dimmed
/// behind it (and taking every click), and a centred panel at most `width`
/// wide and as tall as its content (it scrolls when the window is
/// shorter). The panel stands over the board beside the HUD when it fits
/// there, else over the middle of the window.
pub fn screen(ctx: &egui::Context, id: &str, width: f32, add: impl FnOnce(&mut egui::Ui)) {
    const MARGIN: f32 = 16.0;
    const PADDING: f32 = 14.0;
    let window = ctx.viewport_rect();
    egui::Area::new(egui::Id::new(id).with("dim"))
        .order(egui::Order::Middle)
        .fixed_pos(window.min)
        .constrain(false)
        .show(ctx, |ui| {
            // The area spans the whole window, so the board and the HUD
            // underneath get no clicks or hovers while a screen is open.
            ui.set_min_size(window.size());
            ui.painter().rect_filled(window, 0.0, DIM);
        });
    if window.width() < super::MIN_UI_SIZE || window.height() < super::MIN_UI_SIZE {
        return;
    }
    let beside_hud = ctx
        .data(|d| d.get_temp::<Rect>(egui::Id::new(HUD_RECT)))
        .map(|hud| {
            let mut board = window;
            if hud.min.x > window.center().x {
                board.max.x = hud.min.x;
            } else if hud.min.y > window.center().y {
                board.max.y = hud.min.y;
            }
            board
        });
    let region = beside_hud
        .filter(|board| board.width() >= width + 2.0 * MARGIN)
        .unwrap_or(window);
    let outer = Vec2::new(
        width.min(region.width() - 2.0 * MARGIN),
        region.height() - 2.0 * MARGIN,
    );
    // The menu's own panel is opaque, so its text never mixes with the
    // board's or the HUD's.
    let palette = colours(ctx);
    egui::Area::new(egui::Id::new(id))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_CENTER)
        .fixed_pos(region.center())
        .constrain(false)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(palette.panel)
                .stroke(egui::Stroke::new(1.0, palette.panel_edge))
                .corner_radius(12.0)
                .inner_margin(PADDING)
                .show(ui, |ui| {
                    // An area's content may not grow past last frame's
                    // size unless told how far it may.
                    let inner = outer - Vec2::splat(2.0 * PADDING);
                    ui.set_width(inner.x);
                    ui.set_max_height(inner.y);
                    egui::ScrollArea::vertical()
                        .max_height(inner.y)
                        .auto_shrink([false, true])
                        .show(ui, add);
                });
        });
}

/// A panel on the right of the window with the board beside it (the
/// replay viewer, the review, the puzzles). Returns the panel's rectangle.
pub fn side_panel(
    ctx: &egui::Context,
    id: &'static str,
    width: f32,
    insets: &mut ResMut<HudInsets>,
    add: impl FnOnce(&mut egui::Ui),
) -> Rect {
    let rect = side_panel_rect(ctx, id, width, add);
    insets.set_if_neq(side_insets(rect));
    rect
}

/// [`side_panel`] for a screen that sets the board's insets itself (one
/// drawn by an exclusive system).
pub fn side_panel_rect(
    ctx: &egui::Context,
    id: &'static str,
    width: f32,
    add: impl FnOnce(&mut egui::Ui),
) -> Rect {
    let mut root = egui::Ui::new(
        ctx.clone(),
        egui::Id::new((id, "root")),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::right(id)
        .resizable(false)
        .exact_size(width)
        .show(&mut root, add)
        .response
        .rect
}

/// The board's insets beside a side panel at `rect`.
pub fn side_insets(rect: Rect) -> HudInsets {
    HudInsets {
        right: rect.width(),
        bottom: 0.0,
    }
}

/// A screen's title row with a Back button on the right.
pub fn title_bar(ui: &mut egui::Ui, lang: Language, title: &str) -> bool {
    let mut back = false;
    ui.horizontal(|ui| {
        ui.heading(
            RichText::new(title)
                .size(28.0)
                .color(colours(ui.ctx()).accent),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            back = ui
                .button(format!("← {}", t(lang, "menu.back")))
                .on_hover_text("Esc")
                .clicked();
        });
    });
    ui.separator();
    back
}

/// A section heading inside a screen.
pub fn section(ui: &mut egui::Ui, text: &str) {
    ui.add_space(10.0);
    ui.label(
        RichText::new(text)
            .strong()
            .size(18.0)
            .color(colours(ui.ctx()).accent),
    );
    ui.add_space(2.0);
}

/// A table's header: the column names (i18n keys) in bold.
pub fn header_cells(ui: &mut egui::Ui, lang: Language, keys: &[&'static str]) {
    for key in keys {
        ui.label(RichText::new(t(lang, key)).strong());
    }
}

/// The replay's keys: ← → step, Home/End, Space plays (also on the
/// review screen, which moves the same cursor).
pub fn replay_keys(ctx: &egui::Context, cursor: &mut Vec<ReplayCommand>) {
    // No text fields on these screens, so the keys are always the viewer's
    // (egui also reports "wants keyboard" when a clicked button has focus).
    ctx.input(|i| {
        for (key, command) in [
            (Key::ArrowLeft, ReplayCommand::Step(-1)),
            (Key::ArrowRight, ReplayCommand::Step(1)),
            (Key::Home, ReplayCommand::First),
            (Key::End, ReplayCommand::Last),
            (Key::Space, ReplayCommand::TogglePlay),
        ] {
            if i.key_pressed(key) {
                cursor.push(command);
            }
        }
    });
}
