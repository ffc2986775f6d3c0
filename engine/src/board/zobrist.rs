//! Zobrist keys, generated at compile time from a fixed seed so hashes are
//! the same in every build and on every machine.

use super::{CELLS, Color};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; CELLS]; 2] {
    let mut keys = [[0u64; CELLS]; 2];
    let mut state = 0x476F_6D6F_6B75_2121; // "Gomoku!!"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            let (s, k) = splitmix64(state);
            state = s;
            keys[c][i] = k;
            i += 1;
        }
        c += 1;
    }
    keys
}

static KEYS: [[u64; CELLS]; 2] = make_keys();

#[inline]
pub fn key(color: Color, index: usize) -> u64 {
    KEYS[color.index()][index]
}
