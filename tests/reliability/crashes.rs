//! The game killed with SIGKILL at random moments while it plays and saves
//! (issue 13). The child is this test binary run again in "child" mode: it
//! starts the game's play and file plugins headless, continues the
//! autosaved game the way the main menu's Continue does, then plays
//! seeded random moves, each autosaved by the game's writer thread (a
//! finished game is archived and a new one started). Before each move it
//! prints the position it is about to save and after the write the
//! position saved. The parent kills it after a random delay, then checks
//! the data folder: the autosave is whole and is either the last position
//! the child reported saved or the one it was saving; every archived game
//! reads back whole. The next child's Continue must put exactly that
//! position back on the board, and starting the game removes the
//! temporary files the killed writes left.

use super::{
    TempDir, child_command, click, env_number, point, temp_files, two_player_app, wait_for_writes,
};
use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use chacha20::ChaCha8Rng;
use gomoku::persistence::autosave;
use gomoku::persistence::{self, Storage};
use gomoku::play::game::{GameCommand, Match, MoveRequest, Mover};
use gomoku_engine::Point;
use gomoku_engine::search::Level;
use rand::{RngExt, SeedableRng};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Set in the child: the data folder to play in.
const CHILD_DIR: &str = "GOMOKU_CRASH_CHILD_DIR";
const CHILD_SEED: &str = "GOMOKU_CRASH_CHILD_SEED";
/// Starts each line of the child's report.
const REPORT: &str = "[child] ";
/// This test's name, for the child's command line.
const TEST_NAME: &str = "crashes::killed_while_saving_the_game_loses_nothing";

/// The moves as text, "-" for none: one line of the child's report.
fn moves_text(moves: &[Point]) -> String {
    if moves.is_empty() {
        return "-".into();
    }
    moves
        .iter()
        .map(|p| gomoku::play::game::notation(*p))
        .collect::<Vec<_>>()
        .join(",")
}

/// What Continue would put on the board: the autosave's moves, "-" when
/// there is nothing to continue.
fn autosave_text(storage: &Storage) -> String {
    match storage.read_autosave() {
        Ok(Some(record)) => moves_text(record.game.moves()),
        Ok(None) => "-".into(),
        Err(e) => panic!("the autosave is unreadable after a crash: {e}"),
    }
}

/// The child: continue, then play and save until killed.
fn child(dir: &Path, seed: u64) -> ! {
    let mut out = std::io::stdout().lock();
    let mut app = two_player_app(dir);
    let storage = Storage::new(dir);
    // Continue, as the main menu's button does it.
    if let Some(record) = storage.read_autosave().expect("a whole autosave") {
        app.world_mut()
            .run_system_once(move |mut commands: Commands| {
                let settings = autosave::settings_of(&record, Level::Beginner);
                let plies = record.game.moves().len();
                autosave::start_from_record(&mut commands, &record, plies, settings, true, 0.0)
            })
            .unwrap()
            .unwrap();
        app.update();
    }
    let on_board = moves_text(app.world().resource::<Match>().game().moves());
    writeln!(out, "{REPORT}continued {on_board}").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let game = app.world().resource::<Match>().game().clone();
        if game.is_over() {
            // Archived and the autosave cleared; a new game.
            let fresh = Match::new(app.world().resource::<Match>().settings().clone(), &[], 0.0);
            writeln!(out, "{REPORT}saving -").unwrap();
            out.flush().unwrap();
            app.world_mut()
                .write_message(GameCommand::Start(Box::new(fresh.unwrap()), None));
        } else {
            let empty: Vec<Point> = game.board().empty_points().collect();
            let mut after = game.clone();
            let point = loop {
                let p = empty[rng.random_range(0..empty.len())];
                if after.check(p).is_ok() {
                    break p;
                }
            };
            after.play(point).unwrap();
            let saving = if after.is_over() {
                "-".to_string()
            } else {
                moves_text(after.moves())
            };
            writeln!(out, "{REPORT}saving {saving}").unwrap();
            out.flush().unwrap();
            app.world_mut().write_message(MoveRequest {
                point,
                by: Mover::Human,
            });
        }
        app.update();
        wait_for_writes(&app);
        writeln!(out, "{REPORT}saved {}", autosave_text(&storage)).unwrap();
        out.flush().unwrap();
    }
}

/// Starts the child and reads its report lines on a thread.
fn spawn_reporting(command: &mut Command) -> (Child, mpsc::Receiver<String>) {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the test binary runs again as the child");
    let lines = report_lines(child.stdout.take().unwrap());
    (child, lines)
}

fn report_lines(stdout: std::process::ChildStdout) -> mpsc::Receiver<String> {
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            // The test harness may print on the same line (the test's name).
            let Some((_, report)) = line.split_once(REPORT) else {
                continue;
            };
            if send.send(report.to_string()).is_err() {
                break;
            }
        }
    });
    lines
}

