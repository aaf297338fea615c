//! SPFA (queue-based Bellman–Ford): least-cost paths when step costs may be negative, and
//! detection of a reachable negative cycle, reported with its states.

use core::hash::Hash;
use std::collections::VecDeque;

use crate::error::{CapacityError, NegativeCycle};
use crate::event::{NoVisitor, Visitor};
use crate::solution::{Limits, Outcome, Search, ShortestPaths, Solution, Stats, StopReason};
use crate::space::UnsignedUser;
use crate::space::{Cost, StateSpace};
use crate::store::{Hashed, NO_SLOT, NodeStore, Slot, Storage, path_to, try_push, try_push_back};

use super::dijkstra::completed;
use super::engine::{
    Engine, Setup, Solver, engine_setup, expanding, storage_constructors, stored_solver,
};
use crate::problem::{Problem, StateOf};

/// The result of an SPFA search: a [`Search`], or the negative cycle that prevented it.
pub type SpfaResult<S, C> = Result<Search<Solution<S, C>>, NegativeCycle<S, C>>;

/// A search that could not start: `Ok`, stopped by
/// [`StopReason::Capacity`].
impl<S, C> From<CapacityError> for SpfaResult<S, C> {
    fn from(error: CapacityError) -> Self {
        Ok(Search::stopped_before_start(error))
    }
}

/// Tells, through [`Cost::with_unsigned`], whether a cost type is unsigned (has no
/// negative values).
struct Unsigned;

impl<C> UnsignedUser<C> for Unsigned {
    type Output = ();
    fn run(self)
    where
        C: crate::space::UnsignedCost,
    {
    }
}

/// What SPFA records per state.
#[derive(Clone, Copy, Debug, Default)]
struct Node<C> {
    parent: Slot,
    dist: C,
    queued: bool,
    /// The walk that last visited this state during a parent-cycle check.
    mark: u32,
    /// When the state was first reached (0 for the first): breaks ties between goals the
    /// same way whatever the storage.
    order: u32,
}

/// SPFA: single-source least costs with negative step costs allowed.
///
/// Relaxed states go through a FIFO queue (Bellman–Ford–Moore). Every time the number of
/// relaxations since the last check reaches the number of states stored, the engine looks
/// for a cycle in the parent links; such a cycle always has negative cost, and a
/// reachable negative cycle always makes one appear, so a negative cycle is reported
/// (as [`NegativeCycle`], with its states and cost) instead of looping.
///
/// SPFA cannot stop at the first goal it meets (a later, negative step can make another
/// path cheaper), so a search settles everything reachable before answering. A path whose
/// cost goes above the cost type's maximum is skipped, as in the other engines. With a
/// signed cost type, a skipped path to a state that no other path reaches could have come
/// back into range through negative steps after it: the search then ends with
/// [`StopReason::CostOverflow`] rather than risk a wrong answer. A path whose cost goes
/// below the minimum is a negative cycle (reported) or, if there is none, a
/// `CostOverflow` too.
///
/// The engine is an immutable configuration (see [`Engine`]); its scratch is the store
/// and the queue.
///
/// # Complexity
///
/// O(V E) time in the worst case, usually far less; O(V) space, for the V states and E
/// steps reached. The cycle checks add O(1) amortized per relaxation.
///
/// # Examples
///
/// ```
/// use state_search::{Spfa, Problem, Solver};
///
/// // a -> b costs 4, a -> c costs 5, c -> b costs -3.
/// let space = state_search::from_fn(|&s: &char| match s {
///     'a' => vec![('b', 4), ('c', 5)],
///     'c' => vec![('b', -3)],
///     _ => vec![],
/// });
/// let spfa = Spfa::new();
/// let search = spfa.search(&Problem::new(&space, ['a'], |&s| s == 'b')).unwrap();
/// assert_eq!(search.found().unwrap().cost, 2);
/// assert_eq!(search.found().unwrap().path, vec!['a', 'c', 'b']);
///
/// // Add b -> c at cost 1: the cycle c -> b -> c costs -2.
/// let cyclic = state_search::from_fn(|&s: &char| match s {
///     'a' => vec![('b', 4), ('c', 5)],
///     'b' => vec![('c', 1)],
///     'c' => vec![('b', -3)],
///     _ => vec![],
/// });
/// let cycle = spfa.search(&Problem::new(&cyclic, ['a'], |&s| s == 'b')).unwrap_err();
/// assert_eq!(cycle.cost, Some(-2));
/// ```
#[derive(Clone, Debug)]
pub struct Spfa<C, St = Hashed> {
    setup: Setup<St, C>,
}

