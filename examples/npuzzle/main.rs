//! Solves (n^2-1)-puzzles optimally: one puzzle per line (the format of
//! `state_search::domains::sliding::npuzzle`: the tiles row by row, `0` for the blank),
//! from a file or standard input. Prints one line per puzzle: the optimal number of moves,
//! a space, and the moves of the blank as `U`, `D`, `L`, `R`.
//!
//! ```text
//! cargo run --release --features domains --example npuzzle -- korf100.txt
//! cut -d' ' -f3- data/korf100.txt | cargo run --release --features domains --example npuzzle -- --stats
//! cargo run --release --features parallel,domains --example npuzzle -- --threads 2 korf100.txt
//! cargo run --release --features parallel,domains --example npuzzle -- --shape 5x5 --heuristic pdb6666 tests/data/npuzzle/korf-felner-50.txt
//! cargo run --release --features domains --example npuzzle -- --help
//! ```
//!
//! `--help` prints the options, the input format, the exit statuses and the strategies
//! (the text is `HELP` below). With `--threads` above 1, `idastar` runs as `par-idastar`
//! on a pool of threads, several puzzles of the file at once (printed in input order; the
//! moves printed are those of one thread); the other strategies run on one thread, one
//! puzzle at a time, and so does `idastar` under `--max-seconds` (each puzzle on every
//! thread), so that each puzzle's seconds are its own. When puzzles run at once, each
//! one's time in `--stats` overlaps the others', and the total time is their sum.

#[path = "../common/cli.rs"]
mod common;
mod databases;
mod necessary;
mod threads;

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use state_search::domains::sliding::npuzzle::{
    Board, GoalConvention, Instance, LinearConflict, MAX_CELLS, Manhattan, MoveOrder, NPuzzle,
    TileHeuristic, moves_to_string, parse_instances,
};
use state_search::domains::sliding::pdb::{Partition, PdbCache, default_cache_dir};

use state_search::{Event, Limits, Outcome, Stats, Strategy, Visitor};

use databases::{Heuristic, Setup, setup};
use necessary::Report;
use threads::Threads;

/// `--help`: the usage, the options, the input format and the exit statuses, then the
/// strategies.
const HELP: &str = "\
usage: npuzzle [FILE | -] [--heuristic auto|md|lc|pdb555|pdb663|pdb78|pdb6666] [--no-reflection]
               [--dual]
               [--pdb-cache DIR | --no-cache] [--goal first|last] [--shape RxC]
               [--order ULRD] [--strategy NAME] [--threads N] [--max-seconds S]
               [--max-expansions N] [--stats] [--necessary] [--progress | --quiet]

