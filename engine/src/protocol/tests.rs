//! The brain, command by command, through its line interface.

use super::command::parse_stone;
use super::{Brain, legal_choice};
use crate::board::{Board, Cell, Color, Point};
use crate::rules::{self, Rule};
use chacha20::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// A brain after START 15 with `rule`, told to think briefly so that tests
/// stay fast whatever search is plugged in.
fn started(rule: Rule) -> Brain {
    let mut brain = Brain::new();
    for line in [
        "INFO max_depth 1".to_string(),
        "INFO max_node 2000".to_string(),
        "INFO timeout_turn 200".to_string(),
        format!("INFO rule {}", rule.gomocup_mask()),
    ] {
        assert!(brain.respond(&line).is_empty(), "{line}");
    }
    assert_eq!(brain.respond("START 15"), ["OK"]);
    brain
}

/// The replies to `line` without progress messages.
fn reply(brain: &mut Brain, line: &str) -> Vec<String> {
    brain
        .respond(line)
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE "))
        .collect()
}

/// The single reply to `line`.
fn one(brain: &mut Brain, line: &str) -> String {
    let mut replies = reply(brain, line);
    assert_eq!(replies.len(), 1, "{line} -> {replies:?}");
    replies.pop().unwrap()
}

fn parse_move(text: &str) -> Option<Point> {
    let (x, y) = text.split_once(',')?;
    Some(Point::new(x.parse().ok()?, y.parse().ok()?))
}

/// Our answer to `line`: checks that it is a move that was legal for the
/// side to move on the board just before it, and returns it.
fn legal_answer(brain: &mut Brain, line: &str, rule: Rule) -> Point {
    let answer = one(brain, line);
    let p = parse_move(&answer).unwrap_or_else(|| panic!("{line} -> '{answer}'"));
    let mut before = brain.board().unwrap().clone();
    let color = before.remove(p).expect("our move is on the board");
    assert_eq!(color, Color::of_ply(before.stone_count()));
    assert_eq!(
        rules::check_move(&before, rule, color, p),
        Ok(()),
        "{line} -> {answer} on\n{before}"
    );
    p
}

fn board_lines(header: &str, stones: &[(u8, u8, u8)]) -> Vec<String> {
    std::iter::once(header.to_string())
        .chain(stones.iter().map(|(x, y, f)| format!("{x},{y},{f}")))
        .chain(std::iter::once("DONE".to_string()))
        .collect()
}

/// Sends a whole block; returns the replies to its last line.
fn send_block(brain: &mut Brain, header: &str, stones: &[(u8, u8, u8)]) -> Vec<String> {
    let lines = board_lines(header, stones);
    for line in &lines[..lines.len() - 1] {
        assert!(brain.respond(line).is_empty(), "{line}");
    }
    reply(brain, "DONE")
}

#[test]
fn start_accepts_supported_sizes_only() {
    let mut brain = Brain::new();
    assert_eq!(brain.respond("START 20"), ["OK"]);
    assert_eq!(brain.board().unwrap().size(), 20);
    assert_eq!(brain.respond("start"), ["OK"]);
    assert_eq!(brain.board().unwrap().size(), 15);
    for bad in ["START 4", "START 23", "START 1000", "START x"] {
        let r = one(&mut brain, bad);
        assert!(r.starts_with("ERROR "), "{bad} -> {r}");
    }
    // A refused START keeps the previous board.
    assert_eq!(brain.board().unwrap().size(), 15);
    assert_eq!(brain.respond("RECTSTART 19,19"), ["OK"]);
    assert_eq!(brain.board().unwrap().size(), 19);
    let r = one(&mut brain, "RECTSTART 15,20");
    assert!(r.starts_with("ERROR ") && r.contains("rectangular"), "{r}");
}

#[test]
fn commands_before_start_are_errors() {
    let mut brain = Brain::new();
    for line in [
        "TURN 7,7",
        "BEGIN",
        "TAKEBACK 7,7",
        "YXSHOWFORBID",
        "RESTART",
    ] {
        let r = one(&mut brain, line);
        assert!(
            r.starts_with("ERROR ") && r.contains("START"),
            "{line} -> {r}"
        );
    }
    assert!(brain.respond("BOARD").is_empty());
    assert!(brain.respond("7,7,1").is_empty());
    let r = one(&mut brain, "DONE");
    assert!(
        r.starts_with("ERROR BOARD") && r.contains("before START"),
        "{r}"
    );
    assert!(brain.board().is_none());
}

#[test]
fn begin_plays_black_and_turn_answers() {
    let mut brain = started(Rule::Freestyle);
    let first = legal_answer(&mut brain, "BEGIN", Rule::Freestyle);
    assert_eq!(brain.board().unwrap().get(first), Cell::Black);
    // Any free point for the opponent.
    let theirs = brain.board().unwrap().empty_points().next().unwrap();
    let ours = legal_answer(
        &mut brain,
        &format!("turn {},{}", theirs.x, theirs.y),
        Rule::Freestyle,
    );
    let board = brain.board().unwrap();
    assert_eq!(board.get(theirs), Cell::White);
    assert_eq!(board.get(ours), Cell::Black);
    assert_eq!(board.stone_count(), 3);
}

