//! The host's chess clock. Only the host measures time; the joiner shows
//! what the host reports in [`crate::Message::Clock`].

use crate::link::Clocks;
use crate::message::ClockSettings;
use gomoku_engine::Color;
use std::time::{Duration, Instant};

pub(crate) struct HostClock {
    increment: Duration,
    /// Time left per colour (indexed by `Color::index`) when the running
    /// side started.
    left: [Duration; 2],
    running: Option<(Color, Instant)>,
}

impl HostClock {
    pub fn new(settings: ClockSettings) -> HostClock {
        let initial = Duration::from_millis(settings.initial_ms);
        HostClock {
            increment: Duration::from_millis(settings.increment_ms),
            left: [initial; 2],
            running: None,
        }
    }

    /// Charges the running side and starts `side` (None stops the clock).
    pub fn run(&mut self, side: Option<Color>, now: Instant) {
        if self.running.map(|(c, _)| c) == side {
            return;
        }
        if let Some((color, since)) = self.running.take() {
            let spent = now.saturating_duration_since(since);
            self.left[color.index()] = self.left[color.index()].saturating_sub(spent);
        }
        self.running = side.map(|c| (c, now));
    }

    /// `mover` finished a move: their time stops and gains the increment.
    pub fn moved(&mut self, mover: Color, now: Instant) {
        self.run(None, now);
        self.left[mover.index()] += self.increment;
    }

    /// The players exchanged colours (an opening's swap): their times go
    /// with them.
    pub fn swap_sides(&mut self, now: Instant) {
        self.run(None, now);
        self.left.swap(0, 1);
    }

    pub fn reading(&self, now: Instant) -> Clocks {
        let mut clocks = Clocks {
            black: self.left[Color::Black.index()],
            white: self.left[Color::White.index()],
            running: self.running.map(|(c, _)| c),
            read_at: now,
        };
        if let Some((color, since)) = self.running {
            let spent = now.saturating_duration_since(since);
            match color {
                Color::Black => clocks.black = clocks.black.saturating_sub(spent),
                Color::White => clocks.white = clocks.white.saturating_sub(spent),
            }
        }
        clocks
    }

    /// The side whose time ran out.
    pub fn flagged(&self, now: Instant) -> Option<Color> {
        let (color, _) = self.running?;
        self.reading(now)
            .left(color, now)
            .is_zero()
            .then_some(color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_running_side_loses_time_and_a_move_adds_the_increment() {
        let mut clock = HostClock::new(ClockSettings {
            initial_ms: 10_000,
            increment_ms: 2_000,
        });
        let t0 = Instant::now();
        clock.run(Some(Color::Black), t0);
        let t1 = t0 + Duration::from_secs(3);
        assert_eq!(clock.reading(t1).black, Duration::from_secs(7));
        assert_eq!(clock.reading(t1).white, Duration::from_secs(10));
        clock.moved(Color::Black, t1);
        clock.run(Some(Color::White), t1);
        let t2 = t1 + Duration::from_secs(4);
        let r = clock.reading(t2);
        assert_eq!(
            (r.black, r.white),
            (Duration::from_secs(9), Duration::from_secs(6))
        );
        assert_eq!(clock.flagged(t2), None);
        // Paused (a dropped connection): no time passes.
        clock.run(None, t2);
        assert_eq!(
            clock.reading(t2 + Duration::from_secs(60)).white,
            Duration::from_secs(6)
        );
        clock.run(Some(Color::White), t2);
        assert_eq!(
            clock.flagged(t2 + Duration::from_secs(6)),
            Some(Color::White)
        );
    }
}
