//! Solving: `PipeMaze::solve` by a `Strategy` up to the closing time, the `PipeRoute` it
//! finds, and the contest answer (`escape_answer`).

use core::fmt;
use core::str::FromStr;

use super::{PipeMaze, PipeMove};
use crate::algo::astar::AStar;
use crate::algo::bfs::Bfs;
use crate::algo::dijkstra::Dijkstra;
use crate::algo::idastar::{CycleCheck, IdaStar};
use crate::domains::keys::{KeySet, KeyState};
use crate::error::{CapacityError, CapacityErrorKind};
use crate::grid::{Dir, Pos};
use crate::solution::{Limits, Outcome, Search, Solution};
use crate::store::{Dense, Hashed};

/// The time at which the maze closes: routes longer than this do not escape.
pub const CLOSES_AT: u32 = 10_000;

/// The contest answer when the fish cannot escape.
pub const NO_ESCAPE: u32 = 10_001;

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

impl PipeMaze {
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
