//! The opening AI with the game's budgets: time per decision and how even
//! the positions it leaves are. Run with
//! `cargo run --release -p gomoku-engine --example opening_bench [games]`.
//!
//! For each opening rule and some levels, the AI plays whole openings in
//! both seats. Printed per row: decisions, mean and longest time per
//! decision (compare with the level's think time), and the mean |value| of
//! the final positions for the side to move as a fixed judge (a depth-6
//! search) sees them — lower is more balanced. The last row per rule is a
//! baseline that takes the first allowed point and the first option.

use gomoku_engine::opening::ai::{Budget, OpeningAi};
use gomoku_engine::opening::{Action, Opening, OpeningRule, Task};
use gomoku_engine::search::{Level, Score, SearchLimits, Searcher};
use gomoku_engine::{Game, Rule};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn game_rule(rule: OpeningRule) -> Rule {
    match rule {
        OpeningRule::Soosorv8 | OpeningRule::Taraguchi10 => Rule::Renju,
        _ => Rule::Standard,
    }
}

/// The plainest legal action: the first allowed point, the first option.
fn baseline(opening: &Opening, game: &Game) -> Action {
    let first = || opening.allowed_points(game)[0];
    match opening.phase().expect("a phase").task {
        Task::Decide { options } => Action::Decide(options[0]),
        Task::Declare { .. } => Action::Declare(1),
        Task::Place { .. } => Action::Place(first()),
        Task::Offer { .. } => Action::Offer(first()),
        Task::Pick { .. } => Action::Pick(first()),
    }
}

struct Row {
    decisions: usize,
    total: Duration,
    longest: Duration,
    imbalance: i64,
}

fn play(rule: OpeningRule, level: Option<Level>, seed: u64, judge: &mut Searcher) -> Row {
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(game_rule(rule));
    let mut opening = Opening::new(rule, 15).expect("15x15 fits every rule");
    let mut game = Game::new(game_rule(rule), 15).expect("valid size");
    let mut row = Row {
        decisions: 0,
        total: Duration::ZERO,
        longest: Duration::ZERO,
        imbalance: 0,
    };
    while opening.phase().is_some() {
        let start = Instant::now();
        let actions = match level {
            Some(level) => {
                let seed = seed * 100 + row.decisions as u64;
                OpeningAi::new(&mut searcher, Budget::for_level(level), seed, &cancel)
                    .plan(&opening, &game)
            }
            None => vec![baseline(&opening, &game)],
        };
        let spent = start.elapsed();
        row.decisions += 1;
        row.total += spent;
        row.longest = row.longest.max(spent);
        for a in actions {
            opening.apply(&mut game, a).expect("the AI acts legally");
        }
    }
    let info = judge.search(
        game.board(),
        game.to_move(),
        &SearchLimits::depth(6),
        &cancel,
        &mut |_| {},
    );
    row.imbalance = match info.score {
        Score::Eval(v) => v.abs() as i64,
        _ => 30_000,
    };
    row
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    println!("rule          level         decisions  mean ms  max ms  think ms  mean |value|");
    for rule in &OpeningRule::ALL[1..] {
        let mut judge = Searcher::new(game_rule(*rule));
        let levels = [
            Some(Level::Novice),
            Some(Level::Intermediate),
            Some(Level::Expert),
            Some(Level::Grandmaster),
            None,
        ];
        for level in levels {
            let rows: Vec<Row> = (0..games)
                .map(|s| play(*rule, level, s, &mut judge))
                .collect();
            let decisions: usize = rows.iter().map(|r| r.decisions).sum();
            let total: Duration = rows.iter().map(|r| r.total).sum();
            let longest = rows.iter().map(|r| r.longest).max().unwrap_or_default();
            let imbalance = rows.iter().map(|r| r.imbalance).sum::<i64>() / games as i64;
            let think = level.map_or(0, |l| Budget::for_level(l).time.unwrap().as_millis());
            println!(
                "{:<13} {:<13} {:>9} {:>8.1} {:>7.1} {:>9} {:>13}",
                rule.to_string(),
                level.map_or("baseline".to_string(), |l| l.name().to_string()),
                decisions,
                total.as_secs_f64() * 1000.0 / decisions as f64,
                longest.as_secs_f64() * 1000.0,
                think,
                imbalance
            );
        }
    }
}
