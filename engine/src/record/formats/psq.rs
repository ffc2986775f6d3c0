//! Piskvork `.psq` files, as the Piskvork manager and Gomocup write them.
//!
//! ```text
//! Piskvorky 15x15, 0:3, 0      size, seat kinds (0 human, level+1 AI), seat that moved first
//! 8,8,0                        x,y,t per move: 1-based, x = column, y = row from the top, t = ms used
//! 9,7,1520
//! Ann                          optional: the two seats' names
//! Computer
//! -1                           optional: error code (-1 = none)
//! ```
//!
//! * Written: the header with seat 0 = Black (so the last number is 0), one
//!   line per move with its time from [`Metadata::move_times_ms`] (0 where
//!   unknown), the names when either player has one (line breaks become
//!   spaces and commas semicolons, so a name never reads back as a move), and
//!   `-1`. An AI's seat number is its level + 1 when the level name is a
//!   number, else 1; the save format is the one that keeps level names.
//! * Read: a square board of a supported size; move lines while they have
//!   the shape `int,int` or `int,int,int`; then at most three lines: one is
//!   the error code, two are names, three are names and the error code. The
//!   rule is not in the file: the caller gives it. A seat marked above 0 is
//!   an AI named by its level number; all-zero times count as "not kept".
//!   An off-board or occupied point, a move after the game ended, or a
//!   forbidden point other than the last move (see [`super`]) is an error
//!   naming the line. Result, date and comment are not in the format.

use super::error::prepare;
use super::replay::{SourceMove, move_error, replay};
use super::{ErrorKind, Format, FormatError, Metadata, MoveProblem, Player, PlayerKind, Record};
use crate::board::{ParsePointError, Point};
use crate::rules::Rule;
use std::fmt::Write;

const FORMAT: Format = Format::Psq;
const HEADER: &str = "Piskvorky";

/// The psq text of `record`.
pub fn write(record: &Record) -> String {
    let game = &record.game;
    let meta = &record.meta;
    let size = game.size();
    let mut out = format!(
        "{HEADER} {size}x{size}, {}:{}, 0\n",
        seat_code(&meta.black),
        seat_code(&meta.white)
    );
    for (i, p) in game.moves().iter().enumerate() {
        let ms = meta.move_times_ms.get(i).copied().unwrap_or(0);
        let _ = writeln!(out, "{},{},{ms}", p.x + 1, p.y + 1);
    }
    if !meta.black.name.is_empty() || !meta.white.name.is_empty() {
        let _ = writeln!(out, "{}", clean_name(&meta.black.name));
        let _ = writeln!(out, "{}", clean_name(&meta.white.name));
    }
    out.push_str("-1\n");
    out
}

fn seat_code(player: &Player) -> u64 {
    match &player.kind {
        // Piskvork has no code for a remote person: a human.
        PlayerKind::Human | PlayerKind::Remote => 0,
        PlayerKind::Ai { level } => level
            .trim()
            .parse::<u64>()
            .map_or(1, |n| n.saturating_add(1)),
    }
}

fn clean_name(name: &str) -> String {
    name.replace(['\r', '\n'], " ")
        .replace(',', ";")
        .trim()
        .to_string()
}

fn syntax(line: usize, what: &str) -> FormatError {
    FormatError::new(FORMAT, ErrorKind::Syntax(what.to_string())).at_line(line)
}

/// An integer field: optional minus sign, then digits.
fn integer(field: &str, line: usize) -> Result<i64, FormatError> {
    let field = field.trim();
    let digits = field.strip_prefix('-').unwrap_or(field);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(syntax(line, &format!("'{field}' is not a whole number")));
    }
    field
        .parse()
        .map_err(|_| syntax(line, &format!("the number {field} is too large")))
}

/// Whether a line has the shape of a move, `int,int` or `int,int,int`.
fn is_move_line(line: &str) -> bool {
    let fields: Vec<&str> = line.split(',').collect();
    (2..=3).contains(&fields.len())
        && fields.iter().all(|f| {
            let f = f.trim();
            let digits = f.strip_prefix('-').unwrap_or(f);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        })
}

struct Header {
    size: usize,
    seats: [u64; 2],
    first: usize,
}

