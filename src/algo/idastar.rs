//! IDA*: iterative-deepening A* with an explicit stack (never recursion), an optional
//! generation-stamped transposition table, and an in-place variant that applies and undoes
//! actions on one mutable state.

use core::hash::Hash;
use core::ops::ControlFlow;

use crate::error::CapacityError;
use crate::event::{Event, NoVisitor, Visitor};
use crate::solution::{Limits, Outcome, Plan, Search, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, InPlaceSpace, StateSpace};
use crate::store::{Hashed, Storage, TranspositionTable};

/// Which repeated states the depth-first engine refuses along the current path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CycleCheck {
    /// No check: every successor is searched.
    None,
    /// Never step back to the state just left (the default). O(1) per successor.
    #[default]
    Parent,
    /// Never step onto any state of the current path. O(depth) per successor; needed when
    /// cycles of zero cost exist and no transposition table is used.
    Path,
}

/// One level of the depth-first stack: a state, the cost to reach it, and where its
/// unexplored successors begin in the shared successor buffer.
struct Frame<S, C> {
    state: S,
    g: C,
    children: usize,
}

/// How one bounded depth-first pass ended.
enum Pass<C> {
    Found(C),
    Exhausted { next_bound: Option<C> },
    Stopped(StopReason),
}

/// A reusable IDA* search over a [`StateSpace`].
///
/// Each iteration is a depth-first search that cuts off every state with
/// `f = g + h > bound`; the next bound is the least `f` that was cut off. A goal is
/// accepted only when its `f <= bound`, so with an admissible heuristic the first goal
/// found is optimal. The stack is an explicit `Vec`, so the depth is limited by memory,
/// not by the thread's stack.
///
/// **Transposition table.** [`IdaStar::with_table`] adds a table stamped with the
/// iteration number (a [`StampedTable`](crate::store::StampedTable) for dense storage):
/// a state reached again in the same iteration with a `g` no smaller than recorded is
/// pruned, since its subtree was already searched with at least as much budget. Starting
/// an iteration clears the table in O(1). This is what makes IDA* practical on graphs with
/// many transpositions (grids, mazes), and it also stops zero-cost cycles.
///
/// Without a table, IDA* uses O(depth) memory but re-expands transpositions, and on a
/// space with cycles it cannot prove that no path exists (every iteration cuts off a
/// longer walk around a cycle): it then runs until a limit stops it. With
/// [`CycleCheck::Parent`] (the default) a cycle of zero cost longer than two states can
/// even make one iteration endless. [`CycleCheck::Path`] fixes both on finite spaces, at
/// O(depth) per successor; a table fixes both at O(1).
///
/// # Complexity
///
/// Time: the sum over iterations of the states within the bound (exponential in the depth
/// without a table). Space: O(depth x branching) for the stack, plus the table.
///
/// # Panics
///
/// A search panics on a negative step cost or a path cost overflow.
///
/// # Examples
///
/// ```
/// use state_search::{Hashed, IdaStar};
///
/// let space = state_search::from_fn(|&(r, c): &(i32, i32)| {
///     [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
///         .into_iter()
///         .filter(|&(r, c)| (0..8).contains(&r) && (0..8).contains(&c))
///         .map(|p| (p, 1u32))
/// });
/// let h = |&(r, c): &(i32, i32)| (7 - r).unsigned_abs() + (7 - c).unsigned_abs();
/// let mut ida = IdaStar::with_table(Hashed);
/// let search = ida.search(&space, [(0, 0)], &h, |&s| s == (7, 7));
/// assert_eq!(search.found().unwrap().cost, 14);
/// assert_eq!(search.stats.iterations, 1); // the Manhattan distance is exact here
/// ```
pub struct IdaStar<S, C: Cost, St: Storage<S> = Hashed> {
    frames: Vec<Frame<S, C>>,
    children: Vec<(S, C)>,
    table: Option<St::Table<C>>,
    cycle_check: CycleCheck,
    limits: Limits<C>,
    /// Whether the current search met a path cost that overflows `C`.
    overflowed: bool,
}

impl<S: Clone + Eq + Hash, C: Cost> IdaStar<S, C, Hashed> {
    /// A searcher without transposition table.
    #[must_use]
    pub fn new() -> Self {
        Self {
            frames: Vec::new(),
            children: Vec::new(),
            table: None,
            cycle_check: CycleCheck::default(),
            limits: Limits::default(),
            overflowed: false,
        }
    }
}

