//! Additive disjoint pattern databases for the sliding-tile puzzles of [`super::npuzzle`]:
//! building them by breadth-first search, storing them compactly, saving and loading them,
//! and the incremental heuristic (with reflection) that IDA* uses.
//!
//! # What a pattern database holds
//!
//! A *pattern* is a set of tiles. Its database maps every placement of those tiles on the
//! board (the other tiles are indistinguishable) to the fewest moves **of pattern tiles**
//! that bring them to their goal cells. The other tiles move for free, so the blank
//! wanders through the cells they occupy at no cost: the database is built by a 0-1
//! breadth-first search over (placement, blank cell) pairs, run level by level, where a
//! whole region of the blank is reached at once (a flood fill over the free cells) and
//! only a pattern tile's move costs 1. The stored value of a placement is the least over
//! the blank's regions. Because only the pattern's own moves are counted, the values of
//! disjoint patterns **add up** and stay admissible (Korf and Felner, 2002).
//!
//! A placement of `k` tiles on `n` cells is ranked into `0..n!/(n-k)!` (a ranking of
//! partial permutations: each tile's cell among the cells the earlier tiles left free), so
//! the table has no holes. It is stored in one of three [`Encoding`]s, the smallest that
//! fits: a nibble per placement when every value is below 16; else, when every value is
//! at least the Manhattan distance `md` of the pattern's tiles to their goal cells, of
//! its parity (each move of a pattern tile changes `md` by one) and less than 32 above
//! it, a nibble of `(value - md) / 2` per placement, the distance being added back at
//! each lookup ([`PatternHeuristic`] tracks it move by move); else a byte per
//! placement. The 6-6-3 partition of the 15-puzzle takes 5.8 MB in deltas (11.5 MB in
//! bytes); a 6-tile database of the 24-puzzle 63.8 MB (127.5 MB in bytes).
//!
//! # Building
//!
//! The search keeps three bit sets of `n` bits (rounded up to 16, 32 or 64) per placement:
//! the (placement, blank cell) states of the current level, of the next one, and those
//! already settled. A level is one scan of the placements in rank order, generated cell by
//! cell (no rank is ever unranked) and skipping blocks with nothing to do. Each new state is
//! only *written* into the next level's set; looking it up first would stall on a cache miss
//! at every move, while the scan drops the settled ones for free. Building takes about a
//! second for a 6-tile pattern of the 15-puzzle (35 MB of work memory beside the table), 12 s
//! for 7 tiles (350 MB) and two to three minutes for 8 tiles (3.1 GB beside the 519 MB
//! table).
//!
//! # Reflection
//!
//! On a square board whose goal is symmetric about the main diagonal (the blank's goal
//! cell is on it, as in both [`GoalConvention`](super::npuzzle::GoalConvention)s), the
//! board reflected about that diagonal, with each tile renamed to the tile whose goal cell
//! is the reflection of its own, is exactly as far from the goal. The same databases then
//! give a second estimate for free, and the maximum of the two is still admissible
//! ([`PatternSet::new`] with `reflect = true`).
//!
//! # Dual lookups
//!
//! Write a board as the permutation `σ` of cells that takes each cell to the goal cell of
//! the tile on it. Its *dual* is the board of `σ⁻¹`: on cell `c` stands the tile whose
//! goal cell is the cell where `c`'s own tile stands now (for Korf's goal, where tile `i`
//! belongs on cell `i`, the dual holds on cell `i` the number of the cell tile `i` is on).
//! A solution of the board is a sequence of cell swaps; read backwards, it sorts the dual.
//! When the blank is on its goal cell, every swap of the reversed sequence moves the
//! dual's blank too, so it is a solution of the dual, and both boards are exactly as far
//! from the goal (Zahavi, Felner, Holte and Schaeffer, 2008).
//!
//! Elsewhere the reversed sequence moves another tile in place of the blank, and an
//! estimate of the dual can overestimate the board (the 4-4 databases of the 8-puzzle
//! do on one board in eleven). So the blank is first walked home: `m` moves along a
//! shortest path (the blank's Manhattan distance to its goal cell) give a board `B'` at
//! most `m` moves further from the goal than the board, and the dual of `B'` is exactly
//! as far as `B'`. The estimate of that dual less `m` is admissible. Two paths are tried
//! (rows first, columns first), each estimate taking the larger of the dual's sum and its
//! reflection's when the set reflects; the dual estimate is the larger of the two. Ask
//! for them with [`PatternSet::with_dual`].
//!
//! # Files
//!
//! A database is the same for every instance of its board and goal:
//! [`PatternDatabase::save`] and [`PatternDatabase::load`] store it in a small binary
//! format (a header naming the board, the goal cells and the tiles, a signature, and the
//! table), and [`PatternDatabase::load_or_build`] keeps one per pattern in a
//! [`PdbCache`]: a directory (by default [`default_cache_dir`]) and a secret
//! [`CacheKey`] kept outside it (by default [`default_key_path`]). A cached table is used
//! only if the key signed it and it passes [`PatternDatabase::passes_checks`]; a file
//! forged by anyone without the key is built again (see the trust section of
//! [`PatternDatabase::load_or_build`]).
//!
//! # Examples
//!
//! A 4-4 partition of the 8-puzzle (databases of 3,024 entries, built in microseconds):
//!
//! ```
//! use std::sync::Arc;
//! use state_search::domains::sliding::npuzzle::{NPuzzle, moves_to_string};
//! use state_search::domains::sliding::pdb::{PatternDatabase, PatternSet};
//!
//! let puzzle = NPuzzle::standard(3, 3)?;
//! let dbs = vec![
//!     PatternDatabase::build(&puzzle, &[1, 2, 3, 4])?,
//!     PatternDatabase::build(&puzzle, &[5, 6, 7, 8])?,
//! ];
//! let set = Arc::new(PatternSet::new(&puzzle, dbs, false)?);
//! let board = "8 7 6 5 4 3 2 1 0".parse()?;
//! let strategy = NPuzzle::DEFAULT_STRATEGY;
//! let search = puzzle.solve(&board, set.heuristic(), &strategy, &state_search::Limits::new())?;
//! let plan = search.into_found().expect("solvable");
//! assert_eq!(plan.cost, 28);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The 24-puzzle with Korf and Felner's databases, built into the cache directory on the
//! first run (four tables, 255 MB in all: two searched one after the other, about 20 s
//! each, and two carried from the second as its mirror images;
//! `PatternSet::par_build_partition`, with the feature `parallel`, builds them on several
//! threads, without the cache)
//! and loaded on the next ones; instance 40 of their fifty takes about 3 s of search:
//!
//! ```no_run
//! use std::sync::Arc;
//! use state_search::Limits;
//! use state_search::domains::sliding::npuzzle::NPuzzle;
//! use state_search::domains::sliding::pdb::{Partition, PatternSet, PdbCache};
//!
//! let puzzle = NPuzzle::standard(5, 5)?;
//! let cache = PdbCache::user()?;
//! let partition = Partition::TwentyFour6666;
//! let cached = PatternSet::load_or_build_partition(&puzzle, partition, true, &cache)?;
//! if let Some(reason) = &cached.not_saved {
//!     eprintln!("built but not saved: {reason}");
//! }
//! let set = Arc::new(cached.value);
//! let board = "2 17 4 13 7 12 10 3 0 16 21 24 8 5 18 20 15 19 14 9 22 11 6 1 23".parse()?;
//! let strategy = NPuzzle::DEFAULT_STRATEGY;
//! let search = puzzle.solve(&board, set.heuristic(), &strategy, &Limits::new())?;
//! assert_eq!(search.into_found().map(|plan| plan.cost), Some(82));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod builder;
mod check;
mod database;
mod dual;
mod error;
mod files;
mod heuristic;
mod key;
mod mirror;
mod set;

pub use database::{Encoding, PatternDatabase};
pub use error::{MAX_PATTERN_TILES, MAX_PATTERNS, MAX_PDB_CELLS, PdbError};
pub use files::{Cached, PdbCache, default_cache_dir};
pub use heuristic::PatternHeuristic;
pub use key::{CacheKey, default_key_path};
pub use set::{Partition, PatternSet};

#[cfg(test)]
mod tests;
