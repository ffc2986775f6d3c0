//! Speed of the rule primitives the search leans on: make/undo and the Renju
//! forbidden check. Run with
//! `cargo run --release -p gomoku-engine --example rules_bench`.
//! Prints operations per second; compare runs as ratios, not absolutes.

use chacha20::ChaCha8Rng;
use gomoku_engine::rules::{self, forbidden, line};
use gomoku_engine::{Board, Color, Point};
use rand::{RngExt, SeedableRng};
use std::hint::black_box;
use std::time::Instant;

/// Mid-game positions: 30-60 stones in the centre, Black to move.
fn positions(count: usize) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    (0..count)
        .map(|_| {
            let mut b = Board::new(15).unwrap();
            let stones = 30 + rng.random_range(0..31);
            let mut color = Color::Black;
            while b.stone_count() < stones {
                let p = Point::new(
                    3 + rng.random_range(0..9) as u8,
                    3 + rng.random_range(0..9) as u8,
                );
                if b.place(p, color).is_ok() {
                    color = color.opponent();
                }
            }
            b
        })
        .collect()
}

fn rate(label: &str, ops: u64, start: Instant) {
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{label:<44} {ops:>12} ops  {:>8.1} ms  {:>14.0} ops/s",
        secs * 1e3,
        ops as f64 / secs
    );
}

fn main() {
    line::warm_up();
    let boards = positions(200);
    let empties: Vec<Vec<usize>> = boards
        .iter()
        .map(|b| b.empty_points().map(|p| p.index()).collect())
        .collect();

    let start = Instant::now();
    let mut ops = 0u64;
    for _ in 0..50 {
        for (b, empty) in boards.iter().zip(&empties) {
            let mut b = b.clone();
            for &i in empty {
                b.set(i, Color::Black);
                b.clear(i);
                ops += 1;
            }
            black_box(b.hash());
        }
    }
    rate("make + undo (Board::set/clear)", ops, start);

    let start = Instant::now();
    let mut ops = 0u64;
    for _ in 0..10 {
        for (b, empty) in boards.iter().zip(&empties) {
            for &i in empty {
                for dir in gomoku_engine::Direction::ALL {
                    black_box(line::shape(
                        b,
                        i,
                        dir,
                        Color::Black,
                        line::FiveMode::ExactlyFive,
                    ));
                    ops += 1;
                }
            }
        }
    }
    rate("line shape lookups", ops, start);

    let start = Instant::now();
    let mut ops = 0u64;
    let mut found = 0u64;
    for _ in 0..10 {
        for (b, empty) in boards.iter().zip(&empties) {
            for &i in empty {
                found += forbidden(b, Point::from_index(i)).is_some() as u64;
                ops += 1;
            }
        }
    }
    rate("forbidden check, every empty point", ops, start);
    println!(
        "  ({:.2}% of the points were forbidden)",
        found as f64 * 100.0 / ops as f64
    );

    // The points a search asks about most: those next to stones.
    let near: Vec<(usize, Vec<usize>)> = boards
        .iter()
        .enumerate()
        .map(|(k, b)| {
            let pts = b
                .empty_points()
                .filter(|&p| {
                    gomoku_engine::Direction::ALL.iter().any(|&d| {
                        [-1, 1].iter().any(|&s| {
                            p.offset(d, s, 15)
                                .is_some_and(|q| b.get(q).color().is_some())
                        })
                    })
                })
                .map(|p| p.index())
                .collect();
            (k, pts)
        })
        .collect();
    let start = Instant::now();
    let mut ops = 0u64;
    for _ in 0..10 {
        for (k, pts) in &near {
            for &i in pts {
                black_box(rules::is_forbidden(&boards[*k], Point::from_index(i)));
                ops += 1;
            }
        }
    }
    rate("forbidden check, points next to stones", ops, start);
}