impl<S: Clone + Eq + Hash, C: Cost> Default for IdaStar<S, C, Hashed> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Clone + Eq, C: Cost, St: Storage<S>> IdaStar<S, C, St> {
    /// A searcher with a transposition table built from `storage` (dense or hashed).
    ///
    /// # Panics
    ///
    /// Panics if a dense table cannot be allocated; see [`IdaStar::try_with_table`].
    #[must_use]
    pub fn with_table(storage: St) -> Self {
        Self::try_with_table(storage).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A searcher with a transposition table built from `storage` (dense or hashed).
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a dense table cannot be allocated.
    #[expect(
        clippy::needless_pass_by_value,
        reason = "a storage is a small value built at the call site, e.g. Dense(ix)"
    )]
    pub fn try_with_table(storage: St) -> Result<Self, CapacityError> {
        Ok(Self {
            frames: Vec::new(),
            children: Vec::new(),
            table: Some(storage.try_table()?),
            cycle_check: CycleCheck::default(),
            limits: Limits::default(),
            overflowed: false,
        })
    }

    /// The same searcher with another [`CycleCheck`].
    #[must_use]
    pub fn with_cycle_check(mut self, check: CycleCheck) -> Self {
        self.cycle_check = check;
        self
    }

    /// The same searcher with `limits`. The cost limit caps the bound: the search stops
    /// with [`StopReason::Cost`] instead of starting an iteration beyond it.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits<C>) -> Self {
        self.limits = limits;
        self
    }

    /// Replaces the limits of later searches.
    pub fn set_limits(&mut self, limits: Limits<C>) {
        self.limits = limits;
    }

    /// Finds a least-cost path from any of `starts` to a state satisfying `is_goal`.
    ///
    /// # Arguments
    ///
    /// * `space` - the state space; every step cost must be non-negative.
    /// * `starts` - the start states, searched in order in every iteration.
    /// * `heuristic` - an admissible estimate of the remaining cost.
    /// * `is_goal` - tested on every state whose `f` is within the bound.
    ///
    /// # Returns
    ///
    /// [`Outcome::Found`] with a least-cost path (when the heuristic is admissible),
    /// [`Outcome::NoPath`] when an iteration cut nothing off, or [`Outcome::Stopped`].
    pub fn search<Sp, H, IsGoal>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        heuristic: &H,
        is_goal: IsGoal,
    ) -> Search<Solution<S, C>>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        H: Heuristic<S, C> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
    {
        self.search_with(space, starts, heuristic, is_goal, &mut NoVisitor)
    }

    /// [`IdaStar::search`] with an event visitor; it sees [`Event::Expanded`] and
    /// [`Event::IterationFinished`].
    pub fn search_with<Sp, H, IsGoal, V>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        heuristic: &H,
        mut is_goal: IsGoal,
        visitor: &mut V,
    ) -> Search<Solution<S, C>>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        H: Heuristic<S, C> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
        V: Visitor<S, C>,
    {
        let starts: Vec<S> = starts.into_iter().collect();
        let mut stats = Stats::default();
        self.overflowed = false;
        if let Some(table) = &mut self.table {
            // Entries of an earlier search are stale; drop them so a reused hashed table
            // does not grow with every query.
            table.clear();
        }
        let Some(mut bound) = starts.iter().map(|s| heuristic.estimate(s)).min() else {
            return Search {
                outcome: Outcome::NoPath,
                stats,
            };
        };
        let outcome = loop {
            if self.limits.exceeds_cost(bound) {
                break Outcome::Stopped(StopReason::Cost);
            }
            stats.iterations += 1;
            if let Some(table) = &mut self.table {
                table.reset();
            }
            let mut next_bound: Option<C> = None;
            let mut pass = Pass::Exhausted { next_bound: None };
            for start in &starts {
                pass = self.pass(
                    space,
                    start,
                    bound,
                    heuristic,
                    &mut is_goal,
                    visitor,
                    &mut stats,
                );
                match pass {
                    Pass::Exhausted { next_bound: next } => {
                        next_bound = min_option(next_bound, next);
                    }
                    Pass::Found(_) | Pass::Stopped(_) => break,
                }
            }
            match pass {
                Pass::Found(cost) => {
                    let path: Vec<S> = self.frames.drain(..).map(|frame| frame.state).collect();
                    break Outcome::Found(Solution { path, cost });
                }
                Pass::Stopped(reason) => break Outcome::Stopped(reason),
                Pass::Exhausted { .. } => {}
            }
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
                None if self.overflowed => break Outcome::Stopped(StopReason::CostOverflow),
                None => break Outcome::NoPath,
            }
        };
        self.frames.clear();
        self.children.clear();
        Search { outcome, stats }
    }
}

