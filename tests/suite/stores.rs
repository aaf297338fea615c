//! Stores and tables against a `HashMap` model, under random sequences of operations,
//! including the wrap-around of `StampedTable` generations.

use crate::common::graph::is;
use state_search::Solver;
use std::collections::HashMap;

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use state_search::StateIndexer;
use state_search::store::{
    DenseStore, DenseTable, HashedStore, HashedTable, NodeStore, StampedTable, TranspositionTable,
};

/// States `0..70` (a bitset of one full word and a partial one), numbered by themselves.
#[derive(Clone, Copy, Debug)]
struct Upto70;

impl StateIndexer<u16> for Upto70 {
    fn bound(&self) -> usize {
        70
    }
    fn index(&self, state: &u16) -> usize {
        usize::from(*state)
    }
    fn state(&self, index: usize) -> u16 {
        u16::try_from(index).unwrap()
    }
}

#[derive(Clone, Debug)]
enum StoreOp {
    Insert(u16, u32),
    Find(u16),
    Update(u16, u32),
    Clear,
}

fn store_op() -> impl Strategy<Value = StoreOp> {
    prop_oneof![
        6 => (0u16..70, any::<u32>()).prop_map(|(s, v)| StoreOp::Insert(s, v)),
        3 => (0u16..70).prop_map(StoreOp::Find),
        3 => (0u16..70, any::<u32>()).prop_map(|(s, v)| StoreOp::Update(s, v)),
        1 => Just(StoreOp::Clear),
    ]
}

/// Runs `ops` on `store` and on a `HashMap` model, checking every answer.
fn store_matches_model(
    store: &mut impl NodeStore<u16, u32>,
    ops: &[StoreOp],
) -> Result<(), TestCaseError> {
    store_matches_model_with(store, ops, |n| n)
}

/// [`store_matches_model`] with the states `key(n)` for the numbers `n` of `ops`.
fn store_matches_model_with<S: Clone + Eq + Ord + std::hash::Hash + std::fmt::Debug>(
    store: &mut impl NodeStore<S, u32>,
    ops: &[StoreOp],
    key: impl Fn(u16) -> S,
) -> Result<(), TestCaseError> {
    let mut model: HashMap<S, u32> = HashMap::new();
    for op in ops {
        match *op {
            StoreOp::Insert(state, value) => {
                let state = key(state);
                let (slot, fresh) = store.insert(&state, value).unwrap();
                prop_assert_eq!(fresh, !model.contains_key(&state));
                model.entry(state.clone()).or_insert(value);
                prop_assert_eq!(store.state(slot), state.clone());
                prop_assert_eq!(*store.value(slot), model[&state]);
            }
            StoreOp::Find(state) => {
                let state = key(state);
                let slot = store.find(&state);
                prop_assert_eq!(slot.is_some(), model.contains_key(&state));
                if let Some(slot) = slot {
                    prop_assert_eq!(*store.value(slot), model[&state]);
                }
            }
            StoreOp::Update(state, value) => {
                let state = key(state);
                if let Some(slot) = store.find(&state) {
                    *store.value_mut(slot) = value;
                    model.insert(state, value);
                }
            }
            StoreOp::Clear => {
                store.clear();
                model.clear();
            }
        }
        prop_assert_eq!(store.len(), model.len());
        let mut listed: Vec<S> = store.slots().map(|slot| store.state(slot)).collect();
        listed.sort_unstable();
        let mut expected: Vec<S> = model.keys().cloned().collect();
        expected.sort_unstable();
        prop_assert_eq!(listed, expected);
    }
    Ok(())
}

#[derive(Clone, Debug)]
enum TableOp {
    Insert(u16, u32),
    InsertIfLess(u16, u32),
    Get(u16),
    Reset,
}

