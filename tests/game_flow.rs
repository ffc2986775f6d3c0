//! Headless tests of the game: `MinimalPlugins` + `StatesPlugin` + the
//! game's logic plugin (no window, rendering, audio or egui). They drive the
//! same messages the mouse, keyboard and AI send, and check what the engine
//! and the game state say afterwards. One file, so Bevy is linked once.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::audio::sfx::Sfx;
use gomoku::board::stones::Stone;
use gomoku::board::view::{CELL, CrispText, point_to_world, world_to_point};
use gomoku::cli::{self, Command};
use gomoku::play::Pause;
use gomoku::play::ai::{AiPacing, HintRequest, Search, WorkPriority};
use gomoku::play::game::{
    GameCommand, Match, MatchSettings, Mode, MoveRefused, Notice, StaleResults,
};
use gomoku::play::phase::Phase;
use gomoku::settings::Settings;
use gomoku_engine::search::Level;
use gomoku_engine::{Color, ForbiddenPolicy, GameResult, Point, Rule};
use std::time::{Duration, Instant};

mod support;
use support::{click, command, point, points};

/// Reasons of refused moves, in order.
#[derive(Resource, Default)]
struct Refusals(Vec<String>);

fn settings(mode: Mode, rule: Rule) -> MatchSettings {
    MatchSettings {
        mode,
        rule,
        level: Level::Beginner,
        ..MatchSettings::default()
    }
}

fn app_with(settings: MatchSettings, moves: &str) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(gomoku::play::plugin)
        .insert_resource(Match::new(settings, &points(moves), 0.0).unwrap())
        .insert_resource(AiPacing { min_move_secs: 0.0 })
        .init_resource::<Refusals>()
        .add_observer(|refused: On<MoveRefused>, mut log: ResMut<Refusals>| {
            log.0.push(refused.reason.clone());
        });
    app.update();
    app
}

fn game_moves(app: &App) -> Vec<Point> {
    app.world().resource::<Match>().game().moves().to_vec()
}

/// Updates until `done` holds (the AI runs on other threads), at most 10 s.
fn update_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
}

