//! The host: owns the listening socket, the authoritative game and the
//! clocks; seats one joiner at a time and turns everyone else away.

use crate::clock::HostClock;
use crate::link::{self, Event, Link};
use crate::message::{BOARD_SIZE, Message, PROTOCOL_VERSION};
use crate::reason::{Disconnect, NetError, Refusal, Violation};
use crate::runtime::{
    Conn, Incoming, Input, Outbox, Presence, Session, TICK, Timing, new_join_code,
};
use crate::state::{GameSettings, NetGame};
use gomoku_engine::Point;
use gomoku_engine::opening::{Action, Decision};
use std::io;
use std::net::{SocketAddr, TcpListener};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

/// Connections that have not said hello yet; more are turned away.
const MAX_PENDING: usize = 8;
/// While a clock runs the joiner hears its reading this often.
const CLOCK_EVERY: Duration = Duration::from_secs(1);

#[derive(Clone, Debug)]
pub struct HostConfig {
    /// Where to listen, e.g. `0.0.0.0:7878` on a LAN or `127.0.0.1:0` in
    /// tests (port 0: any free port, see [`Link::local_addr`]).
    pub bind: SocketAddr,
    pub name: String,
    /// None: a fresh random code.
    pub code: Option<String>,
    pub settings: GameSettings,
    pub timing: Timing,
}

impl Link {
    /// Starts hosting: binds now (so a busy port is reported at once), then
    /// waits for a joiner on a background thread.
    pub fn host(config: HostConfig) -> io::Result<Link> {
        Link::host_from(config, &[])
    }

    /// Starts hosting a game that goes on from `moves` (a free opening's
    /// position: the game's command line `--moves`); moves that cannot be
    /// played are an `InvalidInput` error.
    pub fn host_from(config: HostConfig, moves: &[Point]) -> io::Result<Link> {
        let moves: String = moves.iter().map(|p| p.to_notation(BOARD_SIZE)).collect();
        let game = NetGame::from_sync(config.settings.clone(), &moves, None, &[])
            .map_err(|v| io::Error::new(io::ErrorKind::InvalidInput, v))?;
        let listener = TcpListener::bind(config.bind)?;
        listener.set_nonblocking(true)?;
        let local_addr = listener.local_addr()?;
        let code = config.code.clone().unwrap_or_else(new_join_code);
        let (input_tx, input_rx) = channel();
        let me = config.settings.host_seat();
        let session = Session::new(game, me);
        let (outbox, event_rx, shared) = Outbox::new(&session, &config.name);
        let clock = config.settings.clock.map(HostClock::new);
        let mut host = Host {
            listener,
            name: config.name,
            code: code.clone(),
            timing: config.timing,
            session,
            clock,
            guest: None,
            pending: Vec::new(),
            next_id: 0,
            inputs: input_tx.clone(),
            outbox,
            clock_sent: Instant::now(),
        };
        let thread = std::thread::Builder::new()
            .name("gomoku-net host".into())
            .spawn(move || host.run(input_rx))?;
        Ok(Link {
            actions: input_tx,
            events: event_rx,
            shared,
            thread: Some(thread),
            local_addr: Some(local_addr),
            code,
        })
    }
}

/// The joiner at the table.
struct Guest {
    conn: Conn,
    name: String,
}

struct Host {
    listener: TcpListener,
    name: String,
    code: String,
    timing: Timing,
    session: Session,
    clock: Option<HostClock>,
    guest: Option<Guest>,
    pending: Vec<Conn>,
    next_id: u64,
    inputs: Sender<Input>,
    outbox: Outbox,
    clock_sent: Instant,
}

impl Host {
    fn run(&mut self, inputs: Receiver<Input>) {
        loop {
            match inputs.recv_timeout(TICK) {
                Ok(Input::Stop) | Err(RecvTimeoutError::Disconnected) => break,
                Ok(Input::Act(action)) => self.act(action),
                Ok(Input::Net { id, what }) => self.net(id, what),
                Err(RecvTimeoutError::Timeout) => {}
            }
            self.accept();
            self.tick();
            self.flush_events();
        }
        for conn in self.pending.drain(..) {
            conn.close();
        }
        if let Some(seat) = self.guest.take() {
            seat.conn.close();
        }
    }

