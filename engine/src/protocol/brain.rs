//! The protocol state machine: one input line in, zero or more output lines
//! out. No I/O here, so every command and error path is unit-testable.

use super::clock::Clock;
use super::command::{
    BlockKind, Command, Coord, echo, parse_command, parse_stone, parse_swap2_stone,
};
use super::opening::{self, Swap2Answer};
use super::position::Position;
use crate::analysis;
use crate::board::{Board, Color, MAX_SIZE, MIN_SIZE, Point};
use crate::opening::ai::Budget;
use crate::rules::{self, Rule};
use crate::search::{
    DEFAULT_TABLE_MEGABYTES, Level, MAX_THREADS, Score, SearchInfo, SearchLimits, SearchParams,
    Searcher,
};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Lets another thread stop a running search (STOP, YXSTOP or END arriving
/// while the brain thinks).
///
/// Input lines are numbered from 1 in the order read; the brain counts the
/// lines it handles the same way. A stop sent with line `n` cancels the
/// search started by an earlier line, even when the reader sees it before
/// that search has begun (`BOARD` … `DONE` then `YXSTOP` at once), but never
/// a search started by a later line.
#[derive(Debug, Default)]
pub struct SearchControl {
    cancel: AtomicBool,
    thinking: AtomicBool,
    /// The number of the latest stop line.
    stop_line: AtomicU64,
}

impl SearchControl {
    /// A stop arrived as input line `line`: the search in progress, or about
    /// to start for an earlier line, ends with the best move found so far.
    pub fn stop(&self, line: u64) {
        self.stop_line.fetch_max(line, Ordering::SeqCst);
        if self.thinking.load(Ordering::SeqCst) {
            self.cancel.store(true, Ordering::SeqCst);
        }
    }

    /// A search starts for input line `line`. The stores and loads here and
    /// in `stop` are sequentially consistent, so at least one side sees the
    /// other: either `stop` sees `thinking` or this sees `stop_line`.
    fn begin(&self, line: u64) {
        self.cancel.store(false, Ordering::SeqCst);
        self.thinking.store(true, Ordering::SeqCst);
        if self.stop_line.load(Ordering::SeqCst) > line {
            self.cancel.store(true, Ordering::SeqCst);
        }
    }

    fn end(&self) {
        self.thinking.store(false, Ordering::SeqCst);
    }
}

/// INFO settings that do not belong to the clock.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// `max_memory` in bytes, 0 = no limit: sizes the transposition table.
    pub max_memory: u64,
    /// `game_type`: 0 human, 1 brain, 2 tournament, 3 network tournament.
    pub game_type: u32,
    /// `max_depth` (Rapfi / AlphaGomoku extension), None = no limit.
    pub max_depth: Option<u32>,
    /// `max_node`, None = no limit.
    pub max_nodes: Option<u64>,
    /// Search parameters changed by `INFO param_<name> <value>` (tuning).
    pub params: SearchParams,
    /// `thread_num`: search threads; 0 (unset) means one.
    pub threads: usize,
}

/// A BOARD / YXBOARD / SWAP2BOARD block being read.
struct Block {
    kind: BlockKind,
    stones: Vec<(Coord, i64)>,
    /// Problems found so far; reported at DONE, because until then the
    /// manager is not reading.
    errors: Vec<String>,
}

/// A Gomocup brain.
pub struct Brain {
    position: Option<Position>,
    rule: Rule,
    clock: Clock,
    settings: Settings,
    /// A malformed or unsupported INFO value, reported by the next command
    /// that answers (the manager does not read answers to INFO).
    pending_error: Option<String>,
    block: Option<Block>,
    searcher: Option<Searcher>,
    control: Arc<SearchControl>,
    /// Lines handled so far, blank ones included (see [`SearchControl`]).
    lines_handled: u64,
    /// When the command being handled arrived (for a block, its first
    /// line): the manager's clock runs from then, so ours does too.
    request_arrived: Instant,
    finished: bool,
}

impl Default for Brain {
    fn default() -> Brain {
        Brain::new()
    }
}

