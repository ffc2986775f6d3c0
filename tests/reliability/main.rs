//! Issue 13's game-side reliability tests, in one test binary so the whole
//! game (Bevy with its render, UI and audio crates) is linked once:
//! * `random_input`: random clicks, keys and resizes on every screen;
//! * `crashes`: the game killed with SIGKILL while it saves;
//! * `faults`: a data folder that cannot be written, a full one, and a
//!   settings file from a newer version;
//! * `settings_corpus`: the settings fuzz target's corpus replayed.

mod crashes;
mod faults;
mod random_input;
mod settings_corpus;

use std::path::{Path, PathBuf};

/// A fresh directory under the target's temp dir, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("reliability-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A number from the environment (long runs for the note), else `default`.
pub fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
