//! Headless tests of analysis mode and free exploration: the game's logic
//! plugins (play, analysis, the autosave where files matter) on
//! `MinimalPlugins`, driven by the same messages the keys and buttons
//! send. The engine's analyser really runs, on its own thread.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::state::state::StateTransitionSystems;
use gomoku::analysis::exploration::{Exploration, ExploreCommand, Origin};
use gomoku::analysis::live::LiveAnalysis;
use gomoku::analysis::{AnalysisCommand, AnalysisMode};
use gomoku::board::shown::BoardSource;
use gomoku::i18n::{self, Language};
use gomoku::persistence::autosave::{self, GameFiles, GameInfo};
use gomoku::persistence::{self, Storage};
use gomoku::play::ai::WorkPriority;
use gomoku::play::game::{GameCommand, Match, MatchSettings, Mode, MoveRequest, Mover};
use gomoku::play::replay::Replay;
use gomoku::ui_core::{Overlay, pause_with_menus};
use gomoku_engine::record::formats::{Format, Record, SavedGame};
use gomoku_engine::rules::forbidden;
use gomoku_engine::search::Level;
use gomoku_engine::{Color, Game, Point, Rule};
use std::path::PathBuf;
use std::time::{Duration, Instant};

mod support;
use support::{point, points};

fn settings(mode: Mode, rule: Rule) -> MatchSettings {
    MatchSettings {
        mode,
        rule,
        level: Level::Beginner,
        ..MatchSettings::default()
    }
}

/// The game's logic with the analysis, on `moves`; `files` adds the
/// autosave and archive in that directory.
fn app_with(settings: MatchSettings, moves: &str, files: Option<PathBuf>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(gomoku::play::plugin)
        .init_state::<Overlay>()
        .add_systems(
            StateTransition,
            pause_with_menus.before(StateTransitionSystems::DependentTransitions),
        )
        .insert_resource(Match::new(settings, &points(moves), 0.0).unwrap());
    if let Some(dir) = files {
        app.insert_resource(GameFiles::new(Some(Storage::new(dir))))
            .add_plugins(autosave::plugin);
    }
    app.add_plugins(gomoku::analysis::plugin);
    app.update();
    app
}

fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().resource_mut::<Messages<M>>().write(message);
    app.update();
}

fn click(app: &mut App, name: &str) {
    send(
        app,
        MoveRequest {
            point: point(name),
            by: Mover::Human,
        },
    );
}

/// Updates until `done` holds (the analysis runs on its own thread).
fn update_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
}

fn live(app: &App) -> &LiveAnalysis {
    app.world().resource::<LiveAnalysis>()
}

fn match_game(app: &App) -> &Game {
    app.world().resource::<Match>().game()
}

fn overlay(app: &App) -> Overlay {
    *app.world().resource::<State<Overlay>>().get()
}

fn branch_moves(app: &App) -> Vec<Point> {
    let exploration = app.world().resource::<Exploration>();
    exploration.branch().unwrap().game.moves().to_vec()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "gomoku-analysis-{name}-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_analysis_follows_the_position_and_stops_when_turned_off() {
    let mut app = app_with(settings(Mode::HumanVsHuman, Rule::Freestyle), "h8i9", None);
    // Off by default in the game.
    assert!(live(&app).request().is_none());
    send(&mut app, AnalysisCommand::ToggleAnalysis);
    let request = live(&app).request().expect("analysing").clone();
    assert_eq!(request.board, *match_game(&app).board());
    assert_eq!(request.to_move, Color::Black);
    assert_eq!(live(&app).starts(), 1);
    update_until(&mut app, "a first result", |app| {
        !live(app).candidates().is_empty()
    });
    // Playing the engine's own first choice changes the position: the
    // analysis starts again at once and nothing of the old one is shown.
    let best = live(&app).candidates()[0].point;
    click(&mut app, &best.to_notation(15));
    assert_eq!(match_game(&app).moves().len(), 3);
    assert_eq!(live(&app).starts(), 2);
    let request = live(&app).request().unwrap();
    assert_eq!(request.board, *match_game(&app).board());
    assert_eq!(request.to_move, Color::White);
    assert!(live(&app).candidates().iter().all(|c| c.point != best));
    update_until(&mut app, "a result for the new position", |app| {
        !live(app).candidates().is_empty()
    });
    for candidate in live(&app).candidates() {
        assert!(match_game(&app).check(candidate.point).is_ok());
    }
    // An unchanged position does not restart it.
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(live(&app).starts(), 2);
    send(&mut app, AnalysisCommand::ToggleAnalysis);
    assert!(live(&app).request().is_none());
    assert!(!live(&app).is_running());
    assert!(live(&app).candidates().is_empty());
    // Off, a move starts nothing.
    click(&mut app, "a1");
    assert_eq!(live(&app).starts(), 2);
    assert!(live(&app).request().is_none());
}

