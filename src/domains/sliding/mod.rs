//! Sliding puzzles: tiles or blocks that slide into empty cells of a board.
//!
//! - [`huarong`]: Huarong Road (NOIP 2013): unit pieces on a board of fixed and movable
//!   cells, one blank; many queries "bring this piece to that cell", answered in the plain
//!   (blank, piece) view or in the abstraction of the contest solution.
//! - [`klotski`]: Klotski (华容道): rectangular pieces of any size in a box, a chosen
//!   piece to a chosen place, under three move metrics (unit step, straight slide, any
//!   path).
//! - [`npuzzle`]: the (n^2-1)-puzzle (8-puzzle, 15-puzzle, 24-puzzle) and any `rows x cols`
//!   board of numbered tiles and one blank: parsing, solvability, the ordinary
//!   [`StateSpace`](crate::StateSpace) view for BFS and A*, the in-place view for
//!   [`InPlaceIdaStar`](crate::InPlaceIdaStar), and the Manhattan-distance and
//!   linear-conflict heuristics.
//! - [`pdb`]: additive disjoint pattern databases for those boards (6-6-3 and 7-8 for the
//!   15-puzzle, any partition of your own), with reflection and a file format so that a
//!   database is built once.

pub mod huarong;
pub mod klotski;
pub mod npuzzle;
pub mod pdb;
pub mod ranking;
