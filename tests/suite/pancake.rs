//! The pancake puzzle: every optimal strategy (A*, IDA* in place and not, bidirectional
//! Dijkstra, MM, NBS, BAE*, BFS) against breadth-first distances over the explicit flip graph, the gap
//! heuristics against their definition, admissible and consistent, the in-place view's
//! apply and undo, the dense indexer, and rejected input.

use crate::common::pancake::{self as oracle, flip_graph};
use proptest::prelude::*;
#[cfg(feature = "parallel")]
use state_search::domains::SolveError;
use state_search::domains::pancake::{
    Flipper, Flips, Gap, MAX_DENSE, PancakeSpace, Pancakes, Stack, StackError, StackIndexer,
};
use state_search::{
    CapacityErrorKind, Heuristic, InPlaceSpace, IndexedSpace, Limits, ParseErrorKind, Problem,
    StateIndexer, StateSpace, StoragePolicy, Strategy, StrategyError,
};

/// A random stack of `n` pancakes, or with `seed` 0 the sorted one.
fn stack(n: usize, seed: u64) -> Stack {
    if seed == 0 {
        Stack::sorted(n).unwrap()
    } else {
        Stack::random(n, seed).unwrap()
    }
}

/// A problem from `start` to `goal` with gap-`ignore`.
fn problem(start: Stack, goal: Stack, ignore: usize) -> Pancakes {
    Pancakes::new(start)
        .with_goal(goal)
        .unwrap()
        .with_gap(Gap { ignore })
}

