//! Tournament opening rules played in the game (headless: the game's logic
//! plugin without window or egui): the AI completing every phase, refusals
//! with their reasons, swaps changing who plays which colour, and a game
//! saved in the middle of its opening continuing where it was.

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gomoku::i18n::{Language, t};
use gomoku::persistence::Storage;
use gomoku::persistence::autosave::{self, GameFiles, GameInfo, record_of, settings_of};
use gomoku::play::ai::AiPacing;
use gomoku::play::clock::GameClock;
use gomoku::play::game::{GameCommand, Match, MatchSettings, Mode, MoveRefused, Player};
use gomoku::play::opening::{OpeningStep, choices};
use gomoku::ui::opening_record::{RecordLine, lines};
use gomoku::ui_core::pickers::seat_labels;
use gomoku_engine::opening::{Action, Decision, Opening, OpeningRule, Seat};
use gomoku_engine::record::formats::{TimeControl, save};
use gomoku_engine::search::Level;
use gomoku_engine::{Color, Rule};
use std::time::{Duration, Instant};

mod support;
use support::{TempDir, click, point, points};

/// Reasons of refused stones, in order.
#[derive(Resource, Default)]
struct Refusals(Vec<String>);

fn settings(mode: Mode, rule: Rule, opening: OpeningRule, level: Level) -> MatchSettings {
    MatchSettings {
        mode,
        rule,
        level,
        opening,
        ..MatchSettings::default()
    }
}

fn app_with(settings: MatchSettings) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(gomoku::play::plugin)
        .insert_resource(Match::new(settings, &[], 0.0).unwrap())
        .insert_resource(AiPacing { min_move_secs: 0.0 })
        .init_resource::<Refusals>()
        .add_observer(|refused: On<MoveRefused>, mut log: ResMut<Refusals>| {
            log.0.push(refused.reason.clone());
        });
    app.update();
    app
}

fn choose(app: &mut App, action: Action) {
    app.world_mut()
        .resource_mut::<Messages<OpeningStep>>()
        .write(OpeningStep::human(action));
    app.update();
}

fn opening(app: &App) -> Opening {
    app.world()
        .resource::<Match>()
        .game()
        .opening()
        .cloned()
        .expect("the game has an opening")
}

fn refusals(app: &App) -> Vec<String> {
    app.world().resource::<Refusals>().0.clone()
}

/// Updates until `done` holds (the AI runs on other threads).
fn update_until(app: &mut App, what: &str, limit: Duration, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
}

#[test]
fn the_new_game_choices_follow_the_rule_family() {
    for rule in Rule::ALL {
        let offered = choices(rule);
        assert_eq!(offered[0], OpeningRule::Free, "{rule:?}");
        let renju_only = [OpeningRule::Soosorv8, OpeningRule::Taraguchi10];
        for opening in &offered[1..] {
            assert_eq!(
                renju_only.contains(opening),
                rule == Rule::Renju,
                "{opening} under {rule:?}"
            );
        }
    }
}

/// AI against AI: every phase of every rule is played by the AI through the
/// game's messages, none refused, and the game goes on after it.
#[test]
fn the_ai_plays_every_opening_phase_at_several_levels() {
    for level in [Level::Beginner, Level::Intermediate, Level::Expert] {
        for rule in Rule::ALL {
            for &opening_rule in choices(rule).iter().skip(1) {
                let what = format!("{opening_rule} under {rule:?} at {level:?}");
                let mut app = app_with(settings(Mode::AiVsAi, rule, opening_rule, level));
                update_until(&mut app, &what, Duration::from_secs(60), |app| {
                    let m = app.world().resource::<Match>();
                    m.game().is_over() || !m.in_opening()
                });
                let o = opening(&app);
                assert!(o.is_done(), "{what}: the opening finished");
                assert!(refusals(&app).is_empty(), "{what}: {:?}", refusals(&app));
                // The record replays to the same opening and stones.
                let m = app.world().resource::<Match>();
                let fresh = gomoku_engine::Game::new(rule, 15).unwrap();
                let (replayed, game) = Opening::replay(opening_rule, fresh, o.actions())
                    .unwrap_or_else(|(i, e)| panic!("{what}: action {i}: {e}"));
                assert_eq!(replayed.black_seat(), o.black_seat(), "{what}");
                assert_eq!(game.moves(), m.game().moves(), "{what}");
                let stones = m.game().moves().len();
                let expected = match opening_rule {
                    OpeningRule::Swap => 3..=4,
                    OpeningRule::Swap2 => 3..=5,
                    _ => 5..=6,
                };
                assert!(expected.contains(&stones), "{what}: {stones} stones");
                // After the opening the ordinary AI moves.
                update_until(&mut app, &what, Duration::from_secs(20), |app| {
                    let m = app.world().resource::<Match>();
                    m.game().is_over() || m.game().moves().len() > stones
                });
            }
        }
    }
}

