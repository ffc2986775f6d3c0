//! The mouse and what the board shows of the pointer: the intersection
//! under it, the ghost stone of the side to move and the keyboard cursor.

use super::{PointerTarget, UiCapture};
use crate::board::stones::stone_image;
use crate::board::textures::Textures;
use crate::board::view::{BoardCamera, CELL, hidden_marker, point_to_world, world_to_point, z};
use crate::play::ai::Hint;
use crate::play::game::{Match, MoveRequest, Mover};
use crate::play::opening;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

#[derive(Component)]
pub(super) struct GhostStone;

#[derive(Component)]
pub(super) struct KeyboardCursor;

pub(super) fn track_mouse(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    capture: Res<UiCapture>,
    mut moved: MessageReader<CursorMoved>,
    mut target: ResMut<PointerTarget>,
) {
    let (camera, camera_transform) = *camera;
    let hover = window
        .cursor_position()
        .filter(|_| !capture.pointer)
        .and_then(|cursor| camera.viewport_to_world_2d(camera_transform, cursor).ok())
        .and_then(world_to_point);
    let mouse_moved = moved.read().count() > 0;
    if target.hover != hover || (mouse_moved && target.keyboard_active) {
        target.hover = hover;
        if mouse_moved {
            target.keyboard_active = false;
        }
    }
}

pub(super) fn click_to_play(
    buttons: Res<ButtonInput<MouseButton>>,
    capture: Res<UiCapture>,
    target: Res<PointerTarget>,
    mut requests: MessageWriter<MoveRequest>,
) {
    if capture.pointer || !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    if let Some(point) = target.hover {
        requests.write(MoveRequest {
            point,
            by: Mover::Human,
        });
    }
}

/// A new hint puts the keyboard cursor on it: Enter or Space plays it,
/// through the same move request as any other move.
pub(super) fn cursor_to_hint(hint: Res<Hint>, m: Res<Match>, mut target: ResMut<PointerTarget>) {
    if hint.is_changed()
        && let Some(p) = hint.current(&m)
    {
        target.cursor = p;
        target.keyboard_active = true;
    }
}

pub(super) fn spawn_pointer_feedback(mut commands: Commands, textures: Res<Textures>) {
    commands.spawn((
        GhostStone,
        hidden_marker(
            "Ghost stone",
            textures.black_stone.clone(),
            CELL * 0.95,
            Color::srgba(1.0, 1.0, 1.0, 0.55),
            z::GHOST,
        ),
    ));
    commands.spawn((
        KeyboardCursor,
        hidden_marker(
            "Keyboard cursor",
            textures.brackets.clone(),
            CELL * 1.0,
            Color::srgb(0.2, 0.45, 0.95),
            z::CURSOR,
        ),
    ));
}

/// A translucent stone of the side to move over a point it may play, and
/// the keyboard cursor while the keyboard is in use.
pub(super) fn show_pointer_feedback(
    target: Res<PointerTarget>,
    m: Res<Match>,
    textures: Res<Textures>,
    ghost: Single<
        (&mut Sprite, &mut Transform, &mut Visibility),
        (With<GhostStone>, Without<KeyboardCursor>),
    >,
    cursor: Single<(&mut Transform, &mut Visibility), (With<KeyboardCursor>, Without<GhostStone>)>,
) {
    if !target.is_changed() && !m.is_changed() {
        return;
    }
    let (mut sprite, mut transform, mut visibility) = ghost.into_inner();
    let playable = target
        .current()
        .filter(|&p| m.human_to_move() && m.game().check(p).is_ok() && opening::allows(&m, p));
    match playable {
        Some(p) => {
            sprite.image = stone_image(&textures, m.game().to_move());
            transform.translation = point_to_world(p).extend(z::GHOST);
            *visibility = Visibility::Inherited;
        }
        None => *visibility = Visibility::Hidden,
    }
    let (mut transform, mut visibility) = cursor.into_inner();
    transform.translation = point_to_world(target.cursor).extend(z::CURSOR);
    *visibility = if target.keyboard_active {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
}
