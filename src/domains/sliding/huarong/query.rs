//! The abstraction for one query (`QuerySpace`: a virtual source, the piece's start
//! sides, the goal) and its estimate, the exact distance on an open board raised by the
//! landmarks' ALT bounds.

use super::{Abstraction, INF, IdIndexer, MAX_LANDMARKS, SideState};
use crate::space::{Heuristic, IndexedSpace, StateSpace};

/// The abstraction for one query: side states, plus a virtual source whose steps to the
/// piece's four sides cost the blank's walks there. Search it from
/// [`QuerySpace::source`] to [`QuerySpace::is_goal`].
///
/// Made by [`HuarongSolver::query_space`].
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::huarong::{HuarongSolver, Input};
/// use state_search::{Dense, Dijkstra, IndexedSpace, Problem, Solver};
///
/// let input: Input = "3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n".parse()?;
/// let mut solver = HuarongSolver::new(input.board.clone())?;
/// let space = solver.query_space(&input.queries[0])?;
/// let dijkstra = Dijkstra::with_storage(Dense(space.indexer()));
/// let search = dijkstra.search(&Problem::new(&space, [space.source()], |s| space.is_goal(s)));
/// assert_eq!(search.found().unwrap().cost, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`HuarongSolver::query_space`]: super::HuarongSolver::query_space
pub struct QuerySpace<'a> {
    pub(super) abstraction: &'a Abstraction,
    pub(super) piece: u32,
    pub(super) target: u32,
    /// The start side states and the blank's walk to each.
    pub(super) starts: [(SideState, u32); 4],
    pub(super) count: usize,
    pub(super) source: SideState,
    /// The estimate at the source: the least start cost plus estimate.
    pub(super) source_estimate: u32,
    /// Per landmark in use, the least and greatest distance to a goal state.
    pub(super) goal_spans: [(usize, u32, u32); MAX_LANDMARKS],
    pub(super) spans: usize,
}

impl QuerySpace<'_> {
    /// The virtual source state, where every search of this space starts.
    #[must_use]
    pub fn source(&self) -> SideState {
        self.source
    }

    /// The start side states with the cost of the blank's walk to each.
    #[must_use]
    pub fn starts(&self) -> &[(SideState, u32)] {
        &self.starts[..self.count]
    }

    /// Whether `state` has the piece on the target (the source does when the query's
    /// piece starts there).
    #[inline]
    #[must_use]
    pub fn is_goal(&self, state: &SideState) -> bool {
        if *state == self.source {
            self.piece == self.target
        } else {
            state.piece() == self.target
        }
    }

    /// An admissible and consistent estimate of the moves left: the exact answer on an
    /// open, unbounded board (checked against Dijkstra in the tests). With `R` and `C` the
    /// piece's vertical and horizontal distances to the target, `L >= S` the larger and
    /// the smaller, and `n = R + C > 0`, it is `3n - 2 + 2 max(0, L - S - 1)` plus a
    /// penalty for the blank's side: 0 on a side toward the target along an axis at least
    /// as long as the other, 4 on a side away from it along the strictly longer axis, 2
    /// otherwise. (A swap costs 1; a walk to a neighbouring side at least 2, to the
    /// opposite side at least 4; so the cheapest way zigzags, and goes straight only for
    /// the excess of the longer axis.) Every step of a real board's abstraction exists on
    /// the open board at no greater cost, hence the bound and its consistency.
    ///
    /// It uses Manhattan distances, not the [`DistanceField`], because they cost no BFS
    /// per query: on random boards the field saved about 5% of the expansions and cost
    /// more than that in time (see `BENCHMARKS.md`).
    ///
    /// With landmarks ([`Abstraction::with_landmarks`]), the estimate is also at least
    /// the ALT bound of each landmark `L` (Goldberg and Harrelson): the abstraction is
    /// symmetric, so by the triangle inequality the distance from a state `s` to any goal
    /// `g` is at least `d(L, g) - d(L, s)` and `d(L, s) - d(L, g)`; taking the least and
    /// greatest `d(L, g)` over the goal states keeps both bounds valid for the set. Each
    /// bound changes by at most a step's cost along a step, so the maximum stays
    /// consistent.
    ///
    /// [`DistanceField`]: super::DistanceField
    #[inline]
    #[must_use]
    pub fn estimate(&self, state: &SideState) -> u32 {
        if *state == self.source {
            return self.source_estimate;
        }
        self.side_estimate(*state)
    }

    #[inline]
    pub(super) fn side_estimate(&self, state: SideState) -> u32 {
        let coords = &self.abstraction.board.coords;
        let piece = state.piece();
        if piece == self.target {
            return 0;
        }
        let mut h = open_board_moves(
            coords[piece as usize],
            coords[self.target as usize],
            state.0 & 3,
        );
        let landmarks = &self.abstraction.landmarks;
        let row = &landmarks.dist[state.0 as usize * landmarks.count..][..landmarks.count];
        for &(l, lo, hi) in &self.goal_spans[..self.spans] {
            let d = row[l];
            if d != INF {
                h = h.max(lo.saturating_sub(d)).max(d.saturating_sub(hi));
            }
        }
        h
    }
}

