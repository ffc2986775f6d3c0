//! Game review and puzzles, headless: the review logic and the puzzle
//! logic of `gomoku::review` on `MinimalPlugins`, driven by the messages
//! the screens send, checked in what the screens show (the review's graph
//! points and marks, the board's source, the line drawn, the counts) and
//! in the data folder.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::board::shown::BoardSource;
use gomoku::persistence::Storage;
use gomoku::persistence::autosave::GameFiles;
use gomoku::play::ai::AiPacing;
use gomoku::play::game::{Match, MatchSettings, Mode};
use gomoku::play::replay::Replay;
use gomoku::review::game_review::{GameReview, ReviewCommand, ReviewEffort, ReviewStatus};
use gomoku::review::graph::ply_at;
use gomoku::review::line_stones::LineOnBoard;
use gomoku::review::puzzle_store::{FILE_NAME, PuzzleFile, StoredPuzzle};
use gomoku::review::puzzles::{PuzzleCommand, PuzzleDefence, PuzzleRef, Puzzles};
use gomoku::settings::Settings;
use gomoku::ui_core::Overlay;
use gomoku_engine::analysis::puzzles::{Failure, Outcome};
use gomoku_engine::analysis::review::{MoveClass, ReviewSettings};
use gomoku_engine::record::formats::Record;
use gomoku_engine::search::SearchLimits;
use gomoku_engine::{Color, Game, Rule};
use std::path::Path;
use std::time::{Duration, Instant};

mod support;
use support::{TempDir, point, points};

/// Black's closed three h8-j8 and closed three l9-l11 meet at l8, a double
/// four. White ignores it with a1 (the blunder, move 12); Black misses the
/// win with o1 (move 13); White blocks l8. (The engine's review test uses
/// the same game.)
const BLUNDER_AND_MISSED_VCF: &str = "h8g8i8i7j8j9l10k9l11l12l9a1o1l8";

/// The review and puzzle logic with the data folder at `dir`, the game of
/// `moves` open in the replay viewer, and quick searches.
fn review_app(dir: &Path, moves: &str, per_move: SearchLimits) -> App {
    let mut app = App::new();
    let settings = MatchSettings {
        mode: Mode::HumanVsHuman,
        ..MatchSettings::default()
    };
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(GameFiles::new(Some(Storage::new(dir))))
        .insert_resource(Settings::default())
        .insert_resource(Match::new(settings, &[], 0.0).unwrap())
        .insert_resource(AiPacing { min_move_secs: 0.0 })
        .insert_resource(ReviewEffort(ReviewSettings {
            limits: per_move,
            ..ReviewSettings::default()
        }))
        .insert_resource(PuzzleDefence(SearchLimits::depth(4)))
        .add_plugins(gomoku::play::plugin)
        .init_state::<Overlay>()
        .add_plugins(gomoku::review::plugin);
    let game = Game::from_moves(Rule::Freestyle, 15, &points(moves)).unwrap();
    app.insert_resource(Replay::new(Record::new(game), "test"));
    app.update();
    app
}

fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().resource_mut::<Messages<M>>().write(message);
    app.update();
}

/// Updates until `done` holds (the work runs on other threads).
fn update_until(app: &mut App, what: &str, limit: Duration, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
}

fn status(app: &App) -> &ReviewStatus {
    &app.world().resource::<GameReview>().status
}

fn reviewed_app(dir: &Path) -> App {
    let mut app = review_app(dir, BLUNDER_AND_MISSED_VCF, SearchLimits::depth(4));
    send(&mut app, ReviewCommand::ReviewReplay);
    update_until(&mut app, "the review", Duration::from_secs(120), |app| {
        matches!(status(app), ReviewStatus::Done(_))
    });
    app.update();
    app
}

