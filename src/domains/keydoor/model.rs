//! The maze itself: its cells, the padded array of cell codes the moves read, the rules of
//! a move (`KeyDoorMaze::new`, `replay`), and the errors of building and replaying.

use core::fmt;

use crate::domains::keys::{KeySet, KeyState, KeyStateIndexer};
use crate::grid::{Dir, Grid, Padding, Pos};

/// The most key types a maze built in code may use (types `0..32`).
pub const MAX_KEY_TYPES: u8 = 32;

/// A cell of a key-door maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Free floor (also the start and the target).
    Floor,
    /// Never enterable.
    Wall,
    /// Enterable once a key of this type has been collected.
    Door(u8),
    /// Holds a key of this type; entering collects it.
    Key(u8),
}

/// Why [`KeyDoorMaze::new`] refused its cells. Positions are 0-based, like every [`Pos`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MazeError {
    /// The start or the target lies outside the grid.
    OffGrid {
        /// `"start"` or `"target"`.
        what: &'static str,
        /// The position given.
        pos: Pos,
    },
    /// The start or the target is not a floor cell.
    NotFloor {
        /// `"start"` or `"target"`.
        what: &'static str,
        /// The position given.
        pos: Pos,
    },
    /// A door or key has a type of [`MAX_KEY_TYPES`] or more.
    KeyType {
        /// The cell.
        pos: Pos,
        /// The type found.
        key_type: u8,
    },
    /// The grid has more than `u32::MAX` cells.
    TooLarge,
}

impl fmt::Display for MazeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MazeError::OffGrid { what, pos } => write!(f, "the {what} {pos} is off the grid"),
            MazeError::NotFloor { what, pos } => {
                write!(f, "the {what} {pos} is not a floor cell")
            }
            MazeError::KeyType { pos, key_type } => write!(
                f,
                "the cell {pos} has key type {key_type}; types are 0..{MAX_KEY_TYPES}"
            ),
            MazeError::TooLarge => f.write_str("the grid has more than u32::MAX cells"),
        }
    }
}

impl std::error::Error for MazeError {}

/// The cell codes of the padded array: one byte per cell, a border of walls around.
const FLOOR: u8 = 0;
const WALL: u8 = 1;
const DOOR: u8 = 0x40;
const KEY: u8 = 0x80;
pub(super) const TYPE_MASK: u8 = 0x1F;

/// What a move onto a cell with `code` does to a player holding `keys`.
pub(super) enum Entry {
    Blocked,
    Open,
    Collect(u8),
}

#[inline]
pub(super) fn enter(code: u8, keys: KeySet) -> Entry {
    if code == FLOOR {
        return Entry::Open;
    }
    let key_type = code & TYPE_MASK;
    if code & KEY != 0 {
        if keys.contains(key_type) {
            Entry::Open
        } else {
            Entry::Collect(key_type)
        }
    } else if code & DOOR != 0 && keys.contains(key_type) {
        Entry::Open
    } else {
        Entry::Blocked
    }
}

/// A key-door maze: cells, a start and a target. Parse one from the contest text
/// (`str::parse`), build one in code ([`KeyDoorMaze::new`]) or generate one
/// ([`KeyDoorMaze::random`]).
///
/// As a [`StateSpace`] it is the contest objective: states are [`KeyState`]s, a step
/// costs `(keys newly collected, 1)`.
///
/// # Examples
///
/// ```
/// use state_search::domains::keydoor::{KeyDoorMaze, Objective};
/// use state_search::{Limits, Strategy};
///
/// // Door A closes the top row and a wall the bottom one: fetch key a first.
/// let maze: KeyDoorMaze = "3 5\nS.A.T\n.XXX.\na.X..\n".parse()?;
/// let layered = maze.solve_layered(&Limits::new());
/// let astar = maze.solve(Objective::FewestKeys, &Strategy::AStar, &Limits::new())?;
/// for search in [layered, astar] {
///     let route = search.into_found().unwrap();
///     assert_eq!((route.to_string().as_str(), route.keys.len()), ("DDUURRRR", 1));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`StateSpace`]: crate::StateSpace
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyDoorMaze {
    pub(super) cells: Grid<Cell>,
    pub(super) start: Pos,
    pub(super) target: Pos,
    /// The cells as codes inside a border of walls, laid out by `padding`.
    pub(super) codes: Vec<u8>,
    padding: Padding,
    /// The key types that have at least one key cell.
    key_types: KeySet,
}

