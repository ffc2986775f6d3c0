//! A Gomocup brain run as a child process: START, the INFO limits, then one
//! BOARD per move. The brain is never sent anything while it thinks (some
//! brains, Rapfi among them, ignore commands during a search), so every move
//! is given as the whole position.

use gomoku_engine::rules::Rule;
use gomoku_engine::{Color, Point};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Why a brain lost a game without a five on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process could not start, closed its output or a pipe broke.
    Crash(String),
    /// No answer before the hard deadline.
    Timeout(Duration),
    /// An answer that is neither a move nor protocol chatter.
    Garbage(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Failure::Crash(why) => write!(f, "crash ({why})"),
            Failure::Timeout(t) => write!(f, "timeout (no answer in {} ms)", t.as_millis()),
            Failure::Garbage(line) => write!(f, "garbage answer '{line}'"),
        }
    }
}

/// The limits told to the brain at START.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub rule: Rule,
    pub turn: Duration,
    /// Whole-game budget; None = no match limit.
    pub game: Option<Duration>,
    pub memory_bytes: u64,
    /// Per-move node limit (`max_node`); None = none.
    pub nodes: Option<u64>,
}

/// What the brain printed while it was not answering, for the game log.
pub type Chatter = Vec<String>;

pub struct Brain {
    child: Child,
    stdin: ChildStdin,
    /// The brain's output lines, each with the moment it was read: a move
    /// is timed to then, not to when this (maybe descheduled) thread
    /// looked.
    lines: Receiver<(String, Instant)>,
    /// Whether the brain has answered a move yet.
    answered: bool,
}

/// Time a brain gets to answer START (loading tables can take a moment).
const START_TIMEOUT: Duration = Duration::from_secs(15);
/// Extra time on a brain's first move: many set up their tables only then
/// (Rapfi clears a 128 MB hash in about 0.3 s on an idle machine).
const FIRST_MOVE_ALLOWANCE: Duration = Duration::from_secs(5);

/// How a brain's reply line reads.
#[derive(Debug, PartialEq, Eq)]
enum Reply {
    Move(u32, u32),
    /// MESSAGE, DEBUG, ERROR, UNKNOWN, OK, SUGGEST: logged, not an answer.
    Chatter,
    Garbage,
}

fn classify(line: &str) -> Reply {
    let line = line.trim();
    let word = line.split_whitespace().next().unwrap_or("");
    if ["MESSAGE", "DEBUG", "ERROR", "UNKNOWN", "OK", "SUGGEST"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
        || line.is_empty()
    {
        return Reply::Chatter;
    }
    let mut parts = line.split(',').map(|s| s.trim().parse::<u32>());
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Ok(x)), Some(Ok(y)), None) => Reply::Move(x, y),
        _ => Reply::Garbage,
    }
}

/// MESSAGE and DEBUG lines: a brain's running commentary.
fn is_progress(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    word.eq_ignore_ascii_case("MESSAGE") || word.eq_ignore_ascii_case("DEBUG")
}

impl Brain {
    /// Starts `cmd` and sends START and the limits; fails when the brain
    /// does not answer START with OK.
    pub fn start(
        cmd: &str,
        size: usize,
        limits: &Limits,
        log: &mut Chatter,
    ) -> Result<Brain, Failure> {
        Brain::start_command(Command::new(cmd), cmd, size, limits, log)
    }

