//! [`Strategy`]: a search strategy as a value. It names an engine and its options, has one
//! spelling (`dijkstra:bucket`, `idastar-tt`, ...) for command lines and reports, and runs
//! on any [`Problem`] with one call.
//!
//! ```
//! use state_search::{Problem, Strategy};
//!
//! // Water jugs of 3 and 5 litres: fill, empty, or pour one into the other.
//! let space = state_search::unit_from_fn(|&(a, b): &(u8, u8)| {
//!     let (a_to_b, b_to_a) = (a.min(5 - b), b.min(3 - a));
//!     [(3, b), (a, 5), (0, b), (a, 0), (a - a_to_b, b + a_to_b), (a + b_to_a, b - b_to_a)]
//! });
//! let problem = Problem::new(&space, [(0, 0)], |&(_, b)| b == 4);
//! let names = [
//!     "bfs", "dijkstra", "dijkstra:bucket", "astar", "astar:tie=low-g", "astar:bucket", "spfa",
//!     "idastar-tt",
//! ];
//! for name in names {
//!     let strategy: Strategy = name.parse()?;
//!     let search = strategy.run(&problem, &Default::default())?;
//!     assert_eq!(search.found().unwrap().cost, 6, "{strategy}");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod open;
#[cfg(feature = "parallel")]
mod parallel;
mod run;
mod searcher;
mod spelling;
mod steps;
mod stored;
mod table;

use core::num::NonZeroUsize;

#[cfg(feature = "parallel")]
pub use crate::problem::SyncProblem;
pub use crate::problem::{
    Backward, CostOf, MaybeBackward, MaybeDistance, MaybeIndexer, NoBackward, NoDistance,
    NoIndexer, Problem, SearchProblem, StateOf, WithDistance, WithIndexer,
};
pub use crate::queue::Tie;
pub use error::{Inapplicable, StrategyError};
pub use run::{InPlaceResult, StrategyResult};
pub use searcher::StrategySearcher;
pub use spelling::{ParseStrategyError, Weight};
pub use table::{Guarantee, Parameter, Requirement, StrategyInfo};

