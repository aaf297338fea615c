//! The pipe-key maze ("palamaze", `PROBLEMS.md` section 1): a fish escapes a palace maze
//! of stone, water, pipes and keys in as few moves as possible.
//!
//! # The domain
//!
//! The fish stands on water (`+`, the start `#`, the exit `$`, or a key cell `1`..`9`);
//! it can never stand on stone (`*`) or on a pipe (`A`..`I` horizontal, `a`..`i`
//! vertical, colours 1..9). Each move is one time unit:
//!
//! - a **step** to an edge-adjacent cell that is neither stone nor pipe;
//! - a **pass** through an edge-adjacent pipe to the cell just beyond it, if that cell is
//!   on the grid and is neither stone nor pipe, and the pipe lies along the direction of
//!   travel or the fish holds the key of its colour (a key lets the fish turn its pipes
//!   at will).
//!
//! On arriving at a cell, and at time 0 on the start, the fish collects every key on that
//! cell and on its four neighbours. Keys are never lost. The maze closes at time 10000:
//! the contest answer is the least number of moves to the exit, or `10001` when the exit
//! cannot be reached within 10000 moves ([`escape_answer`]).
//!
//! **State**: [`KeyState`], the cell and the keys held. **Cost**: 1 per move (`u32`).
//! The space numbers its states densely ([`KeyStateIndexer`]: cells x 2^colours with a
//! key). **Heuristic**: one move covers at most two cells, so half the Manhattan distance
//! to the exit, rounded up, is admissible and consistent ([`PipeMaze::heuristic`]).
//!
//! # Which engine when
//!
//! Every engine solves it ([`Strategy`]). Breadth-first search with dense storage is the
//! fastest and the default: it settles each (cell, keys) state once and proves an
//! unreachable exit as soon as the reachable states are exhausted. IDA* with the stamped
//! transposition table ([`Strategy::IdaStarTable`]) is the seed program's method; it needs
//! one iteration per bound, and on an unreachable exit it stops when an iteration cuts
//! nothing off, instead of counting to 10000. IDA* without a table re-expands every
//! transposition: tiny mazes only.
//!
//! # Examples
//!
//! ```
//! use state_search::domains::pipemaze::{PipeMaze, Strategy, escape_answer};
//!
//! let maze: PipeMaze = "3 5\n#+a+$\n+1*++\n*****\n".parse()?;
//! let search = maze.solve(Strategy::Bfs)?;
//! assert_eq!(escape_answer(&search.outcome), 3); // step, pass with key 1, step
//! let route = search.into_found().unwrap();
//! assert_eq!(route.to_string(), "R R2 R");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use super::keys::{KeySet, KeyState, KeyStateIndexer};
use crate::algo::astar::AStar;
use crate::algo::bfs::Bfs;
use crate::algo::dijkstra::Dijkstra;
use crate::algo::idastar::{CycleCheck, IdaStar};
use crate::error::{CapacityError, CapacityErrorKind, ParseError, ParseErrorKind};
use crate::grid::{CharMap, Dir, Grid, MapFormat, Marker, Padding, Pos, parse_char_map};
use crate::rng::SplitMix64;
use crate::solution::{Limits, Outcome, Search, Solution};
use crate::space::{IndexedSpace, StateSpace};
use crate::store::{Dense, Hashed};

/// The time at which the maze closes: routes longer than this do not escape.
pub const CLOSES_AT: u32 = 10_000;

/// The contest answer when the fish cannot escape.
pub const NO_ESCAPE: u32 = 10_001;

/// The most colours a maze built in code may use (colours `0..32`).
pub const MAX_COLOURS: u8 = 32;

/// The colours the text format can write: `1`..`9`, `A`..`I`, `a`..`i`.
pub const TEXT_COLOURS: u8 = 9;

/// The largest number of rows or columns the text format accepts (the contest's is 20).
pub const MAX_SIDE: u32 = 1000;

