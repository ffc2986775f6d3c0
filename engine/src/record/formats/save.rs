//! Our own save format: one [`SavedGame`] written as RON.
//!
//! ```text
//! SavedGame(
//!     version: 1,
//!     black: Player(name: "Ann", kind: Human),
//!     white: Player(name: "Computer", kind: Ai(level: "Hard")),
//!     rule: Renju,
//!     size: 15,
//!     policy: Refuse,
//!     time_control: Some(PerGame(total_ms: 600000, increment_ms: 5000)),
//!     moves: ["h8", "i9", "j10"],
//!     move_times_ms: [1200, 800, 4100],
//!     result: Unfinished,
//!     date: Some("2026-11-30T07:55:08Z"),
//!     comment: None,
//! )
//! ```
//!
//! A game with an opening rule (version 2) records every opening action,
//! so the phases, the tentative Black (`First`, who places the first
//! stones) and each swap can be replayed; `moves` still lists the final
//! position's moves (offered fifth moves that were not picked are not
//! moves):
//!
//! ```text
//! opening: Some(SavedOpening(rule: Swap2, actions: [Place("h8"), Place("i9"),
//!     Place("j8"), Decide(AddTwo), Place("g7"), Place("k9"), Decide(Swap)],
//!     times_ms: [4200, 3100, 2500, 9000, 6100, 5200, 12000])),
//! ```
//!
//! `times_ms` is how long each action took (choices and offers as well as
//! stones), so that the clocks of a game continued mid-opening or after
//! it charge each player what they spent; files without it still load
//! (the clocks then know only the stones' times, from `move_times_ms`).
//!
//! * Written: every field above; moves as `h8`-style points (rows from the
//!   bottom), the result as `Unfinished`, `Draw` or
//!   `Win(winner: Black, reason: Five | Forbidden | Resign | Timeout)`.
//! * Read: `version`, `rule`, `size`, `moves` and `result` are required; the
//!   other fields default to empty (`#[serde(default)]`). Moves may also be
//!   written `x,y`. The moves are replayed through [`Game`](crate::record::Game) under the stored
//!   rule and policy; an illegal move is an error naming its number. The
//!   stored result must be the one the moves give (a resignation or timeout
//!   only on a game the moves leave open); `move_times_ms` may not be longer
//!   than `moves`, nor `times_ms` than the opening's `actions`; `date`
//!   must be `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`.
//! * The opening, when present, is replayed from the start under the
//!   stored rule; every stone it places must be the game's move of that
//!   number, and an unfinished opening must be the whole game.
//! * Versions: 1 = no opening rule; 2 = `opening` (written only for games
//!   that have one, so free games stay readable by version-1 programs,
//!   which would misread whose turn it is in an opening). Version-1 files
//!   load as free games. `version` is read first, on its own. A version above
//!   [`SAVE_VERSION`] is refused as "made by a newer version" whatever the
//!   rest of the file looks like. Adding an optional field does not bump the
//!   version; only a change an older reader would misread does.
//! * Unknown fields are ignored (and dropped when the game is saved again):
//!   a file from a later release that only added optional fields still
//!   loads here. The price is that a misspelt optional field is silently
//!   ignored; misspelling a required one is still an error.

use super::replay::{SourceMove, move_error, new_game, replay};
use super::{
    ErrorKind, Format, FormatError, Metadata, MoveProblem, Player, Record, SavedResult,
    TimeControl, error::prepare, is_valid_date,
};
use crate::board::Point;
use crate::opening::{Action, Decision, Opening, OpeningRule};
use crate::record::{ForbiddenPolicy, Game};
use crate::rules::Rule;

/// The save-format version this program writes for games with an opening
/// rule, and the newest it reads.
pub const SAVE_VERSION: u64 = 2;
/// The version written for games without an opening rule.
const FREE_OPENING_VERSION: u64 = 1;

/// An opening as the file holds it: the rule and every action in order.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SavedOpening {
    pub rule: OpeningRule,
    pub actions: Vec<SavedAction>,
    /// Milliseconds each action took ([`Metadata::opening_times_ms`]);
    /// absent in older files and when not kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub times_ms: Vec<u64>,
}

/// One opening action; points in `h8` notation (or `x,y`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SavedAction {
    Place(String),
    Decide(Decision),
    Declare(u8),
    Offer(String),
    Pick(String),
}

impl SavedOpening {
    fn of(opening: &Opening, size: usize, times_ms: &[u64]) -> SavedOpening {
        let at = |p: &Point| p.to_notation(size);
        let actions: Vec<SavedAction> = opening
            .actions()
            .iter()
            .map(|a| match a {
                Action::Place(p) => SavedAction::Place(at(p)),
                Action::Decide(d) => SavedAction::Decide(*d),
                Action::Declare(n) => SavedAction::Declare(*n),
                Action::Offer(p) => SavedAction::Offer(at(p)),
                Action::Pick(p) => SavedAction::Pick(at(p)),
            })
            .collect();
        SavedOpening {
            rule: opening.rule(),
            times_ms: times_ms.iter().take(actions.len()).copied().collect(),
            actions,
        }
    }

