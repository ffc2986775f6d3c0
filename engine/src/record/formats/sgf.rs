//! SGF FF\[4\] (Smart Game Format) for Gomoku and Renju.
//!
//! ```text
//! (;FF[4]GM[4]SZ[15]CA[UTF-8]AP[gomoku]RU[renju]PB[Ann]PW[Computer]RE[B+]DT[2026-11-30]
//! ;B[hh];W[ii];B[jj])
//! ```
//!
//! * Written: a single game tree with no variations. Root: `FF[4]`, `GM[4]`,
//!   `SZ`, `CA[UTF-8]`, `AP`, `RU` (`freestyle`, `standard` or `renju`), then
//!   when known `PB`, `PW`, `RE`, `DT` (the date part, `YYYY-MM-DD`) and `GC`
//!   (the comment). One node per move, `B[..]`/`W[..]` with Go-style
//!   coordinates: two letters, column then row, `aa` = top-left. `RE` is `B+`
//!   / `W+` for a five, `W+F` for Black's forbidden move, `B+R` / `W+R` for a
//!   resignation, `B+T` / `W+T` for a timeout, `0` for a draw, absent while
//!   the game goes on. Players' kinds, times and the forbidden-move policy
//!   are not written.
//! * Read: the first game tree of the file and in it the main line (the
//!   first variation at every branch); other variations and trees are
//!   checked for syntax only. `GM[4]` and `GM[1]` (KataGomo writes Gomoku as
//!   Go so that Go viewers open it) are read, any other game is refused; a
//!   missing `GM` counts as Gomoku. `SZ` may be `15` or `15:15`; missing, it
//!   is 15 (19 under `GM[1]`, as the SGF spec says for Go). Values may use
//!   escapes (`\]`, `\\`, and a backslash before a line break joins lines).
//!   Unknown properties are ignored; lower-case letters in property names are
//!   dropped, as FF\[4\] asks for old files. Setup stones (`AB`, `AW`, `AE`)
//!   are refused, since a game is its moves from the empty board.
//! * Rule (`RU`): the text is matched case-insensitively: containing "renju"
//!   → Renju; "standard" or "exact" → Standard; "free" or "gomoku" →
//!   Freestyle; missing → Freestyle. Any other text is an error under `GM[4]`
//!   and ignored (Freestyle) under `GM[1]`, where `RU` usually holds Go rules.
//! * Moves: every move is played through [`crate::record::Game`]. Colours
//!   must alternate from Black (our game derives the colour from the move
//!   number, so a file that gives a move to the other colour is an error,
//!   not silently recoloured). A pass (`B[]`, or `B[tt]` on boards up to
//!   19×19) is an error, as is a node with both `B` and `W`.
//! * Result (`RE`) is informational: the moves decide fives, full-board draws
//!   and forbidden losses. `RE` only adds a resignation (`B+R`, `W+Resign`)
//!   or a timeout (`B+T`, `W+Time`) to a game the moves leave open; other
//!   values (`B+`, a draw by agreement, `?`) then leave it unfinished.
//! * `DT` keeps its leading `YYYY-MM-DD` when it has one; `GC`, or else a
//!   comment `C` on the root node, becomes the comment.

use super::error::prepare;
use super::replay::{SourceMove, move_error, replay};
use super::{
    ErrorKind, Format, FormatError, Metadata, MoveProblem, Player, Record, SavedResult, WinReason,
    date::parse_date,
};
use crate::board::{Color, ParsePointError, Point};
use crate::rules::Rule;
use std::fmt::Write;

const FORMAT: Format = Format::Sgf;

