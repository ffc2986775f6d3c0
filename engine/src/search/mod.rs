//! The AI: given a position, choose a move.
//!
//! The public surface — [`Searcher`], [`SearchLimits`], [`SearchInfo`],
//! [`Score`], [`Level`] — is what the brain binary and the game use.
//!
//! Design (after Rapfi's, re-implemented from its description):
//! * [`crate::eval::Position`] keeps per-cell line patterns and threat
//!   classes for both colours, updated incrementally on make/undo.
//! * The root answers wins in one, forced blocks and open fours at once,
//!   then, at full strength, looks for a VCF ([`vcf`]) and a short VCT
//!   ([`vct`]) before searching.
//! * Iterative deepening PVS with aspiration windows, a transposition
//!   table, killers and history, futility and late-move pruning, late-move
//!   reductions; a five threat is answered by its block without spending
//!   depth, an open three only by defences and counter-fours; the leaves
//!   run a quiescence of our own fours (a short VCF).
//! * Full strength then checks the chosen move against an opponent's VCF
//!   or short VCT, and uses its whole time (a cut depth is not wasted).
//! * Levels ([`Level`]) add depth/time limits and a mistake model.

mod alphabeta;
pub mod bench;
pub mod classic;
mod level;
pub mod load;
mod params;
mod tt;
pub mod vcf;
mod vct;

use crate::board::{Board, Color, Point};
use crate::eval::Position;
use crate::eval::pattern::Threat;
use crate::rules::{self, Rule};
/// Whether the side to move wins by a double threat nothing interrupts (the
/// search settles such positions without evaluating them).
pub use alphabeta::double_threat_wins;
use alphabeta::{Engine, INF, MATE, MATE_BOUND, NodeKind, win_at};
pub use params::{PARAMS, ParamSpec, SearchParams};
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

    /// One line for a settings screen.
    pub fn description(self) -> &'static str {
        level::description(self)
    }

    /// The most this level thinks per move.
    pub fn think_time(self) -> Duration {
        level::think_time(self)
    }
}

/// A search engine with its own tables, reused from move to move.
pub struct Searcher {
    rule: Rule,
    tt: tt::Table,
    params: SearchParams,
    /// Search threads at full strength (Lazy SMP), 1 by default.
    threads: usize,
}

/// Stack of a helper search thread (the search recurses up to MAX_PLY).
const HELPER_STACK: usize = 16 << 20;
/// The most search threads a searcher uses.
pub const MAX_THREADS: usize = 64;

/// Transposition table size unless set otherwise (the brain sizes it by
/// `max_memory`). Full-strength searches keep it from move to move (a new
/// generation each search); the levels' searches wipe it so that a seed
/// reproduces their choice.
pub const DEFAULT_TABLE_MEGABYTES: usize = 16;

/// The root VCF check: at most this many fours and positions.
const ROOT_VCF_FOURS: u32 = 40;
const ROOT_VCF_NODES: u64 = 20_000;
/// How many of the best root moves are checked against an opponent's VCF
/// and short VCT.
const VCF_SAFETY_MOVES: usize = 8;
/// The opponent's VCT in the safety check: threat moves and positions.
const VCT_THREATS: u32 = 5;
const VCT_NODES: u64 = 10_000;
/// Share of the think time the alpha-beta search may use at full strength
/// (the rest is for the final safety check, which takes about a millisecond
/// and stops at the final deadline anyway).
const SEARCH_SHARE: f64 = 0.97;
/// Share of the think time the root VCF may take.
const ROOT_VCF_SHARE: u32 = 16;
/// The root VCT: at most this many positions, and this share of the time
/// counted from the start of the search (after the VCF's).
const ROOT_VCT_NODES: u64 = 20_000;
const ROOT_VCT_SHARE: u32 = 8;

/// What [`search_time_within`] keeps back for scheduling delays besides its
/// 4 %, in ms, whatever the limit (the load probe's [`stop_time`] adds what
/// a busy machine needs beyond it).
const SCHEDULING_RESERVE_MIN: u64 = 20;

