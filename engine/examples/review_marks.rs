//! How many moves a game review marks, and how many of the marks a much
//! deeper look confirms (issue 12: the review marked ordinary moves).
//!
//! ```text
//! cargo run --release -p gomoku-engine --example review_marks -- generate GAMES SEED > games.txt
//! cargo run --release -p gomoku-engine --example review_marks -- review games.txt [REF_MS [MS [DEPTH]]]
//! ```
//!
//! `generate` plays GAMES games between neighbouring levels (freestyle and
//! Renju, two random stones near the centre first, 150 ms a move) and
//! prints one per line: the rule and the moves. `review` reviews each with
//! the default [`ReviewSettings`] and prints the blunders, mistakes and
//! missed wins per game; with REF_MS it searches every marked move again
//! for REF_MS milliseconds, the engine's best move against the move played
//! from the same position, and counts the marks whose win-chance drop that
//! deeper look puts above the mistake threshold too. MS and DEPTH replace
//! the review's limits per search (0: unset), to try other efforts.

use gomoku_engine::analysis::review::{self, MISTAKE_DROP, MoveClass, ReviewSettings};
use gomoku_engine::analysis::win_chance;
use gomoku_engine::board::parse_move_list;
use gomoku_engine::record::Game;
use gomoku_engine::rules::Rule;
use gomoku_engine::search::{Level, Score, SearchLimits, Searcher};
use gomoku_engine::{Board, Color, Point};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The pairs that play, weaker first: where the weaker level's mistakes
/// are the kind a review should find.
const PAIRS: [(Level, Level); 4] = [
    (Level::Novice, Level::Intermediate),
    (Level::Intermediate, Level::Advanced),
    (Level::Advanced, Level::Expert),
    (Level::Expert, Level::Master),
];
const MAX_MOVES: usize = 90;

fn usage() -> ! {
    eprintln!("usage: review_marks generate GAMES SEED | review FILE [REF_MS]");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> u64 {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| usage())
    };
    match args.first().map(String::as_str) {
        Some("generate") => generate(number(1), number(2)),
        Some("review") => {
            let file = args.get(1).unwrap_or_else(|| usage());
            let reference = args.get(2).map(|_| number(2)).filter(|&ms| ms > 0);
            let mut settings = ReviewSettings::default();
            if args.len() > 3 {
                let (ms, depth) = (number(3), args.get(4).map_or(0, |_| number(4)));
                settings.limits = SearchLimits {
                    time: (ms > 0).then(|| Duration::from_millis(ms)),
                    depth: (depth > 0).then_some(depth as u32),
                    nodes: None,
                };
            }
            review_all(file, &settings, reference)
        }
        _ => usage(),
    }
}

/// A small deterministic generator (splitmix64) for the opening stones.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn generate(games: u64, seed: u64) {
    let cancel = AtomicBool::new(false);
    let mut state = seed;
    for index in 0..games {
        let rule = if index % 2 == 0 {
            Rule::Freestyle
        } else {
            Rule::Renju
        };
        let (weak, strong) = PAIRS[(index / 2) as usize % PAIRS.len()];
        let levels = if next(&mut state).is_multiple_of(2) {
            [weak, strong]
        } else {
            [strong, weak]
        };
        let mut game = Game::new(rule, 15).expect("15x15");
        while game.moves().len() < 2 {
            let x = 5 + next(&mut state) % 5;
            let y = 5 + next(&mut state) % 5;
            let _ = game.play(Point::new(x as u8, y as u8));
        }
        let mut searcher = Searcher::new(rule);
        while !game.is_over() && game.moves().len() < MAX_MOVES {
            let to_move = game.to_move();
            let info = searcher.search_level_timed(
                game.board(),
                to_move,
                levels[to_move.index()],
                next(&mut state),
                Duration::from_millis(150),
                &cancel,
                &mut |_| {},
            );
            let Some(point) = info.best else { break };
            if game.play(point).is_err() {
                break;
            }
        }
        let moves: String = game.moves().iter().map(|p| p.to_notation(15)).collect();
        println!("{} {moves}", rule.name());
    }
}

fn review_all(file: &str, settings: &ReviewSettings, reference: Option<u64>) {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("review_marks: {file}: {e}");
        std::process::exit(2)
    });
    println!("review limits {:?}", settings.limits);
    let cancel = AtomicBool::new(false);
    let (mut games, mut marks, mut confirmed, mut checked) = (0, 0, 0, 0);
    let started = Instant::now();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let Some((rule, record)) = line.split_once(' ') else {
            continue;
        };
        let rule = Rule::from_name(rule).expect("a rule name");
        let moves = parse_move_list(record, 15).expect("a move list");
        let game = Game::from_moves(rule, 15, &moves).expect("a legal game");
        let r = review::review(&game, settings, &cancel, &mut |_, _| {}).expect("not cancelled");
        let count = |class| r.moves.iter().filter(|m| m.class == class).count();
        let (blunders, mistakes) = (count(MoveClass::Blunder), count(MoveClass::Mistake));
        let missed = r.moves.iter().filter(|m| m.missed_win.is_some()).count();
        games += 1;
        marks += blunders + mistakes;
        println!(
            "game {games}: {} {} moves: {blunders} blunders, {mistakes} mistakes, {missed} missed wins",
            rule.name(),
            moves.len()
        );
        let Some(ms) = reference else { continue };
        let mut searcher = Searcher::new(rule);
        let mut board = Board::new(15).expect("15x15");
        for (ply, m) in r.moves.iter().enumerate() {
            if m.class != MoveClass::Good {
                let drop = deep_drop(&mut searcher, &board, m.color, m.point, ms);
                checked += 1;
                if drop >= MISTAKE_DROP {
                    confirmed += 1;
                }
                println!(
                    "  ply {ply} {} {:?}: drop {:.2}, deeper {drop:.2}",
                    m.point.to_notation(15),
                    m.class,
                    m.drop
                );
            }
            board.place(m.point, m.color).expect("a legal game");
        }
    }
    println!(
        "{games} games, {marks} marks ({:.1} a game){}, {:.0} s",
        marks as f64 / games.max(1) as f64,
        if reference.is_some() {
            format!(", {confirmed} of {checked} confirmed by the deeper look")
        } else {
            String::new()
        },
        started.elapsed().as_secs_f64()
    );
}

/// The win chance `color` gives away by `played` instead of the engine's
/// best, both scored from `board` by searches of `ms` each.
fn deep_drop(searcher: &mut Searcher, board: &Board, color: Color, played: Point, ms: u64) -> f64 {
    let cancel = AtomicBool::new(false);
    let limits = SearchLimits::time(ms);
    let best = searcher.search(board, color, &limits, &cancel, &mut |_| {});
    let others: Vec<Point> = board.empty_points().filter(|&p| p != played).collect();
    let only_played =
        searcher.search_excluding(board, color, &limits, &others, &cancel, &mut |_| {});
    let score = |s: Score| win_chance(s);
    (score(best.score) - score(only_played.score)).max(0.0)
}
