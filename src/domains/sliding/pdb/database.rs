//! One pattern database: `PatternDatabase`, its ranking of placements and its table of a
//! byte or a nibble per placement (`Encoding`).

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
    /// Two entries per byte as `Nibbles`, each `(value - md) / 2` where `md` is the
    /// Manhattan distance of the placement's tiles to their goal cells.
    Deltas(Vec<u8>),
}

/// How a [`PatternDatabase`] stores its table; [`PatternDatabase::build`] picks the
/// smallest that holds every value.
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::npuzzle::NPuzzle;
/// use state_search::domains::sliding::pdb::{Encoding, PatternDatabase};
///
/// let puzzle = NPuzzle::standard(3, 3)?;
/// let db = PatternDatabase::build(&puzzle, &[1, 2, 3, 4])?;
/// assert_eq!(db.encoding(), Encoding::Nibbles);
/// assert_eq!(db.encoding().to_string(), "nibbles");
/// let deltas = db.encoded(Encoding::Deltas)?;
/// assert_eq!(deltas.value(&[8, 7, 6, 5]), db.value(&[8, 7, 6, 5]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Encoding {
    /// A byte per placement: any value.
    Bytes,
    /// A nibble per placement: every value below 16.
    Nibbles,
    /// A nibble per placement holding `(value - md) / 2`, where `md` is the Manhattan
    /// distance of the pattern's tiles to their goal cells: every value at least `md`, of
    /// its parity, and below `md + 32`. A lookup adds `md` back, which
    /// [`PatternHeuristic`](super::PatternHeuristic) tracks move by move.
    Deltas,
}

