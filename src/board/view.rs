//! The board itself: camera fitting, the wooden board, grid, star points and
//! edge coordinates, and the geometry that maps intersections to the world
//! and back. The board scales to fill whatever part of the window the HUD
//! leaves free, at any size or aspect.

use super::textures::Textures;
use crate::play::game::BOARD_SIZE;
use crate::play::phase::Screen;
use crate::settings::{Settings, Theme};
use crate::theme::Palette;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use gomoku_engine::Point;

/// Distance between two lines, in world units.
pub const CELL: f32 = 40.0;
/// From the centre to the outer lines.
const HALF_GRID: f32 = (BOARD_SIZE - 1) as f32 * CELL / 2.0;
/// From the centre to the edge of the wood (room for the coordinates).
const BOARD_HALF: f32 = HALF_GRID + 1.25 * CELL;
/// Half the square kept visible: the board plus a little table around it.
const FRAME_HALF: f32 = BOARD_HALF + 0.3 * CELL;

/// Logical pixels of the top-left corner kept clear for the menu button
/// (`menus/widgets.rs`, `board_corner`).
const CORNER_RESERVE: Vec2 = Vec2::new(96.0, 52.0);

/// Draw order, back to front.
pub mod z {
    pub const BOARD: f32 = 0.0;
    pub const GRID: f32 = 1.0;
    pub const STAR: f32 = 1.5;
    pub const LABEL: f32 = 1.5;
    /// The opening's allowed region, under the stones.
    pub const OPENING_REGION: f32 = 2.0;
    pub const FORBIDDEN: f32 = 3.0;
    pub const STONE: f32 = 5.0;
    /// Offered fifth moves: faint stones, not played yet.
    pub const OFFER: f32 = 4.5;
    /// Relative to the stone.
    pub const STONE_SHADOW: f32 = -0.5;
    /// Above every stone body, below the move numbers (stone + 0.6).
    pub const WIN_LINE: f32 = 5.3;
    pub const WIN_RING: f32 = 7.0;
    pub const MARKER: f32 = 7.5;
    pub const HINT: f32 = 8.5;
    pub const GHOST: f32 = 9.0;
    pub const CURSOR: f32 = 9.5;
}

/// A board overlay (last-move dot, hint ring, ghost stone, keyboard cursor)
/// that starts hidden; its system moves it and shows it when needed.
pub fn hidden_marker(
    name: &'static str,
    image: Handle<Image>,
    size: f32,
    color: Color,
    layer: f32,
) -> impl Bundle {
    (
        Name::new(name),
        Sprite {
            image,
            custom_size: Some(Vec2::splat(size)),
            color,
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, layer),
        Visibility::Hidden,
        DespawnOnExit(Screen::Game),
    )
}

/// The centre of intersection `p` (row 0 at the top, like `Point::y`).
pub fn point_to_world(p: Point) -> Vec2 {
    Vec2::new(p.x as f32 * CELL - HALF_GRID, HALF_GRID - p.y as f32 * CELL)
}

/// The intersection nearest to `world`, if `world` lies within half a cell
/// of it (rounded, so float noise on a line does not shift the point).
pub fn world_to_point(world: Vec2) -> Option<Point> {
    let col = ((world.x + HALF_GRID) / CELL).round();
    let row = ((HALF_GRID - world.y) / CELL).round();
    let on_board = |v: f32| (0.0..BOARD_SIZE as f32).contains(&v);
    (on_board(col) && on_board(row)).then(|| Point::new(col as u8, row as u8))
}

/// Logical pixels taken by the analysis panel: along the left edge, or
/// below the board in a narrow window (the analysis panel writes it; the
/// board fits into the rest, beside the HUD's [`HudInsets`]).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct AnalysisInsets {
    pub left: f32,
    pub bottom: f32,
}

/// Logical pixels from the window's top to the bottom of the box with the
/// menu button and the clocks (`menus/widgets.rs`, `board_corner`), as
/// last drawn: a side panel starts below it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct CornerBottom(pub f32);

/// Logical pixels along the right and bottom edges covered by the HUD.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct HudInsets {
    pub right: f32,
    pub bottom: f32,
}

/// World units per logical pixel with the current camera fit.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct ViewScale(pub f32);

impl Default for ViewScale {
    fn default() -> Self {
        ViewScale(1.0)
    }
}

#[derive(Component)]
pub struct BoardCamera;

/// A line that must stay at least one pixel wide however small the board
/// is drawn.
#[derive(Component)]
struct HairLine {
    length: f32,
    width: f32,
    horizontal: bool,
}