impl KeyDoorMaze {
    /// A maze from its cells, start and target.
    ///
    /// # Errors
    ///
    /// A [`MazeError`] when the start or the target is off the grid or not a floor cell,
    /// or a door or key has a type of [`MAX_KEY_TYPES`] or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::Limits;
    /// use state_search::domains::keydoor::{Cell, KeyDoorMaze, Objective};
    /// use state_search::grid::{Grid, Pos};
    ///
    /// // S K20 D20 T on one row: key type 20 opens door type 20.
    /// let row = vec![Cell::Floor, Cell::Key(20), Cell::Door(20), Cell::Floor];
    /// let cells = Grid::from_cells(1, 4, row).unwrap();
    /// let maze = KeyDoorMaze::new(cells, Pos::new(0, 0), Pos::new(0, 3))?;
    /// let strategy = Objective::FewestKeys.default_strategy();
    /// let route = maze.solve(Objective::FewestKeys, &strategy, &Limits::new())?.into_found().unwrap();
    /// assert_eq!((route.to_string().as_str(), route.keys.len()), ("RRR", 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(cells: Grid<Cell>, start: Pos, target: Pos) -> Result<Self, MazeError> {
        if u32::try_from(cells.len()).is_err() {
            return Err(MazeError::TooLarge);
        }
        for (what, pos) in [("start", start), ("target", target)] {
            match cells.get(pos) {
                None => return Err(MazeError::OffGrid { what, pos }),
                Some(Cell::Floor) => {}
                Some(_) => return Err(MazeError::NotFloor { what, pos }),
            }
        }
        let padding = Padding::of(&cells);
        let mut codes = vec![WALL; padding.len()];
        let mut key_types = KeySet::EMPTY;
        for (i, &cell) in cells.cells().iter().enumerate() {
            let pos = cells.pos_of(i);
            let code = match cell {
                Cell::Floor => FLOOR,
                Cell::Wall => WALL,
                Cell::Door(t) | Cell::Key(t) if t >= MAX_KEY_TYPES => {
                    return Err(MazeError::KeyType { pos, key_type: t });
                }
                Cell::Door(t) => DOOR | t,
                Cell::Key(t) => {
                    key_types = key_types.with(t);
                    KEY | t
                }
            };
            codes[padding.index(pos)] = code;
        }
        Ok(Self {
            cells,
            start,
            target,
            codes,
            padding,
            key_types,
        })
    }

    /// The cells.
    #[must_use]
    pub fn cells(&self) -> &Grid<Cell> {
        &self.cells
    }

    /// The start cell.
    #[must_use]
    pub fn start(&self) -> Pos {
        self.start
    }

    /// The target cell.
    #[must_use]
    pub fn target(&self) -> Pos {
        self.target
    }

    /// The start state: the start cell, no keys.
    #[must_use]
    pub fn start_state(&self) -> KeyState {
        KeyState::new(self.start, KeySet::EMPTY)
    }

    /// Whether `state` is on the target cell.
    #[must_use]
    pub fn is_goal(&self, state: &KeyState) -> bool {
        state.pos == self.target
    }

    /// The key types that have at least one key cell: the only ones a player can hold.
    #[must_use]
    pub fn key_types(&self) -> KeySet {
        self.key_types
    }

    /// The position of `pos` in the padded code array.
    #[inline]
    pub(super) fn padded(&self, pos: Pos) -> usize {
        self.padding.index(pos)
    }

    /// The offsets in the padded array of the moves U, D, L, R.
    #[inline]
    pub(super) fn offsets(&self) -> [isize; 4] {
        self.padding.offsets()
    }

    /// Calls `f` with every legal move from `state`: its direction and the next state.
    #[inline]
    pub(super) fn moves(&self, state: &KeyState, mut f: impl FnMut(KeyState)) {
        let here = self.padded(state.pos);
        let Pos { row, col } = state.pos;
        let next = [
            Pos::new(row.wrapping_sub(1), col),
            Pos::new(row + 1, col),
            Pos::new(row, col.wrapping_sub(1)),
            Pos::new(row, col + 1),
        ];
        for (&offset, &pos) in self.offsets().iter().zip(&next) {
            let keys = match enter(self.codes[here.wrapping_add_signed(offset)], state.keys) {
                Entry::Blocked => continue,
                Entry::Open => state.keys,
                Entry::Collect(t) => state.keys.with(t),
            };
            f(KeyState { pos, keys });
        }
    }

    /// Plays `moves` from the start and returns the final state.
    ///
    /// # Errors
    ///
    /// A [`ReplayError`] at the first move that leaves the grid, enters a wall, or
    /// enters a door whose key is not held.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::keydoor::KeyDoorMaze;
    /// use state_search::grid::{Dir, Pos};
    ///
    /// let maze: KeyDoorMaze = "3 4\nS.a.\n.X.X\nATX.\n".parse()?;
    /// let moves: Vec<Dir> = "RRLLDDR".chars().filter_map(Dir::from_letter).collect();
    /// let end = maze.replay(&moves)?;
    /// assert_eq!((end.pos, end.keys.len()), (maze.target(), 1));
    /// // Without key a, the door A at (2, 0) stays locked.
    /// let locked: Vec<Dir> = "DDR".chars().filter_map(Dir::from_letter).collect();
    /// let error = maze.replay(&locked).unwrap_err();
    /// assert_eq!((error.step, error.pos), (1, Some(Pos::new(2, 0))));
    /// assert_eq!(error.to_string(), "after 1 move, D enters a wall or a locked door at (2, 0)");
    /// assert_eq!(maze.replay(&moves[2..]).unwrap_err().to_string(), "after 0 moves, L leaves the grid");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self, moves: &[Dir]) -> Result<KeyState, ReplayError> {
        let mut state = self.start_state();
        for (step, &dir) in moves.iter().enumerate() {
            let Some(pos) = self.cells.step(state.pos, dir) else {
                return Err(ReplayError {
                    step,
                    dir,
                    pos: None,
                });
            };
            let keys = match enter(self.codes[self.padded(pos)], state.keys) {
                Entry::Blocked => {
                    return Err(ReplayError {
                        step,
                        dir,
                        pos: Some(pos),
                    });
                }
                Entry::Open => state.keys,
                Entry::Collect(t) => state.keys.with(t),
            };
            state = KeyState { pos, keys };
        }
        Ok(state)
    }

    /// The dense numbering of this maze's states.
    #[must_use]
    pub fn state_indexer(&self) -> KeyStateIndexer {
        KeyStateIndexer::new(self.cells.rows(), self.cells.cols(), self.key_types)
    }
}

/// A move of a [`KeyDoorMaze::replay`] that is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The number of moves played before it: its 0-based index.
    pub step: usize,
    /// Its direction.
    pub dir: Dir,
    /// The cell it tried to enter (0-based, like every [`Pos`]): `None` off the grid,
    /// else a wall or a locked door.
    pub pos: Option<Pos>,
}

impl fmt::Display for ReplayError {
    /// E.g. `after 2 moves, L leaves the grid`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (step, dir) = (self.step, self.dir.letter());
        let plural = if step == 1 { "" } else { "s" };
        match self.pos {
            None => write!(f, "after {step} move{plural}, {dir} leaves the grid"),
            Some(pos) => write!(
                f,
                "after {step} move{plural}, {dir} enters a wall or a locked door at {pos}"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}
