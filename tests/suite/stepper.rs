//! The stepper (`Stepper`): Dijkstra, A* (hashed and dense), weighted A* (anytime too) and
//! greedy search, stepped by random budgets to their end on the random graphs of
//! `suboptimal.rs`, give the answer, the statistics and the events of one plain search,
//! and the optimum of the Bellman-Ford oracle where they are optimal; between steps, the
//! least open `f` is what the search expands next, never above the optimum, and does not
//! fall with a consistent heuristic; limits stop a stepper across steps.

use core::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use state_search::strategy::SearchProblem;
use state_search::{
    AStar, CapacityError, Dense, Dijkstra, Event, Greedy, Limits, Outcome, Problem, Progress,
    Search, Solution, Solver, Steppable, StopReason, WeightedAStar, visitor,
};

use crate::anytime::heuristic;
use crate::common::graph::{Graph, Nodes, is, path_cost};
use crate::suboptimal::{Case, arb_case};

/// 256 cases per property; failures are saved and replayed first on later runs.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/stepper.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// An event, owned, with what tells events apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    Expanded(u32, u32),
    Reopened(u32, u32),
    Improved(u32, u32, u64),
    Other,
}

fn seen(event: &Event<'_, u32, u32>) -> Seen {
    match *event {
        Event::Expanded { state, cost, .. } => Seen::Expanded(*state, cost),
        Event::Reopened { state, cost } => Seen::Reopened(*state, cost),
        Event::Improved {
            cost,
            lower_bound,
            stats,
        } => Seen::Improved(cost, lower_bound, stats.expanded),
        _ => Seen::Other,
    }
}

/// What a stepper showed at a pause: its open list's length, its least open `f`, and how
/// many events it had seen.
#[derive(Debug)]
struct Pause {
    open_len: usize,
    best_f: Option<u32>,
    events: usize,
}

/// What the order of an engine promises of its least open `f`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// Dijkstra's: by `g`, the heuristic unread: the next expansion is at the least `f`,
    /// which is `g`, and it never falls.
    Cost,
    /// A*'s: the next expansion is at the least `f`.
    Estimate,
    /// Weighted A*'s: the next expansion is at `f` no less than the least, and the least
    /// is at most the optimum (closed states reached more cheaply are reopened).
    Weighted,
    /// Greedy search's (which does not reopen) and anytime search's (which prunes): the
    /// next expansion is at `f` no less than the least.
    Other,
}

/// The problem of `case` with the heuristic `h`.
fn problem<'a>(case: &'a Case, h: &'a [u32]) -> impl SearchProblem<Space = Graph<u32>> + 'a {
    Problem::new(&case.graph, case.starts.iter().copied(), |s: &u32| {
        case.is_goal(*s)
    })
    .heuristic(|s: &u32| h[*s as usize])
}

