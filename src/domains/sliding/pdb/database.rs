//! One pattern database: `PatternDatabase`, its ranking of placements and its table of a
//! byte or a nibble per placement.

use super::builder::{Builder, arrangements};
use super::{MAX_PATTERN_TILES, MAX_PDB_CELLS, PdbError};
use crate::domains::sliding::npuzzle::{NPuzzle, byte};

/// The table of one pattern: the fewest moves of its tiles from every placement to their
/// goal cells.
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::npuzzle::NPuzzle;
/// use state_search::domains::sliding::pdb::PatternDatabase;
///
/// let puzzle = NPuzzle::standard(3, 3)?;
/// let db = PatternDatabase::build(&puzzle, &[1, 2])?;
/// assert_eq!(db.len(), 9 * 8);
/// // Tiles 1 and 2 at their goal cells: nothing to do.
/// assert_eq!(db.value(&[1, 2]), 0);
/// // Swapped: at least four moves of those two tiles.
/// assert!(db.value(&[2, 1]) >= 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDatabase {
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// The pattern's tiles, in the order their cells are ranked.
    pub(super) tiles: Vec<u8>,
    /// The goal cell of each pattern tile.
    pub(super) goal_cells: Vec<u8>,
    /// The goal cell of the blank.
    pub(super) blank_goal: u8,
    /// `weights[i]`: the number of placements of the tiles after `i`, `(n-1-i)!/(n-k)!`.
    pub(super) weights: [usize; MAX_PATTERN_TILES],
    pub(super) entries: Entries,
}

/// The values, a byte or a nibble per placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Entries {
    Bytes(Vec<u8>),
    /// Two values per byte, the even rank in the low nibble.
    Nibbles(Vec<u8>),
}

impl PatternDatabase {
    /// The builder of this database's table.
    pub(super) fn builder(&self) -> Builder {
        Builder::new(
            self.cells(),
            self.cols,
            self.weights,
            &self.goal_cells,
            self.blank_goal,
        )
    }

    /// Builds the database of the pattern `tiles` for `puzzle`'s board and goal.
    ///
    /// # Errors
    ///
    /// [`PdbError::TooManyCells`], [`PdbError::Pattern`], [`PdbError::Memory`] or
    /// [`PdbError::TooDeep`].
    ///
    /// # Complexity
    ///
    /// Time O(P x k x 4) for the P = n!/(n-k)! placements (each region of the blank is
    /// filled once), plus one pass over the level sets per level of the search; memory P
    /// bytes for the table plus three sets of P x w bits (w = 16, 32 or 64, the board's
    /// cells rounded up): about 40 MB for a 6-tile 15-puzzle database.
    pub fn build(puzzle: &NPuzzle, tiles: &[u8]) -> Result<Self, PdbError> {
        let mut db = Self::empty(puzzle, tiles)?;
        let table = Builder::new(
            db.cells(),
            db.cols,
            db.weights,
            &db.goal_cells,
            db.blank_goal,
        )
        .run()?;
        db.entries = compact(table);
        Ok(db)
    }

    /// The header of a database for `tiles` on `puzzle`, with no entries.
    pub(super) fn empty(puzzle: &NPuzzle, tiles: &[u8]) -> Result<Self, PdbError> {
        let cells = puzzle.cells();
        if cells > MAX_PDB_CELLS {
            return Err(PdbError::TooManyCells { cells });
        }
        if tiles.is_empty() || tiles.len() > MAX_PATTERN_TILES {
            return Err(PdbError::Pattern(format!(
                "{} tiles; a pattern has 1 to {MAX_PATTERN_TILES}",
                tiles.len()
            )));
        }
        let mut goal_cells = Vec::with_capacity(tiles.len());
        for (i, &tile) in tiles.iter().enumerate() {
            if tile == 0 {
                return Err(PdbError::Pattern("the blank (0) is not a tile".to_owned()));
            }
            if tiles[..i].contains(&tile) {
                return Err(PdbError::Pattern(format!("tile {tile} appears twice")));
            }
            let goal = puzzle.goal_cell(tile).ok_or_else(|| {
                PdbError::Pattern(format!("tile {tile} is not on a board of {cells} cells"))
            })?;
            goal_cells.push(byte(goal));
        }
        let blank_goal = byte(puzzle.goal().blank());
        Self::from_header(
            puzzle.rows(),
            puzzle.cols(),
            tiles.to_vec(),
            goal_cells,
            blank_goal,
        )
    }

