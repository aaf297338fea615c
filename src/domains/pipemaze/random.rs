//! Random mazes: `RandomPipeMaze`, the parameters, and `PipeMaze::random`.

use super::{MAX_COLOURS, PipeCell, PipeMaze};
use crate::grid::{Grid, Pos};
use crate::rng::SplitMix64;

/// The parameters of [`PipeMaze::random`].
///
/// # Examples
///
/// ```
/// use state_search::domains::pipemaze::{NO_ESCAPE, PipeMaze, RandomPipeMaze, escape_answer};
/// use state_search::Limits;
///
/// let spec = RandomPipeMaze { stone_percent: 15, ..RandomPipeMaze::new(12, 16, 3, 10) };
/// let walled = RandomPipeMaze { wall_in_exit: true, ..spec };
/// let answer = |spec: &RandomPipeMaze| {
///     let search = PipeMaze::random(spec).solve(&PipeMaze::DEFAULT_STRATEGY, &Limits::new());
///     search.map(|search| escape_answer(&search.outcome))
/// };
/// assert_eq!(answer(&spec)?, Some(32));
/// assert_eq!(answer(&walled)?, Some(NO_ESCAPE));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomPipeMaze {
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// Pipe and key colours `0..colours` (at most 32; the text format writes 9).
    pub colours: u8,
    /// The chance, in percent, that a cell is stone.
    pub stone_percent: u32,
    /// The chance, in percent, that a cell that is not stone is a pipe (unless that would
    /// make two pipes adjacent).
    pub pipe_percent: u32,
    /// The chance, in percent, that a water cell holds a key.
    pub key_percent: u32,
    /// Whether to wall in the exit with stone, so that it cannot be reached (except from
    /// a start next to it, on a 1x2 or 2x1 grid: the start is never stone).
    pub wall_in_exit: bool,
    /// The seed of the generator.
    pub seed: u64,
}

impl RandomPipeMaze {
    /// A `rows x cols` maze with `colours` colours, 25% stone, 20% pipes, 5% keys,
    /// and a reachable exit (unless the stones decide otherwise).
    #[must_use]
    pub fn new(rows: u32, cols: u32, colours: u8, seed: u64) -> Self {
        Self {
            rows,
            cols,
            colours,
            stone_percent: 25,
            pipe_percent: 20,
            key_percent: 5,
            wall_in_exit: false,
            seed,
        }
    }
}

impl PipeMaze {
    /// A random `rows x cols` maze from `spec` (the same spec always gives the same
    /// maze). The start is the top-left cell, the exit the bottom-right one, both plain
    /// water; no two pipes are adjacent (the contest's promise).
    ///
    /// # Panics
    ///
    /// Panics if `rows` or `cols` is zero, the grid has more than `u32::MAX` cells,
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
            spec.rows > 0 && spec.cols > 0,
            "a maze needs at least one cell"
        );
        assert!(spec.colours <= MAX_COLOURS, "at most 32 colours");
        let mut rng = SplitMix64::new(spec.seed);
        let mut cells = Grid::new(spec.rows, spec.cols, PipeCell::Water(None));
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
        let exit = Pos::new(spec.rows - 1, spec.cols - 1);
        cells[start] = PipeCell::Water(None);
        cells[exit] = PipeCell::Water(None);
        if spec.wall_in_exit {
            let around: Vec<Pos> = cells.neighbours(exit).map(|(_, p)| p).collect();
            // The start stays water: on a 1x2 or 2x1 grid it is next to the exit.
            for pos in around.into_iter().filter(|&pos| pos != start) {
                cells[pos] = PipeCell::Stone;
            }
        }
        Self::new(cells, start, exit).expect("a generated maze is valid")
    }
}
