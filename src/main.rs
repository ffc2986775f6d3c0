//! `gomoku`: the desktop game. See `gomoku --help`.

use gomoku::cli::{self, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    let command = match cli::parse(std::env::args().skip(1)) {
        Ok(command) => command,
        Err(e) => {
            eprintln!("gomoku: {e}\n\n{}", cli::USAGE);
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Help => {
            print!("{}", cli::USAGE);
            ExitCode::SUCCESS
        }
        Command::WriteSounds(dir) => match gomoku::sfx::write_all(&dir) {
            Ok(paths) => {
                for path in paths {
                    println!("{}", path.display());
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("gomoku: cannot write sounds to {}: {e}", dir.display());
                ExitCode::FAILURE
            }
        },
        Command::Play(options) => match gomoku::build_app(&options) {
            Ok(mut app) => {
                if app.run().is_success() {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                }
            }
            Err(e) => {
                eprintln!("gomoku: {e}");
                ExitCode::from(2)
            }
        },
    }
}
