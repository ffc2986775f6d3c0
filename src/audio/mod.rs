//! Sound effects: game events become sounds, at the settings' volume
//! unless muted. The sounds themselves are synthesised at startup by
//! `sfx.rs` (no audio files to load).

pub mod sfx;

use crate::Settings;
use crate::audio::sfx::Sfx;
use crate::play::game::{GameDecided, GameStarted, MoveRefused, MovesTakenBack, StonePlaced};
use bevy::audio::Volume;
use bevy::prelude::*;
use chacha20::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;

#[derive(Resource)]
struct Sounds(HashMap<Sfx, Handle<AudioSource>>);

#[derive(Component)]
struct SoundEffect;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Sounds>()
        .init_resource::<StoneVariation>()
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

fn play(commands: &mut Commands, sounds: &Sounds, settings: &Settings, sfx: Sfx, speed: f32) {
    if settings.muted {
        return;
    }
    if let Some(handle) = sounds.0.get(&sfx) {
        commands.spawn(sound_effect(handle.clone(), settings.volume, speed));
    }
}

fn sound_effect(handle: Handle<AudioSource>, volume: f32, speed: f32) -> impl Bundle {
    (
        Name::new("Sound effect"),
        SoundEffect,
        AudioPlayer::new(handle),
        PlaybackSettings::DESPAWN
            .with_volume(Volume::Linear(0.8 * volume))
            .with_speed(speed),
    )
}

/// Which stone click plays and at what pitch: seeded, so a run of the game
/// sounds the same each time, and varied, so moves do not all click alike.
#[derive(Resource)]
struct StoneVariation(ChaCha8Rng);

impl Default for StoneVariation {
    fn default() -> Self {
        StoneVariation(ChaCha8Rng::seed_from_u64(0x5707E))
    }
}

fn on_stone(
    _: On<StonePlaced>,
    mut commands: Commands,
    sounds: Res<Sounds>,
    settings: Res<Settings>,
    mut variation: ResMut<StoneVariation>,
) {
    let rng = &mut variation.0;
    let variant = rng.random_range(0..Sfx::STONE_VARIANTS);
    let speed = rng.random_range(0.96..=1.04);
    play(
        &mut commands,
        &sounds,
        &settings,
        Sfx::Stone(variant),
        speed,
    );
}

fn on_refused(
    _: On<MoveRefused>,
    mut commands: Commands,
    sounds: Res<Sounds>,
    settings: Res<Settings>,
) {
    play(&mut commands, &sounds, &settings, Sfx::Illegal, 1.0);
}

fn on_decided(
    decided: On<GameDecided>,
    mut commands: Commands,
    sounds: Res<Sounds>,
    settings: Res<Settings>,
) {
    let sfx = match decided.human_won {
        Some(false) => Sfx::Loss,
        _ => Sfx::Win,
    };
    play(&mut commands, &sounds, &settings, sfx, 1.0);
}

fn on_taken_back(
    _: On<MovesTakenBack>,
    mut commands: Commands,
    sounds: Res<Sounds>,
    settings: Res<Settings>,
) {
    play(&mut commands, &sounds, &settings, Sfx::Undo, 1.0);
}

fn on_started(
    _: On<GameStarted>,
    mut commands: Commands,
    sounds: Res<Sounds>,
    settings: Res<Settings>,
) {
    play(&mut commands, &sounds, &settings, Sfx::GameStart, 1.0);
}
