//! Sets of disjoint databases: `PatternSet` adds them up (with reflection), and the preset
//! `Partition`s of the 15- and 24-puzzle.

use core::fmt;

use super::{Cached, MAX_PATTERN_TILES, MAX_PATTERNS, PatternDatabase, PdbCache, PdbError};
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
    /// The goal: the tile on each cell, the blank's cell, and the board's width.
    pub(super) goal: [u8; MAX_CELLS],
    pub(super) blank_goal: u8,
    pub(super) cols: u8,
    /// Whether the estimate is also the maximum with the dual lookups.
    pub(super) dual: bool,
}

impl PatternSet {
    /// Adds up `dbs` (disjoint patterns, all built for `puzzle`); with `reflect`, the
    /// estimate is the larger of the sum for the board and the sum for its reflection about
    /// the main diagonal. The patterns need not cover every tile: a tile in none adds
    /// nothing, and the estimate stays a lower bound. Engines search with the set through
    /// [`PatternSet::heuristic`], on an `Arc` of it.
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
        let mut goal = [0u8; MAX_CELLS];
        goal[..cells].copy_from_slice(puzzle.goal().tiles());
        Ok(Self {
            dbs,
            cells,
            reflect,
            owner,
            slot,
            mirror_cell,
            goal,
            blank_goal: byte(puzzle.goal().blank()),
            cols: byte(puzzle.cols()),
            dual: false,
        })
    }

    /// With `dual`, the estimate is also the maximum with the *dual lookups*: the same
    /// databases read on the board's dual (the inverse permutation of tiles and cells),
    /// after walking the blank home along two shortest paths, less those moves (see
    /// [the dual's docs](super#dual-lookups)). Still admissible, never below the estimate
    /// without it, and often above it; but each estimate reads the tables up to four times
    /// as often. IDA* on the in-place view pays for it only on the children that the
    /// plain estimate admits ([`TileHeuristic::peek`] gives the plain one, the slide the
    /// larger one). It takes the set by value: to search the same tables with and without
    /// the dual lookups, switch between searches on the set itself, before it is shared
    /// (`Arc::try_unwrap` gives it back once no heuristic holds it).
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::npuzzle::NPuzzle;
    /// use state_search::domains::sliding::pdb::{PatternDatabase, PatternSet};
    /// use state_search::Heuristic;
    ///
    /// let puzzle = NPuzzle::standard(3, 3)?;
    /// let dbs = || -> Result<Vec<PatternDatabase>, _> {
    ///     Ok::<_, state_search::domains::sliding::pdb::PdbError>(vec![
    ///         PatternDatabase::build(&puzzle, &[1, 2, 3, 4])?,
    ///         PatternDatabase::build(&puzzle, &[5, 6, 7, 8])?,
    ///     ])
    /// };
    /// let plain = PatternSet::new(&puzzle, dbs()?, false)?;
    /// let dual = PatternSet::new(&puzzle, dbs()?, false)?.with_dual(true);
    /// // Tiles 1 and 3 swapped, the blank home: the dual lookup sees more of it.
    /// let board = "0 3 2 1 4 5 6 7 8".parse()?;
    /// assert!(dual.estimate(&board) >= plain.estimate(&board));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// [`TileHeuristic::peek`]: crate::domains::sliding::npuzzle::TileHeuristic::peek
    #[must_use]
    pub fn with_dual(mut self, dual: bool) -> Self {
        self.dual = dual;
        self
    }

    /// Whether the estimate is also the maximum with the dual lookups
    /// ([`PatternSet::with_dual`]).
    #[must_use]
    pub fn duals(&self) -> bool {
        self.dual
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

    /// The estimate of a board, from scratch: the sums, and the dual lookups when asked.
    pub(super) fn estimate(&self, tiles: &[u8]) -> u32 {
        let sums = self.sum_estimate(tiles);
        if self.dual {
            sums.max(self.dual_estimate(tiles))
        } else {
            sums
        }
    }

    /// The larger sum of the databases over the views (the board and its reflection).
    pub(super) fn sum_estimate(&self, tiles: &[u8]) -> u32 {
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

    /// The tiles of `puzzle` in each group of a preset partition. The groups are goal cells
    /// for a blank in the top-left corner ([`Partition::goal_cells`]), turned by 180
    /// degrees when the blank's goal is the bottom-right corner.
    ///
    /// # Errors
    ///
    /// [`PdbError::Mismatch`] for a board of another size than the partition's
    /// ([`Partition::board`]), or a blank's goal cell in neither corner.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::npuzzle::NPuzzle;
    /// use state_search::domains::sliding::pdb::{Partition, PatternSet};
    ///
    /// let puzzle = NPuzzle::standard(5, 5)?;
    /// let groups = PatternSet::partition_tiles(&puzzle, Partition::TwentyFour6666)?;
    /// assert_eq!(groups[0], [1, 2, 5, 6, 7, 12]);
    /// let fifteen = NPuzzle::standard(4, 4)?;
    /// assert!(PatternSet::partition_tiles(&fifteen, Partition::TwentyFour6666).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn partition_tiles(
        puzzle: &NPuzzle,
        partition: Partition,
    ) -> Result<Vec<Vec<u8>>, PdbError> {
        let (rows, cols) = partition.board();
        if (puzzle.rows(), puzzle.cols()) != (rows, cols) {
            return Err(PdbError::Mismatch(format!(
                "the {partition} partition is for the {rows}x{cols} board, not {}x{}",
                puzzle.rows(),
                puzzle.cols()
            )));
        }
        let last = rows * cols - 1;
        let turn = match puzzle.goal().blank() {
            0 => false,
            blank if blank == last => true,
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
                            last - usize::from(cell)
                        } else {
                            usize::from(cell)
                        }]
                    })
                    .collect()
            })
            .collect())
    }

    /// For each pattern of a preset partition, the first earlier pattern that a symmetry of
    /// the board maps onto it (see [`PatternDatabase::mirrored_or_built`]), by its place in
    /// [`PatternSet::partition_tiles`], or `None`: its table can be carried from that
    /// one's instead of built. The pattern named is never one that is carried itself
    /// (symmetries compose), so the tables of the `None` patterns are all a build needs.
    /// Of the presets only the 24-puzzle's has mirror images (two); for a pattern of your
    /// own, ask [`PatternDatabase::mirror_source`].
    ///
    /// # Errors
    ///
    /// Those of [`PatternSet::partition_tiles`].
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::npuzzle::NPuzzle;
    /// use state_search::domains::sliding::pdb::{Partition, PatternSet};
    ///
    /// let puzzle = NPuzzle::standard(5, 5)?;
    /// let sources = PatternSet::mirror_sources(&puzzle, Partition::TwentyFour6666)?;
    /// // The half turn maps {3,4,8,9,13,14} onto {10,11,15,16,20,21}, and a quarter
    /// // turn onto {17,18,19,22,23,24}.
    /// assert_eq!(sources, [None, None, Some(1), Some(1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mirror_sources(
        puzzle: &NPuzzle,
        partition: Partition,
    ) -> Result<Vec<Option<usize>>, PdbError> {
        let headers = Self::partition_tiles(puzzle, partition)?
            .iter()
            .map(|tiles| PatternDatabase::empty(puzzle, tiles))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((0..headers.len())
            .map(|i| headers[i].mirror_in(&headers[..i]))
            .collect())
    }

    /// Builds the databases of a preset partition and adds them up. A pattern that a
    /// symmetry of the board (a flip, the half turn, a diagonal reflection or a quarter
    /// turn) maps an earlier one onto, the blank's goal cell onto a cell of the blank's
    /// region ([`PatternDatabase::mirrored_or_built`]), gets the earlier table carried
    /// over to the image placements instead of a search of its own: the same values, in a
    /// pass over the placements.
    ///
    /// # Errors
    ///
    /// Those of [`PatternSet::partition_tiles`], [`PatternDatabase::build`] and
    /// [`PatternSet::new`].
    pub fn build_partition(
        puzzle: &NPuzzle,
        partition: Partition,
        reflect: bool,
    ) -> Result<Self, PdbError> {
        let mut dbs: Vec<PatternDatabase> = Vec::new();
        for tiles in Self::partition_tiles(puzzle, partition)? {
            dbs.push(PatternDatabase::mirrored_or_built(puzzle, &tiles, &dbs)?);
        }
        Self::new(puzzle, dbs, reflect)
    }

    /// [`PatternSet::build_partition`] with the databases built at once, one per thread of
    /// the current rayon pool (feature `parallel`; choose the threads with
    /// `rayon::ThreadPool::install`). The 6-6-3 set is ready in about half the time on
    /// two threads: its two 6-tile databases take nearly all of it. More threads than
    /// databases searched (two of the 24-puzzle's four) do not help, since each database
    /// is built by one thread; the memory is that of the builds running together (about
    /// 4 GB for the 7-8 set). The mirror images of earlier patterns are carried over once
    /// the builds are done.
    ///
    /// # Errors
    ///
    /// As [`PatternSet::build_partition`]; when several builds fail, the error of the first
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
    /// let partition = Partition::Fifteen555;
    /// let set = pool.install(|| PatternSet::par_build_partition(&puzzle, partition, true))?;
    /// let one_by_one = PatternSet::build_partition(&puzzle, partition, true)?;
    /// assert_eq!(set.databases(), one_by_one.databases());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "parallel")]
    pub fn par_build_partition(
        puzzle: &NPuzzle,
        partition: Partition,
        reflect: bool,
    ) -> Result<Self, PdbError> {
        use rayon::prelude::*;
        let groups = Self::partition_tiles(puzzle, partition)?;
        // The patterns that are no mirror image of an earlier one are built at once; the
        // others are then carried from them.
        let sources = Self::mirror_sources(puzzle, partition)?;
        let jobs = |carried: bool| {
            groups
                .par_iter()
                .zip(&sources)
                .filter(move |(_, source)| source.is_some() == carried)
                .map(|(tiles, _)| tiles)
        };
        let built = jobs(false)
            .map(|tiles| PatternDatabase::build(puzzle, tiles))
            .collect::<Vec<_>>()
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        let carried = jobs(true)
            .map(|tiles| PatternDatabase::mirrored_or_built(puzzle, tiles, &built))
            .collect::<Vec<_>>()
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        let (mut built, mut carried) = (built.into_iter(), carried.into_iter());
        let dbs = sources
            .iter()
            .filter_map(|source| match source {
                Some(_) => carried.next(),
                None => built.next(),
            })
            .collect();
        Self::new(puzzle, dbs, reflect)
    }

    /// The databases of a preset partition from `cache`, added up, if all of
    /// them are there ([`PatternDatabase::load_cached`]); nothing is built.
    ///
    /// # Errors
    ///
    /// Those of [`PatternSet::partition_tiles`] and [`PatternSet::new`]; missing files
    /// are `Ok(None)`.
    pub fn load_cached_partition(
        puzzle: &NPuzzle,
        partition: Partition,
        reflect: bool,
        cache: &PdbCache,
    ) -> Result<Option<Self>, PdbError> {
        let mut dbs = Vec::new();
        for tiles in Self::partition_tiles(puzzle, partition)? {
            match PatternDatabase::load_cached(puzzle, &tiles, cache)? {
                Some(db) => dbs.push(db),
                None => return Ok(None),
            }
        }
        Self::new(puzzle, dbs, reflect).map(Some)
    }

    /// [`PatternSet::build_partition`], with each database loaded from `cache` or built (or
    /// carried from an earlier one) and saved there
    /// ([`PatternDatabase::load_or_build_with`]). Databases that cannot be saved are
    /// still used; [`Cached::not_saved`] holds the first reason, and [`Cached::replaced`]
    /// the first reason a file found was not used.
    ///
    /// # Errors
    ///
    /// As [`PatternSet::build_partition`].
    pub fn load_or_build_partition(
        puzzle: &NPuzzle,
        partition: Partition,
        reflect: bool,
        cache: &PdbCache,
    ) -> Result<Cached<Self>, PdbError> {
        let (mut not_saved, mut replaced, mut built) = (None, None, false);
        let mut dbs = Vec::new();
        for tiles in Self::partition_tiles(puzzle, partition)? {
            let cached = PatternDatabase::load_or_build_with(puzzle, &tiles, cache, &dbs)?;
            not_saved = not_saved.or(cached.not_saved);
            replaced = replaced.or(cached.replaced);
            built |= cached.built;
            dbs.push(cached.value);
        }
        Ok(Cached {
            value: Self::new(puzzle, dbs, reflect)?,
            not_saved,
            replaced,
            built,
        })
    }
}

