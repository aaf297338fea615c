//! Klotski: 横刀立马 under the three move metrics, and the whole reachable space with
//! hashed storage and with dense storage over the placement ranking.

use state_search::domains::sliding::klotski::{Metric, Puzzle};
use state_search::{Bfs, Dense};

use crate::report::{Row, Run, measure};

/// BFS on the classic start: each metric's shortest solution, and the full reach.
pub fn rows(_quick: bool) -> Vec<Row> {
    let puzzle = Puzzle::classic();
    let problem = "klotski hengdao lima";
    let mut rows = Vec::new();
    for metric in [Metric::Step, Metric::Line, Metric::Any] {
        let engine = format!("bfs hashed, {metric:?} metric").to_lowercase();
        rows.push(measure(problem, &engine, || {
            let space = puzzle.space(metric);
            let mut bfs = Bfs::new().searcher().expect("the store fits in memory");
            let search = bfs.search(&space, [puzzle.start()], |l| puzzle.is_goal(l));
            Run::from_outcome(&search.outcome, search.stats, bfs.memory_bytes(), |found| {
                format!("{} moves", found.cost)
            })
        }));
    }
    let whole = "klotski hengdao lima, all layouts";
    rows.push(measure(whole, "bfs hashed", || {
        let mut bfs = Bfs::new().searcher().expect("the store fits in memory");
        let search = bfs.reach(&puzzle.space(Metric::Step), [puzzle.start()]);
        let stored = search.stats.stored;
        Run::from_outcome(&search.outcome, search.stats, bfs.memory_bytes(), |()| {
            format!("{stored} layouts")
        })
    }));
    rows.push(measure(whole, "bfs dense ranking (built here)", || {
        let Some(indexer) = puzzle.indexer(1 << 20) else {
            unreachable!("the classic pieces have 65,880 placements");
        };
        let mut bfs = Bfs::with_storage(Dense(indexer))
            .searcher()
            .expect("the store fits in memory");
        let search = bfs.reach(&puzzle.space(Metric::Step), [puzzle.start()]);
        let stored = search.stats.stored;
        Run::from_outcome(&search.outcome, search.stats, bfs.memory_bytes(), |()| {
            format!("{stored} layouts")
        })
    }));
    rows
}
