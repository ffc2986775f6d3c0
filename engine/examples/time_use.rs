//! How far the AI's thinking time goes past its budget: plays self-play
//! games until `--moves` moves have been timed and prints the percentiles.
//!
//! ```text
//! cargo run --release -p gomoku-engine --example time_use -- --mode level --level master --budget-ms 100
//! cargo run --release -p gomoku-engine --example time_use -- --mode brain --budget-ms 200
//! ```
//!
//! * `--mode level`: the game's path, `Searcher::search_level_timed` with
//!   the budget as the level's think time; timed around the call.
//! * `--mode brain`: the Gomocup brain in-process with `INFO timeout_turn`
//!   = the budget; each move is a `BOARD` … `DONE`, timed from `DONE` to
//!   the answer (pipe and process overhead are not included).
//!
//! Meant to run while the machine is busy: the load average is printed
//! with the figures. Every game starts from two random stones near the
//! centre; `--seed` makes the openings and the levels' choices repeatable.

use chacha20::ChaCha8Rng;
use gomoku_engine::protocol::Brain;
use gomoku_engine::search::{Level, Searcher, load};
use gomoku_engine::{Color, Game, Point, Rule};
use rand::{Rng, RngExt, SeedableRng};
use std::process::exit;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Level(Level),
    Brain,
}

struct Args {
    mode: Mode,
    budget: Duration,
    moves: usize,
    rule: Rule,
    seed: u64,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        mode: Mode::Level(Level::Master),
        budget: Duration::from_millis(100),
        moves: 1_000,
        rule: Rule::Freestyle,
        seed: 1,
    };
    let mut brain = false;
    let list: Vec<String> = std::env::args().skip(1).collect();
    let mut it = list.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let number = || value.parse::<u64>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--mode" => brain = value == "brain",
            "--level" => {
                let level = Level::ALL
                    .into_iter()
                    .find(|l| l.name().eq_ignore_ascii_case(value))
                    .ok_or(format!("unknown level '{value}'"))?;
                args.mode = Mode::Level(level);
            }
            "--budget-ms" => args.budget = Duration::from_millis(number()?),
            "--moves" => args.moves = number()? as usize,
            "--seed" => args.seed = number()?,
            "--rule" => {
                args.rule = Rule::from_name(value).ok_or(format!("unknown rule '{value}'"))?
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if brain {
        args.mode = Mode::Brain;
    }
    if args.moves == 0 {
        return Err("--moves must be at least 1".into());
    }
    Ok(args)
}

/// A fresh game with two random stones near the centre.
fn new_game(rule: Rule, rng: &mut ChaCha8Rng) -> Game {
    let mut game = Game::new(rule, 15).expect("15 is a valid size");
    while game.moves().len() < 2 {
        let near = |rng: &mut ChaCha8Rng| 5 + rng.random_range(0..5) as u8;
        let _ = game.play(Point::new(near(rng), near(rng)));
    }
    game
}

/// The brain's answer to the position of `game`, sent as BOARD … DONE with
/// the side to move as its own stones; returns the move and the time from
/// DONE to the answer.
fn brain_move(brain: &mut Brain, game: &Game) -> Result<(Point, Duration), String> {
    brain.respond("BOARD");
    let me = game.to_move();
    for (i, p) in game.moves().iter().enumerate() {
        let field = if Color::of_ply(i) == me { 1 } else { 2 };
        brain.respond(&format!("{},{},{field}", p.x, p.y));
    }
    let started = Instant::now();
    let replies = brain.respond("DONE");
    let elapsed = started.elapsed();
    let answer = replies.last().ok_or("no answer to DONE")?;
    let (x, y) = answer
        .split_once(',')
        .ok_or(format!("answer '{answer}' is not x,y"))?;
    let coordinate = |s: &str| s.parse::<u8>().map_err(|e| format!("'{answer}': {e}"));
    Ok((Point::new(coordinate(x)?, coordinate(y)?), elapsed))
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// The value below which `percent` % of the sorted `values` lie.
fn percentile(sorted: &[Duration], percent: usize) -> Duration {
    sorted[(sorted.len() * percent / 100).min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1e3)
}

fn main() {
    let args = parse_args().unwrap_or_else(|e| {
        eprintln!("time_use: {e}");
        exit(2)
    });
    let load_before = load_average();
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut searcher = Searcher::new(args.rule);
    let mut brain = Brain::new();
    for line in [
        "START 15".to_string(),
        format!("INFO rule {}", args.rule.gomocup_mask()),
        format!("INFO timeout_turn {}", args.budget.as_millis()),
    ] {
        brain.respond(&line);
    }
    let cancel = AtomicBool::new(false);
    let mut times = Vec::with_capacity(args.moves);
    // The run-queue wait the search booked (what its reserve follows).
    let mut waits = Vec::with_capacity(args.moves);
    let mut games = 0;
    let mut game = new_game(args.rule, &mut rng);
    while times.len() < args.moves {
        if game.is_over() {
            game = new_game(args.rule, &mut rng);
            games += 1;
        }
        let (p, elapsed) = match args.mode {
            Mode::Level(level) => {
                let started = Instant::now();
                let info = searcher.search_level_timed(
                    game.board(),
                    game.to_move(),
                    level,
                    rng.next_u64(),
                    args.budget,
                    &cancel,
                    &mut |_| {},
                );
                let elapsed = started.elapsed();
                match info.best {
                    Some(p) => (p, elapsed),
                    None => {
                        game = new_game(args.rule, &mut rng);
                        continue;
                    }
                }
            }
            Mode::Brain => brain_move(&mut brain, &game).unwrap_or_else(|e| {
                eprintln!("time_use: {e}");
                exit(1)
            }),
        };
        if let Err(e) = game.play(p) {
            eprintln!("time_use: the AI chose {}: {e}", p.to_notation(15));
            exit(1);
        }
        times.push(elapsed);
        waits.push(load::recent().us);
    }
    let over: Vec<Duration> = times
        .iter()
        .map(|t| t.saturating_sub(args.budget))
        .collect();
    let mut sorted = times.clone();
    sorted.sort();
    let mut over_sorted = over.clone();
    over_sorted.sort();
    let count_over = |slack: Duration| over.iter().filter(|&&o| o > slack).count();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    let who = match args.mode {
        Mode::Level(level) => level.name().to_string(),
        Mode::Brain => "brain (timeout_turn)".to_string(),
    };
    println!(
        "{who}, {:?}, budget {} ms: {} moves in {} games; time mean {} p50 {} p99 {} max {} ms; \
         over budget: p99 {} max {} ms, {} moves over, {} over by more than 5 ms; \
         booked run-queue wait mean {:.1} max {:.1} ms; load average before {load_before}, after {}",
        args.rule,
        args.budget.as_millis(),
        times.len(),
        games + 1,
        ms(mean),
        ms(percentile(&sorted, 50)),
        ms(percentile(&sorted, 99)),
        ms(*sorted.last().expect("at least one move")),
        ms(percentile(&over_sorted, 99)),
        ms(*over_sorted.last().expect("at least one move")),
        count_over(Duration::ZERO),
        count_over(Duration::from_millis(5)),
        waits.iter().sum::<u64>() as f64 / waits.len() as f64 / 1e3,
        *waits.iter().max().expect("at least one move") as f64 / 1e3,
        load_average()
    );
}