/// Every file in `dir` and its folders, without the temporary files.
fn game_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(game_files(&path));
        } else if !entry.file_name().to_string_lossy().starts_with('.') {
            found.push(path);
        }
    }
    found
}

#[test]
fn killed_while_saving_the_game_loses_nothing() {
    if let Some(dir) = std::env::var_os(CHILD_DIR) {
        child(Path::new(&dir), env_number(CHILD_SEED, 0));
    }
    let dir = TempDir::new("crash");
    let storage = Storage::new(dir.path());
    let kills = env_number("GOMOKU_CRASH_KILLS", 40);
    let mut rng = ChaCha8Rng::seed_from_u64(env_number("GOMOKU_CRASH_SEED", 2026));
    // What the next start must continue.
    let mut expected = "-".to_string();
    let (mut moves_saved, mut mid_write, mut temp_left) = (0, 0, 0);
    for kill in 0..kills {
        let (mut child, lines) = spawn_reporting(
            child_command(TEST_NAME)
                .env(CHILD_DIR, dir.path())
                .env(CHILD_SEED, kill.to_string()),
        );
        // Wait until it has continued, then let it play a random while.
        let start = Instant::now();
        let mut continued = None;
        while continued.is_none() {
            let line = lines
                .recv_timeout(Duration::from_secs(60))
                .expect("the child starts");
            continued = line.strip_prefix("continued ").map(str::to_string);
            assert!(start.elapsed() < Duration::from_secs(60));
        }
        assert_eq!(
            continued.unwrap(),
            expected,
            "kill {kill}: Continue put another position on the board"
        );
        std::thread::sleep(Duration::from_millis(rng.random_range(0..120)));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        let (mut saved, mut saving) = (None, None);
        // All it wrote before it died: the reader ends at the pipe's end.
        for line in lines.iter() {
            if let Some(s) = line.strip_prefix("saved ") {
                saved = Some(s.to_string());
                moves_saved += 1;
            } else if let Some(s) = line.strip_prefix("saving ") {
                saving = Some(s.to_string());
            }
        }
        let on_disk = autosave_text(&storage);
        let last_saved = saved.clone().unwrap_or_else(|| expected.clone());
        assert!(
            on_disk == last_saved || saving.as_ref() == Some(&on_disk),
            "kill {kill}: the autosave holds {on_disk}, \
             the child had saved {last_saved} and was saving {saving:?}"
        );
        if on_disk != last_saved {
            mid_write += 1;
        }
        for file in game_files(dir.path()) {
            if let Err(e) = persistence::load_file(&file, gomoku_engine::Rule::Freestyle) {
                panic!("kill {kill}: {} is not whole: {e}", file.display());
            }
        }
        temp_left += temp_files(dir.path()).len();
        expected = on_disk;
    }
    // The next start removes what the killed writes left.
    let app = two_player_app(dir.path());
    wait_for_writes(&app);
    assert_eq!(temp_files(dir.path()), Vec::<PathBuf>::new());
    let archived = persistence::list_games(&storage.history_dir()).len();
    eprintln!(
        "{kills} kills: {moves_saved} moves saved and checked, {mid_write} kills landed \
         between a write and its report, {temp_left} temporary files found after kills \
         (removed at the next start), {archived} finished games archived"
    );
    assert!(moves_saved > kills, "the children played too little");
}

// ------------------------------------------- killed while archiving a game

/// Set in the child of the archiving test: its data folder.
const FINISH_CHILD_DIR: &str = "GOMOKU_FINISH_CHILD_DIR";
const FINISH_TEST: &str =
    "crashes::killed_while_archiving_a_finished_game_neither_loses_nor_doubles_it";
/// Black's five along row 8 at the ninth move; White plays along row 1.
const FIVE: [&str; 9] = ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"];

/// The child: plays up to the last move and saves, then plays the winning
/// move, whose end of game (the finished autosave, the archive, the
/// autosave removed) it reports when written; then waits to be killed.
fn finishing_child(dir: &Path) -> ! {
    let mut out = std::io::stdout().lock();
    let mut app = two_player_app(dir);
    for name in &FIVE[..8] {
        click(&mut app, name);
    }
    wait_for_writes(&app);
    writeln!(out, "{REPORT}finishing").unwrap();
    out.flush().unwrap();
    click(&mut app, FIVE[8]);
    wait_for_writes(&app);
    writeln!(out, "{REPORT}finished").unwrap();
    out.flush().unwrap();
    loop {
        std::thread::sleep(Duration::from_secs(1));
    }
}

/// What a killed run left in the data folder, as the next start finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum LeftOnDisk {
    /// The position before the last move: its end was not saved yet.
    InProgress,
    /// The finished game in the autosave, not archived.
    FinishedNotArchived,
    /// The finished game in the autosave and in the archive: killed
    /// between archiving and removing the autosave.
    FinishedAndArchived,
    /// Archived, the autosave removed: nothing was cut off.
    Archived,
}

