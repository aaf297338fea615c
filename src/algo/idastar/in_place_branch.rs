//! Depth-first branch and bound over the in-place engine's pass
//! ([`InPlaceIdaStar::branch_and_bound`](crate::InPlaceIdaStar::branch_and_bound)): one
//! pass that keeps the best goal found and prunes on it.

use core::ops::ControlFlow;

use crate::event::{Event, Visitor};
use crate::solution::{Limits, Outcome, Plan, Search, Stats, StopReason};
use crate::space::InPlaceSpace;

use super::in_place::{InPlaceScratch, NoFrontier, Pruning, Root};
use super::{Pass, min_option};

/// Branch and bound's pruning: up to the cost limit before the first goal, then below the
/// cost of the best goal so far.
#[derive(Clone, Copy)]
struct Incumbent<C> {
    /// The cost limit (`None`: no limit), then the best goal's cost.
    bound: Option<C>,
    /// Whether `bound` is a goal's cost (a node must do better) or the cost limit (a node
    /// may reach it).
    found: bool,
    /// The least `f` cut off beyond the cost limit before the first goal.
    beyond: Option<C>,
    /// The start's `f`: a lower bound on every plan's cost, for the events.
    floor: C,
}

impl<C: crate::Cost> Pruning<C> for Incumbent<C> {
    const ENDS_AT_GOAL: bool = false;

    #[inline]
    fn admits(&self, f: C) -> bool {
        match self.bound {
            None => true,
            Some(bound) => f < bound || (f == bound && !self.found),
        }
    }

    #[inline]
    fn cut(&mut self, f: C) {
        if !self.found {
            self.beyond = min_option(self.beyond, Some(f));
        }
    }

    fn next_bound(&self) -> Option<C> {
        self.beyond
    }

    fn keep(&mut self, cost: C) -> C {
        self.bound = Some(cost);
        self.found = true;
        self.floor.min(cost)
    }
}

impl<Sp: InPlaceSpace> InPlaceScratch<Sp> {
    /// Branch and bound from the start state of `space`: one pass, the best plan found.
    /// Never inlined: IDA*'s search, which calls it, keeps the code of its own loop alone.
    #[inline(never)]
    pub(super) fn branch_and_bound<IsGoal, V>(
        &mut self,
        limits: &Limits<Sp::Cost>,
        space: &mut Sp,
        is_goal: &mut IsGoal,
        visitor: &mut V,
    ) -> Search<Plan<Sp::Action, Sp::Cost>>
    where
        IsGoal: FnMut(&Sp) -> bool,
        V: Visitor<Sp, Sp::Cost>,
    {
        let mut stats = Stats {
            iterations: 1,
            ..Stats::default()
        };
        let mut pruning = Incumbent {
            bound: limits.cost_limit(),
            found: false,
            beyond: None,
            floor: space.heuristic(),
        };
        let mut actions = Vec::new();
        let pass = self.pass(
            limits,
            space,
            Root::START,
            &mut pruning,
            is_goal,
            visitor,
            &mut stats,
            &mut actions,
            &mut NoFrontier,
        );
        stats.memory = self.memory_bytes();
        let best = pruning.found.then_some(pruning.bound).flatten();
        let mut partial = best.map(|cost| Plan { actions, cost });
        let outcome = match pass {
            Pass::Found(cost) => {
                // The start is a goal: no plan costs less.
                let plan = Plan {
                    actions: Vec::new(),
                    cost,
                };
                let lower_bound = pruning.keep(cost);
                let event = Event::Improved {
                    cost,
                    lower_bound,
                    stats: &stats,
                };
                if let ControlFlow::Break(()) = visitor.visit(event) {
                    return Search {
                        outcome: Outcome::Stopped(StopReason::Visitor),
                        stats,
                        partial: Some(plan),
                    };
                }
                Outcome::Found(plan)
            }
            Pass::Stopped(reason) => Outcome::Stopped(reason),
            Pass::Exhausted { next_bound } => match partial.take() {
                Some(best) => Outcome::Found(best),
                None if next_bound.is_some() => Outcome::Stopped(StopReason::Cost),
                None if self.overflowed => Outcome::Stopped(StopReason::CostOverflow),
                None => Outcome::NoPath,
            },
        };
        Search {
            outcome,
            stats,
            partial,
        }
    }

    /// Keeps the plan that ends with `action` (applied from the node reached by
    /// `current`), of cost `cost`, as the best so far: in `plan`, and as what `pruning`
    /// prunes on; tells the visitor. Rare, so kept out of the hot loop.
    #[cold]
    #[inline(never)]
    #[expect(
        clippy::too_many_arguments,
        reason = "the pass's state at a goal, in its locals"
    )]
    pub(super) fn improve<M, V>(
        &self,
        pruning: &mut M,
        plan: &mut Vec<Sp::Action>,
        current: Option<Sp::Action>,
        action: Sp::Action,
        cost: Sp::Cost,
        visitor: &mut V,
        stats: &Stats,
    ) -> Result<(), StopReason>
    where
        M: Pruning<Sp::Cost>,
        V: Visitor<Sp, Sp::Cost>,
    {
        self.record(plan, current, action);
        let lower_bound = pruning.keep(cost);
        let event = Event::Improved {
            cost,
            lower_bound,
            stats,
        };
        match visitor.visit(event) {
            ControlFlow::Break(()) => Err(StopReason::Visitor),
            ControlFlow::Continue(()) => Ok(()),
        }
    }
}
