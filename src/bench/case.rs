//! What a comparison runs: [`Case`]s (a problem that runs a strategy) and what one run
//! measures.

use core::fmt;
use core::ops::ControlFlow;

use super::Ticker;
use crate::event::{Event, FCounts, Visitor};
use crate::problem::MaybeBackward;
use crate::solution::{Limits, Outcome, Search, Stats, StopReason};
use crate::space::{Cost, Heuristic};
#[cfg(feature = "parallel")]
use crate::strategy::SyncProblem;
use crate::strategy::{CostOf, Inapplicable, SearchProblem, StateOf, Strategy, StrategyError};

/// How one run ended.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum RunOutcome {
    /// A solution of this cost: as text, and as a number when the cost is one
    /// ([`Cost::to_f64`]).
    Found {
        /// The cost, as the cost type's `Debug` writes it.
        cost: String,
        /// The cost as a number, for ratios.
        value: Option<f64>,
    },
    /// The search proved that no goal is reachable.
    NoPath,
    /// The search stopped before it could decide.
    Stopped(StopReason),
    /// The strategy does not apply to the problem: the pair was skipped.
    NotApplicable(Inapplicable),
    /// The search failed: a negative cycle, or storage that could not be had.
    Failed(String),
}

impl RunOutcome {
    /// Whether the pair was skipped because the strategy does not apply.
    #[must_use]
    pub fn is_skipped(&self) -> bool {
        matches!(self, RunOutcome::NotApplicable(_))
    }

    /// The kind of outcome in a word or two: `found`, `no path`, `stopped`, `skipped` or
    /// `failed`; the `Display` form adds the reason of the last three.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            RunOutcome::Found { .. } => "found",
            RunOutcome::NoPath => "no path",
            RunOutcome::Stopped(_) => "stopped",
            RunOutcome::NotApplicable(_) => "skipped",
            RunOutcome::Failed(_) => "failed",
        }
    }

    /// The outcome of a search whose solutions cost `cost`.
    pub fn of<T, C: Cost>(outcome: &Outcome<T>, cost: impl FnOnce(&T) -> C) -> Self {
        match outcome {
            Outcome::Found(found) => {
                let cost = cost(found);
                RunOutcome::Found {
                    cost: format!("{cost:?}"),
                    value: cost.to_f64(),
                }
            }
            Outcome::NoPath => RunOutcome::NoPath,
            Outcome::Stopped(reason) => RunOutcome::Stopped(*reason),
        }
    }
}

impl fmt::Display for RunOutcome {
    /// `found`, `no path`, `stopped: ...`, `skipped: ...` or `failed: ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunOutcome::Found { .. } => f.write_str("found"),
            RunOutcome::NoPath => f.write_str("no path"),
            RunOutcome::Stopped(reason) => reason.fmt(f),
            RunOutcome::NotApplicable(reason) => write!(f, "skipped: {reason}"),
            RunOutcome::Failed(why) => write!(f, "failed: {why}"),
        }
    }
}

/// What one run of a strategy on a problem measured (the time is the comparison's).
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// How the run ended.
    pub outcome: RunOutcome,
    /// The engine's statistics ([`Stats::memory`]: the bytes its buffers held).
    pub stats: Stats,
}

impl Measurement {
    /// The measurement of a search whose solutions cost `cost`.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::bench::{Measurement, RunOutcome};
    ///
    /// let space = state_search::from_fn(|&n: &u32| [(n + 1, 2u32)]);
    /// let search = state_search::dijkstra(&space, [0], |&n| n == 3);
    /// let measured = Measurement::of(&search, |found| found.cost);
    /// assert_eq!(measured.outcome, RunOutcome::Found { cost: "6".into(), value: Some(6.0) });
    /// ```
    pub fn of<T, C: Cost>(search: &Search<T>, cost: impl FnOnce(&T) -> C) -> Self {
        Self {
            outcome: RunOutcome::of(&search.outcome, cost),
            stats: search.stats,
        }
    }

    /// The measurement of a strategy run: the search, or why there was none.
    pub fn of_result<T, C: Cost, E: Into<Refusal>>(
        result: Result<Search<T>, E>,
        cost: impl FnOnce(&T) -> C,
    ) -> Self {
        match result {
            Ok(search) => Self::of(&search, cost),
            Err(error) => Self {
                outcome: error.into().0,
                stats: Stats::default(),
            },
        }
    }

    /// A run that did not happen, for `why`.
    #[must_use]
    pub fn skipped(why: &str) -> Self {
        Self {
            outcome: RunOutcome::Failed(why.to_owned()),
            stats: Stats::default(),
        }
    }
}

/// Why a run gave no search: the outcome it is reported as.
pub struct Refusal(pub RunOutcome);

