//! The key-door maze contest program (`PROBLEMS.md` section 2): reads a maze from the file
//! named on the command line or from standard input, prints the move string of a route
//! with the fewest keys, then the fewest moves.
//!
//! ```text
//! cargo run --release --example keydoor -- maze.txt
//! cargo run --release --example keydoor -- --objective moves --strategy astar --stats < maze.txt
//! ```
//!
//! `--strategy` takes the spellings of `state_search::Strategy` that solve the objective
//! (`--help` lists them). `-` names standard input; `--` ends the options.
//!
//! Exit status: 0 with a route; 1 when the target cannot be reached (nothing on standard
//! output, the reason on standard error); 2 on a bad argument, malformed input or any
//! other error (out of memory included), with one line on standard error.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(std::env::args_os().skip(1), cli::common::read_stdin).emit()
}