/// `engine` on the problem `make` builds, once plainly and once stepped by `budgets` in
/// turn to its end: the same answer, statistics (but the memory) and events, each paused
/// step of exactly its budget, and at each pause a least open `f` that `order` and the
/// heuristic `h` (`consistent` or not) bound. Returns the answer.
fn stepped_as_plain<P, E>(
    name: &str,
    engine: &E,
    make: impl Fn() -> P,
    (h, consistent, order): (&[u32], bool, Order),
    budgets: &[u64],
    optimum: Option<i64>,
) -> Result<Search<Solution<u32, u32>>, TestCaseError>
where
    P: SearchProblem<Space = Graph<u32>>,
    E: Clone + Steppable<P> + Solver<P, Cost = u32, Output = Search<Solution<u32, u32>>>,
{
    let mut plain_events = Vec::new();
    let plain = engine.search_with(
        &make(),
        &mut visitor(|event| {
            plain_events.push(seen(&event));
            ControlFlow::Continue(())
        }),
    );
    let stepper = engine.clone().stepper(make());
    prop_assert!(stepper.is_ok(), "{}: a store of 50 nodes fits", name);
    let mut stepper = stepper.map_err(|e: CapacityError| TestCaseError::fail(e.to_string()))?;
    let (mut events, mut pauses) = (Vec::new(), Vec::new());
    for &budget in budgets.iter().cycle() {
        let before = stepper.stats().expanded;
        let progress = stepper.step_with(
            budget,
            &mut visitor(|event| {
                events.push(seen(&event));
                ControlFlow::Continue(())
            }),
        );
        if progress == Progress::Done {
            break;
        }
        prop_assert_eq!(
            stepper.stats().expanded,
            before + budget,
            "{}: a paused step of {}",
            name,
            budget
        );
        pauses.push(Pause {
            open_len: stepper.open_len(),
            best_f: stepper.best_f(),
            events: events.len(),
        });
        prop_assert!(pauses.len() < 10_000, "{}: never done", name);
    }
    prop_assert!(stepper.is_done());
    prop_assert_eq!(&events, &plain_events, "{}: the events", name);
    let answer = stepper.answer().cloned();
    prop_assert!(answer.is_some(), "{}: done without an answer", name);
    let answer = answer.unwrap();
    prop_assert_eq!(&answer.outcome, &plain.outcome, "{}: the outcome", name);
    prop_assert_eq!(
        &answer.partial,
        &plain.partial,
        "{}: the partial result",
        name
    );
    let (a, b) = (answer.stats, plain.stats);
    prop_assert_eq!(
        (
            a.expanded,
            a.generated,
            a.reopened,
            a.iterations,
            a.peak_open,
            a.stored
        ),
        (
            b.expanded,
            b.generated,
            b.reopened,
            b.iterations,
            b.peak_open,
            b.stored
        ),
        "{}: the statistics",
        name
    );
    prop_assert_eq!(stepper.stats(), a, "{}: the statistics after the end", name);
    if let Outcome::Found(found) = &answer.outcome {
        prop_assert_eq!(
            stepper.incumbent(),
            Some(found),
            "{}: the incumbent at the end",
            name
        );
    }
    check_pauses(
        name,
        &pauses,
        &events,
        (h, consistent, order),
        optimum,
        a.peak_open,
    )?;
    Ok(answer)
}

/// The checks of the pauses of a search whose events were `events`: each one's open
/// list no longer than the search's peak `peak_open`, and its least open `f` bounded as
/// `order` and the heuristic `h` (`consistent` or not) promise.
fn check_pauses(
    name: &str,
    pauses: &[Pause],
    events: &[Seen],
    (h, consistent, order): (&[u32], bool, Order),
    optimum: Option<i64>,
    peak_open: usize,
) -> Result<(), TestCaseError> {
    let f = |state: u32, cost: u32| match order {
        Order::Cost => cost,
        _ => cost + h[state as usize],
    };
    let mut last = None;
    for pause in pauses {
        prop_assert!(
            pause.open_len > 0 || pause.best_f.is_none(),
            "{}: a least f with nothing open: {:?}",
            name,
            pause
        );
        prop_assert!(
            pause.open_len <= peak_open,
            "{}: {:?} above the peak {}",
            name,
            pause,
            peak_open
        );
        // The f of the next expansion, and whether it is the next event.
        let next = events[pause.events..]
            .iter()
            .enumerate()
            .find_map(|(i, e)| match *e {
                Seen::Expanded(state, cost) => Some((f(state, cost), i == 0)),
                _ => None,
            });
        let Some(least) = pause.best_f else {
            prop_assert!(
                next.is_none(),
                "{}: nothing open at {:?}, yet {:?}",
                name,
                pause,
                next
            );
            continue;
        };
        if let Some((next, _)) = next {
            prop_assert!(
                least <= next,
                "{}: least f {} above the next {}",
                name,
                least,
                next
            );
        }
        // Dijkstra and A*: the next event, if an expansion, is of the least f open.
        if let (Order::Cost | Order::Estimate, Some((next, true))) = (order, next) {
            prop_assert_eq!(least, next, "{}: the next expansion at {:?}", name, pause);
        }
        if let (true, Some(best)) = (order != Order::Other, optimum) {
            prop_assert!(
                i64::from(least) <= best,
                "{}: least f {} above the optimum {}",
                name,
                least,
                best
            );
        }
        // Every state queued has f at least its parent's, with a consistent heuristic.
        if consistent || order == Order::Cost {
            prop_assert!(
                last.is_none_or(|l| l <= least),
                "{}: least f fell from {:?} to {}",
                name,
                last,
                least
            );
        }
        last = Some(least);
    }
    Ok(())
}

