//! IDA* over an [`InPlaceSpace`]: one mutable state, actions applied and undone, no state
//! ever cloned.

use core::ops::ControlFlow;

use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::solution::{Limits, Outcome, Plan, Search, Stats, StopReason};
use crate::space::{Cost, InPlaceSpace, estimated_total};
use crate::store::grow;

use super::super::engine::{Engine, InPlaceSolver, Setup, engine_setup};
use super::Pass;
pub(super) use super::pruning::{Deepening, Pruning};

/// One level of the in-place stack: the cost so far, the untried actions of this level,
/// the action that led here (to undo it) and its inverse (never tried here).
struct InPlaceFrame<I, A, C> {
    g: C,
    /// The node's estimate, raised by its children with [`InPlaceSpace::pathmax`].
    h: C,
    actions: I,
    applied: Option<A>,
    inverse: Option<A>,
}

/// The frame of a node of `Sp`.
type Frame<Sp> = InPlaceFrame<
    <Sp as InPlaceSpace>::Actions,
    <Sp as InPlaceSpace>::Action,
    <Sp as InPlaceSpace>::Cost,
>;

/// IDA* over an [`InPlaceSpace`]: one mutable state, actions applied and undone, no state
/// ever cloned. Searched through [`InPlaceSolver`]: `search`, `search_with` (a visitor) and
/// `search_in` (a reused [`InPlaceScratch`], the stack).
///
/// The action that undoes the previous one ([`InPlaceSpace::inverse`]) is never generated.
/// An estimate of the cost type's largest value marks a dead end (pruned; any other `g + h`
/// that does not fit the type is an overflow, as in [`AStar`](crate::AStar));
/// a negative action cost stops the search with
/// [`StopReason::NegativeCost`](crate::StopReason::NegativeCost).
/// The heuristic is the space's own ([`InPlaceSpace::heuristic`]), kept up to date by its
/// `apply` and `undo`. When the search returns (found, no path or stopped), the space is
/// back in its start state; a panic inside the search leaves it as it was at that moment.
///
/// There is no cycle check beyond the inverse action and no table: on a space with cycles
/// the search cannot prove that no path exists and runs until a limit stops it (set a cost
/// limit), and a cycle of zero-cost actions can make one iteration endless. Puzzles with
/// positive action costs and a reachable goal, the intended use, have neither problem.
///
/// [`Stats::generated`] counts the children generated: the actions applied, and those
/// rejected after an [`InPlaceSpace::peek`] without being applied. Korf's "nodes
/// generated" of the 15-puzzle literature is `generated + 1` (the root counted once).
/// [`Stats::peak_open`] is the deepest the stack went (in levels).
///
/// The node being searched lives in locals, not on the frame stack: a frame is pushed only
/// when the search descends into a child and popped when it comes back, as a recursive
/// search keeps its current call in registers. Each level walks the iterator of
/// [`InPlaceSpace::actions`] (for puzzles, a slice of a move table) instead of copying
/// actions into a buffer, and a space that can [`peek`] at a child's cost and estimate
/// has the children beyond the bound rejected without an apply/undo round trip. On the
/// 15-puzzle with the Manhattan distance this generates nodes at the rate of a recursive
/// C search (1.00x over twenty of Korf's instances; see `BENCHMARKS.md`).
///
/// [`InPlaceIdaStar::branch_and_bound`] turns the engine into depth-first branch and
/// bound over the same loop (`dfbnb`), for spaces whose goals lie within a known cost.
///
/// [`peek`]: InPlaceSpace::peek
///
/// # Complexity
///
/// Time: the states within each bound, summed over iterations. Space: O(depth).
///
/// # Examples
///
/// ```
/// use core::iter::{Chain, Once};
/// use state_search::{InPlaceIdaStar, InPlaceSolver, InPlaceSpace};
///
/// /// A counter that can be incremented or doubled; the goal is a target value.
/// struct Counter { value: u32, target: u32 }
/// #[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// enum Op { Inc, Double }
/// impl InPlaceSpace for Counter {
///     type Action = Op;
///     type Cost = u32;
///     type Actions = Chain<Once<Op>, core::option::IntoIter<Op>>;
///     fn actions(&self) -> Self::Actions {
///         let double = (self.value * 2 <= self.target).then_some(Op::Double);
///         core::iter::once(Op::Inc).chain(double)
///     }
///     fn apply(&mut self, op: Op) -> u32 {
///         match op { Op::Inc => self.value += 1, Op::Double => self.value *= 2 }
///         1
///     }
///     fn undo(&mut self, op: Op) {
///         match op { Op::Inc => self.value -= 1, Op::Double => self.value /= 2 }
///     }
/// }
/// let mut counter = Counter { value: 1, target: 10 };
/// let plan = InPlaceIdaStar::new()
///     .search(&mut counter, |c| c.value == c.target)
///     .into_found()
///     .unwrap();
/// // Actions are tried in the order given, so of the optimal plans the first is found.
/// assert_eq!(plan.actions, [Op::Inc, Op::Double, Op::Inc, Op::Double]);
/// assert_eq!(counter.value, 1); // restored
/// ```
#[derive(Clone, Debug)]
pub struct InPlaceIdaStar<C> {
    setup: Setup<(), C>,
    branch_and_bound: bool,
}

