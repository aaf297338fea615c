//! The step-counting strategies (`bfs`, `bibfs`) on spaces whose steps all cost the same:
//! their limits, events and solutions converted between steps and the space's costs.

use core::ops::ControlFlow;

use crate::event::{Event, Visitor};
use crate::solution::{Limits, Outcome, Search, Solution};
use crate::space::{Cost, ReversibleSpace, StateIndexer, StateSpace};
use crate::store::Chosen;
use crate::{Bfs, BidirectionalBfs, Engine, Solver};

use super::searcher::{Kept, reuse};
use super::stored::Started;
use super::{Inapplicable, Strategy};
use crate::problem::{MaybeBackward, SearchProblem, StateOf};

/// A step-counting engine on a space whose steps all cost `unit`: BFS from the problem's
/// starts, or bidirectional BFS between its one start and its goal state.
pub(super) struct Steps<S, C> {
    unit: C,
    /// For `bibfs`: the start and the goal state.
    ends: Option<(S, S)>,
}

impl<S, C> Steps<S, C> {
    /// Whether this is `bibfs`, which searches from the goal state too.
    pub(super) fn bidirectional(&self) -> bool {
        self.ends.is_some()
    }
}

impl<S: Clone, C: Cost> Steps<S, C> {
    /// The engine of `strategy` (`bfs` or `bibfs`) for `problem`, or what it lacks.
    pub(super) fn new<P>(strategy: Strategy, problem: &P) -> Result<Self, Inapplicable>
    where
        P: SearchProblem,
        P::Space: StateSpace<State = S, Cost = C>,
    {
        let unit = problem
            .space()
            .uniform_cost()
            .filter(|unit| !unit.is_negative())
            .ok_or(Inapplicable::NeedsUniformCost)?;
        if strategy == Strategy::Bfs {
            return Ok(Self { unit, ends: None });
        }
        Ok(Self {
            unit,
            ends: Some(ends(problem)?),
        })
    }
}

/// The one start and the goal state of `problem`, for a bidirectional strategy, or what it
/// lacks (the goal state must pass the goal test).
pub(super) fn ends<P: SearchProblem>(
    problem: &P,
) -> Result<(StateOf<P>, StateOf<P>), Inapplicable> {
    let goal = problem
        .backward()
        .goal()
        .ok_or(Inapplicable::NeedsBackward)?;
    let [start] = problem.starts() else {
        return Err(Inapplicable::NeedsOneStart);
    };
    if !problem.is_goal(goal) {
        return Err(Inapplicable::BackwardGoalFailsTest);
    }
    Ok((start.clone(), goal.clone()))
}

impl<S: Clone, C: Cost> Steps<S, C> {
    /// Runs the engine with `storage`, in the buffers `kept` keeps; `Err` when they
    /// cannot be built.
    pub(super) fn run<P, I, V>(
        &self,
        storage: &Chosen<I>,
        kept: &mut Kept<S, C, I>,
        problem: &P,
        limits: &Limits<C>,
        visitor: &mut V,
    ) -> Started<S, C>
    where
        S: Eq + core::hash::Hash,
        P: SearchProblem,
        P::Space: StateSpace<State = S, Cost = C>,
        I: StateIndexer<S>,
        V: Visitor<S, C>,
    {
        let unit = self.unit;
        let limits = limits.clone().map_cost(|max| max_steps(unit, max));
        let mut visitor = InCost {
            inner: visitor,
            unit,
        };
        let search = match &self.ends {
            None => {
                let engine = Bfs::with_storage(storage.clone()).with_limits(limits);
                let scratch = reuse(&mut kept.bfs, storage, || engine.scratch())?;
                engine.search_in(scratch, problem, &mut visitor)
            }
            Some((start, goal)) => {
                let engine = BidirectionalBfs::with_storage(storage.clone()).with_limits(limits);
                let scratch = reuse(&mut kept.bibfs, storage, || engine.scratch())?;
                let space = Bidirectional {
                    space: problem.space(),
                    backward: problem.backward(),
                };
                let start = core::slice::from_ref(start);
                engine.run(scratch, &space, start, goal, &mut visitor)
            }
        };
        let in_cost = |found: Solution<StateOf<P>, usize>| {
            Some(Solution {
                cost: unit.times(found.cost as u64)?,
                path: found.path,
            })
        };
        let Search {
            outcome,
            stats,
            partial,
        } = search;
        let outcome = match outcome {
            Outcome::Found(found) => match in_cost(found) {
                Some(found) => Outcome::Found(found),
                None => Outcome::Stopped(crate::StopReason::CostOverflow),
            },
            Outcome::NoPath => Outcome::NoPath,
            Outcome::Stopped(reason) => Outcome::Stopped(reason),
        };
        Ok(Search {
            outcome,
            stats,
            partial: partial.and_then(in_cost),
        })
    }
}

