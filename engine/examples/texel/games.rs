//! `texel gen`: self-play games for the fit, and the games file format.

use crate::openings::board_of;
use chacha20::ChaCha8Rng;
use gomoku_engine::board::parse_move_list;
use gomoku_engine::rules::{self, Rule};
use gomoku_engine::search::{Score, SearchLimits, Searcher};
use gomoku_engine::{Color, Point};
use rand::{RngExt, SeedableRng};
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A game ends undecided (a draw) after this many moves.
const MAX_MOVES: usize = 150;
/// An opening is kept when a shallow search calls it within this of even.
const BALANCED: i32 = 300;

/// The moves that make an opening (the harness's random openings and the
/// Renju openings have three stones).
const OPENING_PLIES: usize = 3;

/// One game of a games file, or one judged position: a line ending in
/// `last` stands only for the position before its last move, the score
/// being a judge's (a stronger engine's) expectation for Black there and
/// the last move the judge's choice.
pub struct GameLine {
    pub rule: Rule,
    /// Black's score: 1, 0.5 or 0 for a game; any value in 0..=1 for a
    /// judged position.
    pub black_score: f64,
    pub moves: Vec<Point>,
    /// Only the position before the last move is a sample.
    pub only_last: bool,
}

impl GameLine {
    pub fn parse(line: &str) -> Result<GameLine, String> {
        let mut words = line.split_whitespace();
        let (Some(rule), Some(result), Some(moves)) = (words.next(), words.next(), words.next())
        else {
            return Err(format!("not 'rule result moves': '{line}'"));
        };
        let rule = Rule::from_name(rule).ok_or(format!("unknown rule '{rule}'"))?;
        let black_score: f64 = result
            .parse()
            .map_err(|_| format!("bad result '{result}'"))?;
        if !(0.0..=1.0).contains(&black_score) {
            return Err(format!("result '{result}' is not in 0..=1"));
        }
        let moves = parse_move_list(moves, 15).map_err(|e| format!("bad moves: {e:?}"))?;
        let only_last = match words.next() {
            None => false,
            Some("last") => true,
            Some(other) => return Err(format!("unknown marker '{other}' (only 'last')")),
        };
        Ok(GameLine {
            rule,
            black_score,
            moves,
            only_last,
        })
    }

    /// Whether the line is in the fit's held-out tenth. The split is by
    /// opening (the first [`OPENING_PLIES`] moves), not by line: a game,
    /// its twin with the colours swapped and every judged position taken
    /// from either fall on the same side, so the held-out loss measures
    /// what carries to other games rather than to neighbouring positions
    /// of the same ones.
    pub fn held_out(&self) -> bool {
        // FNV-1a over the opening's cells: stable across runs and builds.
        let hash = (self.moves.iter().take(OPENING_PLIES))
            .fold(0xcbf2_9ce4_8422_2325u64, |h, p| {
                (h ^ p.index() as u64).wrapping_mul(0x0100_0000_01b3)
            });
        hash % 10 == 9
    }

    /// Whether the position before move `ply` is one of this line's samples.
    pub fn samples_ply(&self, ply: usize) -> bool {
        !self.only_last || ply + 1 == self.moves.len()
    }

    pub fn write(&self) -> String {
        let moves: String = self.moves.iter().map(|p| p.to_notation(15)).collect();
        let last = if self.only_last { " last" } else { "" };
        format!("{} {} {}{last}", self.rule.name(), self.black_score, moves)
    }
}

struct Config {
    rule: Rule,
    games: usize,
    nodes: u64,
    seed: u64,
    out: String,
}

fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut c = Config {
        rule: Rule::Freestyle,
        games: 100,
        nodes: 3000,
        seed: 1,
        out: String::new(),
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let v = it.next().ok_or(format!("{flag} needs a value"))?;
        let bad = || format!("bad {flag} '{v}'");
        match flag.as_str() {
            "--rule" => c.rule = Rule::from_name(v).ok_or_else(bad)?,
            "--games" => c.games = v.parse().map_err(|_| bad())?,
            "--nodes" => c.nodes = v.parse().map_err(|_| bad())?,
            "--seed" => c.seed = v.parse().map_err(|_| bad())?,
            "--out" => c.out = v.clone(),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if c.out.is_empty() {
        return Err("gen needs --out FILE".into());
    }
    Ok(c)
}

pub fn main(args: &[String]) -> Result<(), String> {
    let cfg = parse_args(args)?;
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&cfg.out)
        .map_err(|e| format!("{}: {e}", cfg.out))?;
    let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed);
    let start = Instant::now();
    let mut black = 0.0;
    for n in 0..cfg.games {
        let opening = balanced_opening(cfg.rule, &mut rng);
        let game = play(cfg.rule, opening, cfg.nodes);
        black += game.black_score;
        writeln!(out, "{}", game.write()).map_err(|e| format!("{}: {e}", cfg.out))?;
        if (n + 1) % 100 == 0 {
            println!(
                "{} games, Black scored {:.1}%, {:.0} s",
                n + 1,
                100.0 * black / (n + 1) as f64,
                start.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}

/// Two to five stones in the central 7x7 that a shallow search calls
/// near even, so that the games cover many different fights.
fn balanced_opening(rule: Rule, rng: &mut ChaCha8Rng) -> Vec<Point> {
    let cancel = AtomicBool::new(false);
    loop {
        let stones = rng.random_range(2..=5usize);
        let mut moves: Vec<Point> = Vec::new();
        while moves.len() < stones {
            let p = Point::new(4 + rng.random_range(0..7u8), 4 + rng.random_range(0..7u8));
            if !moves.contains(&p) {
                moves.push(p);
            }
        }
        let board = board_of(&moves);
        let to_move = Color::of_ply(moves.len());
        if moves
            .iter()
            .any(|&p| rules::winning_line(&board, p, rule).is_some())
        {
            continue;
        }
        let info = Searcher::new(rule).search(
            &board,
            to_move,
            &SearchLimits::depth(2),
            &cancel,
            &mut |_| {},
        );
        if matches!(info.score, Score::Eval(s) if s.abs() < BALANCED) {
            return moves;
        }
    }
}

/// One self-play game from `opening`, each move limited to `nodes`.
fn play(rule: Rule, mut moves: Vec<Point>, nodes: u64) -> GameLine {
    let mut searchers = [Searcher::new(rule), Searcher::new(rule)];
    let mut board = board_of(&moves);
    let limits = SearchLimits {
        nodes: Some(nodes),
        ..Default::default()
    };
    let cancel = AtomicBool::new(false);
    let black_score = loop {
        if moves.len() >= MAX_MOVES || board.is_full() {
            break 0.5;
        }
        let color = Color::of_ply(moves.len());
        let info = searchers[color.index()].search(&board, color, &limits, &cancel, &mut |_| {});
        let Some(p) = info
            .best
            .filter(|&p| rules::check_move(&board, rule, color, p).is_ok())
        else {
            // No legal move (or a slip): the side to move loses.
            break if color == Color::Black { 0.0 } else { 1.0 };
        };
        board.place(p, color).expect("checked legal");
        moves.push(p);
        if rules::winning_line(&board, p, rule).is_some() {
            break if color == Color::Black { 1.0 } else { 0.0 };
        }
    };
    GameLine {
        rule,
        black_score,
        moves,
        only_last: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_line_reads_back_what_was_written() {
        let game = play(
            Rule::Freestyle,
            vec![Point::new(7, 7), Point::new(8, 8)],
            200,
        );
        let read = GameLine::parse(&game.write()).unwrap();
        assert_eq!(read.moves, game.moves);
        assert_eq!(read.black_score, game.black_score);
        assert_eq!(read.rule, Rule::Freestyle);
        assert!(!read.only_last && read.samples_ply(0));
        assert!(GameLine::parse("freestyle 1").is_err());
        assert!(GameLine::parse("nonsense 1 h8").is_err());
        assert!(GameLine::parse("freestyle 1.5 h8").is_err());
        assert!(GameLine::parse("freestyle 1 h8 first").is_err());
    }

    #[test]
    fn a_judged_position_is_only_its_last_move_s_position() {
        let line = "renju 0.6479 h8i9i7j6h9h7 last";
        let judged = GameLine::parse(line).unwrap();
        assert!(judged.only_last);
        assert_eq!(judged.black_score, 0.6479);
        let sampled: Vec<usize> = (0..judged.moves.len())
            .filter(|&ply| judged.samples_ply(ply))
            .collect();
        assert_eq!(sampled, vec![5]);
        assert_eq!(judged.write(), line);
    }

    /// The held-out split keeps every line of one opening together and
    /// holds out about a tenth of the openings.
    #[test]
    fn the_split_holds_out_whole_openings() {
        let line = |s: &str| GameLine::parse(s).unwrap();
        let mut held = 0;
        let cells: Vec<String> = (0..15 * 15)
            .map(|i| Point::new((i % 15) as u8, (i / 15) as u8).to_notation(15))
            .collect();
        // Every third stone but on h8 and i8 themselves (cells 112, 113).
        for (n, third) in cells
            .iter()
            .enumerate()
            .filter(|(n, _)| *n != 112 && *n != 113)
        {
            let opening = format!("h8i8{third}");
            let game = line(&format!("freestyle 1 {opening}j9k10l11"));
            let position = line(&format!("freestyle 0.3 {opening}j10k9 last"));
            let twin = line(&format!("freestyle 0 {opening}g7"));
            assert_eq!(game.held_out(), position.held_out(), "opening {n}");
            assert_eq!(game.held_out(), twin.held_out(), "opening {n}");
            held += game.held_out() as usize;
        }
        // 223 openings: a tenth is 22; a fair split is well inside 8..=40.
        assert!((8..=40).contains(&held), "{held} of 223 held out");
    }
}
