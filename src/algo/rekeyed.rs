//! The open list of ARA*, ANA* and DPS, the searches whose open list is re-keyed as they
//! go: weighted A*'s heap of keys (a priority, then the larger `g`), with each state's `h`
//! kept by slot, so that a new weight (ARA*), a new best cost (ANA*) or a new least `f`
//! (DPS) re-keys the heap without the heuristic.
//!
//! ARA* and ANA* run in the best-first loop ([`best_first`](super::best_first)) with the anytime
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
//! - **DPS**, dynamic potential search (Gilon, Felner and Stern 2016), with the loop's
//!   first goal ending the search: ANA*'s order with `G = W f_min`, `f_min` the least
//!   `f = g + h` open (kept by [`LeastF`]). The open state of largest potential
//!   `(W f_min - g) / h` comes first: a state with `h = 0` and `g <= W f_min` first of
//!   all, one with `g >= W f_min` (and `h > 0`) last. A state's key is at most 1 exactly
//!   when its `f` is within `W f_min`, and a state of least `f` is, so every state
//!   expanded has `f <= W f_min`: with an admissible heuristic, a goal taken costs at most
//!   `W` times the optimum. The bound uses the largest `f_min` seen so far (an
//!   inconsistent heuristic can lower `f_min`; every value it took is still at most the
//!   optimum), and the heap is re-keyed each time `f_min` rises above it: one iteration
//!   ([`Stats::iterations`](crate::Stats::iterations)) per bound. The paper's DPS reads
//!   no distance-to-go, and neither does this one.
//!
//! Ties go to the larger `g`. Keys are computed in floating point ([`Cost::to_f64`]);
//! pruning compares `g + h` with the best cost exactly. What does not depend on the cost
//! type (the schedule of weights, the keys' arithmetic, the set of expanded slots) is
//! written without it, so that a program compiles it once.

use super::best_first::{ByWeighted, LeastF, Node, Open, Order, WeightedKey};
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
    /// DPS of the weight of these millionths (at least 1: below is 1).
    Potential(u64),
}

/// The order of a [`Rekeyed`] list now: the rule, the current weight and the bound, as
/// numbers.
#[derive(Clone, Copy, Debug)]
struct Schedule {
    rule: Rekeying,
    /// ARA*'s current weight or DPS's weight, in millionths (1 for ANA*).
    weight: u64,
    /// ARA*'s and ANA*'s best cost so far; DPS's `W f_min`.
    bound: Option<f64>,
}

impl Schedule {
    /// The order `rule` at the start of a search.
    fn new(rule: Rekeying) -> Self {
        let weight = match rule {
            Rekeying::Repairing(weight) | Rekeying::Potential(weight) => weight.max(ONE),
            Rekeying::Nonparametric => ONE,
        };
        Self {
            rule,
            weight,
            bound: None,
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
        match (self.rule, self.bound) {
            (Rekeying::Repairing(_), _) => g + self.weight as f64 / 1e6 * h,
            (_, None) => h,
            (_, Some(bound)) => potential(bound, g, h),
        }
    }

    /// DPS's bound `W f` for the least open `f` (`None` for a cost that is no number).
    #[expect(
        clippy::cast_precision_loss,
        reason = "weights are small decimals, exact in f64"
    )]
    fn potential_bound<C: Cost>(self, f_min: C) -> Option<f64> {
        f_min.to_f64().map(|f| self.weight as f64 * f / 1e6)
    }

    /// Whether ARA*'s iteration is over with `priority` the least: its weight is above 1
    /// and the best solution is within it (`priority` at least the best cost). At weight 1
    /// an iteration ends only when the heap runs dry, since pruning is exact.
    fn over(self, priority: f64) -> bool {
        self.repairs() && self.weight > ONE && self.bound.is_some_and(|best| priority >= best)
    }

    /// ARA*'s next weight: lower by [`STEP`], not below 1.
    fn lower(&mut self) {
        self.weight = self.weight.saturating_sub(STEP).max(ONE);
    }
}

