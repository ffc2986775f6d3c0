//! Round trips: random legal games written in every format and read back
//! give the same moves, and the same metadata where the format carries it.

mod formats_support;

use formats_support::{
    ChaCha8Rng, ENDINGS, Ending, SeedableRng, random_game, random_meta, random_record,
};
use gomoku_engine::record::formats::{
    Format, Metadata, Player, PlayerKind, Record, SavedResult, WinReason, move_string, psq, save,
    sgf,
};
use gomoku_engine::{ForbiddenPolicy, Rule};

const SEEDS: u64 = 150;

fn result_of(record: &Record) -> SavedResult {
    SavedResult::of(&record.game)
}

/// What the moves alone say about the result: resignations and timeouts are
/// not moves.
fn moves_only(result: SavedResult) -> SavedResult {
    match result {
        SavedResult::Win {
            reason: WinReason::Resign | WinReason::Timeout,
            ..
        } => SavedResult::Unfinished,
        other => other,
    }
}

fn assert_same_game(original: &Record, read: &Record, context: &str) {
    let (a, b) = (&original.game, &read.game);
    assert_eq!(b.moves(), a.moves(), "{context}: moves");
    assert_eq!(b.size(), a.size(), "{context}: size");
    assert_eq!(b.rule(), a.rule(), "{context}: rule");
    assert_eq!(b.board(), a.board(), "{context}: board");
}

#[test]
fn the_generator_makes_every_kind_of_ending() {
    // The round trips below only mean something if the games they feed in
    // cover fives, forbidden losses, resignations, timeouts and open games,
    // under every rule and on both sizes.
    let mut seen = std::collections::HashSet::new();
    for seed in 0..SEEDS {
        let record = random_record(seed);
        let ending = match result_of(&record) {
            SavedResult::Unfinished => "unfinished",
            SavedResult::Draw => "draw",
            SavedResult::Win { reason, .. } => match reason {
                WinReason::Five => "five",
                WinReason::Forbidden => "forbidden",
                WinReason::Resign => "resign",
                WinReason::Timeout => "timeout",
            },
        };
        seen.insert(ending.to_string());
        seen.insert(format!("{:?} {}", record.game.rule(), record.game.size()));
    }
    let mut expected: Vec<String> = ["unfinished", "five", "forbidden", "resign", "timeout"]
        .map(String::from)
        .to_vec();
    for rule in Rule::ALL {
        for size in [15, 20] {
            expected.push(format!("{rule:?} {size}"));
        }
    }
    for kind in expected {
        assert!(
            seen.contains(&kind),
            "no {kind} game among {SEEDS} seeds: {seen:?}"
        );
    }
}

