//! Zobrist keys: a static table filled from the pool that `build.rs`
//! generates with a seeded ChaCha8, so hashes are the same in every build
//! and on every machine and cost nothing at run time.

use super::{CELLS, Color};

include!(concat!(env!("OUT_DIR"), "/zobrist_pool.rs"));

const _: () = assert!(2 * CELLS <= POOL.len(), "build.rs must generate more keys");

static KEYS: [[u64; CELLS]; 2] = {
    let mut keys = [[0u64; CELLS]; 2];
    let mut i = 0;
    while i < 2 * CELLS {
        keys[i / CELLS][i % CELLS] = POOL[i];
        i += 1;
    }
    keys
};

#[inline]
pub fn key(color: Color, index: usize) -> u64 {
    KEYS[color.index()][index]
}
