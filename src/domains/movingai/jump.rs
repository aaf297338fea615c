//! Jump Point Search as a state space: the jump points of an 8-connected map, searched by
//! any strategy (A* over them is JPS).

use core::fmt;

use crate::error::CapacityError;
use crate::grid::Pos;
use crate::problem::{NoBackward, NoDistance, NoIndexer, Problem};
use crate::space::{Heuristic, IndexedSpace, StateIndexer, StateSpace};

use super::blocks::{Along, Blocks};
use super::space::BLOCKED;
use super::{Connectivity, OctileCost, OctileSpace};

/// One of the eight directions of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// One row up.
    Up,
    /// One row down.
    Down,
    /// One column left.
    Left,
    /// One column right.
    Right,
    /// Up and left.
    UpLeft,
    /// Up and right.
    UpRight,
    /// Down and left.
    DownLeft,
    /// Down and right.
    DownRight,
}

impl Direction {
    /// The eight directions, straight ones first.
    pub const ALL: [Direction; 8] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// The change of row and of column of one move, each -1, 0 or 1.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::Up => (-1, 0),
            Direction::Down => (1, 0),
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
        }
    }

    /// Whether the direction is one of the four diagonals.
    #[must_use]
    pub const fn is_diagonal(self) -> bool {
        let (dr, dc) = self.delta();
        dr != 0 && dc != 0
    }

    /// The direction of the change `(dr, dc)`, each -1, 0 or 1 and not both 0.
    pub(super) const fn of(dr: i8, dc: i8) -> Option<Direction> {
        Some(match (dr, dc) {
            (-1, 0) => Direction::Up,
            (1, 0) => Direction::Down,
            (0, -1) => Direction::Left,
            (0, 1) => Direction::Right,
            (-1, -1) => Direction::UpLeft,
            (-1, 1) => Direction::UpRight,
            (1, -1) => Direction::DownLeft,
            (1, 1) => Direction::DownRight,
            _ => return None,
        })
    }

    /// The change of padded index of one move, in an array of `stride` cells a row.
    #[inline]
    pub(super) fn offset(self, stride: isize) -> isize {
        let (dr, dc) = self.delta();
        isize::from(dr) * stride + isize::from(dc)
    }

    /// The number from 0 to 7 of the direction, in the order of [`Direction::ALL`].
    pub(super) const fn number(self) -> usize {
        self as usize
    }
}

/// A state of a [`JumpSpace`]: a cell, and the direction of the jump that reached it
/// (`None` for a start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct JumpPoint {
    /// The cell.
    pub pos: Pos,
    /// The direction of the last move into the cell, or `None` for a start.
    pub arrived: Option<Direction>,
}

impl JumpPoint {
    /// The jump point of a start: the cell, reached in no direction.
    pub(super) const fn start(pos: Pos) -> Self {
        Self { pos, arrived: None }
    }
}

/// The goal test of a search over jump points toward `goal`: the goal's cell, reached in
/// any direction.
pub(super) fn reaches(goal: Pos) -> impl Fn(&JumpPoint) -> bool + Copy {
    move |p: &JumpPoint| p.pos == goal
}

/// The cells of a path of jump points: each jump filled in with the cells it moves
/// through, one move apart.
pub(super) fn cells_of(path: &[JumpPoint]) -> Vec<Pos> {
    let mut cells: Vec<Pos> = path.first().map(|p| p.pos).into_iter().collect();
    for pair in path.windows(2) {
        let (from, to) = (pair[0].pos, pair[1].pos);
        let step = |a: u32, b: u32| i8::from(b > a) - i8::from(b < a);
        let (dr, dc) = (step(from.row, to.row), step(from.col, to.col));
        let mut at = from;
        while at != to {
            at = Pos::new(
                at.row.wrapping_add_signed(i32::from(dr)),
                at.col.wrapping_add_signed(i32::from(dc)),
            );
            cells.push(at);
        }
    }
    cells
}

/// Why a map cannot be searched by its jump points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JumpError {
    /// The space is 4-connected; jump points are defined for 8-connected moves.
    FourConnected,
    /// The jump distances of a [`JumpTable`](super::JumpTable) could not be allocated.
    Capacity(CapacityError),
}

