//! The open lists of the best-first strategies, chosen when a search starts, so that
//! every best-first strategy of [`Strategy::run`](super::Strategy::run) is one compiled
//! loop.

use core::marker::PhantomData;

use crate::algo::best_first::{
    self, ByCost, ByEstimate, ByGreedy, ByWeighted, Goals, Node, Open, Order, Ordered,
};
use crate::algo::ees::{EesLists, EesOpen};
use crate::algo::focal::{FocalLists, FocalOpen};
use crate::algo::rekeyed::{Rekeyed, Rekeying};
use crate::error::CapacityError;
use crate::event::Visitor;
use crate::problem::{CostOf, SearchProblem, StateOf};
use crate::queue::{BinaryQueue, BucketQueue, PriorityQueue, RadixQueue, Tie, TieQueue};
use crate::solution::{Limits, Search, Solution};
use crate::space::{Cost, UnsignedCost, UnsignedUser};
use crate::store::{NodeStore, Slot};

use super::Queue;

/// The open list of a best-first strategy.
#[derive(Clone, Copy)]
pub(super) enum List {
    /// Dijkstra's, by `g`, in a queue.
    Cost(Queue),
    /// A*'s, by `f` then larger `g` in a binary heap, or in a heap with a tie rule.
    Estimate(Option<Tie>),
    /// A*'s in buckets.
    EstimateBucket,
    /// Weighted A*'s of a weight.
    Weighted(f64),
    /// Greedy search's, by `h`.
    Greedy,
    /// Focal search's of a weight.
    Focal(f64),
    /// Explicit estimation search's of a weight.
    Ees(f64),
    /// ARA*'s, ANA*'s or DPS's, re-keyed as the search goes.
    Rekeyed(Rekeying),
}

/// A best-first strategy: its open list, and whether it goes on after the first goal.
///
/// Every best-first strategy is one compiled loop ([`best_first::solve`]): the open list
/// is chosen at run time ([`Lists`]), and what it does with goals is [`Goals`] (the first ends
/// the search unless `anytime`: `anytime:W`, `arastar:W` and `anastar`). A loop compiled for each order and queue made a user's
/// program through `Strategy::run` 1.4 times as slow to rebuild (BENCHMARKS.md).
pub(super) struct BestFirst {
    pub(super) list: List,
    pub(super) anytime: bool,
}

/// The open list of a best-first search behind a pointer: `N` is its store.
type DynOpen<'a, S, C, N> = Box<dyn Open<S, C, N> + 'a>;

/// The open list of a best-first strategy: A*'s binary heap in place, any other behind a
/// pointer. A*'s is the default and the one most searches use; called through a pointer,
/// its pushes and pops made short A* queries on a game map 3-6% slower.
enum Lists<'a, S, C: Cost, N> {
    /// A*'s binary heap.
    AStar(Ordered<ByEstimate, BinaryQueue<C::EstimateKey>>),
    /// Any open list.
    Dyn(DynOpen<'a, S, C, N>),
}

/// Calls `method` on the open list of a [`Lists`].
macro_rules! either {
    ($lists:expr, $method:ident($($arg:expr),*)) => {
        match $lists {
            Lists::AStar(open) => Open::<S, C, N>::$method(open, $($arg),*),
            Lists::Dyn(open) => open.$method($($arg),*),
        }
    };
}

impl<S, C: Cost, N> Open<S, C, N> for Lists<'_, S, C, N> {
    #[inline]
    fn estimates(&self) -> bool {
        either!(self, estimates())
    }

    #[inline]
    fn reopens(&self) -> bool {
        either!(self, reopens())
    }

    #[inline]
    fn exact(&self) -> bool {
        either!(self, exact())
    }

    #[inline]
    fn push(&mut self, slot: Slot, costs: (C, C, C), state: &S) -> Result<(), CapacityError> {
        either!(self, push(slot, costs, state))
    }

    #[inline]
    fn pop(&mut self, store: &N) -> Result<Option<(Slot, C)>, CapacityError> {
        either!(self, pop(store))
    }

    #[inline]
    fn improved(&mut self, best: C, store: &N) {
        either!(self, improved(best, store));
    }

    #[inline]
    fn iterations(&self) -> u64 {
        either!(self, iterations())
    }

    #[inline]
    fn len(&self) -> usize {
        either!(self, len())
    }

    fn clear(&mut self) {
        either!(self, clear());
    }

    fn memory_bytes(&self) -> usize {
        either!(self, memory_bytes())
    }
}

