//! What the player reads and clicks besides the board: the HUD and the
//! menus (egui), with the strings they show in `crate::i18n`. The UI
//! reaches the match only through messages.

pub mod hud;
pub mod menus;
pub mod opening_panel;
pub mod opening_record;
pub mod redraw;
mod window;

use bevy::prelude::*;

/// Below this width or height (logical pixels) the HUD and the menus'
/// contents are not laid out: nothing would be readable, and egui asserts
/// on the negative sizes its layout computes in a very small window.
pub const MIN_UI_SIZE: f32 = 160.0;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((hud::plugin, menus::plugin, window::plugin));
}
