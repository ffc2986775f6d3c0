//! The match on the board: the engine's [`Game`], who plays each colour, and
//! the one placement system that turns every [`MoveRequest`] — from a click,
//! a key, the AI — into a move validated by the engine's `Game::play`.
//! The rules live in the engine; this file only asks it.

use crate::i18n::{Language, forbidden_name, game_result_text, level_name, t, tf};
use crate::play::AppSystems;
use crate::play::clock::{GameClock, NextClock};
use crate::play::phase::Phase;
use crate::settings::{self, Settings};
use bevy::prelude::*;
use gomoku_engine::opening::{Action, Opening, OpeningError, OpeningRule, Seat};
use gomoku_engine::record::MoveError;
use gomoku_engine::rules::legal_moves;
use gomoku_engine::search::Level;
use gomoku_engine::{Color, ForbiddenPolicy, Game, GameResult, IllegalMove, Point, Rule};

/// Lines on the board; the engine supports other sizes, the game uses 15.
pub const BOARD_SIZE: usize = 15;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    #[default]
    HumanVsAi,
    HumanVsHuman,
    AiVsAi,
    /// Against a person on another computer (`crate::network`): the local
    /// player holds `human_color`; every move, undo and ending goes through
    /// the network link first and reaches the match as a message.
    Network,
}

impl Mode {
    /// The command-line names `pve`, `pvp`, `ave`.
    pub fn from_name(name: &str) -> Option<Mode> {
        match name.trim().to_ascii_lowercase().as_str() {
            "pve" | "ai" | "human-vs-ai" => Some(Mode::HumanVsAi),
            "pvp" | "human-vs-human" | "hotseat" => Some(Mode::HumanVsHuman),
            "ave" | "eve" | "ai-vs-ai" | "watch" => Some(Mode::AiVsAi),
            _ => None,
        }
    }
}

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Ai(Level),
    /// The opponent on the network.
    Remote,
}

/// Everything chosen in the new-game dialog.
///
/// With an opening rule the players are seats, apart from the colours they
/// end up with: `human_color` and `names` are by *tentative* colour (the
/// seat that starts as Black, the one that starts as White); swaps in the
/// opening move the seats to other colours ([`Match::player`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSettings {
    pub mode: Mode,
    /// The human's tentative colour in [`Mode::HumanVsAi`].
    pub human_color: Color,
    pub rule: Rule,
    pub level: Level,
    pub policy: ForbiddenPolicy,
    /// The human players' names, the tentative Black's then White's;
    /// empty: the default (see [`MatchSettings::shown_name`]).
    pub names: [String; 2],
    pub opening: OpeningRule,
}

impl Default for MatchSettings {
    fn default() -> Self {
        MatchSettings {
            mode: Mode::HumanVsAi,
            human_color: Color::Black,
            rule: Rule::Freestyle,
            level: Level::default(),
            policy: ForbiddenPolicy::Refuse,
            names: Default::default(),
            opening: OpeningRule::Free,
        }
    }
}

impl MatchSettings {
    /// The player of the seat that starts with `color` (the tentative
    /// colour: the same as the colour played unless the opening swapped).
    pub fn player(&self, color: Color) -> Player {
        match self.mode {
            Mode::HumanVsHuman => Player::Human,
            Mode::AiVsAi => Player::Ai(self.level),
            Mode::HumanVsAi if color == self.human_color => Player::Human,
            Mode::HumanVsAi => Player::Ai(self.level),
            Mode::Network if color == self.human_color => Player::Human,
            Mode::Network => Player::Remote,
        }
    }

    /// The name the human (or remote) player of `color` was given, if
    /// any. The names are remembered across games, so the AI's side may
    /// hold a name from an earlier two-player game: it is not the AI's.
    pub fn name(&self, color: Color) -> Option<&str> {
        let name = self.names[color.index()].trim();
        let person = matches!(self.player(color), Player::Human | Player::Remote);
        (person && !name.is_empty()).then_some(name)
    }

