//! The core workload: a 1000x1000 4-connected grid with 30% walls (fixed seed), corner to
//! corner, solved by this crate's engines, by `pathfinding` 4.x given the same successor
//! function, and (for BFS) by a hand-written array BFS. Every bench asserts its answer.
//!
//! Run with `cargo bench --features domains --bench grid`; `BENCHMARKS.md` has the last figures.

use state_search::Solver;
use std::collections::VecDeque;
use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use state_search::domains::maze::GridMaze;
use state_search::grid::Pos;
use state_search::queue::{BucketQueue, RadixQueue};
use state_search::rng::SplitMix64;
use state_search::strategy::Queue;
use state_search::{
    AStar, Bfs, Dense, Dijkstra, IndexedSpace, Limits, Outcome, Problem, StateIndexer,
    StoragePolicy, Strategy,
};

const SIDE: u32 = 1000;
const WALLS: u32 = 30;
const SEED: u64 = 13;

fn uniform() -> GridMaze {
    GridMaze::random(SIDE, SIDE, WALLS, 1, SEED)
}

fn weighted() -> GridMaze {
    GridMaze::random(SIDE, SIDE, WALLS, 9, SEED)
}

/// The baseline: BFS over the cell array with a flat parent array and a `VecDeque`,
/// goal tested when a cell is generated; returns the path length.
fn array_bfs(maze: &GridMaze) -> Option<usize> {
    let costs = maze.costs();
    let width = costs.cols() as usize;
    let cells = costs.cells();
    let start = costs.index_of(maze.start());
    let goal = costs.index_of(maze.goal());
    let mut parent = vec![u32::MAX; cells.len()];
    let mut queue = VecDeque::new();
    parent[start] = u32::try_from(start).ok()?;
    queue.push_back(start);
    let found = 'search: {
        if start == goal {
            break 'search true;
        }
        while let Some(cell) = queue.pop_front() {
            let (row, col) = (cell / width, cell % width);
            let mut next = [usize::MAX; 4];
            if row > 0 {
                next[0] = cell - width;
            }
            if row + 1 < cells.len() / width {
                next[1] = cell + width;
            }
            if col > 0 {
                next[2] = cell - 1;
            }
            if col + 1 < width {
                next[3] = cell + 1;
            }
            for n in next {
                if n != usize::MAX && cells[n] != 0 && parent[n] == u32::MAX {
                    parent[n] = u32::try_from(cell).ok()?;
                    if n == goal {
                        break 'search true;
                    }
                    queue.push_back(n);
                }
            }
        }
        false
    };
    if !found {
        return None;
    }
    let mut steps = 0;
    let mut at = goal;
    while at != start {
        at = parent[at] as usize;
        steps += 1;
    }
    Some(steps)
}

fn expect_cost<C: Copy + PartialEq + core::fmt::Debug>(
    outcome: &Outcome<state_search::Solution<Pos, C>>,
    cost: C,
) {
    match outcome {
        Outcome::Found(found) => assert_eq!(found.cost, cost),
        other => panic!("expected a path of cost {cost:?}, got {other:?}"),
    }
}

fn bfs(c: &mut Criterion) {
    let maze = uniform();
    let (start, goal) = (maze.start(), maze.goal());
    let steps = array_bfs(&maze).expect("the benchmark maze is connected corner to corner");
    let mut group = c.benchmark_group("grid1000/bfs");
    group.sample_size(20);
    group.bench_function(BenchmarkId::new("hand-written array", SIDE), |b| {
        b.iter(|| assert_eq!(array_bfs(black_box(&maze)), Some(steps)));
    });
    group.bench_function(BenchmarkId::new("state-search dense", SIDE), |b| {
        b.iter(|| {
            let bfs = Bfs::with_storage(Dense(maze.indexer()));
            let search = bfs.search(&Problem::new(black_box(&maze), [start], |&p| p == goal));
            expect_cost(&search.outcome, steps);
        });
    });
    group.bench_function(BenchmarkId::new("state-search dense reused", SIDE), |b| {
        let mut bfs = Bfs::with_storage(Dense(maze.indexer()))
            .searcher()
            .expect("the dense store fits");
        b.iter(|| {
            let search = bfs.search(&Problem::new(black_box(&maze), [start], |&p| p == goal));
            expect_cost(&search.outcome, steps);
        });
    });
    group.bench_function(BenchmarkId::new("state-search hashed", SIDE), |b| {
        b.iter(|| {
            let search = state_search::bfs(black_box(&maze), [start], |&p| p == goal);
            expect_cost(&search.outcome, steps);
        });
    });
    group.bench_function(BenchmarkId::new("pathfinding", SIDE), |b| {
        b.iter(|| {
            let path = pathfinding::prelude::bfs(
                &start,
                |&p| black_box(&maze).neighbours(p).map(|(q, _)| q),
                |&p| p == goal,
            );
            assert_eq!(path.map(|p| p.len() - 1), Some(steps));
        });
    });
    group.finish();
}