impl fmt::Display for JumpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JumpError::FourConnected => f.write_str(
                "jump point search needs 8-connected moves, and the space is 4-connected",
            ),
            JumpError::Capacity(error) => write!(f, "the jump table: {error}"),
        }
    }
}

impl std::error::Error for JumpError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JumpError::FourConnected => None,
            JumpError::Capacity(error) => Some(error),
        }
    }
}

/// The jump points of an 8-connected [`OctileSpace`] toward one goal: a [`StateSpace`]
/// whose search is Jump Point Search (Harabor and Grastien, 2011; the variant without
/// corner cutting of 2014).
///
/// A step of this space is a **jump**: a run of moves in one direction, from one jump
/// point to the next, at the cost of its moves. From a cell reached by a straight move
/// the jumps go on in that direction, and also sideways where a wall beside the cell
/// behind ends (a *forced* neighbour: only this cell leads there at least cost); from a
/// cell reached diagonally they go on diagonally and along both straight parts of the
/// diagonal. A straight jump stops at the goal or at a cell with a forced neighbour; a
/// diagonal one at the goal or at a cell from which a straight jump stops. Moves obey
/// [`OctileSpace`]'s rules (one terrain class, no corner cutting). Every least-cost path
/// of the map has one of equal cost through jump points, so an optimal strategy over
/// this space (A*, Dijkstra) finds a least-cost path of the map, expanding only jump
/// points: far fewer states than over the cells, each costing a scan along its jumps.
/// The space reads straight runs 64 cells at a time, from the map's cells as bits that
/// the first [`OctileSpace::jump_points`] writes (block-based jumps); diagonal runs move
/// by move, each move reading the two straight runs from it that way.
///
/// States are [`JumpPoint`]s: a cell and the direction it was reached in. A cell may be
/// stored once per direction; the numbering ([`IndexedSpace`]) is nine per cell. The
/// heuristic is the octile distance to the goal ([`JumpSpace::heuristic`]), admissible
/// and consistent; [`JumpSpace::problem`] builds the whole search problem (hashed
/// storage: the fastest measured), and
/// [`JumpSpace::cells`] turns a path of jump points into the path of cells.
///
/// # Examples
///
/// ```
/// use state_search::domains::movingai::{Connectivity, OctileCost, OctileMap, OctileSpace};
/// use state_search::grid::Pos;
/// use state_search::{Limits, Strategy};
///
/// let map = OctileMap::parse("type octile\nheight 4\nwidth 6\nmap\n......\n.@@@@.\n......\n......\n")?;
/// let space = OctileSpace::new(&map, Connectivity::Eight);
/// let (start, goal) = (Pos::new(0, 0), Pos::new(3, 5));
/// let jumps = space.jump_points(goal)?;
/// let search = Strategy::AStar.run(&jumps.problem(start), &Limits::new())?;
/// let found = search.found().unwrap();
/// // Down 2, down-right past the wall, right 4: four jump points.
/// assert_eq!(found.cost, OctileCost::new(6, 1));
/// let turns: Vec<Pos> = found.path.iter().map(|p| p.pos).collect();
/// assert_eq!(turns, [start, Pos::new(2, 0), Pos::new(3, 1), goal]);
/// assert_eq!(jumps.cells(&found.path).len(), 8); // 7 moves
/// assert_eq!(search.stats.expanded, 3); // A* over the cells expands 11
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct JumpSpace<'a> {
    space: &'a OctileSpace,
    /// The map's cells as bits: the straight jumps read 64 cells at a time.
    blocks: &'a Blocks,
    goal: Pos,
    /// The goal's row and column in the padded array, or `usize::MAX` for both off the map.
    goal_at: At,
}

