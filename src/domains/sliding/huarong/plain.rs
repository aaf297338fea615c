//! The plain view: (blank, piece) states, unit moves of the blank, their dense numbering,
//! and the heuristic built on the `DistanceField` of the target.

use core::ops::ControlFlow;

use super::abstraction::BlankWalk;
use super::query::open_board_moves;
use super::{Board, INF, IdIndexer, NONE, Query};
use crate::event::Event;
use crate::grid::Pos;
use crate::space::{Heuristic, IndexedSpace, StateIndexer, StateSpace};
use crate::store::Dense;
use crate::{Bfs, Problem};

/// A state of the plain view: the blank's cell and the piece's cell (ids of
/// [`Board::cell`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlainState {
    /// The blank's cell id.
    pub blank: u32,
    /// The piece's cell id.
    pub piece: u32,
}

/// The plain view of a [`Board`]: states are (blank, piece) pairs, each step a unit move of
/// the blank (which swaps with the piece when it steps onto it).
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::huarong::{Board, Query};
/// use state_search::grid::Pos;
/// use state_search::{Bfs, Dense, IndexedSpace, Problem, Solver};
///
/// let board = Board::new(2, 2, &[true; 4]).unwrap();
/// let view = board.plain_view();
/// let query = Query { blank: Pos::new(0, 0), piece: Pos::new(1, 1), target: Pos::new(0, 0) };
/// let target = board.cell(query.target).unwrap();
/// let mut bfs = Bfs::with_storage(Dense(view.indexer()));
/// let search = bfs.search(&Problem::new(&view, [view.start(&query).unwrap()], |s| s.piece == target));
/// assert_eq!(search.found().unwrap().cost, 5);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PlainView<'a> {
    pub(super) board: &'a Board,
}

impl<'a> PlainView<'a> {
    /// The start state of `query`, or `None` when a cell of the query is off the board.
    #[must_use]
    pub fn start(&self, query: &Query) -> Option<PlainState> {
        Some(PlainState {
            blank: self.board.cell(query.blank)?,
            piece: self.board.cell(query.piece)?,
        })
    }

    /// The heuristic of [`PlainHeuristic`] toward the target of `field`.
    #[must_use]
    pub fn heuristic<'f>(&self, field: &'f DistanceField) -> PlainHeuristic<'f>
    where
        'a: 'f,
    {
        PlainHeuristic {
            board: self.board,
            field,
        }
    }
}

impl StateSpace for PlainView<'_> {
    type State = PlainState;
    type Cost = u32;

    #[inline]
    fn successors(&self, state: &PlainState, mut emit: impl FnMut(PlainState, u32)) {
        for offset in self.board.offsets() {
            let next = state.blank.wrapping_add(offset);
            if self.board.open(next) {
                let piece = if next == state.piece {
                    state.blank
                } else {
                    state.piece
                };
                emit(PlainState { blank: next, piece }, 1);
            }
        }
    }
    fn uniform_cost(&self) -> Option<u32> {
        Some(1)
    }
}

/// The dense numbering of [`PlainState`]s: `blank * cells + piece`.
#[derive(Clone, Copy, Debug)]
pub struct PlainIndexer {
    cells: u32,
}

impl StateIndexer<PlainState> for PlainIndexer {
    #[inline]
    fn bound(&self) -> usize {
        self.cells as usize * self.cells as usize
    }
    #[inline]
    fn index(&self, state: &PlainState) -> usize {
        state.blank as usize * self.cells as usize + state.piece as usize
    }
    #[inline]
    fn state(&self, index: usize) -> PlainState {
        let cells = self.cells as usize;
        PlainState {
            blank: u32::try_from(index / cells).unwrap_or(NONE),
            piece: u32::try_from(index % cells).unwrap_or(NONE),
        }
    }
}

impl IndexedSpace for PlainView<'_> {
    type Indexer = PlainIndexer;
    /// The numbering has `(n + 2)^2 (m + 2)^2` entries: use it for small boards only.
    fn indexer(&self) -> PlainIndexer {
        PlainIndexer {
            cells: u32::try_from(self.board.cell_bound()).unwrap_or(NONE),
        }
    }
}

/// The fewest steps from every movable cell to one target cell, walking over movable
/// cells: a lower bound on the moves of the piece, on which both views' heuristics are
/// built. Computed with the crate's [`Bfs`] (its visitor records each depth).
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::huarong::{Board, DistanceField};
/// use state_search::grid::Pos;
///
/// let board = Board::new(2, 3, &[true, false, true, true, true, true]).unwrap();
/// let field = DistanceField::new(&board, Pos::new(0, 0)).unwrap();
/// assert_eq!(field.get(board.cell(Pos::new(0, 2)).unwrap()), Some(4));
/// assert_eq!(field.get(board.cell(Pos::new(0, 1)).unwrap()), None); // fixed
/// ```
#[derive(Clone, Debug, Default)]
pub struct DistanceField {
    pub(super) target: u32,
    pub(super) dist: Vec<u32>,
}

