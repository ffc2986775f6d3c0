//! What host and joiner threads share: the input queue, connections with
//! their reader threads, and the in-game half of the protocol (moves, undo,
//! draw, resignation, chat), which is the same on both ends.

use crate::link::{Action, Clocks, Event, Snapshot};
use crate::message::{self, Message};
use crate::reason::{Disconnect, NetError, Refusal, Violation};
use crate::state::NetGame;
use crate::wire::{self, Line};
use gomoku_engine::opening::Seat;
use gomoku_engine::{Color, Point};
use std::io::{self, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often things happen on a link. The defaults suit a LAN; tests use
/// shorter times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Send a heartbeat after this long without sending anything.
    pub heartbeat: Duration,
    /// A peer silent for this long (no hello, no heartbeat) is dropped.
    pub peer_timeout: Duration,
    /// How long a joiner waits for the TCP connection.
    pub connect: Duration,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            heartbeat: Duration::from_secs(1),
            peer_timeout: Duration::from_secs(6),
            connect: Duration::from_secs(5),
        }
    }
}

/// How long the link thread sleeps at most between looks at its timers.
pub(crate) const TICK: Duration = Duration::from_millis(20);

/// Bytes a refused connection may still send before it is cut off (read
/// and dropped so that our error message is not lost to a reset).
const DRAIN_LIMIT: u64 = 1 << 20;
/// How long a refused connection stays half open for that.
const LINGER: Duration = Duration::from_secs(1);

pub(crate) enum Input {
    Act(Action),
    Net { id: u64, what: Incoming },
    Stop,
}

pub(crate) enum Incoming {
    Message(Message),
    Bad(Violation),
    /// The connection ended: closed, silent or failed.
    Closed(Disconnect),
}

/// One TCP connection; its reader thread feeds the link's input queue.
pub(crate) struct Conn {
    pub id: u64,
    pub peer: SocketAddr,
    /// When the connection was accepted (the hello must come soon after).
    pub opened: Instant,
    stream: TcpStream,
    last_sent: Instant,
}

impl Conn {
    pub fn open(
        stream: TcpStream,
        id: u64,
        timing: &Timing,
        inputs: Sender<Input>,
    ) -> io::Result<Conn> {
        stream.set_nonblocking(false)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(timing.peer_timeout))?;
        stream.set_write_timeout(Some(timing.peer_timeout))?;
        let peer = stream.peer_addr()?;
        let reader = stream.try_clone()?;
        std::thread::Builder::new()
            .name(format!("gomoku-net reader {peer}"))
            .spawn(move || read_messages(reader, id, inputs))?;
        Ok(Conn {
            id,
            peer,
            stream,
            opened: Instant::now(),
            last_sent: Instant::now(),
        })
    }

    pub fn send(&mut self, message: &Message) -> io::Result<()> {
        self.last_sent = Instant::now();
        self.stream.write_all(message::encode(message).as_bytes())
    }

    pub fn send_all(&mut self, messages: &[Message]) -> io::Result<()> {
        messages.iter().try_for_each(|m| self.send(m))
    }

    /// Sends a heartbeat when nothing was sent for `every`.
    pub fn keep_alive(&mut self, every: Duration) -> io::Result<()> {
        if self.last_sent.elapsed() >= every {
            self.send(&Message::Heartbeat)?;
        }
        Ok(())
    }

    /// Tells the peer why and closes. The reader thread reads out what the
    /// peer still sends, so the message arrives before the close.
    pub fn refuse(mut self, violation: &Violation) {
        let _ = self.send(&Message::Error {
            kind: violation.kind(),
            message: violation.to_string(),
        });
        let _ = self.stream.shutdown(Shutdown::Write);
        // A peer that keeps trickling bytes would keep the reader thread
        // alive: after a short grace the socket is closed for good.
        let stream = self.stream;
        std::thread::spawn(move || {
            std::thread::sleep(LINGER);
            let _ = stream.shutdown(Shutdown::Both);
        });
    }

    pub fn close(self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

fn read_messages(stream: TcpStream, id: u64, inputs: Sender<Input>) {
    let mut reader = BufReader::new(stream);
    loop {
        let what = match wire::read_line(&mut reader) {
            Ok(Line::Text(line)) => match message::decode(&line) {
                Ok(message) => Incoming::Message(message),
                Err(bad) => Incoming::Bad(bad),
            },
            Ok(Line::Oversized) => Incoming::Bad(Violation::Oversized),
            Ok(Line::End) => Incoming::Closed(Disconnect::Closed),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                Incoming::Closed(Disconnect::Silent)
            }
            Err(e) => Incoming::Closed(Disconnect::Lost(NetError::from(&e))),
        };
        let stop = !matches!(what, Incoming::Message(_));
        let bad = matches!(what, Incoming::Bad(_));
        if inputs.send(Input::Net { id, what }).is_err() || stop {
            if bad {
                let _ = io::copy(&mut reader.take(DRAIN_LIMIT), &mut io::sink());
            }
            return;
        }
    }
}

