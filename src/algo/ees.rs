//! Explicit estimation search (EES; Thayer and Ruml, "Bounded suboptimal search: a direct
//! approach using inadmissible estimates", IJCAI 2011): a bounded-suboptimal search that
//! expands the state nearest a goal by *corrected* estimates, among the states it believes
//! are within `W` times the optimum, and falls back on the admissible `f` to keep its
//! bound.
//!
//! It is the best-first loop ([`best_first`](super::best_first)) with EES's lists as its
//! open list: the relax step, reopening, limits and answers are A*'s.

use core::cmp::Reverse;

use super::best_first::{Node, Open, lists_engine};
use super::engine::{Setup, engine_setup, parameter_constructors};
use crate::error::CapacityError;
use crate::problem::MaybeDistance;
use crate::queue::Heap;
use crate::space::Cost;
use crate::store::{Hashed, NodeStore, Slot};

/// What every list entry carries: the slot, and the `g`, `h` and distance-to-go `d` the
/// state was queued with (the `g` tells stale entries apart).
type Item<C> = (Slot, C, C, C);

/// A non-negative `f64` as bits, which order as the numbers do (NaN and negative values
/// are taken as zero).
type Bits = u64;

/// Explicit estimation search: A* that expands, among the open states whose corrected
/// estimate `f^ = g + h^` is at most `W` times the least open `f^`, the one with the least
/// corrected distance-to-go `d^`, as long as its `f^` is within `W` times the least open
/// `f = g + h`; otherwise the state of least `f^` if that one is within it, otherwise the
/// state of least `f`.
///
/// With an admissible heuristic the cost found is at most `W` times the optimum: every
/// state expanded is the one of least `f` or has `f <= f^ <= W f_min`, and some open state
/// on an optimal path has `f` at most the optimum.
///
/// The corrections are learned during the search from the one-step errors of Thayer and
/// Ruml: after each expansion, the queued successor of least `f` (then least `d`) gives
/// the error `e_h = f(child) - f(parent)` of `h` and `e_d = 1 + d(child) - d(parent)` of
/// the distance-to-go ([`Problem::distance_to_go`](crate::Problem::distance_to_go)); with
/// their means `ε_h` and `ε_d` (taken as 0 when negative, `ε_d` at most 0.999), a state is
/// queued with `d^ = d / (1 - ε_d)` and `h^ = h + d^ ε_h`. Without a distance-to-go, the
/// heuristic is the distance (a step counts its cost instead of 1): `d^ = h^ = h / (1 -
/// ε)` with `ε` the mean of `e_h / step cost`. A state keeps the corrected values it was
/// queued with. `h^ >= h` always, which the bound needs.
///
/// A weight below 1 (or NaN) acts as 1: the search is then A*. Costs must be numbers
/// ([`Cost::to_f64`]): the estimates are computed in floating point. Reopening, dead ends,
/// estimates whose `g + h` does not fit, and the visitor's events are as in
/// [`AStar`](crate::AStar), whose loop this is.
///
/// # Complexity
///
/// O(X b log V) time and O(V + E) space for the V states and E steps reached, X
/// expansions of b successors each (X can exceed V: closed states reached more cheaply
/// are expanded again).
///
/// # Examples
///
/// ```
/// use state_search::{Ees, Problem, Solver};
///
/// // From 1 to 40 by +1 (cost 1) or x2 (cost 3); h is admissible: a state below 40 needs
/// // at least one more step.
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)]);
/// let problem = Problem::new(&space, [1], |&n| n == 40).heuristic(|&n: &u32| u32::from(n < 40));
/// let found = Ees::new(1.5).search(&problem).into_found().unwrap();
/// assert!(found.cost <= 13 * 3 / 2); // the optimum is 13: 1 2 3 4 5 10 20 40
/// assert_eq!(found.path.last(), Some(&40));
///
/// // Many searches on one thread: a searcher keeps the engine's buffers between them.
/// let mut searcher = Ees::new(1.5).searcher()?;
/// for goal in [40, 41, 80] {
///     let problem = Problem::new(&space, [1], move |&n| n == goal)
///         .heuristic(move |&n: &u32| u32::from(n < goal));
///     assert_eq!(searcher.search(&problem).found().unwrap().path.last(), Some(&goal));
/// }
/// # Ok::<(), state_search::CapacityError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Ees<C, St = Hashed> {
    setup: Setup<St, C>,
    weight: f64,
}

