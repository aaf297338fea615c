//! The one dispatch from a [`Strategy`] to its engine: storage chosen once for every
//! engine, costs and events converted for the engines that count steps, refusals typed.

use core::ops::ControlFlow;

use crate::algo::best_first::Node;
use crate::error::CapacityError;
use crate::event::{Event, NoVisitor, Visitor};
use crate::queue::{BinaryQueue, BucketQueue, PriorityQueue, RadixQueue};
use crate::solution::{Limits, Outcome, Plan, Search, Solution, StopReason};
use crate::space::{Cost, Heuristic, InPlaceSpace, StateSpace, UnsignedCost, UnsignedUser};
use crate::store::{Slot, Storage, StorageUser, with_storage};
use crate::{
    AStar, Bfs, BidirectionalBfs, CycleCheck, Dijkstra, Engine, IdaStar, InPlaceIdaStar, Spfa,
};

use super::problem::Bidirectional;
use super::{Inapplicable, MaybeBackward, MaybeIndexer, Problem, Queue, Strategy, StrategyError};

/// What [`Strategy::run`] returns.
pub type StrategyResult<S, C> = Result<Search<Solution<S, C>>, StrategyError<S, C>>;

/// What [`Strategy::run_in_place`] returns.
pub type InPlaceResult<A, C> = Result<Search<Plan<A, C>>, StrategyError<A, C>>;

/// A search, or the [`CapacityError`] that kept its buffers from being built.
type Started<S, C> = Result<Search<Solution<S, C>>, CapacityError>;

