//! Multi-PV and the background analyser.

mod analysis_support;

use analysis_support::{at, stones};
use gomoku_engine::analysis::{Analyser, AnalysisRequest, multi_pv, rank};
use gomoku_engine::rules::{self, Rule};
use gomoku_engine::search::{Score, SearchLimits, Searcher};
use gomoku_engine::{Board, Color, Point};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Black g8 h8 and i9 i10: i8 is a double three (forbidden in Renju).
fn double_three() -> Board {
    stones(&["g8", "h8", "i9", "i10"], &["c11", "m4", "o2", "a15"])
}

#[test]
fn multi_pv_gives_distinct_legal_moves_best_first() {
    let cancel = AtomicBool::new(false);
    for rule in Rule::ALL {
        let b = double_three();
        let mut s = Searcher::new(rule);
        let found = multi_pv(
            &mut s,
            &b,
            Color::Black,
            &SearchLimits::depth(3),
            5,
            &cancel,
        );
        assert!(found.complete);
        let points: Vec<Point> = found.candidates.iter().map(|c| c.point).collect();
        assert_eq!(points.len(), 5, "{rule:?}");
        for (i, c) in found.candidates.iter().enumerate() {
            assert!(!points[..i].contains(&c.point), "{rule:?}: repeated move");
            assert!(rules::check_move(&b, rule, Color::Black, c.point).is_ok());
            assert_eq!(c.pv.first(), Some(&c.point));
        }
        assert!(
            found
                .candidates
                .windows(2)
                .all(|w| rank(w[0].score) >= rank(w[1].score)),
            "{rule:?}: not ordered"
        );
        if rule == Rule::Renju {
            assert!(!points.contains(&at("i8")));
        } else {
            // The double three wins where it is allowed.
            assert_eq!(points[0], at("i8"), "{rule:?}");
            assert!(matches!(found.candidates[0].score, Score::WinIn(_)));
        }
    }
}

#[test]
fn multi_pv_stops_at_the_legal_moves_and_on_cancel() {
    let cancel = AtomicBool::new(false);
    let mut b = Board::new(5).unwrap();
    for p in b.clone().points() {
        if p != Point::new(0, 0) && p != Point::new(4, 4) {
            let c = if (p.x + p.y) % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            b.place(p, c).unwrap();
        }
    }
    let mut s = Searcher::new(Rule::Freestyle);
    let found = multi_pv(
        &mut s,
        &b,
        Color::White,
        &SearchLimits::depth(2),
        5,
        &cancel,
    );
    assert_eq!(found.candidates.len(), 2);
    // Stopped from the start: the first search's best move so far only.
    let cancel = AtomicBool::new(true);
    let b = double_three();
    let stopped = multi_pv(
        &mut s,
        &b,
        Color::Black,
        &SearchLimits::depth(2),
        3,
        &cancel,
    );
    assert!(!stopped.complete);
    assert_eq!(stopped.candidates.len(), 1);
    assert!(b.is_empty_at(stopped.candidates[0].point));
}

fn request(board: Board, rule: Rule, to_move: Color, max_depth: Option<u32>) -> AnalysisRequest {
    AnalysisRequest {
        board,
        rule,
        to_move,
        multi_pv: 3,
        max_depth,
    }
}

#[test]
fn the_analysis_deepens_and_finishes() {
    let mut a = Analyser::new();
    let id = a.analyse(request(double_three(), Rule::Renju, Color::Black, Some(3)));
    let mut depths = Vec::new();
    loop {
        let u = a.wait(Duration::from_secs(60)).expect("an update");
        assert_eq!(u.request, id);
        assert_eq!(u.result.candidates.len(), 3);
        assert!(u.result.candidates.iter().all(|c| c.point != at("i8")));
        depths.push(u.result.depth);
        if u.finished {
            break;
        }
    }
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
    assert!(!a.is_running());
}

#[test]
fn a_found_win_is_announced_and_ends_the_analysis() {
    let mut a = Analyser::new();
    let b = double_three();
    a.analyse(request(b, Rule::Freestyle, Color::Black, None));
    let u = loop {
        let u = a.wait(Duration::from_secs(60)).expect("an update");
        if u.finished {
            break u;
        }
    };
    assert_eq!(u.evaluation.forced.map(|(c, _)| c), Some(Color::Black));
    assert!(u.evaluation.label().english().starts_with("Black wins in"));
}

#[test]
fn a_new_position_supersedes_and_stop_stops() {
    let mut a = Analyser::new();
    let first = stones(&["h8", "i9", "j8"], &["h9", "g7"]);
    let old = a.analyse(request(first, Rule::Standard, Color::White, None));
    let second = stones(&["h8"], &[]);
    let new = a.analyse(request(second.clone(), Rule::Standard, Color::White, None));
    assert_ne!(old, new);
    for _ in 0..3 {
        let u = a.wait(Duration::from_secs(60)).expect("an update");
        assert_eq!(u.request, new);
        for c in &u.result.candidates {
            assert!(second.is_empty_at(c.point));
        }
    }
    assert!(a.is_running());
    a.stop();
    assert!(!a.is_running());
    // An update may have been on its way; after that, silence.
    std::thread::sleep(Duration::from_millis(200));
    let _ = a.poll();
    assert!(a.wait(Duration::from_millis(500)).is_none());
}

#[test]
fn a_finished_game_is_analysed_without_harm() {
    // Black already has five on row 8; White to move.
    let b = stones(&["d8", "e8", "f8", "g8", "h8"], &["d9", "e9", "f9", "g9"]);
    let mut a = Analyser::new();
    for rule in Rule::ALL {
        a.analyse(request(b.clone(), rule, Color::White, Some(2)));
        let u = loop {
            let u = a.wait(Duration::from_secs(60)).expect("an update");
            if u.finished {
                break u;
            }
        };
        assert!(u.result.candidates.iter().all(|c| b.is_empty_at(c.point)));
    }
}
