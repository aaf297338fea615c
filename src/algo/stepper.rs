//! A best-first search as a value: a [`Stepper`] advances a search of
//! [`Dijkstra`](crate::Dijkstra), [`AStar`](crate::AStar),
//! [`WeightedAStar`](crate::WeightedAStar) (anytime too) or [`Greedy`](crate::Greedy) by a
//! number of expansions or until an event, answers what it holds between steps (the open
//! list, its least `f`, the best solution so far, the statistics, the settled states), and
//! goes on where it paused, for visualisations and interactive tools.
//!
//! A step runs the engines' one best-first loop (the one [`Solver::search`](crate::Solver::search)
//! runs), which pauses before it takes the next entry of its open list; the next step goes on
//! from there. Everything the loop carries lives in the stepper between steps, so stepping
//! to the end gives the answer, the statistics and the events of one plain search.
//!
//! ```
//! use state_search::{AStar, Problem, Progress, Steppable};
//!
//! // An open 8x8 grid; the Manhattan distance to the far corner guides A*.
//! let grid = state_search::from_fn(|&(r, c): &(i32, i32)| {
//!     [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
//!         .into_iter()
//!         .filter(|&(r, c)| (0..8).contains(&r) && (0..8).contains(&c))
//!         .map(|cell| (cell, 1u32))
//! });
//! let manhattan = |&(r, c): &(i32, i32)| (7 - r).unsigned_abs() + (7 - c).unsigned_abs();
//! let problem = Problem::new(&grid, [(0, 0)], |&cell| cell == (7, 7)).heuristic(manhattan);
//! let mut stepper = AStar::new().stepper(problem)?;
//! while stepper.step(3) == Progress::Paused {
//!     let stats = stepper.stats();
//!     println!("{} expanded, {} open, least f {:?}", stats.expanded, stepper.open_len(), stepper.best_f());
//!     assert_eq!(stepper.best_f(), Some(14)); // the heuristic is exact on an open grid
//! }
//! assert_eq!(stepper.answer().and_then(|search| search.found()).map(|found| found.cost), Some(14));
//! assert_eq!(stepper.cost(&(7, 7)), Some(14)); // the goal is settled
//! # Ok::<(), state_search::CapacityError>(())
//! ```

use core::cell::Cell;
use core::fmt;
use core::ops::ControlFlow;

use crate::algo::best_first::{BestFirstScratch, Goals, Halt, Loop, Node, Open, Pace, Run};
use crate::algo::engine::Engine;
use crate::error::CapacityError;
use crate::event::{Event, NoVisitor, Visitor};
use crate::problem::{CostOf, SearchProblem, StateOf};
use crate::solution::{Limits, Search, Solution, Stats};
use crate::space::{Cost, StateSpace};
use crate::store::{NodeStore, Storage};

/// Where a [`Stepper`] is after a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Progress {
    /// The search paused; the next step goes on from here.
    Paused,
    /// The search is over (a goal, no path, or a stop): [`Stepper::answer`] holds its
    /// answer, and further steps do nothing.
    Done,
}

