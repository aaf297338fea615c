//! The abstraction of the contest solution: side states (piece cell, side of the blank),
//! the walks of the blank around each cell, the components and the landmarks.

use core::cell::{Cell, RefCell};
use core::fmt;
use core::ops::ControlFlow;

use super::blocks::blocks;
use super::{Board, INF, NONE};
use crate::algo::astar::AStarKey;
use crate::error::CapacityError;
use crate::event::Event;
use crate::grid::{Dir, Pos};
use crate::queue::BucketQueue;
use crate::solution::{Stats, StopReason};
use crate::space::{IndexedSpace, StateIndexer, StateSpace};
use crate::store::{Dense, try_filled};
use crate::{AStar, Bfs, Dijkstra, Problem, Searcher};

/// The side `side` of a cell as a direction: sides are numbered in the order of
/// [`Dir::ALL`] (up, down, left, right), so `side ^ 1` is the opposite side.
fn dir_of(side: u32) -> Dir {
    Dir::ALL[side as usize & 3]
}

/// Walks of the blank over the board with one cell held still (the piece): the space of
/// the BFS around a piece and of the blank's BFS to the piece.
pub(super) struct BlankWalk<'a> {
    pub(super) board: &'a Board,
    pub(super) offsets: [u32; 4],
    pub(super) blocked: u32,
}

impl StateSpace for BlankWalk<'_> {
    type State = u32;
    type Cost = u32;

    #[inline]
    fn successors(&self, &cell: &u32, mut emit: impl FnMut(u32, u32)) {
        for &offset in &self.offsets {
            let next = cell.wrapping_add(offset);
            if next != self.blocked && self.board.open(next) {
                emit(next, 1);
            }
        }
    }
}

/// The identity numbering of `0..bound` (cell ids, side states).
#[derive(Clone, Copy, Debug)]
pub struct IdIndexer {
    pub(super) bound: u32,
}

impl StateIndexer<u32> for IdIndexer {
    #[inline]
    fn bound(&self) -> usize {
        self.bound as usize
    }
    #[inline]
    fn index(&self, &id: &u32) -> usize {
        id as usize
    }
    #[inline]
    fn state(&self, index: usize) -> u32 {
        u32::try_from(index).unwrap_or(NONE)
    }
}

impl StateIndexer<SideState> for IdIndexer {
    #[inline]
    fn bound(&self) -> usize {
        self.bound as usize
    }
    #[inline]
    fn index(&self, state: &SideState) -> usize {
        state.0 as usize
    }
    #[inline]
    fn state(&self, index: usize) -> SideState {
        SideState(u32::try_from(index).unwrap_or(NONE))
    }
}

/// A state of the abstraction: the piece's cell and the side of it where the blank is, or
/// the virtual source of a [`QuerySpace`].
///
/// [`QuerySpace`]: super::QuerySpace
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SideState(pub(super) u32);

impl SideState {
    /// The state with the piece at cell `piece` and the blank on its side `side`.
    #[must_use]
    pub fn new(piece: u32, side: Dir) -> Self {
        let side = Dir::ALL.iter().position(|&d| d == side).unwrap_or(0);
        Self(piece * 4 + u32::try_from(side).unwrap_or(0))
    }

    /// The piece's cell id (meaningless for the source).
    #[must_use]
    pub fn piece(self) -> u32 {
        self.0 / 4
    }

    /// The side of the piece where the blank is (meaningless for the source).
    #[must_use]
    pub fn side(self) -> Dir {
        dir_of(self.0 & 3)
    }
}

/// When the walks around the cells are computed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Precompute {
    /// Every movable cell, when the [`Abstraction`] is built (the default: as fast or
    /// faster on random boards, where queries soon reach most cells; needed for the
    /// components and the landmarks).
    #[default]
    Eager,
    /// Each cell the first time a search reaches it.
    Lazy,
}