/// A cell of a pipe-key maze. Colours count from 0 (the text format's `1`, `A`, `a`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PipeCell {
    /// Never enterable.
    Stone,
    /// Water, holding the key of a colour or not.
    Water(Option<u8>),
    /// A pipe of a colour, lying horizontally (connecting its left and right
    /// neighbours) or standing vertically.
    Pipe {
        /// The colour.
        colour: u8,
        /// Whether it lies horizontally.
        horizontal: bool,
    },
}

/// Why [`PipeMaze::new`] refused its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PipeMazeError {
    /// The start or the exit lies outside the grid.
    OffGrid {
        /// `"start"` or `"exit"`.
        what: &'static str,
        /// The position given.
        pos: Pos,
    },
    /// The start or the exit is not water.
    NotWater {
        /// `"start"` or `"exit"`.
        what: &'static str,
        /// The position given.
        pos: Pos,
    },
    /// A key or a pipe has a colour of [`MAX_COLOURS`] or more.
    Colour {
        /// The cell.
        pos: Pos,
        /// The colour found.
        colour: u8,
    },
    /// The grid has more than `u32::MAX` cells.
    TooLarge,
}

impl fmt::Display for PipeMazeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PipeMazeError::OffGrid { what, pos } => {
                write!(f, "the {what} ({}, {}) is off the grid", pos.row, pos.col)
            }
            PipeMazeError::NotWater { what, pos } => {
                write!(f, "the {what} ({}, {}) is not water", pos.row, pos.col)
            }
            PipeMazeError::Colour { pos, colour } => write!(
                f,
                "the cell ({}, {}) has colour {colour}; colours are 0..{MAX_COLOURS}",
                pos.row, pos.col
            ),
            PipeMazeError::TooLarge => f.write_str("the grid has more than u32::MAX cells"),
        }
    }
}

impl std::error::Error for PipeMazeError {}

/// Cell codes of the padded array.
const WATER: u8 = 0;
const STONE: u8 = 1;
const PIPE_H: u8 = 0x40;
const PIPE_V: u8 = 0x80;
const COLOUR_MASK: u8 = 0x1F;

/// One move of the fish: a step, or a pass through a pipe (two cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PipeMove {
    /// The direction.
    pub dir: Dir,
    /// Whether it passes through a pipe.
    pub pass: bool,
}

impl fmt::Display for PipeMove {
    /// The direction's letter, followed by `2` for a pass: `R`, `R2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.dir.letter())?;
        if self.pass {
            f.write_str("2")?;
        }
        Ok(())
    }
}

/// A route of the fish from the start to the exit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PipeRoute {
    /// The moves.
    pub moves: Vec<PipeMove>,
    /// The cells the fish stands on, from the start to the exit (one more than the moves).
    pub cells: Vec<Pos>,
    /// The keys held at the exit.
    pub keys: KeySet,
}

impl PipeRoute {
    /// The number of moves.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the route has no moves (the start is the exit).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

impl fmt::Display for PipeRoute {
    /// The moves separated by spaces, e.g. `R R2 D`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{step}")?;
        }
        Ok(())
    }
}

/// The contest answer for a search outcome: the number of moves of the route found when
/// it is at most [`CLOSES_AT`], else [`NO_ESCAPE`] (also when there is no route, or when
/// the search stopped at the closing time).
///
/// # Examples
///
/// ```
/// use state_search::domains::pipemaze::{PipeMaze, Strategy, escape_answer};
///
/// let maze: PipeMaze = "4 4\n****\n*#+*\n*+$*\n****\n".parse()?;
/// assert_eq!(escape_answer(&maze.solve(Strategy::Bfs)?.outcome), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn escape_answer(outcome: &Outcome<PipeRoute>) -> u32 {
    match outcome {
        Outcome::Found(route) => u32::try_from(route.len())
            .ok()
            .filter(|&moves| moves <= CLOSES_AT)
            .unwrap_or(NO_ESCAPE),
        Outcome::NoPath | Outcome::Stopped(_) => NO_ESCAPE,
    }
}

