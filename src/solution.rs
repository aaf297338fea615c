//! What a search returns: the outcome (a solution, no path, or a stop), its statistics, and
//! the limits that can stop it.

use core::fmt;
use core::hash::Hash;
use core::time::Duration;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rustc_hash::FxHashMap;

use crate::error::CapacityError;
use crate::store::{NO_SLOT, NodeStore, Slot};

/// A path of states from a start state to a goal state, and its cost.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution<S, C> {
    /// The states from the start (first) to the goal (last); one state when a start is a
    /// goal.
    pub path: Vec<S>,
    /// The sum of the step costs along `path`. The BFS engines ([`bfs`](crate::bfs),
    /// [`Bfs`](crate::Bfs)) ignore step costs: theirs is the number of steps; through
    /// [`Strategy::run`](crate::Strategy::run), `bfs` and `bibfs` give the steps times the
    /// space's uniform cost.
    pub cost: C,
}

impl<S, C> Solution<S, C> {
    /// The number of steps: one less than the number of states.
    #[must_use]
    pub fn steps(&self) -> usize {
        self.path.len().saturating_sub(1)
    }
}

/// A sequence of actions of an [`InPlaceSpace`](crate::InPlaceSpace) that leads from the
/// start to a goal, and its cost.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Plan<A, C> {
    /// The actions in the order they are applied; empty when the start is a goal.
    pub actions: Vec<A>,
    /// The sum of the action costs.
    pub cost: C,
}

/// Why a search stopped before it could prove its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// A store, table or queue could not grow: out of memory, the
    /// [`Limits::max_memory`] budget, or more states than a store can number.
    Capacity(CapacityError),
    /// The space emitted a negative step cost to an engine that needs non-negative costs
    /// (every engine but [`Spfa`](crate::Spfa)).
    NegativeCost,
    /// The strategy discarded states it could not keep (beam search), and none of those
    /// it kept leads to a goal: there may still be a path.
    Pruned,
    /// [`Limits::max_expansions`] was reached.
    Expansions,
    /// No goal was found within [`Limits::max_cost`], and some path beyond it was not
    /// followed (or, for SPFA, the best goal costs more).
    Cost,
    /// [`Limits::deadline`] passed.
    Deadline,
    /// The [`Limits::cancel_flag`] was raised.
    Cancelled,
    /// The event visitor returned [`ControlFlow::Break`](core::ops::ControlFlow::Break).
    Visitor,
    /// Some path's cost did not fit the cost type, and no goal was found among the paths
    /// whose cost does; a wider cost type may find one.
    CostOverflow,
}

