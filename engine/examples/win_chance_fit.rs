//! Fits the analysis's win-chance curve to self-play: plays games from
//! random three-stone openings, records every heuristic score the search
//! gives the side to move and whether that side went on to win, and prints
//! the logistic scale that fits best next to the one in use.
//! `cargo run --release -p gomoku-engine --example win_chance_fit -- [GAMES] [DEPTH] [RULE]`

use gomoku_engine::analysis::win_chance;
use gomoku_engine::rules::{self, Rule};
use gomoku_engine::search::{Score, SearchLimits, Searcher};
use gomoku_engine::{Board, Color, Point};
use std::sync::atomic::AtomicBool;

/// Games longer than this are left out as undecided.
const MAX_MOVES: usize = 120;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(40);
    let depth: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let rule = args
        .get(2)
        .and_then(|r| Rule::from_name(r))
        .unwrap_or(Rule::Standard);
    let mut samples: Vec<(i32, bool)> = Vec::new();
    let mut decided = 0;
    for seed in 0..games {
        if let Some(game) = play(seed, depth, rule) {
            decided += 1;
            samples.extend(game);
        }
    }
    println!(
        "{decided} of {games} games decided, {} scored positions",
        samples.len()
    );
    let loss = |scale: f64| log_loss(&samples, |v| 1.0 / (1.0 + (-(v as f64) / scale).exp()));
    let best = (10..=300)
        .map(|s| s as f64 * 10.0)
        .min_by(|a, b| loss(*a).total_cmp(&loss(*b)))
        .expect("a scale");
    let in_use = log_loss(&samples, |v| win_chance(Score::Eval(v)));
    println!(
        "best scale {best:.0}: log-loss {:.4}; the curve in use: {in_use:.4}",
        loss(best)
    );
    println!("score band: positions, side to move won");
    for (lo, hi) in [
        (-5000, -600),
        (-600, -300),
        (-300, -100),
        (-100, 100),
        (100, 300),
        (300, 600),
        (600, 5000),
    ] {
        let band: Vec<bool> = samples
            .iter()
            .filter(|(v, _)| (lo..hi).contains(v))
            .map(|&(_, won)| won)
            .collect();
        let won = band.iter().filter(|&&w| w).count();
        println!(
            "  [{lo}, {hi}): {}, {:.0}% (curve {:.0}%)",
            band.len(),
            100.0 * won as f64 / band.len().max(1) as f64,
            100.0 * win_chance(Score::Eval((lo + hi) / 2))
        );
    }
}

/// Mean log-loss of the predicted chances against the outcomes.
fn log_loss(samples: &[(i32, bool)], chance: impl Fn(i32) -> f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|&(v, won)| {
            let p = chance(v).clamp(1e-6, 1.0 - 1e-6);
            if won { -p.ln() } else { -(1.0 - p).ln() }
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// One self-play game: (score for the side to move, that side won) for
/// every heuristic score, or None when nobody won.
fn play(seed: u64, depth: u32, rule: Rule) -> Option<Vec<(i32, bool)>> {
    let mut board = Board::new(15).expect("15x15");
    let mut ply = 0;
    // Three stones in the central 5x5 from a simple mix of the seed.
    let mut mix = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    while ply < 3 {
        mix ^= mix >> 29;
        mix = mix.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let cell = (mix >> 40) % 25;
        let p = Point::new(5 + (cell % 5) as u8, 5 + (cell / 5) as u8);
        if rules::check_move(&board, rule, Color::of_ply(ply), p).is_ok() {
            board.place(p, Color::of_ply(ply)).expect("checked");
            ply += 1;
        }
    }
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(rule);
    let mut scores: Vec<(i32, Color)> = Vec::new();
    while ply < MAX_MOVES {
        let color = Color::of_ply(ply);
        let info = searcher.search(
            &board,
            color,
            &SearchLimits::depth(depth),
            &cancel,
            &mut |_| {},
        );
        let p = info.best?;
        if let Score::Eval(v) = info.score {
            scores.push((v, color));
        }
        board.place(p, color).expect("the search plays legal moves");
        if rules::winning_line(&board, p, rule).is_some() {
            return Some(scores.into_iter().map(|(v, c)| (v, c == color)).collect());
        }
        ply += 1;
    }
    None
}
