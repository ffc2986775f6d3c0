//! Search behaviour on positions with known answers.
//!
//! The VCF puzzles in `data/puzzles_quintet.jsonl` come from renju-note/quintet
//! (src/mate/solve.rs and its README), MIT licence, Copyright (c) 2020 Renju
//! Note; full text in `data/quintet-LICENSE.txt`. The seed 002 regression
//! positions below are our own constructions of the five cases it lists.

use gomoku_engine::board::parse_move_list;
use gomoku_engine::eval::Position;
use gomoku_engine::eval::pattern::Threat;
use gomoku_engine::rules::{self, Rule};
use gomoku_engine::search::{Level, Score, SearchLimits, Searcher, bench, vcf};
use gomoku_engine::{Board, Cell, Color, Point};
use std::sync::atomic::AtomicBool;

fn diagram(rows: &str) -> Board {
    Board::from_diagram(rows).expect("valid diagram")
}

fn best(board: &Board, rule: Rule, to_move: Color, depth: u32) -> (Point, Score) {
    let cancel = AtomicBool::new(false);
    let info = Searcher::new(rule).search(
        board,
        to_move,
        &SearchLimits::depth(depth),
        &cancel,
        &mut |_| {},
    );
    (info.best.expect("a move"), info.score)
}

fn at(text: &str) -> Point {
    Point::parse(text, 15).unwrap()
}

/// 15x15 diagram rows, top row first (row 15 of the `h8` notation).
const T1_OWN_FOUR: &str = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . X . . . . . . .
. . . . . . . X . . . . . . .
. . . . . X O O O O . . . . .
. . . . . . X . X . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .";

#[test]
fn t1_completes_its_own_four() {
    let b = diagram(T1_OWN_FOUR);
    let (p, score) = best(&b, Rule::Freestyle, Color::White, 4);
    assert_eq!(p, at("k8"));
    assert_eq!(score, Score::WinIn(1));
}

#[test]
fn t2_blocks_the_opponents_four() {
    // Black has a four g8-j8 blocked at f8... by nothing: White must block k8.
    let b = diagram(
        "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . O . O . . . . .
. . . . . O X X X X . . . . .
. . . . . . O . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .",
    );
    let (p, _) = best(&b, Rule::Freestyle, Color::White, 4);
    assert_eq!(p, at("k8"));
}

#[test]
fn t3_blocks_an_open_three_rather_than_making_a_two() {
    // Black: open three g8-i8. White: a two at c3-d3 far away.
    let b = diagram(
        "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . X X X . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . O O . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .",
    );
    let (p, _) = best(&b, Rule::Freestyle, Color::White, 4);
    let mut after = b.clone();
    after.place(p, Color::White).unwrap();
    let pos = Position::new(&after, Rule::Freestyle);
    assert_eq!(
        pos.count(Color::Black, Threat::Flex4),
        0,
        "{} leaves Black an open four",
        p.to_notation(15)
    );
}

#[test]
fn t4_with_fours_on_both_sides_wins_first() {
    let b = diagram(
        "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . O X X X X . . . . .
. . . . . . . . . . . . . . .
. . . . . X O O O O . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .",
    );
    let (p, score) = best(&b, Rule::Freestyle, Color::White, 4);
    assert_eq!(p, at("k7"));
    assert_eq!(score, Score::WinIn(1));
    let (p, _) = best(&b, Rule::Freestyle, Color::Black, 4);
    assert_eq!(p, at("k9"));
}

#[test]
fn t5_without_threats_makes_a_double_three() {
    // Black: two g8-h8 and two i10-i9 cross at i8; White's stones are scattered.
    let b = diagram(DOUBLE_THREE);
    let (p, score) = best(&b, Rule::Freestyle, Color::Black, 6);
    let pos = Position::new(&b, Rule::Freestyle);
    assert!(
        pos.threat(p.index(), Color::Black) <= Threat::ThreeThree,
        "{} is {:?}",
        p.to_notation(15),
        pos.threat(p.index(), Color::Black)
    );
    assert!(matches!(score, Score::WinIn(_)), "{score:?}");
}

