//! SVG turned into PNG, with resvg (pure Rust), and the fonts its text is
//! drawn with: the feature `png`, which brings resvg and its font
//! database in.

use std::sync::Arc;

use resvg::{tiny_skia, usvg};

use super::{MAX_PIXELS, RenderError};

/// What resvg's SVG reader or the PNG encoder said, kept whole as the
/// [`RenderError`]'s [`source`](std::error::Error::source) (shared, so that
/// the error stays `Clone`; two are equal when they say the same).
///
/// ```
/// use std::error::Error;
/// use logicmaze::draw::{png, Fonts, RenderError};
/// let error = png("<svg", 1.0, &Fonts::none()).unwrap_err();
/// let RenderError::Svg(raster) = &error else { panic!("{error}") };
/// assert_eq!(error.to_string(), format!("cannot read the SVG: {raster}"));
/// assert_eq!(error.source().unwrap().to_string(), raster.to_string());
/// ```
#[derive(Clone, Debug)]
pub struct RasterError(Arc<dyn std::error::Error + Send + Sync>);

impl RasterError {
    fn new(error: impl std::error::Error + Send + Sync + 'static) -> RasterError {
        RasterError(Arc::new(error))
    }

    /// The error as its crate gave it, to downcast.
    ///
    /// ```
    /// use logicmaze::draw::{png, Fonts, RenderError};
    /// let RenderError::Svg(raster) = png("<svg", 1.0, &Fonts::none()).unwrap_err() else { panic!() };
    /// assert_eq!(raster.inner().to_string(), raster.to_string());
    /// ```
    pub fn inner(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        &*self.0
    }
}

impl std::fmt::Display for RasterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Transparent: it says what the error it holds says, and gives that
/// error's source as its own (the error itself is [`RasterError::inner`]),
/// so that a chain of sources does not say it twice.
impl std::error::Error for RasterError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl PartialEq for RasterError {
    fn eq(&self, other: &RasterError) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for RasterError {}

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
/// use logicmaze::draw::{png, Fonts, RenderError};
/// use logicmaze::{render, Maze};
/// let maze = Maze::parse("D\n1 2 1 1 1 2\n-1 -1\nEND\n").expect("a dice maze");
/// let bytes = png(&render::svg(&maze, None), 1.0, &Fonts::none())?;
/// assert_eq!(&bytes[1..4], b"PNG");
/// let not_svg = png("<svg", 1.0, &Fonts::none()).unwrap_err();
/// assert!(matches!(not_svg, RenderError::Svg(_)));
/// # Ok::<(), RenderError>(())
/// ```
pub fn png(svg: &str, scale: f32, fonts: &Fonts) -> Result<Vec<u8>, RenderError> {
    let options = usvg::Options {
        fontdb: fonts.0.clone(),
        ..usvg::Options::default()
    };
    let tree =
        usvg::Tree::from_str(svg, &options).map_err(|e| RenderError::Svg(RasterError::new(e)))?;
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
        .map_err(|e| RenderError::Png(RasterError::new(e)))
}