/// The least number of moves that brings a piece at `piece` to `target` (`[row, col]`)
/// with the blank on its side `side`, on an open, unbounded board: the exact distance in
/// the abstraction of a board without fixed cells or edges (checked against Dijkstra in
/// the tests).
///
/// With `R` and `C` the vertical and horizontal distances, `L >= S` the larger and the
/// smaller, and `n = R + C > 0`, it is `3n - 2 + 2 max(0, L - S - 1)`, plus a penalty for
/// the blank's side: 0 on a side toward the target along an axis at least as long as the
/// other; 2 on a side toward the target along the shorter axis; 4 on a side away from
/// the target along the strictly longer axis; 2 on any other side. (Each move of the
/// piece costs 1; bringing the blank from behind the piece to another side costs at least
/// 2, and to the side straight ahead at least 4, so the cheapest path zigzags, and goes
/// straight only for the excess of the longer axis.)
///
/// On any board it is a lower bound, and a consistent one: every step of the abstraction
/// of a real board exists on the open board too and costs no less there (walks between
/// two sides of a cell cost at least 2, between opposite sides at least 4).
#[inline]
pub(super) fn open_board_moves([pr, pc]: [u32; 2], [tr, tc]: [u32; 2], side: u32) -> u32 {
    let (rows, cols) = (pr.abs_diff(tr), pc.abs_diff(tc));
    let n = rows + cols;
    if n == 0 {
        return 0;
    }
    let (long, short) = (rows.max(cols), rows.min(cols));
    let base = 3 * n - 2 + 2 * (long - short).saturating_sub(1);
    // The side's axis, and whether the side points toward the target along it.
    let (axis, other, toward) = match side {
        0 => (rows, cols, tr < pr),
        1 => (rows, cols, tr > pr),
        2 => (cols, rows, tc < pc),
        _ => (cols, rows, tc > pc),
    };
    let penalty = if toward {
        if axis >= other { 0 } else { 2 }
    } else if axis > other {
        4
    } else {
        2
    };
    base + penalty
}

impl StateSpace for QuerySpace<'_> {
    type State = SideState;
    type Cost = u32;

    #[inline]
    fn successors(&self, state: &SideState, mut emit: impl FnMut(SideState, u32)) {
        if *state == self.source {
            for &(start, cost) in self.starts() {
                emit(start, cost);
            }
            return;
        }
        self.abstraction.successors(state, emit);
    }
}

impl IndexedSpace for QuerySpace<'_> {
    type Indexer = IdIndexer;
    fn indexer(&self) -> IdIndexer {
        IdIndexer {
            bound: self.source.0 + 1,
        }
    }
}

impl Heuristic<SideState, u32> for QuerySpace<'_> {
    #[inline]
    fn estimate(&self, state: &SideState) -> u32 {
        QuerySpace::estimate(self, state)
    }
}
