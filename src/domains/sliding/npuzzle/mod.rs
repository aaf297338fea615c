//! The (n^2-1)-puzzle on any `rows x cols` board: boards and goals, solvability by parity,
//! the text format, the [`StateSpace`] view (BFS, A*), the in-place view for
//! [`InPlaceIdaStar`], and the Manhattan-distance and linear-conflict heuristics.
//!
//! # The puzzle
//!
//! A board of `rows x cols` cells holds the tiles `1..rows*cols` and one blank (`0`). A move
//! slides a tile that is edge-adjacent to the blank into it; moves are named by the
//! direction the **blank** travels (`U`, `D`, `L`, `R`, as [`Dir`]). Every move costs 1.
//! The goal is selectable: Korf's convention ([`GoalConvention::BlankFirst`], the default
//! and the contest's: blank top-left, tile `i` on cell `i`), the blank last
//! ([`GoalConvention::BlankLast`]), or any board ([`NPuzzle::new`]).
//!
//! Half of all layouts are solvable: on boards with at least two rows and two columns a
//! board reaches the goal exactly when the parity of the permutation between them equals
//! the parity of the blank's distance to its goal cell ([`NPuzzle::is_solvable`]); on a
//! single row or column the tiles can never pass each other.
//!
//! # The text format
//!
//! One board per line: its `rows * cols` tile numbers in reading order (row by row, top
//! to bottom), `0` for the blank, separated by whitespace. Without a given shape the board
//! is square and its side follows from the count (9 numbers: 3x3, 16: 4x4, 25: 5x5), so
//! the boards of one text may differ in size. [`parse_instances`] reads a whole text:
//! blank lines and lines whose first non-blank character is `#` are ignored, lines may
//! end in `\r\n`, a byte order mark at the start is skipped, and every board must be a
//! permutation of `0..rows * cols` that can reach the goal; otherwise the error is a
//! [`ParseError`](crate::ParseError) naming the line, and the column of a bad number
//! (quoted as written). [`Board::parse_line`] reads one line, `str::parse` one board
//! whose numbers may span several lines, and [`Board`]'s `Display` writes a board back
//! on one line. The contest program prints, per board, the optimal number of moves, a
//! space and the moves of the blank ([`moves_to_string`]); just the number when the board
//! is already solved.
//!
//! ```
//! use state_search::domains::sliding::npuzzle::{
//!     GoalConvention, Manhattan, NPuzzle, moves_to_string, parse_instances,
//! };
//! use state_search::Limits;
//!
//! let text = "# two 8-puzzles\n1 0 2 3 4 5 6 7 8\n\n  1 2 5 3 4 0 6 7 8\n";
//! let instances = parse_instances(text, None, GoalConvention::BlankFirst)?;
//! assert_eq!(instances.iter().map(|i| i.line).collect::<Vec<_>>(), [2, 4]);
//! let puzzle = NPuzzle::standard(3, 3)?;
//! let answers: Vec<String> = instances
//!     .iter()
//!     .map(|instance| {
//!         let search = puzzle.solve(&instance.board, Manhattan::new(&puzzle), &NPuzzle::DEFAULT_STRATEGY, &Limits::new());
//!         let plan = search.unwrap().into_found().unwrap();
//!         format!("{} {}", plan.cost, moves_to_string(&plan.actions))
//!     })
//!     .collect();
//! assert_eq!(answers, ["1 L", "3 ULL"]);
//!
//! let error = parse_instances("1 0 2 3 4 5 6 7 x\n", None, GoalConvention::BlankFirst).unwrap_err();
//! assert_eq!(error.to_string(), "line 1, column 17: expected a tile number (0 for the blank), found \"x\"");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # States and costs
//!
//! In the [`StateSpace`] view a state is a [`Board`] (cloning one of up to 16 cells does not
//! allocate) and every move costs `1u32`; successors come in the puzzle's [`MoveOrder`]. The
//! in-place view ([`Slider`]) mutates one board and keeps the heuristic's estimate up to date
//! as tiles move ([`TileHeuristic`]).
//!
//! # Which engine when
//!
//! - **The 8-puzzle and other boards of up to about 12 cells**: the whole space fits in
//!   memory. [`NPuzzle`] is an [`IndexedSpace`] (boards are ranked into `0..cells!`, the
//!   solvable ones into the lower half), so BFS and A* can use dense storage.
//! - **The 15-puzzle and larger**: iterative deepening on one mutable board,
//!   [`NPuzzle::solve`] ([`InPlaceIdaStar`] over a [`Slider`]), with the strongest heuristic
//!   you can afford: [`Manhattan`] (cheapest), [`LinearConflict`], or the pattern databases
//!   of [`super::pdb`] (by far the fewest nodes). A* on these boards runs out of memory on
//!   all but easy instances.
//!
//! On Korf's 100 random 15-puzzles, IDA* with the Manhattan distance generates exactly the
//! node counts Korf published (with [`MoveOrder::ULRD`]); the 6-6-3 pattern databases with
//! reflection solve all 100 in a few seconds including their construction, the 7-8 ones in
//! about a second once built and cached (`BENCHMARKS.md` has the figures).
//!
//! # Examples
//!
//! ```
//! use state_search::domains::sliding::npuzzle::{Board, LinearConflict, NPuzzle, moves_to_string};
//! use state_search::Limits;
//!
//! let board: Board = "1 2 5 3 4 0 6 7 8".parse()?;
//! let puzzle = NPuzzle::standard(3, 3)?;
//! let plan = puzzle
//!     .solve(&board, LinearConflict::new(&puzzle), &NPuzzle::DEFAULT_STRATEGY, &Limits::new())?
//!     .into_found()
//!     .expect("a solvable board always has a solution");
//! assert_eq!(plan.cost, 3);
//! assert_eq!(moves_to_string(&plan.actions), "ULL");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`StateSpace`]: crate::StateSpace
//! [`InPlaceIdaStar`]: crate::InPlaceIdaStar
//! [`Dir`]: crate::grid::Dir
//! [`IndexedSpace`]: crate::IndexedSpace

mod board;
mod heuristic;
mod indexer;
mod packed;
mod parse;
mod random;
mod slider;
mod solve;
mod space;

pub(crate) use board::byte;
pub use board::{Board, BoardError, GoalConvention, MAX_CELLS};
pub use heuristic::{LinearConflict, Manhattan, TileHeuristic};
pub use indexer::BoardIndexer;
pub use parse::{Instance, moves_to_string, parse_instances, parse_moves};
pub use slider::{Move, Slider};
pub use space::{InvalidMoveOrder, MoveOrder, NPuzzle};

#[cfg(test)]
mod tests;
