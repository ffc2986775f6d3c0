//! The game on the local network, headless: the game hosts (or joins) and
//! a `gomoku-net` protocol client plays the other side over loopback. The
//! game runs its logic plugins (`MinimalPlugins` + `StatesPlugin`, no
//! window or egui); its side moves through the same messages a click or
//! a menu button sends, and the tests check the match, the link and the
//! files. One file, so Bevy is linked once for all of them.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::network::session::{Lan, LogLine, Role};
use gomoku::persistence::autosave::{self, GameFiles};
use gomoku::persistence::{self, Storage};
use gomoku::play::ai::AiPacing;
use gomoku::play::game::{GameCommand, Match, MatchSettings, Mode, Notice, Player};
use gomoku_engine::board::parse_move_list;
use gomoku_engine::record::formats::{PlayerKind, SavedResult, WinReason};
use gomoku_engine::{Color, GameResult, Point, Rule};
use gomoku_net::{Action, Event, GameSettings, HostConfig, JoinConfig, Link, Timing};
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

mod support;
use support::{TempDir, click, command, point};

const CODE: &str = "K7M2QX";

/// The game's logic, its files in `dir`, and the LAN bridge; a local
/// hot-seat game on the board to begin with.
fn game_app(dir: &Path) -> App {
    let mut app = App::new();
    let local = MatchSettings {
        mode: Mode::HumanVsHuman,
        ..MatchSettings::default()
    };
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(gomoku::play::plugin)
        .insert_resource(Match::new(local, &[], 0.0).unwrap())
        .insert_resource(AiPacing { min_move_secs: 0.0 })
        .insert_resource(GameFiles::new(Some(Storage::new(dir))))
        .add_plugins(autosave::plugin)
        .add_plugins(gomoku::network::link_plugin);
    app.update();
    app
}

/// The game hosts a game with `settings` (the host's colour among them).
fn host(app: &mut App, settings: GameSettings) -> SocketAddr {
    let lan = Lan::host(
        HostConfig {
            bind: "127.0.0.1:0".parse().unwrap(),
            name: "Hana".into(),
            code: Some(CODE.into()),
            settings,
            timing: Timing::default(),
        },
        None,
    )
    .unwrap();
    let Role::Host { addr } = lan.role else {
        unreachable!("a host link has the host's role")
    };
    app.insert_resource(lan);
    addr
}

fn join(addr: SocketAddr, name: &str) -> Link {
    Link::join(JoinConfig {
        addr,
        name: name.into(),
        // Case does not matter.
        code: CODE.to_lowercase(),
        timing: Timing::default(),
    })
    .unwrap()
}

