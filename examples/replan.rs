//! Replanning on a Moving AI map whose cells close: LPA* and D* Lite repair their last
//! path after each change, against a fresh A* on the changed map.
//!
//! ```text
//! cargo run --release --features domains --example replan -- MAP SCEN
//! cargo run --release --features domains --example replan -- MAP SCEN --min-bucket 40 --first 20 --changes 5
//! cargo run --release --features domains --example replan -- --help
//! ```
//!
//! `--help` prints the options, the output and the exit statuses (the text is `HELP`
//! below).

#[path = "common/cli.rs"]
mod common;
#[path = "common/movingai.rs"]
mod files;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use state_search::domains::movingai::{
    ClosableSpace, Connectivity, OctileCost, OctileDistance, Scenario, Terrain,
};
use state_search::grid::{CellIndexer, Pos};
use state_search::rng::SplitMix64;
use state_search::{
    AStar, Cost, DStarLite, Dense, IndexedSpace, Lpa, Problem, Search, Solution, StateSpace,
};

const HELP: &str = "\
usage: replan MAP SCEN [--min-bucket B] [--every K] [--first N] [--changes C] [--block S]
              [--scatter P] [--four] [--seed X] [--verbose]

For each chosen scenario of the Moving AI scenario file SCEN on the map MAP (8-connected,
the benchmark's rules, or with --four 4-connected), runs two agents, each on its own copy
of the map:

  lpa*     LPA* from the scenario's start to its goal; C times, an S x S block of cells
           centred on a random cell of its current path closes, and LPA* replans;
  d*lite   D* Lite; C times, the agent walks part of its current path (evenly, so that it
           nears the goal), an S x S block centred on a random cell of the path ahead of
           it closes, and D* Lite replans from where the agent is.

After each change a fresh A* (dense storage, its buffers reused) searches the same changed
map from the same start, and its cost must equal the replan's. Prints, per agent, the
medians over all replans of the states expanded and the time, of the replan and of the
fresh A*, and the median of their ratios; with --verbose, one line per replan.

  --min-bucket B  only scenarios of bucket B or above (longer paths; default 0)
  --every K       only every K-th of those scenarios (default 1)
  --first N       only the first N scenarios after --every (default 10)
  --changes C     changes per scenario (default 5)
  --block S       the side of the closed block, odd (default 3)
  --scatter P     instead of a block on the path, each change toggles P percent (a
                  decimal) of the map's passable cells, chosen at random anywhere on the
                  map: an open cell closes, a cell closed before opens again
  --four          4-connected moves (all straight, each costing 1) instead of the
                  benchmark's 8; the scenarios give the ends only
  --seed X        the seed of the cells chosen (default 1)
  --verbose       one line per replan
  --              ends the options

Exit status: 0 when every replan's cost equals the fresh A*'s; 1 when one differs (on
standard error); 2 on a bad argument or an unreadable or malformed file.
";

/// What the replans of one agent did.
#[derive(Default)]
struct Tally {
    replans: usize,
    expanded: Vec<u64>,
    fresh_expanded: Vec<u64>,
    times: Vec<Duration>,
    fresh_times: Vec<Duration>,
    ratios: Vec<f64>,
    first_expanded: Vec<u64>,
    differ: Vec<String>,
}

impl Tally {
    #[expect(
        clippy::cast_precision_loss,
        reason = "expansion counts far below 2^53"
    )]
    fn add(&mut self, (replan, fresh): ((u64, Duration), (u64, Duration))) {
        self.replans += 1;
        self.expanded.push(replan.0);
        self.fresh_expanded.push(fresh.0);
        self.times.push(replan.1);
        self.fresh_times.push(fresh.1);
        self.ratios.push(replan.0 as f64 / fresh.0.max(1) as f64);
    }

    fn summary(&mut self, name: &str, scenarios: usize) -> String {
        format!(
            "{name}: {} replans over {scenarios} scenarios (first search: median {} expanded); \
             median expanded {} (fresh A* {}), median ratio {:.4}; median time {:.1} us \
             (fresh A* {:.1} us)",
            self.replans,
            median(&mut self.first_expanded),
            median(&mut self.expanded),
            median(&mut self.fresh_expanded),
            median(&mut self.ratios),
            median(&mut self.times).as_secs_f64() * 1e6,
            median(&mut self.fresh_times).as_secs_f64() * 1e6,
        )
    }
}

/// The median of `values` (the upper one of an even count), or the default when empty.
fn median<T: PartialOrd + Copy + Default>(values: &mut [T]) -> T {
    values.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    values.get(values.len() / 2).copied().unwrap_or_default()
}

