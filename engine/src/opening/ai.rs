//! The AI in every opening phase, built on the ordinary search.
//!
//! Every judgement is "how good is this position for Black": a short
//! [`Searcher`] search (bounded by nodes and, in the game, by time) from
//! the side to move, turned to Black's point of view, always from an even
//! depth (an odd one gives the side to move the last word, and judgements
//! from different parities do not compare). On that:
//! * stones placed before the other player may swap (Swap, Swap2, the
//!   canonical opening, Taraguchi's moves) aim at a balanced position: any
//!   edge would be taken by a swap. Balancing needs stones that are not the
//!   best: the AI draws many candidates (every allowed point near the
//!   stones for one stone, random sets near the stones and off the edge
//!   lines for more, varied by the seed), keeps those the shape evaluation
//!   puts nearest to even, and searches them. White's Taraguchi 4th, which
//!   no swap follows, is the strongest such stone instead;
//! * a swap decision takes the colour the evaluation prefers, judged with
//!   the whole decision's budget (two plies deeper); Swap2's "add two
//!   stones" is chosen when neither colour is clearly better;
//! * Black's N offered fifth moves are its N best, no two symmetric (White
//!   will pick the one that is worst for Black, so that is the set whose
//!   best reply is worst for White); White picks the offer worst for Black;
//! * White's Soosorv 4th move and N: for each candidate 4th, Black's fifth
//!   moves are valued; offering N of them is worth Black's N-th best to
//!   Black, so White picks the 4th and N that make that nearest to even
//!   (Black may swap next). Taraguchi's option is the one whose worst case
//!   is better for Black: its 10th best fifth move (ten offers) against
//!   minus the distance from even of the most balanced 5th in the 9×9
//!   (which comes between two swaps).
//!
//! Lower levels search less, look at fewer candidates and add more noise to
//! near-equal choices, so they choose like people who judge by feel.
//! Beginner looks only two plies ahead (the learned evaluation is made for
//! the leaves of a search, not for judging a quiet opening on its own,
//! where it can miss that a compact shape beats a scattered one). Whatever the
//! level, [`OpeningAi::plan`] checks its actions against the rules and falls
//! back to a plain legal one, so the AI never makes an illegal move.

use super::symmetry;
use super::{Action, Decision, Opening, Region, Task};
use crate::board::{Board, Color, Point};
use crate::eval::Position;
use crate::record::Game;
use crate::rules::{self, Rule};
use crate::search::{Level, Score, SearchInfo, SearchLimits, Searcher};
use chacha20::ChaCha8Rng;
use rand::seq::IndexedRandom;
use rand::{Rng, RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A proven win's value in the AI's units (beyond any evaluation).
const WIN: i32 = 30_000;
/// Swap2: "add two stones" is preferred while neither colour is better than
/// this for the one choosing.
const ADD_TWO_WINDOW: i32 = 150;
/// The glance that sifts candidate sets before the real judgement.
const GLANCE_DEPTH: u32 = 2;
const GLANCE_NODES: u64 = 400;
/// Stones or sets of stones searched when balancing, per candidate.
const SEARCHED_PER_CANDIDATE: usize = 2;
/// Random sets of several stones drawn (and sifted by shape) per candidate.
const SETS_DRAWN_PER_CANDIDATE: usize = 24;
/// Balancing stones go within this distance of a stone (of the centre,
/// one less, on an empty board).
const BALANCE_REACH: u8 = 3;
/// A decision's time is split in at least this many judgements.
const EVALS_PER_DECISION: u32 = 6;

/// How much the AI may think per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Search depth per position evaluated: even, so that every candidate
    /// is judged from the same horizon with the same side to move at the
    /// leaves (values from different depths do not compare).
    pub depth: u32,
    /// Nodes per position evaluated, a cap on the depth; 0 = shape
    /// evaluation only, no search.
    pub nodes: u64,
    /// Candidates compared per choice.
    pub candidates: usize,
    /// Random spread (evaluation units) among near-equal choices.
    pub noise: i32,
    /// Wall-clock bound for one decision; None = nodes only (reproducible).
    pub time: Option<Duration>,
}

