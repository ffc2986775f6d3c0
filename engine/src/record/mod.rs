//! Game records: the moves of one game with undo/redo and the result, and
//! the file formats they are saved in.

pub mod formats;
mod game;

pub use game::{ForbiddenPolicy, Game, GameResult, MoveError, Played, ReplayError};
