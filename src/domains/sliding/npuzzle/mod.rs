//! The (n^2-1)-puzzle on any `rows x cols` board: boards and goals, solvability by parity,
//! the text format, the [`StateSpace`] view (BFS, A*), the in-place view for
//! [`InPlaceIdaStar`], and the Manhattan-distance and linear-conflict heuristics.
//!
//! # The puzzle
//!
//! A board of `rows x cols` cells holds the tiles `1..rows*cols` and one blank (`0`). A move
//! slides a tile that is edge-adjacent to the blank into it; moves are named by the
//! direction the **blank** travels (`U`, `D`, `L`, `R`, as [`Dir`]). Every move costs 1.
//! The goal is selectable: Korf's convention ([`GoalConvention::BlankFirst`], the default
//! of `PROBLEMS.md`: blank top-left, tile `i` on cell `i`), the blank last
//! ([`GoalConvention::BlankLast`]), or any board ([`NPuzzle::new`]).
//!
//! Half of all layouts are solvable: on boards with at least two rows and two columns a
//! board reaches the goal exactly when the parity of the permutation between them equals
//! the parity of the blank's distance to its goal cell ([`NPuzzle::is_solvable`]); on a
//! single row or column the tiles can never pass each other.
//!
//! # States and costs
//!
//! In the [`StateSpace`] view a state is a [`Board`] (cloning one of up to 16 cells does not
//! allocate) and every move costs `1u32`; successors come in the puzzle's [`MoveOrder`]. The
//! in-place view ([`Slider`]) mutates one board and keeps the heuristic's estimate up to date
//! as tiles move ([`TileHeuristic`]).
//!
//! # Which engine when
//!
//! - **The 8-puzzle and other boards of up to about 12 cells**: the whole space fits in
//!   memory. [`NPuzzle`] is an [`IndexedSpace`] (boards are ranked into `0..cells!/2`), so
//!   BFS and A* can use dense storage.
//! - **The 15-puzzle and larger**: iterative deepening on one mutable board,
//!   [`NPuzzle::solve`] ([`InPlaceIdaStar`] over a [`Slider`]), with the strongest heuristic
//!   you can afford: [`Manhattan`] (cheapest), [`LinearConflict`], or the pattern databases
//!   of [`super::pdb`] (by far the fewest nodes). A* on these boards runs out of memory on
//!   all but easy instances.
//!
//! On Korf's 100 random 15-puzzles, IDA* with the Manhattan distance generates exactly the
//! node counts Korf published (with [`MoveOrder::ULRD`]); the 6-6-3 pattern databases with
//! reflection solve all 100 in a few seconds including their construction, the 7-8 ones in
//! about a second once built and cached (`BENCHMARKS.md` has the figures).
//!
//! # Examples
//!
//! ```
//! use state_search::domains::sliding::npuzzle::{Board, LinearConflict, NPuzzle, moves_to_string};
//!
//! let board: Board = "1 2 5 3 4 0 6 7 8".parse()?;
//! let puzzle = NPuzzle::standard(3, 3)?;
//! let plan = puzzle
//!     .solve(&board, LinearConflict::new(&puzzle))?
//!     .into_found()
//!     .expect("a solvable board always has a solution");
//! assert_eq!(plan.cost, 3);
//! assert_eq!(moves_to_string(&plan.actions), "ULL");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use smallvec::SmallVec;

use crate::algo::idastar::InPlaceIdaStar;
use crate::error::{ParseError, ParseErrorKind};
use crate::event::{NoVisitor, Visitor};
use crate::grid::Dir;
use crate::rng::SplitMix64;
use crate::solution::{Outcome, Plan, Search};
use crate::space::{
    Heuristic, InPlaceSpace, IndexedSpace, ReversibleSpace, StateIndexer, StateSpace,
};

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
    /// Korf's convention, the one of `PROBLEMS.md`: the blank in the top-left cell and tile
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

const UNSOLVABLE: &str = "the goal cannot be reached from this board (the parity of the tile \
                          permutation does not match the blank's distance to its goal cell)";

