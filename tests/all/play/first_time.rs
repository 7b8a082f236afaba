//! The page for a first-time player (tests/e2e/newcomer.mjs): a phone,
//! labels, links, marks, the clock and the lesson.

use std::path::{Path, PathBuf};

use super::players::{PlayerPages, figure_in, newcomer};
use super::*;

/// The arrow sample's page (two mazes, in walk mode at first), the dice
/// examples' and the Theseus examples': each family's page, with a list.
fn family_pages(pages: &PlayerPages) -> [PathBuf; 3] {
    let page_of = |file: &str, name: &str| {
        let out = pages.dir.join(format!("{name}.html"));
        play_to(Path::new(file), &out);
        out
    };
    [
        page_of("examples/arrow.in", "arrow"),
        page_of("examples/dice.in", "dice"),
        page_of("examples/minotaur.in", "minotaur"),
    ]
}

/// On a phone (390×844) what a player plays from is on the screen at the
/// start, without scrolling: the sign in front in walk mode, the die's
/// net beside the pad, and the sign's words (they were under the pad and
/// the buttons, off the screen).
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_phone_shows_what_the_player_plays_from() {
    let pages = PlayerPages::new("newcomer-fold");
    let [arrow, dice, minotaur] = family_pages(&pages);
    let report = newcomer("fold", &[&arrow, &dice, &minotaur]);
    assert!(report.contains("dice (3 parts)"), "{report}");
}

/// No label round the walker or the goal is crossed by the goal's ring
/// or covered by a piece or the goal's pointer (the ring cut through
/// GOAL; the die hid START and its square's number): bounding boxes
/// compared, in both themes, on a desktop and a phone, zoomed in.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn no_label_is_covered() {
    let pages = PlayerPages::new("newcomer-labels");
    let [arrow, dice, minotaur] = family_pages(&pages);
    let report = newcomer("labels", &[&arrow, &dice, &minotaur]);
    assert!(report.contains("none crossed or covered"), "{report}");
}

/// The zoom reads "whole maze" or a square's size (not "2754%"); the
/// phone's minimap is a thumb's size and a tap on it looks there; no
/// arrow wraps alone onto a line; the walk's turns keep to one line with
/// the list of mazes shown.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_small_things_read_well() {
    let pages = PlayerPages::new("newcomer-small");
    let [arrow, ..] = family_pages(&pages);
    let big = pages.generated(100, 4);
    let report = newcomer("small", &[&arrow, &big]);
    assert!(report.contains("tapped to look"), "{report}");
}

/// The address names the maze and its whole history: opened in a fresh
/// browser, with nothing kept, it shows the same maze at the same move,
/// its marks and its undo history; "Copy link" copies it. On a written
/// page and on a served one, whose mazes are game ids.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_link_restores_maze_moves_and_marks_anywhere() {
    let pages = PlayerPages::new("newcomer-link");
    let [arrow, _, minotaur] = family_pages(&pages);
    for page in [&arrow, &minotaur] {
        let report = newcomer("link", &[page]);
        assert!(report.contains("restored from"), "{report}");
    }
    let server = Server::with(&[]);
    let url = format!("{}#maze=arrow%3A8x8%3Aeasy%237", server.url);
    let report = newcomer("link", &[Path::new(&url)]);
    assert!(report.contains("restored from"), "{report}");
}

/// Marks of the player's own: M where the walker stands (tried, dead end,
/// none), a long press on a square; drawn on the board and the minimap,
/// undone and redone, kept across a reload.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn marks_are_drawn_undone_and_kept() {
    let pages = PlayerPages::new("newcomer-marks");
    let [arrow, dice, minotaur] = family_pages(&pages);
    for page in [&arrow, &dice, &minotaur] {
        let report = newcomer("marks", &[page]);
        assert!(report.contains("a long press marks a square"), "{report}");
    }
}

/// The time spent on a maze counts from its first move, pauses while the
/// page is hidden and stops at the win; the best moves and time are kept.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_clock_pauses_while_hidden_and_keeps_the_best() {
    let _alone = common::alone();
    let pages = PlayerPages::new("newcomer-clock");
    let [arrow, ..] = family_pages(&pages);
    let report = newcomer("clock", &[&arrow]);
    assert!(report.contains("kept across a reload"), "{report}");
}

/// F1 and ? open the family's rules with a worked example played on the
/// board a frame at a time (the Minotaur's two steps one at a time, the
/// die's roll on its net, an arrival's sign read); a first visit opens it
/// once.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_lesson_plays_the_rules_on_the_board() {
    let pages = PlayerPages::new("newcomer-lesson");
    let [arrow, dice, minotaur] = family_pages(&pages);
    let report = newcomer("lesson", &[&arrow, &dice, &minotaur]);
    assert!(report.contains("minotaur 4 frames"), "{report}");
}

/// Marks and the address kept current do not make a long game slow: at
/// move 15,000 of a hard 100×100 arrow maze, with a mark every 50 moves,
/// a move's script and its share of writing the address cost at most
/// three times what they cost at move 1,000, in the same run, and a
/// quarter of a millisecond (the address grows with the game, its writing
/// with it; BENCHMARKS.md has the milliseconds and the 256×256 figure).
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_long_game_with_marks_and_its_link_stays_quick() {
    let _alone = common::alone();
    let pages = PlayerPages::new("newcomer-cost");
    let page = pages.generated(100, 4);
    let report = newcomer("cost", &[&page, Path::new("15000")]);
    let (short, long) = report
        .split_once("; cost at move")
        .expect("two games' costs");
    let kept = |game: &str| figure_in(game, "with the address kept ");
    let (short, long) = (kept(short), kept(long));
    assert!(
        long <= 3.0 * short + 0.25,
        "{long} ms a move against {short} ms\n{report}"
    );
}
