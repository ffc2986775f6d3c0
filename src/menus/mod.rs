//! The menus (egui): main menu, new-game dialog, settings, saved games,
//! statistics and the replay viewer. Each is a full-window overlay above
//! the board, chosen by the [`Overlay`] state; while one is open the
//! board takes no input and the clocks stop.
//!
//! Also here: the extra command-line arguments (`--screen`, `--lang`, a game
//! file to open), the CJK font, and opening files (menu, command line,
//! drag and drop).

mod main_menu;
mod new_game;
mod replay_view;
mod saved_games;
mod settings_screen;
pub use settings_screen::level_for_game_in_play;
mod stats;
mod widgets;

use crate::ai::AiPaused;
use crate::clock::{self, ClockRunning, GameClock};
use crate::game::Match;
use crate::i18n::{Language, t};
use crate::input::UiCapture;
use crate::replay::{OpenFile, Replay};
use crate::settings::{self, RunOverride, Settings};
use crate::storage::{self, autosave};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::{FileDragAndDrop, PresentMode, PrimaryWindow, WindowMode};
use bevy_egui::egui::epaint::text::{FontInsert, FontPriority, InsertFontFamily};
use bevy_egui::egui::{self, FontData, FontFamily};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use std::path::PathBuf;

/// Which menu covers the board.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Overlay {
    /// The board, with the game's HUD.
    #[default]
    None,
    Main,
    NewGame,
    Settings,
    SavedGames,
    Statistics,
    Replay,
}

impl Overlay {
    pub fn from_name(name: &str) -> Option<Overlay> {
        match name.trim().to_ascii_lowercase().as_str() {
            "game" | "board" => Some(Overlay::None),
            "menu" | "main" => Some(Overlay::Main),
            "new" | "new-game" => Some(Overlay::NewGame),
            "settings" => Some(Overlay::Settings),
            "load" | "saves" => Some(Overlay::SavedGames),
            "stats" | "statistics" => Some(Overlay::Statistics),
            "replay" => Some(Overlay::Replay),
            _ => None,
        }
    }
}

pub const USAGE: &str = "\
Menus and files:
  FILE                   open a game (.ron, .psq, .sgf, or a move-string
                         .txt) in the replay viewer
  --screen NAME          start on: menu (default), game, new, settings,
                         load, stats, replay
  --lang en|zh           language of the menus for this run
";

/// The arguments this module understands, taken out before the game's own
/// parser sees the rest.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MenuArgs {
    pub screen: Option<Overlay>,
    pub language: Option<Language>,
    pub file: Option<PathBuf>,
}

/// Splits off `--screen`, `--lang` and a positional file argument; the
/// rest goes to `cli::parse` unchanged.
pub fn split_args(
    args: impl IntoIterator<Item = String>,
) -> Result<(Vec<String>, MenuArgs), String> {
    let mut rest = Vec::new();
    let mut menu = MenuArgs::default();
    let mut args = args.into_iter();
    // Flags of the game's parser that take a value: their value is not a file.
    const VALUED: &[&str] = &[
        "--mode",
        "--color",
        "--colour",
        "--rule",
        "--level",
        "--policy",
        "--moves",
        "--window",
        "--screenshot",
        "--frames",
        "--write-sounds",
    ];
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        match flag.as_str() {
            "--screen" => {
                let v = flag_value(&flag, &inline, &mut args)?;
                menu.screen = Some(Overlay::from_name(&v).ok_or_else(|| {
                    format!("unknown screen '{v}' (menu, game, new, settings, load, stats, replay)")
                })?);
            }
            "--lang" | "--language" => {
                let v = flag_value(&flag, &inline, &mut args)?;
                menu.language = Some(
                    Language::from_code(&v)
                        .ok_or_else(|| format!("unknown language '{v}' (en, zh)"))?,
                );
            }
            f if VALUED.contains(&f) && inline.is_none() => {
                rest.push(arg);
                if let Some(v) = args.next() {
                    rest.push(v);
                }
            }
            f if !f.starts_with('-') => {
                if menu.file.replace(PathBuf::from(&arg)).is_some() {
                    return Err("only one game file can be opened".to_string());
                }
            }
            _ => rest.push(arg),
        }
    }
    Ok((rest, menu))
}