#[test]
fn the_review_marks_the_blunder_and_the_missed_vcf_with_one_point_per_move() {
    let dir = TempDir::new("marks");
    let app = reviewed_app(&dir.0);
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Review
    );
    let review = app.world().resource::<GameReview>();
    let reviewed = review.reviewed().expect("done");
    let moves = points(BLUNDER_AND_MISSED_VCF).len();
    assert_eq!(reviewed.points.len(), moves);
    assert!(
        reviewed
            .points
            .iter()
            .enumerate()
            .all(|(i, p)| p.ply == i && (0.0..=1.0).contains(&p.black))
    );
    // White's a1 (ply 11) is a blunder; Black's o1 (ply 12) missed the VCF.
    assert_eq!(reviewed.points[11].mark.class, MoveClass::Blunder);
    assert_eq!(reviewed.points[11].mark.symbol(), "??");
    assert!(reviewed.points[12].mark.missed_win);
    assert!(reviewed.points[12].mark.symbol().ends_with('★'));
    let marked: Vec<usize> = reviewed
        .points
        .iter()
        .filter(|p| p.mark.missed_win)
        .map(|p| p.ply)
        .collect();
    assert_eq!(marked, vec![12]);
    let line = &reviewed.missed_win(12).expect("the missed win").line;
    assert_eq!(line[0], point("l8"));
    let black: Vec<String> = reviewed
        .review
        .player(Color::Black)
        .messages()
        .iter()
        .map(|m| m.english())
        .collect();
    assert!(
        black.contains(&"missed win at move 13".to_string()),
        "{black:?}"
    );
    // The missed win became a puzzle, kept in the data folder.
    let puzzles = app.world().resource::<Puzzles>();
    assert_eq!(puzzles.file.from_games.len(), 1);
    assert_eq!(puzzles.file.from_games[0].move_number, 13);
    let files = app.world().resource::<GameFiles>();
    assert!(files.writer.wait_idle(Duration::from_secs(10)));
    let (kept, _) = PuzzleFile::load(&dir.0, 0);
    assert_eq!(kept.from_games, puzzles.file.from_games);
}

#[test]
fn a_graph_click_shows_that_position_and_a_missed_win_draws_its_line() {
    let dir = TempDir::new("jump");
    let mut app = reviewed_app(&dir.0);
    // The graph's columns: a click in the sixth of 14 columns is move 6,
    // and the screen asks for the position after it.
    let (left, width) = (100.0, 280.0);
    let clicked = ply_at(left + 5.5 * width / 14.0, left, width, 14).unwrap();
    assert_eq!(clicked, 5);
    assert_eq!(ply_at(left - 1.0, left, width, 14), None);
    assert_eq!(ply_at(left + width, left, width, 14), Some(13));
    send(&mut app, ReviewCommand::Show(clicked + 1));
    app.update();
    assert_eq!(app.world().resource::<Replay>().cursor(), 6);
    let shown = |app: &App| match app.world().resource::<BoardSource>() {
        BoardSource::Replay(game) => game.moves().to_vec(),
        BoardSource::Live => panic!("the board shows the match"),
    };
    assert_eq!(shown(&app), points(BLUNDER_AND_MISSED_VCF)[..6]);
    assert_eq!(
        *app.world().resource::<LineOnBoard>(),
        LineOnBoard::default()
    );
    // Before Black's o1 the board shows the win Black had.
    send(&mut app, ReviewCommand::Show(12));
    app.update();
    assert_eq!(shown(&app).len(), 12);
    let line = app.world().resource::<LineOnBoard>();
    assert_eq!(line.first, Some(Color::Black));
    assert_eq!(line.points[0], point("l8"));
    // Leaving the review, the board shows the match again, nothing drawn.
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Main);
    app.update();
    assert_eq!(*app.world().resource::<BoardSource>(), BoardSource::Live);
    assert!(app.world().resource::<LineOnBoard>().points.is_empty());
}

#[test]
fn cancel_stops_the_review() {
    let dir = TempDir::new("cancel");
    // A minute a move: it would take a quarter of an hour.
    let mut app = review_app(&dir.0, BLUNDER_AND_MISSED_VCF, SearchLimits::time(60_000));
    send(&mut app, ReviewCommand::ReviewReplay);
    assert!(matches!(
        status(&app),
        ReviewStatus::Running { done: 0, total: 14 }
    ));
    send(&mut app, ReviewCommand::Cancel);
    update_until(&mut app, "the cancel", Duration::from_secs(20), |app| {
        *status(app) == ReviewStatus::Cancelled
    });
    assert!(!app.world().resource::<GameReview>().is_running());
    // Asking again starts afresh.
    send(&mut app, ReviewCommand::ReviewReplay);
    assert!(matches!(status(&app), ReviewStatus::Running { .. }));
}

fn try_outcome(app: &App) -> Option<Outcome> {
    app.world()
        .resource::<Puzzles>()
        .current
        .as_ref()
        .and_then(|t| t.outcome)
}

fn play_and_wait(app: &mut App, name: &str) -> Outcome {
    send(app, PuzzleCommand::Play(point(name)));
    update_until(app, "the AI's defence", Duration::from_secs(30), |app| {
        app.world()
            .resource::<Puzzles>()
            .current
            .as_ref()
            .is_some_and(|t| !t.is_thinking())
    });
    try_outcome(app).expect("an outcome")
}

/// The reviewed game's app on the puzzles screen, which opens on the
/// first puzzle not solved: the review's missed win.
fn puzzles_app(dir: &Path) -> App {
    let mut app = reviewed_app(dir);
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Puzzles);
    app.update();
    app.update();
    app
}

