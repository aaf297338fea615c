//! Anytime weighted A* (Hansen and Zhou 2007): weighted A* that goes on after its first
//! solution, pruning what cannot beat the best one, until the open list is empty and the
//! best solution is proven optimal.

use core::cmp::Reverse;
use core::ops::ControlFlow;
use std::collections::BinaryHeap;

use super::best_first::{ByWeighted, Node, Order, parent, traced};
use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::queue::try_push_heap;
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, StateSpace, estimated_total};
use crate::store::{NO_SLOT, NodeStore, Slot, Storage};

/// The bytes a dense store of anytime weighted A* takes per state.
pub(crate) const RECORD_BYTES: usize = size_of::<(Slot, u64, bool)>();

/// Anytime weighted A* with weight `weight`.
///
/// States leave the open list in order of `g + W h`. A goal taken from it becomes the best
/// solution when it is cheaper than the one before; the visitor sees
/// [`Event::Improved`] with its cost and the least `f = g + h` still open, a lower bound on
/// the optimum for an admissible heuristic. States whose `f` is not below the best cost are
/// pruned. When the open list runs dry, the best solution is optimal:
/// [`Outcome::Found`]. When a limit stops the search first, the outcome is the stop and
/// [`Search::partial`] holds the best solution found (or, before the first one, the path to
/// the most promising state).
///
/// # Errors
///
/// A [`CapacityError`] when the store cannot be built (dense storage).
///
/// # Complexity
///
/// Up to A*'s work, plus the states expanded before the bound tightens; O(V + E) space.
#[expect(
    clippy::too_many_arguments,
    reason = "the strategy's entry point; every argument is a part of the search"
)]
#[expect(
    clippy::too_many_lines,
    reason = "the weighted loop with its incumbent, pruning and lower bound"
)]
pub(crate) fn run<S, C, St, Sp, H, IsGoal, V>(
    weight: f64,
    storage: &St,
    limits: &Limits<C>,
    space: &Sp,
    starts: impl IntoIterator<Item = S>,
    heuristic: &H,
    mut is_goal: IsGoal,
    visitor: &mut V,
) -> Result<Search<Solution<S, C>>, CapacityError>
where
    C: Cost,
    St: Storage<S>,
    Sp: StateSpace<State = S, Cost = C> + ?Sized,
    H: Heuristic<S, C> + ?Sized,
    IsGoal: FnMut(&S) -> bool,
    V: Visitor<S, C>,
{
    let order = ByWeighted(weight);
    let mut store: St::Store<Node<C>> = storage.try_store()?;
    // The open list by weighted key, and by f for the lower bound (both lazy).
    let mut open = BinaryHeap::new();
    let mut by_f: BinaryHeap<Reverse<(C, Slot, C)>> = BinaryHeap::new();
    let mut stats = Stats {
        iterations: 1,
        ..Stats::default()
    };
    let mut incumbent: Option<Solution<S, C>> = None;
    let mut promising: (Slot, Option<(C, C)>) = (NO_SLOT, None);
    let (mut cut, mut overflowed) = (false, false);
    let mut stop = None;
    for start in starts {
        let h = heuristic.estimate(&start);
        let (slot, fresh) = match store.insert(&start, (NO_SLOT, C::ZERO, false)) {
            Ok(inserted) => inserted,
            Err(error) => return Ok(Search::stopped_before_start(error)),
        };
        if promising.1.is_none_or(|p| (h, C::ZERO) < p) {
            promising = (slot, Some((h, C::ZERO)));
        }
        if fresh && let Some(f) = estimated_total(C::ZERO, h, &mut overflowed) {
            if limits.exceeds_cost(f) {
                cut = true;
            } else if let Err(error) =
                try_push_heap(&mut open, Reverse((order.key(C::ZERO, h, f), slot)))
                    .and_then(|()| try_push_heap(&mut by_f, Reverse((f, slot, C::ZERO))))
            {
                return Ok(Search::stopped_before_start(error));
            }
        }
    }
    let beats = |incumbent: &Option<Solution<S, C>>, f: C| {
        incumbent.as_ref().is_none_or(|best| f < best.cost)
    };
    while let Some(Reverse((key, slot))) = open.pop() {
        stats.peak_open = stats.peak_open.max(open.len() + 1);
        let g = <ByWeighted as Order<C>>::g(key);
        let &(_, best_g, closed) = store.value(slot);
        if closed || best_g != g {
            continue;
        }
        store.value_mut(slot).2 = true;
        let state = store.state(slot);
        let h = heuristic.estimate(&state);
        if g.checked_plus(h).is_none_or(|f| !beats(&incumbent, f)) {
            continue; // it cannot lead to a better solution
        }
        if is_goal(&state) {
            let solution = traced(space, &store, slot, parent, g);
            let g = solution.cost;
            incumbent = Some(solution);
            let lower = lower_bound(&mut by_f, &store, g);
            let event = Event::Improved {
                cost: g,
                lower_bound: lower,
                stats: &stats,
            };
            if visitor.visit(event).is_break() {
                stop = Some(StopReason::Visitor);
                break;
            }
            continue;
        }
        if let Err(reason) = limits.check(stats.expanded, || {
            store.memory_bytes() + (open.capacity() + by_f.capacity()) * 24
        }) {
            stop = Some(reason);
            break;
        }
        if let ControlFlow::Break(()) = visitor.visit(Event::Expanded {
            state: &state,
            cost: g,
        }) {
            stop = Some(StopReason::Visitor);
            break;
        }
        stats.expanded += 1;
        let mut halt = None;
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
            let (next_slot, fresh) = match store.insert(&next, (slot, cost, false)) {
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
                if node.2 {
                    stats.reopened += 1;
                    let event = Event::Reopened { state: &next, cost };
                    if visitor.visit(event).is_break() {
                        halt = Some(StopReason::Visitor);
                    }
                }
                *node = (slot, cost, false);
            }
            let h = heuristic.estimate(&next);
            if promising.1.is_none_or(|p| (h, cost) < p) {
                promising = (next_slot, Some((h, cost)));
            }
            // A dead end, or a path too dear for the cost type.
            let Some(f) = estimated_total(cost, h, &mut overflowed) else {
                return;
            };
            if !beats(&incumbent, f) {
                return;
            }
            if limits.exceeds_cost(f) {
                cut = true;
                return;
            }
            if let Err(error) =
                try_push_heap(&mut open, Reverse((order.key(cost, h, f), next_slot)))
                    .and_then(|()| try_push_heap(&mut by_f, Reverse((f, next_slot, cost))))
            {
                halt = Some(StopReason::Capacity(error));
            }
        });
        if let Some(reason) = halt {
            stop = Some(reason);
            break;
        }
    }
    stats.stored = store.len();
    stats.memory = store.memory_bytes() + (open.capacity() + by_f.capacity()) * 24;
    Ok(match (stop, incumbent) {
        (Some(reason), incumbent) => {
            let partial = incumbent.or_else(|| {
                (promising.0 != NO_SLOT).then(|| {
                    let recorded = store.value(promising.0).1;
                    traced(space, &store, promising.0, parent, recorded)
                })
            });
            Search {
                outcome: Outcome::Stopped(reason),
                stats,
                partial,
            }
        }
        (None, Some(best)) => Search::new(Outcome::Found(best), stats),
        (None, None) if cut => Search::new(Outcome::Stopped(StopReason::Cost), stats),
        (None, None) if overflowed => {
            Search::new(Outcome::Stopped(StopReason::CostOverflow), stats)
        }
        (None, None) => Search::new(Outcome::NoPath, stats),
    })
}

/// The least `f` still open, capped by `best` (the incumbent's cost): a lower bound on
/// the optimum. Drops the stale entries it meets.
fn lower_bound<S, C: Cost>(
    by_f: &mut BinaryHeap<Reverse<(C, Slot, C)>>,
    store: &impl NodeStore<S, Node<C>>,
    best: C,
) -> C {
    while let Some(&Reverse((f, slot, g))) = by_f.peek() {
        let &(_, node_g, closed) = store.value(slot);
        if closed || node_g != g {
            by_f.pop();
            continue;
        }
        return f.min(best);
    }
    best
}