fn table_op() -> impl Strategy<Value = TableOp> {
    prop_oneof![
        4 => (0u16..70, 0u32..20).prop_map(|(s, v)| TableOp::Insert(s, v)),
        4 => (0u16..70, 0u32..20).prop_map(|(s, v)| TableOp::InsertIfLess(s, v)),
        4 => (0u16..70).prop_map(TableOp::Get),
        3 => Just(TableOp::Reset),
    ]
}

/// Runs `ops` on `table` and on a model that forgets everything at each reset.
fn table_matches_model(
    table: &mut impl TranspositionTable<u16, u32>,
    ops: &[TableOp],
) -> Result<(), TestCaseError> {
    let mut model: HashMap<u16, u32> = HashMap::new();
    for op in ops {
        match *op {
            TableOp::Insert(state, value) => {
                table.insert(&state, value).unwrap();
                model.insert(state, value);
            }
            TableOp::InsertIfLess(state, value) => {
                let should = model.get(&state).is_none_or(|&old| value < old);
                prop_assert_eq!(table.insert_if_less(&state, value).unwrap(), should);
                if should {
                    model.insert(state, value);
                }
            }
            TableOp::Get(state) => prop_assert_eq!(table.get(&state), model.get(&state).copied()),
            TableOp::Reset => {
                table.reset();
                model.clear();
            }
        }
    }
    for state in 0..70 {
        prop_assert_eq!(table.get(&state), model.get(&state).copied());
    }
    Ok(())
}

/// 256 cases per property; failures are saved in `proptest-regressions/` and replayed
/// first on later runs.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/stores.txt",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn dense_store_behaves_like_a_map(ops in prop::collection::vec(store_op(), 0..200)) {
        let mut store: DenseStore<Upto70, u32> = DenseStore::try_new(Upto70).unwrap();
        store_matches_model(&mut store, &ops)?;
    }

    #[test]
    fn hashed_store_behaves_like_a_map(ops in prop::collection::vec(store_op(), 0..200)) {
        // Also states that own memory (strings) and larger states (24-byte arrays).
        let mut store: HashedStore<u16, u32> = HashedStore::new();
        store_matches_model(&mut store, &ops)?;
        let mut strings: HashedStore<String, u32> = HashedStore::new();
        store_matches_model_with(&mut strings, &ops, |n| format!("state {n}"))?;
        let mut arrays: HashedStore<[u64; 3], u32> = HashedStore::new();
        store_matches_model_with(&mut arrays, &ops, |n| [u64::from(n) << 40, 7, u64::from(n)])?;
    }

    #[test]
    fn dense_table_behaves_like_a_map_that_forgets_at_reset(
        ops in prop::collection::vec(table_op(), 0..300)
    ) {
        let mut table: DenseTable<Upto70, u32> = DenseTable::try_new(Upto70).unwrap();
        table_matches_model(&mut table, &ops)?;
    }

    #[test]
    fn hashed_table_behaves_like_a_map_that_forgets_at_reset(
        ops in prop::collection::vec(table_op(), 0..300)
    ) {
        let mut table: HashedTable<u16, u32> = HashedTable::new();
        table_matches_model(&mut table, &ops)?;
    }

    /// With one-byte stamps the generation wraps every 255 resets; entries written before
    /// a wrap must never come back.
    #[test]
    fn stamped_table_survives_generation_wrap_around(
        ops in prop::collection::vec(
            prop_oneof![
                (0usize..16, any::<u16>()).prop_map(|(i, v)| (Some((i, v)), 0usize)),
                (1usize..300).prop_map(|resets| (None, resets)),
            ],
            0..60,
        )
    ) {
        let mut table: StampedTable<u16, u8> = StampedTable::new(16);
        let mut model: HashMap<usize, u16> = HashMap::new();
        for (write, resets) in ops {
            if let Some((index, value)) = write {
                table.insert(index, value);
                model.insert(index, value);
            }
            for _ in 0..resets {
                table.reset();
                model.clear();
            }
            for index in 0..16 {
                prop_assert_eq!(table.get(index).copied(), model.get(&index).copied());
            }
        }
    }
}

