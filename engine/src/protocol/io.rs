//! The brain's process loop: lines from the manager on one thread, the brain
//! (and its search) on another, so STOP / END can cancel a search in progress.

use super::brain::Brain;
use crate::search::load::ArrivalClock;
use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::thread;
use std::time::Instant;

/// Longest line kept; the rest of a longer line is dropped (the protocol
/// lets managers cut long lines too, and no real command comes close).
pub const MAX_LINE: usize = 4096;

/// Splits input on LF, CR LF or a lone CR, without trusting it: invalid
/// UTF-8 is replaced, over-long lines are cut to [`MAX_LINE`] bytes.
pub struct LineReader<R> {
    inner: R,
    /// A CR ended the last line: a LF right after it belongs to it.
    after_cr: bool,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> LineReader<R> {
        LineReader {
            inner,
            after_cr: false,
        }
    }

    /// The next line without its terminator; None at the end of input.
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
        let mut line = Vec::new();
        let mut read_any = false;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(read_any.then(|| String::from_utf8_lossy(&line).into_owned()));
            }
            if std::mem::take(&mut self.after_cr) && buf[0] == b'\n' {
                self.inner.consume(1);
                continue;
            }
            read_any = true;
            match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(end) => {
                    keep(&mut line, &buf[..end]);
                    self.after_cr = buf[end] == b'\r';
                    self.inner.consume(end + 1);
                    return Ok(Some(String::from_utf8_lossy(&line).into_owned()));
                }
                None => {
                    let n = buf.len();
                    keep(&mut line, buf);
                    self.inner.consume(n);
                }
            }
        }
    }
}

fn keep(line: &mut Vec<u8>, bytes: &[u8]) {
    let room = MAX_LINE.saturating_sub(line.len());
    line.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

/// Whether a line must reach a thinking brain at once: it stops the search.
pub fn is_interrupt(line: &str) -> bool {
    let command = line.trim();
    ["STOP", "YXSTOP", "END"]
        .iter()
        .any(|c| command.eq_ignore_ascii_case(c))
}

/// Runs a brain over `input` and `output` until END or the end of input,
/// flushing after every line written.
pub fn run<R, W>(input: R, mut output: W) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let mut brain = Brain::new();
    let control = brain.control();
    // Each line goes with the moment it arrived: a move's time counts
    // from then, not from when the busy brain thread got to it.
    let (lines, received) = mpsc::channel::<(String, Instant)>();
    // The reader thread is not joined: at END it may be blocked in a read,
    // and returning from main ends it with the process.
    thread::spawn(move || {
        let mut reader = LineReader::new(input);
        let mut arrivals = ArrivalClock::new();
        let mut number = 0;
        while let Ok(Some(line)) = reader.next_line() {
            number += 1;
            if is_interrupt(&line) {
                control.stop(number);
            }
            // A command is dated back by the time this thread waited for a
            // CPU after it came; a block's stone lines (which start with a
            // digit, and may be hundreds) follow it at once and need not.
            let arrived = if line.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
                Instant::now()
            } else {
                arrivals.stamp()
            };
            if lines.send((line, arrived)).is_err() {
                return;
            }
        }
        // At the end of input the queued commands are still answered in
        // full (scripts pipe a whole session in at once); then `received`
        // ends and so does the brain.
    });
    let mut failure = None;
    for (line, arrived) in received {
        brain.handle_arrived(&line, arrived, &mut |reply| {
            if failure.is_none() {
                failure = writeln!(output, "{reply}")
                    .and_then(|()| output.flush())
                    .err();
            }
        });
        if let Some(e) = failure.take() {
            return Err(e);
        }
        if brain.is_finished() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<String> {
        let mut reader = LineReader::new(io::BufReader::with_capacity(3, input));
        std::iter::from_fn(|| reader.next_line().unwrap()).collect()
    }

    #[test]
    fn all_line_endings_are_accepted() {
        assert_eq!(
            lines(b"START 15\r\nBEGIN\nEND\rABOUT"),
            ["START 15", "BEGIN", "END", "ABOUT"]
        );
        // A blank line stays a (blank) line; the brain ignores it.
        assert_eq!(lines(b"A\r\n\r\nB\r\n"), ["A", "", "B"]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn long_lines_are_cut_and_bad_utf8_replaced() {
        let mut input = vec![b'x'; MAX_LINE * 3];
        input.extend_from_slice(b"\nEND\n\xff\xfe\n");
        let got = lines(&input);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].len(), MAX_LINE);
        assert_eq!(got[1], "END");
        assert_eq!(got[2], "\u{fffd}\u{fffd}");
    }

    #[test]
    fn interrupts() {
        assert!(is_interrupt(" yxstop\r"));
        assert!(is_interrupt("END"));
        assert!(!is_interrupt("ENDX"));
        assert!(!is_interrupt("TURN 1,1"));
    }

    #[test]
    fn run_answers_until_end() {
        let input = b"START 15\r\nFOO\r\nEND\r\nABOUT\r\n";
        let mut output = Vec::new();
        run(io::Cursor::new(input.to_vec()), &mut output).unwrap();
        let text = String::from_utf8(output).unwrap();
        let replies: Vec<&str> = text.lines().collect();
        assert_eq!(replies.len(), 2, "{text}");
        assert_eq!(replies[0], "OK");
        assert!(replies[1].starts_with("UNKNOWN"), "{text}");
    }
}
