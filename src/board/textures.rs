//! Procedural textures: the wooden board, shaded stones, their soft shadow
//! and the small marker shapes. Everything is generated at startup from fixed
//! seeds in the theme's colours, so there is no art to download and every
//! run looks the same.

use crate::settings::{Settings, Theme};
use crate::theme::{Palette, StoneShade};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Handles to every generated texture, created once at startup.
#[derive(Resource, Clone)]
pub struct Textures {
    pub wood: Handle<Image>,
    pub black_stone: Handle<Image>,
    pub white_stone: Handle<Image>,
    pub shadow: Handle<Image>,
    /// A white anti-aliased disc, tinted per use (star points, markers).
    pub disc: Handle<Image>,
    pub ring: Handle<Image>,
    pub cross: Handle<Image>,
    /// Four corner brackets: the keyboard cursor.
    pub brackets: Handle<Image>,
}

pub fn plugin(app: &mut App) {
    // Generated while the app is built, so every startup and state-entry
    // system can rely on the handles.
    app.init_resource::<Textures>()
        .add_systems(PostUpdate, follow_theme);
}

fn current_theme(world: &World) -> Theme {
    world
        .get_resource::<Settings>()
        .map_or_else(Theme::default, |s| s.theme)
}

impl FromWorld for Textures {
    fn from_world(world: &mut World) -> Self {
        let palette = Palette::of(current_theme(world));
        let mut images = world.resource_mut::<Assets<Image>>();
        generate(&mut images, &palette)
    }
}

/// A new theme paints the board and the stones anew: the images behind
/// the same handles change, so every sprite follows.
fn follow_theme(
    settings: Option<Res<Settings>>,
    textures: Res<Textures>,
    mut images: ResMut<Assets<Image>>,
    mut shown: Local<Option<Theme>>,
) {
    let Some(theme) = settings.map(|s| s.theme) else {
        return;
    };
    match *shown {
        None => *shown = Some(theme),
        Some(current) if current == theme => {}
        Some(_) => {
            *shown = Some(theme);
            let palette = Palette::of(theme);
            let mut replace = |handle: &Handle<Image>, size: u32, pixels: Vec<[f32; 4]>| {
                if let Err(e) = images.insert(handle, image(size, &pixels)) {
                    warn!("cannot repaint a texture: {e}");
                }
            };
            replace(&textures.wood, WOOD_SIZE, wood(WOOD_SIZE, &palette));
            replace(
                &textures.black_stone,
                STONE_SIZE,
                stone(STONE_SIZE, palette.black),
            );
            replace(
                &textures.white_stone,
                STONE_SIZE,
                stone(STONE_SIZE, palette.white),
            );
        }
    }
}

fn generate(images: &mut Assets<Image>, palette: &Palette) -> Textures {
    let mut add = |size: u32, pixels: Vec<[f32; 4]>| images.add(image(size, &pixels));
    Textures {
        wood: add(WOOD_SIZE, wood(WOOD_SIZE, palette)),
        black_stone: add(STONE_SIZE, stone(STONE_SIZE, palette.black)),
        white_stone: add(STONE_SIZE, stone(STONE_SIZE, palette.white)),
        shadow: add(64, shadow(64)),
        disc: add(64, shape(64, |d, _| coverage(1.0 - d, 64))),
        ring: add(
            128,
            shape(128, |d, _| coverage(0.12 - (d - 0.82).abs(), 128)),
        ),
        cross: add(64, shape(64, cross_coverage)),
        brackets: add(128, brackets(128)),
    }
}

const WOOD_SIZE: u32 = 512;
const STONE_SIZE: u32 = 128;

/// An sRGB image from linear-ish [0,1] RGBA floats (row 0 at the top).
fn image(size: u32, pixels: &[[f32; 4]]) -> Image {
    let data = pixels
        .iter()
        .flat_map(|p| p.map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8))
        .collect();
    Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// Deterministic lattice hash in [0, 1).
fn hash2(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8DA6_B343)
        ^ (y as u32).wrapping_mul(0xD816_3841)
        ^ seed.wrapping_mul(0xCB1A_B31F);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5BD1_E995);
    h ^= h >> 15;
    (h & 0xFF_FFFF) as f32 / 16_777_216.0
}

/// Smooth value noise on a lattice that wraps every `period` cells, so the
/// texture tiles without a seam.
fn value_noise(x: f32, y: f32, period: i32, seed: u32) -> f32 {
    let (xi, yi) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - xi as f32, y - yi as f32);
    let smooth = |t: f32| t * t * (3.0 - 2.0 * t);
    let (sx, sy) = (smooth(fx), smooth(fy));
    let at = |dx: i32, dy: i32| {
        hash2(
            (xi + dx).rem_euclid(period),
            (yi + dy).rem_euclid(period),
            seed,
        )
    };
    let top = at(0, 0) + (at(1, 0) - at(0, 0)) * sx;
    let bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * sx;
    top + (bottom - top) * sy
}