impl core::fmt::Display for StopReason {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if let Self::Capacity(error) = self {
            return write!(f, "stopped: {error}");
        }
        f.write_str(match self {
            Self::Capacity(_) => "stopped: out of memory",
            Self::NegativeCost => "stopped: a negative step cost (only SPFA accepts them)",
            Self::Pruned => "stopped: every kept state was a dead end (the beam pruned the rest)",
            Self::Expansions => "stopped: expansion limit reached",
            Self::Cost => "stopped: no path within the cost limit",
            Self::Deadline => "stopped: deadline passed",
            Self::Cancelled => "stopped: cancelled",
            Self::Visitor => "stopped by the visitor",
            Self::CostOverflow => "stopped: a path cost overflowed the cost type",
        })
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<T> {
    /// A solution: an optimal one for the optimal strategies (see
    /// [`Strategy::is_optimal`](crate::Strategy::is_optimal)) when the space meets their
    /// needs: non-negative step costs (SPFA takes any) and an admissible heuristic. A
    /// negative step a strategy other than SPFA never generates goes unnoticed.
    Found(T),
    /// The search was exhaustive and no goal is reachable.
    NoPath,
    /// The search stopped before it could decide; there may or may not be a path.
    Stopped(StopReason),
}

impl<T> Outcome<T> {
    /// The same outcome with the solution, if any, converted by `f`.
    #[must_use]
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U> {
        match self {
            Outcome::Found(found) => Outcome::Found(f(found)),
            Outcome::NoPath => Outcome::NoPath,
            Outcome::Stopped(reason) => Outcome::Stopped(reason),
        }
    }
}

/// The result of a search: its [`Outcome`] and its [`Stats`], and, when it stopped before
/// it could decide, the best it had.
///
/// # Examples
///
/// ```
/// use state_search::{AStar, Limits, Outcome, StopReason, Problem, Solver};
///
/// let line = state_search::from_fn(|&n: &i32| [(n - 1, 1u32), (n + 1, 1)]);
/// let h = |&n: &i32| n.abs_diff(100);
/// let hurried = AStar::new().with_limits(Limits::new().max_expansions(5));
/// let search = hurried.search(&Problem::new(&line, [0], |&n| n == 100).heuristic(&h));
/// assert_eq!(search.outcome, Outcome::Stopped(StopReason::Expansions));
/// assert_eq!(search.stats.expanded, 5);
/// // The best it had: a path to the reached state closest to the goal.
/// assert_eq!(search.partial.unwrap().path, [0, 1, 2, 3, 4, 5]);
/// let search = AStar::new().search(&Problem::new(&line, [0], |&n| n == 100).heuristic(&h));
/// assert_eq!(search.found().map(|found| found.cost), Some(100));
/// assert_eq!(search.partial, None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search<T> {
    /// How the search ended.
    pub outcome: Outcome<T>,
    /// What the search did.
    pub stats: Stats,
    /// What a search that stopped before it could decide had. An engine that finds
    /// solutions on the way (anytime weighted A*, ARA* `arastar:W` and ANA* `anastar`,
    /// depth-first branch and bound `dfbnb`, the
    /// bidirectional `bidijkstra`, `mm`, `nbs` and `bae`, and hash-distributed A*, `Hda`, feature
    /// `parallel`) returns the best solution found (`dfbnb`: `None` before the first one).
    /// Before the first one, or for the other best-first engines (Dijkstra, A*, weighted,
    /// greedy, beam and focal search), it is the path to the most promising state reached:
    /// the least estimate `h`, ties broken by the least cost `g`; a prefix of a path from a
    /// start, so a caller can act on it, but not a solution: the goal test on its last
    /// state tells the two apart. `Hda` returns no prefix. `None` for the other engines and
    /// for a search that decided. Dijkstra has no estimate (every `h` is zero), so its
    /// partial path is always a start alone.
    pub partial: Option<T>,
}

impl<T> Search<T> {
    /// A search that ended with `outcome` after doing `stats`, with no partial result.
    #[must_use]
    pub fn new(outcome: Outcome<T>, stats: Stats) -> Self {
        Self {
            outcome,
            stats,
            partial: None,
        }
    }

    /// The solution, if one was found.
    #[must_use]
    pub fn found(&self) -> Option<&T> {
        match &self.outcome {
            Outcome::Found(found) => Some(found),
            _ => None,
        }
    }

    /// The solution, if one was found, by value.
    #[must_use]
    pub fn into_found(self) -> Option<T> {
        match self.outcome {
            Outcome::Found(found) => Some(found),
            _ => None,
        }
    }

    /// Whether the search proved that no goal is reachable.
    #[must_use]
    pub fn is_no_path(&self) -> bool {
        matches!(self.outcome, Outcome::NoPath)
    }