/// A layout of tiles: `rows x cols` cells in row-major order, `0` for the blank.
///
/// This is also the state of the [`StateSpace`] view of [`NPuzzle`]: boards of up to 16
/// cells are stored inline, so cloning one does not allocate.
///
/// The text form ([`FromStr`], [`fmt::Display`]) is the one of `PROBLEMS.md`: the tiles
/// separated by spaces, the shape following from the count (9 numbers: 3x3, 16: 4x4).
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
/// # Ok::<(), state_search::domains::sliding::npuzzle::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    rows: u16,
    cols: u16,
    blank: u8,
    tiles: SmallVec<[u8; 16]>,
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
    fn from_parts(rows: usize, cols: usize, blank: u8, tiles: SmallVec<[u8; 16]>) -> Self {
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

    /// Reads one line of the text format: `rows * cols` tile numbers separated by
    /// whitespace. With `shape = None` the board is square and its side follows from the
    /// count (9 numbers: 3x3, 16: 4x4, 25: 5x5).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] on line `line` naming the column of the first bad number, or
    /// column 0 when the count is wrong.
    pub fn parse_line(
        text: &str,
        line: usize,
        shape: Option<(usize, usize)>,
    ) -> Result<Self, ParseError> {
        let mut values = Vec::new();
        for (column, token) in tokens(text) {
            let value = token.parse::<usize>().map_err(|_| {
                ParseError::new(
                    line,
                    column,
                    ParseErrorKind::Invalid {
                        expected: "a tile number (0 for the blank)".to_owned(),
                        found: token.to_owned(),
                    },
                )
            })?;
            values.push((column, value));
        }
        let count = values.len();
        let (rows, cols) = if let Some(shape) = shape {
            shape
        } else {
            let side = count.isqrt();
            if side < 2 || side * side != count {
                return Err(ParseError::new(
                    line,
                    0,
                    ParseErrorKind::Invalid {
                        expected: "k*k tile numbers for a k x k board (9, 16, 25, ...)".to_owned(),
                        found: format!("{count} numbers"),
                    },
                ));
            }
            (side, side)
        };
        let cells = rows.saturating_mul(cols);
        if cells > MAX_CELLS {
            return Err(ParseError::new(
                line,
                0,
                ParseErrorKind::TooLarge {
                    what: "the number of cells",
                    limit: MAX_CELLS,
                    found: cells,
                },
            ));
        }
        if count != cells {
            return Err(ParseError::new(
                line,
                0,
                ParseErrorKind::Invalid {
                    expected: format!("{cells} tile numbers for a {rows}x{cols} board"),
                    found: format!("{count} numbers"),
                },
            ));
        }
        let mut seen = [false; MAX_CELLS];
        for &(column, value) in &values {
            if value >= cells {
                return Err(ParseError::new(
                    line,
                    column,
                    ParseErrorKind::Invalid {
                        expected: format!("a tile number below {cells}"),
                        found: value.to_string(),
                    },
                ));
            }
            if seen[value] {
                return Err(ParseError::new(
                    line,
                    column,
                    ParseErrorKind::Invalid {
                        expected: "each tile once".to_owned(),
                        found: format!("a second {value}"),
                    },
                ));
            }
            seen[value] = true;
        }
        let tiles: Vec<usize> = values.iter().map(|&(_, v)| v).collect();
        Board::new(rows, cols, &tiles)
            .map_err(|error| ParseError::new(line, 0, invalid_board(&error)))
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

fn invalid_board(error: &BoardError) -> ParseErrorKind {
    ParseErrorKind::Invalid {
        expected: "a board".to_owned(),
        found: error.to_string(),
    }
}

/// The whitespace-separated tokens of `text` with their 1-based character columns.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut start = None;
    let mut out = Vec::new();
    for (at, c) in text.char_indices() {
        column += 1;
        if c.is_whitespace() {
            if let Some((from, col)) = start.take() {
                out.push((col, &text[from..at]));
            }
        } else if start.is_none() {
            start = Some((at, column));
        }
    }
    if let Some((from, col)) = start {
        out.push((col, &text[from..]));
    }
    out.into_iter()
}

fn check_shape(rows: usize, cols: usize) -> Result<usize, BoardError> {
    match rows.checked_mul(cols) {
        Some(cells) if (1..=MAX_CELLS).contains(&cells) => Ok(cells),
        _ => Err(BoardError::Shape { rows, cols }),
    }
}

/// The cell next to `cell` in `dir` on a `rows x cols` board, if any.
fn step(rows: usize, cols: usize, cell: usize, dir: Dir) -> Option<usize> {
    let (row, col) = (cell / cols, cell % cols);
    match dir {
        Dir::Up => (row > 0).then(|| cell - cols),
        Dir::Down => (row + 1 < rows).then(|| cell + cols),
        Dir::Left => (col > 0).then(|| cell - 1),
        Dir::Right => (col + 1 < cols).then(|| cell + 1),
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// A square board from its tiles separated by whitespace (the side follows from the
    /// count). Use [`Board::parse_line`] for errors with a line and column.
    fn from_str(text: &str) -> Result<Self, BoardError> {
        let mut tiles = Vec::new();
        for token in text.split_whitespace() {
            match token.parse::<usize>() {
                Ok(value) => tiles.push(value),
                Err(_) => {
                    return Err(BoardError::OutOfRange {
                        value: usize::MAX,
                        cells: tiles.len(),
                    });
                }
            }
        }
        let side = tiles.len().isqrt();
        if side * side != tiles.len() || side < 2 {
            return Err(BoardError::Count {
                expected: (side.max(2)) * (side.max(2)),
                found: tiles.len(),
            });
        }
        Board::new(side, side, &tiles)
    }
}

impl fmt::Display for Board {
    /// The tiles in row-major order separated by single spaces (the text format).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, tile) in self.tiles.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{tile}")?;
        }
        Ok(())
    }
}

/// The moves as a string of `U`, `D`, `L`, `R` (the direction the blank travels).
#[must_use]
pub fn moves_to_string(moves: &[Dir]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}

/// The moves named by a string of `U`, `D`, `L`, `R`; `None` if another character occurs.
#[must_use]
pub fn parse_moves(text: &str) -> Option<Vec<Dir>> {
    text.chars().map(Dir::from_letter).collect()
}

/// One board read from a text with [`parse_instances`], and the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The 1-based line number.
    pub line: usize,
    /// The board.
    pub board: Board,
}

/// Reads every instance of a text in the format of `PROBLEMS.md`: one board per line,
/// blank lines and lines starting with `#` ignored. Each board must be solvable towards
/// the goal of `convention`.
///
/// With `shape = None` every board is square (the side follows from the count, and may
/// differ between lines); with `Some((rows, cols))` every line must have that shape.
///
/// # Errors
///
/// The first malformed line ([`Board::parse_line`]), or the first unsolvable one
/// ([`ParseErrorKind::Unsolvable`], column 0).
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::npuzzle::{GoalConvention, parse_instances};
///
/// let text = "# two boards\n1 0 2 3 4 5 6 7 8\n\n0 1 2 3 4 5 6 7 8\n";
/// let boards = parse_instances(text, None, GoalConvention::BlankFirst)?;
/// assert_eq!(boards.iter().map(|i| i.line).collect::<Vec<_>>(), [2, 4]);
///
/// let error = parse_instances("1 0 2 3\n0 2 1 3\n", None, GoalConvention::BlankFirst).unwrap_err();
/// assert_eq!(error.line, 2);
/// assert!(error.to_string().starts_with("line 2: unsolvable"), "{error}");
/// # Ok::<(), state_search::ParseError>(())
/// ```
pub fn parse_instances(
    text: &str,
    shape: Option<(usize, usize)>,
    convention: GoalConvention,
) -> Result<Vec<Instance>, ParseError> {
    let mut instances = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let line = index + 1;
        let board = Board::parse_line(trimmed, line, shape)?;
        let goal = Board::goal(board.rows(), board.cols(), convention)
            .map_err(|error| ParseError::new(line, 0, invalid_board(&error)))?;
        if !solvable(&board, &goal) {
            return Err(ParseError::new(
                line,
                0,
                ParseErrorKind::Unsolvable(UNSOLVABLE.to_owned()),
            ));
        }
        instances.push(Instance { line, board });
    }
    Ok(instances)
}