impl OctileSpace {
    /// The jump points of this space toward `goal` (see [`JumpSpace`]).
    ///
    /// # Errors
    ///
    /// [`JumpError::FourConnected`] for a space with [`Connectivity::Four`];
    /// [`JumpError::Capacity`] when the first call cannot allocate the map's bits.
    ///
    /// # Complexity
    ///
    /// O(1) after the first call, which writes the map's cells as bits, row by row and
    /// column by column (O(cells) time, 6 bits per cell of the map and its one-cell border:
    /// 0.2 MB for 512x512); the space keeps them for every later call (a clone of the space
    /// copies them), and closing or opening a cell of a
    /// [`ClosableSpace`](super::ClosableSpace) updates them.
    pub fn jump_points(&self, goal: Pos) -> Result<JumpSpace<'_>, JumpError> {
        if self.connectivity() == Connectivity::Four {
            return Err(JumpError::FourConnected);
        }
        Ok(JumpSpace {
            space: self,
            blocks: self.blocks().map_err(JumpError::Capacity)?,
            goal,
            goal_at: self.padded(goal).map_or((usize::MAX, usize::MAX), |_| {
                (goal.row as usize + 1, goal.col as usize + 1)
            }),
        })
    }
}

/// A search problem over a [`JumpSpace`], as [`JumpSpace::problem`] builds it.
pub type JumpProblem<'s, 'a, G> =
    Problem<'s, JumpSpace<'a>, G, JumpDistance, NoIndexer, NoBackward, NoDistance>;

impl<'a> JumpSpace<'a> {
    /// The goal.
    #[must_use]
    pub fn goal(&self) -> Pos {
        self.goal
    }

    /// The octile distance from a jump point to the goal.
    #[must_use]
    pub fn heuristic(&self) -> JumpDistance {
        JumpDistance { goal: self.goal }
    }

    /// The problem of reaching the goal from `start`: the jump point of `start`, the goal
    /// test and the heuristic, ready for any strategy that needs no backward view.
    ///
    /// It has no numbering, so the strategies store the jump points hashed: a search
    /// touches few of a map's cells, and the dense store of nine records per cell was
    /// measured 3x-6x slower on the benchmark's mazes and random maps, being filled anew
    /// by each search. [`IndexedSpace`] gives the numbering for a reused dense store.
    #[must_use]
    pub fn problem(&self, start: Pos) -> JumpProblem<'_, 'a, impl Fn(&JumpPoint) -> bool + use<>> {
        Problem::new(self, [JumpPoint::start(start)], reaches(self.goal))
            .heuristic(self.heuristic())
    }

    /// The cells of a path of jump points: each jump filled in with the cells it moves
    /// through, one move apart.
    ///
    /// # Complexity
    ///
    /// O(length of the path in moves).
    #[must_use]
    pub fn cells(&self, path: &[JumpPoint]) -> Vec<Pos> {
        cells_of(path)
    }
}

/// The moves of Jump Point Search from a cell of class `class`, written once for the
/// scanning jumps of [`JumpSpace`] and the table of [`JumpTable`](super::JumpTable):
/// each move stays on cells of that class, indices are those of the padded array.
#[derive(Clone, Copy)]
pub(super) struct Rules<'s> {
    classes: &'s [u8],
    class: u8,
}

impl<'s> Rules<'s> {
    /// The rules for moves from a cell of class `class` of `classes`.
    pub(super) fn new(classes: &'s [u8], class: u8) -> Self {
        Self { classes, class }
    }

    /// Whether the cell at padded index `i` is of the class.
    #[inline]
    pub(super) fn open(self, i: usize) -> bool {
        self.classes[i] == self.class
    }

    /// Whether the cell `next`, reached by a straight move from `at`, has a forced
    /// neighbour: a cell `side` or `-side` away from it that is open while the one beside
    /// `at` is not. A straight jump stops there.
    #[inline]
    pub(super) fn forced(self, at: usize, next: usize, side: isize) -> bool {
        let forced = |s: isize| {
            self.open(next.wrapping_add_signed(s)) && !self.open(at.wrapping_add_signed(s))
        };
        forced(side) || forced(-side)
    }

    /// Whether the diagonal move from `at` to `next = at + vertical + horizontal` is
    /// allowed: `next` and both cells it passes by open (no corner cutting).
    #[inline]
    pub(super) fn diagonal(
        self,
        at: usize,
        next: usize,
        vertical: isize,
        horizontal: isize,
    ) -> bool {
        self.open(next)
            && self.open(at.wrapping_add_signed(vertical))
            && self.open(at.wrapping_add_signed(horizontal))
    }
}

/// The jumps of a [`JumpSpace`] from a cell, by the [`Rules`] of its class.
#[derive(Clone, Copy)]
struct Jumps<'s, 'a> {
    space: &'s JumpSpace<'a>,
    rules: Rules<'s>,
}

