//! Parallel IDA* (`par-idastar`, feature `parallel`): optimal costs against BFS on random
//! 8-puzzles with 1, 2 and 8 threads, replayed plans, the iterations of the sequential
//! engine, limits, and the refusals outside `par_run_in_place`.

#![cfg(feature = "parallel")]

use crate::common::graph::is;
use crate::common::npuzzle as oracle;
use crate::common::pools;

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use pools::{THREADS, pool};
use proptest::prelude::*;
use state_search::InPlaceSolver;
use state_search::domains::SolveError;
use state_search::domains::sliding::npuzzle::{Board, Manhattan, NPuzzle, Slider, moves_to_string};
use state_search::rng::SplitMix64;
use state_search::{
    Engine, Event, InPlaceIdaStar, Inapplicable, Limits, Outcome, ParIdaStar, StopReason, Strategy,
    StrategyError,
};

fn eight() -> &'static NPuzzle {
    static PUZZLE: OnceLock<NPuzzle> = OnceLock::new();
    PUZZLE.get_or_init(|| NPuzzle::standard(3, 3).unwrap())
}

/// Each finished iteration: (bound, next bound, expanded, generated) so far.
type Iterations = Vec<(u32, Option<u32>, u64, u64)>;

/// A recorder of [`Event::IterationFinished`].
fn record(
    iterations: &mut Iterations,
) -> impl FnMut(Event<'_, Slider<'_, Manhattan>, u32>) -> core::ops::ControlFlow<()> {
    move |event| {
        if let Event::IterationFinished {
            bound,
            next_bound,
            stats,
        } = event
        {
            iterations.push((bound, next_bound, stats.expanded, stats.generated));
        }
        core::ops::ControlFlow::Continue(())
    }
}

