//! IDA* over a [`StateSpace`]: an explicit stack of cloned states, and an optional
//! generation-stamped transposition table.

use core::ops::ControlFlow;

use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{ByRef, Cost, Heuristic, StateSpace, estimated_total};
use crate::store::{Hashed, Storage, TranspositionTable, try_push};

use super::super::engine::{Engine, Setup, Solver, engine_setup, expanding, stored_solver};
use super::{CycleCheck, Pass, min_option};
use crate::problem::{Problem, StateOf};

/// One level of the depth-first stack: a state, the cost to reach it, and where its
/// unexplored successors begin in the shared successor buffer.
pub(super) struct Frame<S, C> {
    pub(super) state: S,
    pub(super) g: C,
    pub(super) children: usize,
}

/// IDA* over a [`StateSpace`].
///
/// Each iteration is a depth-first search that cuts off every state with
/// `f = g + h > bound`; the next bound is the least `f` that was cut off. A goal is
/// accepted only when its `f <= bound`, so with an admissible heuristic the first goal
/// found is optimal. The stack is an explicit `Vec`, so the depth is limited by memory,
/// not by the thread's stack. An estimate of the cost type's largest value marks a dead
/// end: the state is pruned (any other `g + h` that does not fit the type is an overflow,
/// as in [`AStar`](crate::AStar)).
///
/// **Transposition table.** [`IdaStar::with_table`] adds a table stamped with the
/// iteration number (a [`StampedTable`](crate::store::StampedTable) for dense storage):
/// each state reached records the least `g` it was reached with in this iteration, and a
/// state reached again with a `g` no smaller is pruned, since its subtree was already
/// searched (or cut off) with at least as much budget. Starting an iteration clears the
/// table in O(1). A state cut off and later reached within the bound through a cheaper
/// path does not count as cut off: the next bound is the least `f` of the states that
/// stayed beyond the bound, so an iteration that reaches everything within the bound
/// ends with no cut-off at all, and "no path" is proved after at most `d + 2` iterations
/// on a unit-cost space whose states all lie within `d` steps. This is what makes IDA*
/// practical on graphs with many transpositions (grids, mazes); the table also stops
/// zero-cost cycles.
///
/// **Without a table**, IDA* uses O(depth) memory but re-expands transpositions.
/// [`CycleCheck::Parent`] (the default) never steps back to the state just left; on a
/// space with longer cycles it cannot prove that no path exists (every iteration cuts off
/// a longer walk around a cycle) and runs until a limit stops it, and a zero-cost cycle of
/// three or more states can make one iteration endless. [`CycleCheck::Path`] never steps
/// onto a state of the current path: on a finite space every iteration ends and "no
/// path" is proved once the bound exceeds the longest cycle-free path, but an iteration
/// enumerates every cycle-free path within the bound, which is exponential in the depth
/// even on small graphs (a 6x6 open grid has millions), at O(depth) per successor. Use a
/// table for anything but trees and tiny graphs.
///
/// [`Stats::generated`](crate::Stats::generated) counts the children taken from the stack
/// (searched or cut off); children still on it when a goal ends the search are not
/// counted, so it can be far below an A* search's count on the same space.
/// [`Stats::stored`](crate::Stats::stored) stays 0: the engine keeps a table, not a store
/// of states; [`Stats::memory`](crate::Stats::memory) includes the table.
///
/// # Complexity
///
/// Time: the sum over iterations of the states within the bound (exponential in the depth
/// without a table). Space: O(depth x branching) for the stack, plus the table and the
/// states cut off in an iteration when there is one.
///
/// # Examples
///
/// ```
/// use state_search::{Hashed, IdaStar, Problem, Solver};
///
/// let space = state_search::from_fn(|&(r, c): &(i32, i32)| {
///     [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
///         .into_iter()
///         .filter(|&(r, c)| (0..8).contains(&r) && (0..8).contains(&c))
///         .map(|p| (p, 1u32))
/// });
/// let h = |&(r, c): &(i32, i32)| (7 - r).unsigned_abs() + (7 - c).unsigned_abs();
/// let ida = IdaStar::with_table(Hashed);
/// let search = ida.search(&Problem::new(&space, [(0, 0)], |&s| s == (7, 7)).heuristic(&h));
/// assert_eq!(search.found().unwrap().cost, 14);
/// assert_eq!(search.stats.iterations, 1); // the Manhattan distance is exact here
/// ```
#[derive(Clone, Debug)]
pub struct IdaStar<C, St = Hashed> {
    setup: Setup<St, C>,
    table: bool,
    cycle_check: CycleCheck,
    branch_and_bound: bool,
}

