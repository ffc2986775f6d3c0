//! The game on the local network, headless: the game hosts (or joins) and
//! a `gomoku-net` protocol client plays the other side over loopback. The
//! game runs its logic plugins (`MinimalPlugins` + `StatesPlugin`, no
//! window or egui); its side moves through the same messages a click or
//! a menu button sends, and the tests check the match, the link and the
//! files. One file, so Bevy is linked once for all of them.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::cli::{self, Command};
use gomoku::i18n::{self, Language};
use gomoku::network::reasons::{disconnect_text, refusal_text};
use gomoku::network::screens::{Discovery, DiscoveryListen, found_line, log_line_text};
use gomoku::network::session::{Lan, LogLine, Role};
use gomoku::network::start::{LanOptions, LanStart};
use gomoku::persistence::autosave::{self, GameFiles};
use gomoku::persistence::{self, Opponent, Storage, Tally};
use gomoku::play::ai::AiPacing;
use gomoku::play::game::{GameCommand, Match, MatchSettings, Mode, Notice, Player};
use gomoku::play::opening::OpeningStep;
use gomoku::settings::Settings;
use gomoku::ui_core::Overlay;
use gomoku_engine::board::parse_move_list;
use gomoku_engine::opening::{Action as Step, Decision, OpeningRule};
use gomoku_engine::record::formats::{PlayerKind, SavedResult, WinReason};
use gomoku_engine::{Color, GameResult, Point, Rule};
use gomoku_net::Message;
use gomoku_net::discovery::{Announcement, Announcer, Found};
use gomoku_net::message::{decode, encode};
use gomoku_net::wire::{Line, read_line};
use gomoku_net::{
    Action, Disconnect, ErrorKind, Event, GameSettings, HostConfig, JoinConfig, Link, Refusal,
    Snapshot, Timing,
};
use std::io::{BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
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

/// The game joins the game at `addr`.
fn join_lan(addr: SocketAddr, name: &str) -> Lan {
    Lan::join(JoinConfig {
        addr,
        name: name.into(),
        code: CODE.into(),
        timing: Timing::default(),
    })
    .unwrap()
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

/// Updates the app until `done` holds, at most 10 s. It updates before
/// the first look: the app's copy of the link's state may be from before
/// the last action, and a stale "yes" would let the test run ahead of the
/// link (answer an undo request that has not arrived yet).
fn update_until(app: &mut App, what: &str, done: impl Fn(&mut App) -> bool) {
    let start = Instant::now();
    loop {
        app.update();
        if done(app) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Waits until the other end's state (its link's thread works on its own)
/// satisfies `done`, at most 10 s.
fn link_until(link: &Link, what: &str, done: impl Fn(&Snapshot) -> bool) {
    let start = Instant::now();
    while !done(&link.snapshot()) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(2));
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
    link_until(&joiner, "the joiner to know the host", |s| {
        s.opponent.is_some()
    });
    (app, joiner, addr)
}

/// The game hosts an `opening` game as its first player (the tentative
/// Black); a protocol client joins and the opening begins.
fn hosted_opening(dir: &Path, rule: Rule, opening: OpeningRule) -> (App, Link) {
    let mut app = game_app(dir);
    let settings = GameSettings {
        rule,
        opening,
        host_color: Color::Black,
        ..GameSettings::default()
    };
    let addr = host(&mut app, settings);
    let joiner = join(addr, "Jun");
    update_until(&mut app, "the joiner to sit down", |app| {
        app.world().resource::<Match>().in_opening()
    });
    (app, joiner)
}

/// Plays `names` alternately: the game's moves by clicks, the other end's
/// through its link; each move is waited for on both sides.
fn play_alternately(app: &mut App, other: &Link, names: &[&str]) {
    let mut played = moves(app);
    for name in names {
        let mine = app.world().resource::<Match>().human_to_move();
        if mine {
            click(app, name);
        } else {
            other.act(Action::Play(point(name)));
        }
        played.push(point(name));
        update_until(app, &format!("{name} on the game's board"), |app| {
            moves(app) == played
        });
        link_until(other, &format!("{name} at the other end"), |s| {
            s.game.game().moves() == played.as_slice()
        });
    }
}

fn archived(dir: &Path) -> Vec<persistence::GameSummary> {
    let store = Storage::new(dir);
    persistence::list_games(&store.history_dir())
        .into_iter()
        .map(|entry| entry.expect("a readable archived game"))
        .collect()
}

/// The statistics' wins, draws and losses against network players under
/// `rule`.
fn network_tally(dir: &Path, rule: Rule) -> Tally {
    let stats = Storage::new(dir).statistics();
    stats
        .rows()
        .into_iter()
        .find(|row| (row.0, row.1) == (&Opponent::Network, rule))
        .map_or_else(Tally::default, |row| row.2)
}

/// The opening steps the match has taken so far.
fn steps(app: &App) -> Vec<Step> {
    let m = app.world().resource::<Match>();
    m.game()
        .opening()
        .map_or(Vec::new(), |o| o.actions().to_vec())
}

/// The local player takes an opening step from the opening panel (a
/// choice, a number); one frame runs.
fn choose(app: &mut App, action: Step) {
    app.world_mut()
        .resource_mut::<Messages<OpeningStep>>()
        .write(OpeningStep::human(action));
    app.update();
}

/// Waits until the match and `other` both have `n` opening steps, the
/// same ones.
fn steps_agree(app: &mut App, other: &Link, n: usize) {
    update_until(
        app,
        &format!("opening step {n} on the game's board"),
        |app| steps(app).len() == n,
    );
    link_until(other, &format!("step {n} there"), |s| {
        s.game.opening().actions().len() >= n
    });
    assert_eq!(steps(app), other.snapshot().game.opening().actions());
}

/// The other end takes an opening step.
fn their_step(app: &mut App, other: &Link, action: Step) {
    let n = steps(app).len() + 1;
    other.act(Action::Opening(action));
    steps_agree(app, other, n);
}

/// The game's player clicks `name` in the opening (a stone, an offer, a
/// pick: the phase says which).
fn my_click(app: &mut App, other: &Link, name: &str) {
    let n = steps(app).len() + 1;
    click(app, name);
    steps_agree(app, other, n);
}

/// The game's player chooses from the opening panel.
fn my_choice(app: &mut App, other: &Link, action: Step) {
    let n = steps(app).len() + 1;
    choose(app, action);
    steps_agree(app, other, n);
}

/// Waits for a warning beside the board and clears it.
fn refused(app: &mut App, what: &str) {
    update_until(app, what, |app| app.world().resource::<Notice>().warning);
    app.world_mut().resource_mut::<Notice>().warning = false;
}

/// Waits until `loser`'s resignation is on the game's board.
fn resigned(app: &mut App, loser: Color) {
    update_until(app, "the resignation", |app| {
        app.world().resource::<Match>().game().result() == Some(&GameResult::Resigned { loser })
    });
}

/// The players (name, kind) of Black and White in the one archived game.
fn the_archived_players(app: &App, dir: &Path) -> [(String, PlayerKind); 2] {
    wait_for_files(app);
    let games = archived(dir);
    assert_eq!(games.len(), 1, "{games:?}");
    [&games[0].black, &games[0].white].map(|p| (p.name.clone(), p.kind.clone()))
}

fn wait_for_files(app: &App) {
    let files = app.world().resource::<GameFiles>();
    assert!(
        files.writer.wait_idle(Duration::from_secs(5)),
        "writes finish"
    );
}

#[test]
fn the_game_hosts_a_protocol_client_and_the_finished_game_lands_in_the_history_and_statistics() {
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
    // Counted in the statistics as a win against a network player.
    let tally = network_tally(dir.path(), Rule::Freestyle);
    assert_eq!((tally.wins, tally.draws, tally.losses), (1, 0, 0));
}

#[test]
fn a_swap2_opening_over_the_network_hands_the_colours_over_with_the_players() {
    let dir = TempDir::new("swap2");
    let (mut app, joiner) = hosted_opening(dir.path(), Rule::Freestyle, OpeningRule::Swap2);
    assert_eq!(
        app.world().resource::<Match>().settings().opening,
        OpeningRule::Swap2
    );

    // The game's player is the first player: three stones by clicks; the
    // joiner may not place them.
    my_click(&mut app, &joiner, "h8");
    joiner.act(Action::Opening(Step::Place(point("a1"))));
    my_click(&mut app, &joiner, "i9");
    my_click(&mut app, &joiner, "j8");
    assert!(moves_are(&mut app, "h8i9j8"));
    // The joiner decides now: a click here is refused and changes nothing.
    click(&mut app, "k7");
    refused(&mut app, "the refused click");
    assert_eq!(steps(&app).len(), 3);

    // The joiner adds two stones; the game's player takes White.
    their_step(&mut app, &joiner, Step::Decide(Decision::AddTwo));
    their_step(&mut app, &joiner, Step::Place(point("k7")));
    their_step(&mut app, &joiner, Step::Place(point("g9")));
    my_choice(&mut app, &joiner, Step::Decide(Decision::Swap));
    let m = app.world().resource::<Match>();
    assert!(!m.in_opening());
    assert_eq!(m.player(Color::White), Player::Human);
    assert_eq!(m.player(Color::Black), Player::Remote);
    assert_eq!(
        (m.name(Color::White), m.name(Color::Black)),
        (Some("Hana"), Some("Jun"))
    );
    assert_eq!(joiner.snapshot().me, Color::Black);

    // White (the game's player) moves on.
    play_alternately(&mut app, &joiner, &["l6", "a1"]);
    assert!(moves_are(&mut app, "h8i9j8k7g9l6a1"));
    joiner.act(Action::Resign);
    resigned(&mut app, Color::Black);
    assert_eq!(
        the_archived_players(&app, dir.path()),
        [
            ("Jun".into(), PlayerKind::Remote),
            ("Hana".into(), PlayerKind::Human)
        ]
    );
    let tally = network_tally(dir.path(), Rule::Freestyle);
    assert_eq!((tally.wins, tally.draws, tally.losses), (1, 0, 0));
}

#[test]
fn the_game_joins_a_renju_game_and_plays_a_taraguchi10_opening_with_ten_offers() {
    let dir = TempDir::new("taraguchi");
    let host_link = Link::host(HostConfig {
        bind: "127.0.0.1:0".parse().unwrap(),
        name: "Hana".into(),
        code: Some(CODE.into()),
        settings: GameSettings {
            rule: Rule::Renju,
            opening: OpeningRule::Taraguchi10,
            host_color: Color::Black,
            clock: None,
        },
        timing: Timing::default(),
    })
    .unwrap();
    let mut app = game_app(dir.path());
    app.insert_resource(join_lan(host_link.local_addr().unwrap(), "Jun"));
    update_until(&mut app, "the game to sit down", |app| {
        app.world().resource::<Match>().in_opening()
    });
    let m = app.world().resource::<Match>();
    assert_eq!(m.settings().human_color, Color::White);
    assert_eq!(m.settings().names, ["Hana".to_string(), "Jun".to_string()]);
    assert_eq!(m.player(Color::White), Player::Human);

    // The host places the centre; the game's player takes Black.
    their_step(&mut app, &host_link, Step::Place(point("h8")));
    my_choice(&mut app, &host_link, Step::Decide(Decision::Swap));
    assert_eq!(
        app.world().resource::<Match>().player(Color::Black),
        Player::Human
    );
    their_step(&mut app, &host_link, Step::Place(point("i9")));
    my_choice(&mut app, &host_link, Step::Decide(Decision::Keep));
    // The third stone must stay within the centre's 5x5 square.
    click(&mut app, "a1");
    refused(&mut app, "a stone outside the region");
    assert!(moves_are(&mut app, "h8i9"));
    my_click(&mut app, &host_link, "j10");
    their_step(&mut app, &host_link, Step::Decide(Decision::Keep));
    their_step(&mut app, &host_link, Step::Place(point("g9")));

    // Black (the game's player) offers ten fifth moves by clicks; White
    // picks one of them.
    my_choice(&mut app, &host_link, Step::Decide(Decision::TenOffers));
    let offers = [
        "a1", "b1", "c1", "d1", "e1", "a15", "b15", "c15", "d15", "e15",
    ];
    for offer in offers {
        my_click(&mut app, &host_link, offer);
    }
    assert!(moves_are(&mut app, "h8i9j10g9"));
    their_step(&mut app, &host_link, Step::Pick(point("c15")));
    let m = app.world().resource::<Match>();
    assert!(!m.in_opening());
    assert!(moves_are(&mut app, "h8i9j10g9c15"));

    // The game goes on with moves; the game's player (Black) resigns.
    play_alternately(&mut app, &host_link, &["k11", "f6"]);
    command(&mut app, GameCommand::Resign);
    resigned(&mut app, Color::Black);
    link_until(&host_link, "the resignation there", |s| {
        s.game.outcome().is_some()
    });
    assert_eq!(
        host_link.snapshot().game.outcome().unwrap().winner(),
        Some(Color::White)
    );
    assert_eq!(
        the_archived_players(&app, dir.path()),
        [
            ("Jun".into(), PlayerKind::Human),
            ("Hana".into(), PlayerKind::Remote)
        ]
    );
    let tally = network_tally(dir.path(), Rule::Renju);
    assert_eq!((tally.wins, tally.draws, tally.losses), (0, 0, 1));
}

#[test]
fn the_game_hosts_a_soosorv8_opening_with_two_swaps_a_declared_n_and_the_offers_picked() {
    let dir = TempDir::new("soosorv");
    let (mut app, joiner) = hosted_opening(dir.path(), Rule::Renju, OpeningRule::Soosorv8);

    // The game's player (the tentative Black) lays the canonical opening:
    // the centre, then a stone in the 3x3 and one in the 5x5 around it.
    my_click(&mut app, &joiner, "h8");
    click(&mut app, "a1");
    refused(&mut app, "a second stone outside the 3x3");
    my_click(&mut app, &joiner, "h9");
    my_click(&mut app, &joiner, "j10");
    // The joiner swaps: the game's player is White now and places the
    // fourth stone anywhere, then declares how many fifth moves to offer.
    their_step(&mut app, &joiner, Step::Decide(Decision::Swap));
    assert_eq!(
        app.world().resource::<Match>().player(Color::White),
        Player::Human
    );
    my_click(&mut app, &joiner, "g9");
    my_choice(&mut app, &joiner, Step::Declare(3));
    // The joiner, Black now, swaps back: the game's player offers the three
    // fifth moves as Black (the same one twice is refused), the joiner
    // picks one of them as White.
    their_step(&mut app, &joiner, Step::Decide(Decision::Swap));
    assert_eq!(joiner.snapshot().me, Color::White);
    my_click(&mut app, &joiner, "a1");
    my_click(&mut app, &joiner, "b1");
    click(&mut app, "a1");
    refused(&mut app, "an offer made twice");
    my_click(&mut app, &joiner, "c1");
    assert!(moves_are(&mut app, "h8h9j10g9"));
    their_step(&mut app, &joiner, Step::Pick(point("b1")));

    // Both sides agree on the opening (steps_agree compared every step),
    // the stones and who holds which colour.
    let m = app.world().resource::<Match>();
    assert!(!m.in_opening());
    assert_eq!(m.player(Color::Black), Player::Human);
    assert_eq!(
        (m.name(Color::Black), m.name(Color::White)),
        (Some("Hana"), Some("Jun"))
    );
    assert!(moves_are(&mut app, "h8h9j10g9b1"));
    assert_eq!(
        joiner.snapshot().game.game().moves(),
        moves(&app).as_slice()
    );
    assert_eq!(steps(&app).last(), Some(&Step::Pick(point("b1"))));

    // White (the joiner) is to move; the game goes on and White resigns.
    play_alternately(&mut app, &joiner, &["k11", "a15"]);
    joiner.act(Action::Resign);
    resigned(&mut app, Color::White);
    assert_eq!(
        the_archived_players(&app, dir.path()),
        [
            ("Hana".into(), PlayerKind::Human),
            ("Jun".into(), PlayerKind::Remote)
        ]
    );
    let tally = network_tally(dir.path(), Rule::Renju);
    assert_eq!((tally.wins, tally.draws, tally.losses), (1, 0, 0));
}

/// The game speaks Chinese.
fn in_chinese(app: &mut App) {
    app.insert_resource(Settings {
        language: Language::Chinese,
        ..Settings::default()
    });
}

/// A text in Chinese without a word of English (digits, addresses and
/// punctuation aside).
fn all_chinese(text: &str) -> bool {
    !text.chars().any(|c| c.is_ascii_alphabetic()) && !text.is_ascii()
}

#[test]
fn the_links_reasons_are_shown_in_chinese_when_the_game_speaks_chinese() {
    let dir = TempDir::new("chinese-reasons");
    // The game joins with a wrong code: the host's refusal arrives as its
    // kind, which the join screen shows in Chinese (English when asked).
    let other_host = Link::host(HostConfig {
        bind: "127.0.0.1:0".parse().unwrap(),
        name: "Hana".into(),
        code: Some(CODE.into()),
        settings: GameSettings::default(),
        timing: Timing::default(),
    })
    .unwrap();
    let mut app = game_app(dir.path());
    in_chinese(&mut app);
    let wrong = Lan::join(JoinConfig {
        addr: other_host.local_addr().unwrap(),
        name: "Jun".into(),
        code: "AAAAAA".into(),
        timing: Timing::default(),
    })
    .unwrap();
    app.insert_resource(wrong);
    update_until(&mut app, "the refusal", |app| lan(app).down.is_some());
    let down = lan(&mut app).down.clone().unwrap();
    assert!(
        matches!(
            down,
            Disconnect::Refused {
                kind: ErrorKind::WrongCode,
                ..
            }
        ),
        "{down:?}"
    );
    let said = disconnect_text(Language::Chinese, &down);
    assert!(all_chinese(&said) && said.contains("加入码"), "{said}");
    assert!(
        disconnect_text(Language::English, &down).contains("wrong join code"),
        "{down:?}"
    );
    app.world_mut().remove_resource::<Lan>();

    // The game hosts: an intruder with a wrong code is turned away, the
    // player joins, plays and leaves; the log says it all in Chinese.
    let addr = host(&mut app, GameSettings::default());
    let intruder = Link::join(JoinConfig {
        addr,
        name: "Eve".into(),
        code: "AAAAAA".into(),
        timing: Timing::default(),
    })
    .unwrap();
    update_until(&mut app, "the intruder turned away", |app| {
        lan(app)
            .log
            .iter()
            .any(|line| matches!(line, LogLine::TurnedAway { .. }))
    });
    drop(intruder);
    let joiner = join(addr, "Jun");
    update_until(&mut app, "the joiner to sit down", |app| {
        app.world().resource::<Match>().settings().mode == Mode::Network
    });
    play_alternately(&mut app, &joiner, &["h8", "a1"]);
    drop(joiner);
    update_until(&mut app, "the drop", |app| lan(app).down.is_some());
    // A click while paused: the link's refusal beside the board, in Chinese.
    app.world_mut().resource_mut::<Notice>().warning = false;
    click(&mut app, "j8");
    refused(&mut app, "the paused click");
    let notice = app.world().resource::<Notice>().text.clone();
    assert_eq!(notice, refusal_text(Language::Chinese, &Refusal::Paused));
    assert!(all_chinese(&notice), "{notice}");
    let warnings: Vec<String> = lan(&mut app)
        .log
        .iter()
        .map(|line| log_line_text(Language::Chinese, line))
        .filter_map(|(text, warning)| warning.then_some(text))
        .collect();
    // Turned away, lost, refused.
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    for text in &warnings {
        assert!(all_chinese(text), "{text}");
    }
    assert!(warnings[0].contains("加入码"), "{warnings:?}");
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
    resigned(&mut app, Color::Black);
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
    // Paused: nothing that needs the opponent is offered.
    assert!(!lan(&mut app).can_ask_undo());
    assert!(!lan(&mut app).can_offer_draw());
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
    assert!(lan(&mut app).can_ask_undo());
    assert!(lan(&mut app).can_offer_draw());
    play_alternately(&mut app, &again, &["a2", "j8"]);
}

#[test]
fn the_command_line_hosts_a_position_and_a_protocol_client_joins_it() {
    let args = |line: &str| {
        line.split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let Ok(Command::Play(options)) = cli::parse(args(
        "--host 127.0.0.1:0 --code K7M2QX --name Hana --rule renju --color white --moves h8i9j10",
    )) else {
        panic!("the LAN options parse");
    };
    assert_eq!(options.first_screen(), Overlay::LanHost);
    assert_eq!(
        options.lan,
        LanOptions {
            start: Some(LanStart::Host("127.0.0.1:0".parse().unwrap())),
            code: Some(CODE.into()),
            name: Some("Hana".into()),
        }
    );
    let Ok(Command::Play(joining)) = cli::parse(args("--join 192.168.1.5 --code abc")) else {
        panic!("a join parses");
    };
    assert_eq!(
        joining.lan.start,
        Some(LanStart::Join("192.168.1.5:7878".parse().unwrap()))
    );
    assert_eq!(joining.first_screen(), Overlay::LanJoin);
    for (bad, why) in [
        ("--join 192.168.1.5", "--code"),
        ("--join 192.168.1.5 --code abc --moves h8", "--moves"),
        ("--code abc", "--host or --join"),
        ("--host seven", "--host"),
        (
            "--host 7878 --code 0123456789012345678901234567890123",
            "1 to 32",
        ),
    ] {
        let err = cli::parse(args(bad)).unwrap_err();
        assert!(err.contains(why), "{bad}: {err}");
    }

    // The game starts hosting the position; a client joins and plays on.
    let dir = TempDir::new("cli-host");
    let mut app = game_app(dir.path());
    gomoku::network::start::start_with(
        &mut app,
        &options.lan,
        &options.settings,
        &options.moves,
        &Settings::default(),
    );
    let Role::Host { addr } = lan(&mut app).role else {
        panic!("the game hosts")
    };
    let joiner = join(addr, "Jun");
    update_until(&mut app, "the joiner to sit down", |app| {
        app.world().resource::<Match>().settings().mode == Mode::Network
    });
    link_until(&joiner, "the joiner to be seated", |s| s.connected);
    assert_eq!(joiner.snapshot().me, Color::Black);
    assert_eq!(joiner.snapshot().game.settings.rule, Rule::Renju);
    assert!(moves_are(&mut app, "h8i9j10"));
    play_alternately(&mut app, &joiner, &["k11", "a1"]);
}

#[test]
fn the_join_list_names_the_opening_rule_of_a_game() {
    let found = |opening| Found {
        addr: "10.0.0.2:7878".parse().unwrap(),
        announcement: Announcement::new("Hana", 7878, Rule::Renju, opening),
        seen: Instant::now(),
    };
    let lang = Language::Chinese;
    let soosorv = found_line(lang, &found(OpeningRule::Soosorv8));
    assert!(
        soosorv.contains(i18n::opening::rule_name(lang, OpeningRule::Soosorv8)),
        "{soosorv}"
    );
    assert!(
        soosorv.contains(i18n::rule_name(lang, Rule::Renju)),
        "{soosorv}"
    );
    let free = found_line(lang, &found(OpeningRule::Free));
    assert!(
        !free.contains(i18n::opening::rule_name(lang, OpeningRule::Free)),
        "{free}"
    );
    let mut unknown = found(OpeningRule::Free);
    unknown.announcement.opening = "yamaguchi".into();
    assert!(found_line(lang, &unknown).contains("yamaguchi"));
}

#[test]
fn the_join_screen_lists_a_game_announced_on_the_network() {
    // The game's logic with the network screens' systems (no window: the
    // test reads the list the Join screen draws).
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(gomoku::play::plugin)
        .insert_resource(Match::new(MatchSettings::default(), &[], 0.0).unwrap())
        .init_state::<Overlay>()
        .insert_resource(DiscoveryListen("127.0.0.1:0".parse().unwrap()))
        .add_plugins(gomoku::network::plugin);
    app.update();
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::LanJoin);
    app.update();
    let listening = app
        .world()
        .resource::<Discovery>()
        .local_addr()
        .expect("the Join screen listens");
    let announcement = Announcement::new("Hana", 7878, Rule::Renju, OpeningRule::Swap2);
    let _announcer = Announcer::start(listening, Duration::from_millis(50), &announcement).unwrap();
    update_until(&mut app, "the announced game on the list", |app| {
        !app.world()
            .resource::<Discovery>()
            .games()
            .unwrap()
            .is_empty()
    });
    let games = app.world().resource::<Discovery>().games().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].announcement, announcement);
    assert_eq!(games[0].addr, "127.0.0.1:7878".parse().unwrap());
    // Leaving the screen stops listening.
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Main);
    app.update();
    assert!(app.world().get_resource::<Discovery>().is_none());
}

