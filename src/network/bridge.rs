//! The frame's work of a LAN game, without any drawing: read the link
//! every frame (never waiting), bring the match in line with the link's
//! game, and send the local player's moves, opening steps, undo requests
//! and resignation to the link first.
//!
//! The link is the authority: it checks every move with the engine before
//! it sends or accepts it. The match follows the link's game by messages
//! only — a move as the same [`MoveRequest`] a click makes (so it lands
//! with the same animation and sound), a step of the opening as the same
//! [`OpeningStep`] the board and the opening panel send, an agreed undo as
//! [`GameCommand::TakeBackTo`], an ending the moves do not give as
//! [`GameCommand::Declare`], a different game (joined, resynchronised,
//! new game) as [`GameCommand::Start`]. So a bad message, which the link
//! refuses, never reaches the match.

use super::reasons::refusal_text;
use super::session::Lan;
use crate::i18n::t;
use crate::play::AppSystems;
use crate::play::clock::GameClock;
use crate::play::game::{
    GameCommand, Match, MatchSettings, Mode, MoveRequest, Mover, Notice, tentative_color,
};
use crate::play::opening::OpeningStep;
use crate::settings::Settings;
use bevy::prelude::*;
use gomoku_engine::opening::{self, OpeningRule};
use gomoku_engine::{ForbiddenPolicy, Game, GameResult, Point};
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

/// Clicks, opening choices, Ctrl+Z and Resign in a network game are asks
/// to the link: it checks them and reports what happened.
fn forward_local_input(
    mut lan: ResMut<Lan>,
    m: Res<Match>,
    mut moves: MessageReader<MoveRequest>,
    mut steps: MessageReader<OpeningStep>,
    mut commands_in: MessageReader<GameCommand>,
) {
    let in_play = lan.started && m.settings().mode == Mode::Network;
    for request in moves.read() {
        // A click in the opening becomes an opening step (the play module
        // knows whether it places, offers or picks), read below.
        if in_play && request.by == Mover::Human && !m.in_opening() {
            lan.act(Action::Play(request.point));
        }
    }
    for step in steps.read() {
        if in_play && step.by == Mover::Human {
            for &action in &step.actions {
                lan.act(Action::Opening(action));
            }
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
    /// The link's opening went on by these steps (no moves after them yet).
    Opening(Vec<opening::Action>),
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
    let done: &[opening::Action] = m.game().opening().map_or(&[], |o| o.actions());
    let all = snapshot.game.opening().actions();
    if !all.starts_with(done) {
        return Catchup::Replace;
    }
    if done.len() < all.len() {
        // Stones after the match's part of the opening: not the same game.
        let placed = m
            .game()
            .opening()
            .map_or(0, crate::play::record::stones_placed);
        if m.game().moves().len() != placed {
            return Catchup::Replace;
        }
        return Catchup::Opening(all[done.len()..].to_vec());
    }
    let (have, want) = (m.game().moves(), target.moves());
    let keep = have.iter().zip(want).take_while(|(a, b)| a == b).count();
    if keep < have.len() || keep < want.len() {
        let fixed = m
            .game()
            .opening()
            .map_or(0, crate::play::record::stones_placed);
        if keep < fixed {
            // Undo never takes the opening's stones back.
            return Catchup::Replace;
        }
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
/// seat the link says, the players' names are the link's. Like the match,
/// they name the players by their tentative colours, which the opening's
/// swaps do not change.
pub fn network_settings(snapshot: &Snapshot) -> MatchSettings {
    let mine = tentative_color(snapshot.my_seat);
    let mut names: [String; 2] = Default::default();
    names[mine.index()] = snapshot.my_name.clone();
    names[mine.opponent().index()] = snapshot.opponent.clone().unwrap_or_default();
    MatchSettings {
        mode: Mode::Network,
        human_color: mine,
        rule: snapshot.game.settings.rule,
        // A LAN game refuses forbidden points (docs/lan-protocol.md).
        policy: ForbiddenPolicy::Refuse,
        names,
        opening: snapshot.game.settings.opening,
        ..MatchSettings::default()
    }
}

/// Reads the link and sends what the match needs to follow it.
fn follow_link(
    mut lan: ResMut<Lan>,
    m: Res<Match>,
    mut awaited: Local<Option<Progress>>,
    mut moves: MessageWriter<MoveRequest>,
    mut steps: MessageWriter<OpeningStep>,
    mut commands: MessageWriter<GameCommand>,
    mut notice: ResMut<Notice>,
    settings: Option<Res<Settings>>,
    time: Res<Time>,
) {
    let now = time.elapsed_secs_f64();
    let mut resynced = false;
    for event in lan.poll() {
        match event {
            // Said where the player looks: beside the board.
            Event::Refused(why) => {
                let lang = crate::settings::language(settings.as_deref());
                notice.text = refusal_text(lang, &why);
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
    let refused = awaited.take().is_some_and(|p| p != Progress::of(m.game()));
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
        Catchup::Opening(actions) => {
            let now_done = Progress::of(m.game());
            let placed = actions
                .iter()
                .filter(|a| matches!(a, opening::Action::Place(_) | opening::Action::Pick(_)))
                .count();
            *awaited = Some(Progress {
                opening_steps: now_done.opening_steps + actions.len(),
                moves: now_done.moves + placed,
            });
            steps.write(OpeningStep {
                actions,
                by: Mover::Network,
            });
        }
        Catchup::Moves { keep, play } => {
            if keep < m.game().moves().len() {
                commands.write(GameCommand::TakeBackTo(keep));
            }
            *awaited = Some(Progress {
                opening_steps: Progress::of(m.game()).opening_steps,
                moves: keep + play.len(),
            });
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

/// How far a game has got: what the match should reach once the messages
/// sent for it are applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Progress {
    opening_steps: usize,
    moves: usize,
}

impl Progress {
    fn of(game: &Game) -> Progress {
        Progress {
            opening_steps: game.opening().map_or(0, |o| o.actions().len()),
            moves: game.moves().len(),
        }
    }
}

/// The link's game as a match: its opening's steps, then its moves (the
/// ending the moves do not give is declared after).
fn replacement(snapshot: &Snapshot, now: f64) -> Result<Match, String> {
    let settings = network_settings(snapshot);
    let mut game = settings.empty_game();
    if settings.opening != OpeningRule::Free {
        let mut opening = game.opening().cloned().ok_or("no opening")?;
        for (i, &action) in snapshot.game.opening().actions().iter().enumerate() {
            opening
                .apply(&mut game, action)
                .map_err(|e| format!("opening step {}: {e}", i + 1))?;
        }
    }
    let moves = snapshot.game.game().moves();
    for (i, &p) in moves.iter().enumerate().skip(game.moves().len()) {
        game.play(p)
            .map_err(|e| format!("move {} cannot be played: {e}", i + 1))?;
    }
    Ok(Match::from_game(settings, game, now))
}
