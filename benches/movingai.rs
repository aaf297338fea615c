//! The Moving AI benchmark: twenty scenarios spread over each of six maps' files (short to
//! long), solved by A* over the cells, by A* over the jump points (JPS), and by
//! `pathfinding`'s A* given the same moves. Every run asserts each length against the
//! printed one.
//!
//! Run with `cargo bench --features domains --bench movingai`; `BENCHMARKS.md` has the last figures.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use state_search::domains::movingai::{Connectivity, OctileCost, OctileMap, OctileSpace, Scenario};
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

/// A map's space and `QUERIES` of its scenarios, evenly spread over the file.
fn load(name: &str) -> (OctileSpace, Vec<Scenario>) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/movingai");
    let read = |file: String| std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
    let map = OctileMap::parse(&read(format!("{name}.map"))).unwrap();
    let all = Scenario::parse_list_for(&read(format!("{name}.map.scen")), &map).unwrap();
    let every = (all.len() / QUERIES).max(1);
    let scenarios = all.into_iter().step_by(every).take(QUERIES).collect();
    (OctileSpace::new(&map, Connectivity::Eight), scenarios)
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

/// A method: the cost it finds from a start to a goal.
type Method = fn(&OctileSpace, Pos, Pos) -> OctileCost;

fn movingai(c: &mut Criterion) {
    let mut group = c.benchmark_group("movingai");
    group.sample_size(10);
    let methods: [(&str, Method); 3] = [
        ("astar", cells_astar),
        ("jps", jps),
        ("pathfinding-astar", pathfinding_astar),
    ];
    for name in MAPS {
        let (space, scenarios) = load(name);
        for (method, solve) in methods {
            group.bench_function(BenchmarkId::new(method, name), |b| {
                b.iter(|| {
                    for scenario in &scenarios {
                        let cost = solve(black_box(&space), scenario.start, scenario.goal);
                        assert!(scenario.optimal.matches_cost(cost), "{method}: {cost}");
                    }
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, movingai);
criterion_main!(benches);
