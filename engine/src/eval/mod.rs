//! Evaluation: a board that keeps, for every empty cell and both colours,
//! what a stone there would make, updated incrementally on make/undo.
//!
//! Each cell holds one base-3 line key per colour and direction (the ten
//! neighbours seen as own / empty / blocked). Playing a stone changes one key
//! digit of the 40 cells on its four lines; their patterns, threat classes
//! and values are looked up again. The evaluation is the sum of the learned
//! values of the empty cells of both colours (weighed for the side to move
//! and for the opponent) plus the value of the threats each side holds
//! ([`learned`]).

pub mod learned;
pub mod pattern;
mod weights;

use crate::board::{Board, CELLS, Cell, Color, Direction, PAD, Point, STRIDE};
use crate::rules::line::FiveMode;
use crate::rules::{self, Rule};
use learned::{Features, pattern_feature, threat_feature, threat_mask};
use pattern::{ALL_EMPTY, BLOCKED, EMPTY, PATTERNS, Pattern, THREATS, Threat, weight};
use std::sync::OnceLock;
pub use weights::{POLICY, WEIGHTS};

/// A position's evaluation unit: an open three is worth about 100.
pub type Value = i32;

/// No static evaluation goes beyond this (mate scores start far above).
pub const EVAL_LIMIT: Value = 20_000;

/// Move-ordering value of one line pattern at an empty cell, for its owner.
const PATTERN_VALUE: [Value; PATTERNS] = [0, 1, 3, 5, 14, 16, 45, 50, 120, 120, 300, 0];

/// Extra move-ordering value of a cell by its combined threat (double
/// threats are worth more than their lines).
fn threat_bonus(t: Threat) -> Value {
    match t {
        Threat::FourThree => 250,
        Threat::ThreeThree => 160,
        Threat::FourPlus => 40,
        Threat::ThreePlus => 40,
        Threat::Block3Plus => 20,
        Threat::TwoTwo => 20,
        _ => 0,
    }
}

/// Builds the lookup tables now rather than on first use (before timing).
pub fn warm_up() {
    crate::rules::line::warm_up();
    for mode in [FiveMode::AtLeastFive, FiveMode::ExactlyFive] {
        pattern::table(mode);
    }
    for rule in Rule::ALL {
        combos(rule, Color::Black);
        combos(rule, Color::White);
    }
}

/// Threat and values of a cell for one combination of four line patterns.
#[derive(Clone, Copy)]
struct Combo {
    threat: Threat,
    /// For move ordering.
    value: Value,
    /// For the evaluation: when the cell's owner is to move, and when the
    /// opponent is.
    eval: [Value; 2],
}

/// Distinct combinations of four patterns when their order does not matter.
const COMBOS: usize = 1365; // C(PATTERNS + 3, 4)

/// Binomial coefficients C(n + k - 1, k) for k = 4, 3, 2 by n: the
/// combinatorial number system that ranks a sorted pattern quadruple.
const RANK: [[u16; PATTERNS]; 3] = {
    let mut t = [[0u16; PATTERNS]; 3];
    let mut n = 0;
    while n < PATTERNS {
        let m = n as u32;
        t[0][n] = ((m + 3) * (m + 2) * (m + 1) * m / 24) as u16;
        t[1][n] = ((m + 2) * (m + 1) * m / 6) as u16;
        t[2][n] = ((m + 1) * m / 2) as u16;
        n += 1;
    }
    t
};

/// Index of four line patterns in a [`Combo`] table: the directions do not
/// matter for a cell's threat and value, so the patterns are sorted and
/// ranked, which keeps the table small enough for the L1 cache.
#[inline]
fn combo_index(p: [Pattern; 4]) -> usize {
    let [mut a, mut b, mut c, mut d] = p.map(|x| x as usize);
    // A sorting network, largest first.
    let swap = |x: &mut usize, y: &mut usize| {
        let (hi, lo) = ((*x).max(*y), (*x).min(*y));
        (*x, *y) = (hi, lo);
    };
    swap(&mut a, &mut b);
    swap(&mut c, &mut d);
    swap(&mut a, &mut c);
    swap(&mut b, &mut d);
    swap(&mut b, &mut c);
    RANK[0][a] as usize + RANK[1][b] as usize + RANK[2][c] as usize + d
}

