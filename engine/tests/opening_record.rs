//! Openings in saved games: the RON save file records the phases and
//! swaps (version 2) and restores them mid-opening; version-1 files still
//! load; SGF and psq export the final position's moves.

use gomoku_engine::opening::ai::{Budget, OpeningAi};
use gomoku_engine::opening::{Action, Decision, Opening, OpeningRule, Seat, Task};
use gomoku_engine::record::formats::{ErrorKind, Format, Record};
use gomoku_engine::search::{Level, Searcher};
use gomoku_engine::{Game, Point, Rule};
use std::sync::atomic::AtomicBool;

fn pt(s: &str) -> Point {
    Point::parse(s, 15).unwrap()
}

fn places(moves: &str) -> Vec<Action> {
    gomoku_engine::board::parse_move_list(moves, 15)
        .unwrap()
        .into_iter()
        .map(Action::Place)
        .collect()
}

fn record_after(rule: OpeningRule, game_rule: Rule, actions: &[Action]) -> Record {
    let (_, game) = Opening::replay(rule, Game::new(game_rule, 15).unwrap(), actions).unwrap();
    Record::new(game)
}

/// Soosorv after Kansei, a swap, White's 4th, N = 3 and two of the offers.
fn soosorv_mid_offers() -> Record {
    let mut actions = places("h8h9h10");
    actions.extend([
        Action::Decide(Decision::Swap),
        Action::Place(pt("h6")),
        Action::Declare(3),
        Action::Decide(Decision::Keep),
        Action::Offer(pt("g9")),
        Action::Offer(pt("j11")),
    ]);
    record_after(OpeningRule::Soosorv8, Rule::Renju, &actions)
}

fn save_round_trip(record: &Record) -> (String, Record) {
    let text = Format::Save.write(record);
    let read = Format::Save
        .read(text.as_bytes(), Rule::Freestyle, 15)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    (text, read)
}