#[test]
fn a_stone_outside_the_region_and_a_symmetric_offer_are_refused_with_the_reason() {
    let mut app = app_with(settings(
        Mode::HumanVsHuman,
        Rule::Renju,
        OpeningRule::Taraguchi10,
        Level::Beginner,
    ));
    click(&mut app, "a1");
    assert_eq!(refusals(&app), vec!["A1 is outside the centre point"]);
    assert!(app.world().resource::<Match>().game().moves().is_empty());
    click(&mut app, "h8");
    // A click while a choice is asked for is refused, saying what is asked.
    click(&mut app, "h9");
    assert_eq!(
        refusals(&app)[1],
        "Not a stone now: Choose: Take Black / Stay White and play"
    );
    choose(&mut app, Action::Decide(Decision::Keep));
    click(&mut app, "k10");
    assert_eq!(refusals(&app)[2], "K10 is outside the central 3×3");
    click(&mut app, "h9");
    choose(&mut app, Action::Decide(Decision::Keep));
    click(&mut app, "h10");
    choose(&mut app, Action::Decide(Decision::Keep));
    click(&mut app, "h5");
    choose(&mut app, Action::Decide(Decision::TenOffers));
    // The stones stand on the h file: mirrored across it, g7 is i7.
    click(&mut app, "g7");
    click(&mut app, "i7");
    assert_eq!(
        refusals(&app)[3],
        "I7 is symmetric to the offered G7: both give the same position"
    );
    assert_eq!(opening(&app).offers(), &[point("g7")]);
    click(&mut app, "j6");
    assert_eq!(opening(&app).offers(), &[point("g7"), point("j6")]);
    assert_eq!(refusals(&app).len(), 4);
}

#[test]
fn a_swap_gives_the_other_player_black_and_the_clock_of_the_actor_runs() {
    let mut s = settings(
        Mode::HumanVsHuman,
        Rule::Freestyle,
        OpeningRule::Swap,
        Level::Beginner,
    );
    s.names = ["Ann".into(), "Bob".into()];
    let mut app = app_with(s);
    app.insert_resource(GameClock::new(Some(TimeControl::PerMove {
        move_ms: 60_000,
    })));
    for stone in ["h8", "h9", "j10"] {
        click(&mut app, stone);
    }
    std::thread::sleep(Duration::from_millis(30));
    app.update();
    let m = app.world().resource::<Match>();
    assert_eq!(m.game().moves().len(), 3);
    // The second player (tentative White) decides, holding White: White's
    // clock runs while no stone is placed.
    assert_eq!(m.acting_color(), Color::White);
    assert_eq!(m.name(Color::White), Some("Bob"));
    let clock = app.world().resource::<GameClock>();
    let left = |color| clock.remaining_ms(color, Color::White).unwrap();
    assert!(left(Color::White) <= 60_000 - 30, "{}", left(Color::White));
    assert_eq!(left(Color::Black), 60_000);
    choose(&mut app, Action::Decide(Decision::Swap));
    let m = app.world().resource::<Match>();
    assert!(!m.in_opening());
    assert_eq!(opening(&app).black_seat(), Seat::Second);
    assert_eq!(opening(&app).swaps(), 1);
    assert_eq!(m.name(Color::Black), Some("Bob"));
    assert_eq!(m.name(Color::White), Some("Ann"));
    // Ann, now White, moves next; the opening's stones cannot be undone.
    assert_eq!(m.acting_color(), Color::White);
    assert_eq!(m.plies_to_undo(), 0);
    click(&mut app, "g7");
    assert_eq!(app.world().resource::<Match>().plies_to_undo(), 1);
}

