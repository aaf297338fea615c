//! The pipe-key maze contest program ("palamaze"): reads a maze (the format of
//! `state_search::domains::pipemaze`) from the file named on the command line or from
//! standard input and prints the least number of moves to the exit, or `10001` when the
//! fish cannot escape within 10000.
//!
//! ```text
//! cargo run --release --features domains --example palamaze -- palamaze.in
//! cargo run --release --features domains --example palamaze -- --strategy idastar-tt --stats --path < palamaze.in
//! cargo run --release --features domains --example palamaze -- --help
//! ```
//!
//! `--help` prints the options, the input format, the exit statuses and the strategies
//! (the text is `HELP` in `cli.rs`).

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(std::env::args_os().skip(1), cli::common::read_stdin).emit("palamaze")
}
