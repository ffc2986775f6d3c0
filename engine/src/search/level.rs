//! Strength levels: search limits plus a mistake model.
//!
//! Above Beginner the engine searches with the level's depth and time, gets
//! exact scores for every root move within the level's `margin` of the best,
//! and picks the move with the highest score plus a random bonus below
//! `margin` (in the spirit of Stockfish's and Rapfi's skill levels). Forced
//! results (wins in one, forced blocks, proven wins or losses) are never
//! gambled with. Beginner does not search at all: it picks among the
//! shape-wise best points with noise and sometimes overlooks an open three,
//! like a person who has just learned the game; but it never misses a four,
//! its own (it completes the five) or the opponent's (it blocks it).

use super::alphabeta::{self, INF, MATE_BOUND};
use super::{Lateness, Level, Score, SearchInfo, SearchLimits, Searcher};
use crate::board::{Board, Color, Point};
use crate::eval::Position;
use crate::eval::pattern::Threat;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use chacha20::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

struct Params {
    depth: Option<u32>,
    time_ms: u64,
    /// Score range (evaluation units) the mistake model chooses within.
    margin: i32,
}

fn params(level: Level) -> Params {
    let (depth, time_ms, margin) = match level {
        Level::Beginner => (Some(0), 50, 0),
        Level::Novice => (Some(2), 150, 150),
        Level::Intermediate => (Some(3), 300, 90),
        Level::Advanced => (Some(4), 500, 60),
        Level::Expert => (Some(6), 800, 35),
        // A small margin also leaves out the root VCF and the final safety
        // check, which only full strength (Grandmaster) runs.
        Level::Master => (None, 1_000, 10),
        Level::Grandmaster => (None, 2_500, 0),
    };
    Params {
        depth,
        time_ms,
        margin,
    }
}

/// The level's think time per move (an upper bound: lower levels usually
/// reach their depth limit sooner).
pub fn think_time(level: Level) -> Duration {
    Duration::from_millis(params(level).time_ms)
}

pub fn description(level: Level) -> &'static str {
    match level {
        Level::Beginner => "Plays by shape, no reading ahead; overlooks threats now and then.",
        Level::Novice => "Looks two moves ahead and still makes loose moves.",
        Level::Intermediate => "Reads three moves ahead; blocks threes, sometimes drifts.",
        Level::Advanced => "Reads four moves ahead and finds most forcing wins.",
        Level::Expert => "Deep reading with rare inaccuracies.",
        Level::Master => "Strong: deep reading, about a second per move, no final safety check.",
        Level::Grandmaster => "Full strength, about two and a half seconds per move.",
    }
}

/// How late the levels' recent answers in this process were, in ms (see
/// [`Lateness`]). It is the machine's load, not a searcher's, so it is
/// kept for the process: the game makes a new searcher per rule.
static LEVEL_LATENESS_MS: AtomicU64 = AtomicU64::new(0);

/// The time a level searches within `limit`: the reserve and the recent
/// lateness off.
fn level_search_time(limit: Duration) -> Duration {
    let late = Lateness {
        ms: LEVEL_LATENESS_MS.load(Ordering::Relaxed),
    };
    late.shorten(super::search_time_within(limit), limit)
}

/// Books a level's answer that took `took` for a search of `time`.
fn record_level_answer(time: Duration, took: Duration) {
    let _ = LEVEL_LATENESS_MS.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |ms| {
        let mut late = Lateness { ms };
        late.record(time, took);
        Some(late.ms)
    });
}