/// The combination table of `color`'s cells under `rule`.
fn combos(rule: Rule, color: Color) -> &'static [Combo] {
    fn build(rule: Rule, color: Color) -> Box<[Combo]> {
        let renju_black = rule.has_forbidden_moves(color);
        let as_mover = &WEIGHTS[learned::table(rule, color)];
        let as_waiter = &WEIGHTS[learned::table(rule, color.opponent())];
        let mut table = vec![
            Combo {
                threat: Threat::None,
                value: 0,
                eval: [0; 2],
            };
            COMBOS
        ];
        let all = |i: usize| pattern_of(i as u8);
        for i in 0..PATTERNS.pow(4) {
            let p = [
                all(i / PATTERNS.pow(3)),
                all(i / PATTERNS.pow(2) % PATTERNS),
                all(i / PATTERNS % PATTERNS),
                all(i % PATTERNS),
            ];
            let threat = pattern::combine(p, renju_black);
            let value = if threat == Threat::Forbidden {
                0
            } else {
                p.iter().map(|&x| PATTERN_VALUE[x as usize]).sum::<Value>() + threat_bonus(threat)
            };
            let eval = [
                as_mover.cell_value(0, p, threat),
                as_waiter.cell_value(1, p, threat),
            ];
            table[combo_index(p)] = Combo {
                threat,
                value,
                eval,
            };
        }
        table.into()
    }
    static TABLES: [[OnceLock<Box<[Combo]>>; 2]; 3] = [const { [const { OnceLock::new() }; 2] }; 3];
    let r = Rule::ALL
        .iter()
        .position(|&x| x == rule)
        .expect("a known rule");
    TABLES[r][color.index()].get_or_init(|| build(rule, color))
}

fn pattern_of(code: u8) -> Pattern {
    use Pattern::*;
    [Dead, B1, F1, B2, F2, B3, F3, B4, F4, D4, F5, Overline][code as usize]
}

/// A hash of the stones with the side to move.
#[inline]
fn with_side(stones: u64, to_move: Color) -> u64 {
    stones
        ^ if to_move == Color::White {
            0x9E37_79B9_7F4A_7C15
        } else {
            0
        }
}

/// Evaluation totals by colour and by whether that colour is to move.
type Totals = [[Value; 2]; 2];

/// Cells on the four lines through a move (five each way): what a move changes.
const LINE_CELLS: usize = 40;

/// The cells within five of `index` on its line in direction `d`, each with
/// its offset in steps: the cells a stone at `index` changes.
#[inline]
fn line_cells(index: usize, d: usize) -> impl Iterator<Item = (usize, isize)> {
    let stride = Direction::ALL[d].stride();
    [-5isize, -4, -3, -2, -1, 1, 2, 3, 4, 5]
        .into_iter()
        .map(move |steps| ((index as isize + stride * steps) as usize, steps))
}

/// How many of a cell's lines are open threes by the tables (a Renju
/// double three, if the threes are real).
#[inline]
fn open_threes(patterns: [Pattern; 4]) -> usize {
    patterns.iter().filter(|&&p| p == Pattern::F3).count()
}

/// Per-cell state for both colours.
#[derive(Clone, Copy)]
struct CellInfo {
    /// Line keys by colour and direction.
    keys: [[u32; 4]; 2],
    patterns: [[Pattern; 4]; 2],
    threat: [Threat; 2],
    /// Move-ordering values by colour.
    value: [Value; 2],
    /// Evaluation values by colour, with that colour to move and not.
    eval: [[Value; 2]; 2],
}

const BLANK: CellInfo = CellInfo {
    keys: [[ALL_EMPTY; 4]; 2],
    patterns: [[Pattern::Dead; 4]; 2],
    threat: [Threat::None; 2],
    value: [0; 2],
    eval: [[0; 2]; 2],
};

