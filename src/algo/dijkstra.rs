//! Dijkstra's algorithm: least-cost paths for non-negative step costs, with lazy deletion
//! and a choice of priority queue (binary heap, Dial buckets, radix heap).

use core::hash::Hash;
use core::ops::ControlFlow;

use crate::error::CapacityError;
use crate::event::{Event, NoVisitor, Visitor};
use crate::queue::{BinaryQueue, PriorityQueue};
use crate::solution::{Limits, Outcome, Search, ShortestPaths, Solution, Stats, StopReason};
use crate::space::{Cost, StateSpace};
use crate::store::{Hashed, NO_SLOT, NodeStore, Slot, Storage, path_to};

/// What Dijkstra and A* record per state: `(parent slot, g, closed)`.
///
/// A tuple, not a struct: std allocates `vec![(0, 0, false); n]` for integer costs as
/// zeroed memory that the OS maps lazily, where a struct is written entry by entry. For a
/// dense store of millions of states that is most of the cost of a short search.
pub(crate) type Node<C> = (Slot, C, bool);

/// The record of a start state.
pub(crate) fn root<C: Cost>() -> Node<C> {
    (NO_SLOT, C::ZERO, false)
}

/// The parent slot in a record.
pub(crate) fn parent<C>(node: &Node<C>) -> Slot {
    node.0
}

#[cold]
#[track_caller]
pub(crate) fn negative_step() -> ! {
    panic!(
        "state-search: a negative step cost was given to an engine that needs non-negative costs; use Spfa"
    )
}

/// A reusable Dijkstra search: least-cost paths when every step cost is non-negative.
///
/// States are settled in order of cost with a priority queue of slots (lazy deletion: a
/// state may sit in the queue several times, and only its cheapest entry counts). The
/// queue is a [`BinaryQueue`] unless [`Dijkstra::with_queue`] picks a
/// [`BucketQueue`](crate::queue::BucketQueue) or [`RadixQueue`](crate::queue::RadixQueue),
/// which are faster for small integer costs.
///
/// # Complexity
///
/// O((V + E) log V) time with the default heap, O(V + E) space (the queue keeps superseded
/// entries), for the V states and E steps reached.
///
/// # Panics
///
/// A search panics if the space emits a negative step cost (that needs
/// [`Spfa`](crate::Spfa)) or if a path cost overflows the cost type.
///
/// # Examples
///
/// ```
/// use state_search::{Dense, Dijkstra, StateIndexer};
/// use state_search::queue::RadixQueue;
///
/// // Integers 0..1000; +1 costs 1, *2 costs 5.
/// let space = state_search::from_fn(|&n: &u32| {
///     [(n + 1, 1u32), (n * 2, 5)].into_iter().filter(|&(m, _)| m < 1000)
/// });
/// #[derive(Clone, Copy)]
/// struct Ints;
/// impl StateIndexer<u32> for Ints {
///     fn bound(&self) -> usize { 1000 }
///     fn index(&self, &n: &u32) -> usize { n as usize }
///     fn state(&self, i: usize) -> u32 { i as u32 }
/// }
/// let mut dijkstra = Dijkstra::with_storage(Dense(Ints)).with_queue(RadixQueue::new());
/// let found = dijkstra.search(&space, [1], |&n| n == 100).into_found().unwrap();
/// assert_eq!(found.cost, 26);
/// ```
pub struct Dijkstra<S, C: Cost, St: Storage<S> = Hashed, Q = BinaryQueue<C>> {
    store: St::Store<Node<C>>,
    queue: Q,
    limits: Limits<C>,
}

impl<S: Clone + Eq + Hash, C: Cost> Dijkstra<S, C, Hashed> {
    /// A searcher with hashed storage and a binary heap.
    #[must_use]
    pub fn new() -> Self {
        Self::with_storage(Hashed)
    }
}

