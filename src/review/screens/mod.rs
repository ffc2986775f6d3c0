//! The review and puzzle screens (egui): each a panel on the right with
//! the board beside it, like the replay viewer.

mod puzzle_panel;
mod review_panel;

use crate::board::view::HudInsets;
use crate::ui::menus::Overlay;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui;

/// The panel's width in logical pixels: the graph needs room.
const PANEL_WIDTH: f32 = 420.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            review_panel::show.run_if(in_state(Overlay::Review)),
            puzzle_panel::show.run_if(in_state(Overlay::Puzzles)),
        ),
    );
}

/// A panel on the right of the window; the board fits in the rest.
/// Returns the panel's rectangle.
fn side_panel(
    ctx: &egui::Context,
    id: &'static str,
    insets: &mut ResMut<HudInsets>,
    add: impl FnOnce(&mut egui::Ui),
) -> egui::Rect {
    let mut root = egui::Ui::new(
        ctx.clone(),
        egui::Id::new((id, "root")),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let rect = egui::Panel::right(id)
        .resizable(false)
        .exact_size(PANEL_WIDTH)
        .show(&mut root, add)
        .response
        .rect;
    insets.set_if_neq(HudInsets {
        right: rect.width(),
        bottom: 0.0,
    });
    rect
}
