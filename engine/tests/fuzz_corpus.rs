//! Replays the fuzzing corpus (`fuzz/corpus/<target>/`) through the same
//! checks the fuzz targets run (`fuzz/src/lib.rs`), on stable in every CI
//! run: inputs that once crashed a reader, or reached new code, stay tested.

#[path = "../../fuzz/src/lib.rs"]
mod harness;

use harness::Format;
use std::fs;
use std::path::PathBuf;

/// What a fuzz target does with one input.
type Check = fn(&[u8]);

/// Every fuzz target by name.
const TARGETS: [(&str, Check); 6] = [
    ("save", |d| harness::record(Format::Save, d)),
    ("psq", |d| harness::record(Format::Psq, d)),
    ("sgf", |d| harness::record(Format::Sgf, d)),
    ("move_string", |d| harness::record(Format::MoveString, d)),
    ("detect", harness::detected),
    ("protocol", harness::protocol),
];

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut files: Vec<(PathBuf, Vec<u8>)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let bytes = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, bytes)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_corpus_input_passes_its_target() {
    for (target, check) in TARGETS {
        let inputs = corpus(target);
        // An empty corpus would make this test pass without testing anything.
        assert!(inputs.len() >= 5, "{target}: only {} inputs", inputs.len());
        for (path, bytes) in inputs {
            let replay = std::panic::catch_unwind(|| check(&bytes));
            assert!(replay.is_ok(), "{target}: {} fails", path.display());
        }
    }
}
