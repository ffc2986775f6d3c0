//! The Gomoku/Renju desktop game. The rules and the AI live in the
//! `gomoku-engine` crate; this crate draws the board, takes input, runs the
//! AI off the main thread and plays sounds.
//!
//! The folders follow the architecture (arrows are "uses"):
//! `ui` → the features (`network`, `analysis`, `review`) → `ui_core` →
//! `board` → `play`; `input` → `board`; `audio` → `play`; `persistence` →
//! `play`.
//! `play` (the match, the AI, the clocks) uses none of the others: they
//! reach the match through its messages. `ui_core` holds what every
//! screen shares (which screen is open, the widgets, the egui setup), so
//! the features never import the HUD or the menus. `settings`, `theme`
//! (the colours of each theme, the board's and the panels') and `i18n`
//! are plain data every part may read. [`AppPlugin`] puts the whole game
//! together; `main.rs` only reads the command line and runs it.

// Bevy systems take their data as parameters and queries spell out their
// filters: both lints fire on idiomatic systems (as in bevy_new_2d).
#![allow(clippy::too_many_arguments, clippy::type_complexity)]

pub mod analysis;
pub mod audio;
pub mod board;
pub mod cli;
pub mod dev;
pub mod i18n;
pub mod input;
pub mod network;
pub mod persistence;
pub mod play;
pub mod review;
pub mod settings;
pub mod theme;
pub mod ui;
pub mod ui_core;

use bevy::prelude::*;
use bevy::window::{WindowPosition, WindowResizeConstraints};
use cli::Options;
use persistence::settings_file::{RunOverride, SettingsStore};
use play::clock::GameClock;
use play::game::{Match, MatchSettings};
use settings::Settings;

/// The whole windowed game, configured from the command line.
pub struct AppPlugin {
    pub options: Options,
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        let game = GamePlugin::load(self.options.clone());
        app.add_plugins(DefaultPlugins.set(game.window_plugin()))
            .add_plugins(game);
    }
}

/// The game on top of Bevy's plugins (which the app adds first): the
/// settings it was given, the match, the board, input, sound, files and
/// menus. Separate from [`AppPlugin`] so the headless input tests can run
/// the whole game under `DefaultPlugins` without a window system or GPU.
pub struct GamePlugin {
    pub options: Options,
    pub store: SettingsStore,
    pub settings: Settings,
}

impl GamePlugin {
    /// With the settings file (and the command line's choices for this run).
    pub fn load(options: Options) -> GamePlugin {
        let (store, settings) = startup_settings(&options);
        GamePlugin {
            options,
            store,
            settings,
        }
    }

    /// The primary window, at the command line's or the settings' size.
    pub fn window_plugin(&self) -> WindowPlugin {
        let (width, height) = self
            .options
            .window
            .unwrap_or((self.settings.window.width, self.settings.window.height));
        WindowPlugin {
            primary_window: Some(Window {
                title: "Gomoku".into(),
                resolution: (width, height).into(),
                position: self
                    .settings
                    .window
                    .position
                    .map_or(WindowPosition::Automatic, |(x, y)| {
                        WindowPosition::At(IVec2::new(x, y))
                    }),
                resize_constraints: WindowResizeConstraints {
                    min_width: 560.0,
                    min_height: 480.0,
                    ..default()
                },
                ..default()
            }),
            ..default()
        }
    }
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        let options = &self.options;
        let settings = &self.settings;
        // The board behind the first screen: the command line's game, or
        // an empty board with the settings' rule, level and clock.
        let (initial, clock) = if options.chose_the_game() {
            let m = options.start_match();
            (m, GameClock::default())
        } else {
            let defaults = MatchSettings {
                rule: settings.rule,
                level: settings.ai_level,
                policy: settings.policy,
                ..default()
            };
            let clock = GameClock::new(settings.time_control.clone());
            (Match::new(defaults, &[], 0.0), clock)
        };
        let initial = initial.expect("cli::parse checked that the position can be played");
        app.insert_resource(self.store.clone())
            .insert_resource(settings.clone())
            .insert_resource(initial)
            .insert_resource(clock);
        // A screenshot run (the CI smoke test, a developer's check) must not
        // touch the player's real files unless the directory was given.
        if options.screenshot.is_some() && std::env::var_os(persistence::DATA_DIR_VAR).is_none() {
            app.insert_resource(persistence::autosave::GameFiles::new(None));
        }
        app.add_plugins(play::plugin).add_plugins((
            board::plugin,
            input::plugin,
            audio::plugin,
            persistence::plugin,
            ui_core::plugin,
            ui::plugin,
            dev::plugin,
            review::plugin,
            review::screens_plugin,
            network::plugin,
            analysis::plugin,
            analysis::view_plugin,
        ));
        if options.review {
            app.insert_resource(review::game_review::ReviewOnOpen);
        }
        ui::menus::start_with(app, options.first_screen(), options.file.clone());
        network::start::start_with(
            app,
            &options.lan,
            &options.settings,
            &options.moves,
            settings,
        );
        analysis::start_with(app, &options.analysis);
        match &options.screenshot {
            // A screenshot is taken after a number of frames: keep drawing.
            Some(path) => {
                app.insert_resource(dev::screenshot::ScreenshotPlan {
                    path: path.clone(),
                    frames: options.frames,
                });
            }
            None => {
                app.add_plugins(ui_core::redraw::plugin);
            }
        }
        if options.frame_stats {
            app.init_resource::<dev::screenshot::FrameStats>();
        }
    }
}

/// The settings file, with the command line's choices for this run
/// (shown, not saved).
fn startup_settings(options: &Options) -> (SettingsStore, Settings) {
    let (mut store, mut settings) = SettingsStore::open();
    if let Some(warning) = &store.warning {
        warn!("{warning}");
    }
    if let Some(language) = options.language {
        RunOverride::apply(
            &mut store.overrides.language,
            &mut settings.language,
            language,
        );
    }
    if options.move_numbers {
        RunOverride::apply(
            &mut store.overrides.move_numbers,
            &mut settings.move_numbers,
            true,
        );
    }
    if options.screenshot.is_some() && std::env::var_os(persistence::CONFIG_DIR_VAR).is_none() {
        store.writable = false;
    }
    (store, settings)
}
