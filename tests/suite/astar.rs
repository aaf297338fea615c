//! A* on hand-made graphs with known answers: consistent and inconsistent heuristics,
//! ties, both storages and both open lists.

use crate::common::graph;
use state_search::{Problem, Solver};

use graph::{Graph, Nodes, is, lookup, watcher};
use state_search::queue::BucketQueue;
use state_search::{AStar, Dense, Outcome, Solution};

/// The classic case where an admissible but inconsistent heuristic closes a state too
/// early:
///
/// ```text
///        1          4
///   s(0) ---> a(1) ---> c(3) ---10---> goal(4)
///    |                   ^
///    +---3---> b(2) --1--+            h: s 0, a 0, b 3, c 0, goal 0
/// ```
/// `c` is first closed at g = 5 (via a); b (f = 6) then finds it at g = 4, so c must be
/// re-opened. The optimal cost is 14.
fn trap() -> (Graph<u32>, [u32; 5]) {
    let g = Graph::new(5, &[(0, 1, 1), (1, 3, 4), (0, 2, 3), (2, 3, 1), (3, 4, 10)]);
    (g, [0, 0, 3, 0, 0])
}

#[test]
fn an_inconsistent_heuristic_reopens_and_stays_optimal() {
    let (g, h) = trap();
    let h = |s: &u32| h[*s as usize];
    let hashed = AStar::new().search(&Problem::new(&g, [0], is(4)).heuristic(&h));
    let expected = Solution {
        path: vec![0, 2, 3, 4],
        cost: 14,
    };
    assert_eq!(hashed.found(), Some(&expected));
    assert_eq!(hashed.stats.reopened, 1);
    let dense = AStar::with_storage(Dense(Nodes(5))).with_queue(BucketQueue::new());
    let search = { dense }.search(&Problem::new(&g, [0], is(4)).heuristic(&h));
    assert_eq!(search.found(), Some(&expected));
    assert_eq!(search.stats.reopened, 1);
}

#[test]
fn a_consistent_heuristic_never_reopens() {
    let (g, _) = trap();
    // Exact distances to the goal are consistent.
    let exact = [14, 14, 11, 10, 0];
    let h = |s: &u32| exact[*s as usize];
    let search = AStar::new().search(&Problem::new(&g, [0], is(4)).heuristic(&h));
    assert_eq!(search.found().unwrap().cost, 14);
    assert_eq!(search.stats.reopened, 0);
    // With the exact heuristic only the optimal path is expanded.
    assert_eq!(search.stats.expanded, 3);
}

#[test]
fn ties_on_f_go_to_the_larger_g() {
    // Two routes of cost 2 to the goal (3); with h = remaining steps, all of 0, 1, 2 have
    // f = 2. The deeper state (g = 1) must come before the start's siblings... and the
    // goal (g = 2, f = 2) before any other f = 2 state left open.
    //   (0) -1-> (1) -1-> (3)
    //   (0) -1-> (2) -1-> (3)
    let g = Graph::new(4, &[(0, 1, 1), (0, 2, 1), (1, 3, 1), (2, 3, 1)]);
    let h = [2, 1, 1, 0];
    let search =
        AStar::new().search(&Problem::new(&g, [0], is(3)).heuristic(&|s: &u32| h[*s as usize]));
    assert_eq!(search.found().unwrap().cost, 2);
    assert_eq!(
        search.stats.expanded, 2,
        "0, then one of 1/2, then the goal (g = 2)"
    );
}

#[test]
fn start_goal_unreachable_and_several_starts() {
    let (g, h) = trap();
    let h = |s: &u32| h[*s as usize];
    let found = |starts: &[u32], goal: u32| {
        AStar::new()
            .search(&Problem::new(&g, starts.iter().copied(), is(goal)).heuristic(&h))
            .outcome
    };
    assert_eq!(
        found(&[3], 3),
        Outcome::Found(Solution {
            path: vec![3],
            cost: 0
        })
    );
    assert_eq!(found(&[3], 0), Outcome::NoPath);
    assert_eq!(
        found(&[1, 2], 4),
        Outcome::Found(Solution {
            path: vec![2, 3, 4],
            cost: 11
        })
    );
}

