//! Faults of the disk (issue 13): a data folder that cannot be written, a
//! full one, and a settings file from a newer version of the game.
//!
//! How each is made without a small file system to mount, also as root
//! (which these tests run as here and in CI, and which permissions do not
//! stop):
//! * cannot be written: a regular file where the data folder should be, a
//!   folder below such a file, and a read-only folder (mode 555) written by
//!   a child process that gave up the capabilities that let root ignore
//!   permissions;
//! * full: the kernel's file-size limit (`RLIMIT_FSIZE`, set in a child
//!   process so the other tests are not limited) makes a write fail
//!   part-way with EFBIG; then the game's temporary file names are taken by
//!   links to `/dev/full`, so its writes fail with ENOSPC, as on a full
//!   disk.

use super::{TempDir, child_command, click, temp_files, two_player_app, wait_for_writes};
use bevy::prelude::*;
use gomoku::persistence::autosave::{self, GameFiles, GameInfo};
use gomoku::persistence::settings_file::{self, LoadOutcome, SettingsWarning};
use gomoku::persistence::{self, Storage};
use gomoku::play::clock::GameClock;
use gomoku::play::game::{Match, Notice};
use gomoku::settings::Settings;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Plays `name` and lets its writes finish and their errors be collected.
fn play(app: &mut App, name: &str) {
    click(app, name);
    wait_for_writes(app);
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

/// Four moves in `data`, which cannot be written: each is played, the
/// reason is shown once, and the main menu's Save fails too.
fn assert_play_goes_on_unsaved(data: &Path, reason: &str) {
    let mut app = two_player_app(data);
    play(&mut app, "h8");
    assert_reported(&app, data, reason);
    let first = app.world().resource::<Notice>().at;
    for name in ["i9", "h9", "j10"] {
        play(&mut app, name);
    }
    assert_eq!(moves(&app), 4, "play goes on");
    // Said once, not at every move.
    assert_eq!(app.world().resource::<Notice>().at, first);
    let saved = save_game(&app);
    assert!(saved.is_err(), "{saved:?}");
}

#[test]
fn a_data_folder_that_cannot_be_written_is_reported_and_play_goes_on() {
    let dir = TempDir::new("unwritable");
    let file = dir.path().join("data");
    std::fs::write(&file, "a file where the folder should be").unwrap();
    for (data, reason) in [
        (file.clone(), "File exists"),
        (file.join("below"), "Not a directory"),
    ] {
        assert_play_goes_on_unsaved(&data, reason);
        assert!(!Storage::new(&data).autosave_path().exists());
    }
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "a file where the folder should be",
        "the file in the way is left alone"
    );
}

