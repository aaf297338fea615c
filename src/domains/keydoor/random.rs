//! Random mazes: `RandomKeyDoor`, the parameters, and `KeyDoorMaze::random`.

use super::{Cell, KeyDoorMaze, MAX_KEY_TYPES};
use crate::grid::{Grid, Pos};
use crate::rng::SplitMix64;

/// The parameters of [`KeyDoorMaze::random`].
///
/// # Examples
///
/// ```
/// use state_search::domains::keydoor::{KeyDoorMaze, Objective, RandomKeyDoor};
/// use state_search::Limits;
///
/// // Every 6th column is a wall with doors in it: the route must collect keys.
/// let spec = RandomKeyDoor {
///     barrier_every: 6,
///     barrier_door_percent: 40,
///     ..RandomKeyDoor::new(15, 20, 3, 5)
/// };
/// let maze = KeyDoorMaze::random(&spec);
/// let strategy = Objective::FewestKeys.default_strategy();
/// let route = maze.solve(Objective::FewestKeys, &strategy, &Limits::new())?.into_found().unwrap();
/// assert_eq!((route.keys.len(), route.steps()), (2, 51));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomKeyDoor {
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// Door and key types `0..key_types` (at most 32; the text format writes 8).
    pub key_types: u8,
    /// The chance, in percent, that a cell is a wall.
    pub wall_percent: u32,
    /// The chance, in percent, that a cell that is not a wall is a door (of a uniformly
    /// random type).
    pub door_percent: u32,
    /// The number of keys of each type, on random floor cells. A key that finds no free
    /// floor cell in a few tries is not placed; once every free floor cell holds a key,
    /// placing stops (earlier types first), so any count is safe.
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
    /// A `rows x cols` maze with `key_types` types, 25% walls, 5% doors, 3 keys per
    /// type and no barriers.
    #[must_use]
    pub fn new(rows: u32, cols: u32, key_types: u8, seed: u64) -> Self {
        Self {
            rows,
            cols,
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

impl KeyDoorMaze {
    /// A `rows x cols` maze with walls, doors of `key_types` types, `keys_per_type`
    /// keys of each type and optional barriers, placed at random from `spec.seed`. The
    /// start is the top-left cell, the target the bottom-right one; they and their
    /// neighbours are floor. The same spec always gives the same maze.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::keydoor::{KeyDoorMaze, RandomKeyDoor};
    ///
    /// let spec = RandomKeyDoor::new(20, 30, 4, 7);
    /// let maze = KeyDoorMaze::random(&spec);
    /// assert_eq!(maze, KeyDoorMaze::random(&spec));
    /// assert_eq!(maze.to_string().parse::<KeyDoorMaze>()?, maze);
    /// # Ok::<(), state_search::ParseError>(())
    /// ```
    ///
    /// # Panics
    ///
    /// Panics if `rows` or `cols` is zero, the grid has more than `u32::MAX` cells,
    /// or `key_types` is above [`MAX_KEY_TYPES`].
    #[must_use]
    pub fn random(spec: &RandomKeyDoor) -> Self {
        assert!(
            spec.rows > 0 && spec.cols > 0,
            "a maze needs at least one cell"
        );
        assert!(spec.key_types <= MAX_KEY_TYPES, "at most 32 key types");
        let mut rng = SplitMix64::new(spec.seed);
        let mut cells = Grid::new(spec.rows, spec.cols, Cell::Floor);
        let types = u64::from(spec.key_types);
        let pick_type = |rng: &mut SplitMix64| u8::try_from(rng.below(types)).unwrap_or(0);
        let barrier = |col: u32| {
            spec.barrier_every > 0
                && col + 1 < spec.cols
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
        let target = Pos::new(spec.rows - 1, spec.cols - 1);
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
        // Once every free cell holds a key, no more keys can be placed: stop, so that the
        // work is bounded by the cells whatever `keys_per_type` asks for.
        let mut free_cells = (0..cells.len())
            .filter(|&i| free(&cells, cells.pos_of(i)))
            .count();
        for t in 0..spec.key_types {
            for _ in 0..spec.keys_per_type {
                if free_cells == 0 {
                    break;
                }
                // A few tries per key: on a crowded grid some keys are simply not placed.
                for _ in 0..64 {
                    let i = usize::try_from(rng.below(cells.len() as u64)).unwrap_or(0);
                    let pos = cells.pos_of(i);
                    if free(&cells, pos) {
                        cells[pos] = Cell::Key(t);
                        free_cells -= 1;
                        break;
                    }
                }
            }
        }
        Self::new(cells, start, target).expect("a generated maze is valid")
    }
}
