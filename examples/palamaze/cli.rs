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

fn usage() -> String {
    format!(
        "usage: palamaze [--strategy NAME] [--stats] [--path] [FILE | -]\n\
         strategies (default bfs): {}",
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
        file: None,
    };
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Long("strategy") => {
                let value = common::value(&mut parser, "--strategy")?;
                options.strategy = common::strategy(value, &PipeMaze::strategies(), "")?;
            }
            Long("stats") => options.stats = true,
            Long("path") => options.path = true,
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
    let search = match maze.solve(&strategy, &Limits::new()) {
        Ok(search) => search,
        Err(error) => return failure(&error.to_string()),
    };
    if let Some(StopReason::Capacity(error)) = search.stop_reason() {
        return failure(&error.to_string());
    }
    let elapsed = started.elapsed();
    let answer = escape_answer(&search.outcome);
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
