//! The problem's statement: the family's LaTeX with the limits and the
//! layout written in, and the picture of the sample's first maze, drawn
//! wide enough that its smallest text prints legibly.

use super::PackageError;
use super::cases::JUDGES_FORMAT;
use crate::draw::Fonts;
use crate::family::Parsed;
use crate::family::contest::{
    Contest, LAYOUT, MAX_MAZES, MAX_SIDE, NAME, PICTURE, ProblemLimits, SAMPLE_PICTURE,
};
use crate::verify::Layout;

/// The statement of `contest` for `limits`, its output's layout judged as
/// `layout` says, its sample's picture `width` of the text's width.
pub(super) fn statement(
    contest: &Contest,
    limits: ProblemLimits,
    layout: Layout,
    width: f64,
) -> String {
    let layout = match layout {
        Layout::Strict => {
            // Said of every family alike, and so no claim of how any
            // contest judged it: Theseus's was never a contest problem.
            "The output is judged byte for byte: the spaces, the line \
            breaks and the number of positions on each line must be exactly \
            as described."
        }
        Layout::Lenient => {
            "Only the names and the positions are judged: spaces \
            and tabs at a line's end, spaces, tabs and commas between positions, \
            blank lines between mazes, a carriage return at a line's end, and any \
            number of positions on a line are accepted; a name line still starts \
            with the name."
        }
    };
    let caption = "The sample's first maze and a shortest route through it, from blue to orange.";
    let picture = match width {
        w if w <= 0.5 => format!("\\illustration{{{w:.2}}}{{{SAMPLE_PICTURE}}}{{{caption}}}"),
        w => format!(
            "\\begin{{center}}\n\\includegraphics[width={w:.2}\\textwidth]{{{SAMPLE_PICTURE}}}\n\n{caption}\n\\end{{center}}"
        ),
    };
    contest
        .statement
        .replace(MAX_SIDE, &limits.max_side.to_string())
        .replace(MAX_MAZES, &limits.max_mazes.to_string())
        .replace(NAME, &contest.word_names.sentence(limits.names))
        .replace(LAYOUT, layout)
        .replace(PICTURE, &picture)
}

/// The sample's first maze, with its route if it has one, as PNG, and
/// the share of the statement's text width it is shown at: wide enough
/// that its smallest text prints at [`SMALLEST_PRINTED`] points.
pub(super) fn sample_picture(sample: &str, fonts: &Fonts) -> Result<(Vec<u8>, f64), PackageError> {
    let items = crate::batch::parse(sample.as_bytes(), &JUDGES_FORMAT);
    let maze = items
        .iter()
        .find_map(|item| match item {
            Parsed::Maze(maze) => Some(maze),
            _ => None,
        })
        .ok_or(PackageError::NoSample)?;
    let route = maze.solve();
    let svg = crate::render::svg(maze, route.as_ref());
    let scale = crate::render::default_scale(maze, route.as_ref());
    let png = crate::draw::png(&svg, scale, fonts).map_err(PackageError::Picture)?;
    Ok((png, picture_width(&svg)))
}

/// The smallest text of the statement's picture, printed, in points.
pub const SMALLEST_PRINTED: f64 = 8.0;

/// The width of problemtools' statement text: US letter less two inches
/// of margins, in points.
pub const TEXT_WIDTH: f64 = 468.0;

/// The share of the text's width at which `svg`'s smallest text prints at
/// [`SMALLEST_PRINTED`] points: at least 0.42 (a picture beside the text),
/// at most the whole width, in hundredths rounded up.
///
/// ```
/// let svg = r#"<svg viewBox="0 0 500 400"><text font-size="10">A</text><text font-size="20">B</text></svg>"#;
/// // 10 units of 500, shown 468 × 0.8 points wide: 7.5 points; 0.86: 8.05.
/// assert_eq!(logicmaze::package::picture_width(svg), 0.86);
/// ```
pub fn picture_width(svg: &str) -> f64 {
    let number_after = |text: &str, key: &str| -> Vec<f64> {
        text.split(key)
            .skip(1)
            .filter_map(|rest| rest.split('"').next()?.parse().ok())
            .collect()
    };
    let smallest = number_after(svg, "font-size=\"")
        .into_iter()
        .fold(f64::INFINITY, f64::min);
    let width = svg.split("viewBox=\"").nth(1).and_then(|rest| {
        rest.split('"')
            .next()?
            .split(' ')
            .nth(2)?
            .parse::<f64>()
            .ok()
    });
    match width {
        Some(width) if smallest.is_finite() && smallest > 0.0 => {
            let share = SMALLEST_PRINTED * width / (TEXT_WIDTH * smallest);
            ((share * 100.0).ceil() / 100.0).clamp(0.42, 1.0)
        }
        _ => 0.42,
    }
}

/// `text` with LaTeX's special characters escaped.
pub(super) fn latex(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(c),
        }
    }
    out
}
