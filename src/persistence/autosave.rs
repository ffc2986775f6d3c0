//! The game's files while it runs: the autosave after every move, the
//! archive of finished games, and starting a game from a record (Continue,
//! "play from here").

use super::writer::{Job, Writer};
use super::{Storage, data_dir};
use crate::i18n::tf;
use crate::play::clock::GameClock;
use crate::play::game::{
    GameCommand, GameDecided, GameStarted, Match, MatchSettings, Mode, MovesTakenBack, Notice,
    Player as Seat, StonePlaced,
};
use crate::play::record::replay_until;
use crate::settings::Settings;
use bevy::prelude::*;
use gomoku_engine::Color;
use gomoku_engine::opening::{OpeningRule, Seat as OpeningSeat};
use gomoku_engine::record::formats::{Metadata, Player, PlayerKind, Record, now_iso8601};
use gomoku_engine::search::Level;

/// Where games are stored; None when the OS gives no data directory (the
/// game is then played without autosave).
#[derive(Resource)]
pub struct GameFiles {
    pub storage: Option<Storage>,
    /// The last write that failed, shown in the menu.
    pub last_error: Option<String>,
    /// Writes happen on this thread, off the frame.
    pub writer: Writer,
}

impl GameFiles {
    pub fn new(storage: Option<Storage>) -> GameFiles {
        GameFiles {
            storage,
            last_error: None,
            writer: Writer::spawn(),
        }
    }
}

/// About the game on the board beyond the engine's record.
#[derive(Resource, Clone, Debug)]
pub struct GameInfo {
    /// When it started (ISO-8601 UTC), kept across Continue.
    pub date: String,
    /// Whether it was already archived as finished (an undo and a second
    /// ending do not count twice in the statistics).
    pub archived: bool,
    /// The engine's analysis helped the human against the AI
    /// ([`Metadata::assisted`]); kept across Continue.
    pub assisted: bool,
}

impl Default for GameInfo {
    fn default() -> Self {
        GameInfo {
            date: now_iso8601(),
            archived: false,
            assisted: false,
        }
    }
}

/// The start date the next game takes (Continue keeps the original one).
#[derive(Resource, Clone, Debug, Default)]
pub struct NextDate(pub Option<String>);

/// Whether the next game starts assisted (Continue of an assisted game).
#[derive(Resource, Clone, Debug, Default)]
pub struct NextAssisted(pub bool);

#[derive(Resource, Default)]
struct Dirty(bool);

pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<GameFiles>() {
        app.insert_resource(GameFiles::new(data_dir().map(Storage::new)));
    }
    app.init_resource::<GameInfo>()
        .init_resource::<NextDate>()
        .init_resource::<NextAssisted>()
        .init_resource::<Dirty>()
        .add_observer(|_: On<StonePlaced>, mut dirty: ResMut<Dirty>| dirty.0 = true)
        .add_observer(|_: On<MovesTakenBack>, mut dirty: ResMut<Dirty>| dirty.0 = true)
        .add_observer(|_: On<GameDecided>, mut dirty: ResMut<Dirty>| dirty.0 = true)
        .add_observer(new_game_started)
        .add_systems(Startup, recover_after_a_crash)
        .add_systems(Update, collect_write_errors)
        .add_systems(Last, finish_writes_on_exit)
        .add_systems(
            Update,
            write_game_files
                .after(crate::play::AppSystems::Apply)
                .after(crate::play::timekeeping::ClockSystems)
                .before(crate::play::AppSystems::React),
        );
}

fn new_game_started(
    _: On<GameStarted>,
    mut info: ResMut<GameInfo>,
    mut next: ResMut<NextDate>,
    mut next_assisted: ResMut<NextAssisted>,
    mut dirty: ResMut<Dirty>,
) {
    *info = GameInfo {
        date: next.0.take().unwrap_or_else(now_iso8601),
        archived: false,
        assisted: std::mem::take(&mut next_assisted.0),
    };
    dirty.0 = true;
}