#[test]
fn a_game_saved_mid_opening_loads_in_the_same_phase() {
    let record = soosorv_mid_offers();
    let (text, read) = save_round_trip(&record);
    assert!(text.contains("version: 2"), "{text}");
    assert!(
        text.contains(r#"Decide(Swap), Place("h6"), Declare(3)"#),
        "{text}"
    );
    assert_eq!(read, record);
    let opening = read.game.opening().unwrap().clone();
    assert_eq!(opening.swaps(), 1);
    assert_eq!(opening.black_seat(), Seat::Second);
    assert_eq!(opening.offers(), &[pt("g9"), pt("j11")]);
    assert_eq!(
        opening.phase().unwrap().task,
        Task::Offer { left: 1, total: 3 }
    );
}

#[test]
fn the_time_of_every_opening_action_is_saved_and_loaded_mid_opening() {
    let mut record = soosorv_mid_offers();
    // Nine actions so far; the last one's time is not known (it is shorter),
    // the choices and offers took time too.
    let times = [4_100, 2_200, 3_300, 15_000, 6_500, 9_000, 12_000, 800];
    record.meta.opening_times_ms = times.to_vec();
    record.meta.move_times_ms = vec![4_100, 2_200, 3_300, 6_500];
    let (text, read) = save_round_trip(&record);
    assert!(
        text.contains("times_ms: [4100, 2200, 3300, 15000, 6500, 9000, 12000, 800]"),
        "{text}"
    );
    assert_eq!(read, record);
    assert_eq!(read.meta.opening_times_ms, times);

    // A file from before the opening's times loads, without them.
    let older = text.replace(
        ", times_ms: [4100, 2200, 3300, 15000, 6500, 9000, 12000, 800]",
        "",
    );
    assert!(!older.contains(" times_ms"), "{older}");
    let read = Format::Save
        .read(older.as_bytes(), Rule::Freestyle, 15)
        .unwrap();
    assert!(read.meta.opening_times_ms.is_empty());
    assert_eq!(read.game, record.game);

    // More times than actions is refused.
    let extra = text.replace("12000, 800]", "12000, 800, 5, 6]");
    assert!(
        inconsistency(&extra).contains("10 opening times for 9 opening actions"),
        "{extra}"
    );
}

#[test]
fn the_ai_finishes_an_opening_loaded_from_a_file() {
    let (_, read) = save_round_trip(&soosorv_mid_offers());
    let (mut opening, mut game) = (read.game.opening().unwrap().clone(), read.game);
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(Rule::Renju);
    while opening.phase().is_some() {
        let budget = Budget {
            nodes: 500,
            ..Budget::reproducible(Level::Advanced)
        };
        let mut ai = OpeningAi::new(&mut searcher, budget, 11, &cancel);
        for a in ai.plan(&opening, &game) {
            opening.apply(&mut game, a).unwrap();
        }
    }
    assert_eq!(opening.offers().len(), 3);
    assert_eq!(game.moves().len(), 5);
    // The game keeps the opening as of its last action, for saving.
    assert_eq!(game.opening(), Some(&opening));
}

#[test]
fn a_finished_opening_and_later_moves_round_trip_and_export_the_moves() {
    let mut actions = places("h8i9j8");
    actions.push(Action::Decide(Decision::AddTwo));
    actions.extend(places("g7k9"));
    actions.push(Action::Decide(Decision::Swap));
    let mut record = record_after(OpeningRule::Swap2, Rule::Standard, &actions);
    for m in ["h9", "h7", "g8"] {
        record.game.play(pt(m)).unwrap();
    }
    let (_, read) = save_round_trip(&record);
    assert_eq!(read, record);
    assert_eq!(
        read.game.opening().unwrap().color_of(Seat::First),
        gomoku_engine::Color::White
    );
    // SGF and psq carry the final position's moves, as an ordinary game.
    for format in [Format::Sgf, Format::Psq, Format::MoveString] {
        let text = format.write(&record);
        let other = format.read(text.as_bytes(), Rule::Standard, 15).unwrap();
        assert_eq!(other.game.moves(), record.game.moves(), "{format}\n{text}");
        assert_eq!(other.game.opening(), None);
    }
}

#[test]
fn free_games_stay_version_1_and_version_1_files_load() {
    let golden = include_str!("data/formats/golden.ron");
    let read = Format::Save
        .read(golden.as_bytes(), Rule::Freestyle, 15)
        .unwrap();
    assert_eq!(read.game.opening(), None);
    assert_eq!(Format::Save.write(&read), golden);
    // A Free opening is no opening for the file.
    let free = record_after(OpeningRule::Free, Rule::Freestyle, &[]);
    let (text, _) = save_round_trip(&free);
    assert!(
        text.contains("version: 1") && !text.contains("opening"),
        "{text}"
    );
}

fn inconsistency(text: &str) -> String {
    match Format::Save.read(text.as_bytes(), Rule::Freestyle, 15) {
        Err(e) => match e.kind {
            ErrorKind::Inconsistent(why) => why,
            other => panic!("{other:?}"),
        },
        Ok(r) => panic!("loaded: {r:?}"),
    }
}

#[test]
fn openings_that_do_not_fit_the_moves_are_refused_with_reasons() {
    let good = Format::Save.write(&soosorv_mid_offers());
    // The stones of the opening must be the game's first moves.
    let moved = good.replace(r#"moves: ["h8""#, r#"moves: ["g8""#);
    assert!(
        inconsistency(&moved).contains("not the first moves"),
        "{moved}"
    );
    // No moves after an unfinished opening.
    let more = good.replace(r#""h6"]"#, r#""h6", "a1"]"#);
    assert!(inconsistency(&more).contains("1 moves after an unfinished Soosorv-8"));
    // A symmetric offer is named by its number.
    let twin = good.replace(r#"Offer("j11")"#, r#"Offer("i9")"#);
    let why = inconsistency(&twin);
    assert!(
        why.starts_with("opening action 9: i9 is symmetric"),
        "{why}"
    );
    let bad_point = good.replace(r#"Offer("j11")"#, r#"Offer("z99")"#);
    assert!(inconsistency(&bad_point).starts_with("opening action 9:"));
}
