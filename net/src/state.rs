//! The game both ends of a link keep, and the protocol's rules about it:
//! which move number comes next, whose turn it is, what an undo takes
//! back. Legality, forbidden points and results come from the engine's
//! [`Game`]; nothing here changes the game unless a check passed first.

use crate::message::{BOARD_SIZE, ClockSettings, Ending, Message, PROTOCOL_VERSION, Step};
use crate::reason::{Illegal, Violation};
use gomoku_engine::board::parse_move_list;
use gomoku_engine::opening::{self, Opening, OpeningRule, Seat};
use gomoku_engine::{Color, Game, GameResult, Point, Rule};
use std::fmt;

/// What the host decides before the game: the joiner learns it from
/// [`crate::Message::Welcome`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSettings {
    pub rule: Rule,
    pub opening: OpeningRule,
    /// The host's colour at the start: Black makes the host the opening's
    /// first player (the tentative Black), whose colour swaps may change.
    pub host_color: Color,
    pub clock: Option<ClockSettings>,
}

impl GameSettings {
    /// The `welcome` a host named `host_name` sends for these settings.
    pub fn welcome(&self, host_name: &str) -> Message {
        Message::Welcome {
            version: PROTOCOL_VERSION,
            name: host_name.to_string(),
            you: self.host_color.opponent(),
            rule: self.rule,
            opening: self.opening.name().to_string(),
            size: BOARD_SIZE,
            clock: self.clock,
        }
    }

    /// The host's seat in the opening (and so for the whole game).
    pub fn host_seat(&self) -> Seat {
        match self.host_color {
            Color::Black => Seat::First,
            Color::White => Seat::Second,
        }
    }
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings {
            rule: Rule::Freestyle,
            opening: OpeningRule::Free,
            host_color: Color::Black,
            clock: None,
        }
    }
}

/// How a LAN game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Decided by the engine's game: five, forbidden move, full board,
    /// resignation or timeout.
    Rules(GameResult),
    /// Both players agreed to a draw.
    AgreedDraw,
    /// Drawn: the side to move has no legal move left though the board is
    /// not full (Renju: every free point is forbidden to Black).
    NoLegalMove(Color),
}

impl Outcome {
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Rules(result) => result.winner(),
            Outcome::AgreedDraw | Outcome::NoLegalMove(_) => None,
        }
    }

    /// A few words for how it ended: `five`, `resignation`, …
    pub fn how(&self) -> &'static str {
        match self {
            Outcome::Rules(GameResult::Five { line, .. }) if line.len > 5 => "overline",
            Outcome::Rules(GameResult::Five { .. }) => "five",
            Outcome::Rules(GameResult::Draw) => "full board",
            Outcome::Rules(GameResult::NoLegalMove { .. }) | Outcome::NoLegalMove(_) => {
                "no legal move"
            }
            Outcome::Rules(GameResult::AgreedDraw) | Outcome::AgreedDraw => "agreement",
            Outcome::Rules(GameResult::Forbidden { .. }) => "forbidden move",
            Outcome::Rules(GameResult::Resigned { .. }) => "resignation",
            Outcome::Rules(GameResult::Timeout { .. }) => "timeout",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Rules(result) => write!(f, "{result}"),
            Outcome::AgreedDraw => write!(f, "Draw by agreement"),
            Outcome::NoLegalMove(side) => write!(f, "Draw: {side} has no legal move"),
        }
    }
}

/// The game of a link: the engine's game plus what only players decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetGame {
    pub settings: GameSettings,
    game: Game,
    /// The opening rule's state; over from the start for a free opening.
    opening: Opening,
}

impl NetGame {
    pub fn new(settings: GameSettings) -> NetGame {
        let game = Game::new(settings.rule, BOARD_SIZE).expect("15 is a valid board size");
        let opening = Opening::new(settings.opening, BOARD_SIZE)
            .expect("every opening rule fits a 15x15 board");
        NetGame {
            settings,
            game,
            opening,
        }
    }