impl Strategy {
    /// Runs this strategy on `problem` within `limits`.
    ///
    /// # Returns
    ///
    /// The engine's [`Search`]: [`Outcome::Found`] with a solution (a least-cost one for
    /// every strategy of this crate, given an admissible heuristic),
    /// [`Outcome::NoPath`], or [`Outcome::Stopped`] by a limit, a cost overflow, or a
    /// store that could not grow. Costs are the space's for every strategy (`bfs` and
    /// `bibfs` count steps times the space's uniform cost).
    ///
    /// # Errors
    ///
    /// - [`StrategyError::NotApplicable`] when the strategy cannot run on the problem (see
    ///   [`Inapplicable`]); a negative step cost is found while searching, so a strategy
    ///   other than `spfa` may refuse after some work.
    /// - [`StrategyError::Capacity`] when dense storage was asked for and cannot be had.
    /// - [`StrategyError::NegativeCycle`] when `spfa` meets a reachable negative cycle.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::{Limits, Problem, Strategy};
    ///
    /// let space = state_search::from_fn(|&n: &u64| [(n + 1, 1u64), (n * 3, 2)]);
    /// let problem = Problem::new(&space, [1], |&n| n == 81);
    /// let limits = Limits::new().max_expansions(1_000);
    /// let search = Strategy::IdaStarTable.run(&problem, &limits)?;
    /// assert_eq!(search.found().unwrap().cost, 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<Sp, G, H, I, B>(
        &self,
        problem: &Problem<'_, Sp, G, H, I, B>,
        limits: &Limits<Sp::Cost>,
    ) -> StrategyResult<Sp::State, Sp::Cost>
    where
        Sp: StateSpace + ?Sized,
        G: Fn(&Sp::State) -> bool,
        H: Heuristic<Sp::State, Sp::Cost>,
        I: MaybeIndexer<Sp::State>,
        B: MaybeBackward<Sp>,
    {
        self.run_with(problem, limits, &mut NoVisitor)
    }

    /// [`Strategy::run`] with an event visitor. It sees the engine's events, with costs in
    /// the space's cost type for every strategy.
    ///
    /// # Errors
    ///
    /// As [`Strategy::run`].
    pub fn run_with<Sp, G, H, I, B, V>(
        &self,
        problem: &Problem<'_, Sp, G, H, I, B>,
        limits: &Limits<Sp::Cost>,
        visitor: &mut V,
    ) -> StrategyResult<Sp::State, Sp::Cost>
    where
        Sp: StateSpace + ?Sized,
        G: Fn(&Sp::State) -> bool,
        H: Heuristic<Sp::State, Sp::Cost>,
        I: MaybeIndexer<Sp::State>,
        B: MaybeBackward<Sp>,
        V: Visitor<Sp::State, Sp::Cost>,
    {
        let strategy = *self;
        let refuse = |reason| StrategyError::NotApplicable { strategy, reason };
        let mut job = Job {
            problem,
            limits,
            visitor,
        };
        let search = match strategy {
            Strategy::Bfs | Strategy::BidirectionalBfs => {
                let unit = problem
                    .space
                    .uniform_cost()
                    .filter(|unit| !unit.is_negative())
                    .ok_or(refuse(Inapplicable::NeedsUniformCost))?;
                if strategy == Strategy::Bfs {
                    job.store::<Slot, _>(&mut Steps {
                        job: Bfs::new(),
                        unit,
                    })?
                } else {
                    let (Some(goal), [start]) = (problem.backward.goal(), &problem.starts[..])
                    else {
                        return Err(refuse(if problem.backward.goal().is_none() {
                            Inapplicable::NeedsBackward
                        } else {
                            Inapplicable::NeedsOneStart
                        }));
                    };
                    let pair = (start.clone(), goal.clone());
                    job.store::<Slot, _>(&mut Steps {
                        job: (BidirectionalBfs::new(), pair),
                        unit,
                    })?
                }
            }
            Strategy::Dijkstra(Queue::Heap) => {
                job.store::<Node<Sp::Cost>, _>(&mut BestFirst::Dijkstra(BinaryQueue::new()))?
            }
            Strategy::Dijkstra(queue) => Sp::Cost::with_unsigned(Unsigned { job, queue })
                .ok_or(refuse(Inapplicable::NeedsUnsignedCost))??,
            Strategy::AStar => {
                job.store::<Node<Sp::Cost>, _>(&mut BestFirst::<BinaryQueue<Sp::Cost>>::AStar)?
            }
            Strategy::Spfa => job.spfa()?,
            Strategy::IdaStar => {
                let engine = IdaStar::new()
                    .with_cycle_check(CycleCheck::Path)
                    .with_limits(limits.clone());
                let (problem, visitor) = (job.problem, job.visitor);
                engine.search_with(
                    problem.space,
                    problem.starts.iter().cloned(),
                    &problem.heuristic,
                    |s| (problem.is_goal)(s),
                    visitor,
                )
            }
            Strategy::IdaStarTable => job.store::<(u32, Sp::Cost), _>(&mut TabledIda)?,
            Strategy::Layered => return Err(refuse(Inapplicable::DomainOnly)),
        };
        if search.stop_reason() == Some(StopReason::NegativeCost) {
            return Err(refuse(Inapplicable::NegativeCost));
        }
        Ok(search)
    }

    /// Runs this strategy on an [`InPlaceSpace`]: `idastar` is the in-place IDA*
    /// ([`InPlaceIdaStar`]); the other strategies need a [`StateSpace`].
    ///
    /// # Errors
    ///
    /// [`StrategyError::NotApplicable`] for a strategy that does not search in place, or
    /// when the space has a negative action cost.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::{InPlaceSpace, Limits, Strategy};
    ///
    /// /// A counter that is incremented or doubled, up to a target.
    /// struct Counter(u32);
    /// impl InPlaceSpace for Counter {
    ///     type Action = bool; // true: double
    ///     type Cost = u32;
    ///     type Actions = core::array::IntoIter<bool, 2>;
    ///     fn actions(&self) -> Self::Actions { [false, true].into_iter() }
    ///     fn apply(&mut self, double: bool) -> u32 {
    ///         if double { self.0 *= 2 } else { self.0 += 1 }
    ///         1
    ///     }
    ///     fn undo(&mut self, double: bool) {
    ///         if double { self.0 /= 2 } else { self.0 -= 1 }
    ///     }
    /// }
    /// let mut counter = Counter(1);
    /// let search = Strategy::IdaStar.run_in_place(&mut counter, |c| c.0 == 12, &Limits::new())?;
    /// assert_eq!(search.found().unwrap().cost, 4); // 1 2 3 6 12
    /// assert!(Strategy::AStar.run_in_place(&mut counter, |c| c.0 == 12, &Limits::new()).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_in_place<Sp, G>(
        &self,
        space: &mut Sp,
        is_goal: G,
        limits: &Limits<Sp::Cost>,
    ) -> InPlaceResult<Sp::Action, Sp::Cost>
    where
        Sp: InPlaceSpace,
        G: FnMut(&Sp) -> bool,
    {
        self.run_in_place_with(space, is_goal, limits, &mut NoVisitor)
    }

    /// [`Strategy::run_in_place`] with an event visitor.
    ///
    /// # Errors
    ///
    /// As [`Strategy::run_in_place`].
    pub fn run_in_place_with<Sp, G, V>(
        &self,
        space: &mut Sp,
        is_goal: G,
        limits: &Limits<Sp::Cost>,
        visitor: &mut V,
    ) -> InPlaceResult<Sp::Action, Sp::Cost>
    where
        Sp: InPlaceSpace,
        G: FnMut(&Sp) -> bool,
        V: Visitor<Sp, Sp::Cost>,
    {
        let refuse = |reason| StrategyError::NotApplicable {
            strategy: *self,
            reason,
        };
        match self {
            Strategy::IdaStar => {
                let engine = InPlaceIdaStar::new().with_limits(limits.clone());
                let search = engine.search_with(space, is_goal, visitor);
                if search.stop_reason() == Some(StopReason::NegativeCost) {
                    return Err(refuse(Inapplicable::NegativeCost));
                }
                Ok(search)
            }
            Strategy::Layered => Err(refuse(Inapplicable::DomainOnly)),
            _ => Err(refuse(Inapplicable::NeedsStateSpace)),
        }
    }
}

