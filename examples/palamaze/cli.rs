//! The palamaze program without its input and output: arguments and input text in,
//! standard output, standard error and exit status out, so tests can check it exactly.

use std::fmt::Write as _;
use std::time::Instant;

use state_search::domains::pipemaze::{NO_ESCAPE, PipeMaze, escape_answer};
use state_search::{Limits, Outcome, StopReason};

/// What the program writes and its exit status.
pub struct Output {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit status.
    pub code: u8,
}

const USAGE: &str =
    "usage: palamaze [--strategy bfs|dijkstra|astar|idastar|idastar-tt] [--stats] [--path] [FILE]";

fn failure(message: &str) -> Output {
    Output {
        stdout: String::new(),
        stderr: format!("palamaze: {message}\n"),
        code: 2,
    }
}

/// Runs the program on `args` (without the program name); `stdin` reads standard input
/// when no file is named.
pub fn run(args: &[String], stdin: impl FnOnce() -> std::io::Result<String>) -> Output {
    let mut strategy = PipeMaze::DEFAULT_STRATEGY;
    let mut stats = false;
    let mut path = false;
    let mut file = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let parsed = match arg.as_str() {
            "--strategy" => args
                .next()
                .ok_or_else(|| format!("--strategy needs a value ({USAGE})"))
                .and_then(|v| {
                    v.parse()
                        .map(|s| strategy = s)
                        .map_err(|e: state_search::ParseStrategyError| e.to_string())
                }),
            "--stats" => {
                stats = true;
                Ok(())
            }
            "--path" => {
                path = true;
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
            return failure(&message);
        }
    }
    let (source, text) = match file.as_deref() {
        None | Some("-") => ("<stdin>".to_owned(), stdin()),
        Some(name) => (name.to_owned(), std::fs::read_to_string(name)),
    };
    let text = match text {
        Ok(text) => text,
        Err(error) => return failure(&format!("{source}: {error}")),
    };
    let maze = match PipeMaze::parse(&text) {
        Ok(maze) => maze,
        Err(error) => return failure(&format!("{source}: {error}")),
    };
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
    if path
        && answer != NO_ESCAPE
        && let Outcome::Found(route) = &search.outcome
    {
        let _ = writeln!(stdout, "{route}");
    }
    let mut stderr = String::new();
    if stats {
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