    /// The same search with the solution and the partial result, if any, converted by
    /// `f`: how a domain turns a path of states into its own route type.
    ///
    /// # Examples
    ///
    /// ```
    /// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 2]);
    /// let search = state_search::bfs(&space, [1], |&n| n == 6).map(|found| found.path);
    /// assert_eq!(search.found(), Some(&vec![1, 2, 3, 6]));
    /// ```
    #[must_use]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Search<U> {
        Search {
            outcome: self.outcome.map(&mut f),
            stats: self.stats,
            partial: self.partial.map(f),
        }
    }

    /// A search that could not start: its buffers could not be allocated.
    pub(crate) fn stopped_before_start(error: CapacityError) -> Self {
        Search::new(
            Outcome::Stopped(StopReason::Capacity(error)),
            Stats::default(),
        )
    }

    /// Why the search stopped early, if it did.
    #[must_use]
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self.outcome {
            Outcome::Stopped(reason) => Some(reason),
            _ => None,
        }
    }
}

/// Counters kept by every engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Stats {
    /// States whose successors were generated.
    pub expanded: u64,
    /// Successors generated (including ones already seen).
    pub generated: u64,
    /// Closed states opened again because a cheaper path to them was found (A* with an
    /// inconsistent heuristic; SPFA counts states queued again).
    pub reopened: u64,
    /// Iterations of an iterative engine (IDA*: one per bound; `dps:W`: one per bound
    /// `W f_min`, so one more than its re-keyings); 1 for the others.
    pub iterations: u64,
    /// The largest size the open list reached: entries in the queue or heap; for
    /// [`IdaStar`](crate::IdaStar), successors waiting on the stack; for
    /// [`InPlaceIdaStar`](crate::InPlaceIdaStar), the deepest stack level.
    pub peak_open: usize,
    /// States held by the engine's store when the search ended.
    pub stored: usize,
    /// The heap memory held by the engine's buffers (stores, tables, queues, stacks) when
    /// the search ended, in bytes: the peak of the search, since buffers only grow while
    /// it runs (a reused scratch may hold more, from an earlier search). A dense store
    /// counts its bitset, its chunk directory and the chunks of 512 records it wrote (a
    /// chunk is allocated on its first state), not the whole numbering: A* over 11
    /// states of a numbering of 2^27 reports 19 MB (mostly the 16 MB bitset), about the
    /// resident memory the search added.
    pub memory: usize,
}

impl Stats {
    /// Adds the counters of `other`, keeping the larger peak and store sizes.
    pub fn accumulate(&mut self, other: &Stats) {
        self.expanded += other.expanded;
        self.generated += other.generated;
        self.reopened += other.reopened;
        self.iterations += other.iterations;
        self.peak_open = self.peak_open.max(other.peak_open);
        self.stored = self.stored.max(other.stored);
        self.memory = self.memory.max(other.memory);
    }
}

/// Bounds on a search. The default has none.
///
/// The deadline, the cancel flag and the memory budget are checked every
/// [`Limits::CHECK_INTERVAL`] expansions, so a search may overrun them by that many
/// expansions.
///
/// The cost type `C` is the space's; `Limits<NoCostLimit>` (the default type) holds every
/// limit but the cost limit, for callers that do not know the cost type (the domains'
/// `solve` functions); [`Limits::for_cost`] turns it into limits of any cost type.
///
/// # Examples
///
/// ```
/// use state_search::{Bfs, Limits, StopReason, Problem, Solver};
///
/// let space = state_search::unit_from_fn(|&n: &u64| [n + 1, n * 2]);
/// let mut bfs = Bfs::new().with_limits(Limits::new().max_expansions(10));
/// let search = bfs.search(&Problem::new(&space, [1], |&n| n == 1_000_000));
/// assert_eq!(search.stop_reason(), Some(StopReason::Expansions));
/// assert!(search.stats.expanded <= 10);
/// ```
#[derive(Clone)]
pub struct Limits<C = NoCostLimit> {
    max_expansions: Option<u64>,
    max_cost: Option<C>,
    deadline: Option<Instant>,
    time_limit: Option<Duration>,
    cancel: Option<Arc<AtomicBool>>,
    max_memory: Option<usize>,
}

/// The cost type of [`Limits`] that cannot hold a cost limit (it has no values): the
/// limits a caller gives before the cost type is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoCostLimit {}

