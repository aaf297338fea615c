//! The strategies that search on several threads (feature `parallel`):
//! [`Strategy::par_run_in_place`] on an [`InPlaceSpace`](crate::InPlaceSpace), [`Strategy::par_run`] on a
//! [`Problem`].

use crate::event::{NoVisitor, Visitor};
use crate::solution::{Limits, Outcome, Search, Solution, StopReason};
use crate::space::{Cost, SendSpace, StateSpace};
use crate::{Hda, InPlaceSolver, Inapplicable, ParBfs, ParIdaStar, Solver};

use super::steps::max_steps;
use super::{
    CostOf, InPlaceResult, MaybeIndexer, StateOf, Strategy, StrategyError, StrategyResult,
    SyncProblem,
};

impl Strategy {
    /// Runs this strategy on a [`SendSpace`]: an [`InPlaceSpace`](crate::InPlaceSpace) that can be cloned and sent to other
    /// threads: `par-idastar` is [`ParIdaStar`] on the threads of the current rayon pool
    /// (choose them with [`rayon::ThreadPool::install`]); every other strategy runs as
    /// with [`Strategy::run_in_place`], on the calling thread.
    ///
    /// # Errors
    ///
    /// As [`Strategy::run_in_place`]: [`StrategyError::NotApplicable`] for a strategy that
    /// does not search in place, or when the space has a negative action cost.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "parallel")] {
    /// use state_search::{InPlaceSpace, Limits, Strategy};
    ///
    /// /// A counter that is incremented or doubled, up to a target.
    /// #[derive(Clone)]
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
    /// let strategy: Strategy = "par-idastar".parse()?;
    /// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
    /// let search = pool.install(|| {
    ///     strategy.par_run_in_place(&mut counter, |c: &Counter| c.0 == 12, &Limits::new())
    /// })?;
    /// assert_eq!(search.found().unwrap().cost, 4); // 1 2 3 6 12
    /// assert_eq!(counter.0, 1); // back at the start
    /// // The sequential strategies run as they do with `run_in_place`.
    /// let search = Strategy::IdaStar.par_run_in_place(&mut counter, |c| c.0 == 12, &Limits::new())?;
    /// assert_eq!(search.found().unwrap().cost, 4);
    /// // Only `par_run_in_place` can run it.
    /// assert!(strategy.run_in_place(&mut counter, |c| c.0 == 12, &Limits::new()).is_err());
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn par_run_in_place<Sp, G>(
        &self,
        space: &mut Sp,
        is_goal: G,
        limits: &Limits<Sp::Cost>,
    ) -> InPlaceResult<Sp::Action, Sp::Cost>
    where
        Sp: SendSpace,
        G: Fn(&Sp) -> bool + Sync,
    {
        self.par_run_in_place_with(space, is_goal, limits, &mut NoVisitor)
    }

    /// [`Strategy::par_run_in_place`] with an event visitor. With `par-idastar` it sees
    /// [`Event::IterationFinished`](crate::Event::IterationFinished) only (see
    /// [`ParIdaStar`]).
    ///
    /// # Errors
    ///
    /// As [`Strategy::par_run_in_place`].
    pub fn par_run_in_place_with<Sp, G, V>(
        &self,
        space: &mut Sp,
        is_goal: G,
        limits: &Limits<Sp::Cost>,
        visitor: &mut V,
    ) -> InPlaceResult<Sp::Action, Sp::Cost>
    where
        Sp: SendSpace,
        G: Fn(&Sp) -> bool + Sync,
        V: Visitor<Sp, Sp::Cost>,
    {
        if *self != Strategy::ParIdaStar {
            return self.run_in_place_with(space, is_goal, limits, visitor);
        }
        let engine = ParIdaStar::new().with_limits(limits.clone());
        let search = engine.search_with(space, is_goal, visitor);
        if search.stop_reason() == Some(StopReason::NegativeCost) {
            return Err(StrategyError::NotApplicable {
                strategy: *self,
                reason: Inapplicable::NegativeCost,
            });
        }
        Ok(search)
    }
}

