//! Heuristics over tiles: the `TileHeuristic` trait the in-place view updates move by move,
//! the Manhattan distance and linear conflict.

use super::{Board, BoardError, MAX_CELLS, NPuzzle, byte};
use crate::space::Heuristic;

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
///
/// # Examples
///
/// What a slider does with one: start it on a board, then update it move by move.
///
/// ```
/// use state_search::domains::sliding::npuzzle::{LinearConflict, NPuzzle, TileHeuristic};
///
/// let puzzle = NPuzzle::standard(3, 3)?; // goal: 0 1 2 / 3 4 5 / 6 7 8
/// let mut h = LinearConflict::new(&puzzle);
/// let before = [2, 1, 0, 3, 4, 5, 6, 7, 8];
/// assert_eq!(h.start(&before), 4); // Manhattan 2, and tiles 1 and 2 swapped in their row
/// let after = h.slide(4, 1, 1, 2); // tile 1 slides from cell 1 into the blank at cell 2
/// assert_eq!(after, h.estimate_tiles(&[2, 0, 1, 3, 4, 5, 6, 7, 8]));
/// assert_eq!(h.unslide(after, 1, 1, 2), 4);
/// # Ok::<(), state_search::domains::sliding::npuzzle::BoardError>(())
/// ```
///
/// [`Slider`]: super::Slider
pub trait TileHeuristic {
    /// The estimate for `tiles` (row-major, `0` = blank), from scratch. `tiles` is a board
    /// of the puzzle the heuristic was made for (its cells, each tile once); for anything
    /// else the value means nothing ([`NPuzzle::manhattan`] and
    /// [`NPuzzle::linear_conflict`] check the board's shape).
    fn estimate_tiles(&self, tiles: &[u8]) -> u32;

    /// Starts tracking the board `tiles` (of the heuristic's puzzle); returns its
    /// estimate.
    fn start(&mut self, tiles: &[u8]) -> u32;

    /// `tile` slid from cell `from` into the blank at cell `to`, on a board whose estimate
    /// was `h`; returns the new estimate.
    fn slide(&mut self, h: u32, tile: u8, from: u8, to: u8) -> u32;

    /// The estimate [`slide`](TileHeuristic::slide) would return, or a cheaper lower bound
    /// of it, without changing any state, when that is cheap; `None` (the default)
    /// otherwise. Lets IDA* reject a child beyond its bound without moving the tile; a
    /// child it admits is moved, and rejected after all if the slide's estimate is larger.
    fn peek(&self, h: u32, tile: u8, from: u8, to: u8) -> Option<u32> {
        let _ = (h, tile, from, to);
        None
    }

    /// Whether in-place IDA* should raise a board's estimate from its children's
    /// ([`InPlaceSpace::pathmax`](crate::InPlaceSpace::pathmax)), which can save nodes
    /// when the estimate is far from consistent, as with dual lookups. `false` by default, which
    /// keeps IDA*'s node counts those of the literature.
    fn pathmax(&self) -> bool {
        false
    }

    /// Reverts the latest [`slide`](TileHeuristic::slide) not yet reverted, which moved
    /// `tile` from `from` to `to`; `h` is the estimate after that slide. Returns the
    /// estimate before it.
    fn unslide(&mut self, h: u32, tile: u8, from: u8, to: u8) -> u32;
}

impl NPuzzle {
    /// The Manhattan distance of `board`: the sum over the tiles of their row and column
    /// distances to their goal cells. Admissible and consistent.
    ///
    /// # Errors
    ///
    /// [`BoardError::ShapeMismatch`] when `board` is not of the puzzle's shape.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::npuzzle::{BoardError, NPuzzle};
    ///
    /// let puzzle = NPuzzle::standard(3, 3)?;
    /// assert_eq!(puzzle.manhattan(&"1 0 2 3 4 5 6 7 8".parse()?)?, 1);
    /// let other = "1 0 2 3".parse()?; // a 2x2 board
    /// assert!(matches!(puzzle.manhattan(&other), Err(BoardError::ShapeMismatch { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn manhattan(&self, board: &Board) -> Result<u32, BoardError> {
        self.check_shape(board)?;
        Ok(Manhattan::new(self).estimate_tiles(board.tiles()))
    }

    /// The linear-conflict estimate of `board` ([`LinearConflict`]).
    ///
    /// # Errors
    ///
    /// [`BoardError::ShapeMismatch`] when `board` is not of the puzzle's shape.
    pub fn linear_conflict(&self, board: &Board) -> Result<u32, BoardError> {
        self.check_shape(board)?;
        Ok(LinearConflict::new(self).estimate_tiles(board.tiles()))
    }
}

