//! Limits and visitors stop every engine, and the outcome says which one did.

use core::ops::ControlFlow;
use state_search::InPlaceSolver;
use state_search::Solver;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use state_search::bench::{Comparison, RunOutcome};
use state_search::domains::maze::GridMaze;
use state_search::grid::Pos;
use state_search::{
    AStar, Bfs, BidirectionalBfs, Dijkstra, Event, IdaStar, InPlaceIdaStar, InPlaceSpace, Limits,
    Outcome, Problem, Search, Solution, Spfa, StopReason, Strategy,
};

/// A 60 x 60 open grid: more than any limit below lets the engines expand.
fn open_grid() -> GridMaze {
    GridMaze::random(60, 60, 0, 1, 1)
}

/// Runs every engine with `limits`; each result comes with the engine's name.
fn every_engine(limits: &Limits<u32>) -> Vec<(&'static str, Outcome<u32>, u64)> {
    let maze = open_grid();
    let (start, goal) = (maze.start(), maze.goal());
    let is_goal = |p: &Pos| *p == goal;
    let zero = |_: &Pos| 0u32;
    let unit = limits.clone().map_cost(|c| c as usize);
    let steps = |f: Solution<Pos, usize>| u32::try_from(f.cost).unwrap();
    let cost = |f: Solution<Pos, u32>| f.cost;
    let mut results = Vec::new();
    let mut push = |name, (outcome, expanded)| results.push((name, outcome, expanded));
    let bfs = Bfs::new().with_limits(unit.clone());
    push(
        "bfs",
        summary(bfs.search(&Problem::new(&maze, [start], is_goal)), steps),
    );
    let bidirectional = BidirectionalBfs::new().with_limits(unit);
    push(
        "bidirectional",
        summary(
            bidirectional.search(&Problem::between(&maze, start, goal)),
            steps,
        ),
    );
    let dijkstra = Dijkstra::new().with_limits(limits.clone());
    push(
        "dijkstra",
        summary(
            dijkstra.search(&Problem::new(&maze, [start], is_goal)),
            cost,
        ),
    );
    let astar = AStar::new().with_limits(limits.clone());
    push(
        "astar",
        summary(
            astar.search(&Problem::new(&maze, [start], is_goal).heuristic(&zero)),
            cost,
        ),
    );
    let spfa = Spfa::new().with_limits(limits.clone());
    push(
        "spfa",
        summary(
            spfa.search(&Problem::new(&maze, [start], is_goal)).unwrap(),
            cost,
        ),
    );
    let ida = IdaStar::with_table(state_search::Hashed).with_limits(limits.clone());
    push(
        "idastar",
        summary(
            ida.search(&Problem::new(&maze, [start], is_goal).heuristic(&zero)),
            cost,
        ),
    );
    let mut walker = Walker { at: 0, goal: 118 };
    let plan = InPlaceIdaStar::new()
        .with_limits(limits.clone())
        .search(&mut walker, |w| w.at == w.goal);
    assert_eq!(walker.at, 0, "a stopped in-place search restores the state");
    push("in-place idastar", summary(plan, |p| p.cost));
    results
}

/// The outcome with its cost as `u32`, and the number of expansions.
fn summary<T>(search: Search<T>, cost: impl Fn(T) -> u32) -> (Outcome<u32>, u64) {
    (search.outcome.map(cost), search.stats.expanded)
}

/// A walk on the integers, one step left or right; no heuristic.
struct Walker {
    at: i32,
    goal: i32,
}

impl InPlaceSpace for Walker {
    type Action = i32;
    type Cost = u32;
    type Actions = core::array::IntoIter<i32, 2>;
    fn actions(&self) -> Self::Actions {
        [1, -1].into_iter()
    }
    fn apply(&mut self, step: i32) -> u32 {
        self.at += step;
        1
    }
    fn undo(&mut self, step: i32) {
        self.at -= step;
    }
    fn inverse(&self, step: i32) -> Option<i32> {
        Some(-step)
    }
}

