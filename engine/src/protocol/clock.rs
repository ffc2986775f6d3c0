//! How long to think: the Gomocup time limits turned into one budget per move.
//!
//! The budget is `min(timeout_turn, remaining / moves_to_go)` less a reserve
//! for what the search does not see (reading the command, writing the move,
//! the manager's own pipe handling), where
//! * `remaining` is the last `INFO time_left`, or, when the manager never
//!   sends it, `timeout_match` minus the thinking time we measured ourselves;
//! * `moves_to_go = max(8, 25 - stones / 4)`: about 25 more moves of ours on an
//!   empty board, fewer as the board fills, never fewer than 8 so that the
//!   last moves of a long game still get a fair share.
//!
//! `timeout_turn 0` and an exhausted match clock both mean "play at once":
//! a token budget that lets the search finish its first iteration.
//!
//! On a busy machine the process can be descheduled for tens of ms just as
//! its deadline passes, and the answer goes out late. The clock remembers
//! how late recent answers were (decaying) and takes that off the next
//! budgets, so a loaded machine costs thinking time instead of time-outs.
//! Before that, the search itself stops early by the run-queue waits it
//! measured ([`crate::search::load`]), and the reader thread dates each
//! command back by its own wait for a CPU.

use crate::search::{Lateness, search_time_within};
use std::time::Duration;

/// `INFO time_left` value that means "no match limit".
pub const UNLIMITED: i64 = 2_147_483_647;
/// Per-move time when the manager sends no `timeout_turn`.
pub const DEFAULT_TURN_MS: u64 = 5_000;
/// The budget when asked to play as fast as possible.
pub const FAST: Duration = Duration::from_millis(10);

/// The time limits the manager announced, and our own use of the match clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// `timeout_turn` in ms; 0 = play as fast as possible.
    pub turn_ms: u64,
    /// `timeout_match` in ms; 0 = no match limit.
    pub match_ms: u64,
    /// The last `time_left` in ms (may be negative); None until sent.
    pub time_left_ms: Option<i64>,
    /// Our thinking time since START, for `timeout_match` without `time_left`.
    pub used_ms: u64,
    /// How far recent answers went past their budget.
    pub late: Lateness,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            turn_ms: DEFAULT_TURN_MS,
            match_ms: 0,
            time_left_ms: None,
            used_ms: 0,
            late: Lateness::default(),
        }
    }
}

impl Clock {
    /// Match time still ours, in ms; None when the match is not timed.
    fn remaining_ms(&self) -> Option<i64> {
        match self.time_left_ms {
            Some(UNLIMITED) => None,
            Some(left) => Some(left),
            None if self.match_ms > 0 => {
                Some(self.match_ms as i64 - self.used_ms.min(i64::MAX as u64) as i64)
            }
            None => None,
        }
    }

    /// The thinking time for our next move with `stones` on the board,
    /// counted from when the request arrived.
    pub fn budget(&self, stones: usize) -> Duration {
        if self.turn_ms == 0 {
            return FAST;
        }
        let share = match self.remaining_ms() {
            Some(left) if left <= 0 => return FAST,
            Some(left) => left as u64 / moves_to_go(stones),
            None => u64::MAX,
        };
        let limit = Duration::from_millis(self.turn_ms.min(share));
        self.late
            .shorten(search_time_within(limit), limit)
            .max(FAST)
    }

    /// The search time left for a request that arrived `waited` ago (the
    /// command sat in the pipe or the queue while we were descheduled).
    pub fn budget_after(&self, stones: usize, waited: Duration) -> Duration {
        self.budget(stones).saturating_sub(waited).max(FAST)
    }

    /// Books an answer that took `took` from the request's arrival, for a
    /// search given `budget`: the thinking time counts against the match
    /// clock, and how far it went past the budget against the next budgets.
    pub fn record_answer(&mut self, budget: Duration, took: Duration) {
        self.used_ms += took.as_millis() as u64;
        self.late.record(budget, took);
    }
}

