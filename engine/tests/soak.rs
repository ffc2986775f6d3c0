//! A CI-sized self-play soak (see `soak_support`): every rule with every
//! pairing of levels once, every move checked against an independent
//! reading of the rules. `examples/soak.rs` runs the long version.

mod soak_support;

use soak_support::{Player, Tally, run};
use std::thread;

/// 3 rules × 8 × 8 players: each combination once.
const GAMES: u64 = 3 * 8 * 8;
/// Node budget per move: small enough for CI, large enough that the
/// levels search several depths.
const NODES: u64 = 1_500;

#[test]
fn self_play_games_stay_legal_and_agree_with_the_rules() {
    assert_eq!(Player::ALL.len(), 8);
    // Two halves on two threads: CI has two cores.
    let half = GAMES / 2;
    let mut tally = Tally::default();
    thread::scope(|s| {
        let parts =
            [0, half].map(|first| s.spawn(move || run(0x50A4, first, half, NODES, &mut |_| {})));
        for part in parts {
            tally.merge(part.join().expect("a soak thread panicked"));
        }
    });
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
    assert_eq!(tally.games, GAMES);
    // The run must have exercised what it checks: long games, Renju
    // checks, and both colours winning.
    assert!(tally.moves > GAMES * 20, "{tally:?}");
    assert!(tally.forbidden_checks > GAMES * 3, "{tally:?}");
    assert!(tally.black > 0 && tally.white > 0, "{tally:?}");
}
