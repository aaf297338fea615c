//! Benchmarking search strategies on your own problems: register problems and
//! [`Strategy`] values, run every pair with limits, repetitions and warm-up, and get a
//! [`Report`] to print as a table, CSV, JSON or SVG charts.
//!
//! ```
//! use state_search::bench::Comparison;
//! use state_search::{Limits, Problem, Strategy};
//!
//! // Integers up to 400: +1 costs 1, *2 costs 3; from 1 to 200.
//! let space = state_search::from_fn(|&n: &u64| {
//!     [(n + 1, 1u64), (n * 2, 3)].into_iter().filter(|&(m, _)| m <= 400)
//! });
//! let report = Comparison::new()
//!     .problem("double or add", Problem::new(&space, [1], |&n| n == 200))
//!     .strategies(["dijkstra", "dijkstra:radix", "astar", "spfa", "bfs"])?
//!     .limits(Limits::new().max_expansions(100_000))
//!     .repeat(3)
//!     .run();
//! let rows = report.rows();
//! assert_eq!(rows.len(), 5);
//! assert!(rows[..4].iter().all(|row| row.cost.as_deref() == Some("21")));
//! // BFS ignores costs, so it is skipped on this weighted space, and the report says why.
//! assert!(rows[4].outcome.is_skipped());
//! println!("{}", report.table());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A problem is a [`crate::Problem`] (a space, its starts and goal test, and optionally a
//! heuristic, an indexer and the backward direction), or any [`Case`]: a name and a
//! function that runs a strategy, which is how the crate's domains are compared (the
//! `compare` example). Inapplicable pairs are skipped and reported as such, never a
//! panic. Each row holds the outcome, the cost, its ratio to the best proven optimum of
//! its problem in the report, the statistics, the memory the search held, and the wall
//! time's minimum, median and maximum over the repetitions.

mod case;
#[cfg(feature = "charts")]
mod chart;
#[cfg(feature = "criterion")]
pub mod criterion;
#[cfg(feature = "json")]
mod json;
#[cfg(feature = "progress")]
mod progress;
mod report;

use core::time::Duration;
use std::time::Instant;

pub use case::{Case, FnCase, Measurement, Refusal, RunOutcome, case};
#[cfg(feature = "charts")]
pub use chart::ChartError;
pub use report::{Report, Row, Timing};

use crate::solution::Limits;
#[cfg(feature = "parallel")]
use crate::strategy::SyncProblem;
use crate::strategy::{CostOf, ParseStrategyError, SearchProblem, Strategy};

/// A comparison of strategies on problems: what to run, and how often.
///
/// Built with its methods, run with [`Comparison::run`]. Every strategy runs on every
/// problem, `warmup` times unmeasured and then `repeat` times measured; the outcome and
/// statistics are those of the last measured run.
///
/// # Examples
///
/// ```
/// use state_search::bench::Comparison;
/// use state_search::{Problem, Strategy};
///
/// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 3]);
/// let report = Comparison::new()
///     .problem("1 to 100", Problem::new(&space, [1], |&n| n == 100))
///     .strategy(Strategy::Bfs)
///     .strategy(Strategy::AStar)
///     .repeat(2)
///     .run();
/// let rows = report.rows();
/// assert_eq!((rows[0].strategy, rows[1].strategy), (Strategy::Bfs, Strategy::AStar));
/// assert!(rows.iter().all(|row| row.cost.as_deref() == Some("7") && row.time.runs == 2));
/// ```
///
/// The [module docs](self) compare more strategies.
pub struct Comparison<'a> {
    cases: Vec<Box<dyn Case + 'a>>,
    strategies: Vec<Strategy>,
    limits: Limits,
    run_time: Option<Duration>,
    repeat: usize,
    warmup: usize,
    progress: bool,
    necessary: bool,
}

impl Default for Comparison<'_> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a> Comparison<'a> {
    /// An empty comparison: no problem, no strategy, no limit, one measured run per pair,
    /// no warm-up, and a progress bar on a terminal.
    #[must_use]
    pub fn new() -> Self {
        Self {
            cases: Vec::new(),
            strategies: Vec::new(),
            limits: Limits::new(),
            run_time: None,
            repeat: 1,
            warmup: 0,
            progress: true,
            necessary: false,
        }
    }

