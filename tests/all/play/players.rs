//! The page for real players (tests/e2e/players.mjs): what it draws and
//! how quickly, on the mazes they play.

use std::path::{Path, PathBuf};

use super::*;

/// The pages the players' checks (tests/e2e/players.mjs) play: the arrow
/// sample and its maze without a solution, Abbott's Atlanta, hard 20×20
/// and 100×100 arrow mazes, and a page of three mazes.
pub(super) struct PlayerPages {
    pub(super) dir: common::Scratch,
}

impl PlayerPages {
    pub(super) fn new(name: &str) -> PlayerPages {
        PlayerPages {
            dir: common::tempdir(name),
        }
    }

    pub(super) fn sample(&self, file: &str, maze: &str, name: &str) -> PathBuf {
        page(&self.dir, file, maze, name)
    }

    /// The page of `examples/FAMILY.in`.
    pub(super) fn example(&self, family: &str) -> PathBuf {
        let out = self.dir.join(format!("{family}.html"));
        play_to(Path::new(&format!("examples/{family}.in")), &out);
        out
    }

    /// The page of a hard arrow maze of `side`×`side`, seed `seed`.
    pub(super) fn generated(&self, side: u32, seed: u32) -> PathBuf {
        self.generated_of("arrow", side, seed)
    }

    /// The page of a hard maze of `family`, `side`×`side`, seed `seed`.
    pub(super) fn generated_of(&self, family: &str, side: u32, seed: u32) -> PathBuf {
        let file = self.dir.join(format!("{family}-{side}-{seed}.in"));
        let output = logicmaze()
            .args(["generate", family, "--difficulty", "hard", "--rows"])
            .arg(side.to_string())
            .arg("--cols")
            .arg(side.to_string())
            .arg("--seed")
            .arg(seed.to_string())
            .output()
            .unwrap();
        assert!(output.status.success());
        std::fs::write(&file, output.stdout).unwrap();
        let out = self.dir.join(format!("{family}-{side}-{seed}.html"));
        play_to(&file, &out);
        out
    }

