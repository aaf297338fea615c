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
//! `--strategy` takes `layered`, the domain's own search (`KeyDoorMaze::solve_layered`, the
//! fewest keys only, and the default for them), or the spellings of `state_search::Strategy`
//! that solve the objective (`--help` lists them). `-` names standard input; `--` ends the
//! options.
//!
//! `--threads N`: the threads the parallel strategies run on (default: 1, or every core for
//! `--strategy par-bfs` / `hda`; on mazes the parallel engines were measured slower). With
//! the `parallel` feature (`cargo run --release --features parallel --example keydoor`),
//! more than one runs `bfs` as `par-bfs` (layer-parallel BFS; over hash tables when the
//! maze's states are too many for its dense marks) and `astar` as `hda` (hash-distributed A*) on
//! a pool of `N` threads, and `--strategy par-bfs` / `hda` choose them explicitly (on
//! `N` threads, 1 included); 1 runs the sequential engines. Without the feature only
//! `--threads 1` is accepted (the default then). `0` is refused. The cost found is the
//! same on any number of threads; when several routes are optimal, the parallel engines
//! may print another of them than the sequential ones.
//!
//! Exit status: 0 with a route; 1 when the target cannot be reached (nothing on standard
//! output, the reason on standard error); 2 on a bad argument, malformed input or any
//! other error (out of memory included), with one line on standard error.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(std::env::args_os().skip(1), cli::common::read_stdin).emit("keydoor")
}
