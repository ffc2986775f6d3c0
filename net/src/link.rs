//! The handle a program holds: actions in, events out, a snapshot to draw.
//! Each link runs on its own background thread (plus one reader thread per
//! connection), so nothing here blocks the caller except [`Link::wait`].

use crate::reason::{Disconnect, Refusal};
use crate::state::{NetGame, Outcome};
use gomoku_engine::opening::{self, Seat};
use gomoku_engine::{Color, Point};
use std::net::SocketAddr;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What the local player does. Actions that are not allowed now (not your
/// turn, nothing to undo, nobody connected) come back as
/// [`Event::Refused`] and change nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Play(Point),
    /// A step of the opening phase (stones, a choice, offers, a pick).
    Opening(opening::Action),
    /// Ask the opponent to take back moves until it is our turn again.
    RequestUndo,
    AnswerUndo(bool),
    OfferDraw,
    AnswerDraw(bool),
    Resign,
    Chat(String),
    /// Host only: a fresh game with the host playing `host_color`.
    NewGame {
        host_color: Color,
    },
    /// Joiner only: connect again after [`Event::Disconnected`]; the host
    /// sends the whole game and both sides go on from there.
    Reconnect,
}

/// What happened on the link, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The handshake is done: the opponent sits at the table.
    Connected {
        opponent: String,
    },
    /// The game was replaced (joined, reconnected, new game): redraw it
    /// from [`Link::snapshot`].
    Synced,
    /// A move was played, by us (`mine`) or by the opponent.
    Moved {
        number: u32,
        point: Point,
        color: Color,
        mine: bool,
    },
    /// A step of the opening, by us (`mine`) or by the opponent; a swap
    /// changes [`Snapshot::me`].
    OpeningStep {
        step: opening::Action,
        mine: bool,
    },
    /// Both agreed to an undo; `keep` moves remain.
    Undone {
        keep: usize,
    },
    /// The opponent asks for an undo: answer with [`Action::AnswerUndo`].
    UndoRequested,
    UndoDeclined,
    /// The opponent offers a draw: answer with [`Action::AnswerDraw`].
    DrawOffered,
    DrawDeclined,
    GameOver(Outcome),
    Chat {
        from: String,
        text: String,
    },
    /// A local action that is not allowed now; nothing changed.
    Refused(Refusal),
    /// Host: a connection that did not get a seat: turned away (wrong
    /// code, garbage, …: [`Disconnect::Violation`]) or gone before its
    /// hello. The game goes on and the host keeps waiting.
    TurnedAway {
        peer: SocketAddr,
        why: Disconnect,
    },
    /// The opponent's connection is gone (or, for a joiner, could not be
    /// made); the game is paused.
    Disconnected(Disconnect),
}

/// The clocks as the host last reported them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    pub black: Duration,
    pub white: Duration,
    /// The side whose time is running.
    pub running: Option<Color>,
    pub read_at: Instant,
}

impl Clocks {
    /// Time left for `color` at `now`, counting down the running side.
    pub fn left(&self, color: Color, now: Instant) -> Duration {
        let base = match color {
            Color::Black => self.black,
            Color::White => self.white,
        };
        if self.running == Some(color) {
            base.saturating_sub(now.saturating_duration_since(self.read_at))
        } else {
            base
        }
    }
}

/// Everything a UI needs to draw the link's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub game: NetGame,
    /// The local player's colour now (the opening's swaps change it).
    pub me: Color,
    /// The local player's seat in the opening (fixed for the game).
    pub my_seat: Seat,
    pub my_name: String,
    /// The opponent's name, once they said hello (kept while they are away).
    pub opponent: Option<String>,
    pub connected: bool,
    pub clocks: Option<Clocks>,
    /// The opponent waits for our answer to an undo request / draw offer.
    pub undo_requested: bool,
    pub draw_offered: bool,
    /// We wait for the opponent's answer.
    pub undo_pending: bool,
    pub draw_pending: bool,
}

/// A running host or joiner. Dropping it closes the connections and stops
/// its threads.
pub struct Link {
    pub(crate) actions: Sender<crate::runtime::Input>,
    pub(crate) events: Receiver<Event>,
    pub(crate) shared: Arc<Mutex<Snapshot>>,
    pub(crate) thread: Option<JoinHandle<()>>,
    pub(crate) local_addr: Option<SocketAddr>,
    pub(crate) code: String,
}

impl Link {
    /// Queues an action; its effects arrive as events.
    pub fn act(&self, action: Action) {
        // The thread only ends when the link is dropped.
        let _ = self.actions.send(crate::runtime::Input::Act(action));
    }

    /// The next event if there is one, without waiting (for a frame loop).
    pub fn poll(&self) -> Option<Event> {
        self.events.try_recv().ok()
    }

    /// The next event, waiting at most `timeout` (for a terminal or a test).
    pub fn wait(&self, timeout: Duration) -> Option<Event> {
        self.events.recv_timeout(timeout).ok()
    }

    /// A copy of the current state.
    pub fn snapshot(&self) -> Snapshot {
        self.shared
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Host: the address the listener is bound to.
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.local_addr
    }

    /// The join code (the host's, or the one the joiner uses).
    pub fn code(&self) -> &str {
        &self.code
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        let _ = self.actions.send(crate::runtime::Input::Stop);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
