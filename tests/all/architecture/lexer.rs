//! A Rust file as the checks read it: its test items left out, and for the
//! import checks its comments too.
//!
//! A test item may stand anywhere in a file (`src/search/mod.rs` declares
//! `#[cfg(test)] mod ring;` among its first lines), so the file is read
//! to its end, token by token. A small lexer is enough to tell code from
//! strings, characters and comments, and so to match braces; it saves the
//! build a parser.
//!
//! What is left out is blanked rather than dropped: every character but a
//! newline becomes a space, so what remains keeps its lines (the name
//! check reports them) and no two words are joined.

use std::ops::Range;

/// The text without its test items, comments kept (the name check reads
/// prose too).
pub fn without_tests(text: &str) -> String {
    blanked(text, |_| false)
}

/// The text without its test items and its comments, doc comments
/// included: the code whose paths are imports.
pub fn without_tests_and_comments(text: &str) -> String {
    blanked(text, |kind| matches!(kind, Kind::Comment | Kind::OuterDoc))
}

/// The text without its test items, comments and literals: its code
/// alone, where a word is an item's (the name check reads the items a
/// file declares, not a string that reads like one).
pub fn without_tests_comments_and_literals(text: &str) -> String {
    blanked(text, |kind| {
        matches!(kind, Kind::Comment | Kind::OuterDoc | Kind::Literal)
    })
}

/// The text with its test items and the tokens of the kinds `hide`
/// blanked.
fn blanked(text: &str, hide: impl Fn(Kind) -> bool) -> String {
    let tokens = tokens(text);
    let cuts = test_items(text, &tokens);
    let mut kept = String::with_capacity(text.len());
    for token in &tokens {
        let piece = &text[token.span.clone()];
        let cut = cuts.iter().any(|cut| cut.contains(&token.span.start));
        match cut || hide(token.kind) {
            true => kept.extend(piece.chars().map(|c| if c == '\n' { c } else { ' ' })),
            false => kept.push_str(piece),
        }
    }
    kept
}

/// What a token is, as far as the checks care.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// White space.
    Space,
    /// A comment, an inner doc comment (`//!`, `/*!`) included.
    Comment,
    /// An outer doc comment (`///`, `/** */`): part of the item after it,
    /// as an attribute is.
    OuterDoc,
    /// A string, byte string, raw string or character.
    Literal,
    /// A name, keyword, number or lifetime.
    Word,
    /// Any other character: brackets, `#`, `;`, ...
    Punct,
}

struct Token {
    kind: Kind,
    span: Range<usize>,
}

/// The tokens of `text`, covering it end to end.
fn tokens(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let (kind, length) = token_at(&text[at..]);
        tokens.push(Token {
            kind,
            span: at..at + length,
        });
        at += length;
    }
    tokens
}

