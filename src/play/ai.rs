//! The AI player and the hint. Searches run on the async compute pool, so
//! the frame rate does not depend on them. Each search has a cancel flag and
//! a progress channel, and its result is tagged with the generation and hash
//! of the position it was given: a result that arrives after an undo or a new
//! game is dropped instead of played.

use super::clock::AiTimeLimit;
use super::game::{Match, MoveRequest, Mover, Player};
use super::{AppSystems, PausableSystems, Pause};
use crate::settings::Settings;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use gomoku_engine::search::{Level, SearchInfo, Searcher};
use gomoku_engine::{Point, Rule};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};

/// Ask for the AI's suggestion for the human to move.
#[derive(Message, Clone, Copy, Debug)]
pub struct HintRequest;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The AI's own move.
    Move,
    /// A suggestion for the human to move.
    Hint,
}

/// A running search.
#[derive(Component)]
pub struct Search {
    task: Task<SearchInfo>,
    cancel: Arc<AtomicBool>,
    /// `Receiver` is not `Sync`; only this entity's poll reads it.
    progress: Mutex<Receiver<SearchInfo>>,
    pub purpose: Purpose,
    pub generation: u64,
    pub hash: u64,
    /// The searcher's threads (the settings' [`Settings::search_threads`]).
    pub threads: usize,
    started_at: f64,
    /// The last completed depth reported by the search.
    latest: Option<SearchInfo>,
    /// The finished result, held back until the minimum think time passed.
    ready: Option<SearchInfo>,
}

impl Search {
    /// Whether the search thread has finished (its result may not have been
    /// collected yet).
    pub fn is_finished(&self) -> bool {
        self.ready.is_some() || self.task.is_finished()
    }
}

/// What the HUD shows while a search runs.
#[derive(Resource, Default, Debug)]
pub struct Thinking {
    pub purpose: Option<Purpose>,
    /// The last completed depth.
    pub latest: Option<SearchInfo>,
    pub since: f64,
    /// The search behind the AI's last move and the generation the move
    /// created: the HUD shows it while that position is on the board.
    pub last_move: Option<(SearchInfo, u64)>,
}

/// The AI's suggestion, valid only for the position it was computed for.
#[derive(Resource, Default, Debug)]
pub struct Hint {
    point: Option<Point>,
    generation: u64,
}

impl Hint {
    pub fn current(&self, m: &Match) -> Option<Point> {
        self.point.filter(|_| self.generation == m.generation())
    }
}

/// The shortest time an AI move takes, so a fast AI still feels like it
/// answers rather than teleports, and AI-vs-AI games can be followed.
#[derive(Resource, Debug, Clone, Copy)]
pub struct AiPacing {
    pub min_move_secs: f64,
}

impl Default for AiPacing {
    fn default() -> Self {
        AiPacing {
            min_move_secs: 0.45,
        }
    }
}

/// Searchers kept between moves: the engine's tables are reused rather than
/// reallocated for every search.
#[derive(Resource, Clone, Default)]
pub(super) struct SearcherPool(Arc<Mutex<Vec<Searcher>>>);

impl SearcherPool {
    pub(super) fn take(&self, rule: Rule) -> Searcher {
        let mut pool = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match pool.iter().position(|s| s.rule() == rule) {
            Some(i) => pool.swap_remove(i),
            None => Searcher::new(rule),
        }
    }

    pub(super) fn give_back(&self, searcher: Searcher) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(searcher);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<HintRequest>()
        .init_resource::<Thinking>()
        .init_resource::<Hint>()
        .init_resource::<AiPacing>()
        .init_resource::<SearcherPool>()
        .add_systems(Update, poll_searches.in_set(AppSystems::Decide))
        .add_systems(
            Update,
            // While play is paused no search for the AI's move starts (and
            // `poll_searches` holds a finished one); hints are not paused.
            (
                cancel_stale_searches,
                start_ai_move.in_set(PausableSystems),
                start_hint,
            )
                .chain()
                .in_set(AppSystems::React),
        );
}

/// Starts searches on the async compute pool, each an entity with its
/// [`Search`].
#[derive(SystemParam)]
struct SearchStarter<'w, 's> {
    commands: Commands<'w, 's>,
    searches: Query<'w, 's, &'static Search>,
    pool: Res<'w, SearcherPool>,
    time: Res<'w, Time>,
    settings: Option<Res<'w, Settings>>,
}