/// What a move changes besides the cells on its lines, for undo.
#[derive(Clone)]
struct Before {
    total: Totals,
    threat_count: [[u16; THREATS]; 2],
    area: Option<[u8; 4]>,
}

/// A board with incremental pattern information: what the search plays on.
#[derive(Clone)]
pub struct Position {
    board: Board,
    rule: Rule,
    cells: Box<[CellInfo]>,
    /// Stones within two cells (Chebyshev), for candidate moves.
    near: Box<[u8]>,
    /// Sum of the evaluation values of the empty cells, by colour and by
    /// whether that colour is to move.
    total: Totals,
    /// How many empty cells have each threat, by colour.
    threat_count: [[u16; THREATS]; 2],
    /// Moves played since construction (padded indices).
    history: Vec<usize>,
    /// The old state of the cells each move changed, [`LINE_CELLS`] a move.
    saved: Vec<(u32, CellInfo)>,
    /// The stones' bounding box, padded columns and rows (x0, y0, x1, y1).
    area: Option<[u8; 4]>,
    /// The totals, threat counts and stones' box before each move.
    saved_totals: Vec<Before>,
    line_tables: [&'static [Pattern]; 2],
    combos: [&'static [Combo]; 2],
    /// Whether each colour has forbidden moves (Renju Black).
    forbidden_for: [bool; 2],
}

impl Position {
    pub fn new(board: &Board, rule: Rule) -> Position {
        let line_tables = [Color::Black, Color::White].map(|c| pattern::table(rule.five_mode(c)));
        let combos_by_color = [combos(rule, Color::Black), combos(rule, Color::White)];
        let mut pos = Position {
            board: Board::new(board.size()).expect("a valid board has a valid size"),
            rule,
            cells: vec![BLANK; CELLS].into_boxed_slice(),
            near: vec![0; CELLS].into_boxed_slice(),
            total: [[0; 2]; 2],
            threat_count: [[0; THREATS]; 2],
            history: Vec::new(),
            saved: Vec::new(),
            area: None,
            saved_totals: Vec::new(),
            line_tables,
            combos: combos_by_color,
            forbidden_for: [Color::Black, Color::White].map(|c| rule.has_forbidden_moves(c)),
        };
        pos.init_keys();
        for p in board.points() {
            if let Some(c) = board.get(p).color() {
                pos.make(p.index(), c);
            }
        }
        pos.history.clear();
        pos.saved.clear();
        pos.saved_totals.clear();
        pos.recheck_double_threes();
        pos
    }

    /// Judges every Renju double three again on the whole board: the
    /// stones were placed in board order, not the game's, so an exact
    /// verdict taken before a later stone landed off the cell's lines may be
    /// stale (a three's straight-four point became forbidden or allowed).
    fn recheck_double_threes(&mut self) {
        for index in self.play_indices() {
            if self.board.cell(index) != Cell::Empty {
                continue;
            }
            for c in 0..2 {
                if self.needs_exact_recheck(index, c) {
                    self.account(index, false);
                    self.classify(index, c);
                    self.account(index, true);
                }
            }
        }
    }

    /// Keys of an empty board: walls are blocked for both colours.
    fn init_keys(&mut self) {
        for index in self.play_indices() {
            for (d, dir) in Direction::ALL.into_iter().enumerate() {
                let mut key = ALL_EMPTY;
                for steps in [-5isize, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
                    if self.board.cell_at(index, dir, steps) == Cell::Wall {
                        key += (BLOCKED - EMPTY) * weight(steps);
                    }
                }
                self.cells[index].keys[0][d] = key;
                self.cells[index].keys[1][d] = key;
            }
            self.refresh(index);
            self.account(index, true);
        }
    }

    fn play_indices(&self) -> impl Iterator<Item = usize> + use<> {
        let size = self.board.size();
        (0..size).flat_map(move |y| {
            let row = Point::new(0, y as u8).index();
            row..row + size
        })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// Stones placed with [`Position::make`] since construction.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    pub fn last_move(&self) -> Option<usize> {
        self.history.last().copied()
    }

    /// The move played `back` moves ago (1 = the last one).
    pub fn recent(&self, back: usize) -> Option<usize> {
        self.history
            .len()
            .checked_sub(back)
            .map(|i| self.history[i])
    }

    /// Hash of the stones and the side to move.
    #[inline]
    pub fn key(&self, to_move: Color) -> u64 {
        with_side(self.board.hash(), to_move)
    }

    /// [`Position::key`] after `color` plays at the empty `index`, without
    /// playing it.
    #[inline]
    pub fn key_after(&self, index: usize, color: Color) -> u64 {
        with_side(self.board.hash_after(index, color), color.opponent())
    }

    /// Recomputes the patterns, threats and values of an empty cell.
    #[inline]
    fn refresh(&mut self, index: usize) {
        let info = &mut self.cells[index];
        for c in 0..2 {
            let table = self.line_tables[c];
            for d in 0..4 {
                info.patterns[c][d] = table[info.keys[c][d] as usize];
            }
        }
        self.classify(index, 0);
        self.classify(index, 1);
    }

    /// Threat class and values of an empty cell for colour `c` from its
    /// line patterns.
    #[inline]
    fn classify(&mut self, index: usize, c: usize) {
        let judged = self.judge(index, c, self.cells[index].patterns[c]);
        let info = &mut self.cells[index];
        (info.threat[c], info.value[c], info.eval[c]) = judged;
    }

    /// The threat class, move-ordering value and evaluation values of an
    /// empty cell for colour `c` with these line patterns.
    #[inline]
    fn judge(&self, index: usize, c: usize, patterns: [Pattern; 4]) -> (Threat, Value, [Value; 2]) {
        let combo = self.combos[c][combo_index(patterns)];
        // A Renju double three is only forbidden if the threes are real;
        // the rules module decides exactly.
        let forbidden = combo.threat == Threat::Forbidden
            || (self.forbidden_for[c]
                && open_threes(patterns) >= 2
                && rules::is_forbidden(&self.board, Point::from_index(index)));
        if forbidden {
            (Threat::Forbidden, 0, [0; 2])
        } else {
            (combo.threat, combo.value, combo.eval)
        }
    }

    /// Whether an empty cell's classes for colour `c` must be recomputed
    /// although its line patterns did not change: a Renju double three's
    /// exact status depends on stones off its lines.
    #[inline]
    fn needs_exact_recheck(&self, index: usize, c: usize) -> bool {
        self.forbidden_for[c] && open_threes(self.cells[index].patterns[c]) >= 2
    }

    /// Updates the cells on the four lines through `index` after `color`
    /// placed a stone there, saving each cell's old state for
    /// [`Position::undo`].
    #[inline]
    fn update_lines(&mut self, index: usize, color: Color) {
        self.update_line::<0>(index, color);
        self.update_line::<1>(index, color);
        self.update_line::<2>(index, color);
        self.update_line::<3>(index, color);
    }

    /// [`Position::update_lines`] in direction `D`: only that direction of
    /// each cell changes, and a cell whose patterns stay the same keeps its
    /// classes. `D` is a constant so that a cell's pattern for it is
    /// replaced in a register: a byte written at a run-time offset and read
    /// back as part of the four costs a store-forwarding stall per cell.
    #[inline]
    fn update_line<const D: usize>(&mut self, index: usize, color: Color) {
        let own = color.index();
        let opp = 1 - own;
        for (q, steps) in line_cells(index, D) {
            self.saved.push((q as u32, self.cells[q]));
            // From q, the changed cell is at offset -steps.
            let w = weight(-steps);
            let info = &mut self.cells[q];
            info.keys[own][D] -= w * (EMPTY - pattern::OWN);
            info.keys[opp][D] += w * (BLOCKED - EMPTY);
            if self.board.cell(q) != Cell::Empty {
                continue;
            }
            let new = [0, 1].map(|c| self.line_tables[c][info.keys[c][D] as usize]);
            // Only a colour whose pattern changed is classified again.
            let stale = [0, 1]
                .map(|c| new[c] != self.cells[q].patterns[c][D] || self.needs_exact_recheck(q, c));
            if stale == [false; 2] {
                continue;
            }
            // The cell is judged in registers and stored whole: the totals
            // are adjusted from the two copies, not read back from memory.
            let old = self.cells[q];
            let mut cell = old;
            for c in 0..2 {
                cell.patterns[c][D] = new[c];
                if stale[c] {
                    (cell.threat[c], cell.value[c], cell.eval[c]) =
                        self.judge(q, c, cell.patterns[c]);
                }
            }
            self.cells[q] = cell;
            self.account_change(&old, &cell);
        }
    }

    /// Replaces an empty cell's `old` values and threats in the totals by
    /// its `new` ones.
    #[inline]
    fn account_change(&mut self, old: &CellInfo, new: &CellInfo) {
        for c in 0..2 {
            self.total[c][0] += new.eval[c][0] - old.eval[c][0];
            self.total[c][1] += new.eval[c][1] - old.eval[c][1];
            self.threat_count[c][old.threat[c] as usize] -= 1;
            self.threat_count[c][new.threat[c] as usize] += 1;
        }
    }

    /// Adds (or removes) an empty cell's values and threats to the totals.
    #[inline]
    fn account(&mut self, index: usize, add: bool) {
        let info = &self.cells[index];
        for c in 0..2 {
            let t = info.threat[c] as usize;
            if add {
                self.total[c][0] += info.eval[c][0];
                self.total[c][1] += info.eval[c][1];
                self.threat_count[c][t] += 1;
            } else {
                self.total[c][0] -= info.eval[c][0];
                self.total[c][1] -= info.eval[c][1];
                self.threat_count[c][t] -= 1;
            }
        }
    }

    /// Plays `color` at the empty padded index `index`.
    pub fn make(&mut self, index: usize, color: Color) {
        debug_assert_eq!(self.board.cell(index), Cell::Empty);
        self.saved_totals.push(Before {
            total: self.total,
            threat_count: self.threat_count,
            area: self.area,
        });
        let (x, y) = ((index % STRIDE) as u8, (index / STRIDE) as u8);
        self.area = Some(match self.area {
            None => [x, y, x, y],
            Some([x0, y0, x1, y1]) => [x0.min(x), y0.min(y), x1.max(x), y1.max(y)],
        });
        self.account(index, false);
        self.board.set(index, color);
        self.update_lines(index, color);
        self.adjust_near(index, 1);
        self.history.push(index);
    }

    /// Takes back the last move: the cells on its lines get their saved
    /// state back (nothing is recomputed).
    pub fn undo(&mut self) {
        let index = self.history.pop().expect("undo without a move");
        self.board.clear(index);
        self.adjust_near(index, -1);
        let from = self.saved.len() - LINE_CELLS;
        for &(q, info) in &self.saved[from..] {
            self.cells[q as usize] = info;
        }
        self.saved.truncate(from);
        let before = self.saved_totals.pop().expect("saved totals");
        (self.total, self.threat_count, self.area) =
            (before.total, before.threat_count, before.area);
    }

    fn adjust_near(&mut self, index: usize, delta: i8) {
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                let q = (index as isize + dy * STRIDE as isize + dx) as usize;
                self.near[q] = self.near[q].wrapping_add_signed(delta);
            }
        }
    }