/// The value of `--flag=value` or `--flag value`.
fn flag_value(
    flag: &str,
    inline: &Option<String>,
    args: &mut impl Iterator<Item = String>,
) -> Result<String, String> {
    inline
        .clone()
        .or_else(|| args.next())
        .ok_or_else(|| format!("{flag} needs a value"))
}

/// The screen to show first, and why.
#[derive(Resource, Clone, Debug)]
struct Startup {
    screen: Overlay,
    file: Option<PathBuf>,
    /// Window size to apply (logical pixels).
    size: Option<(u32, u32)>,
    /// The command line chose the game; otherwise the settings do.
    direct_game: bool,
}

/// Adds the menus to the game built by `crate::build_app`. It starts in
/// the main menu, unless the command line asked for a particular game or a
/// screenshot (then on the board, as before the menus existed), a screen
/// (`--screen`) or a file.
pub fn install(app: &mut App, menu: MenuArgs, options: &crate::cli::Options) {
    let direct_game =
        !options.moves.is_empty() || options.settings != crate::game::MatchSettings::default();
    let board_first = direct_game || options.screenshot.is_some();
    let (mut store, mut loaded) = settings::SettingsStore::open();
    if let Some(warning) = &store.warning {
        warn!("{warning}");
    }
    // The command line wins for this run, without being saved.
    if let Some(language) = menu.language {
        RunOverride::apply(
            &mut store.overrides.language,
            &mut loaded.language,
            language,
        );
    }
    if options.move_numbers {
        RunOverride::apply(
            &mut store.overrides.move_numbers,
            &mut loaded.move_numbers,
            true,
        );
    }
    let screen = match (&menu.file, menu.screen) {
        (Some(_), _) => Overlay::Replay,
        (None, Some(screen)) => screen,
        (None, None) if board_first => Overlay::None,
        (None, None) => Overlay::Main,
    };
    // The window size from the settings, unless the command line gave one.
    let size = (options.window == crate::cli::Options::default().window)
        .then_some((loaded.window.width, loaded.window.height));
    // A screenshot run (the CI smoke test, a developer's check) must not
    // touch the player's real files: no autosave, no settings written,
    // unless the directories were given explicitly.
    if options.screenshot.is_some() {
        if std::env::var_os(storage::DATA_DIR_VAR).is_none() {
            app.insert_resource(autosave::GameFiles::new(None));
        }
        if std::env::var_os(storage::CONFIG_DIR_VAR).is_none() {
            store.writable = false;
        }
    }
    app.insert_resource(store)
        .insert_resource(loaded)
        .insert_resource(Startup {
            screen,
            file: menu.file,
            size,
            direct_game,
        });
    app.add_plugins(plugin);
}

/// The menus, the settings, the clocks and the autosave.
pub fn plugin(app: &mut App) {
    app.add_plugins((settings::plugin, clock::plugin, autosave::plugin))
        .init_state::<Overlay>()
        .init_resource::<new_game::CancelTo>()
        .add_plugins(files_plugin)
        .add_systems(Startup, (apply_startup, apply_window_settings))
        .add_systems(
            Update,
            (
                block_board_input.before(crate::AppSystems::RecordInput),
                toggle_with_escape,
                apply_window_settings,
            ),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                setup_egui,
                main_menu::show.run_if(in_state(Overlay::Main)),
                new_game::show.run_if(in_state(Overlay::NewGame)),
                settings_screen::show.run_if(in_state(Overlay::Settings)),
                saved_games::show.run_if(in_state(Overlay::SavedGames)),
                stats::show.run_if(in_state(Overlay::Statistics)),
                replay_view::show.run_if(in_state(Overlay::Replay)),
                widgets::board_corner.run_if(in_state(Overlay::None)),
                show_flash,
            )
                .chain(),
        )
        .add_plugins((
            main_menu::plugin,
            saved_games::plugin,
            stats::plugin,
            replay_view::plugin,
        ));
}

