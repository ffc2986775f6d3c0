//! Tournament opening rules in the match: the steps of the opening phases
//! (a stone, a choice, a number, an offered or picked fifth move) from the
//! board, the opening panel and the AI, applied by the engine's
//! [`Opening`] state machine; and the AI's phases, planned with
//! [`OpeningAi::plan`] on the async compute pool like its moves.
//!
//! The opening travels with the engine's `Game` (its `opening()`), so the
//! match, the save files and the replay all see the same record: who was
//! the tentative Black, every swap, every offer.

use super::ai::{SearcherPool, WorkPriority, lower_thread_priority};
use super::clock::AiTimeLimit;
use super::game::{
    GameDecided, Match, MatchSettings, Mode, MoveRefused, MoveRequest, Mover, Notice,
    PlacementSystems, Player, StonePlaced, refusal, sync_phase,
};
use super::{AppSystems, PausableSystems, Pause};
use crate::i18n::opening::opening_error_text;
use crate::settings::{self, Settings};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gomoku_engine::opening::ai::{Budget, OpeningAi};
use gomoku_engine::opening::{Action, OpeningRule, Task as PhaseTask};
use gomoku_engine::{Point, Rule};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The opening rules offered for a rule family: Free everywhere; Swap and
/// Swap2 for Gomoku (freestyle, standard), Soosorv-8 and Taraguchi-10 for
/// Renju (their canonical openings and regions are Renju's).
pub fn choices(rule: Rule) -> &'static [OpeningRule] {
    match rule {
        Rule::Freestyle | Rule::Standard => {
            &[OpeningRule::Free, OpeningRule::Swap, OpeningRule::Swap2]
        }
        Rule::Renju => &[
            OpeningRule::Free,
            OpeningRule::Soosorv8,
            OpeningRule::Taraguchi10,
        ],
    }
}

/// Steps of the opening for the phase's actor, applied in order; the rest
/// are dropped at the first refused one.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct OpeningStep {
    pub actions: Vec<Action>,
    pub by: Mover,
}

impl OpeningStep {
    /// One human step from the panel (a choice, a number).
    pub fn human(action: Action) -> OpeningStep {
        OpeningStep {
            actions: vec![action],
            by: Mover::Human,
        }
    }

    /// What a click (or key) on the board means in the current phase: the
    /// stone to place, the fifth move to offer or to pick. In a phase that
    /// asks for a choice it stays a stone, which the opening refuses with
    /// the reason.
    fn at_point(m: &Match, request: &MoveRequest) -> OpeningStep {
        let phase = m.opening_phase();
        OpeningStep {
            actions: vec![point_action(phase.map(|p| p.task), request.point)],
            by: request.by,
        }
    }
}

/// What a point means in a phase: an offer, a pick, else a stone.
fn point_action(task: Option<PhaseTask>, p: Point) -> Action {
    match task {
        Some(PhaseTask::Offer { .. }) => Action::Offer(p),
        Some(PhaseTask::Pick { .. }) => Action::Pick(p),
        _ => Action::Place(p),
    }
}

/// A new match under `settings` after the opening `steps` (a `Place` of a
/// point stands for whatever the phase asks of a point): the command
/// line's way to start in the middle of an opening.
pub fn after_steps(settings: MatchSettings, steps: &[Action], now: f64) -> Result<Match, String> {
    let mut game = settings.empty_game();
    let mut opening = game
        .opening()
        .cloned()
        .ok_or("opening steps need an opening rule")?;
    for (i, &step) in steps.iter().enumerate() {
        let action = match step {
            Action::Place(p) => point_action(opening.phase().map(|p| p.task), p),
            other => other,
        };
        opening
            .apply(&mut game, action)
            .map_err(|e| format!("opening step {}: {e}", i + 1))?;
    }
    Ok(Match::from_game(settings, game, now))
}

/// Whether a click at `p` would be taken in the current opening phase (a
/// stone in the region, an offer that is not symmetric, an offered move to
/// pick); always true outside an opening.
pub fn allows(m: &Match, p: Point) -> bool {
    match m.game().opening() {
        Some(opening) if m.in_opening() => opening.allowed_points(m.game()).contains(&p),
        _ => true,
    }
}

/// The AI planning its opening phase.
#[derive(Component)]
pub struct OpeningPlan {
    task: Task<Vec<Action>>,
    cancel: Arc<AtomicBool>,
    pub generation: u64,
    hash: u64,
    pub started_at: f64,
    ready: Option<Vec<Action>>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpeningStep>()
        .add_systems(Update, poll_plans.in_set(AppSystems::Decide))
        .add_systems(
            Update,
            // The placement system leaves the opening's clicks to these;
            // the phase follows what they applied.
            (clicks_in_the_opening, apply_opening_steps)
                .chain()
                .in_set(AppSystems::Apply)
                .after(PlacementSystems)
                .before(sync_phase),
        )
        .add_systems(
            Update,
            (cancel_stale_plans, start_plan.in_set(PausableSystems))
                .chain()
                .in_set(AppSystems::React),
        );
}

/// A click on the board (or the AI's move, stale there) while the opening
/// is in progress places, offers or picks: it becomes the opening's step.
fn clicks_in_the_opening(
    mut requests: MessageReader<MoveRequest>,
    m: Res<Match>,
    mut steps: MessageWriter<OpeningStep>,
) {
    for request in requests.read() {
        if m.in_opening() {
            steps.write(OpeningStep::at_point(&m, request));
        }
    }
}

