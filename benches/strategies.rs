//! Every strategy on a generated grid maze, registered by the crate's criterion helper
//! (`bench::criterion::bench_strategies`): what a user's own benchmark looks like.

use criterion::{Criterion, criterion_group, criterion_main};
use state_search::bench::criterion::bench_strategies;
use state_search::domains::maze::GridMaze;
use state_search::grid::Pos;
use state_search::{Limits, Problem, Strategy};

fn strategies(c: &mut Criterion) {
    let maze = GridMaze::random(120, 120, 30, 9, 7);
    let goal = maze.goal();
    let problem = Problem::new(&maze, [maze.start()], |p: &Pos| *p == goal)
        .heuristic(|p: &Pos| maze.manhattan(p))
        .indexed();
    // The one strategy that does not apply (BFS: the steps cost 1 to 9) is left out.
    let strategies = Strategy::ALL.into_iter().filter(|s| !s.info().tree_search);
    let limits = Limits::new().max_expansions(2_000_000);
    let expected = Strategy::AStar
        .run(&problem, &limits)
        .expect("A* applies")
        .found()
        .map(|found| found.cost);
    assert!(expected.is_some(), "the maze is connected corner to corner");
    bench_strategies(c, "maze120/strategies", &problem, strategies, &limits);
}

criterion_group!(benches, strategies);
criterion_main!(benches);
