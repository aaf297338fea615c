//! Sliding-block puzzles: pieces that slide into empty cells of a grid.
//!
//! - [`huarong`]: Huarong Road (NOIP 2013): unit pieces on a board of fixed and movable
//!   cells, one blank; many queries "bring this piece to that cell", answered in the plain
//!   (blank, piece) view or in the abstraction of the contest solution.
//! - [`klotski`]: Klotski (华容道): rectangular pieces of any size in a box, a chosen
//!   piece to a chosen place, under three move metrics (unit step, straight slide, any
//!   path).

pub mod huarong;
pub mod klotski;