/// Whether `board` can reach `goal` (same shape assumed).
fn solvable(board: &Board, goal: &Board) -> bool {
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

/// The order in which the moves of the blank are tried: it decides which of several optimal
/// solutions is returned and how many nodes IDA* generates before finding it.
///
/// The default, [`MoveOrder::ULRD`] (up, left, right, down), is the order under which IDA*
/// with the Manhattan distance generates exactly the node counts published by Korf (1985).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveOrder([Dir; 4]);

impl MoveOrder {
    /// Up, left, right, down: Korf's order.
    pub const ULRD: MoveOrder = MoveOrder([Dir::Up, Dir::Left, Dir::Right, Dir::Down]);

    /// An order from the four directions; `None` unless each appears once.
    #[must_use]
    pub fn new(order: [Dir; 4]) -> Option<Self> {
        let distinct = Dir::ALL.iter().all(|d| order.contains(d));
        distinct.then_some(Self(order))
    }

    /// The directions in order.
    #[must_use]
    pub fn dirs(self) -> [Dir; 4] {
        self.0
    }
}

impl Default for MoveOrder {
    fn default() -> Self {
        Self::ULRD
    }
}

impl FromStr for MoveOrder {
    type Err = String;

    /// An order from four letters, such as `"ULRD"`.
    fn from_str(text: &str) -> Result<Self, String> {
        let dirs: Vec<Dir> = parse_moves(text).unwrap_or_default();
        let order: [Dir; 4] = dirs
            .try_into()
            .map_err(|_| format!("expected a permutation of \"UDLR\", found {text:?}"))?;
        Self::new(order)
            .ok_or_else(|| format!("expected a permutation of \"UDLR\", found {text:?}"))
    }
}

/// One move of the blank, as the in-place view ([`Slider`]) applies it: the cells the blank
/// leaves and enters. Carrying both cells makes applying, undoing and inverting a move free
/// of table lookups; [`Move::dir`] recovers the direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
}

impl Move {
    /// The cell the blank leaves (where the moved tile ends).
    #[must_use]
    pub fn from(self) -> usize {
        usize::from(self.from)
    }

    /// The cell the blank enters (where the moved tile was).
    #[must_use]
    pub fn to(self) -> usize {
        usize::from(self.to)
    }

    /// The direction the blank travels on a board of `cols` columns.
    #[must_use]
    pub fn dir(self, cols: usize) -> Dir {
        let (from, to) = (self.from(), self.to());
        // Vertical first: on a single column, `cols == 1` would make a step up look left.
        if to + cols == from {
            Dir::Up
        } else if from + cols == to {
            Dir::Down
        } else if to + 1 == from {
            Dir::Left
        } else {
            Dir::Right
        }
    }

    /// The move that undoes this one.
    #[must_use]
    pub fn inverse(self) -> Move {
        Move {
            from: self.to,
            to: self.from,
        }
    }
}

/// An `n`-puzzle: the board shape, the goal, and the tables every view shares.
///
/// It is a [`StateSpace`] over [`Board`]s (each move costs 1), a [`ReversibleSpace`] (moves
/// are reversible) and an [`IndexedSpace`] (boards of up to 20 cells are ranked into
/// `0..cells!/2`; dense storage suits the 8-puzzle's 181,440 states). For IDA* without
/// cloning, [`NPuzzle::in_place`] gives a [`Slider`] and [`NPuzzle::solve`] runs
/// [`InPlaceIdaStar`] on it.
///
/// # Examples
///
/// BFS over the whole 8-puzzle, with dense storage:
///
/// ```
/// use state_search::domains::sliding::npuzzle::NPuzzle;
/// use state_search::{Bfs, Dense, IndexedSpace};
///
/// let puzzle = NPuzzle::standard(3, 3)?;
/// let mut bfs = Bfs::with_storage(Dense(puzzle.indexer()));
/// let search = bfs.reach(&puzzle, [puzzle.goal().clone()]);
/// assert_eq!(search.stats.expanded, 181_440);
/// # Ok::<(), state_search::domains::sliding::npuzzle::BoardError>(())
/// ```
#[derive(Clone, Debug)]
pub struct NPuzzle {
    goal: Board,
    rows: usize,
    cols: usize,
    /// The goal cell of each tile.
    goal_cell: [u8; MAX_CELLS],
    /// For each cell and each direction (`Dir as usize`), the cell the blank reaches; the
    /// cell itself at the wall.
    neighbour: Box<[[u8; 4]; MAX_CELLS]>,
    /// For each cell, the legal moves of a blank there, in the move order.
    moves: Box<[[Dir; 4]; MAX_CELLS]>,
    /// `moves` as [`Move`]s.
    slides: Box<[[Move; 4]; MAX_CELLS]>,
    /// The number of legal moves from each cell.
    move_count: [u8; MAX_CELLS],
    order: MoveOrder,
}

impl NPuzzle {
    /// The puzzle whose goal is `goal` (any layout of any shape).
    #[must_use]
    pub fn new(goal: Board) -> Self {
        let (rows, cols) = (goal.rows(), goal.cols());
        let mut goal_cell = [0u8; MAX_CELLS];
        for (cell, &tile) in goal.tiles.iter().enumerate() {
            goal_cell[usize::from(tile)] = byte(cell);
        }
        let mut neighbour = boxed([[0u8; 4]; MAX_CELLS]);
        for (cell, entry) in neighbour.iter_mut().enumerate().take(goal.cells()) {
            for dir in Dir::ALL {
                entry[dir as usize] = byte(step(rows, cols, cell, dir).unwrap_or(cell));
            }
        }
        let mut puzzle = Self {
            goal,
            rows,
            cols,
            goal_cell,
            neighbour,
            moves: boxed([[Dir::Up; 4]; MAX_CELLS]),
            slides: boxed([[Move { from: 0, to: 0 }; 4]; MAX_CELLS]),
            move_count: [0; MAX_CELLS],
            order: MoveOrder::ULRD,
        };
        puzzle.set_order(MoveOrder::ULRD);
        puzzle
    }

    /// The `rows x cols` puzzle with Korf's goal ([`GoalConvention::BlankFirst`]).
    ///
    /// # Errors
    ///
    /// [`BoardError::Shape`] when the board has no cell or more than [`MAX_CELLS`].
    pub fn standard(rows: usize, cols: usize) -> Result<Self, BoardError> {
        Self::with_convention(rows, cols, GoalConvention::BlankFirst)
    }