fn apply_startup(
    settings: Res<Settings>,
    mut m: ResMut<Match>,
    mut clock: ResMut<GameClock>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
    startup: Res<Startup>,
    mut next: ResMut<NextState<Overlay>>,
    mut open: MessageWriter<OpenFile>,
) {
    if !startup.direct_game {
        // The board behind the menu: the settings' rule, level and clock.
        let defaults = crate::game::MatchSettings {
            rule: settings.rule,
            level: settings.ai_level,
            policy: settings.policy,
            ..default()
        };
        if let Ok(next) = Match::new(defaults, &[], 0.0) {
            m.replace_with(next);
        }
        *clock = GameClock::new(settings.time_control.clone());
    }
    if let Some((width, height)) = startup.size {
        window.resolution.set(width as f32, height as f32);
    }
    if let Some(file) = &startup.file {
        open.write(OpenFile(file.clone()));
    } else {
        next.set(startup.screen);
    }
}

/// A short message over everything (a file that could not be opened, a
/// save that worked), until dismissed or a few seconds passed.
#[derive(Resource, Default, Debug)]
pub struct Flash {
    pub text: String,
    pub error: bool,
    pub at: f64,
}

impl Flash {
    pub fn show(&mut self, text: impl Into<String>, error: bool, now: f64) {
        self.text = text.into();
        self.error = error;
        self.at = now;
    }
}

fn show_flash(
    mut contexts: EguiContexts,
    mut flash: ResMut<Flash>,
    time: Res<Time<Real>>,
    settings: Res<Settings>,
) -> Result {
    if flash.text.is_empty() {
        return Ok(());
    }
    let age = time.elapsed_secs_f64() - flash.at;
    // Errors stay until dismissed; confirmations fade out.
    if !flash.error && age > 4.0 {
        flash.text.clear();
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let color = if flash.error {
        widgets::ERROR
    } else {
        widgets::ACCENT
    };
    let mut dismissed = false;
    egui::Area::new(egui::Id::new("flash"))
        .order(egui::Order::Tooltip)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 16.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .stroke(egui::Stroke::new(1.5, color))
                .show(ui, |ui| {
                    ui.set_max_width(640.0);
                    ui.horizontal(|ui| {
                        ui.label(egui::RichText::new(&flash.text).color(color));
                        if flash.error
                            && ui
                                .button(t(settings.language, "settings.dismiss"))
                                .clicked()
                        {
                            dismissed = true;
                        }
                    });
                });
        });
    if dismissed {
        flash.text.clear();
    }
    Ok(())
}

/// The CJK subset (see `scripts/make-font-subset.sh`), compiled in so the
/// Chinese menus work wherever the binary runs.
const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-subset.otf");

/// Adds the CJK font as the last fallback of both families: Latin text
/// keeps egui's fonts, Chinese characters come from the subset.
pub fn install_fonts(ctx: &egui::Context) {
    ctx.add_font(FontInsert::new(
        "noto-sans-sc-subset",
        FontData::from_static(CJK_FONT),
        vec![
            InsertFontFamily {
                family: FontFamily::Proportional,
                priority: FontPriority::Lowest,
            },
            InsertFontFamily {
                family: FontFamily::Monospace,
                priority: FontPriority::Lowest,
            },
        ],
    ));
}

fn setup_egui(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        install_fonts(contexts.ctx_mut()?);
        *done = true;
    }
    Ok(())
}