impl<S: Clone + Eq, C: Cost, St: Storage<S>> IdaStar<S, C, St> {
    /// The heap memory held by the stack, the successor buffer and the table, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.frames.capacity() * size_of::<Frame<S, C>>()
            + self.children.capacity() * size_of::<(S, C)>()
            + self
                .table
                .as_ref()
                .map_or(0, TranspositionTable::memory_bytes)
    }

    /// One depth-first pass from `start` within `bound`. On `Found`, the frames hold the
    /// path.
    #[expect(
        clippy::too_many_arguments,
        reason = "one call site; the pass state is all here"
    )]
    fn pass<Sp, H, IsGoal, V>(
        &mut self,
        space: &Sp,
        start: &S,
        bound: C,
        heuristic: &H,
        is_goal: &mut IsGoal,
        visitor: &mut V,
        stats: &mut Stats,
    ) -> Pass<C>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        H: Heuristic<S, C> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
        V: Visitor<S, C>,
    {
        self.frames.clear();
        self.children.clear();
        let f = heuristic.estimate(start);
        if f > bound {
            return Pass::Exhausted {
                next_bound: Some(f),
            };
        }
        if let Some(table) = &mut self.table
            && !table.insert_if_less(start, C::ZERO)
        {
            return Pass::Exhausted { next_bound: None };
        }
        if is_goal(start) {
            self.push_frame(start.clone(), C::ZERO, 0);
            return Pass::Found(C::ZERO);
        }
        if let Err(reason) = self.open(space, start.clone(), C::ZERO, visitor, stats) {
            return Pass::Stopped(reason);
        }
        let mut next_bound = None;
        while let Some(top) = self.frames.last() {
            if self.children.len() == top.children {
                self.frames.pop();
                continue;
            }
            let top_g = top.g;
            let Some((state, step)) = self.children.pop() else {
                break;
            };
            stats.generated += 1;
            // A sum that overflows belongs to no path whose cost fits the type.
            let Some(g) = top_g.checked_plus(step) else {
                self.overflowed = true;
                continue;
            };
            // A state already searched in this iteration with a g no larger is pruned
            // before the bound test: everything it could reach was reached more cheaply,
            // including the states cut off below it. Pruning it without a cut-off is what
            // lets an iteration over a finite space end with no cut-off at all (no path).
            if let Some(table) = &self.table
                && table.get(&state).is_some_and(|recorded| recorded <= g)
            {
                continue;
            }
            let Some(f) = g.checked_plus(heuristic.estimate(&state)) else {
                self.overflowed = true;
                continue;
            };
            if f > bound {
                next_bound = min_option(next_bound, Some(f));
                continue;
            }
            if let Some(table) = &mut self.table {
                table.insert(&state, g);
            }
            if is_goal(&state) {
                let children = self.children.len();
                self.push_frame(state, g, children);
                return Pass::Found(g);
            }
            if let Err(reason) = self.open(space, state, g, visitor, stats) {
                return Pass::Stopped(reason);
            }
        }
        Pass::Exhausted { next_bound }
    }

    fn push_frame(&mut self, state: S, g: C, children: usize) {
        self.frames.push(Frame { state, g, children });
    }

    /// Expands `state`: checks the limits, tells the visitor, buffers the successors that
    /// pass the cycle check (in reverse, so popping yields them in emission order) and
    /// pushes the frame.
    fn open<Sp, V>(
        &mut self,
        space: &Sp,
        state: S,
        g: C,
        visitor: &mut V,
        stats: &mut Stats,
    ) -> Result<(), StopReason>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        V: Visitor<S, C>,
    {
        self.limits.check(stats.expanded)?;
        if let ControlFlow::Break(()) = visitor.visit(Event::Expanded {
            state: &state,
            cost: g,
        }) {
            return Err(StopReason::Visitor);
        }
        stats.expanded += 1;
        let first = self.children.len();
        let (frames, children, check) = (&self.frames, &mut self.children, self.cycle_check);
        let parent = frames.last().map(|frame| &frame.state);
        space.successors(&state, |next, step| {
            if step.is_negative() {
                super::dijkstra::negative_step();
            }
            let repeated = match check {
                CycleCheck::None => false,
                CycleCheck::Parent => next == state || parent == Some(&next),
                CycleCheck::Path => next == state || frames.iter().any(|f| f.state == next),
            };
            if !repeated {
                children.push((next, step));
            }
        });
        self.children[first..].reverse();
        stats.peak_open = stats.peak_open.max(self.children.len());
        let children = first;
        self.push_frame(state, g, children);
        Ok(())
    }
}