/// The file form of the player of `color` (after the opening's swaps).
pub fn player(m: &Match, color: Color) -> Player {
    Player {
        name: m.name(color).unwrap_or_default().to_string(),
        kind: match m.player(color) {
            Seat::Human => PlayerKind::Human,
            Seat::Ai(level) => PlayerKind::Ai {
                level: level.name().to_string(),
            },
            Seat::Remote => PlayerKind::Remote,
        },
    }
}

/// The record of the game on the board: moves, result, players, clocks.
pub fn record_of(m: &Match, clock: &GameClock, info: &GameInfo) -> Record {
    let moves = m.game().moves().len();
    let actions = opening_actions(m.game());
    Record {
        game: m.game().clone(),
        meta: Metadata {
            black: player(m, Color::Black),
            white: player(m, Color::White),
            time_control: clock.control.clone(),
            move_times_ms: clock.move_times_ms.iter().take(moves).copied().collect(),
            opening_times_ms: clock
                .opening_times_ms
                .iter()
                .take(actions)
                .copied()
                .collect(),
            date: Some(info.date.clone()),
            comment: None,
            assisted: info.assisted,
        },
    }
}

/// How many opening actions `game` has had.
fn opening_actions(game: &gomoku_engine::Game) -> usize {
    game.opening().map_or(0, |o| o.actions().len())
}

/// The match settings a record's players imply: who is human, the AI's
/// level (a level name we do not know falls back to `default_level`).
pub fn settings_of(record: &Record, default_level: Level) -> MatchSettings {
    let level_of = |kind: &PlayerKind| match kind {
        PlayerKind::Ai { level } => Some(
            Level::ALL
                .into_iter()
                .find(|l| l.name().eq_ignore_ascii_case(level))
                .unwrap_or(default_level),
        ),
        // A network game continued on this computer is played by hand.
        PlayerKind::Human | PlayerKind::Remote => None,
    };
    // The file names the players by the colours they hold; the settings by
    // the colours they started the opening with.
    let swapped = record
        .game
        .opening()
        .is_some_and(|o| o.black_seat() == OpeningSeat::Second);
    let (first, second) = if swapped {
        (&record.meta.white, &record.meta.black)
    } else {
        (&record.meta.black, &record.meta.white)
    };
    let black = level_of(&first.kind);
    let white = level_of(&second.kind);
    let (mode, human_color, level) = match (black, white) {
        (None, None) => (Mode::HumanVsHuman, Color::Black, default_level),
        (None, Some(level)) => (Mode::HumanVsAi, Color::Black, level),
        (Some(level), None) => (Mode::HumanVsAi, Color::White, level),
        (Some(level), Some(_)) => (Mode::AiVsAi, Color::Black, level),
    };
    MatchSettings {
        mode,
        human_color,
        rule: record.game.rule(),
        level,
        policy: record.game.policy(),
        names: [first.name.clone(), second.name.clone()],
        opening: record
            .game
            .opening()
            .map_or(OpeningRule::Free, |o| o.rule()),
    }
}