/// A* with dense storage, its buffers kept from search to search.
type AStarSearcher = state_search::Searcher<Pos, AStar<OctileCost, Dense<CellIndexer>>>;

/// A fresh A* from `start` to `goal` on `space` in `searcher`: the cost, the expansions
/// and the time.
fn fresh(
    searcher: &mut AStarSearcher,
    space: &ClosableSpace,
    start: Pos,
    goal: Pos,
) -> (Option<OctileCost>, u64, Duration) {
    let started = Instant::now();
    let problem =
        Problem::new(space, [start], move |&p| p == goal).heuristic(space.heuristic(goal));
    let search = searcher.search(&problem);
    let time = started.elapsed();
    (search.found().map(|f| f.cost), search.stats.expanded, time)
}

/// Closes the `side` x `side` block centred on `centre`, except `keep` (the agent's cell
/// and the goal); the steps that changed.
fn close_block(
    space: &mut ClosableSpace,
    (centre, side): (Pos, u32),
    (rows, cols): (u32, u32),
    keep: [Pos; 2],
) -> Vec<(Pos, Pos)> {
    let half = side / 2;
    let mut closed = Vec::new();
    // Cells off the map have nothing to close: the block is clipped to the map, whose
    // cells the path's are, so that a side as large as `u32::MAX` costs the map's size.
    let last = |x: u32, end: u32| x.saturating_add(half).min(end.saturating_sub(1));
    for row in centre.row.saturating_sub(half)..=last(centre.row, rows) {
        for col in centre.col.saturating_sub(half)..=last(centre.col, cols) {
            let cell = Pos::new(row, col);
            if !keep.contains(&cell) && space.close(cell) {
                closed.extend(space.steps_around(cell));
            }
        }
    }
    closed
}

/// Toggles `count` cells of `cells` (the map's passable ones) chosen at random, except
/// `keep` (the agent's cell and the goal): an open one closes, a closed one opens; the
/// steps that changed.
fn scatter(
    space: &mut ClosableSpace,
    (cells, count): (&[Pos], usize),
    rng: &mut SplitMix64,
    keep: [Pos; 2],
) -> Vec<(Pos, Pos)> {
    let mut changed = Vec::new();
    for _ in 0..count {
        let cell = cells[usize::try_from(rng.below(cells.len() as u64)).unwrap_or(0)];
        if !keep.contains(&cell) && (space.close(cell) || space.open(cell)) {
            changed.extend(space.steps_around(cell));
        }
    }
    changed
}

/// Times a replan (`search`) from `from` and checks it against a fresh A* in `astar`,
/// recording both; the new path, if the replan found one.
fn replanned(
    search: impl FnOnce() -> Search<Solution<Pos, OctileCost>>,
    (astar, space, from): (&mut AStarSearcher, &ClosableSpace, Pos),
    (name, options, scenario): (&str, &Options, &Scenario),
    (tally, out): (&mut Tally, &mut String),
) -> Option<Vec<Pos>> {
    let started = Instant::now();
    let replan = search();
    let time = started.elapsed();
    let baseline = fresh(astar, space, from, scenario.goal);
    record(
        tally,
        out,
        (name, options, scenario),
        (&replan, time),
        baseline,
    );
    let found = replan.into_found()?;
    // A path through a closed cell can claim the cost of a valid one: walk it.
    if !walks(space, from, &found) {
        tally.differ.push(format!(
            "{name}: {} -> {}: the replan's path from {from} is not a path of the changed map",
            scenario.start, scenario.goal
        ));
    }
    Some(found.path)
}

/// Whether `found` is a path of `space` from `from` whose steps add up to its cost.
fn walks(space: &ClosableSpace, from: Pos, found: &Solution<Pos, OctileCost>) -> bool {
    let mut cost = Some(OctileCost::ZERO);
    for step in found.path.windows(2) {
        let mut least: Option<OctileCost> = None;
        space.successors(&step[0], |next, c| {
            if next == step[1] && least.is_none_or(|l| c < l) {
                least = Some(c);
            }
        });
        cost = cost.zip(least).and_then(|(sum, c)| sum.checked_plus(c));
    }
    found.path.first() == Some(&from) && cost == Some(found.cost)
}

/// The options.
struct Options {
    changes: usize,
    block: u32,
    /// `--scatter P`: the cells each change toggles, P percent of the passable ones.
    scatter: Option<f64>,
    /// The map's rows and columns.
    size: (u32, u32),
    seed: u64,
    verbose: bool,
}

