//! The principal-variation alpha-beta search with a VCF quiescence.
//!
//! Scores are from the side to move's point of view. A win whose five is
//! placed `n` plies after the root scores `MATE - n`; a loss `-(MATE - n)`.

use super::params::SearchParams;
use super::tt::{Bound, NO_EVAL, Store, Table};
use crate::board::{CELLS, Cell, Color, Direction, Point, STRIDE};
use crate::eval::learned::{self, QUIET};
use crate::eval::pattern::{Pattern, Threat};
use crate::eval::{POLICY, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub const MATE: i32 = 30_000;
pub const INF: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
pub const MAX_PLY: usize = 120;
/// A PV node's alpha raised by a score beyond this (a line already judged
/// won or lost, proven or not) keeps the depth of the remaining moves: see
/// `alpha_raise_depth`.
const ALPHA_RAISE_BOUND: i32 = 2_000;
/// How many of our own fours the quiescence may chain.
const QUIESCENCE_FOURS: u32 = 6;

/// Futility margins by remaining depth: quiet moves are skipped when the
/// evaluation plus this stays at or below alpha.
const FUTILITY: [i32; 4] = [0, 120, 260, 450];
/// History values stay within ± this (each update pulls towards zero).
const HISTORY_MAX: i32 = 16_384;

/// ln(d) * ln(i) * 256 by depth and move number: the late-move reduction's
/// shape, scaled by [`SearchParams::lmr_percent`].
static LOG_PRODUCT: std::sync::LazyLock<[[i32; 64]; 64]> = std::sync::LazyLock::new(|| {
    let mut t = [[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (i, r) in row.iter_mut().enumerate().skip(1) {
            *r = ((d as f64).ln() * (i as f64).ln() * 256.0) as i32;
        }
    }
    t
});

/// d^1.3 * 256 by depth: the move-count limit's shape.
static DEPTH_POWER: std::sync::LazyLock<[i32; 64]> = std::sync::LazyLock::new(|| {
    let mut t = [0; 64];
    for (d, n) in t.iter_mut().enumerate() {
        *n = ((d as f64).powf(1.3) * 256.0) as i32;
    }
    t
});

impl SearchParams {
    /// Late-move reduction at `depth` for the `i`-th move.
    pub fn reduction(&self, depth: i32, i: usize) -> i32 {
        LOG_PRODUCT[(depth.max(0) as usize).min(63)][i.min(63)] * self.lmr_percent / 25_600
    }

    /// Move-count pruning: how many moves a node at `depth` tries before
    /// skipping the non-forcing rest; None when it is off.
    fn move_count_limit(&self, depth: i32, improving: bool) -> Option<usize> {
        if self.move_count_percent == 0 {
            return None;
        }
        let scaled =
            DEPTH_POWER[(depth.max(0) as usize).min(63)] * self.move_count_percent / 25_600;
        let n = 3 + scaled;
        Some(
            if improving {
                n
            } else {
                n * self.move_count_not_improving / 100
            }
            .max(1) as usize,
        )
    }
}

/// What a node is expected to be, as in a perfectly ordered tree: on the
/// principal variation (an open window), a node that fails high (a cut
/// node: its first good move refutes it) or one that fails low (every move
/// is tried). Far above beta, a cut node searches its moves less deep.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NodeKind {
    Pv,
    Cut,
    All,
}

impl NodeKind {
    /// The kind of a null-window child searched to its full depth.
    fn opposite(self) -> NodeKind {
        match self {
            NodeKind::Cut => NodeKind::All,
            _ => NodeKind::Cut,
        }
    }

    /// The kind of the first move's child.
    fn first_child(self) -> NodeKind {
        match self {
            NodeKind::Pv => NodeKind::Pv,
            other => other.opposite(),
        }
    }
}

/// Mixed into the key of a search that leaves one move out.
const EXCLUSION_KEY: u64 = 0xD6E8_FEB8_6659_FD93;

/// The table key of a position searched without the move `excluded` (0:
/// with every move, the position's own key).
#[inline]
fn exclusion_key(key: u64, excluded: usize) -> u64 {
    key ^ (excluded as u64).wrapping_mul(EXCLUSION_KEY)
}

/// What the singular-extension test found for the table's move.
enum Singular {
    /// Not tested, or another move is about as good.
    No,
    /// The only good move: search it a ply deeper.
    Extend,
    /// Another move also refutes the node: cut with this score.
    Cut(i32),
}

/// Why and when to stop.
pub struct Limits<'a> {
    pub deadline: Option<Instant>,
    pub nodes: Option<u64>,
    pub cancel: &'a AtomicBool,
}

/// Whether the opponent threatens to make an open four (or four-three)
/// next move, so that only defences and our own fours make sense.
pub fn must_defend(pos: &mut Position, them: Color) -> bool {
    pos.count(them, Threat::Flex4) > 0
        || (pos.count(them, Threat::FourThree) > 0 && real_four_three(pos, them))
}

/// Whether one of `color`'s four-three points is a real threat. Renju
/// Black's three may be fake (its straight-four point forbidden), which the
/// cell's own lines cannot show: the four-three is played, and it is real
/// if it leaves Black a straight-four point (the tables mark the forbidden
/// ones), as Rapfi's search validates it.
fn real_four_three(pos: &mut Position, color: Color) -> bool {
    !fake_threes(pos, color)
        || any_four_three_leaves(pos, color, |pos| pos.count(color, Threat::Flex4) > 0)
}

/// Whether one of (up to eight of) `color`'s legal four-three points,
/// played, leaves a position where `test` holds.
fn any_four_three_leaves(
    pos: &mut Position,
    color: Color,
    test: impl Fn(&Position) -> bool,
) -> bool {
    // Copied out first: each point is played in turn.
    let mut cells = [0usize; 8];
    let mut n = 0;
    for c in pos.cells_with(color, Threat::FourThree).take(cells.len()) {
        cells[n] = c;
        n += 1;
    }
    cells[..n].iter().any(|&c| {
        if !pos.is_legal(c, color) {
            return false;
        }
        pos.make(c, color);
        let holds = test(pos);
        pos.undo();
        holds
    })
}

