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

/// A searcher `$Engine<S, C, H, St>` of this module, its heuristic an `$Estimate<S, C>`:
/// the `impl` block of its own methods as given, with the methods LPA* and D* Lite share
/// written once after them: `new` (hashed storage, through its `with_storage`),
/// `with_limits`, `set_limits`, `limits`, `edges_changed`, `reset` and `search` (its
/// `search_with` with no visitor). The searcher keeps its records in a field `core` (a
/// `Core`); the docs that differ between the two come with each name.
macro_rules! incremental_engine {
    (
        impl $Engine:ident<H: $Estimate:ident> { $($own:tt)* }
        $(#[$new_doc:meta])* fn new;
        $(#[$with_limits_doc:meta])* fn with_limits;
        $(#[$edges_doc:meta])* fn edges_changed;
        $(#[$reset_doc:meta])* fn reset;
    ) => {
        impl<S, C, H> $Engine<S, C, H>
        where
            S: Clone + Eq + ::core::hash::Hash,
            C: $crate::Cost,
            H: $Estimate<S, C>,
        {
            $(#[$new_doc])*
            #[must_use]
            pub fn new(start: S, goal: S, heuristic: H) -> Self {
                Self::with_storage($crate::Hashed, start, goal, heuristic)
            }
        }

        impl<S, C, H, St> $Engine<S, C, H, St>
        where
            S: Clone + Eq + ::core::hash::Hash,
            C: $crate::Cost,
            H: $Estimate<S, C>,
            St: $crate::Storage<S>,
        {
            $($own)*

            $(#[$with_limits_doc])*
            #[must_use]
            pub fn with_limits(mut self, limits: $crate::Limits<C>) -> Self {
                self.core.set_limits(limits);
                self
            }

            /// Replaces the limits of later searches.
            pub fn set_limits(&mut self, limits: $crate::Limits<C>) {
                self.core.set_limits(limits);
            }

            /// The limits of each search.
            #[must_use]
            pub fn limits(&self) -> &$crate::Limits<C> {
                self.core.limits()
            }

            $(#[$edges_doc])*
            pub fn edges_changed(&mut self, edges: impl IntoIterator<Item = (S, S)>) {
                self.core.edges_changed(edges);
            }

            $(#[$reset_doc])*
            pub fn reset(&mut self) {
                self.core.reset();
            }

            /// A least-cost path from the start to the goal in `space` as it is now, repairing
            /// the answer of the last search; the statistics count this search's work alone.
            ///
            /// # Complexity
            ///
            #[doc = concat!("See [`", stringify!($Engine), "`].")]
            pub fn search<Sp>(&mut self, space: &Sp) -> $crate::Search<$crate::Solution<S, C>>
            where
                Sp: $crate::ReversibleSpace<State = S, Cost = C> + ?Sized,
            {
                self.search_with(space, &mut $crate::NoVisitor)
            }
        }
    };
}

mod core;
mod dstar;
mod lpa;

pub use dstar::{DStarLite, PairHeuristic};
pub use lpa::Lpa;
