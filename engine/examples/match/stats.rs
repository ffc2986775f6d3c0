//! Match statistics: score, Elo with a 95% interval, a sequential
//! probability ratio test for early stopping, and time use per move.

use std::time::Duration;

/// Elo difference for an expected score in 0..1 (clamped off the ends so a
/// clean sweep prints a large finite number).
pub fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score for an Elo difference.
pub fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Game results from one side's view: 1, 0.5 or 0 each.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub results: Vec<f64>,
}

impl Tally {
    pub fn push(&mut self, r: f64) {
        self.results.push(r);
    }

    pub fn count(&self, r: f64) -> usize {
        self.results.iter().filter(|&&x| x == r).count()
    }

    pub fn mean(&self) -> f64 {
        self.results.iter().sum::<f64>() / self.results.len().max(1) as f64
    }

    /// Per-game variance of the result (the sample's, with n-1).
    fn variance(&self) -> f64 {
        let n = self.results.len() as f64;
        let m = self.mean();
        self.results.iter().map(|r| (r - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)
    }

    /// Standard error of the mean result.
    pub fn standard_error(&self) -> f64 {
        (self.variance() / self.results.len().max(1) as f64).sqrt()
    }

    /// The score's 95% interval (normal approximation), clamped to 0..1.
    pub fn interval(&self) -> (f64, f64) {
        let margin = 1.96 * self.standard_error();
        let m = self.mean();
        ((m - margin).max(0.0), (m + margin).min(1.0))
    }

    /// Games, W/D/L, the score and the Elo, each with its 95% interval.
    pub fn summary(&self) -> String {
        let (lo, hi) = self.interval();
        format!(
            "{} games: W{} D{} L{}  score {:.1}% (95% {:.1}..{:.1}%)  Elo {:+.0} (95% {:+.0} .. {:+.0})",
            self.results.len(),
            self.count(1.0),
            self.count(0.5),
            self.count(0.0),
            self.mean() * 100.0,
            lo * 100.0,
            hi * 100.0,
            elo(self.mean()),
            elo(lo),
            elo(hi),
        )
    }

    /// Log-likelihood ratio of "Elo = elo1" against "Elo = elo0" (the
    /// normal approximation used by chess testing frameworks). The variance
    /// is floored so a short run of equal results cannot end the test.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = self.results.len() as f64;
        let (s0, s1) = (expected(elo0), expected(elo1));
        let var = self.variance().max(0.2);
        n * (s1 - s0) * (2.0 * self.mean() - s0 - s1) / (2.0 * var)
    }
}

/// SPRT with error rates alpha = beta = 5%.
#[derive(Clone, Copy, Debug)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Continue,
    /// The data support elo1 (the tested side is at least that strong).
    AcceptH1,
    AcceptH0,
}

impl Sprt {
    const ALPHA: f64 = 0.05;
    const BETA: f64 = 0.05;

    pub fn bounds() -> (f64, f64) {
        (
            (Self::BETA / (1.0 - Self::ALPHA)).ln(),
            ((1.0 - Self::BETA) / Self::ALPHA).ln(),
        )
    }