/// Checks that `flips` turn the problem's start into its goal in `cost` flips, `cost`
/// being `optimum`.
fn check_flips(problem: &Pancakes, flips: &Flips, optimum: usize, what: &str) {
    let end = oracle::replay(problem.start().as_slice(), &flips.flips);
    assert_eq!(end.as_deref(), Some(problem.goal().as_slice()), "{what}");
    assert_eq!(flips.flips.len(), flips.cost as usize, "{what}");
    assert_eq!(flips.cost as usize, optimum, "{what}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn optimal_strategies_agree_with_a_bfs_oracle(
        n in 1usize..=7,
        start_seed: u64,
        goal_seed in prop_oneof![Just(0u64), any::<u64>()],
        ignore in 0usize..=8,
    ) {
        let (start, goal) = (stack(n, start_seed), stack(n, goal_seed));
        let problem = problem(start, goal, ignore);
        let optimum = flip_graph(n).distance(start.as_slice(), goal.as_slice());
        let strategies = [
            Strategy::AStar,
            Strategy::IdaStar,
            Strategy::BidirectionalDijkstra,
            Strategy::Mm,
            Strategy::Nbs,
            Strategy::Bae,
            Strategy::Bfs,
            Strategy::BidirectionalBfs,
        ];
        for strategy in strategies {
            let search = problem.solve(&strategy, &Limits::new()).unwrap();
            let flips = search.found().unwrap_or_else(|| panic!("{strategy}: {:?}", search.outcome));
            check_flips(&problem, flips, optimum, &format!("{strategy} on {start} to {goal}"));
        }
        // IDA* on the state space, not in place.
        let space = problem.space();
        let on_space = Problem::new(&space, [start], |s: &Stack| *s == goal)
            .heuristic(Gap { ignore }.towards(&goal));
        let found = Strategy::IdaStar.run(&on_space, &Limits::new()).unwrap().into_found().unwrap();
        prop_assert_eq!(found.cost as usize, optimum);
        prop_assert_eq!(found.path.first(), Some(&start));
        prop_assert_eq!(found.path.last(), Some(&goal));
    }

    #[test]
    fn the_gap_heuristic_is_admissible_and_consistent(
        n in 1usize..=7,
        start_seed: u64,
        goal_seed in prop_oneof![Just(0u64), any::<u64>()],
        ignore in 0usize..=2,
    ) {
        let (stack, goal) = (stack(n, start_seed), stack(n, goal_seed));
        let h = Gap { ignore }.towards(&goal);
        let distances = flip_graph(n).distances_to(goal.as_slice());
        let here = h.estimate(&stack);
        prop_assert!(here as usize <= distances[stack.as_slice()], "{stack} to {goal}");
        let space = PancakeSpace::new(goal);
        let mut flips = 0;
        space.successors(&stack, |next, cost| {
            flips += 1;
            assert!(here <= cost + h.estimate(&next), "{stack} -> {next} towards {goal}");
            assert!(h.estimate(&next) as usize <= distances[next.as_slice()]);
        });
        prop_assert_eq!(flips, n.saturating_sub(1));
        // Towards the start, it estimates the flips from the start.
        let back = Gap { ignore }.towards(&stack);
        prop_assert!(back.estimate(&goal) as usize <= distances[stack.as_slice()]);
    }

    #[test]
    fn gap_counts_follow_the_definition(
        n in 1usize..=40,
        start_seed: u64,
        goal_seed in prop_oneof![Just(0u64), any::<u64>()],
        ignore in 0usize..=42,
    ) {
        let (stack, goal) = (stack(n, start_seed), stack(n, goal_seed));
        let gap = Gap::HELMERT.towards(&goal).estimate(&stack);
        let gap_k = Gap { ignore }.towards(&goal).estimate(&stack);
        prop_assert_eq!(gap, oracle::gaps(stack.as_slice(), goal.as_slice(), 0));
        prop_assert_eq!(gap_k, oracle::gaps(stack.as_slice(), goal.as_slice(), ignore));
        prop_assert_eq!(Gap::HELMERT.towards(&goal).estimate(&goal), 0);
    }

    #[test]
    fn gap_k_is_never_above_gap(
        n in 1usize..=40,
        start_seed: u64,
        goal_seed in prop_oneof![Just(0u64), any::<u64>()],
        ignore in 0usize..=42,
    ) {
        let (stack, goal) = (stack(n, start_seed), stack(n, goal_seed));
        let gap_k = |k: usize| Gap { ignore: k }.towards(&goal).estimate(&stack);
        prop_assert!(gap_k(ignore) <= gap_k(0));
        // Ignoring more pancakes never counts more gaps; ignoring all counts none.
        prop_assert!(gap_k(ignore) <= gap_k(ignore.saturating_sub(1)));
        prop_assert_eq!(gap_k(n), 0);
    }

    #[test]
    fn the_in_place_view_applies_undoes_and_peeks_as_the_stacks_do(
        n in 1usize..=30,
        start_seed: u64,
        goal_seed in prop_oneof![Just(0u64), any::<u64>()],
        ignore in 0usize..=3,
        walk in prop::collection::vec(0usize..64, 0..40),
    ) {
        let (start, goal) = (stack(n, start_seed), stack(n, goal_seed));
        let h = Gap { ignore }.towards(&goal);
        let mut flipper = Flipper::new(&start, &goal, Gap { ignore }).unwrap();
        let mut expected = start;
        let mut applied = Vec::new();
        for step in walk {
            let actions: Vec<usize> = flipper.actions().collect();
            prop_assert_eq!(actions.len(), n - 1);
            let Some(&k) = actions.get(step % actions.len().max(1)) else { break };
            let peeked = flipper.peek(k);
            prop_assert_eq!(flipper.apply(k), 1);
            expected.flip(k).unwrap();
            applied.push(k);
            prop_assert_eq!(flipper.stack(), expected);
            prop_assert_eq!(flipper.heuristic(), h.estimate(&expected));
            prop_assert_eq!(peeked, Some((1, flipper.heuristic())));
            prop_assert_eq!(flipper.is_solved(), expected == goal);
        }
        for &k in applied.iter().rev() {
            flipper.undo(k);
        }
        prop_assert_eq!(flipper.stack(), start);
        prop_assert_eq!(flipper.heuristic(), h.estimate(&start));
    }
}

