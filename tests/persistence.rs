//! Settings, saved games, autosave, statistics, clocks, replay, the UI
//! strings and the themes' colours: the parts of issue 5 that work without a window. One file, so
//! Bevy is linked once for all of them.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use gomoku::i18n::{self, Language};
use gomoku::persistence::autosave::{self, GameFiles, GameInfo};
use gomoku::persistence::settings_file::{self, LoadOutcome};
use gomoku::persistence::{self, LoadError, Opponent, Outcome, Storage};
use gomoku::play::Pause;
use gomoku::play::ai::AiPacing;
use gomoku::play::clock::{AiTimeLimit, GameClock, format_ms};
use gomoku::play::game::{GameCommand, Match, MatchSettings, Mode, MoveRequest, Mover};
use gomoku::play::replay::Replay;
use gomoku::settings::{Settings, Theme};
use gomoku::theme::Palette;
use gomoku::ui_core::Overlay;
use gomoku::ui_core::colours;
use gomoku_engine::board::parse_move_list;
use gomoku_engine::record::formats::{
    ErrorKind, Format, Metadata, Player, PlayerKind, Record, SavedResult, TimeControl, WinReason,
};
use gomoku_engine::search::Level;
use gomoku_engine::{Color, ForbiddenPolicy, Game, Point, Rule};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn game(rule: Rule, moves: &str) -> Game {
    Game::from_moves(rule, 15, &parse_move_list(moves, 15).unwrap()).unwrap()
}

fn ai(level: Level) -> Player {
    Player {
        name: String::new(),
        kind: PlayerKind::Ai {
            level: level.name().to_string(),
        },
    }
}

fn human(name: &str) -> Player {
    Player {
        name: name.to_string(),
        kind: PlayerKind::Human,
    }
}

fn record(game: Game, black: Player, white: Player) -> Record {
    let moves = game.moves().len();
    Record {
        game,
        meta: Metadata {
            black,
            white,
            time_control: Some(TimeControl::PerGame {
                total_ms: 300_000,
                increment_ms: 2_000,
            }),
            move_times_ms: (0..moves as u64).map(|i| 1000 + i * 10).collect(),
            opening_times_ms: Vec::new(),
            date: Some("2026-11-30T08:00:00Z".to_string()),
            comment: None,
            assisted: false,
        },
    }
}

// ---------------------------------------------------------------- settings

#[test]
fn settings_round_trip_through_the_file() {
    let dir = TempDir::new("settings-rt");
    let s = Settings {
        ai_level: Level::Expert,
        rule: Rule::Renju,
        policy: ForbiddenPolicy::Lose,
        volume: 0.25,
        muted: true,
        animations: false,
        animation_speed: 2.0,
        coordinates: false,
        move_numbers: true,
        language: Language::Chinese,
        time_control: Some(TimeControl::PerMove { move_ms: 15_000 }),
        window: gomoku::settings::WindowSettings {
            fullscreen: true,
            ..Default::default()
        },
        ..Settings::default()
    };
    settings_file::save(dir.path(), &s).unwrap();
    let loaded = settings_file::load(dir.path(), 1);
    assert_eq!(loaded.outcome, LoadOutcome::Loaded);
    assert_eq!(loaded.settings, s);
    // The atomic write leaves only the file itself.
    assert_eq!(files_in(dir.path()), ["settings.ron"]);
}

#[test]
fn the_ai_threads_are_kept_in_the_settings_file_and_default_to_all_cores_but_one() {
    let dir = TempDir::new("settings-threads");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Not written yet, or written by a game without the row: automatic.
    let default = Settings::default();
    assert_eq!(default.ai_threads, 0);
    assert_eq!(default.search_threads(), cores.saturating_sub(1).max(1));
    let chosen = Settings {
        ai_threads: 3,
        ..Settings::default()
    };
    settings_file::save(dir.path(), &chosen).unwrap();
    let text = std::fs::read_to_string(dir.path().join("settings.ron")).unwrap();
    assert!(text.contains("ai_threads: 3"), "{text}");
    let loaded = settings_file::load(dir.path(), 1).settings;
    assert_eq!((loaded.ai_threads, loaded.search_threads()), (3, 3));
    // A hand-edited file asks for more than the engine runs.
    std::fs::write(
        dir.path().join("settings.ron"),
        "Settings(ai_threads: 1000)",
    )
    .unwrap();
    let loaded = settings_file::load(dir.path(), 2).settings;
    assert_eq!(loaded.search_threads(), gomoku_engine::search::MAX_THREADS);
}

#[test]
fn missing_settings_give_defaults_quietly() {
    let dir = TempDir::new("settings-missing");
    let loaded = settings_file::load(dir.path(), 1);
    assert_eq!(loaded.outcome, LoadOutcome::Missing);
    assert_eq!(loaded.settings, Settings::default());
    assert!(files_in(dir.path()).is_empty(), "loading writes nothing");
}

#[test]
fn broken_settings_are_kept_aside_not_overwritten() {
    let dir = TempDir::new("settings-broken");
    let junk = b"Settings(ai_level: Expert, volume: \xff\xfe oops";
    std::fs::write(dir.path().join("settings.ron"), junk).unwrap();
    let loaded = settings_file::load(dir.path(), 1_700_000_000);
    assert_eq!(loaded.settings, Settings::default());
    let LoadOutcome::Broken { reason, kept_at } = loaded.outcome else {
        panic!("expected Broken, got {:?}", loaded.outcome);
    };
    assert!(!reason.is_empty());
    let kept = kept_at.expect("moved aside");
    assert_eq!(kept, dir.path().join("settings.ron.broken-1700000000"));
    assert_eq!(std::fs::read(&kept).unwrap(), junk, "kept byte for byte");
    // Saving now writes a fresh file next to the kept one.
    settings_file::save(dir.path(), &Settings::default()).unwrap();
    assert_eq!(
        files_in(dir.path()),
        ["settings.ron", "settings.ron.broken-1700000000"]
    );
    assert_eq!(
        settings_file::load(dir.path(), 2).outcome,
        LoadOutcome::Loaded
    );

    // A syntactically valid file of the wrong shape is broken too.
    std::fs::write(dir.path().join("settings.ron"), "[1, 2, 3]").unwrap();
    assert!(matches!(
        settings_file::load(dir.path(), 3).outcome,
        LoadOutcome::Broken {
            kept_at: Some(_),
            ..
        }
    ));
}

