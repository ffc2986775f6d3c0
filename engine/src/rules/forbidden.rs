//! Renju forbidden moves for Black, following the RIF rules literally.
//!
//! * A five (exactly five) wins and overrides everything else.
//! * An overline (six or more in a row) is forbidden.
//! * A double-four — two fours through the stone, on two lines or on one line
//!   (`X.XXX.X`, `XX.XX.XX`, `XXX.X.XXX` completed in a gap) — is forbidden.
//! * A double-three is forbidden. A three is a row to which one stone can be
//!   added to make a straight four "without making a five at the same time";
//!   that stone must itself be legal, judged with the candidate stone on the
//!   board (recursively). A straight four that needs a six is no straight four.
//!
//! Where RIF is literal, so are we: a straight-four point that would also
//! complete a five on another line does not make the three real, because
//! the four would be made "at the same time" as a five.

use super::line::{self, FiveMode, LineShape};
use crate::board::{Board, Cell, Color, Direction, Point};
use std::fmt;

/// Which kind of forbidden move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ForbiddenKind {
    DoubleThree,
    DoubleFour,
    Overline,
}

impl fmt::Display for ForbiddenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ForbiddenKind::DoubleThree => "double-three",
            ForbiddenKind::DoubleFour => "double-four",
            ForbiddenKind::Overline => "overline",
        })
    }
}

/// A forbidden move and the lines that make it so.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Forbidden {
    pub kind: ForbiddenKind,
    /// The lines holding the threes, the fours (one line when both fours lie
    /// on it) or the overline.
    pub directions: Vec<Direction>,
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<&str> = self
            .directions
            .iter()
            .map(|d| match d {
                Direction::Horizontal => "horizontal",
                Direction::Vertical => "vertical",
                Direction::Diagonal => "diagonal \\",
                Direction::AntiDiagonal => "diagonal /",
            })
            .collect();
        match (self.kind, lines.as_slice()) {
            (ForbiddenKind::DoubleFour, [one]) => {
                write!(f, "double-four (two fours on the {one} line)")
            }
            (kind, _) => write!(f, "{kind} ({})", lines.join(" and ")),
        }
    }
}

/// The four line shapes through `index` for Black, as if Black stood there.
fn shapes(board: &Board, index: usize) -> [LineShape; 4] {
    Direction::ALL.map(|dir| line::shape(board, index, dir, Color::Black, FiveMode::ExactlyFive))
}

/// What the stone-level tables alone say about a Black stone at `index`.
enum Verdict {
    Legal,
    Forbidden(Forbidden),
    /// Two or more lines hold a three: the threes must be checked for real.
    CheckThrees([LineShape; 4]),
}

fn verdict(board: &Board, index: usize) -> Verdict {
    let s = shapes(board, index);
    if s.iter().any(|l| l.five) {
        return Verdict::Legal;
    }
    let on = |pred: &dyn Fn(&LineShape) -> bool| -> Vec<Direction> {
        Direction::ALL
            .into_iter()
            .zip(s.iter())
            .filter(|(_, l)| pred(l))
            .map(|(d, _)| d)
            .collect()
    };
    if s.iter().any(|l| l.overline) {
        return Verdict::Forbidden(Forbidden {
            kind: ForbiddenKind::Overline,
            directions: on(&|l| l.overline),
        });
    }
    if s.iter().map(|l| l.fours as usize).sum::<usize>() >= 2 {
        return Verdict::Forbidden(Forbidden {
            kind: ForbiddenKind::DoubleFour,
            directions: on(&|l| l.fours > 0),
        });
    }
    if s.iter().filter(|l| l.three_points != 0).count() >= 2 {
        return Verdict::CheckThrees(s);
    }
    Verdict::Legal
}

/// Judges a Black stone at `index` on a board that may be changed and must
/// be restored: the recursive part of the definition.
fn judge(board: &mut Board, index: usize) -> Option<Forbidden> {
    let s = match verdict(board, index) {
        Verdict::Legal => return None,
        Verdict::Forbidden(f) => return Some(f),
        Verdict::CheckThrees(s) => s,
    };
    board.set(index, Color::Black);
    let mut real = Vec::new();
    for (dir, shape) in Direction::ALL.into_iter().zip(s) {
        let real_three = LineShape::offsets(shape.three_points).any(|steps| {
            let q = (index as isize + dir.stride() * steps) as usize;
            !makes_five_at(board, q) && judge(board, q).is_none()
        });
        if real_three {
            real.push(dir);
        }
    }
    board.clear(index);
    (real.len() >= 2).then_some(Forbidden {
        kind: ForbiddenKind::DoubleThree,
        directions: real,
    })
}

fn makes_five_at(board: &Board, index: usize) -> bool {
    shapes(board, index).iter().any(|l| l.five)
}

/// Why Black may not play at `p` under Renju, or None if Black may.
/// `p` must be empty; the answer does not depend on whose turn it is.
pub fn forbidden(board: &Board, p: Point) -> Option<Forbidden> {
    if board.get(p) != Cell::Empty {
        return None;
    }
    match verdict(board, p.index()) {
        Verdict::Legal => None,
        Verdict::Forbidden(f) => Some(f),
        Verdict::CheckThrees(_) => judge(&mut board.clone(), p.index()),
    }
}

/// Whether Black may not play at `p` under Renju.
pub fn is_forbidden(board: &Board, p: Point) -> bool {
    forbidden(board, p).is_some()
}
