//! The key-door maze ("迷宫游戏", `PROBLEMS.md` section 2): reach the target collecting as
//! few distinct keys as possible, then in as few moves as possible.
//!
//! # The domain
//!
//! A grid of floor (`.`), walls (`X`), doors (`A`..`H`) and keys (`a`..`h`), with a start
//! `S` and a target `T`. The player moves `U`, `D`, `L`, `R`; it may not leave the grid,
//! enter a wall, or enter a door whose key it has not collected. Entering a key's cell
//! collects that key, whether the player wants it or not. Doors stay open, keys are never
//! used up, and several doors or keys of one type are allowed. Built in code
//! ([`KeyDoorMaze::new`]) a maze may use up to 32 key types.
//!
//! **State**: [`KeyState`], the cell and the set of keys held. **Costs**: for the contest
//! objective, [`Objective::FewestKeys`], a step costs the pair `(new keys, 1)`, compared
//! lexicographically, so a least-cost path collects the fewest keys and, among those, makes
//! the fewest moves; [`KeyDoorMaze`] itself is that [`StateSpace`]. For
//! [`Objective::FewestMoves`] every step costs 1: [`KeyDoorMaze::fewest_moves`] is that
//! space. Both number their states densely ([`KeyStateIndexer`]) for dense storage.
//!
//! # Which engine when
//!
//! | objective      | best choice                             | also exact                          |
//! |----------------|-----------------------------------------|-------------------------------------|
//! | fewest keys    | [`Strategy::Layered`] (the default)     | Dijkstra, A* (heuristic `(0, Manhattan)`), IDA* (small mazes) |
//! | fewest moves   | [`Strategy::Bfs`] (the default)         | Dijkstra, A* (Manhattan), IDA* (small mazes) |
//!
//! **Why a domain-specific search.** The lexicographic cost has structure a generic
//! Dijkstra cannot see: the key part of the cost of a state *is* the size of its key set,
//! and key sets only grow. So the states split into layers, one per key set; a move either
//! stays in its layer (cost `(0, 1)`) or enters a layer with one more key. The
//! [`LayeredSearch`] settles the layers in order of key count, each with a breadth-first
//! search seeded by its entry points (sorted by distance), over flat byte arrays: one byte
//! per (cell, key set) state, no priority queue, no per-state cost. It stops after the
//! first key count at which the target is reached. On the 200x200 benchmark mazes of
//! `BENCHMARKS.md` it is 4.5 to 5 times faster than Dijkstra over the same states with
//! dense storage, and on a 1000x1000 maze with 8 key types it explores all 186 million
//! reachable states in about 3 seconds with 258 MB (Dijkstra: 26 s, 4 GB). Both are kept,
//! and the tests check that they agree.
//!
//! # Examples
//!
//! ```
//! use state_search::domains::keydoor::{KeyDoorMaze, Objective};
//!
//! let maze: KeyDoorMaze = "3 5\nS.a.T\n.XXX.\n.....\n".parse()?;
//! let fewest_keys = maze.solve(Objective::FewestKeys)?.into_found().unwrap();
//! assert_eq!(fewest_keys.to_string(), "DDRRRRUU");
//! assert_eq!((fewest_keys.keys.len(), fewest_keys.steps()), (0, 8));
//! let fewest_moves = maze.solve(Objective::FewestMoves)?.into_found().unwrap();
//! assert_eq!((fewest_moves.keys.len(), fewest_moves.steps()), (1, 4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use rustc_hash::FxHashMap;

use super::keys::{KeySet, KeyState, KeyStateIndexer};
use crate::algo::astar::AStar;
use crate::algo::bfs::Bfs;
use crate::algo::dijkstra::Dijkstra;
use crate::algo::idastar::{CycleCheck, IdaStar};
use crate::error::{CapacityError, CapacityErrorKind, ParseError};
use crate::grid::{CharMap, Dir, Grid, MapFormat, Marker, Padding, Pos, parse_char_map};
use crate::rng::SplitMix64;
use crate::solution::{Outcome, Search, Solution, Stats};
use crate::space::{IndexedSpace, StateSpace};
use crate::store::{Dense, Hashed};

/// The most key types a maze built in code may use (types `0..32`).
pub const MAX_KEY_TYPES: u8 = 32;

/// The key types the text format can write: `a`..`h` and `A`..`H`.
pub const TEXT_KEY_TYPES: u8 = 8;

/// The largest number of rows or columns the text format accepts.
pub const MAX_SIDE: u32 = 4096;

/// The largest number of cells the text format accepts (4096 x 4096).
pub const MAX_CELLS: usize = 1 << 24;

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

