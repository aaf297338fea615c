//! Boards: the layout of the tiles (`Board`), the goals of the two conventions, the errors
//! of building one, and solvability by parity.

use core::fmt;

use smallvec::SmallVec;

use crate::grid::Dir;

/// The largest number of cells of a board: tiles are stored as bytes.
pub const MAX_CELLS: usize = 256;

/// A cell index as a byte; every cell index is below [`MAX_CELLS`].
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "cell and tile numbers are below MAX_CELLS = 256 by construction"
)]
pub(crate) const fn byte(value: usize) -> u8 {
    value as u8
}

/// Where the tiles of the goal board are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GoalConvention {
    /// Korf's convention, the contest's: the blank in the top-left cell and tile
    /// `i` on cell `i` (`0 1 2 / 3 4 5 / 6 7 8`).
    #[default]
    BlankFirst,
    /// Tiles `1..` in reading order and the blank in the bottom-right cell
    /// (`1 2 3 / 4 5 6 / 7 8 0`).
    BlankLast,
}

/// A board that cannot be built or cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// The board has no cells or more than [`MAX_CELLS`].
    Shape {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// The number of tiles is not `rows * cols`.
    Count {
        /// `rows * cols`.
        expected: usize,
        /// The number of tiles given.
        found: usize,
    },
    /// A tile number is not below the number of cells.
    OutOfRange {
        /// The number found.
        value: usize,
        /// The number of cells: tiles are `0..cells`.
        cells: usize,
    },
    /// A tile number appears twice.
    Repeated {
        /// The tile.
        tile: u8,
    },
    /// The board does not have the shape of the puzzle.
    ShapeMismatch {
        /// The puzzle's `(rows, cols)`.
        expected: (usize, usize),
        /// The board's `(rows, cols)`.
        found: (usize, usize),
    },
    /// No sequence of moves turns the board into the goal.
    Unsolvable,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Shape { rows, cols } => write!(
                f,
                "a {rows}x{cols} board is not supported (1 to {MAX_CELLS} cells)"
            ),
            Self::Count { expected, found } => {
                write!(f, "expected {expected} tiles, found {found}")
            }
            Self::OutOfRange { value, cells } => {
                write!(f, "tile {value} is not below the number of cells ({cells})")
            }
            Self::Repeated { tile } => write!(f, "tile {tile} appears twice"),
            Self::ShapeMismatch { expected, found } => write!(
                f,
                "the board is {}x{}, the puzzle is {}x{}",
                found.0, found.1, expected.0, expected.1
            ),
            Self::Unsolvable => f.write_str(UNSOLVABLE),
        }
    }
}

impl std::error::Error for BoardError {}

/// Why no board of some shape reaches the goal ([`BoardError::Unsolvable`]).
const UNSOLVABLE: &str = "the goal cannot be reached from this board (with two rows and two \
     columns or more, the parity of the tile permutation does not match the blank's distance \
     to its goal cell; on a single row or column, the tiles are not in the goal's order)";

/// Why `board`, which [`solvable`] refused, cannot reach its goal: the parity on boards of
/// two rows and columns or more, the order of the tiles on a single row or column.
pub(super) fn unsolvable_reason(board: &Board) -> &'static str {
    if board.rows() == 1 || board.cols() == 1 {
        "the goal cannot be reached from this board (on a single row or column the tiles \
         never pass each other, and they are not in the goal's order)"
    } else {
        "the goal cannot be reached from this board (the parity of the tile permutation does \
         not match the blank's distance to its goal cell)"
    }
}