#[test]
fn bad_turns_are_refused_and_change_nothing() {
    let mut brain = started(Rule::Freestyle);
    let ours = legal_answer(&mut brain, "TURN 7,7", Rule::Freestyle);
    let before = brain.board().unwrap().clone();
    for (line, why) in [
        (format!("TURN {},{}", ours.x, ours.y), "taken"),
        ("TURN 7,7".to_string(), "taken"),
        ("TURN 15,3".to_string(), "off the 15x15 board"),
        ("TURN -1,3".to_string(), "off the"),
        ("TURN 3".to_string(), "x,y"),
        ("TURN a,b".to_string(), "x,y"),
    ] {
        let r = one(&mut brain, &line);
        assert!(r.starts_with("ERROR ") && r.contains(why), "{line} -> {r}");
        assert_eq!(brain.board().unwrap(), &before, "{line}");
    }
}

#[test]
fn forbidden_opponent_moves_are_refused_in_renju() {
    // We are White (one stone fewer). Black, the opponent, has two crosses of
    // open twos: 7,7 and 12,12 are double-threes; our one move can take at
    // most one of them.
    let stones = [
        (5, 7, 2),
        (0, 0, 1),
        (6, 7, 2),
        (14, 0, 1),
        (7, 5, 2),
        (0, 14, 1),
        (7, 6, 2),
        (14, 14, 1),
        (10, 12, 2),
        (0, 7, 1),
        (11, 12, 2),
        (14, 7, 1),
        (12, 10, 2),
        (7, 0, 1),
        (12, 11, 2),
    ];
    for rule in [Rule::Renju, Rule::Freestyle] {
        let mut brain = started(rule);
        let answer = send_block(&mut brain, "BOARD", &stones);
        let ours = parse_move(&answer[0]).expect("a move");
        let board = brain.board().unwrap().clone();
        assert_eq!(board.get(ours), Cell::White);
        let open = [Point::new(7, 7), Point::new(12, 12)]
            .into_iter()
            .find(|&p| board.is_empty_at(p))
            .unwrap();
        let turn = format!("TURN {},{}", open.x, open.y);
        if rule == Rule::Renju {
            let r = one(&mut brain, &turn);
            assert!(r.starts_with("ERROR ") && r.contains("double-three"), "{r}");
            assert_eq!(brain.board().unwrap(), &board);
        } else {
            legal_answer(&mut brain, &turn, rule);
            assert_eq!(brain.board().unwrap().get(open), Cell::Black);
        }
    }
}

#[test]
fn board_sets_the_position_and_derives_colours() {
    let mut brain = started(Rule::Freestyle);
    // One own stone, two opponent stones: we are White.
    let r = send_block(&mut brain, "board", &[(7, 7, 2), (8, 8, 1), (6, 6, 2)]);
    let p = parse_move(&r[0]).expect("a move");
    let board = brain.board().unwrap();
    assert_eq!(board.get(Point::new(7, 7)), Cell::Black);
    assert_eq!(board.get(Point::new(8, 8)), Cell::White);
    assert_eq!(board.get(p), Cell::White);
    // Equal counts: we are Black.
    let r = send_block(&mut brain, "BOARD", &[(7, 7, 1), (8, 8, 2)]);
    let p = parse_move(&r[0]).expect("a move");
    assert_eq!(brain.board().unwrap().get(p), Cell::Black);
    assert_eq!(brain.board().unwrap().get(Point::new(8, 8)), Cell::White);
    // An empty BOARD is like BEGIN.
    let r = send_block(&mut brain, "BOARD", &[]);
    let p = parse_move(&r[0]).expect("a move");
    assert_eq!(brain.board().unwrap().stone_count(), 1);
    assert_eq!(brain.board().unwrap().get(p), Cell::Black);
}

#[test]
fn board_errors_come_at_done_and_keep_the_position() {
    let mut brain = started(Rule::Freestyle);
    send_block(&mut brain, "YXBOARD", &[(7, 7, 1), (8, 8, 2)]);
    let before = brain.board().unwrap().clone();
    for (stones, why) in [
        (vec![(7, 7, 1), (7, 7, 2)], "twice"),
        (vec![(15, 7, 1), (7, 7, 2)], "off the"),
        (vec![(1, 1, 5), (7, 7, 2)], "field"),
        (vec![(1, 1, 1), (2, 2, 1)], "2 own and 0 opponent"),
        (vec![(1, 1, 2), (2, 2, 2)], "0 own and 2 opponent"),
    ] {
        for header in ["BOARD", "YXBOARD"] {
            let r = send_block(&mut brain, header, &stones);
            assert_eq!(r.len(), 1, "{r:?}");
            assert!(r[0].starts_with(&format!("ERROR {header}")), "{r:?}");
            assert!(r[0].contains(why), "{stones:?} -> {r:?}");
            assert_eq!(brain.board().unwrap(), &before);
        }
    }
    // Every line that is not x,y,field is counted; the first is quoted.
    for line in ["BOARD", "7,7", "1,2,x", "-", "8,8,1"] {
        assert!(brain.respond(line).is_empty(), "{line}");
    }
    let r = one(&mut brain, "DONE");
    assert_eq!(r, "ERROR BOARD: '7,7' is not x,y,field (and 2 more errors)");
    assert_eq!(brain.board().unwrap(), &before);
}

