//! [`StrategySearcher`]: a strategy that keeps the buffers of its searches, for many
//! queries on one space.

use core::hash::Hash;

use crate::algo::beam::BeamScratch;
use crate::algo::best_first::Node;
use crate::algo::bfs::BfsScratch;
use crate::algo::bidir_best::BidirectionalBestScratch;
use crate::algo::bidirectional::BidirectionalScratch;
use crate::algo::idastar::IdaStarScratch;
use crate::algo::spfa::SpfaScratch;
use crate::error::CapacityError;
use crate::event::{NoVisitor, Visitor};
use crate::problem::{MaybeIndexer, SearchProblem};
use crate::queue::{BinaryQueue, PriorityQueue};
use crate::solution::Limits;
use crate::space::{Cost, StateIndexer, StateSpace};
use crate::store::{Chosen, ChosenStore, Reusable, Spread};

use super::Strategy;
use super::run::{StrategyResult, dispatch};

/// A [`Strategy`] that keeps the buffers of its searches from one to the next: for many
/// queries (start and goal pairs) on one space, such as the scenarios of a game map.
///
/// [`Strategy::run`] builds its buffers for each search. On a space with a
/// [`StateIndexer`] the dense store of automatic storage costs time in proportion to the
/// indexer's bound to build (on a 512 x 512 map, a store of 262,144 records); a short
/// query then costs far more than its search. A searcher builds them for its first
/// search that needs them and reuses them for the next: each later query costs what its
/// own search touches, plus clearing one bit per state of the bound (a 512 x 512 map:
/// 32 KiB). With buffers of dense storage kept, automatic storage
/// ([`StoragePolicy::Auto`](crate::store::StoragePolicy::Auto)) goes dense at once instead
/// of starting hashed.
///
/// Every strategy of [`Strategy::run`] keeps its engine's buffers (stores, tables,
/// queues, stacks); every search answers exactly as [`Strategy::run`] does, which is a
/// searcher used once.
///
/// A problem whose indexer has another bound than the kept buffers', or whose storage
/// policy picks the other storage, gets new buffers (the old ones are freed first); the
/// states of each search are numbered by its own problem's indexer.
///
/// # Examples
///
/// ```
/// use state_search::{Limits, Problem, StateIndexer, Strategy};
///
/// // A 100 x 100 grid of cells numbered row by row, 4-connected.
/// #[derive(Clone, Copy)]
/// struct Cells;
/// impl StateIndexer<(i32, i32)> for Cells {
///     fn bound(&self) -> usize { 100 * 100 }
///     fn index(&self, &(r, c): &(i32, i32)) -> usize { (r * 100 + c) as usize }
///     fn state(&self, i: usize) -> (i32, i32) { ((i / 100) as i32, (i % 100) as i32) }
/// }
/// let space = state_search::from_fn(|&(r, c): &(i32, i32)| {
///     [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
///         .into_iter()
///         .filter(|&(r, c)| (0..100).contains(&r) && (0..100).contains(&c))
///         .map(|cell| (cell, 1u32))
/// });
/// let mut astar = Strategy::AStar.searcher();
/// for (start, goal) in [((0, 0), (99, 99)), ((5, 5), (5, 7)), ((50, 0), (49, 1))] {
///     let manhattan = move |&(r, c): &(i32, i32)| (r.abs_diff(goal.0) + c.abs_diff(goal.1));
///     let problem = Problem::new(&space, [start], move |&cell| cell == goal)
///         .heuristic(manhattan)
///         .indexer(Cells);
///     let search = astar.run(&problem, &Limits::new())?;
///     assert_eq!(search.found().unwrap().cost, manhattan(&start));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct StrategySearcher<S: Clone + Eq + Hash, C: Cost, I: StateIndexer<S>> {
    strategy: Strategy,
    kept: Kept<S, C, I>,
}

impl<S: Clone + Eq + Hash, C: Cost, I: StateIndexer<S>> core::fmt::Debug
    for StrategySearcher<S, C, I>
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("StrategySearcher")
            .field("strategy", &self.strategy)
            .finish_non_exhaustive()
    }
}

impl Strategy {
    /// This strategy with buffers kept from search to search: see [`StrategySearcher`].
    /// The state, cost and indexer types are those of the problems it will run, usually
    /// inferred from the first [`StrategySearcher::run`]. Allocates nothing.
    #[must_use]
    pub fn searcher<S, C, I>(self) -> StrategySearcher<S, C, I>
    where
        S: Clone + Eq + Hash,
        C: Cost,
        I: StateIndexer<S>,
    {
        StrategySearcher {
            strategy: self,
            kept: Kept::new(),
        }
    }
}