#[test]
fn partial_and_out_of_range_settings_are_repaired() {
    let dir = TempDir::new("settings-partial");
    std::fs::write(
        dir.path().join("settings.ron"),
        "Settings(language: Chinese, volume: 7.5, animation_speed: -3.0, future_option: true)",
    )
    .unwrap();
    let loaded = settings_file::load(dir.path(), 1);
    assert_eq!(loaded.outcome, LoadOutcome::Loaded);
    assert_eq!(loaded.settings.language, Language::Chinese);
    assert_eq!(loaded.settings.volume, 1.0);
    assert_eq!(loaded.settings.animation_speed, 0.25);
    assert_eq!(loaded.settings.ai_level, Settings::default().ai_level);
}

#[test]
fn atomic_write_replaces_and_leaves_no_temp_files() {
    let dir = TempDir::new("atomic");
    let path = dir.path().join("sub/dir/file.ron");
    persistence::write_atomic(&path, b"one").unwrap();
    persistence::write_atomic(&path, b"two").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"two");
    assert_eq!(files_in(&dir.path().join("sub/dir")), ["file.ron"]);
}

// ------------------------------------------------------ formats and files

#[test]
fn games_round_trip_through_files_in_every_format() {
    let dir = TempDir::new("formats");
    let renju = record(
        game(Rule::Renju, "h8i9h9h10i8g8j8k8j7"),
        human("Ann"),
        ai(Level::Advanced),
    );
    for format in Format::ALL {
        let path = dir.path().join(format!("game.{}", format.extension()));
        persistence::save_file(&path, &renju).unwrap();
        let back =
            persistence::load_file(&path, Rule::Renju).unwrap_or_else(|e| panic!("{format}: {e}"));
        assert_eq!(back.game.moves(), renju.game.moves(), "{format}");
        assert_eq!(back.game.rule(), Rule::Renju, "{format}");
        assert_eq!(back.game.to_move(), Color::White, "{format}");
        match format {
            Format::Save => assert_eq!(back, renju),
            Format::Psq => assert_eq!(back.meta.move_times_ms, renju.meta.move_times_ms),
            Format::Sgf => assert_eq!(back.meta.black.name, "Ann"),
            Format::MoveString => {}
        }
    }
    // A finished game keeps its result through the save format.
    let mut resigned = game(Rule::Freestyle, "h8h9i8");
    resigned.resign(Color::White);
    let rec = record(resigned, human(""), ai(Level::Novice));
    let path = dir.path().join("resigned.ron");
    persistence::save_file(&path, &rec).unwrap();
    let back = persistence::load_file(&path, Rule::Freestyle).unwrap();
    assert_eq!(
        SavedResult::of(&back.game),
        SavedResult::Win {
            winner: Color::Black,
            reason: WinReason::Resign
        }
    );
}

fn load_err(dir: &Path, name: &str, bytes: &[u8]) -> LoadError {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    persistence::load_file(&path, Rule::Freestyle).expect_err(name)
}

