//! SVG turned into PNG, with resvg (pure Rust), and the fonts its text is
//! drawn with: the feature `png`, which brings resvg and its font
//! database in.

use std::sync::Arc;

use resvg::{tiny_skia, usvg};

use super::{MAX_PIXELS, RenderError};

/// Fonts for the text in PNG output.
///
/// ```
/// let fonts = logicmaze::draw::Fonts::none();
/// assert_eq!(fonts.len(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Fonts(Arc<usvg::fontdb::Database>);

impl Fonts {
    /// The fonts installed on this system. This reads the system's font
    /// folders: the one thing of the library that reads files.
    pub fn system() -> Fonts {
        let mut database = usvg::fontdb::Database::new();
        database.load_system_fonts();
        Fonts(Arc::new(database))
    }

    /// No fonts: text is left out of PNG output.
    pub fn none() -> Fonts {
        Fonts(Arc::new(usvg::fontdb::Database::new()))
    }

    /// How many font faces there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Turns `svg` into PNG bytes, `scale` pixels per SVG unit.
///
/// # Errors
///
/// [`RenderError::Svg`] where `svg` does not read as SVG;
/// [`RenderError::TooLarge`] where the image at `scale` has no pixels or
/// more than [`MAX_PIXELS`]; [`RenderError::Png`] where the PNG cannot
/// be encoded.
///
/// ```
/// use logicmaze::text;
/// use logicmaze::family::Parsed;
/// use logicmaze::render;
/// use logicmaze::draw::{png, Fonts, RenderError};
/// let items = logicmaze::batch::parse(b"D\n1 2 1 1 1 2\n-1 -1\nEND\n", &Default::default());
/// let Parsed::Maze(maze) = &items[0] else { panic!() };
/// let png = png(&render::svg(maze, None), 1.0, &Fonts::none())?;
/// assert_eq!(&png[1..4], b"PNG");
/// # Ok::<(), RenderError>(())
/// ```
pub fn png(svg: &str, scale: f32, fonts: &Fonts) -> Result<Vec<u8>, RenderError> {
    let options = usvg::Options {
        fontdb: fonts.0.clone(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| RenderError::Svg(e.to_string()))?;
    let size = tree.size();
    let (width, height) = (
        (size.width() * scale).ceil() as u64,
        (size.height() * scale).ceil() as u64,
    );
    let too_large = RenderError::TooLarge { width, height };
    if width.saturating_mul(height) > MAX_PIXELS {
        return Err(too_large);
    }
    let mut pixmap = tiny_skia::Pixmap::new(width as u32, height as u32).ok_or(too_large)?;
    pixmap.fill(tiny_skia::Color::WHITE);
    let transform = tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| RenderError::Png(e.to_string()))
}
