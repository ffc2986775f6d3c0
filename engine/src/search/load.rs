//! How long the search thread waits for a CPU each time it is descheduled:
//! the machine's load as this process feels it, for the time reserve.
//!
//! On a loaded machine a CPU-bound thread runs a slice, then waits on the
//! run queue while the others run theirs. A deadline that falls in such a
//! wait is seen only when the thread runs again, so the answer goes out
//! late by up to one wait (measured with 6 busy loops beside us on 2 cores:
//! about 29 ms per wait on average and up to 88 ms, while the thread got a
//! twelfth of a core). Stopping that much before the deadline is the cure
//! (a sleeping watchdog thread is woken late too, by up to 49 ms in the
//! same test), and on an idle machine it would waste time, so the wait is
//! measured: Linux counts, per thread, the time spent waiting on a run
//! queue and the slices run (`/proc/thread-self/schedstat`). Each timed search
//! books its own thread's mean wait per slice; the next searches stop twice
//! that before their deadline, less the 20 ms the callers' fixed reserve
//! already keeps (see `stop_time` in the parent module). Elsewhere (no such
//! file) nothing is booked and only the fixed reserve applies.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The reserve kept for scheduling delays, in multiples of the recent mean
/// wait: the longest waits are two to three times the mean (measured under
/// 6 busy loops: 1x left 8 % of moves late, 1.5x and 2x none of 100 each).
const RESERVE_PER_WAIT: u64 = 2;

/// A search this short that was never descheduled says nothing about the
/// load (it fitted in one slice by luck), so it is not booked.
const SHORTEST_QUIET_SAMPLE: Duration = Duration::from_millis(20);

/// A thread's scheduler counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchedCounters {
    /// Time spent runnable but waiting for a CPU, in ns.
    pub waited_ns: u64,
    /// Times the thread got a CPU (after a preemption or a wake-up).
    pub slices: u64,
}

impl SchedCounters {
    /// The calling thread's counters; None where the kernel does not keep
    /// them (not Linux, or schedstats not built in).
    pub fn of_this_thread() -> Option<SchedCounters> {
        let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        SchedCounters::parse(&text)
    }

    /// Reads `schedstat`'s three numbers: CPU time, run-queue wait (both
    /// ns) and slices run.
    pub fn parse(text: &str) -> Option<SchedCounters> {
        let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
        let _cpu_ns = fields.next()??;
        Some(SchedCounters {
            waited_ns: fields.next()??,
            slices: fields.next()??,
        })
    }

    /// The mean wait per slice since `earlier` (same thread), for a search
    /// that took `elapsed`; None when that says nothing about the load.
    pub fn wait_per_slice_since(
        self,
        earlier: SchedCounters,
        elapsed: Duration,
    ) -> Option<Duration> {
        let waited = self.waited_ns.checked_sub(earlier.waited_ns)?;
        let slices = self.slices.checked_sub(earlier.slices)?;
        match slices {
            0 if elapsed < SHORTEST_QUIET_SAMPLE => None,
            0 => Some(Duration::ZERO),
            n => Some(Duration::from_nanos(waited / n)),
        }
    }
}

/// The recent run-queue wait per slice: raised at once by a search that
/// waited longer, lowered by a quarter per search otherwise, so it follows
/// a rising load at once and a falling one within a few moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunQueueWait {
    pub us: u64,
}

impl RunQueueWait {
    pub fn record(&mut self, wait: Duration) {
        let us = wait.as_micros().min(u64::MAX as u128) as u64;
        self.us = us.max(self.us - self.us.div_ceil(4));
    }

    /// How long before its deadline a search should stop, for being
    /// descheduled near it.
    pub fn reserve(self) -> Duration {
        Duration::from_micros(self.us.saturating_mul(RESERVE_PER_WAIT))
    }
}

/// The process's recent wait, in µs: the machine's load, not a searcher's
/// (the game makes a new searcher per rule and runs it on a pool thread).
static PROCESS_WAIT_US: AtomicU64 = AtomicU64::new(0);

/// The recent wait of this process's searches.
pub fn recent() -> RunQueueWait {
    RunQueueWait {
        us: PROCESS_WAIT_US.load(Ordering::Relaxed),
    }
}

fn book(wait: Duration) {
    let _ = PROCESS_WAIT_US.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |us| {
        let mut recent = RunQueueWait { us };
        recent.record(wait);
        Some(recent.us)
    });
}

/// Measures the calling thread's waits from its creation until it is
/// dropped (on the same thread), and books them for the next budgets.
pub struct Probe {
    started: Instant,
    counters: Option<SchedCounters>,
}

impl Probe {
    pub fn start() -> Probe {
        Probe {
            started: Instant::now(),
            counters: SchedCounters::of_this_thread(),
        }
    }
}

