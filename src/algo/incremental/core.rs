//! The loop LPA* and D* Lite share, written once: the `g` and `rhs` of every state met,
//! the queue of inconsistent states ordered by their keys, `UpdateVertex` and
//! `ComputeShortestPath` (Koenig and Likhachev 2002, with the optimizations of D* Lite's
//! final version: `rhs` lowered in place when a `g` falls, recomputed only where it was
//! supported by a `g` that rises, and the key modifier `k_m`). The two searches differ in
//! [`Direction`]: LPA* grows its tree from the start along successors, D* Lite from the
//! goal along predecessors.

use core::cmp::Reverse;
use core::hash::Hash;
use core::marker::PhantomData;
use std::collections::BinaryHeap;

use rustc_hash::FxHashSet;

use crate::algo::engine::{Setup, expanding, extended};
use crate::error::CapacityError;
use crate::event::Visitor;
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{Cost, ReversibleSpace};
use crate::store::{NodeStore, Slot, Storage, try_push};

/// A distance: a cost, or infinity (no path known). Ordered with every cost below
/// infinity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Dist<C> {
    /// A path of this cost.
    Finite(C),
    /// No path.
    #[default]
    Infinite,
}

impl<C: Cost> Dist<C> {
    /// The cost, if finite.
    fn finite(self) -> Option<C> {
        match self {
            Self::Finite(cost) => Some(cost),
            Self::Infinite => None,
        }
    }
}

/// The key of a queued state: `[min(g, rhs) + h + k_m; min(g, rhs)]`, compared
/// lexicographically. A sum that does not fit the cost type is infinite (the state then
/// comes after every state with a finite first part).
pub(crate) type Key<C> = (Dist<C>, Dist<C>);

/// What the searches record per state.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<C> {
    /// The cost of the best path known when the state was last expanded.
    g: Dist<C>,
    /// The one-step lookahead: the least `g(p) + c` over the state's parents `p`
    /// ([`Direction::parents`]); zero at the root.
    rhs: Dist<C>,
    /// The key under which the state is queued, when it is (inconsistent: `g != rhs`).
    key: Option<Key<C>>,
}

impl<C> Default for Node<C> {
    fn default() -> Self {
        Self {
            g: Dist::Infinite,
            rhs: Dist::Infinite,
            key: None,
        }
    }
}

/// Which way a search grows its tree from its root.
pub(crate) trait Direction {
    /// The tree grows from the start along successors (LPA*), not from the goal along
    /// predecessors (D* Lite).
    const FORWARD: bool;

    /// Emits the parents of `state` with the cost of the step between them: the states
    /// whose `g` make `state`'s `rhs`.
    #[inline]
    fn parents<Sp: ReversibleSpace + ?Sized>(
        space: &Sp,
        state: &Sp::State,
        emit: impl FnMut(Sp::State, Sp::Cost),
    ) {
        neighbours(space, state, !Self::FORWARD, emit);
    }

    /// Emits the children of `state` with the cost of the step between them: the states
    /// whose `rhs` depends on `state`'s `g`.
    #[inline]
    fn children<Sp: ReversibleSpace + ?Sized>(
        space: &Sp,
        state: &Sp::State,
        emit: impl FnMut(Sp::State, Sp::Cost),
    ) {
        neighbours(space, state, Self::FORWARD, emit);
    }

    /// The end of the step `(from, to)` whose `rhs` the step's cost makes: its child.
    #[inline]
    fn child_end<S>((from, to): (S, S)) -> S {
        if Self::FORWARD { to } else { from }
    }
}

/// Emits the successors of `state` (`forward`) or its predecessors, with the step costs.
#[inline]
fn neighbours<Sp: ReversibleSpace + ?Sized>(
    space: &Sp,
    state: &Sp::State,
    forward: bool,
    emit: impl FnMut(Sp::State, Sp::Cost),
) {
    if forward {
        space.successors(state, emit);
    } else {
        space.predecessors(state, emit);
    }
}

/// From the start along successors (LPA*): `rhs(s)` is the least `g(p) + c(p, s)` over
/// the predecessors `p`.
pub(crate) struct Forward;

impl Direction for Forward {
    const FORWARD: bool = true;
}

/// From the goal along predecessors (D* Lite): `rhs(s)` is the least `c(s, t) + g(t)`
/// over the successors `t`.
pub(crate) struct Backward;

impl Direction for Backward {
    const FORWARD: bool = false;
}

/// A queue entry: a key and a slot, the least key on top. An entry is current while its
/// state's record holds its key; the others are dropped when they reach the top.
type Entry<C> = Reverse<(Key<C>, Slot)>;

