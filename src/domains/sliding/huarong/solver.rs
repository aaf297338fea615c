//! The solver: `HuarongSolver` answers queries with either view (`Method`) and any
//! strategy that applies, keeping the abstraction and the buffers of its own searches.

use core::fmt;

use super::abstraction::{BlankAStar, BlankBfs};
use super::{
    Abstraction, Board, DistanceField, INF, IdIndexer, MAX_LANDMARKS, NONE, PlainState, Precompute,
    Query, QueryError, QuerySpace, SideState,
};
use crate::domains::SolveError;
use crate::domains::names::word_names;
use crate::error::CapacityError;
use crate::queue::BucketQueue;
use crate::solution::{Limits, Outcome, Search, Stats};
use crate::space::{IndexedSpace, StateIndexer};
use crate::store::{Dense, StoragePolicy};
use crate::strategy::{Problem, Strategy};
use crate::{AStar, Bfs};

/// Above this many states (`(n + 2)^2 (m + 2)^2`), the plain view is searched with hashed
/// storage instead of dense arrays.
const PLAIN_DENSE_LIMIT: usize = 1 << 22;

/// Which view of the problem answers a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// [`PlainView`](super::PlainView): (blank, piece) states, unit moves.
    Plain,
    /// [`QuerySpace`] over the [`Abstraction`]: (piece, side) states.
    Abstract,
}

word_names! {
    Method { Plain = "plain", Abstract = "abstract" }
    words: "`plain` or `abstract`",
    /// A method name that is neither `plain` nor `abstract`.
    error: UnknownMethod("method", expected: "plain or abstract")
}

/// The number of landmarks of [`Options::default`].
pub const DEFAULT_LANDMARKS: usize = 8;

/// How a [`HuarongSolver`] prepares its [`Abstraction`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// When the walks around the cells are computed.
    pub precompute: Precompute,
    /// How many landmarks the A* estimate uses (0 for none; at most [`MAX_LANDMARKS`];
    /// none with [`Precompute::Lazy`]).
    pub landmarks: usize,
}

impl Default for Options {
    /// [`Precompute::Eager`] and [`DEFAULT_LANDMARKS`] landmarks.
    fn default() -> Self {
        Self {
            precompute: Precompute::Eager,
            landmarks: DEFAULT_LANDMARKS,
        }
    }
}

/// Answers many queries on one board with either view and any strategy that applies,
/// keeping the [`Abstraction`] and the buffers of the searches it makes itself (the
/// blank's walks, the distance fields) from one query to the next.
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::huarong::{HuarongSolver, Input, Method};
/// use state_search::{Limits, Strategy};
///
/// let input = Input::random(12, 12, 20, 20, 7);
/// let mut solver = HuarongSolver::new(input.board.clone())?;
/// let limits = Limits::new();
/// for query in &input.queries {
///     let plain = solver.solve(query, Method::Plain, &Strategy::Bfs, &limits)?;
///     let spfa = solver.solve(query, Method::Abstract, &Strategy::Spfa, &limits)?;
///     let astar = solver.solve(query, Method::Abstract, &Strategy::AStar, &limits)?;
///     assert_eq!(plain.found(), spfa.found());
///     assert_eq!(plain.found(), astar.found());
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct HuarongSolver {
    abstraction: Abstraction,
    /// The BFS of the distance fields.
    bfs: BlankBfs,
    /// The A* of the blank to the piece.
    blank: BlankAStar,
    /// The distances to the target of the last query (`NONE` target: not computed yet).
    field: DistanceField,
}

impl HuarongSolver {
    /// The fastest strategy on the abstraction (A*, with its landmark estimate).
    pub const DEFAULT_STRATEGY: Strategy = Strategy::AStar;

    /// The strategies [`HuarongSolver::solve`] runs with `method`, the best one first
    /// (`bfs` for [`Method::Plain`], [`HuarongSolver::DEFAULT_STRATEGY`] for
    /// [`Method::Abstract`]), then the others of [`Strategy::ALL`] in that order. It refuses
    /// the bidirectional ones (`bibfs`, `bidijkstra`, `mm`, `nbs`, `bae`: a query's goal is any
    /// state with the piece on the target), and on the abstraction `bfs`, whose steps
    /// differ in cost.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::huarong::{HuarongSolver, Method};
    /// use state_search::Strategy;
    ///
    /// assert_eq!(HuarongSolver::strategies(Method::Plain)[0], Strategy::Bfs);
    /// let strategies = HuarongSolver::strategies(Method::Abstract);
    /// assert_eq!(strategies[0], HuarongSolver::DEFAULT_STRATEGY);
    /// assert!(!strategies.contains(&Strategy::Bfs));
    /// ```
    #[must_use]
    pub fn strategies(method: Method) -> Vec<Strategy> {
        use crate::domains::{forwards, offered};
        match method {
            Method::Plain => offered(Strategy::Bfs, forwards),
            Method::Abstract => offered(Self::DEFAULT_STRATEGY, |s| {
                forwards(s) && s != Strategy::Bfs
            }),
        }
    }