impl<S, C: fmt::Debug> From<StrategyError<S, C>> for Refusal {
    fn from(error: StrategyError<S, C>) -> Self {
        Refusal(match error {
            StrategyError::NotApplicable { reason, .. } => RunOutcome::NotApplicable(reason),
            StrategyError::Capacity(error) => RunOutcome::Failed(error.to_string()),
            StrategyError::NegativeCycle(cycle) => RunOutcome::Failed(format!(
                "a negative cycle of {} states (cost {:?})",
                cycle.cycle.len(),
                cycle.cost
            )),
        })
    }
}

#[cfg(feature = "domains")]
impl<E: fmt::Display> From<crate::domains::SolveError<E>> for Refusal {
    fn from(error: crate::domains::SolveError<E>) -> Self {
        Refusal(match error {
            crate::domains::SolveError::NotApplicable { reason, .. } => {
                RunOutcome::NotApplicable(reason)
            }
            other => RunOutcome::Failed(other.to_string()),
        })
    }
}

/// A problem of a comparison: a name, and a way to run a strategy on it within limits.
///
/// [`Comparison::problem`](super::Comparison::problem) makes one from a [`crate::Problem`];
/// [`case`] makes one from a closure, for problems that are not a `Problem` (an
/// in-place space, a domain's own solver).
///
/// # Examples
///
/// ```
/// use state_search::bench::{Case, Comparison, Measurement, Ticker};
/// use state_search::{Limits, Problem, Strategy};
///
/// /// From 1 to `self.0` by +1 and *2, one problem per target.
/// struct Chain(u32);
/// impl Case for Chain {
///     fn name(&self) -> &str { "chain" }
///     fn run(&self, strategy: Strategy, limits: &Limits, _: &mut Ticker<'_>) -> Measurement {
///         let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 2]);
///         let problem = Problem::new(&space, [1], |&n| n == self.0);
///         Measurement::of_result(strategy.run(&problem, &limits.for_cost()), |found| found.cost)
///     }
/// }
/// let report = Comparison::new().case(Chain(100)).strategies(["bfs", "idastar"])?.run();
/// assert!(report.rows().iter().all(|row| row.cost.as_deref() == Some("8")));
/// # Ok::<(), state_search::ParseStrategyError>(())
/// ```
pub trait Case {
    /// The problem's name in the report.
    fn name(&self) -> &str;
    /// Runs `strategy` within `limits`; reports progress on `ticker` when it can.
    fn run(&self, strategy: Strategy, limits: &Limits, ticker: &mut Ticker<'_>) -> Measurement;
    /// Runs `strategy` within `limits` once more, counting its expansions by `f = g + h`
    /// with the problem's heuristics ([`FCounts`](crate::FCounts)), and returns how many
    /// had `f` below the optimal cost: its necessary expansions. `None` (the default) when
    /// the case cannot count them, the strategy is not optimal, or it found no solution.
    /// [`Comparison::necessary`](super::Comparison::necessary) asks for it; the run is not
    /// timed.
    fn necessary(&self, strategy: Strategy, limits: &Limits) -> Option<u64> {
        let _ = (strategy, limits);
        None
    }
}

impl<T: Case + ?Sized> Case for Box<T> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn run(&self, strategy: Strategy, limits: &Limits, ticker: &mut Ticker<'_>) -> Measurement {
        (**self).run(strategy, limits, ticker)
    }
    fn necessary(&self, strategy: Strategy, limits: &Limits) -> Option<u64> {
        (**self).necessary(strategy, limits)
    }
}

/// A [`Case`] from a name and a function that runs a strategy within limits.
///
/// # Examples
///
/// A domain's own solver (feature `domains`):
///
/// ```
/// # #[cfg(feature = "domains")] {
/// use state_search::bench::{Comparison, Measurement, case};
/// use state_search::domains::sliding::klotski::{Metric, Puzzle};
///
/// let puzzle = Puzzle::classic();
/// let klotski = case("klotski classic", |strategy, limits| {
///     Measurement::of_result(puzzle.solve(Metric::Any, &strategy, limits), |s| s.moves.len())
/// });
/// let report = Comparison::new().case(klotski).strategies(["bfs", "dijkstra"])?.run();
/// assert!(report.rows().iter().all(|row| row.cost.as_deref() == Some("81")));
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn case<F>(name: impl Into<String>, run: F) -> FnCase<F>
where
    F: Fn(Strategy, &Limits) -> Measurement,
{
    FnCase {
        name: name.into(),
        run,
    }
}

