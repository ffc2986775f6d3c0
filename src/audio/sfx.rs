//! The game's sounds, synthesised in code: no recorded or downloaded audio.
//!
//! Every sound is a deterministic function of its name (fixed seeds), so the
//! game generates them in memory at startup and `gomoku --write-sounds DIR`
//! writes the very same WAV files for listening or inspection. Licence: the
//! project's (MIT), see `assets/CREDITS.md`.

use chacha20::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::f32::consts::TAU;

pub const SAMPLE_RATE: u32 = 44_100;

/// Every sound the game plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sfx {
    /// A stone landing on wood; several variations so repeated moves do not
    /// sound mechanical.
    Stone(u8),
    Illegal,
    Win,
    Loss,
    Undo,
    GameStart,
}

impl Sfx {
    pub const STONE_VARIANTS: u8 = 4;

    pub fn all() -> Vec<Sfx> {
        let mut all: Vec<Sfx> = (0..Self::STONE_VARIANTS).map(Sfx::Stone).collect();
        all.extend([Sfx::Illegal, Sfx::Win, Sfx::Loss, Sfx::Undo, Sfx::GameStart]);
        all
    }

    pub fn file_name(self) -> String {
        match self {
            Sfx::Stone(i) => format!("stone-{i}.wav"),
            Sfx::Illegal => "illegal.wav".into(),
            Sfx::Win => "win.wav".into(),
            Sfx::Loss => "loss.wav".into(),
            Sfx::Undo => "undo.wav".into(),
            Sfx::GameStart => "game-start.wav".into(),
        }
    }

    /// The samples in [-1, 1] at [`SAMPLE_RATE`], peaking at [`PEAK`] so
    /// no sound clips and all are equally loud at their loudest.
    pub fn samples(self) -> Vec<f32> {
        let raw = match self {
            Sfx::Stone(i) => stone(i),
            Sfx::Illegal => illegal(),
            Sfx::Win => chime(&[523.25, 659.25, 783.99, 1046.5], 0.11, 0.9),
            Sfx::Loss => chime(&[392.0, 349.23, 311.13, 261.63], 0.16, 1.0),
            Sfx::Undo => undo(),
            Sfx::GameStart => chime(&[587.33, 880.0], 0.09, 0.5),
        };
        normalise(raw, PEAK)
    }

    /// The sound as a 16-bit mono WAV file.
    pub fn wav(self) -> Vec<u8> {
        wav_bytes(&self.samples())
    }
}

pub const PEAK: f32 = 0.9;

fn normalise(mut samples: Vec<f32>, peak: f32) -> Vec<f32> {
    let max = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if max > 0.0 {
        let gain = peak / max;
        samples.iter_mut().for_each(|s| *s *= gain);
    }
    samples
}

/// White noise in -1..1 from a seeded generator whose stream is stable
/// across versions (ChaCha8), so the sounds are the same on every run.
struct Noise(ChaCha8Rng);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0.random_range(-1.0..1.0)
    }
}

fn seconds(s: f32) -> usize {
    (s * SAMPLE_RATE as f32) as usize
}

/// A hard "clack" of stone on wood: a bright burst of noise for the
/// contact, a short mid-range knock (where the clack lives), a little low
/// board resonance and a faint high ring from the stone. `variant` shifts
/// the pitches and the noise so repeated moves differ.
fn stone(variant: u8) -> Vec<f32> {
    let v = variant as f32;
    let mut noise = Noise(ChaCha8Rng::seed_from_u64(
        0x5707_E000 + variant as u64 * 7919,
    ));
    let knock_hz = 820.0 + 65.0 * v;
    let board_hz = 180.0 + 17.0 * v;
    let ring_hz = 3100.0 + 280.0 * v;
    let n = seconds(0.14);
    let mut low = 0.0f32;
    (0..n)
        .map(|i| {
            let t = i as f32 / SAMPLE_RATE as f32;
            // A gentle one-pole low-pass: bright, but not hiss.
            low += 0.8 * (noise.next() - low);
            let contact = low * (-t / 0.003).exp();
            let knock = (TAU * knock_hz * t).sin() * (-t / 0.022).exp() * 0.5;
            let board = (TAU * board_hz * t).sin() * (-t / 0.03).exp() * 0.35;
            let ring = (TAU * ring_hz * t).sin() * (-t / 0.015).exp() * 0.25;
            let attack = (t / 0.0005).min(1.0);
            attack * (contact + knock + board + ring)
        })
        .collect()
}

/// Two low, slightly detuned buzzing notes falling: "no".
fn illegal() -> Vec<f32> {
    let n = seconds(0.28);
    (0..n)
        .map(|i| {
            let t = i as f32 / SAMPLE_RATE as f32;
            let f = if t < 0.12 { 220.0 } else { 165.0 };
            let local = if t < 0.12 { t } else { t - 0.12 };
            let env = (local / 0.005).min(1.0) * (-local / 0.07).exp();
            let square =
                |hz: f32| (TAU * hz * t).sin().signum() * 0.25 + (TAU * hz * t).sin() * 0.5;
            env * (square(f) + square(f * 1.01)) * 0.35
        })
        .collect()
}

/// Bell-like notes in sequence, each `step` seconds after the last, ringing
/// out over `tail` seconds: a rising arpeggio for a win, a falling one for a
/// loss, two notes for a new game.
fn chime(notes: &[f32], step: f32, tail: f32) -> Vec<f32> {
    let n = seconds(step * notes.len() as f32 + tail);
    let mut out = vec![0.0f32; n];
    for (k, &hz) in notes.iter().enumerate() {
        let start = seconds(step * k as f32);
        for (i, sample) in out.iter_mut().enumerate().skip(start) {
            let t = (i - start) as f32 / SAMPLE_RATE as f32;
            let env = (t / 0.003).min(1.0) * (-t / (tail * 0.35)).exp();
            // Partials of a small bell: fundamental, octave, a bright fifth.
            let bell = (TAU * hz * t).sin()
                + 0.4 * (TAU * hz * 2.0 * t).sin() * (-t / 0.15).exp()
                + 0.15 * (TAU * hz * 3.01 * t).sin() * (-t / 0.08).exp();
            *sample += env * bell * 0.25;
        }
    }
    out
}

/// A soft falling swoosh: a stone lifted off the board.
fn undo() -> Vec<f32> {
    let mut noise = Noise(ChaCha8Rng::seed_from_u64(0x0DD0));
    let n = seconds(0.18);
    let mut low = 0.0f32;
    let mut phase = 0.0f32;
    (0..n)
        .map(|i| {
            let t = i as f32 / SAMPLE_RATE as f32;
            low += 0.08 * (noise.next() - low);
            phase += TAU * (900.0 - 2600.0 * t) / SAMPLE_RATE as f32;
            let env = (t / 0.02).min(1.0) * (1.0 - t / 0.18).max(0.0);
            env * (low * 1.2 + phase.sin() * 0.2) * 0.8
        })
        .collect()
}

/// `samples` as a RIFF/WAVE file: PCM, 16 bit, mono.
pub fn wav_bytes(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for &s in samples {
        let v = (s.clamp(-1.0, 1.0) * i16::MAX as f32).round() as i16;
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// Writes every sound into `dir` as WAV files; returns the paths written.
pub fn write_all(dir: &std::path::Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    std::fs::create_dir_all(dir)?;
    Sfx::all()
        .into_iter()
        .map(|sfx| {
            let path = dir.join(sfx.file_name());
            std::fs::write(&path, sfx.wav())?;
            Ok(path)
        })
        .collect()
}
