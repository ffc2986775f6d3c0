//! The command line: every flag of the game, read by one parser (lexopt).
//! Bad input gets a clear message, never a panic.

use crate::analysis::Pointed;
use crate::i18n::Language;
use crate::network::start::{LanOptions, LanStart};
use crate::play::game::{BOARD_SIZE, Match, MatchSettings, Mode};
use crate::play::opening;
use crate::ui_core::Overlay;
use gomoku_engine::board::parse_move_list;
use gomoku_engine::opening::{Action, Decision, OpeningRule};
use gomoku_engine::search::Level;
use gomoku_engine::{Color, ForbiddenPolicy, Point, Rule};
use std::path::PathBuf;

pub const USAGE: &str = "\
Usage: gomoku [OPTIONS] [FILE]

Game:
  --mode pve|pvp|ave     you vs AI (default), two players, AI vs AI
  --color black|white    your colour against the AI (default black)
  --rule freestyle|standard|renju   (default freestyle)
  --level NAME           beginner, novice, intermediate (default), advanced,
                         expert, master, grandmaster
  --policy refuse|lose   Renju: a forbidden move is refused (default) or loses
  --moves h8i9j10        start from this position (rows counted from the bottom)
  --opening NAME         free (default), swap, swap2 (freestyle, standard),
                         soosorv8, taraguchi10 (renju)
  --opening-steps LIST   start in the opening after these steps: points
                         (stones, offers, picks) and swap, keep, add, centre,
                         ten, or a number of offers, e.g. 'h8 h9 g9 add'

Network (LAN):
  --host [ADDR:]PORT     host a game (e.g. 7878): --rule, --opening, --color
                         (the host's) and --moves (a position to go on from)
  --join ADDR[:PORT]     join a game (port 7878 if left out); needs --code
  --code CODE            the join code (the host makes one up if not given)
  --name NAME            your name on the network

Menus and files:
  FILE                   open a game (.ron, .psq, .sgf, or a move-string
                         .txt) in the replay viewer
  --screen NAME          start on: menu (default), game, new, settings,
                         load, stats, replay, keys, puzzles, host, join
  --review               with FILE: open its review at once
  --lang en|zh           language of the menus for this run

Analysis:
  --analysis             the engine's analysis on from the start (key A)
  --threats              the threat overlay on (key T)
  --hover POINT|best     pretend the pointer rests on POINT (e.g. h8) or on
                         the best candidate: shows its line (screenshots)

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
F forbidden points (Renju), A analysis, T threats, E explore,
Escape menu, F1 or ? all keys.
";

#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub settings: MatchSettings,
    pub moves: Vec<Point>,
    /// Opening steps to start from (`--opening-steps`); a point stands for
    /// whatever the phase asks of it (a stone, an offer, a pick).
    pub opening_steps: Vec<Action>,
    /// Window size in logical pixels; None: the settings' size.
    pub window: Option<(u32, u32)>,
    pub screenshot: Option<PathBuf>,
    pub frames: u32,
    pub frame_stats: bool,
    pub move_numbers: bool,
    /// The screen `--screen` asked to start on.
    pub screen: Option<Overlay>,
    pub language: Option<Language>,
    /// A game file to open in the replay viewer.
    pub file: Option<PathBuf>,
    /// Review the opened file at once (`--review`).
    pub review: bool,
    pub analysis: crate::analysis::StartOptions,
    /// Host or join a LAN game at once.
    pub lan: LanOptions,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            settings: MatchSettings::default(),
            moves: Vec::new(),
            opening_steps: Vec::new(),
            window: None,
            screenshot: None,
            frames: 60,
            frame_stats: false,
            move_numbers: false,
            screen: None,
            language: None,
            file: None,
            review: false,
            analysis: Default::default(),
            lan: LanOptions::default(),
        }
    }
}

