//! Solving: `KeyDoorMaze::solve`, the `Objective` it takes and the `Route` it finds.

use core::fmt;

use super::{KeyDoorMaze, LayeredSearch};
use crate::domains::SolveError;
use crate::domains::keys::{KeySet, KeyState};
use crate::domains::names::word_names;
use crate::event::{NoVisitor, Visitor};
use crate::grid::Dir;
use crate::solution::{Limits, Search, Solution};
use crate::strategy::{Problem, Requirement, Strategy};

/// The search of `$maze` for `$objective`: the objective's problem (the maze itself with the
/// lexicographic estimate for the fewest keys, [`KeyDoorMaze::fewest_moves`] with the
/// Manhattan distance for the fewest moves), bound to `$problem` for `$run`, and the
/// [`Route`] of what `$run` finds. A macro, not a function: the two problems have different
/// types and costs, and `solve_with` and `par_solve` run them under different bounds.
macro_rules! objective_search {
    ($maze:expr, $objective:expr, |$problem:ident| $run:expr) => {{
        let maze: &KeyDoorMaze = $maze;
        let start = [maze.start_state()];
        let goal = |s: &KeyState| maze.is_goal(s);
        match $objective {
            Objective::FewestKeys => {
                let $problem = Problem::new(maze, start, goal)
                    .heuristic(|s: &KeyState| maze.lexicographic_heuristic(s))
                    .indexed();
                $run.map(route_of)
            }
            Objective::FewestMoves => {
                let space = maze.fewest_moves();
                let $problem = Problem::new(&space, start, goal)
                    .heuristic(|s: &KeyState| maze.manhattan(s))
                    .indexed();
                $run.map(route_of)
            }
        }
    }};
}

impl KeyDoorMaze {
    /// A route for `objective` found by `strategy`, within `limits`.
    ///
    /// The strategy runs on the maze as a [`StateSpace`](crate::StateSpace) (for the
    /// fewest keys) or on [`KeyDoorMaze::fewest_moves`], with the Manhattan distance as
    /// heuristic (as `(0, distance)` for the fewest keys) and automatic storage: dense
    /// over [`KeyDoorMaze::state_indexer`] when the states can be numbered and fit, hashed
    /// otherwise. [`Objective::default_strategy`] is the fastest strategy; for the fewest
    /// keys, the domain's own [`KeyDoorMaze::solve_layered`] is faster still. `idastar`
    /// checks the whole path for repeated states, so it ends even when the target is
    /// unreachable, in exponential time: tiny mazes only.
    ///
    /// # Errors
    ///
    /// [`SolveError::NotApplicable`] for a strategy that does not solve the objective
    /// (`bfs` and `bibfs` ignore the lexicographic costs of the fewest keys; the
    /// bidirectional strategies need one goal state, and the target cell with any set of
    /// keys is many); [`SolveError::Capacity`] when dense storage was asked for and does not
    /// fit.
    ///
    /// # Complexity
    ///
    /// For V = cells x 2^(key types) states: BFS O(V) time, Dijkstra and A* O(V log V),
    /// about 4-16 bytes per state reached.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::keydoor::{KeyDoorMaze, Objective};
    /// use state_search::{Limits, Strategy};
    ///
    /// let maze: KeyDoorMaze = "3 5\nS.a.T\n.XXX.\n.....\n".parse()?;
    /// let keys = maze.solve(Objective::FewestKeys, &Strategy::AStar, &Limits::new())?;
    /// assert_eq!(keys.found().unwrap().to_string(), "DDRRRRUU");
    /// let moves = maze.solve(Objective::FewestMoves, &Strategy::AStar, &Limits::new())?;
    /// assert_eq!(moves.found().unwrap().to_string(), "RRRR");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(
        &self,
        objective: Objective,
        strategy: &Strategy,
        limits: &Limits,
    ) -> Result<Search<Route>, SolveError> {
        self.solve_with(objective, strategy, limits, &mut NoVisitor)
    }

    /// [`KeyDoorMaze::solve`] with an event visitor. It must watch the events of both
    /// objectives: their costs are `(keys, moves)` for the fewest keys and moves for the
    /// fewest moves.
    ///
    /// # Errors
    ///
    /// As [`KeyDoorMaze::solve`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use state_search::domains::keydoor::{KeyDoorMaze, Objective};
    /// use state_search::domains::keys::KeyState;
    /// use state_search::{Event, Limits, Strategy, Visitor};
    ///
    /// /// Counts the states expanded, whatever the costs.
    /// struct Count(u64);
    /// impl<C> Visitor<KeyState, C> for Count {
    ///     fn visit(&mut self, event: Event<'_, KeyState, C>) -> ControlFlow<()> {
    ///         if let Event::Expanded { .. } = event {
    ///             self.0 += 1;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    /// let maze: KeyDoorMaze = "1 3\nSaT\n".parse()?;
    /// let mut count = Count(0);
    /// let route = maze.solve_with(Objective::FewestKeys, &Strategy::AStar, &Limits::new(), &mut count)?;
    /// assert_eq!((route.found().unwrap().to_string(), count.0), ("RR".to_owned(), 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_with<V>(
        &self,
        objective: Objective,
        strategy: &Strategy,
        limits: &Limits,
        visitor: &mut V,
    ) -> Result<Search<Route>, SolveError>
    where
        V: Visitor<KeyState, (u32, u32)> + Visitor<KeyState, u32>,
    {
        Ok(objective_search!(self, objective, |problem| {
            strategy.run_with(&problem, &limits.for_cost(), visitor)?
        }))
    }

    /// A route with the fewest keys (then the fewest moves), found by this domain's own
    /// search, [`LayeredSearch`], within `limits`: the fastest way to the contest's answer.
    ///
    /// # Complexity
    ///
    /// For V = cells x 2^(key types) states: O(V) time, and one byte per cell for each key
    /// set reached.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::keydoor::KeyDoorMaze;
    /// use state_search::Limits;
    ///
    /// let maze: KeyDoorMaze = "3 5\nS.a.T\n.XXX.\n.....\n".parse()?;
    /// let route = maze.solve_layered(&Limits::new()).into_found().unwrap();
    /// assert_eq!((route.to_string(), route.keys.len()), ("DDRRRRUU".to_owned(), 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn solve_layered(&self, limits: &Limits) -> Search<Route> {
        LayeredSearch::new().search(self, limits)
    }
}

