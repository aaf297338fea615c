//! The key-door maze contest program (format in the docs of `state_search::domains::keydoor`):
//! reads a maze from the file
//! named on the command line or from standard input, prints the move string of a route
//! with the fewest keys, then the fewest moves.
//!
//! ```text
//! cargo run --release --example keydoor -- maze.txt
//! cargo run --release --example keydoor -- --objective moves --strategy astar --stats < maze.txt
//! ```
//!
//! Exit status: 0 with a route; 1 when the target cannot be reached (nothing on standard
//! output, the reason on standard error); 2 on a bad argument or malformed input.

#[path = "../common/args.rs"]
mod args;

mod cli;

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = args::utf8_or_exit("keydoor");
    let output = cli::run(&args, || {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    });
    // A closed pipe is not worth a panic: the output is simply not wanted.
    let _ = std::io::stdout().lock().write_all(output.stdout.as_bytes());
    let _ = std::io::stderr().lock().write_all(output.stderr.as_bytes());
    ExitCode::from(output.code)
}
