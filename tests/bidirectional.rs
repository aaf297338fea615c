//! Bidirectional BFS on hand-made graphs with known answers.

#[path = "common/graph.rs"]
#[expect(
    dead_code,
    reason = "helpers shared by the test files; this one uses a part"
)]
mod graph;

use graph::{Graph, Nodes};
use state_search::{BidirectionalBfs, Dense, Outcome, Solution};

/// ```text
///   (0) --> (1) --> (2) --> (3) --> (4)
///    |                               ^
///    +--> (5) --> (6) ----------------+      (7) unreachable;  (8) -> (0) only
/// ```
fn graph() -> Graph<u8> {
    Graph::new(
        9,
        &[
            (0, 1, 1),
            (1, 2, 1),
            (2, 3, 1),
            (3, 4, 1),
            (0, 5, 1),
            (5, 6, 1),
            (6, 4, 1),
            (8, 0, 1),
        ],
    )
}

fn both(start: u32, goal: u32) -> Outcome<Solution<u32, usize>> {
    let g = graph();
    let hashed = BidirectionalBfs::new().search(&g, start, goal);
    let dense = BidirectionalBfs::with_storage(Dense(Nodes(9))).search(&g, start, goal);
    assert_eq!(hashed.outcome, dense.outcome, "dense and hashed differ");
    hashed.outcome
}

#[test]
fn the_frontiers_meet_on_a_shortest_path() {
    assert_eq!(
        both(0, 4),
        Outcome::Found(Solution {
            path: vec![0, 5, 6, 4],
            cost: 3
        })
    );
    assert_eq!(
        both(8, 3),
        Outcome::Found(Solution {
            path: vec![8, 0, 1, 2, 3],
            cost: 4
        })
    );
}

#[test]
fn start_equal_to_goal_is_a_path_of_one_state() {
    assert_eq!(
        both(2, 2),
        Outcome::Found(Solution {
            path: vec![2],
            cost: 0
        })
    );
}

#[test]
fn an_unreachable_goal_is_no_path() {
    assert_eq!(both(0, 7), Outcome::NoPath);
    assert_eq!(both(4, 0), Outcome::NoPath, "edges are directed");
}
