//! Huarong Road (NOIP 2013): reads the contest input (the format of
//! `state_search::domains::sliding::huarong`) from a file or standard input and prints one
//! answer per query (`-1` when impossible).
//!
//! ```text
//! cargo run --release --features domains --example huarong -- puzzle.in
//! cargo run --release --features domains --example huarong -- --generate 30 30 500 --seed 7 > puzzle.in
//! cargo run --release --features domains --example huarong -- --help
//! ```
//!
//! `--help` prints the options, the input format, the exit statuses and the strategies
//! of each method (the text is `HELP` below).

#[path = "common/cli.rs"]
mod common;

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use state_search::domains::SolveError;
use state_search::domains::sliding::huarong::{
    DEFAULT_LANDMARKS, HuarongSolver, Input, InputError, MAX_CELLS, MAX_LANDMARKS, Method,
    Options as SolverOptions, Precompute, QueryError, QueryErrorKind,
};

use state_search::{Limits, Outcome, Stats};

struct Options {
    file: Option<PathBuf>,
    method: Method,
    strategy: Option<OsString>,
    precompute: Precompute,
    landmarks: usize,
    stats: bool,
    generate: Option<[String; 3]>,
    fixed: u32,
    seed: u64,
}

/// `--help`: the usage, the options, the input format and the exit statuses, then the
/// strategies of each method.
const HELP: &str = "\
usage: huarong [FILE | -] [--method plain|abstract] [--strategy NAME]
               [--precompute eager|lazy] [--landmarks N] [--stats]
       huarong --generate ROWS COLS QUERIES [--fixed PERCENT] [--seed N]

Huarong Road (NOIP 2013): reads a board and its queries from FILE, or from standard input
without one (or with -), and prints one line per query: the least number of moves that
brings the piece onto the target, or -1 when it cannot.

  --method NAME        abstract (the default): a search over the blank's moves around the
                       piece, precomputed per cell; plain: over (blank, piece) pairs
  --strategy NAME      the search, one of those listed below for the method (default:
                       astar for abstract, bfs for plain); --engine is its older name
  --precompute WHEN    eager (the default): the abstraction's distances for every cell up
                       front; lazy: the first time a search reaches the cell
  --landmarks N        landmarks of the abstraction's heuristic, 0 to 16 (default 8)
  --stats              each query's statistics and the timings on standard error
  --generate R C Q     write a random input instead: an R x C board and Q queries
  --fixed PERCENT      with --generate: the chance that a cell is fixed (default 20)
  --seed N             with --generate: the random seed (default 1)
  --                   ends the options

Input: numbers separated by any whitespace, usually laid out as
  n m q                the rows, the columns (n * m at most 1048576), the queries
  n lines of m numbers 0 a fixed cell, 1 a movable cell
  q lines of 6 numbers EX EY SX SY TX TY: the row and column, from 1, of the blank (E),
                       of the piece to move (S) and of its target (T)
  Every movable cell but the blank holds a piece; a move slides a piece next to the blank
  into it. A byte order mark is skipped. Example (answer 3):
    2 2 1
    1 1
    1 1
    1 1 1 2 2 2

Exit status: 0 with every answer; 2 on a bad argument, malformed input (a query on a
fixed cell, or its blank on its piece, included) or any other error (out of memory
included), with one line on standard error.
";

fn usage() -> String {
    format!(
        "{HELP}\n\
         strategies with --method abstract: {}\n\
         strategies with --method plain: {}",
        common::spellings(&HuarongSolver::strategies(Method::Abstract), "|"),
        common::spellings(&HuarongSolver::strategies(Method::Plain), "|"),
    )
}

