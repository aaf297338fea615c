//! Sets of disjoint databases: `PatternSet` adds them up (with reflection), and the preset
//! `Partition`s of the 15-puzzle.

use core::fmt;
use std::path::Path;

use super::{Cached, MAX_PATTERN_TILES, MAX_PATTERNS, PatternDatabase, PdbError};
use crate::domains::sliding::npuzzle::{Board, MAX_CELLS, NPuzzle, byte};
use crate::space::Heuristic;

/// No pattern: the tile is in none.
pub(super) const NONE: u8 = u8::MAX;

/// Disjoint pattern databases for one puzzle, added up, optionally with reflection: the
/// shared, immutable part of [`PatternHeuristic`].
///
/// [`PatternHeuristic`]: super::PatternHeuristic
#[derive(Debug)]
pub struct PatternSet {
    pub(super) dbs: Vec<PatternDatabase>,
    pub(super) cells: usize,
    pub(super) reflect: bool,
    /// For each view (0: the board, 1: its reflection) and tile, the pattern that holds
    /// the tile (`NONE` if none) and the tile's slot in it. In view 1 the entry of tile `t`
    /// is about the reflected tile `mirror[t]`.
    pub(super) owner: [[u8; MAX_CELLS]; 2],
    pub(super) slot: [[u8; MAX_CELLS]; 2],
    /// The reflection of each cell about the main diagonal.
    pub(super) mirror_cell: [u8; MAX_CELLS],
}

impl PatternSet {
    /// Adds up `dbs` (disjoint patterns, all built for `puzzle`); with `reflect`, the
    /// estimate is the larger of the sum for the board and the sum for its reflection about
    /// the main diagonal.
    ///
    /// # Errors
    ///
    /// [`PdbError::Mismatch`] when a database was built for another board or goal,
    /// [`PdbError::Overlap`] when two patterns share a tile,
    /// [`PdbError::TooManyPatterns`], or [`PdbError::Reflection`] when `reflect` is asked
    /// on a board that is not square or whose blank's goal cell is off the diagonal.
    pub fn new(
        puzzle: &NPuzzle,
        dbs: Vec<PatternDatabase>,
        reflect: bool,
    ) -> Result<Self, PdbError> {
        if dbs.len() > MAX_PATTERNS {
            return Err(PdbError::TooManyPatterns {
                patterns: dbs.len(),
            });
        }
        let cells = puzzle.cells();
        let mut owner = [[NONE; MAX_CELLS]; 2];
        let mut slot = [[0u8; MAX_CELLS]; 2];
        for (index, db) in dbs.iter().enumerate() {
            if !db.fits(puzzle) {
                return Err(PdbError::Mismatch(format!(
                    "the database of tiles {:?} was built for another board or goal",
                    db.tiles
                )));
            }
            for (s, &tile) in db.tiles.iter().enumerate() {
                if owner[0][usize::from(tile)] != NONE {
                    return Err(PdbError::Overlap { tile });
                }
                owner[0][usize::from(tile)] = byte(index);
                slot[0][usize::from(tile)] = byte(s);
            }
        }
        let mut mirror_cell = [0u8; MAX_CELLS];
        if reflect {
            let (rows, cols) = (puzzle.rows(), puzzle.cols());
            if rows != cols {
                return Err(PdbError::Reflection(format!(
                    "the board is {rows}x{cols}, not square"
                )));
            }
            let blank = puzzle.goal().blank();
            if blank / cols != blank % cols {
                return Err(PdbError::Reflection(
                    "the blank's goal cell is not on the main diagonal".to_owned(),
                ));
            }
            let goal = puzzle.goal().tiles();
            for (cell, mirror) in mirror_cell.iter_mut().enumerate().take(cells) {
                *mirror = byte((cell % cols) * cols + cell / cols);
            }
            for tile in 1..cells {
                let goal_cell = puzzle.goal_cell(byte(tile)).unwrap_or(0);
                let mirror = usize::from(goal[usize::from(mirror_cell[goal_cell])]);
                owner[1][tile] = owner[0][mirror];
                slot[1][tile] = slot[0][mirror];
            }
        }
        Ok(Self {
            dbs,
            cells,
            reflect,
            owner,
            slot,
            mirror_cell,
        })
    }

    /// The databases.
    #[must_use]
    pub fn databases(&self) -> &[PatternDatabase] {
        &self.dbs
    }

    /// Whether the estimate is the maximum with the reflected board's.
    #[must_use]
    pub fn reflects(&self) -> bool {
        self.reflect
    }

