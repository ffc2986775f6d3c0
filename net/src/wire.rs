//! Reading lines from a socket without trusting it: a line longer than
//! [`MAX_LINE`] is cut off and reported instead of filling memory.

use crate::message::MAX_LINE;
use std::io::{self, BufRead};

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A complete line, newline removed.
    Text(Vec<u8>),
    /// More than [`MAX_LINE`] bytes without a newline; the rest of the
    /// stream is not read.
    Oversized,
    /// The peer closed the connection (a partial last line is dropped).
    End,
}

/// Reads up to the next `\n`, never buffering more than `MAX_LINE + 1` bytes.
pub fn read_line(reader: &mut impl BufRead) -> io::Result<Line> {
    let mut line = Vec::new();
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(Line::End);
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        let room = MAX_LINE + 1 - line.len();
        line.extend_from_slice(&chunk[..take.min(room)]);
        reader.consume(if done { take + 1 } else { take });
        if line.len() > MAX_LINE {
            return Ok(Line::Oversized);
        }
        if done {
            return Ok(Line::Text(line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    #[test]
    fn lines_come_out_one_by_one_and_the_end_is_seen() {
        // A tiny buffer makes lines span several reads.
        let mut r = BufReader::with_capacity(3, &b"ab\ncdefg\n\nxy"[..]);
        assert_eq!(read_line(&mut r).unwrap(), Line::Text(b"ab".to_vec()));
        assert_eq!(read_line(&mut r).unwrap(), Line::Text(b"cdefg".to_vec()));
        assert_eq!(read_line(&mut r).unwrap(), Line::Text(Vec::new()));
        assert_eq!(read_line(&mut r).unwrap(), Line::End);
    }

    #[test]
    fn a_line_at_the_limit_passes_and_one_byte_more_does_not() {
        let mut ok = vec![b'a'; MAX_LINE];
        ok.push(b'\n');
        assert_eq!(
            read_line(&mut BufReader::new(&ok[..])).unwrap(),
            Line::Text(vec![b'a'; MAX_LINE])
        );
        let long = vec![b'a'; 10 * MAX_LINE];
        assert_eq!(
            read_line(&mut BufReader::new(&long[..])).unwrap(),
            Line::Oversized
        );
    }
}