/// The options, or `None` for `--help`.
fn parse_args() -> Result<Option<Options>, String> {
    use lexopt::prelude::*;
    let mut options = Options {
        file: None,
        method: Method::Abstract,
        strategy: None,
        precompute: Precompute::Eager,
        landmarks: DEFAULT_LANDMARKS,
        stats: false,
        generate: None,
        fixed: 20,
        seed: 1,
    };
    let mut given = common::Given::default();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Short('h') | Long("help") => {
                common::help(&mut parser)?;
                return Ok(None);
            }
            Long("method") => {
                let value = given.text_value(&mut parser, "--method")?;
                options.method = value.parse().map_err(
                    |e: state_search::domains::sliding::huarong::UnknownMethod| e.to_string(),
                )?;
            }
            // `--engine` is the older name of `--strategy`; checked once the method is
            // known.
            Long("strategy" | "engine") => {
                options.strategy = Some(given.value(&mut parser, "--strategy")?);
            }
            Long("precompute") => {
                let value = given.text_value(&mut parser, "--precompute")?;
                options.precompute = match value.as_str() {
                    "eager" => Precompute::Eager,
                    "lazy" => Precompute::Lazy,
                    other => {
                        return Err(format!(
                            "--precompute: expected eager or lazy, got {other:?}"
                        ));
                    }
                };
            }
            Long("landmarks") => {
                options.landmarks =
                    common::parse_value("--landmarks", given.value(&mut parser, "--landmarks")?)?;
                if options.landmarks > MAX_LANDMARKS {
                    return Err(format!(
                        "--landmarks {}: at most {MAX_LANDMARKS}",
                        options.landmarks
                    ));
                }
            }
            Long("stats") => {
                given.flag("--stats");
                options.stats = true;
            }
            Long("generate") => {
                let mut sizes = [String::new(), String::new(), String::new()];
                for size in &mut sizes {
                    *size = common::text_value(&mut parser, "--generate")?;
                }
                given.record("--generate", sizes.join(" ").into())?;
                options.generate = Some(sizes);
            }
            Long("fixed") => {
                options.fixed =
                    common::parse_value("--fixed", given.value(&mut parser, "--fixed")?)?;
            }
            Long("seed") => {
                options.seed = common::parse_value("--seed", given.value(&mut parser, "--seed")?)?;
            }
            Value(file) => {
                let file = PathBuf::from(common::text(file)?);
                if options.file.replace(file).is_some() {
                    return Err("more than one input file".to_owned());
                }
            }
            other => return Err(common::arg_error(other.unexpected())),
        }
    }
    // --generate writes an input: the options of a solve, or a file to read, would be
    // ignored; --fixed and --seed would be ignored without it.
    let generate = options.generate.is_some();
    for flag in [
        "--method",
        "--strategy",
        "--precompute",
        "--landmarks",
        "--stats",
    ] {
        if generate && given.has(flag) {
            return Err(format!(
                "{flag} applies to solving, not to --generate (try --help)"
            ));
        }
    }
    if generate && options.file.is_some() {
        return Err("--generate writes an input: it reads no FILE (try --help)".to_owned());
    }
    given.needs("--fixed", generate, "--generate")?;
    given.needs("--seed", generate, "--generate")?;
    Ok(Some(options))
}

/// A random contest input of `[rows, cols, queries]` as given on the command line.
fn generate([rows, cols, queries]: &[String; 3], fixed: u32, seed: u64) -> Result<Input, String> {
    let number = |text: &String| {
        text.parse::<u64>()
            .map_err(|_| format!("--generate: {text:?} is not a valid number"))
    };
    let (rows, cols, queries) = (number(rows)?, number(cols)?, number(queries)?);
    if rows == 0 || cols == 0 {
        return Err("--generate: the board needs at least one row and one column".to_owned());
    }
    // Sides beyond u32 are beyond MAX_CELLS too; the product is exact in u128.
    let too_large = u128::from(rows) * u128::from(cols) > MAX_CELLS as u128;
    let (Ok(rows_u32), Ok(cols_u32), false) = (u32::try_from(rows), u32::try_from(cols), too_large)
    else {
        return Err(format!(
            "--generate: a {rows} x {cols} board is too large (at most {MAX_CELLS} cells)"
        ));
    };
    if fixed > 100 {
        return Err("--fixed: a percentage is at most 100".to_owned());
    }
    let queries = usize::try_from(queries)
        .map_err(|_| format!("--generate: {queries} queries do not fit in memory"))?;
    Input::try_random(rows_u32, cols_u32, fixed, queries, seed)
        .map_err(|e| format!("--generate: {queries} queries: {e}"))
}

