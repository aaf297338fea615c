//! Grids of cells: positions, the four directions, `Grid<T>` with neighbours, and the
//! parser of character maps under a `rows columns` header line.

use core::fmt;
use core::ops::{Index, IndexMut};

use crate::space::StateIndexer;

mod charmap;

/// The `rows` and `cols` getters of a type with fields `rows` and `cols` of type `$t`: the
/// grid and the boards and puzzles laid out on one.
macro_rules! rows_cols {
    ($t:ty) => {
        /// The number of rows.
        #[must_use]
        pub fn rows(&self) -> $t {
            self.rows
        }

        /// The number of columns.
        #[must_use]
        pub fn cols(&self) -> $t {
            self.cols
        }
    };
}

pub(crate) use rows_cols;

pub use charmap::{CharMap, MapFormat, Marker, parse_char_map};
pub(crate) use charmap::{EndsMap, letter, letter_index};

/// A cell of a grid: 0-based row (growing downwards) and column.
///
/// Every position in the crate's API is a `Pos`, 0-based, errors included; only the
/// contest text formats count rows and columns from 1 (see
/// [`domains`](crate::domains#positions)). [`Display`](fmt::Display) writes `(row, col)`,
/// 0-based, as every error message does.
///
/// # Examples
///
/// ```
/// use state_search::grid::Pos;
///
/// assert_eq!(Pos::new(2, 0).to_string(), "(2, 0)");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// The row, from 0 at the top.
    pub row: u32,
    /// The column, from 0 at the left.
    pub col: u32,
}

impl Pos {
    /// The cell at `row`, `col` (0-based).
    #[must_use]
    pub const fn new(row: u32, col: u32) -> Self {
        Self { row, col }
    }

    /// The Manhattan distance to `other`.
    #[must_use]
    pub fn manhattan(self, other: Pos) -> u32 {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }
}

impl fmt::Display for Pos {
    /// `(row, col)`, 0-based.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// One of the four directions of a step, named by the letters of contest outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Up: row - 1.
    Up,
    /// Down: row + 1.
    Down,
    /// Left: column - 1.
    Left,
    /// Right: column + 1.
    Right,
}

impl Dir {
    /// The four directions in the order U, D, L, R.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// `'U'`, `'D'`, `'L'` or `'R'`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// The direction named by `letter` (`U`, `D`, `L`, `R`).
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Dir> {
        match letter {
            'U' => Some(Dir::Up),
            'D' => Some(Dir::Down),
            'L' => Some(Dir::Left),
            'R' => Some(Dir::Right),
            _ => None,
        }
    }

    /// The direction that undoes this one.
    #[must_use]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The direction of a straight move from `from` to `to` (a different cell in the same
    /// row or column).
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::grid::{Dir, Pos};
    ///
    /// assert_eq!(Dir::between(Pos::new(3, 1), Pos::new(1, 1)), Dir::Up);
    /// assert_eq!(Dir::between(Pos::new(0, 0), Pos::new(0, 2)), Dir::Right);
    /// ```
    #[must_use]
    pub fn between(from: Pos, to: Pos) -> Dir {
        if to.row < from.row {
            Dir::Up
        } else if to.row > from.row {
            Dir::Down
        } else if to.col < from.col {
            Dir::Left
        } else {
            Dir::Right
        }
    }

    /// Whether the direction is left or right.
    #[must_use]
    pub const fn is_horizontal(self) -> bool {
        matches!(self, Dir::Left | Dir::Right)
    }
}

/// A `rows x cols` grid of cells stored row by row.
///
/// # Examples
///
/// ```
/// use state_search::grid::{Dir, Grid, Pos};
///
/// let mut grid = Grid::new(2, 3, '.'); // 2 rows, 3 columns
/// assert_eq!((grid.rows(), grid.cols()), (2, 3));
/// grid[Pos::new(1, 2)] = '#';
/// assert_eq!(grid.step(Pos::new(0, 2), Dir::Down), Some(Pos::new(1, 2)));
/// assert_eq!(grid.step(Pos::new(0, 2), Dir::Right), None);
/// assert_eq!(grid.neighbours(Pos::new(0, 0)).count(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    rows: u32,
    cols: u32,
    cells: Vec<T>,
}

