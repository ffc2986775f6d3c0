//! How long a move takes from one link to the other over 127.0.0.1: the
//! host plays, the joiner sees it, the joiner plays, the host sees it.
//! Prints the median and the 90th percentile of those round trips.
//!
//! `cargo run --release -p gomoku-net --example loopback_latency`

use gomoku_engine::Point;
use gomoku_net::{Action, Event, GameSettings, HostConfig, JoinConfig, Link, Timing};
use std::time::{Duration, Instant};

fn wait_for(link: &Link, want: impl Fn(&Event) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match link.wait(left) {
            Some(event) if want(&event) => return,
            Some(_) => {}
            None => break,
        }
    }
    panic!("the link went quiet");
}

fn main() {
    let host = Link::host(HostConfig {
        bind: "127.0.0.1:0".parse().unwrap(),
        name: "Host".into(),
        code: Some("BENCH1".into()),
        settings: GameSettings::default(),
        timing: Timing::default(),
    })
    .expect("bind 127.0.0.1");
    let joiner = Link::join(JoinConfig {
        addr: host.local_addr().unwrap(),
        name: "Joiner".into(),
        code: "BENCH1".into(),
        timing: Timing::default(),
    })
    .expect("join");
    wait_for(&joiner, |e| matches!(e, Event::Connected { .. }));
    wait_for(&host, |e| matches!(e, Event::Connected { .. }));
    let moved =
        |mine: bool| move |e: &Event| matches!(e, Event::Moved { mine: m, .. } if *m == mine);
    // Black on even rows, White on odd rows, every fifth column left free:
    // no five anywhere, so the game lasts.
    let row = |y: u8| {
        (0..15u8)
            .filter(|x| x % 5 != 4)
            .map(move |x| Point::new(x, y))
    };
    let mut black = (0..15u8).step_by(2).flat_map(row);
    let mut white = (1..15u8).step_by(2).flat_map(row);
    let mut trips = Vec::new();
    for _ in 0..50 {
        let (Some(b), Some(w)) = (black.next(), white.next()) else {
            break;
        };
        let start = Instant::now();
        host.act(Action::Play(b));
        wait_for(&joiner, moved(false));
        joiner.act(Action::Play(w));
        wait_for(&host, moved(false));
        trips.push(start.elapsed());
    }
    trips.sort();
    let at = |q: f64| trips[((trips.len() - 1) as f64 * q) as usize];
    println!(
        "{} round trips (two moves each) over loopback: median {:?}, 90th percentile {:?}",
        trips.len(),
        at(0.5),
        at(0.9)
    );
}
