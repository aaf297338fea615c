//! A*: least-cost paths guided by an admissible heuristic, correct even when the heuristic
//! is inconsistent (closed states are re-opened).

use core::cmp::Reverse;
use core::hash::Hash;
use core::ops::ControlFlow;

use super::dijkstra::{Node, negative_step, parent, root};
use crate::error::CapacityError;
use crate::event::{Event, NoVisitor, Visitor};
use crate::queue::{BinaryQueue, PriorityQueue};
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, StateSpace};
use crate::store::{Hashed, NodeStore, Slot, Storage, path_to};

/// The key of A*'s open list: least `f` first, then largest `g`.
pub type AStarKey<C> = (C, Reverse<C>);

/// A reusable A* search.
///
/// States are expanded in order of `f = g + h`, ties broken toward the larger `g` (the
/// state closer to a goal). With an *admissible* heuristic (never above the true remaining
/// cost) the path returned is optimal. With a *consistent* one (`h(s) <= step(s, t) + h(t)`)
/// no state is expanded twice; with an admissible but inconsistent one, a closed state
/// reached again more cheaply is re-opened ([`Stats::reopened`]), so the answer is still
/// optimal.
///
/// The open list is a [`BinaryQueue`] unless [`AStar::with_queue`] picks a
/// [`BucketQueue`](crate::queue::BucketQueue), which is faster for small integer costs and
/// breaks ties the same way.
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space (the queue keeps superseded entries) for the V states and E steps
/// reached when the
/// heuristic is consistent; an inconsistent one can re-expand states, in the worst case
/// exponentially often.
///
/// # Panics
///
/// A search panics on a negative step cost or a path cost overflow.
///
/// # Examples
///
/// ```
/// use state_search::AStar;
///
/// // A 20x20 open grid; the Manhattan distance is a consistent heuristic.
/// let space = state_search::from_fn(|&(r, c): &(i32, i32)| {
///     [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
///         .into_iter()
///         .filter(|&(r, c)| (0..20).contains(&r) && (0..20).contains(&c))
///         .map(|p| (p, 1u32))
/// });
/// let goal = (19, 19);
/// let manhattan = |&(r, c): &(i32, i32)| (goal.0 - r).unsigned_abs() + (goal.1 - c).unsigned_abs();
/// let search = AStar::new().search(&space, [(0, 0)], &manhattan, |&s| s == goal);
/// assert_eq!(search.found().unwrap().cost, 38);
/// assert!(search.stats.expanded < 100); // Dijkstra would expand almost all 400 cells
/// ```
pub struct AStar<S, C: Cost, St: Storage<S> = Hashed, Q = BinaryQueue<AStarKey<C>>> {
    store: St::Store<Node<C>>,
    open: Q,
    limits: Limits<C>,
}

impl<S: Clone + Eq + Hash, C: Cost> AStar<S, C, Hashed> {
    /// A searcher with hashed storage.
    #[must_use]
    pub fn new() -> Self {
        Self::with_storage(Hashed)
    }
}

impl<S: Clone + Eq + Hash, C: Cost> Default for AStar<S, C, Hashed> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S, C: Cost, St: Storage<S>> AStar<S, C, St> {
    /// A searcher with the given storage.
    ///
    /// # Panics
    ///
    /// Panics if a dense store cannot be allocated; see [`AStar::try_with_storage`].
    #[must_use]
    pub fn with_storage(storage: St) -> Self {
        Self::try_with_storage(storage).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A searcher with the given storage.
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
            open: BinaryQueue::new(),
            limits: Limits::default(),
        })
    }
}

