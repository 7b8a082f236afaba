//! JSON, for every family: mazes as documents (in and out, one per line),
//! and the JSON Lines records of `solve` and `check`. The schema is
//! documented in `docs/json.md`; each family writes and reads its own
//! document (`{"family": NAME, ...}`), and [`Reader`] hands a line to the
//! family its `"family"` names.

use std::fmt;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::analysis::Analysis;
use crate::family::{self, Families, Family, Maze, Parsed};
use crate::read::json::{Located, PathStep, at, locate};
use crate::read::{Limits, MAX_NAME_BYTES, ParseError, ParseErrorKind, column_of, line_text};
use crate::route::Route;

use crate::read::json::max_line_bytes;

/// What `solve --format json` writes for a maze.
///
/// ```
/// use logicmaze::Maze;
/// let maze = Maze::parse("M\n3 1 N 2 1\n0\n")?;
/// let line = logicmaze::json::solution(&maze, maze.solve().as_ref());
/// assert_eq!(line, r#"{"name":"M","family":"arrow","moves":1,"route":[[3,1],[2,1]]}"#);
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct Solution<'a> {
    /// The maze's name.
    pub name: &'a str,
    /// The family's name.
    pub family: &'a dyn Family,
    /// Moves in the shortest route, or `null` when there is none.
    pub moves: Option<usize>,
    /// The route as `[[row, col], ...]`, or `null`.
    pub route: Option<&'a Route>,
}

/// What `check --format json` writes for a maze: name and family, then the
/// fields of [`Analysis`].
#[derive(Clone, Debug, Serialize)]
pub struct Check<'a> {
    /// The maze's name.
    pub name: &'a str,
    /// The family's name.
    pub family: &'a dyn Family,
    /// The analysis, its fields inline.
    #[serde(flatten)]
    pub analysis: &'a Analysis,
}

/// What a bad maze produces in JSON output.
#[derive(Clone, Debug, Serialize)]
pub struct ErrorRecord<'a> {
    /// Where and what.
    pub error: ErrorBody<'a>,
}

/// The body of an [`ErrorRecord`].
#[derive(Clone, Debug, Serialize)]
pub struct ErrorBody<'a> {
    /// The input's name (`<stdin>` for standard input).
    pub file: &'a str,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The message, as on stderr.
    pub message: String,
}

/// One JSON line (without the newline) for a solved maze.
pub fn solution(maze: &Maze, route: Option<&Route>) -> String {
    to_line(&Solution {
        name: maze.name(),
        family: maze.family(),
        moves: route.map(Route::moves),
        route,
    })
}

/// One JSON line for a checked maze.
///
/// ```
/// use logicmaze::Maze;
/// let maze = Maze::parse("M\n3 1 N 2 1\n0\n")?;
/// let line = logicmaze::json::check(&maze, &maze.analyse());
/// assert!(line.starts_with(r#"{"name":"M","family":"arrow","verdict":"unique","moves":1,"routes":1,"#));
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
pub fn check(maze: &Maze, analysis: &Analysis) -> String {
    to_line(&Check {
        name: maze.name(),
        family: maze.family(),
        analysis,
    })
}

/// One JSON line for a bad maze in the input named `file`.
///
/// ```
/// use logicmaze::Maze;
/// let error = Maze::parse_all("M\n3 1 X 2 1\n0\n").next().unwrap().unwrap_err();
/// assert_eq!(
///     logicmaze::json::error("m.txt", &error),
///     r#"{"error":{"file":"m.txt","line":2,"column":5,"message":"expected a direction N, E, S or W, found 'X'"}}"#
/// );
/// ```
pub fn error(file: &str, error: &ParseError) -> String {
    to_line(&ErrorRecord {
        error: ErrorBody {
            file,
            line: error.line,
            column: error.column,
            message: error.kind.to_string(),
        },
    })
}

fn to_line(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("these types always serialise")
}

