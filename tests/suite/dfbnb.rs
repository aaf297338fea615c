//! Depth-first branch and bound in place (`InPlaceIdaStar::branch_and_bound`, `dfbnb`
//! through `Strategy::run_in_place`) against Bellman–Ford on walks of small random
//! graphs: with cycles under a cost limit, and on DAGs without one. The cost is the
//! oracle's optimum, the improvements strictly decrease, a stopped search's partial plan
//! is a real plan to a goal, and the walk is back at its start on every exit.

use std::ops::ControlFlow;

use crate::common::graph::{Graph, Walk, arb_graph, bellman_ford, best_goal};
use crate::common::paths::{acyclic, scaled_heuristic};
use proptest::prelude::*;
use proptest::strategy::Strategy as _;
use proptest::test_runner::FileFailurePersistence;
use state_search::{
    Event, InPlaceIdaStar, InPlaceSolver, Limits, Outcome, Plan, Search, StopReason, Strategy,
    StrategyError,
};

/// 256 cases per property; failures are saved in `proptest-regressions/` and replayed
/// first on later runs.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/dfbnb.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// A walk on `graph` from `start` with the estimates `h`, told the inverse actions and
/// answering `peek` as asked.
fn walk(graph: &Graph<u32>, start: u32, h: Vec<u32>, inverse: bool, peek: bool) -> Walk<'_> {
    Walk {
        h,
        inverse,
        peek,
        ..Walk::new(graph, start)
    }
}

/// What a search told its visitor: the `(cost, lower bound)` of each `Improved` event, and
/// the number of expansions.
#[derive(Default)]
struct Told {
    improved: Vec<(u32, u32)>,
    expanded: u64,
}

/// Branch and bound on `walk` to `goals` within `limits`, the visitor breaking at the
/// `break_at`-th improvement if given.
fn dfbnb(
    walk: &mut Walk<'_>,
    goals: &[u32],
    limits: Limits<u32>,
    break_at: Option<usize>,
) -> (Search<Plan<usize, u32>>, Told) {
    let mut told = Told::default();
    let mut visitor = |event: Event<'_, Walk<'_>, u32>| {
        match event {
            Event::Expanded { .. } => told.expanded += 1,
            Event::Improved {
                cost, lower_bound, ..
            } => {
                told.improved.push((cost, lower_bound));
                if Some(told.improved.len()) == break_at {
                    return ControlFlow::Break(());
                }
            }
            _ => {}
        }
        ControlFlow::Continue(())
    };
    let engine = InPlaceIdaStar::new().branch_and_bound().with_limits(limits);
    let search = engine.search_with(walk, |w| goals.contains(&w.at()), &mut visitor);
    (search, told)
}

/// What every branch-and-bound search must satisfy: the walk is back at `start`; the
/// improvements strictly decrease, each with the start's estimate (or its cost, if
/// lower) as lower bound; the plan found or kept is a real plan from the start to a goal
/// costing what it claims, the last improvement; the statistics agree with the events.
fn check_run(
    walk: &mut Walk<'_>,
    start: u32,
    goals: &[u32],
    search: &Search<Plan<usize, u32>>,
    told: &Told,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(&walk.trail, &vec![start], "the walk is restored");
    prop_assert!(
        told.improved.windows(2).all(|w| w[1].0 < w[0].0),
        "improvements do not strictly decrease: {:?}",
        told.improved
    );
    let floor = walk.h.get(start as usize).copied().unwrap_or(0);
    for &(cost, lower_bound) in &told.improved {
        prop_assert_eq!(lower_bound, floor.min(cost));
    }
    let kept = search.found().or(search.partial.as_ref());
    prop_assert_eq!(
        kept.map(|plan| plan.cost),
        told.improved.last().map(|i| i.0)
    );
    if let Some(plan) = kept {
        let (end, cost) = walk
            .replay(&plan.actions)
            .expect("the plan's actions are edges");
        prop_assert!(goals.contains(&end), "the plan ends at {}, no goal", end);
        prop_assert_eq!(cost, plan.cost, "the plan's cost");
    }
    prop_assert_eq!(
        search.partial.is_some(),
        search.stop_reason().is_some() && kept.is_some()
    );
    prop_assert_eq!(search.stats.expanded, told.expanded);
    prop_assert_eq!(search.stats.iterations, 1);
    Ok(())
}

/// The least cost from `start` to `goals` by Bellman–Ford.
fn optimum(graph: &Graph<u32>, start: u32, goals: &[u32]) -> Option<u32> {
    let dist = bellman_ford(graph, &[start]).unwrap();
    best_goal(&dist, |node| goals.contains(&node)).map(|d| u32::try_from(d).unwrap())
}

