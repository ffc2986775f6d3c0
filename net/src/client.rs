//! The joiner: connects to a host, says hello, mirrors the host's game
//! and can reconnect after a drop (the host then sends the whole game).

use crate::link::{Action, Clocks, Event, Link};
use crate::message::{Ending, Message, PROTOCOL_VERSION};
use crate::reason::{Disconnect, NetError, Refusal, Violation};
use crate::runtime::{Conn, Incoming, Input, Outbox, Presence, Session, TICK, Timing};
use crate::state::{GameSettings, NetGame};
use gomoku_engine::Color;
use gomoku_engine::opening::{OpeningRule, Seat};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct JoinConfig {
    pub addr: SocketAddr,
    pub name: String,
    pub code: String,
    pub timing: Timing,
}

impl Link {
    /// Starts joining: the connection is made on the background thread;
    /// [`Event::Connected`] or [`Event::Disconnected`] tells how it went.
    pub fn join(config: JoinConfig) -> std::io::Result<Link> {
        let (input_tx, input_rx) = channel();
        let session = Session::new(NetGame::new(GameSettings::default()), Seat::Second);
        let (outbox, event_rx, shared) = Outbox::new(&session, &config.name);
        let code = config.code.clone();
        let mut joiner = Joiner {
            config,
            conn: None,
            stage: Stage::Offline,
            session,
            opponent: None,
            clocks: None,
            next_id: 0,
            inputs: input_tx.clone(),
            outbox,
        };
        let thread = std::thread::Builder::new()
            .name("gomoku-net joiner".into())
            .spawn(move || joiner.run(input_rx))?;
        Ok(Link {
            actions: input_tx,
            events: event_rx,
            shared,
            thread: Some(thread),
            local_addr: None,
            code,
        })
    }
}

/// Where the joiner is in the conversation.
enum Stage {
    Offline,
    /// Hello sent, waiting for `welcome`.
    Hello,
    /// `welcome` read, waiting for the `sync` that completes it.
    Welcome {
        settings: GameSettings,
    },
    Playing,
}

struct Joiner {
    config: JoinConfig,
    conn: Option<Conn>,
    stage: Stage,
    session: Session,
    opponent: Option<String>,
    clocks: Option<Clocks>,
    next_id: u64,
    inputs: Sender<Input>,
    outbox: Outbox,
}

