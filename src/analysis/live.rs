//! The background analysis of the position on the board: the engine's
//! [`Analyser`] searches on its own thread, deeper and deeper; every frame
//! this polls it (never waits), restarts it when the shown position
//! changes and stops it when nothing asks for it any more.

use super::AnalysisMode;
use crate::board::shown::{BoardSource, Shown};
use crate::play::AppSystems;
use crate::play::ai::{WorkPriority, lower_thread_priority};
use crate::ui_core::Overlay;
use crate::ui_core::redraw::KeepTicking;
use bevy::prelude::*;
use gomoku_engine::Game;
use gomoku_engine::analysis::{Analyser, AnalysisRequest, AnalysisUpdate, Candidate};
use std::sync::Mutex;

/// The analysis of the shown position.
#[derive(Resource, Default)]
pub struct LiveAnalysis {
    /// Started on first use: no thread for players who never analyse.
    /// (`Mutex`: the analyser's channel is not `Sync`.)
    analyser: Option<Mutex<Analyser>>,
    /// What is being analysed, or was until it finished.
    request: Option<AnalysisRequest>,
    latest: Option<AnalysisUpdate>,
    /// How many times an analysis was started (each position change).
    starts: u64,
    /// Bumped whenever what the analysis shows changes.
    revision: u64,
}

impl LiveAnalysis {
    /// The position analysed now (None: the analysis is off).
    pub fn request(&self) -> Option<&AnalysisRequest> {
        self.request.as_ref()
    }

    /// The deepest result so far for [`LiveAnalysis::request`].
    pub fn latest(&self) -> Option<&AnalysisUpdate> {
        self.latest.as_ref()
    }

    /// The candidates of [`LiveAnalysis::latest`], best first.
    pub fn candidates(&self) -> &[Candidate] {
        self.latest
            .as_ref()
            .map_or(&[], |u| u.result.candidates.as_slice())
    }

    /// Whether the background search is still deepening.
    pub fn is_running(&self) -> bool {
        self.request.is_some() && self.latest.as_ref().is_none_or(|u| !u.finished)
    }

    pub fn starts(&self) -> u64 {
        self.starts
    }

    /// Changes whenever the request or the latest result does.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    fn analyser(&mut self) -> &mut Analyser {
        self.analyser
            .get_or_insert_with(|| {
                Mutex::new(Analyser::with_thread_setup(|| {
                    lower_thread_priority(WorkPriority::Background)
                }))
            })
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// Starts analysing `wanted`, or stops (None); nothing when it is what
    /// runs already.
    fn follow(&mut self, wanted: Option<AnalysisRequest>) {
        if wanted == self.request {
            return;
        }
        match &wanted {
            Some(request) => {
                self.analyser().analyse(request.clone());
                self.starts += 1;
            }
            None => {
                if self.analyser.is_some() {
                    self.analyser().stop();
                }
            }
        }
        self.request = wanted;
        self.latest = None;
        self.revision += 1;
    }

    fn poll(&mut self) {
        if self.request.is_none() || self.analyser.is_none() {
            return;
        }
        if let Some(update) = self.analyser().poll() {
            self.latest = Some(update);
            self.revision += 1;
        }
    }
}

/// The request for `game` when something wants it analysed.
fn request_for(
    game: &Game,
    mode: &AnalysisMode,
    analysing: bool,
    answering: bool,
) -> Option<AnalysisRequest> {
    if game.is_over() || !(analysing || answering) {
        return None;
    }
    Some(AnalysisRequest {
        board: game.board().clone(),
        rule: game.rule(),
        to_move: game.to_move(),
        // The AI's answer alone needs only the best move.
        multi_pv: if analysing { mode.multi_pv } else { 1 },
        max_depth: None,
    })
}

/// Whether the AI's answer on the explored branch is wanted: the search
/// runs for it even where the analysis is not shown. The exploration
/// writes it, before the searches follow the board ([`AppSystems::React`]).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnswerWanted(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LiveAnalysis>()
        .init_resource::<AnswerWanted>()
        .add_message::<KeepTicking>()
        .add_systems(
            Update,
            (
                follow_the_board.in_set(AppSystems::React),
                keep_ticking_while_running,
            ),
        );
}

/// The panel's depth and candidates change while the search deepens: the
/// window redraws a few times a second meanwhile.
fn keep_ticking_while_running(live: Res<LiveAnalysis>, mut ticking: MessageWriter<KeepTicking>) {
    if live.is_running() {
        ticking.write(KeepTicking);
    }
}

/// Restarts the analysis for the shown position, stops it when it is no
/// longer wanted, and collects what the search found since last frame.
fn follow_the_board(
    shown: Shown,
    source: Res<BoardSource>,
    mode: Res<AnalysisMode>,
    answer: Res<AnswerWanted>,
    overlay: Res<State<Overlay>>,
    mut live: ResMut<LiveAnalysis>,
) {
    let game = shown.game();
    let analysing = mode.analysing(&source) && super::shows_analysis(*overlay.get());
    let wanted = request_for(game, &mode, analysing, answer.0);
    // Only real news marks the resource changed (the board's marks and
    // the panel follow it).
    let quiet = live.bypass_change_detection();
    let before = quiet.revision;
    quiet.follow(wanted);
    quiet.poll();
    if quiet.revision != before {
        live.set_changed();
    }
}