/// The potential of a state reached at cost `g` with estimate `h` under the bound `G`, as
/// a priority, least first: the largest `(G - g) / h` first, as the least `h / (G - g)`.
/// A state with `h = 0` and `g <= G` comes first of all (0), a state beyond the bound
/// with `g >= G` last (infinity). The priority is at most 1 exactly when `g + h <= G`.
/// (ANA* prunes the states with `g + h >= G`; DPS keeps them for a bound that rises.)
fn potential(bound: f64, g: f64, h: f64) -> f64 {
    if g < bound {
        h / (bound - g)
    } else if h == 0.0 && g <= bound {
        0.0
    } else {
        f64::INFINITY
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

/// The open list of ARA* (`arastar:W`), ANA* (`anastar`) or DPS (`dps:W`); see the
/// module's docs.
///
/// # Complexity
///
/// A push or pop takes O(log n) for the n entries; re-keying (each ARA* iteration, each
/// ANA* solution, each rise of DPS's least `f`) takes O(n). It keeps `h` per slot, ARA* a
/// bit per slot for the states its iteration expanded, and DPS a second heap, by `f`.
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
    /// DPS's open states by `f`.
    by_f: LeastF<C>,
    /// DPS's largest least `f` so far: its bound is `W` times it.
    f_min: Option<C>,
    /// DPS's bounds so far.
    bounds: u64,
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
            by_f: LeastF::default(),
            f_min: None,
            bounds: 0,
        }
    }

    /// Whether the list is DPS's.
    fn potential(&self) -> bool {
        matches!(self.schedule.rule, Rekeying::Potential(_))
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
        if self.potential() {
            self.raise(open);
        }
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

    /// DPS: when the least open `f` is above the largest one so far, the bound rises to
    /// `W` times it and the heap is re-keyed.
    fn raise(&mut self, open: OpenCost<'_, C>) {
        let least = self.by_f.least(|slot, g| open(slot) == Some(g));
        let Some(f_min) = least.filter(|&f| self.f_min.is_none_or(|most| f > most)) else {
            return;
        };
        self.f_min = Some(f_min);
        self.schedule.bound = self.schedule.potential_bound(f_min);
        self.bounds += 1;
        self.rekey(open);
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

    /// Queues a state of `f = g + h`: into INCONS if ARA*'s iteration expanded it, else
    /// into the heap (and for DPS by `f` too).
    fn queue(&mut self, slot: Slot, (g, h, f): (C, C, C)) -> Result<(), CapacityError> {
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
        if self.potential() {
            self.by_f.push(f, slot, g)?;
        }
        self.heap.push(Self::key(self.schedule, g, h), slot)
    }

    /// A better solution of cost `best` (anytime only, so never DPS's): ANA* re-keys its
    /// heap.
    fn better(&mut self, best: C, open: OpenCost<'_, C>) {
        self.best = Some(best);
        self.schedule.bound = best.to_f64();
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
    fn push(&mut self, slot: Slot, costs: (C, C, C), _: &S) -> Result<(), CapacityError> {
        self.queue(slot, costs)
    }

    fn pop(&mut self, store: &N) -> Result<Option<(Slot, C)>, CapacityError> {
        self.next(&|slot| open_cost(store, slot))
    }

    fn improved(&mut self, best: C, store: &N) {
        self.better(best, &|slot| open_cost(store, slot));
    }

    fn iterations(&self) -> u64 {
        self.bounds.max(1)
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
        self.by_f.clear();
        self.f_min = None;
        self.bounds = 0;
    }

    fn memory_bytes(&self) -> usize {
        self.heap.memory_bytes()
            + self.h.capacity() * size_of::<C>()
            + self.incons.capacity() * size_of::<Slot>()
            + self.closed.memory_bytes()
            + self.by_f.memory_bytes()
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

    /// DPS at weight 2 on five states of (g, h): (0, 4), (3, 2), (1, 6), (6, 3), (10, 0).
    /// The least f is 4, so the bound is 8 and the potentials (8 - g) / h are 2, 2.5, 7/6,
    /// 2/3 and none (h = 0 beyond the bound: last). Once states 1 and 0 are expanded the
    /// least f rises to 7: the bound is 14, state 4 (h = 0 within it) comes first, then
    /// state 3 (8/3) before state 2 (13/6).
    #[test]
    fn dps_expands_the_largest_potential_and_re_keys_when_the_least_f_rises() {
        let states = [(0, 4), (3, 2), (1, 6), (6, 3), (10, 0)];
        let (mut store, slots) = store(&states.map(|(g, _)| g));
        let mut list = Rekeyed::new(Rekeying::Potential(2_000_000));
        for (i, costs) in states.into_iter().enumerate() {
            push(&mut list, &slots, i, costs);
        }
        assert_eq!(drain(&mut list, &mut store), [1, 0, 4, 3, 2]);
        // Two bounds: 8, then 14; the least f fell to 7 from none, then stayed.
        assert_eq!(
            Open::<u32, u32, HashedStore<u32, Node<u32>>>::iterations(&list),
            2
        );
        Open::<u32, u32, HashedStore<u32, Node<u32>>>::clear(&mut list);
        assert_eq!((list.f_min, list.bounds), (None, 0));
    }

    /// DPS keeps the largest least `f` seen: an inconsistent heuristic that lowers the
    /// least `f` neither lowers the bound nor re-keys.
    #[test]
    fn dps_keeps_its_bound_when_the_least_f_falls() {
        let (mut store, slots) = store(&[0, 1, 2]);
        let mut list = Rekeyed::new(Rekeying::Potential(1_500_000));
        push(&mut list, &slots, 0, (0, 10));
        assert_eq!(list.pop(&store).unwrap(), Some((slots[0], 0)));
        store.value_mut(slots[0]).2 = true;
        // f 4 and 12 below and above the bound 15: the least f is now 4.
        push(&mut list, &slots, 1, (1, 3));
        push(&mut list, &slots, 2, (2, 10));
        assert_eq!(list.pop(&store).unwrap(), Some((slots[1], 1)));
        assert_eq!((list.f_min, list.bounds), (Some(10), 1));
        assert_eq!(list.schedule.bound, Some(15.0));
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