    /// A page of three mazes: the arrow sample, Atlanta and a dice maze.
    pub(super) fn three(&self) -> PathBuf {
        let lines: Vec<String> = [
            ("examples/arrow.in", "SAMPLE"),
            ("tests/data/atlanta.in", "RobertAbbottAtlanta"),
            ("examples/dice.in", "DICEMAZE2"),
        ]
        .iter()
        .map(|(file, maze)| {
            let output = logicmaze()
                .args(["convert", file, "--to", "json"])
                .output()
                .unwrap();
            let name = format!(r#""name":"{maze}""#);
            let lines = String::from_utf8(output.stdout).unwrap();
            lines
                .lines()
                .find(|l| l.contains(&name))
                .unwrap()
                .to_string()
        })
        .collect();
        let file = self.dir.join("three.jsonl");
        std::fs::write(&file, lines.join("\n") + "\n").unwrap();
        let out = self.dir.join("three.html");
        play_to(&file, &out);
        out
    }
}

/// Runs one check of tests/e2e/newcomer.mjs (the page for a first-time
/// player) on `args` and returns its report.
pub(super) fn newcomer(mode: &str, args: &[&Path]) -> String {
    let chromium = common::browser();
    let mut all = vec![std::ffi::OsStr::new(mode)];
    all.extend(args.iter().map(|a| a.as_os_str()));
    common::node(&chromium, "tests/e2e/newcomer.mjs", &all)
}

/// Runs one check of tests/e2e/players.mjs on `pages` and returns its
/// report.
fn players(mode: &str, pages: &[PathBuf]) -> String {
    run_script("tests/e2e/players.mjs", mode, pages)
}

/// Runs one check of tests/e2e/phone.mjs on `page` and returns its
/// report.
fn phone(mode: &str, page: &Path) -> String {
    run_script("tests/e2e/phone.mjs", mode, &[page.to_path_buf()])
}

/// Runs one measure of tests/e2e/pace.mjs on `pages` and returns its
/// figures.
fn pace(mode: &str, pages: &[PathBuf]) -> String {
    run_script("tests/e2e/pace.mjs", mode, pages)
}

/// Runs `script`'s `mode` on `pages` in headless Chromium (each script
/// is a set of checks; each test asks for one), asserts that it passed,
/// and returns its report.
fn run_script(script: &str, mode: &str, pages: &[PathBuf]) -> String {
    let chromium = common::browser();
    let mut args = vec![std::ffi::OsStr::new(mode)];
    args.extend(pages.iter().map(|page| page.as_os_str()));
    common::node(&chromium, script, &args)
}

/// The page paints its maze on a canvas from the family's board, a part
/// at a time: what it paints is what `render` draws (but for the pieces
/// it draws live), at any scale, and stays so as the view moves.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_board_paints_what_render_draws() {
    let chromium = common::browser();
    let dir = common::tempdir("play-board");
    let mut files = vec![
        ("examples/arrow.in".to_string(), "SAMPLE"),
        ("tests/data/atlanta.in".to_string(), "RobertAbbottAtlanta"),
        ("examples/dice.in".to_string(), "DICEMAZE2"),
        ("examples/minotaur.in".to_string(), "Labyrinth"),
    ];
    for family in ["arrow", "dice", "minotaur"] {
        let output = logicmaze()
            .args([
                "generate",
                family,
                "--difficulty",
                "hard",
                "--seed",
                "3",
                "--name",
                family,
            ])
            .output()
            .unwrap();
        assert!(output.status.success());
        let file = dir.join(format!("{family}.in"));
        std::fs::write(&file, output.stdout).unwrap();
        files.push((file.to_str().unwrap().to_string(), family));
    }
    let mut args = Vec::new();
    for (i, (file, maze)) in files.iter().enumerate() {
        let drawing = dir.join(format!("{i}.svg"));
        logicmaze()
            .args(["render", file, "--maze", maze, "-o"])
            .arg(&drawing)
            .assert()
            .success();
        args.push(page(&dir, file, maze, &i.to_string()).into_os_string());
        args.push(drawing.into_os_string());
    }
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    let report = common::node(&chromium, "tests/e2e/board.mjs", &args);
    assert_eq!(
        report.matches("the board paints what render draws").count(),
        files.len(),
        "{report}"
    );
}

/// A maze of a million cells plays: its page opens, and a move, following
/// the walker or with the whole maze on the board, redraws what is in
/// view, not the maze's size (a 999×1000 corridor, whose one route is half a million
/// moves).
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_maze_of_a_million_cells_plays() {
    let _alone = common::alone();
    let dir = common::tempdir("play-million-browser");
    let out = corridor_page(&dir, 1000, 1000);
    assert_moves_redraw_little(&pace("timing", &[out]));
}

/// S asks before it shows the solution (a WASD player's S gives nothing
/// away), Enter keeps playing, and asking again adds no history.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_solution_is_shown_only_when_asked_twice() {
    let pages = PlayerPages::new("players-spoiler");
    let report = players(
        "spoiler",
        &[pages.sample("examples/arrow.in", "SAMPLE", "arrow")],
    );
    assert!(report.contains("S asks first"), "{report}");
}

/// A reload restores the whole history (a shown solution, a restart, undo
/// and redo), and two tabs on one maze keep their own games.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_reload_restores_the_whole_history() {
    let pages = PlayerPages::new("players-history");
    let atlanta = pages.sample("tests/data/atlanta.in", "RobertAbbottAtlanta", "atlanta");
    let report = players("history", &[atlanta]);
    assert!(report.contains("two tabs keep their own games"), "{report}");
}

/// The solution drawn step by step: board, panel and status agree at
/// every step; a key ends the drawing cleanly; it can be sped up and
/// skipped.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_solution_drawn_agrees_with_the_panel() {
    let pages = PlayerPages::new("players-solution");
    let report = players("solution", &[pages.generated(20, 2)]);
    assert!(
        report.contains("a key ends the drawing cleanly"),
        "{report}"
    );
}