/// The next bound after cutting off a node of cost estimate `f > bound`, where `next ==
/// bound` means that nothing was cut off yet.
#[inline]
fn cut_off<C: Ord + Copy>(next: C, bound: C, f: C) -> C {
    if next == bound || f < next { f } else { next }
}

fn min_option<C: Ord>(a: Option<C>, b: Option<C>) -> Option<C> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
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
/// # Panics
///
/// Panics on a negative step cost or a cost overflow.
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
    IsGoal: FnMut(&Sp::State) -> bool,
{
    IdaStar::with_table(Hashed).search(space, starts, heuristic, is_goal)
}

/// One level of the in-place stack: the cost so far, the untried actions of this level,
/// the action that led here (to undo it) and its inverse (never tried here).
struct InPlaceFrame<I, A, C> {
    g: C,
    actions: I,
    applied: Option<A>,
    inverse: Option<A>,
}

/// A reusable IDA* over an [`InPlaceSpace`]: one mutable state, actions applied and
/// undone, no state ever cloned.
///
/// The action that undoes the previous one ([`InPlaceSpace::inverse`]) is never generated.
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
/// 15-puzzle with the Manhattan distance this generates nodes at 0.89x the rate of a
/// recursive C search (see `BENCHMARKS.md`).
///
/// [`peek`]: InPlaceSpace::peek
///
/// # Complexity
///
/// Time: the states within each bound, summed over iterations. Space: O(depth).
///
/// # Panics
///
/// A search panics on a negative action cost.
///
/// # Examples
///
/// ```
/// use core::iter::{Chain, Once};
/// use state_search::{InPlaceIdaStar, InPlaceSpace};
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
pub struct InPlaceIdaStar<Sp: InPlaceSpace> {
    frames: Vec<InPlaceFrame<Sp::Actions, Sp::Action, Sp::Cost>>,
    limits: Limits<Sp::Cost>,
    /// Whether the current search met a plan cost that overflows the cost type.
    overflowed: bool,
}

impl<Sp: InPlaceSpace> Default for InPlaceIdaStar<Sp> {
    fn default() -> Self {
        Self::new()
    }
}

impl<Sp: InPlaceSpace> InPlaceIdaStar<Sp> {
    /// A searcher.
    #[must_use]
    pub fn new() -> Self {
        Self {
            frames: Vec::new(),
            limits: Limits::default(),
            overflowed: false,
        }
    }