#[test]
fn an_expansion_limit_of_k_expands_at_most_k_states_and_says_so() {
    for k in [0, 1, 100] {
        for (engine, outcome, expanded) in every_engine(&Limits::new().max_expansions(k)) {
            assert_eq!(
                outcome,
                Outcome::Stopped(StopReason::Expansions),
                "{engine}, k = {k}"
            );
            assert!(expanded <= k, "{engine} expanded {expanded} > {k}");
        }
    }
}

#[test]
fn a_cost_limit_below_the_optimum_stops_and_above_it_finds() {
    // Corner to corner of the open 60 x 60 grid is 118 steps.
    for (engine, outcome, _) in every_engine(&Limits::new().max_cost(117)) {
        assert_eq!(outcome, Outcome::Stopped(StopReason::Cost), "{engine}");
    }
    let maze = open_grid();
    let goal = maze.goal();
    let h = |p: &Pos| maze.manhattan(p);
    let within = AStar::new().with_limits(Limits::new().max_cost(118));
    assert_eq!(
        { within }
            .search(&Problem::new(&maze, [maze.start()], |&p| p == goal).heuristic(&h))
            .found()
            .unwrap()
            .cost,
        118
    );
    let bfs = Bfs::new().with_limits(Limits::new().max_cost(118));
    assert_eq!(
        { bfs }
            .search(&Problem::new(&maze, [maze.start()], |&p| p == goal))
            .found()
            .unwrap()
            .cost,
        118
    );
}

#[test]
fn a_raised_cancel_flag_and_a_past_deadline_stop_before_the_first_expansion() {
    let flag = Arc::new(AtomicBool::new(true));
    let maze = open_grid();
    let (start, goal) = (maze.start(), maze.goal());
    let cancelled = Dijkstra::new()
        .with_limits(Limits::new().cancel_flag(flag))
        .search(&Problem::new(&maze, [start], |&p| p == goal));
    assert_eq!(cancelled.stop_reason(), Some(StopReason::Cancelled));
    assert_eq!(cancelled.stats.expanded, 0);
    let late = Bfs::new()
        .with_limits(Limits::new().deadline(Instant::now()))
        .search(&Problem::new(&maze, [start], |&p| p == goal));
    assert_eq!(late.stop_reason(), Some(StopReason::Deadline));
    let mut walker = Walker { at: 0, goal: 10 };
    let ida = InPlaceIdaStar::new()
        .with_limits(Limits::new().deadline(Instant::now()))
        .search(&mut walker, |w| w.at == w.goal);
    assert_eq!(ida.stop_reason(), Some(StopReason::Deadline));
    assert_eq!(walker.at, 0, "a stopped in-place search restores the state");
}

#[test]
fn a_time_limit_counts_from_the_start_of_each_search() {
    // Made long before the searches start: a deadline fixed when the limits were built
    // would stop every search before its first expansion.
    let limits = Limits::new()
        .time_limit(Duration::from_millis(100))
        .max_expansions(200);
    std::thread::sleep(Duration::from_millis(150));
    for (engine, outcome, expanded) in every_engine(&limits) {
        assert_eq!(
            outcome,
            Outcome::Stopped(StopReason::Expansions),
            "{engine}"
        );
        assert!(expanded > 0, "{engine}");
    }
    // A time limit of zero ends each search at its first check: it is applied.
    for (engine, outcome, expanded) in every_engine(&Limits::new().time_limit(Duration::ZERO)) {
        assert_eq!(outcome, Outcome::Stopped(StopReason::Deadline), "{engine}");
        assert_eq!(expanded, 0, "{engine}");
    }
}

