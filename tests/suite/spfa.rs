//! SPFA on hand-made graphs with negative costs and negative cycles.

use crate::common::graph;
use state_search::{Problem, Solver};

use graph::{Graph, Nodes, is};
use state_search::{Dense, Outcome, Solution, Spfa, StopReason};

/// ```text
///          4                 2
///   (0) -------> (1) -----------> (3)
///    |            ^                        (4) unreachable
///    |  5         | -3
///    +--------> (2)
///                 \--- 0 ---> (5) --0--> (2)   zero-cost cycle 2 -> 5 -> 2
/// ```
fn negative() -> Graph<i32> {
    Graph::new(
        6,
        &[
            (0, 1, 4),
            (0, 2, 5),
            (2, 1, -3),
            (1, 3, 2),
            (2, 5, 0),
            (5, 2, 0),
        ],
    )
}

#[test]
fn a_negative_step_makes_the_longer_route_cheaper() {
    let expected = Solution {
        path: vec![0, 2, 1, 3],
        cost: 4,
    };
    let hashed = Spfa::new()
        .search(&Problem::new(&negative(), [0], is(3)))
        .unwrap();
    let dense = Spfa::with_storage(Dense(Nodes(6))).search(&Problem::new(&negative(), [0], is(3)));
    assert_eq!(hashed.found(), Some(&expected));
    assert_eq!(dense.unwrap().found(), Some(&expected));
}

#[test]
fn start_goal_unreachable_and_several_starts() {
    let g = negative();
    let search = |starts: &[u32], goal: u32| {
        Spfa::new()
            .search(&Problem::new(&g, starts.iter().copied(), is(goal)))
            .unwrap()
            .outcome
    };
    assert_eq!(
        search(&[3], 3),
        Outcome::Found(Solution {
            path: vec![3],
            cost: 0
        })
    );
    assert_eq!(search(&[0], 4), Outcome::NoPath);
    // From 2 the route to 1 costs -3, from 0 it costs 2: the start 2 wins.
    assert_eq!(
        search(&[0, 2], 1),
        Outcome::Found(Solution {
            path: vec![2, 1],
            cost: -3
        })
    );
}

#[test]
fn distances_predecessors_and_paths_of_every_state() {
    let mut spfa = Spfa::new().searcher().unwrap();
    spfa.reach(&negative(), [0]).unwrap();
    let costs: Vec<Option<i32>> = (0..6).map(|s| spfa.cost(&s)).collect();
    assert_eq!(costs, [Some(0), Some(2), Some(5), Some(4), None, Some(5)]);
    assert_eq!(spfa.parent(&1), Some(2));
    assert_eq!(spfa.parent(&0), None);
    assert_eq!(spfa.path_to(&3), Some(vec![0, 2, 1, 3]));
}

#[test]
fn a_reachable_negative_cycle_is_reported_with_its_states() {
    //   (0) -1-> (1) -1-> (2) -(-3)-> (3) -1-> (1)     cycle 1 -> 2 -> 3 -> 1 costs -1
    let g = Graph::new(4, &[(0, 1, 1), (1, 2, 1), (2, 3, -3), (3, 1, 1)]);
    for cycle in [
        Spfa::new().searcher().unwrap().reach(&g, [0]).unwrap_err(),
        Spfa::with_storage(Dense(Nodes(4)))
            .searcher()
            .unwrap()
            .reach(&g, [0])
            .unwrap_err(),
    ] {
        assert_eq!(cycle.cost, Some(-1));
        let mut states = cycle.cycle.clone();
        states.sort_unstable();
        assert_eq!(states, [1, 2, 3]);
        let at = cycle.cycle.iter().position(is(1)).unwrap();
        let rotated: Vec<u32> = cycle.cycle[at..]
            .iter()
            .chain(&cycle.cycle[..at])
            .copied()
            .collect();
        assert_eq!(
            rotated,
            [1, 2, 3],
            "the states follow the cycle's direction"
        );
    }
}