/// A pipe-key maze: cells, a start and an exit. Parse one from the contest text
/// (`str::parse`), build one in code ([`PipeMaze::new`]) or generate one
/// ([`PipeMaze::random`]). As a [`StateSpace`], every move costs 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipeMaze {
    cells: Grid<PipeCell>,
    start: Pos,
    exit: Pos,
    /// The cells as codes inside a border of stone, laid out by `padding`.
    codes: Vec<u8>,
    /// The keys collected on arriving at each padded cell (its own and its neighbours').
    arrival: Vec<u32>,
    padding: Padding,
    /// The colours that have at least one key.
    key_colours: KeySet,
}

impl PipeMaze {
    /// A maze from its cells, start and exit.
    ///
    /// # Errors
    ///
    /// A [`PipeMazeError`] when the start or the exit is off the grid or not water, or a
    /// key or pipe has a colour of [`MAX_COLOURS`] or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::pipemaze::{PipeCell, PipeMaze, Strategy, escape_answer};
    /// use state_search::grid::{Grid, Pos};
    ///
    /// // start, a vertical pipe of colour 12, exit: passing right needs key 12.
    /// let pipe = PipeCell::Pipe { colour: 12, horizontal: false };
    /// let row = vec![PipeCell::Water(None), pipe, PipeCell::Water(None)];
    /// let maze = PipeMaze::new(Grid::from_cells(3, 1, row).unwrap(), Pos::new(0, 0), Pos::new(0, 2))?;
    /// assert_eq!(escape_answer(&maze.solve(Strategy::Bfs)?.outcome), 10_001);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(cells: Grid<PipeCell>, start: Pos, exit: Pos) -> Result<Self, PipeMazeError> {
        if u32::try_from(cells.len()).is_err() {
            return Err(PipeMazeError::TooLarge);
        }
        for (what, pos) in [("start", start), ("exit", exit)] {
            match cells.get(pos) {
                None => return Err(PipeMazeError::OffGrid { what, pos }),
                Some(PipeCell::Water(_)) => {}
                Some(_) => return Err(PipeMazeError::NotWater { what, pos }),
            }
        }
        let padding = Padding::of(&cells);
        let (stride, padded_len) = (padding.stride(), padding.len());
        let mut codes = vec![STONE; padded_len];
        let mut keys = vec![0u32; padded_len];
        let mut key_colours = KeySet::EMPTY;
        for (i, &cell) in cells.cells().iter().enumerate() {
            let pos = cells.pos_of(i);
            let at = padding.index(pos);
            codes[at] = match cell {
                PipeCell::Stone => STONE,
                PipeCell::Water(Some(colour)) | PipeCell::Pipe { colour, .. }
                    if colour >= MAX_COLOURS =>
                {
                    return Err(PipeMazeError::Colour { pos, colour });
                }
                PipeCell::Water(key) => {
                    if let Some(colour) = key {
                        keys[at] = 1 << colour;
                        key_colours = key_colours.with(colour);
                    }
                    WATER
                }
                PipeCell::Pipe {
                    colour,
                    horizontal: true,
                } => PIPE_H | colour,
                PipeCell::Pipe {
                    colour,
                    horizontal: false,
                } => PIPE_V | colour,
            };
        }
        // Keys lie only on water cells, so the border contributes nothing.
        let mut arrival = vec![0u32; padded_len];
        for at in stride..padded_len - stride {
            if codes[at] == WATER {
                arrival[at] =
                    keys[at] | keys[at - stride] | keys[at + stride] | keys[at - 1] | keys[at + 1];
            }
        }
        Ok(Self {
            cells,
            start,
            exit,
            codes,
            arrival,
            padding,
            key_colours,
        })
    }

    /// Parses the contest text format (`PROBLEMS.md` section 1): a header `n m`, then `n`
    /// rows of `m` characters from `* + # $ 1-9 A-I a-i`, with exactly one `#` and one
    /// `$`. Lines may end in `\r\n` and trailing blanks.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the line and column of the first fault: see
    /// [`parse_char_map`]. The map may have at most [`MAX_SIDE`] rows and columns.
    ///
    /// # Complexity
    ///
    /// O(length of `text`).
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        const FORMAT: MapFormat<'static> = MapFormat {
            max_rows: MAX_SIDE,
            max_cols: MAX_SIDE,
            max_cells: MAX_SIDE as usize * MAX_SIDE as usize,
            markers: &[
                Marker {
                    ch: '#',
                    name: "start `#`",
                },
                Marker {
                    ch: '$',
                    name: "exit `$`",
                },
            ],
        };
        let CharMap { grid, markers } = parse_char_map(text, &FORMAT, |c| {
            let colour = |base: char| {
                let k = u32::from(c).wrapping_sub(u32::from(base));
                u8::try_from(k).ok().filter(|&k| k < TEXT_COLOURS)
            };
            match c {
                '*' => Some(PipeCell::Stone),
                '+' | '#' | '$' => Some(PipeCell::Water(None)),
                _ => colour('1')
                    .map(|k| PipeCell::Water(Some(k)))
                    .or_else(|| {
                        colour('A').map(|colour| PipeCell::Pipe {
                            colour,
                            horizontal: true,
                        })
                    })
                    .or_else(|| {
                        colour('a').map(|colour| PipeCell::Pipe {
                            colour,
                            horizontal: false,
                        })
                    }),
            }
        })?;
        // The parser guarantees both markers, on water, with colours below 9: `new`
        // cannot refuse this maze.
        Self::new(grid, markers[0], markers[1])
            .map_err(|error| ParseError::new(1, 0, ParseErrorKind::Unsolvable(error.to_string())))
    }

    /// A random `height x width` maze from `spec` (the same spec always gives the same
    /// maze). The start is the top-left cell, the exit the bottom-right one, both plain
    /// water; no two pipes are adjacent (the contest's promise).
    ///
    /// # Panics
    ///
    /// Panics if `width` or `height` is zero, the grid has more than `u32::MAX` cells,
    /// or `colours` is above [`MAX_COLOURS`].
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::pipemaze::{PipeMaze, RandomPipeMaze};
    ///
    /// let spec = RandomPipeMaze::new(20, 20, 9, 3);
    /// let maze = PipeMaze::random(&spec);
    /// assert_eq!(maze.to_string().parse::<PipeMaze>()?, maze);
    /// # Ok::<(), state_search::ParseError>(())
    /// ```
    #[must_use]
    pub fn random(spec: &RandomPipeMaze) -> Self {
        assert!(
            spec.width > 0 && spec.height > 0,
            "a maze needs at least one cell"
        );
        assert!(spec.colours <= MAX_COLOURS, "at most 32 colours");
        let mut rng = SplitMix64::new(spec.seed);
        let mut cells = Grid::new(spec.width, spec.height, PipeCell::Water(None));
        let colours = u64::from(spec.colours);
        let colour = |rng: &mut SplitMix64| u8::try_from(rng.below(colours)).unwrap_or(0);
        let is_pipe = |cell: Option<&PipeCell>| matches!(cell, Some(PipeCell::Pipe { .. }));
        for i in 0..cells.len() {
            let pos = cells.pos_of(i);
            if rng.percent(spec.stone_percent) {
                cells[pos] = PipeCell::Stone;
            } else if colours > 0 && rng.percent(spec.pipe_percent) {
                // Cells are filled row by row: only the upper and left ones exist yet.
                let up = pos.row.checked_sub(1).map(|row| Pos::new(row, pos.col));
                let left = pos.col.checked_sub(1).map(|col| Pos::new(pos.row, col));
                if !is_pipe(up.and_then(|p| cells.get(p)))
                    && !is_pipe(left.and_then(|p| cells.get(p)))
                {
                    cells[pos] = PipeCell::Pipe {
                        colour: colour(&mut rng),
                        horizontal: rng.percent(50),
                    };
                }
            } else if colours > 0 && rng.percent(spec.key_percent) {
                cells[pos] = PipeCell::Water(Some(colour(&mut rng)));
            }
        }
        let start = Pos::new(0, 0);
        let exit = Pos::new(spec.height - 1, spec.width - 1);
        cells[start] = PipeCell::Water(None);
        cells[exit] = PipeCell::Water(None);
        if spec.wall_in_exit {
            let around: Vec<Pos> = cells.neighbours(exit).map(|(_, p)| p).collect();
            for pos in around {
                cells[pos] = PipeCell::Stone;
            }
        }
        Self::new(cells, start, exit).expect("a generated maze is valid")
    }

    /// The cells.
    #[must_use]
    pub fn cells(&self) -> &Grid<PipeCell> {
        &self.cells
    }

    /// The start cell.
    #[must_use]
    pub fn start(&self) -> Pos {
        self.start
    }

    /// The exit cell.
    #[must_use]
    pub fn exit(&self) -> Pos {
        self.exit
    }

    /// The start state: the start cell with the keys collected there at time 0.
    #[must_use]
    pub fn start_state(&self) -> KeyState {
        KeyState::new(self.start, KeySet(self.arrival[self.padded(self.start)]))
    }

    /// Whether `state` is on the exit.
    #[must_use]
    pub fn is_goal(&self, state: &KeyState) -> bool {
        state.pos == self.exit
    }

    /// The colours that have at least one key: the only ones the fish can hold.
    #[must_use]
    pub fn key_colours(&self) -> KeySet {
        self.key_colours
    }

    /// Half the Manhattan distance to the exit, rounded up: admissible and consistent,
    /// since one move covers at most two cells.
    #[inline]
    #[must_use]
    pub fn heuristic(&self, state: &KeyState) -> u32 {
        state.pos.manhattan(self.exit).div_ceil(2)
    }

    /// The dense numbering of this maze's states.
    #[must_use]
    pub fn state_indexer(&self) -> KeyStateIndexer {
        KeyStateIndexer::new(self.cells.width(), self.cells.height(), self.key_colours)
    }

    #[inline]
    fn padded(&self, pos: Pos) -> usize {
        self.padding.index(pos)
    }

    /// Calls `f` with every move from `state` and the state it leads to, in the order
    /// U, D, L, R.
    #[inline]
    fn moves(&self, state: &KeyState, mut f: impl FnMut(PipeMove, KeyState)) {
        let [up, down, left, right] = self.padding.offsets();
        let here = self.padded(state.pos);
        let Pos { row, col } = state.pos;
        // (direction, offset, pipe code that lies along it, one and two cells away)
        let moves = [
            (
                Dir::Up,
                up,
                PIPE_V,
                Pos::new(row.wrapping_sub(1), col),
                Pos::new(row.wrapping_sub(2), col),
            ),
            (
                Dir::Down,
                down,
                PIPE_V,
                Pos::new(row + 1, col),
                Pos::new(row + 2, col),
            ),
            (
                Dir::Left,
                left,
                PIPE_H,
                Pos::new(row, col.wrapping_sub(1)),
                Pos::new(row, col.wrapping_sub(2)),
            ),
            (
                Dir::Right,
                right,
                PIPE_H,
                Pos::new(row, col + 1),
                Pos::new(row, col + 2),
            ),
        ];
        for &(dir, offset, along, near, far) in &moves {
            let next = here.wrapping_add_signed(offset);
            let code = self.codes[next];
            let (to, pos, pass) = if code == WATER {
                (next, near, false)
            } else if code & (PIPE_H | PIPE_V) != 0 {
                let beyond = next.wrapping_add_signed(offset);
                let open = code & along != 0 || state.keys.contains(code & COLOUR_MASK);
                if !open || self.codes[beyond] != WATER {
                    continue;
                }
                (beyond, far, true)
            } else {
                continue;
            };
            let keys = KeySet(state.keys.0 | self.arrival[to]);
            f(PipeMove { dir, pass }, KeyState { pos, keys });
        }
    }

    /// Plays `moves` from the start and returns the final state.
    ///
    /// # Errors
    ///
    /// The 0-based number of the first illegal move.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::pipemaze::{PipeMaze, PipeMove};
    /// use state_search::grid::Dir;
    ///
    /// let maze: PipeMaze = "3 5\n#+A+$\n+1*++\n*****\n".parse()?;
    /// let step = |dir| PipeMove { dir, pass: false };
    /// let moves = [step(Dir::Right), PipeMove { dir: Dir::Right, pass: true }, step(Dir::Right)];
    /// assert_eq!(maze.replay(&moves).map(|s| s.pos), Ok(maze.exit()));
    /// assert_eq!(maze.replay(&[step(Dir::Up)]), Err(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self, moves: &[PipeMove]) -> Result<KeyState, usize> {
        let mut state = self.start_state();
        for (i, &wanted) in moves.iter().enumerate() {
            let mut next = None;
            self.moves(&state, |step, to| {
                if step == wanted {
                    next = Some(to);
                }
            });
            state = next.ok_or(i)?;
        }
        Ok(state)
    }

    /// A route to the exit found by `strategy`, searched up to the closing time: routes
    /// longer than [`CLOSES_AT`] moves are not looked for. Turn the outcome into the
    /// contest answer with [`escape_answer`].
    ///
    /// The engines use dense storage, or hashed storage when the states are too many to
    /// number densely (many colours on a large grid). IDA* without a table checks the
    /// whole path for repeated states, and takes exponential time: tiny mazes only.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the dense store does not fit in memory (the search does
    /// not fall back to hashed storage then: it needs more memory per state, and a hash
    /// map that cannot grow aborts the process).
    ///
    /// # Complexity
    ///
    /// For V = cells x 2^(colours with keys) states: BFS O(V) time and 4 bytes per state
    /// of dense storage; Dijkstra and A* O(V log V); IDA* with the table O(V) per
    /// iteration, one iteration per bound.
    pub fn solve(&self, strategy: Strategy) -> Result<Search<PipeRoute>, CapacityError> {
        let ix = self.state_indexer();
        let start = [self.start_state()];
        let goal = |s: &KeyState| self.is_goal(s);
        let h = |s: &KeyState| self.heuristic(s);
        let limits = Limits::new().max_cost(CLOSES_AT);
        macro_rules! dense_or_hashed {
            ($make:expr, |$engine:ident| $search:expr) => {
                match $make(Dense(ix)) {
                    Ok(engine) => {
                        let mut $engine = engine.with_limits(limits);
                        $search
                    }
                    Err(error) if error.reason == CapacityErrorKind::TooManyStates => {
                        let mut $engine = $make(Hashed)?.with_limits(limits);
                        $search
                    }
                    Err(error) => return Err(error),
                }
            };
        }
        let search = match strategy {
            Strategy::Bfs => match Bfs::try_with_storage(Dense(ix)) {
                Ok(bfs) => bfs
                    .with_limits(Limits::new().max_cost(CLOSES_AT as usize))
                    .search(self, start, goal),
                Err(error) if error.reason == CapacityErrorKind::TooManyStates => {
                    Bfs::try_with_storage(Hashed)?
                        .with_limits(Limits::new().max_cost(CLOSES_AT as usize))
                        .search(self, start, goal)
                }
                Err(error) => return Err(error),
            }
            .map(|found| Self::route_of(&found)),
            Strategy::Dijkstra => {
                dense_or_hashed!(Dijkstra::try_with_storage, |e| e
                    .search(self, start, goal)
                    .map(|found| Self::route_of(&found)))
            }
            Strategy::AStar => {
                dense_or_hashed!(AStar::try_with_storage, |e| e
                    .search(self, start, &h, goal)
                    .map(|found| Self::route_of(&found)))
            }
            Strategy::IdaStar => IdaStar::new()
                .with_cycle_check(CycleCheck::Path)
                .with_limits(limits)
                .search(self, start, &h, goal)
                .map(|found| Self::route_of(&found)),
            Strategy::IdaStarTable => {
                dense_or_hashed!(IdaStar::try_with_table, |e| e
                    .search(self, start, &h, goal)
                    .map(|found| Self::route_of(&found)))
            }
        };
        Ok(search)
    }

    /// The route along a path of states: the move between each pair.
    fn route_of<C>(found: &Solution<KeyState, C>) -> PipeRoute {
        let moves = found
            .path
            .windows(2)
            .map(|pair| {
                let (from, to) = (pair[0].pos, pair[1].pos);
                PipeMove {
                    dir: Dir::between(from, to),
                    pass: from.manhattan(to) == 2,
                }
            })
            .collect();
        PipeRoute {
            moves,
            cells: found.path.iter().map(|s| s.pos).collect(),
            keys: found.path.last().map_or(KeySet::EMPTY, |s| s.keys),
        }
    }
}