/// Updates the app until `done` holds, at most 10 s.
fn update_until(app: &mut App, what: &str, done: impl Fn(&mut App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
}

/// Waits for the link's next event that `wanted` picks, keeping the app
/// running meanwhile.
fn expect_event(app: &mut App, link: &Link, what: &str, wanted: impl Fn(&Event) -> bool) {
    let start = Instant::now();
    loop {
        while let Some(event) = link.poll() {
            if wanted(&event) {
                return;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
}

fn moves(app: &App) -> Vec<Point> {
    app.world().resource::<Match>().game().moves().to_vec()
}

fn moves_are(app: &mut App, names: &str) -> bool {
    moves(app) == parse_move_list(names, 15).unwrap()
}

fn lan(app: &mut App) -> Mut<'_, Lan> {
    app.world_mut().resource_mut::<Lan>()
}

/// The game hosts as Black and a protocol client joins as White.
fn hosted_game(dir: &Path, rule: Rule) -> (App, Link, SocketAddr) {
    let mut app = game_app(dir);
    let settings = GameSettings {
        rule,
        host_color: Color::Black,
        ..GameSettings::default()
    };
    let addr = host(&mut app, settings);
    let joiner = join(addr, "Jun");
    update_until(&mut app, "the joiner to sit down", |app| {
        app.world().resource::<Match>().settings().mode == Mode::Network
    });
    (app, joiner, addr)
}

/// Plays `names` alternately: the game's moves by clicks, the joiner's
/// through its link; each move is waited for on both sides.
fn play_alternately(app: &mut App, joiner: &Link, names: &[&str]) {
    let mut played = moves(app);
    for name in names {
        let host_to_move = app.world().resource::<Match>().human_to_move();
        if host_to_move {
            click(app, name);
        } else {
            joiner.act(Action::Play(point(name)));
        }
        played.push(point(name));
        update_until(app, &format!("{name} on the game's board"), |app| {
            moves(app) == played
        });
        let start = Instant::now();
        while joiner.snapshot().game.game().moves() != played.as_slice() {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{name} at the joiner"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

fn archived(dir: &Path) -> Vec<persistence::GameSummary> {
    let store = Storage::new(dir);
    persistence::list_games(&store.history_dir())
        .into_iter()
        .map(|entry| entry.expect("a readable archived game"))
        .collect()
}

fn wait_for_files(app: &App) {
    let files = app.world().resource::<GameFiles>();
    assert!(
        files.writer.wait_idle(Duration::from_secs(5)),
        "writes finish"
    );
}

#[test]
fn the_game_hosts_a_protocol_client_and_the_finished_game_lands_in_the_history() {
    let dir = TempDir::new("five");
    let (mut app, joiner, _) = hosted_game(dir.path(), Rule::Freestyle);
    let m = app.world().resource::<Match>();
    assert_eq!(m.settings().human_color, Color::Black);
    assert_eq!(m.settings().player(Color::White), Player::Remote);
    assert_eq!(m.settings().names, ["Hana".to_string(), "Jun".to_string()]);
    assert_eq!(joiner.snapshot().opponent.as_deref(), Some("Hana"));

    // A click out of turn is refused by the link and changes nothing.
    play_alternately(&mut app, &joiner, &["h8", "a1"]);
    play_alternately(&mut app, &joiner, &["i8"]);
    click(&mut app, "b2");
    update_until(&mut app, "the refusal", |app| {
        app.world().resource::<Notice>().warning
    });
    assert!(moves_are(&mut app, "h8a1i8"));

    play_alternately(&mut app, &joiner, &["a2", "j8", "a3", "k8", "a4", "l8"]);
    let m = app.world().resource::<Match>();
    assert!(matches!(
        m.game().result(),
        Some(GameResult::Five {
            winner: Color::Black,
            ..
        })
    ));
    assert_eq!(
        joiner.snapshot().game.outcome().unwrap().winner(),
        Some(Color::Black)
    );

    wait_for_files(&app);
    let games = archived(dir.path());
    assert_eq!(games.len(), 1, "{games:?}");
    let game = &games[0];
    assert_eq!(game.moves, 9);
    assert_eq!(
        game.result,
        SavedResult::Win {
            winner: Color::Black,
            reason: WinReason::Five
        }
    );
    assert_eq!(
        (game.black.name.as_str(), &game.black.kind),
        ("Hana", &PlayerKind::Human)
    );
    assert_eq!(
        (game.white.name.as_str(), &game.white.kind),
        ("Jun", &PlayerKind::Remote)
    );
}

#[test]
fn undo_is_a_request_the_other_side_accepts_or_declines() {
    let dir = TempDir::new("undo");
    let (mut app, joiner, _) = hosted_game(dir.path(), Rule::Freestyle);
    play_alternately(&mut app, &joiner, &["h8", "a1", "i8"]);

    // The joiner (White) asks; the game's player declines, then accepts:
    // White's last move and Black's reply go, back to White's turn.
    joiner.act(Action::RequestUndo);
    update_until(&mut app, "the undo request", |app| {
        lan(app).snapshot.undo_requested
    });
    lan(&mut app).act(Action::AnswerUndo(false));
    expect_event(&mut app, &joiner, "the refusal", |e| {
        *e == Event::UndoDeclined
    });
    assert!(moves_are(&mut app, "h8a1i8"));
    joiner.act(Action::RequestUndo);
    update_until(&mut app, "the second request", |app| {
        lan(app).snapshot.undo_requested
    });
    lan(&mut app).act(Action::AnswerUndo(true));
    update_until(&mut app, "the undo on the board", |app| {
        moves_are(app, "h8")
    });
    expect_event(&mut app, &joiner, "the joiner's undo", |e| {
        *e == Event::Undone { keep: 1 }
    });
    assert_eq!(app.world().resource::<Match>().undos(), 1);

    // The game's player asks with the usual Undo (Ctrl+Z): it becomes a
    // request, and nothing is taken back until the joiner agrees.
    play_alternately(&mut app, &joiner, &["b2"]);
    command(&mut app, GameCommand::Undo);
    expect_event(&mut app, &joiner, "the host's request", |e| {
        *e == Event::UndoRequested
    });
    assert!(moves_are(&mut app, "h8b2"));
    joiner.act(Action::AnswerUndo(false));
    update_until(&mut app, "the declined line", |app| {
        lan(app).log.last() == Some(&LogLine::UndoDeclined)
    });
    assert!(moves_are(&mut app, "h8b2"));
    command(&mut app, GameCommand::Undo);
    expect_event(&mut app, &joiner, "the host's second request", |e| {
        *e == Event::UndoRequested
    });
    // White moved last: back to Black's turn takes both moves.
    joiner.act(Action::AnswerUndo(true));
    update_until(&mut app, "back to Black's turn", |app| moves_are(app, ""));
    play_alternately(&mut app, &joiner, &["c3"]);
}

#[test]
fn resignation_and_agreed_draws_end_the_game_on_both_sides() {
    let dir = TempDir::new("endings");
    let (mut app, joiner, _) = hosted_game(dir.path(), Rule::Renju);
    play_alternately(&mut app, &joiner, &["h8", "a1"]);
    joiner.act(Action::OfferDraw);
    update_until(&mut app, "the offer", |app| lan(app).snapshot.draw_offered);
    lan(&mut app).act(Action::AnswerDraw(true));
    update_until(&mut app, "the agreed draw", |app| {
        app.world().resource::<Match>().game().result() == Some(&GameResult::AgreedDraw)
    });
    wait_for_files(&app);
    let games = archived(dir.path());
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].result, SavedResult::Draw);

    // A rematch with colours swapped; the joiner resigns it.
    lan(&mut app).act(Action::NewGame {
        host_color: Color::White,
    });
    update_until(&mut app, "the new game", |app| {
        let m = app.world().resource::<Match>();
        m.game().moves().is_empty() && m.settings().human_color == Color::White
    });
    play_alternately(&mut app, &joiner, &["h8"]);
    joiner.act(Action::Resign);
    update_until(&mut app, "the resignation", |app| {
        app.world().resource::<Match>().game().result()
            == Some(&GameResult::Resigned {
                loser: Color::Black,
            })
    });
    wait_for_files(&app);
    let mut results: Vec<SavedResult> = archived(dir.path()).iter().map(|g| g.result).collect();
    results.sort_by_key(|r| format!("{r:?}"));
    assert_eq!(
        results,
        [
            SavedResult::Draw,
            SavedResult::Win {
                winner: Color::White,
                reason: WinReason::Resign
            }
        ]
    );
}

#[test]
fn a_dropped_joiner_pauses_the_game_and_comes_back_to_the_same_position() {
    let dir = TempDir::new("drop");
    let (mut app, joiner, addr) = hosted_game(dir.path(), Rule::Freestyle);
    play_alternately(&mut app, &joiner, &["h8", "a1", "i8"]);
    drop(joiner);
    update_until(&mut app, "the drop", |app| lan(app).down.is_some());
    // Paused: a click is refused and changes nothing.
    app.world_mut().resource_mut::<Notice>().warning = false;
    click(&mut app, "j8");
    update_until(&mut app, "the refusal", |app| {
        app.world().resource::<Notice>().warning
    });
    assert!(moves_are(&mut app, "h8a1i8"));

    let again = join(addr, "Jun");
    expect_event(&mut app, &again, "the resync", |e| {
        matches!(e, Event::Connected { .. })
    });
    assert_eq!(
        again.snapshot().game.game().moves(),
        parse_move_list("h8a1i8", 15).unwrap().as_slice()
    );
    update_until(&mut app, "the connection back", |app| {
        lan(app).down.is_none()
    });
    play_alternately(&mut app, &again, &["a2", "j8"]);
}
