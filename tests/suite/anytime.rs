//! The anytime strategies (`anytime:W`, `arastar:W`, `anastar`), run through
//! `Strategy::run` with every storage on the random graphs of `suboptimal.rs` (zero-cost
//! edges, several starts and goals, goals out of reach) and checked against the
//! Bellman-Ford oracle of `common/graph.rs`: the solutions they report get strictly
//! cheaper and end at the optimum, and a search stopped by a limit keeps the best one.

use core::ops::ControlFlow;

use crate::common::graph::{is, lookup, watcher};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use state_search::strategy::SearchProblem;
use state_search::strategy::Weight;
use state_search::{Event, Limits, Outcome, Problem, Solution, StateSpace, StopReason, Strategy};

use crate::suboptimal::{
    Case, STORAGES, arb_case, arb_weight, check_partial, check_path, run, unexpected, weight,
};

/// 1024 cases per property (a search on these graphs takes microseconds, and states that
/// ARA* must take up again from its INCONS list are rare in them); failures are saved and
/// replayed first on later runs.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 1024,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/anytime.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// The anytime strategies, the weighted ones at weight `w`.
fn anytime(w: Weight) -> [Strategy; 3] {
    [
        Strategy::Anytime(w),
        Strategy::AraStar(w),
        Strategy::AnaStar,
    ]
}

/// A heuristic for `case`: `scale` 0 to 4 is that many quarters of the perfect one
/// (consistent), 5 the per-node fractions of `Oracle::h` (admissible, usually
/// inconsistent).
pub(crate) fn heuristic(case: &Case, scale: u32) -> Vec<u32> {
    let oracle = case.oracle();
    if scale > 4 {
        return oracle.h;
    }
    oracle.exact.iter().map(|&d| d * scale / 4).collect()
}

proptest! {
    #![proptest_config(config())]

    /// Every improvement is a real solution, cheaper than the one before, no cheaper than
    /// the optimum, with a lower bound no higher than the optimum. The first one is
    /// within `W` of the optimum for `anytime:W` (which reopens states at once), and for
    /// `arastar:W` when the heuristic is consistent (its first iteration is weighted A*
    /// that defers the states it reaches again). Run to the end, each returns the
    /// optimum, the last improvement; stopped by an expansion limit, the best solution
    /// found as its partial result (before the first one, the path to the most promising
    /// state). No improvement and no path when no goal is reachable.
    #[test]
    fn anytime_strategies_improve_to_the_optimum(
        case in arb_case(),
        millionths in arb_weight(),
        budget in 0u64..=12,
        scale in 0u32..=5,
    ) {
        let oracle = case.oracle();
        let h = heuristic(&case, scale);
        for strategy in anytime(weight(millionths)) {
            let bounded = match strategy {
                Strategy::Anytime(_) => true,
                Strategy::AraStar(_) => scale <= 4,
                _ => false,
            };
            for storage in STORAGES {
                for limited in [false, true] {
                    let limits = if limited {
                        Limits::new().max_expansions(budget)
                    } else {
                        Limits::new()
                    };
                    let name = format!("{strategy} {storage} h {scale} limited {limited} to {budget}");
                    let (mut improved, mut expanded) = (Vec::new(), Vec::new());
                    let search = run(&case, strategy, &h, None, storage, &limits, &mut |event| {
                        match event {
                            Event::Improved { cost, lower_bound, .. } => improved.push((cost, lower_bound)),
                            Event::Expanded { state, cost, .. } => expanded.push((*state, cost)),
                            _ => {}
                        }
                        ControlFlow::Continue(())
                    });
                    if let Some(best) = oracle.optimum {
                        for &(cost, lower) in &improved {
                            prop_assert!(i64::from(cost) >= best, "{}: {} below the optimum {}", name, cost, best);
                            prop_assert!(i64::from(lower) <= best, "{}: lower bound {} above the optimum {}", name, lower, best);
                            prop_assert!(lower <= cost, "{}: lower bound {} above {}", name, lower, cost);
                        }
                        if let (true, Some(&(first, _))) = (bounded, improved.first()) {
                            prop_assert!(
                                i128::from(first) * 1_000_000 <= i128::from(millionths) * i128::from(best),
                                "{}: first solution {} beyond the weight times the optimum {}", name, first, best
                            );
                        }
                    } else {
                        prop_assert!(improved.is_empty(), "{}: improved {:?} without a path", name, improved);
                    }
                    for pair in improved.windows(2) {
                        prop_assert!(pair[1].0 < pair[0].0, "{}: not an improvement: {:?}", name, improved);
                    }
                    let last = improved.last().map(|&(cost, _)| cost);
                    match (&search.outcome, oracle.optimum) {
                        (Outcome::Found(found), Some(best)) => {
                            check_path(&name, &case, found, true)?;
                            prop_assert_eq!(i64::from(found.cost), best, "{}: not the optimum", name);
                            prop_assert_eq!(last, Some(found.cost), "{}: the last improvement", name);
                            prop_assert!(search.partial.is_none(), "{}: a partial result after an answer", name);
                        }
                        (Outcome::NoPath, None) => prop_assert!(search.partial.is_none()),
                        (Outcome::Stopped(StopReason::Expansions), _) if limited => match last {
                            Some(cost) => {
                                let best = search.partial.as_ref();
                                prop_assert!(best.is_some(), "{}: stopped without its best solution", name);
                                let best = best.unwrap();
                                check_path(&name, &case, best, true)?;
                                prop_assert_eq!(best.cost, cost, "{}: the partial result is not the last improvement", name);
                            }
                            None => check_partial(&name, &case, &search, &expanded, Some(&h))?,
                        },
                        (outcome, optimum) => unexpected(&name, outcome, optimum)?,
                    }
                }
            }
        }
    }
}