fn parse_header(line: &str) -> Result<Header, FormatError> {
    let expected = "the first line must be 'Piskvorky <width>x<height>, <o1>:<o2>, <first>'";
    let rest = line
        .strip_prefix(HEADER)
        .ok_or_else(|| syntax(1, expected))?;
    let fields: Vec<&str> = rest.split(',').collect();
    let [dims, seats, first] = fields[..] else {
        return Err(syntax(1, expected));
    };
    let (w, h) = dims
        .trim()
        .split_once('x')
        .ok_or_else(|| syntax(1, expected))?;
    let (o1, o2) = seats
        .trim()
        .split_once(':')
        .ok_or_else(|| syntax(1, expected))?;
    let number = |f: &str| -> Result<u64, FormatError> {
        u64::try_from(integer(f, 1)?).map_err(|_| syntax(1, &format!("'{}' is negative", f.trim())))
    };
    let (w, h) = (number(w)?, number(h)?);
    if w != h {
        return Err(FormatError::new(
            FORMAT,
            ErrorKind::Unsupported(format!(
                "the board is {w}x{h}; only square boards are played"
            )),
        )
        .at_line(1));
    }
    let first = match number(first)? {
        f @ (0 | 1) => f as usize,
        other => {
            return Err(syntax(
                1,
                &format!("the first player must be 0 or 1, not {other}"),
            ));
        }
    };
    Ok(Header {
        size: usize::try_from(w).unwrap_or(usize::MAX),
        seats: [number(o1)?, number(o2)?],
        first,
    })
}

fn seat_player(code: u64, name: Option<&str>) -> Player {
    Player {
        name: name.unwrap_or("").to_string(),
        kind: match code {
            0 => PlayerKind::Human,
            n => PlayerKind::Ai {
                level: (n - 1).to_string(),
            },
        },
    }
}

/// Reads a psq file; `rule` is the rule the game was played under.
pub fn read(text: &str, rule: Rule) -> Result<Record, FormatError> {
    let text = prepare(FORMAT, text)?;
    let mut lines = text.split('\n').enumerate().map(|(i, l)| {
        let offset = l.as_ptr() as usize - text.as_ptr() as usize;
        (i + 1, offset, l.trim())
    });
    let (_, _, first) = lines
        .next()
        .filter(|(_, _, l)| !l.is_empty())
        .ok_or_else(|| syntax(1, "the file is empty"))?;
    let header = parse_header(first)?;
    let size = header.size;
    // The size is checked before the moves so that a bad size is reported as such.
    super::replay::new_game(FORMAT, rule, size).map_err(|e| e.at_line(1))?;

    let mut moves = Vec::new();
    let mut times = Vec::new();
    let mut trailer = Vec::new();
    for (number, offset, line) in lines.by_ref() {
        if !is_move_line(line) {
            trailer.push((number, line));
            break;
        }
        let fields: Vec<&str> = line.split(',').collect();
        let (x, y) = (integer(fields[0], number)?, integer(fields[1], number)?);
        let ms = match fields.get(2) {
            Some(t) => u64::try_from(integer(t, number)?)
                .map_err(|_| syntax(number, "a move cannot take negative time"))?,
            None => 0,
        };
        // 1-based in the file; anything below 1 (down to i64::MIN) is off the board.
        let zero_based = |v: i64| v.checked_sub(1).and_then(|v| usize::try_from(v).ok());
        let point = zero_based(x)
            .zip(zero_based(y))
            .and_then(|(x, y)| Point::checked(x, y, size));
        let Some(point) = point else {
            let problem = MoveProblem::Notation(ParsePointError::OffBoard {
                text: line.to_string(),
                size,
            });
            return Err(move_error(
                FORMAT,
                text,
                moves.len() + 1,
                line,
                Some(offset),
                problem,
            ));
        };
        moves.push(SourceMove {
            point,
            text: line.to_string(),
            offset: Some(offset),
        });
        times.push(ms);
    }
    trailer.extend(lines.map(|(number, _, line)| (number, line)));
    while trailer.last().is_some_and(|(_, l)| l.is_empty()) {
        trailer.pop();
    }
    let names = read_trailer(&trailer)?;

    let game = replay(FORMAT, text, rule, size, None, &moves)?;
    let seat = |i: usize| seat_player(header.seats[i], names.map(|n| n[i]));
    let (black, white) = (seat(header.first), seat(1 - header.first));
    if times.iter().all(|&t| t == 0) {
        times.clear();
    }
    Ok(Record {
        game,
        meta: Metadata {
            black,
            white,
            move_times_ms: times,
            ..Metadata::default()
        },
    })
}

/// The lines after the moves: `[name1, name2,] [errCode]`.
fn read_trailer<'a>(trailer: &[(usize, &'a str)]) -> Result<Option<[&'a str; 2]>, FormatError> {
    let error_code = |&(number, line): &(usize, &str)| {
        integer(line, number).map(|_| ()).map_err(|_| {
            let what = format!(
                "expected a move 'x,y,t', two player names or an error code, found '{line}'"
            );
            syntax(number, &what)
        })
    };
    match trailer {
        [] => Ok(None),
        [code] => error_code(code).map(|_| None),
        [(_, a), (_, b)] => Ok(Some([a, b])),
        [(_, a), (_, b), code] => error_code(code).map(|_| Some([*a, *b])),
        [_, _, _, (number, _), ..] => Err(syntax(
            *number,
            "expected at most two names and an error code after the moves",
        )),
    }
}