/// The board after the plan's moves.
fn replay(puzzle: &NPuzzle, board: &Board, moves: &str) -> Option<Vec<u8>> {
    oracle::replay(puzzle.rows(), puzzle.cols(), board.tiles(), moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn costs_are_bfs_s_and_plans_replay_with_1_2_and_8_threads(seed in any::<u64>()) {
        let puzzle = eight();
        let board = puzzle.random_board(&mut SplitMix64::new(seed));
        let h = Manhattan::new(puzzle);
        let bfs = puzzle.solve(&board, h.clone(), &Strategy::Bfs, &Limits::new()).unwrap();
        let best = bfs.found().unwrap().cost;
        for threads in THREADS {
            let search = pool(threads)
                .install(|| puzzle.par_solve(&board, h.clone(), &Strategy::ParIdaStar, &Limits::new()))
                .unwrap();
            let plan = search.found().unwrap();
            prop_assert_eq!(plan.cost, best, "{} threads", threads);
            prop_assert_eq!(plan.actions.len(), best as usize);
            let end = replay(puzzle, &board, &moves_to_string(&plan.actions));
            prop_assert_eq!(end.as_deref(), Some(puzzle.goal().tiles()), "{} threads", threads);
        }
    }

    #[test]
    fn every_iteration_but_the_last_is_the_sequential_engine_s(seed in any::<u64>()) {
        let puzzle = eight();
        let board = puzzle.random_board(&mut SplitMix64::new(seed));
        let mut slider = puzzle.in_place(&board, Manhattan::new(puzzle)).unwrap();
        let mut sequential = Iterations::new();
        let expected = InPlaceIdaStar::new()
            .search_with(&mut slider, Slider::is_solved, &mut record(&mut sequential));
        let engine = ParIdaStar::new();
        // One scratch for every pool, reused: the same as fresh buffers.
        let mut scratch = engine.scratch().unwrap();
        for threads in THREADS {
            for reused in [false, true] {
                let mut parallel = Iterations::new();
                let search = pool(threads).install(|| {
                    let visitor = &mut record(&mut parallel);
                    if reused {
                        engine.search_in(&mut scratch, &mut slider, Slider::is_solved, visitor)
                    } else {
                        engine.search_with(&mut slider, Slider::is_solved, visitor)
                    }
                });
                let what = format!("{threads} threads, reused scratch: {reused}");
                prop_assert_eq!(&parallel, &sequential, "{}", what);
                prop_assert_eq!(search.stats.iterations, expected.stats.iterations);
                // The same plan, not only the same cost: the earliest item's.
                prop_assert_eq!(search.found(), expected.found(), "{}", what);
                // Back at the start.
                prop_assert_eq!(slider.board(), board.clone());
            }
        }
    }
}

/// Korf's instance 1 (57 moves), far beyond a few thousand expansions.
fn korf_1() -> (NPuzzle, Board) {
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3".parse().unwrap();
    (puzzle, board)
}

#[test]
fn fifteen_puzzle_plans_are_the_sequential_engine_s_on_any_pool() {
    use state_search::domains::sliding::pdb::{Partition, PatternSet};
    // Korf's #45, #20, #78, #98, #43 and #63 with the 5-5-5 databases: 0.06 to 1.7
    // million nodes each, and last iterations where several items hold optimal plans (on
    // two threads, returning the first plan found gave another plan on all six).
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let set = Arc::new(PatternSet::build_partition(&puzzle, Partition::Fifteen555, true).unwrap());
    for text in [
        "3 14 9 7 12 15 0 4 1 8 5 6 11 10 2 13",
        "6 12 11 3 13 7 9 15 2 14 8 10 4 1 5 0",
        "3 14 13 6 4 15 8 9 5 12 10 0 2 7 1 11",
        "0 11 3 12 5 2 1 9 8 10 14 15 7 4 13 6",
        "11 15 14 13 1 9 10 4 3 6 2 12 7 5 8 0",
        "8 10 9 11 14 1 7 15 13 4 0 12 6 2 5 3",
    ] {
        let board: Board = text.parse().unwrap();
        let mut slider = puzzle.in_place(&board, set.heuristic()).unwrap();
        let sequential = InPlaceIdaStar::new().search(&mut slider, Slider::is_solved);
        for threads in THREADS {
            for _ in 0..3 {
                let search = pool(threads)
                    .install(|| ParIdaStar::new().search(&mut slider, Slider::is_solved));
                assert_eq!(
                    search.found(),
                    sequential.found(),
                    "{threads} threads, {board}"
                );
            }
        }
    }
}

#[test]
fn the_expansion_limit_holds_within_a_quarter() {
    let (puzzle, board) = korf_1();
    for threads in THREADS {
        for max in [10, 1_000, 100_000] {
            let mut slider = puzzle.in_place(&board, Manhattan::new(&puzzle)).unwrap();
            let engine = ParIdaStar::new().with_limits(Limits::new().max_expansions(max));
            let search = pool(threads).install(|| engine.search(&mut slider, Slider::is_solved));
            assert_eq!(
                search.stop_reason(),
                Some(StopReason::Expansions),
                "{threads} {max}"
            );
            let expanded = search.stats.expanded;
            assert!(
                expanded >= max,
                "{threads} threads, limit {max}: {expanded}"
            );
            assert!(
                expanded <= max + max / 4 + threads as u64,
                "{threads} threads, limit {max}: {expanded}"
            );
            assert_eq!(slider.board(), board);
        }
    }
}

#[test]
fn the_cancel_flag_and_the_cost_limit_stop_it() {
    let (puzzle, board) = korf_1();
    let mut slider = puzzle.in_place(&board, Manhattan::new(&puzzle)).unwrap();
    let flag = Arc::new(AtomicBool::new(true));
    let cancelled = ParIdaStar::new().with_limits(Limits::new().cancel_flag(flag));
    let search = pool(2).install(|| cancelled.search(&mut slider, Slider::is_solved));
    assert_eq!(search.stop_reason(), Some(StopReason::Cancelled));
    // The first bound is the Manhattan distance, 41: below it, no iteration runs.
    let capped = ParIdaStar::new().with_limits(Limits::new().max_cost(40));
    let search = pool(2).install(|| capped.search(&mut slider, Slider::is_solved));
    assert_eq!(search.stop_reason(), Some(StopReason::Cost));
    assert_eq!(search.stats.iterations, 0);
    assert_eq!(slider.board(), board);
}

#[test]
fn a_solved_board_and_a_one_move_board_are_found_on_any_pool() {
    let puzzle = eight();
    for (text, cost) in [("0 1 2 3 4 5 6 7 8", 0), ("1 0 2 3 4 5 6 7 8", 1)] {
        let board: Board = text.parse().unwrap();
        for threads in THREADS {
            let search = pool(threads)
                .install(|| {
                    puzzle.par_solve(
                        &board,
                        Manhattan::new(puzzle),
                        &Strategy::ParIdaStar,
                        &Limits::new(),
                    )
                })
                .unwrap();
            assert!(matches!(search.outcome, Outcome::Found(ref plan) if plan.cost == cost));
        }
    }
}

#[test]
fn only_the_parallel_entry_points_run_it() {
    let puzzle = eight();
    let board: Board = "1 0 2 3 4 5 6 7 8".parse().unwrap();
    let refused = puzzle.solve(
        &board,
        Manhattan::new(puzzle),
        &Strategy::ParIdaStar,
        &Limits::new(),
    );
    assert!(matches!(
        refused,
        Err(SolveError::NotApplicable {
            reason: Inapplicable::NeedsSendSpace,
            ..
        })
    ));
    let mut slider = puzzle.in_place(&board, Manhattan::new(puzzle)).unwrap();
    let refused = Strategy::ParIdaStar.run_in_place(&mut slider, Slider::is_solved, &Limits::new());
    assert!(matches!(
        refused,
        Err(StrategyError::NotApplicable {
            reason: Inapplicable::NeedsSendSpace,
            ..
        })
    ));
    let space = state_search::unit_from_fn(|&n: &u32| [n + 1]);
    let problem = state_search::Problem::new(&space, [0], is(3));
    assert!(matches!(
        Strategy::ParIdaStar.run(&problem, &Limits::new()),
        Err(StrategyError::NotApplicable {
            reason: Inapplicable::NeedsInPlaceSpace,
            ..
        })
    ));
    // The sequential strategy through the parallel entry point is the sequential engine.
    let search = Strategy::IdaStar
        .par_run_in_place(&mut slider, Slider::is_solved, &Limits::new())
        .unwrap();
    assert_eq!(search.found().map(|p| p.cost), Some(1));
}

#[test]
fn databases_built_on_the_pool_are_those_built_one_by_one() {
    use state_search::domains::sliding::pdb::{Partition, PatternSet};
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let one_by_one = PatternSet::build_partition(&puzzle, Partition::Fifteen555, true).unwrap();
    for threads in THREADS {
        let set = pool(threads)
            .install(|| PatternSet::par_build_partition(&puzzle, Partition::Fifteen555, true))
            .unwrap();
        assert_eq!(set.databases(), one_by_one.databases(), "{threads} threads");
        assert!(set.reflects());
    }
}
