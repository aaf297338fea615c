//! Counts every board of a sliding-tile puzzle by its distance from a start, at two bits
//! per board ([`Layers`] over [`RankedPuzzle`]). Prints one `depth count` line per
//! breadth-first layer, from depth 0, then `total N`.
//!
//! ```text
//! cargo run --release --features domains --example layers                                 # the 8-puzzle
//! cargo run --release --features parallel,domains --example layers -- --shape 3x4
//! cargo run --release --features domains --example layers -- --help
//! ```
//!
//! `--help` prints the options and the exit statuses (the text is `HELP` below).

#[path = "common/cli.rs"]
mod common;
#[path = "common/tiles.rs"]
mod tiles;

use std::io::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use state_search::domains::sliding::npuzzle::Board;
use state_search::domains::sliding::ranking::RankedPuzzle;
use state_search::{CapacityError, IndexSpace as _, LayerCounts, Layers};

/// `--help`: the usage, the options and the exit statuses.
const HELP: &str = "\
usage: layers [--shape RxC] [--threads N] [--start \"TILES\"] [--farthest] [--quiet]

Counts every board of a sliding-tile puzzle by its distance from a start board: prints
one line per breadth-first layer, its depth and the number of boards in it, from depth 0,
then total N, the number of boards the start can reach.

  --shape RxC      the board (default 3x3; up to 16 cells, memory permitting: the count
                   takes cells!/8 bytes, 60 MB for 3x4, 2.6 TB for 4x4)
  --threads N      threads for the scans, at most 1024 (feature parallel: default one
                   per core; without it only 1); 1 runs the sequential engine
  --start \"TILES\"  the start board, its tile numbers row by row with 0 for the blank,
                   separated by spaces (default: the goal, 0 1 2 ...); it must be able to
                   reach the goal
  --farthest       after the total, print the boards of the deepest layer, one per line
  --quiet          no progress on standard error (by default a line per layer: depth,
                   count, time since the start, boards per second so far)

Exit status: 0 with the counts; 2 on a bad option, a count that does not fit in memory or
threads the operating system will not start, with one line on standard error.
";

struct Options {
    shape: (usize, usize),
    threads: usize,
    start: Option<String>,
    farthest: bool,
    quiet: bool,
}

/// The options, or `None` for `--help`.
fn parse_args() -> Result<Option<Options>, String> {
    use lexopt::prelude::*;

    let mut options = Options {
        shape: (3, 3),
        threads: default_threads(),
        start: None,
        farthest: false,
        quiet: false,
    };
    let mut given = common::Given::default();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => {
                common::help(&mut parser)?;
                return Ok(None);
            }
            Long("shape") => {
                options.shape = tiles::shape(&given.text_value(&mut parser, "--shape")?)?;
            }
            Long("threads") => {
                let value = given.value(&mut parser, "--threads")?;
                let threads: usize = value.parse().map_err(|e| format!("--threads: {e}"))?;
                options.threads = common::check_threads(threads)?;
            }
            Long("start") => {
                options.start = Some(given.text_value(&mut parser, "--start")?);
            }
            Long("farthest") => options.farthest = true,
            Long("quiet") => options.quiet = true,
            _ => return Err(format!("{} (try --help)", arg.unexpected())),
        }
    }
    if options.threads != 1 && !cfg!(feature = "parallel") {
        return Err(format!(
            "--threads {} needs the `parallel` feature (cargo run --features parallel ...); \
             this build runs --threads 1 only",
            options.threads
        ));
    }
    Ok(Some(options))
}

fn default_threads() -> usize {
    if cfg!(feature = "parallel") {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        1
    }
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(Some(options)) => options,
        Ok(None) => {
            if let Err(message) = common::write_out(HELP) {
                eprintln!("layers: {message}");
                return ExitCode::from(2);
            }
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("layers: {message}");
            return ExitCode::from(2);
        }
    };
    let (rows, cols) = options.shape;
    let (puzzle, start) = match setup(&options) {
        Ok(setup) => setup,
        Err(message) => {
            eprintln!("layers: {message}");
            return ExitCode::from(2);
        }
    };
    if !options.quiet {
        eprintln!(
            "{rows}x{cols} puzzle: {} indices, {} MiB, {} thread(s)",
            puzzle.bound(),
            puzzle.bound().div_ceil(4) >> 20,
            options.threads
        );
    }
    let mut total_so_far = 0u64;
    let progress = |depth: usize, count: u64, elapsed: Duration| {
        total_so_far += count;
        if !options.quiet {
            let seconds = elapsed.as_secs_f64();
            #[expect(clippy::cast_precision_loss, reason = "a rate for people to read")]
            let rate = total_so_far as f64 / seconds.max(1e-9);
            eprintln!(
                "depth {depth:>3}: {count:>12} states, {seconds:>8.2} s, {:>8.2} M states/s",
                rate / 1e6
            );
        }
    };
    let mut layers = Layers::new();
    let start = puzzle.index(&start);
    let counted = count(&mut layers, &puzzle, start, options.threads, progress);
    let counts = match counted {
        Ok(counts) => counts,
        Err(error) => {
            eprintln!("layers: {error}");
            return ExitCode::from(2);
        }
    };
    let farthest = layers.last_layer().filter(|_| options.farthest);
    let boards = farthest
        .into_iter()
        .flatten()
        .map(|index| puzzle.board(index));
    if let Err(error) = print(&counts, boards) {
        eprintln!("layers: cannot write the counts: {error}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// Writes the `depth count` lines, the total and `farthest` to standard output.
fn print(counts: &LayerCounts, farthest: impl Iterator<Item = Board>) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (depth, count) in counts.layers.iter().enumerate() {
        writeln!(out, "{depth} {count}")?;
    }
    writeln!(out, "total {}", counts.total)?;
    for board in farthest {
        writeln!(out, "{board}")?;
    }
    out.flush()
}

/// The puzzle and the start board.
fn setup(options: &Options) -> Result<(RankedPuzzle, Board), String> {
    let start = options.start.as_deref().map(|text| ("--start", text));
    let (_, puzzle, start) = tiles::puzzle(options.shape, start)?;
    Ok((puzzle, start))
}

#[cfg(feature = "parallel")]
fn count(
    layers: &mut Layers,
    puzzle: &RankedPuzzle,
    start: usize,
    threads: usize,
    progress: impl FnMut(usize, u64, Duration),
) -> Result<LayerCounts, CapacityError> {
    layers.par_count_indices(puzzle, [start], threads, progress)
}

#[cfg(not(feature = "parallel"))]
fn count(
    layers: &mut Layers,
    puzzle: &RankedPuzzle,
    start: usize,
    _threads: usize,
    progress: impl FnMut(usize, u64, Duration),
) -> Result<LayerCounts, CapacityError> {
    layers.count_indices(puzzle, [start], progress)
}
