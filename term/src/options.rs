//! The command line. Bad input gets a clear message, never a panic.

use gomoku_engine::opening::OpeningRule;
use gomoku_engine::search::Level;
use gomoku_engine::{Color, Rule};
use gomoku_net::{host_address, join_address};
use std::net::SocketAddr;

pub const USAGE: &str = "\
Usage: gomoku-term [OPTIONS]

Gomoku and Renju in a terminal. Full-screen on a terminal; line by line
with --plain or when standard input is not a terminal.

Game:
  --mode pve|pvp|ave     you vs AI (default), two players here, AI vs AI
                         (on the LAN, ave lets the AI play your side)
  --color black|white    your colour against the AI, or the host's colour
                         (default black)
  --rule freestyle|standard|renju   (default freestyle)
  --level NAME           beginner, novice, intermediate (default), advanced,
                         expert, master, grandmaster
  --opening NAME         free (default), swap, swap2, soosorv8, taraguchi10
                         (on the LAN the host's choice counts)
  --moves h8i9j10        start from this position (rows counted from the bottom)

LAN:
  --host [ADDR:]PORT     host a game (e.g. 7878, or 127.0.0.1:7878)
  --join ADDR[:PORT]     join a game (port 7878 if left out)
  --code CODE            the join code (the host makes one up if not given)
  --clock MIN[+SEC]      host: minutes per player and seconds added per move
                         (e.g. 5+3; default untimed)
  --name NAME            your name on the LAN (default: $USER)
  --announce ADDR:PORT   host: announce the game there every second (UDP),
                         e.g. 255.255.255.255:7879 for the whole LAN
  --browse [ADDR:]PORT   list the games announced to this port for 3 s, exit

Other:
  --plain                line mode even on a terminal
  -h, --help             this help

Line mode commands: a move (h8 or 7,7), undo, hint, resign, quit, help;
in an opening also swap, keep, add, fifth, ten, declare N;
on the LAN also draw, yes, no, say TEXT.
Full-screen keys: arrows or mouse, Enter/Space to play, u undo, h hint,
r resign, n new game, d offer draw, y/Esc answer the opponent, c chat, q quit;
in an opening s swap, k keep, a add two, f fifth in the centre, t ten offers,
1-8 declare.
";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A person against the AI.
    Pve,
    /// Two people at this keyboard.
    Pvp,
    /// The AI plays both sides (on the LAN: our side).
    Ave,
}

/// Where the opponent is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Net {
    Local,
    Host(SocketAddr),
    Join(SocketAddr),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub mode: Mode,
    pub color: Color,
    pub rule: Rule,
    pub level: Level,
    pub opening: OpeningRule,
    pub moves: Option<String>,
    pub net: Net,
    pub code: Option<String>,
    /// Host: where to send discovery announcements.
    pub announce: Option<SocketAddr>,
    /// The host's clocks: (initial, increment) in milliseconds.
    pub clock: Option<(u64, u64)>,
    pub name: String,
    pub plain: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            mode: Mode::Pve,
            color: Color::Black,
            rule: Rule::Freestyle,
            level: Level::Intermediate,
            opening: OpeningRule::Free,
            moves: None,
            net: Net::Local,
            code: None,
            clock: None,
            announce: None,
            name: std::env::var("USER")
                .ok()
                .filter(|n| !n.trim().is_empty())
                .unwrap_or_else(|| "Player".into()),
            plain: false,
        }
    }
}

#[derive(Debug, PartialEq)]
pub enum Command {
    Play(Box<Options>),
    /// List announced games heard on this address.
    Browse(SocketAddr),
    Help,
}

pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    use lexopt::prelude::*;
    let mut options = Options::default();
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        let flag = match arg {
            Short(c) => format!("-{c}"),
            Long(l) => format!("--{l}"),
            Value(v) => return Err(format!("unexpected argument '{}'", v.to_string_lossy())),
        };
        let mut value = || -> Result<String, String> {
            let v = parser
                .value()
                .map_err(|_| format!("{flag} needs a value"))?;
            v.into_string()
                .map_err(|v| format!("{flag}: '{}' is not text", v.to_string_lossy()))
        };
        match flag.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--mode" => {
                let v = value()?;
                options.mode = match v.to_ascii_lowercase().as_str() {
                    "pve" => Mode::Pve,
                    "pvp" => Mode::Pvp,
                    "ave" => Mode::Ave,
                    _ => return Err(format!("unknown mode '{v}' (pve, pvp, ave)")),
                };
            }
            "--color" | "--colour" => {
                let v = value()?;
                options.color = match v.to_ascii_lowercase().as_str() {
                    "black" | "b" => Color::Black,
                    "white" | "w" => Color::White,
                    _ => return Err(format!("unknown colour '{v}' (black, white)")),
                };
            }
            "--rule" => {
                let v = value()?;
                options.rule = Rule::from_name(&v)
                    .ok_or_else(|| format!("unknown rule '{v}' (freestyle, standard, renju)"))?;
            }
            "--level" => {
                let v = value()?;
                options.level = Level::ALL
                    .into_iter()
                    .find(|l| l.name().eq_ignore_ascii_case(v.trim()))
                    .ok_or_else(|| {
                        format!(
                            "unknown level '{v}' (beginner, novice, intermediate, advanced, expert, master, grandmaster)"
                        )
                    })?;
            }
            "--opening" => {
                let v = value()?;
                options.opening = OpeningRule::from_name(&v).ok_or_else(|| {
                    format!("unknown opening rule '{v}' (free, swap, swap2, soosorv8, taraguchi10)")
                })?;
            }
            "--moves" => options.moves = Some(value()?),
            "--host" => {
                options.net = Net::Host(host_address(&value()?).map_err(|e| format!("--host {e}"))?)
            }
            "--join" => {
                let v = value()?;
                options.net = Net::Join(join_address(&v).map_err(|e| format!("--join {e}"))?)
            }
            "--code" => {
                let v = value()?;
                if v.trim().is_empty() || v.len() > 32 {
                    return Err("--code needs 1 to 32 characters".into());
                }
                options.code = Some(v.trim().to_string());
            }
            "--name" => {
                let v = value()?;
                let count = v.trim().chars().count();
                if count == 0
                    || count > gomoku_net::message::MAX_NAME
                    || v.chars().any(char::is_control)
                {
                    return Err(format!(
                        "--name needs 1 to {} characters",
                        gomoku_net::message::MAX_NAME
                    ));
                }
                options.name = v.trim().to_string();
            }
            "--clock" => options.clock = Some(parse_clock(&value()?)?),
            "--announce" => {
                let v = value()?;
                options.announce = Some(v.trim().parse().map_err(|_| {
                    format!("--announce needs ADDR:PORT like 255.255.255.255:7879, not '{v}'")
                })?);
            }
            "--browse" => {
                let addr = host_address(&value()?).map_err(|e| format!("--browse {e}"))?;
                return Ok(Command::Browse(addr));
            }
            "--plain" => options.plain = true,
            _ => return Err(format!("unknown option '{flag}' (see --help)")),
        }
    }
    if options.moves.is_some() && options.opening != OpeningRule::Free {
        return Err("--moves starts from a position: use it with --opening free".into());
    }
    if options.net != Net::Local {
        if options.moves.is_some() {
            return Err("--moves is for local games (a LAN game starts empty)".into());
        }
        if options.mode == Mode::Pvp {
            return Err("--mode pvp is for two players at one keyboard, not the LAN".into());
        }
    }
    if options.clock.is_some() && !matches!(options.net, Net::Host(_)) {
        return Err("--clock is for the host of a LAN game".into());
    }
    if options.announce.is_some() && !matches!(options.net, Net::Host(_)) {
        return Err("--announce is for the host of a LAN game".into());
    }
    if matches!(options.net, Net::Join(_)) && options.code.is_none() {
        return Err("--join needs --code (ask the host for it)".into());
    }
    Ok(Command::Play(Box::new(options)))
}