/// Why [`KeyDoorMaze::new`] refused its cells.
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
            MazeError::OffGrid { what, pos } => {
                write!(f, "the {what} ({}, {}) is off the grid", pos.row, pos.col)
            }
            MazeError::NotFloor { what, pos } => {
                write!(
                    f,
                    "the {what} ({}, {}) is not a floor cell",
                    pos.row, pos.col
                )
            }
            MazeError::KeyType { pos, key_type } => write!(
                f,
                "the cell ({}, {}) has key type {key_type}; types are 0..{MAX_KEY_TYPES}",
                pos.row, pos.col
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
const TYPE_MASK: u8 = 0x1F;

/// What a move onto a cell with `code` does to a player holding `keys`.
enum Entry {
    Blocked,
    Open,
    Collect(u8),
}

#[inline]
fn enter(code: u8, keys: KeySet) -> Entry {
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyDoorMaze {
    cells: Grid<Cell>,
    start: Pos,
    target: Pos,
    /// The cells as codes inside a border of walls, laid out by `padding`.
    codes: Vec<u8>,
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
    /// use state_search::domains::keydoor::{Cell, KeyDoorMaze, Objective};
    /// use state_search::grid::{Grid, Pos};
    ///
    /// // S K20 D20 T on one row: key type 20 opens door type 20.
    /// let row = vec![Cell::Floor, Cell::Key(20), Cell::Door(20), Cell::Floor];
    /// let cells = Grid::from_cells(4, 1, row).unwrap();
    /// let maze = KeyDoorMaze::new(cells, Pos::new(0, 0), Pos::new(0, 3))?;
    /// let route = maze.solve(Objective::FewestKeys)?.into_found().unwrap();
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

    /// Parses the contest text format (`PROBLEMS.md` section 2): a header `n m`, then `n`
    /// rows of `m` characters from `. X S T A-H a-h`, with exactly one `S` and one `T`.
    /// Lines may end in `\r\n` and trailing blanks.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the line and column of the first fault: see
    /// [`parse_char_map`]. The map may have at most [`MAX_SIDE`] rows and columns and
    /// [`MAX_CELLS`] cells.
    ///
    /// # Complexity
    ///
    /// O(length of `text`).
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        const FORMAT: MapFormat<'static> = MapFormat {
            max_rows: MAX_SIDE,
            max_cols: MAX_SIDE,
            max_cells: MAX_CELLS,
            markers: &[
                Marker {
                    ch: 'S',
                    name: "start `S`",
                },
                Marker {
                    ch: 'T',
                    name: "target `T`",
                },
            ],
        };
        let CharMap { grid, markers } = parse_char_map(text, &FORMAT, |c| {
            let letter = |base: u8| {
                let t = u32::from(c).wrapping_sub(u32::from(base));
                u8::try_from(t).ok().filter(|&t| t < TEXT_KEY_TYPES)
            };
            match c {
                '.' | 'S' | 'T' => Some(Cell::Floor),
                'X' => Some(Cell::Wall),
                _ => letter(b'A')
                    .map(Cell::Door)
                    .or_else(|| letter(b'a').map(Cell::Key)),
            }
        })?;
        // The parser guarantees both markers, on floor cells, with types below 8 and at
        // most MAX_CELLS cells: `new` cannot refuse this maze.
        Self::new(grid, markers[0], markers[1]).map_err(|error| {
            ParseError::new(1, 0, crate::ParseErrorKind::Unsolvable(error.to_string()))
        })
    }

    /// A `height x width` maze with walls, doors of `key_types` types, `keys_per_type`
    /// keys of each type and optional barriers, placed at random from `spec.seed`. The
    /// start is the top-left cell, the target the bottom-right one; they and their
    /// neighbours are floor. The same spec always gives the same maze.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::keydoor::{KeyDoorMaze, RandomKeyDoor};
    ///
    /// let spec = RandomKeyDoor::new(30, 20, 4, 7);
    /// let maze = KeyDoorMaze::random(&spec);
    /// assert_eq!(maze, KeyDoorMaze::random(&spec));
    /// assert_eq!(maze.to_string().parse::<KeyDoorMaze>()?, maze);
    /// # Ok::<(), state_search::ParseError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// Panics if `width` or `height` is zero, the grid has more than `u32::MAX` cells,
    /// or `key_types` is above [`MAX_KEY_TYPES`].
    #[must_use]
    pub fn random(spec: &RandomKeyDoor) -> Self {
        assert!(
            spec.width > 0 && spec.height > 0,
            "a maze needs at least one cell"
        );
        assert!(spec.key_types <= MAX_KEY_TYPES, "at most 32 key types");
        let mut rng = SplitMix64::new(spec.seed);
        let mut cells = Grid::new(spec.width, spec.height, Cell::Floor);
        let types = u64::from(spec.key_types);
        let pick_type = |rng: &mut SplitMix64| u8::try_from(rng.below(types)).unwrap_or(0);
        let barrier = |col: u32| {
            spec.barrier_every > 0
                && col + 1 < spec.width
                && col % spec.barrier_every == spec.barrier_every - 1
        };
        for i in 0..cells.len() {
            let pos = cells.pos_of(i);
            if barrier(pos.col) {
                cells[pos] = if types > 0 && rng.percent(spec.barrier_door_percent) {
                    Cell::Door(pick_type(&mut rng))
                } else {
                    Cell::Wall
                };
            } else if rng.percent(spec.wall_percent) {
                cells[pos] = Cell::Wall;
            } else if types > 0 && rng.percent(spec.door_percent) {
                cells[pos] = Cell::Door(pick_type(&mut rng));
            }
        }
        let start = Pos::new(0, 0);
        let target = Pos::new(spec.height - 1, spec.width - 1);
        for corner in [start, target] {
            cells[corner] = Cell::Floor;
            let around: Vec<Pos> = cells.neighbours(corner).map(|(_, p)| p).collect();
            for pos in around {
                cells[pos] = Cell::Floor;
            }
        }
        let free = |cells: &Grid<Cell>, pos: Pos| {
            cells[pos] == Cell::Floor && pos != start && pos != target
        };
        for t in 0..spec.key_types {
            for _ in 0..spec.keys_per_type {
                // A few tries per key: on a crowded grid some keys are simply not placed.
                for _ in 0..64 {
                    let i = usize::try_from(rng.below(cells.len() as u64)).unwrap_or(0);
                    let pos = cells.pos_of(i);
                    if free(&cells, pos) {
                        cells[pos] = Cell::Key(t);
                        break;
                    }
                }
            }
        }
        Self::new(cells, start, target).expect("a generated maze is valid")
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

    /// The Manhattan distance from `state` to the target: an admissible, consistent
    /// heuristic for [`Objective::FewestMoves`].
    #[inline]
    #[must_use]
    pub fn manhattan(&self, state: &KeyState) -> u32 {
        state.pos.manhattan(self.target)
    }

    /// `(0, Manhattan distance)`: an admissible, consistent heuristic for the contest
    /// cost `(keys, moves)` (more keys may be needed, but never fewer than zero; the
    /// moves are at least the distance).
    #[inline]
    #[must_use]
    pub fn lexicographic_heuristic(&self, state: &KeyState) -> (u32, u32) {
        (0, self.manhattan(state))
    }

    /// The space of the other objective: every step costs 1.
    #[must_use]
    pub fn fewest_moves(&self) -> FewestMoves<'_> {
        FewestMoves { maze: self }
    }

    /// The position of `pos` in the padded code array.
    #[inline]
    fn padded(&self, pos: Pos) -> usize {
        self.padding.index(pos)
    }

    /// The offsets in the padded array of the moves U, D, L, R.
    #[inline]
    fn offsets(&self) -> [isize; 4] {
        self.padding.offsets()
    }

    /// Calls `f` with every legal move from `state`: its direction and the next state.
    #[inline]
    fn moves(&self, state: &KeyState, mut f: impl FnMut(KeyState)) {
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
    /// assert!(maze.replay(&moves[2..]).is_err()); // the door needs key a
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
        KeyStateIndexer::new(self.cells.width(), self.cells.height(), self.key_types)
    }

    /// A route for `objective` with the default strategy: [`Strategy::Layered`] for the
    /// fewest keys, [`Strategy::Bfs`] for the fewest moves.
    ///
    /// # Errors
    ///
    /// [`SolveError::Capacity`] when the storage of the search does not fit in memory.
    pub fn solve(&self, objective: Objective) -> Result<Search<Route>, SolveError> {
        let strategy = match objective {
            Objective::FewestKeys => Strategy::Layered,
            Objective::FewestMoves => Strategy::Bfs,
        };
        self.solve_with(objective, strategy)
    }

    /// A route for `objective` found by `strategy`.
    ///
    /// The engines use dense storage ([`Dense`]`(`[`KeyDoorMaze::state_indexer`]`)`). When
    /// the states are too many to number densely (2^32 and more: many key types) they fall
    /// back to [`Hashed`] storage, which holds only the states reached. When the dense
    /// store does not fit in memory, the search returns the [`CapacityError`] rather than
    /// fall back: hashed storage needs more memory per state, and a hash map that cannot
    /// grow aborts the process.
    /// IDA* without a table checks the whole path for repeated states
    /// ([`CycleCheck::Path`]), so it terminates even when the target is unreachable; it
    /// takes exponential time and is meant for tiny mazes.
    ///
    /// # Errors
    ///
    /// [`SolveError::NotApplicable`] for [`Strategy::Bfs`] with the fewest keys (the
    /// costs are not unit) and [`Strategy::Layered`] with the fewest moves;
    /// [`SolveError::Capacity`] when the layered search cannot allocate its layers or a
    /// dense store does not fit in memory.
    ///
    /// # Complexity
    ///
    /// For V = cells x 2^(key types) states: layered and BFS O(V) time and about one
    /// (layered) or 4-16 (engines) bytes per state reached; Dijkstra and A* O(V log V).
    pub fn solve_with(
        &self,
        objective: Objective,
        strategy: Strategy,
    ) -> Result<Search<Route>, SolveError> {
        let ix = self.state_indexer();
        let start = [self.start_state()];
        let goal = |s: &KeyState| self.is_goal(s);
        let not_applicable = Err(SolveError::NotApplicable {
            strategy,
            objective,
        });
        macro_rules! dense_or_hashed {
            ($make:expr, |$engine:ident| $search:expr) => {
                match $make(Dense(ix)) {
                    Ok(mut $engine) => $search,
                    Err(error) if error.reason == CapacityErrorKind::TooManyStates => {
                        let mut $engine = $make(Hashed)?;
                        $search
                    }
                    Err(error) => return Err(error.into()),
                }
            };
        }
        let search = match (objective, strategy) {
            (Objective::FewestKeys, Strategy::Layered) => {
                return Ok(LayeredSearch::new().search(self)?);
            }
            (Objective::FewestKeys, Strategy::Bfs)
            | (Objective::FewestMoves, Strategy::Layered) => return not_applicable,
            (Objective::FewestKeys, Strategy::Dijkstra) => {
                dense_or_hashed!(Dijkstra::try_with_storage, |e| e
                    .search(self, start, goal)
                    .map(route_of))
            }
            (Objective::FewestKeys, Strategy::AStar) => {
                let h = |s: &KeyState| self.lexicographic_heuristic(s);
                dense_or_hashed!(AStar::try_with_storage, |e| e
                    .search(self, start, &h, goal)
                    .map(route_of))
            }
            (Objective::FewestKeys, Strategy::IdaStar) => {
                let h = |s: &KeyState| self.lexicographic_heuristic(s);
                IdaStar::new()
                    .with_cycle_check(CycleCheck::Path)
                    .search(self, start, &h, goal)
                    .map(route_of)
            }
            (Objective::FewestKeys, Strategy::IdaStarTable) => {
                let h = |s: &KeyState| self.lexicographic_heuristic(s);
                dense_or_hashed!(IdaStar::try_with_table, |e| e
                    .search(self, start, &h, goal)
                    .map(route_of))
            }
            (Objective::FewestMoves, Strategy::Bfs) => {
                let space = self.fewest_moves();
                dense_or_hashed!(Bfs::try_with_storage, |e| e
                    .search(&space, start, goal)
                    .map(route_of))
            }
            (Objective::FewestMoves, Strategy::Dijkstra) => {
                let space = self.fewest_moves();
                dense_or_hashed!(Dijkstra::try_with_storage, |e| e
                    .search(&space, start, goal)
                    .map(route_of))
            }
            (Objective::FewestMoves, Strategy::AStar) => {
                let space = self.fewest_moves();
                let h = |s: &KeyState| self.manhattan(s);
                dense_or_hashed!(AStar::try_with_storage, |e| e
                    .search(&space, start, &h, goal)
                    .map(route_of))
            }
            (Objective::FewestMoves, Strategy::IdaStar) => {
                let h = |s: &KeyState| self.manhattan(s);
                IdaStar::new()
                    .with_cycle_check(CycleCheck::Path)
                    .search(&self.fewest_moves(), start, &h, goal)
                    .map(route_of)
            }
            (Objective::FewestMoves, Strategy::IdaStarTable) => {
                let space = self.fewest_moves();
                let h = |s: &KeyState| self.manhattan(s);
                dense_or_hashed!(IdaStar::try_with_table, |e| e
                    .search(&space, start, &h, goal)
                    .map(route_of))
            }
        };
        Ok(search)
    }
}

