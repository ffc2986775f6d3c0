//! How balanced the opening AI's proposals are and how well it chooses its
//! colour. Run with
//! `cargo run --release -p gomoku-engine --example opening_balance -- [games] [level] [rule]`
//! (defaults: 12 games, Expert, every rule).
//!
//! For each opening rule the AI (node-limited, so the numbers repeat) plays
//! whole openings in both seats. Printed per rule:
//! * proposals: every position handed to the other player for a colour
//!   choice (Swap's three stones, Swap2's three or five, Taraguchi's stones,
//!   Soosorv's canonical opening and 4th move...), valued for Black by a
//!   fixed judge (a deeper search than the AI's), as a distribution of
//!   |value|: under 100 is about even (the analysis's curve gives the
//!   better side under 60%), 300 and more is a clear edge (over 77%);
//! * choices: how often a colour choice took the side the judge prefers;
//! * self-play: from each final position, both sides played by the same
//!   fast search; how often the seat that made the last colour choice won
//!   (above 50% means its choices pick the better side);
//! * Taraguchi-10: how often Black chose the ten offers (the other option
//!   is the 5th inside the 9×9, between two swaps), and how often the
//!   judge agrees with the option: its 10th best fifth move near the
//!   stones against minus the distance from even of its most balanced 5th
//!   in the 9×9 (one point per class of symmetric points).

use gomoku_engine::opening::ai::{Budget, OpeningAi};
use gomoku_engine::opening::{
    Action, Decision, Opening, OpeningRule, Region, Seat, Task, symmetry,
};
use gomoku_engine::rules;
use gomoku_engine::search::{Level, Score, SearchLimits, Searcher};
use gomoku_engine::{Board, Color, Game, Rule};
use std::sync::atomic::AtomicBool;

/// A proven result in the judge's units.
const WIN: i32 = 30_000;
/// The judge: a fixed, deeper search than the AI's own (to the full depth:
/// an odd depth would favour the side to move).
const JUDGE_DEPTH: u32 = 6;
/// Self-play: nodes per move for both sides, and the longest game.
const PLAY_NODES: u64 = 20_000;
const MAX_PLIES: usize = 120;

fn game_rule(rule: OpeningRule) -> Rule {
    match rule {
        OpeningRule::Soosorv8 | OpeningRule::Taraguchi10 => Rule::Renju,
        OpeningRule::Swap => Rule::Freestyle,
        _ => Rule::Standard,
    }
}

