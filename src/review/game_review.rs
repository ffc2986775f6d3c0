//! The game review's logic: one review job at a time on its own thread
//! (the engine's [`ReviewJob`]), its progress and cancel, and what the
//! screen shows once it is done ([`ReviewedGame`]: one graph point per
//! move with its marks). The reviewed game is the one in the replay
//! viewer ([`Replay`]), whose cursor the graph and the move list move.

use super::line_stones::LineOnBoard;
use crate::board::shown::BoardSource;
use crate::i18n::t;
use crate::persistence::autosave::{GameInfo, record_of};
use crate::play::AppSystems;
use crate::play::ai::{WorkPriority, lower_thread_priority};
use crate::play::clock::GameClock;
use crate::play::game::Match;
use crate::play::replay::{Replay, ReplayCommand};
use crate::settings::Settings;
use crate::ui_core::{Overlay, ReplayReturn};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use gomoku_engine::analysis::puzzles::{self, Puzzle};
use gomoku_engine::analysis::review::{MissedWin, MoveClass, Review, ReviewJob, ReviewSettings};
use gomoku_engine::{Color as StoneColor, Game, Point};
use std::sync::Mutex;

/// What the buttons of the review and of the screens leading to it ask.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewCommand {
    /// Review the game open in the replay viewer (or show its review when
    /// it is done or running) on the review screen.
    ReviewReplay,
    /// Review the game on the board: it opens in the replay viewer, whose
    /// Back returns to the board.
    ReviewMatch,
    /// Stop the running review.
    Cancel,
    /// Show the position after this many moves (a graph point, a move or a
    /// missed win was clicked).
    Show(usize),
}

/// How hard the review looks at each position (the engine's default: about
/// half a second a move). Tests make it quick.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct ReviewEffort(pub ReviewSettings);

/// Review the game the replay viewer opens next (`--review`, the saved
/// games' Review button).
#[derive(Resource, Clone, Copy, Debug)]
pub struct ReviewOnOpen;

/// Puzzles found in a finished review: the wins it missed.
#[derive(Message, Clone, Debug)]
pub struct FoundPuzzles(pub Vec<Puzzle>);

/// One move's marks, on the graph and in the move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveMark {
    pub class: MoveClass,
    /// The mover had a forced win and did not play it.
    pub missed_win: bool,
    /// After this move the winner never fell below the decided chance.
    pub decided: bool,
}

impl MoveMark {
    /// The annotation after the move: `??` blunder, `?` mistake, `★`
    /// missed win (as in chess books, and ★ for what is not an error of
    /// the move itself).
    pub fn symbol(&self) -> String {
        let class = match self.class {
            MoveClass::Blunder => "??",
            MoveClass::Mistake => "?",
            MoveClass::Good => "",
        };
        let missed = if self.missed_win { "★" } else { "" };
        format!("{class}{missed}")
    }
}

/// One point of the evaluation graph: the position after a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GraphPoint {
    /// 0-based: the first move of the game is ply 0.
    pub ply: usize,
    /// Black's win chance after the move, 0..=1.
    pub black: f64,
    pub mark: MoveMark,
}

/// A finished review as the screen shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewedGame {
    pub review: Review,
    /// One per move of the game, in order.
    pub points: Vec<GraphPoint>,
}

impl ReviewedGame {
    pub fn new(review: Review) -> ReviewedGame {
        let points = review
            .moves
            .iter()
            .zip(review.graph())
            .map(|(m, black)| GraphPoint {
                ply: m.ply,
                black,
                mark: MoveMark {
                    class: m.class,
                    missed_win: m.missed_win.is_some(),
                    decided: review.decided_at == Some(m.ply),
                },
            })
            .collect();
        ReviewedGame { review, points }
    }

    /// The winning line missed by the move at `ply`, if it missed one.
    pub fn missed_win(&self, ply: usize) -> Option<&MissedWin> {
        self.review.moves.get(ply)?.missed_win.as_ref()
    }

    /// The missed win to draw when the board shows `cursor` moves: the
    /// position before the move that missed it. With its mover.
    pub fn missed_win_at(&self, cursor: usize) -> Option<(StoneColor, &[Point])> {
        let m = self.review.moves.get(cursor)?;
        m.missed_win.as_ref().map(|w| (m.color, w.line.as_slice()))
    }
}

/// Where the review stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum ReviewStatus {
    #[default]
    Idle,
    Running {
        done: usize,
        total: usize,
    },
    /// Cancel asked; the job stops at its next check.
    Cancelling,
    Cancelled,
    Done(Box<ReviewedGame>),
}

/// The review of one game: its job while it runs, then its result.
#[derive(Resource, Default)]
pub struct GameReview {
    /// A `ReviewJob` holds a channel's receiving end, which is not `Sync`.
    job: Option<Mutex<ReviewJob>>,
    /// The game the job or the result is about.
    game: Option<Game>,
    pub status: ReviewStatus,
}

impl GameReview {
    /// Whether this review is about `game` (running, done or cancelled).
    pub fn is_of(&self, game: &Game) -> bool {
        self.game.as_ref() == Some(game)
    }

    pub fn reviewed(&self) -> Option<&ReviewedGame> {
        match &self.status {
            ReviewStatus::Done(reviewed) => Some(reviewed),
            _ => None,
        }
    }

    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// Starts reviewing `game`, dropping any other review.
    fn start(&mut self, game: Game, effort: ReviewSettings) {
        self.stop();
        let total = game.moves().len();
        self.job = Some(Mutex::new(ReviewJob::start_with_thread_setup(
            game.clone(),
            effort,
            || lower_thread_priority(WorkPriority::Background),
        )));
        self.game = Some(game);
        self.status = ReviewStatus::Running { done: 0, total };
    }

