//! The solver: `HuarongSolver` answers queries with either view and any engine that
//! applies (`Method`, `Engine`), keeping the abstraction and the engines' buffers.

use core::fmt;
use core::str::FromStr;

use super::abstraction::BlankAStar;
use super::{
    Abstraction, Board, DistanceField, INF, IdIndexer, MAX_LANDMARKS, NONE, PlainIndexer,
    PlainState, PlainView, Precompute, Query, QueryError, QuerySpace, SideState,
};
use crate::algo::astar::AStarKey;
use crate::queue::BucketQueue;
use crate::solution::{Outcome, Search, Solution, Stats};
use crate::space::{IndexedSpace, StateIndexer};
use crate::store::{Dense, Hashed, Storage};
use crate::{AStar, Bfs, Dijkstra, IdaStar, Spfa};

/// Above this many states (`(n + 2)^2 (m + 2)^2`), the plain view is searched with hashed
/// storage instead of dense arrays.
const PLAIN_DENSE_LIMIT: usize = 1 << 22;

/// Which view of the problem answers a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// [`PlainView`]: (blank, piece) states, unit moves.
    Plain,
    /// [`QuerySpace`] over the [`Abstraction`]: (piece, side) states.
    Abstract,
}

/// Which engine searches the chosen view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// [`Bfs`] (plain view only: the abstraction has weighted steps).
    Bfs,
    /// [`Dijkstra`] with a bucket queue.
    Dijkstra,
    /// [`Spfa`], the contest program's choice.
    Spfa,
    /// [`AStar`] with a bucket queue and [`PlainHeuristic`] or [`QuerySpace::estimate`].
    ///
    /// [`PlainHeuristic`]: super::PlainHeuristic
    AStar,
    /// [`IdaStar`] with a transposition table and [`PlainHeuristic`] (plain view only).
    ///
    /// [`PlainHeuristic`]: super::PlainHeuristic
    IdaStar,
}

impl FromStr for Method {
    type Err = String;
    /// `plain` or `abstract`.
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "plain" => Ok(Method::Plain),
            "abstract" => Ok(Method::Abstract),
            _ => Err(format!(
                "unknown method {text:?}: expected plain or abstract"
            )),
        }
    }
}

impl FromStr for Engine {
    type Err = String;
    /// `bfs`, `dijkstra`, `spfa`, `astar` or `idastar`.
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "bfs" => Ok(Engine::Bfs),
            "dijkstra" => Ok(Engine::Dijkstra),
            "spfa" => Ok(Engine::Spfa),
            "astar" => Ok(Engine::AStar),
            "idastar" => Ok(Engine::IdaStar),
            _ => Err(format!(
                "unknown engine {text:?}: expected bfs, dijkstra, spfa, astar or idastar"
            )),
        }
    }
}