#[test]
fn a_time_limit_reused_across_a_comparison_gives_every_run_its_full_time() {
    let maze = open_grid();
    let goal = maze.goal();
    let problem = || {
        Problem::new(&maze, [maze.start()], move |&p: &Pos| p == goal)
            .heuristic(|p: &Pos| maze.manhattan(p))
            .backward(goal)
    };
    let strategies: Vec<Strategy> = Strategy::ALL.to_vec();
    let comparison = |limits: Limits| {
        Comparison::new()
            .problem("open grid", problem())
            .strategies(strategies.iter().map(ToString::to_string))
            .unwrap()
            .limits(limits)
            .repeat(2)
            .progress(false)
    };
    let limited = comparison(
        Limits::new()
            .time_limit(Duration::from_millis(100))
            .max_expansions(2_000),
    );
    std::thread::sleep(Duration::from_millis(150));
    let report = limited.run();
    assert_eq!(report.rows().len(), strategies.len());
    for row in report.rows() {
        // Each run ends by finding the corner or by the expansion limit, never the clock.
        assert!(
            matches!(
                row.outcome,
                RunOutcome::Found { .. } | RunOutcome::Stopped(StopReason::Expansions)
            ),
            "{}: {:?}",
            row.strategy,
            row.outcome
        );
    }
    for row in comparison(Limits::new().time_limit(Duration::ZERO))
        .run()
        .rows()
    {
        assert_eq!(
            row.outcome,
            RunOutcome::Stopped(StopReason::Deadline),
            "{}",
            row.strategy
        );
    }
}

#[test]
fn a_visitor_that_breaks_stops_the_search() {
    let maze = open_grid();
    let (start, goal) = (maze.start(), maze.goal());
    let mut seen = 0;
    let mut stop_after_five = |event: Event<'_, Pos, u32>| {
        if let Event::Expanded { .. } = event {
            seen += 1;
        }
        if seen == 5 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let search = Dijkstra::new().search_with(
        &Problem::new(&maze, [start], |&p| p == goal),
        &mut stop_after_five,
    );
    assert_eq!(search.stop_reason(), Some(StopReason::Visitor));
    assert_eq!(search.stats.expanded, 4, "the fifth expansion was refused");
}

/// A visitor that stops at the third expansion.
fn third<C>() -> impl FnMut(Event<'_, Pos, C>) -> ControlFlow<()> {
    let mut seen = 0;
    move |event| {
        if let Event::Expanded { .. } = event {
            seen += 1;
        }
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

#[test]
fn a_visitor_stops_every_engine() {
    let maze = open_grid();
    let (start, goal) = (maze.start(), maze.goal());
    let is_goal = |p: &Pos| *p == goal;
    let zero = |_: &Pos| 0u32;
    let visitor = Some(StopReason::Visitor);
    assert_eq!(
        Bfs::new()
            .search_with(&Problem::new(&maze, [start], is_goal), &mut third())
            .stop_reason(),
        visitor
    );
    let bidirectional = BidirectionalBfs::new();
    assert_eq!(
        bidirectional
            .search_with(&Problem::between(&maze, start, goal), &mut third())
            .stop_reason(),
        visitor
    );
    assert_eq!(
        AStar::new()
            .search_with(
                &Problem::new(&maze, [start], is_goal).heuristic(&zero),
                &mut third()
            )
            .stop_reason(),
        visitor
    );
    let spfa = Spfa::new()
        .search_with(&Problem::new(&maze, [start], is_goal), &mut third())
        .unwrap();
    assert_eq!(spfa.stop_reason(), visitor);
    let ida = IdaStar::new().search_with(
        &Problem::new(&maze, [start], is_goal).heuristic(&zero),
        &mut third(),
    );
    assert_eq!((ida.stop_reason(), ida.stats.expanded), (visitor, 2));
}

#[test]
fn a_cancel_flag_raised_mid_layer_stops_bfs_at_the_next_check() {
    // One layer of 10,000 start states, far wider than the check interval.
    let space = state_search::unit_from_fn(|&n: &u32| [n + 10_000]);
    let flag = Arc::new(AtomicBool::new(false));
    let mut expansions = 0_u64;
    let raise = Arc::clone(&flag);
    let mut raise_at_1500 = |event: Event<'_, u32, usize>| {
        if let Event::Expanded { .. } = event {
            expansions += 1;
            if expansions == 1500 {
                raise.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        }
        ControlFlow::Continue(())
    };
    let search = Bfs::new()
        .with_limits(Limits::new().cancel_flag(flag))
        .search_with(
            &Problem::new(&space, 0..10_000, |_| false),
            &mut raise_at_1500,
        );
    assert_eq!(search.stop_reason(), Some(StopReason::Cancelled));
    let interval = Limits::<u32>::CHECK_INTERVAL;
    assert!(
        (1500..=1500 + interval).contains(&search.stats.expanded),
        "stopped after {} expansions",
        search.stats.expanded
    );
}
