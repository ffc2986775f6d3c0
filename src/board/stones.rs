//! What lies on the board: stones (with their landing animation and move
//! numbers), the last-move marker, the winning line, Renju forbidden-point
//! marks and the hint marker. All of it follows the engine's game: stones
//! are synchronised to `Game::moves`, so undo, redo and new games need no
//! special handling here.

use super::shown::{BoardSource, Shown};
use super::view::{CELL, CrispText, hidden_marker, point_to_world, z};
use crate::board::textures::Textures;
use crate::play::ai::Hint;
use crate::play::phase::Screen;
use crate::settings::{Settings, Theme};
use crate::theme::Palette;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use gomoku_engine::rules::forbidden;
use gomoku_engine::{Color as StoneColor, GameResult, Point, Rule};
use std::collections::HashMap;
use std::time::Duration;

/// A stone on the board: move `number` (1-based) at `point`.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stone {
    pub point: Point,
    pub color: StoneColor,
    pub number: usize,
}

/// The landing animation of a new stone.
#[derive(Component)]
struct Landing(Timer);

/// A stone taken back (undo, new game), rising and fading before it goes.
#[derive(Component)]
struct LiftingOff(Timer);

#[derive(Component)]
struct StoneShadow;

#[derive(Component)]
struct MoveNumber;

#[derive(Component)]
struct LastMoveMarker;

#[derive(Component)]
struct HintMarker;

#[derive(Component)]
struct ForbiddenMark;

/// The line through the five, growing from its first stone to its last.
#[derive(Component)]
struct WinLine {
    length: f32,
    width: f32,
    age: f32,
}

/// A ring around one stone of the five, appearing after `delay` seconds.
#[derive(Component)]
struct WinRing {
    delay: f32,
    age: f32,
}

const STONE_DIAMETER: f32 = CELL * 0.95;
const LANDING_SECS: f32 = 0.2;
const LIFT_SECS: f32 = 0.15;
const WIN_LINE_WIDTH: f32 = CELL * 0.1;
/// The dark edge under the winning line: the highlight alone (gold on the
/// wood theme) all but vanished across white stones.
const WIN_LINE_EDGE_WIDTH: f32 = WIN_LINE_WIDTH * 2.2;
const WIN_LINE_EDGE: Color = Color::srgb(0.1, 0.07, 0.04);
const WIN_LINE_GROW_SECS: f32 = 0.5;
const LAST_MOVE: Color = Color::srgb(0.92, 0.2, 0.14);

/// Whether anything on the board moves: a stone landing or lifting off,
/// the winning line and rings, the hint's pulse. While it does, the app
/// keeps drawing; otherwise it waits for input (`ui/redraw.rs`).
#[derive(SystemParam)]
pub struct BoardMotion<'w, 's> {
    stones: Query<'w, 's, (), Or<(With<Landing>, With<LiftingOff>)>>,
    rings: Query<'w, 's, &'static WinRing>,
    lines: Query<'w, 's, &'static WinLine>,
    hint: Query<'w, 's, &'static Visibility, With<HintMarker>>,
    settings: Option<Res<'w, Settings>>,
}

