//! The player's settings: the one place every part of the game reads them
//! from. The board, the sound and the HUD read [`Settings`] directly (no
//! copies to keep in step); the keys and the menus change it; the
//! persistence module loads it at start and saves every change
//! (`persistence/settings_file.rs`).

use crate::i18n::Language;
use bevy::prelude::*;
use gomoku_engine::ForbiddenPolicy;
use gomoku_engine::opening::OpeningRule;
use gomoku_engine::record::formats::TimeControl;
use gomoku_engine::rules::Rule;
use gomoku_engine::search::Level;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The settings file's format version. A newer game that changes what a
/// field means raises it, so that this one does not misread the file.
pub const SETTINGS_VERSION: u32 = 1;

/// The most search threads the settings ask for (the engine's own limit).
pub const MAX_AI_THREADS: u32 = gomoku_engine::search::MAX_THREADS as u32;

/// How many recent files the settings keep.
pub const RECENT_FILES: usize = 8;

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The settings file's format ([`SETTINGS_VERSION`] in memory; older
    /// files have none).
    pub version: u32,
    pub ai_level: Level,
    pub rule: Rule,
    pub policy: ForbiddenPolicy,
    /// The opening rule new games start with (one that fits `rule`).
    pub opening: OpeningRule,
    /// Search threads of the AI at full strength; 0: all cores but one
    /// ([`Settings::search_threads`]).
    pub ai_threads: u32,
    /// The clock new games start with; None plays without clocks.
    pub time_control: Option<TimeControl>,
    /// 0.0 ..= 1.0.
    pub volume: f32,
    pub muted: bool,
    pub animations: bool,
    /// Animation speed factor, 0.25 ..= 3.0.
    pub animation_speed: f32,
    pub coordinates: bool,
    pub move_numbers: bool,
    pub forbidden_marks: bool,
    pub language: Language,
    pub theme: Theme,
    /// The names last given to Black's and White's human players (the
    /// new-game screen starts with them).
    pub player_names: [String; 2],
    /// Game files opened or saved lately, the newest first.
    pub recent_files: Vec<PathBuf>,
    pub window: WindowSettings,
}

/// How the board looks: its wood, grid, stones and highlights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Theme {
    /// Warm kaya wood, dark grid.
    #[default]
    Wood,
    /// Pale maple, light surroundings.
    Light,
    /// A dark slate board with a light grid and outlined stones: high
    /// contrast.
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Wood, Theme::Light, Theme::Dark];

    /// The i18n key of its name.
    pub fn name_key(self) -> &'static str {
        match self {
            Theme::Wood => "theme.wood",
            Theme::Light => "theme.light",
            Theme::Dark => "theme.dark",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct WindowSettings {
    /// The windowed size in logical pixels, as the player left it.
    pub width: u32,
    pub height: u32,
    /// Where the window was on the desktop; None: the system places it.
    pub position: Option<(i32, i32)>,
    pub fullscreen: bool,
    pub vsync: bool,
}

impl Default for WindowSettings {
    fn default() -> Self {
        WindowSettings {
            width: 1280,
            height: 800,
            position: None,
            fullscreen: false,
            vsync: true,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: SETTINGS_VERSION,
            ai_level: Level::default(),
            rule: Rule::Freestyle,
            policy: ForbiddenPolicy::Refuse,
            opening: OpeningRule::Free,
            ai_threads: 0,
            time_control: None,
            volume: 0.8,
            muted: false,
            animations: true,
            animation_speed: 1.0,
            coordinates: true,
            move_numbers: false,
            forbidden_marks: true,
            language: Language::default(),
            theme: Theme::default(),
            player_names: Default::default(),
            recent_files: Vec::new(),
            window: WindowSettings::default(),
        }
    }
}

/// The language to show: the settings', or English in an app built
/// without them (the headless tests).
pub fn language(settings: Option<&Settings>) -> Language {
    settings.map_or(Language::English, |s| s.language)
}

/// All cores but one, at least one: the AI's default, which leaves a core
/// for drawing the game.
pub fn all_cores_but_one() -> u32 {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    cores.saturating_sub(1).clamp(1, MAX_AI_THREADS)
}

impl Settings {
    /// The threads the AI's full-strength search uses.
    pub fn search_threads(&self) -> usize {
        let threads = match self.ai_threads {
            0 => all_cores_but_one(),
            n => n.min(MAX_AI_THREADS),
        };
        threads as usize
    }

    /// Clamps numbers into their ranges (a hand-edited file may hold any).
    pub fn sanitized(mut self) -> Settings {
        let clamp = |v: f32, lo: f32, hi: f32, default: f32| {
            if v.is_finite() {
                v.clamp(lo, hi)
            } else {
                default
            }
        };
        self.volume = clamp(self.volume, 0.0, 1.0, 0.8);
        self.animation_speed = clamp(self.animation_speed, 0.25, 3.0, 1.0);
        self.window.width = self.window.width.clamp(480, 10_000);
        self.window.height = self.window.height.clamp(420, 10_000);
        self.recent_files.truncate(RECENT_FILES);
        self.ai_threads = self.ai_threads.min(MAX_AI_THREADS);
        self.version = SETTINGS_VERSION;
        self
    }

    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().struct_names(true);
        let mut text = ron::ser::to_string_pretty(self, config)
            .expect("settings hold only numbers, strings and enums, which RON can write");
        text.push('\n');
        text
    }

    /// Puts `path` first in the recent files (once), keeping the newest
    /// [`RECENT_FILES`].
    pub fn remember_file(&mut self, path: &Path) {
        self.recent_files.retain(|p| p != path);
        self.recent_files.insert(0, path.to_path_buf());
        self.recent_files.truncate(RECENT_FILES);
    }

    /// How fast the board's one-shot animations run.
    pub fn animation(&self) -> AnimationSpeed {
        AnimationSpeed {
            enabled: self.animations,
            factor: self.animation_speed,
        }
    }
}

/// How fast one-shot board animations (a stone landing, the winning
/// rings) run: the settings' speed factor, or "at once" when animations are
/// off. The board's animation systems scale their time step by it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnimationSpeed {
    pub enabled: bool,
    pub factor: f32,
}

impl Default for AnimationSpeed {
    fn default() -> Self {
        AnimationSpeed {
            enabled: true,
            factor: 1.0,
        }
    }
}

impl AnimationSpeed {
    /// `delta` of animation time for `delta` of game time.
    pub fn scale(self, delta: std::time::Duration) -> std::time::Duration {
        if self.enabled {
            delta.mul_f64(f64::from(self.factor))
        } else {
            // Long enough to finish any one-shot animation in one frame.
            std::time::Duration::from_secs(60)
        }
    }
}
