//! Whatever parses (either format, either family) is solved, checked,
//! written in the judges' format and as JSON, read back, and drawn: no
//! step may panic, and the written maze must read back as the same maze.
//! Reading the input in pieces (as `solve --jobs N` does) must give what
//! reading it at once gives.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logicmaze::batch::{self, BatchOptions};
use logicmaze::text;
use logicmaze::family::Parsed;
use logicmaze::{json, render};

fuzz_target!(|data: &[u8]| {
    let options = BatchOptions::default().with_max_states(1 << 14);
    let items = batch::parse(data, &options);
    let piece_bytes = 1 + data.last().map_or(0, |&b| b as usize);
    let pieces = batch::parse(data, &options.with_jobs(2).with_piece_bytes(piece_bytes));
    assert_eq!(format!("{pieces:?}"), format!("{items:?}"));
    for item in items {
        let Parsed::Maze(maze) = item else { continue };
        let route = maze.solve();
        let mut text = String::new();
        text::write_solution(&mut text, &maze, route.as_ref());
        let _ = json::solution(&maze, route.as_ref());
        let analysis = maze.analyse();
        assert_eq!(analysis.moves, route.as_ref().map(|r| r.moves()));
        assert_eq!(analysis.route, route);
        let mut written = String::new();
        if text::write_maze(&mut written, &maze).is_err() {
            // Read from the judges' format, only a name that starts with
            // '{' is refused (the file would read as JSON); from JSON, any.
            continue;
        }
        written.push_str("END\n");
        let again = batch::parse(written.as_bytes(), &options.with_family(Some(maze.family())));
        assert!(matches!(&again[..], [Parsed::Maze(m)] if *m == maze), "{written}");
        let _ = render::svg(&maze, route.as_ref());
    }
});