impl<C: fmt::Debug> fmt::Debug for Limits<C> {
    /// The limits that are set, and only those: `Limits { max_expansions: 100 }`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = f.debug_struct("Limits");
        if let Some(count) = &self.max_expansions {
            out.field("max_expansions", count);
        }
        if let Some(cost) = &self.max_cost {
            out.field("max_cost", cost);
        }
        if let Some(deadline) = &self.deadline {
            out.field("deadline", deadline);
        }
        if let Some(duration) = &self.time_limit {
            out.field("time_limit", duration);
        }
        if let Some(flag) = &self.cancel {
            out.field("cancel", flag);
        }
        if let Some(bytes) = &self.max_memory {
            out.field("max_memory", bytes);
        }
        out.finish()
    }
}

impl<C> Default for Limits<C> {
    fn default() -> Self {
        Self {
            max_expansions: None,
            max_cost: None,
            deadline: None,
            time_limit: None,
            cancel: None,
            max_memory: None,
        }
    }
}

impl Limits<NoCostLimit> {
    /// The same limits for a search whose cost type is `C` (there is no cost limit to
    /// convert).
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::Limits;
    ///
    /// let limits: Limits = Limits::new().max_expansions(500);
    /// let for_u32: Limits<u32> = limits.for_cost();
    /// let for_i64: Limits<i64> = limits.for_cost(); // `limits` is only borrowed
    /// assert_eq!(for_u32.expansion_limit(), Some(500));
    /// assert_eq!(for_i64.expansion_limit(), Some(500));
    /// ```
    #[must_use]
    pub fn for_cost<C>(&self) -> Limits<C> {
        Limits {
            max_expansions: self.max_expansions,
            max_cost: None,
            deadline: self.deadline,
            time_limit: self.time_limit,
            cancel: self.cancel.clone(),
            max_memory: self.max_memory,
        }
    }
}

impl<C: Copy> Limits<C> {
    /// How often, in expansions, the deadline and the cancel flag are checked.
    pub const CHECK_INTERVAL: u64 = 1024;

    /// No limits.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Expand at most `count` states (over all iterations of an iterative engine).
    #[must_use]
    pub fn max_expansions(mut self, count: u64) -> Self {
        self.max_expansions = Some(count);
        self
    }

    /// Do not look for paths that cost more than `cost` (for BFS: more than `cost` steps).
    ///
    /// [`Spfa`](crate::Spfa) only applies it to the answer: with negative steps a dear
    /// prefix can still lead to a cheap path, so it explores everything reachable (give it
    /// an expansion or time limit on an infinite space).
    #[must_use]
    pub fn max_cost(mut self, cost: C) -> Self {
        self.max_cost = Some(cost);
        self
    }

