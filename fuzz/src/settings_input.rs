//! What the `settings` fuzz target does with its input: the game's settings
//! reader (`src/persistence/settings_text.rs`, compiled here by path; see
//! `lib.rs`) must never panic; what it accepts is within the settings'
//! ranges, and what the game would write back reads the same. The game's
//! corpus replay (`tests/reliability/settings_corpus.rs`) includes this file
//! too, with the game's own modules as `super::settings` and
//! `super::settings_text`.

use super::settings::{RECENT_FILES, SETTINGS_VERSION, Settings};
use super::settings_text::parse;

pub fn settings(data: &[u8]) {
    let Ok(read) = parse(data) else {
        return;
    };
    assert_eq!(read.version, SETTINGS_VERSION);
    assert!((0.0..=1.0).contains(&read.volume), "{}", read.volume);
    assert!(
        (0.25..=3.0).contains(&read.animation_speed),
        "{}",
        read.animation_speed
    );
    assert!((480..=10_000).contains(&read.window.width));
    assert!((420..=10_000).contains(&read.window.height));
    assert!(read.recent_files.len() <= RECENT_FILES);
    let written = read.to_ron();
    let again: Settings = parse(written.as_bytes())
        .unwrap_or_else(|e| panic!("the game cannot read what it wrote: {e:?}\n{written}"));
    assert_eq!(again, read, "{written}");
}
