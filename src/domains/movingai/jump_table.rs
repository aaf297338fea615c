//! JPS+: the jumps of Jump Point Search precomputed once per map, in a table that the
//! searches of many (start, goal) pairs share.

use crate::grid::Pos;
use crate::problem::{NoBackward, NoDistance, NoIndexer, Problem};
use crate::space::{IndexedSpace, StateSpace};
use crate::store::try_filled;

use super::jump::{Rules, cells_of, expand, reaches};
use super::space::BLOCKED;
use super::{
    Connectivity, Direction, JumpDistance, JumpError, JumpIndexer, JumpPoint, OctileCost,
    OctileSpace,
};

/// The jumps of an 8-connected [`OctileSpace`], computed once for all goals (JPS+,
/// Harabor and Grastien 2014, under this crate's rules: no corner cutting, one terrain
/// class per path).
///
/// For every cell and each of the eight [`Direction`]s the table holds how far a jump of
/// [`JumpSpace`](super::JumpSpace) goes when no goal stops it: the number of moves to the
/// next jump point (a cell with a forced neighbour, for a straight jump; a cell from
/// which a straight jump along either part of the diagonal stops, for a diagonal one), or
/// the number of moves to the last cell before a wall or another terrain class; a jump
/// longer than 32,767 moves is cut into pieces of that length (the search stops at each
/// cut and jumps on). A search toward a goal reads the jumps instead of scanning the map
/// ([`JumpTable::jump_points`] gives its space, [`JumpPlusSpace`]).
///
/// The table borrows the space it was built from, so that it cannot be used with another
/// map, and many queries borrow the table: each query's space is a copy of two words,
/// built in O(1), with no reference count to update; the table is `Sync`, so the threads
/// of a [`std::thread::scope`] share one.
///
/// # Examples
///
/// ```
/// use state_search::domains::movingai::{Connectivity, JumpTable, OctileCost, OctileMap, OctileSpace};
/// use state_search::grid::Pos;
/// use state_search::{Limits, Strategy};
///
/// let map = OctileMap::parse("type octile\nheight 4\nwidth 6\nmap\n......\n.@@@@.\n......\n......\n")?;
/// let space = OctileSpace::new(&map, Connectivity::Eight);
/// let table = JumpTable::new(&space)?; // once per map
/// assert_eq!(table.bytes(), 8 * 6 * 16); // the map and its border, 16 bytes a cell
/// for (start, goal, cost) in [
///     (Pos::new(0, 0), Pos::new(3, 5), OctileCost::new(6, 1)),
///     (Pos::new(3, 5), Pos::new(0, 1), OctileCost::new(7, 0)), // up the right side
/// ] {
///     let jumps = table.jump_points(goal); // once per query, O(1)
///     let found = Strategy::AStar.run(&jumps.problem(start), &Limits::new())?.into_found().unwrap();
///     assert_eq!(found.cost, cost);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct JumpTable<'a> {
    space: &'a OctileSpace,
    /// Per cell of the padded array, per direction (in the order of [`Direction::ALL`]):
    /// above 0, the moves to the next jump point; else minus the moves to the last cell
    /// a jump reaches before it is blocked. A jump longer than [`LONGEST`] moves is cut
    /// into pieces of [`LONGEST`]: the cell it stops at is then a jump point with nothing
    /// forced, from which the search jumps on.
    jumps: Vec<[i16; 8]>,
}

