//! Move strings: the moves in play order as `h8`-style points written one
//! after another, e.g. `h8i9j10` (column letter from `a` on the left, row
//! number from 1 at the bottom), as Rapfi and Gomocalc users paste them.
//!
//! * Written: the compact string of [`Game::moves`], nothing else (no rule,
//!   size, result or separators).
//! * Read: [`parse_move_list`] (so spaces, commas and semicolons between the
//!   points are accepted, upper-case letters too), then every move is played
//!   through [`Game`] under the rule and size the caller gives. A forbidden
//!   point as the last move is read as Black's loss (see [`super`]);
//!   anywhere else it is an error, as are off-board and occupied points and
//!   moves after a five. A syntax error names the bad text, not its move
//!   number (the list is parsed as a whole).

use super::error::prepare;
use super::replay::{SourceMove, replay};
use super::{ErrorKind, Format, FormatError};
use crate::board::parse_move_list;
use crate::record::Game;
use crate::rules::Rule;

/// The compact move string of `game`, e.g. `h8i9j10`.
pub fn write(game: &Game) -> String {
    game.moves()
        .iter()
        .map(|p| p.to_notation(game.size()))
        .collect()
}

/// Replays a move string on an empty board of `size` under `rule`.
pub fn read(text: &str, rule: Rule, size: usize) -> Result<Game, FormatError> {
    let format = Format::MoveString;
    let text = prepare(format, text)?;
    // The size is checked first so that a bad size is not reported as
    // "every point is off the board".
    super::replay::new_game(format, rule, size)?;
    let points = parse_move_list(text, size)
        .map_err(|e| FormatError::new(format, ErrorKind::Syntax(e.to_string())))?;
    let moves: Vec<SourceMove> = points
        .into_iter()
        .map(|point| SourceMove {
            point,
            text: point.to_notation(size),
            offset: None,
        })
        .collect();
    replay(format, text, rule, size, None, &moves)
}
