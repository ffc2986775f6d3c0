//! Issue 13's game-side reliability tests, in one test binary so the whole
//! game (Bevy with its render, UI and audio crates) is linked once:
//! * `random_input`: random clicks, keys and resizes on every screen;
//! * `crashes`: the game killed with SIGKILL while it saves and while it
//!   archives a finished game;
//! * `faults`: a data folder that cannot be written, a full one, and a
//!   settings file from a newer version;
//! * `settings_corpus`: the settings fuzz target's corpus replayed.

mod crashes;
mod faults;
mod random_input;
mod settings_corpus;

#[path = "../support/mod.rs"]
mod support;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::persistence::Storage;
use gomoku::persistence::autosave::{self, GameFiles};
use gomoku::play::ai::AiPacing;
use gomoku::play::game::{Match, MatchSettings, Mode};
use gomoku::settings::Settings;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
pub use support::{TempDir, click, point};

/// A number from the environment (long runs for the note), else `default`.
pub fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The game's play and file plugins without a window, a game between two
/// people, its files in the data folder `data`.
pub fn two_player_app(data: &Path) -> App {
    let two_players = MatchSettings {
        mode: Mode::HumanVsHuman,
        ..MatchSettings::default()
    };
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(gomoku::play::plugin)
        .insert_resource(Match::new(two_players, &[], 0.0).unwrap())
        .insert_resource(AiPacing { min_move_secs: 0.0 })
        .insert_resource(Settings::default())
        .insert_resource(GameFiles::new(Some(Storage::new(data))))
        .add_plugins(autosave::plugin);
    app.update();
    app
}

/// This test binary run again to run only `test` (as a child process,
/// which that test tells apart by an environment variable).
pub fn child_command(test: &str) -> Command {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command.args([test, "--exact", "--nocapture", "--test-threads=1"]);
    command
}

/// Waits until the game's file thread has written all it was sent.
pub fn wait_for_writes(app: &App) {
    assert!(
        app.world()
            .resource::<GameFiles>()
            .writer
            .wait_idle(Duration::from_secs(20)),
        "writes finish"
    );
}

/// The temporary files of atomic writes in `dir` and its folders.
pub fn temp_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(temp_files(&path));
        } else if entry.file_name().to_string_lossy().contains(".tmp-") {
            found.push(path);
        }
    }
    found
}