impl Jumps<'_, '_> {
    /// Follows straight moves along a row or a column from the cell at `at` (row and column
    /// of the padded array), toward higher positions (`forward`) or lower ones: the first
    /// cell that is the goal or has a forced neighbour beside it ([`Rules::forced`]), and
    /// the number of moves, or `None` at a wall. Reads 64 cells at a time.
    #[inline]
    fn straight(self, (row, col): At, along: Along, forward: bool) -> Option<(At, u32)> {
        let (goal_row, goal_col) = self.space.goal_at;
        let blocks = self.space.blocks;
        let goal = match along {
            Along::Row => goal_row == row,
            Along::Column => goal_col == col,
        };
        let goal = goal.then(|| blocks.position(along, goal_row, goal_col));
        let from = blocks.position(along, row, col);
        let (to, moves) = blocks.jump(self.rules.class, along, from, forward, goal)?;
        // The stop is on the same line: only the position along it changed.
        let moved = to.abs_diff(from);
        let ahead = |x: usize| if forward { x + moved } else { x - moved };
        Some((
            match along {
                Along::Row => (row, ahead(col)),
                Along::Column => (ahead(row), col),
            },
            moves,
        ))
    }

    /// Follows diagonal moves by `(dr, dc)` from the cell at padded index `from`, at `at`
    /// (each move needing both cells it passes by open): the first cell that is the goal
    /// or from which a straight jump along either part stops, and the number of moves, or
    /// `None` when the next move is not allowed.
    #[inline]
    fn diagonal(self, from: usize, mut at: At, (dr, dc): (i8, i8)) -> Option<(At, u32)> {
        let (vertical, horizontal) = (isize::from(dr) * self.space.space.stride(), isize::from(dc));
        let mut index = from;
        let mut moves = 0;
        loop {
            let next = index.wrapping_add_signed(vertical + horizontal);
            if !self.rules.diagonal(index, next, vertical, horizontal) {
                return None;
            }
            moves += 1;
            at = (
                at.0.wrapping_add_signed(isize::from(dr)),
                at.1.wrapping_add_signed(isize::from(dc)),
            );
            if at == self.space.goal_at
                || self.straight(at, Along::Row, dc > 0).is_some()
                || self.straight(at, Along::Column, dr > 0).is_some()
            {
                return Some((at, moves));
            }
            index = next;
        }
    }

    /// Emits the jump point that a jump from padded index `from` in `direction` stops at,
    /// with its cost.
    #[inline]
    fn jump(self, from: usize, direction: Direction, emit: &mut impl FnMut(JumpPoint, OctileCost)) {
        let stride = self.space.space.stride().unsigned_abs();
        let at = (from / stride, from % stride);
        let (dr, dc) = direction.delta();
        let found = match (dr, dc) {
            (0, _) => self
                .straight(at, Along::Row, dc > 0)
                .map(|(to, n)| (to, OctileCost::new(n, 0))),
            (_, 0) => self
                .straight(at, Along::Column, dr > 0)
                .map(|(to, n)| (to, OctileCost::new(n, 0))),
            _ => self
                .diagonal(from, at, (dr, dc))
                .map(|(to, n)| (to, OctileCost::new(0, n))),
        };
        if let Some(((row, col), cost)) = found {
            // Inside the border: the padded row and column less one.
            #[expect(
                clippy::cast_possible_truncation,
                reason = "a map has at most MAX_CELLS cells, so rows and columns fit in u32"
            )]
            let pos = Pos::new((row - 1) as u32, (col - 1) as u32);
            emit(
                JumpPoint {
                    pos,
                    arrived: Some(direction),
                },
                cost,
            );
        }
    }
}

/// A cell of the padded array: its row and column there (the map's plus one).
type At = (usize, usize);

impl StateSpace for JumpSpace<'_> {
    type State = JumpPoint;
    type Cost = OctileCost;

    /// The jumps from `state` (straight runs read 64 cells at a time, diagonal ones move by
    /// move): in all eight directions from a start; on from a cell reached straight, and
    /// sideways past the end of a wall beside it; on and along both straight parts from a
    /// cell reached diagonally.
    fn successors(&self, state: &JumpPoint, mut emit: impl FnMut(JumpPoint, OctileCost)) {
        let classes = self.space.classes();
        expand(self.space, state, |here, class, direction| {
            let rules = Rules::new(classes, class);
            Jumps { space: self, rules }.jump(here, direction, &mut emit);
        });
    }
}

