//! The brain's game: stones in the order they came, and position set-up from
//! the `x,y,field` lines of a BOARD / YXBOARD block.
//!
//! The protocol never says which colour we play: it follows from the stones.
//! Black moves first and the side to move is always us, so with as many own
//! stones as opponent stones we are Black, and with one opponent stone more we
//! are White. Any other count cannot arise in alternate play and is refused.
//! The order of the lines only matters for TAKEBACK (Renju managers send them
//! in play order, as the protocol requires; Gomoku managers may not).

use super::command::Coord;
use crate::board::{Board, Color, Point};
use crate::rules::{self, Rule};

/// The board plus the order the stones arrived in.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    moves: Vec<Point>,
}

impl Position {
    /// An empty board; `size` must already be valid.
    pub fn empty(size: usize) -> Result<Position, String> {
        Ok(Position {
            board: Board::new(size).map_err(|e| e.to_string())?,
            moves: Vec::new(),
        })
    }

    /// The position after `moves` in play order (Black first), each checked
    /// under `rule`.
    pub fn from_moves(size: usize, moves: &[Point], rule: Rule) -> Result<Position, String> {
        let mut position = Position::empty(size)?;
        for &p in moves {
            position.play(p, rule)?;
        }
        Ok(position)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    #[cfg(test)]
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// The colour to move, from the stone count (Black moves first).
    pub fn to_move(&self) -> Color {
        Color::of_ply(self.board.stone_count())
    }

    /// The point a protocol coordinate names, if it is on this board.
    pub fn point(&self, c: Coord) -> Result<Point, String> {
        let size = self.size() as i64;
        if (0..size).contains(&c.x) && (0..size).contains(&c.y) {
            Ok(Point::new(c.x as u8, c.y as u8))
        } else {
            Err(format!("{c} is off the {size}x{size} board"))
        }
    }

    /// Plays a move for the side to move after checking it under `rule`.
    pub fn play(&mut self, p: Point, rule: Rule) -> Result<(), String> {
        let color = self.to_move();
        rules::check_move(&self.board, rule, color, p).map_err(|e| match e {
            rules::IllegalMove::Forbidden(..) => format!("{} for {color}: {e}", p.to_xy()),
            _ => e.to_string(),
        })?;
        self.board.set(p.index(), color);
        self.moves.push(p);
        Ok(())
    }

    /// Removes the stone at `p`, which must belong to the side that moved
    /// last, so that the stone counts still alternate afterwards.
    pub fn take_back(&mut self, p: Point) -> Result<(), String> {
        let last = self.to_move().opponent();
        match self.board.get(p).color() {
            None => Err(format!("there is no stone at {}", p.to_xy())),
            Some(color) if color != last => Err(format!(
                "the stone at {} is {color}'s but {last} moved last",
                p.to_xy()
            )),
            Some(_) => {
                self.board.remove(p);
                self.moves.retain(|&m| m != p);
                Ok(())
            }
        }
    }

    /// The position described by BOARD lines `(x,y, field)` on a board of
    /// `size`: field 1 = ours, 2 = the opponent's, 3 = a continuous-game
    /// marker, ignored. We are the side to move.
    pub fn from_stones(size: usize, stones: &[(Coord, i64)]) -> Result<Position, String> {
        let mut position = Position::empty(size)?;
        let mut owners = Vec::with_capacity(stones.len());
        for &(coord, field) in stones {
            let ours = match field {
                1 => true,
                2 => false,
                3 => continue,
                other => {
                    return Err(format!(
                        "{coord},{other}: the field must be 1 (own), 2 (opponent) or 3"
                    ));
                }
            };
            let p = position.point(coord)?;
            if owners.iter().any(|&(q, _)| q == p) {
                return Err(format!("{coord} is listed twice"));
            }
            owners.push((p, ours));
        }
        let own = owners.iter().filter(|&&(_, ours)| ours).count();
        let opponent = owners.len() - own;
        let us = if own == opponent {
            Color::Black
        } else if opponent == own + 1 {
            Color::White
        } else {
            return Err(format!(
                "{own} own and {opponent} opponent stones: the side to move must have as many \
                 stones as the opponent (Black) or one fewer (White)"
            ));
        };
        for (p, ours) in owners {
            let color = if ours { us } else { us.opponent() };
            position.board.set(p.index(), color);
            position.moves.push(p);
        }
        Ok(position)
    }

    /// The points Black may not play, row by row from the top, when Black
    /// is to move under Renju; otherwise none.
    pub fn forbidden_points(&self, rule: Rule) -> Vec<Point> {
        if !rule.has_forbidden_moves(self.to_move()) {
            return Vec::new();
        }
        self.board
            .empty_points()
            .filter(|&p| rules::is_forbidden(&self.board, p))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;

    fn c(x: i64, y: i64) -> Coord {
        Coord { x, y }
    }

    #[test]
    fn colours_follow_from_the_counts() {
        let black = Position::from_stones(15, &[(c(7, 7), 1), (c(8, 8), 2)]).unwrap();
        assert_eq!(black.to_move(), Color::Black);
        assert_eq!(black.board().get(Point::new(7, 7)), Cell::Black);
        assert_eq!(black.board().get(Point::new(8, 8)), Cell::White);

        let white = Position::from_stones(15, &[(c(7, 7), 2), (c(8, 8), 1), (c(9, 9), 2)]).unwrap();
        assert_eq!(white.to_move(), Color::White);
        assert_eq!(white.board().get(Point::new(7, 7)), Cell::Black);
        assert_eq!(white.board().get(Point::new(8, 8)), Cell::White);
        assert_eq!(
            white.moves(),
            &[Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)]
        );

        let err = Position::from_stones(15, &[(c(7, 7), 1), (c(8, 8), 1)]).unwrap_err();
        assert!(err.contains("2 own and 0 opponent"), "{err}");
    }

    #[test]
    fn field_three_is_ignored_and_bad_lines_are_explained() {
        let p = Position::from_stones(15, &[(c(7, 7), 3), (c(1, 1), 2)]).unwrap();
        assert_eq!(p.board().stone_count(), 1);
        assert!(p.board().is_empty_at(Point::new(7, 7)));

        let twice = Position::from_stones(15, &[(c(7, 7), 1), (c(7, 7), 2)]).unwrap_err();
        assert!(twice.contains("twice"), "{twice}");
        let off = Position::from_stones(15, &[(c(15, 0), 2)]).unwrap_err();
        assert!(off.contains("off the 15x15"), "{off}");
        let field = Position::from_stones(15, &[(c(1, 1), 4)]).unwrap_err();
        assert!(field.contains("field"), "{field}");
    }

    #[test]
    fn take_back_only_the_last_mover_s_stones() {
        let mut p = Position::empty(15).unwrap();
        p.play(Point::new(7, 7), Rule::Freestyle).unwrap();
        p.play(Point::new(8, 8), Rule::Freestyle).unwrap();
        let err = p.take_back(Point::new(7, 7)).unwrap_err();
        assert!(err.contains("White moved last"), "{err}");
        assert!(p.take_back(Point::new(0, 0)).is_err());
        p.take_back(Point::new(8, 8)).unwrap();
        assert_eq!(p.to_move(), Color::White);
        assert_eq!(p.moves(), &[Point::new(7, 7)]);
    }

    #[test]
    fn play_refuses_occupied_and_forbidden_points() {
        let mut p = Position::empty(15).unwrap();
        p.play(Point::new(7, 7), Rule::Renju).unwrap();
        assert!(
            p.play(Point::new(7, 7), Rule::Renju)
                .unwrap_err()
                .contains("taken")
        );
        assert_eq!(p.board().stone_count(), 1);
    }
}
