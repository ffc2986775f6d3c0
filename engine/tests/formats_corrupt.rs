//! Corrupt input: every truncation of valid files, random byte flips, random
//! bytes and huge hostile files. Readers must return an error or a legal
//! game, never panic, and finish quickly.

mod formats_support;

use formats_support::{ChaCha8Rng, IndexedRandom, Rng, RngExt, SeedableRng, random_record};
use gomoku_engine::Point;
use gomoku_engine::record::formats::{ErrorKind, Format, MAX_INPUT_BYTES, Record};

/// Valid files of `format`: random games plus the checked-in samples.
fn valid_files(format: Format) -> Vec<(Vec<u8>, Record)> {
    (1000..1006)
        .map(|seed| {
            let record = random_record(seed);
            (format.write(&record).into_bytes(), record)
        })
        .collect()
}

fn read(format: Format, bytes: &[u8], record: &Record) -> Option<Record> {
    format
        .read(bytes, record.game.rule(), record.game.size())
        .ok()
}

/// Whatever a reader accepts must be a record it can write and read back
/// unchanged: a legal game, not half-parsed state.
fn assert_stable(format: Format, read_back: &Record, context: &str) {
    let text = format.write(read_back);
    let again = format
        .read(
            text.as_bytes(),
            read_back.game.rule(),
            read_back.game.size(),
        )
        .unwrap_or_else(|e| panic!("{context}: accepted, but its rewrite fails: {e}\n{text}"));
    assert_eq!(again.game.moves(), read_back.game.moves(), "{context}");
}

#[test]
fn every_truncation_is_an_error_or_a_prefix_of_the_game() {
    for format in Format::ALL {
        for (bytes, record) in valid_files(format) {
            let original = record.game.moves();
            for cut in 0..bytes.len() {
                let Some(read_back) = read(format, &bytes[..cut], &record) else {
                    continue;
                };
                // The last move read may be a cut-off number ("j1" of "j10").
                let moves: &[Point] = read_back.game.moves();
                let whole = moves.len().saturating_sub(1);
                assert!(
                    moves.len() <= original.len() && moves[..whole] == original[..whole],
                    "{format}, cut at {cut}: {moves:?} is not a prefix of {original:?}"
                );
            }
        }
    }
}

#[test]
fn random_byte_flips_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xF11B);
    let mut accepted = 0;
    for format in Format::ALL {
        for (bytes, record) in valid_files(format) {
            for round in 0..400 {
                let mut corrupt = bytes.clone();
                for _ in 0..1 + rng.random_range(0..3) {
                    let i = rng.random_range(0..corrupt.len());
                    corrupt[i] = rng.next_u64() as u8;
                }
                if let Some(read_back) = read(format, &corrupt, &record) {
                    accepted += 1;
                    assert_stable(format, &read_back, &format!("{format} flip round {round}"));
                }
            }
        }
    }
    // Some flips (in a name, a time, a digit) leave a valid file; the check
    // above then ran on them.
    assert!(accepted > 0);
}

/// Bytes that the format's grammar is made of, so that random text gets
/// past the first character of the parsers.
fn alphabet(format: Format) -> &'static [u8] {
    match format {
        Format::Save => {
            b"SavedGame()[]:,\"version1ruleFreestylesizemovesh8i9resultUnfinishedWin \n-.//*"
        }
        Format::Psq => b"Piskvorky 0123456789,x:-\n\r ",
        Format::Sgf => b"(;)[]\\BWGMSZRUaabcdehist0123456789:+ \n",
        Format::MoveString => b"abchijost0123456789 ,;\n",
    }
}

#[test]
fn random_text_never_panics() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EED);
    for format in Format::ALL {
        let letters = alphabet(format);
        for round in 0..3000 {
            let len = rng.random_range(0..600);
            let bytes: Vec<u8> = if round % 4 == 0 {
                (0..len).map(|_| rng.next_u64() as u8).collect()
            } else {
                (0..len)
                    .map(|_| *letters.choose(&mut rng).unwrap())
                    .collect()
            };
            if let Ok(read_back) = format.read(&bytes, gomoku_engine::Rule::Renju, 15) {
                assert_stable(
                    format,
                    &read_back,
                    &format!("{format} random round {round}"),
                );
            }
        }
    }
}

#[test]
fn huge_hostile_files_are_refused_quickly() {
    let limit = MAX_INPUT_BYTES;
    let fill = |head: &str, unit: &str| {
        let mut text = head.to_string();
        while text.len() + unit.len() <= limit {
            text.push_str(unit);
        }
        text
    };
    let cases = [
        (
            Format::Save,
            fill(
                "SavedGame(version: 1, rule: Renju, size: 15, moves: [",
                "\"h8\", ",
            ),
        ),
        (Format::Save, fill("SavedGame(version: 1, extra: ", "[")),
        (
            Format::Save,
            fill("SavedGame(version: 1, comment: Some(\"", "junk "),
        ),
        (Format::Psq, fill("Piskvorky 15x15, 0:0, 0\n", "1,1,0\n")),
        (Format::Psq, fill("Piskvorky 15x15, 0:0, 0\n", "9")),
        (Format::Sgf, fill("(;SZ[15]", ";B[aa]")),
        (Format::Sgf, fill("", "(")),
        (Format::Sgf, fill("(;C[", "\\]")),
        (Format::MoveString, fill("", "h8")),
        (Format::MoveString, fill("h", "1")),
    ];
    for (format, text) in cases {
        assert!(text.len() <= limit);
        let head: String = text.chars().take(40).collect();
        let e = format
            .read(text.as_bytes(), gomoku_engine::Rule::Renju, 15)
            .expect_err(&head);
        assert!(
            !matches!(e.kind, ErrorKind::TooLarge { .. }),
            "{format} {head}: should be read, then refused for its content"
        );
        // One byte more than the limit is refused before parsing.
        let mut over = text.into_bytes();
        over.resize(limit + 1, b' ');
        let e = format
            .read(&over, gomoku_engine::Rule::Renju, 15)
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::TooLarge { bytes: limit + 1 });
    }
}
