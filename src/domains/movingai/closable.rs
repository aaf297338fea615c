//! A map whose cells open and close between searches: the space of the incremental
//! searches ([`Lpa`](crate::Lpa), [`DStarLite`](crate::DStarLite)).

use crate::algo::incremental::PairHeuristic;
use crate::grid::{CellIndexer, Pos};
use crate::space::{IndexedSpace, ReversibleSpace, StateSpace};

use super::space::BLOCKED;
use super::{Connectivity, OctileCost, OctileDistance, OctileMap, OctileSpace};

/// An [`OctileSpace`] whose passable cells can be closed (made impassable, as `@`) and
/// opened again between searches: a map on which doors shut and rubble is cleared, for
/// the incremental searches ([`Lpa`](crate::Lpa), [`DStarLite`](crate::DStarLite)).
///
/// The moves are [`OctileSpace`]'s on the map as it is now: a closed cell is neither
/// entered nor left, and a diagonal step needs both cells it passes by open. A change to
/// one cell changes only steps between cells of the 3x3 block around it (the steps into
/// and out of it, and the diagonal steps past it); [`steps_around`](Self::steps_around)
/// lists them all, which is what an incremental search must be told.
///
/// # Examples
///
/// A door in a wall closes after the first search; LPA* finds the way round:
///
/// ```
/// use state_search::domains::movingai::{ClosableSpace, Connectivity, OctileCost, OctileMap};
/// use state_search::grid::Pos;
/// use state_search::{Lpa, astar};
///
/// let map = OctileMap::parse("type octile\nheight 4\nwidth 5\nmap\n.....\n@@.@@\n.....\n.....\n")?;
/// let mut space = ClosableSpace::new(&map, Connectivity::Eight);
/// let (start, goal) = (Pos::new(0, 0), Pos::new(3, 0));
/// let mut lpa = Lpa::new(start, goal, space.heuristic(goal));
/// // Right 2, down 2 through the door, diagonally down-left, left 1.
/// assert_eq!(lpa.search(&space).into_found().unwrap().cost, OctileCost::new(5, 1));
/// let door = Pos::new(1, 2);
/// assert!(space.close(door));
/// lpa.edges_changed(space.steps_around(door));
/// assert_eq!(lpa.search(&space).found().map(|found| found.cost), None); // no way round
/// assert!(space.open(door));
/// lpa.edges_changed(space.steps_around(door));
/// let found = lpa.search(&space).into_found().unwrap();
/// let fresh = astar(&space, [start], &space.heuristic(goal), |&p| p == goal).into_found().unwrap();
/// assert_eq!(found.cost, fresh.cost);
/// # Ok::<(), state_search::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ClosableSpace {
    /// The map's space with the closed cells blocked.
    space: OctileSpace,
    /// The class codes of the map itself, as [`OctileSpace::classes`] holds them.
    original: Vec<u8>,
}

impl ClosableSpace {
    /// The cells of `map` under `connectivity`, all as the map has them (none closed).
    ///
    /// # Complexity
    ///
    /// O(cells) time, two bytes per cell.
    #[must_use]
    pub fn new(map: &OctileMap, connectivity: Connectivity) -> Self {
        OctileSpace::new(map, connectivity).into()
    }

    /// The space as it is now, closed cells impassable: for any engine or strategy (a
    /// fresh search, or Jump Point Search through [`OctileSpace::jump_points`]).
    #[must_use]
    pub fn space(&self) -> &OctileSpace {
        &self.space
    }

    /// The octile (or Manhattan) distance to `goal`: consistent, whatever is closed.
    #[must_use]
    pub fn heuristic(&self, goal: Pos) -> OctileDistance {
        self.space.heuristic(goal)
    }

    /// Closes `pos`; `true` when it was a passable cell of the map and open. A closed
    /// cell, an impassable one or a position off the map is left as it is (`false`).
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn close(&mut self, pos: Pos) -> bool {
        match self.space.padded(pos) {
            Some(at) if self.space.classes()[at] != BLOCKED => {
                self.space.set_class(at, BLOCKED);
                true
            }
            _ => false,
        }
    }

    /// Opens `pos` again: `true` when it was closed by [`close`](Self::close). A cell the
    /// map has impassable stays so.
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn open(&mut self, pos: Pos) -> bool {
        match self.space.padded(pos) {
            Some(at) if self.original[at] != BLOCKED && self.space.classes()[at] == BLOCKED => {
                self.space.set_class(at, self.original[at]);
                true
            }
            _ => false,
        }
    }