fn dijkstra(c: &mut Criterion) {
    let maze = weighted();
    let (start, goal) = (maze.start(), maze.goal());
    let cost = pathfinding::prelude::dijkstra(&start, |&p| maze.neighbours(p), |&p| p == goal)
        .expect("the benchmark maze is connected corner to corner")
        .1;
    let mut group = c.benchmark_group("grid1000/dijkstra");
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("state-search dense heap", SIDE), |b| {
        b.iter(|| {
            let dijkstra = Dijkstra::with_storage(Dense(maze.indexer()));
            expect_cost(
                &dijkstra
                    .search(&Problem::new(black_box(&maze), [start], |&p| p == goal))
                    .outcome,
                cost,
            );
        });
    });
    group.bench_function(BenchmarkId::new("state-search dense bucket", SIDE), |b| {
        b.iter(|| {
            let dijkstra =
                Dijkstra::with_storage(Dense(maze.indexer())).with_queue(BucketQueue::new());
            expect_cost(
                &dijkstra
                    .search(&Problem::new(black_box(&maze), [start], |&p| p == goal))
                    .outcome,
                cost,
            );
        });
    });
    group.bench_function(BenchmarkId::new("state-search dense radix", SIDE), |b| {
        b.iter(|| {
            let dijkstra =
                Dijkstra::with_storage(Dense(maze.indexer())).with_queue(RadixQueue::new());
            expect_cost(
                &dijkstra
                    .search(&Problem::new(black_box(&maze), [start], |&p| p == goal))
                    .outcome,
                cost,
            );
        });
    });
    group.bench_function(BenchmarkId::new("state-search hashed heap", SIDE), |b| {
        b.iter(|| {
            let search = state_search::dijkstra(black_box(&maze), [start], |&p| p == goal);
            expect_cost(&search.outcome, cost);
        });
    });
    group.bench_function(BenchmarkId::new("state-search hashed bucket", SIDE), |b| {
        b.iter(|| {
            let problem = Problem::new(black_box(&maze), [start], |&p: &Pos| p == goal)
                .storage(StoragePolicy::Hashed);
            let search = Strategy::Dijkstra(Queue::Bucket)
                .run(&problem, &Limits::new())
                .expect("the maze's costs are unsigned");
            expect_cost(&search.outcome, cost);
        });
    });
    group.bench_function(BenchmarkId::new("pathfinding", SIDE), |b| {
        b.iter(|| {
            let found = pathfinding::prelude::dijkstra(
                &start,
                |&p| black_box(&maze).neighbours(p),
                |&p| p == goal,
            );
            assert_eq!(found.map(|(_, c)| c), Some(cost));
        });
    });
    group.finish();
}

fn astar(c: &mut Criterion) {
    let maze = weighted();
    let (start, goal) = (maze.start(), maze.goal());
    let cost = pathfinding::prelude::dijkstra(&start, |&p| maze.neighbours(p), |&p| p == goal)
        .expect("the benchmark maze is connected corner to corner")
        .1;
    let h = |p: &Pos| maze.manhattan(p);
    let mut group = c.benchmark_group("grid1000/astar");
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("state-search dense", SIDE), |b| {
        b.iter(|| {
            let astar = AStar::with_storage(Dense(maze.indexer()));
            expect_cost(
                &astar
                    .search(&Problem::new(black_box(&maze), [start], |&p| p == goal).heuristic(&h))
                    .outcome,
                cost,
            );
        });
    });
    group.bench_function(BenchmarkId::new("state-search dense bucket", SIDE), |b| {
        b.iter(|| {
            let astar = AStar::with_storage(Dense(maze.indexer())).with_queue(BucketQueue::new());
            expect_cost(
                &astar
                    .search(&Problem::new(black_box(&maze), [start], |&p| p == goal).heuristic(&h))
                    .outcome,
                cost,
            );
        });
    });
    // Through the strategy, as users and the examples run it: dense storage (the maze has
    // an indexer) and `BucketQueue::lifo()`.
    group.bench_function(BenchmarkId::new("state-search astar:bucket", SIDE), |b| {
        b.iter(|| {
            let problem = Problem::new(black_box(&maze), [start], |&p: &Pos| p == goal)
                .heuristic(h)
                .indexed();
            let search = Strategy::AStarBucket
                .run(&problem, &Limits::new())
                .expect("the maze's costs are unsigned");
            expect_cost(&search.outcome, cost);
        });
    });
    group.bench_function(BenchmarkId::new("state-search hashed", SIDE), |b| {
        b.iter(|| {
            let search = state_search::astar(black_box(&maze), [start], &h, |&p| p == goal);
            expect_cost(&search.outcome, cost);
        });
    });
    group.bench_function(
        BenchmarkId::new("state-search hashed astar:bucket", SIDE),
        |b| {
            b.iter(|| {
                let problem = Problem::new(black_box(&maze), [start], |&p: &Pos| p == goal)
                    .heuristic(h)
                    .storage(StoragePolicy::Hashed);
                let search = Strategy::AStarBucket
                    .run(&problem, &Limits::new())
                    .expect("the maze's costs are unsigned");
                expect_cost(&search.outcome, cost);
            });
        },
    );
    group.bench_function(BenchmarkId::new("pathfinding", SIDE), |b| {
        b.iter(|| {
            let found = pathfinding::prelude::astar(
                &start,
                |&p| black_box(&maze).neighbours(p),
                |p| maze.manhattan(p),
                |&p| p == goal,
            );
            assert_eq!(found.map(|(_, c)| c), Some(cost));
        });
    });
    group.finish();
}