/// What a link thread knows besides the session: is the opponent there,
/// who, and the clocks.
pub(crate) struct Presence {
    pub connected: bool,
    pub opponent: Option<String>,
    pub clocks: Option<Clocks>,
}

/// Where a link thread reports to its [`crate::Link`].
pub(crate) struct Outbox {
    events: Sender<Event>,
    shared: Arc<Mutex<Snapshot>>,
}

impl Outbox {
    pub fn new(
        session: &Session,
        my_name: &str,
    ) -> (Outbox, Receiver<Event>, Arc<Mutex<Snapshot>>) {
        let mut snapshot = Snapshot {
            game: session.net.clone(),
            me: session.my_color(),
            my_seat: session.me,
            my_name: my_name.to_string(),
            opponent: None,
            connected: false,
            clocks: None,
            undo_requested: false,
            draw_offered: false,
            undo_pending: false,
            draw_pending: false,
        };
        session.fill(&mut snapshot);
        let shared = Arc::new(Mutex::new(snapshot));
        let (events, receiver) = channel();
        let outbox = Outbox {
            events,
            shared: shared.clone(),
        };
        (outbox, receiver, shared)
    }

    /// Publishes the snapshot, then the session's events: a caller that
    /// reads the snapshot after an event sees the state after it.
    pub fn flush(&self, session: &mut Session, presence: Presence) {
        self.publish(session, presence);
        for event in std::mem::take(&mut session.events) {
            // The receiver is gone only while the link is being dropped.
            let _ = self.events.send(event);
        }
    }

    /// Publishes the snapshot alone. A link calls it before it sends the
    /// messages of a local action: the peer's answer can reach the caller
    /// (over the other end) before this thread's next flush, and the
    /// caller must not read the state from before its own action then
    /// (an undo request already answered, still showing as open).
    pub fn publish(&self, session: &Session, presence: Presence) {
        let mut snapshot = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        session.fill(&mut snapshot);
        snapshot.connected = presence.connected;
        if presence.opponent.is_some() {
            snapshot.opponent = presence.opponent;
        }
        snapshot.clocks = presence.clocks;
    }
}

/// The in-game protocol state of one end: the game, our seat and the
/// open questions (undo, draw) in both directions.
pub(crate) struct Session {
    pub net: NetGame,
    /// Our seat; our colour follows from the opening's swaps.
    pub me: Seat,
    /// The move count at which we asked for an undo.
    my_undo: Option<u32>,
    their_undo: Option<u32>,
    my_draw: bool,
    their_draw: bool,
    pub events: Vec<Event>,
}

impl Session {
    pub fn new(net: NetGame, me: Seat) -> Session {
        Session {
            net,
            me,
            my_undo: None,
            their_undo: None,
            my_draw: false,
            their_draw: false,
            events: Vec::new(),
        }
    }