/// One JSON line for a maze: its family's document of it,
/// `{"family": ..., "name": ..., ...}`.
///
/// ```
/// use logicmaze::Maze;
/// let maze = Maze::parse("M\n3 1 N 2 1\n1 1 WL NR *\n0\n")?;
/// let json = logicmaze::json::maze(&maze);
/// assert_eq!(json, r#"{"family":"arrow","name":"M","entrance":[3,1],"heading":"N","goal":[2,1],"intersections":[{"at":[1,1],"signs":{"N":"R","W":"L"}}]}"#);
/// let back: Maze = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, maze);
/// # Ok::<(), logicmaze::ParseMazeError>(())
/// ```
pub fn maze(maze: &Maze) -> String {
    to_line(&maze.document())
}

/// Reads mazes as JSON Lines, one maze document per line, with the same
/// interface as [`Parser`](crate::text::Parser): a bad line is reported
/// with its line and column and the next line is read as usual. A line
/// goes to the family its `"family"` names ([`Family::read_json`]).
///
/// ```
/// use logicmaze::json::Reader;
/// use logicmaze::read::Limits;
/// use logicmaze::family::{Families, Parsed};
/// let mut reader = Reader::new(Families::BUILT_IN, Limits::default());
/// let mut names = Vec::new();
/// let lines = [
///     r#"{"family":"dice","name":"D","rows":1,"cols":2,"start":[1,1],"top":1,"front":2,"squares":[[-1,-1]]}"#,
///     r#"{"family":"dice","name":"BAD","rows":1}"#,
/// ];
/// for line in lines {
///     reader.push_line(line.as_bytes(), &mut |item| match item {
///         Parsed::Maze(maze) => names.push(maze.name().to_string()),
///         Parsed::Error(error) => names.push(error.to_string()),
///         Parsed::Warning(_) => {}
///     });
/// }
/// assert_eq!(names, ["D", "2:1: invalid JSON maze: missing field `cols`"]);
/// ```
#[derive(Debug)]
pub struct Reader {
    families: Families,
    limits: Limits,
    line: usize,
    /// Whether a maze was one for another reader ([`Limits::defers`]).
    gave_up: bool,
}

impl Reader {
    /// A reader of documents of `families` that refuses mazes past
    /// `limits`.
    pub fn new(families: Families, limits: Limits) -> Reader {
        Reader::resume(families, limits, 0)
    }

    /// A reader that reads on after `line` lines, as one that had read them.
    pub fn resume(families: Families, limits: Limits, line: usize) -> Reader {
        Reader {
            families,
            limits,
            line,
            gave_up: false,
        }
    }

    /// Reads on under `limits` (see
    /// [`MazeReader::set_limits`](crate::input::MazeReader::set_limits)).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Whether this reader stopped at a maze its limits leave to another
    /// reader ([`Limits::defers`]): it reads nothing more.
    pub fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// The number of lines read so far.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Reads one line: a maze document, or blank.
    pub fn push_line(&mut self, raw: &[u8], emit: &mut impl FnMut(Parsed)) {
        if self.gave_up {
            return;
        }
        self.line += 1;
        if raw.trim_ascii().is_empty() {
            return;
        }
        let limit = max_line_bytes(self.limits);
        if raw.len() > limit {
            let kind = ParseErrorKind::LineTooLong { limit };
            let (line, column, line_text) = (self.line, 1, None);
            return emit(Parsed::Error(ParseError {
                line,
                column,
                kind,
                line_text,
            }));
        }
        let item = match read_document(self.families, raw) {
            Err(error) => Parsed::Error(ParseError {
                line: self.line,
                column: error.column().max(1),
                kind: ParseErrorKind::Json(error.into()),
                line_text: line_text(raw),
            }),
            Ok(draft) if self.limits.defers(draft.state_count()) => {
                self.gave_up = true;
                return;
            }
            Ok(draft) => match self.build(draft) {
                Ok(maze) => Parsed::Maze(maze),
                Err((kind, path)) => Parsed::Error(ParseError {
                    line: self.line,
                    column: locate(raw, &path).map_or(1, |at| column_of(raw, at)),
                    kind,
                    line_text: line_text(raw),
                }),
            },
        };
        emit(item);
    }