/// A run in progress: the problem, its limits and the visitor.
struct Job<'j, 'p, Sp: StateSpace + ?Sized, G, H, I, B, V> {
    problem: &'j Problem<'p, Sp, G, H, I, B>,
    limits: &'j Limits<Sp::Cost>,
    visitor: &'j mut V,
}

impl<Sp, G, H, I, B, V> Job<'_, '_, Sp, G, H, I, B, V>
where
    Sp: StateSpace + ?Sized,
    G: Fn(&Sp::State) -> bool,
    H: Heuristic<Sp::State, Sp::Cost>,
    I: MaybeIndexer<Sp::State>,
    B: MaybeBackward<Sp>,
    V: Visitor<Sp::State, Sp::Cost>,
{
    /// Runs `engine` with the storage the problem's policy picks for records `R`.
    fn store<R, E>(&mut self, engine: &mut E) -> Started<Sp::State, Sp::Cost>
    where
        E: EngineJob<Sp, G, H, B, V>,
    {
        let budget = self.limits.memory_limit();
        let mut user = WithJob { job: self, engine };
        with_storage(
            user.job.problem.storage,
            user.job.problem.indexer.get(),
            size_of::<R>(),
            budget,
            &mut user,
        )
    }

    /// SPFA, whose negative cycles are errors.
    fn spfa(&mut self) -> StrategyResult<Sp::State, Sp::Cost> {
        let budget = self.limits.memory_limit();
        let mut user = SpfaUser { job: self };
        with_storage(
            user.job.problem.storage,
            user.job.problem.indexer.get(),
            size_of::<(Slot, Sp::Cost, bool, u32, u32)>(),
            budget,
            &mut user,
        )?
    }
}