/// The query-independent part of the contest solution: for every movable cell and every
/// pair of its movable sides, the fewest moves for the blank to walk from one side to the
/// other without moving a piece on the cell.
///
/// Built with [`Abstraction::new`]; it holds the blocks of the board (Tarjan), its
/// connected parts, and the walk costs (up front or memoized, see [`Precompute`]). It uses
/// interior mutability for the memo, so it is not `Sync`.
///
/// # Complexity
///
/// Building: O(nm) for the blocks, plus, for [`Precompute::Eager`], at most three BFS per
/// cell, each stopping when it has reached the sides it can reach (O(1) cells on open
/// boards, up to O(nm) around long loops). Memory: 16 costs and 4 block ids per cell.
pub struct Abstraction {
    pub(super) board: Board,
    offsets: [u32; 4],
    /// The connected part of each cell of `board` (`NONE` for fixed cells).
    pub(super) part: Vec<u32>,
    /// The block of the edge from each cell to each side (`NONE` when the side is fixed).
    pub(super) block: Vec<u32>,
    /// `walk[16 c + 4 i + j]`: the walk from side `i` to side `j` of cell `c`.
    walk: Vec<Cell<u32>>,
    /// Whether the walks of a cell are known.
    ready: Vec<Cell<bool>>,
    /// The BFS of the lazy computations.
    scratch: RefCell<BlankBfs>,
    /// Cells whose walks have been computed.
    computed: Cell<usize>,
    /// Exact distances from a few landmark side states, for the ALT estimate.
    pub(super) landmarks: Landmarks,
    /// The connected component of every side state in the abstraction (empty when the
    /// walks are lazy).
    component: Vec<u32>,
}

/// The most landmarks an [`Abstraction`] keeps.
pub const MAX_LANDMARKS: usize = 16;

/// Exact distances in the abstraction from `count` landmark side states:
/// `dist[state * count + l]` (`INF` when unreachable).
#[derive(Clone, Debug, Default)]
pub(super) struct Landmarks {
    pub(super) count: usize,
    states: Vec<SideState>,
    pub(super) dist: Vec<u32>,
}

impl fmt::Debug for Abstraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Abstraction")
            .field("rows", &self.board.rows)
            .field("cols", &self.board.cols)
            .field("computed", &self.computed.get())
            .finish_non_exhaustive()
    }
}

impl Abstraction {
    /// The abstraction of `board`.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::huarong::{Abstraction, Board, Precompute};
    /// use state_search::grid::{Dir, Pos};
    ///
    /// // A 3x3 open board: around the centre, opposite sides are 4 apart, adjacent ones 2.
    /// let board = Board::new(3, 3, &[true; 9]).unwrap();
    /// let abstraction = Abstraction::new(board, Precompute::Eager)?;
    /// let centre = Pos::new(1, 1);
    /// assert_eq!(abstraction.walk(centre, Dir::Up, Dir::Down), Some(4));
    /// assert_eq!(abstraction.walk(centre, Dir::Up, Dir::Left), Some(2));
    /// assert_eq!(abstraction.walk(Pos::new(0, 0), Dir::Down, Dir::Right), Some(2));
    /// // In a corridor, the blank cannot get past the piece.
    /// let corridor = Abstraction::new(Board::new(1, 3, &[true; 3]).unwrap(), Precompute::Eager)?;
    /// assert_eq!(corridor.walk(Pos::new(0, 1), Dir::Left, Dir::Right), None);
    /// # Ok::<(), state_search::CapacityError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the abstraction's arrays or its searches' stores cannot be
    /// allocated.
    pub fn new(board: Board, precompute: Precompute) -> Result<Self, CapacityError> {
        Self::with_landmarks(board, precompute, 0)
    }

    /// The abstraction of `board` with `landmarks` (at most [`MAX_LANDMARKS`]) landmark
    /// side states for [`QuerySpace::estimate`]: exact distances from each of them, found
    /// by the crate's [`Dijkstra`] over the abstraction.
    ///
    /// The landmarks lie in the largest connected component of the abstraction: the first
    /// on its first side state, each next one on the state farthest from those already
    /// chosen. They need the components, so [`Precompute::Lazy`] places none.
    ///
    /// # Complexity
    ///
    /// [`Abstraction::new`], plus one Dijkstra over the side states per landmark; memory
    /// `4 * landmarks` bytes per side state.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the abstraction's arrays or its searches' stores cannot be
    /// allocated.
    ///
    /// [`QuerySpace::estimate`]: super::QuerySpace::estimate
    pub fn with_landmarks(
        board: Board,
        precompute: Precompute,
        landmarks: usize,
    ) -> Result<Self, CapacityError> {
        let offsets = board.offsets();
        let (part, block) = blocks(&board, offsets)?;
        let cells = board.cell_bound();
        let bound = u32::try_from(cells).unwrap_or(NONE);
        let abstraction = Self {
            walk: try_filled(cells * 16, Cell::new(INF))?,
            ready: try_filled(cells, Cell::new(false))?,
            scratch: RefCell::new(Bfs::with_storage(Dense(IdIndexer { bound })).searcher()?),
            computed: Cell::new(0),
            board,
            offsets,
            part,
            block,
            landmarks: Landmarks::default(),
            component: Vec::new(),
        };
        if precompute == Precompute::Eager {
            let mut bfs = abstraction.scratch.borrow_mut();
            for cell in 0..bound {
                if abstraction.board.open(cell) {
                    abstraction.compute(cell, &mut bfs);
                }
            }
        }
        let mut abstraction = abstraction;
        if precompute == Precompute::Eager {
            abstraction.component = abstraction.components()?;
        }
        abstraction.landmarks = abstraction.place_landmarks(landmarks.min(MAX_LANDMARKS))?;
        Ok(abstraction)
    }