    fn accept(&mut self) {
        loop {
            let (stream, peer) = match self.listener.accept() {
                Ok(accepted) => accepted,
                // WouldBlock: nobody is knocking. Other errors (a peer that
                // reset before we accepted) only lose that peer.
                Err(_) => return,
            };
            self.next_id += 1;
            let conn = match Conn::open(stream, self.next_id, &self.timing, self.inputs.clone()) {
                Ok(conn) => conn,
                Err(e) => {
                    let why = Disconnect::Lost(NetError::from(&e));
                    self.emit(Event::TurnedAway { peer, why });
                    continue;
                }
            };
            if self.pending.len() >= MAX_PENDING {
                conn.refuse(&Violation::TooManyConnections);
                continue;
            }
            self.pending.push(conn);
        }
    }

    fn act(&mut self, action: link::Action) {
        if let link::Action::NewGame { host_color } = action {
            let settings = GameSettings {
                host_color,
                ..self.session.net.settings.clone()
            };
            self.clock = settings.clock.map(HostClock::new);
            let seat = settings.host_seat();
            self.session.reset(NetGame::new(settings), seat);
            self.send_game();
            self.after_change();
            return;
        }
        let needs_peer = !matches!(action, link::Action::Resign);
        if needs_peer && self.guest.is_none() {
            self.emit(Event::Refused(Refusal::Paused));
            return;
        }
        match self.session.on_action(action) {
            Ok(messages) => {
                self.outbox.publish(&self.session, self.presence());
                self.send_seat(&messages);
            }
            Err(why) => self.emit(Event::Refused(why)),
        }
        self.after_change();
    }

    fn net(&mut self, id: u64, what: Incoming) {
        if let Some(i) = self.pending.iter().position(|c| c.id == id) {
            let conn = self.pending.swap_remove(i);
            self.handshake(conn, what);
        } else if self.guest.as_ref().is_some_and(|s| s.conn.id == id) {
            self.seated(what);
        }
        // Anything else comes from a connection already closed.
    }

    fn handshake(&mut self, conn: Conn, what: Incoming) {
        let hello = match what {
            Incoming::Message(Message::Hello {
                version,
                name,
                code,
            }) => self.check_hello(version, &code).map(|()| name),
            Incoming::Message(_) => Err(Violation::HelloFirst),
            Incoming::Bad(bad) => Err(bad),
            Incoming::Closed(why) => {
                let peer = conn.peer;
                self.emit(Event::TurnedAway { peer, why });
                return;
            }
        };
        let name = match hello {
            Ok(name) => name.trim().to_string(),
            Err(violation) => return self.turn_away(conn, violation),
        };
        // The same player coming back takes their seat again even if the
        // old connection has not timed out yet.
        if let Some(seat) = self.guest.take_if(|s| s.name == name) {
            seat.conn.close();
        }
        if let Some(seat) = &self.guest {
            let busy = Violation::SeatTaken {
                player: seat.name.clone(),
            };
            return self.turn_away(conn, busy);
        }
        self.guest = Some(Guest {
            conn,
            name: name.clone(),
        });
        self.send_game();
        self.emit(Event::Connected { opponent: name });
        self.after_change();
    }

    fn check_hello(&self, version: u32, code: &str) -> Result<(), Violation> {
        if version != PROTOCOL_VERSION {
            return Err(Violation::Version {
                ours: PROTOCOL_VERSION,
                theirs: version,
            });
        }
        if !code.trim().eq_ignore_ascii_case(&self.code) {
            return Err(Violation::WrongCode);
        }
        Ok(())
    }

    fn turn_away(&mut self, conn: Conn, violation: Violation) {
        let peer = conn.peer;
        conn.refuse(&violation);
        let why = Disconnect::Violation(violation);
        self.emit(Event::TurnedAway { peer, why });
    }

    fn seated(&mut self, what: Incoming) {
        let name = self
            .guest
            .as_ref()
            .map_or(String::new(), |s| s.name.clone());
        let outcome = match what {
            Incoming::Message(Message::Error { kind, message }) => {
                return self.drop_seat(Disconnect::Refused { kind, message });
            }
            Incoming::Message(message) => self.session.on_peer(message, &name),
            Incoming::Bad(bad) => Err(bad),
            Incoming::Closed(why) => return self.drop_seat(why),
        };
        match outcome {
            Ok(replies) => self.send_seat(&replies),
            Err(violation) => {
                if let Some(seat) = self.guest.take() {
                    seat.conn.refuse(&violation);
                }
                self.drop_seat(Disconnect::Violation(violation));
            }
        }
        self.after_change();
    }

