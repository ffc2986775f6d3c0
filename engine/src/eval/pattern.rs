//! Line patterns and their combination at one cell.
//!
//! For an empty cell, one colour and one direction, the ten cells at offsets
//! -5..=5 (seen as own / empty / blocked) decide what a stone played there
//! would make on that line: a five, a four, a three, ... A table over all
//! 3^10 lines answers in one lookup. The four directions are then combined
//! into a [`Threat`] class for the cell (five, open four, four-three, ...),
//! again by table. The idea follows Rapfi's pattern system (re-implemented
//! from its description, not from its code).

use crate::rules::line::FiveMode;
use std::sync::OnceLock;

/// What one line through an empty cell becomes when a stone is played there.
/// Ordered from nothing to five; `Overline` sits apart (exact-five rules only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// No five can ever pass through the cell on this line.
    Dead = 0,
    /// One stone that can still grow into a five, one way only.
    B1,
    F1,
    /// A two that can become a closed three / an open three.
    B2,
    F2,
    /// A three that can become a (closed) four.
    B3,
    /// An open three: one more stone makes a straight four.
    F3,
    /// A four with a single five point.
    B4,
    /// A straight four: two five points, nothing can stop it.
    F4,
    /// Two separate fours on one line (`X.XXX.X`): wins like a straight
    /// four, but counts as two fours for Renju's double-four.
    D4,
    /// A five.
    F5,
    /// Six or more in a row where only exactly five wins.
    Overline,
}

pub const PATTERNS: usize = 12;
const KEYS: usize = 59_049; // 3^10

impl Pattern {
    const ALL: [Pattern; PATTERNS] = [
        Pattern::Dead,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::B3,
        Pattern::F3,
        Pattern::B4,
        Pattern::F4,
        Pattern::D4,
        Pattern::F5,
        Pattern::Overline,
    ];

    /// Whether a stone here makes at least a four on this line.
    pub fn is_four_or_five(self) -> bool {
        matches!(self, Pattern::B4 | Pattern::F4 | Pattern::D4 | Pattern::F5)
    }

    /// How many fours (Renju's count) this line gives.
    pub fn fours(self) -> u8 {
        match self {
            Pattern::B4 | Pattern::F4 => 1,
            Pattern::D4 => 2,
            _ => 0,
        }
    }

    /// The pattern one stone short of this one (what a line that can grow
    /// into `self` with one more stone is).
    fn previous(self) -> Pattern {
        match self {
            Pattern::F4 | Pattern::D4 => Pattern::F3,
            Pattern::B4 => Pattern::B3,
            Pattern::F3 => Pattern::F2,
            Pattern::B3 => Pattern::B2,
            Pattern::F2 => Pattern::F1,
            Pattern::B2 => Pattern::B1,
            _ => Pattern::Dead,
        }
    }
}

/// Cell codes in a line key, seen from one colour.
pub const OWN: u32 = 0;
pub const EMPTY: u32 = 1;
pub const BLOCKED: u32 = 2;

/// Offsets of the ten key digits, most significant first.
pub const OFFSETS: [isize; 10] = [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5];

/// Weight of the key digit for a neighbour `offset` cells away (|offset| in 1..=5).
#[inline]
pub const fn weight(offset: isize) -> u32 {
    let index = if offset < 0 { offset + 5 } else { offset + 4 };
    3u32.pow(9 - index as u32)
}

/// The key of a line whose ten neighbours are all empty.
pub const ALL_EMPTY: u32 = (KEYS as u32 - 1) / 2;

fn decode(key: usize) -> [u32; 11] {
    let mut cells = [OWN; 11];
    let mut k = key;
    for i in (0..11).rev().filter(|&i| i != 5) {
        cells[i] = (k % 3) as u32;
        k /= 3;
    }
    cells
}

fn run_through_center(cells: &[u32; 11]) -> usize {
    let left = (0..5).rev().take_while(|&i| cells[i] == OWN).count();
    let right = (6..11).take_while(|&i| cells[i] == OWN).count();
    left + right + 1
}

fn is_five(run: usize, mode: FiveMode) -> bool {
    match mode {
        FiveMode::AtLeastFive => run >= 5,
        FiveMode::ExactlyFive => run == 5,
    }
}

