//! Hosts and joiners talking over 127.0.0.1: whole games, the handshake's
//! refusals, bad bytes, drops and reconnects. Every wait is bounded.

use gomoku_engine::opening::{Action as Step, Decision, OpeningRule, Seat};
use gomoku_engine::{Color, GameResult, Point};
use gomoku_net::message::{decode, encode};
use gomoku_net::wire::{Line, read_line};
use gomoku_net::{
    Action, ClockSettings, Disconnect, Ending, ErrorKind, Event, GameSettings, HostConfig, Illegal,
    JoinConfig, Link, MAX_LINE, Message, Outcome, PROTOCOL_VERSION, Refusal, Timing, Violation,
};
use std::io::{BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(5);

/// Heartbeats often; a peer is dropped after 5 s of silence, which a
/// loaded test machine does not reach by accident.
fn fast() -> Timing {
    Timing {
        heartbeat: Duration::from_millis(100),
        peer_timeout: Duration::from_secs(5),
        connect: Duration::from_secs(2),
    }
}

/// For the tests of dropping silent peers: 1.5 s of silence is enough.
fn impatient() -> Timing {
    Timing {
        peer_timeout: Duration::from_millis(1500),
        ..fast()
    }
}

fn host_config(settings: GameSettings, timing: Timing) -> HostConfig {
    HostConfig {
        bind: "127.0.0.1:0".parse().unwrap(),
        name: "Hana".into(),
        code: Some("K7M2QX".into()),
        settings,
        timing,
    }
}

fn host_timed(settings: GameSettings, timing: Timing) -> Link {
    Link::host(host_config(settings, timing)).unwrap()
}

fn host_with(settings: GameSettings) -> Link {
    host_timed(settings, fast())
}

fn host() -> Link {
    host_with(GameSettings::default())
}

fn join(host: &Link, name: &str, code: &str) -> Link {
    Link::join(JoinConfig {
        addr: host.local_addr().unwrap(),
        name: name.into(),
        code: code.into(),
        timing: fast(),
    })
    .unwrap()
}

/// Waits for the first event `want` accepts, skipping others.
fn expect<T>(link: &Link, what: &str, mut want: impl FnMut(&Event) -> Option<T>) -> T {
    let deadline = Instant::now() + WAIT;
    let mut seen = Vec::new();
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match link.wait(left) {
            Some(event) => match want(&event) {
                Some(found) => return found,
                None => seen.push(event),
            },
            None => break,
        }
    }
    panic!("no {what} within {WAIT:?}; saw {seen:?}");
}

fn expect_that(link: &Link, what: &str, want: impl Fn(&Event) -> bool) {
    expect(link, what, |e| want(e).then_some(()));
}

fn expect_event(link: &Link, want: Event) {
    expect_that(link, &format!("{want:?}"), |e| *e == want);
}

fn game_over(link: &Link) -> Outcome {
    expect(link, "game over", |e| match e {
        Event::GameOver(outcome) => Some(outcome.clone()),
        _ => None,
    })
}

fn connected(host: &Link, joiner: &Link) {
    expect_that(host, "connection", |e| matches!(e, Event::Connected { .. }));
    expect_that(joiner, "connection", |e| {
        matches!(e, Event::Connected { .. })
    });
}

fn p(text: &str) -> Point {
    Point::parse(text, 15).unwrap()
}

/// Plays `at` on `mover` and waits until both ends saw it.
fn play(mover: &Link, other: &Link, at: &str) {
    mover.act(Action::Play(p(at)));
    for (link, mine) in [(mover, true), (other, false)] {
        expect(link, at, |e| match e {
            Event::Moved { point, mine: m, .. } if *point == p(at) && *m == mine => Some(()),
            _ => None,
        });
    }
}

/// A raw TCP peer for sending what a well-behaved link never would.
struct Raw {
    stream: TcpStream,
    reader: BufReader<TcpStream>,
}

impl Raw {
    fn connect(addr: SocketAddr) -> Raw {
        let stream = TcpStream::connect(addr).unwrap();
        Raw::from(stream)
    }

    fn from(stream: TcpStream) -> Raw {
        stream.set_read_timeout(Some(WAIT)).unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        Raw { stream, reader }
    }

