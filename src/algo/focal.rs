//! Focal search (A*ε, Pearl and Kim 1982): among the open states whose `f = g + h` is at
//! most `W` times the least open `f`, expand the one with the least distance-to-go. With an
//! admissible heuristic the cost found is at most `W` times the optimum.

use core::cmp::Reverse;
use core::ops::ControlFlow;
use std::collections::BinaryHeap;

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

/// An entry of a list by `f`: least `f` first, then least slot; with the `g` it was made
/// with.
type ByF<C> = Reverse<(C, Slot, C)>;

/// Focal search with weight `weight` (at least 1) and secondary estimate `distance` (the
/// heuristic when it gives `None`).
///
/// The open list is kept in three heaps with lazy deletion (an entry whose state was
/// expanded or reached more cheaply since is dropped when it surfaces): every open state by
/// `f`, which gives the least open `f`; the open states not in the focal list by `f`, which
/// enter it as its bound `W f_min` grows; and the focal list, by distance-to-go. A state
/// taken from the focal list beyond a bound that fell goes back to wait for it. The goal
/// is tested when a state is taken from the focal list. Closed states reached more cheaply
/// are reopened, as in A*. Dead ends and
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
        store: storage.try_store()?,
        lists: Lists {
            weight,
            by_f: BinaryHeap::new(),
            waiting: BinaryHeap::new(),
            focal: BinaryHeap::new(),
        },
        open: 0,
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
    stats.memory = search.memory_bytes();
    let best = search.best.0;
    let (outcome, partial) = answer(
        space,
        store,
        (outcome, false),
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
    store: St,
    lists: Lists<C>,
    /// The number of open states.
    open: usize,
    /// The most promising state reached: its slot and `(h, g)`.
    best: (Slot, Option<(C, C)>),
}

/// The open states, in three heaps with lazy deletion.
struct Lists<C> {
    weight: f64,
    /// Every open state.
    by_f: BinaryHeap<ByF<C>>,
    /// The open states that wait for the focal bound to reach their `f`.
    waiting: BinaryHeap<ByF<C>>,
    focal: BinaryHeap<FocalEntry<C>>,
}

impl<C: Cost> Lists<C> {
    /// Whether `f` is within the focal bound `weight * f_min` (`f_min` itself always is).
    fn within(&self, f: C, f_min: C) -> bool {
        f <= f_min
            || f.to_f64().unwrap_or(f64::INFINITY) <= self.weight * f_min.to_f64().unwrap_or(0.0)
    }

    /// Queues an open state of slot `slot`, cost `g` and estimate `f`: in the focal list
    /// when `f` is within the bound of `f_min` (with the distance-to-go `distance()`),
    /// else waiting.
    fn queue(
        &mut self,
        slot: Slot,
        g: C,
        f: C,
        f_min: Option<C>,
        distance: impl FnOnce() -> C,
    ) -> Result<(), CapacityError> {
        try_push_heap(&mut self.by_f, Reverse((f, slot, g)))?;
        if f_min.is_some_and(|f_min| self.within(f, f_min)) {
            try_push_heap(&mut self.focal, Reverse((distance(), f, slot, g)))
        } else {
            try_push_heap(&mut self.waiting, Reverse((f, slot, g)))
        }
    }

    fn memory_bytes(&self) -> usize {
        (self.by_f.capacity() + self.waiting.capacity()) * size_of::<ByF<C>>()
            + self.focal.capacity() * size_of::<FocalEntry<C>>()
    }
}

/// Whether an entry of `slot` made with cost `g` is still its state's: open and not
/// reached more cheaply since.
fn current<S, C: Cost, N: NodeStore<S, Node<C>>>(store: &N, slot: Slot, g: C) -> bool {
    let &(_, best_g, _, closed) = store.value(slot);
    !closed && best_g == g
}

impl<C: Cost, St> FocalSearch<C, St> {
    /// The heap memory of the store and the lists, in bytes.
    fn memory_bytes<S>(&self) -> usize
    where
        St: NodeStore<S, Node<C>>,
    {
        self.store.memory_bytes() + self.lists.memory_bytes()
    }

    /// Brings the focal list up to the bound of the least open `f`; returns it, or an
    /// error when the focal list cannot grow.
    fn refill<S, D>(&mut self, distance: &D) -> Result<Option<C>, CapacityError>
    where
        St: NodeStore<S, Node<C>>,
        D: Fn(&S) -> Option<C>,
    {
        let lists = &mut self.lists;
        let f_min = loop {
            match lists.by_f.peek() {
                None => return Ok(None),
                Some(&Reverse((f, slot, g))) if current(&self.store, slot, g) => break f,
                Some(_) => {
                    lists.by_f.pop();
                }
            }
        };
        while let Some(&Reverse((f, slot, g))) = lists.waiting.peek() {
            if !lists.within(f, f_min) {
                break;
            }
            lists.waiting.pop();
            if current(&self.store, slot, g) {
                let h = self.store.value(slot).2;
                let d = distance(&self.store.state(slot)).unwrap_or(h);
                try_push_heap(&mut lists.focal, Reverse((d, f, slot, g)))?;
            }
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
                    self.open += 1;
                    self.lists
                        .queue(slot, C::ZERO, f, None, || h)
                        .map_err(StopReason::Capacity)?;
                }
            }
        }
        while let Some(f_min) = self.refill(distance).map_err(StopReason::Capacity)? {
            // The least open state is in the focal list now: each open state is in the
            // focal list or waiting, and the refill moved those within the bound.
            let Some(Reverse((_, f, slot, g))) = self.lists.focal.pop() else {
                unreachable!("the least open f is within its own focal bound");
            };
            if !current(&self.store, slot, g) {
                continue; // stale
            }
            if !self.lists.within(f, f_min) {
                // Beyond a bound that fell: it waits for the bound to reach it again.
                try_push_heap(&mut self.lists.waiting, Reverse((f, slot, g)))
                    .map_err(StopReason::Capacity)?;
                continue;
            }
            stats.peak_open = stats.peak_open.max(self.open);
            self.open -= 1;
            self.store.value_mut(slot).3 = true;
            let state = self.store.state(slot);
            if is_goal(&state) {
                return Ok(Outcome::Found(slot));
            }
            limits.check(stats.expanded, || self.memory_bytes())?;
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
                lists,
                open,
                best,
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
                // Whether the state is open already (counted, with an entry that is stale now).
                let mut was_open = false;
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
                    } else {
                        // Queued when it was reached, unless it was a dead end, too dear for
                        // the cost type or beyond the cost limit.
                        was_open = !node.2.is_max()
                            && node
                                .1
                                .checked_plus(node.2)
                                .is_some_and(|old_f| !limits.exceeds_cost(old_f));
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
                if !was_open {
                    *open += 1;
                }
                let d = || distance(&next).unwrap_or(h);
                if let Err(error) = lists.queue(next_slot, cost, f, Some(f_min), d) {
                    halt = Some(StopReason::Capacity(error));
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
