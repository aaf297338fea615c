//! Layer counting at two bits per state: every layer equals a plain hashed BFS on sliding
//! puzzles and on spaces with odd cycles and one-way steps; the 8-puzzle facts; the deepest
//! layer; limits; the parallel counts equal the sequential ones; the sliding-tile ranking is
//! a bijection onto `0..cells!/2`.

use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::Hash;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use state_search::domains::sliding::npuzzle::{Board, GoalConvention, NPuzzle};
use state_search::domains::sliding::ranking::{RankedPuzzle, TileRanking};
use state_search::rng::SplitMix64;
use state_search::{
    IndexSpace, IndexedSpace, LayerCounts, Layers, Limits, StateIndexer, StateSpace, StopReason,
};

/// The oracle: a plain BFS with a hash map of depths; returns the layer sizes and the
/// states of the deepest layer.
fn oracle<Sp: StateSpace>(space: &Sp, start: Sp::State) -> (Vec<u64>, Vec<Sp::State>)
where
    Sp::State: Hash + Eq + Clone,
{
    let mut depth: HashMap<Sp::State, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    depth.insert(start.clone(), 0);
    queue.push_back(start);
    let mut layers = vec![1u64];
    while let Some(state) = queue.pop_front() {
        let d = depth[&state];
        space.successors(&state, |next, _| {
            if !depth.contains_key(&next) {
                depth.insert(next.clone(), d + 1);
                if layers.len() == d + 1 {
                    layers.push(0);
                }
                layers[d + 1] += 1;
                queue.push_back(next);
            }
        });
    }
    let deepest = layers.len() - 1;
    let last = depth
        .into_iter()
        .filter(|&(_, d)| d == deepest)
        .map(|(s, _)| s)
        .collect();
    (layers, last)
}

fn puzzle(rows: usize, cols: usize) -> NPuzzle {
    NPuzzle::standard(rows, cols).unwrap()
}

fn no_progress(_: usize, _: u64, _: std::time::Duration) {}

/// The ranked count of a puzzle from its goal, on one thread.
fn ranked_count(rows: usize, cols: usize) -> (LayerCounts, Vec<Board>) {
    let ranked = RankedPuzzle::new(&puzzle(rows, cols)).unwrap();
    let mut layers = Layers::new();
    let start = ranked.index(&ranked.goal());
    let counts = layers.count_indices(&ranked, [start], no_progress).unwrap();
    let last = layers
        .last_layer()
        .unwrap()
        .map(|i| ranked.board(i))
        .collect();
    (counts, last)
}

fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v
}

#[test]
fn every_layer_matches_a_hashed_bfs_on_sliding_puzzles() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)] {
        let npuzzle = puzzle(rows, cols);
        let (expected, expected_last) = oracle(&npuzzle, npuzzle.goal().clone());
        let expected_last = sorted(expected_last);

        // The generic engine over boards, numbered by the new ranking.
        let ranking = TileRanking::new(&npuzzle).unwrap();
        let mut layers = Layers::new();
        let counts = layers
            .count(&npuzzle, &ranking, [npuzzle.goal().clone()], no_progress)
            .unwrap();
        assert_eq!(counts.layers, expected, "{rows}x{cols} generic");
        assert_eq!(counts.depth, expected.len() - 1);
        assert_eq!(counts.total, expected.iter().sum::<u64>());
        assert!(counts.is_complete());
        let last: Vec<Board> = layers
            .last_layer()
            .unwrap()
            .map(|i| ranking.state(i))
            .collect();
        assert_eq!(
            sorted(last),
            expected_last,
            "{rows}x{cols} generic last layer"
        );

        // The ranked successor generator.
        let (counts, last) = ranked_count(rows, cols);
        assert_eq!(counts.layers, expected, "{rows}x{cols} ranked");
        assert_eq!(
            sorted(last),
            expected_last,
            "{rows}x{cols} ranked last layer"
        );
        assert_eq!(counts.stats.expanded, counts.total);
    }
}

#[test]
fn the_eight_puzzle_has_181440_states_at_most_31_moves_away() {
    let (counts, last) = ranked_count(3, 3);
    assert_eq!(counts.total, 181_440);
    assert_eq!(counts.depth, 31);
    assert_eq!(counts.layers[..4], [1, 2, 4, 8]);
    assert_eq!(counts.layers[31], 2);
    assert_eq!(last.len(), 2);
}