    /// Replaces the game (new game, resync); open questions lapse.
    pub fn reset(&mut self, net: NetGame, me: Seat) {
        let events = std::mem::take(&mut self.events);
        *self = Session::new(net, me);
        self.events = events;
        self.events.push(Event::Synced);
    }

    pub fn my_color(&self) -> Color {
        self.net.color_of(self.me)
    }

    pub fn them(&self) -> Color {
        self.my_color().opponent()
    }

    fn move_count(&self) -> u32 {
        self.net.game().moves().len() as u32
    }

    pub fn fill(&self, snapshot: &mut Snapshot) {
        snapshot.game = self.net.clone();
        snapshot.me = self.my_color();
        snapshot.my_seat = self.me;
        snapshot.undo_requested = self.their_undo.is_some();
        snapshot.draw_offered = self.their_draw;
        snapshot.undo_pending = self.my_undo.is_some();
        snapshot.draw_pending = self.my_draw;
    }

    /// A move by either side that passed its checks.
    fn play(&mut self, point: Point, mine: bool) {
        let color = self.net.game().to_move();
        let number = self.net.next_number();
        self.net.play(point);
        // A move answers every open question with "no".
        self.my_undo = None;
        self.their_undo = None;
        self.my_draw = false;
        self.their_draw = false;
        self.events.push(Event::Moved {
            number,
            point,
            color,
            mine,
        });
        self.push_game_over();
    }

    /// An opening step by either side that passed its checks.
    fn opened(&mut self, step: gomoku_engine::opening::Action, mine: bool) {
        self.my_undo = None;
        self.their_undo = None;
        self.events.push(Event::OpeningStep { step, mine });
        self.push_game_over();
    }

    pub fn push_game_over(&mut self) {
        if let Some(outcome) = self.net.outcome() {
            self.events.push(Event::GameOver(outcome));
        }
    }

    fn undo(&mut self, requester: Color) {
        if let Some(keep) = self.net.undo_target(requester) {
            self.net.undo_to(keep);
            self.events.push(Event::Undone { keep });
        }
    }

    /// A local game action: the messages to send, or why not.
    pub fn on_action(&mut self, action: Action) -> Result<Vec<Message>, Refusal> {
        let over = |s: &Self| match s.net.outcome() {
            Some(outcome) => Err(Refusal::GameOver(outcome)),
            None => Ok(()),
        };
        Ok(match action {
            Action::Play(point) => {
                self.net
                    .check_local_move(point, self.my_color())
                    .map_err(Refusal::Illegal)?;
                let number = self.net.next_number();
                self.play(point, true);
                vec![Message::Move {
                    number,
                    at: point.to_notation(message::BOARD_SIZE),
                }]
            }
            Action::Opening(step) => {
                if self.net.opening().is_done() || self.net.to_act() != self.me {
                    return Err(Refusal::NotYourOpeningStep);
                }
                let number = self.net.opening().actions().len() as u32 + 1;
                self.net.apply_opening(step).map_err(Refusal::Illegal)?;
                self.opened(step, true);
                vec![Message::OpeningStep {
                    number,
                    step: step.into(),
                }]
            }
            Action::RequestUndo => {
                if self.net.undo_target(self.my_color()).is_none() {
                    return Err(Refusal::NothingToUndo);
                }
                if self.my_undo.is_some() {
                    return Err(Refusal::UndoPending);
                }
                self.my_undo = Some(self.move_count());
                vec![Message::UndoRequest {
                    moves: self.move_count(),
                }]
            }
            Action::AnswerUndo(accept) => {
                let moves = self.their_undo.take().ok_or(Refusal::NoUndoAsked)?;
                if accept {
                    self.undo(self.them());
                }
                vec![Message::UndoReply { moves, accept }]
            }
            Action::OfferDraw => {
                over(self)?;
                if self.my_draw {
                    return Err(Refusal::DrawPending);
                }
                self.my_draw = true;
                vec![Message::DrawOffer]
            }
            Action::AnswerDraw(accept) => {
                if !std::mem::take(&mut self.their_draw) {
                    return Err(Refusal::NoDrawOffered);
                }
                if accept {
                    self.net.agree_draw();
                    self.push_game_over();
                }
                vec![Message::DrawReply { accept }]
            }
            Action::Resign => {
                over(self)?;
                self.net.resign(self.my_color());
                self.push_game_over();
                vec![Message::Resign]
            }
            Action::Chat(text) => {
                let text = text.trim().to_string();
                if text.chars().any(char::is_control) {
                    return Err(Refusal::ChatControlCharacters);
                }
                if text.is_empty() || text.chars().count() > message::MAX_CHAT {
                    return Err(Refusal::ChatLength {
                        max: message::MAX_CHAT,
                    });
                }
                vec![Message::Chat { text }]
            }
            Action::NewGame { .. } | Action::Reconnect => {
                return Err(Refusal::WrongRole);
            }
        })
    }