#[test]
fn a_dense_store_too_large_to_number_is_a_capacity_error() {
    #[derive(Clone, Copy, Debug)]
    struct Huge;
    impl StateIndexer<u64> for Huge {
        fn bound(&self) -> usize {
            usize::MAX
        }
        fn index(&self, state: &u64) -> usize {
            usize::try_from(*state).unwrap()
        }
        fn state(&self, index: usize) -> u64 {
            index as u64
        }
    }
    let error = DenseStore::<Huge, u32>::try_new(Huge).unwrap_err();
    assert_eq!(
        error.reason,
        state_search::error::CapacityErrorKind::TooManyStates
    );
    assert!(error.to_string().contains("cannot number"), "{error}");
}

/// An indexer that breaks its contract: every index is the bound itself.
#[derive(Clone, Copy)]
struct OutOfBound;

impl state_search::StateIndexer<u16> for OutOfBound {
    fn bound(&self) -> usize {
        10
    }
    fn index(&self, _: &u16) -> usize {
        10
    }
    fn state(&self, _: usize) -> u16 {
        0
    }
}

#[test]
#[should_panic(expected = "StateIndexer contract broken: index() returned 10, but bound() is 10")]
fn an_index_at_the_bound_panics_naming_the_contract() {
    let mut store = DenseStore::try_new(OutOfBound).unwrap();
    let _ = NodeStore::<u16, u32>::insert(&mut store, &3, 1);
}

#[test]
#[should_panic(expected = "StateIndexer contract broken: index() returned 10, but bound() is 10")]
fn a_dense_table_checks_the_bound_too() {
    let mut table = DenseTable::<_, u32>::try_new(OutOfBound).unwrap();
    let _ = TranspositionTable::<u16, u32>::insert(&mut table, &3, 1);
}

/// An indexer that gives two states one index.
#[derive(Clone, Copy)]
struct Halves;

impl state_search::StateIndexer<u16> for Halves {
    fn bound(&self) -> usize {
        50
    }
    fn index(&self, &n: &u16) -> usize {
        usize::from(n / 2)
    }
    fn state(&self, index: usize) -> u16 {
        u16::try_from(index * 2).unwrap()
    }
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "StateIndexer contract broken: a state has index 2")]
fn an_indexer_that_merges_two_states_is_caught_in_debug_builds() {
    let mut store = DenseStore::try_new(Halves).unwrap();
    let _ = NodeStore::<u16, u32>::insert(&mut store, &4, 1);
    let _ = NodeStore::<u16, u32>::insert(&mut store, &5, 1);
}

/// Storage whose node store refuses every new state once it holds `limit`, as a store that
/// runs out of memory does: the engines must stop with that error, not go on or panic.
struct Refusing {
    limit: usize,
}

/// A hashed store that refuses a new state once it holds `limit`.
struct RefusingStore<S, V> {
    inner: state_search::store::HashedStore<S, V>,
    limit: usize,
}

fn refusal(entries: usize) -> state_search::error::CapacityError {
    state_search::error::CapacityError {
        entries,
        bytes: None,
        reason: state_search::error::CapacityErrorKind::OutOfMemory,
    }
}

impl<S: Clone + Eq + core::hash::Hash, V: Copy + Default> NodeStore<S, V> for RefusingStore<S, V> {
    fn insert(
        &mut self,
        state: &S,
        value: V,
    ) -> Result<(u32, bool), state_search::error::CapacityError> {
        if self.inner.find(state).is_none() && self.inner.len() >= self.limit {
            return Err(refusal(self.limit + 1));
        }
        self.inner.insert(state, value)
    }
    fn find(&self, state: &S) -> Option<u32> {
        self.inner.find(state)
    }
    fn value(&self, slot: u32) -> &V {
        self.inner.value(slot)
    }
    fn value_mut(&mut self, slot: u32) -> &mut V {
        self.inner.value_mut(slot)
    }
    fn state(&self, slot: u32) -> S {
        self.inner.state(slot)
    }
    fn len(&self) -> usize {
        self.inner.len()
    }
    fn clear(&mut self) {
        self.inner.clear();
    }
    fn slots(&self) -> impl Iterator<Item = u32> + '_ {
        self.inner.slots()
    }
    fn memory_bytes(&self) -> usize {
        self.inner.memory_bytes()
    }
}

