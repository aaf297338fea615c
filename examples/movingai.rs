//! Moving AI benchmark runs: solves every scenario of a `.scen` file on its `.map` with
//! each method asked for, checks each length against the published one, and reports the
//! states expanded and the search time per method.
//!
//! ```text
//! cargo run --release --features domains --example movingai -- MAP SCEN
//! cargo run --release --features domains --example movingai -- MAP SCEN --method astar --method jps --method jps+ --every 10
//! cargo run --release --features domains --example movingai -- --help
//! ```
//!
//! `--help` prints the options, the methods, the output and the exit statuses (the text is
//! `HELP` below).

#[path = "common/cli.rs"]
mod common;
#[path = "common/movingai.rs"]
mod files;
#[path = "common/picture.rs"]
mod picture;

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use state_search::domains::movingai::{
    Connectivity, JumpPoint, JumpTable, OctileCost, OctileMap, OctileSpace, Scenario,
};
use state_search::grid::{CellIndexer, Pos};
use state_search::store::{StoragePolicy, UnknownStoragePolicy};
use state_search::strategy::Requirement::{InPlaceSpace, Threads, UniformCost, UnsignedCost};
use state_search::strategy::{MaybeIndexer, NoIndexer, SearchProblem};
use state_search::{
    Event, Limits, NoVisitor, Outcome, Problem, Search, Solution, StateIndexer, StateSpace,
    Strategy, StrategySearcher, Visitor,
};

const HELP: &str = "\
usage: movingai MAP SCEN [--method NAME]... [--storage auto|dense|hashed] [--buckets A-B]
                [--every K] [--first N] [--svg DIR]

Solves the scenarios of the Moving AI scenario file SCEN on the map MAP (the benchmark's
rules: 8-connected, diagonal steps of sqrt(2) without corner cutting, moves within one
terrain class), with each method, and checks each length against the one printed in
SCEN. Prints one line per method: the scenarios solved, the lengths that differ from
the printed ones, the states expanded, and the search time in total and per scenario
(the median), map reading excluded. Each method keeps its buffers from one scenario to
the next (a StrategySearcher), as a program answering many queries on one map would.

  --method NAME  a strategy over the map's cells (one of those listed below), or jps
                 (A* over the map's jump points: Jump Point Search), or jps:NAME (the
                 strategy NAME over the jump points), or jps+ and jps+:NAME (the same
                 with the jumps read from a table built once for the map: JPS+; a
                 line then gives its build time and bytes); may be repeated; default:
                 astar, then jps
  --storage S    the storage of the searches: auto (the default), dense or hashed
  --buckets A-B  only the scenarios of buckets A to B (or --buckets A: bucket A alone)
  --every K      only every K-th scenario (default 1: all, after --buckets)
  --first N      only the first N scenarios (after --every)
  --svg DIR      also write DIR/MAPNAME-N.svg, a picture of the first scenario run (its
                 number N in SCEN, from 1): the map once per method, side by side, with
                 the cells the method expanded and the path it found
  --             ends the options

Input: MAP is a Moving AI map: the lines type octile, height H, width W and map, then
H rows of W cells: . or G ground, S swamp (ground's class), T trees, W water, @ or O
impassable. SCEN is a scenario file: a line version 1 (or 1.0), then one scenario per
line, nine fields separated by tabs or spaces: bucket, map name, map width and height,
start column and row, goal column and row (from 0), and the optimal length. Lines may
end in \\r\\n (CRLF).

Exit status: 0 when every length found equals the printed one; 1 when one differs or a
scenario has no path (each such scenario on standard error, at most 10 per method);
2 on a bad argument, an unreadable or malformed file, a method that does not apply, or
any other error, with one line on standard error.
";

/// The strategies that apply to a map's cells: every one whose needs a map meets (a
/// heuristic, a numbering, a backward goal): not those for uniform or unsigned integer
/// costs, in-place spaces or threads.
fn cell_strategies() -> Vec<Strategy> {
    Strategy::ALL
        .iter()
        .copied()
        .filter(|s| {
            let info = s.info();
            [UniformCost, UnsignedCost, InPlaceSpace, Threads]
                .iter()
                .all(|&r| !info.needs(r))
        })
        .collect()
}

fn usage() -> String {
    format!(
        "{HELP}\nstrategies: {}",
        common::spellings(&cell_strategies(), "|")
    )
}

/// What a method searches: the cells, the jump points scanned, or the jump points read
/// from the map's table.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Over {
    Cells,
    Jumps,
    Table,
}

