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
//! Exit status: 0 with an answer (10001 included); 2 on a bad argument or malformed input.

#[path = "../common/args.rs"]
mod args;

mod cli;

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = args::utf8_or_exit("palamaze");
    let output = cli::run(&args, || {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    });
    // A closed pipe is not worth a panic: the output is simply not wanted.
    let _ = std::io::stdout().lock().write_all(output.stdout.as_bytes());
    let _ = std::io::stderr().lock().write_all(output.stderr.as_bytes());
    ExitCode::from(output.code)
}
