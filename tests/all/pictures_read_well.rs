//! Pictures at the default size read well: large enough, rows and columns
//! numbered, a legend of their marks, the route drawn over nothing a
//! reader needs, with arrowheads and step numbers.

use crate::common;

use std::path::{Path, PathBuf};

use crate::common::{example, logicmaze};

// 12. Pictures at the default size: readable, numbered, with a legend, the
// route over nothing a reader needs.

fn render_svg(file: &Path, maze: &str, route: bool) -> String {
    let mut command = logicmaze();
    command.args(["render", "--maze", maze]).arg(file);
    if route {
        command.arg("--route");
    }
    let output = command.output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

fn atlanta() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/atlanta.in")
}

fn attribute(node: &roxmltree::Node, name: &str) -> f64 {
    node.attribute(name).unwrap().parse().unwrap()
}

fn with_class<'a>(svg: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    svg.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

#[test]
fn the_default_picture_is_large_enough_to_read() {
    let dir = common::tempdir("surprise");
    logicmaze()
        .current_dir(&dir)
        .args(["render", "--route", "-o", "atlanta.png"])
        .arg(atlanta())
        .assert()
        .success();
    let png = std::fs::read(dir.join("atlanta.png")).unwrap();
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    // A grid cell of 160 pixels: a sign's arrows are 20 pixels long.
    assert!(width >= 1000 && height >= 1000, "{width}×{height}");
    let svg = render_svg(&atlanta(), "RobertAbbottAtlanta", false);
    let document = roxmltree::Document::parse(&svg).unwrap();
    let root = document.root_element();
    let view: Vec<f64> = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(attribute(&root, "width"), 2.0 * view[2]);
}

#[test]
fn rows_and_columns_are_numbered_on_the_border() {
    use logicmaze::Position;
    for (file, maze, rows, cols) in [
        (example("arrow.in"), "SAMPLE", 3, 3),
        (example("dice.in"), "DICEMAZE2", 4, 7),
        (atlanta(), "RobertAbbottAtlanta", 4, 4),
    ] {
        let svg = render_svg(&file, maze, true);
        let document = roxmltree::Document::parse(&svg).unwrap();
        let row_numbers = with_class(&document, "row-number");
        let col_numbers = with_class(&document, "col-number");
        assert_eq!(row_numbers.len(), rows, "{maze}");
        assert_eq!(col_numbers.len(), cols, "{maze}");
        for (i, number) in row_numbers.iter().enumerate() {
            assert_eq!(
                number.text().map(str::trim),
                Some((i + 1).to_string().as_str())
            );
            let (x, y) = logicmaze::draw::centre(Position::new(i as u32 + 1, 1));
            let baseline = y + 0.35 * attribute(number, "font-size");
            assert!(
                (attribute(number, "y") - baseline).abs() < 0.6,
                "{maze} row {}",
                i + 1
            );
            assert!(
                attribute(number, "x") < x - 0.4 * logicmaze::draw::CELL,
                "left of the grid"
            );
        }
        for (i, number) in col_numbers.iter().enumerate() {
            assert_eq!(
                number.text().map(str::trim),
                Some((i + 1).to_string().as_str())
            );
            let (x, y) = logicmaze::draw::centre(Position::new(1, i as u32 + 1));
            assert!(
                (attribute(number, "x") - x).abs() < 0.6,
                "{maze} column {}",
                i + 1
            );
            assert!(
                attribute(number, "y") < y - 0.4 * logicmaze::draw::CELL,
                "above the grid"
            );
        }
    }
}

#[test]
fn every_picture_has_a_legend_of_its_marks() {
    let legend = |file: &Path, maze: &str, route: bool| -> String {
        let svg = render_svg(file, maze, route);
        let document = roxmltree::Document::parse(&svg).unwrap();
        let entries = with_class(&document, "legend-entry");
        assert!(entries.len() >= 2, "{maze}");
        entries
            .iter()
            .map(|entry| {
                let glyph = entry.first_element_child().unwrap();
                assert!(
                    glyph.descendants().count() > 1,
                    "{maze}: each entry has its glyph"
                );
                entry
                    .last_element_child()
                    .unwrap()
                    .text()
                    .unwrap()
                    .trim()
                    .to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let arrow = legend(&example("arrow.in"), "SAMPLE", false);
    assert!(
        arrow.contains("sign: turns allowed") && arrow.contains("goal"),
        "{arrow}"
    );
    assert!(!arrow.contains("route"), "{arrow}");
    let arrow = legend(&example("arrow.in"), "SAMPLE", true);
    assert!(arrow.contains("route"), "{arrow}");
    let dice = legend(&example("dice.in"), "DICEMAZE2", true);
    for word in ["the die: top face", "wild square", "route"] {
        assert!(dice.contains(word), "{dice}");
    }
}

#[test]
fn no_sign_or_wild_star_is_hidden_under_the_route() {
    for (file, maze) in [
        (atlanta(), "RobertAbbottAtlanta"),
        (example("arrow.in"), "SAMPLE"),
        (example("dice.in"), "DICEMAZE2"),
    ] {
        let svg = render_svg(&file, maze, true);
        let document = roxmltree::Document::parse(&svg).unwrap();
        let order: Vec<roxmltree::NodeId> = document.descendants().map(|n| n.id()).collect();
        let place = |node: &roxmltree::Node| order.iter().position(|&id| id == node.id()).unwrap();
        let route = with_class(&document, "route");
        assert_eq!(route.len(), 1, "{maze}");
        let route_ends = route[0].descendants().map(|n| place(&n)).max().unwrap();
        let marks: Vec<_> = ["sign", "wild", "number"]
            .iter()
            .flat_map(|class| with_class(&document, class))
            .collect();
        assert!(!marks.is_empty(), "{maze}");
        for mark in &marks {
            assert!(
                place(mark) > route_ends,
                "{maze}: a mark drawn under the route"
            );
        }
        // Each sign stands on a paper halo, wider than its ink.
        for definition in document
            .descendants()
            .filter(|n| n.attribute("id").is_some_and(|id| id.starts_with("sign-")))
        {
            let halo = definition.first_element_child().unwrap();
            assert_eq!(halo.attribute("class"), Some("halo"), "{maze}");
            assert_eq!(halo.attribute("stroke"), Some("#ffffff"));
        }
    }
}

#[test]
fn routes_of_both_families_have_arrowheads_and_step_numbers() {
    for (file, maze, moves) in [
        (example("arrow.in"), "SAMPLE", 14),
        (example("dice.in"), "DICEMAZE2", 22),
    ] {
        let svg = render_svg(&file, maze, true);
        let document = roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(with_class(&document, "step-arrow").len(), moves, "{maze}");
        let numbers: Vec<String> = with_class(&document, "step-number")
            .iter()
            .map(|n| n.text().unwrap().trim().to_string())
            .collect();
        let expected: Vec<String> = (1..=moves).map(|n| n.to_string()).collect();
        assert_eq!(numbers, expected, "{maze}");
    }
}
