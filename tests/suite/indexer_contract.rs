//! The `StateIndexer` contract outside the dense node store: the dense transposition table
//! of `IdaStar::with_table(Dense(..))` and `ParBfs` panic with the dense store's message
//! when an indexer breaks it (the round trip `state(index(s)) == s` is checked in debug
//! builds only, so those tests are `#[cfg(debug_assertions)]`), and `ParBfs` reports one
//! iteration.

use crate::common::graph::is;
use state_search::store::{DenseTable, TranspositionTable};
use state_search::{Dense, IdaStar, Problem, Solver, StateIndexer, unit_from_fn};

/// The line `0..=14`, a step of one either way.
fn line() -> impl state_search::StateSpace<State = u32, Cost = usize> + Sync {
    unit_from_fn(|&n: &u32| {
        n.checked_sub(1)
            .into_iter()
            .chain((n < 14).then_some(n + 1))
    })
}

/// Breaks the contract (only debug builds notice): `index(n) = n % 7`, so 0 and 7 (and 7
/// and 14) share an index.
#[cfg(debug_assertions)]
#[derive(Clone, Copy)]
struct Mod7;

#[cfg(debug_assertions)]
impl StateIndexer<u32> for Mod7 {
    fn bound(&self) -> usize {
        7
    }
    fn index(&self, &n: &u32) -> usize {
        (n % 7) as usize
    }
    fn state(&self, index: usize) -> u32 {
        u32::try_from(index).unwrap()
    }
}

/// `index(n) = n` below the bound it holds: keeps the contract on a space whose states
/// are all below it, breaks it on one that goes beyond.
#[derive(Clone, Copy)]
struct Identity(usize);

impl StateIndexer<u32> for Identity {
    fn bound(&self) -> usize {
        self.0
    }
    fn index(&self, &n: &u32) -> usize {
        n as usize
    }
    fn state(&self, index: usize) -> u32 {
        u32::try_from(index).unwrap()
    }
}

/// Keeps the contract on `0..=14`, the line.
const UPTO_15: Identity = Identity(15);

#[test]
fn idastar_with_a_dense_table_and_a_sound_indexer_finds_the_path() {
    let search = IdaStar::with_table(Dense(UPTO_15)).search(&Problem::new(&line(), [0], is(14)));
    assert_eq!(search.found().unwrap().cost, 14);
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(
    expected = "StateIndexer contract broken: a state has index 0, but state(0) is \
                           another state"
)]
fn idastar_with_a_dense_table_catches_an_indexer_that_merges_states() {
    // Without the check, state 7 looks like state 0 reached again at a greater cost, is
    // pruned, and the search answers "no path" instead of cost 14.
    let _ = IdaStar::with_table(Dense(Mod7)).search(&Problem::new(&line(), [0], is(14)));
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "StateIndexer contract broken: a state has index 2")]
fn a_dense_table_checks_the_round_trip_of_what_it_stores() {
    let mut table = DenseTable::<_, u32>::try_new(Mod7).unwrap();
    let _ = TranspositionTable::<u32, u32>::insert_if_less(&mut table, &2, 1);
    let _ = TranspositionTable::<u32, u32>::insert_if_less(&mut table, &9, 1);
}

#[cfg(feature = "parallel")]
mod par_bfs {
    #[cfg(debug_assertions)]
    use super::Mod7;
    use super::{Identity, UPTO_15, is, line};
    use state_search::{ParBfs, StateIndexer, unit_from_fn};

    /// Breaks the contract: `state` is not the inverse of `index` (`state(i) = i + 1`).
    #[cfg(debug_assertions)]
    #[derive(Clone, Copy)]
    struct OffByOne;

    #[cfg(debug_assertions)]
    impl StateIndexer<u32> for OffByOne {
        fn bound(&self) -> usize {
            30
        }
        fn index(&self, &n: &u32) -> usize {
            n as usize
        }
        fn state(&self, index: usize) -> u32 {
            u32::try_from(index).unwrap() + 1
        }
    }

