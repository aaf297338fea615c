//! Sliding puzzles: tiles or blocks that slide into empty cells of a walled board.
//!
//! - [`npuzzle`]: the (n^2-1)-puzzle (8-puzzle, 15-puzzle, 24-puzzle) and any `rows x cols`
//!   board of numbered tiles and one blank: parsing, solvability, the ordinary
//!   [`StateSpace`](crate::StateSpace) view for BFS and A*, the in-place view for
//!   [`InPlaceIdaStar`](crate::InPlaceIdaStar), and the Manhattan-distance and
//!   linear-conflict heuristics.
//! - [`pdb`]: additive disjoint pattern databases for those boards (6-6-3 and 7-8 for the
//!   15-puzzle, any partition of your own), with reflection and a file format so that a
//!   database is built once.

pub mod npuzzle;
pub mod pdb;
