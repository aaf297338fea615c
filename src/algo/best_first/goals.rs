//! What the best-first loop does with the goals it takes from its open list: the first
//! one ends the search, or, for anytime weighted A* (Hansen and Zhou 2007: weighted A*
//! that goes on after its first solution, pruning what cannot beat the best one, until
//! the open list is empty and the best solution is proven optimal), each one cheaper than
//! the best so far becomes the best, and the search goes on.

use super::{LeastF, Node, current, parent, traced};
use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::solution::{Solution, Stats, StopReason};
use crate::space::{Cost, StateSpace};
use crate::store::{NodeStore, Slot};

/// What the loop does with the goals it takes from the queue. [`Goals::first`]: the
/// first one ends the search (Dijkstra, A*, weighted A*, greedy, focal search and EES).
/// [`Goals::anytime`]: a goal becomes the best solution when it is cheaper than the one
/// before, and the search goes on.
///
/// Anytime, the visitor sees [`Event::Improved`] with the new cost and the least `f = g + h` still
/// open, a lower bound on the optimum for an admissible heuristic. States whose `f` is not
/// below the best cost are pruned. When the open list runs dry, the best solution is
/// optimal: [`Outcome::Found`](crate::Outcome::Found). When a limit stops the search
/// first, the outcome is the stop and [`Search::partial`](crate::Search::partial) holds
/// the best solution found (or, before the first one, the path to the most promising
/// state).
///
/// # Complexity
///
/// Anytime: up to A*'s work, plus the states expanded before the bound tightens; the list
/// by `f` holds one entry per queue entry (none when the first goal ends the search,
/// unless a [`Stepper`](crate::Stepper) keeps it).
pub(crate) struct Goals<S, C> {
    /// Whether the first goal ends the search. One type for both, so that every
    /// best-first strategy of `Strategy::run` is one compiled loop.
    first_only: bool,
    /// Whether the open states are kept by `f`: for the lower bound (anytime), or for a
    /// [`Stepper`](crate::Stepper)'s least open `f`.
    keeps_f: bool,
    /// The best solution so far.
    incumbent: Option<Solution<S, C>>,
    /// The open states by `f`, for the lower bound.
    by_f: LeastF<C>,
}

impl<S, C: Cost> Goals<S, C> {
    /// The first goal ends the search.
    pub(crate) fn first() -> Self {
        Self {
            first_only: true,
            keeps_f: false,
            incumbent: None,
            by_f: LeastF::default(),
        }
    }

    /// Anytime: each goal cheaper than the best so far becomes the best, and the search
    /// goes on.
    pub(crate) fn anytime() -> Self {
        Self {
            first_only: false,
            keeps_f: true,
            ..Self::first()
        }
    }

    /// Keeps the open states by `f` from now on, for [`Goals::least_f`].
    pub(crate) fn keep_f(&mut self) {
        self.keeps_f = true;
    }

    /// The least `f` still open, if the open states are kept by `f` and one is open.
    /// Drops the stale entries it meets.
    pub(crate) fn least_f(&mut self, store: &impl NodeStore<S, Node<C>>) -> Option<C> {
        self.by_f.least(|slot, g| current(store, slot, g))
    }

    /// The least `f` still open, capped by `best` (the incumbent's cost): a lower bound on
    /// the optimum. Drops the stale entries it meets.
    fn lower_bound(&mut self, store: &impl NodeStore<S, Node<C>>, best: C) -> C {
        self.least_f(store).map_or(best, |f| f.min(best))
    }

    /// Whether [`Goals::admits`] can refuse: then the loop computes `f` of each state it
    /// takes from the queue.
    #[inline]
    pub(crate) fn prunes(&self) -> bool {
        !self.first_only
    }

    /// Whether a state whose `f` is `f` may still lead to a goal worth taking.
    #[inline]
    pub(crate) fn admits(&self, f: C) -> bool {
        self.incumbent.as_ref().is_none_or(|best| f < best.cost)
    }

    /// The goal at `slot` (its cost is its record's) left the queue: `Ok(true)` ends the
    /// search with it, `Ok(false)` goes on (it is kept), `Err` stops the search.
    ///
    /// # Errors
    ///
    /// The reason to stop (a visitor's).
    pub(crate) fn goal<Sp, N, V>(
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

    /// A state was queued at `slot` with `f` and `g`.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the list by `f` cannot grow.
    #[inline]
    pub(crate) fn queued(&mut self, slot: Slot, f: C, g: C) -> Result<(), CapacityError> {
        if !self.keeps_f {
            return Ok(());
        }
        self.by_f.push(f, slot, g)
    }

    /// The heap memory of the list by `f`, in bytes.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.by_f.memory_bytes()
    }

    /// The cost of the best solution so far, if any.
    #[inline]
    pub(crate) fn best(&self) -> Option<C> {
        self.incumbent.as_ref().map(|best| best.cost)
    }

    /// The best solution so far, if any.
    pub(crate) fn incumbent(&self) -> Option<&Solution<S, C>> {
        self.incumbent.as_ref()
    }

    /// The best solution kept, if any: taken once the search has ended.
    pub(crate) fn take(&mut self) -> Option<Solution<S, C>> {
        self.incumbent.take()
    }
}