#[test]
fn the_old_board_indexer_gives_the_same_layers() {
    let npuzzle = puzzle(3, 3);
    let with_old =
        state_search::layers(&npuzzle, &npuzzle.indexer(), [npuzzle.goal().clone()]).unwrap();
    assert_eq!(with_old.layers, ranked_count(3, 3).0.layers);
}

#[test]
fn other_goals_and_starts_match_the_oracle() {
    let npuzzle = NPuzzle::with_convention(3, 3, GoalConvention::BlankLast).unwrap();
    let ranked = RankedPuzzle::new(&npuzzle).unwrap();
    let mut rng = SplitMix64::new(7);
    for _ in 0..3 {
        let start = npuzzle.random_board(&mut rng);
        let (expected, _) = oracle(&npuzzle, start.clone());
        let counts = Layers::new()
            .count_indices(&ranked, [ranked.index(&start)], no_progress)
            .unwrap();
        assert_eq!(counts.layers, expected, "from {start}");
    }
}

/// Integers modulo `n` with one-way steps `x + 1` and `2x`: odd cycles, steps within a
/// layer and back to earlier layers.
#[derive(Clone)]
struct Doubling(usize);

impl StateSpace for Doubling {
    type State = usize;
    type Cost = u8;
    fn successors(&self, &x: &usize, mut emit: impl FnMut(usize, u8)) {
        emit((x + 1) % self.0, 1);
        emit((2 * x) % self.0, 1);
        emit((x * x + 3) % self.0, 1);
    }
}

impl StateIndexer<usize> for Doubling {
    fn bound(&self) -> usize {
        self.0
    }
    fn index(&self, &x: &usize) -> usize {
        x
    }
    fn state(&self, index: usize) -> usize {
        index
    }
}

#[test]
fn directed_spaces_with_odd_cycles_match_the_oracle() {
    for n in [1, 2, 7, 64, 1000, 100_003] {
        let space = Doubling(n);
        let (expected, last) = oracle(&space, 0);
        let mut layers = Layers::new();
        let counts = layers.count(&space, &space, [0], no_progress).unwrap();
        assert_eq!(counts.layers, expected, "n = {n}");
        assert_eq!(
            sorted(layers.last_layer().unwrap().collect()),
            sorted(last),
            "n = {n}"
        );
    }
}

#[test]
fn several_starts_share_layer_zero() {
    let space = Doubling(1000);
    let mut layers = Layers::new();
    let counts = layers
        .count(&space, &space, [5, 17, 5, 999], no_progress)
        .unwrap();
    assert_eq!(counts.layers[0], 3);
    assert_eq!(counts.total, 1000);
    // Debug shows the size of the array, not its entries.
    let debug = format!("{layers:?}");
    assert!(
        debug.contains("indices: 1024") && debug.len() < 200,
        "{debug}"
    );
    let none = Layers::new()
        .count(&space, &space, [], no_progress)
        .unwrap();
    assert_eq!((none.layers.len(), none.total, none.depth), (0, 0, 0));
}

#[test]
fn progress_sees_every_layer_in_order() {
    let npuzzle = puzzle(2, 3);
    let ranking = TileRanking::new(&npuzzle).unwrap();
    let mut seen = Vec::new();
    let counts = Layers::new()
        .count(
            &npuzzle,
            &ranking,
            [npuzzle.goal().clone()],
            |depth, size, _| seen.push((depth, size)),
        )
        .unwrap();
    let expected: Vec<(usize, u64)> = counts.layers.iter().copied().enumerate().collect();
    assert_eq!(seen, expected);
}

