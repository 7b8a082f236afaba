//! A buffered reader whose buffer starts on a page boundary.
//!
//! On this project's machine (AMD EPYC), the kernel copies a file's cached
//! pages into a read buffer far slower when the buffer starts a few bytes
//! past a page boundary (1, 8 or 16) than when it starts on one (or 32,
//! 64, 4095 bytes past it), as `scripts/read-alignment.py` shows. A buffer
//! from the allocator, like `std::io::BufReader`'s, starts 16 bytes past a
//! page boundary, the slow case. This reader places its buffer's start on a page
//! boundary inside a slightly larger allocation.

use std::io::{self, BufRead, Read};
use std::ops::Range;

/// The page size the buffer is aligned to.
const PAGE: usize = 4096;

/// A `BufRead` over `inner` whose buffer starts on a page boundary, so that
/// reads of whole pages from the page cache take the kernel's fast copy.
pub struct AlignedReader<R> {
    inner: R,
    /// The allocation; the buffer is `memory[start..start + capacity]`.
    memory: Vec<u8>,
    start: usize,
    capacity: usize,
    /// The unconsumed bytes are `buffer[position..filled]`.
    position: usize,
    filled: usize,
}

impl<R: Read> AlignedReader<R> {
    /// A reader over `inner` with a buffer of `capacity` bytes (at least
    /// one).
    pub fn with_capacity(capacity: usize, inner: R) -> AlignedReader<R> {
        let capacity = capacity.max(1);
        let memory = vec![0; capacity + PAGE];
        let start = memory.as_ptr().align_offset(PAGE).min(PAGE);
        AlignedReader {
            inner,
            memory,
            start,
            capacity,
            position: 0,
            filled: 0,
        }
    }

    /// Where the buffer lies in [`AlignedReader::memory`].
    fn window(&self) -> Range<usize> {
        self.start..self.start + self.capacity
    }

    fn buffer(&self) -> &[u8] {
        &self.memory[self.window()]
    }
}

impl<R: Read> Read for AlignedReader<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        read_through_buffer(self, out)
    }
}

/// `Read::read` of a reader whose reading is its `BufRead`: what its
/// buffer holds, as much as `out` takes.
fn read_through_buffer(reader: &mut impl BufRead, out: &mut [u8]) -> io::Result<usize> {
    let available = reader.fill_buf()?;
    let count = available.len().min(out.len());
    out[..count].copy_from_slice(&available[..count]);
    reader.consume(count);
    Ok(count)
}

impl<R: Read> BufRead for AlignedReader<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.position >= self.filled {
            let window = self.window();
            let buffer = &mut self.memory[window];
            self.filled = loop {
                match self.inner.read(buffer) {
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    read => break read?,
                }
            };
            self.position = 0;
        }
        Ok(&self.buffer()[self.position..self.filled])
    }

    fn consume(&mut self, amount: usize) {
        self.position = (self.position + amount).min(self.filled);
    }
}

/// A `BufRead` over `inner` that fails, with [`binary`], at the first NUL
/// byte: mazes are text, and a file with a NUL byte is not (ripgrep calls
/// such a file binary likewise). Every byte is looked at once, as it
/// comes, so a binary input is refused at its first buffer, not after a
/// search for a line end through gigabytes.
pub struct TextOnly<R> {
    inner: R,
    /// Bytes consumed before the inner reader's current buffer.
    consumed: u64,
    /// How much of the inner reader's current buffer was looked at.
    checked: usize,
}

impl<R> TextOnly<R> {
    /// A reader of `inner`'s text.
    pub fn new(inner: R) -> TextOnly<R> {
        TextOnly {
            inner,
            consumed: 0,
            checked: 0,
        }
    }
}

/// The error of a binary input: where its first NUL byte is.
///
/// ```
/// let error = logicmaze::batch::binary(1234);
/// assert_eq!(error.to_string(), "this is not text but a binary file (a NUL byte at byte 1,234): mazes are text");
/// ```
pub fn binary(offset: u64) -> io::Error {
    let at = crate::read::thousands(offset as usize);
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("this is not text but a binary file (a NUL byte at byte {at}): mazes are text"),
    )
}

impl<R: BufRead> BufRead for TextOnly<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let (consumed, checked) = (self.consumed, self.checked);
        let buffer = self.inner.fill_buf()?;
        if let Some(at) = memchr::memchr(0, buffer.get(checked..).unwrap_or_default()) {
            return Err(binary(consumed + (checked + at) as u64));
        }
        self.checked = buffer.len();
        Ok(buffer)
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
        self.consumed += amount as u64;
        self.checked = self.checked.saturating_sub(amount);
    }
}

impl<R: BufRead> Read for TextOnly<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        read_through_buffer(self, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_byte_makes_an_input_binary_where_it_is() {
        let mut text = b"NAME\n1 1 S 2 1\n".repeat(1000);
        text[9_000] = 0;
        let mut reader = TextOnly::new(AlignedReader::with_capacity(4096, &text[..]));
        let mut read = Vec::new();
        let error = reader.read_to_end(&mut read).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(error.to_string().contains("at byte 9,000"), "{error}");
        assert_eq!(read.len(), 8192);
        let mut clean = TextOnly::new(AlignedReader::with_capacity(100, &b"A\nB\n"[..]));
        let mut all = String::new();
        clean.read_to_string(&mut all).unwrap();
        assert_eq!(all, "A\nB\n");
    }

    #[test]
    fn the_buffer_starts_on_a_page() {
        let reader = AlignedReader::with_capacity(100, io::empty());
        assert_eq!(reader.buffer().as_ptr() as usize % PAGE, 0);
    }

    #[test]
    fn reads_everything_in_order_through_a_small_buffer() {
        let text: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
        let mut reader = AlignedReader::with_capacity(7, &text[..]);
        let mut rest = Vec::new();
        let mut first = [0; 3];
        reader.read_exact(&mut first).unwrap();
        reader.read_to_end(&mut rest).unwrap();
        assert_eq!([&first[..], &rest[..]].concat(), text);
    }

    /// Fails its first read with `Interrupted`, as a read cut short by a
    /// signal does, then reads `text`.
    struct InterruptedOnce<'a> {
        interrupted: bool,
        text: &'a [u8],
    }

    impl Read for InterruptedOnce<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if !std::mem::replace(&mut self.interrupted, true) {
                return Err(io::ErrorKind::Interrupted.into());
            }
            self.text.read(out)
        }
    }

    #[test]
    fn a_read_cut_short_by_a_signal_is_tried_again() {
        let inner = InterruptedOnce {
            interrupted: false,
            text: b"one\n",
        };
        let mut reader = AlignedReader::with_capacity(64, inner);
        assert_eq!(reader.fill_buf().unwrap(), b"one\n");
    }

    #[test]
    fn lines_come_out_as_written() {
        let text = b"one\ntwo\n\nthree";
        let reader = AlignedReader::with_capacity(2, &text[..]);
        let lines: Vec<String> = reader.lines().map(Result::unwrap).collect();
        assert_eq!(lines, ["one", "two", "", "three"]);
    }
}