impl KeyDoorMaze {
    /// [`KeyDoorMaze::solve`] with the parallel strategies too (feature `parallel`):
    /// `par-bfs` (the fewest moves; the maze's states must fit its dense marks) and `hda`
    /// (both objectives) run through [`Strategy::par_run`] on the threads of the current
    /// rayon pool (choose them with [`rayon::ThreadPool::install`]); every other strategy
    /// runs as with [`KeyDoorMaze::solve`].
    ///
    /// The cost found does not depend on the number of threads; when several routes are
    /// optimal, which one is returned may.
    ///
    /// # Errors
    ///
    /// As [`KeyDoorMaze::solve`]; `par-bfs` is refused for the fewest keys (its costs are
    /// not uniform). When the maze's states do not fit its dense marks (many key types),
    /// `par-bfs` stores them in hash tables.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "parallel")] {
    /// use state_search::domains::keydoor::{KeyDoorMaze, Objective};
    /// use state_search::{Limits, Strategy};
    ///
    /// let maze: KeyDoorMaze = "3 5\nS.a.T\n.XXX.\n.....\n".parse()?;
    /// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
    /// let keys = pool.install(|| maze.par_solve(Objective::FewestKeys, &Strategy::Hda, &Limits::new()))?;
    /// assert_eq!(keys.found().unwrap().to_string(), "DDRRRRUU");
    /// let moves = pool.install(|| maze.par_solve(Objective::FewestMoves, &Strategy::ParBfs, &Limits::new()))?;
    /// assert_eq!(moves.found().unwrap().to_string(), "RRRR");
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "parallel")]
    pub fn par_solve(
        &self,
        objective: Objective,
        strategy: &Strategy,
        limits: &Limits,
    ) -> Result<Search<Route>, SolveError> {
        if !matches!(strategy, Strategy::ParBfs | Strategy::Hda) {
            return self.solve(objective, strategy, limits);
        }
        Ok(objective_search!(self, objective, |problem| {
            strategy.par_run(&problem, &limits.for_cost())?
        }))
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

impl Objective {
    /// The fastest strategy for the objective: [`Strategy::AStar`] for the fewest keys
    /// (the domain's own [`KeyDoorMaze::solve_layered`] is faster still),
    /// [`Strategy::Bfs`] for the fewest moves.
    #[must_use]
    pub fn default_strategy(self) -> Strategy {
        match self {
            Objective::FewestKeys => Strategy::AStar,
            Objective::FewestMoves => Strategy::Bfs,
        }
    }

    /// The strategies [`KeyDoorMaze::solve`] runs for the objective, the default first,
    /// then in the order of [`Strategy::ALL`], and with the `parallel` feature those of
    /// `KeyDoorMaze::par_solve` (`hda`, and `par-bfs` for the fewest moves); the others
    /// are refused. The fewest keys are a lexicographic cost, which `bfs` and `par-bfs`
    /// ignore, the integer queues cannot file and the weighted strategies cannot scale; no
    /// strategy searches backwards (the target with any set of keys is many states).
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::keydoor::Objective;
    /// use state_search::Strategy;
    ///
    /// let keys = Objective::FewestKeys.strategies();
    /// assert_eq!(keys[0], Strategy::AStar);
    /// assert!(!keys.contains(&Strategy::Bfs));
    /// assert!(Objective::FewestMoves.strategies().contains(&Strategy::Bfs));
    /// ```
    #[must_use]
    pub fn strategies(self) -> Vec<Strategy> {
        let default = self.default_strategy();
        let rest = Strategy::ALL.into_iter().filter(|&s| s != default);
        #[cfg(feature = "parallel")]
        let rest = rest.chain(Strategy::PARALLEL);
        core::iter::once(default)
            .chain(rest.filter(|&s| self.runs(s)))
            .collect()
    }

    /// Whether [`KeyDoorMaze::solve`] (or `par_solve`) runs `strategy` for the objective:
    /// whether the objective offers every requirement in the strategy's row of the
    /// strategy table.
    fn runs(self, strategy: Strategy) -> bool {
        strategy
            .info()
            .requirements
            .iter()
            .all(|&requirement| self.offers(requirement))
    }

    /// Whether the maze, searched for this objective, offers `requirement`. The fewest
    /// keys are a lexicographic cost (keys, moves): not uniform, unsigned or numeric; the
    /// fewest moves are unit steps. Both search on threads (`par_solve`); neither searches
    /// backwards or in place.
    fn offers(self, requirement: Requirement) -> bool {
        match requirement {
            Requirement::UniformCost | Requirement::UnsignedCost | Requirement::NumericCost => {
                self == Objective::FewestMoves
            }
            Requirement::Threads => cfg!(feature = "parallel"),
            _ => false,
        }
    }
}

word_names! {
    Objective { FewestKeys = "keys", FewestMoves = "moves" }
    words: "`keys` or `moves`",
    /// An objective name that is neither `keys` nor `moves`.
    error: UnknownObjective("objective", expected: "keys or moves")
}

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
