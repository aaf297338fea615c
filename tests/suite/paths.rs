//! All optimal paths and Yen's k shortest loopless paths on random graphs of up to 8
//! nodes (zero-cost edges, cycles, parallel edges, self-loops, several starts and goals),
//! against the brute-force oracles of `common/paths.rs`; and the edge cases by hand.

use crate::common::graph;
use crate::common::paths as oracle;
use crate::movingai::at;

use std::collections::HashSet;

use graph::{Graph, Nodes, among, arb_graph, is, path_cost};
use oracle::{Count, acyclic, optimal_count, scaled_heuristic, simple_paths};
use proptest::prelude::*;
use proptest::strategy::Strategy as _;
use proptest::test_runner::FileFailurePersistence;
use state_search::paths::{OptimalPaths, PathCount, PathsError, k_shortest_paths, optimal_paths};
use state_search::strategy::Queue;
use state_search::{
    Inapplicable, Limits, Problem, Solution, StopReason, StoragePolicy, Strategy, StrategyError,
};

/// 256 cases per property; failures are saved and replayed first on later runs.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/paths.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// A graph of up to 8 nodes and 16 edges of cost 0 to 3, one to three start nodes and one
/// or two goal nodes; `dag` turns every edge from the lower node to the higher.
fn arb_case(
    dag: bool,
) -> impl proptest::strategy::Strategy<Value = (Graph<u32>, Vec<u32>, Vec<u32>)> {
    arb_graph(8, 16, 0..=3u32).prop_flat_map(move |graph| {
        let graph = if dag { acyclic(&graph) } else { graph };
        let n = u32::try_from(graph.len()).unwrap();
        (
            Just(graph),
            prop::collection::vec(0..n, 1..=3),
            prop::collection::vec(0..n, 1..=2),
        )
    })
}

/// `optimal_paths` with hashed and with dense storage, their optimum and count checked
/// equal: `(hashed, dense)`.
fn all_optimal(
    graph: &Graph<u32>,
    starts: &[u32],
    goals: &[u32],
) -> (OptimalPaths<u32, u32>, OptimalPaths<u32, u32>) {
    let is_goal = among(goals);
    let run = |storage| {
        let problem = Problem::new(graph, starts.iter().copied(), is_goal)
            .indexer(Nodes(graph.len()))
            .storage(storage);
        optimal_paths(&problem, &Limits::new()).expect("no limit, non-negative costs")
    };
    let hashed = run(StoragePolicy::Hashed);
    let dense = run(StoragePolicy::Dense);
    assert_eq!(
        (hashed.cost(), hashed.count()),
        (dense.cost(), dense.count())
    );
    (hashed, dense)
}

/// More paths than a graph of 8 nodes and 16 edges has simple ones: an enumeration that
/// reaches it does not end.
const ENUMERATION_BOUND: usize = 100_000;

/// The paths enumerated, sorted; at most [`ENUMERATION_BOUND`] of them.
fn enumerate(all: &OptimalPaths<u32, u32>) -> Vec<Vec<u32>> {
    let mut paths: Vec<Vec<u32>> = all.iter().take(ENUMERATION_BOUND).collect();
    paths.sort();
    paths
}

/// The count and optimum against the oracle's, and the graph's shape: every state at its
/// least cost, every predecessor an optimal step, predecessors first when acyclic.
fn check_count(graph: &Graph<u32>, starts: &[u32], goals: &[u32]) -> Result<(), TestCaseError> {
    let is_goal = |n: u32| goals.contains(&n);
    let (best, expected) = optimal_count(graph, starts, &is_goal);
    let (all, _) = all_optimal(graph, starts, goals);
    prop_assert_eq!(all.cost().map(i64::from), best);
    let count = match expected {
        Count::Finite(n) => PathCount::Exact(n),
        Count::Infinite => PathCount::Infinite,
    };
    prop_assert_eq!(all.count(), count);
    let dag = all.dag();
    let dist = graph::bellman_ford(&oracle::goal_cut(graph, is_goal), starts).unwrap();
    for s in 0..dag.len() {
        let state = dag.states()[s];
        prop_assert_eq!(dag.index_of(&state), Some(s));
        prop_assert_eq!(Some(i64::from(dag.cost(s))), dist[state as usize]);
        prop_assert_eq!(dag.is_start(s), starts.contains(&state));
        let preds: Vec<usize> = dag.predecessors(s).collect();
        let distinct: HashSet<usize> = preds.iter().copied().collect();
        prop_assert_eq!(distinct.len(), preds.len(), "predecessors once each");
        for p in preds {
            let step = path_cost(graph, &[dag.states()[p], state]);
            prop_assert_eq!(
                step.map(|c| c + i64::from(dag.cost(p))),
                Some(i64::from(dag.cost(s)))
            );
            if all.count().is_finite() {
                prop_assert!(p < s, "predecessors come first");
            }
        }
    }
    for g in dag.goals() {
        prop_assert!(is_goal(dag.states()[g]));
        prop_assert_eq!(Some(dag.cost(g)), all.cost());
    }
    Ok(())
}

