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

use super::{TempDir, env_number};
use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use chacha20::ChaCha8Rng;
use gomoku::persistence::autosave::{self, GameFiles};
use gomoku::persistence::{self, Storage};
use gomoku::play::ai::AiPacing;
use gomoku::play::game::{GameCommand, Match, MatchSettings, Mode, MoveRequest, Mover};
use gomoku_engine::Point;
use gomoku_engine::search::Level;
use rand::{RngExt, SeedableRng};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Set in the child: the data folder to play in.
const CHILD_DIR: &str = "GOMOKU_CRASH_CHILD_DIR";
const CHILD_SEED: &str = "GOMOKU_CRASH_CHILD_SEED";
/// Starts each line of the child's report.
const REPORT: &str = "[child] ";
/// This test's name, for the child's command line.
const TEST_NAME: &str = "crashes::killed_while_saving_the_game_loses_nothing";

/// The game's play and file plugins without a window, on `dir`.
fn game_files_app(dir: &Path) -> App {
    let two_players = MatchSettings {
        mode: Mode::HumanVsHuman,
        ..MatchSettings::default()
    };
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(gomoku::play::plugin)
        .insert_resource(Match::new(two_players, &[], 0.0).unwrap())
        .insert_resource(AiPacing { min_move_secs: 0.0 })
        .insert_resource(GameFiles::new(Some(Storage::new(dir))))
        .add_plugins(autosave::plugin);
    app.update();
    app
}

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

fn wait_for_writes(app: &App) {
    assert!(
        app.world()
            .resource::<GameFiles>()
            .writer
            .wait_idle(Duration::from_secs(20)),
        "writes finish"
    );
}

/// The child: continue, then play and save until killed.
fn child(dir: &Path, seed: u64) -> ! {
    let mut out = std::io::stdout().lock();
    let mut app = game_files_app(dir);
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

/// Reads the child's report lines on a thread.
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

fn temp_files(dir: &Path) -> usize {
    let mut count = 0;
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.path().is_dir() {
            count += temp_files(&entry.path());
        } else if entry.file_name().to_string_lossy().contains(".tmp-") {
            count += 1;
        }
    }
    count
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
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([TEST_NAME, "--exact", "--nocapture", "--test-threads=1"])
            .env(CHILD_DIR, dir.path())
            .env(CHILD_SEED, kill.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the test binary runs again as the child");
        let lines = report_lines(child.stdout.take().unwrap());
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
        for line in lines.try_iter() {
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
        temp_left += temp_files(dir.path());
        expected = on_disk;
    }
    // The next start removes what the killed writes left.
    let app = game_files_app(dir.path());
    wait_for_writes(&app);
    assert_eq!(temp_files(dir.path()), 0, "temporary files left");
    let archived = persistence::list_games(&storage.history_dir()).len();
    eprintln!(
        "{kills} kills: {moves_saved} moves saved and checked, {mid_write} kills landed \
         between a write and its report, {temp_left} temporary files found after kills \
         (removed at the next start), {archived} finished games archived"
    );
    assert!(moves_saved > kills, "the children played too little");
}
