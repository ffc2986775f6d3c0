//! Prints the engine's view of every position of a game record:
//! `cargo run --release --example analyse -- RULE MOVES [MS]`.

use gomoku_engine::board::parse_move_list;
use gomoku_engine::rules::Rule;
use gomoku_engine::search::{SearchLimits, Searcher};
use gomoku_engine::{Board, Color};
use std::sync::atomic::AtomicBool;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(rule), Some(record)) = (args.first().and_then(|r| Rule::from_name(r)), args.get(1))
    else {
        eprintln!("usage: analyse RULE MOVES [MS]");
        std::process::exit(2);
    };
    let ms: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(200);
    let moves = match parse_move_list(record, 15) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("analyse: {e}");
            std::process::exit(2);
        }
    };
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(rule);
    let mut board = Board::new(15).expect("15x15");
    for (n, played) in moves.iter().enumerate() {
        let color = Color::of_ply(n);
        let info = searcher.search(&board, color, &SearchLimits::time(ms), &cancel, &mut |_| {});
        let pv: String = info
            .pv
            .iter()
            .map(|p| p.to_notation(15))
            .collect::<Vec<_>>()
            .join(" ");
        println!(
            "{:>3} {:<5} played {:<4} engine {:<4} {:?} depth {} nodes {} pv {}",
            n + 1,
            color,
            played.to_notation(15),
            info.best.map(|p| p.to_notation(15)).unwrap_or_default(),
            info.score,
            info.depth,
            info.nodes,
            pv
        );
        if board.place(*played, color).is_err() {
            eprintln!("analyse: move {} is not playable", n + 1);
            std::process::exit(1);
        }
    }
}
