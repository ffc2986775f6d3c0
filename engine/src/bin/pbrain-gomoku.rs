//! `pbrain-gomoku`: the Gomocup / Piskvork brain (see `gomoku_engine::protocol`).
//!
//! Without arguments it speaks the protocol on stdin / stdout, as managers
//! start it. `pbrain-gomoku bench [args]` runs the search benchmark.

use gomoku_engine::protocol;
use gomoku_engine::search::bench::bench_main;
use std::io;
use std::process::exit;

const HELP: &str = "\
pbrain-gomoku: a Gomoku / Renju brain for Gomocup-protocol managers (Piskvork, Yixin-Board).

Usage:
  pbrain-gomoku            speak the Gomocup protocol on stdin/stdout
  pbrain-gomoku bench ...  run the search benchmark (see `pbrain-gomoku bench --help`)
  pbrain-gomoku --help     show this text
  pbrain-gomoku --version  show the version

Protocol commands: START, RECTSTART, RESTART, INFO, BEGIN, TURN, BOARD..DONE,
TAKEBACK, END, ABOUT, YXBOARD..DONE, YXSHOWFORBID, STOP/YXSTOP.
INFO keys: rule (0 freestyle, 1 exactly five, 4 or 2 renju), timeout_turn,
timeout_match, time_left, max_memory, game_type, max_depth, max_node.
";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {
            let stdin = io::stdin();
            if let Err(e) = protocol::run(io::BufReader::new(stdin), io::stdout().lock()) {
                eprintln!("pbrain-gomoku: {e}");
                exit(1);
            }
        }
        Some("bench") => exit(bench_main(&args[1..])),
        Some("--help" | "-h" | "help") => print!("{HELP}"),
        Some("--version" | "-V") => println!("pbrain-gomoku {}", env!("CARGO_PKG_VERSION")),
        Some(other) => {
            eprintln!("pbrain-gomoku: unknown argument '{other}'\n\n{HELP}");
            exit(2);
        }
    }
}
