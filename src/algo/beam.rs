//! Beam search: breadth-first by layers of one more step, keeping only the `K` states of
//! least `f = g + h` of each layer. Fast and small; it may miss every solution.

use core::num::NonZeroUsize;

use super::best_first::answer;
use super::engine::{
    Engine, Setup, engine_setup, expanding, extended, parameter_constructors, stored_solver,
};
use crate::error::CapacityError;
use crate::event::Visitor;
use crate::problem::StateOf;
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, StateSpace, estimated_total};
use crate::store::{Hashed, NO_SLOT, NodeStore, Slot, Storage, try_push};

/// The record of a state: its parent slot and its cost.
type Record<C> = (Slot, C);

/// A successor kept for the next layer: `(f, h, slot)`.
type Candidate<C> = (C, C, Slot);

/// Beam search: breadth-first by layers of one more step, keeping only the `K` states of
/// least `f = g + h` of each layer (ties: least `h`). Fast and small; it may miss every
/// solution.
///
/// Every state reached is stored once (with its cheapest known parent), so a state kept in
/// an earlier layer or pruned from one is never kept again. Goals are tested when a state
/// is reached. When a layer keeps fewer than all of its candidates and the kept states
/// run out without a goal, the search ends with [`StopReason::Pruned`]; when nothing was
/// ever pruned, with [`Outcome::NoPath`] (the search was exhaustive). Dead ends and
/// estimates whose `g + h` does not fit are treated as in [`AStar`](crate::AStar). The
/// cost reported is the path's, traced through the successors (a state reached more
/// cheaply after it was kept passes the saving on to no state after it).
///
/// # Complexity
///
/// O(d K b log K) time for d layers of K states of b successors; O(d K b) space for the
/// states stored.
///
/// # Examples
///
/// ```
/// use core::num::NonZeroUsize;
/// use state_search::{Beam, Outcome, Problem, Solver};
///
/// let space = state_search::from_fn(|&n: &i32| [(n + 1, 1u32), (n - 1, 1), (n + 5, 4)]);
/// let h = |&n: &i32| (30 - n).unsigned_abs() / 4;
/// let problem = Problem::new(&space, [0], |&n| n == 30).heuristic(h);
/// let wide = Beam::new(NonZeroUsize::new(8).unwrap()).search(&problem);
/// assert_eq!(wide.found().unwrap().path.last(), Some(&30));
/// ```
#[derive(Clone, Debug)]
pub struct Beam<C, St = Hashed> {
    setup: Setup<St, C>,
    width: NonZeroUsize,
}

engine_setup!(Beam<C, St>, cost C);

parameter_constructors!(Beam, width: NonZeroUsize = width, "The width `K`.");

/// The buffers of a [`Beam`] search: the store of the states reached, and the layers.
pub struct BeamScratch<S, C: Cost, St: Storage<S>> {
    store: St::Store<Record<C>>,
    layer: Vec<Slot>,
    next: Vec<Candidate<C>>,
}

crate::store::reusable_scratch!(BeamScratch<S, C>, store);

impl<S, C: Cost, St: Storage<S>> BeamScratch<S, C, St> {
    /// The heap memory of the store and the layers, in bytes.
    fn memory_bytes(&self) -> usize {
        self.store.memory_bytes() + layers_memory(&self.layer, &self.next)
    }
}

impl<S, C: Cost, St: Storage<S>> core::fmt::Debug for BeamScratch<S, C, St> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BeamScratch")
            .field("stored", &self.store.len())
            .finish_non_exhaustive()
    }
}

impl<S, C: Cost, St: Storage<S>> Engine<S> for Beam<C, St> {
    type Scratch = BeamScratch<S, C, St>;

    fn scratch(&self) -> Result<Self::Scratch, CapacityError> {
        Ok(BeamScratch {
            store: self.setup.storage.try_store()?,
            layer: Vec::new(),
            next: Vec::new(),
        })
    }
}

stored_solver!(
    Beam -> Search<Solution<StateOf<P>, C>>,
    |engine, scratch, problem, visitor| {
        let limits = engine.setup.limits.started();
        let BeamScratch { store, layer, next } = scratch;
        store.clear();
        let mut stats = Stats {
            iterations: 1,
            ..Stats::default()
        };
        let mut beam = BeamSearch {
            width: engine.width.get(),
            best: (NO_SLOT, None),
            layer,
            next,
        };
        let space = problem.space();
        let outcome = beam.search(
            store,
            &limits,
            space,
            problem.starts().iter().cloned(),
            problem.heuristic(),
            &mut |s: &StateOf<P>| problem.is_goal(s),
            visitor,
            &mut stats,
        );
        stats.stored = store.len();
        stats.memory = store.memory_bytes() + layers_memory(beam.layer, beam.next);
        let best = beam.best.0;
        let (outcome, partial) = answer(
            space,
            &*store,
            (outcome, false),
            None,
            best,
            |r| r.0,
            |r| r.1,
        );
        Search {
            outcome,
            stats,
            partial,
        }
    }
);

/// Records in `best` (the most promising state: its slot and `(h, g)`) that `slot` was
/// reached at cost `g` with estimate `h`.
fn reached<C: Cost>(best: &mut (Slot, Option<(C, C)>), slot: Slot, h: C, g: C) {
    if best.1.is_none_or(|known| (h, g) < known) {
        *best = (slot, Some((h, g)));
    }
}

