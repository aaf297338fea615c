//! The map as a state space: 8- or 4-connected moves within one terrain class, and the
//! octile (or Manhattan) heuristic.

use std::sync::OnceLock;

use crate::error::CapacityError;
use crate::grid::{CellIndexer, Padding, Pos};
use crate::space::{Heuristic, IndexedSpace, ReversibleSpace, StateSpace};

use super::blocks::Blocks;
use super::{OctileCost, OctileMap, Terrain, TerrainClass};

/// Which neighbours a move reaches.
///
/// # Examples
///
/// ```
/// use state_search::domains::movingai::Connectivity;
///
/// assert_eq!(Connectivity::default(), Connectivity::Eight);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Connectivity {
    /// The eight neighbours, as the Moving AI benchmark: straight steps cost 1, diagonal
    /// steps √2, and a diagonal step needs both cells it passes by.
    #[default]
    Eight,
    /// The four edge neighbours, at cost 1 each.
    Four,
}

/// The class code of impassable cells (and of the border) in [`OctileSpace`]'s array.
pub(super) const BLOCKED: u8 = 0;

/// The class code of a terrain: 0 for impassable, else one per [`TerrainClass`].
fn class_code(terrain: Terrain) -> u8 {
    match terrain.class() {
        None => BLOCKED,
        Some(TerrainClass::Ground) => 1,
        Some(TerrainClass::Trees) => 2,
        Some(TerrainClass::Water) => 3,
    }
}

/// A Moving AI map as a [`StateSpace`] of cells, with the benchmark's movement rules.
///
/// **States** are the cells, as [`Pos`]; **costs** are exact [`OctileCost`]s. From a
/// passable cell of class `k` ([`Terrain::class`]) a move goes to a neighbour of class
/// `k` too:
///
/// - a **straight step** (up, down, left, right) costs 1;
/// - a **diagonal step** (with [`Connectivity::Eight`]) costs √2 and needs both cells it
///   passes by, the two straight neighbours it lies between, to be of class `k` as well:
///   no cutting of corners, and no squeezing between two other classes.
///
/// Nothing moves from an impassable cell, nor off the map (a start off the map has no
/// moves, and the indexer numbers only the cells on the map). The moves are symmetric, so
/// the predecessors ([`ReversibleSpace`]) are the successors. The cells are numbered by
/// the map's [`CellIndexer`] ([`IndexedSpace`]). [`OctileSpace::heuristic`] is the
/// octile distance for 8-connected moves and the Manhattan distance for 4-connected
/// ones: admissible and consistent, as each step costs exactly the distance between its
/// ends.
///
/// # Examples
///
/// ```
/// use state_search::domains::movingai::{Connectivity, OctileCost, OctileMap, OctileSpace};
/// use state_search::grid::Pos;
/// use state_search::{Limits, Problem, Strategy};
///
/// // From the top left to the top right: round the trees `T` (another class), and not
/// // diagonally past them or past the wall `@`.
/// let map = OctileMap::parse("type octile\nheight 3\nwidth 4\nmap\n..@.\n.T..\n....\n")?;
/// let space = OctileSpace::new(&map, Connectivity::Eight);
/// let (start, goal) = (Pos::new(0, 0), Pos::new(0, 3));
/// let problem = Problem::new(&space, [start], move |&p| p == goal)
///     .heuristic(space.heuristic(goal))
///     .indexed()
///     .backward(goal);
/// for strategy in [Strategy::AStar, Strategy::BidirectionalDijkstra] {
///     let found = strategy.run(&problem, &Limits::new())?.into_found().unwrap();
///     assert_eq!(found.cost, OctileCost::new(5, 1)); // down 2, right 2, up-right, up
///     assert_eq!(found.cost.to_string(), "6.41421356");
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct OctileSpace {
    /// The class code of every cell inside a border of `BLOCKED`, row by row.
    classes: Vec<u8>,
    padding: Padding,
    connectivity: Connectivity,
    indexer: CellIndexer,
    rows: u32,
    cols: u32,
    /// The cells as bits, for Jump Point Search: built by the first
    /// [`OctileSpace::jump_points`].
    blocks: OnceLock<Blocks>,
}