/// A preset partition of the tiles of the 15-puzzle (4x4) or the 24-puzzle (5x5) into
/// disjoint patterns. The groups are goal cells for the blank in the top-left corner
/// (Korf's goal, tile `i` on cell `i`):
///
/// ```text
///  .  1  2  3        .  1  2  3  4
///  4  5  6  7        5  6  7  8  9
///  8  9 10 11       10 11 12 13 14
/// 12 13 14 15       15 16 17 18 19
///                   20 21 22 23 24
/// ```
///
/// Of the 15-puzzle's partitions tried, these had the largest mean estimate over Korf's
/// 100 instances (see `BENCHMARKS.md`); the estimates grow with the patterns, and so do
/// the tables. The 24-puzzle's is Korf and Felner's (2002).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Partition {
    /// 5-5-5: `{1,4,5,8,12}`, `{2,3,6,7,11}`, `{9,10,13,14,15}`; three tables of 0.26 MB
    /// (as [`Encoding::Deltas`](super::Encoding::Deltas)), built in a fraction of a second.
    Fifteen555,
    /// 6-6-3: the two left columns down to the bottom-left corner `{1,4,5,8,9,12}`, the two
    /// right columns above the bottom row `{2,3,6,7,10,11}`, and the rest of the bottom row
    /// `{13,14,15}`: tables of 2.9 MB, 2.9 MB and 1.7 KB (as deltas), built in about a
    /// second each.
    Fifteen663,
    /// 7-8: the top two rows `{1..7}` and the bottom two `{8..15}`: tables of 29 MB and
    /// 259 MB (as deltas); the 8-tile table takes about two minutes and 3.7 GB to build.
    Fifteen78,
    /// 6-6-6-6 on the 5x5 board (Korf and Felner, 2002): `{1,2,5,6,7,12}`,
    /// `{3,4,8,9,13,14}`, `{10,11,15,16,20,21}` and `{17,18,19,22,23,24}`. Its reflection
    /// about the main diagonal is another partition, so the reflected lookup
    /// ([`PatternSet::new`] with `reflect`) adds a second, different estimate from the
    /// same tables. Four tables of 127,512,000 placements (63.8 MB each as deltas), each
    /// built in about 20 s with 1.6 GB of work memory; the half turn of the board maps
    /// `{3,4,8,9,13,14}` onto `{10,11,15,16,20,21}` and a quarter turn onto
    /// `{17,18,19,22,23,24}`, so [`PatternSet::build_partition`],
    /// [`PatternSet::par_build_partition`] and [`PatternSet::load_or_build_partition`]
    /// build two and carry the other two over.
    TwentyFour6666,
}