impl<S, C: Cost, St: Storage<S>, Q: PriorityQueue<AStarKey<C>>> AStar<S, C, St, Q> {
    /// The same searcher with another open list.
    #[must_use]
    pub fn with_queue<Q2: PriorityQueue<AStarKey<C>>>(self, open: Q2) -> AStar<S, C, St, Q2> {
        AStar {
            store: self.store,
            open,
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
    /// * `heuristic` - an admissible estimate of the remaining cost (a closure works).
    /// * `is_goal` - tested when a state is taken from the open list.
    ///
    /// # Returns
    ///
    /// [`Outcome::Found`] with a least-cost path (when the heuristic is admissible),
    /// [`Outcome::NoPath`], or [`Outcome::Stopped`].
    pub fn search<Sp, H, IsGoal>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        heuristic: &H,
        is_goal: IsGoal,
    ) -> Search<Solution<S, C>>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        H: Heuristic<S, C> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
    {
        self.search_with(space, starts, heuristic, is_goal, &mut NoVisitor)
    }

    /// [`AStar::search`] with an event visitor; it sees [`Event::Expanded`] and
    /// [`Event::Reopened`].
    pub fn search_with<Sp, H, IsGoal, V>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        heuristic: &H,
        mut is_goal: IsGoal,
        visitor: &mut V,
    ) -> Search<Solution<S, C>>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        H: Heuristic<S, C> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
        V: Visitor<S, C>,
    {
        self.store.clear();
        self.open.clear();
        let mut stats = Stats {
            iterations: 1,
            ..Stats::default()
        };
        let outcome = self.explore(space, starts, heuristic, &mut is_goal, visitor, &mut stats);
        stats.stored = self.store.len();
        let outcome = outcome.map(|slot| Solution {
            path: path_to(&self.store, slot, parent),
            cost: self.store.value(slot).1,
        });
        Search { outcome, stats }
    }

    /// The heap memory held by the store and the open list, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.store.memory_bytes() + self.open.memory_bytes()
    }

    fn explore<Sp, H, IsGoal, V>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        heuristic: &H,
        is_goal: &mut IsGoal,
        visitor: &mut V,
        stats: &mut Stats,
    ) -> Outcome<Slot>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        H: Heuristic<S, C> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
        V: Visitor<S, C>,
    {
        let mut cut = false;
        let mut overflowed = false;
        for start in starts {
            let (slot, fresh) = self.store.insert(&start, root());
            let f = heuristic.estimate(&start);
            if fresh {
                if self.limits.exceeds_cost(f) {
                    cut = true;
                } else {
                    self.open.push((f, Reverse(C::ZERO)), slot);
                }
            }
        }
        while let Some(((_, Reverse(g)), slot)) = self.open.pop() {
            stats.peak_open = stats.peak_open.max(self.open.len() + 1);
            let &(_, best, closed) = self.store.value(slot);
            if closed || best != g {
                continue; // a stale entry
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
            let mut stop = false;
            let (store, open, limits) = (&mut self.store, &mut self.open, &self.limits);
            space.successors(&state, |next, step| {
                stats.generated += 1;
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
                if !fresh {
                    let node = store.value_mut(next_slot);
                    if cost >= node.1 {
                        return;
                    }
                    if node.2 {
                        stats.reopened += 1;
                        let event = Event::Reopened { state: &next, cost };
                        stop |= visitor.visit(event).is_break();
                    }
                    *node = fresh_node;
                }
                let Some(f) = cost.checked_plus(heuristic.estimate(&next)) else {
                    overflowed = true;
                    return;
                };
                if limits.exceeds_cost(f) {
                    cut = true;
                } else {
                    open.push((f, Reverse(cost)), next_slot);
                }
            });
            if stop {
                return Outcome::Stopped(StopReason::Visitor);
            }
        }
        if cut {
            Outcome::Stopped(StopReason::Cost)
        } else if overflowed {
            Outcome::Stopped(StopReason::CostOverflow)
        } else {
            Outcome::NoPath
        }
    }
}

/// A* with hashed storage: a least-cost path from any of `starts` to a state satisfying
/// `is_goal`, guided by an admissible `heuristic`. See [`AStar`] for dense storage,
/// limits and reuse.
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space (the queue keeps superseded entries) for the V states and E steps
/// reached, with a
/// consistent heuristic.
///
/// # Panics
///
/// Panics on a negative step cost or a cost overflow.
///
/// # Examples
///
/// ```
/// let space = state_search::from_fn(|&n: &i32| [(n + 1, 1u32), (n - 1, 1)]);
/// let h = |&n: &i32| (10 - n).unsigned_abs();
/// let found = state_search::astar(&space, [0], &h, |&n| n == 10).into_found().unwrap();
/// assert_eq!(found.cost, 10);
/// ```
pub fn astar<Sp, H, IsGoal>(
    space: &Sp,
    starts: impl IntoIterator<Item = Sp::State>,
    heuristic: &H,
    is_goal: IsGoal,
) -> Search<Solution<Sp::State, Sp::Cost>>
where
    Sp: StateSpace + ?Sized,
    H: Heuristic<Sp::State, Sp::Cost> + ?Sized,
    IsGoal: FnMut(&Sp::State) -> bool,
{
    AStar::new().search(space, starts, heuristic, is_goal)
}