/// The solution `strategy` ends with on `problem` (it must find one), and the costs of
/// the improvements it reported.
fn solved<P>(strategy: Strategy, problem: &P) -> (Solution<u32, u32>, Vec<u32>)
where
    P: SearchProblem<Space: StateSpace<State = u32, Cost = u32>>,
{
    let mut improved = Vec::new();
    let mut watch = watcher(|event| {
        if let Event::Improved { cost, .. } = event {
            improved.push(cost);
        }
        ControlFlow::Continue(())
    });
    let search = strategy.run_with(problem, &Limits::new(), &mut watch);
    drop(watch); // it borrows `improved`
    let found = search.unwrap().into_found();
    (
        found.unwrap_or_else(|| panic!("{strategy}: no solution")),
        improved,
    )
}

/// On a graph where a weighted search finds a dear path first, each anytime strategy
/// reports it, then the optimum, and ends with the optimum: from 0, the cheap way (cost 1
/// per step, 0 1 2 3 4 5) looks worse to `g + 2h` than the dear shortcut 0 6 5 (cost 2 +
/// 6), whose first node's estimate is low. The heuristic is admissible and consistent.
#[test]
fn each_anytime_strategy_reports_the_dear_path_then_the_optimum() {
    let space = state_search::from_fn(|&n: &u32| match n {
        0 => vec![(1, 1), (6, 2)],
        1..=4 => vec![(n + 1, 1)],
        6 => vec![(5, 6)],
        _ => vec![],
    });
    let h = [5, 4, 3, 2, 1, 0, 3];
    let problem = Problem::new(&space, [0], is(5)).heuristic(lookup(&h));
    let three = Strategy::AraStar("3".parse().unwrap());
    for strategy in anytime(Weight::TWO).into_iter().chain([three]) {
        let (found, improved) = solved(strategy, &problem);
        assert_eq!(
            (found.cost, &found.path[..]),
            (5, &[0, 1, 2, 3, 4, 5][..]),
            "{strategy}"
        );
        assert_eq!(improved, [8, 5], "{strategy}");
    }
}

/// ARA*'s INCONS list at work: on this graph its first iteration (at weight 2, and at
/// weight 1 too) expands `x` on the dear way (0 x, cost 4) before it reaches `x` more
/// cheaply (0 a x, cost 2). `x` then waits for the next iteration, which finds the
/// optimum 6 (0 a x w goal) after the first solution 8 (the direct step 0 goal; the way
/// on from the dear `x` costs as much). The heuristic is admissible and inconsistent
/// (`h(a) = 3` above `1 + h(x)`). The other anytime strategies end at the optimum too.
#[test]
fn arastar_takes_up_the_states_it_reached_again_in_its_next_iteration() {
    // 0 start, 1 x, 2 a, 3 w, 4 goal.
    let space = state_search::from_fn(|&n: &u32| match n {
        0 => vec![(1, 4), (2, 1), (4, 8)],
        1 => vec![(3, 3)],
        2 => vec![(1, 1)],
        3 => vec![(4, 1)],
        _ => vec![],
    });
    let h = [0, 0, 3, 0, 0];
    let problem = Problem::new(&space, [0], is(4)).heuristic(lookup(&h));
    let ara = [Weight::ONE, Weight::TWO].map(Strategy::AraStar);
    for strategy in ara.into_iter().chain(anytime(Weight::TWO)) {
        let (found, improved) = solved(strategy, &problem);
        assert_eq!(
            (found.cost, &found.path[..]),
            (6, &[0, 2, 1, 3, 4][..]),
            "{strategy}"
        );
        if let Strategy::AraStar(_) = strategy {
            assert_eq!(improved, [8, 6], "{strategy}");
        }
    }
}
