//! What the board shows of an opening in progress: the region the next
//! stone must go in (a tinted square over the centre), and Black's offered
//! fifth moves as faint stones until White picks one. Drawn from the shown
//! game's opening record, like everything on the board.

use super::shown::Shown;
use super::textures::Textures;
use super::view::{CELL, point_to_world, z};
use crate::play::phase::Screen;
use bevy::prelude::*;
use gomoku_engine::opening::{Region, Task};
use gomoku_engine::{Game, Point};

/// Everything this module spawned; replaced whenever the position changes.
#[derive(Component)]
struct OpeningMark;

/// The tint of the allowed region.
const REGION_TINT: Color = Color::srgba(0.95, 0.75, 0.3, 0.22);
const REGION_EDGE: Color = Color::srgba(0.85, 0.5, 0.1, 0.9);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, mark_opening.in_set(crate::play::AppSystems::View));
}

fn mark_opening(
    mut commands: Commands,
    shown: Shown,
    marks: Query<Entity, With<OpeningMark>>,
    textures: Res<Textures>,
) {
    if !shown.is_changed() {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    let game = shown.game();
    if let Some((from, to)) = region_corners(game) {
        spawn_region(&mut commands, from, to);
    }
    let offers = game
        .opening()
        .filter(|o| !o.is_done() && !game.is_over())
        .map(|o| o.offers().to_vec())
        .unwrap_or_default();
    for p in offers {
        commands.spawn((
            Name::new("Offered fifth move"),
            OpeningMark,
            Sprite {
                image: textures.black_stone.clone(),
                custom_size: Some(Vec2::splat(CELL * 0.8)),
                color: Color::srgba(1.0, 1.0, 1.0, 0.45),
                ..default()
            },
            Transform::from_translation(point_to_world(p).extend(z::OFFER)),
            DespawnOnExit(Screen::Game),
        ));
    }
}

/// The top-left and bottom-right points of the region the phase limits
/// stones to; None when it is the whole board or no stone is asked for.
fn region_corners(game: &Game) -> Option<(Point, Point)> {
    if game.is_over() {
        return None;
    }
    let phase = game.opening()?.phase()?;
    let Task::Place {
        region: region @ Region::Centre(_),
        ..
    } = phase.task
    else {
        return None;
    };
    let points = region.points(game.size());
    Some((*points.first()?, *points.last()?))
}

/// A tinted square with a border from `from` to `to`, reaching half a cell
/// beyond the outer points (one point: a square of one cell).
fn spawn_region(commands: &mut Commands, from: Point, to: Point) {
    let (a, b) = (point_to_world(from), point_to_world(to));
    let centre = (a + b) / 2.0;
    let size = (b - a).abs() + Vec2::splat(CELL);
    commands.spawn((
        Name::new("Opening region"),
        OpeningMark,
        Sprite {
            color: REGION_TINT,
            custom_size: Some(size),
            ..default()
        },
        Transform::from_translation(centre.extend(z::OPENING_REGION)),
        DespawnOnExit(Screen::Game),
    ));
    let edge = 2.0;
    for (offset, length, vertical) in [
        (Vec2::new(0.0, size.y / 2.0), size.x, false),
        (Vec2::new(0.0, -size.y / 2.0), size.x, false),
        (Vec2::new(size.x / 2.0, 0.0), size.y, true),
        (Vec2::new(-size.x / 2.0, 0.0), size.y, true),
    ] {
        let extent = if vertical {
            Vec2::new(edge, length + edge)
        } else {
            Vec2::new(length + edge, edge)
        };
        commands.spawn((
            Name::new("Opening region edge"),
            OpeningMark,
            Sprite {
                color: REGION_EDGE,
                custom_size: Some(extent),
                ..default()
            },
            Transform::from_translation((centre + offset).extend(z::OPENING_REGION)),
            DespawnOnExit(Screen::Game),
        ));
    }
}
