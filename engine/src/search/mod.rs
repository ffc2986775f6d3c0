//! The AI: given a position, choose a move.
//!
//! The public surface — [`Searcher`], [`SearchLimits`], [`SearchInfo`],
//! [`Score`], [`Level`] — is what the brain binary and the game use.

pub mod bench;

use crate::board::{Board, Color, Point};
use crate::rules::{self, Rule};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When to stop searching. Unset limits do not apply; with none set the
/// search stops at [`SearchLimits::DEFAULT_DEPTH`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Hard deadline for the whole search.
    pub time: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

impl SearchLimits {
    pub const DEFAULT_DEPTH: u32 = 8;

    pub fn time(ms: u64) -> SearchLimits {
        SearchLimits {
            time: Some(Duration::from_millis(ms)),
            ..Default::default()
        }
    }

    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..Default::default()
        }
    }
}

/// A position's value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Score {
    /// The side to move loses in this many of its own moves.
    LossIn(u32),
    /// Heuristic evaluation, positive is good for the side to move.
    Eval(i32),
    /// The side to move wins in this many of its own moves.
    WinIn(u32),
}

/// What the search knows after finishing a depth: sent to progress callbacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: u32,
    pub best: Option<Point>,
    pub score: Score,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Point>,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl SearchInfo {
    pub fn nodes_per_second(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }
}

/// Named strength levels, from a friendly beginner to the full engine.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Level {
    Beginner,
    Novice,
    #[default]
    Intermediate,
    Advanced,
    Expert,
    Master,
    Grandmaster,
}

impl Level {
    pub const ALL: [Level; 7] = [
        Level::Beginner,
        Level::Novice,
        Level::Intermediate,
        Level::Advanced,
        Level::Expert,
        Level::Master,
        Level::Grandmaster,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Novice => "Novice",
            Level::Intermediate => "Intermediate",
            Level::Advanced => "Advanced",
            Level::Expert => "Expert",
            Level::Master => "Master",
            Level::Grandmaster => "Grandmaster",
        }
    }
}

/// A search engine with its own tables, reused from move to move.
pub struct Searcher {
    rule: Rule,
}

impl Searcher {
    pub fn new(rule: Rule) -> Searcher {
        Searcher { rule }
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Chooses a move for `to_move`. Returns None only when there is no
    /// legal move. `cancel` stops the search early (the best move so far is
    /// returned); `report` is called after each completed depth.
    pub fn search(
        &mut self,
        board: &Board,
        to_move: Color,
        limits: &SearchLimits,
        cancel: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchInfo {
        // Placeholder until the real search lands: win, else block, else the
        // legal point nearest to the stones' centre.
        let start = Instant::now();
        let _ = (limits, cancel.load(Ordering::Relaxed));
        let legal = rules::legal_moves(board, self.rule, to_move);
        let wins = |c: Color| {
            legal
                .iter()
                .copied()
                .find(|&p| rules::makes_five(board, p, c, self.rule))
        };
        let centre = (board.size() / 2) as i32;
        let best = wins(to_move)
            .or_else(|| wins(to_move.opponent()))
            .or_else(|| {
                legal.iter().copied().min_by_key(|p| {
                    let near = board
                        .points()
                        .filter(|&q| board.get(q).color().is_some())
                        .map(|q| {
                            (q.x as i32 - p.x as i32)
                                .abs()
                                .max((q.y as i32 - p.y as i32).abs())
                        })
                        .min()
                        .unwrap_or(0);
                    (
                        near.max(1),
                        (p.x as i32 - centre).abs() + (p.y as i32 - centre).abs(),
                    )
                })
            });
        let info = SearchInfo {
            depth: 1,
            best,
            score: Score::Eval(0),
            pv: best.into_iter().collect(),
            nodes: legal.len() as u64,
            elapsed: start.elapsed(),
        };
        report(&info);
        info
    }

    /// Chooses a move the way a player of `level` would: the level sets the
    /// limits and the mistake model; `seed` makes the choice reproducible.
    pub fn search_level(
        &mut self,
        board: &Board,
        to_move: Color,
        level: Level,
        seed: u64,
        cancel: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchInfo {
        let _ = (level, seed);
        self.search(board, to_move, &SearchLimits::default(), cancel, report)
    }
}
