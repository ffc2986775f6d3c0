//! The clocks at work: they follow the moves, count the time of the side to
//! move (not while play is paused), end the game through
//! [`GameCommand::TimeOut`] when it runs out (the save file records a
//! timeout), and give the AI its time budget.

use super::clock::{AiTimeLimit, GameClock, NextClock};
use super::game::{GameCommand, GameStarted, Match};
use super::{AppSystems, PausableSystems};
use bevy::prelude::*;

/// The clock's systems: after moves are applied, before searches start.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClockSystems;

pub fn plugin(app: &mut App) {
    app.init_resource::<GameClock>()
        .init_resource::<NextClock>()
        .init_resource::<AiTimeLimit>()
        .add_observer(reset_on_new_game)
        .add_systems(
            Update,
            (
                follow_moves,
                tick_clock.in_set(PausableSystems),
                budget_ai_time,
            )
                .chain()
                .in_set(ClockSystems)
                .after(AppSystems::Apply)
                .before(AppSystems::React),
        );
}

fn reset_on_new_game(
    _: On<GameStarted>,
    mut clock: ResMut<GameClock>,
    mut next: ResMut<NextClock>,
    settings: Option<Res<crate::settings::Settings>>,
) {
    *clock = next
        .0
        .take()
        .unwrap_or_else(|| GameClock::new(settings.and_then(|s| s.time_control.clone())));
}

fn follow_moves(m: Res<Match>, mut clock: ResMut<GameClock>) {
    if m.is_changed() {
        clock.follow_game(m.game());
    }
}

/// Counts the time of the side to move; when it runs out, asks the
/// placement system to end the game (it alone writes the match).
fn tick_clock(
    time: Res<Time<Real>>,
    m: Res<Match>,
    mut clock: ResMut<GameClock>,
    mut commands_out: MessageWriter<GameCommand>,
) {
    // Without a time control the clock still records how long each move
    // took (the save files keep it); it just never runs out.
    if m.game().is_over() {
        return;
    }
    // In an opening the clock of the colour the acting player holds runs,
    // through choices and offers as well as stones.
    if let Some(loser) = clock.tick(time.delta(), m.acting_color()) {
        commands_out.write(GameCommand::TimeOut(loser));
    }
}

fn budget_ai_time(m: Res<Match>, clock: Res<GameClock>, mut limit: ResMut<AiTimeLimit>) {
    let budget = clock.ai_budget(m.acting_color());
    limit.set_if_neq(AiTimeLimit(budget));
}
