//! `pbrain-gomoku bench [depth]`: fixed positions searched to a fixed depth
//! with a fresh table, one thread. The signature hashes every position's
//! node count and best move, so any change in search behaviour shows.

use super::{SearchInfo, SearchLimits, Searcher};
use crate::board::{Board, Color, parse_move_list};
use crate::eval::Position;
use crate::rules::Rule;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Rapfi's 15x15 bench positions (`Rapfi/command/benchmark.cpp`), as move strings.
pub const POSITIONS: [(Rule, &str); 8] = [
    (Rule::Freestyle, "h8g7f6g8g9"),
    (Rule::Freestyle, "h2h5h4f6"),
    (Rule::Standard, "h8h7j6i7f7"),
    (Rule::Standard, "f6i9h8"),
    (Rule::Standard, "b3k10g2f6"),
    (Rule::Renju, "h8i9j10i8i7g9"),
    (
        Rule::Renju,
        "h8h9j9j8f8i7g7i9h6e9f6k7l6i10i6f9g9g11h10i11i8",
    ),
    (Rule::Renju, "h8h9h6i10i6i9g9g8j11i7"),
];

/// Deep enough that the fixed cost of each search (a fresh table, the root's
/// threat searches) weighs little in the speed figure.
pub const DEFAULT_DEPTH: u32 = 11;

/// The board after a move string on 15x15, and the side to move.
pub fn position(moves: &str) -> Result<(Board, Color), String> {
    let points = parse_move_list(moves, 15).map_err(|e| e.to_string())?;
    let mut board = Board::new(15).map_err(|e| e.to_string())?;
    for (n, p) in points.iter().enumerate() {
        board
            .place(*p, Color::of_ply(n))
            .map_err(|e| format!("{moves}: {e}"))?;
    }
    Ok((board, Color::of_ply(points.len())))
}

/// A hash of searches' node counts and best moves (FNV-1a over 64-bit
/// words): equal signatures mean the searches behaved alike.
#[derive(Clone, Copy, Debug)]
pub struct Signature(u64);

impl Default for Signature {
    fn default() -> Signature {
        Signature(0xcbf2_9ce4_8422_2325)
    }
}

impl Signature {
    /// Adds one search's node count and best move.
    pub fn add(&mut self, info: &SearchInfo) {
        let best = info.best.map(|p| p.index() as u64).unwrap_or(0);
        for word in [info.nodes, best] {
            self.0 = word
                .to_le_bytes()
                .iter()
                .fold(self.0, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
        }
    }

    /// The 32-bit form printed by the bench.
    pub fn value(self) -> u32 {
        (self.0 ^ (self.0 >> 32)) as u32
    }
}

/// Make + undo pairs per second over the candidate cells of each position.
fn make_undo_rate() -> f64 {
    let start = Instant::now();
    let mut pairs = 0u64;
    for (rule, moves) in POSITIONS {
        let Ok((board, color)) = position(moves) else {
            continue;
        };
        let mut pos = Position::new(&board, rule);
        let cells: Vec<usize> = pos.live_cells().filter(|&c| pos.is_near(c)).collect();
        for _ in 0..2_000 {
            for &c in &cells {
                pos.make(c, color);
                pos.undo();
                pairs += 1;
            }
        }
    }
    pairs as f64 / start.elapsed().as_secs_f64()
}

/// Runs the benchmark with command-line `args` (after `bench`) and prints
/// the report; returns the process exit code.
pub fn bench_main(args: &[String]) -> i32 {
    let depth = match args.first().map(|a| a.parse::<u32>()) {
        None => DEFAULT_DEPTH,
        Some(Ok(d)) if (1..=60).contains(&d) => d,
        _ => {
            eprintln!("usage: bench [depth 1-60] (default {DEFAULT_DEPTH})");
            return 2;
        }
    };
    crate::eval::warm_up();
    let cancel = AtomicBool::new(false);
    let mut total_nodes = 0u64;
    let mut total_time = 0.0f64;
    let mut signature = Signature::default();
    println!("bench: depth {depth}, 1 thread, fresh table per position");
    for (rule, moves) in POSITIONS {
        let (board, to_move) = match position(moves) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bench: bad position: {e}");
                return 1;
            }
        };
        let mut searcher = Searcher::new(rule);
        let info = searcher.search(
            &board,
            to_move,
            &SearchLimits::depth(depth),
            &cancel,
            &mut |_| {},
        );
        let secs = info.elapsed.as_secs_f64();
        total_nodes += info.nodes;
        total_time += secs;
        signature.add(&info);
        println!(
            "{:<9} {:<46} depth {:>2} nodes {:>10} time {:>8.1} ms  best {:<4} score {:?}",
            rule.name(),
            moves,
            info.depth,
            info.nodes,
            secs * 1000.0,
            info.best
                .map(|p| p.to_notation(15))
                .unwrap_or_else(|| "-".into()),
            info.score
        );
    }
    println!(
        "total nodes {total_nodes}  time {:.0} ms  nodes/s {:.0}  signature {:08x}",
        total_time * 1000.0,
        total_nodes as f64 / total_time.max(1e-9),
        signature.value()
    );
    println!("make+undo pairs/s {:.0}", make_undo_rate());
    0
}
