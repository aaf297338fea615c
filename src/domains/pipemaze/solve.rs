//! Solving: `PipeMaze::solve` by a `Strategy` up to the closing time, the `PipeRoute` it
//! finds, and the contest answer (`escape_answer`).

use core::fmt;

use super::{PipeMaze, PipeMove};
use crate::domains::SolveError;
use crate::domains::keys::{KeySet, KeyState};
use crate::event::{NoVisitor, Visitor};
use crate::grid::{Dir, Pos};
use crate::solution::{Limits, Outcome, Search, Solution, StopReason};
use crate::strategy::{Problem, Strategy};

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
        crate::domains::write_spaced(f, &self.moves)
    }
}

/// The contest answer for the outcome of [`PipeMaze::solve`]: the number of moves of the
/// route found when it is at most [`CLOSES_AT`], else [`NO_ESCAPE`] (also when there is
/// no route, or when the search stopped at the closing time); `None` when the search
/// stopped for another reason (a limit, memory, or a beam that pruned every route it
/// kept), which does not show whether or how soon the fish escapes. The route of a
/// strategy that is not optimal ([`Strategy::is_optimal`]) bounds the answer from above.
///
/// # Examples
///
/// ```
/// use state_search::domains::pipemaze::{PipeMaze, escape_answer};
/// use state_search::Limits;
///
/// let maze: PipeMaze = "4 4\n****\n*#+*\n*+$*\n****\n".parse()?;
/// let search = maze.solve(&PipeMaze::DEFAULT_STRATEGY, &Limits::new())?;
/// assert_eq!(escape_answer(&search.outcome), Some(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn escape_answer(outcome: &Outcome<PipeRoute>) -> Option<u32> {
    match outcome {
        Outcome::Found(route) => Some(
            u32::try_from(route.len())
                .ok()
                .filter(|&moves| moves <= CLOSES_AT)
                .unwrap_or(NO_ESCAPE),
        ),
        Outcome::NoPath | Outcome::Stopped(StopReason::Cost) => Some(NO_ESCAPE),
        Outcome::Stopped(_) => None,
    }
}

impl PipeMaze {
    /// The fastest strategy on this domain: breadth-first search.
    pub const DEFAULT_STRATEGY: Strategy = Strategy::Bfs;

    /// The strategies [`PipeMaze::solve`] runs, the default first, in the order of
    /// [`Strategy::ALL`]: all but the bidirectional ones (`bibfs`, `bidijkstra`, `mm`,
    /// `nbs`, `bae`: the exit is reached with any set of keys, many goal states), which it
    /// refuses.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::pipemaze::PipeMaze;
    /// use state_search::Strategy;
    ///
    /// let strategies = PipeMaze::strategies();
    /// assert_eq!(strategies[0], PipeMaze::DEFAULT_STRATEGY);
    /// assert!(!strategies.contains(&Strategy::BidirectionalBfs));
    /// ```
    #[must_use]
    pub fn strategies() -> Vec<Strategy> {
        crate::domains::offered(Self::DEFAULT_STRATEGY, crate::domains::forwards)
    }

    /// A route to the exit found by `strategy` within `limits`, searched up to the closing
    /// time: routes longer than [`CLOSES_AT`] moves are not looked for. Turn the outcome
    /// into the contest answer with [`escape_answer`].
    ///
    /// Every strategy runs on the maze as a [`StateSpace`](crate::StateSpace) with
    /// [`PipeMaze::heuristic`] and automatic storage: dense over
    /// [`PipeMaze::state_indexer`] when the states can be numbered and fit, hashed
    /// otherwise (many colours on a large grid). `idastar` checks the whole path for
    /// repeated states, in exponential time: tiny mazes only.
    ///
    /// # Errors
    ///
    /// [`SolveError::NotApplicable`] for a strategy that cannot run here (the
    /// bidirectional ones, which need one goal state); [`SolveError::Capacity`] when
    /// dense storage was asked for and does not fit.
    ///
    /// # Complexity
    ///
    /// For V = cells x 2^(colours with keys) states: BFS O(V) time and 4 bytes per state
    /// of dense storage; Dijkstra and A* O(V log V); IDA* with the table O(V) per
    /// iteration, one iteration per bound.
    pub fn solve(
        &self,
        strategy: &Strategy,
        limits: &Limits,
    ) -> Result<Search<PipeRoute>, SolveError> {
        self.solve_with(strategy, limits, &mut NoVisitor)
    }

    /// [`PipeMaze::solve`] with an event visitor, which sees the search's events on the
    /// maze's states (for progress reports, or to stop a search by returning `Break`).
    ///
    /// # Errors
    ///
    /// As [`PipeMaze::solve`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use state_search::domains::pipemaze::{PipeMaze, escape_answer};
    /// use state_search::{Event, Limits, Strategy, visitor};
    ///
    /// let maze: PipeMaze = "1 3\n#+$\n".parse()?;
    /// let mut expanded = 0;
    /// let mut count = visitor(|event| {
    ///     if let Event::Expanded { .. } = event {
    ///         expanded += 1;
    ///     }
    ///     ControlFlow::Continue(())
    /// });
    /// let search = maze.solve_with(&Strategy::Bfs, &Limits::new(), &mut count)?;
    /// assert_eq!((escape_answer(&search.outcome), expanded), (Some(2), 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_with<V: Visitor<KeyState, u32>>(
        &self,
        strategy: &Strategy,
        limits: &Limits,
        visitor: &mut V,
    ) -> Result<Search<PipeRoute>, SolveError> {
        let problem = Problem::new(self, [self.start_state()], |s: &KeyState| self.is_goal(s))
            .heuristic(|s: &KeyState| self.heuristic(s))
            .indexed();
        let limits = limits.for_cost().max_cost(CLOSES_AT);
        Ok(strategy
            .run_with(&problem, &limits, visitor)?
            .map(|found| Self::route_of(&found)))
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
