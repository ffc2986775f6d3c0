//! `--browse`: lists the games hosts announce (see
//! `gomoku_net::discovery`), as they are heard, for a few seconds.

use gomoku_net::discovery::Browser;
use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// How long to listen: hosts announce every second.
const LISTEN: Duration = Duration::from_secs(3);

pub fn run(listen: SocketAddr) -> ExitCode {
    let browser = match Browser::start(listen) {
        Ok(browser) => browser,
        Err(e) => {
            eprintln!("gomoku-term: cannot listen on {listen}: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("listening for games on {}", browser.local_addr());
    let mut shown = BTreeSet::new();
    let end = Instant::now() + LISTEN;
    while Instant::now() < end {
        std::thread::sleep(Duration::from_millis(50));
        for found in browser.games(LISTEN) {
            if shown.insert(found.addr) {
                let a = &found.announcement;
                println!(
                    "game: {} at {} ({}); join with --join {} --code CODE",
                    crate::table::printable(&a.name),
                    found.addr,
                    a.rule,
                    found.addr
                );
            }
        }
    }
    println!("{} game(s) found", shown.len());
    ExitCode::SUCCESS
}