impl<S: Clone + Eq + core::hash::Hash> state_search::store::Storage<S> for Refusing {
    type Store<V: Copy + Default> = RefusingStore<S, V>;
    type Table<V: Copy + Default> = state_search::store::HashedTable<S, V>;

    fn try_store<V: Copy + Default>(
        &self,
    ) -> Result<RefusingStore<S, V>, state_search::error::CapacityError> {
        Ok(RefusingStore {
            inner: state_search::store::HashedStore::new(),
            limit: self.limit,
        })
    }

    fn try_table<V: Copy + Default>(
        &self,
    ) -> Result<state_search::store::HashedTable<S, V>, state_search::error::CapacityError> {
        Ok(state_search::store::HashedTable::new())
    }
}

#[test]
fn a_store_that_cannot_grow_stops_the_search_with_its_error() {
    use state_search::{Bfs, Dijkstra, Outcome, Problem, StopReason};
    // The line 0 - 1 - 2 - ...: the goal is beyond the tenth state stored. A limit of 0
    // refuses the start itself.
    let line = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n.saturating_sub(1), 1)]);
    for limit in [0, 1, 2, 10] {
        let bfs = Bfs::with_storage(Refusing { limit }).search(&Problem::new(&line, [0], is(99)));
        assert_eq!(
            bfs.outcome,
            Outcome::Stopped(StopReason::Capacity(refusal(limit + 1))),
            "bfs, limit {limit}"
        );
        assert_eq!(bfs.stats.stored, limit);
        let dijkstra =
            Dijkstra::with_storage(Refusing { limit }).search(&Problem::new(&line, [0], is(99)));
        assert_eq!(
            dijkstra.outcome,
            Outcome::Stopped(StopReason::Capacity(refusal(limit + 1))),
            "dijkstra, limit {limit}"
        );
    }
}

/// The integers below 2^24, numbered by themselves: a dense store of hundreds of MB.
#[derive(Clone, Copy)]
struct Huge;

impl StateIndexer<u32> for Huge {
    fn bound(&self) -> usize {
        1 << 24
    }
    fn index(&self, &n: &u32) -> usize {
        n as usize
    }
    fn state(&self, index: usize) -> u32 {
        u32::try_from(index).unwrap()
    }
}

/// A small search on a numbering of 2^24 states: automatic storage costs what hashed
/// storage costs, and a dense store or table costs (and reports in `Stats::memory`) its
/// bitset, its chunk directory and the chunks of 512 records its states fall in, not its
/// whole numbering.
#[test]
fn a_small_search_on_a_huge_numbering_costs_what_it_touches() {
    use state_search::{Limits, Problem, StoragePolicy, Strategy as SearchStrategy};

    // Add one or double, below 2^24: 5 -> 40 takes a few expansions.
    let space = state_search::from_fn(|&n: &u32| {
        [(n + 1, 1u32), (n * 2, 1)]
            .into_iter()
            .filter(|&(m, _)| m < 1 << 24)
    });
    let strategies = [
        SearchStrategy::Dijkstra(state_search::strategy::Queue::Heap),
        SearchStrategy::AStar,
        SearchStrategy::IdaStarTable,
    ];
    for strategy in strategies {
        let run = |policy| {
            let problem = Problem::new(&space, [5], is(40))
                .indexer(Huge)
                .storage(policy);
            let search = strategy.run(&problem, &Limits::new()).unwrap();
            assert_eq!(search.found().unwrap().cost, 3, "{strategy}"); // 5 10 20 40
            search.stats.memory
        };
        let auto = run(StoragePolicy::Auto);
        assert_eq!(auto, run(StoragePolicy::Hashed), "{strategy}");
        assert!(auto < 1 << 16, "{strategy}: {auto}");
        // Flat, 2^24 records of 4 bytes or more would be 64 MiB. A store: a bitset of 2 MiB
        // and a directory of 256 KiB; a table: two directories; and a chunk or two.
        let fixed = if strategy == SearchStrategy::IdaStarTable {
            2 << 18
        } else {
            (1 << 21) + (1 << 18)
        };
        let dense = run(StoragePolicy::Dense);
        assert!(
            (fixed..fixed + (1 << 16)).contains(&dense),
            "{strategy}: {dense}"
        );
    }
}

