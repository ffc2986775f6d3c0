//! The link's reasons (`gomoku_net`'s [`Disconnect`], [`Violation`],
//! [`Refusal`]) in the player's language. The link gives them as data; the
//! words are the string tables' (`src/i18n/network.rs`). Only a peer's own
//! words in its `error` message and the system's text of a rare network
//! error are shown as they came.

use crate::i18n::opening::opening_error_text;
use crate::i18n::{Language, color_name, game_result_text, t, tf};
use crate::play::game::refusal;
use gomoku_engine::opening::OpeningError;
use gomoku_engine::record::MoveError;
use gomoku_engine::{GameResult, IllegalMove};
use gomoku_net::{
    Disconnect, ErrorKind, Illegal, NetError, Outcome, Refusal, TextField, Violation,
};
use std::io;

/// Why the connection ended, e.g. "the other side refused: wrong join code".
pub fn disconnect_text(lang: Language, why: &Disconnect) -> String {
    match why {
        // The peer's own words would be English: its kind says the same.
        Disconnect::Refused { kind, .. } => tf(lang, "lan.why.refused", &[&kind_text(lang, *kind)]),
        Disconnect::Violation(v) => tf(lang, "lan.why.bad_message", &[&violation_text(lang, v)]),
        Disconnect::Closed => t(lang, "lan.why.closed").to_string(),
        Disconnect::Silent => t(lang, "lan.why.silent").to_string(),
        Disconnect::Lost(e) => net_error_text(lang, e),
        Disconnect::CannotConnect { addr, error } => tf(
            lang,
            "lan.why.cannot_connect",
            &[addr, &net_error_text(lang, error)],
        ),
    }
}

/// The kind of an `error` message.
pub fn kind_text(lang: Language, kind: ErrorKind) -> &'static str {
    t(
        lang,
        match kind {
            ErrorKind::WrongCode => "lan.kind.wrong_code",
            ErrorKind::Version => "lan.kind.version",
            ErrorKind::Oversized => "lan.kind.oversized",
            ErrorKind::Malformed => "lan.kind.malformed",
            ErrorKind::IllegalMove => "lan.kind.illegal_move",
            ErrorKind::Desync => "lan.kind.desync",
            ErrorKind::Busy => "lan.kind.busy",
        },
    )
}

/// What was wrong with a peer's message.
pub fn violation_text(lang: Language, v: &Violation) -> String {
    match v {
        Violation::Oversized => tf(lang, "lan.bad.oversized", &[&gomoku_net::MAX_LINE]),
        Violation::NotUtf8 => t(lang, "lan.bad.not_utf8").to_string(),
        Violation::NotAMessage { .. } => t(lang, "lan.bad.not_a_message").to_string(),
        Violation::TooLong { field, limit } => tf(
            lang,
            "lan.bad.too_long",
            &[&field_text(lang, *field), limit],
        ),
        Violation::ControlCharacters { field } => {
            tf(lang, "lan.bad.control", &[&field_text(lang, *field)])
        }
        Violation::HelloFirst => t(lang, "lan.bad.hello_first").to_string(),
        Violation::NoHelloInTime => t(lang, "lan.bad.no_hello").to_string(),
        Violation::Unexpected { .. } => t(lang, "lan.bad.unexpected").to_string(),
        Violation::Version { ours, theirs } => tf(lang, "lan.bad.version", &[ours, theirs]),
        Violation::BoardSize { theirs } => tf(lang, "lan.bad.board_size", &[theirs]),
        Violation::UnknownOpening { name } => tf(lang, "lan.bad.unknown_opening", &[name]),
        Violation::WrongCode => t(lang, "lan.bad.wrong_code").to_string(),
        Violation::TooManyConnections => t(lang, "lan.bad.too_many").to_string(),
        Violation::SeatTaken { player } => tf(lang, "lan.bad.seat_taken", &[player]),
        Violation::MoveNumber { got, expected } => {
            tf(lang, "lan.bad.move_number", &[got, expected])
        }
        Violation::StepNumber { got, expected } => {
            tf(lang, "lan.bad.step_number", &[got, expected])
        }
        Violation::NoReplay { .. } => t(lang, "lan.bad.no_replay").to_string(),
        Violation::Illegal(illegal) => illegal_text(lang, illegal),
    }
}

