//! The opening AI: every rule, every phase, every level, never an illegal
//! action (node-limited, so reproducible and quick), and its judgements on
//! positions whose answer is clear.

use gomoku_engine::opening::ai::{Budget, OpeningAi};
use gomoku_engine::opening::{Action, Decision, Opening, OpeningRule, Task};
use gomoku_engine::search::{Level, Searcher};
use gomoku_engine::{Board, Color, Game, Point, Rule};
use std::sync::atomic::AtomicBool;

fn pt(s: &str) -> Point {
    Point::parse(s, 15).unwrap()
}

/// The level's reproducible budget with fewer nodes, so that the whole
/// matrix of rules and levels runs in seconds.
fn quick(level: Level) -> Budget {
    let full = Budget::reproducible(level);
    Budget {
        nodes: full.nodes / 10,
        ..full
    }
}

fn game_rule(rule: OpeningRule) -> Rule {
    match rule {
        OpeningRule::Soosorv8 | OpeningRule::Taraguchi10 => Rule::Renju,
        OpeningRule::Swap2 => Rule::Standard,
        _ => Rule::Freestyle,
    }
}

/// Plays the whole opening with the AI in both seats; returns the result
/// and the number of plans it took.
fn play_opening(rule: OpeningRule, budget: Budget, seed: u64) -> (Opening, Game, usize) {
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(game_rule(rule));
    let mut opening = Opening::new(rule, 15).unwrap();
    let mut game = Game::new(game_rule(rule), 15).unwrap();
    let mut plans = 0;
    while let Some(phase) = opening.phase() {
        let mut ai = OpeningAi::new(&mut searcher, budget, seed + plans as u64, &cancel);
        let actions = ai.plan(&opening, &game);
        assert!(!actions.is_empty(), "{rule}: no action for {phase:?}");
        for a in actions {
            opening.apply(&mut game, a).unwrap_or_else(|e| {
                panic!(
                    "{rule} {budget:?}: {a:?} refused in {phase:?}: {e}\n{}",
                    game.board()
                )
            });
        }
        plans += 1;
        assert!(plans < 40, "{rule}: the opening does not end");
    }
    (opening, game, plans)
}

#[test]
fn the_ai_completes_every_rule_at_every_level_legally() {
    for (r, rule) in OpeningRule::ALL.into_iter().enumerate() {
        for (l, level) in Level::ALL.into_iter().enumerate() {
            let seed = (r * 10 + l) as u64;
            let (opening, game, _) = play_opening(rule, quick(level), seed);
            assert!(opening.is_done());
            let stones = game.moves().len();
            let expected = match rule {
                OpeningRule::Free => 0..=0,
                OpeningRule::Swap => 3..=3,
                OpeningRule::Swap2 => 3..=5,
                OpeningRule::Soosorv8 | OpeningRule::Taraguchi10 => 5..=5,
            };
            assert!(expected.contains(&stones), "{rule} {level:?}: {stones}");
            assert!(!game.is_over());
        }
    }
}

#[test]
fn soosorv_offers_are_as_many_as_declared_and_distinct_up_to_symmetry() {
    for seed in 0..3 {
        let (opening, _, _) = play_opening(OpeningRule::Soosorv8, quick(Level::Expert), seed);
        let declared = opening
            .actions()
            .iter()
            .find_map(|a| match a {
                Action::Declare(n) => Some(*n),
                _ => None,
            })
            .expect("White declared N");
        assert!((1..=8).contains(&declared));
        let offers = opening
            .actions()
            .iter()
            .filter(|a| matches!(a, Action::Offer(_)))
            .count();
        assert_eq!(offers, declared as usize);
    }
}

#[test]
fn the_proposed_openings_vary_with_the_seed() {
    let openings: std::collections::HashSet<Vec<Point>> = (0..4)
        .map(|seed| {
            let (_, game, _) = play_opening(OpeningRule::Swap, quick(Level::Advanced), seed);
            game.moves().to_vec()
        })
        .collect();
    assert!(openings.len() >= 2, "{openings:?}");
}

fn board(black: &[&str], white: &[&str]) -> Board {
    let mut b = Board::new(15).unwrap();
    for s in black {
        b.place(pt(s), Color::Black).unwrap();
    }
    for s in white {
        b.place(pt(s), Color::White).unwrap();
    }
    b
}

fn decision(opening: &Opening, game: &Game, level: Level) -> Decision {
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(game.rule());
    let mut ai = OpeningAi::new(&mut searcher, Budget::reproducible(level), 7, &cancel);
    match ai.plan(opening, game).as_slice() {
        [Action::Decide(d)] => *d,
        other => panic!("{other:?}"),
    }
}

/// The opening after `actions` (points are stones, in `h8` notation).
fn after(rule: OpeningRule, game_rule: Rule, actions: &[Action]) -> (Opening, Game) {
    Opening::replay(rule, Game::new(game_rule, 15).unwrap(), actions).unwrap()
}