/// A layout of tiles: `rows x cols` cells in row-major order, `0` for the blank.
///
/// This is also the state of the [`StateSpace`] view of [`NPuzzle`]: boards of up to 16
/// cells are stored inline, so cloning one does not allocate.
///
/// The text form ([`FromStr`], [`fmt::Display`]) is the one of the contest
/// ([module docs](super#the-text-format)): the tiles separated by spaces, the shape
/// following from the count (9 numbers: 3x3, 16: 4x4).
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::npuzzle::Board;
/// use state_search::grid::Dir;
///
/// let mut board: Board = "1 0 2 3 4 5 6 7 8".parse()?;
/// assert_eq!((board.rows(), board.cols(), board.blank()), (3, 3, 1));
/// assert!(board.slide(Dir::Left));
/// assert!(!board.slide(Dir::Left)); // the wall
/// assert_eq!(board.to_string(), "0 1 2 3 4 5 6 7 8");
/// # Ok::<(), state_search::ParseError>(())
/// ```
///
/// [`StateSpace`]: crate::StateSpace
/// [`NPuzzle`]: super::NPuzzle
/// [`FromStr`]: core::str::FromStr
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    rows: u16,
    cols: u16,
    pub(super) blank: u8,
    pub(super) tiles: SmallVec<[u8; 16]>,
}

impl Board {
    /// A board from its tiles in row-major order (`0` = blank).
    ///
    /// # Errors
    ///
    /// [`BoardError::Shape`] when the board has no cell or more than [`MAX_CELLS`];
    /// [`BoardError::Count`], [`BoardError::OutOfRange`] or [`BoardError::Repeated`] when the
    /// tiles are not a permutation of `0..rows*cols`.
    pub fn new(rows: usize, cols: usize, tiles: &[usize]) -> Result<Self, BoardError> {
        let cells = check_shape(rows, cols)?;
        if tiles.len() != cells {
            return Err(BoardError::Count {
                expected: cells,
                found: tiles.len(),
            });
        }
        let mut seen = [false; MAX_CELLS];
        let mut blank = 0;
        for (cell, &value) in tiles.iter().enumerate() {
            if value >= cells {
                return Err(BoardError::OutOfRange { value, cells });
            }
            if seen[value] {
                return Err(BoardError::Repeated { tile: byte(value) });
            }
            seen[value] = true;
            if value == 0 {
                blank = cell;
            }
        }
        Ok(Self::from_parts(
            rows,
            cols,
            byte(blank),
            tiles.iter().map(|&t| byte(t)).collect(),
        ))
    }

    /// A board from parts already checked: a valid shape and a permutation.
    pub(super) fn from_parts(
        rows: usize,
        cols: usize,
        blank: u8,
        tiles: SmallVec<[u8; 16]>,
    ) -> Self {
        Self {
            rows: u16::try_from(rows).unwrap_or(u16::MAX),
            cols: u16::try_from(cols).unwrap_or(u16::MAX),
            blank,
            tiles,
        }
    }

    /// The goal board of a convention.
    ///
    /// # Errors
    ///
    /// [`BoardError::Shape`] when the board has no cell or more than [`MAX_CELLS`].
    pub fn goal(rows: usize, cols: usize, convention: GoalConvention) -> Result<Self, BoardError> {
        let cells = check_shape(rows, cols)?;
        let (tiles, blank): (SmallVec<[u8; 16]>, usize) = match convention {
            GoalConvention::BlankFirst => ((0..cells).map(byte).collect(), 0),
            GoalConvention::BlankLast => ((1..cells).chain([0]).map(byte).collect(), cells - 1),
        };
        Ok(Self::from_parts(rows, cols, byte(blank), tiles))
    }

