//! Times the VCF solver on quintet's VCF puzzles and checks the full search
//! on its VCT puzzles (MIT, see `tests/data/quintet-LICENSE.txt`):
//! `cargo run --release --example vcf_puzzles -- [VCF_NODE_LIMIT] [VCT_MS]`.

use gomoku_engine::board::parse_move_list;
use gomoku_engine::rules::Rule;
use gomoku_engine::search::{SearchLimits, Searcher, vcf};
use gomoku_engine::{Board, Color};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let key = format!("\"{name}\": \"");
    let start = line.find(&key)? + key.len();
    let rest = &line[start..];
    Some(&rest[..rest.find('"')?])
}

fn main() {
    let limit: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5_000_000);
    let vct_ms: u64 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000);
    gomoku_engine::eval::warm_up();
    for line in include_str!("../tests/data/puzzles_quintet.jsonl").lines() {
        let (Some(id), Some(set), Some(rule), Some(moves), Some(side)) = (
            field(line, "id"),
            field(line, "set"),
            field(line, "rule").and_then(Rule::from_name),
            field(line, "moves"),
            field(line, "to_move"),
        ) else {
            continue;
        };
        if set != "vcf" && set != "vct" {
            continue;
        }
        let mut board = Board::new(15).expect("15x15");
        for (n, p) in parse_move_list(moves, 15)
            .expect("valid moves")
            .iter()
            .enumerate()
        {
            board.place(*p, Color::of_ply(n)).expect("valid puzzle");
        }
        let attacker = if side == "black" {
            Color::Black
        } else {
            Color::White
        };
        if set == "vct" {
            // VCT puzzles (threes and fours): does the full search find a
            // winning first move within the time?
            let wins = line
                .split("\"win\": {")
                .nth(1)
                .and_then(|r| r.split('}').next());
            let cancel = AtomicBool::new(false);
            let info = Searcher::new(rule).search(
                &board,
                attacker,
                &SearchLimits::time(vct_ms),
                &cancel,
                &mut |_| {},
            );
            let best = info.best.map(|p| p.to_notation(15)).unwrap_or_default();
            let listed = wins.is_some_and(|w| w.contains(&format!("\"{best}\"")));
            println!(
                "{id:<40} vct: search plays {best} ({}) {:?} depth {} in {} ms",
                if listed {
                    "a winning move"
                } else {
                    "NOT listed"
                },
                info.score,
                info.depth,
                info.elapsed.as_millis()
            );
            continue;
        }
        let start = Instant::now();
        let found = vcf::find(&board, rule, attacker, 120, limit);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        match found {
            Some(v) => println!(
                "{id:<40} solved in {ms:>8.2} ms, {:>8} nodes, first {} ({} plies)",
                v.nodes,
                v.line[0].to_notation(15),
                v.line.len()
            ),
            None => println!("{id:<40} NOT solved ({ms:.1} ms)"),
        }
    }
}
