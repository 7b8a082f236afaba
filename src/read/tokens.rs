//! Splitting a line into whitespace-separated tokens that remember their
//! column, and reading the tokens a line should hold with positioned errors:
//! what every family's reader of the judges' format is written with.
//!
//! ```
//! use logicmaze::read::Line;
//! let line = Line::new(b"  3 1 N\r\n");
//! let mut cursor = line.cursor();
//! assert_eq!(cursor.number("the row").unwrap().0, 3);
//! assert_eq!(line.tokens().count(), 3);
//! assert_eq!(line.text(), "3 1 N");
//! ```

use std::ops::RangeInclusive;

use super::error::ParseErrorKind;

/// One line of input without its line ending.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    bytes: &'a [u8],
}

/// A token and the byte offset where it starts in its line; the column is
/// worked out only when an error needs it ([`Line::column`]).
#[derive(Clone, Copy, Debug)]
pub struct Token<'a> {
    /// The byte offset where the token starts in its line.
    pub start: usize,
    /// The token's bytes.
    pub text: &'a [u8],
}

/// The longest token text quoted in full in an error message.
const QUOTE_LIMIT: usize = 40;

impl<'a> Line<'a> {
    /// The line, with any trailing `\n` or `\r\n` removed.
    pub fn new(raw: &'a [u8]) -> Line<'a> {
        let bytes = raw.strip_suffix(b"\n").unwrap_or(raw);
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        Line { bytes }
    }

    /// The line's bytes, without the line ending.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The line without leading and trailing whitespace.
    pub fn trimmed(&self) -> &'a [u8] {
        self.bytes.trim_ascii()
    }

    /// Whether the line holds nothing but whitespace.
    pub fn is_blank(&self) -> bool {
        self.trimmed().is_empty()
    }

    /// Whether the line is the number zero, however written (`0`, `00`,
    /// `-0`, `+0`): a line that ends a maze, as a judge's
    /// `scanf("%d")` reads it.
    pub fn is_zero(&self) -> bool {
        let trimmed = self.trimmed();
        let digits = match trimmed.first() {
            Some(b'-' | b'+') => &trimmed[1..],
            _ => trimmed,
        };
        !digits.is_empty() && digits.iter().all(|&b| b == b'0')
    }

    /// Whether the trimmed line is exactly `word`.
    pub fn is(&self, word: &str) -> bool {
        self.trimmed() == word.as_bytes()
    }

    /// The trimmed line as text (invalid UTF-8 replaced), e.g. a maze name.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(self.trimmed()).into_owned()
    }

    /// The column just past the last character: where a missing token goes.
    pub fn end_column(&self) -> usize {
        column_of(self.bytes, self.bytes.trim_ascii_end().len())
    }

    /// The 1-based character column where `token` starts.
    pub fn column(&self, token: &Token) -> usize {
        column_of(self.bytes, token.start)
    }

    /// The whitespace-separated tokens (spaces, tabs, any ASCII whitespace).
    pub fn tokens(&self) -> Tokens<'a> {
        Tokens {
            bytes: self.bytes,
            at: 0,
        }
    }

    /// A cursor over this line's tokens.
    pub fn cursor(&self) -> Cursor<'a> {
        Cursor {
            line: *self,
            tokens: self.tokens(),
        }
    }

    /// A failure pointing at `token`.
    pub fn fail_at(&self, token: &Token, kind: ParseErrorKind) -> Failure {
        Failure {
            column: self.column(token),
            kind,
        }
    }

    /// A failure pointing just past the end of the line.
    pub fn fail_at_end(&self, kind: ParseErrorKind) -> Failure {
        Failure {
            column: self.end_column(),
            kind,
        }
    }
}

/// The tokens of a line, in order.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let bytes = self.bytes;
        while self.at < bytes.len() && bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        let start = self.at;
        while self.at < bytes.len() && !bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        (start < self.at).then(|| Token {
            start,
            text: &bytes[start..self.at],
        })
    }
}

/// What went wrong in a line, and at which column; the parser adds the line
/// number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The 1-based character column.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// Reads the tokens a line should hold, one after another.
pub struct Cursor<'a> {
    line: Line<'a>,
    tokens: Tokens<'a>,
}

