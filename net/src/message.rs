//! The messages on the wire and their encoding: one JSON object per line.
//!
//! See the crate documentation (and `docs/lan-protocol.md`) for the order
//! in which they are exchanged. Everything read from the network goes
//! through [`decode`], which never panics and names what was wrong.

use crate::reason::{TextField, Violation};
use gomoku_engine::opening::{Action, Decision};
use gomoku_engine::{Color, Point, Rule};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Bumped whenever a message changes meaning; peers must agree exactly.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest line (without its newline) either side accepts.
pub const MAX_LINE: usize = 64 * 1024;

/// Player names longer than this (in characters) are refused.
pub const MAX_NAME: usize = 40;

/// Chat lines longer than this (in characters) are refused.
pub const MAX_CHAT: usize = 500;

/// The board size of a LAN game (the game and the terminal play 15×15).
pub const BOARD_SIZE: usize = 15;

/// Clock settings chosen by the host. `None` in [`Message::Welcome`] means
/// untimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSettings {
    /// Thinking time each side starts with.
    pub initial_ms: u64,
    /// Added to a player's time after each of their moves.
    pub increment_ms: u64,
}

/// How a game ended when the moves alone do not say it (fives, forbidden
/// moves and full boards follow from the move list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "snake_case")]
pub enum Ending {
    Resigned { loser: Color },
    Timeout { loser: Color },
    AgreedDraw,
}

/// Why a peer refuses to go on; sent in [`Message::Error`] just before the
/// sender closes the connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The join code in `hello` is not this game's.
    WrongCode,
    /// The peer speaks another protocol version.
    Version,
    /// A line longer than [`MAX_LINE`].
    Oversized,
    /// Not UTF-8, not JSON, an unknown message, or a message out of place.
    Malformed,
    /// A move the rules do not allow (occupied, off the board, forbidden,
    /// out of turn, after the end).
    IllegalMove,
    /// A move or undo numbered for another position than ours.
    Desync,
    /// Someone else already plays this game.
    Busy,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorKind::WrongCode => "wrong join code",
            ErrorKind::Version => "protocol version mismatch",
            ErrorKind::Oversized => "message too long",
            ErrorKind::Malformed => "malformed message",
            ErrorKind::IllegalMove => "illegal move",
            ErrorKind::Desync => "out of sync",
            ErrorKind::Busy => "game already has a second player",
        })
    }
}

/// One step of the opening phase on the wire, e.g. `{"place":"h8"}`,
/// `{"decide":"Swap"}`, `{"declare":5}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Place(WirePoint),
    Decide(Decision),
    Declare(u8),
    Offer(WirePoint),
    Pick(WirePoint),
}

/// A point written in `h8` notation on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WirePoint(pub Point);

impl Serialize for WirePoint {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.to_notation(BOARD_SIZE))
    }
}

impl<'de> Deserialize<'de> for WirePoint {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Point::parse(&text, BOARD_SIZE)
            .map(WirePoint)
            .map_err(serde::de::Error::custom)
    }
}

impl From<Action> for Step {
    fn from(action: Action) -> Step {
        match action {
            Action::Place(p) => Step::Place(WirePoint(p)),
            Action::Decide(d) => Step::Decide(d),
            Action::Declare(n) => Step::Declare(n),
            Action::Offer(p) => Step::Offer(WirePoint(p)),
            Action::Pick(p) => Step::Pick(WirePoint(p)),
        }
    }
}

impl From<Step> for Action {
    fn from(step: Step) -> Action {
        match step {
            Step::Place(p) => Action::Place(p.0),
            Step::Decide(d) => Action::Decide(d),
            Step::Declare(n) => Action::Declare(n),
            Step::Offer(p) => Action::Offer(p.0),
            Step::Pick(p) => Action::Pick(p.0),
        }
    }
}