/// The state of an incremental search kept from one search to the next: the records of
/// the states met, the queue of inconsistent states, and the states whose `rhs` a
/// reported change may have made wrong. `D` is the way its tree grows.
pub(crate) struct Core<S, C: Cost, St: Storage<S>, D> {
    /// The storage the records are kept in, and the limits of each search.
    setup: Setup<St, C>,
    /// Built by the first search (a dense store is allocated then).
    store: Option<St::Store<Node<C>>>,
    heap: BinaryHeap<Entry<C>>,
    /// The number of queued states (entries whose state holds their key).
    queued: usize,
    /// The root: the state whose `rhs` is zero.
    root: S,
    /// The key modifier: the sum of the heuristic's drops as the target moved (D* Lite).
    k_m: C,
    /// States whose `rhs` must be recomputed before the next search.
    pending: Vec<S>,
    /// The records no longer satisfy the invariants (a change could not be recorded, a
    /// search halted in the middle of an update): the next search starts afresh.
    stale: bool,
    /// Some path cost did not fit the cost type.
    overflowed: bool,
    direction: PhantomData<D>,
}

impl<S, C: Cost, St: Storage<S>, D> Core<S, C, St, D> {
    /// The root.
    pub(crate) fn root(&self) -> &S {
        &self.root
    }

    /// The limits of each search.
    pub(crate) fn limits(&self) -> &Limits<C> {
        &self.setup.limits
    }

    /// Replaces the limits of later searches.
    pub(crate) fn set_limits(&mut self, limits: Limits<C>) {
        self.setup.limits = limits;
    }

    /// Forgets every record: the next search starts afresh.
    pub(crate) fn reset(&mut self) {
        self.stale = true;
        self.pending = Vec::new();
    }
}

