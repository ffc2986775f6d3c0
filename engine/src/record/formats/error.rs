//! The one error type of every game-record format: which format, where in the
//! text (line and column, 1-based, when known) and what went wrong.

use super::Format;
use crate::board::{Color, ParsePointError};
use crate::record::MoveError;
use std::fmt;

/// The largest file any reader accepts. A full 22×22 game with a time for
/// every move and a long comment stays far below it; the limit keeps hostile
/// input (megabytes of junk) from costing memory or time.
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// Why a game record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub format: Format,
    /// 1-based line of the offending text, when the format has lines.
    pub line: Option<usize>,
    /// 1-based column (in characters) on that line, when known.
    pub column: Option<usize>,
    pub kind: ErrorKind,
}

/// What went wrong, independent of where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input is longer than [`MAX_INPUT_BYTES`].
    TooLarge { bytes: usize },
    /// The bytes are not UTF-8 text.
    NotUtf8,
    /// The text does not follow the format's grammar (including a file that
    /// ends too early); the string says what was expected.
    Syntax(String),
    /// A save file written by a newer version of the program.
    NewerVersion { found: u64, supported: u64 },
    /// Well-formed, but describes something this program does not play:
    /// another game, a non-square or unsupported board, setup stones, an
    /// unknown rule name.
    Unsupported(String),
    /// Move `number` (1-based), written `text` in the file, cannot be played.
    Move {
        number: usize,
        text: String,
        problem: MoveProblem,
    },
    /// The parts of the record disagree (a stored result that the moves do
    /// not produce, more move times than moves, a malformed date).
    Inconsistent(String),
}

/// Why one move of a record cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveProblem {
    /// The text is not a point on this board.
    Notation(ParsePointError),
    /// A pass (`B[]`, `B[tt]`); Gomoku has none.
    Pass,
    /// The file gives the move to the wrong colour (Black moves first and the
    /// colours alternate).
    WrongColor { expected: Color, found: Color },
    /// The game refuses it: off the board, occupied, forbidden, or played
    /// after the game had already ended.
    Rejected(MoveError),
}

impl FormatError {
    pub fn new(format: Format, kind: ErrorKind) -> FormatError {
        FormatError {
            format,
            line: None,
            column: None,
            kind,
        }
    }

    pub fn at_line(mut self, line: usize) -> FormatError {
        self.line = Some(line);
        self
    }

    pub fn at(mut self, line: usize, column: usize) -> FormatError {
        self.line = Some(line);
        self.column = Some(column);
        self
    }

    /// Places the error at byte `offset` of `text` (line and column counted
    /// here, only when an error is reported).
    pub(crate) fn at_offset(self, text: &str, offset: usize) -> FormatError {
        let before = &text.as_bytes()[..offset.min(text.len())];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        // Count characters, not bytes; a cut inside a character counts it.
        let column = 1 + before[line_start..]
            .iter()
            .filter(|&&b| (b & 0xC0) != 0x80)
            .count();
        self.at(line, column)
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.format)?;
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, ", line {l}, column {c}")?,
            (Some(l), None) => write!(f, ", line {l}")?,
            _ => {}
        }
        write!(f, ": {}", self.kind)
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::TooLarge { bytes } => write!(
                f,
                "the file has {bytes} bytes, more than any game record needs (limit {MAX_INPUT_BYTES})"
            ),
            ErrorKind::NotUtf8 => write!(f, "the file is not UTF-8 text"),
            ErrorKind::Syntax(what) => write!(f, "{what}"),
            ErrorKind::NewerVersion { found, supported } => write!(
                f,
                "the file was made by a newer version of the program (format version {found}; this version reads up to {supported})"
            ),
            ErrorKind::Unsupported(what) => write!(f, "{what}"),
            ErrorKind::Move {
                number,
                text,
                problem,
            } => write!(f, "move {number} ({text}): {problem}"),
            ErrorKind::Inconsistent(what) => write!(f, "{what}"),
        }
    }
}

impl fmt::Display for MoveProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveProblem::Notation(e) => write!(f, "{e}"),
            MoveProblem::Pass => write!(f, "a pass, which Gomoku does not have"),
            MoveProblem::WrongColor { expected, found } => {
                write!(f, "given to {found}, but it is {expected}'s turn")
            }
            MoveProblem::Rejected(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FormatError {}

/// Checks the size of raw input and decodes it as UTF-8 (a leading byte-order
/// mark is dropped). A bad byte is reported at its line and column.
pub fn decode(format: Format, bytes: &[u8]) -> Result<&str, FormatError> {
    check_size(format, bytes.len())?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let valid = e.valid_up_to();
        // Safe to slice: everything before `valid` is UTF-8 by definition.
        let text = std::str::from_utf8(&bytes[..valid]).unwrap_or("");
        FormatError::new(format, ErrorKind::NotUtf8).at_offset(text, valid)
    })
}

/// Checks the size of text handed to a reader and drops a leading
/// byte-order mark, which editors on Windows like to add.
pub(crate) fn prepare(format: Format, text: &str) -> Result<&str, FormatError> {
    check_size(format, text.len())?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

pub(crate) fn check_size(format: Format, bytes: usize) -> Result<(), FormatError> {
    if bytes > MAX_INPUT_BYTES {
        Err(FormatError::new(format, ErrorKind::TooLarge { bytes }))
    } else {
        Ok(())
    }
}
