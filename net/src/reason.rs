//! Why something on a link went wrong, as data rather than sentences: the
//! game shows these in the player's language, the terminal prints their
//! English [`Display`](fmt::Display). Only the English words of a
//! [`Violation`] cross the wire (in `error.message`, beside its
//! [`ErrorKind`]), so the protocol is the same as before they were typed.

use crate::message::{ErrorKind, MAX_LINE};
use crate::state::Outcome;
use gomoku_engine::opening::OpeningError;
use gomoku_engine::record::MoveError;
use gomoku_engine::{Color, Point};
use std::fmt;
use std::io;
use std::net::SocketAddr;

/// A text of a message that is checked before anyone prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextField {
    Name,
    Chat,
    ErrorMessage,
}

impl fmt::Display for TextField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TextField::Name => "name",
            TextField::Chat => "chat line",
            TextField::ErrorMessage => "error message",
        })
    }
}

/// A move or an opening step the game does not allow now; the game is
/// unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    GameOver(Outcome),
    /// A move while the opening phase still needs steps.
    OpeningNotOver,
    /// A move by the side not to move.
    NotYourTurn {
        to_move: Color,
    },
    /// An opening step by the player who does not act now.
    OpeningOutOfTurn,
    /// The engine refuses the point (occupied, forbidden, …).
    Move {
        at: Point,
        error: MoveError,
    },
    /// The text (as the peer wrote it) is not a point of the board.
    NotAPoint {
        text: String,
    },
    /// The engine's opening rules refuse the step.
    Opening(OpeningError),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver(outcome) => write!(f, "the game is over ({outcome})"),
            Illegal::OpeningNotOver => f.write_str("the opening is not over: send opening steps"),
            Illegal::NotYourTurn { to_move } => write!(f, "it is {to_move}'s turn"),
            Illegal::OpeningOutOfTurn => f.write_str("it is not that player's opening step"),
            Illegal::Move { at, error } => {
                write!(f, "{}: {error}", at.to_notation(crate::message::BOARD_SIZE))
            }
            Illegal::NotAPoint { text } => write!(f, "'{text}' is not a point of the board"),
            Illegal::Opening(error) => write!(f, "{error}"),
        }
    }
}

/// What was wrong with what the peer sent: it is told so (`error`) and the
/// connection is closed. Each violation belongs to one [`ErrorKind`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A line longer than [`MAX_LINE`] bytes.
    Oversized,
    NotUtf8,
    /// Not JSON or not one of the messages; `detail` is the parser's words.
    NotAMessage {
        detail: String,
    },
    TooLong {
        field: TextField,
        limit: usize,
    },
    ControlCharacters {
        field: TextField,
    },
    HelloFirst,
    NoHelloInTime,
    /// A message that has no place here; `message` is its line.
    Unexpected {
        message: String,
        handshake: bool,
    },
    /// The two ends speak different protocol versions.
    Version {
        ours: u32,
        theirs: u32,
    },
    /// The host plays on another board than 15×15.
    BoardSize {
        theirs: usize,
    },
    /// The host plays an opening rule this version does not know.
    UnknownOpening {
        name: String,
    },
    WrongCode,
    TooManyConnections,
    /// Another player (`player`) sits at the table.
    SeatTaken {
        player: String,
    },
    MoveNumber {
        got: u32,
        expected: u32,
    },
    StepNumber {
        got: u32,
        expected: u32,
    },
    /// The host's move list cannot be replayed; `detail` says where.
    NoReplay {
        detail: String,
    },
    Illegal(Illegal),
}

impl Violation {
    /// The kind the `error` message carries.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Violation::Oversized => ErrorKind::Oversized,
            Violation::NotUtf8
            | Violation::NotAMessage { .. }
            | Violation::TooLong { .. }
            | Violation::ControlCharacters { .. }
            | Violation::HelloFirst
            | Violation::NoHelloInTime
            | Violation::Unexpected { .. } => ErrorKind::Malformed,
            Violation::Version { .. }
            | Violation::BoardSize { .. }
            | Violation::UnknownOpening { .. } => ErrorKind::Version,
            Violation::WrongCode => ErrorKind::WrongCode,
            Violation::TooManyConnections | Violation::SeatTaken { .. } => ErrorKind::Busy,
            Violation::MoveNumber { .. }
            | Violation::StepNumber { .. }
            | Violation::NoReplay { .. } => ErrorKind::Desync,
            Violation::Illegal(_) => ErrorKind::IllegalMove,
        }
    }
}

impl From<Illegal> for Violation {
    fn from(illegal: Illegal) -> Violation {
        Violation::Illegal(illegal)
    }
}

