//! `gomoku`: the desktop game. See `gomoku --help`.

use bevy::prelude::*;
use gomoku::AppPlugin;
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
        Command::WriteSounds(dir) => match gomoku::audio::sfx::write_all(&dir) {
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
        Command::Play(options) => {
            let exit = App::new()
                .add_plugins(AppPlugin { options: *options })
                .run();
            if exit.is_success() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
