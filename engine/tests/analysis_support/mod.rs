//! Positions for the analysis tests, written in `h8` notation.
#![allow(dead_code)]

use gomoku_engine::{Board, Color, Point};

pub fn at(text: &str) -> Point {
    Point::parse(text, 15).unwrap()
}

/// A 15x15 board with these black and white stones.
pub fn stones(black: &[&str], white: &[&str]) -> Board {
    let mut b = Board::new(15).unwrap();
    for m in black {
        b.place(at(m), Color::Black).unwrap();
    }
    for m in white {
        b.place(at(m), Color::White).unwrap();
    }
    b
}