/// The paths enumerated: each a real optimal path, none twice, exactly the optimal simple
/// paths of brute force (all optimal paths when their number is finite).
fn check_enumeration(
    graph: &Graph<u32>,
    starts: &[u32],
    goals: &[u32],
) -> Result<(), TestCaseError> {
    let is_goal = |n: u32| goals.contains(&n);
    let (all, dense) = all_optimal(graph, starts, goals);
    let enumerated = enumerate(&all);
    prop_assert!(enumerated.len() < ENUMERATION_BOUND, "the enumeration ends");
    prop_assert_eq!(&enumerated, &enumerate(&dense), "hashed and dense agree");
    for path in &enumerated {
        prop_assert!(starts.contains(&path[0]), "{:?} starts at a start", path);
        prop_assert!(is_goal(*path.last().unwrap()));
        prop_assert!(path[..path.len() - 1].iter().all(|&n| !is_goal(n)));
        prop_assert_eq!(path_cost(graph, path), all.cost().map(i64::from));
    }
    let distinct: HashSet<&Vec<u32>> = enumerated.iter().collect();
    prop_assert_eq!(distinct.len(), enumerated.len(), "paths are distinct");
    if let PathCount::Exact(count) = all.count() {
        prop_assert_eq!(enumerated.len() as u128, count);
    }
    let mut expected: Vec<Vec<u32>> = simple_paths(graph, starts, &is_goal)
        .into_iter()
        .filter(|(cost, _)| Some(*cost) == all.cost().map(i64::from))
        .map(|(_, path)| path)
        .collect();
    expected.sort();
    prop_assert_eq!(enumerated, expected);
    Ok(())
}

/// Yen's paths with `inner` against the `k` cheapest simple paths of brute force: the same
/// costs in order, each path real, loopless, from a start to its first goal, none twice.
fn check_yen(
    graph: &Graph<u32>,
    starts: &[u32],
    goals: &[u32],
    found: &[Solution<u32, u32>],
    name: &str,
) -> Result<(), TestCaseError> {
    let is_goal = |n: u32| goals.contains(&n);
    let mut costs: Vec<i64> = simple_paths(graph, starts, &is_goal)
        .into_iter()
        .map(|(cost, _)| cost)
        .collect();
    costs.sort_unstable();
    costs.truncate(K);
    let found_costs: Vec<i64> = found.iter().map(|p| i64::from(p.cost)).collect();
    prop_assert_eq!(found_costs, costs, "{}: costs", name);
    let mut seen = HashSet::new();
    for p in found {
        prop_assert!(seen.insert(p.path.clone()), "{}: {:?} twice", name, p.path);
        let distinct: HashSet<u32> = p.path.iter().copied().collect();
        prop_assert_eq!(distinct.len(), p.path.len(), "{}: loopless", name);
        prop_assert!(starts.contains(&p.path[0]), "{}: start", name);
        prop_assert!(is_goal(*p.path.last().unwrap()), "{}: goal", name);
        prop_assert!(p.path[..p.path.len() - 1].iter().all(|&n| !is_goal(n)));
        prop_assert_eq!(
            path_cost(graph, &p.path),
            Some(i64::from(p.cost)),
            "{}: real",
            name
        );
    }
    Ok(())
}

/// How many paths the Yen properties ask for.
const K: usize = 10;

