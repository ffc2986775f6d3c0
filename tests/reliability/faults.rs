//! Faults of the disk (issue 13): a data folder that cannot be written, a
//! full one, and a settings file from a newer version of the game.
//!
//! How each is made without root or a small file system to mount:
//! * cannot be written: a regular file where the data folder should be
//!   (the same in every environment, also as root, which ignores
//!   permissions), a folder below such a file, and where the tests do not
//!   run as root a folder without write permission;
//! * full: the kernel's file-size limit (`RLIMIT_FSIZE`, set in a child
//!   process so the other tests are not limited) makes a write fail part-way
//!   with EFBIG, as a full disk fails one part-way with ENOSPC.

use super::TempDir;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::persistence::autosave::{self, GameFiles, GameInfo};
use gomoku::persistence::settings_file::{self, LoadOutcome, SettingsWarning};
use gomoku::persistence::{self, Storage};
use gomoku::play::ai::AiPacing;
use gomoku::play::clock::GameClock;
use gomoku::play::game::{Match, MatchSettings, Mode, MoveRequest, Mover, Notice};
use gomoku::settings::Settings;
use gomoku_engine::Point;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn two_player_app(data: &Path) -> App {
    let two_players = MatchSettings {
        mode: Mode::HumanVsHuman,
        ..MatchSettings::default()
    };
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(gomoku::play::plugin)
        .insert_resource(Match::new(two_players, &[], 0.0).unwrap())
        .insert_resource(AiPacing { min_move_secs: 0.0 })
        .insert_resource(Settings::default())
        .insert_resource(GameFiles::new(Some(Storage::new(data))))
        .add_plugins(autosave::plugin);
    app.update();
    app
}

/// Plays `name` and lets its writes finish and their errors be collected.
fn play(app: &mut App, name: &str) {
    app.world_mut().write_message(MoveRequest {
        point: Point::parse(name, 15).unwrap(),
        by: Mover::Human,
    });
    app.update();
    assert!(
        app.world()
            .resource::<GameFiles>()
            .writer
            .wait_idle(Duration::from_secs(10))
    );
    app.update();
}

fn moves(app: &App) -> usize {
    app.world().resource::<Match>().game().moves().len()
}

/// The player sees why, in the HUD and in the main menu, and plays on.
fn assert_reported(app: &App, data: &Path, reason: &str) {
    let notice = app.world().resource::<Notice>();
    assert!(notice.warning, "{}", notice.text);
    assert!(
        notice.text.starts_with("Could not save the game in")
            && notice.text.contains(&data.display().to_string())
            && notice.text.contains(reason)
            && notice.text.contains("Play goes on"),
        "{}",
        notice.text
    );
    let files = app.world().resource::<GameFiles>();
    assert_eq!(files.last_error.as_deref(), Some(notice.text.as_str()));
}

/// The main menu's Save button on the game in play.
fn save_game(app: &App) -> std::io::Result<std::path::PathBuf> {
    let world = app.world();
    let record = autosave::record_of(
        world.resource::<Match>(),
        world.resource::<GameClock>(),
        world.resource::<GameInfo>(),
    );
    world
        .resource::<GameFiles>()
        .storage
        .as_ref()
        .unwrap()
        .save_game(&record)
}

#[test]
fn a_data_folder_that_cannot_be_written_is_reported_and_play_goes_on() {
    let dir = TempDir::new("unwritable");
    let file = dir.path().join("data");
    std::fs::write(&file, "a file where the folder should be").unwrap();
    let mut cases = vec![
        (file.clone(), "File exists"),
        (file.join("below"), "Not a directory"),
    ];
    // SAFETY: geteuid only reads the process's user id.
    let root = unsafe { libc::geteuid() } == 0;
    if root {
        eprintln!("running as root: a folder without write permission would be written");
    } else {
        use std::os::unix::fs::PermissionsExt;
        let locked = dir.path().join("locked");
        std::fs::create_dir(&locked).unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
        cases.push((locked, "Permission denied"));
    }
    for (data, reason) in cases {
        let mut app = two_player_app(&data);
        play(&mut app, "h8");
        assert_reported(&app, &data, reason);
        let first = app.world().resource::<Notice>().at;
        for name in ["i9", "h9", "j10"] {
            play(&mut app, name);
        }
        assert_eq!(moves(&app), 4, "play goes on");
        // Said once, not at every move.
        assert_eq!(app.world().resource::<Notice>().at, first);
        let saved = save_game(&app);
        assert!(saved.is_err(), "{saved:?}");
        assert!(!Storage::new(&data).autosave_path().exists());
    }
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "a file where the folder should be",
        "the file in the way is left alone"
    );
}

const FULL_CHILD_DIR: &str = "GOMOKU_FULL_DISK_CHILD_DIR";

