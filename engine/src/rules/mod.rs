//! The rules: who wins, and which moves Black may not play in Renju.

pub mod forbidden;
pub mod line;

pub use forbidden::{Forbidden, ForbiddenKind, forbidden, is_forbidden};
pub use line::{FiveMode, LineShape};

use crate::board::{Board, Cell, Color, Direction, Point};
use std::fmt;

/// The rule set of a game.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Rule {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five wins; an overline wins for nobody.
    Standard,
    /// Black: exactly five wins; overline, double-four and double-three are
    /// forbidden. White: five or more wins, nothing is forbidden.
    Renju,
}

impl Rule {
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// How `color` makes five under this rule.
    pub fn five_mode(self, color: Color) -> FiveMode {
        match (self, color) {
            (Rule::Freestyle, _) | (Rule::Renju, Color::White) => FiveMode::AtLeastFive,
            (Rule::Standard, _) | (Rule::Renju, Color::Black) => FiveMode::ExactlyFive,
        }
    }

    /// Whether `color` has forbidden moves under this rule.
    pub fn has_forbidden_moves(self, color: Color) -> bool {
        self == Rule::Renju && color == Color::Black
    }

    /// The rule named by the Gomocup `INFO rule` bitmask (1 exactly five,
    /// 2 continuous game, 4 renju, 8 caro); None for unsupported values.
    pub fn from_gomocup(mask: u32) -> Option<Rule> {
        match mask & !2 {
            0 => Some(Rule::Freestyle),
            1 => Some(Rule::Standard),
            4 | 5 => Some(Rule::Renju),
            _ => None,
        }
    }

    pub fn gomocup_mask(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        }
    }

    /// A short lowercase name used in files and on command lines.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }

    pub fn from_name(name: &str) -> Option<Rule> {
        match name.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "free" | "gomoku" => Some(Rule::Freestyle),
            "standard" | "exact" | "exactly-five" | "exactly five" => Some(Rule::Standard),
            "renju" => Some(Rule::Renju),
            _ => None,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Freestyle => "Freestyle",
            Rule::Standard => "Standard (exactly five)",
            Rule::Renju => "Renju",
        })
    }
}

/// A winning row: `len` stones from `start` along `direction`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FiveLine {
    pub start: Point,
    pub direction: Direction,
    pub len: u8,
}

impl FiveLine {
    pub fn points(&self) -> Vec<Point> {
        let (dx, dy) = self.direction.delta();
        (0..self.len as i32)
            .map(|i| {
                Point::new(
                    (self.start.x as i32 + dx * i) as u8,
                    (self.start.y as i32 + dy * i) as u8,
                )
            })
            .collect()
    }
}

/// The run of `color` stones through `p` along `dir` (p counted as own):
/// (cells before p, cells after p).
fn run_around(board: &Board, p: Point, dir: Direction, color: Color) -> (usize, usize) {
    let own = Cell::stone(color);
    let i = p.index();
    let count = |sign: isize| {
        (1..)
            .take_while(|&s| board.cell_at(i, dir, s * sign) == own)
            .count()
    };
    (count(-1), count(1))
}

/// The five that the stone at `p` (already on the board) completes for its
/// colour under `rule`, if any.
pub fn winning_line(board: &Board, p: Point, rule: Rule) -> Option<FiveLine> {
    let color = board.get(p).color()?;
    let mode = rule.five_mode(color);
    Direction::ALL.into_iter().find_map(|dir| {
        let (before, after) = run_around(board, p, dir, color);
        let len = before + after + 1;
        let wins = match mode {
            FiveMode::AtLeastFive => len >= 5,
            FiveMode::ExactlyFive => len == 5,
        };
        wins.then(|| FiveLine {
            start: p.offset(dir, -(before as i32), board.size()).unwrap(),
            direction: dir,
            len: len as u8,
        })
    })
}

