//! Writes the Zobrist key pool to `$OUT_DIR/zobrist_pool.rs`: random 64-bit
//! keys from ChaCha8 with a fixed seed, whose stream rand documents as
//! stable across versions, so hashes are the same in every build and on
//! every machine. Generated once at build time; the search reads a static
//! table (`src/board/zobrist.rs`), nothing is computed at run time.

use chacha20::ChaCha8Rng;
use rand::{Rng, SeedableRng};
use std::fmt::Write;

/// Keys generated: enough for two colours on the largest padded board.
const POOL: usize = 2 * 32 * 32;
/// "Gomoku!!"
const SEED: u64 = 0x476F_6D6F_6B75_2121;

fn main() {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut text = format!("pub(super) static POOL: [u64; {POOL}] = [\n");
    for _ in 0..POOL {
        writeln!(text, "    {:#018x},", rng.next_u64()).expect("writing to a String");
    }
    text.push_str("];\n");
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("zobrist_pool.rs");
    std::fs::write(&out, text).expect("OUT_DIR is writable");
    println!("cargo::rerun-if-changed=build.rs");
}