impl<'a> JumpTable<'a> {
    /// The jumps of `space` in every direction from every cell.
    ///
    /// # Errors
    ///
    /// [`JumpError::FourConnected`] for a space with [`Connectivity::Four`];
    /// [`JumpError::Capacity`] when the allocator refuses the table
    /// ([`JumpTable::bytes`]: 16 bytes per cell of the map and its border).
    ///
    /// # Complexity
    ///
    /// O(cells) time: each entry is computed from the next cell's, in one pass per
    /// direction.
    pub fn new(space: &'a OctileSpace) -> Result<Self, JumpError> {
        if space.connectivity() == Connectivity::Four {
            return Err(JumpError::FourConnected);
        }
        let classes = space.classes();
        let mut jumps = try_filled(classes.len(), [0i16; 8]).map_err(JumpError::Capacity)?;
        let stride = space.stride();
        // The straight directions first (as `Direction::ALL` lists them): a diagonal jump
        // stops where a straight one does.
        for direction in Direction::ALL {
            let number = direction.number();
            let delta = direction.offset(stride);
            let (dr, dc) = direction.delta();
            let parts = [Direction::of(dr, 0), Direction::of(0, dc)];
            let entry = |at: usize, jumps: &[[i16; 8]]| -> i16 {
                let class = classes[at];
                if class == BLOCKED {
                    return 0;
                }
                let rules = Rules::new(classes, class);
                let next = at.wrapping_add_signed(delta);
                let stops = if let [Some(vertical), Some(horizontal)] = parts {
                    let (v, h) = (vertical.offset(stride), horizontal.offset(stride));
                    if !rules.diagonal(at, next, v, h) {
                        return 0;
                    }
                    jumps[next][vertical.number()] > 0 || jumps[next][horizontal.number()] > 0
                } else {
                    if !rules.open(next) {
                        return 0;
                    }
                    rules.forced(at, next, if dr == 0 { stride } else { 1 })
                };
                match i32::from(jumps[next][number]) {
                    _ if stops => 1,
                    further if further > 0 => piece(further + 1),
                    blocked => piece(blocked - 1),
                }
            };
            // Each entry reads the one of the next cell in its direction: those first.
            if delta > 0 {
                for at in (0..jumps.len()).rev() {
                    jumps[at][number] = entry(at, &jumps);
                }
            } else {
                for at in 0..jumps.len() {
                    jumps[at][number] = entry(at, &jumps);
                }
            }
        }
        Ok(Self { space, jumps })
    }

    /// The space the table was built from.
    #[must_use]
    pub fn space(&self) -> &'a OctileSpace {
        self.space
    }

    /// The bytes of the table's jumps: 16 per cell of the map and of its border.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.jumps.len() * size_of::<[i16; 8]>()
    }

    /// The jump points of the space toward `goal`, their jumps read from this table (see
    /// [`JumpPlusSpace`]).
    ///
    /// # Complexity
    ///
    /// O(1): the table is borrowed.
    #[must_use]
    pub fn jump_points(&self, goal: Pos) -> JumpPlusSpace<'_> {
        JumpPlusSpace { table: self, goal }
    }

    /// The end of the jump from the cell at padded index `here` (the cell `from`) in
    /// `direction` toward `goal`, and its cost: the goal, when the jump passes it; for a
    /// diagonal jump toward a goal ahead on both axes, the cell where it meets the goal's
    /// row or column, when it gets there; else the table's jump point, if any.
    #[inline]
    fn target(
        &self,
        here: usize,
        from: Pos,
        direction: Direction,
        goal: Pos,
    ) -> Option<(Pos, OctileCost)> {
        let jump = self.jumps[here][direction.number()];
        let reach = u32::from(jump.unsigned_abs());
        let (dr, dc) = direction.delta();
        let to_goal = match (ahead(from.row, goal.row, dr), ahead(from.col, goal.col, dc)) {
            (Some(rows), Some(cols)) => match (dr, dc) {
                (0, _) => Some(cols),
                (_, 0) => Some(rows),
                _ => Some(rows.min(cols)),
            },
            _ => None,
        };
        let moves = match to_goal {
            Some(moves) if moves <= reach => moves,
            _ if jump > 0 => reach,
            _ => return None,
        };
        let cost = if direction.is_diagonal() {
            OctileCost::new(0, moves)
        } else {
            OctileCost::new(moves, 0)
        };
        let pos = Pos::new(shift(from.row, dr, moves), shift(from.col, dc, moves));
        Some((pos, cost))
    }
}

/// The longest jump the table holds, in moves.
const LONGEST: i16 = i16::MAX;

/// A table entry for `moves`: a longer jump (either way) becomes a stop after [`LONGEST`]
/// moves, which every cell of the jump up to there allows.
fn piece(moves: i32) -> i16 {
    i16::try_from(moves)
        .ok()
        .filter(|m| m.unsigned_abs() <= LONGEST.unsigned_abs())
        .unwrap_or(LONGEST)
}

