//! A*: least-cost paths guided by an admissible heuristic, correct even when the heuristic
//! is inconsistent (closed states are re-opened).

use crate::queue::{BinaryQueue, Tie, TieQueue};
use crate::solution::{Search, Solution};
use crate::space::{ByRef, Cost, Heuristic, StateSpace};
use crate::store::Hashed;

use super::best_first;
use super::engine::{Setup, Solver, engine_setup};
use crate::problem::Problem;

/// The key of A*'s open list: least `f` first, then largest `g` ([`Cost::EstimateKey`]).
pub type AStarKey<C> = <C as Cost>::EstimateKey;

/// A*: least-cost paths guided by a heuristic.
///
/// States are expanded in order of `f = g + h`, ties broken toward the larger `g` (the
/// state closer to a goal). With an *admissible* heuristic (never above the true remaining
/// cost) the path returned is optimal. With a *consistent* one (`h(s) <= step(s, t) + h(t)`)
/// no state is expanded twice; with an admissible but inconsistent one, a closed state
/// reached again more cheaply is re-opened ([`Stats::reopened`](crate::Stats::reopened)),
/// so the answer is still optimal.
///
/// An estimate of the cost type's largest value (`u32::MAX`, say; [`Cost::is_max`]) marks
/// a dead end: the state is never expanded. Any other estimate whose `g + h` does not fit
/// the type is an overflow: the state is not expanded either, and a search that finds no
/// goal stops with [`StopReason::CostOverflow`](crate::StopReason::CostOverflow).
///
/// The loop is [`Dijkstra`](crate::Dijkstra)'s, with the open list ordered by `f`. The open
/// list is a [`BinaryQueue`] unless
/// [`AStar::with_queue`] picks a [`BucketQueue`](crate::queue::BucketQueue), which also
/// takes the largest `g` first among equal `f`s; entries with equal `f` and `g` may come
/// out in another order, and so may a different path of the same cost. Which is faster
/// depends on the space: on the crate's 1000x1000 grid benchmark the binary heap is, by
/// about a sixth. [`BucketQueue::lifo`](crate::queue::BucketQueue::lifo) breaks ties among
/// equal `f`s by taking the state queued last instead, in O(1): the same cost, perhaps
/// another path, and on that benchmark about 0.7x the binary heap's time.
/// [`AStar::ties`] picks another rule among equal `f`s ([`Tie`]): the least `g`, the
/// state queued last or the one queued first, over a [`TieQueue`]. The cost is the same
/// whatever the rule; the number of expansions can differ by orders of magnitude (see
/// [`Tie`]).
///
/// The engine is an immutable configuration (see [`Engine`](crate::Engine)): [`search`](crate::Solver::search) builds
/// fresh buffers, [`search_in`](crate::Solver::search_in) reuses a scratch, and [`searcher`](AStar::searcher)
/// bundles both for one thread; the heuristic is the [`Problem`]'s. Overflow, negative
/// steps and stores that cannot grow stop the search as for [`Dijkstra`](crate::Dijkstra).
/// The visitor sees [`Event::Expanded`](crate::Event::Expanded) and
/// [`Event::Reopened`](crate::Event::Reopened).
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space (the queue keeps superseded entries) for the V
/// states and E steps reached when the heuristic is consistent; an inconsistent one can
/// re-expand states, in the worst case exponentially often.
///
/// # Examples
///
/// ```
/// use state_search::{AStar, Problem, Solver};
///
/// // A 20x20 open grid; the Manhattan distance is a consistent heuristic.
/// let space = state_search::from_fn(|&(r, c): &(i32, i32)| {
///     [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
///         .into_iter()
///         .filter(|&(r, c)| (0..20).contains(&r) && (0..20).contains(&c))
///         .map(|p| (p, 1u32))
/// });
/// let goal = (19, 19);
/// let manhattan = |&(r, c): &(i32, i32)| (goal.0 - r).unsigned_abs() + (goal.1 - c).unsigned_abs();
/// let search = AStar::new().search(&Problem::new(&space, [(0, 0)], |&s| s == goal).heuristic(&manhattan));
/// assert_eq!(search.found().unwrap().cost, 38);
/// assert!(search.stats.expanded < 100); // Dijkstra would expand almost all 400 cells
/// ```
#[derive(Clone, Debug)]
pub struct AStar<C, St = Hashed, Q = BinaryQueue<AStarKey<C>>> {
    setup: Setup<St, C>,
    queue: Q,
}

