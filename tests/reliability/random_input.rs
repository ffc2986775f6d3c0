//! Random input across every screen of the whole game (issue 13): mouse
//! moves, clicks (half of them aimed at the widgets egui drew last frame),
//! wheel turns, key presses, typed text and window resizes, thousands of
//! them, while the test checks after every frame that nothing panicked,
//! that the stones on the board are the moves of the game it shows, that
//! the match's board holds exactly the moves of its record, and every few
//! hundred events that the autosave on disk is the game in progress.
//!
//! What runs: the real game (`GamePlugin`: board, input, HUD and menus in
//! egui, sound, files) on Bevy's `DefaultPlugins`, without winit (no window
//! system here) and without a GPU backend (`WgpuSettings { backends: None }`
//! builds no render world). The test stands in for winit: for each OS event
//! it does what winit does, it sets the window's cursor position or
//! resolution and writes the input message and the matching `WindowEvent`
//! (egui reads the latter). So egui's hit-testing, the HUD, every menu, the
//! board's pointer and the keyboard shortcuts react as in the game. Not
//! covered: winit's own translation of OS events, drawing on a GPU, and the
//! desktop's file dialogs (started on a pool thread; without a portal they
//! answer nothing).
//!
//! Every variant of the `Overlay` state is visited in turn (listed through
//! reflection, so a screen added later is covered without editing this
//! file), with random input inside it; random input also moves between
//! screens on its own.

use super::support::points;
use super::{TempDir, env_number};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::{MouseButtonInput, MouseScrollUnit, MouseWheel};
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;
use bevy::reflect::enums::{DynamicEnum, DynamicVariant};
use bevy::reflect::{TypeInfo, Typed};
use bevy::render::RenderPlugin;
use bevy::render::settings::{RenderCreation, WgpuSettings};
use bevy::window::{PrimaryWindow, WindowEvent, WindowResized};
use bevy::winit::WinitPlugin;
use bevy_egui::{EguiContext, PrimaryEguiContext};
use chacha20::ChaCha8Rng;
use gomoku::GamePlugin;
use gomoku::board::shown::BoardSource;
use gomoku::board::stones::Stone;
use gomoku::cli::Options;
use gomoku::persistence::Storage;
use gomoku::persistence::autosave::GameFiles;
use gomoku::persistence::settings_file::{RunOverrides, SettingsStore};
use gomoku::play::ai::AiPacing;
use gomoku::play::game::{Match, StonePlaced};
use gomoku::play::replay::{Replay, ReplayCommand};
use gomoku::settings::Settings;
use gomoku::ui_core::{Overlay, ReplayReturn};
use gomoku_engine::record::formats::Record;
use gomoku_engine::search::Level;
use gomoku_engine::{Cell, Color as StoneColor, Game, Point, Rule};
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

/// The whole game, headless, with its files in `dir`.
fn game_app(dir: &Path) -> App {
    let store = SettingsStore {
        dir: Some(dir.join("config")),
        writable: true,
        warning: None,
        overrides: RunOverrides::default(),
    };
    let game = GamePlugin {
        options: Options::default(),
        store,
        // The quickest level: the AI answers within a few frames, so the
        // monkey's games get long.
        settings: Settings {
            ai_level: Level::Beginner,
            ..Settings::default()
        },
    };
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(game.window_plugin())
            .set(RenderPlugin {
                render_creation: RenderCreation::Automatic(Box::new(WgpuSettings {
                    backends: None,
                    ..default()
                })),
                ..default()
            })
            .disable::<WinitPlugin>(),
    )
    .insert_resource(GameFiles::new(Some(Storage::new(dir.join("data")))))
    .add_plugins(game)
    // The AI answers at once: more moves for the monkey's games.
    .insert_resource(AiPacing { min_move_secs: 0.0 })
    .init_resource::<StonesPlaced>()
    .add_observer(|_: On<StonePlaced>, mut n: ResMut<StonesPlaced>| n.0 += 1);
    app.finish();
    app.cleanup();
    app.update();
    app
}

/// Stones put on the board during the run (moves and redos, both sides).
#[derive(Resource, Default)]
struct StonesPlaced(usize);

/// Every screen, from the state's reflected variants.
fn every_screen() -> Vec<Overlay> {
    let TypeInfo::Enum(info) = Overlay::type_info() else {
        panic!("Overlay is an enum");
    };
    info.iter()
        .map(|variant| {
            let unit = DynamicEnum::new(variant.name(), DynamicVariant::Unit);
            Overlay::from_reflect(&unit).unwrap_or_else(|| {
                panic!(
                    "Overlay::{} has fields: teach every_screen to build it",
                    variant.name()
                )
            })
        })
        .collect()
}

