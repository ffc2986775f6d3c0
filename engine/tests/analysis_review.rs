//! Game review on games with known errors.

mod analysis_support;

use analysis_support::at;
use gomoku_engine::analysis::puzzles::{
    self, Failure, Outcome, PuzzleKind, PuzzleSession, PuzzleSource,
};
use gomoku_engine::analysis::review::{self, MoveClass, ReviewSettings};
use gomoku_engine::record::Game;
use gomoku_engine::rules::{self, Rule};
use gomoku_engine::search::SearchLimits;
use gomoku_engine::{Board, Color, Point};
use std::sync::atomic::AtomicBool;

fn game(rule: Rule, moves: &[&str]) -> Game {
    let moves: Vec<Point> = moves.iter().map(|m| at(m)).collect();
    Game::from_moves(rule, 15, &moves).expect("a legal game")
}

fn settings() -> ReviewSettings {
    ReviewSettings {
        limits: SearchLimits::depth(4),
        ..ReviewSettings::default()
    }
}

/// Black's closed three h8-j8 (g8 White) and closed three l9-l11 (l12
/// White) meet at l8, a double four. White ignores it with a1 (the blunder,
/// ply 11); Black misses the win with o1 (ply 12) and White blocks l8, after
/// which Black has nothing left.
const BLUNDER_AND_MISSED_VCF: &[&str] = &[
    "h8", "g8", "i8", "i7", "j8", "j9", "l10", "k9", "l11", "l12", "l9", "a1", "o1", "l8",
];

#[test]
fn a_blunder_and_a_missed_vcf_are_marked() {
    let g = game(Rule::Freestyle, BLUNDER_AND_MISSED_VCF);
    let cancel = AtomicBool::new(false);
    let mut progress = Vec::new();
    let r = review::review(&g, &settings(), &cancel, &mut |done, total| {
        progress.push((done, total))
    })
    .expect("not cancelled");
    let n = BLUNDER_AND_MISSED_VCF.len();
    assert_eq!(r.moves.len(), n);
    assert_eq!(r.graph().len(), n);
    assert_eq!(progress, (1..=n).map(|d| (d, n)).collect::<Vec<_>>());
    assert_eq!(r.moves[11].class, MoveClass::Blunder);
    assert!(r.player(Color::White).blunders.contains(&11));
    let missed = r.moves[12]
        .missed_win
        .as_ref()
        .expect("missed win at ply 12");
    assert!(missed.by_fours);
    assert_eq!(missed.line[0], at("l8"));
    assert_eq!(r.player(Color::Black).missed_wins, vec![12]);
}

/// Replays a VCF line on `board`: the attacker's moves are legal and each
/// but the last leaves exactly one five point, which the defender takes;
/// the line ends with a five or an unstoppable four.
fn assert_wins_by_fours(board: &Board, rule: Rule, attacker: Color, line: &[Point]) {
    let mut b = board.clone();
    for (i, pair) in line.chunks(2).enumerate() {
        assert!(
            rules::check_move(&b, rule, attacker, pair[0]).is_ok(),
            "move {i}"
        );
        if rules::makes_five(&b, pair[0], attacker, rule) {
            return;
        }
        b.place(pair[0], attacker).unwrap();
        let fives: Vec<Point> = b
            .empty_points()
            .filter(|&q| rules::makes_five(&b, q, attacker, rule))
            .collect();
        if fives.len() >= 2 {
            return;
        }
        assert_eq!(fives.len(), 1, "the attacker's move {i} is no four");
        let Some(&reply) = pair.get(1) else { break };
        assert_eq!(reply, fives[0]);
        b.place(reply, attacker.opponent()).unwrap();
    }
    panic!("the line does not end in a win");
}

#[test]
fn the_missed_line_is_a_real_win_and_the_decisive_move_is_found() {
    // The same game, but Black takes the double four and makes five.
    let mut moves = BLUNDER_AND_MISSED_VCF[..12].to_vec();
    moves.extend(["l8", "k8", "l7"]);
    let g = game(Rule::Freestyle, &moves);
    assert_eq!(g.result().and_then(|r| r.winner()), Some(Color::Black));
    let cancel = AtomicBool::new(false);
    let r = review::review(&g, &settings(), &cancel, &mut |_, _| {}).unwrap();
    assert_eq!(r.graph().len(), moves.len());
    assert_eq!(r.winner, Some(Color::Black));
    // White's a1 decided it; Black played the win, so nothing was missed.
    assert_eq!(r.decided_at, Some(11));
    assert_eq!(
        r.decided_message().english(),
        "The game was decided at move 12"
    );
    assert!(r.player(Color::Black).missed_wins.is_empty());
    assert_eq!(*r.graph().last().unwrap(), 1.0);

    // In the original game the missed line wins from the position before.
    let g = game(Rule::Freestyle, BLUNDER_AND_MISSED_VCF);
    let r = review::review(&g, &settings(), &cancel, &mut |_, _| {}).unwrap();
    let mut before = Board::new(15).unwrap();
    for (ply, m) in BLUNDER_AND_MISSED_VCF[..12].iter().enumerate() {
        before.place(at(m), Color::of_ply(ply)).unwrap();
    }
    let line = &r.moves[12].missed_win.as_ref().unwrap().line;
    assert_wins_by_fours(&before, Rule::Freestyle, Color::Black, line);
    let summary: Vec<String> = r
        .player(Color::Black)
        .messages()
        .iter()
        .map(|m| m.english())
        .collect();
    assert!(
        summary.contains(&"missed win at move 13".to_string()),
        "{summary:?}"
    );
}

