//! The `logicmaze` command-line tool: the command line of the library,
//! with the families it knows.

#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    logicmaze::cli::run(logicmaze::family::ALL)
}