engine_setup!(Spfa<C, St>, cost C);

storage_constructors!(
    /// An engine with `storage`. The cost limit ([`Spfa::with_limits`]) applies to the
    /// answer: a goal whose least cost is above it is not returned.
    Spfa<C: Cost>
);

/// The buffers of an SPFA search: the store of per-state records, the queue, and the
/// marks of the cycle checks. After a search, it answers for the states reached.
pub struct SpfaScratch<S, C: Cost, St: Storage<S>> {
    store: St::Store<Node<C>>,
    queue: VecDeque<Slot>,
    walk: u32,
    scratch: Vec<Slot>,
}

impl<S: Eq, C: Cost, St: Storage<S>> Engine<S> for Spfa<C, St> {
    type Scratch = SpfaScratch<S, C, St>;

    fn scratch(&self) -> Result<Self::Scratch, CapacityError> {
        Ok(SpfaScratch {
            store: self.setup.storage.try_store()?,
            queue: VecDeque::new(),
            walk: 0,
            scratch: Vec::new(),
        })
    }
}

stored_solver!(
    /// SPFA searches a problem's space from its starts for a least-cost path to a goal; it
    /// uses neither the heuristic nor the indexer.
    ///
    /// Returns `Ok` with [`Outcome::Found`] (a least-cost path; among goals of equal cost,
    /// the one reached first), [`Outcome::NoPath`], or [`Outcome::Stopped`]; step costs may
    /// be negative, and the goal test is applied to every state reached once the costs have
    /// settled. The visitor sees [`Event::Expanded`](crate::Event::Expanded) each time a state leaves the queue.
    ///
    /// # Errors
    ///
    /// [`NegativeCycle`] when a cycle of negative cost is reachable from a start.
    Spfa -> SpfaResult<StateOf<P>, C>,
    |engine, scratch, problem, visitor| {
        let limits = &engine.setup.limits.started();
        let starts = problem.starts().iter().cloned();
        let (reach, overflowed) = scratch.reach_with(limits, problem.space(), starts, visitor)?;
        let outcome = match reach.outcome {
            Outcome::Stopped(reason) => Outcome::Stopped(reason),
            Outcome::Found(()) | Outcome::NoPath => {
                let store = &scratch.store;
                let mut best: Option<(C, u32, Slot)> = None;
                for slot in store.slots() {
                    let node = store.value(slot);
                    let key = (node.dist, node.order);
                    if best.is_none_or(|(cost, order, _)| key < (cost, order))
                        && problem.is_goal(&store.state(slot))
                    {
                        best = Some((key.0, key.1, slot));
                    }
                }
                match best {
                    None if overflowed => Outcome::Stopped(StopReason::CostOverflow),
                    None => Outcome::NoPath,
                    Some((cost, _, _)) if limits.exceeds_cost(cost) => {
                        Outcome::Stopped(StopReason::Cost)
                    }
                    Some((cost, _, slot)) => Outcome::Found(Solution {
                        path: path_to(store, slot, |node| node.parent),
                        cost,
                    }),
                }
            }
        };
        Ok(Search::new(outcome, reach.stats))
    }
);

impl<C: Cost, St> Spfa<C, St> {
    /// Computes the least cost of every state reachable from `starts` in `scratch`;
    /// afterwards its [`cost`](SpfaScratch::cost) and [`path_to`](SpfaScratch::path_to)
    /// answer for each of them.
    ///
    /// # Returns
    ///
    /// `Found(())` when the computation finished, `Stopped` when something cut it short
    /// (the costs are then only upper bounds).
    ///
    /// # Errors
    ///
    /// [`NegativeCycle`] when a cycle of negative cost is reachable from a start.
    pub fn reach_in<Sp>(
        &self,
        scratch: &mut SpfaScratch<Sp::State, C, St>,
        space: &Sp,
        starts: impl IntoIterator<Item = Sp::State>,
    ) -> Result<Search<()>, NegativeCycle<Sp::State, C>>
    where
        Sp: StateSpace<Cost = C> + ?Sized,
        St: Storage<Sp::State>,
    {
        let (search, _) =
            scratch.reach_with(&self.setup.limits.started(), space, starts, &mut NoVisitor)?;
        Ok(Search::new(completed(&search.outcome), search.stats))
    }
}

