//! The checked-in sample files, and the errors each format gives for
//! specific bad input: the kind of error and where it points.

use gomoku_engine::record::formats::{
    ErrorKind, Format, FormatError, MoveProblem, PlayerKind, Record, SavedResult, TimeControl,
    WinReason, decode, move_string, psq, save, sgf,
};
use gomoku_engine::record::{GameResult, MoveError};
use gomoku_engine::rules::{ForbiddenKind, IllegalMove};
use gomoku_engine::{Color, ForbiddenPolicy, Point, Rule};

fn sample(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/formats/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn sample_text(name: &str) -> String {
    String::from_utf8(sample(name)).unwrap()
}

fn h8(text: &str, size: usize) -> Point {
    Point::parse(text, size).unwrap()
}

fn moves(record: &Record) -> Vec<String> {
    let size = record.game.size();
    record
        .game
        .moves()
        .iter()
        .map(|p| p.to_notation(size))
        .collect()
}

fn move_problem(e: &FormatError) -> (usize, &MoveProblem) {
    match &e.kind {
        ErrorKind::Move {
            number, problem, ..
        } => (*number, problem),
        other => panic!("expected a move error, got {other:?} ({e})"),
    }
}

// ---- samples -------------------------------------------------------------

#[test]
fn sample_save_file() {
    let bytes = sample("freestyle-five.ron");
    assert_eq!(Format::detect(&bytes), Some(Format::Save));
    let record = Format::Save
        .read(&bytes, Rule::Renju, 19) // rule and size come from the file
        .unwrap();
    assert_eq!(record.game.rule(), Rule::Freestyle);
    assert_eq!(record.game.size(), 15);
    assert_eq!(
        moves(&record),
        ["h8", "i9", "h9", "j10", "h10", "g7", "h11", "a1", "h12"]
    );
    assert!(matches!(
        record.game.result(),
        Some(GameResult::Five {
            winner: Color::Black,
            ..
        })
    ));
    assert_eq!(
        record.meta.white.kind,
        PlayerKind::Ai {
            level: "Hard".into()
        }
    );
    assert_eq!(
        record.meta.time_control,
        Some(TimeControl::PerGame {
            total_ms: 600_000,
            increment_ms: 5000
        })
    );
    assert_eq!(record.meta.move_times_ms.len(), 9);
    assert_eq!(record.meta.date.as_deref(), Some("2026-11-30T07:55:08Z"));
}

#[test]
fn sample_from_a_newer_version_is_refused_as_such() {
    let e = Format::Save
        .read(&sample("newer-version.ron"), Rule::Freestyle, 15)
        .unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::NewerVersion {
            found: 3,
            supported: 2
        }
    );
    assert!(e.to_string().contains("newer version"), "{e}");
}

#[test]
fn sample_piskvork_file_with_crlf_and_error_code() {
    let bytes = sample("piskvork-20x20.psq");
    assert_eq!(Format::detect(&bytes), Some(Format::Psq));
    let record = Format::Psq.read(&bytes, Rule::Freestyle, 15).unwrap();
    assert_eq!(record.game.size(), 20);
    assert_eq!(record.game.moves()[0], Point::new(9, 9));
    assert_eq!(record.game.moves().len(), 10);
    assert_eq!(
        SavedResult::of(&record.game),
        SavedResult::Win {
            winner: Color::White,
            reason: WinReason::Five
        }
    );
    assert_eq!(record.meta.move_times_ms[..3], [1500, 2300, 800]);
    assert_eq!(record.meta.black.kind, PlayerKind::Human);
}

#[test]
fn sample_tournament_psq_names_the_seat_that_moved_first_black() {
    let record = psq::read(&sample_text("tournament-names.psq"), Rule::Standard).unwrap();
    // Header "11:11, 1": both seats are AIs at level 10, and seat 1 began.
    assert_eq!(record.meta.black.name, "pbrain-embryo.exe");
    assert_eq!(record.meta.white.name, "pbrain-rapfi.exe");
    assert_eq!(
        record.meta.black.kind,
        PlayerKind::Ai { level: "10".into() }
    );
    assert_eq!(record.game.moves()[0], Point::new(7, 7));
    assert_eq!(record.game.moves().len(), 5);
    assert!(!record.game.is_over());
}

