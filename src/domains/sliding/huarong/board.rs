//! The board and the queries: `Board` (cells fixed or movable, cell ids inside a border),
//! `Query`, and what can be wrong with a query (`QueryError`).

use core::fmt;

use super::{NONE, PlainView};
use crate::error::CapacityError;
use crate::grid::{Grid, Pos};
use crate::rng::SplitMix64;
use crate::store::try_filled;

/// The largest board accepted, in cells (`n * m`): far beyond the contest's 900, and
/// small enough that the default solver (16 walk costs per cell, 8 landmark distances
/// per side state, dense engine stores) stays within a few hundred megabytes.
pub const MAX_CELLS: usize = 1 << 20;

/// A board of fixed and movable cells.
///
/// Cells are addressed by [`Pos`] (0-based row and column) in the API, and by *cell ids*
/// (`u32`) inside the search states: ids number the cells of the board surrounded by a
/// border of fixed cells, row by row, so that neighbours are found without bounds tests.
/// Convert with [`Board::cell`] and [`Board::pos`].
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::huarong::Board;
/// use state_search::grid::Pos;
///
/// let board = Board::new(2, 3, &[true, true, false, true, true, true]).unwrap();
/// assert!(board.is_movable(Pos::new(0, 1)));
/// assert!(!board.is_movable(Pos::new(0, 2)));
/// assert!(!board.is_movable(Pos::new(5, 0))); // off the board
/// let id = board.cell(Pos::new(1, 2)).unwrap();
/// assert_eq!(board.pos(id), Pos::new(1, 2));
/// assert_eq!(board.movable_cells(), 5);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub(super) rows: u32,
    pub(super) cols: u32,
    /// Movable flags of the padded board: `(rows + 2) x (cols + 2)`, border fixed.
    open: Vec<bool>,
    /// `[row, col]` of each id in the padded board (for Manhattan distances without
    /// divisions).
    pub(super) coords: Vec<[u32; 2]>,
}

impl Board {
    /// A `rows x cols` board from its cells in row-major order (`true` = movable).
    ///
    /// Returns `None` when a side is zero, when `movable` does not hold exactly
    /// `rows * cols` cells, or when the board has more than [`MAX_CELLS`] cells.
    ///
    /// # Panics
    ///
    /// When the board's arrays (9 bytes per cell) cannot be allocated.
    #[must_use]
    pub fn new(rows: u32, cols: u32, movable: &[bool]) -> Option<Self> {
        Self::try_new(rows, cols, movable).unwrap_or_else(|error| panic!("a board: {error}"))
    }

    /// [`Board::new`] with the board's arrays allocated fallibly.
    pub(super) fn try_new(
        rows: u32,
        cols: u32,
        movable: &[bool],
    ) -> Result<Option<Self>, CapacityError> {
        let Some(cells) = (rows as usize).checked_mul(cols as usize) else {
            return Ok(None);
        };
        if rows == 0 || cols == 0 || cells > MAX_CELLS || movable.len() != cells {
            return Ok(None);
        }
        let stride = cols as usize + 2;
        let mut open = try_filled(stride * (rows as usize + 2), false)?;
        for (row, cells) in movable.chunks(cols as usize).enumerate() {
            let at = (row + 1) * stride + 1;
            open[at..at + cells.len()].copy_from_slice(cells);
        }
        let mut coords = Vec::new();
        coords
            .try_reserve_exact(open.len())
            .map_err(|_| CapacityError::out_of_memory(open.len(), size_of::<[u32; 2]>()))?;
        coords.extend((0..open.len()).map(|id| {
            let id = u32::try_from(id).unwrap_or(NONE);
            [id / (cols + 2), id % (cols + 2)]
        }));
        Ok(Some(Self {
            rows,
            cols,
            open,
            coords,
        }))
    }

    /// The board of a grid of flags (`true` = movable); `None` as for [`Board::new`].
    #[must_use]
    pub fn from_grid(grid: &Grid<bool>) -> Option<Self> {
        Self::new(grid.rows(), grid.cols(), grid.cells())
    }

    /// A random `rows x cols` board where each cell is fixed with probability
    /// `fixed_percent / 100`. The same arguments always give the same board.
    ///
    /// # Panics
    ///
    /// Panics if a side is zero or the board has more than [`MAX_CELLS`] cells.
    #[must_use]
    pub fn random(rows: u32, cols: u32, fixed_percent: u32, seed: u64) -> Self {
        let mut rng = SplitMix64::new(seed);
        let cells = rows as usize * cols as usize;
        let movable: Vec<bool> = (0..cells).map(|_| !rng.percent(fixed_percent)).collect();
        Self::new(rows, cols, &movable).expect("a random board needs 1..=MAX_CELLS cells")
    }

    crate::grid::rows_cols!(u32);

    /// The number of movable cells.
    #[must_use]
    pub fn movable_cells(&self) -> usize {
        self.open.iter().filter(|&&open| open).count()
    }

    /// Whether `pos` is a movable cell of the board (`false` off the board).
    #[must_use]
    pub fn is_movable(&self, pos: Pos) -> bool {
        self.cell(pos).is_some_and(|id| self.open[id as usize])
    }

    /// The id of the cell at `pos`, or `None` off the board.
    #[must_use]
    pub fn cell(&self, pos: Pos) -> Option<u32> {
        if pos.row >= self.rows || pos.col >= self.cols {
            return None;
        }
        Some((pos.row + 1) * self.stride() + pos.col + 1)
    }

    /// The position of the cell `id`. Ids of the border (never returned by
    /// [`Board::cell`]) map to positions off the board.
    #[must_use]
    pub fn pos(&self, id: u32) -> Pos {
        let stride = self.stride();
        Pos::new((id / stride).wrapping_sub(1), (id % stride).wrapping_sub(1))
    }

