//! The evaluation's learned part: what it counts on a board and how much
//! each count is worth.
//!
//! A position is valued for the side to move ("us") from
//! * every empty cell's line patterns and threat class, for both colours —
//!   a cell's patterns say what a stone there would make — weighed
//!   separately for us and for the opponent, since the side to move gets to
//!   use its cells first;
//! * a threat mask: which kinds of threat (an open three to answer, a four,
//!   a four-three point, ...) each side holds now. Threats change the value
//!   of a position far from linearly (an open three is worth little when we
//!   can answer it with a four, a lot when we cannot), so every combination
//!   has its own value.
//!
//! The weights are fitted to self-play results by `examples/texel` and
//! live in [`super::weights`]; one table per rule and, in Renju, per side
//! to move (Black's forbidden points make the two colours different games).
//!
//! The search's move ordering is learned the same way ([`Policy`]): a score
//! for each pair of threat classes a move makes for the mover and for the
//! opponent, fitted to the moves self-play chose.

use super::pattern::{Pattern, THREATS, Threat};
use crate::board::Color;
use crate::rules::Rule;

/// Weighed line patterns: B1 to D4 (a dead line is worth nothing, a five
/// or a four-to-answer is settled by the search before any evaluation).
pub const PATTERN_FEATURES: usize = 9;
/// Weighed threat classes: Flex4 to Two.
pub const THREAT_FEATURES: usize = 11;
/// Threat mask bits, see [`threat_mask`].
pub const MASK_BITS: usize = 9;
pub const MASKS: usize = 1 << MASK_BITS;
/// Weight tables: freestyle, standard, Renju with Black to move, Renju
/// with White to move.
pub const TABLES: usize = 4;

/// The weights of one table. Index 0 of the pairs is the side to move,
/// 1 the opponent (its weights are usually negative).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// By owner and pattern (B1 first).
    pub pattern: [[i16; PATTERN_FEATURES]; 2],
    /// By owner and threat class (Flex4 first).
    pub threat: [[i16; THREAT_FEATURES]; 2],
    /// By threat mask.
    pub mask: [i16; MASKS],
}

/// Move-ordering score by the threat class a move makes for the mover and
/// the one it takes from the opponent (the cell's threat for each side).
pub type Policy = [[i32; THREATS]; THREATS];

/// Moves whose ordering score is below this are quiet: the search reduces
/// and prunes them, and orders them by killers and history.
pub const QUIET: i32 = 1_400;

/// The table that evaluates `rule` positions with `to_move` to move.
pub fn table(rule: Rule, to_move: Color) -> usize {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2 + to_move.index(),
    }
}

/// The feature index of a line pattern, None for one that is not weighed.
#[inline]
pub fn pattern_feature(p: Pattern) -> Option<usize> {
    let i = p as usize;
    (1..=PATTERN_FEATURES).contains(&i).then(|| i - 1)
}

/// The feature index of a threat class, None for one that is not weighed.
#[inline]
pub fn threat_feature(t: Threat) -> Option<usize> {
    let i = t as usize;
    (1..=THREAT_FEATURES).contains(&i).then(|| i - 1)
}

impl Weights {
    /// The value of an empty cell with these line patterns and threat for
    /// its `owner` (0 = the side to move). A forbidden point is worth
    /// nothing: its owner cannot play it.
    pub fn cell_value(&self, owner: usize, patterns: [Pattern; 4], threat: Threat) -> i32 {
        if threat == Threat::Forbidden {
            return 0;
        }
        let lines: i32 = patterns
            .iter()
            .filter_map(|&p| pattern_feature(p))
            .map(|i| self.pattern[owner][i] as i32)
            .sum();
        lines + threat_feature(threat).map_or(0, |i| self.threat[owner][i] as i32)
    }
}

/// Which threats each side holds, `us` to move, from how many empty cells
/// give each colour each threat class. Bits: the opponent can make an open
/// four (we face an open three); we / they have a four that also makes a
/// three or a two; a plain four; a double three or three-plus; a plain
/// three. (Our open-four points and either side's fives never reach an
/// evaluation: the search settles them first.)
pub fn threat_mask(count: impl Fn(Color, Threat) -> u16, us: Color) -> usize {
    let them = us.opponent();
    let has = |c: Color, ts: &[Threat]| ts.iter().any(|&t| count(c, t) > 0);
    let bits = [
        has(them, &[Threat::Flex4]),
        has(us, &[Threat::FourThree, Threat::FourPlus]),
        has(us, &[Threat::Four]),
        has(us, &[Threat::ThreeThree, Threat::ThreePlus]),
        has(us, &[Threat::Three]),
        has(them, &[Threat::FourThree, Threat::FourPlus]),
        has(them, &[Threat::Four]),
        has(them, &[Threat::ThreeThree, Threat::ThreePlus]),
        has(them, &[Threat::Three]),
    ];
    bits.iter()
        .enumerate()
        .fold(0, |mask, (i, &b)| mask | ((b as usize) << i))
}

/// A position's features for `us` to move, counted cell by cell: what the
/// fit weighs, and what the incremental evaluation must agree with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// By owner (0 = us) and pattern feature: how many lines of empty cells.
    pub pattern: [[u16; PATTERN_FEATURES]; 2],
    /// By owner and threat feature: how many empty cells.
    pub threat: [[u16; THREAT_FEATURES]; 2],
    pub mask: usize,
}

impl Features {
    /// Their value under `w`, before the evaluation's clamp.
    pub fn value(&self, w: &Weights) -> i32 {
        let mut v = w.mask[self.mask] as i32;
        for owner in 0..2 {
            for (n, &wt) in self.pattern[owner].iter().zip(&w.pattern[owner]) {
                v += *n as i32 * wt as i32;
            }
            for (n, &wt) in self.threat[owner].iter().zip(&w.threat[owner]) {
                v += *n as i32 * wt as i32;
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_has_its_table_and_renju_one_per_side() {
        let tables: Vec<usize> = Rule::ALL
            .iter()
            .flat_map(|&r| [table(r, Color::Black), table(r, Color::White)])
            .collect();
        let mut distinct = tables.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct, (0..TABLES).collect::<Vec<_>>());
        assert_eq!(
            table(Rule::Freestyle, Color::Black),
            table(Rule::Freestyle, Color::White)
        );
        assert_ne!(
            table(Rule::Renju, Color::Black),
            table(Rule::Renju, Color::White)
        );
    }

    #[test]
    fn the_mask_names_each_threat_by_its_own_bit() {
        let only = |c: Color, t: Threat| move |cc: Color, tt: Threat| (cc == c && tt == t) as u16;
        let us = Color::Black;
        let them = Color::White;
        assert_eq!(threat_mask(|_, _| 0, us), 0);
        assert_eq!(threat_mask(only(them, Threat::Flex4), us), 1);
        assert_eq!(threat_mask(only(us, Threat::FourPlus), us), 1 << 1);
        assert_eq!(threat_mask(only(us, Threat::Three), us), 1 << 4);
        assert_eq!(threat_mask(only(them, Threat::ThreeThree), us), 1 << 7);
        // The same board seen with the other side to move swaps the halves.
        assert_eq!(threat_mask(only(us, Threat::Three), them), 1 << 8);
        // Threat classes the mask does not name leave it empty.
        assert_eq!(threat_mask(only(us, Threat::Two), us), 0);
    }
}