    /// Stop when the instant `deadline` has passed: an absolute deadline, the same for
    /// every search these limits are given to (see [`Limits::time_limit`] for a duration
    /// counted per search).
    #[must_use]
    pub fn deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Stop each search after it has run for `duration`, counted from the start of that
    /// search: limits reused for many searches give each one its full time. With
    /// [`Limits::deadline`] too, a search stops at whichever comes first.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use state_search::{Limits, Problem, Strategy};
    ///
    /// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 2]);
    /// let problem = Problem::new(&space, [1], |&n| n == 100);
    /// let limits = Limits::new().time_limit(Duration::from_millis(100));
    /// std::thread::sleep(Duration::from_millis(150)); // longer than the limit
    /// for strategy in [Strategy::Bfs, Strategy::IdaStarTable] {
    ///     // Each search has its own 100 ms, whenever it starts.
    ///     // 1 2 3 6 12 24 25 50 100
    ///     assert_eq!(strategy.run(&problem, &limits)?.found().unwrap().cost, 8);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn time_limit(mut self, duration: Duration) -> Self {
        self.time_limit = Some(duration);
        self
    }

    /// These limits for a search that starts now: the time limit becomes a deadline
    /// (the earlier of it and the absolute one). Every engine calls this once when a
    /// search starts, before its first check.
    #[must_use]
    pub(crate) fn started(&self) -> Self
    where
        C: Clone,
    {
        let mut limits = self.clone();
        if let Some(duration) = limits.time_limit.take() {
            // A duration too long to add to the clock is no limit at all.
            if let Some(end) = Instant::now().checked_add(duration) {
                limits.deadline = Some(limits.deadline.map_or(end, |d| d.min(end)));
            }
        }
        limits
    }

    /// Stop when `flag` becomes `true`; another thread may raise it.
    #[must_use]
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Stop when the engine's stores, tables and queues hold more than `bytes` bytes (as
    /// the engines' `memory_bytes` count them). Automatic storage also uses it as the
    /// budget a dense store must fit in.
    #[must_use]
    pub fn max_memory(mut self, bytes: usize) -> Self {
        self.max_memory = Some(bytes);
        self
    }

    /// The memory limit, if any.
    #[must_use]
    pub fn memory_limit(&self) -> Option<usize> {
        self.max_memory
    }

    /// The same limits without a cost limit (searches whose costs are offset from the
    /// caller's, where the caller applies the limit itself).
    #[must_use]
    pub(crate) fn without_cost_limit(mut self) -> Self {
        self.max_cost = None;
        self
    }

    /// The same limits for an engine with another cost type (BFS counts steps in
    /// `usize`): the cost limit goes through `convert`, the rest is kept.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::Limits;
    ///
    /// let weighted = Limits::new().max_expansions(1000).max_cost(40u32);
    /// let steps: Limits<usize> = weighted.map_cost(|c| c as usize);
    /// assert_eq!((steps.expansion_limit(), steps.cost_limit()), (Some(1000), Some(40)));
    /// ```
    #[must_use]
    pub fn map_cost<D>(self, convert: impl FnOnce(C) -> D) -> Limits<D> {
        Limits {
            max_expansions: self.max_expansions,
            max_cost: self.max_cost.map(convert),
            deadline: self.deadline,
            time_limit: self.time_limit,
            cancel: self.cancel,
            max_memory: self.max_memory,
        }
    }

    /// The expansion limit, if any.
    #[must_use]
    pub fn expansion_limit(&self) -> Option<u64> {
        self.max_expansions
    }

    /// The cost limit, if any.
    #[must_use]
    pub fn cost_limit(&self) -> Option<C> {
        self.max_cost
    }

    /// Whether `expanded` expansions so far allow one more; checks the clock, the cancel
    /// flag and the memory the engine holds (`memory()`, in bytes) every
    /// [`Limits::CHECK_INTERVAL`] expansions.
    #[inline]
    pub(crate) fn check(
        &self,
        expanded: u64,
        memory: impl Fn() -> usize,
    ) -> Result<(), StopReason> {
        // One branch on the hot path: both rare cases go to `check_now`, which tells
        // them apart.
        let max = self.max_expansions.unwrap_or(u64::MAX);
        if (expanded >= max) | expanded.is_multiple_of(Self::CHECK_INTERVAL) {
            return self.check_rare(expanded, &memory);
        }
        Ok(())
    }

    /// After `check(expanded)` passed: how many expansions may follow, starting with
    /// this one, before `check` could stop the search again (at least 1). An engine may
    /// skip `check` for all but the first of them.
    #[inline]
    pub(crate) fn unchecked_run(&self, expanded: u64) -> usize {
        let max = self.max_expansions.unwrap_or(u64::MAX);
        debug_assert!(expanded < max, "a passed check leaves an expansion");
        let run = (max - expanded).min(Self::CHECK_INTERVAL - expanded % Self::CHECK_INTERVAL);
        usize::try_from(run).unwrap_or(usize::MAX)
    }

    /// [`Limits::check_now`], out of the engines' loops, and not generic over the memory
    /// closure: one copy per cost type.
    #[cold]
    #[inline(never)]
    fn check_rare(&self, expanded: u64, memory: &dyn Fn() -> usize) -> Result<(), StopReason> {
        if let Some(max) = self.max_expansions
            && expanded >= max
        {
            return Err(StopReason::Expansions);
        }
        self.clock().check(memory)
    }

    /// [`Limits::check`] with the clock, the cancel flag and the memory checked now, for
    /// engines that check once per batch of expansions rather than per expansion (the
    /// key-door layered search, the layer counts, Yen's algorithm between its searches, the
    /// threads of parallel IDA*).
    pub(crate) fn check_now(
        &self,
        expanded: u64,
        memory: impl Fn() -> usize,
    ) -> Result<(), StopReason> {
        self.check_rare(expanded, &memory)
    }

    /// The limits that do not depend on the cost type.
    fn clock(&self) -> Clock<'_> {
        Clock {
            started: self.time_limit.is_none(),
            cancel: self.cancel.as_deref(),
            deadline: self.deadline,
            max_memory: self.max_memory,
        }
    }

    /// Whether `cost` is beyond the cost limit.
    #[inline]
    pub(crate) fn exceeds_cost(&self, cost: C) -> bool
    where
        C: Ord,
    {
        matches!(self.max_cost, Some(max) if cost > max)
    }
}

