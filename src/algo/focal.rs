//! Focal search (A*ε, Pearl and Kim 1982): among the open states whose `f = g + h` is at
//! most `W` times the least open `f`, expand the one with the least distance-to-go. With an
//! admissible heuristic the cost found is at most `W` times the optimum.

use core::cmp::Reverse;
use core::ops::ControlFlow;
use std::collections::{BTreeSet, BinaryHeap};

use super::best_first::answer;
use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::queue::try_push_heap;
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, StateSpace, estimated_total};
use crate::store::{NO_SLOT, NodeStore, Slot, Storage};

/// What focal search records per state: `(parent, g, h, closed)`.
type Node<C> = (Slot, C, C, bool);

/// The bytes a dense store of focal search takes per state.
pub(crate) const RECORD_BYTES: usize = size_of::<(Slot, u64, u64, bool)>();

/// An entry of the focal list: least distance-to-go first, then least `f`; the `g` it was
/// made with tells stale entries apart.
type FocalEntry<C> = Reverse<(C, C, Slot, C)>;

/// Focal search with weight `weight` (at least 1) and secondary estimate `distance` (the
/// heuristic when it gives `None`).
///
/// The open list is kept twice: ordered by `f`, which gives the least open `f` and the
/// states that enter the focal list as it grows, and the focal list itself, a heap ordered
/// by distance-to-go with lazy deletion. The goal is tested when a state is taken from the
/// focal list. Closed states reached more cheaply are reopened, as in A*. Dead ends and
/// estimates whose `g + h` does not fit are treated as in A*. Costs must be numbers
/// ([`Cost::to_f64`]): the bound `W f` is computed in floating point.
///
/// # Errors
///
/// A [`CapacityError`] when the store cannot be built (dense storage).
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space for the V states and E steps reached, with a
/// consistent heuristic.
#[expect(
    clippy::too_many_arguments,
    reason = "the strategy's entry point; every argument is a part of the search"
)]
pub(crate) fn run<S, C, St, Sp, H, D, IsGoal, V>(
    weight: f64,
    storage: &St,
    limits: &Limits<C>,
    space: &Sp,
    starts: impl IntoIterator<Item = S>,
    heuristic: &H,
    distance: D,
    mut is_goal: IsGoal,
    visitor: &mut V,
) -> Result<Search<Solution<S, C>>, CapacityError>
where
    C: Cost,
    St: Storage<S>,
    Sp: StateSpace<State = S, Cost = C> + ?Sized,
    H: Heuristic<S, C> + ?Sized,
    D: Fn(&S) -> Option<C>,
    IsGoal: FnMut(&S) -> bool,
    V: Visitor<S, C>,
{
    let mut search = FocalSearch {
        weight,
        store: storage.try_store()?,
        open: BTreeSet::new(),
        focal: BinaryHeap::new(),
        included: None,
        best: (NO_SLOT, None),
    };
    let mut stats = Stats {
        iterations: 1,
        ..Stats::default()
    };
    let outcome = search.explore(
        limits,
        space,
        starts,
        heuristic,
        &distance,
        &mut is_goal,
        visitor,
        &mut stats,
    );
    let store = &search.store;
    stats.stored = store.len();
    stats.memory = store.memory_bytes()
        + search.open.len() * size_of::<(C, Slot)>() * 3
        + search.focal.capacity() * size_of::<FocalEntry<C>>();
    let best = search.best.0;
    let (outcome, partial) = answer(
        space,
        store,
        outcome,
        None,
        best,
        |n: &Node<C>| n.0,
        |n| n.1,
    );
    Ok(Search {
        outcome,
        stats,
        partial,
    })
}

/// A focal search in progress.
struct FocalSearch<C, St> {
    weight: f64,
    store: St,
    /// The open states by `(f, slot)`.
    open: BTreeSet<(C, Slot)>,
    focal: BinaryHeap<FocalEntry<C>>,
    /// The largest `f` the focal list was filled up to.
    included: Option<C>,
    /// The most promising state reached: its slot and `(h, g)`.
    best: (Slot, Option<(C, C)>),
}

impl<C: Cost, St> FocalSearch<C, St> {
    /// Whether `f` is within the focal bound `weight * f_min`.
    fn within(&self, f: C, f_min: C) -> bool {
        f.to_f64().unwrap_or(f64::INFINITY) <= self.weight * f_min.to_f64().unwrap_or(0.0)
    }

    /// Brings the focal list up to the bound of the least open `f`; returns it, or an
    /// error when the focal list cannot grow.
    fn refill<S, D>(&mut self, distance: &D) -> Result<Option<C>, CapacityError>
    where
        St: NodeStore<S, Node<C>>,
        D: Fn(&S) -> Option<C>,
    {
        let Some(&(f_min, _)) = self.open.first() else {
            return Ok(None);
        };
        let from = self.included.filter(|&inc| self.within(inc, f_min));
        // Entries beyond the bound, left from a higher one, are dropped when they surface;
        // the states stay open and come back when the bound reaches them again.
        let newly: Vec<(C, Slot)> = match from {
            Some(inc) => self
                .open
                .range((inc, Slot::MAX)..)
                .skip_while(|&&(f, _)| f == inc)
                .take_while(|&&(f, _)| self.within(f, f_min))
                .copied()
                .collect(),
            None => self
                .open
                .iter()
                .take_while(|&&(f, _)| self.within(f, f_min))
                .copied()
                .collect(),
        };
        for &(f, slot) in &newly {
            let &(_, g, h, _) = self.store.value(slot);
            let d = distance(&self.store.state(slot)).unwrap_or(h);
            try_push_heap(&mut self.focal, Reverse((d, f, slot, g)))?;
            self.included = Some(self.included.map_or(f, |inc| inc.max(f)));
        }
        if from.is_none() {
            // The bound fell (an inconsistent heuristic reopened a state): refilled from
            // the least f up to it.
            self.included = newly.last().map(|&(f, _)| f);
        }
        Ok(Some(f_min))
    }

