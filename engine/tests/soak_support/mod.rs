//! Self-play soak: fast node-limited games between every level, under all
//! three rules, from random openings, with every move checked against a
//! reading of the rules written here (a shadow grid of the stones, direct
//! row counting, and the slow RIF reading in `rif_reading`), not the
//! engine's own move validation:
//! * the move is on the board and on an empty point of the shadow grid, and
//!   for Black in Renju not forbidden by the RIF definitions;
//! * the board the [`Game`] keeps equals the shadow grid;
//! * the result the game reports after the move is the one direct row
//!   counting gives (a five for the mover, a draw on a full board, or none);
//! * undo then redo gives back the board, hash and result before and after
//!   the move; at the end the whole game is undone to the empty board and
//!   redone, matching every position on the way.
//!
//! Used by `tests/soak.rs` (a CI-sized run) and `examples/soak.rs` (long runs),
//! each of which uses a part of it.
#![allow(dead_code)]

#[path = "../rif_reading/mod.rs"]
mod rif_reading;

use chacha20::ChaCha8Rng;
use gomoku_engine::record::Played;
use gomoku_engine::search::{Level, SearchInfo, SearchLimits, Searcher};
use gomoku_engine::{Board, Color, Direction, Game, GameResult, Point, Rule};
use rand::{Rng, RngExt, SeedableRng};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Who chooses the moves of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A level with its mistake model; its search is stopped after the first
    /// completed depth that reaches the node budget.
    Level(Level),
    /// The full-strength search with the node budget as its node limit (the
    /// path the brain takes under `INFO max_node`).
    Engine,
}

impl Player {
    pub const ALL: [Player; 8] = [
        Player::Level(Level::Beginner),
        Player::Level(Level::Novice),
        Player::Level(Level::Intermediate),
        Player::Level(Level::Advanced),
        Player::Level(Level::Expert),
        Player::Level(Level::Master),
        Player::Level(Level::Grandmaster),
        Player::Engine,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Player::Level(level) => level.name(),
            Player::Engine => "Engine",
        }
    }
}

/// Board sizes the games are played on: mostly the standard 15, the
/// Gomocup 20, and small boards where games fill up and end in draws.
const SIZES: [usize; 6] = [15, 15, 15, 20, 9, 7];

/// Most opening stones placed at random before the players take over.
const MAX_OPENING_STONES: usize = 4;

/// A level's search is also capped by time, far above what the node budget
/// needs, so that a search that ignores its budget shows up as slow rather
/// than hanging the run.
const TIME_CAP: Duration = Duration::from_secs(2);

/// One game to play: everything needed to replay it from its index.
#[derive(Clone, Copy, Debug)]
pub struct GameSpec {
    pub index: u64,
    pub rule: Rule,
    pub size: usize,
    pub black: Player,
    pub white: Player,
    pub seed: u64,
}