    fn drop_seat(&mut self, why: Disconnect) {
        if let Some(seat) = self.guest.take() {
            seat.conn.close();
        }
        self.emit(Event::Disconnected(why));
        self.after_change();
    }

    /// `welcome`, `sync` and the clock: the joiner's whole picture.
    fn send_game(&mut self) {
        let net = &self.session.net;
        let messages = [
            net.settings.welcome(&self.name),
            Message::Sync {
                moves: net.move_string(),
                ended: net.ending(),
                opening: net.opening_steps(),
            },
        ];
        self.send_seat(&messages);
    }

    fn send_seat(&mut self, messages: &[Message]) {
        if messages.is_empty() {
            return;
        }
        let failed = match &mut self.guest {
            Some(seat) => seat.conn.send_all(messages).err(),
            None => None,
        };
        if let Some(e) = failed {
            self.drop_seat(Disconnect::Lost(NetError::from(&e)));
        }
    }

    /// Runs the clock for the side to move while someone is seated and the
    /// game goes on, and tells the joiner.
    fn after_change(&mut self) {
        let now = Instant::now();
        let Some(clock) = &mut self.clock else {
            return self.flush_events();
        };
        for event in &self.session.events {
            match event {
                Event::Moved { color, .. } => clock.moved(*color, now),
                // Time belongs to the players, not to the colours.
                Event::OpeningStep {
                    step: Action::Decide(Decision::Swap),
                    ..
                } => clock.swap_sides(now),
                _ => {}
            }
        }
        let live = self.guest.is_some() && !self.session.net.is_over();
        clock.run(live.then(|| self.session.net.acting_color()), now);
        if !self.session.events.is_empty() {
            self.send_clock(now);
        }
        self.flush_events();
    }

    fn send_clock(&mut self, now: Instant) {
        let Some(clock) = &self.clock else { return };
        let reading = clock.reading(now);
        self.clock_sent = now;
        self.send_seat(&[Message::Clock {
            black_ms: reading.black.as_millis() as u64,
            white_ms: reading.white.as_millis() as u64,
            running: reading.running,
        }]);
    }

    fn tick(&mut self) {
        let now = Instant::now();
        // A connection that trickles bytes without ever finishing its hello
        // would hold a place among the pending ones for good.
        let deadline = self.timing.peer_timeout;
        let (late, pending): (Vec<Conn>, Vec<Conn>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|c| now.duration_since(c.opened) > deadline);
        self.pending = pending;
        for conn in late {
            self.turn_away(conn, Violation::NoHelloInTime);
        }
        if let Some(loser) = self.clock.as_ref().and_then(|c| c.flagged(now)) {
            self.session.net.time_out(loser);
            // The final reading first, so the joiner shows the fallen flag.
            if let Some(clock) = &mut self.clock {
                clock.run(None, now);
            }
            self.send_clock(now);
            self.send_seat(&[Message::GameOver {
                ended: crate::message::Ending::Timeout { loser },
            }]);
            self.session.push_game_over();
            self.flush_events();
        }
        let running = self
            .clock
            .as_ref()
            .is_some_and(|c| c.reading(now).running.is_some());
        if running && now.duration_since(self.clock_sent) >= CLOCK_EVERY {
            self.send_clock(now);
        }
        let every = self.timing.heartbeat;
        let failed = self
            .guest
            .as_mut()
            .and_then(|s| s.conn.keep_alive(every).err());
        if let Some(e) = failed {
            self.drop_seat(Disconnect::Lost(NetError::from(&e)));
        }
    }

    fn presence(&self) -> Presence {
        Presence {
            connected: self.guest.is_some(),
            opponent: self.guest.as_ref().map(|s| s.name.clone()),
            clocks: self.clock.as_ref().map(|c| c.reading(Instant::now())),
        }
    }

    fn flush_events(&mut self) {
        let presence = self.presence();
        self.outbox.flush(&mut self.session, presence);
    }

    fn emit(&mut self, event: Event) {
        self.session.events.push(event);
        self.flush_events();
    }
}
