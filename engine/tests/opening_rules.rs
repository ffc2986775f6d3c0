//! Each opening rule's state machine on real positions: who acts, regions,
//! refusals with reasons, symmetric offers, swaps and the final moves.

use gomoku_engine::opening::{
    Action, Decision, Opening, OpeningError, OpeningRule, Region, Seat, Task,
};
use gomoku_engine::{Color, Game, Point, Rule};

fn pt(s: &str) -> Point {
    Point::parse(s, 15).unwrap()
}

fn start(rule: OpeningRule, game_rule: Rule) -> (Opening, Game) {
    (
        Opening::new(rule, 15).unwrap(),
        Game::new(game_rule, 15).unwrap(),
    )
}

fn apply_all(o: &mut Opening, g: &mut Game, actions: &[Action]) {
    for &a in actions {
        o.apply(g, a)
            .unwrap_or_else(|e| panic!("{a:?} refused: {e}\n{}", g.board()));
    }
}

fn place(moves: &str) -> Vec<Action> {
    gomoku_engine::board::parse_move_list(moves, 15)
        .unwrap()
        .into_iter()
        .map(Action::Place)
        .collect()
}

fn actor(o: &Opening) -> (Seat, Color) {
    let p = o.phase().expect("a phase");
    (p.actor, p.actor_color)
}

#[test]
fn free_has_no_phase() {
    let (o, g) = start(OpeningRule::Free, Rule::Freestyle);
    assert!(o.is_done());
    assert_eq!(o.phase(), None);
    assert_eq!(o.to_act(&g), Seat::First);
}

#[test]
fn swap_first_places_three_then_second_may_take_black() {
    let (mut o, mut g) = start(OpeningRule::Swap, Rule::Freestyle);
    let phase = o.phase().unwrap();
    assert_eq!(
        (phase.actor, phase.actor_color),
        (Seat::First, Color::Black)
    );
    assert_eq!(phase.key(), "opening-place");
    assert_eq!(
        phase.describe(0),
        "Place 2 black and 1 white stone (next: Black)"
    );
    // A decision is not what is asked for now.
    let wrong = o.apply(&mut g, Action::Decide(Decision::Swap)).unwrap_err();
    assert!(matches!(wrong, OpeningError::WrongAction { .. }), "{wrong}");
    apply_all(&mut o, &mut g, &place("h8i9"));
    assert_eq!(o.phase().unwrap().describe(2), "Place move 3 (Black)");
    // Occupied points are refused with the game's reason.
    let taken = o.apply(&mut g, Action::Place(pt("h8"))).unwrap_err();
    assert!(taken.to_string().contains("taken"), "{taken}");
    apply_all(&mut o, &mut g, &place("j8"));
    let phase = o.phase().unwrap();
    assert_eq!(
        (phase.actor, phase.actor_color),
        (Seat::Second, Color::White)
    );
    assert_eq!(phase.describe(3), "Take Black / Stay White");
    assert_eq!(
        o.apply(&mut g, Action::Decide(Decision::AddTwo)),
        Err(OpeningError::NotAnOption(Decision::AddTwo))
    );
    apply_all(&mut o, &mut g, &[Action::Decide(Decision::Swap)]);
    assert!(o.is_done());
    assert_eq!(o.swaps(), 1);
    assert_eq!(o.black_seat(), Seat::Second);
    // Who made each action, refused ones not counted (the clocks charge
    // them): the first player's three stones, the second's choice.
    assert_eq!(
        o.actors(),
        [Seat::First, Seat::First, Seat::First, Seat::Second]
    );
    // White (now the first player) plays the 4th move as a normal move.
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(o.to_act(&g), Seat::First);
    assert_eq!(
        o.apply(&mut g, Action::Place(pt("a1"))),
        Err(OpeningError::Over)
    );
    assert_eq!(g.moves(), &[pt("h8"), pt("i9"), pt("j8")]);
}