/// Keys on a focused control are the control's own: Space on Undo undoes
/// (it does not make Theseus wait), Enter on Redo redoes, and Space on
/// another maze of the list opens it, playing nothing in this one.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn keys_on_a_focused_control_are_the_controls() {
    let pages = PlayerPages::new("players-focus");
    let out = pages.example("minotaur");
    let report = players("focus", &[out]);
    assert!(report.contains("play nothing"), "{report}");
}

/// The buttons under the status stay put between turns, whatever the
/// status, the message and the hint say, on a desktop and on a phone.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_controls_stay_put_between_turns() {
    let pages = PlayerPages::new("players-steady");
    // Theseus alone, and pages with a list of mazes (a narrower panel),
    // where a die's surroundings or a sign's words take one line or two.
    for family in ["minotaur", "arrow", "dice"] {
        let report = players("steady", &[pages.example(family)]);
        assert!(report.contains("stay put"), "{family}: {report}");
    }
}

/// A maze without a route is said so plainly (a hint at the start with
/// nothing to undo, no warning before the solution), and answered by "No
/// solution", which counts it solved.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_maze_without_a_route_is_said_so_and_answered_so() {
    let pages = PlayerPages::new("players-unsolvable");
    let out = pages.example("arrow");
    let report = players("unsolvable", &[out]);
    assert!(report.contains("answered by No solution"), "{report}");
}

/// A press held down across the moment the page writes the address of the
/// maze just opened still puts its answer in the address.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_held_press_lands_in_the_address() {
    let pages = PlayerPages::new("players-slowpress");
    let out = pages.example("arrow");
    let report = players("slowpress", &[out]);
    assert!(report.contains("is in the address"), "{report}");
}

/// Someone else's link with the whole route shows their solve without
/// counting it the player's; the last move played by the player counts.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn someone_else_s_solve_is_not_yours() {
    let pages = PlayerPages::new("players-theirs");
    let out = pages.example("dice");
    let report = players("theirs", &[out]);
    assert!(report.contains("not counted"), "{report}");
}

/// Theseus's and the die's pages name what the player moves in their own
/// words, not the arrow mazes' "walker".
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn each_family_names_its_own_mover() {
    let pages = PlayerPages::new("players-words");
    let minotaur = pages.example("minotaur");
    let dice = pages.sample("examples/dice.in", "DICEMAZE2", "dice");
    let report = players("words", &[minotaur, dice]);
    assert!(report.contains("its own mover"), "{report}");
}

/// When the Minotaur catches Theseus both pieces stay in sight (he is
/// not hidden under Theseus), and the catch is marked.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_catch_shows_both_pieces() {
    let pages = PlayerPages::new("players-caught");
    let page = pages.sample("examples/minotaur.in", "No Escape", "caught");
    let report = players("caught", &[page]);
    assert!(report.contains("both pieces in sight"), "{report}");
}

/// A wait leaves a ring on its square in the trail, and undo takes it away.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_wait_marks_the_trail() {
    let pages = PlayerPages::new("players-waits");
    let page = pages.sample("examples/minotaur.in", "Wait For It", "waits");
    let report = players("waits", &[page]);
    assert!(report.contains("a wait marks the trail"), "{report}");
}

/// The question before the solution keeps Tab on its two buttons, so that
/// Enter after a Tab answers it.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_solutions_question_keeps_the_keyboard() {
    let pages = PlayerPages::new("players-prompt");
    let page = pages.sample("examples/arrow.in", "SAMPLE", "prompt");
    let report = players("prompt", &[page]);
    assert!(report.contains("Enter answers it"), "{report}");
}

/// A reload opens the view the player chose, Walk or Overview.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_reload_keeps_the_view_chosen() {
    let pages = PlayerPages::new("players-view");
    let page = pages.sample("examples/arrow.in", "SAMPLE", "view");
    let report = players("view", &[page]);
    assert!(report.contains("opens the view chosen"), "{report}");
}