impl Options {
    /// Whether the command line chose the game (then it starts on the
    /// board with it; otherwise the settings choose).
    pub fn chose_the_game(&self) -> bool {
        !self.moves.is_empty()
            || !self.opening_steps.is_empty()
            || self.settings != MatchSettings::default()
    }

    /// The match the command line asks for.
    pub fn start_match(&self) -> Result<Match, String> {
        if self.opening_steps.is_empty() {
            Match::new(self.settings.clone(), &self.moves, 0.0)
        } else if !self.moves.is_empty() {
            Err("--moves and --opening-steps cannot be combined".to_string())
        } else {
            opening::after_steps(self.settings.clone(), &self.opening_steps, 0.0)
        }
    }

    /// The first screen: the replay viewer for a file, else the one
    /// `--screen` names, else the board when the command line chose the
    /// game or a screenshot, else the main menu.
    pub fn first_screen(&self) -> Overlay {
        let board_first = self.chose_the_game() || self.screenshot.is_some();
        match (&self.file, self.screen) {
            (Some(_), _) => Overlay::Replay,
            (None, Some(screen)) => screen,
            (None, None) if self.lan.start.is_some() => {
                self.lan.first_screen().unwrap_or(Overlay::None)
            }
            (None, None) if board_first => Overlay::None,
            (None, None) => Overlay::Main,
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
    use lexopt::Arg::{Long, Short, Value};
    let mut options = Options::default();
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(explain)? {
        match arg {
            Short('h') | Long("help") => return Ok(Command::Help),
            Long("mode") => {
                let v = value(&mut parser)?;
                options.settings.mode = Mode::from_name(&v)
                    .ok_or_else(|| format!("unknown mode '{v}' (pve, pvp, ave)"))?;
            }
            Long("color" | "colour") => {
                let v = value(&mut parser)?;
                options.settings.human_color = match v.to_ascii_lowercase().as_str() {
                    "black" | "b" => Color::Black,
                    "white" | "w" => Color::White,
                    _ => return Err(format!("unknown colour '{v}' (black, white)")),
                };
            }
            Long("rule") => {
                let v = value(&mut parser)?;
                options.settings.rule = Rule::from_name(&v)
                    .ok_or_else(|| format!("unknown rule '{v}' (freestyle, standard, renju)"))?;
            }
            Long("level") => {
                let v = value(&mut parser)?;
                options.settings.level = Level::ALL
                    .into_iter()
                    .find(|l| l.name().eq_ignore_ascii_case(v.trim()))
                    .ok_or_else(|| format!("unknown level '{v}'"))?;
            }
            Long("policy") => {
                let v = value(&mut parser)?;
                options.settings.policy = match v.to_ascii_lowercase().as_str() {
                    "refuse" => ForbiddenPolicy::Refuse,
                    "lose" => ForbiddenPolicy::Lose,
                    _ => return Err(format!("unknown policy '{v}' (refuse, lose)")),
                };
            }
            Long("opening") => {
                let v = value(&mut parser)?;
                options.settings.opening = OpeningRule::from_name(&v).ok_or_else(|| {
                    format!("unknown opening '{v}' (free, swap, swap2, soosorv8, taraguchi10)")
                })?;
            }
            Long("opening-steps") => {
                let v = value(&mut parser)?;
                options.opening_steps = parse_opening_steps(&v)?;
            }
            Long("moves") => {
                let v = value(&mut parser)?;
                options.moves =
                    parse_move_list(&v, BOARD_SIZE).map_err(|e| format!("--moves: {e}"))?;
            }
            Long("window") => options.window = Some(parse_size(&value(&mut parser)?)?),
            Long("screenshot") => options.screenshot = Some(PathBuf::from(value(&mut parser)?)),
            Long("frames") => {
                let v = value(&mut parser)?;
                options.frames = v
                    .parse()
                    .map_err(|_| format!("--frames needs a whole number, not '{v}'"))?;
            }
            Long("frame-stats") => options.frame_stats = true,
            Long("review") => options.review = true,
            Long("move-numbers") => options.move_numbers = true,
            Long("screen") => {
                let v = value(&mut parser)?;
                options.screen = Some(Overlay::from_name(&v).ok_or_else(|| {
                    let names: Vec<&str> = Overlay::NAMES.iter().map(|&(name, _)| name).collect();
                    format!("unknown screen '{v}' ({})", names.join(", "))
                })?);
            }
            Long("lang" | "language") => {
                let v = value(&mut parser)?;
                options.language = Some(
                    Language::from_code(&v)
                        .ok_or_else(|| format!("unknown language '{v}' (en, zh)"))?,
                );
            }
            Long("analysis") => options.analysis.analysis = true,
            Long("threats") => options.analysis.threats = true,
            Long("hover") => {
                let v = value(&mut parser)?;
                options.analysis.hover = Some(if v.trim().eq_ignore_ascii_case("best") {
                    Pointed::BestCandidate
                } else {
                    Pointed::At(
                        Point::parse(v.trim(), BOARD_SIZE).map_err(|e| format!("--hover: {e}"))?,
                    )
                });
            }
            Long("host") => {
                let v = value(&mut parser)?;
                let addr = gomoku_net::host_address(&v).map_err(|e| format!("--host {e}"))?;
                options.lan.start = Some(LanStart::Host(addr));
            }
            Long("join") => {
                let v = value(&mut parser)?;
                let addr = gomoku_net::join_address(&v).map_err(|e| format!("--join {e}"))?;
                options.lan.start = Some(LanStart::Join(addr));
            }
            Long("code") => options.lan.code = Some(value(&mut parser)?.trim().to_string()),
            Long("name") => options.lan.name = Some(value(&mut parser)?.trim().to_string()),
            Long("write-sounds") => {
                return Ok(Command::WriteSounds(PathBuf::from(value(&mut parser)?)));
            }
            Value(file) => {
                if options.file.replace(PathBuf::from(file)).is_some() {
                    return Err("only one game file can be opened".to_string());
                }
            }
            other => return Err(explain(other.unexpected())),
        }
    }
    if options.review && options.file.is_none() {
        return Err("--review needs a game FILE to review".to_string());
    }
    options.lan.check(!options.moves.is_empty())?;
    // The starting position must be playable under the chosen rule.
    options.start_match()?;
    Ok(Command::Play(Box::new(options)))
}

/// `--opening-steps`: words for the choices, numbers for a count of
/// offers, points for the rest.
fn parse_opening_steps(text: &str) -> Result<Vec<Action>, String> {
    text.split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(|word| {
            let decision = match word.to_ascii_lowercase().as_str() {
                "swap" => Some(Decision::Swap),
                "keep" => Some(Decision::Keep),
                "add" => Some(Decision::AddTwo),
                "centre" | "center" => Some(Decision::FifthInCentre),
                "ten" => Some(Decision::TenOffers),
                _ => None,
            };
            if let Some(d) = decision {
                Ok(Action::Decide(d))
            } else if let Ok(n) = word.parse::<u8>() {
                Ok(Action::Declare(n))
            } else {
                Point::parse(word, BOARD_SIZE)
                    .map(Action::Place)
                    .map_err(|e| format!("--opening-steps: '{word}': {e}"))
            }
        })
        .collect()
}

/// The value of the option just read, as text.
fn value(parser: &mut lexopt::Parser) -> Result<String, String> {
    let value = parser.value().map_err(explain)?;
    value
        .into_string()
        .map_err(|v| format!("'{}' is not valid text", v.to_string_lossy()))
}

/// lexopt's errors in the words of the rest of this parser.
fn explain(error: lexopt::Error) -> String {
    match error {
        lexopt::Error::MissingValue {
            option: Some(option),
        } => format!("{option} needs a value"),
        lexopt::Error::UnexpectedOption(option) => format!("unknown option '{option}'"),
        other => other.to_string(),
    }
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