/// Runs `test` again as a child with `var` set to `data`; it passes when
/// the child printed `done`.
fn run_child(test: &str, var: &str, data: &Path, done: &str) {
    let output = child_command(test).env(var, data).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains(done),
        "{}\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}

const READ_ONLY_CHILD_DIR: &str = "GOMOKU_READ_ONLY_CHILD_DIR";

/// In the child: gives up, in this thread and the threads it starts, the
/// capabilities that let root read and write whatever the permissions say
/// (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER). Without root they
/// are not held and nothing changes.
fn give_up_overriding_permissions() {
    #[repr(C)]
    struct Header {
        version: u32,
        pid: libc::c_int,
    }
    #[repr(C)]
    #[derive(Clone, Copy, Default)]
    struct Set {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    const VERSION_3: u32 = 0x2008_0522;
    const OVERRIDES: u32 = 1 << 1 | 1 << 2 | 1 << 3;
    let mut header = Header {
        version: VERSION_3,
        pid: 0,
    };
    let mut sets = [Set::default(); 2];
    // SAFETY: capget and capset read and write the header and the two sets
    // of version 3, which these are; they change only this thread.
    unsafe {
        let got = libc::syscall(libc::SYS_capget, &mut header, sets.as_mut_ptr());
        assert_eq!(got, 0, "capget: {}", std::io::Error::last_os_error());
        sets[0].effective &= !OVERRIDES;
        sets[0].permitted &= !OVERRIDES;
        let set = libc::syscall(libc::SYS_capset, &header, sets.as_ptr());
        assert_eq!(set, 0, "capset: {}", std::io::Error::last_os_error());
    }
}

fn read_only_child(data: &Path) {
    give_up_overriding_permissions();
    let autosave = Storage::new(data).autosave_path();
    let before = std::fs::read(&autosave).unwrap();
    assert_play_goes_on_unsaved(data, "Permission denied");
    assert_eq!(
        std::fs::read(&autosave).unwrap(),
        before,
        "the autosave stays"
    );
    assert_eq!(temp_files(data), Vec::<PathBuf>::new());
    println!("read-only child: every write was refused and reported");
}

#[test]
fn a_read_only_data_folder_is_reported_and_its_autosave_kept() {
    use std::os::unix::fs::PermissionsExt;
    if let Some(data) = std::env::var_os(READ_ONLY_CHILD_DIR) {
        read_only_child(Path::new(&data));
        return;
    }
    let dir = TempDir::new("read-only");
    let data = dir.path().join("data");
    let mut app = two_player_app(&data);
    play(&mut app, "a1");
    drop(app);
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o555)).unwrap();
    run_child(
        "faults::a_read_only_data_folder_is_reported_and_its_autosave_kept",
        READ_ONLY_CHILD_DIR,
        &data,
        "read-only child: every write was refused",
    );
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).unwrap();
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

/// In the child: takes the names of this process's next temporary
/// autosave files (`.autosave.ron.tmp-<process>-<n>`) with links to
/// `/dev/full`, where every write fails with ENOSPC. The write that fails
/// removes its link (not `/dev/full`); the rest are returned.
fn fill_the_disk(data: &Path) -> Vec<PathBuf> {
    let links: Vec<PathBuf> = (0..500)
        .map(|n| data.join(format!(".autosave.ron.tmp-{}-{n}", std::process::id())))
        .collect();
    for link in &links {
        std::os::unix::fs::symlink("/dev/full", link).unwrap();
    }
    links
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
    assert_eq!(temp_files(data), Vec::<PathBuf>::new());
    assert!(save_game(&app).is_err());
    // Room again: the next move is saved.
    limit_file_size(u64::MAX);
    play(&mut app, "j11");
    let saved = storage.read_autosave().unwrap().unwrap();
    assert_eq!(saved.game.moves().len(), 7);

    // Full: every write ends in ENOSPC.
    let whole = std::fs::read(storage.autosave_path()).unwrap();
    let links = fill_the_disk(data);
    for name in ["k12", "j12"] {
        play(&mut app, name);
    }
    assert_eq!(moves(&app), 9, "play goes on");
    assert_reported(&app, data, "No space left on device");
    assert_eq!(std::fs::read(storage.autosave_path()).unwrap(), whole);
    // Room again.
    for link in links {
        let _ = std::fs::remove_file(link);
    }
    play(&mut app, "l13");
    let saved = storage.read_autosave().unwrap().unwrap();
    assert_eq!(saved.game.moves().len(), 10);
    assert_eq!(temp_files(data), Vec::<PathBuf>::new());
    println!("full-disk child: writes failed part-way and on a full disk, and were recovered");
}

#[test]
fn a_full_disk_keeps_the_last_whole_autosave_and_play_goes_on() {
    if let Some(data) = std::env::var_os(FULL_CHILD_DIR) {
        full_disk_child(Path::new(&data));
        return;
    }
    let dir = TempDir::new("full");
    run_child(
        "faults::a_full_disk_keeps_the_last_whole_autosave_and_play_goes_on",
        FULL_CHILD_DIR,
        &dir.path().join("data"),
        "full-disk child: writes failed part-way and on a full disk",
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
