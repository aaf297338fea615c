//! Exact state-space search: one trait for the problem, a set of engines that solve any
//! problem written against it, and puzzle domains built on both.
//!
//! # The contract
//!
//! A problem is a [`StateSpace`]: a state type, a cost type, and the successors of a
//! state with the cost of each step, emitted through a callback so that nothing is
//! allocated per expansion. Closures work too ([`from_fn`], [`unit_from_fn`]).
//!
//! ```
//! use state_search::{Dijkstra, StateSpace, Problem, Solver};
//!
//! /// Water jugs of 3 and 5 litres: fill, empty, or pour one into the other.
//! struct Jugs;
//! impl StateSpace for Jugs {
//!     type State = (u8, u8);
//!     type Cost = u32;
//!     fn successors(&self, &(a, b): &(u8, u8), mut emit: impl FnMut((u8, u8), u32)) {
//!         let pour_ab = a.min(5 - b);
//!         let pour_ba = b.min(3 - a);
//!         for next in [(3, b), (a, 5), (0, b), (a, 0), (a - pour_ab, b + pour_ab), (a + pour_ba, b - pour_ba)] {
//!             emit(next, 1);
//!         }
//!     }
//! }
//! let found = Dijkstra::new().search(&Problem::new(&Jugs, [(0, 0)], |&(_, b)| b == 4)).into_found().unwrap();
//! assert_eq!(found.cost, 6);
//! assert_eq!(found.path.last(), Some(&(3, 4)));
//! ```
//!
//! # Which engine when
//!
//! | the problem                                     | engine                              |
//! |-------------------------------------------------|-------------------------------------|
//! | unit step costs                                 | [`Bfs`], [`BidirectionalBfs`]       |
//! | one goal state, predecessors known              | [`BidirectionalDijkstra`], [`Mm`], [`Nbs`], [`Bae`] (heuristics both ways; consistent for `Bae`) |
//! | non-negative costs                              | [`Dijkstra`] (binary heap, Dial buckets or radix heap: [`queue`]) |
//! | non-negative costs, admissible heuristic        | [`AStar`] (small integer costs: over [`BucketQueue::lifo`](queue::BucketQueue::lifo); on several threads: `Hda`, feature `parallel`) |
//! | a path at most `W` times the optimum, usually sooner | [`WeightedAStar`], [`Focal`] (by a distance-to-go among the states within the weight), [`Ees`] (the same on estimates corrected as it learns); `dps:W` through [`Strategy`] (largest potential `(W f_min - g) / h` first) |
//! | a first path soon, then better ones             | [`WeightedAStar::anytime`]; ARA* and ANA* through [`Strategy`] (`arastar:W`, `anastar`) |
//! | any path, fast, on a good heuristic             | [`Greedy`]                          |
//! | a path, fast and in little memory, perhaps none | [`Beam`]                            |
//! | negative costs                                  | [`Spfa`] (reports negative cycles)  |
//! | step costs that change between searches         | [`Lpa`], [`DStarLite`] (a start that moves): each search repairs the last |
//! | huge spaces, little memory                      | [`IdaStar`] (optionally with a transposition table), [`InPlaceIdaStar`] (on several threads: `ParIdaStar`, feature `parallel`) |
//! | a search to pause, inspect and resume           | [`Stepper`] over [`Dijkstra`], [`AStar`], [`WeightedAStar`] or [`Greedy`] ([`Steppable::stepper`]) |
//!
//! The engines over a [`StateSpace`] exist as one-shot functions ([`bfs`], [`dijkstra`],
//! [`astar`], [`spfa`], [`idastar`], [`bidirectional_bfs`]) and as engine values ([`Bfs`],
//! [`Dijkstra`], ...): immutable configurations that threads can share, whose buffers live
//! in a per-thread scratch ([`Engine`]). Every engine value searches one input, a
//! [`Problem`] (the space, its starts and goal test, a heuristic, ...), through one trait,
//! [`Solver`]: `search(&problem)`, or `search_in(&mut scratch, &problem, &mut visitor)` to
//! reuse buffers; [`Searcher`] keeps an engine and its scratch for many queries on one
//! thread. Every search returns a [`Search`]: an [`Outcome`] (a
//! [`Solution`], no path, or stopped by one of the [`Limits`], a store that could not grow,
//! ...) and its [`Stats`]. An optional [`Visitor`] sees [`Event`]s and can stop the search.
//!
//! # Strategies
//!
//! A [`Strategy`] names an engine and its options as a value, with one spelling each
//! (`"bfs"`, `"dijkstra:radix"`, `"idastar-tt"`, ...), and runs on any [`Problem`]: a
//! space with its starts and goal, plus whatever some strategies use (a heuristic, an
//! indexer for dense storage, the backward direction). This is how the example programs
//! take `--strategy`, and how strategies are compared on one problem:
//!
//! ```
//! use state_search::{Limits, Problem, Strategy};
//!
//! // Add one (cost 1) or double (cost 4), up to 200.
//! let space = state_search::from_fn(|&n: &u64| {
//!     [(n + 1, 1u64), (n * 2, 4)].into_iter().filter(|&(m, _)| m <= 200)
//! });
//! let problem = Problem::new(&space, [1], |&n| n == 100);
//! for strategy in ["dijkstra", "dijkstra:radix", "astar", "spfa", "idastar-tt"] {
//!     let strategy: Strategy = strategy.parse()?;
//!     let search = strategy.run(&problem, &Limits::new())?;
//!     assert_eq!(search.found().unwrap().cost, 22, "{strategy}");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # More than one path
//!
//! [`paths`] goes beyond one optimal path: [`optimal_paths`] finds every least-cost path
//! (their number, the graph of optimal predecessors, and a lazy enumeration), and
//! [`k_shortest_paths`] lists the k shortest loopless paths in order of cost (Yen's
//! algorithm, its searches run by any optimal [`Strategy`]).
//!
//! ```
//! use state_search::{Limits, PathCount, Problem, Strategy, k_shortest_paths, optimal_paths};
//!
//! // Up 6 stairs, one (cost 2) or two (cost 3) at a time.
//! let stairs = state_search::from_fn(|&n: &u8| {
//!     [(n + 1, 2u32), (n + 2, 3)].into_iter().filter(|&(next, _)| next <= 6)
//! });
//! let problem = Problem::new(&stairs, [0], |&n| n == 6);
//! let all = optimal_paths(&problem, &Limits::new())?;
//! assert_eq!((all.cost(), all.count()), (Some(9), PathCount::Exact(1))); // three doubles
//! let costs: Vec<u32> = k_shortest_paths(&problem, Strategy::AStar, &Limits::new())?
//!     .map(|p| p.map(|p| p.cost))
//!     .collect::<Result<_, _>>()?;
//! // Two singles and two doubles in 6 orders, four singles and a double in 5, six singles.
//! assert_eq!(costs, [9, 10, 10, 10, 10, 10, 10, 11, 11, 11, 11, 11, 12]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Storage
//!
//! Engines keep their bookkeeping in a [`store`]. [`Hashed`] storage works for any state;
//! when a space can number its states densely ([`StateIndexer`], [`IndexedSpace`]),
//! [`Dense`] storage uses a bitset and flat arrays instead, which is several times faster.
//! [`StoragePolicy::Auto`] picks it for a [`Strategy`] run when it fits the memory limit
//! and the search grows large enough to pay for it (a large dense store is built only
//! once a hashed start outgrows a share of it with its states close together in it, or
//! outgrows the whole of it).
//! Choosing it for an engine is one argument (this example's maze needs the feature
//! `domains`):
//!
//! ```
//! # #[cfg(feature = "domains")] {
//! use state_search::domains::maze::GridMaze;
//! use state_search::{Bfs, Dense, IndexedSpace, Problem, Solver};
//!
//! let maze = GridMaze::random(200, 200, 30, 1, 42);
//! let goal = maze.goal();
//! let hashed = Bfs::new().search(&Problem::new(&maze, [maze.start()], |&p| p == goal));
//! let dense = Bfs::with_storage(Dense(maze.indexer())).search(&Problem::new(&maze, [maze.start()], |&p| p == goal));
//! assert_eq!(hashed.found().map(|s| s.cost), dense.found().map(|s| s.cost));
//! # }
//! ```
//!
//! # Domains
//!
//! `domains` (cargo feature `domains`, not a default) holds puzzles as ready-made spaces
//! with parsers for their contest formats (each format documented in its domain's module,
//! all read by one tokenizer, `text`); each has an example program in `examples/`.

