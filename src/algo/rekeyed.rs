//! The open list of ARA* and ANA*, the anytime searches whose open list is re-keyed as
//! they go: weighted A*'s heap of keys (a priority, then the larger `g`), with each
//! state's `h` kept by slot, so that a new weight (ARA*) or a new best cost (ANA*) re-keys
//! the heap without the heuristic.
//!
//! Both run in the best-first loop ([`best_first`](super::best_first)) with the anytime
//! goals: each goal that leaves the list cheaper than the best so far becomes the best
//! ([`Event::Improved`](crate::Event::Improved)), states whose `f = g + h` is not below the
//! best cost are pruned, closed states reached more cheaply are queued again, and the
//! search ends when the list is empty: the best solution is then optimal for an admissible
//! heuristic (consistent or not). The list decides only the order.
//!
//! - **ARA*** (Likhachev, Gordon and Thrun 2003): weighted A* on `g + w h` in iterations
//!   of falling weight. A state reached more cheaply after its expansion in the current
//!   iteration waits in the INCONS list instead of the heap. An iteration ends when the
//!   least key is at least the best cost (the best solution is within `w` of the optimum)
//!   or the heap runs dry; the next one lowers `w` by [`STEP`] (down to 1), re-keys the
//!   heap, moves INCONS into it and forgets which states the last one expanded.
//! - **ANA*** (van den Berg, Shah, Huang and Goldberg 2011): no weight. The open state of
//!   largest `e = (G - g) / h` comes first, `G` the best cost (`h = 0`: first of all; the
//!   heap holds the least `h / (G - g)`); before the first solution, the limit of that
//!   order as `G` grows: least `h`, as greedy search. Each better solution re-keys the heap
//!   and drops the states it prunes.
//!
//! Ties go to the larger `g`. Keys are computed in floating point ([`Cost::to_f64`]);
//! pruning compares `g + h` with the best cost exactly. What does not depend on the cost
//! type (the schedule of weights, the keys' arithmetic, the set of expanded slots) is
//! written without it, so that a program compiles it once.

use super::best_first::{ByWeighted, Node, Open, Order, WeightedKey};
use crate::error::CapacityError;
use crate::queue::{BinaryQueue, PriorityQueue};
use crate::space::Cost;
use crate::store::{NodeStore, Slot, try_push};

/// How much ARA* lowers its weight after each iteration, in millionths: 0.2, the
/// decrement its authors' planning library (SBPL) is usually run with.
pub(crate) const STEP: u64 = 200_000;

/// The weight 1, in millionths.
const ONE: u64 = 1_000_000;

/// The order of a [`Rekeyed`] list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rekeying {
    /// ARA*, starting at the weight of these millionths (at least 1: below is 1).
    Repairing(u64),
    /// ANA*.
    Nonparametric,
}

/// The order of a [`Rekeyed`] list now: the rule, ARA*'s current weight and the best
/// cost as a number.
#[derive(Clone, Copy, Debug)]
struct Schedule {
    rule: Rekeying,
    /// ARA*'s current weight, in millionths (1 for ANA*).
    weight: u64,
    /// The best cost so far, as a number.
    best: Option<f64>,
}

impl Schedule {
    /// The order `rule` at the start of a search.
    fn new(rule: Rekeying) -> Self {
        let weight = match rule {
            Rekeying::Repairing(weight) => weight.max(ONE),
            Rekeying::Nonparametric => ONE,
        };
        Self {
            rule,
            weight,
            best: None,
        }
    }

    /// Whether the list is ARA*'s.
    fn repairs(self) -> bool {
        matches!(self.rule, Rekeying::Repairing(_))
    }

    /// The priority (least first) of a state reached at cost `g` with estimate `h`.
    #[expect(
        clippy::cast_precision_loss,
        reason = "weights are small decimals, exact in f64"
    )]
    fn priority(self, g: f64, h: f64) -> f64 {
        match (self.rule, self.best) {
            (Rekeying::Repairing(_), _) => g + self.weight as f64 / 1e6 * h,
            (Rekeying::Nonparametric, None) => h,
            // The largest e = (G - g) / h first: the least h / (G - g), 0 for h = 0
            // (G > g, else the state is pruned).
            (Rekeying::Nonparametric, Some(best)) => h / (best - g),
        }
    }

    /// Whether ARA*'s iteration is over with `priority` the least: its weight is above 1
    /// and the best solution is within it (`priority` at least the best cost). At weight 1
    /// an iteration ends only when the heap runs dry, since pruning is exact.
    fn over(self, priority: f64) -> bool {
        self.repairs() && self.weight > ONE && self.best.is_some_and(|best| priority >= best)
    }

    /// ARA*'s next weight: lower by [`STEP`], not below 1.
    fn lower(&mut self) {
        self.weight = self.weight.saturating_sub(STEP).max(ONE);
    }
}