#[test]
fn a_command_inside_a_block_ends_it() {
    let mut brain = started(Rule::Freestyle);
    assert!(brain.respond("BOARD").is_empty());
    assert!(brain.respond("7,7,2").is_empty());
    let r = reply(&mut brain, "ABOUT");
    assert_eq!(r.len(), 2, "{r:?}");
    assert!(r[0].starts_with("ERROR BOARD: DONE missing"), "{r:?}");
    assert!(r[1].starts_with("name="), "{r:?}");
    assert_eq!(brain.board().unwrap().stone_count(), 0);
    let r = one(&mut brain, "DONE");
    assert!(r.starts_with("ERROR DONE without"), "{r}");
}

#[test]
fn yxboard_sets_up_silently() {
    let mut brain = started(Rule::Freestyle);
    assert!(send_block(&mut brain, "YXBOARD", &[(7, 7, 1), (8, 8, 2), (9, 9, 3)]).is_empty());
    let board = brain.board().unwrap();
    assert_eq!(board.stone_count(), 2);
    assert_eq!(board.get(Point::new(7, 7)), Cell::Black);
    // Thinking comes on request.
    legal_answer(&mut brain, "BEGIN", Rule::Freestyle);
}

/// The points of an answer line `x,y x,y ...`.
fn points(answer: &str) -> Vec<Point> {
    answer
        .split_whitespace()
        .map(|t| parse_move(t).unwrap_or_else(|| panic!("'{answer}'")))
        .collect()
}

/// Checks that `added` can follow `before` (play order, Black first) as
/// legal, distinct moves under `rule`.
fn assert_legal_continuation(before: &[(u8, u8)], added: &[Point], rule: Rule) {
    let mut board = Board::new(15).unwrap();
    for (i, &(x, y)) in before.iter().enumerate() {
        board.place(Point::new(x, y), Color::of_ply(i)).unwrap();
    }
    for &p in added {
        let color = Color::of_ply(board.stone_count());
        assert_eq!(
            rules::check_move(&board, rule, color, p),
            Ok(()),
            "{p:?}\n{board}"
        );
        board.place(p, color).unwrap();
    }
}

fn swap2_block(brain: &mut Brain, stones: &[(u8, u8)]) -> String {
    let lines: Vec<(u8, u8, u8)> = stones
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| (x, y, if i % 2 == 0 { 2 } else { 1 }))
        .collect();
    let r = send_block(brain, "SWAP2BOARD", &lines);
    assert_eq!(r.len(), 1, "{r:?}");
    r[0].clone()
}

#[test]
fn swap2board_with_no_stones_proposes_three_on_one_line() {
    for rule in Rule::ALL {
        let mut brain = started(rule);
        assert!(brain.respond("SWAP2BOARD").is_empty());
        let answer = one(&mut brain, "DONE");
        let stones = points(&answer);
        assert_eq!(stones.len(), 3, "{answer}");
        assert_legal_continuation(&[], &stones, rule);
        assert_eq!(brain.board().unwrap().stone_count(), 3);
    }
}

#[test]
fn swap2board_with_three_stones_swaps_plays_or_adds_two() {
    let opening = [(7, 7), (8, 8), (6, 8)];
    for rule in Rule::ALL {
        let mut brain = started(rule);
        let answer = swap2_block(&mut brain, &opening);
        let stones = brain.board().unwrap().stone_count();
        match answer.as_str() {
            "SWAP" => assert_eq!(stones, 3),
            _ => {
                let added = points(&answer);
                assert!((1..=2).contains(&added.len()), "{answer}");
                assert_legal_continuation(&opening, &added, rule);
                assert_eq!(stones, 3 + added.len());
            }
        }
    }
    // Black far ahead (two stones together, White's in the corner): swap.
    let mut brain = started(Rule::Freestyle);
    assert_eq!(swap2_block(&mut brain, &[(7, 7), (0, 0), (8, 7)]), "SWAP");
    // Our 4th move is followed by the game as usual.
    let mut brain = started(Rule::Freestyle);
    if let [fourth] = points_or_swap(&swap2_block(&mut brain, &[(0, 0), (7, 7), (14, 14)]))[..] {
        assert_legal_continuation(&[(0, 0), (7, 7), (14, 14)], &[fourth], Rule::Freestyle);
        legal_answer(&mut brain, "TURN 3,3", Rule::Freestyle);
    }
}

