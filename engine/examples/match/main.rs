//! Plays two players against each other and prints the score, Elo with a 95%
//! interval, W/D/L, time use per move and every failure.
//!
//! ```text
//! cargo run --release -p gomoku-engine --example match -- \
//!     --a-cmd /path/pbrain-gomoku --b-cmd /path/pbrain-rapfi \
//!     --rule freestyle --time 200 --games 100 --sprt -50,0 --log games.txt
//! ```
//!
//! Players: `--a`/`--b` take `classic` (seed 002's depth-4 alpha-beta), a
//! level name (`beginner` .. `grandmaster`, with its mistake model; `--time`
//! replaces its think time, `--scale 0.1` scales it) or `engine` (full
//! strength in this process, `--time` per move); `--a-cmd`/`--b-cmd` take any
//! Gomocup brain (one process per game, one thread, told `timeout_turn`,
//! `timeout_match` and before every move `time_left`).
//!
//! `--game-time MS` adds a whole-game clock per side, `--memory MB` (default
//! 64) is sent as `max_memory`. `--nodes N` limits every search to N nodes
//! (`max_node` for brains): a match whose result does not depend on the
//! machine's load (give a generous `--time` with it).
//!
//! A brain that answers late (past `--time` plus `--tolerance`, default
//! 1000 ms; its first move may take 5 s more for setup), crashes,
//! answers garbage or plays an illegal move (in Renju, a forbidden point)
//! loses that game; the failure is printed and the match goes on.
//!
//! Openings: `random` (2-3 stones near the centre that a shallow search
//! calls balanced; the freestyle default), `renju26` (the 26 canonical Renju
//! openings; the Renju default) or a file with one move list (`h8h9j10`) per
//! line, optionally after a name. Every opening is played twice, colours
//! swapped. `--sprt ELO0,ELO1` stops once A is shown to be ELO1 or ELO0
//! strong (alpha = beta = 5%).
//!
//! `--base-cmd PATH` (or `--base LEVEL`) plays a second A, the base build a
//! candidate is measured against, right after A in every game: the same
//! opening, colour and seed against the same B, so both meet the machine in
//! the same state (matches run hours apart drift by about 5 points). It
//! prints the base's own result and the paired difference A minus base;
//! `--base-log FILE` keeps its games.
//!
//! `match --paired BASE.log CANDIDATE.log [BASE2.log CANDIDATE2.log ...]`
//! plays nothing: it compares logs of the same openings (a base and a
//! candidate build as A against the same B; each pair of logs one seed)
//! game by game and prints the score difference with its 95% interval.
//! Most games end alike in both runs, so this interval is much narrower
//! than the two scores' own. Where a start (opening and colour) came up
//! more than once, it adds the interval that counts each start once.

mod brain;
mod cli;
mod openings;
mod paired;
mod stats;

use brain::{Brain, Failure, Limits};
use cli::number;
use gomoku_engine::record::{Game as RecordedGame, GameResult};
use gomoku_engine::rules::Rule;
use gomoku_engine::search::classic;
use gomoku_engine::search::{Level, SearchLimits, Searcher};
use gomoku_engine::{Color, Point};
use openings::{RENJU26, parse_openings, random_openings};
use stats::{Sprt, Tally, TimeUse, Verdict};
use std::io::Write;
use std::process::exit;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
enum Player {
    Classic,
    Level(Level),
    Engine,
    /// A Gomocup brain: the path of its executable.
    Brain(String),
}

impl Player {
    fn name(&self) -> String {
        match self {
            Player::Classic => "classic".into(),
            Player::Level(l) => l.name().to_string(),
            Player::Engine => "engine".into(),
            Player::Brain(path) => path.rsplit('/').next().unwrap_or(path).to_string(),
        }
    }
}

fn parse_player(s: &str) -> Result<Player, String> {
    let lower = s.to_ascii_lowercase();
    match lower.as_str() {
        "classic" => Ok(Player::Classic),
        "engine" => Ok(Player::Engine),
        _ => Level::ALL
            .into_iter()
            .find(|l| l.name().to_ascii_lowercase() == lower)
            .map(Player::Level)
            .ok_or_else(|| format!("unknown player '{s}' (classic, engine or a level name)")),
    }
}

