//! The palamaze program without its input and output: arguments and input text in,
//! standard output, standard error and exit status out, so tests can check it exactly.

#[path = "../common/cli.rs"]
pub mod common;

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use state_search::domains::pipemaze::{NO_ESCAPE, PipeMaze, escape_answer};

use state_search::{Limits, Outcome, StopReason, Strategy};

pub use common::Output;

/// `--help`: the usage, the options, the input format and the exit statuses, then the
/// strategies.
const HELP: &str = "\
usage: palamaze [--strategy NAME] [--stats] [--path] [--quiet] [FILE | -]

Reads a pipe-key maze from FILE, or from standard input without one (or with -), and
prints the least number of moves that takes the fish from the start to the exit, or 10001
when it cannot escape within 10000 moves.

  --strategy NAME  the search, one of the strategies listed below (default bfs)
  --stats          the search's statistics and time on standard error
  --path           a second line with the moves: U, D, L, R a step, U2, D2, L2, R2 a pass
                   through a pipe
  --quiet          no progress lines on standard error (by default idastar, idastar-tt,
                   dfbnb, anytime:W, arastar:W and anastar write one at most every 5 s
                   once they have run for 5 s: the states expanded, the time, the cost
                   searched up to or the best route so far)
  --               ends the options

Input: a header line, then the rows of the maze, top to bottom.
  n m              the number of rows, then of columns: 1 to 1000 each
  n lines of m characters:
    *  stone                        +  water
    #  the start (exactly one)      $  the exit (exactly one)
    1..9  water with the key of colour 1..9
    A..I  a horizontal pipe of colour 1..9 (A pairs with key 1)
    a..i  a vertical pipe of colour 1..9 (a pairs with key 1)
  Each move takes one time unit: a step to an edge-adjacent cell that is neither stone
  nor pipe, or a pass through an adjacent pipe to the cell beyond it (neither stone nor
  pipe), when the pipe lies along the move or the fish holds the key of its colour.
  Arriving on a cell (and at time 0 on the start), the fish collects the keys on it and
  on its four neighbours. Lines may end in \\r\\n; trailing spaces, blank lines after
  the map and a byte order mark are ignored. Example:
    1 3
    #+$

Exit status: 0 with an answer (10001 included); 2 on a bad argument, malformed input, a
search that stopped without an answer (beam:K when the beam pruned every route it kept)
or any other error (out of memory included), with one line on standard error.
";

fn usage() -> String {
    format!(
        "{HELP}\nstrategies: {}",
        common::spellings(&PipeMaze::strategies(), "|")
    )
}

fn failure(message: &str) -> Output {
    Output::failure("palamaze", 2, message)
}

/// The command line, read.
struct Options {
    strategy: Strategy,
    stats: bool,
    path: bool,
    quiet: bool,
    file: Option<PathBuf>,
}

/// The options, or `None` for `--help`.
fn parse_args(
    args: impl IntoIterator<Item = impl Into<OsString>>,
) -> Result<Option<Options>, String> {
    use lexopt::prelude::*;
    let mut options = Options {
        strategy: PipeMaze::DEFAULT_STRATEGY,
        stats: false,
        path: false,
        quiet: false,
        file: None,
    };
    let mut given = common::Given::default();
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Long("strategy") => {
                let value = given.value(&mut parser, "--strategy")?;
                options.strategy = common::strategy(value, &PipeMaze::strategies(), "")?;
            }
            Long("stats") => options.stats = true,
            Long("path") => options.path = true,
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
        Err(message) => return failure(&message),
    };
    let strategy = options.strategy;
    let source = common::source_name(options.file.as_deref());
    let text = match common::read_input(options.file.as_deref(), stdin) {
        Ok(text) => text,
        Err(message) => return failure(&message),
    };
    let maze = match PipeMaze::parse(&text) {
        Ok(maze) => maze,
        Err(error) => return failure(&format!("{source}: {error}")),
    };
    drop(text);
    let started = Instant::now();
    let search = if options.quiet || !common::Progress::reports(&strategy) {
        maze.solve(&strategy, &Limits::new())
    } else {
        maze.solve_with(
            &strategy,
            &Limits::new(),
            &mut common::Progress::new("palamaze", &strategy),
        )
    };
    let search = match search {
        Ok(search) => search,
        Err(error) => return failure(&error.to_string()),
    };
    match search.stop_reason() {
        Some(reason @ StopReason::Capacity(_)) => {
            return failure(&common::stopped(&reason, &search.stats));
        }
        // Not 10001: a beam that pruned every route it kept has not shown there is none.
        Some(StopReason::Pruned) => {
            return failure(&format!(
                "no answer: {strategy} kept only dead ends (the beam pruned the rest); the \
                 fish may still escape (a wider beam or an optimal strategy will tell)"
            ));
        }
        // The exit closing (no route within 10000 moves) is the answer 10001.
        None | Some(StopReason::Cost) => {}
        Some(reason) => return failure(&format!("no answer: {strategy} {reason}")),
    }
    let elapsed = started.elapsed();
    let Some(answer) = escape_answer(&search.outcome) else {
        return failure(&format!("no answer: {strategy} stopped"));
    };
    let mut stdout = format!("{answer}\n");
    if options.path
        && answer != NO_ESCAPE
        && let Outcome::Found(route) = &search.outcome
    {
        let _ = writeln!(stdout, "{route}");
    }
    let mut stderr = String::new();
    if options.stats {
        let s = &search.stats;
        let _ = writeln!(
            stderr,
            "palamaze: strategy {}: {} expanded, {} generated, {} stored, {} iterations, peak open {}, {:.3} ms",
            strategy,
            s.expanded,
            s.generated,
            s.stored,
            s.iterations,
            s.peak_open,
            elapsed.as_secs_f64() * 1e3
        );
    }
    Output {
        stdout,
        stderr,
        code: 0,
    }
}
