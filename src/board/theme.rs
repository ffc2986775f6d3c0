//! The colours of each board theme. The textures (`textures.rs`) and the
//! board's lines, labels and highlights take theirs from here, and follow
//! the settings when the player picks another theme.

use crate::settings::Theme;
use bevy::prelude::*;

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
            },
        }
    }
}
