//! The settings file. Stored as RON in `settings.ron` in the OS's config
//! directory (see [`super::config_dir`]). Policy:
//! * missing file → defaults, no warning (first start);
//! * a file that does not parse → defaults plus a visible warning, and the
//!   file is renamed aside to `settings.ron.broken-<unix time>` so nothing
//!   the player wrote is lost; if it cannot be moved, settings are not saved
//!   this session rather than overwrite it;
//! * a file from a newer game (its `version` above
//!   [`crate::settings::SETTINGS_VERSION`],
//!   which may mean something else by the same fields) → defaults plus a
//!   warning, and the file is renamed aside to
//!   `settings.ron.newer-<unix time>`, so the newer game's settings are not
//!   overwritten by this one;
//! * fields missing from the file take their defaults and unknown fields
//!   are ignored (files of the same version from builds with more or fewer
//!   settings); out-of-range numbers are clamped.
//!
//! Temporary files a killed save left here are removed when loading.
//!
//! Writes are atomic ([`super::write_atomic`]), after every change.

use super::settings_text::{Unreadable, parse};
use super::write_atomic;
use crate::i18n::Language;
use crate::settings::Settings;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub const FILE_NAME: &str = "settings.ron";

/// What loading found.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadOutcome {
    /// First start: no file yet.
    Missing,
    Loaded,
    /// The file was unreadable; it was moved to `kept_at` (None: it could
    /// not be moved and is left where it is).
    Broken {
        reason: String,
        kept_at: Option<PathBuf>,
    },
}

/// Settings as loaded, with what to tell the player.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub settings: Settings,
    pub outcome: LoadOutcome,
}

/// Loads `dir/settings.ron` following the policy in the module docs.
/// `now_unix` names the kept-aside copy.
pub fn load(dir: &Path, now_unix: u64) -> Loaded {
    super::remove_stale_temp_files(dir);
    let path = dir.join(FILE_NAME);
    let defaults = |outcome| Loaded {
        settings: Settings::default(),
        outcome,
    };
    let bytes = match std::fs::read(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return defaults(LoadOutcome::Missing);
        }
        Err(e) => {
            // Unreadable (permissions): leave it alone, do not overwrite.
            return defaults(LoadOutcome::Broken {
                reason: e.to_string(),
                kept_at: None,
            });
        }
        Ok(bytes) => bytes,
    };
    match parse(&bytes) {
        Ok(settings) => Loaded {
            settings,
            outcome: LoadOutcome::Loaded,
        },
        Err(Unreadable { reason, newer }) => {
            let why = if newer { "newer" } else { "broken" };
            let aside = dir.join(format!("{FILE_NAME}.{why}-{now_unix}"));
            let kept_at = std::fs::rename(&path, &aside).ok().map(|_| aside);
            defaults(LoadOutcome::Broken { reason, kept_at })
        }
    }
}

/// Writes `dir/settings.ron` atomically.
pub fn save(dir: &Path, settings: &Settings) -> std::io::Result<()> {
    write_atomic(&dir.join(FILE_NAME), settings.to_ron().as_bytes())
}

/// A problem with the settings file, shown in the menus' language.
#[derive(Clone, Debug, PartialEq)]
pub enum SettingsWarning {
    NoConfigDir,
    /// Unreadable, moved aside to `kept_at`.
    KeptAside {
        reason: String,
        kept_at: PathBuf,
    },
    /// Unreadable and could not be moved: left alone, changes not saved.
    LeftAlone {
        reason: String,
        path: PathBuf,
    },
    SaveFailed {
        dir: PathBuf,
        error: String,
    },
}

impl SettingsWarning {
    pub fn text(&self, lang: Language) -> String {
        use crate::i18n::{t, tf};
        match self {
            SettingsWarning::NoConfigDir => t(lang, "settings.warn_no_dir").to_string(),
            SettingsWarning::KeptAside { reason, kept_at } => {
                tf(lang, "settings.warn_kept", &[reason, &kept_at.display()])
            }
            SettingsWarning::LeftAlone { reason, path } => {
                tf(lang, "settings.warn_left", &[&path.display(), reason])
            }
            SettingsWarning::SaveFailed { dir, error } => {
                tf(lang, "settings.warn_save", &[&dir.display(), error])
            }
        }
    }
}

impl std::fmt::Display for SettingsWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Language::English))
    }
}

/// Where the settings are stored, and whether they may be written.
#[derive(Resource, Clone, Debug)]
pub struct SettingsStore {
    /// None: no config directory (settings live for this session only).
    pub dir: Option<PathBuf>,
    /// False when a broken file could not be moved aside.
    pub writable: bool,
    /// Shown to the player until dismissed.
    pub warning: Option<SettingsWarning>,
    /// Values the command line chose for this run (`--lang`,
    /// `--move-numbers`); the file keeps its own.
    pub overrides: RunOverrides,
}

