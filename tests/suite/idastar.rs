//! IDA* on hand-made graphs: bounds, the transposition table, cycle checks, the in-place
//! variant, and a search 100,000 levels deep on an ordinary test thread.

use crate::common::graph;
use state_search::InPlaceSolver;
use state_search::{Problem, Solver};

use graph::{Graph, Nodes, is};
use state_search::{
    CycleCheck, Dense, Event, Hashed, IdaStar, InPlaceIdaStar, InPlaceSpace, Outcome, Solution,
    StopReason,
};

/// ```text
///          2         2
///   (0) -----> (1) -----> (3)         h: 0 3, 1 2, 2 1, 3 0  (admissible: true 4, 2, 1, 0)
///    |                     ^
///    +---3---> (2) ---1----+          both routes cost 4; (4) unreachable
///    (1) <-0-> (5)  zero-cost cycle
/// ```
fn graph() -> Graph<u32> {
    Graph::new(
        6,
        &[
            (0, 1, 2),
            (1, 3, 2),
            (0, 2, 3),
            (2, 3, 1),
            (1, 5, 0),
            (5, 1, 0),
        ],
    )
}

const H: [u32; 6] = [3, 2, 1, 0, 9, 2];

/// The heuristic of `graph()`, as engines call it.
#[expect(clippy::trivially_copy_pass_by_ref, reason = "the Heuristic signature")]
fn h(s: &u32) -> u32 {
    H[*s as usize]
}

#[test]
fn iterations_raise_the_bound_to_the_least_cut_off_f() {
    let mut bounds = Vec::new();
    let mut watch = |event: Event<'_, u32, u32>| {
        if let Event::IterationFinished {
            bound, next_bound, ..
        } = event
        {
            bounds.push((bound, next_bound));
        }
        core::ops::ControlFlow::Continue(())
    };
    let search = IdaStar::new().search_with(
        &Problem::new(&graph(), [0], is(3)).heuristic(&h),
        &mut watch,
    );
    assert_eq!(search.found().unwrap().cost, 4);
    assert_eq!(search.stats.iterations, 2);
    assert_eq!(bounds, [(3, Some(4))]);
}

#[test]
fn every_variant_finds_the_optimum() {
    let g = graph();
    let goal = |s: &u32| *s == 3;
    let plain = IdaStar::new().search(&Problem::new(&g, [0], goal).heuristic(&h));
    let path_checked = IdaStar::new()
        .with_cycle_check(CycleCheck::Path)
        .search(&Problem::new(&g, [0], goal).heuristic(&h));
    let hashed = IdaStar::with_table(Hashed).search(&Problem::new(&g, [0], goal).heuristic(&h));
    let dense =
        IdaStar::with_table(Dense(Nodes(6))).search(&Problem::new(&g, [0], goal).heuristic(&h));
    for search in [plain, path_checked, hashed, dense] {
        let found = search.into_found().unwrap();
        assert_eq!(found.cost, 4);
        assert!(
            found.path == [0, 1, 3] || found.path == [0, 2, 3],
            "{:?}",
            found.path
        );
    }
}

#[test]
fn a_start_that_is_a_goal_is_a_path_of_one_state() {
    let search = IdaStar::new().search(&Problem::new(&graph(), [2], is(2)).heuristic(&h));
    assert_eq!(
        search.outcome,
        Outcome::Found(Solution {
            path: vec![2],
            cost: 0
        })
    );
    assert_eq!(search.stats.expanded, 0);
}

#[test]
fn an_unreachable_goal_is_no_path_with_a_table_or_the_path_check() {
    let g = graph();
    let goal = |s: &u32| *s == 4;
    assert!(
        IdaStar::with_table(Hashed)
            .search(&Problem::new(&g, [0], goal).heuristic(&h))
            .is_no_path()
    );
    assert!(
        IdaStar::with_table(Dense(Nodes(6)))
            .search(&Problem::new(&g, [0], goal).heuristic(&h))
            .is_no_path()
    );
    let path_checked = IdaStar::new().with_cycle_check(CycleCheck::Path);
    assert!(
        { path_checked }
            .search(&Problem::new(&g, [0], goal).heuristic(&h))
            .is_no_path()
    );
}

#[test]
fn without_a_table_a_cyclic_space_runs_until_a_limit() {
    // 0 <-> 1 at cost 1: every iteration cuts off a longer walk, so no proof of "no path".
    let g = Graph::new(3, &[(0, 1, 1), (1, 0, 1)]);
    let zero = |_: &u32| 0u32;
    let ida = IdaStar::new()
        .with_cycle_check(CycleCheck::None)
        .with_limits(state_search::Limits::new().max_expansions(500));
    let search = ida.search(&Problem::new(&g, [0], is(2)).heuristic(&zero));
    assert_eq!(search.stop_reason(), Some(StopReason::Expansions));
}

