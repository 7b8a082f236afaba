//! Cutting one input into pieces on the reading thread: after the first
//! maze, which the reading thread reads itself, pieces of whole lines, cut
//! at guessed maze starts, each read and handled on the pool from its
//! guessed start while the next is cut. The writer
//! (`order.rs`) takes the pieces in order and decides which of that work
//! to keep.

use std::io::{self, BufRead};
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex};

use crate::family::{Families, Family, Parsed};
use crate::input::{self, InputFormat, MazeReader};
use crate::read::Limits;
use crate::search::Scratch;
use crate::search::parallel::Scope;
use crate::text::{Boundary, end_line};

use super::lines::{Event, for_each_line};
use super::{Feed, Handler};

/// What the reading thread hands the writer.
pub enum Job<O> {
    /// The input's first items, read on the reading thread itself, up to
    /// `bytes` of input, for the writer to handle; with the reader that
    /// read them once it hands the rest of the input on.
    Read {
        items: Vec<Parsed>,
        bytes: usize,
        reader: Option<MazeReader>,
    },
    /// The next piece of the input.
    Piece(Piece<O>),
    /// The end of the input, after this many bytes.
    End { bytes: usize },
}

/// A piece is cut at a maze start found in the last this many bytes of
/// the text waiting (or else where the text ends, and the next piece goes
/// on from there).
const GUESS_WINDOW: usize = 1 << 16;

/// At most this many spare piece buffers are kept.
const MAX_SPARE_BUFFERS: usize = 8;

/// Piece buffers the writer is done with, for the reading thread to fill
/// again: fresh memory would cost a page fault per 4 KB.
#[derive(Default)]
pub struct SpareBuffers(Mutex<Vec<Vec<u8>>>);

impl SpareBuffers {
    /// Keeps the buffer of a piece's text once nothing else holds it.
    pub fn give(&self, text: Arc<Vec<u8>>) {
        if let Ok(mut buffer) = Arc::try_unwrap(text) {
            let mut spare = self.0.lock().expect("no thread panics holding it");
            if spare.len() < MAX_SPARE_BUFFERS {
                buffer.clear();
                spare.push(buffer);
            }
        }
    }

    /// A spare buffer, or a new one for pieces of `piece_bytes`.
    fn take(&self, piece_bytes: usize) -> Vec<u8> {
        let spare = self.0.lock().expect("no thread panics holding it").pop();
        spare.unwrap_or_else(|| Vec::with_capacity(2 * piece_bytes))
    }
}

/// A run of whole lines of the input, and how the writer is to read it.
pub struct Piece<O> {
    pub text: Arc<Vec<u8>>,
    /// Input bytes read up to the end of this piece.
    pub bytes: usize,
    pub start: Start<O>,
}

/// Where a piece starts.
pub enum Start<O> {
    /// Where the previous piece ends, mid-maze perhaps: read it on with the
    /// reader that read that one.
    After,
    /// At a guessed maze start: it is being read on the pool from there.
    Guess(Boundary, Receiver<Speculation<O>>),
}

/// A piece read on the pool: what its items became, and the reader that
/// read it (its state at the piece's end).
pub struct Speculation<O> {
    pub output: O,
    pub reader: MazeReader,
}

/// What cutting an input needs besides its bytes.
pub struct Reading<'a, H> {
    pub families: Families,
    pub format: Option<InputFormat>,
    pub family: Option<&'static dyn Family>,
    /// The limits of the writer's reader, which reads large mazes...
    pub limits: Limits,
    /// ... and of the readers on the pool, which leave them to it.
    pub side_by_side: Limits,
    pub feed: Feed,
    /// Pieces are cut once this much text is waiting.
    pub piece_bytes: usize,
    pub handler: &'a H,
    pub spare: &'a SpareBuffers,
}