/// The SGF text of `record`.
pub fn write(record: &Record) -> String {
    let game = &record.game;
    let meta = &record.meta;
    let mut out = format!(
        "(;FF[4]GM[4]SZ[{}]CA[UTF-8]AP[gomoku]RU[{}]",
        game.size(),
        game.rule().name()
    );
    let mut property = |id: &str, value: &str| {
        if !value.is_empty() {
            let _ = write!(out, "{id}[{}]", escape(value));
        }
    };
    property("PB", &meta.black.name);
    property("PW", &meta.white.name);
    property("RE", &result_text(SavedResult::of(game)));
    if let Some(date) = meta.date.as_deref().filter(|d| parse_date(d).is_some()) {
        property("DT", &date[..10]);
    }
    property("GC", meta.comment.as_deref().unwrap_or(""));
    out.push('\n');
    for (i, p) in game.moves().iter().enumerate() {
        let color = if Color::of_ply(i) == Color::Black {
            'B'
        } else {
            'W'
        };
        let _ = write!(
            out,
            ";{color}[{}{}]",
            (b'a' + p.x) as char,
            (b'a' + p.y) as char
        );
    }
    out.push_str(")\n");
    out
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

fn result_text(result: SavedResult) -> String {
    match result {
        SavedResult::Unfinished => String::new(),
        SavedResult::Draw => "0".to_string(),
        SavedResult::Win { winner, reason } => {
            let side = if winner == Color::Black { 'B' } else { 'W' };
            let how = match reason {
                WinReason::Five => "",
                WinReason::Forbidden => "F",
                WinReason::Resign => "R",
                WinReason::Timeout => "T",
            };
            format!("{side}+{how}")
        }
    }
}

/// A property of a main-line node with its values (escapes resolved) and the
/// byte offset of each value in the source.
struct Property {
    id: String,
    values: Vec<(String, usize)>,
}

type Node = Vec<Property>;

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn error(&self, offset: usize, what: &str) -> FormatError {
        FormatError::new(FORMAT, ErrorKind::Syntax(what.to_string())).at_offset(self.text, offset)
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    /// The main line of the first game tree. Iterative, so deep nesting costs
    /// a counter, not stack.
    fn main_line(&mut self) -> Result<Vec<Node>, FormatError> {
        self.skip_whitespace();
        if self.peek() != Some(b'(') {
            return Err(self.error(self.pos, "an SGF file starts with '('"));
        }
        self.pos += 1;
        let mut depth = 1usize;
        // The first ')' closes the end of the main line; what follows are
        // other variations, read only to find the end of the tree.
        let mut on_main_line = true;
        let mut nodes = Vec::new();
        while depth > 0 {
            self.skip_whitespace();
            match self.peek() {
                None => {
                    return Err(self.error(
                        self.pos,
                        "the file ends inside the game tree (a ')' is missing)",
                    ));
                }
                Some(b';') => {
                    self.pos += 1;
                    let node = self.node()?;
                    if on_main_line {
                        nodes.push(node);
                    }
                }
                Some(b'(') => {
                    self.pos += 1;
                    depth += 1;
                }
                Some(b')') => {
                    self.pos += 1;
                    depth -= 1;
                    on_main_line = false;
                }
                Some(_) => {
                    return Err(self.error(self.pos, "expected ';', '(' or ')'"));
                }
            }
        }
        if nodes.is_empty() {
            return Err(self.error(self.pos, "the game tree has no node"));
        }
        Ok(nodes)
    }

    fn node(&mut self) -> Result<Node, FormatError> {
        let mut node = Vec::new();
        loop {
            self.skip_whitespace();
            let start = self.pos;
            while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
                self.pos += 1;
            }
            if self.pos == start {
                return Ok(node);
            }
            // FF[4]: lower-case letters in identifiers are ignored (old files
            // wrote "AddBlack" for AB).
            let id: String = self.text[start..self.pos]
                .chars()
                .filter(|c| c.is_ascii_uppercase())
                .collect();
            let mut values = Vec::new();
            self.skip_whitespace();
            while self.peek() == Some(b'[') {
                self.pos += 1;
                let offset = self.pos;
                values.push((self.value(&id)?, offset));
                self.skip_whitespace();
            }
            if values.is_empty() {
                let name = self.text[start..self.pos].trim_end();
                return Err(self.error(start, &format!("property {name} has no [value]")));
            }
            node.push(Property { id, values });
        }
    }

    /// One value after its '[': escapes resolved, up to the closing ']'.
    fn value(&mut self, id: &str) -> Result<String, FormatError> {
        let bytes = self.text.as_bytes();
        let mut out = Vec::new();
        loop {
            match bytes.get(self.pos) {
                None => {
                    return Err(self.error(
                        self.pos,
                        &format!("the file ends inside the value of {id} (a ']' is missing)"),
                    ));
                }
                Some(b']') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => {
                    self.pos += 1;
                    match bytes.get(self.pos) {
                        // A soft line break: backslash + newline is removed.
                        Some(b'\n') | Some(b'\r') => {
                            let pair = &bytes[self.pos..bytes.len().min(self.pos + 2)];
                            self.pos += if pair == b"\r\n" || pair == b"\n\r" {
                                2
                            } else {
                                1
                            };
                        }
                        Some(&b) => {
                            out.push(b);
                            self.pos += 1;
                        }
                        None => {}
                    }
                }
                Some(&b) => {
                    out.push(b);
                    self.pos += 1;
                }
            }
        }
        // Only ASCII backslashes were removed, so the bytes are still UTF-8.
        Ok(String::from_utf8_lossy(&out).into_owned())
    }
}

