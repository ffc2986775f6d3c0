//! Game review: every move of a finished game judged by the engine.
//!
//! Each position of the game is searched once for the side to move, and
//! where the move played was not the engine's choice, once more with only
//! that move allowed, so both are scored from the same position at the
//! same depth: `n` moves cost up to `2n + 1` searches. A move is judged by
//! how much of the mover's win chance it gave away compared with the
//! engine's best move:
//!
//! * **blunder**: 30 points of win chance or more (a won or balanced game
//!   turned into a likely loss), or walking into a proven loss;
//! * **mistake**: 15 points or more.
//!
//! These are the bands chess sites use on the same win-chance scale
//! (lichess: 10 / 20 / 30), one step coarser because our heuristic scores
//! are noisier between consecutive plies than a chess engine's, and small
//! drops are mostly that noise. A **missed win** is a position where the
//! mover had a forced win (a VCF the solver proves, or a win the search
//! proves, which includes VCTs within its depth) and played a move after
//! which the win is gone; the winning line is kept to show. The game was
//! **decided** at the first move after which the winner's chance never
//! fell below 90% again.

use super::message::Message;
use super::{Evaluation, rank, win_chance};
use crate::board::{Board, Color, Point};
use crate::record::{Game, GameResult};
use crate::rules::{self, Rule};
use crate::search::{Score, SearchLimits, Searcher, vcf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;

/// Win-chance drops (0..=1) that make a move a blunder / a mistake.
pub const BLUNDER_DROP: f64 = 0.30;
pub const MISTAKE_DROP: f64 = 0.15;
/// The winner's chance from which the game counts as decided.
pub const DECIDED_CHANCE: f64 = 0.90;

/// How hard to look at each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewSettings {
    pub limits: SearchLimits,
    /// The VCF solver's budget per position: fours and positions.
    pub vcf_fours: u32,
    pub vcf_nodes: u64,
}

impl Default for ReviewSettings {
    /// Half a second a search, up to two searches a move: a 40-move game
    /// in about 30 seconds.
    fn default() -> ReviewSettings {
        ReviewSettings {
            limits: SearchLimits::time(500),
            vcf_fours: 40,
            vcf_nodes: 50_000,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveClass {
    Good,
    Mistake,
    Blunder,
}

/// A forced win the mover had and did not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissedWin {
    /// Whether the line is a VCF (continuous fours) rather than a win the
    /// search proved (threes and fours).
    pub by_fours: bool,
    /// The winning line from the position before the move, mover first.
    pub line: Vec<Point>,
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// 0 for the first move of the game.
    pub ply: usize,
    pub point: Point,
    pub color: Color,
    /// The engine's choice in the position before the move, and its line.
    pub best: Option<Point>,
    pub best_line: Vec<Point>,
    /// The position's value before the move, for the mover.
    pub best_score: Score,
    /// The value of the move played, for the mover.
    pub played_score: Score,
    /// The position after the move: the graph's point for this move.
    pub after: Evaluation,
    /// Win chance the mover gave away, 0..=1.
    pub drop: f64,
    pub class: MoveClass,
    pub missed_win: Option<MissedWin>,
}

/// One player's tally.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerSummary {
    /// Plies (0-based) of the player's blunders, mistakes and missed wins.
    pub blunders: Vec<usize>,
    pub mistakes: Vec<usize>,
    pub missed_wins: Vec<usize>,
}

impl PlayerSummary {
    /// "2 blunders", "1 mistakes", "missed win at move 23" (move numbers
    /// count from 1), or "no mistakes found".
    pub fn messages(&self) -> Vec<Message> {
        let mut out = Vec::new();
        if !self.blunders.is_empty() {
            out.push(Message::new(
                "review.blunders",
                [self.blunders.len().to_string()],
            ));
        }
        if !self.mistakes.is_empty() {
            out.push(Message::new(
                "review.mistakes",
                [self.mistakes.len().to_string()],
            ));
        }
        for &ply in &self.missed_wins {
            out.push(Message::new("review.missed_win", [(ply + 1).to_string()]));
        }
        if out.is_empty() {
            out.push(Message::new("review.clean", []));
        }
        out
    }
}

/// The whole game reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub rule: Rule,
    /// One per move played, in order.
    pub moves: Vec<MoveReview>,
    /// The game's winner (by its result, else by the final evaluation).
    pub winner: Option<Color>,
    /// The ply (0-based) after which the winner was never below
    /// [`DECIDED_CHANCE`] again.
    pub decided_at: Option<usize>,
    /// Indexed by [`Color::index`].
    pub players: [PlayerSummary; 2],
}

impl Review {
    /// The evaluation graph: Black's win chance after each move.
    pub fn graph(&self) -> Vec<f64> {
        self.moves.iter().map(|m| m.after.black).collect()
    }

    pub fn player(&self, color: Color) -> &PlayerSummary {
        &self.players[color.index()]
    }