#[test]
fn the_analysis_thread_yields_the_cpu_to_the_frame() {
    let mut app = app_with(settings(Mode::HumanVsHuman, Rule::Freestyle), "h8i9", None);
    send(&mut app, AnalysisCommand::ToggleAnalysis);
    update_until(&mut app, "a first result", |app| {
        !live(app).candidates().is_empty()
    });
    // SAFETY: getpriority only reads the main thread's niceness.
    let main = unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::getpid() as libc::id_t) };
    // Other tests' analysers may run beside this one: all are lowered.
    let analysis = support::niceness_of_threads("analysis");
    assert!(!analysis.is_empty());
    let lowered = i64::from(WorkPriority::Background.niceness(main));
    assert!(
        analysis.iter().all(|&n| n == lowered),
        "{analysis:?}, main {main}"
    );
}

#[test]
fn candidates_are_legal_moves_in_every_rule_and_avoid_forbidden_points() {
    // Black to move; H8 would give Black two open threes (F8 G8 and H6 H7),
    // a strong move in freestyle, forbidden in Renju.
    let moves = "f8a1g8a3h6a5h7a7";
    for rule in Rule::ALL {
        let mut app = app_with(settings(Mode::HumanVsHuman, rule), moves, None);
        send(&mut app, AnalysisCommand::MultiPv(5));
        send(&mut app, AnalysisCommand::ToggleAnalysis);
        assert_eq!(live(&app).request().unwrap().rule, rule);
        assert_eq!(live(&app).request().unwrap().multi_pv, 5);
        update_until(&mut app, "depth 3 with five candidates", |app| {
            live(app).latest().is_some_and(|u| {
                u.finished || (u.result.depth >= 3 && u.result.candidates.len() == 5)
            })
        });
        let game = match_game(&app).clone();
        let h8 = point("h8");
        assert!(
            forbidden(game.board(), h8).is_some(),
            "the position's premise"
        );
        let candidates = live(&app).candidates().to_vec();
        assert!(!candidates.is_empty());
        for candidate in &candidates {
            assert!(game.check(candidate.point).is_ok(), "{rule}: {candidate:?}");
            assert_eq!(candidate.pv.first(), Some(&candidate.point));
            // The whole line is playable from the position, in turn.
            let mut line = game.clone();
            for &p in &candidate.pv {
                if line.is_over() {
                    break;
                }
                assert!(line.play(p).is_ok(), "{rule}: line {:?}", candidate.pv);
            }
        }
        if rule == Rule::Renju {
            assert!(candidates.iter().all(|c| c.point != h8));
        }
    }
}

#[test]
fn a_branch_and_its_return_leave_the_match_as_it_was() {
    let mut app = app_with(
        settings(Mode::HumanVsHuman, Rule::Freestyle),
        "h8i9j10",
        None,
    );
    let before = app.world().resource::<Match>().clone();
    send(&mut app, ExploreCommand::Start);
    app.update();
    assert_eq!(overlay(&app), Overlay::Explore);
    let exploration = app.world().resource::<Exploration>();
    let branch = exploration.branch().unwrap();
    assert_eq!(branch.origin, Origin::Game);
    assert_eq!(branch.shared(), 3);
    assert!(
        matches!(app.world().resource::<BoardSource>(), BoardSource::Replay(g) if g.moves() == points("h8i9j10"))
    );
    send(&mut app, ExploreCommand::Play(point("k11")));
    send(&mut app, ExploreCommand::Play(point("a1")));
    assert_eq!(branch_moves(&app), points("h8i9j10k11a1"));
    // An occupied point is refused on the branch, with the reason.
    send(&mut app, ExploreCommand::Play(point("h8")));
    assert_eq!(branch_moves(&app).len(), 5);
    let note = app
        .world()
        .resource::<Exploration>()
        .branch()
        .unwrap()
        .note
        .clone();
    assert!(note.is_some_and(|n| n.error && n.text.contains("H8")));
    send(&mut app, ExploreCommand::Back);
    send(&mut app, ExploreCommand::Back);
    send(&mut app, ExploreCommand::Back);
    assert_eq!(branch_moves(&app), points("h8i9"));
    // The AI answers for the side to move (Black), with a legal move.
    send(&mut app, ExploreCommand::Answer);
    update_until(&mut app, "the AI's answer", |app| {
        branch_moves(app).len() == 3
    });
    let answer = branch_moves(&app)[2];
    assert!(!points("h8i9").contains(&answer));
    // The board showed the branch all along; the match never moved.
    let source = app.world().resource::<BoardSource>().clone();
    assert!(matches!(&source, BoardSource::Replay(g) if g.moves() == branch_moves(&app)));
    let now = app.world().resource::<Match>();
    assert_eq!(now.game(), before.game());
    assert_eq!(now.generation(), before.generation());
    send(&mut app, ExploreCommand::Return);
    app.update();
    assert_eq!(overlay(&app), Overlay::None);
    assert!(app.world().resource::<Exploration>().branch().is_none());
    assert_eq!(*app.world().resource::<BoardSource>(), BoardSource::Live);
    let after = app.world().resource::<Match>();
    assert_eq!(after.game(), before.game());
    assert_eq!(after.generation(), before.generation());
}