/// Waits, without running the app, until the running AI search is done, so
/// its result is ready to be collected by the next update.
fn wait_for_search(app: &mut App) {
    let start = Instant::now();
    loop {
        let mut searches = app.world_mut().query::<&Search>();
        let finished: Vec<bool> = searches
            .iter(app.world())
            .map(Search::is_finished)
            .collect();
        assert_eq!(finished.len(), 1, "exactly one search should be running");
        if finished[0] {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "search timed out"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn a_click_places_a_stone_and_an_occupied_point_is_refused() {
    let mut app = app_with(settings(Mode::HumanVsHuman, Rule::Freestyle), "");
    click(&mut app, "h8");
    assert_eq!(game_moves(&app), vec![point("h8")]);
    assert_eq!(
        app.world().resource::<Match>().game().to_move(),
        Color::White
    );
    click(&mut app, "h8");
    assert_eq!(game_moves(&app), vec![point("h8")]);
    assert_eq!(
        app.world().resource::<Refusals>().0,
        vec!["H8 is already taken"]
    );
    assert!(app.world().resource::<Notice>().warning);
    click(&mut app, "i9");
    assert_eq!(game_moves(&app), points("h8i9"));
}

#[test]
fn five_in_a_row_ends_the_game_and_undo_reopens_it() {
    let mut app = app_with(
        settings(Mode::HumanVsHuman, Rule::Freestyle),
        "h8a1i8a2j8a3k8a4",
    );
    assert_eq!(
        *app.world().resource::<State<Phase>>().get(),
        Phase::Playing
    );
    click(&mut app, "l8");
    app.update();
    let result = app.world().resource::<Match>().game().result().cloned();
    assert!(matches!(
        result,
        Some(GameResult::Five {
            winner: Color::Black,
            ..
        })
    ));
    assert_eq!(*app.world().resource::<State<Phase>>().get(), Phase::Over);
    click(&mut app, "a5");
    assert_eq!(game_moves(&app).len(), 9, "no move after the game is over");
    command(&mut app, GameCommand::Undo);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Phase>>().get(),
        Phase::Playing
    );
    assert_eq!(app.world().resource::<Match>().undos(), 1);
}

/// Black g8 h8 (row) and i10 i11 (column): i8 makes two open threes.
const DOUBLE_THREE: &str = "g8a1h8a2i10a3i11a4";

#[test]
fn a_forbidden_click_is_refused_with_the_engines_reason() {
    let mut app = app_with(settings(Mode::HumanVsHuman, Rule::Renju), DOUBLE_THREE);
    click(&mut app, "i8");
    assert_eq!(game_moves(&app).len(), 8);
    let refusals = &app.world().resource::<Refusals>().0;
    assert_eq!(refusals.len(), 1);
    assert!(
        refusals[0].starts_with("I8 is forbidden for Black: double-three"),
        "{}",
        refusals[0]
    );
    // Black may still play elsewhere.
    click(&mut app, "h9");
    assert_eq!(game_moves(&app).len(), 9);
}

#[test]
fn refusals_and_notices_follow_the_language_setting() {
    let mut app = app_with(settings(Mode::HumanVsHuman, Rule::Renju), DOUBLE_THREE);
    app.insert_resource(gomoku::settings::Settings {
        language: gomoku::i18n::Language::Chinese,
        ..default()
    });
    click(&mut app, "i8");
    let refusals = &app.world().resource::<Refusals>().0;
    assert_eq!(refusals.as_slice(), ["I8 是黑棋禁手：三三"]);
    assert_eq!(app.world().resource::<Notice>().text, refusals[0]);
    // Black, to move, resigns in a two-player game.
    command(&mut app, GameCommand::Resign);
    assert_eq!(app.world().resource::<Notice>().text, "白棋胜（对方认输）");
}

#[test]
fn a_forbidden_click_loses_under_the_lose_policy() {
    let mut renju = settings(Mode::HumanVsHuman, Rule::Renju);
    renju.policy = ForbiddenPolicy::Lose;
    let mut app = app_with(renju, DOUBLE_THREE);
    click(&mut app, "i8");
    app.update();
    let m = app.world().resource::<Match>();
    assert!(matches!(
        m.game().result(),
        Some(GameResult::Forbidden { .. })
    ));
    assert_eq!(m.game().result().unwrap().winner(), Some(Color::White));
    assert!(app.world().resource::<Refusals>().0.is_empty());
    assert_eq!(*app.world().resource::<State<Phase>>().get(), Phase::Over);
}

#[test]
fn the_ai_replies_through_the_same_placement_system() {
    let mut app = app_with(settings(Mode::HumanVsAi, Rule::Freestyle), "");
    click(&mut app, "h8");
    // While the AI is to move, a click is not played.
    click(&mut app, "a1");
    update_until(&mut app, "the AI's reply", |app| game_moves(app).len() == 2);
    let moves = game_moves(&app);
    assert_eq!(moves[0], point("h8"));
    assert_ne!(moves[1], point("a1"));
    let m = app.world().resource::<Match>();
    assert!(m.human_to_move());
    assert_eq!(app.world().resource::<StaleResults>().0, 0);
}

#[test]
fn the_ai_searches_on_the_threads_the_settings_give() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (ai_threads, expected) in [(0, cores.saturating_sub(1).max(1)), (3, 3)] {
        let mut app = app_with(settings(Mode::HumanVsAi, Rule::Freestyle), "");
        app.insert_resource(Settings {
            ai_threads,
            ..Settings::default()
        });
        click(&mut app, "h8");
        let mut searches = app.world_mut().query::<&Search>();
        let threads: Vec<usize> = searches.iter(app.world()).map(|s| s.threads).collect();
        assert_eq!(threads, [expected], "ai_threads {ai_threads}");
    }
}

#[test]
fn the_ais_search_runs_a_little_below_the_frame() {
    let mut app = app_with(settings(Mode::HumanVsAi, Rule::Freestyle), "");
    click(&mut app, "h8");
    update_until(&mut app, "the AI's reply", |app| game_moves(app).len() == 2);
    // SAFETY: getpriority only reads the main thread's niceness.
    let main = unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::getpid() as libc::id_t) };
    // The compute pool's threads ("Async Compute Task Pool (N)", cut to 15
    // characters): the one that searched is lowered, and never as far as
    // background work (it could not come back up for the next search).
    let pool = support::niceness_of_threads("Async Compute T");
    let timed = i64::from(WorkPriority::Timed.niceness(main));
    assert!(pool.contains(&timed), "{pool:?}, main {main}");
    assert!(
        pool.iter().all(|&n| n == i64::from(main) || n == timed),
        "{pool:?}, main {main}"
    );
}