/// The route along a path of states.
#[expect(
    clippy::needless_pass_by_value,
    reason = "the shape `Search::map` takes"
)]
fn route_of<C>(found: Solution<KeyState, C>) -> Route {
    let moves = found
        .path
        .windows(2)
        .map(|pair| Dir::between(pair[0].pos, pair[1].pos))
        .collect();
    let keys = found.path.last().map_or(KeySet::EMPTY, |s| s.keys);
    Route { moves, keys }
}

impl FromStr for KeyDoorMaze {
    type Err = ParseError;

    /// [`KeyDoorMaze::parse`].
    fn from_str(text: &str) -> Result<Self, ParseError> {
        Self::parse(text)
    }
}

impl fmt::Display for KeyDoorMaze {
    /// The contest text format: the header `n m`, then one line per row. Key types 8 and
    /// above, which the format cannot write, appear as `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.cells.height(), self.cells.width())?;
        let letter = |base: u8, t: u8| {
            if t < TEXT_KEY_TYPES {
                char::from(base + t)
            } else {
                '?'
            }
        };
        for row in 0..self.cells.height() {
            let line: String = (0..self.cells.width())
                .map(|col| {
                    let pos = Pos::new(row, col);
                    match self.cells[pos] {
                        _ if pos == self.start => 'S',
                        _ if pos == self.target => 'T',
                        Cell::Floor => '.',
                        Cell::Wall => 'X',
                        Cell::Door(t) => letter(b'A', t),
                        Cell::Key(t) => letter(b'a', t),
                    }
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl StateSpace for KeyDoorMaze {
    type State = KeyState;
    type Cost = (u32, u32);

    #[inline]
    fn successors(&self, state: &KeyState, mut emit: impl FnMut(KeyState, (u32, u32))) {
        let held = state.keys.len();
        self.moves(state, |next| emit(next, (next.keys.len() - held, 1)));
    }
}

impl IndexedSpace for KeyDoorMaze {
    type Indexer = KeyStateIndexer;
    fn indexer(&self) -> KeyStateIndexer {
        self.state_indexer()
    }
}

/// A key-door maze where every move costs 1: the fewest-moves objective. Made by
/// [`KeyDoorMaze::fewest_moves`].
#[derive(Clone, Copy, Debug)]
pub struct FewestMoves<'a> {
    maze: &'a KeyDoorMaze,
}

impl FewestMoves<'_> {
    /// The maze.
    #[must_use]
    pub fn maze(&self) -> &KeyDoorMaze {
        self.maze
    }
}

impl StateSpace for FewestMoves<'_> {
    type State = KeyState;
    type Cost = u32;

    #[inline]
    fn successors(&self, state: &KeyState, mut emit: impl FnMut(KeyState, u32)) {
        self.maze.moves(state, |next| emit(next, 1));
    }
}

impl IndexedSpace for FewestMoves<'_> {
    type Indexer = KeyStateIndexer;
    fn indexer(&self) -> KeyStateIndexer {
        self.maze.state_indexer()
    }
}

