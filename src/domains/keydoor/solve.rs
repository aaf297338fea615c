//! Solving: `KeyDoorMaze::solve` and `solve_with`, the `Objective` and `Strategy` they
//! take, the `SolveError` they return, and the `Route` they find.

use core::fmt;
use core::str::FromStr;

use super::{KeyDoorMaze, LayeredSearch};
use crate::algo::astar::AStar;
use crate::algo::bfs::Bfs;
use crate::algo::dijkstra::Dijkstra;
use crate::algo::idastar::{CycleCheck, IdaStar};
use crate::domains::keys::{KeySet, KeyState};
use crate::error::{CapacityError, CapacityErrorKind};
use crate::grid::Dir;
use crate::solution::{Search, Solution};
use crate::store::{Dense, Hashed};

impl KeyDoorMaze {
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