/// Keys the game or egui react to, and some they do not.
const KEYS: &[(KeyCode, &str)] = &[
    (KeyCode::Escape, ""),
    (KeyCode::F1, ""),
    (KeyCode::F11, ""),
    (KeyCode::Enter, ""),
    (KeyCode::NumpadEnter, ""),
    (KeyCode::Space, " "),
    (KeyCode::Tab, ""),
    (KeyCode::Backspace, ""),
    (KeyCode::Delete, ""),
    (KeyCode::Home, ""),
    (KeyCode::End, ""),
    (KeyCode::PageUp, ""),
    (KeyCode::PageDown, ""),
    (KeyCode::ArrowLeft, ""),
    (KeyCode::ArrowRight, ""),
    (KeyCode::ArrowUp, ""),
    (KeyCode::ArrowDown, ""),
    (KeyCode::KeyH, "h"),
    (KeyCode::KeyM, "m"),
    (KeyCode::KeyC, "c"),
    (KeyCode::KeyN, "n"),
    (KeyCode::KeyF, "f"),
    (KeyCode::KeyZ, "z"),
    (KeyCode::KeyY, "y"),
    (KeyCode::KeyA, "a"),
    (KeyCode::KeyS, "s"),
    (KeyCode::Digit1, "1"),
    (KeyCode::Slash, "/"),
    (KeyCode::Minus, "-"),
];

const MODIFIERS: [KeyCode; 3] = [KeyCode::ControlLeft, KeyCode::ShiftLeft, KeyCode::AltLeft];

/// Stands in for winit: turns random OS events into what winit writes.
struct Monkey {
    rng: ChaCha8Rng,
    window: Entity,
    cursor: Vec2,
    /// Buttons held down from an earlier frame (released later).
    held: Vec<MouseButton>,
    events: usize,
    resizes: usize,
    clicks: usize,
    aimed_clicks: usize,
    keys: usize,
}

impl Monkey {
    fn new(app: &mut App, seed: u64) -> Monkey {
        let window = app
            .world_mut()
            .query_filtered::<Entity, With<PrimaryWindow>>()
            .single(app.world())
            .unwrap();
        Monkey {
            rng: ChaCha8Rng::seed_from_u64(seed),
            window,
            cursor: Vec2::ZERO,
            held: Vec::new(),
            events: 0,
            resizes: 0,
            clicks: 0,
            aimed_clicks: 0,
            keys: 0,
        }
    }

    fn window_size(&self, app: &App) -> Vec2 {
        app.world().get::<Window>(self.window).unwrap().size()
    }

    /// Where egui drew interactive widgets last frame.
    fn widget_rects(app: &mut App) -> Vec<bevy_egui::egui::Rect> {
        let mut contexts = app
            .world_mut()
            .query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>();
        contexts
            .iter_mut(app.world_mut())
            .next()
            .map(|mut ctx| ctx.get_mut().interactive_rects_last_pass())
            .unwrap_or_default()
    }

    fn move_cursor(&mut self, app: &mut App, to: Option<Vec2>) {
        let window = self.window;
        let mut w = app.world_mut().get_mut::<Window>(window).unwrap();
        w.set_cursor_position(to);
        let Some(position) = to else {
            app.world_mut()
                .write_message(WindowEvent::CursorLeft(bevy::window::CursorLeft { window }));
            app.world_mut()
                .write_message(bevy::window::CursorLeft { window });
            return;
        };
        let moved = CursorMoved {
            window,
            position,
            delta: Some(position - self.cursor),
        };
        self.cursor = position;
        app.world_mut()
            .write_message(WindowEvent::CursorMoved(moved.clone()));
        app.world_mut().write_message(moved);
    }

    fn button(&mut self, app: &mut App, button: MouseButton, state: ButtonState) {
        let input = MouseButtonInput {
            button,
            state,
            window: self.window,
        };
        app.world_mut()
            .write_message(WindowEvent::MouseButtonInput(input));
        app.world_mut().write_message(input);
    }

