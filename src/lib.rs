//! The Gomoku/Renju desktop game. The rules and the AI live in the
//! `gomoku-engine` crate; this crate draws the board, takes input, runs the
//! AI off the main thread and plays sounds. One plugin per file.

// Bevy systems take their data as parameters and queries spell out their
// filters: both lints fire on idiomatic systems (as in bevy_new_2d).
#![allow(clippy::too_many_arguments, clippy::type_complexity)]

pub mod ai;
pub mod audio;
pub mod board_view;
pub mod cli;
pub mod game;
pub mod hud;
pub mod input;
pub mod screens;
pub mod screenshot;
pub mod sfx;
pub mod stones;
pub mod textures;
// Menus, settings, saved games and replay (issue 5).
pub mod clock;
pub mod i18n;
pub mod menus;
pub mod replay;
pub mod settings;
pub mod storage;

use bevy::prelude::*;
use bevy::window::WindowResizeConstraints;
use cli::Options;
use game::Match;

/// The order of the game's work within a frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Mouse, keyboard: move requests and commands.
    RecordInput,
    /// AI results become move requests.
    Decide,
    /// Commands and move requests are applied to the game.
    Apply,
    /// Searches start or stop for the new position.
    React,
    /// The board's entities follow the game.
    View,
}

/// The game without window, rendering, audio or HUD: states, the match, the
/// placement system and the AI. Headless tests run exactly this (with
/// `MinimalPlugins` and `StatesPlugin`); a `Match` resource must be inserted.
pub fn logic_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::RecordInput,
            AppSystems::Decide,
            AppSystems::Apply,
            AppSystems::React,
            AppSystems::View,
        )
            .chain(),
    )
    .add_plugins((screens::plugin, game::plugin, ai::plugin));
}

/// The whole windowed game, configured from the command line.
pub fn build_app(options: &Options) -> Result<App, String> {
    let initial = Match::new(options.settings.clone(), &options.moves, 0.0)?;
    let (width, height) = options.window;
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Gomoku".into(),
            resolution: (width, height).into(),
            resize_constraints: WindowResizeConstraints {
                min_width: 560.0,
                min_height: 480.0,
                ..default()
            },
            ..default()
        }),
        ..default()
    }))
    .add_plugins(logic_plugin)
    .insert_resource(initial)
    .add_plugins((
        textures::plugin,
        board_view::plugin,
        stones::plugin,
        input::plugin,
        audio::plugin,
        hud::plugin,
        screenshot::plugin,
    ));
    if let Some(path) = &options.screenshot {
        app.insert_resource(screenshot::ScreenshotPlan {
            path: path.clone(),
            frames: options.frames,
        });
    }
    if options.frame_stats {
        app.init_resource::<screenshot::FrameStats>();
    }
    if options.move_numbers {
        app.world_mut()
            .resource_mut::<board_view::ViewOptions>()
            .move_numbers = true;
    }
    Ok(app)
}