#[test]
fn zero_cost_cycles_terminate() {
    //   (0) <-0-> (1) <-0-> (2) --3--> (3)
    let g = Graph::new(4, &[(0, 1, 0), (1, 0, 0), (1, 2, 0), (2, 1, 0), (2, 3, 3)]);
    let zero = |_: &u32| 0u32;
    let search = AStar::new().search(&Problem::new(&g, [0], is(3)).heuristic(&zero));
    assert_eq!(search.found().unwrap().cost, 3);
}

#[test]
fn a_huge_heuristic_marking_dead_ends_is_no_panic() {
    //   (0) -1-> (1) -1-> (2)   and   (0) -1-> (3), a dead end marked h = u32::MAX
    let g = Graph::new(4, &[(0, 1, 1), (1, 2, 1), (0, 3, 1)]);
    let h = |s: &u32| if *s == 3 { u32::MAX } else { 0 };
    let search = AStar::new().search(&Problem::new(&g, [0], is(2)).heuristic(&h));
    assert_eq!(search.found().unwrap().cost, 2);
}

#[test]
fn focal_and_anytime_searches_tell_the_visitor_of_each_reopened_state() {
    use core::ops::ControlFlow;
    use state_search::{Event, Limits, Problem, Strategy};

    let (g, h) = trap();
    let problem = Problem::new(&g, [0], is(4)).heuristic(lookup(&h));
    for name in ["focal:1", "anytime:1"] {
        let strategy: Strategy = name.parse().unwrap();
        let mut reopened = Vec::new();
        let mut visitor = watcher(|event| {
            if let Event::Reopened { state, cost } = event {
                reopened.push((*state, cost));
            }
            ControlFlow::Continue(())
        });
        let search = strategy
            .run_with(&problem, &Limits::new(), &mut visitor)
            .unwrap();
        drop(visitor); // it borrows `reopened`
        assert_eq!(search.found().map(|f| f.cost), Some(14), "{name}");
        assert_eq!(search.stats.reopened, 1, "{name}");
        // `c` (state 3), closed at g = 5 through `a`, is reached at g = 4 through `b`.
        assert_eq!(reopened, [(3, 4)], "{name}");
    }
}