impl OctileSpace {
    /// The space of `map`'s cells under `connectivity`.
    ///
    /// # Complexity
    ///
    /// O(cells) time and one byte per cell (its border included).
    #[must_use]
    pub fn new(map: &OctileMap, connectivity: Connectivity) -> Self {
        let padding = Padding::of(map.grid());
        Self {
            classes: padding.fill(map.grid(), BLOCKED, |_, &terrain| class_code(terrain)),
            padding,
            connectivity,
            indexer: map.grid().indexer(),
            rows: map.height(),
            cols: map.width(),
            blocks: OnceLock::new(),
        }
    }

    /// The space's connectivity.
    #[must_use]
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// The estimate of the cost from a cell to `goal`: the octile distance under
    /// [`Connectivity::Eight`], the Manhattan distance under [`Connectivity::Four`].
    #[must_use]
    pub fn heuristic(&self, goal: Pos) -> OctileDistance {
        OctileDistance {
            goal,
            connectivity: self.connectivity,
        }
    }

    /// The class codes of the cells inside their border, row by row.
    pub(super) fn classes(&self) -> &[u8] {
        &self.classes
    }

    /// Gives the cell at padded index `at` the class code `class`, to close and open cells
    /// ([`ClosableSpace`](super::ClosableSpace)); the bits of Jump Point Search follow.
    pub(super) fn set_class(&mut self, at: usize, class: u8) {
        let Some(cell) = self.classes.get_mut(at) else {
            return;
        };
        let old = core::mem::replace(cell, class);
        if let Some(blocks) = self.blocks.get_mut() {
            blocks.set(at, old, false);
            blocks.set(at, class, true);
        }
    }

    /// The cells as bits for Jump Point Search, built on the first call.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when their memory cannot be allocated.
    pub(super) fn blocks(&self) -> Result<&Blocks, CapacityError> {
        if let Some(blocks) = self.blocks.get() {
            return Ok(blocks);
        }
        let blocks = Blocks::new(&self.classes, self.padding.stride())?;
        // Another thread may have built them meanwhile: the same bits.
        Ok(self.blocks.get_or_init(|| blocks))
    }

    /// The number of rows of the map.
    pub(super) fn rows(&self) -> u32 {
        self.rows
    }

    /// The number of columns of the map.
    pub(super) fn cols(&self) -> u32 {
        self.cols
    }

    /// The distance between vertically adjacent cells in [`OctileSpace::classes`].
    #[inline]
    pub(super) fn stride(&self) -> isize {
        // The padded array holds `stride` cells per row, so the stride fits an `isize`.
        isize::try_from(self.padding.stride()).unwrap_or(isize::MAX)
    }

    /// The index of `pos` in [`OctileSpace::classes`], or `None` off the map.
    pub(super) fn padded(&self, pos: Pos) -> Option<usize> {
        (pos.row < self.rows && pos.col < self.cols).then(|| self.padding.index(pos))
    }