engine_setup!(InPlaceIdaStar<C>, cost C);

impl<C: Cost> Default for InPlaceIdaStar<C> {
    fn default() -> Self {
        Self::new()
    }
}

/// The buffers of an in-place IDA* search: the stack of levels above the node being
/// searched.
pub struct InPlaceScratch<Sp: InPlaceSpace> {
    frames: Vec<Frame<Sp>>,
    /// Whether the current search met a plan cost that overflows the cost type.
    pub(super) overflowed: bool,
}

impl<Sp: InPlaceSpace> InPlaceScratch<Sp> {
    /// The heap memory held by the stack, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.frames.capacity() * size_of::<InPlaceFrame<Sp::Actions, Sp::Action, Sp::Cost>>()
    }
}

impl<Sp: InPlaceSpace> Engine<Sp> for InPlaceIdaStar<Sp::Cost> {
    type Scratch = InPlaceScratch<Sp>;

    fn scratch(&self) -> Result<InPlaceScratch<Sp>, CapacityError> {
        Ok(InPlaceScratch::new())
    }
}

impl<C: Cost> InPlaceIdaStar<C> {
    /// An engine. The cost limit ([`InPlaceIdaStar::with_limits`]) caps the bound.
    #[must_use]
    pub fn new() -> Self {
        Self {
            setup: Setup::new(()),
            branch_and_bound: false,
        }
    }