/// The moves by `d` (-1, 0 or 1) from `x` to `goal` on one axis: `Some(0)` for `d = 0`
/// and `x = goal`, `Some(n)` for `n >= 1` moves ahead, else `None`.
#[inline]
fn ahead(x: u32, goal: u32, d: i8) -> Option<u32> {
    match d {
        1 => goal.checked_sub(x).filter(|&n| n > 0),
        -1 => x.checked_sub(goal).filter(|&n| n > 0),
        _ => (x == goal).then_some(0),
    }
}

/// `x` moved `n` times by `d` (-1, 0 or 1).
#[inline]
fn shift(x: u32, d: i8, n: u32) -> u32 {
    match d {
        1 => x + n,
        -1 => x - n,
        _ => x,
    }
}

/// The jump points of an 8-connected [`OctileSpace`] toward one goal, their jumps read
/// from a [`JumpTable`]: a [`StateSpace`] whose search with A* is JPS+.
///
/// The states, the pruning of directions at each jump point, the heuristic
/// ([`JumpDistance`]) and the numbering ([`JumpIndexer`]) are those of
/// [`JumpSpace`](super::JumpSpace); a jump costs O(1) instead of a scan of its line. A
/// jump stops at the goal when it passes it, and a diagonal jump toward a goal ahead on
/// both axes stops where it meets the goal's row or column (from there a straight jump
/// may reach it): so an optimal strategy over this space finds the same least costs as
/// over [`JumpSpace`](super::JumpSpace) or over the cells.
///
/// # Examples
///
/// ```
/// use state_search::domains::movingai::{Connectivity, JumpTable, OctileCost, OctileMap, OctileSpace};
/// use state_search::grid::Pos;
/// use state_search::{Limits, Strategy};
///
/// let map = OctileMap::parse("type octile\nheight 3\nwidth 7\nmap\n.......\n.......\n..@....\n")?;
/// let space = OctileSpace::new(&map, Connectivity::Eight);
/// let table = JumpTable::new(&space)?;
/// // The goal in the middle of a jump: the jump from the start stops there.
/// let (start, goal) = (Pos::new(0, 0), Pos::new(0, 4));
/// let jumps = table.jump_points(goal);
/// let search = Strategy::AStar.run(&jumps.problem(start), &Limits::new())?;
/// let found = search.found().unwrap();
/// assert_eq!(found.cost, OctileCost::new(4, 0));
/// assert_eq!(jumps.cells(&found.path).len(), 5);
/// assert_eq!(search.stats.expanded, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct JumpPlusSpace<'t> {
    table: &'t JumpTable<'t>,
    goal: Pos,
}

/// A search problem over a [`JumpPlusSpace`], as [`JumpPlusSpace::problem`] builds it.
pub type JumpPlusProblem<'s, 't, G> =
    Problem<'s, JumpPlusSpace<'t>, G, JumpDistance, NoIndexer, NoBackward, NoDistance>;

impl<'t> JumpPlusSpace<'t> {
    /// The goal.
    #[must_use]
    pub fn goal(&self) -> Pos {
        self.goal
    }

    /// The problem of reaching the goal from `start`: the jump point of `start`, the goal
    /// test and the octile distance to the goal ([`JumpDistance`]), ready for any
    /// strategy that needs no backward view, with hashed storage as
    /// [`JumpSpace::problem`](super::JumpSpace::problem).
    #[must_use]
    pub fn problem(
        &self,
        start: Pos,
    ) -> JumpPlusProblem<'_, 't, impl Fn(&JumpPoint) -> bool + use<>> {
        Problem::new(self, [JumpPoint::start(start)], reaches(self.goal))
            .heuristic(JumpDistance { goal: self.goal })
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

impl StateSpace for JumpPlusSpace<'_> {
    type State = JumpPoint;
    type Cost = OctileCost;

    /// The jumps from `state` in the directions that Jump Point Search keeps, each read
    /// from the table.
    #[inline]
    fn successors(&self, state: &JumpPoint, mut emit: impl FnMut(JumpPoint, OctileCost)) {
        expand(self.table.space, state, |here, _, direction| {
            if let Some((pos, cost)) = self.table.target(here, state.pos, direction, self.goal) {
                let arrived = Some(direction);
                emit(JumpPoint { pos, arrived }, cost);
            }
        });
    }
}

impl IndexedSpace for JumpPlusSpace<'_> {
    type Indexer = JumpIndexer;

    fn indexer(&self) -> JumpIndexer {
        JumpIndexer::of(self.table.space)
    }
}
