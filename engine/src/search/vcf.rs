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
                let flex = self.pos.cells_with(us, Threat::Flex4).next();
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
                    .empty_cells()
                    .filter_map(|c| {
                        let t = self.pos.threat(c, us);
                        t.is_four().then_some((t, c))
                    })
                    .collect();
                fours.sort();
                fours.into_iter().map(|(_, c)| c).collect()
            }
            [block] if self.pos.threat(*block, us).is_four() => vec![*block],
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
                [reply] if self.pos.threat(*reply, them) == Threat::Forbidden => {
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
