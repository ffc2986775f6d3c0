//! A small threat-space search (VCT: victory by continuous threats, fours
//! and open threes), used as a safety check (after our candidate move, can
//! the opponent force a win with at most a few threats?) and at full
//! strength for our own attack at the root.
//!
//! The attacker's moves are fours and three-making moves. After a four the
//! defender must block; after an open three every defence (the cells that
//! stop the straight four) and every counter-four of the defender is tried,
//! and the attacker must win against all of them. The search gives up (no
//! proof) when its node or time budget runs out, so a "no" can be wrong
//! but a "yes" is a real forced win within the simplifications: the
//! attacker's forced block of a counter-four must keep a threat alive.

use super::alphabeta::{defence_cells, must_defend};
use crate::board::{Board, Color};
use crate::eval::Position;
use crate::eval::pattern::Threat;
use crate::rules::Rule;
use std::time::Instant;

struct Vct {
    pos: Position,
    attacker: Color,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    /// The attacker's move that won, set as each winning attack returns:
    /// after the search, the first move of the win.
    winning_move: Option<usize>,
}

/// Whether `attacker` (to move) wins with at most `threats` threat moves.
pub fn wins(
    board: &Board,
    rule: Rule,
    attacker: Color,
    threats: u32,
    node_limit: u64,
    deadline: Option<Instant>,
) -> bool {
    winning_move(board, rule, attacker, threats, node_limit, deadline).is_some()
}

/// The attacker's first move of a win of at most `threats` threat moves
/// (a threat, or the block of the defender's four) and the threats it
/// takes, if one is found. The shorter wins are tried first, one more
/// threat at a time, on one node budget: a search straight to the full
/// length spends the budget deep in its first lines and misses short wins
/// elsewhere.
pub fn winning_move(
    board: &Board,
    rule: Rule,
    attacker: Color,
    threats: u32,
    node_limit: u64,
    deadline: Option<Instant>,
) -> Option<(usize, u32)> {
    let mut search = Vct::new(board, rule, attacker, node_limit, deadline);
    for length in 1..=threats {
        if search.attack(length) {
            return search.winning_move.map(|m| (m, length));
        }
        if search.nodes >= search.node_limit {
            break;
        }
    }
    None
}

impl Vct {
    fn new(
        board: &Board,
        rule: Rule,
        attacker: Color,
        node_limit: u64,
        deadline: Option<Instant>,
    ) -> Vct {
        Vct {
            pos: Position::new(board, rule),
            attacker,
            nodes: 0,
            node_limit,
            deadline,
            winning_move: None,
        }
    }