/// The only cell where `color` makes five, or None when it has none or
/// two or more.
fn single_five(pos: &Position, color: Color) -> Option<usize> {
    // The count says whether there is exactly one: the scan can stop at it
    // (and is not needed for two).
    if pos.count(color, Threat::Five) != 1 {
        return None;
    }
    pos.cells_with(color, Threat::Five).next()
}

/// Whether `us`, to move, wins by a four-three or a double three that
/// nothing can interrupt. A double three wins when the opponent has no
/// cell that makes a four (nor a five, checked before) or an open four:
/// its one reply blocks one three and makes at most a three, too slow. A
/// four-three's four forces the block of its five point, so it wins unless
/// that block makes a four of the opponent's (the three then becomes a
/// straight four); with no four anywhere the opponent has none to make,
/// otherwise each four-three is played to see its block (as Rapfi's quick
/// win check does). Renju Black's threes may be fake (the tables cannot see
/// it), so its double threats are left to the search.
pub fn double_threat_wins(pos: &mut Position, us: Color) -> bool {
    let them = us.opponent();
    if fake_threes(pos, us) {
        return false;
    }
    let fours = [Threat::FourThree, Threat::FourPlus, Threat::Four]
        .iter()
        .map(|&t| pos.count(them, t))
        .sum::<u16>();
    let four_three = pos.count(us, Threat::FourThree) > 0;
    if fours == 0 && (four_three || pos.count(us, Threat::ThreeThree) > 0) {
        return four_three || pos.count(them, Threat::Flex4) == 0;
    }
    four_three && four_three_block_fails(pos, us)
}

/// Whether one of `us`'s four-threes forces a block that makes no four of
/// the opponent's. A block flagged forbidden to Renju Black counts as a
/// defence unless it is exactly forbidden (the flag can be stale).
fn four_three_block_fails(pos: &mut Position, us: Color) -> bool {
    let them = us.opponent();
    any_four_three_leaves(pos, us, |pos| {
        single_five(pos, us).is_some_and(|block| {
            let t = pos.threat(block, them);
            !(t.is_four() || (t == Threat::Forbidden && pos.is_legal(block, them)))
        })
    })
}

/// Renju Black's threes may be fake (the straight-four point forbidden),
/// which the line tables cannot see: its four-threes are played to tell
/// (see [`real_four_three`]) and its double threats are left to the search.
fn fake_threes(pos: &Position, color: Color) -> bool {
    pos.rule().has_forbidden_moves(color)
}

/// Ordering score of playing `cell` for `us`: the learned score of what it
/// makes for both sides, then its patterns' value for each.
#[inline]
pub fn move_score(pos: &Position, cell: usize, us: Color) -> i32 {
    let them = us.opponent();
    let policy = &POLICY[learned::table(pos.rule(), us)];
    policy[pos.threat(cell, us) as usize][pos.threat(cell, them) as usize]
        + 4 * pos.value(cell, us)
        + 3 * pos.value(cell, them)
}

/// Whether a move is quiet for ordering, pruning and reductions.
pub fn is_quiet(pos: &Position, cell: usize, us: Color) -> bool {
    move_score(pos, cell, us) < QUIET
}

/// Candidate moves for `us` with ordering scores (unsorted): empty cells
/// near stones; only defences and fours when `defending` (the opponent
/// threatens an open four, see [`must_defend`]). Renju Black's forbidden
/// points are left out (by the pattern tables).
pub fn generate(pos: &Position, us: Color, defending: bool, out: &mut Vec<(usize, i32)>) {
    out.clear();
    let them = us.opponent();
    let defences = if defending {
        defence_cells(pos, them)
    } else {
        Vec::new()
    };
    for cell in pos.live_cells() {
        if !pos.is_near(cell) {
            continue;
        }
        let mine = pos.threat(cell, us);
        if mine == Threat::Forbidden {
            continue;
        }
        if defending && !mine.is_four() && !defences.contains(&cell) {
            continue;
        }
        out.push((cell, move_score(pos, cell, us)));
    }
}

/// The cells that can stop `them` making an open four (or a four-three):
/// the threat points themselves and, on each threatening line, the cells
/// where `them` would make a four on that line (its ends and gaps) and,
/// for a four-three, the cells that leave its three no open three and the
/// cells that prepare a counter-four at its four's block (see
/// [`counter_four_preparations`]).
pub(super) fn defence_cells(pos: &Position, them: Color) -> Vec<usize> {
    let mut cells = Vec::new();
    let add = |c: usize, cells: &mut Vec<usize>| {
        if !cells.contains(&c) {
            cells.push(c);
        }
    };
    let threats = pos
        .live_cells()
        .filter(|&c| matches!(pos.threat(c, them), Threat::Flex4 | Threat::FourThree));
    for t in threats {
        add(t, &mut cells);
        let patterns = pos.patterns(t, them);
        let four_three = pos.threat(t, them) == Threat::FourThree;
        for (d, dir) in Direction::ALL.into_iter().enumerate() {
            if !matches!(
                patterns[d],
                Pattern::F3 | Pattern::B4 | Pattern::F4 | Pattern::D4
            ) {
                continue;
            }
            for steps in (-5isize..=5).filter(|&s| s != 0) {
                let c = (t as isize + dir.stride() * steps) as usize;
                if pos.board().cell(c) != Cell::Empty {
                    continue;
                }
                let line = pos.patterns(c, them)[d];
                // The three a four-three would make is stopped in advance
                // by any cell that leaves it no open three.
                let breaks_three = four_three
                    && patterns[d] == Pattern::F3
                    && pos.pattern_if_held(t, them, d, steps, them.opponent()) < Pattern::F3;
                let on_four = line.is_four_or_five();
                if breaks_three || on_four {
                    add(c, &mut cells);
                }
                if four_three && on_four && patterns[d] != Pattern::F3 {
                    for p in counter_four_preparations(pos, them.opponent(), c, d) {
                        add(p, &mut cells);
                    }
                }
            }
        }
    }
    cells
}

