//! The puzzles kept in the data folder (`puzzles.ron`): the wins missed in
//! the player's reviewed games, the result of each puzzle tried and the
//! solved/failed counts. Written whole and atomically by the game's file
//! thread; a file that does not parse is moved aside (never overwritten)
//! and the puzzles start afresh, with a warning.

use gomoku_engine::analysis::puzzles::{Outcome, Puzzle, PuzzleKind, PuzzleSource, PuzzleStats};
use gomoku_engine::board::parse_move_list;
use gomoku_engine::{Color, Game, Point, Rule};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub const FILE_NAME: &str = "puzzles.ron";

/// A missed win as stored: moves in `h8i9` notation, so the file reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredPuzzle {
    pub id: String,
    pub rule: Rule,
    /// The moves that led to the position.
    pub moves: String,
    /// Continuous fours only (else fours and threes).
    pub vcf: bool,
    /// One winning line.
    pub solution: String,
    /// The move of the game that missed it (from 1).
    pub move_number: usize,
}

const SIZE: usize = 15;

fn notation(points: &[Point]) -> String {
    points.iter().map(|p| p.to_notation(SIZE)).collect()
}

impl StoredPuzzle {
    /// The stored form of a puzzle from a game (None for a built-in one,
    /// which is not stored).
    pub fn of(puzzle: &Puzzle) -> Option<StoredPuzzle> {
        let PuzzleSource::MissedWin { move_number } = puzzle.source else {
            return None;
        };
        Some(StoredPuzzle {
            id: puzzle.id.clone(),
            rule: puzzle.rule,
            moves: notation(&puzzle.moves),
            vcf: puzzle.kind == PuzzleKind::Vcf,
            solution: notation(&puzzle.solution),
            move_number,
        })
    }

    /// The puzzle again; None when the stored moves do not replay (an
    /// edited file), so one bad entry never hides the others.
    pub fn puzzle(&self) -> Option<Puzzle> {
        let moves = parse_move_list(&self.moves, SIZE).ok()?;
        let solution = parse_move_list(&self.solution, SIZE).ok()?;
        let game = Game::from_moves(self.rule, SIZE, &moves).ok()?;
        if game.is_over() || solution.is_empty() {
            return None;
        }
        Some(Puzzle {
            id: self.id.clone(),
            rule: self.rule,
            board: game.board().clone(),
            moves,
            attacker: Color::of_ply(game.moves().len()),
            kind: if self.vcf {
                PuzzleKind::Vcf
            } else {
                PuzzleKind::Vct
            },
            solution,
            source: PuzzleSource::MissedWin {
                move_number: self.move_number,
            },
        })
    }
}

/// Everything in `puzzles.ron`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleFile {
    /// Every finished try counted.
    pub stats: PuzzleStats,
    /// The last result of each puzzle tried, by id: true when solved.
    pub results: BTreeMap<String, bool>,
    /// Missed wins from the player's games, oldest first.
    pub from_games: Vec<StoredPuzzle>,
}

/// How the file was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loaded {
    Missing,
    Read,
    /// It did not parse: moved to `kept_at` (None: could not be moved, so
    /// it is left alone and not written over).
    Broken {
        reason: String,
        kept_at: Option<PathBuf>,
    },
}

impl PuzzleFile {
    /// Reads `dir/puzzles.ron` (`now_unix` names a broken file's copy).
    pub fn load(dir: &Path, now_unix: u64) -> (PuzzleFile, Loaded) {
        let path = dir.join(FILE_NAME);
        let text = match std::fs::read(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (PuzzleFile::default(), Loaded::Missing);
            }
            Err(e) => Err(e.to_string()),
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string()),
        };
        match text.and_then(|t| ron::from_str::<PuzzleFile>(&t).map_err(|e| e.to_string())) {
            Ok(file) => (file, Loaded::Read),
            Err(reason) => {
                let aside = dir.join(format!("{FILE_NAME}.broken-{now_unix}"));
                let kept_at = std::fs::rename(&path, &aside).ok().map(|_| aside);
                (PuzzleFile::default(), Loaded::Broken { reason, kept_at })
            }
        }
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("plain data serialises")
    }

    /// Adds the puzzles not kept yet; returns how many were new.
    pub fn add(&mut self, found: &[Puzzle]) -> usize {
        let mut added = 0;
        for stored in found.iter().filter_map(StoredPuzzle::of) {
            if self.from_games.iter().all(|s| s.id != stored.id) {
                self.from_games.push(stored);
                added += 1;
            }
        }
        added
    }

    /// Counts a finished try of puzzle `id` (a move that did not end the
    /// try counts nothing).
    pub fn record(&mut self, id: &str, outcome: Outcome) {
        self.stats.record(outcome);
        match outcome {
            Outcome::Solved => self.results.insert(id.to_string(), true),
            Outcome::Failed(..) => self.results.insert(id.to_string(), false),
            Outcome::Defended(_) => None,
        };
    }
}