/// The first `K` paths of Yen's algorithm with `inner`, all without error.
fn first_k<G, H, I, B, D>(
    problem: &Problem<'_, Graph<u32>, G, H, I, B, D>,
    inner: Strategy,
) -> Vec<Solution<u32, u32>>
where
    G: Fn(&u32) -> bool,
    H: state_search::Heuristic<u32, u32>,
    I: state_search::strategy::MaybeIndexer<u32>,
    B: state_search::strategy::MaybeBackward<Graph<u32>>,
    D: state_search::strategy::MaybeDistance<u32, u32>,
{
    k_shortest_paths(problem, inner, &Limits::new())
        .expect("an optimal inner strategy")
        .take(K)
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{inner}: {e}"))
}

proptest! {
    #![proptest_config(config())]

    /// The number of optimal paths on DAGs, against dynamic programming on Bellman–Ford
    /// distances.
    #[test]
    fn count_matches_the_oracle_on_dags((graph, starts, goals) in arb_case(true)) {
        check_count(&graph, &starts, &goals)?;
    }

    /// The number of optimal paths on graphs with cycles and zero-cost cycles, infinite
    /// exactly when the oracle finds a zero-cost cycle on an optimal path.
    #[test]
    fn count_matches_the_oracle_with_cycles((graph, starts, goals) in arb_case(false)) {
        check_count(&graph, &starts, &goals)?;
    }

    /// Every optimal path enumerated once (the simple ones under a zero-cost cycle).
    #[test]
    fn enumeration_is_every_optimal_simple_path((graph, starts, goals) in arb_case(false)) {
        check_enumeration(&graph, &starts, &goals)?;
    }

    /// Yen's algorithm with Dijkstra and with A* (an admissible, usually inconsistent
    /// heuristic) against the brute-force k cheapest simple paths.
    #[test]
    fn yen_matches_the_k_cheapest_simple_paths(
        (graph, starts, goals) in arb_case(false),
        scales in prop::collection::vec(any::<u8>(), 8),
    ) {
        let is_goal = among(&goals);
        let h = scaled_heuristic(&graph, &goals, &scales);
        let plain = Problem::new(&graph, starts.iter().copied(), is_goal);
        let found = first_k(&plain, Strategy::Dijkstra(Queue::Heap));
        check_yen(&graph, &starts, &goals, &found, "dijkstra")?;
        let informed = Problem::new(&graph, starts.iter().copied(), is_goal)
            .heuristic(|&n: &u32| h[n as usize]);
        check_yen(&graph, &starts, &goals, &first_k(&informed, Strategy::AStar), "astar")?;
    }

    /// Yen's algorithm with the other optimal strategies as the inner engine, and with
    /// dense storage.
    #[test]
    fn yen_agrees_for_every_optimal_inner_strategy(
        (graph, starts, goals) in arb_case(false),
    ) {
        let is_goal = among(&goals);
        let problem = Problem::new(&graph, starts.iter().copied(), is_goal)
            .indexer(Nodes(graph.len()))
            .storage(StoragePolicy::Dense);
        let inners = [
            "dijkstra:bucket", "dijkstra:radix", "astar:bucket", "spfa", "idastar", "idastar-tt",
        ];
        for inner in inners {
            let inner: Strategy = inner.parse().unwrap();
            check_yen(&graph, &starts, &goals, &first_k(&problem, inner), &inner.to_string())?;
        }
    }

    /// Bidirectional BFS as the inner engine, through the view's predecessors: one start,
    /// one goal, unit costs.
    #[test]
    fn yen_runs_bidirectional_bfs_on_the_view(
        (graph, starts, goals) in arb_case(false),
    ) {
        let unit = graph.with_unit_costs(1u32);
        let (start, goal) = (starts[0], goals[0]);
        let problem = Problem::new(&unit, [start], is(goal)).backward(goal);
        let found = first_k(&problem, Strategy::BidirectionalBfs);
        check_yen(&unit, &[start], &[goal], &found, "bibfs")?;
    }
}

/// `n` diamonds in a row: 2^n shortest paths.
fn diamonds(n: u32) -> impl state_search::StateSpace<State = (u32, u8), Cost = u32> {
    // (i, 0) -> (i, 1) or (i, 2) -> (i + 1, 0), every step 1.
    state_search::from_fn(move |&(i, side): &(u32, u8)| {
        let steps: Vec<((u32, u8), u32)> = match side {
            0 if i < n => vec![((i, 1), 1), ((i, 2), 1)],
            1 | 2 => vec![((i + 1, 0), 1)],
            _ => vec![],
        };
        steps
    })
}

