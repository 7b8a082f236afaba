//! Reading an input line by line, straight from the reader's buffer.

use std::io::{self, BufRead};

use crate::input::InputFormat;
use crate::read::{Limits, without_byte_order_mark};

/// What [`for_each_line`] reports.
pub enum Event<'a> {
    /// One or more whole lines, with their line endings (the input's last
    /// line may lack one).
    Lines(&'a [u8]),
    /// The buffered input ran out; the next read may wait.
    Drained,
}

/// Calls `visit` with the lines of `reader`, as many at a time as its
/// buffer holds, until it returns `false`, and with [`Event::Drained`]
/// whenever the buffered input runs out. Lines are handed out straight
/// from the reader's buffer; only a line that straddles two refills is
/// copied, and only up to one byte past the longest line the input's
/// format allows (so that the parser reports it as too long). A UTF-8
/// byte order mark at the start of the input is skipped: this is the one
/// place a maze input's mark is skipped.
pub fn for_each_line(
    reader: &mut impl BufRead,
    mut format: Option<InputFormat>,
    limits: Limits,
    mut visit: impl FnMut(Event) -> io::Result<bool>,
) -> io::Result<()> {
    let mut straddling = Vec::new();
    // The mark is consumed on its own, so that an input that so far holds
    // only the mark (a pipe's first write) is not taken for an empty one.
    let buffer = reader.fill_buf()?;
    let (rest, marked) = without_byte_order_mark(buffer);
    if marked {
        let mark = buffer.len() - rest.len();
        reader.consume(mark);
    }
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            if !straddling.is_empty() {
                visit(Event::Lines(&straddling))?;
            }
            return Ok(());
        }
        // The format shows in the input's first byte that is not white
        // space, as `InputFormat::of_input` decides it.
        if format.is_none() {
            format = buffer
                .iter()
                .find(|b| !b.is_ascii_whitespace())
                .map(|&b| InputFormat::of_first_line(&[b]));
        }
        let longest = format.unwrap_or(InputFormat::Judge).max_line_bytes(limits);
        let keep = |straddling: &mut Vec<u8>, bytes: &[u8]| {
            let room = longest.saturating_add(1).saturating_sub(straddling.len());
            straddling.extend_from_slice(&bytes[..bytes.len().min(room)]);
        };
        let mut start = 0;
        if !straddling.is_empty() {
            if let Some(newline) = memchr::memchr(b'\n', buffer) {
                start = newline + 1;
                keep(&mut straddling, &buffer[..start]);
                let more = visit(Event::Lines(&straddling))?;
                straddling.clear();
                if !more {
                    return Ok(());
                }
            }
        }
        if let Some(last) = memchr::memrchr(b'\n', &buffer[start..]) {
            let end = start + last + 1;
            if !visit(Event::Lines(&buffer[start..end]))? {
                return Ok(());
            }
            start = end;
        }
        keep(&mut straddling, &buffer[start..]);
        let consumed = reader.fill_buf()?.len();
        reader.consume(consumed);
        if !visit(Event::Drained)? {
            return Ok(());
        }
    }
}
