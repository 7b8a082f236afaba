//! Helpers for reading a maze from a JSON document: where in the document
//! a value is ([`Path`]), so that an error found after reading points at
//! the value it is about ([`locate`]); serde_json's own error, kept with
//! a reader's, is a [`JsonError`](super::JsonError).

use super::{Limits, MAX_LINE_BYTES, ParseErrorKind};

/// Where a value is in a maze document: the keys and indices that lead to
/// it from the top (empty: the whole document).
pub type Path = Vec<PathStep>;

/// An error about a value of a maze document, and where the value is.
pub type Located = (ParseErrorKind, Path);

/// One step of a [`Path`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathStep {
    /// The value of a key of an object.
    Key(&'static str),
    /// An element of an array.
    Index(usize),
}

/// Tags an error with the path of the value it is about.
pub fn at<E: Into<ParseErrorKind>>(path: &[PathStep]) -> impl FnOnce(E) -> Located + '_ {
    move |error| (error.into(), path.to_vec())
}

/// The byte offset in `text`, a well-formed JSON document, where the value
/// at `path` starts, if it is there.
///
/// serde_json reports where the text goes wrong, not where a value it read
/// sits, so an error found after reading (a square numbered 9) is placed
/// by walking the text again down the path.
pub fn locate(text: &[u8], path: &[PathStep]) -> Option<usize> {
    let mut at = skip_space(text, 0);
    for step in path {
        let (open, close) = match step {
            PathStep::Key(_) => (b'{', b'}'),
            PathStep::Index(_) => (b'[', b']'),
        };
        if text.get(at) != Some(&open) {
            return None;
        }
        at = skip_space(text, at + 1);
        let mut index = 0;
        loop {
            if text.get(at) == Some(&close) {
                return None;
            }
            let found = match step {
                PathStep::Key(key) => {
                    let end = skip_value(text, at)?;
                    let name = text.get(at + 1..end.checked_sub(1)?)?;
                    at = skip_space(text, end);
                    (text.get(at) == Some(&b':')).then_some(())?;
                    at = skip_space(text, at + 1);
                    name == key.as_bytes()
                }
                PathStep::Index(wanted) => {
                    index += 1;
                    index - 1 == *wanted
                }
            };
            if found {
                break;
            }
            at = skip_space(text, skip_value(text, at)?);
            match text.get(at) {
                Some(b',') => at = skip_space(text, at + 1),
                _ => return None,
            }
        }
    }
    Some(at)
}

/// The offset just past the value that starts at `at`.
fn skip_value(text: &[u8], mut at: usize) -> Option<usize> {
    match text.get(at)? {
        b'"' => {
            at += 1;
            loop {
                match text.get(at)? {
                    b'\\' => at += 2,
                    b'"' => return Some(at + 1),
                    _ => at += 1,
                }
            }
        }
        b'{' | b'[' => {
            let close = if text[at] == b'{' { b'}' } else { b']' };
            at = skip_space(text, at + 1);
            while text.get(at)? != &close {
                at = skip_space(text, skip_value(text, at)?);
                if matches!(text.get(at)?, b',' | b':') {
                    at = skip_space(text, at + 1);
                }
            }
            Some(at + 1)
        }
        _ => {
            let length = text[at..]
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']' | b':') || b.is_ascii_whitespace())
                .unwrap_or(text.len() - at);
            Some(at + length.max(1))
        }
    }
}

fn skip_space(text: &[u8], at: usize) -> usize {
    at + text.get(at..).map_or(0, |rest| {
        rest.iter().take_while(|b| b.is_ascii_whitespace()).count()
    })
}

/// The most bytes a maze's JSON document may take per search state, as
/// the families write them. The largest so far, an intersection with every
/// sign and ten-digit coordinates,
/// `{"at":[4294967293,4294967293],"signs":{"N":"LFR","E":"LFR","S":"LFR","W":"LFR"}},`,
/// is 81 bytes for 4 states; a numbered square takes far less.
pub const JSON_BYTES_PER_STATE: usize = 21;

/// The longest JSON line read under `limits`: a line is a whole maze, so
/// it may be as long as the largest maze `limits` allow
/// ([`JSON_BYTES_PER_STATE`] per state), and [`MAX_LINE_BYTES`] more for
/// the name and header.
///
/// ```
/// use logicmaze::read::json::{max_line_bytes, JSON_BYTES_PER_STATE};
/// use logicmaze::read::{Limits, MAX_LINE_BYTES};
/// let limits = Limits::default().with_max_states(1000);
/// assert_eq!(max_line_bytes(limits), MAX_LINE_BYTES + 1000 * JSON_BYTES_PER_STATE);
/// ```
pub fn max_line_bytes(limits: Limits) -> usize {
    usize::try_from(limits.max_states)
        .unwrap_or(usize::MAX)
        .saturating_mul(JSON_BYTES_PER_STATE)
        .saturating_add(MAX_LINE_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_finds_values_down_a_path() {
        let text =
            br#" {"a\"": {"squares": 1}, "squares" : [ [1, 2], [ 3 , "x]" , 4 ] ], "z": {}}"#;
        let squares = PathStep::Key("squares");
        let find = |path: &[PathStep]| locate(text, path).map(|at| text[at]);
        assert_eq!(find(&[squares]), Some(b'['));
        assert_eq!(
            find(&[squares, PathStep::Index(1), PathStep::Index(0)]),
            Some(b'3')
        );
        assert_eq!(
            find(&[squares, PathStep::Index(1), PathStep::Index(2)]),
            Some(b'4')
        );
        assert_eq!(find(&[PathStep::Key("z")]), Some(b'{'));
        assert_eq!(find(&[squares, PathStep::Index(2)]), None);
        assert_eq!(find(&[PathStep::Key("missing")]), None);
        assert_eq!(find(&[]), Some(b'{'));
    }
}