/// Seed 002's T5 position, with Black's double three at i8.
const DOUBLE_THREE: &str = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . O . . . . . . . . . . . .
. . . . . . . . X . . . . . .
. . . . . . . . X . . . . . .
. . . . . . X X . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . O . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . O
. . . . . . . . . . . . . . .";

#[test]
fn renju_black_never_plays_its_double_three() {
    let b = diagram(DOUBLE_THREE);
    assert!(rules::is_forbidden(&b, at("i8")));
    let cancel = AtomicBool::new(false);
    let mut s = Searcher::new(Rule::Renju);
    let info = s.search(
        &b,
        Color::Black,
        &SearchLimits::depth(5),
        &cancel,
        &mut |_| {},
    );
    let p = info.best.expect("a move");
    assert_ne!(p, at("i8"));
    assert!(rules::check_move(&b, Rule::Renju, Color::Black, p).is_ok());
    for level in Level::ALL {
        for seed in 0..2 {
            let info = s.search_level_timed(
                &b,
                Color::Black,
                level,
                seed,
                std::time::Duration::from_millis(10),
                &cancel,
                &mut |_| {},
            );
            let p = info.best.expect("a move");
            assert!(
                rules::check_move(&b, Rule::Renju, Color::Black, p).is_ok(),
                "{level:?} plays {}",
                p.to_notation(15)
            );
        }
    }
}

#[test]
fn a_forbidden_point_is_no_threat_for_black() {
    // In Renju, i8 is no threat White must answer: Black may not play it.
    // In freestyle the same point is Black's double three.
    let b = diagram(DOUBLE_THREE);
    let pos = Position::new(&b, Rule::Renju);
    assert_eq!(
        pos.threat(at("i8").index(), Color::Black),
        Threat::Forbidden
    );
    let free = Position::new(&b, Rule::Freestyle);
    assert_eq!(
        free.threat(at("i8").index(), Color::Black),
        Threat::ThreeThree
    );
}

/// The fields of one puzzle line we need (hand-parsed: no JSON dependency).
struct Puzzle {
    id: String,
    set: String,
    rule: Rule,
    /// Moves of the shortest known win, the attacker's and the defender's.
    length: u32,
    moves: String,
    to_move: Color,
    wins: Vec<String>,
}

fn field<'a>(line: &'a str, name: &str) -> &'a str {
    let key = format!("\"{name}\": ");
    let start = line.find(&key).unwrap_or_else(|| panic!("no {name}")) + key.len();
    let rest = &line[start..];
    if let Some(s) = rest.strip_prefix('"') {
        &s[..s.find('"').unwrap()]
    } else {
        &rest[..rest.find('}').unwrap() + 1]
    }
}

fn puzzles() -> Vec<Puzzle> {
    include_str!("data/puzzles_quintet.jsonl")
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| Puzzle {
            id: field(l, "id").into(),
            set: field(l, "set").into(),
            rule: Rule::from_name(field(l, "rule")).unwrap(),
            length: l
                .split("\"length\": ")
                .nth(1)
                .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("no length in {l}")),
            moves: field(l, "moves").into(),
            to_move: if field(l, "to_move") == "black" {
                Color::Black
            } else {
                Color::White
            },
            wins: field(l, "win")
                .trim_matches(|c| c == '{' || c == '}')
                .split(',')
                .map(|kv| {
                    kv.split(':')
                        .next()
                        .unwrap()
                        .trim()
                        .trim_matches('"')
                        .to_string()
                })
                .collect(),
        })
        .collect()
}

fn puzzle_board(p: &Puzzle) -> Board {
    let mut b = Board::new(15).unwrap();
    for (n, m) in parse_move_list(&p.moves, 15).unwrap().iter().enumerate() {
        b.place(*m, Color::of_ply(n)).unwrap();
    }
    b
}

fn five_points(b: &Board, rule: Rule, color: Color) -> Vec<Point> {
    b.empty_points()
        .filter(|&q| rules::makes_five(b, q, color, rule))
        .collect()
}