/// A best-first search as a value: advanced by a number of expansions or until an event,
/// inspected between steps, and resumed.
///
/// Made by [`Steppable::stepper`] (or [`Stepper::new`]) from an engine, which it keeps
/// with its own scratch, and a [`Problem`](crate::Problem), which it **owns** (a
/// `Problem` borrows its space, so the space must outlive the stepper): a stepper is one
/// value an interactive program can keep between frames. Making it queues the start
/// states; each [`step`](Stepper::step) goes on with the engine's loop, which pauses
/// before it takes the next entry of its open list once the step's expansions are done.
/// The limits of the engine apply to the whole search, across steps: its expansions,
/// memory, cost limit and cancel flag, and its time limit, counted from the stepper's
/// creation, time paused included.
///
/// Stepped to its end, in steps of any sizes, a search gives the answer, the
/// [`Stats`] (but for [`Stats::memory`]) and the sequence of [`Event`]s of one plain
/// [`Solver::search`](crate::Solver::search) with the same engine. The stepper keeps the
/// open states by `f` in a heap of its own (one entry per state queued) to answer
/// [`best_f`](Stepper::best_f): its memory counts in `Stats::memory` and under
/// [`Limits::max_memory`](crate::Limits::max_memory).
///
/// # Complexity
///
/// A step of `k` expansions costs what those `k` expansions cost the engine, plus
/// O(log n) per state queued for the heap by `f` (n entries); between steps, O(1) for
/// each query but [`cost`](Stepper::cost), one lookup. The space is the engine's plus the
/// heap by `f`.
///
/// # Examples
///
/// Weighted A* going on to the optimum (anytime), paused at each better solution:
///
/// ```
/// use state_search::{Event, Problem, Progress, Steppable, WeightedAStar};
///
/// // From 1 to 40 by +1 (cost 1) or x2 (cost 3); the optimum is 13: 1 2 3 4 5 10 20 40.
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)]);
/// let h = |&n: &u32| u32::from(n < 40);
/// let problem = Problem::new(&space, [1], |&n| n == 40).heuristic(h);
/// let mut stepper = WeightedAStar::new(3.0).anytime().stepper(problem)?;
/// let mut costs = Vec::new();
/// while stepper.step_until(|event| matches!(event, Event::Improved { .. })) == Progress::Paused {
///     costs.push(stepper.incumbent().map(|best| best.cost));
/// }
/// assert!(costs.windows(2).all(|pair| pair[1] < pair[0])); // each one better
/// assert_eq!(stepper.incumbent().map(|best| best.cost), Some(13));
/// # Ok::<(), state_search::CapacityError>(())
/// ```
pub struct Stepper<P: SearchProblem, E: Engine<StateOf<P>>> {
    // The fields are the crate's, for the engines' legs (`steppable!`).
    pub(crate) engine: E,
    pub(crate) scratch: E::Scratch,
    pub(crate) problem: P,
    pub(crate) legs: Legs<StateOf<P>, CostOf<P>>,
}

/// The engines a [`Stepper`] runs: [`Dijkstra`](crate::Dijkstra), [`AStar`](crate::AStar),
/// [`WeightedAStar`](crate::WeightedAStar) (anytime too) and [`Greedy`](crate::Greedy),
/// with any storage and queue, on problems `P`.
///
/// Sealed: the stepper runs the loop of these engines.
///
/// # Examples
///
/// ```
/// use state_search::{Dijkstra, Problem, Progress, Steppable};
///
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 5)]);
/// let mut stepper = Dijkstra::new().stepper(Problem::new(&space, [1], |&n| n == 16))?;
/// assert_eq!(stepper.step(4), Progress::Paused);
/// assert_eq!(stepper.stats().expanded, 4);
/// assert_eq!(stepper.cost(&4), Some(3)); // settled: 1 2 3 4
/// assert_eq!(stepper.finish().found().map(|found| found.cost), Some(12));
/// # Ok::<(), state_search::CapacityError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be stepped",
    label = "not a steppable engine",
    note = "a `Stepper` runs `Dijkstra`, `AStar`, `WeightedAStar` (anytime too) or `Greedy`"
)]
pub trait Steppable<P: SearchProblem>: sealed::Advance<P> {
    /// A stepper of this engine on `problem` ([`Stepper::new`]).
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the engine's dense store cannot be allocated.
    fn stepper(self, problem: P) -> Result<Stepper<P, Self>, CapacityError> {
        Stepper::new(self, problem)
    }
}

/// Every engine that runs a leg of its loop for a stepper is steppable.
impl<P: SearchProblem, E: sealed::Advance<P>> Steppable<P> for E {}

pub(crate) mod sealed {
    use core::cell::Cell;

    use super::Stepper;
    use crate::algo::engine::Engine;
    use crate::event::Visitor;
    use crate::problem::{CostOf, SearchProblem, StateOf};

