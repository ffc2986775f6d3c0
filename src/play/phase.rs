//! Screen states. There is one screen for now (the board); menus and
//! settings screens arrive with the next issue and slot in here.

use bevy::prelude::*;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Game,
}

/// Whether the game on the board is still being played. Entities that only
/// make sense once the game is decided (the winning line, the game-over
/// panel) live in `Phase::Over` and vanish when an undo reopens the game.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Game)]
pub enum Phase {
    #[default]
    Playing,
    Over,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>().add_sub_state::<Phase>();
}