impl BoardMotion<'_, '_> {
    pub fn is_moving(&self) -> bool {
        let looping = looping_animations(self.settings.as_deref());
        !self.stones.is_empty()
            || self.rings.iter().any(|r| r.age < r.delay + 0.35)
            || self
                .lines
                .iter()
                .any(|l| looping || l.age < WIN_LINE_GROW_SECS)
            || (looping && self.hint.iter().any(|v| *v != Visibility::Hidden))
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<BoardSource>()
        .add_systems(OnEnter(Screen::Game), spawn_markers)
        .add_systems(
            Update,
            (
                sync_stones,
                (
                    sync_result_marks,
                    style_move_numbers,
                    place_last_move_marker,
                    mark_forbidden_points,
                    place_hint_marker,
                ),
            )
                .chain()
                .in_set(crate::play::AppSystems::View),
        )
        .add_systems(
            Update,
            (
                animate_landing,
                animate_lift_off,
                animate_win_line,
                animate_win_rings,
                pulse_hint,
            )
                .in_set(crate::play::AppSystems::View),
        );
}

pub fn stone_image(textures: &Textures, color: StoneColor) -> Handle<Image> {
    match color {
        StoneColor::Black => textures.black_stone.clone(),
        StoneColor::White => textures.white_stone.clone(),
    }
}

fn number_color(color: StoneColor, last: bool) -> Color {
    match (last, color) {
        (true, _) => LAST_MOVE,
        (false, StoneColor::Black) => Color::srgb(0.93, 0.93, 0.9),
        (false, StoneColor::White) => Color::srgb(0.1, 0.1, 0.12),
    }
}

fn stone(textures: &Textures, s: Stone, show_number: bool) -> impl Bundle {
    (
        Name::new(format!("Stone {}", s.number)),
        s,
        Landing(Timer::from_seconds(LANDING_SECS, TimerMode::Once)),
        Transform::from_translation(point_to_world(s.point).extend(z::STONE))
            .with_scale(Vec3::splat(landing_scale(0.0))),
        Visibility::default(),
        DespawnOnExit(Screen::Game),
        children![
            (
                Name::new("Stone shadow"),
                StoneShadow,
                Sprite {
                    image: textures.shadow.clone(),
                    custom_size: Some(Vec2::splat(STONE_DIAMETER * 1.25)),
                    ..default()
                },
                Transform::from_translation(shadow_offset(landing_scale(0.0))),
            ),
            (
                Name::new("Stone body"),
                Sprite {
                    image: stone_image(textures, s.color),
                    custom_size: Some(Vec2::splat(STONE_DIAMETER)),
                    ..default()
                },
            ),
            (
                Name::new("Move number"),
                MoveNumber,
                Text2d::new(s.number.to_string()),
                TextFont::from_font_size(14.0),
                TextColor(number_color(s.color, false)),
                CrispText {
                    size: if s.number < 100 {
                        CELL * 0.42
                    } else {
                        CELL * 0.34
                    },
                    min_px: 7.0,
                },
                Transform::from_xyz(0.0, 0.0, 0.6),
                if show_number {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                },
            ),
        ],
    )
}

/// A stone falls onto the board: it starts large (close to the eye) and
/// accelerates down to its resting size.
fn landing_scale(fraction: f32) -> f32 {
    EasingCurve::new(1.35, 1.0, EaseFunction::QuadraticIn).sample_clamped(fraction)
}

/// The shadow lies further from a stone that is still in the air.
fn shadow_offset(scale: f32) -> Vec3 {
    let height = 1.0 + (scale - 1.0) * 6.0;
    Vec3::new(0.06 * CELL * height, -0.08 * CELL * height, z::STONE_SHADOW)
}

/// This frame's step of animation time: game time scaled by the settings'
/// speed (or enough to finish at once when animations are off). Apps
/// without the settings animate at normal speed.
fn animation_step(time: &Time, settings: Option<&Settings>) -> Duration {
    settings.map_or(time.delta(), |s| s.animation().scale(time.delta()))
}

/// Whether looping animations (pulses) run; off, they hold still.
fn looping_animations(settings: Option<&Settings>) -> bool {
    settings.is_none_or(|s| s.animations)
}

/// Makes the stone entities match the engine's move list.
fn sync_stones(
    mut commands: Commands,
    shown: Shown,
    stones: Query<(Entity, &Stone)>,
    textures: Res<Textures>,
    settings: Res<Settings>,
) {
    if !shown.is_changed() {
        return;
    }
    let mut wanted: HashMap<Point, Stone> = shown
        .game()
        .moves()
        .iter()
        .enumerate()
        .map(|(i, &point)| {
            let stone = Stone {
                point,
                color: StoneColor::of_ply(i),
                number: i + 1,
            };
            (point, stone)
        })
        .collect();
    for (entity, stone) in &stones {
        if wanted.get(&stone.point) == Some(stone) {
            wanted.remove(&stone.point);
        } else {
            // Taken back: it lifts off the board, then disappears.
            commands
                .entity(entity)
                .remove::<(Stone, Landing)>()
                .insert(LiftingOff(Timer::from_seconds(LIFT_SECS, TimerMode::Once)));
        }
    }
    for stone_wanted in wanted.into_values() {
        commands.spawn(stone(&textures, stone_wanted, settings.move_numbers));
    }
}

fn animate_landing(
    mut commands: Commands,
    time: Res<Time>,
    mut stones: Query<(Entity, &mut Landing, &mut Transform, &Children)>,
    mut shadows: Query<&mut Transform, (With<StoneShadow>, Without<Landing>)>,
    settings: Option<Res<Settings>>,
) {
    let delta = animation_step(&time, settings.as_deref());
    for (entity, mut landing, mut transform, children) in &mut stones {
        landing.0.tick(delta);
        let scale = landing_scale(landing.0.fraction());
        transform.scale = Vec3::splat(scale);
        // Still in the air, so drawn over its neighbours (it is larger).
        transform.translation.z = if landing.0.is_finished() {
            z::STONE
        } else {
            z::STONE + 0.2
        };
        for child in children {
            if let Ok(mut shadow) = shadows.get_mut(*child) {
                shadow.translation = shadow_offset(scale);
            }
        }
        if landing.0.is_finished() {
            commands.entity(entity).remove::<Landing>();
        }
    }
}

fn animate_lift_off(
    mut commands: Commands,
    time: Res<Time>,
    mut stones: Query<(Entity, &mut LiftingOff, &mut Transform)>,
    settings: Option<Res<Settings>>,
) {
    let delta = animation_step(&time, settings.as_deref());
    for (entity, mut lift, mut transform) in &mut stones {
        lift.0.tick(delta);
        // Up towards the eye (larger) while shrinking away to nothing.
        let t = lift.0.fraction();
        let scale = EasingCurve::new(1.0, 0.0, EaseFunction::QuadraticIn).sample_clamped(t)
            * (1.0 + 0.3 * t);
        transform.scale = Vec3::splat(scale);
        if lift.0.is_finished() {
            commands.entity(entity).despawn();
        }
    }
}

fn style_move_numbers(
    shown: Shown,
    settings: Res<Settings>,
    stones: Query<(&Stone, &Children)>,
    mut numbers: Query<(&mut Visibility, &mut TextColor), With<MoveNumber>>,
) {
    if !shown.is_changed() && !settings.is_changed() {
        return;
    }
    let last = shown.game().moves().len();
    for (stone, children) in &stones {
        for child in children {
            if let Ok((mut visibility, mut color)) = numbers.get_mut(*child) {
                *visibility = if settings.move_numbers {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                color.0 = number_color(stone.color, stone.number == last);
            }
        }
    }
}

fn spawn_markers(mut commands: Commands, textures: Res<Textures>) {
    commands.spawn((
        LastMoveMarker,
        hidden_marker(
            "Last move marker",
            textures.disc.clone(),
            CELL * 0.26,
            LAST_MOVE,
            z::MARKER,
        ),
    ));
    commands.spawn((
        HintMarker,
        hidden_marker(
            "Hint marker",
            textures.ring.clone(),
            CELL * 0.9,
            Color::srgb(0.2, 0.85, 0.45),
            z::HINT,
        ),
    ));
}

/// A red dot on the last stone; with move numbers on, the last number is
/// red instead.
fn place_last_move_marker(
    shown: Shown,
    settings: Res<Settings>,
    marker: Single<(&mut Transform, &mut Visibility), With<LastMoveMarker>>,
) {
    if !shown.is_changed() && !settings.is_changed() {
        return;
    }
    let (mut transform, mut visibility) = marker.into_inner();
    match shown.game().last_move() {
        Some(p) if !settings.move_numbers => {
            transform.translation = point_to_world(p).extend(z::MARKER);
            *visibility = Visibility::Inherited;
        }
        _ => *visibility = Visibility::Hidden,
    }
}

fn place_hint_marker(
    shown: Shown,
    hint: Res<Hint>,
    marker: Single<(&mut Transform, &mut Visibility), With<HintMarker>>,
) {
    if !shown.is_changed() && !hint.is_changed() {
        return;
    }
    let (mut transform, mut visibility) = marker.into_inner();
    match shown.live().and_then(|m| hint.current(m)) {
        Some(p) => {
            transform.translation = point_to_world(p).extend(z::HINT);
            *visibility = Visibility::Inherited;
        }
        None => *visibility = Visibility::Hidden,
    }
}

fn pulse_hint(
    time: Res<Time>,
    marker: Single<(&mut Sprite, &mut Transform), With<HintMarker>>,
    settings: Option<Res<Settings>>,
) {
    let (mut sprite, mut transform) = marker.into_inner();
    if !looping_animations(settings.as_deref()) {
        sprite.color.set_alpha(0.9);
        transform.scale = Vec3::ONE;
        return;
    }
    let t = time.elapsed_secs() * 4.0;
    sprite.color.set_alpha(0.65 + 0.35 * t.sin());
    transform.scale = Vec3::splat(1.0 + 0.06 * t.sin());
}

/// Red crosses on the points Black may not play (Renju, Black to move).
/// The engine decides; this only draws its answer.
fn mark_forbidden_points(
    mut commands: Commands,
    shown: Shown,
    settings: Res<Settings>,
    marks: Query<Entity, With<ForbiddenMark>>,
    textures: Res<Textures>,
) {
    if !shown.is_changed() && !settings.is_changed() {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    let game = shown.game();
    let show = settings.forbidden_marks
        && game.rule() == Rule::Renju
        && game.to_move() == StoneColor::Black
        && !game.is_over();
    if !show {
        return;
    }
    for p in game.board().empty_points() {
        if forbidden(game.board(), p).is_some() {
            commands.spawn(forbidden_mark(&textures, p));
        }
    }
}

fn forbidden_mark(textures: &Textures, p: Point) -> impl Bundle {
    (
        Name::new("Forbidden mark"),
        ForbiddenMark,
        Sprite {
            image: textures.cross.clone(),
            custom_size: Some(Vec2::splat(CELL * 0.5)),
            color: Color::srgba(0.8, 0.12, 0.08, 0.8),
            ..default()
        },
        Transform::from_translation(point_to_world(p).extend(z::FORBIDDEN)),
        DespawnOnExit(Screen::Game),
    )
}

/// A mark of the shown game's result (winning line and rings, the losing
/// forbidden point): they go when the result does (an undo, a step back in
/// the replay).
#[derive(Component)]
struct ResultMark;

/// When the shown game is decided: the winning line and rings around the
/// five, or a mark on the forbidden point that lost.
fn sync_result_marks(
    mut commands: Commands,
    shown: Shown,
    marks: Query<Entity, With<ResultMark>>,
    textures: Res<Textures>,
    settings: Option<Res<Settings>>,
    mut marked: Local<Option<GameResult>>,
) {
    if !shown.is_changed() || *marked == shown.game().result().cloned() {
        return;
    }
    *marked = shown.game().result().cloned();
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    let theme = settings.map_or_else(Theme::default, |s| s.theme);
    let highlight = Palette::of(theme).highlight;
    match shown.game().result() {
        Some(GameResult::Five { line, .. }) => {
            let points = line.points();
            let (Some(&first), Some(&last)) = (points.first(), points.last()) else {
                return;
            };
            let (from, to) = (point_to_world(first), point_to_world(last));
            let length = from.distance(to);
            let angle = (to - from).to_angle();
            // The line over a darker, wider edge: readable across stones of
            // either colour and on every theme's board.
            for (name, color, width, depth) in [
                ("Winning line edge", WIN_LINE_EDGE, WIN_LINE_EDGE_WIDTH, 0.0),
                ("Winning line", highlight, WIN_LINE_WIDTH, 0.05),
            ] {
                commands.spawn((
                    Name::new(name),
                    WinLine {
                        length,
                        width,
                        age: 0.0,
                    },
                    Sprite::from_color(color.with_alpha(0.85), Vec2::new(0.0, width)),
                    bevy::sprite::Anchor::CENTER_LEFT,
                    Transform::from_translation(from.extend(z::WIN_LINE + depth))
                        .with_rotation(Quat::from_rotation_z(angle)),
                    ResultMark,
                    DespawnOnExit(Screen::Game),
                ));
            }
            for (i, p) in points.into_iter().enumerate() {
                commands.spawn((
                    Name::new("Winning stone ring"),
                    WinRing {
                        delay: i as f32 * 0.08,
                        age: 0.0,
                    },
                    Sprite {
                        image: textures.ring.clone(),
                        custom_size: Some(Vec2::splat(CELL * 1.08)),
                        color: highlight,
                        ..default()
                    },
                    Transform::from_translation(point_to_world(p).extend(z::WIN_RING))
                        .with_scale(Vec3::ZERO),
                    ResultMark,
                    DespawnOnExit(Screen::Game),
                ));
            }
        }
        Some(GameResult::Forbidden { point, .. }) => {
            commands.spawn((
                Name::new("Losing forbidden move"),
                Sprite {
                    image: textures.ring.clone(),
                    custom_size: Some(Vec2::splat(CELL * 1.1)),
                    color: Color::srgb(0.9, 0.15, 0.1),
                    ..default()
                },
                Transform::from_translation(point_to_world(*point).extend(z::WIN_RING)),
                ResultMark,
                DespawnOnExit(Screen::Game),
            ));
        }
        _ => {}
    }
}

fn animate_win_line(
    time: Res<Time>,
    mut lines: Query<(&mut WinLine, &mut Sprite)>,
    settings: Option<Res<Settings>>,
) {
    let pulsing = looping_animations(settings.as_deref());
    let delta = animation_step(&time, settings.as_deref()).as_secs_f32();
    for (mut line, mut sprite) in &mut lines {
        line.age += delta;
        let grow = EasingCurve::new(0.0, 1.0, EaseFunction::CubicOut)
            .sample_clamped(line.age / WIN_LINE_GROW_SECS);
        sprite.custom_size = Some(Vec2::new(line.length * grow, line.width));
        // After growing, the line breathes gently (in animation time, so
        // at the chosen speed); with animations off it holds still.
        let alpha = match (pulsing, line.age > WIN_LINE_GROW_SECS) {
            (false, _) => 0.9,
            (true, true) => 0.7 + 0.25 * ((line.age - WIN_LINE_GROW_SECS) * 3.0).cos(),
            (true, false) => 0.95,
        };
        sprite.color.set_alpha(alpha);
    }
}

fn animate_win_rings(
    time: Res<Time>,
    mut rings: Query<(&mut WinRing, &mut Transform)>,
    settings: Option<Res<Settings>>,
) {
    let delta = animation_step(&time, settings.as_deref());
    for (mut ring, mut transform) in &mut rings {
        ring.age += delta.as_secs_f32();
        let t = ((ring.age - ring.delay) / 0.35).clamp(0.0, 1.0);
        let pop = EasingCurve::new(0.0, 1.0, EaseFunction::BackOut).sample_clamped(t);
        transform.scale = Vec3::splat(pop);
    }
}
