//! The `pbrain-gomoku` binary driven through pipes, as a Gomocup manager
//! drives it: CR LF line endings, replies read line by line, exit on END or
//! at the end of input.

use gomoku_engine::protocol::command::parse_stone;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Long enough for a loaded 2-core machine; a hang fails instead of blocking.
const PATIENCE: Duration = Duration::from_secs(20);

struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Brain {
    fn spawn() -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start pbrain-gomoku");
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in stdout.lines() {
                if tx.send(line.expect("utf-8 output")).is_err() {
                    return;
                }
            }
        });
        Brain {
            stdin: child.stdin.take(),
            child,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        write!(stdin, "{line}\r\n").unwrap();
        stdin.flush().unwrap();
    }

    /// The next line that is not a progress message.
    fn reply(&mut self) -> String {
        self.messages_and_reply().1
    }

    /// The progress messages up to the next reply, and the reply.
    fn messages_and_reply(&mut self) -> (Vec<String>, String) {
        let mut messages = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(PATIENCE)
                .expect("the brain answers in time");
            match line.strip_prefix("MESSAGE ") {
                Some(message) => messages.push(message.to_string()),
                None => return (messages, line),
            }
        }
    }

    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.reply()
    }

    /// Sends `header`, the stones and DONE.
    fn block(&mut self, header: &str, stones: &[(u8, u8, u8)]) {
        self.send(header);
        for (x, y, field) in stones {
            self.send(&format!("{x},{y},{field}"));
        }
        self.send("DONE");
    }

    /// Waits for the process to exit and for its output to end; returns the
    /// lines it still printed.
    fn wait_for_exit(mut self) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "the brain did not exit");
            thread::sleep(Duration::from_millis(10));
        };
        assert!(status.success(), "{status}");
        let mut rest = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => rest.push(line),
                Err(RecvTimeoutError::Disconnected) => return rest,
                Err(RecvTimeoutError::Timeout) => panic!("stdout stayed open"),
            }
        }
    }
}

fn parse_move(text: &str) -> (u8, u8) {
    let parsed = text
        .split_once(',')
        .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)));
    parsed.unwrap_or_else(|| panic!("'{text}' is not a move"))
}

/// The YXSHOWFORBID test position (see the comment in the data file), read
/// with the brain's own parser of `x,y,field` lines.
fn forbid_stones() -> Vec<(u8, u8, u8)> {
    let lines = include_str!("data/yxshowforbid.txt")
        .lines()
        .filter(|l| !l.starts_with('#'));
    let stone = |l| {
        parse_stone(l)
            .map(|(c, f)| (c.x as u8, c.y as u8, f as u8))
            .unwrap()
    };
    lines.map(stone).collect()
}

#[test]
fn a_session_through_pipes() {
    let mut brain = Brain::spawn();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO rule 4");
    brain.send("INFO timeout_turn 1000");
    brain.send("INFO max_depth 2");
    let about = brain.ask("ABOUT");
    assert!(about.starts_with("name=\"pbrain-gomoku\""), "{about}");

    let first = parse_move(&brain.ask("BEGIN"));
    let theirs = if first == (0, 0) { (1, 0) } else { (0, 0) };
    let second = parse_move(&brain.ask(&format!("TURN {},{}", theirs.0, theirs.1)));
    assert!(second != first && second != theirs, "{second:?}");
    assert!(second.0 < 15 && second.1 < 15, "{second:?}");

    // Bad input: answered, never fatal.
    let occupied = brain.ask(&format!("TURN {},{}", first.0, first.1));
    assert!(
        occupied.starts_with("ERROR ") && occupied.contains("taken"),
        "{occupied}"
    );
    assert!(brain.ask("HELLO WORLD").starts_with("UNKNOWN "));
    assert!(brain.ask("TURN x,y").starts_with("ERROR "));
    assert!(brain.ask("TURN 15,15").starts_with("ERROR "));
    brain.send("");
    assert!(brain.ask("\u{7}\u{1b}[2J").starts_with("UNKNOWN "));
    assert!(brain.ask("DONE").starts_with("ERROR "));

    assert_eq!(
        brain.ask(&format!("TAKEBACK {},{}", second.0, second.1)),
        "OK"
    );
    assert_eq!(
        brain.ask(&format!("takeback {},{}", theirs.0, theirs.1)),
        "OK"
    );

    // YXBOARD answers nothing: the next line is YXSHOWFORBID's answer.
    brain.block("YXBOARD", &forbid_stones());
    assert_eq!(brain.ask("YXSHOWFORBID"), "FORBID 04011208.");

    // BOARD answers a move, never on a stone or a forbidden point.
    brain.block("BOARD", &forbid_stones());
    let answer = parse_move(&brain.reply());
    assert!(!forbid_stones().iter().any(|&(x, y, _)| (x, y) == answer));
    assert!(answer != (4, 1) && answer != (12, 8), "{answer:?}");
    // Now White is to move: nothing is forbidden.
    assert_eq!(brain.ask("YXSHOWFORBID"), "FORBID .");
    brain.send("INFO rule 0");
    brain.block("YXBOARD", &forbid_stones());
    assert_eq!(brain.ask("YXSHOWFORBID"), "FORBID .");

    brain.send("END");
    let rest = brain.wait_for_exit();
    assert!(rest.is_empty(), "printed after END: {rest:?}");
}