/// A search strategy: an engine and its options, as a value.
///
/// Every strategy has one spelling, used by [`Display`](core::fmt::Display) and
/// [`FromStr`](core::str::FromStr) and by every command line and report of this crate:
///
/// | spelling          | strategy                                   | engine |
/// |-------------------|--------------------------------------------|--------|
/// | `bfs`             | [`Strategy::Bfs`]                          | [`Bfs`](crate::Bfs) |
/// | `bibfs`           | [`Strategy::BidirectionalBfs`]             | [`BidirectionalBfs`](crate::BidirectionalBfs) |
/// | `dijkstra`        | [`Strategy::Dijkstra`]`(`[`Queue::Heap`]`)`  | [`Dijkstra`](crate::Dijkstra) |
/// | `dijkstra:bucket` | [`Strategy::Dijkstra`]`(`[`Queue::Bucket`]`)` | `Dijkstra` + [`BucketQueue`](crate::queue::BucketQueue) |
/// | `dijkstra:radix`  | [`Strategy::Dijkstra`]`(`[`Queue::Radix`]`)`  | `Dijkstra` + [`RadixQueue`](crate::queue::RadixQueue) |
/// | `astar`           | [`Strategy::AStar`]                        | [`AStar`](crate::AStar) |
/// | `astar:tie=T`     | [`Strategy::AStarTie`]`(T)`                 | [`AStar::ties`](crate::AStar::ties): among equal `f`, the [`Tie`] rule `T` (`high-g`, `low-g`, `newest`, `oldest`) |
/// | `astar:bucket`    | [`Strategy::AStarBucket`]                  | `AStar` + [`BucketQueue::lifo`](crate::queue::BucketQueue::lifo) |
/// | `spfa`            | [`Strategy::Spfa`]                         | [`Spfa`](crate::Spfa) |
/// | `idastar`         | [`Strategy::IdaStar`]                      | [`IdaStar`](crate::IdaStar) with [`CycleCheck::Path`](crate::CycleCheck::Path); in place: [`InPlaceIdaStar`](crate::InPlaceIdaStar) |
/// | `idastar-tt`      | [`Strategy::IdaStarTable`]                 | [`IdaStar`](crate::IdaStar) with a transposition table |
/// | `dfbnb`           | [`Strategy::BranchAndBound`]               | [`IdaStar::branch_and_bound`](crate::IdaStar::branch_and_bound) with a transposition table; in place: [`InPlaceIdaStar::branch_and_bound`](crate::InPlaceIdaStar::branch_and_bound) |
/// | `wastar:W`        | [`Strategy::WeightedAStar`]                | A* on `f = g + W h`: cost at most `W` times the optimum |
/// | `gbfs`            | [`Strategy::Greedy`]                       | greedy best-first on `h` alone |
/// | `beam:K`          | [`Strategy::Beam`]                         | breadth-first, the `K` best states per layer kept |
/// | `focal:W`         | [`Strategy::Focal`]                        | focal search (A*ε): cost at most `W` times the optimum |
/// | `ees:W`           | [`Strategy::Ees`]                          | [`Ees`](crate::Ees), explicit estimation search: cost at most `W` times the optimum |
/// | `dps:W`           | [`Strategy::Dps`]                          | dynamic potential search, by `(W f_min - g) / h`: cost at most `W` times the optimum |
/// | `anytime:W`       | [`Strategy::Anytime`]                      | anytime weighted A*: better solutions until proven optimal |
/// | `arastar:W`       | [`Strategy::AraStar`]                      | ARA*: weighted A* whose weight falls from `W` to 1 by 0.2 per iteration, reusing its search |
/// | `anastar`         | [`Strategy::AnaStar`]                      | ANA*: anytime A* without a weight, by `(G - g) / h` |
/// | `bidijkstra`      | [`Strategy::BidirectionalDijkstra`]        | Dijkstra from both ends |
/// | `mm`              | [`Strategy::Mm`]                           | MM, bidirectional heuristic search meeting in the middle |
/// | `nbs`             | [`Strategy::Nbs`]                          | NBS: bidirectional heuristic search expanding pairs of states |
/// | `bae`             | [`Strategy::Bae`]                          | [`Bae`](crate::Bae), BAE*: bidirectional A* on `f` plus the heuristics' error; consistent heuristics |
/// | `par-idastar`     | `Strategy::ParIdaStar` (feature `parallel`) | `ParIdaStar`: IDA* in place on the threads of the current rayon pool |
/// | `par-bfs`         | `Strategy::ParBfs` (feature `parallel`)     | `ParBfs`: layer-parallel BFS on the current rayon pool (dense with an indexer, else hashed) |
/// | `hda`             | `Strategy::Hda` (feature `parallel`)        | `Hda`: hash-distributed A* on as many threads as the current rayon pool has |
///
/// `par-idastar` exists only with the `parallel` feature and is not in
/// [`Strategy::ALL`] (whose strategies every build has): it runs only through
/// `Strategy::par_run_in_place`, on an [`InPlaceSpace`](crate::InPlaceSpace) that can be
/// cloned and sent to other threads, and [`Strategy::run`] and
/// [`Strategy::run_in_place`] refuse it. Likewise `par-bfs` and `hda` run only through
/// `Strategy::par_run`, on a problem whose space, goal test, heuristic and indexer can be
/// shared between threads.
///
/// [`Strategy::run`] runs a strategy on a [`Problem`] over any
/// [`StateSpace`](crate::StateSpace); [`Strategy::run_in_place`] runs the strategies that
/// search an [`InPlaceSpace`](crate::InPlaceSpace). A strategy that cannot run on a
/// problem is refused with [`StrategyError::NotApplicable`], saying what it needs.
///
/// # Examples
///
/// ```
/// use state_search::{Inapplicable, Problem, Strategy, StrategyError};
/// use state_search::strategy::Queue;
///
/// let strategy: Strategy = "dijkstra:radix".parse()?;
/// assert_eq!(strategy, Strategy::Dijkstra(Queue::Radix));
/// assert_eq!(strategy.to_string(), "dijkstra:radix");
///
/// // BFS ignores costs, so it refuses a space whose steps may differ in cost.
/// let weighted = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)]);
/// let problem = Problem::new(&weighted, [1], |&n| n == 12);
/// let refused = Strategy::Bfs.run(&problem, &Default::default());
/// assert!(matches!(
///     refused,
///     Err(StrategyError::NotApplicable { reason: Inapplicable::NeedsUniformCost, .. })
/// ));
/// assert_eq!(strategy.run(&problem, &Default::default())?.found().unwrap().cost, 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Strategy {
    /// Breadth-first search (`bfs`): least cost on spaces whose steps all cost the same.
    Bfs,
    /// Bidirectional breadth-first search (`bibfs`): as `bfs`, from one start to one goal
    /// state, meeting in the middle.
    BidirectionalBfs,
    /// Dijkstra's algorithm with a choice of queue (`dijkstra`, `dijkstra:bucket`,
    /// `dijkstra:radix`).
    Dijkstra(Queue),
    /// A* (`astar`) with the problem's heuristic, over a binary heap: among states of
    /// equal `f`, the one of largest `g` first.
    AStar,
    /// A* with a rule for ties among states of equal `f` (`astar:tie=T`: `astar:tie=low-g`,
    /// `astar:tie=newest`, `astar:tie=oldest`, and `astar:tie=high-g`, which is `astar`;
    /// see [`Tie`]), over a [`TieQueue`](crate::queue::TieQueue). Optimal as `astar`
    /// whatever the rule; the number of expansions is the rule's.
    ///
    /// The default rule is `astar`'s: `astar:tie=high-g` reads as [`Strategy::AStar`], and
    /// `AStarTie(Tie::HighG)` runs as that strategy (its row of the table, its spelling
    /// `astar` and its binary heap), but is another value: it does not compare equal to
    /// `Strategy::AStar`, and its spelling parses back as `Strategy::AStar`. Parse
    /// spellings (or use `Strategy::AStar`) to get one value per search.
    AStarTie(Tie),
    /// A* over Dial's buckets on `f`, each bucket a stack (`astar:bucket`): unsigned
    /// integer costs. A pop takes amortized O(1) while the spread of the open `f`s fits the
    /// ring (small step costs), against the heap's O(log n); among states of equal `f`,
    /// the one queued last comes out first, usually among the deepest (entries that
    /// waited beyond the ring re-enter it in key order). With an admissible heuristic the
    /// cost found is `astar`'s; the path and the number of expansions may differ.
    AStarBucket,
    /// SPFA (`spfa`): negative step costs allowed, negative cycles reported. It settles
    /// every reachable state before it answers, so the space must be finite (or limited).
    Spfa,
    /// IDA* without a table (`idastar`), never stepping onto a state of the current path;
    /// on an [`InPlaceSpace`](crate::InPlaceSpace), the in-place IDA*.
    IdaStar,
    /// IDA* with a generation-stamped transposition table (`idastar-tt`).
    IdaStarTable,
    /// Depth-first branch and bound (`dfbnb`): one depth-first search that keeps the best
    /// goal found and prunes on it. Optimal with an admissible heuristic; each better goal
    /// is an [`Event::Improved`](crate::Event::Improved), and a search stopped by a limit
    /// keeps the best one in [`Search::partial`](crate::Search::partial).
    ///
    /// Through [`Strategy::run`], with a transposition table
    /// ([`IdaStar::branch_and_bound`](crate::IdaStar::branch_and_bound)): it ends on a
    /// finite space, or with [`Limits::max_cost`](crate::Limits::max_cost) and positive
    /// step costs. Through [`Strategy::run_in_place`], in place on an
    /// [`InPlaceSpace`](crate::InPlaceSpace)
    /// ([`InPlaceIdaStar::branch_and_bound`](crate::InPlaceIdaStar::branch_and_bound)),
    /// with no table and no cycle check beyond the inverse action: on a tree, or within
    /// `Limits::max_cost` with positive action costs, it ends; on a space with cycles and
    /// no cost limit it never does, and runs until another limit (expansions, time, a
    /// visitor) stops it. With the cost limit at or just above the optimum (when a bound
    /// is known) it does about the work of IDA*'s last iteration.
    BranchAndBound,
    /// Weighted A* (`wastar:W`): states in order of `g + W h`. With an admissible
    /// heuristic the cost found is at most `W` times the optimum.
    WeightedAStar(Weight),
    /// Greedy best-first search (`gbfs`): states in order of `h` alone. Fast on good
    /// heuristics, no bound on the cost. Each state is expanded at most once: one reached
    /// again more cheaply after its expansion takes the cheaper parent (the path returned
    /// is through it) but is not expanded again.
    Greedy,
    /// Beam search (`beam:K`): breadth-first by layers of one more step, keeping the `K`
    /// states of least `f = g + h` of each layer. It may miss every solution; the outcome
    /// then says so ([`StopReason::Pruned`](crate::StopReason::Pruned)).
    Beam(NonZeroUsize),
    /// Focal search, A*ε (`focal:W`): among the open states whose `f` is at most `W` times
    /// the least, the one with the least distance-to-go (the problem's, else `h`). The
    /// cost found is at most `W` times the optimum.
    Focal(Weight),
    /// Explicit estimation search (`ees:W`, Thayer and Ruml 2011): focal search on
    /// estimates corrected by the errors seen during the search, falling back on `f` to
    /// keep its bound. The cost found is at most `W` times the optimum.
    Ees(Weight),
    /// Dynamic potential search (`dps:W`; Gilon, Felner and Stern 2016): the open state of
    /// largest potential `(W f_min - g) / h` first, `f_min` the least `f = g + h` open (a
    /// state with `h = 0` first of all). Every state it expands has `f` at most `W` times
    /// the largest `f_min` so far, so the cost found is at most `W` times the optimum, with
    /// no second estimate (it reads no distance-to-go). Each rise of `f_min` re-keys the
    /// open states; [`Stats::iterations`](crate::Stats::iterations) counts the bounds.
    ///
    /// ```
    /// use state_search::{Limits, Problem, Strategy};
    ///
    /// // From 1 to 40 by +1 (cost 1) or x2 (cost 3); the optimum is 13: 1 2 3 4 5 10 20 40.
    /// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)]);
    /// let h = |&n: &u32| u32::from(n < 40); // a state below 40 needs at least one more step
    /// let problem = Problem::new(&space, [1], |&n| n == 40).heuristic(h);
    /// let search = "dps:1.5".parse::<Strategy>()?.run(&problem, &Limits::new())?;
    /// assert!(search.found().unwrap().cost <= 13 * 3 / 2);
    /// assert!(search.stats.iterations >= 1);
    /// // Weight 1: the optimum.
    /// let search = "dps:1".parse::<Strategy>()?.run(&problem, &Limits::new())?;
    /// assert_eq!(search.found().unwrap().cost, 13);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    Dps(Weight),
    /// Anytime weighted A* (`anytime:W`): weighted A* that goes on after its first
    /// solution, reporting each better one
    /// ([`Event::Improved`](crate::Event::Improved)), until it proves the last optimal.
    /// Stopped by a limit, it returns the best solution found as
    /// [`Search::partial`](crate::Search::partial); before the first, the path to the most
    /// promising state, as A* does.
    Anytime(Weight),
    /// ARA*, anytime repairing A* (`arastar:W`; Likhachev, Gordon and Thrun 2003): weighted
    /// A* in iterations whose weight falls from `W` by 0.2 to 1 (`arastar:2`: 2, 1.8, 1.6,
    /// 1.4, 1.2, 1; a fixed decrement as in the paper, of the size its authors' planning
    /// library is usually run with), each reusing the search before it. A state reached
    /// more cheaply after its expansion in an iteration waits (in the INCONS list) for the
    /// next one; an iteration ends when its least key `g + w h` is at least the best cost,
    /// and the next one re-keys every open state and forgets what was expanded.
    ///
    /// Each better solution is an [`Event::Improved`](crate::Event::Improved), whose lower
    /// bound over `w` gives the iteration's own bound; states whose `f = g + h` is not below
    /// the best cost are pruned, and the search ends when no open state is left: the last
    /// solution is then optimal (with any admissible heuristic, consistent or not).
    /// Stopped by a limit, it returns the best solution found as
    /// [`Search::partial`](crate::Search::partial), as `anytime:W` does.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use state_search::{Event, Limits, Problem, Strategy, visitor};
    ///
    /// // From 1 to 40 by +1 (cost 1) or x2 (cost 3), never beyond 40; the optimum is 13:
    /// // 1 2 3 4 5 10 20 40.
    /// let space = state_search::from_fn(|&n: &u32| {
    ///     [(n + 1, 1u32), (n * 2, 3)].into_iter().filter(|&(next, _)| next <= 40)
    /// });
    /// let h = |&n: &u32| u32::from(n < 40); // a state below 40 needs at least one more step
    /// let problem = Problem::new(&space, [1], |&n| n == 40).heuristic(h);
    /// for name in ["arastar:3", "anastar"] {
    ///     let strategy: Strategy = name.parse()?;
    ///     let mut costs = Vec::new();
    ///     let mut watch = visitor(|event| {
    ///         if let Event::Improved { cost, lower_bound, .. } = event {
    ///             assert!(lower_bound <= 13 && 13 <= cost);
    ///             costs.push(cost);
    ///         }
    ///         ControlFlow::Continue(())
    ///     });
    ///     let limits = Limits::new().max_expansions(10_000);
    ///     let search = strategy.run_with(&problem, &limits, &mut watch)?;
    ///     assert_eq!(search.found().unwrap().cost, 13, "{name}");
    ///     assert!(costs.windows(2).all(|pair| pair[1] < pair[0]), "{name}: {costs:?}");
    ///     assert_eq!(costs.last(), Some(&13));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    AraStar(Weight),
    /// ANA*, anytime nonparametric A* (`anastar`; van den Berg, Shah, Huang and Goldberg
    /// 2011): no weight to choose. The open state of largest `e = (G - g) / h` is expanded
    /// first, `G` the best cost so far (a state with `h = 0` first of all); before the first
    /// solution, least `h` first (the limit of that order as `G` grows: greedy search).
    /// Each better solution re-keys the open states and prunes those whose `f = g + h` is
    /// not below it. It reports and ends as [`Strategy::AraStar`] does: optimal once it
    /// ends without a stop.
    AnaStar,
    /// Bidirectional Dijkstra (`bidijkstra`): from the start and from the goal state until
    /// the two frontiers prove the best meeting optimal.
    BidirectionalDijkstra,
    /// MM (`mm`; Holte, Felner, Sharon, Sturtevant 2016): bidirectional heuristic search
    /// that meets in the middle, with a heuristic each way.
    Mm,
    /// NBS (`nbs`; Chen, Holte, Zilles, Sturtevant 2017): bidirectional heuristic search
    /// that expands pairs of states, at most twice the states every such search must
    /// expand (with consistent heuristics), with a heuristic each way.
    Nbs,
    /// BAE* (`bae`; Sadhukhan 2013): bidirectional A* whose sides wait by `f` plus the
    /// error of the other side's heuristic, `2g + h - h_other`, with a heuristic each way.
    /// Optimal with *consistent* heuristics both ways (the gap and Manhattan heuristics
    /// are); with admissible but inconsistent ones it may return a costlier path (use
    /// `mm` or `nbs`). Unsigned integer costs only (its keys are exact in `i128`).
    Bae,
    /// Parallel IDA* in place (`par-idastar`, feature `parallel`): [`ParIdaStar`] on the
    /// threads of the current rayon pool, through [`Strategy::par_run_in_place`] only.
    ///
    /// [`ParIdaStar`]: crate::ParIdaStar
    #[cfg(feature = "parallel")]
    ParIdaStar,
    /// Layer-parallel BFS (`par-bfs`, feature `parallel`): [`ParBfs`] on the threads of
    /// the current rayon pool, through [`Strategy::par_run`] only. It needs uniform step
    /// costs; with an indexer ([`Problem::indexer`]) it marks states in an atomic bitset,
    /// without one in sharded hash tables.
    ///
    /// [`ParBfs`]: crate::ParBfs
    #[cfg(feature = "parallel")]
    ParBfs,
    /// Hash-distributed A* (`hda`, feature `parallel`): [`Hda`] on as many threads as the
    /// current rayon pool has, through [`Strategy::par_run`] only. Optimal as `astar`,
    /// with the problem's heuristic.
    ///
    /// [`Hda`]: crate::Hda
    #[cfg(feature = "parallel")]
    Hda,
}

