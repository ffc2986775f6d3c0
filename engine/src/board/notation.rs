//! The two coordinate notations of the field.
//!
//! * `x,y` — 0-based, x = column from the left, y = row from the top
//!   (the Gomocup protocol).
//! * `h8` — a letter for the column (`a` = left, `i` included) and a number
//!   for the row counted from the bottom, starting at 1 (Renju diagrams;
//!   `h8` is the centre of a 15×15 board). Move strings such as `h8i9j10`
//!   are these written one after another.

use super::{MAX_SIZE, Point};
use std::fmt;

/// Why a point or a move list could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePointError {
    /// The text is neither `x,y` nor `h8`.
    Syntax(String),
    /// Well formed, but outside a board of this size.
    OffBoard { text: String, size: usize },
}

impl fmt::Display for ParsePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePointError::Syntax(t) => {
                write!(
                    f,
                    "'{t}' is not a point (expected a column letter and row number like h8, or x,y like 7,7)"
                )
            }
            ParsePointError::OffBoard { text, size } => {
                write!(f, "'{text}' is off a {size}x{size} board")
            }
        }
    }
}

impl std::error::Error for ParsePointError {}

impl Point {
    /// Reads `h8` or `x,y` (spaces around the comma allowed) on a board of `size`.
    pub fn parse(text: &str, size: usize) -> Result<Point, ParsePointError> {
        let t = text.trim();
        let syntax = || ParsePointError::Syntax(t.to_string());
        let (x, y) = if let Some((a, b)) = t.split_once(',') {
            let x: usize = a.trim().parse().map_err(|_| syntax())?;
            let y: usize = b.trim().parse().map_err(|_| syntax())?;
            (x, y)
        } else {
            let ((x, row), used) = read_letter_number(t).ok_or_else(syntax)?;
            if t.len() != used {
                return Err(syntax());
            }
            if row == 0 || row > size {
                return Err(ParsePointError::OffBoard {
                    text: t.to_string(),
                    size,
                });
            }
            (x, size - row)
        };
        Point::checked(x, y, size).ok_or(ParsePointError::OffBoard {
            text: t.to_string(),
            size,
        })
    }

    /// `(x, y)` as a point when it lies on a board of `size`.
    pub fn checked(x: usize, y: usize, size: usize) -> Option<Point> {
        (x < size && y < size && size <= MAX_SIZE).then(|| Point::new(x as u8, y as u8))
    }

    /// The `h8` form on a board of `size` (rows counted from the bottom).
    pub fn to_notation(self, size: usize) -> String {
        format!("{}{}", (b'a' + self.x) as char, size - self.y as usize)
    }

    /// The protocol form `x,y`.
    pub fn to_xy(self) -> String {
        format!("{},{}", self.x, self.y)
    }
}

/// Reads one `letter + number` point at the start of `s`: returns the column
/// and the row number as written (from the bottom), and the bytes used.
fn read_letter_number(s: &str) -> Option<((usize, usize), usize)> {
    let bytes = s.as_bytes();
    let letter = *bytes.first()?;
    if !letter.is_ascii_alphabetic() {
        return None;
    }
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let row: usize = s[1..1 + digits].parse().ok()?;
    let x = (letter.to_ascii_lowercase() - b'a') as usize;
    Some(((x, row), 1 + digits))
}

/// Parses a move string like `h8i9j10` (or with separators: `h8 i9,j10`) on a
/// board of `size` into points in play order.
pub fn parse_move_list(text: &str, size: usize) -> Result<Vec<Point>, ParsePointError> {
    let mut points = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let ((x, row), used) = read_letter_number(rest)
            .ok_or_else(|| ParsePointError::Syntax(rest.chars().take(6).collect::<String>()))?;
        let token = &rest[..used];
        // Two-digit rows: "h10" is row 10 unless the board has fewer rows, in
        // which case "h1" followed by a column letter can't be confused anyway.
        let point = (row >= 1 && row <= size)
            .then(|| Point::checked(x, size - row, size))
            .flatten()
            .ok_or_else(|| ParsePointError::OffBoard {
                text: token.to_string(),
                size,
            })?;
        points.push(point);
        rest = rest[used..].trim_start_matches(|c: char| c.is_whitespace() || c == ',' || c == ';');
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_notations_name_the_same_points() {
        assert_eq!(Point::parse("h8", 15).unwrap(), Point::new(7, 7));
        assert_eq!(Point::parse("7,7", 15).unwrap(), Point::new(7, 7));
        assert_eq!(Point::parse("a1", 15).unwrap(), Point::new(0, 14));
        assert_eq!(Point::parse("a15", 15).unwrap(), Point::new(0, 0));
        assert_eq!(Point::parse("O15", 15).unwrap(), Point::new(14, 0));
        assert_eq!(Point::parse(" 3 , 12 ", 15).unwrap(), Point::new(3, 12));
        assert_eq!(Point::parse("t20", 20).unwrap(), Point::new(19, 0));
    }

    #[test]
    fn printing_round_trips_on_every_point_and_size() {
        for size in [5, 15, 19, 20, 22] {
            for y in 0..size {
                for x in 0..size {
                    let p = Point::new(x as u8, y as u8);
                    assert_eq!(Point::parse(&p.to_notation(size), size), Ok(p));
                    assert_eq!(Point::parse(&p.to_xy(), size), Ok(p));
                }
            }
        }
    }

    #[test]
    fn garbage_is_an_error() {
        for bad in [
            "", "h", "8", "h0", "p1", "h16", "15,0", "0,15", "-1,2", "h8x", "hh8", "1,2,3", "h100",
            "é8",
        ] {
            assert!(Point::parse(bad, 15).is_err(), "{bad:?} should not parse");
        }
        assert!(matches!(
            Point::parse("p1", 15),
            Err(ParsePointError::OffBoard { .. })
        ));
        assert!(matches!(
            Point::parse("h", 15),
            Err(ParsePointError::Syntax(_))
        ));
    }

    #[test]
    fn move_lists() {
        let moves = parse_move_list("h8i9j10", 15).unwrap();
        assert_eq!(
            moves,
            vec![Point::new(7, 7), Point::new(8, 6), Point::new(9, 5)]
        );
        assert_eq!(parse_move_list("h8 i9, j10", 15).unwrap(), moves);
        assert_eq!(parse_move_list("", 15).unwrap(), vec![]);
        assert!(parse_move_list("h8i9z1", 15).is_err());
        assert!(parse_move_list("h8!i9", 15).is_err());
        assert!(parse_move_list("h8i", 15).is_err());
    }
}