impl Brain {
    pub fn new() -> Brain {
        Brain {
            position: None,
            rule: Rule::Freestyle,
            clock: Clock::default(),
            settings: Settings::default(),
            pending_error: None,
            block: None,
            searcher: None,
            control: Arc::new(SearchControl::default()),
            lines_handled: 0,
            request_arrived: Instant::now(),
            finished: false,
        }
    }

    /// The handle a reader thread uses to stop a search.
    pub fn control(&self) -> Arc<SearchControl> {
        Arc::clone(&self.control)
    }

    /// True after END: the caller should exit.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The current board, once START has been received.
    pub fn board(&self) -> Option<&Board> {
        self.position.as_ref().map(Position::board)
    }

    /// Handles one input line and returns everything it prints.
    pub fn respond(&mut self, line: &str) -> Vec<String> {
        let mut lines = Vec::new();
        self.handle(line, &mut |l| lines.push(l));
        lines
    }

    /// Handles one input line (with or without its CR LF), passing each
    /// output line to `out` as soon as it is known (progress messages come
    /// while thinking, before the move).
    pub fn handle(&mut self, line: &str, out: &mut dyn FnMut(String)) {
        self.handle_arrived(line, Instant::now(), out);
    }

    /// [`Brain::handle`] for a line that arrived at `arrived` (read by
    /// another thread and queued): a move's thinking time counts from the
    /// arrival of the command that asked for it.
    pub fn handle_arrived(&mut self, line: &str, arrived: Instant, out: &mut dyn FnMut(String)) {
        self.lines_handled += 1;
        let line = line.trim();
        if line.is_empty() || self.finished {
            return;
        }
        if self.block.is_none() {
            self.request_arrived = arrived;
        }
        if let Some(block) = &mut self.block {
            if line.eq_ignore_ascii_case("DONE") {
                let block = self.block.take().expect("block is open");
                self.finish_block(block, out);
                return;
            }
            if !line.starts_with(|c: char| c.is_ascii_alphabetic()) {
                let parsed = match block.kind {
                    BlockKind::Swap2Board => parse_swap2_stone(line),
                    _ => parse_stone(line),
                };
                match parsed {
                    Ok(stone) => block.stones.push(stone),
                    Err(e) => block.errors.push(e),
                }
                return;
            }
            // A command inside a block: the manager gave up on it (or lost
            // the DONE). Say so and carry on with the command.
            let kind = block.kind.name();
            self.block = None;
            out(format!(
                "ERROR {kind}: DONE missing before '{}'",
                echo(line)
            ));
        }
        let command = match parse_command(line) {
            Ok(command) => command,
            Err(e) => return out(format!("ERROR {e}")),
        };
        let answers = !matches!(command, Command::Info { .. } | Command::End | Command::Stop);
        if answers && let Some(error) = self.pending_error.take() {
            match command {
                Command::Block(kind) => self.open_block(kind, vec![error]),
                _ => out(format!("ERROR {error}")),
            }
            return;
        }
        self.execute(command, out);
    }