#[test]
fn sample_renju_psq_ending_on_a_forbidden_point() {
    let text = sample_text("renju-forbidden.psq");
    let record = psq::read(&text, Rule::Renju).unwrap();
    assert_eq!(record.game.policy(), ForbiddenPolicy::Lose);
    match record.game.result() {
        Some(GameResult::Forbidden { point, why }) => {
            assert_eq!(*point, h8("i8", 15));
            assert_eq!(why.kind, ForbiddenKind::DoubleThree);
        }
        other => panic!("expected a forbidden loss, got {other:?}"),
    }
    // The same moves under freestyle are simply an open game.
    let free = psq::read(&text, Rule::Freestyle).unwrap();
    assert!(!free.game.is_over());
}

#[test]
fn sample_psq_with_an_occupied_point_names_the_line() {
    let e = psq::read(&sample_text("occupied.psq"), Rule::Freestyle).unwrap_err();
    assert_eq!(e.line, Some(5));
    let (number, problem) = move_problem(&e);
    assert_eq!(number, 4);
    assert_eq!(
        problem,
        &MoveProblem::Rejected(MoveError::Illegal(IllegalMove::Occupied(Point::new(8, 8))))
    );
    assert!(e.to_string().contains("line 5"), "{e}");
}

#[test]
fn sample_sgf_main_line_escapes_and_resignation() {
    let bytes = sample("variations.sgf");
    assert_eq!(Format::detect(&bytes), Some(Format::Sgf));
    let record = sgf::read(&sample_text("variations.sgf")).unwrap();
    assert_eq!(record.game.rule(), Rule::Renju);
    assert_eq!(moves(&record), ["h8", "i7", "j6", "g9", "k5"]);
    assert_eq!(record.meta.black.name, "Black ] player");
    assert_eq!(record.meta.white.name, "White\\Player");
    assert_eq!(record.meta.date.as_deref(), Some("2024-03-05"));
    assert_eq!(
        record.meta.comment.as_deref(),
        Some("A test game. Soft break joins these lines.")
    );
    assert_eq!(
        record.game.result(),
        Some(&GameResult::Resigned {
            loser: Color::Black
        })
    );
}

#[test]
fn sample_katagomo_sgf_written_as_go() {
    let record = sgf::read(&sample_text("katagomo-gm1.sgf")).unwrap();
    // RU holds Go rules there: ignored under GM[1], so freestyle.
    assert_eq!(record.game.rule(), Rule::Freestyle);
    assert_eq!(record.game.size(), 15);
    assert_eq!(
        SavedResult::of(&record.game),
        SavedResult::Win {
            winner: Color::Black,
            reason: WinReason::Five
        }
    );
    assert_eq!(record.meta.black.name, "katagomo-b");
}

#[test]
fn sample_move_string() {
    let bytes = sample("moves.txt");
    assert_eq!(Format::detect(&bytes), Some(Format::MoveString));
    let record = Format::MoveString.read(&bytes, Rule::Standard, 15).unwrap();
    assert_eq!(record.game.rule(), Rule::Standard);
    assert_eq!(record.game.moves().len(), 9);
    assert!(record.game.is_over());
    assert_eq!(move_string::write(&record.game), "h8i9h9j10h10g7h11a1h12");
}

#[test]
fn writers_produce_the_checked_in_files() {
    // golden.* were written from freestyle-five.ron and checked by hand
    // (h8 = psq 8,8 = SGF hh; a1 = psq 1,15 = SGF ao). A change to a writer
    // shows up here as a diff, not as a silent format change.
    let record = save::read(&sample_text("freestyle-five.ron")).unwrap();
    for format in Format::ALL {
        let name = format!("golden.{}", format.extension());
        assert_eq!(format.write(&record), sample_text(&name), "{name}");
        let read = format.read(&sample(&name), Rule::Freestyle, 15).unwrap();
        assert_eq!(read.game, record.game, "{name}");
    }
}

// ---- save file errors --------------------------------------------------------

const GOOD_SAVE: &str = r#"SavedGame(version: 1, rule: Freestyle, size: 15,
    moves: ["h8", "i9", "h9"], result: Unfinished)"#;

fn save_with(from: &str, to: &str) -> Result<Record, FormatError> {
    assert!(GOOD_SAVE.contains(from));
    save::read(&GOOD_SAVE.replacen(from, to, 1))
}

