//! The `gomoku-term` binary driven through pipes: line mode games to the
//! end, bad lines, undo, end of input, bad options, and two processes
//! playing each other over 127.0.0.1. Every run is bounded in time.

use gomoku_engine::Rule;
use gomoku_net::message::{Message, decode, encode};
use gomoku_net::{GameSettings, NetGame, Outcome};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const LIMIT: Duration = Duration::from_secs(60);

/// A started gomoku-term; killed when dropped, so a failing test leaves
/// no process behind.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        // Already exited and reaped when the test went well: nothing to do.
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn term(args: &[&str]) -> Running {
    Running(
        Command::new(env!("CARGO_BIN_EXE_gomoku-term"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("gomoku-term starts"),
    )
}

/// Reads a pipe to its end on a thread, so the child never blocks on a
/// full pipe while we wait for it.
fn drain(mut pipe: impl Read + Send + 'static) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = pipe.read_to_string(&mut text);
        text
    })
}

/// Waits for the process (killing it after [`LIMIT`]); returns the exit
/// code, the rest of its output and its errors.
fn finish(mut running: Running, stdout: Option<JoinHandle<String>>) -> (i32, String, String) {
    let child = &mut running.0;
    let out = stdout.unwrap_or_else(|| drain(child.stdout.take().unwrap()));
    let err = drain(child.stderr.take().unwrap());
    let deadline = Instant::now() + LIMIT;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            let out = out.join().unwrap();
            let tail: Vec<&str> = out.lines().rev().take(40).collect();
            panic!(
                "gomoku-term did not finish within {LIMIT:?}; last lines (newest first):\n{}",
                tail.join("\n")
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    (
        status.code().expect("exited normally"),
        out.join().unwrap(),
        err.join().unwrap(),
    )
}

/// Runs `gomoku-term args` with `input` on standard input.
fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = term(args);
    child
        .0
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    finish(child, None)
}

fn result_line(out: &str) -> &str {
    out.lines()
        .rfind(|l| l.starts_with("result: "))
        .unwrap_or_else(|| panic!("no result line in:\n{out}"))
}

/// The game a result line's move string describes, replayed by the engine.
/// How the game a result line's move string describes ended on the board,
/// replayed by the engine (through the protocol's game, which also knows a
/// side left without a legal move).
fn replay(line: &str, rule: Rule) -> Option<Outcome> {
    let moves = line.split("moves: ").nth(1).unwrap();
    let settings = GameSettings {
        rule,
        ..GameSettings::default()
    };
    NetGame::from_sync(settings, moves, None, &[])
        .unwrap()
        .outcome()
}

#[test]
fn two_players_play_to_five_with_a_bad_line_and_an_undo() {
    let input = "h8\nh9\nbanana\ni8\ni9\nundo\ni9\nj8\nj9\nk8\nk9\nl8\nthis line is never read\n";
    let (code, out, _) = run(&["--mode", "pvp"], input);
    assert_eq!(code, 0);
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(errors.len(), 1, "{out}");
    assert!(
        errors[0].contains("'banana' is not a point"),
        "{}",
        errors[0]
    );
    assert_eq!(
        result_line(&out),
        "result: black wins (five) moves: h8h9i8i9j8j9k8k9l8"
    );
    // The last board shows the five with the last move marked.
    assert!(out.contains(" 8  . . . . . . . X X X X(X). . . 8"), "{out}");
}

#[test]
fn undo_against_the_ai_takes_back_its_reply_too_and_end_of_input_is_unfinished() {
    let (code, out, _) = run(&["--level", "novice"], "h8\nundo\nundo\n");
    assert_eq!(code, 0);
    assert!(out.contains("White (AI) plays "), "{out}");
    assert!(out.contains("error: nothing to undo"), "{out}");
    assert_eq!(result_line(&out), "result: unfinished moves: ");
}

#[test]
fn resigning_after_a_hint_ends_the_game_for_the_ai() {
    let (code, out, _) = run(
        &["--color", "white", "--level", "beginner", "--plain"],
        "hint\nresign\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Black (AI) plays h8"), "{out}");
    assert!(out.contains("hint: "), "{out}");
    assert_eq!(
        result_line(&out),
        "result: black wins (resignation) moves: h8"
    );
}

