//! Reading a fuzz target's kept corpus (`fuzz/corpus/<target>/`) for the
//! replay tests of the crates beside `fuzz/` (`engine/`, `net/`) and of the
//! game, which include this file by path.

use std::fs;
use std::path::PathBuf;

/// Runs `check` on every input of `target`'s corpus; panics naming the
/// first input that fails, or when the corpus is too small to mean much.
pub fn replay(target: &str, check: fn(&[u8])) {
    // From the crates beside fuzz/ (engine/, net/) or the game above it.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let corpus = [root.join("../fuzz/corpus"), root.join("fuzz/corpus")]
        .into_iter()
        .find(|dir| dir.is_dir())
        .expect("fuzz/corpus beside or below the crate");
    let dir = corpus.join(target);
    let mut paths: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    paths.sort();
    // An empty corpus would make the replay pass without testing anything.
    assert!(paths.len() >= 5, "{target}: only {} inputs", paths.len());
    for path in paths {
        let bytes = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let replay = std::panic::catch_unwind(|| check(&bytes));
        assert!(replay.is_ok(), "{target}: {} fails", path.display());
    }
}
