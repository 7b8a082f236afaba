//! The answer's lines, read as a stream: one line is held at a time, and
//! at most [`MAX_ANSWER_LINE_BYTES`] of it, so that whatever a team's
//! output holds, the memory it takes stays bounded.

use std::borrow::Cow;
use std::io::{self, BufRead};

use super::Layout;

/// The most bytes of one answer line that are kept. The judges' format
/// writes lines of a few hundred bytes; a lenient answer may put a whole
/// route on one line, and 8 MiB holds over 600,000 positions. A longer
/// line is read to its end but not kept: it is wrong wherever it stands.
pub const MAX_ANSWER_LINE_BYTES: usize = 8 << 20;

/// One line of the answer.
#[derive(Debug)]
pub(crate) struct Line<'a> {
    /// Its number, from 1.
    pub number: usize,
    /// Its bytes, as `text` holds them.
    pub bytes: &'a [u8],
    /// Its text (invalid UTF-8 replaced), without the `\n` (and, in lenient
    /// mode, without a `\r` before it); only its start if it is overlong.
    pub text: Cow<'a, str>,
    /// Longer than [`MAX_ANSWER_LINE_BYTES`]: `text` is only its start.
    pub overlong: bool,
    /// Whether a `\n` ends it (only the answer's last line may lack one).
    pub newline: bool,
}

impl Line<'_> {
    /// Whether it holds only white space.
    pub fn is_blank(&self) -> bool {
        !self.overlong && self.text.trim().is_empty()
    }
}

/// The lines of an answer read from `reader`, with one line of lookahead.
pub(crate) struct Lines<R> {
    reader: R,
    layout: Layout,
    /// Lines taken so far.
    taken: usize,
    /// The next line's bytes, once read (`peeked`).
    bytes: Vec<u8>,
    peeked: Option<Shape>,
    /// Whether nothing has been read yet (a byte order mark may come).
    at_start: bool,
    /// The first read error; the answer is taken to end there.
    error: Option<io::Error>,
}

/// What was read of the next line besides its bytes.
#[derive(Clone, Copy, Debug)]
struct Shape {
    overlong: bool,
    newline: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R, layout: Layout) -> Lines<R> {
        Lines {
            reader,
            layout,
            taken: 0,
            bytes: Vec::new(),
            peeked: None,
            at_start: true,
            error: None,
        }
    }

    /// The next line, without taking it; `None` at the end.
    pub fn peek(&mut self) -> Option<Line<'_>> {
        if self.peeked.is_none() {
            self.peeked = self.read_line();
        }
        let shape = self.peeked?;
        let mut bytes = &self.bytes[..];
        if self.layout == Layout::Lenient && !shape.overlong {
            bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        }
        Some(Line {
            number: self.taken + 1,
            bytes,
            text: String::from_utf8_lossy(bytes),
            overlong: shape.overlong,
            newline: shape.newline,
        })
    }

    /// Takes the next line.
    pub fn take(&mut self) {
        if self.peeked.is_none() {
            self.peeked = self.read_line();
        }
        if self.peeked.take().is_some() {
            self.taken += 1;
        }
    }

    /// Skips blank lines: the first one's number and how many, if any.
    pub fn skip_blank(&mut self) -> Option<(usize, usize)> {
        let first = self.taken + 1;
        loop {
            self.skip_newlines();
            match self.peek() {
                Some(line) if line.is_blank() => self.take(),
                _ => break,
            }
        }
        let count = self.taken + 1 - first;
        (count > 0).then_some((first, count))
    }

    /// Why the answer could not be read to its end, if it could not.
    pub fn into_error(self) -> Option<io::Error> {
        self.error
    }

    /// Takes a run of empty lines at once, straight from the reader's
    /// buffer: a gigabyte of newlines is read at the reader's speed.
    fn skip_newlines(&mut self) {
        while self.peeked.is_none() && self.error.is_none() {
            let Ok(buffer) = self.reader.fill_buf() else {
                return;
            };
            let run = buffer.iter().take_while(|&&b| b == b'\n').count();
            if run == 0 {
                return;
            }
            self.reader.consume(run);
            self.taken += run;
            self.at_start = false;
        }
    }

    /// Reads the next line into `bytes`, keeping at most
    /// [`MAX_ANSWER_LINE_BYTES`] of it.
    fn read_line(&mut self) -> Option<Shape> {
        self.bytes.clear();
        let (mut any, mut overlong, mut newline) = (false, false, false);
        while self.error.is_none() {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    self.error = Some(error);
                    break;
                }
            };
            if buffer.is_empty() {
                break;
            }
            any = true;
            let (length, used) = match memchr::memchr(b'\n', buffer) {
                Some(end) => (end, end + 1),
                None => (buffer.len(), buffer.len()),
            };
            let room = MAX_ANSWER_LINE_BYTES - self.bytes.len();
            overlong |= length > room;
            self.bytes.extend_from_slice(&buffer[..length.min(room)]);
            newline = used > length;
            self.reader.consume(used);
            if newline {
                break;
            }
        }
        if std::mem::take(&mut self.at_start) && self.layout == Layout::Lenient {
            // A byte order mark is forgiven in lenient mode, with the
            // layout; strict mode reads it as part of the first line.
            if let (rest, true) = crate::read::without_byte_order_mark(&self.bytes) {
                self.bytes = rest.to_vec();
            }
        }
        any.then_some(Shape { overlong, newline })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[u8], layout: Layout) -> Vec<(usize, String, bool)> {
        let mut lines = Lines::new(text, layout);
        let mut all = Vec::new();
        while let Some(line) = lines.peek() {
            all.push((line.number, line.text.into_owned(), line.newline));
            lines.take();
        }
        all
    }

    #[test]
    fn lines_are_numbered_and_say_whether_a_newline_ends_them() {
        let read = lines(b"A\r\n\nB", Layout::Lenient);
        assert_eq!(
            read,
            [
                (1, "A".into(), true),
                (2, "".into(), true),
                (3, "B".into(), false)
            ]
        );
        let read = lines(b"A\r\n", Layout::Strict);
        assert_eq!(read, [(1, "A\r".into(), true)]);
    }

    #[test]
    fn a_byte_order_mark_is_dropped_only_in_lenient_mode() {
        assert_eq!(lines("\u{feff}A\n".as_bytes(), Layout::Lenient)[0].1, "A");
        assert_eq!(
            lines("\u{feff}A\n".as_bytes(), Layout::Strict)[0].1,
            "\u{feff}A"
        );
    }

    #[test]
    fn runs_of_blank_lines_are_counted_not_kept() {
        let mut text = vec![b'\n'; 100_000];
        text.extend_from_slice(b"  \n\nX\n");
        let mut lines = Lines::new(&text[..], Layout::Lenient);
        assert_eq!(lines.skip_blank(), Some((1, 100_002)));
        let line = lines.peek().unwrap();
        assert_eq!((line.number, &*line.text), (100_003, "X"));
        assert_eq!(lines.skip_blank(), None);
    }

    #[test]
    fn an_overlong_line_keeps_only_its_start() {
        let mut text = vec![b'('; MAX_ANSWER_LINE_BYTES + 10];
        text.extend_from_slice(b"\nB\n");
        let mut lines = Lines::new(&text[..], Layout::Strict);
        let line = lines.peek().unwrap();
        assert!(line.overlong && !line.is_blank());
        assert_eq!(line.text.len(), MAX_ANSWER_LINE_BYTES);
        lines.take();
        assert_eq!(lines.peek().unwrap().text, "B");
    }
}
