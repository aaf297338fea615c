//! Compares search strategies on the crate's built-in problems with the `bench` module:
//! one row per problem and strategy (outcome, cost, suboptimality, expansions, memory,
//! time), as an aligned table, CSV, JSON, or one SVG chart per problem.
//!
//! ```text
//! cargo run --release --features domains --example compare                        # every problem and strategy
//! cargo run --release --features domains --example compare -- --quick --json      # small problems, as JSON
//! cargo run --release --features domains --example compare -- --problem maze,klotski --strategy astar,bfs
//! cargo run --release --features domains --example compare -- --quick --svg docs/charts
//! ```
//!
//! Options:
//!
//! - `--problem NAME[,NAME]`: only the problems whose name contains one of these (case
//!   does not matter); `--list` prints the names.
//! - `--strategy NAME[,NAME]`: the strategies, by their spellings (default: all).
//! - `--limit-expansions N`: at most N expansions per run (default 2,000,000; 200,000
//!   with `--quick`); `--deadline SECS`: at most SECS seconds per run.
//! - `--repeat N`: measured runs per pair (1 to 1,000,000; default 1); the table shows
//!   min, median, max.
//! - `--csv` or `--json`: the report as CSV or JSON instead of a table.
//! - `--svg DIR`: also write one chart per problem into DIR.
//! - `--quick`: small problems (seconds in a debug build).
//! - `--threads N`: the threads the parallel strategies (`par-bfs`, `hda`, `par-idastar`;
//!   name them with `--strategy`, they are not in the default list) run on, with the
//!   `parallel` feature (`cargo run --release --features parallel,domains --example compare`;
//!   default: every core). The grid mazes and key-door mazes run `par-bfs` and `hda`, the
//!   sliding-tile puzzles `par-idastar`; the other problems skip them. Without the feature
//!   only `--threads 1` is accepted (the default then); `0` and more than 1,024 are
//!   refused.
//!
//! A pair whose strategy does not apply to the problem is shown as skipped, with the
//! reason. Exit status: 0, or 2 on a bad argument.

#[path = "../common/cli.rs"]
mod common;
mod problems;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use state_search::bench::Comparison;
use state_search::{Limits, Strategy};

const USAGE: &str = "usage: compare [--problem NAME[,NAME]] [--strategy NAME[,NAME]] \
[--limit-expansions N] [--deadline SECS] [--repeat N] [--csv | --json] [--svg DIR] [--quick] \
[--threads N] [--list]";

/// `--help`: the usage and what each option does.
const HELP: &str = "
  --problem NAME[,NAME]   only the problems whose name contains one of these
  --strategy NAME[,NAME]  the strategies, by spelling (default: those of Strategy::ALL)
  --limit-expansions N    at most N expansions per run (default 2000000; 200000 --quick)
  --deadline SECS         at most SECS seconds per run
  --repeat N              measured runs per pair (1 to 1000000, default 1): min,
                          median, max
  --csv, --json           the report as CSV or JSON instead of a table (one of them)
  --svg DIR               also write one SVG chart per problem into DIR
  --quick                 small problems only
  --threads N             threads of par-bfs, hda, par-idastar, at most 1024 (feature
                          parallel: default every core; without it only 1)
  --list                  print the problems' names
A pair whose strategy does not apply to a problem is shown as skipped, with why, under
the table. The parallel strategies run on the problems their domains offer them to:
par-bfs and hda on the grid and key-door mazes, par-idastar on the sliding-tile puzzles.

Exit status: 0 with the report; 2 on a bad argument or any other error, with one line on
standard error.";

/// The most measured runs `--repeat` accepts (each run's time is kept for the median).
const MAX_REPEAT: usize = 1_000_000;

/// How the report is printed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Table,
    Csv,
    Json,
}

struct Options {
    problems: Vec<String>,
    strategies: Vec<Strategy>,
    expansions: Option<u64>,
    deadline: Option<Duration>,
    repeat: usize,
    format: Format,
    svg: Option<PathBuf>,
    quick: bool,
    threads: usize,
    list: bool,
}

