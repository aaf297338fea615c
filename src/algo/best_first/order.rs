//! The open list of the best-first loop: the orders a priority queue takes states in
//! (Dijkstra's, A*'s, weighted A*'s, greedy), and the [`Open`] trait the loop pushes to and
//! pops from, which an order over a queue ([`Ordered`]) and the lists of focal search
//! (`super::super::focal`) implement.

use core::cmp::Reverse;

use crate::error::CapacityError;
use crate::queue::PriorityQueue;
use crate::space::{Cost, EstimateKey};
use crate::store::Slot;

/// Where the states of a best-first search wait to be expanded, and in which order they
/// leave.
///
/// The loop pushes each state it queues and pops the next one to expand; an entry whose
/// state was expanded or reached more cheaply since it was pushed is stale, and the loop
/// drops it (an open list may drop such entries itself).
pub(crate) trait Open<S, C, N> {
    /// Whether `h` means anything: then the loop keeps the most promising state reached
    /// (least `h`, then least `g`) for [`Search::partial`](crate::Search::partial). Yes
    /// unless said otherwise, as for the next two.
    #[inline]
    fn estimates(&self) -> bool {
        true
    }
    /// Whether a closed state reached again more cheaply is expanded again (see
    /// [`Order::REOPENS`]).
    #[inline]
    fn reopens(&self) -> bool {
        true
    }
    /// Whether the cost recorded for a goal is its path's (see [`Order::EXACT`]).
    #[inline]
    fn exact(&self) -> bool {
        true
    }
    /// Queues the state `state` of slot `slot`, reached at cost `g` with estimate `h` and
    /// `f = g + h`: `costs` is `(g, h, f)`.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the list cannot grow.
    fn push(&mut self, slot: Slot, costs: (C, C, C), state: &S) -> Result<(), CapacityError>;
    /// The next entry to expand: its slot and the cost `g` it was pushed with. `store`
    /// holds the records of the search.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the list cannot grow (a queue that moves entries on a pop).
    fn pop(&mut self, store: &N) -> Result<Option<(Slot, C)>, CapacityError>;
    /// A goal became the best solution, of cost `best` (anytime searches only): an open
    /// list whose order depends on the best cost re-keys its entries (ANA*), or keeps the
    /// bound for its next iteration (ARA*). `store` holds the records of the search. By
    /// default, nothing.
    #[inline]
    fn improved(&mut self, best: C, store: &N) {
        let _ = (best, store);
    }
    /// The search's [`Stats::iterations`](crate::Stats::iterations): 1 unless the list
    /// searches by a bound that it raises (DPS: one per bound `W f_min`).
    #[inline]
    fn iterations(&self) -> u64 {
        1
    }
    /// The number of entries, stale ones included.
    fn len(&self) -> usize;
    /// Drops every entry.
    fn clear(&mut self);
    /// The heap memory of the list, in bytes.
    fn memory_bytes(&self) -> usize;
}

/// An open list that is a priority queue in an order: the open list of Dijkstra, A*,
/// weighted A*, greedy search and anytime weighted A*. `Q` is the queue, or a `&mut` to
/// the queue a scratch keeps.
pub(crate) struct Ordered<O, Q> {
    pub(crate) order: O,
    pub(crate) queue: Q,
}

impl<S, C, N, O, Q> Open<S, C, N> for Ordered<O, Q>
where
    C: Cost,
    O: Order<C>,
    Q: PriorityQueue<O::Key>,
{
    #[inline]
    fn estimates(&self) -> bool {
        O::ESTIMATES
    }

    #[inline]
    fn reopens(&self) -> bool {
        O::REOPENS
    }

    #[inline]
    fn exact(&self) -> bool {
        O::EXACT
    }

    #[inline]
    fn push(&mut self, slot: Slot, (g, h, f): (C, C, C), _: &S) -> Result<(), CapacityError> {
        self.queue.push(self.order.key(g, h, f), slot)
    }

    #[inline]
    fn pop(&mut self, _: &N) -> Result<Option<(Slot, C)>, CapacityError> {
        Ok(self.queue.pop()?.map(|(key, slot)| (slot, O::g(key))))
    }

    #[inline]
    fn len(&self) -> usize {
        self.queue.len()
    }

    fn clear(&mut self) {
        self.queue.clear();
    }

    fn memory_bytes(&self) -> usize {
        self.queue.memory_bytes()
    }
}

