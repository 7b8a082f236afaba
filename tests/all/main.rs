//! Every integration test, in one test binary: one link of the crate and
//! its dependencies where a binary per file linked them twenty times.
//! Each module is one file of tests, named for what it holds; `common`
//! holds what several share.

mod common;

mod architecture;
mod cli;
mod closed_streams;
mod errors;
mod generate;
mod golden;
mod help_tells_the_defaults;
mod hostile;
mod jobs;
mod judging_under_attack;
mod library;
mod outputs_land_where_asked;
mod package;
mod pictures_read_well;
mod pieces;
mod play;
mod properties;
mod publishing;
mod render;
mod round_trip;
mod streaming;
mod stress;
mod toy_family;
mod verify;
mod words_are_true;