    fn key(&mut self, app: &mut App, code: KeyCode, text: &str, state: ButtonState) {
        let logical_key = match code {
            KeyCode::Escape => Key::Escape,
            KeyCode::Enter | KeyCode::NumpadEnter => Key::Enter,
            KeyCode::Space => Key::Space,
            KeyCode::Tab => Key::Tab,
            KeyCode::Backspace => Key::Backspace,
            KeyCode::Delete => Key::Delete,
            KeyCode::Home => Key::Home,
            KeyCode::End => Key::End,
            KeyCode::PageUp => Key::PageUp,
            KeyCode::PageDown => Key::PageDown,
            KeyCode::ArrowLeft => Key::ArrowLeft,
            KeyCode::ArrowRight => Key::ArrowRight,
            KeyCode::ArrowUp => Key::ArrowUp,
            KeyCode::ArrowDown => Key::ArrowDown,
            KeyCode::F1 => Key::F1,
            KeyCode::F11 => Key::F11,
            KeyCode::ControlLeft => Key::Control,
            KeyCode::ShiftLeft => Key::Shift,
            KeyCode::AltLeft => Key::Alt,
            _ => Key::Character(text.into()),
        };
        let input = KeyboardInput {
            key_code: code,
            logical_key,
            state,
            text: (state == ButtonState::Pressed && !text.is_empty()).then(|| text.into()),
            repeat: false,
            window: self.window,
        };
        app.world_mut()
            .write_message(WindowEvent::KeyboardInput(input.clone()));
        app.world_mut().write_message(input);
    }

    fn resize(&mut self, app: &mut App) {
        // Mostly ordinary shapes; sometimes tiny or huge (the OS may
        // ignore the minimum size, a minimised window is 0×0 on some).
        let (width, height) = match self.rng.random_range(0..10) {
            0 => (self.rng.random_range(0..40), self.rng.random_range(0..40)),
            1 => (
                self.rng.random_range(3000..8000),
                self.rng.random_range(2000..5000),
            ),
            _ => (
                self.rng.random_range(400..2000),
                self.rng.random_range(300..1400),
            ),
        };
        let window = self.window;
        let mut w = app.world_mut().get_mut::<Window>(window).unwrap();
        w.resolution.set_physical_resolution(width, height);
        let resized = WindowResized {
            window,
            width: w.width(),
            height: w.height(),
        };
        app.world_mut()
            .write_message(WindowEvent::WindowResized(resized.clone()));
        app.world_mut().write_message(resized);
        self.resizes += 1;
    }

    /// Some events for the next frame.
    fn act(&mut self, app: &mut App) {
        for button in std::mem::take(&mut self.held) {
            self.button(app, button, ButtonState::Released);
        }
        let size = self.window_size(app);
        match self.rng.random_range(0..100) {
            // A click: at a widget egui drew, or anywhere.
            0..45 => {
                let rects = Self::widget_rects(app);
                let at = if !rects.is_empty() && self.rng.random_bool(0.6) {
                    let r = rects[self.rng.random_range(0..rects.len())];
                    self.aimed_clicks += 1;
                    Vec2::new(
                        self.rng.random_range(r.min.x..=r.max.x.max(r.min.x)),
                        self.rng.random_range(r.min.y..=r.max.y.max(r.min.y)),
                    )
                } else {
                    Vec2::new(
                        self.rng.random_range(0.0..=size.x.max(1.0)),
                        self.rng.random_range(0.0..=size.y.max(1.0)),
                    )
                };
                self.move_cursor(app, Some(at));
                let button = match self.rng.random_range(0..10) {
                    0 => MouseButton::Right,
                    1 => MouseButton::Middle,
                    _ => MouseButton::Left,
                };
                self.button(app, button, ButtonState::Pressed);
                if self.rng.random_bool(0.5) {
                    self.button(app, button, ButtonState::Released);
                } else {
                    self.held.push(button);
                }
                self.clicks += 1;
            }
            45..55 => {
                let at = Vec2::new(
                    self.rng.random_range(-50.0..size.x + 50.0),
                    self.rng.random_range(-50.0..size.y + 50.0),
                );
                let inside = at.x >= 0.0 && at.y >= 0.0 && at.x <= size.x && at.y <= size.y;
                self.move_cursor(app, inside.then_some(at));
            }
            55..60 => {
                let wheel = MouseWheel {
                    unit: MouseScrollUnit::Line,
                    x: 0.0,
                    y: self.rng.random_range(-5.0..5.0),
                    window: self.window,
                    phase: TouchPhase::Moved,
                };
                app.world_mut()
                    .write_message(WindowEvent::MouseWheel(wheel));
                app.world_mut().write_message(wheel);
            }
            60..90 => {
                let (code, text) = KEYS[self.rng.random_range(0..KEYS.len())];
                let modifier = self
                    .rng
                    .random_bool(0.25)
                    .then(|| MODIFIERS[self.rng.random_range(0..MODIFIERS.len())]);
                if let Some(m) = modifier {
                    self.key(app, m, "", ButtonState::Pressed);
                }
                self.key(app, code, text, ButtonState::Pressed);
                self.key(app, code, text, ButtonState::Released);
                if let Some(m) = modifier {
                    self.key(app, m, "", ButtonState::Released);
                }
                self.keys += 1;
            }
            // Typing into whatever has focus (names, paths), also text
            // the game has no glyph for.
            90..96 => {
                let text =
                    ["x", "9", "黑", "☃", "\u{200b}", "e\u{301}"][self.rng.random_range(0..6)];
                self.key(app, KeyCode::KeyX, text, ButtonState::Pressed);
                self.key(app, KeyCode::KeyX, text, ButtonState::Released);
                self.keys += 1;
            }
            _ => self.resize(app),
        }
        self.events += 1;
    }
}

