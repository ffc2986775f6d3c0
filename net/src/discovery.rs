//! Finding hosted games: a host announces itself over UDP every so often to
//! an address the caller chooses; a joiner listens on a port and lists what
//! it hears. Nothing is sent anywhere the caller did not name: on a real
//! LAN that is the broadcast address (`255.255.255.255:`[`DEFAULT_PORT`]),
//! in tests and on machines that must stay quiet a loopback address.
//!
//! An announcement is one JSON datagram, at most [`MAX_DATAGRAM`] bytes:
//! `{"gomoku":1,"name":"Ann","port":7878,"rule":"Renju","opening":"swap2"}`
//! — the game is then at the sender's IP address and `port`. `opening` (the
//! opening rule's name, as in `welcome`) came later: an announcement
//! without it is a game without an opening rule.

use crate::message::PROTOCOL_VERSION;
use gomoku_engine::Rule;
use gomoku_engine::opening::OpeningRule;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io;
use std::net::{SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The UDP port announcements go to unless configured otherwise.
pub const DEFAULT_PORT: u16 = 7879;
/// Longer datagrams are ignored.
pub const MAX_DATAGRAM: usize = 1024;

/// What a host says about its game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announcement {
    /// The protocol version (the key also marks the datagram as ours).
    pub gomoku: u32,
    pub name: String,
    /// The TCP port of the game.
    pub port: u16,
    pub rule: Rule,
    /// The opening rule's name ([`OpeningRule::name`]); a name this
    /// version does not know is kept so that it can still be shown.
    #[serde(default = "free_opening")]
    pub opening: String,
}

fn free_opening() -> String {
    OpeningRule::Free.name().to_string()
}

impl Announcement {
    pub fn new(name: &str, port: u16, rule: Rule, opening: OpeningRule) -> Announcement {
        Announcement {
            gomoku: PROTOCOL_VERSION,
            name: name.to_string(),
            port,
            rule,
            opening: opening.name().to_string(),
        }
    }

    /// The announced opening rule, None when this version does not know it.
    pub fn opening_rule(&self) -> Option<OpeningRule> {
        OpeningRule::from_name(&self.opening)
    }
}

/// A game heard on the network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Where to join: the sender's address with the announced port.
    pub addr: SocketAddr,
    pub announcement: Announcement,
    pub seen: Instant,
}