    /// A solver for `board` with the default [`Options`]: the walks computed up front and
    /// [`DEFAULT_LANDMARKS`] landmarks.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the abstraction or the solver's stores cannot be
    /// allocated.
    ///
    /// # Complexity
    ///
    /// See [`Abstraction::with_landmarks`]: O(nm) on open boards, plus one Dijkstra over
    /// the `4nm` side states per landmark.
    pub fn new(board: Board) -> Result<Self, CapacityError> {
        Self::with_options(board, Options::default())
    }

    /// A solver for `board` whose abstraction is prepared as `options` say.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the abstraction or the solver's stores cannot be
    /// allocated.
    pub fn with_options(board: Board, options: Options) -> Result<Self, CapacityError> {
        let bound = u32::try_from(board.cell_bound()).unwrap_or(NONE);
        Ok(Self {
            abstraction: Abstraction::with_landmarks(board, options.precompute, options.landmarks)?,
            bfs: Bfs::with_storage(Dense(IdIndexer { bound })).searcher()?,
            blank: AStar::with_storage(Dense(IdIndexer { bound }))
                .with_queue(BucketQueue::new())
                .searcher()?,
            field: DistanceField {
                target: NONE,
                dist: Vec::new(),
            },
        })
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.abstraction.board
    }

    /// The abstraction.
    #[must_use]
    pub fn abstraction(&self) -> &Abstraction {
        &self.abstraction
    }