#[test]
fn corrupt_and_foreign_files_are_refused_with_a_reason() {
    let dir = TempDir::new("corrupt");
    let good = record(
        game(Rule::Freestyle, "h8i9j10"),
        human("A"),
        ai(Level::Beginner),
    );
    let text = Format::Save.write(&good);

    // Truncated save file.
    let e = load_err(
        dir.path(),
        "truncated.ron",
        &text.as_bytes()[..text.len() / 2],
    );
    assert!(
        matches!(&e, LoadError::Format { error, .. } if matches!(error.kind, ErrorKind::Syntax(_))),
        "{e}"
    );

    // Made by a newer version.
    let newer = text.replace("version: 1", "version: 99");
    let e = load_err(dir.path(), "newer.ron", newer.as_bytes());
    assert!(e.to_string().contains("newer version"), "{e}");

    // Random bytes: with a game extension, and without one.
    let noise: Vec<u8> = (0..4000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let e = load_err(dir.path(), "noise.sgf", &noise);
    assert!(matches!(e, LoadError::Format { .. }), "{e}");
    let e = load_err(dir.path(), "noise.bin", &[0x89, b'P', b'N', b'G', 0, 1, 2]);
    assert!(matches!(e, LoadError::UnknownFormat { .. }), "{e}");
    assert!(e.to_string().contains("not a game record"), "{e}");

    // A psq with an occupied point (line 3 repeats line 2's point).
    let e = load_err(
        dir.path(),
        "occupied.psq",
        b"Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n8,8,0\n-1\n",
    );
    assert!(e.to_string().contains("move 3"), "{e}");
    assert!(e.to_string().contains("line 4"), "{e}");

    // An SGF with a move off the board.
    let e = load_err(
        dir.path(),
        "offboard.sgf",
        b"(;GM[4]FF[4]SZ[15];B[hh];W[zz])",
    );
    assert!(e.to_string().contains("move 2"), "{e}");

    // A missing file.
    let e = persistence::load_file(&dir.path().join("nope.ron"), Rule::Freestyle).unwrap_err();
    assert!(matches!(e, LoadError::Io { .. }), "{e}");

    // Too large: refused before being read.
    let big = dir.path().join("big.ron");
    std::fs::write(&big, vec![b' '; 2 << 20]).unwrap();
    let e = persistence::load_file(&big, Rule::Freestyle).unwrap_err();
    assert!(
        e.to_string().contains("more than any game record needs"),
        "{e}"
    );
}

#[test]
fn a_broken_file_does_not_hide_the_others_in_the_list() {
    let dir = TempDir::new("list");
    let saves = Storage::new(dir.path());
    let first = saves
        .save_game(&record(
            game(Rule::Freestyle, "h8i9"),
            human("A"),
            ai(Level::Novice),
        ))
        .unwrap();
    let mut second_record = record(game(Rule::Renju, "h8i9j10"), human("B"), human("C"));
    second_record.meta.date = Some("2026-12-01".to_string());
    let second = saves.save_game(&second_record).unwrap();
    assert_ne!(first, second, "two saves in one second get distinct names");
    std::fs::write(
        saves.saves_dir().join("broken.ron"),
        "SavedGame(version: 1, rul",
    )
    .unwrap();
    std::fs::write(saves.saves_dir().join("notes.txt"), "not listed").unwrap();

    let list = saves.list_saves();
    assert_eq!(list.len(), 3);
    let ok: Vec<_> = list.iter().filter_map(|e| e.as_ref().ok()).collect();
    assert_eq!(ok.len(), 2);
    // Newest date first, with players, rule, result and length.
    assert_eq!(ok[0].date, "2026-12-01");
    assert_eq!(
        (ok[0].black.name.as_str(), ok[0].white.name.as_str()),
        ("B", "C")
    );
    assert_eq!(ok[0].rule, Rule::Renju);
    assert_eq!(ok[0].moves, 3);
    assert_eq!(
        i18n::player_text(Language::English, &ok[1].white),
        "AI (Novice)"
    );
    assert_eq!(
        i18n::player_text(Language::Chinese, &ok[1].white),
        "电脑（新手）"
    );
    assert_eq!(ok[1].result, SavedResult::Unfinished);
    assert!(list.iter().any(|e| e.is_err()));
}

// --------------------------------------------------------------- autosave

#[test]
fn autosave_resumes_the_exact_position() {
    let dir = TempDir::new("autosave");
    let store = Storage::new(dir.path());
    assert!(store.read_autosave().unwrap().is_none());
    let rec = record(game(Rule::Renju, "h8i9h9"), ai(Level::Expert), human("me"));
    store.write_autosave(&rec).unwrap();
    let back = store.read_autosave().unwrap().expect("unfinished game");
    assert_eq!(back.game.moves(), rec.game.moves());
    assert_eq!(back.game.rule(), Rule::Renju);
    assert_eq!(back.game.to_move(), Color::White);
    let settings = autosave::settings_of(&back, Level::Beginner);
    assert_eq!(settings.mode, Mode::HumanVsAi);
    assert_eq!(settings.human_color, Color::White);
    assert_eq!(settings.level, Level::Expert);
    // The clocks come back from the time control and the move times:
    // Black used 1000 + 1020 ms, White 1010 ms, each +2 s per move.
    let clock = GameClock::resume(
        back.meta.time_control.clone(),
        back.meta.move_times_ms.clone(),
        Vec::new(),
    );
    assert_eq!(
        clock.remaining_ms(Color::Black, Color::White),
        Some(300_000 + 4_000 - 2_020)
    );
    assert_eq!(
        clock.remaining_ms(Color::White, Color::White),
        Some(300_000 + 2_000 - 1_010)
    );

    // A finished game is nothing to continue.
    let mut over = rec.game.clone();
    over.resign(Color::White);
    store
        .write_autosave(&record(over, ai(Level::Expert), human("me")))
        .unwrap();
    assert!(store.read_autosave().unwrap().is_none());
    // A broken autosave is an error, and stays for the player to see.
    std::fs::write(store.autosave_path(), "garbage").unwrap();
    assert!(store.read_autosave().is_err());
    assert!(store.autosave_path().exists());
}

fn headless_app(dir: &Path, settings: MatchSettings, moves: &str) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(gomoku::play::plugin)
        .insert_resource(Match::new(settings, &parse_move_list(moves, 15).unwrap(), 0.0).unwrap())
        .insert_resource(AiPacing { min_move_secs: 0.0 })
        .insert_resource(GameFiles::new(Some(Storage::new(dir))))
        .add_plugins(autosave::plugin);
    app.update();
    app
}

fn play(app: &mut App, name: &str) {
    app.world_mut()
        .resource_mut::<Messages<MoveRequest>>()
        .write(MoveRequest {
            point: Point::parse(name, 15).unwrap(),
            by: Mover::Human,
        });
    app.update();
    wait_for_files(app);
}

/// The game's files are written on a background thread.
fn wait_for_files(app: &App) {
    let files = app.world().resource::<GameFiles>();
    assert!(
        files.writer.wait_idle(Duration::from_secs(5)),
        "writes finish"
    );
}

#[test]
fn every_move_is_autosaved_and_a_finished_game_is_archived() {
    let dir = TempDir::new("autosave-app");
    let pvp = MatchSettings {
        mode: Mode::HumanVsHuman,
        ..MatchSettings::default()
    };
    let mut app = headless_app(dir.path(), pvp, "");
    let store = Storage::new(dir.path());
    play(&mut app, "h8");
    play(&mut app, "a1");
    let saved = store.read_autosave().unwrap().expect("autosaved");
    assert_eq!(saved.game.moves().len(), 2);
    assert_eq!(saved.meta.move_times_ms.len(), 2);
    for name in ["i8", "a2", "j8", "a3", "k8", "a4", "l8"] {
        play(&mut app, name);
    }
    assert!(app.world().resource::<Match>().game().is_over());
    assert!(!store.autosave_path().exists(), "nothing to continue");
    let archived = persistence::list_games(&store.history_dir());
    assert_eq!(archived.len(), 1);
    let summary = archived[0].as_ref().unwrap();
    assert_eq!(summary.moves, 9);
    assert_eq!(
        summary.result,
        SavedResult::Win {
            winner: Color::Black,
            reason: WinReason::Five
        }
    );
}

#[test]
fn continue_puts_the_saved_game_back_on_the_board() {
    let dir = TempDir::new("continue");
    let mut app = headless_app(dir.path(), MatchSettings::default(), "");
    let mut rec = record(game(Rule::Standard, "h8i9h9"), human(""), human(""));
    rec.meta.time_control = Some(TimeControl::PerMove { move_ms: 20_000 });
    let generation = app.world().resource::<Match>().generation();
    app.world_mut()
        .run_system_once(move |mut commands: Commands| {
            let settings = autosave::settings_of(&rec, Level::Novice);
            autosave::start_from_record(&mut commands, &rec, 3, settings, true, 0.0)
        })
        .unwrap()
        .unwrap();
    app.update();
    let m = app.world().resource::<Match>();
    assert!(m.generation() > generation, "old searches cannot apply");
    assert_eq!(m.settings().mode, Mode::HumanVsHuman);
    assert_eq!(m.game().rule(), Rule::Standard);
    assert_eq!(m.game().to_move(), Color::White);
    let clock = app.world().resource::<GameClock>();
    assert_eq!(
        clock.control,
        Some(TimeControl::PerMove { move_ms: 20_000 })
    );
    assert_eq!(clock.move_times_ms, [1000, 1010, 1020]);
    assert_eq!(
        app.world().resource::<GameInfo>().date,
        "2026-11-30T08:00:00Z",
        "the original start date is kept"
    );
    wait_for_files(&app);
}

