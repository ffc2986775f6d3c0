//! Mouse and keyboard: the pointer's intersection, the ghost stone, the
//! keyboard cursor and the shortcuts. Placing a stone only writes a
//! `MoveRequest`; the placement system in `play/game.rs` decides. The
//! board's input stops while play is paused (`PausableSystems`).

mod keys;
mod pointer;

use crate::play::game::BOARD_SIZE;
use crate::play::phase::Screen;
use crate::play::{AppSystems, PausableSystems};
use bevy::prelude::*;
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

/// A key on the board asks for a menu; the menus open it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuRequest {
    /// Ctrl+N: the new-game screen, cancelling back to the board.
    NewGame,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PointerTarget>()
        .init_resource::<UiCapture>()
        .add_message::<MenuRequest>()
        .add_systems(OnEnter(Screen::Game), pointer::spawn_pointer_feedback)
        .add_systems(
            Update,
            (
                pointer::track_mouse,
                pointer::click_to_play,
                keys::keyboard_play,
                keys::shortcuts,
            )
                .chain()
                .in_set(AppSystems::RecordInput)
                .in_set(PausableSystems),
        )
        .add_systems(
            Update,
            (pointer::cursor_to_hint, pointer::show_pointer_feedback)
                .chain()
                .in_set(AppSystems::View),
        );
}