    /// The `rows x cols` puzzle with the goal of `convention`.
    ///
    /// # Errors
    ///
    /// [`BoardError::Shape`] when the board has no cell or more than [`MAX_CELLS`].
    pub fn with_convention(
        rows: usize,
        cols: usize,
        convention: GoalConvention,
    ) -> Result<Self, BoardError> {
        Ok(Self::new(Board::goal(rows, cols, convention)?))
    }

    /// The same puzzle trying the blank's moves in `order` (in every view).
    #[must_use]
    pub fn with_move_order(mut self, order: MoveOrder) -> Self {
        self.set_order(order);
        self
    }

    fn set_order(&mut self, order: MoveOrder) {
        self.order = order;
        for cell in 0..self.goal.cells() {
            let mut count = 0;
            for dir in order.0 {
                if let Some(to) = step(self.rows, self.cols, cell, dir) {
                    self.moves[cell][count] = dir;
                    self.slides[cell][count] = Move {
                        from: byte(cell),
                        to: byte(to),
                    };
                    count += 1;
                }
            }
            self.move_count[cell] = byte(count);
        }
    }

    /// The number of rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of cells.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.goal.cells()
    }

    /// The goal board.
    #[must_use]
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The goal cell of `tile` (`None` if there is no such tile).
    #[must_use]
    pub fn goal_cell(&self, tile: u8) -> Option<usize> {
        (usize::from(tile) < self.cells()).then(|| usize::from(self.goal_cell[usize::from(tile)]))
    }

    /// The order in which moves are tried.
    #[must_use]
    pub fn move_order(&self) -> MoveOrder {
        self.order
    }

    /// The legal moves of the blank on `cell`, in the move order.
    #[inline]
    #[must_use]
    pub fn moves_from(&self, cell: usize) -> &[Dir] {
        let cell = cell.min(MAX_CELLS - 1);
        &self.moves[cell][..usize::from(self.move_count[cell])]
    }

    /// Whether `board` has this puzzle's shape and can reach the goal.
    ///
    /// # Complexity
    ///
    /// O(cells).
    #[must_use]
    pub fn is_solvable(&self, board: &Board) -> bool {
        solvable(board, &self.goal)
    }

    /// Checks that `board` has this puzzle's shape and can reach the goal.
    ///
    /// # Errors
    ///
    /// [`BoardError::ShapeMismatch`] or [`BoardError::Unsolvable`].
    pub fn check(&self, board: &Board) -> Result<(), BoardError> {
        if (board.rows(), board.cols()) != (self.rows, self.cols) {
            return Err(BoardError::ShapeMismatch {
                expected: (self.rows, self.cols),
                found: (board.rows(), board.cols()),
            });
        }
        if self.is_solvable(board) {
            Ok(())
        } else {
            Err(BoardError::Unsolvable)
        }
    }

    /// The Manhattan distance of `board`: the sum over the tiles of their row and column
    /// distances to their goal cells. Admissible and consistent.
    #[must_use]
    pub fn manhattan(&self, board: &Board) -> u32 {
        Manhattan::new(self).estimate_tiles(board.tiles())
    }

    /// The linear-conflict estimate of `board` ([`LinearConflict`]).
    #[must_use]
    pub fn linear_conflict(&self, board: &Board) -> u32 {
        LinearConflict::new(self).estimate_tiles(board.tiles())
    }

    /// A uniformly random solvable board (a random walk of `cells^2` moves on boards of a
    /// single row or column, whose layouts are not all reachable).
    #[must_use]
    pub fn random_board(&self, rng: &mut SplitMix64) -> Board {
        if self.rows == 1 || self.cols == 1 {
            return self.random_walk(rng, self.cells() * self.cells());
        }
        let mut tiles: SmallVec<[u8; 16]> = self.goal.tiles.clone();
        rng.shuffle(&mut tiles);
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        let mut board = Board::from_parts(self.rows, self.cols, byte(blank), tiles);
        if !self.is_solvable(&board) {
            // Swapping two tiles flips the permutation's parity and keeps the blank.
            let (a, b) = if blank < 2 { (2, 3) } else { (0, 1) };
            board.tiles.swap(a, b);
        }
        board
    }

    /// The board reached from the goal by `moves` random moves (never straight back).
    #[must_use]
    pub fn random_walk(&self, rng: &mut SplitMix64, moves: usize) -> Board {
        let mut board = self.goal.clone();
        let mut last: Option<Dir> = None;
        for _ in 0..moves {
            let options: SmallVec<[Dir; 4]> = self
                .moves_from(board.blank())
                .iter()
                .copied()
                .filter(|&d| Some(d.opposite()) != last)
                .collect();
            if options.is_empty() {
                break;
            }
            let pick = usize::try_from(rng.below(options.len() as u64)).unwrap_or(0);
            board.slide(options[pick]);
            last = Some(options[pick]);
        }
        board
    }

    /// The in-place view of `board` for [`InPlaceIdaStar`], with `heuristic` kept up to
    /// date move by move.
    ///
    /// # Errors
    ///
    /// [`BoardError::ShapeMismatch`] or [`BoardError::Unsolvable`] ([`NPuzzle::check`]).
    pub fn in_place<H: TileHeuristic>(
        &self,
        board: &Board,
        mut heuristic: H,
    ) -> Result<Slider<'_, H>, BoardError> {
        self.check(board)?;
        let mut cells = [0u8; MAX_CELLS];
        cells[..board.cells()].copy_from_slice(board.tiles());
        let h = heuristic.start(board.tiles());
        let zero_is_goal = heuristic.zero_means_solved();
        Ok(Slider {
            puzzle: self,
            slides: &self.slides,
            move_count: &self.move_count,
            cells,
            blank: board.blank,
            h,
            heuristic,
            zero_is_goal,
        })
    }

    /// Solves `board` optimally (when `heuristic` is admissible) with [`InPlaceIdaStar`].
    ///
    /// # Returns
    ///
    /// The search: a [`Plan`] of the blank's moves and its length, and the statistics
    /// (`stats.generated + 1` is the "nodes generated" of the 15-puzzle literature).
    ///
    /// # Errors
    ///
    /// [`BoardError::ShapeMismatch`] or [`BoardError::Unsolvable`].
    ///
    /// # Complexity
    ///
    /// Exponential in the solution length; memory O(length).
    pub fn solve<H: TileHeuristic>(
        &self,
        board: &Board,
        heuristic: H,
    ) -> Result<Search<Plan<Dir, u32>>, BoardError> {
        self.solve_with(board, heuristic, &mut InPlaceIdaStar::new(), &mut NoVisitor)
    }

    /// [`NPuzzle::solve`] with a reusable searcher (and its limits) and an event visitor,
    /// which sees [`Event::IterationFinished`](crate::Event::IterationFinished) after every
    /// iteration of IDA*.
    ///
    /// # Errors
    ///
    /// [`BoardError::ShapeMismatch`] or [`BoardError::Unsolvable`].
    pub fn solve_with<'p, H, V>(
        &'p self,
        board: &Board,
        heuristic: H,
        ida: &mut InPlaceIdaStar<Slider<'p, H>>,
        visitor: &mut V,
    ) -> Result<Search<Plan<Dir, u32>>, BoardError>
    where
        H: TileHeuristic,
        V: Visitor<Slider<'p, H>, u32>,
    {
        let mut slider = self.in_place(board, heuristic)?;
        let search = ida.search_with(&mut slider, Slider::is_solved, visitor);
        let outcome = match search.outcome {
            Outcome::Found(plan) => Outcome::Found(Plan {
                actions: plan.actions.iter().map(|m| m.dir(self.cols)).collect(),
                cost: plan.cost,
            }),
            Outcome::NoPath => Outcome::NoPath,
            Outcome::Stopped(reason) => Outcome::Stopped(reason),
        };
        Ok(Search {
            outcome,
            stats: search.stats,
        })
    }
}

