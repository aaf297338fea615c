//! Huarong Road (NOIP 2013): reads the contest input from a file or standard input and
//! prints one answer per query (`-1` when impossible).
//!
//! ```text
//! cargo run --release --example huarong -- [FILE] [--method plain|abstract]
//!     [--engine bfs|dijkstra|spfa|astar|idastar] [--precompute eager|lazy] [--landmarks N]
//!     [--stats]
//! cargo run --release --example huarong -- --generate ROWS COLS QUERIES [--fixed PERCENT] [--seed N]
//! ```
//!
//! The default is the abstraction searched by A* with 8 landmarks (`--landmarks 0` for
//! none, at most 16); the plain view defaults to BFS. `--stats`
//! writes each query's search statistics and the timings to standard error. `--generate`
//! writes a random contest input instead (cells fixed with probability `PERCENT`%, default
//! 20; seed default 1). Malformed input or arguments: one error line, exit status 2.

#[path = "common/args.rs"]
mod args;
#[path = "common/output.rs"]
mod output;

use std::fmt::Write as _;
use std::io::Read;
use std::process::ExitCode;
use std::time::Instant;

use state_search::domains::sliding::huarong::{
    DEFAULT_LANDMARKS, HuarongSolver, Input, Method, Options as SolverOptions, Precompute,
};
use state_search::{Limits, Outcome, Stats, Strategy};

struct Options {
    file: Option<String>,
    method: Method,
    strategy: Option<Strategy>,
    precompute: Precompute,
    landmarks: usize,
    stats: bool,
    generate: Option<[u64; 3]>,
    fixed: u32,
    seed: u64,
}

const USAGE: &str = "usage: huarong [FILE] [--method plain|abstract] \
[--strategy NAME] [--precompute eager|lazy] [--landmarks N] \
[--stats]\n       \
huarong --generate ROWS COLS QUERIES [--fixed PERCENT] [--seed N]";

fn number<T: std::str::FromStr>(flag: &str, value: Option<String>) -> Result<T, String> {
    let value = value.ok_or_else(|| format!("{flag} needs a value"))?;
    value
        .parse()
        .map_err(|_| format!("{flag}: {value:?} is not a valid number"))
}

fn parse_args() -> Result<Option<Options>, String> {
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
    let mut args = args::utf8_or_exit("huarong").into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                output::write_out(&format!("{USAGE}\n"))?;
                return Ok(None);
            }
            "--method" => {
                let value = args.next().ok_or("--method needs a value")?;
                options.method = value.parse().map_err(
                    |e: state_search::domains::sliding::huarong::UnknownMethod| e.to_string(),
                )?;
            }
            // `--engine` is the older name of `--strategy`.
            "--strategy" | "--engine" => {
                let value = args.next().ok_or("--strategy needs a value")?;
                options.strategy = Some(
                    value
                        .parse()
                        .map_err(|e: state_search::ParseStrategyError| e.to_string())?,
                );
            }
            "--precompute" => {
                options.precompute = match args.next().as_deref() {
                    Some("eager") => Precompute::Eager,
                    Some("lazy") => Precompute::Lazy,
                    other => {
                        return Err(format!(
                            "--precompute: expected eager or lazy, got {other:?}"
                        ));
                    }
                };
            }
            "--landmarks" => options.landmarks = number("--landmarks", args.next())?,
            "--stats" => options.stats = true,
            "--generate" => {
                let mut sizes = [0; 3];
                for size in &mut sizes {
                    *size = number("--generate", args.next())?;
                }
                options.generate = Some(sizes);
            }
            "--fixed" => options.fixed = number("--fixed", args.next())?,
            "--seed" => options.seed = number("--seed", args.next())?,
            flag if flag.starts_with("--") => {
                return Err(format!("unknown option {flag:?} (try --help)"));
            }
            file => {
                if options.file.replace(file.to_owned()).is_some() {
                    return Err("more than one input file".to_owned());
                }
            }
        }
    }
    Ok(Some(options))
}

fn generate([rows, cols, queries]: [u64; 3], fixed: u32, seed: u64) -> Result<String, String> {
    let side = |n: u64| u32::try_from(n).ok().filter(|&n| n > 0);
    let (Some(rows), Some(cols)) = (side(rows), side(cols)) else {
        return Err("--generate: the board needs at least one row and one column".to_owned());
    };
    if u64::from(rows) * u64::from(cols) > state_search::domains::sliding::huarong::MAX_CELLS as u64
    {
        return Err("--generate: the board is too large".to_owned());
    }
    if fixed > 100 {
        return Err("--fixed: a percentage is at most 100".to_owned());
    }
    let queries = usize::try_from(queries).map_err(|_| "--generate: too many queries")?;
    Ok(Input::random(rows, cols, fixed, queries, seed).to_string())
}

fn read_input(file: Option<&str>) -> Result<String, String> {
    let mut text = String::new();
    match file {
        Some(path) => {
            text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        }
        None => {
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("standard input: {e}"))?;
        }
    }
    Ok(text)
}

fn run(options: &Options) -> Result<(), String> {
    if let Some(sizes) = options.generate {
        return output::write_out(&generate(sizes, options.fixed, options.seed)?).map(drop);
    }
    let strategy = options.strategy.unwrap_or(match options.method {
        Method::Plain => Strategy::Bfs,
        Method::Abstract => HuarongSolver::DEFAULT_STRATEGY,
    });
    let weighted = options.method == Method::Abstract;
    if matches!(strategy, Strategy::BidirectionalBfs | Strategy::Layered)
        || (weighted && strategy == Strategy::Bfs)
    {
        return Err(format!(
            "--strategy {strategy} does not apply to --method {} (the abstraction has weighted \
             steps; bibfs and layered apply to neither)",
            options.method
        ));
    }
    let text = read_input(options.file.as_deref())?;
    let started = Instant::now();
    let input: Input = text.parse().map_err(|e| format!("invalid input: {e}"))?;
    let parsed = started.elapsed();
    let solver_options = SolverOptions {
        precompute: options.precompute,
        landmarks: options.landmarks,
    };
    let mut solver = HuarongSolver::with_options(input.board.clone(), solver_options)
        .map_err(|e| e.to_string())?;
    let built = started.elapsed();
    let mut out = String::new();
    let mut total = Stats::default();
    for (number, query) in input.queries.iter().enumerate() {
        let answer = solver
            .solve(query, options.method, &strategy, &Limits::new())
            .map_err(|e| format!("query {}: {e}", number + 1))?;
        match answer.outcome {
            Outcome::Found(moves) => writeln!(out, "{moves}"),
            Outcome::NoPath => writeln!(out, "-1"),
            Outcome::Stopped(reason) => return Err(format!("query {}: {reason}", number + 1)),
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
    output::write_out(&out)?;
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
    let options = match parse_args() {
        Ok(Some(options)) => options,
        Ok(None) => return ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("huarong: {error}");
            return ExitCode::from(2);
        }
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("huarong: {error}");
            ExitCode::from(2)
        }
    }
}