    fn send(&mut self, message: &Message) {
        self.stream.write_all(encode(message).as_bytes()).unwrap();
    }

    fn hello(addr: SocketAddr, name: &str) -> Raw {
        let mut raw = Raw::connect(addr);
        raw.send(&Message::Hello {
            version: PROTOCOL_VERSION,
            name: name.into(),
            code: "k7m2qx".into(),
        });
        raw
    }

    /// What a host says to a joiner: welcome, then the moves so far.
    fn welcome_and_sync(&mut self, moves: &str) {
        // The joiner plays White.
        self.send(&GameSettings::default().welcome("Fake"));
        self.send(&Message::Sync {
            moves: moves.into(),
            ended: None,
            opening: Vec::new(),
        });
    }

    /// The next message that is not a heartbeat or clock; None at the end.
    fn next(&mut self) -> Option<Message> {
        loop {
            match read_line(&mut self.reader).ok()? {
                Line::Text(line) => match decode(&line).unwrap() {
                    Message::Heartbeat | Message::Clock { .. } => continue,
                    message => return Some(message),
                },
                _ => return None,
            }
        }
    }

    /// Expects `error {kind}` first (what follows is not looked at).
    fn refused_with_kind_only(&mut self, kind: ErrorKind) -> String {
        match self.next() {
            Some(Message::Error { kind: k, message }) if k == kind => message,
            other => panic!("expected error {kind:?}, got {other:?}"),
        }
    }

    /// Expects `error {kind}` and then the end of the connection.
    fn refused_with(mut self, kind: ErrorKind) -> String {
        let message = self.refused_with_kind_only(kind);
        assert_eq!(self.next(), None, "the connection stays open");
        message
    }
}

#[test]
fn two_clients_play_a_whole_game_to_a_five() {
    let host = host();
    let joiner = join(&host, "Jun", "k7m2qx");
    connected(&host, &joiner);
    assert_eq!(joiner.snapshot().me, Color::White);
    assert_eq!(joiner.snapshot().opponent.as_deref(), Some("Hana"));
    assert_eq!(host.snapshot().opponent.as_deref(), Some("Jun"));
    joiner.act(Action::Chat("have fun".into()));
    expect(&host, "chat", |e| match e {
        Event::Chat { from, text } if from == "Jun" && text == "have fun" => Some(()),
        _ => None,
    });
    // Out of turn: refused locally, nothing sent.
    joiner.act(Action::Play(p("a1")));
    expect_event(
        &joiner,
        Event::Refused(Refusal::Illegal(Illegal::NotYourTurn {
            to_move: Color::Black,
        })),
    );
    let (black, white) = (&host, &joiner);
    for (b, w) in [("h8", "h9"), ("i8", "i9"), ("j8", "j9"), ("k8", "k9")] {
        play(black, white, b);
        play(white, black, w);
    }
    play(black, white, "l8");
    for link in [&host, &joiner] {
        let outcome = game_over(link);
        assert!(
            matches!(
                outcome,
                Outcome::Rules(GameResult::Five {
                    winner: Color::Black,
                    ..
                })
            ),
            "{outcome:?}"
        );
    }
    assert_eq!(host.snapshot().game, joiner.snapshot().game);
    assert_eq!(host.snapshot().game.move_string(), "h8h9i8i9j8j9k8k9l8");
}

#[test]
fn undo_draw_and_resignation_need_the_other_side() {
    let host = host();
    let joiner = join(&host, "Jun", "K7M2QX");
    connected(&host, &joiner);
    play(&host, &joiner, "h8");
    play(&joiner, &host, "i9");
    play(&host, &joiner, "j10");
    // White asks: back to White's turn means taking back two moves.
    joiner.act(Action::RequestUndo);
    expect_event(&host, Event::UndoRequested);
    host.act(Action::AnswerUndo(false));
    expect_event(&joiner, Event::UndoDeclined);
    assert_eq!(joiner.snapshot().game.game().moves().len(), 3);
    joiner.act(Action::RequestUndo);
    expect_event(&host, Event::UndoRequested);
    host.act(Action::AnswerUndo(true));
    for link in [&host, &joiner] {
        expect_event(link, Event::Undone { keep: 1 });
    }
    assert_eq!(joiner.snapshot().game.move_string(), "h8");
    play(&joiner, &host, "g7");
    host.act(Action::OfferDraw);
    expect_event(&joiner, Event::DrawOffered);
    joiner.act(Action::AnswerDraw(false));
    expect_event(&host, Event::DrawDeclined);
    joiner.act(Action::Resign);
    let outcome = game_over(&host);
    assert_eq!(outcome.winner(), Some(Color::Black));
    assert_eq!(outcome.how(), "resignation");
    host.act(Action::Play(p("a1")));
    expect_that(&host, "refusal after the end", |e| {
        matches!(e, Event::Refused(_))
    });
}

