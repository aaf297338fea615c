//! Focal search (A*ε, Pearl and Kim 1982): among the open states whose `f = g + h` is at
//! most `W` times the least open `f`, expand the one with the least distance-to-go. With an
//! admissible heuristic the cost found is at most `W` times the optimum.
//!
//! It is the best-first loop ([`best_first`](super::best_first)) with the focal lists as
//! its open list: the relax step, reopening, limits and answers are A*'s.

use core::cmp::Reverse;

use super::best_first::{LeastF, Node, Open, current, lists_engine};
use super::engine::{Setup, engine_setup, parameter_constructors};
use crate::error::CapacityError;
use crate::problem::MaybeDistance;
use crate::queue::Heap;
use crate::space::Cost;
use crate::store::{Hashed, NodeStore, Slot};

/// An entry of the list that waits for the focal bound: `(f, slot, g, d)`, least `f`
/// first, with the distance-to-go `d`.
type Waiting<C> = Reverse<(C, Slot, C, C)>;

/// An entry of the focal list: `(d, f, slot, g)`, least distance-to-go first, then least
/// `f`.
type InFocus<C> = Reverse<(C, C, Slot, C)>;

/// Focal search: A* that expands, among the open states whose `f = g + h` is at most `W`
/// times the least open `f`, the one nearest a goal by the problem's distance-to-go
/// ([`Problem::distance_to_go`](crate::Problem::distance_to_go); the heuristic when the
/// problem has none).
///
/// With an admissible heuristic the cost found is at most `W` times the optimum: every
/// state expanded has `f <= W f_min`, and some open state on an optimal path has `f` at
/// most the optimum. A weight below 1 (or NaN) acts as 1: the search is then A* that
/// breaks ties among the states of least `f` by distance-to-go. Costs must be numbers
/// ([`Cost::to_f64`]): the bound `W f_min` is computed in floating point.
///
/// The open list is kept in three heaps with lazy deletion (an entry whose state was
/// expanded or reached more cheaply since is dropped when it surfaces): every open state by
/// `f`, which gives `f_min`; the open states not in the focal list by `f`, which enter it as
/// the bound grows; and the focal list, by distance-to-go, then `f`. A state taken from the
/// focal list beyond a bound that fell goes back to wait for it. The goal is tested when a
/// state is taken from the focal list. Closed states reached more cheaply are reopened (so
/// the bound holds with a heuristic that is only admissible; on a grid with many paths of
/// one cost the reopenings can be most of the expansions, many times A*'s: watch
/// [`Stats::reopened`](crate::Stats::reopened)),
/// dead ends and estimates whose `g + h` does not fit are treated, and the visitor sees
/// the same events, as in [`AStar`](crate::AStar), whose loop this is.
///
/// # Complexity
///
/// O(X b log V) time and O(V + E) space for the V states and E steps reached, X
/// expansions of b successors each: X is V when no state is reopened, which a weight above
/// 1 does not rule out even with a consistent heuristic.
///
/// # Examples
///
/// ```
/// use state_search::{Focal, Problem, Solver};
///
/// // From 1 to 40 by +1 (cost 1) or x2 (cost 3); h is admissible: a state below 40 needs
/// // at least one more step.
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)]);
/// let problem = Problem::new(&space, [1], |&n| n == 40).heuristic(|&n: &u32| u32::from(n < 40));
/// let found = Focal::new(1.5).search(&problem).into_found().unwrap();
/// assert!(found.cost <= 13 * 3 / 2); // the optimum is 13: 1 2 3 4 5 10 20 40
/// assert_eq!(found.path.last(), Some(&40));
/// ```
#[derive(Clone, Debug)]
pub struct Focal<C, St = Hashed> {
    setup: Setup<St, C>,
    weight: f64,
}

engine_setup!(Focal<C, St>, cost C);

parameter_constructors!(Focal, weight: f64 = weight, "The weight `W`.");

lists_engine!(Focal, FocalLists, FocalOpen);