    /// Whether the empty cell has a stone within two cells.
    #[inline]
    pub fn is_near(&self, index: usize) -> bool {
        self.near[index] > 0
    }

    #[inline]
    pub fn threat(&self, index: usize, color: Color) -> Threat {
        self.cells[index].threat[color.index()]
    }

    #[inline]
    pub fn patterns(&self, index: usize, color: Color) -> [Pattern; 4] {
        self.cells[index].patterns[color.index()]
    }

    /// `color`'s pattern in direction `d` at the empty cell `index` if
    /// `holder` held the empty cell `steps` (1..=5 either way) along that
    /// line: which cells break a line threat (the opponent's stone) or
    /// make one (our own).
    pub fn pattern_if_held(
        &self,
        index: usize,
        color: Color,
        d: usize,
        steps: isize,
        holder: Color,
    ) -> Pattern {
        let c = color.index();
        let key = self.cells[index].keys[c][d];
        let w = pattern::weight(steps);
        let key = if holder == color {
            key - w * (pattern::EMPTY - pattern::OWN)
        } else {
            key + w * (pattern::BLOCKED - pattern::EMPTY)
        };
        self.line_tables[c][key as usize]
    }

    #[inline]
    pub fn value(&self, index: usize, color: Color) -> Value {
        self.cells[index].value[color.index()]
    }