/// A small graph (cycles, parallel edges and self-loops allowed), a start, goals, the
/// scales of an admissible heuristic, and the walk's switches.
fn case(
    costs: std::ops::RangeInclusive<u32>,
) -> impl proptest::strategy::Strategy<Value = (Graph<u32>, u32, Vec<u32>, Vec<u8>, bool, bool)> {
    arb_graph(6, 9, costs).prop_flat_map(|g| {
        let n = u32::try_from(g.len()).unwrap();
        (
            Just(g),
            0..n,
            prop::collection::vec(0..n, 1..=2),
            prop::collection::vec(any::<u8>(), 6),
            any::<bool>(),
            any::<bool>(),
        )
    })
}

proptest! {
    #![proptest_config(config())]

    /// On graphs with cycles, within a cost limit (drawn up to the cost of the dearest
    /// simple path, so below and above the optimum): the optimum when it is within the
    /// limit, else a stop at the limit (or no path, when none exists at all).
    #[test]
    fn with_a_cost_limit_the_cost_is_the_optimum(
        (g, start, goals, scales, inverse, peek) in case(1..=5),
        slack in 0u32..=20,
    ) {
        let n = u32::try_from(g.len()).unwrap();
        let max_cost = slack.min(5 * (n - 1));
        let expected = optimum(&g, start, &goals);
        let h = scaled_heuristic(&g, &goals, &scales);
        let mut walk = walk(&g, start, h, inverse, peek);
        let (search, told) = dfbnb(&mut walk, &goals, Limits::new().max_cost(max_cost), None);
        check_run(&mut walk, start, &goals, &search, &told)?;
        match (&search.outcome, expected) {
            (Outcome::Found(plan), Some(best)) => prop_assert_eq!(plan.cost, best),
            (Outcome::Stopped(StopReason::Cost), Some(best)) => prop_assert!(best > max_cost),
            (Outcome::Stopped(StopReason::Cost) | Outcome::NoPath, None) => {}
            (outcome, expected) => {
                prop_assert!(false, "got {:?}, expected {:?}", outcome, expected);
            }
        }
    }

    /// On DAGs (zero-cost edges allowed) every path ends: no cost limit is needed, and the
    /// search proves "no path" itself.
    #[test]
    fn on_a_dag_it_ends_without_a_cost_limit(
        (g, start, goals, scales, inverse, peek) in case(0..=5),
    ) {
        let dag = acyclic(&g);
        let expected = optimum(&dag, start, &goals);
        let h = scaled_heuristic(&dag, &goals, &scales);
        let mut walk = walk(&dag, start, h.clone(), inverse, peek);
        let (search, told) = dfbnb(&mut walk, &goals, Limits::new(), None);
        check_run(&mut walk, start, &goals, &search, &told)?;
        match (&search.outcome, expected) {
            (Outcome::Found(plan), Some(best)) => prop_assert_eq!(plan.cost, best),
            (Outcome::NoPath, None) => {}
            (outcome, expected) => {
                prop_assert!(false, "got {:?}, expected {:?}", outcome, expected);
            }
        }
        // Through the strategy, the same search.
        let mut again = self::walk(&dag, start, h, inverse, peek);
        let through = Strategy::BranchAndBound
            .run_in_place(&mut again, |w| goals.contains(&w.at()), &Limits::new())
            .unwrap();
        prop_assert_eq!(&through.outcome, &search.outcome);
        prop_assert_eq!(through.stats, search.stats);
    }

    /// Stopped after a few expansions or at an improvement, the search keeps its best
    /// plan as the partial result: a real plan to a goal, no cheaper than the optimum.
    #[test]
    fn a_stopped_search_keeps_a_real_plan(
        (g, start, goals, scales, inverse, peek) in case(1..=5),
        max_expansions in 0u64..40,
        break_at in proptest::option::of(1usize..=3),
    ) {
        let n = u32::try_from(g.len()).unwrap();
        let expected = optimum(&g, start, &goals);
        let h = scaled_heuristic(&g, &goals, &scales);
        let mut walk = walk(&g, start, h, inverse, peek);
        let limits = Limits::new().max_cost(5 * (n - 1)).max_expansions(max_expansions);
        let (search, told) = dfbnb(&mut walk, &goals, limits, break_at);
        check_run(&mut walk, start, &goals, &search, &told)?;
        if let Some(plan) = &search.partial {
            prop_assert!(expected.is_some_and(|best| plan.cost >= best));
        }
        match &search.outcome {
            Outcome::Found(plan) => prop_assert_eq!(Some(plan.cost), expected),
            Outcome::Stopped(StopReason::Expansions) => {
                prop_assert_eq!(search.stats.expanded, max_expansions);
            }
            Outcome::Stopped(StopReason::Visitor) => {
                prop_assert_eq!(Some(told.improved.len()), break_at);
            }
            Outcome::Stopped(StopReason::Cost) | Outcome::NoPath => {
                prop_assert_eq!(expected, None);
            }
            outcome @ Outcome::Stopped(_) => prop_assert!(false, "got {:?}", outcome),
        }
    }
}