use bevy::ecs::system::RunSystemOnce;

mod support;
use support::TempDir;

// ------------------------------------------------------------- statistics

#[test]
fn statistics_count_the_humans_results_per_level_and_rule() {
    let dir = TempDir::new("stats");
    let store = Storage::new(dir.path());
    let five = "h8a1i8a2j8a3k8a4l8"; // Black makes five.
    let archive = |rule, black: Player, white: Player, moves: &str, resign: Option<Color>| {
        let mut g = game(rule, moves);
        if let Some(loser) = resign {
            g.resign(loser);
        }
        store.archive_finished(&record(g, black, white)).unwrap();
    };
    archive(Rule::Freestyle, human(""), ai(Level::Novice), five, None); // win
    archive(Rule::Freestyle, ai(Level::Novice), human(""), five, None); // loss
    archive(
        Rule::Freestyle,
        human(""),
        ai(Level::Novice),
        "h8",
        Some(Color::Black),
    ); // loss
    archive(
        Rule::Renju,
        human(""),
        ai(Level::Expert),
        "h8i9",
        Some(Color::White),
    ); // win
    archive(Rule::Freestyle, human("a"), human("b"), five, None); // not counted
    std::fs::write(store.history_dir().join("zz-broken.ron"), "nonsense").unwrap();

    let stats = store.statistics();
    let rows = stats.rows();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].0, &Opponent::Ai("Novice".into()));
    assert_eq!(rows[0].1, Rule::Freestyle);
    assert_eq!(
        (rows[0].2.wins, rows[0].2.draws, rows[0].2.losses),
        (1, 0, 2)
    );
    assert_eq!(
        (rows[1].0, rows[1].1),
        (&Opponent::Ai("Expert".into()), Rule::Renju)
    );
    assert_eq!(rows[1].2.wins, 1);
    assert_eq!(stats.total().games(), 4);
    assert_eq!(stats.games.len(), 4);
    assert_eq!(stats.unreadable, 1);
    let loss_on_resign = stats.games.iter().find(|g| g.summary.moves == 1).unwrap();
    assert_eq!(loss_on_resign.outcome, Outcome::Loss);
    assert_eq!(loss_on_resign.reason, Some(WinReason::Resign));
}

// ----------------------------------------------------------------- clocks

#[test]
fn per_game_clock_counts_time_and_increments_and_flags() {
    let control = TimeControl::PerGame {
        total_ms: 10_000,
        increment_ms: 1_000,
    };
    let mut clock = GameClock::new(Some(control.clone()));
    assert_eq!(clock.tick(Duration::from_millis(3_000), Color::Black), None);
    clock.follow(1);
    assert_eq!(clock.remaining_ms(Color::Black, Color::White), Some(8_000));
    assert_eq!(clock.tick(Duration::from_millis(500), Color::White), None);
    assert_eq!(clock.remaining_ms(Color::White, Color::White), Some(9_500));
    clock.follow(2);
    // Undo takes the move times back with the moves.
    clock.follow(1);
    assert_eq!(clock.move_times_ms, [3_000]);
    assert_eq!(clock.remaining_ms(Color::White, Color::White), Some(10_000));
    // White runs out.
    assert_eq!(clock.tick(Duration::from_millis(9_999), Color::White), None);
    assert_eq!(
        clock.tick(Duration::from_millis(1), Color::White),
        Some(Color::White)
    );
    // The AI budget is a slice of what is left, never more than half.
    let fresh = GameClock::new(Some(control));
    let budget = fresh.ai_budget(Color::Black).unwrap();
    assert_eq!(budget, Duration::from_millis(10_000 / 40 + 750));
    assert!(GameClock::new(None).ai_budget(Color::Black).is_none());
}

#[test]
fn per_move_clock_resets_every_move() {
    let mut clock = GameClock::new(Some(TimeControl::PerMove { move_ms: 5_000 }));
    assert_eq!(clock.tick(Duration::from_millis(4_900), Color::Black), None);
    clock.follow(1);
    assert_eq!(clock.remaining_ms(Color::White, Color::White), Some(5_000));
    assert_eq!(
        clock.tick(Duration::from_millis(5_000), Color::White),
        Some(Color::White)
    );
    let budget = GameClock::new(Some(TimeControl::PerMove { move_ms: 5_000 }))
        .ai_budget(Color::Black)
        .unwrap();
    assert!(budget < Duration::from_millis(5_000) && budget >= Duration::from_millis(3_500));
    assert_eq!(format_ms(61_001), "1:02");
    assert_eq!(format_ms(-5), "0:00");
    assert_eq!(format_ms(3_600_000), "1:00:00");
}

#[test]
fn running_out_of_time_ends_the_game_as_a_timeout() {
    let dir = TempDir::new("timeout");
    let pvp = MatchSettings {
        mode: Mode::HumanVsHuman,
        ..MatchSettings::default()
    };
    let mut app = headless_app(dir.path(), pvp, "h8");
    app.insert_resource(GameClock::new(Some(TimeControl::PerMove { move_ms: 1 })));
    // Real time passes between updates; 1 ms runs out at once.
    std::thread::sleep(Duration::from_millis(5));
    app.update();
    app.update();
    wait_for_files(&app);
    let m = app.world().resource::<Match>();
    assert_eq!(
        m.game().result(),
        Some(&gomoku_engine::GameResult::Timeout {
            loser: Color::White
        })
    );
    let store = Storage::new(dir.path());
    let archived = persistence::list_games(&store.history_dir());
    assert_eq!(
        archived[0].as_ref().unwrap().result,
        SavedResult::Win {
            winner: Color::Black,
            reason: WinReason::Timeout
        },
        "recorded as a timeout"
    );
}