fn points_or_swap(answer: &str) -> Vec<Point> {
    if answer == "SWAP" {
        Vec::new()
    } else {
        points(answer)
    }
}

#[test]
fn swap2board_with_five_stones_swaps_or_plays_the_sixth() {
    let opening = [(7, 7), (8, 8), (6, 8), (7, 9), (9, 7)];
    for rule in Rule::ALL {
        let mut brain = started(rule);
        let answer = swap2_block(&mut brain, &opening);
        if answer == "SWAP" {
            assert_eq!(brain.board().unwrap().stone_count(), 5);
        } else {
            let sixth = points(&answer);
            assert_eq!(sixth.len(), 1, "{answer}");
            assert_legal_continuation(&opening, &sixth, rule);
        }
    }
}

#[test]
fn swap2board_reads_lines_with_or_without_fields() {
    let mut plain = started(Rule::Freestyle);
    let header = ["SWAP2BOARD", "7,7", "8,8", "6,8"];
    for line in header {
        assert!(plain.respond(line).is_empty(), "{line}");
    }
    let answer = one(&mut plain, "DONE");
    assert!(!answer.starts_with("ERROR"), "{answer}");
    // Fields name the same colours either way round.
    for (black, white) in [(1, 2), (2, 1)] {
        let mut brain = started(Rule::Freestyle);
        let r = send_block(
            &mut brain,
            "SWAP2BOARD",
            &[(7, 7, black), (8, 8, white), (6, 8, black)],
        );
        assert!(!r[0].starts_with("ERROR"), "{r:?}");
        let board = brain.board().unwrap();
        assert_eq!(board.get(Point::new(6, 8)), Cell::Black);
        assert_eq!(board.get(Point::new(8, 8)), Cell::White);
    }
}

#[test]
fn swap2board_refuses_impossible_boards() {
    type Stones = &'static [(u8, u8, u8)];
    let cases: [(Stones, &str); 4] = [
        (&[(7, 7, 1), (8, 8, 2)], "2 stones"),
        (&[(7, 7, 1), (7, 7, 2), (8, 8, 1)], "twice"),
        (&[(7, 7, 1), (8, 8, 2), (9, 9, 2)], "1 black and 2 white"),
        (&[(7, 7, 1), (8, 8, 2), (15, 9, 1)], "off the"),
    ];
    for (stones, why) in cases {
        let mut brain = started(Rule::Freestyle);
        let r = send_block(&mut brain, "SWAP2BOARD", stones);
        assert!(
            r[0].starts_with("ERROR SWAP2BOARD") && r[0].contains(why),
            "{r:?}"
        );
    }
}

#[test]
fn balance_commands_answer_free_points_and_keep_the_board() {
    let mut brain = started(Rule::Renju);
    send_block(&mut brain, "YXBOARD", &[(7, 7, 2), (8, 8, 1), (6, 8, 2)]);
    let before = brain.board().unwrap().clone();
    let one_stone = points(&one(&mut brain, "YXBALANCEONE"));
    assert_eq!(one_stone.len(), 1);
    let two = points(&one(&mut brain, "YXBALANCETWO 50"));
    assert_eq!(two.len(), 2);
    assert_eq!(brain.board().unwrap(), &before);
    let opening = [(7, 7), (8, 8), (6, 8)];
    assert_legal_continuation(&opening, &one_stone, Rule::Renju);
    assert_legal_continuation(&opening, &two, Rule::Renju);
    let mut fresh = Brain::new();
    assert!(one(&mut fresh, "YXBALANCEONE").starts_with("ERROR"));
}

#[test]
fn takeback_removes_the_last_mover_s_stone() {
    let mut brain = started(Rule::Freestyle);
    let ours = legal_answer(&mut brain, "TURN 7,7", Rule::Freestyle);
    let r = one(&mut brain, "TAKEBACK 7,7");
    assert!(
        r.starts_with("ERROR TAKEBACK 7,7") && r.contains("White moved last"),
        "{r}"
    );
    assert_eq!(
        one(&mut brain, &format!("takeback {},{}", ours.x, ours.y)),
        "OK"
    );
    assert_eq!(one(&mut brain, "TAKEBACK 7,7"), "OK");
    assert_eq!(brain.board().unwrap().stone_count(), 0);
    let r = one(&mut brain, "TAKEBACK 7,7");
    assert!(r.contains("no stone"), "{r}");
    let r = one(&mut brain, "TAKEBACK 99,7");
    assert!(r.contains("off the"), "{r}");
}

