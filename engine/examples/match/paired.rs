//! Two match logs of the same openings compared game by game: a base build
//! and a candidate, each as A against the same opponent.
//!
//! Most games end the same way in both runs (the opening and the colour
//! decide them), so the two scores' own intervals are far wider than the
//! uncertainty of their difference. Pairing each candidate game with the
//! base game of the same opening and colour measures the difference from
//! the games whose result changed, with the standard error of a paired mean.
//!
//! A start (an opening and A's colour) played more than once, as the 26
//! Renju openings are in every 100 games and again on every seed, tends
//! to change its result the same way each time: its games are not
//! independent samples, and the per-game interval is too narrow. The
//! report then adds an interval that counts each start as one sample (a
//! cluster-robust standard error).

use crate::stats::Tally;
use std::collections::HashMap;

/// Where a game started: the opening's moves and A's colour.
pub type Start = (String, String);

/// One game of a log: its start and the how-many-th time this start came
/// up in the log.
type GameKey = (Start, usize);

/// One game both builds played, with each one's score.
#[derive(Clone, Debug, PartialEq)]
pub struct PairedGame {
    pub start: Start,
    pub base: f64,
    pub candidate: f64,
}

/// Reads the `game N: A <colour> opening <moves> ... A scores <s>` lines of
/// a log written by `--log`; other lines are an error, naming the line.
pub fn read_log(text: &str) -> Result<HashMap<GameKey, f64>, String> {
    let mut games = HashMap::new();
    let mut seen: HashMap<Start, usize> = HashMap::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let bad = || format!("line {}: not a game of a match log", n + 1);
        let head = line.split(" | ").next().unwrap_or(line);
        let words: Vec<&str> = head.split_whitespace().collect();
        // game N: A <colour> opening <moves> ...
        if words.first() != Some(&"game") || words.get(4) != Some(&"opening") {
            return Err(bad());
        }
        let colour = words.get(3).ok_or_else(bad)?.to_string();
        let opening = words.get(5).ok_or_else(bad)?.to_string();
        let score = words
            .windows(3)
            .find(|w| w[0] == "A" && w[1] == "scores")
            .and_then(|w| w[2].parse::<f64>().ok())
            .filter(|s| [0.0, 0.5, 1.0].contains(s))
            .ok_or_else(bad)?;
        let start = (opening, colour);
        let count = seen.entry(start.clone()).or_insert(0);
        games.insert((start, *count), score);
        *count += 1;
    }
    Ok(games)
}

/// The games both logs hold, each with its base and candidate score.
pub fn compare(base: &HashMap<GameKey, f64>, candidate: &HashMap<GameKey, f64>) -> Vec<PairedGame> {
    candidate
        .iter()
        .filter_map(|(key, &c)| {
            base.get(key).map(|&b| PairedGame {
                start: key.0.clone(),
                base: b,
                candidate: c,
            })
        })
        .collect()
}

/// The candidate against the base over the games both logs hold.
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    pub games: usize,
    /// Distinct starts among those games.
    pub starts: usize,
    /// A's total score in each log over those games.
    pub base: f64,
    pub candidate: f64,
    /// Games whose result differs between the logs.
    pub differing: usize,
    /// Mean score difference per game (candidate minus base), its standard
    /// error with every game a sample, and with every start one.
    pub mean: f64,
    pub se: f64,
    pub se_by_start: f64,
}

impl Paired {
    /// The comparison over games both builds played.
    pub fn of(games: &[PairedGame]) -> Paired {
        // The per-game differences, as results whose mean and error the
        // match's own statistics give.
        let differences = Tally {
            results: games.iter().map(|g| g.candidate - g.base).collect(),
        };
        let mean = differences.mean();
        // Cluster-robust variance of the mean: the starts' summed
        // deviations, squared, with the small-sample factor G / (G - 1).
        let mut deviation: HashMap<&Start, f64> = HashMap::new();
        for g in games {
            *deviation.entry(&g.start).or_insert(0.0) += g.candidate - g.base - mean;
        }
        let clusters = deviation.len() as f64;
        let n = games.len().max(1) as f64;
        let sum_sq: f64 = deviation.values().map(|d| d * d).sum();
        let se_by_start = (sum_sq * clusters / (clusters - 1.0).max(1.0)).sqrt() / n;
        Paired {
            games: games.len(),
            starts: deviation.len(),
            base: games.iter().map(|g| g.base).sum(),
            candidate: games.iter().map(|g| g.candidate).sum(),
            differing: games.iter().filter(|g| g.base != g.candidate).count(),
            mean,
            se: differences.standard_error(),
            se_by_start,
        }
    }