#[test]
fn in_the_opening_each_action_is_charged_to_the_player_who_made_it() {
    // Ann (the first player) places Swap's three stones in 2, 3 and 4 s;
    // Bob thinks 5 s and takes Black; Ann, now White, plays in 1 s.
    let steps = [
        (Action::Place(point("h8")), 2_000),
        (Action::Place(point("h9")), 3_000),
        (Action::Place(point("j10")), 4_000),
        (Action::Decide(Decision::Swap), 5_000),
    ];
    let swap_game = || {
        MatchSettings {
            rule: Rule::Freestyle,
            opening: OpeningRule::Swap,
            ..MatchSettings::default()
        }
        .empty_game()
    };
    let per_game = TimeControl::PerGame {
        total_ms: 60_000,
        increment_ms: 100,
    };
    let mut game = swap_game();
    let mut opening = game.opening().cloned().unwrap();
    let mut clock = GameClock::new(Some(per_game.clone()));
    for (action, ms) in steps {
        let acting = opening.phase().unwrap().actor_color;
        clock.tick(Duration::from_millis(ms), acting);
        opening.apply(&mut game, action).unwrap();
        clock.follow_game(&game);
    }
    assert_eq!(opening.black_seat(), Seat::Second);
    // Bob (Black) has used 5 s and placed nothing; Ann (White) 9 s and
    // earned three increments. By move parity Black would have paid 6 s
    // for Ann's stones and White 3 s.
    let left = |clock: &GameClock, color| clock.remaining_ms(color, Color::White).unwrap();
    assert_eq!(left(&clock, Color::Black), 55_000);
    assert_eq!(left(&clock, Color::White), 51_300);
    clock.tick(Duration::from_millis(1_000), Color::White);
    game.play(point("g7")).unwrap();
    clock.follow_game(&game);
    assert_eq!(left(&clock, Color::White), 50_400);
    assert_eq!(clock.opening_times_ms, [2_000, 3_000, 4_000, 5_000]);
    assert_eq!(clock.move_times_ms, [2_000, 3_000, 4_000, 1_000]);

    // Resumed from a file, the clocks are as they were; from an older
    // file (the stones' times only) the choice's 5 s are not known, and
    // Black's clock shows them unspent.
    let resume = |opening_times: &[u64]| {
        let mut resumed = GameClock::resume(
            Some(per_game.clone()),
            clock.move_times_ms.clone(),
            opening_times.to_vec(),
        );
        resumed.follow_game(&game);
        (left(&resumed, Color::Black), left(&resumed, Color::White))
    };
    assert_eq!(resume(&clock.opening_times_ms), (55_000, 50_400));
    assert_eq!(resume(&[]), (60_000, 50_400));

    // Per move: Bob's thinking over the swap does not run on into Ann's
    // next move.
    let mut game = swap_game();
    let mut opening = game.opening().cloned().unwrap();
    let mut clock = GameClock::new(Some(TimeControl::PerMove { move_ms: 10_000 }));
    for (action, ms) in steps {
        let acting = opening.phase().unwrap().actor_color;
        assert_eq!(clock.tick(Duration::from_millis(ms), acting), None);
        opening.apply(&mut game, action).unwrap();
        clock.follow_game(&game);
    }
    assert_eq!(clock.remaining_ms(Color::White, Color::White), Some(10_000));
}

#[test]
fn against_the_ai_the_human_keeps_a_seat_through_the_ais_swap_decisions() {
    // The human places Swap2's three stones; the AI then decides, and
    // whatever it chooses the human plays the colour of their seat.
    let mut app = app_with(settings(
        Mode::HumanVsAi,
        Rule::Freestyle,
        OpeningRule::Swap2,
        Level::Novice,
    ));
    for stone in ["h8", "h9", "g9"] {
        click(&mut app, stone);
    }
    update_until(
        &mut app,
        "the AI's choice",
        Duration::from_secs(30),
        |app| {
            let m = app.world().resource::<Match>();
            m.human_to_move() || m.game().is_over()
        },
    );
    let m = app.world().resource::<Match>();
    let o = opening(&app);
    let human_color = o.color_of(Seat::First);
    assert_eq!(m.player(human_color), Player::Human);
    assert!(matches!(m.player(human_color.opponent()), Player::Ai(_)));
    assert!(o.actions().len() > 3, "the AI acted");
    assert!(refusals(&app).is_empty());
}

