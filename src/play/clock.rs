//! Time control: per game with an increment, or per move.
//!
//! The clock keeps only the time each move took and the time the side to
//! move has used so far; what is left is computed from those. So undo
//! (drop the last times), redo and resuming an autosave (whose file stores
//! the time control and the move times) give exactly the clocks the moves
//! imply, with nothing to keep in step. The systems that run the clocks
//! are in `timekeeping.rs`.
//!
//! In an opening the clocks belong to the players, not to the colours:
//! every action (a stone, a choice, the number of offers, an offer) is
//! charged to the player who made it, and a swap hands each player's used
//! time over with the colours. (Charging by move parity would make the
//! second player pay for the white stone the first player places in Swap,
//! and one player's thinking over a swap would run on into the other's
//! move.) After the opening, colours and players no longer change, and
//! each move is charged to the colour that made it. An increment is earned
//! per stone placed, by whoever placed it.

use bevy::prelude::*;
use gomoku_engine::opening::{Action, Opening, Seat};
use gomoku_engine::record::formats::TimeControl;
use gomoku_engine::{Color, Game};
use std::time::Duration;

/// The clocks of one game.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct GameClock {
    pub control: Option<TimeControl>,
    /// Milliseconds each move took, in play order.
    pub move_times_ms: Vec<u64>,
    /// Milliseconds each opening action took, in order (choices, numbers
    /// and offers as well as stones; a stone's time is also its move's).
    pub opening_times_ms: Vec<u64>,
    /// Milliseconds the side to move has spent on the current move.
    pub current_ms: u64,
    /// Whom the opening's actions are charged to, from the game's opening.
    turns: OpeningTurns,
}

/// Who made each opening action, which of them placed a stone, and which
/// player holds Black now.
#[derive(Clone, Debug, Default, PartialEq)]
struct OpeningTurns {
    actors: Vec<Seat>,
    placed: Vec<bool>,
    swapped: bool,
}

impl OpeningTurns {
    fn of(opening: Option<&Opening>) -> OpeningTurns {
        opening.map_or_else(OpeningTurns::default, |o| OpeningTurns {
            actors: o.actors().to_vec(),
            placed: o.actions().iter().map(|a| places_stone(*a)).collect(),
            swapped: o.black_seat() == Seat::Second,
        })
    }

    fn seat_of(&self, color: Color) -> Seat {
        if (color == Color::Black) != self.swapped {
            Seat::First
        } else {
            Seat::Second
        }
    }

    fn stones(&self) -> usize {
        self.placed.iter().filter(|p| **p).count()
    }
}

fn places_stone(action: Action) -> bool {
    matches!(action, Action::Place(_) | Action::Pick(_))
}

impl GameClock {
    pub fn new(control: Option<TimeControl>) -> GameClock {
        GameClock {
            control,
            ..GameClock::default()
        }
    }

    /// A clock for a game resumed after `move_times_ms` and
    /// `opening_times_ms` (an autosave; the opening's times are empty in
    /// files from before they were saved).
    pub fn resume(
        control: Option<TimeControl>,
        move_times_ms: Vec<u64>,
        opening_times_ms: Vec<u64>,
    ) -> GameClock {
        GameClock {
            control,
            move_times_ms,
            opening_times_ms,
            ..GameClock::default()
        }
    }

    /// Milliseconds `color` has left, where the time control limits it:
    /// per game, the total plus increments minus the time used; per move,
    /// what is left of this move (the full allowance when not on move).
    /// None without a clock. Negative when the time ran out.
    pub fn remaining_ms(&self, color: Color, to_move: Color) -> Option<i64> {
        let current = if color == to_move {
            self.current_ms as i64
        } else {
            0
        };
        match self.control.as_ref()? {
            TimeControl::PerGame {
                total_ms,
                increment_ms,
            } => {
                let (moves, used) = self
                    .charges(color)
                    .fold((0i64, 0i64), |(n, sum), (t, placed)| {
                        (n + i64::from(placed), sum + t as i64)
                    });
                Some(*total_ms as i64 + moves * *increment_ms as i64 - used - current)
            }
            TimeControl::PerMove { move_ms } => Some(*move_ms as i64 - current),
        }
    }