    fn execute(&mut self, command: Command, out: &mut dyn FnMut(String)) {
        let thinks = match command {
            Command::Begin | Command::Turn(_) => Some(1),
            Command::NBest(n) => Some(n),
            _ => None,
        };
        let rule = self.rule;
        let result = match command {
            Command::Start(size) => self.start(size).map(|()| Some("OK".into())),
            Command::RectStart(w, h) if w == h => self.start(w).map(|()| Some("OK".into())),
            Command::RectStart(w, h) => Err(format!(
                "rectangular boards ({w}x{h}) are not supported; use START with a square size"
            )),
            Command::Restart => self
                .game()
                .map(|p| p.size())
                .and_then(|size| self.start(size))
                .map(|()| Some("OK".into())),
            Command::Info { key, value } => {
                self.info(&key, &value);
                Ok(None)
            }
            Command::Begin | Command::NBest(_) => self.game().map(|_| None),
            Command::Turn(coord) => self
                .game()
                .and_then(|p| p.play(p.point(coord)?, rule))
                .map(|()| None)
                .map_err(|e| format!("TURN {coord}: {e}")),
            Command::Takeback(coord) => self
                .game()
                .and_then(|p| p.take_back(p.point(coord)?))
                .map(|()| Some("OK".into()))
                .map_err(|e| format!("TAKEBACK {coord}: {e}")),
            Command::Block(kind) => {
                let errors = match self.position {
                    None => vec![format!("{} before START", kind.name())],
                    Some(_) => Vec::new(),
                };
                self.open_block(kind, errors);
                Ok(None)
            }
            Command::Done => Err("DONE without BOARD or YXBOARD".into()),
            Command::End => {
                self.finished = true;
                Ok(None)
            }
            Command::About => Ok(Some(about())),
            Command::ShowForbid => self.game().map(|p| Some(forbid_reply(p, rule))),
            Command::Balance { stones, bias } => self
                .game()
                .map(|_| ())
                .and_then(|()| self.balance(stones, bias))
                .map(Some),
            Command::Stop => Ok(None),
            Command::Unknown(name) => Ok(Some(format!("UNKNOWN command '{name}'"))),
        };
        match result {
            Ok(Some(reply)) => out(reply),
            Ok(None) => {}
            Err(e) => return out(format!("ERROR {e}")),
        }
        if let Some(candidates) = thinks {
            self.think(candidates, out);
        }
    }

    fn game(&mut self) -> Result<&mut Position, String> {
        self.position
            .as_mut()
            .ok_or_else(|| "no game yet: send START first".to_string())
    }

