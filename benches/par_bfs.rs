//! Layer-parallel BFS (`par-bfs`, feature `parallel`) against itself and the sequential
//! engine: a 4000x4000 4-connected grid maze with 30% walls (fixed seed; 1000x1000 when
//! `cargo test` runs the bench once), corner to corner. About 8,000 BFS layers of about
//! 1,400 states each: the per-layer cost of the parallel loop shows. `ParBfs` is called
//! directly (the engine itself, without `Strategy`'s dispatch) on a
//! local rayon pool of 1 and of 2 threads; the sequential dense `Bfs` is the baseline.
//! Every bench asserts its answer.
//!
//! Run with `cargo bench --features parallel,domains --bench par_bfs`; compare the 1- and 2-thread
//! figures of one run (the ratio is what matters on a shared machine).

use state_search::{Problem, Solver};
use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rayon::ThreadPoolBuilder;
use state_search::domains::maze::GridMaze;
use state_search::{Bfs, Dense, IndexedSpace, ParBfs};

/// Whether this is `cargo test` running the bench once (the test profile keeps debug
/// assertions): the maze is then 1000x1000, to keep the test suite fast.
const TEST_MODE: bool = cfg!(debug_assertions);
const WALLS: u32 = 30;
const SEED: u64 = 7;

fn par_bfs(c: &mut Criterion) {
    let side = if TEST_MODE { 1000 } else { 4000 };
    let maze = GridMaze::random(side, side, WALLS, 1, SEED);
    let (start, goal) = (maze.start(), maze.goal());
    let steps = Bfs::with_storage(Dense(maze.indexer()))
        .search(&Problem::new(&maze, [start], |&p| p == goal))
        .into_found()
        .expect("the benchmark maze is connected corner to corner")
        .path
        .len()
        - 1;
    let mut group = c.benchmark_group(format!("maze{side}/par-bfs"));
    group.sample_size(10);
    for threads in [1, 2] {
        let pool = ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a rayon pool");
        group.bench_function(BenchmarkId::new("threads", threads), |b| {
            b.iter(|| {
                let search = pool
                    .install(|| {
                        ParBfs::new()
                            .search(black_box(&maze), &maze.indexer(), [start], |&p| p == goal)
                    })
                    .expect("the marks and parents fit");
                assert_eq!(search.found().map(|f| f.cost), Some(steps));
            });
        });
    }
    group.bench_function("sequential dense bfs", |b| {
        b.iter(|| {
            let bfs = Bfs::with_storage(Dense(maze.indexer()));
            let search = bfs.search(&Problem::new(black_box(&maze), [start], |&p| p == goal));
            assert_eq!(search.found().map(|f| f.path.len() - 1), Some(steps));
        });
    });
    group.finish();
}

criterion_group!(benches, par_bfs);
criterion_main!(benches);