    /// How an engine runs one leg of its loop for a [`Stepper`]: a trait of the crate's
    /// best-first engines alone.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` cannot be stepped",
        label = "not a steppable engine",
        note = "a `Stepper` runs `Dijkstra`, `AStar`, `WeightedAStar` (anytime too) or `Greedy`"
    )]
    pub trait Advance<P: SearchProblem>: Engine<StateOf<P>> + Sized {
        /// Runs the loop of `stepper` (queueing its starts on the first leg) until it
        /// has made `until` expansions in all, `event` is set, or the search ends;
        /// `visitor` sees the events.
        fn leg<V: Visitor<StateOf<P>, CostOf<P>>>(
            stepper: &mut Stepper<P, Self>,
            visitor: &mut V,
            until: u64,
            event: &Cell<bool>,
        );
    }
}

/// The [`Steppable`] implementation of an engine over the best-first loop (its
/// [`sealed::Advance`]), written once:
/// `$Engine` with its generic parameters (`C` and `St` among them) under `$bounds`,
/// whose open list is `$order` and whose goals are `$goals` (expressions of the engine,
/// `$engine`).
macro_rules! steppable {
    (
        impl<$($param:ident),*> $Engine:ty where { $($bounds:tt)* },
        |$engine:ident| ($order:expr, $goals:expr)
    ) => {
        impl<P, $($param),*> $crate::algo::stepper::sealed::Advance<P> for $Engine
        where
            P: $crate::strategy::SearchProblem,
            P::Space: $crate::StateSpace<Cost = C>,
            C: $crate::Cost,
            St: $crate::Storage<$crate::strategy::StateOf<P>>,
            $($bounds)*
        {
            fn leg<V: $crate::Visitor<$crate::strategy::StateOf<P>, C>>(
                stepper: &mut $crate::Stepper<P, Self>,
                visitor: &mut V,
                until: u64,
                event: &core::cell::Cell<bool>,
            ) {
                let $crate::Stepper {
                    engine: $engine,
                    scratch,
                    problem,
                    legs,
                } = stepper;
                let (mut open, store) = scratch.ordered($order);
                let begin = || ($engine.setup.limits.started(), $goals);
                legs.leg((&mut open, store), problem, begin, visitor, (until, event));
            }
        }
    };
}

pub(crate) use steppable;

impl<P: SearchProblem, E: Steppable<P>> Stepper<P, E> {
    /// A stepper of `engine` on `problem`, its start states queued and nothing expanded
    /// yet. A start state that cannot be stored ends the search at once
    /// ([`StopReason::Capacity`](crate::StopReason::Capacity) in [`answer`](Self::answer)).
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the engine's dense store cannot be allocated.
    pub fn new(engine: E, problem: P) -> Result<Self, CapacityError> {
        let scratch = engine.scratch()?;
        let mut stepper = Self {
            engine,
            scratch,
            problem,
            legs: Legs::new(),
        };
        E::leg(&mut stepper, &mut NoVisitor, 0, &Cell::new(false));
        Ok(stepper)
    }

    /// Goes on with the search for at most `expansions` more expansions: it pauses
    /// before the next entry of the open list once they are done, and ends earlier at a
    /// goal, when the open list runs dry, or when a limit stops it. `step(0)` does
    /// nothing.
    pub fn step(&mut self, expansions: u64) -> Progress {
        self.step_with(expansions, &mut NoVisitor)
    }

    /// [`step`](Self::step), with `visitor` seeing the events of the step; a `Break`
    /// stops the search with [`StopReason::Visitor`](crate::StopReason::Visitor), as in
    /// a plain search.
    pub fn step_with<V>(&mut self, expansions: u64, visitor: &mut V) -> Progress
    where
        V: Visitor<StateOf<P>, CostOf<P>>,
    {
        let until = self.legs.run.stats.expanded.saturating_add(expansions);
        E::leg(self, visitor, until, &Cell::new(false));
        self.progress()
    }