/// Reads one input, passing its pieces to `take` in order and then
/// [`Job::End`]; speculative reading happens on `pool`.
pub fn read_input<'scope, H: Handler>(
    mut reader: impl BufRead,
    reading: &'scope Reading<'scope, H>,
    pool: &Scope<'scope>,
    take: &mut dyn FnMut(Job<H::Output>) -> io::Result<()>,
) -> io::Result<()> {
    let mut cutter = Cutter {
        reading,
        format: reading.format,
        pending: Vec::new(),
        start: PendingStart::After,
        here: Some(Here {
            reader: MazeReader::new(
                reading.families,
                reading.format,
                reading.family,
                reading.limits,
            ),
            items: Vec::new(),
            any: false,
        }),
        line: 0,
        bytes: 0,
        after_end: false,
        ended: false,
    };
    for_each_line(&mut reader, reading.format, reading.limits, |event| {
        match event {
            Event::Lines(block) => {
                let block = cutter.admit(block);
                match cutter.here.is_some() {
                    true => cutter.read_here(block, take)?,
                    false => cutter.append(block),
                }
                cutter.cut(pool, take, false)?;
            }
            Event::Drained if reading.feed != Feed::File => {
                cutter.hand_on(take, false, cutter.bytes)?;
                cutter.cut(pool, take, true)?;
            }
            Event::Drained => {}
        }
        Ok(!cutter.ended)
    })?;
    cutter.cut(pool, take, true)?;
    // The writer finishes the input with the reader that read it.
    cutter.hand_on(take, true, cutter.bytes)?;
    take(Job::End {
        bytes: cutter.bytes,
    })
}

/// How the text waiting to be cut starts.
enum PendingStart {
    After,
    Guess(Boundary),
}

/// The reader of the input's first mazes, on the reading thread, and the
/// items it has read and not yet passed on.
///
/// Until its first maze is read, the input may be a single large maze: the
/// pool would have nothing to do beside the one reader that must read it,
/// and passing it on would copy it into fresh memory (a 1000×1000 maze
/// took longer with two jobs than with one). So it is read here,
/// straight from the input's buffer, as one job reads it, and the pieces
/// start where the reader stands after it. The items are handled by the
/// writer, so that the pool reads on while a large first maze is solved.
struct Here {
    reader: MazeReader,
    items: Vec<Parsed>,
    /// Whether any item has been read here.
    any: bool,
}

/// The reading thread's state: text read and not yet passed on.
struct Cutter<'a, H: Handler> {
    reading: &'a Reading<'a, H>,
    /// The input's format, once forced or seen.
    format: Option<InputFormat>,
    pending: Vec<u8>,
    start: PendingStart,
    /// The reader of the input's start, while it reads on this thread.
    here: Option<Here>,
    /// Lines passed on so far (counted from where the reader read here
    /// stood when it was handed on).
    line: usize,
    /// Bytes read so far.
    bytes: usize,
    /// Whether an `END` line was read: the input ends there, and after it
    /// lines are passed on only up to the first that is not blank, which
    /// the parser warns of.
    after_end: bool,
    /// Whether nothing more is to be read.
    ended: bool,
}

