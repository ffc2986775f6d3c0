//! Precomputed shapes of one line through a stone.
//!
//! A line is the ten cells at offsets -5..=-1 and +1..=+5 from a point along
//! one direction, each seen from one colour as own / empty / blocked (the
//! other colour or the board edge), with the point itself holding an own
//! stone. Every five that contains the point, and the cells that decide
//! whether it is exactly five, lie in that window, so 3^10 entries describe
//! every case. Rules and evaluation read these tables instead of scanning.

use crate::board::{Board, Cell, Color, Direction};
use std::sync::OnceLock;

/// Offsets -5..=5 are stored at 0..=10; the point itself sits at [`CENTER`].
pub const WINDOW: usize = 11;
pub const CENTER: usize = 5;
const KEYS: usize = 59_049; // 3^10

const OWN: u8 = 0;
const EMPTY: u8 = 1;
const BLOCKED: u8 = 2;

/// What a line through a stone holds for its owner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineShape {
    /// A five through the stone (exactly five in exact mode, five or more otherwise).
    pub five: bool,
    /// An unbroken run of six or more through the stone (exact mode only).
    pub overline: bool,
    /// Fours through the stone: 0, 1, or 2 for two fours on this one line
    /// (`X.XXX.X`, `XX.XX.XX`, `XXX.X.XXX`). A straight four counts once.
    pub fours: u8,
    /// The four is straight: two ways to make five, five cells apart.
    pub straight_four: bool,
    /// Window positions (bit i = offset i-5) where one more stone makes a
    /// five through the stone.
    pub five_points: u16,
    /// Window positions where one more stone makes a straight four through
    /// the stone without making a five: the stone is part of a three, and
    /// these are the points that would make it straight. Empty when the line
    /// already holds a four or a five.
    pub three_points: u16,
}

impl LineShape {
    /// The board offsets (-5..=5) of the positions set in `mask`.
    pub fn offsets(mask: u16) -> impl Iterator<Item = isize> {
        (0..WINDOW)
            .filter(move |i| mask & (1 << i) != 0)
            .map(|i| i as isize - CENTER as isize)
    }
}

/// Whether an overline counts as a five for this colour under this rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FiveMode {
    /// Five or more in a row wins.
    AtLeastFive,
    /// Exactly five wins; six or more is an overline.
    ExactlyFive,
}

fn run_through_center(cells: &[u8; WINDOW]) -> usize {
    let left = (0..CENTER).rev().take_while(|&i| cells[i] == OWN).count();
    let right = (CENTER + 1..WINDOW)
        .take_while(|&i| cells[i] == OWN)
        .count();
    left + right + 1
}

fn is_five(run: usize, mode: FiveMode) -> bool {
    match mode {
        FiveMode::AtLeastFive => run >= 5,
        // A run reaching the window's edge has at least six stones.
        FiveMode::ExactlyFive => run == 5,
    }
}

fn five_points(cells: &[u8; WINDOW], mode: FiveMode) -> u16 {
    let mut mask = 0;
    let mut probe = *cells;
    let run = run_through_center(cells);
    for i in 1..WINDOW - 1 {
        if cells[i] == EMPTY {
            probe[i] = OWN;
            // The new stone must join the row through the centre: a row that
            // is already five is not made by a stone elsewhere on the line.
            let joined = run_through_center(&probe);
            if joined > run && is_five(joined, mode) {
                mask |= 1 << i;
            }
            probe[i] = EMPTY;
        }
    }
    mask
}

fn is_straight(five_points: u16) -> bool {
    five_points.count_ones() == 2
        && (five_points.trailing_zeros() + 5 == 15 - five_points.leading_zeros())
}

fn analyse(cells: &[u8; WINDOW], mode: FiveMode) -> LineShape {
    let run = run_through_center(cells);
    let five = is_five(run, mode);
    let overline = mode == FiveMode::ExactlyFive && run >= 6;
    // A five is a five, not also a four.
    let fives = if five { 0 } else { five_points(cells, mode) };
    let straight_four = is_straight(fives);
    let fours = match fives.count_ones() {
        0 => 0,
        1 => 1,
        _ if straight_four => 1,
        _ => 2,
    };
    let mut three_points = 0;
    if !five && !overline && fours == 0 {
        let mut probe = *cells;
        for i in 1..WINDOW - 1 {
            if cells[i] == EMPTY {
                probe[i] = OWN;
                // Fewer than five in a row: neither a five nor an overline.
                if run_through_center(&probe) < 5 && is_straight(five_points(&probe, mode)) {
                    three_points |= 1 << i;
                }
                probe[i] = EMPTY;
            }
        }
    }
    LineShape {
        five,
        overline,
        fours,
        straight_four,
        five_points: fives,
        three_points,
    }
}

fn build(mode: FiveMode) -> Box<[LineShape]> {
    (0..KEYS)
        .map(|key| {
            let mut cells = [OWN; WINDOW];
            let mut k = key;
            for i in (0..WINDOW).rev().filter(|&i| i != CENTER) {
                cells[i] = (k % 3) as u8;
                k /= 3;
            }
            analyse(&cells, mode)
        })
        .collect()
}

fn table(mode: FiveMode) -> &'static [LineShape] {
    static EXACT: OnceLock<Box<[LineShape]>> = OnceLock::new();
    static FREE: OnceLock<Box<[LineShape]>> = OnceLock::new();
    match mode {
        FiveMode::ExactlyFive => EXACT.get_or_init(|| build(mode)),
        FiveMode::AtLeastFive => FREE.get_or_init(|| build(mode)),
    }
}