engine_setup!(IdaStar<C, St>, cost C);

impl<C: Cost> IdaStar<C> {
    /// An engine without transposition table.
    #[must_use]
    pub fn new() -> Self {
        Self {
            setup: Setup::new(Hashed),
            table: false,
            cycle_check: CycleCheck::default(),
            branch_and_bound: false,
        }
    }
}

impl<C: Cost> Default for IdaStar<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Cost, St> IdaStar<C, St> {
    /// An engine with a transposition table built from `storage` (dense or hashed).
    /// Nothing is allocated until a search (or [`Engine::scratch`]) builds the table.
    #[must_use]
    pub fn with_table(storage: St) -> Self {
        Self {
            setup: Setup::new(storage),
            table: true,
            cycle_check: CycleCheck::default(),
            branch_and_bound: false,
        }
    }

    /// The same engine with another [`CycleCheck`].
    #[must_use]
    pub fn with_cycle_check(mut self, check: CycleCheck) -> Self {
        self.cycle_check = check;
        self
    }

    /// The same engine without its transposition table (its storage is then unused).
    #[must_use]
    pub(crate) fn without_table(mut self) -> Self {
        self.table = false;
        self
    }

    /// The same engine searching by depth-first branch and bound (`dfbnb`) instead of
    /// iterative deepening: one depth-first pass per start, which keeps the best goal found
    /// so far and prunes every state whose `f` is no better than it. Each better goal is an
    /// [`Event::Improved`]; a search stopped by a limit keeps the best one in
    /// [`Search::partial`].
    ///
    /// With an admissible heuristic the last goal kept is a least-cost one. The pass ends
    /// on a finite space (with a table or [`CycleCheck::Path`]) or when
    /// [`Limits::max_cost`] bounds the paths searched (with positive step costs); on an
    /// infinite space without a cost limit it may dive forever before its first goal, and
    /// after it search a tree that grows exponentially with that goal's cost, until a
    /// limit stops it.
    /// A transposition table prunes a state reached again at a cost no smaller, as in
    /// IDA* (the bound only falls, so the state's subtree was searched with more room).
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::{Hashed, IdaStar, Limits, Problem, Solver};
    ///
    /// // Cities on a line: steps of +1 (cost 3) or +2 (cost 5).
    /// let space = state_search::from_fn(|&n: &u32| [(n + 1, 3u32), (n + 2, 5)]);
    /// let dfbnb = IdaStar::with_table(Hashed)
    ///     .branch_and_bound()
    ///     .with_limits(Limits::new().max_cost(40));
    /// let search = dfbnb.search(&Problem::new(&space, [0], |&n| n == 7).heuristic(&|_: &u32| 0));
    /// assert_eq!(search.found().unwrap().cost, 18); // three +2 and one +1
    /// ```
    #[must_use]
    pub fn branch_and_bound(mut self) -> Self {
        self.branch_and_bound = true;
        self
    }
}

/// The buffers of an IDA* search: the stack, the successor buffer, and the transposition
/// table with the states cut off in the current iteration.
pub struct IdaStarScratch<S, C: Cost, St: Storage<S>> {
    pub(super) frames: Vec<Frame<S, C>>,
    pub(super) children: Vec<(S, C)>,
    pub(super) table: Option<St::Table<C>>,
    /// The states cut off in this iteration (table only): `(state, g, f)`.
    pub(super) cuts: Vec<(S, C, C)>,
    /// Whether the current search met a path cost that overflows `C`.
    pub(super) overflowed: bool,
    /// Branch and bound: the best goal found so far, and the least `f` of the starts (the
    /// lower bound its events report).
    pub(super) best: Option<Solution<S, C>>,
    pub(super) floor: C,
    /// Branch and bound: the successors being ordered, with their `f`.
    pub(super) keyed: Vec<(Option<C>, S, C)>,
}

crate::store::reusable_scratch!(IdaStarScratch<S, C>, table);

impl<S, C: Cost, St: Storage<S>> IdaStarScratch<S, C, St> {
    /// The heap memory held by the stack, the successor buffer and the table, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.frames.capacity() * size_of::<Frame<S, C>>()
            + (self.children.capacity() + self.cuts.capacity()) * size_of::<(S, C, C)>()
            + self.keyed.capacity() * size_of::<(Option<C>, S, C)>()
            + self
                .table
                .as_ref()
                .map_or(0, TranspositionTable::memory_bytes)
    }
}

