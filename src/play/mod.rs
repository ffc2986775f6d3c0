//! The match and everything that moves it: the one placement system, the
//! AI searches, the clocks, the replay cursor and the game's phase. Nothing
//! here knows about the board's drawing or the menus: they reach the match
//! through [`game::MoveRequest`] and [`game::GameCommand`] messages, which
//! only this module applies.

pub mod ai;
pub mod clock;
pub mod game;
pub mod opening;
pub mod phase;
pub mod record;
pub mod replay;
pub mod timekeeping;

use bevy::prelude::*;

/// The order of the game's work within a frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Mouse, keyboard: move requests and commands.
    RecordInput,
    /// AI results become move requests.
    Decide,
    /// Commands and move requests are applied to the game.
    Apply,
    /// The board's source follows the screen showing another position
    /// (the replay's cursor, the review's, a puzzle's try) in the frame the
    /// position changes, before searches and the board's view read it.
    Show,
    /// Searches start or stop for the new position.
    React,
    /// The board's entities follow the game.
    View,
}

/// Systems that stop while play is paused ([`Pause`]`(true)`: a menu
/// covers the board): the board's input, the clocks, the AI's move search.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PausableSystems;

/// Whether play is paused (a menu covers the board). Systems in
/// [`PausableSystems`] do not run while it is `Pause(true)`: the
/// board takes no input, the clocks stop and no AI move search starts.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pause(pub bool);

/// The game without window, rendering, audio or HUD: the states, the match,
/// the placement system, the clocks and the AI. Headless tests run exactly
/// this (with `MinimalPlugins` and `StatesPlugin`); a [`game::Match`]
/// resource must be inserted.
pub fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::RecordInput,
            AppSystems::Decide,
            AppSystems::Apply,
            AppSystems::Show,
            AppSystems::React,
            AppSystems::View,
        )
            .chain(),
    )
    .configure_sets(Update, PausableSystems.run_if(in_state(Pause(false))))
    .init_state::<Pause>()
    .add_plugins((
        phase::plugin,
        game::plugin,
        ai::plugin,
        opening::plugin,
        timekeeping::plugin,
        replay::plugin,
    ));
}
