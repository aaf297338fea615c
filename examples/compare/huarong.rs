//! Huarong Road (NOIP 2013): a random board with many queries, answered by both views and
//! every engine that applies. The cost column is the sum of the answers (a checksum; `-1`
//! answers count as 0) and the number of impossible queries.

use state_search::domains::sliding::huarong::{
    HuarongSolver, Input, Method, Options, Precompute, Query,
};
use state_search::strategy::Queue;
use state_search::{Limits, Outcome, Stats, Strategy};

use crate::report::{Row, Run, measure};

/// Answers `queries` with a new solver; the run's cost is the checksum.
fn run(
    input: &Input,
    queries: &[Query],
    options: Options,
    method: Method,
    strategy: Strategy,
) -> Run {
    let mut solver = HuarongSolver::with_options(input.board.clone(), options)
        .unwrap_or_else(|error| unreachable!("a small board fits in memory: {error}"));
    let (mut sum, mut impossible) = (0u64, 0usize);
    let mut stats = Stats::default();
    for query in queries {
        match solver.solve(query, method, &strategy, &Limits::new()) {
            Ok(answer) => {
                match answer.outcome {
                    Outcome::Found(moves) => sum += u64::from(moves),
                    _ => impossible += 1,
                }
                stats.accumulate(&answer.stats);
            }
            Err(error) => unreachable!("generated queries are valid: {error}"),
        }
    }
    Run {
        cost: Some(format!("sum {sum}, {impossible} x -1")),
        stopped: None,
        stats,
        memory: solver.memory_bytes(),
    }
}

/// Every view and engine on a random board (20% fixed cells).
pub fn rows(quick: bool) -> Vec<Row> {
    let (side, count, plain_count) = if quick { (20, 100, 10) } else { (30, 500, 40) };
    let input = Input::random(side, side, 20, count, 2013);
    let problem = format!("huarong {side}x{side}, {count} queries");
    let eager = |landmarks| Options {
        precompute: Precompute::Eager,
        landmarks,
    };
    let lazy = Options {
        precompute: Precompute::Lazy,
        landmarks: 0,
    };
    let queries = &input.queries;
    let mut rows = vec![
        measure(&problem, "abstract astar, 8 landmarks", || {
            run(&input, queries, eager(8), Method::Abstract, Strategy::AStar)
        }),
        measure(&problem, "abstract astar, no landmarks", || {
            run(&input, queries, eager(0), Method::Abstract, Strategy::AStar)
        }),
        measure(&problem, "abstract dijkstra", || {
            run(
                &input,
                queries,
                eager(0),
                Method::Abstract,
                Strategy::Dijkstra(Queue::Bucket),
            )
        }),
        measure(&problem, "abstract spfa (contest)", || {
            run(&input, queries, eager(0), Method::Abstract, Strategy::Spfa)
        }),
        measure(&problem, "abstract astar, lazy walks", || {
            run(&input, queries, lazy, Method::Abstract, Strategy::AStar)
        }),
    ];
    let few = &queries[..plain_count];
    let problem = format!("huarong {side}x{side}, first {plain_count} queries");
    rows.push(measure(&problem, "abstract astar, 8 landmarks", || {
        run(&input, few, eager(8), Method::Abstract, Strategy::AStar)
    }));
    rows.push(measure(&problem, "plain bfs dense", || {
        run(&input, few, lazy, Method::Plain, Strategy::Bfs)
    }));
    rows.push(measure(&problem, "plain astar dense", || {
        run(&input, few, lazy, Method::Plain, Strategy::AStar)
    }));
    rows
}