// ----------------------------------------------------------------- replay

#[test]
fn replay_steps_through_the_game() {
    let mut g = game(Rule::Freestyle, "h8i9j10k11");
    g.resign(Color::Black);
    let mut replay = Replay::new(record(g, human(""), human("")), "test");
    assert_eq!((replay.cursor(), replay.len()), (4, 4));
    assert!(replay.position().is_over(), "the end shows the resignation");
    assert!(!replay.can_branch());
    replay.step(-1);
    assert_eq!(replay.position().moves().len(), 3);
    assert!(!replay.position().is_over());
    assert!(replay.can_branch());
    assert_eq!(replay.position().to_move(), Color::White);
    replay.first();
    assert_eq!(replay.position().board().stone_count(), 0);
    replay.step(-5);
    assert_eq!(replay.cursor(), 0, "clamped at the start");
    replay.goto(99);
    assert_eq!(replay.cursor(), 4, "clamped at the end");
    // Autoplay from the end starts over and stops at the last move.
    replay.speed = 4.0;
    replay.toggle_play();
    assert_eq!(replay.cursor(), 0);
    assert!(!replay.tick(0.1), "0.4 moves: not yet");
    assert!(replay.tick(0.2));
    assert_eq!(replay.cursor(), 1);
    assert!(replay.tick(10.0));
    assert_eq!(replay.cursor(), 4);
    assert!(!replay.playing);
    // Export gives text the readers take back.
    let sgf = replay.export(Format::Sgf);
    let back = Format::Sgf
        .read(sgf.as_bytes(), Rule::Freestyle, 15)
        .unwrap();
    assert_eq!(back.game.moves(), replay.moves());
    assert_eq!(replay.export(Format::MoveString), "h8i9j10k11");
}

/// The viewer moves the cursor with messages; the play module applies them.
#[test]
fn replay_commands_move_the_cursor() {
    use gomoku::play::replay::ReplayCommand;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(gomoku::play::plugin)
        .insert_resource(Match::new(MatchSettings::default(), &[], 0.0).unwrap())
        .insert_resource(Replay::new(
            record(game(Rule::Freestyle, "h8i9j10k11"), human(""), human("")),
            "test",
        ));
    let send = |app: &mut App, command: ReplayCommand| {
        app.world_mut().write_message(command);
        app.update();
        app.world().resource::<Replay>().cursor()
    };
    assert_eq!(send(&mut app, ReplayCommand::Goto(1)), 1);
    assert_eq!(send(&mut app, ReplayCommand::Step(2)), 3);
    assert_eq!(send(&mut app, ReplayCommand::First), 0);
    assert_eq!(send(&mut app, ReplayCommand::Last), 4);
    // Autoplay from the end starts over and stops at the last move.
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(500),
    ));
    send(&mut app, ReplayCommand::Speed(10.0));
    send(&mut app, ReplayCommand::TogglePlay);
    for _ in 0..5 {
        app.update();
    }
    let replay = app.world().resource::<Replay>();
    assert_eq!(replay.cursor(), 4);
    assert!(!replay.playing);
}

#[test]
fn replay_of_a_forbidden_loss_shows_every_prefix() {
    // Black's last move is a double-three under the "loses" policy.
    let mut g = Game::new(Rule::Renju, 15)
        .unwrap()
        .with_policy(ForbiddenPolicy::Lose);
    for p in parse_move_list("g8a1h8a2i10a3i11a4i8", 15).unwrap() {
        g.play(p).unwrap();
    }
    assert!(g.is_over());
    let mut replay = Replay::new(record(g, human(""), human("")), "test");
    for n in (0..=replay.len()).rev() {
        replay.goto(n);
        assert_eq!(replay.position().moves().len(), n);
    }
}

// ------------------------------------------------------------------- i18n

#[test]
fn every_string_has_both_languages_and_the_same_placeholders() {
    let mut keys = std::collections::HashSet::new();
    for &(key, en, zh) in i18n::all_strings() {
        assert!(keys.insert(key), "duplicate key {key}");
        assert!(!en.trim().is_empty() && !zh.trim().is_empty(), "{key}");
        for i in 0..4 {
            let p = format!("{{{i}}}");
            assert_eq!(en.contains(&p), zh.contains(&p), "{key}: placeholder {p}");
        }
    }
    for level in Level::ALL {
        assert_eq!(i18n::level_name(Language::English, level), level.name());
        // The translation was made from the engine's current text.
        let key = i18n::all_strings()
            .find(|s| s.0 == format!("level.{}.desc", level.name()))
            .unwrap();
        assert_eq!(
            key.1,
            level.description(),
            "translate the new text of {}",
            level.name()
        );
        assert!(!i18n::level_description(Language::Chinese, level).is_ascii());
    }
    assert_eq!(i18n::t(Language::Chinese, "no.such.key"), "no.such.key");
    assert_eq!(
        i18n::tf(Language::English, "replay.position", &[&3, &10]),
        "Move 3 of 10"
    );
}

/// The game's source files, without the string table itself.
fn source_texts() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                // The table lists every key; uses are elsewhere.
                let text = match text.find("pub const STRINGS") {
                    Some(start) => {
                        let end = start + text[start..].find("];").unwrap();
                        format!("{}{}", &text[..start], &text[end..])
                    }
                    None => text,
                };
                out.push((path, text));
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut out);
    out
}

#[test]
fn only_the_play_module_changes_the_match() {
    // Everything else (menus, files, clocks' screens, the network) sends
    // `GameCommand`s and `MoveRequest`s, which `play` applies.
    let play = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/play");
    let writers = ["Mut<Match>", "Mut<'w, Match>", "resource_mut::<Match>"];
    let mut checked = 0;
    for (path, text) in source_texts() {
        if path.starts_with(&play) {
            continue;
        }
        checked += 1;
        for writer in writers {
            assert!(
                !text.contains(writer),
                "{} writes the match ({writer}): send a GameCommand instead",
                path.display()
            );
        }
    }
    assert!(checked > 40, "only {checked} files outside src/play");
}