#[test]
fn renju_refuses_a_forbidden_point_with_one_line() {
    let (code, out, _) = run(
        &[
            "--mode",
            "pvp",
            "--rule",
            "renju",
            "--moves",
            "g8a1h8a2i10a3i11a4",
        ],
        "i8\nquit\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains(" 8  . . . . . . X X ! . . . . . . 8"), "{out}");
    let error = out.lines().find(|l| l.starts_with("error: ")).unwrap();
    assert!(error.contains("double-three"), "{error}");
    assert_eq!(
        result_line(&out),
        "result: unfinished moves: g8a1h8a2i10a3i11a4"
    );
}

#[test]
fn two_ais_finish_a_game_and_the_move_string_replays_to_the_same_result() {
    let (code, out, _) = run(&["--mode", "ave", "--level", "beginner"], "");
    assert_eq!(code, 0);
    let line = result_line(&out);
    let outcome = replay(line, Rule::Freestyle).expect("the game ended on the board");
    let winner = match outcome.winner() {
        Some(gomoku_engine::Color::Black) => "black wins",
        Some(gomoku_engine::Color::White) => "white wins",
        None => "draw",
    };
    assert!(
        line.starts_with(&format!("result: {winner} ({})", outcome.how())),
        "{line}"
    );
}

#[test]
fn bad_options_exit_2_with_a_message() {
    for (args, says) in [
        (&["--mode", "zen"][..], "unknown mode"),
        (&["--opening", "rif"][..], "unknown opening"),
        (&["--join", "127.0.0.1:1"][..], "--code"),
    ] {
        let (code, out, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let (code, out, _) = run(&["--help"], "");
    assert_eq!(code, 0);
    assert!(out.contains("--host [ADDR:]PORT"));
}

/// Starts a host on a free loopback port; returns it, the rest of its
/// output (read on a thread from then on) and the address it listens on.
fn host(args: &[&str]) -> (Running, JoinHandle<String>, String) {
    let mut all = vec!["--plain", "--host", "127.0.0.1:0", "--code", "K7M2QX"];
    all.extend_from_slice(args);
    let mut child = term(&all);
    let mut reader = BufReader::new(child.0.stdout.take().unwrap());
    let mut line = String::new();
    let deadline = Instant::now() + LIMIT;
    while Instant::now() < deadline {
        line.clear();
        if reader.read_line(&mut line).unwrap() == 0 {
            let (code, _, err) = finish(child, None);
            panic!("the host quit with {code}: {err}");
        }
        if let Some(rest) = line.strip_prefix("hosting on ") {
            let addr = rest.split_whitespace().next().unwrap().to_string();
            return (child, drain(reader), addr);
        }
    }
    panic!("the host never said where it listens");
}

#[test]
fn two_terminals_play_over_localhost_after_a_wrong_code_is_turned_away() {
    let (host, host_out, addr) = host(&["--mode", "ave", "--level", "beginner", "--name", "Hana"]);
    let (code, out, err) = run(
        &[
            "--plain", "--join", &addr, "--code", "WRONG1", "--name", "Eve",
        ],
        "",
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("wrong join code"), "{out}");
    let (code, joiner_out, _) = run(
        &[
            "--plain", "--join", &addr, "--code", "k7m2qx", "--mode", "ave", "--level", "beginner",
            "--name", "Jun",
        ],
        "",
    );
    let (host_code, host_out, _) = finish(host, Some(host_out));
    assert_eq!((code, host_code), (0, 0), "{joiner_out}\n{host_out}");
    assert!(host_out.contains("turned away"), "{host_out}");
    assert!(
        host_out.contains("Jun is here; you play Black"),
        "{host_out}"
    );
    assert!(
        joiner_out.contains("Hana is here; you play White"),
        "{joiner_out}"
    );
    let line = result_line(&joiner_out);
    assert_eq!(line, result_line(&host_out));
    assert!(replay(line, Rule::Freestyle).is_some(), "{line}");
}

#[test]
fn a_person_joins_through_a_pipe_and_resigns() {
    let (host, host_out, addr) =
        host(&["--mode", "ave", "--level", "beginner", "--color", "white"]);
    // The joiner plays Black: its first line is the opening move.
    let (code, out, _) = run(
        &[
            "--plain", "--join", &addr, "--code", "K7M2QX", "--name", "Jun",
        ],
        "h8\nh8\nsay gg\nresign\n",
    );
    let (host_code, host_out, _) = finish(host, Some(host_out));
    assert_eq!((code, host_code), (0, 0), "{out}\n{host_out}");
    assert!(out.contains("already taken"), "{out}");
    assert!(host_out.contains("Jun: gg"), "{host_out}");
    let line = result_line(&out);
    assert!(
        line.starts_with("result: white wins (resignation) moves: h8"),
        "{line}"
    );
    assert_eq!(line, result_line(&host_out));
}

#[test]
fn a_person_plays_the_swap_opening_and_the_ai_chooses_a_colour() {
    let (code, out, _) = run(
        &["--opening", "swap", "--level", "beginner"],
        "h8\nj10\nh7\nkeep\na15\nresign\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Place 2 black and 1 white stone"), "{out}");
    // The choice is the AI's; when the person's turn comes back the opening
    // is over and "keep" means nothing any more.
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(errors.len(), 1, "{out}");
    assert!(errors[0].contains("the opening is over"), "{}", errors[0]);
    let took_black = out.contains("White (AI) chooses: Take Black");
    assert!(
        took_black || out.contains("White (AI) chooses: Stay White"),
        "{out}"
    );
    // The person resigns with the colour the choice left them.
    let line = result_line(&out);
    let expected = if took_black {
        "black wins"
    } else {
        "white wins"
    };
    assert!(
        line.starts_with(&format!("result: {expected} (resignation) moves: h8j10h7")),
        "{line}"
    );
}

#[test]
fn the_ai_plays_every_tournament_opening_to_a_legal_finished_game() {
    for (opening, rule) in [
        ("swap2", Rule::Freestyle),
        ("soosorv8", Rule::Renju),
        ("taraguchi10", Rule::Renju),
    ] {
        let rule_name = if rule == Rule::Renju {
            "renju"
        } else {
            "freestyle"
        };
        let (code, out, _) = run(
            &[
                "--mode",
                "ave",
                "--level",
                "beginner",
                "--opening",
                opening,
                "--rule",
                rule_name,
            ],
            "",
        );
        assert_eq!(code, 0, "{opening}");
        assert!(out.contains("(AI) places"), "{opening}: {out}");
        let line = result_line(&out);
        assert!(replay(line, rule).is_some(), "{opening}: {line}");
    }
}

/// A scripted host: reads the joiner's lines, writes ours.
struct FakeHost {
    reader: BufReader<std::net::TcpStream>,
    writer: std::net::TcpStream,
}

impl FakeHost {
    fn accept(listener: &std::net::TcpListener) -> FakeHost {
        let (stream, _) = listener.accept().unwrap();
        stream.set_read_timeout(Some(LIMIT)).unwrap();
        FakeHost {
            reader: BufReader::new(stream.try_clone().unwrap()),
            writer: stream,
        }
    }

    fn send(&mut self, message: &Message) {
        self.writer.write_all(encode(message).as_bytes()).unwrap();
    }

    /// The next message that is not a heartbeat.
    fn next(&mut self) -> Message {
        loop {
            let mut line = String::new();
            assert!(
                self.reader.read_line(&mut line).unwrap() > 0,
                "the joiner left"
            );
            match decode(line.trim_end().as_bytes()).unwrap() {
                Message::Heartbeat => continue,
                message => return message,
            }
        }
    }

    /// Answers the joiner's hello with the game so far (the joiner is Black).
    fn welcome(&mut self, moves: &str) {
        assert!(matches!(self.next(), Message::Hello { .. }));
        let settings = GameSettings {
            host_color: gomoku_engine::Color::White,
            ..GameSettings::default()
        };
        self.send(&settings.welcome("Fake"));
        self.send(&Message::Sync {
            moves: moves.into(),
            ended: None,
            opening: Vec::new(),
        });
    }
}

#[test]
fn a_dropped_terminal_joiner_reconnects_by_itself_and_resyncs() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let joiner = term(&[
        "--plain", "--join", &addr, "--code", "X", "--mode", "ave", "--level", "beginner",
    ]);
    let mut first = FakeHost::accept(&listener);
    first.welcome("");
    let Message::Move { number: 1, at } = first.next() else {
        panic!("the joiner's AI did not open");
    };
    // The connection drops before the host answers.
    drop(first);
    let mut second = FakeHost::accept(&listener);
    // Meanwhile the host went on: its reply i9 is in the move list.
    let moves = format!("{at}{}", if at == "i9" { "g7" } else { "i9" });
    second.welcome(&moves);
    let Message::Move { number: 3, .. } = second.next() else {
        panic!("the joiner did not go on from the host's move list");
    };
    second.send(&Message::Resign);
    let (code, out, err) = finish(joiner, None);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("connection lost"), "{out}");
    assert!(out.contains("reconnecting"), "{out}");
    let line = result_line(&out);
    assert!(
        line.starts_with(&format!("result: black wins (resignation) moves: {moves}")),
        "{line}"
    );
}