/// The empty cells where a stone of `us` makes the empty cell `block` a
/// four of ours on a line other than direction `skip`. When `block` is
/// where we must stop the opponent's four-three's four, such a stone
/// turns that forced block into a counter-four, whose tempo then stops the
/// three: a defence off the threat's lines.
fn counter_four_preparations(
    pos: &Position,
    us: Color,
    block: usize,
    skip: usize,
) -> impl Iterator<Item = usize> + '_ {
    let now = pos.patterns(block, us);
    Direction::ALL
        .into_iter()
        .enumerate()
        .filter(move |&(d, _)| d != skip && !now[d].is_four_or_five())
        .flat_map(move |(d, dir)| {
            (-4isize..=4)
                .filter(|&s| s != 0)
                .map(move |s| ((block as isize + dir.stride() * s) as usize, d, s))
        })
        .filter(move |&(c, d, s)| {
            pos.board().cell(c) == Cell::Empty
                && pos.pattern_if_held(block, us, d, s, us).is_four_or_five()
        })
        .map(|(c, _, _)| c)
}

/// One search tree walk: position, tables and counters.
pub struct Engine<'a> {
    pub pos: Position,
    tt: &'a Table,
    history: Box<[[i32; CELLS]; 2]>,
    /// The move that last refuted each move, by colour of the refuter.
    counters: Box<[[usize; CELLS]; 2]>,
    killers: [[usize; 2]; MAX_PLY],
    /// Static evaluation at each ply (for "improving").
    evals: [i32; MAX_PLY],
    lists: Vec<Vec<(usize, i32)>>,
    pub nodes: u64,
    /// Depth of the current iteration (bounds the extensions).
    pub root_depth: i32,
    pub stopped: bool,
    /// Set for the node a null move leads to (no second null in a row).
    after_null: bool,
    /// The move a singular-extension test leaves out at each ply (0: none).
    excluded: [usize; MAX_PLY],
    limits: Limits<'a>,
    pub params: SearchParams,
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Picks after which a node that has not cut is likely to go through many
/// more moves (or skip them by move count, which also needs them in
/// order): the rest is then sorted once instead of scanned per pick.
const SORT_AFTER: usize = 1;

/// Moves the best of `moves[i..]` (highest score, then lowest cell) to
/// `i` and returns it, for `i` counting up from 0: a selection sort done
/// one step at a time, most nodes cutting early, until [`SORT_AFTER`]. The
/// order is the same either way (no two moves compare equal).
#[inline]
fn pick(moves: &mut [(usize, i32)], i: usize) -> (usize, i32) {
    if i >= SORT_AFTER {
        if i == SORT_AFTER {
            moves[i..].sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        }
        return moves[i];
    }
    let mut best = i;
    for j in i + 1..moves.len() {
        let (a, b) = (moves[j], moves[best]);
        if a.1 > b.1 || (a.1 == b.1 && a.0 < b.0) {
            best = j;
        }
    }
    moves.swap(i, best);
    moves[i]
}

/// Whether two padded indices are within four cells of each other in
/// both directions (Chebyshev distance <= 4): the reach of a line of five,
/// so a move this close can take part in the other's threats.
#[inline]
fn near(a: usize, b: usize) -> bool {
    let (ax, ay) = (a % STRIDE, a / STRIDE);
    let (bx, by) = (b % STRIDE, b / STRIDE);
    ax.abs_diff(bx).max(ay.abs_diff(by)) <= 4
}

pub fn win_at(ply: usize) -> i32 {
    MATE - ply as i32
}