    /// Adds a problem, with whatever optional parts it has (heuristic, indexer, backward
    /// direction, distance-to-go).
    #[must_use]
    pub fn problem<P: SearchProblem + 'a>(mut self, name: impl Into<String>, problem: P) -> Self {
        self.cases
            .push(Box::new(case::ProblemCase::new(name.into(), problem, None)));
        self
    }

    /// Adds a problem whose runs look for no path costing more than `max_cost`
    /// ([`Limits::max_cost`], in the problem's own cost type), on top of the comparison's
    /// [`limits`](Comparison::limits).
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::bench::{Comparison, RunOutcome};
    /// use state_search::{Problem, StopReason, from_fn};
    ///
    /// // From 0, +1 costs 2 and +3 costs 5; the goal 6 costs 10 at best.
    /// let space = from_fn(|&n: &u32| {
    ///     [(n + 1, 2u32), (n + 3, 5)].into_iter().filter(|&(m, _)| m <= 6)
    /// });
    /// let problem = || Problem::new(&space, [0], |&n: &u32| n == 6);
    /// let report = Comparison::new()
    ///     .problem("free", problem())
    ///     .problem_with_max_cost("within 9", problem(), 9)
    ///     .strategies(["dijkstra"])?
    ///     .progress(false)
    ///     .run();
    /// assert_eq!(report.rows()[0].cost.as_deref(), Some("10"));
    /// // Stopped at the limit: no path within it, but none proven to be missing.
    /// assert_eq!(report.rows()[1].outcome, RunOutcome::Stopped(StopReason::Cost));
    /// # Ok::<(), state_search::ParseStrategyError>(())
    /// ```
    #[must_use]
    pub fn problem_with_max_cost<P: SearchProblem + 'a>(
        mut self,
        name: impl Into<String>,
        problem: P,
        max_cost: CostOf<P>,
    ) -> Self {
        self.cases.push(Box::new(case::ProblemCase::new(
            name.into(),
            problem,
            Some(max_cost),
        )));
        self
    }

    /// Adds a problem whose strategies run with [`Strategy::par_run`] (feature
    /// `parallel`): `par-bfs` and `hda` search on the current rayon pool, every other
    /// strategy as with [`Comparison::problem`]. [`Comparison::problem`] skips the
    /// parallel strategies, since its problem need not be shared between threads. These
    /// runs report no progress.
    ///
    /// To choose the threads, build and run the comparison inside
    /// [`rayon::ThreadPool::install`]: `pool.install(|| Comparison::new()...run())`. A
    /// `Comparison` is not `Sync` (its problems need not be), so one built outside
    /// cannot be run from inside the closure.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::bench::Comparison;
    /// use state_search::{Problem, unit_from_fn};
    ///
    /// let space = unit_from_fn(|&n: &u32| [n + 1, n * 3].into_iter().filter(|&m| m <= 500));
    /// let problem = || Problem::new(&space, [1], |&n: &u32| n == 500);
    /// let report = Comparison::new()
    ///     .par_problem("shared", problem())
    ///     .problem("one thread", problem())
    ///     .strategies(["bfs", "par-bfs"])?
    ///     .progress(false)
    ///     .run();
    /// let rows = report.rows();
    /// assert_eq!(rows[0].cost, rows[1].cost); // par-bfs finds bfs's cost
    /// assert!(!rows[1].outcome.is_skipped());
    /// assert!(rows[3].outcome.is_skipped()); // through `problem`, par-bfs is skipped
    /// # Ok::<(), state_search::ParseStrategyError>(())
    /// ```
    #[cfg(feature = "parallel")]
    #[must_use]
    pub fn par_problem<P: SyncProblem + 'a>(mut self, name: impl Into<String>, problem: P) -> Self {
        self.cases
            .push(Box::new(case::ParProblemCase(case::ProblemCase::new(
                name.into(),
                problem,
                None,
            ))));
        self
    }

    /// Adds a problem given as a [`Case`] (see [`case`](Case) for a closure).
    #[must_use]
    pub fn case(mut self, case: impl Case + 'a) -> Self {
        self.cases.push(Box::new(case));
        self
    }

    /// Adds a strategy.
    #[must_use]
    pub fn strategy(mut self, strategy: Strategy) -> Self {
        self.strategies.push(strategy);
        self
    }

    /// Adds strategies by their spellings (`"astar"`, `"dijkstra:bucket"`, ...).
    ///
    /// # Errors
    ///
    /// A [`ParseStrategyError`] for a name that is no strategy's spelling.
    pub fn strategies<N: AsRef<str>>(
        mut self,
        names: impl IntoIterator<Item = N>,
    ) -> Result<Self, ParseStrategyError> {
        for name in names {
            self.strategies.push(name.as_ref().parse()?);
        }
        Ok(self)
    }

    /// The limits of every run. A time limit in them ([`Limits::time_limit`]) counts from
    /// the start of each run; a deadline ([`Limits::deadline`]) is one instant for all.
    ///
    /// They have no cost type (`Limits<NoCostLimit>`), so no cost limit: the problems'
    /// cost types may differ. Give a problem its cost limit with
    /// [`Comparison::problem_with_max_cost`].
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// How many measured runs per pair (at least one).
    #[must_use]
    pub fn repeat(mut self, runs: usize) -> Self {
        self.repeat = runs.max(1);
        self
    }

    /// How many unmeasured runs per pair before the measured ones.
    #[must_use]
    pub fn warmup(mut self, runs: usize) -> Self {
        self.warmup = runs;
        self
    }

    /// Whether to show a progress bar on standard error (only when it is a terminal, and
    /// only with the `progress` feature). On by default.
    #[must_use]
    pub fn progress(mut self, show: bool) -> Self {
        self.progress = show;
        self
    }

    /// A time limit for each run, from the start of the run.
    #[must_use]
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.run_time = Some(limit);
        self
    }

    /// Also counts each optimal strategy's necessary expansions
    /// ([`Row::necessary`]): its expansions of states whose `f = g + h` (the problem's
    /// heuristic; backward expansions with the backward heuristic) is below the optimal
    /// cost it found, which every optimal search must expand with a consistent heuristic.
    /// The rest of its expansions are what its strategy chose to do. A state expanded
    /// again counts again: for `idastar`, `dfbnb` and the anytime strategies (or any
    /// strategy that reopens states) the count can exceed the number of such states. It
    /// costs one more run per pair, after the measured ones and not timed, which evaluates
    /// the heuristic once more per expansion; a [`Case`] that cannot count them (the
    /// default of [`Case::necessary`]) leaves them out.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::bench::Comparison;
    /// use state_search::Problem;
    ///
    /// // From 0 to 10 on a line, steps of 1 either way; h: half the distance to 10.
    /// let space = state_search::from_fn(|&n: &i32| [(n - 1, 1u32), (n + 1, 1)]);
    /// let h = |&n: &i32| (10 - n).max(0).unsigned_abs() / 2;
    /// let report = Comparison::new()
    ///     .problem("line", Problem::new(&space, [0], |&n| n == 10).heuristic(h))
    ///     .strategies(["astar", "dijkstra", "gbfs"])?
    ///     .necessary(true)
    ///     .progress(false)
    ///     .run();
    /// let necessary: Vec<_> = report.rows().iter().map(|row| row.necessary).collect();
    /// // 0 to 9 and -1 to -3 have f < 10: both optimal searches expand them; greedy
    /// // search is not optimal, so its count is not given.
    /// assert_eq!(necessary, [Some(13), Some(13), None]);
    /// assert!(report.rows()[1].expanded > report.rows()[0].expanded); // Dijkstra chose more
    /// # Ok::<(), state_search::ParseStrategyError>(())
    /// ```
    #[must_use]
    pub fn necessary(mut self, count: bool) -> Self {
        self.necessary = count;
        self
    }

    /// Runs every strategy on every problem.
    ///
    /// # Complexity
    ///
    /// `problems x strategies x (warmup + repeat)` searches.
    #[must_use]
    pub fn run(&self) -> Report {
        let total = (self.cases.len() * self.strategies.len())
            .saturating_mul(self.warmup.saturating_add(self.repeat));
        let mut bar = Bar::new(self.progress, total);
        let mut rows = Vec::with_capacity(self.cases.len() * self.strategies.len());
        for case in &self.cases {
            for &strategy in &self.strategies {
                bar.label(case.name(), strategy);
                rows.push(self.measure(case.as_ref(), strategy, &mut bar));
            }
        }
        bar.finish();
        Report::new(rows)
    }

    /// The row of one problem and strategy.
    fn measure(&self, case: &dyn Case, strategy: Strategy, bar: &mut Bar) -> Row {
        // Grown as the runs finish: a huge `repeat` is a long comparison, not a huge
        // allocation up front.
        let mut times = Vec::with_capacity(self.repeat.min(1024));
        let mut last = None;
        for run in 0..self.warmup.saturating_add(self.repeat) {
            let limits = match self.run_time {
                Some(limit) => self.limits.clone().time_limit(limit),
                None => self.limits.clone(),
            };
            let started = Instant::now();
            let measurement = case.run(strategy, &limits, &mut bar.ticker());
            let elapsed = started.elapsed();
            bar.advance();
            if measurement.outcome.is_skipped() {
                // A refusal comes at the first run and is the same every time; it is not a
                // run to time, so the row has no timing, with or without warm-up runs.
                last = Some(measurement);
                break;
            }
            if run >= self.warmup {
                times.push(elapsed);
            }
            last = Some(measurement);
        }
        let measurement = last.unwrap_or_else(|| Measurement::skipped("no run"));
        let necessary = if self.necessary && !measurement.outcome.is_skipped() {
            case.necessary(strategy, &self.limits)
        } else {
            None
        };
        let mut row = Row::new(case.name(), strategy, measurement, &times);
        row.necessary = necessary;
        row
    }
}

