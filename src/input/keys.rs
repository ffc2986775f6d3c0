//! The keyboard: arrows and Enter/Space to play, and the shortcuts.

use super::{MenuRequest, PointerTarget, UiCapture};
use crate::play::ai::HintRequest;
use crate::play::game::{BOARD_SIZE, GameCommand, MoveRequest, Mover};
use crate::settings::Settings;
use bevy::prelude::*;
use gomoku_engine::Point;

pub(super) fn keyboard_play(
    keys: Res<ButtonInput<KeyCode>>,
    capture: Res<UiCapture>,
    mut target: ResMut<PointerTarget>,
    mut requests: MessageWriter<MoveRequest>,
) {
    if capture.keyboard {
        return;
    }
    let step = |key: KeyCode, dx: i32, dy: i32| {
        if keys.just_pressed(key) {
            (dx, dy)
        } else {
            (0, 0)
        }
    };
    let moves = [
        step(KeyCode::ArrowLeft, -1, 0),
        step(KeyCode::ArrowRight, 1, 0),
        step(KeyCode::ArrowUp, 0, -1),
        step(KeyCode::ArrowDown, 0, 1),
    ];
    let (dx, dy) = moves
        .iter()
        .fold((0, 0), |acc, m| (acc.0 + m.0, acc.1 + m.1));
    if (dx, dy) != (0, 0) {
        // The first arrow press shows the cursor where the mouse was.
        if !target.keyboard_active {
            target.cursor = target.hover.unwrap_or(target.cursor);
        }
        let last = BOARD_SIZE as i32 - 1;
        let x = (target.cursor.x as i32 + dx).clamp(0, last);
        let y = (target.cursor.y as i32 + dy).clamp(0, last);
        target.cursor = Point::new(x as u8, y as u8);
        target.keyboard_active = true;
    }
    let place = keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]);
    if place {
        let point = target.current().unwrap_or(target.cursor);
        target.cursor = point;
        target.keyboard_active = true;
        requests.write(MoveRequest {
            point,
            by: Mover::Human,
        });
    }
}

pub(super) fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    capture: Res<UiCapture>,
    mut commands_out: MessageWriter<GameCommand>,
    mut hints: MessageWriter<HintRequest>,
    mut settings: ResMut<Settings>,
    mut menus: MessageWriter<MenuRequest>,
) {
    if capture.keyboard {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let pressed = |k: KeyCode| keys.just_pressed(k);
    if ctrl {
        if pressed(KeyCode::KeyZ) && !shift {
            commands_out.write(GameCommand::Undo);
        } else if pressed(KeyCode::KeyY) || (pressed(KeyCode::KeyZ) && shift) {
            commands_out.write(GameCommand::Redo);
        } else if pressed(KeyCode::KeyN) {
            menus.write(MenuRequest::NewGame);
        }
        return;
    }
    if pressed(KeyCode::KeyH) {
        hints.write(HintRequest);
    }
    if pressed(KeyCode::KeyM) {
        settings.muted = !settings.muted;
    }
    if pressed(KeyCode::KeyC) {
        settings.coordinates = !settings.coordinates;
    }
    if pressed(KeyCode::KeyN) {
        settings.move_numbers = !settings.move_numbers;
    }
    if pressed(KeyCode::KeyF) {
        settings.forbidden_marks = !settings.forbidden_marks;
    }
}