#[test]
fn a_full_board_gets_an_error_not_a_move() {
    let mut brain = started(Rule::Freestyle);
    assert_eq!(brain.respond("START 5"), ["OK"]);
    // 13 opponent (Black) and 12 own stones: we are White, with no point left.
    let stones: Vec<(u8, u8, u8)> = (0..25)
        .map(|i| ((i % 5) as u8, (i / 5) as u8, if i % 2 == 0 { 2 } else { 1 }))
        .collect();
    assert!(send_block(&mut brain, "YXBOARD", &stones).is_empty());
    let r = one(&mut brain, "BEGIN");
    assert_eq!(r, "ERROR no legal move left for White");
    assert_eq!(brain.board().unwrap().stone_count(), 25);
    // Black's last stone taken back: its point is the only answer.
    assert_eq!(one(&mut brain, "TAKEBACK 4,4"), "OK");
    assert_eq!(one(&mut brain, "BEGIN"), "4,4");
}

#[test]
fn restart_clears_the_board_and_keeps_the_size() {
    let mut brain = started(Rule::Freestyle);
    assert_eq!(brain.respond("START 17"), ["OK"]);
    legal_answer(&mut brain, "BEGIN", Rule::Freestyle);
    assert_eq!(brain.respond("RESTART"), ["OK"]);
    assert_eq!(brain.board().unwrap().stone_count(), 0);
    assert_eq!(brain.board().unwrap().size(), 17);
    let r = one(&mut brain, "RESTART now");
    assert!(r.starts_with("ERROR"), "{r}");
}

#[test]
fn info_sets_rule_and_clock_and_ignores_unknown_keys() {
    let mut brain = Brain::new();
    for line in [
        "INFO rule 4",
        "INFO timeout_turn 1500",
        "INFO timeout_match 90000",
        "INFO time_left -20",
        "INFO max_memory 83886080",
        "INFO game_type 2",
        "INFO max_depth 7",
        "INFO folder C:\\temp",
        "INFO evaluate 3,4",
        "INFO no_such_key 12",
        "INFO MAX_NODE 0",
    ] {
        assert!(brain.respond(line).is_empty(), "{line}");
    }
    assert_eq!(brain.rule(), Rule::Renju);
    assert_eq!(brain.clock().turn_ms, 1500);
    assert_eq!(brain.clock().match_ms, 90000);
    assert_eq!(brain.clock().time_left_ms, Some(-20));
    assert_eq!(brain.settings().max_memory, 83886080);
    assert_eq!(brain.settings().game_type, 2);
    assert_eq!(brain.settings().max_depth, Some(7));
    assert_eq!(brain.settings().max_nodes, None);
    // Nothing pending: the next command answers normally.
    assert_eq!(brain.respond("START 15"), ["OK"]);
    brain.respond("INFO rule 1");
    assert_eq!(brain.rule(), Rule::Standard);
    // Yixin-Board's renju; the continuous bit is otherwise ignored.
    brain.respond("INFO rule 2");
    assert_eq!(brain.rule(), Rule::Renju);
    brain.respond("INFO rule 3");
    assert_eq!(brain.rule(), Rule::Standard);
    brain.respond("INFO rule 0");
    assert_eq!(brain.rule(), Rule::Freestyle);
    brain.respond("INFO rule 6");
    assert_eq!(brain.rule(), Rule::Renju);
    // Yixin-Board's "no limit" for depth and nodes.
    brain.respond("INFO max_depth -1");
    brain.respond("INFO max_node -1");
    assert_eq!(brain.settings().max_depth, None);
    assert_eq!(brain.settings().max_nodes, None);
    assert_eq!(brain.respond("RESTART"), ["OK"]);
}

#[test]
fn bad_info_values_are_reported_by_the_next_command() {
    let mut brain = Brain::new();
    assert!(brain.respond("INFO timeout_turn soon").is_empty());
    assert!(brain.respond("INFO rule 8").is_empty());
    assert_eq!(brain.clock().turn_ms, super::clock::DEFAULT_TURN_MS);
    assert_eq!(brain.rule(), Rule::Freestyle);
    // The first problem is reported, and START is not executed.
    let r = one(&mut brain, "START 15");
    assert!(
        r.starts_with("ERROR INFO timeout_turn") && r.contains("soon"),
        "{r}"
    );
    assert!(brain.board().is_none());
    assert_eq!(brain.respond("START 15"), ["OK"]);
    // An unsupported rule is a limit we cannot meet.
    brain.respond("INFO rule 8");
    let r = one(&mut brain, "BEGIN");
    assert!(
        r.starts_with("ERROR INFO rule") && r.contains("not supported"),
        "{r}"
    );
    assert_eq!(brain.board().unwrap().stone_count(), 0);
    // Reported by a block at its DONE, after swallowing its lines.
    brain.respond("INFO time_left 1e5");
    assert!(brain.respond("BOARD").is_empty());
    assert!(brain.respond("7,7,2").is_empty());
    let r = one(&mut brain, "DONE");
    assert!(r.starts_with("ERROR BOARD: INFO time_left"), "{r}");
    assert_eq!(brain.board().unwrap().stone_count(), 0);
    legal_answer(&mut brain, "BEGIN", Rule::Freestyle);
}

