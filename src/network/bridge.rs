//! The frame's work of a LAN game, without any drawing: read the link
//! every frame (never waiting), bring the match in line with the link's
//! game, and send the local player's moves, undo requests and resignation
//! to the link first.
//!
//! The link is the authority: it checks every move with the engine before
//! it sends or accepts it. The match follows the link's game by messages
//! only — a move as the same [`MoveRequest`] a click makes (so it lands
//! with the same animation and sound), an agreed undo as
//! [`GameCommand::TakeBackTo`], an ending the moves do not give as
//! [`GameCommand::Declare`], a different game (joined, resynchronised,
//! new game) as [`GameCommand::Start`]. So a bad message, which the link
//! refuses, never reaches the match.

use super::session::Lan;
use crate::i18n::t;
use crate::play::AppSystems;
use crate::play::clock::GameClock;
use crate::play::game::{GameCommand, Match, MatchSettings, Mode, MoveRequest, Mover, Notice};
use crate::settings::Settings;
use bevy::prelude::*;
use gomoku_engine::{Color, ForbiddenPolicy, GameResult, Point};
use gomoku_net::{Action, Event, Snapshot};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (forward_local_input, follow_link)
                .chain()
                .run_if(resource_exists::<Lan>),
            explain_a_left_game.run_if(not(resource_exists::<Lan>)),
        )
            .in_set(AppSystems::Decide),
    );
}

/// A click on a network game after leaving it: nobody receives it, so say
/// why nothing happens.
fn explain_a_left_game(
    m: Res<Match>,
    mut moves: MessageReader<MoveRequest>,
    mut notice: ResMut<Notice>,
    settings: Option<Res<Settings>>,
    time: Res<Time>,
) {
    let clicked = moves.read().any(|request| request.by == Mover::Human);
    if clicked && m.settings().mode == Mode::Network && !m.game().is_over() {
        let lang = crate::settings::language(settings.as_deref());
        notice.text = t(lang, "lan.left_game").to_string();
        notice.warning = true;
        notice.at = time.elapsed_secs_f64();
    }
}

/// Clicks, Ctrl+Z and Resign in a network game are asks to the link: it
/// checks them and reports what happened.
fn forward_local_input(
    mut lan: ResMut<Lan>,
    m: Res<Match>,
    mut moves: MessageReader<MoveRequest>,
    mut commands_in: MessageReader<GameCommand>,
) {
    let in_play = lan.started && m.settings().mode == Mode::Network;
    for request in moves.read() {
        if in_play && request.by == Mover::Human {
            lan.act(Action::Play(request.point));
        }
    }
    for command in commands_in.read() {
        match command {
            GameCommand::Undo if in_play => lan.act(Action::RequestUndo),
            GameCommand::Resign if in_play => lan.act(Action::Resign),
            _ => {}
        }
    }
}

/// What the match needs to look like the link's game.
#[derive(Clone, Debug, PartialEq)]
pub enum Catchup {
    /// Nothing to do.
    InStep,
    /// Another game (settings, players, or moves that do not follow).
    Replace,
    /// Take back to `keep` moves (if fewer than now), then play `play`.
    Moves { keep: usize, play: Vec<Point> },
    /// The link's game ended in a way the moves do not say.
    Declare(GameResult),
}

/// Compares the match with the link's game.
pub fn catchup(m: &Match, snapshot: &Snapshot) -> Catchup {
    let target = snapshot.game.game();
    if *m.settings() != network_settings(snapshot) {
        return Catchup::Replace;
    }
    let (have, want) = (m.game().moves(), target.moves());
    let keep = have.iter().zip(want).take_while(|(a, b)| a == b).count();
    if keep < have.len() || keep < want.len() {
        if m.game().is_over() && keep == have.len() && !want.is_empty() {
            // Moves after an ending here: the two games went apart.
            return Catchup::Replace;
        }
        return Catchup::Moves {
            keep,
            play: want[keep..].to_vec(),
        };
    }
    match (m.game().result(), target.result()) {
        (a, b) if a == b => Catchup::InStep,
        (None, Some(result)) => Catchup::Declare(result.clone()),
        _ => Catchup::Replace,
    }
}

/// The match settings of the link's game: the local player holds the
/// colour the link says, the players' names are the link's.
pub fn network_settings(snapshot: &Snapshot) -> MatchSettings {
    let name = |color: Color| {
        if color == snapshot.me {
            snapshot.my_name.clone()
        } else {
            snapshot.opponent.clone().unwrap_or_default()
        }
    };
    MatchSettings {
        mode: Mode::Network,
        human_color: snapshot.me,
        rule: snapshot.game.settings.rule,
        // A LAN game refuses forbidden points (docs/lan-protocol.md).
        policy: ForbiddenPolicy::Refuse,
        names: [name(Color::Black), name(Color::White)],
        ..MatchSettings::default()
    }
}

/// Reads the link and sends what the match needs to follow it.
fn follow_link(
    mut lan: ResMut<Lan>,
    m: Res<Match>,
    mut awaited: Local<Option<usize>>,
    mut moves: MessageWriter<MoveRequest>,
    mut commands: MessageWriter<GameCommand>,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
) {
    let now = time.elapsed_secs_f64();
    let mut resynced = false;
    for event in lan.poll() {
        match event {
            // Said where the player looks: beside the board.
            Event::Refused(why) => {
                notice.text = why;
                notice.warning = true;
                notice.at = now;
            }
            // A new game or a resynchronisation: the link's game is
            // another game, not an undo of this one.
            Event::Synced => resynced = true,
            _ => {}
        }
    }
    if !lan.started {
        return;
    }
    let mut plan = catchup(&m, &lan.snapshot);
    // Moves asked for last frame that the match did not take: the two
    // games disagree, so the link's game replaces the match.
    let refused = awaited.take().is_some_and(|n| m.game().moves().len() != n);
    if (resynced || refused) && plan != Catchup::InStep {
        plan = Catchup::Replace;
    }
    match plan {
        Catchup::InStep => {}
        Catchup::Replace => match replacement(&lan.snapshot, now) {
            Ok(next) => {
                let ending = lan.snapshot.game.game().result().cloned();
                commands.write(GameCommand::Start(
                    Box::new(next),
                    Some(GameClock::new(None)),
                ));
                // Applied after the start, in the same frame.
                if let Some(result) = ending {
                    commands.write(GameCommand::Declare(result));
                }
            }
            Err(e) => error!("the network game cannot be shown: {e}"),
        },
        Catchup::Moves { keep, play } => {
            if keep < m.game().moves().len() {
                commands.write(GameCommand::TakeBackTo(keep));
            }
            *awaited = Some(keep + play.len());
            for point in play {
                moves.write(MoveRequest {
                    point,
                    by: Mover::Network,
                });
            }
        }
        Catchup::Declare(result) => {
            commands.write(GameCommand::Declare(result));
        }
    }
}

/// The link's game as a match.
fn replacement(snapshot: &Snapshot, now: f64) -> Result<Match, String> {
    Match::new(
        network_settings(snapshot),
        snapshot.game.game().moves(),
        now,
    )
}