/// The priority queue of [`Strategy::Dijkstra`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Queue {
    /// A binary heap: any cost type.
    #[default]
    Heap,
    /// Dial's bucket queue: unsigned integer costs, fastest for small step costs.
    Bucket,
    /// A radix heap: unsigned integer costs, steady whatever the spread of step costs.
    Radix,
}

impl Strategy {
    /// Whether the strategy returns least-cost solutions (on a problem with an admissible
    /// heuristic, for the strategies that use one; a consistent one where
    /// [`StrategyInfo::needs_consistency`] says so): its [`Guarantee`] is
    /// [`Guarantee::Optimal`]. The weighted ones with weight 1 are; `anytime`, `arastar`
    /// and `anastar` are, once they end without a stop.
    #[must_use]
    pub fn is_optimal(self) -> bool {
        self.info().guarantee == Guarantee::Optimal
    }

    /// Whether the strategy uses the problem's heuristic.
    #[must_use]
    pub fn uses_heuristic(self) -> bool {
        self.info().uses_heuristic
    }

    /// The bound on the cost of the solutions it returns, as a factor of the optimum, for
    /// an admissible heuristic: 1 for the optimal strategies, `W` for `wastar:W`,
    /// `focal:W`, `ees:W` and `dps:W`, none for `gbfs` and `beam`.
    #[must_use]
    pub fn suboptimality_bound(self) -> Option<f64> {
        match self.info().guarantee {
            Guarantee::Optimal => Some(1.0),
            Guarantee::Bounded(w) => Some(w.get()),
            Guarantee::Unbounded => None,
        }
    }
}
