//! Huarong Road (NOIP 2013): the contest maximum (30 x 30, q = 500) answered by both
//! views and every engine, with the abstraction built eagerly or lazily, with and
//! without landmarks; and how the time per query grows with the board (30, 100 and 300
//! sides, 20% fixed cells). Fixed seeds; every bench asserts its answers against another
//! engine's.
//!
//! Run with `cargo bench --features domains --bench huarong`; `BENCHMARKS.md` has the last figures and the
//! whole-process comparison with the contest program.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use state_search::domains::sliding::huarong::{
    Board, HuarongSolver, Input, Method, Options, Precompute, Query,
};
use state_search::strategy::Queue;
use state_search::{Limits, Strategy};

const SEED: u64 = 2013;
const FIXED_PERCENT: u32 = 20;

/// `cargo test` runs every bench once with debug assertions: keep that run small.
const QUICK: bool = cfg!(debug_assertions);

fn options(precompute: Precompute, landmarks: usize) -> Options {
    Options {
        precompute,
        landmarks,
    }
}

/// Answers every query with one solver built from `board`.
fn answer_all(
    board: &Board,
    options: Options,
    queries: &[Query],
    method: Method,
    engine: Strategy,
) -> Vec<Option<u32>> {
    let mut solver =
        HuarongSolver::with_options(board.clone(), options).expect("the board fits in memory");
    queries
        .iter()
        .map(|q| {
            solver
                .solve(q, method, &engine, &Limits::new())
                .expect("valid queries")
                .found()
                .copied()
        })
        .collect()
}

fn contest_max(c: &mut Criterion) {
    let queries = if QUICK { 20 } else { 500 };
    let input = Input::random(30, 30, FIXED_PERCENT, queries, SEED);
    let board = &input.board;
    // The reference: Dijkstra on the abstraction without landmarks.
    let expected = answer_all(
        board,
        options(Precompute::Eager, 0),
        &input.queries,
        Method::Abstract,
        Strategy::Dijkstra(Queue::Bucket),
    );
    let mut group = c.benchmark_group("huarong/contest-max-30x30");
    group.sample_size(10);
    let runs = [
        (
            "abstract astar, 8 landmarks",
            options(Precompute::Eager, 8),
            Strategy::AStar,
        ),
        (
            "abstract astar, no landmarks",
            options(Precompute::Eager, 0),
            Strategy::AStar,
        ),
        (
            "abstract dijkstra",
            options(Precompute::Eager, 0),
            Strategy::Dijkstra(Queue::Bucket),
        ),
        (
            "abstract spfa",
            options(Precompute::Eager, 0),
            Strategy::Spfa,
        ),
        (
            "abstract astar, lazy walks",
            options(Precompute::Lazy, 0),
            Strategy::AStar,
        ),
        (
            "abstract dijkstra, lazy walks",
            options(Precompute::Lazy, 0),
            Strategy::Dijkstra(Queue::Bucket),
        ),
    ];
    for (name, options, engine) in runs {
        group.bench_function(BenchmarkId::new(name, queries), |b| {
            b.iter(|| {
                let answers = answer_all(
                    black_box(board),
                    options,
                    &input.queries,
                    Method::Abstract,
                    engine,
                );
                assert_eq!(answers, expected);
            });
        });
    }
    // The plain view on the first queries only: it is far slower.
    let few = if QUICK { 3 } else { 50 };
    for engine in [Strategy::Bfs, Strategy::AStar] {
        let name = format!("plain {engine:?}").to_lowercase();
        group.bench_function(BenchmarkId::new(name, few), |b| {
            b.iter(|| {
                let answers = answer_all(
                    black_box(board),
                    options(Precompute::Lazy, 0),
                    &input.queries[..few],
                    Method::Plain,
                    engine,
                );
                assert_eq!(answers, expected[..few]);
            });
        });
    }
    for (name, options) in [
        ("build eager, 8 landmarks", options(Precompute::Eager, 8)),
        ("build eager, no landmarks", options(Precompute::Eager, 0)),
        ("build lazy", options(Precompute::Lazy, 0)),
    ] {
        group.bench_function(BenchmarkId::new(name, 0), |b| {
            b.iter(|| {
                let solver = HuarongSolver::with_options(black_box(board).clone(), options)
                    .expect("the board fits in memory");
                assert!(solver.abstraction().computed_cells() <= board.movable_cells());
            });
        });
    }
    group.finish();
}

/// The time of one query, cycling through the first queries of a random board of each
/// size; answers checked against Dijkstra.
fn growth(c: &mut Criterion) {
    let sides: &[u32] = if QUICK { &[30, 60] } else { &[30, 100, 300] };
    let sample = if QUICK { 4 } else { 50 };
    let mut group = c.benchmark_group("huarong/growth-per-query");
    group.sample_size(10);
    for &side in sides {
        let input = Input::random(side, side, FIXED_PERCENT, 1000, SEED + u64::from(side));
        let queries = &input.queries[..sample];
        let expected = answer_all(
            &input.board,
            options(Precompute::Eager, 0),
            queries,
            Method::Abstract,
            Strategy::Dijkstra(Queue::Bucket),
        );
        let mut engines = vec![
            ("abstract astar", Method::Abstract, Strategy::AStar),
            (
                "abstract dijkstra",
                Method::Abstract,
                Strategy::Dijkstra(Queue::Bucket),
            ),
        ];
        if side <= 30 {
            // (n m)^2 states: beyond about a thousand cells a query takes seconds.
            engines.push(("plain bfs", Method::Plain, Strategy::Bfs));
            engines.push(("plain astar", Method::Plain, Strategy::AStar));
        }
        for (name, method, engine) in engines {
            let mut solver =
                HuarongSolver::new(input.board.clone()).expect("the board fits in memory");
            let mut next = 0;
            group.bench_function(BenchmarkId::new(name, side), |b| {
                b.iter(|| {
                    let at = next % sample;
                    next += 1;
                    let answer = solver
                        .solve(black_box(&queries[at]), method, &engine, &Limits::new())
                        .expect("valid query");
                    assert_eq!(answer.found().copied(), expected[at]);
                });
            });
        }
        group.bench_function(BenchmarkId::new("build (eager, 8 landmarks)", side), |b| {
            b.iter(|| {
                let solver = HuarongSolver::new(black_box(&input.board).clone())
                    .expect("the board fits in memory");
                assert_eq!(solver.abstraction().landmarks().len(), 8);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, contest_max, growth);
criterion_main!(benches);