#[test]
fn save_minimal_file_and_defaults() {
    let record = save::read(GOOD_SAVE).unwrap();
    assert_eq!(record.game.moves().len(), 3);
    assert_eq!(record.game.policy(), ForbiddenPolicy::Refuse);
    assert_eq!(record.meta, Default::default());
    // Without the struct name too, and with x,y points.
    let bare = GOOD_SAVE
        .replace("SavedGame(", "(")
        .replace("\"h8\"", "\"7,7\"");
    assert_eq!(save::read(&bare).unwrap().game.moves(), record.game.moves());
}

#[test]
fn save_unknown_fields_are_tolerated() {
    let record = save_with(
        "size: 15,",
        "size: 15, handicap: Some(\"sure\"), extra: [1, (2, 3)],",
    )
    .unwrap();
    assert_eq!(record.game.moves().len(), 3);
}

#[test]
fn save_version_errors() {
    let newer = save_with("version: 1", "version: 7").unwrap_err();
    assert_eq!(
        newer.kind,
        ErrorKind::NewerVersion {
            found: 7,
            supported: 2
        }
    );
    assert!(matches!(
        save_with("version: 1", "version: 0").unwrap_err().kind,
        ErrorKind::Unsupported(_)
    ));
    let missing = save_with("version: 1,", "").unwrap_err();
    assert!(matches!(missing.kind, ErrorKind::Syntax(_)), "{missing}");
    assert!(missing.to_string().contains("version"), "{missing}");
}

#[test]
fn save_numbers_out_of_range() {
    for bad in [
        "size: 99999999999999999999999999",
        "size: -15",
        "size: 15.5",
    ] {
        let e = save_with("size: 15", bad).unwrap_err();
        assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{bad}: {e}");
        assert_eq!(e.line, Some(1), "{bad}: {e}");
    }
    let e = save_with("size: 15", "size: 1000").unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
    let e = save_with(
        "result: Unfinished",
        "result: Unfinished, move_times_ms: [1, -2]",
    )
    .unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{e}");
    assert_eq!(e.line, Some(2), "{e}");
}

#[test]
fn save_illegal_moves_name_the_move() {
    let e = save_with("\"h9\"", "\"h8\"").unwrap_err();
    assert_eq!(
        move_problem(&e),
        (
            3,
            &MoveProblem::Rejected(MoveError::Illegal(IllegalMove::Occupied(Point::new(7, 7))))
        )
    );
    assert!(e.to_string().contains("move 3 (h8)"), "{e}");
    let e = save_with("\"h9\"", "\"p9\"").unwrap_err();
    assert!(
        matches!(move_problem(&e), (3, MoveProblem::Notation(_))),
        "{e}"
    );
    let e = save_with("\"i9\"", "\"i99\"").unwrap_err();
    assert!(
        matches!(move_problem(&e), (2, MoveProblem::Notation(_))),
        "{e}"
    );
    // A move after a five.
    let text = save::write(&save::read(&sample_text("freestyle-five.ron")).unwrap());
    let e = save::read(&text.replace("\"h12\"]", "\"h12\", \"o1\"]")).unwrap_err();
    assert_eq!(
        move_problem(&e),
        (10, &MoveProblem::Rejected(MoveError::GameOver))
    );
}

#[test]
fn save_result_must_match_the_moves() {
    let five = sample_text("freestyle-five.ron");
    for claimed in [
        "Unfinished",
        "Draw",
        "Win(winner: White, reason: Five)",
        "Win(winner: Black, reason: Resign)",
    ] {
        let text = five.replace("Win(winner: Black, reason: Five)", claimed);
        let e = save::read(&text).unwrap_err();
        assert!(
            matches!(e.kind, ErrorKind::Inconsistent(_)),
            "{claimed}: {e}"
        );
    }
    // A resignation or timeout on an open game is taken as stated.
    let resigned = save_with("Unfinished", "Win(winner: White, reason: Resign)").unwrap();
    assert_eq!(
        resigned.game.result(),
        Some(&GameResult::Resigned {
            loser: Color::Black
        })
    );
    let e = save_with("Unfinished", "Win(winner: White, reason: Five)").unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Inconsistent(_)), "{e}");
}