/// One line of the protocol. On the wire: `{"type":"move","number":3,"at":"j10"}`.
///
/// Points are written in `h8` notation on a [`BOARD_SIZE`] board (column
/// letter from `a` on the left, row from 1 at the bottom).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Message {
    /// Joiner → host, the first line: who joins, with which code.
    Hello {
        version: u32,
        name: String,
        code: String,
    },
    /// Host → joiner after a good `hello`, and again before a new game:
    /// the host's name and the game's settings.
    Welcome {
        version: u32,
        name: String,
        /// The joiner's colour at the start (the opening's swaps may change
        /// it: `sync` carries them).
        you: Color,
        rule: Rule,
        /// `free`, `swap`, `swap2`, `soosorv8` or `taraguchi10`.
        opening: String,
        size: usize,
        clock: Option<ClockSettings>,
    },
    /// Host → joiner after `welcome` (joining, reconnecting, new game): the
    /// whole game so far, which the joiner replays from the empty board.
    Sync {
        /// Move string, e.g. `h8i9j10`.
        moves: String,
        ended: Option<Ending>,
        /// The opening's steps so far, in order; the first stones of
        /// `moves` are the ones these steps placed.
        #[serde(default)]
        opening: Vec<Step>,
    },
    /// A move; `number` counts from 1 for Black's first move and must be
    /// the receiver's move count + 1.
    Move {
        number: u32,
        at: String,
    },
    /// A step of the opening phase by the player whose turn it is there;
    /// `number` counts the opening's steps from 1.
    OpeningStep {
        number: u32,
        step: Step,
    },
    /// Asks to take back moves until the sender is to move again; `moves`
    /// is the number of moves on the board when asking.
    UndoRequest {
        moves: u32,
    },
    /// Answers an `undo_request` for the same `moves`.
    UndoReply {
        moves: u32,
        accept: bool,
    },
    DrawOffer,
    DrawReply {
        accept: bool,
    },
    Resign,
    Chat {
        text: String,
    },
    /// Host → joiner: the clocks (sent after every move and every second
    /// while a clock runs). `running` is the side whose time is going down.
    Clock {
        black_ms: u64,
        white_ms: u64,
        running: Option<Color>,
    },
    /// Host → joiner: the game ended in a way only the host can see (a flag
    /// fell).
    GameOver {
        ended: Ending,
    },
    /// Sent when nothing else was sent for a while; proves the link lives.
    Heartbeat,
    /// The sender refuses to go on and closes the connection.
    Error {
        kind: ErrorKind,
        message: String,
    },
}

/// The message as one line, newline included.
pub fn encode(message: &Message) -> String {
    // Serialising these types cannot fail: no maps with non-string keys.
    let mut line = serde_json::to_string(message).expect("messages serialise");
    line.push('\n');
    line
}

/// Reads one line (without its newline) as a message.
pub fn decode(line: &[u8]) -> Result<Message, Violation> {
    if line.len() > MAX_LINE {
        return Err(Violation::Oversized);
    }
    let text = std::str::from_utf8(line).map_err(|_| Violation::NotUtf8)?;
    let text = text.strip_suffix('\r').unwrap_or(text);
    let message: Message = serde_json::from_str(text).map_err(|e| Violation::NotAMessage {
        detail: e.to_string(),
    })?;
    check_text(&message)?;
    Ok(message)
}

