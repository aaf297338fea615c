//! The key-door program without its input and output: arguments and input text in,
//! standard output, standard error and exit status out, so tests can check it exactly.

use std::fmt::Write as _;
use std::time::Instant;

use state_search::domains::keydoor::{KeyDoorMaze, Objective};
use state_search::{Limits, Outcome, Stats, StopReason, Strategy};

/// What the program writes and its exit status.
pub struct Output {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit status.
    pub code: u8,
}

const USAGE: &str = "usage: keydoor [--objective keys|moves] \
[--strategy layered|bfs|dijkstra|astar|idastar|idastar-tt] [--stats] [FILE]";

fn failure(code: u8, message: &str) -> Output {
    Output {
        stdout: String::new(),
        stderr: format!("keydoor: {message}\n"),
        code,
    }
}

/// Runs the program on `args` (without the program name); `stdin` reads standard input
/// when no file is named.
pub fn run(args: &[String], stdin: impl FnOnce() -> std::io::Result<String>) -> Output {
    let mut objective = Objective::FewestKeys;
    let mut strategy = None;
    let mut stats = false;
    let mut file = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| {
            args.next()
                .ok_or_else(|| format!("{flag} needs a value ({USAGE})"))
        };
        let parsed = match arg.as_str() {
            "--objective" => value("--objective").and_then(|v| {
                v.parse()
                    .map(|o| objective = o)
                    .map_err(|e: state_search::domains::keydoor::UnknownObjective| e.to_string())
            }),
            "--strategy" => value("--strategy").and_then(|v| {
                v.parse()
                    .map(|s| strategy = Some(s))
                    .map_err(|e: state_search::ParseStrategyError| e.to_string())
            }),
            "--stats" => {
                stats = true;
                Ok(())
            }
            "-h" | "--help" => {
                return Output {
                    stdout: format!("{USAGE}\n"),
                    stderr: String::new(),
                    code: 0,
                };
            }
            flag if flag.starts_with('-') && flag != "-" => {
                Err(format!("unknown option {flag:?} ({USAGE})"))
            }
            name if file.is_none() => {
                file = Some(name.to_owned());
                Ok(())
            }
            extra => Err(format!("unexpected argument {extra:?} ({USAGE})")),
        };
        if let Err(message) = parsed {
            return failure(2, &message);
        }
    }
    let (source, text) = match file.as_deref() {
        None | Some("-") => ("<stdin>".to_owned(), stdin()),
        Some(path) => (path.to_owned(), std::fs::read_to_string(path)),
    };
    let text = match text {
        Ok(text) => text,
        Err(error) => return failure(2, &format!("{source}: {error}")),
    };
    let maze = match KeyDoorMaze::parse(&text) {
        Ok(maze) => maze,
        Err(error) => return failure(2, &format!("{source}: {error}")),
    };
    let strategy = strategy.unwrap_or(objective.default_strategy());
    let started = Instant::now();
    let search = match maze.solve(objective, &strategy, &Limits::new()) {
        Ok(search) => search,
        Err(error) => return failure(2, &error.to_string()),
    };
    if let Some(StopReason::Capacity(error)) = search.stop_reason() {
        return failure(2, &error.to_string());
    }
    let elapsed = started.elapsed();
    let mut out = match search.outcome {
        Outcome::Found(route) => Output {
            stdout: format!("{route}\n"),
            stderr: String::new(),
            code: 0,
        },
        Outcome::NoPath => failure(1, "no route: the target cannot be reached from the start"),
        Outcome::Stopped(reason) => failure(1, &format!("no route found: {reason}")),
    };
    if stats {
        out.stderr
            .push_str(&stats_line(strategy, &search.stats, elapsed));
    }
    out
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
