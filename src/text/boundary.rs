//! Reading one input in pieces: guessing where a maze starts inside a run
//! of lines, so that each piece can be read by its own parser (on its own
//! thread), and telling afterwards whether the guess was right.
//!
//! A parser is a function of the lines it has read. Between two mazes its
//! whole state is a [`Boundary`]: the number of lines read and the family of
//! the last maze. So when the parser that read up to a guessed start stands
//! at the same boundary the piece's parser was resumed from, the piece's
//! parser read exactly what the first would have. When it does not, the
//! piece must be read again by the first parser.

use crate::family::{Families, Family};
use crate::read::{Line, MAX_NAME_BYTES};

/// Where a parser stands between two mazes: everything a parser resumed
/// there needs to read on as the first one would.
///
/// ```
/// use logicmaze::text::{Boundary, Parser};
/// use logicmaze::read::Limits;
/// let mut parser = Parser::new(Default::default(), None, Limits::default());
/// for line in ["A\n", "1 1 S 2 1\n", "0\n"] {
///     parser.push_line(line.as_bytes(), &mut |_| {});
/// }
/// let boundary = parser.boundary().unwrap();
/// assert_eq!(boundary.line, 3);
/// let resumed = Parser::resume(Default::default(), None, Limits::default(), boundary);
/// assert_eq!(resumed.boundary(), Some(boundary));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Boundary {
    /// Lines read so far.
    pub line: usize,
    /// The family of the last maze begun, used where the next maze's
    /// second line does not tell.
    pub family: Option<&'static dyn Family>,
}

/// Whether `line` is the line `END`, which ends an input of the judges'
/// format: the one place that knows it, for the parser, the scan below
/// and the writer (which refuses a maze named `END`).
///
/// ```
/// use logicmaze::read::Line;
/// assert!(logicmaze::text::is_end(&Line::new(b" END\r\n")));
/// assert!(!logicmaze::text::is_end(&Line::new(b"ENDS\n")));
/// ```
pub fn is_end(line: &Line) -> bool {
    line.is("END")
}

/// The end of the first line of `block` (whole lines) that is `END`
/// ([`is_end`]): whatever a parser is reading, the input ends there. A
/// reader that cuts an input into pieces stops cutting there.
///
/// ```
/// assert_eq!(logicmaze::text::end_line(b"A\n0\nEND\nafter\n"), Some(8));
/// assert_eq!(logicmaze::text::end_line(b"A\nENDING\n"), None);
/// ```
pub fn end_line(block: &[u8]) -> Option<usize> {
    memchr::memmem::find_iter(block, b"END").find_map(|at| {
        let start = memchr::memrchr(b'\n', &block[..at]).map_or(0, |i| i + 1);
        let end = memchr::memchr(b'\n', &block[at..]).map_or(block.len(), |i| at + i + 1);
        is_end(&Line::new(&block[start..end])).then_some(end)
    })
}

/// A guess at where a maze starts in `text`, at or after byte `from` (both
/// at line starts): the offset of a line that looks like a maze's name,
/// and the family the maze before it seems to be of. `family` is the
/// family the caller forces, if any; else the first of `families` that
/// fits. The guess is only a guess: see the module documentation for how
/// it is checked.
///
/// A name is taken to follow a line that may end a maze (as
/// [`Family::may_end_maze`] says: a line of `0`, or a last row),
/// and to be followed by a header line.
///
/// ```
/// use logicmaze::text::maze_start;
/// use logicmaze::family::Families;
/// let text = b"A\n1 1 S 2 1\n0\nB\n1 1 S 2 1\n0\n";
/// let (at, family) = maze_start(text, 0, Families::BUILT_IN, None).unwrap();
/// assert_eq!((at, family.map(|f| f.name())), (14, Some("arrow")));
/// assert_eq!(maze_start(text, 15, Families::BUILT_IN, None), None);
/// ```
pub fn maze_start(
    text: &[u8],
    from: usize,
    families: Families,
    family: Option<&'static dyn Family>,
) -> Option<(usize, Option<&'static dyn Family>)> {
    let rest = text.get(from..)?;
    let starts =
        std::iter::once(from).chain(memchr::memchr_iter(b'\n', rest).map(|i| from + i + 1));
    for at in starts {
        // Most lines start with a digit or a sign (intersections, rows, `0`)
        // and cannot be names: they are passed over by their first byte.
        match text.get(at) {
            None => break,
            Some(b) if b.is_ascii_digit() || *b == b'-' => continue,
            Some(_) => {}
        }
        let mut lines = LinesFrom { text, at };
        let Some((_, name)) = lines.next() else {
            break;
        };
        if name.is_blank() {
            continue;
        }
        let before = line_before(text, from, at);
        let header = lines.map(|(_, line)| line).find(|line| !line.is_blank());
        if let (Some(before), Some(header)) = (before, header) {
            if let Some(family) = name_between(before, name, header, families, family) {
                return Some((at, Some(family)));
            }
        }
    }
    None
}