Solves sliding-tile puzzles optimally, one per line of FILE, or of standard input without
one (or with -). Prints one line per puzzle, in input order: the least number of moves, a
space, and the moves of the blank as U, D, L, R (just the number when it is solved).

  --heuristic NAME   auto (the default): on 4x4 boards the 7-8 pattern databases with
                     reflection when they are in the cache (loaded in a fraction of a
                     second), else the 6-6-3 ones (built in about two seconds); on 5x5
                     boards the 6-6-6-6 ones when they are in the cache, else lc; on
                     other boards lc. md: Manhattan distance; lc: linear conflict; pdb555,
                     pdb663, pdb78: additive pattern databases of the 15-puzzle (pdb78
                     takes minutes and about 3.7 GB to build, once, into the cache);
                     pdb6666: of the 24-puzzle (about 30 s on two threads, 1.6 GB per
                     thread, to build once into the cache)
  --no-reflection    pattern databases without the reflected lookup
  --dual             pattern databases with the dual lookups too (the databases read on
                     the dual board, the inverse permutation: fewer nodes, each dearer;
                     IDA* then raises a board's estimate from its children's, pathmax)
  --pdb-cache DIR    where databases are saved and loaded (default: $STATE_SEARCH_PDB_DIR,
                     else $XDG_CACHE_HOME/state-search/pdb, else
                     ~/.cache/state-search/pdb); pdb555 and pdb663 are kept in memory
                     unless it is given. Files are signed with a key of yours
                     ($STATE_SEARCH_PDB_KEY, else $XDG_CONFIG_HOME/state-search/pdb.key,
                     else ~/.config/state-search/pdb.key, made on first use, mode 600);
                     a file it did not sign is built again, never used
  --no-cache         build the databases in memory on every run
  --goal first|last  the blank's goal cell: top-left (the default; tile i on cell i) or
                     bottom-right (tile i on cell i-1)
  --shape RxC        rectangular boards: every line holds R*C numbers
  --order ULRD       the order the blank's moves are tried in (default ULRD, which gives
                     Korf's published node counts with --heuristic md)
  --strategy NAME    the search, one of the strategies listed below (default idastar, in
                     place; with feature parallel, par-idastar is idastar on the threads
                     of --threads); the others store boards, which only small boards or
                     easy puzzles fit in memory
  --threads N        threads for idastar, at most 1024 (feature parallel: more than 1
                     runs par-idastar, several puzzles at once, and builds databases at
                     once; default every core, without the feature 1)
  --max-seconds S    stop each puzzle's search after S seconds (a decimal)
  --max-expansions N stop each puzzle's search after N expanded states; a stopped search
                     is an error, except for anytime:W, arastar:W and anastar with a
                     solution (printed, and said on standard error not to be proven
                     optimal)
  --stats            statistics per puzzle and in total on standard error
  --necessary        --stats, and with an optimal strategy that stores boards (not
                     idastar) also the necessary expansions, the states expanded with
                     f = g + h below the optimum (a bidirectional search's backward side
                     by the Manhattan distance to the start), counted in a second,
                     untimed run of the search
  --progress         report every IDA* iteration, a line every five seconds of a long
                     search and every database built or loaded, on standard error
  --quiet            no progress lines (by default only once a solve or a build has run
                     for a second)
  --                 ends the options

Input: one puzzle per line, its tile numbers row by row, 0 for the blank, separated by
spaces or tabs, for example (the 8-puzzle, three moves from the goal):
    1 2 5 3 4 0 6 7 8
  Without --shape a board is square and its side follows from the count (9 numbers 3x3,
  16 4x4, 25 5x5), up to 256 cells. Each line must be a permutation of 0..R*C-1 that can
  reach the goal. Blank lines and lines starting with # are ignored; lines may end in
  \\r\\n, and a byte order mark is skipped.

Exit status: 0 when every puzzle is solved; 2 on a bad argument, a malformed or unsolvable
line (named, before anything is solved), an input without a puzzle, a stopped search or
any other error (out of memory included), with one line on standard error.
";

fn usage() -> String {
    format!(
        "{HELP}\nstrategies: {}",
        common::spellings(&NPuzzle::strategies(), "|")
    )
}

/// Which heuristic the user asked for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Choice {
    Auto,
    Manhattan,
    LinearConflict,
    Pdb(Partition),
}

/// When to report IDA* iterations.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Progress {
    Never,
    AfterASecond,
    Always,
}

struct Options {
    input: Option<PathBuf>,
    choice: Choice,
    reflect: bool,
    dual: bool,
    /// `--pdb-cache` (or the default directory) with the user's key.
    cache: Option<PdbCache>,
    cache_dir: Option<PathBuf>,
    cache_all: bool,
    convention: GoalConvention,
    shape: Option<(usize, usize)>,
    order: MoveOrder,
    strategy: Strategy,
    limits: Limits,
    /// `--max-seconds`: each instance's own (the deadline is set when its search starts).
    max_seconds: Option<Duration>,
    threads: usize,
    /// `--stats`, and `--necessary` (its extra column).
    stats: Report,
    progress: Progress,
}

/// `--shape RxC`: both sides at least 1, at most [`MAX_CELLS`] cells in all.
fn shape(text: &str) -> Result<(usize, usize), String> {
    let (rows, cols) = text
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.parse::<u64>().ok()?, c.parse::<u64>().ok()?)))
        .filter(|&(r, c)| r > 0 && c > 0)
        .ok_or_else(|| format!("--shape is ROWSxCOLS, not {text:?}"))?;
    // Exact in u128, so that the message names the shape given.
    if u128::from(rows) * u128::from(cols) > MAX_CELLS as u128 {
        return Err(format!(
            "--shape {text}: a board has at most {MAX_CELLS} cells"
        ));
    }
    // Both sides are at most MAX_CELLS here.
    Ok((
        usize::try_from(rows).unwrap_or(MAX_CELLS),
        usize::try_from(cols).unwrap_or(MAX_CELLS),
    ))
}

