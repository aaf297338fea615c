//! The pipe-key maze contest program ("palamaze", format in the docs of
//! `state_search::domains::pipemaze`): reads a maze from the file named on the command line or from standard input and prints the least
//! number of moves to the exit, or `10001` when the fish cannot escape within 10000.
//!
//! ```text
//! cargo run --release --example palamaze -- palamaze.in
//! cargo run --release --example palamaze -- --strategy idastar-tt --stats --path < palamaze.in
//! ```
//!
//! `--path` adds a second line with the moves (`R` a step, `R2` a pass through a pipe).
//! `--strategy` takes the spellings of `state_search::Strategy` that apply (`--help`
//! lists them). `-` names standard input; `--` ends the options.
//!
//! Exit status: 0 with an answer (10001 included); 2 on a bad argument, malformed input
//! or any other error (out of memory included), with one line on standard error.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(std::env::args_os().skip(1), cli::common::read_stdin).emit("palamaze")
}