#[test]
fn counts_up_to_u128_max_and_saturates_beyond() {
    let space = diamonds(127);
    let problem = Problem::new(&space, [(0, 0)], |&s| s == (127, 0));
    let all = optimal_paths(&problem, &Limits::new()).unwrap();
    assert_eq!(all.count(), PathCount::Exact(1 << 127));
    assert_eq!(all.cost(), Some(254));
    assert_eq!(all.iter().next().map(|p| p.len()), Some(255));
    let space = diamonds(128);
    let problem = Problem::new(&space, [(0, 0)], |&s| s == (128, 0));
    let all = optimal_paths(&problem, &Limits::new()).unwrap();
    assert_eq!(all.count(), PathCount::Saturated);
    assert_eq!(all.count().exact(), None);
    // Enumeration stays lazy: the first few paths come at once.
    assert_eq!(all.iter().take(1000).count(), 1000);
}

#[test]
fn a_zero_cost_self_loop_counts_only_on_an_optimal_path() {
    // 0 -> 1 -> 2, with a zero-cost loop at 1; 0 -> 3 -> 2 costs more, loop at 3.
    let on = Graph::new(
        4,
        &[
            (0, 1, 1),
            (1, 2, 1),
            (1, 1, 0),
            (0, 3, 2),
            (3, 2, 1),
            (3, 3, 0),
        ],
    );
    let all = optimal_paths(&Problem::new(&on, [0], is(2)), &Limits::new()).unwrap();
    assert_eq!(all.count(), PathCount::Infinite);
    assert_eq!(all.iter().collect::<Vec<_>>(), [vec![0, 1, 2]]);
    let off = Graph::new(4, &[(0, 1, 1), (1, 2, 1), (0, 3, 2), (3, 2, 1), (3, 3, 0)]);
    let all = optimal_paths(&Problem::new(&off, [0], is(2)), &Limits::new()).unwrap();
    assert_eq!(all.count(), PathCount::Exact(1));
}

#[test]
fn no_path_is_an_empty_answer() {
    let graph = Graph::new(3, &[(0, 1, 1)]);
    let all = optimal_paths(&Problem::new(&graph, [0], is(2)), &Limits::new()).unwrap();
    assert_eq!((all.cost(), all.count()), (None, PathCount::Exact(0)));
    assert!(all.dag().is_empty());
    assert_eq!(all.iter().next(), None);
    let problem = Problem::new(&graph, [0], is(2));
    let mut yen = k_shortest_paths(&problem, Strategy::AStar, &Limits::new()).unwrap();
    assert!(yen.next().is_none());
    assert!(yen.next().is_none());
}

#[test]
fn limits_and_negative_costs_are_errors() {
    let line = state_search::from_fn(|&n: &u64| [(n + 1, 1u32), (n + 2, 1)]);
    let problem = Problem::new(&line, [0], |&n| n == 1_000);
    let stopped = optimal_paths(&problem, &Limits::new().max_expansions(50)).unwrap_err();
    assert_eq!(stopped.stop_reason(), Some(StopReason::Expansions));
    assert!(matches!(stopped, PathsError::Stopped { stats, .. } if stats.expanded == 50));
    let stopped = optimal_paths(&problem, &Limits::new().max_cost(10)).unwrap_err();
    assert_eq!(stopped.stop_reason(), Some(StopReason::Cost));
    let within = optimal_paths(&problem, &Limits::new().max_cost(500)).unwrap();
    assert_eq!(
        (within.cost(), within.count()),
        (Some(500), PathCount::Exact(1))
    );

    let negative = Graph::new(3, &[(0, 1, 2), (1, 2, -1)]);
    let problem = Problem::new(&negative, [0], is(2));
    assert_eq!(
        optimal_paths(&problem, &Limits::new()).unwrap_err(),
        PathsError::NegativeCost
    );
    // Yen's algorithm passes the inner strategy's refusal on, and spfa accepts it.
    let mut yen =
        k_shortest_paths(&problem, Strategy::Dijkstra(Queue::Heap), &Limits::new()).unwrap();
    assert!(matches!(
        yen.next(),
        Some(Err(PathsError::Strategy(StrategyError::NotApplicable {
            reason: Inapplicable::NegativeCost,
            ..
        })))
    ));
    assert!(yen.next().is_none(), "fused after an error");
    let found: Vec<i32> = k_shortest_paths(&problem, Strategy::Spfa, &Limits::new())
        .unwrap()
        .map(|p| p.unwrap().cost)
        .collect();
    assert_eq!(found, [1]);
}

