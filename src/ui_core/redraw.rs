//! Idle costs nothing: the window is redrawn on input, and otherwise only
//! as often as something on screen changes: every frame while the board
//! animates, a few times a second while the AI thinks or a clock runs,
//! once a second when all is still (for the HUD's notices to fade).
//! Anything else that changes the screen from outside the frame (a network
//! message) writes a `RequestRedraw` message to wake the app; a feature
//! whose panel changes on its own for a while (the analysis deepening)
//! writes [`KeepTicking`] each frame meanwhile.

use crate::board::stones::BoardMotion;
use crate::play::Pause;
use crate::play::ai::Thinking;
use crate::play::clock::GameClock;
use crate::play::game::Match;
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiContext, EguiInput, EguiPreUpdateSet, egui};
use std::time::Duration;

/// Redraws when nothing moves (notices and flashes fade on their own).
const IDLE: Duration = Duration::from_secs(1);
/// Redraws while the AI thinks (its progress line), the analysis deepens
/// or a clock runs.
const TICKING: Duration = Duration::from_millis(100);
/// Redraws while the board animates: as fast as the display allows.
const MOVING: Duration = Duration::ZERO;

/// Redraw a few times a second for now (written every frame as long as
/// that is needed).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct KeepTicking;

/// Not added for `--screenshot` runs, which count frames.
pub fn plugin(app: &mut App) {
    app.add_message::<KeepTicking>()
        .insert_resource(WinitSettings {
            focused_mode: UpdateMode::reactive(IDLE),
            unfocused_mode: UpdateMode::reactive_low_power(IDLE),
        })
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(Last, choose_update_mode);
}

/// bevy_egui (0.42) tells egui the modifier keys' state every frame as a
/// `ModifiersChanged` event, and egui asks for an immediate repaint
/// whenever it got an event: the window was redrawn as fast as it could
/// be, reactive mode or not (measured: ~4.5 frames a second, a quarter of
/// a core, on an idle board under software rendering). The event is
/// dropped when the modifiers did not change, which changes nothing else
/// for egui.
fn drop_unchanged_modifiers(mut contexts: Query<(&mut EguiContext, &mut EguiInput)>) {
    for (mut context, mut input) in &mut contexts {
        let held = context.get_mut().input(|i| i.modifiers);
        input
            .events
            .retain(|event| !matches!(event, egui::Event::ModifiersChanged(m) if *m == held));
    }
}

fn choose_update_mode(
    board: BoardMotion,
    thinking: Res<Thinking>,
    mut ticking: MessageReader<KeepTicking>,
    m: Res<Match>,
    clock: Res<GameClock>,
    pause: Res<State<Pause>>,
    mut winit: ResMut<WinitSettings>,
) {
    let clock_running = clock.control.is_some() && !m.game().is_over() && !pause.get().0;
    let wait = if board.is_moving() {
        MOVING
    } else if thinking.purpose.is_some() || clock_running || ticking.read().count() > 0 {
        TICKING
    } else {
        IDLE
    };
    let focused = UpdateMode::reactive(wait);
    let unfocused = UpdateMode::reactive_low_power(wait);
    if winit.focused_mode != focused || winit.unfocused_mode != unfocused {
        *winit = WinitSettings {
            focused_mode: focused,
            unfocused_mode: unfocused,
        };
    }
}
