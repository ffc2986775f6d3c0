//! What each fuzz target does with its input, and what it checks beyond
//! "no panic": [`engine_inputs`] for the engine's readers and the brain,
//! [`net_inputs`] for the network messages, [`settings_input`] for the
//! game's settings file. The cargo-fuzz targets
//! (`fuzz_targets/`) call them, and so do the corpus replays that CI runs on
//! stable (`engine/tests/fuzz_corpus.rs`, `net/tests/fuzz_corpus.rs`, which
//! include these files by path), so both test exactly the same thing.
//!
//! The checks panic: that is how libFuzzer learns of a failure.

pub mod engine_inputs;
pub mod net_inputs;
pub mod settings_input;

// The game's settings reader and what it needs, compiled by path from the
// game crate (without Bevy: see bevy-shim/), so the target fuzzes the code
// the game runs. The string tables come along with `Language`.
#[allow(dead_code)]
#[path = "../../src/i18n/mod.rs"]
mod i18n;
#[allow(dead_code)]
#[path = "../../src/settings.rs"]
mod settings;
#[path = "../../src/persistence/settings_text.rs"]
mod settings_text;
