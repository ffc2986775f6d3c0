//! VCF: victory by continuous fours. The attacker makes only fours; each
//! forces the single block; the attacker wins when a four cannot be blocked
//! (two five points, or in Renju a five point forbidden to Black).
//!
//! This stand-alone solver proves a line for puzzles, tests and analysis;
//! the alpha-beta search has its own four-only quiescence.

use crate::board::{Board, Color, Point};
use crate::eval::Position;
use crate::eval::pattern::Threat;
use crate::rules::Rule;
use std::collections::HashMap;
use std::time::Instant;

/// A VCF solver with a cache of refuted positions.
struct Solver {
    pos: Position,
    attacker: Color,
    /// Positions (by hash) where no VCF was found with this many fours left.
    refuted: HashMap<u64, u32>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    line: Vec<usize>,
}

/// What [`find`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vcf {
    /// Attacker and defender moves alternately, starting with the
    /// attacker; it ends with the attacker's five, or with a four the
    /// defender cannot block (Renju: its five point is forbidden to Black).
    pub line: Vec<Point>,
    pub nodes: u64,
}

/// Looks for a VCF for `attacker` (who is to move) of at most `max_fours`
/// fours, visiting at most `node_limit` positions.
pub fn find(
    board: &Board,
    rule: Rule,
    attacker: Color,
    max_fours: u32,
    node_limit: u64,
) -> Option<Vcf> {
    find_until(board, rule, attacker, max_fours, node_limit, None)
}

/// [`find`] that also gives up at `deadline`.
pub fn find_until(
    board: &Board,
    rule: Rule,
    attacker: Color,
    max_fours: u32,
    node_limit: u64,
    deadline: Option<Instant>,
) -> Option<Vcf> {
    let mut solver = Solver {
        pos: Position::new(board, rule),
        attacker,
        refuted: HashMap::new(),
        nodes: 0,
        node_limit,
        deadline,
        line: Vec::new(),
    };
    let found = solver.attack(max_fours);
    found.then(|| Vcf {
        line: solver.line.iter().map(|&i| Point::from_index(i)).collect(),
        nodes: solver.nodes,
    })
}

impl Solver {
    fn five_cells(&self, color: Color) -> Vec<usize> {
        self.pos.cells_with(color, Threat::Five).collect()
    }