fn first_value<'a>(node: &'a Node, id: &str) -> Option<&'a (String, usize)> {
    node.iter()
        .find(|p| p.id == id)
        .and_then(|p| p.values.first())
}

/// SimpleText: line breaks become spaces.
fn simple_text(value: &str) -> String {
    value.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Reads the first game of an SGF file.
pub fn read(text: &str) -> Result<Record, FormatError> {
    let text = prepare(FORMAT, text)?;
    let mut parser = Parser { text, pos: 0 };
    let nodes = parser.main_line()?;
    let root = &nodes[0];
    let unsupported = |offset: usize, what: String| {
        FormatError::new(FORMAT, ErrorKind::Unsupported(what)).at_offset(text, offset)
    };
    let number = |(value, offset): &(String, usize), what: &str| {
        value.trim().parse::<usize>().map_err(|_| {
            FormatError::new(
                FORMAT,
                ErrorKind::Syntax(format!("{what} '{}' is not a number", value.trim())),
            )
            .at_offset(text, *offset)
        })
    };

    let game_type = match first_value(root, "GM") {
        Some(gm) => number(gm, "GM")?,
        None => 4,
    };
    if game_type != 4 && game_type != 1 {
        let offset = first_value(root, "GM").map_or(0, |v| v.1);
        return Err(unsupported(
            offset,
            format!("GM[{game_type}] is not Gomoku (GM[4], or GM[1] as Go tools write it)"),
        ));
    }

    let size = match first_value(root, "SZ") {
        None if game_type == 1 => 19,
        None => 15,
        Some((value, offset)) => {
            let (cols, rows) = value.split_once(':').unwrap_or((value, value));
            let cols = number(&(cols.to_string(), *offset), "SZ")?;
            let rows = number(&(rows.to_string(), *offset), "SZ")?;
            if cols != rows {
                return Err(unsupported(
                    *offset,
                    format!("the board is {cols}x{rows}; only square boards are played"),
                ));
            }
            cols
        }
    };
    super::replay::new_game(FORMAT, Rule::Freestyle, size)
        .map_err(|e| e.at_offset(text, first_value(root, "SZ").map_or(0, |v| v.1)))?;

    let rule = match first_value(root, "RU") {
        None => Rule::Freestyle,
        Some((value, offset)) => match rule_from_text(value) {
            Some(rule) => rule,
            None if game_type == 1 => Rule::Freestyle,
            None => {
                return Err(unsupported(
                    *offset,
                    format!(
                        "unknown rule RU[{}] (use freestyle, standard or renju)",
                        simple_text(value)
                    ),
                ));
            }
        },
    };

    let moves = main_line_moves(text, &nodes, size)?;
    let mut game = replay(FORMAT, text, rule, size, None, &moves)?;
    if !game.is_over() {
        let claimed = first_value(root, "RE").and_then(|(v, _)| result_from_text(v));
        if let Some(result) = claimed.and_then(SavedResult::declared) {
            game.set_result(result);
        }
    }

    let name = |id| first_value(root, id).map_or(String::new(), |(v, _)| simple_text(v));
    let date = first_value(root, "DT")
        .map(|(v, _)| v.trim())
        .filter(|d| parse_date(d).is_some())
        .map(|d| d[..10].to_string());
    let comment = first_value(root, "GC")
        .or_else(|| first_value(root, "C"))
        .map(|(v, _)| v.clone())
        .filter(|c| !c.is_empty());
    Ok(Record {
        game,
        meta: Metadata {
            black: Player {
                name: name("PB"),
                ..Player::default()
            },
            white: Player {
                name: name("PW"),
                ..Player::default()
            },
            date,
            comment,
            ..Metadata::default()
        },
    })
}

fn main_line_moves(
    text: &str,
    nodes: &[Node],
    size: usize,
) -> Result<Vec<SourceMove>, FormatError> {
    let mut moves = Vec::new();
    for node in nodes {
        if let Some(setup) = node
            .iter()
            .find(|p| matches!(p.id.as_str(), "AB" | "AW" | "AE"))
        {
            return Err(FormatError::new(
                FORMAT,
                ErrorKind::Unsupported(format!(
                    "setup stones ({}) are not supported: a game is read from the empty board",
                    setup.id
                )),
            )
            .at_offset(text, setup.values[0].1));
        }
        let mut played = node.iter().filter(|p| p.id == "B" || p.id == "W");
        let Some(property) = played.next() else {
            continue;
        };
        let number = moves.len() + 1;
        let (value, offset) = &property.values[0];
        let found = if property.id == "B" {
            Color::Black
        } else {
            Color::White
        };
        let written = format!("{}[{}]", property.id, value);
        let problem = |problem| move_error(FORMAT, text, number, &written, Some(*offset), problem);
        if played.next().is_some() || property.values.len() > 1 {
            return Err(FormatError::new(
                FORMAT,
                ErrorKind::Syntax("a node holds more than one move".to_string()),
            )
            .at_offset(text, *offset));
        }
        let expected = Color::of_ply(moves.len());
        if found != expected {
            return Err(problem(MoveProblem::WrongColor { expected, found }));
        }
        let point = parse_point(value, size).map_err(problem)?;
        moves.push(SourceMove {
            point,
            text: written,
            offset: Some(*offset),
        });
    }
    Ok(moves)
}

/// Two letters, column then row from the top: `aa` is the top-left corner.
fn parse_point(value: &str, size: usize) -> Result<Point, MoveProblem> {
    let v = value.trim();
    if v.is_empty() || (v == "tt" && size <= 19) {
        return Err(MoveProblem::Pass);
    }
    let letter = |b: u8| b.is_ascii_lowercase().then(|| usize::from(b - b'a'));
    match v.as_bytes() {
        &[x, y] => {
            let (x, y) = letter(x)
                .zip(letter(y))
                .ok_or_else(|| MoveProblem::Notation(ParsePointError::Syntax(v.to_string())))?;
            Point::checked(x, y, size).ok_or_else(|| {
                MoveProblem::Notation(ParsePointError::OffBoard {
                    text: v.to_string(),
                    size,
                })
            })
        }
        _ => Err(MoveProblem::Notation(ParsePointError::Syntax(
            v.to_string(),
        ))),
    }
}

fn rule_from_text(text: &str) -> Option<Rule> {
    let t = text.to_ascii_lowercase();
    if t.contains("renju") {
        Some(Rule::Renju)
    } else if t.contains("standard") || t.contains("exact") {
        Some(Rule::Standard)
    } else if t.contains("free") || t.contains("gomoku") {
        Some(Rule::Freestyle)
    } else {
        None
    }
}

/// `RE` as a result; None for "unknown" and anything unreadable.
fn result_from_text(text: &str) -> Option<SavedResult> {
    let t = text.trim();
    if t == "0" || t.eq_ignore_ascii_case("draw") || t.eq_ignore_ascii_case("d") {
        return Some(SavedResult::Draw);
    }
    let (side, reason) = t.split_once('+')?;
    let winner = match side.trim() {
        "B" | "b" => Color::Black,
        "W" | "w" => Color::White,
        _ => return None,
    };
    let reason = match reason.trim().chars().next().map(|c| c.to_ascii_uppercase()) {
        Some('R') => WinReason::Resign,
        Some('T') => WinReason::Timeout,
        Some('F') if winner == Color::White => WinReason::Forbidden,
        _ => WinReason::Five,
    };
    Some(SavedResult::Win { winner, reason })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_example_loads() {
        let example = super::super::save::doc_example(include_str!("sgf.rs"));
        let record = read(&example).unwrap();
        assert_eq!(record.game.rule(), Rule::Renju);
        assert_eq!(record.game.moves().len(), 3);
        assert_eq!(record.meta.white.name, "Computer");
    }
}