    /// Whether `pos` is a passable cell of the map that is closed now.
    #[must_use]
    pub fn is_closed(&self, pos: Pos) -> bool {
        self.space
            .padded(pos)
            .is_some_and(|at| self.original[at] != BLOCKED && self.space.classes()[at] == BLOCKED)
    }

    /// Every step `(from, to)` whose cost a change of `pos` (closing or opening it) can
    /// change: each ordered pair of neighbouring cells (straight or, under
    /// [`Connectivity::Eight`], diagonal) within the 3x3 block around `pos`, on the map,
    /// whether a step joins them or not. What [`Lpa::edges_changed`](crate::Lpa::edges_changed)
    /// and [`DStarLite::edges_changed`](crate::DStarLite::edges_changed) need to be told.
    ///
    /// # Complexity
    ///
    /// At most 40 pairs, 20 under [`Connectivity::Four`].
    pub fn steps_around(&self, pos: Pos) -> impl Iterator<Item = (Pos, Pos)> + use<> {
        let (rows, cols) = (self.space.rows(), self.space.cols());
        let diagonals = self.space.connectivity() == Connectivity::Eight;
        let inside = move |row: i64, col: i64| {
            (row - i64::from(pos.row)).abs() <= 1
                && (col - i64::from(pos.col)).abs() <= 1
                && (0..i64::from(rows)).contains(&row)
                && (0..i64::from(cols)).contains(&col)
        };
        // Only cells on the map get here: the conversions do not fail.
        let cell = |row: i64, col: i64| {
            Pos::new(
                u32::try_from(row).unwrap_or_default(),
                u32::try_from(col).unwrap_or_default(),
            )
        };
        let on_map = pos.row < rows && pos.col < cols;
        let block = (-1..=1i64).flat_map(move |dr| (-1..=1i64).map(move |dc| (dr, dc)));
        block
            .filter(move |_| on_map)
            .map(move |(dr, dc)| (i64::from(pos.row) + dr, i64::from(pos.col) + dc))
            .filter(move |&(row, col)| inside(row, col))
            .flat_map(move |(row, col)| {
                let moves = (-1..=1i64).flat_map(|dr| (-1..=1i64).map(move |dc| (dr, dc)));
                moves
                    .filter(move |&(dr, dc)| {
                        (dr, dc) != (0, 0) && (diagonals || dr == 0 || dc == 0)
                    })
                    .map(move |(dr, dc)| (row + dr, col + dc))
                    .filter(move |&(r, c)| inside(r, c))
                    .map(move |(r, c)| (cell(row, col), cell(r, c)))
            })
    }
}

impl From<OctileSpace> for ClosableSpace {
    /// `space` with none of its cells closed.
    fn from(space: OctileSpace) -> Self {
        Self {
            original: space.classes().to_vec(),
            space,
        }
    }
}

impl StateSpace for ClosableSpace {
    type State = Pos;
    type Cost = OctileCost;

    #[inline]
    fn successors(&self, state: &Pos, emit: impl FnMut(Pos, OctileCost)) {
        self.space.moves(*state, emit);
    }

    fn uniform_cost(&self) -> Option<OctileCost> {
        self.space.uniform_cost()
    }
}

impl ReversibleSpace for ClosableSpace {
    /// The successors: a move and its reverse need the same cells.
    #[inline]
    fn predecessors(&self, state: &Pos, emit: impl FnMut(Pos, OctileCost)) {
        self.space.moves(*state, emit);
    }
}

impl IndexedSpace for ClosableSpace {
    type Indexer = CellIndexer;

    fn indexer(&self) -> CellIndexer {
        self.space.indexer()
    }
}

/// The distance between two cells under the connectivity: octile for
/// [`Connectivity::Eight`], Manhattan for [`Connectivity::Four`]. The estimate of
/// [`DStarLite`](crate::DStarLite) on an [`OctileSpace`] or a [`ClosableSpace`]:
/// consistent, and a true distance (it obeys the triangle inequality).
///
/// # Examples
///
/// ```
/// use state_search::PairHeuristic;
/// use state_search::domains::movingai::{Connectivity, OctileCost};
/// use state_search::grid::Pos;
///
/// let (a, b) = (Pos::new(0, 0), Pos::new(2, 5));
/// assert_eq!(Connectivity::Eight.between(&a, &b), OctileCost::new(3, 2));
/// assert_eq!(Connectivity::Four.between(&a, &b), OctileCost::new(7, 0));
/// ```
impl PairHeuristic<Pos, OctileCost> for Connectivity {
    #[inline]
    fn between(&self, from: &Pos, to: &Pos) -> OctileCost {
        match self {
            Connectivity::Eight => OctileCost::octile(*from, *to),
            Connectivity::Four => OctileCost::new(from.manhattan(*to), 0),
        }
    }
}
