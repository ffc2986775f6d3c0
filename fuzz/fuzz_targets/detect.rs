#![no_main]

use gomoku_fuzz::engine_inputs::detected;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| detected(data));
