//! One game: rule, board, the moves in order, undo/redo and the result.
//! The side to move is always derived from the number of moves, never stored.

use crate::board::{Board, BoardError, Color, Point};
use crate::opening::Opening;
use crate::rules::{self, FiveLine, Forbidden, IllegalMove, Rule};
use std::fmt;

/// What happens when Black plays a forbidden point in Renju.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum ForbiddenPolicy {
    /// The move is refused with an explanation and Black plays again.
    #[default]
    Refuse,
    /// The move stands and Black loses the game (tournament practice).
    Lose,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum GameResult {
    /// `winner` made five (or more, where the rule allows) along `line`.
    Five { winner: Color, line: FiveLine },
    /// The board is full and nobody won.
    Draw,
    /// Drawn: `side` is to move but has no legal point left although the
    /// board is not full (Renju: every free point is forbidden to Black,
    /// under [`ForbiddenPolicy::Refuse`]).
    NoLegalMove { side: Color },
    /// Drawn by the players' agreement (a draw offer accepted).
    AgreedDraw,
    /// Black played a forbidden point under [`ForbiddenPolicy::Lose`].
    Forbidden { point: Point, why: Forbidden },
    /// `loser` resigned.
    Resigned { loser: Color },
    /// `loser` ran out of time.
    Timeout { loser: Color },
}

impl GameResult {
    /// The winner, None for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameResult::Five { winner, .. } => Some(*winner),
            GameResult::Draw | GameResult::NoLegalMove { .. } | GameResult::AgreedDraw => None,
            GameResult::Forbidden { .. } => Some(Color::White),
            GameResult::Resigned { loser } | GameResult::Timeout { loser } => {
                Some(loser.opponent())
            }
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Five { winner, line } if line.len > 5 => {
                write!(f, "{winner} wins with {} in a row", line.len)
            }
            GameResult::Five { winner, .. } => write!(f, "{winner} wins with five in a row"),
            GameResult::Draw => write!(f, "Draw: the board is full"),
            GameResult::NoLegalMove { side } => write!(f, "Draw: {side} has no legal move"),
            GameResult::AgreedDraw => write!(f, "Draw by agreement"),
            GameResult::Forbidden { why, .. } => {
                write!(f, "White wins: Black played a forbidden {}", why.kind)
            }
            GameResult::Resigned { loser } => {
                write!(f, "{} wins: {loser} resigned", loser.opponent())
            }
            GameResult::Timeout { loser } => {
                write!(f, "{} wins: {loser} ran out of time", loser.opponent())
            }
        }
    }
}

/// Why a move was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    GameOver,
    Illegal(IllegalMove),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver => write!(f, "the game is over"),
            MoveError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Why a list of moves could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Board(BoardError),
    /// Move number `index` (0-based) at `point` could not be played.
    Move {
        index: usize,
        point: Point,
        error: MoveError,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Board(e) => write!(f, "{e}"),
            ReplayError::Move {
                index,
                point,
                error,
            } => write!(f, "move {} ({},{}): {error}", index + 1, point.x, point.y),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A move that was played, and the result if it ended the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub point: Point,
    pub color: Color,
    pub result: Option<GameResult>,
}

/// Key mixed into [`Game::hash`] when White is to move.
const WHITE_TO_MOVE: u64 = 0x5748_4954_4521_2121;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rule: Rule,
    policy: ForbiddenPolicy,
    board: Board,
    moves: Vec<Point>,
    /// Undone moves, the next one to redo last.
    redo: Vec<Point>,
    result: Option<GameResult>,
    /// The opening played on this game, as of its last action (kept here
    /// by [`Opening::apply`] so that saving the game saves the phases).
    opening: Option<Opening>,
}

impl Game {
    pub fn new(rule: Rule, size: usize) -> Result<Game, BoardError> {
        Ok(Game {
            rule,
            policy: ForbiddenPolicy::default(),
            board: Board::new(size)?,
            moves: Vec::new(),
            redo: Vec::new(),
            result: None,
            opening: None,
        })
    }

