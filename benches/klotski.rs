//! Klotski: the full BFS of 横刀立马 (25,955 layouts) with hashed storage, with dense
//! storage over the placement ranking, and by `pathfinding`; and the shortest solutions
//! under the three metrics. Every bench asserts its answer.
//!
//! Run with `cargo bench --features domains --bench klotski`; `BENCHMARKS.md` has the last figures.

use state_search::{Problem, Solver};
use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use state_search::Limits;
use state_search::domains::sliding::klotski::{Layout, Metric, Puzzle};
use state_search::{Bfs, Dense, StateSpace};

const REACHABLE: usize = 25_955;

fn full_bfs(c: &mut Criterion) {
    let puzzle = Puzzle::classic();
    let space = puzzle.space(Metric::Step);
    let start = puzzle.start();
    let indexer = puzzle
        .indexer(1 << 20)
        .expect("the classic pieces have 65,880 placements");
    let mut group = c.benchmark_group("klotski/full-bfs");
    group.sample_size(20);
    group.bench_function(BenchmarkId::new("state-search hashed", "hengdao"), |b| {
        b.iter(|| {
            let search = Bfs::new().search(&Problem::new(black_box(&space), [start], |_| false));
            assert_eq!(search.stats.stored, REACHABLE);
        });
    });
    group.bench_function(
        BenchmarkId::new("state-search hashed reused", "hengdao"),
        |b| {
            let mut bfs = Bfs::new().searcher().expect("hashed storage");
            b.iter(|| {
                let search = bfs.reach(black_box(&space), [start]);
                assert_eq!(search.stats.stored, REACHABLE);
            });
        },
    );
    group.bench_function(
        BenchmarkId::new("state-search dense ranking", "hengdao"),
        |b| {
            let mut bfs = Bfs::with_storage(Dense(indexer.clone()))
                .searcher()
                .expect("the dense store fits");
            b.iter(|| {
                let search = bfs.reach(black_box(&space), [start]);
                assert_eq!(search.stats.stored, REACHABLE);
            });
        },
    );
    group.bench_function(BenchmarkId::new("ranking built + dense", "hengdao"), |b| {
        b.iter(|| {
            let indexer = black_box(&puzzle)
                .indexer(1 << 20)
                .expect("65,880 placements");
            let search =
                Bfs::with_storage(Dense(indexer)).search(&Problem::new(&space, [start], |_| false));
            assert_eq!(search.stats.stored, REACHABLE);
        });
    });
    group.bench_function(BenchmarkId::new("pathfinding bfs_reach", "hengdao"), |b| {
        b.iter(|| {
            let successors = |layout: &Layout| {
                let mut next = Vec::new();
                black_box(&space).successors(layout, |s, _| next.push(s));
                next
            };
            let count = pathfinding::prelude::bfs_reach(start, successors).count();
            assert_eq!(count, REACHABLE);
        });
    });
    group.finish();
}

fn solve(c: &mut Criterion) {
    let puzzle = Puzzle::classic();
    let mut group = c.benchmark_group("klotski/solve");
    group.sample_size(20);
    for (metric, moves) in [(Metric::Step, 116), (Metric::Line, 90), (Metric::Any, 81)] {
        let name = format!("{metric:?}").to_lowercase();
        group.bench_function(BenchmarkId::new("state-search hashed", &name), |b| {
            b.iter(|| {
                let solution = black_box(&puzzle)
                    .solve(metric, &Puzzle::DEFAULT_STRATEGY, &Limits::new())
                    .expect("BFS applies")
                    .into_found()
                    .expect("solvable");
                assert_eq!(solution.moves.len(), moves);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, full_bfs, solve);
criterion_main!(benches);