/// The time to search within a limit: the limit less a reserve for what the
/// search does not see (reading and answering the request, the process
/// being descheduled on a busy machine): 4 % plus 20 ms, at most 300 ms,
/// never below half the limit. The absolute part is for scheduling delays,
/// which do not shrink with the limit. A loaded machine needs more (load
/// 13-18 on 2 cores once left 8 % of 200 ms moves late by up to 68 ms with
/// this reserve); the search measures its own run-queue waits and stops
/// that much earlier ([`load`]), so the fixed part stays small and an idle
/// machine keeps its time. The brain's clock and the levels both use it,
/// so neither goes past its limit.
pub fn search_time_within(limit: Duration) -> Duration {
    let ms = limit.as_millis() as u64;
    let reserve = (ms / 25 + SCHEDULING_RESERVE_MIN).min(300);
    Duration::from_millis(ms.saturating_sub(reserve).max(ms / 2))
}

/// How late answers have recently been, in ms: what a loaded machine costs
/// between the search's deadline and the answer (the thread descheduled as
/// the deadline passes). Each answer raises it to its own lateness or lets
/// it decay by an eighth, so it follows the load without one freak delay
/// ruling for long.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lateness {
    pub ms: u64,
}

impl Lateness {
    /// Books an answer that took `took` when it should have taken `target`.
    pub fn record(&mut self, target: Duration, took: Duration) {
        let late = took.saturating_sub(target).as_millis() as u64;
        self.ms = late.max(self.ms * 7 / 8);
    }

    /// `time` (searched within `limit`) less the recent lateness, which
    /// takes at most a quarter of the limit: the search keeps most of its
    /// time however bad one delay was.
    pub fn shorten(self, time: Duration, limit: Duration) -> Duration {
        time.saturating_sub(Duration::from_millis(self.ms).min(limit / 4))
    }
}

fn pos_is_legal(board: &Board, rule: Rule, color: Color, p: Point) -> bool {
    rules::check_move(board, rule, color, p).is_ok()
}

/// A root move and what the last completed depth said about it.
#[derive(Clone, Copy, Debug)]
struct RootMove {
    cell: usize,
    /// Exact score, or -INF when it failed low (only a bound is known).
    score: i32,
    /// Neither side's threat: may be searched with a reduced depth.
    quiet: bool,
}

/// What the root search found: the summary and the scored root moves.
struct RootResult {
    info: SearchInfo,
    moves: Vec<RootMove>,
}

impl RootResult {
    /// A root decided before the search (a forced move, a VCF or VCT win):
    /// `cell` alone, worth `score`, reported as it is.
    fn decided(
        info: SearchInfo,
        cell: usize,
        score: i32,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> RootResult {
        report(&info);
        let moves = vec![RootMove {
            cell,
            score,
            quiet: false,
        }];
        RootResult { info, moves }
    }
}

impl Score {
    fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::WinIn(((MATE - score) as u32).div_ceil(2))
        } else if score <= -MATE_BOUND {
            Score::LossIn(((MATE + score) as u32) / 2)
        } else {
            Score::Eval(score)
        }
    }
}

impl Searcher {
    pub fn new(rule: Rule) -> Searcher {
        Searcher {
            rule,
            tt: tt::Table::new(DEFAULT_TABLE_MEGABYTES),
            params: SearchParams::default(),
            threads: 1,
        }
    }

    /// Sizes the transposition table to about `megabytes` MB (rounded down
    /// to a power of two); its entries are lost when the size changes.
    pub fn set_table_megabytes(&mut self, megabytes: usize) {
        if !self.tt.has_size(megabytes) {
            self.tt = tt::Table::new(megabytes);
        }
    }

    /// Search threads for full-strength searches (clamped to 1..=64). The
    /// levels and node-limited searches always use one, so that they stay
    /// reproducible.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The tunable numbers this searcher uses.
    pub fn params(&self) -> SearchParams {
        self.params
    }

    pub fn set_params(&mut self, params: SearchParams) {
        self.params = params;
    }

    /// Runs `f` with [`SearchParams::full_width`], then restores the
    /// parameters: for what was calibrated on the full-width search (the
    /// depth-limited levels, Novice to Expert, and the opening AI's
    /// judgements).
    pub fn full_width<T>(&mut self, f: impl FnOnce(&mut Searcher) -> T) -> T {
        let play = self.params;
        self.params = play.full_width();
        let out = f(self);
        self.params = play;
        out
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
        self.run(board, to_move, limits, 0, &[], cancel, report)
            .info
    }