#[test]
fn a_cancelled_review_returns_nothing() {
    let g = game(Rule::Renju, BLUNDER_AND_MISSED_VCF);
    let cancel = AtomicBool::new(true);
    let mut calls = 0;
    assert!(review::review(&g, &settings(), &cancel, &mut |_, _| calls += 1).is_none());
    assert_eq!(calls, 0);
}

#[test]
fn a_background_review_reports_progress_and_finishes() {
    let g = game(Rule::Renju, BLUNDER_AND_MISSED_VCF);
    let job = review::ReviewJob::start(g, settings());
    let result = loop {
        if let Some(r) = job.try_result() {
            break r;
        }
        let (done, total) = job.progress();
        assert!(done <= total && total == BLUNDER_AND_MISSED_VCF.len());
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    let r = result.expect("not cancelled");
    assert_eq!(r.moves.len(), BLUNDER_AND_MISSED_VCF.len());
    assert_eq!(job.progress().0, BLUNDER_AND_MISSED_VCF.len());
    // Cancelled at once, a long review ends without a result.
    let long = ReviewSettings {
        limits: SearchLimits::time(60_000),
        ..ReviewSettings::default()
    };
    let job = review::ReviewJob::start(game(Rule::Freestyle, BLUNDER_AND_MISSED_VCF), long);
    job.cancel();
    let started = std::time::Instant::now();
    let result = loop {
        if let Some(r) = job.try_result() {
            break r;
        }
        assert!(started.elapsed().as_secs() < 30, "the cancel was not seen");
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    assert!(result.is_none());
}

#[test]
fn a_missed_win_becomes_a_puzzle_the_checker_judges() {
    let g = game(Rule::Freestyle, BLUNDER_AND_MISSED_VCF);
    let cancel = AtomicBool::new(false);
    let r = review::review(&g, &settings(), &cancel, &mut |_, _| {}).unwrap();
    let found = puzzles::from_review(&g, &r);
    assert_eq!(found.len(), 1);
    let p = &found[0];
    assert_eq!(p.source, PuzzleSource::MissedWin { move_number: 13 });
    assert_eq!((p.kind, p.attacker), (PuzzleKind::Vcf, Color::Black));
    assert_eq!(p.board.stone_count(), 12);
    assert_eq!(p.moves, g.moves()[..12]);
    // k8 is a four, but after the block at l8 no win is left.
    let mut s = PuzzleSession::new(p.clone(), SearchLimits::depth(4));
    assert_eq!(
        s.play(at("k8")),
        Ok(Outcome::Failed(Failure::WinLost, Some(at("l8"))))
    );
    // The double four at l8 wins whichever five point the AI blocks.
    let mut s = PuzzleSession::new(p.clone(), SearchLimits::depth(4));
    let Ok(Outcome::Defended(block)) = s.play(at("l8")) else {
        panic!("the AI defends");
    };
    let other = if block == at("k8") {
        at("l7")
    } else {
        at("k8")
    };
    assert_eq!(s.play(other), Ok(Outcome::Solved));
}

#[test]
fn a_forbidden_move_that_loses_the_game_is_a_blunder() {
    use gomoku_engine::ForbiddenPolicy;
    let mut g = Game::new(Rule::Renju, 15)
        .unwrap()
        .with_policy(ForbiddenPolicy::Lose);
    // Black's g8 h8 and i9 i10 make i8 a double three, which Black plays.
    for m in ["g8", "c11", "h8", "m4", "i10", "o2", "i9", "a15", "i8"] {
        g.play(at(m)).unwrap();
    }
    assert_eq!(g.result().and_then(|r| r.winner()), Some(Color::White));
    let cancel = AtomicBool::new(false);
    let r = review::review(&g, &settings(), &cancel, &mut |_, _| {}).unwrap();
    assert_eq!(r.moves.len(), 9);
    assert_eq!(r.winner, Some(Color::White));
    let last = r.moves.last().unwrap();
    assert_eq!(last.class, MoveClass::Blunder);
    assert_eq!(last.after.forced.map(|(c, _)| c), Some(Color::White));
    assert_eq!(r.decided_at, Some(8));
    assert!(r.player(Color::Black).blunders.contains(&8));
}
