//! The key-door program without its input and output: arguments and input text in,
//! standard output, standard error and exit status out, so tests can check it exactly.

#[path = "../common/cli.rs"]
pub mod common;

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use state_search::domains::keydoor::{KeyDoorMaze, Objective, Route};
use state_search::strategy::Requirement;
use state_search::{Limits, Outcome, Stats, StopReason, Strategy};

pub use common::Output;

/// The domain's own search, spelled as a strategy on the command line.
const LAYERED: &str = "layered";

/// How the maze is solved: the domain's layered search (the fewest keys only) or a
/// strategy of the crate.
#[derive(Clone, Copy)]
enum Method {
    Layered,
    Strategy(Strategy),
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Method::Layered => f.write_str(LAYERED),
            Method::Strategy(strategy) => strategy.fmt(f),
        }
    }
}

/// The methods accepted for `objective`, joined by `separator`: `layered` first for the
/// fewest keys, then the strategies.
fn methods(objective: Objective, separator: &str) -> String {
    let strategies = common::spellings(&objective.strategies(), separator);
    match objective {
        Objective::FewestKeys => format!("{LAYERED}{separator}{strategies}"),
        Objective::FewestMoves => strategies,
    }
}

/// The method a `--strategy` value names for `objective`.
fn method(value: OsString, objective: Objective) -> Result<Method, String> {
    let context = format!(" to --objective {objective}");
    if value == LAYERED {
        return match objective {
            Objective::FewestKeys => Ok(Method::Layered),
            Objective::FewestMoves => Err(format!(
                "strategy {LAYERED} does not apply{context}: it finds the fewest keys; expected \
                 one of {}",
                methods(objective, ", ")
            )),
        };
    }
    common::strategy(value, &objective.strategies(), &context)
        .map(Method::Strategy)
        .map_err(|message| {
            let listed = format!(
                "expected one of {}",
                common::spellings(&objective.strategies(), ", ")
            );
            message.replace(
                &listed,
                &format!("expected one of {}", methods(objective, ", ")),
            )
        })
}

/// `--help`: the usage, the options, the input format and the exit statuses, then the
/// strategies of each objective.
const HELP: &str = "\
usage: keydoor [--objective keys|moves] [--strategy NAME] [--threads N] [--stats]
               [--quiet] [FILE | -]

Reads a key-door maze from FILE, or from standard input without one (or with -), and
prints a route from the start to the target as a string of moves U, D, L, R.

  --objective keys|moves  keys (the default): the fewest distinct keys collected, then
                          the fewest moves; moves: the fewest moves
  --strategy NAME         the search: layered (the domain's own, the fewest keys only;
                          the default for keys) or a strategy listed below (default for
                          moves: bfs)
  --threads N             with more than 1 (feature parallel), bfs runs as par-bfs and
                          astar as hda on N threads; default 1, or every core for
                          --strategy par-bfs and hda (on mazes the parallel engines were
                          measured slower)
  --stats                 the search's statistics and time on standard error
  --quiet                 no progress lines on standard error (by default idastar,
                          idastar-tt, dfbnb, anytime:W, arastar:W and anastar write one
                          at most every 5 s once they have run for 5 s: the states
                          expanded, the time, the cost searched up to or the best route
                          so far)
  --                      ends the options

Input: a header line, then the rows of the maze, top to bottom.
  n m                     the number of rows, then of columns: 1 to 4096 each, at most
                          16777216 cells
  n lines of m characters:
    .  floor                        X  wall
    S  the start (exactly one)      T  the target (exactly one)
    A..H  a door of type 0..7       a..h  a key of type 0..7 (a opens A)
  A move goes to an edge-adjacent cell that is not a wall, nor a door whose key has not
  been collected; entering a key's cell collects the key. Lines may end in \\r\\n;
  trailing spaces, blank lines after the map and a byte order mark are ignored. Example:
    3 4
    S.a.
    .X.X
    ATX.

Exit status: 0 with a route; 1 when the target cannot be reached (the reason on standard
error); 2 on a bad argument, malformed input, a search that stopped without a route
(beam:K when the beam pruned every route it kept) or any other error (out of memory
included), with one line on standard error.
";

fn usage() -> String {
    format!(
        "{HELP}\n\
         strategies with --objective keys: {}\n\
         strategies with --objective moves: {}",
        methods(Objective::FewestKeys, "|"),
        methods(Objective::FewestMoves, "|")
    )
}

fn failure(code: u8, message: &str) -> Output {
    Output::failure("keydoor", code, message)
}

