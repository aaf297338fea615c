//! Dijkstra on hand-made graphs with known answers, with every queue and both storages.

use crate::common::graph;
use state_search::{Problem, Solver};

use graph::{Graph, Nodes, is};
use state_search::queue::{BucketQueue, RadixQueue};
use state_search::{Dense, Dijkstra, Outcome};

/// ```text
///          1         1
///   (0) -----> (1) -----> (2) --1--> (3)        (4)  unreachable
///    |                    ^ ^ |
///    +---------5----------+ | | 0
///                         0 | v
///                (6) <--0-- (5)                  zero-cost cycle 2 -> 5 -> 6 -> 2
///                 |         ^
///                 +----0----+ ... and 6 -> 2 at cost 0
/// ```
fn diamond() -> Graph<u32> {
    Graph::new(
        7,
        &[
            (0, 1, 1),
            (1, 2, 1),
            (0, 2, 5),
            (2, 3, 1),
            (2, 5, 0),
            (5, 6, 0),
            (6, 2, 0),
            (6, 5, 0),
        ],
    )
}

/// Every way to build the engine, so each test covers all of them.
fn each_dijkstra(
    mut test: impl FnMut(&str, &mut dyn FnMut(&[u32], u32) -> Outcome<(Vec<u32>, u32)>),
) {
    let g = diamond();
    let run = |outcome: Outcome<state_search::Solution<u32, u32>>| match outcome {
        Outcome::Found(f) => Outcome::Found((f.path, f.cost)),
        Outcome::NoPath => Outcome::NoPath,
        Outcome::Stopped(r) => Outcome::Stopped(r),
    };
    test("hashed heap", &mut |starts, goal| {
        run(Dijkstra::new()
            .search(&Problem::new(&g, starts.iter().copied(), is(goal)))
            .outcome)
    });
    test("dense heap", &mut |starts, goal| {
        run(Dijkstra::with_storage(Dense(Nodes(7)))
            .search(&Problem::new(&g, starts.iter().copied(), is(goal)))
            .outcome)
    });
    test("dense bucket", &mut |starts, goal| {
        let d = Dijkstra::with_storage(Dense(Nodes(7))).with_queue(BucketQueue::new());
        run(d
            .search(&Problem::new(&g, starts.iter().copied(), is(goal)))
            .outcome)
    });
    test("hashed radix", &mut |starts, goal| {
        let d = Dijkstra::new().with_queue(RadixQueue::new());
        run(d
            .search(&Problem::new(&g, starts.iter().copied(), is(goal)))
            .outcome)
    });
}

#[test]
fn a_start_that_is_a_goal_is_a_path_of_one_state() {
    each_dijkstra(|name, search| {
        assert_eq!(search(&[2], 2), Outcome::Found((vec![2], 0)), "{name}");
    });
}

#[test]
fn the_cheaper_detour_beats_the_direct_edge() {
    each_dijkstra(|name, search| {
        assert_eq!(
            search(&[0], 3),
            Outcome::Found((vec![0, 1, 2, 3], 3)),
            "{name}"
        );
    });
}

#[test]
fn an_unreachable_goal_is_no_path_even_with_zero_cost_cycles() {
    each_dijkstra(|name, search| {
        assert_eq!(search(&[0], 4), Outcome::NoPath, "{name}");
    });
}

#[test]
fn several_starts_use_the_closest() {
    each_dijkstra(|name, search| {
        assert_eq!(
            search(&[4, 1, 0], 3),
            Outcome::Found((vec![1, 2, 3], 2)),
            "{name}"
        );
    });
}

#[test]
fn ties_give_an_optimal_path_the_same_way_every_time() {
    // (0) -1-> (1) -1-> (3)   and   (0) -1-> (2) -1-> (3): two optimal paths.
    let g = Graph::new(4, &[(0, 1, 1), (0, 2, 1), (1, 3, 1), (2, 3, 1)]);
    let first = Dijkstra::new()
        .search(&Problem::new(&g, [0], is(3)))
        .into_found()
        .unwrap();
    assert_eq!(first.cost, 2);
    assert!(first.path == [0, 1, 3] || first.path == [0, 2, 3]);
    for _ in 0..3 {
        let again = Dijkstra::with_storage(Dense(Nodes(4))).search(&Problem::new(&g, [0], is(3)));
        assert_eq!(again.into_found().unwrap(), first);
    }
}

#[test]
fn reach_settles_every_reachable_state_with_its_least_cost() {
    let tree = state_search::dijkstra_reach(&diamond(), [0]);
    let costs: Vec<Option<u32>> = (0..7).map(|s| tree.cost(&s)).collect();
    assert_eq!(
        costs,
        [Some(0), Some(1), Some(2), Some(3), None, Some(2), Some(2)]
    );
    assert_eq!(tree.path_to(&6), Some(vec![0, 1, 2, 5, 6]));
    let mut reusable = Dijkstra::new().searcher().unwrap();
    reusable.reach(&diamond(), [1]);
    assert_eq!(reusable.cost(&3), Some(2));
    assert_eq!(reusable.cost(&0), None);
}

#[test]
fn a_negative_step_cost_stops_the_search_without_a_panic() {
    let g = Graph::new(2, &[(0, 1, -1i32)]);
    let search = Dijkstra::new().search(&Problem::new(&g, [0], is(1)));
    assert_eq!(
        search.stop_reason(),
        Some(state_search::StopReason::NegativeCost)
    );
}

#[test]
fn a_path_whose_cost_overflows_is_not_the_answer_and_is_no_panic() {
    //   (0) -250-> (1) -10-> (3)     (0) -255-> (2): the answer fits u8, the detour not.
    let g = Graph::new(4, &[(0, 1, 250u8), (1, 3, 10), (0, 2, 255)]);
    let search = Dijkstra::new().search(&Problem::new(&g, [0], is(2)));
    assert_eq!(search.found().unwrap().cost, 255);
    // When only an overflowing path reaches the goal, the search says so.
    let search = Dijkstra::new().search(&Problem::new(&g, [0], is(3)));
    assert_eq!(
        search.stop_reason(),
        Some(state_search::StopReason::CostOverflow)
    );
}

#[test]
fn the_goal_that_ended_a_search_counts_as_settled() {
    // On the line n -> n + 1, the search for 3 settles 3 when it takes it from the queue.
    let line = state_search::from_fn(|&n: &u32| [(n + 1, 1u32)]);
    let mut dijkstra = Dijkstra::new().searcher().unwrap();
    let found = dijkstra
        .search(&Problem::new(&line, [0], is(3)))
        .into_found()
        .unwrap();
    assert_eq!((found.path, found.cost), (vec![0, 1, 2, 3], 3));
    assert_eq!(dijkstra.cost(&3), Some(3));
    assert_eq!(dijkstra.path_to(&3), Some(vec![0, 1, 2, 3]));
    assert_eq!(dijkstra.shortest_paths().cost(&3), Some(3));
    assert_eq!(dijkstra.cost(&4), None, "4 is queued, not settled");
    let mut astar = state_search::AStar::new().searcher().unwrap();
    let h = |&n: &u32| 3u32.saturating_sub(n);
    assert!(
        astar
            .search(&Problem::new(&line, [0], is(3)).heuristic(&h))
            .found()
            .is_some()
    );
    assert_eq!(astar.cost(&3), Some(3));
    assert_eq!(astar.path_to(&3), Some(vec![0, 1, 2, 3]));
}
