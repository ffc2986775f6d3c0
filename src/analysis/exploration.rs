//! Free exploration: from the position on the board (the game in play or
//! the replay viewer's cursor) the player tries moves on a branch of their
//! own, asks the AI to answer, steps back, saves the branch as a new game
//! and returns to the main line as it was. The branch is a separate
//! [`Game`] shown through [`BoardSource`]; the match is never touched, and
//! play (clocks, the AI's move) is paused meanwhile, as under any menu.

use super::live::{AnswerWanted, LiveAnalysis};
use crate::board::shown::BoardSource;
use crate::i18n::{t, tf};
use crate::persistence::autosave::{self, GameFiles};
use crate::play::AppSystems;
use crate::play::game::{Match, refusal};
use crate::play::replay::Replay;
use crate::settings::{self, Settings};
use crate::ui_core::Overlay;
use bevy::prelude::*;
use gomoku_engine::record::formats::{Metadata, Player, Record, now_iso8601};
use gomoku_engine::{Color, Game, Point};
use std::path::PathBuf;

/// How long the AI thinks about its answer on a branch, in seconds (it
/// answers sooner when the search proves a result).
pub const ANSWER_SECS: f64 = 1.0;

/// Exploration's systems, before the analysis follows the board.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExplorationSystems;

/// Where a branch came from, and where returning goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The game in play (the board, [`Overlay::None`]).
    Game,
    /// The replay viewer's cursor.
    Replay,
}

impl Origin {
    fn overlay(self) -> Overlay {
        match self {
            Origin::Game => Overlay::None,
            Origin::Replay => Overlay::Replay,
        }
    }
}

/// What the last action of the branch said (a refused move, a saved file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    pub error: bool,
}

/// A branch being explored.
#[derive(Clone, Debug)]
pub struct Branch {
    pub origin: Origin,
    /// The moves of the line it left (the whole game or record).
    pub main_line: Vec<Point>,
    /// The branch's position: some first moves of the main line, then
    /// the trial moves.
    pub game: Game,
    /// The players of the main line, for a saved branch.
    players: [Player; 2],
    /// Real time (seconds) when the AI was asked to answer.
    answer_asked: Option<f64>,
    pub saved: Option<PathBuf>,
    pub note: Option<Note>,
}

impl Branch {
    /// How many first moves the branch shares with the main line.
    pub fn shared(&self) -> usize {
        self.game
            .moves()
            .iter()
            .zip(&self.main_line)
            .take_while(|(a, b)| a == b)
            .count()
    }

    /// The record a saved branch gets: its moves, the main line's players
    /// and today's date.
    pub fn record(&self) -> Record {
        let [black, white] = self.players.clone();
        Record {
            game: self.game.clone(),
            meta: Metadata {
                black,
                white,
                date: Some(now_iso8601()),
                ..Metadata::default()
            },
        }
    }
}

/// The branch, while exploring.
#[derive(Resource, Default, Debug)]
pub struct Exploration {
    branch: Option<Branch>,
}

impl Exploration {
    pub fn branch(&self) -> Option<&Branch> {
        self.branch.as_ref()
    }

    /// Whether a branch of the game in play is being explored.
    pub fn is_off_the_game(&self) -> bool {
        self.branch
            .as_ref()
            .is_some_and(|b| b.origin == Origin::Game)
    }

    /// Whether the AI was asked to answer and has not yet.
    pub fn is_waiting_for_answer(&self) -> bool {
        self.branch
            .as_ref()
            .is_some_and(|b| b.answer_asked.is_some())
    }
}

/// What the player does with a branch.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExploreCommand {
    /// Branch off the position on the board (game or replay).
    Start,
    /// A trial move for the side to move on the branch.
    Play(Point),
    /// Takes the branch's last move back.
    Back,
    /// The AI plays the side to move.
    Answer,
    /// Saves the branch as a new game in the saved games.
    Save,
    /// Back to the main line, as it was.
    Return,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Exploration>()
        .add_message::<ExploreCommand>()
        .configure_sets(
            Update,
            ExplorationSystems
                .after(AppSystems::Apply)
                .before(AppSystems::React),
        )
        .add_systems(
            Update,
            (
                apply_commands,
                answer_with_the_analysis,
                want_the_answer,
                show_the_branch,
            )
                .chain()
                .in_set(ExplorationSystems),
        )
        .add_systems(OnEnter(Overlay::Explore), leave_without_a_branch)
        .add_systems(OnExit(Overlay::Explore), end_exploration);
}

/// The moves of `game` replayed on a fresh board: its position without a
/// resignation or timeout, so the branch can go on from it.
fn position_of(game: &Game) -> Option<Game> {
    let mut fresh = Game::new(game.rule(), game.size())
        .ok()?
        .with_policy(game.policy());
    for &p in game.moves() {
        fresh.play(p).ok()?;
    }
    Some(fresh)
}