#[test]
fn about_unknown_and_case() {
    let mut brain = Brain::new();
    let about = one(&mut brain, "about");
    for key in ["name=\"", "version=\"", "author=\"", "country=\""] {
        assert!(about.contains(key), "{about}");
    }
    assert_eq!(one(&mut brain, "FOO 1 2"), "UNKNOWN command 'FOO'");
    assert_eq!(one(&mut brain, "7,7,1"), "UNKNOWN command '7,7,1'");
    assert!(brain.respond("").is_empty());
    assert!(brain.respond("  \r\n").is_empty());
    assert!(brain.respond("STOP").is_empty());
    assert_eq!(brain.respond("Start 15\r\n"), ["OK"]);
}

#[test]
fn end_finishes_and_nothing_more_is_said() {
    let mut brain = started(Rule::Freestyle);
    assert!(!brain.is_finished());
    assert!(brain.respond("END").is_empty());
    assert!(brain.is_finished());
    assert!(brain.respond("ABOUT").is_empty());
    assert!(brain.respond("BEGIN").is_empty());
}

#[test]
fn progress_messages_come_before_the_move() {
    let mut brain = started(Rule::Freestyle);
    let lines = brain.respond("BEGIN");
    let (last, messages) = lines.split_last().unwrap();
    assert!(parse_move(last).is_some(), "{lines:?}");
    assert!(!messages.is_empty(), "{lines:?}");
    for m in messages {
        assert!(m.starts_with("MESSAGE depth ") && m.contains(" pv "), "{m}");
    }
}

/// The YXSHOWFORBID test position (see the comment in the data file), read
/// with the brain's own parser of `x,y,field` lines.
fn forbid_stones() -> Vec<(u8, u8, u8)> {
    let lines = include_str!("../../tests/data/yxshowforbid.txt")
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
fn yxshowforbid_lists_black_s_forbidden_points() {
    let mut brain = started(Rule::Renju);
    assert_eq!(one(&mut brain, "YXSHOWFORBID"), "FORBID .");
    assert!(send_block(&mut brain, "YXBOARD", &forbid_stones()).is_empty());
    assert_eq!(one(&mut brain, "yxshowforbid"), "FORBID 04011208.");
    // White to move: nothing is forbidden for White.
    brain.respond("TAKEBACK 14,4");
    assert_eq!(one(&mut brain, "YXSHOWFORBID"), "FORBID .");
    // Not Renju: nothing is forbidden.
    brain.respond("INFO rule 1");
    send_block(&mut brain, "YXBOARD", &forbid_stones());
    assert_eq!(one(&mut brain, "YXSHOWFORBID"), "FORBID .");
}

#[test]
fn we_never_play_a_forbidden_point() {
    // Black (us) to move in the position above, where White now also
    // threatens five on the anti-diagonal through 12,8: the only block is
    // forbidden, so Black must play elsewhere (and lose) rather than cheat.
    let mut stones = forbid_stones();
    for (x, y) in [(14, 6), (13, 7), (11, 9), (10, 10)] {
        stones.push((x, y, 2));
    }
    for (x, y) in [(0, 9), (4, 7), (8, 11), (14, 12)] {
        stones.push((x, y, 1));
    }
    let mut brain = started(Rule::Renju);
    send_block(&mut brain, "YXBOARD", &stones);
    let board = brain.board().unwrap().clone();
    assert!(rules::makes_five(
        &board,
        Point::new(12, 8),
        Color::White,
        Rule::Renju
    ));
    assert_eq!(one(&mut brain, "YXSHOWFORBID"), "FORBID 04011208.");
    let p = legal_answer(&mut brain, "BEGIN", Rule::Renju);
    assert!(p != Point::new(4, 1) && p != Point::new(12, 8), "{p:?}");
}

#[test]
fn legal_choice_replaces_illegal_suggestions() {
    let diagram = "\
. . . . . . . . .
. X X X . X X . .
. . . . . . . . .
. . . . . . . . .
. . . . . O . . .
. . . . . O . . .
. . . . . O . . .
. . . . . O . . .
. . . . . . . . .
";
    let board = Board::from_diagram(diagram).unwrap();
    // 4,1 is an overline for Black; no five is available to Black, so the
    // fallback blocks White's four at 5,3 or 5,8.
    let blocks = [Point::new(5, 3), Point::new(5, 8)];
    for bad in [
        Some(Point::new(4, 1)),
        Some(Point::new(1, 1)),
        Some(Point::new(9, 0)),
        Some(Point::new(200, 200)),
        None,
    ] {
        let p = legal_choice(&board, Rule::Renju, Color::Black, bad).unwrap();
        assert!(blocks.contains(&p), "{bad:?} -> {p:?}");
    }
    // Legal suggestions are kept; in freestyle 4,1 wins and is found.
    assert_eq!(
        legal_choice(&board, Rule::Renju, Color::Black, Some(Point::new(0, 8))),
        Some(Point::new(0, 8))
    );
    assert_eq!(
        legal_choice(&board, Rule::Freestyle, Color::Black, None),
        Some(Point::new(4, 1))
    );
    // A full board has no move.
    let mut full = Board::new(5).unwrap();
    for (i, p) in full.clone().points().enumerate() {
        full.place(p, Color::of_ply(i / 2)).unwrap();
    }
    assert_eq!(
        legal_choice(&full, Rule::Freestyle, Color::Black, None),
        None
    );
}

/// Random Renju games in the centre of the board (dense, so Black often has
/// forbidden points), sent as BOARD in play order: every answer is legal.
#[test]
fn random_positions_never_get_an_illegal_answer() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut brain = started(Rule::Renju);
    let mut positions_with_forbidden = 0;
    for _ in 0..80 {
        let mut board = Board::new(15).unwrap();
        let mut order = Vec::new();
        let target = rng.random_range(0..70) as usize;
        let mut tries = 0;
        while order.len() < target && tries < 2000 {
            tries += 1;
            let p = Point::new(
                3 + rng.random_range(0..9) as u8,
                3 + rng.random_range(0..9) as u8,
            );
            let color = Color::of_ply(order.len());
            if rules::check_move(&board, Rule::Renju, color, p).is_ok() {
                board.place(p, color).unwrap();
                order.push((p, color));
            }
        }
        let us = Color::of_ply(order.len());
        if us == Color::Black && board.empty_points().any(|p| rules::is_forbidden(&board, p)) {
            positions_with_forbidden += 1;
        }
        let stones: Vec<(u8, u8, u8)> = order
            .iter()
            .map(|&(p, c)| (p.x, p.y, if c == us { 1 } else { 2 }))
            .collect();
        let lines = board_lines("BOARD", &stones);
        for line in &lines[..lines.len() - 1] {
            brain.respond(line);
        }
        let p = legal_answer(&mut brain, "DONE", Rule::Renju);
        assert_eq!(brain.board().unwrap().get(p), Cell::stone(us));
    }
    assert!(positions_with_forbidden >= 10, "{positions_with_forbidden}");
}