/// A host played by hand on a raw socket, so that a test can hang up.
struct HandHost {
    stream: TcpStream,
    reader: BufReader<TcpStream>,
}

impl HandHost {
    /// Takes the next joiner at `listener`: its hello, then the host's
    /// welcome (the joiner plays White) and `moves` so far.
    fn seat(listener: &TcpListener, moves: &str) -> HandHost {
        let (stream, _) = listener.accept().unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        let mut host = HandHost { stream, reader };
        assert!(matches!(host.next(), Some(Message::Hello { .. })));
        host.send(&GameSettings::default().welcome("Hana"));
        host.send(&Message::Sync {
            moves: moves.into(),
            ended: None,
            opening: Vec::new(),
        });
        host
    }

    fn send(&mut self, message: &Message) {
        self.stream.write_all(encode(message).as_bytes()).unwrap();
    }

    /// The next message that is not a heartbeat; None at the end.
    fn next(&mut self) -> Option<Message> {
        loop {
            match read_line(&mut self.reader).ok()? {
                Line::Text(line) => match decode(&line).unwrap() {
                    Message::Heartbeat => continue,
                    message => return Some(message),
                },
                _ => return None,
            }
        }
    }
}

#[test]
fn the_game_as_joiner_reconnects_after_a_drop_and_takes_the_hosts_moves() {
    let dir = TempDir::new("rejoin");
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let mut app = game_app(dir.path());
    app.insert_resource(join_lan(listener.local_addr().unwrap(), "Jun"));
    let first = HandHost::seat(&listener, "h8");
    update_until(&mut app, "the host's first move", |app| {
        moves_are(app, "h8")
    });
    assert_eq!(
        app.world().resource::<Match>().player(Color::White),
        Player::Human
    );

    // The host hangs up: the game pauses and a click changes nothing.
    drop(first);
    update_until(&mut app, "the drop", |app| lan(app).down.is_some());
    click(&mut app, "i9");
    refused(&mut app, "the click while paused");
    assert!(moves_are(&mut app, "h8"));

    // Reconnect (the HUD's button): the host's move list replaces ours.
    lan(&mut app).act(Action::Reconnect);
    let mut second = HandHost::seat(&listener, "h8i9j10");
    update_until(&mut app, "the host's moves after reconnecting", |app| {
        moves_are(app, "h8i9j10")
    });
    assert!(lan(&mut app).down.is_none());
    click(&mut app, "k11");
    assert_eq!(
        second.next(),
        Some(Message::Move {
            number: 4,
            at: "k11".into()
        })
    );
}