impl<S: Eq, C: Cost, St: Storage<S>> super::engine::Searcher<S, Spfa<C, St>> {
    /// [`Spfa::reach_in`] in this searcher's buffers.
    ///
    /// # Errors
    ///
    /// [`NegativeCycle`] when a cycle of negative cost is reachable from a start.
    pub fn reach<Sp>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
    ) -> Result<Search<()>, NegativeCycle<S, C>>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
    {
        let (engine, scratch) = self.parts();
        engine.reach_in(scratch, space, starts)
    }
}

crate::store::reusable_scratch!(SpfaScratch<S, C>, store);

impl<S: Eq, C: Cost, St: Storage<S>> SpfaScratch<S, C, St> {
    /// The least cost of `state` computed by the last search, if it reached `state`.
    #[must_use]
    pub fn cost(&self, state: &S) -> Option<C> {
        Some(self.store.value(self.store.find(state)?).dist)
    }

    /// The state before `state` on a least-cost path, if `state` was reached and is not
    /// a start.
    #[must_use]
    pub fn parent(&self, state: &S) -> Option<S> {
        let parent = self.store.value(self.store.find(state)?).parent;
        (parent != NO_SLOT).then(|| self.store.state(parent))
    }

    /// A least-cost path to `state`, if the last search reached it.
    #[must_use]
    pub fn path_to(&self, state: &S) -> Option<Vec<S>> {
        let slot = self.store.find(state)?;
        Some(path_to(&self.store, slot, |node| node.parent))
    }

    /// Every state the last search reached, with its least cost and parent.
    #[must_use]
    pub fn shortest_paths(&self) -> ShortestPaths<S, C>
    where
        S: Clone + Eq + Hash,
    {
        ShortestPaths::collect(&self.store, |node: &Node<C>| Some((node.dist, node.parent)))
    }

