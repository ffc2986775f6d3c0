//! The window's size, position and fullscreen (F11) are remembered: the
//! window's own messages (resized, moved) and F11 change the settings, the
//! settings file keeps them when the game quits, and the next start opens
//! the window where it was left. Headless: the window is an entity the
//! test moves by writing the messages winit would write. (A real window
//! under a window manager: `scripts/window-memory-check.sh`.)

mod support;

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowMode, WindowMoved, WindowPosition, WindowResized};
use gomoku::GamePlugin;
use gomoku::cli::Options;
use gomoku::persistence::settings_file::{self, RunOverrides, SettingsStore};
use gomoku::settings::{Settings, WindowSettings};
use std::path::Path;
use support::TempDir;

/// The window plugin and the settings file, over a window entity.
fn app_with(config: &Path, settings: Settings) -> (App, Entity) {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_message::<WindowResized>()
        .add_message::<WindowMoved>()
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(SettingsStore {
            dir: Some(config.to_path_buf()),
            writable: true,
            warning: None,
            overrides: RunOverrides::default(),
        })
        .insert_resource(settings)
        .add_plugins((
            gomoku::ui::window::plugin,
            gomoku::persistence::settings_file::plugin,
        ));
    let window = app
        .world_mut()
        .spawn((Window::default(), PrimaryWindow))
        .id();
    app.update();
    (app, window)
}

fn press_f11(app: &mut App) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::F11);
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .reset_all();
}

fn resize(app: &mut App, window: Entity, width: f32, height: f32) {
    app.world_mut().write_message(WindowResized {
        window,
        width,
        height,
    });
    app.update();
}

fn quit(app: &mut App) {
    app.world_mut().write_message(AppExit::Success);
    app.update();
}

fn window_settings(app: &App) -> WindowSettings {
    app.world().resource::<Settings>().window.clone()
}

fn mode(app: &App, window: Entity) -> WindowMode {
    app.world().get::<Window>(window).unwrap().mode
}

#[test]
fn size_position_and_fullscreen_survive_a_restart() {
    let config = TempDir::new("window-memory");
    let (mut app, window) = app_with(config.path(), Settings::default());
    assert_eq!(mode(&app, window), WindowMode::Windowed);

    // The player drags the window and its corner.
    resize(&mut app, window, 1000.4, 700.0);
    app.world_mut().write_message(WindowMoved {
        window,
        position: IVec2::new(120, 80),
    });
    app.update();
    let left = window_settings(&app);
    assert_eq!((left.width, left.height), (1000, 700));
    assert_eq!(left.position, Some((120, 80)));

    // F11: fullscreen. The fullscreen window's size is not the windowed
    // size to come back to.
    press_f11(&mut app);
    app.update();
    assert!(window_settings(&app).fullscreen);
    assert!(matches!(
        mode(&app, window),
        WindowMode::BorderlessFullscreen(_)
    ));
    resize(&mut app, window, 1920.0, 1080.0);
    let full = window_settings(&app);
    assert_eq!((full.width, full.height), (1000, 700));

    // Quitting writes the file at once (no waiting for the settings to
    // stay still).
    quit(&mut app);
    let saved = settings_file::load(config.path(), 0).settings;
    assert_eq!(saved.window, full);

    // The next start: the window opens at the remembered size and place…
    let plugin = GamePlugin {
        options: Options::default(),
        store: app.world().resource::<SettingsStore>().clone(),
        settings: saved.clone(),
    };
    let opened = plugin.window_plugin().primary_window.unwrap();
    assert_eq!(
        (opened.resolution.width(), opened.resolution.height()),
        (1000.0, 700.0)
    );
    assert_eq!(opened.position, WindowPosition::At(IVec2::new(120, 80)));
    // …and fullscreen, as it was left.
    let (mut again, window) = app_with(config.path(), saved);
    assert!(matches!(
        mode(&again, window),
        WindowMode::BorderlessFullscreen(_)
    ));

    // F11 again: back to the window, at the size it had.
    press_f11(&mut again);
    again.update();
    assert_eq!(mode(&again, window), WindowMode::Windowed);
    quit(&mut again);
    let windowed = settings_file::load(config.path(), 0).settings.window;
    assert!(!windowed.fullscreen);
    assert_eq!((windowed.width, windowed.height), (1000, 700));
}

#[test]
fn the_command_lines_window_size_wins_over_the_remembered_one() {
    let settings = Settings {
        window: WindowSettings {
            width: 900,
            height: 650,
            ..WindowSettings::default()
        },
        ..Settings::default()
    };
    let plugin = |window| GamePlugin {
        options: Options {
            window,
            ..Options::default()
        },
        store: SettingsStore {
            dir: None,
            writable: false,
            warning: None,
            overrides: RunOverrides::default(),
        },
        settings: settings.clone(),
    };
    let size = |window| {
        let w = plugin(window).window_plugin().primary_window.unwrap();
        (w.resolution.width(), w.resolution.height())
    };
    assert_eq!(size(None), (900.0, 650.0));
    assert_eq!(size(Some((1024, 768))), (1024.0, 768.0));
    // Never placed: the system chooses.
    assert_eq!(
        plugin(None)
            .window_plugin()
            .primary_window
            .unwrap()
            .position,
        WindowPosition::Automatic
    );
}