/// Dijkstra, A* and focal search (without reopening) generate each expanded state's
/// successors once and never again: the
/// cost of the path they return is the one recorded, not summed up anew through the
/// successor function (which may be costly or have side effects).
#[test]
fn dijkstra_and_astar_call_successors_once_per_expansion() {
    use core::cell::Cell;
    use state_search::{Dijkstra, Limits, Strategy};
    let calls = Cell::new(0u64);
    // A 30x30 open grid, 4-connected, step cost 1 + (r + c) % 3.
    let space = state_search::from_fn(|&(r, c): &(i32, i32)| {
        calls.set(calls.get() + 1);
        [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
            .into_iter()
            .filter(|&(r, c)| (0..30).contains(&r) && (0..30).contains(&c))
            .map(move |p| (p, 1 + u32::try_from((r + c) % 3).unwrap()))
    });
    let manhattan = |&(r, c): &(i32, i32)| (29 - r).unsigned_abs() + (29 - c).unsigned_abs();
    let problem = Problem::new(&space, [(0, 0)], |&p| p == (29, 29)).heuristic(manhattan);
    let mut searches = vec![
        (
            "Dijkstra",
            Box::new(|| Dijkstra::new().search(&problem)) as Box<dyn Fn() -> _>,
        ),
        ("AStar", Box::new(|| AStar::new().search(&problem))),
    ];
    for name in [
        "dijkstra",
        "astar",
        "dijkstra:bucket",
        "astar:bucket",
        "focal:2",
    ] {
        let strategy: Strategy = name.parse().unwrap();
        let problem = &problem;
        searches.push((
            name,
            Box::new(move || strategy.run(problem, &Limits::new()).unwrap()),
        ));
    }
    let mut costs = Vec::new();
    for (name, search) in &searches {
        calls.set(0);
        let search = search();
        assert_eq!(calls.get(), search.stats.expanded, "{name}");
        let found = search.found().unwrap();
        let step = |&(r, c): &(i32, i32)| 1 + u32::try_from((r + c) % 3).unwrap();
        let summed: u32 = found.path.windows(2).map(|w| step(&w[0])).sum();
        assert_eq!(summed, found.cost, "{name}: the cost is the path's");
        costs.push(found.cost);
    }
    assert!(costs.windows(2).all(|w| w[0] == w[1]), "{costs:?}");
}

/// The engines of focal search, EES, weighted A* (and anytime), greedy and beam search, each reused
/// through a searcher, answer each problem as a fresh engine and their strategies do: the
/// scratch keeps nothing of the searches before (the open lists hold slots of the store it
/// cleared). Focal, EES and weighted A* stay within the weight; anytime ends at the optimum.
#[test]
fn reused_focal_ees_weighted_anytime_greedy_and_beam_searchers_answer_as_their_strategies() {
    use state_search::strategy::Weight;
    use state_search::{Beam, Ees, Focal, Greedy, Limits, Strategy, WeightedAStar};

    // A 12x12 grid, 4-connected, step cost 1 + (r * c) % 4; goals in several corners.
    let space = state_search::from_fn(|&(r, c): &(i32, i32)| {
        [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
            .into_iter()
            .filter(|&(r, c)| (0..12).contains(&r) && (0..12).contains(&c))
            .map(move |p| (p, 1 + u32::try_from((r * c) % 4).unwrap()))
    });
    let w: Weight = "1.5".parse().unwrap();
    let goals = [(11, 11), (0, 11), (5, 6), (11, 0), (11, 11)];
    // One problem type for every engine below: each closure written in the macro would
    // be a type of its own, and each type compiles every strategy again.
    let problem_to = |goal: (i32, i32)| {
        let h =
            move |&(r, c): &(i32, i32)| (goal.0 - r).unsigned_abs() + (goal.1 - c).unsigned_abs();
        Problem::new(&space, [(0, 0)], move |&p: &(i32, i32)| p == goal).heuristic(h)
    };
    macro_rules! check {
        ($engine:expr, $strategy:expr, $bound:expr) => {{
            let mut reused = $engine.searcher().unwrap();
            for goal in goals {
                let problem = problem_to(goal);
                let name = format!("{} to {goal:?}", $strategy);
                let again = reused.search(&problem);
                let fresh = $engine.search(&problem);
                let strategy = $strategy.run(&problem, &Limits::new()).unwrap();
                for (what, search) in [("fresh", &fresh), ("strategy", &strategy)] {
                    assert_eq!(again.found(), search.found(), "{name}: {what}");
                    assert_eq!(
                        again.stats.expanded, search.stats.expanded,
                        "{name}: {what}"
                    );
                }
                let optimum = AStar::new().search(&problem).found().unwrap().cost;
                let cost = again.found().unwrap().cost;
                let bound: Option<(u32, u32)> = $bound;
                if let Some((num, den)) = bound {
                    assert!(
                        cost * den <= optimum * num,
                        "{name}: {cost} above the bound of {optimum}"
                    );
                }
            }
        }};
    }
    check!(Focal::new(w.get()), Strategy::Focal(w), Some((3, 2)));
    check!(Ees::new(w.get()), Strategy::Ees(w), Some((3, 2)));
    check!(
        WeightedAStar::new(w.get()),
        Strategy::WeightedAStar(w),
        Some((3, 2))
    );
    check!(
        WeightedAStar::new(w.get()).anytime(),
        Strategy::Anytime(w),
        Some((1, 1))
    );
    check!(Greedy::new(), Strategy::Greedy, None);
    let width = core::num::NonZeroUsize::new(3).unwrap();
    check!(Beam::new(width), Strategy::Beam(width), None);
}
