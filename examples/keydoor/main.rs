//! The key-door maze contest program: reads a maze (the format of
//! `state_search::domains::keydoor`) from the file named on the command line or from
//! standard input, and prints the move string of a route with the fewest keys, then the
//! fewest moves.
//!
//! ```text
//! cargo run --release --features domains --example keydoor -- maze.txt
//! cargo run --release --features domains --example keydoor -- --objective moves --strategy astar --stats < maze.txt
//! cargo run --release --features domains --example keydoor -- --help
//! ```
//!
//! `--help` prints the options, the input format, the exit statuses and the strategies
//! of each objective (the text is `HELP` in `cli.rs`). With the `parallel` feature
//! (`cargo run --release --features parallel,domains --example keydoor`), `--threads N` above 1
//! runs `bfs` as `par-bfs` (layer-parallel BFS; over hash tables when the maze's states
//! are too many for its dense marks) and `astar` as `hda` (hash-distributed A*) on a pool
//! of `N` threads; without the feature only `--threads 1` is accepted. The cost found is
//! the same on any number of threads; when several routes are optimal, the parallel
//! engines may print another of them than the sequential ones.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(std::env::args_os().skip(1), cli::common::read_stdin).emit("keydoor")
}
