//! Random legal games and metadata for the format tests, from a small
//! deterministic PRNG so that every failure names a reproducible seed.
#![allow(dead_code)]

use gomoku_engine::record::formats::{
    Metadata, Player, PlayerKind, Record, TimeControl, iso8601_utc,
};
use gomoku_engine::rules::forbidden;
use gomoku_engine::{Color, ForbiddenPolicy, Game, Point, Rule};
use std::time::{Duration, UNIX_EPOCH};

pub use chacha20::ChaCha8Rng;
pub use rand::seq::IndexedRandom;
pub use rand::{Rng, RngExt, SeedableRng};

/// How a generated game should end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Play on until someone makes five (or the board is full).
    Five,
    /// Stop after a random number of moves.
    Unfinished,
    Resign,
    Timeout,
    /// Renju under the "Black loses" policy: Black plays a forbidden point
    /// as soon as one appears (falls back to a five when none does).
    ForbiddenLoss,
}

pub const ENDINGS: [Ending; 5] = [
    Ending::Five,
    Ending::Unfinished,
    Ending::Resign,
    Ending::Timeout,
    Ending::ForbiddenLoss,
];

/// Empty points within two cells of a stone (the centre on an empty board):
/// random games played there make fives and Renju shapes quickly.
fn candidates(game: &Game) -> Vec<Point> {
    let board = game.board();
    let size = board.size();
    if board.stone_count() == 0 {
        let c = (size / 2) as u8;
        return vec![Point::new(c, c)];
    }
    board
        .empty_points()
        .filter(|p| {
            game.moves().iter().any(|m| {
                (m.x as i32 - p.x as i32).abs() <= 2 && (m.y as i32 - p.y as i32).abs() <= 2
            })
        })
        .collect()
}

/// A random legal game on a board of `size` under `rule`.
pub fn random_game(rng: &mut ChaCha8Rng, rule: Rule, size: usize, ending: Ending) -> Game {
    let policy = if ending == Ending::ForbiddenLoss && rule == Rule::Renju {
        ForbiddenPolicy::Lose
    } else {
        ForbiddenPolicy::Refuse
    };
    let mut game = Game::new(rule, size).unwrap().with_policy(policy);
    let limit = match ending {
        Ending::Unfinished | Ending::Resign | Ending::Timeout => rng.random_range(0..60),
        _ => size * size,
    };
    while !game.is_over() && game.moves().len() < limit {
        let points = candidates(&game);
        let black_to_move = game.to_move() == Color::Black;
        let forbidden_point = points
            .iter()
            .find(|&&p| forbidden(game.board(), p).is_some());
        if let Some(&p) = forbidden_point
            && policy == ForbiddenPolicy::Lose
            && black_to_move
        {
            game.play(p).unwrap();
            break;
        }
        let legal: Vec<Point> = points
            .into_iter()
            .filter(|&p| {
                // Under "lose", only play forbidden points on purpose (above).
                game.check(p).is_ok()
                    && !(rule == Rule::Renju
                        && black_to_move
                        && forbidden(game.board(), p).is_some())
            })
            .collect();
        if legal.is_empty() {
            break;
        }
        game.play(*legal.choose(rng).expect("a legal move"))
            .unwrap();
    }
    match ending {
        Ending::Resign => game.resign(*[Color::Black, Color::White].choose(rng).unwrap()),
        Ending::Timeout => game.time_out(*[Color::Black, Color::White].choose(rng).unwrap()),
        _ => {}
    }
    game
}

const NAMES: [&str; 8] = [
    "",
    "Ann",
    "Computer",
    "Zoë \"the wall\" Müller",
    "五目並べ",
    "a]b\\c",
    "comma, name",
    "Renju (RIF) fan",
];

fn random_player(rng: &mut ChaCha8Rng) -> Player {
    let kind = match rng.random_range(0..3) {
        0 => PlayerKind::Human,
        1 => PlayerKind::Ai {
            level: rng.random_range(0..10).to_string(),
        },
        _ => PlayerKind::Ai {
            level: ["Easy", "Hard", "Master"].choose(rng).unwrap().to_string(),
        },
    };
    Player {
        name: NAMES.choose(rng).unwrap().to_string(),
        kind,
    }
}

/// Random metadata for `game`: every field set or not, awkward characters.
pub fn random_meta(rng: &mut ChaCha8Rng, game: &Game) -> Metadata {
    let time_control = match rng.random_range(0..3) {
        0 => None,
        1 => Some(TimeControl::PerGame {
            total_ms: rng.next_u64() % 10_000_000,
            increment_ms: rng.next_u64() % 30_000,
        }),
        _ => Some(TimeControl::PerMove {
            move_ms: rng.next_u64() % 100_000,
        }),
    };
    let move_times_ms = if rng.random_ratio(50, 100) {
        (0..game.moves().len())
            .map(|_| 1 + rng.next_u64() % 120_000)
            .collect()
    } else {
        Vec::new()
    };
    let date = rng.random_ratio(70, 100).then(|| {
        let seconds = rng.next_u64() % 4_000_000_000;
        iso8601_utc(UNIX_EPOCH + Duration::from_secs(seconds))
    });
    let comment = rng.random_ratio(50, 100).then(|| {
        [
            "Nice game.",
            "Line one\nline two ] with a bracket\\ and a backslash",
            "h8 was a mistake; see (;B[hh])",
        ]
        .choose(rng)
        .unwrap()
        .to_string()
    });
    // From a value already drawn: one more draw would shift every later
    // seed's game.
    let assisted = move_times_ms.len() % 2 == 1;
    Metadata {
        black: random_player(rng),
        white: random_player(rng),
        time_control,
        move_times_ms,
        opening_times_ms: Vec::new(),
        date,
        comment,
        assisted,
    }
}

/// A random record: rule, size 15 or 20, any ending, random metadata.
pub fn random_record(seed: u64) -> Record {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rule = *Rule::ALL.choose(&mut rng).unwrap();
    let size = *[15, 20].choose(&mut rng).unwrap();
    let ending = *ENDINGS.choose(&mut rng).unwrap();
    let game = random_game(&mut rng, rule, size, ending);
    let meta = random_meta(&mut rng, &game);
    Record { game, meta }
}
