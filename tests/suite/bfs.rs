//! BFS on hand-made graphs with known answers, with both storages.

use crate::common::graph;
use state_search::{Problem, Solver};

use graph::{Graph, Nodes, is};
use state_search::{Bfs, Dense, Outcome, Solution};

/// ```text
///   (0) --> (1) --> (2) --> (3)      (6) unreachable
///    |               ^
///    +-----> (4) ----+                (1) <-> (5): a cycle
///            (5) <-> (1)
/// ```
fn graph() -> Graph<u32> {
    Graph::new(
        7,
        &[
            (0, 1, 9),
            (1, 2, 9),
            (2, 3, 9),
            (0, 4, 9),
            (4, 2, 9),
            (1, 5, 9),
            (5, 1, 9),
        ],
    )
}

fn both(starts: &[u32], goal: u32) -> Outcome<Solution<u32, usize>> {
    let g = graph();
    let hashed = Bfs::new().search(&Problem::new(&g, starts.iter().copied(), is(goal)));
    let dense = Bfs::with_storage(Dense(Nodes(7))).search(&Problem::new(
        &g,
        starts.iter().copied(),
        |&s| s == goal,
    ));
    assert_eq!(hashed.outcome, dense.outcome, "dense and hashed differ");
    // The stores' footprints differ; the work must not.
    let work = |mut stats: state_search::Stats| {
        stats.memory = 0;
        stats
    };
    assert_eq!(
        work(hashed.stats),
        work(dense.stats),
        "dense and hashed expand differently"
    );
    hashed.outcome
}

#[test]
fn step_costs_are_ignored_and_steps_counted() {
    let expected = Solution {
        path: vec![0, 1, 2, 3],
        cost: 3,
    };
    assert_eq!(both(&[0], 3), Outcome::Found(expected));
}

#[test]
fn a_start_that_is_a_goal_is_a_path_of_one_state() {
    assert_eq!(
        both(&[5], 5),
        Outcome::Found(Solution {
            path: vec![5],
            cost: 0
        })
    );
}

#[test]
fn an_unreachable_goal_is_no_path() {
    assert_eq!(both(&[0], 6), Outcome::NoPath);
}

#[test]
fn several_starts_use_the_closest() {
    assert_eq!(
        both(&[6, 4, 0], 3),
        Outcome::Found(Solution {
            path: vec![4, 2, 3],
            cost: 2
        })
    );
}

#[test]
fn the_goal_is_tested_when_generated() {
    // Reaching 2 from 0 generates it while expanding 1 (or 4): two expansions, not all.
    let search = Bfs::new().search(&Problem::new(&graph(), [0], is(2)));
    assert_eq!(search.found().unwrap().cost, 2);
    assert_eq!(search.stats.expanded, 2);
}

#[test]
fn a_reused_searcher_forgets_the_previous_search() {
    let g = graph();
    let mut bfs = Bfs::with_storage(Dense(Nodes(7))).searcher().unwrap();
    assert_eq!(
        bfs.search(&Problem::new(&g, [0], is(3)))
            .found()
            .unwrap()
            .cost,
        3
    );
    assert_eq!(
        bfs.search(&Problem::new(&g, [2], is(0))).outcome,
        Outcome::NoPath
    );
    assert_eq!(bfs.cost(&1), None, "state 1 is not reachable from 2");
    assert_eq!(
        bfs.search(&Problem::new(&g, [4], is(3)))
            .found()
            .unwrap()
            .cost,
        2
    );
}

#[test]
fn reach_reports_every_depth_and_path() {
    let tree = state_search::bfs_reach(&graph(), [0]);
    let depths: Vec<Option<usize>> = (0..7).map(|s| tree.cost(&s)).collect();
    assert_eq!(
        depths,
        [Some(0), Some(1), Some(2), Some(3), Some(1), Some(2), None]
    );
    assert_eq!(tree.path_to(&5), Some(vec![0, 1, 5]));
    let mut bfs = Bfs::new().searcher().unwrap();
    bfs.reach(&graph(), [0]);
    assert_eq!(bfs.cost(&3), Some(3));
    assert_eq!(bfs.path_to(&3), Some(vec![0, 1, 2, 3]));
}

#[test]
fn a_step_limit_stops_only_when_it_cuts_something_off() {
    let g = graph();
    let limited = |steps: usize| {
        Bfs::new()
            .with_limits(state_search::Limits::new().max_cost(steps))
            .search(&Problem::new(&g, [0], is(6)))
            .outcome
    };
    // The farthest state (3) is 3 steps away: a limit of 3 cuts nothing off.
    assert_eq!(limited(3), Outcome::NoPath);
    assert_eq!(limited(2), Outcome::Stopped(state_search::StopReason::Cost));
    // A limit of 0 expands nothing: the start's successors are what it cuts off.
    assert_eq!(limited(0), Outcome::Stopped(state_search::StopReason::Cost));
    let from_3 = Bfs::new()
        .with_limits(state_search::Limits::new().max_cost(0))
        .search(&Problem::new(&g, [3], is(6)));
    assert_eq!(from_3.outcome, Outcome::NoPath, "3 has no successor");
    assert_eq!(from_3.stats.expanded, 0);
}

#[test]
fn the_peak_frontier_counts_both_layers() {
    // 1 -> 2, 3; 2 -> 4 to 8. When 3 is expanded, it waits with the five states reached
    // from 2 one layer deeper: 6, more than either layer holds.
    let space = state_search::unit_from_fn(|&n: &u32| match n {
        1 => vec![2, 3],
        2 => vec![4, 5, 6, 7, 8],
        _ => vec![],
    });
    let search = Bfs::new().search(&Problem::new(&space, [1], |_| false));
    assert_eq!(search.outcome, Outcome::NoPath);
    assert_eq!(search.stats.expanded, 8);
    assert_eq!(search.stats.peak_open, 6);
}

#[test]
fn a_searcher_stopped_mid_layer_starts_afresh() {
    // A binary tree over 1..64 (children 2n and 2n + 1), numbered by itself for dense
    // storage. The first search stops after 5 expansions, with states waiting in both
    // layers; the next one, in the same buffers, must do what a fresh engine does.
    let tree = state_search::unit_from_fn(|&n: &u32| {
        (n < 32).then_some([2 * n, 2 * n + 1]).into_iter().flatten()
    });
    let limited = Bfs::with_storage(Dense(Nodes(64)))
        .with_limits(state_search::Limits::new().max_expansions(5));
    let mut searcher = limited.clone().searcher().unwrap();
    let stopped = searcher.search(&Problem::new(&tree, [1], |_| false));
    assert_eq!(
        stopped.outcome,
        Outcome::Stopped(state_search::StopReason::Expansions)
    );
    let fresh = limited.search(&Problem::new(&tree, [3], is(14)));
    let reused = searcher.search(&Problem::new(&tree, [3], is(14)));
    assert_eq!(fresh.outcome, reused.outcome);
    let work = |stats: &state_search::Stats| {
        (
            stats.expanded,
            stats.generated,
            stats.peak_open,
            stats.stored,
        )
    };
    assert_eq!(work(&fresh.stats), work(&reused.stats));
    assert_eq!(reused.found().unwrap().path, [3, 7, 14]);
}