/// Numbers `n < 2^24` as `n` times an odd constant, modulo 2^24: every state has its own
/// number, and consecutive states lie far apart.
#[derive(Clone, Copy, Debug)]
struct Scattered;

impl StateIndexer<u32> for Scattered {
    fn bound(&self) -> usize {
        1 << 24
    }
    fn index(&self, &n: &u32) -> usize {
        if n >= 1 << 24 {
            return usize::MAX;
        }
        (n.wrapping_mul(0x9E37_79B1) & 0xFF_FFFF) as usize
    }
    fn state(&self, index: usize) -> u32 {
        // 0x0E8B_2F51 is the inverse of 0x9E37_79B1 modulo 2^32.
        (u32::try_from(index).unwrap().wrapping_mul(0x0E8B_2F51)) & 0xFF_FFFF
    }
}

/// Dijkstra along the chain `0 -> 1 -> ...` to 300,000 with `policy` over `indexer` (2^24
/// numbers, a dense store of 256 MiB or more if it were flat): how many times the search
/// started again, and its `Stats::memory`.
fn chain_with_storage<I: StateIndexer<u32> + Clone>(
    indexer: I,
    policy: state_search::StoragePolicy,
) -> (u32, usize) {
    let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32)]);
    let problem = state_search::Problem::new(&space, [0], is(300_000))
        .indexer(indexer)
        .storage(policy);
    let mut restarts = 0;
    let mut count = crate::common::graph::watcher(|event: state_search::Event<'_, u32, u32>| {
        if let state_search::Event::Restarted { .. } = event {
            restarts += 1;
        }
        core::ops::ControlFlow::Continue(())
    });
    let search = state_search::Strategy::Dijkstra(state_search::strategy::Queue::default())
        .run_with(&problem, &state_search::Limits::new(), &mut count)
        .unwrap();
    drop(count);
    assert_eq!(search.found().map(|found| found.cost), Some(300_000));
    (restarts, search.stats.memory)
}

/// Automatic storage starts hashed and looks, at 4 MiB, where the states would lie in the
/// dense store: numbered in order, they fill its pages and the search starts again dense;
/// numbered far apart (about two to a page of the dense store, fewer than the four it
/// asks), the search starts again hashed and stays hashed. The storage it ends with shows
/// in its memory, which is that of the same search run with that storage.
#[test]
fn automatic_storage_goes_dense_for_states_close_together_only() {
    use state_search::StoragePolicy::{Auto, Dense, Hashed};

    let ordered = crate::common::graph::Nodes(1 << 24);
    let (restarts, memory) = chain_with_storage(ordered, Auto);
    assert_eq!(restarts, 1);
    let (_, dense) = chain_with_storage(ordered, Dense);
    let (_, hashed) = chain_with_storage(ordered, Hashed);
    assert_ne!(dense, hashed);
    assert_eq!(memory, dense);
    // Dense, the scattered states would fill most chunks of the store (200 MB or more).
    let (restarts, memory) = chain_with_storage(Scattered, Auto);
    assert_eq!(restarts, 1);
    assert_eq!(memory, chain_with_storage(Scattered, Hashed).1);
}