    pub fn with_policy(mut self, policy: ForbiddenPolicy) -> Game {
        self.policy = policy;
        self
    }

    /// Replays `moves` from the empty board; stops at the first illegal one.
    pub fn from_moves(rule: Rule, size: usize, moves: &[Point]) -> Result<Game, ReplayError> {
        let mut game = Game::new(rule, size).map_err(ReplayError::Board)?;
        for (index, &p) in moves.iter().enumerate() {
            game.play(p).map_err(|error| ReplayError::Move {
                index,
                point: p,
                error,
            })?;
        }
        Ok(game)
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn policy(&self) -> ForbiddenPolicy {
        self.policy
    }

    pub fn set_policy(&mut self, policy: ForbiddenPolicy) {
        self.policy = policy;
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn size(&self) -> usize {
        self.board.size()
    }

    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// Moves that `redo` would replay, in the order it would replay them.
    pub fn redo_moves(&self) -> impl Iterator<Item = Point> + '_ {
        self.redo.iter().rev().copied()
    }

    pub fn last_move(&self) -> Option<Point> {
        self.moves.last().copied()
    }

    pub fn to_move(&self) -> Color {
        Color::of_ply(self.moves.len())
    }

    /// The opening rule's record (who was the tentative Black, every swap
    /// and offer); None for a free opening.
    pub fn opening(&self) -> Option<&Opening> {
        self.opening.as_ref()
    }

    pub fn set_opening(&mut self, opening: Option<Opening>) {
        self.opening = opening;
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Zobrist hash of the position including the side to move.
    pub fn hash(&self) -> u64 {
        self.board.hash()
            ^ if self.to_move() == Color::White {
                WHITE_TO_MOVE
            } else {
                0
            }
    }

    /// Whether the side to move may play at `p` (Ok also when the policy
    /// lets a forbidden move stand and lose).
    pub fn check(&self, p: Point) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        match rules::check_move(&self.board, self.rule, self.to_move(), p) {
            Err(IllegalMove::Forbidden(..)) if self.policy == ForbiddenPolicy::Lose => Ok(()),
            other => other.map_err(MoveError::Illegal),
        }
    }

    /// Plays `p` for the side to move. A new move discards the redo list.
    pub fn play(&mut self, p: Point) -> Result<Played, MoveError> {
        let played = self.apply(p)?;
        self.redo.clear();
        Ok(played)
    }

    fn apply(&mut self, p: Point) -> Result<Played, MoveError> {
        self.check(p)?;
        let color = self.to_move();
        let forbidden = if self.rule.has_forbidden_moves(color) {
            rules::forbidden(&self.board, p)
        } else {
            None
        };
        self.board.place(p, color).expect("checked above");
        self.moves.push(p);
        self.result = match forbidden {
            Some(why) => Some(GameResult::Forbidden { point: p, why }),
            None => self.judge_last_move(),
        };
        Ok(Played {
            point: p,
            color,
            result: self.result.clone(),
        })
    }

    fn judge_last_move(&self) -> Option<GameResult> {
        let last = *self.moves.last()?;
        if let Some(line) = rules::winning_line(&self.board, last, self.rule) {
            return Some(GameResult::Five {
                winner: self.board.get(last).color()?,
                line,
            });
        }
        if self.board.is_full() {
            return Some(GameResult::Draw);
        }
        let side = self.to_move();
        self.has_no_legal_move(side)
            .then_some(GameResult::NoLegalMove { side })
    }

    /// Whether `side` may play nowhere: only possible where forbidden
    /// points are refused (under [`ForbiddenPolicy::Lose`] a forbidden
    /// point can be played, and loses).
    fn has_no_legal_move(&self, side: Color) -> bool {
        self.policy == ForbiddenPolicy::Refuse
            && self.rule.has_forbidden_moves(side)
            && !rules::has_legal_move(&self.board, self.rule, side)
    }

    /// Takes back the last move; it can be replayed with [`Game::redo`].
    /// Also takes back a result (a resignation or timeout is simply lifted).
    pub fn undo(&mut self) -> Option<Point> {
        let p = self.moves.pop()?;
        self.board.remove(p);
        self.redo.push(p);
        self.result = None;
        Some(p)
    }

    /// Replays the last undone move.
    pub fn redo(&mut self) -> Option<Played> {
        let p = self.redo.pop()?;
        match self.apply(p) {
            Ok(played) => Some(played),
            Err(_) => {
                // Only possible if the game was ended in between (resign):
                // keep the move for later.
                self.redo.push(p);
                None
            }
        }
    }

    /// Ends the game: `loser` resigned.
    pub fn resign(&mut self, loser: Color) {
        if !self.is_over() {
            self.result = Some(GameResult::Resigned { loser });
        }
    }

    /// Ends the game: `loser` ran out of time.
    pub fn time_out(&mut self, loser: Color) {
        if !self.is_over() {
            self.result = Some(GameResult::Timeout { loser });
        }
    }

    /// Ends the game as a draw the players agreed on.
    pub fn agree_draw(&mut self) {
        if !self.is_over() {
            self.result = Some(GameResult::AgreedDraw);
        }
    }

    /// Sets a result the moves do not give (a resignation, a timeout or an
    /// agreed draw, read from a file or decided by the players); fives,
    /// full boards, stalls and forbidden losses follow from the moves.
    pub fn set_result(&mut self, result: GameResult) {
        match result {
            GameResult::Resigned { loser } => self.resign(loser),
            GameResult::Timeout { loser } => self.time_out(loser),
            GameResult::AgreedDraw => self.agree_draw(),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_move_list;
    use crate::rules::ForbiddenKind;

    fn game(rule: Rule, moves: &str) -> Game {
        Game::from_moves(rule, 15, &parse_move_list(moves, 15).unwrap()).unwrap()
    }

    #[test]
    fn turns_follow_the_history_through_undo_and_redo() {
        let mut g = game(Rule::Freestyle, "h8i9");
        assert_eq!(g.to_move(), Color::Black);
        assert_eq!(g.undo(), Some(Point::parse("i9", 15).unwrap()));
        assert_eq!(g.to_move(), Color::White);
        let h = g.hash();
        assert_eq!(g.redo().unwrap().color, Color::White);
        assert_ne!(g.hash(), h);
        g.undo();
        assert_eq!(g.hash(), h);
        g.play(Point::parse("a1", 15).unwrap()).unwrap();
        assert!(g.redo().is_none(), "a new move clears the redo list");
        g.undo();
        g.undo();
        assert!(g.undo().is_none());
        assert_eq!(g.board().stone_count(), 0);
    }

    #[test]
    fn five_ends_the_game_and_undo_reopens_it() {
        let mut g = game(Rule::Freestyle, "h8a1i8a2j8a3k8a4");
        let played = g.play(Point::parse("l8", 15).unwrap()).unwrap();
        let result = played.result.unwrap();
        assert_eq!(result.winner(), Some(Color::Black));
        assert_eq!(
            g.play(Point::parse("a5", 15).unwrap()),
            Err(MoveError::GameOver)
        );
        g.undo();
        assert!(!g.is_over());
        assert_eq!(g.redo().unwrap().result, Some(result));
    }

    #[test]
    fn forbidden_moves_are_refused_or_lose() {
        // Black h8 i8 and h9 i10 ... a simple double-three at j10? Build one explicitly:
        // Black: g8 h8 (row 8) and i10 i9 (column i); White far away.
        let g = game(Rule::Renju, "g8a1h8a2i10a3i11a4");
        let p = Point::parse("i8", 15).unwrap();
        match g.check(p) {
            Err(MoveError::Illegal(IllegalMove::Forbidden(_, why))) => {
                assert_eq!(why.kind, ForbiddenKind::DoubleThree)
            }
            other => panic!("expected a refused double-three, got {other:?}"),
        }
        let mut lose = g.clone().with_policy(ForbiddenPolicy::Lose);
        let played = lose.play(p).unwrap();
        assert!(matches!(played.result, Some(GameResult::Forbidden { .. })));
        assert_eq!(played.result.unwrap().winner(), Some(Color::White));
        // The same shape is fine in freestyle.
        let mut free = game(Rule::Freestyle, "g8a1h8a2i10a3i11a4");
        assert!(free.play(p).unwrap().result.is_none());
    }

    #[test]
    fn full_board_is_a_draw() {
        // Colour (x/2 + y) % 2 has no five anywhere on 5x5: 13 Black, 12 White.
        let size = 5u8;
        let (black, white): (Vec<Point>, Vec<Point>) = (0..size)
            .flat_map(|y| (0..size).map(move |x| Point::new(x, y)))
            .partition(|p| (p.x / 2 + p.y) % 2 == 0);
        let mut g = Game::new(Rule::Freestyle, size as usize).unwrap();
        for (i, &b) in black.iter().enumerate() {
            let played = g.play(b).unwrap();
            if let Some(&w) = white.get(i) {
                assert_eq!(played.result, None);
                assert_eq!(g.play(w).unwrap().result, None);
            } else {
                assert_eq!(played.result, Some(GameResult::Draw), "{}", g.board());
            }
        }
        assert!(g.is_over());
    }

    #[test]
    fn resign_and_timeout() {
        let mut g = game(Rule::Standard, "h8");
        g.resign(Color::White);
        assert_eq!(g.result().unwrap().winner(), Some(Color::Black));
        assert_eq!(g.play(Point::new(0, 0)), Err(MoveError::GameOver));
        let mut g = game(Rule::Standard, "h8");
        g.time_out(Color::White);
        assert_eq!(
            g.result(),
            Some(&GameResult::Timeout {
                loser: Color::White
            })
        );
    }

    /// A Renju game two AIs played to 224 moves (one line, ending in a
    /// newline): the last free point is forbidden to Black, who is to move.
    const STUCK: &str = include_str!("../../tests/data/renju-black-stalled.txt");

    #[test]
    fn a_side_without_a_legal_point_has_drawn() {
        let stuck = STUCK.trim();
        let mut g = game(Rule::Renju, &stuck[..stuck.len() - 3]);
        assert_eq!(g.moves().len(), 223);
        assert!(!g.is_over(), "White still has the point");
        let played = g.play(Point::parse("n14", 15).unwrap()).unwrap();
        let side = Color::Black;
        assert_eq!(played.result, Some(GameResult::NoLegalMove { side }));
        assert_eq!(played.result.unwrap().winner(), None);
        assert!(!g.board().is_full());
        // Under "Black loses" Black can still play the forbidden point.
        let moves = g.moves().to_vec();
        let lose = Game::new(Rule::Renju, 15)
            .unwrap()
            .with_policy(ForbiddenPolicy::Lose);
        let lose = moves.iter().fold(lose, |mut g, &p| {
            g.play(p).unwrap();
            g
        });
        assert!(!lose.is_over());
        // Freestyle has no forbidden points: the game goes on.
        assert!(!game(Rule::Freestyle, stuck).is_over());
    }

    #[test]
    fn an_agreed_draw_ends_the_game_until_undone() {
        let mut g = game(Rule::Freestyle, "h8i9");
        g.agree_draw();
        assert_eq!(g.result(), Some(&GameResult::AgreedDraw));
        assert_eq!(g.play(Point::new(0, 0)), Err(MoveError::GameOver));
        g.resign(Color::Black);
        assert_eq!(g.result(), Some(&GameResult::AgreedDraw), "already over");
        g.undo();
        assert!(!g.is_over());
        let mut declared = game(Rule::Freestyle, "h8");
        declared.set_result(GameResult::AgreedDraw);
        assert_eq!(declared.result().unwrap().winner(), None);
    }
}
