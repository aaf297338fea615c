//! Counts every board of a sliding-tile puzzle by its distance from a start, spread over
//! timely dataflow workers: threads, processes, machines. Process 0 prints one
//! `depth count` line per breadth-first layer, from depth 0, then `total N`, exactly as
//! the `layers` example does; the other processes print nothing on standard output.
//!
//! ```text
//! cargo run --release --features distributed,domains --example distributed-layers -- --shape 3x4 -w 2
//! # two processes on one machine (ports 2101 and 2102), one worker thread each:
//! head -c 32 /dev/urandom | base64 > secret.txt   # shared by every process, kept private
//! distributed-layers --shape 3x4 -n 2 -p 0 --secret-file secret.txt &
//! distributed-layers --shape 3x4 -n 2 -p 1 --secret-file secret.txt
//! # a cluster: the same host file everywhere, each machine its own -p
//! distributed-layers --shape 3x4 -w 8 -n 4 -h hosts.txt -p 2 --secret-file secret.txt
//! ```
//!
//! `--help` prints the options, the trust model and the exit statuses (the text is `HELP`
//! below).

#[path = "common/cli.rs"]
mod common;
#[path = "common/tiles.rs"]
mod tiles;

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use state_search::IndexSpace as _;
use state_search::distributed::{Cluster, DistributedCounts, DistributedLayers, LayerReport};
use state_search::domains::sliding::ranking::RankedPuzzle;

/// `--help`: the usage, the options, what the processes trust and the exit statuses.
const HELP: &str = "\
usage: distributed-layers [--shape RxC] [--start \"TILES\"] [--goal \"TILES\" [--path]]
                          [-w THREADS] [-n PROCESSES] [-p PROCESS] [-h HOSTFILE]
                          [--secret-file FILE] [--connect-timeout S] [--quiet]

Counts every board of a sliding-tile puzzle by its distance from a start board, on timely
dataflow workers spread over threads, processes and machines. Process 0 prints one line
per breadth-first layer, its depth and the number of boards in it, then total N, as the
layers example does; the other processes print nothing on standard output.

  --shape RxC             the board (default 3x3; up to 16 cells)
  --start \"TILES\"         the start board, its tile numbers row by row with 0 for the
                          blank (default: the goal, 0 1 2 ...)
  --goal \"TILES\"          stop after the first layer holding this board; after the
                          total, print goal D, its depth (or goal unreachable)
  --path                  with --goal, then print the boards of a shortest path
  -w, --threads N         worker threads per process (default 1, at most 64)
  -n, --processes N       processes (default 1, at most 1024)
  -p, --process I         this process's index, 0 to N - 1 (default 0)
  -h, --hostfile FILE     the processes' host:port addresses, one per line in process
                          order (default localhost:2101, localhost:2102, ...)
  --secret-file FILE      the secret every process shares, at least 16 bytes (a final
                          line break is not part of it); needed with more than one
                          process; without it, $STATE_SEARCH_CLUSTER_SECRET
  --connect-timeout S     seconds to wait for the other processes (default 60, at most
                          86400) and, once running, for the next message of each
  --quiet                 no progress on standard error (by default process 0 writes a
                          line per layer: depth, count, time, bytes sent between
                          processes; every process logs its connections)
  --help                  this text

Trust: each connection opens with a challenge and response on the shared secret, and
compares the run's options (board, start, goal, --path, -w, -n, the version): a process
without the secret is refused and the run waits on for the real one; processes started
with different options stop with one error each. Every message after it is
authenticated, and each side sends a heartbeat after a quarter of the connect timeout of
silence: traffic changed on the way, or a process silent for the whole timeout, stops the
run with an error, never a wrong count. The traffic is not encrypted: use a private
network to keep it private.

Exit status: 0 with the counts; 1 on a failure while running (a process unreachable or
dying, traffic changed, memory); 2 on a bad option, board or host file, with one line on
standard error.
";

/// The environment variable that holds the cluster's shared secret without `--secret-file`.
const SECRET_VARIABLE: &str = "STATE_SEARCH_CLUSTER_SECRET";

