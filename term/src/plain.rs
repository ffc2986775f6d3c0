//! Line mode, as the console programs worked: an ASCII board after every
//! move, one command per line when a person here is to move, one line of
//! error for a bad line, and a last `result: … moves: …` line.

use crate::table::{Command, Notice, Player, SIZE, Table, decision_named, printable};
use gomoku_engine::rules::is_forbidden;
use gomoku_engine::{Cell, Color, Game, Point};
use gomoku_net::Outcome;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

pub const HELP: &str = "\
commands: a point (h8 or 7,7) plays there; undo; hint; resign; quit; help
in an opening: a point places, offers or picks a stone; swap, keep, add, fifth, ten
choose; declare N sets the number of offered fifth moves
on the LAN also: draw (offer a draw), yes / no (answer the opponent), say TEXT (chat)
board: X black, O white, (X) the last move, ! a point forbidden to Black";

/// What a line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Command(Command),
    Help,
    Quit,
    Nothing,
}

pub fn parse_line(line: &str) -> Result<Line, String> {
    let line = line.trim();
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    Ok(match word.to_ascii_lowercase().as_str() {
        "" => Line::Nothing,
        "help" | "?" => Line::Help,
        "quit" | "exit" => Line::Quit,
        "undo" => Line::Command(Command::Undo),
        "hint" => Line::Command(Command::Hint),
        "resign" => Line::Command(Command::Resign),
        "new" => Line::Command(Command::NewGame),
        "draw" => Line::Command(Command::OfferDraw),
        "yes" => Line::Command(Command::Answer(true)),
        "no" => Line::Command(Command::Answer(false)),
        "say" => Line::Command(Command::Chat(rest.to_string())),
        "declare" => {
            Line::Command(Command::Declare(rest.trim().parse().map_err(|_| {
                format!("declare needs a number, not '{}'", rest.trim())
            })?))
        }
        word if decision_named(word).is_some() => {
            Line::Command(Command::Decide(decision_named(word).expect("checked")))
        }
        _ => Line::Command(Command::Play(
            Point::parse(line, SIZE).map_err(|e| format!("{e}; type help for the commands"))?,
        )),
    })
}

/// The board in ASCII with coordinates on all four sides.
pub fn board_text(game: &Game) -> String {
    let size = game.size();
    let board = game.board();
    let letters: String = (0..size)
        .map(|x| format!(" {}", (b'a' + x as u8) as char))
        .collect();
    let forbidden_shown =
        game.rule().has_forbidden_moves(Color::Black) && game.to_move() == Color::Black;
    let mut text = format!("   {letters}\n");
    for y in 0..size {
        let row = size - y;
        let mut line = format!("{row:>2} ");
        let mut previous_was_last = false;
        for x in 0..size {
            let p = Point::new(x as u8, y as u8);
            let last = game.last_move() == Some(p);
            line.push(if last {
                '('
            } else if previous_was_last {
                ')'
            } else {
                ' '
            });
            line.push(match board.get(p) {
                Cell::Black => 'X',
                Cell::White => 'O',
                _ if forbidden_shown && !game.is_over() && is_forbidden(board, p) => '!',
                _ => '.',
            });
            previous_was_last = last;
        }
        line.push(if previous_was_last { ')' } else { ' ' });
        text.push_str(&format!("{line}{row}\n"));
    }
    text.push_str(&format!("   {letters}\n"));
    text
}

/// `result: black wins (five) moves: h8i9…` or `result: unfinished moves: …`.
pub fn result_line(outcome: Option<&Outcome>, moves: &str) -> String {
    let result = match outcome {
        None => "unfinished".to_string(),
        Some(o) => {
            let who = match o.winner() {
                Some(Color::Black) => "black wins",
                Some(Color::White) => "white wins",
                None => "draw",
            };
            format!("{who} ({})", o.how())
        }
    };
    format!("result: {result} moves: {moves}")
}

/// Standard input on its own thread, so LAN messages and the AI are heard
/// while nobody types.
fn stdin_lines() -> Receiver<io::Result<String>> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in io::stdin().lock().lines() {
            let failed = line.is_err();
            if tx.send(line).is_err() || failed {
                return;
            }
        }
    });
    rx
}