#[test]
fn a_wrong_code_is_refused_and_the_host_keeps_waiting() {
    let host = host();
    let intruder = join(&host, "Eve", "AAAAAA");
    // Both ends get the reason as data: the joiner the host's refusal,
    // the host the violation it turned away.
    let refused = expect(&intruder, "refusal", |e| match e {
        Event::Disconnected(why) => Some(why.clone()),
        _ => None,
    });
    let Disconnect::Refused { kind, message } = &refused else {
        panic!("not the host's refusal: {refused:?}");
    };
    assert_eq!(*kind, ErrorKind::WrongCode);
    assert!(message.contains("join code"), "{message}");
    let turned_away = expect(&host, "turned away", |e| match e {
        Event::TurnedAway { why, .. } => Some(why.clone()),
        _ => None,
    });
    assert_eq!(turned_away, Disconnect::Violation(Violation::WrongCode));
    let joiner = join(&host, "Jun", "K7M2QX");
    connected(&host, &joiner);
}

#[test]
fn another_protocol_version_is_refused_with_a_clear_message() {
    let host = host();
    let mut raw = Raw::connect(host.local_addr().unwrap());
    raw.send(&Message::Hello {
        version: PROTOCOL_VERSION + 1,
        name: "Future".into(),
        code: "K7M2QX".into(),
    });
    let message = raw.refused_with(ErrorKind::Version);
    assert!(message.contains("version"), "{message}");
    let turned_away = expect(&host, "turned away", |e| match e {
        Event::TurnedAway { why, .. } => Some(why.clone()),
        _ => None,
    });
    assert_eq!(
        turned_away,
        Disconnect::Violation(Violation::Version {
            ours: PROTOCOL_VERSION,
            theirs: PROTOCOL_VERSION + 1
        })
    );
    // The first message must be hello.
    let mut raw = Raw::connect(host.local_addr().unwrap());
    raw.send(&Message::Resign);
    raw.refused_with(ErrorKind::Malformed);
    let joiner = join(&host, "Jun", "K7M2QX");
    connected(&host, &joiner);
}

#[test]
fn a_joiner_refuses_a_host_of_another_version_and_says_both_versions() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let joiner = join_at(&listener);
    let (stream, _) = listener.accept().unwrap();
    let mut future = Raw::from(stream);
    assert!(matches!(future.next(), Some(Message::Hello { .. })));
    future.send(&Message::Welcome {
        version: PROTOCOL_VERSION + 1,
        name: "Future".into(),
        you: Color::White,
        rule: gomoku_engine::Rule::Freestyle,
        opening: "free".into(),
        size: 15,
        clock: None,
    });
    let message = future.refused_with(ErrorKind::Version);
    assert!(message.contains("version"), "{message}");
    expect_event(
        &joiner,
        Event::Disconnected(Disconnect::Violation(Violation::Version {
            ours: PROTOCOL_VERSION,
            theirs: PROTOCOL_VERSION + 1,
        })),
    );
    assert!(!joiner.snapshot().connected);
}