/// A move of a [`KeyDoorMaze::replay`] that is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The 0-based number of the move.
    pub step: usize,
    /// Its direction.
    pub dir: Dir,
    /// The cell it tried to enter: `None` off the grid, else a wall or a locked door.
    pub pos: Option<Pos>,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pos {
            None => write!(
                f,
                "move {} ({}) leaves the grid",
                self.step + 1,
                self.dir.letter()
            ),
            Some(pos) => write!(
                f,
                "move {} ({}) enters a wall or a locked door at ({}, {})",
                self.step + 1,
                self.dir.letter(),
                pos.row,
                pos.col
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// What to minimise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// The fewest distinct keys, then the fewest moves (the contest's objective).
    FewestKeys,
    /// The fewest moves, whatever keys they collect.
    FewestMoves,
}

impl FromStr for Objective {
    type Err = String;

    /// `keys` or `moves`.
    fn from_str(name: &str) -> Result<Self, String> {
        match name {
            "keys" => Ok(Objective::FewestKeys),
            "moves" => Ok(Objective::FewestMoves),
            other => Err(format!(
                "unknown objective {other:?}: expected keys or moves"
            )),
        }
    }
}

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Strategy {
    /// The domain's layered breadth-first search ([`LayeredSearch`]); fewest keys only.
    Layered,
    /// Breadth-first search ([`Bfs`]); fewest moves only.
    Bfs,
    /// [`Dijkstra`].
    Dijkstra,
    /// [`AStar`] with the Manhattan distance (as `(0, distance)` for the fewest keys).
    AStar,
    /// [`IdaStar`] without a table, checking the whole path for repeats: tiny mazes only.
    IdaStar,
    /// [`IdaStar`] with a generation-stamped transposition table.
    IdaStarTable,
}

impl Strategy {
    /// Every strategy.
    pub const ALL: [Strategy; 6] = [
        Strategy::Layered,
        Strategy::Bfs,
        Strategy::Dijkstra,
        Strategy::AStar,
        Strategy::IdaStar,
        Strategy::IdaStarTable,
    ];

    /// The name [`Strategy::from_str`] reads.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Layered => "layered",
            Strategy::Bfs => "bfs",
            Strategy::Dijkstra => "dijkstra",
            Strategy::AStar => "astar",
            Strategy::IdaStar => "idastar",
            Strategy::IdaStarTable => "idastar-tt",
        }
    }
}