    /// The connected components of the side states (the abstraction is symmetric, so
    /// a goal is reachable from a state exactly when they share a component), by
    /// union-find over the steps. States that do not exist get their own component.
    fn components(&self) -> Result<Vec<u32>, CapacityError> {
        let bound = self.side_bound();
        let mut parent: Vec<u32> = Vec::new();
        parent
            .try_reserve_exact(bound as usize)
            .map_err(|_| CapacityError::out_of_memory(bound as usize, size_of::<u32>()))?;
        parent.extend(0..bound);
        let find = |parent: &mut Vec<u32>, mut x: u32| {
            let mut root = x;
            while parent[root as usize] != root {
                root = parent[root as usize];
            }
            while parent[x as usize] != root {
                let next = parent[x as usize];
                parent[x as usize] = root;
                x = next;
            }
            root
        };
        for state in 0..bound {
            if self.block[state as usize] == NONE {
                continue;
            }
            self.successors(&SideState(state), |next, _| {
                let (a, b) = (find(&mut parent, state), find(&mut parent, next.0));
                if a != b {
                    // Link the larger id under the smaller: deterministic, and the trees
                    // stay shallow enough with path compression.
                    let (low, high) = if a < b { (a, b) } else { (b, a) };
                    parent[high as usize] = low;
                }
            });
        }
        for state in 0..bound {
            let root = find(&mut parent, state);
            parent[state as usize] = root;
        }
        Ok(parent)
    }

    /// Whether a piece on side state `from` can reach side state `to`: `None` when the
    /// components are not known (lazy walks).
    pub(super) fn connected(&self, from: SideState, to: SideState) -> Option<bool> {
        let component = &self.component;
        (!component.is_empty()).then(|| component[from.0 as usize] == component[to.0 as usize])
    }

    /// The number of side state ids: 4 per cell id.
    fn side_bound(&self) -> u32 {
        u32::try_from(self.board.cell_bound() * 4).unwrap_or(NONE)
    }

