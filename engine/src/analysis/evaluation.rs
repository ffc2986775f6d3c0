//! From the search's score to what an evaluation bar shows: each side's win
//! chance, or who wins in how many moves.

use super::message::Message;
use crate::board::Color;
use crate::search::Score;

/// The logistic curve's scale: 1 / (1 + e^(-score / SCALE)), so the side
/// to move gets 75% at about 275. Fitted by `examples/win_chance_fit.rs`
/// to self-play at depth 6 (40 games, 554 scored positions): best scale
/// 230, log-loss 0.5439 against 0.5444 at 250. At depth 4 the games are
/// noisier and the best fit is 530; the analysis searches deeper than that.
const SCALE: f64 = 250.0;

/// The win chance of the side to move for a score: 1 or 0 for a proven
/// result, a logistic curve of the heuristic score otherwise.
pub fn win_chance(score: Score) -> f64 {
    match score {
        Score::WinIn(_) => 1.0,
        Score::LossIn(_) => 0.0,
        Score::Eval(v) => 1.0 / (1.0 + (-(v as f64) / SCALE).exp()),
    }
}

/// A key that orders scores from worst to best for their side: a quicker
/// win is better and a slower loss is better (the derived order of
/// [`Score`] ranks a win in 4 above a win in 3).
pub fn rank(score: Score) -> (u8, i64) {
    match score {
        Score::LossIn(n) => (0, n as i64),
        Score::Eval(v) => (1, v as i64),
        Score::WinIn(n) => (2, -(n as i64)),
    }
}

/// A position's evaluation seen from the board, not from the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    /// Black's chance to win, 0..=1; White's is `1 - black`.
    pub black: f64,
    /// A proven win: the winner and in how many of the winner's own moves.
    pub forced: Option<(Color, u32)>,
    /// The heuristic score from Black's side (0 for a proven result).
    pub black_score: i32,
}

impl Evaluation {
    /// The evaluation of `score`, which is for `to_move`.
    pub fn new(score: Score, to_move: Color) -> Evaluation {
        let mover = win_chance(score);
        let black = if to_move == Color::Black {
            mover
        } else {
            1.0 - mover
        };
        let forced = match score {
            Score::WinIn(n) => Some((to_move, n)),
            Score::LossIn(n) => Some((to_move.opponent(), n.max(1))),
            Score::Eval(_) => None,
        };
        let black_score = match score {
            Score::Eval(v) if to_move == Color::Black => v,
            Score::Eval(v) => -v,
            _ => 0,
        };
        Evaluation {
            black,
            forced,
            black_score,
        }
    }

    /// `color`'s chance to win, 0..=1.
    pub fn chance(&self, color: Color) -> f64 {
        match color {
            Color::Black => self.black,
            Color::White => 1.0 - self.black,
        }
    }

    /// What the bar says: "Black wins in 3" or "Black 62% · White 38%".
    pub fn label(&self) -> Message {
        match self.forced {
            Some((Color::Black, n)) => Message::new("analysis.black_wins_in", [n.to_string()]),
            Some((Color::White, n)) => Message::new("analysis.white_wins_in", [n.to_string()]),
            None => {
                let black = (self.black * 100.0).round() as u32;
                Message::new(
                    "analysis.chances",
                    [black.to_string(), (100 - black).to_string()],
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_are_monotonic_and_sum_to_one() {
        let mut last = 0.0;
        for v in (-2000..=2000).step_by(50) {
            let c = win_chance(Score::Eval(v));
            assert!(c > last && c < 1.0, "{v}: {c}");
            last = c;
            let e = Evaluation::new(Score::Eval(v), Color::White);
            assert!((e.chance(Color::Black) + e.chance(Color::White) - 1.0).abs() < 1e-12);
            assert!((e.chance(Color::White) - c).abs() < 1e-12);
        }
        assert_eq!(win_chance(Score::Eval(0)), 0.5);
    }

    #[test]
    fn quicker_wins_and_slower_losses_rank_higher() {
        let ordered = [
            Score::LossIn(1),
            Score::LossIn(4),
            Score::Eval(-500),
            Score::Eval(30),
            Score::WinIn(6),
            Score::WinIn(2),
        ];
        assert!(ordered.windows(2).all(|w| rank(w[0]) < rank(w[1])));
    }

    #[test]
    fn a_proven_result_names_the_winner() {
        let e = Evaluation::new(Score::LossIn(2), Color::Black);
        assert_eq!(e.forced, Some((Color::White, 2)));
        assert_eq!(e.black, 0.0);
        assert_eq!(e.label().english(), "White wins in 2");
        let e = Evaluation::new(Score::WinIn(1), Color::Black);
        assert_eq!(e.label().english(), "Black wins in 1");
        let e = Evaluation::new(Score::Eval(0), Color::Black);
        assert_eq!(e.label().english(), "Black 50% · White 50%");
    }
}