impl<'a> Cursor<'a> {
    /// The next token, if any.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        self.tokens.next()
    }

    /// The next token as an integer named `what` in messages.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::ExpectedNumber`] at the end of the line, or at a
    /// token that is not an integer; [`ParseErrorKind::OutOfRange`] at an
    /// integer too large for an `i64`.
    pub fn number(&mut self, what: &'static str) -> Result<(i64, Token<'a>), Failure> {
        let Some(token) = self.tokens.next() else {
            return Err(self.line.fail_at_end(ParseErrorKind::ExpectedNumber {
                what,
                found: "end of line".into(),
            }));
        };
        match token.integer() {
            Some(value) => Ok((value, token)),
            None if token.is_integer_like() => Err(self.line.fail_at(
                &token,
                ParseErrorKind::OutOfRange {
                    what,
                    value: token.shown(),
                    expected: "far too large".into(),
                },
            )),
            None => Err(self.line.fail_at(
                &token,
                ParseErrorKind::ExpectedNumber {
                    what,
                    found: token.quoted(),
                },
            )),
        }
    }

    /// The next token as an integer in `range`, named `what` in messages.
    ///
    /// # Errors
    ///
    /// Those of [`Cursor::number`]; [`ParseErrorKind::OutOfRange`] at a
    /// number outside `range` or not a `u32`, saying the nearer bound.
    pub fn number_in(
        &mut self,
        what: &'static str,
        range: RangeInclusive<i64>,
    ) -> Result<(u32, Token<'a>), Failure> {
        let (value, token) = self.number(what)?;
        match u32::try_from(value) {
            Ok(fits) if range.contains(&value) => Ok((fits, token)),
            _ => {
                let expected = match value < *range.start() {
                    true => format!("the smallest allowed is {}", range.start()),
                    false => format!("the largest allowed is {}", range.end()),
                };
                let value = value.to_string();
                let kind = ParseErrorKind::OutOfRange {
                    what,
                    value,
                    expected,
                };
                Err(self.line.fail_at(&token, kind))
            }
        }
    }

    /// Succeeds when no token is left; `after` names the last expected one.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::Unexpected`] at the first token left.
    pub fn end(&mut self, after: &'static str) -> Result<(), Failure> {
        match self.tokens.next() {
            None => Ok(()),
            Some(token) => Err(self.line.fail_at(
                &token,
                ParseErrorKind::Unexpected {
                    found: token.quoted(),
                    after,
                },
            )),
        }
    }
}

impl Token<'_> {
    /// The token as an integer, or `None` when it is not one or does not fit
    /// in an `i64`.
    pub fn integer(&self) -> Option<i64> {
        let (negative, digits) = match self.text.strip_prefix(b"-") {
            Some(rest) => (true, rest),
            None => (false, self.text),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let magnitude = digits.iter().try_fold(0i64, |value, &digit| {
            value.checked_mul(10)?.checked_add((digit - b'0') as i64)
        })?;
        Some(if negative { -magnitude } else { magnitude })
    }

    /// Whether the token looks like an integer (digits, maybe a leading
    /// minus), however large.
    pub fn is_integer_like(&self) -> bool {
        let digits = self.text.strip_prefix(b"-").unwrap_or(self.text);
        !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
    }

    /// The token for an error message, in quotes (see [`quote`]).
    pub fn quoted(&self) -> String {
        quote(self.text)
    }

    /// The token for an error message without quotes, shortened when very
    /// long and its control characters escaped.
    pub fn shown(&self) -> String {
        escaped(&shortened(&String::from_utf8_lossy(self.text), QUOTE_LIMIT)).into_owned()
    }
}