/// The focused maze of the list has its whole outline, not one clipped to
/// its top and bottom by the list's scrolling box.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_focused_maze_of_the_list_is_plain_to_see() {
    let pages = PlayerPages::new("players-listfocus");
    let report = players("listfocus", &[pages.three()]);
    assert!(report.contains("outline is whole"), "{report}");
}

/// At 1280×800 every action button of a dice, an arrow and a Theseus page
/// is on the screen as the page opens (Hint and Solution sat on the bottom
/// edge of a dice page).
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn every_action_is_on_the_screen() {
    let pages = PlayerPages::new("players-fits");
    let dice = pages.sample("examples/dice.in", "DICEMAZE1", "dice");
    let arrow = pages.sample("examples/arrow.in", "SAMPLE", "arrow");
    let theseus = pages.sample("examples/minotaur.in", "Labyrinth", "theseus");
    let report = players("fits", &[dice, arrow, theseus]);
    assert!(report.contains("every action button"), "{report}");
}

/// On a 100×100 maze the goal's square is in the panel, a marker on the
/// board's edge points to it while it is off the board, and a minimap of
/// the whole maze takes the view there.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_goal_of_a_big_maze_can_be_found() {
    let pages = PlayerPages::new("players-goal");
    let report = players("goal", &[pages.generated(100, 4)]);
    assert!(report.contains("a marker toward it"), "{report}");
}

/// Hints lead to the goal by a shortest route, say when no route is left,
/// and a shown solution leaves a guide that undo keeps.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn hints_lead_to_the_goal() {
    let pages = PlayerPages::new("players-hint");
    let atlanta = pages.sample("tests/data/atlanta.in", "RobertAbbottAtlanta", "atlanta");
    let none = pages.sample("examples/arrow.in", "NOSOLUTION", "none");
    let report = players("hint", &[atlanta, none]);
    assert!(report.contains("hints lead to the goal"), "{report}");
}

/// On a phone, the board and the controls share one screen, and a held
/// drag pans without moving the walker.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_phone_shows_board_and_controls_and_pans() {
    let pages = PlayerPages::new("players-phone");
    let report = players("phone", &[pages.generated(100, 4)]);
    assert!(report.contains("makes no move"), "{report}");
}

/// Dark mode colours the page and the drawing, forced colours mark the
/// pressed view, the win shows on the board.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_page_looks_right_dark_and_in_forced_colours() {
    let pages = PlayerPages::new("players-looks");
    let report = players(
        "looks",
        &[pages.sample("examples/arrow.in", "SAMPLE", "arrow")],
    );
    assert!(report.contains("dark mode colours"), "{report}");
}

/// A collection counts its solved mazes and opens the next unsolved one;
/// the page has an icon; R redoes, as in Tatham's puzzles.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_collection_leads_to_the_next_unsolved_maze() {
    let pages = PlayerPages::new("players-collection");
    let report = players("collection", &[pages.three()]);
    assert!(report.contains("next unsolved"), "{report}");
}

/// A long game costs a move no more script than a short one: 15,000
/// random moves on a 256×256 maze (the dice corridor) are played by the
/// page's own functions, the last thousand as quickly as the first (the
/// page before copied and saved the whole history each move: 98 s in
/// all), and after them a move, an undo and a reload cost what they did
/// after 100 moves, measured in the same run. The same on a hard 100×100
/// arrow maze, whose walk goes over the same roads again and again: the
/// trail draws each segment once (the page before drew all 15,000, for 73
/// different). The milliseconds are BENCHMARKS.md's.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_long_game_costs_what_a_short_one_does() {
    let _alone = common::alone();
    let dir = common::tempdir("players-long");
    let pages = PlayerPages::new("players-long-arrow");
    for page in [corridor_page(&dir, 256, 256), pages.generated(100, 4)] {
        assert_a_long_game_costs_a_short_ones(&pace("long", &[page, PathBuf::from("15000")]));
    }
}

