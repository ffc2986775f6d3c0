//! The fast forbidden-move check against a slow, direct reading of the RIF
//! definitions, written here independently (no line tables, no shared code
//! beyond the board), on many random positions.
//!
//! RIF 1996/1998: a FOUR is a row of four stones to which one stone can be
//! added to make five; a STRAIGHT FOUR can become five in two ways; a THREE
//! is a row of three to which, without making a five at the same time, one
//! stone can be added to get a straight four; Black may not make a
//! double-three, a double-four or an overline; a five wins regardless.

use gomoku_engine::rng::Rng;
use gomoku_engine::rules::{ForbiddenKind, forbidden};
use gomoku_engine::{Board, Cell, Color, Direction, Point};
use std::collections::BTreeSet;

fn step(p: Point, dir: Direction, k: i32, size: usize) -> Option<Point> {
    p.offset(dir, k, size)
}

/// The empty points within four cells of `p` along `dir`.
fn empty_near(b: &Board, p: Point, dir: Direction) -> Vec<Point> {
    (-4..=4)
        .filter_map(|k| step(p, dir, k, b.size()))
        .filter(|&q| b.get(q) == Cell::Empty)
        .collect()
}

/// Length of the unbroken black row through `p` along `dir` (p must be black).
fn run(b: &Board, p: Point, dir: Direction) -> (Vec<Point>, usize) {
    let mut cells = vec![p];
    for sign in [-1, 1] {
        let mut k = 1;
        while let Some(q) = step(p, dir, sign * k, b.size()) {
            if b.get(q) != Cell::Black {
                break;
            }
            cells.push(q);
            k += 1;
        }
    }
    let n = cells.len();
    (cells, n)
}

fn exact_five(b: &Board, p: Point) -> bool {
    Direction::ALL.iter().any(|&d| run(b, p, d).1 == 5)
}

/// The distinct fours through `p` along `dir`: each is the set of four black
/// stones that one more stone turns into exactly five (p among them).
fn fours(b: &mut Board, p: Point, dir: Direction) -> Vec<(BTreeSet<Point>, Point)> {
    let mut out = Vec::new();
    for q in empty_near(b, p, dir) {
        b.place(q, Color::Black).unwrap();
        let (cells, n) = run(b, q, dir);
        if n == 5 && cells.contains(&p) {
            let four: BTreeSet<Point> = cells.into_iter().filter(|&c| c != q).collect();
            out.push((four, q));
        }
        b.remove(q);
    }
    out
}

fn four_count(b: &mut Board, p: Point, dir: Direction) -> usize {
    let sets: BTreeSet<BTreeSet<Point>> = fours(b, p, dir).into_iter().map(|f| f.0).collect();
    sets.len()
}

fn has_straight_four(b: &mut Board, p: Point, q: Point, dir: Direction) -> bool {
    let found = fours(b, p, dir);
    found.iter().any(|(set, q1)| {
        set.contains(&q) && found.iter().any(|(other, q2)| other == set && q2 != q1)
    })
}

/// Whether the black stone at `p` is part of a real three along `dir`.
fn real_three(b: &mut Board, p: Point, dir: Direction) -> bool {
    for q in empty_near(b, p, dir) {
        b.place(q, Color::Black).unwrap();
        let makes_five = exact_five(b, q);
        let straight = !makes_five && has_straight_four(b, p, q, dir);
        b.remove(q);
        if straight && slow_forbidden(b, q).is_none() {
            return true;
        }
    }
    false
}

fn slow_forbidden(b: &mut Board, p: Point) -> Option<ForbiddenKind> {
    b.place(p, Color::Black).unwrap();
    let verdict = (|| {
        if exact_five(b, p) {
            return None;
        }
        if Direction::ALL.iter().any(|&d| run(b, p, d).1 >= 6) {
            return Some(ForbiddenKind::Overline);
        }
        let fours: Vec<usize> = Direction::ALL
            .iter()
            .map(|&d| four_count(b, p, d))
            .collect();
        if fours.iter().sum::<usize>() >= 2 {
            return Some(ForbiddenKind::DoubleFour);
        }
        let threes = Direction::ALL
            .iter()
            .zip(&fours)
            .filter(|&(&d, &f)| f == 0 && real_three(b, p, d))
            .count();
        (threes >= 2).then_some(ForbiddenKind::DoubleThree)
    })();
    b.remove(p);
    verdict
}

/// A random position dense enough to hold many threes and fours: stones in
/// a window of the board, more black than white, edges included sometimes.
fn random_board(rng: &mut Rng, size: usize) -> Board {
    let mut b = Board::new(size).unwrap();
    let span = (6 + rng.below(5) as usize).min(size);
    let ox = rng.below((size - span + 1) as u64) as usize;
    let oy = rng.below((size - span + 1) as u64) as usize;
    let stones = 8 + rng.below((span * span / 2) as u64) as usize;
    for _ in 0..stones {
        let p = Point::new(
            (ox + rng.below(span as u64) as usize) as u8,
            (oy + rng.below(span as u64) as usize) as u8,
        );
        let color = if rng.below(100) < 65 {
            Color::Black
        } else {
            Color::White
        };
        let _ = b.place(p, color);
    }
    b
}

#[test]
fn fast_check_matches_the_rif_definitions_on_random_positions() {
    let mut rng = Rng::new(20261130);
    let mut counts = [0usize; 4];
    for round in 0..400 {
        let size = if round % 5 == 0 { 9 } else { 15 };
        let mut b = random_board(&mut rng, size);
        for p in b.clone().empty_points() {
            let want = slow_forbidden(&mut b, p);
            let got = forbidden(&b, p).map(|f| f.kind);
            assert_eq!(
                got,
                want,
                "round {round} at {} ({},{})\n{b}",
                p.to_notation(size),
                p.x,
                p.y
            );
            counts[match want {
                None => 0,
                Some(ForbiddenKind::DoubleThree) => 1,
                Some(ForbiddenKind::DoubleFour) => 2,
                Some(ForbiddenKind::Overline) => 3,
            }] += 1;
        }
    }
    // The generator must actually exercise every kind, or the test proves little.
    assert!(
        counts[1] > 200 && counts[2] > 100 && counts[3] > 30,
        "legal/3-3/4-4/overline = {counts:?}"
    );
}