    pub(super) fn from_header(
        rows: usize,
        cols: usize,
        tiles: Vec<u8>,
        goal_cells: Vec<u8>,
        blank_goal: u8,
    ) -> Result<Self, PdbError> {
        let (n, k) = (rows * cols, tiles.len());
        let mut weights = [0usize; MAX_PATTERN_TILES];
        for (i, weight) in weights.iter_mut().enumerate().take(k) {
            *weight =
                arrangements(n - 1 - i, k - 1 - i).ok_or(PdbError::Memory { bytes: usize::MAX })?;
        }
        Ok(Self {
            rows,
            cols,
            tiles,
            goal_cells,
            blank_goal,
            weights,
            entries: Entries::Bytes(Vec::new()),
        })
    }

    /// The pattern's tiles.
    #[must_use]
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The number of placements, `n!/(n-k)!`.
    #[must_use]
    pub fn len(&self) -> usize {
        arrangements(self.cells(), self.tiles.len()).unwrap_or(usize::MAX)
    }

    /// Whether the database has no entries (never true for a built one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        match &self.entries {
            Entries::Bytes(bytes) | Entries::Nibbles(bytes) => bytes.is_empty(),
        }
    }

    /// The number of cells of the board.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The bytes the table occupies.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        match &self.entries {
            Entries::Bytes(bytes) | Entries::Nibbles(bytes) => bytes.len(),
        }
    }

    /// Whether the table stores a nibble per placement (every value below 16).
    #[must_use]
    pub fn is_nibbles(&self) -> bool {
        matches!(self.entries, Entries::Nibbles(_))
    }

    /// The largest value in the table.
    #[must_use]
    pub fn max_value(&self) -> u8 {
        (0..self.len())
            .map(|rank| self.entry(rank))
            .max()
            .unwrap_or(0)
    }

    /// The rank of a placement: `cells[i]` is the cell of the `i`-th pattern tile.
    ///
    /// # Panics
    ///
    /// Panics (in debug builds) if `cells` does not hold one cell per pattern tile, or a
    /// cell is off the board or repeated. In release builds such a placement gets a
    /// meaningless rank.
    #[inline]
    #[must_use]
    pub fn rank(&self, cells: &[u8]) -> usize {
        debug_assert_eq!(cells.len(), self.tiles.len(), "one cell per pattern tile");
        let mut used: u64 = 0;
        let mut rank = 0;
        for (&cell, &weight) in cells.iter().zip(&self.weights) {
            debug_assert!(
                usize::from(cell) < self.cells(),
                "cell {cell} is off the board"
            );
            let bit = 1u64 << (cell & 63);
            debug_assert!(used & bit == 0, "a cell holds two pattern tiles");
            let before = (used & (bit - 1)).count_ones() as usize;
            rank += (usize::from(cell) - before) * weight;
            used |= bit;
        }
        rank
    }

    /// The value of the placement of rank `rank` (0 past the end).
    #[inline]
    #[must_use]
    pub fn value_at(&self, rank: usize) -> u8 {
        self.entry(rank)
    }

    /// The rank of the placement `cells` (of rank `rank`) after its tile `slot` moves from
    /// `from` to the free cell `to`, without a full [`PatternDatabase::rank`]: only the
    /// tiles on the cells strictly between the two matter. The moved tile's digit changes
    /// by the cells it crosses less the earlier tiles on them, and each later tile it
    /// crosses gains or loses one. O(1) when `to` is next to `from` in cell order (a move
    /// sideways), O(k) comparisons otherwise.
    #[inline]
    #[must_use]
    pub fn rank_after(&self, cells: &[u8], rank: usize, slot: usize, from: u8, to: u8) -> usize {
        rank_after(&self.weights, cells, rank, slot, from, to)
    }

    /// The value of the placement of rank `rank`.
    #[inline]
    pub(super) fn entry(&self, rank: usize) -> u8 {
        match &self.entries {
            Entries::Bytes(bytes) => bytes.get(rank).copied().unwrap_or(0),
            Entries::Nibbles(bytes) => bytes
                .get(rank / 2)
                .map_or(0, |&b| (b >> ((rank & 1) * 4)) & 15),
        }
    }

    /// The fewest moves of the pattern's tiles that bring them from `cells` (the cell of
    /// each pattern tile, in [`PatternDatabase::tiles`] order) to their goal cells.
    ///
    /// # Panics
    ///
    /// As [`PatternDatabase::rank`]: in debug builds, for cells that are not a placement.
    #[inline]
    #[must_use]
    pub fn value(&self, cells: &[u8]) -> u8 {
        self.entry(self.rank(cells))
    }

    /// The value for a whole board (`tiles` row-major, `0` = blank).
    ///
    /// # Panics
    ///
    /// Panics (in debug builds) if `tiles` is not a board of this database's size.
    #[must_use]
    pub fn value_of(&self, tiles: &[u8]) -> u8 {
        debug_assert_eq!(tiles.len(), self.cells(), "a board of another size");
        let mut cells = [0u8; MAX_PATTERN_TILES];
        for (cell, &tile) in tiles.iter().enumerate() {
            if let Some(slot) = self.tiles.iter().position(|&t| t == tile) {
                cells[slot] = byte(cell);
            }
        }
        self.value(&cells[..self.tiles.len()])
    }

    /// Whether the database was built for `puzzle`'s board and goal.
    #[must_use]
    pub fn fits(&self, puzzle: &NPuzzle) -> bool {
        self.rows == puzzle.rows()
            && self.cols == puzzle.cols()
            && usize::from(self.blank_goal) == puzzle.goal().blank()
            && self
                .tiles
                .iter()
                .zip(&self.goal_cells)
                .all(|(&t, &g)| puzzle.goal_cell(t) == Some(usize::from(g)))
    }
}