/// The words sent in `error.message` (the kind goes beside them).
impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Oversized => write!(f, "a line longer than {MAX_LINE} bytes"),
            Violation::NotUtf8 => f.write_str("the line is not UTF-8 text"),
            Violation::NotAMessage { detail } => write!(f, "not a protocol message ({detail})"),
            Violation::TooLong { field, limit } => {
                write!(f, "{field} longer than {limit} characters")
            }
            Violation::ControlCharacters { field } => {
                write!(f, "control characters in the {field}")
            }
            Violation::HelloFirst => f.write_str("the first message must be hello"),
            Violation::NoHelloInTime => f.write_str("no hello in time"),
            Violation::Unexpected { message, handshake } => {
                let when = if *handshake {
                    " during the handshake"
                } else {
                    ""
                };
                write!(f, "unexpected message {message}{when}")
            }
            Violation::Version { ours, theirs } => write!(
                f,
                "protocol version {theirs} received, this end speaks version {ours}"
            ),
            Violation::BoardSize { theirs } => {
                write!(
                    f,
                    "a {theirs}x{theirs} board; LAN games are played on 15x15"
                )
            }
            Violation::UnknownOpening { name } => {
                write!(f, "an opening rule this version does not know: {name}")
            }
            Violation::WrongCode => f.write_str("the join code does not match"),
            Violation::TooManyConnections => f.write_str("too many connections"),
            Violation::SeatTaken { player } => write!(f, "{player} is already playing this game"),
            Violation::MoveNumber { got, expected } => {
                write!(f, "move number {got} received, move {expected} expected")
            }
            Violation::StepNumber { got, expected } => {
                write!(f, "opening step {got} received, step {expected} expected")
            }
            Violation::NoReplay { detail } => write!(f, "the move list does not replay: {detail}"),
            Violation::Illegal(illegal) => write!(f, "{illegal}"),
        }
    }
}

impl std::error::Error for Violation {}

/// A local action the link does not allow now; nothing changed and
/// nothing was sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The move or opening step itself is not allowed.
    Illegal(Illegal),
    /// The opponent acts in the opening now.
    NotYourOpeningStep,
    NothingToUndo,
    UndoPending,
    NoUndoAsked,
    DrawPending,
    NoDrawOffered,
    GameOver(Outcome),
    ChatControlCharacters,
    /// A chat line must have 1 to `max` characters.
    ChatLength {
        max: usize,
    },
    /// New games are the host's, reconnecting is the joiner's.
    WrongRole,
    AlreadyConnected,
    /// The opponent is not connected: the game is paused.
    Paused,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Illegal(illegal) => write!(f, "{illegal}"),
            Refusal::NotYourOpeningStep => f.write_str("it is not your opening step"),
            Refusal::NothingToUndo => f.write_str("there is no move of yours to take back"),
            Refusal::UndoPending => f.write_str("an undo request is already waiting for an answer"),
            Refusal::NoUndoAsked => f.write_str("the opponent has not asked for an undo"),
            Refusal::DrawPending => f.write_str("a draw offer is already waiting for an answer"),
            Refusal::NoDrawOffered => f.write_str("the opponent has not offered a draw"),
            Refusal::GameOver(outcome) => write!(f, "the game is over ({outcome})"),
            Refusal::ChatControlCharacters => {
                f.write_str("a chat line is plain text (no control characters)")
            }
            Refusal::ChatLength { max } => write!(f, "a chat line has 1 to {max} characters"),
            Refusal::WrongRole => {
                f.write_str("only the host starts a new game; only a joiner reconnects")
            }
            Refusal::AlreadyConnected => f.write_str("already connected"),
            Refusal::Paused => f.write_str("the opponent is not connected; the game is paused"),
        }
    }
}

/// A failure of the network itself: the system's error kind and words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetError {
    pub kind: io::ErrorKind,
    pub text: String,
}

impl From<&io::Error> for NetError {
    fn from(e: &io::Error) -> NetError {
        NetError {
            kind: e.kind(),
            text: e.to_string(),
        }
    }
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Why a connection ended (or a joiner could not get one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disconnect {
    /// The peer refused to go on with `error {kind, message}`; `message`
    /// is the peer's own words (English from this implementation).
    Refused { kind: ErrorKind, message: String },
    /// We closed it: the peer broke the protocol.
    Violation(Violation),
    /// The peer closed the connection without a word.
    Closed,
    /// Nothing heard from the peer for the peer timeout.
    Silent,
    /// The connection failed.
    Lost(NetError),
    /// The joiner could not reach the host at `addr`.
    CannotConnect { addr: SocketAddr, error: NetError },
}

impl fmt::Display for Disconnect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Disconnect::Refused { kind, message } => {
                write!(f, "the other side refused: {kind} ({message})")
            }
            Disconnect::Violation(v) => {
                write!(f, "a bad message from the other side: {}: {v}", v.kind())
            }
            Disconnect::Closed => f.write_str("the connection was closed"),
            Disconnect::Silent => f.write_str("nothing heard for too long"),
            Disconnect::Lost(e) => write!(f, "network error: {e}"),
            Disconnect::CannotConnect { addr, error } => {
                write!(f, "cannot connect to {addr}: {error}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_violation_says_its_kind_on_the_wire_and_names_its_data() {
        let cases = [
            (
                Violation::Version { ours: 1, theirs: 2 },
                ErrorKind::Version,
                "2",
            ),
            (Violation::WrongCode, ErrorKind::WrongCode, "join code"),
            (
                Violation::SeatTaken {
                    player: "Jun".into(),
                },
                ErrorKind::Busy,
                "Jun",
            ),
            (
                Violation::MoveNumber {
                    got: 5,
                    expected: 3,
                },
                ErrorKind::Desync,
                "move 3 expected",
            ),
            (Violation::Oversized, ErrorKind::Oversized, "65536"),
            (
                Illegal::NotYourTurn {
                    to_move: Color::White,
                }
                .into(),
                ErrorKind::IllegalMove,
                "White",
            ),
        ];
        for (violation, kind, words) in cases {
            assert_eq!(violation.kind(), kind, "{violation}");
            assert!(violation.to_string().contains(words), "{violation}");
        }
    }
}