/// A method: a strategy over the cells or over the jump points.
#[derive(Clone, Copy)]
struct Method {
    strategy: Strategy,
    over: Over,
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let prefix = match self.over {
            Over::Cells => return write!(f, "{}", self.strategy),
            Over::Jumps => "jps",
            Over::Table => "jps+",
        };
        match self.strategy {
            Strategy::AStar => f.write_str(prefix),
            strategy => write!(f, "{prefix}:{strategy}"),
        }
    }
}

fn method(value: std::ffi::OsString) -> Result<Method, String> {
    let text = common::text(value)?;
    let (over, name) = match text.as_str() {
        "jps" => (Over::Jumps, "astar"),
        "jps+" => (Over::Table, "astar"),
        _ => match (text.strip_prefix("jps:"), text.strip_prefix("jps+:")) {
            (Some(name), _) => (Over::Jumps, name),
            (_, Some(name)) => (Over::Table, name),
            _ => (Over::Cells, text.as_str()),
        },
    };
    let strategy = common::strategy(name.into(), &cell_strategies(), "")?;
    Ok(Method { strategy, over })
}

/// What one method did on the scenarios.
#[derive(Default)]
struct Tally {
    solved: usize,
    differ: Vec<String>,
    expanded: u64,
    times: Vec<Duration>,
}

/// A method's searchers, which keep their buffers from query to query: over the cells,
/// and over the jump points.
struct Searchers {
    cells: StrategySearcher<Pos, OctileCost, CellIndexer>,
    jumps: StrategySearcher<JumpPoint, OctileCost, NoIndexer>,
}

impl Searchers {
    fn new(method: Method) -> Self {
        Self {
            cells: method.strategy.searcher(),
            jumps: method.strategy.searcher(),
        }
    }
}

/// A scenario's answer by one method: the cost and the cells of the path found (`None`
/// for no path), the states expanded and the search time.
type Answer = (Option<(OctileCost, Vec<Pos>)>, u64, Duration);

/// Runs `problem` in `searcher`, showing `visitor` its events: the search, with the cost
/// and the cells (`cell` of each state) of the path found.
fn run_in<S, I, P, V>(
    searcher: &mut StrategySearcher<S, OctileCost, I>,
    problem: &P,
    visitor: &mut V,
    cell: impl Fn(&S) -> Pos,
) -> Result<Search<(OctileCost, Vec<Pos>)>, String>
where
    S: Clone + Eq + std::hash::Hash + std::fmt::Debug,
    I: StateIndexer<S>,
    P: SearchProblem,
    P::Space: StateSpace<State = S, Cost = OctileCost>,
    P::I: MaybeIndexer<S, Indexer = I>,
    V: Visitor<S, OctileCost>,
{
    let cells =
        |found: Solution<S, OctileCost>| (found.cost, found.path.iter().map(&cell).collect());
    searcher
        .run_with(problem, &Limits::new(), visitor)
        .map(|s| s.map(cells))
        .map_err(|e| e.to_string())
}

/// Runs `method` from `start` to `goal` in its `searchers` on the map's `table` (`None`
/// when no method needs it), showing `visitor` its events.
fn solve<V>(
    (space, table): (&OctileSpace, Option<&JumpTable>),
    (method, searchers): (Method, &mut Searchers),
    storage: StoragePolicy,
    (start, goal): (Pos, Pos),
    visitor: &mut V,
) -> Result<Answer, String>
where
    V: Visitor<Pos, OctileCost> + Visitor<JumpPoint, OctileCost>,
{
    let started = Instant::now();
    let jump_cell = |j: &JumpPoint| j.pos;
    let search = match method.over {
        Over::Jumps => {
            let jumps = space.jump_points(goal).map_err(|e| e.to_string())?;
            let problem = jumps.problem(start).storage(storage);
            run_in(&mut searchers.jumps, &problem, visitor, jump_cell)
        }
        Over::Table => {
            let jumps = table.ok_or("no jump table")?.jump_points(goal);
            let problem = jumps.problem(start).storage(storage);
            run_in(&mut searchers.jumps, &problem, visitor, jump_cell)
        }
        Over::Cells => {
            let problem = Problem::new(space, [start], move |&p| p == goal)
                .heuristic(space.heuristic(goal))
                .indexed()
                .backward(goal)
                .storage(storage);
            run_in(&mut searchers.cells, &problem, visitor, |&p: &Pos| p)
        }
    }
    .map_err(|e| format!("{method}: {e}"))?;
    let elapsed = started.elapsed();
    let found = match search.outcome {
        Outcome::Found(found) => Some(found),
        Outcome::NoPath => None,
        Outcome::Stopped(reason) => return Err(format!("{method}: {reason}")),
    };
    Ok((found, search.stats.expanded, elapsed))
}

