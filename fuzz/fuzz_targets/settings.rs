#![no_main]

use gomoku_fuzz::settings_input::settings;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| settings(data));
