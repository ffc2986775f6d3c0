//! The board: stones on a padded square grid, with an incremental Zobrist hash.
//!
//! Cells live in one flat array with a border of [`PAD`] wall cells on every
//! side, so the rule and pattern code can read five cells past any point in
//! any direction without bounds checks.

mod notation;
mod zobrist;

pub use notation::{ParsePointError, parse_move_list};

use std::fmt;

/// The largest supported board edge (the Gomocup protocol requires 20).
pub const MAX_SIZE: usize = 22;
/// The smallest supported board edge.
pub const MIN_SIZE: usize = 5;
/// Wall cells around the playing area: a five's neighbours lie at most five
/// cells from the stone being judged.
pub const PAD: usize = 5;
/// Row length of the padded cell array.
pub const STRIDE: usize = MAX_SIZE + 2 * PAD;
/// Length of the padded cell array.
pub const CELLS: usize = STRIDE * STRIDE;

/// A stone colour; Black always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour that plays move number `ply` (0-based).
    pub fn of_ply(ply: usize) -> Color {
        if ply.is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

/// What occupies a cell of the padded array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    Empty = 0,
    Black = 1,
    White = 2,
    Wall = 3,
}

impl Cell {
    pub fn stone(color: Color) -> Cell {
        match color {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// An intersection. `x` is the column from the left and `y` the row from the
/// top, both 0-based, as in the Gomocup protocol. The `h8` notation counts
/// rows from the bottom instead; see [`Point::to_notation`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// Index of this point in the padded cell array.
    #[inline]
    pub fn index(self) -> usize {
        (self.y as usize + PAD) * STRIDE + self.x as usize + PAD
    }

    /// The point at a padded-array index (which must be inside the play area).
    #[inline]
    pub fn from_index(index: usize) -> Point {
        Point::new((index % STRIDE - PAD) as u8, (index / STRIDE - PAD) as u8)
    }

    /// The point `steps` cells away in direction `dir`, if it is on a board of `size`.
    pub fn offset(self, dir: Direction, steps: i32, size: usize) -> Option<Point> {
        let (dx, dy) = dir.delta();
        let x = self.x as i32 + dx * steps;
        let y = self.y as i32 + dy * steps;
        (x >= 0 && y >= 0 && (x as usize) < size && (y as usize) < size)
            .then(|| Point::new(x as u8, y as u8))
    }
}

/// The four line directions. Each also stands for its opposite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Direction {
    /// Left to right.
    Horizontal,
    /// Top to bottom.
    Vertical,
    /// Top-left to bottom-right.
    Diagonal,
    /// Top-right to bottom-left.
    AntiDiagonal,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// (dx, dy) of one step.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (-1, 1),
        }
    }

    /// One step in the padded cell array.
    #[inline]
    pub fn stride(self) -> isize {
        match self {
            Direction::Horizontal => 1,
            Direction::Vertical => STRIDE as isize,
            Direction::Diagonal => STRIDE as isize + 1,
            Direction::AntiDiagonal => STRIDE as isize - 1,
        }
    }
}

/// Why a board could not be created or a stone not placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    BadSize(usize),
    OffBoard(Point),
    Occupied(Point),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadSize(s) => write!(
                f,
                "board size {s} is not supported (use {MIN_SIZE} to {MAX_SIZE})"
            ),
            BoardError::OffBoard(p) => write!(f, "{},{} is off the board", p.x, p.y),
            BoardError::Occupied(p) => write!(f, "{},{} is already occupied", p.x, p.y),
        }
    }
}

impl std::error::Error for BoardError {}

/// Stones on a square board. It knows nothing of whose turn it is or of rules:
/// [`crate::record::Game`] keeps the history and [`crate::rules`] judges moves.
#[derive(Clone)]
pub struct Board {
    size: usize,
    cells: [Cell; CELLS],
    stones: usize,
    hash: u64,
}

