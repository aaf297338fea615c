//! Klotski (华容道): solves 横刀立马, or a puzzle read from a file, with the fewest moves
//! under the chosen metric.
//!
//! ```text
//! cargo run --release --example klotski -- [FILE] [--metric step|line|any] [--stats]
//! ```
//!
//! Output: the number of moves on the first line (`-1` when the goal cannot be reached),
//! then one line per move: `X r c -> r' c'`, the piece drawn with `X` whose top-left cell
//! is at row `r`, column `c` (1-based) goes to row `r'`, column `c'`. The file format is
//! described in the docs of `state_search::domains::sliding::klotski`. The default metric
//! is `any`. `--stats` writes the number of reachable layouts and the time to standard
//! error. Malformed input or arguments: one error line, exit status 2.

#[path = "common/args.rs"]
mod args;
#[path = "common/output.rs"]
mod output;

use std::process::ExitCode;
use std::time::Instant;

use state_search::domains::sliding::klotski::{Metric, Puzzle, UnknownMetric};

const USAGE: &str = "usage: klotski [FILE] [--metric step|line|any] [--stats]";

fn run() -> Result<(), String> {
    let mut file = None;
    let mut metric = Metric::Any;
    let mut stats = false;
    let mut args = args::utf8_or_exit("klotski").into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return output::write_out(&format!("{USAGE}\n")).map(drop),
            "--metric" => {
                let name = args.next().ok_or("--metric needs a value")?;
                metric = name.parse().map_err(|e: UnknownMetric| e.to_string())?;
            }
            "--stats" => stats = true,
            flag if flag.starts_with("--") => {
                return Err(format!("unknown option {flag:?} (try --help)"));
            }
            path => {
                if file.replace(path.to_owned()).is_some() {
                    return Err("more than one input file".to_owned());
                }
            }
        }
    }
    let puzzle = match &file {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            text.parse::<Puzzle>().map_err(|e| format!("{path}: {e}"))?
        }
        None => Puzzle::classic(),
    };
    let started = Instant::now();
    let search = puzzle
        .solve(
            metric,
            &Puzzle::DEFAULT_STRATEGY,
            &state_search::Limits::new(),
        )
        .map_err(|e| e.to_string())?;
    let text = match search.outcome {
        state_search::Outcome::Found(solution) => solution.to_string(),
        state_search::Outcome::NoPath => "-1\n".to_owned(),
        state_search::Outcome::Stopped(reason) => return Err(reason.to_string()),
    };
    output::write_out(&text)?;
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
        Err(error) => {
            eprintln!("klotski: {error}");
            ExitCode::from(2)
        }
    }
}