#[test]
fn garbage_and_oversized_lines_are_refused_and_the_game_is_untouched() {
    let host = host();
    let addr = host.local_addr().unwrap();
    let mut raw = Raw::connect(addr);
    raw.stream
        .write_all(b"\x16\x03\x01\x02\x00\x01\x00\xff\xfe\n")
        .unwrap();
    raw.refused_with(ErrorKind::Malformed);
    let mut raw = Raw::connect(addr);
    raw.stream.write_all(&vec![b'{'; MAX_LINE + 100]).unwrap();
    raw.refused_with(ErrorKind::Oversized);

    // The seated player misbehaving mid-game changes nothing either.
    let mut player = Raw::hello(addr, "Jun");
    assert!(matches!(player.next(), Some(Message::Welcome { .. })));
    assert!(matches!(player.next(), Some(Message::Sync { .. })));
    expect_that(&host, "connection", |e| {
        matches!(e, Event::Connected { .. })
    });
    host.act(Action::Play(p("h8")));
    assert_eq!(
        player.next(),
        Some(Message::Move {
            number: 1,
            at: "h8".into()
        })
    );
    expect_that(&host, "h8", |e| matches!(e, Event::Moved { number: 1, .. }));
    let before = host.snapshot().game;
    assert_eq!(before.move_string(), "h8");
    player.send(&Message::Move {
        number: 2,
        at: "h8".into(),
    });
    let message = player.refused_with(ErrorKind::IllegalMove);
    assert!(message.contains("taken"), "{message}");
    assert_eq!(host.snapshot().game, before);

    let mut player = Raw::hello(addr, "Jun");
    player.next();
    player.next();
    player.send(&Message::Move {
        number: 5,
        at: "i9".into(),
    });
    player.refused_with(ErrorKind::Desync);
    let mut player = Raw::hello(addr, "Jun");
    player.next();
    player.next();
    player.stream.write_all(&[0xC3, 0x28, b'\n']).unwrap();
    player.refused_with(ErrorKind::Malformed);
    assert_eq!(host.snapshot().game, before);
    let joiner = join(&host, "Jun", "K7M2QX");
    connected(&host, &joiner);
    assert_eq!(joiner.snapshot().game, before);
}

#[test]
fn a_second_player_is_turned_away_while_the_seat_is_taken() {
    let host = host();
    let joiner = join(&host, "Jun", "K7M2QX");
    connected(&host, &joiner);
    let raw = Raw::hello(host.local_addr().unwrap(), "Eve");
    let message = raw.refused_with(ErrorKind::Busy);
    assert!(message.contains("Jun"), "{message}");
    play(&host, &joiner, "h8");
}

#[test]
fn a_dropped_joiner_reconnects_and_both_resync_from_the_move_list() {
    let host = host();
    let addr = host.local_addr().unwrap();
    let mut player = Raw::hello(addr, "Jun");
    player.next();
    player.next();
    host.act(Action::Play(p("h8")));
    player.next();
    player.send(&Message::Move {
        number: 2,
        at: "i9".into(),
    });
    expect_that(&host, "i9", |e| matches!(e, Event::Moved { number: 2, .. }));
    host.act(Action::Play(p("j10")));
    assert!(matches!(
        player.next(),
        Some(Message::Move { number: 3, .. })
    ));
    drop(player);
    expect_event(&host, Event::Disconnected(Disconnect::Closed));
    assert!(!host.snapshot().connected);
    // Paused: the host cannot move on alone.
    host.act(Action::Resign);
    host.act(Action::NewGame {
        host_color: Color::Black,
    });
    let joiner = join(&host, "Jun", "K7M2QX");
    connected(&host, &joiner);
    assert_eq!(joiner.snapshot().game.move_string(), "");
    play(&host, &joiner, "h8");
    play(&joiner, &host, "i9");
    drop(joiner);
    expect_that(&host, "drop", |e| matches!(e, Event::Disconnected { .. }));
    host.act(Action::Play(p("j10")));
    expect_that(&host, "paused", |e| matches!(e, Event::Refused(_)));
    let back = join(&host, "Jun", "K7M2QX");
    connected(&host, &back);
    assert_eq!(back.snapshot().game.move_string(), "h8i9");
    assert_eq!(back.snapshot().game, host.snapshot().game);
    play(&host, &back, "j10");
}

/// A joiner of the fake host listening at `listener`.
fn join_at(listener: &TcpListener) -> Link {
    Link::join(JoinConfig {
        addr: listener.local_addr().unwrap(),
        name: "Jun".into(),
        code: "X".into(),
        timing: fast(),
    })
    .unwrap()
}

/// A host that says welcome, syncs `moves`, and (optionally) hangs up.
fn fake_host_session(listener: &TcpListener, moves: &str) -> Raw {
    let (stream, _) = listener.accept().unwrap();
    let mut raw = Raw::from(stream);
    assert!(matches!(raw.next(), Some(Message::Hello { .. })));
    raw.welcome_and_sync(moves);
    raw
}

