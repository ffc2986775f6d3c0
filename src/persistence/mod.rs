//! Files on disk: where they live, atomic writes, the autosave, saved games,
//! the archive of finished games and the statistics computed from it.
//!
//! Layout under the data directory (the OS's standard one from
//! `directories`, or `$GOMOKU_DATA_DIR`):
//! * `autosave.ron` — the game in progress, rewritten after every move;
//! * `saves/*.ron` — games the player saved;
//! * `history/*.ron` — every finished game, written when it ends. The
//!   statistics are computed from these files, so there is no second copy
//!   of the results that could disagree with the games.
//!
//! Every file is our engine's RON save format. Writes go to a temporary file
//! in the same directory which is then renamed over the target, so a crash
//! leaves either the old file or the new one, never half of one. A file
//! that cannot be read is reported with the reason and skipped; it never
//! stops the other files from loading.

pub mod autosave;
pub mod settings_file;
pub mod settings_text;
pub mod writer;

use gomoku_engine::Color;
use gomoku_engine::record::formats::{
    ErrorKind, Format, FormatError, MAX_INPUT_BYTES, Player, PlayerKind, Record, SavedGame,
    SavedResult, WinReason,
};
use gomoku_engine::rules::Rule;
use std::collections::HashMap;
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Environment variables that move the config and data directories (tests,
/// screenshots, portable installs).
pub const CONFIG_DIR_VAR: &str = "GOMOKU_CONFIG_DIR";
pub const DATA_DIR_VAR: &str = "GOMOKU_DATA_DIR";

fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("org", "gomoku", "Gomoku")
}

/// The settings directory: `$GOMOKU_CONFIG_DIR`, else the OS's config dir
/// (`~/.config/gomoku` on Linux). None when the OS has no home directory.
pub fn config_dir() -> Option<PathBuf> {
    std::env::var_os(CONFIG_DIR_VAR)
        .map(PathBuf::from)
        .or_else(|| project_dirs().map(|d| d.config_dir().to_path_buf()))
}

/// The saved-games directory: `$GOMOKU_DATA_DIR`, else the OS's data dir
/// (`~/.local/share/gomoku` on Linux).
pub fn data_dir() -> Option<PathBuf> {
    std::env::var_os(DATA_DIR_VAR)
        .map(PathBuf::from)
        .or_else(|| project_dirs().map(|d| d.data_dir().to_path_buf()))
}