impl core::fmt::Display for Encoding {
    /// `bytes`, `nibbles` or `deltas`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Self::Bytes => "bytes",
            Self::Nibbles => "nibbles",
            Self::Deltas => "deltas",
        })
    }
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
    /// cells rounded up): about 40 MB for a 6-tile 15-puzzle database. Then one pass over
    /// the table picks its [`Encoding`]: nibbles when every value is below 16, else deltas
    /// from the Manhattan distance when they fit (the placements are generated in rank
    /// order, O(P), with P/2 more bytes for the packed table while the bytes are still
    /// held), else bytes. The table kept takes P bytes, or P/2 in nibbles or deltas.
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
        db.entries = db.compact(table);
        Ok(db)
    }

    /// The smallest encoding of `table` (the values in rank order): nibbles, deltas or
    /// bytes.
    pub(super) fn compact(&self, table: Vec<u8>) -> Entries {
        if table.iter().all(|&v| v < 16) {
            return Entries::Nibbles(pack(&table));
        }
        self.deltas(&table).unwrap_or(Entries::Bytes(table))
    }

    /// `table` (the values in rank order) as deltas, or `None` when a value is below its
    /// placement's Manhattan distance, of the other parity or too far above it (or when
    /// the memory is refused).
    fn deltas(&self, table: &[u8]) -> Option<Entries> {
        let mut packed = Vec::new();
        packed.try_reserve_exact(table.len().div_ceil(2)).ok()?;
        let (mut fits, mut low, mut rank) = (true, 0u8, 0usize);
        self.for_each_placement(|_, md| {
            let delta = table[rank].wrapping_sub(md);
            fits &= delta < 32 && delta.is_multiple_of(2);
            if rank.is_multiple_of(2) {
                low = delta / 2;
            } else {
                packed.push(low | (delta / 2) << 4);
            }
            rank += 1;
            fits
        });
        if !fits {
            return None;
        }
        if rank % 2 == 1 {
            packed.push(low);
        }
        Some(Entries::Deltas(packed))
    }

    /// Calls `visit` with every placement (the cells of the pattern's tiles, in order) and its
    /// Manhattan distance, in rank order, until it returns `false`: the placements are
    /// generated cell by cell as the ranking numbers them (each tile on the cells the earlier
    /// ones left free, in increasing order), no rank is unranked.
    pub(super) fn for_each_placement(&self, mut visit: impl FnMut(&[u8], u8) -> bool) {
        let cells = self.cells();
        let board = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let mut placement = [0u8; MAX_PATTERN_TILES];
        self.placements_below(0, board, 0, &mut placement, &mut visit);
    }

    /// The placements whose first `level` tiles are on `placement` and leave the cells
    /// `free`, their Manhattan distance `md`: see [`PatternDatabase::for_each_placement`].
    /// `false` when stopped.
    fn placements_below(
        &self,
        level: usize,
        free: u64,
        md: u8,
        placement: &mut [u8; MAX_PATTERN_TILES],
        visit: &mut impl FnMut(&[u8], u8) -> bool,
    ) -> bool {
        let goal = self.goal_cells[level];
        let k = self.tiles.len();
        let mut rest = free;
        while rest != 0 {
            let cell = byte(rest.trailing_zeros() as usize);
            rest &= rest - 1;
            placement[level] = cell;
            let md = md + self.distance(cell, goal);
            let more = if level + 1 == k {
                visit(&placement[..k], md)
            } else {
                self.placements_below(level + 1, free & !(1u64 << cell), md, placement, visit)
            };
            if !more {
                return false;
            }
        }
        true
    }

    /// The Manhattan distance between two cells.
    #[inline]
    pub(super) fn distance(&self, a: u8, b: u8) -> u8 {
        let cols = byte(self.cols);
        (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols)
    }

    /// The Manhattan distance of the pattern's tiles on `cells` to their goal cells.
    pub(super) fn manhattan(&self, cells: &[u8]) -> u8 {
        cells
            .iter()
            .zip(&self.goal_cells)
            .fold(0u8, |md, (&at, &goal)| {
                md.saturating_add(self.distance(at, goal))
            })
    }

    /// Calls `visit` with every value of the table, in rank order.
    pub(super) fn for_each_value(&self, mut visit: impl FnMut(u8)) {
        match &self.entries {
            Entries::Bytes(bytes) => bytes.iter().for_each(|&v| visit(v)),
            Entries::Nibbles(_) => (0..self.len()).for_each(|rank| visit(self.stored(rank))),
            Entries::Deltas(_) => {
                let mut rank = 0;
                self.for_each_placement(|_, md| {
                    visit(md.wrapping_add(2 * self.stored(rank)));
                    rank += 1;
                    true
                });
            }
        }
    }

    /// The same database in `encoding`.
    ///
    /// # Errors
    ///
    /// [`PdbError::Encoding`] when a value does not fit it: nibbles need every value below
    /// 16, deltas every value at least its placement's Manhattan distance, of the same
    /// parity and less than 32 above it.
    ///
    /// # Complexity
    ///
    /// O(P) for the P placements; P bytes of work memory beside the new table.
    pub fn encoded(&self, encoding: Encoding) -> Result<Self, PdbError> {
        let mut table = Vec::new();
        table
            .try_reserve_exact(self.len())
            .map_err(|_| PdbError::Memory { bytes: self.len() })?;
        self.for_each_value(|v| table.push(v));
        let entries = match encoding {
            Encoding::Bytes => Some(Entries::Bytes(table)),
            Encoding::Nibbles => table
                .iter()
                .all(|&v| v < 16)
                .then(|| Entries::Nibbles(pack(&table))),
            Encoding::Deltas => self.deltas(&table),
        };
        let entries = entries.ok_or_else(|| {
            PdbError::Encoding(format!(
                "the values of tiles {:?} do not fit {encoding:?}",
                self.tiles
            ))
        })?;
        Ok(Self {
            entries,
            ..self.clone_header()
        })
    }

    /// This database with an empty table.
    fn clone_header(&self) -> Self {
        Self {
            rows: self.rows,
            cols: self.cols,
            tiles: self.tiles.clone(),
            goal_cells: self.goal_cells.clone(),
            blank_goal: self.blank_goal,
            weights: self.weights,
            entries: Entries::Bytes(Vec::new()),
        }
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
        self.stored_bytes().is_empty()
    }

    /// The number of cells of the board.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The bytes the table occupies.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.stored_bytes().len()
    }

    /// The table as stored.
    pub(super) fn stored_bytes(&self) -> &[u8] {
        match &self.entries {
            Entries::Bytes(bytes) | Entries::Nibbles(bytes) | Entries::Deltas(bytes) => bytes,
        }
    }

    /// Whether the table stores the values themselves in a nibble per placement (every
    /// value below 16); see [`PatternDatabase::encoding`].
    #[must_use]
    pub fn is_nibbles(&self) -> bool {
        self.encoding() == Encoding::Nibbles
    }

    /// How the table is stored.
    #[must_use]
    pub fn encoding(&self) -> Encoding {
        match self.entries {
            Entries::Bytes(_) => Encoding::Bytes,
            Entries::Nibbles(_) => Encoding::Nibbles,
            Entries::Deltas(_) => Encoding::Deltas,
        }
    }

    /// The largest value in the table.
    ///
    /// # Complexity
    ///
    /// O(P) for the P placements (generated in rank order for deltas, not unranked).
    #[must_use]
    pub fn max_value(&self) -> u8 {
        let mut max = 0;
        self.for_each_value(|v| max = max.max(v));
        max
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
    ///
    /// # Complexity
    ///
    /// O(1) for bytes and nibbles. A table of [`Encoding::Deltas`] needs the placement's
    /// Manhattan distance: the rank is unranked, O(k x n) bit operations for k tiles on n
    /// cells. To read every value, [`PatternDatabase::max_value`] and
    /// [`PatternDatabase::value`] avoid that.
    #[must_use]
    pub fn value_at(&self, rank: usize) -> u8 {
        if rank >= self.len() {
            return 0;
        }
        if let Entries::Deltas(_) = self.entries {
            let cells = self.unrank(rank);
            return self.value(&cells[..self.tiles.len()]);
        }
        self.stored(rank)
    }

    /// The placement of rank `rank` (below [`PatternDatabase::len`]): each tile's digit
    /// picks its cell among those the earlier tiles left free, in increasing order.
    pub(super) fn unrank(&self, mut rank: usize) -> [u8; MAX_PATTERN_TILES] {
        let mut cells = [0u8; MAX_PATTERN_TILES];
        let mut used = 0u64;
        for (cell, &weight) in cells.iter_mut().zip(&self.weights).take(self.tiles.len()) {
            let digit = rank / weight;
            rank %= weight;
            let mut free = !used;
            for _ in 0..digit {
                free &= free - 1;
            }
            *cell = byte(free.trailing_zeros() as usize);
            used |= 1u64 << *cell;
        }
        cells
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

    /// The entry stored for rank `rank` (0 past the end): the value in bytes and nibbles,
    /// `(value - md) / 2` in deltas.
    #[inline]
    pub(super) fn stored(&self, rank: usize) -> u8 {
        match &self.entries {
            Entries::Bytes(bytes) => bytes.get(rank).copied().unwrap_or(0),
            Entries::Nibbles(bytes) | Entries::Deltas(bytes) => nibble(bytes, rank),
        }
    }

    /// The value of rank `rank` and the Manhattan distance it used: `md()` (called for
    /// deltas only) plus twice the delta, or the stored value and 0.
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "the hot path of `PatternHeuristic`: `md` must vanish for bytes and nibbles"
    )]
    pub(super) fn lookup(&self, rank: usize, md: impl FnOnce() -> u8) -> (u8, u8) {
        match &self.entries {
            Entries::Bytes(bytes) => (bytes.get(rank).copied().unwrap_or(0), 0),
            Entries::Nibbles(bytes) => (nibble(bytes, rank), 0),
            Entries::Deltas(bytes) => {
                let md = md();
                (md.wrapping_add(2 * nibble(bytes, rank)), md)
            }
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
        self.lookup(self.rank(cells), || self.manhattan(cells)).0
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

/// The nibble of rank `rank` in `bytes` (0 past the end): the even rank in the low one.
#[inline]
fn nibble(bytes: &[u8], rank: usize) -> u8 {
    bytes
        .get(rank / 2)
        .map_or(0, |&b| (b >> ((rank & 1) * 4)) & 15)
}

/// `table` (values below 16) packed two per byte, the even rank in the low nibble.
fn pack(table: &[u8]) -> Vec<u8> {
    table
        .chunks(2)
        .map(|pair| pair[0] | pair.get(1).copied().unwrap_or(0) << 4)
        .collect()
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
