//! A maze's drawing as the play page paints it: not one picture but a few
//! *stamps* (small drawings around a cell's centre, made with the same
//! SVG elements as the family's [`render`](crate::render) drawing) and,
//! layer by layer, which stamp each cell bears. The page paints the cells
//! in view, at any size, so that its bytes grow with the maze's cells (a
//! byte a cell a layer), not with the picture's elements.
//!
//! ```
//! use logicmaze::draw::{Board, Layer};
//! use logicmaze::Position;
//! use svg::node::element::Circle;
//! let mut dots = Layer::new("dots");
//! dots.put(Position::new(1, 2), Circle::new().set("r", 4));
//! dots.put(Position::new(2, 1), Circle::new().set("r", 4));
//! let mut board = Board::new(2, 2);
//! board.add(dots);
//! let json = serde_json::to_value(&board).unwrap();
//! assert_eq!(json["layers"][0]["cells"], " ## ");
//! assert_eq!(json["layers"][0]["stamps"][0][0]["name"], "circle");
//! ```

use std::collections::HashMap;

use serde::Serialize;
use svg::node::Node;

use crate::grid::Position;

/// The characters that name a layer's stamps in its cells, in order: the
/// printable ASCII characters that JSON and the page's `<script>` take as
/// they are (no `"`, `\` or `<`). A space is a cell without a stamp.
const NAMES: &[u8] =
    b"#$%&'()*+,-./0123456789:;=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~!";

/// The most stamps one layer holds.
pub const MAX_STAMPS: usize = NAMES.len();

/// A maze's drawing for the play page: its size and its layers, painted
/// in order.
#[derive(Debug)]
pub struct Board {
    rows: u32,
    cols: u32,
    layers: Vec<Layer>,
}

impl Board {
    /// An empty board of `rows` × `cols` cells.
    pub fn new(rows: u32, cols: u32) -> Board {
        Board {
            rows,
            cols,
            layers: Vec::new(),
        }
    }

    /// Adds `layer` over the layers added before.
    pub fn add(&mut self, layer: Layer) {
        self.layers.push(layer);
    }

    /// The number of rows and of columns.
    pub fn size(&self) -> (u32, u32) {
        (self.rows, self.cols)
    }

    /// Each layer as the page reads it, written apart: for an asker that
    /// holds the board of a maze a little different (the editor's page,
    /// an edit ago), what changed can be told from what did not.
    ///
    /// ```
    /// use logicmaze::draw::{Board, Layer};
    /// use logicmaze::Position;
    /// use svg::node::element::Circle;
    /// let mut dots = Layer::new("dots");
    /// dots.put(Position::new(1, 2), Circle::new().set("r", 4));
    /// let mut board = Board::new(1, 2);
    /// board.add(dots);
    /// let layers = board.written_layers();
    /// assert_eq!((layers[0].name, layers[0].cells.as_str()), ("dots", " #"));
    /// assert!(layers[0].stamps.starts_with("[[{\"name\":\"circle\""));
    /// ```
    pub fn written_layers(&self) -> Vec<WrittenLayer> {
        self.layers
            .iter()
            .map(|layer| WrittenLayer {
                name: layer.name,
                walk: layer.walk,
                stamps: serde_json::to_string(&layer.stamps).unwrap_or_default(),
                cells: self.cells(layer),
            })
            .collect()
    }

    /// The cells of `layer`, a character each, row by row.
    fn cells(&self, layer: &Layer) -> String {
        let mut cells = vec![b' '; self.rows as usize * self.cols as usize];
        for &(at, stamp) in &layer.cells {
            let inside = (1..=self.rows).contains(&at.row) && (1..=self.cols).contains(&at.col);
            if inside {
                cells[(at.row - 1) as usize * self.cols as usize + (at.col - 1) as usize] =
                    NAMES[stamp as usize];
            }
        }
        String::from_utf8(cells).expect("stamp names are ASCII")
    }
}

/// One layer of a [`Board`]: its stamps, and the cells that bear each.
#[derive(Debug)]
pub struct Layer {
    name: &'static str,
    walk: bool,
    stamps: Vec<Stamp>,
    /// Each stamp's index, by the key it was put with.
    keys: HashMap<Key, u8>,
    /// The cells given a stamp, in order: a later one wins.
    cells: Vec<(Position, u8)>,
}

/// What a stamp is known by in its layer: a number its family chose, or
/// its SVG text.
#[derive(Debug, PartialEq, Eq, Hash)]
enum Key {
    Number(u64),
    Text(String),
}

impl Layer {
    /// An empty layer named `name` (for programs reading the page), shown
    /// in every view.
    pub fn new(name: &'static str) -> Layer {
        Layer {
            name,
            walk: true,
            stamps: Vec::new(),
            keys: HashMap::new(),
            cells: Vec::new(),
        }
    }