impl Strategy {
    /// Runs this strategy on a problem whose space, goal test, heuristic and indexer can be
    /// shared between threads: `par-bfs` is [`ParBfs`] and `hda` is [`Hda`], on the
    /// threads of the current rayon pool (choose them with
    /// [`rayon::ThreadPool::install`]); `par-bfs` costs the steps times the space's
    /// uniform cost as `bfs` does, and stores states densely when the problem has an
    /// indexer and the marks fit the memory (and the memory limit), else in sharded hash
    /// tables ([`ParBfs::search_hashed`]). Every other strategy runs as with
    /// [`Strategy::run`], on the calling thread.
    ///
    /// # Errors
    ///
    /// As [`Strategy::run`]. `par-bfs` is refused with
    /// [`Inapplicable::NeedsUniformCost`] when the space's steps may differ in cost (or
    /// cost less than zero). `hda` is refused with [`Inapplicable::NegativeCost`] when it meets a
    /// negative step cost, as `astar` is.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "parallel")] {
    /// use state_search::{Limits, Problem, StateIndexer, Strategy};
    ///
    /// /// The numbers 0..100.
    /// #[derive(Clone)]
    /// struct Upto100;
    /// impl StateIndexer<u32> for Upto100 {
    ///     fn bound(&self) -> usize { 100 }
    ///     fn index(&self, n: &u32) -> usize { *n as usize }
    ///     fn state(&self, i: usize) -> u32 { i as u32 }
    /// }
    /// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 2].into_iter().filter(|&m| m < 100));
    /// let problem = Problem::new(&space, [1], |&n| n == 12);
    /// let strategy: Strategy = "par-bfs".parse()?;
    /// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
    /// // Without an indexer it stores states in hash tables; with one, densely.
    /// let search = pool.install(|| strategy.par_run(&problem, &Limits::new()))?;
    /// assert_eq!(search.found().unwrap().cost, 4); // 1 2 3 6 12
    /// let problem = problem.indexer(Upto100);
    /// let search = pool.install(|| strategy.par_run(&problem, &Limits::new()))?;
    /// assert_eq!(search.found().unwrap().cost, 4);
    /// // Hash-distributed A* needs no indexer; it uses the heuristic.
    /// let problem = problem.heuristic(|&n: &u32| usize::from(n != 12));
    /// let search = pool.install(|| Strategy::Hda.par_run(&problem, &Limits::new()))?;
    /// assert_eq!(search.found().unwrap().cost, 4);
    /// // Only `par_run` can run them.
    /// assert!(strategy.run(&problem, &Limits::new()).is_err());
    /// assert!(Strategy::Hda.run(&problem, &Limits::new()).is_err());
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn par_run<P: SyncProblem>(
        &self,
        problem: &P,
        limits: &Limits<CostOf<P>>,
    ) -> StrategyResult<StateOf<P>, CostOf<P>> {
        match self {
            Strategy::ParBfs => self.par_bfs(problem, limits),
            Strategy::Hda => {
                let search = Hda::new().with_limits(limits.clone()).search(problem);
                if search.stop_reason() == Some(StopReason::NegativeCost) {
                    return Err(StrategyError::NotApplicable {
                        strategy: *self,
                        reason: Inapplicable::NegativeCost,
                    });
                }
                Ok(search)
            }
            _ => self.run(problem, limits),
        }
    }

    /// `par-bfs` on `problem` (see [`Strategy::par_run`]).
    fn par_bfs<P: SyncProblem>(
        &self,
        problem: &P,
        limits: &Limits<CostOf<P>>,
    ) -> StrategyResult<StateOf<P>, CostOf<P>> {
        let refuse = |reason| StrategyError::NotApplicable {
            strategy: *self,
            reason,
        };
        let unit = problem
            .space()
            .uniform_cost()
            .filter(|unit| !unit.is_negative())
            .ok_or(refuse(Inapplicable::NeedsUniformCost))?;
        let steps = limits.clone().map_cost(|max| max_steps(unit, max));
        let engine = ParBfs::new().with_limits(steps);
        let starts = problem.starts().iter().cloned();
        // Dense marks when the problem numbers its states and they fit, else hashed
        // storage (the marks are two bits a state, so no hashed start is tried first).
        let is_goal = |state: &StateOf<P>| problem.is_goal(state);
        let dense = problem
            .indexer()
            .get()
            .map(|indexer| engine.search(problem.space(), indexer, starts.clone(), is_goal));
        let search = match dense {
            Some(Ok(search)) => search,
            Some(Err(_)) | None => engine.search_hashed(problem.space(), starts, is_goal)?,
        };
        let Search {
            outcome,
            stats,
            partial: _,
        } = search;
        let outcome = match outcome {
            Outcome::Found(found) => match unit.times(found.cost as u64) {
                Some(cost) => Outcome::Found(Solution {
                    cost,
                    path: found.path,
                }),
                None => Outcome::Stopped(StopReason::CostOverflow),
            },
            Outcome::NoPath => Outcome::NoPath,
            Outcome::Stopped(reason) => Outcome::Stopped(reason),
        };
        Ok(Search::new(outcome, stats))
    }
}
