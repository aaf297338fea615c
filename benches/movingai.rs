//! The Moving AI benchmark: twenty scenarios spread over each of six maps' files (short to
//! long; group `movingai`), and the first twenty of bucket 0, the shortest (group
//! `movingai-bucket0`), solved by A* over the cells, by A* over the jump points (JPS),
//! by A* over the jump points of a `JumpTable` built once per map (JPS+), each through
//! `Strategy::run` and through a `StrategySearcher` kept across queries, and by
//! `pathfinding`'s A* given the same moves. Every run asserts each length against the
//! printed one. Group `movingai-jump-table`: the build of each map's table.
//!
//! Run with `cargo bench --features domains --bench movingai`; `BENCHMARKS.md` has the last figures.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use state_search::domains::movingai::{
    Connectivity, JumpTable, OctileCost, OctileMap, OctileSpace, Scenario,
};
use state_search::grid::Pos;
use state_search::{Limits, Problem, Strategy};

const MAPS: [&str; 6] = [
    "Boston_0_512",
    "brc202d",
    "den602d",
    "maze512-1-9",
    "nighthaven",
    "random512-40-5",
];

/// The scenarios per map.
const QUERIES: usize = 20;

/// A map's space, `QUERIES` of its scenarios evenly spread over the file, and its first
/// `QUERIES` scenarios of bucket 0.
fn load(name: &str) -> (OctileSpace, Vec<Scenario>, Vec<Scenario>) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/movingai");
    let read = |file: String| std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
    let map = OctileMap::parse(&read(format!("{name}.map"))).unwrap();
    let all = Scenario::parse_list_for(&read(format!("{name}.map.scen")), &map).unwrap();
    let every = (all.len() / QUERIES).max(1);
    let spread = all.iter().step_by(every).take(QUERIES).cloned().collect();
    let shortest = all
        .into_iter()
        .filter(|s| s.bucket == 0)
        .take(QUERIES)
        .collect();
    (
        OctileSpace::new(&map, Connectivity::Eight),
        spread,
        shortest,
    )
}

/// One unit of `pathfinding`'s fixed-point costs: 10^-9.
const UNIT: u64 = 1_000_000_000;
/// √2 in those units, cut after 9 decimals as the scenario files compute it.
const ROOT_2: u64 = 1_414_213_562;

/// The straight and diagonal moves of a path of cells.
fn moves_of(path: &[Pos]) -> OctileCost {
    let diagonal = path
        .windows(2)
        .filter(|w| w[0].row != w[1].row && w[0].col != w[1].col)
        .count();
    let diagonal = u32::try_from(diagonal).unwrap();
    OctileCost::new(u32::try_from(path.len() - 1).unwrap() - diagonal, diagonal)
}

fn pathfinding_astar(space: &OctileSpace, start: Pos, goal: Pos) -> OctileCost {
    let successors = |&p: &Pos| {
        let mut next = Vec::with_capacity(8);
        space.moves(p, |q, cost| {
            next.push((
                q,
                if cost == OctileCost::STRAIGHT {
                    UNIT
                } else {
                    ROOT_2
                },
            ));
        });
        next
    };
    let heuristic = |p: &Pos| {
        let octile = OctileCost::octile(*p, goal);
        u64::from(octile.straight()) * UNIT + u64::from(octile.diagonal()) * ROOT_2
    };
    let (path, _) =
        pathfinding::prelude::astar(&start, successors, heuristic, |&p| p == goal).expect("a path");
    moves_of(&path)
}

fn cells_astar(space: &OctileSpace, start: Pos, goal: Pos) -> OctileCost {
    let problem = Problem::new(space, [start], move |&p| p == goal)
        .heuristic(space.heuristic(goal))
        .indexed();
    let search = Strategy::AStar.run(&problem, &Limits::new()).unwrap();
    search.into_found().expect("a path").cost
}

fn jps(space: &OctileSpace, start: Pos, goal: Pos) -> OctileCost {
    let jumps = space.jump_points(goal).unwrap();
    let search = Strategy::AStar
        .run(&jumps.problem(start), &Limits::new())
        .unwrap();
    search.into_found().expect("a path").cost
}