fn stones(moves: &str) -> Vec<Action> {
    gomoku_engine::board::parse_move_list(moves, 15)
        .unwrap()
        .into_iter()
        .map(Action::Place)
        .collect()
}

#[test]
fn a_clearly_won_side_is_taken_and_a_clearly_lost_one_never_kept_at_any_level() {
    // (rule, actions, the right choice): whoever decides holds the colour
    // the phase gives them; the right choice ends on the winning side.
    let cases: Vec<(OpeningRule, Rule, Vec<Action>, Decision)> = vec![
        // Black's two stones side by side in the centre, White's in the
        // corner: White takes Black.
        (
            OpeningRule::Swap,
            Rule::Freestyle,
            stones("h8a1i8"),
            Decision::Swap,
        ),
        // Black's stones in two corners, White's in the centre: White stays.
        (
            OpeningRule::Swap,
            Rule::Freestyle,
            stones("a1h8o15"),
            Decision::Keep,
        ),
        // Swap2 offers the same choice plus adding two stones.
        (
            OpeningRule::Swap2,
            Rule::Standard,
            stones("h8a1i8"),
            Decision::Swap,
        ),
        // Swap2 after two added stones: the first player, holding Black,
        // keeps Black's open three (White's stones in corners)...
        (
            OpeningRule::Swap2,
            Rule::Standard,
            [
                stones("h8a1i8"),
                vec![Action::Decide(Decision::AddTwo)],
                stones("o15j8"),
            ]
            .concat(),
            Decision::Keep,
        ),
        // ...and takes White when White's stones hold the centre.
        (
            OpeningRule::Swap2,
            Rule::Standard,
            [
                stones("a1h8o15"),
                vec![Action::Decide(Decision::AddTwo)],
                stones("i8a15"),
            ]
            .concat(),
            Decision::Swap,
        ),
        // Soosorv: White's 4th in the far corner, N = 2: Black keeps Black.
        (
            OpeningRule::Soosorv8,
            Rule::Renju,
            [
                stones("h8h9i9"),
                vec![
                    Action::Decide(Decision::Keep),
                    Action::Place(pt("a15")),
                    Action::Declare(2),
                ],
            ]
            .concat(),
            Decision::Keep,
        ),
    ];
    for (rule, game_rule, actions, right) in cases {
        let (o, g) = after(rule, game_rule, &actions);
        for level in Level::ALL {
            assert_eq!(
                decision(&o, &g, level),
                right,
                "{rule} {level:?} after {actions:?}"
            );
        }
    }
}

#[test]
fn a_balanced_swap_opening_is_nearer_even_than_a_lopsided_one() {
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(Rule::Freestyle);
    let mut ai = OpeningAi::new(
        &mut searcher,
        Budget::reproducible(Level::Expert),
        3,
        &cancel,
    );
    let empty = Board::new(15).unwrap();
    let stones = ai.balanced_stones(&empty, gomoku_engine::opening::Region::Anywhere, 3, 0);
    assert_eq!(stones.len(), 3);
    let mut chosen = empty.clone();
    for (i, &p) in stones.iter().enumerate() {
        chosen.place(p, Color::of_ply(i)).unwrap();
    }
    let balanced = ai.value_for_black(&chosen, Color::White).abs();
    let lopsided = ai
        .value_for_black(&board(&["h8", "i8"], &["a1"]), Color::White)
        .abs();
    assert!(balanced < lopsided, "{balanced} vs {lopsided}");
}