impl Partition {
    /// The board the partition is for, as (rows, columns).
    #[must_use]
    pub fn board(self) -> (usize, usize) {
        match self {
            Self::Fifteen555 | Self::Fifteen663 | Self::Fifteen78 => (4, 4),
            Self::TwentyFour6666 => (5, 5),
        }
    }

    /// The groups of goal cells (Korf's goal: tile `i` on cell `i`).
    #[must_use]
    pub fn goal_cells(self) -> &'static [&'static [u8]] {
        match self {
            Self::Fifteen555 => &[&[1, 4, 5, 8, 12], &[2, 3, 6, 7, 11], &[9, 10, 13, 14, 15]],
            Self::Fifteen663 => &[&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]],
            Self::Fifteen78 => &[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
            Self::TwentyFour6666 => &[
                &[1, 2, 5, 6, 7, 12],
                &[3, 4, 8, 9, 13, 14],
                &[10, 11, 15, 16, 20, 21],
                &[17, 18, 19, 22, 23, 24],
            ],
        }
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Fifteen555 => "5-5-5",
            Self::Fifteen663 => "6-6-3",
            Self::Fifteen78 => "7-8",
            Self::TwentyFour6666 => "6-6-6-6",
        })
    }
}

impl Heuristic<Board, u32> for PatternSet {
    fn estimate(&self, board: &Board) -> u32 {
        PatternSet::estimate(self, board.tiles())
    }
}