/// Every string literal in `text`.
fn literals(text: &str) -> Vec<&str> {
    text.split('"').skip(1).step_by(2).collect()
}

#[test]
fn every_key_the_code_uses_exists_and_every_key_is_used() {
    let keys: std::collections::HashSet<&str> = i18n::all_strings().map(|s| s.0).collect();
    let namespaces: std::collections::HashSet<&str> =
        keys.iter().map(|k| k.split('.').next().unwrap()).collect();
    let sources = source_texts();
    let mut used = std::collections::HashSet::new();
    for (path, text) in &sources {
        for literal in literals(text) {
            let looks_like_key = literal.contains('.')
                && !literal.contains([' ', '/', '{'])
                && namespaces.contains(literal.split('.').next().unwrap())
                // File names such as `settings.ron` or `game.sgf` are not keys.
                && ![".ron", ".sgf", ".psq", ".txt"].iter().any(|ext| literal.ends_with(ext));
            if looks_like_key {
                assert!(
                    keys.contains(literal),
                    "{}: \"{literal}\" is not in the string table",
                    path.display()
                );
                used.insert(literal);
            }
        }
    }
    // The engine's messages (`analysis::Message`) are shown by their keys.
    used.extend(gomoku_engine::analysis::ENGLISH.iter().map(|(key, _)| *key));
    let unused: Vec<&&str> = keys.iter().filter(|k| !used.contains(**k)).collect();
    assert!(unused.is_empty(), "keys no code uses: {unused:?}");
}

#[test]
fn every_chinese_character_is_in_the_font() {
    let ctx = bevy_egui::egui::Context::default();
    gomoku::ui_core::install_fonts(&ctx);
    ctx.run_ui(Default::default(), |_| {})
        .textures_delta
        .clear();
    let font = bevy_egui::egui::FontId::proportional(14.0);
    let missing: String = i18n::chinese_characters()
        .into_iter()
        .filter(|&c| !ctx.fonts_mut(|f| f.has_glyph(&font, c)))
        .collect();
    assert!(
        missing.is_empty(),
        "not in assets/fonts/NotoSansSC-subset.otf: {missing} (run scripts/make-font-subset.sh)"
    );
}

/// WCAG's contrast ratio of two sRGB colours: 1 (the same) to 21.
fn contrast(a: bevy_egui::egui::Color32, b: bevy_egui::egui::Color32) -> f32 {
    let luminance = |c: bevy_egui::egui::Color32| {
        let [r, g, b, _] = c.to_srgba_unmultiplied().map(|v| {
            let v = v as f32 / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        });
        0.2126 * r + 0.7152 * g + 0.0722 * b
    };
    let (hi, lo) = (
        luminance(a).max(luminance(b)),
        luminance(a).min(luminance(b)),
    );
    (hi + 0.05) / (lo + 0.05)
}

#[test]
fn every_themes_text_colours_are_readable_on_its_panels() {
    use bevy_egui::egui;
    for theme in Theme::ALL {
        let ctx = egui::Context::default();
        colours::apply(&ctx, theme);
        let palette = colours::colours(&ctx);
        assert_eq!(palette, Palette::of(theme).ui, "{theme:?}");
        assert_eq!(
            ctx.theme(),
            if palette.dark {
                egui::Theme::Dark
            } else {
                egui::Theme::Light
            },
            "{theme:?}"
        );
        let visuals = ctx.global_style().visuals.clone();
        let texts = [
            ("text", visuals.text_color()),
            ("accent", palette.accent),
            ("warning", palette.warning),
            ("good", palette.good),
        ];
        // The HUD's and side panels' fill (egui's), a menu's panel, the
        // game-over box.
        let grounds = [
            ("egui panel", visuals.panel_fill),
            ("menu panel", palette.panel),
            ("result box", palette.result_fill),
        ];
        // The review's marks are words and dots on the side panel and in
        // the menus' lists, not in the game-over box.
        let marks = [
            ("blunder", palette.blunder),
            ("mistake", palette.mistake),
            ("missed win", palette.missed_win),
        ];
        let pairs = texts
            .iter()
            .flat_map(|&text| grounds.iter().map(move |&ground| (text, ground)))
            .chain(
                marks
                    .iter()
                    .flat_map(|&mark| grounds[..2].iter().map(move |&ground| (mark, ground))),
            );
        for ((text, fg), (ground, bg)) in pairs {
            let ratio = contrast(fg, bg);
            // WCAG AA for normal text.
            assert!(
                ratio >= 4.5,
                "{theme:?}: {text} on the {ground}: contrast {ratio:.2}"
            );
        }
    }
}

#[test]
fn the_ui_colours_follow_the_theme_picked_last() {
    let ctx = bevy_egui::egui::Context::default();
    assert_eq!(colours::colours(&ctx), Palette::of(Theme::default()).ui);
    for theme in [Theme::Light, Theme::Dark, Theme::Wood, Theme::Light] {
        colours::apply(&ctx, theme);
        assert_eq!(colours::colours(&ctx), Palette::of(theme).ui);
        assert_eq!(
            ctx.global_style().visuals.override_text_color,
            Palette::of(theme).ui.text
        );
    }
    // The three themes differ in what a screen shows.
    let accents: std::collections::HashSet<_> = Theme::ALL
        .iter()
        .map(|&t| Palette::of(t).ui.accent)
        .collect();
    assert_eq!(accents.len(), Theme::ALL.len());
}

// ---------------------------------------------------- opening files, args

fn file_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_message::<bevy::window::FileDragAndDrop>()
        .init_state::<Overlay>()
        .insert_resource(Settings::default())
        .add_plugins(gomoku::ui::menus::files_plugin);
    app.update();
    app
}

fn drop_file(app: &mut App, path: &Path) {
    app.world_mut()
        .write_message(bevy::window::FileDragAndDrop::DroppedFile {
            window: Entity::PLACEHOLDER,
            path_buf: path.to_path_buf(),
        });
    // One update reads the drop, the next applies the state change.
    app.update();
    app.update();
}