    #[expect(
        clippy::too_many_arguments,
        reason = "the search's loop; its state is all here"
    )]
    #[expect(
        clippy::too_many_lines,
        reason = "the open list, the focal list and the successors in one loop"
    )]
    fn explore<S, Sp, H, D, IsGoal, V>(
        &mut self,
        limits: &Limits<C>,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        heuristic: &H,
        distance: &D,
        is_goal: &mut IsGoal,
        visitor: &mut V,
        stats: &mut Stats,
    ) -> Result<Outcome<Slot>, StopReason>
    where
        St: NodeStore<S, Node<C>>,
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        H: Heuristic<S, C> + ?Sized,
        D: Fn(&S) -> Option<C>,
        IsGoal: FnMut(&S) -> bool,
        V: Visitor<S, C>,
    {
        let (mut cut, mut overflowed) = (false, false);
        for start in starts {
            let h = heuristic.estimate(&start);
            let (slot, fresh) = self
                .store
                .insert(&start, (NO_SLOT, C::ZERO, h, false))
                .map_err(StopReason::Capacity)?;
            if self.best.1.is_none_or(|best| (h, C::ZERO) < best) {
                self.best = (slot, Some((h, C::ZERO)));
            }
            if fresh && let Some(f) = estimated_total(C::ZERO, h, &mut overflowed) {
                if limits.exceeds_cost(f) {
                    cut = true;
                } else {
                    self.open.insert((f, slot));
                }
            }
        }
        while let Some(f_min) = self.refill(distance).map_err(StopReason::Capacity)? {
            let Some(Reverse((_, f, slot, g))) = self.focal.pop() else {
                // Every focal entry was stale: refill from the open list.
                self.included = None;
                continue;
            };
            let &(_, best_g, _, closed) = self.store.value(slot);
            if closed || best_g != g || !self.open.contains(&(f, slot)) {
                continue; // stale
            }
            if !self.within(f, f_min) {
                continue; // beyond a fallen bound: it stays open
            }
            stats.peak_open = stats.peak_open.max(self.open.len());
            self.open.remove(&(f, slot));
            self.store.value_mut(slot).3 = true;
            let state = self.store.state(slot);
            if is_goal(&state) {
                return Ok(Outcome::Found(slot));
            }
            limits.check(stats.expanded, || {
                self.store.memory_bytes() + self.open.len() * 48
            })?;
            if let ControlFlow::Break(()) = visitor.visit(Event::Expanded {
                state: &state,
                cost: g,
            }) {
                return Err(StopReason::Visitor);
            }
            stats.expanded += 1;
            let mut halt = None;
            let FocalSearch {
                store,
                open,
                focal,
                included,
                best,
                ..
            } = self;
            space.successors(&state, |next, step| {
                stats.generated += 1;
                if halt.is_some() {
                    return;
                }
                if step.is_negative() {
                    halt = Some(StopReason::NegativeCost);
                    return;
                }
                let Some(cost) = g.checked_plus(step) else {
                    overflowed = true;
                    return;
                };
                let h = heuristic.estimate(&next);
                let (next_slot, fresh) = match store.insert(&next, (slot, cost, h, false)) {
                    Ok(inserted) => inserted,
                    Err(error) => {
                        halt = Some(StopReason::Capacity(error));
                        return;
                    }
                };
                if !fresh {
                    let node = store.value_mut(next_slot);
                    if cost >= node.1 {
                        return;
                    }
                    if node.3 {
                        stats.reopened += 1;
                        let event = Event::Reopened { state: &next, cost };
                        if visitor.visit(event).is_break() {
                            halt = Some(StopReason::Visitor);
                        }
                    } else if let Some(old_f) = node.1.checked_plus(node.2) {
                        open.remove(&(old_f, next_slot));
                    }
                    *node = (slot, cost, h, false);
                }
                if best.1.is_none_or(|b| (h, cost) < b) {
                    *best = (next_slot, Some((h, cost)));
                }
                // A dead end, or a path too dear for the cost type.
                let Some(f) = estimated_total(cost, h, &mut overflowed) else {
                    return;
                };
                if limits.exceeds_cost(f) {
                    cut = true;
                    return;
                }
                open.insert((f, next_slot));
                if included.is_some_and(|inc| f <= inc) {
                    let d = distance(&next).unwrap_or(h);
                    if let Err(error) = try_push_heap(focal, Reverse((d, f, next_slot, cost))) {
                        halt = Some(StopReason::Capacity(error));
                    }
                }
            });
            if let Some(reason) = halt {
                return Err(reason);
            }
        }
        Ok(if cut {
            Outcome::Stopped(StopReason::Cost)
        } else if overflowed {
            Outcome::Stopped(StopReason::CostOverflow)
        } else {
            Outcome::NoPath
        })
    }
}