/// Writes `input` to standard output as it is formatted, without building the text in
/// memory. A reader that went away is not an error.
fn write_input(input: &Input) -> Result<(), String> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match write!(out, "{input}").and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("standard output: {e}"))
        }
        _ => Ok(()),
    }
}

/// `error` with the cell of a query at fault as the input writes it: row and column from 1.
/// (The library's errors name cells from 0, as every `Pos`.)
fn input_error(error: &InputError) -> String {
    match error {
        InputError::Query {
            line,
            column,
            number,
            error,
        } => format!(
            "line {line}, column {column}: query {number}: {}",
            query_error(error)
        ),
        other => other.to_string(),
    }
}

/// What is wrong with a query, its cell as row and column from 1.
fn query_error(error: &QueryError) -> String {
    let (role, pos) = (error.role, error.pos);
    let cell = format!(
        "row {}, column {}",
        u64::from(pos.row) + 1,
        u64::from(pos.col) + 1
    );
    match error.kind {
        QueryErrorKind::OffBoard => format!("the {role} at {cell} is off the board"),
        QueryErrorKind::Fixed => format!("the {role} at {cell} is on a fixed cell"),
        QueryErrorKind::BlankOnPiece => format!("the blank and the piece are both at {cell}"),
        _ => format!("{error} (the cell's row and column from 0)"),
    }
}

fn run(options: &Options) -> Result<(), String> {
    if let Some(sizes) = &options.generate {
        return write_input(&generate(sizes, options.fixed, options.seed)?);
    }
    // The first strategy of a method is its default.
    let applicable = HuarongSolver::strategies(options.method);
    let strategy = match options.strategy.clone() {
        None => applicable[0],
        Some(name) => common::strategy(
            name,
            &applicable,
            &format!(" to --method {}", options.method),
        )?,
    };
    let text = common::read_input(options.file.as_deref(), common::read_stdin)?;
    let started = Instant::now();
    let input: Input = text
        .parse()
        .map_err(|e| format!("invalid input: {}", input_error(&e)))?;
    drop(text);
    let parsed = started.elapsed();
    let solver_options = SolverOptions {
        precompute: options.precompute,
        landmarks: options.landmarks,
    };
    let mut solver =
        HuarongSolver::with_options(input.board, solver_options).map_err(|e| e.to_string())?;
    let built = started.elapsed();
    let mut out = String::new();
    let mut total = Stats::default();
    for (number, query) in input.queries.iter().enumerate() {
        let answer = solver
            .solve(query, options.method, &strategy, &Limits::new())
            .map_err(|e| {
                let e = match e {
                    SolveError::Input(error) => query_error(&error),
                    other => other.to_string(),
                };
                format!("query {}: {e}", number + 1)
            })?;
        match answer.outcome {
            Outcome::Found(moves) => writeln!(out, "{moves}"),
            Outcome::NoPath => writeln!(out, "-1"),
            Outcome::Stopped(reason) => {
                let reason = common::stopped(&reason, &answer.stats);
                return Err(format!("query {}: {reason}", number + 1));
            }
        }
        .map_err(|e| e.to_string())?;
        if options.stats {
            let s = answer.stats;
            eprintln!(
                "query {}: expanded {} generated {} reopened {} peak open {}",
                number + 1,
                s.expanded,
                s.generated,
                s.reopened,
                s.peak_open
            );
            total.accumulate(&s);
        }
    }
    let solved = started.elapsed();
    if !common::write_out(&out)? {
        return Ok(());
    }
    if options.stats {
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        eprintln!(
            "{:?} view, {strategy}: {} queries, expanded {} generated {}; parse {:.2} ms, \
             abstraction {:.2} ms ({} cells computed), queries {:.2} ms",
            options.method,
            input.queries.len(),
            total.expanded,
            total.generated,
            ms(parsed),
            ms(built.saturating_sub(parsed)),
            solver.abstraction().computed_cells(),
            ms(solved.saturating_sub(built)),
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let result = parse_args().and_then(|options| match options {
        Some(options) => run(&options),
        None => common::write_out(&format!("{}\n", usage())).map(drop),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => common::exit_error("huarong", &error),
    }
}