#[test]
fn swap2_add_two_hands_the_choice_back() {
    let (mut o, mut g) = start(OpeningRule::Swap2, Rule::Standard);
    apply_all(&mut o, &mut g, &place("h8i9j8"));
    let phase = o.phase().unwrap();
    assert_eq!(phase.actor, Seat::Second);
    assert_eq!(
        phase.task,
        Task::Decide {
            options: vec![Decision::Swap, Decision::Keep, Decision::AddTwo]
        }
    );
    assert_eq!(
        phase.describe(3),
        "Take Black / Stay White / Add two stones"
    );
    apply_all(&mut o, &mut g, &[Action::Decide(Decision::AddTwo)]);
    let phase = o.phase().unwrap();
    assert_eq!(
        (phase.actor, phase.actor_color),
        (Seat::Second, Color::White)
    );
    assert_eq!(
        phase.describe(3),
        "Place 1 black and 1 white stone (next: White)"
    );
    apply_all(&mut o, &mut g, &place("g7k9"));
    let phase = o.phase().unwrap();
    assert_eq!(
        (phase.actor, phase.actor_color),
        (Seat::First, Color::Black)
    );
    assert_eq!(phase.describe(5), "Stay Black / Take White");
    apply_all(&mut o, &mut g, &[Action::Decide(Decision::Swap)]);
    assert!(o.is_done());
    assert_eq!(o.color_of(Seat::First), Color::White);
    assert_eq!(o.to_act(&g), Seat::First, "White plays the 6th move");
    assert_eq!(g.moves().len(), 5);
}

#[test]
fn swap2_stay_white_lets_the_second_player_move_on() {
    let (mut o, mut g) = start(OpeningRule::Swap2, Rule::Freestyle);
    apply_all(&mut o, &mut g, &place("h8i9j8"));
    apply_all(&mut o, &mut g, &[Action::Decide(Decision::Keep)]);
    assert!(o.is_done());
    assert_eq!(o.swaps(), 0);
    assert_eq!(o.to_act(&g), Seat::Second);
}

#[test]
fn soosorv_regions_make_a_canonical_opening() {
    let (mut o, mut g) = start(OpeningRule::Soosorv8, Rule::Renju);
    let phase = o.phase().unwrap();
    assert_eq!(phase.key(), "opening-place-canonical");
    assert!(matches!(
        phase.task,
        Task::Place {
            region: Region::Centre(1),
            canonical: true,
            ..
        }
    ));
    assert_eq!(o.allowed_points(&g), vec![pt("h8")]);
    let off = o.apply(&mut g, Action::Place(pt("h9"))).unwrap_err();
    assert_eq!(off.to_string(), "h9 is outside the centre point");
    apply_all(&mut o, &mut g, &place("h8"));
    assert_eq!(o.allowed_points(&g).len(), 8);
    let far = o.apply(&mut g, Action::Place(pt("h10"))).unwrap_err();
    assert_eq!(far.to_string(), "h10 is outside the central 3×3");
    apply_all(&mut o, &mut g, &place("h9"));
    assert_eq!(o.allowed_points(&g).len(), 23);
    assert!(o.apply(&mut g, Action::Place(pt("h11"))).is_err());
    apply_all(&mut o, &mut g, &place("i9"));
    let stones = [pt("h8"), pt("h9"), pt("i9")];
    assert_eq!(
        gomoku_engine::opening::canonical::identify(stones, 15)
            .unwrap()
            .name,
        "D4-Kagetsu"
    );
}