#[test]
fn a_zero_cost_cycle_of_three_needs_the_path_check_or_a_table() {
    //   (0) -0-> (1) -0-> (2) -0-> (0),   (2) -5-> (3)
    let g = Graph::new(4, &[(0, 1, 0), (1, 2, 0), (2, 0, 0), (2, 3, 5)]);
    let zero = |_: &u32| 0u32;
    let goal = |s: &u32| *s == 3;
    let path_checked = IdaStar::new().with_cycle_check(CycleCheck::Path);
    assert_eq!(
        { path_checked }
            .search(&Problem::new(&g, [0], goal).heuristic(&zero))
            .found()
            .unwrap()
            .cost,
        5
    );
    assert_eq!(
        IdaStar::with_table(Hashed)
            .search(&Problem::new(&g, [0], goal).heuristic(&zero))
            .found()
            .unwrap()
            .cost,
        5
    );
    // The parent check alone loops inside one iteration; a limit still stops it.
    let parent_only =
        IdaStar::new().with_limits(state_search::Limits::new().max_expansions(10_000));
    let search = parent_only.search(&Problem::new(&g, [0], goal).heuristic(&zero));
    // Depth first from 0 follows 0 -> 1 -> 2 -> 0 -> ... before trying 2 -> 3.
    assert_eq!(search.stop_reason(), Some(StopReason::Expansions));
}

#[test]
fn the_table_prunes_transpositions() {
    // A 12 x 12 open grid: many paths to every cell.
    let g = grid(12);
    let zero = |_: &u32| 0u32;
    let goal = |s: &u32| *s == 143;
    let with_table = IdaStar::with_table(Dense(Nodes(144)))
        .search(&Problem::new(&g, [0], goal).heuristic(&zero));
    assert_eq!(with_table.found().unwrap().cost, 22);
    let limited = IdaStar::new()
        .with_limits(state_search::Limits::new().max_expansions(with_table.stats.expanded * 10));
    let without = { limited }.search(&Problem::new(&g, [0], goal).heuristic(&zero));
    assert_eq!(
        without.stop_reason(),
        Some(StopReason::Expansions),
        "without the table IDA* needs over 10x the expansions"
    );
}

/// An open `side x side` grid, 4-connected, unit costs; cell `r * side + c`.
fn grid(side: u32) -> Graph<u32> {
    let mut edges = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let at = r * side + c;
            if c + 1 < side {
                edges.extend([(at, at + 1, 1), (at + 1, at, 1)]);
            }
            if r + 1 < side {
                edges.extend([(at, at + side, 1), (at + side, at, 1)]);
            }
        }
    }
    Graph::new((side * side) as usize, &edges)
}

/// A counter that moves up or down by one; the goal is `target`.
struct Counter {
    value: i64,
    target: i64,
    applied: u64,
}

impl InPlaceSpace for Counter {
    type Action = i64;
    type Cost = u32;
    type Actions = core::array::IntoIter<i64, 2>;
    fn actions(&self) -> Self::Actions {
        [1, -1].into_iter()
    }
    fn apply(&mut self, step: i64) -> u32 {
        self.value += step;
        self.applied += 1;
        1
    }
    fn undo(&mut self, step: i64) {
        self.value -= step;
    }
    fn inverse(&self, step: i64) -> Option<i64> {
        Some(-step)
    }
    fn heuristic(&self) -> u32 {
        u32::try_from((self.target - self.value).unsigned_abs()).unwrap()
    }
}

#[test]
fn in_place_search_never_undoes_the_previous_move_and_restores_the_state() {
    let mut counter = Counter {
        value: 0,
        target: -3,
        applied: 0,
    };
    let search = InPlaceIdaStar::new().search(&mut counter, |c| c.value == c.target);
    let plan = search.found().unwrap();
    assert_eq!((plan.actions.clone(), plan.cost), (vec![-1, -1, -1], 3));
    assert_eq!(counter.value, 0, "the space is back in its start state");
    // One iteration (the heuristic is exact); the root tries +1 (cut off) and -1, and
    // every later level tries only -1 (+1 would undo it): 4 actions applied in all.
    assert_eq!(search.stats.iterations, 1);
    assert_eq!(counter.applied, 4);
    assert_eq!(search.stats.generated, 4);
}