#[test]
fn a_solved_and_a_failed_puzzle_are_counted_and_kept() {
    let dir = TempDir::new("puzzles");
    let mut app = puzzles_app(&dir.0);
    // The screen opens on the first puzzle not solved: the missed win.
    let current = |app: &App| {
        let t = app.world().resource::<Puzzles>().current.as_ref().unwrap();
        (t.which, t.game.moves().len())
    };
    assert_eq!(current(&app), (PuzzleRef::FromGames(0), 12));
    match app.world().resource::<BoardSource>() {
        BoardSource::Replay(game) => assert_eq!(game.moves().len(), 12),
        BoardSource::Live => panic!("the board shows the match"),
    }
    // k8 is a four, but after the block at l8 no win is left.
    assert_eq!(
        play_and_wait(&mut app, "k8"),
        Outcome::Failed(Failure::WinLost, Some(point("l8")))
    );
    assert_eq!(current(&app).1, 14, "the try's moves are shown");
    let stats = app.world().resource::<Puzzles>().file.stats;
    assert_eq!((stats.solved, stats.failed), (0, 1));
    // Again: the double four at l8 wins whichever end the AI blocks.
    send(&mut app, PuzzleCommand::Retry);
    let Outcome::Defended(block) = play_and_wait(&mut app, "l8") else {
        panic!("the AI defends");
    };
    let other = if block == point("k8") { "l7" } else { "k8" };
    assert_eq!(play_and_wait(&mut app, other), Outcome::Solved);
    let puzzles = app.world().resource::<Puzzles>();
    let (solved, failed) = (puzzles.file.stats.solved, puzzles.file.stats.failed);
    assert_eq!((solved, failed), (1, 1));
    let id = puzzles.file.from_games[0].id.clone();
    assert_eq!(puzzles.file.results.get(&id), Some(&true));
    assert!(
        app.world()
            .resource::<GameFiles>()
            .writer
            .wait_idle(Duration::from_secs(10))
    );
    drop(app);
    // A new start reads the counts back.
    let app = review_app(&dir.0, "h8", SearchLimits::depth(2));
    let puzzles = app.world().resource::<Puzzles>();
    assert_eq!(
        (puzzles.file.stats.solved, puzzles.file.stats.failed),
        (1, 1)
    );
    assert_eq!(puzzles.file.results.get(&id), Some(&true));
    assert!(puzzles.warning.is_none());
    assert!(!puzzles.built_in.is_empty());
}

#[test]
fn show_the_solution_puts_the_start_back_with_the_winning_line_drawn() {
    let dir = TempDir::new("solution");
    let mut app = puzzles_app(&dir.0);
    let current = |app: &App| {
        let puzzles = app.world().resource::<Puzzles>();
        let t = puzzles.current.as_ref().unwrap();
        (t.showing_solution, t.game.clone())
    };
    let line = |app: &App| app.world().resource::<LineOnBoard>().clone();
    // Not while the try is open: the player is still looking for it.
    send(&mut app, PuzzleCommand::ShowSolution);
    assert!(!current(&app).0);
    assert_eq!(line(&app), LineOnBoard::default());
    assert!(matches!(
        play_and_wait(&mut app, "k8"),
        Outcome::Failed(Failure::WinLost, _)
    ));
    send(&mut app, PuzzleCommand::ShowSolution);
    app.update();
    let (showing, start) = current(&app);
    assert!(showing);
    // The board is back at the puzzle's start, with the line over it.
    assert_eq!(start.moves(), &points(BLUNDER_AND_MISSED_VCF)[..12]);
    match app.world().resource::<BoardSource>() {
        BoardSource::Replay(game) => assert_eq!(game.moves(), start.moves()),
        BoardSource::Live => panic!("the board shows the match"),
    }
    let drawn = line(&app);
    assert_eq!(drawn.first, Some(Color::Black));
    assert_eq!(drawn.points.first(), Some(&point("l8")));
    // The line is a real win from the start: played out, Black makes five.
    let mut game = start.clone();
    for (i, &p) in drawn.points.iter().enumerate() {
        assert!(game.play(p).is_ok(), "move {i} of the line");
    }
    assert_eq!(game.result().and_then(|r| r.winner()), Some(Color::Black));
    // Seeing it counts nothing and plays nothing; a new try clears it.
    let stats = app.world().resource::<Puzzles>().file.stats;
    assert_eq!((stats.solved, stats.failed), (0, 1));
    send(&mut app, PuzzleCommand::Play(point("l8")));
    assert_eq!(current(&app).1.moves().len(), 12);
    send(&mut app, PuzzleCommand::Retry);
    app.update();
    assert!(!current(&app).0);
    assert_eq!(line(&app), LineOnBoard::default());
}