    /// What `match --paired` prints.
    pub fn report(&self) -> String {
        let pct = |s: f64| 100.0 * s / self.games.max(1) as f64;
        let interval = |se: f64| {
            format!(
                "95% {:+.1} .. {:+.1}",
                100.0 * (self.mean - 1.96 * se),
                100.0 * (self.mean + 1.96 * se)
            )
        };
        let mut out = format!(
            "{} games in both logs: base {:.1}% ({}), candidate {:.1}% ({}); \
             difference {:+.1} points ({}), {} games changed result",
            self.games,
            pct(self.base),
            self.base,
            pct(self.candidate),
            self.candidate,
            100.0 * self.mean,
            interval(self.se),
            self.differing,
        );
        // One start has no spread to measure: its error would read 0.
        if self.starts >= 2 && self.starts < self.games {
            out.push_str(&format!(
                "; {} starts (opening and colour), each start one sample: {}",
                self.starts,
                interval(self.se_by_start)
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(results: &[(&str, &str, &str)]) -> String {
        results
            .iter()
            .enumerate()
            .map(|(i, (colour, opening, score))| {
                format!(
                    "game {:>3}: A {colour} opening {opening:<8}  31 moves  five    \
                     A scores {score}  (W0 D0 L0) | black x white y | h8h9\n",
                    i + 1
                )
            })
            .collect()
    }

    #[test]
    fn games_pair_by_opening_colour_and_repeat() {
        let base = log(&[
            ("black", "h8h9", "1"),
            ("white", "h8h9", "0"),
            ("black", "h8h9", "1"),
            ("white", "h8h9", "0"),
            ("black", "g7", "0"),
        ]);
        // The same games in another order; the second white h8h9 now won.
        let candidate = log(&[
            ("white", "h8h9", "0"),
            ("black", "h8h9", "1"),
            ("white", "h8h9", "1"),
            ("black", "h8h9", "1"),
        ]);
        let games = compare(&read_log(&base).unwrap(), &read_log(&candidate).unwrap());
        let p = Paired::of(&games);
        assert_eq!(
            (p.games, p.starts, p.base, p.candidate, p.differing),
            (4, 2, 2.0, 3.0, 1)
        );
        assert!((p.mean - 0.25).abs() < 1e-12);
        // Differences 0, 0, 1, 0: sample variance 0.25, so se = 0.25.
        assert!((p.se - 0.25).abs() < 1e-12);
        // By start: black h8h9 deviates -0.25 - 0.25, white h8h9 -0.25 +
        // 0.75; squares 0.25 + 0.25, times 2 / 1, root, over 4 games.
        assert!((p.se_by_start - 1f64.sqrt() / 4.0).abs() < 1e-12);
        let report = p.report();
        assert!(report.contains("+25.0 points"), "{report}");
        assert!(report.contains("2 starts"), "{report}");
    }

    fn game(opening: &str, base: f64, candidate: f64) -> PairedGame {
        PairedGame {
            start: (opening.into(), "black".into()),
            base,
            candidate,
        }
    }

    /// Each start played once: counting starts is counting games, and the
    /// report has no second interval.
    #[test]
    fn with_every_start_once_both_errors_agree() {
        let games = [
            game("a", 0.0, 1.0),
            game("b", 1.0, 1.0),
            game("c", 1.0, 0.0),
            game("d", 0.0, 0.5),
            game("e", 0.0, 1.0),
        ];
        let p = Paired::of(&games);
        assert!((p.se - p.se_by_start).abs() < 1e-12, "{p:?}");
        assert!(!p.report().contains("starts"), "{}", p.report());
    }

    /// One start replayed: its games' spread says nothing about other
    /// starts, so no interval by start is printed (it would read 0).
    #[test]
    fn a_single_start_gets_no_interval_by_start() {
        let p = Paired::of(&[game("a", 0.0, 1.0), game("a", 1.0, 1.0)]);
        assert_eq!((p.starts, p.se_by_start), (1, 0.0));
        assert!(!p.report().contains("starts"), "{}", p.report());
    }

    /// A start that changes the same way every time it is replayed is one
    /// sample, not many: the same games spread over distinct starts give a
    /// narrower interval.
    #[test]
    fn a_replayed_start_counts_once() {
        let mut replayed = vec![game("a", 0.0, 1.0); 4];
        replayed.extend(vec![game("b", 1.0, 1.0); 4]);
        let spread: Vec<PairedGame> = replayed
            .iter()
            .enumerate()
            .map(|(i, g)| game(&i.to_string(), g.base, g.candidate))
            .collect();
        let (r, s) = (Paired::of(&replayed), Paired::of(&spread));
        assert_eq!((r.mean, r.se), (s.mean, s.se));
        // Two starts deviating +0.5 x 4 and -0.5 x 4: sqrt(8 * 2) / 8.
        assert!((r.se_by_start - 0.5).abs() < 1e-12, "{r:?}");
        assert!(r.se_by_start > 2.0 * s.se_by_start, "{r:?} {s:?}");
    }

    #[test]
    fn identical_logs_differ_by_nothing() {
        let text = log(&[("black", "h8", "1"), ("white", "h8", "0.5")]);
        let games = read_log(&text).unwrap();
        let p = Paired::of(&compare(&games, &games));
        assert_eq!(
            (p.games, p.differing, p.mean, p.se, p.se_by_start),
            (2, 0, 0.0, 0.0, 0.0)
        );
    }

    #[test]
    fn a_line_that_is_no_game_is_an_error_with_its_number() {
        let text = format!("{}match: A=x vs B=y\n", log(&[("black", "h8", "1")]));
        assert_eq!(
            read_log(&text).unwrap_err(),
            "line 2: not a game of a match log"
        );
        assert!(read_log("game 1: A black opening h8 A scores 2").is_err());
    }
}
