//! The grid mazes with keys: the key-door maze (200x200, 7 key types, 25% walls, start
//! and target in opposite corners; 100x100 when `cargo test` runs the bench once) for
//! both objectives, and the pipe-key maze (20x20,
//! the contest's size) with a reachable and a walled-in exit. Every instance is generated
//! from a fixed seed; every bench asserts its answer, computed once by Dijkstra.
//!
//! Run with `cargo bench --features domains --bench mazes`; `BENCHMARKS.md` has the last figures and the
//! whole-process comparisons with the contest programs.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use state_search::domains::keydoor::{KeyDoorMaze, Objective, RandomKeyDoor};
use state_search::domains::pipemaze::{self, PipeMaze, RandomPipeMaze, escape_answer};
use state_search::strategy::Queue;
use state_search::{Limits, Strategy};

/// Whether this is `cargo test` running the bench once (the test profile keeps debug
/// assertions): the key-door mazes are then 100x100, to keep the test suite fast.
const TEST_MODE: bool = cfg!(debug_assertions);

/// The key-door benchmark mazes: plain (no key needed on the best route) and with door
/// barriers every 25 columns (four keys needed, at both sizes).
fn keydoor_mazes() -> Vec<(&'static str, KeyDoorMaze)> {
    let side = if TEST_MODE { 100 } else { 200 };
    let plain = RandomKeyDoor::new(side, side, 7, 1);
    let barriers = RandomKeyDoor {
        keys_per_type: 5,
        barrier_every: 25,
        barrier_door_percent: if TEST_MODE { 4 } else { 3 },
        ..RandomKeyDoor::new(side, side, 7, if TEST_MODE { 1 } else { 2 })
    };
    vec![
        ("plain", KeyDoorMaze::random(&plain)),
        ("barriers", KeyDoorMaze::random(&barriers)),
    ]
}

/// The optimum of `objective`: (keys, moves) for the fewest keys; for the fewest moves only
/// the moves count (shortest routes may collect different numbers of keys). `None` when
/// there is no route.
fn keydoor_answer(
    maze: &KeyDoorMaze,
    objective: Objective,
    strategy: Strategy,
) -> Option<(u32, usize)> {
    maze.solve(objective, &strategy, &Limits::new())
        .expect("the benchmark mazes fit in memory")
        .into_found()
        .map(|route| match objective {
            Objective::FewestMoves => (0, route.steps()),
            Objective::FewestKeys => (route.keys.len(), route.steps()),
        })
}

fn keydoor(c: &mut Criterion) {
    for (name, maze) in keydoor_mazes() {
        for (objective, label, strategies) in [
            (
                Objective::FewestKeys,
                "fewest-keys",
                &[Strategy::Dijkstra(Queue::Heap), Strategy::AStar][..],
            ),
            (
                Objective::FewestMoves,
                "fewest-moves",
                &[
                    Strategy::Bfs,
                    Strategy::Dijkstra(Queue::Heap),
                    Strategy::AStar,
                ][..],
            ),
        ] {
            let expected = keydoor_answer(&maze, objective, Strategy::Dijkstra(Queue::Heap));
            assert!(expected.is_some(), "the {name} maze has a route");
            if name == "barriers" && objective == Objective::FewestKeys {
                assert_eq!(
                    expected.map(|(keys, _)| keys),
                    Some(4),
                    "the barriers need keys"
                );
            }
            let mut group = c.benchmark_group(format!("keydoor200/{label}"));
            group.sample_size(10);
            if objective == Objective::FewestKeys {
                // The domain's own search.
                group.bench_with_input(BenchmarkId::new("layered", name), &maze, |b, maze| {
                    b.iter(|| {
                        let route = black_box(maze).solve_layered(&Limits::new());
                        let answer = route.into_found().map(|r| (r.keys.len(), r.steps()));
                        assert_eq!(answer, expected);
                    });
                });
            }
            for &strategy in strategies {
                group.bench_with_input(
                    BenchmarkId::new(strategy.to_string(), name),
                    &maze,
                    |b, maze| {
                        b.iter(|| {
                            let answer = keydoor_answer(black_box(maze), objective, strategy);
                            assert_eq!(answer, expected);
                        });
                    },
                );
            }
            group.finish();
        }
    }
}

/// The pipe-key benchmark mazes: a reachable exit and a walled-in one, on 20x20.
fn pipe_mazes() -> Vec<(&'static str, PipeMaze)> {
    let spec = RandomPipeMaze {
        stone_percent: 30,
        pipe_percent: 25,
        key_percent: 3,
        ..RandomPipeMaze::new(20, 20, 9, 8)
    };
    let walled = RandomPipeMaze {
        wall_in_exit: true,
        seed: 5,
        ..spec
    };
    vec![
        ("reachable", PipeMaze::random(&spec)),
        ("walled-in", PipeMaze::random(&walled)),
    ]
}

fn palamaze(c: &mut Criterion) {
    let mut group = c.benchmark_group("palamaze20");
    group.sample_size(20);
    for (name, maze) in pipe_mazes() {
        let answer = |strategy| {
            let search = maze
                .solve(&strategy, &Limits::new())
                .expect("a 20x20 maze fits in memory");
            escape_answer(&search.outcome).expect("an optimal strategy decides")
        };
        let expected = answer(Strategy::Dijkstra(Queue::Heap));
        assert_eq!(expected == pipemaze::NO_ESCAPE, name == "walled-in");
        for strategy in [Strategy::Bfs, Strategy::AStar, Strategy::IdaStarTable] {
            group.bench_with_input(
                BenchmarkId::new(strategy.to_string(), name),
                &maze,
                |b, maze| {
                    b.iter(|| {
                        let search = black_box(maze)
                            .solve(&strategy, &Limits::new())
                            .expect("fits in memory");
                        assert_eq!(escape_answer(&search.outcome), Some(expected));
                    });
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, keydoor, palamaze);
criterion_main!(benches);