/// The kind and length in bytes of the token `rest` starts with.
fn token_at(rest: &str) -> (Kind, usize) {
    let first = rest.chars().next().unwrap();
    if first.is_whitespace() {
        let length = rest
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(rest.len());
        return (Kind::Space, length);
    }
    if rest.starts_with("//") {
        let length = rest.find('\n').unwrap_or(rest.len());
        return (line_comment_kind(&rest[..length]), length);
    }
    if rest.starts_with("/*") {
        let length = block_comment_length(rest);
        return (block_comment_kind(&rest[..length]), length);
    }
    if first == '"' {
        return (Kind::Literal, string_length(rest));
    }
    if first == '\'' {
        return quote_at(rest);
    }
    if is_word_char(first) {
        let length = rest.find(|c| !is_word_char(c)).unwrap_or(rest.len());
        // `r"..."`, `br#"..."#`, `cr"..."`: a raw string, whose
        // backslashes escape nothing and whose quotes may stand inside.
        if matches!(&rest[..length], "r" | "br" | "cr") {
            if let Some(raw) = raw_string_length(&rest[length..]) {
                return (Kind::Literal, length + raw);
            }
        }
        // `b"..."` and `b'x'` need nothing more: the next token is the
        // string or the character.
        return (Kind::Word, length);
    }
    (Kind::Punct, first.len_utf8())
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `///` is an outer doc comment; `////` is a plain comment again.
fn line_comment_kind(comment: &str) -> Kind {
    match comment.starts_with("///") && !comment.starts_with("////") {
        true => Kind::OuterDoc,
        false => Kind::Comment,
    }
}

/// `/** */` is an outer doc comment; `/**/` and `/*** */` are not.
fn block_comment_kind(comment: &str) -> Kind {
    let doc = comment.starts_with("/**") && !comment.starts_with("/***");
    match doc && comment != "/**/" {
        true => Kind::OuterDoc,
        false => Kind::Comment,
    }
}

/// The length of the block comment `rest` starts with: block comments
/// nest, so `/* a /* b */ c */` is one.
fn block_comment_length(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    let mut depth = 0;
    let mut at = 0;
    while at < bytes.len() {
        match &bytes[at..(at + 2).min(bytes.len())] {
            b"/*" => {
                depth += 1;
                at += 2;
            }
            b"*/" => {
                depth -= 1;
                at += 2;
                if depth == 0 {
                    return at;
                }
            }
            _ => at += 1,
        }
    }
    rest.len()
}

/// The length of the string `rest` starts with (at its `"`): a backslash
/// escapes the character after it.
fn string_length(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    let mut at = 1;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'"' => return at + 1,
            _ => at += 1,
        }
    }
    rest.len()
}

/// The length of the raw string whose `#`s and quote `rest` starts with,
/// the prefix (`r`, `br`) read: up to a quote and as many `#`s. `None`
/// when no quote follows the `#`s (`r#name` is a raw name).
fn raw_string_length(rest: &str) -> Option<usize> {
    let hashes = rest.len() - rest.trim_start_matches('#').len();
    if !rest[hashes..].starts_with('"') {
        return None;
    }
    let closing = format!("\"{}", "#".repeat(hashes));
    let body = hashes + 1;
    let length = rest[body..]
        .find(&closing)
        .map_or(rest.len(), |end| body + end + closing.len());
    Some(length)
}

/// The token at a `'`: a character (`'a'`, `'}'`, `'\''`, `'\u{7d}'`) or a
/// lifetime or label (`'a`, `'static`), which has no closing quote.
fn quote_at(rest: &str) -> (Kind, usize) {
    let mut chars = rest[1..].chars();
    match (chars.next(), chars.next()) {
        (Some('\\'), _) => {
            // An escape: the character after the backslash, then up to
            // the closing quote (`'\u{...}'`).
            let escaped = rest[2..].chars().next().map_or(0, char::len_utf8);
            let closing = rest[2 + escaped..]
                .find('\'')
                .map_or(rest.len(), |end| 2 + escaped + end + 1);
            (Kind::Literal, closing)
        }
        (Some(c), Some('\'')) => (Kind::Literal, 1 + c.len_utf8() + 1),
        _ => {
            let name = rest[1..]
                .find(|c| !is_word_char(c))
                .unwrap_or(rest.len() - 1);
            (Kind::Word, 1 + name)
        }
    }
}

/// The byte ranges of the items under `#[cfg(test)]`, each from its first
/// attribute or outer doc comment to its end.
fn test_items(text: &str, tokens: &[Token]) -> Vec<Range<usize>> {
    let code = Code::new(text, tokens);
    let mut cuts = Vec::new();
    let mut at = 0;
    while at < code.tokens.len() {
        let start = at;
        let mut for_tests = false;
        while let Some((after, is_cfg_test)) = code.attribute_at(at) {
            for_tests |= is_cfg_test;
            at = after;
        }
        match for_tests.then(|| code.item_end(at)).flatten() {
            Some(end) => {
                cuts.push(code.tokens[start].span.start..code.tokens[end - 1].span.end);
                at = end;
            }
            None => at = at.max(start + 1),
        }
    }
    cuts
}

/// The tokens that make an item's shape: spaces and comments play no
/// part in it (outer doc comments do, as attributes).
struct Code<'a> {
    text: &'a str,
    tokens: Vec<&'a Token>,
}

enum Bracket {
    Open,
    Close,
}