    fn start(&mut self, size: usize) -> Result<(), String> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(format!(
                "board size {size} is not supported (use {MIN_SIZE} to {MAX_SIZE})"
            ));
        }
        self.position = Some(Position::empty(size)?);
        self.clock.used_ms = 0;
        // Tables are allocated now: START is not counted in the turn time.
        searcher_for(&mut self.searcher, self.rule);
        Ok(())
    }

    fn open_block(&mut self, kind: BlockKind, errors: Vec<String>) {
        self.block = Some(Block {
            kind,
            stones: Vec::new(),
            errors,
        });
    }

    fn finish_block(&mut self, block: Block, out: &mut dyn FnMut(String)) {
        let name = block.kind.name();
        if let Some(first) = block.errors.first() {
            let more = match block.errors.len() - 1 {
                0 => String::new(),
                n => format!(" (and {n} more errors)"),
            };
            return out(format!("ERROR {name}: {first}{more}"));
        }
        let size = self
            .position
            .as_ref()
            .expect("checked at the header")
            .size();
        if block.kind == BlockKind::Swap2Board {
            return match self.swap2(size, &block.stones) {
                Ok(Some(reply)) => out(reply),
                Ok(None) => self.think(1, out),
                Err(e) => out(format!("ERROR {name}: {e}")),
            };
        }
        match Position::from_stones(size, &block.stones) {
            Err(e) => out(format!("ERROR {name}: {e}")),
            Ok(position) => {
                self.position = Some(position);
                if block.kind == BlockKind::Board {
                    self.think(1, out);
                }
            }
        }
    }

    fn info(&mut self, key: &str, value: &str) {
        let result = match key {
            "rule" => number(value).and_then(|mask| {
                self.rule = rule_from_info(mask).ok_or_else(|| {
                    format!(
                        "rule {mask} is not supported (0 freestyle, 1 exactly five, 2 or 4 renju)"
                    )
                })?;
                if self.position.is_some() {
                    // Managers send the rule after START: prepare now rather
                    // than in the first move's time.
                    searcher_for(&mut self.searcher, self.rule);
                }
                Ok(())
            }),
            "timeout_turn" => number(value).map(|ms| self.clock.turn_ms = ms),
            "timeout_match" => number(value).map(|ms| self.clock.match_ms = ms),
            "time_left" => number(value).map(|ms| self.clock.time_left_ms = Some(ms)),
            "max_memory" => number(value).map(|bytes| self.settings.max_memory = bytes),
            "game_type" => number(value).map(|t| self.settings.game_type = t),
            "max_depth" => number(value).map(|d: i64| {
                self.settings.max_depth = (d > 0).then(|| d.min(u32::MAX as i64) as u32);
            }),
            "max_node" => number(value).map(|n: i64| {
                self.settings.max_nodes = (n > 0).then_some(n as u64);
            }),
            "thread_num" => number(value).map(|n: i64| {
                self.settings.threads = n.clamp(1, MAX_THREADS as i64) as usize;
            }),
            _ if key.starts_with("param_") => number(value).and_then(|v| {
                let name = &key["param_".len()..];
                if self.settings.params.set(name, v) {
                    Ok(())
                } else {
                    Err(format!("no search parameter '{}'", echo(name)))
                }
            }),
            // folder, evaluate and keys we do not know: ignored, as the
            // protocol requires.
            _ => Ok(()),
        };
        if let Err(e) = result
            && self.pending_error.is_none()
        {
            self.pending_error = Some(format!("INFO {key}: {e}; the setting is unchanged"));
        }
    }

    /// The opening AI's budget for one answer: full strength within the
    /// turn time, and no deeper or more nodes per judgement than
    /// `max_depth` and `max_node`.
    fn opening_budget(&self, stones: usize, waited: Duration) -> Budget {
        let full = Budget::for_level(Level::Grandmaster);
        Budget {
            depth: self
                .settings
                .max_depth
                .map_or(full.depth, |d| d.min(full.depth)),
            nodes: self
                .settings
                .max_nodes
                .map_or(full.nodes, |n| n.min(full.nodes)),
            time: Some(self.clock.budget_after(stones, waited)),
            ..full
        }
    }

    /// Answers a SWAP2BOARD block: the text to print, or None when our
    /// move is to be searched (we play on after the opening, in what is
    /// left of the same turn; the move's search books the whole answer).
    fn swap2(&mut self, size: usize, stones: &[(Coord, i64)]) -> Result<Option<String>, String> {
        let moves = opening::swap2_moves(size, stones)?;
        let waited = self.request_arrived.elapsed();
        let budget = self.opening_budget(moves.len(), waited);
        let searcher = searcher_for(&mut self.searcher, self.rule);
        self.control.begin(self.lines_handled);
        let answered = opening::swap2(searcher, budget, seed(), &self.control.cancel, size, &moves);
        self.control.end();
        let (answer, position) = answered?;
        self.position = Some(position);
        if answer != Swap2Answer::Play {
            let target = waited + budget.time.unwrap_or_default();
            self.clock
                .record_answer(target, self.request_arrived.elapsed());
        }
        Ok(match answer {
            Swap2Answer::Stones(points) => Some(
                points
                    .iter()
                    .map(|p| p.to_xy())
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            Swap2Answer::Swap => Some("SWAP".into()),
            Swap2Answer::Play => None,
        })
    }

    /// YXBALANCEONE / YXBALANCETWO: `stones` balancing stones, as `x,y`
    /// separated by spaces; the board is unchanged.
    fn balance(&mut self, stones: usize, bias: i32) -> Result<String, String> {
        let position = self.position.as_ref().expect("checked by the caller");
        let waited = self.request_arrived.elapsed();
        let budget = self.opening_budget(position.board().stone_count(), waited);
        let searcher = searcher_for(&mut self.searcher, self.rule);
        self.control.begin(self.lines_handled);
        let points = opening::balance(
            searcher,
            budget,
            seed(),
            &self.control.cancel,
            position,
            stones,
            bias,
        );
        self.control.end();
        if points.len() < stones {
            return Err(format!("no room for {stones} balancing stones"));
        }
        Ok(points
            .iter()
            .map(|p| p.to_xy())
            .collect::<Vec<_>>()
            .join(" "))
    }

    /// Searches the position for the side to move (us), plays the move and
    /// prints it, after the progress messages. With `candidates` > 1
    /// (YXNBEST) the best moves share the time and each is reported.
    fn think(&mut self, candidates: usize, out: &mut dyn FnMut(String)) {
        let rule = self.rule;
        let position = self.position.as_mut().expect("think needs a game");
        let me = position.to_move();
        let size = position.size();
        let waited = self.request_arrived.elapsed();
        let budget = self
            .clock
            .budget_after(position.board().stone_count(), waited);
        let limits = SearchLimits {
            time: Some(budget),
            depth: self.settings.max_depth,
            nodes: self.settings.max_nodes,
        };
        let searcher = searcher_for(&mut self.searcher, rule);
        searcher.set_params(self.settings.params);
        searcher.set_threads(self.settings.threads);
        searcher.set_table_megabytes(table_megabytes(self.settings.max_memory));
        self.control.begin(self.lines_handled);
        // A panic in the search must not take the brain down mid-match:
        // the fallback below still answers a legal move.
        let searched = panic::catch_unwind(AssertUnwindSafe(|| {
            if candidates > 1 {
                return n_best(
                    searcher,
                    position.board(),
                    me,
                    limits,
                    candidates,
                    &self.control.cancel,
                    out,
                );
            }
            searcher
                .search(
                    position.board(),
                    me,
                    &limits,
                    &self.control.cancel,
                    &mut |info: &SearchInfo| out(progress_message(info, size)),
                )
                .best
        }));
        self.control.end();
        let best = match searched {
            Ok(best) => best,
            Err(_) => {
                // Its tables may be inconsistent now: start afresh.
                self.searcher = None;
                out("DEBUG the search panicked; playing a fallback move".into());
                None
            }
        };
        if let Some(p) = best
            && let Err(e) = rules::check_move(position.board(), rule, me, p)
        {
            // A search bug; the fallback below keeps the game legal.
            out(format!("DEBUG search proposed {}: {e}", p.to_xy()));
        }
        let choice = legal_choice(position.board(), rule, me, best);
        self.clock
            .record_answer(waited + budget, self.request_arrived.elapsed());
        match choice {
            Some(p) => {
                position
                    .play(p, rule)
                    .expect("legal_choice returns legal moves only");
                out(p.to_xy());
            }
            None => out(format!("ERROR no legal move left for {me}")),
        }
    }
}

