//! The strategies that search an [`InPlaceSpace`] on several threads (feature
//! `parallel`): [`Strategy::par_run_in_place`].

use crate::event::{NoVisitor, Visitor};
use crate::solution::{Limits, StopReason};
use crate::space::InPlaceSpace;
use crate::{Inapplicable, ParIdaStar};

use super::{InPlaceResult, Strategy, StrategyError};

impl Strategy {
    /// Runs this strategy on an [`InPlaceSpace`] that can be cloned and sent to other
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
        Sp: InPlaceSpace + Clone + Send,
        Sp::Action: Send + Sync,
        Sp::Cost: Send + Sync,
        G: Fn(&Sp) -> bool + Sync,
    {
        self.par_run_in_place_with(space, is_goal, limits, &mut NoVisitor)
    }

    /// [`Strategy::par_run_in_place`] with an event visitor. With `par-idastar` it sees
    /// [`Event::IterationFinished`](crate::Event::IterationFinished) only (see
    /// [`ParIdaStar::search_with`]).
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
        Sp: InPlaceSpace + Clone + Send,
        Sp::Action: Send + Sync,
        Sp::Cost: Send + Sync,
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