impl BestFirst {
    /// Runs the strategy on `problem` in `store`, and in `astar` for A*'s binary heap: the
    /// buffers a [`StrategySearcher`](super::StrategySearcher) keeps.
    pub(super) fn run<P, N, V>(
        &self,
        (store, astar): (&mut N, &mut BinaryQueue<<CostOf<P> as Cost>::EstimateKey>),
        problem: &P,
        limits: &Limits<CostOf<P>>,
        visitor: &mut V,
    ) -> Search<Solution<StateOf<P>, CostOf<P>>>
    where
        P: SearchProblem,
        N: NodeStore<StateOf<P>, Node<CostOf<P>>>,
        V: Visitor<StateOf<P>, CostOf<P>>,
    {
        let (mut focal, mut ees) = (FocalLists::default(), EesLists::default());
        let distance = problem.distance();
        let mut open = match self.list {
            List::Estimate(None) => Lists::AStar(Ordered {
                order: ByEstimate,
                queue: core::mem::take(astar),
            }),
            list => Lists::Dyn(dynamic::<P, _>(list, &mut focal, &mut ees, distance)),
        };
        let mut policy = if self.anytime {
            Goals::anytime()
        } else {
            Goals::first()
        };
        let search = best_first::solve(&mut open, &mut policy, store, limits, problem, visitor);
        if let Lists::AStar(open) = open {
            *astar = open.queue;
        }
        search
    }
}

/// The open list `list` behind a pointer: `focal` and `ees` are empty lists for focal
/// search and EES, `distance` the problem's distance-to-go.
fn dynamic<'a, P: SearchProblem, N>(
    list: List,
    focal: &'a mut FocalLists<CostOf<P>>,
    ees: &'a mut EesLists<CostOf<P>>,
    distance: &'a P::D,
) -> DynOpen<'a, StateOf<P>, CostOf<P>, N>
where
    N: NodeStore<StateOf<P>, Node<CostOf<P>>> + 'a,
{
    match list {
        List::Cost(Queue::Heap) => boxed(ByCost, BinaryQueue::new()),
        // `Lists::AStar` holds A*'s binary heap; this queue breaks ties the same way.
        List::Estimate(tie) => boxed(
            ByEstimate,
            TieQueue::<CostOf<P>>::new(tie.unwrap_or(Tie::HighG)),
        ),
        // The strategy table refuses these on a cost type that is not unsigned; were one
        // run on it anyway, its order in a binary heap would give the same answers.
        List::Cost(_) => CostOf::<P>::with_unsigned(Unsigned(list, PhantomData))
            .unwrap_or_else(|| boxed(ByCost, BinaryQueue::new())),
        List::EstimateBucket => CostOf::<P>::with_unsigned(Unsigned(list, PhantomData))
            .unwrap_or_else(|| boxed(ByEstimate, BinaryQueue::new())),
        List::Weighted(weight) => boxed(ByWeighted(weight), BinaryQueue::new()),
        List::Greedy => boxed(ByGreedy, BinaryQueue::new()),
        List::Focal(weight) => Box::new(FocalOpen::new(weight, focal, distance)),
        List::Ees(weight) => Box::new(EesOpen::new(weight, ees, distance)),
        List::Rekeyed(rule) => Box::new(Rekeyed::new(rule)),
    }
}

/// `queue` in `order`, as an open list behind a pointer.
fn boxed<'a, S, C, N, O, Q>(order: O, queue: Q) -> DynOpen<'a, S, C, N>
where
    C: Cost,
    O: Order<C> + 'a,
    Q: PriorityQueue<O::Key> + 'a,
{
    Box::new(Ordered { order, queue })
}

/// The open lists over the queues for unsigned costs (`dijkstra:bucket`, `dijkstra:radix`
/// and `astar:bucket`), made once the cost type is known to be unsigned.
struct Unsigned<'a, S, N>(List, PhantomData<fn(&'a (), &S, &N)>);

impl<'a, S, C: Cost + 'a, N> UnsignedUser<C> for Unsigned<'a, S, N> {
    type Output = DynOpen<'a, S, C, N>;

    fn run(self) -> Self::Output
    where
        C: UnsignedCost,
    {
        match self.0 {
            List::EstimateBucket => boxed(ByEstimate, BucketQueue::lifo()),
            List::Cost(Queue::Radix) => boxed(ByCost, RadixQueue::new()),
            _ => boxed(ByCost, BucketQueue::new()),
        }
    }
}