impl<'a> Engine<'a> {
    pub fn new(
        pos: Position,
        tt: &'a Table,
        limits: Limits<'a>,
        params: SearchParams,
    ) -> Engine<'a> {
        Engine {
            pos,
            tt,
            history: Box::new([[0; CELLS]; 2]),
            counters: Box::new([[0; CELLS]; 2]),
            killers: [[0; 2]; MAX_PLY],
            evals: [0; MAX_PLY],
            lists: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            nodes: 0,
            root_depth: 1,
            stopped: false,
            after_null: false,
            excluded: [0; MAX_PLY],
            limits,
            params,
        }
    }

    /// Values the root (which the root search walks, not `node`) for the
    /// nodes two plies down that ask whether their side is improving.
    pub fn evaluate_root(&mut self, us: Color) {
        self.evals[0] = self.pos.evaluate(us);
    }

    /// Plays a move of the tree, first asking for the table entry the
    /// child will probe.
    #[inline]
    fn make(&mut self, m: usize, us: Color) {
        self.tt.prefetch(self.pos.key_after(m, us));
        self.pos.make(m, us);
    }

    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if let Some(limit) = self.limits.nodes
            && self.nodes >= limit
        {
            self.stopped = true;
        }
        if self.nodes & 127 == 0 {
            if self.limits.cancel.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if let Some(d) = self.limits.deadline
                && Instant::now() >= d
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Checks that end the game within three plies whatever the depth.
    /// Returns a score, or the forced block when the opponent threatens five.
    fn immediate(&mut self, us: Color, ply: usize) -> Result<Option<usize>, i32> {
        let them = us.opponent();
        if self.pos.has_five(us) {
            return Err(win_at(ply + 1));
        }
        if self.pos.has_five(them) {
            return match single_five(&self.pos, them) {
                // Exact: a Renju forbidden flag can be stale (it changes with
                // stones off the cell's lines), and a false loss or a
                // forbidden block would both be wrong.
                Some(cell) if self.pos.is_legal(cell, us) => Ok(Some(cell)),
                _ => Err(-win_at(ply + 2)),
            };
        }
        if self.pos.count(us, Threat::Flex4) > 0 {
            return Err(win_at(ply + 3));
        }
        if self.params.static_double_win != 0 && double_threat_wins(&mut self.pos, us) {
            return Err(win_at(ply + 5));
        }
        Ok(None)
    }

    /// Final ordering scores: the table's move first, then killers, the
    /// counter-move and history among the quiet moves. The list is not
    /// sorted: [`pick`] selects each next move, as most nodes cut early.
    fn order(&self, moves: &mut [(usize, i32)], us: Color, ply: usize, tt_move: Option<usize>) {
        let counter = self
            .pos
            .last_move()
            .map_or(0, |last| self.counters[us.index()][last]);
        for m in moves.iter_mut() {
            if Some(m.0) == tt_move {
                m.1 = i32::MAX;
            } else if m.1 < QUIET {
                if self.killers[ply].contains(&m.0) {
                    m.1 = QUIET - 1;
                } else if m.0 == counter {
                    m.1 = QUIET - 2;
                } else {
                    m.1 += (self.history[us.index()][m.0] >> 4).clamp(-QUIET, QUIET - 3);
                }
            }
        }
    }

    /// Pulls a history value towards +/- [`HISTORY_MAX`] by `bonus`.
    fn update_history(&mut self, us: Color, cell: usize, bonus: i32) {
        let h = &mut self.history[us.index()][cell];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// A move refuted the position: remember it, and penalise the moves
    /// tried before it.
    fn reward_cutoff(&mut self, us: Color, ply: usize, depth: i32, cut: usize, tried: &[usize]) {
        let bonus = (depth * depth * 32).min(HISTORY_MAX / 4);
        self.update_history(us, cut, bonus);
        for &m in tried {
            self.update_history(us, m, -bonus);
        }
        let k = &mut self.killers[ply];
        if k[0] != cut {
            k[1] = k[0];
            k[0] = cut;
        }
        if let Some(last) = self.pos.last_move() {
            self.counters[us.index()][last] = cut;
        }
    }

    pub fn node(
        &mut self,
        us: Color,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        kind: NodeKind,
    ) -> i32 {
        let pv = kind == NodeKind::Pv;
        let after_null = std::mem::take(&mut self.after_null);
        if self.tick() {
            return 0;
        }
        let them = us.opponent();
        match self.immediate(us, ply) {
            Err(score) => return score,
            Ok(Some(block)) => {
                // A forced block is not a real choice: search it a ply deeper.
                // It gets no evaluation of its own; the node two plies down
                // judges "improving" against its parent's, from this side.
                if ply > 0 {
                    self.evals[ply] = -self.evals[ply - 1];
                }
                self.make(block, us);
                let s = -self.node(them, depth, -beta, -alpha, ply + 1, kind.first_child());
                self.pos.undo();
                return s;
            }
            Ok(None) => {}
        }
        if depth <= 0 || ply >= MAX_PLY - 4 {
            return self.quiesce(us, alpha, beta, ply, QUIESCENCE_FOURS);
        }
        // No line from here can beat the quickest mate.
        alpha = alpha.max(-win_at(ply));
        beta = beta.min(win_at(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        // A search without one move is another position for the table.
        let excluded = self.excluded[ply];
        let key = exclusion_key(self.pos.key(us), excluded);
        let mut tt_move = None;
        let mut tt_entry = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = (e.best != 0).then_some(e.best as usize);
            tt_entry = Some(e);
            if !pv && e.depth as i32 >= depth {
                let s = from_tt(e.score as i32, ply);
                if e.bound().settles(s, alpha, beta) {
                    return s;
                }
            }
        }
        // Static evaluation and the pruning it allows before any move.
        let defending = must_defend(&mut self.pos, them);
        let eval = self.pos.evaluate(us);
        self.evals[ply] = eval;
        let improving = ply < 2 || eval > self.evals[ply - 2];
        let p = self.params;
        if !pv && !defending && excluded == 0 && alpha.abs() < MATE_BOUND && beta.abs() < MATE_BOUND
        {
            // depth >= 1 here: shallower nodes went to quiescence above.
            if depth <= p.reverse_futility_depth && eval - p.reverse_futility_margin * depth >= beta
            {
                return eval;
            }
            if depth <= p.razor_depth && eval + p.razor_base + p.razor_per_depth * depth <= alpha {
                return self.quiesce(us, alpha, alpha + 1, ply, QUIESCENCE_FOURS);
            }
            if p.null_move_depth > 0 && depth >= p.null_move_depth && !after_null && eval >= beta {
                let r = p.null_move_reduction + depth / 4;
                self.after_null = true;
                let child = kind.opposite();
                let s = -self.node(them, depth - 1 - r, -beta, -beta + 1, ply + 1, child);
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    // A mate found after a pass is not a mate from here.
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        // Without a table move the ordering is a guess: a shallower search
        // costs little and fills the table for the next visit.
        let depth = if p.iir_depth > 0 && depth >= p.iir_depth && tt_move.is_none() && excluded == 0
        {
            depth - 1
        } else {
            depth
        };
        let mut moves = std::mem::take(&mut self.lists[ply]);
        generate(&self.pos, us, defending, &mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            // Nothing stops the opponent's open four, or no move is left.
            return if defending { -win_at(ply + 4) } else { 0 };
        }
        self.order(&mut moves, us, ply, tt_move);
        // Answering an open three is forced: it costs no depth, so threat
        // sequences (VCT) are read about twice as deep. Bounded by ply.
        let forced_extension =
            (defending && moves.len() <= 3 && (ply as i32) < self.root_depth + 2) as i32;
        let mut depth = depth;
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut tried_quiet: [usize; 64] = [0; 64];
        let mut quiet_count = 0;
        let move_limit = p.move_count_limit(depth, improving).unwrap_or(usize::MAX);
        // Futility: far below alpha near the leaves, only threats can help.
        let futile = !pv
            && !defending
            && (depth as usize) < FUTILITY.len()
            && alpha.abs() < MATE_BOUND
            && eval + FUTILITY[depth as usize] <= alpha;
        for i in 0..moves.len() {
            let (m, ms) = pick(&mut moves, i);
            if m == excluded {
                continue;
            }
            // Forcing moves are never pruned: the table's move and our
            // fours (a defending node has few moves, so move-count pruning
            // seldom reaches its defences; they are reduced like any move).
            let four = self.pos.threat(m, us).is_four();
            let forcing = Some(m) == tt_move || four;
            let quiet = ms < QUIET && !defending;
            // A move that makes nothing for either side (not even a two or
            // a closed three) rarely matters near the leaves.
            let trivial = depth < p.trivial_depth
                && !defending
                && self.pos.threat(m, us) == Threat::None
                && self.pos.threat(m, them) == Threat::None;
            if !forcing && best > -MATE_BOUND && (i >= move_limit || (quiet && futile) || trivial) {
                continue;
            }
            let table_entry = tt_entry.filter(|_| Some(m) == tt_move && !defending);
            let verdict = table_entry.map(|e| self.singular(us, e, depth, beta, ply, kind));
            let extension = match verdict {
                Some(_) if self.stopped => {
                    self.lists[ply] = moves;
                    return 0;
                }
                Some(Singular::Extend) => 1,
                Some(Singular::Cut(s)) => {
                    self.lists[ply] = moves;
                    return s;
                }
                Some(Singular::No) | None => 0,
            };
            // Far above beta at a node expected to fail high, anything but
            // a four is likely to refute it at less depth too.
            let likely_fail_high = kind == NodeKind::Cut
                && p.fail_high_margin > 0
                && eval >= beta + p.fail_high_margin * depth
                && !four;
            let next = depth - 1 + forced_extension + extension - likely_fail_high as i32;
            self.make(m, us);
            let mut s;
            if i == 0 {
                s = -self.node(them, next, -beta, -alpha, ply + 1, kind.first_child());
            } else {
                // Every move after the first but the table's is reduced,
                // fours too: a four that does not win wastes a threat, and
                // its forced block costs no depth, so the line stays cheap.
                let r = if depth >= 2 && Some(m) != tt_move {
                    self.late_move_reduction(us, m, depth, i, kind, improving, ply, defending)
                        .clamp(0, (next - 1).max(0))
                } else {
                    0
                };
                // A reduced search expects to fail low, so its child to fail high.
                let child = if r > 0 {
                    NodeKind::Cut
                } else {
                    kind.opposite()
                };
                s = -self.node(them, next - r, -alpha - 1, -alpha, ply + 1, child);
                if s > alpha && r > 0 {
                    s = -self.node(them, next, -alpha - 1, -alpha, ply + 1, kind.opposite());
                }
                if s > alpha && s < beta {
                    s = -self.node(them, next, -beta, -alpha, ply + 1, NodeKind::Pv);
                }
            }
            self.pos.undo();
            if self.stopped {
                self.lists[ply] = moves;
                return 0;
            }
            if s > best {
                best = s;
                best_move = Some(m);
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        if ms < QUIET {
                            let tried = &tried_quiet[..quiet_count];
                            self.reward_cutoff(us, ply, depth, m, tried);
                        }
                        break;
                    }
                    // A PV node that has found a better line searches the
                    // rest a ply less: they now have to beat it, not alpha.
                    if depth > 2 && depth < p.alpha_raise_depth && s.abs() < ALPHA_RAISE_BOUND {
                        depth -= 1;
                    }
                }
            }
            if ms < QUIET && quiet_count < tried_quiet.len() {
                tried_quiet[quiet_count] = m;
                quiet_count += 1;
            }
        }
        self.lists[ply] = moves;
        if best == -INF {
            // Only the excluded move was left.
            return alpha;
        }
        self.tt.store(
            key,
            Store {
                depth,
                score: to_tt(best, ply),
                eval: NO_EVAL as i32,
                bound: Bound::of(best, original_alpha, beta),
                best: best_move,
            },
        );
        best
    }

    /// Singular extension of the table's move (entry `e`'s best): when
    /// every other move fails low, searched at half depth against the
    /// move's stored score minus a margin, it is the only good move and gets
    /// a ply more. When another move also reaches that bound and it is at or
    /// above beta, two moves refute the node: it is cut (multi-cut).
    fn singular(
        &mut self,
        us: Color,
        e: super::tt::Entry,
        depth: i32,
        beta: i32,
        ply: usize,
        kind: NodeKind,
    ) -> Singular {
        let p = self.params;
        let m = e.best as usize;
        let score = from_tt(e.score as i32, ply);
        if p.singular_depth == 0
            || depth < p.singular_depth
            || self.excluded[ply] != 0
            || (ply as i32) >= 2 * self.root_depth
            || score.abs() >= MATE_BOUND
            || !matches!(e.bound(), Bound::Lower | Bound::Exact)
            || (e.depth as i32) < depth - 3
        {
            return Singular::No;
        }
        let singular_beta = score - p.singular_margin * depth;
        self.excluded[ply] = m;
        let kind = if kind == NodeKind::Pv {
            NodeKind::All
        } else {
            kind
        };
        let s = self.node(
            us,
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            kind,
        );
        self.excluded[ply] = 0;
        if s < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    /// How much less deep the `i`-th move `m` (already made) is searched:
    /// more for late and badly-behaved moves, whatever they make. Sparing
    /// every three and tactical move (as before) left the reduction nearly
    /// off in fights, where proofs need it most (see docs/ai-strength.md,
    /// stop 42: Rapfi proves twice our wins at equal nodes, and without
    /// its reductions it proves about as many as we do).
    #[allow(clippy::too_many_arguments)]
    fn late_move_reduction(
        &self,
        us: Color,
        m: usize,
        depth: i32,
        i: usize,
        kind: NodeKind,
        improving: bool,
        ply: usize,
        defending: bool,
    ) -> i32 {
        let mut r = self.params.reduction(depth, i);
        // Expected to fail high: its first move (or a killer) should cut.
        if kind == NodeKind::Cut && !self.killers[ply].contains(&m) {
            r += 2;
        }
        if kind == NodeKind::Pv {
            r -= 1;
        } else if !improving && r > 1 {
            r += 1;
        }
        // A defence far from both last moves (a counter-four elsewhere)
        // rarely stops the threat; it only delays.
        if defending {
            let far = |c: Option<usize>| c.is_none_or(|c| !near(c, m));
            if far(self.pos.recent(2)) && far(self.pos.recent(3)) {
                r += 2;
            }
        }
        r - self.history[us.index()][m] / (HISTORY_MAX / 2)
    }

    /// Quiescence: stand pat, or keep making fours (a VCF) while they help.
    pub fn quiesce(&mut self, us: Color, mut alpha: i32, beta: i32, ply: usize, fours: u32) -> i32 {
        if self.tick() {
            return 0;
        }
        let them = us.opponent();
        match self.immediate(us, ply) {
            Err(score) => return score,
            Ok(Some(block)) => {
                self.make(block, us);
                let s = -self.quiesce(them, -beta, -alpha, ply + 1, fours);
                self.pos.undo();
                return s;
            }
            Ok(None) => {}
        }
        if self.pos.board().is_full() {
            return 0;
        }
        let stand = self.pos.evaluate(us);
        if stand >= beta || fours == 0 || ply >= MAX_PLY - 2 {
            return stand;
        }
        let key = self.pos.key(us);
        if let Some(e) = self.tt.probe(key) {
            let s = from_tt(e.score as i32, ply);
            if e.bound().settles(s, alpha, beta) {
                return s;
            }
        }
        let four_cells = self.pos.count(us, Threat::FourThree)
            + self.pos.count(us, Threat::FourPlus)
            + self.pos.count(us, Threat::Four);
        if four_cells == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let original_alpha = alpha;
        let mut best = stand;
        let mut moves = std::mem::take(&mut self.lists[ply]);
        moves.clear();
        // Inside a chain of fours, only fours near our previous four: a
        // VCF grows where the attack is, and this keeps the chain narrow.
        // At its start (narrow >= 1), only fours near our last move, and
        // (narrow >= 2) only fours that also make a three or a two: a plain
        // four far from the fight rarely starts a VCF and costs a block.
        let first = fours == QUIESCENCE_FOURS;
        let narrow = self.params.quiesce_narrow;
        let anchor = (!first || narrow >= 1)
            .then(|| self.pos.recent(2))
            .flatten();
        let weakest = if first && narrow >= 2 {
            Threat::FourPlus
        } else {
            Threat::Four
        };
        for cell in self.pos.live_cells() {
            let t = self.pos.threat(cell, us);
            if t <= weakest && anchor.is_none_or(|a| near(a, cell)) {
                moves.push((cell, move_score(&self.pos, cell, us)));
            }
        }
        for i in 0..moves.len() {
            let (m, _) = pick(&mut moves, i);
            self.make(m, us);
            let s = -self.quiesce(them, -beta, -alpha, ply + 1, fours - 1);
            self.pos.undo();
            if self.stopped {
                break;
            }
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
        self.lists[ply] = moves;
        if !self.stopped {
            self.tt.store(
                key,
                Store {
                    depth: 0,
                    score: to_tt(best, ply),
                    eval: NO_EVAL as i32,
                    bound: Bound::of(best, original_alpha, beta),
                    best: None,
                },
            );
        }
        best
    }

    /// The principal variation stored in the table, starting at the root.
    pub fn principal_variation(&mut self, us: Color, first: usize, max_len: usize) -> Vec<Point> {
        let mut line = vec![Point::from_index(first)];
        self.pos.make(first, us);
        let mut color = us.opponent();
        while line.len() < max_len {
            let next = self
                .tt
                .probe(self.pos.key(color))
                .map(|e| e.best as usize)
                .filter(|&m| m != 0 && self.pos.board().cell(m) == crate::board::Cell::Empty);
            let Some(m) = next else { break };
            line.push(Point::from_index(m));
            self.pos.make(m, color);
            color = color.opponent();
        }
        for _ in 0..line.len() {
            self.pos.undo();
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, parse_move_list};
    use crate::rules::{self, Rule};
    use chacha20::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    /// A position from a move list, Black first.
    fn position(moves: &str, rule: Rule) -> Position {
        let mut board = Board::new(15).unwrap();
        for (n, p) in parse_move_list(moves, 15).unwrap().iter().enumerate() {
            board.place(*p, Color::of_ply(n)).unwrap();
        }
        Position::new(&board, rule)
    }

    /// A search of `pos` without a time or node limit.
    fn unlimited<'a>(
        pos: Position,
        tt: &'a Table,
        cancel: &'a AtomicBool,
        params: SearchParams,
    ) -> Engine<'a> {
        let limits = Limits {
            deadline: None,
            nodes: None,
            cancel,
        };
        Engine::new(pos, tt, limits, params)
    }

    /// The quiescence value for `us` to move, with the static win on.
    fn quiet_value(pos: Position, us: Color) -> i32 {
        let (tt, cancel) = (Table::new(1), AtomicBool::new(false));
        let params = SearchParams {
            static_double_win: 1,
            ..SearchParams::default()
        };
        unlimited(pos, &tt, &cancel, params).quiesce(us, -INF, INF, 0, QUIESCENCE_FOURS)
    }

    #[test]
    fn a_singular_test_leaves_the_positions_own_table_entry_alone() {
        // Five stones, White to move: a quiet position, no mate in sight.
        let pos = position("h8g7f6g8g9", Rule::Freestyle);
        let us = Color::White;
        let (tt, cancel) = (Table::new(1), AtomicBool::new(false));
        let params = SearchParams {
            singular_depth: 1,
            ..SearchParams::default()
        };
        let mut engine = unlimited(pos, &tt, &cancel, params);
        let depth = 4;
        engine.root_depth = depth + 1;
        let score = engine.node(us, depth, -INF, INF, 1, NodeKind::Pv);
        assert!(score.abs() < MATE_BOUND);
        let key = engine.pos.key(us);
        let own = tt.probe(key).expect("the search's entry");
        let best = own.best as usize;
        assert_ne!(best, 0);
        engine.singular(us, own, depth, INF, 1, NodeKind::Pv);
        assert!(tt.probe(key) == Some(own), "the position's entry changed");
        // The search without the move has an entry of its own, whose best
        // move is another one.
        let without = tt
            .probe(exclusion_key(key, best))
            .expect("the singular test's entry");
        assert_ne!(without.best as usize, best);
        assert_eq!(engine.excluded, [0; MAX_PLY]);
    }

    /// A forced block is searched without an evaluation of its own; the
    /// node two plies below it asks whether its side is improving, so the
    /// block's ply holds its parent's value from the blocker's side, not
    /// one left there by another line.
    #[test]
    fn a_forced_block_hands_its_parents_value_two_plies_down() {
        // Black's closed four h8-k8 (g8 is White's): White must take l8.
        let pos = position("h8g8i8a1j8a2k8", Rule::Freestyle);
        let (tt, cancel) = (Table::new(1), AtomicBool::new(false));
        let mut engine = unlimited(pos, &tt, &cancel, SearchParams::default());
        // Black's value before k8, and a value another line left at ply 1.
        engine.evals[0] = 321;
        engine.evals[1] = 12_345;
        engine.root_depth = 3;
        engine.node(Color::White, 2, -INF, INF, 1, NodeKind::Pv);
        assert_eq!(engine.evals[1], -321);
    }

    // Black: h8 i8 and j9 j10, so j8 makes two open threes. White's stones
    // sit in the corners, where they make nothing.
    const DOUBLE_THREE: &str = "h8a1i8o1j9a15j10o15";

    #[test]
    fn an_uninterruptible_double_three_is_a_win_without_search() {
        let mut pos = position(DOUBLE_THREE, Rule::Freestyle);
        assert!(double_threat_wins(&mut pos, Color::Black));
        assert!(!double_threat_wins(&mut pos, Color::White));
        assert_eq!(quiet_value(pos, Color::Black), win_at(5));
    }

    #[test]
    fn a_counter_four_or_an_open_three_spoils_the_double_three() {
        // White's c3 d3 e3 is an open three: its four would interrupt.
        let mut pos = position(&format!("{DOUBLE_THREE}n3c3l14d3b7e3"), Rule::Freestyle);
        assert!(pos.count(Color::White, Threat::Flex4) > 0);
        assert!(!double_threat_wins(&mut pos, Color::Black));
        assert!(quiet_value(pos, Color::Black) < MATE_BOUND);
    }

    #[test]
    fn a_four_three_wins_unless_its_block_makes_a_four() {
        // Black's h8 i8 j8, closed by White's g8, makes k8 a four; with
        // k9 k10 it is also an open three. White's a5 a6 a7 can make fours,
        // but the block of Black's four (l8) makes none for White.
        for [w1, w2, w3] in [["a1", "o1", "a15"], ["a5", "a6", "a7"]] {
            let moves = format!("h8g8i8{w1}j8{w2}k9{w3}k10o15");
            let mut pos = position(&moves, Rule::Freestyle);
            assert!(pos.count(Color::Black, Threat::FourThree) > 0);
            assert!(double_threat_wins(&mut pos, Color::Black));
            assert_eq!(quiet_value(pos, Color::Black), win_at(5));
        }
        // With White's l9 l10 l11 instead the block at l8 makes White a
        // four (a straight four): no win without search.
        let mut pos = position("h8g8i8l9j8l10k9l11k10o15", Rule::Freestyle);
        assert!(
            pos.threat(parse_move_list("l8", 15).unwrap()[0].index(), Color::White)
                .is_four()
        );
        assert!(!double_threat_wins(&mut pos, Color::Black));
    }

    #[test]
    fn a_four_three_claimed_won_by_its_block_is_won_by_fours() {
        // Random playouts: wherever the side to move has a four-three whose
        // block makes no four, the VCF solver (which judges Renju exactly)
        // proves the win.
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut checked = 0;
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for _ in 0..200 {
                let mut pos = position("h8", rule);
                for ply in 1..40 {
                    let us = Color::of_ply(ply);
                    if pos.has_five(Color::Black) || pos.has_five(Color::White) {
                        break;
                    }
                    if !fake_threes(&pos, us)
                        && pos.count(us, Threat::Flex4) == 0
                        && pos.count(us, Threat::FourThree) > 0
                        && four_three_block_fails(&mut pos, us)
                    {
                        let vcf =
                            super::super::vcf::find_until(pos.board(), rule, us, 4, 100_000, None);
                        assert!(vcf.is_some(), "{rule:?} {:?}", pos.board());
                        checked += 1;
                    }
                    let near: Vec<usize> = pos
                        .live_cells()
                        .filter(|&c| pos.is_near(c) && pos.is_legal(c, us))
                        .collect();
                    pos.make(near[rng.random_range(0..near.len())], us);
                }
            }
        }
        assert!(checked > 30, "only {checked} four-threes");
    }

    #[test]
    fn renju_black_double_threats_are_left_to_the_search() {
        // The same double three is forbidden to Renju Black; as White's it wins.
        let mut pos = position(DOUBLE_THREE, Rule::Renju);
        assert!(!double_threat_wins(&mut pos, Color::Black));
        let mut swapped = position(&format!("a2{DOUBLE_THREE}"), Rule::Renju);
        assert!(double_threat_wins(&mut swapped, Color::White));
    }

    /// Whether `color`, to move on `board`, can make a straight four (two
    /// five points) with one legal move: the exact rules, no tables.
    fn can_make_straight_four(board: &Board, color: Color, rule: Rule) -> bool {
        rules::legal_moves(board, rule, color).into_iter().any(|p| {
            let mut after = board.clone();
            after.set(p.index(), color);
            let fives = rules::legal_moves(&after, rule, color)
                .into_iter()
                .filter(|&q| rules::makes_five(&after, q, color, rule))
                .count();
            fives >= 2
        })
    }

    #[test]
    fn a_renju_four_three_forces_a_defence_only_if_its_three_is_real() {
        // Black's four-three point, and whether its three is real in Renju.
        // The first was found by random Renju playouts: once White blocks
        // j10's four, every point that would make the three a straight four
        // is forbidden to Black. The second is a plain four-three (h8).
        let cases = [
            ("h8f7e6e8f5f9d5d6j8g7j6k10k9e5k11b8i9f10j12", "j10", false),
            ("e8d8f8a1g8a3h9a5h10", "h8", true),
        ];
        for (moves, point, real_in_renju) in cases {
            let cell = parse_move_list(point, 15).unwrap()[0];
            for (rule, real) in [(Rule::Renju, real_in_renju), (Rule::Freestyle, true)] {
                let mut pos = position(moves, rule);
                assert_eq!(pos.threat(cell.index(), Color::Black), Threat::FourThree);
                assert_eq!(pos.count(Color::Black, Threat::Flex4), 0);
                assert_eq!(
                    must_defend(&mut pos, Color::Black),
                    real,
                    "{point} {rule:?}"
                );
                // The exact rules agree: after the four-three and White's
                // block of its four, can Black make a straight four?
                let mut board = pos.board().clone();
                board.set(cell.index(), Color::Black);
                let block = rules::legal_moves(&board, rule, Color::Black)
                    .into_iter()
                    .find(|&q| rules::makes_five(&board, q, Color::Black, rule))
                    .expect("a four");
                board.set(block.index(), Color::White);
                assert_eq!(can_make_straight_four(&board, Color::Black, rule), real);
            }
        }
    }

    /// The cells where a White stone leaves Black no forced threat (no open
    /// three, no real four-three): the defences, found by trying each.
    fn defences_by_trial(pos: &mut Position) -> Vec<usize> {
        let empty: Vec<usize> = pos.live_cells().filter(|&c| pos.is_near(c)).collect();
        empty
            .into_iter()
            .filter(|&c| {
                pos.make(c, Color::White);
                let stopped = !must_defend(pos, Color::Black);
                pos.undo();
                stopped
            })
            .collect()
    }

    fn cell(name: &str) -> usize {
        parse_move_list(name, 15).unwrap()[0].index()
    }

    #[test]
    fn a_four_three_is_also_met_by_preparing_a_counter_four_at_its_block() {
        // A Renju game of ours against Rapfi: White's d9 threatens the
        // four-three c8 (a four c8-g8 that d8 blocks, a three c8-d9-e10).
        // Black's e9 is off both lines, yet it defends: Black's forced block
        // at d8 then makes a four d8-g11, whose tempo stops the three. The
        // search, without e9 among Black's defences, read d9 as a win in 9
        // plies; Rapfi gives White -357 there.
        let game = "h8i9g7i8i10j9h9h7k10g8i6h10g6f8g11e10j6f9d11f6f10g9e7e8d7f7f5d9";
        let mut pos = position(game, Rule::Renju);
        assert!(must_defend(&mut pos, Color::White));
        assert!(defence_cells(&pos, Color::White).contains(&cell("e9")));
        pos.make(cell("e9"), Color::Black);
        pos.make(cell("c8"), Color::White);
        assert!(pos.threat(cell("d8"), Color::Black).is_four());
    }

    /// Whether `them`'s open three or four-three still wins by force
    /// against any answer after `us` played: an open-four point, played,
    /// leaves two five points; or a four-three point leaves a single five
    /// point whose block makes `us` no four while `them` keeps an open three
    /// (or a second five point).
    fn threat_still_wins(pos: &mut Position, them: Color) -> bool {
        let us = them.opponent();
        let points: Vec<usize> = pos
            .cells_with(them, Threat::Flex4)
            .chain(pos.cells_with(them, Threat::FourThree))
            .collect();
        points.into_iter().any(|t| {
            pos.make(t, them);
            let fives: Vec<usize> = pos.cells_with(them, Threat::Five).collect();
            let wins = match fives[..] {
                [] => false,
                [b] => {
                    let tempo = pos.threat(b, us).is_four() || pos.has_five(us);
                    pos.make(b, us);
                    let open = pos.count(them, Threat::Flex4) > 0 || pos.has_five(them);
                    let wins = !tempo && open && !pos.has_five(us);
                    pos.undo();
                    wins
                }
                _ => !pos.has_five(us),
            };
            pos.undo();
            wins
        })
    }

    #[test]
    fn every_answer_left_out_of_a_defence_loses_to_the_threat() {
        // Random freestyle playouts: where Black threatens an open four or
        // a four-three and White has no four to make, every cell near the
        // stones that is not among White's defences (a move that still
        // lets the threat win as it stands) must lose to it.
        let checked = white_to_defend_in_playouts(29, 400, 40, |pos| {
            if pos
                .live_cells()
                .any(|c| pos.threat(c, Color::White).is_four())
            {
                return false;
            }
            let defences = defence_cells(pos, Color::Black);
            let others: Vec<usize> = pos
                .live_cells()
                .filter(|&c| pos.is_near(c) && !defences.contains(&c))
                .collect();
            for c in others {
                pos.make(c, Color::White);
                assert!(
                    threat_still_wins(pos, Color::Black),
                    "{:?} defends without being a defence",
                    Point::from_index(c)
                );
                pos.undo();
            }
            true
        });
        assert!(checked > 50, "only {checked} positions with a threat");
    }

    /// Random freestyle playouts from h8 (`games` of up to `plies` moves
    /// from `seed`): calls `check` on each position where White must answer
    /// Black's open three or four-three (and Black has no five to make), and
    /// returns how many times it said it checked one.
    fn white_to_defend_in_playouts(
        seed: u64,
        games: usize,
        plies: usize,
        mut check: impl FnMut(&mut Position) -> bool,
    ) -> usize {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut checked = 0;
        for _ in 0..games {
            let mut pos = position("h8", Rule::Freestyle);
            for ply in 1..plies {
                let us = Color::of_ply(ply);
                if pos.has_five(Color::Black) || pos.has_five(Color::White) {
                    break;
                }
                if us == Color::White
                    && !pos.has_five(Color::Black)
                    && must_defend(&mut pos, Color::Black)
                    && check(&mut pos)
                {
                    checked += 1;
                }
                let near: Vec<usize> = pos.live_cells().filter(|&c| pos.is_near(c)).collect();
                pos.make(near[rng.random_range(0..near.len())], us);
            }
        }
        checked
    }

    #[test]
    fn the_defence_cells_hold_every_cell_that_stops_the_threat() {
        // Black's four-three at h8 (a four e8-h8 that d8 blocks, a three
        // h8-h10): it is stopped on the four's line (h8, i8) and, before it
        // is played, on the three's (h7, h11).
        let mut pos = position("e8d8f8a1g8a3h9a5h10", Rule::Freestyle);
        let mut cells = defence_cells(&pos, Color::Black);
        cells.sort_unstable();
        let mut tried = defences_by_trial(&mut pos);
        tried.sort_unstable();
        assert_eq!(cells, tried);
        let named: Vec<usize> = parse_move_list("h8i8h7h11", 15)
            .unwrap()
            .iter()
            .map(|p| p.index())
            .collect();
        assert!(named.iter().all(|c| cells.contains(c)), "{cells:?}");
        // Random playouts: wherever Black has a forced threat, every cell
        // that stops it by trial is among the defences.
        let checked = white_to_defend_in_playouts(8, 300, 30, |pos| {
            let cells = defence_cells(pos, Color::Black);
            for c in defences_by_trial(pos) {
                assert!(cells.contains(&c), "{:?} misses {c}", pos.board());
            }
            true
        });
        assert!(checked > 50, "only {checked} positions with a threat");
    }
}