/// The stones drawn are the moves of the game the board shows.
fn stones_match_the_shown_game(app: &mut App) -> Result<(), String> {
    let shown: Game = match app.world().resource::<BoardSource>() {
        BoardSource::Live => app.world().resource::<Match>().game().clone(),
        BoardSource::Replay(game) => (**game).clone(),
    };
    let wanted: HashMap<Point, (StoneColor, usize)> = shown
        .moves()
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, (StoneColor::of_ply(i), i + 1)))
        .collect();
    let drawn: HashMap<Point, (StoneColor, usize)> = app
        .world_mut()
        .query::<&Stone>()
        .iter(app.world())
        .map(|s| (s.point, (s.color, s.number)))
        .collect();
    if drawn == wanted {
        Ok(())
    } else {
        Err(format!(
            "{} stones drawn, {} moves shown",
            drawn.len(),
            wanted.len()
        ))
    }
}

/// The match's board holds its record's moves and nothing else.
fn board_is_the_record(game: &Game) -> Result<(), String> {
    let board = game.board();
    if board.stone_count() != game.moves().len() {
        return Err(format!(
            "{} stones on the board, {} moves in the record",
            board.stone_count(),
            game.moves().len()
        ));
    }
    for (i, &p) in game.moves().iter().enumerate() {
        if board.get(p) != Cell::stone(StoneColor::of_ply(i)) {
            return Err(format!("move {} at {p:?} is not on the board", i + 1));
        }
    }
    Ok(())
}

/// After the writes finished: the autosave holds the game in progress
/// (no autosave when there is nothing to continue).
fn autosave_is_the_game(app: &App) -> Result<(), String> {
    let files = app.world().resource::<GameFiles>();
    if !files.writer.wait_idle(Duration::from_secs(10)) {
        return Err("the writes did not finish".into());
    }
    let game = app.world().resource::<Match>().game();
    let saved = files
        .storage
        .as_ref()
        .unwrap()
        .read_autosave()
        .map_err(|e| e.to_string())?;
    let in_progress = !game.is_over() && !game.moves().is_empty();
    match saved {
        Some(record) if in_progress && record.game.moves() == game.moves() => Ok(()),
        None if !in_progress => Ok(()),
        Some(record) => Err(format!(
            "autosave has {} moves, the game {} (over: {})",
            record.game.moves().len(),
            game.moves().len(),
            game.is_over()
        )),
        None => Err(format!("no autosave of {} moves", game.moves().len())),
    }
}

fn check(app: &mut App) -> Result<(), String> {
    stones_match_the_shown_game(app)?;
    board_is_the_record(app.world().resource::<Match>().game())
}

/// Events per screen and visit; the board gets four times as many.
const EVENTS_PER_SCREEN: u64 = 250;
/// Events after which a visit returns to its screen if input left it.
const RETURN_EVERY: u64 = 50;
/// How many frames without input the board may take to show a change.
const QUIET_FRAMES: usize = 3;

