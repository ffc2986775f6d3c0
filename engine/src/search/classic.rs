//! The `classic` opponent: the AI the seed programs describe (seed 002,
//! section 3), kept as a yardstick for the real engine.
//!
//! * Candidates: empty points with a stone within two cells (a 5x5 square),
//!   ordered by `point_score(ai) + point_score(human)`.
//! * Negamax with alpha-beta to depth 4; a move that makes five scores
//!   `WIN + depth` so quicker wins are preferred.
//! * Leaves: for every empty point, `point_score(ai) - 2 * point_score(human)`
//!   (defence weighted twice).
//!
//! One deliberate difference: the seed scores a win at a node from the AI's
//! side whoever moves, which makes the human side avoid its own wins inside
//! the tree (a bug its reviewers noted). Here a five is good for whoever
//! makes it, as negamax requires. Renju legality is checked at the root only
//! (the seed knows nothing of forbidden moves, so inside its tree it doesn't).

use crate::board::{Board, Cell, Color, Direction, Point};
use crate::rules::{self, Rule};

const WIN: i64 = 1 << 29;
pub const DEPTH: u32 = 4;

/// Seed 002's `scoreLine(len, open1, open2)`.
fn score_line(len: usize, open_ends: usize) -> i64 {
    match (len, open_ends) {
        (5.., _) => 1_000_000,
        (4, 2) => 500_000,
        (4, 1) => 50_000,
        (3, 2) => 10_000,
        (3, 1) => 1_000,
        (2, 2) => 500,
        (2, 1) => 50,
        (1, n) => 10 * n as i64,
        _ => 0,
    }
}

/// Seed 002's `pointScore`: the runs a stone of `color` at `index` would
/// join, scored per direction.
fn point_score(board: &Board, index: usize, color: Color) -> i64 {
    let own = Cell::stone(color);
    Direction::ALL
        .into_iter()
        .map(|dir| {
            let mut len = 1;
            let mut open = 0;
            for sign in [-1isize, 1] {
                let mut step = 1;
                while step <= 5 && board.cell_at(index, dir, sign * step) == own {
                    len += 1;
                    step += 1;
                }
                if step <= 5 && board.cell_at(index, dir, sign * step) == Cell::Empty {
                    open += 1;
                }
            }
            score_line(len, open)
        })
        .sum()
}

fn evaluate(board: &Board, ai: Color) -> i64 {
    let human = ai.opponent();
    board
        .empty_points()
        .map(|p| {
            let i = p.index();
            point_score(board, i, ai) - 2 * point_score(board, i, human)
        })
        .sum()
}

fn candidates(board: &Board, ai: Color) -> Vec<usize> {
    let size = board.size() as i32;
    let mut scored: Vec<(i64, usize)> = board
        .empty_points()
        .filter(|p| {
            (-2..=2).any(|dy: i32| {
                (-2..=2).any(|dx: i32| {
                    let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
                    x >= 0
                        && y >= 0
                        && x < size
                        && y < size
                        && board.get(Point::new(x as u8, y as u8)).color().is_some()
                })
            })
        })
        .map(|p| {
            let i = p.index();
            (
                point_score(board, i, ai) + point_score(board, i, ai.opponent()),
                i,
            )
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().map(|(_, i)| i).collect()
}

struct Classic {
    rule: Rule,
    ai: Color,
    nodes: u64,
}

impl Classic {
    /// Negamax from `side`'s point of view (fail-hard, as in the seed).
    fn negamax(
        &mut self,
        board: &mut Board,
        depth: u32,
        mut alpha: i64,
        beta: i64,
        side: Color,
    ) -> i64 {
        self.nodes += 1;
        if depth == 0 {
            let e = evaluate(board, self.ai);
            return if side == self.ai { e } else { -e };
        }
        let moves = candidates(board, side);
        if moves.is_empty() {
            return 0;
        }
        for m in moves {
            board.set(m, side);
            let val = if rules::winning_line(board, Point::from_index(m), self.rule).is_some() {
                WIN + depth as i64
            } else {
                -self.negamax(board, depth - 1, -beta, -alpha, side.opponent())
            };
            board.clear(m);
            if val >= beta {
                return beta;
            }
            if val > alpha {
                alpha = val;
            }
        }
        alpha
    }
}

/// The classic AI's move for `ai`, or None when it has no legal move.
pub fn best_move(board: &Board, rule: Rule, ai: Color) -> Option<Point> {
    if board.stone_count() == 0 {
        let c = (board.size() / 2) as u8;
        return Some(Point::new(c, c));
    }
    let mut engine = Classic { rule, ai, nodes: 0 };
    let mut work = board.clone();
    let mut moves = candidates(board, ai);
    moves.retain(|&m| rules::check_move(board, rule, ai, Point::from_index(m)).is_ok());
    if moves.is_empty() {
        return rules::legal_moves(board, rule, ai).into_iter().next();
    }
    let mut best = moves[0];
    let mut alpha = -WIN * 4;
    for m in moves {
        work.set(m, ai);
        let val = if rules::winning_line(&work, Point::from_index(m), rule).is_some() {
            WIN + DEPTH as i64
        } else {
            -engine.negamax(&mut work, DEPTH - 1, -WIN * 4, -alpha, ai.opponent())
        };
        work.clear(m);
        if val > alpha {
            alpha = val;
            best = m;
        }
    }
    Some(Point::from_index(best))
}