    /// The bytes all tables occupy.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.dbs.iter().map(PatternDatabase::memory_bytes).sum()
    }

    /// The views: the board, and its reflection when asked.
    pub(super) fn views(&self) -> usize {
        if self.reflect { 2 } else { 1 }
    }

    /// The estimate of a board, from scratch.
    pub(super) fn estimate(&self, tiles: &[u8]) -> u32 {
        let mut cells = [[[0u8; MAX_PATTERN_TILES]; MAX_PATTERNS]; 2];
        self.place(tiles, &mut cells);
        (0..self.views())
            .map(|view| {
                self.dbs
                    .iter()
                    .enumerate()
                    .map(|(i, db)| u32::from(db.value(&cells[view][i][..db.tiles.len()])))
                    .sum::<u32>()
            })
            .max()
            .unwrap_or(0)
    }

    /// The cells of every pattern tile in each view.
    pub(super) fn place(
        &self,
        tiles: &[u8],
        cells: &mut [[[u8; MAX_PATTERN_TILES]; MAX_PATTERNS]; 2],
    ) {
        for (cell, &tile) in tiles.iter().enumerate().take(self.cells) {
            let tile = usize::from(tile);
            for view in 0..self.views() {
                let owner = self.owner[view][tile];
                if owner != NONE {
                    let at = if view == 0 {
                        cell
                    } else {
                        usize::from(self.mirror_cell[cell])
                    };
                    cells[view][usize::from(owner)][usize::from(self.slot[view][tile])] = byte(at);
                }
            }
        }
    }

    /// The preset partitions of the 15-puzzle, as tiles of `puzzle` (4x4; the groups are
    /// goal cells for a blank in the top-left corner, turned by 180 degrees when the blank's
    /// goal is the bottom-right corner).
    ///
    /// # Errors
    ///
    /// [`PdbError::Mismatch`] for another board, or a blank's goal cell in neither corner.
    pub fn fifteen_partition(
        puzzle: &NPuzzle,
        partition: Partition,
    ) -> Result<Vec<Vec<u8>>, PdbError> {
        if (puzzle.rows(), puzzle.cols()) != (4, 4) {
            return Err(PdbError::Mismatch(format!(
                "the {partition} partition is for the 4x4 board, not {}x{}",
                puzzle.rows(),
                puzzle.cols()
            )));
        }
        let turn = match puzzle.goal().blank() {
            0 => false,
            15 => true,
            _ => {
                return Err(PdbError::Mismatch(
                    "the preset partitions need the blank's goal in a corner".to_owned(),
                ));
            }
        };
        let goal = puzzle.goal().tiles();
        Ok(partition
            .goal_cells()
            .iter()
            .map(|group| {
                group
                    .iter()
                    .map(|&cell| {
                        goal[if turn {
                            15 - usize::from(cell)
                        } else {
                            usize::from(cell)
                        }]
                    })
                    .collect()
            })
            .collect())
    }

    /// Builds the databases of a preset partition of the 15-puzzle and adds them up.
    ///
    /// # Errors
    ///
    /// Those of [`PatternSet::fifteen_partition`], [`PatternDatabase::build`] and
    /// [`PatternSet::new`].
    pub fn build_fifteen(
        puzzle: &NPuzzle,
        partition: Partition,
        reflect: bool,
    ) -> Result<Self, PdbError> {
        let dbs = Self::fifteen_partition(puzzle, partition)?
            .iter()
            .map(|tiles| PatternDatabase::build(puzzle, tiles))
            .collect::<Result<Vec<_>, _>>()?;
        Self::new(puzzle, dbs, reflect)
    }

    /// [`PatternSet::build_fifteen`] with the databases built at once, one per thread of
    /// the current rayon pool (feature `parallel`; choose the threads with
    /// [`rayon::ThreadPool::install`]). The 6-6-3 set is ready in about half the time on
    /// two threads: its two 6-tile databases take nearly all of it. More threads than
    /// databases do not help, since each database is built by one thread; the memory is
    /// that of the builds running together (about 4 GB for the 7-8 set).
    ///
    /// # Errors
    ///
    /// As [`PatternSet::build_fifteen`]; when several builds fail, the error of the first
    /// database in the partition's order.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::npuzzle::NPuzzle;
    /// use state_search::domains::sliding::pdb::{Partition, PatternSet};
    ///
    /// let puzzle = NPuzzle::standard(4, 4)?;
    /// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
    /// let set = pool.install(|| PatternSet::par_build_fifteen(&puzzle, Partition::Fifteen555, true))?;
    /// let one_by_one = PatternSet::build_fifteen(&puzzle, Partition::Fifteen555, true)?;
    /// assert_eq!(set.databases(), one_by_one.databases());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "parallel")]
    pub fn par_build_fifteen(
        puzzle: &NPuzzle,
        partition: Partition,
        reflect: bool,
    ) -> Result<Self, PdbError> {
        use rayon::prelude::*;
        let dbs = Self::fifteen_partition(puzzle, partition)?
            .par_iter()
            .map(|tiles| PatternDatabase::build(puzzle, tiles))
            .collect::<Vec<_>>()
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        Self::new(puzzle, dbs, reflect)
    }

    /// The databases of a preset partition of the 15-puzzle from `dir`, added up, if all of
    /// them are there ([`PatternDatabase::load_cached`]); nothing is built.
    ///
    /// # Errors
    ///
    /// Those of [`PatternSet::fifteen_partition`] and [`PatternSet::new`]; missing files
    /// are `Ok(None)`.
    pub fn load_fifteen(
        puzzle: &NPuzzle,
        partition: Partition,
        reflect: bool,
        dir: &Path,
    ) -> Result<Option<Self>, PdbError> {
        let mut dbs = Vec::new();
        for tiles in Self::fifteen_partition(puzzle, partition)? {
            match PatternDatabase::load_cached(puzzle, &tiles, dir)? {
                Some(db) => dbs.push(db),
                None => return Ok(None),
            }
        }
        Self::new(puzzle, dbs, reflect).map(Some)
    }

    /// [`PatternSet::build_fifteen`], with each database loaded from `dir` or built and
    /// saved there ([`PatternDatabase::load_or_build`]). Databases that cannot be saved are
    /// still used; [`Cached::not_saved`] holds the first reason.
    ///
    /// # Errors
    ///
    /// As [`PatternSet::build_fifteen`].
    pub fn build_cached(
        puzzle: &NPuzzle,
        partition: Partition,
        reflect: bool,
        dir: &Path,
    ) -> Result<Cached<Self>, PdbError> {
        let mut not_saved = None;
        let mut dbs = Vec::new();
        for tiles in Self::fifteen_partition(puzzle, partition)? {
            let cached = PatternDatabase::load_or_build(puzzle, &tiles, dir)?;
            not_saved = not_saved.or(cached.not_saved);
            dbs.push(cached.value);
        }
        Ok(Cached {
            value: Self::new(puzzle, dbs, reflect)?,
            not_saved,
        })
    }
}

