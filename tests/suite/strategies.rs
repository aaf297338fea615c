//! Every strategy, with every storage, run through `Strategy::run` on random graphs,
//! against the Bellman–Ford and BFS oracles of `common/graph.rs`: the core property of the
//! crate, checked the way users reach the engines.

use crate::common::graph;

use graph::{
    Graph, Nodes, among, arb_graph, bellman_ford, best_goal, bfs_steps, check, is, lookup,
    path_cost,
};
use proptest::prelude::*;
use proptest::strategy::Strategy as _;
use proptest::test_runner::FileFailurePersistence;
use state_search::strategy::{Queue, Requirement};
use state_search::{
    FloatCost, Inapplicable, Limits, Outcome, Problem, Search, Solution, StopReason, StoragePolicy,
    Strategy, StrategyError, Tie,
};

/// The storage policies every strategy runs with (the problem always has an indexer).
const STORAGES: [StoragePolicy; 3] = [
    StoragePolicy::Auto,
    StoragePolicy::Dense,
    StoragePolicy::Hashed,
];

/// 256 cases per property; failures are saved and replayed first on later runs.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/strategies.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// An admissible heuristic: exact distances to the goals scaled down per node by a factor
/// in [0, 1], so usually inconsistent.
fn scaled_heuristic(graph: &Graph<u32>, goals: &[u32], scales: &[u8]) -> Vec<u32> {
    let reversed: Vec<(u32, u32, u32)> = (0..graph.len())
        .flat_map(|from| {
            graph.forward[from]
                .iter()
                .map(move |&(to, cost)| (to, u32::try_from(from).unwrap(), cost))
        })
        .collect();
    let to_goal = bellman_ford(&Graph::new(graph.len(), &reversed), goals).unwrap();
    to_goal
        .iter()
        .zip(scales)
        .map(|(d, &scale)| match d {
            None => 1000,
            Some(d) => u32::try_from(d * i64::from(scale) / 4).unwrap(),
        })
        .collect()
}

/// A weighted graph with starts, goals and heuristic scales.
fn weighted_case(
    nodes: usize,
    edges: usize,
) -> impl proptest::strategy::Strategy<Value = (Graph<u32>, Vec<u32>, Vec<u32>, Vec<u8>)> {
    arb_graph(nodes, edges, 0u32..=9).prop_flat_map(|g| {
        let n = g.len();
        let node = 0..u32::try_from(n).unwrap();
        (
            Just(g),
            prop::collection::vec(node.clone(), 1..=2),
            prop::collection::vec(node, 1..=3),
            prop::collection::vec(0u8..=4, n),
        )
    })
}

/// Runs `strategies` with every storage on a weighted problem and checks each against
/// Bellman–Ford; `bfs` and `bibfs` must be refused (the costs are not uniform), and so
/// must the other bidirectional strategies (the problem, with its several goals, has no
/// backward direction).
fn weighted_agreement(
    strategies: &[Strategy],
    (g, starts, goals, scales): &(Graph<u32>, Vec<u32>, Vec<u32>, Vec<u8>),
) -> Result<(), TestCaseError> {
    let is_goal = |s: u32| goals.contains(&s);
    let expected = best_goal(&bellman_ford(g, starts).unwrap(), is_goal);
    let table = scaled_heuristic(g, goals, scales);
    for &strategy in strategies {
        for storage in STORAGES {
            let problem = Problem::new(g, starts.iter().copied(), among(goals))
                .heuristic(lookup(&table))
                .indexer(Nodes(g.len()))
                .storage(storage);
            let name = format!("{strategy} {storage}");
            match strategy.run(&problem, &Limits::new()) {
                Ok(search) => check(&name, g, starts, is_goal, expected, &search)?,
                Err(StrategyError::NotApplicable { reason, .. }) => {
                    // Costs are not uniform, and the problem has no backward direction:
                    // the first of those the strategy needs is the refusal.
                    let expected = strategy
                        .info()
                        .requirements
                        .iter()
                        .find(|r| matches!(r, Requirement::UniformCost | Requirement::Backward))
                        .map(|r| r.refusal());
                    prop_assert_eq!(Some(reason), expected, "{}", name);
                }
                Err(error) => prop_assert!(false, "{}: {:?}", name, error),
            }
        }
    }
    Ok(())
}