impl<'scope, H: Handler> Cutter<'scope, H> {
    /// Counts in a block of whole lines, and returns the part of it to
    /// read: up to an `END` line.
    fn admit<'b>(&mut self, block: &'b [u8]) -> &'b [u8] {
        self.bytes += block.len();
        if self.format.is_none() {
            self.format = InputFormat::of_input(block);
        }
        match self.format {
            Some(InputFormat::Judge) => self.up_to_end(block),
            _ => block,
        }
    }

    /// Adds a block of whole lines to the text waiting to be cut.
    fn append(&mut self, block: &[u8]) {
        self.pending.extend_from_slice(block);
        // A block without a line ending is a line cut at the length limit
        // (or the input's last line): end it here, not when the next block
        // comes, since a piece may be cut in between and the next piece
        // would then start with an extra, blank line.
        if !block.is_empty() && !block.ends_with(b"\n") {
            self.pending.push(b'\n');
        }
    }

    /// Reads `block` with the reader of the input's start until the
    /// reader has read an item and stands between two mazes; from there
    /// on, the input is cut into pieces, the first one starting where
    /// the reader stands, and the reader is handed on to the writer.
    fn read_here(
        &mut self,
        block: &[u8],
        take: &mut dyn FnMut(Job<H::Output>) -> io::Result<()>,
    ) -> io::Result<()> {
        let here = self.here.as_mut().expect("reading here");
        let mut rest = block;
        let between = loop {
            let between = here.reader.boundary().filter(|_| here.any);
            if between.is_some() || rest.is_empty() || here.reader.is_done() {
                break between;
            }
            let items = &mut here.items;
            let read = here.reader.push_lines(rest, &mut |item| items.push(item));
            here.any |= !here.items.is_empty();
            rest = &rest[read..];
        };
        let Some(boundary) = between.filter(|_| !rest.is_empty()) else {
            return self.hand_on(take, false, self.bytes);
        };
        self.hand_on(take, true, self.bytes - rest.len())?;
        self.line = boundary.line;
        self.start = PendingStart::Guess(boundary);
        self.append(rest);
        Ok(())
    }

    /// Passes on the items read here, if any, which end `bytes` into the
    /// input, with the reader too when `last`: from then on, nothing is
    /// read here.
    fn hand_on(
        &mut self,
        take: &mut dyn FnMut(Job<H::Output>) -> io::Result<()>,
        last: bool,
        bytes: usize,
    ) -> io::Result<()> {
        let Some(here) = &mut self.here else {
            return Ok(());
        };
        if !last && here.items.is_empty() {
            return Ok(());
        }
        let items = std::mem::take(&mut here.items);
        let reader = match last {
            true => self.here.take().map(|here| here.reader),
            false => None,
        };
        take(Job::Read {
            items,
            bytes,
            reader,
        })
    }

    /// The part of `block` to read: up to the first text after an `END`
    /// line (or up to `END` itself, for typed input).
    fn up_to_end<'b>(&mut self, block: &'b [u8]) -> &'b [u8] {
        let mut from = 0;
        if !self.after_end {
            let Some(end) = end_line(block) else {
                return block;
            };
            (self.after_end, from) = (true, end);
        }
        let end = match self.reading.feed == Feed::Terminal {
            true => Some(from),
            false => text_line(&block[from..]).map(|end| from + end),
        };
        match end {
            Some(end) => {
                self.ended = true;
                &block[..end]
            }
            None => block,
        }
    }

    /// Passes on the waiting text in pieces once there is enough of it,
    /// or all of it when `all`.
    fn cut(
        &mut self,
        pool: &Scope<'scope>,
        take: &mut dyn FnMut(Job<H::Output>) -> io::Result<()>,
        all: bool,
    ) -> io::Result<()> {
        let all = all || self.ended;
        while !self.pending.is_empty() && (all || self.pending.len() >= self.reading.piece_bytes) {
            let guess = match self.start {
                // Text that starts at a maze start goes in one piece, cut
                // near its end when there is more to come.
                PendingStart::Guess(_) if all => None,
                PendingStart::Guess(_) => {
                    self.guess(self.pending.len().saturating_sub(GUESS_WINDOW))
                }
                // Text that goes on from the last piece is cut where the
                // next maze starts, so that little of it is read on one
                // thread.
                PendingStart::After => self.guess(0),
            };
            match guess {
                Some((at, family)) => {
                    let line = self.pass_on(at, pool, take)?;
                    self.start = PendingStart::Guess(Boundary { line, family });
                }
                None => {
                    self.pass_on(self.pending.len(), pool, take)?;
                    self.start = PendingStart::After;
                }
            }
        }
        Ok(())
    }

    /// A maze start after the waiting text's first line, in the lines from
    /// byte `from` on.
    fn guess(&self, from: usize) -> Option<(usize, Option<&'static dyn Family>)> {
        // Lines from byte 1 on are those after the first.
        let from = from.max(1);
        let reading = self.reading;
        input::maze_start(
            self.format?,
            &self.pending,
            from,
            reading.families,
            reading.family,
        )
    }

    /// Passes on the first `at` bytes of the waiting text as a piece and
    /// returns the number of lines passed on so far.
    fn pass_on(
        &mut self,
        at: usize,
        pool: &Scope<'scope>,
        take: &mut dyn FnMut(Job<H::Output>) -> io::Result<()>,
    ) -> io::Result<usize> {
        let mut rest = self.reading.spare.take(self.reading.piece_bytes);
        rest.extend_from_slice(&self.pending[at..]);
        self.pending.truncate(at);
        let text = Arc::new(std::mem::replace(&mut self.pending, rest));
        self.line += memchr::memchr_iter(b'\n', &text).count();
        let reading = self.reading;
        let start = match std::mem::replace(&mut self.start, PendingStart::After) {
            PendingStart::After => Start::After,
            PendingStart::Guess(boundary) => {
                let (sender, receiver) = sync_channel(1);
                let (text, format) = (text.clone(), self.format.expect("known at a guess"));
                pool.spawn(move |_| {
                    let mut reader = MazeReader::resume(
                        reading.families,
                        format,
                        reading.family,
                        reading.side_by_side,
                        boundary,
                    );
                    let (mut output, mut scratch) = (H::Output::default(), Scratch::new());
                    reader.push_all(&text, &mut |item| {
                        reading.handler.handle(item, &mut output, &mut scratch)
                    });
                    // Let go of the text first, so the writer can reuse it.
                    drop(text);
                    // The writer may have gone on without this piece.
                    let _ = sender.send(Speculation { output, reader });
                });
                Start::Guess(boundary, receiver)
            }
        };
        let bytes = self.bytes - self.pending.len();
        take(Job::Piece(Piece { text, bytes, start }))?;
        Ok(self.line)
    }
}