impl SearchStarter<'_, '_> {
    /// Whether a search for `purpose` runs (for the position of
    /// `generation`, if given).
    fn running(&self, purpose: Purpose, generation: Option<u64>) -> bool {
        self.searches
            .iter()
            .any(|s| s.purpose == purpose && generation.is_none_or(|g| s.generation == g))
    }

    /// Searches the match's position at `level`. `time_limit` is the
    /// clock's budget for this move (`clock.rs`), used when it is shorter
    /// than the level's own think time.
    fn start(
        &mut self,
        m: &Match,
        level: Level,
        purpose: Purpose,
        time_limit: Option<std::time::Duration>,
    ) {
        let game = m.game();
        let board = game.board().clone();
        let to_move = game.to_move();
        let rule = game.rule();
        let cancel = Arc::new(AtomicBool::new(false));
        let (sender, receiver) = channel();
        // Vary the AI's choices from game to game; the level's mistake model
        // uses the seed.
        let seed = game.hash()
            ^ std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
        let pool = self.pool.clone();
        let threads = self.settings.as_deref().map_or_else(
            || Settings::default().search_threads(),
            Settings::search_threads,
        );
        let flag = cancel.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move {
            lower_thread_priority(WorkPriority::Timed);
            let mut searcher = pool.take(rule);
            // Full strength only: the levels below search on one thread.
            searcher.set_threads(threads);
            let mut report = |info: &SearchInfo| {
                // The receiver is gone when the search was cancelled: ignore.
                let _ = sender.send(info.clone());
            };
            let info = match time_limit.filter(|&limit| limit < level.think_time()) {
                Some(limit) => searcher.search_level_timed(
                    &board,
                    to_move,
                    level,
                    seed,
                    limit,
                    &flag,
                    &mut report,
                ),
                None => searcher.search_level(&board, to_move, level, seed, &flag, &mut report),
            };
            pool.give_back(searcher);
            info
        });
        self.commands.spawn((
            Name::new(match purpose {
                Purpose::Move => "AI search",
                Purpose::Hint => "Hint search",
            }),
            Search {
                task,
                cancel,
                progress: Mutex::new(receiver),
                purpose,
                generation: m.generation(),
                hash: game.hash(),
                threads,
                started_at: self.time.elapsed_secs_f64(),
                latest: None,
                ready: None,
            },
        ));
    }
}

/// How far below the frame a worker thread runs (see
/// [`lower_thread_priority`]), by whether its work has a deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkPriority {
    /// A search with a budget (the AI's move, a hint, an opening decision, a
    /// puzzle's defence): 4 below the frame. Beside full-priority work on
    /// every core (a compiler) a thread 10 below gets about a tenth of a
    /// core and sees its deadline hundreds of ms late; 4 below gets about a
    /// third and keeps its budget as the frame's own priority does
    /// (docs/reliability.md, "Stop 20").
    Timed,
    /// Open-ended work (the live analysis, a game review): 10 below, it has
    /// no deadline to keep and runs for as long as it is shown.
    Background,
}

impl WorkPriority {
    /// The niceness of a thread doing this work in a process whose main
    /// thread (the frame's) has `main`; 19 is the lowest there is.
    pub fn niceness(self, main: i32) -> i32 {
        let below = match self {
            WorkPriority::Timed => 4,
            WorkPriority::Background => 10,
        };
        (main + below).min(19)
    }
}

/// Makes the calling (search, analysis) thread yield the CPU to rendering:
/// on a machine with two cores and a software renderer, a search at the
/// frame's priority costs frames. Its niceness becomes
/// [`WorkPriority::niceness`]; the threads it starts inherit it. A thread
/// cannot raise its priority again (that needs a privilege), so background
/// work runs on threads of its own, never on the compute pool the timed
/// searches share. Best effort; elsewhere the OS decides.
pub fn lower_thread_priority(priority: WorkPriority) {
    #[cfg(target_os = "linux")]
    // SAFETY: getpriority and setpriority have no memory effects; on Linux,
    // PRIO_PROCESS names one thread: the process id its main thread, 0 the
    // calling thread.
    unsafe {
        let main = libc::getpriority(libc::PRIO_PROCESS, libc::getpid() as libc::id_t);
        libc::setpriority(libc::PRIO_PROCESS, 0, priority.niceness(main));
    }
    #[cfg(not(target_os = "linux"))]
    let _ = priority;
}