    /// Counts a node; false when the budget is spent.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return false;
        }
        if self.nodes.is_multiple_of(64)
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.node_limit = 0;
            return false;
        }
        true
    }

    fn fives(&self, color: Color) -> Vec<usize> {
        self.pos.cells_with(color, Threat::Five).collect()
    }

    /// The attacker to move: does some threat win?
    fn attack(&mut self, left: u32) -> bool {
        if !self.tick() {
            return false;
        }
        let a = self.attacker;
        let d = a.opponent();
        if self.pos.has_five(a) {
            self.winning_move = self.fives(a).first().copied();
            return true;
        }
        match self.fives(d).as_slice() {
            [] => {}
            [block] if self.pos.is_legal(*block, a) => {
                let block = *block;
                self.pos.make(block, a);
                let won = self.defend(left);
                self.pos.undo();
                if won {
                    self.winning_move = Some(block);
                }
                return won;
            }
            _ => return false,
        }
        if self.pos.count(a, Threat::Flex4) > 0 {
            self.winning_move = self.pos.cells_with(a, Threat::Flex4).next();
            return true;
        }
        if left == 0 {
            return false;
        }
        let mut moves: Vec<(Threat, usize)> = self
            .pos
            .live_cells()
            .filter_map(|c| {
                let t = self.pos.threat(c, a);
                (t.is_four() || t.makes_three()).then_some((t, c))
            })
            .collect();
        moves.sort();
        for (_, m) in moves {
            self.pos.make(m, a);
            let won = self.defend(left - 1);
            self.pos.undo();
            if won {
                self.winning_move = Some(m);
                return true;
            }
        }
        false
    }

    /// The defender to move: does the attacker win against every answer?
    fn defend(&mut self, left: u32) -> bool {
        if !self.tick() {
            return false;
        }
        let a = self.attacker;
        let d = a.opponent();
        if self.pos.has_five(d) {
            return false;
        }
        match self.fives(a).as_slice() {
            [] => {}
            // Exact legality: the table's forbidden flags can be stale.
            [block] if self.pos.is_legal(*block, d) => {
                let block = *block;
                self.pos.make(block, d);
                let won = self.attack(left);
                self.pos.undo();
                return won;
            }
            // Two five points, or the only block is forbidden to Black.
            _ => return true,
        }
        if !must_defend(&mut self.pos, a) {
            return false;
        }
        let mut answers = defence_cells(&self.pos, a);
        let counter_fours: Vec<usize> = self
            .pos
            .live_cells()
            .filter(|&c| self.pos.threat(c, d).is_four() && !answers.contains(&c))
            .collect();
        answers.extend(counter_fours);
        answers.retain(|&c| self.pos.is_legal(c, d));
        for r in answers {
            self.pos.make(r, d);
            let won = self.attack(left);
            self.pos.undo();
            if !won {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_move_list;

    fn board(moves: &str) -> Board {
        let mut b = Board::new(15).unwrap();
        for (n, p) in parse_move_list(moves, 15).unwrap().iter().enumerate() {
            b.place(*p, Color::of_ply(n)).unwrap();
        }
        b
    }

    #[test]
    fn finds_a_threat_win_from_a_real_game() {
        // A freestyle game lost by the engine to seed 002's AI: after these
        // ten stones Black wins with threes and fours.
        let b = board("h7g10j10j11g8f9e8h8f7e7");
        assert!(wins(&b, Rule::Freestyle, Color::Black, 4, 100_000, None));
        // One threat is not enough; White, were it to move, has no such win.
        assert!(!wins(&b, Rule::Freestyle, Color::Black, 1, 100_000, None));
        assert!(!wins(&b, Rule::Freestyle, Color::White, 4, 100_000, None));
    }

    #[test]
    fn the_winning_move_is_a_threat_after_which_the_win_stays() {
        let b = board("h7g10j10j11g8f9e8h8f7e7");
        let (first, threats) =
            winning_move(&b, Rule::Freestyle, Color::Black, 4, 100_000, None).unwrap();
        // The shortest win first: one threat is not enough here.
        assert!((2..=4).contains(&threats), "{threats}");
        let mut after = b.clone();
        after.set(first, Color::Black);
        // White must answer it, and every answer of White still loses: the
        // attacker wins again from each (with one threat fewer).
        let mut pos = Position::new(&after, Rule::Freestyle);
        assert!(pos.has_five(Color::Black) || must_defend(&mut pos, Color::Black));
        let mut answers = defence_cells(&pos, Color::Black);
        answers.extend(pos.cells_with(Color::Black, Threat::Five));
        assert!(!answers.is_empty());
        for r in answers {
            let mut reply = after.clone();
            reply.set(r, Color::White);
            assert!(
                wins(
                    &reply,
                    Rule::Freestyle,
                    Color::Black,
                    threats - 1,
                    100_000,
                    None
                ),
                "{r}"
            );
        }
        assert_eq!(
            winning_move(&b, Rule::Freestyle, Color::White, 4, 100_000, None),
            None
        );
    }

    #[test]
    fn no_threat_win_in_an_opening() {
        let b = board("h8h9i9");
        assert!(!wins(&b, Rule::Renju, Color::White, 4, 100_000, None));
    }
}
