//! A line of play drawn over the board as numbered translucent stones: the
//! win a player missed (review) or a puzzle's solution. The stones are not
//! in the game; they vanish when the line is cleared.

use crate::board::stones::stone_image;
use crate::board::textures::Textures;
use crate::board::view::{CELL, CrispText, point_to_world, z};
use crate::play::AppSystems;
use bevy::prelude::*;
use gomoku_engine::{Color as StoneColor, Point};

/// The line to draw: `points[0]` is played by `first`, then the colours
/// alternate. Empty: nothing drawn.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LineOnBoard {
    pub first: Option<StoneColor>,
    pub points: Vec<Point>,
}

impl LineOnBoard {
    pub fn new(first: StoneColor, points: &[Point]) -> LineOnBoard {
        LineOnBoard {
            first: Some(first),
            points: points.to_vec(),
        }
    }

    /// Each point with its colour and its number in the line (from 1).
    pub fn stones(&self) -> impl Iterator<Item = (Point, StoneColor, usize)> + '_ {
        let first = self.first;
        self.points.iter().enumerate().filter_map(move |(i, &p)| {
            let first = first?;
            let color = if i % 2 == 0 { first } else { first.opponent() };
            Some((p, color, i + 1))
        })
    }
}

#[derive(Component)]
struct LineStone;

/// See-through enough to tell them from the game's stones.
const ALPHA: f32 = 0.7;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LineOnBoard>()
        .add_systems(Update, draw_line.in_set(AppSystems::View));
}

fn draw_line(
    line: Res<LineOnBoard>,
    drawn: Query<Entity, With<LineStone>>,
    textures: Res<Textures>,
    mut commands: Commands,
) {
    if !line.is_changed() {
        return;
    }
    for entity in &drawn {
        commands.entity(entity).despawn();
    }
    for (point, color, number) in line.stones() {
        let text = match color {
            StoneColor::Black => Color::srgb(1.0, 0.85, 0.4),
            StoneColor::White => Color::srgb(0.55, 0.1, 0.05),
        };
        commands.spawn((
            Name::new(format!("Line stone {number}")),
            LineStone,
            Sprite {
                image: stone_image(&textures, color),
                custom_size: Some(Vec2::splat(CELL * 0.9)),
                color: Color::srgba(1.0, 1.0, 1.0, ALPHA),
                ..default()
            },
            Transform::from_translation(point_to_world(point).extend(z::HINT)),
            children![(
                Text2d::new(number.to_string()),
                TextFont::from_font_size(14.0),
                TextColor(text),
                CrispText {
                    size: CELL * 0.45,
                    min_px: 8.0,
                },
                Transform::from_xyz(0.0, 0.0, 0.1),
            )],
        ));
    }
}