/// Text drawn at its on-screen size, so it stays sharp at every zoom:
/// `size` is in world units, the size it has while that is at least
/// `min_px` on the screen.
#[derive(Component)]
pub struct CrispText {
    pub size: f32,
    /// Never smaller on the screen than this many logical pixels, so text
    /// on a small board stays readable.
    pub min_px: f32,
}

impl CrispText {
    /// The font size to rasterise at and the text's scale, when the camera
    /// shows `view_scale` world units per logical pixel: the on-screen size
    /// in whole pixels, and the camera's zoom cancelled, so glyphs map 1:1
    /// to pixels (and the minimum holds on the screen: scaling the text back
    /// to `size` world units would shrink it again).
    pub fn raster(&self, view_scale: f32) -> (f32, f32) {
        let px = (self.size / view_scale).round().max(self.min_px);
        (px, view_scale)
    }
}

#[derive(Component)]
struct CoordinateLabel;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HudInsets>()
        .init_resource::<AnalysisInsets>()
        .init_resource::<CornerBottom>()
        .init_resource::<ClearColor>()
        .init_resource::<ViewScale>()
        .add_systems(Startup, spawn_camera)
        .add_systems(OnEnter(Screen::Game), spawn_board)
        .add_systems(
            PostUpdate,
            (fit_camera, (keep_hairlines_visible, keep_text_crisp))
                .chain()
                .before(TransformSystems::Propagate),
        )
        .add_systems(Update, (toggle_coordinates, follow_theme_colors));
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Board camera"), Camera2d, BoardCamera));
}

fn spawn_board(mut commands: Commands, textures: Res<Textures>) {
    commands
        .spawn((
            Name::new("Board"),
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Game),
        ))
        .with_children(|board| {
            board.spawn(wood(&textures));
            for i in 0..BOARD_SIZE {
                board.spawn(grid_line(i, true));
                board.spawn(grid_line(i, false));
            }
            for p in star_points() {
                board.spawn(star_point(&textures, p));
            }
            for i in 0..BOARD_SIZE {
                for side in [-1.0, 1.0] {
                    board.spawn(column_label(i, side));
                    board.spawn(row_label(i, side));
                }
            }
        });
}

