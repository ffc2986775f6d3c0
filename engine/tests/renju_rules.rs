//! Hand-made Renju positions for every case of the RIF forbidden-move rules,
//! each checked in all eight orientations of the board (so in every line
//! direction) and, where it matters, against the edge.

use gomoku_engine::rules::{Forbidden, ForbiddenKind, check_move, forbidden};
use gomoku_engine::{Board, Color, Point, Rule};

const N: u8 = 15;

/// The eight symmetries of the square board.
fn transform(p: (u8, u8), t: usize) -> Point {
    let (x, y) = p;
    let m = N - 1;
    let (x, y) = match t % 4 {
        0 => (x, y),
        1 => (m - y, x),
        2 => (m - x, m - y),
        _ => (y, m - x),
    };
    if t >= 4 {
        Point::new(m - x, y)
    } else {
        Point::new(x, y)
    }
}

fn board(black: &[(u8, u8)], white: &[(u8, u8)], t: usize) -> Board {
    let mut b = Board::new(N as usize).unwrap();
    for &p in black {
        b.place(transform(p, t), Color::Black).unwrap();
    }
    for &p in white {
        b.place(transform(p, t), Color::White).unwrap();
    }
    b
}

/// Checks the verdict at `p` in every orientation and returns it.
fn verdict(black: &[(u8, u8)], white: &[(u8, u8)], p: (u8, u8)) -> Option<ForbiddenKind> {
    let first = forbidden(&board(black, white, 0), transform(p, 0)).map(|f| f.kind);
    for t in 1..8 {
        let b = board(black, white, t);
        assert_eq!(
            forbidden(&b, transform(p, t)).map(|f| f.kind),
            first,
            "orientation {t}\n{b}"
        );
    }
    first
}

fn row(y: u8, xs: &[u8]) -> Vec<(u8, u8)> {
    xs.iter().map(|&x| (x, y)).collect()
}

fn col(x: u8, ys: &[u8]) -> Vec<(u8, u8)> {
    ys.iter().map(|&y| (x, y)).collect()
}

fn cat(parts: &[Vec<(u8, u8)>]) -> Vec<(u8, u8)> {
    parts.concat()
}

use ForbiddenKind::*;

#[test]
fn overline_is_forbidden_five_is_not() {
    // XXX.XX: the gap makes six.
    assert_eq!(
        verdict(&row(7, &[3, 4, 5, 7, 8]), &[], (6, 7)),
        Some(Overline)
    );
    // XX.XX: the gap makes exactly five.
    assert_eq!(verdict(&row(7, &[4, 5, 7, 8]), &[], (6, 7)), None);
    // Against the edge: .XXXX at x = 1..4 and a stone at 0 makes six.
    assert_eq!(
        verdict(&row(0, &[1, 2, 3, 4, 5]), &[], (0, 0)),
        Some(Overline)
    );
    // Seven and more are overlines too.
    assert_eq!(
        verdict(&row(7, &[1, 2, 3, 5, 6, 7]), &[], (4, 7)),
        Some(Overline)
    );
}

#[test]
fn double_four_on_two_lines_and_on_one_line() {
    // Two fours on two lines (blocked fours count as fours).
    let b = cat(&[row(7, &[4, 5, 6]), col(7, &[8, 9, 10])]);
    assert_eq!(verdict(&b, &[(3, 7), (7, 11)], (7, 7)), Some(DoubleFour));
    // One line, completed in a gap: X.XXX.X, XX.XX.XX, XXX.X.XXX.
    assert_eq!(
        verdict(&row(7, &[3, 6, 7, 9]), &[], (5, 7)),
        Some(DoubleFour)
    );
    assert_eq!(
        verdict(&row(7, &[2, 3, 5, 6, 8, 9]), &[], (4, 7)),
        None,
        "XX.XX.XX needs a stone in a gap"
    );
    assert_eq!(
        verdict(&row(7, &[2, 3, 5, 8, 9]), &[], (6, 7)),
        Some(DoubleFour)
    );
    assert_eq!(
        verdict(&row(7, &[1, 2, 3, 5, 7, 8, 9]), &[], (5, 7)),
        None,
        "occupied"
    );
    assert_eq!(
        verdict(&row(7, &[1, 2, 3, 7, 8, 9]), &[], (5, 7)),
        Some(DoubleFour)
    );
    // A straight four is one four: .XXXX. plus nothing else is legal.
    assert_eq!(verdict(&row(7, &[4, 5, 6]), &[], (7, 7)), None);
    // Four-three is legal.
    let b = cat(&[row(7, &[4, 5, 6]), col(7, &[8, 9])]);
    assert_eq!(verdict(&b, &[(3, 7)], (7, 7)), None);
}