#[test]
fn soosorv_full_sequence_with_two_swaps_and_symmetric_offers_refused() {
    let (mut o, mut g) = start(OpeningRule::Soosorv8, Rule::Renju);
    // Kansei h8 h9 h10 is mirror-symmetric about the h column.
    apply_all(&mut o, &mut g, &place("h8h9h10"));
    assert_eq!(actor(&o), (Seat::Second, Color::White));
    apply_all(&mut o, &mut g, &[Action::Decide(Decision::Swap)]);
    // The first player now holds White and puts the 4th anywhere.
    assert_eq!(actor(&o), (Seat::First, Color::White));
    apply_all(&mut o, &mut g, &place("h6"));
    assert_eq!(o.phase().unwrap().task, Task::Declare { max: 8 });
    assert_eq!(
        o.apply(&mut g, Action::Declare(9)),
        Err(OpeningError::BadCount { count: 9, max: 8 })
    );
    assert!(o.apply(&mut g, Action::Declare(0)).is_err());
    apply_all(&mut o, &mut g, &[Action::Declare(3)]);
    // Black (the second player) may swap back.
    assert_eq!(actor(&o), (Seat::Second, Color::Black));
    apply_all(&mut o, &mut g, &[Action::Decide(Decision::Swap)]);
    assert_eq!(o.swaps(), 2);
    assert_eq!(actor(&o), (Seat::First, Color::Black));
    assert_eq!(o.phase().unwrap().task, Task::Offer { left: 3, total: 3 });
    apply_all(&mut o, &mut g, &[Action::Offer(pt("g9"))]);
    // i9 is g9's mirror image: the same position.
    let twin = o.apply(&mut g, Action::Offer(pt("i9"))).unwrap_err();
    assert_eq!(
        twin,
        OpeningError::Symmetric {
            at: "i9".into(),
            twin: "g9".into()
        }
    );
    assert!(twin.to_string().contains("symmetric to the offered g9"));
    assert_eq!(twin.key(), "opening-symmetric-offer");
    assert!(!o.allowed_points(&g).contains(&pt("i9")));
    assert!(matches!(
        o.apply(&mut g, Action::Offer(pt("g9"))),
        Err(OpeningError::AlreadyOffered { .. })
    ));
    assert!(
        o.apply(&mut g, Action::Offer(pt("h8"))).is_err(),
        "occupied"
    );
    let off = o
        .apply(&mut g, Action::Offer(Point::new(15, 3)))
        .unwrap_err();
    assert!(off.to_string().contains("off the board"), "{off}");
    apply_all(
        &mut o,
        &mut g,
        &[Action::Offer(pt("j11")), Action::Offer(pt("g7"))],
    );
    assert_eq!(o.offers().len(), 3);
    assert_eq!(g.moves().len(), 4, "offers are not played");
    // White (the second player) picks one; only offers are accepted.
    assert_eq!(actor(&o), (Seat::Second, Color::White));
    assert_eq!(
        o.apply(&mut g, Action::Pick(pt("i9"))),
        Err(OpeningError::NotOffered { at: "i9".into() })
    );
    assert_eq!(o.allowed_points(&g).len(), 3);
    apply_all(&mut o, &mut g, &[Action::Pick(pt("j11"))]);
    assert!(o.is_done());
    assert_eq!(g.moves().last(), Some(&pt("j11")));
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(o.to_act(&g), Seat::Second);
}

