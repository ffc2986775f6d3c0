//! The engine's fuzz checks: the game-record readers, format detection and
//! the brain's line reader and protocol loop.

use gomoku_engine::protocol::{Brain, LineReader};
pub use gomoku_engine::record::formats::Format;
use gomoku_engine::record::formats::Record;
use gomoku_engine::{Point, Rule};
use std::io::Cursor;

/// The rules and sizes a reader is asked to use where the format does not
/// say (psq has no rule, a move string neither rule nor size): the one with
/// forbidden moves on the standard board, and a large exactly-five board.
const ASSUMED: [(Rule, usize); 2] = [(Rule::Renju, 15), (Rule::Standard, 20)];

/// Reads `data` as `format`. Bad input must be an error, never a panic;
/// whatever is accepted must be a record that writes and reads back the same.
pub fn record(format: Format, data: &[u8]) {
    for (rule, size) in ASSUMED {
        if let Ok(read) = format.read(data, rule, size) {
            assert_rewrites_the_same(format, &read, rule, size);
        }
    }
}

/// What the load dialog does with a file of unknown type: detect, then read.
pub fn detected(data: &[u8]) {
    if let Some(format) = Format::detect(data) {
        record(format, data);
    }
}

fn assert_rewrites_the_same(format: Format, read: &Record, rule: Rule, size: usize) {
    let text = format.write(read);
    let again = format
        .read(text.as_bytes(), rule, size)
        .unwrap_or_else(|e| panic!("accepted, but its rewrite is refused: {e}\n{text}"));
    assert_eq!(again.game.moves(), read.game.moves(), "{text}");
    assert_eq!(again.game.rule(), read.game.rule(), "{text}");
    assert_eq!(again.game.result(), read.game.result(), "{text}");
}

/// INFO keys that lengthen the search; the harness keeps its own small
/// limits so that a run spends its time on the protocol, not on thinking.
const LIMIT_KEYS: [&str; 5] = [
    "max_node",
    "max_depth",
    "timeout_turn",
    "timeout_match",
    "time_left",
];
const LIMITS: [&str; 3] = [
    "INFO max_node 200",
    "INFO max_depth 1",
    "INFO timeout_turn 0",
];

/// Whether `line` would change the search limits the harness set.
fn changes_limits(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let is_info = words.next().is_some_and(|w| w.eq_ignore_ascii_case("INFO"));
    is_info
        && words
            .next()
            .is_some_and(|key| LIMIT_KEYS.iter().any(|k| key.eq_ignore_ascii_case(k)))
}

/// Feeds `data` to a brain as the manager's input, split into lines the way
/// the brain's reader thread splits them. Every answer must be one line;
/// the search must never panic or propose an illegal move (the brain says
/// so in a DEBUG line before falling back); a move it answers must be on
/// its board afterwards.
pub fn protocol(data: &[u8]) {
    let mut brain = Brain::new();
    for limit in LIMITS {
        assert!(brain.respond(limit).is_empty());
    }
    let mut reader = LineReader::new(Cursor::new(data));
    while let Ok(Some(line)) = reader.next_line() {
        if changes_limits(&line) {
            continue;
        }
        for reply in brain.respond(&line) {
            assert!(
                !reply.contains(['\n', '\r']),
                "a reply spans lines: {reply:?}"
            );
            assert!(
                !reply.starts_with("DEBUG the search panicked")
                    && !reply.starts_with("DEBUG search proposed"),
                "{reply} (after {line:?})"
            );
            if let Some(p) = answered_move(&reply) {
                let board = brain.board().expect("a move needs a board");
                assert!(
                    board.get(p).color().is_some(),
                    "answered {reply}, not on the board"
                );
            }
        }
        if brain.is_finished() {
            break;
        }
    }
}

/// The point of a move answer `x,y`.
fn answered_move(reply: &str) -> Option<Point> {
    let (x, y) = reply.split_once(',')?;
    Some(Point::new(x.parse().ok()?, y.parse().ok()?))
}