/// Black's value of `board` by a fresh, full-depth search (even, so that
/// neither side gets the last word), `to_move` to play. Full width, like
/// the AI's own judgements: the selective search, tuned for play, would
/// make the yardstick move with it.
fn judged_for_black(board: &Board, rule: Rule, to_move: Color) -> i32 {
    use gomoku_engine::search::{Score, SearchLimits, SearchParams};
    let mut judge = Searcher::new(rule);
    judge.set_params(SearchParams::default().full_width());
    let info = judge.search(
        board,
        to_move,
        &SearchLimits::depth(4),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let v = match info.score {
        Score::Eval(v) => v,
        Score::WinIn(_) => 30_000,
        Score::LossIn(_) => -30_000,
    };
    if to_move == Color::Black { v } else { -v }
}

#[test]
fn swap_proposals_leave_neither_side_clearly_ahead() {
    // Within 150 the better side's chance is under 65% on the analysis's
    // win-chance curve. Before the AI sifted many sets of stones, 11 of 12
    // of its Expert Swap proposals gave Black 100 or more (a depth-6 judge,
    // examples/opening_balance.rs).
    for (rule, game_rule) in [
        (OpeningRule::Swap, Rule::Freestyle),
        (OpeningRule::Swap2, Rule::Standard),
    ] {
        for seed in 0..4 {
            let cancel = AtomicBool::new(false);
            let mut searcher = Searcher::new(game_rule);
            let budget = Budget::reproducible(Level::Expert);
            let (mut o, mut g) = after(rule, game_rule, &[]);
            let plan = OpeningAi::new(&mut searcher, budget, seed, &cancel).plan(&o, &g);
            assert_eq!(plan.len(), 3, "{plan:?}");
            for a in plan {
                o.apply(&mut g, a).unwrap();
            }
            let v = judged_for_black(g.board(), game_rule, Color::White);
            assert!(
                v.abs() < 150,
                "{rule} seed {seed}: {v} for Black after {:?}",
                g.moves()
            );
        }
    }
}

/// Soosorv after D4 Kagetsu h8 h9 i9, no swaps, White's 4th in the far
/// corner and N = 2, then `more` actions.
fn kagetsu_with_far_fourth(more: &[Action]) -> (Opening, Game) {
    let mut actions = vec![
        Action::Place(pt("h8")),
        Action::Place(pt("h9")),
        Action::Place(pt("i9")),
        Action::Decide(Decision::Keep),
        Action::Place(pt("a15")),
        Action::Declare(2),
        Action::Decide(Decision::Keep),
    ];
    actions.extend_from_slice(more);
    Opening::replay(
        OpeningRule::Soosorv8,
        Game::new(Rule::Renju, 15).unwrap(),
        &actions,
    )
    .unwrap()
}

#[test]
fn white_picks_the_offer_worst_for_black() {
    // One offer builds Black's open three, the other is in the corner.
    let (o, g) = kagetsu_with_far_fourth(&[Action::Offer(pt("j10")), Action::Offer(pt("o1"))]);
    assert!(matches!(o.phase().unwrap().task, Task::Pick { .. }));
    let cancel = AtomicBool::new(false);
    for level in [Level::Novice, Level::Advanced, Level::Grandmaster] {
        let mut searcher = Searcher::new(Rule::Renju);
        let mut ai = OpeningAi::new(&mut searcher, quick(level), 5, &cancel);
        assert_eq!(ai.plan(&o, &g), vec![Action::Pick(pt("o1"))], "{level:?}");
    }
}

#[test]
fn black_offers_its_strongest_fifth_moves() {
    // Black to offer 2: the corner is never among them.
    let (o, g) = kagetsu_with_far_fourth(&[]);
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(Rule::Renju);
    let mut ai = OpeningAi::new(&mut searcher, quick(Level::Expert), 5, &cancel);
    let plan = ai.plan(&o, &g);
    assert_eq!(plan.len(), 2);
    for a in plan {
        let Action::Offer(p) = a else { panic!("{a:?}") };
        let near = p.x.abs_diff(7) <= 3 && p.y.abs_diff(7) <= 3;
        assert!(near, "{p:?} is far from Black's stones");
    }
}

#[test]
fn taraguchis_option_is_the_one_whose_worst_case_is_better_for_black() {
    // After four stones (no swaps) Black chooses. Ten offers leave Black
    // its 10th best fifth move; the 5th in the 9×9 leaves minus the
    // distance from even of the most balanced one (a swap follows it).
    // The answers agree with a depth-6 judge of every fifth move
    // (examples/opening_balance.rs's judge), at every level: each case's
    // margin is wide (a close one is left out, as shallow levels misjudge
    // it).
    let cases = [
        // The values are the judge's with stop 37's Renju tables (an
        // evaluation change can move a close case: stop 32's tables gave
        // the third +274, the self-play fit before them -540).
        // Black's diagonal pair open at both ends, White's 4th wasted in
        // the 7×7's corner: Black's 10th best fifth move keeps +1324.
        ("h8i7i9e11", Decision::TenOffers),
        // The same pair closed at g7, the 4th still wasted: +1059. (Before
        // the fifth moves were sifted by a glance instead of by shape, the
        // AI missed most of the good ones and played the 5th in the 9×9 at
        // most levels.)
        ("h8g7i9e11", Decision::TenOffers),
        // White's diagonal pair g9 f10, Black's 3rd off at j6: the 10th
        // best fifth move leaves White 249 ahead, the 9×9 has a 5th within
        // 51 of even.
        ("h8g9j6f10", Decision::FifthInCentre),
        // White's pair g9 g10 upright instead: the 10th best fifth leaves
        // White 409 ahead, the same 5th in the 9×9 within 51 of even (Rapfi
        // at 1 s gives even Black's best fifth -82).
        ("h8g9j6g10", Decision::FifthInCentre),
    ];
    for (moves, right) in cases {
        let mut actions = Vec::new();
        for (i, stone) in stones(moves).into_iter().enumerate() {
            actions.push(stone);
            if i < 3 {
                actions.push(Action::Decide(Decision::Keep));
            }
        }
        let (o, g) = after(OpeningRule::Taraguchi10, Rule::Renju, &actions);
        for level in Level::ALL {
            for seed in 0..2 {
                let cancel = AtomicBool::new(false);
                let mut searcher = Searcher::new(Rule::Renju);
                let budget = Budget::reproducible(level);
                let plan = OpeningAi::new(&mut searcher, budget, seed, &cancel).plan(&o, &g);
                assert_eq!(plan, [Action::Decide(right)], "{moves} {level:?} {seed}");
            }
        }
    }
}