#[test]
fn a_game_saved_mid_opening_continues_in_the_same_phase() {
    let dir = TempDir::new("save");
    // You take the second seat (tentative White) against the AI.
    let mut s = settings(
        Mode::HumanVsAi,
        Rule::Renju,
        OpeningRule::Taraguchi10,
        Level::Beginner,
    );
    s.human_color = Color::White;
    s.names = [String::new(), "Ann".into()];
    let mut app = app_with(s);
    app.insert_resource(GameFiles::new(Some(Storage::new(&dir.0))))
        .add_plugins(autosave::plugin);
    app.world_mut().resource_mut::<GameClock>().control = Some(TimeControl::PerGame {
        total_ms: 600_000,
        increment_ms: 0,
    });
    let wait_for_you = |app: &mut App| {
        update_until(app, "the AI's stone", Duration::from_secs(30), |app| {
            app.world().resource::<Match>().human_to_move()
        })
    };
    wait_for_you(&mut app);
    // The AI put the first stone in the centre; you think 7 s and take
    // Black, the AI (now White) puts the second stone, and you are to
    // choose again.
    app.world_mut()
        .resource_mut::<GameClock>()
        .tick(Duration::from_secs(7), Color::White);
    choose(&mut app, Action::Decide(Decision::Swap));
    wait_for_you(&mut app);
    let before = app.world().resource::<Match>().clone();
    let clock_before = app.world().resource::<GameClock>().clone();
    assert!(before.in_opening());
    assert_eq!(before.game().moves().len(), 2);
    assert_eq!(before.player(Color::Black), Player::Human);
    let record = record_of(
        &before,
        app.world().resource::<GameClock>(),
        app.world().resource::<GameInfo>(),
    );
    let text = save::write(&record);
    let loaded = save::read(&text).expect("the saved game reads back");
    // The file names the players by the colours they hold now, the
    // settings by their seats.
    assert_eq!(loaded.meta.black.name, "Ann", "{text}");
    let settings = settings_of(&loaded, Level::Beginner);
    assert_eq!(settings.names[1], "Ann");
    assert_eq!(settings.human_color, Color::White, "your seat");
    assert_eq!(settings.opening, OpeningRule::Taraguchi10);
    let plies = loaded.game.moves().len();
    app.world_mut()
        .run_system_once(move |mut commands: Commands| {
            autosave::start_from_record(&mut commands, &loaded, plies, settings.clone(), true, 0.0)
                .unwrap();
        })
        .unwrap();
    app.update();
    let after = app.world().resource::<Match>().clone();
    assert!(after.generation() > before.generation(), "a new match");
    assert_eq!(after.game().opening(), before.game().opening());
    assert_eq!(after.game().moves(), before.game().moves());
    assert_eq!(after.opening_phase(), before.opening_phase());
    // Every action's time came back, your 7 s choice with them.
    let clock = app.world().resource::<GameClock>();
    assert_eq!(clock.opening_times_ms, clock_before.opening_times_ms);
    assert!(clock.opening_times_ms[1] >= 7_000, "{clock:?}");
    let black_left = |c: &GameClock| c.remaining_ms(Color::Black, Color::White);
    assert_eq!(black_left(clock), black_left(&clock_before));
    assert!(black_left(clock).unwrap() <= 593_000);
    for color in [Color::Black, Color::White] {
        assert_eq!(after.player(color), before.player(color), "{color:?}");
        assert_eq!(after.name(color), before.name(color), "{color:?}");
    }
    // No undo into the opening; the opening goes on from the loaded phase.
    app.world_mut()
        .resource_mut::<Messages<GameCommand>>()
        .write(GameCommand::Undo);
    app.update();
    assert_eq!(app.world().resource::<Match>().game().moves().len(), 2);
    choose(&mut app, Action::Decide(Decision::Keep));
    click(&mut app, "j10");
    assert_eq!(app.world().resource::<Match>().game().moves().len(), 3);
    assert!(refusals(&app).is_empty(), "{:?}", refusals(&app));
}

#[test]
fn the_replay_lists_the_opening_phases_by_player_in_both_languages() {
    // Swap2: the first player's three stones, the second adds two, the
    // first takes White; then an ordinary move.
    let mut actions: Vec<Action> = points("h8i9j8").into_iter().map(Action::Place).collect();
    actions.push(Action::Decide(Decision::AddTwo));
    actions.extend(points("g7k9").into_iter().map(Action::Place));
    actions.push(Action::Decide(Decision::Swap));
    let fresh = gomoku_engine::Game::new(Rule::Standard, 15).unwrap();
    let (_, mut game) = Opening::replay(OpeningRule::Swap2, fresh, &actions).unwrap();
    game.play(point("h9")).unwrap();
    let english = lines(gomoku::i18n::Language::English, &game);
    let line = |text: &str, ply: Option<usize>| RecordLine {
        text: text.to_string(),
        ply,
    };
    assert_eq!(
        english,
        [
            line("First player: 1. H8", Some(1)),
            line("First player: 2. I9", Some(2)),
            line("First player: 3. J8", Some(3)),
            line("Second player: Add two stones", None),
            line("Second player: 4. G7", Some(4)),
            line("Second player: 5. K9", Some(5)),
            line("First player: Take White", None),
        ]
    );
    let chinese = lines(gomoku::i18n::Language::Chinese, &game);
    assert_eq!(chinese.len(), english.len());
    assert_eq!(chinese[3].text, "后手方: 再摆两子");
    assert_eq!(chinese[6].ply, None);
    // A free game has no opening section.
    let free = gomoku_engine::Game::from_moves(Rule::Standard, 15, &points("h8i9")).unwrap();
    assert!(lines(gomoku::i18n::Language::English, &free).is_empty());
}

#[test]
fn the_colour_row_names_seats_only_under_an_opening_rule() {
    for rule in OpeningRule::ALL {
        let (first, second) = seat_labels(rule);
        let by_seat = first == "opening.seat.first" && second == "opening.seat.second";
        assert_eq!(by_seat, rule != OpeningRule::Free, "{rule:?}");
        for lang in [Language::English, Language::Chinese] {
            assert_ne!(t(lang, first), t(lang, second), "{rule:?} {lang:?}");
        }
    }
}