#[test]
fn a_dropped_file_opens_in_the_replay_viewer_and_a_bad_one_says_why() {
    let dir = TempDir::new("drop");
    let good = dir.path().join("game.sgf");
    persistence::save_file(
        &good,
        &record(game(Rule::Freestyle, "h8i9j10"), human("A"), human("B")),
    )
    .unwrap();
    let bad = dir.path().join("bad.psq");
    std::fs::write(&bad, "Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0\n-1\n").unwrap();

    let mut app = file_app();
    drop_file(&mut app, &bad);
    assert!(app.world().get_resource::<Replay>().is_none());
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::None
    );
    let flash = app.world().resource::<gomoku::ui::menus::Flash>();
    assert!(flash.error);
    assert!(
        flash.text.contains("bad.psq") && flash.text.contains("move 2"),
        "{}",
        flash.text
    );

    drop_file(&mut app, &good);
    let replay = app.world().resource::<Replay>();
    assert_eq!(replay.len(), 3);
    assert_eq!(replay.source, "game.sgf");
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Replay
    );
    // Only the file that opened is remembered, newest first, once.
    assert_eq!(
        app.world().resource::<Settings>().recent_files,
        std::slice::from_ref(&good)
    );
    let mut settings = Settings::default();
    for i in 0..12 {
        settings.remember_file(Path::new(&format!("{i}.ron")));
    }
    settings.remember_file(Path::new("5.ron"));
    assert_eq!(settings.recent_files.len(), gomoku::settings::RECENT_FILES);
    assert_eq!(settings.recent_files[0], Path::new("5.ron"));
    assert_eq!(settings.recent_files[1], Path::new("11.ron"));
    assert_eq!(
        settings
            .recent_files
            .iter()
            .filter(|p| p.ends_with("5.ron"))
            .count(),
        1
    );
}

#[test]
fn menu_arguments_and_game_arguments_share_one_parser() {
    use gomoku::cli::{self, Command};
    use gomoku::ui_core::Overlay;
    let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let parse = |list: &[&str]| match cli::parse(args(list)) {
        Ok(Command::Play(options)) => Ok(*options),
        Ok(other) => panic!("{list:?} is a game, not {other:?}"),
        Err(e) => Err(e),
    };
    let o = parse(&[
        "--rule",
        "renju",
        "game.sgf",
        "--screen=stats",
        "--lang",
        "zh",
        "--moves",
        "h8i9",
    ])
    .unwrap();
    assert_eq!(o.settings.rule, Rule::Renju);
    assert_eq!(o.moves.len(), 2);
    assert_eq!(o.file, Some(PathBuf::from("game.sgf")));
    assert_eq!(o.screen, Some(Overlay::Statistics));
    assert_eq!(o.language, Some(Language::Chinese));
    // A flag's value is not mistaken for a file.
    let o = parse(&["--screenshot", "out.png"]).unwrap();
    assert_eq!(o.screenshot, Some(PathBuf::from("out.png")));
    assert_eq!(o.file, None);
    for (bad, says) in [
        (&["--screen", "nowhere"][..], "unknown screen"),
        (&["--lang", "fr"][..], "unknown language"),
        (&["a.ron", "b.ron"][..], "only one game file"),
    ] {
        let err = parse(bad).unwrap_err();
        assert!(err.contains(says), "{bad:?}: {err}");
    }
}

#[test]
fn animation_speed_follows_the_settings() {
    use gomoku::settings::AnimationSpeed;
    let step = Duration::from_millis(16);
    let fast = AnimationSpeed {
        enabled: true,
        factor: 2.0,
    };
    assert_eq!(fast.scale(step), Duration::from_millis(32));
    let off = AnimationSpeed {
        enabled: false,
        factor: 2.0,
    };
    assert!(
        off.scale(step) >= Duration::from_secs(1),
        "off: one frame finishes it"
    );
}

#[test]
fn the_ai_thinks_within_its_clock() {
    let dir = TempDir::new("budget");
    let mut app = headless_app(dir.path(), MatchSettings::default(), "");
    assert_eq!(
        app.world().resource::<AiTimeLimit>().0,
        None,
        "no clock, no limit"
    );
    // The manual clock: every update is 10 ms, however loaded the machine.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        10,
    )))
    .insert_resource(GameClock::new(Some(TimeControl::PerMove { move_ms: 1000 })));
    app.update();
    let limit = app.world().resource::<AiTimeLimit>().0.expect("a limit");
    // 80% of what is left of the move (990 ms), less a 100 ms margin.
    assert_eq!(limit, Duration::from_millis(692));
}

#[test]
fn settings_are_saved_once_they_settle_and_at_exit() {
    let dir = TempDir::new("settings-app");
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(Settings::default())
        .insert_resource(settings_file::SettingsStore {
            dir: Some(dir.path().to_path_buf()),
            writable: true,
            warning: None,
            overrides: Default::default(),
        })
        .add_plugins(settings_file::plugin);
    app.update();
    let file = dir.path().join("settings.ron");
    assert!(!file.exists(), "starting writes nothing");
    app.world_mut().resource_mut::<Settings>().volume = 0.3;
    app.update();
    assert!(
        !file.exists(),
        "a slider being dragged is not saved every frame"
    );
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(
        settings_file::load(dir.path(), 1).settings.volume,
        0.3,
        "saved at exit"
    );
}

/// `--move-numbers` and `--lang zh` over a file that has neither: they
/// show for the run, and a save for another change keeps the file's own
/// values; a value the player changes afterwards is saved.
#[test]
fn command_line_choices_show_for_the_run_but_are_not_saved() {
    use gomoku::persistence::settings_file::RunOverride;
    let dir = TempDir::new("settings-override");
    let mut store = settings_file::SettingsStore {
        dir: Some(dir.path().to_path_buf()),
        writable: true,
        warning: None,
        overrides: Default::default(),
    };
    let mut loaded = Settings::default();
    assert!(!loaded.move_numbers);
    RunOverride::apply(
        &mut store.overrides.move_numbers,
        &mut loaded.move_numbers,
        true,
    );
    RunOverride::apply(
        &mut store.overrides.language,
        &mut loaded.language,
        Language::Chinese,
    );
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(loaded)
        .insert_resource(store)
        .add_plugins(settings_file::plugin);
    app.update();
    assert!(app.world().resource::<Settings>().move_numbers);
    app.world_mut().resource_mut::<Settings>().volume = 0.3;
    app.world_mut().write_message(AppExit::Success);
    app.update();
    let saved = settings_file::load(dir.path(), 1).settings;
    assert_eq!(saved.volume, 0.3);
    assert!(
        !saved.move_numbers,
        "the command line's choice is not saved"
    );
    assert_eq!(saved.language, Language::English);
    // The player turns move numbers off and on again: now it is theirs.
    app.world_mut().resource_mut::<Settings>().move_numbers = false;
    app.update();
    app.world_mut().resource_mut::<Settings>().move_numbers = true;
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert!(settings_file::load(dir.path(), 1).settings.move_numbers);
}