/// Classifies a window whose centre holds an own stone; memoised in `memo`.
fn classify(cells: &mut [u32; 11], mode: FiveMode, memo: &mut [u8], key: usize) -> Pattern {
    if memo[key] != u8::MAX {
        return Pattern::ALL[memo[key] as usize];
    }
    let run = run_through_center(cells);
    let result = if is_five(run, mode) {
        Pattern::F5
    } else if run >= 6 {
        Pattern::Overline
    } else {
        let mut five_points = 0u16;
        for i in 1..10 {
            if cells[i] == EMPTY {
                cells[i] = OWN;
                if is_five(run_through_center(cells), mode) {
                    five_points |= 1 << i;
                }
                cells[i] = EMPTY;
            }
        }
        match five_points.count_ones() {
            0 => {
                // One stone short: the best thing one more stone in the
                // window (within four cells, where a five through the centre
                // can lie) makes, one step down.
                let mut best = Pattern::Dead;
                for i in 1..10 {
                    if cells[i] == EMPTY {
                        cells[i] = OWN;
                        let child_key = key - weight(i as isize - 5) as usize;
                        let child = classify(cells, mode, memo, child_key);
                        cells[i] = EMPTY;
                        if child != Pattern::Overline && child.previous() > best {
                            best = child.previous();
                        }
                    }
                }
                if best == Pattern::Dead && can_reach_five(cells, mode) {
                    best = Pattern::B1;
                }
                best
            }
            1 => Pattern::B4,
            _ => {
                let lo = five_points.trailing_zeros();
                let hi = 15 - five_points.leading_zeros();
                if five_points.count_ones() == 2 && hi - lo == 5 {
                    Pattern::F4
                } else {
                    Pattern::D4
                }
            }
        }
    };
    memo[key] = result as u8;
    result
}

/// Whether some five through the centre could still be completed (a lone
/// stone with room): distinguishes B1 from a dead line.
fn can_reach_five(cells: &[u32; 11], mode: FiveMode) -> bool {
    (1..=5).any(|start| {
        let window = start..start + 5;
        if !window.contains(&5) {
            return false;
        }
        let open = window.clone().all(|i| cells[i] != BLOCKED);
        let exact_ok = mode == FiveMode::AtLeastFive
            || ((start == 0 || cells[start - 1] != OWN)
                && (start + 5 > 10 || cells[start + 5] != OWN));
        open && exact_ok
    })
}

fn build(mode: FiveMode) -> Box<[Pattern]> {
    let mut memo = vec![u8::MAX; KEYS];
    (0..KEYS)
        .map(|key| {
            let mut cells = decode(key);
            classify(&mut cells, mode, &mut memo, key)
        })
        .collect()
}

/// The pattern table for a five mode, indexed by line key.
pub fn table(mode: FiveMode) -> &'static [Pattern] {
    static EXACT: OnceLock<Box<[Pattern]>> = OnceLock::new();
    static FREE: OnceLock<Box<[Pattern]>> = OnceLock::new();
    match mode {
        FiveMode::ExactlyFive => EXACT.get_or_init(|| build(mode)),
        FiveMode::AtLeastFive => FREE.get_or_init(|| build(mode)),
    }
}

/// What a stone at a cell threatens, all four lines together. Ordered from
/// the strongest (`Five`) down; `Forbidden` marks Renju points Black may not
/// play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Threat {
    Five = 0,
    /// A straight four or two fours: wins unless the opponent has a five.
    Flex4,
    /// A four and an open three.
    FourThree,
    /// A four and a closed three or open two.
    FourPlus,
    Four,
    /// Two open threes.
    ThreeThree,
    /// An open three and a closed three or open two.
    ThreePlus,
    Three,
    /// A closed three and more.
    Block3Plus,
    TwoTwo,
    Block3,
    Two,
    None,
    /// A Renju point Black may not play (overline, double four, double three).
    Forbidden,
}

pub const THREATS: usize = 14;

impl Threat {
    /// A four of some kind (or better): the opponent must answer at once.
    #[inline]
    pub fn is_four(self) -> bool {
        self <= Threat::Four
    }

    /// The move makes a straight four (or better) next: an open three now.
    #[inline]
    pub fn makes_three(self) -> bool {
        matches!(self, Threat::ThreeThree | Threat::ThreePlus | Threat::Three)
    }
}