/// The progress of a comparison: a bar with the `progress` feature, nothing otherwise.
struct Bar {
    #[cfg(feature = "progress")]
    inner: Option<progress::Progress>,
}

impl Bar {
    #[cfg_attr(not(feature = "progress"), expect(unused_variables, reason = "no bar"))]
    fn new(show: bool, total: usize) -> Self {
        Self {
            #[cfg(feature = "progress")]
            inner: show.then(|| progress::Progress::new(total)),
        }
    }

    #[cfg_attr(not(feature = "progress"), expect(unused_variables, reason = "no bar"))]
    fn label(&mut self, problem: &str, strategy: Strategy) {
        #[cfg(feature = "progress")]
        if let Some(bar) = &self.inner {
            bar.label(problem, strategy);
        }
    }

    fn advance(&mut self) {
        #[cfg(feature = "progress")]
        if let Some(bar) = &self.inner {
            bar.advance();
        }
    }

    fn ticker(&mut self) -> Ticker<'_> {
        Ticker {
            #[cfg(feature = "progress")]
            bar: self.inner.as_ref(),
            #[cfg(not(feature = "progress"))]
            bar: core::marker::PhantomData,
        }
    }

    fn finish(&mut self) {
        #[cfg(feature = "progress")]
        if let Some(bar) = self.inner.take() {
            bar.finish();
        }
    }
}