#[test]
fn save_forbidden_move_under_each_policy() {
    // Black's i8 is a double-three; "g8a1h8a2i10a3i11a4" sets it up.
    let base = r#"SavedGame(version: 1, rule: Renju, size: 15, policy: POLICY,
        moves: ["g8", "a1", "h8", "a2", "i10", "a3", "i11", "a4", "i8"], result: RESULT)"#;
    let lose = base
        .replace("POLICY", "Lose")
        .replace("RESULT", "Win(winner: White, reason: Forbidden)");
    let record = save::read(&lose).unwrap();
    assert!(matches!(
        record.game.result(),
        Some(GameResult::Forbidden { .. })
    ));
    let refuse = base
        .replace("POLICY", "Refuse")
        .replace("RESULT", "Win(winner: White, reason: Forbidden)");
    let e = save::read(&refuse).unwrap_err();
    match move_problem(&e) {
        (9, MoveProblem::Rejected(MoveError::Illegal(IllegalMove::Forbidden(p, why)))) => {
            assert_eq!(*p, h8("i8", 15));
            assert_eq!(why.kind, ForbiddenKind::DoubleThree);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn save_times_and_dates_are_checked() {
    let e = save_with(
        "result: Unfinished",
        "result: Unfinished, move_times_ms: [1, 2, 3, 4]",
    )
    .unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Inconsistent(_)), "{e}");
    assert!(
        save_with(
            "result: Unfinished",
            "result: Unfinished, move_times_ms: [1, 2]"
        )
        .is_ok()
    );
    for date in ["\"2024-02-30\"", "\"tomorrow\"", "\"2024-01-01 10:00\""] {
        let e = save_with(
            "result: Unfinished",
            &format!("result: Unfinished, date: Some({date})"),
        )
        .unwrap_err();
        assert!(matches!(e.kind, ErrorKind::Inconsistent(_)), "{date}: {e}");
    }
}

#[test]
fn save_deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let e = save_with("size: 15,", &format!("size: 15, extra: {deep},")).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{e}");
    let e = save::read(&"(".repeat(500_000)).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{e}");
}

// ---- psq errors --------------------------------------------------------------

fn psq_error(text: &str) -> FormatError {
    psq::read(text, Rule::Freestyle).unwrap_err()
}

#[test]
fn psq_header_errors() {
    let e = psq_error("Piskvorky 20x15, 0:0, 0\n1,1,0\n");
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
    assert_eq!(e.line, Some(1));
    let e = psq_error("Piskvorky 40x40, 0:0, 0\n");
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
    for bad in [
        "",
        "Piskvork 15x15, 0:0, 0",
        "Piskvorky 15x15",
        "Piskvorky 15x15, 0:0, 2",
        "Piskvorky 15x15, -1:0, 0",
        "Piskvorky 99999999999999999999999x15, 0:0, 0",
        "Piskvorky 15*15, 0:0, 0",
    ] {
        let e = psq_error(bad);
        assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{bad}: {e}");
        assert_eq!(e.line, Some(1), "{bad}");
    }
}

#[test]
fn psq_move_errors_name_the_line() {
    let head = "Piskvorky 15x15, 0:0, 0\n8,8,0\n";
    for (line, expect_off_board) in [
        ("0,5,0", true),
        ("16,1,0", true),
        ("-3,4,0", true),
        ("-9223372036854775808,4,0", true),
        ("9223372036854775807,-9223372036854775808", true),
        ("4,99999999999999999999999,0", false),
        ("4,5,-20", false),
    ] {
        let e = psq_error(&format!("{head}{line}\n-1\n"));
        assert_eq!(e.line, Some(3), "{line}: {e}");
        if expect_off_board {
            assert!(
                matches!(move_problem(&e), (2, MoveProblem::Notation(_))),
                "{e}"
            );
        } else {
            assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{line}: {e}");
        }
    }
    // A move after the game ended: Black's five on row 8, then one more.
    let text = "Piskvorky 15x15, 0:0, 0\n1,8\n1,1\n2,8\n2,1\n3,8\n3,1\n4,8\n4,1\n5,8\n9,9\n";
    let e = psq_error(text);
    assert_eq!(
        move_problem(&e),
        (10, &MoveProblem::Rejected(MoveError::GameOver))
    );
    assert_eq!(e.line, Some(11));
}