    /// The name to show for the player of `color`: the given one, else
    /// "You" and "AI (level)" against the AI, "Player 1" and "Player 2"
    /// (Black, White) for two players.
    pub fn shown_name(&self, lang: Language, color: Color) -> String {
        if let Some(name) = self.name(color) {
            return name.to_string();
        }
        match (self.mode, self.player(color)) {
            (Mode::HumanVsHuman, _) => tf(lang, "player.numbered", &[&(color.index() + 1)]),
            (_, Player::Human) => t(lang, "hud.you").to_string(),
            (_, Player::Ai(level)) => tf(lang, "player.ai", &[&level_name(lang, level)]),
            (_, Player::Remote) => t(lang, "player.remote").to_string(),
        }
    }

    /// The new game these settings start: an empty board, with the
    /// opening rule's first phase when there is one.
    pub fn empty_game(&self) -> Game {
        let mut game = Game::new(self.rule, BOARD_SIZE)
            .expect("the game's board size is one the engine supports")
            .with_policy(self.policy);
        if self.opening != OpeningRule::Free {
            let opening = Opening::new(self.opening, BOARD_SIZE)
                .expect("every opening rule fits the game's board");
            game.set_opening(Some(opening));
        }
        game
    }
}

/// The tentative colour of `seat`: the first player starts as Black.
pub fn tentative_color(seat: Seat) -> Color {
    match seat {
        Seat::First => Color::Black,
        Seat::Second => Color::White,
    }
}

/// The game being played, with the bookkeeping around it.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    game: Game,
    settings: MatchSettings,
    /// Bumped on every change of the position (move, undo, redo, resign,
    /// new game) and never reset: AI results carry the generation they were
    /// computed for, so a result computed for an older position is dropped.
    generation: u64,
    undos: u32,
    started_at: f64,
    finished_at: Option<f64>,
}

impl Match {
    /// A match replaying `moves` (e.g. from the command line).
    /// With an opening rule `moves` must be empty (the stones alone do not
    /// say who placed them or who swapped): a game in the middle of its
    /// opening continues from its record ([`Match::from_game`]).
    pub fn new(settings: MatchSettings, moves: &[Point], now: f64) -> Result<Match, String> {
        let mut game = settings.empty_game();
        if game.opening().is_some() && !moves.is_empty() {
            return Err(format!(
                "a game with the {} opening starts from an empty board",
                settings.opening
            ));
        }
        for (i, &p) in moves.iter().enumerate() {
            game.play(p)
                .map_err(|e| format!("move {} ({}) cannot be played: {e}", i + 1, notation(p)))?;
        }
        Ok(Match::from_game(settings, game, now))
    }