    /// How many empty cells give `color` the threat `t`.
    #[inline]
    pub fn count(&self, color: Color, t: Threat) -> u16 {
        self.threat_count[color.index()][t as usize]
    }

    /// Whether `color` can make a five with one stone.
    #[inline]
    pub fn has_five(&self, color: Color) -> bool {
        self.count(color, Threat::Five) > 0
    }

    /// Empty cells of the play area, row by row.
    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.play_indices()
            .filter(move |&i| self.board.cell(i) == Cell::Empty)
    }

    /// The empty cells within [`LIVE_REACH`] of the stones' box, row by
    /// row: every cell near a stone and every cell where a stone makes a
    /// line of two or more is among them, so move generation and threat
    /// scans need not look at the rest of the board.
    pub fn live_cells(&self) -> LiveCells<'_> {
        let Some([x0, y0, x1, y1]) = self.area.map(|a| a.map(usize::from)) else {
            return LiveCells {
                board: &self.board,
                next: 0,
                row_end: 0,
                last_row_end: 0,
                skip: 0,
            };
        };
        let last = PAD + self.size() - 1;
        let widen =
            |lo: usize, hi: usize| ((lo - LIVE_REACH).max(PAD), (hi + LIVE_REACH).min(last));
        let ((x0, x1), (y0, y1)) = (widen(x0, x1), widen(y0, y1));
        LiveCells {
            board: &self.board,
            next: y0 * STRIDE + x0,
            row_end: y0 * STRIDE + x1 + 1,
            last_row_end: y1 * STRIDE + x1 + 1,
            skip: STRIDE - (x1 + 1 - x0),
        }
    }

    /// The empty cells where `color` has threat `t`.
    pub fn cells_with(&self, color: Color, t: Threat) -> impl Iterator<Item = usize> + '_ {
        self.live_cells()
            .filter(move |&i| self.threat(i, color) == t)
    }

    /// Static evaluation for `to_move`: the learned values of both sides'
    /// cells and of the threats they hold, clamped to [`EVAL_LIMIT`] so that
    /// it can never read as a mate score.
    #[inline]
    pub fn evaluate(&self, to_move: Color) -> Value {
        let us = to_move.index();
        let mask = threat_mask(|c, t| self.count(c, t), to_move);
        let threats = WEIGHTS[learned::table(self.rule, to_move)].mask[mask] as Value;
        (self.total[us][0] + self.total[1 - us][1] + threats).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// What [`Position::evaluate`] weighs, counted afresh from the cells:
    /// the fit's input.
    pub fn features(&self, to_move: Color) -> Features {
        let mut f = Features {
            mask: threat_mask(|c, t| self.count(c, t), to_move),
            ..Features::default()
        };
        for cell in self.empty_cells() {
            for color in [Color::Black, Color::White] {
                let owner = (color != to_move) as usize;
                let threat = self.threat(cell, color);
                if threat == Threat::Forbidden {
                    continue;
                }
                for p in self.patterns(cell, color) {
                    if let Some(i) = pattern_feature(p) {
                        f.pattern[owner][i] += 1;
                    }
                }
                if let Some(i) = threat_feature(threat) {
                    f.threat[owner][i] += 1;
                }
            }
        }
        f
    }

    /// Whether `color` may play the empty cell (Renju: Black's forbidden
    /// points are refused, judged exactly).
    pub fn is_legal(&self, index: usize, color: Color) -> bool {
        self.board.cell(index) == Cell::Empty
            && !(self.rule.has_forbidden_moves(color)
                && rules::is_forbidden(&self.board, Point::from_index(index)))
    }
}

