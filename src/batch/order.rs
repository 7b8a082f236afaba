//! Keeping the input's order: the writer takes the pieces as they were
//! cut, and keeps what the pool made of a piece only when the reader that
//! read the input up to it stands exactly where the piece was guessed to
//! start ([`Boundary`](crate::text::Boundary)); otherwise it reads the
//! piece again itself, on from where that reader stands. Either way what
//! it hands on is what reading the input line by line gives.

use std::io;

use crate::input::MazeReader;
use crate::read::Limits;
use crate::search::Scratch;

use super::pieces::{Job, Piece, SpareBuffers, Start};
use super::{Handler, Sink};

/// Handles what the reading thread passes on, and hands it to the sink in
/// order.
pub struct Writer<'a, H: Handler, S> {
    pub handler: &'a H,
    pub sink: &'a mut S,
    /// The reader that read the input up to the last piece taken.
    pub carry: Option<MazeReader>,
    /// The limits of the reader that reads large mazes.
    pub limits: Limits,
    pub spare: &'a SpareBuffers,
    /// The arrays the writer's mazes are handled in, one maze after
    /// another.
    pub scratch: Scratch,
}

impl<H: Handler, S: Sink<H::Output>> Writer<'_, H, S> {
    /// Takes the next job from the reading thread.
    pub fn take(&mut self, job: Job<H::Output>) -> io::Result<()> {
        match job {
            Job::Read {
                items,
                bytes,
                reader,
            } => {
                let mut output = H::Output::default();
                for item in items {
                    self.handler.handle(item, &mut output, &mut self.scratch);
                }
                if reader.is_some() {
                    self.carry = reader;
                }
                self.sink.take(output, bytes)
            }
            Job::Piece(piece) => self.take_piece(piece),
            Job::End { bytes } => {
                let mut output = H::Output::default();
                if let Some(mut reader) = self.carry.take() {
                    reader.finish(&mut |item| {
                        self.handler.handle(item, &mut output, &mut self.scratch)
                    });
                }
                self.sink.take(output, bytes)
            }
        }
    }

    /// Takes a piece's output from the pool when it was read from where
    /// the input's reader stands, or else reads it with that reader.
    fn take_piece(&mut self, piece: Piece<H::Output>) -> io::Result<()> {
        let Piece { text, bytes, start } = piece;
        let speculation = match start {
            Start::After => None,
            Start::Guess(boundary, receiver) => {
                let carry = self.carry.as_ref().and_then(MazeReader::boundary);
                (carry == Some(boundary))
                    .then(|| receiver.recv().expect("the piece is read"))
                    .filter(|speculation| !speculation.reader.gave_up())
            }
        };
        let output = match speculation {
            Some(mut speculation) => {
                // The writer takes large mazes, which readers on the pool
                // leave to it.
                speculation.reader.set_limits(self.limits);
                self.carry = Some(speculation.reader);
                speculation.output
            }
            None => {
                let mut output = H::Output::default();
                if let Some(reader) = &mut self.carry {
                    let handler = self.handler;
                    let scratch = &mut self.scratch;
                    reader.push_all(&text, &mut |item| {
                        handler.handle(item, &mut output, scratch)
                    });
                }
                output
            }
        };
        self.spare.give(text);
        self.sink.take(output, bytes)
    }
}