fn apply_commands(
    mut commands: MessageReader<ExploreCommand>,
    overlay: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
    m: Res<Match>,
    replay: Option<Res<Replay>>,
    files: Option<Res<GameFiles>>,
    settings: Option<Res<Settings>>,
    time: Res<Time<Real>>,
    mut exploration: ResMut<Exploration>,
) {
    let lang = settings::language(settings.as_deref());
    for &command in commands.read() {
        if command == ExploreCommand::Start {
            exploration.branch = start(*overlay.get(), &m, replay.as_deref());
            if exploration.branch.is_some() {
                next.set(Overlay::Explore);
            }
            continue;
        }
        let Some(branch) = &mut exploration.branch else {
            continue;
        };
        match command {
            ExploreCommand::Start => {}
            ExploreCommand::Play(p) => {
                branch.answer_asked = None;
                branch.note = match branch.game.play(p) {
                    Ok(_) => None,
                    Err(error) => Some(Note {
                        text: refusal(lang, p, &error),
                        error: true,
                    }),
                };
            }
            ExploreCommand::Back => {
                branch.answer_asked = None;
                branch.game.undo();
                branch.note = None;
            }
            ExploreCommand::Answer => {
                if !branch.game.is_over() {
                    branch.answer_asked = Some(time.elapsed_secs_f64());
                }
            }
            ExploreCommand::Save => {
                let storage = files.as_ref().and_then(|f| f.storage.as_ref());
                let saved = match storage {
                    Some(storage) => storage
                        .save_game(&branch.record())
                        .map_err(|e| e.to_string()),
                    None => Err(t(lang, "settings.not_stored").to_string()),
                };
                branch.note = Some(match saved {
                    Ok(path) => {
                        let text = tf(lang, "analysis.branch_saved", &[&path.display()]);
                        branch.saved = Some(path);
                        Note { text, error: false }
                    }
                    Err(e) => Note {
                        text: tf(lang, "analysis.branch_save_failed", &[&e]),
                        error: true,
                    },
                });
            }
            ExploreCommand::Return => next.set(branch.origin.overlay()),
        }
    }
}

/// A branch off what the board shows on `overlay`: the game in play or
/// the replay's cursor. None where there is nothing to explore.
fn start(overlay: Overlay, m: &Match, replay: Option<&Replay>) -> Option<Branch> {
    let (origin, main_line, shown, players) = match overlay {
        Overlay::None => {
            let players = [Color::Black, Color::White].map(|c| autosave::player(m, c));
            (Origin::Game, m.game(), m.game(), players)
        }
        Overlay::Replay => {
            let replay = replay?;
            let meta = &replay.record.meta;
            let players = [meta.black.clone(), meta.white.clone()];
            (
                Origin::Replay,
                &replay.record.game,
                replay.position(),
                players,
            )
        }
        _ => return None,
    };
    Some(Branch {
        origin,
        main_line: main_line.moves().to_vec(),
        game: position_of(shown)?,
        players,
        answer_asked: None,
        saved: None,
        note: None,
    })
}

/// Once the analysis of the branch's position has thought long enough
/// (or proved a result), the AI plays its best move there.
fn answer_with_the_analysis(
    time: Res<Time<Real>>,
    live: Res<LiveAnalysis>,
    mut exploration: ResMut<Exploration>,
) {
    let Some(branch) = exploration.branch.as_mut() else {
        return;
    };
    let Some(asked) = branch.answer_asked else {
        return;
    };
    if branch.game.is_over() {
        branch.answer_asked = None;
        return;
    }
    let about_the_branch = live
        .request()
        .is_some_and(|r| r.board == *branch.game.board() && r.to_move == branch.game.to_move());
    let Some(update) = live.latest().filter(|_| about_the_branch) else {
        return;
    };
    let thought_enough = time.elapsed_secs_f64() - asked >= ANSWER_SECS;
    if !(update.finished || thought_enough) {
        return;
    }
    branch.answer_asked = None;
    let best = update.result.candidates.first().map(|c| c.point);
    if let Some(best) = best
        && branch.game.play(best).is_err()
    {
        // The analysis only proposes legal moves; should it not, the
        // player still has the branch as it was.
        warn!("the analysis proposed an illegal answer");
    }
}

/// The analysis runs for the answer the player asked for.
fn want_the_answer(exploration: Res<Exploration>, mut wanted: ResMut<AnswerWanted>) {
    wanted.set_if_neq(AnswerWanted(exploration.is_waiting_for_answer()));
}

/// The board shows the branch while there is one.
fn show_the_branch(exploration: Res<Exploration>, mut source: ResMut<BoardSource>) {
    if let Some(branch) = &exploration.branch {
        BoardSource::show(&mut source, &branch.game);
    }
}

/// The exploration screen opened with nothing to explore (not through
/// [`ExploreCommand::Start`]) goes back to the board.
fn leave_without_a_branch(exploration: Res<Exploration>, mut next: ResMut<NextState<Overlay>>) {
    if exploration.branch.is_none() {
        next.set(Overlay::None);
    }
}

/// Leaving the exploration screen (Return, Escape) drops the branch; the
/// board shows the game in play again (or the replay, which sets itself).
fn end_exploration(mut exploration: ResMut<Exploration>, mut source: ResMut<BoardSource>) {
    exploration.branch = None;
    *source = BoardSource::Live;
}