#[test]
fn a_broken_puzzle_file_is_kept_aside_and_the_puzzles_start_afresh() {
    let dir = TempDir::new("broken");
    std::fs::write(dir.0.join(FILE_NAME), "stats: (solved: 3").unwrap();
    let app = review_app(&dir.0, "h8", SearchLimits::depth(2));
    let puzzles = app.world().resource::<Puzzles>();
    assert_eq!(puzzles.file, PuzzleFile::default());
    assert!(puzzles.warning.is_some());
    let aside: Vec<String> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("puzzles.ron.broken-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        std::fs::read_to_string(dir.0.join(&aside[0])).unwrap(),
        "stats: (solved: 3"
    );
}

#[test]
fn a_stored_puzzle_reads_back_as_the_same_puzzle_and_a_bad_entry_is_skipped() {
    let game = Game::from_moves(Rule::Freestyle, 15, &points(BLUNDER_AND_MISSED_VCF)).unwrap();
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let settings = ReviewSettings {
        limits: SearchLimits::depth(4),
        ..ReviewSettings::default()
    };
    let review =
        gomoku_engine::analysis::review::review(&game, &settings, &cancel, &mut |_, _| {}).unwrap();
    let found = gomoku_engine::analysis::puzzles::from_review(&game, &review);
    let stored = StoredPuzzle::of(&found[0]).unwrap();
    assert_eq!(stored.puzzle().as_ref(), Some(&found[0]));
    let mut file = PuzzleFile::default();
    assert_eq!(file.add(&found), 1);
    assert_eq!(file.add(&found), 0, "the same puzzle is kept once");
    let text = file.to_ron();
    assert_eq!(ron::from_str::<PuzzleFile>(&text).unwrap(), file);
    // Built-in puzzles are not stored; an edited entry that no longer
    // replays is skipped, not fatal.
    let built_in = gomoku_engine::analysis::puzzles::built_in();
    assert_eq!(StoredPuzzle::of(&built_in[0]), None);
    let broken = StoredPuzzle {
        moves: "h8h8".into(),
        ..stored
    };
    assert_eq!(broken.puzzle(), None);
}

#[test]
fn every_review_message_of_the_engine_is_translated_with_its_placeholders() {
    use gomoku::i18n::{Language, t};
    let placeholders = |text: &str| -> Vec<usize> {
        (0..4)
            .filter(|i| text.contains(&format!("{{{i}}}")))
            .collect()
    };
    let review_keys = gomoku_engine::analysis::ENGLISH
        .iter()
        .filter(|(key, _)| key.starts_with("review."));
    let mut count = 0;
    for &(key, english) in review_keys {
        for lang in Language::ALL {
            let text = t(lang, key);
            assert_ne!(text, key, "{key} has no text in {lang:?}");
            assert_eq!(
                placeholders(text),
                placeholders(english),
                "{key} in {lang:?}"
            );
        }
        count += 1;
    }
    assert!(count >= 6, "{count}");
}

#[test]
fn the_game_on_the_board_opens_in_its_review_whose_back_returns_to_the_board() {
    use gomoku::ui_core::ReplayReturn;
    let dir = TempDir::new("match");
    let mut app = review_app(&dir.0, "h8", SearchLimits::depth(2));
    let settings = MatchSettings {
        mode: Mode::HumanVsHuman,
        ..MatchSettings::default()
    };
    let finished = Match::new(settings, &points("h8a1i8a2j8a3k8a4l8"), 0.0).unwrap();
    assert!(finished.game().is_over());
    app.insert_resource(finished);
    send(&mut app, ReviewCommand::ReviewMatch);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Review
    );
    assert_eq!(app.world().resource::<ReplayReturn>().0, Overlay::None);
    let replay = app.world().resource::<Replay>();
    assert_eq!(replay.moves(), points("h8a1i8a2j8a3k8a4l8"));
    assert!(
        app.world()
            .resource::<GameReview>()
            .is_of(&replay.record.game)
    );
    update_until(&mut app, "the review", Duration::from_secs(60), |app| {
        matches!(status(app), ReviewStatus::Done(_))
    });
    let review = app.world().resource::<GameReview>();
    let reviewed = review.reviewed().unwrap();
    assert_eq!(reviewed.points.len(), 9);
    assert_eq!(reviewed.review.winner, Some(Color::Black));
    // White never blocked the open four: decided by move 8 at the latest.
    assert!(reviewed.review.decided_at.is_some_and(|ply| ply <= 7));
}