#[test]
fn save_file_keeps_everything() {
    for seed in 0..SEEDS {
        let record = random_record(seed);
        let text = save::write(&record);
        let read = save::read(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(read, record, "seed {seed}\n{text}");
        // Writing again gives the same text: nothing is lost or reordered.
        assert_eq!(save::write(&read), text, "seed {seed}");
    }
}

#[test]
fn psq_keeps_moves_times_and_seats() {
    for seed in 0..SEEDS {
        let record = random_record(seed);
        let text = psq::write(&record);
        let read = psq::read(&text, record.game.rule())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let context = format!("seed {seed}\n{text}");
        assert_same_game(&record, &read, &context);
        assert_eq!(
            result_of(&read),
            moves_only(result_of(&record)),
            "{context}"
        );
        let forbidden_loss = matches!(
            result_of(&record),
            SavedResult::Win {
                reason: WinReason::Forbidden,
                ..
            }
        );
        let policy = if forbidden_loss {
            ForbiddenPolicy::Lose
        } else {
            ForbiddenPolicy::Refuse
        };
        assert_eq!(read.game.policy(), policy, "{context}");
        assert_eq!(
            read.meta.move_times_ms, record.meta.move_times_ms,
            "{context}"
        );
        for (a, b) in [
            (&record.meta.black, &read.meta.black),
            (&record.meta.white, &read.meta.white),
        ] {
            let written_name = a.name.replace(',', ";");
            assert_eq!(b.name, written_name, "{context}");
            match (&a.kind, &b.kind) {
                (PlayerKind::Human, PlayerKind::Human) => {}
                (PlayerKind::Ai { level: x }, PlayerKind::Ai { level: y }) => {
                    if x.parse::<u64>().is_ok() {
                        assert_eq!(x, y, "{context}");
                    }
                }
                other => panic!("{context}: seat kinds differ: {other:?}"),
            }
        }
    }
}

#[test]
fn sgf_keeps_moves_rule_names_result_date_and_comment() {
    for seed in 0..SEEDS {
        let record = random_record(seed);
        let text = sgf::write(&record);
        let read = sgf::read(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let context = format!("seed {seed}\n{text}");
        assert_same_game(&record, &read, &context);
        assert_eq!(result_of(&read), result_of(&record), "{context}");
        assert_eq!(read.meta.black.name, record.meta.black.name, "{context}");
        assert_eq!(read.meta.white.name, record.meta.white.name, "{context}");
        let day = record.meta.date.as_ref().map(|d| d[..10].to_string());
        assert_eq!(read.meta.date, day, "{context}");
        assert_eq!(read.meta.comment, record.meta.comment, "{context}");
    }
}

#[test]
fn move_string_keeps_the_moves() {
    for seed in 0..SEEDS {
        let record = random_record(seed);
        let text = move_string::write(&record.game);
        let game = move_string::read(&text, record.game.rule(), record.game.size())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let read = Record::new(game);
        assert_same_game(&record, &read, &format!("seed {seed}: {text}"));
        assert_eq!(
            result_of(&read),
            moves_only(result_of(&record)),
            "seed {seed}"
        );
    }
}

#[test]
fn every_format_through_the_common_entry_point() {
    // All three rules, both sizes, every ending, explicitly (not by chance).
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for rule in Rule::ALL {
        for size in [15, 20] {
            for ending in ENDINGS {
                let game = random_game(&mut rng, rule, size, ending);
                let meta = random_meta(&mut rng, &game);
                let record = Record { game, meta };
                for format in Format::ALL {
                    let text = format.write(&record);
                    let context = format!("{rule:?} {size} {ending:?} {format}\n{text}");
                    // An empty move string is the one file that says nothing about its format.
                    let detected = (!text.trim().is_empty()).then_some(format);
                    assert_eq!(Format::detect(text.as_bytes()), detected, "{context}");
                    let read = format
                        .read(text.as_bytes(), rule, size)
                        .unwrap_or_else(|e| panic!("{context}\n{e}"));
                    assert_same_game(&record, &read, &context);
                    let expected = match (format, ending) {
                        (Format::Save | Format::Sgf, _) => result_of(&record),
                        (_, Ending::Resign | Ending::Timeout) => SavedResult::Unfinished,
                        _ => result_of(&record),
                    };
                    assert_eq!(result_of(&read), expected, "{context}");
                }
            }
        }
    }
}

#[test]
fn a_full_board_draw_round_trips() {
    // Colour (x/2 + y) % 2 leaves no five anywhere on 5x5 (13 Black, 12 White).
    let points: Vec<_> = (0..5u8)
        .flat_map(|y| (0..5u8).map(move |x| gomoku_engine::Point::new(x, y)))
        .collect();
    let (black, white): (Vec<gomoku_engine::Point>, Vec<gomoku_engine::Point>) =
        points.into_iter().partition(|p| (p.x / 2 + p.y) % 2 == 0);
    let mut moves = Vec::new();
    for (i, &b) in black.iter().enumerate() {
        moves.push(b);
        if let Some(&w) = white.get(i) {
            moves.push(w);
        }
    }
    let game = gomoku_engine::Game::from_moves(Rule::Standard, 5, &moves).unwrap();
    let record = Record {
        game,
        meta: Metadata {
            black: Player {
                name: "B".into(),
                kind: PlayerKind::Human,
            },
            ..Metadata::default()
        },
    };
    assert_eq!(result_of(&record), SavedResult::Draw);
    for format in Format::ALL {
        let text = format.write(&record);
        let read = format.read(text.as_bytes(), Rule::Standard, 5).unwrap();
        assert_eq!(result_of(&read), SavedResult::Draw, "{format}\n{text}");
        assert_eq!(read.game.moves(), &moves[..]);
    }
}

#[test]
fn unfinished_games_of_every_length_round_trip() {
    // Prefixes of one long game: every length from the empty board on.
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let full = random_game(&mut rng, Rule::Renju, 15, Ending::Five);
    for len in 0..full.moves().len() {
        let game = gomoku_engine::Game::from_moves(Rule::Renju, 15, &full.moves()[..len]).unwrap();
        let record = Record::new(game);
        for format in Format::ALL {
            let text = format.write(&record);
            let read = format.read(text.as_bytes(), Rule::Renju, 15).unwrap();
            assert_eq!(read.game.moves(), &full.moves()[..len], "{format}");
        }
    }
}