/// The moves of an answer line `x,y x,y ...`, all on a 15x15 board and
/// distinct from each other and from `taken`.
fn fresh_moves(answer: &str, taken: &[(u8, u8)]) -> Vec<(u8, u8)> {
    let moves: Vec<(u8, u8)> = answer.split_whitespace().map(parse_move).collect();
    for (i, m) in moves.iter().enumerate() {
        assert!(m.0 < 15 && m.1 < 15, "{answer}");
        assert!(!taken.contains(m) && !moves[..i].contains(m), "{answer}");
    }
    moves
}

#[test]
fn a_swap2_opening_through_pipes() {
    let mut brain = Brain::spawn();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO rule 1");
    brain.send("INFO timeout_turn 500");
    brain.send("INFO max_node 3000");
    // The Gomocup manager's own example lines have no field.
    brain.send("SWAP2BOARD");
    let three = fresh_moves(&brain.ask("DONE"), &[]);
    assert_eq!(three.len(), 3);

    let opening = [(7, 7), (8, 7), (9, 9)];
    brain.block("SWAP2BOARD", &[(7, 7, 2), (8, 7, 1), (9, 9, 2)]);
    let answer = brain.reply();
    if answer != "SWAP" {
        let added = fresh_moves(&answer, &opening);
        assert!((1..=2).contains(&added.len()), "{answer}");
    }

    let five = [(7, 7, 1), (8, 7, 2), (9, 9, 1), (8, 8, 2), (8, 6, 1)];
    brain.block("SWAP2BOARD", &five);
    let answer = brain.reply();
    if answer != "SWAP" {
        let taken: Vec<(u8, u8)> = five.iter().map(|&(x, y, _)| (x, y)).collect();
        assert_eq!(fresh_moves(&answer, &taken).len(), 1, "{answer}");
    }

    brain.block("YXBOARD", &[(7, 7, 2), (8, 7, 1), (9, 9, 2)]);
    let pair = fresh_moves(&brain.ask("YXBALANCETWO"), &opening);
    assert_eq!(pair.len(), 2);
    assert_eq!(fresh_moves(&brain.ask("YXBALANCEONE 0"), &opening).len(), 1);
    brain.send("END");
    assert!(brain.wait_for_exit().is_empty());
}

#[test]
fn yxnbest_through_pipes() {
    let mut brain = Brain::spawn();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO rule 4");
    brain.send("INFO timeout_turn 1000");
    brain.block("YXBOARD", &[(7, 7, 1), (8, 8, 2), (6, 8, 1), (9, 9, 2)]);
    brain.send("YXNBEST 4");
    let (messages, answer) = brain.messages_and_reply();
    let best: Vec<(u8, u8)> = messages
        .iter()
        .filter_map(|m| m.strip_prefix("nbest "))
        .map(|m| parse_move(m.split(' ').nth(1).expect("a move")))
        .collect();
    assert_eq!(best.len(), 4, "{messages:?}");
    let taken = [(7, 7), (8, 8), (6, 8), (9, 9)];
    for (i, m) in best.iter().enumerate() {
        assert!(!taken.contains(m) && !best[..i].contains(m), "{messages:?}");
    }
    assert_eq!(parse_move(&answer), best[0]);
    brain.send("END");
    assert!(brain.wait_for_exit().is_empty());
}

#[test]
fn the_end_of_input_ends_the_brain_after_its_answers() {
    let mut brain = Brain::spawn();
    assert_eq!(brain.ask("start 20"), "OK");
    brain.stdin = None;
    assert!(brain.wait_for_exit().is_empty());

    // A whole session piped in at once is still answered in full.
    let mut brain = Brain::spawn();
    for line in ["START 15", "INFO max_depth 2", "BEGIN", "TURN 0,0"] {
        brain.send(line);
    }
    brain.stdin = None;
    let rest: Vec<String> = brain
        .wait_for_exit()
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE "))
        .collect();
    assert_eq!(rest.len(), 3, "{rest:?}");
    assert_eq!(rest[0], "OK");
    parse_move(&rest[1]);
    parse_move(&rest[2]);
}

#[test]
fn stop_cuts_a_long_think_short() {
    let mut brain = Brain::spawn();
    brain.send("INFO timeout_turn 60000");
    assert_eq!(brain.ask("START 15"), "OK");
    let started = Instant::now();
    brain.block("BOARD", &[(7, 7, 2), (8, 8, 1), (8, 7, 2)]);
    brain.send("YXSTOP");
    let answer = parse_move(&brain.reply());
    assert!(answer.0 < 15 && answer.1 < 15);
    // Far below the 60 s budget: the search was stopped (or was done).
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
    brain.send("END");
    brain.wait_for_exit();
}

#[test]
fn help_and_bad_arguments() {
    let run = |arg: &str| {
        Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
            .arg(arg)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let help = run("--help");
    assert!(help.status.success());
    let text = String::from_utf8(help.stdout).unwrap();
    assert!(
        text.contains("bench") && text.contains("YXSHOWFORBID"),
        "{text}"
    );
    let bad = run("--frobnicate");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--frobnicate"));
}