impl DistanceField {
    /// The distances of `board`'s cells to `target`; `None` when `target` is not a movable
    /// cell.
    ///
    /// # Complexity
    ///
    /// O(nm): one BFS.
    #[must_use]
    pub fn new(board: &Board, target: Pos) -> Option<Self> {
        let target = board.cell(target).filter(|&id| board.open(id))?;
        let bound = u32::try_from(board.cell_bound()).unwrap_or(NONE);
        let mut field = Self::default();
        let mut bfs = Bfs::with_storage(Dense(IdIndexer { bound }))
            .searcher()
            .ok()?;
        field.fill(board, target, &mut bfs);
        Some(field)
    }

    /// The target's cell id.
    #[must_use]
    pub fn target(&self) -> u32 {
        self.target
    }

    /// The fewest steps from the cell `cell` to the target, or `None` when `cell` is fixed
    /// or cut off from the target.
    #[must_use]
    pub fn get(&self, cell: u32) -> Option<u32> {
        self.dist.get(cell as usize).copied().filter(|&d| d != INF)
    }

    /// The distance of `cell`, `INF` when unreachable (or beyond the field's board).
    #[inline]
    fn at(&self, cell: u32) -> u32 {
        self.dist.get(cell as usize).copied().unwrap_or(INF)
    }

    /// Recomputes the field for `target` (a movable cell id) with `bfs`.
    pub(super) fn fill(
        &mut self,
        board: &Board,
        target: u32,
        bfs: &mut super::abstraction::BlankBfs,
    ) {
        self.target = target;
        self.dist.clear();
        self.dist.resize(board.cell_bound(), INF);
        let walk = BlankWalk {
            board,
            offsets: board.offsets(),
            blocked: NONE,
        };
        let dist = &mut self.dist;
        let mut record = |event: Event<'_, u32, usize>| {
            if let Event::Expanded { state, cost, .. } = event {
                dist[*state as usize] = u32::try_from(cost).unwrap_or(INF);
            }
            ControlFlow::Continue(())
        };
        let _complete = bfs.search_with(&Problem::new(&walk, [target], |_| false), &mut record);
    }
}

/// An admissible estimate for the plain view: the larger of two bounds, each 0 when the
/// piece is on the target.
///
/// - **Field bound** (consistent): with `d` the piece's distance to the target
///   ([`DistanceField`]) and the piece's *useful* sides its neighbours at distance
///   `d - 1`, `3d - 2 + min over useful sides u of |blank - u|` (Manhattan distance).
/// - **Open-board bound**: the least, over the four sides `s` of the piece, of the
///   blank's Manhattan distance to `s` plus the least number of moves from there on an
///   open, unbounded board ([`QuerySpace::estimate`] explains it). It is admissible (the
///   blank must reach some side first) but not always consistent, which A* handles by
///   re-opening states.
///
/// Why the field bound is a lower bound: the piece makes at least `d` moves that bring it one step
/// closer, each costing 1; before each of them but the first, the blank, left behind the
/// piece by the move before, needs at least 2 more moves to reach another side (the move
/// that takes the piece straight back brings it no closer); before the first one, the
/// blank must reach a useful side. Consistency: a blank move changes the last term by at
/// most 1; a piece move toward the target lowers `3d` by 3 while the blank, now behind,
/// is 2 from every useful side; a piece move away raises `3d` by 3. When the target
/// cannot be reached the estimate is 0.
///
/// On random boards the open-board bound is the larger one almost everywhere; the field
/// bound wins behind walls.
///
/// [`QuerySpace::estimate`]: super::QuerySpace::estimate
#[derive(Clone, Copy, Debug)]
pub struct PlainHeuristic<'a> {
    board: &'a Board,
    field: &'a DistanceField,
}

impl Heuristic<PlainState, u32> for PlainHeuristic<'_> {
    #[inline]
    fn estimate(&self, state: &PlainState) -> u32 {
        let d = self.field.at(state.piece);
        if d == 0 || d == INF {
            return 0;
        }
        let coords = &self.board.coords;
        let at = |cell: u32| coords.get(cell as usize).copied();
        // Cells off this board (a field of another board): no estimate.
        let (Some([row, col]), Some(piece), Some(target)) =
            (at(state.blank), at(state.piece), at(self.field.target))
        else {
            return 0;
        };
        let mut useful = INF;
        let mut open = INF;
        for (side, offset) in (0..4).zip(self.board.offsets()) {
            let cell = state.piece.wrapping_add(offset);
            let Some([r, c]) = at(cell) else {
                continue;
            };
            let walk = row.abs_diff(r) + col.abs_diff(c);
            if self.field.at(cell) == d - 1 {
                useful = useful.min(walk);
            }
            open = open.min(walk + open_board_moves(piece, target, side));
        }
        (3 * d - 2 + useful).max(open)
    }
}
