//! The search engines, one file each. Every engine works on every [`StateSpace`]; each
//! comes as a one-shot function and as a reusable struct that keeps its buffers.
//!
//! # Which engine when
//!
//! | the problem                                       | engine                                   |
//! |---------------------------------------------------|------------------------------------------|
//! | unit step costs                                   | [`bfs`](bfs::bfs) / [`Bfs`](bfs::Bfs)     |
//! | unit costs, one goal state, predecessors known    | [`BidirectionalBfs`](bidirectional::BidirectionalBfs) |
//! | non-negative costs                                | [`Dijkstra`](dijkstra::Dijkstra)          |
//! | non-negative small integer costs                  | `Dijkstra` + [`BucketQueue`](crate::queue::BucketQueue) or [`RadixQueue`](crate::queue::RadixQueue) |
//! | non-negative costs and an admissible heuristic    | [`AStar`](astar::AStar)                   |
//! | negative costs (and negative cycle detection)     | [`Spfa`](spfa::Spfa)                      |
//! | huge space, good heuristic, little memory         | [`IdaStar`](idastar::IdaStar), [`InPlaceIdaStar`](idastar::InPlaceIdaStar) for puzzles |
//! | all costs from a start                            | [`bfs_reach`](bfs::bfs_reach), [`dijkstra_reach`](dijkstra::dijkstra_reach), [`spfa_reach`](spfa::spfa_reach) |
//!
//! [`StateSpace`]: crate::StateSpace

pub mod astar;
pub mod bfs;
pub mod bidirectional;
pub mod dijkstra;
pub mod idastar;
pub mod layers;
pub mod spfa;
