//! The puzzles' logic: the list (missed wins from the player's reviewed
//! games, then the built-in set), one try at a time against the AI's
//! defence, which thinks on its own thread, and the counts, kept in the
//! data folder (`puzzle_store`).

use super::game_review::FoundPuzzles;
use super::line_stones::LineOnBoard;
use super::puzzle_store::{FILE_NAME, Loaded, PuzzleFile};
use crate::board::shown::BoardSource;
use crate::persistence::autosave::GameFiles;
use crate::persistence::unix_now;
use crate::persistence::writer::Job;
use crate::play::AppSystems;
use crate::play::ai::{WorkPriority, lower_thread_priority};
use crate::ui_core::Overlay;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use gomoku_engine::analysis::puzzles::{self, Outcome, Puzzle, PuzzleSession};
use gomoku_engine::rules::IllegalMove;
use gomoku_engine::search::SearchLimits;
use gomoku_engine::{Game, Point};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};

/// Which list a puzzle is in, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleRef {
    /// A win missed in one of the player's games.
    FromGames(usize),
    BuiltIn(usize),
}

/// What the puzzle screen asks.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    Open(PuzzleRef),
    /// The attacker's move (a click on the board).
    Play(Point),
    /// The same puzzle from its start.
    Retry,
    /// Shows the known solution from the start (once the try is over).
    ShowSolution,
}

/// How long the AI thinks about each defence. Tests make it quick.
#[derive(Resource, Clone, Copy, Debug)]
pub struct PuzzleDefence(pub SearchLimits);

impl Default for PuzzleDefence {
    /// Deep enough to find every block of a four and most defences
    /// against threes, and never more than a second.
    fn default() -> Self {
        PuzzleDefence(SearchLimits {
            depth: Some(8),
            time: Some(std::time::Duration::from_secs(1)),
            nodes: None,
        })
    }
}

/// The AI's answer on its way: the session comes back with the outcome.
type Answer = (PuzzleSession, Point, Result<Outcome, IllegalMove>);

/// One try at a puzzle.
pub struct Try {
    pub which: PuzzleRef,
    pub puzzle: Puzzle,
    /// The position shown: the puzzle, then this try's moves.
    pub game: Game,
    /// The last outcome; a finished try is `Solved` or `Failed`.
    pub outcome: Option<Outcome>,
    /// The last click was on a point that cannot be played.
    pub refused: Option<Point>,
    /// Showing the solution from the start position.
    pub showing_solution: bool,
    /// The checker, made on the defence's thread at the first move (its
    /// search tables take a moment to set up); None until then and while
    /// the AI thinks.
    session: Option<PuzzleSession>,
    defence: SearchLimits,
    /// A receiver is not `Sync`.
    answer: Option<Mutex<Receiver<Answer>>>,
}

impl Try {
    fn new(which: PuzzleRef, puzzle: Puzzle, defence: SearchLimits) -> Try {
        Try {
            which,
            game: start_position(&puzzle),
            session: None,
            defence,
            puzzle,
            outcome: None,
            refused: None,
            showing_solution: false,
            answer: None,
        }
    }

    pub fn is_thinking(&self) -> bool {
        self.answer.is_some()
    }

    pub fn is_over(&self) -> bool {
        matches!(self.outcome, Some(Outcome::Solved | Outcome::Failed(..)))
    }

    /// Sends the attacker's move to the defence's thread.
    fn play(&mut self, p: Point) {
        if self.is_over() || self.showing_solution || self.is_thinking() {
            return;
        }
        if self.game.check(p).is_err() {
            self.refused = Some(p);
            return;
        }
        self.refused = None;
        let session = self.session.take();
        let (puzzle, defence) = (self.puzzle.clone(), self.defence);
        let (tx, rx) = channel();
        std::thread::Builder::new()
            .name("puzzle-defence".into())
            .spawn(move || {
                lower_thread_priority(WorkPriority::Timed);
                let mut session = session.unwrap_or_else(|| PuzzleSession::new(puzzle, defence));
                let result = session.play(p);
                let _ = tx.send((session, p, result));
            })
            .expect("the OS can start a thread");
        self.answer = Some(Mutex::new(rx));
    }