    /// Emits each cell one move from `pos`, with the move's cost, in the order up, down,
    /// left, right, then the diagonals up-left, up-right, down-left, down-right. Nothing
    /// for an impassable cell, or for a `pos` off the map.
    ///
    /// # Complexity
    ///
    /// O(1): at most 12 cells are looked at.
    #[inline]
    pub fn moves(&self, pos: Pos, mut emit: impl FnMut(Pos, OctileCost)) {
        if pos.row >= self.rows || pos.col >= self.cols {
            return;
        }
        let here = self.padding.index(pos);
        let class = self.classes[here];
        if class == BLOCKED {
            return;
        }
        let stride = self.padding.stride();
        let same = |i: usize| self.classes[i] == class;
        let (up, down, left, right) = (
            same(here - stride),
            same(here + stride),
            same(here - 1),
            same(here + 1),
        );
        // The border is BLOCKED, so a neighbour in the class is on the map.
        let (row, col) = (pos.row, pos.col);
        let straight = OctileCost::STRAIGHT;
        if up {
            emit(Pos::new(row - 1, col), straight);
        }
        if down {
            emit(Pos::new(row + 1, col), straight);
        }
        if left {
            emit(Pos::new(row, col - 1), straight);
        }
        if right {
            emit(Pos::new(row, col + 1), straight);
        }
        if self.connectivity == Connectivity::Four {
            return;
        }
        let diagonal = OctileCost::DIAGONAL;
        if up && left && same(here - stride - 1) {
            emit(Pos::new(row - 1, col - 1), diagonal);
        }
        if up && right && same(here - stride + 1) {
            emit(Pos::new(row - 1, col + 1), diagonal);
        }
        if down && left && same(here + stride - 1) {
            emit(Pos::new(row + 1, col - 1), diagonal);
        }
        if down && right && same(here + stride + 1) {
            emit(Pos::new(row + 1, col + 1), diagonal);
        }
    }
}

impl StateSpace for OctileSpace {
    type State = Pos;
    type Cost = OctileCost;

    #[inline]
    fn successors(&self, state: &Pos, emit: impl FnMut(Pos, OctileCost)) {
        self.moves(*state, emit);
    }

    /// 1 under [`Connectivity::Four`] (so breadth-first search applies); `None` under
    /// [`Connectivity::Eight`].
    fn uniform_cost(&self) -> Option<OctileCost> {
        (self.connectivity == Connectivity::Four).then_some(OctileCost::STRAIGHT)
    }
}

impl ReversibleSpace for OctileSpace {
    /// The successors: a move and its reverse need the same cells.
    #[inline]
    fn predecessors(&self, state: &Pos, emit: impl FnMut(Pos, OctileCost)) {
        self.moves(*state, emit);
    }
}

impl IndexedSpace for OctileSpace {
    type Indexer = CellIndexer;

    fn indexer(&self) -> CellIndexer {
        self.indexer
    }
}

/// The distance to a goal cell on an open grid: the octile distance
/// ([`OctileCost::octile`]) for 8-connected moves, the Manhattan distance for 4-connected
/// ones. Admissible and consistent on an [`OctileSpace`] of the same connectivity.
///
/// # Examples
///
/// ```
/// use state_search::Heuristic;
/// use state_search::domains::movingai::{Connectivity, OctileCost, OctileMap, OctileSpace};
/// use state_search::grid::Pos;
///
/// let map = OctileMap::parse("type octile\nheight 3\nwidth 3\nmap\n...\n...\n...\n")?;
/// let goal = Pos::new(2, 1);
/// let eight = OctileSpace::new(&map, Connectivity::Eight).heuristic(goal);
/// let four = OctileSpace::new(&map, Connectivity::Four).heuristic(goal);
/// assert_eq!(eight.estimate(&Pos::new(0, 0)), OctileCost::new(1, 1));
/// assert_eq!(four.estimate(&Pos::new(0, 0)), OctileCost::new(3, 0));
/// # Ok::<(), state_search::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OctileDistance {
    goal: Pos,
    connectivity: Connectivity,
}

impl OctileDistance {
    /// The goal the distance is measured to.
    #[must_use]
    pub fn goal(&self) -> Pos {
        self.goal
    }
}

impl Heuristic<Pos, OctileCost> for OctileDistance {
    #[inline]
    fn estimate(&self, state: &Pos) -> OctileCost {
        match self.connectivity {
            Connectivity::Eight => OctileCost::octile(*state, self.goal),
            Connectivity::Four => OctileCost::new(state.manhattan(self.goal), 0),
        }
    }
}