/// The shared secret of a run of several processes: the bytes of `--secret-file` (without
/// a final line break), else those of `$STATE_SEARCH_CLUSTER_SECRET`.
fn secret(options: &Options) -> Result<Vec<u8>, String> {
    if let Some(path) = &options.secret_file {
        let mut bytes =
            std::fs::read(path).map_err(|e| format!("--secret-file {}: {e}", path.display()))?;
        while bytes.last().is_some_and(|b| matches!(b, b'\n' | b'\r')) {
            bytes.pop();
        }
        return Ok(bytes);
    }
    match std::env::var_os(SECRET_VARIABLE) {
        Some(value) => Ok(value.into_encoded_bytes()),
        None => Err(format!(
            "-n {}: the processes need a shared secret, in --secret-file FILE or \
             ${SECRET_VARIABLE} (the same on every process, at least 16 bytes)",
            options.processes
        )),
    }
}

/// The longest `--connect-timeout`, in seconds: a day.
const MAX_CONNECT_TIMEOUT: f64 = 86_400.0;

struct Options {
    shape: (usize, usize),
    start: Option<String>,
    goal: Option<String>,
    path: bool,
    threads: usize,
    processes: usize,
    process: usize,
    hosts: Option<PathBuf>,
    secret_file: Option<PathBuf>,
    connect_timeout: Duration,
    quiet: bool,
}

/// The options, or `None` for `--help`.
fn parse_args() -> Result<Option<Options>, String> {
    use lexopt::prelude::*;

    let mut options = Options {
        shape: (3, 3),
        start: None,
        goal: None,
        path: false,
        threads: 1,
        processes: 1,
        process: 0,
        hosts: None,
        secret_file: None,
        connect_timeout: Duration::from_mins(1),
        quiet: false,
    };
    let mut parser = lexopt::Parser::from_env();
    let text = |parser: &mut lexopt::Parser, flag: &str| -> Result<String, String> {
        let value = parser.value().map_err(|e| format!("{flag}: {e}"))?;
        value.string().map_err(|e| format!("{flag}: {e}"))
    };
    let number = |parser: &mut lexopt::Parser, flag: &str| -> Result<usize, String> {
        let value = text(parser, flag)?;
        value.parse().map_err(|e| format!("{flag}: {value:?}: {e}"))
    };
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("help") => {
                common::help(&mut parser)?;
                return Ok(None);
            }
            Long("shape") => options.shape = tiles::shape(&text(&mut parser, "--shape")?)?,
            Long("start") => options.start = Some(text(&mut parser, "--start")?),
            Long("goal") => options.goal = Some(text(&mut parser, "--goal")?),
            Long("path") => options.path = true,
            // Checked by `Cluster::new` (at most 64 per process, 1,024 processes).
            Short('w') | Long("threads") => options.threads = number(&mut parser, "-w")?,
            Short('n') | Long("processes") => options.processes = number(&mut parser, "-n")?,
            Short('p') | Long("process") => options.process = number(&mut parser, "-p")?,
            Short('h') | Long("hostfile") => options.hosts = Some(text(&mut parser, "-h")?.into()),
            Long("secret-file") => {
                options.secret_file = Some(text(&mut parser, "--secret-file")?.into());
            }
            Long("connect-timeout") => {
                let value = text(&mut parser, "--connect-timeout")?;
                let seconds: f64 = value
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                    .ok_or_else(|| {
                        format!("--connect-timeout: {value:?} is not a number of seconds")
                    })?;
                if seconds > MAX_CONNECT_TIMEOUT {
                    return Err(format!(
                        "--connect-timeout: {value}: at most {MAX_CONNECT_TIMEOUT} seconds (a day)"
                    ));
                }
                options.connect_timeout = Duration::from_secs_f64(seconds);
            }
            Long("quiet") => options.quiet = true,
            _ => return Err(format!("{} (try --help)", arg.unexpected())),
        }
    }
    if options.path && options.goal.is_none() {
        return Err("--path needs --goal".to_owned());
    }
    Ok(Some(options))
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(Some(options)) => options,
        Ok(None) => {
            if let Err(message) = common::write_out(HELP) {
                return fail(2, &message);
            }
            return ExitCode::SUCCESS;
        }
        Err(message) => return fail(2, &message),
    };
    let setup = setup(&options);
    let (puzzle, start, search, cluster) = match setup {
        Ok(setup) => setup,
        Err(message) => return fail(2, &message),
    };
    let me = cluster.process();
    // Timely reports a broken connection by panicking in its threads: one line each.
    std::panic::set_hook(Box::new(move |info| {
        let thread = std::thread::current();
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        eprintln!(
            "distributed-layers: process {me}: thread {} stopped: {message}",
            thread.name().unwrap_or("?")
        );
    }));
    if !options.quiet {
        eprintln!(
            "process {me}: {}x{} puzzle, {} indices, {} worker(s) in {} process(es)",
            options.shape.0,
            options.shape.1,
            puzzle.bound(),
            cluster.workers(),
            cluster.processes()
        );
    }
    let puzzle = Arc::new(puzzle);
    let counts = match search.run(&cluster, Arc::clone(&puzzle), start) {
        Ok(counts) => counts,
        Err(error) => return fail(1, &format!("process {me}: {error}")),
    };
    let Some(counts) = counts else {
        if !options.quiet {
            eprintln!("process {me}: done");
        }
        return ExitCode::SUCCESS;
    };
    match print(&counts, &puzzle, options.goal.is_some()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => fail(1, &format!("cannot write the counts: {error}")),
    }
}