/// The cells a search expands, for `--svg`: jump points by their cells.
#[derive(Default)]
struct Expanded(Vec<Pos>);

impl Visitor<Pos, OctileCost> for Expanded {
    fn visit(&mut self, event: Event<'_, Pos, OctileCost>) -> ControlFlow<()> {
        if let Event::Expanded { state, .. } = event {
            self.0.push(*state);
        }
        ControlFlow::Continue(())
    }
}

impl Visitor<JumpPoint, OctileCost> for Expanded {
    fn visit(&mut self, event: Event<'_, JumpPoint, OctileCost>) -> ControlFlow<()> {
        if let Event::Expanded { state, .. } = event {
            self.0.push(state.pos);
        }
        ControlFlow::Continue(())
    }
}

/// `--svg DIR`: writes the picture of `scenario` (number `number` in its file) by every
/// method into `dir`, and names the file on standard error.
fn picture(
    (map, on, map_path): (&OctileMap, (&OctileSpace, Option<&JumpTable>), &Path),
    methods: &[Method],
    storage: StoragePolicy,
    (scenario, number): (&Scenario, usize),
    dir: &Path,
) -> Result<(), String> {
    let ends = (scenario.start, scenario.goal);
    let mut panels = Vec::new();
    for &method in methods {
        let mut expanded = Expanded::default();
        let (found, count, _) = solve(
            on,
            (method, &mut Searchers::new(method)),
            storage,
            ends,
            &mut expanded,
        )?;
        let (cost, path) = found.map_or(("no path".to_owned(), Vec::new()), |(c, p)| {
            (c.to_string(), p)
        });
        panels.push(picture::Panel {
            title: format!("{method}: {count} expanded, length {cost}"),
            expanded: expanded.0,
            path,
        });
    }
    let stem = map_path
        .file_stem()
        .map_or("map".into(), |s| s.to_string_lossy());
    let file = dir.join(format!("{stem}-{number}.svg"));
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&file, picture::svg(map, ends, &panels)))
        .map_err(|e| format!("{}: {e}", file.display()))?;
    eprintln!("movingai: wrote {}", file.display());
    Ok(())
}

/// `--buckets A-B` (or `A`): the least and the greatest bucket.
fn buckets(text: &str) -> Result<(u32, u32), String> {
    let (low, high) = text.split_once('-').unwrap_or((text, text));
    match (low.parse::<u32>(), high.parse::<u32>()) {
        (Ok(low), Ok(high)) if low <= high => Ok((low, high)),
        _ => Err(format!(
            "--buckets is A-B with A <= B, or A (bucket numbers), not {text:?}"
        )),
    }
}

/// The JPS+ table of `space` when a method needs it, its build time and bytes written to
/// `out`.
fn jump_table<'s>(
    space: &'s OctileSpace,
    methods: &[Method],
    out: &mut String,
) -> Result<Option<JumpTable<'s>>, String> {
    if methods.iter().all(|m| m.over != Over::Table) {
        return Ok(None);
    }
    let started = Instant::now();
    let table = JumpTable::new(space).map_err(|e| e.to_string())?;
    let _ = writeln!(
        out,
        "jps+ table: built in {:.1} ms, {} bytes",
        started.elapsed().as_secs_f64() * 1e3,
        table.bytes()
    );
    Ok(Some(table))
}

