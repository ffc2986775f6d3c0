//! One LAN session of the game: the `gomoku_net` link (host or joiner),
//! the discovery announcer of a host, the last snapshot of the link's
//! state and the lines of its log (chat, arrivals, refusals). It exists as
//! a resource while the player hosts or joins; removing it closes the
//! connection.

use bevy::prelude::*;
use gomoku_engine::{Color, Point};
use gomoku_net::discovery::{self, Announcement, Announcer};
use gomoku_net::{Action, Disconnect, Event, HostConfig, JoinConfig, Link, Refusal, Snapshot};
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::Duration;

/// Lines kept in the session's log; older ones scroll away.
const LOG_LINES: usize = 60;

/// Which end of the link this game is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// Listening at `addr` (its port is the one to give to the joiner).
    Host {
        addr: SocketAddr,
    },
    Joiner {
        addr: SocketAddr,
    },
}

/// What the log says, kept as data (the link's reasons too) so that it is
/// shown in the language chosen when it is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogLine {
    Chat {
        from: String,
        text: String,
    },
    Joined(String),
    /// The connection is gone.
    Lost(Disconnect),
    /// A connection the host turned away (wrong code, garbage, …) or that
    /// left before its hello.
    TurnedAway {
        peer: SocketAddr,
        why: Disconnect,
    },
    /// A local action the link did not allow.
    Refused(Refusal),
    UndoDeclined,
    DrawDeclined,
}

/// The running LAN session.
#[derive(Resource)]
pub struct Lan {
    /// A link's event queue may only be read from one thread at a time.
    link: Mutex<Link>,
    pub role: Role,
    /// The link's state as of this frame.
    pub snapshot: Snapshot,
    pub log: Vec<LogLine>,
    /// Someone sat down at least once: the game is on the board.
    pub started: bool,
    /// Why the connection is down (None while connected or still waiting
    /// for the first player).
    pub down: Option<Disconnect>,
    /// The chat line being typed.
    pub chat_draft: String,
    /// The player asked to leave the network game.
    pub leave: bool,
    _announcer: Option<Announcer>,
}

impl Lan {
    /// Starts hosting; with `announce_to` the game is also announced for
    /// discovery there (the broadcast address on a real network).
    pub fn host(config: HostConfig, announce_to: Option<SocketAddr>) -> std::io::Result<Lan> {
        Lan::host_from(config, &[], announce_to)
    }

    /// Starts hosting a game that goes on from `moves` (see
    /// [`Link::host_from`]).
    pub fn host_from(
        config: HostConfig,
        moves: &[Point],
        announce_to: Option<SocketAddr>,
    ) -> std::io::Result<Lan> {
        let (rule, opening) = (config.settings.rule, config.settings.opening);
        let name = config.name.clone();
        let link = Link::host_from(config, moves)?;
        let addr = link
            .local_addr()
            .expect("a host link is bound to an address");
        let announcer = match announce_to {
            Some(target) => {
                let announcement = Announcement::new(&name, addr.port(), rule, opening);
                Some(Announcer::start(
                    target,
                    Duration::from_secs(1),
                    &announcement,
                )?)
            }
            None => None,
        };
        Ok(Lan::new(link, Role::Host { addr }, announcer))
    }

    /// Starts joining; how it went arrives as events.
    pub fn join(config: JoinConfig) -> std::io::Result<Lan> {
        let addr = config.addr;
        Ok(Lan::new(Link::join(config)?, Role::Joiner { addr }, None))
    }

    fn new(link: Link, role: Role, announcer: Option<Announcer>) -> Lan {
        let snapshot = link.snapshot();
        Lan {
            link: Mutex::new(link),
            role,
            snapshot,
            log: Vec::new(),
            started: false,
            down: None,
            chat_draft: String::new(),
            leave: false,
            _announcer: announcer,
        }
    }

    fn link(&mut self) -> &Link {
        self.link.get_mut().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues a local action; its effect comes back as events.
    pub fn act(&mut self, action: Action) {
        self.link().act(action);
    }

    /// Sends a chat line; it shows in our own log too.
    pub fn say(&mut self, text: String) {
        let from = self.snapshot.my_name.clone();
        self.log_line(LogLine::Chat {
            from,
            text: text.trim().to_string(),
        });
        self.act(Action::Chat(text));
    }

    /// The join code (the host's own, or the one the joiner sent).
    pub fn code(&mut self) -> String {
        self.link().code().to_string()
    }

    pub fn is_host(&self) -> bool {
        matches!(self.role, Role::Host { .. })
    }

    /// Reads every event that arrived and refreshes the snapshot: the log
    /// and the connection state follow the events; the game itself is
    /// taken from the snapshot (see `bridge.rs`).
    pub fn poll(&mut self) -> Vec<Event> {
        let link = self.link.get_mut().unwrap_or_else(|e| e.into_inner());
        let events: Vec<Event> = std::iter::from_fn(|| link.poll()).collect();
        // Read after the events: the link publishes its state before it
        // sends the events, so this snapshot includes all of them.
        self.snapshot = link.snapshot();
        for event in &events {
            self.note(event);
        }
        events
    }

    fn note(&mut self, event: &Event) {
        let line = match event {
            Event::Connected { opponent } => {
                self.started = true;
                self.down = None;
                LogLine::Joined(opponent.clone())
            }
            Event::Disconnected(why) => {
                self.down = Some(why.clone());
                LogLine::Lost(why.clone())
            }
            Event::Chat { from, text } => LogLine::Chat {
                from: from.clone(),
                text: text.clone(),
            },
            Event::TurnedAway { peer, why } => LogLine::TurnedAway {
                peer: *peer,
                why: why.clone(),
            },
            Event::Refused(why) => LogLine::Refused(why.clone()),
            Event::UndoDeclined => LogLine::UndoDeclined,
            Event::DrawDeclined => LogLine::DrawDeclined,
            _ => return,
        };
        self.log_line(line);
    }

    fn log_line(&mut self, line: LogLine) {
        self.log.push(line);
        if self.log.len() > LOG_LINES {
            self.log.remove(0);
        }
    }

    /// The opponent is there to hear us: connected and not paused.
    pub fn link_up(&self) -> bool {
        self.snapshot.connected && self.down.is_none()
    }

    /// Whether "Ask to undo" may be pressed: a move of ours to take back,
    /// no request pending, and someone to ask.
    pub fn can_ask_undo(&self) -> bool {
        let s = &self.snapshot;
        self.link_up() && !s.game.is_over() && !s.undo_pending && s.game.undo_target(s.me).is_some()
    }

    /// Whether "Offer a draw" may be pressed.
    pub fn can_offer_draw(&self) -> bool {
        self.link_up() && !self.snapshot.game.is_over() && !self.snapshot.draw_pending
    }

    /// The name of the player of `color`, as far as it is known.
    pub fn name_of(&self, color: Color) -> Option<&str> {
        if color == self.snapshot.me {
            Some(&self.snapshot.my_name)
        } else {
            self.snapshot.opponent.as_deref()
        }
    }
}

/// Where a host announces its game: the broadcast address of the default
/// discovery port.
pub fn broadcast_target() -> SocketAddr {
    SocketAddr::from(([255, 255, 255, 255], discovery::DEFAULT_PORT))
}