#[test]
fn the_ai_moves_first_when_the_human_plays_white() {
    let mut s = settings(Mode::HumanVsAi, Rule::Renju);
    s.human_color = Color::White;
    let mut app = app_with(s, "");
    update_until(&mut app, "the AI's first move", |app| {
        game_moves(app).len() == 1
    });
    assert!(app.world().resource::<Match>().human_to_move());
}

/// Pauses play as an open menu does (the state changes at the next update).
fn set_paused(app: &mut App, paused: bool) {
    app.world_mut()
        .resource_mut::<NextState<Pause>>()
        .set(Pause(paused));
}

fn search_count(app: &mut App) -> usize {
    let mut searches = app.world_mut().query::<&Search>();
    searches.iter(app.world()).count()
}

#[test]
fn a_paused_ai_holds_a_finished_move_until_resumed() {
    let mut app = app_with(settings(Mode::AiVsAi, Rule::Freestyle), "");
    // A search started before the pause finishes, but its move waits.
    wait_for_search(&mut app);
    set_paused(&mut app, true);
    for _ in 0..5 {
        app.update();
    }
    assert!(game_moves(&app).is_empty());
    assert_eq!(search_count(&mut app), 1, "the finished search is kept");
    set_paused(&mut app, false);
    update_until(&mut app, "the held move", |app| game_moves(app).len() == 1);
}

#[test]
fn a_paused_ai_starts_no_search_until_resumed() {
    let mut app = app_with(settings(Mode::HumanVsAi, Rule::Freestyle), "");
    set_paused(&mut app, true);
    click(&mut app, "h8");
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(search_count(&mut app), 0);
    assert_eq!(game_moves(&app).len(), 1);
    set_paused(&mut app, false);
    update_until(&mut app, "the reply after the pause", |app| {
        game_moves(app).len() == 2
    });
    assert_eq!(app.world().resource::<StaleResults>().0, 0);
}

#[test]
fn an_ai_result_computed_before_an_undo_is_dropped() {
    let mut app = app_with(settings(Mode::HumanVsAi, Rule::Freestyle), "");
    click(&mut app, "h8");
    wait_for_search(&mut app);
    // The search for the position after h8 has its answer; now take h8 back
    // before the next frame collects it.
    command(&mut app, GameCommand::Undo);
    for _ in 0..5 {
        app.update();
    }
    assert!(game_moves(&app).is_empty());
    assert_eq!(app.world().resource::<StaleResults>().0, 1);
    assert!(app.world().resource::<Match>().human_to_move());
}

#[test]
fn an_ai_result_computed_before_a_new_game_is_dropped() {
    let s = settings(Mode::HumanVsAi, Rule::Freestyle);
    let mut app = app_with(s.clone(), "");
    click(&mut app, "h8");
    wait_for_search(&mut app);
    command(&mut app, GameCommand::NewGame(s, None));
    for _ in 0..5 {
        app.update();
    }
    assert!(game_moves(&app).is_empty());
    assert_eq!(app.world().resource::<StaleResults>().0, 1);
}

