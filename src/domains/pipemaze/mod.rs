//! The pipe-key maze ("palamaze"): a fish escapes a palace maze of stone, water, pipes and
//! keys in as few moves as possible.
//!
//! # The domain
//!
//! The fish stands on water (`+`, the start `#`, the exit `$`, or a key cell `1`..`9`);
//! it can never stand on stone (`*`) or on a pipe (`A`..`I` horizontal, `a`..`i`
//! vertical, colours 1..9). Each move is one time unit:
//!
//! - a **step** to an edge-adjacent cell that is neither stone nor pipe;
//! - a **pass** through an edge-adjacent pipe to the cell just beyond it, if that cell is
//!   on the grid and is neither stone nor pipe, and the pipe lies along the direction of
//!   travel or the fish holds the key of its colour (a key lets the fish turn its pipes
//!   at will).
//!
//! On arriving at a cell, and at time 0 on the start, the fish collects every key on that
//! cell and on its four neighbours. Keys are never lost. The maze closes at time 10000:
//! the contest answer is the least number of moves to the exit, or `10001` when the exit
//! cannot be reached within 10000 moves ([`escape_answer`]).
//!
//! # The text format
//!
//! The contest input, read by [`PipeMaze::parse`] (and `str::parse`) and written back by
//! [`Display`](core::fmt::Display):
//!
//! ```text
//! n m                  the number of rows, then of columns: 1 to MAX_SIDE each
//! n lines of m characters, one per row, top to bottom:
//!   *      stone                    +      water
//!   #      the start (exactly one)  $      the exit (exactly one)
//!   1..9   water holding the key of colour 1..9
//!   A..I   a horizontal pipe of colour 1..9 (A pairs with key 1)
//!   a..i   a vertical pipe of colour 1..9 (a pairs with key 1)
//! ```
//!
//! The text's colours 1..9 are colours 0..8 of [`PipeCell`]. Row `r` and column `c` of the
//! picture, counted from 1 as a reader does, are the cell `Pos::new(r - 1, c - 1)`. The
//! header must be the first line and the rows follow it at once; a map has at most
//! [`MAX_SIDE`] rows and columns (the contest's limit is 20). Pipes may touch each other
//! (the contest promises they do not). Lines may end in `\r\n`, spaces and tabs at the
//! end of a line are ignored, as are blank lines after the map and a byte order mark at
//! the start; anything else is a [`ParseError`](crate::ParseError) naming its line and
//! column ([`parse_char_map`](crate::grid::parse_char_map) lists them). The contest
//! program prints one number: the least number of moves, or `10001`
//! ([`escape_answer`]).
//!
//! ```
//! use state_search::domains::pipemaze::{PipeMaze, escape_answer};
//! use state_search::Limits;
//!
//! // The horizontal pipe A lets the fish pass right without any key.
//! let maze: PipeMaze = "3 5\n#+A+$\n+1*++\n*****\n".parse()?;
//! let search = maze.solve(&PipeMaze::DEFAULT_STRATEGY, &Limits::new())?;
//! assert_eq!(escape_answer(&search.outcome), Some(3));
//! assert_eq!(maze.to_string(), "3 5\n#+A+$\n+1*++\n*****\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # States and costs
//!
//! **State**: [`KeyState`], the cell and the keys held. **Cost**: 1 per move (`u32`).
//! The space numbers its states densely ([`KeyStateIndexer`]: cells x 2^colours with a
//! key). **Heuristic**: one move covers at most two cells, so half the Manhattan distance
//! to the exit, rounded up, is admissible and consistent ([`PipeMaze::heuristic`]).
//!
//! # Which engine when
//!
//! Every strategy of [`Strategy`](crate::Strategy) solves it ([`PipeMaze::solve`]).
//! Breadth-first search (`bfs`) with dense storage is the fastest and the default
//! ([`PipeMaze::DEFAULT_STRATEGY`]): it settles each (cell, keys) state once and proves an
//! unreachable exit as soon as the reachable states are exhausted. IDA* with the stamped
//! transposition table (`idastar-tt`) is the contest program's method; it needs
//! one iteration per bound, and on an unreachable exit it stops when an iteration cuts
//! nothing off, instead of counting to 10000. IDA* without a table re-expands every
//! transposition: tiny mazes only.
//!
//! # Examples
//!
//! ```
//! use state_search::domains::pipemaze::{PipeMaze, escape_answer};
//! use state_search::{Limits, Strategy};
//!
//! let maze: PipeMaze = "3 5\n#+a+$\n+1*++\n*****\n".parse()?;
//! let search = maze.solve(&Strategy::Bfs, &Limits::new())?;
//! assert_eq!(escape_answer(&search.outcome), Some(3)); // step, pass with key 1, step
//! let route = search.into_found().unwrap();
//! assert_eq!(route.to_string(), "R R2 R");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`KeyState`]: crate::domains::keys::KeyState
//! [`KeyStateIndexer`]: crate::domains::keys::KeyStateIndexer

mod model;
mod parse;
mod random;
mod solve;
mod space;

pub use model::{MAX_COLOURS, PipeCell, PipeMaze, PipeMazeError, PipeMove, PipeReplayError};
pub use parse::{MAX_SIDE, TEXT_COLOURS};
pub use random::RandomPipeMaze;
pub use solve::{CLOSES_AT, NO_ESCAPE, PipeRoute, escape_answer};
