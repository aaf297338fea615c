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

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use state_search::domains::movingai::{
    Connectivity, JumpPoint, JumpTable, OctileCost, OctileSpace, Scenario,
};
use state_search::grid::{CellIndexer, Pos};
use state_search::store::{StoragePolicy, UnknownStoragePolicy};
use state_search::strategy::Requirement::{InPlaceSpace, Threads, UniformCost, UnsignedCost};
use state_search::strategy::{MaybeIndexer, NoIndexer, SearchProblem};
use state_search::{
    Limits, Outcome, Problem, Search, StateIndexer, StateSpace, Strategy, StrategySearcher,
};

const HELP: &str = "\
usage: movingai MAP SCEN [--method NAME]... [--storage auto|dense|hashed] [--every K] [--first N]

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
  --every K      only every K-th scenario (default 1: all)
  --first N      only the first N scenarios (after --every)
  --             ends the options

Input: MAP is a Moving AI map: the lines type octile, height H, width W and map, then
H rows of W cells: . or G ground, S swamp (ground's class), T trees, W water, @ or O
impassable. SCEN is a scenario file: a line version 1 (or 1.0), then one scenario per
line, nine fields separated by tabs or spaces: bucket, map name, map width and height,
start column and row, goal column and row (from 0), and the optimal length. Lines may
end in \r\n.

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

/// Runs `problem` in `searcher`: the search, with the cost of the path found.
fn cost_of<S, I, P>(
    searcher: &mut StrategySearcher<S, OctileCost, I>,
    problem: &P,
) -> Result<Search<OctileCost>, String>
where
    S: Clone + Eq + std::hash::Hash + std::fmt::Debug,
    I: StateIndexer<S>,
    P: SearchProblem,
    P::Space: StateSpace<State = S, Cost = OctileCost>,
    P::I: MaybeIndexer<S, Indexer = I>,
{
    searcher
        .run(problem, &Limits::new())
        .map(|s| s.map(|found| found.cost))
        .map_err(|e| e.to_string())
}

/// Runs `method` from `start` to `goal` in its `searchers` on the map's `table` (`None`
/// when no method needs it): the cost found (`None` for no path), the states expanded and
/// the time.
fn solve(
    (space, table): (&OctileSpace, Option<&JumpTable>),
    (method, searchers): (Method, &mut Searchers),
    storage: StoragePolicy,
    (start, goal): (Pos, Pos),
) -> Result<(Option<OctileCost>, u64, Duration), String> {
    let started = Instant::now();
    let search = match method.over {
        Over::Jumps => {
            let jumps = space.jump_points(goal).map_err(|e| e.to_string())?;
            cost_of(&mut searchers.jumps, &jumps.problem(start).storage(storage))
        }
        Over::Table => {
            let jumps = table.ok_or("no jump table")?.jump_points(goal);
            cost_of(&mut searchers.jumps, &jumps.problem(start).storage(storage))
        }
        Over::Cells => {
            let problem = Problem::new(space, [start], move |&p| p == goal)
                .heuristic(space.heuristic(goal))
                .indexed()
                .backward(goal)
                .storage(storage);
            cost_of(&mut searchers.cells, &problem)
        }
    }
    .map_err(|e| format!("{method}: {e}"))?;
    let elapsed = started.elapsed();
    let cost = match search.outcome {
        Outcome::Found(cost) => Some(cost),
        Outcome::NoPath => None,
        Outcome::Stopped(reason) => return Err(format!("{method}: {reason}")),
    };
    Ok((cost, search.stats.expanded, elapsed))
}

fn run() -> Result<bool, String> {
    use lexopt::prelude::*;
    let mut files = Vec::new();
    let mut methods = Vec::new();
    let mut storage = StoragePolicy::Auto;
    let (mut every, mut first) = (1usize, usize::MAX);
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Short('h') | Long("help") => {
                common::help(&mut parser)?;
                return common::write_out(&format!("{}\n", usage())).map(|_| true);
            }
            Long("method") => methods.push(method(common::value(&mut parser, "--method")?)?),
            Long("storage") => {
                storage = common::text_value(&mut parser, "--storage")?
                    .parse()
                    .map_err(|e: UnknownStoragePolicy| e.to_string())?;
            }
            Long("every") => {
                every = common::parse_value("--every", common::value(&mut parser, "--every")?)?;
            }
            Long("first") => {
                first = common::parse_value("--first", common::value(&mut parser, "--first")?)?;
            }
            Value(path) => files.push(PathBuf::from(common::text(path)?)),
            other => return Err(common::arg_error(other.unexpected())),
        }
    }
    if methods.is_empty() {
        methods = vec![method("astar".into())?, method("jps".into())?];
    }
    let (map, scenarios) = files::load(&files, every)?;
    let scenarios: Vec<&Scenario> = scenarios.iter().step_by(every).take(first).collect();
    let space = OctileSpace::new(&map, Connectivity::Eight);
    let mut out = String::new();
    let table = if methods.iter().any(|m| m.over == Over::Table) {
        let started = Instant::now();
        let table = JumpTable::new(&space).map_err(|e| e.to_string())?;
        let _ = writeln!(
            out,
            "jps+ table: built in {:.1} ms, {} bytes",
            started.elapsed().as_secs_f64() * 1e3,
            table.bytes()
        );
        Some(table)
    } else {
        None
    };
    let mut tallies: Vec<Tally> = methods.iter().map(|_| Tally::default()).collect();
    let mut searchers: Vec<Searchers> = methods.iter().map(|&m| Searchers::new(m)).collect();
    // Scenario by scenario, every method in turn, so that a slow spell of the machine
    // falls on all of them.
    for scenario in &scenarios {
        for ((method, tally), searchers) in methods.iter().zip(&mut tallies).zip(&mut searchers) {
            let ends = (scenario.start, scenario.goal);
            let on = (&space, table.as_ref());
            let (cost, expanded, time) = solve(on, (*method, searchers), storage, ends)?;
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
