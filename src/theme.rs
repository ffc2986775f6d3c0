//! The colours of each theme, the one place they are chosen: the board's
//! (its textures, lines, labels and highlights, in `board`) and the
//! panels' and menus' (egui, applied by `ui_core::colours`). Both follow
//! the settings when the player picks another theme.

use crate::settings::Theme;
use bevy::prelude::*;
use bevy_egui::egui::Color32;

/// How a stone is lit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StoneShade {
    /// Colour at the rim and in the core.
    pub rim: [f32; 3],
    pub core: [f32; 3],
    /// Strength and tightness of the specular highlight.
    pub highlight: f32,
    pub sharpness: f32,
}

const BLACK: StoneShade = StoneShade {
    rim: [0.03, 0.03, 0.04],
    core: [0.22, 0.22, 0.25],
    highlight: 0.55,
    sharpness: 18.0,
};
const WHITE: StoneShade = StoneShade {
    rim: [0.74, 0.73, 0.70],
    core: [0.98, 0.97, 0.95],
    highlight: 0.35,
    sharpness: 10.0,
};

/// Everything a theme decides.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// The board's base colour (linear-ish RGB, shaded by the grain).
    pub board: [f32; 3],
    /// How strongly the grain shows, 0 ..= 1.
    pub grain: f32,
    pub grid: Color,
    pub label: Color,
    /// Around the board.
    pub background: Color,
    pub black: StoneShade,
    pub white: StoneShade,
    /// The winning line and rings: readable on both stone colours.
    pub highlight: Color,
    /// The panels and menus around and over the board.
    pub ui: UiPalette,
}

/// The HUD's, the menus' and the features' panels. Every text colour here
/// is readable on `panel` and on egui's own panel fill of that brightness
/// (tested).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UiPalette {
    /// Dark panels with light text, or the reverse (egui's dark or light
    /// style).
    pub dark: bool,
    /// All text in this colour instead of the style's greys (the
    /// high-contrast theme).
    pub text: Option<Color32>,
    /// Titles, the side to move, chosen entries.
    pub accent: Color32,
    /// Errors, refusals, a paused link, a clock running out.
    pub warning: Color32,
    /// Wins, a solved puzzle, a live link.
    pub good: Color32,
    /// A menu's panel over the dimmed board, and its edge.
    pub panel: Color32,
    pub panel_edge: Color32,
    /// Behind the game-over summary.
    pub result_fill: Color32,
    /// The review's marks, in its graph, its move list and its words.
    pub blunder: Color32,
    pub mistake: Color32,
    pub missed_win: Color32,
}

impl Palette {
    pub fn of(theme: Theme) -> Palette {
        match theme {
            Theme::Wood => Palette {
                board: [0.88, 0.69, 0.42],
                grain: 1.0,
                grid: Color::srgba(0.13, 0.09, 0.05, 0.9),
                label: Color::srgba(0.25, 0.17, 0.08, 0.95),
                background: Color::srgb(0.17, 0.15, 0.13),
                black: BLACK,
                white: WHITE,
                highlight: Color::srgb(1.0, 0.78, 0.2),
                ui: UiPalette {
                    dark: true,
                    text: None,
                    accent: Color32::from_rgb(240, 190, 90),
                    warning: Color32::from_rgb(255, 120, 100),
                    good: Color32::from_rgb(140, 210, 120),
                    panel: Color32::from_rgb(28, 22, 17),
                    panel_edge: Color32::from_rgb(96, 76, 50),
                    result_fill: Color32::from_rgb(45, 34, 19),
                    blunder: Color32::from_rgb(245, 90, 75),
                    mistake: Color32::from_rgb(245, 160, 50),
                    missed_win: Color32::from_rgb(255, 215, 70),
                },
            },
            Theme::Light => Palette {
                board: [0.96, 0.91, 0.80],
                grain: 0.35,
                grid: Color::srgba(0.25, 0.22, 0.2, 0.9),
                label: Color::srgba(0.3, 0.26, 0.22, 0.95),
                background: Color::srgb(0.80, 0.82, 0.85),
                black: BLACK,
                white: StoneShade {
                    // A darker rim keeps white stones apart from the pale board.
                    rim: [0.55, 0.55, 0.55],
                    ..WHITE
                },
                highlight: Color::srgb(0.85, 0.1, 0.55),
                ui: UiPalette {
                    dark: false,
                    text: None,
                    accent: Color32::from_rgb(150, 70, 0),
                    warning: Color32::from_rgb(180, 30, 20),
                    good: Color32::from_rgb(25, 115, 40),
                    panel: Color32::from_rgb(246, 242, 234),
                    panel_edge: Color32::from_rgb(170, 150, 120),
                    result_fill: Color32::from_rgb(250, 232, 200),
                    blunder: Color32::from_rgb(185, 25, 25),
                    mistake: Color32::from_rgb(170, 85, 0),
                    missed_win: Color32::from_rgb(125, 95, 0),
                },
            },
            Theme::Dark => Palette {
                board: [0.24, 0.28, 0.34],
                grain: 0.15,
                grid: Color::srgba(0.9, 0.92, 0.95, 0.9),
                label: Color::srgb(0.95, 0.95, 1.0),
                background: Color::srgb(0.04, 0.04, 0.05),
                black: StoneShade {
                    // A light rim outlines black stones on the dark board.
                    rim: [0.62, 0.64, 0.7],
                    core: [0.02, 0.02, 0.03],
                    highlight: 0.25,
                    sharpness: 18.0,
                },
                white: StoneShade {
                    rim: [0.9, 0.9, 0.9],
                    core: [1.0, 1.0, 1.0],
                    highlight: 0.1,
                    sharpness: 10.0,
                },
                highlight: Color::srgb(0.0, 0.9, 1.0),
                ui: UiPalette {
                    dark: true,
                    text: Some(Color32::from_gray(240)),
                    accent: Color32::from_rgb(0, 220, 255),
                    warning: Color32::from_rgb(255, 130, 120),
                    good: Color32::from_rgb(120, 235, 120),
                    panel: Color32::from_rgb(8, 8, 10),
                    panel_edge: Color32::from_rgb(150, 160, 180),
                    result_fill: Color32::from_rgb(0, 40, 55),
                    blunder: Color32::from_rgb(255, 90, 80),
                    mistake: Color32::from_rgb(255, 170, 60),
                    missed_win: Color32::from_rgb(255, 225, 80),
                },
            },
        }
    }
}