#[test]
fn limits_stop_after_complete_layers() {
    let ranked = RankedPuzzle::new(&puzzle(3, 3)).unwrap();
    let start = ranked.index(&ranked.goal());
    let full = ranked_count(3, 3).0;
    let run = |limits: Limits<usize>| {
        let mut layers = Layers::new().with_limits(limits);
        let counts = layers.count_indices(&ranked, [start], no_progress).unwrap();
        (counts, layers.last_layer().is_some())
    };

    let (depth_10, last) = run(Limits::new().max_cost(10));
    assert_eq!(depth_10.stopped, Some(StopReason::Cost));
    assert_eq!(depth_10.layers, full.layers[..=10]);
    assert!(!last);
    let (depth_31, last) = run(Limits::new().max_cost(31));
    assert!(depth_31.is_complete() && last);
    assert_eq!(depth_31.layers, full.layers);

    // Layers of 1, 2, 4, 8, 16, ... states: 20 expansions cover four layers, not five.
    let (expansions, _) = run(Limits::new().max_expansions(20));
    assert_eq!(expansions.stopped, Some(StopReason::Expansions));
    assert_eq!(expansions.layers, full.layers[..5]);
    assert_eq!(expansions.stats.expanded, 15);
    // A limit equal to the states of the first layers lets exactly those be expanded.
    let (exact, _) = run(Limits::new().max_expansions(15));
    assert_eq!(exact.layers, full.layers[..5]);
    assert_eq!(exact.stats.expanded, 15);
    let (one_short, _) = run(Limits::new().max_expansions(14));
    assert_eq!(one_short.layers, full.layers[..4]);

    let cancel = Arc::new(AtomicBool::new(true));
    let (cancelled, last) = run(Limits::new().cancel_flag(cancel));
    assert_eq!(cancelled.stopped, Some(StopReason::Cancelled));
    assert_eq!(cancelled.layers, [1]);
    assert!(!last);
}

#[test]
fn a_bound_too_large_for_memory_is_an_error_not_an_abort() {
    #[derive(Clone)]
    struct Huge(usize);
    impl StateIndexer<usize> for Huge {
        fn bound(&self) -> usize {
            self.0
        }
        fn index(&self, &x: &usize) -> usize {
            x
        }
        fn state(&self, index: usize) -> usize {
            index
        }
    }
    let space = state_search::unit_from_fn(|&x: &usize| [x + 1]);
    for bound in [usize::MAX, 1 << 62] {
        let error = state_search::layers(&space, &Huge(bound), [0]).unwrap_err();
        assert_eq!(error.entries, bound);
        assert!(error.to_string().contains("out of memory"), "{error}");
    }
}

#[test]
fn the_ranking_is_a_bijection_on_the_reachable_eight_puzzle_boards() {
    let npuzzle = puzzle(3, 3);
    let ranking = TileRanking::new(&npuzzle).unwrap();
    assert_eq!(ranking.bound(), 181_440);
    let mut seen = vec![false; ranking.bound()];
    let mut count = 0;
    // Every reachable board, by a hashed BFS.
    let mut boards = HashSet::new();
    let mut queue = VecDeque::from([npuzzle.goal().clone()]);
    boards.insert(npuzzle.goal().clone());
    while let Some(board) = queue.pop_front() {
        let index = ranking.index(&board);
        assert!(!seen[index], "{board} shares index {index}");
        seen[index] = true;
        count += 1;
        assert_eq!(ranking.state(index), board);
        npuzzle.successors(&board, |next, _| {
            if boards.insert(next.clone()) {
                queue.push_back(next);
            }
        });
    }
    assert_eq!(count, ranking.bound(), "onto 0..9!/2");
}

#[test]
fn ranked_successors_are_the_boards_successors() {
    for (rows, cols) in [(3, 3), (3, 4), (4, 4), (2, 5), (5, 3)] {
        let npuzzle = puzzle(rows, cols);
        let ranked = RankedPuzzle::new(&npuzzle).unwrap();
        let mut cursor = ranked.cursor();
        let mut rng = SplitMix64::new(rows as u64 * 16 + cols as u64);
        for _ in 0..200 {
            let board = npuzzle.random_board(&mut rng);
            let mut expected = Vec::new();
            npuzzle.successors(&board, |next, _| expected.push(ranked.index(&next)));
            let mut found = Vec::new();
            ranked.successors(&mut cursor, ranked.index(&board), |i| found.push(i));
            assert_eq!(sorted(found), sorted(expected), "{board}");
        }
    }
}