    /// This layer, hidden where the family's play has a walk mode and the
    /// player walks (what a walker cannot see yet: the signs, say).
    pub fn hidden_in_walk(mut self) -> Layer {
        self.walk = false;
        self
    }

    /// Puts `stamp`, drawn around the origin, on the cell at `at` (over
    /// the stamp put there before in this layer, which it replaces).
    /// Stamps drawn alike are kept once.
    ///
    /// # Panics
    ///
    /// When the layer would hold more than [`MAX_STAMPS`] different
    /// stamps: a family draws a cell in one of a few ways, whatever its
    /// maze.
    pub fn put(&mut self, at: Position, stamp: impl Node) {
        let key = Key::Text(stamp.to_string());
        self.put_key(at, key, || stamp);
    }

    /// Puts the stamp known as `key` on the cell at `at`, made by `make`
    /// the first time `key` is put: for a layer of many cells, whose
    /// stamps are then not written out to be told apart. Two stamps put
    /// with one key must be drawn alike.
    ///
    /// # Panics
    ///
    /// As [`Layer::put`].
    pub fn put_keyed<N: Node>(&mut self, at: Position, key: u64, make: impl FnOnce() -> N) {
        self.put_key(at, Key::Number(key), make);
    }

    fn put_key<N: Node>(&mut self, at: Position, key: Key, make: impl FnOnce() -> N) {
        let count = self.stamps.len();
        let index = *self.keys.entry(key).or_insert_with(|| {
            assert!(
                count < MAX_STAMPS,
                "layer {} has too many stamps",
                self.name
            );
            self.stamps.push(vec![Element::of(&make())]);
            count as u8
        });
        self.cells.push((at, index));
    }
}

/// A stamp: the elements drawn around a cell's centre.
type Stamp = Vec<Element>;

/// An SVG element, as the page paints it: `path`, `rect`, `circle`,
/// `text` or `g`, with its attributes (a `g`'s are its children's unless
/// they say otherwise) and its children or text.
#[derive(Debug, Serialize)]
struct Element {
    name: String,
    attributes: serde_json::Map<String, serde_json::Value>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    children: Vec<Element>,
    #[serde(skip_serializing_if = "String::is_empty")]
    text: String,
}

impl Element {
    fn of(node: &dyn Node) -> Element {
        let attributes = node
            .get_attributes()
            .into_iter()
            .flatten()
            .map(|(name, value)| (name.clone(), value.to_string().into()))
            .collect();
        let (mut children, mut text) = (Vec::new(), String::new());
        for child in node.get_children().into_iter().flatten() {
            match child.get_attributes() {
                Some(_) => children.push(Element::of(child.as_ref())),
                // A text node: its content, as SVG escapes it.
                None => {
                    text += &child
                        .to_string()
                        .replace("&lt;", "<")
                        .replace("&gt;", ">")
                        .replace("&amp;", "&")
                }
            }
        }
        Element {
            name: node.get_name().to_string(),
            attributes,
            children,
            text,
        }
    }
}

/// A layer of a [`Board`] as the page reads it, its parts written apart
/// ([`Board::written_layers`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct WrittenLayer {
    /// The layer's name.
    pub name: &'static str,
    /// Shown in walk mode.
    pub walk: bool,
    /// Its stamps, as the JSON array the page reads.
    pub stamps: String,
    /// A character a cell, row by row: a space, or the name of its stamp
    /// (the stamp's place in [`NAMES`](Board::NAMES)).
    pub cells: String,
}

impl Board {
    /// The characters that name a layer's stamps in its cells, in order.
    pub const NAMES: &'static str = match std::str::from_utf8(NAMES) {
        Ok(names) => names,
        Err(_) => "",
    };
}

/// A layer as the page reads it.
#[derive(Serialize)]
struct Written<'a> {
    name: &'static str,
    /// Shown in walk mode.
    walk: bool,
    stamps: &'a [Stamp],
    /// A character a cell, row by row: a space, or the name of its stamp.
    cells: String,
}

impl Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let layers: Vec<Written> = self
            .layers
            .iter()
            .map(|layer| Written {
                name: layer.name,
                walk: layer.walk,
                stamps: &layer.stamps,
                cells: self.cells(layer),
            })
            .collect();
        let mut board = serializer.serialize_struct("Board", 5)?;
        board.serialize_field("rows", &self.rows)?;
        board.serialize_field("cols", &self.cols)?;
        board.serialize_field("names", Board::NAMES)?;
        board.serialize_field("font", super::FONT)?;
        board.serialize_field("layers", &layers)?;
        board.end()
    }
}