/// A set of slots, a bit each: ARA*'s CLOSED list, the states its iteration expanded.
#[derive(Debug, Default)]
struct Slots(Vec<u64>);

impl Slots {
    fn contains(&self, slot: Slot) -> bool {
        let (word, bit) = (slot as usize / 64, slot % 64);
        self.0.get(word).is_some_and(|w| w >> bit & 1 == 1)
    }

    fn insert(&mut self, slot: Slot) -> Result<(), CapacityError> {
        let word = slot as usize / 64;
        if word >= self.0.len() {
            let more = word + 1 - self.0.len();
            self.0
                .try_reserve(more)
                .map_err(|_| CapacityError::out_of_memory(word + 1, size_of::<u64>()))?;
            self.0.resize(word + 1, 0);
        }
        self.0[word] |= 1 << (slot % 64);
        Ok(())
    }

    /// Empties the set, keeping its memory.
    fn empty(&mut self) {
        self.0.fill(0);
    }

    fn memory_bytes(&self) -> usize {
        self.0.capacity() * size_of::<u64>()
    }
}

/// What a list asks of the store: the cost of the state at a slot if it is open (not
/// closed), so that an entry of another cost is stale.
type OpenCost<'a, C> = &'a dyn Fn(Slot) -> Option<C>;

/// The open list of ARA* (`arastar:W`) or ANA* (`anastar`); see the module's docs.
///
/// # Complexity
///
/// A push or pop takes O(log n) for the n entries; re-keying (each ARA* iteration, each
/// ANA* solution) takes O(n). It keeps `h` per slot, and ARA* a bit per slot for the
/// states its iteration expanded.
pub(crate) struct Rekeyed<C> {
    schedule: Schedule,
    /// The best cost so far.
    best: Option<C>,
    heap: BinaryQueue<WeightedKey<C>>,
    /// The estimate of each slot queued so far (a state's estimate does not change).
    h: Vec<C>,
    /// ARA*'s INCONS list: states reached more cheaply after their expansion in the
    /// current iteration.
    incons: Vec<Slot>,
    /// ARA*'s CLOSED list.
    closed: Slots,
}

impl<C: Cost> Rekeyed<C> {
    /// An empty list of order `rule`.
    pub(crate) fn new(rule: Rekeying) -> Self {
        Self {
            schedule: Schedule::new(rule),
            best: None,
            heap: BinaryQueue::new(),
            h: Vec::new(),
            incons: Vec::new(),
            closed: Slots::default(),
        }
    }

    /// The key of a state reached at cost `g` with estimate `h`.
    fn key(schedule: Schedule, g: C, h: C) -> WeightedKey<C> {
        let (gf, hf) = (g.to_f64().unwrap_or(0.0), h.to_f64().unwrap_or(0.0));
        WeightedKey::new(schedule.priority(gf, hf), g)
    }

    /// Whether a state reached at cost `g` with estimate `h` may still lead to a better
    /// solution than `best`: `g + h` below it.
    fn admits(best: Option<C>, g: C, h: C) -> bool {
        best.is_none_or(|best| g.checked_plus(h).is_some_and(|f| f < best))
    }

    /// The next entry to expand, dropping the entries that are stale or pruned, and
    /// starting ARA*'s next iterations when the current one is over.
    fn next(&mut self, open: OpenCost<'_, C>) -> Result<Option<(Slot, C)>, CapacityError> {
        loop {
            let Some((key, slot)) = self.heap.peek() else {
                if self.incons.is_empty() {
                    return Ok(None);
                }
                self.iterate(open)?;
                continue;
            };
            let g = ByWeighted::g(key);
            if open(slot) != Some(g) || !Self::admits(self.best, g, self.h[slot as usize]) {
                self.heap.pop()?;
                continue;
            }
            if self.schedule.over(key.priority()) {
                self.iterate(open)?;
                continue;
            }
            self.heap.pop()?;
            if self.schedule.repairs() {
                self.closed.insert(slot)?;
            }
            return Ok(Some((slot, g)));
        }
    }

