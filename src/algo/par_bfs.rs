//! Layer-parallel breadth-first search over dense storage (feature `parallel`):
//! [`ParBfs`].

use core::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::OnceLock;

use rayon::prelude::*;

use crate::error::{CapacityError, CapacityErrorKind};
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{StateIndexer, StateSpace};

/// The parent of a start state.
const NO_PARENT: u32 = u32::MAX;

/// The most frontier states one task expands between two checks of the limits.
const MAX_CHUNK: usize = 4096;

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
/// split across the threads, with one join per layer; N / 8 + 4 N bytes for the marks and
/// parents (allocated up front), plus 4 bytes per state of two consecutive layers.
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

/// Why the threads stopped mid-layer.
#[derive(Default)]
struct Halt {
    raised: AtomicBool,
    reason: OnceLock<StopReason>,
}

impl Halt {
    fn stop(&self, reason: StopReason) {
        let _first = self.reason.set(reason);
        self.raised.store(true, Ordering::Relaxed);
    }

    fn is_raised(&self) -> bool {
        self.raised.load(Ordering::Relaxed)
    }
}

/// What one task found in its part of a layer.
struct Part {
    next: Vec<u32>,
    goal: Option<u32>,
    generated: u64,
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
    #[expect(
        clippy::too_many_lines,
        reason = "one layer loop: the starts, the parallel expansion, the next frontier"
    )]
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
        marks.resize_with(words, || AtomicU64::new(0));
        parents.resize_with(bound, || AtomicU32::new(NO_PARENT));

        let mut stats = Stats {
            memory: fixed,
            ..Stats::default()
        };
        let rebuild = |goal: u32| {
            let mut path = vec![indexer.state(goal as usize)];
            let mut at = goal;
            loop {
                let parent = parents[at as usize].load(Ordering::Relaxed);
                if parent == NO_PARENT {
                    break;
                }
                path.push(indexer.state(parent as usize));
                at = parent;
            }
            path.reverse();
            let steps = path.len() - 1;
            Solution { path, cost: steps }
        };
        let done = |outcome, stats| Ok(Search::new(outcome, stats));

        // The starts: layer 0.
        let mut frontier: Vec<u32> = Vec::new();
        let mut goal: Option<u32> = None;
        for start in starts {
            let index = indexer.index(&start);
            if claim(&marks, index) {
                if frontier.try_reserve(1).is_err() {
                    let error = CapacityError::out_of_memory(frontier.len() + 1, 4);
                    return done(Outcome::Stopped(StopReason::Capacity(error)), stats);
                }
                let index = index as u32;
                frontier.push(index);
                if is_goal(&start) {
                    goal = Some(goal.map_or(index, |g| g.min(index)));
                }
            }
        }
        stats.stored = frontier.len();
        stats.peak_open = frontier.len();
        if let Some(goal) = goal {
            return done(Outcome::Found(rebuild(goal)), stats);
        }

        let expanded = AtomicU64::new(0);
        let mut depth = 0usize;
        while !frontier.is_empty() {
            if self.limits.cost_limit().is_some_and(|max| depth >= max) {
                return done(Outcome::Stopped(StopReason::Cost), stats);
            }
            let in_use = stats.memory + frontier.capacity() * size_of::<u32>();
            let halt = Halt::default();
            let chunk = frontier
                .len()
                .div_ceil(4 * rayon::current_num_threads())
                .clamp(1, MAX_CHUNK);
            let parts: Vec<Part> = frontier
                .par_chunks(chunk)
                .map(|chunk| {
                    let mut part = Part {
                        next: Vec::new(),
                        goal: None,
                        generated: 0,
                    };
                    if halt.is_raised() {
                        return part;
                    }
                    let so_far = expanded.load(Ordering::Relaxed);
                    if let Err(reason) = self.limits.check_now(so_far, || in_use) {
                        halt.stop(reason);
                        return part;
                    }
                    let mut full = false;
                    for &parent in chunk {
                        let state = indexer.state(parent as usize);
                        space.successors(&state, |next, _| {
                            part.generated += 1;
                            let index = indexer.index(&next);
                            if full || !claim(&marks, index) {
                                return;
                            }
                            parents[index].store(parent, Ordering::Relaxed);
                            if part.next.try_reserve(1).is_err() {
                                full = true;
                                return;
                            }
                            let index = index as u32;
                            part.next.push(index);
                            if is_goal(&next) {
                                part.goal = Some(part.goal.map_or(index, |g| g.min(index)));
                            }
                        });
                    }
                    expanded.fetch_add(chunk.len() as u64, Ordering::Relaxed);
                    if full {
                        let error = CapacityError::out_of_memory(part.next.len() + 1, 4);
                        halt.stop(StopReason::Capacity(error));
                    }
                    part
                })
                .collect();
            depth += 1;
            stats.expanded = expanded.load(Ordering::Relaxed);
            stats.generated += parts.iter().map(|p| p.generated).sum::<u64>();
            if let Some(&reason) = halt.reason.get() {
                return done(Outcome::Stopped(reason), stats);
            }
            if let Some(goal) = parts.iter().filter_map(|p| p.goal).min() {
                stats.stored += parts.iter().map(|p| p.next.len()).sum::<usize>();
                return done(Outcome::Found(rebuild(goal)), stats);
            }
            let total: usize = parts.iter().map(|p| p.next.len()).sum();
            frontier.clear();
            let bytes = stats.memory + total * size_of::<u32>();
            if self
                .limits
                .memory_limit()
                .is_some_and(|budget| bytes > budget)
            {
                let error = CapacityError::memory_limit(total, bytes);
                return done(Outcome::Stopped(StopReason::Capacity(error)), stats);
            }
            if frontier.try_reserve_exact(total).is_err() {
                let error = CapacityError::out_of_memory(total, size_of::<u32>());
                return done(Outcome::Stopped(StopReason::Capacity(error)), stats);
            }
            for part in parts {
                frontier.extend_from_slice(&part.next);
            }
            stats.stored += total;
            stats.peak_open = stats.peak_open.max(total);
        }
        stats.expanded = expanded.load(Ordering::Relaxed);
        done(Outcome::NoPath, stats)
    }
}

/// Marks `index` reached; whether this call was the one that marked it.
fn claim(marks: &[AtomicU64], index: usize) -> bool {
    let bit = 1u64 << (index % 64);
    marks[index / 64].fetch_or(bit, Ordering::Relaxed) & bit == 0
}
