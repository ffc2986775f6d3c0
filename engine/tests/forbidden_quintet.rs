//! Renju forbidden points checked against the positions of renju-note/quintet.
//!
//! The positions in `data/quintet_forbidden.txt` come from renju-note/quintet
//! (<https://github.com/renju-note/quintet>, `src/board/forbidden.rs` at
//! d8bdf3c, tests test_forbiddens / test_double_three / test_double_four /
//! test_overline), MIT licence, Copyright (c) 2020 Renju Note. The licence
//! text is in `data/quintet-LICENSE.txt`.

use gomoku_engine::rules::{ForbiddenKind, forbidden};
use gomoku_engine::{Board, Color, Point};

struct Case {
    name: String,
    board: Board,
    /// (point, expected kind or None for "not forbidden")
    checks: Vec<(Point, Option<ForbiddenKind>)>,
    /// When set, these are all the forbidden points of the position.
    all: bool,
}

fn kind(name: &str) -> Option<ForbiddenKind> {
    match name {
        "double-three" => Some(ForbiddenKind::DoubleThree),
        "double-four" => Some(ForbiddenKind::DoubleFour),
        "overline" => Some(ForbiddenKind::Overline),
        "none" => None,
        other => panic!("unknown kind {other}"),
    }
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/quintet_forbidden.txt");
    let mut cases = Vec::new();
    let mut lines = text.lines().filter(|l| !l.starts_with('#')).peekable();
    while let Some(line) = lines.next() {
        let Some(name) = line.strip_prefix("case ") else {
            continue;
        };
        let mut board = Board::new(15).unwrap();
        for y in 0..15u8 {
            let row: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
            assert_eq!(row.len(), 15, "{name} row {y}");
            for (x, cell) in row.iter().enumerate() {
                // In quintet's diagrams `o` is Black and `x` is White.
                let color = match *cell {
                    "o" => Color::Black,
                    "x" => Color::White,
                    _ => continue,
                };
                board.place(Point::new(x as u8, y), color).unwrap();
            }
        }
        let mut checks = Vec::new();
        let mut all = false;
        while let Some(l) = lines.next_if(|l| l.starts_with("point ") || l.starts_with("all")) {
            if let Some(rest) = l.strip_prefix("all") {
                all = true;
                for item in rest.split_whitespace() {
                    let f: Vec<&str> = item.split(',').collect();
                    checks.push((
                        Point::new(f[0].parse().unwrap(), f[1].parse().unwrap()),
                        kind(f[2]),
                    ));
                }
            } else {
                let f: Vec<&str> = l.split_whitespace().collect();
                checks.push((
                    Point::new(f[1].parse().unwrap(), f[2].parse().unwrap()),
                    kind(f[3]),
                ));
            }
        }
        cases.push(Case {
            name: name.to_string(),
            board,
            checks,
            all,
        });
    }
    cases
}

#[test]
fn quintet_positions() {
    let cases = cases();
    assert_eq!(cases.len(), 21, "every case in the data file is read");
    for case in &cases {
        for &(p, want) in &case.checks {
            let got = forbidden(&case.board, p).map(|f| f.kind);
            assert_eq!(
                got, want,
                "{} at {},{}\n{}",
                case.name, p.x, p.y, case.board
            );
        }
        if case.all {
            let found: Vec<Point> = case
                .board
                .empty_points()
                .filter(|&p| forbidden(&case.board, p).is_some())
                .collect();
            let mut want: Vec<Point> = case
                .checks
                .iter()
                .filter(|c| c.1.is_some())
                .map(|c| c.0)
                .collect();
            want.sort();
            let mut found = found;
            found.sort();
            assert_eq!(
                found, want,
                "{}: all forbidden points\n{}",
                case.name, case.board
            );
        }
    }
}