    /// The same engine searching by depth-first branch and bound (`dfbnb`) instead of
    /// iterative deepening: one depth-first pass that keeps the best goal found so far
    /// and prunes every node whose `f = g + h` is no better than it (before the first
    /// goal, every node whose `f` exceeds [`Limits::max_cost`], if set). Each better goal
    /// is an [`Event::Improved`]; a search stopped by a limit keeps the best plan in
    /// [`Search::partial`]. The space is back in its start state when the search returns,
    /// as with IDA*.
    ///
    /// With an admissible heuristic the last goal kept is a least-cost one. Actions are
    /// tried in the space's order (a space that lists its most promising actions first
    /// finds good goals early, and prunes the most). As with IDA* there is no cycle check
    /// beyond the inverse action, and branch and bound has no depth bound of its own: on
    /// a space with cycles, **without a cost limit the pass may never end**: before its
    /// first goal it can walk around a cycle forever (after it, the goal's cost bounds
    /// every path whose actions cost more than zero, but a cycle of zero-cost actions
    /// still goes on forever), and it then runs until another limit (expansions, time, a
    /// visitor) stops it, with the best plan found as the partial result. Set
    /// [`Limits::max_cost`] (with positive action costs every path within it is finite),
    /// or search a tree or a DAG.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::{InPlaceIdaStar, InPlaceSolver, InPlaceSpace, Limits};
    ///
    /// /// A position on a line: steps of +1 (cost 3) or +2 (cost 5), and back.
    /// struct Line(i32);
    /// impl InPlaceSpace for Line {
    ///     type Action = i32;
    ///     type Cost = u32;
    ///     type Actions = core::array::IntoIter<i32, 4>;
    ///     fn actions(&self) -> Self::Actions { [2, 1, -1, -2].into_iter() }
    ///     fn apply(&mut self, step: i32) -> u32 {
    ///         self.0 += step;
    ///         if step.abs() == 2 { 5 } else { 3 }
    ///     }
    ///     fn undo(&mut self, step: i32) { self.0 -= step; }
    ///     fn inverse(&self, step: i32) -> Option<i32> { Some(-step) }
    /// }
    /// let mut line = Line(0);
    /// // Back and forth is a cycle: the cost limit is what makes the pass end.
    /// let dfbnb = InPlaceIdaStar::new()
    ///     .branch_and_bound()
    ///     .with_limits(Limits::new().max_cost(30));
    /// let plan = dfbnb.search(&mut line, |l| l.0 == 7).into_found().unwrap();
    /// assert_eq!(plan.cost, 18); // three +2 and one +1
    /// assert_eq!(line.0, 0); // restored
    /// ```
    #[must_use]
    pub fn branch_and_bound(mut self) -> Self {
        self.branch_and_bound = true;
        self
    }
}

/// The search: [`Outcome::Found`] with an optimal plan (when the space's heuristic is
/// admissible), [`Outcome::NoPath`], or [`Outcome::Stopped`]; the space is left in its
/// start state. The visitor sees [`Event::Expanded`] (the state is the space itself) and
/// [`Event::IterationFinished`] (by [branch and bound](InPlaceIdaStar::branch_and_bound):
/// [`Event::Improved`] at each better goal, and no iteration event).
impl<Sp, IsGoal> InPlaceSolver<Sp, IsGoal> for InPlaceIdaStar<Sp::Cost>
where
    Sp: InPlaceSpace,
    IsGoal: FnMut(&Sp) -> bool,
{
    fn search_in<V: Visitor<Sp, Sp::Cost>>(
        &self,
        scratch: &mut InPlaceScratch<Sp>,
        space: &mut Sp,
        mut is_goal: IsGoal,
        visitor: &mut V,
    ) -> Search<Plan<Sp::Action, Sp::Cost>> {
        let limits = &self.setup.limits.started();
        scratch.overflowed = false;
        if self.branch_and_bound {
            return scratch.branch_and_bound(limits, space, &mut is_goal, visitor);
        }
        let mut search = iterate(limits, space, visitor, |run| {
            let pass = scratch.pass(
                limits,
                run.space,
                Root::START,
                &mut Deepening::new(run.bound),
                &mut is_goal,
                run.visitor,
                run.stats,
                run.plan,
                &mut NoFrontier,
            );
            *run.overflowed |= scratch.overflowed;
            pass
        });
        search.stats.memory = scratch.memory_bytes();
        search
    }
}

/// What one iteration of [`iterate`] gives its pass: the space in its start state, the
/// bound, the visitor, the statistics to add to, the plan to fill on `Found`, and the
/// flag to set when a plan cost overflowed the cost type.
pub(super) struct Iteration<'a, Sp: InPlaceSpace, V> {
    pub(super) space: &'a mut Sp,
    pub(super) bound: Sp::Cost,
    pub(super) visitor: &'a mut V,
    pub(super) stats: &'a mut Stats,
    pub(super) plan: &'a mut Vec<Sp::Action>,
    pub(super) overflowed: &'a mut bool,
}

