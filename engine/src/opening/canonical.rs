//! The 26 canonical Renju openings (RIF): Black in the centre, White next
//! to it (directly, D, or diagonally, I), and Black's second stone. Soosorv-8
//! starts from one of them; the AI and the match harness use them too.
//!
//! The data is `tests/data/renju26-openings.txt` (names and order as listed
//! in AlphaGomoku's `EngineController.cpp`: facts, not code; see the file's
//! header).

use super::symmetry::Symmetry;
use crate::board::{Point, parse_move_list};

const DATA: &str = include_str!("../../tests/data/renju26-openings.txt");

/// One of the 26 openings: a name like `D4-Kagetsu` and three stones on a
/// 15×15 board, Black, White, Black.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanonicalOpening {
    pub name: &'static str,
    pub stones: [Point; 3],
}

impl CanonicalOpening {
    /// The stones on a board of `size` (the same offsets from the centre).
    pub fn stones_on(&self, size: usize) -> [Point; 3] {
        let shift = |v: u8| (v as i32 - 7 + (size / 2) as i32) as u8;
        self.stones.map(|p| Point::new(shift(p.x), shift(p.y)))
    }
}

/// The 26 openings, D1 to D13 then I1 to I13.
pub fn openings() -> Vec<CanonicalOpening> {
    DATA.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split_whitespace();
            let name = parts.next().expect("a name on every data line");
            let moves = parse_move_list(parts.next().expect("moves after the name"), 15)
                .expect("the embedded openings are valid move strings");
            CanonicalOpening {
                name,
                stones: [moves[0], moves[1], moves[2]],
            }
        })
        .collect()
}

/// The canonical opening that the three stones (Black, White, Black on a
/// board of `size`) are, up to the 8 symmetries, if any.
pub fn identify(stones: [Point; 3], size: usize) -> Option<CanonicalOpening> {
    openings().into_iter().find(|o| {
        let canon = o.stones_on(size);
        Symmetry::ALL.iter().any(|s| {
            canon
                .iter()
                .zip(&stones)
                .all(|(&c, &p)| s.apply(c, size) == p)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_26_distinct_openings_13_direct_and_13_indirect() {
        let all = openings();
        assert_eq!(all.len(), 26);
        let centre = Point::new(7, 7);
        for (i, o) in all.iter().enumerate() {
            assert_eq!(o.stones[0], centre, "{}", o.name);
            let (dx, dy) = (o.stones[1].x.abs_diff(7), o.stones[1].y.abs_diff(7));
            let direct = i < 13;
            assert_eq!((dx + dy == 1, dx == 1 && dy == 1), (direct, !direct));
            assert!(o.name.starts_with(if direct { 'D' } else { 'I' }));
            // No two are the same opening up to symmetry.
            assert_eq!(identify(o.stones, 15).unwrap().name, o.name);
        }
        assert_eq!(all[3].name, "D4-Kagetsu");
    }

    #[test]
    fn every_third_stone_in_the_central_5x5_makes_a_canonical_opening() {
        // Why Soosorv's third stone may go anywhere in the 5×5: all 23 free
        // points there give one of the 26, for either second stone.
        for second in [Point::new(7, 6), Point::new(8, 6)] {
            let mut names = std::collections::HashSet::new();
            for x in 5..=9 {
                for y in 5..=9 {
                    let third = Point::new(x, y);
                    if third == second || third == Point::new(7, 7) {
                        continue;
                    }
                    let o = identify([Point::new(7, 7), second, third], 15)
                        .unwrap_or_else(|| panic!("{third:?}"));
                    names.insert(o.name);
                }
            }
            assert_eq!(names.len(), 13);
        }
        assert!(identify([Point::new(7, 7), Point::new(7, 6), Point::new(7, 2)], 15).is_none());
    }

    #[test]
    fn openings_move_with_the_centre_on_other_sizes() {
        let kagetsu = &openings()[3];
        let on19 = kagetsu.stones_on(19);
        assert_eq!(on19[0], Point::new(9, 9));
        assert_eq!(identify(on19, 19).unwrap().name, "D4-Kagetsu");
    }
}