/// Every optimal strategy of the crate that runs on a `StateSpace` (the suboptimal ones
/// are checked against their bounds in `tests/suboptimal.rs`), and A* with each tie rule
/// (`Strategy::ALL` holds one).
fn every_strategy() -> Vec<Strategy> {
    let ties = Tie::ALL
        .map(Strategy::AStarTie)
        .into_iter()
        .filter(|s| !Strategy::ALL.contains(s));
    Strategy::ALL
        .into_iter()
        .filter(|&s| s.is_optimal())
        .chain(ties)
        .collect()
}

/// A numbering of nodes `0..n`, in order or reversed: two numberings of one bound, as a
/// searcher may meet in problems of one type.
#[derive(Clone, Copy, Debug)]
struct Numbering {
    n: usize,
    reversed: bool,
}

impl state_search::StateIndexer<u32> for Numbering {
    fn bound(&self) -> usize {
        self.n
    }
    fn index(&self, &node: &u32) -> usize {
        if self.reversed {
            self.n - 1 - node as usize
        } else {
            node as usize
        }
    }
    fn state(&self, index: usize) -> u32 {
        let node = if self.reversed {
            self.n - 1 - index
        } else {
            index
        };
        u32::try_from(node).unwrap()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn every_strategy_but_idastar_agrees_on_random_weighted_graphs(case in weighted_case(30, 90)) {
        // The tree searches (idastar) are exponential on graphs this size.
        let strategies: Vec<Strategy> =
            every_strategy().into_iter().filter(|s| !s.info().tree_search).collect();
        weighted_agreement(&strategies, &case)?;
    }

    #[test]
    fn every_strategy_agrees_on_small_weighted_graphs(case in weighted_case(7, 12)) {
        weighted_agreement(&every_strategy(), &case)?;
    }

    #[test]
    fn every_strategy_but_bfs_agrees_on_weighted_graphs_with_one_goal_state(
        (g, starts, goals, scales) in weighted_case(20, 60),
    ) {
        // One start, one goal state and the backward direction: `bidijkstra` and `mm` run
        // too (`mm` backwards with the zero heuristic).
        let (start, goal) = (starts[0], goals[0]);
        let expected = bellman_ford(&g, &[start]).unwrap()[goal as usize];
        let h = scaled_heuristic(&g, &[goal], &scales);
        for strategy in every_strategy() {
            if matches!(strategy, Strategy::Bfs | Strategy::BidirectionalBfs)
                || strategy.info().tree_search
                || strategy.info().needs_consistency
            {
                // Costs are not uniform; a tree search is exponential on graphs; the
                // heuristic is not consistent (`bae` is checked with consistent ones in
                // `bae.rs`).
                continue;
            }
            let problem = Problem::new(&g, [start], is(goal))
                .heuristic(lookup(&h))
                .indexer(Nodes(g.len()))
                .backward(goal);
            let name = strategy.to_string();
            match strategy.run(&problem, &Limits::new()) {
                Ok(search) => check(&name, &g, &[start], |s| s == goal, expected, &search)?,
                Err(error) => prop_assert!(false, "{}: {:?}", name, error),
            }
        }
    }

    #[test]
    fn every_strategy_for_non_negative_costs_agrees_with_float_costs(
        (g, starts, goals, scales) in weighted_case(20, 60),
    ) {
        // The integer graph's costs and estimates halved as `FloatCost`s (exact in binary,
        // so the sums are exact): each answer is half the integer oracle's, on a path of
        // the integer graph costing the oracle's; the strategies for unsigned integer
        // costs refuse.
        let (start, goal) = (starts[0], goals[0]);
        let expected = bellman_ford(&g, &[start]).unwrap()[goal as usize];
        let half = |c: u32| FloatCost::new(f64::from(c) / 2.0).unwrap();
        let edges: Vec<(u32, u32, FloatCost)> = (0..g.len())
            .flat_map(|from| {
                let from32 = u32::try_from(from).unwrap();
                g.forward[from].iter().map(move |&(to, c)| (from32, to, half(c)))
            })
            .collect();
        let floats = Graph::new(g.len(), &edges);
        let h = scaled_heuristic(&g, &[goal], &scales);
        for strategy in every_strategy() {
            let info = strategy.info();
            if info.needs(Requirement::UniformCost) || info.tree_search {
                continue; // costs are not uniform; tree searches are exponential on graphs
            }
            let problem = Problem::new(&floats, [start], is(goal))
                .heuristic(|s: &u32| half(h[*s as usize]))
                .indexer(Nodes(g.len()))
                .backward(goal);
            let name = strategy.to_string();
            match (strategy.run(&problem, &Limits::new()), expected) {
                (Err(StrategyError::NotApplicable { reason, .. }), _) => {
                    prop_assert!(info.needs(Requirement::UnsignedCost), "{}: {:?}", name, reason);
                    prop_assert_eq!(reason, Requirement::UnsignedCost.refusal(), "{}", name);
                }
                (Ok(search), _) if info.needs(Requirement::UnsignedCost) => {
                    prop_assert!(false, "{}: ran with float costs: {:?}", name, search.outcome);
                }
                (Ok(search), Some(best)) => {
                    let found = search.found();
                    prop_assert!(found.is_some(), "{}: {:?}", name, search.outcome);
                    let found = found.unwrap();
                    let halved = f64::from(i32::try_from(best).unwrap()) / 2.0;
                    prop_assert_eq!(found.cost, FloatCost::new(halved).unwrap(), "{}", name);
                    prop_assert_eq!(found.path[0], start, "{}", name);
                    prop_assert_eq!(*found.path.last().unwrap(), goal, "{}", name);
                    prop_assert_eq!(path_cost(&g, &found.path), Some(best), "{}", name);
                }
                (Ok(search), None) => {
                    prop_assert_eq!(&search.outcome, &Outcome::NoPath, "{}", name);
                }
                (Err(error), _) => prop_assert!(false, "{}: {:?}", name, error),
            }
        }
    }

    #[test]
    fn a_searcher_answers_each_query_as_a_fresh_run(
        (g, _, _, scales) in weighted_case(20, 60),
        queries in prop::collection::vec((0u32..20, 0u32..20, 0usize..3, any::<bool>(), 0usize..2), 1..6),
    ) {
        // One searcher per strategy for a sequence of queries: other ends, storages,
        // numberings (reversed, of the same bound) and bounds. Each answer must be the
        // fresh run's, expansions included, and the oracle's when the strategy is optimal
        // and was not stopped (the tree searches are, on graphs: exponential).
        let n = u32::try_from(g.len()).unwrap();
        let unit = g.with_unit_costs(2u32);
        let limits = Limits::new().max_expansions(3000);
        for strategy in Strategy::ALL {
            let g = if strategy.info().needs(Requirement::UniformCost) { &unit } else { &g };
            let mut searcher = strategy.searcher();
            for &(start, goal, storage, reversed, extra) in &queries {
                let (start, goal) = (start % n, goal % n);
                let expected = bellman_ford(g, &[start]).unwrap()[goal as usize];
                let h = scaled_heuristic(g, &[goal], &scales);
                let numbering = Numbering { n: g.len() + extra, reversed };
                let problem = Problem::new(g, [start], is(goal))
                    .heuristic(lookup(&h))
                    .indexer(numbering)
                    .backward(goal)
                    .storage(STORAGES[storage]);
                let name = format!("{strategy} {} {numbering:?}", STORAGES[storage]);
                let kept = searcher.run(&problem, &limits);
                let fresh = strategy.run(&problem, &limits);
                match (kept, fresh) {
                    (Ok(kept), Ok(fresh)) => {
                        // The heuristic is admissible, not consistent.
                        let optimal = strategy.is_optimal() && !strategy.info().needs_consistency;
                        if optimal && kept.stop_reason().is_none() {
                            check(&name, g, &[start], |s| s == goal, expected, &kept)?;
                        }
                        prop_assert_eq!(&kept.outcome, &fresh.outcome, "{}", name);
                        prop_assert_eq!(kept.stats.expanded, fresh.stats.expanded, "{}", name);
                    }
                    (kept, fresh) => prop_assert!(false, "{}: {:?} against {:?}", name, kept, fresh),
                }
            }
        }
    }

    #[test]
    fn every_strategy_agrees_on_unit_costs_with_one_goal_state(
        g in arb_graph(40, 100, Just(1u32)),
        start in 0u32..40,
        goal in 0u32..40,
    ) {
        let n = u32::try_from(g.len()).unwrap();
        let (start, goal) = (start % n, goal % n);
        let g = g.with_unit_costs(2u32);
        let expected = bfs_steps(&g, &[start])[goal as usize].map(|steps| 2 * i64::try_from(steps).unwrap());
        for strategy in every_strategy() {
            if strategy.info().tree_search && g.len() > 8 {
                continue; // exponential on graphs
            }
            for storage in STORAGES {
                let problem = Problem::new(&g, [start], is(goal))
                    .indexer(Nodes(g.len()))
                    .backward(goal)
                    .storage(storage);
                let search = strategy.run(&problem, &Limits::new());
                let name = format!("{strategy} {storage}");
                match search {
                    Ok(search) => check(&name, &g, &[start], |s| s == goal, expected, &search)?,
                    Err(error) => prop_assert!(false, "{}: {:?}", name, error),
                }
            }
        }
    }
}

#[test]
fn bidirectional_bfs_needs_the_backward_direction_and_one_start() {
    let g = Graph::new(3, &[(0, 1, 1u32), (1, 2, 1)]).with_unit_costs(1u32);
    let refusal = |result: Result<Search<Solution<u32, u32>>, StrategyError<u32, u32>>| {
        result
            .err()
            .and_then(|error| error.refusal())
            .map(|(_, reason)| reason)
    };
    let forward_only = Problem::new(&g, [0], is(2));
    assert_eq!(
        refusal(Strategy::BidirectionalBfs.run(&forward_only, &Limits::new())),
        Some(Inapplicable::NeedsBackward)
    );
    let two_starts = Problem::new(&g, [0, 1], is(2)).backward(2);
    assert_eq!(
        refusal(Strategy::BidirectionalBfs.run(&two_starts, &Limits::new())),
        Some(Inapplicable::NeedsOneStart)
    );
}

#[test]
fn bucket_and_radix_queues_need_unsigned_costs_and_negative_costs_need_spfa() {
    // The negative step leaves the first state expanded after the start, so every engine
    // meets it before it could settle the goal.
    let g = Graph::new(3, &[(0, 1, 1i32), (1, 2, -2), (0, 2, 3)]);
    let problem = Problem::new(&g, [0], is(2));
    for strategy in [
        Strategy::Dijkstra(Queue::Bucket),
        Strategy::Dijkstra(Queue::Radix),
        Strategy::AStarBucket,
    ] {
        let refused = strategy.run(&problem, &Limits::new());
        assert_eq!(
            refused.err().and_then(|e| e.refusal()),
            Some((strategy, Inapplicable::NeedsUnsignedCost)),
            "{strategy}"
        );
    }
    for strategy in [
        Strategy::Dijkstra(Queue::Heap),
        Strategy::AStar,
        Strategy::IdaStarTable,
    ] {
        let refused = strategy.run(&problem, &Limits::new());
        assert_eq!(
            refused.err().and_then(|e| e.refusal()),
            Some((strategy, Inapplicable::NegativeCost)),
            "{strategy}"
        );
    }
    let spfa = Strategy::Spfa.run(&problem, &Limits::new()).unwrap();
    assert_eq!(spfa.found().unwrap().cost, -1);
}

#[test]
fn astar_bucket_takes_the_state_queued_last_among_equal_f_and_astar_the_deepest() {
    // From the start 0, state 1 (g = 2, h = 0) is queued before state 2 (g = 1, h = 1)
    // (`Graph` emits edges in the order given): both have f = 2, and both lead to the goal
    // 3 at cost 2.
    let g = Graph::new(4, &[(0, 1, 2u32), (0, 2, 1), (1, 3, 0), (2, 3, 1)]);
    let h = [2u32, 0, 1, 0];
    let problem = Problem::new(&g, [0], is(3)).heuristic(lookup(&h));
    let path = |strategy: Strategy| {
        let search = strategy.run(&problem, &Limits::new()).unwrap();
        let found = search.into_found().unwrap();
        assert_eq!(found.cost, 2, "{strategy}");
        found.path
    };
    assert_eq!(path(Strategy::AStar), [0, 1, 3]);
    assert_eq!(path(Strategy::AStarBucket), [0, 2, 3]);
}

#[test]
fn bucket_queues_take_costs_up_to_the_largest_u64() {
    // The dear goal 3 is queued at cost u64::MAX while the queue's window starts at 0: a
    // span of all 2^64 buckets. The cheap goal 4 costs 25.
    let g = Graph::new(5, &[(0, 1, 0u64), (0, 2, 5), (1, 3, u64::MAX), (2, 4, 20)]);
    let problem = Problem::new(&g, [0], |&s: &u32| s >= 3);
    for strategy in [
        Strategy::Dijkstra(Queue::Bucket),
        Strategy::Dijkstra(Queue::Radix),
        Strategy::AStarBucket,
    ] {
        let search = strategy.run(&problem, &Limits::new()).unwrap();
        let found = search.into_found().unwrap();
        assert_eq!((found.cost, found.path), (25, vec![0, 2, 4]), "{strategy}");
    }
}

#[test]
fn a_negative_cycle_is_an_error_of_spfa() {
    let g = Graph::new(3, &[(0, 1, 1i32), (1, 2, -3), (2, 1, 1)]);
    let problem = Problem::new(&g, [0], is(9));
    match Strategy::Spfa.run(&problem, &Limits::new()) {
        Err(StrategyError::NegativeCycle(cycle)) => assert_eq!(cycle.cost, Some(-2)),
        other => panic!("expected a negative cycle, got {other:?}"),
    }
}

#[test]
fn limits_reach_every_strategy_in_the_space_s_cost_type() {
    // A line 0 -> 1 -> ... where each step costs 3: a cost limit of 10 allows 3 steps.
    let line = Graph::new(50, &(0..49).map(|i| (i, i + 1, 3u32)).collect::<Vec<_>>())
        .with_unit_costs(3u32);
    let problem = Problem::new(&line, [0], is(40)).backward(40);
    for strategy in every_strategy() {
        let search = strategy.run(&problem, &Limits::new().max_cost(10)).unwrap();
        assert_eq!(search.stop_reason(), Some(StopReason::Cost), "{strategy}");
        let search = strategy
            .run(&problem, &Limits::new().max_cost(120))
            .unwrap();
        assert_eq!(search.found().map(|f| f.cost), Some(120), "{strategy}");
    }
}

/// Dijkstra's order ignores the estimate: without a cost limit the problem's heuristic is
/// never evaluated (a comparison's time for `dijkstra` does not include it); under one it
/// cuts the states that cannot finish within it, with the same answer.
#[test]
fn dijkstra_evaluates_the_heuristic_only_under_a_cost_limit() {
    use core::cell::Cell;
    // 0 -> 1 -> 2 -> 3 costs 6; 0 -> 4 -> 5 is a dead end of cost 2.
    let g = Graph::new(
        6,
        &[
            (0, 1, 2u32),
            (1, 2, 3),
            (2, 3, 1),
            (0, 4, 1),
            (4, 5, 1),
            (0, 2, 9),
        ],
    );
    let calls = Cell::new(0u32);
    let counted = |&s: &u32| {
        calls.set(calls.get() + 1);
        if s == 4 || s == 5 { 100 } else { 0 }
    };
    let problem = Problem::new(&g, [0], is(3)).heuristic(counted);
    for name in ["dijkstra", "dijkstra:bucket", "dijkstra:radix"] {
        let strategy: Strategy = name.parse().unwrap();
        calls.set(0);
        let free = strategy.run(&problem, &Limits::new()).unwrap();
        assert_eq!(free.found().unwrap().cost, 6, "{name}");
        assert_eq!(calls.get(), 0, "{name} evaluated the heuristic");
        calls.set(0);
        let limited = strategy.run(&problem, &Limits::new().max_cost(6)).unwrap();
        assert_eq!(limited.found().unwrap().cost, 6, "{name}");
        assert!(
            calls.get() > 0,
            "{name} ignored the heuristic under a limit"
        );
        assert!(limited.stats.expanded < free.stats.expanded, "{name}");
    }
    calls.set(0);
    let astar: Strategy = "astar".parse().unwrap();
    astar.run(&problem, &Limits::new()).unwrap();
    assert!(calls.get() > 0);
}

#[test]
fn a_path_too_dear_for_the_cost_type_is_an_overflow_for_every_strategy() {
    // 0 -200-> 1 -100-> 2 in u8 costs: the one path costs 300. The estimates are
    // admissible, yet at state 1 `g + h` = 300 does not fit, which is no dead end.
    let graph = Graph::new(3, &[(0, 1, 200u8), (1, 2, 100)]);
    let estimates = [254u8, 100, 0];
    let problem = Problem::new(&graph, [0], is(2))
        .heuristic(lookup(&estimates))
        .backward(2);
    // An estimate of the largest value still marks a dead end.
    let dead_end = Problem::new(&graph, [0], is(2))
        .heuristic(|&s: &u32| if s == 1 { u8::MAX } else { 0 })
        .backward(2);
    // A dead end reached at no cost (g + h fits) is still a dead end, and so is a start:
    // the dead end is state 1, reached at no cost, or the start itself.
    let free = Graph::new(3, &[(0, 1, 0u8), (1, 2, 1)]);
    for dead in [1, 0] {
        let problem = Problem::new(&free, [0], is(2))
            .heuristic(move |&s: &u32| if s == dead { u8::MAX } else { 0 });
        for name in [
            "astar",
            "astar:bucket",
            "idastar",
            "idastar-tt",
            "wastar:2",
            "gbfs",
            "beam:4",
            "focal:2",
            "anytime:2",
        ] {
            let strategy: Strategy = name.parse().unwrap();
            let search = strategy.run(&problem, &Limits::new()).unwrap();
            assert_eq!(
                search.outcome,
                Outcome::NoPath,
                "{strategy}, dead end {dead}: {search:?}"
            );
        }
    }
    for strategy in Strategy::ALL {
        let Ok(search) = strategy.run(&problem, &Limits::new()) else {
            continue; // bfs, bibfs (costs differ)
        };
        assert_eq!(
            search.stop_reason(),
            Some(StopReason::CostOverflow),
            "{strategy}: {search:?}"
        );
        // Strategies that read no estimate see only the path too dear for the type.
        let blind = matches!(
            strategy,
            Strategy::Dijkstra(_) | Strategy::Spfa | Strategy::BidirectionalDijkstra
        );
        let search = strategy.run(&dead_end, &Limits::new()).unwrap();
        if blind {
            assert_eq!(
                search.stop_reason(),
                Some(StopReason::CostOverflow),
                "{strategy}"
            );
        } else {
            assert_eq!(search.outcome, Outcome::NoPath, "{strategy}: {search:?}");
        }
    }
}
