//! Studying positions with the engine: analysis mode (the engine's
//! evaluation and best moves for the position on the board, streamed from
//! a background search), free exploration (a branch of trial moves off the
//! game or the replay, with the AI answering on request) and the threat
//! overlay (open threes, fours, four-threes and forbidden points).
//!
//! The analysis follows whatever the board shows ([`BoardSource`]): the
//! game in play, the replay viewer's cursor, or the exploration's branch.
//! Exploration never writes the match: its branch is its own game, shown
//! through [`BoardSource`]. Using analysis, threats or exploration in a
//! game against the AI marks that game "assisted" in the statistics.
//!
//! `live` and `exploration` are the model (tested headless); `board_marks`
//! draws on the board and `panel` is the egui side.

mod board_marks;
pub mod exploration;
pub mod live;
mod panel;

use crate::board::shown::BoardSource;
use crate::persistence::autosave::GameInfo;
use crate::play::AppSystems;
use crate::play::game::{GameStarted, Match, Mode};
use crate::ui_core::Overlay;
use bevy::prelude::*;
use exploration::Exploration;
use gomoku_engine::Point;
use gomoku_engine::analysis::MAX_MULTI_PV;

/// What the player turned on.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct AnalysisMode {
    /// Analysis of the game in play. Off when a game against the AI
    /// starts: the player turns it on (and the game counts as assisted).
    pub in_game: bool,
    /// Analysis in the replay viewer and while exploring.
    pub in_study: bool,
    /// The threat overlay, wherever the board is shown.
    pub threats: bool,
    /// How many candidate moves, 1..=[`MAX_MULTI_PV`].
    pub multi_pv: usize,
}

impl Default for AnalysisMode {
    fn default() -> Self {
        AnalysisMode {
            in_game: false,
            in_study: true,
            threats: false,
            multi_pv: 3,
        }
    }
}

/// The screens where the analysis and the threats may show: the board in
/// play, the replay viewer and the exploration (not the review's puzzles,
/// whose answers they would give away).
pub fn shows_analysis(overlay: Overlay) -> bool {
    matches!(overlay, Overlay::None | Overlay::Replay | Overlay::Explore)
}

impl AnalysisMode {
    /// Whether the position `source` puts on the board is analysed.
    pub fn analysing(&self, source: &BoardSource) -> bool {
        match source {
            BoardSource::Live => self.in_game,
            _ => self.in_study,
        }
    }
}

/// The player's switches (keys, buttons).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisCommand {
    /// Analysis on or off for what the board shows (game or study).
    ToggleAnalysis,
    ToggleThreats,
    /// Show this many candidates (clamped to 1..=5).
    MultiPv(usize),
}

/// How the command line starts the analysis (screenshots, study sessions).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartOptions {
    /// Analysis on in the game from the start.
    pub analysis: bool,
    pub threats: bool,
    /// Pretend the pointer rests here (to show a principal variation in a
    /// screenshot).
    pub hover: Option<Pointed>,
}

/// Where `--hover` puts the pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pointed {
    At(Point),
    /// On the analysis's best candidate, wherever it is.
    BestCandidate,
}

/// The point the board's pointer rests on, as far as the analysis is
/// concerned (also outside the game's own input, in the replay viewer and
/// while exploring). `fixed` comes from `--hover`.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardHover {
    pub point: Option<Point>,
    pub fixed: Option<Pointed>,
}

impl BoardHover {
    /// The point pointed at; `best` is the analysis's best candidate.
    pub fn current(&self, best: Option<Point>) -> Option<Point> {
        match self.fixed {
            Some(Pointed::At(p)) => Some(p),
            Some(Pointed::BestCandidate) => best,
            None => self.point,
        }
    }
}

/// Applies the command line's choices.
pub fn start_with(app: &mut App, options: &StartOptions) {
    app.insert_resource(AnalysisMode {
        in_game: options.analysis,
        threats: options.threats,
        ..AnalysisMode::default()
    })
    .insert_resource(BoardHover {
        point: None,
        fixed: options.hover,
    });
}

/// The model: modes, the background analysis, exploration, the assisted
/// mark. Headless tests run this with the play plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<AnalysisMode>()
        .init_resource::<BoardHover>()
        .init_resource::<BoardSource>()
        .add_message::<AnalysisCommand>()
        .add_observer(analysis_off_against_the_ai)
        .add_systems(
            Update,
            (apply_commands, mark_assisted)
                .chain()
                .after(AppSystems::Apply)
                .before(AppSystems::React),
        )
        .add_plugins((live::plugin, exploration::plugin));
}

/// The drawing: marks on the board and the egui panels.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((board_marks::plugin, panel::plugin));
}

fn apply_commands(
    mut commands: MessageReader<AnalysisCommand>,
    source: Res<BoardSource>,
    mut mode: ResMut<AnalysisMode>,
) {
    for command in commands.read() {
        match *command {
            AnalysisCommand::ToggleAnalysis => match *source {
                BoardSource::Live => mode.in_game = !mode.in_game,
                _ => mode.in_study = !mode.in_study,
            },
            AnalysisCommand::ToggleThreats => mode.threats = !mode.threats,
            AnalysisCommand::MultiPv(n) => mode.multi_pv = n.clamp(1, MAX_MULTI_PV),
        }
    }
}

/// A new game against the AI starts without the engine's help.
fn analysis_off_against_the_ai(_: On<GameStarted>, m: Res<Match>, mut mode: ResMut<AnalysisMode>) {
    if m.settings().mode == Mode::HumanVsAi && mode.in_game {
        mode.in_game = false;
    }
}

/// Marks the game in play assisted while the engine helps its human
/// against the AI: the analysis or the threats on its board, or an
/// exploration branched off it (where the AI answers trial moves).
fn mark_assisted(
    mode: Res<AnalysisMode>,
    source: Res<BoardSource>,
    exploration: Res<Exploration>,
    m: Res<Match>,
    info: Option<ResMut<GameInfo>>,
) {
    let Some(mut info) = info else { return };
    if info.assisted || m.settings().mode != Mode::HumanVsAi || m.game().is_over() {
        return;
    }
    let on_the_game = *source == BoardSource::Live && (mode.in_game || mode.threats);
    if on_the_game || exploration.is_off_the_game() {
        info.assisted = true;
    }
}
