//! Dijkstra's algorithm: least-cost paths for non-negative step costs, with lazy deletion
//! and a choice of priority queue (binary heap, Dial buckets, radix heap).

use crate::event::NoVisitor;
use crate::queue::{BinaryQueue, PriorityQueue};
use crate::solution::{Outcome, Search, ShortestPaths, Solution};
use crate::space::{Cost, StateSpace};
use crate::store::{Hashed, Storage};

use super::best_first::{self, BestFirstScratch, ByCost, Goals};
use super::engine::{Engine, Setup, Solver, engine_setup};
use crate::problem::Problem;

/// Dijkstra's algorithm: least-cost paths when every step cost is non-negative.
///
/// States are settled in order of cost with a priority queue of slots (lazy deletion: a
/// state may sit in the queue several times, and only its cheapest entry counts). The
/// goal is tested when a state is settled. The queue is a [`BinaryQueue`] unless
/// [`Dijkstra::with_queue`] picks a [`BucketQueue`](crate::queue::BucketQueue) or
/// [`RadixQueue`](crate::queue::RadixQueue), which are faster for small integer costs.
/// The loop is A*'s ([`AStar`](crate::AStar)) with the zero heuristic.
///
/// The engine is an immutable configuration (see [`Engine`]): [`search`](crate::Solver::search)
/// builds fresh buffers, [`search_in`](crate::Solver::search_in) reuses a scratch, and
/// [`searcher`](Dijkstra::searcher) bundles both for one thread. A search of a
/// [`Problem`] uses its heuristic only under a cost limit
/// ([`Limits::max_cost`](crate::Limits::max_cost)): a state whose cost plus estimate
/// exceeds it is not queued. The visitor sees [`Event::Expanded`](crate::Event::Expanded);
/// afterwards the scratch answers [`cost`](BestFirstScratch::cost) and
/// [`path_to`](BestFirstScratch::path_to) for every state settled.
///
/// A path whose cost does not fit the cost type is skipped; if no goal is found among the
/// paths that fit, the search ends with
/// [`StopReason::CostOverflow`](crate::StopReason::CostOverflow). A negative step cost
/// stops it with [`StopReason::NegativeCost`](crate::StopReason::NegativeCost) (use
/// [`Spfa`](crate::Spfa)); a store that cannot grow, with
/// [`StopReason::Capacity`](crate::StopReason::Capacity).
///
/// # Complexity
///
/// O((V + E) log V) time with the default heap, O(V + E) space (the queue keeps superseded
/// entries), for the V states and E steps reached.
///
/// # Examples
///
/// ```
/// use state_search::{Dense, Dijkstra, StateIndexer, Problem, Solver};
/// use state_search::queue::RadixQueue;
///
/// // Integers 0..1000; +1 costs 1, *2 costs 5.
/// let space = state_search::from_fn(|&n: &u32| {
///     [(n + 1, 1u32), (n * 2, 5)].into_iter().filter(|&(m, _)| m < 1000)
/// });
/// #[derive(Clone, Copy)]
/// struct Ints;
/// impl StateIndexer<u32> for Ints {
///     fn bound(&self) -> usize { 1000 }
///     fn index(&self, &n: &u32) -> usize { n as usize }
///     fn state(&self, i: usize) -> u32 { i as u32 }
/// }
/// let dijkstra = Dijkstra::with_storage(Dense(Ints)).with_queue(RadixQueue::new());
/// let found = dijkstra.search(&Problem::new(&space, [1], |&n| n == 100)).into_found().unwrap();
/// assert_eq!(found.cost, 26);
/// ```
#[derive(Clone, Debug)]
pub struct Dijkstra<C, St = Hashed, Q = BinaryQueue<C>> {
    setup: Setup<St, C>,
    queue: Q,
}

engine_setup!(Dijkstra<C, St, Q>, cost C);

impl<C: Cost> Dijkstra<C> {
    /// An engine with hashed storage and a binary heap.
    #[must_use]
    pub fn new() -> Self {
        Self::with_storage(Hashed)
    }
}

impl<C: Cost, St> Dijkstra<C, St> {
    /// An engine with `storage` (e.g. [`Dense`](crate::Dense)`(indexer)`) and a binary
    /// heap. Nothing is allocated until a search (or [`Engine::scratch`]) builds the
    /// store.
    #[must_use]
    pub fn with_storage(storage: St) -> Self {
        Self {
            setup: Setup::new(storage),
            queue: BinaryQueue::new(),
        }
    }
}

