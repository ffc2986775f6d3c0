//! The game at the table, whichever screen shows it: who sits where (a
//! person, the AI, or the opponent over the LAN), the moves, the AI's
//! thinking, and the link. The line mode and the full-screen mode both
//! drive a [`Table`] with [`Command`]s and show the [`Notice`]s it returns.

use crate::ai::{Answer, Purpose, SearcherSlot, Thinking};
use crate::options::{Mode, Net, Options};
use gomoku_engine::opening::{self, Decision, Opening, Phase, Seat, Task};
use gomoku_engine::search::Level;
use gomoku_engine::{Color, Game, Point};
use gomoku_net::discovery::{Announcement, Announcer};
use gomoku_net::{
    Action, ClockSettings, Disconnect, Event, GameSettings, HostConfig, JoinConfig, Link, NetGame,
    Outcome, Snapshot, Timing,
};
use std::time::{Duration, Instant};

/// The board size of every terminal game.
pub const SIZE: usize = gomoku_net::message::BOARD_SIZE;

/// A joiner that lost the host tries again this often, this many times.
const RECONNECT_EVERY: Duration = Duration::from_secs(1);
const RECONNECT_TRIES: u32 = 10;

/// A host with `--announce` repeats its announcement this often.
const ANNOUNCE_EVERY: Duration = Duration::from_secs(1);

/// Hints are searched at this level whatever the opponent's level is.
const HINT_LEVEL: Level = Level::Expert;

/// Who plays a colour (or acts in the opening).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Person,
    Ai,
    Remote,
}

/// What the player asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A point: a move, or in the opening a stone, an offer or a pick.
    Play(Point),
    /// An opening choice (swap, keep, …).
    Decide(Decision),
    /// Soosorv-8: how many fifth moves Black must offer.
    Declare(u8),
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
    /// Host: sends the discovery announcements while the game is hosted.
    _announcer: Option<Announcer>,
    joiner: bool,
    snapshot: Snapshot,
    /// A move or resignation of ours was sent and the link has not
    /// confirmed it yet.
    /// How many of our actions (moves, opening steps, a resignation) the
    /// link has not confirmed yet: nothing new starts until it has.
    awaiting: u32,
    /// The joiner's next reconnection attempt and how many were made.
    reconnect: Option<(Instant, u32)>,
    ever_connected: bool,
}