/// Text that others will print: bounded, and without control characters
/// (a terminal would obey escape sequences hidden in a name or a chat line).
fn check_text(message: &Message) -> Result<(), Violation> {
    let (field, text, limit) = match message {
        Message::Hello { name, .. } | Message::Welcome { name, .. } => {
            (TextField::Name, name, MAX_NAME)
        }
        Message::Chat { text } => (TextField::Chat, text, MAX_CHAT),
        Message::Error { message, .. } => (TextField::ErrorMessage, message, MAX_CHAT),
        _ => return Ok(()),
    };
    if text.chars().count() > limit {
        return Err(Violation::TooLong { field, limit });
    }
    if text.chars().any(char::is_control) {
        return Err(Violation::ControlCharacters { field });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_kind_of_message() -> Vec<Message> {
        vec![
            Message::Hello {
                version: PROTOCOL_VERSION,
                name: "Ann \"the\" player".into(),
                code: "K7M2QX".into(),
            },
            Message::Welcome {
                version: PROTOCOL_VERSION,
                name: "Host".into(),
                you: Color::White,
                rule: Rule::Renju,
                opening: "free".into(),
                size: BOARD_SIZE,
                clock: Some(ClockSettings {
                    initial_ms: 300_000,
                    increment_ms: 5_000,
                }),
            },
            Message::Sync {
                moves: "h8i9".into(),
                ended: Some(Ending::Resigned {
                    loser: Color::Black,
                }),
                opening: vec![
                    Step::Place(WirePoint(Point::new(7, 7))),
                    Step::Place(WirePoint(Point::new(8, 6))),
                    Step::Decide(Decision::Swap),
                ],
            },
            Message::OpeningStep {
                number: 4,
                step: Step::Declare(5),
            },
            Message::Move {
                number: 3,
                at: "j10".into(),
            },
            Message::UndoRequest { moves: 4 },
            Message::UndoReply {
                moves: 4,
                accept: true,
            },
            Message::DrawOffer,
            Message::DrawReply { accept: false },
            Message::Resign,
            Message::Chat {
                text: "good game ✓".into(),
            },
            Message::Clock {
                black_ms: 1,
                white_ms: 2,
                running: None,
            },
            Message::GameOver {
                ended: Ending::AgreedDraw,
            },
            Message::Heartbeat,
            Message::Error {
                kind: ErrorKind::WrongCode,
                message: "no".into(),
            },
        ]
    }

    #[test]
    fn every_message_is_one_line_and_reads_back() {
        for m in every_kind_of_message() {
            let line = encode(&m);
            assert!(line.ends_with('\n'));
            assert_eq!(line.matches('\n').count(), 1, "{line}");
            assert_eq!(decode(line.trim_end().as_bytes()), Ok(m));
        }
    }

    #[test]
    fn the_wire_format_is_the_documented_one() {
        let line = encode(&Message::Move {
            number: 3,
            at: "j10".into(),
        });
        assert_eq!(line, "{\"type\":\"move\",\"number\":3,\"at\":\"j10\"}\n");
        assert_eq!(
            decode(b"{\"type\":\"heartbeat\"}\r"),
            Ok(Message::Heartbeat)
        );
        let step = encode(&Message::OpeningStep {
            number: 2,
            step: Step::Offer(WirePoint(Point::new(7, 7))),
        });
        assert_eq!(
            step,
            "{\"type\":\"opening_step\",\"number\":2,\"step\":{\"offer\":\"h8\"}}\n"
        );
        // Points off the board do not even parse.
        let off = b"{\"type\":\"opening_step\",\"number\":1,\"step\":{\"place\":\"z99\"}}";
        assert_eq!(decode(off).unwrap_err().kind(), ErrorKind::Malformed);
    }

    #[test]
    fn bad_lines_are_named_errors() {
        let kind = |line: &[u8]| decode(line).unwrap_err().kind();
        assert_eq!(kind(b"\xff\xfe garbage"), ErrorKind::Malformed);
        assert_eq!(kind(b"hello"), ErrorKind::Malformed);
        assert_eq!(kind(b"{\"type\":\"teleport\"}"), ErrorKind::Malformed);
        assert_eq!(
            kind(b"{\"type\":\"move\",\"number\":-1,\"at\":\"h8\"}"),
            ErrorKind::Malformed
        );
        assert_eq!(
            kind(b"{\"type\":\"move\",\"number\":1,\"at\":\"h8\",\"x\":1}"),
            ErrorKind::Malformed
        );
        assert_eq!(kind(&vec![b' '; MAX_LINE + 1]), ErrorKind::Oversized);
        let long_chat = encode(&Message::Chat {
            text: "x".repeat(MAX_CHAT + 1),
        });
        assert_eq!(kind(long_chat.trim_end().as_bytes()), ErrorKind::Malformed);
        // An escape sequence in a name would be obeyed by the other terminal.
        let escape = encode(&Message::Hello {
            version: PROTOCOL_VERSION,
            name: "\u{1b}[2Jboo".into(),
            code: "X".into(),
        });
        assert_eq!(
            decode(escape.trim_end().as_bytes()),
            Err(Violation::ControlCharacters {
                field: TextField::Name
            })
        );
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for len in 0..2000 {
            let bytes: Vec<u8> = (0..len % 300)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state as u8
                })
                .collect();
            assert!(decode(&bytes).is_err(), "{bytes:?}");
        }
    }
}