impl Budget {
    /// The game's budget for `level`: twice the level's think time.
    pub fn for_level(level: Level) -> Budget {
        let (depth, nodes, candidates, noise) = match level {
            Level::Beginner => (2, 300, 4, 400),
            Level::Novice => (2, 1_000, 4, 200),
            Level::Intermediate => (2, 2_000, 6, 120),
            Level::Advanced => (2, 3_000, 7, 80),
            Level::Expert => (4, 20_000, 8, 50),
            Level::Master => (4, 30_000, 10, 25),
            Level::Grandmaster => (4, 50_000, 12, 10),
        };
        Budget {
            depth,
            nodes,
            candidates,
            noise,
            time: Some(level.think_time() * 2),
        }
    }

    /// `for_level` without the clock: the same choices on every machine.
    pub fn reproducible(level: Level) -> Budget {
        Budget {
            time: None,
            ..Budget::for_level(level)
        }
    }
}

/// Plays the opening phases for one player.
pub struct OpeningAi<'a> {
    searcher: &'a mut Searcher,
    budget: Budget,
    rng: ChaCha8Rng,
    cancel: &'a AtomicBool,
    deadline: Option<Instant>,
}

impl<'a> OpeningAi<'a> {
    /// `seed` varies the choices between games; `cancel` stops thinking
    /// early (the best choice so far is taken).
    pub fn new(
        searcher: &'a mut Searcher,
        budget: Budget,
        seed: u64,
        cancel: &'a AtomicBool,
    ) -> OpeningAi<'a> {
        OpeningAi {
            searcher,
            budget,
            rng: ChaCha8Rng::seed_from_u64(seed),
            cancel,
            deadline: None,
        }
    }

    fn rule(&self) -> Rule {
        self.searcher.rule()
    }

    /// A search of `board` for the AI's judgements, without move-count
    /// pruning: its limits are tuned for play, where a few replies at low
    /// depth are enough, but a judgement compared with others needs every
    /// reply (the sift's two-ply glance would see only four).
    fn judging_search(
        &mut self,
        board: &Board,
        to_move: Color,
        limits: &SearchLimits,
    ) -> SearchInfo {
        let cancel = self.cancel;
        self.searcher
            .full_width(|s| s.search(board, to_move, limits, cancel, &mut |_| {}))
    }

    /// The next actions of the current phase's actor, in order: normally
    /// all that complete the phase (the stones, a choice, a number, the
    /// offers, a pick). Each is legal when applied in turn; there is at
    /// least one until the opening is over.
    pub fn plan(&mut self, opening: &Opening, game: &Game) -> Vec<Action> {
        let Some(phase) = opening.phase() else {
            return Vec::new();
        };
        self.deadline = self.budget.time.map(|t| Instant::now() + t);
        self.rng = ChaCha8Rng::seed_from_u64(self.rng.next_u64() ^ game.board().hash());
        let board = game.board();
        let actions = match phase.task {
            Task::Place {
                left: 3,
                canonical: true,
                ..
            } => self.canonical_opening(board),
            Task::Place {
                region, left: 1, ..
            } if opening.rule() == super::OpeningRule::Soosorv8 && board.stone_count() == 3 => {
                vec![Action::Place(self.soosorv_fourth(board, region).0)]
            }
            Task::Place {
                region, left: 1, ..
            } if opening.rule() == super::OpeningRule::Taraguchi10 && board.stone_count() == 3 => {
                // No swap follows White's 4th, Black's choice of option
                // does: both options are worse for Black the stronger
                // White's position is (see `taraguchi_option`).
                self.balanced_stones(board, region, 1, -WIN)
                    .into_iter()
                    .map(Action::Place)
                    .collect()
            }
            Task::Place { region, left, .. } => self
                .balanced_stones(board, region, left as usize, 0)
                .into_iter()
                .map(Action::Place)
                .collect(),
            Task::Decide { options } => {
                vec![Action::Decide(self.decide(
                    board,
                    phase.actor_color,
                    &options,
                    opening,
                ))]
            }
            Task::Declare { max } => vec![Action::Declare(self.offer_count(board, max))],
            Task::Offer { left, .. } => self
                .offers(board, opening.offers(), left as usize)
                .into_iter()
                .map(Action::Offer)
                .collect(),
            Task::Pick { offers } => vec![Action::Pick(self.weakest_offer(board, &offers))],
        };
        legal_or_fallback(opening, game, actions)
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.cancel.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// How good `board` with `to_move` to play is for Black: one of the
    /// several judgements a choice between candidates makes.
    pub fn value_for_black(&mut self, board: &Board, to_move: Color) -> i32 {
        self.judge(board, to_move, 1)
    }

    /// Black's value of `board` at a glance: two plies, a few hundred
    /// positions (the static evaluation alone is made for a search's
    /// leaves and misjudges a quiet opening of a few stones).
    fn glance_for_black(&mut self, board: &Board, to_move: Color) -> i32 {
        let limits = SearchLimits {
            depth: Some(GLANCE_DEPTH),
            nodes: Some(GLANCE_NODES),
            time: None,
        };
        let info = self.judging_search(board, to_move, &limits);
        black_value(info.score, to_move)
    }

    /// [`Self::value_for_black`] given `weight` judgements' share of the
    /// decision's time and nodes: a decision that judges one position
    /// (swap or not) looks deeper than a comparison of many.
    fn judge(&mut self, board: &Board, to_move: Color, weight: u32) -> i32 {
        if self.budget.nodes == 0 {
            return shape_value_for_black(board, self.rule(), to_move);
        }
        let share = self.budget.time.map(|t| t * weight / EVALS_PER_DECISION);
        let left = self
            .deadline
            .map(|d| d.saturating_duration_since(Instant::now()));
        // Two plies more (depth stays even) when the nodes allow.
        let deeper = if weight > 1 { 2 } else { 0 };
        let limits = SearchLimits {
            time: share.zip(left).map(|(s, l)| s.min(l)),
            depth: Some(self.budget.depth.max(1) + deeper),
            nodes: Some(self.budget.nodes * weight as u64),
        };
        let mut info = self.judging_search(board, to_move, &limits);
        if info.depth % 2 == 1 && info.depth > 1 && matches!(info.score, Score::Eval(_)) {
            // Stopped by the nodes after an odd depth, whose leaves favour
            // the side to move: judge again from the even depth below
            // (quick, its tree is in the table), so that candidates judged
            // to different depths still compare.
            let even = SearchLimits {
                depth: Some(info.depth - 1),
                nodes: None,
                ..limits
            };
            info = self.judging_search(board, to_move, &even);
        }
        black_value(info.score, to_move)
    }

    /// Of `options` (any payload with a cost, lower is better), the one with
    /// the lowest cost plus noise.
    fn choose<T: Copy>(&mut self, options: &[(T, i32)]) -> Option<T> {
        let noise = self.budget.noise.max(1) as u64;
        options
            .iter()
            .map(|&(t, cost)| {
                (
                    cost.saturating_add(self.rng.random_range(0..noise) as i32),
                    t,
                )
            })
            .min_by_key(|&(cost, _)| cost)
            .map(|(_, t)| t)
    }

    /// Up to `k` legal points for `color` inside `region`, best by shape
    /// first: near the stones, or near the centre on an empty board.
    fn candidates(&self, board: &Board, color: Color, region: Region, k: usize) -> Vec<Point> {
        let mut pos = Position::new(board, self.rule());
        let mut scored: Vec<(i32, Point)> = self
            .near_points(board, color, region, 2)
            .into_iter()
            .map(|p| {
                pos.make(p.index(), color);
                let v = -pos.evaluate(color.opponent());
                pos.undo();
                (v, p)
            })
            .collect();
        scored.sort_by_key(|&(v, p)| (std::cmp::Reverse(v), p));
        scored.into_iter().take(k).map(|(_, p)| p).collect()
    }

    /// `count` stones (colours alternating from the next move) inside
    /// `region` that leave the position as near as possible to `target`
    /// (Black's point of view). Balancing needs stones that are not the
    /// best by shape, so many sets are drawn from all the points near the
    /// stones (every point of a small region), sifted by the shape
    /// evaluation, and the nearest to the target of those are searched.
    pub fn balanced_stones(
        &mut self,
        board: &Board,
        region: Region,
        count: usize,
        target: i32,
    ) -> Vec<Point> {
        if count == 0 {
            return Vec::new();
        }
        let (mut sets, scored) = self.balancing_sets(board, region, count, target);
        if sets.is_empty() {
            // No candidate at all (a full region): a plain legal set.
            return self.random_set(board, region, count).unwrap_or_default();
        }
        let pick = self.choose(&scored).unwrap_or(0);
        let chosen = sets.swap_remove(pick);
        // The position's own symmetries turn the choice into equivalent
        // ones (the regions are centred): take one at random, so that the
        // openings vary even where the search always prefers one twin.
        let turn = *symmetry::of_position(board)
            .choose(&mut self.rng)
            .expect("the identity is a symmetry of every position");
        chosen
            .iter()
            .map(|&p| turn.apply(p, board.size()))
            .collect()
    }

    /// The sets [`Self::balanced_stones`] chooses from, and of those it
    /// searched (in time) their indices with their distance from `target`.
    fn balancing_sets(
        &mut self,
        board: &Board,
        region: Region,
        count: usize,
        target: i32,
    ) -> (Vec<Vec<Point>>, Vec<(usize, i32)>) {
        let to_move = Color::of_ply(board.stone_count() + count);
        let mut sets = self.candidate_sets(board, region, count);
        let shortlist = self.budget.candidates * SEARCHED_PER_CANDIDATE;
        if sets.len() > shortlist {
            let mut sifted: Vec<(i32, Vec<Point>)> = sets
                .into_iter()
                .map(|set| {
                    let v = self.glance_for_black(&with_stones(board, &set), to_move);
                    ((v - target).abs(), set)
                })
                .collect();
            sifted.sort();
            sets = sifted
                .into_iter()
                .take(shortlist)
                .map(|(_, set)| set)
                .collect();
        }
        let mut scored = Vec::with_capacity(sets.len());
        for (i, set) in sets.iter().enumerate() {
            if i > 0 && self.out_of_time() {
                break;
            }
            let after = with_stones(board, set);
            let v = self.value_for_black(&after, to_move);
            scored.push((i, (v - target).abs()));
        }
        (sets, scored)
    }

    /// The sets of `count` stones [`Self::balanced_stones`] chooses from:
    /// every allowed point near the stones for one stone, random distinct
    /// sets for more.
    fn candidate_sets(&mut self, board: &Board, region: Region, count: usize) -> Vec<Vec<Point>> {
        if count == 1 {
            let color = Color::of_ply(board.stone_count());
            return self
                .balancing_points(board, color, region)
                .into_iter()
                .map(|p| vec![p])
                .collect();
        }
        let draws = self.budget.candidates * SETS_DRAWN_PER_CANDIDATE;
        let mut sets: Vec<Vec<Point>> = Vec::with_capacity(draws);
        for _ in 0..draws {
            if let Some(set) = self.random_set(board, region, count)
                && !sets.contains(&set)
            {
                sets.push(set);
            }
        }
        sets
    }

    /// One random set of `count` stones, each near the stones before it.
    fn random_set(&mut self, board: &Board, region: Region, count: usize) -> Option<Vec<Point>> {
        let mut after = board.clone();
        let mut set = Vec::with_capacity(count);
        for _ in 0..count {
            let color = Color::of_ply(after.stone_count());
            let options = self.balancing_points(&after, color, region);
            let p = *options.choose(&mut self.rng)?;
            after.place(p, color).ok()?;
            set.push(p);
        }
        Some(set)
    }

    /// Where a balancing stone of `color` may go: near the stones but off
    /// the edge lines (a stone there is a wasted stone, not a proposal a
    /// player would make) unless nothing else is allowed.
    fn balancing_points(&self, board: &Board, color: Color, region: Region) -> Vec<Point> {
        let near = self.near_points(board, color, region, BALANCE_REACH);
        let inside: Vec<Point> = near
            .iter()
            .copied()
            .filter(|&p| off_the_edge(p, board.size()))
            .collect();
        if inside.is_empty() { near } else { inside }
    }

    /// The legal points for `color` in `region` within `reach` of a stone
    /// (within one less of the centre on an empty board); the whole region
    /// when none is.
    fn near_points(&self, board: &Board, color: Color, region: Region, reach: u8) -> Vec<Point> {
        let size = board.size();
        let centre = Point::new((size / 2) as u8, (size / 2) as u8);
        let near = |p: Point, q: Point, d: u8| p.x.abs_diff(q.x) <= d && p.y.abs_diff(q.y) <= d;
        let stones: Vec<Point> = board.points().filter(|&p| !board.is_empty_at(p)).collect();
        let in_region: Vec<Point> = region
            .points(size)
            .into_iter()
            .filter(|&p| rules::check_move(board, self.rule(), color, p).is_ok())
            .collect();
        let points: Vec<Point> = in_region
            .iter()
            .copied()
            .filter(|&p| {
                if stones.is_empty() {
                    near(p, centre, reach - 1)
                } else {
                    stones.iter().any(|&s| near(p, s, reach))
                }
            })
            .collect();
        if points.is_empty() { in_region } else { points }
    }

    /// Soosorv: the canonical opening nearest to even among a sample,
    /// turned by a random symmetry.
    fn canonical_opening(&mut self, board: &Board) -> Vec<Action> {
        let size = board.size();
        let mut openings = super::canonical::openings();
        // Twice the candidates: most canonical openings favour Black, the
        // few near even must be in the sample to be found.
        let sample = (self.budget.candidates * 2).min(openings.len());
        let mut scored = Vec::new();
        for i in 0..sample {
            if i > 0 && self.out_of_time() {
                break;
            }
            let pick = openings.swap_remove(self.rng.random_range(0..openings.len()));
            let turn = *symmetry::Symmetry::ALL
                .choose(&mut self.rng)
                .expect("eight symmetries");
            let stones = pick.stones_on(size).map(|p| turn.apply(p, size));
            let v = self.value_for_black(&with_stones(board, &stones), Color::White);
            scored.push((stones, v.abs()));
        }
        let stones = self.choose(&scored).expect("at least one opening sampled");
        stones.into_iter().map(Action::Place).collect()
    }

    /// Black's `k` best fifth moves at a glance (among the points near the
    /// stones, at most one per class of symmetric points), searched and
    /// valued for Black, best first.
    fn fifth_values(&mut self, board: &Board, k: usize) -> Vec<(Point, i32)> {
        let symmetries = symmetry::of_position(board);
        let mut distinct: Vec<Point> = Vec::new();
        for p in self.near_points(board, Color::Black, Region::Anywhere, 2) {
            if symmetry::twin_among(p, &distinct, &symmetries, board.size()).is_none() {
                distinct.push(p);
            }
        }
        // Sifted by a glance, not by shape: the static evaluation misses
        // fifth moves whose worth is in the fight that follows. (Soosorv's
        // 4th does this for each candidate: the clock is watched here too.)
        let mut sifted: Vec<(i32, Point)> = Vec::with_capacity(distinct.len());
        for p in distinct {
            if sifted.len() >= k && self.out_of_time() {
                break;
            }
            let v = self.glance_for_black(&with_stones(board, &[p]), Color::White);
            sifted.push((v, p));
        }
        sifted.sort_by_key(|&(v, p)| (std::cmp::Reverse(v), p));
        let kept = sifted.into_iter().take(k).map(|(_, p)| p);
        let mut values = Vec::with_capacity(kept.len());
        for (i, p) in kept.enumerate() {
            if i > 0 && self.out_of_time() {
                break;
            }
            let v = self.value_for_black(&with_stones(board, &[p]), Color::White);
            values.push((p, v));
        }
        values.sort_by_key(|&(p, v)| (std::cmp::Reverse(v), p));
        values
    }

    /// What offering `n` fifth moves is worth to Black: its n-th best
    /// (White takes the worst of the offers).
    fn offers_worth(values: &[(Point, i32)], n: usize) -> i32 {
        values
            .get(n.min(values.len()).saturating_sub(1))
            .map_or(0, |&(_, v)| v)
    }

    /// Soosorv: White's 4th move and the N that make the position nearest
    /// to even.
    fn soosorv_fourth(&mut self, board: &Board, region: Region) -> (Point, u8) {
        let fourths = self.candidates(
            board,
            Color::White,
            region,
            (self.budget.candidates / 2).max(2),
        );
        let mut scored = Vec::new();
        for (i, p) in fourths.into_iter().enumerate() {
            if i > 0 && self.out_of_time() {
                break;
            }
            let after = with_stones(board, &[p]);
            let values = self.fifth_values(&after, self.budget.candidates);
            let (n, cost) = best_count(&values, super::state::SOOSORV_MAX_OFFERS);
            scored.push(((p, n), cost));
        }
        self.choose(&scored)
            .expect("White always has a candidate 4th move")
    }

    /// Soosorv: N for the 4th move already on the board.
    fn offer_count(&mut self, board: &Board, max: u8) -> u8 {
        let values = self.fifth_values(board, self.budget.candidates);
        best_count(&values, max).0
    }

    fn decide(
        &mut self,
        board: &Board,
        holder: Color,
        options: &[Decision],
        opening: &Opening,
    ) -> Decision {
        let to_move = Color::of_ply(board.stone_count());
        let noise = self.budget.noise;
        let jitter = self.rng.random_range(0..noise.max(1) as u64) as i32 - noise / 2;
        if options.contains(&Decision::TenOffers) {
            return self.taraguchi_option(board, jitter);
        }
        // Black's prospects: with offers to come (Soosorv), Black is worth
        // its N-th best fifth move; otherwise the position as it is.
        let black = if opening.declared_offers() > 0 {
            let n = opening.declared_offers() as usize;
            let values = self.fifth_values(board, self.budget.candidates.max(n));
            Self::offers_worth(&values, n)
        } else {
            self.judge(board, to_move, EVALS_PER_DECISION)
        } + jitter;
        let mine = match holder {
            Color::Black => black,
            Color::White => -black,
        };
        if options.contains(&Decision::AddTwo) && mine.abs() < ADD_TWO_WINDOW {
            return Decision::AddTwo;
        }
        if mine >= 0 {
            Decision::Keep
        } else {
            Decision::Swap
        }
    }

    /// Taraguchi-10's choice for Black: the option whose worst case is
    /// better for Black. Ten offers leave Black its 10th best fifth move
    /// (White picks the weakest). The 5th in the 9×9 comes between two
    /// swaps: the other player keeps White (a swap would hand them the 5th
    /// to place), Black can do no better than the 5th nearest to even, and
    /// the other player takes the better side of that, so Black should
    /// expect minus its distance from even. So ten offers are for a
    /// position strong enough that ten fifth moves keep Black's edge (as
    /// players use them: for openings with that many good fifth moves).
    /// `jitter` and a second draw of the level's noise vary the choice
    /// where the two are close.
    fn taraguchi_option(&mut self, board: &Board, jitter: i32) -> Decision {
        let offers = super::state::TARAGUCHI_OFFERS as usize;
        let values = self.fifth_values(board, self.budget.candidates.max(offers));
        let ten = Self::offers_worth(&values, offers);
        let (_, scored) = self.balancing_sets(board, Region::Centre(9), 1, 0);
        let nearest_even = scored.iter().map(|&(_, d)| d).min().unwrap_or(0);
        let noise = self.budget.noise.max(1);
        let centre = -nearest_even + self.rng.random_range(0..noise as u64) as i32 - noise / 2;
        if ten + jitter > centre {
            Decision::TenOffers
        } else {
            Decision::FifthInCentre
        }
    }

    /// Black's `left` further offers: the best fifth moves, none symmetric
    /// to an earlier offer or to each other.
    fn offers(&mut self, board: &Board, earlier: &[Point], left: usize) -> Vec<Point> {
        let size = board.size();
        let symmetries = symmetry::of_position(board);
        let mut values = self.fifth_values(board, self.budget.candidates.max(left + earlier.len()));
        // Lower levels shuffle near-equal moves.
        for v in values.iter_mut() {
            v.1 += self.rng.random_range(0..self.budget.noise.max(1) as u64) as i32;
        }
        values.sort_by_key(|&(p, v)| (std::cmp::Reverse(v), p));
        let mut taken: Vec<Point> = earlier.to_vec();
        let mut out = Vec::with_capacity(left);
        let ranked = values.into_iter().map(|(p, _)| p);
        // Then any legal point, in case the candidates run short.
        let rest: Vec<Point> = rules::legal_moves(board, self.rule(), Color::Black);
        for p in ranked.chain(rest) {
            if out.len() == left {
                break;
            }
            if symmetry::twin_among(p, &taken, &symmetries, size).is_none() {
                taken.push(p);
                out.push(p);
            }
        }
        out
    }

    /// White's pick: the offer worth least to Black.
    fn weakest_offer(&mut self, board: &Board, offers: &[Point]) -> Point {
        let mut scored = Vec::with_capacity(offers.len());
        for &p in offers {
            let v = self.value_for_black(&with_stones(board, &[p]), Color::White);
            scored.push((p, v));
        }
        self.choose(&scored).unwrap_or(offers[0])
    }
}