impl<S, C: Cost, St: Storage<S>> Engine<S> for IdaStar<C, St> {
    type Scratch = IdaStarScratch<S, C, St>;

    fn scratch(&self) -> Result<Self::Scratch, CapacityError> {
        let table = if self.table {
            Some(self.setup.storage.try_table()?)
        } else {
            None
        };
        Ok(IdaStarScratch {
            frames: Vec::new(),
            children: Vec::new(),
            table,
            cuts: Vec::new(),
            overflowed: false,
            best: None,
            floor: C::ZERO,
            keyed: Vec::new(),
        })
    }
}

stored_solver!(
    /// IDA* searches a problem's space from its starts (in order, in every iteration) for a
    /// least-cost path to a goal, guided by the problem's heuristic; every step cost must be
    /// non-negative, and the goal is tested on every state whose `f` is within the bound.
    ///
    /// Returns [`Outcome::Found`] with a least-cost path (when the heuristic is admissible),
    /// [`Outcome::NoPath`] when an iteration cut nothing off, or [`Outcome::Stopped`]. The
    /// visitor sees [`Event::Expanded`] and [`Event::IterationFinished`] (by
    /// [branch and bound](IdaStar::branch_and_bound): [`Event::Improved`] at each better goal,
    /// and no iteration event).
    IdaStar -> Search<Solution<StateOf<P>, C>>,
    |engine, scratch, problem, visitor| {
        let starts = problem.starts();
        let mut run = Run {
            space: problem.space(),
            heuristic: problem.heuristic(),
            is_goal: |s: &StateOf<P>| problem.is_goal(s),
            limits: engine.setup.limits.started(),
            visitor,
            stats: Stats::default(),
        };
        scratch.overflowed = false;
        if let Some(table) = &mut scratch.table {
            // Entries of an earlier search are stale; drop them so a reused hashed table
            // does not grow with every query.
            table.clear();
        }
        let bound = starts
            .iter()
            .filter_map(|s| {
                estimated_total(C::ZERO, run.heuristic.estimate(s), &mut scratch.overflowed)
            })
            .min();
        scratch.best = None;
        let outcome = match bound {
            None => Outcome::NoPath,
            Some(bound) => run.iterate(engine, scratch, starts, bound),
        };
        let mut stats = run.stats;
        stats.memory = scratch.memory_bytes();
        scratch.frames.clear();
        scratch.children.clear();
        scratch.cuts.clear();
        Search {
            outcome,
            stats,
            partial: scratch.best.take(),
        }
    }
);

/// What the iterations and passes of one search work with: the space, the heuristic, the
/// goal test, the limits (started), the visitor, and the statistics so far.
struct Run<'r, Sp: ?Sized, C, H: ?Sized, IsGoal, V> {
    space: &'r Sp,
    heuristic: &'r H,
    is_goal: IsGoal,
    limits: Limits<C>,
    visitor: &'r mut V,
    stats: Stats,
}