/// Writes `bytes` to `path` atomically: a temporary file in the same
/// directory (so the rename cannot cross file systems), flushed to disk,
/// then renamed over `path`. Creates the directory if needed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(dir) = dir {
        std::fs::create_dir_all(dir)?;
    }
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let temp_name = format!(
        ".{}{TEMP_MARK}{}-{}",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    let temp = dir.map_or_else(|| PathBuf::from(&temp_name), |d| d.join(&temp_name));
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        // Best effort: do not leave the temporary file behind.
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// The mark in the name of [`write_atomic`]'s temporary files, between the
/// target's name and `<process id>-<counter>`.
const TEMP_MARK: &str = ".tmp-";

/// Removes the temporary files a killed program left in `dir` (a crash or
/// power loss during [`write_atomic`]: the target itself is whole, the
/// temporary file is not). Only files of processes that no longer run are
/// removed, so a second copy of the game saving right now keeps its own.
/// Returns how many were removed.
pub fn remove_stale_temp_files(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let stale = |name: &str| {
        let Some((_, owner)) = name
            .strip_prefix('.')
            .and_then(|n| n.rsplit_once(TEMP_MARK))
        else {
            return false;
        };
        let pid = owner.split('-').next().and_then(|p| p.parse::<u32>().ok());
        pid.is_some_and(|pid| pid != std::process::id() && !process_runs(pid))
    };
    entries
        .flatten()
        .filter(|e| stale(&e.file_name().to_string_lossy()))
        .filter(|e| std::fs::remove_file(e.path()).is_ok())
        .count()
}

/// Whether process `pid` exists (signal 0 checks without sending one).
#[cfg(unix)]
fn process_runs(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: kill with signal 0 only checks for the process.
    let result = unsafe { libc::kill(pid, 0) };
    result == 0 || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Elsewhere assume it may: its temporary file is left alone.
#[cfg(not(unix))]
fn process_runs(_pid: u32) -> bool {
    true
}

/// Seconds since the Unix epoch (0 if the clock is before 1970).
pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Why a game file could not be opened.
#[derive(Debug)]
pub enum LoadError {
    Io {
        path: PathBuf,
        error: io::Error,
    },
    /// Neither the extension nor the first bytes name a format we read.
    UnknownFormat {
        path: PathBuf,
    },
    /// Boxed: a format error is large and lists hold many results.
    Format {
        path: PathBuf,
        error: Box<FormatError>,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io { path, error } => {
                write!(f, "{}: cannot read the file: {error}", path.display())
            }
            LoadError::UnknownFormat { path } => write!(
                f,
                "{}: not a game record this program reads (.ron save, .psq, .sgf or a move string)",
                path.display()
            ),
            LoadError::Format { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for LoadError {}

/// The format of a file: its extension when it names one, else a guess
/// from its first bytes.
pub fn format_of(path: &Path, bytes: &[u8]) -> Option<Format> {
    path.extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension)
        .or_else(|| Format::detect(bytes))
}

/// Reads a game record in any of the four formats. `rule` is used only by
/// formats that do not store one (psq, move strings).
pub fn load_file(path: &Path, rule: Rule) -> Result<Record, LoadError> {
    let io_error = |error| LoadError::Io {
        path: path.to_path_buf(),
        error,
    };
    // Refuse huge files before reading them into memory.
    let len = std::fs::metadata(path).map_err(io_error)?.len();
    if len > MAX_INPUT_BYTES as u64 {
        let format = Format::from_extension(
            path.extension()
                .and_then(|e| e.to_str())
                .unwrap_or_default(),
        )
        .unwrap_or(Format::Save);
        return Err(LoadError::Format {
            path: path.to_path_buf(),
            error: Box::new(FormatError::new(
                format,
                ErrorKind::TooLarge {
                    bytes: len as usize,
                },
            )),
        });
    }
    let bytes = std::fs::read(path).map_err(io_error)?;
    read_bytes(path, &bytes, rule)
}

/// Reads a record from bytes that came from `path` (dropped files, tests).
pub fn read_bytes(path: &Path, bytes: &[u8], rule: Rule) -> Result<Record, LoadError> {
    let format = format_of(path, bytes).ok_or_else(|| LoadError::UnknownFormat {
        path: path.to_path_buf(),
    })?;
    format
        .read(bytes, rule, crate::play::game::BOARD_SIZE)
        .map_err(|error| LoadError::Format {
            path: path.to_path_buf(),
            error: Box::new(error),
        })
}

/// Writes `record` to `path` in the format its extension names (RON save
/// when it names none).
pub fn save_file(path: &Path, record: &Record) -> io::Result<()> {
    let format = path
        .extension()
        .and_then(|e| e.to_str())
        .and_then(Format::from_extension)
        .unwrap_or(Format::Save);
    write_atomic(path, format.write(record).as_bytes())
}

/// What the saved-games list shows about one file.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    pub path: PathBuf,
    /// The date the file states, else empty.
    pub date: String,
    pub black: Player,
    pub white: Player,
    pub rule: Rule,
    pub result: SavedResult,
    pub moves: usize,
    /// Played with the engine's analysis on ([`Metadata::assisted`]).
    ///
    /// [`Metadata::assisted`]: gomoku_engine::record::formats::Metadata::assisted
    pub assisted: bool,
}

/// One line of a list: the summary, or why the file could not be read.
pub type ListEntry = Result<GameSummary, LoadError>;

fn summarise(path: &Path) -> ListEntry {
    let record = load_file(path, Rule::Freestyle)?;
    let meta = &record.meta;
    Ok(GameSummary {
        path: path.to_path_buf(),
        date: meta.date.clone().unwrap_or_default(),
        black: meta.black.clone(),
        white: meta.white.clone(),
        rule: record.game.rule(),
        result: SavedResult::of(&record.game),
        moves: record.game.moves().len(),
        assisted: meta.assisted,
    })
}

/// The game files of `dir` (`.ron`, `.psq`, `.sgf`), newest date first;
/// unreadable ones are listed with their error. A missing dir is empty.
pub fn list_games(dir: &Path) -> Vec<ListEntry> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let hidden = p
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'));
            let known = p
                .extension()
                .and_then(|e| e.to_str())
                .and_then(Format::from_extension)
                .is_some_and(|f| f != Format::MoveString);
            p.is_file() && known && !hidden
        })
        .collect();
    paths.sort();
    let mut entries: Vec<ListEntry> = paths.iter().map(|p| summarise(p)).collect();
    // Newest first; files without a date (and broken ones) after, by name.
    entries.sort_by(|a, b| {
        let date = |e: &ListEntry| e.as_ref().map(|s| s.date.clone()).unwrap_or_default();
        date(b).cmp(&date(a))
    });
    entries
}