/// The command line, read.
struct Options {
    objective: Objective,
    strategy: Option<OsString>,
    /// `--threads`, if given.
    threads: Option<usize>,
    stats: bool,
    quiet: bool,
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
        threads: None,
        stats: false,
        quiet: false,
        file: None,
    };
    let mut given = common::Given::default();
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Long("objective") => {
                let value = given.text_value(&mut parser, "--objective")?;
                options.objective = value
                    .parse()
                    .map_err(|e: state_search::domains::keydoor::UnknownObjective| e.to_string())?;
            }
            // Checked once the objective is known.
            Long("strategy") => options.strategy = Some(given.value(&mut parser, "--strategy")?),
            Long("threads") => {
                options.threads = Some(common::threads(given.value(&mut parser, "--threads")?)?);
            }
            Long("stats") => options.stats = true,
            Long("quiet") => options.quiet = true,
            Short('h') | Long("help") => {
                common::help(&mut parser)?;
                return Ok(None);
            }
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
    let method = match options.strategy {
        None if objective == Objective::FewestKeys => Method::Layered,
        None => Method::Strategy(objective.default_strategy()),
        Some(name) => match method(name, objective) {
            Ok(method) => method,
            Err(message) => return failure(2, &message),
        },
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
    // Without --threads: every core for a parallel strategy asked for by name, else one.
    // Not every core for all: hda expanded 5-6x the states of astar and took 15-20x its
    // time on a 300x300 maze, and par-bfs was slower than bfs there too.
    let parallel = matches!(method, Method::Strategy(s) if s.info().needs(Requirement::Threads));
    let threads = options.threads.unwrap_or(if parallel {
        common::default_threads()
    } else {
        1
    });
    let (method, solved) = solve(&maze, objective, method, threads, options.quiet);
    let search = match solved {
        Ok(search) => search,
        Err(error) => return failure(2, &error),
    };
    if let Some(reason @ StopReason::Capacity(_)) = search.stop_reason() {
        return failure(2, &common::stopped(&reason, &search.stats));
    }
    let elapsed = started.elapsed();
    let mut out = match search.outcome {
        Outcome::Found(route) => Output::success(format!("{route}\n")),
        Outcome::NoPath => failure(1, "no route: the target cannot be reached from the start"),
        // Not status 1: a search that stopped has not shown that there is no route.
        Outcome::Stopped(reason) => failure(2, &not_found(method, &reason)),
    };
    if options.stats {
        out.stderr
            .push_str(&stats_line(method, &search.stats, elapsed));
    }
    out
}

/// Why `method` stopped without a route: for a beam search, that it pruned whatever route
/// there may be.
fn not_found(method: Method, reason: &StopReason) -> String {
    match reason {
        StopReason::Pruned => format!(
            "no route found: {method} kept only dead ends (the beam pruned the rest); the \
             target may still be reachable (a wider beam or an optimal strategy will tell)"
        ),
        _ => format!("no route found: {method} {reason}"),
    }
}

/// What [`KeyDoorMaze::solve`] returns.
type Solved = Result<state_search::Search<Route>, String>;

/// Solves `maze` with `method` on `threads` threads: with more than one, `bfs` runs as
/// `par-bfs` (over hash tables when its dense marks do not fit) and `astar` as `hda`; the parallel
/// strategies run on a pool of `threads`. Unless `quiet`, a long iterative or anytime
/// search reports its progress on standard error. Returns the method that ran.
fn solve(
    maze: &KeyDoorMaze,
    objective: Objective,
    method: Method,
    threads: usize,
    quiet: bool,
) -> (Method, Solved) {
    let strategy = match method {
        Method::Layered => return (method, Ok(maze.solve_layered(&Limits::new()))),
        Method::Strategy(strategy) => strategy,
    };
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
                Err(message) => return (Method::Strategy(parallel), Err(message)),
            };
            let solved = pool.install(|| maze.par_solve(objective, &parallel, &Limits::new()));
            return (
                Method::Strategy(parallel),
                solved.map_err(|e| e.to_string()),
            );
        }
    }
    #[cfg(not(feature = "parallel"))]
    debug_assert_eq!(threads, 1, "checked with the arguments");
    let solved = if quiet || !common::Progress::reports(&strategy) {
        maze.solve(objective, &strategy, &Limits::new())
    } else {
        let mut progress = common::Progress::new("keydoor", &strategy);
        maze.solve_with(objective, &strategy, &Limits::new(), &mut progress)
    };
    (method, solved.map_err(|e| e.to_string()))
}

fn stats_line(method: Method, stats: &Stats, elapsed: std::time::Duration) -> String {
    let mut line = String::new();
    let _ = writeln!(
        line,
        "keydoor: strategy {}: {} expanded, {} generated, {} stored, {} iterations, peak open {}, {:.3} ms",
        method,
        stats.expanded,
        stats.generated,
        stats.stored,
        stats.iterations,
        stats.peak_open,
        elapsed.as_secs_f64() * 1e3
    );
    line
}