#[test]
fn psq_trailer_rules() {
    let head = "Piskvorky 15x15, 0:3, 0\n8,8,0\n9,9,0\n";
    let record = psq::read(&format!("{head}\n\n"), Rule::Freestyle).unwrap();
    assert_eq!(record.game.moves().len(), 2);
    assert_eq!(record.meta.white.kind, PlayerKind::Ai { level: "2".into() });
    let named = psq::read(&format!("{head}Ann\nBob\n"), Rule::Freestyle).unwrap();
    assert_eq!(
        (
            named.meta.black.name.as_str(),
            named.meta.white.name.as_str()
        ),
        ("Ann", "Bob")
    );
    for bad in ["junk\n", "Ann\nBob\nnot-a-code\n", "a\nb\n-1\n10,10,0\n"] {
        let e = psq_error(&format!("{head}{bad}"));
        assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{bad:?}: {e}");
        assert!(e.line.unwrap() >= 4, "{bad:?}: {e}");
    }
}

// ---- SGF errors --------------------------------------------------------------

fn sgf_error(text: &str) -> FormatError {
    sgf::read(text).unwrap_err()
}

#[test]
fn sgf_game_type_size_and_rule() {
    let e = sgf_error("(;GM[2]SZ[8];B[dd])");
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
    let e = sgf_error("(;GM[4]SZ[15:13];B[dd])");
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
    let e = sgf_error("(;GM[4]SZ[30];B[dd])");
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
    let e = sgf_error("(;GM[4]SZ[fifteen])");
    assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{e}");
    let e = sgf_error("(;GM[4]RU[Caro])");
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
    assert_eq!((e.line, e.column), (Some(1), Some(11)), "{e}");
    // Defaults: no GM is Gomoku, no SZ is 15 (19 under GM[1]), no RU is freestyle.
    let record = sgf::read("(;B[hh])").unwrap();
    assert_eq!(
        (record.game.size(), record.game.rule()),
        (15, Rule::Freestyle)
    );
    assert_eq!(sgf::read("(;GM[1];B[hh])").unwrap().game.size(), 19);
    for (ru, rule) in [
        ("RIF Renju", Rule::Renju),
        ("standard", Rule::Standard),
        ("Exactly five", Rule::Standard),
        ("Freestyle gomoku", Rule::Freestyle),
    ] {
        let record = sgf::read(&format!("(;GM[4]RU[{ru}];B[hh])")).unwrap();
        assert_eq!(record.game.rule(), rule, "{ru}");
    }
    // Old-style long property names: lower-case letters are ignored.
    let record = sgf::read("(;GaMe[4]SiZe[20]PlayerBlack[X];B[hh])").unwrap();
    assert_eq!(record.game.size(), 20);
    assert_eq!(record.meta.black.name, "X");
}

#[test]
fn sgf_move_errors() {
    let e = sgf_error("(;GM[4]SZ[15];B[hh];B[ii])");
    assert_eq!(
        move_problem(&e),
        (
            2,
            &MoveProblem::WrongColor {
                expected: Color::White,
                found: Color::Black
            }
        )
    );
    assert_eq!((e.line, e.column), (Some(1), Some(23)), "{e}");
    for pass in ["(;SZ[15];B[hh];W[])", "(;SZ[15];B[hh];W[tt])"] {
        assert_eq!(
            move_problem(&sgf_error(pass)),
            (2, &MoveProblem::Pass),
            "{pass}"
        );
    }
    // On 20x20, tt is the bottom-right corner, not a pass.
    let record = sgf::read("(;SZ[20];B[tt])").unwrap();
    assert_eq!(record.game.moves(), [Point::new(19, 19)]);
    for bad in [
        "(;SZ[15];B[pa])",
        "(;SZ[15];B[HH])",
        "(;SZ[15];B[hhh])",
        "(;SZ[15];B[h])",
    ] {
        let e = sgf_error(bad);
        assert!(
            matches!(move_problem(&e), (1, MoveProblem::Notation(_))),
            "{bad}: {e}"
        );
    }
    let e = sgf_error("(;SZ[15];B[hh];W[hh])");
    assert_eq!(
        move_problem(&e),
        (
            2,
            &MoveProblem::Rejected(MoveError::Illegal(IllegalMove::Occupied(Point::new(7, 7))))
        )
    );
    let e = sgf_error("(;SZ[15];B[hh]W[ii])");
    assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{e}");
    let e = sgf_error("(;SZ[15]AB[hh][ii];W[jj])");
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
    // A move after a five.
    let five = "(;SZ[15];B[aa];W[ab];B[ba];W[bb];B[ca];W[cb];B[da];W[db];B[ea];W[eb])";
    assert_eq!(
        move_problem(&sgf_error(five)),
        (10, &MoveProblem::Rejected(MoveError::GameOver))
    );
}

