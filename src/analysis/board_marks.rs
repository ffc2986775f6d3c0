//! What the analysis draws on the board: the candidate moves with their
//! scores, the principal variation of the hovered candidate as numbered
//! translucent stones, and the threat overlay (threat points of both sides,
//! forbidden points with the lines that make them so).

use super::live::LiveAnalysis;
use super::panel::{ListHover, short_score};
use super::{AnalysisMode, BoardHover};
use crate::board::shown::Shown;
use crate::board::stones::stone_image;
use crate::board::textures::Textures;
use crate::board::view::{CELL, CrispText, point_to_world};
use crate::play::AppSystems;
use crate::play::phase::Screen;
use crate::ui_core::Overlay;
use bevy::prelude::*;
use gomoku_engine::analysis::threats::{self, Line, ThreatKind};
use gomoku_engine::rules::ForbiddenKind;
use gomoku_engine::{Color as StoneColor, Point};

/// Draw order (see `board::view::z`): threat marks lie on empty points
/// under the stones; forbidden lines cross the stones, under the move
/// numbers; candidates and their lines sit above the markers.
mod z {
    pub const THREAT: f32 = 3.5;
    pub const FORBIDDEN_LINE: f32 = 5.25;
    pub const CANDIDATE: f32 = 8.0;
    pub const LINE_STONE: f32 = 8.2;
}

const BEST: Color = Color::srgba(0.16, 0.7, 0.32, 0.9);
const OTHER: Color = Color::srgba(0.2, 0.45, 0.85, 0.82);
const FORBIDDEN: Color = Color::srgba(0.85, 0.12, 0.08, 0.85);

/// A candidate's disc, at its point.
#[derive(Component)]
struct CandidateMark(Point);

/// A stone of the shown line, at its point.
#[derive(Component)]
struct LineStone(Point);

#[derive(Component)]
struct ThreatMark;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (show_candidates, show_line, hide_candidates_under_line).chain(),
            show_threats,
        )
            .in_set(AppSystems::View),
    );
}

/// A text centred on its parent, `size` world units high.
fn label(text: String, size: f32, color: Color) -> impl Bundle {
    (
        Text2d::new(text),
        TextFont::from_font_size(12.0),
        TextColor(color),
        CrispText { size, min_px: 7.0 },
        Transform::from_xyz(0.0, 0.0, 0.05),
    )
}

/// A disc with a text on it, at `at` in world units.
fn labelled_disc(
    textures: &Textures,
    at: Vec3,
    size: f32,
    color: Color,
    text: String,
    text_color: Color,
) -> impl Bundle {
    (
        Sprite {
            image: textures.disc.clone(),
            custom_size: Some(Vec2::splat(size)),
            color,
            ..default()
        },
        Transform::from_translation(at),
        DespawnOnExit(Screen::Game),
        children![label(text, size * 0.42, text_color)],
    )
}

/// One disc per candidate, green for the best, with its score.
fn show_candidates(
    mut commands: Commands,
    live: Res<LiveAnalysis>,
    shown: Shown,
    marks: Query<Entity, With<CandidateMark>>,
    textures: Res<Textures>,
) {
    if !live.is_changed() {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    let to_move = shown.game().to_move();
    for (rank, candidate) in live.candidates().iter().enumerate() {
        let color = if rank == 0 { BEST } else { OTHER };
        commands.spawn((
            Name::new("Candidate"),
            CandidateMark(candidate.point),
            labelled_disc(
                &textures,
                point_to_world(candidate.point).extend(z::CANDIDATE),
                CELL * 0.78,
                color,
                short_score(candidate, to_move),
                Color::WHITE,
            ),
        ));
    }
}

/// The principal variation of the candidate under the pointer (on the
/// board or in the panel's list): translucent stones numbered in order.
fn show_line(
    mut commands: Commands,
    live: Res<LiveAnalysis>,
    hover: Res<BoardHover>,
    list: Res<ListHover>,
    shown: Shown,
    stones: Query<Entity, With<LineStone>>,
    textures: Res<Textures>,
    mut drawn: Local<Option<(u64, Point)>>,
) {
    let best = live.candidates().first().map(|c| c.point);
    let pointed = list.0.or(hover.current(best));
    let candidate = pointed.and_then(|p| live.candidates().iter().find(|c| c.point == p));
    let wanted = candidate.map(|c| (live.revision(), c.point));
    if wanted == *drawn {
        return;
    }
    *drawn = wanted;
    for entity in &stones {
        commands.entity(entity).despawn();
    }
    let Some(candidate) = candidate else { return };
    let mut color = shown.game().to_move();
    for (i, &p) in candidate.pv.iter().enumerate() {
        let text_color = match color {
            StoneColor::Black => Color::srgb(0.95, 0.95, 0.92),
            StoneColor::White => Color::srgb(0.08, 0.08, 0.1),
        };
        commands.spawn((
            Name::new("Line stone"),
            LineStone(p),
            Sprite {
                image: stone_image(&textures, color),
                custom_size: Some(Vec2::splat(CELL * 0.9)),
                color: Color::srgba(1.0, 1.0, 1.0, 0.62),
                ..default()
            },
            Transform::from_translation(point_to_world(p).extend(z::LINE_STONE)),
            DespawnOnExit(Screen::Game),
            children![label((i + 1).to_string(), CELL * 0.42, text_color)],
        ));
        color = color.opponent();
    }
}

/// A candidate's disc on a point of the shown line would put its score
/// under the line's move number, through the translucent stone: the line
/// is what the player looks at, so those discs hide while it is shown.
fn hide_candidates_under_line(
    line: Query<&LineStone>,
    mut marks: Query<(&CandidateMark, &mut Visibility)>,
) {
    for (mark, mut visibility) in &mut marks {
        let covered = line.iter().any(|stone| stone.0 == mark.0);
        visibility.set_if_neq(if covered {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        });
    }
}

/// The short name a threat point shows.
fn threat_label(kind: ThreatKind) -> &'static str {
    match kind {
        ThreatKind::Five => "5",
        ThreatKind::StraightFour => "4",
        ThreatKind::FourThree => "43",
        ThreatKind::DoubleThree => "33",
    }
}