    /// The heap memory held by the store and the queue, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.store.memory_bytes() + self.queue.capacity() * size_of::<Slot>()
    }

    /// Settles everything reachable; the flag says whether some path cost was skipped
    /// because it did not fit the cost type.
    fn reach_with<Sp, V>(
        &mut self,
        limits: &Limits<C>,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        visitor: &mut V,
    ) -> Result<(Search<()>, bool), NegativeCycle<S, C>>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        V: Visitor<S, C>,
    {
        self.store.clear();
        self.queue.clear();
        let mut stats = Stats {
            iterations: 1,
            ..Stats::default()
        };
        let mut overflowed = false;
        let outcome = self
            .relax_all(limits, space, starts, visitor, &mut stats, &mut overflowed)?
            .unwrap_or_else(Outcome::Stopped);
        stats.stored = self.store.len();
        stats.memory = self.memory_bytes();
        Ok((Search::new(outcome, stats), overflowed))
    }

    #[expect(
        clippy::too_many_lines,
        reason = "the relaxation loop with its overflow and cycle checks"
    )]
    fn relax_all<Sp, V>(
        &mut self,
        limits: &Limits<C>,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        visitor: &mut V,
        stats: &mut Stats,
        overflowed: &mut bool,
    ) -> Result<Result<Outcome<()>, StopReason>, NegativeCycle<S, C>>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        V: Visitor<S, C>,
    {
        let mut reached = 0u32;
        for start in starts {
            let root = Node {
                parent: NO_SLOT,
                dist: C::ZERO,
                queued: true,
                mark: 0,
                order: reached,
            };
            let (slot, fresh) = match self.store.insert(&start, root) {
                Ok(inserted) => inserted,
                Err(error) => return Ok(Err(StopReason::Capacity(error))),
            };
            if fresh {
                reached += 1;
                if let Err(error) = try_push_back(&mut self.queue, slot) {
                    return Ok(Err(StopReason::Capacity(error)));
                }
            }
        }
        let mut relaxations_since_check = 0usize;
        // The states reached only by paths whose cost went above the type's maximum. If
        // one of them is never reached otherwise and the cost type has negative values,
        // the skipped path could have come back into range after it.
        let mut beyond_max: Vec<S> = Vec::new();
        while let Some(slot) = self.queue.pop_front() {
            stats.peak_open = stats.peak_open.max(self.queue.len() + 1);
            if let Err(reason) = limits.check(stats.expanded, || self.memory_bytes()) {
                return Ok(Err(reason));
            }
            let node = self.store.value_mut(slot);
            node.queued = false;
            let dist = node.dist;
            let state = self.store.state(slot);
            if let Err(reason) = expanding(visitor, stats, &state, dist, false) {
                return Ok(Err(reason));
            }
            // The first relaxation whose cost went below the type's minimum: (from, to if
            // already stored).
            let mut underflow: Option<(Slot, Option<Slot>)> = None;
            let mut failed = None;
            let (store, queue) = (&mut self.store, &mut self.queue);
            space.successors(&state, |next, step| {
                stats.generated += 1;
                if failed.is_some() {
                    return;
                }
                let Some(cost) = dist.checked_plus(step) else {
                    if step.is_negative() {
                        underflow = underflow.or_else(|| Some((slot, store.find(&next))));
                    } else {
                        // Above the maximum: skipped, as in the other engines.
                        *overflowed = true;
                        if store.find(&next).is_none()
                            && let Err(error) = try_push(&mut beyond_max, next)
                        {
                            failed = Some(error);
                        }
                    }
                    return;
                };
                let relaxed = Node {
                    parent: slot,
                    dist: cost,
                    queued: true,
                    mark: 0,
                    order: reached,
                };
                let (next_slot, fresh) = match store.insert(&next, relaxed) {
                    Ok(inserted) => inserted,
                    Err(error) => {
                        failed = Some(error);
                        return;
                    }
                };
                if fresh {
                    reached = reached.wrapping_add(1);
                    relaxations_since_check += 1;
                    if let Err(error) = try_push_back(queue, next_slot) {
                        failed = Some(error);
                    }
                    return;
                }
                let node = store.value_mut(next_slot);
                if cost < node.dist {
                    node.dist = cost;
                    node.parent = slot;
                    relaxations_since_check += 1;
                    if !node.queued {
                        node.queued = true;
                        stats.reopened += 1;
                        if let Err(error) = try_push_back(queue, next_slot) {
                            failed = Some(error);
                        }
                    }
                }
            });
            if let Some(error) = failed {
                return Ok(Err(StopReason::Capacity(error)));
            }
            if let Some((from, to)) = underflow {
                // Usually a negative cycle driving costs below the type's minimum; if not,
                // a path's cost does not fit the type and the search cannot go on.
                if let Some(to) = to
                    && let Some(cycle) = self.tree_path(to, from)
                {
                    // The step from -> to closes the tree path to -> ... -> from, and
                    // costs more than it can hold below zero: a negative cycle.
                    return Err(self.cycle_of(space, &cycle));
                }
                return match self.find_parent_cycle() {
                    Some(on_cycle) => Err(self.cycle_through(space, on_cycle)),
                    None => Ok(Err(StopReason::CostOverflow)),
                };
            }
            if relaxations_since_check >= self.store.len() {
                relaxations_since_check = 0;
                if let Some(on_cycle) = self.find_parent_cycle() {
                    return Err(self.cycle_through(space, on_cycle));
                }
            }
        }
        let signed = C::with_unsigned(Unsigned).is_none();
        if signed
            && beyond_max
                .iter()
                .any(|state| self.store.find(state).is_none())
        {
            return Ok(Err(StopReason::CostOverflow));
        }
        Ok(Ok(Outcome::Found(())))
    }

    /// A slot on a cycle of the parent links, if there is one. O(states stored).
    fn find_parent_cycle(&mut self) -> Option<Slot> {
        let mut slots = core::mem::take(&mut self.scratch);
        slots.clear();
        slots.extend(self.store.slots());
        let walks_needed = u32::try_from(slots.len()).unwrap_or(u32::MAX);
        if self.walk >= u32::MAX - walks_needed {
            for &slot in &slots {
                self.store.value_mut(slot).mark = 0;
            }
            self.walk = 0;
        }
        // Marks above `first` were made during this check; each walk has its own mark.
        let first = self.walk;
        let found = self.walk_parents(&slots, first);
        self.scratch = slots;
        found
    }

    /// Walks the parent links from each of `slots`, marking states, until a walk meets
    /// its own mark (a cycle) or a state marked during this check (no cycle there).
    fn walk_parents(&mut self, slots: &[Slot], first: u32) -> Option<Slot> {
        for &start in slots {
            if self.store.value(start).mark > first {
                continue;
            }
            self.walk += 1;
            let mut at = start;
            while at != NO_SLOT {
                let node = self.store.value_mut(at);
                if node.mark == self.walk {
                    return Some(at);
                }
                if node.mark > first {
                    break; // joins a walk of this check that found no cycle
                }
                node.mark = self.walk;
                at = node.parent;
            }
        }
        None
    }

    /// The cycle of parent links through `on_cycle`, in forward order, with its cost.
    fn cycle_through<Sp>(&self, space: &Sp, on_cycle: Slot) -> NegativeCycle<S, C>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
    {
        let mut slots = vec![on_cycle];
        let mut at = self.store.value(on_cycle).parent;
        while at != on_cycle {
            slots.push(at);
            at = self.store.value(at).parent;
        }
        slots.reverse();
        self.cycle_of(space, &slots)
    }

    /// The slots from `ancestor` down the parent links to `slot`, if `ancestor` is one of
    /// `slot`'s ancestors (or `slot` itself).
    fn tree_path(&self, ancestor: Slot, slot: Slot) -> Option<Vec<Slot>> {
        let mut path = vec![slot];
        let mut at = slot;
        while at != ancestor {
            at = self.store.value(at).parent;
            // A parent cycle not through `ancestor` would loop: it is found elsewhere.
            if at == NO_SLOT || path.len() > self.store.len() {
                return None;
            }
            path.push(at);
        }
        path.reverse();
        Some(path)
    }

    /// The cycle through `slots` in order (the last steps back to the first), with the
    /// cost of its cheapest steps.
    fn cycle_of<Sp>(&self, space: &Sp, slots: &[Slot]) -> NegativeCycle<S, C>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
    {
        let cycle: Vec<S> = slots.iter().map(|&slot| self.store.state(slot)).collect();
        let mut cost = Some(C::ZERO);
        for (i, from) in cycle.iter().enumerate() {
            let to = &cycle[(i + 1) % cycle.len()];
            let mut cheapest: Option<C> = None;
            space.successors(from, |next, step| {
                if &next == to && cheapest.is_none_or(|c| step < c) {
                    cheapest = Some(step);
                }
            });
            // Parent links only follow steps the space emitted, so the step exists.
            cost = cost.and_then(|sum| sum.checked_plus(cheapest.unwrap_or(C::ZERO)));
        }
        NegativeCycle { cycle, cost }
    }
}