/// An engine to run once the storage is chosen.
trait EngineJob<Sp: StateSpace + ?Sized, G, H, B, V> {
    /// Runs the engine with `storage`; `Err` when its buffers cannot be built.
    fn run<St: Storage<Sp::State>, I>(
        &mut self,
        storage: St,
        job: &mut Job<'_, '_, Sp, G, H, I, B, V>,
    ) -> Started<Sp::State, Sp::Cost>
    where
        G: Fn(&Sp::State) -> bool,
        H: Heuristic<Sp::State, Sp::Cost>,
        B: MaybeBackward<Sp>,
        V: Visitor<Sp::State, Sp::Cost>;
}

/// The storage user that runs an [`EngineJob`].
struct WithJob<'a, 'j, 'p, Sp: StateSpace + ?Sized, G, H, I, B, V, E> {
    job: &'a mut Job<'j, 'p, Sp, G, H, I, B, V>,
    engine: &'a mut E,
}

impl<Sp, G, H, I, B, V, E> StorageUser<Sp::State> for WithJob<'_, '_, '_, Sp, G, H, I, B, V, E>
where
    Sp: StateSpace + ?Sized,
    G: Fn(&Sp::State) -> bool,
    H: Heuristic<Sp::State, Sp::Cost>,
    B: MaybeBackward<Sp>,
    V: Visitor<Sp::State, Sp::Cost>,
    E: EngineJob<Sp, G, H, B, V>,
{
    type Output = Search<Solution<Sp::State, Sp::Cost>>;

    fn run<St: Storage<Sp::State>>(&mut self, storage: St) -> Result<Self::Output, CapacityError> {
        self.engine.run(storage, self.job)
    }
}

/// Dijkstra with a given queue, or A*.
enum BestFirst<Q> {
    Dijkstra(Q),
    AStar,
}

impl<Sp, G, H, B, V, Q> EngineJob<Sp, G, H, B, V> for BestFirst<Q>
where
    Sp: StateSpace + ?Sized,
    Q: PriorityQueue<Sp::Cost> + Clone,
{
    fn run<St: Storage<Sp::State>, I>(
        &mut self,
        storage: St,
        job: &mut Job<'_, '_, Sp, G, H, I, B, V>,
    ) -> Started<Sp::State, Sp::Cost>
    where
        G: Fn(&Sp::State) -> bool,
        H: Heuristic<Sp::State, Sp::Cost>,
        B: MaybeBackward<Sp>,
        V: Visitor<Sp::State, Sp::Cost>,
    {
        let problem = job.problem;
        let starts = problem.starts.iter().cloned();
        let is_goal = |s: &Sp::State| (problem.is_goal)(s);
        Ok(match self {
            BestFirst::Dijkstra(queue) => {
                let engine = Dijkstra::with_storage(storage)
                    .with_queue(queue.clone())
                    .with_limits(job.limits.clone());
                let mut scratch = engine.scratch()?;
                engine.search_in_with(&mut scratch, problem.space, starts, is_goal, job.visitor)
            }
            BestFirst::AStar => {
                let engine = AStar::with_storage(storage).with_limits(job.limits.clone());
                let mut scratch = engine.scratch()?;
                let h = &problem.heuristic;
                engine.search_in_with(&mut scratch, problem.space, starts, h, is_goal, job.visitor)
            }
        })
    }
}

/// IDA* with a transposition table.
struct TabledIda;

