//! The game at the table, whichever screen shows it: who sits where (a
//! person, the AI, or the opponent over the LAN), the moves, the AI's
//! thinking, and the link. The line mode and the full-screen mode both
//! drive a [`Table`] with [`Command`]s and show the [`Notice`]s it returns.

use crate::ai::{Purpose, SearcherSlot, Thinking};
use crate::options::{Mode, Net, Options};
use gomoku_engine::search::Level;
use gomoku_engine::{Color, Game, Point};
use gomoku_net::{
    Action, Event, GameSettings, HostConfig, JoinConfig, Link, NetGame, Outcome, Snapshot, Timing,
};
use std::time::{Duration, Instant};

/// The board size of every terminal game.
pub const SIZE: usize = gomoku_net::message::BOARD_SIZE;

/// A joiner that lost the host tries again this often, this many times.
const RECONNECT_EVERY: Duration = Duration::from_secs(1);
const RECONNECT_TRIES: u32 = 10;

/// Hints are searched at this level whatever the opponent's level is.
const HINT_LEVEL: Level = Level::Expert;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Person,
    Ai,
    Remote,
}

/// What the player asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Play(Point),
    Undo,
    Hint,
    Resign,
    NewGame,
    OfferDraw,
    /// Answers the opponent's undo request or draw offer.
    Answer(bool),
    Chat(String),
}

/// Something to tell the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    Info(String),
    Error(String),
    /// The board changed: show it again.
    Board,
    /// The game cannot go on (the host refused us, or is gone for good).
    Fatal(String),
}

struct Lan {
    link: Link,
    joiner: bool,
    snapshot: Snapshot,
    /// A move of ours was sent and the link has not confirmed it yet.
    awaiting_move: bool,
    /// The joiner's next reconnection attempt and how many were made.
    reconnect: Option<(Instant, u32)>,
    ever_connected: bool,
}

pub struct Table {
    pub mode: Mode,
    /// The person's colour against the AI (local games).
    person: Color,
    level: Level,
    net: NetGame,
    lan: Option<Lan>,
    slot: SearcherSlot,
    pub thinking: Option<Thinking>,
    pub hint: Option<Point>,
}

impl Table {
    pub fn new(options: &Options) -> Result<Table, String> {
        let settings = GameSettings {
            rule: options.rule,
            host_color: options.color,
            ..GameSettings::default()
        };
        let net = match &options.moves {
            Some(moves) => NetGame::from_sync(settings.clone(), moves, None)
                .map_err(|v| format!("--moves: {}", v.message))?,
            None => NetGame::new(settings.clone()),
        };
        let lan = match options.net {
            Net::Local => None,
            Net::Host(bind) => Some(
                Link::host(HostConfig {
                    bind,
                    name: options.name.clone(),
                    code: options.code.clone(),
                    settings,
                    timing: Timing::default(),
                })
                .map_err(|e| format!("cannot host on {bind}: {e}"))?,
            ),
            Net::Join(addr) => Some(
                Link::join(JoinConfig {
                    addr,
                    name: options.name.clone(),
                    code: options.code.clone().unwrap_or_default(),
                    timing: Timing::default(),
                })
                .map_err(|e| format!("cannot join {addr}: {e}"))?,
            ),
        };
        Ok(Table {
            mode: options.mode,
            person: options.color,
            level: options.level,
            net,
            lan: lan.map(|link| Lan {
                snapshot: link.snapshot(),
                link,
                joiner: matches!(options.net, Net::Join(_)),
                awaiting_move: false,
                reconnect: None,
                ever_connected: false,
            }),
            slot: SearcherSlot::default(),
            thinking: None,
            hint: None,
        })
    }

    /// What to say before the first move.
    pub fn greeting(&self) -> Vec<Notice> {
        let rule = self.game().rule();
        let mut notices = vec![Notice::Info(format!("gomoku-term: {rule}, 15x15"))];
        match &self.lan {
            Some(lan) if lan.joiner => {
                notices.push(Notice::Info("connecting to the host…".into()));
            }
            Some(lan) => notices.push(Notice::Info(format!(
                "hosting on {} with join code {}; waiting for a player",
                lan.link.local_addr().expect("a host has an address"),
                lan.link.code()
            ))),
            None => {}
        }
        notices
    }

    pub fn game(&self) -> &Game {
        self.net.game()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.net.outcome()
    }

    /// The moves so far as a move string, e.g. `h8i9j10`.
    pub fn move_string(&self) -> String {
        self.net.move_string()
    }

    pub fn snapshot(&self) -> Option<&Snapshot> {
        self.lan.as_ref().map(|lan| &lan.snapshot)
    }

    pub fn seat(&self, color: Color) -> Seat {
        let ours = match self.mode {
            Mode::Ave => Seat::Ai,
            _ => Seat::Person,
        };
        match (&self.lan, self.mode) {
            (Some(lan), _) if lan.snapshot.me != color => Seat::Remote,
            (Some(_), _) | (None, Mode::Pvp | Mode::Ave) => ours,
            (None, Mode::Pve) if color == self.person => Seat::Person,
            (None, Mode::Pve) => Seat::Ai,
        }
    }