/// The limits a search checks now and then, whatever its cost type: one copy of the check
/// serves every engine and problem.
struct Clock<'l> {
    started: bool,
    cancel: Option<&'l AtomicBool>,
    deadline: Option<Instant>,
    max_memory: Option<usize>,
}

impl Clock<'_> {
    #[cold]
    #[inline(never)]
    fn check(&self, memory: &dyn Fn() -> usize) -> Result<(), StopReason> {
        debug_assert!(
            self.started,
            "an engine checks limits whose search it did not start (`Limits::started`)"
        );
        if let Some(flag) = self.cancel
            && flag.load(Ordering::Relaxed)
        {
            return Err(StopReason::Cancelled);
        }
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            return Err(StopReason::Deadline);
        }
        if let Some(budget) = self.max_memory {
            let bytes = memory();
            if bytes > budget {
                return Err(StopReason::Capacity(CapacityError::memory_limit(0, bytes)));
            }
        }
        Ok(())
    }
}

/// Every state a search settled, with its least cost and its parent on a least-cost path:
/// what the `*_reach` functions return.
///
/// # Examples
///
/// ```
/// let space = state_search::unit_from_fn(|&n: &u8| [n / 2, n.saturating_sub(1)]);
/// let tree = state_search::bfs_reach(&space, [12]);
/// assert_eq!(tree.cost(&0), Some(4)); // 12 -> 6 -> 3 -> 1 -> 0
/// assert_eq!(tree.path_to(&3), Some(vec![12, 6, 3]));
/// assert_eq!(tree.len(), 13);
/// ```
#[derive(Clone, Debug)]
pub struct ShortestPaths<S, C> {
    map: FxHashMap<S, (C, Option<S>)>,
}

impl<S: Clone + Eq + Hash, C: Copy> ShortestPaths<S, C> {
    /// Collects the states of `store` for which `settled` gives `(cost, parent slot)`.
    pub(crate) fn collect<V, St: NodeStore<S, V>>(
        store: &St,
        settled: impl Fn(&V) -> Option<(C, Slot)>,
    ) -> Self {
        let mut map = FxHashMap::default();
        for slot in store.slots() {
            if let Some((cost, parent)) = settled(store.value(slot)) {
                let parent = (parent != NO_SLOT).then(|| store.state(parent));
                map.insert(store.state(slot), (cost, parent));
            }
        }
        Self { map }
    }

    /// No state at all.
    pub(crate) fn empty() -> Self {
        Self {
            map: FxHashMap::default(),
        }
    }

    /// Collects `(state, cost, parent)` entries.
    pub(crate) fn from_entries(entries: impl Iterator<Item = (S, C, Option<S>)>) -> Self {
        Self {
            map: entries
                .map(|(state, cost, parent)| (state, (cost, parent)))
                .collect(),
        }
    }