    /// An in-game message from the peer: the replies to send, or the
    /// violation to close the connection with. Nothing changes on error.
    pub fn on_peer(&mut self, message: Message, from: &str) -> Result<Vec<Message>, Violation> {
        match message {
            Message::Move { number, at } => {
                let point = self.net.check_move(number, &at, self.them())?;
                self.play(point, false);
            }
            Message::OpeningStep { number, step } => {
                self.net.opening_step(number, step, self.me.other())?;
                self.opened(step.into(), false);
            }
            Message::UndoRequest { moves } => {
                if moves != self.move_count() || self.net.undo_target(self.them()).is_none() {
                    // Asked for a position that is gone (we moved meanwhile)
                    // or with nothing to take back: a polite no.
                    return Ok(vec![Message::UndoReply {
                        moves,
                        accept: false,
                    }]);
                }
                self.their_undo = Some(moves);
                self.events.push(Event::UndoRequested);
            }
            Message::UndoReply { moves, accept } => {
                // A reply to a request that lapsed (a move was played since)
                // is ignored.
                if self.my_undo == Some(moves) && moves == self.move_count() {
                    self.my_undo = None;
                    if accept {
                        self.undo(self.my_color());
                    } else {
                        self.events.push(Event::UndoDeclined);
                    }
                }
            }
            Message::DrawOffer => {
                if !self.net.is_over() {
                    self.their_draw = true;
                    self.events.push(Event::DrawOffered);
                }
            }
            Message::DrawReply { accept } => {
                if std::mem::take(&mut self.my_draw) {
                    if accept {
                        self.net.agree_draw();
                        self.push_game_over();
                    } else {
                        self.events.push(Event::DrawDeclined);
                    }
                }
            }
            Message::Resign => {
                if !self.net.is_over() {
                    self.net.resign(self.them());
                    self.push_game_over();
                }
            }
            Message::Chat { text } => self.events.push(Event::Chat {
                from: from.to_string(),
                text,
            }),
            Message::Heartbeat => {}
            other => {
                return Err(Violation::Unexpected {
                    message: message::encode(&other).trim_end().to_string(),
                    handshake: false,
                });
            }
        }
        Ok(Vec::new())
    }
}

/// A short join code, easy to read aloud: no 0/O, 1/I/L.
pub fn new_join_code() -> String {
    use std::hash::{BuildHasher, Hasher};
    const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    // RandomState is seeded from the OS per process: enough for a code
    // that only keeps strangers on the same network out.
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    let mut bits = hasher.finish();
    (0..6)
        .map(|_| {
            let c = ALPHABET[(bits % ALPHABET.len() as u64) as usize] as char;
            bits /= ALPHABET.len() as u64;
            c
        })
        .collect()
}
