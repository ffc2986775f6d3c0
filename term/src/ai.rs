//! The AI on a background thread: the screen keeps drawing and the LAN
//! link keeps talking while it thinks. A search is tagged with the position
//! it was started for; its answer is used only if that position is still on
//! the board.

use gomoku_engine::search::{Level, SearchInfo, Searcher};
use gomoku_engine::{Game, Point};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The AI's own move.
    Move,
    /// A suggestion for the person to move.
    Hint,
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
    done: Receiver<SearchInfo>,
}

impl Thinking {
    pub fn start(game: &Game, level: Level, purpose: Purpose, slot: &SearcherSlot) -> Thinking {
        let board = game.board().clone();
        let to_move = game.to_move();
        let cancel = Arc::new(AtomicBool::new(false));
        let (progress_tx, progress) = channel();
        let (done_tx, done) = channel();
        let flag = cancel.clone();
        let slot = slot.clone();
        let mut searcher = slot.take(game);
        // Vary the AI between games; the level's mistake model uses it.
        let seed = game.hash()
            ^ std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
        std::thread::spawn(move || {
            let mut report = |info: &SearchInfo| {
                let _ = progress_tx.send(info.clone());
            };
            let info = searcher.search_level(&board, to_move, level, seed, &flag, &mut report);
            slot.put(searcher);
            let _ = done_tx.send(info);
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

    /// The chosen point once the search has finished (None before, or when
    /// there is no legal move). Collects progress on the way.
    pub fn poll(&mut self) -> Option<Option<Point>> {
        while let Ok(info) = self.progress.try_recv() {
            self.latest = Some(info);
        }
        self.done.try_recv().ok().map(|info| info.best)
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
