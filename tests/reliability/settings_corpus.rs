//! Replays the `settings` fuzz target's corpus (`fuzz/corpus/settings/`)
//! through the same checks the target runs (`fuzz/src/settings_input.rs`,
//! which reads the game's modules as `super::settings` and
//! `super::settings_text`), on stable in every CI run.

mod settings {
    pub use gomoku::settings::*;
}
mod settings_text {
    pub use gomoku::persistence::settings_text::*;
}
#[path = "../../fuzz/src/corpus.rs"]
mod corpus;
#[path = "../../fuzz/src/settings_input.rs"]
mod settings_input;

#[test]
fn settings_files() {
    corpus::replay("settings", settings_input::settings);
}