impl GameSpec {
    /// Game `index` of a run seeded with `run_seed`. Rules and player pairs
    /// are cycled, so every 3 × 8 × 8 = 192 games hold every rule with every
    /// pairing; the size and the opening come from the seed.
    pub fn new(run_seed: u64, index: u64) -> GameSpec {
        let players = Player::ALL.len() as u64;
        let seed = ChaCha8Rng::seed_from_u64(run_seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .next_u64();
        GameSpec {
            index,
            rule: Rule::ALL[(index % 3) as usize],
            size: SIZES[ChaCha8Rng::seed_from_u64(seed).random_range(0..SIZES.len())],
            black: Player::ALL[((index / 3) % players) as usize],
            white: Player::ALL[((index / 3 / players) % players) as usize],
            seed,
        }
    }

    fn player(&self, color: Color) -> Player {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

/// What a checked game came to.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Moves played and checked (opening stones included).
    pub moves: usize,
    /// Black moves under Renju checked against the RIF reading.
    pub forbidden_checks: usize,
    pub winner: Option<Color>,
    /// True if the game ended because Black had no legal move left.
    pub stalled: bool,
    /// Longest single search.
    pub slowest: Duration,
}

/// The stones as this module reads them, kept apart from the engine's board.
#[derive(Clone, PartialEq, Eq)]
struct Shadow {
    size: usize,
    cells: Vec<Option<Color>>,
}

impl Shadow {
    fn new(size: usize) -> Shadow {
        Shadow {
            size,
            cells: vec![None; size * size],
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<Color> {
        let inside = (0..self.size as i32).contains(&x) && (0..self.size as i32).contains(&y);
        if inside {
            self.cells[y as usize * self.size + x as usize]
        } else {
            None
        }
    }

    fn on_board(&self, p: Point) -> bool {
        (p.x as usize) < self.size && (p.y as usize) < self.size
    }

    fn put(&mut self, p: Point, color: Color) {
        self.cells[p.y as usize * self.size + p.x as usize] = Some(color);
    }

    fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |y| {
            (0..self.size)
                .map(move |x| Point::new(x as u8, y as u8))
                .filter(|&p| self.at(p.x as i32, p.y as i32).is_none())
        })
    }

    /// The same stones on an engine board, for the RIF reading (which only
    /// stores stones there) and for comparing with the game's board.
    fn to_board(&self) -> Board {
        let mut board = Board::new(self.size).expect("sizes come from SIZES");
        for y in 0..self.size {
            for x in 0..self.size {
                if let Some(color) = self.at(x as i32, y as i32) {
                    let p = Point::new(x as u8, y as u8);
                    board.place(p, color).expect("each shadow cell once");
                }
            }
        }
        board
    }

    /// Length of the unbroken row of `color` through `p` along `dir`.
    fn run(&self, p: Point, dir: Direction, color: Color) -> usize {
        let (dx, dy) = dir.delta();
        let count = |sign: i32| {
            (1..)
                .take_while(|&k| {
                    self.at(p.x as i32 + sign * k * dx, p.y as i32 + sign * k * dy) == Some(color)
                })
                .count()
        };
        1 + count(-1) + count(1)
    }

    /// Whether `color`'s stone at `p` makes a winning row under `rule`.
    fn wins_at(&self, p: Point, color: Color, rule: Rule) -> bool {
        let exact = rule == Rule::Standard || (rule == Rule::Renju && color == Color::Black);
        Direction::ALL.iter().any(|&dir| {
            let len = self.run(p, dir, color);
            if exact { len == 5 } else { len >= 5 }
        })
    }

    /// Whether `color` has a winning row anywhere on the board.
    fn has_win(&self, color: Color, rule: Rule) -> bool {
        (0..self.size).any(|y| {
            (0..self.size).any(|x| {
                self.at(x as i32, y as i32) == Some(color)
                    && self.wins_at(Point::new(x as u8, y as u8), color, rule)
            })
        })
    }

    /// Whether `color` may play at `p` under `rule`, by this module's reading.
    fn is_legal(&self, p: Point, color: Color, rule: Rule) -> bool {
        self.on_board(p)
            && self.at(p.x as i32, p.y as i32).is_none()
            && !(rule == Rule::Renju
                && color == Color::Black
                && rif_reading::slow_forbidden(&mut self.to_board(), p).is_some())
    }
}

/// The engine's state after a move, for the undo/redo round trips.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    board: Board,
    hash: u64,
    result: Option<GameResult>,
}

impl Snapshot {
    fn of(game: &Game) -> Snapshot {
        Snapshot {
            board: game.board().clone(),
            hash: game.hash(),
            result: game.result().cloned(),
        }
    }
}

/// One searcher per rule, reused from game to game as the game does.
pub struct Searchers([Searcher; 3]);

impl Default for Searchers {
    fn default() -> Searchers {
        Searchers(Rule::ALL.map(Searcher::new))
    }
}

impl Searchers {
    fn for_rule(&mut self, rule: Rule) -> &mut Searcher {
        let i = Rule::ALL.iter().position(|&r| r == rule).expect("a rule");
        &mut self.0[i]
    }
}

/// The player's move, searched with `nodes` as the node budget.
fn choose(
    searcher: &mut Searcher,
    game: &Game,
    player: Player,
    seed: u64,
    nodes: u64,
) -> SearchInfo {
    let cancel = AtomicBool::new(false);
    let board = game.board();
    match player {
        Player::Engine => {
            let limits = SearchLimits {
                nodes: Some(nodes),
                time: Some(TIME_CAP),
                depth: None,
            };
            searcher.search(board, game.to_move(), &limits, &cancel, &mut |_| {})
        }
        Player::Level(level) => {
            let mut stop_at_budget = |info: &SearchInfo| {
                if info.nodes >= nodes {
                    cancel.store(true, Ordering::Relaxed);
                }
            };
            searcher.search_level_timed(
                board,
                game.to_move(),
                level,
                seed,
                TIME_CAP,
                &cancel,
                &mut stop_at_budget,
            )
        }
    }
}

/// A failure, with what it takes to replay the game.
fn failure(spec: &GameSpec, game: &Game, what: String) -> String {
    let moves: String = game
        .moves()
        .iter()
        .map(|p| p.to_notation(game.size()))
        .collect();
    format!(
        "game {} ({:?}, {}x{}, {} vs {}, seed {:#x}) after {} moves [{moves}]: {what}",
        spec.index,
        spec.rule,
        spec.size,
        spec.size,
        spec.black.name(),
        spec.white.name(),
        spec.seed,
        game.moves().len()
    )
}

/// Plays `p` and checks the move, the result and an undo/redo round trip.
fn play_checked(
    spec: &GameSpec,
    game: &mut Game,
    shadow: &mut Shadow,
    p: Point,
) -> Result<Played, String> {
    let fail = |game: &Game, what: String| failure(spec, game, what);
    let color = game.to_move();
    let before = Snapshot::of(game);
    let played = game
        .play(p)
        .map_err(|e| fail(game, format!("{} refused: {e}", p.to_notation(spec.size))))?;
    shadow.put(p, color);
    let stones = shadow.to_board();
    if *game.board() != stones || game.board().hash() != stones.hash() {
        return Err(fail(
            game,
            format!(
                "board or hash differs from the stones played\n{}",
                game.board()
            ),
        ));
    }
    let wins = shadow.wins_at(p, color, spec.rule);
    let expected_result_ok = match &played.result {
        None => !wins && !shadow.is_full(),
        Some(GameResult::Five { winner, line }) => {
            wins && *winner == color
                && line.points().contains(&p)
                && line
                    .points()
                    .iter()
                    .all(|q| shadow.at(q.x as i32, q.y as i32) == Some(color))
        }
        Some(GameResult::Draw) => !wins && shadow.is_full(),
        // The engine ends a game whose side to move has no legal point.
        Some(GameResult::NoLegalMove { side }) => {
            !wins
                && !shadow.is_full()
                && shadow
                    .empty_points()
                    .all(|q| !shadow.is_legal(q, *side, spec.rule))
        }
        Some(other) => {
            return Err(fail(game, format!("unexpected result {other:?}")));
        }
    };
    if !expected_result_ok || played.result.as_ref() != game.result() {
        return Err(fail(
            game,
            format!(
                "result {:?} but the rows say win={wins}, full={}",
                played.result,
                shadow.is_full()
            ),
        ));
    }
    let after = Snapshot::of(game);
    if game.undo() != Some(p) || Snapshot::of(game) != before {
        return Err(fail(
            game,
            "undo did not restore the position before".into(),
        ));
    }
    let redone = game.redo();
    if redone.as_ref() != Some(&played) || Snapshot::of(game) != after {
        return Err(fail(game, format!("redo gave {redone:?}, not {played:?}")));
    }
    Ok(played)
}

/// Undoes the whole game to the empty board and redoes it, comparing every
/// position with the one recorded while playing.
fn full_round_trip(spec: &GameSpec, game: &mut Game, history: &[Snapshot]) -> Result<(), String> {
    for expected in history.iter().rev().skip(1) {
        game.undo();
        if Snapshot::of(game) != *expected {
            return Err(failure(spec, game, "undoing the game diverged".into()));
        }
    }
    if game.board().stone_count() != 0 || game.undo().is_some() {
        return Err(failure(
            spec,
            game,
            "undo did not reach the empty board".into(),
        ));
    }
    for expected in &history[1..] {
        game.redo();
        if Snapshot::of(game) != *expected {
            return Err(failure(spec, game, "redoing the game diverged".into()));
        }
    }
    if game.redo().is_some() {
        return Err(failure(spec, game, "redo went past the last move".into()));
    }
    Ok(())
}

/// Random opening stones near the centre, legal by this module's reading.
fn opening(spec: &GameSpec, rng: &mut ChaCha8Rng, shadow: &Shadow) -> Vec<Point> {
    let mut shadow = shadow.clone();
    let centre = (spec.size / 2) as i64;
    let stones = rng.random_range(0..MAX_OPENING_STONES + 1);
    let mut points = Vec::new();
    let mut tries = 0;
    while points.len() < stones && tries < 100 {
        tries += 1;
        let near = |rng: &mut ChaCha8Rng| {
            (centre + rng.random_range(0..5) as i64 - 2).clamp(0, spec.size as i64 - 1)
        };
        let p = Point::new(near(rng) as u8, near(rng) as u8);
        let color = Color::of_ply(points.len());
        if shadow.is_legal(p, color, spec.rule) {
            shadow.put(p, color);
            points.push(p);
        }
    }
    points
}

/// Plays one game with every check; Err describes the first failure.
pub fn play_game(
    spec: &GameSpec,
    searchers: &mut Searchers,
    nodes: u64,
) -> Result<Outcome, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(spec.seed);
    let mut game = Game::new(spec.rule, spec.size).map_err(|e| e.to_string())?;
    let mut shadow = Shadow::new(spec.size);
    let mut history = vec![Snapshot::of(&game)];
    let mut outcome = Outcome::default();
    let searcher = searchers.for_rule(spec.rule);
    let mut script = opening(spec, &mut rng, &shadow).into_iter();
    while !game.is_over() {
        let color = game.to_move();
        let p = match script.next() {
            Some(p) => p,
            None => {
                let started = Instant::now();
                let info = choose(searcher, &game, spec.player(color), rng.next_u64(), nodes);
                outcome.slowest = outcome.slowest.max(started.elapsed());
                match info.best {
                    Some(p) => p,
                    // A side without a legal point has already drawn: the
                    // engine's game ends there (checked in play_checked).
                    None => {
                        return Err(failure(
                            spec,
                            &game,
                            "no move, but the game is not over".into(),
                        ));
                    }
                }
            }
        };
        if !shadow.is_legal(p, color, spec.rule) {
            let why = match rif_reading::slow_forbidden(&mut shadow.to_board(), p) {
                Some(kind) if shadow.on_board(p) => format!("forbidden ({kind:?})"),
                _ => "off the board or occupied".to_string(),
            };
            return Err(failure(
                spec,
                &game,
                format!("{color} chose {}: {why}", p.to_notation(spec.size)),
            ));
        }
        if spec.rule == Rule::Renju && color == Color::Black {
            outcome.forbidden_checks += 1;
        }
        let played = play_checked(spec, &mut game, &mut shadow, p)?;
        outcome.winner = played.result.as_ref().and_then(GameResult::winner);
        outcome.stalled |= matches!(played.result, Some(GameResult::NoLegalMove { .. }));
        history.push(Snapshot::of(&game));
        outcome.moves += 1;
    }
    if let Some(winner) = outcome.winner
        && shadow.has_win(winner.opponent(), spec.rule)
    {
        return Err(failure(
            spec,
            &game,
            format!("{} also has a five", winner.opponent()),
        ));
    }
    full_round_trip(spec, &mut game, &history)?;
    Ok(outcome)
}