/// The N in 1..=max whose offers are worth nearest to even for Black, and
/// that distance.
fn best_count(values: &[(Point, i32)], max: u8) -> (u8, i32) {
    (1..=max)
        .map(|n| (n, OpeningAi::offers_worth(values, n as usize).abs()))
        .min_by_key(|&(n, cost)| (cost, n))
        .expect("max >= 1")
}

/// Whether `p` is off the two outer lines of the board.
fn off_the_edge(p: Point, size: usize) -> bool {
    let inner = 2..size.saturating_sub(2);
    inner.contains(&(p.x as usize)) && inner.contains(&(p.y as usize))
}

/// The shape evaluation of `board` for Black, `to_move` to play.
fn shape_value_for_black(board: &Board, rule: Rule, to_move: Color) -> i32 {
    let v = Position::new(board, rule).evaluate(to_move);
    black_value(Score::Eval(v), to_move)
}

/// A search's score for `to_move` as Black's value (wins as [`WIN`] less
/// their length).
fn black_value(score: Score, to_move: Color) -> i32 {
    let for_mover = match score {
        Score::Eval(v) => v,
        Score::WinIn(n) => WIN - n as i32,
        Score::LossIn(n) => -WIN + n as i32,
    };
    match to_move {
        Color::Black => for_mover,
        Color::White => -for_mover,
    }
}

