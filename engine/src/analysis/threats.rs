//! The threat overlay: for a position, the points where each side makes a
//! five, a straight four (from an open three), a four-three or a double
//! three, with the lines involved; and Renju Black's forbidden points with
//! the lines that make them double-three, double-four or overline.

use crate::board::{Board, Cell, Color, Direction, Point};
use crate::eval::Position;
use crate::eval::pattern::{Pattern, Threat};
use crate::rules::{self, ForbiddenKind, Rule};

/// What a stone of `color` on the point would make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ThreatKind {
    /// Completes one of the side's fours.
    Five,
    /// A straight four (an open three grown) or two fours: wins next move.
    StraightFour,
    /// A four and an open three at once.
    FourThree,
    /// Two open threes at once.
    DoubleThree,
}

/// One line through a marked point: its direction and the side's stones on
/// it that take part (within four cells, up to the first enemy stone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub direction: Direction,
    pub stones: Vec<Point>,
}

/// A point where `color` threatens something.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreatPoint {
    pub point: Point,
    pub color: Color,
    pub kind: ThreatKind,
    /// The lines holding threes, fours or the five.
    pub lines: Vec<Line>,
}

/// A point Black may not play (Renju), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForbiddenPoint {
    pub point: Point,
    pub kind: ForbiddenKind,
    pub lines: Vec<Line>,
}

/// Everything the overlay draws for one position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlay {
    /// Both sides' threat points, strongest first, then by board order.
    pub threats: Vec<ThreatPoint>,
    /// Empty unless the rule forbids Black some points.
    pub forbidden: Vec<ForbiddenPoint>,
}

impl Overlay {
    /// The threats of one side.
    pub fn of(&self, color: Color) -> impl Iterator<Item = &ThreatPoint> + '_ {
        self.threats.iter().filter(move |t| t.color == color)
    }
}

/// The overlay of `board` under `rule`.
pub fn overlay(board: &Board, rule: Rule) -> Overlay {
    let pos = Position::new(board, rule);
    let mut threats = Vec::new();
    let mut forbidden = Vec::new();
    for p in board.empty_points() {
        if rule.has_forbidden_moves(Color::Black)
            && let Some(why) = rules::forbidden(board, p)
        {
            forbidden.push(ForbiddenPoint {
                point: p,
                kind: why.kind,
                lines: why
                    .directions
                    .iter()
                    .map(|&d| line(board, p, d, Color::Black))
                    .collect(),
            });
            threats.extend(threat_at(board, &pos, p, Color::White));
            continue;
        }
        for color in [Color::Black, Color::White] {
            threats.extend(threat_at(board, &pos, p, color));
        }
    }
    threats.sort_by_key(|t| t.kind);
    Overlay { threats, forbidden }
}

fn threat_at(board: &Board, pos: &Position, p: Point, color: Color) -> Option<ThreatPoint> {
    let kind = match pos.threat(p.index(), color) {
        Threat::Five => ThreatKind::Five,
        Threat::Flex4 => ThreatKind::StraightFour,
        Threat::FourThree => ThreatKind::FourThree,
        // Renju Black's real double threes are forbidden points, listed
        // apart; one the rules allow has a fake three.
        Threat::ThreeThree if !pos.rule().has_forbidden_moves(color) => ThreatKind::DoubleThree,
        _ => return None,
    };
    let patterns = pos.patterns(p.index(), color);
    let lines = Direction::ALL
        .into_iter()
        .zip(patterns)
        .filter(|(_, pat)| (Pattern::F3..=Pattern::F5).contains(pat))
        .map(|(d, _)| line(board, p, d, color))
        .collect();
    Some(ThreatPoint {
        point: p,
        color,
        kind,
        lines,
    })
}

/// `color`'s stones on the line through `p` in `direction`.
fn line(board: &Board, p: Point, direction: Direction, color: Color) -> Line {
    let mut stones = Vec::new();
    for sign in [-1, 1] {
        for steps in 1..=4 {
            let Some(q) = p.offset(direction, sign * steps, board.size()) else {
                break;
            };
            match board.get(q) {
                c if c == Cell::stone(color) => stones.push(q),
                Cell::Empty => {}
                _ => break,
            }
        }
    }
    stones.sort_by_key(|q| (q.y, q.x));
    Line { direction, stones }
}