/// The open lists of a [`Focal`] search, kept in its scratch from search to search.
pub struct FocalLists<C> {
    /// Every open state, by `f`.
    by_f: LeastF<C>,
    /// The open states that wait for the focal bound to reach their `f`.
    waiting: Heap<Waiting<C>>,
    /// The open states within the bound, by distance-to-go, then `f`.
    focal: Heap<InFocus<C>>,
}

impl<C: Ord> Default for FocalLists<C> {
    fn default() -> Self {
        Self {
            by_f: LeastF::default(),
            waiting: Heap::new(),
            focal: Heap::new(),
        }
    }
}

impl<C> core::fmt::Debug for FocalLists<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FocalLists")
            .field("open", &self.by_f.len())
            .field("focal", &self.focal.len())
            .finish_non_exhaustive()
    }
}

/// The focal lists as the open list of one search: the weight, the problem's
/// distance-to-go, and the least open `f` at the last pop (the bound new states are
/// queued by).
pub(crate) struct FocalOpen<'a, C, D> {
    weight: f64,
    lists: &'a mut FocalLists<C>,
    distance: &'a D,
    f_min: Option<C>,
}

impl<'a, C: Cost, D> FocalOpen<'a, C, D> {
    /// The open list of a focal search of weight `weight` in `lists`, by the
    /// distance-to-go `distance`.
    pub(crate) fn new(weight: f64, lists: &'a mut FocalLists<C>, distance: &'a D) -> Self {
        Self {
            weight,
            lists,
            distance,
            f_min: None,
        }
    }

    /// Whether `f` is within the focal bound `weight * f_min` (`f_min` itself always is).
    fn within(&self, f: C, f_min: C) -> bool {
        f <= f_min
            || f.to_f64().unwrap_or(f64::INFINITY) <= self.weight * f_min.to_f64().unwrap_or(0.0)
    }
}

impl<S, C, D, N> Open<S, C, N> for FocalOpen<'_, C, D>
where
    C: Cost,
    D: MaybeDistance<S, C>,
    N: NodeStore<S, Node<C>>,
{
    fn push(&mut self, slot: Slot, (g, h, f): (C, C, C), state: &S) -> Result<(), CapacityError> {
        self.lists.by_f.push(f, slot, g)?;
        let d = self.distance.distance(state).unwrap_or(h);
        if self.f_min.is_some_and(|f_min| self.within(f, f_min)) {
            self.lists.focal.push(Reverse((d, f, slot, g)))
        } else {
            self.lists.waiting.push(Reverse((f, slot, g, d)))
        }
    }

    fn pop(&mut self, store: &N) -> Result<Option<(Slot, C)>, CapacityError> {
        loop {
            let Some(f_min) = self.lists.by_f.least(|slot, g| current(store, slot, g)) else {
                return Ok(None);
            };
            self.f_min = Some(f_min);
            // The waiting states within the bound join the focal list.
            while let Some(&Reverse((f, slot, g, d))) = self.lists.waiting.peek() {
                if !self.within(f, f_min) {
                    break;
                }
                self.lists.waiting.pop();
                if current(store, slot, g) {
                    self.lists.focal.push(Reverse((d, f, slot, g)))?;
                }
            }
            // The least open state is in the focal list now: each open state is in the
            // focal list or waiting, and the refill moved those within the bound.
            let Some(Reverse((d, f, slot, g))) = self.lists.focal.pop() else {
                unreachable!("the least open f is within its own focal bound");
            };
            if !current(store, slot, g) {
                continue; // stale
            }
            if !self.within(f, f_min) {
                // Beyond a bound that fell: it waits for the bound to reach it again.
                self.lists.waiting.push(Reverse((f, slot, g, d)))?;
                continue;
            }
            return Ok(Some((slot, g)));
        }
    }

    fn len(&self) -> usize {
        self.lists.by_f.len()
    }

    fn clear(&mut self) {
        self.lists.by_f.clear();
        self.lists.waiting.clear();
        self.lists.focal.clear();
        self.f_min = None;
    }

    fn memory_bytes(&self) -> usize {
        let lists = &*self.lists;
        lists.by_f.memory_bytes()
            + lists.waiting.capacity() * size_of::<Waiting<C>>()
            + lists.focal.capacity() * size_of::<InFocus<C>>()
    }
}
