//! The 8 symmetries of the square board (rotations and reflections about its
//! centre), and which of them leave a position unchanged. Two offered fifth
//! moves are "symmetric" when such a symmetry of the position maps one onto
//! the other: they lead to the same game, so offering both means nothing.

use crate::board::{Board, Point};

/// One of the 8 symmetries: optionally transpose, then optionally mirror
/// each axis. Index 0 is the identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry(u8);

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// The image of `p` on a board of `size`.
    pub fn apply(self, p: Point, size: usize) -> Point {
        let last = size as u8 - 1;
        let (mut x, mut y) = if self.0 & 4 != 0 {
            (p.y, p.x)
        } else {
            (p.x, p.y)
        };
        if self.0 & 1 != 0 {
            x = last - x;
        }
        if self.0 & 2 != 0 {
            y = last - y;
        }
        Point::new(x, y)
    }
}

/// The symmetries that map every stone of `board` onto a stone of the same
/// colour (always including the identity).
pub fn of_position(board: &Board) -> Vec<Symmetry> {
    let size = board.size();
    let stones: Vec<Point> = board.points().filter(|&p| !board.is_empty_at(p)).collect();
    Symmetry::ALL
        .into_iter()
        .filter(|s| {
            stones
                .iter()
                .all(|&p| board.get(s.apply(p, size)) == board.get(p))
        })
        .collect()
}

/// The first of `earlier` that one of `symmetries` maps onto `p` (or that
/// equals it), on a board of `size`.
pub fn twin_among(
    p: Point,
    earlier: &[Point],
    symmetries: &[Symmetry],
    size: usize,
) -> Option<Point> {
    earlier
        .iter()
        .copied()
        .find(|&q| symmetries.iter().any(|s| s.apply(q, size) == p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, parse_move_list};

    fn board(moves: &str) -> Board {
        let mut b = Board::new(15).unwrap();
        for (i, p) in parse_move_list(moves, 15).unwrap().into_iter().enumerate() {
            b.place(p, Color::of_ply(i)).unwrap();
        }
        b
    }

    #[test]
    fn the_eight_symmetries_are_distinct_bijections() {
        let p = Point::new(2, 5);
        let images: std::collections::HashSet<Point> =
            Symmetry::ALL.iter().map(|s| s.apply(p, 15)).collect();
        assert_eq!(images.len(), 8);
        for s in Symmetry::ALL {
            let all: std::collections::HashSet<Point> = Board::new(15)
                .unwrap()
                .points()
                .map(|q| s.apply(q, 15))
                .collect();
            assert_eq!(all.len(), 225);
            assert_eq!(s.apply(Point::new(7, 7), 15), Point::new(7, 7));
        }
        assert_eq!(Symmetry::ALL[0].apply(p, 15), p);
    }

    #[test]
    fn a_position_keeps_only_the_symmetries_that_fix_it() {
        assert_eq!(of_position(&Board::new(15).unwrap()).len(), 8);
        assert_eq!(of_position(&board("h8")).len(), 8);
        // h8 + h9: only the mirror through the h column and the identity.
        assert_eq!(of_position(&board("h8h9")).len(), 2);
        // h8 + i9: the two diagonal mirrors... only the one through h8-i9.
        assert_eq!(of_position(&board("h8i9")).len(), 2);
        // Kagetsu h8 h9 i9: no symmetry but the identity.
        assert_eq!(of_position(&board("h8h9i9")).len(), 1);
        // Kansei h8 h9 h10 stays mirror-symmetric.
        assert_eq!(of_position(&board("h8h9h10")).len(), 2);
    }

    #[test]
    fn twins_are_found_through_the_position_symmetries() {
        let b = board("h8h9h10");
        let syms = of_position(&b);
        let g7 = Point::parse("g7", 15).unwrap();
        let i7 = Point::parse("i7", 15).unwrap();
        let j6 = Point::parse("j6", 15).unwrap();
        assert_eq!(twin_among(i7, &[g7], &syms, 15), Some(g7));
        assert_eq!(twin_among(g7, &[g7], &syms, 15), Some(g7));
        assert_eq!(twin_among(j6, &[g7], &syms, 15), None);
    }
}
