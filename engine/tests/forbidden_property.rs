//! The fast forbidden-move check against the slow, direct reading of the
//! RIF definitions in `rif_reading`, on many random positions.

mod rif_reading;

use chacha20::ChaCha8Rng;
use gomoku_engine::rules::{ForbiddenKind, forbidden};
use gomoku_engine::{Board, Color, Point};
use rand::{RngExt, SeedableRng};
use rif_reading::slow_forbidden;

/// A random position dense enough to hold many threes and fours: stones in
/// a window of the board, more black than white, edges included sometimes.
fn random_board(rng: &mut ChaCha8Rng, size: usize) -> Board {
    let mut b = Board::new(size).unwrap();
    let span = (6 + rng.random_range(0..5) as usize).min(size);
    let ox = rng.random_range(0..(size - span + 1) as u64) as usize;
    let oy = rng.random_range(0..(size - span + 1) as u64) as usize;
    let stones = 8 + rng.random_range(0..(span * span / 2) as u64) as usize;
    for _ in 0..stones {
        let p = Point::new(
            (ox + rng.random_range(0..span as u64) as usize) as u8,
            (oy + rng.random_range(0..span as u64) as usize) as u8,
        );
        let color = if rng.random_range(0..100) < 65 {
            Color::Black
        } else {
            Color::White
        };
        let _ = b.place(p, color);
    }
    b
}

#[test]
fn fast_check_matches_the_rif_definitions_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(20261130);
    let mut counts = [0usize; 4];
    for round in 0..400 {
        let size = if round % 5 == 0 { 9 } else { 15 };
        let mut b = random_board(&mut rng, size);
        for p in b.clone().empty_points() {
            let want = slow_forbidden(&mut b, p);
            let got = forbidden(&b, p).map(|f| f.kind);
            assert_eq!(
                got,
                want,
                "round {round} at {} ({},{})\n{b}",
                p.to_notation(size),
                p.x,
                p.y
            );
            counts[match want {
                None => 0,
                Some(ForbiddenKind::DoubleThree) => 1,
                Some(ForbiddenKind::DoubleFour) => 2,
                Some(ForbiddenKind::Overline) => 3,
            }] += 1;
        }
    }
    // The generator must actually exercise every kind, or the test proves little.
    assert!(
        counts[1] > 200 && counts[2] > 100 && counts[3] > 30,
        "legal/3-3/4-4/overline = {counts:?}"
    );
}