#[test]
fn undo_against_the_ai_takes_back_the_reply_and_your_move() {
    let mut app = app_with(settings(Mode::HumanVsAi, Rule::Freestyle), "");
    click(&mut app, "h8");
    update_until(&mut app, "the AI's reply", |app| game_moves(app).len() == 2);
    // The AI's varied reply may have taken h10: play a point it left empty.
    let second = ["h10", "j10"]
        .into_iter()
        .find(|p| !game_moves(&app).contains(&point(p)))
        .expect("one reply takes at most one of two points");
    click(&mut app, second);
    update_until(&mut app, "the AI's reply", |app| game_moves(app).len() == 4);
    let before = game_moves(&app);
    command(&mut app, GameCommand::Undo);
    assert_eq!(game_moves(&app), before[..2].to_vec());
    assert!(app.world().resource::<Match>().human_to_move());
    // Redo replays both again, back to the human's turn.
    command(&mut app, GameCommand::Redo);
    assert_eq!(game_moves(&app), before);
    assert!(app.world().resource::<Match>().human_to_move());
    assert_eq!(app.world().resource::<Match>().undos(), 1);
}

#[test]
fn undo_while_the_ai_thinks_takes_back_only_your_move() {
    let mut s = settings(Mode::HumanVsAi, Rule::Freestyle);
    s.human_color = Color::White;
    let mut app = app_with(s, "h8");
    // The AI (Black) made the first move; White answers, then undoes while
    // the AI's search is still pending.
    app.insert_resource(AiPacing {
        min_move_secs: 60.0,
    });
    click(&mut app, "i9");
    assert_eq!(game_moves(&app).len(), 2);
    command(&mut app, GameCommand::Undo);
    assert_eq!(game_moves(&app), vec![point("h8")]);
    // The AI's first move cannot be undone: the human would not be to move.
    command(&mut app, GameCommand::Undo);
    assert_eq!(game_moves(&app), vec![point("h8")]);
}

#[test]
fn a_hint_is_shown_for_the_position_it_was_computed_for() {
    let mut app = app_with(
        settings(Mode::HumanVsHuman, Rule::Freestyle),
        "h8a1i8a2j8a3k8a4",
    );
    app.world_mut()
        .resource_mut::<Messages<HintRequest>>()
        .write(HintRequest);
    update_until(&mut app, "the hint", |app| {
        let m = app.world().resource::<Match>();
        app.world()
            .resource::<gomoku::play::ai::Hint>()
            .current(m)
            .is_some()
    });
    let m = app.world().resource::<Match>();
    let hint = app
        .world()
        .resource::<gomoku::play::ai::Hint>()
        .current(m)
        .unwrap();
    // Black has four in a row: the hint completes the five.
    assert!([point("g8"), point("l8")].contains(&hint), "{hint:?}");
    click(&mut app, "l8");
    let m = app.world().resource::<Match>();
    assert_eq!(
        app.world().resource::<gomoku::play::ai::Hint>().current(m),
        None
    );
}

/// The logic plus the board's stones and markers (textures are generated
/// into a bare asset store; nothing is rendered).
fn view_app(settings: MatchSettings, moves: &str) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()))
        .init_asset::<Image>()
        .add_plugins(gomoku::play::plugin)
        .insert_resource(Match::new(settings, &points(moves), 0.0).unwrap())
        .init_resource::<Settings>()
        .add_plugins((
            gomoku::board::textures::plugin,
            gomoku::board::stones::plugin,
        ));
    app.update();
    app
}

fn count_named(app: &mut App, name: &str) -> usize {
    let mut names = app.world_mut().query::<&Name>();
    names
        .iter(app.world())
        .filter(|n| n.as_str() == name)
        .count()
}

fn stones_on_board(app: &mut App) -> Vec<Stone> {
    let mut stones = app.world_mut().query::<&Stone>();
    let mut all: Vec<Stone> = stones.iter(app.world()).copied().collect();
    all.sort_by_key(|s| s.number);
    all
}

