//! Layer-parallel breadth-first search (feature `parallel`): [`ParBfs`], over dense
//! storage ([`ParBfs::search`]) or sharded hash tables ([`ParBfs::search_hashed`]).

mod hashed;
mod layer;

use core::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use rayon::prelude::*;

use crate::error::{CapacityError, CapacityErrorKind};
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{StateIndexer, StateSpace};
#[cfg(debug_assertions)]
use crate::store::dense::check_round_trip;
use crate::store::dense::index_out_of_bound;

/// The parent of a start state.
const NO_PARENT: u32 = u32::MAX;

/// The fewest marks or parents one task of their initialization writes.
const INIT_GRAIN: usize = 1 << 16;

/// Breadth-first search, one layer at a time, each layer's states expanded on the threads
/// of the current rayon pool (choose them with [`rayon::ThreadPool::install`]).
///
/// The states are numbered by a [`StateIndexer`]: one bit per index marks the states
/// reached (set with an atomic `fetch_or`, so each state is claimed by exactly one thread)
/// and one `u32` per index records the parent written by the thread that claimed it. The
/// search stops after the first layer holding a goal, and returns the goal of least index
/// in that layer, so the cost and the goal do not depend on the number of threads (the
/// path may: any parent one layer up is valid). Costs are steps; [`Strategy::ParBfs`]
/// multiplies them by the space's uniform cost.
///
/// A layer of at most 256 states is expanded by the thread running the search, with no
/// fork or join; a larger one is split into tasks of at least 64 states, four per thread.
/// While the search runs, the other threads of the pool poll for its tasks instead of
/// going to sleep between layers (waking a sleeping thread takes about as long as a thin
/// layer takes to expand); a thread that has found no task for 2 ms goes back to the pool.
/// While polling, such a thread may also run other jobs waiting in the pool, and the search
/// returns only once they have: on a pool shared with other work, do not let a job that
/// waits for a lock held by the search's caller share it.
///
/// Limits: the expansion limit, the deadline, the cancel flag and the memory limit are
/// checked before each task of at most 4,096 states, so a search may expand a few tasks'
/// worth of states past the expansion limit. A cost limit is a limit on the depth. A stop
/// mid-layer reports no solution, even if a goal was already seen in that layer.
///
/// [`Strategy::ParBfs`]: crate::Strategy::ParBfs
///
/// # Complexity
///
/// For V reachable states and E steps among them, in a space of bound N: O(V + E) work
/// split across the threads, with one join per layer of more than 256 states; N / 8 + 4 N
/// bytes for the marks and parents (allocated up front), plus 4 bytes per state of two
/// consecutive layers (the buffers of the tasks are kept from layer to layer).
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "parallel")] {
/// use state_search::{Limits, ParBfs, StateIndexer};
///
/// /// The numbers 0..100.
/// #[derive(Clone)]
/// struct Upto100;
/// impl StateIndexer<u32> for Upto100 {
///     fn bound(&self) -> usize { 100 }
///     fn index(&self, n: &u32) -> usize { *n as usize }
///     fn state(&self, i: usize) -> u32 { i as u32 }
/// }
/// // Add one or double, staying below 100.
/// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 2].into_iter().filter(|&m| m < 100));
/// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
/// let search = pool.install(|| ParBfs::new().search(&space, &Upto100, [1], |&n| n == 12))?;
/// let found = search.found().unwrap();
/// assert_eq!(found.cost, 4); // 1 2 3 6 12
/// assert_eq!(found.path, [1, 2, 3, 6, 12]);
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ParBfs {
    limits: Limits<usize>,
}

impl ParBfs {
    /// A search without limits.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The same search within `limits`, the cost limit counted in steps.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits<usize>) -> Self {
        self.limits = limits;
        self
    }

    /// The limits of the search.
    #[must_use]
    pub fn limits(&self) -> &Limits<usize> {
        &self.limits
    }

    /// Searches `space` from `starts` for a state satisfying `is_goal`, on the threads of
    /// the current rayon pool. The cost of a solution is its number of steps.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the marks and parents for `indexer.bound()` states cannot
    /// be allocated, would exceed the memory limit, or when the bound does not fit below
    /// `u32::MAX`. A frontier that cannot grow later stops the search with
    /// [`StopReason::Capacity`].
    ///
    /// # Panics
    ///
    /// When `indexer` breaks its contract, as a dense store does (see
    /// [`StateIndexer`]): an index at or above the bound panics naming both numbers, and
    /// debug builds check that each state reached maps back to itself.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "every index is below the bound, checked to fit below u32::MAX"
    )]
    pub fn search<Sp, I, G>(
        &self,
        space: &Sp,
        indexer: &I,
        starts: impl IntoIterator<Item = Sp::State>,
        is_goal: G,
    ) -> Result<Search<Solution<Sp::State, usize>>, CapacityError>
    where
        Sp: StateSpace + Sync + ?Sized,
        I: StateIndexer<Sp::State> + Sync,
        G: Fn(&Sp::State) -> bool + Sync,
    {
        let bound = indexer.bound();
        if u32::try_from(bound).map_or(true, |b| b == NO_PARENT) {
            return Err(CapacityError::too_many_states(bound));
        }
        let words = bound.div_ceil(64);
        let fixed = words * size_of::<AtomicU64>() + bound * size_of::<AtomicU32>();
        if let Some(budget) = self.limits.memory_limit()
            && fixed > budget
        {
            return Err(CapacityError::memory_limit(bound, fixed));
        }
        let mut marks: Vec<AtomicU64> = Vec::new();
        let mut parents: Vec<AtomicU32> = Vec::new();
        if marks.try_reserve_exact(words).is_err() || parents.try_reserve_exact(bound).is_err() {
            return Err(CapacityError {
                entries: bound,
                bytes: Some(fixed),
                reason: CapacityErrorKind::OutOfMemory,
            });
        }
        // Written on the pool's threads, into the capacity reserved above: filled on one
        // thread, the 64 MB of a 4000x4000 maze took 45-65 ms (page faults included), a
        // sequential part of 6-8% of the search; 30-50 ms this way.
        marks.par_extend(
            (0..words)
                .into_par_iter()
                .with_min_len(INIT_GRAIN)
                .map(|_| AtomicU64::new(0)),
        );
        parents.par_extend(
            (0..bound)
                .into_par_iter()
                .with_min_len(INIT_GRAIN)
                .map(|_| AtomicU32::new(NO_PARENT)),
        );

        let mut stats = Stats {
            memory: fixed,
            iterations: 1,
            ..Stats::default()
        };
        // The starts: layer 0.
        let mut frontier: Vec<u32> = Vec::new();
        let mut goal: Option<u64> = None;
        for start in starts {
            if let Some(index) = claim_state(&marks, indexer, bound, &start) {
                if frontier.try_reserve(1).is_err() {
                    let error = CapacityError::out_of_memory(frontier.len() + 1, 4);
                    return Ok(Search::new(
                        Outcome::Stopped(StopReason::Capacity(error)),
                        stats,
                    ));
                }
                frontier.push(index as u32);
                if is_goal(&start) {
                    goal = Some(goal.map_or(index as u64, |g| g.min(index as u64)));
                }
            }
        }
        let ended = layer::run(
            &self.limits,
            frontier,
            goal,
            0,
            &mut stats,
            |&parent, part| {
                let state = indexer.state(parent as usize);
                space.successors(&state, |next, _| {
                    part.generated();
                    if part.is_full() {
                        return;
                    }
                    let Some(index) = claim_state(&marks, indexer, bound, &next) else {
                        return;
                    };
                    parents[index].store(parent, Ordering::Relaxed);
                    part.push(index as u32, is_goal(&next).then_some(index as u64));
                });
            },
        );
        let outcome = ended.outcome(|at| {
            let parent = parents[at as usize].load(Ordering::Relaxed);
            let parent = (parent != NO_PARENT).then_some(u64::from(parent));
            (indexer.state(at as usize), parent)
        });
        Ok(Search::new(outcome, stats))
    }
}

