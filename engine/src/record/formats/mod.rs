//! Game-record file formats: reading and writing whole games.
//!
//! Every reader returns a [`Record`] (a replayed [`Game`] plus the
//! [`Metadata`] the format carries) or a [`FormatError`] saying where and why;
//! no input makes a reader panic, and input above [`MAX_INPUT_BYTES`] is
//! refused before it is parsed. Every move is replayed through [`Game`], so a
//! record that loads is a legal game.
//!
//! | format | module | carries |
//! |---|---|---|
//! | our save file (RON) | [`save`] | everything in [`Record`], the opening's phases included |
//! | Piskvork `.psq` | [`psq`] | size, moves, move times, human/AI seats, names |
//! | SGF FF\[4\] | [`sgf`] | size, rule, moves, names, result, date, comment |
//! | move string `h8i9j10` | [`move_string`] | moves only |
//!
//! [`Format`] is one entry point for all four (detect, read bytes, write).
//!
//! Rules shared by the readers:
//! * Colours are never read from a file's point of view: Black plays the odd
//!   moves, as in [`Game`]. (SGF names colours; a mismatch is an error.)
//! * Opening rules: the phases (swaps, offers) travel with the [`Game`]
//!   ([`Game::opening`]); only the save file records them, the other
//!   formats hold the final position's moves, as played.
//! * Forbidden-move policy: only the save file stores it. The other formats
//!   are replayed under [`crate::record::ForbiddenPolicy::Refuse`], except
//!   that a forbidden point as the very last move reads as Black's loss
//!   ([`crate::record::ForbiddenPolicy::Lose`]), which is how tournament
//!   records of such games end. A forbidden point earlier is an error.
//! * Errors say which move (1-based) and, where the format has lines, which
//!   line and column; a leading byte-order mark is ignored.

mod date;
mod error;
pub mod move_string;
pub mod psq;
mod replay;
pub mod save;
pub mod sgf;

pub use date::{civil_from_days, days_from_civil, is_valid_date, iso8601_utc, now_iso8601};
pub use error::{ErrorKind, FormatError, MAX_INPUT_BYTES, MoveProblem, decode};
pub use save::SavedGame;

use crate::board::Color;
use crate::record::{Game, GameResult};
use crate::rules::Rule;
use std::fmt;

/// A game and what a file says about it besides the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Rule, board size, forbidden-move policy, moves and result.
    pub game: Game,
    pub meta: Metadata,
}

impl Record {
    /// A record of `game` with no metadata.
    pub fn new(game: Game) -> Record {
        Record {
            game,
            meta: Metadata::default(),
        }
    }
}

/// Everything about a game that is not on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    pub black: Player,
    pub white: Player,
    pub time_control: Option<TimeControl>,
    /// Milliseconds each move took, in play order; may be shorter than the
    /// move list (times unknown from there on) and is empty when not kept.
    pub move_times_ms: Vec<u64>,
    /// Milliseconds each opening action took, in the order of
    /// [`crate::opening::Opening::actions`] (choices, numbers and offers as
    /// well as stones); may be shorter, empty when not kept or without an
    /// opening rule. Only our save file keeps it.
    pub opening_times_ms: Vec<u64>,
    /// ISO-8601 UTC: `YYYY-MM-DDTHH:MM:SSZ`, or just `YYYY-MM-DD`.
    pub date: Option<String>,
    pub comment: Option<String>,
    /// The game (against the AI) was played with the engine's analysis or
    /// threat overlay on: its statistics count it apart. Only our save
    /// file keeps it.
    pub assisted: bool,
}

impl Metadata {
    pub fn player(&self, color: Color) -> &Player {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

/// One side of the board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Player {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub kind: PlayerKind,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum PlayerKind {
    #[default]
    Human,
    /// The computer at the level of this name (as the game's menu shows it).
    Ai { level: String },
    /// A person playing from another computer (a LAN game); the local
    /// player of that game is [`PlayerKind::Human`].
    Remote,
}

/// How much time the players had.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum TimeControl {
    /// `total_ms` for the whole game, plus `increment_ms` after each move.
    PerGame { total_ms: u64, increment_ms: u64 },
    /// At most `move_ms` for each move.
    PerMove { move_ms: u64 },
}

/// How a game ended, as files state it: a winner and a reason, a draw, or
/// not yet.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum SavedResult {
    #[default]
    Unfinished,
    Win {
        winner: Color,
        reason: WinReason,
    },
    /// A draw: the board filled up without a five, the side to move had
    /// no legal point left, or the players agreed to one.
    Draw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum WinReason {
    /// The winner made five (or more, where the rule allows).
    Five,
    /// Black played a forbidden point and lost (Renju, "Black loses" policy).
    Forbidden,
    Resign,
    Timeout,
}

