//! Time control: per game with an increment, or per move.
//!
//! The clock keeps only the time each move took and the time the side to
//! move has used so far; what is left is computed from those. So undo
//! (drop the last times), redo and resuming an autosave (whose file stores
//! the time control and the move times) give exactly the clocks the moves
//! imply, with nothing to keep in step. The systems that run the clocks
//! are in `timekeeping.rs`.

use bevy::prelude::*;
use gomoku_engine::Color;
use gomoku_engine::record::formats::TimeControl;
use std::time::Duration;

/// The clocks of one game.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct GameClock {
    pub control: Option<TimeControl>,
    /// Milliseconds each move took, in play order.
    pub move_times_ms: Vec<u64>,
    /// Milliseconds the side to move has spent on the current move.
    pub current_ms: u64,
}

impl GameClock {
    pub fn new(control: Option<TimeControl>) -> GameClock {
        GameClock {
            control,
            move_times_ms: Vec::new(),
            current_ms: 0,
        }
    }

    /// A clock for a game resumed after `move_times_ms` (an autosave).
    pub fn resume(control: Option<TimeControl>, move_times_ms: Vec<u64>) -> GameClock {
        GameClock {
            control,
            move_times_ms,
            current_ms: 0,
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
                    .move_times_ms
                    .iter()
                    .enumerate()
                    .filter(|(ply, _)| Color::of_ply(*ply) == color)
                    .fold((0i64, 0i64), |(n, sum), (_, &t)| (n + 1, sum + t as i64));
                Some(*total_ms as i64 + moves * *increment_ms as i64 - used - current)
            }
            TimeControl::PerMove { move_ms } => Some(*move_ms as i64 - current),
        }
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
        use std::cmp::Ordering;
        match moves.cmp(&self.move_times_ms.len()) {
            Ordering::Greater => {
                self.move_times_ms.push(self.current_ms);
                self.move_times_ms.resize(moves, 0);
            }
            Ordering::Less => self.move_times_ms.truncate(moves),
            Ordering::Equal => return,
        }
        self.current_ms = 0;
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
