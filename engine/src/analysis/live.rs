//! The live analysis: a worker thread searches the shown position deeper
//! and deeper until stopped and streams what it finds. A new request
//! supersedes the old one at once (its stop flag is raised), so the game
//! never waits for the search and never sees a stale position's update.

use super::{Evaluation, MultiPv, multi_pv};
use crate::board::{Board, Color};
use crate::rules::Rule;
use crate::search::{Score, SearchLimits, Searcher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The most candidates an analysis shows.
pub const MAX_MULTI_PV: usize = 5;
/// Depth at which an analysis ends by itself (the search reads threats far
/// beyond its nominal depth; deeper iterations take minutes).
const MAX_DEPTH: u32 = 40;

/// What to analyse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRequest {
    pub board: Board,
    pub rule: Rule,
    pub to_move: Color,
    /// How many candidates, clamped to 1..=[`MAX_MULTI_PV`].
    pub multi_pv: usize,
    /// Stop after this depth (None: depth 40, or until stopped).
    pub max_depth: Option<u32>,
}

/// What the analysis knows after a completed depth.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisUpdate {
    /// The id [`Analyser::analyse`] returned for the request.
    pub request: u64,
    pub result: MultiPv,
    /// The position's evaluation (the best candidate's).
    pub evaluation: Evaluation,
    pub elapsed: Duration,
    /// No deeper update will follow (depth limit or a proven result).
    pub finished: bool,
}

struct Job {
    id: u64,
    request: AnalysisRequest,
    stop: Arc<AtomicBool>,
}

/// Owns the worker thread. Dropping it stops and joins the worker.
pub struct Analyser {
    jobs: Option<Sender<Job>>,
    updates: Receiver<AnalysisUpdate>,
    stop: Arc<AtomicBool>,
    current: u64,
    worker: Option<JoinHandle<()>>,
}

impl Default for Analyser {
    fn default() -> Analyser {
        Analyser::new()
    }
}

impl Analyser {
    /// Starts the (idle) worker thread.
    pub fn new() -> Analyser {
        Analyser::with_thread_setup(|| {})
    }

    /// [`Analyser::new`] whose worker thread first runs `setup`: a game
    /// lowers the thread's priority there, so that the analysis, which
    /// searches until stopped, never takes the CPU from drawing frames.
    pub fn with_thread_setup(setup: fn()) -> Analyser {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (update_tx, updates) = mpsc::channel();
        let worker = std::thread::Builder::new()
            .name("analysis".into())
            .spawn(move || {
                setup();
                work(job_rx, update_tx)
            })
            .expect("spawning the analysis thread");
        Analyser {
            jobs: Some(jobs),
            updates,
            stop: Arc::new(AtomicBool::new(true)),
            current: 0,
            worker: Some(worker),
        }
    }

    /// Starts analysing `request`, stopping any earlier analysis. Returns
    /// the id its updates carry.
    pub fn analyse(&mut self, request: AnalysisRequest) -> u64 {
        self.stop.store(true, Ordering::SeqCst);
        self.current += 1;
        self.stop = Arc::new(AtomicBool::new(false));
        let job = Job {
            id: self.current,
            request,
            stop: self.stop.clone(),
        };
        if let Some(jobs) = &self.jobs {
            // The worker only ends when `jobs` is dropped, in `drop`.
            let _ = jobs.send(job);
        }
        self.current
    }

    /// Stops the running analysis; its last update stays valid.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether the current request is still being searched.
    pub fn is_running(&self) -> bool {
        !self.stop.load(Ordering::SeqCst)
    }

    /// The newest update of the current request, if one arrived since the
    /// last call; updates of superseded requests are dropped. Never blocks.
    pub fn poll(&mut self) -> Option<AnalysisUpdate> {
        let mut newest = None;
        while let Ok(update) = self.updates.try_recv() {
            if update.request == self.current {
                if update.finished {
                    self.stop.store(true, Ordering::SeqCst);
                }
                newest = Some(update);
            }
        }
        newest
    }

    /// Waits up to `timeout` for the next update of the current request
    /// (tools and tests; the game uses [`Analyser::poll`]).
    pub fn wait(&mut self, timeout: Duration) -> Option<AnalysisUpdate> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let update = self.updates.recv_timeout(left).ok()?;
            if update.request == self.current {
                if update.finished {
                    self.stop.store(true, Ordering::SeqCst);
                }
                return Some(update);
            }
        }
    }
}

impl Drop for Analyser {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.jobs = None;
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

/// The worker: takes the newest job, deepens until stopped or done.
fn work(jobs: Receiver<Job>, updates: Sender<AnalysisUpdate>) {
    let mut searcher: Option<Searcher> = None;
    while let Ok(mut job) = jobs.recv() {
        // Jobs queued behind this one supersede it.
        while let Ok(newer) = jobs.try_recv() {
            job = newer;
        }
        if job.stop.load(Ordering::SeqCst) {
            continue;
        }
        let searcher = match &mut searcher {
            Some(s) if s.rule() == job.request.rule => s,
            slot => slot.insert(Searcher::new(job.request.rule)),
        };
        if analyse(searcher, &job, &updates).is_err() {
            return;
        }
    }
}

/// Err when the analyser is gone.
fn analyse(
    searcher: &mut Searcher,
    job: &Job,
    updates: &Sender<AnalysisUpdate>,
) -> Result<(), mpsc::SendError<AnalysisUpdate>> {
    let start = Instant::now();
    let r = &job.request;
    let count = r.multi_pv.clamp(1, MAX_MULTI_PV);
    let max_depth = r.max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut nodes = 0;
    for depth in 1..=max_depth {
        let limits = SearchLimits::depth(depth);
        let mut result = multi_pv(searcher, &r.board, r.to_move, &limits, count, &job.stop);
        if !result.complete {
            return Ok(());
        }
        nodes += result.nodes;
        result.nodes = nodes;
        let proven = result
            .candidates
            .iter()
            .all(|c| !matches!(c.score, Score::Eval(_)));
        let evaluation = match result.candidates.first() {
            Some(best) => best.evaluation,
            None => Evaluation::new(Score::Eval(0), r.to_move),
        };
        let finished = proven || depth == max_depth || result.candidates.is_empty();
        updates.send(AnalysisUpdate {
            request: job.id,
            result,
            evaluation,
            elapsed: start.elapsed(),
            finished,
        })?;
        if finished {
            break;
        }
    }
    Ok(())
}