/// How far beyond the stones [`Position::live_cells`] looks: a stone
/// makes a line threat only with own stones within four cells on its line.
const LIVE_REACH: usize = 4;

/// The empty cells of a box of the board, row by row (a hand-written
/// iterator: the search calls it at every node, and nested iterator
/// adapters cost more than the scan).
pub struct LiveCells<'a> {
    board: &'a Board,
    next: usize,
    row_end: usize,
    last_row_end: usize,
    /// From one row's end to the next row's start.
    skip: usize,
}

impl Iterator for LiveCells<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            if self.next == self.row_end {
                if self.row_end >= self.last_row_end {
                    return None;
                }
                self.next += self.skip;
                self.row_end += STRIDE;
            }
            let i = self.next;
            self.next += 1;
            if self.board.cell(i) == Cell::Empty {
                return Some(i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_move_list;

    fn fresh_totals(pos: &Position) -> (Totals, Vec<(usize, [Threat; 2])>) {
        let rebuilt = Position::new(pos.board(), pos.rule());
        let cells = rebuilt
            .empty_cells()
            .map(|i| {
                (
                    i,
                    [
                        rebuilt.threat(i, Color::Black),
                        rebuilt.threat(i, Color::White),
                    ],
                )
            })
            .collect();
        (rebuilt.total, cells)
    }

    #[test]
    fn make_and_undo_match_a_fresh_position() {
        for rule in Rule::ALL {
            let board = Board::new(15).unwrap();
            let mut pos = Position::new(&board, rule);
            let start = pos.total;
            let moves =
                parse_move_list("h8h9j9j8f8i7g7i9h6e9f6k7l6i10i6f9g9g11h10i11i8", 15).unwrap();
            for (n, p) in moves.iter().enumerate() {
                pos.make(p.index(), Color::of_ply(n));
                let (totals, cells) = fresh_totals(&pos);
                assert_eq!(pos.total, totals, "{rule:?} after {n} moves");
                for (i, t) in cells {
                    assert_eq!(
                        [pos.threat(i, Color::Black), pos.threat(i, Color::White)],
                        t
                    );
                }
            }
            for _ in &moves {
                pos.undo();
            }
            assert_eq!(pos.total, start);
            assert_eq!(pos.board().stone_count(), 0);
        }
    }

    #[test]
    fn a_fresh_renju_position_flags_exactly_the_forbidden_points() {
        // Random Renju games: a position built from the board (stones placed
        // in board order) marks Black's forbidden points as the exact rules
        // judge them on the whole board.
        use chacha20::ChaCha8Rng;
        use rand::{RngExt, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut forbidden_seen = 0;
        for _ in 0..150 {
            let mut board = Board::new(15).unwrap();
            board.set(Point::new(7, 7).index(), Color::Black);
            for ply in 1..50 {
                let color = Color::of_ply(ply);
                // A crowded centre, where forbidden points are common.
                let legal: Vec<Point> = rules::legal_moves(&board, Rule::Renju, color)
                    .into_iter()
                    .filter(|p| (3..12).contains(&p.x) && (3..12).contains(&p.y))
                    .collect();
                if legal.is_empty() {
                    break;
                }
                let p = legal[rng.random_range(0..legal.len())];
                if rules::makes_five(&board, p, color, Rule::Renju) {
                    break;
                }
                board.set(p.index(), color);
            }
            let pos = Position::new(&board, Rule::Renju);
            for cell in pos.empty_cells() {
                let exact = rules::is_forbidden(&board, Point::from_index(cell));
                let flagged = pos.threat(cell, Color::Black) == Threat::Forbidden;
                assert_eq!(flagged, exact, "{:?} at {cell}", board);
                forbidden_seen += exact as usize;
            }
        }
        assert!(
            forbidden_seen > 20,
            "only {forbidden_seen} forbidden points"
        );
    }

    #[test]
    fn live_cells_hold_every_cell_near_a_stone_or_with_a_threat() {
        // Stones near the edges and the corners, so that the box reaches
        // the walls, then taken back to the empty board.
        let moves = parse_move_list("h8a1o15a15o1b2n14h9g7c13m3i8", 15).unwrap();
        for rule in Rule::ALL {
            let mut pos = Position::new(&Board::new(15).unwrap(), rule);
            assert_eq!(pos.live_cells().count(), 0);
            for (n, p) in moves.iter().enumerate() {
                pos.make(p.index(), Color::of_ply(n));
                let live: Vec<usize> = pos.live_cells().collect();
                assert!(
                    live.windows(2).all(|w| w[0] < w[1]),
                    "row by row, once each"
                );
                for cell in pos.empty_cells() {
                    let matters = pos.is_near(cell)
                        || [Color::Black, Color::White]
                            .iter()
                            .any(|&c| pos.threat(cell, c) != Threat::None);
                    assert!(!matters || live.contains(&cell), "{rule:?} after {n} moves");
                }
                assert!(live.iter().all(|&c| pos.board().cell(c) == Cell::Empty));
            }
            for _ in &moves {
                pos.undo();
            }
            assert_eq!(pos.live_cells().count(), 0);
        }
    }

    #[test]
    fn pattern_quadruples_rank_densely_whatever_their_order() {
        let mut seen = vec![None; COMBOS];
        for i in 0..PATTERNS.pow(4) {
            let p = [3, 2, 1, 0].map(|k| pattern_of((i / PATTERNS.pow(k) % PATTERNS) as u8));
            let mut sorted = p;
            sorted.sort();
            let index = combo_index(p);
            assert!(index < COMBOS);
            assert_eq!(index, combo_index([p[2], p[0], p[3], p[1]]));
            // One index per multiset: the sorted patterns name it.
            assert_eq!(*seen[index].get_or_insert(sorted), sorted);
        }
        assert!(seen.iter().all(Option::is_some));
    }

    #[test]
    fn the_incremental_evaluation_is_the_value_of_the_counted_features() {
        let moves = parse_move_list("h8h9j9j8f8i7g7i9h6e9f6k7l6i10i6f9g9g11h10i11", 15).unwrap();
        for rule in Rule::ALL {
            let mut pos = Position::new(&Board::new(15).unwrap(), rule);
            for (n, p) in moves.iter().enumerate() {
                pos.make(p.index(), Color::of_ply(n));
                for us in [Color::Black, Color::White] {
                    let w = &WEIGHTS[learned::table(rule, us)];
                    let counted = pos.features(us).value(w).clamp(-EVAL_LIMIT, EVAL_LIMIT);
                    assert_eq!(pos.evaluate(us), counted, "{rule:?} after {n} moves");
                }
            }
        }
    }

    #[test]
    fn threats_are_found() {
        let moves = parse_move_list("h8a1i8a2j8a3k8", 15).unwrap();
        let mut board = Board::new(15).unwrap();
        for (n, p) in moves.iter().enumerate() {
            board.place(*p, Color::of_ply(n)).unwrap();
        }
        let pos = Position::new(&board, Rule::Freestyle);
        let fives: Vec<Point> = pos
            .cells_with(Color::Black, Threat::Five)
            .map(Point::from_index)
            .collect();
        assert_eq!(fives.len(), 2);
        assert!(pos.has_five(Color::Black));
        assert!(!pos.has_five(Color::White));
        assert!(pos.evaluate(Color::Black) > 0);
    }
}