/// A [`Case`] made by [`case`].
///
/// # Examples
///
/// ```
/// use state_search::bench::{Case, Measurement, RunOutcome, Ticker, case};
/// use state_search::{Limits, Problem, Strategy};
///
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 3u32)]);
/// let three_steps = case("three steps", |strategy, limits| {
///     let problem = Problem::new(&space, [0], |&n: &u32| n == 3);
///     Measurement::of_result(strategy.run(&problem, &limits.for_cost()), |found| found.cost)
/// });
/// assert_eq!(three_steps.name(), "three steps");
/// let measured = three_steps.run(Strategy::AStar, &Limits::new(), &mut Ticker::silent());
/// assert_eq!(measured.outcome, RunOutcome::Found { cost: "9".into(), value: Some(9.0) });
/// ```
pub struct FnCase<F> {
    name: String,
    run: F,
}

impl<F: Fn(Strategy, &Limits) -> Measurement> Case for FnCase<F> {
    fn name(&self) -> &str {
        &self.name
    }
    fn run(&self, strategy: Strategy, limits: &Limits, _ticker: &mut Ticker<'_>) -> Measurement {
        (self.run)(strategy, limits)
    }
}

/// A [`SearchProblem`] as a [`Case`].
pub(super) struct ProblemCase<P: SearchProblem> {
    name: String,
    problem: P,
    /// The cost limit of every run, if any.
    max_cost: Option<CostOf<P>>,
}

impl<P: SearchProblem> ProblemCase<P> {
    pub(super) fn new(name: String, problem: P, max_cost: Option<CostOf<P>>) -> Self {
        Self {
            name,
            problem,
            max_cost,
        }
    }

    /// The comparison's `limits` in the problem's cost type, with its cost limit.
    fn limits(&self, limits: &Limits) -> Limits<CostOf<P>> {
        let limits = limits.for_cost();
        match self.max_cost {
            Some(cost) => limits.max_cost(cost),
            None => limits,
        }
    }
}

/// A [`ProblemCase`] whose strategies run with
/// [`Strategy::par_run`](crate::Strategy::par_run): `par-bfs` and `hda` on the current
/// rayon pool, every other strategy as with `run`. Its runs report no progress.
#[cfg(feature = "parallel")]
pub(super) struct ParProblemCase<P: SearchProblem>(pub(super) ProblemCase<P>);

#[cfg(feature = "parallel")]
impl<P: SyncProblem> Case for ParProblemCase<P> {
    fn name(&self) -> &str {
        &self.0.name
    }

    fn run(&self, strategy: Strategy, limits: &Limits, _ticker: &mut Ticker<'_>) -> Measurement {
        let limits = self.0.limits(limits);
        Measurement::of_result(strategy.par_run(&self.0.problem, &limits), |found| {
            found.cost
        })
    }
}

impl<P: SearchProblem> Case for ProblemCase<P> {
    fn name(&self) -> &str {
        &self.name
    }

    fn run(&self, strategy: Strategy, limits: &Limits, ticker: &mut Ticker<'_>) -> Measurement {
        let limits = self.limits(limits);
        let result = if ticker.is_watched() {
            strategy.run_with(&self.problem, &limits, &mut Progress { ticker, seen: 0 })
        } else {
            strategy.run(&self.problem, &limits)
        };
        Measurement::of_result(result, |found| found.cost)
    }

    fn necessary(&self, strategy: Strategy, limits: &Limits) -> Option<u64> {
        if !strategy.is_optimal() {
            return None;
        }
        let problem = &self.problem;
        let mut counts = FCounts::new();
        let forward = |state: &StateOf<P>| problem.heuristic().estimate(state);
        let backward = |state: &StateOf<P>| problem.backward().estimate_back(state);
        let mut watch = counts.watch(forward, backward);
        let result = strategy.run_with(problem, &self.limits(limits), &mut watch);
        let optimum = result.ok()?.found()?.cost;
        Some(counts.below(optimum))
    }
}

/// A visitor that reports to a [`Ticker`] every 2^14 expansions and every iteration.
struct Progress<'t, 'b> {
    ticker: &'t mut Ticker<'b>,
    seen: u64,
}

impl<S, C: fmt::Debug> Visitor<S, C> for Progress<'_, '_> {
    #[inline]
    fn visit(&mut self, event: Event<'_, S, C>) -> ControlFlow<()> {
        match event {
            Event::Expanded { .. } => {
                self.seen += 1;
                if self.seen.trailing_zeros() >= 14 {
                    self.ticker.expanded(self.seen);
                }
            }
            Event::IterationFinished { bound, .. } => {
                self.ticker.iteration(&format_args!("{bound:?}"));
            }
            Event::Reopened { .. } | Event::Improved { .. } | Event::Restarted { .. } => {}
        }
        ControlFlow::Continue(())
    }
}