impl<S: Clone + Eq + Hash, C: Cost> Default for Dijkstra<S, C, Hashed> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S, C: Cost, St: Storage<S>> Dijkstra<S, C, St> {
    /// A searcher with the given storage and a binary heap.
    ///
    /// # Panics
    ///
    /// Panics if a dense store cannot be allocated; see [`Dijkstra::try_with_storage`].
    #[must_use]
    pub fn with_storage(storage: St) -> Self {
        Self::try_with_storage(storage).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A searcher with the given storage and a binary heap.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a dense store cannot be allocated.
    #[expect(
        clippy::needless_pass_by_value,
        reason = "a storage is a small value built at the call site, e.g. Dense(ix)"
    )]
    pub fn try_with_storage(storage: St) -> Result<Self, CapacityError> {
        Ok(Self {
            store: storage.try_store()?,
            queue: BinaryQueue::new(),
            limits: Limits::default(),
        })
    }
}

impl<S, C: Cost, St: Storage<S>, Q: PriorityQueue<C>> Dijkstra<S, C, St, Q> {
    /// The same searcher with another priority queue.
    #[must_use]
    pub fn with_queue<Q2: PriorityQueue<C>>(self, queue: Q2) -> Dijkstra<S, C, St, Q2> {
        Dijkstra {
            store: self.store,
            queue,
            limits: self.limits,
        }
    }

    /// The same searcher with `limits`.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits<C>) -> Self {
        self.limits = limits;
        self
    }

    /// Replaces the limits of later searches.
    pub fn set_limits(&mut self, limits: Limits<C>) {
        self.limits = limits;
    }

    /// Finds a least-cost path from any of `starts` to a state satisfying `is_goal`.
    ///
    /// # Arguments
    ///
    /// * `space` - the state space; every step cost must be non-negative.
    /// * `starts` - the start states, all at cost zero.
    /// * `is_goal` - tested when a state is settled (taken from the queue).
    ///
    /// # Returns
    ///
    /// [`Outcome::Found`] with a least-cost path, [`Outcome::NoPath`], or
    /// [`Outcome::Stopped`].
    pub fn search<Sp, IsGoal>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        is_goal: IsGoal,
    ) -> Search<Solution<S, C>>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
    {
        self.search_with(space, starts, is_goal, &mut NoVisitor)
    }

    /// [`Dijkstra::search`] with an event visitor; it sees [`Event::Expanded`].
    pub fn search_with<Sp, IsGoal, V>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        mut is_goal: IsGoal,
        visitor: &mut V,
    ) -> Search<Solution<S, C>>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
        V: Visitor<S, C>,
    {
        self.store.clear();
        self.queue.clear();
        let mut stats = Stats {
            iterations: 1,
            ..Stats::default()
        };
        let outcome = self.explore(space, starts, &mut is_goal, visitor, &mut stats);
        stats.stored = self.store.len();
        let outcome = outcome.map(|slot| Solution {
            path: path_to(&self.store, slot, parent),
            cost: self.store.value(slot).1,
        });
        Search { outcome, stats }
    }

    /// Settles every state reachable from `starts` (within the limits); afterwards
    /// [`Dijkstra::cost`] and [`Dijkstra::path_to`] answer for each of them.
    ///
    /// # Returns
    ///
    /// `Found(())` when the exploration was complete, `Stopped` when a limit cut it short.
    pub fn reach<Sp>(&mut self, space: &Sp, starts: impl IntoIterator<Item = S>) -> Search<()>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
    {
        let search = self.search(space, starts, |_| false);
        let outcome = match search.outcome {
            Outcome::Stopped(reason) => Outcome::Stopped(reason),
            Outcome::Found(_) | Outcome::NoPath => Outcome::Found(()),
        };
        Search {
            outcome,
            stats: search.stats,
        }
    }

    /// The least cost of `state`, if the last search settled it (states still in the
    /// queue when a search ends have no final cost yet).
    #[must_use]
    pub fn cost(&self, state: &S) -> Option<C> {
        let node = self.store.value(self.store.find(state)?);
        let &(_, g, closed) = node;
        closed.then_some(g)
    }

    /// A least-cost path to `state`, if the last search settled it.
    #[must_use]
    pub fn path_to(&self, state: &S) -> Option<Vec<S>> {
        let slot = self.store.find(state)?;
        self.store
            .value(slot)
            .2
            .then(|| path_to(&self.store, slot, parent))
    }

    /// Every state the last search settled, with its least cost and parent.
    #[must_use]
    pub fn shortest_paths(&self) -> ShortestPaths<S, C>
    where
        S: Clone + Eq + Hash,
    {
        ShortestPaths::collect(&self.store, |&(parent, g, closed): &Node<C>| {
            closed.then_some((g, parent))
        })
    }

    /// The heap memory held by the store and the queue, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.store.memory_bytes() + self.queue.memory_bytes()
    }

    fn explore<Sp, IsGoal, V>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        is_goal: &mut IsGoal,
        visitor: &mut V,
        stats: &mut Stats,
    ) -> Outcome<Slot>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
        V: Visitor<S, C>,
    {
        for start in starts {
            let (slot, fresh) = self.store.insert(&start, root());
            if fresh {
                self.queue.push(C::ZERO, slot);
            }
        }
        let mut overflowed = false;
        while let Some((g, slot)) = self.queue.pop() {
            stats.peak_open = stats.peak_open.max(self.queue.len() + 1);
            let &(_, best, closed) = self.store.value(slot);
            if closed || best != g {
                continue; // a stale queue entry
            }
            if self.limits.exceeds_cost(g) {
                return Outcome::Stopped(StopReason::Cost);
            }
            let state = self.store.state(slot);
            if is_goal(&state) {
                return Outcome::Found(slot);
            }
            if let Err(reason) = self.limits.check(stats.expanded) {
                return Outcome::Stopped(reason);
            }
            if let ControlFlow::Break(()) = visitor.visit(Event::Expanded {
                state: &state,
                cost: g,
            }) {
                return Outcome::Stopped(StopReason::Visitor);
            }
            self.store.value_mut(slot).2 = true;
            stats.expanded += 1;
            let (store, queue, generated) =
                (&mut self.store, &mut self.queue, &mut stats.generated);
            space.successors(&state, |next, step| {
                *generated += 1;
                if step.is_negative() {
                    negative_step();
                }
                // A sum that overflows belongs to no path whose cost fits the type.
                let Some(cost) = g.checked_plus(step) else {
                    overflowed = true;
                    return;
                };
                let fresh_node = (slot, cost, false);
                let (next_slot, fresh) = store.insert(&next, fresh_node);
                if fresh {
                    queue.push(cost, next_slot);
                } else {
                    let node = store.value_mut(next_slot);
                    if !node.2 && cost < node.1 {
                        *node = fresh_node;
                        queue.push(cost, next_slot);
                    }
                }
            });
        }
        if overflowed {
            Outcome::Stopped(StopReason::CostOverflow)
        } else {
            Outcome::NoPath
        }
    }
}