impl<S, C, St, D> Core<S, C, St, D>
where
    S: Clone + Eq + Hash,
    C: Cost,
    St: Storage<S>,
    D: Direction,
{
    /// A search rooted at `root`, with no limits; nothing is allocated before the first
    /// search.
    pub(crate) fn new(storage: St, root: S) -> Self {
        Self {
            setup: Setup::new(storage),
            store: None,
            heap: BinaryHeap::new(),
            queued: 0,
            root,
            k_m: C::ZERO,
            pending: Vec::new(),
            stale: true,
            overflowed: false,
            direction: PhantomData,
        }
    }

    /// The heap memory held, in bytes.
    fn memory_bytes(&self) -> usize {
        self.store.as_ref().map_or(0, NodeStore::memory_bytes)
            + self.heap.capacity() * size_of::<Entry<C>>()
            + self.pending.capacity() * size_of::<S>()
    }

    /// Adds `delta` to the key modifier (D* Lite, when its target moved). A sum that does
    /// not fit the cost type starts the next search afresh.
    pub(crate) fn add_to_key_modifier(&mut self, delta: C) {
        match self.k_m.checked_plus(delta) {
            Some(k_m) => self.k_m = k_m,
            None => self.stale = true,
        }
    }

    /// Notes that the cost of each step `(from, to)` changed: the `rhs` of its child end
    /// ([`Direction::child_end`]) may be wrong. When a note cannot be kept, the next
    /// search starts afresh.
    pub(crate) fn edges_changed(&mut self, edges: impl IntoIterator<Item = (S, S)>) {
        for edge in edges {
            if self.stale {
                return;
            }
            if try_push(&mut self.pending, D::child_end(edge)).is_err() {
                self.stale = true;
                self.pending = Vec::new();
            }
        }
    }

    /// The record of `state`, or the record of a state never met.
    fn node(&self, state: &S) -> Node<C> {
        let store = self.store();
        store
            .find(state)
            .map_or_else(Node::default, |slot| *store.value(slot))
    }

    /// `[min(g, rhs) + h + k_m; min(g, rhs)]`.
    #[inline]
    fn key(&self, node: &Node<C>, h: C) -> Key<C> {
        let least = node.g.min(node.rhs);
        let first = least
            .finite()
            .and_then(|m| m.checked_plus(h))
            .and_then(|m| m.checked_plus(self.k_m))
            .map_or(Dist::Infinite, Dist::Finite);
        (first, least)
    }

    /// The store.
    #[inline]
    fn store(&self) -> &St::Store<Node<C>> {
        self.store.as_ref().expect("built by `prepare`")
    }

    /// The store, mutably.
    #[inline]
    fn store_mut(&mut self) -> &mut St::Store<Node<C>> {
        self.store.as_mut().expect("built by `prepare`")
    }

    /// Records `state`, never met before.
    fn insert(&mut self, state: &S) -> Result<Slot, StopReason> {
        let (slot, _) = self
            .store_mut()
            .insert(state, Node::default())
            .map_err(StopReason::Capacity)?;
        Ok(slot)
    }

    /// Adds an entry to the heap, first dropping the entries that are no longer current
    /// when they outnumber the current ones.
    fn push(&mut self, slot: Slot, key: Key<C>) -> Result<(), StopReason> {
        if self.heap.len() == self.heap.capacity() && self.heap.len() > 2 * self.queued + 64 {
            let store = self.store.as_ref().expect("built by `prepare`");
            self.heap
                .retain(|Reverse((key, slot))| store.value(*slot).key == Some(*key));
        }
        if self.heap.len() == self.heap.capacity() {
            let more = self.heap.capacity().max(4);
            self.heap
                .try_reserve(more)
                .map_err(|_| StopReason::Capacity(heap_full::<C>(self.heap.len() + more)))?;
        }
        self.heap.push(Reverse((key, slot)));
        Ok(())
    }

    /// The current entry of least key, the stale entries above it dropped.
    fn top(&mut self) -> Option<(Key<C>, Slot)> {
        let store = self.store.as_ref().expect("built by `prepare`");
        while let Some(&Reverse((key, slot))) = self.heap.peek() {
            if store.value(slot).key == Some(key) {
                return Some((key, slot));
            }
            self.heap.pop();
        }
        None
    }

    /// One search for the target: brings the records up to date with the noted changes,
    /// runs `ComputeShortestPath` until the target is consistent and no queued key is below
    /// its key, and returns the path from the target to the root along parents (`Found`),
    /// `NoPath`, or the reason it stopped. `h` estimates the cost between a state and the
    /// target.
    ///
    /// When the path cannot be traced, the records do not describe the space (a change
    /// was not reported): the search starts afresh, once, and
    /// [`Stats::iterations`] is 2.
    pub(crate) fn search<Sp, V>(
        &mut self,
        space: &Sp,
        target: &S,
        h: impl Fn(&S) -> C,
        visitor: &mut V,
    ) -> Search<Solution<S, C>>
    where
        Sp: ReversibleSpace<State = S, Cost = C> + ?Sized,
        V: Visitor<S, C>,
    {
        let limits = self.setup.limits.started();
        let mut pass = Pass {
            core: self,
            space,
            target,
            h: &h,
            stats: Stats {
                iterations: 1,
                ..Stats::default()
            },
        };
        let mut outcome = pass.attempt(&limits, visitor);
        if outcome.is_none() {
            pass.core.stale = true;
            pass.stats.iterations += 1;
            outcome = pass.attempt(&limits, visitor);
        }
        let mut stats = pass.stats;
        stats.stored = self.store.as_ref().map_or(0, NodeStore::len);
        stats.memory = self.memory_bytes();
        // A fresh search traces its path unless the predecessors disagree with the
        // successors.
        Search::new(outcome.unwrap_or(Outcome::NoPath), stats)
    }
}

/// One search under way: the records it brings up to date, the space as it is now, the
/// target, the heuristic toward it (`h`), and the work counted so far.
struct Pass<'a, S, C: Cost, St: Storage<S>, D, Sp: ?Sized, H> {
    core: &'a mut Core<S, C, St, D>,
    space: &'a Sp,
    target: &'a S,
    h: &'a H,
    stats: Stats,
}

