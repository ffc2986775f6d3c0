//! The replay viewer's model: a loaded record and a cursor over its moves,
//! stepping, autoplay, and the position at the cursor. The screen that
//! shows it (`ui/menus/replay_view.rs`) moves the cursor with
//! [`ReplayCommand`] messages; this part has no UI so it is tested headless.

use super::AppSystems;
use bevy::prelude::*;
use gomoku_engine::record::formats::{Format, Record};
use gomoku_engine::{Game, Point};

/// A game opened in the replay viewer.
#[derive(Resource, Clone, Debug)]
pub struct Replay {
    pub record: Record,
    /// Where it came from (a file name, "clipboard", "statistics").
    pub source: String,
    cursor: usize,
    /// The position after `cursor` moves (kept in step with it).
    position: Game,
    pub playing: bool,
    /// Autoplay speed in moves per second.
    pub speed: f32,
    /// Seconds accumulated towards the next autoplay step.
    pending: f32,
}

impl Replay {
    /// Opens `record` at its final position.
    pub fn new(record: Record, source: impl Into<String>) -> Replay {
        let position = record.game.clone();
        let cursor = record.game.moves().len();
        let mut replay = Replay {
            record,
            source: source.into(),
            cursor,
            position,
            playing: false,
            speed: 2.0,
            pending: 0.0,
        };
        replay.goto(cursor);
        replay
    }

    pub fn len(&self) -> usize {
        self.record.game.moves().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Moves shown (0 = empty board).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn moves(&self) -> &[Point] {
        self.record.game.moves()
    }

    /// The position after [`Replay::cursor`] moves. At the end it is the
    /// recorded game itself, so a resignation or timeout shows too.
    pub fn position(&self) -> &Game {
        &self.position
    }

    /// Jumps to move `n` (clamped to the game).
    pub fn goto(&mut self, n: usize) {
        let n = n.min(self.len());
        self.cursor = n;
        self.position = if n == self.len() {
            self.record.game.clone()
        } else {
            // Every prefix of a loaded record is legal, its opening's
            // phases included: the readers replayed the whole game.
            super::record::replay_until(&self.record.game, n)
                .expect("a prefix of a loaded record replays")
        };
    }

    /// Steps `delta` moves (negative: back).
    pub fn step(&mut self, delta: isize) {
        self.goto(self.cursor.saturating_add_signed(delta));
    }

    pub fn first(&mut self) {
        self.playing = false;
        self.goto(0);
    }

    pub fn last(&mut self) {
        self.playing = false;
        self.goto(self.len());
    }

    /// Starts or stops autoplay; starting at the end starts over.
    pub fn toggle_play(&mut self) {
        self.playing = !self.playing;
        self.pending = 0.0;
        if self.playing && self.cursor == self.len() {
            self.goto(0);
        }
    }

    /// Advances autoplay by `seconds`; returns whether the cursor moved.
    /// Autoplay stops at the last move.
    pub fn tick(&mut self, seconds: f32) -> bool {
        if !self.playing {
            return false;
        }
        self.pending += seconds * self.speed.max(0.1);
        let steps = self.pending.floor() as usize;
        if steps == 0 {
            return false;
        }
        self.pending -= steps as f32;
        let before = self.cursor;
        self.goto(self.cursor + steps);
        if self.cursor == self.len() {
            self.playing = false;
        }
        self.cursor != before
    }

    /// Whether "play from here" makes sense: the position is not over.
    pub fn can_branch(&self) -> bool {
        !self.position.is_over()
    }

    /// Carries out one of the viewer's commands.
    pub fn apply(&mut self, command: ReplayCommand) {
        match command {
            ReplayCommand::Step(delta) => self.step(delta),
            ReplayCommand::Goto(n) => {
                self.playing = false;
                self.goto(n);
            }
            ReplayCommand::First => self.first(),
            ReplayCommand::Last => self.last(),
            ReplayCommand::TogglePlay => self.toggle_play(),
            ReplayCommand::Stop => self.playing = false,
            ReplayCommand::Speed(speed) => self.speed = speed.clamp(0.5, 10.0),
        }
    }

    /// The record in another format, for export and the clipboard.
    pub fn export(&self, format: Format) -> String {
        format.write(&self.record)
    }
}

/// A file to open in the viewer (command line, drag and drop, the menu).
#[derive(Message, Clone, Debug)]
pub struct OpenFile(pub std::path::PathBuf);

/// What the replay viewer asks of the cursor.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum ReplayCommand {
    /// Moves back (negative) or forward.
    Step(isize),
    /// Jumps to move n; stops autoplay.
    Goto(usize),
    First,
    Last,
    TogglePlay,
    Stop,
    /// Autoplay speed, moves per second.
    Speed(f32),
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ReplayCommand>().add_systems(
        Update,
        (apply_replay_commands, autoplay)
            .chain()
            .in_set(AppSystems::Apply),
    );
}

fn apply_replay_commands(
    mut commands: MessageReader<ReplayCommand>,
    replay: Option<ResMut<Replay>>,
) {
    let Some(mut replay) = replay else {
        commands.clear();
        return;
    };
    for &command in commands.read() {
        replay.apply(command);
    }
}

/// Autoplay steps on while it is on (in real time: it is not play).
fn autoplay(time: Res<Time<Real>>, replay: Option<ResMut<Replay>>) {
    if let Some(mut replay) = replay
        && replay.playing
    {
        replay.tick(time.delta_secs());
    }
}
