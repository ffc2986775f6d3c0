//! Puzzles: the built-in set (renju-note/quintet, MIT licence, Copyright
//! (c) 2020 Renju Note; full text in data/quintet-LICENSE.txt) and the
//! checker that plays the AI's defence.

use gomoku_engine::analysis::puzzles::{
    Failure, Outcome, PuzzleKind, PuzzleSession, PuzzleSource, PuzzleStats, built_in,
};
use gomoku_engine::record::Game;
use gomoku_engine::rules::{self, Rule};
use gomoku_engine::search::{SearchLimits, Searcher, vcf};
use gomoku_engine::{Cell, Point};
use std::sync::atomic::AtomicBool;

fn defence() -> SearchLimits {
    SearchLimits::depth(4)
}

#[test]
fn the_built_in_set_is_renju_with_attributed_short_wins() {
    let all = built_in();
    assert!(all.len() >= 10, "{}", all.len());
    for p in &all {
        assert_eq!(p.rule, Rule::Renju);
        assert!(p.solution_moves() <= 10, "{}", p.id);
        assert!(matches!(&p.source, PuzzleSource::BuiltIn(s) if s.contains("MIT")));
        assert_eq!(p.board.get(p.solution[0]), Cell::Empty, "{}", p.id);
        // The moves that led to the puzzle replay as a game to its board.
        let game = Game::from_moves(p.rule, 15, &p.moves).expect(&p.id);
        assert_eq!(*game.board(), p.board, "{}", p.id);
        assert_eq!(game.to_move(), p.attacker, "{}", p.id);
        if p.kind == PuzzleKind::Vcf {
            assert!(
                vcf::find(&p.board, p.rule, p.attacker, 40, 100_000).is_some(),
                "{}",
                p.id
            );
        }
    }
    assert!(all.iter().any(|p| p.kind == PuzzleKind::Vct));
    assert!(
        all.windows(2)
            .all(|w| w[0].solution_moves() <= w[1].solution_moves())
    );
}

#[test]
fn every_built_in_vcf_is_solved_by_its_line_against_the_ai() {
    let mut stats = PuzzleStats::default();
    for p in built_in().into_iter().filter(|p| p.kind == PuzzleKind::Vcf) {
        let line = p.solution.clone();
        let id = p.id.clone();
        let attacker = p.attacker;
        let mut s = PuzzleSession::new(p, defence());
        let mut outcome = None;
        for (i, pair) in line.chunks(2).enumerate() {
            let o = s.play(pair[0]).expect("legal");
            match o {
                // The block of a four is forced: the AI finds it.
                Outcome::Defended(reply) if pair.len() == 2 => {
                    assert_eq!(reply, pair[1], "{id} move {i}")
                }
                // The line ends with an unstoppable four: the other five
                // point is left after the AI's block.
                Outcome::Defended(_) => {
                    let five = s
                        .board()
                        .empty_points()
                        .find(|&q| rules::makes_five(s.board(), q, attacker, Rule::Renju))
                        .expect("a five point left");
                    outcome = Some(s.play(five).expect("legal"));
                }
                Outcome::Solved => {
                    outcome = Some(o);
                    break;
                }
                Outcome::Failed(..) => panic!("{id}: {o:?} at move {i}"),
            }
        }
        let o = outcome.unwrap_or_else(|| panic!("{id}: the line ended unsolved"));
        assert_eq!(o, Outcome::Solved, "{id}");
        stats.record(o);
        assert_eq!(s.outcome(), Some(Outcome::Solved));
    }
    assert!(stats.solved >= 3 && stats.failed == 0, "{stats:?}");
}

#[test]
fn a_quiet_move_or_a_wrong_four_fails_and_an_illegal_one_is_refused() {
    let p = built_in()
        .into_iter()
        .find(|p| p.kind == PuzzleKind::Vcf)
        .expect("a VCF puzzle");
    let occupied = p
        .board
        .points()
        .find(|&q| p.board.get(q) != Cell::Empty)
        .unwrap();
    let mut s = PuzzleSession::new(p.clone(), defence());
    assert!(s.play(occupied).is_err());
    assert_eq!(s.outcome(), None);
    let far = [
        Point::new(0, 0),
        Point::new(14, 14),
        Point::new(0, 14),
        Point::new(14, 0),
    ]
    .into_iter()
    .find(|&q| p.board.get(q) == Cell::Empty)
    .unwrap();
    assert_eq!(s.play(far), Ok(Outcome::Failed(Failure::NotAThreat, None)));
    // Over: more moves change nothing.
    assert_eq!(
        s.play(p.solution[0]),
        Ok(Outcome::Failed(Failure::NotAThreat, None))
    );
    let mut stats = PuzzleStats::default();
    stats.record(s.outcome().unwrap());
    assert_eq!(
        stats,
        PuzzleStats {
            solved: 0,
            failed: 1
        }
    );
}

#[test]
fn a_vct_puzzle_is_solved_by_a_player_who_keeps_finding_the_win() {
    // The player is played by the engine itself, searching for the win.
    let p = built_in()
        .into_iter()
        .find(|p| p.kind == PuzzleKind::Vct && p.solution_moves() <= 4)
        .expect("a short VCT puzzle");
    let (rule, attacker) = (p.rule, p.attacker);
    let mut s = PuzzleSession::new(p, defence());
    let mut player = Searcher::new(rule);
    let cancel = AtomicBool::new(false);
    for _ in 0..12 {
        let info = player.search(
            s.board(),
            attacker,
            &SearchLimits::depth(8),
            &cancel,
            &mut |_| {},
        );
        match s.play(info.best.expect("a move")).expect("legal") {
            Outcome::Defended(_) => continue,
            Outcome::Solved => return,
            o => panic!("{o:?}"),
        }
    }
    panic!("not solved in 12 moves");
}