    /// Replays the opening and checks it against the replayed `game`.
    fn to_opening(&self, game: &Game) -> Result<Opening, FormatError> {
        let size = game.size();
        if self.times_ms.len() > self.actions.len() {
            return Err(inconsistent(format!(
                "{} opening times for {} opening actions",
                self.times_ms.len(),
                self.actions.len()
            )));
        }
        let mut actions = Vec::with_capacity(self.actions.len().min(size * size * 2));
        for (i, saved) in self.actions.iter().enumerate() {
            let point = |text: &String| {
                Point::parse(text, size)
                    .map_err(|e| inconsistent(format!("opening action {}: {e}", i + 1)))
            };
            actions.push(match saved {
                SavedAction::Place(t) => Action::Place(point(t)?),
                SavedAction::Decide(d) => Action::Decide(*d),
                SavedAction::Declare(n) => Action::Declare(*n),
                SavedAction::Offer(t) => Action::Offer(point(t)?),
                SavedAction::Pick(t) => Action::Pick(point(t)?),
            });
        }
        let fresh = Game::new(game.rule(), size)
            .map_err(|e| inconsistent(e.to_string()))?
            .with_policy(game.policy());
        let (opening, placed) = Opening::replay(self.rule, fresh, &actions)
            .map_err(|(i, e)| inconsistent(format!("opening action {}: {e}", i + 1)))?;
        let stones = placed.moves();
        if !game.moves().starts_with(stones) {
            return Err(inconsistent(format!(
                "the opening's stones {} are not the first moves of the game",
                stones
                    .iter()
                    .map(|p| p.to_notation(size))
                    .collect::<Vec<_>>()
                    .join(" ")
            )));
        }
        if !opening.is_done() && game.moves().len() > stones.len() {
            return Err(inconsistent(format!(
                "{} moves after an unfinished {} opening",
                game.moves().len() - stones.len(),
                self.rule
            )));
        }
        Ok(opening)
    }
}

/// A saved game exactly as the file holds it (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename = "SavedGame")]
pub struct SavedGame {
    pub version: u64,
    #[serde(default)]
    pub black: Player,
    #[serde(default)]
    pub white: Player,
    pub rule: Rule,
    pub size: usize,
    #[serde(default)]
    pub policy: ForbiddenPolicy,
    #[serde(default)]
    pub time_control: Option<TimeControl>,
    /// Points in `h8` notation, in play order.
    pub moves: Vec<String>,
    #[serde(default)]
    pub move_times_ms: Vec<u64>,
    pub result: SavedResult,
    #[serde(default)]
    pub date: Option<String>,
    #[serde(default)]
    pub comment: Option<String>,
    /// Version 2: the opening rule's actions; None = free opening (and not
    /// written, so a free game's file is exactly a version-1 file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<SavedOpening>,
    /// See [`Metadata::assisted`]; written only when set, so files of
    /// unassisted games are as before and older files read as unassisted.
    #[serde(default, skip_serializing_if = "is_false")]
    pub assisted: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// Just the version, read before anything else so that a newer file is
/// recognised even when the rest of it would not parse here.
#[derive(serde::Deserialize)]
#[serde(rename = "SavedGame")]
struct VersionProbe {
    version: u64,
}

const FORMAT: Format = Format::Save;

fn ron_error(e: ron::error::SpannedError) -> FormatError {
    FormatError::new(FORMAT, ErrorKind::Syntax(e.code.to_string()))
        .at(e.span.start.line, e.span.start.col)
}

fn inconsistent(what: String) -> FormatError {
    FormatError::new(FORMAT, ErrorKind::Inconsistent(what))
}

fn check_version(version: u64) -> Result<(), FormatError> {
    match version {
        0 => Err(FormatError::new(
            FORMAT,
            ErrorKind::Unsupported("format version 0 does not exist".to_string()),
        )),
        v if v > SAVE_VERSION => Err(FormatError::new(
            FORMAT,
            ErrorKind::NewerVersion {
                found: v,
                supported: SAVE_VERSION,
            },
        )),
        _ => Ok(()),
    }
}

impl SavedGame {
    /// Parses the RON text without replaying the moves.
    pub fn parse(text: &str) -> Result<SavedGame, FormatError> {
        let text = prepare(FORMAT, text)?;
        let probe: VersionProbe = ron::from_str(text).map_err(ron_error)?;
        check_version(probe.version)?;
        ron::from_str(text).map_err(ron_error)
    }

    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .struct_names(true)
            // One line per field: players, the time control and the result
            // inline, and the moves on one line rather than one per move.
            .depth_limit(1)
            .compact_arrays(true);
        let mut text = ron::ser::to_string_pretty(self, config)
            .expect("a SavedGame holds only strings, numbers and enums, which RON can write");
        text.push('\n');
        text
    }

