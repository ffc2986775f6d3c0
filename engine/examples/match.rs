//! Plays two configurations against each other and prints W/D/L and Elo.
//!
//! ```text
//! cargo run --release -p gomoku-engine --example match -- \
//!     --a grandmaster --b classic --rule freestyle --time 200 --games 100
//! ```
//!
//! Players: `classic` (seed 002's depth-4 alpha-beta), a level name
//! (`beginner` .. `grandmaster`, with its mistake model; `--time` replaces
//! its think time, `--scale 0.1` scales it), or `engine` (full strength,
//! `--time` per move).
//! Openings: `--openings renju26` (the 26 canonical Renju openings) or
//! `random` (2-3 stones near the centre, kept only when a shallow search
//! calls them balanced). Every opening is played twice, colours swapped.

use gomoku_engine::board::parse_move_list;
use gomoku_engine::rng::Rng;
use gomoku_engine::rules::{self, Rule};
use gomoku_engine::search::classic;
use gomoku_engine::search::{Level, Score, SearchLimits, Searcher};
use gomoku_engine::{Board, Color, Point};
use std::process::exit;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug)]
enum Player {
    Classic,
    Level(Level),
    Engine,
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
    b: Player,
    rule: Rule,
    time: Option<Duration>,
    games: usize,
    openings: String,
    seed: u64,
    /// Levels think this fraction of their own time (when `--time` is unset).
    scale: Option<f64>,
}