    /// Rebuilds a game from a `sync` message: the opening's steps, then
    /// the rest of the host's move list.
    pub fn from_sync(
        settings: GameSettings,
        moves: &str,
        ended: Option<Ending>,
        steps: &[Step],
    ) -> Result<NetGame, Violation> {
        let desync = |e: &dyn fmt::Display| Violation::NoReplay {
            detail: e.to_string(),
        };
        let points = parse_move_list(moves, BOARD_SIZE).map_err(|e| desync(&e))?;
        let mut net = NetGame::new(settings);
        for &step in steps {
            net.apply_opening(step.into()).map_err(|v| desync(&v))?;
        }
        let placed = net.game.moves().len();
        if points.get(..placed) != Some(net.game.moves()) {
            return Err(desync(&"the moves do not start with the opening's stones"));
        }
        if placed < points.len() && !net.opening.is_done() {
            return Err(desync(&"moves after an unfinished opening"));
        }
        for &p in &points[placed..] {
            net.game.play(p).map_err(|e| desync(&e))?;
        }
        match ended {
            Some(_) if net.game.is_over() => {
                return Err(desync(&"an ending was sent for a finished game"));
            }
            Some(Ending::Resigned { loser }) => net.game.resign(loser),
            Some(Ending::Timeout { loser }) => net.game.time_out(loser),
            Some(Ending::AgreedDraw) => net.game.agree_draw(),
            None => {}
        }
        Ok(net)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn opening(&self) -> &Opening {
        &self.opening
    }

    /// The opening's steps so far, for `sync`.
    pub fn opening_steps(&self) -> Vec<Step> {
        self.opening.actions().iter().map(|&a| a.into()).collect()
    }

    /// The colour `seat` holds now.
    pub fn color_of(&self, seat: Seat) -> Color {
        self.opening.color_of(seat)
    }

    /// Who acts now: the opening phase's actor, then the holder of the
    /// colour to move.
    pub fn to_act(&self) -> Seat {
        self.opening.to_act(&self.game)
    }

    /// The colour the acting player holds now.
    pub fn acting_color(&self) -> Color {
        self.color_of(self.to_act())
    }

    /// The move string of the game so far, e.g. `h8i9j10`.
    pub fn move_string(&self) -> String {
        self.game
            .moves()
            .iter()
            .map(|p| p.to_notation(BOARD_SIZE))
            .collect()
    }

    /// The number the next move will carry.
    pub fn next_number(&self) -> u32 {
        self.game.moves().len() as u32 + 1
    }

    /// How the game ended, as the engine's game says (a stall, where the
    /// side to move has no legal point, included).
    pub fn outcome(&self) -> Option<Outcome> {
        Some(match self.game.result()? {
            GameResult::AgreedDraw => Outcome::AgreedDraw,
            GameResult::NoLegalMove { side } => Outcome::NoLegalMove(*side),
            result => Outcome::Rules(result.clone()),
        })
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// What `sync` must carry besides the moves.
    pub fn ending(&self) -> Option<Ending> {
        match self.game.result()? {
            GameResult::AgreedDraw => Some(Ending::AgreedDraw),
            GameResult::Resigned { loser } => Some(Ending::Resigned { loser: *loser }),
            GameResult::Timeout { loser } => Some(Ending::Timeout { loser: *loser }),
            _ => None,
        }
    }

    /// Checks a `move` from `mover` against this game without changing it.
    pub fn check_move(&self, number: u32, at: &str, mover: Color) -> Result<Point, Violation> {
        if number != self.next_number() {
            return Err(Violation::MoveNumber {
                got: number,
                expected: self.next_number(),
            });
        }
        let point = Point::parse(at, BOARD_SIZE).map_err(|_| Illegal::NotAPoint {
            text: at.to_string(),
        })?;
        self.check_local_move(point, mover)?;
        Ok(point)
    }

    /// Whether `mover` may play `point` now (turn, end of game, the rules).
    pub fn check_local_move(&self, point: Point, mover: Color) -> Result<(), Illegal> {
        if let Some(outcome) = self.outcome() {
            return Err(Illegal::GameOver(outcome));
        }
        if !self.opening.is_done() {
            return Err(Illegal::OpeningNotOver);
        }
        let to_move = self.game.to_move();
        if to_move != mover {
            return Err(Illegal::NotYourTurn { to_move });
        }
        self.game
            .check(point)
            .map_err(|error| Illegal::Move { at: point, error })
    }

    /// Plays a move that passed [`NetGame::check_move`] or
    /// [`NetGame::check_local_move`].
    pub fn play(&mut self, point: Point) {
        self.game.play(point).expect("the move was checked");
    }

    /// How many moves stay on the board if `requester` takes back its
    /// last move: back to the requester's turn, at least one move. None
    /// when there is nothing of theirs to take back or the game was ended
    /// by the players (resignation, timeout, agreement).
    /// The opening's stones are never taken back.
    pub fn undo_target(&self, requester: Color) -> Option<usize> {
        if self.ending().is_some() || !self.opening.is_done() {
            return None;
        }
        let len = self.game.moves().len();
        let last_mover = Color::of_ply(len.checked_sub(1)?);
        let keep = if last_mover == requester {
            Some(len - 1)
        } else {
            len.checked_sub(2)
        }?;
        (keep >= self.opening_stones()).then_some(keep)
    }

    /// Stones the opening put on the board.
    fn opening_stones(&self) -> usize {
        self.opening
            .actions()
            .iter()
            .filter(|a| matches!(a, opening::Action::Place(_) | opening::Action::Pick(_)))
            .count()
    }

    /// Takes moves back until `keep` remain.
    pub fn undo_to(&mut self, keep: usize) {
        while self.game.moves().len() > keep {
            self.game.undo();
        }
    }

    /// An opening step (stones, swaps, offers) checked and played by the
    /// engine's opening rules; a refused step changes nothing.
    pub fn apply_opening(&mut self, action: opening::Action) -> Result<(), Illegal> {
        if let Some(outcome) = self.outcome() {
            return Err(Illegal::GameOver(outcome));
        }
        self.opening
            .apply(&mut self.game, action)
            .map_err(Illegal::Opening)
    }

    /// Checks an `opening_step` from `actor` and applies it.
    pub fn opening_step(&mut self, number: u32, step: Step, actor: Seat) -> Result<(), Violation> {
        let expected = self.opening.actions().len() as u32 + 1;
        if number != expected {
            return Err(Violation::StepNumber {
                got: number,
                expected,
            });
        }
        if self.opening.is_done() || self.to_act() != actor {
            return Err(Illegal::OpeningOutOfTurn.into());
        }
        Ok(self.apply_opening(step.into())?)
    }

    pub fn resign(&mut self, loser: Color) {
        self.game.resign(loser);
    }

    pub fn time_out(&mut self, loser: Color) {
        self.game.time_out(loser);
    }

    pub fn agree_draw(&mut self) {
        self.game.agree_draw();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::ErrorKind;

    fn game(moves: &str) -> NetGame {
        NetGame::from_sync(GameSettings::default(), moves, None, &[]).unwrap()
    }

    #[test]
    fn moves_must_carry_the_next_number_and_be_legal() {
        let g = game("h8i9");
        let p = g.check_move(3, "j10", Color::Black).unwrap();
        assert_eq!(p, Point::parse("j10", 15).unwrap());
        let refused = |number, at, color| g.check_move(number, at, color).unwrap_err().kind();
        assert_eq!(refused(2, "j10", Color::Black), ErrorKind::Desync);
        assert_eq!(refused(3, "h8", Color::Black), ErrorKind::IllegalMove);
        assert_eq!(refused(3, "j10", Color::White), ErrorKind::IllegalMove);
        assert_eq!(refused(3, "z99", Color::Black), ErrorKind::IllegalMove);
    }

    #[test]
    fn renju_forbidden_points_are_illegal_moves() {
        let settings = GameSettings {
            rule: Rule::Renju,
            ..GameSettings::default()
        };
        let g = NetGame::from_sync(settings, "g8a1h8a2i10a3i11a4", None, &[]).unwrap();
        let refused = g.check_move(9, "i8", Color::Black).unwrap_err();
        assert_eq!(refused.kind(), ErrorKind::IllegalMove);
        assert!(refused.to_string().contains("double-three"), "{refused}");
    }

    #[test]
    fn undo_goes_back_to_the_requesters_turn() {
        let g = game("h8i9j10");
        // Black just moved: one move back; White must go back two.
        assert_eq!(g.undo_target(Color::Black), Some(2));
        assert_eq!(g.undo_target(Color::White), Some(1));
        assert_eq!(game("h8").undo_target(Color::White), None);
        assert_eq!(game("").undo_target(Color::Black), None);
        let mut resigned = game("h8i9");
        resigned.resign(Color::Black);
        assert_eq!(resigned.undo_target(Color::White), None);
    }

    #[test]
    fn sync_restores_what_the_moves_cannot_say() {
        let mut g = game("h8i9j10");
        g.agree_draw();
        let copy =
            NetGame::from_sync(g.settings.clone(), &g.move_string(), g.ending(), &[]).unwrap();
        assert_eq!(copy, g);
        assert_eq!(copy.outcome(), Some(Outcome::AgreedDraw));
        let mut t = game("h8");
        t.time_out(Color::White);
        let copy =
            NetGame::from_sync(t.settings.clone(), &t.move_string(), t.ending(), &[]).unwrap();
        assert_eq!(copy.outcome().unwrap().winner(), Some(Color::Black));
        assert_eq!(copy.outcome().unwrap().how(), "timeout");
    }

    /// A Renju game two AIs played to 224 moves (one line, ending in a
    /// newline): the last free point is forbidden to Black, who is to move.
    const STUCK: &str = include_str!("../../engine/tests/data/renju-black-stalled.txt");

    #[test]
    fn black_without_a_legal_move_in_renju_is_a_draw() {
        let renju = GameSettings {
            rule: Rule::Renju,
            ..GameSettings::default()
        };
        let stuck = NetGame::from_sync(renju, STUCK.trim(), None, &[]).unwrap();
        assert_eq!(stuck.game().moves().len(), 224);
        let outcome = stuck.outcome().unwrap();
        assert_eq!(outcome, Outcome::NoLegalMove(Color::Black));
        assert_eq!((outcome.winner(), outcome.how()), (None, "no legal move"));
        // One move earlier White still had the point: the game was going on.
        let mut before = stuck.clone();
        before.undo_to(223);
        assert_eq!(before.outcome(), None);
        // Under freestyle Black could play it.
        let free = NetGame::from_sync(GameSettings::default(), STUCK.trim(), None, &[]).unwrap();
        assert_eq!(free.outcome(), None);
    }

    #[test]
    fn a_move_list_that_does_not_replay_is_a_desync() {
        let bad = NetGame::from_sync(GameSettings::default(), "h8h8", None, &[]);
        assert_eq!(bad.unwrap_err().kind(), ErrorKind::Desync);
        let five = "h8a1i8a2j8a3k8a4l8";
        let over = NetGame::from_sync(
            GameSettings::default(),
            five,
            Some(Ending::Resigned {
                loser: Color::Black,
            }),
            &[],
        );
        assert_eq!(over.unwrap_err().kind(), ErrorKind::Desync);
        assert_eq!(game(five).outcome().unwrap().how(), "five");
    }
}