/// The puzzle, the start index, the search and the cluster the options ask for.
fn setup(options: &Options) -> Result<(RankedPuzzle, usize, DistributedLayers, Cluster), String> {
    let start = options.start.as_deref().map(|text| ("--start", text));
    let (npuzzle, puzzle, start) = tiles::puzzle(options.shape, start)?;
    let mut cluster = Cluster::new(
        options.threads,
        options.processes,
        options.process,
        options.hosts.as_deref(),
    )
    .map_err(|e| e.to_string())?
    .with_connect_timeout(options.connect_timeout);
    let me = cluster.process();
    let mut search = DistributedLayers::new();
    let mut goal_index = None;
    if let Some(text) = &options.goal {
        let goal = puzzle.index(&tiles::parse_board(&npuzzle, "--goal", text)?);
        goal_index = Some(goal);
        search = search.stop_at(move |index| index == goal);
        if options.path {
            search = search.with_path();
        }
    }
    if options.processes > 1 {
        let secret = secret(options)?;
        // What every process must agree on: the board, the start, the goal and --path.
        let (rows, cols) = options.shape;
        let config = format!(
            "{rows}x{cols} start {} goal {goal_index:?} path {}",
            puzzle.index(&start),
            options.path
        );
        cluster = cluster
            .with_secret(secret)
            .map_err(|e| e.to_string())?
            .with_config(config);
    }
    if !options.quiet {
        search = search
            .log(move |line| eprintln!("process {me}: {line}"))
            .on_layer(progress);
    }
    let start = puzzle.index(&start);
    Ok((puzzle, start, search, cluster))
}

/// One progress line on standard error.
fn progress(report: &LayerReport) {
    #[expect(clippy::cast_precision_loss, reason = "a size for people to read")]
    let mib = report.remote_bytes as f64 / f64::from(1 << 20);
    eprintln!(
        "depth {:>3}: {:>12} states, {:>8.2} s, {:>9.1} MiB to other processes",
        report.depth,
        report.count,
        report.elapsed.as_secs_f64(),
        mib
    );
}

/// Writes the `depth count` lines, the total, and the goal's depth and path.
fn print(counts: &DistributedCounts, puzzle: &RankedPuzzle, goal: bool) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (depth, count) in counts.layers.iter().enumerate() {
        writeln!(out, "{depth} {count}")?;
    }
    writeln!(out, "total {}", counts.total)?;
    if goal {
        match counts.goal {
            Some(_) => writeln!(out, "goal {}", counts.depth)?,
            None => writeln!(out, "goal unreachable")?,
        }
    }
    for &index in counts.path.iter().flatten() {
        writeln!(out, "{}", puzzle.board(index))?;
    }
    out.flush()
}

fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("distributed-layers: {message}");
    ExitCode::from(code)
}