    /// The same searcher with `limits`. The cost limit caps the bound.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits<Sp::Cost>) -> Self {
        self.limits = limits;
        self
    }

    /// Replaces the limits of later searches.
    pub fn set_limits(&mut self, limits: Limits<Sp::Cost>) {
        self.limits = limits;
    }

    /// Finds a least-cost plan from the current state of `space` to a state satisfying
    /// `is_goal`.
    ///
    /// # Returns
    ///
    /// [`Outcome::Found`] with an optimal plan (when the space's heuristic is admissible),
    /// [`Outcome::NoPath`], or [`Outcome::Stopped`]. The space is left in its start state.
    pub fn search<IsGoal>(
        &mut self,
        space: &mut Sp,
        is_goal: IsGoal,
    ) -> Search<Plan<Sp::Action, Sp::Cost>>
    where
        IsGoal: FnMut(&Sp) -> bool,
    {
        self.search_with(space, is_goal, &mut NoVisitor)
    }

    /// [`InPlaceIdaStar::search`] with an event visitor; it sees [`Event::Expanded`] (the
    /// state is the space itself) and [`Event::IterationFinished`].
    pub fn search_with<IsGoal, V>(
        &mut self,
        space: &mut Sp,
        mut is_goal: IsGoal,
        visitor: &mut V,
    ) -> Search<Plan<Sp::Action, Sp::Cost>>
    where
        IsGoal: FnMut(&Sp) -> bool,
        V: Visitor<Sp, Sp::Cost>,
    {
        let mut stats = Stats::default();
        self.overflowed = false;
        let mut bound = space.heuristic();
        let outcome = loop {
            if self.limits.exceeds_cost(bound) {
                break Outcome::Stopped(StopReason::Cost);
            }
            stats.iterations += 1;
            let mut plan = Vec::new();
            match self.pass(space, bound, &mut is_goal, visitor, &mut stats, &mut plan) {
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
                        None if self.overflowed => {
                            break Outcome::Stopped(StopReason::CostOverflow);
                        }
                        None => break Outcome::NoPath,
                    }
                }
            }
        };
        Search { outcome, stats }
    }

    /// The heap memory held by the stack, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.frames.capacity() * size_of::<InPlaceFrame<Sp::Actions, Sp::Action, Sp::Cost>>()
    }

    /// One depth-first pass within `bound`. Leaves the space in its start state; on
    /// `Found`, `plan` holds the actions.
    #[expect(
        clippy::too_many_lines,
        reason = "the engine's hot loop: its state must stay in locals to stay in registers"
    )]
    fn pass<IsGoal, V>(
        &mut self,
        space: &mut Sp,
        bound: Sp::Cost,
        is_goal: &mut IsGoal,
        visitor: &mut V,
        stats: &mut Stats,
        plan: &mut Vec<Sp::Action>,
    ) -> Pass<Sp::Cost>
    where
        IsGoal: FnMut(&Sp) -> bool,
        V: Visitor<Sp, Sp::Cost>,
    {
        self.frames.clear();
        let f = space.heuristic();
        if f > bound {
            return Pass::Exhausted {
                next_bound: Some(f),
            };
        }
        if is_goal(space) {
            return Pass::Found(Sp::Cost::ZERO);
        }
        // The counters live in locals during the pass and go back to `stats` at its end.
        let mut expanded = stats.expanded;
        let mut peak = stats.peak_open.max(1);
        if let Err(reason) = self.check(space, Sp::Cost::ZERO, visitor, expanded) {
            return Pass::Stopped(reason);
        }
        expanded += 1;
        // The node being searched: its frame is pushed only when the search descends.
        let mut node = InPlaceFrame {
            g: Sp::Cost::ZERO,
            actions: space.actions(),
            applied: None,
            inverse: None,
        };
        // The least f cut off so far; `bound` itself stands for "none yet", since every f
        // cut off is above it (a plain value keeps the hot loop free of an `Option` flag).
        let mut next_bound = bound;
        let mut generated: u64 = 0;
        let pass = loop {
            let next = loop {
                match node.actions.next() {
                    Some(action) if Some(action) == node.inverse => {}
                    next => break next,
                }
            };
            let Some(action) = next else {
                // Every action of this node was tried: back to its parent.
                if let Some(applied) = node.applied {
                    space.undo(applied);
                }
                match self.frames.pop() {
                    Some(parent) => node = parent,
                    None => {
                        break Pass::Exhausted {
                            next_bound: (next_bound != bound).then_some(next_bound),
                        };
                    }
                }
                continue;
            };
            generated += 1;
            let g = if let Some((step, h)) = space.peek(action) {
                // The space tells the child's f without applying the action: a child
                // beyond the bound costs no apply/undo round trip.
                if step.is_negative() {
                    self.unwind(space, node.applied);
                    super::dijkstra::negative_step();
                }
                // A sum that overflows belongs to no plan whose cost fits the type.
                let Some(g) = node.g.checked_plus(step) else {
                    self.overflowed = true;
                    continue;
                };
                let Some(f) = g.checked_plus(h) else {
                    self.overflowed = true;
                    continue;
                };
                if f > bound {
                    next_bound = cut_off(next_bound, bound, f);
                    continue;
                }
                space.apply(action);
                g
            } else {
                let step = space.apply(action);
                if step.is_negative() {
                    space.undo(action);
                    self.unwind(space, node.applied);
                    super::dijkstra::negative_step();
                }
                let Some((g, f)) = node
                    .g
                    .checked_plus(step)
                    .and_then(|g| Some((g, g.checked_plus(space.heuristic())?)))
                else {
                    // A sum that overflows belongs to no plan whose cost fits the type.
                    self.overflowed = true;
                    space.undo(action);
                    continue;
                };
                if f > bound {
                    next_bound = cut_off(next_bound, bound, f);
                    space.undo(action);
                    continue;
                }
                g
            };
            if is_goal(space) {
                self.found(space, plan, node.applied, action);
                break Pass::Found(g);
            }
            if let Err(reason) = self.check(space, g, visitor, expanded) {
                space.undo(action);
                self.unwind(space, node.applied);
                break Pass::Stopped(reason);
            }
            expanded += 1;
            let child = InPlaceFrame {
                g,
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
        pass
    }

    /// Before expanding the current state: checks the limits and tells the visitor.
    #[inline]
    fn check<V: Visitor<Sp, Sp::Cost>>(
        &self,
        space: &Sp,
        g: Sp::Cost,
        visitor: &mut V,
        expanded: u64,
    ) -> Result<(), StopReason> {
        self.limits.check(expanded)?;
        if let ControlFlow::Break(()) = visitor.visit(Event::Expanded {
            state: space,
            cost: g,
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
        plan.extend(self.frames.iter().filter_map(|frame| frame.applied));
        plan.extend(current);
        plan.push(action);
        space.undo(action);
        self.unwind(space, current);
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