/// Dijkstra's algorithm with hashed storage: a least-cost path from any of `starts` to a
/// state satisfying `is_goal`, for non-negative step costs. See [`Dijkstra`] for dense
/// storage, other queues, limits and reuse.
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space (the queue keeps superseded entries) for the V states and E steps
/// reached.
///
/// # Panics
///
/// Panics on a negative step cost or a cost overflow.
///
/// # Examples
///
/// ```
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 5)]);
/// let found = state_search::dijkstra(&space, [1], |&n| n == 16).into_found().unwrap();
/// assert_eq!(found.cost, 12); // +1 seven times up to 8, then double
/// ```
pub fn dijkstra<Sp, IsGoal>(
    space: &Sp,
    starts: impl IntoIterator<Item = Sp::State>,
    is_goal: IsGoal,
) -> Search<Solution<Sp::State, Sp::Cost>>
where
    Sp: StateSpace + ?Sized,
    IsGoal: FnMut(&Sp::State) -> bool,
{
    Dijkstra::new().search(space, starts, is_goal)
}

/// The least cost of every state reachable from `starts`, with least-cost paths.
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space (the queue keeps superseded entries) for the V states and E steps
/// reached.
///
/// # Panics
///
/// Panics on a negative step cost or a cost overflow.
#[must_use]
pub fn dijkstra_reach<Sp>(
    space: &Sp,
    starts: impl IntoIterator<Item = Sp::State>,
) -> ShortestPaths<Sp::State, Sp::Cost>
where
    Sp: StateSpace + ?Sized,
{
    let mut dijkstra = Dijkstra::new();
    let _complete = dijkstra.reach(space, starts);
    dijkstra.shortest_paths()
}