/// In the child: limits file sizes below the autosave's, so that writes
/// fail part-way.
fn limit_file_size(bytes: u64) {
    // SAFETY: plain system calls on this process's own limits and signal
    // disposition; SIGXFSZ would otherwise end the process at the limit.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        let mut limit = std::mem::zeroed::<libc::rlimit>();
        assert_eq!(libc::getrlimit(libc::RLIMIT_FSIZE, &mut limit), 0);
        limit.rlim_cur = bytes as libc::rlim_t;
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &limit), 0);
    }
}

fn temp_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains(".tmp-"))
        .collect()
}

fn full_disk_child(data: &Path) {
    let storage = Storage::new(data);
    let mut app = two_player_app(data);
    for name in ["h8", "i9", "h9"] {
        play(&mut app, name);
    }
    let whole = std::fs::read(storage.autosave_path()).unwrap();
    limit_file_size(whole.len() as u64 / 2);
    for name in ["h10", "j10", "h11"] {
        play(&mut app, name);
    }
    assert_eq!(moves(&app), 6, "play goes on");
    assert_reported(&app, data, "File too large");
    assert_eq!(
        std::fs::read(storage.autosave_path()).unwrap(),
        whole,
        "the last whole autosave stays"
    );
    assert_eq!(temp_files(data), Vec::<String>::new());
    assert!(save_game(&app).is_err());
    // Room again: the next move is saved.
    limit_file_size(u64::MAX);
    play(&mut app, "j11");
    let saved = storage.read_autosave().unwrap().unwrap();
    assert_eq!(saved.game.moves().len(), 7);
    println!("full-disk child: writes failed part-way and were recovered");
}

#[test]
fn a_full_disk_keeps_the_last_whole_autosave_and_play_goes_on() {
    if let Some(data) = std::env::var_os(FULL_CHILD_DIR) {
        full_disk_child(Path::new(&data));
        return;
    }
    let dir = TempDir::new("full");
    let output = Command::new(std::env::current_exe().unwrap())
        .args([
            "faults::a_full_disk_keeps_the_last_whole_autosave_and_play_goes_on",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(FULL_CHILD_DIR, dir.path().join("data"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("full-disk child: writes failed part-way"),
        "{}\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_settings_file_from_a_newer_game_is_kept_aside_and_defaults_used() {
    let dir = TempDir::new("settings-newer");
    let path = dir.path().join(settings_file::FILE_NAME);
    // A newer game's file: a higher version, a field and a theme this one
    // does not know, and values this one would read differently.
    let newer = "Settings(version: 2, ai_level: Expert, theme: Neon, \
                 volume: 0.1, board: (size: 19))\n";
    std::fs::write(&path, newer).unwrap();
    let loaded = settings_file::load(dir.path(), 1_800_000_000);
    assert_eq!(loaded.settings, Settings::default());
    let LoadOutcome::Broken { reason, kept_at } = loaded.outcome else {
        panic!("{:?}", loaded.outcome);
    };
    assert!(reason.contains("newer version"), "{reason}");
    let kept = kept_at.expect("moved aside");
    assert_eq!(kept, dir.path().join("settings.ron.newer-1800000000"));
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), newer);
    assert!(!path.exists(), "this game writes a fresh file");
    let warning = SettingsWarning::KeptAside {
        reason,
        kept_at: kept,
    };
    assert!(
        warning
            .to_string()
            .contains("settings.ron.newer-1800000000")
    );

    // Its own files, and older ones without a version, are read.
    settings_file::save(dir.path(), &Settings::default()).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("version: 1"), "{text}");
    assert_eq!(
        settings_file::load(dir.path(), 2).outcome,
        LoadOutcome::Loaded
    );
    std::fs::write(&path, "Settings(ai_level: Expert, volume: 0.5)").unwrap();
    let older = settings_file::load(dir.path(), 3);
    assert_eq!(older.outcome, LoadOutcome::Loaded);
    assert_eq!(older.settings.volume, 0.5);
}

#[test]
fn temporary_files_of_killed_saves_are_removed_and_live_ones_kept() {
    let dir = TempDir::new("temp-files");
    let mut gone = Command::new("true").spawn().unwrap();
    let dead = gone.id();
    gone.wait().unwrap();
    let stale = format!(".settings.ron.tmp-{dead}-0");
    // Process 1 always runs.
    let live = ".settings.ron.tmp-1-0".to_string();
    for name in [&stale, &live] {
        std::fs::write(dir.path().join(name), "half a fi").unwrap();
    }
    std::fs::write(dir.path().join("notes.tmp-x"), "not ours").unwrap();
    assert_eq!(persistence::remove_stale_temp_files(dir.path()), 1);
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, [live, "notes.tmp-x".to_string()]);
}