/// A problem's space with the problem's backward direction: a [`ReversibleSpace`] for the
/// bidirectional engines.
pub(crate) struct Bidirectional<'p, Sp: ?Sized, B> {
    pub(crate) space: &'p Sp,
    pub(crate) backward: &'p B,
}

impl<Sp: StateSpace + ?Sized, B> StateSpace for Bidirectional<'_, Sp, B> {
    type State = Sp::State;
    type Cost = Sp::Cost;
    #[inline]
    fn successors(&self, state: &Sp::State, emit: impl FnMut(Sp::State, Sp::Cost)) {
        self.space.successors(state, emit);
    }
    fn uniform_cost(&self) -> Option<Sp::Cost> {
        self.space.uniform_cost()
    }
}

impl<Sp: StateSpace + ?Sized, B: MaybeBackward<Sp>> ReversibleSpace for Bidirectional<'_, Sp, B> {
    #[inline]
    fn predecessors(&self, state: &Sp::State, emit: impl FnMut(Sp::State, Sp::Cost)) {
        self.backward.predecessors(self.space, state, emit);
    }
}

/// The largest number of steps of cost `unit` whose total is at most `max`.
pub(super) fn max_steps<C: Cost>(unit: C, max: C) -> usize {
    if unit == C::ZERO {
        return if max.is_negative() { 0 } else { usize::MAX };
    }
    // The largest k with unit * k <= max, by bisection on k.
    let (mut low, mut high) = (0u64, u64::MAX);
    while low < high {
        let mid = low + (high - low).div_ceil(2);
        match unit.times(mid) {
            Some(cost) if cost <= max => low = mid,
            _ => high = mid - 1,
        }
    }
    usize::try_from(low).unwrap_or(usize::MAX)
}

/// A visitor of a step-counting engine that passes its events on with costs: depth times
/// `unit`.
struct InCost<'v, V, C> {
    inner: &'v mut V,
    unit: C,
}

impl<S, C: Cost, V: Visitor<S, C>> Visitor<S, usize> for InCost<'_, V, C> {
    fn visit(&mut self, event: Event<'_, S, usize>) -> ControlFlow<()> {
        let cost = |steps: usize| self.unit.times(steps as u64);
        let event = match event {
            Event::Expanded {
                state,
                cost: steps,
                backward,
            } => match cost(steps) {
                Some(cost) => Event::Expanded {
                    state,
                    cost,
                    backward,
                },
                None => return ControlFlow::Continue(()),
            },
            Event::Reopened { state, cost: steps } => match cost(steps) {
                Some(cost) => Event::Reopened { state, cost },
                None => return ControlFlow::Continue(()),
            },
            Event::Improved {
                cost: steps,
                lower_bound,
                stats,
            } => match cost(steps).zip(cost(lower_bound)) {
                Some((cost, lower_bound)) => Event::Improved {
                    cost,
                    lower_bound,
                    stats,
                },
                None => return ControlFlow::Continue(()),
            },
            Event::Restarted { stats } => Event::Restarted { stats },
            Event::IterationFinished {
                bound,
                next_bound,
                stats,
            } => match cost(bound) {
                Some(bound) => Event::IterationFinished {
                    bound,
                    next_bound: next_bound.and_then(cost),
                    stats,
                },
                None => return ControlFlow::Continue(()),
            },
        };
        self.inner.visit(event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_steps_is_the_largest_count_within_the_limit() {
        assert_eq!(max_steps(3u32, 10), 3);
        assert_eq!(max_steps(3u32, 9), 3);
        assert_eq!(max_steps(3u32, 2), 0);
        assert_eq!(max_steps(0u32, 2), usize::MAX);
        assert_eq!(max_steps(1u8, 255), 255);
        assert_eq!(max_steps((0u8, 1u8), (0, 7)), 7);
    }
}