pub struct Table {
    pub mode: Mode,
    /// The person's seat against the AI (local games): the first player
    /// starts as the tentative Black; swaps in the opening change colours.
    person: Seat,
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
            opening: options.opening,
            host_color: options.color,
            clock: options
                .clock
                .map(|(initial_ms, increment_ms)| ClockSettings {
                    initial_ms,
                    increment_ms,
                }),
        };
        let net = match &options.moves {
            Some(moves) => NetGame::from_sync(settings.clone(), moves, None, &[])
                .map_err(|v| format!("--moves: {v}"))?,
            None => NetGame::new(settings.clone()),
        };
        let lan = match options.net {
            Net::Local => None,
            Net::Host(bind) => {
                let link = Link::host(HostConfig {
                    bind,
                    name: options.name.clone(),
                    code: options.code.clone(),
                    settings,
                    timing: Timing::default(),
                })
                .map_err(|e| format!("cannot host on {bind}: {e}"))?;
                let announcer = match options.announce {
                    Some(target) => {
                        let port = link.local_addr().expect("a host has an address").port();
                        let announcement =
                            Announcement::new(&options.name, port, options.rule, options.opening);
                        Some(
                            Announcer::start(target, ANNOUNCE_EVERY, &announcement)
                                .map_err(|e| format!("cannot announce to {target}: {e}"))?,
                        )
                    }
                    None => None,
                };
                Some((link, announcer))
            }
            Net::Join(addr) => Some((
                Link::join(JoinConfig {
                    addr,
                    name: options.name.clone(),
                    code: options.code.clone().unwrap_or_default(),
                    timing: Timing::default(),
                })
                .map_err(|e| format!("cannot join {addr}: {e}"))?,
                None,
            )),
        };
        Ok(Table {
            mode: options.mode,
            person: match options.color {
                Color::Black => Seat::First,
                Color::White => Seat::Second,
            },
            level: options.level,
            net,
            lan: lan.map(|(link, announcer)| Lan {
                _announcer: announcer,
                snapshot: link.snapshot(),
                link,
                joiner: matches!(options.net, Net::Join(_)),
                awaiting: 0,
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
        let mut notices = vec![Notice::Info(format!(
            "gomoku-term: {rule}, 15x15, opening {}",
            self.opening().rule()
        ))];
        match &self.lan {
            Some(lan) if lan.joiner => {
                notices.push(Notice::Info("connecting to the host…".into()));
            }
            Some(lan) => {
                let addr = lan.link.local_addr().expect("a host has an address");
                notices.push(Notice::Info(format!(
                    "hosting on {addr} with join code {}; waiting for a player",
                    lan.link.code()
                )));
                if addr.ip().is_unspecified() {
                    let here: Vec<String> = gomoku_net::local_addresses()
                        .iter()
                        .map(|ip| std::net::SocketAddr::new(*ip, addr.port()).to_string())
                        .collect();
                    notices.push(Notice::Info(format!("join at: {}", here.join(", "))));
                }
            }
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

    fn opening(&self) -> &Opening {
        self.net.opening()
    }

    /// Who plays `color` now (swaps in the opening change it).
    pub fn player(&self, color: Color) -> Player {
        self.player_of(self.opening().seat_of(color))
    }

    fn player_of(&self, seat: Seat) -> Player {
        // On the LAN our seat is the link's, and the other one is remote.
        let ours = match &self.lan {
            Some(lan) => lan.snapshot.my_seat == seat,
            None => self.mode != Mode::Pve || seat == self.person,
        };
        match (ours, self.mode) {
            (false, _) if self.lan.is_some() => Player::Remote,
            (false, _) | (true, Mode::Ave) => Player::Ai,
            (true, _) => Player::Person,
        }
    }

    /// Who acts now: the opening phase's actor, then the side to move.
    pub fn actor(&self) -> Player {
        match self.opening().phase() {
            Some(phase) => self.player_of(phase.actor),
            None => self.player(self.game().to_move()),
        }
    }

    /// The opening phase, while it lasts.
    pub fn phase(&self) -> Option<Phase> {
        self.opening().phase()
    }

    /// The points the opening phase allows (empty after the opening).
    pub fn allowed_points(&self) -> Vec<Point> {
        self.opening().allowed_points(self.game())
    }

    /// Soosorv-8 / Taraguchi-10: the fifth moves offered so far.
    pub fn offers(&self) -> &[Point] {
        self.opening().offers()
    }

    /// What the opening asks for, in a line: `First player (Black): Place …`.
    pub fn phase_text(&self) -> Option<String> {
        let phase = self.phase()?;
        let seat = match phase.actor {
            Seat::First => "first player",
            Seat::Second => "second player",
        };
        let mut text = format!(
            "{} ({seat}, {}): {}",
            match self.player_of(phase.actor) {
                Player::Ai => "AI",
                _ => "you",
            },
            phase.actor_color,
            phase.describe(self.game().moves().len())
        );
        match &phase.task {
            Task::Decide { options } => {
                let words: Vec<&str> = options.iter().map(|&d| decision_word(d)).collect();
                text.push_str(&format!(" [{}]", words.join(" / ")));
            }
            Task::Declare { max } => text.push_str(&format!(" [declare 1..{max}]")),
            Task::Pick { offers } => {
                let offers: Vec<String> = offers.iter().map(|p| p.to_notation(SIZE)).collect();
                text.push_str(&format!(" [{}]", offers.join(" ")));
            }
            Task::Place { .. } | Task::Offer { .. } => {}
        }
        Some(text)
    }

    /// Whether the game waits for a person here to act.
    pub fn wants_person(&self) -> bool {
        let lan_ready = self
            .lan
            .as_ref()
            .is_none_or(|lan| lan.snapshot.connected && lan.awaiting == 0);
        lan_ready
            && self.outcome().is_none()
            && self.actor() == Player::Person
            && self.thinking.is_none()
    }

    /// Time left for `color` as `m:ss`, when the host keeps clocks.
    pub fn clock(&self, color: Color) -> Option<String> {
        let clocks = self.snapshot()?.clocks?;
        let left = clocks.left(color, Instant::now()).as_secs();
        Some(format!("{}:{:02}", left / 60, left % 60))
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
        let connected = self.lan.as_ref().is_none_or(|lan| lan.snapshot.connected);
        if self.thinking.is_none()
            && self.outcome().is_none()
            && connected
            && self.actor() == Player::Ai
            && self.lan.as_ref().is_none_or(|lan| lan.awaiting == 0)
        {
            self.thinking = Some(if self.opening().is_done() {
                Thinking::start(self.game(), self.level, Purpose::Move, &self.slot)
            } else {
                Thinking::start_opening(self.opening(), self.game(), self.level, &self.slot)
            });
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
        let Some(answer) = thinking.poll() else {
            return;
        };
        let purpose = thinking.purpose;
        self.thinking = None;
        match (purpose, answer) {
            (_, Answer::Opening(actions)) if actions.is_empty() => {
                notices.push(Notice::Fatal(
                    "the AI stopped without an opening step".into(),
                ));
            }
            (_, Answer::Opening(actions)) => {
                for action in actions {
                    let actor = self.phase().map(|p| p.actor_color);
                    if let Err(e) = self.opening_step(action) {
                        notices.push(Notice::Error(format!("the AI's opening step: {e}")));
                        break;
                    }
                    if let Some(color) = actor {
                        notices.push(Notice::Info(format!(
                            "{color} (AI) {}",
                            describe_action(action, color)
                        )));
                    }
                }
                notices.push(Notice::Board);
            }
            (Purpose::Hint, Answer::Point(Some(p))) => {
                self.hint = Some(p);
                notices.push(Notice::Info(format!("hint: {}", p.to_notation(SIZE))));
            }
            (_, Answer::Point(Some(p))) => {
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
            // With a legal move on the board (the game would be over
            // otherwise) the search always names one: it failed.
            (_, Answer::Point(None) | Answer::Failed) => {
                notices.push(Notice::Fatal("the AI stopped without a move".into()));
            }
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
                    let settings = &lan.snapshot.game.settings;
                    notices.push(Notice::Info(format!(
                        "{opponent} is here; you play {} ({}, opening {})",
                        lan.snapshot.me, settings.rule, settings.opening
                    )));
                    notices.push(Notice::Board);
                }
                Event::Synced => notices.push(Notice::Board),
                Event::Moved {
                    point, color, mine, ..
                } => {
                    if mine {
                        lan.awaiting = lan.awaiting.saturating_sub(1);
                    } else {
                        notices.push(Notice::Info(format!(
                            "{color} ({opponent}) plays {}",
                            point.to_notation(SIZE)
                        )));
                    }
                    notices.push(Notice::Board);
                }
                Event::OpeningStep { step, mine } => {
                    if mine {
                        lan.awaiting = lan.awaiting.saturating_sub(1);
                    } else {
                        let color = lan.snapshot.me.opponent();
                        notices.push(Notice::Info(format!(
                            "{color} ({opponent}) {}",
                            describe_action(step, color)
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
                Event::GameOver(_) => lan.awaiting = 0,
                Event::Chat { from, text } => notices.push(Notice::Info(format!("{from}: {text}"))),
                Event::Refused(why) => {
                    lan.awaiting = lan.awaiting.saturating_sub(1);
                    notices.push(Notice::Error(why.to_string()));
                }
                Event::TurnedAway { peer, why } => {
                    notices.push(Notice::Info(match why {
                        Disconnect::Violation(v) => {
                            format!("turned away {peer}: {}: {v}", v.kind())
                        }
                        _ => format!("{peer} left before saying hello: {why}"),
                    }));
                }
                Event::Disconnected(why) => {
                    lan.awaiting = 0;
                    if lan.snapshot.game.is_over() {
                        continue;
                    }
                    let refused = matches!(why, Disconnect::Refused { .. });
                    if lan.joiner && (refused || !lan.ever_connected) {
                        notices.push(Notice::Fatal(why.to_string()));
                        continue;
                    }
                    notices.push(Notice::Error(format!("connection lost: {why}")));
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
            .map_err(|v| v.to_string())?;
        self.hint = None;
        match &mut self.lan {
            Some(lan) => {
                lan.awaiting += 1;
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
            Command::Play(_) | Command::Decide(_) | Command::Declare(_)
                if self.actor() != Player::Person =>
            {
                return Err(format!("it is not your turn ({to_move} to move)"));
            }
            Command::Play(point) if !self.opening().is_done() => {
                let action = match self.phase().map(|p| p.task) {
                    Some(Task::Offer { .. }) => opening::Action::Offer(point),
                    Some(Task::Pick { .. }) => opening::Action::Pick(point),
                    _ => opening::Action::Place(point),
                };
                return self.opening_step(action);
            }
            Command::Decide(decision) => {
                return self.opening_step(opening::Action::Decide(decision));
            }
            Command::Declare(count) => return self.opening_step(opening::Action::Declare(count)),
            Command::Play(point) => {
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
                if self.outcome().is_some() || self.actor() != Player::Person {
                    return Err("a hint is for a person to move".into());
                }
                if !self.opening().is_done() {
                    return Err("no hints during the opening".into());
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
                if let Some(lan) = &mut self.lan {
                    lan.awaiting += 1;
                    lan.link.act(Action::Resign);
                } else {
                    let loser = match self.mode {
                        Mode::Pve => self.opening().color_of(self.person),
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
        if !self.opening().is_done() {
            return Err("no undo during the opening".into());
        }
        let requester = match self.mode {
            Mode::Pve => self.opening().color_of(self.person),
            Mode::Pvp => self.game().to_move().opponent(),
            Mode::Ave => return Err("nobody here to undo for".into()),
        };
        let keep = self.net.undo_target(requester).ok_or("nothing to undo")?;
        self.thinking = None;
        self.hint = None;
        self.net.undo_to(keep);
        Ok(vec![Notice::Board])
    }

    /// An opening step, checked by the engine's opening rules (on the LAN
    /// by the link, which tells the opponent).
    fn opening_step(&mut self, action: opening::Action) -> Result<Vec<Notice>, String> {
        match &mut self.lan {
            Some(lan) => {
                lan.awaiting += 1;
                lan.link.act(Action::Opening(action));
                Ok(Vec::new())
            }
            None => {
                self.net.apply_opening(action).map_err(|v| v.to_string())?;
                Ok(vec![Notice::Board])
            }
        }
    }
}

/// The word a player types for an opening choice.
pub fn decision_word(decision: Decision) -> &'static str {
    match decision {
        Decision::Swap => "swap",
        Decision::Keep => "keep",
        Decision::AddTwo => "add",
        Decision::FifthInCentre => "fifth",
        Decision::TenOffers => "ten",
    }
}

/// The opening choice a word names.
pub fn decision_named(word: &str) -> Option<Decision> {
    [
        Decision::Swap,
        Decision::Keep,
        Decision::AddTwo,
        Decision::FifthInCentre,
        Decision::TenOffers,
    ]
    .into_iter()
    .find(|&d| decision_word(d) == word)
}

fn describe_action(action: opening::Action, actor: Color) -> String {
    let at = |p: Point| p.to_notation(SIZE);
    match action {
        opening::Action::Place(p) => format!("places {}", at(p)),
        opening::Action::Decide(d) => format!("chooses: {}", d.label(actor)),
        opening::Action::Declare(n) => format!("asks for {n} offered fifth moves"),
        opening::Action::Offer(p) => format!("offers {}", at(p)),
        opening::Action::Pick(p) => format!("picks {}", at(p)),
    }
}

/// `text` with control characters other than line breaks shown as `?`:
/// reasons and messages from the network are printed, and a terminal obeys
/// escape sequences.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() && c != '\n' { '?' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_from_the_network_are_not_printed() {
        assert_eq!(printable("a\u{1b}[2Jb\r\nc\u{7}"), "a?[2Jb?\nc?");
        assert_eq!(printable("Jun: 你好 ✓"), "Jun: 你好 ✓");
    }
}