impl<S, C, I> StrategySearcher<S, C, I>
where
    S: Clone + Eq + Hash,
    C: Cost,
    I: StateIndexer<S>,
{
    /// The strategy it runs.
    #[must_use]
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Runs the strategy on `problem` within `limits`, in the buffers of the last search
    /// when they fit.
    ///
    /// # Errors
    ///
    /// As [`Strategy::run`].
    pub fn run<P>(&mut self, problem: &P, limits: &Limits<C>) -> StrategyResult<S, C>
    where
        P: SearchProblem,
        P::Space: StateSpace<State = S, Cost = C>,
        P::I: MaybeIndexer<S, Indexer = I>,
    {
        self.run_with(problem, limits, &mut NoVisitor)
    }

    /// [`StrategySearcher::run`] with an event visitor, as [`Strategy::run_with`].
    ///
    /// # Errors
    ///
    /// As [`Strategy::run`].
    pub fn run_with<P, V>(
        &mut self,
        problem: &P,
        limits: &Limits<C>,
        visitor: &mut V,
    ) -> StrategyResult<S, C>
    where
        P: SearchProblem,
        P::Space: StateSpace<State = S, Cost = C>,
        P::I: MaybeIndexer<S, Indexer = I>,
        V: Visitor<S, C>,
    {
        dispatch(self.strategy, problem, limits, visitor, &mut self.kept)
    }

    /// The heap memory of the kept buffers, in bytes (a dense store counts its whole
    /// bound).
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.kept.memory_bytes()
    }
}

/// The buffers a [`StrategySearcher`] keeps: those of its strategy's engine, once built
/// (one field per engine family; a searcher runs one strategy, so one is ever filled).
pub(super) struct Kept<S: Clone + Eq + Hash, C: Cost, I: StateIndexer<S>> {
    /// The store of a best-first strategy, and A*'s binary heap.
    pub(super) best_first: Option<BestFirstBuffers<S, C, I>>,
    /// `bidijkstra`, `mm`, `nbs`, `bae`.
    pub(super) bidirectional: Option<BidirectionalBestScratch<S, C, Chosen<I>>>,
    /// `bfs`.
    pub(super) bfs: Option<BfsScratch<S, Chosen<I>>>,
    /// `bibfs`.
    pub(super) bibfs: Option<BidirectionalScratch<S, Chosen<I>>>,
    /// `idastar`, `idastar-tt`, `dfbnb`.
    pub(super) depth_first: Option<IdaStarScratch<S, C, Chosen<I>>>,
    /// `beam:K`.
    pub(super) beam: Option<BeamScratch<S, C, Chosen<I>>>,
    /// `spfa`.
    pub(super) spfa: Option<SpfaScratch<S, C, Chosen<I>>>,
}

/// A best-first strategy's buffers: its store and A*'s binary heap.
pub(super) struct BestFirstBuffers<S: Clone + Eq + Hash, C: Cost, I: StateIndexer<S>> {
    pub(super) store: ChosenStore<S, I, Node<C>>,
    pub(super) astar: BinaryQueue<C::EstimateKey>,
}

impl<S: Clone + Eq + Hash, C: Cost, I: StateIndexer<S>> Reusable<I> for BestFirstBuffers<S, C, I> {
    fn adopt(&mut self, storage: &Chosen<I>) -> bool {
        self.store.adopt(storage)
    }

    fn dense_bound(&self) -> Option<usize> {
        self.store.dense_bound()
    }

    fn kept_bytes(&self) -> usize {
        Reusable::kept_bytes(&self.store) + self.astar.memory_bytes()
    }

    fn spread(&self, spread: &mut Spread<'_, I>) {
        self.store.spread(spread);
    }
}

impl<S: Clone + Eq + Hash, C: Cost, I: StateIndexer<S>> Kept<S, C, I> {
    /// Nothing kept yet.
    pub(super) fn new() -> Self {
        Self {
            best_first: None,
            bidirectional: None,
            bfs: None,
            bibfs: None,
            depth_first: None,
            beam: None,
            spfa: None,
        }
    }

    /// The bound of the numbering of kept dense buffers, if any.
    pub(super) fn dense_bound(&self) -> Option<usize> {
        (self.best_first.dense_bound())
            .or_else(|| self.bidirectional.dense_bound())
            .or_else(|| self.bfs.dense_bound())
            .or_else(|| self.bibfs.dense_bound())
            .or_else(|| self.depth_first.dense_bound())
            .or_else(|| self.beam.dense_bound())
            .or_else(|| self.spfa.dense_bound())
    }

    /// The heap memory of the kept buffers, in bytes.
    fn memory_bytes(&self) -> usize {
        self.best_first.kept_bytes()
            + self.bidirectional.kept_bytes()
            + self.bfs.kept_bytes()
            + self.bibfs.kept_bytes()
            + self.depth_first.kept_bytes()
            + self.beam.kept_bytes()
            + self.spfa.kept_bytes()
    }
}

/// The buffers in `slot` if they can serve a search with `storage`, else new ones from
/// `build` (the old ones freed first).
pub(super) fn reuse<'a, I, T: Reusable<I>>(
    slot: &'a mut Option<T>,
    storage: &Chosen<I>,
    build: impl FnOnce() -> Result<T, CapacityError>,
) -> Result<&'a mut T, CapacityError> {
    let mut kept = slot.take();
    if let Some(buffers) = &mut kept
        && !buffers.adopt(storage)
    {
        kept = None;
    }
    let buffers = match kept {
        Some(buffers) => buffers,
        None => build()?,
    };
    Ok(slot.insert(buffers))
}