/// A zeroed `MAX_CELLS x MAX_CELLS` table, built on the heap (64 KiB).
fn zeroed_table() -> Box<[[u8; MAX_CELLS]; MAX_CELLS]> {
    vec![[0u8; MAX_CELLS]; MAX_CELLS]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has MAX_CELLS rows"))
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
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::npuzzle::{
///     LinearConflict, Manhattan, NPuzzle, Slider, TileHeuristic,
/// };
/// use state_search::{InPlaceIdaStar, InPlaceSolver};
///
/// /// The cost IDA* finds with `h`, and the states it expands.
/// fn solve<H: TileHeuristic>(mut slider: Slider<'_, H>) -> (Option<u32>, u64) {
///     let search = InPlaceIdaStar::new().search(&mut slider, Slider::is_solved);
///     (search.found().map(|plan| plan.cost), search.stats.expanded)
/// }
/// let puzzle = NPuzzle::standard(3, 3)?;
/// let board = "8 7 6 0 4 1 2 5 3".parse()?;
/// assert_eq!((puzzle.manhattan(&board)?, puzzle.linear_conflict(&board)?), (21, 23));
/// let (lc_cost, lc_expanded) = solve(puzzle.in_place(&board, LinearConflict::new(&puzzle))?);
/// let (md_cost, md_expanded) = solve(puzzle.in_place(&board, Manhattan::new(&puzzle))?);
/// assert_eq!((lc_cost, md_cost), (Some(31), Some(31)));
/// assert!(lc_expanded < md_expanded); // 7967 and 14568
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

    /// Moves `tile` from cell `from` to the blank at cell `to` (the blank goes to `from`),
    /// recounts the lines the move crosses, and returns `h` (an estimate whose Manhattan
    /// part is already that after the move) with the change of the conflicts: what
    /// [`TileHeuristic::slide`] and [`TileHeuristic::unslide`] (a move back) share.
    fn shift(&mut self, h: u32, tile: u8, from: u8, to: u8) -> u32 {
        self.cells[usize::from(to)] = tile;
        self.cells[usize::from(from)] = 0;
        let before = self.conflicts;
        self.recount(from, to);
        h + 2 * self.conflicts - 2 * before
    }

    /// Recounts the lines a move between `from` and `to` crosses.
    fn recount(&mut self, from: u8, to: u8) {
        let (from, to) = (usize::from(from), usize::from(to));
        if from / self.cols == to / self.cols {
            // A horizontal move: the tile changes column; rows keep their order.
            for col in [from % self.cols, to % self.cols] {
                let count = self.col_count(&self.cells, col);
                self.conflicts =
                    self.conflicts + u32::from(count) - u32::from(self.col_conflicts[col]);
                self.col_conflicts[col] = count;
            }
        } else {
            for row in [from / self.cols, to / self.cols] {
                let count = self.row_count(&self.cells, row);
                self.conflicts =
                    self.conflicts + u32::from(count) - u32::from(self.row_conflicts[row]);
                self.row_conflicts[row] = count;
            }
        }
    }
}

/// The length of the input minus its longest increasing subsequence (keys are distinct):
/// the fewest tiles to take out so that the rest are in order.
pub(super) fn must_leave(keys: impl Iterator<Item = u8>) -> u8 {
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
        let h = self.manhattan.slide(h, tile, from, to);
        self.shift(h, tile, from, to)
    }

    fn unslide(&mut self, h: u32, tile: u8, from: u8, to: u8) -> u32 {
        let h = self.manhattan.unslide(h, tile, from, to);
        self.shift(h, tile, to, from)
    }
}

impl Heuristic<Board, u32> for LinearConflict {
    fn estimate(&self, board: &Board) -> u32 {
        self.estimate_tiles(board.tiles())
    }
}
