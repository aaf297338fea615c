//! The pipe-key maze ("palamaze"): every engine on the sample and pipe cases of
//! `PROBLEMS.md`, and on generated contest-sized (20x20) and larger mazes.

use state_search::domains::keys::KeyState;
use state_search::domains::pipemaze::{CLOSES_AT, PipeMaze, RandomPipeMaze};
use state_search::{AStar, Bfs, CycleCheck, Dense, Dijkstra, IdaStar, Limits, Solution};

use crate::report::{Row, Run, measure};

/// The problems: (name, maze).
fn problems(quick: bool) -> Vec<(String, PipeMaze)> {
    let contest = RandomPipeMaze {
        stone_percent: 30,
        pipe_percent: 25,
        key_percent: 3,
        ..RandomPipeMaze::new(20, 20, 9, 8)
    };
    let walled = RandomPipeMaze {
        wall_in_exit: true,
        seed: 5,
        ..contest
    };
    let parse = |text: &str| PipeMaze::parse(text).expect("the samples parse");
    let mut problems = vec![
        (
            "palamaze sample".to_owned(),
            parse("4 4\n****\n*#+*\n*+$*\n****\n"),
        ),
        (
            "palamaze vertical pipe, key".to_owned(),
            parse("3 5\n#+a+$\n+1*++\n*****\n"),
        ),
        (
            "palamaze vertical pipe, no key".to_owned(),
            parse("3 5\n#+a+$\n++*++\n*****\n"),
        ),
        ("palamaze 20x20".to_owned(), PipeMaze::random(&contest)),
        (
            "palamaze 20x20 walled-in exit".to_owned(),
            PipeMaze::random(&walled),
        ),
    ];
    if !quick {
        // 22,500 cells x 2^6 key sets: 1.4M states.
        let large = RandomPipeMaze {
            key_percent: 2,
            ..RandomPipeMaze::new(150, 150, 6, 3)
        };
        problems.push((
            "palamaze 150x150 6 colours".to_owned(),
            PipeMaze::random(&large),
        ));
    }
    problems
}

fn moves(found: &Solution<KeyState, u32>) -> String {
    found.cost.to_string()
}

fn steps(found: &Solution<KeyState, usize>) -> String {
    found.cost.to_string()
}

/// Every engine on every pipe-key problem, searching up to the closing time.
pub fn rows(quick: bool) -> Vec<Row> {
    let mut rows = Vec::new();
    for (name, maze) in problems(quick) {
        let ix = maze.state_indexer();
        let start = [maze.start_state()];
        let goal = |s: &KeyState| maze.is_goal(s);
        let h = |s: &KeyState| maze.heuristic(s);
        let limits = Limits::new().max_cost(CLOSES_AT);
        let cells = maze.cells().len();
        rows.push(measure(&name, "bfs dense", || {
            let limits = Limits::new().max_cost(CLOSES_AT as usize);
            let mut bfs = Bfs::with_storage(Dense(ix))
                .with_limits(limits)
                .searcher()
                .expect("the store fits in memory");
            let search = bfs.search(&maze, start, goal);
            Run::from_outcome(&search.outcome, search.stats, bfs.memory_bytes(), steps)
        }));
        rows.push(measure(&name, "bfs hashed", || {
            let limits = Limits::new().max_cost(CLOSES_AT as usize);
            let mut bfs = Bfs::new()
                .with_limits(limits)
                .searcher()
                .expect("the store fits in memory");
            let search = bfs.search(&maze, start, goal);
            Run::from_outcome(&search.outcome, search.stats, bfs.memory_bytes(), steps)
        }));
        rows.push(measure(&name, "dijkstra dense heap", || {
            let mut dijkstra = Dijkstra::with_storage(Dense(ix))
                .with_limits(limits.clone())
                .searcher()
                .expect("the store fits in memory");
            let search = dijkstra.search(&maze, start, goal);
            Run::from_outcome(
                &search.outcome,
                search.stats,
                dijkstra.memory_bytes(),
                moves,
            )
        }));
        rows.push(measure(&name, "astar dense", || {
            let mut astar = AStar::with_storage(Dense(ix))
                .with_limits(limits.clone())
                .searcher()
                .expect("the store fits in memory");
            let search = astar.search(&maze, start, &h, goal);
            Run::from_outcome(&search.outcome, search.stats, astar.memory_bytes(), moves)
        }));
        if cells <= 400 {
            rows.push(measure(&name, "idastar + dense table", || {
                let mut ida = IdaStar::with_table(Dense(ix))
                    .with_limits(limits.clone())
                    .searcher()
                    .expect("the store fits in memory");
                let search = ida.search(&maze, start, &h, goal);
                Run::from_outcome(&search.outcome, search.stats, ida.memory_bytes(), moves)
            }));
            rows.push(measure(&name, "idastar (no table, 2M expansions)", || {
                let limits = limits.clone().max_expansions(2_000_000);
                let mut ida = IdaStar::new()
                    .with_cycle_check(CycleCheck::Path)
                    .with_limits(limits)
                    .searcher()
                    .expect("the store fits in memory");
                let search = ida.search(&maze, start, &h, goal);
                Run::from_outcome(&search.outcome, search.stats, ida.memory_bytes(), moves)
            }));
        }
    }
    rows
}