    /// A match continuing `game` (its opening, when it has one, included).
    pub fn from_game(mut settings: MatchSettings, game: Game, now: f64) -> Match {
        settings.opening = game.opening().map_or(OpeningRule::Free, Opening::rule);
        let finished_at = game.is_over().then_some(now);
        Match {
            game,
            settings,
            generation: 0,
            undos: 0,
            started_at: now,
            finished_at,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn settings(&self) -> &MatchSettings {
        &self.settings
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Switches to `next` (a continued or branched game) as a new position:
    /// the generation keeps counting up so that no search or hint made for
    /// the old game is taken for the new one.
    fn replace_with(&mut self, mut next: Match) {
        next.generation = self.generation + 1;
        *self = next;
    }

    /// Ends the game on time.
    fn time_out(&mut self, loser: Color, now: f64) {
        self.game.time_out(loser);
        self.changed(now);
    }

    /// This match, lost on time by `loser` (a record that ended so).
    pub fn ended_on_time(mut self, loser: Color, now: f64) -> Match {
        self.time_out(loser, now);
        self
    }

    /// The game in play with the AI at `level`, when that changes anything:
    /// the player who opens the settings because the AI is too strong wants
    /// a weaker one now. The position and players stay.
    pub fn with_level(&self, level: Level, now: f64) -> Option<Match> {
        let settings = &self.settings;
        if settings.mode == Mode::HumanVsHuman || self.game.is_over() || settings.level == level {
            return None;
        }
        let changed = MatchSettings {
            level,
            ..settings.clone()
        };
        // The new match starts here: nothing to redo into.
        let game = super::record::replay_until(&self.game, self.game.moves().len()).ok()?;
        Some(Match::from_game(changed, game, now))
    }

    pub fn undos(&self) -> u32 {
        self.undos
    }

    /// Seconds played, frozen when the game ends.
    pub fn duration(&self, now: f64) -> f64 {
        self.finished_at.unwrap_or(now) - self.started_at
    }

    /// The opening in progress, None once it is over (or without one).
    pub fn opening_phase(&self) -> Option<gomoku_engine::opening::Phase> {
        self.game.opening()?.phase()
    }

    pub fn in_opening(&self) -> bool {
        !self.game.is_over() && self.opening_phase().is_some()
    }

    /// The seat now holding `color`: the tentative one until an opening swap.
    pub fn seat_of(&self, color: Color) -> Seat {
        match self.game.opening() {
            Some(opening) => opening.seat_of(color),
            None if color == Color::Black => Seat::First,
            None => Seat::Second,
        }
    }

    /// Who plays `color` now (after the opening's swaps).
    pub fn player(&self, color: Color) -> Player {
        self.settings.player(tentative_color(self.seat_of(color)))
    }

    /// The name given to the player of `color` now, if any.
    pub fn name(&self, color: Color) -> Option<&str> {
        self.settings.name(tentative_color(self.seat_of(color)))
    }

    /// The name to show for the player of `color` now (see
    /// [`MatchSettings::shown_name`]).
    pub fn shown_name(&self, lang: Language, color: Color) -> String {
        self.settings
            .shown_name(lang, tentative_color(self.seat_of(color)))
    }

    /// The colour whose turn it is: the colour the opening phase's actor
    /// holds (its clock runs), else the side to move.
    pub fn acting_color(&self) -> Color {
        self.opening_phase()
            .map_or_else(|| self.game.to_move(), |phase| phase.actor_color)
    }

    /// Who acts now, None once the game is over.
    pub fn player_to_move(&self) -> Option<Player> {
        (!self.game.is_over()).then(|| self.player(self.acting_color()))
    }

    pub fn human_to_move(&self) -> bool {
        self.player_to_move() == Some(Player::Human)
    }

    fn changed(&mut self, now: f64) {
        self.generation += 1;
        self.finished_at = self
            .game
            .is_over()
            .then_some(self.finished_at.unwrap_or(now));
    }

    /// Applies one opening action for the phase's actor (the caller checked
    /// who asks); the stone it placed, if any. A refused action changes
    /// nothing.
    pub(super) fn apply_opening(
        &mut self,
        action: Action,
        now: f64,
    ) -> Result<Option<Point>, OpeningError> {
        let mut opening = self.game.opening().cloned().ok_or(OpeningError::Over)?;
        let before = self.game.moves().len();
        opening.apply(&mut self.game, action)?;
        self.changed(now);
        Ok(self.game.moves().get(before).copied())
    }

    /// The stones no undo takes back: the opening's (its phases are not
    /// taken back), all of them while it is in progress.
    fn fixed_plies(&self) -> usize {
        let n = self.game.moves().len();
        if self.in_opening() {
            return n;
        }
        self.game
            .opening()
            .map_or(0, |o| super::record::stones_placed(o).min(n))
    }

    /// How many plies an undo takes back: one, except against the AI, where
    /// it goes back to the human's turn (the AI's reply and your move). None
    /// in a network game, where both players agree first
    /// ([`GameCommand::TakeBackTo`]). Never into the opening.
    pub fn plies_to_undo(&self) -> usize {
        let n = self.game.moves().len();
        let undoable = n - self.fixed_plies();
        match self.settings.mode {
            Mode::Network => 0,
            Mode::HumanVsAi => (1..=undoable)
                .find(|&k| self.player(Color::of_ply(n - k)) == Player::Human)
                .unwrap_or(0),
            _ => usize::from(undoable > 0),
        }
    }

    /// How many plies a redo replays: symmetric to [`Match::plies_to_undo`].
    pub fn plies_to_redo(&self) -> usize {
        let n = self.game.moves().len();
        let available = self.game.redo_moves().count();
        match self.settings.mode {
            Mode::Network => 0,
            Mode::HumanVsAi => (1..=available)
                .find(|&k| self.player(Color::of_ply(n + k)) == Player::Human)
                .unwrap_or(available),
            _ => available.min(1),
        }
    }

    /// Whether the human (in [`Mode::HumanVsAi`], or the local player of a
    /// network game) won, lost, or there is no single human side to ask
    /// about.
    pub(super) fn human_won(&self, result: &GameResult) -> Option<bool> {
        matches!(self.settings.mode, Mode::HumanVsAi | Mode::Network)
            .then(|| result.winner().map(|w| self.player(w) == Player::Human))
            .flatten()
    }
}

/// `h8` as shown on the board's edges: `H8`.
pub fn notation(p: Point) -> String {
    p.to_notation(BOARD_SIZE).to_uppercase()
}

/// Ask to play a stone for the side to move.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveRequest {
    pub point: Point,
    pub by: Mover,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Human,
    /// The AI, with the position its search was given.
    Ai {
        generation: u64,
        hash: u64,
    },
    /// A move of a network game, checked by the link and sent (or
    /// received) before it reaches the match.
    Network,
}

/// Every change to the match other than a move: the play module applies
/// them, in one system, so nothing else writes [`Match`].
#[derive(Message, Clone, Debug)]
pub enum GameCommand {
    Undo,
    Redo,
    Resign,
    /// A new game, with the clock it starts with (None: the settings'
    /// default time control).
    NewGame(MatchSettings, Option<GameClock>),
    /// Put this match on the board (Continue, "play from here"), with its
    /// clock (None: a fresh one from the settings).
    Start(Box<Match>, Option<GameClock>),
    /// The AI of the game in play changes level (the settings screen).
    SetLevel(Level),
    /// `loser`'s clock ran out.
    TimeOut(Color),
    /// Both players of a network game agreed to take moves back until
    /// this many remain.
    TakeBackTo(usize),
    /// An ending the moves do not give, decided over the network: a
    /// resignation, a timeout on the host's clock, an agreed draw.
    Declare(GameResult),
}

/// A stone was put on the board (by a move or a redo).
#[derive(Event, Clone, Debug)]
pub struct StonePlaced {
    pub point: Point,
    pub color: Color,
}

/// A move was refused; `reason` is shown to the player.
#[derive(Event, Clone, Debug)]
pub struct MoveRefused {
    pub point: Point,
    pub reason: String,
}

/// The game ended. `human_won` is set when one human plays the AI.
#[derive(Event, Clone, Debug)]
pub struct GameDecided {
    pub result: GameResult,
    pub human_won: Option<bool>,
}

#[derive(Event, Clone, Copy, Debug)]
pub struct MovesTakenBack {
    pub plies: usize,
}

#[derive(Event, Clone, Copy, Debug)]
pub struct GameStarted;

/// A short message for the player (why a move was refused, who resigned).
#[derive(Resource, Default, Debug)]
pub struct Notice {
    pub text: String,
    pub warning: bool,
    /// `Time::elapsed_secs_f64` when it was posted.
    pub at: f64,
}

impl Notice {
    /// Shows `text` in the HUD (a warning in its warning colour).
    pub fn post(&mut self, text: impl Into<String>, warning: bool, now: f64) {
        self.text = text.into();
        self.warning = warning;
        self.at = now;
    }
}

/// AI results dropped because the position changed while it searched.
#[derive(Resource, Default, Debug)]
pub struct StaleResults(pub u32);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MoveRequest>()
        .add_message::<GameCommand>()
        .init_resource::<Notice>()
        .init_resource::<StaleResults>()
        .add_systems(
            Update,
            (
                (apply_commands, apply_move_requests)
                    .chain()
                    .in_set(PlacementSystems),
                sync_phase.after(PlacementSystems),
            )
                .in_set(AppSystems::Apply),
        );
}

/// The match's commands and its placement system, in that order. The
/// opening's steps are applied after them (its clicks arrive as
/// [`MoveRequest`]s too), and the phase follows both ([`sync_phase`]).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlacementSystems;

/// The single placement system.
fn apply_move_requests(
    mut requests: MessageReader<MoveRequest>,
    mut m: ResMut<Match>,
    mut notice: ResMut<Notice>,
    mut stale: ResMut<StaleResults>,
    time: Res<Time>,
    settings: Option<Res<Settings>>,
    mut commands: Commands,
) {
    let now = time.elapsed_secs_f64();
    let lang = settings::language(settings.as_deref());
    for request in requests.read() {
        if m.in_opening() {
            // A click in the opening places, offers or picks: the opening's
            // systems judge it (an AI move from before the opening is stale
            // there too).
            continue;
        }
        match request.by {
            Mover::Ai { generation, hash } => {
                if generation != m.generation || hash != m.game.hash() {
                    stale.0 += 1;
                    debug!("dropping an AI move computed for an older position");
                    continue;
                }
            }
            Mover::Network if m.settings.mode != Mode::Network => {
                debug!("dropping a network move: the game on the board is not a network game");
                continue;
            }
            Mover::Network => {}
            // A click in a network game goes to the opponent first (the
            // network plugin reads it too); it comes back as Mover::Network.
            Mover::Human if m.settings.mode == Mode::Network => continue,
            Mover::Human => match m.player_to_move() {
                None => {
                    notice.post(t(lang, "notice.game_over"), false, now);
                    continue;
                }
                Some(Player::Ai(_) | Player::Remote) => {
                    notice.post(t(lang, "notice.wait_ai"), false, now);
                    continue;
                }
                Some(Player::Human) => {}
            },
        }
        let mut point = request.point;
        let mut outcome = m.game.play(point);
        if let (Err(error), Mover::Ai { .. }) = (&outcome, request.by) {
            // A search bug must not stall the game in a loop of refused AI
            // moves: play the engine's first legal point instead.
            error!(
                "the engine refused the AI's move: {}",
                refusal(Language::English, point, error)
            );
            let legal = legal_moves(m.game.board(), m.game.rule(), m.game.to_move());
            if let Some(&fallback) = legal.first() {
                point = fallback;
                outcome = m.game.play(point);
            }
        }
        match outcome {
            Ok(played) => {
                m.changed(now);
                commands.trigger(StonePlaced {
                    point,
                    color: played.color,
                });
                if let Some(result) = played.result {
                    notice.post(game_result_text(lang, &result), false, now);
                    let human_won = m.human_won(&result);
                    commands.trigger(GameDecided { result, human_won });
                }
            }
            Err(error) => {
                let reason = refusal(lang, point, &error);
                notice.post(reason.clone(), true, now);
                commands.trigger(MoveRefused { point, reason });
            }
        }
    }
}

/// Why `point` was refused, in the words shown to the player.
pub fn refusal(lang: Language, point: Point, error: &MoveError) -> String {
    let at = notation(point);
    match error {
        MoveError::GameOver => t(lang, "hud.game_over").to_string(),
        MoveError::Illegal(IllegalMove::Occupied(_)) => tf(lang, "refuse.occupied", &[&at]),
        MoveError::Illegal(IllegalMove::OffBoard(_)) => tf(lang, "refuse.off_board", &[&at]),
        MoveError::Illegal(IllegalMove::Forbidden(_, why)) => {
            // English keeps the engine's detail (which lines make it so);
            // the Chinese table names the kind only.
            let why = match lang {
                Language::English => why.to_string(),
                Language::Chinese => forbidden_name(lang, why.kind).to_string(),
            };
            tf(lang, "refuse.forbidden", &[&at, &why])
        }
    }
}

fn apply_commands(
    mut commands_in: MessageReader<GameCommand>,
    mut m: ResMut<Match>,
    mut next_clock: ResMut<NextClock>,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
    settings: Option<Res<Settings>>,
    mut commands: Commands,
) {
    let now = time.elapsed_secs_f64();
    let lang = settings::language(settings.as_deref());
    for command in commands_in.read() {
        match command {
            GameCommand::Undo => {
                let plies = m.plies_to_undo();
                take_back(&mut m, plies, now, &mut commands);
            }
            GameCommand::Redo => {
                for _ in 0..m.plies_to_redo() {
                    let Some(played) = m.game.redo() else { break };
                    m.changed(now);
                    commands.trigger(StonePlaced {
                        point: played.point,
                        color: played.color,
                    });
                    if let Some(result) = played.result {
                        let human_won = m.human_won(&result);
                        commands.trigger(GameDecided { result, human_won });
                    }
                }
            }
            // The network plugin asks the link; the verdict comes back as
            // Declare.
            GameCommand::Resign if m.settings.mode == Mode::Network => {}
            GameCommand::Resign => {
                let Some(to_move) = m.player_to_move().map(|_| m.acting_color()) else {
                    continue;
                };
                let loser = match m.settings.mode {
                    Mode::HumanVsAi if m.player(Color::Black) == Player::Human => Color::Black,
                    Mode::HumanVsAi => Color::White,
                    _ => to_move,
                };
                m.game.resign(loser);
                m.changed(now);
                if let Some(result) = m.game.result().cloned() {
                    notice.post(game_result_text(lang, &result), false, now);
                    let human_won = m.human_won(&result);
                    commands.trigger(GameDecided { result, human_won });
                }
            }
            GameCommand::NewGame(settings, clock) => {
                let next = Match::new(settings.clone(), &[], now).expect("an empty game is valid");
                m.replace_with(next);
                next_clock.0 = clock.clone();
                notice.post("", false, now);
                commands.trigger(GameStarted);
            }
            GameCommand::Start(next, clock) => {
                m.replace_with((**next).clone());
                next_clock.0 = clock.clone();
                notice.post("", false, now);
                commands.trigger(GameStarted);
            }
            GameCommand::SetLevel(level) => {
                if let Some(next) = m.with_level(*level, now) {
                    m.replace_with(next);
                }
            }
            GameCommand::TimeOut(loser) => {
                let timeout = GameResult::Timeout { loser: *loser };
                declare(&mut m, timeout, now, &mut commands);
            }
            GameCommand::TakeBackTo(keep) => {
                let plies = m.game.moves().len().saturating_sub(*keep);
                take_back(&mut m, plies, now, &mut commands);
            }
            GameCommand::Declare(result) => {
                if let Some(result) = declare(&mut m, result.clone(), now, &mut commands) {
                    notice.post(game_result_text(lang, &result), false, now);
                }
            }
        }
    }
}

/// Takes `plies` moves back as one undo.
fn take_back(m: &mut Match, plies: usize, now: f64, commands: &mut Commands) {
    if plies == 0 {
        return;
    }
    for _ in 0..plies {
        m.game.undo();
    }
    m.undos += 1;
    m.changed(now);
    commands.trigger(MovesTakenBack { plies });
}

/// Ends a game still in play with a result the moves do not give (through
/// the engine's `set_result`); returns it when it took effect.
fn declare(
    m: &mut Match,
    result: GameResult,
    now: f64,
    commands: &mut Commands,
) -> Option<GameResult> {
    if m.game.is_over() {
        return None;
    }
    m.game.set_result(result);
    m.changed(now);
    let result = m.game.result().cloned()?;
    let human_won = m.human_won(&result);
    commands.trigger(GameDecided {
        result: result.clone(),
        human_won,
    });
    Some(result)
}

/// Keeps [`Phase`] in step with the engine's result (an undo reopens a
/// finished game).
pub(super) fn sync_phase(m: Res<Match>, mut phase: ResMut<NextState<Phase>>) {
    if m.is_changed() {
        // `(*phase)`: the state's own set_if_neq, not the change-detection one.
        (*phase).set_if_neq(if m.game.is_over() {
            Phase::Over
        } else {
            Phase::Playing
        });
    }
}