/// What a run reports on its progress: the expansions so far and finished iterations.
/// Cases pass it on; with the `progress` feature it moves the comparison's progress bar.
pub struct Ticker<'b> {
    #[cfg(feature = "progress")]
    bar: Option<&'b progress::Progress>,
    #[cfg(not(feature = "progress"))]
    bar: core::marker::PhantomData<&'b ()>,
}

impl Ticker<'_> {
    /// A ticker that reports nothing, for running a [`Case`] outside a comparison.
    #[must_use]
    pub fn silent() -> Self {
        Ticker {
            #[cfg(feature = "progress")]
            bar: None,
            #[cfg(not(feature = "progress"))]
            bar: core::marker::PhantomData,
        }
    }

    /// Whether anything watches: when not, cases run without a visitor.
    #[must_use]
    pub fn is_watched(&self) -> bool {
        #[cfg(feature = "progress")]
        return self.bar.is_some();
        #[cfg(not(feature = "progress"))]
        false
    }

    /// `expanded` states expanded so far in this run.
    #[cfg_attr(not(feature = "progress"), expect(unused_variables, reason = "no bar"))]
    pub fn expanded(&mut self, expanded: u64) {
        #[cfg(feature = "progress")]
        if let Some(bar) = self.bar {
            bar.expanded(expanded);
        }
    }

    /// An iteration of an iterative engine finished; `bound` is its cost bound, as text.
    #[cfg_attr(not(feature = "progress"), expect(unused_variables, reason = "no bar"))]
    pub fn iteration(&mut self, bound: &dyn core::fmt::Display) {
        #[cfg(feature = "progress")]
        if let Some(bar) = self.bar {
            bar.iteration(bound);
        }
    }
}
