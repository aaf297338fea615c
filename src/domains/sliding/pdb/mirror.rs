//! Tables carried from one pattern to another by a symmetry of the board: a mirror image
//! of a built pattern needs no search of its own.

use super::builder::filled;
use super::{MAX_PATTERN_TILES, MAX_PDB_CELLS, PatternDatabase, PdbError};
use crate::domains::sliding::npuzzle::{NPuzzle, byte};

/// How a symmetry of the board carries one pattern onto another: the image of each cell,
/// and for each tile of the first pattern the index of the tile of the second whose goal
/// cell is the image of its own.
struct Mirror {
    cells: [u8; MAX_PDB_CELLS],
    tiles: [usize; MAX_PATTERN_TILES],
}

/// The image of a cell, (row, column) to (row, column), on a board whose last row and
/// column are the last two arguments.
type CellMap = fn(usize, usize, usize, usize) -> (usize, usize);

/// The symmetries of a board of `rows` x `cols` cells: each maps a (row, column) to its
/// image. Every one keeps neighbours neighbours, so it maps moves to moves.
fn symmetries(rows: usize, cols: usize) -> impl Iterator<Item = [u8; MAX_PDB_CELLS]> {
    let (r, c) = (rows - 1, cols - 1);
    let square = rows == cols;
    // The identity, the two flips and the half turn; on a square board also the two
    // diagonal reflections and the quarter turns.
    let maps: [(bool, CellMap); 8] = [
        (true, |y, x, _, _| (y, x)),
        (true, |y, x, _, c| (y, c - x)),
        (true, |y, x, r, _| (r - y, x)),
        (true, |y, x, r, c| (r - y, c - x)),
        (square, |y, x, _, _| (x, y)),
        (square, |y, x, r, c| (c - x, r - y)),
        (square, |y, x, r, _| (x, r - y)),
        (square, |y, x, _, c| (c - x, y)),
    ];
    maps.into_iter()
        .filter(|&(applies, _)| applies)
        .map(move |(_, map)| {
            let mut image = [0u8; MAX_PDB_CELLS];
            for (cell, to) in image.iter_mut().enumerate().take(rows * cols) {
                let (y, x) = map(cell / cols, cell % cols, r, c);
                *to = byte(y * cols + x);
            }
            image
        })
}

impl PatternDatabase {
    /// The symmetry of the board that carries this database's search onto the one `target`
    /// (a header: the same board, the same number of tiles) would make, if there is one:
    /// the images of this pattern's goal cells are the target's, and the image of the
    /// blank's goal cell is in the target's region of the blank (the free cells it reaches
    /// from its goal cell around the target's tiles on their goal cells). Both searches
    /// then start from images of each other and step through images of each other, so the
    /// target's table is this one's, each placement's value carried to the image placement.
    fn mirror_onto(&self, target: &Self) -> Option<Mirror> {
        let k = self.tiles.len();
        if (self.rows, self.cols, k) != (target.rows, target.cols, target.tiles.len()) {
            return None;
        }
        let occupied = target.goal_cells.iter().fold(0u64, |m, &c| m | 1 << c);
        let builder = target.builder();
        let free = builder.board() & !occupied;
        let region = builder.region(u32::from(target.blank_goal), free);
        symmetries(self.rows, self.cols).find_map(|cells| {
            if region & 1 << cells[usize::from(self.blank_goal)] == 0 {
                return None;
            }
            let mut tiles = [0; MAX_PATTERN_TILES];
            for (to, &goal) in tiles.iter_mut().zip(&self.goal_cells) {
                let image = cells[usize::from(goal)];
                *to = target.goal_cells.iter().position(|&g| g == image)?;
            }
            Some(Mirror { cells, tiles })
        })
    }

