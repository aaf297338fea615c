//! The pancake puzzle: stacks and flips, the gap heuristic and its weakened forms gap-k,
//! the [`StateSpace`] view, the in-place view for IDA*, and the one-line text format.
//!
//! # The puzzle
//!
//! A [`Stack`] holds `n` pancakes (1 to [`MAX_PANCAKES`]) of the sizes `0..n`; position 0
//! is the top. A move, a **flip** of `k` (2 to `n`), turns the top `k` pancakes over:
//! it reverses positions `0..k`. Every flip costs 1. The goal is the sorted stack
//! (`0, 1, ..., n-1` from the top, the smallest on top) or any stack given
//! ([`Pancakes::with_goal`]). Every stack can reach every other.
//!
//! # The text format
//!
//! One stack on one line: its `n` sizes from the top, separated by whitespace, a
//! permutation of `0..n`. Blank lines and lines whose first non-blank character is `#`
//! are ignored, lines may end in `\r\n`, and a byte order mark at the start is skipped;
//! the goal is the sorted stack. A size that is not a number, is not below `n`, or
//! repeats one before it is a [`ParseError`](crate::ParseError) naming its line and
//! column (quoted as written); so is a second stack. [`Pancakes::parse`] reads it,
//! `Display` writes it back, and a solution ([`Flips`]) prints its number of flips, a
//! colon and the flips, each as the number of pancakes it turns.
//!
//! ```
//! use state_search::domains::pancake::Pancakes;
//! use state_search::Limits;
//!
//! let problem = Pancakes::parse("# five pancakes\n3 4 0 2 1\n")?;
//! let search = problem.solve(&Pancakes::DEFAULT_STRATEGY, &Limits::new())?;
//! assert_eq!(search.found().unwrap().to_string(), "4: 2 5 2 3");
//! assert_eq!(problem.to_string(), "3 4 0 2 1\n");
//!
//! let error = Pancakes::parse("1 0\n0 1 1\n").unwrap_err();
//! assert_eq!(error.to_string(), "line 2, column 1: unexpected text after the input");
//! let error = Pancakes::parse("0 1 1\n").unwrap_err();
//! assert_eq!(error.to_string(), "line 1, column 5: expected each size once, not a second 1, found \"1\"");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # States, costs and heuristics
//!
//! In the [`StateSpace`] view ([`PancakeSpace`]) a state is a [`Stack`] (65 bytes, copied
//! without allocating) and each flip costs `1u32`. Flips are their own inverses, so the
//! space is a [`ReversibleSpace`] whose predecessors are its successors, and the
//! estimate of the flips from a start to a stack is the heuristic towards that start.
//! [`StackIndexer`] numbers stacks by their Lehmer rank ([`Stack::rank`]): dense storage
//! holds fewer than `2^32` states, so it numbers stacks of up to [`MAX_DENSE`] (12)
//! pancakes; beyond, states are stored hashed.
//!
//! The **gap heuristic** (Helmert 2010) counts the neighbouring pancakes that are not
//! neighbours in size, the plate counting as size `n`: admissible, consistent, and
//! rarely more than a flip or two below the optimum, so IDA* with it sorts random stacks
//! of 30 pancakes in well under a second.
//! **gap-k** ignores the gaps that involve one of the `k` smallest pancakes, a weaker
//! estimate that the literature uses to test bidirectional search ([`Gap`]).
//!
//! # Which engine when
//!
//! IDA* in place ([`Flipper`], [`Pancakes::DEFAULT_STRATEGY`]) with the full gap heuristic
//! is the fastest: it needs no memory beyond the path (a random stack of 14: 111
//! expansions against A*'s 149). With gap-2 it did not finish within 2,000,000
//! expansions where A* took 383,795 and `mm`, which meets in the middle, 270,862 (the
//! subject of the studies that weaken the heuristic). Every other strategy of the crate
//! runs on [`PancakeSpace`] ([`Pancakes::solve`]).
//! For a short but not least sequence of flips, the bounded strategies (`wastar:W`,
//! `focal:W`, `ees:W`) expand far fewer stacks on gap-k (`compare --problem pancake`).
//!
//! [`StateSpace`]: crate::StateSpace
//! [`ReversibleSpace`]: crate::ReversibleSpace

mod flipper;
mod gap;
mod solve;
mod space;
mod stack;

pub use flipper::Flipper;
pub use gap::{Gap, GapHeuristic};
pub use solve::{Flips, Pancakes};
pub use space::{MAX_DENSE, PancakeSpace, StackIndexer};
pub use stack::{MAX_PANCAKES, MAX_RANKED, Stack, StackError};