/// A move or opening step the game does not allow now.
pub fn illegal_text(lang: Language, illegal: &Illegal) -> String {
    match illegal {
        Illegal::GameOver(outcome) => over_text(lang, outcome),
        Illegal::OpeningNotOver => t(lang, "lan.illegal.opening_not_over").to_string(),
        Illegal::NotYourTurn { to_move } => {
            tf(lang, "lan.illegal.turn", &[&color_name(lang, *to_move)])
        }
        Illegal::OpeningOutOfTurn => t(lang, "lan.illegal.opening_turn").to_string(),
        Illegal::Move { at, error } => refusal(lang, *at, error),
        Illegal::NotAPoint { text } => tf(lang, "lan.illegal.not_a_point", &[text]),
        // A stone of the opening on a point the rules refuse: said as a move's.
        Illegal::Opening(OpeningError::Illegal(
            error @ MoveError::Illegal(
                IllegalMove::OffBoard(at)
                | IllegalMove::Occupied(at)
                | IllegalMove::Forbidden(at, _),
            ),
        )) => refusal(lang, *at, error),
        Illegal::Opening(error) => opening_error_text(lang, error, None),
    }
}

/// A local action the link did not allow.
pub fn refusal_text(lang: Language, refusal: &Refusal) -> String {
    let key = match refusal {
        Refusal::Illegal(illegal) => return illegal_text(lang, illegal),
        Refusal::GameOver(outcome) => return over_text(lang, outcome),
        Refusal::ChatLength { max } => return tf(lang, "lan.refused.chat_length", &[max]),
        Refusal::NotYourOpeningStep => "lan.refused.not_your_step",
        Refusal::NothingToUndo => "lan.refused.nothing_to_undo",
        Refusal::UndoPending => "lan.refused.undo_pending",
        Refusal::NoUndoAsked => "lan.refused.no_undo_asked",
        Refusal::DrawPending => "lan.refused.draw_pending",
        Refusal::NoDrawOffered => "lan.refused.no_draw_offered",
        Refusal::ChatControlCharacters => "lan.refused.chat_control",
        Refusal::WrongRole => "lan.refused.wrong_role",
        Refusal::AlreadyConnected => "lan.refused.already_connected",
        Refusal::Paused => "lan.refused.paused",
    };
    t(lang, key).to_string()
}

/// "The game is over (Black wins by five)".
fn over_text(lang: Language, outcome: &Outcome) -> String {
    let result = match outcome {
        Outcome::Rules(result) => result.clone(),
        Outcome::AgreedDraw => GameResult::AgreedDraw,
        Outcome::NoLegalMove(side) => GameResult::NoLegalMove { side: *side },
    };
    tf(
        lang,
        "lan.illegal.over",
        &[&game_result_text(lang, &result)],
    )
}

fn field_text(lang: Language, field: TextField) -> &'static str {
    t(
        lang,
        match field {
            TextField::Name => "lan.field.name",
            TextField::Chat => "lan.field.chat",
            TextField::ErrorMessage => "lan.field.error",
        },
    )
}

/// Why hosting did not start: the port (or address) cannot be had, or the
/// command line's `--moves` cannot be played (said in the command line's
/// English).
pub fn cannot_host_text(lang: Language, e: &io::Error) -> String {
    let why = match e.kind() {
        io::ErrorKind::InvalidInput => e.to_string(),
        _ => net_error_text(lang, &NetError::from(e)),
    };
    tf(lang, "lan.cannot_host", &[&why])
}

/// A network failure: the usual ones in words, others in the system's.
pub fn net_error_text(lang: Language, e: &NetError) -> String {
    let key = match e.kind {
        io::ErrorKind::ConnectionRefused => "lan.net.refused",
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => "lan.net.timed_out",
        io::ErrorKind::ConnectionReset
        | io::ErrorKind::ConnectionAborted
        | io::ErrorKind::BrokenPipe
        | io::ErrorKind::NotConnected => "lan.net.broken",
        io::ErrorKind::HostUnreachable | io::ErrorKind::NetworkUnreachable => "lan.net.unreachable",
        io::ErrorKind::AddrInUse => "lan.net.in_use",
        _ => return tf(lang, "lan.net.other", &[&e.text]),
    };
    t(lang, key).to_string()
}