    /// The AI's answer, once it came: the finished outcome, if the try
    /// ended with it.
    fn collect(&mut self) -> Option<Outcome> {
        let answer = self.answer.as_mut()?;
        let (session, p, result) = answer
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .try_recv()
            .ok()?;
        self.answer = None;
        self.session = Some(session);
        let outcome = match result {
            Ok(outcome) => outcome,
            Err(_) => {
                self.refused = Some(p);
                return None;
            }
        };
        // Both moves are legal: the session checked them on the same board.
        let _ = self.game.play(p);
        if let Outcome::Defended(reply) | Outcome::Failed(_, Some(reply)) = outcome {
            let _ = self.game.play(reply);
        }
        self.outcome = Some(outcome);
        self.is_over().then_some(outcome)
    }
}

fn start_position(puzzle: &Puzzle) -> Game {
    Game::from_moves(puzzle.rule, puzzle.board.size(), &puzzle.moves)
        .expect("a puzzle's moves replay (checked when it was made)")
}

/// The lists, the counts and the try in progress.
#[derive(Resource, Default)]
pub struct Puzzles {
    pub built_in: Vec<Puzzle>,
    /// What `puzzles.ron` holds.
    pub file: PuzzleFile,
    /// A problem with the file (unreadable, moved aside).
    pub warning: Option<String>,
    /// A broken file that could not be moved aside: it is not written over.
    read_only: bool,
    pub current: Option<Try>,
}

impl Puzzles {
    /// The puzzles from the player's games, newest first; the index is the
    /// one [`PuzzleRef::FromGames`] uses.
    pub fn from_games(&self) -> Vec<(usize, Puzzle)> {
        let mut list: Vec<(usize, Puzzle)> = self
            .file
            .from_games
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.puzzle().map(|p| (i, p)))
            .collect();
        list.reverse();
        list
    }

    pub fn get(&self, which: PuzzleRef) -> Option<Puzzle> {
        match which {
            PuzzleRef::FromGames(i) => self.file.from_games.get(i)?.puzzle(),
            PuzzleRef::BuiltIn(i) => self.built_in.get(i).cloned(),
        }
    }

    /// The last result of a puzzle: Some(true) solved, Some(false) failed.
    pub fn result(&self, puzzle: &Puzzle) -> Option<bool> {
        self.file.results.get(&puzzle.id).copied()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Puzzles>()
        .init_resource::<PuzzleDefence>()
        .add_message::<PuzzleCommand>()
        .add_message::<FoundPuzzles>()
        .add_message::<RequestRedraw>()
        .add_systems(Startup, load_puzzles)
        .add_systems(OnEnter(Overlay::Puzzles), open_a_puzzle)
        .add_systems(OnExit(Overlay::Puzzles), super::show_the_game_again)
        .add_systems(
            Update,
            (apply_commands, collect_answers, keep_found_puzzles)
                .chain()
                .in_set(AppSystems::Apply),
        )
        .add_systems(
            Update,
            show_the_try
                .in_set(AppSystems::Show)
                .run_if(in_state(Overlay::Puzzles)),
        );
}

/// The screen opens on a puzzle: the one last tried, else the first the
/// player has not solved.
fn open_a_puzzle(puzzles: Res<Puzzles>, mut out: MessageWriter<PuzzleCommand>) {
    if puzzles.current.is_some() {
        return;
    }
    let own = puzzles
        .from_games()
        .into_iter()
        .map(|(i, p)| (PuzzleRef::FromGames(i), p));
    let built_in = puzzles
        .built_in
        .iter()
        .enumerate()
        .map(|(i, p)| (PuzzleRef::BuiltIn(i), p.clone()));
    let mut all = own.chain(built_in);
    if let Some((which, _)) = all.find(|(_, p)| puzzles.result(p) != Some(true)) {
        out.write(PuzzleCommand::Open(which));
    }
}