fn wood(textures: &Textures) -> impl Bundle {
    (
        Name::new("Wood"),
        Sprite {
            image: textures.wood.clone(),
            custom_size: Some(Vec2::splat(BOARD_HALF * 2.0)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, z::BOARD),
    )
}

/// Line `i` (0 = top row or left column).
fn grid_line(i: usize, horizontal: bool) -> impl Bundle {
    let edge = i == 0 || i == BOARD_SIZE - 1;
    let width = if edge { 2.2 } else { 1.2 };
    let length = 2.0 * HALF_GRID + width;
    let offset = i as f32 * CELL - HALF_GRID;
    let (position, name) = if horizontal {
        (Vec2::new(0.0, -offset), "Row line")
    } else {
        (Vec2::new(offset, 0.0), "Column line")
    };
    (
        Name::new(name),
        // Coloured by the theme (`follow_theme_colors`).
        Sprite::from_color(Color::NONE, Vec2::ONE),
        HairLine {
            length,
            width,
            horizontal,
        },
        Transform::from_translation(position.extend(z::GRID)),
    )
}

/// The traditional dots of a 15×15 board: the centre and the 4-4 points.
fn star_points() -> impl Iterator<Item = Point> {
    let (near, far) = (3u8, BOARD_SIZE as u8 - 4);
    [(near, near), (far, near), (7, 7), (near, far), (far, far)]
        .into_iter()
        .map(|(x, y)| Point::new(x, y))
}

#[derive(Component)]
struct StarPoint;

fn star_point(textures: &Textures, p: Point) -> impl Bundle {
    (
        Name::new("Star point"),
        StarPoint,
        Sprite {
            image: textures.disc.clone(),
            custom_size: Some(Vec2::splat(CELL * 0.19)),
            color: Color::NONE,
            ..default()
        },
        Transform::from_translation(point_to_world(p).extend(z::STAR)),
    )
}

/// Labels sit this far beyond the outer line.
const LABEL_GAP: f32 = 0.72 * CELL;

/// Column letter `i` (A–O, `i` included, as in the engine's notation),
/// below (`side` -1) or above (+1) the grid.
fn column_label(i: usize, side: f32) -> impl Bundle {
    let letter = (b'A' + i as u8) as char;
    let x = i as f32 * CELL - HALF_GRID;
    label(
        letter.to_string(),
        Vec2::new(x, side * (HALF_GRID + LABEL_GAP)),
    )
}

/// Row number for the row `i` from the top; rows are numbered from the
/// bottom (1–15), left (`side` -1) or right (+1) of the grid.
fn row_label(i: usize, side: f32) -> impl Bundle {
    let number = BOARD_SIZE - i;
    let y = HALF_GRID - i as f32 * CELL;
    label(
        number.to_string(),
        Vec2::new(side * (HALF_GRID + LABEL_GAP), y),
    )
}

fn label(text: String, at: Vec2) -> impl Bundle {
    (
        Name::new(format!("Label {text}")),
        Text2d::new(text),
        TextFont::from_font_size(14.0),
        TextColor(Color::NONE),
        CrispText {
            size: CELL * 0.4,
            min_px: 9.0,
        },
        CoordinateLabel,
        Transform::from_translation(at.extend(z::LABEL)),
    )
}

fn toggle_coordinates(
    settings: Res<Settings>,
    mut labels: Query<&mut Visibility, With<CoordinateLabel>>,
) {
    if !settings.is_changed() {
        return;
    }
    for mut visibility in &mut labels {
        *visibility = if settings.coordinates {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}

/// Scales and shifts the camera so the board fills the free part of the
/// window (the window minus the HUD panel).
fn fit_camera(
    window: Single<&Window, With<PrimaryWindow>>,
    insets: Res<HudInsets>,
    analysis: Res<AnalysisInsets>,
    camera: Single<(&mut Projection, &mut Transform), With<BoardCamera>>,
    mut scale: ResMut<ViewScale>,
) {
    let size = Vec2::new(window.width(), window.height());
    // The analysis panel, when open, takes the left edge or the bottom.
    let left = analysis.left;
    let bottom = insets.bottom + analysis.bottom;
    let mut free = (size - Vec2::new(insets.right + left, bottom)).max(Vec2::splat(64.0));
    // The menu button floats in the top-left corner: when the board fills
    // the width and would sit under it, keep a strip free above the board.
    let top = if free.x - free.y < 2.0 * CORNER_RESERVE.x {
        CORNER_RESERVE.y.min(free.y * 0.2)
    } else {
        0.0
    };
    free.y -= top;
    let s = (2.0 * FRAME_HALF / free.x).max(2.0 * FRAME_HALF / free.y);
    // Move the camera so the board's centre lands in the free area's centre.
    let offset = Vec2::new(insets.right - left, top - bottom) * 0.5 * s;
    let (mut projection, mut transform) = camera.into_inner();
    if let Projection::Orthographic(ortho) = projection.as_mut()
        && ortho.scale != s
    {
        ortho.scale = s;
    }
    if transform.translation.truncate() != offset {
        transform.translation = offset.extend(transform.translation.z);
    }
    scale.set_if_neq(ViewScale(s));
}

fn keep_hairlines_visible(scale: Res<ViewScale>, mut lines: Query<(Ref<HairLine>, &mut Sprite)>) {
    for (line, mut sprite) in &mut lines {
        if !scale.is_changed() && !line.is_added() {
            continue;
        }
        let width = line.width.max(scale.0);
        sprite.custom_size = Some(if line.horizontal {
            Vec2::new(line.length, width)
        } else {
            Vec2::new(width, line.length)
        });
    }
}

fn keep_text_crisp(
    scale: Res<ViewScale>,
    mut texts: Query<(Ref<CrispText>, &mut TextFont, &mut Transform)>,
) {
    for (text, mut font, mut transform) in &mut texts {
        if !scale.is_changed() && !text.is_added() {
            continue;
        }
        let (px, zoom) = text.raster(scale.0);
        font.font_size = FontSize::Px(px);
        transform.scale = Vec3::splat(zoom);
    }
}

/// The grid, star points, coordinates and surroundings in the theme's
/// colours (the textures follow in `textures.rs`).
fn follow_theme_colors(
    settings: Res<Settings>,
    mut clear: ResMut<ClearColor>,
    mut lines: Query<&mut Sprite, Or<(With<HairLine>, With<StarPoint>)>>,
    mut labels: Query<&mut TextColor, With<CoordinateLabel>>,
    mut shown: Local<Option<Theme>>,
) {
    if *shown == Some(settings.theme) || lines.is_empty() {
        return;
    }
    *shown = Some(settings.theme);
    let palette = Palette::of(settings.theme);
    clear.0 = palette.background;
    for mut sprite in &mut lines {
        sprite.color = palette.grid;
    }
    for mut color in &mut labels {
        color.0 = palette.label;
    }
}