/// The rule an `INFO rule` value names. The Gomocup bitmask says 1 exactly
/// five, 2 continuous game, 4 renju; but Yixin-Board sends a plain 2 for
/// Renju (and Rapfi reads it so), while Gomocup never sends 2 alone. So 2
/// alone is Renju and otherwise the continuous bit is ignored.
fn rule_from_info(value: u32) -> Option<Rule> {
    match value {
        2 => Some(Rule::Renju),
        mask => Rule::from_gomocup(mask),
    }
}

/// A seed that differs between games, so the proposed openings vary.
fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The transposition table within `max_memory` (bytes): the search's
/// default, or half of the limit when that is less (the rest of the process
/// needs some too), at least 1 MB. A table twice the default gained nothing
/// measurable at 1 s a move (stop 27), so a large limit does not grow it.
fn table_megabytes(max_memory: u64) -> usize {
    if max_memory == 0 {
        return DEFAULT_TABLE_MEGABYTES;
    }
    ((max_memory / 2) >> 20).clamp(1, DEFAULT_TABLE_MEGABYTES as u64) as usize
}

/// The searcher for `rule`, made anew when the rule changed.
fn searcher_for(slot: &mut Option<Searcher>, rule: Rule) -> &mut Searcher {
    if slot.as_ref().is_none_or(|s| s.rule() != rule) {
        *slot = Some(Searcher::new(rule));
    }
    slot.as_mut().expect("filled above")
}

fn number<T: std::str::FromStr>(value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("'{}' is not a valid number", echo(value)))
}

/// The search's move if it is legal, else a safe fallback: win at once,
/// else block the opponent's five, else the legal point nearest the centre.
/// None only when `me` has no legal move at all. This is the last guard
/// against answering an occupied or forbidden point, whatever the search does.
pub fn legal_choice(
    board: &Board,
    rule: Rule,
    me: Color,
    suggested: Option<Point>,
) -> Option<Point> {
    if let Some(p) = suggested
        && rules::check_move(board, rule, me, p).is_ok()
    {
        return Some(p);
    }
    let legal = rules::legal_moves(board, rule, me);
    let completes_five = |color: Color| {
        legal
            .iter()
            .copied()
            .find(|&p| rules::makes_five(board, p, color, rule))
    };
    let centre = (board.size() / 2) as i32;
    completes_five(me)
        .or_else(|| completes_five(me.opponent()))
        .or_else(|| {
            legal
                .iter()
                .copied()
                .min_by_key(|p| (p.x as i32 - centre).abs() + (p.y as i32 - centre).abs())
        })
}

