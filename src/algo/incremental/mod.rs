//! Incremental search: least-cost paths kept up to date while step costs change between
//! searches, each search repairing the answer of the last instead of starting over.
//!
//! - [`Lpa`]: Lifelong Planning A* (Koenig and Likhachev 2002), from a fixed start to a
//!   fixed goal.
//! - [`DStarLite`]: D* Lite (Koenig and Likhachev 2002), from a start that moves (an
//!   agent walking its path) to a fixed goal: LPA* searching backward from the goal.
//!
//! Both are one loop, written once: every state met keeps its cost `g` and a one-step
//! lookahead `rhs` (the least `g(p) + c` over the states `p` it is reached from), the
//! states where the two differ wait in a queue ordered by `[min(g, rhs) + h; min(g,
//! rhs)]`, and a search expands them until the target's cost is proven. A change of step
//! costs only makes the `rhs` of the steps' ends wrong; the next search recomputes those
//! and expands what the change reaches.
//!
//! The searcher owns its records; the space stays the caller's, who changes it between
//! searches and passes it to each search as it is then. What the searcher must be told is
//! every step whose cost changed (`edges_changed`): see [`Lpa`]. A grid whose cells open
//! and close is the Moving AI domain's `ClosableSpace` (feature `domains`), which lists
//! the steps a cell's change can touch.
//!
//! These are not [`Strategy`](crate::Strategy) values: a strategy runs one search, and
//! their point is the next one.
//!
//! # Examples
//!
//! Both searchers on a weighted graph whose edge gets dearer, against a fresh Dijkstra:
//!
//! ```
//! use state_search::{DStarLite, Lpa, ReversibleSpace, StateSpace, ZeroHeuristic, dijkstra};
//!
//! /// Edges `(from, to, cost)` of a graph on nodes 0..5.
//! struct Edges(Vec<(u8, u8, u32)>);
//! impl StateSpace for Edges {
//!     type State = u8;
//!     type Cost = u32;
//!     fn successors(&self, &n: &u8, mut emit: impl FnMut(u8, u32)) {
//!         self.0.iter().filter(|e| e.0 == n).for_each(|e| emit(e.1, e.2));
//!     }
//! }
//! impl ReversibleSpace for Edges {
//!     fn predecessors(&self, &n: &u8, mut emit: impl FnMut(u8, u32)) {
//!         self.0.iter().filter(|e| e.1 == n).for_each(|e| emit(e.0, e.2));
//!     }
//! }
//! let mut graph = Edges(vec![(0, 1, 1), (1, 4, 1), (0, 2, 2), (2, 3, 1), (3, 4, 1)]);
//! let mut lpa = Lpa::new(0, 4, ZeroHeuristic);
//! let mut dstar = DStarLite::new(0, 4, ZeroHeuristic);
//! assert_eq!(lpa.search(&graph).found().unwrap().cost, 2);
//! assert_eq!(dstar.search(&graph).found().unwrap().cost, 2);
//! graph.0[1].2 = 10; // 1 -> 4 now costs 10
//! lpa.edges_changed([(1, 4)]);
//! dstar.edges_changed([(1, 4)]);
//! let fresh = dijkstra(&graph, [0], |&n| n == 4).into_found().unwrap();
//! assert_eq!(fresh.cost, 4);
//! assert_eq!(lpa.search(&graph).into_found().unwrap(), fresh);
//! assert_eq!(dstar.search(&graph).into_found().unwrap(), fresh);
//! ```

mod core;
mod dstar;
mod lpa;

pub use dstar::{DStarLite, PairHeuristic};
pub use lpa::Lpa;
