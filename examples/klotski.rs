//! Klotski (华容道): solves 横刀立马, or a puzzle read from a file, with the fewest moves
//! under the chosen metric.
//!
//! ```text
//! cargo run --release --example klotski -- [FILE | -] [--metric step|line|any] [--strategy NAME] [--stats]
//! ```
//!
//! Output: the number of moves on the first line (`-1` when the goal cannot be reached),
//! then one line per move: `X r c -> r' c'`, the piece drawn with `X` whose top-left cell
//! is at row `r`, column `c` (1-based) goes to row `r'`, column `c'`. The file format is
//! described in the docs of `state_search::domains::sliding::klotski`; `-` reads it from
//! standard input, and without a file the program solves 横刀立马. The default metric
//! is `any`. `--strategy` takes the spellings of `state_search::Strategy` that apply
//! (`--help` lists them; the default is `bfs`). `--stats` writes the number of reachable
//! layouts and the time to standard error. `--` ends the options. Malformed input or
//! arguments, and any other error (out of memory included): one error line, exit status 2.

#[path = "common/cli.rs"]
mod common;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use state_search::domains::sliding::klotski::{Metric, Puzzle, UnknownMetric};
use state_search::{Limits, Outcome};

fn usage() -> String {
    format!(
        "usage: klotski [FILE | -] [--metric step|line|any] [--strategy NAME] [--stats]\n\
         strategies (default bfs): {}",
        common::spellings(&Puzzle::strategies(), "|")
    )
}

fn run() -> Result<(), String> {
    use lexopt::prelude::*;
    let mut file = None;
    let mut metric = Metric::Any;
    let mut strategy = Puzzle::DEFAULT_STRATEGY;
    let mut stats = false;
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Short('h') | Long("help") => {
                common::help(&mut parser)?;
                return common::write_out(&format!("{}\n", usage())).map(drop);
            }
            Long("metric") => {
                metric = common::text_value(&mut parser, "--metric")?
                    .parse()
                    .map_err(|e: UnknownMetric| e.to_string())?;
            }
            Long("strategy") => {
                let value = common::value(&mut parser, "--strategy")?;
                strategy = common::strategy(value, &Puzzle::strategies(), "")?;
            }
            Long("stats") => stats = true,
            Value(path) => {
                if file.replace(PathBuf::from(common::text(path)?)).is_some() {
                    return Err("more than one input file".to_owned());
                }
            }
            other => return Err(common::arg_error(other.unexpected())),
        }
    }
    let puzzle = match &file {
        Some(path) => {
            let text = common::read_input(Some(path), common::read_stdin)?;
            text.parse::<Puzzle>()
                .map_err(|e| format!("{}: {e}", common::source_name(Some(path))))?
        }
        None => Puzzle::classic(),
    };
    let started = Instant::now();
    let search = puzzle
        .solve(metric, &strategy, &Limits::new())
        .map_err(|e| e.to_string())?;
    let text = match search.outcome {
        Outcome::Found(solution) => solution.to_string(),
        Outcome::NoPath => "-1\n".to_owned(),
        Outcome::Stopped(reason) => return Err(reason.to_string()),
    };
    common::write_out(&text)?;
    if stats {
        let solved = started.elapsed();
        eprintln!(
            "{metric:?} metric: solved in {:.2} ms; {} layouts reachable",
            solved.as_secs_f64() * 1e3,
            puzzle.reachable()
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => common::exit_error("klotski", &error),
    }
}