#[test]
fn the_board_view_follows_the_game_through_undo_and_new_game() {
    let mut app = view_app(settings(Mode::HumanVsHuman, Rule::Renju), DOUBLE_THREE);
    let stones = stones_on_board(&mut app);
    assert_eq!(stones.len(), 8);
    assert_eq!(stones[0].point, point("g8"));
    assert_eq!(stones[1].color, Color::White);
    // Black to move: exactly the points the engine forbids are marked.
    let m = app.world().resource::<Match>();
    let board = m.game().board();
    let forbidden_points = board
        .empty_points()
        .filter(|&p| gomoku_engine::rules::forbidden(board, p).is_some())
        .count();
    assert!(forbidden_points >= 1);
    assert_eq!(count_named(&mut app, "Forbidden mark"), forbidden_points);

    command(&mut app, GameCommand::Undo);
    assert_eq!(stones_on_board(&mut app).len(), 7);
    assert_eq!(count_named(&mut app, "Forbidden mark"), 0, "White to move");
    // The taken-back stone lifts off, then is gone.
    assert_eq!(count_named(&mut app, "Stone 8"), 1);
    update_until(&mut app, "the lift-off", |app| {
        let world = app.world();
        !world
            .iter_entities()
            .any(|e| e.get::<Name>().is_some_and(|n| n.as_str() == "Stone 8"))
    });

    command(
        &mut app,
        GameCommand::NewGame(settings(Mode::HumanVsHuman, Rule::Renju), None),
    );
    assert!(stones_on_board(&mut app).is_empty());
}

/// The winning line's drawn length after `frames` frames of 50 ms with
/// animations `enabled` at speed `factor`, as a share of the full line.
fn win_line_after(enabled: bool, factor: f32, frames: usize) -> f32 {
    let mut app = view_app(
        settings(Mode::HumanVsHuman, Rule::Freestyle),
        "h8a1i8a2j8a3k8a4",
    );
    app.insert_resource(Settings {
        animations: enabled,
        animation_speed: factor,
        ..Settings::default()
    })
    .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(50),
    ));
    click(&mut app, "l8");
    for _ in 0..frames {
        app.update();
    }
    let mut lines = app.world_mut().query::<(&Name, &Sprite)>();
    let (_, sprite) = lines
        .iter(app.world())
        .find(|(name, _)| name.as_str() == "Winning line")
        .expect("the game is won, so the line is drawn");
    sprite.custom_size.unwrap().x / (4.0 * CELL)
}

#[test]
fn the_winning_line_follows_the_animation_settings() {
    // It grows in 0.5 s: not there after ~0.2 s at normal speed, there
    // at triple speed, and at once with animations off.
    let normal = win_line_after(true, 1.0, 4);
    assert!(normal > 0.0 && normal < 0.99, "{normal}");
    assert!(win_line_after(true, 3.0, 4) > 0.999);
    assert!(win_line_after(false, 1.0, 1) > 0.999);
}

#[test]
fn world_positions_round_to_the_nearest_intersection() {
    for y in 0..15 {
        for x in 0..15 {
            let p = Point::new(x, y);
            let centre = point_to_world(p);
            assert_eq!(world_to_point(centre), Some(p));
            for offset in [
                Vec2::new(0.49, 0.49),
                Vec2::new(-0.49, 0.3),
                Vec2::new(0.0, -0.49),
            ] {
                assert_eq!(world_to_point(centre + offset * CELL), Some(p));
            }
        }
    }
    // Rows count up the screen: h8 is the centre, a1 the bottom left.
    assert_eq!(point_to_world(point("h8")), Vec2::ZERO);
    let a1 = point_to_world(point("a1"));
    assert!(a1.x < 0.0 && a1.y < 0.0);
    // Float noise just below a line still picks that line.
    assert_eq!(
        world_to_point(Vec2::new(0.0, -CELL + 1e-3)),
        Some(point("h7"))
    );
    // Beyond half a cell past the outer lines is off the board.
    assert_eq!(world_to_point(a1 - Vec2::new(0.51, 0.0) * CELL), None);
    assert_eq!(world_to_point(a1 - Vec2::new(0.0, 0.51) * CELL), None);
}