impl SavedResult {
    /// The result of `game` as a file states it.
    pub fn of(game: &Game) -> SavedResult {
        let win = |winner, reason| SavedResult::Win { winner, reason };
        match game.result() {
            None => SavedResult::Unfinished,
            Some(GameResult::Draw | GameResult::NoLegalMove { .. } | GameResult::AgreedDraw) => {
                SavedResult::Draw
            }
            Some(GameResult::Five { winner, .. }) => win(*winner, WinReason::Five),
            Some(GameResult::Forbidden { .. }) => win(Color::White, WinReason::Forbidden),
            Some(GameResult::Resigned { loser }) => win(loser.opponent(), WinReason::Resign),
            Some(GameResult::Timeout { loser }) => win(loser.opponent(), WinReason::Timeout),
        }
    }

    /// The resignation, timeout or agreed draw this result adds to a game
    /// whose moves do not end it; None for results that only moves can
    /// produce.
    pub(crate) fn declared(self) -> Option<GameResult> {
        match self {
            SavedResult::Draw => Some(GameResult::AgreedDraw),
            SavedResult::Win {
                winner,
                reason: WinReason::Resign,
            } => Some(GameResult::Resigned {
                loser: winner.opponent(),
            }),
            SavedResult::Win {
                winner,
                reason: WinReason::Timeout,
            } => Some(GameResult::Timeout {
                loser: winner.opponent(),
            }),
            _ => None,
        }
    }
}

impl fmt::Display for SavedResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SavedResult::Unfinished => write!(f, "unfinished"),
            SavedResult::Draw => write!(f, "a draw"),
            SavedResult::Win { winner, reason } => {
                let how = match reason {
                    WinReason::Five => "five in a row",
                    WinReason::Forbidden => "a forbidden move by Black",
                    WinReason::Resign => "resignation",
                    WinReason::Timeout => "timeout",
                };
                write!(f, "{winner} wins by {how}")
            }
        }
    }
}

/// The four formats, as one entry point for load and save dialogs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Our own save file ([`save`]).
    Save,
    /// Piskvork `.psq` ([`psq`]).
    Psq,
    /// SGF FF\[4\] ([`sgf`]).
    Sgf,
    /// A move string like `h8i9j10` ([`move_string`]).
    MoveString,
}

impl Format {
    pub const ALL: [Format; 4] = [Format::Save, Format::Psq, Format::Sgf, Format::MoveString];

    /// The file name extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Save => "ron",
            Format::Psq => "psq",
            Format::Sgf => "sgf",
            Format::MoveString => "txt",
        }
    }

    pub fn from_extension(ext: &str) -> Option<Format> {
        let ext = ext.trim_start_matches('.');
        Format::ALL
            .into_iter()
            .find(|f| f.extension().eq_ignore_ascii_case(ext))
    }

    /// Guesses the format from the first characters of a file: SGF starts
    /// with `(;`, a psq file with `Piskvorky`, a save file with `SavedGame(`,
    /// `(` or a comment, a move string with a column letter.
    pub fn detect(bytes: &[u8]) -> Option<Format> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
        let head = &bytes[start..];
        let after_paren = head
            .strip_prefix(b"(")
            .map(|rest| rest.iter().find(|b| !b.is_ascii_whitespace()));
        if head.starts_with(b"Piskvorky") {
            Some(Format::Psq)
        } else if head.starts_with(b"SavedGame")
            || head.starts_with(b"//")
            || head.starts_with(b"/*")
        {
            // Of the four formats only RON has comments.
            Some(Format::Save)
        } else if let Some(next) = after_paren {
            Some(if next == Some(&b';') {
                Format::Sgf
            } else {
                Format::Save
            })
        } else if head[0].is_ascii_alphabetic() {
            Some(Format::MoveString)
        } else {
            None
        }
    }

    /// Reads a file in this format. `rule` and `size` are used only where
    /// the format does not say (psq has no rule; a move string has neither).
    pub fn read(self, bytes: &[u8], rule: Rule, size: usize) -> Result<Record, FormatError> {
        let text = decode(self, bytes)?;
        match self {
            Format::Save => save::read(text),
            Format::Psq => psq::read(text, rule),
            Format::Sgf => sgf::read(text),
            Format::MoveString => move_string::read(text, rule, size).map(Record::new),
        }
    }

    pub fn write(self, record: &Record) -> String {
        match self {
            Format::Save => save::write(record),
            Format::Psq => psq::write(record),
            Format::Sgf => sgf::write(record),
            Format::MoveString => move_string::write(&record.game),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Save => "save file",
            Format::Psq => "Piskvork .psq file",
            Format::Sgf => "SGF file",
            Format::MoveString => "move string",
        })
    }
}