impl Drop for Probe {
    fn drop(&mut self) {
        if let Some(before) = self.counters
            && let Some(after) = SchedCounters::of_this_thread()
            && let Some(wait) = after.wait_per_slice_since(before, self.started.elapsed())
        {
            book(wait);
        }
    }
}

/// Dates the lines a reader thread reads to when they arrived. A thread
/// blocked in a read is made runnable when the data comes, but may wait on
/// the run queue before it runs and sees it (tens of ms on a loaded
/// machine): the manager's clock runs from the data, so ours must too. That
/// wait is in the thread's counters; each stamp goes back by what they
/// grew since the previous stamp, never before it.
pub struct ArrivalClock {
    last_stamp: Instant,
    last_counters: Option<SchedCounters>,
}

impl Default for ArrivalClock {
    fn default() -> ArrivalClock {
        ArrivalClock::new()
    }
}

impl ArrivalClock {
    /// For the calling thread, which must be the one that stamps.
    pub fn new() -> ArrivalClock {
        ArrivalClock {
            last_stamp: Instant::now(),
            last_counters: SchedCounters::of_this_thread(),
        }
    }

    /// When the line just read arrived.
    pub fn stamp(&mut self) -> Instant {
        self.stamp_at(Instant::now(), SchedCounters::of_this_thread())
    }

    fn stamp_at(&mut self, now: Instant, counters: Option<SchedCounters>) -> Instant {
        let waited = match (self.last_counters, counters) {
            (Some(before), Some(after)) => after.waited_ns.saturating_sub(before.waited_ns),
            _ => 0,
        };
        let arrived = now
            .checked_sub(Duration::from_nanos(waited))
            .unwrap_or(now)
            .max(self.last_stamp)
            .min(now);
        self.last_stamp = now;
        self.last_counters = counters;
        arrived
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counters(waited_ns: u64, slices: u64) -> SchedCounters {
        SchedCounters { waited_ns, slices }
    }

    #[test]
    fn schedstat_gives_the_wait_and_the_slices() {
        assert_eq!(
            SchedCounters::parse("1052417 28897 12\n"),
            Some(counters(28_897, 12))
        );
        for broken in ["", "1 2", "1 x 3", "-1 2 3"] {
            assert_eq!(SchedCounters::parse(broken), None, "{broken:?}");
        }
    }

    #[test]
    fn the_wait_is_the_mean_per_slice_run_during_the_search() {
        let before = counters(5_000_000, 40);
        let long = Duration::from_millis(150);
        // 6 slices after 174 ms of waiting in all.
        let after = counters(5_000_000 + 174_000_000, 46);
        assert_eq!(
            after.wait_per_slice_since(before, long),
            Some(Duration::from_millis(29))
        );
        // A long search never descheduled: the machine is not loaded.
        assert_eq!(
            before.wait_per_slice_since(before, long),
            Some(Duration::ZERO)
        );
        // A short one may have been lucky: no sample.
        assert_eq!(
            before.wait_per_slice_since(before, Duration::from_millis(3)),
            None
        );
        // Counters of another thread (lower than before): no sample.
        assert_eq!(counters(1_000, 2).wait_per_slice_since(before, long), None);
    }

    #[test]
    fn the_recent_wait_rises_at_once_and_falls_by_a_quarter_per_search() {
        let mut wait = RunQueueWait::default();
        assert_eq!(wait.reserve(), Duration::ZERO);
        wait.record(Duration::from_millis(30));
        assert_eq!(wait.us, 30_000);
        assert_eq!(wait.reserve(), Duration::from_millis(60));
        wait.record(Duration::from_millis(2));
        assert_eq!(wait.us, 22_500);
        wait.record(Duration::from_millis(40));
        assert_eq!(wait.us, 40_000);
        for _ in 0..40 {
            wait.record(Duration::ZERO);
        }
        assert_eq!(wait.us, 0);
    }

    #[test]
    fn a_line_is_dated_back_by_the_readers_run_queue_wait() {
        let t0 = Instant::now();
        let at = |ms| t0 + Duration::from_millis(ms);
        let mut clock = ArrivalClock {
            last_stamp: t0,
            last_counters: Some(counters(1_000_000, 3)),
        };
        // Read at 100 ms after waiting 30 ms for a CPU: arrived at 70 ms.
        let line = clock.stamp_at(at(100), Some(counters(31_000_000, 4)));
        assert_eq!(line, at(70));
        // The next line was in the same read: no more waiting.
        assert_eq!(
            clock.stamp_at(at(101), Some(counters(31_000_000, 4))),
            at(101)
        );
        // Never before the previous stamp, whatever the counters say.
        let line = clock.stamp_at(at(110), Some(counters(900_000_000, 5)));
        assert_eq!(line, at(101));
        // No counters (not Linux): the time it was read.
        assert_eq!(clock.stamp_at(at(120), None), at(120));
        assert_eq!(clock.stamp_at(at(130), Some(counters(0, 0))), at(130));
    }
}