    /// The times charged to the player holding `color` now, each with
    /// whether it placed a stone: their opening actions, then the moves of
    /// `color` after the opening.
    fn charges(&self, color: Color) -> impl Iterator<Item = (u64, bool)> + '_ {
        let seat = self.turns.seat_of(color);
        let opening = self
            .opening_times_ms
            .iter()
            .zip(&self.turns.actors)
            .zip(&self.turns.placed)
            .filter(move |((_, actor), _)| **actor == seat)
            .map(|((&t, _), &placed)| (t, placed));
        let moves = self
            .move_times_ms
            .iter()
            .enumerate()
            .skip(self.turns.stones())
            .filter(move |(ply, _)| Color::of_ply(*ply) == color)
            .map(|(_, &t)| (t, true));
        opening.chain(moves)
    }

    /// Counts `elapsed` against the side to move; returns that side when
    /// its time has just run out.
    pub fn tick(&mut self, elapsed: Duration, to_move: Color) -> Option<Color> {
        self.current_ms += elapsed.as_millis() as u64;
        self.remaining_ms(to_move, to_move)
            .filter(|&left| left <= 0)
            .map(|_| to_move)
    }

    /// Follows the game to `moves` plies: a new move records the time spent
    /// (a redone move counts 0), an undo drops the times of the moves taken
    /// back. The side to move starts a fresh move either way.
    pub fn follow(&mut self, moves: usize) {
        if record(&mut self.move_times_ms, moves, self.current_ms) {
            self.current_ms = 0;
        }
    }

    /// [`GameClock::follow`] for `game` and its opening: a new opening
    /// action records the time spent on it and who made it, and the one who
    /// acts next starts afresh.
    pub fn follow_game(&mut self, game: &Game) {
        let opening = game.opening();
        let actions = opening.map_or(0, |o| o.actions().len());
        let turns = OpeningTurns::of(opening);
        if self.opening_times_ms.is_empty() && actions > 0 && !self.move_times_ms.is_empty() {
            // A game resumed from an older file, which keeps the stones'
            // times only: the choices count 0.
            let mut plies = self.move_times_ms.iter();
            self.opening_times_ms = turns
                .placed
                .iter()
                .map(|&placed| {
                    if placed {
                        plies.next().copied().unwrap_or(0)
                    } else {
                        0
                    }
                })
                .collect();
        }
        let acted = record(&mut self.opening_times_ms, actions, self.current_ms);
        self.turns = turns;
        self.follow(game.moves().len());
        if acted {
            self.current_ms = 0;
        }
    }

    /// How long the AI may think for its move: a slice of what is left so
    /// that a game of 40 more moves fits, plus most of the increment; a
    /// safety margin below a per-move limit. None without a clock.
    pub fn ai_budget(&self, color: Color) -> Option<Duration> {
        let left = self.remaining_ms(color, color)?.max(0) as u64;
        let budget = match self.control.as_ref()? {
            TimeControl::PerGame { increment_ms, .. } => {
                (left / 40 + increment_ms * 3 / 4).min(left / 2)
            }
            TimeControl::PerMove { .. } => (left * 4 / 5).saturating_sub(100),
        };
        Some(Duration::from_millis(budget.max(20)))
    }
}

/// Brings `times` to `len` entries: the first new one took `current`, any
/// more 0; fewer drops the last. Whether anything changed.
fn record(times: &mut Vec<u64>, len: usize, current: u64) -> bool {
    use std::cmp::Ordering;
    match len.cmp(&times.len()) {
        Ordering::Greater => {
            times.push(current);
            times.resize(len, 0);
        }
        Ordering::Less => times.truncate(len),
        Ordering::Equal => return false,
    }
    true
}

/// `m:ss` (or `h:mm:ss`), rounding up so 0:00 means the time is gone.
pub fn format_ms(ms: i64) -> String {
    let secs = (ms.max(0) as u64).div_ceil(1000);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The clock the next game starts with, from the command that starts it
/// (a fresh clock from the new-game dialog, the saved clocks of Continue);
/// when unset, a new game gets the settings' default time control.
#[derive(Resource, Clone, Debug, Default)]
pub struct NextClock(pub Option<GameClock>);

/// How long the AI may think for the move it is to make, from the clock
/// (None without a clock); `ai.rs` passes it to the search.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct AiTimeLimit(pub Option<Duration>);
