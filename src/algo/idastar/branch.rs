//! Depth-first branch and bound over IDA*'s depth-first pass
//! ([`IdaStar::branch_and_bound`](crate::IdaStar::branch_and_bound)): one iteration that
//! keeps the best goal found and prunes on it, the successors searched least `f` first.

use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::solution::{Outcome, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic};
use crate::store::{Storage, grow};

use super::tabled::IdaStarScratch;

impl<S: Clone + Eq, C: Cost, St: Storage<S>> IdaStarScratch<S, C, St> {
    /// Branch and bound: the outcome once every start's pass ended; `cut` says whether
    /// some path was cut off beyond the cost limit.
    pub(super) fn branch_and_bound_outcome(&mut self, cut: bool) -> Outcome<Solution<S, C>> {
        match self.best.take() {
            Some(best) => Outcome::Found(best),
            None if cut => Outcome::Stopped(StopReason::Cost),
            None if self.overflowed => Outcome::Stopped(StopReason::CostOverflow),
            None => Outcome::NoPath,
        }
    }

    /// Branch and bound: orders the successors of the top frame, reached at cost `g`, so
    /// that the least `f` is searched first (a good goal found early prunes the most), and
    /// among equal `f` in the order they were generated.
    ///
    /// # Complexity
    ///
    /// A binary insertion sort: O(b log b) comparisons and O(b^2) moves of small entries
    /// for `b` successors, with no sorting machinery compiled per state type.
    pub(super) fn order_children<H: Heuristic<S, C> + ?Sized>(
        &mut self,
        g: C,
        heuristic: &H,
    ) -> Result<(), CapacityError> {
        // Popped from the end: the least `f` last, and a sum that overflows first.
        let rank = |f: Option<C>| (f.is_some(), core::cmp::Reverse(f));
        let first = self.frames.last().map_or(0, |frame| frame.children);
        self.keyed.clear();
        // The buffer holds the successors in reverse order of generation: each goes after
        // the entries of equal rank, so that ties keep that order.
        for (state, step) in self.children.drain(first..) {
            let f = g
                .checked_plus(step)
                .and_then(|g| g.checked_plus(heuristic.estimate(&state)));
            if self.keyed.len() == self.keyed.capacity() {
                grow(&mut self.keyed)?;
            }
            let at = self
                .keyed
                .partition_point(|&(other, _, _)| rank(other) <= rank(f));
            self.keyed.insert(at, (f, state, step));
        }
        // The successors go back where they were taken from: no allocation.
        self.children
            .extend(self.keyed.drain(..).map(|(_, state, step)| (state, step)));
        Ok(())
    }

    /// Branch and bound: keeps the path on the stack, whose top is a goal better than the
    /// best so far, and tells the visitor.
    pub(super) fn improve<V: Visitor<S, C>>(
        &mut self,
        visitor: &mut V,
        stats: &Stats,
    ) -> Result<(), StopReason> {
        let cost = self.frames.last().map_or(C::ZERO, |goal| goal.g);
        let path = self
            .frames
            .iter()
            .map(|frame| frame.state.clone())
            .collect();
        self.best = Some(Solution { path, cost });
        let event = Event::Improved {
            cost,
            lower_bound: self.floor.min(cost),
            stats,
        };
        if visitor.visit(event).is_break() {
            return Err(StopReason::Visitor);
        }
        Ok(())
    }
}