    pub fn from_record(record: &Record) -> SavedGame {
        let game = &record.game;
        let meta = &record.meta;
        let moves = game.moves();
        let opening = game
            .opening()
            .filter(|o| o.rule() != OpeningRule::Free)
            .map(|o| SavedOpening::of(o, game.size(), &meta.opening_times_ms));
        SavedGame {
            version: if opening.is_some() {
                SAVE_VERSION
            } else {
                FREE_OPENING_VERSION
            },
            black: meta.black.clone(),
            white: meta.white.clone(),
            rule: game.rule(),
            size: game.size(),
            policy: game.policy(),
            time_control: meta.time_control.clone(),
            moves: moves.iter().map(|p| p.to_notation(game.size())).collect(),
            move_times_ms: meta
                .move_times_ms
                .iter()
                .take(moves.len())
                .copied()
                .collect(),
            result: SavedResult::of(game),
            // A malformed date would make the file unreadable; drop it.
            date: meta.date.clone().filter(|d| is_valid_date(d)),
            comment: meta.comment.clone(),
            opening,
            assisted: meta.assisted,
        }
    }

    /// Replays and checks the saved game (see the module docs for the rules).
    pub fn to_record(&self) -> Result<Record, FormatError> {
        check_version(self.version)?;
        new_game(FORMAT, self.rule, self.size)?;
        let mut moves = Vec::with_capacity(self.moves.len().min(self.size * self.size + 1));
        for (index, text) in self.moves.iter().enumerate() {
            let point = Point::parse(text, self.size).map_err(|e| {
                move_error(FORMAT, "", index + 1, text, None, MoveProblem::Notation(e))
            })?;
            moves.push(SourceMove {
                point,
                text: text.clone(),
                offset: None,
            });
        }
        let mut game = replay(FORMAT, "", self.rule, self.size, Some(self.policy), &moves)?;
        if let Some(result) = self.result.declared()
            && !game.is_over()
        {
            game.set_result(result);
        }
        let replayed = SavedResult::of(&game);
        if replayed != self.result {
            return Err(inconsistent(format!(
                "the file says the result is {}, but the moves give {replayed}",
                self.result
            )));
        }
        if self.move_times_ms.len() > self.moves.len() {
            return Err(inconsistent(format!(
                "{} move times for {} moves",
                self.move_times_ms.len(),
                self.moves.len()
            )));
        }
        if let Some(date) = self.date.as_deref().filter(|d| !is_valid_date(d)) {
            return Err(inconsistent(format!(
                "date '{date}' is not YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ"
            )));
        }
        let opening = self
            .opening
            .as_ref()
            .map(|o| o.to_opening(&game))
            .transpose()?;
        game.set_opening(opening);
        Ok(Record {
            game,
            meta: Metadata {
                black: self.black.clone(),
                white: self.white.clone(),
                time_control: self.time_control.clone(),
                move_times_ms: self.move_times_ms.clone(),
                opening_times_ms: self
                    .opening
                    .as_ref()
                    .map(|o| o.times_ms.clone())
                    .unwrap_or_default(),
                date: self.date.clone(),
                comment: self.comment.clone(),
                assisted: self.assisted,
            },
        })
    }
}

/// The save file text of `record`.
pub fn write(record: &Record) -> String {
    SavedGame::from_record(record).to_ron()
}

/// Reads and checks a save file.
pub fn read(text: &str) -> Result<Record, FormatError> {
    SavedGame::parse(text)?.to_record()
}

/// The example at the top of a module's docs, without the `//! ` prefixes.
#[cfg(test)]
pub(crate) fn doc_example(source: &str) -> String {
    source
        .lines()
        .map_while(|l| l.strip_prefix("//!"))
        .skip_while(|l| l.trim() != "```text")
        .skip(1)
        .take_while(|l| l.trim() != "```")
        .map(|l| format!("{}\n", l.strip_prefix(' ').unwrap_or(l)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_example_loads() {
        let example = doc_example(include_str!("save.rs"));
        assert!(example.starts_with("SavedGame("), "{example}");
        let record = read(&example).unwrap();
        assert_eq!(record.game.moves().len(), 3);
        assert_eq!(record.meta.move_times_ms, [1200, 800, 4100]);
        // And the writer produces the documented layout.
        assert_eq!(write(&record), example);
    }
}