impl FromStr for Strategy {
    type Err = String;

    /// `layered`, `bfs`, `dijkstra`, `astar`, `idastar` or `idastar-tt`.
    fn from_str(name: &str) -> Result<Self, String> {
        Strategy::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| {
                format!(
                    "unknown strategy {name:?}: expected layered, bfs, dijkstra, astar, idastar or idastar-tt"
                )
            })
    }
}

/// Why [`KeyDoorMaze::solve_with`] could not search.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// The strategy does not solve this objective.
    NotApplicable {
        /// The strategy asked for.
        strategy: Strategy,
        /// The objective asked for.
        objective: Objective,
    },
    /// The search's storage could not be allocated.
    Capacity(CapacityError),
}

impl From<CapacityError> for SolveError {
    fn from(error: CapacityError) -> Self {
        SolveError::Capacity(error)
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotApplicable {
                strategy,
                objective,
            } => {
                let objective = match objective {
                    Objective::FewestKeys => "the fewest keys (costs are not unit)",
                    Objective::FewestMoves => "the fewest moves",
                };
                write!(f, "strategy {} does not solve {objective}", strategy.name())
            }
            SolveError::Capacity(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for SolveError {}

/// A route through a key-door maze.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Route {
    /// The moves from the start to the target.
    pub moves: Vec<Dir>,
    /// The keys held at the end: every key type the route collects.
    pub keys: KeySet,
}

impl Route {
    /// The number of moves.
    #[must_use]
    pub fn steps(&self) -> usize {
        self.moves.len()
    }
}

impl fmt::Display for Route {
    /// The move string, e.g. `RRLLDDR`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: String = self.moves.iter().map(|d| d.letter()).collect();
        f.write_str(&text)
    }
}

/// The parameters of [`KeyDoorMaze::random`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomKeyDoor {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Door and key types `0..key_types` (at most 32; the text format writes 8).
    pub key_types: u8,
    /// The chance, in percent, that a cell is a wall.
    pub wall_percent: u32,
    /// The chance, in percent, that a cell that is not a wall is a door (of a uniformly
    /// random type).
    pub door_percent: u32,
    /// The number of keys of each type, on random floor cells.
    pub keys_per_type: u32,
    /// When not zero, every `barrier_every`-th column (not the last) is a barrier: a wall
    /// with doors in it, which forces routes to collect keys.
    pub barrier_every: u32,
    /// The chance, in percent, that a barrier cell is a door rather than a wall.
    pub barrier_door_percent: u32,
    /// The seed of the generator.
    pub seed: u64,
}