fn boxed<T: Copy, const N: usize>(fill: [T; N]) -> Box<[T; N]> {
    Box::new(fill)
}

/// A zeroed `MAX_CELLS x MAX_CELLS` table, built on the heap (64 KiB).
fn zeroed_table() -> Box<[[u8; MAX_CELLS]; MAX_CELLS]> {
    vec![[0u8; MAX_CELLS]; MAX_CELLS]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has MAX_CELLS rows"))
}

impl StateSpace for NPuzzle {
    type State = Board;
    type Cost = u32;

    #[inline]
    fn successors(&self, board: &Board, mut emit: impl FnMut(Board, u32)) {
        let blank = board.blank();
        for &dir in self.moves_from(blank) {
            let cell = self.neighbour[blank][dir as usize];
            let mut next = board.clone();
            next.tiles.swap(blank, usize::from(cell));
            next.blank = cell;
            emit(next, 1);
        }
    }
}

impl ReversibleSpace for NPuzzle {
    #[inline]
    fn predecessors(&self, board: &Board, emit: impl FnMut(Board, u32)) {
        // Every move is undone by the opposite move, at the same cost.
        self.successors(board, emit);
    }
}

impl IndexedSpace for NPuzzle {
    type Indexer = BoardIndexer;

    fn indexer(&self) -> BoardIndexer {
        BoardIndexer::new(self)
    }
}

/// Ranks the boards of one shape and goal into `0..cells!/2`: the blank's cell times
/// `(cells-1)!/2`, plus half the Lehmer rank of the tiles in reading order. Among the
/// boards that can reach the goal, the tiles' parity is fixed by the blank's cell, so
/// halving loses nothing: the ranking is a bijection on the solvable boards.
///
/// Meaningful for boards of at most 20 cells (`20!/2` fits a `usize`); dense storage is
/// practical up to about 12 cells.
#[derive(Clone, Debug)]
pub struct BoardIndexer {
    goal: Board,
    /// `(cells - 1 - i)!` for the Lehmer digits, saturating.
    factorials: SmallVec<[usize; 16]>,
    /// `(cells - 1)! / 2`, at least 1.
    per_blank: usize,
}

impl BoardIndexer {
    /// The indexer of `puzzle`'s boards.
    #[must_use]
    pub fn new(puzzle: &NPuzzle) -> Self {
        let tiles = puzzle.cells() - 1;
        let factorial = |n: usize| (1..=n).fold(1usize, usize::saturating_mul);
        Self {
            goal: puzzle.goal.clone(),
            factorials: (0..tiles).map(|i| factorial(tiles - 1 - i)).collect(),
            per_blank: (factorial(tiles) / 2).max(1),
        }
    }
}

impl StateIndexer<Board> for BoardIndexer {
    fn bound(&self) -> usize {
        self.per_blank.saturating_mul(self.goal.cells())
    }

    fn index(&self, board: &Board) -> usize {
        let mut used: u128 = 0;
        let mut rank: usize = 0;
        let tiles = board.tiles.iter().filter(|&&t| t != 0);
        for (digit, &tile) in tiles.enumerate() {
            // Lehmer digit: the tiles still unused that are smaller than this one.
            let below = (used & ((1u128 << (tile - 1)) - 1)).count_ones() as usize;
            let smaller = usize::from(tile - 1) - below;
            used |= 1u128 << (tile - 1);
            if let Some(&weight) = self.factorials.get(digit) {
                rank = rank.wrapping_add(smaller.wrapping_mul(weight));
            }
        }
        let half = if self.factorials.len() >= 2 {
            rank / 2
        } else {
            rank
        };
        board
            .blank()
            .wrapping_mul(self.per_blank)
            .wrapping_add(half)
    }

    fn state(&self, index: usize) -> Board {
        let cells = self.goal.cells();
        let blank = index / self.per_blank;
        let mut rank = (index % self.per_blank) * if self.factorials.len() >= 2 { 2 } else { 1 };
        let mut unused: SmallVec<[u8; 16]> = (1..cells).map(byte).collect();
        let mut tiles: SmallVec<[u8; 16]> = SmallVec::new();
        for &weight in &self.factorials {
            let digit = rank / weight;
            rank %= weight;
            tiles.push(unused.remove(digit.min(unused.len().saturating_sub(1))));
        }
        tiles.insert(blank.min(tiles.len()), 0);
        let mut board = Board::from_parts(self.goal.rows(), self.goal.cols(), byte(blank), tiles);
        if !solvable(&board, &self.goal) && cells >= 3 {
            // The halved digit was the other parity: swap the last two tiles.
            let last: SmallVec<[usize; 2]> = (0..cells)
                .rev()
                .filter(|&c| board.tiles[c] != 0)
                .take(2)
                .collect();
            board.tiles.swap(last[0], last[1]);
        }
        board
    }
}

