//! Reading one protocol line into a [`Command`]. Only the syntax is checked
//! here; whether a command makes sense now (a board exists, a point is free)
//! is the [`super::Brain`]'s business.

use std::fmt;

/// A pair of integers as written after TURN, TAKEBACK or in a BOARD line.
/// Kept signed and wide so that `-1,3` or `99999,0` reach the brain and are
/// reported as off the board rather than as a syntax error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    pub x: i64,
    pub y: i64,
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Commands followed by data lines up to `DONE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// Set up a position and answer a move.
    Board,
    /// Yixin: set up a position, answer nothing.
    YxBoard,
    /// Swap2 opening: the stones so far (`x,y` or `x,y,field`), answered
    /// after `DONE` (see [`super::opening`]).
    Swap2Board,
}

impl BlockKind {
    pub fn name(self) -> &'static str {
        match self {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Swap2Board => "SWAP2BOARD",
        }
    }
}

/// One command line, syntactically valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START [size]`; the size defaults to 15 when missing.
    Start(usize),
    /// `RECTSTART w,h`.
    RectStart(usize, usize),
    Restart,
    /// `INFO key value`: key lower-cased, value as written (may be empty).
    Info {
        key: String,
        value: String,
    },
    Begin,
    Turn(Coord),
    Takeback(Coord),
    /// The header of a data block (`BOARD`, `YXBOARD`, `SWAP2BOARD`).
    Block(BlockKind),
    /// `DONE` outside a block.
    Done,
    End,
    About,
    ShowForbid,
    /// `YXBALANCEONE [bias]` (1 stone) / `YXBALANCETWO [bias]` (2 stones).
    Balance {
        stones: usize,
        bias: i32,
    },
    /// `YXNBEST n`: think with the `n` best moves reported (multi-PV).
    NBest(usize),
    /// `STOP` / `YXSTOP`: only meaningful while thinking (see
    /// [`super::is_interrupt`]); afterwards a no-op.
    Stop,
    /// A command we do not implement, as written.
    Unknown(String),
}

/// The board size START uses when none is given.
pub const DEFAULT_SIZE: usize = 15;

/// Longest command text echoed back in messages: enough to recognise it,
/// short enough that hostile lines do not flood the manager.
const ECHO_LIMIT: usize = 40;

/// `text` made safe for an error message: shortened, and control
/// characters (which could break the reply line) shown as `?`.
pub fn echo(text: &str) -> String {
    let mut shown: String = text
        .chars()
        .take(ECHO_LIMIT)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().nth(ECHO_LIMIT).is_some() {
        shown.push_str("...");
    }
    shown
}

/// Reads a non-empty, trimmed line. `Err` holds the text for `ERROR`.
pub fn parse_command(line: &str) -> Result<Command, String> {
    let (name, args) = match line.split_once(char::is_whitespace) {
        Some((name, rest)) => (name, rest.trim()),
        None => (line, ""),
    };
    let upper = name.to_ascii_uppercase();
    let no_args = |command: Command| {
        if args.is_empty() {
            Ok(command)
        } else {
            Err(format!("{upper} takes no arguments, got '{}'", echo(args)))
        }
    };
    match upper.as_str() {
        "START" => {
            if args.is_empty() {
                return Ok(Command::Start(DEFAULT_SIZE));
            }
            args.parse()
                .map(Command::Start)
                .map_err(|_| format!("START needs a board size, got '{}'", echo(args)))
        }
        "RECTSTART" => match integers(args).as_deref() {
            Ok([w, h]) if *w >= 0 && *h >= 0 => Ok(Command::RectStart(*w as usize, *h as usize)),
            _ => Err(format!(
                "RECTSTART needs width,height, got '{}'",
                echo(args)
            )),
        },
        "RESTART" => no_args(Command::Restart),
        "INFO" => {
            let (key, value) = match args.split_once(char::is_whitespace) {
                Some((key, value)) => (key, value.trim()),
                None => (args, ""),
            };
            if key.is_empty() {
                return Err("INFO needs a key and a value".to_string());
            }
            Ok(Command::Info {
                key: key.to_ascii_lowercase(),
                value: value.to_string(),
            })
        }
        "BEGIN" => no_args(Command::Begin),
        "TURN" => coord(args)
            .map(Command::Turn)
            .map_err(|e| format!("TURN needs x,y: {e}")),
        "TAKEBACK" => coord(args)
            .map(Command::Takeback)
            .map_err(|e| format!("TAKEBACK needs x,y: {e}")),
        "BOARD" => no_args(Command::Block(BlockKind::Board)),
        "YXBOARD" => no_args(Command::Block(BlockKind::YxBoard)),
        "SWAP2BOARD" => no_args(Command::Block(BlockKind::Swap2Board)),
        "DONE" => Ok(Command::Done),
        "END" => Ok(Command::End),
        "ABOUT" => Ok(Command::About),
        "YXSHOWFORBID" => Ok(Command::ShowForbid),
        "YXBALANCEONE" | "YXBALANCETWO" => {
            let stones = if upper == "YXBALANCEONE" { 1 } else { 2 };
            let bias = if args.is_empty() {
                Ok(0)
            } else {
                args.parse().map_err(|_| {
                    format!(
                        "{upper} takes a bias in evaluation units, got '{}'",
                        echo(args)
                    )
                })
            };
            bias.map(|bias| Command::Balance { stones, bias })
        }
        "YXNBEST" => match args.parse() {
            Ok(n) if n >= 1 => Ok(Command::NBest(n)),
            _ => Err(format!(
                "YXNBEST needs a number of moves (1 or more), got '{}'",
                echo(args)
            )),
        },
        "STOP" | "YXSTOP" => Ok(Command::Stop),
        _ => Ok(Command::Unknown(echo(name))),
    }
}

