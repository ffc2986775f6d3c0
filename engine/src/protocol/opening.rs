//! The brain's opening commands: Gomocup `SWAP2BOARD` and Yixin-Board's
//! `YXBALANCEONE` / `YXBALANCETWO`, answered by [`crate::opening::ai`].
//!
//! `SWAP2BOARD` lines are `x,y` or `x,y,field` in play order; the first
//! stone is Black. Without fields the colours alternate; with fields, the
//! stones sharing the first stone's field are Black (so either convention
//! for "own" works). There must be 0, 3 (2 black, 1 white) or 5 (3 black,
//! 2 white) stones.
//!
//! | stones | answer |
//! |---|---|
//! | 0 | `x1,y1 x2,y2 x3,y3`: black, white, black, a balanced opening |
//! | 3 | `SWAP` (we take Black; the opponent plays the 4th), one move (we stay White and this is the 4th), or two moves `x4,y4 x5,y5` (white, black: the opponent chooses the colour) |
//! | 5 | `SWAP` (we keep Black; the opponent plays the 6th as White) or one move (we take White and this is the 6th) |
//!
//! Afterwards the brain's board holds the stones (and any move it played),
//! so a following `TURN` continues the game.

use super::command::Coord;
use super::position::Position;
use crate::board::{Color, Point};
use crate::opening::ai::{Budget, OpeningAi};
use crate::opening::{Action, Decision, Opening, OpeningRule, Region};
use crate::record::Game;
use crate::search::Searcher;
use std::sync::atomic::AtomicBool;

/// What to answer to a `SWAP2BOARD` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Answer {
    /// Print these points on one line (three opening stones, or the 4th and
    /// 5th).
    Stones(Vec<Point>),
    /// Print `SWAP`.
    Swap,
    /// Search and answer our next move, as after `TURN`.
    Play,
}

/// The stones of a `SWAP2BOARD` block in play order (Black first), checked
/// to be on the board, distinct and of a Swap2 count.
pub fn swap2_moves(size: usize, stones: &[(Coord, i64)]) -> Result<Vec<Point>, String> {
    let empty = Position::empty(size)?;
    let mut points = Vec::with_capacity(stones.len());
    for &(coord, _) in stones {
        let p = empty.point(coord)?;
        if points.contains(&p) {
            return Err(format!("{coord} is listed twice"));
        }
        points.push(p);
    }
    if ![0, 3, 5].contains(&points.len()) {
        return Err(format!(
            "{} stones: a swap2 board has 0, 3 or 5",
            points.len()
        ));
    }
    let fields_given = stones.iter().all(|&(_, f)| f != 0);
    if !fields_given {
        return Ok(points);
    }
    let black_field = stones.first().map(|&(_, f)| f);
    let (black, white): (Vec<_>, Vec<_>) = stones
        .iter()
        .zip(&points)
        .partition(|((_, f), _)| Some(*f) == black_field);
    if black.len() != points.len().div_ceil(2) {
        return Err(format!(
            "{} black and {} white stones: swap2 needs one black stone more than white",
            black.len(),
            white.len()
        ));
    }
    let mut moves = Vec::with_capacity(points.len());
    for (i, b) in black.iter().enumerate() {
        moves.push(*b.1);
        if let Some(w) = white.get(i) {
            moves.push(*w.1);
        }
    }
    Ok(moves)
}

/// Decides the swap2 answer for `moves` (from [`swap2_moves`]) and the
/// position that follows it (the stones we add included).
pub fn swap2(
    searcher: &mut Searcher,
    budget: Budget,
    seed: u64,
    cancel: &AtomicBool,
    size: usize,
    moves: &[Point],
) -> Result<(Swap2Answer, Position), String> {
    let rule = searcher.rule();
    let mut actions: Vec<Action> = moves.iter().map(|&p| Action::Place(p)).collect();
    if moves.len() == 5 {
        actions.insert(3, Action::Decide(Decision::AddTwo));
    }
    let new_game = Game::new(rule, size).map_err(|e| e.to_string())?;
    let (mut opening, mut game) = Opening::replay(OpeningRule::Swap2, new_game, &actions)
        .map_err(|(i, e)| format!("stone {}: {e}", moves.len().min(i + 1)))?;
    let mut ai = OpeningAi::new(searcher, budget, seed, cancel);
    let answer = match ai.plan(&opening, &game).as_slice() {
        [Action::Decide(Decision::AddTwo)] => {
            opening
                .apply(&mut game, Action::Decide(Decision::AddTwo))
                .map_err(|e| e.to_string())?;
            let stones = placed(&ai.plan(&opening, &game));
            Swap2Answer::Stones(stones)
        }
        // With three stones we hold White: Swap takes Black. With five we
        // hold Black: keeping it leaves the 6th move to the opponent.
        [Action::Decide(Decision::Swap)] if moves.len() == 3 => Swap2Answer::Swap,
        [Action::Decide(Decision::Keep)] if moves.len() == 5 => Swap2Answer::Swap,
        [Action::Decide(_)] => Swap2Answer::Play,
        plan => Swap2Answer::Stones(placed(plan)),
    };
    let mut all = moves.to_vec();
    if let Swap2Answer::Stones(stones) = &answer {
        all.extend(stones);
    }
    Ok((answer, Position::from_moves(size, &all, rule)?))
}

fn placed(actions: &[Action]) -> Vec<Point> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Place(p) => Some(*p),
            _ => None,
        })
        .collect()
}

/// `YXBALANCEONE` / `YXBALANCETWO`: `count` stones, the side to move's
/// first, after which the side to move stands at `bias` (evaluation units;
/// 0 = even). The position is not changed.
pub fn balance(
    searcher: &mut Searcher,
    budget: Budget,
    seed: u64,
    cancel: &AtomicBool,
    position: &Position,
    count: usize,
    bias: i32,
) -> Vec<Point> {
    let target = match position.to_move() {
        Color::Black => bias,
        Color::White => -bias,
    };
    let mut ai = OpeningAi::new(searcher, budget, seed, cancel);
    ai.balanced_stones(position.board(), Region::Anywhere, count, target)
}
