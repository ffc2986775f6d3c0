//! Self-play soak: plays many fast node-limited games between every level
//! under all three rules from random openings and checks every move, every
//! result and undo/redo against an independent reading of the rules (see
//! `tests/soak_support`). Prints the totals and exits non-zero on a failure.
//!
//! ```text
//! cargo run --release -p gomoku-engine --example soak -- --games 10000 --seed 1 --nodes 1500
//! ```
//!
//! A failure names the game index, seed and moves; `--first INDEX --games 1`
//! with the same `--seed` and `--nodes` replays it.

#[path = "../tests/soak_support/mod.rs"]
mod soak_support;

use std::process::exit;
use std::time::Instant;

struct Args {
    games: u64,
    first: u64,
    seed: u64,
    nodes: u64,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        games: 1_000,
        first: 0,
        seed: 1,
        nodes: 1_500,
    };
    let list: Vec<String> = std::env::args().skip(1).collect();
    let mut it = list.iter();
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or(format!("{flag} needs a value"))?
            .parse::<u64>()
            .map_err(|e| format!("{flag}: {e}"))?;
        match flag.as_str() {
            "--games" => args.games = value,
            "--first" => args.first = value,
            "--seed" => args.seed = value,
            "--nodes" => args.nodes = value,
            _ => {
                return Err(format!(
                    "unknown option {flag} (--games, --first, --seed, --nodes)"
                ));
            }
        }
    }
    Ok(args)
}

fn main() {
    let args = parse_args().unwrap_or_else(|e| {
        eprintln!("soak: {e}");
        exit(2)
    });
    let start = Instant::now();
    let tally = soak_support::run(args.seed, args.first, args.games, args.nodes, &mut |t| {
        if t.games % 500 == 0 {
            eprintln!(
                "{} games, {} moves, {} failures, {:.0} s",
                t.games,
                t.moves,
                t.failures.len(),
                start.elapsed().as_secs_f64()
            );
        }
    });
    let secs = start.elapsed().as_secs_f64();
    for f in &tally.failures {
        println!("FAIL {f}");
    }
    println!(
        "games {} (seed {}, first {}, {} nodes per move): {} moves checked, \
         {} Renju Black moves checked against the RIF reading, \
         Black won {}, White won {}, draws {}, Black stalled {}; \
         slowest move {} ms; {:.1} s ({:.2} ms per move); failures {}",
        tally.games,
        args.seed,
        args.first,
        args.nodes,
        tally.moves,
        tally.forbidden_checks,
        tally.black,
        tally.white,
        tally.draws,
        tally.stalled,
        tally.slowest.as_millis(),
        secs,
        secs * 1e3 / tally.moves.max(1) as f64,
        tally.failures.len()
    );
    if !tally.failures.is_empty() {
        exit(1);
    }
}
