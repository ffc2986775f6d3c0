//! Learning from finished games: the game review (every move judged by the
//! engine on a background thread, an evaluation graph, blunders, mistakes
//! and missed wins marked, the moment the game was decided, a summary per
//! player) and the puzzles (forced wins from the player's reviewed games
//! and a built-in set, played against the AI's defence).
//!
//! The engine does the judging (`gomoku_engine::analysis::{review,
//! puzzles}`); this folder runs it off the frame, keeps what the screens
//! show, and draws the screens. The logic ([`plugin`]) runs headless in the
//! tests; the egui screens ([`screens_plugin`]) need a window.
//!
//! Neither screen touches the match: the board shows their positions
//! through [`crate::board::shown::BoardSource`].

pub mod game_review;
pub mod graph;
pub mod line_stones;
pub mod puzzle_store;
pub mod puzzles;
mod screens;

use crate::board::shown::BoardSource;
use bevy::prelude::*;
use line_stones::LineOnBoard;

/// The review and puzzle logic: jobs, commands, the stored puzzles.
pub fn plugin(app: &mut App) {
    app.init_resource::<BoardSource>()
        .init_resource::<LineOnBoard>()
        .add_plugins((game_review::plugin, puzzles::plugin));
}

/// The screens (egui) and the line drawn on the board; needs the window.
pub fn screens_plugin(app: &mut App) {
    app.add_plugins((screens::plugin, line_stones::plugin));
}

/// Leaving a screen, the board shows the game in play again, without a
/// line drawn over it.
fn show_the_game_again(mut source: ResMut<BoardSource>, mut line: ResMut<LineOnBoard>) {
    *source = BoardSource::Live;
    line.set_if_neq(LineOnBoard::default());
}