/// A whole game through TURN against a random legal opponent, in each rule.
#[test]
fn turn_by_turn_games_stay_legal() {
    for rule in Rule::ALL {
        let mut rng = ChaCha8Rng::seed_from_u64(7 + rule.gomocup_mask() as u64);
        let mut brain = started(rule);
        legal_answer(&mut brain, "BEGIN", rule);
        for _ in 0..40 {
            let board = brain.board().unwrap().clone();
            let legal = rules::legal_moves(&board, rule, Color::White);
            let p = legal[rng.random_range(0..legal.len() as u64) as usize];
            legal_answer(&mut brain, &format!("TURN {},{}", p.x, p.y), rule);
        }
    }
}

/// Junk and half-valid lines in random order: the brain never panics, every
/// line it prints has a known form, and every move it plays is legal.
#[test]
fn fuzzed_input_never_panics() {
    let words = [
        "START",
        "RESTART",
        "RECTSTART",
        "INFO",
        "BEGIN",
        "TURN",
        "BOARD",
        "YXBOARD",
        "DONE",
        "TAKEBACK",
        "ABOUT",
        "YXSHOWFORBID",
        "SWAP2BOARD",
        "YXBALANCEONE",
        "YXBALANCETWO 30",
        "STOP",
        "PLAY",
        "turn",
        "info rule",
        "INFO time_left",
        "INFO timeout_turn",
        "Board",
        "\u{feff}",
        "ÉÀ",
        "\0",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut brain = Brain::new();
    brain.respond("INFO max_depth 1");
    brain.respond("INFO max_node 500");
    brain.respond("INFO timeout_turn 50");
    let mut moves = 0;
    for _ in 0..4000 {
        let mut line = String::new();
        if rng.random_range(0..4) != 0 {
            line.push_str(words[rng.random_range(0..words.len() as u64) as usize]);
            line.push(' ');
        }
        for _ in 0..rng.random_range(0..4) {
            match rng.random_range(0..6) {
                0 => line.push_str(&(rng.random_range(0..30) as i64 - 3).to_string()),
                1 => line.push(','),
                2 => line.push(' '),
                3 => line.push(char::from_u32(rng.random_range(0..0x3000) as u32).unwrap_or('?')),
                4 => line.push_str(&format!(
                    "{},{}",
                    rng.random_range(0..22),
                    rng.random_range(0..22)
                )),
                _ => line.push_str(&format!(
                    "{},{},{}",
                    rng.random_range(0..16),
                    rng.random_range(0..16),
                    rng.random_range(0..4)
                )),
            }
        }
        // Keep the game going: restart now and then, with a random rule.
        if rng.random_range(0..60) == 0 {
            brain.respond(&format!(
                "INFO rule {}",
                [0, 1, 4, 5][rng.random_range(0..4) as usize]
            ));
            brain.respond("START 15");
        }
        let before = brain.board().cloned();
        let rule = brain.rule();
        let balance = line.to_ascii_uppercase().starts_with("YXBALANCE");
        for out in brain.respond(&line) {
            let answered: Option<Vec<Point>> = out.split(' ').map(parse_move).collect();
            match answered.as_deref() {
                Some([p]) if !balance => {
                    // The move was played on the board as it was after any
                    // opponent stone in this line.
                    let mut board = brain.board().unwrap().clone();
                    let color = board.remove(*p).expect("our move is on the board");
                    assert_eq!(
                        rules::check_move(&board, rule, color, *p),
                        Ok(()),
                        "{line:?}"
                    );
                    moves += 1;
                    continue;
                }
                Some(points) => {
                    // Balancing stones are proposed on free points; swap2
                    // stones are placed.
                    let board = brain.board().unwrap();
                    assert!(
                        points.iter().all(|&p| board.is_empty_at(p) == balance),
                        "{line:?} -> {out}\n{board}"
                    );
                    continue;
                }
                None => {}
            }
            if out == "SWAP" {
                continue;
            }
            let known = ["OK", "ERROR ", "UNKNOWN ", "MESSAGE ", "FORBID ", "name="];
            assert!(
                !out.starts_with("DEBUG "),
                "the search proposed an illegal move: {out}"
            );
            assert!(
                known.iter().any(|k| out.starts_with(k)),
                "{line:?} -> {out:?} (board before: {before:?})"
            );
            assert!(!out.contains('\n') && !out.contains('\r'), "{out:?}");
        }
    }
    assert!(moves > 20, "only {moves} moves were played");
}

#[test]
fn yxnbest_reports_distinct_moves_and_plays_the_best() {
    let mut fresh = Brain::new();
    assert!(one(&mut fresh, "YXNBEST 3").starts_with("ERROR"));
    let mut brain = started(Rule::Freestyle);
    assert!(one(&mut brain, "YXNBEST 0").starts_with("ERROR"));
    assert!(one(&mut brain, "YXNBEST many").starts_with("ERROR"));
    // We are Black with four in a row 7..10 on row 7 (6,7 blocked): 11,7 wins.
    let stones = [
        (7, 7, 1),
        (6, 7, 2),
        (8, 7, 1),
        (7, 8, 2),
        (9, 7, 1),
        (8, 8, 2),
        (10, 7, 1),
        (3, 3, 2),
    ];
    send_block(&mut brain, "YXBOARD", &stones);
    let lines = brain.respond("YXNBEST 3");
    let reported: Vec<Point> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("MESSAGE nbest "))
        .enumerate()
        .map(|(k, rest)| {
            let mut words = rest.split(' ');
            assert_eq!(words.next(), Some((k + 1).to_string().as_str()));
            parse_move(words.next().unwrap()).expect("a move")
        })
        .collect();
    assert_eq!(reported.len(), 3, "{lines:?}");
    assert!(reported[0] != reported[1] && reported[1] != reported[2] && reported[0] != reported[2]);
    assert_eq!(reported[0], Point::new(11, 7));
    assert_eq!(lines.last().map(String::as_str), Some("11,7"));
    assert_eq!(
        brain.board().unwrap().get(Point::new(11, 7)),
        Cell::stone(Color::Black)
    );
}