/// A heuristic for boards of tiles that the in-place view ([`Slider`]) keeps up to date
/// one move at a time.
///
/// Implementations track the board they were [`start`](TileHeuristic::start)ed on; the
/// slider calls [`slide`](TileHeuristic::slide) after each move and
/// [`unslide`](TileHeuristic::unslide) after undoing the latest one (last in, first out),
/// passing the current estimate in and storing the one returned: the slider holds the only
/// copy, so a heuristic that can update by a difference (Manhattan distance) keeps no state
/// at all. The estimate must be admissible (never above the number of moves still needed)
/// for IDA* to return optimal solutions.
pub trait TileHeuristic {
    /// The estimate for `tiles` (row-major, `0` = blank), from scratch.
    fn estimate_tiles(&self, tiles: &[u8]) -> u32;

    /// Starts tracking the board `tiles`; returns its estimate.
    fn start(&mut self, tiles: &[u8]) -> u32;

    /// `tile` slid from cell `from` into the blank at cell `to`, on a board whose estimate
    /// was `h`; returns the new estimate.
    fn slide(&mut self, h: u32, tile: u8, from: u8, to: u8) -> u32;

    /// The estimate [`slide`](TileHeuristic::slide) would return, without changing any
    /// state, when that is cheap; `None` (the default) otherwise. Lets IDA* reject a child
    /// beyond its bound without moving the tile.
    fn peek(&self, h: u32, tile: u8, from: u8, to: u8) -> Option<u32> {
        let _ = (h, tile, from, to);
        None
    }

    /// Reverts the latest [`slide`](TileHeuristic::slide) not yet reverted, which moved
    /// `tile` from `from` to `to`; `h` is the estimate after that slide. Returns the
    /// estimate before it.
    fn unslide(&mut self, h: u32, tile: u8, from: u8, to: u8) -> u32;

    /// Whether an estimate of zero proves the board solved (true when every tile counts).
    /// When false, the slider compares the board with the goal whenever the estimate is
    /// zero.
    fn zero_means_solved(&self) -> bool {
        false
    }
}

/// The Manhattan distance: for each tile, the rows plus the columns between its cell and
/// its goal cell. Admissible and consistent; updated in O(1) per move.
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::npuzzle::{Manhattan, NPuzzle, TileHeuristic};
///
/// let puzzle = NPuzzle::standard(3, 3)?;
/// let h = Manhattan::new(&puzzle);
/// assert_eq!(h.estimate_tiles(&[8, 1, 2, 3, 4, 5, 6, 7, 0]), 4);
/// # Ok::<(), state_search::domains::sliding::npuzzle::BoardError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Manhattan {
    /// `table[tile][cell]`: the distance from `cell` to the tile's goal cell; 0 for the
    /// blank. Indexed by bytes, so no bounds checks.
    table: Box<[[u8; MAX_CELLS]; MAX_CELLS]>,
}

impl Manhattan {
    /// The Manhattan distance towards `puzzle`'s goal.
    #[must_use]
    pub fn new(puzzle: &NPuzzle) -> Self {
        let mut table = zeroed_table();
        let cols = puzzle.cols;
        for tile in 1..puzzle.cells() {
            let goal = usize::from(puzzle.goal_cell[tile]);
            for cell in 0..puzzle.cells() {
                let distance =
                    (cell / cols).abs_diff(goal / cols) + (cell % cols).abs_diff(goal % cols);
                table[tile][cell] = byte(distance.min(255));
            }
        }
        Self { table }
    }
}

impl TileHeuristic for Manhattan {
    fn estimate_tiles(&self, tiles: &[u8]) -> u32 {
        tiles
            .iter()
            .enumerate()
            .map(|(cell, &tile)| u32::from(self.table[usize::from(tile)][cell % MAX_CELLS]))
            .sum()
    }

    fn start(&mut self, tiles: &[u8]) -> u32 {
        self.estimate_tiles(tiles)
    }

    #[inline]
    fn slide(&mut self, h: u32, tile: u8, from: u8, to: u8) -> u32 {
        let row = &self.table[usize::from(tile)];
        h + u32::from(row[usize::from(to)]) - u32::from(row[usize::from(from)])
    }

    #[inline]
    fn unslide(&mut self, h: u32, tile: u8, from: u8, to: u8) -> u32 {
        let row = &self.table[usize::from(tile)];
        h + u32::from(row[usize::from(from)]) - u32::from(row[usize::from(to)])
    }

    #[inline]
    fn peek(&self, h: u32, tile: u8, from: u8, to: u8) -> Option<u32> {
        let row = &self.table[usize::from(tile)];
        Some(h + u32::from(row[usize::from(to)]) - u32::from(row[usize::from(from)]))
    }

    fn zero_means_solved(&self) -> bool {
        true
    }
}

impl Heuristic<Board, u32> for Manhattan {
    fn estimate(&self, board: &Board) -> u32 {
        self.estimate_tiles(board.tiles())
    }
}

/// Linear conflict (Hansson, Mayer and Yung, 1992): the Manhattan distance plus two moves
/// for every tile that must leave its goal row (or column) to let others of that line pass.
///
/// In each row, the tiles whose goal is in that row must end in the order of their goal
/// columns; all but a longest increasing subsequence of them must step out of the row and
/// back, two moves beyond their Manhattan distance. The same holds for columns, and the
/// two kinds of extra moves are distinct (vertical ones for rows, horizontal ones for
/// columns), so the sum stays admissible. A move changes only the two lines it crosses:
/// they are recounted, O(side log side) per move.
#[derive(Clone, Debug)]
pub struct LinearConflict {
    manhattan: Manhattan,
    rows: usize,
    cols: usize,
    goal_row: [u8; MAX_CELLS],
    goal_col: [u8; MAX_CELLS],
    cells: [u8; MAX_CELLS],
    row_conflicts: Vec<u8>,
    col_conflicts: Vec<u8>,
    conflicts: u32,
}