#[test]
fn sgf_syntax_errors_point_at_the_problem() {
    for (text, line, column) in [
        ("", 1, 1),
        ("GM[4]", 1, 1),
        ("(;GM[4]\n;B[hh]", 2, 7),
        ("(;GM[4]\n;B[hh", 2, 6),
        ("(;GM\n[4]x)", 2, 4),
        ("(;PB)", 1, 3),
        ("()", 1, 3),
    ] {
        let e = sgf_error(text);
        assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{text:?}: {e}");
        assert_eq!(
            (e.line, e.column),
            (Some(line), Some(column)),
            "{text:?}: {e}"
        );
    }
}

#[test]
fn sgf_results() {
    for (re, expected) in [
        (
            "B+R",
            Some(GameResult::Resigned {
                loser: Color::White,
            }),
        ),
        (
            "W+Resign",
            Some(GameResult::Resigned {
                loser: Color::Black,
            }),
        ),
        (
            "W+T",
            Some(GameResult::Timeout {
                loser: Color::Black,
            }),
        ),
        (
            "B+Time",
            Some(GameResult::Timeout {
                loser: Color::White,
            }),
        ),
        ("B+", None),
        // A draw the moves do not give was agreed.
        ("0", Some(GameResult::AgreedDraw)),
        ("?", None),
        ("Void", None),
        ("junk", None),
    ] {
        let record = sgf::read(&format!("(;SZ[15]RE[{re}];B[hh];W[ii])")).unwrap();
        assert_eq!(record.game.result(), expected.as_ref(), "{re}");
    }
}

#[test]
fn sgf_deep_nesting_costs_no_stack() {
    let n = 200_000;
    let deep = format!("(;SZ[15]{};B[hh]{})", "(;".repeat(n), ")".repeat(n));
    assert_eq!(sgf::read(&deep).unwrap().game.moves().len(), 1);
    let unclosed = format!("(;SZ[15]{}", "(".repeat(n));
    assert!(matches!(sgf_error(&unclosed).kind, ErrorKind::Syntax(_)));
}

// ---- move strings and raw bytes ------------------------------------------------

#[test]
fn move_string_errors() {
    let e = move_string::read("h8i9z1", Rule::Freestyle, 15).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Syntax(_)), "{e}");
    let e = move_string::read("h8i9h8", Rule::Freestyle, 15).unwrap_err();
    assert_eq!(
        move_problem(&e),
        (
            3,
            &MoveProblem::Rejected(MoveError::Illegal(IllegalMove::Occupied(Point::new(7, 7))))
        )
    );
    let e = move_string::read("h8", Rule::Freestyle, 40).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Unsupported(_)), "{e}");
}

#[test]
fn bytes_are_checked_for_size_and_utf8() {
    for format in Format::ALL {
        let e = decode(format, b"line one\nli\xFFne two").unwrap_err();
        assert_eq!(e.kind, ErrorKind::NotUtf8);
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        let junk = vec![b'('; 10 << 20];
        let e = format.read(&junk, Rule::Freestyle, 15).unwrap_err();
        assert_eq!(e.kind, ErrorKind::TooLarge { bytes: 10 << 20 });
        assert!(e.to_string().contains("limit"), "{e}");
    }
    // A byte-order mark is not part of the text.
    let with_bom = [b"\xEF\xBB\xBF".as_slice(), &sample("variations.sgf")].concat();
    assert_eq!(Format::detect(&with_bom), Some(Format::Sgf));
    assert!(Format::Sgf.read(&with_bom, Rule::Freestyle, 15).is_ok());
    let bom_text = format!("\u{feff}{}", sample_text("tournament-names.psq"));
    assert_eq!(
        psq::read(&bom_text, Rule::Freestyle)
            .unwrap()
            .game
            .moves()
            .len(),
        5
    );
}

#[test]
fn format_names_and_extensions() {
    for format in Format::ALL {
        assert_eq!(Format::from_extension(format.extension()), Some(format));
        assert_eq!(
            Format::from_extension(&format!(".{}", format.extension().to_uppercase())),
            Some(format)
        );
    }
    assert_eq!(Format::from_extension("exe"), None);
    assert_eq!(Format::detect(b"   \n"), None);
    assert_eq!(Format::detect(b"1234"), None);
}
