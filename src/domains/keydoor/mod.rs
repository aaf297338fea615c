//! The key-door maze ("迷宫游戏"): reach the target collecting as few distinct keys as
//! possible, then in as few moves as possible.
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
//! # The text format
//!
//! The contest input, read by [`KeyDoorMaze::parse`] (and `str::parse`) and written back
//! by [`Display`](core::fmt::Display):
//!
//! ```text
//! n m                  the number of rows, then of columns: 1 to MAX_SIDE each
//! n lines of m characters, one per row, top to bottom:
//!   .      floor                    X      wall
//!   S      the start (exactly one)  T      the target (exactly one)
//!   A..H   a door of type 0..7      a..h   a key of type 0..7 (a opens A)
//! ```
//!
//! Row `r` and column `c` of the picture, counted from 1 as a reader does, are the cell
//! `Pos::new(r - 1, c - 1)`. The header must be the first line and the rows follow it at
//! once; a map has at most [`MAX_SIDE`] rows and columns and [`MAX_CELLS`] cells.
//! Several doors or keys of one type are allowed. Lines may end in `\r\n`, spaces and
//! tabs at the end of a line are ignored, as are blank lines after the map and a byte
//! order mark at the start; anything else is a [`ParseError`](crate::ParseError) naming
//! its line and column ([`parse_char_map`](crate::grid::parse_char_map) lists them). The
//! contest program prints the route as a string of moves, `U`, `D`, `L`, `R`
//! ([`Route`]'s `Display`).
//!
//! ```
//! use state_search::domains::keydoor::{KeyDoorMaze, Objective};
//! use state_search::grid::Pos;
//! use state_search::Limits;
//!
//! let maze: KeyDoorMaze = "3 4\nS.a.\n.X.X\nATX.\n".parse()?;
//! assert_eq!((maze.start(), maze.target()), (Pos::new(0, 0), Pos::new(2, 1)));
//! let strategy = Objective::FewestKeys.default_strategy();
//! let route = maze.solve(Objective::FewestKeys, &strategy, &Limits::new())?.into_found();
//! assert_eq!(route.unwrap().to_string(), "RRLLDDR"); // 1 key, 7 moves
//! assert_eq!(maze.to_string(), "3 4\nS.a.\n.X.X\nATX.\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # States and costs
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
//! | fewest keys    | the layered search, [`KeyDoorMaze::solve_layered`] (`layered` in the example) | `astar` (heuristic `(0, Manhattan)`; the default strategy), `dijkstra`, `idastar-tt`, `idastar` (small mazes) |
//! | fewest moves   | `bfs` (the default)                     | `dijkstra`, `astar` (Manhattan), `idastar-tt`, `idastar` (small mazes) |
//!
//! [`KeyDoorMaze::solve`] takes any [`Strategy`](crate::Strategy); the names above are their
//! spellings. The layered search is this domain's own, not a [`Strategy`](crate::Strategy).
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
//! use state_search::Limits;
//! use state_search::domains::keydoor::{KeyDoorMaze, Objective};
//!
//! let maze: KeyDoorMaze = "3 5\nS.a.T\n.XXX.\n.....\n".parse()?;
//! let solve = |objective: Objective| {
//!     maze.solve(objective, &objective.default_strategy(), &Limits::new())
//! };
//! let fewest_keys = solve(Objective::FewestKeys)?.into_found().unwrap();
//! assert_eq!(fewest_keys.to_string(), "DDRRRRUU");
//! assert_eq!((fewest_keys.keys.len(), fewest_keys.steps()), (0, 8));
//! let fewest_moves = solve(Objective::FewestMoves)?.into_found().unwrap();
//! assert_eq!((fewest_moves.keys.len(), fewest_moves.steps()), (1, 4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`KeyState`]: crate::domains::keys::KeyState
//! [`KeyStateIndexer`]: crate::domains::keys::KeyStateIndexer
//! [`StateSpace`]: crate::StateSpace

mod layered;
mod model;
mod parse;
mod random;
mod solve;
mod space;

pub use layered::LayeredSearch;
pub use model::{Cell, KeyDoorMaze, MAX_KEY_TYPES, MazeError, ReplayError};
pub use parse::{MAX_CELLS, MAX_SIDE, TEXT_KEY_TYPES};
pub use random::RandomKeyDoor;
pub use solve::{Objective, Route, UnknownObjective};
pub use space::FewestMoves;