/// Replays a VCF line with the rules module alone and checks that it wins:
/// every attacker move is legal and a four (a single five point, which the
/// defender must take), the defender never has a five of its own, and the
/// line ends in a five or a four whose block is forbidden to Black.
fn assert_vcf_wins(board: &Board, rule: Rule, attacker: Color, line: &[Point], id: &str) {
    let defender = attacker.opponent();
    let mut b = board.clone();
    let mut i = 0;
    loop {
        let m = line[i];
        rules::check_move(&b, rule, attacker, m).unwrap_or_else(|e| panic!("{id}: {e}"));
        b.place(m, attacker).unwrap();
        if rules::winning_line(&b, m, rule).is_some() {
            assert_eq!(i + 1, line.len(), "{id}: line goes on after the five");
            return;
        }
        assert!(
            five_points(&b, rule, defender).is_empty(),
            "{id}: defender has a five after {}",
            m.to_notation(15)
        );
        let threats = five_points(&b, rule, attacker);
        assert!(
            !threats.is_empty(),
            "{id}: {} is not a four",
            m.to_notation(15)
        );
        if threats.len() == 1 && rules::check_move(&b, rule, defender, threats[0]).is_err() {
            assert_eq!(
                i + 1,
                line.len(),
                "{id}: line goes on after a forbidden block"
            );
            return;
        }
        let reply = line[i + 1];
        assert!(
            threats.contains(&reply),
            "{id}: the defender's reply does not block"
        );
        if threats.len() == 1 {
            b.place(reply, defender).unwrap();
        } else {
            // Two five points: whatever the defender does, the other wins.
            b.place(reply, defender).unwrap();
            assert!(five_points(&b, rule, attacker).contains(&line[i + 2]));
        }
        i += 2;
    }
}

#[test]
fn quintet_vcf_puzzles_are_solved() {
    let all = puzzles();
    let vcf_set: Vec<&Puzzle> = all.iter().filter(|p| p.set == "vcf").collect();
    assert!(vcf_set.len() >= 5);
    for p in vcf_set {
        let board = puzzle_board(p);
        let found = vcf::find(&board, p.rule, p.to_move, 120, 2_000_000)
            .unwrap_or_else(|| panic!("{}: no VCF found", p.id));
        let first = found.line[0].to_notation(15);
        assert!(
            p.wins.contains(&first),
            "{}: first move {first} is not one of {:?}",
            p.id,
            p.wins
        );
        assert_vcf_wins(&board, p.rule, p.to_move, &found.line, &p.id);
    }
}

#[test]
fn no_vcf_without_fours() {
    // An opening: nobody can make a four, so there is no VCF either way.
    let moves = parse_move_list("h8h9h10i9", 15).unwrap();
    let mut board = Board::new(15).unwrap();
    for (n, m) in moves.iter().enumerate() {
        board.place(*m, Color::of_ply(n)).unwrap();
    }
    for color in [Color::Black, Color::White] {
        assert!(vcf::find(&board, Rule::Renju, color, 30, 200_000).is_none());
    }
}

/// The search's root VCF check finds every short VCF puzzle: it must
/// report a win (not just a good move) and play a winning first move.
#[test]
fn the_search_finds_short_vcf_puzzles() {
    let all = puzzles();
    let short: Vec<&Puzzle> = all
        .iter()
        .filter(|p| p.set == "vcf" && p.length <= 15)
        .collect();
    assert!(short.len() >= 4, "the data set has short VCF puzzles");
    for p in short {
        let board = puzzle_board(p);
        let (mv, score) = best(&board, p.rule, p.to_move, 3);
        assert!(
            matches!(score, Score::WinIn(_)),
            "{}: no win found, score {score:?} for {}",
            p.id,
            mv.to_notation(15)
        );
        assert!(
            p.wins.contains(&mv.to_notation(15)),
            "{}: {} is not one of the winning moves {:?}",
            p.id,
            mv.to_notation(15),
            p.wins
        );
    }
}

/// A board with no five anywhere: colour by `(x + 2y) mod 4`.
fn filled(size: usize) -> Board {
    let mut b = Board::new(size).unwrap();
    for p in b.clone().points() {
        let c = if (p.x as usize + 2 * p.y as usize) % 4 < 2 {
            Color::Black
        } else {
            Color::White
        };
        b.place(p, c).unwrap();
    }
    b
}