/// A score as the MESSAGE lines show it: `35`, `W3` (we win in 3), `L2`.
fn score_text(score: Score) -> String {
    match score {
        Score::Eval(v) => v.to_string(),
        Score::WinIn(n) => format!("W{n}"),
        Score::LossIn(n) => format!("L{n}"),
    }
}

fn line_text(line: &[Point], size: usize) -> String {
    let moves: Vec<String> = line.iter().map(|p| p.to_notation(size)).collect();
    moves.join(" ")
}

/// `MESSAGE depth d eval s nodes n nps x pv h8 i9 ...`: one line per depth.
fn progress_message(info: &SearchInfo, size: usize) -> String {
    format!(
        "MESSAGE depth {} eval {} nodes {} nps {} time {} pv {}",
        info.depth,
        score_text(info.score),
        info.nodes,
        info.nodes_per_second(),
        info.elapsed.as_millis(),
        line_text(&info.pv, size)
    )
}

/// YXNBEST: the `count` best moves, each searched with an equal share of
/// the time, reported best first as `MESSAGE nbest k x,y eval s depth d pv
/// ...`; returns the best.
fn n_best(
    searcher: &mut Searcher,
    board: &Board,
    me: Color,
    mut limits: SearchLimits,
    count: usize,
    cancel: &AtomicBool,
    out: &mut dyn FnMut(String),
) -> Option<Point> {
    limits.time = limits.time.map(|t| t / count as u32);
    let found = analysis::multi_pv(searcher, board, me, &limits, count, cancel);
    for (k, c) in found.candidates.iter().enumerate() {
        out(format!(
            "MESSAGE nbest {} {} eval {} depth {} pv {}",
            k + 1,
            c.point.to_xy(),
            score_text(c.score),
            found.depth,
            line_text(&c.pv, board.size())
        ));
    }
    found.candidates.first().map(|c| c.point)
}

/// `FORBID xxyy...` + `.`: the points Black may not play, when Black is to
/// move under Renju.
fn forbid_reply(position: &Position, rule: Rule) -> String {
    let points: String = position
        .forbidden_points(rule)
        .iter()
        .map(|p| format!("{:02}{:02}", p.x, p.y))
        .collect();
    format!("FORBID {points}.")
}

fn about() -> String {
    format!(
        "name=\"pbrain-gomoku\", version=\"{}\", author=\"gomoku project contributors\", \
         country=\"International\"",
        env!("CARGO_PKG_VERSION")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cancelled(control: &SearchControl) -> bool {
        control.cancel.load(Ordering::SeqCst)
    }

    #[test]
    fn the_table_stays_within_half_of_max_memory() {
        assert_eq!(table_megabytes(8 << 20), 4);
        assert_eq!(table_megabytes(1 << 20), 1, "never below 1 MB");
        assert_eq!(table_megabytes(350 << 20), DEFAULT_TABLE_MEGABYTES);
        assert_eq!(table_megabytes(0), DEFAULT_TABLE_MEGABYTES, "no limit");
    }

    #[test]
    fn a_stop_reaches_the_search_of_an_earlier_line_only() {
        let control = SearchControl::default();
        // Read as line 7 before the search for line 5 began.
        control.stop(7);
        control.begin(5);
        assert!(cancelled(&control));
        control.end();
        // The next search (line 9) is not affected by that stale stop.
        control.begin(9);
        assert!(!cancelled(&control));
        // A stop during the search cancels it.
        control.stop(10);
        assert!(cancelled(&control));
        control.end();
        control.begin(11);
        assert!(!cancelled(&control));
    }
}