engine_setup!(Ees<C, St>, cost C);

parameter_constructors!(Ees, weight: f64 = weight, "The weight `W`.");

lists_engine!(Ees, EesLists, EesOpen);

/// The open lists of an [`Ees`] search, kept in its scratch from search to search.
pub struct EesLists<C> {
    /// Every open state by `f` (EES's cleanup list).
    cleanup: Heap<Reverse<(C, Item<C>)>>,
    /// Every open state by `f^` (EES's open list).
    by_estimate: Heap<Reverse<(Bits, Item<C>)>>,
    /// The open states that wait for the focal bound to reach their `f^`: by `f^`, with
    /// their `d^`.
    waiting: Heap<Reverse<(Bits, Bits, Item<C>)>>,
    /// The open states within the focal bound, by `d^`, then `f^`.
    focal: Heap<Reverse<(Bits, Bits, Item<C>)>>,
}

impl<C: Ord> Default for EesLists<C> {
    fn default() -> Self {
        Self {
            cleanup: Heap::new(),
            by_estimate: Heap::new(),
            waiting: Heap::new(),
            focal: Heap::new(),
        }
    }
}

impl<C> core::fmt::Debug for EesLists<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("EesLists")
            .field("open", &self.cleanup.len())
            .field("focal", &self.focal.len())
            .finish_non_exhaustive()
    }
}

/// The one-step errors learned so far, and the state being expanded.
#[derive(Default)]
struct Learned<C> {
    /// The sum of the errors of `h` (per step, or per unit of cost without a distance).
    h: f64,
    /// The sum of the errors of the distance-to-go.
    d: f64,
    /// The number of errors summed.
    count: u32,
    /// The `(g, h, d)` of the state taken last, whose successors are being queued.
    parent: Option<(C, C, C)>,
    /// The queued successor of least `f`, then least `d`: `(f, d, g, h)`.
    child: Option<(C, C, C, C)>,
}

impl<C: Cost> Learned<C> {
    /// Adds the error of the last expansion's best child, if any; `steps`: the problem
    /// has a distance-to-go.
    fn fold(&mut self, steps: bool) {
        let (Some((g0, h0, d0)), Some((_, d1, g1, h1))) = (self.parent, self.child.take()) else {
            return;
        };
        let step = float(g1) - float(g0);
        let e_h = step + float(h1) - float(h0);
        if steps {
            self.h += e_h;
            self.d += 1.0 + float(d1) - float(d0);
        } else if step > 0.0 {
            self.h += e_h / step;
        } else {
            return; // a step of no cost says nothing of the error per unit of cost
        }
        self.count += 1;
    }

    /// The mean errors `(ε_h, ε_d)`, clamped as the engine's docs say.
    fn means(&self) -> (f64, f64) {
        if self.count == 0 {
            return (0.0, 0.0);
        }
        let n = f64::from(self.count);
        let clamp = |x: f64, most: f64| if x > 0.0 { x.min(most) } else { 0.0 };
        (clamp(self.h / n, f64::MAX), clamp(self.d / n, 0.999))
    }

    /// `(f^, d^)` of a state queued at `g` with `h` and distance `d` (`steps`: a
    /// distance-to-go; otherwise `d` is `h`).
    fn corrected(&self, (g, h, d): (C, C, C), steps: bool) -> (f64, f64) {
        let (e_h, e_d) = self.means();
        let (f, h) = (float(g) + float(h), float(h));
        if steps {
            let d_hat = float(d) / (1.0 - e_d);
            ((float(g) + h + d_hat * e_h).max(f), d_hat)
        } else {
            let h_hat = h / (1.0 - e_h.min(0.999));
            ((float(g) + h_hat).max(f), h_hat)
        }
    }
}

/// A cost as a float (a cost that is no number as infinity, never chosen first).
fn float<C: Cost>(c: C) -> f64 {
    c.to_f64().unwrap_or(f64::INFINITY)
}

