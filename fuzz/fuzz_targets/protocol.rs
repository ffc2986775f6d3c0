#![no_main]

use gomoku_fuzz::engine_inputs::protocol;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| protocol(data));
