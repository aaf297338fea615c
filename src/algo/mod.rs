//! The search engines. Every engine works on every [`StateSpace`]; each is an immutable
//! configuration with a per-thread scratch (see [`engine`]), and the common ones also
//! come as one-shot functions.
//!
//! # Which engine when
//!
//! | the problem                                       | engine                                   |
//! |---------------------------------------------------|------------------------------------------|
//! | unit step costs                                   | [`bfs`](bfs::bfs) / [`Bfs`](bfs::Bfs)     |
//! | unit costs, one goal state, predecessors known    | [`BidirectionalBfs`](bidirectional::BidirectionalBfs) |
//! | non-negative costs, one goal state, predecessors known | [`BidirectionalDijkstra`](bidir_best::BidirectionalDijkstra), [`Mm`](bidir_best::Mm), [`Nbs`](bidir_best::Nbs), [`Bae`](bidir_best::Bae) (with heuristics both ways; consistent for `Bae`) |
//! | non-negative costs                                | [`Dijkstra`](dijkstra::Dijkstra)          |
//! | non-negative small integer costs                  | `Dijkstra` + [`BucketQueue`](crate::queue::BucketQueue) or [`RadixQueue`](crate::queue::RadixQueue) |
//! | non-negative costs and an admissible heuristic    | [`AStar`](astar::AStar)                   |
//! | a path at most `W` times the optimum, usually sooner | [`WeightedAStar`](weighted::WeightedAStar), [`Focal`](focal::Focal) (with a distance-to-go), [`Ees`](ees::Ees) (the same on learned corrections) |
//! | a first path soon, then better ones to the optimum | [`WeightedAStar::anytime`](weighted::WeightedAStar::anytime); ARA* and ANA* through [`Strategy`](crate::Strategy) (`arastar:W`, `anastar`) |
//! | any path, fast, on a good heuristic               | [`Greedy`](weighted::Greedy)              |
//! | a path, fast and in little memory, perhaps none   | [`Beam`](beam::Beam)                      |
//! | negative costs (and negative cycle detection)     | [`Spfa`](spfa::Spfa)                      |
//! | huge space, good heuristic, little memory         | [`IdaStar`](idastar::IdaStar), [`InPlaceIdaStar`](idastar::InPlaceIdaStar) for puzzles |
//! | step costs that change between searches          | [`Lpa`](incremental::Lpa), [`DStarLite`](incremental::DStarLite) (a start that moves) |
//! | step costs that change between searches        | [`Lpa`](incremental::Lpa), [`DStarLite`](incremental::DStarLite) (a start that moves) |
//! | a search to pause, inspect and resume             | [`Stepper`](stepper::Stepper) over `Dijkstra`, `AStar`, `WeightedAStar` or `Greedy` |
//! | all costs from a start                            | [`bfs_reach`](bfs::bfs_reach), [`dijkstra_reach`](dijkstra::dijkstra_reach), [`spfa_reach`](spfa::spfa_reach) |
//!
//! To pick an engine at run time, by name, and compare engines on one problem, use
//! [`Strategy`](crate::Strategy).
//!
//! [`StateSpace`]: crate::StateSpace

pub mod astar;
pub mod beam;
pub mod best_first;
pub mod bfs;
pub mod bidir_best;
pub mod bidirectional;
pub mod dijkstra;
pub mod ees;
pub mod engine;
pub mod focal;
#[cfg(feature = "parallel")]
pub mod hda;
pub mod idastar;
pub mod incremental;
pub mod layers;
#[cfg(feature = "parallel")]
pub mod par_bfs;
pub(crate) mod rekeyed;
pub mod spfa;
pub mod stepper;
pub mod weighted;