/// Stops its thread when dropped.
struct Worker {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    fn spawn(name: &str, work: impl FnMut(&AtomicBool) + Send + 'static) -> io::Result<Worker> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let mut work = work;
        let thread = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || work(&flag))?;
        Ok(Worker {
            stop,
            thread: Some(thread),
        })
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Sends the announcement to `target` every `every` until dropped.
pub struct Announcer {
    _worker: Worker,
}

impl Announcer {
    pub fn start(
        target: SocketAddr,
        every: Duration,
        announcement: &Announcement,
    ) -> io::Result<Announcer> {
        let bind: SocketAddr = if target.is_ipv4() {
            "0.0.0.0:0".parse().expect("valid address")
        } else {
            "[::]:0".parse().expect("valid address")
        };
        let socket = UdpSocket::bind(bind)?;
        // Needed for broadcast targets, harmless for others.
        socket.set_broadcast(true)?;
        let datagram = serde_json::to_vec(announcement).expect("announcements serialise");
        let worker = Worker::spawn("gomoku-net announcer", move |stop| {
            let mut next = Instant::now();
            while !stop.load(Ordering::Relaxed) {
                if Instant::now() >= next {
                    // A failed send (no route yet) is retried next time.
                    let _ = socket.send_to(&datagram, target);
                    next = Instant::now() + every;
                }
                std::thread::sleep(Duration::from_millis(20).min(every));
            }
        })?;
        Ok(Announcer { _worker: worker })
    }
}

/// Listens for announcements until dropped.
pub struct Browser {
    found: Arc<Mutex<BTreeMap<SocketAddr, Found>>>,
    local_addr: SocketAddr,
    _worker: Worker,
}

impl Browser {
    /// Listens on `listen`, e.g. `0.0.0.0:7879` on a LAN or
    /// `127.0.0.1:0` in a test.
    pub fn start(listen: SocketAddr) -> io::Result<Browser> {
        let socket = UdpSocket::bind(listen)?;
        socket.set_read_timeout(Some(Duration::from_millis(50)))?;
        let local_addr = socket.local_addr()?;
        let found = Arc::new(Mutex::new(BTreeMap::new()));
        let table = found.clone();
        let worker = Worker::spawn("gomoku-net browser", move |stop| {
            let mut buf = [0u8; MAX_DATAGRAM + 1];
            while !stop.load(Ordering::Relaxed) {
                let Ok((len, from)) = socket.recv_from(&mut buf) else {
                    continue;
                };
                if let Some(found) = read_announcement(&buf[..len], from) {
                    table
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(found.addr, found);
                }
            }
        })?;
        Ok(Browser {
            found,
            local_addr,
            _worker: worker,
        })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Games heard within `fresh`, by address.
    pub fn games(&self, fresh: Duration) -> Vec<Found> {
        let found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        found
            .values()
            .filter(|f| f.seen.elapsed() <= fresh)
            .cloned()
            .collect()
    }
}

fn read_announcement(datagram: &[u8], from: SocketAddr) -> Option<Found> {
    if datagram.len() > MAX_DATAGRAM {
        return None;
    }
    let announcement: Announcement = serde_json::from_slice(datagram).ok()?;
    if announcement.gomoku != PROTOCOL_VERSION || announcement.name.chars().count() > 40 {
        return None;
    }
    Some(Found {
        addr: SocketAddr::new(from.ip(), announcement.port),
        announcement,
        seen: Instant::now(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_announced_on_loopback_is_found_and_junk_is_not() {
        let browser = Browser::start("127.0.0.1:0".parse().unwrap()).unwrap();
        let junk = UdpSocket::bind("127.0.0.1:0").unwrap();
        junk.send_to(b"\xffnot an announcement", browser.local_addr())
            .unwrap();
        let announcement = Announcement::new("Ann", 7878, Rule::Renju, OpeningRule::Soosorv8);
        let _announcer = Announcer::start(
            browser.local_addr(),
            Duration::from_millis(50),
            &announcement,
        )
        .unwrap();
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut games = Vec::new();
        while games.is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
            games = browser.games(Duration::from_secs(5));
        }
        assert_eq!(games.len(), 1, "{games:?}");
        assert_eq!(games[0].announcement, announcement);
        assert_eq!(games[0].addr, "127.0.0.1:7878".parse().unwrap());
    }

    #[test]
    fn other_versions_and_oversized_datagrams_are_ignored() {
        let from: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let mut other = Announcement::new("Ann", 1, Rule::Freestyle, OpeningRule::Free);
        other.gomoku += 1;
        assert!(read_announcement(&serde_json::to_vec(&other).unwrap(), from).is_none());
        let mut big = serde_json::to_vec(&Announcement::new(
            "Ann",
            1,
            Rule::Freestyle,
            OpeningRule::Free,
        ))
        .unwrap();
        big.extend(std::iter::repeat_n(b' ', MAX_DATAGRAM));
        assert!(read_announcement(&big, from).is_none());
    }

    #[test]
    fn an_announcement_without_an_opening_rule_is_a_free_game() {
        let from: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let old = br#"{"gomoku":1,"name":"Ann","port":7878,"rule":"Renju"}"#;
        let found = read_announcement(old, from).expect("an old announcement parses");
        assert_eq!(found.announcement.opening_rule(), Some(OpeningRule::Free));
        assert_eq!(found.addr, "127.0.0.1:7878".parse().unwrap());
        let new = Announcement::new("Ann", 7878, Rule::Renju, OpeningRule::Taraguchi10);
        let json = serde_json::to_string(&new).unwrap();
        assert!(json.contains(r#""opening":"taraguchi10""#), "{json}");
        let read = read_announcement(json.as_bytes(), from).unwrap();
        assert_eq!(
            read.announcement.opening_rule(),
            Some(OpeningRule::Taraguchi10)
        );
        let unknown = br#"{"gomoku":1,"name":"Ann","port":1,"rule":"Renju","opening":"yamaguchi"}"#;
        let read = read_announcement(unknown, from).expect("an unknown opening still parses");
        assert_eq!(read.announcement.opening, "yamaguchi");
        assert_eq!(read.announcement.opening_rule(), None);
    }
}
