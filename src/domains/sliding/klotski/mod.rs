//! Klotski (华容道): rectangular pieces of any size slide in a box until a chosen piece
//! reaches a chosen place, under three move metrics.
//!
//! # The puzzle
//!
//! A `rows x cols` box holds walls, empty cells and rectangular pieces that never rotate.
//! A piece may slide into empty cells. The goal is one chosen piece with its top-left cell
//! at a chosen position. Other pieces of one shape are interchangeable (layouts that differ
//! only by swapping them are one state); the goal piece is not interchangeable with them.
//! How moves are counted is the [`Metric`]: every unit step, every straight slide of any
//! length, or every relocation of one piece along any path. The classic start "横刀立马"
//! ([`Puzzle::classic`]) needs 116, 90 and 81 moves.
//!
//! # The text format
//!
//! A picture of the box, one line per row, all of the same length: `.` is an empty
//! cell, `#` a wall, and any other character (not a space) a piece. It comes in two
//! forms, told apart by the goal line:
//!
//! - **Labelled** (the general form): every character names *one* piece, so the cells
//!   of each character must form one filled rectangle; two pieces of the same shape just
//!   use two characters. After the picture, a line `goal X R C` says that the goal is
//!   the piece drawn with `X` with its top-left cell at row `R`, column `C` (1-based).
//!   ```text
//!   ABBC
//!   ABBC
//!   DEEF
//!   DGHF
//!   I..J
//!   goal B 4 2
//!   ```
//! - **Classic** (a convenience for the traditional pictures): no goal line, and only
//!   the letters `B` (the 2x2 block, exactly one), `v` (vertical 2x1 pieces), `h`
//!   (horizontal 1x2 pieces) and `s` (1x1 soldiers), besides `.` and `#`. Touching pieces
//!   of one letter are split unambiguously: scanning the picture row by row, the first
//!   cell of a letter not yet covered must be the top-left cell of a piece (no piece of
//!   that shape could cover it otherwise), so the split is forced. The goal is `B` on the
//!   bottom row, centred (the exit of the traditional box).
//!   ```text
//!   vBBv
//!   vBBv
//!   vhhv
//!   vssv
//!   s..s
//!   ```
//!
//! Picture lines have no spaces, so a line with a space is never part of the picture:
//! the picture is the first run of non-blank lines without whitespace inside (blank lines
//! before it are skipped; it ends at a blank line or at the goal line), and it may have
//! at most [`MAX_CELLS`] cells. In the goal line, `goal`, `X`, `R` and `C` are separated
//! by any spaces or tabs; `R` and `C` count from 1, as a reader does, so the goal's
//! top-left cell is `Pos::new(R - 1, C - 1)`. Only blank lines may follow the goal line
//! (or the picture, in the classic form). Lines may end in `\r\n`, spaces and tabs at
//! the end of a line are ignored, and a byte order mark at the start is skipped. Errors
//! are [`ParseError`]s with the line and column at fault. A [`Route`] prints as the
//! number of moves, then one line per move, `X R C -> R' C'` with rows and columns counted
//! from 1 ([`Move`]).
//!
//! # States
//!
//! A [`Layout`] lists where the pieces of each shape are, not which one is where, so
//! layouts that differ only by swapping pieces of one shape are one state (25,955 states
//! are reachable from 横刀立马, against 65,880 arrangements of its pieces in all). It is
//! one `u128`: a bit per cell for the top-left cells of the pieces, followed by the shape
//! of each piece in the order of those cells (`ceil(log2(shapes))` bits each). Boards
//! need `cells + pieces * bits <= 128`; occupancy tests use one `u128` mask per shape
//! and position.
//!
//! # Solving
//!
//! [`Puzzle::space`] is the [`StateSpace`] under a metric: every move costs 1, so
//! [`Bfs`] finds the fewest moves ([`Puzzle::solve`] does that, with hashed storage: the
//! whole space of 横刀立马 is searched in a few milliseconds). [`Route`] prints the
//! answer with one line per move, for a person to replay.
//!
//! # Examples
//!
//! ```
//! use state_search::domains::sliding::klotski::{Metric, Puzzle};
//! use state_search::Limits;
//!
//! let puzzle = Puzzle::classic();
//! let search = puzzle.solve(Metric::Any, &Puzzle::DEFAULT_STRATEGY, &Limits::new())?;
//! let solution = search.into_found().unwrap();
//! assert_eq!(solution.moves.len(), 81);
//! let text = solution.to_string();
//! assert_eq!(text.lines().next(), Some("81"));
//! assert_eq!(puzzle.reachable(), 25_955);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`ParseError`]: crate::ParseError
//! [`StateSpace`]: crate::StateSpace
//! [`Bfs`]: crate::Bfs

mod error;
mod indexer;
mod model;
mod parse;
mod print;
mod solve;
mod space;

pub use error::PuzzleError;
pub use indexer::LayoutIndexer;
pub use model::{Layout, MAX_CELLS, Metric, Piece, Puzzle, Shape, UnknownMetric};
pub use solve::{Move, Route};
pub use space::Moves;

#[cfg(test)]
mod tests;