    /// Reads `text` as one maze document over as many lines as it takes
    /// (as `serde_json::to_string_pretty` writes one), where
    /// [`push_line`](Reader::push_line) reads a document a line. An
    /// error's line and column are the text's.
    ///
    /// # Errors
    ///
    /// As [`push_line`](Reader::push_line)'s: a text that is not one maze
    /// document, or one past the limits. A line's length is not limited
    /// here (the text is the caller's, already in memory), and a maze
    /// [`Limits::defers`] is read here all the same.
    ///
    /// ```
    /// use logicmaze::json::Reader;
    /// use logicmaze::read::Limits;
    /// use logicmaze::family::Families;
    /// let reader = Reader::new(Families::BUILT_IN, Limits::default());
    /// let text = "{\n  \"family\": \"dice\",\n  \"name\": \"D\",\n}\n";
    /// let error = reader.read_document_text(text.as_bytes()).unwrap_err();
    /// assert_eq!((error.line, error.line_text.as_deref()), (4, Some("}")));
    /// ```
    pub fn read_document_text(&self, text: &[u8]) -> Result<Maze, ParseError> {
        let error_at = |line: usize, column: usize, kind| {
            let line_text = text
                .split(|&b| b == b'\n')
                .nth(line - 1)
                .and_then(line_text);
            ParseError {
                line,
                column,
                kind,
                line_text,
            }
        };
        let draft = read_document(self.families, text).map_err(|error| {
            let (line, column) = (error.line().max(1), error.column().max(1));
            error_at(line, column, ParseErrorKind::Json(error.into()))
        })?;
        self.build(draft).map_err(|(kind, path)| {
            let at = locate(text, &path).unwrap_or(0);
            let start = text[..at]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let line = 1 + text[..start].iter().filter(|&&b| b == b'\n').count();
            error_at(line, column_of(&text[start..], at - start), kind)
        })
    }

    fn build(&self, draft: Box<dyn family::JsonDraft>) -> Result<Maze, Located> {
        let name = draft.name();
        if name.len() > MAX_NAME_BYTES {
            let kind = ParseErrorKind::NameTooLong {
                length: name.len(),
                limit: MAX_NAME_BYTES,
            };
            return Err((kind, vec![PathStep::Key("name")]));
        }
        self.limits
            .check_allocating(name, draft.state_count())
            .map_err(at(&draft.size_path()))?;
        draft.build()
    }
}

/// Reads a maze document, handing it to the family its `"family"` names.
///
/// The family's reader reads the whole line again, with its `"family"`
/// tag, as one variant of a serde internally tagged enum: so whatever is
/// wrong in the document is found where and as serde finds it. A line
/// whose family cannot be told is read once more, as serde reads such an
/// enum whose variants are the families ([`TagOf`]), for the same error.
fn read_document(
    families: Families,
    raw: &[u8],
) -> Result<Box<dyn family::JsonDraft>, serde_json::Error> {
    if let Some(family) = leading_tag(families, raw) {
        return family.read_json(raw);
    }
    let mut reader = serde_json::Deserializer::from_slice(raw);
    let family = match TagOf::<IgnoredAny>::new(families).deserialize(&mut reader) {
        Ok(Some(family)) => family,
        _ => {
            let mut reader = serde_json::Deserializer::from_slice(raw);
            match TagOf::<serde_json::Value>::new(families).deserialize(&mut reader)? {
                Some(family) => family,
                None => return Err(de::Error::custom("no family")),
            }
        }
    };
    family.read_json(raw)
}

/// The family a document names in its first key, as logicmaze writes
/// documents (`{"family":NAME,...`): serde takes that value as the tag
/// too (a second `"family"` is then an error the family's reader reports),
/// so the quick look through the whole document is not needed.
fn leading_tag(families: Families, raw: &[u8]) -> Option<&'static dyn Family> {
    let rest = raw.trim_ascii_start().strip_prefix(br#"{"family":""#)?;
    let name = &rest[..memchr::memchr(b'"', rest)?];
    if name.contains(&b'\\') {
        return None;
    }
    families.named(std::str::from_utf8(name).ok()?)
}