    /// Breaks the contract far beyond the bound (beyond the last word of marks).
    #[derive(Clone, Copy)]
    struct Far;

    impl StateIndexer<u32> for Far {
        fn bound(&self) -> usize {
            10
        }
        fn index(&self, &n: &u32) -> usize {
            if n < 5 { n as usize } else { 1000 }
        }
        fn state(&self, index: usize) -> u32 {
            u32::try_from(index).unwrap()
        }
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(
        expected = "StateIndexer contract broken: a state has index 0, but state(0) \
                               is another state"
    )]
    fn par_bfs_catches_an_indexer_that_merges_states() {
        // Without the check: "no path" where the cost is 14.
        let _ = ParBfs::new().search(&line(), &Mod7, [0], is(14));
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(
        expected = "StateIndexer contract broken: a state has index 0, but state(0) \
                               is another state"
    )]
    fn par_bfs_catches_a_state_that_is_not_the_inverse_of_index() {
        // Without the check: a path through states that do not exist.
        let space = unit_from_fn(|&n: &u32| [n + 4].into_iter().filter(|&m| m < 30));
        let _ = ParBfs::new().search(&space, &OffByOne, [0], is(20));
    }

    #[test]
    #[should_panic(
        expected = "StateIndexer contract broken: index() returned 10, but bound() \
                               is 10 (every index must be below the bound)"
    )]
    fn par_bfs_names_the_contract_for_an_index_at_the_bound() {
        // A bound of 10 on a line that goes to 14.
        let _ = ParBfs::new().search(&line(), &Identity(10), [0], is(14));
    }

    #[test]
    #[should_panic(expected = "StateIndexer contract broken: index() returned 1000, but \
                               bound() is 10")]
    fn par_bfs_names_the_contract_for_an_index_beyond_its_marks() {
        let _ = ParBfs::new().search(&line(), &Far, [0], is(14));
    }

    #[test]
    #[should_panic(expected = "StateIndexer contract broken: index() returned 1000, but \
                               bound() is 10")]
    fn par_bfs_names_the_contract_for_a_start_beyond_the_bound() {
        let _ = ParBfs::new().search(&line(), &Far, [7], is(14));
    }

    #[test]
    #[should_panic(expected = "StateIndexer contract broken: index() returned 900, but \
                               bound() is 600")]
    fn par_bfs_names_the_contract_from_a_parallel_layer() {
        // A star: 0 leads to 1..600, each of which leads back to 0, and 300 also to 900,
        // beyond the bound of 600. The layer of 599 states is expanded in parallel tasks.
        let space = unit_from_fn(|&n: &u32| {
            let leaves = if n == 0 { 1..600 } else { 0..0 };
            leaves
                .chain((n > 0).then_some(0))
                .chain((n == 300).then_some(900))
        });
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let _ = pool.install(|| ParBfs::new().search(&space, &Identity(600), [0], |_| false));
    }

    #[test]
    fn par_bfs_counts_one_iteration() {
        let space = line();
        let engine = ParBfs::new();
        let found = engine.search(&space, &UPTO_15, [0], is(14)).unwrap();
        assert_eq!(found.found().unwrap().cost, 14);
        assert_eq!(found.stats.iterations, 1);
        let none = engine.search(&space, &UPTO_15, [0], |_| false).unwrap();
        assert!(none.found().is_none());
        assert_eq!(none.stats.iterations, 1);
        let at_start = engine.search(&space, &UPTO_15, [3], is(3)).unwrap();
        assert_eq!(at_start.found().unwrap().cost, 0);
        assert_eq!(at_start.stats.iterations, 1);

        let hashed = engine.search_hashed(&space, [0], is(14)).unwrap();
        assert_eq!(hashed.found().unwrap().cost, 14);
        assert_eq!(hashed.stats.iterations, 1);
        let none = engine.search_hashed(&space, [0], |_| false).unwrap();
        assert!(none.found().is_none());
        assert_eq!(none.stats.iterations, 1);
    }
}