impl Board {
    pub fn new(size: usize) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BoardError::BadSize(size));
        }
        let mut cells = [Cell::Wall; CELLS];
        for y in 0..size {
            for x in 0..size {
                cells[Point::new(x as u8, y as u8).index()] = Cell::Empty;
            }
        }
        Ok(Board {
            size,
            cells,
            stones: 0,
            hash: 0,
        })
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn contains(&self, p: Point) -> bool {
        (p.x as usize) < self.size && (p.y as usize) < self.size
    }

    /// The cell at `p`; `Cell::Wall` off the board.
    #[inline]
    pub fn get(&self, p: Point) -> Cell {
        if self.contains(p) {
            self.cells[p.index()]
        } else {
            Cell::Wall
        }
    }

    /// The cell at a padded-array index.
    #[inline]
    pub fn cell(&self, index: usize) -> Cell {
        self.cells[index]
    }

    /// The cell `steps` cells from `index` along `dir` (|steps| <= PAD).
    #[inline]
    pub fn cell_at(&self, index: usize, dir: Direction, steps: isize) -> Cell {
        self.cells[(index as isize + dir.stride() * steps) as usize]
    }

    pub fn is_empty_at(&self, p: Point) -> bool {
        self.get(p) == Cell::Empty
    }

    pub fn stone_count(&self) -> usize {
        self.stones
    }

    pub fn is_full(&self) -> bool {
        self.stones == self.size * self.size
    }

    /// Zobrist hash of the stones (the side to move is not included).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// [`Board::hash`] after `color` is set at the empty padded `index`.
    #[inline]
    pub fn hash_after(&self, index: usize, color: Color) -> u64 {
        self.hash ^ zobrist::key(color, index)
    }

    /// Puts a stone on an empty point.
    pub fn place(&mut self, p: Point, color: Color) -> Result<(), BoardError> {
        match self.get(p) {
            Cell::Wall => Err(BoardError::OffBoard(p)),
            Cell::Empty => {
                self.set(p.index(), color);
                Ok(())
            }
            _ => Err(BoardError::Occupied(p)),
        }
    }

    /// Puts a stone at a padded index known to be empty (the search's fast path).
    #[inline]
    pub fn set(&mut self, index: usize, color: Color) {
        debug_assert_eq!(self.cells[index], Cell::Empty);
        self.cells[index] = Cell::stone(color);
        self.stones += 1;
        self.hash ^= zobrist::key(color, index);
    }

    /// Takes the stone off a padded index known to hold one.
    #[inline]
    pub fn clear(&mut self, index: usize) {
        let color = self.cells[index]
            .color()
            .expect("clear() on a point without a stone");
        self.cells[index] = Cell::Empty;
        self.stones -= 1;
        self.hash ^= zobrist::key(color, index);
    }

    /// Removes the stone at `p`, returning its colour (None if there was none).
    pub fn remove(&mut self, p: Point) -> Option<Color> {
        let color = self.get(p).color()?;
        self.clear(p.index());
        Some(color)
    }

    /// All points of the board, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |y| (0..self.size).map(move |x| Point::new(x as u8, y as u8)))
    }

    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.points().filter(|&p| self.is_empty_at(p))
    }

    /// Parses a diagram: one line per row from the top, cells separated by
    /// optional spaces; `x`/`X`/`B`/`●` Black, `o`/`O`/`W`/`○` White, `.`/`+`/`-`/`_` empty.
    pub fn from_diagram(text: &str) -> Result<Board, String> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let size = rows.len();
        let mut board = Board::new(size).map_err(|e| e.to_string())?;
        for (y, row) in rows.iter().enumerate() {
            if row.len() != size {
                return Err(format!(
                    "row {} has {} cells, expected {size}",
                    y + 1,
                    row.len()
                ));
            }
            for (x, &c) in row.iter().enumerate() {
                let color = match c {
                    'x' | 'X' | 'B' | '●' => Color::Black,
                    'o' | 'O' | 'W' | '○' => Color::White,
                    '.' | '+' | '-' | '_' => continue,
                    other => {
                        return Err(format!(
                            "unknown cell '{other}' at row {}, column {}",
                            y + 1,
                            x + 1
                        ));
                    }
                };
                board.set(Point::new(x as u8, y as u8).index(), color);
            }
        }
        Ok(board)
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells == other.cells
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// A diagram with coordinates: `X` Black, `O` White, rows numbered from the bottom.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.size {
            write!(f, "{:>2} ", self.size - y)?;
            for x in 0..self.size {
                let c = match self.get(Point::new(x as u8, y as u8)) {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => '.',
                };
                write!(f, "{c}{}", if x + 1 < self.size { " " } else { "\n" })?;
            }
        }
        write!(f, "   ")?;
        for x in 0..self.size {
            write!(f, "{} ", (b'a' + x as u8) as char)?;
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_range_are_refused() {
        assert_eq!(Board::new(4).unwrap_err(), BoardError::BadSize(4));
        assert_eq!(
            Board::new(MAX_SIZE + 1).unwrap_err(),
            BoardError::BadSize(MAX_SIZE + 1)
        );
        for s in MIN_SIZE..=MAX_SIZE {
            let b = Board::new(s).unwrap();
            assert_eq!(b.points().count(), s * s);
            assert_eq!(b.get(Point::new(s as u8, 0)), Cell::Wall);
        }
    }

    #[test]
    fn place_and_remove_restore_the_hash() {
        let mut b = Board::new(15).unwrap();
        let empty = b.hash();
        b.place(Point::new(7, 7), Color::Black).unwrap();
        b.place(Point::new(8, 7), Color::White).unwrap();
        assert_ne!(b.hash(), empty);
        assert_eq!(
            b.place(Point::new(7, 7), Color::White),
            Err(BoardError::Occupied(Point::new(7, 7)))
        );
        assert_eq!(
            b.place(Point::new(15, 3), Color::White),
            Err(BoardError::OffBoard(Point::new(15, 3)))
        );
        assert_eq!(b.remove(Point::new(8, 7)), Some(Color::White));
        assert_eq!(b.remove(Point::new(7, 7)), Some(Color::Black));
        assert_eq!(b.remove(Point::new(7, 7)), None);
        assert_eq!(b.hash(), empty);
        assert_eq!(b.stone_count(), 0);
    }

    #[test]
    fn hash_depends_on_stones_not_order() {
        let mut a = Board::new(15).unwrap();
        let mut b = Board::new(15).unwrap();
        a.place(Point::new(1, 2), Color::Black).unwrap();
        a.place(Point::new(3, 4), Color::White).unwrap();
        b.place(Point::new(3, 4), Color::White).unwrap();
        b.place(Point::new(1, 2), Color::Black).unwrap();
        assert_eq!(a.hash(), b.hash());
        assert_eq!(a, b);
    }

    #[test]
    fn diagram_round_trip() {
        let ragged =
            Board::from_diagram(". . X\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n").unwrap_err();
        assert!(ragged.contains("row 1"), "{ragged}");
        assert!(
            Board::from_diagram(". . . . .\n. . ? . .\n. . . . .\n. . . . .\n. . . . .\n").is_err()
        );
        let five = ". . X . .\n. O . . .\nX . . . .\n. . . . .\n. . . . .\n";
        let b = Board::from_diagram(five).unwrap();
        assert_eq!(b.get(Point::new(2, 0)), Cell::Black);
        assert_eq!(b.get(Point::new(1, 1)), Cell::White);
        assert_eq!(b.stone_count(), 3);
        assert!(b.to_string().contains(" 5 . . X . ."));
    }
}