/// Reads a maze document as serde reads an internally tagged enum whose
/// tag is `"family"` and whose variants are the families: the tag's value
/// is the family (a value that names none is an error where serde makes
/// it), and every other value is read as a `V` and dropped. With
/// [`IgnoredAny`] it is a quick first look; with [`serde_json::Value`]
/// (which reads what serde's buffer reads, as it does) it finds the error
/// serde would, where serde would.
struct TagOf<V> {
    families: Families,
    value: std::marker::PhantomData<V>,
}

impl<V> TagOf<V> {
    fn new(families: Families) -> TagOf<V> {
        TagOf {
            families,
            value: std::marker::PhantomData,
        }
    }
}

impl<'de, V: Deserialize<'de>> DeserializeSeed<'de> for TagOf<V> {
    type Value = Option<&'static dyn Family>;

    fn deserialize<D: de::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, V: Deserialize<'de>> Visitor<'de> for TagOf<V> {
    type Value = Option<&'static dyn Family>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("internally tagged enum MazeDocument")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut family = None;
        while let Some(key) = map.next_key::<std::borrow::Cow<str>>()? {
            if key == "family" {
                if family.is_some() {
                    return Err(de::Error::duplicate_field("family"));
                }
                family = Some(map.next_value_seed(FamilyName(self.families))?);
            } else {
                map.next_value::<V>()?;
            }
        }
        family
            .map(Some)
            .ok_or_else(|| de::Error::missing_field("family"))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let family = seq
            .next_element_seed(FamilyName(self.families))?
            .ok_or_else(|| de::Error::missing_field("family"))?;
        while seq.next_element::<V>()?.is_some() {}
        Ok(Some(family))
    }
}

/// A `"family"` tag's value: the family of the list it names.
struct FamilyName(Families);

impl<'de> DeserializeSeed<'de> for FamilyName {
    type Value = &'static dyn Family;

    fn deserialize<D: de::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for FamilyName {
    type Value = &'static dyn Family;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("variant identifier")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Self::Value, E> {
        self.0
            .named(name)
            .ok_or_else(|| E::custom(unknown_family(name, self.0)))
    }
}

/// What serde says of a variant its enum does not have, word for word
/// (`Error::unknown_variant`, which wants a static list of names).
fn unknown_family(name: &str, families: Families) -> String {
    let names: Vec<String> = families.names().map(|name| format!("`{name}`")).collect();
    let expected = match &names[..] {
        [] => return format!("unknown variant `{name}`, there are no variants"),
        [one] => one.clone(),
        [one, two] => format!("{one} or {two}"),
        many => format!("one of {}", many.join(", ")),
    };
    format!("unknown variant `{name}`, expected {expected}")
}

/// A maze reads from its JSON document, of one of logicmaze's own
/// families ([`Families::BUILT_IN`]); for other families, deserialize
/// with the list as the seed ([`Families`]'s `DeserializeSeed`).
impl<'de> Deserialize<'de> for Maze {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Maze, D::Error> {
        Families::BUILT_IN.deserialize(deserializer)
    }
}

/// A maze of one of these families reads from its JSON document.
///
/// ```
/// use logicmaze::family::{self, Families, Family};
/// use serde::de::DeserializeSeed;
/// static ONLY_DICE: &[&dyn Family] = &[&family::dice::Dice];
/// let document = r#"{"family":"arrow","name":"M","entrance":[3,1],"heading":"N","goal":[2,1],"intersections":[]}"#;
/// let mut reader = serde_json::Deserializer::from_str(document);
/// let error = Families::new(ONLY_DICE).deserialize(&mut reader).unwrap_err();
/// assert!(error.to_string().starts_with("unknown variant `arrow`, expected `dice`"));
/// ```
impl<'de> DeserializeSeed<'de> for Families {
    type Value = Maze;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Maze, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        let text = value.to_string();
        read_document(self, text.as_bytes())
            .map_err(de::Error::custom)?
            .build()
            .map_err(|(kind, _)| de::Error::custom(kind))
    }
}