/// Kaya-like wood: the theme's colour with long vertical grain that
/// wavers, darker growth rings and a little fine fibre noise (as strong as
/// the theme's `grain`).
fn wood(size: u32, palette: &Palette) -> Vec<[f32; 4]> {
    let s = size as f32;
    let mut out = Vec::with_capacity((size * size) as usize);
    for y in 0..size {
        for x in 0..size {
            let (u, v) = (x as f32 / s, y as f32 / s);
            // Low-frequency warp bends the grain lines.
            let warp = value_noise(u * 4.0, v * 2.0, 4, 1) * 0.8
                + value_noise(u * 9.0, v * 3.0, 9, 2) * 0.25;
            let grain = ((u * 30.0 + warp * 3.0) * std::f32::consts::TAU).sin();
            let rings = grain.abs().powf(6.0);
            let fibre = value_noise(u * 180.0, v * 6.0, 180, 3);
            let blotch = value_noise(u * 3.0, v * 3.0, 3, 4);
            // A darker bevel along the edges gives the board its thickness
            // without another (full-screen, costly on software renderers)
            // shadow layer.
            let edge = u.min(v).min(1.0 - u).min(1.0 - v);
            let bevel = 1.0 - 0.35 * (1.0 - edge / 0.012).max(0.0);
            // A lamp above the centre: the middle of the board a little brighter.
            let centre = (u - 0.5) * (u - 0.5) + (v - 0.5) * (v - 0.5);
            let light = 1.04 - 0.22 * centre;
            let g = palette.grain;
            let shade = (1.0 - g * (0.13 * rings + 0.045 * fibre + 0.07 * blotch)) * bevel * light;
            let base = palette.board;
            out.push([
                base[0] * shade,
                base[1] * shade * 0.99,
                base[2] * shade * 0.95,
                1.0,
            ]);
        }
    }
    out
}

/// A lens-shaped stone seen from above, lit from the top left: a shaded
/// disc, a specular spot and an anti-aliased edge.
fn stone(size: u32, shade: StoneShade) -> Vec<[f32; 4]> {
    let light = Vec2::new(-0.35, -0.4);
    shape_pixels(size, |p, d| {
        let alpha = coverage(1.0 - d, size);
        // Brightest towards the light, darker at the rim.
        let towards = 1.0 - (p - light * 0.6).length().min(1.4) / 1.4;
        let body = (towards * 0.85 + (1.0 - d * d) * 0.15).clamp(0.0, 1.0);
        let spot = (1.0 - (p - light).length() * 1.6).max(0.0).powf(2.0) * shade.highlight;
        let glint = (-(p - light * 0.9).length_squared() * shade.sharpness).exp() * shade.highlight;
        let rgb: [f32; 3] = std::array::from_fn(|c| {
            shade.rim[c] + (shade.core[c] - shade.rim[c]) * body + spot + glint * 0.6
        });
        [rgb[0], rgb[1], rgb[2], alpha]
    })
}

/// A soft dark blur, drawn under a stone and offset away from the light.
fn shadow(size: u32) -> Vec<[f32; 4]> {
    shape_pixels(size, |_, d| {
        let a = (1.0 - ((d - 0.5) / 0.5).clamp(0.0, 1.0)).powf(1.5) * 0.65;
        [0.0, 0.0, 0.0, a]
    })
}

/// White pixels whose alpha is `alpha(d, p)`.
fn shape(size: u32, alpha: impl Fn(f32, Vec2) -> f32) -> Vec<[f32; 4]> {
    shape_pixels(size, |p, d| [1.0, 1.0, 1.0, alpha(d, p)])
}

/// Calls `pixel(p, d)` for every pixel centre, with `p` in [-1, 1]² (y down)
/// and `d = |p|`.
fn shape_pixels(size: u32, pixel: impl Fn(Vec2, f32) -> [f32; 4]) -> Vec<[f32; 4]> {
    let s = size as f32;
    (0..size)
        .flat_map(|y| (0..size).map(move |x| (x, y)))
        .map(|(x, y)| {
            let p = Vec2::new(
                (x as f32 + 0.5) / s * 2.0 - 1.0,
                (y as f32 + 0.5) / s * 2.0 - 1.0,
            );
            pixel(p, p.length())
        })
        .collect()
}

/// Anti-aliased coverage of a shape given the signed distance `inside`
/// (in units of the half-size) of a pixel centre from its edge.
fn coverage(inside: f32, size: u32) -> f32 {
    (inside * size as f32 * 0.5 + 0.5).clamp(0.0, 1.0)
}

fn cross_coverage(d: f32, p: Vec2) -> f32 {
    let to_diagonal = (p.x - p.y).abs().min((p.x + p.y).abs()) / std::f32::consts::SQRT_2;
    let arm = coverage(0.14 - to_diagonal, 64);
    arm * coverage(0.85 - d, 64)
}

/// Corner brackets of a square: the keyboard cursor.
fn brackets(size: u32) -> Vec<[f32; 4]> {
    shape(size, |_, p| {
        let (ax, ay) = (p.x.abs(), p.y.abs());
        // A bar along an edge (|a| near 0.9) that only covers the corner end.
        let bar = |a: f32| coverage(0.07 - (a - 0.9).abs(), size);
        let corner = |a: f32| coverage(a - 0.5, size) * coverage(0.97 - a, size);
        (bar(ax) * corner(ay)).max(bar(ay) * corner(ax))
    })
}