#[test]
fn two_terminals_play_a_soosorv_opening_over_localhost() {
    let (host, host_out, addr) = host(&[
        "--mode",
        "ave",
        "--level",
        "beginner",
        "--rule",
        "renju",
        "--opening",
        "soosorv8",
    ]);
    let (code, joiner_out, _) = run(
        &[
            "--plain", "--join", &addr, "--code", "K7M2QX", "--mode", "ave", "--level", "beginner",
        ],
        "",
    );
    let (host_code, host_out, _) = finish(host, Some(host_out));
    assert_eq!((code, host_code), (0, 0), "{joiner_out}\n{host_out}");
    assert!(
        joiner_out.contains("(Renju, opening Soosorv-8)"),
        "{joiner_out}"
    );
    // The joiner saw the host's opening steps, and the host the joiner's.
    assert!(joiner_out.contains("places"), "{joiner_out}");
    assert!(
        host_out.contains("offers") || joiner_out.contains("offers"),
        "{host_out}"
    );
    let line = result_line(&joiner_out);
    assert_eq!(line, result_line(&host_out));
    assert!(replay(line, Rule::Renju).is_some(), "{line}");
}

#[test]
fn a_person_joining_as_white_is_asked_for_moves_not_replaced_by_the_ai() {
    let (host, host_out, addr) = host(&["--mode", "ave", "--level", "beginner"]);
    let (code, out, _) = run(
        &["--plain", "--join", &addr, "--code", "K7M2QX"],
        "h8\nresign\n",
    );
    let (host_code, host_out, _) = finish(host, Some(host_out));
    assert_eq!((code, host_code), (0, 0), "{out}\n{host_out}");
    assert!(!out.contains("(AI)"), "{out}");
    assert!(out.contains("White to move:"), "{out}");
    assert!(out.contains("already taken"), "{out}");
    let line = result_line(&out);
    assert_eq!(line, "result: black wins (resignation) moves: h8");
    assert_eq!(line, result_line(&host_out));
}