/// Totals over a run.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub games: u64,
    pub moves: u64,
    pub forbidden_checks: u64,
    /// Black wins, White wins, draws, stalled (Black without a legal move).
    pub black: u64,
    pub white: u64,
    pub draws: u64,
    pub stalled: u64,
    pub slowest: Duration,
    pub failures: Vec<String>,
}

impl Tally {
    /// Adds the totals of another part of the same run.
    pub fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.moves += other.moves;
        self.forbidden_checks += other.forbidden_checks;
        self.black += other.black;
        self.white += other.white;
        self.draws += other.draws;
        self.stalled += other.stalled;
        self.slowest = self.slowest.max(other.slowest);
        self.failures.extend(other.failures);
    }

    pub fn add(&mut self, result: Result<Outcome, String>) {
        self.games += 1;
        match result {
            Err(e) => self.failures.push(e),
            Ok(o) => {
                self.moves += o.moves as u64;
                self.forbidden_checks += o.forbidden_checks as u64;
                self.slowest = self.slowest.max(o.slowest);
                match (o.stalled, o.winner) {
                    (true, _) => self.stalled += 1,
                    (false, Some(Color::Black)) => self.black += 1,
                    (false, Some(Color::White)) => self.white += 1,
                    (false, None) => self.draws += 1,
                }
            }
        }
    }
}

/// Plays games `first..first + count` of the run seeded `seed`.
pub fn run(
    seed: u64,
    first: u64,
    count: u64,
    nodes: u64,
    progress: &mut dyn FnMut(&Tally),
) -> Tally {
    let mut searchers = Searchers::default();
    let mut tally = Tally::default();
    for index in first..first + count {
        let spec = GameSpec::new(seed, index);
        tally.add(play_game(&spec, &mut searchers, nodes));
        progress(&tally);
    }
    tally
}