#[test]
fn game_results_read_the_same_in_the_hud_and_in_files() {
    let mut g = game(Rule::Freestyle, "h8a1i8a2j8a3k8a4l8");
    let five = g.result().unwrap().clone();
    assert_eq!(
        i18n::game_result_text(Language::English, &five),
        i18n::result_text(Language::English, SavedResult::of(&g))
    );
    g.undo();
    g.time_out(Color::Black);
    let timeout = g.result().unwrap().clone();
    assert_eq!(
        i18n::game_result_text(Language::Chinese, &timeout),
        "白棋胜（对方超时）"
    );
    assert_eq!(
        i18n::forbidden_name(Language::Chinese, gomoku_engine::ForbiddenKind::DoubleThree),
        "三三"
    );
}

/// Sends `command` to the placement system and lets it apply.
fn send(app: &mut App, command: GameCommand) {
    app.world_mut()
        .resource_mut::<Messages<GameCommand>>()
        .write(command);
    app.update();
}

#[test]
fn a_new_ai_level_applies_to_the_game_in_play() {
    let dir = TempDir::new("level");
    let mut app = headless_app(dir.path(), MatchSettings::default(), "h8i9j10");
    // The AI plays White and would answer j10: pause so no move lands.
    app.world_mut()
        .resource_mut::<NextState<Pause>>()
        .set(Pause(true));
    let generation = app.world().resource::<Match>().generation();
    send(&mut app, GameCommand::SetLevel(Level::Beginner));
    let m = app.world().resource::<Match>();
    assert_eq!(m.settings().level, Level::Beginner);
    assert_eq!(m.game().moves(), parse_move_list("h8i9j10", 15).unwrap());
    assert!(
        m.generation() > generation,
        "a search for the old level is dropped"
    );
    // Two humans: nothing to change.
    let pvp = MatchSettings {
        mode: Mode::HumanVsHuman,
        ..MatchSettings::default()
    };
    let mut app = headless_app(dir.path(), pvp, "h8i9j10");
    let generation = app.world().resource::<Match>().generation();
    send(&mut app, GameCommand::SetLevel(Level::Master));
    assert_eq!(app.world().resource::<Match>().generation(), generation);
    wait_for_files(&app);
}

/// The module a source file under `src/` is (`play/ai.rs` is `play::ai`,
/// `play/mod.rs` is `play`, `lib.rs` the crate).
fn module_of(path: &Path) -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut parts: Vec<String> = path
        .strip_prefix(&src)
        .unwrap()
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The module paths `text` names after `crate::` and `super::` (relative
/// to `module`), code only: `use super::{a::X, b}` names `a` and `b`.
fn named_paths(module: &[String], text: &str) -> Vec<Vec<String>> {
    let parent = &module[..module.len().saturating_sub(1)];
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (prefix, base) in [("crate::", &[][..]), ("super::", parent)] {
            for (at, _) in line.match_indices(prefix) {
                let rest = &line[at + prefix.len()..];
                let items: Vec<&str> = match rest.strip_prefix('{') {
                    Some(group) => group.split(',').collect(),
                    None => vec![rest],
                };
                for item in items {
                    let segments = item.trim().split("::").take_while(|s| {
                        !s.is_empty()
                            && s.chars()
                                .all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit())
                    });
                    let mut path = base.to_vec();
                    path.extend(segments.map(str::to_string));
                    out.push(path);
                }
            }
        }
    }
    out
}

#[test]
fn no_modules_of_one_folder_import_each_other_in_a_circle() {
    let sources = source_texts();
    let modules: std::collections::HashSet<Vec<String>> =
        sources.iter().map(|(path, _)| module_of(path)).collect();
    // Edges between siblings: `a::b::c` using `a::d::e` is `a::b` -> `a::d`.
    let mut edges: std::collections::BTreeSet<(Vec<String>, Vec<String>)> = Default::default();
    for (path, text) in &sources {
        let from = module_of(path);
        for named in named_paths(&from, text) {
            let Some(to) = (1..=named.len())
                .rev()
                .map(|k| named[..k].to_vec())
                .find(|p| modules.contains(p))
            else {
                continue;
            };
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common < from.len() && common < to.len() {
                edges.insert((from[..=common].to_vec(), to[..=common].to_vec()));
            }
        }
    }
    assert!(edges.len() > 30, "only {} edges found", edges.len());
    // A circle is an edge whose target reaches its source.
    let reaches = |from: &Vec<String>, goal: &Vec<String>| {
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![from.clone()];
        while let Some(m) = todo.pop() {
            if &m == goal {
                return true;
            }
            if seen.insert(m.clone()) {
                todo.extend(
                    edges
                        .iter()
                        .filter(|(a, _)| *a == m)
                        .map(|(_, b)| b.clone()),
                );
            }
        }
        false
    };
    let circles: Vec<String> = edges
        .iter()
        .filter(|(a, b)| reaches(b, a))
        .map(|(a, b)| format!("{} -> {}", a.join("::"), b.join("::")))
        .collect();
    assert!(circles.is_empty(), "edges in a circle: {circles:#?}");
    // The match knows nothing of how it is shown or asked for.
    for (a, b) in &edges {
        assert!(
            !(a[0] == "play"
                && ["ui", "ui_core", "board", "input", "audio"].contains(&b[0].as_str())),
            "{} imports {}",
            a.join("::"),
            b.join("::")
        );
    }
}