    /// "The game was decided at move 17".
    pub fn decided_message(&self) -> Message {
        match self.decided_at {
            Some(ply) => Message::new("review.decided_at", [(ply + 1).to_string()]),
            None => Message::new("review.never_decided", []),
        }
    }
}

/// The value for the player who just moved of a score for the opponent,
/// who is to move after it, counted in the mover's moves from before it.
fn for_mover(after: Score) -> Score {
    match after {
        Score::Eval(v) => Score::Eval(-v),
        Score::WinIn(n) => Score::LossIn(n),
        Score::LossIn(n) => Score::WinIn(n + 1),
    }
}

/// What one search of a position found, for the side to move.
struct Look {
    best: Option<Point>,
    line: Vec<Point>,
    score: Score,
    vcf: Option<Vec<Point>>,
}

fn look(
    searcher: &mut Searcher,
    board: &Board,
    to_move: Color,
    settings: &ReviewSettings,
    cancel: &AtomicBool,
) -> Look {
    let info = searcher.search(board, to_move, &settings.limits, cancel, &mut |_| {});
    let vcf = vcf::find(
        board,
        searcher.rule(),
        to_move,
        settings.vcf_fours,
        settings.vcf_nodes,
    )
    .map(|v| v.line);
    Look {
        best: info.best,
        line: info.pv,
        score: info.score,
        vcf,
    }
}

/// The value of `played` for `to_move` on `board`: the same search as
/// [`look`]'s, with every other move left out, so that the move played and
/// the engine's best are scored from the same position at the same depth.
/// (The value of the position after the move, searched on its own, reads
/// one move further down that line than the best move's did: comparing the
/// two made ordinary moves look like mistakes.)
fn score_of_move(
    searcher: &mut Searcher,
    board: &Board,
    to_move: Color,
    played: Point,
    settings: &ReviewSettings,
    cancel: &AtomicBool,
) -> Score {
    let others: Vec<Point> = board.empty_points().filter(|&p| p != played).collect();
    searcher
        .search_excluding(
            board,
            to_move,
            &settings.limits,
            &others,
            cancel,
            &mut |_| {},
        )
        .score
}

