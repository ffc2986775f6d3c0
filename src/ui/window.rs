//! The window follows the settings (fullscreen, vsync, title in the
//! player's language) and the settings follow the window: its size and
//! position are remembered for the next start, F11 toggles fullscreen.
//! Sizes are in logical pixels, so a high-DPI display shows the same
//! layout at its scale factor (Bevy and egui draw at physical resolution).

use crate::i18n::t;
use crate::settings::Settings;
use bevy::prelude::*;
use bevy::window::{
    MonitorSelection, PresentMode, PrimaryWindow, WindowMode, WindowMoved, WindowResized,
};

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, apply_window_settings).add_systems(
        Update,
        (toggle_fullscreen, remember_geometry, apply_window_settings).chain(),
    );
}

/// Window options from the settings apply at once.
fn apply_window_settings(
    settings: Res<Settings>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
) {
    if !settings.is_changed() {
        return;
    }
    let mode = if settings.window.fullscreen {
        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    };
    if window.mode != mode {
        window.mode = mode;
    }
    let present = if settings.window.vsync {
        PresentMode::AutoVsync
    } else {
        PresentMode::AutoNoVsync
    };
    if window.present_mode != present {
        window.present_mode = present;
    }
    let title = t(settings.language, "app.title");
    if window.title != title {
        window.title = title.to_string();
    }
}

fn toggle_fullscreen(keys: Res<ButtonInput<KeyCode>>, mut settings: ResMut<Settings>) {
    if keys.just_pressed(KeyCode::F11) {
        settings.window.fullscreen = !settings.window.fullscreen;
    }
}

/// The windowed size and position, kept for the next start (saved with
/// the other settings once they stop changing).
fn remember_geometry(
    mut resized: MessageReader<WindowResized>,
    mut moved: MessageReader<WindowMoved>,
    mut settings: ResMut<Settings>,
) {
    let size = resized.read().last().map(|r| (r.width, r.height));
    let position = moved.read().last().map(|m| m.position);
    if settings.window.fullscreen {
        return;
    }
    if let Some((width, height)) = size {
        let (width, height) = (width.round() as u32, height.round() as u32);
        if (settings.window.width, settings.window.height) != (width, height) {
            settings.window.width = width;
            settings.window.height = height;
        }
    }
    if let Some(at) = position {
        let at = Some((at.x, at.y));
        if settings.window.position != at {
            settings.window.position = at;
        }
    }
}