/// A file name that sorts by time and does not exist yet in `dir`.
pub fn fresh_name(dir: &Path, stem: &str, extension: &str) -> PathBuf {
    let base = format!("{stem}-{}", compact_timestamp(unix_now()));
    let mut path = dir.join(format!("{base}.{extension}"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{base}-{n}.{extension}"));
        n += 1;
    }
    path
}

/// `game-20261130-081502-<16 hex digits>.ron`: the game's start (the
/// digits of its date) and a hash (FNV-1a) of the file's `text`: the same
/// for the same game whenever it is archived.
fn archive_name(record: &Record, text: &str) -> String {
    let digits: String = record
        .meta
        .date
        .as_deref()
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_digit)
        .take(14)
        .collect();
    let start = match digits.len() {
        14 => format!("{}-{}", &digits[..8], &digits[8..]),
        _ => "undated".to_string(),
    };
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("game-{start}-{hash:016x}.ron")
}

/// `20261130-081502` for a Unix time (UTC).
pub fn compact_timestamp(unix: u64) -> String {
    let days = (unix / 86_400) as i64;
    let secs = unix % 86_400;
    let (y, m, d) = gomoku_engine::record::formats::civil_from_days(days);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// The data directory and the files in it.
#[derive(Clone, Debug)]
pub struct Storage {
    dir: PathBuf,
}

impl Storage {
    pub fn new(dir: impl Into<PathBuf>) -> Storage {
        Storage { dir: dir.into() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn autosave_path(&self) -> PathBuf {
        self.dir.join("autosave.ron")
    }

    pub fn saves_dir(&self) -> PathBuf {
        self.dir.join("saves")
    }

    pub fn history_dir(&self) -> PathBuf {
        self.dir.join("history")
    }

    /// Removes what killed runs left half-written in the data folders
    /// (see [`remove_stale_temp_files`]); returns how many files.
    pub fn remove_stale_temp_files(&self) -> usize {
        [self.dir.clone(), self.saves_dir(), self.history_dir()]
            .iter()
            .map(|dir| remove_stale_temp_files(dir))
            .sum()
    }

    /// Rewrites the autosave with `record` (after every move).
    pub fn write_autosave(&self, record: &Record) -> io::Result<()> {
        write_atomic(
            &self.autosave_path(),
            SavedGame::from_record(record).to_ron().as_bytes(),
        )
    }

    /// The autosaved game if it can be continued: Ok(None) when there is
    /// none or it is finished; an error when the file is unreadable (it is
    /// left in place for the player to look at).
    pub fn read_autosave(&self) -> Result<Option<Record>, LoadError> {
        let path = self.autosave_path();
        if !path.exists() {
            return Ok(None);
        }
        let record = load_file(&path, Rule::Freestyle)?;
        Ok((!record.game.is_over()).then_some(record))
    }

    /// Removes the autosave (the game it held ended or was abandoned).
    pub fn clear_autosave(&self) -> io::Result<()> {
        match std::fs::remove_file(self.autosave_path()) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Saves `record` as a new file in `saves/` and returns its path.
    pub fn save_game(&self, record: &Record) -> io::Result<PathBuf> {
        let path = fresh_name(&self.saves_dir(), "game", "ron");
        save_file(&path, record)?;
        Ok(path)
    }

    /// Archives a finished game in `history/` (the statistics read it).
    /// The file's name comes from its text, so archiving the same game
    /// again, after a crash, rewrites its file rather than counting it
    /// twice.
    pub fn archive_finished(&self, record: &Record) -> io::Result<PathBuf> {
        let text = Format::Save.write(record);
        let path = self.history_dir().join(archive_name(record, &text));
        write_atomic(&path, text.as_bytes())?;
        Ok(path)
    }

    /// The finished game the autosave holds: a game whose end was saved
    /// but whose archiving was cut off (see `autosave.rs`); None when the
    /// autosave is missing, unreadable or a game in progress.
    pub fn finished_autosave(&self) -> Option<Record> {
        let path = self.autosave_path();
        let record = load_file(&path, Rule::Freestyle).ok()?;
        record.game.is_over().then_some(record)
    }

    pub fn list_saves(&self) -> Vec<ListEntry> {
        list_games(&self.saves_dir())
    }

    /// Statistics over the archived games.
    pub fn statistics(&self) -> Statistics {
        Statistics::from_entries(list_games(&self.history_dir()))
    }
}

/// How a game ended for the human who played the AI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.losses += 1,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// Whom the player at this computer played in a game the statistics count.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Opponent {
    /// The AI, at this level (its stored name).
    Ai(String),
    /// A person on another computer (a LAN game).
    Network,
}

/// A finished game of one human against the AI or a network opponent, for
/// the statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct PastGame {
    pub summary: GameSummary,
    pub opponent: Opponent,
    pub human: Color,
    pub outcome: Outcome,
    pub reason: Option<WinReason>,
}

/// Per opponent (AI level, network) and rule: wins, draws and losses of
/// the human at this computer, with the games themselves.
#[derive(Clone, Debug, Default)]
pub struct Statistics {
    pub tallies: HashMap<(Opponent, Rule), Tally>,
    /// Newest first.
    pub games: Vec<PastGame>,
    /// Archived files that could not be read (they are not counted).
    pub unreadable: usize,
    /// Games played with the engine's analysis on: listed with the others
    /// but not in the tallies, which measure the player alone.
    pub assisted: u32,
}

/// Which colour the single human at this computer played, and against
/// whom (the AI or a network opponent); None for games between two humans
/// at one computer or two AIs.
pub fn local_side(black: &PlayerKind, white: &PlayerKind) -> Option<(Color, Opponent)> {
    let opponent = |kind: &PlayerKind| match kind {
        PlayerKind::Ai { level } => Some(Opponent::Ai(level.clone())),
        PlayerKind::Remote => Some(Opponent::Network),
        PlayerKind::Human => None,
    };
    match (black, white) {
        (PlayerKind::Human, other) => Some((Color::Black, opponent(other)?)),
        (other, PlayerKind::Human) => Some((Color::White, opponent(other)?)),
        _ => None,
    }
}

/// The human's outcome of a finished game; None while it is unfinished.
pub fn outcome_for(human: Color, result: SavedResult) -> Option<Outcome> {
    match result {
        SavedResult::Unfinished => None,
        SavedResult::Draw => Some(Outcome::Draw),
        SavedResult::Win { winner, .. } if winner == human => Some(Outcome::Win),
        SavedResult::Win { .. } => Some(Outcome::Loss),
    }
}

impl Statistics {
    fn from_entries(entries: Vec<ListEntry>) -> Statistics {
        let mut stats = Statistics::default();
        for entry in entries {
            let Ok(summary) = entry else {
                stats.unreadable += 1;
                continue;
            };
            let Some((human, opponent)) = local_side(&summary.black.kind, &summary.white.kind)
            else {
                continue;
            };
            let Some(outcome) = outcome_for(human, summary.result) else {
                continue;
            };
            let reason = match summary.result {
                SavedResult::Win { reason, .. } => Some(reason),
                _ => None,
            };
            if summary.assisted {
                stats.assisted += 1;
            } else {
                stats
                    .tallies
                    .entry((opponent.clone(), summary.rule))
                    .or_default()
                    .add(outcome);
            }
            stats.games.push(PastGame {
                summary,
                opponent,
                human,
                outcome,
                reason,
            });
        }
        stats
    }

    /// The tallies in display order: AI levels from weakest to strongest
    /// (unknown level names after them, by name), network games last, each
    /// by rule in the rules' order.
    pub fn rows(&self) -> Vec<(&Opponent, Rule, Tally)> {
        // (AI levels first, the level's rank, its name): the order of rows.
        let opponent_rank = |opponent: &Opponent| match opponent {
            Opponent::Ai(name) => {
                let rank = gomoku_engine::search::Level::ALL
                    .iter()
                    .position(|l| l.name() == name)
                    .unwrap_or(usize::MAX);
                (0, rank, name.clone())
            }
            Opponent::Network => (1, 0, String::new()),
        };
        let rule_rank = |rule: Rule| Rule::ALL.iter().position(|&r| r == rule);
        let mut rows: Vec<(&Opponent, Rule, Tally)> = self
            .tallies
            .iter()
            .map(|((opponent, rule), tally)| (opponent, *rule, *tally))
            .collect();
        rows.sort_by_key(|row| (opponent_rank(row.0), rule_rank(row.1)));
        rows
    }

    pub fn total(&self) -> Tally {
        let mut total = Tally::default();
        for t in self.tallies.values() {
            total.wins += t.wins;
            total.draws += t.draws;
            total.losses += t.losses;
        }
        total
    }
}

/// The settings file and the game files (autosave, archive).
pub(super) fn plugin(app: &mut bevy::app::App) {
    app.add_plugins((settings_file::plugin, autosave::plugin));
}