    /// Goes on with the search until an event satisfies `stop`, then pauses once that
    /// expansion (or goal) is done: before the next entry of the open list. Ends earlier
    /// as [`step`](Self::step) does.
    pub fn step_until<F>(&mut self, stop: F) -> Progress
    where
        F: FnMut(&Event<'_, StateOf<P>, CostOf<P>>) -> bool,
    {
        let seen = Cell::new(false);
        let mut watch = Watch { stop, seen: &seen };
        E::leg(self, &mut watch, u64::MAX, &seen);
        self.progress()
    }

    /// Runs the search to its end and returns its answer: the one a plain
    /// [`Solver::search`](crate::Solver::search) gives.
    #[must_use]
    pub fn finish(mut self) -> Search<Solution<StateOf<P>, CostOf<P>>> {
        loop {
            if let Some(answer) = self.legs.answer.take() {
                return answer;
            }
            self.step(u64::MAX);
        }
    }

    /// Whether the search has ended.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.legs.answer.is_some()
    }

    /// Where the search is: [`Progress::Done`] once it has ended.
    fn progress(&self) -> Progress {
        if self.is_done() {
            Progress::Done
        } else {
            Progress::Paused
        }
    }

    /// The answer, once the search has ended: the outcome, the statistics and the
    /// partial result of a plain search.
    #[must_use]
    pub fn answer(&self) -> Option<&Search<Solution<StateOf<P>, CostOf<P>>>> {
        self.legs.answer.as_ref()
    }

    /// The entries on the open list, superseded ones included (a state reached again
    /// more cheaply has an entry per cost), as
    /// [`Stats::peak_open`](crate::Stats::peak_open) counts them. Once the search has
    /// ended, the entries it left (while [`best_f`](Self::best_f) is `None`).
    #[must_use]
    pub fn open_len(&self) -> usize {
        self.legs.open_len
    }

    /// The least `f = g + h` of the states on the open list (Dijkstra's `f` is `g`, its
    /// heuristic is not read without a cost limit), whatever order the engine takes them
    /// in; `None` when none is open or the search has ended. With an admissible
    /// heuristic, at most the optimal cost while Dijkstra, A* or weighted A* runs (not
    /// greedy search, which does not reopen states, nor anytime search, which prunes);
    /// with a consistent one, it does not fall from step to step. For Dijkstra and A*, it
    /// is the `f` of the next state they take from the open list.
    #[must_use]
    pub fn best_f(&self) -> Option<CostOf<P>> {
        self.legs.best_f
    }

    /// The best solution so far: each better one anytime weighted A* finds, for the
    /// others the solution once the search has found it. `None` before.
    #[must_use]
    pub fn incumbent(&self) -> Option<&Solution<StateOf<P>, CostOf<P>>> {
        match &self.legs.answer {
            Some(answer) => answer.found().or(self.legs.kept.as_ref()),
            None => self.legs.goals.incumbent(),
        }
    }

    /// The statistics so far (once ended, the answer's).
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.legs
            .answer
            .as_ref()
            .map_or(self.legs.run.stats, |answer| answer.stats)
    }

    /// The problem.
    #[must_use]
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// The engine.
    #[must_use]
    pub fn engine(&self) -> &E {
        &self.engine
    }

    /// The scratch the search writes: it answers for the states settled so far.
    #[must_use]
    pub fn scratch(&self) -> &E::Scratch {
        &self.scratch
    }
}

impl<P, E, St, Q> Stepper<P, E>
where
    P: SearchProblem,
    E: Steppable<P> + Engine<StateOf<P>, Scratch = BestFirstScratch<StateOf<P>, CostOf<P>, St, Q>>,
    St: Storage<StateOf<P>>,
{
    /// The cost at which the search settled `state` so far, if it did
    /// ([`BestFirstScratch::cost`]).
    #[must_use]
    pub fn cost(&self, state: &StateOf<P>) -> Option<CostOf<P>> {
        self.scratch.cost(state)
    }

    /// The path along which the search settled `state` so far, if it did
    /// ([`BestFirstScratch::path_to`]).
    #[must_use]
    pub fn path_to(&self, state: &StateOf<P>) -> Option<Vec<StateOf<P>>> {
        self.scratch.path_to(state)
    }
}