    /// The database of the pattern `tiles` of `puzzle`, carried from this one by a symmetry
    /// of the board when one maps this pattern's search onto that pattern's (the same
    /// values as [`PatternDatabase::build`] gives, without its search); `None` when no
    /// symmetry does. On the 24-puzzle's 6-6-6-6 partition, the half turn carries
    /// `{3,4,8,9,13,14}` onto `{10,11,15,16,20,21}` and a quarter turn onto
    /// `{17,18,19,22,23,24}`.
    ///
    /// # Errors
    ///
    /// Those of [`PatternDatabase::build`] for `tiles`, and [`PdbError::Memory`] when the
    /// table cannot be allocated.
    ///
    /// # Complexity
    ///
    /// O(P x k) for the P placements of k tiles, generated in rank order; P bytes of work
    /// memory beside the tables.
    pub(super) fn mirrored(
        &self,
        puzzle: &NPuzzle,
        tiles: &[u8],
    ) -> Option<Result<Self, PdbError>> {
        let mut target = match Self::empty(puzzle, tiles) {
            Ok(target) => target,
            Err(error) => return Some(Err(error)),
        };
        let mirror = self.mirror_onto(&target)?;
        let len = self.len();
        let Some(mut table) = filled(len, 0u8) else {
            return Some(Err(PdbError::Memory { bytes: len }));
        };
        let (k, mut rank) = (tiles.len(), 0);
        let mut image = [0u8; MAX_PATTERN_TILES];
        self.for_each_placement(|cells, md| {
            for (&cell, &to) in cells.iter().zip(&mirror.tiles) {
                image[to] = mirror.cells[usize::from(cell)];
            }
            table[target.rank(&image[..k])] = self.lookup(rank, || md).0;
            rank += 1;
            true
        });
        target.entries = target.compact(table);
        Some(Ok(target))
    }

    /// The database of the pattern `tiles` of `puzzle`: carried from the first of `built`
    /// that a symmetry of the board (a flip, the half turn, a diagonal reflection or a
    /// quarter turn) maps onto it, with the blank's goal cell landing on a cell the blank
    /// reaches from its own goal cell around the pattern's tiles, else built. A carried
    /// table holds the values [`PatternDatabase::build`] gives, without its search.
    ///
    /// # Errors
    ///
    /// As [`PatternDatabase::build`], and [`PdbError::Memory`] when a carried table cannot
    /// be allocated.
    ///
    /// # Complexity
    ///
    /// Carried: O(P x k) for the P placements of the k tiles, and P bytes of work memory
    /// beside the tables; else as [`PatternDatabase::build`].
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::npuzzle::NPuzzle;
    /// use state_search::domains::sliding::pdb::PatternDatabase;
    ///
    /// let puzzle = NPuzzle::standard(3, 3)?;
    /// let row = PatternDatabase::build(&puzzle, &[1, 2])?;
    /// // The reflection about the main diagonal maps the top row onto the left column.
    /// let column = PatternDatabase::mirrored_or_built(&puzzle, &[3, 6], &[row])?;
    /// assert_eq!(column, PatternDatabase::build(&puzzle, &[3, 6])?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mirrored_or_built(
        puzzle: &NPuzzle,
        tiles: &[u8],
        built: &[Self],
    ) -> Result<Self, PdbError> {
        built
            .iter()
            .find_map(|source| source.mirrored(puzzle, tiles))
            .unwrap_or_else(|| Self::build(puzzle, tiles))
    }

    /// The first of `built` that a symmetry of the board maps onto the pattern `tiles` of
    /// `puzzle` (as [`PatternDatabase::mirrored_or_built`] requires), by its place in
    /// `built`: the one [`PatternDatabase::mirrored_or_built`] would carry the pattern's
    /// table from; `None` when it would build the table.
    ///
    /// # Errors
    ///
    /// [`PdbError::TooManyCells`] or [`PdbError::Pattern`] when `tiles` is not a pattern of
    /// `puzzle`.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::npuzzle::NPuzzle;
    /// use state_search::domains::sliding::pdb::PatternDatabase;
    ///
    /// let puzzle = NPuzzle::standard(3, 3)?;
    /// let row = PatternDatabase::build(&puzzle, &[1, 2])?;
    /// let built = [row];
    /// // The left column is the top row reflected about the main diagonal.
    /// assert_eq!(PatternDatabase::mirror_source(&puzzle, &[3, 6], &built)?, Some(0));
    /// // Flipped top to bottom, the top row is the bottom one; the blank's goal corner
    /// // lands on the bottom-left one, which the blank reaches around tiles 7 and 8.
    /// assert_eq!(PatternDatabase::mirror_source(&puzzle, &[7, 8], &built)?, Some(0));
    /// // No symmetry maps the top row onto tiles 4 and 5.
    /// assert_eq!(PatternDatabase::mirror_source(&puzzle, &[4, 5], &built)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mirror_source(
        puzzle: &NPuzzle,
        tiles: &[u8],
        built: &[Self],
    ) -> Result<Option<usize>, PdbError> {
        Ok(Self::empty(puzzle, tiles)?.mirror_in(built))
    }

    /// The first of `earlier` (headers or databases both) that a symmetry of the board maps
    /// onto this pattern, so that its table can be carried instead of built.
    pub(super) fn mirror_in(&self, earlier: &[Self]) -> Option<usize> {
        earlier
            .iter()
            .position(|source| source.mirror_onto(self).is_some())
    }
}
