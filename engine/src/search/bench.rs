//! `pbrain-gomoku bench`: fixed positions searched to a fixed depth.

/// Runs the benchmark with command-line `args` (after `bench`) and prints
/// the report; returns the process exit code.
pub fn bench_main(args: &[String]) -> i32 {
    let _ = args;
    eprintln!("bench: not implemented yet");
    1
}