    /// Whether the game waits for a person here to play.
    pub fn wants_person(&self) -> bool {
        let lan_ready = self
            .lan
            .as_ref()
            .is_none_or(|lan| lan.snapshot.connected && !lan.awaiting_move);
        lan_ready
            && self.outcome().is_none()
            && self.seat(self.game().to_move()) == Seat::Person
            && self.thinking.is_none()
    }

    /// Whether the opponent waits for our yes or no.
    pub fn question(&self) -> Option<&'static str> {
        let s = &self.lan.as_ref()?.snapshot;
        if s.undo_requested {
            Some("take back a move")
        } else if s.draw_offered {
            Some("a draw")
        } else {
            None
        }
    }

    /// Takes in what happened meanwhile (LAN events, the AI's answer) and
    /// starts the AI when it is its turn.
    pub fn update(&mut self) -> Vec<Notice> {
        let mut notices = Vec::new();
        self.read_link(&mut notices);
        self.collect_search(&mut notices);
        let to_move = self.game().to_move();
        let connected = self.lan.as_ref().is_none_or(|lan| lan.snapshot.connected);
        if self.thinking.is_none()
            && self.outcome().is_none()
            && connected
            && self.seat(to_move) == Seat::Ai
            && !self.lan.as_ref().is_some_and(|lan| lan.awaiting_move)
        {
            self.thinking = Some(Thinking::start(
                self.game(),
                self.level,
                Purpose::Move,
                &self.slot,
            ));
        }
        notices
    }

    fn collect_search(&mut self, notices: &mut Vec<Notice>) {
        let Some(thinking) = &mut self.thinking else {
            return;
        };
        if !thinking.is_for(self.net.game()) {
            self.thinking = None;
            return;
        }
        let Some(best) = thinking.poll() else { return };
        let purpose = thinking.purpose;
        self.thinking = None;
        match (purpose, best) {
            (Purpose::Hint, Some(p)) => {
                self.hint = Some(p);
                notices.push(Notice::Info(format!("hint: {}", p.to_notation(SIZE))));
            }
            (Purpose::Move, Some(p)) => {
                let color = self.game().to_move();
                notices.push(Notice::Info(format!(
                    "{color} (AI) plays {}",
                    p.to_notation(SIZE)
                )));
                if let Err(e) = self.play(p) {
                    notices.push(Notice::Error(e));
                }
                if self.lan.is_none() {
                    notices.push(Notice::Board);
                }
            }
            (_, None) => notices.push(Notice::Info("no legal move left".into())),
        }
    }

    fn read_link(&mut self, notices: &mut Vec<Notice>) {
        let Some(lan) = &mut self.lan else { return };
        while let Some(event) = lan.link.poll() {
            lan.snapshot = lan.link.snapshot();
            let opponent = lan
                .snapshot
                .opponent
                .clone()
                .unwrap_or("the opponent".into());
            match event {
                Event::Connected { opponent } => {
                    lan.ever_connected = true;
                    lan.reconnect = None;
                    notices.push(Notice::Info(format!(
                        "{opponent} is here; you play {}",
                        lan.snapshot.me
                    )));
                    notices.push(Notice::Board);
                }
                Event::Synced => notices.push(Notice::Board),
                Event::Moved {
                    point, color, mine, ..
                } => {
                    if mine {
                        lan.awaiting_move = false;
                    } else {
                        notices.push(Notice::Info(format!(
                            "{color} ({opponent}) plays {}",
                            point.to_notation(SIZE)
                        )));
                    }
                    notices.push(Notice::Board);
                }
                Event::Undone { keep } => {
                    notices.push(Notice::Info(format!("undo: {keep} moves remain")));
                    notices.push(Notice::Board);
                }
                Event::UndoRequested => notices.push(Notice::Info(format!(
                    "{opponent} asks to take back a move (yes or no)"
                ))),
                Event::UndoDeclined => {
                    notices.push(Notice::Info(format!("{opponent} declined the undo")));
                }
                Event::DrawOffered => {
                    notices.push(Notice::Info(format!(
                        "{opponent} offers a draw (yes or no)"
                    )));
                }
                Event::DrawDeclined => {
                    notices.push(Notice::Info(format!("{opponent} declined the draw")));
                }
                Event::GameOver(_) => {}
                Event::Chat { from, text } => notices.push(Notice::Info(format!("{from}: {text}"))),
                Event::Refused(why) => {
                    lan.awaiting_move = false;
                    notices.push(Notice::Error(why));
                }
                Event::TurnedAway { peer, reason } => {
                    notices.push(Notice::Info(format!("turned away {peer}: {reason}")));
                }
                Event::Disconnected { reason, refused } => {
                    lan.awaiting_move = false;
                    if lan.snapshot.game.is_over() {
                        continue;
                    }
                    if lan.joiner && (refused.is_some() || !lan.ever_connected) {
                        notices.push(Notice::Fatal(reason));
                        continue;
                    }
                    notices.push(Notice::Error(format!("connection lost: {reason}")));
                    if lan.joiner {
                        let tries = lan.reconnect.map_or(0, |(_, n)| n);
                        if tries >= RECONNECT_TRIES {
                            notices.push(Notice::Fatal(format!(
                                "the host did not come back after {tries} tries"
                            )));
                        } else {
                            lan.reconnect = Some((Instant::now() + RECONNECT_EVERY, tries + 1));
                            notices.push(Notice::Info("reconnecting…".into()));
                        }
                    } else {
                        notices.push(Notice::Info(format!(
                            "the game is paused until {opponent} comes back"
                        )));
                    }
                }
            }
        }
        if let Some((at, _)) = lan.reconnect
            && Instant::now() >= at
            && !lan.snapshot.connected
        {
            lan.reconnect = lan
                .reconnect
                .map(|(_, n)| (Instant::now() + RECONNECT_EVERY * 30, n));
            lan.link.act(Action::Reconnect);
        }
        let before = self.net.game().moves().len();
        self.net = lan.snapshot.game.clone();
        if self.net.game().moves().len() != before {
            self.hint = None;
        }
    }

    /// Plays for the side to move (a person's command or the AI's answer).
    fn play(&mut self, point: Point) -> Result<(), String> {
        let mover = self.game().to_move();
        self.net
            .check_local_move(point, mover)
            .map_err(|v| v.message)?;
        self.hint = None;
        match &mut self.lan {
            Some(lan) => {
                lan.awaiting_move = true;
                lan.link.act(Action::Play(point));
            }
            None => self.net.play(point),
        }
        Ok(())
    }

    fn act(&mut self, action: Action) -> Result<(), String> {
        match &self.lan {
            Some(lan) => {
                lan.link.act(action);
                Ok(())
            }
            None => Err("that is for LAN games".into()),
        }
    }

    /// Carries out a player's command.
    pub fn command(&mut self, command: Command) -> Result<Vec<Notice>, String> {
        let to_move = self.game().to_move();
        match command {
            Command::Play(point) => {
                if self.seat(to_move) != Seat::Person {
                    return Err(format!("it is not your turn ({to_move} to move)"));
                }
                self.play(point)?;
                let board = if self.lan.is_none() {
                    vec![Notice::Board]
                } else {
                    Vec::new()
                };
                return Ok(board);
            }
            Command::Undo => return self.undo(),
            Command::Hint => {
                if self.outcome().is_some() || self.seat(to_move) != Seat::Person {
                    return Err("a hint is for a person to move".into());
                }
                self.thinking = Some(Thinking::start(
                    self.game(),
                    HINT_LEVEL,
                    Purpose::Hint,
                    &self.slot,
                ));
                return Ok(vec![Notice::Info("looking for a hint…".into())]);
            }
            Command::Resign => {
                if self.lan.is_some() {
                    self.act(Action::Resign)?;
                } else {
                    let loser = match self.mode {
                        Mode::Pve => self.person,
                        Mode::Pvp => to_move,
                        Mode::Ave => return Err("nobody here to resign".into()),
                    };
                    if self.outcome().is_some() {
                        return Err("the game is already over".into());
                    }
                    self.net.resign(loser);
                }
            }
            Command::NewGame => match &self.lan {
                Some(lan) if lan.joiner => return Err("only the host starts a new game".into()),
                Some(lan) => {
                    let host_color = lan.snapshot.game.settings.host_color;
                    self.act(Action::NewGame { host_color })?;
                }
                None => {
                    self.thinking = None;
                    self.hint = None;
                    self.net = NetGame::new(self.net.settings.clone());
                    return Ok(vec![Notice::Info("new game".into()), Notice::Board]);
                }
            },
            Command::OfferDraw => {
                self.act(Action::OfferDraw)?;
                return Ok(vec![Notice::Info("draw offered".into())]);
            }
            Command::Answer(yes) => {
                let action = match self.question() {
                    Some("a draw") => Action::AnswerDraw(yes),
                    Some(_) => Action::AnswerUndo(yes),
                    None => return Err("nobody asked anything".into()),
                };
                self.act(action)?;
            }
            Command::Chat(text) => self.act(Action::Chat(text))?,
        }
        Ok(Vec::new())
    }

    fn undo(&mut self) -> Result<Vec<Notice>, String> {
        if self.lan.is_some() {
            self.act(Action::RequestUndo)?;
            return Ok(vec![Notice::Info("undo requested".into())]);
        }
        // Back to the turn of the person asking: in pvp the one who moved
        // last, against the AI the person.
        let requester = match self.mode {
            Mode::Pve => self.person,
            Mode::Pvp => self.game().to_move().opponent(),
            Mode::Ave => return Err("nobody here to undo for".into()),
        };
        let keep = self.net.undo_target(requester).ok_or("nothing to undo")?;
        self.thinking = None;
        self.hint = None;
        self.net.undo_to(keep);
        Ok(vec![Notice::Board])
    }
}
