//! What the board shows: the game in play, or a position the replay viewer
//! chose. One board, drawn by the same systems either way.

use crate::play::game::Match;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gomoku_engine::Game;

/// Where the board's position comes from. The replay viewer sets
/// `Replay` with the position at its cursor and `Live` when it closes.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub enum BoardSource {
    /// The game in play ([`Match`]).
    #[default]
    Live,
    Replay(Box<Game>),
}

impl BoardSource {
    /// Shows `game` instead of the match, changing the resource only when
    /// it shows something else (the board redraws on a change).
    pub fn show(source: &mut ResMut<BoardSource>, game: &Game) {
        if !matches!(&**source, BoardSource::Replay(shown) if **shown == *game) {
            **source = BoardSource::Replay(Box::new(game.clone()));
        }
    }
}

/// The game the board shows, for the board's systems.
#[derive(SystemParam)]
pub struct Shown<'w> {
    m: Res<'w, Match>,
    source: Res<'w, BoardSource>,
}

impl Shown<'_> {
    pub fn game(&self) -> &Game {
        match &*self.source {
            BoardSource::Live => self.m.game(),
            BoardSource::Replay(game) => game,
        }
    }

    /// The game in play, when it is what the board shows.
    pub fn live(&self) -> Option<&Match> {
        matches!(*self.source, BoardSource::Live).then_some(&*self.m)
    }

    /// Whether the shown position may have changed this frame.
    pub fn is_changed(&self) -> bool {
        self.source.is_changed() || (self.live().is_some() && self.m.is_changed())
    }
}