/// Reviews `game`. `progress(done, total)` is called after each position;
/// None when `cancel` was raised.
pub fn review(
    game: &Game,
    settings: &ReviewSettings,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Option<Review> {
    let rule = game.rule();
    let moves = game.moves();
    let mut searcher = Searcher::new(rule);
    let mut board = Board::new(game.size()).expect("a game's board size is valid");
    let total = moves.len();
    let mut before = look(&mut searcher, &board, Color::Black, settings, cancel);
    let mut reviewed = Vec::with_capacity(total);
    for (ply, &point) in moves.iter().enumerate() {
        let color = Color::of_ply(ply);
        let ends = ply + 1 == total;
        let decisive = matches!(
            game.result(),
            Some(GameResult::Five { .. } | GameResult::Forbidden { .. })
        );
        let alternative = (before.best != Some(point) && !(ends && decisive))
            .then(|| score_of_move(&mut searcher, &board, color, point, settings, cancel));
        board.place(point, color).expect("a game's moves are legal");
        let (played_score, after) = match game.result() {
            Some(GameResult::Five { .. }) if ends => (Score::WinIn(1), None),
            Some(GameResult::Forbidden { .. }) if ends => (Score::LossIn(1), None),
            _ => {
                let after = look(&mut searcher, &board, color.opponent(), settings, cancel);
                // A win the search of the next position proved is what the
                // move is worth (the win was not missed). A proven loss is
                // not taken from it: the best move may lose as well, beyond
                // what the search before the move saw, and the move is then
                // no mistake of its own.
                let next = for_mover(after.score);
                let played = match (next, alternative) {
                    (Score::WinIn(_), _) | (_, None) => next,
                    (_, Some(same_depth)) => same_depth,
                };
                (played, Some(after))
            }
        };
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        reviewed.push(judge(
            ply,
            point,
            color,
            &before,
            played_score,
            &board,
            rule,
            settings,
        ));
        progress(ply + 1, total);
        match after {
            Some(after) => before = after,
            None => break,
        }
    }
    let winner = game
        .result()
        .and_then(GameResult::winner)
        .or_else(|| final_leader(&reviewed));
    let decided_at = winner.and_then(|w| decided_at(&reviewed, w));
    let mut players: [PlayerSummary; 2] = Default::default();
    for m in &reviewed {
        let p = &mut players[m.color.index()];
        match m.class {
            MoveClass::Blunder => p.blunders.push(m.ply),
            MoveClass::Mistake => p.mistakes.push(m.ply),
            MoveClass::Good => {}
        }
        if m.missed_win.is_some() {
            p.missed_wins.push(m.ply);
        }
    }
    Some(Review {
        rule,
        moves: reviewed,
        winner,
        decided_at,
        players,
    })
}

/// The move at `ply` against what the search saw before it.
#[allow(clippy::too_many_arguments)]
fn judge(
    ply: usize,
    point: Point,
    color: Color,
    before: &Look,
    played_score: Score,
    after_board: &Board,
    rule: Rule,
    settings: &ReviewSettings,
) -> MoveReview {
    let played_best = before.best == Some(point);
    // The engine's own choice is never a mistake, whatever the deeper
    // search of the next position thinks of it.
    let played_score = if played_best {
        std::cmp::max_by_key(played_score, before.score, |s| rank(*s))
    } else {
        played_score
    };
    let drop = (win_chance(before.score) - win_chance(played_score)).max(0.0);
    // Walking into a proven loss from a position that was already nearly
    // lost is no blunder: the best move lost too, a little later.
    let into_loss = matches!(played_score, Score::LossIn(_))
        && !matches!(before.score, Score::LossIn(_))
        && drop >= MISTAKE_DROP;
    let class = if drop >= BLUNDER_DROP || into_loss {
        MoveClass::Blunder
    } else if drop >= MISTAKE_DROP {
        MoveClass::Mistake
    } else {
        MoveClass::Good
    };
    let winning_line = match (&before.vcf, before.score) {
        (Some(line), _) => Some(MissedWin {
            by_fours: true,
            line: line.clone(),
        }),
        (None, Score::WinIn(_)) => Some(MissedWin {
            by_fours: false,
            line: before.line.clone(),
        }),
        _ => None,
    };
    let missed_win = winning_line.filter(|win| {
        win.line.first() != Some(&point)
            && !matches!(played_score, Score::WinIn(_))
            && !still_wins_by_fours(after_board, rule, color, settings)
    });
    MoveReview {
        ply,
        point,
        color,
        best: before.best,
        best_line: before.line.clone(),
        best_score: before.score,
        played_score,
        after: Evaluation::new(played_score, color),
        drop,
        class,
        missed_win,
    }
}

/// Whether the move just played made a four after whose only block
/// `color` still has a VCF: another way to the same win.
fn still_wins_by_fours(board: &Board, rule: Rule, color: Color, settings: &ReviewSettings) -> bool {
    let fives: Vec<Point> = board
        .empty_points()
        .filter(|&q| rules::makes_five(board, q, color, rule))
        .collect();
    let [block] = fives.as_slice() else {
        return fives.len() > 1;
    };
    let mut blocked = board.clone();
    if blocked.place(*block, color.opponent()).is_err() {
        return true;
    }
    vcf::find(
        &blocked,
        rule,
        color,
        settings.vcf_fours,
        settings.vcf_nodes,
    )
    .is_some()
}

/// The side ahead after the last move, when the result names nobody.
fn final_leader(moves: &[MoveReview]) -> Option<Color> {
    let last = moves.last()?.after;
    if last.black >= DECIDED_CHANCE {
        Some(Color::Black)
    } else if last.black <= 1.0 - DECIDED_CHANCE {
        Some(Color::White)
    } else {
        None
    }
}

fn decided_at(moves: &[MoveReview], winner: Color) -> Option<usize> {
    let holds = |m: &MoveReview| m.after.chance(winner) >= DECIDED_CHANCE;
    let undecided = moves.iter().rposition(|m| !holds(m));
    match undecided {
        None => moves.first().map(|m| m.ply),
        Some(i) => moves.get(i + 1).map(|m| m.ply),
    }
}

/// A review running on its own thread, with progress and cancel.
pub struct ReviewJob {
    done: Arc<AtomicUsize>,
    total: usize,
    cancel: Arc<AtomicBool>,
    result: Receiver<Option<Review>>,
    worker: Option<JoinHandle<()>>,
}

impl ReviewJob {
    pub fn start(game: Game, settings: ReviewSettings) -> ReviewJob {
        ReviewJob::start_with_thread_setup(game, settings, || {})
    }

    /// [`ReviewJob::start`] whose thread first runs `setup` (a game lowers
    /// the thread's priority there, see [`super::Analyser::with_thread_setup`]).
    pub fn start_with_thread_setup(game: Game, settings: ReviewSettings, setup: fn()) -> ReviewJob {
        let done = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, result) = mpsc::channel();
        let total = game.moves().len();
        let worker = {
            let (done, cancel) = (done.clone(), cancel.clone());
            std::thread::Builder::new()
                .name("review".into())
                .spawn(move || {
                    setup();
                    let review = review(&game, &settings, &cancel, &mut |n, _| {
                        done.store(n, Ordering::Relaxed)
                    });
                    let _ = tx.send(review);
                })
                .expect("spawning the review thread")
        };
        ReviewJob {
            done,
            total,
            cancel,
            result,
            worker: Some(worker),
        }
    }

    /// Moves reviewed so far, of how many.
    pub fn progress(&self) -> (usize, usize) {
        (self.done.load(Ordering::Relaxed), self.total)
    }

    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::SeqCst);
    }

    /// The finished review (Some(None) when cancelled); None while running.
    pub fn try_result(&self) -> Option<Option<Review>> {
        self.result.try_recv().ok()
    }
}

impl Drop for ReviewJob {
    fn drop(&mut self) {
        self.cancel();
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}