/// Whether `color` playing at the empty point `p` makes a five under `rule`.
pub fn makes_five(board: &Board, p: Point, color: Color, rule: Rule) -> bool {
    let mode = rule.five_mode(color);
    Direction::ALL
        .into_iter()
        .any(|dir| line::shape(board, p.index(), dir, color, mode).five)
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    OffBoard(Point),
    Occupied(Point),
    Forbidden(Point, Forbidden),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::OffBoard(p) => write!(f, "{},{} is off the board", p.x, p.y),
            IllegalMove::Occupied(p) => write!(f, "{},{} is already taken", p.x, p.y),
            IllegalMove::Forbidden(_, why) => write!(f, "forbidden for Black: {why}"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// Checks that `color` may play at `p` under `rule`.
pub fn check_move(board: &Board, rule: Rule, color: Color, p: Point) -> Result<(), IllegalMove> {
    match board.get(p) {
        Cell::Wall => return Err(IllegalMove::OffBoard(p)),
        Cell::Empty => {}
        _ => return Err(IllegalMove::Occupied(p)),
    }
    if let Some(why) = rule
        .has_forbidden_moves(color)
        .then(|| forbidden(board, p))
        .flatten()
    {
        return Err(IllegalMove::Forbidden(p, why));
    }
    Ok(())
}

/// Whether `color` may play anywhere. False on a full board, and in Renju
/// when every empty point is forbidden to Black: then Black cannot move and
/// the game is drawn. Cheap: the scan stops at the first legal point.
pub fn has_legal_move(board: &Board, rule: Rule, color: Color) -> bool {
    board
        .empty_points()
        .any(|p| empty_point_is_legal(board, rule, color, p))
}

/// Every point `color` may legally play.
pub fn legal_moves(board: &Board, rule: Rule, color: Color) -> Vec<Point> {
    board
        .empty_points()
        .filter(|&p| empty_point_is_legal(board, rule, color, p))
        .collect()
}

/// Whether `color` may play at the empty point `p`: the fast forbidden
/// check, without [`check_move`]'s reason.
fn empty_point_is_legal(board: &Board, rule: Rule, color: Color, p: Point) -> bool {
    !(rule.has_forbidden_moves(color) && is_forbidden(board, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(moves: &[(u8, u8, Color)]) -> Board {
        let mut b = Board::new(15).unwrap();
        for &(x, y, c) in moves {
            b.place(Point::new(x, y), c).unwrap();
        }
        b
    }

    #[test]
    fn five_in_every_direction_and_at_the_edges() {
        for dir in Direction::ALL {
            for start in [
                Point::new(0, 0),
                Point::new(14, 0),
                Point::new(0, 14),
                Point::new(5, 5),
                Point::new(10, 10),
            ] {
                let line: Vec<Point> = (0..5).filter_map(|i| start.offset(dir, i, 15)).collect();
                if line.len() < 5 {
                    continue;
                }
                for last in 0..5 {
                    let mut b = Board::new(15).unwrap();
                    for (i, &p) in line.iter().enumerate() {
                        if i != last {
                            b.place(p, Color::White).unwrap();
                        }
                    }
                    assert!(makes_five(&b, line[last], Color::White, Rule::Freestyle));
                    b.place(line[last], Color::White).unwrap();
                    let five = winning_line(&b, line[last], Rule::Standard).expect("five");
                    let mut got = five.points();
                    got.sort();
                    let mut want = line.clone();
                    want.sort();
                    assert_eq!(got, want, "{dir:?} from {start:?}");
                }
            }
        }
    }

    #[test]
    fn overline_wins_only_where_the_rule_allows() {
        let six: Vec<_> = (2..8).map(|x| (x, 7, Color::Black)).collect();
        let b = board(&six);
        let p = Point::new(4, 7);
        assert_eq!(winning_line(&b, p, Rule::Freestyle).unwrap().len, 6);
        assert_eq!(winning_line(&b, p, Rule::Standard), None);
        assert_eq!(winning_line(&b, p, Rule::Renju), None);
        let six: Vec<_> = (2..8).map(|x| (x, 7, Color::White)).collect();
        let b = board(&six);
        assert!(winning_line(&b, p, Rule::Renju).is_some());
        assert_eq!(winning_line(&b, p, Rule::Standard), None);
    }

    #[test]
    fn four_is_not_five() {
        let b = board(&[
            (0, 0, Color::Black),
            (1, 1, Color::Black),
            (2, 2, Color::Black),
            (3, 3, Color::Black),
        ]);
        assert_eq!(winning_line(&b, Point::new(3, 3), Rule::Freestyle), None);
        assert!(makes_five(&b, Point::new(4, 4), Color::Black, Rule::Renju));
        assert!(!makes_five(&b, Point::new(4, 4), Color::White, Rule::Renju));
    }

    #[test]
    fn illegal_moves_are_explained() {
        let b = board(&[(7, 7, Color::Black)]);
        assert_eq!(
            check_move(&b, Rule::Freestyle, Color::White, Point::new(7, 7)),
            Err(IllegalMove::Occupied(Point::new(7, 7)))
        );
        assert_eq!(
            check_move(&b, Rule::Freestyle, Color::White, Point::new(15, 0)),
            Err(IllegalMove::OffBoard(Point::new(15, 0)))
        );
        assert_eq!(
            check_move(&b, Rule::Renju, Color::Black, Point::new(8, 8)),
            Ok(())
        );
    }

    #[test]
    fn gomocup_rule_ids() {
        for r in Rule::ALL {
            assert_eq!(Rule::from_gomocup(r.gomocup_mask()), Some(r));
            assert_eq!(Rule::from_name(r.name()), Some(r));
        }
        assert_eq!(Rule::from_gomocup(2), Some(Rule::Freestyle));
        assert_eq!(Rule::from_gomocup(8), None);
    }
}
