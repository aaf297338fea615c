//! The puzzle as a state space: `NPuzzle` (the shape, the goal and the move tables every
//! view shares), the `MoveOrder`, and the `StateSpace`, `ReversibleSpace` and
//! `IndexedSpace` views over boards.

use core::fmt;
use core::str::FromStr;

use super::board::{solvable, step};
use super::{Board, BoardError, BoardIndexer, GoalConvention, MAX_CELLS, Move, byte, parse_moves};
use crate::grid::Dir;
use crate::space::{IndexedSpace, ReversibleSpace, StateSpace};

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
    type Err = InvalidMoveOrder;

    /// An order from four letters, such as `"ULRD"`.
    fn from_str(text: &str) -> Result<Self, InvalidMoveOrder> {
        let dirs: Vec<Dir> = parse_moves(text).unwrap_or_default();
        <[Dir; 4]>::try_from(dirs)
            .ok()
            .and_then(Self::new)
            .ok_or_else(|| InvalidMoveOrder(text.to_owned()))
    }
}

/// A move order that is not a permutation of the four letters `U`, `D`, `L`, `R`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidMoveOrder(pub String);

impl fmt::Display for InvalidMoveOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid move order {:?}: expected a permutation of \"UDLR\"",
            self.0
        )
    }
}

impl std::error::Error for InvalidMoveOrder {}

/// An `n`-puzzle: the board shape, the goal, and the tables every view shares.
///
/// It is a [`StateSpace`] over [`Board`]s (each move costs 1), a [`ReversibleSpace`] (moves
/// are reversible) and an [`IndexedSpace`] (boards of up to 20 cells are ranked into
/// `0..cells!`, the solvable ones into the lower half; dense storage suits the 8-puzzle's
/// 181,440 solvable states). For IDA* without
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
/// let mut bfs = Bfs::with_storage(Dense(puzzle.indexer())).searcher()?;
/// let search = bfs.reach(&puzzle, [puzzle.goal().clone()]);
/// assert_eq!(search.stats.expanded, 181_440);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`Slider`]: super::Slider
/// [`InPlaceIdaStar`]: crate::InPlaceIdaStar
#[derive(Clone, Debug)]
pub struct NPuzzle {
    pub(super) goal: Board,
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// The goal cell of each tile.
    pub(super) goal_cell: [u8; MAX_CELLS],
    /// For each cell and each direction (`Dir as usize`), the cell the blank reaches; the
    /// cell itself at the wall.
    neighbour: Box<[[u8; 4]; MAX_CELLS]>,
    /// For each cell, the legal moves of a blank there, in the move order.
    moves: Box<[[Dir; 4]; MAX_CELLS]>,
    /// `moves` as [`Move`]s.
    pub(super) slides: Box<[[Move; 4]; MAX_CELLS]>,
    /// The number of legal moves from each cell.
    pub(super) move_count: [u8; MAX_CELLS],
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
            // Placeholders: only the first `move_count[cell]` of a row are ever read.
            slides: boxed([[Move::new(0, 1); 4]; MAX_CELLS]),
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
                    self.slides[cell][count] = Move::new(byte(cell), byte(to));
                    count += 1;
                }
            }
            self.move_count[cell] = byte(count);
        }
    }

    crate::grid::rows_cols!(usize);

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

    /// The cell the blank on `cell` reaches by moving `dir` (`cell` itself at the wall).
    #[inline]
    pub(super) fn neighbour(&self, cell: usize, dir: Dir) -> usize {
        usize::from(self.neighbour[cell.min(MAX_CELLS - 1)][dir as usize])
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
        self.check_shape(board)?;
        if self.is_solvable(board) {
            Ok(())
        } else {
            Err(BoardError::Unsolvable)
        }
    }

    /// [`BoardError::ShapeMismatch`] unless `board` has the puzzle's rows and columns.
    pub(super) fn check_shape(&self, board: &Board) -> Result<(), BoardError> {
        if (board.rows(), board.cols()) == (self.rows, self.cols) {
            Ok(())
        } else {
            Err(BoardError::ShapeMismatch {
                expected: (self.rows, self.cols),
                found: (board.rows(), board.cols()),
            })
        }
    }
}

fn boxed<T: Copy, const N: usize>(fill: [T; N]) -> Box<[T; N]> {
    Box::new(fill)
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
    fn uniform_cost(&self) -> Option<u32> {
        Some(1)
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
