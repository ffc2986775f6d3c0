//! Command-line options. Bad input gets a clear message, never a panic.

use crate::game::{BOARD_SIZE, MatchSettings, Mode};
use gomoku_engine::board::parse_move_list;
use gomoku_engine::search::Level;
use gomoku_engine::{Color, ForbiddenPolicy, Point, Rule};
use std::path::PathBuf;

pub const USAGE: &str = "\
Usage: gomoku [OPTIONS]

Game:
  --mode pve|pvp|ave     you vs AI (default), two players, AI vs AI
  --color black|white    your colour against the AI (default black)
  --rule freestyle|standard|renju   (default freestyle)
  --level NAME           beginner, novice, intermediate (default), advanced,
                         expert, master, grandmaster
  --policy refuse|lose   Renju: a forbidden move is refused (default) or loses
  --moves h8i9j10        start from this position (rows counted from the bottom)

Window and tools:
  --move-numbers         show move numbers on the stones (key N)
  --window WxH           window size in logical pixels (default 1280x800)
  --screenshot PATH      save a PNG after --frames frames and exit
  --frames N             frames before the screenshot (default 60)
  --frame-stats          log average frame times (idle / AI thinking)
  --write-sounds DIR     write the game's generated sounds as WAV files and exit
  -h, --help             this help

Keys: click or arrows + Enter/Space to play, Ctrl+Z undo, Ctrl+Y redo,
Ctrl+N new game, H hint, M mute, C coordinates, N move numbers,
F forbidden points (Renju).
";

#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub settings: MatchSettings,
    pub moves: Vec<Point>,
    pub window: (u32, u32),
    pub screenshot: Option<PathBuf>,
    pub frames: u32,
    pub frame_stats: bool,
    pub move_numbers: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            settings: MatchSettings::default(),
            moves: Vec::new(),
            window: (1280, 800),
            screenshot: None,
            frames: 60,
            frame_stats: false,
            move_numbers: false,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Play(Box<Options>),
    WriteSounds(PathBuf),
    Help,
}

pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut options = Options::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        // Accept both `--flag value` and `--flag=value`.
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--mode" => {
                let v = value()?;
                options.settings.mode = Mode::from_name(&v)
                    .ok_or_else(|| format!("unknown mode '{v}' (pve, pvp, ave)"))?;
            }
            "--color" | "--colour" => {
                let v = value()?;
                options.settings.human_color = match v.to_ascii_lowercase().as_str() {
                    "black" | "b" => Color::Black,
                    "white" | "w" => Color::White,
                    _ => return Err(format!("unknown colour '{v}' (black, white)")),
                };
            }
            "--rule" => {
                let v = value()?;
                options.settings.rule = Rule::from_name(&v)
                    .ok_or_else(|| format!("unknown rule '{v}' (freestyle, standard, renju)"))?;
            }
            "--level" => {
                let v = value()?;
                options.settings.level = Level::ALL
                    .into_iter()
                    .find(|l| l.name().eq_ignore_ascii_case(v.trim()))
                    .ok_or_else(|| format!("unknown level '{v}'"))?;
            }
            "--policy" => {
                let v = value()?;
                options.settings.policy = match v.to_ascii_lowercase().as_str() {
                    "refuse" => ForbiddenPolicy::Refuse,
                    "lose" => ForbiddenPolicy::Lose,
                    _ => return Err(format!("unknown policy '{v}' (refuse, lose)")),
                };
            }
            "--moves" => {
                let v = value()?;
                options.moves =
                    parse_move_list(&v, BOARD_SIZE).map_err(|e| format!("--moves: {e}"))?;
            }
            "--window" => options.window = parse_size(&value()?)?,
            "--screenshot" => options.screenshot = Some(PathBuf::from(value()?)),
            "--frames" => {
                let v = value()?;
                options.frames = v
                    .parse()
                    .map_err(|_| format!("--frames needs a whole number, not '{v}'"))?;
            }
            "--frame-stats" => options.frame_stats = true,
            "--move-numbers" => options.move_numbers = true,
            "--write-sounds" => return Ok(Command::WriteSounds(PathBuf::from(value()?))),
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(Command::Play(Box::new(options)))
}

/// `1280x800` → (1280, 800), within sane bounds.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--window needs WIDTHxHEIGHT like 1280x800, not '{text}'");
    let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if !(200..=10_000).contains(&w) || !(200..=10_000).contains(&h) {
        return Err(format!("--window {w}x{h} is outside 200..10000 pixels"));
    }
    Ok((w, h))
}