    /// Chooses `count` landmarks and computes the distances from each.
    fn place_landmarks(&self, count: usize) -> Result<Landmarks, CapacityError> {
        let bound = self.side_bound();
        let mut landmarks = Landmarks {
            count,
            states: Vec::with_capacity(count),
            dist: try_filled(bound as usize * count, INF)?,
        };
        // The largest component of the abstraction, and its first side state.
        if self.component.is_empty() {
            landmarks.count = 0;
            landmarks.dist.clear();
            return Ok(landmarks);
        }
        let mut sizes = try_filled(self.component.len(), 0u32)?;
        for state in 0..bound {
            if self.block[state as usize] != NONE {
                sizes[self.component[state as usize] as usize] += 1;
            }
        }
        let largest = (0..bound).max_by_key(|&root| (sizes[root as usize], NONE - root));
        let Some(first) = largest.filter(|&root| sizes[root as usize] > 1) else {
            // Lazy walks (no components) or no component of two states or more.
            landmarks.count = 0;
            landmarks.dist.clear();
            return Ok(landmarks);
        };
        let mut nearest = try_filled(bound as usize, INF)?;
        let mut next = SideState(first);
        let mut dijkstra = Dijkstra::with_storage(Dense(IdIndexer { bound }))
            .with_queue(BucketQueue::new())
            .searcher()?;
        for l in 0..count {
            landmarks.states.push(next);
            let column = &mut landmarks.dist;
            let nearest_ref = &mut nearest;
            let mut record = |event: Event<'_, SideState, u32>| {
                if let Event::Expanded { state, cost, .. } = event {
                    let s = state.0 as usize;
                    column[s * count + l] = cost;
                    nearest_ref[s] = nearest_ref[s].min(cost);
                }
                ControlFlow::Continue(())
            };
            let search = dijkstra.search_with(&Problem::new(self, [next], |_| false), &mut record);
            // Distances cut short by a store that could not grow would be wrong.
            if let Some(StopReason::Capacity(error)) = search.stop_reason() {
                return Err(error);
            }
            // The next landmark: the reached state farthest from every landmark so far.
            let farthest = (0..bound)
                .filter(|&s| nearest[s as usize] != INF)
                .max_by_key(|&s| (nearest[s as usize], NONE - s));
            match farthest {
                Some(s) if nearest[s as usize] > 0 => next = SideState(s),
                _ => {
                    landmarks.count = l + 1;
                    break;
                }
            }
        }
        if landmarks.count < count {
            // Fewer distinct landmarks than asked: repack the table.
            let (old, used) = (count, landmarks.count);
            let mut dist = Vec::new();
            dist.try_reserve_exact(bound as usize * used)
                .map_err(|_| CapacityError::out_of_memory(bound as usize * used, 4))?;
            dist.extend(
                (0..bound as usize)
                    .flat_map(|s| (0..used).map(move |l| (s, l)))
                    .map(|(s, l)| landmarks.dist[s * old + l]),
            );
            landmarks.dist = dist;
        }
        Ok(landmarks)
    }

    /// The landmark side states.
    #[must_use]
    pub fn landmarks(&self) -> &[SideState] {
        &self.landmarks.states
    }

    /// The heap memory held by the walks, blocks, components and landmark distances, in
    /// bytes (the buffers of the lazy BFS not included).
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        (self.walk.capacity()
            + self.part.capacity()
            + self.block.capacity()
            + self.component.capacity())
            * size_of::<u32>()
            + self.ready.capacity()
            + self.landmarks.dist.capacity() * size_of::<u32>()
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The number of cells whose walks have been computed so far.
    #[must_use]
    pub fn computed_cells(&self) -> usize {
        self.computed.get()
    }

    /// The fewest moves for the blank to go from side `from` to side `to` of a piece at
    /// `cell` without moving it; `None` when `cell` is not movable, a side is fixed or off
    /// the board, or the walk is impossible.
    #[must_use]
    pub fn walk(&self, cell: Pos, from: Dir, to: Dir) -> Option<u32> {
        let id = self.board.cell(cell).filter(|&id| self.board.open(id))?;
        let side = |dir: Dir| Dir::ALL.iter().position(|&d| d == dir).unwrap_or(0);
        let cost = self.walks(id, u32::try_from(side(from)).unwrap_or(0))[side(to)];
        (cost != INF).then_some(cost)
    }

    /// The walks from side `side` of cell `cell` to its four sides (`INF` for none),
    /// computed first if needed.
    #[inline]
    fn walks(&self, cell: u32, side: u32) -> [u32; 4] {
        let c = cell as usize;
        if !self.ready[c].get() {
            self.compute(cell, &mut self.scratch.borrow_mut());
        }
        let row = &self.walk[16 * c + 4 * side as usize..][..4];
        [row[0].get(), row[1].get(), row[2].get(), row[3].get()]
    }

    /// Computes the walks around the movable cell `cell` with at most three BFS.
    fn compute(&self, cell: u32, bfs: &mut BlankBfs) {
        let c = cell as usize;
        let blocks: [u32; 4] = core::array::from_fn(|i| self.block[4 * c + i]);
        let sides: [u32; 4] = core::array::from_fn(|i| cell.wrapping_add(self.offsets[i]));
        let walk = BlankWalk {
            board: &self.board,
            offsets: self.offsets,
            blocked: cell,
        };
        for i in 0..4 {
            if blocks[i] == NONE {
                continue;
            }
            self.walk[16 * c + 5 * i].set(0);
            // The later sides in the same block: the walks still unknown from side i.
            let mut targets = [NONE; 3];
            let mut count = 0;
            for j in i + 1..4 {
                if blocks[j] == blocks[i] {
                    targets[count] = sides[j];
                    count += 1;
                }
            }
            if count == 0 {
                continue;
            }
            let left = Cell::new(count);
            let _found = bfs.search(&Problem::new(&walk, [sides[i]], |at| {
                let target = targets[..count].contains(at);
                if target {
                    left.set(left.get() - 1);
                }
                target && left.get() == 0
            }));
            for j in i + 1..4 {
                if blocks[j] == blocks[i]
                    && let Some(steps) = bfs.cost(&sides[j])
                {
                    let steps = u32::try_from(steps).unwrap_or(INF);
                    self.walk[16 * c + 4 * i + j].set(steps);
                    self.walk[16 * c + 4 * j + i].set(steps);
                }
            }
        }
        self.ready[c].set(true);
        self.computed.set(self.computed.get() + 1);
    }

    /// The costs of the blank's walks from `blank` to the four sides of a piece at `piece`
    /// (held still), `INF` for the sides it cannot reach, with the search's statistics.
    ///
    /// An A* toward the piece (Manhattan distance to it, less one: consistent), which
    /// settles the sides in order of cost with exact costs and stops at the last side it
    /// can reach; measured about 20% faster than a BFS, which floods a disc around the
    /// blank.
    pub(super) fn blank_to_sides(
        &self,
        astar: &mut BlankAStar,
        blank: u32,
        piece: u32,
    ) -> ([u32; 4], Stats) {
        let p = piece as usize;
        let blocks: [u32; 4] = core::array::from_fn(|i| self.block[4 * p + i]);
        let sides: [u32; 4] = core::array::from_fn(|i| piece.wrapping_add(self.offsets[i]));
        let mut costs = [INF; 4];
        if self.part[blank as usize] != self.part[p] {
            return (costs, Stats::default());
        }
        // The first side reached fixes which sides are reachable: those of its block.
        let needed = Cell::new(usize::MAX);
        let found = Cell::new(0);
        let walk = BlankWalk {
            board: &self.board,
            offsets: self.offsets,
            blocked: piece,
        };
        let coords = &self.board.coords;
        let [pr, pc] = coords[p];
        let toward_piece = |&at: &u32| {
            let [r, c] = coords[at as usize];
            (r.abs_diff(pr) + c.abs_diff(pc)).saturating_sub(1)
        };
        let mut record = |event: Event<'_, u32, u32>| {
            if let Event::Expanded { state, cost, .. } = event
                && let Some(side) = sides.iter().position(|s| s == state)
            {
                costs[side] = cost;
            }
            ControlFlow::Continue(())
        };
        let is_goal = |at: &u32| {
            let Some(side) = sides.iter().position(|s| s == at) else {
                return false;
            };
            if needed.get() == usize::MAX {
                needed.set(blocks.iter().filter(|&&b| b == blocks[side]).count());
            }
            found.set(found.get() + 1);
            found.get() == needed.get()
        };
        let problem = Problem::new(&walk, [blank], is_goal).heuristic(toward_piece);
        let search = astar.search_with(&problem, &mut record);
        if let Some(last) = search.found()
            && let Some(&at) = last.path.last()
            && let Some(side) = sides.iter().position(|&s| s == at)
        {
            costs[side] = last.cost;
        }
        (costs, search.stats)
    }
}