/// The last non-blank line of `text` that starts at or after `from` and
/// ends before `at` (a line start).
fn line_before(text: &[u8], from: usize, at: usize) -> Option<Line<'_>> {
    let mut end = at;
    while end > from {
        let start = memchr::memrchr(b'\n', &text[from..end - 1]).map_or(from, |i| from + i + 1);
        let line = Line::new(&text[start..end]);
        if !line.is_blank() {
            return Some(line);
        }
        end = start;
    }
    None
}

/// The family of the maze ending with `before`, when `name` looks like the
/// name of a maze whose header is `header`: the forced family, or the
/// first of the list, that may end a maze with `before`.
fn name_between(
    before: Line,
    name: Line,
    header: Line,
    families: Families,
    forced: Option<&'static dyn Family>,
) -> Option<&'static dyn Family> {
    // Cheapest first: intersection lines, rows and `0` lines start with a
    // digit or a sign, so they are ruled out by their first byte. (A name
    // that starts with one is never guessed: the guess is then only later.)
    let first = name.trimmed().first()?;
    if first.is_ascii_digit() || *first == b'-' || is_end(&name) {
        return None;
    }
    let candidates = match &forced {
        Some(family) => std::slice::from_ref(family),
        None => families.list(),
    };
    let ended = candidates
        .iter()
        .copied()
        .find(|f| f.may_end_maze(&before))?;
    let header_like = candidates.iter().any(|f| f.looks_like_header(&header));
    let plausible = header_like && name.trimmed().len() <= MAX_NAME_BYTES;
    plausible.then_some(ended)
}

/// The lines of `text` from byte `at` on, each with its offset.
struct LinesFrom<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Iterator for LinesFrom<'a> {
    type Item = (usize, Line<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.text.get(self.at..).filter(|rest| !rest.is_empty())?;
        let length = memchr::memchr(b'\n', rest).map_or(rest.len(), |i| i + 1);
        let start = self.at;
        self.at += length;
        Some((start, Line::new(&rest[..length])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_name_after_a_dice_maze() {
        let text = b"D\n1 2 1 1 1 2\n-1 -1\n\nE\n1 2 1 1 1 2\n-1 -1\n";
        let named = |name| Families::BUILT_IN.named(name);
        assert_eq!(
            maze_start(text, 0, Families::BUILT_IN, None),
            Some((21, named("dice")))
        );
        assert_eq!(
            maze_start(text, 0, Families::BUILT_IN, named("arrow")),
            None
        );
    }

    /// The guess as first written: every non-blank line in turn, with the
    /// lines around it.
    fn reference(
        text: &[u8],
        from: usize,
        family: Option<&'static dyn Family>,
    ) -> Option<(usize, Option<&'static dyn Family>)> {
        let mut lines = LinesFrom { text, at: from }.filter(|(_, line)| !line.is_blank());
        let (mut before, mut name) = (lines.next()?.1, lines.next()?);
        for (at, header) in lines {
            if let Some(family) = name_between(before, name.1, header, Families::BUILT_IN, family) {
                return Some((name.0, Some(family)));
            }
            (before, name) = (name.1, (at, header));
        }
        None
    }

    proptest::proptest! {
        #[test]
        fn passing_over_lines_by_their_first_byte_changes_no_guess(
            lines in proptest::collection::vec(proptest::sample::select(vec![
                "0", " 0 ", "", "  ", "NAME", " NAME", "-1 2", "1 2 3 4 5 6", "3 3 1 1 1 2",
                "1 1 N 2 2", "1 1 NL *", "END", "7 NAME", "\r",
            ]), 0..30),
            from in 0usize..40,
            family in proptest::sample::select(vec![None, Families::BUILT_IN.named("arrow"), Families::BUILT_IN.named("dice")]),
        ) {
            let text = lines.join("\n");
            // `from` must be a line start.
            let from = text
                .match_indices('\n')
                .map(|(i, _)| i + 1)
                .chain([0])
                .filter(|&start| start <= from)
                .max()
                .unwrap_or(0);
            proptest::prop_assert_eq!(
                maze_start(text.as_bytes(), from, Families::BUILT_IN, family),
                reference(text.as_bytes(), from, family)
            );
        }
    }

    #[test]
    fn rows_that_look_like_headers_are_not_names() {
        let text = b"1 2 3 4 5 6\n1 2 3 4 5 6\n1 2 3 4 5 6\n";
        assert_eq!(maze_start(text, 0, Families::BUILT_IN, None), None);
    }
}