    /// One more than the largest cell id.
    #[must_use]
    pub fn cell_bound(&self) -> usize {
        self.open.len()
    }

    /// The number of ids per row: `cols + 2`.
    fn stride(&self) -> u32 {
        self.cols + 2
    }

    /// Whether the cell `id` is movable (`false` for ids beyond the board).
    #[inline]
    pub(super) fn open(&self, id: u32) -> bool {
        self.open.get(id as usize).copied().unwrap_or(false)
    }

    /// The id steps to the four sides, in the order of [`Dir::ALL`] (wrapping arithmetic).
    pub(super) fn offsets(&self) -> [u32; 4] {
        let stride = self.stride();
        [stride.wrapping_neg(), stride, 1u32.wrapping_neg(), 1]
    }

    /// Checks `query` against this board.
    ///
    /// # Errors
    ///
    /// A [`QueryError`] when the blank, the piece or the target is off the board or on a
    /// fixed cell, or when the blank is on the piece.
    pub fn check(&self, query: &Query) -> Result<(), QueryError> {
        for (role, pos) in [
            (Role::Blank, query.blank),
            (Role::Piece, query.piece),
            (Role::Target, query.target),
        ] {
            let error = |kind| QueryError { role, pos, kind };
            match self.cell(pos) {
                None => return Err(error(QueryErrorKind::OffBoard)),
                Some(id) if !self.open(id) => return Err(error(QueryErrorKind::Fixed)),
                Some(_) => {}
            }
        }
        if query.blank == query.piece {
            return Err(QueryError {
                role: Role::Blank,
                pos: query.blank,
                kind: QueryErrorKind::BlankOnPiece,
            });
        }
        Ok(())
    }

    /// `count` random valid queries (blank, piece and target uniform among the movable
    /// cells, blank apart from the piece); none when the board has fewer than two movable
    /// cells. The same arguments always give the same queries.
    ///
    /// # Panics
    ///
    /// When the queries do not fit in memory; [`Board::try_random_queries`] returns an
    /// error instead.
    #[must_use]
    pub fn random_queries(&self, count: usize, seed: u64) -> Vec<Query> {
        self.try_random_queries(count, seed)
            .unwrap_or_else(|error| panic!("random queries: {error}"))
    }

    /// [`Board::random_queries`] with the memory of the queries reserved fallibly.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when `count` queries do not fit in memory.
    pub fn try_random_queries(&self, count: usize, seed: u64) -> Result<Vec<Query>, CapacityError> {
        let movable: Vec<Pos> = (0..self.open.len())
            .filter(|&id| self.open[id])
            .map(|id| self.pos(u32::try_from(id).unwrap_or(NONE)))
            .collect();
        if movable.len() < 2 {
            return Ok(Vec::new());
        }
        let mut queries = Vec::new();
        queries
            .try_reserve_exact(count)
            .map_err(|_| CapacityError::out_of_memory(count, size_of::<Query>()))?;
        let mut rng = SplitMix64::new(seed);
        let mut pick = || movable[usize::try_from(rng.below(movable.len() as u64)).unwrap_or(0)];
        queries.extend((0..count).map(|_| {
            let piece = pick();
            let mut blank = pick();
            while blank == piece {
                blank = pick();
            }
            Query {
                blank,
                piece,
                target: pick(),
            }
        }));
        Ok(queries)
    }

    /// The plain (blank, piece) view of this board.
    #[must_use]
    pub fn plain_view(&self) -> PlainView<'_> {
        PlainView { board: self }
    }
}

impl fmt::Display for Board {
    /// The cells as in the contest format: one line per row, `0` (fixed) or `1` (movable)
    /// separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.rows {
            let cells = (0..self.cols).map(|col| {
                let movable = self.is_movable(Pos::new(row, col));
                if movable { "1" } else { "0" }
            });
            crate::domains::write_spaced(f, cells)?;
            writeln!(f)?;
        }
        Ok(())
    }
}

/// One question: the least number of moves that brings the piece at `piece` to `target`
/// when the blank is at `blank`. Positions are 0-based; [`Board::check`] validates a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Query {
    /// The blank cell.
    pub blank: Pos,
    /// The cell of the piece to move.
    pub piece: Pos,
    /// Where the piece must go.
    pub target: Pos,
}

/// Which cell of a [`Query`] a [`QueryError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The blank cell.
    Blank,
    /// The piece's cell.
    Piece,
    /// The target cell.
    Target,
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Blank => "blank",
            Role::Piece => "piece",
            Role::Target => "target",
        })
    }
}

/// What is wrong with a query, in a [`QueryError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum QueryErrorKind {
    /// The cell is not on the board.
    OffBoard,
    /// The cell is fixed.
    Fixed,
    /// The blank is on the piece.
    BlankOnPiece,
}

/// A query that does not describe a position of the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueryError {
    /// The cell at fault.
    pub role: Role,
    /// Its position (0-based, like every [`Pos`]).
    pub pos: Pos,
    /// What is wrong.
    pub kind: QueryErrorKind,
}

impl fmt::Display for QueryError {
    /// The role and the 0-based position of the cell, e.g. `the blank (1, 1) is on a
    /// fixed cell`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (role, pos) = (self.role, self.pos);
        match self.kind {
            QueryErrorKind::OffBoard => write!(f, "the {role} {pos} is off the board"),
            QueryErrorKind::Fixed => write!(f, "the {role} {pos} is on a fixed cell"),
            QueryErrorKind::BlankOnPiece => {
                write!(f, "the blank and the piece are both at {pos}")
            }
        }
    }
}

impl std::error::Error for QueryError {}