impl RandomKeyDoor {
    /// A `height x width` maze with `key_types` types, 25% walls, 5% doors, 3 keys per
    /// type and no barriers.
    #[must_use]
    pub fn new(width: u32, height: u32, key_types: u8, seed: u64) -> Self {
        Self {
            width,
            height,
            key_types,
            wall_percent: 25,
            door_percent: 5,
            keys_per_type: 3,
            barrier_every: 0,
            barrier_door_percent: 0,
            seed,
        }
    }
}

/// The layered search for the fewest keys, then the fewest moves: breadth-first search
/// key set by key set, in order of key count (see the [module docs](self)).
///
/// Each key set reached gets a layer: one byte per cell of the padded grid saying whether
/// the state was reached and by which move. A layer's search starts from its entry points
/// (cells whose key was just collected, with their distances), sorted by distance and
/// merged into the breadth-first frontier as it reaches their distance. Entries into layers
/// with one more key are recorded on the way. The first key count at which the target is
/// reached is the answer; among its layers the shortest distance wins (ties: the smaller
/// key set bit pattern).
///
/// Layers are allocated only for key sets that are reached, with a fallible allocation:
/// running out of memory is a [`CapacityError`], not an abort.
///
/// # Complexity
///
/// O(V) time and about V bytes, for the V (cell, key set) states with fewer keys than the
/// answer, plus those of the answer's key count up to its distance.
///
/// # Examples
///
/// ```
/// use state_search::domains::keydoor::{KeyDoorMaze, LayeredSearch};
///
/// let maze: KeyDoorMaze = "3 4\nS.a.\n.X.X\nATX.\n".parse()?;
/// let mut layered = LayeredSearch::new();
/// let search = layered.search(&maze)?;
/// assert_eq!(search.found().unwrap().to_string(), "RRLLDDR");
/// assert_eq!(search.stats.iterations, 2); // the layers {} and {a}
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct LayeredSearch {
    /// The key set of each layer.
    keys: Vec<KeySet>,
    /// The marks of each layer (empty until it is searched).
    marks: Vec<Vec<u8>>,
    /// The entry points of each layer not yet searched.
    entries: Vec<Vec<LayerEntry>>,
    /// The layer of each key set reached.
    layer_of: FxHashMap<KeySet, u32>,
    /// Breadth-first frontiers, kept between searches.
    current: Vec<u32>,
    next: Vec<u32>,
}

