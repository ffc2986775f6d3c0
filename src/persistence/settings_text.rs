//! Reading the text of a settings file, apart from the file and from Bevy,
//! so the fuzz target (`fuzz/fuzz_targets/settings.rs`) compiles this very
//! code without building the game.

use crate::settings::{SETTINGS_VERSION, Settings};
use serde::Deserialize;

/// Why a settings file is not read.
#[derive(Clone, Debug, PartialEq)]
pub struct Unreadable {
    pub reason: String,
    /// The file is from a newer game (it parses, but may mean something
    /// else by its fields), rather than broken.
    pub newer: bool,
}

/// Only the version of a settings file, whatever else it holds.
#[derive(Deserialize)]
#[serde(rename = "Settings")]
struct VersionOnly {
    #[serde(default)]
    version: u32,
}

/// The settings in `bytes` (numbers clamped into their ranges), or why
/// they cannot be read.
pub fn parse(bytes: &[u8]) -> Result<Settings, Unreadable> {
    let broken = |reason: String| Unreadable {
        reason,
        newer: false,
    };
    let text = std::str::from_utf8(bytes)
        .map_err(|_| broken("the file is not UTF-8 text".to_string()))?
        .trim_start_matches('\u{feff}');
    if let Ok(VersionOnly { version }) = ron::from_str(text)
        && version > SETTINGS_VERSION
    {
        return Err(Unreadable {
            reason: format!(
                "written by a newer version of the game: settings version {version}, \
                 this one reads up to {SETTINGS_VERSION}"
            ),
            newer: true,
        });
    }
    ron::from_str::<Settings>(text)
        .map(Settings::sanitized)
        .map_err(|e| broken(e.to_string()))
}