    /// [`Brain::start`] for a prepared command; `name` is for messages.
    fn start_command(
        mut command: Command,
        name: &str,
        size: usize,
        limits: &Limits,
        log: &mut Chatter,
    ) -> Result<Brain, Failure> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Failure::Crash(format!("cannot run {name}: {e}")))?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((line, Instant::now())).is_err() {
                    break;
                }
            }
        });
        let mut brain = Brain {
            child,
            stdin,
            lines,
            answered: false,
        };
        brain.send(&format!("START {size}"))?;
        let deadline = Instant::now() + START_TIMEOUT;
        loop {
            let (line, _) = brain.next_line(deadline)?;
            let word = line.split_whitespace().next().unwrap_or("");
            if word.eq_ignore_ascii_case("OK") {
                break;
            }
            if word.eq_ignore_ascii_case("ERROR") {
                return Err(Failure::Crash(format!("START refused: {line}")));
            }
            log.push(line);
        }
        let game_ms = limits.game.map_or(0, |t| t.as_millis());
        for info in [
            format!("INFO timeout_turn {}", limits.turn.as_millis()),
            format!("INFO timeout_match {game_ms}"),
            format!("INFO max_memory {}", limits.memory_bytes),
            format!("INFO rule {}", limits.rule.gomocup_mask()),
            "INFO thread_num 1".to_string(),
            "INFO game_type 1".to_string(),
        ] {
            brain.send(&info)?;
        }
        if let Some(n) = limits.nodes {
            brain.send(&format!("INFO max_node {n}"))?;
        }
        Ok(brain)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| Failure::Crash(format!("writing '{line}': {e}")))
    }

    /// The next line and when it was read.
    fn next_line(&self, deadline: Instant) -> Result<(String, Instant), Failure> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok((line, read)) => Ok((line.trim().to_string(), read)),
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout(wait)),
            Err(RecvTimeoutError::Disconnected) => {
                Err(Failure::Crash("the brain closed its output".into()))
            }
        }
    }

    /// Asks for a move in the position reached by `moves` (in order played)
    /// with `me` to move. Returns the answer and the time it took, from the
    /// last line sent to the answer's arrival. Fails after `hard_limit`
    /// without an answer
    /// (plus [`FIRST_MOVE_ALLOWANCE`] on the first move).
    pub fn think(
        &mut self,
        moves: &[Point],
        me: Color,
        time_left: Option<Duration>,
        hard_limit: Duration,
        log: &mut Chatter,
    ) -> Result<(Point, Duration), Failure> {
        // 2147483647 is the protocol's "no match limit".
        let left = time_left.map_or(2_147_483_647, |t| t.as_millis().min(2_147_483_646));
        self.send(&format!("INFO time_left {left}"))?;
        let mut command = String::from("BOARD\n");
        for (ply, p) in moves.iter().enumerate() {
            let owner = if Color::of_ply(ply) == me { 1 } else { 2 };
            command.push_str(&format!("{},{},{owner}\n", p.x, p.y));
        }
        command.push_str("DONE");
        self.send(&command)?;
        let start = Instant::now();
        let hard_limit = if self.answered {
            hard_limit
        } else {
            hard_limit + FIRST_MOVE_ALLOWANCE
        };
        let deadline = start + hard_limit;
        loop {
            let (line, read) = self.next_line(deadline).map_err(|f| match f {
                Failure::Timeout(_) => Failure::Timeout(hard_limit),
                other => other,
            })?;
            match classify(&line) {
                Reply::Move(x, y) if x < 256 && y < 256 => {
                    self.answered = true;
                    let took = read.saturating_duration_since(start);
                    return Ok((Point::new(x as u8, y as u8), took));
                }
                // Search progress is noise in the log; errors are kept.
                Reply::Chatter if is_progress(&line) => {}
                Reply::Chatter => log.push(line),
                _ => return Err(Failure::Garbage(line)),
            }
        }
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "END").and_then(|_| self.stdin.flush());
        let patience = Instant::now() + Duration::from_millis(300);
        while Instant::now() < patience {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_moves_chatter_or_garbage() {
        assert_eq!(classify("7,8"), Reply::Move(7, 8));
        assert_eq!(classify(" 10 , 3 "), Reply::Move(10, 3));
        assert_eq!(classify("MESSAGE depth 12"), Reply::Chatter);
        assert_eq!(classify("debug x"), Reply::Chatter);
        assert_eq!(classify("ERROR unknown info key"), Reply::Chatter);
        assert_eq!(classify("7,8,1"), Reply::Garbage);
        assert_eq!(classify("-1,3"), Reply::Garbage);
        assert_eq!(classify("hello"), Reply::Garbage);
    }

    fn limits() -> Limits {
        Limits {
            rule: Rule::Freestyle,
            turn: Duration::from_millis(100),
            game: None,
            memory_bytes: 1 << 24,
            nodes: None,
        }
    }

    /// A scripted brain: `sh -c SCRIPT` answering on its stdout.
    #[cfg(unix)]
    fn script_brain(script: &str) -> Result<Brain, Failure> {
        // `sh -c`, not a script file: executing a file just written races
        // with other test threads' forks (ETXTBSY).
        let mut command = Command::new("sh");
        command.arg("-c").arg(script);
        Brain::start_command(command, "sh", 15, &limits(), &mut Vec::new())
    }

    #[cfg(unix)]
    #[test]
    fn a_brain_that_answers_is_read_through_its_chatter() {
        let mut brain = script_brain(
            "read l; echo OK; while read l; do [ \"$l\" = DONE ] && echo 'MESSAGE x' && echo 'ERROR y' && echo 3,4; done",
        )
        .unwrap();
        let mut log = Vec::new();
        let moves = [Point::new(7, 7)];
        let (p, _) = brain
            .think(&moves, Color::White, None, Duration::from_secs(5), &mut log)
            .unwrap();
        assert_eq!(p, Point::new(3, 4));
        assert_eq!(log, vec!["ERROR y".to_string()]);
    }

    /// What a scripted brain answers on an empty board within `limit`.
    #[cfg(unix)]
    fn first_answer(script: &str, limit: Duration) -> Result<(Point, Duration), Failure> {
        script_brain(script)?.think(&[], Color::Black, None, limit, &mut Vec::new())
    }

    #[cfg(unix)]
    #[test]
    fn silent_dead_and_garbage_brains_fail_without_hanging() {
        let limit = Duration::from_millis(200);
        let silent = "read l; echo OK; while read l; do :; done";
        assert_eq!(
            first_answer(silent, limit),
            Err(Failure::Timeout(limit + FIRST_MOVE_ALLOWANCE))
        );
        let dies = "read l; echo OK; while read l; do [ \"$l\" = DONE ] && exit 0; done";
        let r = first_answer(dies, Duration::from_secs(5));
        assert!(matches!(r, Err(Failure::Crash(_))), "{r:?}");
        let garbage = "read l; echo OK; while read l; do [ \"$l\" = DONE ] && echo 'pass'; done";
        assert_eq!(
            first_answer(garbage, Duration::from_secs(5)),
            Err(Failure::Garbage("pass".into()))
        );
        assert!(matches!(
            Brain::start("/nonexistent/brain", 15, &limits(), &mut Vec::new()),
            Err(Failure::Crash(_))
        ));
    }
}