impl<Sp, C, H, IsGoal, V> Run<'_, Sp, C, H, IsGoal, V>
where
    Sp: StateSpace<Cost = C> + ?Sized,
    C: Cost,
    H: Heuristic<Sp::State, C> + ?Sized,
    IsGoal: FnMut(&Sp::State) -> bool,
    V: Visitor<Sp::State, C>,
{
    /// The iterations of `engine`, from `bound` on.
    fn iterate<St: Storage<Sp::State>>(
        &mut self,
        engine: &IdaStar<C, St>,
        scratch: &mut IdaStarScratch<Sp::State, C, St>,
        starts: &[Sp::State],
        mut bound: C,
    ) -> Outcome<Solution<Sp::State, C>> {
        // Branch and bound searches once, within the cost limit alone; the starts' least
        // `f` is the lower bound its events report.
        scratch.floor = bound;
        loop {
            if !engine.branch_and_bound && self.limits.exceeds_cost(bound) {
                return Outcome::Stopped(StopReason::Cost);
            }
            let pass_bound = if engine.branch_and_bound {
                self.limits.cost_limit()
            } else {
                Some(bound)
            };
            self.stats.iterations += 1;
            if let Some(table) = &mut scratch.table {
                table.reset();
            }
            scratch.cuts.clear();
            let mut next_bound: Option<C> = None;
            for start in starts {
                match self.pass(engine, scratch, start, pass_bound) {
                    Pass::Exhausted { next_bound: next } => {
                        next_bound = min_option(next_bound, next);
                    }
                    Pass::Found(cost) => {
                        let path = scratch.frames.drain(..).map(|frame| frame.state).collect();
                        return Outcome::Found(Solution { path, cost });
                    }
                    Pass::Stopped(reason) => return Outcome::Stopped(reason),
                }
            }
            if let Some(table) = &scratch.table {
                // A state cut off and later reached more cheaply is not a cut-off.
                let genuine = scratch
                    .cuts
                    .iter()
                    .filter(|(state, g, _)| table.get(state) == Some(*g))
                    .map(|&(_, _, f)| f)
                    .min();
                next_bound = min_option(next_bound, genuine);
            }
            if engine.branch_and_bound {
                return scratch.branch_and_bound_outcome(next_bound.is_some());
            }
            let event = Event::IterationFinished {
                bound,
                next_bound,
                stats: &self.stats,
            };
            if let ControlFlow::Break(()) = self.visitor.visit(event) {
                return Outcome::Stopped(StopReason::Visitor);
            }
            match next_bound {
                Some(next) => bound = next,
                None if scratch.overflowed => return Outcome::Stopped(StopReason::CostOverflow),
                None => return Outcome::NoPath,
            }
        }
    }

    /// One depth-first pass of `engine` from `start` within `bound` (none: no cut-off). On
    /// `Found`, the frames hold the path; a branch-and-bound pass keeps each better goal in
    /// `scratch.best` instead, and goes on. Cut-offs are returned (no table) or listed in
    /// `scratch.cuts` (table).
    fn pass<St: Storage<Sp::State>>(
        &mut self,
        engine: &IdaStar<C, St>,
        scratch: &mut IdaStarScratch<Sp::State, C, St>,
        start: &Sp::State,
        bound: Option<C>,
    ) -> Pass<C> {
        scratch.frames.clear();
        scratch.children.clear();
        let mut next_bound = None;
        match scratch.visit(start, C::ZERO, bound, self.heuristic, &mut next_bound) {
            Ok(true) => {}
            Ok(false) => return Pass::Exhausted { next_bound },
            Err(error) => return Pass::Stopped(StopReason::Capacity(error)),
        }
        if (self.is_goal)(start) {
            scratch.frames.push(Frame {
                state: start.clone(),
                g: C::ZERO,
                children: 0,
            });
            if !engine.branch_and_bound {
                return Pass::Found(C::ZERO);
            }
            return match scratch.improve(self.visitor, &self.stats) {
                Ok(()) => Pass::Exhausted { next_bound },
                Err(reason) => Pass::Stopped(reason),
            };
        }
        if let Err(reason) = self.open(engine.cycle_check, scratch, start.clone(), C::ZERO) {
            return Pass::Stopped(reason);
        }
        while let Some(top) = scratch.frames.last() {
            if scratch.children.len() == top.children {
                scratch.frames.pop();
                continue;
            }
            let top_g = top.g;
            let Some((state, step)) = scratch.children.pop() else {
                break;
            };
            self.stats.generated += 1;
            // A sum that overflows belongs to no path whose cost fits the type.
            let Some(g) = top_g.checked_plus(step) else {
                scratch.overflowed = true;
                continue;
            };
            match scratch.visit(&state, g, bound, self.heuristic, &mut next_bound) {
                Ok(true) => {}
                Ok(false) => continue,
                Err(error) => return Pass::Stopped(StopReason::Capacity(error)),
            }
            if (self.is_goal)(&state) {
                let children = scratch.children.len();
                scratch.frames.push(Frame { state, g, children });
                if !engine.branch_and_bound {
                    return Pass::Found(g);
                }
                // Kept, not expanded: no better goal lies beyond it.
                if let Err(reason) = scratch.improve(self.visitor, &self.stats) {
                    return Pass::Stopped(reason);
                }
                continue;
            }
            if let Err(reason) = self.open(engine.cycle_check, scratch, state, g) {
                return Pass::Stopped(reason);
            }
            if engine.branch_and_bound
                && let Err(error) = scratch.order_children(g, self.heuristic)
            {
                return Pass::Stopped(StopReason::Capacity(error));
            }
        }
        Pass::Exhausted { next_bound }
    }

    /// Expands `state`: checks the limits, tells the visitor, buffers the successors that
    /// pass the cycle check (in reverse, so popping yields them in emission order) and
    /// pushes the frame.
    fn open<St: Storage<Sp::State>>(
        &mut self,
        check: CycleCheck,
        scratch: &mut IdaStarScratch<Sp::State, C, St>,
        state: Sp::State,
        g: C,
    ) -> Result<(), StopReason> {
        self.limits
            .check(self.stats.expanded, || scratch.memory_bytes())?;
        expanding(self.visitor, &mut self.stats, &state, g, false)?;
        let first = scratch.children.len();
        let (frames, children) = (&scratch.frames, &mut scratch.children);
        let parent = frames.last().map(|frame| &frame.state);
        let mut halt = None;
        self.space.successors(&state, |next, step| {
            if halt.is_some() {
                return;
            }
            if step.is_negative() {
                halt = Some(StopReason::NegativeCost);
                return;
            }
            let repeated = match check {
                CycleCheck::None => false,
                CycleCheck::Parent => next == state || parent == Some(&next),
                CycleCheck::Path => next == state || frames.iter().any(|f| f.state == next),
            };
            if !repeated && let Err(error) = try_push(children, (next, step)) {
                halt = Some(StopReason::Capacity(error));
            }
        });
        if let Some(reason) = halt {
            return Err(reason);
        }
        scratch.children[first..].reverse();
        self.stats.peak_open = self.stats.peak_open.max(scratch.children.len());
        try_push(
            &mut scratch.frames,
            Frame {
                state,
                g,
                children: first,
            },
        )
        .map_err(StopReason::Capacity)
    }
}