/// Stops searches whose position is gone (undo, redo, new game).
fn cancel_stale_searches(
    mut commands: Commands,
    searches: Query<(Entity, &Search)>,
    m: Res<Match>,
) {
    for (entity, search) in &searches {
        if search.generation != m.generation() {
            search.cancel.store(true, Ordering::Relaxed);
            commands.entity(entity).despawn();
        }
    }
}

fn start_ai_move(
    mut searches: SearchStarter,
    m: Res<Match>,
    clock_budget: Option<Res<AiTimeLimit>>,
) {
    // The opening's phases are planned by `opening.rs`.
    let Some(Player::Ai(level)) = m.player_to_move().filter(|_| !m.in_opening()) else {
        return;
    };
    if !searches.running(Purpose::Move, Some(m.generation())) {
        searches.start(&m, level, Purpose::Move, clock_budget.and_then(|b| b.0));
    }
}

fn start_hint(
    mut requests: MessageReader<HintRequest>,
    mut searches: SearchStarter,
    m: Res<Match>,
    hint: Res<Hint>,
) {
    let asked = requests.read().count() > 0;
    if !asked || !m.human_to_move() || m.in_opening() || hint.current(&m).is_some() {
        return;
    }
    if !searches.running(Purpose::Hint, None) {
        let level = hint_level(m.settings().level);
        searches.start(&m, level, Purpose::Hint, None);
    }
}

/// Hints come from at least an Advanced search, even against a beginner AI.
fn hint_level(level: Level) -> Level {
    let rank = |l: Level| Level::ALL.iter().position(|&x| x == l).unwrap_or(0);
    if rank(level) >= rank(Level::Advanced) {
        level
    } else {
        Level::Advanced
    }
}

/// Collects progress and results. A move is forwarded as a [`MoveRequest`]
/// tagged with its position; the placement system checks the tag again.
fn poll_searches(
    mut commands: Commands,
    mut searches: Query<(Entity, &mut Search)>,
    m: Res<Match>,
    pacing: Res<AiPacing>,
    paused: Res<State<Pause>>,
    time: Res<Time>,
    mut thinking: ResMut<Thinking>,
    mut hint: ResMut<Hint>,
    mut moves: MessageWriter<MoveRequest>,
) {
    let now = time.elapsed_secs_f64();
    // The search the HUD shows: the AI's move before a hint.
    let mut shown: Option<(Purpose, f64, Option<SearchInfo>)> = None;
    let mut last_move = None;
    for (entity, mut search) in &mut searches {
        let search = &mut *search;
        if let Ok(progress) = search.progress.lock()
            && let Some(latest) = progress.try_iter().last()
        {
            search.latest = Some(latest);
        }
        if search.ready.is_none() {
            search.ready = check_ready(&mut search.task);
        }
        let waiting = match &search.ready {
            None => true,
            Some(_) => {
                search.purpose == Purpose::Move
                    && (paused.get().0 || now - search.started_at < pacing.min_move_secs)
            }
        };
        if waiting {
            if shown.as_ref().is_none_or(|s| s.0 == Purpose::Hint) {
                shown = Some((search.purpose, search.started_at, search.latest.clone()));
            }
            continue;
        }
        let info = search.ready.take().expect("checked above");
        let current = search.generation == m.generation() && search.hash == m.game().hash();
        match search.purpose {
            Purpose::Move => match info.best {
                Some(point) => {
                    if current {
                        last_move = Some((info.clone(), search.generation + 1));
                    }
                    moves.write(MoveRequest {
                        point,
                        by: Mover::Ai {
                            generation: search.generation,
                            hash: search.hash,
                        },
                    });
                }
                None if current => warn!("the AI found no legal move"),
                None => {}
            },
            Purpose::Hint if current => {
                *hint = Hint {
                    point: info.best,
                    generation: search.generation,
                };
            }
            Purpose::Hint => {}
        }
        commands.entity(entity).despawn();
    }
    let last_move = last_move.or_else(|| thinking.last_move.take());
    *thinking = match shown {
        Some((purpose, since, latest)) => Thinking {
            purpose: Some(purpose),
            latest,
            since,
            last_move,
        },
        None => Thinking {
            last_move,
            ..Thinking::default()
        },
    };
}