/// Applies opening steps: a human's only when a human acts now, an AI's
/// only for the position it was planned for.
fn apply_opening_steps(
    mut steps: MessageReader<OpeningStep>,
    mut m: ResMut<Match>,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
    settings: Option<Res<Settings>>,
    mut commands: Commands,
) {
    let now = time.elapsed_secs_f64();
    let lang = settings::language(settings.as_deref());
    for step in steps.read() {
        match step.by {
            Mover::Ai { generation, hash } => {
                if generation != m.generation() || hash != m.game().hash() {
                    debug!("dropping an opening plan made for an older position");
                    continue;
                }
            }
            // A network game's steps, ours and the opponent's, come from
            // the link, which checked whose turn it was.
            Mover::Network if m.settings().mode != Mode::Network => continue,
            Mover::Network => {}
            // The network plugin sends it to the link first; it comes back
            // as Mover::Network.
            Mover::Human if m.settings().mode == Mode::Network => continue,
            Mover::Human => match m.player_to_move() {
                None => {
                    notice.post(crate::i18n::t(lang, "notice.game_over"), false, now);
                    continue;
                }
                Some(Player::Ai(_) | Player::Remote) => {
                    notice.post(crate::i18n::t(lang, "notice.wait_ai"), false, now);
                    continue;
                }
                Some(Player::Human) => {}
            },
        }
        for &action in &step.actions {
            match m.apply_opening(action, now) {
                Ok(placed) => {
                    notice.post("", false, now);
                    if let Some(point) = placed {
                        let color = m.game().board().get(point).color();
                        if let Some(color) = color {
                            commands.trigger(StonePlaced { point, color });
                        }
                    }
                    if let Some(result) = m.game().result().cloned() {
                        let human_won = m.human_won(&result);
                        commands.trigger(GameDecided { result, human_won });
                        break;
                    }
                }
                Err(error) => {
                    if matches!(step.by, Mover::Ai { .. }) {
                        error!("the opening refused the AI's step {action:?}: {error}");
                    }
                    let reason = match (&error, action) {
                        (
                            gomoku_engine::opening::OpeningError::Illegal(e),
                            Action::Place(p) | Action::Offer(p) | Action::Pick(p),
                        ) => refusal(lang, p, e),
                        _ => {
                            let phase = m.opening_phase();
                            let placed = m.game().moves().len();
                            opening_error_text(lang, &error, phase.as_ref().map(|p| (p, placed)))
                        }
                    };
                    notice.post(reason.clone(), true, now);
                    if let Action::Place(point) | Action::Offer(point) | Action::Pick(point) =
                        action
                    {
                        commands.trigger(MoveRefused { point, reason });
                    }
                    break;
                }
            }
        }
    }
}

/// Stops plans whose position is gone (new game, a step applied).
fn cancel_stale_plans(mut commands: Commands, plans: Query<(Entity, &OpeningPlan)>, m: Res<Match>) {
    for (entity, plan) in &plans {
        if plan.generation != m.generation() {
            plan.cancel.store(true, Ordering::Relaxed);
            commands.entity(entity).despawn();
        }
    }
}

/// Starts the AI's plan when it acts in the opening.
fn start_plan(
    mut commands: Commands,
    plans: Query<&OpeningPlan>,
    m: Res<Match>,
    pool: Res<SearcherPool>,
    time: Res<Time>,
    clock_budget: Option<Res<AiTimeLimit>>,
) {
    if !m.in_opening() || plans.iter().any(|p| p.generation == m.generation()) {
        return;
    }
    let Some(Player::Ai(level)) = m.player_to_move() else {
        return;
    };
    let game = m.game().clone();
    let Some(opening) = game.opening().cloned() else {
        return;
    };
    let mut budget = Budget::for_level(level);
    // The clock's share for this move bounds the thinking too.
    if let Some(limit) = clock_budget.and_then(|b| b.0) {
        budget.time = Some(budget.time.map_or(limit, |t| t.min(limit)));
    }
    // Vary the openings from game to game.
    let seed = game.hash()
        ^ std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let pool = pool.clone();
    let task = AsyncComputeTaskPool::get().spawn(async move {
        lower_thread_priority(WorkPriority::Timed);
        let mut searcher = pool.take(game.rule());
        let actions = OpeningAi::new(&mut searcher, budget, seed, &flag).plan(&opening, &game);
        pool.give_back(searcher);
        actions
    });
    commands.spawn((
        Name::new("AI opening plan"),
        OpeningPlan {
            task,
            cancel,
            generation: m.generation(),
            hash: m.game().hash(),
            started_at: time.elapsed_secs_f64(),
            ready: None,
        },
    ));
}

/// Forwards a finished plan as an [`OpeningStep`] tagged with its position,
/// after the AI's minimum think time and not while play is paused.
fn poll_plans(
    mut commands: Commands,
    mut plans: Query<(Entity, &mut OpeningPlan)>,
    pacing: Res<super::ai::AiPacing>,
    paused: Res<State<Pause>>,
    time: Res<Time>,
    mut steps: MessageWriter<OpeningStep>,
) {
    let now = time.elapsed_secs_f64();
    for (entity, mut plan) in &mut plans {
        let plan = &mut *plan;
        if plan.ready.is_none() {
            plan.ready = check_ready(&mut plan.task);
        }
        if plan.ready.is_none() || paused.get().0 || now - plan.started_at < pacing.min_move_secs {
            continue;
        }
        let actions = plan.ready.take().expect("checked above");
        steps.write(OpeningStep {
            actions,
            by: Mover::Ai {
                generation: plan.generation,
                hash: plan.hash,
            },
        });
        commands.entity(entity).despawn();
    }
}