/// Marks `state` reached; its index when this call was the one that marked it.
///
/// The indexer's contract is checked as [`DenseStore`](crate::store::DenseStore) checks
/// it: in debug builds, every index below the bound maps back to its state; in every
/// build, an index at or above the bound panics naming the contract. That test is made
/// only for a state newly marked: an index beyond the marks counts as new, and one within
/// the last word of marks but beyond the bound is marked once, by the call that panics.
#[inline]
fn claim_state<S: PartialEq, I: StateIndexer<S>>(
    marks: &[AtomicU64],
    indexer: &I,
    bound: usize,
    state: &S,
) -> Option<usize> {
    let index = indexer.index(state);
    #[cfg(debug_assertions)]
    if index < bound {
        check_round_trip(indexer, state, index);
    }
    if !claim(marks, index) {
        return None;
    }
    if index >= bound {
        index_out_of_bound(index, bound);
    }
    Some(index)
}

/// Marks `index` reached; whether this call was the one that marked it (true beyond the
/// marks, for [`claim_state`] to report).
#[inline]
fn claim(marks: &[AtomicU64], index: usize) -> bool {
    let bit = 1u64 << (index % 64);
    marks
        .get(index / 64)
        .is_none_or(|word| word.fetch_or(bit, Ordering::Relaxed) & bit == 0)
}