impl<T> Grid<T> {
    /// A `rows x cols` grid with every cell set to `fill`.
    ///
    /// # Panics
    ///
    /// Panics if `rows * cols` overflows `usize`.
    #[must_use]
    pub fn new(rows: u32, cols: u32, fill: T) -> Self
    where
        T: Clone,
    {
        let len = (rows as usize)
            .checked_mul(cols as usize)
            .expect("grid size overflows usize");
        Self {
            rows,
            cols,
            cells: vec![fill; len],
        }
    }

    /// A `rows x cols` grid from its cells in row-major order; `None` unless there are
    /// exactly `rows * cols` of them.
    #[must_use]
    pub fn from_cells(rows: u32, cols: u32, cells: Vec<T>) -> Option<Self> {
        ((rows as usize).checked_mul(cols as usize) == Some(cells.len())).then_some(Self {
            rows,
            cols,
            cells,
        })
    }

    rows_cols!(u32);

    /// The number of cells.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the grid has no cells.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `pos` lies on the grid.
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// The cell at `pos`, if it lies on the grid.
    #[must_use]
    pub fn get(&self, pos: Pos) -> Option<&T> {
        self.contains(pos).then(|| &self.cells[self.index_of(pos)])
    }

    /// The row-major index of `pos` (which must lie on the grid).
    #[inline]
    #[must_use]
    pub fn index_of(&self, pos: Pos) -> usize {
        pos.row as usize * self.cols as usize + pos.col as usize
    }

    /// The position of row-major index `index`.
    #[inline]
    #[must_use]
    pub fn pos_of(&self, index: usize) -> Pos {
        let width = self.cols as usize;
        #[expect(
            clippy::cast_possible_truncation,
            reason = "indices of a grid whose sides fit in u32"
        )]
        Pos::new((index / width) as u32, (index % width) as u32)
    }

    /// The neighbour of `pos` in direction `dir`, if it lies on the grid.
    #[inline]
    #[must_use]
    pub fn step(&self, pos: Pos, dir: Dir) -> Option<Pos> {
        let next = match dir {
            Dir::Up => Pos::new(pos.row.checked_sub(1)?, pos.col),
            Dir::Down => Pos::new(pos.row + 1, pos.col),
            Dir::Left => Pos::new(pos.row, pos.col.checked_sub(1)?),
            Dir::Right => Pos::new(pos.row, pos.col + 1),
        };
        self.contains(next).then_some(next)
    }

    /// The neighbours of `pos` on the grid, with the direction to each, in U, D, L, R
    /// order.
    pub fn neighbours(&self, pos: Pos) -> impl Iterator<Item = (Dir, Pos)> + '_ {
        Dir::ALL
            .into_iter()
            .filter_map(move |dir| Some((dir, self.step(pos, dir)?)))
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.cells.len()).map(|i| self.pos_of(i))
    }

    /// The cells in row-major order.
    #[must_use]
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The numbering of this grid's positions for dense storage (row by row, at a
    /// power-of-two row stride: see [`CellIndexer`]).
    #[must_use]
    pub fn indexer(&self) -> CellIndexer {
        CellIndexer::new(self.rows, self.cols)
    }
}

impl<T> Index<Pos> for Grid<T> {
    type Output = T;
    #[inline]
    fn index(&self, pos: Pos) -> &T {
        &self.cells[self.index_of(pos)]
    }
}

impl<T> IndexMut<Pos> for Grid<T> {
    #[inline]
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        let index = self.index_of(pos);
        &mut self.cells[index]
    }
}

/// The row-major layout of a grid inside a one-cell border: the index of a cell and the
/// offsets of its four neighbours. Domains keep their cells in such an array with a
/// closed value (wall, stone) on the border, so stepping through the grid needs no bounds
/// tests.
///
/// # Examples
///
/// ```
/// use state_search::grid::{Grid, Padding, Pos};
///
/// let grid = Grid::new(2, 3, 1u8); // 2 rows, 3 columns
/// let padding = Padding::of(&grid);
/// let cells = padding.fill(&grid, 0, |_, &c| c); // 0 on the border
/// assert_eq!((padding.len(), padding.stride()), (20, 5));
/// let here = padding.index(Pos::new(0, 0));
/// let [up, _, left, right] = padding.offsets();
/// assert_eq!((cells[here.wrapping_add_signed(up)], cells[here.wrapping_add_signed(left)]), (0, 0));
/// assert_eq!(cells[here.wrapping_add_signed(right)], 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Padding {
    stride: usize,
    len: usize,
}