/// Asks to put the first `plies` moves of `record` on the board as the game
/// in play, under `settings`. With `keep_clock_and_date` (Continue) the
/// saved clocks and start date carry on; otherwise (a branch) it is a new
/// game with a fresh clock from the settings. A position that cannot be
/// played is refused with the reason and changes nothing.
pub fn start_from_record(
    commands: &mut Commands,
    record: &Record,
    plies: usize,
    settings: MatchSettings,
    keep_clock_and_date: bool,
    now: f64,
) -> Result<(), String> {
    let game = replay_until(&record.game, plies)?;
    let (played, actions) = (game.moves().len(), opening_actions(&game));
    let mut next = Match::from_game(settings, game, now);
    // A resignation or timeout is not in the moves; carry it over.
    if plies >= record.game.moves().len()
        && let Some(gomoku_engine::GameResult::Timeout { loser }) = record.game.result()
    {
        next = next.ended_on_time(*loser, now);
    }
    let clock = keep_clock_and_date.then(|| {
        let mut times: Vec<u64> = record
            .meta
            .move_times_ms
            .iter()
            .take(plies)
            .copied()
            .collect();
        times.resize(played, 0);
        let opening_times = record
            .meta
            .opening_times_ms
            .iter()
            .take(actions)
            .copied()
            .collect();
        commands.insert_resource(NextDate(record.meta.date.clone()));
        commands.insert_resource(NextAssisted(record.meta.assisted));
        GameClock::resume(record.meta.time_control.clone(), times, opening_times)
    });
    commands.write_message(GameCommand::Start(Box::new(next), clock));
    Ok(())
}

/// After the position changed: rewrite the autosave, or archive the game
/// when it has just ended (and drop the autosave: nothing to continue).
///
/// A finished game is first written to the autosave, then archived, then
/// the autosave is removed, so a crash anywhere in between loses nothing
/// and counts nothing twice: an autosave holding a finished game is
/// archived at the next start (under the same name as before, see
/// [`Storage::archive_finished`]), and Continue never offers the position
/// before the last move of a game already archived.
fn write_game_files(
    mut dirty: ResMut<Dirty>,
    files: Res<GameFiles>,
    mut info: ResMut<GameInfo>,
    m: Res<Match>,
    clock: Res<GameClock>,
) {
    if !std::mem::take(&mut dirty.0) {
        return;
    }
    let Some(storage) = &files.storage else {
        return;
    };
    let send = |job| files.writer.send(storage, job);
    if m.game().is_over() {
        if !info.archived {
            info.archived = true;
            let record = record_of(&m, &clock, &info);
            send(Job::Autosave(record.clone()));
            send(Job::Archive(record));
        }
        send(Job::ClearAutosave);
    } else if m.game().moves().is_empty() {
        send(Job::ClearAutosave);
    } else {
        send(Job::Autosave(record_of(&m, &clock, &info)));
    }
}

/// A failed write becomes a warning in the HUD (once per distinct problem:
/// a full disk fails every move) and in the main menu until dismissed.
/// Play goes on either way.
fn collect_write_errors(
    mut files: ResMut<GameFiles>,
    mut notice: ResMut<Notice>,
    settings: Option<Res<Settings>>,
    time: Res<Time>,
) {
    let Some(error) = files.writer.errors().pop() else {
        return;
    };
    let lang = crate::settings::language(settings.as_deref());
    let text = tf(
        lang,
        "files.write_failed",
        &[&error.dir.display(), &error.error],
    );
    if files.last_error.as_ref() != Some(&text) {
        warn!("{text}");
        notice.post(text.clone(), true, time.elapsed_secs_f64());
        files.last_error = Some(text);
    }
}

/// What a killed run left half-written goes before anything is written,
/// and a finished game whose archiving it cut off is archived now.
fn recover_after_a_crash(files: Res<GameFiles>) {
    let Some(storage) = &files.storage else {
        return;
    };
    let removed = storage.remove_stale_temp_files();
    if removed > 0 {
        info!("removed {removed} unfinished temporary files of an earlier run");
    }
    if let Some(record) = storage.finished_autosave() {
        info!("archiving the finished game an earlier run left in the autosave");
        files.writer.send(storage, Job::Archive(record));
        files.writer.send(storage, Job::ClearAutosave);
    }
}

/// Lets the last writes finish before the program ends.
fn finish_writes_on_exit(mut exit: MessageReader<AppExit>, files: Res<GameFiles>) {
    if exit.read().count() > 0 && !files.writer.wait_idle(std::time::Duration::from_secs(2)) {
        warn!("some game files were still being written at exit");
    }
}