#[test]
fn a_full_board_has_no_move() {
    let b = filled(7);
    assert!(b.is_full());
    for rule in Rule::ALL {
        for color in [Color::Black, Color::White] {
            let cancel = AtomicBool::new(false);
            let mut s = Searcher::new(rule);
            let info = s.search(&b, color, &SearchLimits::depth(4), &cancel, &mut |_| {});
            assert_eq!(info.best, None);
            let info = s.search_level(&b, color, Level::Beginner, 1, &cancel, &mut |_| {});
            assert_eq!(info.best, None);
        }
    }
}

#[test]
fn renju_black_with_only_forbidden_points_has_no_move() {
    // Fill a 7x7 board, then open one hole on row 4 with Black on both
    // sides so that the hole would make an overline for Black.
    let mut b = filled(7);
    let y = 3;
    for x in 0..7u8 {
        b.remove(Point::new(x, y));
        b.place(
            Point::new(x, y),
            if x == 6 { Color::White } else { Color::Black },
        )
        .unwrap();
    }
    let hole = Point::new(2, y);
    b.remove(hole);
    for p in b.points() {
        if b.get(p) != Cell::Empty {
            assert!(
                rules::winning_line(&b, p, Rule::Freestyle).is_none(),
                "{p:?}"
            );
        }
    }
    assert!(rules::legal_moves(&b, Rule::Renju, Color::Black).is_empty());
    let cancel = AtomicBool::new(false);
    let mut s = Searcher::new(Rule::Renju);
    let info = s.search(
        &b,
        Color::Black,
        &SearchLimits::depth(3),
        &cancel,
        &mut |_| {},
    );
    assert_eq!(info.best, None);
    for level in Level::ALL {
        let info = s.search_level(&b, Color::Black, level, 7, &cancel, &mut |_| {});
        assert_eq!(info.best, None, "{level:?}");
    }
    // White may play there.
    let info = s.search(
        &b,
        Color::White,
        &SearchLimits::depth(3),
        &cancel,
        &mut |_| {},
    );
    assert_eq!(info.best, Some(hole));
}

#[test]
fn same_node_limit_same_result() {
    let moves = parse_move_list("h8h9j9j8f8i7g7i9h6e9", 15).unwrap();
    let mut b = Board::new(15).unwrap();
    for (n, m) in moves.iter().enumerate() {
        b.place(*m, Color::of_ply(n)).unwrap();
    }
    let limits = SearchLimits {
        nodes: Some(12_000),
        ..Default::default()
    };
    let cancel = AtomicBool::new(false);
    let run = || {
        let info =
            Searcher::new(Rule::Renju).search(&b, Color::Black, &limits, &cancel, &mut |_| {});
        (info.best, info.nodes, info.depth)
    };
    // A fresh searcher is reproducible.
    assert_eq!(run(), run());
}

#[test]
fn levels_take_wins_block_fours_and_play_legally() {
    let own_four = diagram(T1_OWN_FOUR);
    let cancel = AtomicBool::new(false);
    for level in Level::ALL {
        assert!(!level.description().is_empty());
        let mut s = Searcher::new(Rule::Freestyle);
        for seed in 0..2 {
            let info = s.search_level_timed(
                &own_four,
                Color::Black,
                level,
                seed,
                std::time::Duration::from_millis(15),
                &cancel,
                &mut |_| {},
            );
            // Black must block White's four at k8 (or lose).
            assert_eq!(info.best, Some(at("k8")), "{level:?}");
            if level != Level::Beginner {
                let info = s.search_level_timed(
                    &own_four,
                    Color::White,
                    level,
                    seed,
                    std::time::Duration::from_millis(15),
                    &cancel,
                    &mut |_| {},
                );
                assert_eq!(info.best, Some(at("k8")), "{level:?} misses a win");
            }
        }
    }
}

#[test]
fn a_cancelled_search_still_returns_a_legal_move() {
    let b = diagram(T1_OWN_FOUR);
    let cancel = AtomicBool::new(true);
    let mut s = Searcher::new(Rule::Renju);
    let info = s.search(
        &b,
        Color::Black,
        &SearchLimits::depth(20),
        &cancel,
        &mut |_| {},
    );
    let p = info.best.expect("a move");
    assert!(rules::check_move(&b, Rule::Renju, Color::Black, p).is_ok());
}

