//! Sliding-tile puzzles: 8-puzzles with BFS, A* and IDA* (every heuristic), and easy
//! 15-puzzles of Korf's set with IDA* and each heuristic.

use std::sync::Arc;

use state_search::domains::sliding::npuzzle::{
    Board, LinearConflict, Manhattan, NPuzzle, TileHeuristic,
};
use state_search::domains::sliding::pdb::{Partition, PatternDatabase, PatternSet};
use state_search::rng::SplitMix64;
use state_search::{AStar, Bfs, Dense, Heuristic, IndexedSpace, Limits};

use crate::report::{Row, Run, measure};

/// Korf's instances 79, 12 and 42 (540,860 to 877,823 nodes with the Manhattan distance).
const FIFTEEN: [(&str, &str); 3] = [
    ("79", "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15"),
    ("12", "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15"),
    ("42", "4 5 7 2 9 14 12 13 0 3 6 11 8 1 15 10"),
];

/// IDA* on one board with one heuristic; `extra` is memory held outside the engine (the
/// pattern databases).
fn ida<H>(puzzle: &NPuzzle, board: &Board, heuristic: H, extra: usize) -> Run
where
    H: TileHeuristic + Heuristic<Board, u32>,
{
    let strategy = NPuzzle::DEFAULT_STRATEGY;
    match puzzle.solve(board, heuristic, &strategy, &Limits::new()) {
        Ok(search) => Run::from_outcome(&search.outcome, search.stats, extra, |plan| {
            plan.cost.to_string()
        }),
        Err(error) => unreachable!("the built-in boards are solvable: {error}"),
    }
}

/// Every engine on a few random 8-puzzles, and IDA* per heuristic on easy 15-puzzles.
#[expect(
    clippy::too_many_lines,
    reason = "one row per engine and storage, spelled out"
)]
pub fn rows(quick: bool) -> Vec<Row> {
    let mut rows = Vec::new();
    let eight = NPuzzle::standard(3, 3).unwrap_or_else(|e| unreachable!("{e}"));
    let eight_pdb = Arc::new(
        [&[1u8, 2, 3, 4][..], &[5, 6, 7, 8]]
            .iter()
            .map(|tiles| PatternDatabase::build(&eight, tiles))
            .collect::<Result<Vec<_>, _>>()
            .and_then(|dbs| PatternSet::new(&eight, dbs, true))
            .unwrap_or_else(|e| unreachable!("{e}")),
    );
    let goal = eight.goal().clone();
    let manhattan = Manhattan::new(&eight);
    let mut rng = SplitMix64::new(31);
    for n in 0..if quick { 1 } else { 3 } {
        let board = eight.random_board(&mut rng);
        let name = format!("8-puzzle random #{n}");
        let steps = |found: &state_search::Solution<Board, usize>| found.cost.to_string();
        let cost = |found: &state_search::Solution<Board, u32>| found.cost.to_string();
        rows.push(measure(&name, "bfs dense", || {
            let mut bfs = Bfs::with_storage(Dense(eight.indexer()))
                .searcher()
                .expect("the store fits in memory");
            let search = bfs.search(&eight, [board.clone()], |b| *b == goal);
            Run::from_outcome(&search.outcome, search.stats, bfs.memory_bytes(), steps)
        }));
        rows.push(measure(&name, "bfs hashed", || {
            let mut bfs = Bfs::new().searcher().expect("the store fits in memory");
            let search = bfs.search(&eight, [board.clone()], |b| *b == goal);
            Run::from_outcome(&search.outcome, search.stats, bfs.memory_bytes(), steps)
        }));
        rows.push(measure(&name, "astar dense manhattan", || {
            let mut astar = AStar::with_storage(Dense(eight.indexer()))
                .searcher()
                .expect("the store fits in memory");
            let search = astar.search(&eight, [board.clone()], &manhattan, |b| *b == goal);
            Run::from_outcome(&search.outcome, search.stats, astar.memory_bytes(), cost)
        }));
        rows.push(measure(&name, "astar hashed manhattan", || {
            let mut astar = AStar::new().searcher().expect("the store fits in memory");
            let search = astar.search(&eight, [board.clone()], &manhattan, |b| *b == goal);
            Run::from_outcome(&search.outcome, search.stats, astar.memory_bytes(), cost)
        }));
        rows.push(measure(&name, "idastar in-place manhattan", || {
            ida(&eight, &board, Manhattan::new(&eight), 0)
        }));
        rows.push(measure(&name, "idastar in-place linear conflict", || {
            ida(&eight, &board, LinearConflict::new(&eight), 0)
        }));
        rows.push(measure(&name, "idastar in-place pdb 4-4 reflected", || {
            ida(
                &eight,
                &board,
                eight_pdb.heuristic(),
                eight_pdb.memory_bytes(),
            )
        }));
    }
    let fifteen = NPuzzle::standard(4, 4).unwrap_or_else(|e| unreachable!("{e}"));
    let partitions: &[Partition] = if quick {
        &[Partition::Fifteen555]
    } else {
        &[Partition::Fifteen555, Partition::Fifteen663]
    };
    let mut sets = Vec::new();
    for &partition in partitions {
        let mut set = None;
        let row = measure(
            &format!("15-puzzle {partition} databases"),
            "build (0-1 bfs)",
            || {
                let built = PatternSet::build_fifteen(&fifteen, partition, true)
                    .unwrap_or_else(|e| unreachable!("{e}"));
                let run = Run {
                    cost: Some("-".to_owned()),
                    stopped: None,
                    stats: state_search::Stats::default(),
                    memory: built.memory_bytes(),
                };
                set = Some(Arc::new(built));
                run
            },
        );
        rows.push(row);
        sets.extend(set.map(|s| (partition, s)));
    }
    for &(id, text) in FIFTEEN.iter().take(if quick { 1 } else { 3 }) {
        let board: Board = text.parse().unwrap_or_else(|e| unreachable!("{e}"));
        let name = format!("15-puzzle korf #{id}");
        rows.push(measure(&name, "idastar in-place manhattan", || {
            ida(&fifteen, &board, Manhattan::new(&fifteen), 0)
        }));
        rows.push(measure(&name, "idastar in-place linear conflict", || {
            ida(&fifteen, &board, LinearConflict::new(&fifteen), 0)
        }));
        for (partition, set) in &sets {
            rows.push(measure(
                &name,
                &format!("idastar in-place pdb {partition} reflected"),
                || ida(&fifteen, &board, set.heuristic(), set.memory_bytes()),
            ));
        }
    }
    rows
}