/// A preset partition of the 15-puzzle's tiles into disjoint patterns. The groups are goal
/// cells for the blank in the top-left corner (Korf's goal):
///
/// ```text
///  .  1  2  3
///  4  5  6  7
///  8  9 10 11
/// 12 13 14 15
/// ```
///
/// Of the partitions tried, these had the largest mean estimate over Korf's 100 instances
/// (see `BENCHMARKS.md`); the estimates grow with the patterns, and so do the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Partition {
    /// 5-5-5: `{1,4,5,8,12}`, `{2,3,6,7,11}`, `{9,10,13,14,15}`; three tables of 0.5 MB,
    /// built in a fraction of a second.
    Fifteen555,
    /// 6-6-3: the two left columns `{1,4,5,8,9,12}` and the two right ones `{2,3,6,7,10,11}`
    /// above the bottom row, and the bottom row `{13,14,15}`: tables of 5.8 MB, 5.8 MB and
    /// 3 KB, built in about a second each.
    Fifteen663,
    /// 7-8: the top two rows `{1..7}` and the bottom two `{8..15}`: tables of 58 MB and
    /// 519 MB; the 8-tile table takes minutes and about 3.7 GB to build.
    Fifteen78,
}

impl Partition {
    /// The groups of goal cells (Korf's goal: tile `i` on cell `i`).
    #[must_use]
    pub fn goal_cells(self) -> &'static [&'static [u8]] {
        match self {
            Self::Fifteen555 => &[&[1, 4, 5, 8, 12], &[2, 3, 6, 7, 11], &[9, 10, 13, 14, 15]],
            Self::Fifteen663 => &[&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]],
            Self::Fifteen78 => &[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
        }
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Fifteen555 => "5-5-5",
            Self::Fifteen663 => "6-6-3",
            Self::Fifteen78 => "7-8",
        })
    }
}

impl Heuristic<Board, u32> for PatternSet {
    fn estimate(&self, board: &Board) -> u32 {
        PatternSet::estimate(self, board.tiles())
    }
}