    pub fn verdict(&self, tally: &Tally) -> Verdict {
        let llr = tally.llr(self.elo0, self.elo1);
        let (lower, upper) = Self::bounds();
        if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

/// Thinking time of one side over a match.
#[derive(Clone, Debug, Default)]
pub struct TimeUse {
    /// Moves counted below: every move but each brain's first of a game,
    /// which includes setting up its tables.
    pub moves: u32,
    pub total: Duration,
    pub max: Duration,
    /// Moves that took longer than the per-move budget.
    pub over_budget: u32,
    /// The longest first move of a game (setup included).
    pub first_max: Duration,
    /// Every counted move's time, for percentiles.
    times: Vec<Duration>,
}

impl TimeUse {
    pub fn add(&mut self, t: Duration, budget: Option<Duration>) {
        self.moves += 1;
        self.total += t;
        self.max = self.max.max(t);
        self.times.push(t);
        if budget.is_some_and(|b| t > b) {
            self.over_budget += 1;
        }
    }

    pub fn add_first(&mut self, t: Duration) {
        self.first_max = self.first_max.max(t);
    }

    /// Adds another match part's counts.
    pub fn merge(&mut self, other: &TimeUse) {
        self.moves += other.moves;
        self.total += other.total;
        self.max = self.max.max(other.max);
        self.over_budget += other.over_budget;
        self.first_max = self.first_max.max(other.first_max);
        self.times.extend_from_slice(&other.times);
    }

    /// The time `percent` % of the counted moves stayed within (nearest
    /// rank); zero before any move.
    pub fn percentile(&self, percent: usize) -> Duration {
        let mut sorted = self.times.clone();
        sorted.sort();
        let rank = (sorted.len() * percent).div_ceil(100).max(1);
        sorted.get(rank - 1).copied().unwrap_or_default()
    }

    pub fn average(&self) -> Duration {
        self.total / self.moves.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(w: usize, d: usize, l: usize) -> Tally {
        let mut t = Tally::default();
        (0..w).for_each(|_| t.push(1.0));
        (0..d).for_each(|_| t.push(0.5));
        (0..l).for_each(|_| t.push(0.0));
        t
    }

    #[test]
    fn elo_and_expected_score_are_inverse_and_symmetric() {
        for e in [-600.0, -100.0, 0.0, 35.0, 400.0] {
            assert!((elo(expected(e)) - e).abs() < 1e-6);
        }
        assert!((elo(0.75) + elo(0.25)).abs() < 1e-9);
        assert!((elo(0.5)).abs() < 1e-9);
        assert!(elo(1.0) > 1000.0 && elo(0.0) < -1000.0);
    }

    #[test]
    fn interval_contains_the_score_and_narrows_with_games() {
        let small = tally(6, 2, 2);
        let large = tally(60, 20, 20);
        let (lo, hi) = small.interval();
        let (lo2, hi2) = large.interval();
        assert!(lo < small.mean() && small.mean() < hi);
        assert!((small.mean() - large.mean()).abs() < 1e-12);
        assert!(hi2 - lo2 < (hi - lo) / 2.0);
        // 70% over 100 games: about ±8%.
        assert!((hi2 - lo2 - 0.166).abs() < 0.02, "{lo2} {hi2}");
        let line = large.summary();
        assert!(
            line.starts_with(
                "100 games: W60 D20 L20  score 70.0% (95% 62.1..77.9%)  Elo +147 (95% +86 .."
            ),
            "{line}"
        );
    }

    #[test]
    fn sprt_accepts_the_true_hypothesis_and_waits_when_unsure() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 100.0,
        };
        assert_eq!(sprt.verdict(&tally(3, 0, 2)), Verdict::Continue);
        assert_eq!(sprt.verdict(&tally(80, 10, 30)), Verdict::AcceptH1);
        assert_eq!(sprt.verdict(&tally(30, 10, 40)), Verdict::AcceptH0);
        // Four losses are not enough to decide anything.
        assert_eq!(sprt.verdict(&tally(0, 0, 4)), Verdict::Continue);
    }

    #[test]
    fn time_use_tracks_average_max_and_overruns() {
        let mut t = TimeUse::default();
        let budget = Some(Duration::from_millis(200));
        for ms in [100, 150, 250] {
            t.add(Duration::from_millis(ms), budget);
        }
        assert_eq!(t.average(), Duration::from_millis(500) / 3);
        assert_eq!(t.max, Duration::from_millis(250));
        assert_eq!(t.over_budget, 1);
        assert_eq!(t.percentile(50), Duration::from_millis(150));
        assert_eq!(t.percentile(99), Duration::from_millis(250));
        assert_eq!(TimeUse::default().percentile(99), Duration::ZERO);
        t.add_first(Duration::from_millis(900));
        let mut sum = TimeUse::default();
        sum.merge(&t);
        sum.merge(&t);
        assert_eq!((sum.moves, sum.over_budget), (6, 2));
        assert_eq!(sum.percentile(34), Duration::from_millis(150));
        assert_eq!(
            (sum.max, sum.first_max),
            (t.max, Duration::from_millis(900))
        );
    }
}