/// The options without arguments.
impl Default for Options {
    fn default() -> Self {
        Self {
            input: None,
            choice: Choice::Auto,
            reflect: true,
            dual: false,
            cache: None,
            cache_dir: default_cache_dir(),
            cache_all: false,
            convention: GoalConvention::BlankFirst,
            shape: None,
            order: MoveOrder::ULRD,
            strategy: NPuzzle::DEFAULT_STRATEGY,
            limits: Limits::new(),
            max_seconds: None,
            threads: common::default_threads(),
            stats: Report::Off,
            progress: Progress::AfterASecond,
        }
    }
}

/// The options, or `None` for `--help`.
fn parse_args() -> Result<Option<Options>, String> {
    use lexopt::prelude::*;
    let mut options = Options::default();
    let mut given = common::Given::default();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Short('h') | Long("help") => {
                common::help(&mut parser)?;
                return Ok(None);
            }
            Long("heuristic") => {
                options.choice = databases::choice(&given.text_value(&mut parser, "--heuristic")?)?;
            }
            Long("no-reflection") => options.reflect = false,
            Long("dual") => options.dual = true,
            Long("pdb-cache") => {
                let dir = given.text_value(&mut parser, "--pdb-cache")?;
                if dir.is_empty() {
                    return Err("--pdb-cache needs a directory (--no-cache keeps none)".into());
                }
                options.cache_dir = Some(PathBuf::from(dir));
                options.cache_all = true;
            }
            Long("no-cache") => {
                given.flag("--no-cache");
                options.cache_dir = None;
            }
            Long("goal") => {
                options.convention = match given.text_value(&mut parser, "--goal")?.as_str() {
                    "first" => GoalConvention::BlankFirst,
                    "last" => GoalConvention::BlankLast,
                    other => return Err(format!("--goal is first or last, not {other:?}")),
                };
            }
            Long("shape") => {
                options.shape = Some(shape(&given.text_value(&mut parser, "--shape")?)?);
            }
            Long("order") => {
                let order = given
                    .text_value(&mut parser, "--order")?
                    .parse::<MoveOrder>();
                options.order = order.map_err(|e| e.to_string())?;
            }
            Long("strategy") => {
                let name = given.value(&mut parser, "--strategy")?;
                // `par-idastar` is `idastar` on the threads of `--threads`.
                options.strategy = if cfg!(feature = "parallel") && name == "par-idastar" {
                    Strategy::IdaStar
                } else {
                    common::strategy(name, &NPuzzle::strategies(), "")?
                };
            }
            Long("max-seconds") => {
                let text = given.text_value(&mut parser, "--max-seconds")?;
                let seconds = text
                    .parse::<f64>()
                    .ok()
                    .and_then(|s| Duration::try_from_secs_f64(s).ok())
                    .ok_or_else(|| format!("--max-seconds is a number of seconds, not {text:?}"))?;
                options.max_seconds = Some(seconds);
            }
            Long("max-expansions") => {
                let value = given.value(&mut parser, "--max-expansions")?;
                let count: u64 = common::parse_value("--max-expansions", value)?;
                options.limits = options.limits.max_expansions(count);
            }
            Long("threads") => {
                options.threads = common::threads(given.value(&mut parser, "--threads")?)?;
            }
            Long("stats") => options.stats = options.stats.max(Report::On),
            Long("necessary") => options.stats = Report::Necessary,
            Long("progress") => {
                given.flag("--progress");
                options.progress = Progress::Always;
            }
            Long("quiet") => {
                given.flag("--quiet");
                options.progress = Progress::Never;
            }
            Value(path) => {
                if options.input.is_some() {
                    return Err("give at most one input file".to_owned());
                }
                options.input = Some(PathBuf::from(common::text(path)?));
            }
            other => return Err(common::arg_error(other.unexpected())),
        }
    }
    check(&options, &given)?;
    Ok(Some(options))
}