/// The words an item starts with, after its visibility, that the cut
/// knows: an item ends at its `;` or at the brace that closes its body.
/// Other things an attribute may stand on (a field, a variant, an
/// expression) are left in: read by the checks rather than hidden.
const ITEM_WORDS: &[&str] = &[
    "mod", "fn", "impl", "struct", "enum", "union", "trait", "extern", "unsafe", "async", "use",
    "const", "static", "type", "let",
];

/// The items whose value or path may hold braces before their `;`
/// (`use a::{b, c};`, `const X: S = S { .. };`): they end at the `;`.
const VALUE_ITEMS: &[&str] = &["use", "const", "static", "type", "let"];

impl<'a> Code<'a> {
    fn new(text: &'a str, tokens: &'a [Token]) -> Self {
        let tokens = tokens
            .iter()
            .filter(|token| !matches!(token.kind, Kind::Space | Kind::Comment))
            .collect();
        Code { text, tokens }
    }

    /// The text of the token at `at`, empty past the end.
    fn word(&self, at: usize) -> &'a str {
        self.tokens
            .get(at)
            .map_or("", |token| &self.text[token.span.clone()])
    }

    fn bracket(&self, at: usize) -> Option<Bracket> {
        if self.tokens[at].kind != Kind::Punct {
            return None;
        }
        match self.word(at) {
            "(" | "[" | "{" => Some(Bracket::Open),
            ")" | "]" | "}" => Some(Bracket::Close),
            _ => None,
        }
    }

    /// The index of the bracket that closes the one at `open`.
    fn closing(&self, open: usize) -> Option<usize> {
        let mut depth = 0;
        for at in open..self.tokens.len() {
            match self.bracket(at) {
                Some(Bracket::Open) => depth += 1,
                Some(Bracket::Close) => depth -= 1,
                None => {}
            }
            if depth == 0 {
                return Some(at);
            }
        }
        None
    }

    /// The attribute or outer doc comment at `at`, if one is: the index
    /// after it, and whether it is `#[cfg(test)]`.
    fn attribute_at(&self, at: usize) -> Option<(usize, bool)> {
        if self.tokens.get(at)?.kind == Kind::OuterDoc {
            return Some((at + 1, false));
        }
        if self.word(at) != "#" || self.word(at + 1) != "[" {
            return None;
        }
        let end = self.closing(at + 1)?;
        let inside: String = (at + 2..end).map(|at| self.word(at)).collect();
        Some((end + 1, inside == "cfg(test)"))
    }

    /// The index after the end of the item that starts at `at` (its
    /// attributes read), or `None` for what is not an item.
    fn item_end(&self, at: usize) -> Option<usize> {
        let first = self.after_visibility(at)?;
        let is_macro = self.tokens.get(first)?.kind == Kind::Word && self.word(first + 1) == "!";
        if !is_macro && !ITEM_WORDS.contains(&self.word(first)) {
            return None;
        }
        // `const fn` and `const unsafe fn` are functions, with a body.
        let is_function = matches!(self.word(first + 1), "fn" | "unsafe" | "async" | "extern");
        let ends_at_semicolon = VALUE_ITEMS.contains(&self.word(first)) && !is_function;
        let mut depth = 0;
        for at in first..self.tokens.len() {
            match self.bracket(at) {
                Some(Bracket::Open) => depth += 1,
                // The block around the item closes: the item ended before.
                Some(Bracket::Close) if depth == 0 => return Some(at),
                Some(Bracket::Close) => {
                    depth -= 1;
                    let body_closed = depth == 0 && self.word(at) == "}";
                    if body_closed && !ends_at_semicolon {
                        return Some(at + 1);
                    }
                }
                None if depth == 0 && self.word(at) == ";" => return Some(at + 1),
                None => {}
            }
        }
        Some(self.tokens.len())
    }

    /// The index after `pub` or `pub(...)` at `at`, or `at` itself.
    fn after_visibility(&self, at: usize) -> Option<usize> {
        if self.word(at) != "pub" {
            return Some(at);
        }
        match self.word(at + 1) {
            "(" => Some(self.closing(at + 1)? + 1),
            _ => Some(at + 1),
        }
    }
}
