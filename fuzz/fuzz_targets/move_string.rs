#![no_main]

use gomoku_fuzz::engine_inputs::{Format, record};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| record(Format::MoveString, data));