/// The end of the first line of `block` that is not blank.
fn text_line(block: &[u8]) -> Option<usize> {
    let at = block.iter().position(|b| !b.is_ascii_whitespace())?;
    Some(memchr::memchr(b'\n', &block[at..]).map_or(block.len(), |i| at + i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::Collect;
    use crate::family::{Maze, dice};

    /// The jobs `read_input` passes on for `text`, read 64 bytes at a
    /// time and cut into pieces of a byte: `R` for what it read itself
    /// (`R*` with the reader handed on), `P` for a piece, `E` for the end;
    /// and the mazes it read itself.
    fn jobs(text: &[u8]) -> (String, usize) {
        let spare = SpareBuffers::default();
        let reading = Reading {
            families: Families::BUILT_IN,
            format: None,
            family: None,
            limits: Limits::default(),
            side_by_side: Limits::default(),
            feed: Feed::File,
            piece_bytes: 1,
            handler: &Collect,
            spare: &spare,
        };
        let (mut kinds, mut mazes) = (String::new(), 0);
        let input = std::io::BufReader::with_capacity(64, text);
        crate::search::parallel::in_place_scope(|pool| {
            read_input(input, &reading, pool, &mut |job| {
                match job {
                    Job::Read { items, reader, .. } => {
                        mazes += items
                            .iter()
                            .filter(|item| matches!(item, Parsed::Maze(_)))
                            .count();
                        kinds += if reader.is_some() { "R*" } else { "R" };
                    }
                    Job::Piece(_) => kinds += "P",
                    Job::End { .. } => kinds += "E",
                }
                Ok(())
            })
        })
        .unwrap();
        (kinds, mazes)
    }

    fn maze_text(seed: u64) -> String {
        let mut text = String::new();
        crate::text::write_maze(&mut text, &Maze::from(dice::random_maze(seed, 30, 30))).unwrap();
        text
    }

    /// One maze, however long, is read on the reading thread, straight
    /// from the input's buffer, and then its reader goes to the writer
    /// (what follows, `END`, is a piece).
    #[test]
    fn a_lone_maze_is_read_where_the_input_is_read() {
        let (kinds, mazes) = jobs(format!("{}END\n", maze_text(1)).as_bytes());
        assert_eq!((kinds.as_str(), mazes), ("RR*PE", 1));
    }

    /// Once the first maze is read, the input is cut into pieces from
    /// where the reader stands, and that reader goes to the writer first.
    #[test]
    fn pieces_start_after_the_first_maze() {
        let text = format!("{}{}{}END\n", maze_text(1), maze_text(2), maze_text(3));
        let (kinds, mazes) = jobs(text.as_bytes());
        let handed = kinds.find("R*").expect("the reader is handed on");
        assert!(kinds[..handed].chars().all(|kind| kind == 'R'), "{kinds}");
        assert!(
            kinds[handed + 2..]
                .chars()
                .all(|kind| kind == 'P' || kind == 'E'),
            "{kinds}"
        );
        assert_eq!(mazes, 1);
    }
}
