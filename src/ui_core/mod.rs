//! The UI's ground floor, below the HUD, the menus and the features'
//! screens (network, analysis, review): which screen covers the board
//! ([`Overlay`], and play pausing under it), the widgets every screen
//! uses, the places where the features add their parts to the HUD and the
//! menus (`sections`), the egui setup (fonts and text sizes, for every
//! screen), the theme's colours in egui (`colours`) and the reactive redraw. It imports nothing from `ui` or the
//! features.

pub mod colours;
mod egui_setup;
pub mod pickers;
pub mod redraw;
pub mod sections;
pub mod widgets;

pub use egui_setup::install_fonts;

use crate::play::Pause;
use bevy::prelude::*;
use bevy::state::state::StateTransitionSystems;

/// Below this width or height (logical pixels) the HUD and the menus'
/// contents are not laid out: nothing would be readable, and egui asserts
/// on the negative sizes its layout computes in a very small window.
pub const MIN_UI_SIZE: f32 = 160.0;

/// Which menu covers the board. Reflected so tests can list every screen
/// (the random-input test visits each variant without naming them).
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Reflect)]
pub enum Overlay {
    /// The board, with the game's HUD.
    #[default]
    None,
    Main,
    NewGame,
    Settings,
    SavedGames,
    Statistics,
    Replay,
    /// Every key of the game (F1, `?`).
    Keys,
    /// The review of the replay's game (`crate::review`).
    Review,
    /// Find the forced win (`crate::review`).
    Puzzles,
    /// Hosting a network game (`crate::network`).
    LanHost,
    /// Joining a network game.
    LanJoin,
    /// Free exploration of a branch (`crate::analysis::exploration`): the
    /// board with the branch and its panel.
    Explore,
}

impl Overlay {
    /// Screens that are a panel beside the board, where the HUD would be.
    pub fn has_side_panel(self) -> bool {
        matches!(
            self,
            Overlay::Replay | Overlay::Review | Overlay::Puzzles | Overlay::Explore
        )
    }

    /// The names `--screen` takes, and the screen each one opens.
    pub const NAMES: &[(&str, Overlay)] = &[
        ("menu", Overlay::Main),
        ("game", Overlay::None),
        ("new", Overlay::NewGame),
        ("settings", Overlay::Settings),
        ("load", Overlay::SavedGames),
        ("stats", Overlay::Statistics),
        ("replay", Overlay::Replay),
        ("keys", Overlay::Keys),
        ("puzzles", Overlay::Puzzles),
        ("host", Overlay::LanHost),
        ("join", Overlay::LanJoin),
    ];

    pub fn from_name(name: &str) -> Option<Overlay> {
        let name = name.trim().to_ascii_lowercase();
        Self::NAMES
            .iter()
            .find(|&&(n, _)| n == name)
            .map(|&(_, screen)| screen)
    }
}

/// Where the replay viewer's Back button goes: the screen it was opened
/// from.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayReturn(pub Overlay);

impl Default for ReplayReturn {
    fn default() -> Self {
        ReplayReturn(Overlay::SavedGames)
    }
}

/// Play pauses while a menu covers the board. Runs before the states
/// change, so that [`Pause`] changes in the same frame as [`Overlay`].
pub fn pause_with_menus(overlay: Res<NextState<Overlay>>, mut pause: ResMut<NextState<Pause>>) {
    if let NextState::Pending(next) | NextState::PendingIfNeq(next) = &*overlay {
        NextState::set_if_neq(&mut pause, Pause(*next != Overlay::None));
    }
}

/// The screens' state, play pausing under them, the egui setup and its
/// colours.
pub fn plugin(app: &mut App) {
    app.init_state::<Overlay>()
        .init_resource::<sections::Sections>()
        .init_resource::<sections::FileActions>()
        .add_systems(
            StateTransition,
            pause_with_menus.before(StateTransitionSystems::DependentTransitions),
        )
        .add_plugins((egui_setup::plugin, colours::plugin));
}