/// One replan's line, and its check against the fresh search.
fn record(
    tally: &mut Tally,
    out: &mut String,
    (name, options, scenario): (&str, &Options, &Scenario),
    (replan, time): (&Search<Solution<Pos, OctileCost>>, Duration),
    (cost, fresh_expanded, fresh_time): (Option<OctileCost>, u64, Duration),
) {
    let found = replan.found().map(|f| f.cost);
    if found != cost {
        tally.differ.push(format!(
            "{name}: {} -> {}: replan {found:?}, fresh A* {cost:?}",
            scenario.start, scenario.goal
        ));
    }
    tally.add(((replan.stats.expanded, time), (fresh_expanded, fresh_time)));
    if options.verbose {
        let _ = writeln!(
            out,
            "{name} {} -> {}: cost {}, replan {} expanded in {:.1} us, fresh A* {} in {:.1} us",
            scenario.start,
            scenario.goal,
            found.map_or("none".to_owned(), |c| c.to_string()),
            replan.stats.expanded,
            time.as_secs_f64() * 1e6,
            fresh_expanded,
            fresh_time.as_secs_f64() * 1e6,
        );
    }
}

/// LPA* or D* Lite as this program drives them.
trait Replanner {
    /// Its name in the output.
    const NAME: &str;
    /// Whether the agent walks along its path between changes (D* Lite); LPA* keeps its
    /// start.
    const WALKS: bool;
    /// The agent is at `at` now.
    fn move_to(&mut self, at: Pos);
    /// The steps `steps` changed.
    fn changed(&mut self, steps: Vec<(Pos, Pos)>);
    /// Searches again.
    fn replan(&mut self, space: &ClosableSpace) -> Search<Solution<Pos, OctileCost>>;
}

impl Replanner for Lpa<Pos, OctileCost, OctileDistance, Dense<CellIndexer>> {
    const NAME: &str = "lpa*";
    const WALKS: bool = false;
    fn move_to(&mut self, _: Pos) {}
    fn changed(&mut self, steps: Vec<(Pos, Pos)>) {
        self.edges_changed(steps);
    }
    fn replan(&mut self, space: &ClosableSpace) -> Search<Solution<Pos, OctileCost>> {
        self.search(space)
    }
}

impl Replanner for DStarLite<Pos, OctileCost, Connectivity, Dense<CellIndexer>> {
    const NAME: &str = "d*lite";
    const WALKS: bool = true;
    fn move_to(&mut self, at: Pos) {
        DStarLite::move_to(self, at);
    }
    fn changed(&mut self, steps: Vec<(Pos, Pos)>) {
        self.edges_changed(steps);
    }
    fn replan(&mut self, space: &ClosableSpace) -> Search<Solution<Pos, OctileCost>> {
        self.search(space)
    }
}

/// One scenario with `agent`, made by `make` for its space: the first search, then,
/// `changes` times, the agent walks on (D* Lite), a block on the path ahead closes, and
/// the agent replans, each replan checked against a fresh A*.
fn run_agent<R: Replanner>(
    make: impl FnOnce(&ClosableSpace, Pos, Pos) -> R,
    (base, cells, scenario): (&ClosableSpace, &[Pos], &Scenario),
    options: &Options,
    rng: &mut SplitMix64,
    (tally, out): (&mut Tally, &mut String),
) -> Result<(), String> {
    let mut space = base.clone();
    let (start, goal) = (scenario.start, scenario.goal);
    let mut agent = make(&space, start, goal);
    let mut astar = AStar::with_storage(Dense(space.indexer()))
        .searcher()
        .map_err(|e| e.to_string())?;
    let first = agent.replan(&space);
    tally.first_expanded.push(first.stats.expanded);
    let Some(mut path) = first.into_found().map(|found| found.path) else {
        return Ok(());
    };
    // The block closes at least `margin` steps ahead of the agent, and before the goal.
    let margin = if R::WALKS { 2 } else { 1 };
    for change in 0..options.changes {
        // Walk evenly: a share of what is left for each change to come.
        let here = if R::WALKS {
            path[(path.len() - 1) / (options.changes - change + 1)]
        } else {
            start
        };
        agent.move_to(here);
        let ahead = path.iter().position(|&p| p == here).unwrap_or(0);
        let span = (path.len() - ahead).saturating_sub(1 + margin) as u64;
        if span == 0 {
            break;
        }
        let at = ahead + margin + usize::try_from(rng.below(span)).unwrap_or(0);
        let steps = match options.scatter {
            Some(percent) => {
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    clippy::cast_precision_loss,
                    reason = "a share of the cells, at most all of them"
                )]
                let count = (cells.len() as f64 * percent / 100.0).round() as usize;
                scatter(&mut space, (cells, count), rng, [here, goal])
            }
            None => close_block(
                &mut space,
                (path[at], options.block),
                options.size,
                [here, goal],
            ),
        };
        agent.changed(steps);
        let context = (R::NAME, options, scenario);
        let search = || agent.replan(&space);
        match replanned(search, (&mut astar, &space, here), context, (tally, out)) {
            Some(next) => path = next,
            None => break,
        }
    }
    Ok(())
}