engine_setup!(AStar<C, St, Q>, cost C);

impl<C: Cost> AStar<C> {
    /// An engine with hashed storage and a binary heap.
    #[must_use]
    pub fn new() -> Self {
        Self::with_storage(Hashed)
    }
}

impl<C: Cost, St> AStar<C, St> {
    /// An engine with `storage` (e.g. [`Dense`](crate::Dense)`(indexer)`) and a binary
    /// heap. Nothing is allocated until a search (or [`Engine::scratch`](crate::Engine::scratch)) builds the
    /// store.
    #[must_use]
    pub fn with_storage(storage: St) -> Self {
        Self {
            setup: Setup::new(storage),
            queue: BinaryQueue::new(),
        }
    }
}

impl<C: Cost> Default for AStar<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C, St, Q> AStar<C, St, Q> {
    /// The same engine with another open list (an empty one: each scratch gets a clone).
    #[must_use]
    pub fn with_queue<Q2>(self, queue: Q2) -> AStar<C, St, Q2> {
        AStar {
            setup: self.setup,
            queue,
        }
    }
}

impl<C: Cost, St, Q> AStar<C, St, Q> {
    /// The same engine breaking ties among states of equal `f` by `tie`: its open list
    /// becomes a [`TieQueue`] (in place of any queue it had). [`Tie::HighG`] is the default
    /// order of [`AStar::new`], whose binary heap has smaller entries; the strategy
    /// `astar:tie=high-g` keeps that heap. Among entries of equal `f` and `g` the two may
    /// pop different states (the heap keeps an entry that beats all others beside it), so
    /// their paths and expansions can differ, never their costs.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::{AStar, Problem, Solver, Tie};
    ///
    /// let space = state_search::from_fn(|&n: &i32| [(n + 1, 1u32), (n - 1, 1)]);
    /// let h = |&n: &i32| (10 - n).unsigned_abs();
    /// let problem = Problem::new(&space, [0], |&n| n == 10).heuristic(h);
    /// for tie in Tie::ALL {
    ///     let found = AStar::new().ties(tie).search(&problem).into_found().unwrap();
    ///     assert_eq!(found.cost, 10, "{tie}");
    /// }
    /// ```
    #[must_use]
    pub fn ties(self, tie: Tie) -> AStar<C, St, TieQueue<C>> {
        self.with_queue(TieQueue::new(tie))
    }
}

best_first::best_first_engine!(AStar, best_first::ByEstimate, AStarKey<C>);
/// A* with hashed storage: a least-cost path from any of `starts` to a state satisfying
/// `is_goal`, guided by an admissible `heuristic`. See [`AStar`] for dense storage,
/// limits and reuse.
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space (the queue keeps superseded entries) for the V
/// states and E steps reached, with a consistent heuristic.
///
/// # Examples
///
/// ```
/// let space = state_search::from_fn(|&n: &i32| [(n + 1, 1u32), (n - 1, 1)]);
/// let h = |&n: &i32| (10 - n).unsigned_abs();
/// let found = state_search::astar(&space, [0], &h, |&n| n == 10).into_found().unwrap();
/// assert_eq!(found.cost, 10);
/// ```
pub fn astar<Sp, H, IsGoal>(
    space: &Sp,
    starts: impl IntoIterator<Item = Sp::State>,
    heuristic: &H,
    is_goal: IsGoal,
) -> Search<Solution<Sp::State, Sp::Cost>>
where
    Sp: StateSpace + ?Sized,
    H: Heuristic<Sp::State, Sp::Cost> + ?Sized,
    IsGoal: Fn(&Sp::State) -> bool,
{
    AStar::new().search(&Problem::new(space, starts, is_goal).heuristic(ByRef(heuristic)))
}