#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod algo;
#[cfg(feature = "bench")]
pub mod bench;
#[cfg(feature = "distributed")]
pub mod distributed;
#[cfg(feature = "domains")]
pub mod domains;
pub mod error;
pub mod event;
#[cfg(feature = "domains")]
pub mod grid;
pub mod paths;
mod problem;
pub mod queue;
pub mod rng;
pub mod solution;
pub mod space;
pub mod store;
pub mod strategy;
#[cfg(feature = "domains")]
pub mod text;

pub use algo::astar::{AStar, astar};
pub use algo::beam::Beam;
pub use algo::bfs::{Bfs, bfs, bfs_reach};
pub use algo::bidir_best::{Bae, BidirectionalDijkstra, Mm, Nbs};
pub use algo::bidirectional::{BidirectionalBfs, bidirectional_bfs};
pub use algo::dijkstra::{Dijkstra, dijkstra, dijkstra_reach};
pub use algo::ees::Ees;
pub use algo::engine::{Engine, InPlaceSolver, Searcher, Solver};
pub use algo::focal::Focal;
#[cfg(feature = "parallel")]
pub use algo::hda::{Hda, HdaScratch};
#[cfg(feature = "parallel")]
pub use algo::idastar::ParIdaStar;
pub use algo::idastar::{CycleCheck, IdaStar, InPlaceIdaStar, idastar};
pub use algo::incremental::{DStarLite, Lpa, PairHeuristic};
pub use algo::layers::{IndexSpace, LayerCounts, Layers, layers};
#[cfg(feature = "parallel")]
pub use algo::par_bfs::ParBfs;
pub use algo::spfa::{Spfa, spfa, spfa_reach};
pub use algo::stepper::{Progress, Steppable, Stepper};
pub use algo::weighted::{Greedy, WeightedAStar};
pub use error::{CapacityError, CapacityErrorKind, NegativeCycle, ParseError, ParseErrorKind};
pub use event::{Event, FCounts, FWatch, NoVisitor, Visitor, visitor};
pub use paths::{
    KShortest, OptimalDag, OptimalPaths, OptimalPathsIter, PathCount, PathsError, k_shortest_paths,
    optimal_paths,
};
pub use queue::Tie;
pub use solution::{
    Limits, NoCostLimit, Outcome, Plan, Search, ShortestPaths, Solution, Stats, StopReason,
};
#[cfg(feature = "parallel")]
pub use space::SendSpace;
pub use space::{
    Cost, EstimateKey, FloatCost, FromFn, Heuristic, InPlaceSpace, IndexedSpace, PackedKey,
    ReversibleSpace, StateIndexer, StateSpace, UnitFromFn, UnsignedCost, UnsignedUser,
    ZeroHeuristic, from_fn, heuristic, unit_from_fn,
};
pub use store::{Dense, Hashed, Storage, StoragePolicy};
pub use strategy::{
    Inapplicable, ParseStrategyError, Problem, SearchProblem, Strategy, StrategyError,
    StrategySearcher,
};

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