#[test]
fn the_exploration_screen_without_a_branch_goes_back_to_the_board() {
    let mut app = app_with(settings(Mode::HumanVsHuman, Rule::Freestyle), "h8", None);
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Explore);
    app.update();
    app.update();
    assert_eq!(overlay(&app), Overlay::None);
    assert_eq!(*app.world().resource::<BoardSource>(), BoardSource::Live);
}

#[test]
fn a_game_against_the_ai_waits_while_its_branch_is_explored() {
    // The AI (White) to move in the game: while a branch is explored play
    // is paused, so the AI's move waits; the analysis shows the branch.
    let mut app = app_with(settings(Mode::HumanVsAi, Rule::Standard), "h8", None);
    send(&mut app, ExploreCommand::Start);
    app.update();
    assert_eq!(overlay(&app), Overlay::Explore);
    send(&mut app, ExploreCommand::Play(point("i9")));
    send(&mut app, ExploreCommand::Play(point("j10")));
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(2) {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(match_game(&app).moves(), points("h8").as_slice());
    let analysed = live(&app).request().expect("the branch is analysed");
    assert_eq!(analysed.to_move, Color::White);
    assert_eq!(
        analysed.board,
        *Game::from_moves(Rule::Standard, 15, &points("h8i9j10"))
            .unwrap()
            .board()
    );
    // Back in the game, the AI moves.
    send(&mut app, ExploreCommand::Return);
    update_until(&mut app, "the AI's move in the game", |app| {
        match_game(app).moves().len() == 2
    });
}

#[test]
fn a_saved_branch_reads_back_as_the_same_game() {
    let dir = temp_dir("save");
    let mut app = app_with(
        settings(Mode::HumanVsAi, Rule::Renju),
        "h8i9",
        Some(dir.clone()),
    );
    send(&mut app, ExploreCommand::Start);
    app.update();
    for p in ["j10", "g7", "h7"] {
        send(&mut app, ExploreCommand::Play(point(p)));
    }
    send(&mut app, ExploreCommand::Save);
    let branch = app
        .world()
        .resource::<Exploration>()
        .branch()
        .unwrap()
        .clone();
    let path = branch.saved.clone().expect("saved");
    assert!(path.starts_with(dir.join("saves")));
    assert!(branch.note.is_some_and(|n| !n.error));
    let record = persistence::load_file(&path, Rule::Freestyle).unwrap();
    assert_eq!(record.game.moves(), points("h8i9j10g7h7").as_slice());
    assert_eq!(record.game.rule(), Rule::Renju);
    let m = app.world().resource::<Match>();
    assert_eq!(record.meta.black, autosave::player(m, Color::Black));
    assert_eq!(record.meta.white, autosave::player(m, Color::White));
    // The save is not the game in play's: that one is unchanged.
    assert_eq!(m.game().moves(), points("h8i9").as_slice());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_branch_off_the_replay_starts_at_its_cursor_and_returns_there() {
    let mut app = app_with(settings(Mode::HumanVsHuman, Rule::Freestyle), "", None);
    let game = Game::from_moves(Rule::Freestyle, 15, &points("h8h9i9i10j10j11k11k12l12")).unwrap();
    let mut replay = Replay::new(Record::new(game), "test");
    replay.goto(4);
    app.world_mut().insert_resource(replay);
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Replay);
    app.update();
    send(&mut app, ExploreCommand::Start);
    app.update();
    assert_eq!(overlay(&app), Overlay::Explore);
    let exploration = app.world().resource::<Exploration>();
    let branch = exploration.branch().unwrap();
    assert_eq!(branch.origin, Origin::Replay);
    assert_eq!(branch.main_line.len(), 9);
    assert_eq!(branch.game.moves(), points("h8h9i9i10").as_slice());
    send(&mut app, ExploreCommand::Play(point("a1")));
    assert_eq!(
        app.world()
            .resource::<Exploration>()
            .branch()
            .unwrap()
            .shared(),
        4
    );
    send(&mut app, ExploreCommand::Return);
    app.update();
    assert_eq!(overlay(&app), Overlay::Replay);
    assert_eq!(app.world().resource::<Replay>().cursor(), 4);
    assert!(match_game(&app).moves().is_empty());
}

#[test]
fn analysis_against_the_ai_marks_the_game_assisted_in_the_statistics() {
    let dir = temp_dir("assisted");
    let mut app = app_with(
        settings(Mode::HumanVsAi, Rule::Freestyle),
        "h8i9",
        Some(dir.clone()),
    );
    assert!(!app.world().resource::<GameInfo>().assisted);
    send(&mut app, AnalysisCommand::ToggleAnalysis);
    assert!(app.world().resource::<GameInfo>().assisted);
    send(&mut app, GameCommand::Resign);
    // A new game against the AI starts with the analysis off, unassisted.
    send(
        &mut app,
        GameCommand::NewGame(settings(Mode::HumanVsAi, Rule::Freestyle), None),
    );
    assert!(!app.world().resource::<AnalysisMode>().in_game);
    assert!(!app.world().resource::<GameInfo>().assisted);
    click(&mut app, "h8");
    send(&mut app, GameCommand::Resign);
    let files = app.world().resource::<GameFiles>();
    assert!(files.writer.wait_idle(Duration::from_secs(10)));
    let stats = files.storage.as_ref().unwrap().statistics();
    assert_eq!(stats.games.len(), 2);
    assert_eq!(stats.assisted, 1);
    assert_eq!(stats.games.iter().filter(|g| g.summary.assisted).count(), 1);
    // The tallies count the unassisted game only.
    assert_eq!(stats.total().games(), 1);
    assert_eq!(stats.total().losses, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_assisted_mark_survives_the_save_file_and_old_files_read_unassisted() {
    let game = Game::from_moves(Rule::Freestyle, 15, &points("h8i9j10")).unwrap();
    let mut record = Record::new(game);
    let plain = Format::Save.write(&record);
    assert!(
        !plain.contains("assisted"),
        "unassisted files are as before"
    );
    let read = Format::Save
        .read(plain.as_bytes(), Rule::Freestyle, 15)
        .unwrap();
    assert!(!read.meta.assisted);
    record.meta.assisted = true;
    let marked = Format::Save.write(&record);
    let read = Format::Save
        .read(marked.as_bytes(), Rule::Freestyle, 15)
        .unwrap();
    assert!(read.meta.assisted);
    assert_eq!(read, record);
    // A file of an older version of the game has no such field.
    let old = SavedGame::parse(&plain).unwrap();
    assert!(!old.assisted);
}

#[test]
fn the_engine_texts_are_translated_and_keep_its_english() {
    for &(key, english) in gomoku_engine::analysis::ENGLISH {
        if !key.starts_with("analysis.") {
            continue;
        }
        let (_, ours, chinese) = i18n::all_strings()
            .find(|s| s.0 == key)
            .unwrap_or_else(|| panic!("{key} has no translation"));
        assert_eq!(*ours, english, "{key}: update the English");
        assert!(!chinese.is_ascii(), "{key}");
    }
    let label = gomoku_engine::analysis::Evaluation::new(
        gomoku_engine::search::Score::WinIn(3),
        Color::White,
    )
    .label();
    let args: Vec<&dyn std::fmt::Display> = label
        .args
        .iter()
        .map(|a| a as &dyn std::fmt::Display)
        .collect();
    assert_eq!(
        i18n::tf(Language::English, label.key, &args),
        label.english()
    );
    assert_eq!(i18n::tf(Language::Chinese, label.key, &args), "白棋 3 步胜");
}