/// Combines four line patterns into a threat. `renju_black` applies Black's
/// forbidden moves; a double three is returned as `ThreeThree` and must be
/// checked exactly by the caller (a three is only real if its straight four
/// could legally be made).
pub fn combine(p: [Pattern; 4], renju_black: bool) -> Threat {
    let count = |pat: Pattern| p.iter().filter(|&&x| x == pat).count();
    if p.contains(&Pattern::F5) {
        return Threat::Five;
    }
    let fours: u8 = p.iter().map(|x| x.fours()).sum();
    if renju_black && (p.contains(&Pattern::Overline) || fours >= 2) {
        return Threat::Forbidden;
    }
    let f3 = count(Pattern::F3);
    let b3 = count(Pattern::B3);
    let f2 = count(Pattern::F2);
    if p.contains(&Pattern::F4) || fours >= 2 {
        return Threat::Flex4;
    }
    if fours == 1 {
        return if f3 > 0 {
            Threat::FourThree
        } else if b3 + f2 > 0 {
            Threat::FourPlus
        } else {
            Threat::Four
        };
    }
    if f3 >= 2 {
        return Threat::ThreeThree;
    }
    if f3 == 1 {
        return if b3 + f2 > 0 {
            Threat::ThreePlus
        } else {
            Threat::Three
        };
    }
    if b3 >= 1 && b3 + f2 >= 2 {
        return Threat::Block3Plus;
    }
    if f2 >= 2 {
        return Threat::TwoTwo;
    }
    if b3 == 1 {
        return Threat::Block3;
    }
    if f2 == 1 {
        return Threat::Two;
    }
    Threat::None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a line written as 11 characters, centre `X`.
    fn key(s: &str) -> usize {
        let chars: Vec<char> = s.chars().collect();
        assert_eq!(chars.len(), 11);
        let mut k = 0;
        for (i, c) in chars.iter().enumerate() {
            if i == 5 {
                continue;
            }
            k = k * 3
                + match c {
                    'X' => OWN,
                    '.' => EMPTY,
                    _ => BLOCKED,
                } as usize;
        }
        k
    }

    fn pat(s: &str, mode: FiveMode) -> Pattern {
        table(mode)[key(s)]
    }

    use FiveMode::*;

    #[test]
    fn line_patterns() {
        assert_eq!(pat("...XXXXX...", ExactlyFive), Pattern::F5);
        assert_eq!(pat("..XXXXXX...", ExactlyFive), Pattern::Overline);
        assert_eq!(pat("..XXXXXX...", AtLeastFive), Pattern::F5);
        assert_eq!(pat("...XXXX....", ExactlyFive), Pattern::F4);
        assert_eq!(pat("..OXXXX....", ExactlyFive), Pattern::B4);
        assert_eq!(pat(".X.XXX.X...", ExactlyFive), Pattern::D4);
        assert_eq!(pat("....XXX....", ExactlyFive), Pattern::F3);
        assert_eq!(pat("...X.XX....", ExactlyFive), Pattern::F3);
        assert_eq!(pat("..OXXX.....", ExactlyFive), Pattern::B3);
        assert_eq!(pat("....XX.....", ExactlyFive), Pattern::F2);
        assert_eq!(pat("...OXX.....", ExactlyFive), Pattern::B2);
        assert_eq!(pat(".....X.....", ExactlyFive), Pattern::F1);
        assert_eq!(pat("..O..X.O...", ExactlyFive), Pattern::Dead);
        // `X..XXX..X`: both straight-four points would make six for Black.
        assert_eq!(pat(".X..XXX..X.", ExactlyFive), Pattern::B3);
        assert_eq!(pat(".X..XXX..X.", AtLeastFive), Pattern::F3);
        assert_eq!(weight(-5), 3u32.pow(9));
        assert_eq!(weight(5), 1);
        assert_eq!(key("...........") as u32, ALL_EMPTY);
    }

    #[test]
    fn combinations() {
        use Pattern::*;
        assert_eq!(combine([F5, Overline, D4, F3], true), Threat::Five);
        assert_eq!(
            combine([Overline, Dead, Dead, Dead], true),
            Threat::Forbidden
        );
        assert_eq!(combine([Overline, Dead, Dead, Dead], false), Threat::None);
        assert_eq!(combine([B4, B4, Dead, Dead], true), Threat::Forbidden);
        assert_eq!(combine([B4, B4, Dead, Dead], false), Threat::Flex4);
        assert_eq!(combine([B4, F3, Dead, Dead], true), Threat::FourThree);
        assert_eq!(combine([F3, F3, Dead, Dead], true), Threat::ThreeThree);
        assert_eq!(combine([F2, F2, B1, Dead], false), Threat::TwoTwo);
        assert!(Threat::FourPlus.is_four() && !Threat::ThreeThree.is_four());
    }
}