/// SPFA with hashed storage: a least-cost path from any of `starts` to a state satisfying
/// `is_goal`, with negative step costs allowed. See [`Spfa`].
///
/// # Complexity
///
/// O(V E) time in the worst case and O(V) space for the V states and E steps reached.
///
/// # Errors
///
/// [`NegativeCycle`] when a cycle of negative cost is reachable from a start.
///
/// # Examples
///
/// ```
/// let space = state_search::from_fn(|&n: &i32| {
///     if n < 5 { vec![(n + 1, 2i64), (n + 2, -1)] } else { vec![] }
/// });
/// let found = state_search::spfa(&space, [0], |&n| n == 4)?.into_found().unwrap();
/// assert_eq!(found.cost, -2);
/// # Ok::<(), state_search::NegativeCycle<i32, i64>>(())
/// ```
pub fn spfa<Sp, IsGoal>(
    space: &Sp,
    starts: impl IntoIterator<Item = Sp::State>,
    is_goal: IsGoal,
) -> SpfaResult<Sp::State, Sp::Cost>
where
    Sp: StateSpace + ?Sized,
    IsGoal: Fn(&Sp::State) -> bool,
{
    Spfa::new().search(&Problem::new(space, starts, is_goal))
}

/// The least cost of every state reachable from `starts`, with least-cost paths, for step
/// costs that may be negative.
///
/// # Errors
///
/// [`NegativeCycle`] when a cycle of negative cost is reachable from a start.
#[expect(
    clippy::type_complexity,
    reason = "spelled out so the docs show both sides"
)]
pub fn spfa_reach<Sp>(
    space: &Sp,
    starts: impl IntoIterator<Item = Sp::State>,
) -> Result<ShortestPaths<Sp::State, Sp::Cost>, NegativeCycle<Sp::State, Sp::Cost>>
where
    Sp: StateSpace + ?Sized,
{
    let engine = Spfa::new();
    match engine.scratch() {
        Ok(mut scratch) => {
            engine.reach_in(&mut scratch, space, starts)?;
            Ok(scratch.shortest_paths())
        }
        // Hashed storage allocates nothing up front; nothing was reached.
        Err(_) => Ok(ShortestPaths::empty()),
    }
}
