//! Depth-first branch and bound over IDA*'s depth-first pass
//! ([`IdaStar::branch_and_bound`]): one pass per start that keeps the best goal found and
//! prunes on it, the successors searched least `f` first.

use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::solution::{Outcome, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, StateSpace};
use crate::store::{Storage, TranspositionTable, try_push};

use super::Pass;
use super::tabled::{IdaStar, IdaStarScratch};

impl<C: Cost, St> IdaStar<C, St> {
    /// Depth-first branch and bound from each start in turn (see
    /// [`IdaStar::branch_and_bound`]); `floor` is the least `f` of the starts.
    #[expect(
        clippy::too_many_arguments,
        reason = "one call site; the search state is all here"
    )]
    pub(super) fn branch_and_bound_passes<Sp, H, IsGoal, V>(
        &self,
        scratch: &mut IdaStarScratch<Sp::State, C, St>,
        space: &Sp,
        starts: &[Sp::State],
        floor: C,
        heuristic: &H,
        is_goal: &mut IsGoal,
        visitor: &mut V,
        stats: &mut Stats,
    ) -> Outcome<Solution<Sp::State, C>>
    where
        Sp: StateSpace<Cost = C> + ?Sized,
        St: Storage<Sp::State>,
        H: Heuristic<Sp::State, C> + ?Sized,
        IsGoal: FnMut(&Sp::State) -> bool,
        V: Visitor<Sp::State, C>,
    {
        let limits = &self.setup.limits.started();
        stats.iterations = 1;
        if let Some(table) = &mut scratch.table {
            table.reset();
        }
        scratch.cuts.clear();
        scratch.floor = floor;
        // Whether some path was cut off beyond the cost limit.
        let mut cut = false;
        for start in starts {
            let bound = limits.cost_limit();
            match self.pass(
                scratch, limits, space, start, bound, heuristic, is_goal, visitor, stats,
            ) {
                Pass::Exhausted { next_bound } => cut |= next_bound.is_some(),
                // A branch-and-bound pass keeps its goals and goes on.
                Pass::Found(_) => {}
                Pass::Stopped(reason) => return Outcome::Stopped(reason),
            }
        }
        cut |= !scratch.cuts.is_empty();
        match scratch.best.take() {
            Some(best) => Outcome::Found(best),
            None if cut => Outcome::Stopped(StopReason::Cost),
            None if scratch.overflowed => Outcome::Stopped(StopReason::CostOverflow),
            None => Outcome::NoPath,
        }
    }
}

impl<S: Clone + Eq, C: Cost, St: Storage<S>> IdaStarScratch<S, C, St> {
    /// Branch and bound: orders the successors of the top frame, reached at cost `g`, so
    /// that the least `f` is searched first (a good goal found early prunes the most), and
    /// among equal `f` in the order they were generated.
    pub(super) fn order_children<H: Heuristic<S, C> + ?Sized>(
        &mut self,
        g: C,
        heuristic: &H,
    ) -> Result<(), CapacityError> {
        let first = self.frames.last().map_or(0, |frame| frame.children);
        self.keyed.clear();
        for (state, step) in self.children.drain(first..) {
            let f = g
                .checked_plus(step)
                .and_then(|g| g.checked_plus(heuristic.estimate(&state)));
            try_push(&mut self.keyed, (f, state, step))?;
        }
        // Popped from the end: the least `f` last, and a sum that overflows first. The
        // sort is stable, and the buffer held them in reverse order of generation.
        self.keyed
            .sort_by_key(|&(f, _, _)| (f.is_some(), core::cmp::Reverse(f)));
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