fn run() -> Result<bool, String> {
    use lexopt::prelude::*;
    let mut files = Vec::new();
    let mut methods = Vec::new();
    let mut storage = StoragePolicy::Auto;
    let (mut every, mut first) = (1usize, usize::MAX);
    let (mut bands, mut svg_dir) = ((0, u32::MAX), None);
    // `--method` may be given more than once (every method is run); the other options once.
    let mut given = common::Given::default();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Short('h') | Long("help") => {
                common::help(&mut parser)?;
                return common::write_out(&format!("{}\n", usage())).map(|_| true);
            }
            Long("method") => methods.push(method(common::value(&mut parser, "--method")?)?),
            Long("storage") => {
                storage = given
                    .text_value(&mut parser, "--storage")?
                    .parse()
                    .map_err(|e: UnknownStoragePolicy| e.to_string())?;
            }
            Long("every") => {
                every = common::parse_value("--every", given.value(&mut parser, "--every")?)?;
            }
            Long("buckets") => bands = buckets(&given.text_value(&mut parser, "--buckets")?)?,
            Long("svg") => svg_dir = Some(PathBuf::from(given.text_value(&mut parser, "--svg")?)),
            Long("first") => {
                first = common::parse_value("--first", given.value(&mut parser, "--first")?)?;
            }
            Value(path) => files.push(PathBuf::from(common::text(path)?)),
            other => return Err(common::arg_error(other.unexpected())),
        }
    }
    if methods.is_empty() {
        methods = vec![method("astar".into())?, method("jps".into())?];
    }
    let (map, scenarios) = files::load(&files, every)?;
    // Each scenario with its number in the file, from 1.
    let scenarios: Vec<(usize, &Scenario)> = (1..)
        .zip(&scenarios)
        .filter(|(_, s)| (bands.0..=bands.1).contains(&s.bucket))
        .step_by(every)
        .take(first)
        .collect();
    let space = OctileSpace::new(&map, Connectivity::Eight);
    let mut out = String::new();
    let table = jump_table(&space, &methods, &mut out)?;
    let mut tallies: Vec<Tally> = methods.iter().map(|_| Tally::default()).collect();
    let mut searchers: Vec<Searchers> = methods.iter().map(|&m| Searchers::new(m)).collect();
    // Scenario by scenario, every method in turn, so that a slow spell of the machine
    // falls on all of them.
    for &(_, scenario) in &scenarios {
        for ((method, tally), searchers) in methods.iter().zip(&mut tallies).zip(&mut searchers) {
            let ends = (scenario.start, scenario.goal);
            let on = (&space, table.as_ref());
            let (found, expanded, time) =
                solve(on, (*method, searchers), storage, ends, &mut NoVisitor)?;
            let cost = found.map(|(cost, _)| cost);
            tally.expanded += expanded;
            tally.times.push(time);
            let printed = &scenario.optimal;
            match cost {
                Some(cost) if printed.matches_cost(cost) => tally.solved += 1,
                found => tally.differ.push(format!(
                    "{method}: {} -> {} found {}, printed {printed}",
                    scenario.start,
                    scenario.goal,
                    found.map_or("no path".to_owned(), |c| c.to_string())
                )),
            }
        }
    }
    if let (Some(dir), Some(&(number, scenario))) = (&svg_dir, scenarios.first()) {
        let on = (&map, (&space, table.as_ref()), files[0].as_path());
        picture(on, &methods, storage, (scenario, number), dir)?;
    }
    let mut all_match = true;
    for (method, tally) in methods.iter().zip(&mut tallies) {
        tally.times.sort();
        let total: Duration = tally.times.iter().sum();
        let median = tally
            .times
            .get(tally.times.len() / 2)
            .copied()
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{method}: {}/{} as printed, {} differ; {} expanded; {:.1} ms in all, median {:.1} us",
            tally.solved,
            scenarios.len(),
            tally.differ.len(),
            tally.expanded,
            total.as_secs_f64() * 1e3,
            median.as_secs_f64() * 1e6,
        );
        for line in tally.differ.iter().take(10) {
            eprintln!("{line}");
        }
        all_match &= tally.differ.is_empty();
    }
    common::write_out(&out)?;
    Ok(all_match)
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => common::exit_error("movingai", &error),
    }
}
