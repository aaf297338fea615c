//! Klotski (华容道): solves 横刀立马, or a puzzle read from a file (the format of
//! `state_search::domains::sliding::klotski`), with the fewest moves under the chosen
//! metric.
//!
//! ```text
//! cargo run --release --features domains --example klotski
//! cargo run --release --features domains --example klotski -- --metric step --stats puzzle.txt
//! cargo run --release --features domains --example klotski -- --help
//! ```
//!
//! `--help` prints the options, the input format, the output, the exit statuses and the
//! strategies (the text is `HELP` below).

#[path = "common/cli.rs"]
mod common;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use state_search::domains::sliding::klotski::{Metric, Puzzle, UnknownMetric};
use state_search::{Limits, Outcome};

/// `--help`: the usage, the options, the input format and the exit statuses, then the
/// strategies.
const HELP: &str = "\
usage: klotski [FILE | -] [--metric step|line|any] [--strategy NAME] [--stats]

Klotski: solves the puzzle in FILE, or in standard input with -, or without either the
traditional one (the 2x2 block out of a 4x5 box), with the fewest moves. Prints the
number of moves (-1 when the goal cannot be reached), then one line per move: X R C ->
R' C', the piece drawn with X goes from top-left cell (R, C) to (R', C'), from 1.

  --metric step|line|any  what one move is: a unit step of one piece; a slide of one
                          piece in a straight line; or (the default) any path of one
                          piece, turns included
  --strategy NAME         the search, one of the strategies listed below (default bfs)
  --stats                 the number of reachable layouts and the time on standard error
  --                      ends the options

Input: a picture of the box, one line per row, all of one length: . an empty cell, # a
wall, any other character (not a space) a piece, at most 128 cells. Two forms:
  labelled: each character draws one piece (a filled rectangle), and a line
      goal X R C
    follows: the goal is the piece X with its top-left cell at row R, column C (from 1);
  classic: no goal line, and only B (the 2x2 block, exactly one), v (vertical 2x1
    pieces), h (horizontal 1x2), s (1x1), . and #; the goal is B centred on the bottom
    row. The traditional puzzle:
    vBBv
    vBBv
    vhhv
    vssv
    s..s
  Blank lines may come before the picture and after it; lines may end in \\r\\n,
  trailing spaces are ignored and a byte order mark is skipped.

Exit status: 0 with an answer (-1 included); 2 on a bad argument, malformed input or any
other error (out of memory included), with one line on standard error.
";

fn usage() -> String {
    format!(
        "{HELP}\nstrategies: {}",
        common::spellings(&Puzzle::strategies(), "|")
    )
}

fn run() -> Result<(), String> {
    use lexopt::prelude::*;
    let mut file = None;
    let mut metric = Metric::Any;
    let mut strategy = Puzzle::DEFAULT_STRATEGY;
    let mut stats = false;
    let mut given = common::Given::default();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Short('h') | Long("help") => {
                common::help(&mut parser)?;
                return common::write_out(&format!("{}\n", usage())).map(drop);
            }
            Long("metric") => {
                metric = given
                    .text_value(&mut parser, "--metric")?
                    .parse()
                    .map_err(|e: UnknownMetric| e.to_string())?;
            }
            Long("strategy") => {
                let value = given.value(&mut parser, "--strategy")?;
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
        Outcome::Stopped(reason) => return Err(common::stopped(&reason, &search.stats)),
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