#[test]
fn thousands_of_random_events_on_every_screen_break_nothing() {
    let dir = TempDir::new("monkey");
    let mut app = game_app(dir.path());
    let screens = every_screen();
    assert!(screens.len() >= 8, "{screens:?}");
    let seed = env_number("GOMOKU_MONKEY_SEED", 13);
    let rounds = env_number("GOMOKU_MONKEY_ROUNDS", 2);
    let mut monkey = Monkey::new(&mut app, seed);
    let mut visited = Vec::new();
    let mut longest_game = 0;
    let mut autosave_checks = 0;
    let mut lagging_frames = [0; QUIET_FRAMES];
    for round in 0..rounds {
        for &screen in &screens {
            app.world_mut()
                .resource_mut::<NextState<Overlay>>()
                .set(screen);
            app.update();
            visited.push(*app.world().resource::<State<Overlay>>().get());
            let events = match screen {
                Overlay::None => 4 * EVENTS_PER_SCREEN,
                _ => EVENTS_PER_SCREEN,
            };
            for step in 0..events {
                let at = || format!("seed {seed}, round {round}, screen {screen:?}, event {step}");
                // Random keys soon leave a screen (Escape, F1): come back
                // now and then, so each screen gets its share.
                if step % RETURN_EVERY == RETURN_EVERY - 1 {
                    app.world_mut()
                        .resource_mut::<NextState<Overlay>>()
                        .set(screen);
                }
                monkey.act(&mut app);
                app.update();
                // A change made late in a frame (a menu's button or a replay
                // key, read by egui after the board's view) reaches the board
                // in the next frame: the board must catch up within a few
                // quiet frames. A change in Update shows in its own frame
                // (`the_board_keeps_up_with_the_replays_autoplay`).
                let mut quiet = 0;
                while let Err(e) = check(&mut app) {
                    quiet += 1;
                    assert!(quiet <= QUIET_FRAMES, "{}: {e}", at());
                    app.update();
                }
                if quiet > 0 {
                    lagging_frames[quiet - 1] += 1;
                }
                let moves = app.world().resource::<Match>().game().moves().len();
                longest_game = longest_game.max(moves);
                if step % 125 == 124 {
                    if let Err(e) = autosave_is_the_game(&app) {
                        panic!("{}: {e}", at());
                    }
                    autosave_checks += 1;
                }
                // The monkey clicked Quit: the game would end here; it
                // carries on to test more (the exit is not an error).
                app.world_mut().resource_mut::<Messages<AppExit>>().clear();
            }
        }
    }
    let expected: Vec<Overlay> = (0..rounds).flat_map(|_| screens.clone()).collect();
    assert_eq!(visited, expected, "every screen could be opened");
    eprintln!(
        "seed {seed}: {} events ({} clicks, {} aimed at widgets, {} keys, {} resizes) \
         on {} screens; {} stones placed, longest game {} moves; {} autosave checks; \
         board caught up after 1, 2, 3 quiet frames: {lagging_frames:?}",
        monkey.events,
        monkey.clicks,
        monkey.aimed_clicks,
        monkey.keys,
        monkey.resizes,
        screens.len(),
        app.world().resource::<StonesPlaced>().0,
        longest_game,
        autosave_checks
    );
    assert!(
        app.world().resource::<StonesPlaced>().0 > 0,
        "the monkey never reached the board"
    );
    assert!(
        monkey.aimed_clicks > monkey.clicks / 4,
        "egui reported too few widgets to aim at"
    );
}

/// The replay's autoplay steps in real time: on a slow frame it steps
/// every frame, so the board must show each step in the frame it happens
/// (a board that follows a frame late never catches up while it plays).
#[test]
fn the_board_keeps_up_with_the_replays_autoplay() {
    let dir = TempDir::new("autoplay");
    let mut app = game_app(dir.path());
    let game =
        Game::from_moves(Rule::Freestyle, 15, &points("h8i9h9i8g7j10g10j7f6k11f11k6")).unwrap();
    app.insert_resource(Replay::new(Record::new(game), "test"))
        .insert_resource(ReplayReturn(Overlay::None));
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Replay);
    app.update();
    app.update();
    stones_match_the_shown_game(&mut app).unwrap();
    // Frames of a loaded machine: each is long enough for two steps.
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(250),
    ));
    app.world_mut().write_message(ReplayCommand::Speed(8.0));
    app.world_mut().write_message(ReplayCommand::TogglePlay);
    app.update();
    let mut frames = 0;
    while app.world().resource::<Replay>().playing {
        frames += 1;
        assert!(frames < 20, "the autoplay never reached the end");
        app.update();
        let cursor = app.world().resource::<Replay>().cursor();
        if let Err(e) = stones_match_the_shown_game(&mut app) {
            panic!("frame {frames}, cursor at move {cursor}: {e}");
        }
    }
    assert!(frames >= 4, "the autoplay took {frames} frames");
}
