//! Tunes the search parameters ([`SearchParams`]) by SPSA self-play: each
//! step plays the parameters nudged up against the same nudged down, on one
//! balanced opening with colours swapped, and moves the centre towards the
//! winner. Moves are limited by nodes, not time, so a busy machine changes
//! only how long tuning takes, not its result.
//!
//! ```text
//! cargo run --release -p gomoku-engine --example tune -- \
//!     --params lmr_percent,move_count_percent --steps 300 --nodes 20000 --verify 40
//! ```
//!
//! Prints the values every `--report` steps, then the result as
//! `name=value` lines (and as `INFO param_<name> <value>` for a brain), and
//! with `--verify N` an N-game match of the tuned values against the
//! defaults at the same node limit. Unlisted `--params` means all of them.
//!
//! `--steps 0 --start name=value,... --verify N` tunes nothing: it plays the
//! start values against the engine's defaults (an A/B of a parameter
//! change at a fixed node count).

// Shared with the match harness; the tuner uses only part of each.
#[path = "../match/cli.rs"]
mod cli;
#[allow(dead_code)]
#[path = "../match/openings.rs"]
mod openings;
mod spsa;
#[allow(dead_code)]
#[path = "../match/stats.rs"]
mod stats;

use chacha20::ChaCha8Rng;
use cli::number;
use gomoku_engine::rules::{self, Rule};
use gomoku_engine::search::{PARAMS, SearchLimits, SearchParams, Searcher};
use gomoku_engine::{Color, Point};
use openings::{board_of, random_openings};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use spsa::{Param, Spsa};
use stats::Tally;
use std::process::exit;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

struct Config {
    names: Vec<String>,
    steps: u32,
    nodes: u64,
    rule: Rule,
    seed: u64,
    lr: f64,
    report: u32,
    verify: usize,
    /// Start values (`name=value`), overriding the defaults.
    start: Vec<(String, i32)>,
}

fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut c = Config {
        names: PARAMS.iter().map(|p| p.name.to_string()).collect(),
        steps: 200,
        nodes: 20_000,
        rule: Rule::Freestyle,
        seed: 1,
        lr: 0.3,
        report: 20,
        verify: 0,
        start: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let v = it.next().ok_or(format!("{flag} needs a value"))?;
        let bad = || format!("bad {flag} '{v}'");
        match flag.as_str() {
            "--params" => c.names = v.split(',').map(|s| s.trim().to_string()).collect(),
            "--steps" => c.steps = number(flag, v)?,
            "--nodes" => c.nodes = number(flag, v)?,
            "--seed" => c.seed = number(flag, v)?,
            "--lr" => c.lr = number(flag, v)?,
            "--report" => c.report = number::<u32>(flag, v)?.max(1),
            "--verify" => c.verify = number(flag, v)?,
            "--rule" => c.rule = Rule::from_name(v).ok_or_else(bad)?,
            "--start" => {
                for pair in v.split(',') {
                    let (name, value) = pair.split_once('=').ok_or_else(bad)?;
                    let value = number(flag, value.trim())?;
                    c.start.push((name.trim().to_string(), value));
                }
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    for name in c.names.iter().chain(c.start.iter().map(|(n, _)| n)) {
        if !PARAMS.iter().any(|p| p.name == name) {
            let known: Vec<&str> = PARAMS.iter().map(|p| p.name).collect();
            return Err(format!(
                "unknown parameter '{name}' (known: {})",
                known.join(", ")
            ));
        }
    }
    if c.names.is_empty() || c.nodes == 0 {
        return Err("--params and --nodes must not be empty or zero".into());
    }
    if c.steps == 0 && c.verify == 0 {
        return Err("--steps 0 (no tuning) needs --verify".into());
    }
    Ok(c)
}

/// The defaults with `--start` applied.
fn start_params(cfg: &Config) -> SearchParams {
    let mut p = SearchParams::default();
    for (name, value) in &cfg.start {
        p.set(name, *value);
    }
    p
}

/// `base` with the tuned parameters set to `values`.
fn with_values(base: SearchParams, names: &[String], values: &[i32]) -> SearchParams {
    let mut p = base;
    for (name, &v) in names.iter().zip(values) {
        p.set(name, v);
    }
    p
}

/// One game from `opening`: `black` and `white` parameter sets, each move
/// limited to `nodes`. Returns Black's score (1, 0.5, 0).
fn game(
    rule: Rule,
    opening: &[Point],
    black: SearchParams,
    white: SearchParams,
    nodes: u64,
) -> f64 {
    let mut searchers = [Searcher::new(rule), Searcher::new(rule)];
    searchers[0].set_params(black);
    searchers[1].set_params(white);
    let mut board = board_of(opening);
    let mut ply = opening.len();
    let limits = SearchLimits {
        nodes: Some(nodes),
        ..Default::default()
    };
    let cancel = AtomicBool::new(false);
    loop {
        let color = Color::of_ply(ply);
        let info = searchers[color.index()].search(&board, color, &limits, &cancel, &mut |_| {});
        let Some(p) = info.best else { return 0.5 };
        if rules::check_move(&board, rule, color, p).is_err() {
            // The engine only plays legal moves; count a slip as a loss.
            return if color == Color::Black { 0.0 } else { 1.0 };
        }
        board.place(p, color).expect("checked legal");
        ply += 1;
        if rules::winning_line(&board, p, rule).is_some() {
            return if color == Color::Black { 1.0 } else { 0.0 };
        }
        if board.is_full() {
            return 0.5;
        }
    }
}

/// `a`'s score over a pair of games from one opening, colours swapped.
fn pair(rule: Rule, opening: &[Point], a: SearchParams, b: SearchParams, nodes: u64) -> [f64; 2] {
    [
        game(rule, opening, a, b, nodes),
        1.0 - game(rule, opening, b, a, nodes),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cfg = match parse_args(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("tune: {e}");
            exit(2);
        }
    };
    let base = start_params(&cfg);
    let params: Vec<Param> = cfg
        .names
        .iter()
        .map(|name| {
            let spec = PARAMS.iter().find(|p| p.name == name).expect("checked");
            Param {
                min: spec.min,
                max: spec.max,
                value: base.get(name).expect("checked") as f64,
            }
        })
        .collect();
    let openings = random_openings(64, cfg.rule, cfg.seed);
    let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed ^ 0x5eed);
    let mut spsa = Spsa::new(params, cfg.lr, cfg.steps);
    let start = Instant::now();
    println!(
        "tune: {} steps, {} nodes per move, rule {}, params {}",
        cfg.steps,
        cfg.nodes,
        cfg.rule.name(),
        cfg.names.join(",")
    );
    let show = |spsa: &Spsa| {
        cfg.names
            .iter()
            .zip(spsa.values())
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut plus_score = 0.0;
    for step in 0..cfg.steps {
        let probe = spsa.probe(&mut rng);
        let plus = with_values(base, &cfg.names, &probe.plus);
        let minus = with_values(base, &cfg.names, &probe.minus);
        let opening = openings.choose(&mut rng).expect("at least one opening");
        let [g1, g2] = pair(cfg.rule, opening, plus, minus, cfg.nodes);
        plus_score += g1 + g2;
        // Plus's score minus minus's score over the pair.
        spsa.update(&probe, 2.0 * (g1 + g2) - 2.0);
        if (step + 1) % cfg.report == 0 || step + 1 == cfg.steps {
            println!(
                "step {:>4} ({:.0} s): {}",
                step + 1,
                start.elapsed().as_secs_f64(),
                show(&spsa)
            );
        }
    }
    if cfg.steps > 0 {
        println!(
            "plus side scored {:.1}% over {} games",
            100.0 * plus_score / (2.0 * cfg.steps as f64),
            2 * cfg.steps
        );
    }
    println!("result:");
    for (name, v) in cfg.names.iter().zip(spsa.values()) {
        println!("  {name}={v}    (INFO param_{name} {v})");
    }
    if cfg.verify > 0 {
        let tuned = with_values(base, &cfg.names, &spsa.values());
        // Without tuning, the start values are what is being tested.
        let (reference, against) = if cfg.steps == 0 {
            (SearchParams::default(), "tuned (start) vs defaults")
        } else {
            (base, "tuned vs start values")
        };
        let fresh = random_openings(cfg.verify.div_ceil(2), cfg.rule, cfg.seed ^ 0xf00d);
        let mut tally = Tally::default();
        for opening in &fresh {
            for r in pair(cfg.rule, opening, tuned, reference, cfg.nodes) {
                tally.push(r);
            }
        }
        println!("verify: {against}, {}", tally.summary());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cli::words as args;

    #[test]
    fn arguments_name_known_parameters_only() {
        let first = PARAMS[0].name;
        let c = parse_args(&args(&format!(
            "--params {first} --steps 5 --start {first}=7"
        )))
        .unwrap();
        assert_eq!(c.names, vec![first.to_string()]);
        assert_eq!(
            start_params(&c).get(first),
            Some(7.clamp(PARAMS[0].min, PARAMS[0].max))
        );
        for wrong in [
            "--params no_such_thing",
            "--steps 0",
            "--nodes",
            "--lr fast",
        ] {
            assert!(parse_args(&args(wrong)).is_err(), "{wrong}");
        }
        // No steps is fine when there is something to verify.
        assert!(parse_args(&args("--steps 0 --verify 10")).is_ok());
    }

    /// Two games at a tiny node budget end by the rules and are scored from
    /// each side's view consistently.
    #[test]
    fn a_tuning_pair_is_scored_from_the_first_side() {
        let opening = [Point::new(7, 7), Point::new(8, 8)];
        let p = SearchParams::default();
        let [a, b] = pair(Rule::Freestyle, &opening, p, p, 300);
        for r in [a, b] {
            assert!([0.0, 0.5, 1.0].contains(&r));
        }
        // Identical parameters and node limits: each game is deterministic.
        assert_eq!(pair(Rule::Freestyle, &opening, p, p, 300), [a, b]);
    }
}