/// While a menu is open the board ignores the mouse and the keys, the
/// clocks stop and the AI does not move.
fn block_board_input(
    overlay: Res<State<Overlay>>,
    mut capture: ResMut<UiCapture>,
    mut running: ResMut<ClockRunning>,
    mut ai_paused: ResMut<AiPaused>,
) {
    let open = *overlay.get() != Overlay::None;
    if open {
        capture.pointer = true;
        capture.keyboard = true;
    }
    running.set_if_neq(ClockRunning(!open));
    ai_paused.set_if_neq(AiPaused(open));
}

/// Opens the new-game screen from the board (the HUD's New game button,
/// Ctrl+N); its Cancel goes back to the board.
#[derive(SystemParam)]
pub struct NewGameScreen<'w> {
    next: ResMut<'w, NextState<Overlay>>,
    cancel_to: ResMut<'w, new_game::CancelTo>,
}

impl NewGameScreen<'_> {
    pub fn open_from_board(&mut self) {
        self.cancel_to.0 = Overlay::None;
        self.next.set(Overlay::NewGame);
    }
}

/// Escape opens the main menu from the board, and goes back one level in
/// the menus.
fn toggle_with_escape(
    keys: Res<ButtonInput<KeyCode>>,
    overlay: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
) {
    if !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    next.set(match overlay.get() {
        Overlay::None => Overlay::Main,
        Overlay::Main => Overlay::None,
        _ => Overlay::Main,
    });
}

/// Opening game files: dropped on the window or asked for with
/// [`OpenFile`]. Needs the [`Overlay`] state, [`Settings`] and the
/// window's `FileDragAndDrop` messages (headless tests add them).
pub fn files_plugin(app: &mut App) {
    app.add_message::<OpenFile>()
        .init_resource::<Flash>()
        .init_resource::<ReplayReturn>()
        .add_systems(Update, (receive_dropped_files, open_files).chain());
}

fn receive_dropped_files(
    mut drops: MessageReader<FileDragAndDrop>,
    mut open: MessageWriter<OpenFile>,
) {
    for drop in drops.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = drop {
            open.write(OpenFile(path_buf.clone()));
        }
    }
}

/// Opens requested files in the replay viewer; one that cannot be read
/// leaves everything as it was and says why.
/// Where the replay viewer's Back button goes: the screen it was opened
/// from.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayReturn(pub Overlay);

impl Default for ReplayReturn {
    fn default() -> Self {
        ReplayReturn(Overlay::SavedGames)
    }
}

fn open_files(
    mut requests: MessageReader<OpenFile>,
    current: Res<State<Overlay>>,
    mut back: ResMut<ReplayReturn>,
    settings: Res<Settings>,
    mut commands: Commands,
    mut next: ResMut<NextState<Overlay>>,
    mut flash: ResMut<Flash>,
    time: Res<Time<Real>>,
) {
    for OpenFile(path) in requests.read() {
        match storage::load_file(path, settings.rule) {
            Ok(record) => {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                commands.insert_resource(Replay::new(record, name));
                if *current.get() != Overlay::Replay {
                    back.0 = *current.get();
                }
                next.set(Overlay::Replay);
            }
            Err(e) => {
                let text = format!("{}: {e}", t(settings.language, "error.open"));
                warn!("{text}");
                flash.show(text, true, time.elapsed_secs_f64());
            }
        }
    }
}

/// Window options from the settings (fullscreen, vsync) apply at once.
fn apply_window_settings(
    settings: Res<Settings>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
) {
    if !settings.is_changed() {
        return;
    }
    let mode = if settings.window.fullscreen {
        WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    };
    if window.mode != mode {
        window.mode = mode;
    }
    let present = if settings.window.vsync {
        PresentMode::AutoVsync
    } else {
        PresentMode::AutoNoVsync
    };
    if window.present_mode != present {
        window.present_mode = present;
    }
    let title = t(settings.language, "app.title");
    if window.title != title {
        window.title = title.to_string();
    }
}