impl<C: Cost> Default for Dijkstra<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C, St, Q> Dijkstra<C, St, Q> {
    /// The same engine with another priority queue (an empty one: each scratch gets a
    /// clone).
    #[must_use]
    pub fn with_queue<Q2>(self, queue: Q2) -> Dijkstra<C, St, Q2> {
        Dijkstra {
            setup: self.setup,
            queue,
        }
    }
}

best_first::best_first_engine!(Dijkstra, best_first::ByCost, C);

impl<C: Cost, St, Q: PriorityQueue<C> + Clone> Dijkstra<C, St, Q> {
    /// Settles every state reachable from `starts` (within the limits) in `scratch`;
    /// afterwards the scratch's [`cost`](BestFirstScratch::cost) and
    /// [`path_to`](BestFirstScratch::path_to) answer for each of them.
    ///
    /// # Returns
    ///
    /// `Found(())` when the exploration was complete, `Stopped` when something cut it
    /// short.
    pub fn reach_in<Sp>(
        &self,
        scratch: &mut BestFirstScratch<Sp::State, C, St, Q>,
        space: &Sp,
        starts: impl IntoIterator<Item = Sp::State>,
    ) -> Search<()>
    where
        Sp: StateSpace<Cost = C> + ?Sized,
        St: Storage<Sp::State>,
    {
        let limits = &self.setup.limits.started();
        let problem = Problem::new(space, starts, |_: &Sp::State| false);
        let (mut open, store) = scratch.ordered(ByCost);
        let search = best_first::solve(
            &mut open,
            &mut Goals::first(),
            store,
            limits,
            &problem,
            &mut NoVisitor,
        );
        Search::new(completed(&search.outcome), search.stats)
    }
}

impl<S, C: Cost, St: Storage<S>, Q: PriorityQueue<C> + Clone>
    super::engine::Searcher<S, Dijkstra<C, St, Q>>
{
    /// [`Dijkstra::reach_in`] in this searcher's buffers.
    pub fn reach<Sp>(&mut self, space: &Sp, starts: impl IntoIterator<Item = S>) -> Search<()>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
    {
        let (engine, scratch) = self.parts();
        engine.reach_in(scratch, space, starts)
    }
}

/// `Found(())` for an exploration that ran to its end, the stop otherwise.
pub(crate) fn completed<T>(outcome: &Outcome<T>) -> Outcome<()> {
    match *outcome {
        Outcome::Stopped(reason) => Outcome::Stopped(reason),
        Outcome::Found(_) | Outcome::NoPath => Outcome::Found(()),
    }
}

/// Dijkstra's algorithm with hashed storage: a least-cost path from any of `starts` to a
/// state satisfying `is_goal`, for non-negative step costs. See [`Dijkstra`] for dense
/// storage, other queues, limits and reuse.
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space (the queue keeps superseded entries) for the V
/// states and E steps reached.
///
/// # Examples
///
/// ```
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 5)]);
/// let found = state_search::dijkstra(&space, [1], |&n| n == 16).into_found().unwrap();
/// assert_eq!(found.cost, 12); // +1 seven times up to 8, then double
/// ```
pub fn dijkstra<Sp, IsGoal>(
    space: &Sp,
    starts: impl IntoIterator<Item = Sp::State>,
    is_goal: IsGoal,
) -> Search<Solution<Sp::State, Sp::Cost>>
where
    Sp: StateSpace + ?Sized,
    IsGoal: Fn(&Sp::State) -> bool,
{
    Dijkstra::new().search(&Problem::new(space, starts, is_goal))
}

/// The least cost of every state reachable from `starts`, with least-cost paths.
///
/// A negative step cost or a cost overflow ends the exploration early; the states settled
/// until then are returned.
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space (the queue keeps superseded entries) for the V
/// states and E steps reached.
///
/// # Examples
///
/// ```
/// let space = state_search::from_fn(|&n: &u8| [(n / 2, 1u32), (n.saturating_sub(1), 3)]);
/// let tree = state_search::dijkstra_reach(&space, [10]);
/// assert_eq!(tree.cost(&0), Some(4)); // 10 -> 5 -> 2 -> 1 -> 0
/// ```
#[must_use]
pub fn dijkstra_reach<Sp>(
    space: &Sp,
    starts: impl IntoIterator<Item = Sp::State>,
) -> ShortestPaths<Sp::State, Sp::Cost>
where
    Sp: StateSpace + ?Sized,
{
    let engine = Dijkstra::new();
    match engine.scratch() {
        Ok(mut scratch) => {
            let _complete = engine.reach_in(&mut scratch, space, starts);
            scratch.shortest_paths()
        }
        // Hashed storage allocates nothing up front; nothing was reached.
        Err(_) => ShortestPaths::empty(),
    }
}