/// The A* of the blank's walks to a piece.
pub(super) type BlankAStar =
    Searcher<u32, AStar<u32, Dense<IdIndexer>, BucketQueue<AStarKey<u32>>>>;

/// The BFS of the blank's walks around a cell, and of the distance fields.
pub(super) type BlankBfs = Searcher<u32, Bfs<Dense<IdIndexer>>>;

impl StateSpace for Abstraction {
    type State = SideState;
    type Cost = u32;

    /// The steps of the abstraction from a side state: to each other side the blank can
    /// walk to, at the cost of the walk, and the swap of the blank with the piece (cost 1:
    /// the piece moves to that side, the blank ends on its opposite side).
    #[inline]
    fn successors(&self, state: &SideState, mut emit: impl FnMut(SideState, u32)) {
        let (cell, side) = (state.piece(), state.0 & 3);
        let walks = self.walks(cell, side);
        for to in 0..4 {
            let cost = walks[to as usize];
            if to != side && cost != INF {
                emit(SideState(4 * cell + to), cost);
            }
        }
        let next = cell.wrapping_add(self.offsets[side as usize]);
        emit(SideState(4 * next + (side ^ 1)), 1);
    }
}

impl IndexedSpace for Abstraction {
    type Indexer = IdIndexer;
    fn indexer(&self) -> IdIndexer {
        IdIndexer {
            bound: self.side_bound(),
        }
    }
}