fn run() -> Result<bool, String> {
    use lexopt::prelude::*;
    let mut files = Vec::new();
    let (mut min_bucket, mut every, mut first) = (0u32, 1usize, 10usize);
    let mut options = Options {
        changes: 5,
        block: 3,
        scatter: None,
        size: (0, 0),
        seed: 1,
        verbose: false,
    };
    let mut connectivity = Connectivity::Eight;
    let mut given = common::Given::default();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Short('h') | Long("help") => {
                common::help(&mut parser)?;
                return common::write_out(HELP).map(|_| true);
            }
            Long("min-bucket") => {
                min_bucket =
                    common::parse_value("--min-bucket", given.value(&mut parser, "--min-bucket")?)?;
            }
            Long("every") => {
                every = common::parse_value("--every", given.value(&mut parser, "--every")?)?;
            }
            Long("first") => {
                first = common::parse_value("--first", given.value(&mut parser, "--first")?)?;
            }
            Long("changes") => {
                options.changes =
                    common::parse_value("--changes", given.value(&mut parser, "--changes")?)?;
            }
            Long("block") => {
                options.block =
                    common::parse_value("--block", given.value(&mut parser, "--block")?)?;
            }
            Long("scatter") => {
                let value = given.text_value(&mut parser, "--scatter")?;
                match value.parse::<f64>() {
                    Ok(p) if (0.0..=100.0).contains(&p) => options.scatter = Some(p),
                    _ => return Err(format!("--scatter is a percentage, not {value:?}")),
                }
            }
            Long("seed") => {
                options.seed = common::parse_value("--seed", given.value(&mut parser, "--seed")?)?;
            }
            Long("verbose") => options.verbose = true,
            Long("four") => connectivity = Connectivity::Four,
            Value(path) => files.push(PathBuf::from(common::text(path)?)),
            other => return Err(common::arg_error(other.unexpected())),
        }
    }
    if options.block.is_multiple_of(2) {
        return Err("--block must be odd".to_owned());
    }
    let (map, scenarios) = files::load(&files, every)?;
    options.size = (map.height(), map.width());
    let scenarios: Vec<&Scenario> = scenarios
        .iter()
        .filter(|s| s.bucket >= min_bucket)
        .step_by(every)
        .take(first)
        .collect();
    let base = ClosableSpace::new(&map, connectivity);
    // The passable cells, for --scatter.
    let cells: Vec<Pos> = (0..map.height())
        .flat_map(|row| (0..map.width()).map(move |col| Pos::new(row, col)))
        .filter(|&p| map.terrain(p).is_some_and(|t| t != Terrain::OutOfBounds))
        .collect();
    let mut rng = SplitMix64::new(options.seed);
    let (mut lpa, mut dstar) = (Tally::default(), Tally::default());
    let mut out = String::new();
    for scenario in &scenarios {
        let lpa_of = |space: &ClosableSpace, start, goal| {
            Lpa::with_storage(Dense(space.indexer()), start, goal, space.heuristic(goal))
        };
        let dstar_of = |space: &ClosableSpace, start, goal| {
            DStarLite::with_storage(Dense(space.indexer()), start, goal, connectivity)
        };
        let on = (&base, cells.as_slice(), *scenario);
        run_agent(lpa_of, on, &options, &mut rng, (&mut lpa, &mut out))?;
        run_agent(dstar_of, on, &options, &mut rng, (&mut dstar, &mut out))?;
    }
    let _ = writeln!(out, "{}", lpa.summary("lpa*", scenarios.len()));
    let _ = writeln!(out, "{}", dstar.summary("d*lite", scenarios.len()));
    common::write_out(&out)?;
    for line in lpa.differ.iter().chain(&dstar.differ).take(10) {
        eprintln!("{line}");
    }
    Ok(lpa.differ.is_empty() && dstar.differ.is_empty())
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => common::exit_error("replan", &error),
    }
}