/// The judge's value of `board` for Black, `to_move` to play.
fn judge(searcher: &mut Searcher, board: &Board, to_move: Color) -> i32 {
    let limits = SearchLimits {
        time: None,
        depth: Some(JUDGE_DEPTH),
        nodes: None,
    };
    let info = searcher.search(
        board,
        to_move,
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let v = match info.score {
        Score::Eval(v) => v,
        Score::WinIn(_) => WIN,
        Score::LossIn(_) => -WIN,
    };
    if to_move == Color::Black { v } else { -v }
}

/// Taraguchi-10's option the judge prefers for Black in `board` (see the
/// module docs).
fn judged_option(searcher: &mut Searcher, board: &Board) -> Action {
    let symmetries = symmetry::of_position(board);
    let stones: Vec<_> = board.points().filter(|&p| !board.is_empty_at(p)).collect();
    let mut fifths = Vec::new();
    let mut nearest_even = i32::MAX;
    let mut distinct = Vec::new();
    for p in rules::legal_moves(board, Rule::Renju, Color::Black) {
        let near = stones
            .iter()
            .any(|s| s.x.abs_diff(p.x) <= 2 && s.y.abs_diff(p.y) <= 2);
        let centre = Region::Centre(9).contains(p, board.size());
        if !(near || centre) || symmetry::twin_among(p, &distinct, &symmetries, 15).is_some() {
            continue;
        }
        distinct.push(p);
        let mut after = board.clone();
        after.place(p, Color::Black).expect("a legal move");
        let v = judge(searcher, &after, Color::White);
        if near {
            fifths.push(v);
        }
        if centre {
            nearest_even = nearest_even.min(v.abs());
        }
    }
    fifths.sort_by_key(|&v| std::cmp::Reverse(v));
    let tenth = fifths.get(9).or(fifths.last()).copied().unwrap_or(0);
    Action::Decide(if tenth > -nearest_even {
        Decision::TenOffers
    } else {
        Decision::FifthInCentre
    })
}

/// One whole opening by the AI in both seats.
struct Played {
    /// Black's judged value of each position offered for a colour choice.
    proposals: Vec<i32>,
    /// Colour choices that took the side the judge prefers, of all made.
    good_choices: usize,
    choices: usize,
    /// The seat that made the last Swap/Keep choice.
    last_chooser: Option<Seat>,
    /// Taraguchi-10: Black chose the ten offers.
    ten_offers: bool,
    /// Taraguchi-10: the judge prefers the option Black chose.
    good_option: bool,
    opening: Opening,
    game: Game,
}

fn play_opening(rule: OpeningRule, level: Level, seed: u64, judge_s: &mut Searcher) -> Played {
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(game_rule(rule));
    let mut opening = Opening::new(rule, 15).expect("15x15 fits every rule");
    let mut game = Game::new(game_rule(rule), 15).expect("valid size");
    let mut played = Played {
        proposals: Vec::new(),
        good_choices: 0,
        choices: 0,
        last_chooser: None,
        ten_offers: false,
        good_option: false,
        opening: opening.clone(),
        game: game.clone(),
    };
    let mut plans = 0;
    while let Some(phase) = opening.phase() {
        let actions = OpeningAi::new(
            &mut searcher,
            Budget::reproducible(level),
            seed * 1000 + plans,
            &cancel,
        )
        .plan(&opening, &game);
        plans += 1;
        if let Task::Decide { options } = &phase.task
            && options.contains(&Decision::TenOffers)
        {
            played.ten_offers = actions == [Action::Decide(Decision::TenOffers)];
            played.good_option = judged_option(judge_s, game.board()) == actions[0];
        }
        if let Task::Decide { options } = &phase.task
            && options.contains(&Decision::Swap)
        {
            let black = judge(judge_s, game.board(), game.to_move());
            played.proposals.push(black);
            let [Action::Decide(d)] = actions[..] else {
                panic!("a choice is one action");
            };
            let takes = match d {
                Decision::Swap => Some(phase.actor_color.opponent()),
                Decision::Keep => Some(phase.actor_color),
                _ => None,
            };
            if let Some(takes) = takes {
                played.choices += 1;
                let for_taken = if takes == Color::Black { black } else { -black };
                if for_taken >= 0 {
                    played.good_choices += 1;
                }
                played.last_chooser = Some(phase.actor);
            }
        }
        for a in actions {
            opening.apply(&mut game, a).expect("the AI acts legally");
        }
    }
    played.opening = opening;
    played.game = game;
    played
}

/// Plays the game on with the same fast search for both sides; the winner.
fn self_play(game: &Game, searcher: &mut Searcher) -> Option<Color> {
    let mut board = game.board().clone();
    let rule = game.rule();
    let limits = SearchLimits {
        time: None,
        depth: None,
        nodes: Some(PLAY_NODES),
    };
    for ply in board.stone_count()..MAX_PLIES {
        let color = Color::of_ply(ply);
        let info = searcher.search(&board, color, &limits, &AtomicBool::new(false), &mut |_| {});
        let p = info.best?;
        board.place(p, color).expect("the search plays legal moves");
        if rules::winning_line(&board, p, rule).is_some() {
            return Some(color);
        }
    }
    None
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(12);
    let level = args
        .get(1)
        .and_then(|n| {
            Level::ALL
                .into_iter()
                .find(|l| l.name().eq_ignore_ascii_case(n))
        })
        .unwrap_or(Level::Expert);
    println!(
        "{games} openings per rule at {}; judge depth {JUDGE_DEPTH}; self-play {PLAY_NODES} nodes/move",
        level.name()
    );
    println!(
        "rule          proposals  |v|<100  100-299  300-999  >=1000  mean|v|  mean v  good choices  chooser won/decided  black won  ten offers  judge agrees"
    );
    let only = args.get(2).and_then(|r| OpeningRule::from_name(r));
    for rule in OpeningRule::ALL[1..]
        .iter()
        .filter(|r| only.is_none_or(|o| o == **r))
    {
        let mut judge_s = Searcher::new(game_rule(*rule));
        let mut play_s = Searcher::new(game_rule(*rule));
        let mut values = Vec::new();
        let mut signed = Vec::new();
        let (mut good, mut choices) = (0, 0);
        let (mut chooser_won, mut decided, mut black_won) = (0, 0, 0);
        let (mut ten_offers, mut good_options) = (0, 0);
        for seed in 0..games {
            let p = play_opening(*rule, level, seed, &mut judge_s);
            if std::env::var_os("VERBOSE").is_some() {
                let moves: Vec<String> = p.game.moves().iter().map(|m| m.to_notation(15)).collect();
                println!(
                    "  {rule} seed {seed}: {:?} {}",
                    p.proposals,
                    moves.join(" ")
                );
            }
            signed.extend(p.proposals.iter().copied());
            values.extend(p.proposals.iter().map(|v| v.abs()));
            good += p.good_choices;
            choices += p.choices;
            ten_offers += usize::from(p.ten_offers);
            good_options += usize::from(p.good_option);
            if let Some(winner) = self_play(&p.game, &mut play_s) {
                decided += 1;
                black_won += usize::from(winner == Color::Black);
                if p.last_chooser == Some(p.opening.seat_of(winner)) {
                    chooser_won += 1;
                }
            }
        }
        let band = |lo: i32, hi: i32| values.iter().filter(|v| (lo..hi).contains(*v)).count();
        let mean_of = |v: &[i32]| v.iter().map(|&v| v as i64).sum::<i64>() / v.len().max(1) as i64;
        let (mean, black) = (mean_of(&values), mean_of(&signed));
        let taraguchi = if *rule == OpeningRule::Taraguchi10 {
            format!("{ten_offers}/{games}  {good_options}/{games}")
        } else {
            "-".to_string()
        };
        println!(
            "{:<13} {:>9} {:>8} {:>8} {:>8} {:>7} {:>8} {:>7} {:>8}/{:<4} {:>12}/{:<7} {:>9} {:>18}",
            rule.to_string(),
            values.len(),
            band(0, 100),
            band(100, 300),
            band(300, 1000),
            band(1000, i32::MAX),
            mean,
            black,
            good,
            choices,
            chooser_won,
            decided,
            black_won,
            taraguchi
        );
    }
}
