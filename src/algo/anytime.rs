//! Anytime weighted A* (Hansen and Zhou 2007): weighted A* that goes on after its first
//! solution, pruning what cannot beat the best one, until the open list is empty and the
//! best solution is proven optimal.
//!
//! It is the best-first loop ([`best_first::solve`](super::best_first::solve)) in weighted
//! A*'s order with the [`Anytime`] policy.

use core::cmp::Reverse;
use std::collections::BinaryHeap;

use super::best_first::{Node, Policy, parent, traced};
use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::queue::try_push_heap;
use crate::solution::{Solution, Stats, StopReason};
use crate::space::{Cost, StateSpace};
use crate::store::{NodeStore, Slot};

/// An entry of the list by `f`: `(f, slot, g)`, least `f` first.
type ByF<C> = Reverse<(C, Slot, C)>;

/// The anytime policy: a goal taken from the queue becomes the best solution when it is
/// cheaper than the one before, and the search goes on.
///
/// The visitor sees [`Event::Improved`] with the new cost and the least `f = g + h` still
/// open, a lower bound on the optimum for an admissible heuristic. States whose `f` is not
/// below the best cost are pruned. When the open list runs dry, the best solution is
/// optimal: [`Outcome::Found`](crate::Outcome::Found). When a limit stops the search
/// first, the outcome is the stop and [`Search::partial`](crate::Search::partial) holds
/// the best solution found (or, before the first one, the path to the most promising
/// state).
///
/// # Complexity
///
/// Up to A*'s work, plus the states expanded before the bound tightens; the list by `f`
/// holds one entry per queue entry.
pub(crate) struct Anytime<S, C> {
    /// Whether the first goal ends the search (weighted A*): the policy is then
    /// [`First`](super::best_first::First), as a value of this type so that weighted A*
    /// and its anytime variant are one compiled loop.
    first_only: bool,
    /// The best solution so far.
    incumbent: Option<Solution<S, C>>,
    /// The open states by `f`, for the lower bound (lazy: stale entries are dropped when
    /// met).
    by_f: BinaryHeap<ByF<C>>,
}

impl<S, C: Cost> Anytime<S, C> {
    /// No solution yet.
    pub(crate) fn new() -> Self {
        Self {
            first_only: false,
            incumbent: None,
            by_f: BinaryHeap::new(),
        }
    }

    /// The first goal ends the search.
    pub(crate) fn first_only() -> Self {
        Self {
            first_only: true,
            ..Self::new()
        }
    }

    /// The least `f` still open, capped by `best` (the incumbent's cost): a lower bound on
    /// the optimum. Drops the stale entries it meets.
    fn lower_bound(&mut self, store: &impl NodeStore<S, Node<C>>, best: C) -> C {
        while let Some(&Reverse((f, slot, g))) = self.by_f.peek() {
            let &(_, node_g, closed) = store.value(slot);
            if closed || node_g != g {
                self.by_f.pop();
                continue;
            }
            return f.min(best);
        }
        best
    }
}

impl<S, C: Cost> Policy<S, C> for Anytime<S, C> {
    #[inline]
    fn prunes(&self) -> bool {
        !self.first_only
    }

    #[inline]
    fn admits(&self, f: C) -> bool {
        self.incumbent.as_ref().is_none_or(|best| f < best.cost)
    }

    fn goal<Sp, N, V>(
        &mut self,
        space: &Sp,
        store: &N,
        slot: Slot,
        stats: &Stats,
        visitor: &mut V,
    ) -> Result<bool, StopReason>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        N: NodeStore<S, Node<C>>,
        V: Visitor<S, C>,
    {
        if self.first_only {
            return Ok(true);
        }
        let solution = traced(space, store, slot, parent, store.value(slot).1);
        let cost = solution.cost;
        self.incumbent = Some(solution);
        let lower_bound = self.lower_bound(store, cost);
        let event = Event::Improved {
            cost,
            lower_bound,
            stats,
        };
        if visitor.visit(event).is_break() {
            return Err(StopReason::Visitor);
        }
        Ok(false)
    }

    #[inline]
    fn queued(&mut self, slot: Slot, f: C, g: C) -> Result<(), CapacityError> {
        if self.first_only {
            return Ok(());
        }
        try_push_heap(&mut self.by_f, Reverse((f, slot, g)))
    }

    fn memory_bytes(&self) -> usize {
        self.by_f.capacity() * size_of::<ByF<C>>()
    }

    fn take(&mut self) -> Option<Solution<S, C>> {
        self.incumbent.take()
    }
}