#[test]
fn a_negative_self_loop_is_a_cycle_of_one_state() {
    let g = Graph::new(2, &[(0, 1, 2), (1, 1, -1)]);
    let cycle = Spfa::new()
        .search(&Problem::new(&g, [0], is(1)))
        .unwrap_err();
    assert_eq!((cycle.cycle, cycle.cost), (vec![1], Some(-1)));
}

#[test]
fn an_unreachable_negative_cycle_does_not_matter() {
    let g = Graph::new(4, &[(0, 1, 3), (2, 3, -5), (3, 2, 1)]);
    let search = Spfa::new().search(&Problem::new(&g, [0], is(1))).unwrap();
    assert_eq!(search.found().unwrap().cost, 3);
}

#[test]
fn a_negative_cycle_that_overflows_the_costs_is_still_reported() {
    // 1 improves early and forces a cycle check on a large store; the cycle 3 <-> 4 then
    // drives costs toward i32::MIN long before the next periodic check.
    let mut edges = vec![
        (0, 1, 5),
        (0, 2, 1),
        (2, 1, 1),
        (0, 3, 0),
        (3, 4, -10_000_000),
        (4, 3, 0),
    ];
    edges.extend((5..1005).map(|leaf| (0, leaf, 0)));
    let g = Graph::new(1005, &edges);
    let cycle = Spfa::new().searcher().unwrap().reach(&g, [0]).unwrap_err();
    let mut states = cycle.cycle.clone();
    states.sort_unstable();
    assert_eq!(states, [3, 4]);
    assert_eq!(cycle.cost, Some(-10_000_000));
}

#[test]
fn a_cycle_whose_cost_does_not_fit_the_type_has_no_cost() {
    let g = Graph::new(
        3,
        &[
            (0, 1, -1_000_000_000),
            (1, 2, -1_000_000_000),
            (2, 0, -1_000_000_000),
        ],
    );
    let cycle = Spfa::new().searcher().unwrap().reach(&g, [0]).unwrap_err();
    assert_eq!(cycle.cycle.len(), 3);
    assert_eq!(cycle.cost, None);
    assert!(
        cycle.to_string().contains("below the type's minimum"),
        "{cycle}"
    );
}

#[test]
fn a_path_whose_cost_overflows_is_skipped_as_in_the_other_engines() {
    //   (0) -(MAX-1)-> (1) -(MAX-1)-> (2)      (0) -5-> (3) -5-> (2)
    let big = u32::MAX - 1;
    let g = Graph::new(4, &[(0, 1, big), (1, 2, big), (0, 3, 5), (3, 2, 5)]);
    let search = Spfa::new().search(&Problem::new(&g, [0], is(2))).unwrap();
    assert_eq!(search.found().map(|f| f.cost), Some(10));
    let dijkstra = state_search::dijkstra(&g, [0], is(2));
    assert_eq!(dijkstra.found().map(|f| f.cost), Some(10));
    // With only the overflowing path, the search says so rather than "no path".
    let only = Graph::new(3, &[(0, 1, big), (1, 2, big)]);
    let search = Spfa::new()
        .search(&Problem::new(&only, [0], is(2)))
        .unwrap();
    assert_eq!(search.stop_reason(), Some(StopReason::CostOverflow));
}

#[test]
fn a_skipped_overflow_with_negative_steps_elsewhere_is_not_trusted() {
    // (0) -100-> (1) -100-> (2) -(-150)-> (3): the path to 3 costs 50 but overflows i8 on
    // the way; with negative steps about, SPFA cannot rule out such a path.
    let g = Graph::new(4, &[(0, 1, 100i8), (1, 2, 100), (2, 3, -100), (0, 3, 120)]);
    let search = Spfa::new().search(&Problem::new(&g, [0], is(3))).unwrap();
    assert_eq!(search.stop_reason(), Some(StopReason::CostOverflow));
}

#[test]
fn every_state_reached_has_its_cost_after_a_search() {
    let mut spfa = Spfa::new().searcher().unwrap();
    let search = spfa.search(&Problem::new(&negative(), [0], is(3))).unwrap();
    assert_eq!(search.found().map(|f| f.cost), Some(4));
    assert_eq!(spfa.cost(&3), Some(4));
    assert_eq!(spfa.path_to(&3), Some(vec![0, 2, 1, 3]));
}