    /// Whether the attacker (to move) wins by fours; on success `line`
    /// holds the winning continuation.
    fn attack(&mut self, fours_left: u32) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return false;
        }
        if self.nodes.is_multiple_of(256)
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            // Out of time: make every pending search fail from here on.
            self.node_limit = 0;
            return false;
        }
        let us = self.attacker;
        let them = us.opponent();
        if let Some(&five) = self.five_cells(us).first() {
            self.line.push(five);
            return true;
        }
        let their_fives = self.five_cells(them);
        let candidates: Vec<usize> = match their_fives.as_slice() {
            [] => {
                // Renju Black's moves are confirmed exactly (stale flags).
                let flex = self
                    .pos
                    .cells_with(us, Threat::Flex4)
                    .find(|&c| self.pos.is_legal(c, us));
                if let Some(flex) = flex {
                    // Unstoppable: the defender blocks one end, we take the other.
                    self.pos.make(flex, us);
                    let ends = self.five_cells(us);
                    self.pos.undo();
                    self.line.extend([flex, ends[0], ends[1]]);
                    return true;
                }
                let mut fours: Vec<(Threat, usize)> = self
                    .pos
                    .live_cells()
                    .filter_map(|c| {
                        let t = self.pos.threat(c, us);
                        (t.is_four() && self.pos.is_legal(c, us)).then_some((t, c))
                    })
                    .collect();
                fours.sort();
                fours.into_iter().map(|(_, c)| c).collect()
            }
            [block] if self.pos.threat(*block, us).is_four() && self.pos.is_legal(*block, us) => {
                vec![*block]
            }
            _ => return false,
        };
        if fours_left == 0 || candidates.is_empty() {
            return false;
        }
        let key = self.pos.board().hash();
        if self
            .refuted
            .get(&key)
            .is_some_and(|&left| left >= fours_left)
        {
            return false;
        }
        for four in candidates {
            self.pos.make(four, us);
            let won = match self.five_cells(us).as_slice() {
                // Judged exactly: the table's forbidden flag can be stale.
                [reply] if !self.pos.is_legal(*reply, them) => {
                    self.line.push(four);
                    true
                }
                [reply] => {
                    let reply = *reply;
                    self.pos.make(reply, them);
                    self.line.extend([four, reply]);
                    let won = self.attack(fours_left - 1);
                    if !won {
                        self.line.truncate(self.line.len() - 2);
                    }
                    self.pos.undo();
                    won
                }
                // Two five points: the candidate was a hidden double four.
                [a, b, ..] => {
                    self.line.extend([four, *a, *b]);
                    true
                }
                [] => false,
            };
            self.pos.undo();
            if won {
                return true;
            }
        }
        self.refuted.insert(key, fours_left);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{self, makes_five};
    use chacha20::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    /// Replays a VCF under the exact rules: every move legal, every
    /// defender move the only block, and the end a five, or a four whose
    /// single five point the defender may not play.
    fn check_line(board: &Board, attacker: Color, line: &[Point]) {
        let rule = Rule::Renju;
        let defender = attacker.opponent();
        let mut b = board.clone();
        for (i, &p) in line.iter().enumerate() {
            let mover = if i % 2 == 0 { attacker } else { defender };
            if mover == defender {
                let fives: Vec<Point> = b
                    .empty_points()
                    .filter(|&q| makes_five(&b, q, attacker, rule))
                    .collect();
                assert!(!fives.is_empty(), "the defender moves without a four\n{b}");
                if fives.len() >= 2 {
                    // Two five points: the defender cannot stop both.
                    return;
                }
                assert_eq!(fives[0], p, "the defender does not block the four\n{b}");
            }
            assert!(
                rules::check_move(&b, rule, mover, p).is_ok(),
                "move {i} {p:?} of {line:?} is illegal for {mover}\n{b}"
            );
            if makes_five(&b, p, mover, rule) {
                assert_eq!(mover, attacker, "the defender made five\n{b}");
                assert_eq!(i + 1, line.len(), "the line goes on after a five");
                return;
            }
            b.place(p, mover).unwrap();
        }
        // No five at the end: the attacker's last four has one five point,
        // forbidden to the defender, or the defender's reply must follow.
        let fives: Vec<Point> = b
            .empty_points()
            .filter(|&q| makes_five(&b, q, attacker, rule))
            .collect();
        assert_eq!(line.len() % 2, 1, "the line ends with a defender move");
        assert!(
            fives.len() >= 2
                || fives
                    .iter()
                    .all(|&q| rules::check_move(&b, rule, defender, q).is_err()),
            "claimed win {line:?}: the defender can block at {fives:?}\n{b}"
        );
        assert!(!fives.is_empty(), "the line ends without a four\n{b}");
    }

    #[test]
    fn renju_vcf_wins_hold_under_the_exact_rules() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x2545_f491_4f6c_dd1d);
        let mut found = 0;
        for _ in 0..400 {
            let mut board = Board::new(15).unwrap();
            let stones = 14 + rng.random_range(0..30);
            let mut color = Color::Black;
            let mut placed = 0;
            while placed < stones {
                let x = 3 + rng.random_range(0..9) as u8;
                let y = 3 + rng.random_range(0..9) as u8;
                let p = Point::new(x, y);
                if rules::check_move(&board, Rule::Renju, color, p).is_err()
                    || makes_five(&board, p, color, Rule::Renju)
                {
                    continue;
                }
                board.place(p, color).unwrap();
                color = color.opponent();
                placed += 1;
            }
            for attacker in [Color::Black, Color::White] {
                if let Some(vcf) = find(&board, Rule::Renju, attacker, 10, 3_000) {
                    check_line(&board, attacker, &vcf.line);
                    found += 1;
                }
            }
        }
        assert!(found >= 20, "only {found} VCFs in the random positions");
    }
}
