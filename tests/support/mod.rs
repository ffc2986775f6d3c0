//! Helpers the game's integration tests share: a temporary folder, points
//! from their names, and a click or a command sent to a headless app.

// Each test binary uses a part of them.
#![allow(dead_code)]

use bevy::prelude::*;
use gomoku::play::game::{GameCommand, MoveRequest, Mover};
use gomoku_engine::Point;
use gomoku_engine::board::parse_move_list;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// A fresh empty directory under the system temp dir, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "gomoku-test-{name}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn point(name: &str) -> Point {
    Point::parse(name, 15).unwrap()
}

pub fn points(moves: &str) -> Vec<Point> {
    parse_move_list(moves, 15).unwrap()
}

/// The local player clicks `name`; one frame runs.
pub fn click(app: &mut App, name: &str) {
    app.world_mut()
        .resource_mut::<Messages<MoveRequest>>()
        .write(MoveRequest {
            point: point(name),
            by: Mover::Human,
        });
    app.update();
}

/// `command` is sent to the match; one frame runs.
pub fn command(app: &mut App, command: GameCommand) {
    app.world_mut()
        .resource_mut::<Messages<GameCommand>>()
        .write(command);
    app.update();
}

/// The niceness of this process's threads named `name` (Linux).
pub fn niceness_of_threads(name: &str) -> Vec<i64> {
    let mut found = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").unwrap().flatten() {
        let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        if comm.trim_end() != name {
            continue;
        }
        let stat = std::fs::read_to_string(task.path().join("stat")).unwrap();
        // The fields after the name in parentheses; the nice value is the
        // 19th field of the line, the 17th after the name.
        let (_, fields) = stat.rsplit_once(") ").unwrap();
        found.push(fields.split(' ').nth(16).unwrap().parse().unwrap());
    }
    found
}