impl<P: SearchProblem, E: Engine<StateOf<P>> + fmt::Debug> fmt::Debug for Stepper<P, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stepper")
            .field("engine", &self.engine)
            .field("done", &self.legs.answer.is_some())
            .field("open", &self.legs.open_len)
            .field("best_f", &self.legs.best_f)
            .field("stats", &self.legs.run.stats)
            .finish_non_exhaustive()
    }
}

/// What the loop of a [`Stepper`] carries from step to step, besides its buffers.
pub(crate) struct Legs<S, C> {
    /// The engine's limits, started with the first leg.
    limits: Limits<C>,
    /// What the loop does with goals; it keeps the open states by `f`.
    goals: Goals<S, C>,
    /// The statistics and the rest of the loop's state.
    run: Run<C>,
    /// Whether the first leg has queued the starts.
    started: bool,
    /// The open list's entries after the last leg.
    open_len: usize,
    /// The least `f` open after the last leg.
    best_f: Option<C>,
    /// The answer, once the search has ended.
    answer: Option<Search<Solution<S, C>>>,
    /// The best solution the goals kept when the search ended.
    kept: Option<Solution<S, C>>,
}

impl<S: Clone, C: Cost> Legs<S, C> {
    /// Before the first leg.
    fn new() -> Self {
        Self {
            limits: Limits::new(),
            goals: Goals::first(),
            run: Run::new(),
            started: false,
            open_len: 0,
            best_f: None,
            answer: None,
            kept: None,
        }
    }

    /// One leg of the loop over `open` and `store` on `problem`, seen by `visitor`,
    /// pausing at `until` expansions or once `event` is set: the first one takes the
    /// limits and goals from `begin` and queues the starts.
    pub(crate) fn leg<Op, P, N, V>(
        &mut self,
        (open, store): (&mut Op, &mut N),
        problem: &P,
        begin: impl FnOnce() -> (Limits<C>, Goals<S, C>),
        visitor: &mut V,
        (until, event): (u64, &Cell<bool>),
    ) where
        Op: Open<S, C, N>,
        P: SearchProblem,
        P::Space: StateSpace<State = S, Cost = C>,
        N: NodeStore<S, Node<C>>,
        V: Visitor<S, C>,
    {
        if self.answer.is_some() {
            return;
        }
        let first = !self.started;
        if first {
            (self.limits, self.goals) = begin();
            self.goals.keep_f();
            self.started = true;
        }
        let mut search = Loop {
            open,
            policy: &mut self.goals,
            store,
            limits: &self.limits,
            problem,
        };
        let mut pace = Until {
            expanded: until,
            event,
        };
        let queued = if first {
            search.start(&mut self.run)
        } else {
            Ok(())
        };
        let explored = queued
            .map_err(Halt::Stop)
            .and_then(|()| search.advance(&mut self.run, visitor, &mut pace));
        self.open_len = search.open.len();
        let ended = match explored {
            Ok(outcome) => Ok(outcome),
            Err(Halt::Stop(reason)) => Err(reason),
            Err(Halt::Pause(())) => {
                search.tally(&mut self.run.stats);
                self.best_f = search.policy.least_f(&*search.store);
                return;
            }
        };
        self.kept = search.policy.incumbent().cloned();
        self.best_f = None;
        self.answer = Some(search.conclude(&mut self.run, ended));
    }
}

/// The pace of a step: it pauses once `expanded` expansions are made in all, or once
/// `event` is set.
struct Until<'a> {
    expanded: u64,
    event: &'a Cell<bool>,
}

impl Pace for Until<'_> {
    type Pause = ();
    fn pause(&mut self, expanded: u64) -> Option<()> {
        (expanded >= self.expanded || self.event.get()).then_some(())
    }
}

/// The visitor of [`Stepper::step_until`]: sets `seen` when an event satisfies `stop`.
struct Watch<'a, F> {
    stop: F,
    seen: &'a Cell<bool>,
}

impl<S, C, F: FnMut(&Event<'_, S, C>) -> bool> Visitor<S, C> for Watch<'_, F> {
    fn visit(&mut self, event: Event<'_, S, C>) -> ControlFlow<()> {
        if (self.stop)(&event) {
            self.seen.set(true);
        }
        ControlFlow::Continue(())
    }
}