/// Asserts `pace.mjs long`'s figures, each of the long game against the
/// short one's in the same run: a move's and an undo's median within
/// twice the short game's and a frame (the times are counted in frames
/// of 16.7 ms), a reload within three times the short game's and a
/// quarter of a second (the history it plays back is 150 times as
/// long), and the page's last thousand moves within three times its
/// first thousand.
fn assert_a_long_game_costs_a_short_ones(report: &str) {
    let (short_game, long_game) = report
        .split_once("long game of")
        .unwrap_or_else(|| panic!("no long game in {report}"));
    let both = |after: &str| (figure_in(short_game, after), figure_in(long_game, after));
    for what in ["move median ", "undo median "] {
        let (short, long) = both(what);
        assert!(
            long <= 2.0 * short + 16.7,
            "{what}{long} ms against {short} ms\n{report}"
        );
    }
    let (short, long) = both("reload ");
    assert!(
        long <= 3.0 * short + 250.0,
        "reload {long} ms against {short} ms\n{report}"
    );
    let first = figure_in(long_game, "took ");
    let last = figure_in(long_game, "ms for the first 1000 moves, ");
    assert!(
        last <= 3.0 * first,
        "the last 1000 moves took {last} ms, the first {first} ms\n{report}"
    );
}

/// A move on a 100×100 maze redraws only what it changes: its median
/// move, following the walker and with the whole maze on the board,
/// paints no more than the board in view, where every move once
/// repainted the whole drawing (a quarter of a second; the milliseconds
/// now, against 16 ms, are scripts/play-timing.sh's, in BENCHMARKS.md).
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_move_on_a_big_maze_redraws_little() {
    let _alone = common::alone();
    let pages = PlayerPages::new("players-timing");
    assert_moves_redraw_little(&pace("timing", &[pages.generated(100, 4)]));
}

/// Zooming a big maze out and back in, following the walker, is quick
/// and keeps the walker on the board: each step's frame and the move
/// after it take a frame or three (the board's detail comes after, band by
/// band), where a step took 80-800 ms, and the walker, by the maze's
/// bottom edge, slid off the board from 323% down.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn zooming_is_quick_and_keeps_the_walker_in_view() {
    let _alone = common::alone();
    let pages = PlayerPages::new("players-zoom");
    let report = pace("zoom", &[pages.generated(100, 4)]);
    assert!(report.starts_with("zoom: "), "{report}");
}

/// A dice page's die is half a square wide, and in dark mode its numbers
/// sit on their squares' colour: the page before drew the die a third of
/// a square wide in a corner, and 18% of the numbered squares' pixels
/// darker than the squares (halos of paper's colour).
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_die_and_the_numbers_are_plain_to_see() {
    let pages = PlayerPages::new("players-dice");
    let report = players(
        "dice",
        &[pages.sample("examples/dice.in", "DICEMAZE1", "dice")],
    );
    assert!(report.starts_with("dice: "), "{report}");
}

/// The page of the dice corridor of `rows`×`cols` (one route, the longest
/// a maze of that size has), written in `dir`.
fn corridor_page(dir: &Path, rows: u32, cols: u32) -> PathBuf {
    let file = dir.join("corridor.in");
    let mut text = String::new();
    let corridor = dice::corridor_maze(rows, cols).unwrap();
    text::write_maze(&mut text, &Maze::from(corridor)).unwrap();
    std::fs::write(&file, text + "END\n").unwrap();
    let page = dir.join("corridor.html");
    play_to(&file, &page);
    page
}

