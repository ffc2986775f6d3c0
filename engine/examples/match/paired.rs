//! Two match logs of the same openings compared game by game: a base build
//! and a candidate, each as A against the same opponent.
//!
//! Most games end the same way in both runs (the opening and the colour
//! decide them), so the two scores' own intervals are far wider than the
//! uncertainty of their difference. Pairing each candidate game with the
//! base game of the same opening and colour measures the difference from
//! the games whose result changed, with the standard error of a paired mean.

use crate::stats::Tally;
use std::collections::HashMap;

/// One game of a log: which opening, A's colour, the how-many-th time this
/// opening and colour came up (renju26 plays each twice), and A's score.
type GameKey = (String, String, usize);

/// Reads the `game N: A <colour> opening <moves> ... A scores <s>` lines of
/// a log written by `--log`; other lines are an error, naming the line.
pub fn read_log(text: &str) -> Result<HashMap<GameKey, f64>, String> {
    let mut games = HashMap::new();
    let mut seen: HashMap<(String, String), usize> = HashMap::new();
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
        let count = seen.entry((opening.clone(), colour.clone())).or_insert(0);
        games.insert((opening, colour, *count), score);
        *count += 1;
    }
    Ok(games)
}

/// The candidate against the base over the games both logs hold.
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    pub games: usize,
    /// A's total score in each log over those games.
    pub base: f64,
    pub candidate: f64,
    /// Games whose result differs between the logs.
    pub differing: usize,
    /// Mean score difference per game (candidate minus base), and its
    /// standard error.
    pub mean: f64,
    pub se: f64,
}

pub fn compare(base: &HashMap<GameKey, f64>, candidate: &HashMap<GameKey, f64>) -> Paired {
    let diffs: Vec<(f64, f64)> = candidate
        .iter()
        .filter_map(|(key, &c)| base.get(key).map(|&b| (b, c)))
        .collect();
    Paired::of(&diffs)
}

impl Paired {
    /// The comparison over `(base, candidate)` scores of the same games.
    pub fn of(pairs: &[(f64, f64)]) -> Paired {
        // The per-game differences, as results whose mean and error the
        // match's own statistics give.
        let differences = Tally {
            results: pairs.iter().map(|(b, c)| c - b).collect(),
        };
        Paired {
            games: pairs.len(),
            base: pairs.iter().map(|(b, _)| b).sum(),
            candidate: pairs.iter().map(|(_, c)| c).sum(),
            differing: pairs.iter().filter(|(b, c)| b != c).count(),
            mean: differences.mean(),
            se: differences.standard_error(),
        }
    }

    /// What `match --paired` prints.
    pub fn report(&self) -> String {
        let pct = |s: f64| 100.0 * s / self.games.max(1) as f64;
        format!(
            "{} games in both logs: base {:.1}% ({}), candidate {:.1}% ({}); \
             difference {:+.1} points (95% {:+.1} .. {:+.1}), {} games changed result",
            self.games,
            pct(self.base),
            self.base,
            pct(self.candidate),
            self.candidate,
            100.0 * self.mean,
            100.0 * (self.mean - 1.96 * self.se),
            100.0 * (self.mean + 1.96 * self.se),
            self.differing,
        )
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
        let p = compare(&read_log(&base).unwrap(), &read_log(&candidate).unwrap());
        assert_eq!(
            (p.games, p.base, p.candidate, p.differing),
            (4, 2.0, 3.0, 1)
        );
        assert!((p.mean - 0.25).abs() < 1e-12);
        // Differences 0, 0, 1, 0: sample variance 0.25, so se = 0.25.
        assert!((p.se - 0.25).abs() < 1e-12);
        assert!(p.report().contains("+25.0 points"), "{}", p.report());
    }

    #[test]
    fn identical_logs_differ_by_nothing() {
        let text = log(&[("black", "h8", "1"), ("white", "h8", "0.5")]);
        let games = read_log(&text).unwrap();
        let p = compare(&games, &games);
        assert_eq!((p.games, p.differing, p.mean, p.se), (2, 0, 0.0, 0.0));
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
