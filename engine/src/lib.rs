//! Gomoku and Renju: board, rules, game records, AI and the Gomocup brain
//! protocol. No graphics here; the game crate draws what this crate decides.

pub mod analysis;
pub mod board;
pub mod eval;
pub mod opening;
pub mod protocol;
pub mod record;
pub mod rules;
pub mod search;

pub use board::{Board, Cell, Color, Direction, Point};
pub use record::{ForbiddenPolicy, Game, GameResult};
pub use rules::{Forbidden, ForbiddenKind, IllegalMove, Rule};