/// `5+3` → 5 minutes each, 3 seconds per move; `10` → 10 minutes.
fn parse_clock(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--clock needs MINUTES or MINUTES+SECONDS like 5+3, not '{text}'");
    let (minutes, seconds) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
    let minutes: f64 = minutes.trim().parse().map_err(|_| bad())?;
    let seconds: u64 = seconds.trim().parse().map_err(|_| bad())?;
    if !(minutes > 0.0 && minutes <= 600.0) || seconds > 600 {
        return Err(format!(
            "--clock {text}: 0 to 600 minutes and 0 to 600 seconds"
        ));
    }
    Ok(((minutes * 60_000.0) as u64, seconds * 1000))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_args(args: &[&str]) -> Result<Options, String> {
        match parse(args.iter().map(|s| s.to_string()))? {
            Command::Play(options) => Ok(*options),
            Command::Browse(addr) => Err(format!("browse {addr}")),
            Command::Help => Err("help".into()),
        }
    }

    #[test]
    fn options_are_read_in_both_spellings() {
        let o = parse_args(&[
            "--mode=pvp",
            "--rule",
            "renju",
            "--level",
            "EXPERT",
            "--plain",
        ])
        .unwrap();
        assert_eq!(
            (o.mode, o.rule, o.level),
            (Mode::Pvp, Rule::Renju, Level::Expert)
        );
        assert!(o.plain);
        let o = parse_args(&["--host", "7878", "--code", "abc", "--color", "white"]).unwrap();
        assert_eq!(o.net, Net::Host("0.0.0.0:7878".parse().unwrap()));
        assert_eq!(o.color, Color::White);
        let o = parse_args(&["--join", "127.0.0.1:7878", "--code", "abc"]).unwrap();
        assert_eq!(o.net, Net::Join("127.0.0.1:7878".parse().unwrap()));
        assert_eq!(parse_args(&["--help"]), Err("help".into()));
        let o = parse_args(&["--host", "7878", "--clock", "5+3"]).unwrap();
        assert_eq!(o.clock, Some((300_000, 3_000)));
        let o = parse_args(&["--host", "7878", "--clock", "0.5"]).unwrap();
        assert_eq!(o.clock, Some((30_000, 0)));
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        let err = |args: &[&str]| parse_args(args).unwrap_err();
        assert!(err(&["--mode", "zen"]).contains("pve, pvp, ave"));
        assert!(err(&["--level"]).contains("needs a value"));
        assert!(err(&["--opening", "rif"]).contains("unknown opening"));
        assert!(err(&["--opening", "swap", "--moves", "h8"]).contains("--opening free"));
        assert_eq!(
            parse_args(&["--opening", "Soosorv-8"]).unwrap().opening,
            OpeningRule::Soosorv8
        );
        assert!(err(&["--join", "127.0.0.1:7878"]).contains("--code"));
        assert!(err(&["--host", "70000"]).contains("PORT"));
        assert!(err(&["--host", "7878", "--moves", "h8"]).contains("local"));
        assert!(err(&["--frobnicate"]).contains("unknown option"));
        assert!(err(&["--clock", "5"]).contains("host"));
        assert!(err(&["--announce", "127.0.0.1:7879"]).contains("host"));
        assert!(err(&["--host", "1", "--announce", "lan"]).contains("ADDR:PORT"));
        assert_eq!(err(&["--browse", "7879"]), "browse 0.0.0.0:7879");
        assert!(err(&["--host", "1", "--clock", "5+x"]).contains("MINUTES"));
        assert!(err(&["--host", "1", "--clock", "0"]).contains("600 minutes"));
        assert!(parse_args(&["--opening", "free"]).is_ok());
    }
}
