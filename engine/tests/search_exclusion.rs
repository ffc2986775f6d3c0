//! The root-move exclusion hook (`Searcher::search_excluding`) that the
//! analysis builds its multi-PV on: excluded moves are never chosen, forced
//! answers are skipped when excluded, and the search then scores the rest.

use gomoku_engine::rules::{self, Rule};
use gomoku_engine::search::{Score, SearchLimits, Searcher};
use gomoku_engine::{Board, Color, Point};
use std::sync::atomic::AtomicBool;

fn at(text: &str) -> Point {
    Point::parse(text, 15).unwrap()
}

fn board(moves: &[&str]) -> Board {
    let mut b = Board::new(15).unwrap();
    for (n, m) in moves.iter().enumerate() {
        b.place(at(m), Color::of_ply(n)).unwrap();
    }
    b
}

fn search_excluding(
    b: &Board,
    rule: Rule,
    to_move: Color,
    excluded: &[Point],
) -> (Option<Point>, Score) {
    let cancel = AtomicBool::new(false);
    let info = Searcher::new(rule).search_excluding(
        b,
        to_move,
        &SearchLimits::depth(4),
        excluded,
        &cancel,
        &mut |i| assert!(i.best.is_none_or(|p| !excluded.contains(&p))),
    );
    (info.best, info.score)
}

/// Black h8 i8 j8 k8, the g8 end blocked by White: l8 is the only five.
const FOUR: &[&str] = &["h8", "h9", "i8", "i9", "j8", "j10", "k8", "g8"];

#[test]
fn an_excluded_win_in_one_is_not_played() {
    let b = board(FOUR);
    let (best, score) = search_excluding(&b, Rule::Freestyle, Color::Black, &[]);
    assert_eq!((best, score), (Some(at("l8")), Score::WinIn(1)));
    let (best, score) = search_excluding(&b, Rule::Freestyle, Color::Black, &[at("l8")]);
    let best = best.expect("another move");
    assert_ne!(best, at("l8"));
    assert!(score < Score::WinIn(1), "{score:?}");
}

#[test]
fn excluding_the_only_block_of_a_four_scores_a_loss() {
    // White to move must block l8; every other move loses.
    let b = board(FOUR);
    let (best, _) = search_excluding(&b, Rule::Freestyle, Color::White, &[]);
    assert_eq!(best, Some(at("l8")));
    let (best, score) = search_excluding(&b, Rule::Freestyle, Color::White, &[at("l8")]);
    assert!(best.is_some_and(|p| p != at("l8")));
    assert!(matches!(score, Score::LossIn(_)), "{score:?}");
}

#[test]
fn repeated_exclusion_gives_distinct_legal_moves_until_none_is_left() {
    let b = board(&["h8", "i9", "g7"]);
    for rule in Rule::ALL {
        let mut excluded = Vec::new();
        for _ in 0..4 {
            let (best, _) = search_excluding(&b, rule, Color::White, &excluded);
            let best = best.expect("a move");
            assert!(!excluded.contains(&best));
            assert!(rules::check_move(&b, rule, Color::White, best).is_ok());
            excluded.push(best);
        }
    }
    // A 5x5 board with every empty point excluded has no move.
    let mut small = Board::new(5).unwrap();
    small.place(Point::new(2, 2), Color::Black).unwrap();
    let all: Vec<Point> = small
        .points()
        .filter(|&p| small.get(p) == gomoku_engine::Cell::Empty)
        .collect();
    let (best, _) = search_excluding(&small, Rule::Freestyle, Color::White, &all);
    assert_eq!(best, None);
    // An empty board with the centre excluded still opens near the centre.
    let empty = Board::new(15).unwrap();
    let (best, _) = search_excluding(&empty, Rule::Freestyle, Color::Black, &[at("h8")]);
    let p = best.expect("a move");
    assert!(p.x.abs_diff(7) <= 1 && p.y.abs_diff(7) <= 1, "{p:?}");
}

/// The analysis' second line on an empty board: with the centre excluded
/// the search still ranks the cells next to it, depth after depth, instead
/// of stopping at depth 1 on a single fallback move.
#[test]
fn an_empty_board_without_its_centre_is_searched_deeper_than_one() {
    let empty = Board::new(15).unwrap();
    for rule in Rule::ALL {
        let cancel = AtomicBool::new(false);
        let mut deepest = 0;
        let info = Searcher::new(rule).search_excluding(
            &empty,
            Color::Black,
            &SearchLimits::depth(3),
            &[at("h8")],
            &cancel,
            &mut |i| deepest = deepest.max(i.depth),
        );
        assert!(
            info.depth >= 2 && deepest >= 2,
            "{rule:?}: depth {}",
            info.depth
        );
        let p = info.best.expect("a move");
        assert_ne!(p, at("h8"));
        assert!(
            p.x.abs_diff(7) <= 1 && p.y.abs_diff(7) <= 1,
            "{rule:?}: {p:?}"
        );
    }
}