/// `found` is an optimal solution of `case`.
fn optimal(
    name: &str,
    case: &Case,
    optimum: Option<i64>,
    search: &Search<Solution<u32, u32>>,
) -> Result<(), TestCaseError> {
    match (&search.outcome, optimum) {
        (Outcome::Found(found), Some(best)) => {
            prop_assert_eq!(i64::from(found.cost), best, "{}: the cost", name);
            prop_assert_eq!(
                path_cost(&case.graph, &found.path),
                Some(best),
                "{}: the path's cost",
                name
            );
            prop_assert!(
                case.starts.contains(&found.path[0]),
                "{}: the path's start",
                name
            );
            prop_assert!(
                case.is_goal(*found.path.last().unwrap()),
                "{}: the path's end",
                name
            );
        }
        (Outcome::NoPath, None) => {}
        (outcome, best) => prop_assert!(false, "{}: {:?}, the optimum {:?}", name, outcome, best),
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// Every engine a stepper runs, stepped by budgets of 1, 2, 7 and random sizes, with
    /// and without an expansion limit, on a consistent heuristic (0 to 4 quarters of the
    /// perfect one) or an admissible, usually inconsistent one (5): the plain search's
    /// answer, statistics and events, and the optimum for Dijkstra and A*.
    #[test]
    fn stepping_gives_the_plain_search(
        case in arb_case(),
        scale in 0u32..=5,
        budgets in prop::collection::vec(prop_oneof![Just(1u64), Just(2), Just(7), 1u64..=20], 1..=4),
        limit in proptest::option::of(0u64..=12),
    ) {
        let oracle = case.oracle();
        let h = heuristic(&case, scale);
        let consistent = scale <= 4;
        let limits = limit.map_or_else(Limits::new, |count| Limits::new().max_expansions(count));
        let optimum = limit.is_none().then_some(oracle.optimum).flatten();
        let make = || problem(&case, &h);
        let how = |order| (&h[..], consistent, order);
        let name = |engine: &str| format!("{engine} h {scale} limit {limit:?} budgets {budgets:?}");
        let dijkstra = Dijkstra::new().with_limits(limits.clone());
        let search = stepped_as_plain(&name("dijkstra"), &dijkstra, make, how(Order::Cost), &budgets, optimum)?;
        if limit.is_none() {
            optimal(&name("dijkstra"), &case, oracle.optimum, &search)?;
        }
        let astar = AStar::new().with_limits(limits.clone());
        let search = stepped_as_plain(&name("astar"), &astar, make, how(Order::Estimate), &budgets, optimum)?;
        if limit.is_none() {
            optimal(&name("astar"), &case, oracle.optimum, &search)?;
        }
        let dense = AStar::with_storage(Dense(Nodes(case.nodes()))).with_limits(limits.clone());
        let search = stepped_as_plain(&name("astar dense"), &dense, make, how(Order::Estimate), &budgets, optimum)?;
        if limit.is_none() {
            optimal(&name("astar dense"), &case, oracle.optimum, &search)?;
        }
        let weighted = WeightedAStar::new(2.0).with_limits(limits.clone());
        stepped_as_plain(&name("wastar"), &weighted, make, how(Order::Weighted), &budgets, optimum)?;
        let anytime = WeightedAStar::new(2.0).anytime().with_limits(limits.clone());
        let search = stepped_as_plain(&name("anytime"), &anytime, make, how(Order::Other), &budgets, optimum)?;
        if limit.is_none() {
            optimal(&name("anytime"), &case, oracle.optimum, &search)?;
        }
        let greedy = Greedy::new().with_limits(limits);
        stepped_as_plain(&name("greedy"), &greedy, make, how(Order::Other), &budgets, optimum)?;
    }
}

/// A chain 0 -> 1 -> ... -> 9, each step costing 1, and a branch 0 -> 10 -> 9 costing 20.
fn chain() -> Graph<u32> {
    let mut edges: Vec<(u32, u32, u32)> = (0..9).map(|n| (n, n + 1, 1)).collect();
    edges.extend([(0, 10, 10), (10, 9, 10)]);
    Graph::new(11, &edges)
}

#[test]
fn a_step_until_an_event_pauses_after_that_expansion() {
    let graph = chain();
    let problem = Problem::new(&graph, [0], is(9));
    let mut stepper = Dijkstra::new().stepper(problem).unwrap();
    assert_eq!(stepper.open_len(), 1, "the start is queued");
    assert_eq!(stepper.best_f(), Some(0));
    let progress = stepper.step_until(|event| matches!(event, Event::Expanded { state: 4, .. }));
    assert_eq!(progress, Progress::Paused);
    assert_eq!(stepper.stats().expanded, 5, "0 to 4");
    assert_eq!(stepper.cost(&4), Some(4));
    assert_eq!(stepper.path_to(&4), Some(vec![0, 1, 2, 3, 4]));
    assert_eq!(stepper.cost(&5), None, "reached, not settled");
    assert_eq!(stepper.best_f(), Some(5), "5 is next, 10 waits at 10");
    assert_eq!(stepper.open_len(), 2);
    assert_eq!(stepper.incumbent(), None);
    assert_eq!(stepper.step(0), Progress::Paused, "a step of nothing");
    assert_eq!(stepper.stats().expanded, 5);
    let answer = stepper.finish();
    assert_eq!(answer.found().map(|found| found.cost), Some(9));
    assert_eq!(answer.stats.expanded, 9);
}

#[test]
fn an_expansion_limit_counts_every_step() {
    let graph = chain();
    let limited = Dijkstra::new().with_limits(Limits::new().max_expansions(6));
    let mut stepper = limited.stepper(Problem::new(&graph, [0], is(9))).unwrap();
    assert_eq!(stepper.step(4), Progress::Paused);
    assert_eq!(stepper.step(4), Progress::Done, "6 in all");
    let answer = stepper.answer().unwrap();
    assert_eq!(answer.stop_reason(), Some(StopReason::Expansions));
    assert_eq!(answer.stats.expanded, 6);
    assert_eq!(
        answer.partial.as_ref().map(|p| p.path.clone()),
        Some(vec![0]),
        "Dijkstra's partial: a start"
    );
    assert_eq!(
        stepper.step(4),
        Progress::Done,
        "a step after the end does nothing"
    );
    assert_eq!(stepper.stats().expanded, 6);
}

#[test]
fn a_raised_cancel_flag_stops_a_paused_stepper() {
    let graph = chain();
    let flag = Arc::new(AtomicBool::new(false));
    let engine = AStar::new().with_limits(Limits::new().cancel_flag(Arc::clone(&flag)));
    let mut stepper = engine.stepper(Problem::new(&graph, [0], is(9))).unwrap();
    flag.store(true, Ordering::Relaxed);
    // The flag is checked every `Limits::CHECK_INTERVAL` expansions, the first one
    // included.
    assert_eq!(stepper.step(3), Progress::Done);
    assert_eq!(
        stepper.answer().unwrap().stop_reason(),
        Some(StopReason::Cancelled)
    );
    assert_eq!(stepper.stats().expanded, 0);
}

#[test]
fn a_time_limit_counts_from_the_stepper_creation() {
    let graph = chain();
    let engine = AStar::new().with_limits(Limits::new().time_limit(Duration::from_millis(20)));
    let mut stepper = engine.stepper(Problem::new(&graph, [0], is(9))).unwrap();
    let made = Instant::now();
    while made.elapsed() <= Duration::from_millis(20) {
        std::thread::sleep(Duration::from_millis(5));
    }
    // Paused longer than the limit: the first expansion's check stops the search.
    assert_eq!(stepper.step(3), Progress::Done);
    assert_eq!(
        stepper.answer().unwrap().stop_reason(),
        Some(StopReason::Deadline)
    );
}

#[test]
fn a_memory_budget_stops_a_stepper_as_it_stops_a_search() {
    let graph = chain();
    let engine = AStar::new().with_limits(Limits::new().max_memory(1));
    let problem = || Problem::new(&graph, [0], is(9));
    let plain = engine.search(&problem());
    assert!(matches!(plain.stop_reason(), Some(StopReason::Capacity(_))));
    // Not the same bytes: the stepper also keeps its heap by f.
    let stepped = engine.stepper(problem()).unwrap().finish();
    assert!(matches!(
        stepped.stop_reason(),
        Some(StopReason::Capacity(_))
    ));
    assert_eq!(stepped.stats.expanded, plain.stats.expanded);
}
