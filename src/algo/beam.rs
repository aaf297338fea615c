//! Beam search: breadth-first by layers of one more step, keeping only the `K` states of
//! least `f = g + h` of each layer. Fast and small; it may miss every solution.

use core::num::NonZeroUsize;
use core::ops::ControlFlow;

use super::best_first::answer;
use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, StateSpace, estimated_total};
use crate::store::{NO_SLOT, NodeStore, Slot, Storage, try_push};

/// The bytes a dense store of beam search takes per state: a parent slot and a cost.
pub(crate) const RECORD_BYTES: usize = size_of::<(Slot, u64)>();

/// A successor kept for the next layer: `(f, h, slot)`.
type Candidate<C> = (C, C, Slot);

/// Beam search of width `width` over `space` from `starts` to a state satisfying
/// `is_goal`, with `storage`.
///
/// Every state reached is stored once (with its cheapest known parent), so a state kept in
/// an earlier layer or pruned from one is never kept again. Goals are tested when a state
/// is reached. When a layer keeps fewer than all of its candidates and the kept states
/// run out without a goal, the search ends with [`StopReason::Pruned`]; when nothing was
/// ever pruned, with [`Outcome::NoPath`] (the search was exhaustive). Dead ends and
/// estimates whose `g + h` does not fit are treated as in A*.
///
/// # Errors
///
/// A [`CapacityError`] when the store cannot be built (dense storage).
///
/// # Complexity
///
/// O(d K b log K) time for d layers of K states of b successors; O(d K b) space for the
/// states stored.
#[expect(
    clippy::too_many_arguments,
    reason = "the strategy's entry point; every argument is a part of the search"
)]
pub(crate) fn run<S, C, St, Sp, H, IsGoal, V>(
    width: NonZeroUsize,
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
    let mut store: St::Store<(Slot, C)> = storage.try_store()?;
    let mut stats = Stats {
        iterations: 1,
        ..Stats::default()
    };
    let mut beam = Beam {
        width: width.get(),
        best: (NO_SLOT, None),
    };
    let outcome = beam.search(
        &mut store,
        limits,
        space,
        starts,
        heuristic,
        &mut is_goal,
        visitor,
        &mut stats,
    );
    stats.stored = store.len();
    stats.memory = store.memory_bytes();
    let (outcome, partial) = answer(
        space,
        &store,
        (outcome, false),
        None,
        beam.best.0,
        |r| r.0,
        |r| r.1,
    );
    Ok(Search {
        outcome,
        stats,
        partial,
    })
}

/// A beam search in progress.
struct Beam<C> {
    width: usize,
    /// The most promising state reached: its slot and `(h, g)`.
    best: (Slot, Option<(C, C)>),
}

impl<C: Cost> Beam<C> {
    /// Records that `slot` was reached at cost `g` with estimate `h`.
    fn reached(&mut self, slot: Slot, h: C, g: C) {
        if self.best.1.is_none_or(|best| (h, g) < best) {
            self.best = (slot, Some((h, g)));
        }
    }

    #[expect(
        clippy::too_many_arguments,
        reason = "the search's loop; its state is all here"
    )]
    #[expect(
        clippy::too_many_lines,
        reason = "one layer's expansion, selection and stop checks"
    )]
    fn search<S, Sp, H, IsGoal, V>(
        &mut self,
        store: &mut impl NodeStore<S, (Slot, C)>,
        limits: &Limits<C>,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        heuristic: &H,
        is_goal: &mut IsGoal,
        visitor: &mut V,
        stats: &mut Stats,
    ) -> Result<Outcome<Slot>, StopReason>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        H: Heuristic<S, C> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
        V: Visitor<S, C>,
    {
        let mut layer: Vec<Slot> = Vec::new();
        let mut next: Vec<Candidate<C>> = Vec::new();
        for start in starts {
            let (slot, fresh) = store
                .insert(&start, (NO_SLOT, C::ZERO))
                .map_err(StopReason::Capacity)?;
            if !fresh {
                continue;
            }
            let h = heuristic.estimate(&start);
            self.reached(slot, h, C::ZERO);
            if is_goal(&start) {
                return Ok(Outcome::Found(slot));
            }
            if h.is_max() {
                continue; // a dead end
            }
            try_push(&mut layer, slot).map_err(StopReason::Capacity)?;
        }
        let (mut pruned, mut cut, mut overflowed) = (false, false, false);
        while !layer.is_empty() {
            next.clear();
            for &slot in &layer {
                limits.check(stats.expanded, || {
                    store.memory_bytes() + (layer.capacity() + next.capacity()) * 16
                })?;
                let state = store.state(slot);
                let g = store.value(slot).1;
                if let ControlFlow::Break(()) = visitor.visit(Event::Expanded {
                    state: &state,
                    cost: g,
                }) {
                    return Err(StopReason::Visitor);
                }
                stats.expanded += 1;
                let mut halt = None;
                let mut found = None;
                space.successors(&state, |child, step| {
                    if halt.is_some() || found.is_some() {
                        return;
                    }
                    stats.generated += 1;
                    if step.is_negative() {
                        halt = Some(StopReason::NegativeCost);
                        return;
                    }
                    let Some(cost) = g.checked_plus(step) else {
                        overflowed = true;
                        return;
                    };
                    let (child_slot, fresh) = match store.insert(&child, (slot, cost)) {
                        Ok(inserted) => inserted,
                        Err(error) => {
                            halt = Some(StopReason::Capacity(error));
                            return;
                        }
                    };
                    if !fresh {
                        // A cheaper way to a state reached before: keep it, but do not
                        // bring the state back into a beam.
                        let record = store.value_mut(child_slot);
                        if cost < record.1 {
                            *record = (slot, cost);
                        }
                        return;
                    }
                    let h = heuristic.estimate(&child);
                    self.reached(child_slot, h, cost);
                    if is_goal(&child) {
                        found = Some(child_slot);
                        return;
                    }
                    // A dead end, or a path too dear for the cost type.
                    let Some(f) = estimated_total(cost, h, &mut overflowed) else {
                        return;
                    };
                    if limits.exceeds_cost(f) {
                        cut = true;
                    } else if let Err(error) = try_push(&mut next, (f, h, child_slot)) {
                        halt = Some(StopReason::Capacity(error));
                    }
                });
                if let Some(reason) = halt {
                    return Err(reason);
                }
                if let Some(goal) = found {
                    return Ok(Outcome::Found(goal));
                }
            }
            if next.len() > self.width {
                next.select_nth_unstable_by(self.width - 1, |a, b| (a.0, a.1).cmp(&(b.0, b.1)));
                next.truncate(self.width);
                pruned = true;
            }
            stats.peak_open = stats.peak_open.max(next.len());
            layer.clear();
            layer.extend(next.iter().map(|&(_, _, slot)| slot));
        }
        Ok(if pruned {
            Outcome::Stopped(StopReason::Pruned)
        } else if cut {
            Outcome::Stopped(StopReason::Cost)
        } else if overflowed {
            Outcome::Stopped(StopReason::CostOverflow)
        } else {
            Outcome::NoPath
        })
    }
}