/// The iterations of an in-place IDA*, each bound searched by `pass`: the first bound is
/// the start's estimate, each next one the least estimate cut off by the last, until a
/// plan is found, nothing was cut off, the cost limit is passed or a pass stops. The
/// visitor sees [`Event::IterationFinished`] after every exhausted iteration.
pub(super) fn iterate<Sp, V>(
    limits: &Limits<Sp::Cost>,
    space: &mut Sp,
    visitor: &mut V,
    mut pass: impl FnMut(Iteration<'_, Sp, V>) -> Pass<Sp::Cost>,
) -> Search<Plan<Sp::Action, Sp::Cost>>
where
    Sp: InPlaceSpace,
    V: Visitor<Sp, Sp::Cost>,
{
    let mut stats = Stats::default();
    let mut overflowed = false;
    let mut bound = space.heuristic();
    let outcome = loop {
        if limits.exceeds_cost(bound) {
            break Outcome::Stopped(StopReason::Cost);
        }
        stats.iterations += 1;
        let mut plan = Vec::new();
        let result = pass(Iteration {
            space,
            bound,
            visitor,
            stats: &mut stats,
            plan: &mut plan,
            overflowed: &mut overflowed,
        });
        match result {
            Pass::Found(cost) => {
                break Outcome::Found(Plan {
                    actions: plan,
                    cost,
                });
            }
            Pass::Stopped(reason) => break Outcome::Stopped(reason),
            Pass::Exhausted { next_bound } => {
                let event = Event::IterationFinished {
                    bound,
                    next_bound,
                    stats: &stats,
                };
                if let ControlFlow::Break(()) = visitor.visit(event) {
                    break Outcome::Stopped(StopReason::Visitor);
                }
                match next_bound {
                    Some(next) => bound = next,
                    None if overflowed => break Outcome::Stopped(StopReason::CostOverflow),
                    None => break Outcome::NoPath,
                }
            }
        }
    };
    Search::new(outcome, stats)
}

/// Where a pass starts: the cost of the path to the current state of the space and the
/// action that led there (whose inverse the root never tries).
#[derive(Clone, Copy)]
pub(super) struct Root<A, C> {
    pub(super) g: C,
    pub(super) inverse: Option<A>,
}

impl<A, C: Cost> Root<A, C> {
    /// The start of a whole search: no cost, no action before.
    pub(super) const START: Self = Root {
        g: C::ZERO,
        inverse: None,
    };
}

/// Children that a pass hands over instead of searching below them: how the parallel
/// engine cuts an iteration's tree into work items with the sequential loop.
pub(super) trait Frontier<A, C> {
    /// Whether a child `depth` levels below the pass's root (which is at depth 0) is
    /// handed over. Called for each child within the bound that is not a goal.
    fn takes(&self, depth: usize) -> bool;

    /// Takes the child reached by `path` (from the pass's root) at cost `g`.
    fn take(&mut self, path: &mut dyn Iterator<Item = A>, g: C);
}

/// The frontier of the sequential engine: every child is searched.
pub(super) struct NoFrontier;

impl<A, C> Frontier<A, C> for NoFrontier {
    #[inline]
    fn takes(&self, _depth: usize) -> bool {
        false
    }

    fn take(&mut self, _path: &mut dyn Iterator<Item = A>, _g: C) {}
}

impl<Sp: InPlaceSpace> InPlaceScratch<Sp> {
    /// An empty stack.
    pub(super) fn new() -> Self {
        Self {
            frames: Vec::new(),
            overflowed: false,
        }
    }

    /// One depth-first pass below the current state of `space`, reached at `root.g`,
    /// pruned by `pruning`. Leaves the space in that state; on `Found`, `plan` holds the
    /// actions from it (a pass that goes on after goals keeps each better one there, and
    /// tells the visitor). The children `frontier` takes are handed to it, not searched.
    #[expect(
        clippy::too_many_lines,
        reason = "the engine's hot loop: its state must stay in locals to stay in registers"
    )]
    #[expect(
        clippy::too_many_arguments,
        reason = "one call site; the pass state is all here"
    )]
    pub(super) fn pass<M, IsGoal, V, F>(
        &mut self,
        limits: &Limits<Sp::Cost>,
        space: &mut Sp,
        root: Root<Sp::Action, Sp::Cost>,
        pruning: &mut M,
        is_goal: &mut IsGoal,
        visitor: &mut V,
        stats: &mut Stats,
        plan: &mut Vec<Sp::Action>,
        frontier: &mut F,
    ) -> Pass<Sp::Cost>
    where
        M: Pruning<Sp::Cost>,
        IsGoal: FnMut(&Sp) -> bool,
        V: Visitor<Sp, Sp::Cost>,
        F: Frontier<Sp::Action, Sp::Cost>,
    {
        self.frames.clear();
        let root_h = space.heuristic();
        // A dead end, or a plan too dear for the cost type.
        let Some(f) = estimated_total(root.g, root_h, &mut self.overflowed) else {
            return Pass::Exhausted { next_bound: None };
        };
        if !pruning.admits(f) {
            pruning.cut(f);
            return Pass::Exhausted {
                next_bound: pruning.next_bound(),
            };
        }
        if is_goal(space) {
            return Pass::Found(root.g);
        }
        // The counters live in locals during the pass and go back to `stats` at its end.
        let mut expanded = stats.expanded;
        let mut peak = stats.peak_open.max(1);
        if let Err(reason) = Self::check(limits, space, root.g, visitor, expanded) {
            return Pass::Stopped(reason);
        }
        expanded += 1;
        // The node being searched: its frame is pushed only when the search descends.
        let mut node = InPlaceFrame {
            g: root.g,
            h: root_h,
            actions: space.actions(),
            applied: None,
            inverse: root.inverse,
        };
        // In a local for the pass, as the counters: kept in registers.
        let mut prune = *pruning;
        let mut generated: u64 = 0;
        let pathmax = space.pathmax();
        let pass = loop {
            let next = loop {
                match node.actions.next() {
                    Some(action) if Some(action) == node.inverse => {}
                    next => break next,
                }
            };
            let Some(action) = next else {
                // Every action of this node was tried: back to its parent.
                if self.back(space, &mut node, &mut prune, pathmax) {
                    continue;
                }
                break Pass::Exhausted {
                    next_bound: prune.next_bound(),
                };
            };
            generated += 1;
            let (g, h) = if let Some((step, h)) = space.peek(action) {
                // The space tells the child's f without applying the action: a child
                // beyond the bound costs no apply/undo round trip.
                if step.is_negative() {
                    self.unwind(space, node.applied);
                    break Pass::Stopped(StopReason::NegativeCost);
                }
                // A sum that overflows belongs to no plan whose cost fits the type.
                let Some(g) = node.g.checked_plus(step) else {
                    self.overflowed = true;
                    continue;
                };
                // A dead end, or a plan too dear for the cost type.
                let Some(f) = estimated_total(g, h, &mut self.overflowed) else {
                    continue;
                };
                if !prune.admits(f) {
                    prune.cut(f);
                    if pathmax && !self.raise_or_leave(space, &mut node, &mut prune, h, step) {
                        break Pass::Exhausted {
                            next_bound: prune.next_bound(),
                        };
                    }
                    continue;
                }
                space.apply(action);
                // The space may refine the estimate once the action is applied (the peek
                // gave a lower bound): the child is checked again.
                let refined = space.heuristic();
                if refined > h {
                    match estimated_total(g, refined, &mut self.overflowed) {
                        Some(f) if prune.admits(f) => {}
                        cut => {
                            space.undo(action);
                            // A dead end or an overflow (`None`) raises nothing.
                            let Some(f) = cut else { continue };
                            prune.cut(f);
                            if pathmax
                                && !self.raise_or_leave(space, &mut node, &mut prune, refined, step)
                            {
                                break Pass::Exhausted {
                                    next_bound: prune.next_bound(),
                                };
                            }
                            continue;
                        }
                    }
                }
                (g, refined.max(h))
            } else {
                let step = space.apply(action);
                if step.is_negative() {
                    space.undo(action);
                    self.unwind(space, node.applied);
                    break Pass::Stopped(StopReason::NegativeCost);
                }
                // A sum that overflows belongs to no plan whose cost fits the type.
                let Some(g) = node.g.checked_plus(step) else {
                    self.overflowed = true;
                    space.undo(action);
                    continue;
                };
                let h = space.heuristic();
                // A dead end, or a plan too dear for the cost type.
                let Some(f) = estimated_total(g, h, &mut self.overflowed) else {
                    space.undo(action);
                    continue;
                };
                if !prune.admits(f) {
                    prune.cut(f);
                    space.undo(action);
                    if pathmax && !self.raise_or_leave(space, &mut node, &mut prune, h, step) {
                        break Pass::Exhausted {
                            next_bound: prune.next_bound(),
                        };
                    }
                    continue;
                }
                (g, h)
            };
            if is_goal(space) {
                if M::ENDS_AT_GOAL {
                    self.found(space, plan, node.applied, action);
                    break Pass::Found(g);
                }
                // Kept, not expanded: below it no plan costs less (no action costs less
                // than zero).
                let so_far = Stats {
                    expanded,
                    generated: stats.generated + generated,
                    peak_open: peak,
                    ..*stats
                };
                let kept =
                    self.improve(&mut prune, plan, node.applied, action, g, visitor, &so_far);
                space.undo(action);
                if let Err(reason) = kept {
                    self.unwind(space, node.applied);
                    break Pass::Stopped(reason);
                }
                continue;
            }
            if frontier.takes(self.frames.len() + 1) {
                self.hand_over(frontier, node.applied, action, g);
                space.undo(action);
                continue;
            }
            if let Err(reason) = Self::check(limits, space, g, visitor, expanded) {
                space.undo(action);
                self.unwind(space, node.applied);
                break Pass::Stopped(reason);
            }
            expanded += 1;
            if self.frames.len() == self.frames.capacity()
                && let Err(error) = grow(&mut self.frames)
            {
                space.undo(action);
                self.unwind(space, node.applied);
                break Pass::Stopped(StopReason::Capacity(error));
            }
            let child = InPlaceFrame {
                g,
                h,
                actions: space.actions(),
                applied: Some(action),
                inverse: space.inverse(action),
            };
            self.frames.push(core::mem::replace(&mut node, child));
            peak = peak.max(self.frames.len() + 1);
        };
        stats.generated += generated;
        stats.expanded = expanded;
        stats.peak_open = peak;
        *pruning = prune;
        pass
    }

    /// Before expanding the current state: checks the limits and tells the visitor.
    #[inline]
    fn check<V: Visitor<Sp, Sp::Cost>>(
        limits: &Limits<Sp::Cost>,
        space: &Sp,
        g: Sp::Cost,
        visitor: &mut V,
        expanded: u64,
    ) -> Result<(), StopReason> {
        limits.check(expanded, || 0)?;
        if let ControlFlow::Break(()) = visitor.visit(Event::Expanded {
            state: space,
            cost: g,
            backward: false,
        }) {
            return Err(StopReason::Visitor);
        }
        Ok(())
    }

    /// Records the plan that ends with `action` (applied from the node reached by
    /// `current`) and restores the start state. Rare, so kept out of the hot loop.
    #[cold]
    #[inline(never)]
    fn found(
        &mut self,
        space: &mut Sp,
        plan: &mut Vec<Sp::Action>,
        current: Option<Sp::Action>,
        action: Sp::Action,
    ) {
        self.record(plan, current, action);
        space.undo(action);
        self.unwind(space, current);
    }

    /// Writes to `plan` the actions from the pass's root to the child reached by `action`
    /// from the node reached by `current`.
    pub(super) fn record(
        &self,
        plan: &mut Vec<Sp::Action>,
        current: Option<Sp::Action>,
        action: Sp::Action,
    ) {
        plan.clear();
        plan.extend(self.frames.iter().filter_map(|frame| frame.applied));
        plan.extend(current);
        plan.push(action);
    }

    /// Hands the child reached by `action` from the node reached by `current` to
    /// `frontier`, with its path from the pass's root.
    #[cold]
    #[inline(never)]
    fn hand_over<F: Frontier<Sp::Action, Sp::Cost>>(
        &self,
        frontier: &mut F,
        current: Option<Sp::Action>,
        action: Sp::Action,
        g: Sp::Cost,
    ) {
        let mut path = self
            .frames
            .iter()
            .filter_map(|frame| frame.applied)
            .chain(current)
            .chain(Some(action));
        frontier.take(&mut path, g);
    }

    /// Pathmax after a child of `node` (estimate `child_h`, reached at cost `step`) was
    /// cut off: [`raise`], and leave `node` if that cuts it off; `false` at the root.
    #[inline]
    fn raise_or_leave<M: Pruning<Sp::Cost>>(
        &mut self,
        space: &mut Sp,
        node: &mut Frame<Sp>,
        prune: &mut M,
        child_h: Sp::Cost,
        step: Sp::Cost,
    ) -> bool {
        !raise(node, child_h, step, prune) || self.back(space, node, prune, true)
    }

    /// Leaves `node` for its parent (`false` at the pass's root); with `pathmax`, raises
    /// the parent's estimate from the child's, and leaves a parent cut off by that too.
    fn back<M: Pruning<Sp::Cost>>(
        &mut self,
        space: &mut Sp,
        node: &mut Frame<Sp>,
        prune: &mut M,
        pathmax: bool,
    ) -> bool {
        loop {
            if let Some(applied) = node.applied {
                space.undo(applied);
            }
            let Some(parent) = self.frames.pop() else {
                return false;
            };
            let child = core::mem::replace(node, parent);
            let cut = pathmax
                && child
                    .g
                    .checked_minus(node.g)
                    .is_some_and(|step| raise(node, child.h, step, prune));
            if !cut {
                return true;
            }
        }
    }

    /// Undoes `current` (the action that led to the node being searched) and every
    /// ancestor's action: the space returns to its start state.
    fn unwind(&mut self, space: &mut Sp, current: Option<Sp::Action>) {
        if let Some(applied) = current {
            space.undo(applied);
        }
        while let Some(frame) = self.frames.pop() {
            if let Some(applied) = frame.applied {
                space.undo(applied);
            }
        }
    }
}

/// Pathmax ([`InPlaceSpace::pathmax`]): raises `node`'s estimate to `child_h - step` (a child
/// reached by an action of cost `step`, with estimate `child_h`, not a dead end's) when
/// that is larger, and says whether that puts `node` beyond the bound (then cut off).
#[inline]
fn raise<I, A, C: Cost, M: Pruning<C>>(
    node: &mut InPlaceFrame<I, A, C>,
    child_h: C,
    step: C,
    prune: &mut M,
) -> bool {
    let dead_end = child_h.is_max();
    let Some(raised) = child_h.checked_minus(step).filter(|_| !dead_end) else {
        return false;
    };
    if raised <= node.h {
        return false;
    }
    node.h = raised;
    match node.g.checked_plus(raised) {
        Some(f) if !prune.admits(f) => {
            prune.cut(f);
            true
        }
        _ => false,
    }
}
