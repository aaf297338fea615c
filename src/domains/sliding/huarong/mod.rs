//! Huarong Road (NOIP 2013, day 2, problem 3): many queries on one board of fixed and
//! movable cells, answered in the plain (blank, piece) view or in the abstraction of the
//! contest solution.
//!
//! # The problem
//!
//! An `n x m` [`Board`]: each cell is fixed or movable. Every movable cell but one holds a
//! unit piece; the last one is the blank. A move slides a piece next to the blank into the
//! blank and costs 1. A [`Query`] names the blank, one piece and a target cell; the answer
//! is the least number of moves that brings that piece onto the target, or none. A query
//! whose cells are off the board or fixed, or whose blank is on the piece, is an error
//! ([`QueryError`]), never a number. [`Input`] reads the contest text (with a
//! [`ParseError`] naming the line and column, or the query, of any fault).
//!
//! # The text format
//!
//! The contest input, read by `str::parse` into an [`Input`] and written back by its
//! [`Display`](core::fmt::Display):
//!
//! ```text
//! n m q                        rows, columns (1 or more; n * m at most MAX_CELLS), queries
//! n lines of m numbers         each 0 (a fixed cell) or 1 (a movable cell)
//! q lines of 6 numbers         EX EY SX SY TX TY: the row and column of the blank (E),
//!                              of the piece to move (S) and of its target (T)
//! ```
//!
//! Rows and columns in the text count from 1, as a reader does: `EX EY` is the cell
//! `Pos::new(EX - 1, EY - 1)`. The numbers are separated by any whitespace (spaces, tabs,
//! line breaks, `\r\n`; the layout in lines above is the usual one, not a rule), a byte
//! order mark at the start is skipped, and nothing but whitespace may follow the last
//! query. A missing or malformed number, a cell other than `0` or `1`, or a coordinate
//! off the board is an [`InputError::Parse`] naming the line and column of the token; a
//! query whose blank, piece or target is a fixed cell, or whose blank is on the piece, is
//! an [`InputError::Query`] naming the query. The contest program prints one line per
//! query: the least number of moves, or `-1` when the piece cannot reach the target.
//!
//! ```
//! use state_search::domains::sliding::huarong::{HuarongSolver, Input, Method};
//! use state_search::grid::Pos;
//! use state_search::{Limits, Strategy};
//!
//! let text = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
//! let input: Input = text.parse()?;
//! assert_eq!(input.queries[0].blank, Pos::new(2, 1));
//! let mut solver = HuarongSolver::new(input.board.clone())?;
//! let mut answer = |i: usize| {
//!     let search = solver.solve(&input.queries[i], Method::Abstract, &Strategy::AStar, &Limits::new());
//!     search.map(|s| s.found().map_or(-1, |&moves| i64::from(moves)))
//! };
//! assert_eq!((answer(0)?, answer(1)?), (2, -1));
//! assert_eq!(input.to_string(), text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The plain view
//!
//! [`PlainView`]: states are (blank cell, piece cell) pairs ([`PlainState`]), steps are unit
//! moves of the blank (swapping with the piece when it steps onto it). Only the blank and
//! the chosen piece matter, since all other pieces are alike. There are up to `(nm)^2`
//! states, so a query costs O((nm)^2) with [`Bfs`]; [`PlainHeuristic`] (admissible, see
//! its docs) lets [`AStar`] expand about five times fewer. The view numbers its states
//! densely ([`IndexedSpace`]) for small boards. [`IdaStar`] applies, but its iterations
//! (one per bound, the bound growing by 2) make it hopeless beyond tiny boards.
//!
//! # The abstraction
//!
//! The contest solution: the piece moves only when the blank is next to it, so the states
//! that matter are (piece cell, side of the piece where the blank is): [`SideState`], four
//! per cell. From such a state the blank either swaps with the piece (cost 1; the piece
//! moves to that side and the blank ends on the opposite side), or walks around the piece
//! to another side without moving it, at the cost of the shortest such walk. Those costs,
//! for every cell and every pair of its sides, are the [`Abstraction`] (itself a
//! [`StateSpace`] over side states); they do not depend on the query. A query then costs
//! one search of the blank to the four sides of the piece (the piece held still) and one
//! shortest-path search over at most `4nm` side states.
//!
//! The four start states have different initial costs (the blank's walk to each side).
//! [`QuerySpace`] models that with a virtual source state whose steps to the four starts
//! cost those walks, so the crate's engines run unchanged: [`Dijkstra`], [`Spfa`] (the
//! contest program's choice) or [`AStar`] with [`QuerySpace::estimate`].
//!
//! Domain-specific steps, each measured (`BENCHMARKS.md`), make the abstraction cheap:
//! - **blocks**: the biconnected components of the board, found once by Tarjan's
//!   algorithm, say which sides of a cell the blank can join without moving a piece
//!   there (two sides are, exactly when their edges to the cell lie in the same block).
//!   So a BFS around a piece runs only between sides that are connected and stops as
//!   soon as it has found them, instead of flooding the board to learn that a side cannot
//!   be reached; the blank's search to the piece stops the same way;
//! - **eager or lazy walks**: the walks around each cell are computed with the crate's
//!   [`Bfs`] for every cell up front ([`Precompute::Eager`], the default) or the first
//!   time a search reaches the cell ([`Precompute::Lazy`]). On random boards they tie at
//!   30 x 30 and eager is 8-25% faster at 100 x 100 and 300 x 300 (random queries soon
//!   reach most cells, and lazy pays a check per step); only eager walks give the
//!   components and the landmarks;
//! - **components**: with eager walks, the connected components of the abstraction
//!   (union-find; its steps are symmetric) answer a query whose piece cannot reach its
//!   target at once, and drop the start sides that cannot reach it;
//! - **estimates**: [`QuerySpace::estimate`] is the exact answer on an open, unbounded
//!   board (a closed form, checked against Dijkstra), raised by the ALT bounds of a few
//!   landmarks ([`Options::landmarks`]); the blank's search to the piece is an A* toward
//!   it.
//!
//! # Which to use
//!
//! [`HuarongSolver`] keeps the abstraction and its own searches' buffers across queries,
//! and answers with either view ([`Method`]) and any [`Strategy`](crate::Strategy) that
//! applies ([`HuarongSolver::DEFAULT_STRATEGY`] is A*). The
//! abstraction with A* and landmarks is the fastest: on random boards with 20% fixed
//! cells it expands about 6x fewer states than Dijkstra and answers 2x (30 x 30) to 6x
//! (300 x 300) sooner. The plain view is the reference; its `(nm)^2` states make it
//! practical up to boards of about a thousand cells (at 100 x 100 a query takes seconds
//! and gigabytes).
//!
//! # Examples
//!
//! ```
//! use state_search::domains::sliding::huarong::{HuarongSolver, Input, Method};
//! use state_search::{Limits, Strategy};
//!
//! let input: Input = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n".parse()?;
//! let mut solver = HuarongSolver::new(input.board.clone())?;
//! let answers: Vec<Option<u32>> = input
//!     .queries
//!     .iter()
//!     .map(|q| {
//!         let search = solver.solve(q, Method::Abstract, &Strategy::AStar, &Limits::new());
//!         search.map(|s| s.found().copied())
//!     })
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(answers, [Some(2), None]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`AStar`]: crate::AStar
//! [`Bfs`]: crate::Bfs
//! [`Dijkstra`]: crate::Dijkstra
//! [`IdaStar`]: crate::IdaStar
//! [`IndexedSpace`]: crate::IndexedSpace
//! [`ParseError`]: crate::ParseError
//! [`Spfa`]: crate::Spfa
//! [`StateSpace`]: crate::StateSpace

mod abstraction;
mod blocks;
mod board;
mod input;
mod plain;
mod query;
mod solver;

pub use abstraction::{Abstraction, IdIndexer, MAX_LANDMARKS, Precompute, SideState};
pub use board::{Board, MAX_CELLS, Query, QueryError, QueryErrorKind, Role};
pub use input::{Input, InputError};
pub use plain::{DistanceField, PlainHeuristic, PlainIndexer, PlainState, PlainView};
pub use query::QuerySpace;
pub use solver::{DEFAULT_LANDMARKS, HuarongSolver, Method, Options, UnknownMethod};

/// "No walk": a side that cannot be reached.
const INF: u32 = u32::MAX;
/// "No cell": a missing parent, an unmovable side.
const NONE: u32 = u32::MAX;

#[cfg(test)]
mod tests;
