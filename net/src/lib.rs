//! The LAN protocol of the Gomoku game: one implementation, used by the
//! terminal client (`gomoku-term`) and the Bevy game. No graphics here, and
//! no game rules either: legality, forbidden points and results come from
//! [`gomoku_engine::Game`].
//!
//! # Using it
//!
//! A [`Link`] is either end of one game: [`Link::host`] listens and seats
//! one joiner; [`Link::join`] connects to a host. Each link runs on a
//! background thread (plus a reader thread per connection), so a caller
//! never blocks:
//!
//! * [`Link::act`] queues an [`Action`] (a move, an undo request, …);
//! * [`Link::poll`] returns the next [`Event`] without waiting — call it
//!   every frame from a Bevy system and turn [`Event::Moved`] into the
//!   game's usual move request; [`Link::wait`] waits (terminal, tests);
//! * [`Link::snapshot`] returns the whole state to draw: the game, names,
//!   clocks, open questions.
//!
//! Local moves go through the link too: the link checks them with the
//! engine, sends them, and reports them as `Moved { mine: true }`, so both
//! kinds of moves reach the UI by the same path.
//!
//! ```no_run
//! use gomoku_net::{Action, Event, HostConfig, JoinConfig, Link, Timing, GameSettings};
//! use gomoku_engine::Point;
//! use std::time::Duration;
//!
//! let host = Link::host(HostConfig {
//!     bind: "127.0.0.1:0".parse().unwrap(),
//!     name: "Ann".into(),
//!     code: None,
//!     settings: GameSettings::default(),
//!     timing: Timing::default(),
//! })?;
//! let joiner = Link::join(JoinConfig {
//!     addr: host.local_addr().unwrap(),
//!     name: "Bob".into(),
//!     code: host.code().to_string(),
//!     timing: Timing::default(),
//! })?;
//! while let Some(event) = host.wait(Duration::from_secs(5)) {
//!     if let Event::Connected { opponent } = event {
//!         println!("{opponent} joined");
//!         host.act(Action::Play(Point::new(7, 7)));
//!         break;
//!     }
//! }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # The protocol (version [`PROTOCOL_VERSION`])
//!
//! One TCP connection; each message is one line of JSON ([`Message`],
//! tagged by `"type"`), at most [`MAX_LINE`] bytes. The full description
//! with examples is in `docs/lan-protocol.md`. In short:
//!
//! 1. The joiner sends `hello {version, name, code}`. A wrong code, another
//!    version, garbage or an oversized line is answered with
//!    `error {kind, message}` and the connection is closed; the host keeps
//!    waiting and its game does not change. Every such reason reaches the
//!    caller as data ([`Violation`], [`Disconnect`], [`Refusal`]), for the
//!    game to say in its player's language; their `Display` is English.
//! 2. The host answers `welcome` (its name, the joiner's colour, rule,
//!    opening, clock settings) and `sync` (the move string so far and how
//!    the game ended, if it did not end on the board). A joiner that comes
//!    back after a drop gets the same two messages and replays the moves.
//! 3. With an opening rule, the players first send `opening_step`s (stones,
//!    swaps, offers), checked by the engine's opening state machine.
//!    Both sides send `move {number, at}`; the number must be the
//!    receiver's move count + 1 (else `desync`), the move must be legal
//!    (else `illegal_move`). Undo is `undo_request` / `undo_reply`, draws
//!    `draw_offer` / `draw_reply`, then `resign`, `chat`.
//! 4. The host keeps the clocks and reports them in `clock`; a fallen flag
//!    is `game_over`. Either side sends `heartbeat` when it has been quiet;
//!    a peer silent for [`Timing::peer_timeout`] is dropped and the game
//!    pauses until the joiner reconnects ([`Action::Reconnect`]).
//!
//! # Discovery
//!
//! [`discovery`] announces hosted games over UDP to a configurable address
//! and lists the announcements heard. Nothing is sent unless the caller
//! gives the address (a broadcast address on a real LAN, loopback in tests).

mod addresses;
mod client;
mod clock;
pub mod discovery;
mod host;
mod link;
pub mod message;
mod reason;
mod runtime;
mod state;
pub mod wire;

pub use addresses::{DEFAULT_PORT, host_address, join_address, local_addresses};
pub use client::JoinConfig;
pub use host::HostConfig;
pub use link::{Action, Clocks, Event, Link, Snapshot};
pub use message::{ClockSettings, Ending, ErrorKind, MAX_LINE, Message, PROTOCOL_VERSION};
pub use reason::{Disconnect, Illegal, NetError, Refusal, TextField, Violation};
pub use runtime::{Timing, new_join_code};
pub use state::{GameSettings, NetGame, Outcome};
