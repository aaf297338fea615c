//! The maze itself: its cells, the padded arrays of cell codes and arrival keys the moves
//! read, the rules of a move (`PipeMove`, `PipeMaze::replay`), and the errors of building
//! and replaying.

use core::fmt;

use crate::domains::keys::{KeySet, KeyState, KeyStateIndexer};
use crate::grid::{Dir, Grid, Padding, Pos};

/// The most colours a maze built in code may use (colours `0..32`).
pub const MAX_COLOURS: u8 = 32;

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

/// Why [`PipeMaze::new`] refused its cells. Positions are 0-based, like every [`Pos`].
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
            PipeMazeError::OffGrid { what, pos } => write!(f, "the {what} {pos} is off the grid"),
            PipeMazeError::NotWater { what, pos } => write!(f, "the {what} {pos} is not water"),
            PipeMazeError::Colour { pos, colour } => write!(
                f,
                "the cell {pos} has colour {colour}; colours are 0..{MAX_COLOURS}"
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

/// A pipe-key maze: cells, a start and an exit. Parse one from the contest text
/// (`str::parse`), build one in code ([`PipeMaze::new`]) or generate one
/// ([`PipeMaze::random`]). As a [`StateSpace`], every move costs 1.
///
/// # Examples
///
/// ```
/// use state_search::domains::pipemaze::{PipeMaze, escape_answer};
/// use state_search::{Limits, Strategy};
///
/// // Key 1 lies next to the start, so the fish holds it at time 0 and may pass pipe a.
/// let with_key: PipeMaze = "2 4\n#a+$\n1+++\n".parse()?;
/// let without: PipeMaze = "2 4\n#a+$\n++++\n".parse()?;
/// let search = with_key.solve(&Strategy::AStar, &Limits::new())?;
/// assert_eq!(search.found().unwrap().to_string(), "R2 R");
/// let around = without.solve(&Strategy::AStar, &Limits::new())?;
/// assert_eq!(escape_answer(&around.outcome), Some(5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`StateSpace`]: crate::StateSpace
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipeMaze {
    pub(super) cells: Grid<PipeCell>,
    pub(super) start: Pos,
    pub(super) exit: Pos,
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
    /// use state_search::domains::pipemaze::{PipeCell, PipeMaze, escape_answer};
    /// use state_search::{Limits, Strategy};
    /// use state_search::grid::{Grid, Pos};
    ///
    /// // start, a vertical pipe of colour 12, exit: passing right needs key 12.
    /// let pipe = PipeCell::Pipe { colour: 12, horizontal: false };
    /// let row = vec![PipeCell::Water(None), pipe, PipeCell::Water(None)];
    /// let maze = PipeMaze::new(Grid::from_cells(1, 3, row).unwrap(), Pos::new(0, 0), Pos::new(0, 2))?;
    /// let search = maze.solve(&Strategy::Bfs, &Limits::new())?;
    /// assert_eq!(escape_answer(&search.outcome), Some(10_001));
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

    /// The dense numbering of this maze's states.
    #[must_use]
    pub fn state_indexer(&self) -> KeyStateIndexer {
        KeyStateIndexer::new(self.cells.rows(), self.cells.cols(), self.key_colours)
    }

    #[inline]
    fn padded(&self, pos: Pos) -> usize {
        self.padding.index(pos)
    }

    /// Calls `f` with every move from `state` and the state it leads to, in the order
    /// U, D, L, R.
    #[inline]
    pub(super) fn moves(&self, state: &KeyState, mut f: impl FnMut(PipeMove, KeyState)) {
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
    /// A [`PipeReplayError`] at the first illegal move.
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
    /// let error = maze.replay(&[step(Dir::Up)]).unwrap_err();
    /// assert_eq!((error.step, error.from), (0, maze.start()));
    /// assert_eq!(error.to_string(), "after 0 moves, at (0, 0), the move U is not legal");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self, moves: &[PipeMove]) -> Result<KeyState, PipeReplayError> {
        let mut state = self.start_state();
        for (step, &wanted) in moves.iter().enumerate() {
            let mut next = None;
            self.moves(&state, |legal, to| {
                if legal == wanted {
                    next = Some(to);
                }
            });
            state = next.ok_or(PipeReplayError {
                step,
                attempted: wanted,
                from: state.pos,
            })?;
        }
        Ok(state)
    }
}

/// A move of a [`PipeMaze::replay`] that is not legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PipeReplayError {
    /// The number of moves played before it: its 0-based index.
    pub step: usize,
    /// The move.
    pub attempted: PipeMove,
    /// The cell the fish was on (0-based, like every [`Pos`]).
    pub from: Pos,
}

impl fmt::Display for PipeReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.step == 1 { "" } else { "s" };
        write!(
            f,
            "after {} move{plural}, at {}, the move {} is not legal",
            self.step, self.from, self.attempted
        )
    }
}

impl std::error::Error for PipeReplayError {}