/// A start that is a goal is the best plan there is: found at once, one improvement.
#[test]
fn a_start_that_is_a_goal_is_the_empty_plan() {
    let g = Graph::new(2, &[(0, 1, 1), (1, 0, 1)]);
    let mut walk = walk(&g, 0, Vec::new(), false, false);
    let (search, told) = dfbnb(&mut walk, &[0], Limits::new(), None);
    assert_eq!(
        search.found().map(|plan| (plan.actions.len(), plan.cost)),
        Some((0, 0))
    );
    assert_eq!(told.improved, [(0, 0)]);
    assert_eq!(search.stats.expanded, 0);
    // A visitor that stops at that improvement keeps it as the partial plan.
    let (search, _) = dfbnb(&mut walk, &[0], Limits::new(), Some(1));
    assert_eq!(search.stop_reason(), Some(StopReason::Visitor));
    assert_eq!(search.partial.map(|plan| plan.cost), Some(0));
}

/// Without a cost limit a cycle keeps the pass going before its first goal: it runs
/// until another limit stops it, with no plan. Within a cost limit it ends.
#[test]
fn without_a_cost_limit_a_cycle_before_the_first_goal_runs_until_a_limit() {
    // 0 -> 1 -> 2 -> 0, a cycle the inverse action does not break, tried before 1 -> 3.
    let g = Graph::new(4, &[(0, 1, 1), (1, 2, 1), (1, 3, 5), (2, 0, 1)]);
    let mut walk = walk(&g, 0, Vec::new(), true, false);
    let (search, told) = dfbnb(&mut walk, &[3], Limits::new().max_expansions(10_000), None);
    assert_eq!(search.stop_reason(), Some(StopReason::Expansions));
    assert!(search.partial.is_none() && told.improved.is_empty());
    assert_eq!(walk.trail, [0]);
    let (search, _) = dfbnb(&mut walk, &[3], Limits::new().max_cost(20), None);
    assert_eq!(search.found().map(|plan| plan.cost), Some(6));
}

/// After a goal, positive action costs bound every path below the incumbent, but a cycle
/// of zero-cost actions does not end, with a cost limit or without: the search runs until
/// another limit stops it, and keeps the plan it found.
#[test]
fn a_zero_cost_cycle_after_the_first_goal_runs_until_a_limit() {
    // 0 -> 1 -> 3 (the goal, cost 6), then 1 -> 2 -> 4 -> 1 at no cost.
    let g = Graph::new(5, &[(0, 1, 1), (1, 3, 5), (1, 2, 0), (2, 4, 0), (4, 1, 0)]);
    let mut walk = walk(&g, 0, Vec::new(), true, true);
    for limits in [Limits::new(), Limits::new().max_cost(20)] {
        let (search, told) = dfbnb(&mut walk, &[3], limits.max_expansions(10_000), None);
        assert_eq!(search.stop_reason(), Some(StopReason::Expansions));
        assert_eq!(search.partial.map(|plan| plan.actions), Some(vec![0, 0]));
        assert_eq!(told.improved, [(6, 0)]);
        assert_eq!(walk.trail, [0]);
    }
}

/// The strategy table's column says which strategies `Strategy::run_in_place` runs: it
/// refuses exactly the others.
#[test]
fn run_in_place_runs_the_strategies_the_table_marks_in_place() {
    let g = Graph::new(3, &[(0, 1, 2), (1, 2, 2), (0, 2, 5)]);
    let mut ran = Vec::new();
    for strategy in Strategy::ALL {
        let mut walk = walk(&g, 0, Vec::new(), false, false);
        match strategy.run_in_place(&mut walk, |w| w.at() == 2, &Limits::new()) {
            Ok(search) => {
                assert_eq!(search.found().map(|plan| plan.cost), Some(4), "{strategy}");
                ran.push(strategy.to_string());
            }
            Err(StrategyError::NotApplicable { .. }) => {
                assert!(!strategy.info().in_place, "{strategy} refused");
            }
            Err(error) => panic!("{strategy}: {error}"),
        }
    }
    assert_eq!(ran, ["idastar", "dfbnb"]);
}