impl LinearConflict {
    /// Linear conflict towards `puzzle`'s goal.
    #[must_use]
    pub fn new(puzzle: &NPuzzle) -> Self {
        let mut goal_row = [0u8; MAX_CELLS];
        let mut goal_col = [0u8; MAX_CELLS];
        for tile in 0..puzzle.cells() {
            let goal = usize::from(puzzle.goal_cell[tile]);
            goal_row[tile] = byte(goal / puzzle.cols);
            goal_col[tile] = byte(goal % puzzle.cols);
        }
        Self {
            manhattan: Manhattan::new(puzzle),
            rows: puzzle.rows,
            cols: puzzle.cols,
            goal_row,
            goal_col,
            cells: [0; MAX_CELLS],
            row_conflicts: vec![0; puzzle.rows],
            col_conflicts: vec![0; puzzle.cols],
            conflicts: 0,
        }
    }

    /// The tiles of row `row` of `cells` that must leave it.
    fn row_count(&self, cells: &[u8], row: usize) -> u8 {
        let line = &cells[row * self.cols..(row + 1) * self.cols];
        let keys = line
            .iter()
            .filter(|&&t| t != 0 && usize::from(self.goal_row[usize::from(t)]) == row)
            .map(|&t| self.goal_col[usize::from(t)]);
        must_leave(keys)
    }

    /// The tiles of column `col` of `cells` that must leave it.
    fn col_count(&self, cells: &[u8], col: usize) -> u8 {
        let keys = (0..self.rows)
            .map(|row| cells[row * self.cols + col])
            .filter(|&t| t != 0 && usize::from(self.goal_col[usize::from(t)]) == col)
            .map(|t| self.goal_row[usize::from(t)]);
        must_leave(keys)
    }

    /// Recounts the lines a move between `from` and `to` crosses.
    fn recount(&mut self, from: u8, to: u8) {
        let (from, to) = (usize::from(from), usize::from(to));
        let cells = self.cells;
        if from / self.cols == to / self.cols {
            // A horizontal move: the tile changes column; rows keep their order.
            for col in [from % self.cols, to % self.cols] {
                let count = self.col_count(&cells, col);
                self.conflicts =
                    self.conflicts + u32::from(count) - u32::from(self.col_conflicts[col]);
                self.col_conflicts[col] = count;
            }
        } else {
            for row in [from / self.cols, to / self.cols] {
                let count = self.row_count(&cells, row);
                self.conflicts =
                    self.conflicts + u32::from(count) - u32::from(self.row_conflicts[row]);
                self.row_conflicts[row] = count;
            }
        }
    }
}

/// The length of the input minus its longest increasing subsequence (keys are distinct):
/// the fewest tiles to take out so that the rest are in order.
fn must_leave(keys: impl Iterator<Item = u8>) -> u8 {
    let mut tails = [0u8; MAX_CELLS];
    let (mut len, mut count) = (0usize, 0usize);
    for key in keys {
        count += 1;
        let at = tails[..len].partition_point(|&t| t < key);
        tails[at] = key;
        if at == len {
            len += 1;
        }
    }
    byte(count - len)
}

impl TileHeuristic for LinearConflict {
    fn estimate_tiles(&self, tiles: &[u8]) -> u32 {
        let rows: u32 = (0..self.rows)
            .map(|r| u32::from(self.row_count(tiles, r)))
            .sum();
        let cols: u32 = (0..self.cols)
            .map(|c| u32::from(self.col_count(tiles, c)))
            .sum();
        self.manhattan.estimate_tiles(tiles) + 2 * (rows + cols)
    }

    fn start(&mut self, tiles: &[u8]) -> u32 {
        self.cells = [0; MAX_CELLS];
        self.cells[..tiles.len()].copy_from_slice(tiles);
        let cells = self.cells;
        self.conflicts = 0;
        for row in 0..self.rows {
            self.row_conflicts[row] = self.row_count(&cells, row);
            self.conflicts += u32::from(self.row_conflicts[row]);
        }
        for col in 0..self.cols {
            self.col_conflicts[col] = self.col_count(&cells, col);
            self.conflicts += u32::from(self.col_conflicts[col]);
        }
        self.manhattan.estimate_tiles(tiles) + 2 * self.conflicts
    }

    fn slide(&mut self, h: u32, tile: u8, from: u8, to: u8) -> u32 {
        self.cells[usize::from(to)] = tile;
        self.cells[usize::from(from)] = 0;
        let before = self.conflicts;
        self.recount(from, to);
        self.manhattan.slide(h, tile, from, to) + 2 * self.conflicts - 2 * before
    }

    fn unslide(&mut self, h: u32, tile: u8, from: u8, to: u8) -> u32 {
        self.cells[usize::from(from)] = tile;
        self.cells[usize::from(to)] = 0;
        let before = self.conflicts;
        self.recount(from, to);
        self.manhattan.unslide(h, tile, from, to) + 2 * self.conflicts - 2 * before
    }

    fn zero_means_solved(&self) -> bool {
        true
    }
}

impl Heuristic<Board, u32> for LinearConflict {
    fn estimate(&self, board: &Board) -> u32 {
        self.estimate_tiles(board.tiles())
    }
}

/// The in-place view of a board for [`InPlaceIdaStar`]: one mutable board whose moves are
/// applied and undone, with the heuristic `H` kept up to date at each move.
///
/// The actions are the blank's [`Move`]s in the puzzle's [`MoveOrder`] (each carries the
/// cells it swaps, so applying, undoing and inverting one needs no table); the inverse of a
/// move (never tried right after it) swaps them back; every move costs 1. The heuristic
/// peeks ([`InPlaceSpace::peek`]) when it can tell a child's estimate without moving the
/// tile (the Manhattan distance can), so IDA* rejects children beyond its bound without
/// touching the board. The goal test for the engine is [`Slider::is_solved`]; a plan's
/// moves turn into directions with [`Move::dir`].
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::npuzzle::{Manhattan, NPuzzle, Slider};
/// use state_search::InPlaceIdaStar;
///
/// let puzzle = NPuzzle::standard(4, 4)?;
/// let board = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
/// let mut slider = puzzle.in_place(&board, Manhattan::new(&puzzle))?;
/// let search = InPlaceIdaStar::new().search(&mut slider, Slider::is_solved);
/// assert_eq!(search.found().map(|plan| plan.cost), Some(2)); // left, then up
/// assert_eq!(slider.board(), board); // the slider is back at its start
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Slider<'p, H> {
    puzzle: &'p NPuzzle,
    /// The puzzle's move tables, borrowed directly: one load less per expansion than
    /// through `puzzle`.
    slides: &'p [[Move; 4]; MAX_CELLS],
    move_count: &'p [u8; MAX_CELLS],
    cells: [u8; MAX_CELLS],
    blank: u8,
    h: u32,
    heuristic: H,
    zero_is_goal: bool,
}