fn parse_args() -> Result<Config, String> {
    let mut c = Config {
        a: Player::Level(Level::Grandmaster),
        b: Player::Classic,
        rule: Rule::Freestyle,
        time: None,
        games: 20,
        openings: String::new(),
        seed: 1,
        scale: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--a" => c.a = parse_player(&value()?)?,
            "--b" => c.b = parse_player(&value()?)?,
            "--rule" => {
                let v = value()?;
                c.rule = Rule::from_name(&v).ok_or(format!("unknown rule '{v}'"))?
            }
            "--time" => {
                let v = value()?;
                let ms: u64 = v.parse().map_err(|_| format!("bad --time '{v}'"))?;
                c.time = Some(Duration::from_millis(ms));
            }
            "--games" => {
                let v = value()?;
                c.games = v.parse().map_err(|_| format!("bad --games '{v}'"))?;
            }
            "--openings" => c.openings = value()?,
            "--scale" => {
                let v = value()?;
                c.scale = Some(v.parse().map_err(|_| format!("bad --scale '{v}'"))?);
            }
            "--seed" => {
                let v = value()?;
                c.seed = v.parse().map_err(|_| format!("bad --seed '{v}'"))?;
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if c.games == 0 {
        return Err("--games must be at least 1".into());
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

const RENJU26: &str = include_str!("../tests/data/renju26-openings.txt");

fn renju26() -> Vec<Vec<Point>> {
    RENJU26
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().nth(1))
        .map(|m| parse_move_list(m, 15).expect("valid opening"))
        .collect()
}

const BALANCED: i32 = 350;

/// Random 2-3 stone openings near the centre that a shallow search calls
/// roughly even.
fn random_openings(count: usize, rule: Rule, seed: u64) -> Vec<Vec<Point>> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let cancel = AtomicBool::new(false);
    while out.len() < count {
        let stones = 2 + (rng.next_u64() % 2) as usize;
        let mut moves: Vec<Point> = Vec::new();
        while moves.len() < stones {
            let p = Point::new(
                5 + (rng.next_u64() % 5) as u8,
                5 + (rng.next_u64() % 5) as u8,
            );
            if !moves.contains(&p) {
                moves.push(p);
            }
        }
        let board = board_of(&moves);
        let to_move = Color::of_ply(moves.len());
        let info = Searcher::new(rule).search(
            &board,
            to_move,
            &SearchLimits::depth(4),
            &cancel,
            &mut |_| {},
        );
        // The side to move has the tempo (worth about 220): "balanced"
        // means no more than a tempo and a bit either way.
        if matches!(info.score, Score::Eval(s) if s.abs() < BALANCED) {
            out.push(moves);
        }
    }
    out
}

fn board_of(moves: &[Point]) -> Board {
    let mut b = Board::new(15).expect("15 is a valid size");
    for (n, p) in moves.iter().enumerate() {
        b.place(*p, Color::of_ply(n))
            .expect("opening stones are distinct");
    }
    b
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Win(Color),
    Draw,
}

struct Game {
    outcome: Outcome,
    moves: usize,
    /// Largest time over the budget of one move, for timed engine players.
    max_over: Duration,
    note: &'static str,
    /// Every move of the game, opening included, as an `h8` move string.
    record: String,
}

fn play(cfg: &Config, opening: &[Point], black: Player, white: Player, seed: u64) -> Game {
    let mut board = board_of(opening);
    let cancel = AtomicBool::new(false);
    let mut searchers = [Searcher::new(cfg.rule), Searcher::new(cfg.rule)];
    let mut max_over = Duration::ZERO;
    let mut ply = opening.len();
    let mut record: String = opening.iter().map(|p| p.to_notation(15)).collect();
    loop {
        let color = Color::of_ply(ply);
        let player = if color == Color::Black { black } else { white };
        let searcher = &mut searchers[color.index()];
        let start = Instant::now();
        let (mv, budget) = match player {
            Player::Classic => (classic::best_move(&board, cfg.rule, color), None),
            Player::Engine => {
                let t = cfg.time.unwrap_or(Duration::from_millis(1000));
                let limits = SearchLimits {
                    time: Some(t),
                    ..Default::default()
                };
                (
                    searcher
                        .search(&board, color, &limits, &cancel, &mut |_| {})
                        .best,
                    Some(t),
                )
            }
            Player::Level(level) => {
                let s = seed.wrapping_add(ply as u64);
                let time = cfg
                    .time
                    .or(cfg.scale.map(|f| level.think_time().mul_f64(f)));
                let info = match time {
                    Some(t) => searcher.search_level_timed(
                        &board,
                        color,
                        level,
                        s,
                        t,
                        &cancel,
                        &mut |_| {},
                    ),
                    None => searcher.search_level(&board, color, level, s, &cancel, &mut |_| {}),
                };
                (info.best, time)
            }
        };
        if let Some(b) = budget {
            max_over = max_over.max(start.elapsed().saturating_sub(b));
        }
        let Some(p) = mv else {
            return Game {
                outcome: Outcome::Draw,
                moves: ply,
                max_over,
                note: "no legal move",
                record,
            };
        };
        if rules::check_move(&board, cfg.rule, color, p).is_err() {
            return Game {
                outcome: Outcome::Win(color.opponent()),
                moves: ply,
                max_over,
                note: "illegal move",
                record,
            };
        }
        board.place(p, color).expect("checked legal");
        record.push_str(&p.to_notation(15));
        ply += 1;
        if rules::winning_line(&board, p, cfg.rule).is_some() {
            return Game {
                outcome: Outcome::Win(color),
                moves: ply,
                max_over,
                note: "five",
                record,
            };
        }
        if board.is_full() {
            return Game {
                outcome: Outcome::Draw,
                moves: ply,
                max_over,
                note: "full board",
                record,
            };
        }
    }
}

/// Elo difference for a score fraction.
fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

fn main() {
    let cfg = match parse_args() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("match: {e}");
            exit(2);
        }
    };
    let pairs = cfg.games.div_ceil(2);
    let openings = match cfg.openings.as_str() {
        "renju26" => renju26(),
        "random" => random_openings(pairs, cfg.rule, cfg.seed),
        other => {
            eprintln!("match: unknown openings '{other}' (renju26 or random)");
            exit(2);
        }
    };
    println!(
        "match: A={:?} vs B={:?}, rule {}, time {:?}, {} games, openings {}",
        cfg.a,
        cfg.b,
        cfg.rule.name(),
        cfg.time,
        pairs * 2,
        cfg.openings
    );
    let (mut w, mut d, mut l) = (0u32, 0u32, 0u32);
    let mut results = Vec::new();
    let mut max_over = Duration::ZERO;
    for g in 0..pairs * 2 {
        let opening = &openings[(g / 2) % openings.len()];
        let a_black = g % 2 == 0;
        let (black, white) = if a_black {
            (cfg.a, cfg.b)
        } else {
            (cfg.b, cfg.a)
        };
        let game = play(
            &cfg,
            opening,
            black,
            white,
            cfg.seed.wrapping_mul(1000).wrapping_add(g as u64),
        );
        max_over = max_over.max(game.max_over);
        let a_color = if a_black { Color::Black } else { Color::White };
        let result = match game.outcome {
            Outcome::Win(c) if c == a_color => {
                w += 1;
                1.0
            }
            Outcome::Win(_) => {
                l += 1;
                println!("lost game: {}", game.record);
                0.0
            }
            Outcome::Draw => {
                d += 1;
                0.5
            }
        };
        results.push(result);
        let opening_text: String = opening.iter().map(|p| p.to_notation(15)).collect();
        println!(
            "game {:>3}: A {} opening {:<8} {:>3} moves  {:<12} A scores {}  (W{w} D{d} L{l}) max over {:?}",
            g + 1,
            if a_black { "black" } else { "white" },
            opening_text,
            game.moves,
            game.note,
            result,
            game.max_over
        );
    }
    let n = results.len() as f64;
    let mean = results.iter().sum::<f64>() / n;
    let var = results.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let margin = 1.96 * (var / n).sqrt();
    println!(
        "result: A {:?} vs B {:?}: W{w} D{d} L{l}  score {:.1}%  Elo {:+.0} (95% {:+.0} .. {:+.0})  max time over budget {:?}",
        cfg.a,
        cfg.b,
        mean * 100.0,
        elo(mean),
        elo(mean - margin),
        elo(mean + margin),
        max_over
    );
}