/// Our expected number of remaining moves with `stones` on the board.
fn moves_to_go(stones: usize) -> u64 {
    25u64.saturating_sub(stones as u64 / 4).max(8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(d: Duration) -> u64 {
        d.as_millis() as u64
    }

    #[test]
    fn turn_limit_alone_keeps_a_reserve() {
        let clock = |turn_ms| Clock {
            turn_ms,
            ..Clock::default()
        };
        assert_eq!(ms(clock(200).budget(0)), 200 - 28);
        assert_eq!(ms(clock(1_000).budget(0)), 1_000 - 60);
        assert_eq!(ms(clock(5_000).budget(0)), 5_000 - 220);
        assert_eq!(ms(clock(30_000).budget(50)), 30_000 - 300);
        // A tiny limit still leaves half of it rather than nothing.
        assert_eq!(ms(clock(40).budget(0)), 20);
        assert_eq!(clock(0).budget(0), FAST);
    }

    #[test]
    fn match_time_is_shared_over_the_moves_to_go() {
        let clock = Clock {
            turn_ms: 30_000,
            match_ms: 180_000,
            time_left_ms: Some(100_000),
            ..Clock::default()
        };
        // 100 s over 25 moves = 4 s, less 20 + 160 ms.
        assert_eq!(ms(clock.budget(0)), 4_000 - 180);
        // Later in the game the share grows: 100 s / 15 moves, less
        // 20 + 266 ms.
        assert_eq!(ms(clock.budget(40)), 6_666 - 286);
        // Never fewer than 8 moves to go.
        assert_eq!(ms(clock.budget(200)), 12_500 - 300);
        // The turn limit still caps a generous match clock.
        let rich = Clock {
            time_left_ms: Some(10_000_000),
            ..clock.clone()
        };
        assert_eq!(ms(rich.budget(0)), 30_000 - 300);
    }

    #[test]
    fn time_left_overrides_our_own_count_and_may_be_unlimited_or_spent() {
        let counted = Clock {
            turn_ms: 10_000,
            match_ms: 50_000,
            time_left_ms: None,
            used_ms: 25_000,
            late: Lateness::default(),
        };
        assert_eq!(ms(counted.budget(0)), 1_000 - 60);
        let unlimited = Clock {
            time_left_ms: Some(UNLIMITED),
            ..counted.clone()
        };
        assert_eq!(ms(unlimited.budget(0)), 10_000 - 300);
        for left in [0, -500] {
            let spent = Clock {
                time_left_ms: Some(left),
                ..counted.clone()
            };
            assert_eq!(spent.budget(0), FAST);
        }
        let overused = Clock {
            used_ms: 60_000,
            ..counted
        };
        assert_eq!(overused.budget(0), FAST);
    }

    #[test]
    fn a_late_answer_shortens_the_next_budgets_until_it_is_forgotten() {
        let mut clock = Clock {
            turn_ms: 200,
            ..Clock::default()
        };
        let normal = clock.budget(0);
        assert_eq!(ms(normal), 172);
        // Descheduled at the deadline: answered 40 ms past the budget.
        clock.record_answer(normal, normal + Duration::from_millis(40));
        assert_eq!(clock.used_ms, 212);
        assert_eq!(ms(clock.budget(0)), 172 - 40);
        // A freak delay takes at most a quarter of the limit.
        clock.record_answer(normal, normal + Duration::from_millis(500));
        assert_eq!(ms(clock.budget(0)), 172 - 50);
        // Answers on time let it decay, an eighth per move.
        let mut budgets = Vec::new();
        for _ in 0..60 {
            let b = clock.budget(0);
            clock.record_answer(b, b / 2);
            budgets.push(ms(clock.budget(0)));
        }
        assert!(budgets.windows(2).all(|w| w[0] <= w[1]), "{budgets:?}");
        assert_eq!(budgets.last(), Some(&172));
        assert_eq!(clock.late, Lateness::default());
    }

    #[test]
    fn time_spent_waiting_for_the_brain_thread_comes_off_the_budget() {
        let clock = Clock {
            turn_ms: 200,
            ..Clock::default()
        };
        assert_eq!(ms(clock.budget_after(0, Duration::ZERO)), 172);
        assert_eq!(ms(clock.budget_after(0, Duration::from_millis(100))), 72);
        // Past the whole budget: play at once.
        assert_eq!(clock.budget_after(0, Duration::from_secs(3)), FAST);
    }
}