/// A `SWAP2BOARD` line: `x,y` (field 0 = not given) or `x,y,field`.
pub fn parse_swap2_stone(line: &str) -> Result<(Coord, i64), String> {
    match integers(line).as_deref() {
        Ok([x, y]) => Ok((Coord { x: *x, y: *y }, 0)),
        _ => parse_stone(line).map_err(|_| format!("'{}' is not x,y or x,y,field", echo(line))),
    }
}

/// A data line inside a block: `x,y,field`.
pub fn parse_stone(line: &str) -> Result<(Coord, i64), String> {
    match integers(line).as_deref() {
        Ok([x, y, field]) => Ok((Coord { x: *x, y: *y }, *field)),
        _ => Err(format!("'{}' is not x,y,field", echo(line))),
    }
}

fn coord(text: &str) -> Result<Coord, String> {
    match integers(text).as_deref() {
        Ok([x, y]) => Ok(Coord { x: *x, y: *y }),
        _ => Err(format!("'{}' is not two numbers x,y", echo(text))),
    }
}

/// Comma-separated integers with optional spaces: `7,7` or `7, 7 ,1`.
fn integers(text: &str) -> Result<Vec<i64>, ()> {
    text.split(',')
        .map(|part| part.trim().parse::<i64>().map_err(|_| ()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_names_are_case_insensitive() {
        assert_eq!(parse_command("start 20"), Ok(Command::Start(20)));
        assert_eq!(parse_command("Start"), Ok(Command::Start(DEFAULT_SIZE)));
        assert_eq!(parse_command("yxShowForbid"), Ok(Command::ShowForbid));
        assert_eq!(parse_command("yxstop"), Ok(Command::Stop));
        assert_eq!(
            parse_command("turn 3, 4"),
            Ok(Command::Turn(Coord { x: 3, y: 4 }))
        );
    }

    #[test]
    fn info_keys_are_lower_cased_and_values_kept() {
        assert_eq!(
            parse_command("INFO TIMEOUT_TURN 5000"),
            Ok(Command::Info {
                key: "timeout_turn".into(),
                value: "5000".into()
            })
        );
        assert_eq!(
            parse_command("INFO folder C:\\My Brains\\x"),
            Ok(Command::Info {
                key: "folder".into(),
                value: "C:\\My Brains\\x".into()
            })
        );
        assert!(parse_command("INFO").is_err());
    }

    #[test]
    fn malformed_arguments_are_errors_with_the_text() {
        let err = parse_command("TURN seven,7").unwrap_err();
        assert!(err.contains("seven,7"), "{err}");
        assert!(parse_command("TURN 7").is_err());
        assert!(parse_command("TURN 7,7,7").is_err());
        assert!(parse_command("START big").is_err());
        assert!(parse_command("START -3").is_err());
        assert!(parse_command("RECTSTART 15").is_err());
        assert!(parse_command("RECTSTART -1,15").is_err());
        assert!(parse_command("BEGIN now").is_err());
        assert!(parse_command("BOARD 1").is_err());
        assert_eq!(
            parse_command("RECTSTART 15, 20"),
            Ok(Command::RectStart(15, 20))
        );
    }

    #[test]
    fn out_of_range_numbers_stay_numbers() {
        // Off-board coordinates are the brain's to report, with the board size.
        assert_eq!(
            parse_command("TURN -1,99999"),
            Ok(Command::Turn(Coord { x: -1, y: 99999 }))
        );
        assert!(parse_command("TURN 99999999999999999999,1").is_err());
    }

    #[test]
    fn unknown_commands_are_echoed_briefly() {
        assert_eq!(parse_command("FOO bar"), Ok(Command::Unknown("FOO".into())));
        let long = "X".repeat(500);
        match parse_command(&long) {
            Ok(Command::Unknown(name)) => assert!(name.len() < 50, "{name}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn echo_hides_control_characters() {
        assert_eq!(echo("a\nb\0c\r"), "a?b?c?");
        assert_eq!(echo(&"é".repeat(41)), format!("{}...", "é".repeat(40)));
    }

    #[test]
    fn balance_commands_take_an_optional_bias() {
        assert_eq!(
            parse_command("yxbalanceone"),
            Ok(Command::Balance { stones: 1, bias: 0 })
        );
        assert_eq!(
            parse_command("YXBALANCETWO -120"),
            Ok(Command::Balance {
                stones: 2,
                bias: -120
            })
        );
        assert!(parse_command("YXBALANCETWO much").is_err());
    }

    #[test]
    fn swap2_lines_may_omit_the_field() {
        assert_eq!(parse_swap2_stone("7,8"), Ok((Coord { x: 7, y: 8 }, 0)));
        assert_eq!(parse_swap2_stone("7,8,2"), Ok((Coord { x: 7, y: 8 }, 2)));
        assert!(parse_swap2_stone("7").is_err());
    }

    #[test]
    fn stone_lines() {
        assert_eq!(parse_stone("7,8,1"), Ok((Coord { x: 7, y: 8 }, 1)));
        assert_eq!(parse_stone(" 7 , 8 , 2 "), Ok((Coord { x: 7, y: 8 }, 2)));
        assert!(parse_stone("7,8").is_err());
        assert!(parse_stone("a,b,c").is_err());
    }
}
