//! A slow, direct reading of the RIF definitions of Renju's forbidden
//! moves, written independently of the engine (no line tables, no shared code
//! beyond the board): the reference the fast check and the self-play soak
//! are compared with.
//!
//! RIF 1996/1998: a FOUR is a row of four stones to which one stone can be
//! added to make five; a STRAIGHT FOUR can become five in two ways; a THREE
//! is a row of three to which, without making a five at the same time, one
//! stone can be added to get a straight four; Black may not make a
//! double-three, a double-four or an overline; a five wins regardless.

use gomoku_engine::rules::ForbiddenKind;
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

/// Why Black may not play at the empty point `p`, by the definitions alone.
/// `b` is changed while reading and restored before returning.
pub fn slow_forbidden(b: &mut Board, p: Point) -> Option<ForbiddenKind> {
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