impl Padding {
    /// The layout of `grid` inside a one-cell border.
    #[must_use]
    pub fn of<T>(grid: &Grid<T>) -> Self {
        let stride = grid.cols() as usize + 2;
        Self {
            stride,
            len: stride * (grid.rows() as usize + 2),
        }
    }

    /// The number of cells, the border included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the layout has no cells (never: the border is always there).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The distance between vertically adjacent cells: the grid's columns plus 2.
    #[must_use]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The index of `pos` (a cell of the grid).
    #[inline]
    #[must_use]
    pub fn index(&self, pos: Pos) -> usize {
        (pos.row as usize + 1) * self.stride + pos.col as usize + 1
    }

    /// The index offsets of the neighbours up, down, left and right.
    #[inline]
    #[must_use]
    pub fn offsets(&self) -> [isize; 4] {
        #[expect(
            clippy::cast_possible_wrap,
            reason = "a stride is at most 2^32 + 1, far below isize::MAX"
        )]
        let stride = self.stride as isize;
        [-stride, stride, -1, 1]
    }

    /// The array of `grid` in this layout: `border` around, `cell(pos, value)` inside.
    pub fn fill<T: Clone, U>(
        &self,
        grid: &Grid<U>,
        border: T,
        mut cell: impl FnMut(Pos, &U) -> T,
    ) -> Vec<T> {
        let mut cells = vec![border; self.len];
        for (i, value) in grid.cells().iter().enumerate() {
            let pos = grid.pos_of(i);
            cells[self.index(pos)] = cell(pos, value);
        }
        cells
    }
}

/// The numbering of the cells of a `rows x cols` grid, for dense storage: row by row, each
/// row starting at a multiple of `cols` rounded up to a power of two, so that an index
/// splits back into its row and column with a shift and a mask.
///
/// A division there sat on every expansion's critical path: the position of the state
/// being expanded feeds its neighbours' addresses and the branches on them. With the
/// shift, the dense BFS of a 1000x1000 grid runs about 10% faster.
///
/// Indices are not contiguous: `bound()` is `(rows - 1) * stride + cols`, where `stride`
/// is `cols` rounded up to a power of two, so a dense store over it holds at most twice
/// `rows * cols` entries (2.4% more for 1000 columns, none for 1024).
///
/// # Examples
///
/// ```
/// use state_search::StateIndexer;
/// use state_search::grid::{Grid, Pos};
///
/// let grid = Grid::new(3, 5, '.');
/// let cells = grid.indexer();
/// // Rows start at multiples of 8, the 5 columns rounded up to a power of two.
/// assert_eq!(cells.index(&Pos::new(1, 2)), 10);
/// assert_eq!(cells.state(10), Pos::new(1, 2));
/// assert_eq!(cells.bound(), 2 * 8 + 5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellIndexer {
    rows: u32,
    cols: u32,
    /// The base-2 logarithm of the row stride.
    shift: u32,
}

impl CellIndexer {
    fn new(rows: u32, cols: u32) -> Self {
        Self {
            rows,
            cols,
            shift: u64::from(cols).next_power_of_two().trailing_zeros(),
        }
    }
}

impl StateIndexer<Pos> for CellIndexer {
    /// `(rows - 1) * stride + cols`, or 0 for a grid without cells; `usize::MAX` when that
    /// does not fit (a dense store then refuses it).
    #[inline]
    fn bound(&self) -> usize {
        if self.rows == 0 || self.cols == 0 {
            return 0;
        }
        let bound = (u64::from(self.rows - 1) << self.shift) + u64::from(self.cols);
        usize::try_from(bound).unwrap_or(usize::MAX)
    }

    /// A cell off the grid gets `usize::MAX`, beyond the bound: its column would otherwise
    /// spill into the row's bits and number another cell (a dense store then refuses it,
    /// and automatic storage searches with hashed storage).
    #[inline]
    fn index(&self, pos: &Pos) -> usize {
        // All ones for a column off the grid, without a branch on the hot path; a row off
        // the grid numbers itself at or beyond the bound.
        let off = usize::from(pos.col >= self.cols).wrapping_neg();
        ((pos.row as usize) << self.shift) | pos.col as usize | off
    }

    #[inline]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "indices below bound() split into u32 rows and columns"
    )]
    fn state(&self, index: usize) -> Pos {
        let mask = (1_usize << self.shift) - 1;
        Pos::new((index >> self.shift) as u32, (index & mask) as u32)
    }
}

#[cfg(test)]
mod tests;