/// The bits of a non-negative float, which order as the numbers do.
fn bits(x: f64) -> Bits {
    if x > 0.0 { x.to_bits() } else { 0 }
}

/// EES's lists as the open list of one search.
pub(crate) struct EesOpen<'a, C, D> {
    weight: f64,
    lists: &'a mut EesLists<C>,
    distance: &'a D,
    /// Whether the problem has a distance-to-go (else the heuristic stands for it).
    steps: bool,
    /// The least open `f^` at the last pop: the focal bound new states are queued by.
    least: Option<f64>,
    learned: Learned<C>,
}

/// Whether `item` is still its state's entry (as in focal search: open, and not reached
/// more cheaply since it was queued).
fn current<S, C: Cost, N: NodeStore<S, Node<C>>>(store: &N, (slot, g, ..): Item<C>) -> bool {
    super::best_first::current(store, slot, g)
}

impl<'a, C: Cost, D> EesOpen<'a, C, D> {
    /// The open list of an EES search of weight `weight` (below 1 or NaN: 1) in `lists`,
    /// by the distance-to-go `distance`.
    pub(crate) fn new(weight: f64, lists: &'a mut EesLists<C>, distance: &'a D) -> Self {
        Self {
            weight: if weight >= 1.0 { weight } else { 1.0 },
            lists,
            distance,
            steps: false,
            least: None,
            learned: Learned::default(),
        }
    }

    /// Whether `x` (bits) is within `weight * least` (`least` itself always is).
    fn within(&self, x: Bits, least: f64) -> bool {
        x <= bits(least) || f64::from_bits(x) <= self.weight * least
    }

    /// The least `f^` of the open states, after dropping stale entries; `None` when no
    /// state is open.
    fn least_estimate<S, N: NodeStore<S, Node<C>>>(&mut self, store: &N) -> Option<f64> {
        loop {
            let &Reverse((f_hat, item)) = self.lists.by_estimate.peek()?;
            if current(store, item) {
                return Some(f64::from_bits(f_hat));
            }
            self.lists.by_estimate.pop();
        }
    }
}

