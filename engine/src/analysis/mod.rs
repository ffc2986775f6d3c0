//! Analysis for people studying games: the engine's view of a position
//! (multi-PV candidates, win chances, forced wins), a background analyser
//! that streams it, a whole-game review, the threat overlay and puzzles.
//!
//! Everything here uses the search through its public surface
//! ([`Searcher::search_excluding`], the cancel flag and the per-depth
//! report), so the search may change inside without touching this module.
//! Texts meant for people are [`Message`]s (a key and its arguments) for the
//! game's translation table, which needs every key of [`ENGLISH`];
//! [`Message::english`] renders them for logs and tests.

mod evaluation;
mod live;
mod message;
pub mod puzzles;
pub mod review;
pub mod threats;

pub use evaluation::{Evaluation, rank, win_chance};
pub use live::{Analyser, AnalysisRequest, AnalysisUpdate, MAX_MULTI_PV};
pub use message::{ENGLISH, Message};

use crate::board::{Board, Color, Point};
use crate::search::{Score, SearchLimits, Searcher};
use std::sync::atomic::{AtomicBool, Ordering};

/// One root move and the search's opinion of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub point: Point,
    /// For the side to move.
    pub score: Score,
    pub evaluation: Evaluation,
    /// Principal variation, starting with `point`.
    pub pv: Vec<Point>,
}

/// The `count` best root moves of one search depth.
#[derive(Clone, Debug, PartialEq)]
pub struct MultiPv {
    pub depth: u32,
    /// Distinct legal moves, best first.
    pub candidates: Vec<Candidate>,
    pub nodes: u64,
    /// False when the search was stopped: then only the candidates found
    /// before the stop are kept (or, stopped in the first search, its best
    /// move so far), ranked on unequal footing.
    pub complete: bool,
}

/// Searches `board` for `to_move` with the limits, `count` times, each time
/// excluding the moves already found: the `count` best moves (fewer when
/// fewer are legal), ordered by score.
pub fn multi_pv(
    searcher: &mut Searcher,
    board: &Board,
    to_move: Color,
    limits: &SearchLimits,
    count: usize,
    cancel: &AtomicBool,
) -> MultiPv {
    let mut found = MultiPv {
        depth: 0,
        candidates: Vec::with_capacity(count),
        nodes: 0,
        complete: true,
    };
    let mut excluded: Vec<Point> = Vec::with_capacity(count);
    while found.candidates.len() < count {
        let info =
            searcher.search_excluding(board, to_move, limits, &excluded, cancel, &mut |_| {});
        let stopped = cancel.load(Ordering::Relaxed);
        if stopped && !found.candidates.is_empty() {
            found.complete = false;
            break;
        }
        let Some(point) = info.best else { break };
        found.depth = found.depth.max(info.depth);
        found.nodes += info.nodes;
        excluded.push(point);
        let pv = if info.pv.first() == Some(&point) {
            info.pv
        } else {
            vec![point]
        };
        found.candidates.push(Candidate {
            point,
            score: info.score,
            evaluation: Evaluation::new(info.score, to_move),
            pv,
        });
        if stopped {
            found.complete = false;
            break;
        }
    }
    // Each later search saw fewer moves, so it should not score higher;
    // where pruning says otherwise, the better score leads. Stable.
    found
        .candidates
        .sort_by_key(|c| std::cmp::Reverse(rank(c.score)));
    found
}