#[test]
fn dense_storage_without_an_indexer_is_refused() {
    let graph = Graph::new(2, &[(0, 1, 1u32)]);
    let problem = Problem::new(&graph, [0], is(1)).storage(StoragePolicy::Dense);
    assert!(matches!(
        optimal_paths(&problem, &Limits::new()),
        Err(PathsError::Capacity(_))
    ));
}

#[test]
fn yen_stops_at_the_limits_and_the_cost_bound() {
    let maze = state_search::domains::maze::GridMaze::random(30, 30, 20, 5, 3);
    let goal = maze.goal();
    let problem = Problem::new(&maze, [maze.start()], at(goal));
    let limits = Limits::new().max_expansions(5_000);
    let items: Vec<_> = k_shortest_paths(&problem, Strategy::Dijkstra(Queue::Heap), &limits)
        .unwrap()
        .take(1000)
        .collect();
    let last = items.last().unwrap();
    assert!(matches!(last, Err(e) if e.stop_reason() == Some(StopReason::Expansions)));
    assert!(items[..items.len() - 1].iter().all(Result::is_ok));

    // Five diamonds whose sides cost 1 or 2: paths cost 10 + the number of dear sides.
    // With a cost limit of 11: the 6 paths within it, then the stop that says more lie
    // beyond.
    let space = state_search::from_fn(|&(i, side): &(u32, u8)| {
        let steps: Vec<((u32, u8), u32)> = match side {
            0 if i < 5 => vec![((i, 1), 1), ((i, 2), 2)],
            1 | 2 => vec![((i + 1, 0), 1)],
            _ => vec![],
        };
        steps
    });
    let problem = Problem::new(&space, [(0, 0)], |&s| s == (5, 0));
    let items: Vec<_> = k_shortest_paths(&problem, Strategy::AStar, &Limits::new().max_cost(11))
        .unwrap()
        .collect();
    let (last, paths) = items.split_last().unwrap();
    assert!(matches!(last, Err(e) if e.stop_reason() == Some(StopReason::Cost)));
    let costs: Vec<u32> = paths.iter().map(|p| p.as_ref().unwrap().cost).collect();
    assert_eq!(costs, [10, 11, 11, 11, 11, 11]);
    let all: Vec<u32> = k_shortest_paths(&problem, Strategy::AStar, &Limits::new())
        .unwrap()
        .map(|p| p.unwrap().cost)
        .collect();
    assert_eq!(all.len(), 32);
    assert_eq!(all.last(), Some(&15));
}

#[test]
fn yen_agrees_between_dijkstra_and_astar_on_a_maze() {
    let maze = state_search::domains::maze::GridMaze::random(40, 40, 25, 9, 11);
    let goal = maze.goal();
    let problem = Problem::new(&maze, [maze.start()], at(goal))
        .heuristic(|p: &state_search::grid::Pos| maze.manhattan(p))
        .indexed();
    let costs = |inner| -> Vec<u32> {
        k_shortest_paths(&problem, inner, &Limits::new())
            .unwrap()
            .take(30)
            .map(|p| p.unwrap().cost)
            .collect()
    };
    let dijkstra = costs(Strategy::Dijkstra(Queue::Heap));
    assert_eq!(dijkstra.len(), 30);
    assert!(dijkstra.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(costs(Strategy::AStar), dijkstra);
    let all = optimal_paths(&problem, &Limits::new()).unwrap();
    assert_eq!(all.cost(), dijkstra.first().copied());
    // The optimal paths are the first Yen paths, as many as there are (here fewer than 30).
    let optimal = dijkstra.iter().filter(|&&c| Some(c) == all.cost()).count();
    if let PathCount::Exact(n) = all.count()
        && n < 30
    {
        assert_eq!(optimal as u128, n);
    }
}