/// The options that contradict each other, or that say nothing with the others.
fn check(options: &Options, given: &common::Given) -> Result<(), String> {
    given.exclusive("--pdb-cache", "--no-cache")?;
    given.exclusive("--progress", "--quiet")?;
    if matches!(options.choice, Choice::Manhattan | Choice::LinearConflict)
        && let Some(flag) = [
            (options.dual, "--dual"),
            (!options.reflect, "--no-reflection"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    {
        return Err(format!(
            "{flag} is for pattern databases, not for --heuristic md or lc"
        ));
    }
    if options.stats == Report::Necessary && !necessary::counts_boards(options.strategy) {
        return Err(format!(
            "--necessary needs an optimal strategy that stores boards, not {}",
            options.strategy
        ));
    }
    Ok(())
}

/// One solved instance.
struct Solved {
    line: String,
    stats: Stats,
    time: Duration,
    /// With `--necessary`, the necessary expansions.
    necessary: Option<u64>,
}

fn solve(
    setup: &Setup,
    instance: &Instance,
    options: &Options,
    threads: &Threads,
    cancel: &Arc<AtomicBool>,
) -> Result<Solved, String> {
    let puzzle = &setup.puzzle;
    let watch = Watch::new(options.progress, instance.line, cancel);
    // This instance's limits: its own deadline, and the flag that stops it early when its
    // result is no longer wanted (checked by every thread of `par-idastar`).
    let mut limits = options.limits.clone().cancel_flag(Arc::clone(cancel));
    if let Some(seconds) = options.max_seconds {
        limits = limits.time_limit(seconds);
    }
    match &setup.heuristic {
        Heuristic::Manhattan => run(
            setup,
            instance,
            Manhattan::new(puzzle),
            options,
            &limits,
            threads,
            watch,
        ),
        Heuristic::LinearConflict => run(
            setup,
            instance,
            LinearConflict::new(puzzle),
            options,
            &limits,
            threads,
            watch,
        ),
        Heuristic::Pdb(set) => run(
            setup,
            instance,
            set.heuristic(),
            options,
            &limits,
            threads,
            watch,
        ),
    }
}

/// Reports IDA*'s iterations and anytime search's improved solutions, and stops the search
/// when its result is no longer wanted (another instance failed, or the reader went away).
/// It sees every expansion: keep it tiny so that it is inlined into the engine, and leave
/// the reporting to functions called once per iteration or solution.
struct Watch<'c> {
    progress: Progress,
    line: usize,
    started: Instant,
    /// Expansions left before the next look at the clock.
    countdown: u64,
    /// Expansions before the last look at the clock.
    expanded: u64,
    /// The bound being searched, once an iteration has named it.
    bound: Option<u32>,
    /// When the last line was printed, into the solve.
    reported: Duration,
    /// Set when the result is no longer wanted.
    cancel: &'c AtomicBool,
}

/// Expansions between two looks at the clock: a few hundredths of a second.
const LOOK_EVERY: u64 = 1 << 21;

/// Within an iteration, a line at most this often.
const REPORT_EVERY: Duration = Duration::from_secs(5);

impl<'c> Watch<'c> {
    fn new(progress: Progress, line: usize, cancel: &'c AtomicBool) -> Self {
        Self {
            progress,
            line,
            started: Instant::now(),
            countdown: LOOK_EVERY,
            expanded: 0,
            bound: None,
            reported: Duration::ZERO,
            cancel,
        }
    }

    /// Whether the result is still wanted.
    fn wanted(&self) -> ControlFlow<()> {
        if self.cancel.load(Ordering::Relaxed) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// A look at the clock, every [`LOOK_EVERY`] expansions: a line on standard error
    /// inside a long iteration (a 5x5 board's can take minutes).
    #[cold]
    #[inline(never)]
    fn look(&mut self) -> ControlFlow<()> {
        self.countdown = LOOK_EVERY;
        self.expanded += LOOK_EVERY;
        let elapsed = self.started.elapsed();
        if reports(self.progress, elapsed) && elapsed >= self.reported + REPORT_EVERY {
            self.reported = elapsed;
            eprintln!(
                "line {}: searching{}, {} expanded, {:.1} M expanded/s",
                self.line,
                self.bound
                    .map_or_else(String::new, |b| format!(" bound {b}")),
                self.expanded,
                rate(self.expanded, elapsed),
            );
        }
        self.wanted()
    }
}

impl<S> Visitor<S, u32> for Watch<'_> {
    #[inline]
    fn visit(&mut self, event: Event<'_, S, u32>) -> ControlFlow<()> {
        match event {
            Event::Expanded { .. } => {
                self.countdown -= 1;
                if self.countdown == 0 {
                    return self.look();
                }
            }
            Event::IterationFinished {
                bound,
                next_bound,
                stats,
            } => {
                self.bound = next_bound;
                self.reported = self.started.elapsed();
                report_iteration(
                    self.progress,
                    self.line,
                    self.started,
                    bound,
                    next_bound,
                    stats,
                );
                return self.wanted();
            }
            Event::Improved {
                cost,
                lower_bound,
                stats,
            } => report_improved(
                self.progress,
                self.line,
                self.started,
                cost,
                lower_bound,
                stats,
            ),
            _ => {}
        }
        ControlFlow::Continue(())
    }
}

fn run<H: TileHeuristic + state_search::Heuristic<Board, u32> + Clone + Send>(
    setup: &Setup,
    instance: &Instance,
    heuristic: H,
    options: &Options,
    limits: &Limits,
    threads: &Threads,
    mut progress: Watch<'_>,
) -> Result<Solved, String> {
    let line = instance.line;
    let started = progress.started;
    let spare = (options.stats == Report::Necessary).then(|| heuristic.clone());
    let search = threads
        .solve(
            &setup.puzzle,
            &instance.board,
            heuristic,
            options.strategy,
            limits,
            &mut progress,
        )
        .map_err(|e| format!("line {line}: {e}"))?;
    let time = started.elapsed();
    let outcome = match (search.outcome, search.partial) {
        // Anytime search keeps its best solution when a limit stops it.
        (Outcome::Stopped(reason), Some(best))
            if matches!(
                options.strategy,
                Strategy::Anytime(_) | Strategy::AraStar(_) | Strategy::AnaStar
            ) && solves(&instance.board, &setup.puzzle, &best.actions) =>
        {
            eprintln!(
                "npuzzle: line {line}: {reason}: the best solution found, cost {}, is not \
                 proven optimal",
                best.cost
            );
            Outcome::Found(best)
        }
        (outcome, _) => outcome,
    };
    match outcome {
        // Never print moves that were not replayed to the goal.
        Outcome::Found(plan) if !solves(&instance.board, &setup.puzzle, &plan.actions) => Err(
            format!("line {line}: the search returned moves that do not solve the board"),
        ),
        Outcome::Found(plan) => {
            let necessary = spare
                .map(|h| {
                    let (strategy, cost) = (options.strategy, plan.cost);
                    necessary::necessary(&setup.puzzle, &instance.board, h, strategy, limits, cost)
                })
                .transpose()
                .map_err(|e| format!("line {line}: {e}"))?;
            let moves = if plan.actions.is_empty() {
                String::new()
            } else {
                format!(" {}", moves_to_string(&plan.actions))
            };
            Ok(Solved {
                line: format!("{}{moves}", plan.cost),
                stats: search.stats,
                time,
                necessary,
            })
        }
        Outcome::NoPath => Err(format!(
            "line {line}: no solution (unexpected for a solvable board)"
        )),
        Outcome::Stopped(reason) => Err(format!(
            "line {line}: {}",
            common::stopped(&reason, &search.stats)
        )),
    }
}

/// Whether `moves` take `board` to the puzzle's goal.
fn solves(board: &Board, puzzle: &NPuzzle, moves: &[state_search::grid::Dir]) -> bool {
    let mut board = board.clone();
    board.slide_all(moves).is_ok() && board == *puzzle.goal()
}

/// Whether `progress` asks for a report `elapsed` into a solve.
fn reports(progress: Progress, elapsed: Duration) -> bool {
    match progress {
        Progress::Never => false,
        Progress::Always => true,
        Progress::AfterASecond => elapsed >= Duration::from_secs(1),
    }
}

/// One line on standard error when anytime search improves its solution, if `progress`
/// asks for it: the time to the millisecond and the expansions so far, which the
/// benchmarks of the anytime strategies read.
#[cold]
#[inline(never)]
fn report_improved(
    progress: Progress,
    line: usize,
    started: Instant,
    cost: u32,
    bound: u32,
    stats: &Stats,
) {
    let elapsed = started.elapsed();
    if reports(progress, elapsed) {
        eprintln!(
            "line {line}: solution of cost {cost} after {:.3} s and {} expansions, optimum at \
             least {bound}",
            elapsed.as_secs_f64(),
            stats.expanded
        );
    }
}

/// One line on standard error after an IDA* iteration, if `progress` asks for it.
#[cold]
#[inline(never)]
fn report_iteration(
    progress: Progress,
    line: usize,
    started: Instant,
    bound: u32,
    next_bound: Option<u32>,
    stats: &Stats,
) {
    let elapsed = started.elapsed();
    if reports(progress, elapsed) {
        let nodes = stats.generated + 1;
        eprintln!(
            "line {line}: bound {bound} searched, {nodes} nodes, {:.1} M nodes/s, next bound {}",
            rate(nodes, elapsed),
            next_bound.map_or_else(|| "none".to_owned(), |b| b.to_string()),
        );
    }
}

/// Millions of nodes per second.
#[expect(clippy::cast_precision_loss, reason = "a rate for display")]
fn rate(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64().max(1e-9) / 1e6
}

fn main() -> ExitCode {
    let result = parse_args().and_then(|options| match options {
        Some(mut options) => {
            let dir = options.cache_dir.take();
            options.cache = databases::open_cache(dir, options.cache_all, options.choice)?;
            main_with(&options)
        }
        None => common::write_out(&format!("{}\n", usage())).map(drop),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => common::exit_error("npuzzle", &message),
    }
}

fn main_with(options: &Options) -> Result<(), String> {
    let text = common::read_input(options.input.as_deref(), common::read_stdin)?;
    let instances =
        parse_instances(&text, options.shape, options.convention).map_err(|e| e.to_string())?;
    drop(text);
    if instances.is_empty() {
        return Err(format!(
            "{}: no instance (one board per line; blank lines and # comments are skipped)",
            common::source_name(options.input.as_deref())
        ));
    }
    let threads = Threads::new(options.threads)?;
    // Every shape's puzzle and heuristic first (pattern databases are built on the
    // threads), then the instances, several at once on the threads.
    let mut setups: HashMap<(usize, usize), Setup> = HashMap::new();
    for instance in &instances {
        let shape = (instance.board.rows(), instance.board.cols());
        if let Entry::Vacant(entry) = setups.entry(shape) {
            entry.insert(setup(options, shape.0, shape.1, &threads)?);
        }
    }
    let mut total = Stats::default();
    let mut total_time = Duration::ZERO;
    let solve_one = |index: usize, cancel: &Arc<AtomicBool>| {
        let instance: &Instance = &instances[index];
        let setup = &setups[&(instance.board.rows(), instance.board.cols())];
        solve(setup, instance, options, &threads, cancel)
    };
    // In-place IDA* needs little memory: the other strategies' searches run one by one. So
    // do searches with a time limit, so that each instance's seconds are its own (a thread
    // waiting inside one instance's search may run another instance meanwhile).
    let at_once = options.strategy == Strategy::IdaStar && options.max_seconds.is_none();
    threads.solve_all(
        at_once,
        instances.len(),
        solve_one,
        |index, solved: Solved| {
            if !common::write_out(&format!("{}\n", solved.line))? {
                return Ok(false); // the reader went away: nothing left to solve for
            }
            if options.stats != Report::Off {
                let nodes = solved.stats.generated + 1;
                eprintln!(
                    "line {}: {} nodes, {} expanded{}, {} iterations, {:.2} ms, {:.1} M nodes/s",
                    instances[index].line,
                    nodes,
                    solved.stats.expanded,
                    solved
                        .necessary
                        .map_or_else(String::new, |n| format!(" ({n} necessary)")),
                    solved.stats.iterations,
                    solved.time.as_secs_f64() * 1e3,
                    rate(nodes, solved.time),
                );
            }
            total.accumulate(&solved.stats);
            total_time += solved.time;
            Ok(true)
        },
    )?;
    if options.stats != Report::Off {
        let count = instances.len() as u64;
        eprintln!(
            "total: {} instances, {} nodes, {} expanded, {:.3} s searching, {:.1} M nodes/s",
            count,
            total.generated + count,
            total.expanded,
            total_time.as_secs_f64(),
            rate(total.generated + count, total_time),
        );
    }
    Ok(())
}
