//! How fast the search proves the forced wins it met in real games:
//! `cargo run --release -p gomoku-engine --example match_wins -- [NODES...] [PARAM=VALUE...]`
//! (a parameter of `search::PARAMS` changed for a screen).
//!
//! Each position of `tests/data/match-wins.txt` comes from a lost game of a
//! 200 ms match against Rapfi classical: either a win we had and missed, or
//! the position right after the move that lost, where the opponent then
//! attacked. Every one is a forced win for the side to move, proved by our
//! own search at 8M nodes; at 200 ms we search about 200K. Wins mixing
//! quiet moves (a double two) with threats are what the threat searches
//! cannot see and what decides most lost games, so a change that proves
//! more of them at a fixed node count sees further where it matters.
//! Node limits make the count independent of the machine; the signature
//! changes when any search does.

use gomoku_engine::rules::Rule;
use gomoku_engine::search::bench::{Signature, position};
use gomoku_engine::search::{Score, SearchLimits, SearchParams, Searcher};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

const POSITIONS: &str = include_str!("../tests/data/match-wins.txt");

fn main() {
    let mut limits: Vec<u64> = Vec::new();
    let mut params = SearchParams::default();
    for arg in std::env::args().skip(1) {
        let ok = match arg.split_once('=') {
            Some((name, value)) => value.parse().is_ok_and(|v| params.set(name, v)),
            None => arg.parse().map(|n| limits.push(n)).is_ok(),
        };
        if !ok {
            eprintln!("usage: match_wins [NODES...] [PARAM=VALUE...] (default 200000 1000000)");
            std::process::exit(2);
        }
    }
    if limits.is_empty() {
        limits = vec![200_000, 1_000_000];
    }
    gomoku_engine::eval::warm_up();
    let mut proved = vec![[0u32; 2]; limits.len()];
    let mut positions = [0u32; 2];
    let mut signature = Signature::default();
    let start = Instant::now();
    for line in POSITIONS.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [rule, moves, name] = fields[..] else {
            continue;
        };
        let rule = Rule::from_name(rule).expect("a rule name");
        let (board, to_move) = position(moves).expect("a legal game");
        let renju = (rule == Rule::Renju) as usize;
        positions[renju] += 1;
        let mut row = format!("{name:<24}");
        for (k, &nodes) in limits.iter().enumerate() {
            let limits = SearchLimits {
                time: None,
                depth: Some(60),
                nodes: Some(nodes),
            };
            let cancel = AtomicBool::new(false);
            let mut searcher = Searcher::new(rule);
            searcher.set_params(params);
            let info = searcher.search(&board, to_move, &limits, &cancel, &mut |_| {});
            let best = info.best.map(|p| p.to_notation(15)).unwrap_or_default();
            if matches!(info.score, Score::WinIn(_)) {
                proved[k][renju] += 1;
            }
            signature.add(&info);
            row += &format!("  {nodes}: {best:<4} {:<12}", format!("{:?}", info.score));
        }
        println!("{row}");
    }
    for (k, nodes) in limits.iter().enumerate() {
        println!(
            "{nodes:>9} nodes: proved freestyle {}/{}, Renju {}/{}",
            proved[k][0], positions[0], proved[k][1], positions[1]
        );
    }
    println!(
        "time {:.1} s  signature {:08x}",
        start.elapsed().as_secs_f64(),
        signature.value()
    );
}
