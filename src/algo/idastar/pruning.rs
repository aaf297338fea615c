//! How a depth-first pass of in-place IDA* prunes: its fixed bound ([`Deepening`]), or
//! branch and bound's best goal so far (`Incumbent`, in `in_place_branch`).

use super::cut_off;
use crate::space::Cost;

/// What a pass searches and what a goal does to it: IDA*'s fixed bound ([`Deepening`]),
/// or branch and bound's best goal so far (`Incumbent`). The pass keeps its value in a
/// local and the calls are inlined, so that IDA*'s loop compiles as if it compared with
/// its bound directly.
pub(super) trait Pruning<C>: Copy {
    /// Whether a goal ends the pass ([`Pass::Found`](super::Pass::Found)); else the pass keeps it
    /// ([`Pruning::keep`]) and goes on.
    const ENDS_AT_GOAL: bool;

    /// Whether a node of estimate `f` is searched.
    fn admits(&self, f: C) -> bool;

    /// A node of estimate `f` was not admitted.
    fn cut(&mut self, f: C);

    /// The least `f` cut off that a later search could admit, if any: IDA*'s next bound.
    fn next_bound(&self) -> Option<C>;

    /// A goal of cost `cost` is the best so far (only when the pass goes on after goals):
    /// prunes on it from now on, and returns the lower bound its event reports.
    fn keep(&mut self, cost: C) -> C;
}

/// IDA*'s pruning: every node whose `f` is above the bound is cut off, and the least of
/// them is the next bound.
#[derive(Clone, Copy)]
pub(super) struct Deepening<C> {
    bound: C,
    /// The least `f` cut off so far; `bound` itself stands for "none yet", since every f
    /// cut off is above it (a plain value keeps the hot loop free of an `Option` flag).
    next: C,
}

impl<C: Cost> Deepening<C> {
    /// The pruning of an iteration within `bound`.
    pub(super) fn new(bound: C) -> Self {
        Self { bound, next: bound }
    }
}

impl<C: Cost> Pruning<C> for Deepening<C> {
    const ENDS_AT_GOAL: bool = true;

    #[inline]
    fn admits(&self, f: C) -> bool {
        f <= self.bound
    }

    #[inline]
    fn cut(&mut self, f: C) {
        self.next = cut_off(self.next, self.bound, f);
    }

    #[inline]
    fn next_bound(&self) -> Option<C> {
        (self.next != self.bound).then_some(self.next)
    }

    /// Never called: IDA* ends at its first goal.
    fn keep(&mut self, cost: C) -> C {
        cost
    }
}
