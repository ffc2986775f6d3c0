//! Puzzles: find the forced win. Positions come from the player's reviewed
//! games (their missed wins) and from a built-in set, the VCF/VCT puzzles
//! of renju-note/quintet (MIT licence, Copyright (c) 2020 Renju Note; the
//! full text is in engine/tests/data/quintet-LICENSE.txt and its origin in
//! each puzzle's `source`).
//!
//! A [`PuzzleSession`] checks the player's moves against the AI's defence:
//! each attacker move must be a threat the puzzle allows (a four for a VCF,
//! a four or an open three for a VCT, or blocking the defender's five); the
//! AI then answers with its best defence. A five solves the puzzle; a move
//! that is no threat, a VCF that no longer exists after the defence, or
//! running far past the known solution's length fails it.

use super::review::{MissedWin, Review};
use crate::board::{Board, Color, Point, parse_move_list};
use crate::eval::Position;
use crate::record::Game;
use crate::rules::{self, IllegalMove, Rule};
use crate::search::{SearchLimits, Searcher, vcf};
use std::sync::atomic::AtomicBool;

/// The quintet puzzles, one JSON object a line.
const QUINTET: &str = include_str!("../../tests/data/puzzles_quintet.jsonl");
/// Built-in puzzles whose known solution is longer than this many attacker
/// moves are left out: too long to find by hand.
const MAX_BUILT_IN_MOVES: usize = 10;
/// How many attacker moves beyond the known solution a try may take.
const SLACK_MOVES: usize = 3;
/// The VCF solver's budget when checking that a VCF still exists.
const VCF_FOURS: u32 = 40;
const VCF_NODES: u64 = 100_000;

/// Which threats the attacker may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleKind {
    /// Continuous fours only.
    Vcf,
    /// Fours and open threes.
    Vct,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleSource {
    /// From the built-in set; the text names its origin and licence.
    BuiltIn(String),
    /// A win missed in one of the player's games, at this move number.
    MissedWin { move_number: usize },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub id: String,
    pub rule: Rule,
    pub board: Board,
    /// The moves that led to `board`, Black first, so a viewer can show
    /// the position as a game.
    pub moves: Vec<Point>,
    /// The side to move, who has the forced win.
    pub attacker: Color,
    pub kind: PuzzleKind,
    /// One known winning line, attacker first, defences in between.
    pub solution: Vec<Point>,
    pub source: PuzzleSource,
}

impl Puzzle {
    /// The attacker's moves in the known solution.
    pub fn solution_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }
}

/// The built-in set, shortest first.
pub fn built_in() -> Vec<Puzzle> {
    let mut all: Vec<Puzzle> = QUINTET.lines().filter_map(parse_quintet).collect();
    all.retain(|p| p.solution_moves() <= MAX_BUILT_IN_MOVES);
    all.sort_by_key(|p| (p.solution_moves(), p.id.clone()));
    all
}

/// The value of `"name": "value"` in a flat JSON line (the file's values
/// are plain strings without escapes).
fn text_field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let key = format!("\"{name}\": \"");
    let start = line.find(&key)? + key.len();
    let len = line[start..].find('"')?;
    Some(&line[start..start + len])
}

fn parse_quintet(line: &str) -> Option<Puzzle> {
    let size = 15;
    let moves = parse_move_list(text_field(line, "moves")?, size).ok()?;
    let mut board = Board::new(size).ok()?;
    for (n, &p) in moves.iter().enumerate() {
        board.place(p, Color::of_ply(n)).ok()?;
    }
    let attacker = match text_field(line, "to_move")? {
        "black" => Color::Black,
        "white" => Color::White,
        _ => return None,
    };
    let kind = match text_field(line, "set")? {
        "vcf" => PuzzleKind::Vcf,
        "vct" => PuzzleKind::Vct,
        _ => return None,
    };
    Some(Puzzle {
        id: text_field(line, "id")?.to_string(),
        rule: Rule::from_name(text_field(line, "rule")?)?,
        board,
        moves,
        attacker,
        kind,
        solution: parse_move_list(text_field(line, "line")?, size).ok()?,
        source: PuzzleSource::BuiltIn(format!(
            "{}; {}",
            text_field(line, "origin")?,
            text_field(line, "license")?
        )),
    })
}