impl<S: Clone + Eq, C: Cost, St: Storage<S>> IdaStarScratch<S, C, St> {
    /// Decides whether `state`, reached at cost `g`, is searched in this iteration: not
    /// when the table has it at a `g` no larger (pruned), not when its estimate overflows
    /// (a dead end), not when its `f` is above `bound` (a cut-off: folded into
    /// `next_bound`, or listed for the table).
    fn visit<H: Heuristic<S, C> + ?Sized>(
        &mut self,
        state: &S,
        g: C,
        bound: Option<C>,
        heuristic: &H,
        next_bound: &mut Option<C>,
    ) -> Result<bool, CapacityError> {
        // A state already searched in this iteration with a g no larger is pruned before
        // the bound test: everything it could reach was reached more cheaply.
        if let Some(table) = &mut self.table
            && !table.insert_if_less(state, g)?
        {
            return Ok(false);
        }
        // A dead end, or a path too dear for the cost type.
        let Some(f) = estimated_total(g, heuristic.estimate(state), &mut self.overflowed) else {
            return Ok(false);
        };
        // Branch and bound: no better than the best goal found.
        if let Some(best) = &self.best
            && f >= best.cost
        {
            return Ok(false);
        }
        if bound.is_some_and(|bound| f > bound) {
            if self.table.is_some() {
                try_push(&mut self.cuts, (state.clone(), g, f))?;
            } else {
                *next_bound = min_option(*next_bound, Some(f));
            }
            return Ok(false);
        }
        Ok(true)
    }
}

/// IDA* with a hashed transposition table: a least-cost path from any of `starts` to a
/// state satisfying `is_goal`. See [`IdaStar`] for dense tables, no table, limits and
/// reuse.
///
/// # Complexity
///
/// Time: the states within each bound, summed over iterations. Space: O(depth x
/// branching) plus the table.
///
/// # Examples
///
/// ```
/// let space = state_search::from_fn(|&n: &i32| [(n + 1, 1u32), (n - 1, 1), (n * 2, 1)]);
/// let h = |_: &i32| 0u32;
/// let found = state_search::idastar(&space, [1], &h, |&n| n == 24).into_found().unwrap();
/// assert_eq!(found.path, vec![1, 2, 3, 6, 12, 24]);
/// ```
pub fn idastar<Sp, H, IsGoal>(
    space: &Sp,
    starts: impl IntoIterator<Item = Sp::State>,
    heuristic: &H,
    is_goal: IsGoal,
) -> Search<Solution<Sp::State, Sp::Cost>>
where
    Sp: StateSpace + ?Sized,
    H: Heuristic<Sp::State, Sp::Cost> + ?Sized,
    IsGoal: Fn(&Sp::State) -> bool,
{
    let problem = Problem::new(space, starts, is_goal).heuristic(ByRef(heuristic));
    IdaStar::with_table(Hashed).search(&problem)
}
