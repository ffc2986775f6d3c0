#![no_main]

use gomoku_fuzz::net_inputs::net;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| net(data));