impl Joiner {
    fn run(&mut self, inputs: Receiver<Input>) {
        self.connect();
        loop {
            match inputs.recv_timeout(TICK) {
                Ok(Input::Stop) | Err(RecvTimeoutError::Disconnected) => break,
                Ok(Input::Act(action)) => self.act(action),
                Ok(Input::Net { id, what }) => {
                    if self.conn.as_ref().is_some_and(|c| c.id == id) {
                        self.net(what);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            let every = self.config.timing.heartbeat;
            if let Some(e) = self.conn.as_mut().and_then(|c| c.keep_alive(every).err()) {
                self.lost(Disconnect::Lost(NetError::from(&e)));
            }
            self.flush_events();
        }
        if let Some(conn) = self.conn.take() {
            conn.close();
        }
    }

    fn connect(&mut self) {
        let addr = self.config.addr;
        let opened =
            TcpStream::connect_timeout(&addr, self.config.timing.connect).and_then(|stream| {
                self.next_id += 1;
                Conn::open(
                    stream,
                    self.next_id,
                    &self.config.timing,
                    self.inputs.clone(),
                )
            });
        let mut conn = match opened {
            Ok(conn) => conn,
            Err(e) => {
                let error = NetError::from(&e);
                return self.lost(Disconnect::CannotConnect { addr, error });
            }
        };
        let hello = Message::Hello {
            version: PROTOCOL_VERSION,
            name: self.config.name.clone(),
            code: self.config.code.clone(),
        };
        match conn.send(&hello) {
            Ok(()) => {
                self.conn = Some(conn);
                self.stage = Stage::Hello;
            }
            Err(e) => self.lost(Disconnect::Lost(NetError::from(&e))),
        }
    }

    fn act(&mut self, action: Action) {
        if action == Action::Reconnect {
            if self.conn.is_some() {
                return self.emit(Event::Refused(Refusal::AlreadyConnected));
            }
            return self.connect();
        }
        let needs_peer = !matches!(action, Action::Resign);
        if needs_peer && !matches!(self.stage, Stage::Playing) {
            return self.emit(Event::Refused(Refusal::Paused));
        }
        match self.session.on_action(action) {
            Ok(messages) => {
                self.outbox.publish(&self.session, self.presence());
                self.send(&messages);
            }
            Err(why) => self.emit(Event::Refused(why)),
        }
    }

    fn net(&mut self, what: Incoming) {
        let message = match what {
            Incoming::Message(Message::Error { kind, message }) => {
                return self.lost(Disconnect::Refused { kind, message });
            }
            Incoming::Message(message) => message,
            Incoming::Bad(bad) => return self.violated(bad),
            Incoming::Closed(why) => return self.lost(why),
        };
        let stage = std::mem::replace(&mut self.stage, Stage::Offline);
        let result = match (stage, message) {
            (
                Stage::Hello | Stage::Playing,
                Message::Welcome {
                    version,
                    name,
                    you,
                    rule,
                    opening,
                    size,
                    clock,
                },
            ) => {
                let opening_rule = OpeningRule::from_name(&opening);
                if version != PROTOCOL_VERSION {
                    Err(Violation::Version {
                        ours: PROTOCOL_VERSION,
                        theirs: version,
                    })
                } else if size != crate::message::BOARD_SIZE {
                    Err(Violation::BoardSize { theirs: size })
                } else if let Some(opening) = opening_rule {
                    self.opponent = Some(name);
                    let settings = GameSettings {
                        rule,
                        opening,
                        host_color: you.opponent(),
                        clock,
                    };
                    self.stage = Stage::Welcome { settings };
                    Ok(Vec::new())
                } else {
                    Err(Violation::UnknownOpening { name: opening })
                }
            }
            (
                Stage::Welcome { settings },
                Message::Sync {
                    moves,
                    ended,
                    opening,
                },
            ) => {
                // The joiner sits in the seat the host does not take.
                let seat = settings.host_seat().other();
                NetGame::from_sync(settings, &moves, ended, &opening).map(|net| {
                    self.session.reset(net, seat);
                    self.stage = Stage::Playing;
                    let opponent = self.opponent.clone().unwrap_or_default();
                    self.session.events.push(Event::Connected { opponent });
                    Vec::new()
                })
            }
            (Stage::Playing, message) => {
                self.stage = Stage::Playing;
                self.in_game(message)
            }
            (_, message) => Err(Violation::Unexpected {
                message: crate::message::encode(&message).trim_end().to_string(),
                handshake: true,
            }),
        };
        match result {
            Ok(replies) => self.send(&replies),
            Err(violation) => self.violated(violation),
        }
    }

    /// Messages only the host sends, then the common ones.
    fn in_game(&mut self, message: Message) -> Result<Vec<Message>, Violation> {
        match message {
            Message::Clock {
                black_ms,
                white_ms,
                running,
            } => {
                self.clocks = Some(Clocks {
                    black: Duration::from_millis(black_ms),
                    white: Duration::from_millis(white_ms),
                    running,
                    read_at: Instant::now(),
                });
                Ok(Vec::new())
            }
            Message::GameOver {
                ended: Ending::Timeout { loser },
            } => {
                if !self.session.net.is_over() {
                    self.session.net.time_out(loser);
                    self.session.push_game_over();
                }
                Ok(Vec::new())
            }
            message => {
                let host = self.opponent.clone().unwrap_or_default();
                self.session.on_peer(message, &host)
            }
        }
    }

    fn send(&mut self, messages: &[Message]) {
        if messages.is_empty() {
            return;
        }
        if let Some(e) = self.conn.as_mut().and_then(|c| c.send_all(messages).err()) {
            self.lost(Disconnect::Lost(NetError::from(&e)));
        }
    }

    fn violated(&mut self, violation: Violation) {
        if let Some(conn) = self.conn.take() {
            conn.refuse(&violation);
        }
        self.lost(Disconnect::Violation(violation));
    }

    fn lost(&mut self, why: Disconnect) {
        if let Some(conn) = self.conn.take() {
            conn.close();
        }
        self.stage = Stage::Offline;
        // The host stops the clock while we are away: freeze our copy.
        let now = Instant::now();
        self.clocks = self.clocks.map(|c| Clocks {
            black: c.left(Color::Black, now),
            white: c.left(Color::White, now),
            running: None,
            read_at: now,
        });
        self.emit(Event::Disconnected(why));
    }

    fn emit(&mut self, event: Event) {
        self.session.events.push(event);
        self.flush_events();
    }

    fn presence(&self) -> Presence {
        Presence {
            connected: matches!(self.stage, Stage::Playing),
            opponent: self.opponent.clone(),
            clocks: self.clocks,
        }
    }

    fn flush_events(&mut self) {
        let presence = self.presence();
        self.outbox.flush(&mut self.session, presence);
    }
}