#[allow(clippy::too_many_arguments)]
pub fn choose(
    searcher: &mut Searcher,
    board: &Board,
    to_move: Color,
    level: Level,
    seed: u64,
    time: Option<Duration>,
    cancel: &AtomicBool,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchInfo {
    let p = params(level);
    let mut rng =
        ChaCha8Rng::seed_from_u64(seed ^ board.hash() ^ (board.stone_count() as u64) << 32);
    if level == Level::Beginner {
        let info = beginner(searcher, board, to_move, &mut rng);
        report(&info);
        return info;
    }
    let started = Instant::now();
    let search_time = level_search_time(time.unwrap_or(Duration::from_millis(p.time_ms)));
    let limits = SearchLimits {
        time: Some(search_time),
        depth: p.depth,
        nodes: None,
    };
    // The depth-limited levels were calibrated on the full-width search:
    // move-count pruning narrows the gaps between them. The two levels
    // limited by time alone prune: it buys them depth.
    let mut run = |s: &mut Searcher| s.run(board, to_move, &limits, p.margin, &[], cancel, report);
    let result = if p.depth.is_none() {
        run(searcher)
    } else {
        searcher.full_width(run)
    };
    record_level_answer(search_time, started.elapsed());
    let mut info = result.info;
    let Some(top) = result.moves.first() else {
        return info;
    };
    if p.margin == 0 || result.moves.len() < 2 || top.score.abs() >= MATE_BOUND {
        return info;
    }
    let floor = top.score - p.margin;
    let pick = result
        .moves
        .iter()
        .filter(|m| m.score > -INF && m.score >= floor)
        .map(|m| (m.score + rng.random_range(0..p.margin as u64) as i32, m))
        .max_by_key(|(noisy, m)| (*noisy, std::cmp::Reverse(m.cell)))
        .map(|(_, m)| *m)
        .unwrap_or(*top);
    if pick.cell != top.cell {
        info.best = Some(Point::from_index(pick.cell));
        info.score = Score::from_internal(pick.score);
        info.pv = vec![Point::from_index(pick.cell)];
    }
    info
}

/// Beginner: the best-looking points by shape, with plenty of noise.
fn beginner(searcher: &Searcher, board: &Board, us: Color, rng: &mut ChaCha8Rng) -> SearchInfo {
    let start = Instant::now();
    let mut pos = Position::new(board, searcher.rule());
    let them = us.opponent();
    let defending = alphabeta::must_defend(&mut pos, them);
    let legal = |c: usize| pos.is_legal(c, us);
    let found = |cell: Option<usize>| {
        let best = cell.map(Point::from_index);
        SearchInfo {
            depth: 1,
            best,
            score: Score::Eval(0),
            pv: best.into_iter().collect(),
            nodes: 1,
            elapsed: start.elapsed(),
        }
    };
    // A four is never missed: ours is completed, theirs is blocked.
    if let Some(five) = pos.cells_with(us, Threat::Five).find(|&c| legal(c)) {
        return found(Some(five));
    }
    if let Some(block) = pos.cells_with(them, Threat::Five).find(|&c| legal(c)) {
        return found(Some(block));
    }
    if board.stone_count() == 0 {
        let c = (board.size() / 2) as u8;
        return found(Some(Point::new(c, c).index()));
    }
    let mut moves = Vec::new();
    // An open three is answered two times out of three.
    if defending && rng.random_ratio(67, 100) {
        alphabeta::generate(&pos, us, true, &mut moves);
    } else {
        moves.extend(
            pos.live_cells()
                .filter(|&c| pos.is_near(c) && pos.threat(c, us) != Threat::Forbidden)
                .map(|c| (c, alphabeta::move_score(&pos, c, us))),
        );
    }
    moves.retain(|&(c, _)| legal(c));
    let pick = moves
        .iter()
        .map(|&(c, s)| (s + rng.random_range(0..3_000), c))
        .max_by_key(|&(s, c)| (s, std::cmp::Reverse(c)))
        .map(|(_, c)| c);
    found(pick.or_else(|| super::any_legal(&pos, us, &[])))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_move_list;
    use crate::rules::{self, Rule};

    #[test]
    fn a_level_searches_its_think_time_less_a_reserve() {
        let ms = |d: Duration| d.as_millis() as u64;
        let within = super::super::search_time_within;
        // 4 % + 20 ms kept back; capped at 300 ms; never below half.
        assert_eq!(ms(within(Duration::from_millis(100))), 76);
        assert_eq!(ms(within(Duration::from_millis(200))), 172);
        assert_eq!(ms(within(Duration::from_millis(1_000))), 940);
        assert_eq!(ms(within(Duration::from_millis(20_000))), 19_700);
        assert_eq!(ms(within(Duration::from_millis(30))), 15);
        for level in Level::ALL {
            let t = think_time(level);
            assert!(within(t) < t || t.is_zero(), "{level:?}");
        }
    }

    #[test]
    fn a_late_level_answer_shortens_the_next_levels_search_by_at_most_a_quarter() {
        let limit = Duration::from_millis(200);
        let within = super::super::search_time_within(limit);
        // Descheduled for an hour: the next search loses a quarter of the
        // limit, no more. (Other tests may book answers meanwhile; they can
        // only lower an hour's lateness by an eighth each.)
        record_level_answer(within, Duration::from_secs(3_600));
        assert_eq!(level_search_time(limit), within - limit / 4);
        LEVEL_LATENESS_MS.store(0, Ordering::Relaxed);
    }

    /// A board with `black` and `white` stones given as move strings.
    fn board(black: &str, white: &str) -> Board {
        let mut b = Board::new(15).unwrap();
        for (moves, color) in [(black, Color::Black), (white, Color::White)] {
            for p in parse_move_list(moves, 15).unwrap() {
                b.place(p, color).unwrap();
            }
        }
        b
    }

    fn beginner_move(b: &Board, rule: Rule, color: Color, seed: u64) -> Point {
        let cancel = AtomicBool::new(false);
        Searcher::new(rule)
            .search_level(b, color, Level::Beginner, seed, &cancel, &mut |_| {})
            .best
            .expect("a legal move")
    }

    /// Fours in each direction, closed and broken, for one side; the other
    /// side's stones are scattered so neither side has another threat.
    const FOURS: [(&str, &str, &str); 4] = [
        ("h8i8j8k8", "g8c3d12l3", "l8"),
        ("h5h6h7h9", "h4c3d12l3", "h8"),
        ("e5f6g7h8", "d4c12m3n13", "i9"),
        ("k4j5i6g8", "l3c3c12m13", "h7"),
    ];

    #[test]
    fn beginner_always_completes_its_four() {
        for rule in Rule::ALL {
            for (four, other, five) in FOURS {
                for (us, b) in [
                    (Color::Black, board(four, other)),
                    (Color::White, board(other, four)),
                ] {
                    let want = Point::parse(five, 15).unwrap();
                    for seed in 0..60 {
                        let p = beginner_move(&b, rule, us, seed);
                        assert_eq!(p, want, "{rule:?} {us:?} {four} seed {seed}");
                        let mut after = b.clone();
                        after.place(p, us).unwrap();
                        assert!(rules::winning_line(&after, p, rule).is_some());
                    }
                }
            }
        }
    }

    #[test]
    fn beginner_always_blocks_a_four() {
        for rule in Rule::ALL {
            for (four, other, five) in FOURS {
                // The four's owner has just played; the other side moves.
                for (us, b) in [
                    (Color::White, board(four, other)),
                    (Color::Black, board(other, four)),
                ] {
                    let want = Point::parse(five, 15).unwrap();
                    for seed in 0..60 {
                        let p = beginner_move(&b, rule, us, seed);
                        assert_eq!(p, want, "{rule:?} {us:?} {four} seed {seed}");
                    }
                }
            }
        }
    }
}