/// Cells `0..n` of the wide-cost grid, numbered by themselves.
#[derive(Clone, Copy)]
struct Cells(usize);

impl StateIndexer<u32> for Cells {
    fn bound(&self) -> usize {
        self.0
    }
    fn index(&self, cell: &u32) -> usize {
        *cell as usize
    }
    fn state(&self, index: usize) -> u32 {
        u32::try_from(index).unwrap_or(u32::MAX)
    }
}

/// Dijkstra's queues when step costs spread over 1..=100,000: an open 1000x1000 grid whose
/// cells cost a seeded random amount to enter. Dial's ring then holds 100,000 buckets.
fn dijkstra_wide_costs(c: &mut Criterion) {
    let side = SIDE as usize;
    let mut rng = SplitMix64::new(SEED);
    let costs: Vec<u32> = (0..side * side)
        .map(|_| 1 + u32::try_from(rng.below(100_000)).unwrap_or(0))
        .collect();
    let space = state_search::from_fn(|&cell: &u32| {
        let cell = cell as usize;
        let (row, col) = (cell / side, cell % side);
        let up = (row > 0).then(|| cell - side);
        let down = (row + 1 < side).then(|| cell + side);
        let left = (col > 0).then(|| cell - 1);
        let right = (col + 1 < side).then(|| cell + 1);
        [up, down, left, right]
            .into_iter()
            .flatten()
            .map(|next| (u32::try_from(next).unwrap_or(0), costs[next]))
    });
    let goal = u32::try_from(side * side - 1).unwrap_or(0);
    let cost = Dijkstra::with_storage(Dense(Cells(side * side)))
        .search(&Problem::new(&space, [0], |&c| c == goal))
        .into_found()
        .map(|found| found.cost)
        .expect("an open grid is connected");
    let mut group = c.benchmark_group("grid1000/dijkstra-costs-to-100000");
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("state-search dense heap", SIDE), |b| {
        b.iter(|| {
            let dijkstra = Dijkstra::with_storage(Dense(Cells(side * side)));
            let search = dijkstra.search(&Problem::new(black_box(&space), [0], |&c| c == goal));
            assert_eq!(search.found().map(|f| f.cost), Some(cost));
        });
    });
    group.bench_function(BenchmarkId::new("state-search dense bucket", SIDE), |b| {
        b.iter(|| {
            let dijkstra =
                Dijkstra::with_storage(Dense(Cells(side * side))).with_queue(BucketQueue::new());
            let search = dijkstra.search(&Problem::new(black_box(&space), [0], |&c| c == goal));
            assert_eq!(search.found().map(|f| f.cost), Some(cost));
        });
    });
    group.bench_function(BenchmarkId::new("state-search dense radix", SIDE), |b| {
        b.iter(|| {
            let dijkstra =
                Dijkstra::with_storage(Dense(Cells(side * side))).with_queue(RadixQueue::new());
            let search = dijkstra.search(&Problem::new(black_box(&space), [0], |&c| c == goal));
            assert_eq!(search.found().map(|f| f.cost), Some(cost));
        });
    });
    group.finish();
}

criterion_group!(benches, bfs, dijkstra, astar, dijkstra_wide_costs);
criterion_main!(benches);
