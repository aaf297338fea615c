//! Necessary expansions (`FCounts`, `Comparison::necessary`) against a brute force: with a
//! consistent heuristic, the states of `f = g* + h` below the optimum `C*` (`g*` by
//! Bellman-Ford) are exactly the expansions of `f < C*` that Dijkstra and A* make, each
//! once; the backward expansions of the bidirectional searches are told apart.

use core::ops::ControlFlow;

use crate::common::graph::{Nodes, arb_graph, bellman_ford, is, lookup, watcher};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use state_search::bench::Comparison;
use state_search::strategy::Queue;
use state_search::{Event, FCounts, Limits, Problem, Strategy, Visitor};

/// The estimate of a state that cannot reach the goal: above every other, consistent.
const DEAD_END: i64 = 100_000;

/// Exact distances to the goal scaled by `scale / 4`: consistent and admissible.
fn consistent(distances: &[Option<i64>], scale: i64) -> Vec<u32> {
    distances
        .iter()
        .map(|d| u32::try_from(d.map_or(DEAD_END, |d| d * scale / 4)).unwrap())
        .collect()
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/necessary.txt",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn optimal_searches_expand_exactly_the_states_of_f_below_the_optimum(
        g in arb_graph(16, 48, 0u32..=6),
        ends in (0u32..16, 0u32..16),
        scale in 0i64..=4,
    ) {
        let n = g.len();
        let nodes = u32::try_from(n).unwrap();
        let (start, goal) = (ends.0 % nodes, ends.1 % nodes);
        let from_start = bellman_ford(&g, &[start]).unwrap();
        let to_goal = bellman_ford(&g.reversed(), &[goal]).unwrap();
        let h = consistent(&to_goal, scale);
        let h_back = consistent(&from_start, scale);
        let make = || {
            Problem::new(&g, [start], is(goal))
                .heuristic(lookup(&h))
                .indexer(Nodes(n))
                .backward(goal)
                .backward_heuristic(lookup(&h_back))
        };
        let problem = make();
        let optimum = from_start[goal as usize];
        // The brute force: every state reached at least cost g* with g* + h below C*.
        let necessary = optimum.map(|optimum| {
            (0..n)
                .filter(|&s| from_start[s].is_some_and(|g| g + i64::from(h[s]) < optimum))
                .count() as u64
        });
        for strategy in [Strategy::Dijkstra(Queue::default()), Strategy::AStar, Strategy::AStarBucket] {
            let mut counts = FCounts::new();
            let forward = lookup(&h);
            let backward = lookup(&h_back);
            let search = strategy
                .run_with(&problem, &Limits::new(), &mut counts.watch(forward, backward))
                .unwrap();
            let found = search.found().map(|f| i64::from(f.cost));
            prop_assert_eq!(found, optimum, "{}", strategy);
            prop_assert_eq!(counts.total(), search.stats.expanded, "{}", strategy);
            if let Some(cost) = search.found().map(|f| f.cost) {
                prop_assert_eq!(Some(counts.below(cost)), necessary, "{}", strategy);
            }
        }
        // The comparison counts the same for the optimal strategies, nothing for the others.
        let report = Comparison::new()
            .problem("graph", make())
            .strategies(["astar", "dijkstra", "wastar:2"])
            .unwrap()
            .necessary(true)
            .progress(false)
            .run();
        let counted: Vec<Option<u64>> = report.rows().iter().map(|row| row.necessary).collect();
        prop_assert_eq!(counted, [necessary, necessary, None]);
    }

    #[test]
    fn bidirectional_expansions_say_their_side(
        g in arb_graph(12, 36, 1u32..=6),
        ends in (0u32..12, 0u32..12),
    ) {
        let n = g.len();
        let nodes = u32::try_from(n).unwrap();
        let (start, goal) = (ends.0 % nodes, ends.1 % nodes);
        let from_start = bellman_ford(&g, &[start]).unwrap();
        let to_goal = bellman_ford(&g.reversed(), &[goal]).unwrap();
        let problem = Problem::new(&g, [start], is(goal))
            .indexer(Nodes(n))
            .backward(goal);
        for strategy in [Strategy::BidirectionalDijkstra, Strategy::Nbs] {
            let mut sides = [0u64; 2];
            let mut watch = watcher(|event| {
                if let Event::Expanded { state, cost, backward, .. } = event {
                    // Each side expands a state at its least cost from its own end.
                    let least = if backward { to_goal[*state as usize] } else { from_start[*state as usize] };
                    assert_eq!(Some(i64::from(cost)), least, "{strategy}: {state} backward {backward}");
                    sides[usize::from(backward)] += 1;
                }
                ControlFlow::Continue(())
            });
            let search = strategy.run_with(&problem, &Limits::new(), &mut watch).unwrap();
            drop(watch); // it borrows `sides`
            prop_assert_eq!(search.found().map(|f| i64::from(f.cost)), from_start[goal as usize]);
            prop_assert_eq!(sides[0] + sides[1], search.stats.expanded);
        }
    }
}

/// Automatic storage starts a search on a large numbering hashed and, once it outgrows a
/// share of the dense store, runs it again dense: the visitor is told
/// (`Event::Restarted`), so that `FCounts` counts the second run only, and a visitor that
/// breaks there stops the search.
#[test]
fn a_search_started_again_by_automatic_storage_is_counted_once() {
    let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32)]);
    let far = 200_000;
    let problem = Problem::new(&space, [0], is(far)).indexer(Nodes(1 << 22));
    let mut counts = FCounts::new();
    let mut restarts = 0;
    let search = {
        let mut watch = counts.watch(|_: &u32| 0, |_: &u32| 0);
        let mut both = watcher(|event: Event<'_, u32, u32>| {
            if let Event::Restarted { .. } = event {
                restarts += 1;
            }
            watch.visit(event)
        });
        Strategy::Dijkstra(Queue::default())
            .run_with(&problem, &Limits::new(), &mut both)
            .unwrap()
    };
    assert_eq!(search.found().map(|f| f.cost), Some(far));
    assert_eq!(restarts, 1, "the hashed start outgrew its share once");
    assert_eq!(counts.total(), search.stats.expanded);
    assert_eq!(counts.below(far), u64::from(far));

    let mut stop = watcher(|event: Event<'_, u32, u32>| match event {
        Event::Restarted { .. } => ControlFlow::Break(()),
        _ => ControlFlow::Continue(()),
    });
    let search = Strategy::AStar
        .run_with(&problem, &Limits::new(), &mut stop)
        .unwrap();
    assert_eq!(
        search.stop_reason(),
        Some(state_search::StopReason::Visitor)
    );
}
