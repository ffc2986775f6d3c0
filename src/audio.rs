//! Sound effects: game events become sounds. The sounds themselves are
//! synthesised at startup by `sfx.rs` (no audio files to load).

use crate::game::{GameDecided, GameStarted, MoveRefused, MovesTakenBack, StonePlaced};
use crate::sfx::Sfx;
use bevy::audio::Volume;
use bevy::prelude::*;
use std::collections::HashMap;

/// Mute switch (M). Volume settings come with the settings screen.
#[derive(Resource, Default, Debug)]
pub struct Muted(pub bool);

#[derive(Resource)]
struct Sounds(HashMap<Sfx, Handle<AudioSource>>);

#[derive(Component)]
struct SoundEffect;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Muted>()
        .init_resource::<Sounds>()
        .add_observer(on_stone)
        .add_observer(on_refused)
        .add_observer(on_decided)
        .add_observer(on_taken_back)
        .add_observer(on_started);
}

impl FromWorld for Sounds {
    fn from_world(world: &mut World) -> Self {
        let mut sources = world.resource_mut::<Assets<AudioSource>>();
        Sounds(
            Sfx::all()
                .into_iter()
                .map(|sfx| {
                    let bytes = sfx.wav().into();
                    (sfx, sources.add(AudioSource { bytes }))
                })
                .collect(),
        )
    }
}

fn play(commands: &mut Commands, sounds: &Sounds, muted: &Muted, sfx: Sfx, speed: f32) {
    if muted.0 {
        return;
    }
    if let Some(handle) = sounds.0.get(&sfx) {
        commands.spawn(sound_effect(handle.clone(), speed));
    }
}

fn sound_effect(handle: Handle<AudioSource>, speed: f32) -> impl Bundle {
    (
        Name::new("Sound effect"),
        SoundEffect,
        AudioPlayer::new(handle),
        PlaybackSettings::DESPAWN
            .with_volume(Volume::Linear(0.8))
            .with_speed(speed),
    )
}

fn on_stone(
    placed: On<StonePlaced>,
    mut commands: Commands,
    sounds: Res<Sounds>,
    muted: Res<Muted>,
    mut count: Local<u32>,
) {
    // Cycle the variations and nudge the pitch by the point, so a run of
    // moves never repeats the exact same click.
    *count += 1;
    let variant = (*count % Sfx::STONE_VARIANTS as u32) as u8;
    let wobble = ((placed.point.x as u32 * 7 + placed.point.y as u32 * 13) % 9) as f32;
    let speed = 0.96 + wobble * 0.01;
    play(&mut commands, &sounds, &muted, Sfx::Stone(variant), speed);
}

fn on_refused(_: On<MoveRefused>, mut commands: Commands, sounds: Res<Sounds>, muted: Res<Muted>) {
    play(&mut commands, &sounds, &muted, Sfx::Illegal, 1.0);
}

fn on_decided(
    decided: On<GameDecided>,
    mut commands: Commands,
    sounds: Res<Sounds>,
    muted: Res<Muted>,
) {
    let sfx = match decided.human_won {
        Some(false) => Sfx::Loss,
        _ => Sfx::Win,
    };
    play(&mut commands, &sounds, &muted, sfx, 1.0);
}

fn on_taken_back(
    _: On<MovesTakenBack>,
    mut commands: Commands,
    sounds: Res<Sounds>,
    muted: Res<Muted>,
) {
    play(&mut commands, &sounds, &muted, Sfx::Undo, 1.0);
}

fn on_started(_: On<GameStarted>, mut commands: Commands, sounds: Res<Sounds>, muted: Res<Muted>) {
    play(&mut commands, &sounds, &muted, Sfx::GameStart, 1.0);
}