/// A state entered from the layer with one key fewer: distance, padded cell, direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct LayerEntry {
    dist: u32,
    cell: u32,
    dir: u8,
}

/// Marks of a layer's cells. Not reached yet: 0 (open), `BLOCKED` (a wall or a door of a
/// type not held) or `COLLECT` (a key of a type not held). Reached: `REACHED` with the
/// direction of the move that arrived and `ENTERED` when that move came from the layer
/// without this cell's key, or `ROOT` at the start.
const BLOCKED: u8 = 0x01;
const COLLECT: u8 = 0x02;
const REACHED: u8 = 0x80;
const ENTERED: u8 = 0x40;
const ROOT: u8 = 0x20;
const DIR_MASK: u8 = 0x03;

/// The marks of a fresh layer for `keys`: each cell open (0), blocked, or a key to
/// collect, so that the search reads one byte per neighbour.
fn start_marks(maze: &KeyDoorMaze, keys: KeySet) -> Result<Vec<u8>, CapacityError> {
    let mut of_code = [BLOCKED; 256];
    for (code, mark) in (0u8..=255).zip(&mut of_code) {
        *mark = match enter(code, keys) {
            Entry::Blocked => BLOCKED,
            Entry::Open => 0,
            Entry::Collect(_) => COLLECT,
        };
    }
    let len = maze.codes.len();
    let mut marks = Vec::new();
    marks
        .try_reserve_exact(len)
        .map_err(|_| CapacityError::out_of_memory(len, 1))?;
    marks.extend(maze.codes.iter().map(|&code| of_code[code as usize]));
    Ok(marks)
}

