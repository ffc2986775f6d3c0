//! Playing another person on the local network: hosting (addresses, port,
//! join code, discovery announcements), joining (games found by UDP
//! discovery, or an address and code typed in), and the game itself over
//! the `gomoku-net` link — moves, undo requests, draw offers, resignation,
//! chat, the host's clocks, dropped connections and reconnecting.
//!
//! The protocol is the `gomoku_net` crate's (docs/lan-protocol.md); this
//! module only connects it to the game: [`session::Lan`] holds the link,
//! `bridge` keeps the match in step with it through the match's messages.

pub mod bridge;
pub mod panel;
pub mod reasons;
pub mod screens;
pub mod session;
pub mod start;

use crate::ui_core::sections::{AddSections, Slot};
use bevy::prelude::*;

/// The LAN game without its screens: what headless tests run.
pub fn link_plugin(app: &mut App) {
    app.add_plugins(bridge::plugin);
}

/// The whole LAN feature of the windowed game, with its section of the
/// HUD while a network game is on.
pub fn plugin(app: &mut App) {
    app.add_plugins((link_plugin, screens::plugin))
        .add_section_if(
            Slot::HudStatus,
            panel::hud_section,
            resource_exists::<session::Lan>,
        );
}