#[test]
fn five_overrides_everything() {
    // The stone makes five on the row and an overline-free double-four elsewhere.
    let b = cat(&[row(7, &[3, 4, 5, 6]), col(7, &[8, 9, 10]), col(7, &[4, 5])]);
    assert_eq!(verdict(&b, &[(7, 11)], (7, 7)), None);
    // ... and a double-three.
    let b = cat(&[row(7, &[3, 4, 5, 6]), col(7, &[8, 9]), vec![(8, 8), (9, 9)]]);
    assert_eq!(verdict(&b, &[], (7, 7)), None);
    // A six on one line does not rescue: overline with no five is forbidden.
    let b = cat(&[row(7, &[2, 3, 4, 5, 6])]);
    assert_eq!(verdict(&b, &[], (7, 7)), Some(Overline));
}

#[test]
fn double_three_basic_split_and_blocked() {
    // Two open threes.
    let b = cat(&[row(7, &[5, 6]), col(7, &[5, 6])]);
    assert_eq!(verdict(&b, &[], (7, 7)), Some(DoubleThree));
    // Split three X.X + open three.
    let b = cat(&[row(7, &[5, 8]), col(7, &[5, 6])]);
    assert_eq!(verdict(&b, &[], (7, 7)), Some(DoubleThree));
    // One three blocked by White on one side and a stone two away: no longer a three.
    let b = cat(&[row(7, &[5, 6])]);
    assert_eq!(
        verdict(
            &cat(&[b.clone(), col(7, &[5, 6])]),
            &[(4, 7), (8, 7)],
            (7, 7)
        ),
        None
    );
    // Diagonals count too.
    let b = vec![(5, 5), (6, 6), (9, 5), (8, 6)];
    assert_eq!(verdict(&b, &[], (7, 7)), Some(DoubleThree));
}

#[test]
fn threes_against_the_edge() {
    // |XX. with the stone at x = 0: no straight four is possible.
    let b = cat(&[row(7, &[1, 2]), col(0, &[8, 9])]);
    assert_eq!(verdict(&b, &[], (0, 7)), None);
    // |.XXX.. is still a three (the far side makes .XXXX.).
    let b = cat(&[row(7, &[2, 3]), col(1, &[8, 9])]);
    assert_eq!(verdict(&b, &[], (1, 7)), Some(DoubleThree));
}

#[test]
fn a_three_that_needs_an_overline_is_no_three() {
    // X..XXX..X on the row: both straight-four points would make a six.
    let b = cat(&[row(7, &[3, 6, 8, 11]), col(7, &[5, 6])]);
    assert_eq!(verdict(&b, &[], (7, 7)), None);
    // Without the far stone the row is a real three again.
    let b = cat(&[row(7, &[3, 6, 8]), col(7, &[5, 6])]);
    assert_eq!(verdict(&b, &[], (7, 7)), Some(DoubleThree));
}

#[test]
fn a_three_whose_straight_four_points_are_forbidden_is_no_three() {
    // Row three .X[X]X. with straight-four points (4,7) and (8,7)... made
    // forbidden by overlines on their columns: XX.XXX around each.
    let three = row(7, &[5, 6]);
    let vertical = col(7, &[8, 9]);
    let overline_at = |x: u8| col(x, &[5, 6, 8, 9, 10]);
    let b = cat(&[
        three.clone(),
        vertical.clone(),
        overline_at(4),
        overline_at(8),
    ]);
    // Sanity: both points are forbidden overlines once (7,7) is played.
    let mut with_p = board(&b, &[], 0);
    with_p.place(Point::new(7, 7), Color::Black).unwrap();
    assert_eq!(
        forbidden(&with_p, Point::new(4, 7)).map(|f| f.kind),
        Some(Overline)
    );
    assert_eq!(
        forbidden(&with_p, Point::new(8, 7)).map(|f| f.kind),
        Some(Overline)
    );
    assert_eq!(verdict(&b, &[], (7, 7)), None);
    // With one straight-four point playable the three is real: double-three.
    let b = cat(&[three, vertical, overline_at(4)]);
    assert_eq!(verdict(&b, &[], (7, 7)), Some(DoubleThree));
}