impl<Sp, G, H, B, V> EngineJob<Sp, G, H, B, V> for TabledIda
where
    Sp: StateSpace + ?Sized,
{
    fn run<St: Storage<Sp::State>, I>(
        &mut self,
        storage: St,
        job: &mut Job<'_, '_, Sp, G, H, I, B, V>,
    ) -> Started<Sp::State, Sp::Cost>
    where
        G: Fn(&Sp::State) -> bool,
        H: Heuristic<Sp::State, Sp::Cost>,
        B: MaybeBackward<Sp>,
        V: Visitor<Sp::State, Sp::Cost>,
    {
        let problem = job.problem;
        let engine = IdaStar::with_table(storage).with_limits(job.limits.clone());
        let mut scratch = engine.scratch()?;
        Ok(engine.search_in_with(
            &mut scratch,
            problem.space,
            problem.starts.iter().cloned(),
            &problem.heuristic,
            |s| (problem.is_goal)(s),
            job.visitor,
        ))
    }
}

/// Dijkstra with a bucket or radix queue, run once the cost type is known to be unsigned.
struct Unsigned<'j, 'p, Sp: StateSpace + ?Sized, G, H, I, B, V> {
    job: Job<'j, 'p, Sp, G, H, I, B, V>,
    queue: Queue,
}

impl<Sp, G, H, I, B, V> UnsignedUser<Sp::Cost> for Unsigned<'_, '_, Sp, G, H, I, B, V>
where
    Sp: StateSpace + ?Sized,
    G: Fn(&Sp::State) -> bool,
    H: Heuristic<Sp::State, Sp::Cost>,
    I: MaybeIndexer<Sp::State>,
    B: MaybeBackward<Sp>,
    V: Visitor<Sp::State, Sp::Cost>,
{
    type Output = Started<Sp::State, Sp::Cost>;

    fn run(mut self) -> Self::Output
    where
        Sp::Cost: UnsignedCost,
    {
        match self.queue {
            Queue::Radix => self
                .job
                .store::<Node<Sp::Cost>, _>(&mut BestFirst::Dijkstra(RadixQueue::new())),
            _ => self
                .job
                .store::<Node<Sp::Cost>, _>(&mut BestFirst::Dijkstra(BucketQueue::new())),
        }
    }
}

/// The storage user that runs SPFA.
struct SpfaUser<'a, 'j, 'p, Sp: StateSpace + ?Sized, G, H, I, B, V> {
    job: &'a mut Job<'j, 'p, Sp, G, H, I, B, V>,
}

impl<Sp, G, H, I, B, V> StorageUser<Sp::State> for SpfaUser<'_, '_, '_, Sp, G, H, I, B, V>
where
    Sp: StateSpace + ?Sized,
    G: Fn(&Sp::State) -> bool,
    V: Visitor<Sp::State, Sp::Cost>,
{
    type Output = StrategyResult<Sp::State, Sp::Cost>;

    fn run<St: Storage<Sp::State>>(&mut self, storage: St) -> Result<Self::Output, CapacityError> {
        let problem = self.job.problem;
        let engine = Spfa::with_storage(storage).with_limits(self.job.limits.clone());
        let mut scratch = engine.scratch()?;
        Ok(engine
            .search_in_with(
                &mut scratch,
                problem.space,
                problem.starts.iter().cloned(),
                |s| (problem.is_goal)(s),
                self.job.visitor,
            )
            .map_err(StrategyError::NegativeCycle))
    }
}

/// A step-counting engine (`bfs`, `bibfs`) on a space whose steps all cost `unit`: its
/// limits, events and solutions are converted between steps and costs.
struct Steps<E, C> {
    job: E,
    unit: C,
}

