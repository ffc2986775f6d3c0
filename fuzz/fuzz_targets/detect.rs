#![no_main]

use gomoku_fuzz::detected;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| detected(data));