/// The board shows the try (or the start with the solution drawn).
fn show_the_try(
    puzzles: Res<Puzzles>,
    mut source: ResMut<BoardSource>,
    mut line: ResMut<LineOnBoard>,
) {
    let Some(current) = &puzzles.current else {
        return;
    };
    BoardSource::show(&mut source, &current.game);
    let wanted = if current.showing_solution {
        LineOnBoard::new(current.puzzle.attacker, &current.puzzle.solution)
    } else {
        LineOnBoard::default()
    };
    line.set_if_neq(wanted);
}

fn load_puzzles(mut puzzles: ResMut<Puzzles>, files: Option<Res<GameFiles>>) {
    puzzles.built_in = puzzles::built_in();
    let Some(storage) = files.as_ref().and_then(|f| f.storage.as_ref()) else {
        return;
    };
    let (file, loaded) = PuzzleFile::load(storage.dir(), unix_now());
    puzzles.file = file;
    if let Loaded::Broken { reason, kept_at } = loaded {
        puzzles.read_only = kept_at.is_none();
        let text = match kept_at {
            Some(path) => format!("{FILE_NAME}: {reason} (kept as {})", path.display()),
            None => format!("{FILE_NAME}: {reason}"),
        };
        warn!("{text}");
        puzzles.warning = Some(text);
    }
}

/// Writes `puzzles.ron` on the game's file thread (never in the frame).
fn save(puzzles: &Puzzles, files: Option<&GameFiles>) {
    if let Some(files) = files
        && let Some(storage) = &files.storage
        && !puzzles.read_only
    {
        files.writer.send(
            storage,
            Job::File {
                name: FILE_NAME,
                text: puzzles.file.to_ron(),
            },
        );
    }
}

fn apply_commands(
    mut requests: MessageReader<PuzzleCommand>,
    mut puzzles: ResMut<Puzzles>,
    defence: Res<PuzzleDefence>,
) {
    for &request in requests.read() {
        match request {
            PuzzleCommand::Open(which) => {
                if let Some(puzzle) = puzzles.get(which) {
                    puzzles.current = Some(Try::new(which, puzzle, defence.0));
                }
            }
            PuzzleCommand::Retry => {
                if let Some(which) = puzzles.current.as_ref().map(|t| t.which)
                    && let Some(puzzle) = puzzles.get(which)
                {
                    puzzles.current = Some(Try::new(which, puzzle, defence.0));
                }
            }
            PuzzleCommand::Play(p) => {
                if let Some(current) = &mut puzzles.current {
                    current.play(p);
                }
            }
            PuzzleCommand::ShowSolution => {
                if let Some(current) = &mut puzzles.current
                    && current.is_over()
                {
                    current.showing_solution = true;
                    current.game = start_position(&current.puzzle);
                }
            }
        }
    }
}

/// Takes the AI's answer when it is there; a finished try is counted and
/// kept.
fn collect_answers(
    mut puzzles: ResMut<Puzzles>,
    files: Option<Res<GameFiles>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(current) = &mut puzzles.current else {
        return;
    };
    if !current.is_thinking() {
        return;
    }
    let finished = current.collect();
    if current.is_thinking() {
        return;
    }
    redraw.write(RequestRedraw);
    if let Some(outcome) = finished {
        let id = current.puzzle.id.clone();
        puzzles.file.record(&id, outcome);
        save(&puzzles, files.as_deref());
    }
}

/// A finished review's missed wins join the puzzles.
fn keep_found_puzzles(
    mut found: MessageReader<FoundPuzzles>,
    mut puzzles: ResMut<Puzzles>,
    files: Option<Res<GameFiles>>,
) {
    let mut added = 0;
    for FoundPuzzles(list) in found.read() {
        added += puzzles.file.add(list);
    }
    if added > 0 {
        save(&puzzles, files.as_deref());
    }
}
