//! What the player reads and clicks besides the board: the HUD and the
//! menus (egui), on the widgets of `crate::ui_core`, with the strings they show in `crate::i18n`. The UI
//! reaches the match only through messages.

pub mod hud;
pub mod menus;
pub mod opening_panel;
pub mod opening_record;
pub mod window;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((hud::plugin, menus::plugin, window::plugin));
}