pub fn run(mut table: Table) -> ExitCode {
    let mut out = io::stdout().lock();
    let lines = stdin_lines();
    let mut prompted = false;
    let show = |out: &mut io::StdoutLock, table: &Table, notices: Vec<Notice>| {
        for notice in notices {
            let _ = match notice {
                Notice::Info(text) => writeln!(out, "{}", printable(&text)),
                Notice::Error(text) => writeln!(out, "error: {}", printable(&text)),
                Notice::Board => write!(out, "{}", board_text(table.game())),
                Notice::Fatal(text) => {
                    let _ = writeln!(out, "error: {}", printable(&text));
                    return Err(());
                }
            };
        }
        let _ = out.flush();
        Ok(())
    };
    let greeting = table.greeting();
    let mut board = greeting.clone();
    if table.snapshot().is_none() {
        board.push(Notice::Board);
    }
    if show(&mut out, &table, board).is_err() {
        return ExitCode::FAILURE;
    }
    loop {
        let notices = table.update();
        if !notices.is_empty() {
            prompted = false;
        }
        if show(&mut out, &table, notices).is_err() {
            let _ = writeln!(out, "{}", result_line(None, &table.move_string()));
            return ExitCode::FAILURE;
        }
        if let Some(outcome) = table.outcome() {
            let _ = writeln!(out, "{outcome}");
            let _ = writeln!(out, "{}", result_line(Some(&outcome), &table.move_string()));
            return ExitCode::SUCCESS;
        }
        let asked = table.question().is_some();
        if !table.wants_person() && !asked {
            std::thread::sleep(Duration::from_millis(10));
            continue;
        }
        if !prompted {
            let to_move = table.game().to_move();
            let _ = if let Some(question) = table.question() {
                writeln!(out, "accept {question}? (yes or no)")
            } else if let Some(phase) = table.phase_text() {
                writeln!(out, "{phase}")
            } else if table.player(to_move) == Player::Person {
                match (table.clock(Color::Black), table.clock(Color::White)) {
                    (Some(black), Some(white)) => {
                        writeln!(out, "{to_move} to move (Black {black}, White {white}):")
                    }
                    _ => writeln!(out, "{to_move} to move:"),
                }
            } else {
                Ok(())
            };
            let _ = out.flush();
            prompted = true;
        }
        let line = match lines.recv_timeout(Duration::from_millis(20)) {
            Ok(Ok(line)) => line,
            Err(RecvTimeoutError::Timeout) => continue,
            // End of input (or unreadable input) before the end of the game.
            Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => {
                let _ = writeln!(out, "{}", result_line(None, &table.move_string()));
                return ExitCode::SUCCESS;
            }
        };
        prompted = false;
        let result = match parse_line(&line) {
            Ok(Line::Nothing) => Ok(Vec::new()),
            Ok(Line::Help) => Ok(vec![Notice::Info(HELP.into())]),
            Ok(Line::Quit) => {
                let _ = writeln!(out, "{}", result_line(None, &table.move_string()));
                return ExitCode::SUCCESS;
            }
            Ok(Line::Command(command)) => table.command(command),
            Err(e) => Err(e),
        };
        let notices = result.unwrap_or_else(|e| vec![Notice::Error(e)]);
        if show(&mut out, &table, notices).is_err() {
            return ExitCode::FAILURE;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku_engine::board::parse_move_list;
    use gomoku_engine::{GameResult, Rule};

    #[test]
    fn lines_are_commands_points_or_one_clear_error() {
        assert_eq!(
            parse_line(" h8 "),
            Ok(Line::Command(Command::Play(Point::new(7, 7))))
        );
        assert_eq!(
            parse_line("7,7"),
            Ok(Line::Command(Command::Play(Point::new(7, 7))))
        );
        assert_eq!(parse_line("UNDO"), Ok(Line::Command(Command::Undo)));
        assert_eq!(
            parse_line("say good luck"),
            Ok(Line::Command(Command::Chat("good luck".into())))
        );
        assert_eq!(parse_line(""), Ok(Line::Nothing));
        assert_eq!(
            parse_line("swap"),
            Ok(Line::Command(Command::Decide(
                gomoku_engine::opening::Decision::Swap
            )))
        );
        assert_eq!(
            parse_line("declare 5"),
            Ok(Line::Command(Command::Declare(5)))
        );
        assert!(parse_line("declare many").unwrap_err().contains("number"));
        let err = parse_line("z99").unwrap_err();
        assert!(err.contains("off a 15x15 board"), "{err}");
        assert!(parse_line("banana").unwrap_err().contains("help"));
    }

    #[test]
    fn the_board_marks_stones_the_last_move_and_forbidden_points() {
        let moves = parse_move_list("g8a1h8a2i10a3i11a4", 15).unwrap();
        let game = Game::from_moves(Rule::Renju, 15, &moves).unwrap();
        let text = board_text(&game);
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 17);
        assert_eq!(rows[0].trim(), "a b c d e f g h i j k l m n o");
        // Row 8: g8 and h8 black, i8 forbidden (double-three), the rest empty.
        assert_eq!(rows[8], " 8  . . . . . . X X ! . . . . . . 8");
        // a4 was the last move.
        assert!(rows[12].starts_with(" 4 (O)"), "{}", rows[12]);
    }

    #[test]
    fn the_result_line_names_winner_how_and_moves() {
        let moves = parse_move_list("h8a1i8a2j8a3k8a4l8", 15).unwrap();
        let game = Game::from_moves(Rule::Freestyle, 15, &moves).unwrap();
        let outcome = Outcome::Rules(game.result().cloned().unwrap());
        assert_eq!(
            result_line(Some(&outcome), "h8a1i8a2j8a3k8a4l8"),
            "result: black wins (five) moves: h8a1i8a2j8a3k8a4l8"
        );
        let resigned = Outcome::Rules(GameResult::Resigned {
            loser: Color::Black,
        });
        assert_eq!(
            result_line(Some(&resigned), "h8"),
            "result: white wins (resignation) moves: h8"
        );
        assert_eq!(result_line(None, ""), "result: unfinished moves: ");
    }
}