/// A value the command line chose for this run only: the settings show
/// `shown`, the file keeps `in_file` until the player changes the value
/// in the game (then the player's choice is saved, as for any change).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOverride<T> {
    pub shown: T,
    pub in_file: T,
}

impl<T: Copy + PartialEq> RunOverride<T> {
    /// Sets `value` to `shown` for this run, remembering the file's value.
    pub fn apply(slot: &mut Option<Self>, value: &mut T, shown: T) {
        *slot = Some(RunOverride {
            shown,
            in_file: *value,
        });
        *value = shown;
    }

    /// Once the player changed the value, it is theirs to save.
    fn forget_if_changed(slot: &mut Option<Self>, current: T) {
        if slot.is_some_and(|o| o.shown != current) {
            *slot = None;
        }
    }

    /// What to write for a setting whose value is now `current`.
    fn for_file(slot: &Option<Self>, current: T) -> T {
        slot.map_or(current, |o| o.in_file)
    }
}

/// The settings the command line can override for one run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunOverrides {
    pub language: Option<RunOverride<Language>>,
    pub move_numbers: Option<RunOverride<bool>>,
}

impl RunOverrides {
    fn forget_changed(&mut self, settings: &Settings) {
        RunOverride::forget_if_changed(&mut self.language, settings.language);
        RunOverride::forget_if_changed(&mut self.move_numbers, settings.move_numbers);
    }

    /// `settings` as the file should have them.
    fn for_file(&self, settings: &Settings) -> Settings {
        Settings {
            language: RunOverride::for_file(&self.language, settings.language),
            move_numbers: RunOverride::for_file(&self.move_numbers, settings.move_numbers),
            ..settings.clone()
        }
    }
}

impl SettingsStore {
    /// Loads the settings from the config dir (or `$GOMOKU_CONFIG_DIR`).
    pub fn open() -> (SettingsStore, Settings) {
        let dir = super::config_dir();
        let Some(dir) = dir else {
            let store = SettingsStore {
                dir: None,
                writable: false,
                warning: Some(SettingsWarning::NoConfigDir),
                overrides: RunOverrides::default(),
            };
            return (store, Settings::default());
        };
        let loaded = load(&dir, super::unix_now());
        let (writable, warning) = match &loaded.outcome {
            LoadOutcome::Missing | LoadOutcome::Loaded => (true, None),
            LoadOutcome::Broken {
                reason,
                kept_at: Some(aside),
            } => (
                true,
                Some(SettingsWarning::KeptAside {
                    reason: reason.clone(),
                    kept_at: aside.clone(),
                }),
            ),
            LoadOutcome::Broken {
                reason,
                kept_at: None,
            } => (
                false,
                Some(SettingsWarning::LeftAlone {
                    reason: reason.clone(),
                    path: dir.join(FILE_NAME),
                }),
            ),
        };
        (
            SettingsStore {
                dir: Some(dir),
                writable,
                warning,
                overrides: RunOverrides::default(),
            },
            loaded.settings,
        )
    }
}

/// Loads the settings at startup (unless the app was given them) and saves
/// every change.
pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Settings>() {
        let (store, settings) = SettingsStore::open();
        if let Some(warning) = &store.warning {
            warn!("{warning}");
        }
        app.insert_resource(store).insert_resource(settings);
    }
    // Last: after the menus (egui runs in PostUpdate) changed settings or
    // asked to quit this frame.
    app.add_systems(Last, persist_settings);
}

/// Saving waits until the settings have been still for this long, so that
/// dragging a slider writes the file once rather than every frame.
const SAVE_DELAY_SECS: f64 = 0.5;

/// What is on disk and what is waiting to be written.
#[derive(Default)]
struct Persisted {
    /// The settings as last saved (or loaded); None before the first run.
    saved: Option<Settings>,
    /// When the settings last changed, while a save is due.
    changed_at: Option<f64>,
}

fn persist_settings(
    settings: Res<Settings>,
    mut store: ResMut<SettingsStore>,
    time: Res<Time<Real>>,
    mut exit: MessageReader<AppExit>,
    mut state: Local<Persisted>,
) {
    let now = time.elapsed_secs_f64();
    let Some(saved) = state.saved.as_ref() else {
        // The first run only records what was loaded.
        state.saved = Some(settings.clone());
        return;
    };
    if settings.is_changed() && *saved != *settings {
        state.changed_at = Some(now);
        store.overrides.forget_changed(&settings);
    }
    let exiting = exit.read().count() > 0;
    let due = state
        .changed_at
        .is_some_and(|at| exiting || now - at >= SAVE_DELAY_SECS);
    if !due {
        return;
    }
    state.changed_at = None;
    state.saved = Some(settings.clone());
    if !store.writable {
        return;
    }
    let to_save = store.overrides.for_file(&settings);
    if let Some(dir) = store.dir.clone()
        && let Err(e) = save(&dir, &to_save)
    {
        let warning = SettingsWarning::SaveFailed {
            dir,
            error: e.to_string(),
        };
        warn!("{warning}");
        store.warning = Some(warning);
    }
}