    /// Forgets the running job without waiting for its thread: dropping a
    /// job joins it, which may take a moment after the cancel, so that
    /// happens on a thread of its own.
    fn stop(&mut self) {
        if let Some(job) = self.job.take() {
            let job = job.into_inner().unwrap_or_else(|e| e.into_inner());
            job.cancel();
            std::thread::spawn(move || drop(job));
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameReview>()
        .init_resource::<ReviewEffort>()
        .add_message::<ReviewCommand>()
        .add_message::<FoundPuzzles>()
        .add_message::<RequestRedraw>()
        .add_systems(
            Update,
            (
                apply_commands.in_set(AppSystems::Apply),
                poll_job,
                review_on_open.run_if(resource_exists::<ReviewOnOpen>),
                show_cursor_position
                    .in_set(AppSystems::Show)
                    .run_if(in_state(Overlay::Review)),
            ),
        )
        .add_systems(OnExit(Overlay::Review), super::show_the_game_again)
        // The file asked for did not open: no review waits for the next.
        .add_systems(OnEnter(Overlay::Main), |mut commands: Commands| {
            commands.remove_resource::<ReviewOnOpen>();
        });
}

fn apply_commands(
    mut requests: MessageReader<ReviewCommand>,
    mut review: ResMut<GameReview>,
    effort: Res<ReviewEffort>,
    replay: Option<Res<Replay>>,
    live: (Res<Match>, Res<GameClock>, Option<Res<GameInfo>>),
    settings: Res<Settings>,
    mut cursor: MessageWriter<ReplayCommand>,
    mut next: ResMut<NextState<Overlay>>,
    mut commands: Commands,
) {
    for &request in requests.read() {
        match request {
            ReviewCommand::ReviewReplay => {
                let Some(replay) = &replay else { continue };
                let game = &replay.record.game;
                let keep = review.is_of(game)
                    && matches!(
                        review.status,
                        ReviewStatus::Running { .. } | ReviewStatus::Done(_)
                    );
                if !keep {
                    review.start(game.clone(), effort.0);
                }
                next.set(Overlay::Review);
            }
            ReviewCommand::ReviewMatch => {
                let (m, clock, info) = &live;
                let info = info.as_deref().cloned().unwrap_or_default();
                let record = record_of(m, clock, &info);
                if !review.is_of(&record.game) {
                    review.start(record.game.clone(), effort.0);
                }
                commands.insert_resource(Replay::new(
                    record,
                    t(settings.language, "review.this_game"),
                ));
                commands.insert_resource(ReplayReturn(Overlay::None));
                next.set(Overlay::Review);
            }
            ReviewCommand::Cancel => {
                if let Some(job) = &review.job {
                    job.lock().unwrap_or_else(|e| e.into_inner()).cancel();
                    review.status = ReviewStatus::Cancelling;
                }
            }
            ReviewCommand::Show(moves) => {
                cursor.write(ReplayCommand::Goto(moves));
            }
        }
    }
}

/// Reviews the game just opened in the replay viewer, when asked before
/// it opened (`--review`, the saved games' Review button).
fn review_on_open(
    replay: Option<Res<Replay>>,
    mut out: MessageWriter<ReviewCommand>,
    mut commands: Commands,
) {
    if replay.is_some_and(|r| r.is_changed()) {
        out.write(ReviewCommand::ReviewReplay);
        commands.remove_resource::<ReviewOnOpen>();
    }
}

/// Follows the running job; a finished review becomes the screen's data
/// and its missed wins become puzzles.
fn poll_job(
    mut review: ResMut<GameReview>,
    mut found: MessageWriter<FoundPuzzles>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(job) = &mut review.job else { return };
    let job = job.get_mut().unwrap_or_else(|e| e.into_inner());
    let (done, _) = job.progress();
    match job.try_result() {
        None => {
            if let ReviewStatus::Running { done: shown, .. } = &mut review.status
                && *shown != done
            {
                *shown = done;
                // The progress bar moves without input (at the idle
                // redraw's pace at least: no frame is drawn for nothing).
                redraw.write(RequestRedraw);
            }
        }
        Some(result) => {
            review.job = None;
            review.status = match result {
                Some(finished) => {
                    if let Some(game) = &review.game {
                        let missed = puzzles::from_review(game, &finished);
                        if !missed.is_empty() {
                            found.write(FoundPuzzles(missed));
                        }
                    }
                    ReviewStatus::Done(Box::new(ReviewedGame::new(finished)))
                }
                None => ReviewStatus::Cancelled,
            };
            redraw.write(RequestRedraw);
        }
    }
}

/// The board shows the replay's position at the cursor, and before a
/// missed win the winning line.
fn show_cursor_position(
    replay: Option<Res<Replay>>,
    review: Res<GameReview>,
    mut source: ResMut<BoardSource>,
    mut line: ResMut<LineOnBoard>,
) {
    let Some(replay) = replay else { return };
    BoardSource::show(&mut source, replay.position());
    let missed = review
        .reviewed()
        .filter(|_| review.is_of(&replay.record.game))
        .and_then(|r| r.missed_win_at(replay.cursor()));
    line.set_if_neq(match missed {
        Some((mover, points)) => LineOnBoard::new(mover, points),
        None => LineOnBoard::default(),
    });
}