#[test]
fn progress_is_reported_for_each_depth() {
    let b = diagram(T1_OWN_FOUR.replace("O O O O", "O O O .").as_str());
    let cancel = AtomicBool::new(false);
    let mut depths = Vec::new();
    let info = Searcher::new(Rule::Freestyle).search(
        &b,
        Color::Black,
        &SearchLimits::depth(4),
        &cancel,
        &mut |i| depths.push(i.depth),
    );
    assert_eq!(info.depth, *depths.last().unwrap());
    assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
    assert_eq!(info.pv.first(), info.best.as_ref());
}

#[test]
fn small_and_large_boards_and_edges() {
    let cancel = AtomicBool::new(false);
    for size in [5usize, 15, 20, 22] {
        let mut b = Board::new(size).unwrap();
        let last = (size - 1) as u8;
        // Stones in the corners, where the pattern windows meet the walls.
        for (i, p) in [(0, 0), (last, last), (0, last), (last, 0), (1, 1)]
            .iter()
            .enumerate()
        {
            b.place(Point::new(p.0, p.1), Color::of_ply(i)).unwrap();
        }
        for rule in Rule::ALL {
            let info = Searcher::new(rule).search(
                &b,
                Color::White,
                &SearchLimits::depth(3),
                &cancel,
                &mut |_| {},
            );
            let p = info.best.expect("a move");
            assert!(
                rules::check_move(&b, rule, Color::White, p).is_ok(),
                "{size} {rule:?}"
            );
        }
    }
}

#[test]
fn renju_white_ignores_a_four_three_whose_three_is_fake() {
    // quintet's test_vct_counter: Black's four-three at g8 is no threat
    // because its straight-four point f6 is forbidden, so White is free to
    // win by threats starting at f7.
    let p = puzzles()
        .into_iter()
        .find(|p| p.id == "q-test_vct_counter")
        .unwrap();
    let board = puzzle_board(&p);
    assert!(rules::is_forbidden(&board, at("f6")));
    let (mv, score) = best(&board, Rule::Renju, Color::White, 6);
    assert_eq!(mv.to_notation(15), "f7");
    assert!(matches!(score, Score::WinIn(_)), "{score:?}");
}

#[test]
fn lazy_smp_with_three_threads_still_finds_the_double_three_win() {
    // Seed 002's T5 again, now with helper threads sharing the table under
    // a time limit: the main thread still decides, and the helpers' nodes
    // are counted.
    let b = diagram(DOUBLE_THREE);
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(Rule::Freestyle);
    searcher.set_threads(3);
    assert_eq!(searcher.threads(), 3);
    let mut main_nodes = 0;
    let info = searcher.search(
        &b,
        Color::Black,
        &SearchLimits::time(1_500),
        &cancel,
        &mut |i| main_nodes = i.nodes,
    );
    let p = info.best.expect("a move");
    let pos = Position::new(&b, Rule::Freestyle);
    assert!(pos.threat(p.index(), Color::Black) <= Threat::ThreeThree);
    assert!(matches!(info.score, Score::WinIn(_)), "{:?}", info.score);
    assert!(info.nodes >= main_nodes);
    searcher.set_threads(0);
    assert_eq!(searcher.threads(), 1);
}

/// A reused searcher keeps its table, so the same node budget reads
/// deeper the second time, over the bench positions as a whole. (Not in
/// every position: the kept table changes which moves come first and
/// which are reduced, and one iteration can cost more than before.)
#[test]
fn a_kept_table_reads_deeper_on_the_whole() {
    let limits = SearchLimits {
        nodes: Some(12_000),
        ..Default::default()
    };
    let cancel = AtomicBool::new(false);
    let (mut fresh, mut kept) = (0, 0);
    for (rule, moves) in bench::POSITIONS {
        let (board, to_move) = bench::position(moves).unwrap();
        let mut s = Searcher::new(rule);
        fresh += s
            .search(&board, to_move, &limits, &cancel, &mut |_| {})
            .depth;
        kept += s
            .search(&board, to_move, &limits, &cancel, &mut |_| {})
            .depth;
    }
    assert!(kept > fresh, "kept table {kept} plies, fresh {fresh}");
}