    /// The heap memory held by the abstraction and the solver's own searches, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.abstraction.memory_bytes()
            + self.bfs.memory_bytes()
            + self.blank.memory_bytes()
            + self.field.dist.capacity() * size_of::<u32>()
    }

    /// The abstraction's space for `query`, for searching it with any engine; building it
    /// runs the blank's BFS to the piece.
    ///
    /// # Errors
    ///
    /// A [`QueryError`] when the query is invalid on the board.
    pub fn query_space(&mut self, query: &Query) -> Result<QuerySpace<'_>, QueryError> {
        self.abstraction.board.check(query)?;
        let cells = self.cells(query);
        Ok(self.build_query_space(cells).0)
    }

    /// The cell ids of a checked query's blank, piece and target.
    fn cells(&self, query: &Query) -> [u32; 3] {
        let board = &self.abstraction.board;
        [query.blank, query.piece, query.target].map(|pos| board.cell(pos).unwrap_or(NONE))
    }

    /// Makes `self.field` the distances to `target` (kept when the target repeats).
    fn update_field(&mut self, target: u32) {
        if self.field.target != target {
            self.field
                .fill(&self.abstraction.board, target, &mut self.bfs);
        }
    }

    /// The query space of the checked query `[blank, piece, target]`, with the blank
    /// BFS's statistics.
    fn build_query_space(&mut self, [blank, piece, target]: [u32; 3]) -> (QuerySpace<'_>, Stats) {
        let (costs, stats) = self
            .abstraction
            .blank_to_sides(&mut self.blank, blank, piece);
        let bound = self.abstraction.board.cell_bound() * 4;
        let source = SideState(u32::try_from(bound).unwrap_or(NONE));
        let mut space = QuerySpace {
            abstraction: &self.abstraction,
            piece,
            target,
            starts: [(source, 0); 4],
            count: 0,
            source,
            source_estimate: 0,
            goal_spans: [(0, 0, 0); MAX_LANDMARKS],
            spans: 0,
        };
        let landmarks = &self.abstraction.landmarks;
        for l in 0..landmarks.count {
            let goals = (0..4)
                .map(|side| landmarks.dist[(4 * target + side) as usize * landmarks.count + l]);
            let (lo, hi) = goals
                .filter(|&d| d != INF)
                .fold((INF, 0), |(lo, hi), d| (lo.min(d), hi.max(d)));
            if lo != INF {
                space.goal_spans[space.spans] = (l, lo, hi);
                space.spans += 1;
            }
        }
        let abstraction = &self.abstraction;
        let reaches_goal = |start: SideState| {
            (0..4).any(|side| {
                let goal = SideState(4 * target + side);
                abstraction.block[goal.0 as usize] != NONE
                    && abstraction.connected(start, goal).unwrap_or(true)
            })
        };
        for (side, cost) in (0..4).zip(costs) {
            let start = SideState(4 * piece + side);
            // A start cut off from every goal state cannot help: leave it out.
            if cost != INF && reaches_goal(start) {
                space.starts[space.count] = (start, cost);
                space.count += 1;
            }
        }
        space.source_estimate = if piece == target {
            0
        } else {
            space
                .starts()
                .iter()
                .map(|&(start, cost)| cost.saturating_add(space.side_estimate(start)))
                .min()
                .unwrap_or(0)
        };
        (space, stats)
    }

    /// Answers `query` with the view `method` searched by `strategy` within `limits`: the
    /// least number of moves as the found value, or no path when the piece cannot reach
    /// the target.
    ///
    /// A piece in another connected part of the board than its target is answered at
    /// once. On the plain view, strategies that use a heuristic first compute the
    /// target's [`DistanceField`] (one BFS, reused while the target repeats) for
    /// [`PlainHeuristic`](super::PlainHeuristic); its storage is dense up to 2^22 states,
    /// hashed beyond. On the abstraction, the search starts from a virtual source state
    /// whose steps carry the blank's walks to the piece, with [`QuerySpace::estimate`] as
    /// heuristic and dense storage. The statistics add the blank's search to the main one.
    ///
    /// # Errors
    ///
    /// [`SolveError::Input`] for an invalid query; [`SolveError::NotApplicable`] for a
    /// strategy that does not apply (`bfs` on the weighted abstraction, the bidirectional
    /// ones); [`SolveError::Capacity`] when dense storage was asked
    /// for and does not fit.
    ///
    /// # Complexity
    ///
    /// Abstraction: two searches over the board plus one over at most `4nm + 1` side
    /// states. Plain view: one BFS plus one search over at most `(nm)^2` states.
    pub fn solve(
        &mut self,
        query: &Query,
        method: Method,
        strategy: &Strategy,
        limits: &Limits,
    ) -> Result<Search<u32>, SolveError<QueryError>> {
        self.abstraction
            .board
            .check(query)
            .map_err(SolveError::Input)?;
        let answer = |outcome| Search::new(outcome, Stats::default());
        if query.piece == query.target {
            return Ok(answer(Outcome::Found(0)));
        }
        let cells = self.cells(query);
        let part = &self.abstraction.part;
        if part[cells[1] as usize] != part[cells[2] as usize] {
            return Ok(answer(Outcome::NoPath));
        }
        let limits = limits.for_cost();
        match method {
            Method::Plain => self.solve_plain(cells, *strategy, &limits),
            Method::Abstract => self.solve_abstract(cells, *strategy, &limits),
        }
    }

    fn solve_plain(
        &mut self,
        [blank, piece, target]: [u32; 3],
        strategy: Strategy,
        limits: &Limits<u32>,
    ) -> Result<Search<u32>, SolveError<QueryError>> {
        if strategy.uses_heuristic() {
            self.update_field(target);
        }
        let view = self.abstraction.board.plain_view();
        let indexer = view.indexer();
        let storage = if indexer.bound() <= PLAIN_DENSE_LIMIT {
            StoragePolicy::Auto
        } else {
            StoragePolicy::Hashed
        };
        let problem = Problem::new(&view, [PlainState { blank, piece }], |s: &PlainState| {
            s.piece == target
        })
        .heuristic(view.heuristic(&self.field))
        .indexer(indexer)
        .storage(storage);
        Ok(strategy.run(&problem, limits)?.map(|found| found.cost))
    }

    fn solve_abstract(
        &mut self,
        cells: [u32; 3],
        strategy: Strategy,
        limits: &Limits<u32>,
    ) -> Result<Search<u32>, SolveError<QueryError>> {
        let (space, blank_stats) = self.build_query_space(cells);
        let mut search = if space.count == 0 {
            Search::new(Outcome::NoPath, Stats::default())
        } else {
            let problem = Problem::new(&space, [space.source()], |s: &SideState| space.is_goal(s))
                .heuristic(|s: &SideState| space.estimate(s))
                .indexed();
            strategy.run(&problem, limits)?.map(|found| found.cost)
        };
        search.stats.accumulate(&blank_stats);
        Ok(search)
    }
}

impl fmt::Debug for HuarongSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HuarongSolver")
            .field("abstraction", &self.abstraction)
            .finish_non_exhaustive()
    }
}