/// The options, `None` for `--help`.
fn parse() -> Result<Option<Options>, String> {
    use lexopt::prelude::*;
    let mut options = Options {
        problems: Vec::new(),
        strategies: Vec::new(),
        expansions: None,
        deadline: None,
        repeat: 1,
        format: Format::Table,
        svg: None,
        quick: false,
        threads: common::default_threads(),
        list: false,
    };
    let mut parser = lexopt::Parser::from_env();
    let text = |value: std::ffi::OsString| {
        value
            .into_string()
            .map_err(|bad| format!("argument {} is not valid UTF-8", bad.display()))
    };
    let mut given = common::Given::default();
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("problem") => {
                let names = text(parser.value().map_err(|e| e.to_string())?)?;
                options
                    .problems
                    .extend(names.split(',').map(str::to_lowercase));
            }
            Long("strategy") => {
                let names = text(parser.value().map_err(|e| e.to_string())?)?;
                for name in names.split(',') {
                    options
                        .strategies
                        .push(name.parse().map_err(|e| format!("--strategy: {e}"))?);
                }
            }
            Long("limit-expansions") => {
                let value: u64 = given
                    .value(&mut parser, "--limit-expansions")?
                    .parse()
                    .map_err(|e| format!("--limit-expansions: {e}"))?;
                options.expansions = Some(value);
            }
            Long("deadline") => {
                let seconds: f64 = given
                    .value(&mut parser, "--deadline")?
                    .parse()
                    .map_err(|e| format!("--deadline: {e}"))?;
                let deadline = Duration::try_from_secs_f64(seconds).map_err(|_| {
                    format!("--deadline: {seconds:e} is not a duration (seconds, 0 or more)")
                })?;
                options.deadline = Some(deadline);
            }
            Long("repeat") => {
                options.repeat = given
                    .value(&mut parser, "--repeat")?
                    .parse()
                    .map_err(|e| format!("--repeat: {e}"))?;
                if !(1..=MAX_REPEAT).contains(&options.repeat) {
                    return Err(format!(
                        "--repeat {}: from 1 to {MAX_REPEAT} runs",
                        options.repeat
                    ));
                }
            }
            Long("csv") => options.format = only_format(options.format, Format::Csv)?,
            Long("json") => options.format = only_format(options.format, Format::Json)?,
            Long("svg") => {
                options.svg = Some(PathBuf::from(given.value(&mut parser, "--svg")?));
            }
            Long("quick") => options.quick = true,
            Long("threads") => {
                options.threads = common::threads(given.value(&mut parser, "--threads")?)?;
            }
            Long("list") => options.list = true,
            Short('h') | Long("help") => {
                common::help(&mut parser)?;
                common::write_out(&format!("{USAGE}\n{HELP}\n"))?;
                return Ok(None);
            }
            other => return Err(format!("{} ({USAGE})", other.unexpected())),
        }
    }
    Ok(Some(options))
}

/// `wanted` as the output format, unless another one was asked for already.
fn only_format(current: Format, wanted: Format) -> Result<Format, String> {
    if current == Format::Table || current == wanted {
        Ok(wanted)
    } else {
        Err("--csv and --json exclude each other".to_owned())
    }
}

/// Runs the comparison: with the `parallel` feature, on a pool of `--threads` threads,
/// which the parallel strategies search on.
fn run(options: &Options) -> Result<(), String> {
    #[cfg(feature = "parallel")]
    return common::pool(options.threads)?.install(|| compare(options));
    #[cfg(not(feature = "parallel"))]
    compare(options)
}

fn compare(options: &Options) -> Result<(), String> {
    let problems = problems::all(options.quick);
    if options.list {
        let names: String = problems.iter().flat_map(|p| [p.name(), "\n"]).collect();
        common::write_out(&names)?;
        return Ok(());
    }
    let wanted = |name: &str| {
        options.problems.is_empty()
            || options
                .problems
                .iter()
                .any(|w| name.to_lowercase().contains(w.as_str()))
    };
    let default_limit = if options.quick { 200_000 } else { 2_000_000 };
    let mut comparison = Comparison::new()
        .limits(Limits::new().max_expansions(options.expansions.unwrap_or(default_limit)))
        .repeat(options.repeat);
    if let Some(deadline) = options.deadline {
        comparison = comparison.time_limit(deadline);
    }
    let strategies = if options.strategies.is_empty() {
        Strategy::ALL.to_vec()
    } else {
        options.strategies.clone()
    };
    for strategy in strategies {
        comparison = comparison.strategy(strategy);
    }
    let mut any = false;
    for problem in problems {
        if wanted(problem.name()) {
            comparison = comparison.case(problem);
            any = true;
        }
    }
    if !any {
        return Err("--problem: no built-in problem matches (try --list)".to_owned());
    }
    let report = comparison.run();
    let text = match options.format {
        Format::Table => report.table(),
        Format::Csv => report.csv(),
        Format::Json => report.json(),
    };
    common::write_out(&text)?;
    if let Some(dir) = &options.svg {
        let written = report.write_svgs(dir).map_err(|e| e.to_string())?;
        let charts = if written.len() == 1 {
            "chart"
        } else {
            "charts"
        };
        eprintln!(
            "compare: {} {charts} written to {}",
            written.len(),
            dir.display()
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let options = match parse() {
        Ok(Some(options)) => options,
        Ok(None) => return ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("compare: {error}");
            return ExitCode::from(2);
        }
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("compare: {error}");
            ExitCode::from(2)
        }
    }
}
