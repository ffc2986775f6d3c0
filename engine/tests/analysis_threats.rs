//! The threat overlay on positions with known threats.

mod analysis_support;

use analysis_support::{at, stones};
use gomoku_engine::analysis::threats::{Overlay, ThreatKind, overlay};
use gomoku_engine::rules::Rule;
use gomoku_engine::{Color, Direction, ForbiddenKind, Point};

fn points(o: &Overlay, color: Color, kind: ThreatKind) -> Vec<Point> {
    let mut v: Vec<Point> = o
        .of(color)
        .filter(|t| t.kind == kind)
        .map(|t| t.point)
        .collect();
    v.sort_by_key(|p| (p.y, p.x));
    v
}

fn sorted(names: &[&str]) -> Vec<Point> {
    let mut v: Vec<Point> = names.iter().map(|n| at(n)).collect();
    v.sort_by_key(|p| (p.y, p.x));
    v
}

#[test]
fn an_open_three_and_a_four_and_a_four_three() {
    // Black: open three g8-i8. White: a four b2-e2 (a2 Black), and at l12
    // a four with i12-k12 (h12 Black) and an open three with l13 l14.
    let b = stones(
        &["g8", "h8", "i8", "a2", "h12"],
        &["b2", "c2", "d2", "e2", "i12", "j12", "k12", "l13", "l14"],
    );
    for rule in Rule::ALL {
        let o = overlay(&b, rule);
        assert_eq!(
            points(&o, Color::Black, ThreatKind::StraightFour),
            sorted(&["f8", "j8"]),
            "{rule:?}"
        );
        assert_eq!(points(&o, Color::White, ThreatKind::Five), sorted(&["f2"]));
        assert_eq!(
            points(&o, Color::White, ThreatKind::FourThree),
            sorted(&["l12"])
        );
        let five = o
            .of(Color::White)
            .find(|t| t.kind == ThreatKind::Five)
            .unwrap();
        assert_eq!(five.lines.len(), 1);
        assert_eq!(five.lines[0].direction, Direction::Horizontal);
        assert_eq!(five.lines[0].stones, sorted(&["b2", "c2", "d2", "e2"]));
        let four_three = o
            .of(Color::White)
            .find(|t| t.kind == ThreatKind::FourThree)
            .unwrap();
        let dirs: Vec<Direction> = four_three.lines.iter().map(|l| l.direction).collect();
        assert_eq!(dirs, vec![Direction::Horizontal, Direction::Vertical]);
        assert!(o.forbidden.is_empty(), "{rule:?}: no forbidden point here");
        // Strongest first.
        assert!(o.threats.windows(2).all(|w| w[0].kind <= w[1].kind));
    }
}

#[test]
fn a_forbidden_double_three_shows_its_lines() {
    // Black g8 h8 and i9 i10: i8 makes two open threes.
    let b = stones(&["g8", "h8", "i9", "i10"], &["c11", "m4", "o2", "a15"]);
    let free = overlay(&b, Rule::Freestyle);
    assert!(points(&free, Color::Black, ThreatKind::DoubleThree).contains(&at("i8")));
    assert!(free.forbidden.is_empty());
    let renju = overlay(&b, Rule::Renju);
    assert!(!renju.of(Color::Black).any(|t| t.point == at("i8")));
    let f = renju
        .forbidden
        .iter()
        .find(|f| f.point == at("i8"))
        .expect("i8 forbidden");
    assert_eq!(f.kind, ForbiddenKind::DoubleThree);
    let lines: Vec<(Direction, Vec<Point>)> = f
        .lines
        .iter()
        .map(|l| (l.direction, l.stones.clone()))
        .collect();
    assert_eq!(
        lines,
        vec![
            (Direction::Horizontal, sorted(&["g8", "h8"])),
            (Direction::Vertical, sorted(&["i9", "i10"])),
        ]
    );
}

#[test]
fn an_overline_point_is_forbidden_for_black_only() {
    // Black e8 f8 g8 _ i8 j8: h8 would make six.
    let b = stones(
        &["e8", "f8", "g8", "i8", "j8"],
        &["a1", "a3", "a5", "a7", "a9"],
    );
    let o = overlay(&b, Rule::Renju);
    let f = o
        .forbidden
        .iter()
        .find(|f| f.point == at("h8"))
        .expect("h8 forbidden");
    assert_eq!(f.kind, ForbiddenKind::Overline);
    assert_eq!(f.lines[0].stones, sorted(&["e8", "f8", "g8", "i8", "j8"]));
    // Freestyle: six wins, so h8 is a five point.
    let o = overlay(&b, Rule::Freestyle);
    assert!(points(&o, Color::Black, ThreatKind::Five).contains(&at("h8")));
}
