//! The AI on a background thread: the screen keeps drawing and the LAN
//! link keeps talking while it thinks. A search is tagged with the position
//! it was started for; its answer is used only if that position is still on
//! the board.

use gomoku_engine::opening::ai::{Budget, OpeningAi};
use gomoku_engine::opening::{Action, Opening};
use gomoku_engine::search::{Level, SearchInfo, Searcher};
use gomoku_engine::{Game, Point};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The AI's own move.
    Move,
    /// A suggestion for the person to move.
    Hint,
    /// The AI's part of the opening phase (stones, a choice, offers).
    Opening,
}

/// What a finished search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The move or hint; None when there is no legal move.
    Point(Option<Point>),
    /// The opening actions, in order.
    Opening(Vec<Action>),
    /// The search thread died without an answer.
    Failed,
}

/// One searcher kept between moves (its tables are large to allocate).
#[derive(Clone, Default)]
pub struct SearcherSlot(Arc<Mutex<Option<Searcher>>>);

impl SearcherSlot {
    fn take(&self, game: &Game) -> Searcher {
        let mut slot = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match slot.take() {
            Some(searcher) if searcher.rule() == game.rule() => searcher,
            _ => Searcher::new(game.rule()),
        }
    }

    fn put(&self, searcher: Searcher) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(searcher);
    }
}

/// A running search.
pub struct Thinking {
    pub purpose: Purpose,
    /// The hash and move count of the position searched.
    position: (u64, usize),
    pub started: Instant,
    /// The last completed depth.
    pub latest: Option<SearchInfo>,
    cancel: Arc<AtomicBool>,
    progress: Receiver<SearchInfo>,
    done: Receiver<Answer>,
}

/// A fresh seed per search: the AI varies between games, and the level's
/// mistake model draws from it.
fn seed(game: &Game) -> u64 {
    game.hash()
        ^ std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
}

impl Thinking {
    pub fn start(game: &Game, level: Level, purpose: Purpose, slot: &SearcherSlot) -> Thinking {
        let board = game.board().clone();
        let to_move = game.to_move();
        let seed = seed(game);
        Thinking::spawn(game, purpose, slot, move |searcher, cancel, report| {
            let info = searcher.search_level(&board, to_move, level, seed, cancel, report);
            Answer::Point(info.best)
        })
    }

    /// The AI's next opening actions for the phase's actor.
    pub fn start_opening(
        opening: &Opening,
        game: &Game,
        level: Level,
        slot: &SearcherSlot,
    ) -> Thinking {
        let (opening, position) = (opening.clone(), game.clone());
        let seed = seed(game);
        Thinking::spawn(game, Purpose::Opening, slot, move |searcher, cancel, _| {
            let mut ai = OpeningAi::new(searcher, Budget::for_level(level), seed, cancel);
            Answer::Opening(ai.plan(&opening, &position))
        })
    }

    fn spawn(
        game: &Game,
        purpose: Purpose,
        slot: &SearcherSlot,
        work: impl FnOnce(&mut Searcher, &AtomicBool, &mut dyn FnMut(&SearchInfo)) -> Answer
        + Send
        + 'static,
    ) -> Thinking {
        let cancel = Arc::new(AtomicBool::new(false));
        let (progress_tx, progress) = channel();
        let (done_tx, done) = channel();
        let flag = cancel.clone();
        let slot = slot.clone();
        let mut searcher = slot.take(game);
        std::thread::spawn(move || {
            let mut report = |info: &SearchInfo| {
                let _ = progress_tx.send(info.clone());
            };
            let answer = work(&mut searcher, &flag, &mut report);
            slot.put(searcher);
            let _ = done_tx.send(answer);
        });
        Thinking {
            purpose,
            position: (game.hash(), game.moves().len()),
            started: Instant::now(),
            latest: None,
            cancel,
            progress,
            done,
        }
    }

    /// Whether this search was started for `game`'s current position.
    pub fn is_for(&self, game: &Game) -> bool {
        self.position == (game.hash(), game.moves().len())
    }

    /// The answer once the search has finished. Collects progress on the
    /// way.
    pub fn poll(&mut self) -> Option<Answer> {
        while let Ok(info) = self.progress.try_recv() {
            self.latest = Some(info);
        }
        match self.done.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Answer::Failed),
        }
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