/// Packs the table into nibbles when every value fits.
fn compact(table: Vec<u8>) -> Entries {
    if table.iter().all(|&v| v < 16) {
        let packed = table
            .chunks(2)
            .map(|pair| pair[0] | (pair.get(1).copied().unwrap_or(0) << 4))
            .collect();
        Entries::Nibbles(packed)
    } else {
        Entries::Bytes(table)
    }
}

/// See [`PatternDatabase::rank_after`]. Only the tiles on the cells strictly between
/// `from` and `to` matter: an earlier one takes one from the moved tile's digit change,
/// and a later one's digit changes by one. A move to the next cell passes none.
#[inline]
pub(super) fn rank_after(
    weights: &[usize; MAX_PATTERN_TILES],
    cells: &[u8],
    rank: usize,
    slot: usize,
    from: u8,
    to: u8,
) -> usize {
    let (low, high) = (from.min(to), from.max(to));
    let mut steps = usize::from(high - low);
    let mut later = 0;
    if steps > 1 {
        for (j, (&cell, &weight)) in cells.iter().zip(weights).enumerate() {
            if low < cell && cell < high {
                if j < slot {
                    steps -= 1;
                } else {
                    later += weight;
                }
            }
        }
    }
    let change = steps * weights[slot % MAX_PATTERN_TILES] + later;
    if from < to {
        rank + change
    } else {
        rank - change
    }
}
