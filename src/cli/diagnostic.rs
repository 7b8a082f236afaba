//! Diagnostics: what a note on an input looks like on stderr, in rustc's
//! style, with the flag that changes it where one does (the library's
//! words name no flag).

use crate::batch::Note;
use crate::read::{ParseError, ParseErrorKind};

use super::say::WARNING;

/// The lines for stderr about a note on input `name`: for a bad maze
/// `NAME:LINE:COLUMN: error: ...`, then, in rustc's style, the line with a
/// caret under the column and a hint where one helps.
pub fn diagnostic(name: &str, note: &Note) -> String {
    match note {
        Note::Error(error) => {
            let place = format!("{name}:{}:{}: ", error.line, error.column);
            place + &snippet(error) + "\n"
        }
        Note::Warning(warning) => format!(
            "{name}:{}:{}: {WARNING}warning:{WARNING:#} {}\n",
            warning.line, warning.column, warning.kind
        ),
        Note::Unwritable(message) => format!("{name}: error: {message}\n"),
    }
}

/// Shown lines are cut to about this many characters around the column.
const SNIPPET_WIDTH: usize = 100;
/// Longer tokens get a caret under their first character only.
const MAX_UNDERLINE: usize = 20;

/// The library's message for `kind`, and the flag that changes what it
/// speaks of, where one does: the library's words name no flag.
fn message(kind: &ParseErrorKind) -> String {
    let flag = match kind {
        ParseErrorKind::TooLarge { .. } => " (see --max-states)".to_string(),
        ParseErrorKind::OverMemory { .. } => " (see --max-memory)".to_string(),
        ParseErrorKind::UnknownFamily { .. } => {
            let names: Vec<&str> = super::families::of_run().names().collect();
            format!("; --family {} forces one", names.join("|"))
        }
        _ => String::new(),
    };
    kind.to_string() + &flag
}

/// `error: MESSAGE`, and under it the line (cut around the column when
/// long) with a caret under the token at the column, and the hint.
fn snippet(error: &ParseError) -> String {
    use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
    let message = message(&error.kind);
    let mut group = Group::with_title(Level::ERROR.primary_title(message.as_str()));
    let shown = error
        .line_text
        .as_deref()
        .map(|line| window(line, error.column));
    if let Some((text, span)) = &shown {
        group = group.element(
            Snippet::source(text.as_str())
                .line_start(error.line)
                .annotation(AnnotationKind::Primary.span(span.clone())),
        );
    }
    if let Some(hint) = error.kind.hint() {
        group = group.element(Level::HELP.message(hint));
    }
    // Styled always: stderr strips the styles where colour is off.
    Renderer::styled().render(&[group]).to_string()
}

/// The part of `source` to show, and the byte span of the token at the
/// 1-based character `column` in it.
fn window(source: &str, column: usize) -> (String, std::ops::Range<usize>) {
    let chars: Vec<char> = source
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let at = column.saturating_sub(1).min(chars.len());
    let first = match chars.len() > SNIPPET_WIDTH {
        true => at.saturating_sub(SNIPPET_WIDTH / 2),
        false => 0,
    };
    let last = (first + SNIPPET_WIDTH).min(chars.len());
    let mut text: String = match first > 0 {
        true => "...".to_string(),
        false => String::new(),
    };
    let start = text.len() + chars[first..at].iter().map(|c| c.len_utf8()).sum::<usize>();
    text.extend(&chars[first..last]);
    // The caret underlines the token at the column, or one character when
    // the token is long (a JSON line is one token).
    let token: Vec<char> = chars[at..last]
        .iter()
        .copied()
        .take_while(|c| !c.is_whitespace())
        .collect();
    let underlined = match token.len() > MAX_UNDERLINE {
        true => &token[..1],
        false => &token[..],
    };
    let width = underlined.iter().map(|c| c.len_utf8()).sum::<usize>();
    let end = start + width.max(usize::from(at < last));
    if last < chars.len() {
        text.push_str("...");
    }
    (text, start..end)
}
