//! The key-door program without its input and output: arguments and input text in,
//! standard output, standard error and exit status out, so tests can check it exactly.

#[path = "../common/cli.rs"]
pub mod common;

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use state_search::domains::keydoor::{KeyDoorMaze, Objective, Route};
use state_search::{Limits, Outcome, Stats, StopReason, Strategy};

pub use common::Output;

fn usage() -> String {
    let list = |objective: Objective| common::spellings(&objective.strategies(), "|");
    format!(
        "usage: keydoor [--objective keys|moves] [--strategy NAME] [--threads N] [--stats] \
         [FILE | -]\n\
         --threads N: with more than 1 (the default is every core with the parallel feature, \
         else 1), bfs runs as par-bfs and astar as hda on N threads\n\
         strategies with --objective keys (the default, default strategy layered): {}\n\
         strategies with --objective moves (default strategy bfs): {}",
        list(Objective::FewestKeys),
        list(Objective::FewestMoves)
    )
}

fn failure(code: u8, message: &str) -> Output {
    Output::failure("keydoor", code, message)
}

/// The command line, read.
struct Options {
    objective: Objective,
    strategy: Option<OsString>,
    threads: usize,
    stats: bool,
    file: Option<PathBuf>,
}

/// The options, or `None` for `--help`.
fn parse_args(
    args: impl IntoIterator<Item = impl Into<OsString>>,
) -> Result<Option<Options>, String> {
    use lexopt::prelude::*;
    let mut options = Options {
        objective: Objective::FewestKeys,
        strategy: None,
        threads: common::default_threads(),
        stats: false,
        file: None,
    };
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Long("objective") => {
                let value = common::text_value(&mut parser, "--objective")?;
                options.objective = value
                    .parse()
                    .map_err(|e: state_search::domains::keydoor::UnknownObjective| e.to_string())?;
            }
            // Checked once the objective is known.
            Long("strategy") => options.strategy = Some(common::value(&mut parser, "--strategy")?),
            Long("threads") => {
                options.threads = common::threads(common::value(&mut parser, "--threads")?)?;
            }
            Long("stats") => options.stats = true,
            Short('h') | Long("help") => return Ok(None),
            Value(file) if options.file.is_none() => {
                options.file = Some(PathBuf::from(common::text(file)?));
            }
            other => return Err(common::arg_error(other.unexpected())),
        }
    }
    Ok(Some(options))
}

/// Runs the program on `args` (without the program name); `stdin` reads standard input
/// when no file (or `-`) is named.
pub fn run(
    args: impl IntoIterator<Item = impl Into<OsString>>,
    stdin: impl FnOnce() -> std::io::Result<String>,
) -> Output {
    let options = match parse_args(args) {
        Ok(Some(options)) => options,
        Ok(None) => return Output::success(format!("{}\n", usage())),
        Err(message) => return failure(2, &message),
    };
    let objective = options.objective;
    let strategy = match options.strategy {
        None => objective.default_strategy(),
        Some(name) => {
            let context = format!(" to --objective {objective}");
            match common::strategy(name, &objective.strategies(), &context) {
                Ok(strategy) => strategy,
                Err(message) => return failure(2, &message),
            }
        }
    };
    let source = common::source_name(options.file.as_deref());
    let text = match common::read_input(options.file.as_deref(), stdin) {
        Ok(text) => text,
        Err(message) => return failure(2, &message),
    };
    let maze = match KeyDoorMaze::parse(&text) {
        Ok(maze) => maze,
        Err(error) => return failure(2, &format!("{source}: {error}")),
    };
    drop(text);
    let started = Instant::now();
    let (strategy, solved) = solve(&maze, objective, strategy, options.threads);
    let search = match solved {
        Ok(search) => search,
        Err(error) => return failure(2, &error),
    };
    if let Some(StopReason::Capacity(error)) = search.stop_reason() {
        return failure(2, &error.to_string());
    }
    let elapsed = started.elapsed();
    let mut out = match search.outcome {
        Outcome::Found(route) => Output::success(format!("{route}\n")),
        Outcome::NoPath => failure(1, "no route: the target cannot be reached from the start"),
        Outcome::Stopped(reason) => failure(1, &format!("no route found: {reason}")),
    };
    if options.stats {
        out.stderr
            .push_str(&stats_line(strategy, &search.stats, elapsed));
    }
    out
}

/// What [`KeyDoorMaze::solve`] returns.
type Solved = Result<state_search::Search<Route>, String>;

/// Solves `maze` with `strategy` on `threads` threads: with more than one, `bfs` runs as
/// `par-bfs` (over hash tables when its dense marks do not fit) and `astar` as `hda`; the parallel
/// strategies run on a pool of `threads`. Returns the strategy that ran.
fn solve(
    maze: &KeyDoorMaze,
    objective: Objective,
    strategy: Strategy,
    threads: usize,
) -> (Strategy, Solved) {
    #[cfg(feature = "parallel")]
    {
        let parallel = match strategy {
            Strategy::Bfs if threads > 1 => Some(Strategy::ParBfs),
            Strategy::AStar if threads > 1 => Some(Strategy::Hda),
            Strategy::ParBfs | Strategy::Hda => Some(strategy),
            _ => None,
        };
        if let Some(parallel) = parallel {
            let pool = match common::pool(threads) {
                Ok(pool) => pool,
                Err(message) => return (parallel, Err(message)),
            };
            let solved = pool.install(|| maze.par_solve(objective, &parallel, &Limits::new()));
            return (parallel, solved.map_err(|e| e.to_string()));
        }
    }
    #[cfg(not(feature = "parallel"))]
    debug_assert_eq!(threads, 1, "checked with the arguments");
    let solved = maze.solve(objective, &strategy, &Limits::new());
    (strategy, solved.map_err(|e| e.to_string()))
}

fn stats_line(strategy: Strategy, stats: &Stats, elapsed: std::time::Duration) -> String {
    let mut line = String::new();
    let _ = writeln!(
        line,
        "keydoor: strategy {}: {} expanded, {} generated, {} stored, {} iterations, peak open {}, {:.3} ms",
        strategy,
        stats.expanded,
        stats.generated,
        stats.stored,
        stats.iterations,
        stats.peak_open,
        elapsed.as_secs_f64() * 1e3
    );
    line
}