/// Runs `method` on every scenario, asserting each length.
fn solve_all(scenarios: &[Scenario], method: &str, mut solve: impl FnMut(Pos, Pos) -> OctileCost) {
    for scenario in scenarios {
        let cost = solve(scenario.start, scenario.goal);
        assert!(scenario.optimal.matches_cost(cost), "{method}: {cost}");
    }
}

/// The methods on `scenarios` of one map, as benchmarks `group/METHOD/name`: each
/// iteration solves every scenario. The searchers keep their buffers across iterations,
/// as a program answering many queries on one map keeps them.
fn methods(
    c: &mut Criterion,
    group: &str,
    name: &str,
    space: &OctileSpace,
    scenarios: &[Scenario],
) {
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    let id = |method| BenchmarkId::new(method, name);
    let space = black_box(space);
    group.bench_function(id("astar"), |b| {
        b.iter(|| solve_all(scenarios, "astar", |s, g| cells_astar(space, s, g)));
    });
    let mut astar = Strategy::AStar.searcher();
    group.bench_function(id("astar-searcher"), |b| {
        b.iter(|| {
            solve_all(scenarios, "astar-searcher", |start, goal| {
                let problem = Problem::new(space, [start], move |&p| p == goal)
                    .heuristic(space.heuristic(goal))
                    .indexed();
                let search = astar.run(&problem, &Limits::new()).unwrap();
                search.into_found().expect("a path").cost
            });
        });
    });
    group.bench_function(id("jps"), |b| {
        b.iter(|| solve_all(scenarios, "jps", |s, g| jps(space, s, g)));
    });
    let mut jps = Strategy::AStar.searcher();
    group.bench_function(id("jps-searcher"), |b| {
        b.iter(|| {
            solve_all(scenarios, "jps-searcher", |start, goal| {
                let jumps = space.jump_points(goal).unwrap();
                let search = jps.run(&jumps.problem(start), &Limits::new()).unwrap();
                search.into_found().expect("a path").cost
            });
        });
    });
    let table = JumpTable::new(space).unwrap();
    group.bench_function(id("jps+"), |b| {
        b.iter(|| {
            solve_all(scenarios, "jps+", |start, goal| {
                let jumps = table.jump_points(goal);
                let search = Strategy::AStar
                    .run(&jumps.problem(start), &Limits::new())
                    .unwrap();
                search.into_found().expect("a path").cost
            });
        });
    });
    let mut jps_plus = Strategy::AStar.searcher();
    group.bench_function(id("jps+-searcher"), |b| {
        b.iter(|| {
            solve_all(scenarios, "jps+-searcher", |start, goal| {
                let jumps = table.jump_points(goal);
                let search = jps_plus.run(&jumps.problem(start), &Limits::new()).unwrap();
                search.into_found().expect("a path").cost
            });
        });
    });
    group.bench_function(id("pathfinding-astar"), |b| {
        b.iter(|| {
            solve_all(scenarios, "pathfinding-astar", |s, g| {
                pathfinding_astar(space, s, g)
            });
        });
    });
    group.finish();
}

/// Per map: `QUERIES` scenarios spread over the file (group `movingai`), the first
/// `QUERIES` of bucket 0, the shortest (group `movingai-bucket0`), and the build of the
/// map's jump table (group `movingai-jump-table`).
fn movingai(c: &mut Criterion) {
    for name in MAPS {
        let (space, spread, shortest) = load(name);
        methods(c, "movingai", name, &space, &spread);
        methods(c, "movingai-bucket0", name, &space, &shortest);
        let mut group = c.benchmark_group("movingai-jump-table");
        group.sample_size(10);
        group.bench_function(BenchmarkId::new("build", name), |b| {
            b.iter(|| JumpTable::new(black_box(&space)).unwrap().bytes());
        });
        group.finish();
    }
}

criterion_group!(benches, movingai);
criterion_main!(benches);