fn forbidden_label(kind: ForbiddenKind) -> &'static str {
    match kind {
        ForbiddenKind::DoubleThree => "33",
        ForbiddenKind::DoubleFour => "44",
        ForbiddenKind::Overline => "6+",
    }
}

/// The threat overlay of the shown position, redrawn when it or the
/// switch changes.
fn show_threats(
    mut commands: Commands,
    mode: Res<AnalysisMode>,
    overlay: Res<State<Overlay>>,
    shown: Shown,
    marks: Query<Entity, With<ThreatMark>>,
    textures: Res<Textures>,
) {
    if !mode.is_changed() && !shown.is_changed() && !overlay.is_changed() {
        return;
    }
    for entity in &marks {
        commands.entity(entity).despawn();
    }
    if !mode.threats || !super::shows_analysis(*overlay.get()) {
        return;
    }
    let game = shown.game();
    let overlay = threats::overlay(game.board(), game.rule());
    // Black's marks up-left of the point, White's down-right: a point
    // can be both sides' threat.
    for threat in &overlay.threats {
        let (offset, fill, text) = match threat.color {
            StoneColor::Black => (
                Vec2::new(-0.2, 0.2),
                Color::srgba(0.08, 0.08, 0.1, 0.9),
                Color::WHITE,
            ),
            StoneColor::White => (
                Vec2::new(0.2, -0.2),
                Color::srgba(0.97, 0.96, 0.92, 0.92),
                Color::BLACK,
            ),
        };
        let at = point_to_world(threat.point) + offset * CELL;
        commands.spawn((
            Name::new("Threat mark"),
            ThreatMark,
            labelled_disc(
                &textures,
                at.extend(z::THREAT),
                CELL * 0.5,
                fill,
                threat_label(threat.kind).to_string(),
                text,
            ),
        ));
    }
    for forbidden in &overlay.forbidden {
        let centre = point_to_world(forbidden.point);
        commands.spawn((
            Name::new("Forbidden point"),
            ThreatMark,
            Sprite {
                image: textures.cross.clone(),
                custom_size: Some(Vec2::splat(CELL * 0.55)),
                color: FORBIDDEN,
                ..default()
            },
            Transform::from_translation(centre.extend(z::THREAT)),
            DespawnOnExit(Screen::Game),
        ));
        commands.spawn((
            Name::new("Forbidden kind"),
            ThreatMark,
            labelled_disc(
                &textures,
                (centre + Vec2::new(0.26, 0.26) * CELL).extend(z::FORBIDDEN_LINE + 0.1),
                CELL * 0.44,
                FORBIDDEN,
                forbidden_label(forbidden.kind).to_string(),
                Color::WHITE,
            ),
        ));
        for line in &forbidden.lines {
            if let Some(bundle) = line_through(forbidden.point, line) {
                commands.spawn(bundle);
            }
        }
    }
}

/// A thin red bar from one end of `line` to the other, through `point`.
fn line_through(point: Point, line: &Line) -> Option<impl Bundle> {
    let ends = line
        .stones
        .iter()
        .chain(std::iter::once(&point))
        .map(|&p| point_to_world(p));
    let direction = line
        .stones
        .first()
        .map(|&p| (point_to_world(p) - point_to_world(point)).normalize_or_zero())?;
    let along = |v: Vec2| v.dot(direction);
    let (mut from, mut to) = (point_to_world(point), point_to_world(point));
    for end in ends {
        if along(end) < along(from) {
            from = end;
        }
        if along(end) > along(to) {
            to = end;
        }
    }
    let length = from.distance(to);
    Some((
        Name::new("Forbidden line"),
        ThreatMark,
        Sprite::from_color(FORBIDDEN.with_alpha(0.6), Vec2::new(length, CELL * 0.08)),
        Transform::from_translation(((from + to) * 0.5).extend(z::FORBIDDEN_LINE))
            .with_rotation(Quat::from_rotation_z((to - from).to_angle())),
        DespawnOnExit(Screen::Game),
    ))
}
