//! Generated grid mazes, uniform and weighted: every engine that applies.

use state_search::domains::maze::GridMaze;
use state_search::grid::Pos;
use state_search::queue::{BucketQueue, RadixQueue};
use state_search::{
    AStar, Bfs, BidirectionalBfs, Dense, Dijkstra, IdaStar, IndexedSpace, Limits, Spfa,
};

use crate::report::{Row, Run, measure};

/// The maze problems: (name, maze). `quick` keeps them small.
fn problems(quick: bool) -> Vec<(String, GridMaze)> {
    let side = if quick { 60 } else { 300 };
    vec![
        (
            format!("maze {side}x{side} uniform"),
            GridMaze::random(side, side, 30, 1, 13),
        ),
        (
            format!("maze {side}x{side} weighted 1-9"),
            GridMaze::random(side, side, 30, 9, 13),
        ),
        (
            "maze 24x24 weighted 1-9".to_owned(),
            GridMaze::random(24, 24, 25, 9, 5),
        ),
    ]
}

/// Every applicable engine on every maze problem.
#[expect(
    clippy::too_many_lines,
    reason = "one row per engine and storage, spelled out"
)]
pub fn rows(quick: bool) -> Vec<Row> {
    let mut rows = Vec::new();
    for (name, maze) in problems(quick) {
        let (start, goal) = (maze.start(), maze.goal());
        let is_goal = |p: &Pos| *p == goal;
        let h = |p: &Pos| maze.manhattan(p);
        let small = maze.costs().len() <= 24 * 24;
        let cost = |found: &state_search::Solution<Pos, u32>| found.cost.to_string();
        let steps = |found: &state_search::Solution<Pos, usize>| found.cost.to_string();
        if maze.is_uniform() {
            rows.push(measure(&name, "bfs dense", || {
                let mut bfs = Bfs::with_storage(Dense(maze.indexer()))
                    .searcher()
                    .expect("the store fits in memory");
                let search = bfs.search(&maze, [start], is_goal);
                Run::from_outcome(&search.outcome, search.stats, bfs.memory_bytes(), steps)
            }));
            rows.push(measure(&name, "bfs hashed", || {
                let mut bfs = Bfs::new().searcher().expect("the store fits in memory");
                let search = bfs.search(&maze, [start], is_goal);
                Run::from_outcome(&search.outcome, search.stats, bfs.memory_bytes(), steps)
            }));
            rows.push(measure(&name, "bidirectional bfs dense", || {
                let mut bfs = BidirectionalBfs::with_storage(Dense(maze.indexer()))
                    .searcher()
                    .expect("the store fits in memory");
                let search = bfs.search(&maze, start, goal);
                Run::from_outcome(&search.outcome, search.stats, bfs.memory_bytes(), steps)
            }));
        }
        rows.push(measure(&name, "dijkstra dense heap", || {
            let mut dijkstra = Dijkstra::with_storage(Dense(maze.indexer()))
                .searcher()
                .expect("the store fits in memory");
            let search = dijkstra.search(&maze, [start], is_goal);
            Run::from_outcome(&search.outcome, search.stats, dijkstra.memory_bytes(), cost)
        }));
        rows.push(measure(&name, "dijkstra dense bucket", || {
            let mut dijkstra = Dijkstra::with_storage(Dense(maze.indexer()))
                .with_queue(BucketQueue::new())
                .searcher()
                .expect("the store fits in memory");
            let search = dijkstra.search(&maze, [start], is_goal);
            Run::from_outcome(&search.outcome, search.stats, dijkstra.memory_bytes(), cost)
        }));
        rows.push(measure(&name, "dijkstra dense radix", || {
            let mut dijkstra = Dijkstra::with_storage(Dense(maze.indexer()))
                .with_queue(RadixQueue::new())
                .searcher()
                .expect("the store fits in memory");
            let search = dijkstra.search(&maze, [start], is_goal);
            Run::from_outcome(&search.outcome, search.stats, dijkstra.memory_bytes(), cost)
        }));
        rows.push(measure(&name, "dijkstra hashed heap", || {
            let mut dijkstra = Dijkstra::new()
                .searcher()
                .expect("the store fits in memory");
            let search = dijkstra.search(&maze, [start], is_goal);
            Run::from_outcome(&search.outcome, search.stats, dijkstra.memory_bytes(), cost)
        }));
        rows.push(measure(&name, "astar dense heap", || {
            let mut astar = AStar::with_storage(Dense(maze.indexer()))
                .searcher()
                .expect("the store fits in memory");
            let search = astar.search(&maze, [start], &h, is_goal);
            Run::from_outcome(&search.outcome, search.stats, astar.memory_bytes(), cost)
        }));
        rows.push(measure(&name, "astar dense bucket", || {
            let mut astar = AStar::with_storage(Dense(maze.indexer()))
                .with_queue(BucketQueue::new())
                .searcher()
                .expect("the store fits in memory");
            let search = astar.search(&maze, [start], &h, is_goal);
            Run::from_outcome(&search.outcome, search.stats, astar.memory_bytes(), cost)
        }));
        rows.push(measure(&name, "astar hashed heap", || {
            let mut astar = AStar::new().searcher().expect("the store fits in memory");
            let search = astar.search(&maze, [start], &h, is_goal);
            Run::from_outcome(&search.outcome, search.stats, astar.memory_bytes(), cost)
        }));
        rows.push(measure(&name, "spfa dense", || {
            let mut spfa = Spfa::with_storage(Dense(maze.indexer()))
                .searcher()
                .expect("the store fits in memory");
            match spfa.search(&maze, [start], is_goal) {
                Ok(search) => {
                    Run::from_outcome(&search.outcome, search.stats, spfa.memory_bytes(), cost)
                }
                Err(cycle) => unreachable!("maze costs are positive: {cycle}"),
            }
        }));
        if small {
            // IDA* re-expands transpositions; only the table makes it usable on grids.
            rows.push(measure(&name, "idastar + dense table", || {
                let mut ida = IdaStar::with_table(Dense(maze.indexer()))
                    .searcher()
                    .expect("the store fits in memory");
                let search = ida.search(&maze, [start], &h, is_goal);
                Run::from_outcome(&search.outcome, search.stats, ida.memory_bytes(), cost)
            }));
            rows.push(measure(&name, "idastar (no table, 2M expansions)", || {
                let mut ida = IdaStar::new()
                    .with_limits(Limits::new().max_expansions(2_000_000))
                    .searcher()
                    .expect("the store fits in memory");
                let search = ida.search(&maze, [start], &h, is_goal);
                Run::from_outcome(&search.outcome, search.stats, ida.memory_bytes(), cost)
            }));
        }
    }
    rows
}
