//! Opening sets for matches and tuning: the 26 Renju openings, random
//! balanced ones, or a file of move lists. Shared by the match harness and
//! the tuner (`#[path]`-included there).

use chacha20::ChaCha8Rng;
use gomoku_engine::board::parse_move_list;
use gomoku_engine::rules::Rule;
use gomoku_engine::search::{Score, SearchLimits, Searcher};
use gomoku_engine::{Board, Color, Point};
use rand::{RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;

pub const RENJU26: &str = include_str!("../../tests/data/renju26-openings.txt");

/// Openings from text: one move list per line, optionally after a name;
/// `#` starts a comment line.
pub fn parse_openings(text: &str) -> Result<Vec<Vec<Point>>, String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let moves = l.split_whitespace().last().unwrap_or("");
            let points = parse_move_list(moves, 15).map_err(|e| format!("opening '{l}': {e}"))?;
            let distinct = points
                .iter()
                .enumerate()
                .all(|(i, p)| !points[..i].contains(p));
            if distinct {
                Ok(points)
            } else {
                Err(format!("opening '{l}' repeats a point"))
            }
        })
        .collect()
}

const BALANCED: i32 = 350;

/// Random 2-3 stone openings near the centre that a shallow search calls
/// roughly even.
pub fn random_openings(count: usize, rule: Rule, seed: u64) -> Vec<Vec<Point>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    let cancel = AtomicBool::new(false);
    while out.len() < count {
        let stones = 2 + rng.random_range(0..2usize);
        let mut moves: Vec<Point> = Vec::new();
        while moves.len() < stones {
            let p = Point::new(5 + rng.random_range(0..5u8), 5 + rng.random_range(0..5u8));
            if !moves.contains(&p) {
                moves.push(p);
            }
        }
        let board = board_of(&moves);
        let to_move = Color::of_ply(moves.len());
        let info = Searcher::new(rule).search(
            &board,
            to_move,
            &SearchLimits::depth(4),
            &cancel,
            &mut |_| {},
        );
        // The side to move has the tempo (worth about 220): "balanced"
        // means no more than a tempo and a bit either way.
        if matches!(info.score, Score::Eval(s) if s.abs() < BALANCED) {
            out.push(moves);
        }
    }
    out
}

pub fn board_of(moves: &[Point]) -> Board {
    let mut b = Board::new(15).expect("15 is a valid size");
    for (n, p) in moves.iter().enumerate() {
        b.place(*p, Color::of_ply(n))
            .expect("opening stones are distinct");
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_read_names_comments_and_reject_bad_lines() {
        let o = parse_openings("# comment\nD1 h8h9h10\n\ni8j9\n").unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(
            o[0],
            vec![Point::new(7, 7), Point::new(7, 6), Point::new(7, 5)]
        );
        assert!(parse_openings("h8h8").is_err());
        assert!(parse_openings("h8z99").is_err());
        assert_eq!(parse_openings(RENJU26).unwrap().len(), 26);
    }

    #[test]
    fn random_openings_are_distinct_stones_near_the_centre() {
        let o = random_openings(6, Rule::Freestyle, 3);
        assert_eq!(o.len(), 6);
        assert_eq!(o, random_openings(6, Rule::Freestyle, 3), "seeded");
        for moves in &o {
            assert!((2..=3).contains(&moves.len()));
            let b = board_of(moves);
            assert_eq!(b.stone_count(), moves.len());
            assert!(
                moves
                    .iter()
                    .all(|p| (5..10).contains(&p.x) && (5..10).contains(&p.y))
            );
        }
    }
}