/// Puzzles from the wins missed in a reviewed game.
pub fn from_review(game: &Game, review: &Review) -> Vec<Puzzle> {
    review
        .moves
        .iter()
        .filter_map(|m| m.missed_win.as_ref().map(|w| (m.ply, w)))
        .map(|(ply, win): (usize, &MissedWin)| {
            let mut board = Board::new(game.size()).expect("the game's size is valid");
            for (n, &p) in game.moves()[..ply].iter().enumerate() {
                board.set(p.index(), Color::of_ply(n));
            }
            Puzzle {
                id: format!("game-{:016x}-{}", game.hash(), ply + 1),
                rule: game.rule(),
                board,
                moves: game.moves()[..ply].to_vec(),
                attacker: Color::of_ply(ply),
                kind: if win.by_fours {
                    PuzzleKind::Vcf
                } else {
                    PuzzleKind::Vct
                },
                solution: win.line.clone(),
                source: PuzzleSource::MissedWin {
                    move_number: ply + 1,
                },
            }
        })
        .collect()
}

/// Why a try failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The move is no four (VCF) or no four or open three (VCT).
    NotAThreat,
    /// After the defence no VCF is left.
    WinLost,
    /// Far more moves than the solution needs.
    TooLong,
    /// The defender made five.
    DefenderWon,
}

/// What a move led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The AI defended here; the attacker plays on.
    Defended(Point),
    Solved,
    /// Failed; the AI's answer, if it made one, shows why.
    Failed(Failure, Option<Point>),
}

/// One try at a puzzle.
pub struct PuzzleSession {
    puzzle: Puzzle,
    board: Board,
    searcher: Searcher,
    defence: SearchLimits,
    attacker_moves: usize,
    outcome: Option<Outcome>,
}

impl PuzzleSession {
    /// `defence`: how long the AI thinks about each answer.
    pub fn new(puzzle: Puzzle, defence: SearchLimits) -> PuzzleSession {
        PuzzleSession {
            board: puzzle.board.clone(),
            searcher: Searcher::new(puzzle.rule),
            puzzle,
            defence,
            attacker_moves: 0,
            outcome: None,
        }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position now, with the moves of the try.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Solved or failed, once it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome.filter(|o| !matches!(o, Outcome::Defended(_)))
    }

    /// The attacker plays `p`. An illegal move is refused (Err) and changes
    /// nothing; so is any move once the try is over.
    pub fn play(&mut self, p: Point) -> Result<Outcome, IllegalMove> {
        if let Some(done) = self.outcome() {
            return Ok(done);
        }
        let (rule, us) = (self.puzzle.rule, self.puzzle.attacker);
        rules::check_move(&self.board, rule, us, p)?;
        let outcome = self.judge(p);
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    fn judge(&mut self, p: Point) -> Outcome {
        let (rule, us) = (self.puzzle.rule, self.puzzle.attacker);
        let them = us.opponent();
        if rules::makes_five(&self.board, p, us, rule) {
            self.board.set(p.index(), us);
            return Outcome::Solved;
        }
        let blocks = rules::makes_five(&self.board, p, them, rule);
        if !blocks && !self.is_threat(p) {
            return Outcome::Failed(Failure::NotAThreat, None);
        }
        self.board.set(p.index(), us);
        self.attacker_moves += 1;
        let cancel = AtomicBool::new(false);
        let reply = self
            .searcher
            .search(&self.board, them, &self.defence, &cancel, &mut |_| {})
            .best;
        let Some(reply) = reply else {
            // The defender has no legal move at all: nothing stops us.
            return Outcome::Solved;
        };
        if rules::makes_five(&self.board, reply, them, rule) {
            self.board.set(reply.index(), them);
            return Outcome::Failed(Failure::DefenderWon, Some(reply));
        }
        self.board.set(reply.index(), them);
        if self.attacker_moves >= self.puzzle.solution_moves() + SLACK_MOVES {
            return Outcome::Failed(Failure::TooLong, Some(reply));
        }
        let fives = self
            .board
            .empty_points()
            .any(|q| rules::makes_five(&self.board, q, us, rule));
        if self.puzzle.kind == PuzzleKind::Vcf
            && !fives
            && vcf::find(&self.board, rule, us, VCF_FOURS, VCF_NODES).is_none()
        {
            return Outcome::Failed(Failure::WinLost, Some(reply));
        }
        Outcome::Defended(reply)
    }

    /// Whether the attacker's move at `p` is a threat the puzzle allows.
    fn is_threat(&self, p: Point) -> bool {
        let pos = Position::new(&self.board, self.puzzle.rule);
        let t = pos.threat(p.index(), self.puzzle.attacker);
        match self.puzzle.kind {
            PuzzleKind::Vcf => t.is_four(),
            PuzzleKind::Vct => t.is_four() || t.makes_three(),
        }
    }
}

/// Solved and failed tries, for the statistics screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PuzzleStats {
    pub solved: u32,
    pub failed: u32,
}

impl PuzzleStats {
    /// Counts a finished try; a move that did not end it counts nothing.
    pub fn record(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Solved => self.solved += 1,
            Outcome::Failed(..) => self.failed += 1,
            Outcome::Defended(_) => {}
        }
    }
}
