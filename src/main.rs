//! `gomoku`: the desktop game. See `gomoku --help`.

use gomoku::cli::{self, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    // The menus' own arguments (a game file, --screen, --lang) first.
    let (args, menu_args) = match gomoku::menus::split_args(std::env::args().skip(1)) {
        Ok(split) => split,
        Err(e) => {
            eprintln!("gomoku: {e}\n\n{}\n{}", cli::USAGE, gomoku::menus::USAGE);
            return ExitCode::from(2);
        }
    };
    let command = match cli::parse(args) {
        Ok(command) => command,
        Err(e) => {
            eprintln!("gomoku: {e}\n\n{}", cli::USAGE);
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Help => {
            print!("{}\n{}", cli::USAGE, gomoku::menus::USAGE);
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
                gomoku::menus::install(&mut app, menu_args, &options);
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