proptest! {
    #[test]
    fn the_ranking_round_trips(
        (rows, cols) in (1usize..=4, 1usize..=4),
        seed in any::<u64>(),
        last in any::<bool>(),
    ) {
        let convention = if last { GoalConvention::BlankLast } else { GoalConvention::BlankFirst };
        let npuzzle = NPuzzle::with_convention(rows, cols, convention).unwrap();
        let ranking = TileRanking::new(&npuzzle).unwrap();
        let board = npuzzle.random_board(&mut SplitMix64::new(seed));
        let index = ranking.index(&board);
        prop_assert!(index < ranking.bound());
        prop_assert_eq!(ranking.state(index), board);
    }

    #[test]
    fn indices_round_trip(seed in any::<u64>()) {
        let npuzzle = puzzle(3, 4);
        let ranking = TileRanking::new(&npuzzle).unwrap();
        let index = usize::try_from(seed % ranking.bound() as u64).unwrap();
        let board = ranking.state(index);
        prop_assert!(npuzzle.is_solvable(&board));
        prop_assert_eq!(ranking.index(&board), index);
    }
}

#[test]
fn boards_too_large_are_refused() {
    assert!(TileRanking::new(&puzzle(4, 5)).is_none());
    assert!(RankedPuzzle::new(&puzzle(4, 4)).is_some());
}

#[cfg(feature = "parallel")]
mod parallel {
    use super::*;

    #[test]
    fn every_thread_count_gives_the_same_layers() {
        for (rows, cols) in [(2, 3), (3, 3), (2, 4)] {
            let npuzzle = puzzle(rows, cols);
            let ranking = TileRanking::new(&npuzzle).unwrap();
            let ranked = RankedPuzzle::new(&npuzzle).unwrap();
            let (expected, expected_last) = oracle(&npuzzle, npuzzle.goal().clone());
            let expected_last = sorted(expected_last);
            for threads in [1, 2, 8] {
                let mut layers = Layers::new();
                let generic = layers
                    .par_count(
                        &npuzzle,
                        &ranking,
                        [npuzzle.goal().clone()],
                        threads,
                        no_progress,
                    )
                    .unwrap();
                assert_eq!(generic.layers, expected, "{rows}x{cols}, {threads} threads");
                let start = ranked.index(&ranked.goal());
                let counts = layers
                    .par_count_indices(&ranked, [start], threads, no_progress)
                    .unwrap();
                assert_eq!(counts, generic, "{rows}x{cols}, {threads} threads");
                let last: Vec<Board> = layers
                    .last_layer()
                    .unwrap()
                    .map(|i| ranked.board(i))
                    .collect();
                assert_eq!(sorted(last), expected_last);
            }
        }
    }

    #[test]
    fn directed_spaces_give_the_same_layers_on_every_thread_count() {
        let space = Doubling(1_000_003);
        let (expected, _) = oracle(&space, 0);
        for threads in [2, 3, 8] {
            let counts = Layers::new()
                .par_count(&space, &space, [0], threads, no_progress)
                .unwrap();
            assert_eq!(counts.layers, expected, "{threads} threads");
        }
    }

    #[test]
    fn limits_stop_the_parallel_count_at_the_same_layer() {
        let ranked = RankedPuzzle::new(&puzzle(3, 3)).unwrap();
        let start = ranked.index(&ranked.goal());
        for limits in [
            Limits::new().max_cost(12),
            Limits::new().max_expansions(5000),
            Limits::new().cancel_flag(Arc::new(AtomicBool::new(true))),
        ] {
            let sequential = Layers::new()
                .with_limits(limits.clone())
                .count_indices(&ranked, [start], no_progress)
                .unwrap();
            let parallel = Layers::new()
                .with_limits(limits)
                .par_count_indices(&ranked, [start], 2, no_progress)
                .unwrap();
            assert!(sequential.stopped.is_some());
            assert_eq!(parallel, sequential);
        }
    }
}

#[test]
fn a_memory_limit_below_the_array_is_refused_before_allocating() {
    let puzzle = puzzle(3, 3);
    let ranking = TileRanking::new(&puzzle).unwrap();
    // 181,440 indices at 2 bits are 45,360 bytes (plus the chunk summary).
    let mut tight = Layers::new().with_limits(Limits::new().max_memory(40_000));
    let error = tight
        .count(&puzzle, &ranking, [puzzle.goal().clone()], no_progress)
        .unwrap_err();
    assert_eq!(error.reason, state_search::CapacityErrorKind::MemoryLimit);
    assert_eq!(tight.memory_bytes(), 0);
    let mut enough = Layers::new().with_limits(Limits::new().max_memory(50_000));
    let counts = enough
        .count(&puzzle, &ranking, [puzzle.goal().clone()], no_progress)
        .unwrap();
    assert_eq!(counts.total, 181_440);
}