/// The pruning rules of Jump Point Search, written once for every space of jump points:
/// calls `jump(here, class, direction)` for each direction a jump leaves `state` in,
/// `here` being the padded index of its cell and `class` its class code. In all eight
/// directions from a start; on from a cell reached straight, and sideways past the end
/// of a wall beside it (with the diagonal past it); on and along both straight parts
/// from a cell reached diagonally. Nothing for a cell off the map or impassable.
#[inline]
pub(super) fn expand(
    space: &OctileSpace,
    state: &JumpPoint,
    mut jump: impl FnMut(usize, u8, Direction),
) {
    let Some(here) = space.padded(state.pos) else {
        return;
    };
    let classes = space.classes();
    let class = classes[here];
    if class == BLOCKED {
        return;
    }
    let Some(arrived) = state.arrived else {
        for direction in Direction::ALL {
            jump(here, class, direction);
        }
        return;
    };
    let (dr, dc) = arrived.delta();
    jump(here, class, arrived);
    if arrived.is_diagonal() {
        for part in [Direction::of(dr, 0), Direction::of(0, dc)]
            .into_iter()
            .flatten()
        {
            jump(here, class, part);
        }
        return;
    }
    // A straight arrival: a side cell open where the one behind it is not is reached
    // at least cost only through this cell, and so is the diagonal past it.
    let rules = Rules::new(classes, class);
    let stride = space.stride();
    let behind = here.wrapping_add_signed(-arrived.offset(stride));
    for (sr, sc) in if dr == 0 {
        [(-1, 0), (1, 0)]
    } else {
        [(0, -1), (0, 1)]
    } {
        let side = isize::from(sr) * stride + isize::from(sc);
        if rules.open(here.wrapping_add_signed(side))
            && !rules.open(behind.wrapping_add_signed(side))
        {
            for direction in [Direction::of(sr, sc), Direction::of(dr + sr, dc + sc)]
                .into_iter()
                .flatten()
            {
                jump(here, class, direction);
            }
        }
    }
}

impl IndexedSpace for JumpSpace<'_> {
    type Indexer = JumpIndexer;

    fn indexer(&self) -> JumpIndexer {
        JumpIndexer::of(self.space)
    }
}

/// The numbering of a [`JumpSpace`]'s states: nine per cell of the map's
/// [`CellIndexer`](crate::grid::CellIndexer), one per arrival direction and one for a
/// start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JumpIndexer {
    cells: crate::grid::CellIndexer,
}

impl JumpIndexer {
    /// The numbering of the jump points of `space`.
    pub(super) fn of(space: &OctileSpace) -> Self {
        Self {
            cells: space.indexer(),
        }
    }
}

impl StateIndexer<JumpPoint> for JumpIndexer {
    /// Nine times the cells' bound, or `usize::MAX` when that does not fit.
    fn bound(&self) -> usize {
        self.cells.bound().saturating_mul(9)
    }

    /// A cell off the map gets `usize::MAX`, beyond the bound (saturating: nine times
    /// the cells' own `usize::MAX` must not wrap round to another point's number).
    #[inline]
    fn index(&self, state: &JumpPoint) -> usize {
        self.cells
            .index(&state.pos)
            .saturating_mul(9)
            .saturating_add(state.arrived.map_or(8, Direction::number))
    }

    fn state(&self, index: usize) -> JumpPoint {
        JumpPoint {
            pos: self.cells.state(index / 9),
            arrived: Direction::ALL.get(index % 9).copied(),
        }
    }
}

/// The octile distance from a [`JumpPoint`]'s cell to a goal: admissible and consistent
/// on a [`JumpSpace`] toward that goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JumpDistance {
    pub(super) goal: Pos,
}

impl Heuristic<JumpPoint, OctileCost> for JumpDistance {
    #[inline]
    fn estimate(&self, state: &JumpPoint) -> OctileCost {
        OctileCost::octile(state.pos, self.goal)
    }
}
