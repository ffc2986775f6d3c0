//! Replays the fuzzing corpus (`fuzz/corpus/<target>/`) of the engine's
//! targets through the same checks the fuzz targets run, on stable in every
//! CI run: inputs that once crashed a reader, or reached new code, stay tested.

#[path = "../../fuzz/src/corpus.rs"]
mod corpus;
#[path = "../../fuzz/src/engine_inputs.rs"]
mod engine_inputs;

use engine_inputs::{Format, detected, protocol, record};

#[test]
fn save_files() {
    corpus::replay("save", |d| record(Format::Save, d));
}

#[test]
fn psq_files() {
    corpus::replay("psq", |d| record(Format::Psq, d));
}

#[test]
fn sgf_files() {
    corpus::replay("sgf", |d| record(Format::Sgf, d));
}

#[test]
fn move_strings() {
    corpus::replay("move_string", |d| record(Format::MoveString, d));
}

#[test]
fn files_of_unknown_format() {
    corpus::replay("detect", detected);
}

#[test]
fn brain_sessions() {
    corpus::replay("protocol", protocol);
}
