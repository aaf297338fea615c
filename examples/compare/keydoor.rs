//! The key-door maze: both objectives, every applicable engine, on the samples of
//! `PROBLEMS.md` and on generated 200x200 mazes (60x60 with `--quick`).

use state_search::domains::keydoor::{KeyDoorMaze, LayeredSearch, RandomKeyDoor};
use state_search::domains::keys::KeyState;
use state_search::{AStar, Bfs, Dense, Dijkstra, IdaStar, Solution};

use crate::report::{Row, Run, measure};

/// The problems: (name, maze).
fn problems(quick: bool) -> Vec<(String, KeyDoorMaze)> {
    let side = if quick { 60 } else { 200 };
    let plain = RandomKeyDoor::new(side, side, 7, 1);
    let barriers = RandomKeyDoor {
        keys_per_type: 5,
        barrier_every: 25,
        barrier_door_percent: 3,
        // Seeds whose barrier mazes have a route (several keys needed).
        ..RandomKeyDoor::new(side, side, 7, if quick { 11 } else { 2 })
    };
    let parse = |text: &str| KeyDoorMaze::parse(text).expect("the samples parse");
    vec![
        (
            "keydoor sample".to_owned(),
            parse("3 4\nS.a.\n.X.X\nATX.\n"),
        ),
        (
            "keydoor fewest-keys case".to_owned(),
            parse("3 5\nS.a.T\n.XXX.\n.....\n"),
        ),
        (
            format!("keydoor {side}x{side} 7 types"),
            KeyDoorMaze::random(&plain),
        ),
        (
            format!("keydoor {side}x{side} 7 types, barriers"),
            KeyDoorMaze::random(&barriers),
        ),
    ]
}

fn keys_and_moves(found: &Solution<KeyState, (u32, u32)>) -> String {
    plural(found.cost.0, found.cost.1 as usize)
}

/// `1 key, 7 moves`.
fn plural(keys: u32, moves: usize) -> String {
    let s = if keys == 1 { "" } else { "s" };
    format!("{keys} key{s}, {moves} moves")
}

fn moves(found: &Solution<KeyState, u32>) -> String {
    format!("{} moves", found.cost)
}

fn steps(found: &Solution<KeyState, usize>) -> String {
    format!("{} moves", found.cost)
}

/// Every applicable engine on every key-door problem.
pub fn rows(quick: bool) -> Vec<Row> {
    let mut rows = Vec::new();
    for (name, maze) in problems(quick) {
        let ix = maze.state_indexer();
        let start = [maze.start_state()];
        let goal = |s: &KeyState| maze.is_goal(s);
        let small = maze.cells().len() <= 64;
        let keys = format!("{name}: fewest keys");
        rows.push(measure(&keys, "layered (domain)", || {
            let mut layered = LayeredSearch::new();
            let search = layered.search(&maze, &state_search::Limits::new());
            Run::from_outcome(
                &search.outcome,
                search.stats,
                layered.memory_bytes(),
                |route| plural(route.keys.len(), route.steps()),
            )
        }));
        rows.push(measure(&keys, "dijkstra dense heap", || {
            let mut dijkstra = Dijkstra::with_storage(Dense(ix))
                .searcher()
                .expect("the store fits in memory");
            let search = dijkstra.search(&maze, start, goal);
            Run::from_outcome(
                &search.outcome,
                search.stats,
                dijkstra.memory_bytes(),
                keys_and_moves,
            )
        }));
        rows.push(measure(&keys, "dijkstra hashed heap", || {
            let mut dijkstra = Dijkstra::new()
                .searcher()
                .expect("the store fits in memory");
            let search = dijkstra.search(&maze, start, goal);
            Run::from_outcome(
                &search.outcome,
                search.stats,
                dijkstra.memory_bytes(),
                keys_and_moves,
            )
        }));
        rows.push(measure(&keys, "astar dense (0, manhattan)", || {
            let h = |s: &KeyState| maze.lexicographic_heuristic(s);
            let mut astar = AStar::with_storage(Dense(ix))
                .searcher()
                .expect("the store fits in memory");
            let search = astar.search(&maze, start, &h, goal);
            Run::from_outcome(
                &search.outcome,
                search.stats,
                astar.memory_bytes(),
                keys_and_moves,
            )
        }));
        if small {
            rows.push(measure(&keys, "idastar + dense table", || {
                let h = |s: &KeyState| maze.lexicographic_heuristic(s);
                let mut ida = IdaStar::with_table(Dense(ix))
                    .searcher()
                    .expect("the store fits in memory");
                let search = ida.search(&maze, start, &h, goal);
                Run::from_outcome(
                    &search.outcome,
                    search.stats,
                    ida.memory_bytes(),
                    keys_and_moves,
                )
            }));
        }
        let fewest = format!("{name}: fewest moves");
        let space = maze.fewest_moves();
        rows.push(measure(&fewest, "bfs dense", || {
            let mut bfs = Bfs::with_storage(Dense(ix))
                .searcher()
                .expect("the store fits in memory");
            let search = bfs.search(&space, start, goal);
            Run::from_outcome(&search.outcome, search.stats, bfs.memory_bytes(), steps)
        }));
        rows.push(measure(&fewest, "bfs hashed", || {
            let mut bfs = Bfs::new().searcher().expect("the store fits in memory");
            let search = bfs.search(&space, start, goal);
            Run::from_outcome(&search.outcome, search.stats, bfs.memory_bytes(), steps)
        }));
        rows.push(measure(&fewest, "astar dense", || {
            let h = |s: &KeyState| maze.manhattan(s);
            let mut astar = AStar::with_storage(Dense(ix))
                .searcher()
                .expect("the store fits in memory");
            let search = astar.search(&space, start, &h, goal);
            Run::from_outcome(&search.outcome, search.stats, astar.memory_bytes(), moves)
        }));
    }
    rows
}