    /// ARA*'s next iteration: the weight falls (not below 1), the heap is re-keyed,
    /// INCONS joins it, and no state is expanded yet. (ANA* has no INCONS and never ends
    /// an iteration.)
    fn iterate(&mut self, open: OpenCost<'_, C>) -> Result<(), CapacityError> {
        self.schedule.lower();
        self.closed.empty();
        self.rekey(open);
        for &slot in &self.incons {
            let h = self.h[slot as usize];
            match open(slot) {
                Some(g) if Self::admits(self.best, g, h) => {
                    self.heap.push(Self::key(self.schedule, g, h), slot)?;
                }
                _ => {}
            }
        }
        self.incons.clear();
        Ok(())
    }

    /// Re-keys the heap, without the stale and the pruned entries.
    fn rekey(&mut self, open: OpenCost<'_, C>) {
        let (schedule, best, h) = (self.schedule, self.best, &self.h);
        self.heap.rekey(&mut |key, slot| {
            let g = ByWeighted::g(*key);
            let h = h[slot as usize];
            let keep = open(slot) == Some(g) && Self::admits(best, g, h);
            if keep {
                *key = Self::key(schedule, g, h);
            }
            keep
        });
    }

    /// Queues a state: into INCONS if ARA*'s iteration expanded it, else into the heap.
    fn queue(&mut self, slot: Slot, g: C, h: C) -> Result<(), CapacityError> {
        let at = slot as usize;
        if at >= self.h.len() {
            let more = at + 1 - self.h.len();
            self.h
                .try_reserve(more)
                .map_err(|_| CapacityError::out_of_memory(at + 1, size_of::<C>()))?;
            self.h.resize(at + 1, C::ZERO);
        }
        self.h[at] = h;
        if self.closed.contains(slot) {
            return try_push(&mut self.incons, slot);
        }
        self.heap.push(Self::key(self.schedule, g, h), slot)
    }

    /// A better solution of cost `best`: ANA* re-keys its heap.
    fn better(&mut self, best: C, open: OpenCost<'_, C>) {
        self.best = Some(best);
        self.schedule.best = best.to_f64();
        if !self.schedule.repairs() {
            self.rekey(open);
        }
    }
}

impl<S, C, N> Open<S, C, N> for Rekeyed<C>
where
    C: Cost,
    N: NodeStore<S, Node<C>>,
{
    fn push(&mut self, slot: Slot, (g, h, _): (C, C, C), _: &S) -> Result<(), CapacityError> {
        self.queue(slot, g, h)
    }

    fn pop(&mut self, store: &N) -> Result<Option<(Slot, C)>, CapacityError> {
        self.next(&|slot| open_cost(store, slot))
    }

    fn improved(&mut self, best: C, store: &N) {
        self.better(best, &|slot| open_cost(store, slot));
    }

    fn len(&self) -> usize {
        self.heap.len() + self.incons.len()
    }

    fn clear(&mut self) {
        self.schedule = Schedule::new(self.schedule.rule);
        self.best = None;
        self.heap.clear();
        self.h.clear();
        self.incons.clear();
        self.closed.0.clear();
    }

    fn memory_bytes(&self) -> usize {
        self.heap.memory_bytes()
            + self.h.capacity() * size_of::<C>()
            + self.incons.capacity() * size_of::<Slot>()
            + self.closed.memory_bytes()
    }
}