#[test]
fn command_line_options_are_read_and_bad_ones_explained() {
    let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    let Ok(Command::Play(o)) = cli::parse(args(
        "--screenshot out.png --frames 120 --window 700x1000 --moves h8i9j10 --rule renju --mode pvp",
    )) else {
        panic!("valid options");
    };
    assert_eq!(o.window, Some((700, 1000)));
    assert_eq!(o.frames, 120);
    assert_eq!(o.moves, points("h8i9j10"));
    assert_eq!(o.settings.rule, Rule::Renju);
    assert_eq!(o.settings.mode, Mode::HumanVsHuman);
    assert_eq!(
        o.screenshot.as_deref(),
        Some(std::path::Path::new("out.png"))
    );
    for (bad, says) in [
        ("--window 700", "WIDTHxHEIGHT"),
        ("--mode chess", "unknown mode"),
        ("--frames", "needs a value"),
        ("--moves h8z99", "--moves"),
        ("--fly", "unknown option"),
    ] {
        let err = cli::parse(args(bad)).unwrap_err();
        assert!(err.contains(says), "{bad}: {err}");
    }
    // A position that cannot be played is reported, not panicked on.
    let err = Match::new(MatchSettings::default(), &points("h8h8"), 0.0).unwrap_err();
    assert!(err.contains("move 2 (H8)"), "{err}");
    let err = cli::parse(args("--moves h8h8")).unwrap_err();
    assert!(err.contains("move 2 (H8)"), "{err}");
}

#[test]
fn sounds_are_deterministic_audible_wavs() {
    for sfx in Sfx::all() {
        let wav = sfx.wav();
        assert_eq!(wav, sfx.wav(), "{sfx:?} is not deterministic");
        assert_eq!(&wav[0..4], b"RIFF");
        assert_eq!(&wav[8..16], b"WAVEfmt ");
        let riff_len = u32::from_le_bytes(wav[4..8].try_into().unwrap()) as usize;
        assert_eq!(riff_len + 8, wav.len());
        // Bevy's own decoder (rodio, `wav` feature) reads every sample back.
        let source = bevy::audio::AudioSource {
            bytes: wav.clone().into(),
        };
        let decoded = bevy::audio::Decodable::decoder(&source).count();
        assert_eq!(decoded, sfx.samples().len(), "{sfx:?} does not decode");
        let peak = sfx.samples().iter().fold(0.0f32, |a, s| a.max(s.abs()));
        assert!(
            (peak - gomoku::audio::sfx::PEAK).abs() < 1e-4,
            "{sfx:?} peak {peak}"
        );
    }
    let clicks: Vec<_> = (0..Sfx::STONE_VARIANTS)
        .map(|i| Sfx::Stone(i).wav())
        .collect();
    assert!(
        clicks.windows(2).all(|w| w[0] != w[1]),
        "click variations differ"
    );
}

#[test]
fn the_board_shows_the_replay_position_and_then_the_game_again() {
    use gomoku::board::shown::BoardSource;
    let mut app = view_app(settings(Mode::HumanVsHuman, Rule::Freestyle), "h8i9");
    assert_eq!(stones_on_board(&mut app).len(), 2);
    // A finished game from a file, shown at its end: its stones and its
    // winning line, on the same board.
    let mut replayed = gomoku_engine::Game::new(Rule::Freestyle, 15).unwrap();
    for p in points("a1b1a2b2a3b3a4b4a5") {
        replayed.play(p).unwrap();
    }
    app.insert_resource(BoardSource::Replay(Box::new(replayed.clone())));
    app.update();
    let shown: Vec<Point> = stones_on_board(&mut app).iter().map(|s| s.point).collect();
    assert_eq!(shown, replayed.moves());
    assert_eq!(count_named(&mut app, "Winning line"), 1);
    // One step back: the five is gone, and so is the line.
    replayed.undo();
    app.insert_resource(BoardSource::Replay(Box::new(replayed)));
    app.update();
    assert_eq!(count_named(&mut app, "Winning line"), 0);
    // Closing the viewer shows the game in play again; it never changed.
    app.insert_resource(BoardSource::Live);
    app.update();
    update_until(&mut app, "the replay's stones lift off", |app| {
        app.world()
            .iter_entities()
            .filter(|e| {
                // "Stone 7", not its "Stone body" or "Stone shadow" children.
                e.get::<Name>().is_some_and(|n| {
                    n.as_str()
                        .strip_prefix("Stone ")
                        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
                })
            })
            .count()
            == 2
    });
    let shown: Vec<Point> = stones_on_board(&mut app).iter().map(|s| s.point).collect();
    assert_eq!(shown, points("h8i9"));
    assert_eq!(game_moves(&app), points("h8i9"));
}