impl<H: TileHeuristic> Slider<'_, H> {
    /// Whether the current board is the goal.
    #[inline]
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.h == 0
            && (self.zero_is_goal || self.cells[..self.puzzle.cells()] == *self.puzzle.goal.tiles())
    }

    /// The current board.
    #[must_use]
    pub fn board(&self) -> Board {
        let tiles = &self.cells[..self.puzzle.cells()];
        Board::from_parts(
            self.puzzle.rows,
            self.puzzle.cols,
            self.blank,
            tiles.iter().copied().collect(),
        )
    }

    /// The heuristic's current estimate.
    #[must_use]
    pub fn estimate(&self) -> u32 {
        self.h
    }

    /// The tracked heuristic.
    #[must_use]
    pub fn tracker(&self) -> &H {
        &self.heuristic
    }
}

impl<'p, H: TileHeuristic> InPlaceSpace for Slider<'p, H> {
    type Action = Move;
    type Cost = u32;
    /// The blank's moves from the puzzle's table: the iterator borrows the puzzle, not the
    /// slider.
    type Actions = core::iter::Copied<core::slice::Iter<'p, Move>>;

    #[inline]
    fn actions(&self) -> Self::Actions {
        let blank = usize::from(self.blank);
        let count = usize::from(self.move_count[blank]);
        let slides: &'p [[Move; 4]; MAX_CELLS] = self.slides;
        slides[blank][..count.min(4)].iter().copied()
    }

    /// Moves the blank from `slide.from()` to `slide.to()`, which must be one of the
    /// current [`actions`](InPlaceSpace::actions).
    #[inline]
    fn apply(&mut self, slide: Move) -> u32 {
        let tile = self.cells[usize::from(slide.to)];
        self.cells[usize::from(slide.from)] = tile;
        self.cells[usize::from(slide.to)] = 0;
        self.blank = slide.to;
        self.h = self.heuristic.slide(self.h, tile, slide.to, slide.from);
        1
    }

    #[inline]
    fn undo(&mut self, slide: Move) {
        let tile = self.cells[usize::from(slide.from)];
        self.cells[usize::from(slide.to)] = tile;
        self.cells[usize::from(slide.from)] = 0;
        self.blank = slide.from;
        self.h = self.heuristic.unslide(self.h, tile, slide.to, slide.from);
    }

    #[inline]
    fn peek(&self, slide: Move) -> Option<(u32, u32)> {
        let tile = self.cells[usize::from(slide.to)];
        let h = self.heuristic.peek(self.h, tile, slide.to, slide.from)?;
        Some((1, h))
    }

    #[inline]
    fn inverse(&self, slide: Move) -> Option<Move> {
        Some(slide.inverse())
    }

    #[inline]
    fn heuristic(&self) -> u32 {
        self.h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_follow_their_convention() {
        let first = Board::goal(2, 3, GoalConvention::BlankFirst).unwrap();
        assert_eq!(first.tiles(), [0, 1, 2, 3, 4, 5]);
        let last = Board::goal(2, 3, GoalConvention::BlankLast).unwrap();
        assert_eq!((last.tiles(), last.blank()), (&[1, 2, 3, 4, 5, 0][..], 5));
        assert_eq!(
            Board::goal(0, 3, GoalConvention::BlankFirst),
            Err(BoardError::Shape { rows: 0, cols: 3 })
        );
    }

    #[test]
    fn parity_decides_solvability() {
        let puzzle = NPuzzle::standard(3, 3).unwrap();
        let swapped: Board = "0 2 1 3 4 5 6 7 8".parse().unwrap();
        assert!(!puzzle.is_solvable(&swapped));
        let moved: Board = "1 0 2 3 4 5 6 7 8".parse().unwrap();
        assert!(puzzle.is_solvable(&moved));
        // On an even width a vertical move changes the tile order's parity as well.
        let puzzle = NPuzzle::standard(2, 2).unwrap();
        let down: Board = "2 1 0 3".parse().unwrap();
        assert!(puzzle.is_solvable(&down));
        let lines = NPuzzle::standard(1, 4).unwrap();
        assert!(lines.is_solvable(&Board::new(1, 4, &[1, 2, 0, 3]).unwrap()));
        assert!(!lines.is_solvable(&Board::new(1, 4, &[2, 1, 0, 3]).unwrap()));
    }

    #[test]
    fn the_indexer_is_a_bijection_on_solvable_boards() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 2)] {
            let puzzle = NPuzzle::standard(rows, cols).unwrap();
            let indexer = puzzle.indexer();
            let mut rng = SplitMix64::new(5);
            for _ in 0..200 {
                let board = puzzle.random_board(&mut rng);
                let index = indexer.index(&board);
                assert!(index < indexer.bound());
                assert_eq!(indexer.state(index), board);
            }
        }
    }

    #[test]
    fn linear_conflict_counts_reversed_pairs() {
        let puzzle = NPuzzle::standard(3, 3).unwrap();
        // Tiles 2 and 1 swapped in the top row: each is 1 away, plus one conflict.
        let board: Board = "0 2 1 3 4 5 6 7 8".parse().unwrap();
        assert_eq!(puzzle.manhattan(&board), 2);
        assert_eq!(puzzle.linear_conflict(&board), 4);
        assert_eq!(must_leave([3, 2, 1].into_iter()), 2);
        assert_eq!(must_leave([1, 3, 2, 4].into_iter()), 1);
    }

    #[test]
    fn tokens_report_character_columns() {
        let found: Vec<_> = tokens(" ab  c\td").collect();
        assert_eq!(found, [(2, "ab"), (6, "c"), (8, "d")]);
    }
}