#[test]
fn the_joiner_reconnects_on_request_and_takes_the_hosts_move_list() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let joiner = join_at(&listener);
    let first = fake_host_session(&listener, "h8");
    expect_that(&joiner, "connection", |e| {
        matches!(e, Event::Connected { .. })
    });
    assert_eq!(joiner.snapshot().game.move_string(), "h8");
    drop(first);
    expect_that(&joiner, "drop", |e| matches!(e, Event::Disconnected { .. }));
    joiner.act(Action::Play(p("i9")));
    expect_that(&joiner, "paused", |e| matches!(e, Event::Refused(_)));
    joiner.act(Action::Reconnect);
    let mut second = fake_host_session(&listener, "h8i9j10");
    expect_that(&joiner, "connection", |e| {
        matches!(e, Event::Connected { .. })
    });
    assert_eq!(joiner.snapshot().game.move_string(), "h8i9j10");
    joiner.act(Action::Play(p("k11")));
    assert_eq!(
        second.next(),
        Some(Message::Move {
            number: 4,
            at: "k11".into()
        })
    );
    // A host whose move list does not replay is refused.
    second.welcome_and_sync("h8h8");
    second.refused_with(ErrorKind::Desync);
}

#[test]
fn a_silent_peer_is_dropped_and_the_host_keeps_waiting() {
    let host = host_timed(GameSettings::default(), impatient());
    let silent = Raw::hello(host.local_addr().unwrap(), "Quiet");
    expect_that(&host, "connection", |e| {
        matches!(e, Event::Connected { .. })
    });
    // It never answers heartbeats: dropped after the peer timeout.
    expect_event(&host, Event::Disconnected(Disconnect::Silent));
    drop(silent);
    let joiner = join(&host, "Jun", "K7M2QX");
    connected(&host, &joiner);
}

#[test]
fn the_host_keeps_the_clocks_and_a_fallen_flag_ends_the_game() {
    let settings = GameSettings {
        clock: Some(ClockSettings {
            initial_ms: 600,
            increment_ms: 0,
        }),
        ..GameSettings::default()
    };
    let host = host_with(settings);
    let joiner = join(&host, "Jun", "K7M2QX");
    connected(&host, &joiner);
    let started = Instant::now();
    play(&host, &joiner, "h8");
    // White never moves: White's flag falls after its 600 ms.
    for link in [&host, &joiner] {
        let outcome = game_over(link);
        assert_eq!(outcome.how(), "timeout");
        assert_eq!(outcome.winner(), Some(Color::Black));
    }
    assert!(started.elapsed() >= Duration::from_millis(600));
    let clocks = joiner.snapshot().clocks.unwrap();
    assert_eq!(clocks.white, Duration::ZERO);
    assert!(clocks.black > Duration::ZERO);
    assert_eq!(
        host.snapshot().game.ending(),
        Some(Ending::Timeout {
            loser: Color::White
        })
    );
}

#[test]
fn a_swap2_opening_is_played_over_the_link_and_survives_a_reconnect() {
    let host = host_with(GameSettings {
        opening: OpeningRule::Swap2,
        clock: Some(ClockSettings {
            initial_ms: 60_000,
            increment_ms: 0,
        }),
        ..GameSettings::default()
    });
    let joiner = join(&host, "Jun", "K7M2QX");
    connected(&host, &joiner);
    assert_eq!(joiner.snapshot().my_seat, Seat::Second);
    // A normal move is refused while the opening runs.
    host.act(Action::Play(p("h8")));
    expect_that(&host, "refusal", |e| matches!(e, Event::Refused(_)));
    let step = |link: &Link, other: &Link, s: Step| {
        link.act(Action::Opening(s));
        for (l, mine) in [(link, true), (other, false)] {
            expect_event(l, Event::OpeningStep { step: s, mine });
        }
    };
    // The host (first player) places three stones; the joiner may not.
    step(&host, &joiner, Step::Place(p("h8")));
    joiner.act(Action::Opening(Step::Place(p("a1"))));
    expect_that(&joiner, "refusal", |e| matches!(e, Event::Refused(_)));
    step(&host, &joiner, Step::Place(p("i9")));
    step(&host, &joiner, Step::Place(p("j8")));
    // The joiner takes Black: the colours (and the clocks) change hands.
    let before = host.snapshot().clocks.unwrap();
    step(&joiner, &host, Step::Decide(Decision::Swap));
    assert_eq!(joiner.snapshot().me, Color::Black);
    assert_eq!(host.snapshot().me, Color::White);
    let after = host.snapshot().clocks.unwrap();
    assert!(after.white >= before.black.saturating_sub(Duration::from_secs(1)));
    // White (now the host) plays the 4th move as a normal move.
    play(&host, &joiner, "k7");
    // A reconnecting joiner replays the opening and keeps its seat.
    drop(joiner);
    expect_that(&host, "drop", |e| matches!(e, Event::Disconnected { .. }));
    let back = join(&host, "Jun", "K7M2QX");
    connected(&host, &back);
    assert_eq!(back.snapshot().me, Color::Black);
    assert_eq!(back.snapshot().game, host.snapshot().game);
    assert_eq!(back.snapshot().game.move_string(), "h8i9j8k7");
    play(&back, &host, "g9");
}

