//! Mouse and keyboard: the pointer's intersection, the ghost stone, the
//! keyboard cursor and the shortcuts. Placing a stone only writes a
//! [`MoveRequest`]; the placement system in `game.rs` decides.

use crate::AppSystems;
use crate::ai::{Hint, HintRequest};
use crate::audio::Muted;
use crate::board_view::{
    BoardCamera, CELL, ViewOptions, hidden_marker, point_to_world, world_to_point, z,
};
use crate::game::{BOARD_SIZE, GameCommand, Match, MoveRequest, Mover};
use crate::menus::NewGameScreen;
use crate::screens::Screen;
use crate::stones::stone_image;
use crate::textures::Textures;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gomoku_engine::Point;

/// Where the player points: the intersection under the mouse and the
/// keyboard cursor, whichever was used last.
#[derive(Resource, Debug)]
pub struct PointerTarget {
    pub hover: Option<Point>,
    pub cursor: Point,
    pub keyboard_active: bool,
}

impl Default for PointerTarget {
    fn default() -> Self {
        let centre = (BOARD_SIZE / 2) as u8;
        PointerTarget {
            hover: None,
            cursor: Point::new(centre, centre),
            keyboard_active: false,
        }
    }
}

impl PointerTarget {
    pub fn current(&self) -> Option<Point> {
        if self.keyboard_active {
            Some(self.cursor)
        } else {
            self.hover
        }
    }
}

/// Whether the HUD is using the pointer or the keyboard this frame (egui
/// fills this in; without a HUD, as in tests, nothing is captured).
#[derive(Resource, Default, Debug)]
pub struct UiCapture {
    pub pointer: bool,
    pub keyboard: bool,
}

#[derive(Component)]
struct GhostStone;

#[derive(Component)]
struct KeyboardCursor;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PointerTarget>()
        .init_resource::<UiCapture>()
        .add_systems(OnEnter(Screen::Game), spawn_pointer_feedback)
        .add_systems(
            Update,
            (track_mouse, click_to_play, keyboard_play, shortcuts)
                .chain()
                .in_set(AppSystems::RecordInput),
        )
        .add_systems(
            Update,
            (cursor_to_hint, show_pointer_feedback)
                .chain()
                .in_set(AppSystems::View),
        );
}

fn track_mouse(
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

fn click_to_play(
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

fn keyboard_play(
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

fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    capture: Res<UiCapture>,
    mut commands_out: MessageWriter<GameCommand>,
    mut hints: MessageWriter<HintRequest>,
    mut options: ResMut<ViewOptions>,
    muted: Option<ResMut<Muted>>,
    mut new_game: NewGameScreen,
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
            new_game.open_from_board();
        }
        return;
    }
    if pressed(KeyCode::KeyH) {
        hints.write(HintRequest);
    }
    if pressed(KeyCode::KeyM)
        && let Some(mut muted) = muted
    {
        muted.0 = !muted.0;
    }
    if pressed(KeyCode::KeyC) {
        options.coordinates = !options.coordinates;
    }
    if pressed(KeyCode::KeyN) {
        options.move_numbers = !options.move_numbers;
    }
    if pressed(KeyCode::KeyF) {
        options.forbidden_marks = !options.forbidden_marks;
    }
}

/// A new hint puts the keyboard cursor on it: Enter or Space plays it,
/// through the same move request as any other move.
fn cursor_to_hint(hint: Res<Hint>, m: Res<Match>, mut target: ResMut<PointerTarget>) {
    if hint.is_changed()
        && let Some(p) = hint.current(&m)
    {
        target.cursor = p;
        target.keyboard_active = true;
    }
}

fn spawn_pointer_feedback(mut commands: Commands, textures: Res<Textures>) {
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
fn show_pointer_feedback(
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
        .filter(|&p| m.human_to_move() && m.game().check(p).is_ok());
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