/// Why [`HuarongSolver::solve`] gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The query is invalid on the board.
    Query(QueryError),
    /// The engine does not apply to the view (BFS and IDA* on the weighted abstraction).
    Unsupported {
        /// The view.
        method: Method,
        /// The engine.
        engine: Engine,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Query(error) => error.fmt(f),
            SolveError::Unsupported { method, engine } => write!(
                f,
                "engine {engine:?} does not apply to the {method:?} view (the abstraction has \
                 weighted steps: use Dijkstra, Spfa or AStar)"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<QueryError> for SolveError {
    fn from(error: QueryError) -> Self {
        SolveError::Query(error)
    }
}

/// The answer to one query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The least number of moves, or `None` when the piece cannot reach the target.
    pub moves: Option<u32>,
    /// What the searches did (for the abstraction: the blank's BFS and the main search).
    pub stats: Stats,
}

/// The engines of the plain view over one storage, built on first use.
struct PlainEngines<St: Storage<PlainState>> {
    storage: St,
    bfs: Option<Bfs<PlainState, St>>,
    dijkstra: Option<Dijkstra<PlainState, u32, St, BucketQueue<u32>>>,
    spfa: Option<Spfa<PlainState, u32, St>>,
    astar: Option<AStar<PlainState, u32, St, BucketQueue<AStarKey<u32>>>>,
    idastar: Option<IdaStar<PlainState, u32, St>>,
}

impl<St: Storage<PlainState> + Clone> PlainEngines<St> {
    fn memory_bytes(&self) -> usize {
        self.bfs.as_ref().map_or(0, Bfs::memory_bytes)
            + self.dijkstra.as_ref().map_or(0, Dijkstra::memory_bytes)
            + self.spfa.as_ref().map_or(0, Spfa::memory_bytes)
            + self.astar.as_ref().map_or(0, AStar::memory_bytes)
            + self.idastar.as_ref().map_or(0, IdaStar::memory_bytes)
    }

    fn new(storage: St) -> Self {
        Self {
            storage,
            bfs: None,
            dijkstra: None,
            spfa: None,
            astar: None,
            idastar: None,
        }
    }

    fn solve(
        &mut self,
        view: PlainView<'_>,
        start: PlainState,
        target: u32,
        field: &DistanceField,
        engine: Engine,
    ) -> (Option<u32>, Stats) {
        let storage = &self.storage;
        let is_goal = |s: &PlainState| s.piece == target;
        let h = view.heuristic(field);
        let found = |search: Search<Solution<PlainState, u32>>| {
            (search.found().map(|f| f.cost), search.stats)
        };
        match engine {
            Engine::Bfs => {
                let bfs = self
                    .bfs
                    .get_or_insert_with(|| Bfs::with_storage(storage.clone()));
                let search = bfs.search(&view, [start], is_goal);
                let moves = search.found().map(|f| u32::try_from(f.cost).unwrap_or(INF));
                (moves, search.stats)
            }
            Engine::Dijkstra => found(
                self.dijkstra
                    .get_or_insert_with(|| {
                        Dijkstra::with_storage(storage.clone()).with_queue(BucketQueue::new())
                    })
                    .search(&view, [start], is_goal),
            ),
            Engine::Spfa => {
                let spfa = self
                    .spfa
                    .get_or_insert_with(|| Spfa::with_storage(storage.clone()));
                match spfa.search(&view, [start], is_goal) {
                    Ok(search) => found(search),
                    // Unit costs: there is no negative cycle.
                    Err(_) => (None, Stats::default()),
                }
            }
            Engine::AStar => found(
                self.astar
                    .get_or_insert_with(|| {
                        AStar::with_storage(storage.clone()).with_queue(BucketQueue::new())
                    })
                    .search(&view, [start], &h, is_goal),
            ),
            Engine::IdaStar => found(
                self.idastar
                    .get_or_insert_with(|| IdaStar::with_table(storage.clone()))
                    .search(&view, [start], &h, is_goal),
            ),
        }
    }
}

/// The plain view's engines: dense storage for small boards, hashed for large ones.
enum PlainSolver {
    Dense(Box<PlainEngines<Dense<PlainIndexer>>>),
    Hashed(Box<PlainEngines<Hashed>>),
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

/// A* over the side states of the abstraction.
type SideAStar = AStar<SideState, u32, Dense<IdIndexer>, BucketQueue<AStarKey<u32>>>;

/// Answers many queries on one board with either view and any engine that applies,
/// keeping the [`Abstraction`] and every engine's buffers from one query to the next.
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::huarong::{Engine, HuarongSolver, Input, Method};
///
/// let input = Input::random(12, 12, 20, 20, 7);
/// let mut solver = HuarongSolver::new(input.board.clone());
/// for query in &input.queries {
///     let plain = solver.solve(query, Method::Plain, Engine::Bfs)?.moves;
///     let spfa = solver.solve(query, Method::Abstract, Engine::Spfa)?.moves;
///     let astar = solver.solve(query, Method::Abstract, Engine::AStar)?.moves;
///     assert_eq!(plain, spfa);
///     assert_eq!(plain, astar);
/// }
/// # Ok::<(), state_search::domains::sliding::huarong::SolveError>(())
/// ```
pub struct HuarongSolver {
    abstraction: Abstraction,
    /// The BFS of the distance fields.
    bfs: Bfs<u32, Dense<IdIndexer>>,
    /// The A* of the blank to the piece.
    blank: BlankAStar,
    /// The distances to the target of the last query (`NONE` target: not computed yet).
    field: DistanceField,
    dijkstra: Option<Dijkstra<SideState, u32, Dense<IdIndexer>, BucketQueue<u32>>>,
    spfa: Option<Spfa<SideState, u32, Dense<IdIndexer>>>,
    astar: Option<SideAStar>,
    plain: Option<PlainSolver>,
}

impl HuarongSolver {
    /// A solver for `board` with the default [`Options`]: the walks computed up front and
    /// [`DEFAULT_LANDMARKS`] landmarks.
    ///
    /// # Complexity
    ///
    /// See [`Abstraction::with_landmarks`]: O(nm) on open boards, plus one Dijkstra over
    /// the `4nm` side states per landmark.
    #[must_use]
    pub fn new(board: Board) -> Self {
        Self::with_options(board, Options::default())
    }

    /// A solver for `board` whose abstraction is prepared as `options` say.
    #[must_use]
    pub fn with_options(board: Board, options: Options) -> Self {
        let bound = u32::try_from(board.cell_bound()).unwrap_or(NONE);
        Self {
            abstraction: Abstraction::with_landmarks(board, options.precompute, options.landmarks),
            bfs: Bfs::with_storage(Dense(IdIndexer { bound })),
            blank: AStar::with_storage(Dense(IdIndexer { bound })).with_queue(BucketQueue::new()),
            field: DistanceField {
                target: NONE,
                dist: Vec::new(),
            },
            dijkstra: None,
            spfa: None,
            astar: None,
            plain: None,
        }
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

    /// The heap memory held by the abstraction and by the engines built so far, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        let plain = match &self.plain {
            None => 0,
            Some(PlainSolver::Dense(engines)) => engines.memory_bytes(),
            Some(PlainSolver::Hashed(engines)) => engines.memory_bytes(),
        };
        self.abstraction.memory_bytes()
            + self.bfs.memory_bytes()
            + self.blank.memory_bytes()
            + self.field.dist.capacity() * size_of::<u32>()
            + self.dijkstra.as_ref().map_or(0, Dijkstra::memory_bytes)
            + self.spfa.as_ref().map_or(0, Spfa::memory_bytes)
            + self.astar.as_ref().map_or(0, AStar::memory_bytes)
            + plain
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

    /// Answers `query` with the view `method` searched by `engine`.
    ///
    /// A piece in another connected part of the board than its target is answered at
    /// once. The plain view's A* and IDA* first compute the target's [`DistanceField`]
    /// (one BFS, reused while the target repeats) for [`PlainHeuristic`].
    ///
    /// # Errors
    ///
    /// [`SolveError::Query`] for an invalid query; [`SolveError::Unsupported`] for
    /// [`Engine::Bfs`] or [`Engine::IdaStar`] on the abstraction.
    ///
    /// # Complexity
    ///
    /// Abstraction: two BFS over the board plus one search over at most `4nm + 1` side
    /// states. Plain view: one BFS plus one search over at most `(nm)^2` states.
    ///
    /// [`PlainHeuristic`]: super::PlainHeuristic
    pub fn solve(
        &mut self,
        query: &Query,
        method: Method,
        engine: Engine,
    ) -> Result<Answer, SolveError> {
        if method == Method::Abstract && matches!(engine, Engine::Bfs | Engine::IdaStar) {
            return Err(SolveError::Unsupported { method, engine });
        }
        self.abstraction.board.check(query)?;
        let none = Answer {
            moves: None,
            stats: Stats::default(),
        };
        if query.piece == query.target {
            return Ok(Answer {
                moves: Some(0),
                ..none
            });
        }
        let cells = self.cells(query);
        let part = &self.abstraction.part;
        if part[cells[1] as usize] != part[cells[2] as usize] {
            return Ok(none);
        }
        Ok(match method {
            Method::Plain => self.solve_plain(cells, engine),
            Method::Abstract => self.solve_abstract(cells, engine),
        })
    }

    fn solve_plain(&mut self, [blank, piece, target]: [u32; 3], engine: Engine) -> Answer {
        if matches!(engine, Engine::AStar | Engine::IdaStar) {
            self.update_field(target);
        }
        let view = self.abstraction.board.plain_view();
        let plain = self.plain.get_or_insert_with(|| {
            let ix = view.indexer();
            if ix.bound() <= PLAIN_DENSE_LIMIT {
                PlainSolver::Dense(Box::new(PlainEngines::new(Dense(ix))))
            } else {
                PlainSolver::Hashed(Box::new(PlainEngines::new(Hashed)))
            }
        });
        let start = PlainState { blank, piece };
        let (moves, stats) = match plain {
            PlainSolver::Dense(engines) => engines.solve(view, start, target, &self.field, engine),
            PlainSolver::Hashed(engines) => engines.solve(view, start, target, &self.field, engine),
        };
        Answer { moves, stats }
    }

    fn solve_abstract(&mut self, cells: [u32; 3], engine: Engine) -> Answer {
        let bound = u32::try_from(self.abstraction.board.cell_bound() * 4 + 1).unwrap_or(NONE);
        let storage = Dense(IdIndexer { bound });
        // Split the borrows: the space borrows the abstraction, the engines are separate.
        let (mut dijkstra, mut spfa, mut astar) =
            (self.dijkstra.take(), self.spfa.take(), self.astar.take());
        let (space, mut stats) = self.build_query_space(cells);
        let moves = if space.count == 0 {
            None
        } else {
            let source = [space.source()];
            let is_goal = |s: &SideState| space.is_goal(s);
            let search = match engine {
                Engine::Dijkstra => dijkstra
                    .get_or_insert_with(|| {
                        Dijkstra::with_storage(storage).with_queue(BucketQueue::new())
                    })
                    .search(&space, source, is_goal),
                Engine::AStar => astar
                    .get_or_insert_with(|| {
                        AStar::with_storage(storage).with_queue(BucketQueue::new())
                    })
                    .search(&space, source, &space, is_goal),
                _ => match spfa
                    .get_or_insert_with(|| Spfa::with_storage(storage))
                    .search(&space, source, is_goal)
                {
                    Ok(search) => search,
                    // Every step costs at least 1: there is no negative cycle.
                    Err(_) => Search {
                        outcome: Outcome::NoPath,
                        stats: Stats::default(),
                    },
                },
            };
            stats.accumulate(&search.stats);
            search.found().map(|f| f.cost)
        };
        (self.dijkstra, self.spfa, self.astar) = (dijkstra, spfa, astar);
        Answer { moves, stats }
    }
}

impl fmt::Debug for HuarongSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HuarongSolver")
            .field("abstraction", &self.abstraction)
            .finish_non_exhaustive()
    }
}