#[test]
fn a_move_is_timed_from_the_arrival_of_the_block_that_asked_for_it() {
    use std::time::{Duration, Instant};
    let mut brain = started(Rule::Freestyle);
    let now = Instant::now();
    let long_ago = now
        .checked_sub(Duration::from_secs(5))
        .expect("the clock has run for 5 s");
    let mut replies = Vec::new();
    let mut out = |line: String| replies.push(line);
    // BOARD was read 5 s before the brain thread got to it (a busy
    // machine); its stones and DONE came just now.
    brain.handle_arrived("BOARD", long_ago, &mut out);
    brain.handle_arrived("8,8,2", now, &mut out);
    brain.handle_arrived("DONE", now, &mut out);
    let answer = replies.iter().find(|l| !l.starts_with("MESSAGE ")).unwrap();
    let ours = parse_move(answer).unwrap_or_else(|| panic!("{replies:?}"));
    // The wait counts against our match clock like thinking does.
    assert!(brain.clock().used_ms >= 5_000, "{:?}", brain.clock());
    let used = brain.clock().used_ms;
    // A request that did not wait costs only its thinking (the opponent's
    // move goes to a point our answer left empty).
    let theirs = [Point::new(7, 7), Point::new(6, 6)]
        .into_iter()
        .find(|&p| p != ours)
        .expect("one of two points is free");
    let turn = format!("TURN {},{}", theirs.x, theirs.y);
    legal_answer(&mut brain, &turn, Rule::Freestyle);
    assert!(brain.clock().used_ms - used < 5_000, "{:?}", brain.clock());
}