/// A beam search in progress.
struct BeamSearch<'a, C> {
    width: usize,
    /// The most promising state reached: its slot and `(h, g)`.
    best: (Slot, Option<(C, C)>),
    /// The states of the layer being expanded.
    layer: &'a mut Vec<Slot>,
    /// The candidates of the next layer.
    next: &'a mut Vec<Candidate<C>>,
}

/// The heap memory of the layers, in bytes.
fn layers_memory<C>(layer: &Vec<Slot>, next: &Vec<Candidate<C>>) -> usize {
    layer.capacity() * size_of::<Slot>() + next.capacity() * size_of::<Candidate<C>>()
}

impl<C: Cost> BeamSearch<'_, C> {
    #[expect(
        clippy::too_many_arguments,
        reason = "the search's loop; its state is all here"
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
        let BeamSearch {
            width,
            best,
            layer,
            next,
        } = self;
        let width = *width;
        layer.clear();
        next.clear();
        for start in starts {
            let (slot, fresh) = store
                .insert(&start, (NO_SLOT, C::ZERO))
                .map_err(StopReason::Capacity)?;
            if !fresh {
                continue;
            }
            let h = heuristic.estimate(&start);
            reached(best, slot, h, C::ZERO);
            if is_goal(&start) {
                return Ok(Outcome::Found(slot));
            }
            if h.is_max() {
                continue; // a dead end
            }
            try_push(layer, slot).map_err(StopReason::Capacity)?;
        }
        let (mut pruned, mut cut, mut overflowed) = (false, false, false);
        while !layer.is_empty() {
            next.clear();
            for &slot in &**layer {
                limits.check(stats.expanded, || {
                    store.memory_bytes() + layers_memory(layer, next)
                })?;
                let state = store.state(slot);
                let g = store.value(slot).1;
                expanding(visitor, stats, &state, g, false)?;
                let mut halt = None;
                let mut found = None;
                space.successors(&state, |child, step| {
                    if halt.is_some() || found.is_some() {
                        return;
                    }
                    stats.generated += 1;
                    let Some(cost) = extended(g, step, &mut halt, &mut overflowed) else {
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
                    reached(best, child_slot, h, cost);
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
                    } else if let Err(error) = try_push(next, (f, h, child_slot)) {
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
            if next.len() > width {
                keep_least(next, width, |&(f, h, _)| (f, h));
                next.truncate(width);
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

/// Moves the `width` least entries of `entries` by `key` to its front, in no particular
/// order (`0 < width < entries.len()`). A quickselect with a median-of-three pivot and three-way
/// partitions (equal keys, common in a beam, cost one pass): written here because
/// `select_nth_unstable_by` compiled to over ten times the code in every program that runs
/// beam search.
///
/// # Complexity
///
/// Expected O(n) for n entries; O(n^2) on inputs built to defeat the median of three.
fn keep_least<T, K: Ord + Copy>(entries: &mut [T], width: usize, key: impl Fn(&T) -> K) {
    // Invariant: entries[..lo] <= entries[lo..hi] <= entries[hi..], and the width-th least
    // (index width - 1) lies in lo..hi.
    let (mut lo, mut hi) = (0, entries.len());
    let target = width - 1;
    while hi - lo > 1 {
        let (first, middle, last) = (
            key(&entries[lo]),
            key(&entries[lo + (hi - lo) / 2]),
            key(&entries[hi - 1]),
        );
        let pivot = first.max(middle).min(first.min(middle).max(last));
        let (mut less, mut at, mut greater) = (lo, lo, hi);
        while at < greater {
            match key(&entries[at]).cmp(&pivot) {
                core::cmp::Ordering::Less => {
                    entries.swap(less, at);
                    less += 1;
                    at += 1;
                }
                core::cmp::Ordering::Greater => {
                    greater -= 1;
                    entries.swap(at, greater);
                }
                core::cmp::Ordering::Equal => at += 1,
            }
        }
        if target < less {
            hi = less;
        } else if target >= greater {
            lo = greater;
        } else {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::keep_least;
    use crate::rng::SplitMix64;

    /// On every width of lists with many equal keys, sorted, reversed and scrambled, the
    /// entries kept are the least ones (as a sort finds them, ties counted by key).
    #[test]
    fn keep_least_keeps_the_least() {
        let mut rng = SplitMix64::new(0x9e37_79b9);
        for n in 2..60 {
            for shape in 0..4 {
                let mut entries: Vec<(u32, u32)> = (0..n)
                    .map(|i| match shape {
                        0 => (i % 5, i),
                        1 => (n - i, i),
                        2 => (7, i),
                        _ => (u32::try_from(rng.below(9)).unwrap(), i),
                    })
                    .collect();
                let mut sorted: Vec<u32> = entries.iter().map(|e| e.0).collect();
                sorted.sort_unstable();
                for k in 1..n as usize {
                    keep_least(&mut entries, k, |e| e.0);
                    let mut kept: Vec<u32> = entries[..k].iter().map(|e| e.0).collect();
                    kept.sort_unstable();
                    assert_eq!(kept, sorted[..k], "n {n}, shape {shape}, k {k}");
                    let mut all: Vec<u32> = entries.iter().map(|e| e.0).collect();
                    all.sort_unstable();
                    assert_eq!(all, sorted, "a permutation");
                }
            }
        }
    }
}