#[test]
fn the_hosts_clock_runs_out_for_a_joiner_who_does_not_move() {
    // Three seconds each; the host's AI opens, the joiner never answers
    // (its input stays open and empty).
    let (host, host_out, addr) = host(&["--mode", "ave", "--level", "beginner", "--clock", "0.05"]);
    let joiner = term(&["--plain", "--join", &addr, "--code", "K7M2QX"]);
    let started = Instant::now();
    let (code, out, _) = finish(joiner, None);
    let (host_code, host_out, _) = finish(host, Some(host_out));
    assert_eq!((code, host_code), (0, 0), "{out}\n{host_out}");
    assert!(started.elapsed() >= Duration::from_secs(3));
    assert!(out.contains("White to move (Black 0:0"), "{out}");
    assert_eq!(result_line(&out), "result: black wins (timeout) moves: h8");
    assert_eq!(result_line(&host_out), result_line(&out));
}

#[test]
fn a_hosted_game_announced_on_loopback_is_listed_by_browse() {
    let mut browse = term(&["--browse", "127.0.0.1:0"]);
    let mut reader = BufReader::new(browse.0.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    let listen = first
        .strip_prefix("listening for games on ")
        .unwrap_or_else(|| panic!("{first}"))
        .trim()
        .to_string();
    let (_host, _host_out, addr) =
        host(&["--mode", "ave", "--name", "Hana", "--announce", &listen]);
    let (code, out, err) = finish(browse, Some(drain(reader)));
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("game: Hana at {addr} (Freestyle)")),
        "{out}"
    );
    assert!(out.ends_with("1 game(s) found\n"), "{out}");
}