#[inline]
fn code(cell: Cell, color: Color) -> usize {
    match cell {
        Cell::Empty => EMPTY as usize,
        Cell::Wall => BLOCKED as usize,
        c if c == Cell::stone(color) => OWN as usize,
        _ => BLOCKED as usize,
    }
}

/// The table key of the line through padded index `index` along `dir`, seen
/// by `color`, as if `color` had a stone at `index` (whatever is there).
#[inline]
pub fn line_key(board: &Board, index: usize, dir: Direction, color: Color) -> usize {
    let mut key = 0;
    for steps in [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5] {
        key = key * 3 + code(board.cell_at(index, dir, steps), color);
    }
    key
}

/// The shape of the line through `index` along `dir` for `color`, as if
/// `color` had a stone at `index`.
#[inline]
pub fn shape(
    board: &Board,
    index: usize,
    dir: Direction,
    color: Color,
    mode: FiveMode,
) -> LineShape {
    table(mode)[line_key(board, index, dir, color)]
}

/// Builds both tables now rather than on first use (e.g. before timing).
pub fn warm_up() {
    table(FiveMode::ExactlyFive);
    table(FiveMode::AtLeastFive);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line written as 11 characters: `X` own, `.` empty, `O` or `|`
    /// blocked; the centre (index 5) must be `X`.
    fn line(s: &str, mode: FiveMode) -> LineShape {
        let chars: Vec<char> = s.chars().collect();
        assert_eq!(chars.len(), WINDOW, "{s}");
        assert_eq!(chars[CENTER], 'X', "{s}");
        let mut cells = [OWN; WINDOW];
        for (i, c) in chars.iter().enumerate() {
            cells[i] = match c {
                'X' => OWN,
                '.' => EMPTY,
                _ => BLOCKED,
            };
        }
        analyse(&cells, mode)
    }

    use FiveMode::*;

    #[test]
    fn fives_and_overlines() {
        assert!(line("...XXXXX...", ExactlyFive).five);
        assert!(!line("..XXXXXX...", ExactlyFive).five);
        assert!(line("..XXXXXX...", ExactlyFive).overline);
        assert!(line("..XXXXXX...", AtLeastFive).five);
        assert!(!line("..XXXXXX...", AtLeastFive).overline);
        assert!(line("XXXXXXXXXXX", ExactlyFive).overline);
    }

    #[test]
    fn a_five_is_not_also_a_four() {
        let s = line("..XXXXX....", ExactlyFive);
        assert!(s.five);
        assert_eq!((s.fours, s.five_points), (0, 0));
        let s = line("..XXXXX....", AtLeastFive);
        assert_eq!((s.fours, s.five_points), (0, 0));
    }

    #[test]
    fn fours() {
        let s = line("...XXXX....", ExactlyFive);
        assert_eq!((s.fours, s.straight_four), (1, true));
        let s = line("..OXXXX....", ExactlyFive);
        assert_eq!((s.fours, s.straight_four), (1, false));
        let s = line("....XX.XX..", ExactlyFive);
        assert_eq!((s.fours, s.straight_four), (1, false));
        // A straight four whose one end would make six is only a four for Black.
        let s = line(".X.XXXX....", ExactlyFive);
        assert_eq!((s.fours, s.straight_four), (1, false));
        let s = line(".X.XXXX....", AtLeastFive);
        assert_eq!((s.fours, s.straight_four), (1, true));
    }

    #[test]
    fn two_fours_on_one_line() {
        assert_eq!(line(".X.XXX.X...", ExactlyFive).fours, 2);
        assert_eq!(line("..XX.XX.XX.", ExactlyFive).fours, 2);
        assert_eq!(line(".XXX.X.XXX.", ExactlyFive).fours, 2);
        // One side's five point would make six: a single four.
        assert_eq!(line("XXXX.X.XXX.", ExactlyFive).fours, 1);
    }

    #[test]
    fn threes() {
        // Open three: straight-four points on both sides.
        let s = line("....XXX....", ExactlyFive);
        assert_eq!(
            LineShape::offsets(s.three_points).collect::<Vec<_>>(),
            vec![-2, 2]
        );
        // Split three: only the gap makes a straight four.
        let s = line("...X.XX....", ExactlyFive);
        assert_eq!(
            LineShape::offsets(s.three_points).collect::<Vec<_>>(),
            vec![-1]
        );
        // Blocked on one side: no straight four possible.
        assert_eq!(line("..OXXX.....", ExactlyFive).three_points, 0);
        // `X..XXX..X`: each four would need a six on one side, so no three for Black.
        assert_eq!(line(".X..XXX..X.", ExactlyFive).three_points, 0);
        assert_ne!(line(".X..XXX..X.", AtLeastFive).three_points, 0);
        // `XXX.X` is a four, not a three.
        assert_eq!(line("...XXX.X...", ExactlyFive).fours, 1);
        // A line holding a four is a four, not a three.
        assert_eq!(line("...XXXX....", ExactlyFive).three_points, 0);
        // Against the edge with one empty cell between: only the far side makes it straight.
        let s = line("..|.XXX....", ExactlyFive);
        assert_eq!(
            LineShape::offsets(s.three_points).collect::<Vec<_>>(),
            vec![2]
        );
    }
}