    /// The number of rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// The number of columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The number of cells, `rows * cols`.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.tiles.len()
    }

    /// The tiles in row-major order, `0` for the blank.
    #[must_use]
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The cell (row-major index) of the blank.
    #[must_use]
    pub fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// The tile at `row`, `col` (0-based), or `None` off the board.
    #[must_use]
    pub fn tile_at(&self, row: usize, col: usize) -> Option<u8> {
        (row < self.rows() && col < self.cols()).then(|| self.tiles[row * self.cols() + col])
    }

    /// The cell the blank reaches by moving in `dir`, or `None` at the wall.
    #[must_use]
    pub fn neighbour(&self, dir: Dir) -> Option<usize> {
        step(self.rows(), self.cols(), self.blank(), dir)
    }

    /// Moves the blank one cell in `dir` (the tile there slides the other way). Returns
    /// `false`, leaving the board unchanged, when the blank is at the wall.
    pub fn slide(&mut self, dir: Dir) -> bool {
        match self.neighbour(dir) {
            Some(cell) => {
                let blank = self.blank();
                self.tiles.swap(blank, cell);
                self.blank = byte(cell);
                true
            }
            None => false,
        }
    }

    /// Applies `moves` in order.
    ///
    /// # Errors
    ///
    /// The index of the first move that would leave the board; the moves before it are
    /// applied.
    pub fn slide_all(&mut self, moves: &[Dir]) -> Result<(), usize> {
        for (i, &dir) in moves.iter().enumerate() {
            if !self.slide(dir) {
                return Err(i);
            }
        }
        Ok(())
    }

    /// The board as `rows` lines of right-aligned numbers, `.` for the blank.
    #[must_use]
    pub fn to_grid_string(&self) -> String {
        let width = (self.cells() - 1).to_string().len();
        let mut out = String::new();
        for row in self.tiles.chunks(self.cols()) {
            let cells: Vec<String> = row
                .iter()
                .map(|&t| {
                    if t == 0 {
                        format!("{:>width$}", ".")
                    } else {
                        format!("{t:>width$}")
                    }
                })
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }
}

fn check_shape(rows: usize, cols: usize) -> Result<usize, BoardError> {
    match rows.checked_mul(cols) {
        Some(cells) if (1..=MAX_CELLS).contains(&cells) => Ok(cells),
        _ => Err(BoardError::Shape { rows, cols }),
    }
}

/// The cell next to `cell` in `dir` on a `rows x cols` board, if any.
pub(super) fn step(rows: usize, cols: usize, cell: usize, dir: Dir) -> Option<usize> {
    let (row, col) = (cell / cols, cell % cols);
    match dir {
        Dir::Up => (row > 0).then(|| cell - cols),
        Dir::Down => (row + 1 < rows).then(|| cell + cols),
        Dir::Left => (col > 0).then(|| cell - 1),
        Dir::Right => (col + 1 < cols).then(|| cell + 1),
    }
}

/// Whether `board` can reach `goal` (same shape assumed).
pub(super) fn solvable(board: &Board, goal: &Board) -> bool {
    if board.rows() != goal.rows() || board.cols() != goal.cols() {
        return false;
    }
    if board.rows() == 1 || board.cols() == 1 {
        // A line: the blank moves, the tiles never pass each other.
        return board
            .tiles
            .iter()
            .filter(|&&t| t != 0)
            .eq(goal.tiles.iter().filter(|&&t| t != 0));
    }
    let mut goal_cell = [0u8; MAX_CELLS];
    for (cell, &tile) in goal.tiles.iter().enumerate() {
        goal_cell[usize::from(tile)] = byte(cell);
    }
    // The permutation cell -> goal cell of the tile on it; parity = (cells - cycles) mod 2.
    let cells = board.cells();
    let mut visited = [false; MAX_CELLS];
    let mut cycles = 0;
    for start in 0..cells {
        if visited[start] {
            continue;
        }
        cycles += 1;
        let mut at = start;
        while !visited[at] {
            visited[at] = true;
            at = usize::from(goal_cell[usize::from(board.tiles[at])]);
        }
    }
    let permutation_odd = (cells - cycles) % 2 == 1;
    let cols = board.cols();
    let (b, g) = (board.blank(), goal.blank());
    let distance = (b / cols).abs_diff(g / cols) + (b % cols).abs_diff(g % cols);
    permutation_odd == (distance % 2 == 1)
}