#[test]
fn a_search_100000_levels_deep_runs_on_an_ordinary_thread() {
    const DEPTH: u32 = 100_000;
    // The general engine: a line 0 -> 1 -> ... -> DEPTH with an exact heuristic.
    let line = state_search::from_fn(|&n: &u32| (n < DEPTH).then_some((n + 1, 1u32)));
    let exact = |n: &u32| DEPTH - n;
    let found = IdaStar::new()
        .search(&Problem::new(&line, [0], |&n| n == DEPTH).heuristic(&exact))
        .into_found()
        .unwrap();
    assert_eq!((found.cost, found.path.len()), (DEPTH, DEPTH as usize + 1));
    // The in-place engine.
    let mut counter = Counter {
        value: 0,
        target: i64::from(DEPTH),
        applied: 0,
    };
    let plan = InPlaceIdaStar::new().search(&mut counter, |c| c.value == c.target);
    assert_eq!(plan.found().unwrap().cost, DEPTH);
}

/// A `side x side` open grid of 4-connected cells numbered row by row, with unit steps:
/// no cell is more than `2 (side - 1)` steps from the corner.
fn open_grid(side: u32) -> impl state_search::StateSpace<State = u32, Cost = u32> {
    state_search::from_fn(move |&cell: &u32| {
        let (row, col) = (cell / side, cell % side);
        [
            (row > 0).then(|| cell - side),
            (row + 1 < side).then(|| cell + side),
            (col > 0).then(|| cell - 1),
            (col + 1 < side).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
        .map(|next| (next, 1u32))
    })
}

#[test]
fn a_table_proves_no_path_within_the_depth_plus_two_iterations() {
    // No cell is deeper than 62 steps: a state cut off early in an iteration but reached
    // within the bound later must not raise another iteration (it used to take 1,024).
    let grid = open_grid(32);
    let zero = |_: &u32| 0u32;
    for search in [
        IdaStar::with_table(Hashed).search(&Problem::new(&grid, [0], |_| false).heuristic(&zero)),
        IdaStar::with_table(Dense(Nodes(32 * 32)))
            .search(&Problem::new(&grid, [0], |_| false).heuristic(&zero)),
    ] {
        assert_eq!(search.outcome, Outcome::NoPath);
        assert!(search.stats.iterations <= 62 + 2, "{:?}", search.stats);
    }
}

/// The towers of Hanoi with 4 pegs and 8 discs: a state is the peg of each disc (disc 0
/// the smallest), a move takes the top disc of a peg to a peg whose top is larger.
struct Hanoi;

impl state_search::StateSpace for Hanoi {
    type State = [u8; 8];
    type Cost = u32;
    fn successors(&self, pegs: &[u8; 8], mut emit: impl FnMut([u8; 8], u32)) {
        // The top of each peg is its smallest disc.
        let mut top = [None; 4];
        for (disc, &peg) in pegs.iter().enumerate().rev() {
            top[usize::from(peg)] = Some(disc);
        }
        for (from, &top_from) in top.iter().enumerate() {
            let Some(disc) = top_from else { continue };
            for (to, &top_to) in top.iter().enumerate() {
                if to != from && top_to.is_none_or(|other| other > disc) {
                    let mut next = *pegs;
                    next[disc] = u8::try_from(to).unwrap();
                    emit(next, 1);
                }
            }
        }
    }
}

/// Numbers Hanoi states in base 4.
#[derive(Clone, Copy)]
struct HanoiIndex;

impl state_search::StateIndexer<[u8; 8]> for HanoiIndex {
    fn bound(&self) -> usize {
        1 << 16
    }
    fn index(&self, pegs: &[u8; 8]) -> usize {
        pegs.iter()
            .fold(0, |index, &peg| index * 4 + usize::from(peg))
    }
    fn state(&self, mut index: usize) -> [u8; 8] {
        let mut pegs = [0; 8];
        for peg in pegs.iter_mut().rev() {
            *peg = u8::try_from(index % 4).unwrap();
            index /= 4;
        }
        pegs
    }
}

#[test]
fn a_table_proves_no_path_on_four_peg_hanoi() {
    // It did not finish in ten minutes: every iteration raised the bound by one through
    // states cut off early and reached within the bound later.
    let zero = |_: &[u8; 8]| 0u32;
    let search = IdaStar::with_table(Dense(HanoiIndex))
        .search(&Problem::new(&Hanoi, [[0; 8]], |_| false).heuristic(&zero));
    assert_eq!(search.outcome, Outcome::NoPath);
    let depth = state_search::bfs_reach(&Hanoi, [[0; 8]])
        .iter()
        .map(|(_, steps)| steps)
        .max()
        .unwrap();
    assert!(
        search.stats.iterations <= depth as u64 + 2,
        "{} iterations for depth {depth}",
        search.stats.iterations
    );
}

#[test]
fn the_path_check_alone_proves_no_path_on_a_small_graph() {
    // Without a table, the path check makes every iteration finite: the bound grows
    // until it passes the longest cycle-free path, then nothing is cut off.
    let grid = open_grid(3);
    let zero = |_: &u32| 0u32;
    let search = IdaStar::new()
        .with_cycle_check(CycleCheck::Path)
        .search(&Problem::new(&grid, [0], |_| false).heuristic(&zero));
    assert_eq!(search.outcome, Outcome::NoPath);
    // The longest cycle-free path in a 3x3 grid visits all 9 cells: 8 steps.
    assert_eq!(search.stats.iterations, 9);
}

#[test]
fn an_estimate_of_max_is_a_dead_end_not_an_overflow() {
    // From the issue: states 100 and above are dead ends (h = MAX); 50 is not reachable.
    let space = state_search::from_fn(|&n: &u32| {
        if n < 20 {
            vec![(n + 1, 1u32), (n + 100, 1)]
        } else {
            vec![]
        }
    });
    let h = |&n: &u32| if n >= 100 { u32::MAX } else { 0 };
    let goal = is(50);
    assert_eq!(
        state_search::astar(&space, [0], &h, goal).outcome,
        Outcome::NoPath
    );
    assert_eq!(
        IdaStar::with_table(Hashed)
            .search(&Problem::new(&space, [0], goal).heuristic(&h))
            .outcome,
        Outcome::NoPath
    );
    let path_checked = IdaStar::new().with_cycle_check(CycleCheck::Path);
    assert_eq!(
        path_checked
            .search(&Problem::new(&space, [0], goal).heuristic(&h))
            .outcome,
        Outcome::NoPath
    );
}

/// ```text
///   (0) --1--> (1) --10--> (3)      the dearer route is the first one searched
///    +---2---> (2) --2-----^        (least f first, with the zero heuristic)
/// ```
fn two_routes() -> Graph<u32> {
    Graph::new(4, &[(0, 1, 1), (1, 3, 10), (0, 2, 2), (2, 3, 2)])
}

#[test]
fn branch_and_bound_keeps_each_better_goal_until_none_is_left() {
    for engine in [
        IdaStar::new().branch_and_bound(),
        IdaStar::with_table(Hashed).branch_and_bound(),
    ] {
        let mut improved = Vec::new();
        let mut watch = |event: Event<'_, u32, u32>| {
            if let Event::Improved {
                cost, lower_bound, ..
            } = event
            {
                improved.push((cost, lower_bound));
            }
            core::ops::ControlFlow::Continue(())
        };
        let search = engine.search_with(
            &Problem::new(&two_routes(), [0], is(3)).heuristic(&|_: &u32| 0),
            &mut watch,
        );
        assert_eq!(
            search.outcome,
            Outcome::Found(Solution {
                path: vec![0, 2, 3],
                cost: 4
            })
        );
        assert_eq!(search.stats.iterations, 1);
        assert_eq!(improved, [(11, 0), (4, 0)]);
    }
}