#[test]
fn every_strategy_solves_stacks_of_six() {
    let n = 6;
    let distances = flip_graph(n).distances_to(Stack::sorted(n).unwrap().as_slice());
    for seed in 1..=5 {
        let problem = Pancakes::random(n, seed).unwrap();
        let optimum = distances[problem.start().as_slice()];
        for strategy in Pancakes::strategies() {
            let search = problem.solve(&strategy, &Limits::new()).unwrap();
            let Some(flips) = search.found() else {
                // Beam search may prune every solution, and says so.
                assert!(matches!(strategy, Strategy::Beam(_)), "{strategy}");
                continue;
            };
            let end = oracle::replay(problem.start().as_slice(), &flips.flips).unwrap();
            assert!(Stack::new(&end).unwrap().is_sorted(), "{strategy}");
            assert!(flips.cost as usize >= optimum, "{strategy}");
            if strategy.is_optimal() {
                assert_eq!(flips.cost as usize, optimum, "{strategy}");
            }
        }
    }
}

#[test]
fn idastar_sorts_stacks_of_thirty() {
    for seed in 2026..2030 {
        let problem = Pancakes::random(30, seed).unwrap();
        let search = problem
            .solve(&Pancakes::DEFAULT_STRATEGY, &Limits::new())
            .unwrap();
        let flips = search.found().unwrap();
        let end = oracle::replay(problem.start().as_slice(), &flips.flips).unwrap();
        assert!(Stack::new(&end).unwrap().is_sorted());
        let gaps = Gap::HELMERT
            .towards(problem.goal())
            .estimate(problem.start());
        assert!(flips.cost >= gaps);
        // The gap heuristic is rarely more than a flip or two below the optimum.
        assert!(flips.cost <= gaps + 2, "{} flips, {gaps} gaps", flips.cost);
    }
}