#[test]
fn a_bad_opening_step_from_the_wire_is_refused_and_changes_nothing() {
    let host = host_with(GameSettings {
        opening: OpeningRule::Taraguchi10,
        host_color: Color::White,
        ..GameSettings::default()
    });
    let addr = host.local_addr().unwrap();
    let mut player = Raw::hello(addr, "Jun");
    match player.next() {
        Some(Message::Welcome { opening, you, .. }) => {
            assert_eq!((opening.as_str(), you), ("taraguchi10", Color::Black));
        }
        other => panic!("expected welcome, got {other:?}"),
    }
    player.next();
    expect_that(&host, "connection", |e| {
        matches!(e, Event::Connected { .. })
    });
    let before = host.snapshot().game;
    // Taraguchi's first stone must be the centre.
    player.send(&Message::OpeningStep {
        number: 1,
        step: Step::Place(p("a1")).into(),
    });
    let message = player.refused_with(ErrorKind::IllegalMove);
    assert!(message.contains("outside"), "{message}");
    let mut player = Raw::hello(addr, "Jun");
    player.next();
    player.next();
    player.send(&Message::OpeningStep {
        number: 2,
        step: Step::Place(p("h8")).into(),
    });
    player.refused_with(ErrorKind::Desync);
    assert_eq!(host.snapshot().game, before);
}

#[test]
fn a_connection_that_trickles_bytes_without_a_hello_is_cut_off() {
    let host = host_timed(GameSettings::default(), impatient());
    let mut slow = Raw::connect(host.local_addr().unwrap());
    // One byte at a time, never a newline: each read succeeds, so only the
    // host's hello deadline (the peer timeout, 1.5 s here) ends it.
    let started = Instant::now();
    let writer = {
        let mut stream = slow.stream.try_clone().unwrap();
        std::thread::spawn(move || {
            for _ in 0..40 {
                if stream.write_all(b"{").is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        })
    };
    let message = slow.refused_with_kind_only(ErrorKind::Malformed);
    assert!(message.contains("no hello in time"), "{message}");
    // Then the host closes the socket for good, though the bytes keep coming.
    writer.join().unwrap();
    assert!(
        started.elapsed() < Duration::from_millis(3900),
        "the trickle was never cut off"
    );
    expect_that(&host, "turned away", |e| {
        matches!(e, Event::TurnedAway { .. })
    });
}

#[test]
fn a_host_may_go_on_from_a_position_and_the_joiner_takes_it() {
    let config = host_config(GameSettings::default(), fast());
    let host = Link::host_from(config.clone(), &[p("h8"), p("i9")]).unwrap();
    let joiner = join(&host, "Jun", "K7M2QX");
    connected(&host, &joiner);
    assert_eq!(joiner.snapshot().game.move_string(), "h8i9");
    assert_eq!(joiner.snapshot().game, host.snapshot().game);
    play(&host, &joiner, "j10");
    play(&joiner, &host, "a1");
    // A position that cannot be played is refused before anything listens.
    let refused = Link::host_from(config, &[p("h8"), p("h8")]).err().unwrap();
    assert_eq!(refused.kind(), std::io::ErrorKind::InvalidInput);
    assert!(refused.to_string().contains("does not replay"), "{refused}");
}