fn left_on_disk(storage: &Storage) -> LeftOnDisk {
    let archived = !persistence::list_games(&storage.history_dir()).is_empty();
    match (storage.finished_autosave().is_some(), archived) {
        (true, true) => LeftOnDisk::FinishedAndArchived,
        (true, false) => LeftOnDisk::FinishedNotArchived,
        (false, true) => LeftOnDisk::Archived,
        (false, false) => LeftOnDisk::InProgress,
    }
}

/// Starts the game on `dir` as after a crash and checks: the five is
/// archived exactly once and nothing is offered to continue, or (its end
/// not saved yet) nothing is archived and Continue offers the position
/// before the last move. Starting again changes nothing.
fn assert_restart_keeps_one_game(dir: &Path, left: LeftOnDisk) {
    let storage = Storage::new(dir);
    for start in 0..2 {
        let app = two_player_app(dir);
        wait_for_writes(&app);
        let archived = persistence::list_games(&storage.history_dir());
        let to_continue = storage.read_autosave().expect("a whole autosave");
        if left == LeftOnDisk::InProgress {
            assert!(archived.is_empty(), "start {start}: {archived:?}");
            let record = to_continue.expect("the position before the five");
            let before_five: Vec<Point> = FIVE[..8].iter().map(|m| point(m)).collect();
            assert_eq!(record.game.moves(), before_five);
        } else {
            assert_eq!(archived.len(), 1, "{left:?}, start {start}: {archived:?}");
            let game = archived[0].as_ref().expect("archived whole");
            assert_eq!(game.moves, 9, "{left:?}");
            assert!(to_continue.is_none(), "{left:?}: Continue offers a game");
            assert!(!storage.autosave_path().exists(), "{left:?}");
        }
    }
}

#[test]
fn killed_while_archiving_a_finished_game_neither_loses_nor_doubles_it() {
    if let Some(dir) = std::env::var_os(FINISH_CHILD_DIR) {
        finishing_child(Path::new(&dir));
    }
    let kills = env_number("GOMOKU_FINISH_KILLS", 20);
    let mut rng = ChaCha8Rng::seed_from_u64(env_number("GOMOKU_FINISH_SEED", 12));
    let mut seen: std::collections::HashMap<LeftOnDisk, u64> = Default::default();
    // How long the end of a game takes to be written here: the kills are
    // spread over that time.
    let mut window = Duration::ZERO;
    for kill in 0..=kills {
        let dir = TempDir::new("finish");
        let (mut child, lines) =
            spawn_reporting(child_command(FINISH_TEST).env(FINISH_CHILD_DIR, dir.path()));
        let wait_for = |what: &str| loop {
            let line = lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("the child reports {what}"));
            if line == what {
                break Instant::now();
            }
        };
        let finishing = wait_for("finishing");
        if kill == 0 {
            // The first child is not killed: it measures the window.
            window = wait_for("finished") - finishing;
        } else {
            let delay = window.mul_f64(rng.random::<f64>());
            std::thread::sleep(delay.saturating_sub(finishing.elapsed()));
        }
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        let storage = Storage::new(dir.path());
        let left = left_on_disk(&storage);
        if kill == 0 {
            assert_eq!(left, LeftOnDisk::Archived);
        }
        *seen.entry(left).or_default() += 1;
        for file in persistence::list_games(&storage.history_dir()) {
            assert!(file.is_ok(), "kill {kill}: {file:?}");
        }
        assert_restart_keeps_one_game(dir.path(), left);
    }
    eprintln!("{kills} kills while a game ended (window {window:?}): {seen:?}");
}

#[test]
fn a_finished_game_left_in_the_autosave_is_archived_once_at_the_next_start() {
    // The disk as a kill leaves it at each step of the end of a game,
    // made without killing: the game is played to its end, then the
    // autosave is written back (it is written first when a game ends) and
    // the archive removed or kept.
    for left in [
        LeftOnDisk::FinishedNotArchived,
        LeftOnDisk::FinishedAndArchived,
    ] {
        let dir = TempDir::new("finished-autosave");
        let storage = Storage::new(dir.path());
        let mut app = two_player_app(dir.path());
        for name in FIVE {
            click(&mut app, name);
        }
        wait_for_writes(&app);
        drop(app);
        let archive = persistence::list_games(&storage.history_dir())
            .remove(0)
            .expect("archived")
            .path;
        let record = persistence::load_file(&archive, gomoku_engine::Rule::Freestyle).unwrap();
        storage.write_autosave(&record).unwrap();
        if left == LeftOnDisk::FinishedNotArchived {
            std::fs::remove_file(&archive).unwrap();
        }
        assert_eq!(left_on_disk(&storage), left);
        assert_restart_keeps_one_game(dir.path(), left);
        // The archive is the same file as before the crash.
        assert_eq!(
            persistence::list_games(&storage.history_dir())[0]
                .as_ref()
                .unwrap()
                .path,
            archive
        );
    }
}
