//! The review and puzzle screens (egui): each a panel on the right with
//! the board beside it, like the replay viewer.

mod buttons;
mod puzzle_panel;
mod review_panel;

use crate::ui_core::Overlay;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

/// The panels' width in logical pixels: the graph needs room.
const PANEL_WIDTH: f32 = 420.0;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(buttons::plugin).add_systems(
        EguiPrimaryContextPass,
        (
            review_panel::show.run_if(in_state(Overlay::Review)),
            puzzle_panel::show.run_if(in_state(Overlay::Puzzles)),
        ),
    );
}