impl<Sp, G, H, B, V, E> EngineJob<Sp, G, H, B, V> for Steps<E, Sp::Cost>
where
    Sp: StateSpace + ?Sized,
    E: StepJob<Sp, B>,
{
    fn run<St: Storage<Sp::State>, I>(
        &mut self,
        storage: St,
        job: &mut Job<'_, '_, Sp, G, H, I, B, V>,
    ) -> Started<Sp::State, Sp::Cost>
    where
        G: Fn(&Sp::State) -> bool,
        H: Heuristic<Sp::State, Sp::Cost>,
        B: MaybeBackward<Sp>,
        V: Visitor<Sp::State, Sp::Cost>,
    {
        let unit = self.unit;
        let limits = job.limits.clone().map_cost(|max| max_steps(unit, max));
        let mut visitor = InCost {
            inner: &mut *job.visitor,
            unit,
        };
        let problem = job.problem;
        let search = self.job.run(storage, limits, problem, &mut visitor)?;
        let Search { outcome, stats } = search;
        let outcome = match outcome {
            Outcome::Found(found) => match unit.times(found.cost as u64) {
                Some(cost) => Outcome::Found(Solution {
                    path: found.path,
                    cost,
                }),
                None => Outcome::Stopped(StopReason::CostOverflow),
            },
            Outcome::NoPath => Outcome::NoPath,
            Outcome::Stopped(reason) => Outcome::Stopped(reason),
        };
        Ok(Search { outcome, stats })
    }
}

/// A step-counting engine: BFS from the problem's starts, or bidirectional BFS between a
/// start and the goal state.
trait StepJob<Sp: StateSpace + ?Sized, B> {
    fn run<St: Storage<Sp::State>, G, H, I, V>(
        &self,
        storage: St,
        limits: Limits<usize>,
        problem: &Problem<'_, Sp, G, H, I, B>,
        visitor: &mut V,
    ) -> Result<Search<Solution<Sp::State, usize>>, CapacityError>
    where
        G: Fn(&Sp::State) -> bool,
        B: MaybeBackward<Sp>,
        V: Visitor<Sp::State, usize>;
}

impl<Sp: StateSpace + ?Sized, B> StepJob<Sp, B> for Bfs {
    fn run<St: Storage<Sp::State>, G, H, I, V>(
        &self,
        storage: St,
        limits: Limits<usize>,
        problem: &Problem<'_, Sp, G, H, I, B>,
        visitor: &mut V,
    ) -> Result<Search<Solution<Sp::State, usize>>, CapacityError>
    where
        G: Fn(&Sp::State) -> bool,
        B: MaybeBackward<Sp>,
        V: Visitor<Sp::State, usize>,
    {
        let engine = Bfs::with_storage(storage).with_limits(limits);
        let mut scratch = engine.scratch()?;
        Ok(engine.search_in_with(
            &mut scratch,
            problem.space,
            problem.starts.iter().cloned(),
            |s| (problem.is_goal)(s),
            visitor,
        ))
    }
}

impl<Sp: StateSpace + ?Sized, B> StepJob<Sp, B> for (BidirectionalBfs, (Sp::State, Sp::State)) {
    fn run<St: Storage<Sp::State>, G, H, I, V>(
        &self,
        storage: St,
        limits: Limits<usize>,
        problem: &Problem<'_, Sp, G, H, I, B>,
        visitor: &mut V,
    ) -> Result<Search<Solution<Sp::State, usize>>, CapacityError>
    where
        G: Fn(&Sp::State) -> bool,
        B: MaybeBackward<Sp>,
        V: Visitor<Sp::State, usize>,
    {
        let engine = BidirectionalBfs::with_storage(storage).with_limits(limits);
        let mut scratch = engine.scratch()?;
        let space = Bidirectional {
            space: problem.space,
            backward: &problem.backward,
        };
        let (start, goal) = self.1.clone();
        Ok(engine.search_in_with(&mut scratch, &space, start, goal, visitor))
    }
}

/// The largest number of steps of cost `unit` whose total is at most `max`.
fn max_steps<C: Cost>(unit: C, max: C) -> usize {
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
            Event::Expanded { state, cost: steps } => match cost(steps) {
                Some(cost) => Event::Expanded { state, cost },
                None => return ControlFlow::Continue(()),
            },
            Event::Reopened { state, cost: steps } => match cost(steps) {
                Some(cost) => Event::Reopened { state, cost },
                None => return ControlFlow::Continue(()),
            },
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