impl LayeredSearch {
    /// An empty searcher.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The heap memory held by the layers and frontiers, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.marks.iter().map(Vec::capacity).sum::<usize>()
            + self
                .entries
                .iter()
                .map(|e| e.capacity() * size_of::<LayerEntry>())
                .sum::<usize>()
            + (self.current.capacity() + self.next.capacity()) * size_of::<u32>()
            + self.layer_of.capacity() * (size_of::<(KeySet, u32)>() + 1)
    }

    /// Finds a route to the target with the fewest keys, then the fewest moves.
    ///
    /// # Returns
    ///
    /// [`Outcome::Found`] with the route, or [`Outcome::NoPath`]. [`Stats::expanded`]
    /// counts states expanded, [`Stats::generated`] legal moves, [`Stats::stored`] states
    /// reached, [`Stats::iterations`] layers searched and [`Stats::peak_open`] the largest
    /// frontier.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a layer cannot be allocated.
    pub fn search(&mut self, maze: &KeyDoorMaze) -> Result<Search<Route>, CapacityError> {
        self.keys.clear();
        self.marks.clear();
        self.entries.clear();
        self.layer_of.clear();
        let mut stats = Stats::default();
        let padded_len = maze.codes.len();
        // Frontiers and entries hold padded cells as u32.
        if u32::try_from(padded_len).is_err() {
            return Err(CapacityError::too_many_states(padded_len));
        }
        #[expect(clippy::cast_possible_truncation, reason = "checked just above")]
        let (start, target) = (
            maze.padded(maze.start) as u32,
            maze.padded(maze.target) as u32,
        );
        let root = self.layer(KeySet::EMPTY);
        self.entries[root as usize].push(LayerEntry {
            dist: 0,
            cell: start,
            dir: ROOT,
        });
        let mut level = vec![root];
        let mut best: Option<(u32, u32)> = None;
        while !level.is_empty() {
            level.sort_unstable_by_key(|&id| self.keys[id as usize]);
            let first_new = self.keys.len();
            for &id in &level {
                stats.iterations += 1;
                let bound = best.map(|(dist, _)| dist);
                if let Some(dist) = self.search_layer(maze, id, target, bound, &mut stats)? {
                    best = Some((dist, id));
                }
            }
            if let Some((_, id)) = best {
                let route = self.route(maze, id, target);
                return Ok(Search {
                    outcome: Outcome::Found(route),
                    stats,
                });
            }
            #[expect(clippy::cast_possible_truncation, reason = "at most 2^32 layers")]
            {
                level = (first_new..self.keys.len()).map(|id| id as u32).collect();
            }
        }
        Ok(Search {
            outcome: Outcome::NoPath,
            stats,
        })
    }

    /// The layer of `keys`, created if new.
    fn layer(&mut self, keys: KeySet) -> u32 {
        #[expect(clippy::cast_possible_truncation, reason = "at most 2^32 layers")]
        let next = self.keys.len() as u32;
        *self.layer_of.entry(keys).or_insert_with(|| {
            self.keys.push(keys);
            self.marks.push(Vec::new());
            self.entries.push(Vec::new());
            next
        })
    }

    /// Breadth-first search of layer `id` from its entries. Returns the distance of the
    /// target if it is reached below `bound` (the best distance of this key count so
    /// far); records entries into the layers with one more key unless a `bound` exists.
    fn search_layer(
        &mut self,
        maze: &KeyDoorMaze,
        id: u32,
        target: u32,
        bound: Option<u32>,
        stats: &mut Stats,
    ) -> Result<Option<u32>, CapacityError> {
        let layer = id as usize;
        let keys = self.keys[layer];
        let mut entries = core::mem::take(&mut self.entries[layer]);
        entries.sort_unstable();
        let mut marks = start_marks(maze, keys).map_err(|_| {
            // Report everything the layers need, not just the one that did not fit.
            CapacityError::out_of_memory(self.keys.len() * maze.codes.len(), 1)
        })?;
        let offsets = maze.offsets();
        let mut current = core::mem::take(&mut self.current);
        let mut next = core::mem::take(&mut self.next);
        current.clear();
        next.clear();
        let mut found = None;
        let mut pending = entries.iter().peekable();
        let mut dist = entries.first().map_or(0, |e| e.dist);
        'search: loop {
            // Entries at this distance join the frontier (after the cells the previous
            // frontier reached at the same distance).
            while let Some(entry) = pending.next_if(|e| e.dist == dist) {
                let mark = &mut marks[entry.cell as usize];
                if *mark == 0 {
                    *mark = REACHED
                        | if entry.dir == ROOT {
                            ROOT
                        } else {
                            ENTERED | entry.dir
                        };
                    stats.stored += 1;
                    if entry.cell == target {
                        found = Some(dist);
                        break 'search;
                    }
                    current.push(entry.cell);
                }
            }
            if current.is_empty() {
                match pending.peek() {
                    Some(entry) => {
                        dist = entry.dist;
                        continue;
                    }
                    None => break,
                }
            }
            if bound.is_some_and(|b| dist + 1 >= b) {
                break;
            }
            stats.peak_open = stats.peak_open.max(current.len());
            stats.expanded += current.len() as u64;
            for &cell in &current {
                let here = cell as usize;
                for (dir, &offset) in (0u8..).zip(&offsets) {
                    let n = here.wrapping_add_signed(offset);
                    let mark = marks[n];
                    if mark == 0 {
                        marks[n] = REACHED | dir;
                        stats.generated += 1;
                        stats.stored += 1;
                        #[expect(clippy::cast_possible_truncation, reason = "below padded_len")]
                        let n = n as u32;
                        if n == target {
                            found = Some(dist + 1);
                            break 'search;
                        }
                        next.push(n);
                    } else if mark & REACHED != 0 {
                        stats.generated += 1;
                    } else if mark == COLLECT {
                        stats.generated += 1;
                        if bound.is_none() {
                            let t = maze.codes[n] & TYPE_MASK;
                            let into = self.layer(keys.with(t));
                            #[expect(
                                clippy::cast_possible_truncation,
                                reason = "below padded_len"
                            )]
                            self.entries[into as usize].push(LayerEntry {
                                dist: dist + 1,
                                cell: n as u32,
                                dir,
                            });
                        }
                    }
                }
            }
            core::mem::swap(&mut current, &mut next);
            next.clear();
            dist += 1;
        }
        self.marks[layer] = marks;
        self.current = current;
        self.next = next;
        Ok(found)
    }

    /// Follows the marks back from the target in layer `id` to the start.
    fn route(&self, maze: &KeyDoorMaze, mut id: u32, target: u32) -> Route {
        let offsets = maze.offsets();
        let keys = self.keys[id as usize];
        let mut moves = Vec::new();
        let mut cell = target as usize;
        loop {
            let mark = self.marks[id as usize][cell];
            if mark & ROOT != 0 || mark & REACHED == 0 {
                break;
            }
            let dir = mark & DIR_MASK;
            moves.push(Dir::ALL[dir as usize]);
            if mark & ENTERED != 0 {
                let t = maze.codes[cell] & TYPE_MASK;
                id = self.layer_of[&self.keys[id as usize].without(t)];
            }
            cell = cell.wrapping_add_signed(-offsets[dir as usize]);
        }
        moves.reverse();
        Route { moves, keys }
    }
}