#[test]
fn opening_a_menu_pauses_play_in_the_same_frame() {
    use gomoku::play::clock::GameClock;
    use gomoku::ui_core::{Overlay, pause_with_menus};
    use gomoku_engine::record::formats::TimeControl;
    let mut app = app_with(settings(Mode::HumanVsHuman, Rule::Freestyle), "h8");
    app.init_state::<Overlay>()
        .add_systems(
            StateTransition,
            pause_with_menus
                .before(bevy::state::state::StateTransitionSystems::DependentTransitions),
        )
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            Duration::from_millis(100),
        ))
        .insert_resource(GameClock::new(Some(TimeControl::PerMove {
            move_ms: 60_000,
        })));
    app.update();
    let used = |app: &App| app.world().resource::<GameClock>().current_ms;
    let before = used(&app);
    assert!(before > 0, "the clock runs on the board");
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Main);
    app.update();
    assert_eq!(*app.world().resource::<State<Pause>>().get(), Pause(true));
    assert_eq!(used(&app), before, "not one tick with the menu open");
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::None);
    app.update();
    assert_eq!(*app.world().resource::<State<Pause>>().get(), Pause(false));
    assert!(used(&app) > before, "the clock runs again");
}

#[test]
fn players_are_you_and_the_ai_or_player_one_and_two_unless_named() {
    use gomoku::i18n::Language::{Chinese, English};
    let mut s = settings(Mode::HumanVsHuman, Rule::Freestyle);
    assert_eq!(s.shown_name(English, Color::Black), "Player 1");
    assert_eq!(s.shown_name(English, Color::White), "Player 2");
    assert_eq!(s.shown_name(Chinese, Color::White), "玩家2");
    s.names = ["Ann".into(), "  Bob ".into()];
    assert_eq!(s.shown_name(English, Color::Black), "Ann");
    assert_eq!(s.shown_name(English, Color::White), "Bob");
    // Names are remembered across games: against the AI, the one left on
    // the AI's side from a two-player game is not the AI's.
    s.mode = Mode::HumanVsAi;
    s.human_color = Color::White;
    s.level = Level::Expert;
    assert_eq!(s.name(Color::Black), None);
    assert_eq!(s.shown_name(English, Color::Black), "AI (Expert)");
    assert_eq!(s.shown_name(English, Color::White), "Bob");
    s.names = Default::default();
    assert_eq!(s.shown_name(English, Color::White), "You");
}

#[test]
fn board_text_is_never_smaller_on_the_screen_than_its_minimum() {
    // The coordinates' size and minimum. World units per logical pixel: a
    // 1280x800 window's board (0.86), the smallest window's (560x480, the
    // side panel leaving 290 pixels: 2.36), and smaller still.
    let label = CrispText {
        size: CELL * 0.4,
        min_px: 9.0,
    };
    for view_scale in [0.5, 0.86, 2.36, 6.0] {
        let (px, scale) = label.raster(view_scale);
        let on_screen = px * scale / view_scale;
        let natural = label.size / view_scale;
        assert!(
            on_screen >= label.min_px - 1e-3,
            "{view_scale}: {on_screen} px"
        );
        // Otherwise the size the board gives it, in whole pixels.
        if natural > label.min_px {
            assert!(
                (on_screen - natural).abs() <= 0.5,
                "{view_scale}: {on_screen}"
            );
        }
        assert_eq!(px.fract(), 0.0, "rasterised at whole pixels");
    }
}
