//! Fits the evaluation's weights to game results (Texel's method): the
//! static evaluation, read as a win chance through a logistic curve, should
//! predict who went on to win from each position.
//!
//! ```text
//! # 1. self-play games, node-limited (a busy machine changes only the time)
//! cargo run --release -p gomoku-engine --example texel -- \
//!     gen --rule renju --games 3000 --nodes 3000 --seed 1 --out renju.games
//! # 2. the fit: prints the loss before and after, writes the weights
//! cargo run --release -p gomoku-engine --example texel -- \
//!     fit --data freestyle.games,standard.games,renju.games --write engine/src/eval/weights.rs
//! ```
//!
//! A games file has one game a line: `rule result moves`, the result being
//! Black's score (1, 0.5, 0) and the moves a move string (`h8i9j10`).
//! `fit` replays every game and fits each table of
//! [`gomoku_engine::eval::learned`] (freestyle, standard, Renju with Black
//! to move, Renju with White to move) on the positions that table
//! evaluates.
//!
//! A line ending in `last` is one judged position instead of a game: the
//! position before its last move, the result a stronger engine's
//! expectation for Black there (any value in 0..=1) and the last move that
//! engine's choice (`scripts/judge-positions.py` writes such lines from
//! match logs). `--from engine` starts the fit from the weights the engine
//! is built with rather than the hand-made ones (a refit on new data); a
//! table without positions keeps the engine's weights.
//!
//! ```text
//! # 3. a refit on judged positions
//! scripts/judge-positions.py --judge pbrain-rapfi --out judged.txt runs/*.log
//! cargo run --release -p gomoku-engine --example texel -- \
//!     fit --data judged.txt --from engine --write engine/src/eval/weights.rs
//! ```

mod fit;
mod games;
// Shared with the match harness: its opening helpers.
#[allow(dead_code)]
#[path = "../match/openings.rs"]
mod openings;

use std::process::exit;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("gen") => games::main(&args[1..]),
        Some("fit") => fit::main(&args[1..]),
        _ => Err("usage: texel gen|fit [options] (see the file's header)".into()),
    };
    if let Err(e) = result {
        eprintln!("texel: {e}");
        exit(2);
    }
}