/// `board` with `stones` added, colours alternating from the next move.
fn with_stones(board: &Board, stones: &[Point]) -> Board {
    let mut after = board.clone();
    for &p in stones {
        let color = Color::of_ply(after.stone_count());
        after
            .place(p, color)
            .expect("candidate stones go on free points");
    }
    after
}

/// `actions` if each is accepted in turn; otherwise the plainest legal
/// next action (the first allowed point, the first option, N = 1).
fn legal_or_fallback(opening: &Opening, game: &Game, actions: Vec<Action>) -> Vec<Action> {
    let (mut o, mut g) = (opening.clone(), game.clone());
    if !actions.is_empty() && actions.iter().all(|&a| o.apply(&mut g, a).is_ok()) {
        return actions;
    }
    let Some(phase) = opening.phase() else {
        return Vec::new();
    };
    let first_point = || opening.allowed_points(game).first().copied();
    let action = match phase.task {
        Task::Decide { options } => Some(Action::Decide(options[0])),
        Task::Declare { .. } => Some(Action::Declare(1)),
        Task::Place { .. } => first_point().map(Action::Place),
        Task::Offer { .. } => first_point().map(Action::Offer),
        Task::Pick { .. } => first_point().map(Action::Pick),
    };
    action.into_iter().collect()
}