#[test]
fn a_stopped_branch_and_bound_keeps_its_best_goal_as_the_partial_solution() {
    // Expanding 0 and 1 finds the route of cost 11; expanding 2 is refused.
    let engine = IdaStar::with_table(Hashed)
        .branch_and_bound()
        .with_limits(state_search::Limits::new().max_expansions(2));
    let search = engine.search(&Problem::new(&two_routes(), [0], is(3)).heuristic(&|_: &u32| 0));
    assert_eq!(search.outcome, Outcome::Stopped(StopReason::Expansions));
    assert_eq!(
        search.partial,
        Some(Solution {
            path: vec![0, 1, 3],
            cost: 11
        })
    );
}

#[test]
fn branch_and_bound_on_an_infinite_space_ends_at_the_cost_limit() {
    let endless = state_search::from_fn(|&n: &u64| [(n + 1, 1u32)]);
    let limits = state_search::Limits::new().max_cost(50);
    let engine = IdaStar::with_table(Hashed)
        .branch_and_bound()
        .with_limits(limits);
    let search = engine.search(&Problem::new(&endless, [1], |&n| n == 0).heuristic(&|_: &u64| 0));
    assert_eq!(search.outcome, Outcome::Stopped(StopReason::Cost));
    assert_eq!(search.stats.expanded, 51); // 1 to 51, within the cost limit
    // With a goal within the limit, the optimum; a goal beyond it is not found.
    let search = engine.search(&Problem::new(&endless, [1], |&n| n == 40).heuristic(&|_: &u64| 0));
    assert_eq!(search.found().map(|found| found.cost), Some(39));
    let search = engine.search(&Problem::new(&endless, [1], |&n| n == 60).heuristic(&|_: &u64| 0));
    assert_eq!(search.outcome, Outcome::Stopped(StopReason::Cost));
}