/// The order in which a best-first engine takes states from its queue: the queue key of
/// a state reached at cost `g` with estimate `h` and `f = g + h`.
pub(crate) trait Order<C>: Copy {
    /// The queue key.
    type Key: Copy + Ord;
    /// Whether `h` means anything: then the engine keeps the most promising state reached
    /// (least `h`, then least `g`) for [`Search::partial`].
    const ESTIMATES: bool;
    /// Whether a closed state reached again more cheaply is expanded again. An order
    /// without a bound on the cost (greedy search) only takes the cheaper parent: expanding
    /// again buys it nothing, and on a weak heuristic it expanded a 1,001-state space
    /// 156,695 times.
    const REOPENS: bool = true;
    /// Whether the cost recorded for a goal when it leaves the queue is the cost of its
    /// path along the parent links, as long as no closed state was reopened (a state's
    /// successors are recorded when it is expanded, from its cost then): true for Dijkstra
    /// and A*, whose answer is then not traced again through the successors.
    const EXACT: bool = false;
    /// The key of a state with cost `g`, estimate `h` and `f = g + h`.
    fn key(&self, g: C, h: C, f: C) -> Self::Key;
    /// The cost `g` a key was made with: an entry whose `g` is no longer the state's is
    /// stale.
    fn g(key: Self::Key) -> C;
}

/// Dijkstra's order: least `g` first (the heuristic is zero, so `f = g`).
#[derive(Clone, Copy)]
pub(crate) struct ByCost;

impl<C: Cost> Order<C> for ByCost {
    type Key = C;
    const ESTIMATES: bool = false;
    const EXACT: bool = true;
    #[inline]
    fn key(&self, g: C, _h: C, _f: C) -> C {
        g
    }
    #[inline]
    fn g(key: C) -> C {
        key
    }
}

/// A*'s order: least `f` first, then largest `g` (the state closer to a goal).
#[derive(Clone, Copy)]
pub(crate) struct ByEstimate;

impl<C: Cost> Order<C> for ByEstimate {
    type Key = C::EstimateKey;
    const ESTIMATES: bool = true;
    const EXACT: bool = true;
    #[inline]
    fn key(&self, g: C, _h: C, f: C) -> C::EstimateKey {
        C::EstimateKey::new(f, g)
    }
    #[inline]
    fn g(key: C::EstimateKey) -> C {
        key.g()
    }
}

/// A floating-point priority with a total order (`f64::total_cmp`): the keys of the
/// weighted orders.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Priority(pub(crate) f64);

impl PartialEq for Priority {
    fn eq(&self, other: &Self) -> bool {
        self.0.total_cmp(&other.0).is_eq()
    }
}

impl Eq for Priority {}

impl PartialOrd for Priority {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Priority {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// The key of weighted A*'s open list: least `g + W h` first, then largest `g`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct WeightedKey<C>(Priority, Reverse<C>);

impl<C> WeightedKey<C> {
    /// The key of priority `priority` (least first) of a state reached at cost `g`
    /// (largest first among equal priorities): ARA*'s and ANA*'s keys too, so that their
    /// open list is weighted A*'s heap.
    pub(crate) fn new(priority: f64, g: C) -> Self {
        WeightedKey(Priority(priority), Reverse(g))
    }

    /// The priority.
    pub(crate) fn priority(&self) -> f64 {
        self.0.0
    }
}

/// Weighted A*'s order: least `g + W h` first, then largest `g`. Costs must be numbers
/// ([`Cost::to_f64`]).
#[derive(Clone, Copy)]
pub(crate) struct ByWeighted(pub(crate) f64);

impl<C: Cost> Order<C> for ByWeighted {
    type Key = WeightedKey<C>;
    const ESTIMATES: bool = true;
    #[inline]
    fn key(&self, g: C, h: C, _f: C) -> WeightedKey<C> {
        let (gf, hf) = (g.to_f64().unwrap_or(0.0), h.to_f64().unwrap_or(0.0));
        WeightedKey::new(gf + self.0 * hf, g)
    }
    #[inline]
    fn g(key: WeightedKey<C>) -> C {
        key.1.0
    }
}

/// The key of greedy best-first search's open list: least `h` first, then largest `g`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct GreedyKey<C>(C, Reverse<C>, C);

/// Greedy best-first order: least `h` first, then largest `g`.
#[derive(Clone, Copy)]
pub(crate) struct ByGreedy;

impl<C: Cost> Order<C> for ByGreedy {
    type Key = GreedyKey<C>;
    const ESTIMATES: bool = true;
    const REOPENS: bool = false;
    #[inline]
    fn key(&self, g: C, h: C, _f: C) -> GreedyKey<C> {
        GreedyKey(h, Reverse(g), g)
    }
    #[inline]
    fn g(key: GreedyKey<C>) -> C {
        key.2
    }
}