    /// The least cost of reaching `state`, if it was reached.
    #[must_use]
    pub fn cost(&self, state: &S) -> Option<C> {
        self.map.get(state).map(|&(cost, _)| cost)
    }

    /// The state before `state` on a least-cost path; `None` for a start state or a state
    /// not reached.
    #[must_use]
    pub fn parent(&self, state: &S) -> Option<&S> {
        self.map.get(state).and_then(|(_, parent)| parent.as_ref())
    }

    /// A least-cost path from a start state to `state`, if it was reached.
    ///
    /// # Complexity
    ///
    /// O(length of the path) lookups.
    #[must_use]
    pub fn path_to(&self, state: &S) -> Option<Vec<S>> {
        let mut path = vec![state.clone()];
        let mut at = self.map.get(state)?;
        while let Some(parent) = &at.1 {
            path.push(parent.clone());
            at = &self.map[parent];
        }
        path.reverse();
        Some(path)
    }

    /// Whether `state` was reached.
    #[must_use]
    pub fn contains(&self, state: &S) -> bool {
        self.map.contains_key(state)
    }

    /// The number of states reached.
    #[must_use]
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether nothing was reached (no start state was given).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Every state reached with its least cost, in an unspecified order.
    pub fn iter(&self) -> impl Iterator<Item = (&S, C)> + '_ {
        self.map.iter().map(|(state, &(cost, _))| (state, cost))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansion_limit_stops_at_the_count() {
        let limits = Limits::<u32>::new().max_expansions(3);
        assert_eq!(limits.check(2, || 0), Ok(()));
        assert_eq!(limits.check(3, || 0), Err(StopReason::Expansions));
    }

    #[test]
    fn a_raised_cancel_flag_stops_at_the_next_check() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::<u32>::new().cancel_flag(flag.clone());
        assert_eq!(limits.check(0, || 0), Ok(()));
        flag.store(true, Ordering::Relaxed);
        assert_eq!(limits.check(1, || 0), Ok(()), "only checked every interval");
        assert_eq!(limits.check(1024, || 0), Err(StopReason::Cancelled));
    }

    #[test]
    fn an_expansion_limit_and_a_cancel_flag_are_both_checked() {
        let flag = Arc::new(AtomicBool::new(true));
        let limits = Limits::<u32>::new().max_expansions(2000).cancel_flag(flag);
        assert_eq!(limits.check(1000, || 0), Ok(()), "neither is due");
        assert_eq!(limits.check(1024, || 0), Err(StopReason::Cancelled));
        assert_eq!(limits.check(2000, || 0), Err(StopReason::Expansions));
        // At the limit on a check of the flag, the limit is what is reported.
        let at_interval = Limits::<u32>::new()
            .max_expansions(2048)
            .cancel_flag(Arc::new(AtomicBool::new(true)));
        assert_eq!(at_interval.check(2048, || 0), Err(StopReason::Expansions));
    }

    #[test]
    fn a_past_deadline_stops() {
        let limits = Limits::<u32>::new().deadline(Instant::now());
        assert_eq!(limits.check(0, || 0), Err(StopReason::Deadline));
    }

    #[test]
    fn memory_beyond_the_budget_stops() {
        let limits = Limits::<u32>::new().max_memory(1000);
        assert_eq!(limits.check(0, || 1000), Ok(()));
        assert!(matches!(
            limits.check(1024, || 1001),
            Err(StopReason::Capacity(error)) if error.bytes == Some(1001)
        ));
    }

    #[test]
    fn cost_limit_is_inclusive() {
        let limits = Limits::new().max_cost(5u32);
        assert!(!limits.exceeds_cost(5));
        assert!(limits.exceeds_cost(6));
        assert!(!Limits::<u32>::new().exceeds_cost(u32::MAX));
    }
}