impl FromStr for PipeMaze {
    type Err = ParseError;

    /// [`PipeMaze::parse`].
    fn from_str(text: &str) -> Result<Self, ParseError> {
        Self::parse(text)
    }
}

impl fmt::Display for PipeMaze {
    /// The contest text format: the header `n m`, then one line per row. Colours 9 and
    /// above, which the format cannot write, appear as `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.cells.height(), self.cells.width())?;
        let letter = |base: u8, colour: u8| {
            if colour < TEXT_COLOURS {
                char::from(base + colour)
            } else {
                '?'
            }
        };
        for row in 0..self.cells.height() {
            let line: String = (0..self.cells.width())
                .map(|col| {
                    let pos = Pos::new(row, col);
                    match self.cells[pos] {
                        _ if pos == self.start => '#',
                        _ if pos == self.exit => '$',
                        PipeCell::Stone => '*',
                        PipeCell::Water(None) => '+',
                        PipeCell::Water(Some(colour)) => letter(b'1', colour),
                        PipeCell::Pipe {
                            colour,
                            horizontal: true,
                        } => letter(b'A', colour),
                        PipeCell::Pipe {
                            colour,
                            horizontal: false,
                        } => letter(b'a', colour),
                    }
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl StateSpace for PipeMaze {
    type State = KeyState;
    type Cost = u32;

    #[inline]
    fn successors(&self, state: &KeyState, mut emit: impl FnMut(KeyState, u32)) {
        self.moves(state, |_, next| emit(next, 1));
    }
}

impl IndexedSpace for PipeMaze {
    type Indexer = KeyStateIndexer;
    fn indexer(&self) -> KeyStateIndexer {
        self.state_indexer()
    }
}

/// How to search a [`PipeMaze`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Strategy {
    /// Breadth-first search ([`Bfs`]): the default.
    Bfs,
    /// [`Dijkstra`].
    Dijkstra,
    /// [`AStar`] with [`PipeMaze::heuristic`].
    AStar,
    /// [`IdaStar`] without a table, checking the whole path for repeats: tiny mazes only.
    IdaStar,
    /// [`IdaStar`] with the generation-stamped transposition table (the seed's method).
    IdaStarTable,
}

impl Strategy {
    /// Every strategy.
    pub const ALL: [Strategy; 5] = [
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

    /// `bfs`, `dijkstra`, `astar`, `idastar` or `idastar-tt`.
    fn from_str(name: &str) -> Result<Self, String> {
        Strategy::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| {
                format!(
                    "unknown strategy {name:?}: expected bfs, dijkstra, astar, idastar or idastar-tt"
                )
            })
    }
}

/// The parameters of [`PipeMaze::random`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomPipeMaze {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Pipe and key colours `0..colours` (at most 32; the text format writes 9).
    pub colours: u8,
    /// The chance, in percent, that a cell is stone.
    pub stone_percent: u32,
    /// The chance, in percent, that a cell that is not stone is a pipe (unless that would
    /// make two pipes adjacent).
    pub pipe_percent: u32,
    /// The chance, in percent, that a water cell holds a key.
    pub key_percent: u32,
    /// Whether to wall in the exit with stone, so that it cannot be reached.
    pub wall_in_exit: bool,
    /// The seed of the generator.
    pub seed: u64,
}

impl RandomPipeMaze {
    /// A `height x width` maze with `colours` colours, 25% stone, 20% pipes, 5% keys,
    /// and a reachable exit (unless the stones decide otherwise).
    #[must_use]
    pub fn new(width: u32, height: u32, colours: u8, seed: u64) -> Self {
        Self {
            width,
            height,
            colours,
            stone_percent: 25,
            pipe_percent: 20,
            key_percent: 5,
            wall_in_exit: false,
            seed,
        }
    }
}