impl<S, C, St, D, Sp, H> Pass<'_, S, C, St, D, Sp, H>
where
    S: Clone + Eq + Hash,
    C: Cost,
    St: Storage<S>,
    D: Direction,
    Sp: ReversibleSpace<State = S, Cost = C> + ?Sized,
    H: Fn(&S) -> C,
{
    /// One attempt of [`Core::search`]: `None` when the path cannot be traced.
    fn attempt<V: Visitor<S, C>>(
        &mut self,
        limits: &Limits<C>,
        visitor: &mut V,
    ) -> Option<Outcome<Solution<S, C>>> {
        let result = self.prepare().and_then(|()| {
            self.apply_changes()?;
            self.compute(limits, visitor)
        });
        match result {
            Ok(()) => self.answer(),
            Err(reason) => Some(Outcome::Stopped(reason)),
        }
    }

    /// Makes the store, and starts afresh when the records are stale.
    fn prepare(&mut self) -> Result<(), StopReason> {
        let core = &mut *self.core;
        if core.store.is_none() {
            core.store = Some(
                core.setup
                    .storage
                    .try_store()
                    .map_err(StopReason::Capacity)?,
            );
            core.stale = true;
        }
        if core.stale {
            self.restart()?;
        }
        Ok(())
    }

    /// Forgets every record and queues the root alone.
    fn restart(&mut self) -> Result<(), StopReason> {
        let core = &mut *self.core;
        core.store_mut().clear();
        core.heap.clear();
        core.queued = 0;
        core.k_m = C::ZERO;
        core.pending.clear();
        core.overflowed = false;
        let root = core.root.clone();
        let slot = core.insert(&root)?;
        core.store_mut().value_mut(slot).rhs = Dist::Finite(C::ZERO);
        self.update(slot, &root)?;
        self.core.stale = false;
        Ok(())
    }

    /// Recomputes the `rhs` of every state noted as changed.
    fn apply_changes(&mut self) -> Result<(), StopReason> {
        let pending = core::mem::take(&mut self.core.pending);
        let mut result = Ok(());
        for state in &pending {
            result = self.recompute(state, None);
            if result.is_err() {
                break;
            }
        }
        // Keep the buffer for the next changes.
        self.core.pending = pending;
        self.core.pending.clear();
        result.inspect_err(|_| self.core.stale = true)
    }

    /// Recomputes the `rhs` of `state` from its parents, then queues or unqueues it
    /// (`UpdateVertex`). `slot` is its slot when the caller knows it.
    fn recompute(&mut self, state: &S, slot: Option<Slot>) -> Result<(), StopReason> {
        if *state == self.core.root {
            return Ok(());
        }
        let core = &*self.core;
        let mut rhs = Dist::Infinite;
        let (mut halt, mut overflowed) = (None, false);
        let generated = &mut self.stats.generated;
        D::parents(self.space, state, |parent, step| {
            *generated += 1;
            if let Some(g) = core.node(&parent).g.finite()
                && let Some(cost) = extended(g, step, &mut halt, &mut overflowed)
            {
                rhs = rhs.min(Dist::Finite(cost));
            }
        });
        self.core.overflowed |= overflowed;
        if let Some(reason) = halt {
            return Err(reason);
        }
        let slot = match slot.or_else(|| self.core.store().find(state)) {
            Some(slot) => slot,
            // A state never met whose `rhs` stays infinite stays unrecorded.
            None if rhs == Dist::Infinite => return Ok(()),
            None => self.core.insert(state)?,
        };
        self.core.store_mut().value_mut(slot).rhs = rhs;
        self.update(slot, state)
    }

    /// Queues the state at `slot` under its key when it is inconsistent, and takes it out
    /// of the queue when it is not (`UpdateVertex`, after its `rhs` was set).
    fn update(&mut self, slot: Slot, state: &S) -> Result<(), StopReason> {
        let core = &mut *self.core;
        let node = *core.store().value(slot);
        if node.g == node.rhs {
            if node.key.is_some() {
                core.store_mut().value_mut(slot).key = None;
                core.queued -= 1;
            }
            return Ok(());
        }
        let key = core.key(&node, (self.h)(state));
        if node.key == Some(key) {
            return Ok(());
        }
        core.push(slot, key)?;
        if node.key.is_none() {
            core.queued += 1;
        }
        core.store_mut().value_mut(slot).key = Some(key);
        Ok(())
    }

    /// `ComputeShortestPath`: expands the queued state of least key until the target is
    /// consistent and its key is no greater than any queued key.
    fn compute<V: Visitor<S, C>>(
        &mut self,
        limits: &Limits<C>,
        visitor: &mut V,
    ) -> Result<(), StopReason> {
        let (target, h) = (self.target, self.h);
        loop {
            let Some((old_key, slot)) = self.core.top() else {
                return Ok(());
            };
            let core = &mut *self.core;
            self.stats.peak_open = self.stats.peak_open.max(core.queued);
            let goal = core.node(target);
            if old_key >= core.key(&goal, h(target)) && goal.g == goal.rhs {
                return Ok(());
            }
            limits.check(self.stats.expanded, || core.memory_bytes())?;
            let state = core.store().state(slot);
            let node = *core.store().value(slot);
            let new_key = core.key(&node, h(&state));
            if old_key < new_key {
                // Queued before the target moved: its key rose since (D* Lite).
                core.heap.pop();
                core.push(slot, new_key)
                    .inspect_err(|_| core.stale = true)?;
                core.store_mut().value_mut(slot).key = Some(new_key);
                continue;
            }
            let cost = node
                .g
                .min(node.rhs)
                .finite()
                .expect("a queued state has a path");
            expanding(visitor, &mut self.stats, &state, cost, !D::FORWARD)?;
            core.heap.pop();
            core.store_mut().value_mut(slot).key = None;
            core.queued -= 1;
            self.expand(slot, &state)
                .inspect_err(|_| self.core.stale = true)?;
        }
    }

    /// Expands the state at `slot`, just taken out of the queue: an overconsistent state
    /// (`g > rhs`) takes its `rhs` as `g` and lowers its children's `rhs`; an
    /// underconsistent one forgets its `g`, and the children whose `rhs` it made, and
    /// itself, are updated.
    fn expand(&mut self, slot: Slot, state: &S) -> Result<(), StopReason> {
        let space = self.space;
        let node = *self.core.store().value(slot);
        let mut halt = None;
        if node.g > node.rhs {
            let g = node.rhs.finite().expect("below an infinite g");
            self.core.store_mut().value_mut(slot).g = node.rhs;
            let mut overflowed = false;
            D::children(space, state, |child, step| {
                self.stats.generated += 1;
                let Some(cost) = extended(g, step, &mut halt, &mut overflowed) else {
                    return;
                };
                if child == self.core.root {
                    return;
                }
                if let Err(reason) = self.lower(&child, cost) {
                    halt = Some(reason);
                }
            });
            self.core.overflowed |= overflowed;
        } else {
            let old = node.g.finite().expect("above a finite rhs");
            self.core.store_mut().value_mut(slot).g = Dist::Infinite;
            D::children(space, state, |child, step| {
                self.stats.generated += 1;
                if halt.is_some() {
                    return;
                }
                if step.is_negative() {
                    halt = Some(StopReason::NegativeCost);
                    return;
                }
                let store = self.core.store();
                let Some(found) = store.find(&child) else {
                    return;
                };
                let supported = old
                    .checked_plus(step)
                    .is_some_and(|cost| store.value(found).rhs == Dist::Finite(cost));
                if supported && let Err(reason) = self.recompute(&child, Some(found)) {
                    halt = Some(reason);
                }
            });
            if halt.is_none() {
                self.update(slot, state)?;
            }
        }
        halt.map_or(Ok(()), Err)
    }

    /// Lowers the `rhs` of `child` to `cost` if that is less, and updates it.
    fn lower(&mut self, child: &S, cost: C) -> Result<(), StopReason> {
        let core = &mut *self.core;
        let found = core.store().find(child);
        let rhs = found.map_or(Dist::Infinite, |s| core.store().value(s).rhs);
        if Dist::Finite(cost) >= rhs {
            return Ok(());
        }
        let slot = match found {
            Some(slot) => slot,
            None => core.insert(child)?,
        };
        core.store_mut().value_mut(slot).rhs = Dist::Finite(cost);
        self.update(slot, child)
    }

    /// After `ComputeShortestPath`: the path from the target to the root along tight steps
    /// (`g(parent) + c = g(state)`), or no path when the target's `g` is infinite; `None`
    /// when the path cannot be traced.
    fn answer(&self) -> Option<Outcome<Solution<S, C>>> {
        let Some(cost) = self.core.node(self.target).g.finite() else {
            return Some(if self.core.overflowed {
                Outcome::Stopped(StopReason::CostOverflow)
            } else {
                Outcome::NoPath
            });
        };
        let path = self.trace()?;
        Some(Outcome::Found(Solution { path, cost }))
    }

    /// A depth-first walk from the target to the root along tight steps: from a state at
    /// `g`, to a parent at `g(parent)` with `g(parent) + c = g`, never to a state visited
    /// before. On positive costs the first tight parent always leads on; steps of cost
    /// zero may need a step back. `None` when the records do not lead to the root.
    fn trace(&self) -> Option<Vec<S>> {
        let store = self.core.store();
        let g = |state: &S| {
            store
                .find(state)
                .and_then(|slot| store.value(slot).g.finite())
        };
        let mut path = vec![self.target.clone()];
        let mut visited = FxHashSet::default();
        visited.insert(self.target.clone());
        while let Some(at) = path.last() {
            if *at == self.core.root {
                return Some(path);
            }
            let here = g(at)?;
            let mut next = None;
            D::parents(self.space, at, |parent, step| {
                if next.is_none()
                    && !visited.contains(&parent)
                    && g(&parent).and_then(|gp| gp.checked_plus(step)) == Some(here)
                {
                    next = Some(parent);
                }
            });
            match next {
                Some(parent) => {
                    visited.insert(parent.clone());
                    path.push(parent);
                }
                None => {
                    path.pop();
                }
            }
        }
        None
    }
}

/// The error of a heap that cannot grow to `entries` entries.
fn heap_full<C>(entries: usize) -> CapacityError {
    CapacityError::out_of_memory(entries, size_of::<Entry<C>>())
}