/// Text quoted in an error message: in quotes, its control characters
/// escaped, and when it is longer than 40 characters, cut, with its whole
/// length said, so that a message stays short whatever it quotes.
///
/// ```
/// use logicmaze::read::quote;
/// assert_eq!(quote(b"QR"), "'QR'");
/// assert_eq!(quote(&[b'x'; 900_214]), format!("'{}…' (900,214 bytes)", "x".repeat(40)));
/// assert_eq!(quote(b"\x1b[2J"), "'\\u{1b}[2J'");
/// ```
pub fn quote(text: &[u8]) -> String {
    let whole = String::from_utf8_lossy(text);
    let short = shortened(&whole, QUOTE_LIMIT);
    let shown = escaped(&short);
    match short.len() < whole.len() {
        true => format!("'{shown}' ({} bytes)", thousands(text.len())),
        false => format!("'{shown}'"),
    }
}

/// `n` with a comma between each group of three digits: `900,214`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// `text` with the characters that could hide or rewrite what a terminal
/// shows written as escapes: control characters (an escape sequence that
/// clears the screen or retitles the window), bidirectional overrides and
/// invisible format characters. Text quoted from an input or an answer
/// passes through it before it reaches a message, so that no input can
/// rewrite what a terminal shows, or make a wrong answer read as a right
/// one.
///
/// ```
/// use logicmaze::read::escaped;
/// assert_eq!(escaped("plain (1,2)"), "plain (1,2)");
/// assert_eq!(escaped("\u{1b}[2J\u{7}x\u{202e}"), "\\u{1b}[2J\\u{7}x\\u{202e}");
/// ```
pub fn escaped(text: &str) -> std::borrow::Cow<'_, str> {
    let hides = |c: char| {
        c.is_control()
            || matches!(c, '\u{ad}' | '\u{61c}' | '\u{180e}' | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}')
    };
    if !text.chars().any(hides) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match hides(c) {
            true => out.extend(c.escape_unicode()),
            false => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// `text` cut after `limit` characters, with `…` where it was cut.
///
/// ```
/// use logicmaze::read::shortened;
/// assert_eq!(shortened("abcdef", 3), "abc…");
/// assert_eq!(shortened("abc", 3), "abc");
/// ```
pub fn shortened(text: &str, limit: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(limit) {
        Some((cut, _)) => format!("{}…", &text[..cut]).into(),
        None => text.into(),
    }
}

/// The 1-based character column of byte offset `at` in `bytes`.
pub fn column_of(bytes: &[u8], at: usize) -> usize {
    let continuation = |b: &&u8| (**b & 0xC0) == 0x80;
    at - bytes[..at].iter().filter(continuation).count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(raw: &str) -> Vec<(usize, String)> {
        let line = Line::new(raw.as_bytes());
        line.tokens()
            .map(|t| {
                (
                    line.column(&t),
                    String::from_utf8_lossy(t.text).into_owned(),
                )
            })
            .collect()
    }

    #[test]
    fn splits_on_any_whitespace_and_keeps_columns() {
        assert_eq!(
            tokens("1\t2   WL  *\r\n"),
            vec![
                (1, "1".into()),
                (3, "2".into()),
                (7, "WL".into()),
                (11, "*".into())
            ]
        );
        assert!(tokens("   \r\n").is_empty());
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        assert_eq!(tokens("é x")[1].0, 3);
    }

    #[test]
    fn reads_integers_without_overflow() {
        let int = |s: &str| {
            Token {
                start: 0,
                text: s.as_bytes(),
            }
            .integer()
        };
        assert_eq!(int("42"), Some(42));
        assert_eq!(int("-1"), Some(-1));
        assert_eq!(int("007"), Some(7));
        assert_eq!(int("-"), None);
        assert_eq!(int("1x"), None);
        assert_eq!(int("99999999999999999999"), None);
    }

    #[test]
    fn line_endings_and_trimming() {
        let line = Line::new(b"  My Maze 1 \r\n");
        assert_eq!(line.text(), "My Maze 1");
        assert_eq!(line.end_column(), 12);
        assert!(Line::new(b"END\r").is("END"));
    }

    #[test]
    fn long_text_is_shortened_in_messages() {
        let long = "x".repeat(100);
        let quoted = quote(long.as_bytes());
        assert_eq!(
            quoted,
            format!("'{}…' (100 bytes)", "x".repeat(QUOTE_LIMIT))
        );
    }
}
