//! The desktop's own file dialogs, through its portal (rfd's xdg-portal
//! backend: no GTK in the build): open a game, save the one on the board or
//! the replayed one under a name and format of the player's choice. A dialog runs on a pool thread
//! so the window keeps drawing; where no portal answers it yields nothing,
//! and the path field of the screen stays the way to name a file.

use super::Flash;
use crate::i18n::{t, tf};
use crate::persistence;
use crate::persistence::autosave::{GameInfo, record_of};
use crate::play::clock::GameClock;
use crate::play::game::Match;
use crate::play::replay::{OpenFile, Replay};
use crate::settings::Settings;
use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};
use std::path::PathBuf;

/// Ask for a file dialog.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileDialog {
    /// Pick a game to open in the replay viewer.
    Open,
    /// Pick where to save the replayed game (the extension picks the
    /// format).
    SaveReplay,
    /// Pick where to save the game on the board, likewise.
    SaveGame,
}

/// A dialog on screen, and what its answer is for.
#[derive(Component)]
struct OpenDialog {
    purpose: FileDialog,
    task: Task<Option<PathBuf>>,
}

/// The formats the game reads and writes, for the dialogs' filter.
const EXTENSIONS: [&str; 4] = ["ron", "sgf", "psq", "txt"];

pub(super) fn plugin(app: &mut App) {
    app.add_message::<FileDialog>()
        .add_systems(Update, (start_dialogs, finish_dialogs).chain());
}

fn start_dialogs(
    mut requests: MessageReader<FileDialog>,
    open: Query<(), With<OpenDialog>>,
    settings: Res<Settings>,
    mut commands: Commands,
) {
    let lang = settings.language;
    for &purpose in requests.read() {
        if !open.is_empty() {
            // One dialog at a time; the desktop shows the first.
            continue;
        }
        let dialog = rfd::FileDialog::new().add_filter(t(lang, "dialog.games"), &EXTENSIONS);
        let task = IoTaskPool::get().spawn(async move {
            match purpose {
                FileDialog::Open => dialog.pick_file(),
                FileDialog::SaveReplay | FileDialog::SaveGame => {
                    dialog.set_file_name("game.sgf").save_file()
                }
            }
        });
        commands.spawn((Name::new("File dialog"), OpenDialog { purpose, task }));
    }
}

fn finish_dialogs(
    mut dialogs: Query<(Entity, &mut OpenDialog)>,
    replay: Option<Res<Replay>>,
    m: Option<Res<Match>>,
    clock: Option<Res<GameClock>>,
    info: Option<Res<GameInfo>>,
    mut settings: ResMut<Settings>,
    mut open: MessageWriter<OpenFile>,
    mut flash: ResMut<Flash>,
    time: Res<Time<Real>>,
    mut commands: Commands,
) {
    let lang = settings.language;
    for (entity, mut dialog) in &mut dialogs {
        let Some(answer) = check_ready(&mut dialog.task) else {
            continue;
        };
        commands.entity(entity).despawn();
        let Some(path) = answer else {
            // Cancelled, or no portal: the path field is still there.
            continue;
        };
        let record = match dialog.purpose {
            FileDialog::Open => {
                open.write(OpenFile(path));
                continue;
            }
            FileDialog::SaveReplay => replay.as_ref().map(|replay| replay.record.clone()),
            FileDialog::SaveGame => match (&m, &clock, &info) {
                (Some(m), Some(clock), Some(info)) => Some(record_of(m, clock, info)),
                _ => None,
            },
        };
        let Some(record) = record else { continue };
        let now = time.elapsed_secs_f64();
        match persistence::save_file(&path, &record) {
            Ok(()) => {
                flash.show(tf(lang, "replay.saved", &[&path.display()]), false, now);
                settings.remember_file(&path);
            }
            Err(e) => flash.show(tf(lang, "replay.save_failed", &[&e]), true, now),
        }
    }
}