#[test]
fn the_dense_indexer_round_trips() {
    for n in 1..=7 {
        let indexer = StackIndexer::new(n).unwrap();
        let graph = flip_graph(n);
        assert_eq!(indexer.bound(), graph.ids.len());
        let mut seen = vec![false; indexer.bound()];
        for sizes in graph.ids.keys() {
            let stack = Stack::new(sizes).unwrap();
            let index = indexer.index(&stack);
            assert!(!seen[index], "{stack} shares index {index}");
            seen[index] = true;
            assert_eq!(indexer.state(index), stack);
        }
    }
    let indexer = PancakeSpace::sorted(MAX_DENSE).unwrap().indexer();
    assert_eq!(indexer.bound(), 479_001_600);
    for seed in 1..200 {
        let stack = Stack::random(MAX_DENSE, seed).unwrap();
        let index = indexer.index(&stack);
        assert!(index < indexer.bound());
        assert_eq!(indexer.state(index), stack);
    }
    assert_eq!(
        indexer.state(indexer.bound() - 1).as_slice(),
        [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    );
    assert!(StackIndexer::new(0).is_none());
    assert!(StackIndexer::new(MAX_DENSE + 1).is_none());
}

/// Beyond twelve pancakes (and beyond twenty, where a stack's rank no longer fits a
/// `u64` and the indexer cannot number it) every search stores stacks hashed and never
/// asks the indexer for a number; dense storage is refused.
#[test]
fn stacks_beyond_twelve_are_stored_hashed() {
    for n in [MAX_DENSE + 1, 21, 30] {
        let space = PancakeSpace::sorted(n).unwrap();
        assert_eq!(space.indexer().bound(), usize::MAX);
        let start = Stack::random(n, 5).unwrap();
        let problem = Problem::new(&space, [start], |s: &Stack| s.is_sorted())
            .heuristic(Gap::HELMERT.towards(space.goal()))
            .indexed()
            .backward(*space.goal());
        let limits = Limits::new().max_expansions(20_000);
        for strategy in [Strategy::AStar, Strategy::Bae, Strategy::Bfs] {
            let search = strategy.run(&problem, &limits).unwrap();
            // Found, or stopped by the limit (bfs and bae on the larger stacks).
            assert!(
                strategy != Strategy::AStar || search.found().is_some(),
                "{n} {strategy}"
            );
        }
        let dense = problem.storage(StoragePolicy::Dense);
        let Err(StrategyError::Capacity(refused)) = Strategy::AStar.run(&dense, &limits) else {
            panic!("dense storage of {n}! stacks");
        };
        assert_eq!(refused.reason, CapacityErrorKind::TooManyStates);
    }
}

#[test]
fn parse_errors_name_the_line_and_the_column() {
    let place = |text: &str| {
        let error = Pancakes::parse(text).unwrap_err();
        (error.line, error.column, error.to_string())
    };
    assert_eq!(
        place("0 1 x 2\n"),
        (
            1,
            5,
            "line 1, column 5: expected a pancake size, found \"x\"".to_owned()
        )
    );
    assert_eq!(
        place("# comment\n\n2 0 3\n"),
        (
            3,
            5,
            "line 3, column 5: expected a pancake size below 3, found \"3\"".to_owned()
        )
    );
    assert_eq!(
        place("1 0  1\n"),
        (
            1,
            6,
            "line 1, column 6: expected each size once, not a second 1, found \"1\"".to_owned()
        )
    );
    assert_eq!(place("0 -1\n").1, 3);
    let trailing = place("1 0\n\n  0 1\n");
    assert_eq!((trailing.0, trailing.1), (3, 3));
    assert_eq!(place("# nothing\n\n").0, 2);
    let many: Vec<String> = (0..65).map(|i| i.to_string()).collect();
    let error = Pancakes::parse(&many.join(" ")).unwrap_err();
    assert_eq!((error.line, error.column), (1, 0));
    assert!(matches!(
        error.kind,
        ParseErrorKind::TooLarge {
            limit: 64,
            found: 65,
            ..
        }
    ));
    // A good text, with a byte order mark and a Windows line end.
    let parsed: Pancakes = "\u{feff}2 0 1\r\n".parse().unwrap();
    assert_eq!(parsed.start().as_slice(), [2, 0, 1]);
    assert_eq!(parsed.to_string().parse::<Pancakes>().unwrap(), parsed);
}

#[test]
fn bad_stacks_and_flips_are_typed_errors() {
    assert_eq!(Stack::new(&[]), Err(StackError::Size { pancakes: 0 }));
    assert_eq!(
        Stack::new(&[1, 2, 0, 1]),
        Err(StackError::Repeated {
            position: 3,
            size: 1
        })
    );
    assert_eq!(
        Stack::new(&[4, 0, 1, 2]),
        Err(StackError::OutOfRange {
            position: 0,
            size: 4,
            pancakes: 4
        })
    );
    let mut stack = Stack::sorted(4).unwrap();
    assert_eq!(
        stack.flip(1),
        Err(StackError::Flip {
            flip: 1,
            pancakes: 4
        })
    );
    assert_eq!(
        stack.flip(5),
        Err(StackError::Flip {
            flip: 5,
            pancakes: 4
        })
    );
    assert!(stack.is_sorted());
    let five = Stack::sorted(5).unwrap();
    assert_eq!(
        Pancakes::new(stack).with_goal(five),
        Err(StackError::Mismatch { start: 4, goal: 5 })
    );
    assert!(Flipper::new(&stack, &five, Gap::HELMERT).is_err());
    assert_eq!(
        Pancakes::random(0, 1),
        Err(StackError::Size { pancakes: 0 })
    );
}

#[test]
fn a_sorted_stack_needs_no_flip_and_strategies_elsewhere_are_refused() {
    let problem = Pancakes::new(Stack::sorted(5).unwrap());
    for strategy in [
        Strategy::IdaStar,
        Strategy::AStar,
        Strategy::Mm,
        Strategy::Nbs,
        Strategy::Bae,
    ] {
        let flips = problem
            .solve(&strategy, &Limits::new())
            .unwrap()
            .into_found()
            .unwrap();
        assert_eq!((flips.cost, flips.to_string()), (0, "0".to_owned()));
    }
    #[cfg(feature = "parallel")]
    for strategy in Strategy::PARALLEL {
        assert!(matches!(
            problem.solve(&strategy, &Limits::new()),
            Err(SolveError::NotApplicable { .. })
        ));
    }
}