#[test]
fn straight_four_point_that_makes_five_does_not_make_the_three_real() {
    // Row: .[p]X.X. — p at (5,7): its only straight-four point is the gap (7,7).
    // Column through p: an ordinary open three.
    // Diagonal through (7,7): four black stones, so (7,7) would also make five.
    // RIF: a three must become a straight four "without making a five at the
    // same time", so the row is not a three and p is legal (the literal
    // reading, as Rapfi; quintet PR #124 reads it the other way).
    let base = cat(&[row(7, &[6, 8]), col(5, &[8, 9])]);
    let diagonal_four = vec![(8, 8), (9, 9), (10, 10), (11, 11)];
    assert_eq!(
        verdict(&cat(&[base.clone(), diagonal_four]), &[], (5, 7)),
        None
    );
    // With two stones on the diagonal the gap makes a legal four-three, so
    // the row is a real three and p a double-three.
    let diagonal_two = vec![(8, 8), (9, 9)];
    assert_eq!(
        verdict(&cat(&[base.clone(), diagonal_two]), &[], (5, 7)),
        Some(DoubleThree)
    );
    // With three the gap would be a double-four, forbidden: again no real three.
    let diagonal_three = vec![(8, 8), (9, 9), (10, 10)];
    assert_eq!(verdict(&cat(&[base, diagonal_three]), &[], (5, 7)), None);
}

#[test]
fn only_black_in_renju_has_forbidden_moves() {
    let b = board(&cat(&[row(7, &[5, 6]), col(7, &[5, 6])]), &[], 0);
    let p = Point::new(7, 7);
    assert!(check_move(&b, Rule::Renju, Color::Black, p).is_err());
    assert!(check_move(&b, Rule::Renju, Color::White, p).is_ok());
    assert!(check_move(&b, Rule::Freestyle, Color::Black, p).is_ok());
    assert!(check_move(&b, Rule::Standard, Color::Black, p).is_ok());
}

#[test]
fn the_answer_names_the_lines() {
    let b = board(&cat(&[row(7, &[5, 6]), col(7, &[5, 6])]), &[], 0);
    let why: Forbidden = forbidden(&b, Point::new(7, 7)).unwrap();
    assert_eq!(why.to_string(), "double-three (horizontal and vertical)");
    let b = board(&row(7, &[3, 6, 7, 9]), &[], 0);
    assert_eq!(
        forbidden(&b, Point::new(5, 7)).unwrap().to_string(),
        "double-four (two fours on the horizontal line)"
    );
}

/// Positions found by differential testing against another implementation
/// (which judges a straight-four point that completes a five as a playable
/// eye): here the five-making eye sits one level down in the recursion.
#[test]
fn nested_eyes_that_make_five() {
    // j7 makes a four (column) and two threes: the diagonal one (eye l9) and
    // the anti-diagonal one whose eye k6 would be a four-three-three. k6's
    // row three has a single eye m6, which completes a five on the
    // anti-diagonal i10-m6: under the literal reading that row is no three,
    // so k6 is a legal four-three, j7's second three is real, and j7 is a
    // forbidden double-three.
    let b = Board::from_diagram(
        "...............
         ...............
         ...............
         ...............
         .....XXOXOOX...
         ...X.X..X..XXO.
         ....X...XXO....
         ...OO.OX.XX....
         ........O..X...
         ...X..OX...X.X.
         ...X.O..XXXX...
         ...O.O......X..
         ...XXXX.....O..
         ...OXX.X...OX..
         ...OXO..XXX....",
    )
    .unwrap();
    let j7 = Point::parse("j7", 15).unwrap();
    assert_eq!(forbidden(&b, j7).map(|f| f.kind), Some(DoubleThree));
    let mut after = b.clone();
    after.place(j7, Color::Black).unwrap();
    assert_eq!(forbidden(&after, Point::parse("k6", 15).unwrap()), None);

    // f7: two split threes; the anti-diagonal one's eye h5 would make a
    // four plus a row three whose eyes are g5 (completes a five in column g)
    // and k5 (double-four), plus a diagonal three: one real three only, so h5
    // is legal and f7 is a double-three.
    let b = Board::from_diagram(
        "...............
         ...............
         ...............
         ...............
         ...............
         ...X...O.......
         ...............
         X.......X......
         X.....X.X......
         X.X.OOX........
         .X.X....XX.....
         ......X.X......
         ......X.X......
         ..O.X..X.......
         ..X...X........",
    )
    .unwrap();
    let f7 = Point::parse("f7", 15).unwrap();
    assert_eq!(forbidden(&b, f7).map(|f| f.kind), Some(DoubleThree));
    let mut after = b.clone();
    after.place(f7, Color::Black).unwrap();
    assert_eq!(forbidden(&after, Point::parse("h5", 15).unwrap()), None);
}
