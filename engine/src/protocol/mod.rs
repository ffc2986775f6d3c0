//! The Gomocup / Piskvork brain protocol, with the Yixin-Board extensions
//! that GUIs use, as spoken by the `pbrain-gomoku` binary.
//!
//! The manager writes one command per line (CR LF, LF or CR endings; blank
//! lines ignored; command names case-insensitive); the brain answers on
//! stdout and flushes after every line. Coordinates are `x,y`, 0-based,
//! x = column from the left, y = row from the top.
//!
//! | command | answer |
//! |---|---|
//! | `START [size]` | `OK`; sizes 5 to 22 (15 when omitted), else `ERROR` |
//! | `RECTSTART w,h` | as START when `w == h`, else `ERROR` |
//! | `RESTART` | `OK`: empty board of the same size |
//! | `INFO key value` | nothing. Keys: `rule` (Gomocup bitmask: 0 freestyle, 1 exactly five, 4 renju, +2 continuous ignored; 2 alone is Renju as Yixin-Board sends it), `timeout_turn`, `timeout_match`, `time_left`, `max_memory`, `game_type`, and Rapfi's `max_depth`, `max_node` (0 or negative = no limit). Unknown keys are ignored |
//! | `BEGIN` | our move `x,y` (we are Black on an empty board) |
//! | `TURN x,y` | the opponent's move is played, then our move `x,y` |
//! | `BOARD` … `DONE` | lines `x,y,field` (1 own, 2 opponent, 3 ignored) set the position, then our move |
//! | `YXBOARD` … `DONE` | sets the position without thinking; no answer |
//! | `TAKEBACK x,y` | `OK`: removes the stone of the side that moved last at `x,y` |
//! | `YXSHOWFORBID` | `FORBID ` + `xxyy` (two digits each) per forbidden point + `.`; points only when Black is to move under Renju |
//! | `ABOUT` | `name="...", version="...", author="...", country="..."` |
//! | `STOP`, `YXSTOP` | while thinking: answer now with the best move so far; otherwise nothing |
//! | `END` | nothing; the brain exits (also at the end of input, after answering what came before it) |
//! | `SWAP2BOARD` … `DONE` | lines `x,y` or `x,y,field`, Black first; 0 stones: `x1,y1 x2,y2 x3,y3`; 3 stones: `SWAP`, our 4th move, or the 4th and 5th `x,y x,y`; 5 stones: `SWAP` or our 6th move (see [`opening`]) |
//! | `YXNBEST n` | as BEGIN (our move `x,y`, played), after searching the `n` best moves with an equal share of the time, each reported best first as `MESSAGE nbest k x,y eval s depth d pv ...` (s as in the progress lines: a number, `W3` we win in 3, `L2`) |
//! | `YXBALANCEONE [bias]` | `x,y`: a stone for the side to move after which it stands at `bias` (0 = even); the board is unchanged |
//! | `YXBALANCETWO [bias]` | `x1,y1 x2,y2`: the side to move's stone and the other's, balancing likewise |
//! | anything else | `UNKNOWN command '...'` |
//!
//! Which colour we play follows from the stones: the side to move is us, so
//! a BOARD with as many own as opponent stones makes us Black, with one
//! opponent stone more White; other counts are an error.
//!
//! Errors are `ERROR <why>` and leave the state unchanged: commands before
//! START, off-board or occupied points, an opponent move that is illegal
//! (forbidden for Black in Renju), a TAKEBACK of a stone that is not the last
//! mover's, malformed BOARD lines (reported at DONE; a command line inside a
//! block ends it with an error and is then executed), DONE outside a block.
//! A malformed or unsupported INFO value (`INFO rule 8`, `INFO timeout_turn
//! abc`) leaves the setting unchanged and, since the manager does not read
//! answers to INFO, is reported as `ERROR` by the next command that answers,
//! which is then not executed — as the protocol asks for limits a brain
//! cannot meet. The brain never exits on bad input.
//!
//! While thinking it prints `MESSAGE depth d eval s nodes n nps x time ms pv
//! h8 i9 ...` after each completed depth (eval `W3`/`L3` = win/loss in 3).
//! The move it answers is always legal: on the board, empty, and for Black
//! in Renju not forbidden, whatever the search returned (see
//! [`legal_choice`]). The time budget is described in [`clock`].

mod brain;
pub mod clock;
pub mod command;
mod io;
pub mod opening;
mod position;

pub use brain::{Brain, SearchControl, Settings, legal_choice};
pub use io::{LineReader, MAX_LINE, is_interrupt, run};

#[cfg(test)]
mod tests;