struct Config {
    a: Player,
    /// A second A played beside the first in every game (`--base-cmd`).
    base: Option<Player>,
    b: Player,
    rule: Rule,
    /// Per-move time; levels keep their own when unset.
    time: Option<Duration>,
    /// Whole-game time per side for brains (`timeout_match`); None = no limit.
    game_time: Option<Duration>,
    /// How far past its budget a brain may answer before it loses on time.
    tolerance: Duration,
    memory_mb: u64,
    /// Per-move node limit for engines and brains; None = no limit.
    nodes: Option<u64>,
    games: usize,
    openings: String,
    seed: u64,
    /// Levels think this fraction of their own time (when `--time` is unset).
    scale: Option<f64>,
    sprt: Option<Sprt>,
    log: Option<String>,
    base_log: Option<String>,
}

/// Per-move time for engines and brains when `--time` is not given.
const DEFAULT_TURN: Duration = Duration::from_millis(1000);
/// SPRT never stops before this many games.
const SPRT_MIN_GAMES: usize = 10;

fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut c = Config {
        a: Player::Level(Level::Grandmaster),
        base: None,
        b: Player::Classic,
        rule: Rule::Freestyle,
        time: None,
        game_time: None,
        tolerance: Duration::from_millis(1000),
        memory_mb: 64,
        nodes: None,
        games: 20,
        openings: String::new(),
        seed: 1,
        scale: None,
        sprt: None,
        log: None,
        base_log: None,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{flag} needs a value"));
        let ms = |v: String| number::<u64>(flag, &v).map(Duration::from_millis);
        match flag.as_str() {
            "--a" => c.a = parse_player(&value()?)?,
            "--b" => c.b = parse_player(&value()?)?,
            "--a-cmd" => c.a = Player::Brain(value()?),
            "--b-cmd" => c.b = Player::Brain(value()?),
            "--base" => c.base = Some(parse_player(&value()?)?),
            "--base-cmd" => c.base = Some(Player::Brain(value()?)),
            "--base-log" => c.base_log = Some(value()?),
            "--rule" => {
                let v = value()?;
                c.rule = Rule::from_name(&v).ok_or(format!("unknown rule '{v}'"))?
            }
            "--time" => c.time = Some(ms(value()?)?),
            "--game-time" => c.game_time = Some(ms(value()?)?),
            "--tolerance" => c.tolerance = ms(value()?)?,
            "--memory" => c.memory_mb = number(flag, &value()?)?,
            "--nodes" => c.nodes = Some(number(flag, &value()?)?),
            "--games" => c.games = number(flag, &value()?)?,
            "--openings" => c.openings = value()?,
            "--scale" => c.scale = Some(number(flag, &value()?)?),
            "--seed" => c.seed = number(flag, &value()?)?,
            "--log" => c.log = Some(value()?),
            "--sprt" => {
                let v = value()?;
                let (e0, e1) = v
                    .split_once(',')
                    .ok_or(format!("--sprt needs ELO0,ELO1, not '{v}'"))?;
                let (elo0, elo1) = (number(flag, e0)?, number(flag, e1)?);
                if elo0 >= elo1 {
                    return Err(format!("--sprt needs ELO0 < ELO1, not '{v}'"));
                }
                c.sprt = Some(Sprt { elo0, elo1 });
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if c.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if c.base_log.is_some() && c.base.is_none() {
        return Err("--base-log needs --base-cmd or --base".into());
    }
    if c.openings.is_empty() {
        c.openings = if c.rule == Rule::Renju {
            "renju26"
        } else {
            "random"
        }
        .into();
    }
    Ok(c)
}

/// The per-move budget `player` plays to, if it has one.
fn budget(player: &Player, cfg: &Config) -> Option<Duration> {
    match player {
        Player::Classic => None,
        Player::Level(level) => cfg
            .time
            .or(cfg.scale.map(|f| level.think_time().mul_f64(f))),
        Player::Engine | Player::Brain(_) => Some(cfg.time.unwrap_or(DEFAULT_TURN)),
    }
}

/// One side of one game: a player with its state for this game.
enum Mover {
    InProcess(Player, Box<Searcher>),
    Brain(Brain),
    /// A brain that failed to start: it loses at its first move.
    Broken(Failure),
}

impl Mover {
    fn new(player: &Player, cfg: &Config, chatter: &mut Vec<String>) -> Mover {
        match player {
            Player::Brain(cmd) => {
                let limits = Limits {
                    rule: cfg.rule,
                    turn: cfg.time.unwrap_or(DEFAULT_TURN),
                    game: cfg.game_time,
                    memory_bytes: cfg.memory_mb << 20,
                    nodes: cfg.nodes,
                };
                match Brain::start(cmd, 15, &limits, chatter) {
                    Ok(b) => Mover::Brain(b),
                    Err(f) => Mover::Broken(f),
                }
            }
            p => Mover::InProcess(p.clone(), Box::new(Searcher::new(cfg.rule))),
        }
    }

    /// The move for the side to move in `game`: Ok(None) when there is none.
    fn think(
        &mut self,
        cfg: &Config,
        budget: Option<Duration>,
        game: &RecordedGame,
        time_left: Option<Duration>,
        seed: u64,
        chatter: &mut Vec<String>,
    ) -> Result<(Option<Point>, Duration), Failure> {
        let color = game.to_move();
        match self {
            Mover::Broken(f) => Err(f.clone()),
            Mover::Brain(brain) => {
                let turn = budget.unwrap_or(DEFAULT_TURN);
                let allowed = time_left.map_or(turn, |left| left.min(turn));
                brain
                    .think(
                        game.moves(),
                        color,
                        time_left,
                        allowed + cfg.tolerance,
                        chatter,
                    )
                    .map(|(p, t)| (Some(p), t))
            }
            Mover::InProcess(player, searcher) => {
                let board = game.board();
                let cancel = AtomicBool::new(false);
                let start = Instant::now();
                let best = match player {
                    Player::Classic => classic::best_move(board, cfg.rule, color),
                    Player::Engine => {
                        let limits = SearchLimits {
                            time: budget,
                            nodes: cfg.nodes,
                            ..Default::default()
                        };
                        searcher
                            .search(board, color, &limits, &cancel, &mut |_| {})
                            .best
                    }
                    Player::Level(level) => {
                        let info = match budget {
                            Some(t) => searcher.search_level_timed(
                                board,
                                color,
                                *level,
                                seed,
                                t,
                                &cancel,
                                &mut |_| {},
                            ),
                            None => searcher.search_level(
                                board,
                                color,
                                *level,
                                seed,
                                &cancel,
                                &mut |_| {},
                            ),
                        };
                        info.best
                    }
                    Player::Brain(_) => unreachable!("brains run as Mover::Brain"),
                };
                Ok((best, start.elapsed()))
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Win(Color),
    Draw,
}

const FIVE: &str = "five";
const FULL_BOARD: &str = "full board";
const NO_LEGAL_MOVE: &str = "no legal move";
/// The notes of a game that ended by the rules; any other note is a
/// player's failure.
const RULE_ENDINGS: [&str; 3] = [FIVE, FULL_BOARD, NO_LEGAL_MOVE];

/// How a game ended for the record: a five, a full board, a side with no
/// legal move left, or a failure.
struct Game {
    outcome: Outcome,
    moves: usize,
    note: String,
    /// Every move of the game, opening included, as an `h8` move string.
    record: String,
    /// What the brains printed besides their moves.
    chatter: Vec<String>,
}

/// Thinking time per colour, filled in by [`play`].
type Clocks = [TimeUse; 2];

fn play(
    cfg: &Config,
    opening: &[Point],
    players: [&Player; 2],
    seed: u64,
    clocks: &mut Clocks,
) -> Game {
    let mut chatter = Vec::new();
    let mut movers = [
        Mover::new(players[0], cfg, &mut chatter),
        Mover::new(players[1], cfg, &mut chatter),
    ];
    let record = |moves: &[Point]| -> String { moves.iter().map(|p| p.to_notation(15)).collect() };
    let end = |outcome, moves: &[Point], note: String, chatter| Game {
        outcome,
        moves: moves.len(),
        note,
        record: record(moves),
        chatter,
    };
    // The game record judges every ending the rules define (a five, a full
    // board, a side with no legal point left); the harness adds only the
    // players' failures.
    let mut game = match RecordedGame::from_moves(cfg.rule, 15, opening) {
        Ok(game) => game,
        Err(e) => {
            return end(
                Outcome::Draw,
                opening,
                format!("opening not playable: {e}"),
                chatter,
            );
        }
    };
    let mut used = [Duration::ZERO; 2];
    let mut moved = [false; 2];
    loop {
        let moves = game.moves();
        // An ended game asks no player: in Renju every empty point may be
        // forbidden to Black, and a brain has no move to answer with.
        if let Some(result) = game.result() {
            let (outcome, note) = rule_ending(result);
            return end(outcome, moves, note, chatter);
        }
        let color = game.to_move();
        let side = color.index();
        let time_left = cfg.game_time.map(|g| g.saturating_sub(used[side]));
        let budget = budget(players[side], cfg);
        let answer = movers[side].think(
            cfg,
            budget,
            &game,
            time_left,
            seed.wrapping_add(moves.len() as u64),
            &mut chatter,
        );
        let p = match answer {
            Err(f) => {
                return end(
                    Outcome::Win(color.opponent()),
                    moves,
                    format!("{color:?} {f}"),
                    chatter,
                );
            }
            Ok((None, _)) => {
                let note = format!("{color:?} gave no move though one is legal");
                return end(Outcome::Win(color.opponent()), moves, note, chatter);
            }
            Ok((Some(p), t)) => {
                if moved[side] {
                    clocks[side].add(t, budget);
                } else {
                    clocks[side].add_first(t);
                    moved[side] = true;
                }
                used[side] += t;
                if let Some(g) = cfg.game_time
                    && used[side] > g + cfg.tolerance
                {
                    let note =
                        format!("{color:?} out of game time ({} ms)", used[side].as_millis());
                    return end(Outcome::Win(color.opponent()), moves, note, chatter);
                }
                p
            }
        };
        if let Err(e) = game.play(p) {
            let note = format!("{color:?} illegal move {}: {e}", p.to_xy());
            return end(Outcome::Win(color.opponent()), game.moves(), note, chatter);
        }
    }
}

/// The outcome and log note of a game the record ended by the rules.
fn rule_ending(result: &GameResult) -> (Outcome, String) {
    let outcome = result.winner().map_or(Outcome::Draw, Outcome::Win);
    let note = match result {
        GameResult::Five { .. } => FIVE,
        GameResult::Draw => FULL_BOARD,
        GameResult::NoLegalMove { .. } => NO_LEGAL_MOVE,
        // Not reached under the refusing policy (a forbidden point is
        // refused, not played); named, and counted as a failure, if it is.
        other => return (outcome, other.to_string()),
    };
    (outcome, note.to_string())
}

/// One A player's games against B: A itself, or the base that
/// `--base-cmd` plays beside it.
struct Side {
    a: Player,
    log: Option<String>,
    tally: Tally,
    /// Each game's start, in the order of `tally`'s results.
    starts: Vec<paired::Start>,
    a_time: TimeUse,
    b_time: TimeUse,
    failures: Vec<String>,
    log_warned: bool,
}

impl Side {
    fn new(a: Player, log: Option<String>) -> Side {
        Side {
            a,
            log,
            tally: Tally::default(),
            starts: Vec::new(),
            a_time: TimeUse::default(),
            b_time: TimeUse::default(),
            failures: Vec::new(),
            log_warned: false,
        }
    }

    /// Plays game `g` (0-based; A is Black in the even ones) from
    /// `opening`, books it and returns its summary line.
    fn play_game(&mut self, cfg: &Config, g: usize, opening: &[Point]) -> String {
        let a_black = g.is_multiple_of(2);
        let players = if a_black {
            [&self.a, &cfg.b]
        } else {
            [&cfg.b, &self.a]
        };
        let mut clocks = Clocks::default();
        let seed = cfg.seed.wrapping_mul(1000).wrapping_add(g as u64);
        let game = play(cfg, opening, players, seed, &mut clocks);
        let (a_side, b_side) = if a_black { (0, 1) } else { (1, 0) };
        self.a_time.merge(&clocks[a_side]);
        self.b_time.merge(&clocks[b_side]);
        let a_color = if a_black { Color::Black } else { Color::White };
        let result = match game.outcome {
            Outcome::Win(c) if c == a_color => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        };
        let tally = &mut self.tally;
        tally.push(result);
        if !RULE_ENDINGS.contains(&game.note.as_str()) {
            self.failures.push(format!("game {}: {}", g + 1, game.note));
        }
        let opening_text: String = opening.iter().map(|p| p.to_notation(15)).collect();
        let a_colour = if a_black { "black" } else { "white" };
        self.starts
            .push((opening_text.clone(), a_colour.to_string()));
        let line = format!(
            "game {:>3}: A {} opening {:<8} {:>3} moves  {:<30} A scores {}  (W{} D{} L{})",
            g + 1,
            a_colour,
            opening_text,
            game.moves,
            game.note,
            result,
            tally.count(1.0),
            tally.count(0.5),
            tally.count(0.0),
        );
        let log_line = format!(
            "{line} | black {} white {} | {}{}",
            players[0].name(),
            players[1].name(),
            game.record,
            if game.chatter.is_empty() {
                String::new()
            } else {
                format!(" | {}", game.chatter.join(" / "))
            }
        );
        log_game(&self.log, &log_line, &mut self.log_warned);
        line
    }

    /// The result, time use and failures, as the match ends. `label` names
    /// this side's A ("A" or "base").
    fn report(&self, cfg: &Config, label: &str) -> String {
        let (a_name, b_name) = (self.a.name(), cfg.b.name());
        let mut out = format!(
            "result: {label} {a_name} vs B {b_name}, {}, {}\ntime per move:\n{}\n{}\nfailures: {}",
            cfg.rule.name(),
            self.tally.summary(),
            time_line(
                &format!("{label} {a_name}"),
                &self.a_time,
                budget(&self.a, cfg)
            ),
            time_line(&format!("B {b_name}"), &self.b_time, budget(&cfg.b, cfg)),
            self.failures.len()
        );
        for f in &self.failures {
            out.push_str(&format!("\n  {f}"));
        }
        out
    }
}

/// A against the base over the games both played: both play game `g`
/// alike, so their results pair by index.
fn paired_report(a: &Side, base: &Side) -> String {
    let games: Vec<paired::PairedGame> = a
        .starts
        .iter()
        .zip(&base.tally.results)
        .zip(&a.tally.results)
        .map(|((start, &base), &candidate)| paired::PairedGame {
            start: start.clone(),
            base,
            candidate,
        })
        .collect();
    paired::Paired::of(&games).report()
}

/// Appends one game to the log file; a log that cannot be written is
/// reported once and then skipped so the match goes on.
fn log_game(path: &Option<String>, line: &str, warned: &mut bool) {
    let Some(path) = path else { return };
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| writeln!(f, "{line}"));
    if let Err(e) = written
        && !*warned
    {
        eprintln!("match: cannot write the log {path}: {e}");
        *warned = true;
    }
}

fn ms(t: Duration) -> String {
    format!("{:.0} ms", t.as_secs_f64() * 1000.0)
}

fn time_line(name: &str, t: &TimeUse, budget: Option<Duration>) -> String {
    format!(
        "  {name}: {} moves, average {}, p99 {}, max {}, budget {}, over budget {}; first moves (setup included) max {}",
        t.moves,
        ms(t.average()),
        ms(t.percentile(99)),
        ms(t.max),
        budget.map_or("none".into(), ms),
        t.over_budget,
        ms(t.first_max)
    )
}

/// `--paired BASE.log CANDIDATE.log ...`: compares each base log with the
/// candidate log after it and reports all their games together; plays
/// nothing.
fn paired_mode(logs: &[String]) -> Result<String, String> {
    if logs.is_empty() || !logs.len().is_multiple_of(2) {
        return Err(
            "usage: match --paired BASE.log CANDIDATE.log [BASE2.log CANDIDATE2.log ...]".into(),
        );
    }
    let read = |path: &str| {
        std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {path}: {e}"))
            .and_then(|text| paired::read_log(&text).map_err(|e| format!("{path}: {e}")))
    };
    let mut games = Vec::new();
    for pair in logs.chunks(2) {
        let common = paired::compare(&read(&pair[0])?, &read(&pair[1])?);
        if common.is_empty() {
            return Err(format!(
                "{} and {} have no game in common (same openings and seed?)",
                pair[0], pair[1]
            ));
        }
        games.extend(common);
    }
    Ok(paired::Paired::of(&games).report())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--paired") {
        match paired_mode(&args[1..]) {
            Ok(report) => println!("{report}"),
            Err(e) => {
                eprintln!("match: {e}");
                exit(2);
            }
        }
        return;
    }
    let cfg = match parse_args(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("match: {e}");
            exit(2);
        }
    };
    let pairs = cfg.games.div_ceil(2);
    let openings = match cfg.openings.as_str() {
        "renju26" => parse_openings(RENJU26),
        "random" => Ok(random_openings(pairs, cfg.rule, cfg.seed)),
        path => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read openings {path}: {e}"))
            .and_then(|text| parse_openings(&text)),
    };
    let openings = match openings {
        Ok(o) if !o.is_empty() => o,
        Ok(_) => {
            eprintln!("match: no openings in '{}'", cfg.openings);
            exit(2);
        }
        Err(e) => {
            eprintln!("match: {e}");
            exit(2);
        }
    };
    let (a_name, b_name) = (cfg.a.name(), cfg.b.name());
    println!(
        "match: A={a_name} vs B={b_name}, rule {}, time {}, {} games, openings {}, seed {}",
        cfg.rule.name(),
        cfg.time.map_or("own".into(), ms),
        pairs * 2,
        cfg.openings,
        cfg.seed
    );
    if pairs > openings.len() {
        // A brain at fixed nodes plays a repeated opening move for move as
        // before: such games add nothing but a narrower-looking interval.
        println!(
            "note: {} openings for {pairs} pairs, so they repeat; at fixed nodes only {} games are distinct",
            openings.len(),
            openings.len() * 2
        );
    }
    let mut main_side = Side::new(cfg.a.clone(), cfg.log.clone());
    let mut base_side = cfg
        .base
        .clone()
        .map(|base| Side::new(base, cfg.base_log.clone()));
    if let Some(base) = &base_side {
        println!("base: {} plays each game right after A", base.a.name());
    }
    for g in 0..pairs * 2 {
        let opening = &openings[(g / 2) % openings.len()];
        println!("{}", main_side.play_game(&cfg, g, opening));
        if let Some(base) = &mut base_side {
            println!("base {}", base.play_game(&cfg, g, opening));
        }
        let tally = &main_side.tally;
        if let Some(sprt) = cfg.sprt
            && tally.results.len() >= SPRT_MIN_GAMES
            && g % 2 == 1
        {
            match sprt.verdict(tally) {
                Verdict::Continue => {}
                v => {
                    println!(
                        "sprt: {v:?} after {} games (H0 Elo {}, H1 Elo {}, LLR {:.2})",
                        tally.results.len(),
                        sprt.elo0,
                        sprt.elo1,
                        tally.llr(sprt.elo0, sprt.elo1)
                    );
                    break;
                }
            }
        }
    }
    println!("{}", main_side.report(&cfg, "A"));
    if let Some(base) = &base_side {
        println!("{}", base.report(&cfg, "base"));
        println!(
            "paired, A against base: {}",
            paired_report(&main_side, base)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cli::words as args;
    use gomoku_engine::rules;
    use openings::board_of;

    #[test]
    fn brains_levels_and_limits_parse() {
        let c = parse_args(&args(
            "--a-cmd /x/pbrain-a --b expert --rule renju --time 200 --game-time 60000 --sprt -20,10",
        ))
        .unwrap();
        assert!(matches!(&c.a, Player::Brain(p) if p == "/x/pbrain-a"));
        assert!(matches!(c.b, Player::Level(Level::Expert)));
        assert_eq!(c.rule, Rule::Renju);
        assert_eq!(c.openings, "renju26");
        assert_eq!(c.time, Some(Duration::from_millis(200)));
        assert_eq!(c.game_time, Some(Duration::from_secs(60)));
        assert!(matches!(c.sprt, Some(Sprt { elo0, elo1 }) if elo0 == -20.0 && elo1 == 10.0));
        let c = parse_args(&args("--a-cmd /x/new --base-cmd /x/old --base-log old.log")).unwrap();
        assert!(matches!(&c.base, Some(Player::Brain(p)) if p == "/x/old"));
        assert_eq!(c.base_log.as_deref(), Some("old.log"));
        for wrong in [
            "--base-log old.log",
            "--base wizard",
            "--sprt 10,0",
            "--games 0",
            "--a wizard",
            "--time",
            "--seed x",
        ] {
            assert!(parse_args(&args(wrong)).is_err(), "{wrong}");
        }
    }

    /// Two quick levels on one opening: a real game ends with a five
    /// or a full board and the record replays to the same position.
    #[test]
    fn an_in_process_game_ends_by_the_rules() {
        let cfg = parse_args(&args("--a beginner --b novice --time 20")).unwrap();
        let opening = parse_openings("h8h9").unwrap().remove(0);
        let mut clocks = Clocks::default();
        let game = play(&cfg, &opening, [&cfg.a, &cfg.b], 1, &mut clocks);
        let moves = gomoku_engine::board::parse_move_list(&game.record, 15).unwrap();
        assert_eq!(moves.len(), game.moves);
        let board = board_of(&moves);
        match game.outcome {
            Outcome::Win(c) => {
                let last = *moves.last().unwrap();
                assert_eq!(board.get(last).color(), Some(c));
                assert!(rules::winning_line(&board, last, cfg.rule).is_some());
            }
            Outcome::Draw => assert!(board.is_full()),
        }
        // Each side's first move is counted apart.
        assert_eq!(
            clocks[0].moves as usize + clocks[1].moves as usize,
            moves.len() - 2 - 2
        );
    }

    /// A Renju game of this harness (stop 53, 1 s) that filled the board
    /// but for m6, a point forbidden to Black, with Black to move: the rules
    /// draw it, and no player is asked for a move it cannot give (a brain
    /// that answered `ERROR` was counted as timed out before).
    #[test]
    fn a_side_with_no_legal_move_left_draws() {
        const RECORD: &str = "h8h9h10g9i9j10g11j8j11f12i11h11i12i10h13g14g12k13l11k10l10k11\
            k12h12l12l13m10j13m12j12m13m11k8l9k6k7j6l6m5k5j4n9j5j3l5j7h7k9o9h6f11i14i6k4f7f9\
            i7d9e9i4e7g7e8j9m9e6d8c7d10e11g6f5b10c9c10e10b9b8e13d11o12n12g8f8b13d12i5i8c13d13\
            o11o10b12b11c11a13d6h14f14n7m7c5c6f13c12c14g15k3h3e4h4d3d4n8g5f6d7d5b5a4n6f2f3a6\
            k1e2i3j2e3g3d2h15e12a5a3a11m4o6m8c1c2d1l1b3m1j1d15a12n3o2m2m3o1n1a14e1b1l15i15n11\
            n10o8k14h2a10f4i2l7i1n15f1j14n14h1a8n5b7a1a2c15o14o15k15l14o5l2a15l4b15l3e15m14\
            f15o4j15m15b14d14e14g13i13n13o13f10g10a9c8l8o7b6a7e5h5b2c4g4o3c3n2g2g1b4n4k2";
        let opening = parse_openings(RECORD).unwrap().remove(0);
        let board = board_of(&opening);
        let m6 = Point::parse("m6", 15).unwrap();
        assert_eq!(board.empty_points().collect::<Vec<_>>(), [m6]);
        assert!(rules::is_forbidden(&board, m6), "m6 is forbidden to Black");
        let cfg = parse_args(&args("--a beginner --b novice --rule renju --time 20")).unwrap();
        let mut a = Side::new(cfg.a.clone(), None);
        let line = a.play_game(&cfg, 0, &opening);
        assert_eq!(a.tally.results, [0.5], "{line}");
        assert!(a.failures.is_empty(), "{:?}", a.failures);
        assert!(line.contains(NO_LEGAL_MOVE), "{line}");
        // Freestyle has no forbidden point: Black plays m6.
        let cfg = parse_args(&args("--a beginner --b novice --time 20")).unwrap();
        let mut clocks = Clocks::default();
        let game = play(&cfg, &opening, [&cfg.a, &cfg.b], 1, &mut clocks);
        assert_eq!(game.moves, 225, "{}", game.note);
        assert!(
            [FIVE, FULL_BOARD].contains(&game.note.as_str()),
            "{}",
            game.note
        );
    }

    /// A and the base play the same games: each game's line pairs with
    /// the other side's, and each side books only its own results.
    #[test]
    fn the_base_plays_each_game_beside_a() {
        let cfg = parse_args(&args("--a beginner --base novice --b novice --time 20")).unwrap();
        let openings = parse_openings("h8h9").unwrap();
        let mut a = Side::new(cfg.a.clone(), None);
        let mut base = Side::new(cfg.base.clone().unwrap(), None);
        for g in 0..2 {
            let line = a.play_game(&cfg, g, &openings[0]);
            let base_line = base.play_game(&cfg, g, &openings[0]);
            // Same game number, colour and opening.
            assert_eq!(line[..32], base_line[..32]);
        }
        assert_eq!((a.tally.results.len(), base.tally.results.len()), (2, 2));
        let report = paired_report(&a, &base);
        assert!(report.starts_with("2 games in both logs"), "{report}");
        assert!(
            base.report(&cfg, "base")
                .starts_with("result: base Novice vs B Novice")
        );
    }

    /// `--paired` over two seeds' logs pools their games, pairing each
    /// candidate log only with the base log before it.
    #[test]
    fn paired_logs_pool_over_seeds() {
        let dir = std::env::temp_dir().join(format!("match-paired-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, scores: [&str; 2]| {
            let path = dir.join(name);
            let text: String = scores
                .iter()
                .zip(["black", "white"])
                .map(|(s, c)| format!("game 1: A {c} opening h8h9 31 moves five A scores {s}\n"))
                .collect();
            std::fs::write(&path, text).unwrap();
            path.to_string_lossy().into_owned()
        };
        let logs = [
            write("b1", ["1", "0"]),
            write("c1", ["1", "1"]),
            write("b2", ["0", "0"]),
            write("c2", ["1", "0"]),
        ];
        let report = paired_mode(&logs).unwrap();
        assert!(
            report.starts_with("4 games in both logs: base 25.0% (1), candidate 75.0% (3)"),
            "{report}"
        );
        assert!(report.contains("2 starts"), "{report}");
        assert!(paired_mode(&logs[..3]).unwrap_err().starts_with("usage"));
        let elsewhere = dir.join("other");
        std::fs::write(
            &elsewhere,
            "game 1: A black opening g7 9 moves five A scores 1\n",
        )
        .unwrap();
        let other = elsewhere.to_string_lossy().into_owned();
        let err = paired_mode(&[logs[0].clone(), other]).unwrap_err();
        assert!(err.contains("no game in common"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A brain that cannot start loses at its first move, and the game
    /// still returns.
    #[test]
    fn a_missing_brain_loses_its_game() {
        let cfg = parse_args(&args("--a classic --b-cmd /nonexistent/brain")).unwrap();
        let opening = parse_openings("h8h9").unwrap().remove(0);
        let game = play(&cfg, &opening, [&cfg.a, &cfg.b], 1, &mut Clocks::default());
        assert_eq!(game.outcome, Outcome::Win(Color::Black));
        assert!(game.note.contains("crash"), "{}", game.note);
    }
}
