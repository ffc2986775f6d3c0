//! What each fuzz target does with its input, and what it checks beyond
//! "no panic": [`engine_inputs`] for the engine's readers and the brain,
//! [`net_inputs`] for the network messages. The cargo-fuzz targets
//! (`fuzz_targets/`) call them, and so do the corpus replays that CI runs on
//! stable (`engine/tests/fuzz_corpus.rs`, `net/tests/fuzz_corpus.rs`, which
//! include these files by path), so both test exactly the same thing.
//!
//! The checks panic: that is how libFuzzer learns of a failure.

pub mod engine_inputs;
pub mod net_inputs;
