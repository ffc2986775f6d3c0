//! Replaying the moves read from a file through [`Game`], so that every
//! record that loads is a legal game, with errors that point into the file.

use super::{ErrorKind, Format, FormatError, MoveProblem};
use crate::board::Point;
use crate::record::{ForbiddenPolicy, Game, MoveError};
use crate::rules::{IllegalMove, Rule};

/// A move as read from a file: the point, how the file wrote it, and where.
pub(crate) struct SourceMove {
    pub point: Point,
    pub text: String,
    /// Byte offset of the move in the source text, when the parser knows it.
    pub offset: Option<usize>,
}

/// An empty game; an unsupported size is the file's problem, not a bug.
pub(crate) fn new_game(format: Format, rule: Rule, size: usize) -> Result<Game, FormatError> {
    Game::new(rule, size)
        .map_err(|e| FormatError::new(format, ErrorKind::Unsupported(e.to_string())))
}

/// The error for move `number` (1-based), placed at its offset in `source`.
pub(crate) fn move_error(
    format: Format,
    source: &str,
    number: usize,
    text: &str,
    offset: Option<usize>,
    problem: MoveProblem,
) -> FormatError {
    let error = FormatError::new(
        format,
        ErrorKind::Move {
            number,
            text: text.to_string(),
            problem,
        },
    );
    match offset {
        Some(offset) => error.at_offset(source, offset),
        None => error,
    }
}

/// Plays `moves` from the empty board.
///
/// With `policy` given (the save file stores it) it is applied as is. Formats
/// that do not store it get [`ForbiddenPolicy::Refuse`], except that a
/// forbidden point as the very last move is read as Black's loss under
/// [`ForbiddenPolicy::Lose`]: that is the only way such a record makes sense,
/// and it is how tournament files end.
pub(crate) fn replay(
    format: Format,
    source: &str,
    rule: Rule,
    size: usize,
    policy: Option<ForbiddenPolicy>,
    moves: &[SourceMove],
) -> Result<Game, FormatError> {
    let mut game = new_game(format, rule, size)?.with_policy(policy.unwrap_or_default());
    for (index, m) in moves.iter().enumerate() {
        let mut outcome = game.play(m.point);
        let forbidden = matches!(outcome, Err(MoveError::Illegal(IllegalMove::Forbidden(..))));
        if forbidden && policy.is_none() && index + 1 == moves.len() {
            game.set_policy(ForbiddenPolicy::Lose);
            outcome = game.play(m.point);
        }
        if let Err(e) = outcome {
            return Err(move_error(
                format,
                source,
                index + 1,
                &m.text,
                m.offset,
                MoveProblem::Rejected(e),
            ));
        }
    }
    Ok(game)
}