    /// [`Searcher::search`] that never plays (nor reports) the `excluded`
    /// root moves: the analysis builds its multi-PV from it (search, exclude
    /// the best, search again). `best` is None when every legal move is
    /// excluded. Forced answers (a five, a block) are skipped when excluded,
    /// so the next best is scored honestly, usually as a loss.
    pub fn search_excluding(
        &mut self,
        board: &Board,
        to_move: Color,
        limits: &SearchLimits,
        excluded: &[Point],
        cancel: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchInfo {
        let excluded: Vec<usize> = excluded.iter().map(|p| p.index()).collect();
        self.run(board, to_move, limits, 0, &excluded, cancel, report)
            .info
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
        level::choose(self, board, to_move, level, seed, None, cancel, report)
    }

    /// Like [`Searcher::search_level`] with the level's think time replaced
    /// by `time` (match harness and fast tests).
    #[allow(clippy::too_many_arguments)]
    pub fn search_level_timed(
        &mut self,
        board: &Board,
        to_move: Color,
        level: Level,
        seed: u64,
        time: Duration,
        cancel: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchInfo {
        level::choose(
            self,
            board,
            to_move,
            level,
            seed,
            Some(time),
            cancel,
            report,
        )
    }

    /// Iterative deepening. With `margin` > 0 every root move scoring within
    /// `margin` of the best gets an exact score (for the mistake model).
    /// `excluded` root moves (cell indices) are never considered.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        board: &Board,
        to_move: Color,
        limits: &SearchLimits,
        margin: i32,
        excluded: &[usize],
        cancel: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> RootResult {
        let start = Instant::now();
        // Books this thread's run-queue waits when the search returns (a
        // timed search: the node-limited soak and tuner skip the two reads).
        let _load = limits.time.map(|_| load::Probe::start());
        // Where the search must stop; new depths are still planned on the
        // whole time (only a search cut mid-depth loses the reserve).
        let must_stop = limits.time.map(|t| stop_time(t, load::recent()));
        let pos = Position::new(board, self.rule);
        let done = |best: Option<usize>, score: i32, nodes: u64| {
            let best = best.map(Point::from_index);
            SearchInfo {
                depth: 1,
                best,
                score: Score::from_internal(score),
                pv: best.into_iter().collect(),
                nodes,
                elapsed: start.elapsed(),
            }
        };
        let root = match root_moves(&pos, to_move, excluded) {
            Root::Decided(cell, score) => {
                return RootResult::decided(done(Some(cell), score, 1), cell, score, report);
            }
            Root::NoMove => {
                let info = done(None, 0, 0);
                report(&info);
                return RootResult {
                    info,
                    moves: Vec::new(),
                };
            }
            Root::Choose(moves) => moves,
        };
        // A long VCF can lie beyond the search horizon: look for one first
        // (full strength only; the weaker levels should not see that far).
        if margin == 0
            && let Some(win) = vcf::find_until(
                board,
                self.rule,
                to_move,
                ROOT_VCF_FOURS,
                ROOT_VCF_NODES,
                limits.time.map(|t| start + t / ROOT_VCF_SHARE),
            )
        {
            let first = win.line[0].index();
            if !excluded.contains(&first)
                && (root.contains(&first) || pos_is_legal(board, self.rule, to_move, win.line[0]))
            {
                let score = win_at(win.line.len());
                let mut info = done(Some(first), score, win.nodes);
                info.pv = win.line;
                return RootResult::decided(info, first, score, report);
            }
        }
        // A threat attack (VCT) can also lie beyond the horizon; its first
        // move is a threat or a block, so the rest follows move by move.
        let vct_threats = self.params.root_vct_threats as u32;
        if margin == 0
            && vct_threats > 0
            && root.len() > 1
            && let Some((first, threats)) = vct::winning_move(
                board,
                self.rule,
                to_move,
                vct_threats,
                ROOT_VCT_NODES,
                limits.time.map(|t| start + t / ROOT_VCT_SHARE),
            )
            && root.contains(&first)
        {
            // The threats, an open four and the five, when no counter-four
            // intervenes: a bound, not the exact length.
            let score = win_at(2 * threats as usize + 3);
            return RootResult::decided(done(Some(first), score, 1), first, score, report);
        }
        if margin > 0 {
            self.tt.wipe();
        } else {
            self.tt.new_search();
        }
        // Full strength keeps a little time for the safety check.
        let search_deadline = match (margin, must_stop) {
            (0, Some(t)) => Some(start + t.mul_f64(SEARCH_SHARE)),
            _ => final_deadline(must_stop, start),
        };
        let engine_limits = alphabeta::Limits {
            deadline: search_deadline,
            nodes: limits.nodes,
            cancel,
        };
        let mut moves: Vec<RootMove> = root
            .iter()
            .map(|&cell| RootMove {
                cell,
                score: -INF,
                quiet: alphabeta::is_quiet(&pos, cell, to_move),
            })
            .collect();
        let max_depth = limits
            .depth
            .unwrap_or(if limits.time.is_some() || limits.nodes.is_some() {
                alphabeta::MAX_PLY as u32 - 10
            } else {
                SearchLimits::DEFAULT_DEPTH
            })
            .clamp(1, alphabeta::MAX_PLY as u32 - 10);
        let mut info = SearchInfo {
            depth: 0,
            best: Some(Point::from_index(moves[0].cell)),
            score: Score::Eval(0),
            pv: vec![Point::from_index(moves[0].cell)],
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        let mut last_score: i32 = 0;
        let params = self.params;
        let tt = &self.tt;
        // Lazy SMP: helpers search the same root with the shared table and
        // stop when the main thread does; only the main thread decides.
        let helpers = if margin == 0 && limits.nodes.is_none() {
            self.threads - 1
        } else {
            0
        };
        let stop_helpers = AtomicBool::new(false);
        let nodes = std::thread::scope(|scope| {
            let helper_threads: Vec<_> = (0..helpers)
                .filter_map(|id| {
                    let engine = Engine::new(
                        pos.clone(),
                        tt,
                        alphabeta::Limits {
                            deadline: search_deadline,
                            nodes: None,
                            cancel: &stop_helpers,
                        },
                        params,
                    );
                    let moves = moves.clone();
                    std::thread::Builder::new()
                        .stack_size(HELPER_STACK)
                        .spawn_scoped(scope, move || {
                            helper_search(engine, to_move, moves, id, max_depth)
                        })
                        .ok()
                })
                .collect();
            let mut engine = Engine::new(pos, tt, engine_limits, params);
            for depth in 1..=max_depth {
                let mut window = if margin == 0 && depth >= 4 && last_score.abs() < MATE_BOUND {
                    params.aspiration
                } else {
                    INF
                };
                let mut trial = moves.clone();
                let score = loop {
                    let alpha = (last_score - window).max(-INF);
                    let beta = (last_score + window).min(INF);
                    let s = search_root(
                        &mut engine,
                        to_move,
                        depth as i32,
                        alpha,
                        beta,
                        &mut trial,
                        margin,
                    );
                    if engine.stopped {
                        break s;
                    }
                    if (s <= alpha && alpha > -INF) || (s >= beta && beta < INF) {
                        window = if window >= 1000 { INF } else { window * 4 };
                        continue;
                    }
                    break s;
                };
                if engine.stopped {
                    // An unfinished depth counts only if its first move (the
                    // previous best) was already refuted by a better one.
                    if depth > 1 && trial[0].cell != moves[0].cell && trial[0].score > last_score {
                        moves = trial;
                        info.best = Some(Point::from_index(moves[0].cell));
                        info.score = Score::from_internal(moves[0].score);
                        info.pv = vec![Point::from_index(moves[0].cell)];
                    }
                    break;
                }
                moves = trial;
                last_score = score;
                info.depth = depth;
                info.best = Some(Point::from_index(moves[0].cell));
                info.score = Score::from_internal(score);
                info.pv = engine.principal_variation(to_move, moves[0].cell, depth as usize + 2);
                info.nodes = engine.nodes;
                info.elapsed = start.elapsed();
                report(&info);
                // A proven result cannot change with more depth.
                if score.abs() >= MATE_BOUND && (MATE - score.abs()) < depth as i32 {
                    break;
                }
                if let Some(t) = limits.time
                    && start.elapsed() >= t * params.new_depth_percent as u32 / 100
                {
                    // The next depth would not finish in the time left.
                    break;
                }
                if moves.len() == 1 {
                    break;
                }
            }
            stop_helpers.store(true, Ordering::Relaxed);
            let helper_nodes: u64 = helper_threads
                .into_iter()
                .map(|h| h.join().unwrap_or(0))
                .sum();
            engine.nodes + helper_nodes
        });
        if margin == 0 && moves.len() > 1 && last_score.abs() < MATE_BOUND {
            let deadline = final_deadline(must_stop, start);
            if let Some(safe) = avoid_opponent_threats(board, self.rule, to_move, &moves, deadline)
                && safe != moves[0].cell
            {
                let i = moves.iter().position(|m| m.cell == safe).unwrap_or(0);
                moves[..=i].rotate_right(1);
                info.best = Some(Point::from_index(safe));
                info.pv = vec![Point::from_index(safe)];
                // The safe move's exact score may be unknown (it failed low).
                info.score = if moves[0].score > -INF {
                    Score::from_internal(moves[0].score)
                } else {
                    Score::Eval(last_score.min(0))
                };
            }
        }
        info.nodes = nodes;
        info.elapsed = start.elapsed();
        if info.depth == 0 {
            info.depth = 1;
        }
        RootResult { info, moves }
    }
}

/// A Lazy SMP helper: iterative deepening over its own copy of the root
/// moves, odd helpers one depth ahead, each trying the root moves in a
/// different order; what it finds reaches the main thread through the
/// table. Returns its node count.
fn helper_search(
    mut engine: Engine,
    us: Color,
    mut moves: Vec<RootMove>,
    id: usize,
    max_depth: u32,
) -> u64 {
    if moves.len() > 1 {
        let n = moves.len().min(4);
        moves[..n].rotate_left(id % n);
    }
    for depth in (1 + (id % 2) as u32)..=max_depth {
        search_root(&mut engine, us, depth as i32, -INF, INF, &mut moves, 0);
        if engine.stopped {
            break;
        }
    }
    engine.nodes
}

/// The first of the best root moves after which the opponent has neither a
/// VCF nor a short VCT (wins the search's horizon may hide), or None if none
/// is safe or time runs out.
fn avoid_opponent_threats(
    board: &Board,
    rule: Rule,
    us: Color,
    moves: &[RootMove],
    deadline: Option<Instant>,
) -> Option<usize> {
    let mut after = board.clone();
    for m in moves.iter().take(VCF_SAFETY_MOVES) {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        after.set(m.cell, us);
        let threat = vcf::find_until(
            &after,
            rule,
            us.opponent(),
            ROOT_VCF_FOURS,
            ROOT_VCF_NODES / 4,
            deadline,
        )
        .is_some()
            || vct::wins(
                &after,
                rule,
                us.opponent(),
                VCT_THREATS,
                VCT_NODES,
                deadline,
            );
        after.clear(m.cell);
        if !threat {
            return Some(m.cell);
        }
    }
    None
}

/// The time a search limited to `time` runs before it must stop, on a
/// machine where it recently waited `wait` per slice for a CPU: less the
/// reserve for being descheduled near the deadline ([`load`]) beyond what
/// [`search_time_within`] keeps for that at any limit, and at most a third
/// of the time. A lightly loaded machine (waits below 10 ms) loses nothing.
fn stop_time(time: Duration, wait: load::RunQueueWait) -> Duration {
    let beyond_reserve = wait
        .reserve()
        .saturating_sub(Duration::from_millis(SCHEDULING_RESERVE_MIN));
    time - beyond_reserve.min(time / 3)
}

/// The hard deadline of a search that started at `start` and must stop
/// after `stop_time`.
fn final_deadline(stop_time: Option<Duration>, start: Instant) -> Option<Instant> {
    // Slack for returning and for the caller: 1 ms plus 1% of the budget.
    stop_time.map(|t| start + t.saturating_sub(Duration::from_millis(1) + t / 100))
}

/// What the root position allows.
enum Root {
    /// Only one sensible move, with its score (a win, a forced block...).
    Decided(usize, i32),
    Choose(Vec<usize>),
    NoMove,
}

/// Root moves: immediate wins and forced blocks first, then the candidate
/// generator's moves, legal by the exact Renju rules and not `excluded`.
fn root_moves(pos: &Position, us: Color, excluded: &[usize]) -> Root {
    let them = us.opponent();
    let legal = |cell: usize| pos.is_legal(cell, us) && !excluded.contains(&cell);
    if let Some(five) = pos.cells_with(us, Threat::Five).find(|&c| legal(c)) {
        return Root::Decided(five, win_at(1));
    }
    let their_fives: Vec<usize> = pos.cells_with(them, Threat::Five).collect();
    if !their_fives.is_empty() {
        let score = if their_fives.len() > 1 { -win_at(2) } else { 0 };
        return match their_fives.iter().copied().find(|&c| legal(c)) {
            Some(block) if their_fives.len() > 1 => Root::Decided(block, score),
            Some(block) => Root::Choose(vec![block]),
            None => {
                any_legal(pos, us, excluded).map_or(Root::NoMove, |c| Root::Decided(c, -win_at(2)))
            }
        };
    }
    if let Some(flex) = pos.cells_with(us, Threat::Flex4).find(|&c| legal(c)) {
        return Root::Decided(flex, win_at(3));
    }
    if pos.board().stone_count() == 0 {
        let c = (pos.size() / 2) as u8;
        let centre = Point::new(c, c).index();
        if legal(centre) {
            return Root::Decided(centre, 0);
        }
    }
    let mut scored = Vec::new();
    // Only an open three restricts the root to defences: a four-three is
    // also met by a counter-attack whose answers block it with tempo
    // (quintet's test_vct_counter), which the search's defence-only nodes
    // cannot see; moves that ignore it are refuted by the search below.
    let open_three = pos.count(them, Threat::Flex4) > 0;
    alphabeta::generate(pos, us, open_three, &mut scored);
    scored.retain(|&(c, _)| legal(c));
    scored.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    if scored.is_empty() {
        // An empty board whose centre is excluded (the analysis' second
        // candidate): nothing is near a stone, but the cells around the
        // centre are real choices to rank, not one forced move.
        if pos.board().stone_count() == 0 {
            let around = cells_around_centre(pos, &legal);
            if !around.is_empty() {
                return Root::Choose(around);
            }
        }
        return any_legal(pos, us, excluded).map_or(Root::NoMove, |c| Root::Choose(vec![c]));
    }
    Root::Choose(scored.into_iter().map(|(c, _)| c).collect())
}

/// The legal cells next to the centre (an opening's sensible first moves).
fn cells_around_centre(pos: &Position, legal: &impl Fn(usize) -> bool) -> Vec<usize> {
    let centre = (pos.size() / 2) as u8;
    let near = centre.saturating_sub(1)..=centre + 1;
    near.clone()
        .flat_map(|y| near.clone().map(move |x| Point::new(x, y)))
        .map(Point::index)
        .filter(|&c| legal(c))
        .collect()
}

/// Some legal, not excluded move anywhere (when the candidates are all
/// forbidden or the position is lost anyway), near the stones or the centre.
fn any_legal(pos: &Position, us: Color, excluded: &[usize]) -> Option<usize> {
    let centre = (pos.size() / 2) as u8;
    rules::legal_moves(pos.board(), pos.rule(), us)
        .into_iter()
        .filter(|p| !excluded.contains(&p.index()))
        .min_by_key(|p| {
            let from_centre = p.x.abs_diff(centre).max(p.y.abs_diff(centre));
            (!pos.is_near(p.index()), from_centre, p.index())
        })
        .map(Point::index)
}

/// One depth at the root. Moves are re-sorted best first; a move that
/// failed low keeps score -INF.
fn search_root(
    engine: &mut Engine,
    us: Color,
    depth: i32,
    mut alpha: i32,
    beta: i32,
    moves: &mut [RootMove],
    margin: i32,
) -> i32 {
    let them = us.opponent();
    engine.root_depth = depth;
    engine.evaluate_root(us);
    let mut best = -INF;
    for i in 0..moves.len() {
        let m = moves[i].cell;
        engine.pos.make(m, us);
        let floor = if margin > 0 && best > -INF {
            best - margin
        } else {
            alpha
        };
        let s = if i == 0 {
            -engine.node(them, depth - 1, -beta, -alpha, 1, NodeKind::Pv)
        } else {
            let r = if depth >= 3 && moves[i].quiet && i >= 3 {
                engine.params.reduction(depth, i).max(1)
            } else {
                0
            };
            let mut s = -engine.node(them, depth - 1 - r, -floor - 1, -floor, 1, NodeKind::Cut);
            if s > floor && r > 0 && !engine.stopped {
                s = -engine.node(them, depth - 1, -floor - 1, -floor, 1, NodeKind::Cut);
            }
            if s > floor && s < beta && !engine.stopped {
                s = -engine.node(them, depth - 1, -beta, -floor, 1, NodeKind::Pv);
            }
            s
        };
        engine.pos.undo();
        if engine.stopped {
            // Keep what is known: a finished first move stays first.
            moves[..i].sort_by_key(|m| std::cmp::Reverse(m.score));
            return best;
        }
        moves[i].score = if i == 0 || s > floor { s } else { -INF };
        if s > best {
            best = s;
            if s > alpha {
                alpha = s;
                if s >= beta {
                    break;
                }
            }
        }
    }
    // Stable: equal scores keep the previous order.
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_width_search_leaves_the_playing_parameters_as_they_were() {
        let mut searcher = Searcher::new(Rule::Freestyle);
        let play = SearchParams {
            move_count_percent: 150,
            ..SearchParams::default()
        };
        searcher.set_params(play);
        let inside = searcher.full_width(|s| s.params());
        assert_eq!(inside, play.full_width());
        assert_eq!(inside.move_count_percent, 0);
        assert_eq!(inside.singular_depth, 0);
        assert_eq!(inside.root_vct_threats, 0);
        assert_eq!(inside.iir_depth, 0);
        assert_eq!(inside.alpha_raise_depth, 0);
        assert_eq!(inside.lmr_percent, play.lmr_percent);
        assert_eq!(searcher.params(), play);
    }

    #[test]
    fn a_raised_alpha_searches_the_remaining_pv_moves_less_deep() {
        // Over the bench's positions at depth 9 the reduction must save
        // nodes: it only ever takes depth away, in PV nodes.
        let cancel = AtomicBool::new(false);
        let mut nodes = [0u64; 2];
        for (rule, moves) in bench::POSITIONS {
            let (board, to_move) = bench::position(moves).unwrap();
            for (i, depth) in [0, SearchParams::default().alpha_raise_depth]
                .into_iter()
                .enumerate()
            {
                let mut searcher = Searcher::new(rule);
                searcher.set_params(SearchParams {
                    alpha_raise_depth: depth,
                    ..SearchParams::default()
                });
                let limits = SearchLimits::depth(9);
                let info = searcher.search(&board, to_move, &limits, &cancel, &mut |_| {});
                nodes[i] += info.nodes;
            }
        }
        assert!(nodes[1] < nodes[0], "{nodes:?}");
    }

    #[test]
    fn full_strength_plays_a_threat_win_beyond_its_depth() {
        // vct.rs's game: after these ten stones Black wins with threes and
        // fours, which a one-ply search cannot see.
        let mut board = Board::new(15).unwrap();
        let moves = crate::board::parse_move_list("h7g10j10j11g8f9e8h8f7e7", 15).unwrap();
        for (n, p) in moves.iter().enumerate() {
            board.place(*p, Color::of_ply(n)).unwrap();
        }
        let cancel = AtomicBool::new(false);
        let mut searcher = Searcher::new(Rule::Freestyle);
        let search = |s: &mut Searcher| {
            s.search(
                &board,
                Color::Black,
                &SearchLimits::depth(1),
                &cancel,
                &mut |_| {},
            )
        };
        let info = search(&mut searcher);
        assert!(matches!(info.score, Score::WinIn(_)), "{:?}", info.score);
        let first = info.best.unwrap().index();
        let vct = vct::winning_move(&board, Rule::Freestyle, Color::Black, 7, 20_000, None);
        assert_eq!(vct.map(|(m, _)| m), Some(first));
        // Without it (as the levels search), depth 1 sees no win.
        let info = searcher.full_width(search);
        assert!(matches!(info.score, Score::Eval(_)), "{:?}", info.score);
    }

    #[test]
    fn the_search_stops_twice_the_recent_run_queue_wait_early() {
        let ms = |d: Duration| d.as_millis() as u64;
        let stop = |time_ms, wait_ms: u64| {
            let wait = load::RunQueueWait {
                us: wait_ms * 1_000,
            };
            ms(stop_time(Duration::from_millis(time_ms), wait))
        };
        // An idle or lightly loaded machine: the whole time (the callers'
        // reserve keeps 20 ms for scheduling delays).
        assert_eq!(stop(172, 0), 172);
        assert_eq!(stop(172, 10), 172);
        // 20 ms per wait: 40 ms kept, 20 of them here.
        assert_eq!(stop(172, 20), 152);
        assert_eq!(stop(940, 29), 902);
        // However long the waits, two thirds of the time are searched.
        assert_eq!(stop(150, 500), 100);
    }
}