/// Asserts that `pace.mjs timing`'s median move, following the walker
/// and with the whole maze on the board, redraws little: no more of the
/// board's canvas than painting the board in view once, zoomed in to
/// follow the walker (half again, for the strips a move uncovers and the
/// numbers pinned at the board's edges), and a bounded number of changes
/// to the document, whatever the maze's size. Counted, not timed: the
/// milliseconds, which swing twofold with the machine's load, are
/// scripts/play-timing.sh's, in BENCHMARKS.md.
fn assert_moves_redraw_little(report: &str) {
    let view_of = |view: &str| {
        let part = &report[report.find(&format!("{view} median ")).unwrap()..];
        part.split(';').next().unwrap()
    };
    let in_view = figure_in(view_of("following"), " of ");
    for view in ["following", "whole maze"] {
        let calls = figure_in(view_of(view), "canvas calls median ");
        let changes = figure_in(view_of(view), "document changes median ");
        assert!(
            calls <= in_view * 1.5 + 8.0,
            "{view}: a move made {calls} canvas calls, painting the board in view {in_view}\n{report}"
        );
        assert!(
            changes <= 100.0,
            "{view}: a move made {changes} changes to the document\n{report}"
        );
    }
}

/// The number (decimals and all) after the first `after` in `text`.
pub(super) fn figure_in(text: &str, after: &str) -> f64 {
    let at = text
        .find(after)
        .unwrap_or_else(|| panic!("no {after:?} in {text}"))
        + after.len();
    let number: String = text[at..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    number.parse().unwrap()
}

/// On a phone, a hard 8×8 Theseus maze opens whole (31 px a square); a
/// 12×12 one opens zoomed in on Theseus, and the view keeps the Minotaur
/// on the board at every turn, zooming out as far as the two need.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn on_a_phone_the_minotaur_stays_in_view() {
    let pages = PlayerPages::new("phone-pieces");
    let report = phone("whole", &pages.generated_of("minotaur", 8, 5));
    assert!(report.contains("opens whole"), "{report}");
    let report = phone("pieces", &pages.generated_of("minotaur", 12, 5));
    assert!(report.contains("stayed on the board"), "{report}");
}

/// On a phone, the minimap of a hard 10×10 dice maze never covers the die
/// nor much of a square beside it, and Map puts it away for good.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn on_a_phone_the_minimap_keeps_off_the_die_and_can_be_put_away() {
    let pages = PlayerPages::new("phone-minimap");
    let report = phone("minimap", &pages.generated_of("dice", 10, 4));
    assert!(report.contains("Map hides it"), "{report}");
}

/// A mark made on the die's square shows (the die covers its square), the
/// dice trail keeps off the squares' numbers, and a tap two squares off
/// rolls nothing.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_die_leaves_marks_numbers_and_far_squares_alone() {
    let pages = PlayerPages::new("phone-dice");
    let report = phone("dice", &pages.generated_of("dice", 10, 1));
    assert!(report.contains("a far tap rolls nothing"), "{report}");
}

/// What a turn says is seen where the eye is: at 1280×800 a refusal, the
/// status and the link are in view, and the link and How to play stay put
/// when a refusal or a hint comes and goes; on a desktop and a phone No
/// solution keeps its size when the solution's route is shown.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn the_panel_s_words_are_in_view_and_its_buttons_stay_put() {
    let pages = PlayerPages::new("panel-steady");
    for family in ["dice", "arrow", "minotaur"] {
        let report = phone("panel", &pages.example(family));
        assert!(report.contains("stay put"), "{family}: {report}");
    }
}

/// A name of 940 characters takes two lines of the heading on a phone (the
/// whole of it in the heading's title): the board stays on the screen.
#[test]
#[ignore = "needs Chromium and playwright-core: `cargo test -- --ignored` runs it, as .ci/run does"]
fn a_long_name_leaves_the_board_on_a_phone_s_screen() {
    let pages = PlayerPages::new("phone-name");
    let output = logicmaze()
        .args(["convert", "examples/dice.in", "--to", "json"])
        .output()
        .unwrap();
    let first = String::from_utf8(output.stdout).unwrap();
    let mut maze: serde_json::Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    maze["name"] = "A very long name of a maze ".repeat(35)[..940].into();
    let file = pages.dir.join("long.jsonl");
    std::fs::write(&file, format!("{maze}\n")).unwrap();
    let page = pages.dir.join("long.html");
    play_to(&file, &page);
    let report = phone("name", &page);
    assert!(report.contains("940 characters"), "{report}");
}
