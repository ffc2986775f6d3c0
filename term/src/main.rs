//! `gomoku-term`: Gomoku and Renju in a terminal. Full-screen (ratatui) on
//! a terminal, line by line otherwise; against the AI, a second person, or
//! over the LAN with the game's protocol (`gomoku-net`).

mod ai;
mod browse;
mod options;
mod plain;
mod screen;
mod table;

use std::io::IsTerminal;
use std::process::ExitCode;

fn main() -> ExitCode {
    let options = match options::parse(std::env::args().skip(1)) {
        Ok(options::Command::Help) => {
            print!("{}", options::USAGE);
            return ExitCode::SUCCESS;
        }
        Ok(options::Command::Play(options)) => options,
        Ok(options::Command::Browse(addr)) => return browse::run(addr),
        Err(e) => {
            eprintln!("gomoku-term: {e}");
            return ExitCode::from(2);
        }
    };
    let table = match table::Table::new(&options) {
        Ok(table) => table,
        Err(e) => {
            eprintln!("gomoku-term: {e}");
            return ExitCode::FAILURE;
        }
    };
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if options.plain || !terminal {
        plain::run(table)
    } else {
        screen::run(table)
    }
}