#[test]
fn taraguchi_regions_grow_and_every_move_may_be_swapped() {
    let (mut o, mut g) = start(OpeningRule::Taraguchi10, Rule::Renju);
    let region = |o: &Opening| match o.phase().unwrap().task {
        Task::Place { region, .. } => region,
        other => panic!("{other:?}"),
    };
    assert_eq!(region(&o), Region::Centre(1));
    apply_all(&mut o, &mut g, &place("h8"));
    assert_eq!(actor(&o), (Seat::Second, Color::White));
    apply_all(&mut o, &mut g, &[Action::Decide(Decision::Swap)]);
    // The first player now holds White and places the 2nd in the 3×3.
    assert_eq!(actor(&o), (Seat::First, Color::White));
    assert_eq!(region(&o), Region::Centre(3));
    assert!(matches!(
        o.apply(&mut g, Action::Place(pt("h10"))),
        Err(OpeningError::OutsideRegion { .. })
    ));
    apply_all(&mut o, &mut g, &place("i9"));
    assert_eq!(actor(&o), (Seat::Second, Color::Black));
    apply_all(&mut o, &mut g, &[Action::Decide(Decision::Keep)]);
    assert_eq!(region(&o), Region::Centre(5));
    assert!(o.apply(&mut g, Action::Place(pt("h11"))).is_err());
    apply_all(&mut o, &mut g, &place("j10"));
    apply_all(&mut o, &mut g, &[Action::Decide(Decision::Keep)]);
    assert_eq!(region(&o), Region::Centre(7));
    assert!(o.apply(&mut g, Action::Place(pt("l8"))).is_err());
    apply_all(&mut o, &mut g, &place("k8"));
    let phase = o.phase().unwrap();
    assert_eq!(
        (phase.actor, phase.actor_color),
        (Seat::Second, Color::Black)
    );
    assert_eq!(
        phase.task,
        Task::Decide {
            options: vec![Decision::FifthInCentre, Decision::TenOffers]
        }
    );
    // Option 1: a swap option, the 5th in the 9×9, another swap option.
    let mut o1 = o.clone();
    let mut g1 = g.clone();
    apply_all(&mut o1, &mut g1, &[Action::Decide(Decision::FifthInCentre)]);
    assert_eq!(actor(&o1), (Seat::First, Color::White));
    apply_all(&mut o1, &mut g1, &[Action::Decide(Decision::Swap)]);
    assert_eq!(actor(&o1), (Seat::First, Color::Black));
    assert_eq!(region(&o1), Region::Centre(9));
    assert!(o1.apply(&mut g1, Action::Place(pt("m8"))).is_err());
    apply_all(&mut o1, &mut g1, &place("l12"));
    assert_eq!(actor(&o1), (Seat::Second, Color::White));
    apply_all(&mut o1, &mut g1, &[Action::Decide(Decision::Keep)]);
    assert!(o1.is_done());
    assert_eq!(o1.swaps(), 2);
    assert_eq!(o1.to_act(&g1), Seat::Second);
    // Option 2: ten offers anywhere, White picks one.
    apply_all(&mut o, &mut g, &[Action::Decide(Decision::TenOffers)]);
    assert_eq!(
        o.phase().unwrap().task,
        Task::Offer {
            left: 10,
            total: 10
        }
    );
    let offers = place("a1a2a3a4a5a6a7a8a9a10");
    for a in &offers {
        let Action::Place(p) = a else { unreachable!() };
        apply_all(&mut o, &mut g, &[Action::Offer(*p)]);
    }
    assert_eq!(actor(&o), (Seat::First, Color::White));
    apply_all(&mut o, &mut g, &[Action::Pick(pt("a5"))]);
    assert!(o.is_done());
    assert_eq!(g.moves().len(), 5);
}

#[test]
fn taraguchi_needs_a_9x9_board() {
    let err = Opening::new(OpeningRule::Taraguchi10, 7).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Taraguchi-10 needs a board of at least 9x9, not 7x7"
    );
    assert!(Opening::new(OpeningRule::Swap2, 7).is_ok());
}

#[test]
fn replay_rebuilds_the_state_and_reports_the_refused_action() {
    let (mut o, mut g) = start(OpeningRule::Swap2, Rule::Freestyle);
    apply_all(&mut o, &mut g, &place("h8i9j8"));
    apply_all(&mut o, &mut g, &[Action::Decide(Decision::AddTwo)]);
    apply_all(&mut o, &mut g, &place("g7"));
    let (o2, g2) = Opening::replay(
        OpeningRule::Swap2,
        Game::new(Rule::Freestyle, 15).unwrap(),
        o.actions(),
    )
    .unwrap();
    assert_eq!((o2.clone(), g2.clone()), (o.clone(), g.clone()));
    // Undo = replay without the last action.
    let n = o.actions().len();
    let (o3, g3) = Opening::replay(
        OpeningRule::Swap2,
        Game::new(Rule::Freestyle, 15).unwrap(),
        &o.actions()[..n - 1],
    )
    .unwrap();
    assert_eq!(g3.moves().len(), 3);
    assert_eq!(o3.phase().unwrap().actor, Seat::Second);
    let mut bad = o.actions().to_vec();
    bad.push(Action::Declare(2));
    let (index, e) = Opening::replay(
        OpeningRule::Swap2,
        Game::new(Rule::Freestyle, 15).unwrap(),
        &bad,
    )
    .unwrap_err();
    assert_eq!(index, n);
    assert!(matches!(e, OpeningError::WrongAction { .. }));
}

#[test]
fn a_game_changed_behind_the_opening_is_refused() {
    let (mut o, mut g) = start(OpeningRule::Swap, Rule::Freestyle);
    apply_all(&mut o, &mut g, &place("h8"));
    g.undo();
    assert_eq!(
        o.apply(&mut g, Action::Place(pt("i9"))),
        Err(OpeningError::OutOfStep {
            game_moves: 0,
            opening_stones: 1
        })
    );
}