/// The cost of the state at `slot` if it is open.
fn open_cost<S, C: Cost, N: NodeStore<S, Node<C>>>(store: &N, slot: Slot) -> Option<C> {
    let &(_, g, closed) = store.value(slot);
    (!closed).then_some(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{HashedStore, NO_SLOT};

    /// A search's records: state `i` reached at cost `costs[i]`, open.
    fn store(costs: &[u32]) -> (HashedStore<u32, Node<u32>>, Vec<Slot>) {
        let mut store = HashedStore::new();
        let slots = (0u32..)
            .zip(costs)
            .map(|(state, &g)| store.insert(&state, (NO_SLOT, g, false)).unwrap().0)
            .collect();
        (store, slots)
    }

    /// Pushes state `i` of `slots` with cost `g` and estimate `h`.
    fn push(list: &mut Rekeyed<u32>, slots: &[Slot], i: usize, (g, h): (u32, u32)) {
        let slot = slots[i];
        let state = u32::try_from(i).unwrap();
        Open::<u32, u32, HashedStore<u32, Node<u32>>>::push(list, slot, (g, h, g + h), &state)
            .unwrap();
    }

    /// The states popped until the list runs dry, each marked closed as the loop does.
    fn drain(list: &mut Rekeyed<u32>, store: &mut HashedStore<u32, Node<u32>>) -> Vec<u32> {
        let mut popped = Vec::new();
        while let Some((slot, _)) = list.pop(&*store).unwrap() {
            store.value_mut(slot).2 = true;
            popped.push(store.state(slot));
        }
        popped
    }

    /// An ANA* list holding four states of (g, h) (0, 3), (5, 2), (1, 5) and (2, 6), and
    /// the records and slots of the search.
    fn ana() -> (Rekeyed<u32>, HashedStore<u32, Node<u32>>, Vec<Slot>) {
        let states = [(0, 3), (5, 2), (1, 5), (2, 6)];
        let (store, slots) = store(&states.map(|(g, _)| g));
        let mut list = Rekeyed::new(Rekeying::Nonparametric);
        for (i, costs) in states.into_iter().enumerate() {
            push(&mut list, &slots, i, costs);
        }
        (list, store, slots)
    }

    #[test]
    fn ana_star_is_greedy_before_a_solution() {
        let (mut list, mut store, _) = ana();
        assert_eq!(drain(&mut list, &mut store), [1, 0, 2, 3], "least h first");
    }

    /// After a solution of cost 8: largest (8 - g) / h first (8/3, 3/2, 7/5), and the
    /// state with g + h = 8 pruned.
    #[test]
    fn ana_star_re_keys_by_the_best_cost() {
        let (mut list, mut store, slots) = ana();
        Open::<u32, u32, _>::improved(&mut list, 8, &store);
        assert_eq!(Open::<u32, u32, HashedStore<u32, Node<u32>>>::len(&list), 3);
        assert_eq!(drain(&mut list, &mut store), [0, 1, 2]);
        // A state with h = 0 comes first of all.
        push(&mut list, &slots, 3, (2, 0));
        push(&mut list, &slots, 0, (0, 3));
        store.value_mut(slots[3]).2 = false;
        store.value_mut(slots[0]).2 = false;
        assert_eq!(drain(&mut list, &mut store), [3, 0]);
    }

    /// ARA* at weight 2: a state reached more cheaply after its expansion waits in INCONS
    /// until the iteration ends; an iteration ends when the least key is at least the best
    /// cost, and each new one lowers the weight by 0.2 and takes INCONS in.
    #[test]
    fn ara_star_defers_inconsistent_states_to_the_next_iteration() {
        let (mut store, slots) = store(&[0, 1, 3]);
        let mut list = Rekeyed::new(Rekeying::Repairing(2_000_000));
        // Keys g + 2h: 8, 3, 7.
        for (i, costs) in [(0, 4), (1, 1), (3, 2)].into_iter().enumerate() {
            push(&mut list, &slots, i, costs);
        }
        let (slot, g) = list.pop(&store).unwrap().unwrap();
        assert_eq!((slot, g), (slots[1], 1));
        store.value_mut(slot).2 = true;
        // State 1 is reached at cost 0: key 2, but into INCONS, after state 2's 7.
        *store.value_mut(slot) = (NO_SLOT, 0, false);
        push(&mut list, &slots, 1, (0, 1));
        assert_eq!(list.incons.len(), 1);
        assert_eq!(list.pop(&store).unwrap(), Some((slots[2], 3)));
        store.value_mut(slots[2]).2 = true;
        // A solution of cost 5: state 0's key 8 ends the iteration; at 1.8 state 1 (key
        // 1.8) comes first, then state 0 (f = 4) once the weight is 1.2 (key 4.8 < 5).
        Open::<u32, u32, _>::improved(&mut list, 5, &store);
        assert_eq!(list.pop(&store).unwrap(), Some((slots[1], 0)));
        assert_eq!(list.schedule.weight, 1_800_000);
        store.value_mut(slots[1]).2 = true;
        assert_eq!(list.pop(&store).unwrap(), Some((slots[0], 0)));
        assert_eq!(list.schedule.weight, 1_200_000);
        store.value_mut(slots[0]).2 = true;
        assert_eq!(list.pop(&store).unwrap(), None);
        // The iterations since forgot that the first one expanded state 2: reached more
        // cheaply, it goes to the heap; state 0, expanded in this one, to INCONS.
        *store.value_mut(slots[2]) = (NO_SLOT, 1, false);
        push(&mut list, &slots, 2, (1, 2));
        assert!(list.incons.is_empty());
        *store.value_mut(slots[0]) = (NO_SLOT, 0, false);
        push(&mut list, &slots, 0, (0, 3));
        assert_eq!(list.incons.len(), 1);
        assert_eq!(list.pop(&store).unwrap(), Some((slots[2], 1)));
        // clear starts again at the weight of the strategy.
        Open::<u32, u32, HashedStore<u32, Node<u32>>>::clear(&mut list);
        assert_eq!((list.schedule.weight, list.best), (2_000_000, None));
    }
}