impl<S, C, D, N> Open<S, C, N> for EesOpen<'_, C, D>
where
    C: Cost,
    D: MaybeDistance<S, C>,
    N: NodeStore<S, Node<C>>,
{
    fn push(&mut self, slot: Slot, (g, h, f): (C, C, C), state: &S) -> Result<(), CapacityError> {
        let distance = self.distance.distance(state);
        self.steps = distance.is_some();
        let d = distance.unwrap_or(h);
        if self.learned.parent.is_some() && self.learned.child.is_none_or(|c| (f, d) < (c.0, c.1)) {
            self.learned.child = Some((f, d, g, h));
        }
        let (f_hat, d_hat) = self.learned.corrected((g, h, d), self.steps);
        let (f_hat, d_hat, item) = (bits(f_hat), bits(d_hat), (slot, g, h, d));
        self.lists.cleanup.push(Reverse((f, item)))?;
        self.lists.by_estimate.push(Reverse((f_hat, item)))?;
        if self.least.is_some_and(|least| self.within(f_hat, least)) {
            self.lists.focal.push(Reverse((d_hat, f_hat, item)))
        } else {
            self.lists.waiting.push(Reverse((f_hat, d_hat, item)))
        }
    }

    fn pop(&mut self, store: &N) -> Result<Option<(Slot, C)>, CapacityError> {
        // The states queued since the last pop are the successors of the state it took.
        self.learned.fold(self.steps);
        // The state of least f (best_f), dropping stale entries.
        let (f_min, best_f) = loop {
            match self.lists.cleanup.peek() {
                None => return Ok(None),
                Some(&Reverse((f, item))) if current(store, item) => break (float(f), item),
                Some(_) => {
                    self.lists.cleanup.pop();
                }
            }
        };
        let Some(least) = self.least_estimate(store) else {
            unreachable!("an open state has an entry by f^ as well as by f");
        };
        self.least = Some(least);
        // The waiting states within W times the least f^ join the focal list.
        while let Some(&Reverse((f_hat, d_hat, item))) = self.lists.waiting.peek() {
            if !self.within(f_hat, least) {
                break;
            }
            self.lists.waiting.pop();
            if current(store, item) {
                self.lists.focal.push(Reverse((d_hat, f_hat, item)))?;
            }
        }
        // The head of the focal list (best_d); one beyond a bound that fell waits.
        let best_d = loop {
            let Some(&Reverse(entry @ (d_hat, f_hat, item))) = self.lists.focal.peek() else {
                break None;
            };
            if current(store, item) && self.within(f_hat, least) {
                break Some(entry);
            }
            self.lists.focal.pop();
            if current(store, item) {
                self.lists.waiting.push(Reverse((f_hat, d_hat, item)))?;
            }
        };
        let bound = self.weight * f_min;
        let (slot, g, h, d) = match best_d {
            Some((_, f_hat, item)) if f64::from_bits(f_hat) <= bound => {
                self.lists.focal.pop();
                item
            }
            _ if least <= bound => {
                let Some(Reverse((_, item))) = self.lists.by_estimate.pop() else {
                    unreachable!("least_estimate found an entry");
                };
                item
            }
            _ => {
                self.lists.cleanup.pop();
                best_f
            }
        };
        self.learned.parent = Some((g, h, d));
        Ok(Some((slot, g)))
    }

    fn len(&self) -> usize {
        self.lists.cleanup.len()
    }

    fn clear(&mut self) {
        self.lists.cleanup.clear();
        self.lists.by_estimate.clear();
        self.lists.waiting.clear();
        self.lists.focal.clear();
        self.least = None;
        self.learned = Learned::default();
    }

    fn memory_bytes(&self) -> usize {
        let lists = &*self.lists;
        lists.cleanup.capacity() * size_of::<Reverse<(C, Item<C>)>>()
            + lists.by_estimate.capacity() * size_of::<Reverse<(Bits, Item<C>)>>()
            + (lists.waiting.capacity() + lists.focal.capacity())
                * size_of::<Reverse<(Bits, Bits, Item<C>)>>()
    }
}

#[cfg(test)]
mod tests {
    use super::Learned;

    /// One expansion: the parent's `(g, h, d)` and its best child's.
    fn expand(learned: &mut Learned<u32>, parent: (u32, u32, u32), (g, h, d): (u32, u32, u32)) {
        learned.parent = Some(parent);
        learned.child = Some((g + h, d, g, h));
        learned.fold(true);
    }

    #[test]
    fn ees_corrects_by_the_mean_one_step_errors_and_never_below_the_given_estimates() {
        let mut learned = Learned::default();
        // Nothing learned yet: f^ = g + h and d^ = d.
        assert_eq!(learned.corrected((2, 5, 4), true), (7.0, 4.0));
        // Errors of h: 1 + 5 - 5 = 1, then 1 + 4 - 5 = 0; of d: 1 + 3 - 4 = 0, then
        // 1 + 3 - 3 = 1. Means 0.5 and 0.5: d^ = 4 / 0.5 = 8, h^ = 5 + 8 * 0.5 = 9.
        expand(&mut learned, (0, 5, 4), (1, 5, 3));
        expand(&mut learned, (1, 5, 3), (2, 4, 3));
        assert_eq!(learned.corrected((2, 5, 4), true), (11.0, 8.0));
        // A fold without a queued child learns nothing.
        learned.fold(true);
        assert_eq!(learned.count, 2);

        // Errors below zero (an h or d that falls faster than a step) are taken as zero.
        let mut learned = Learned::default();
        expand(&mut learned, (0, 5, 4), (1, 2, 1));
        assert_eq!(learned.corrected((2, 5, 4), true), (7.0, 4.0));

        // Without a distance-to-go, the error of h per unit of cost: (2 + 9 - 10) / 2 = 0.5,
        // so h^ = 5 / (1 - 0.5) = 10.
        let mut learned = Learned {
            parent: Some((0, 10, 10)),
            child: Some((11, 9, 2, 9)),
            ..Learned::default()
        };
        learned.fold(false);
        assert_eq!(learned.corrected((2, 5, 5), false), (12.0, 10.0));
    }
}
