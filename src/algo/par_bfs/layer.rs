//! The layer loop that dense and hashed `par-bfs` share: a frontier of items expanded in
//! parallel chunks, each chunk producing its part of the next frontier.

use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::OnceLock;

use rayon::prelude::*;

use crate::error::CapacityError;
use crate::solution::{Limits, Stats, StopReason};

/// The most frontier items one task expands between two checks of the limits.
const MAX_CHUNK: usize = 4096;

/// Why the threads stopped mid-layer.
#[derive(Default)]
struct Halt {
    raised: AtomicBool,
    reason: OnceLock<StopReason>,
}

impl Halt {
    fn stop(&self, reason: StopReason) {
        let _first = self.reason.set(reason);
        self.raised.store(true, Ordering::Relaxed);
    }

    fn is_raised(&self) -> bool {
        self.raised.load(Ordering::Relaxed)
    }
}

/// What one task found in its part of a layer: the items it claimed for the next layer,
/// the best goal among them, the successors it generated.
pub(super) struct Part<T> {
    next: Vec<T>,
    goal: Option<u64>,
    generated: u64,
    full: bool,
}

impl<T> Part<T> {
    /// Counts one generated successor.
    pub(super) fn generated(&mut self) {
        self.generated += 1;
    }

    /// Records that storage could not grow: the task stops claiming.
    pub(super) fn fill(&mut self) {
        self.full = true;
    }

    /// Whether the part could not grow: the task stops claiming.
    pub(super) fn is_full(&self) -> bool {
        self.full
    }

    /// Adds a claimed item to the next layer; `goal` is its key when it is a goal (the
    /// least key wins, so the goal returned does not depend on the threads when the keys
    /// do not).
    pub(super) fn push(&mut self, item: T, goal: Option<u64>) {
        if self.next.try_reserve(1).is_err() {
            self.full = true;
            return;
        }
        self.next.push(item);
        if let Some(key) = goal {
            self.goal = Some(self.goal.map_or(key, |g| g.min(key)));
        }
    }
}

/// How a layer loop ended.
pub(super) enum Ended {
    /// A goal was claimed: the least key of the first layer holding one.
    Found(u64),
    /// The frontier ran dry.
    NoPath,
    /// A limit or the memory stopped it.
    Stopped(StopReason),
}

/// Runs layers from `frontier` (layer 0, already claimed) until a layer holds a goal
/// (`start_goal` is layer 0's) or none is left. `expand` expands one item into a part.
/// The memory in use is `stats.memory` (what was allocated up front), `per_stored` bytes
/// per state stored, and the frontier.
pub(super) fn run<T, E>(
    limits: &Limits<usize>,
    mut frontier: Vec<T>,
    start_goal: Option<u64>,
    per_stored: usize,
    stats: &mut Stats,
    expand: E,
) -> Ended
where
    T: Send + Sync,
    E: Fn(&T, &mut Part<T>) + Sync,
{
    stats.stored = frontier.len();
    stats.peak_open = frontier.len();
    if let Some(goal) = start_goal {
        return Ended::Found(goal);
    }
    let expanded = AtomicU64::new(0);
    let item_bytes = size_of::<T>();
    let mut depth = 0usize;
    while !frontier.is_empty() {
        if limits.cost_limit().is_some_and(|max| depth >= max) {
            return Ended::Stopped(StopReason::Cost);
        }
        let in_use = stats.memory + stats.stored * per_stored + frontier.capacity() * item_bytes;
        let halt = Halt::default();
        let chunk = frontier
            .len()
            .div_ceil(4 * rayon::current_num_threads())
            .clamp(1, MAX_CHUNK);
        let parts: Vec<Part<T>> = frontier
            .par_chunks(chunk)
            .map(|chunk| {
                let mut part = Part {
                    next: Vec::new(),
                    goal: None,
                    generated: 0,
                    full: false,
                };
                if halt.is_raised() {
                    return part;
                }
                let so_far = expanded.load(Ordering::Relaxed);
                if let Err(reason) = limits.check_now(so_far, || in_use) {
                    halt.stop(reason);
                    return part;
                }
                for item in chunk {
                    expand(item, &mut part);
                }
                expanded.fetch_add(chunk.len() as u64, Ordering::Relaxed);
                if part.full {
                    let error = CapacityError::out_of_memory(part.next.len() + 1, item_bytes);
                    halt.stop(StopReason::Capacity(error));
                }
                part
            })
            .collect();
        depth += 1;
        stats.expanded = expanded.load(Ordering::Relaxed);
        stats.generated += parts.iter().map(|p| p.generated).sum::<u64>();
        if let Some(&reason) = halt.reason.get() {
            return Ended::Stopped(reason);
        }
        let total: usize = parts.iter().map(|p| p.next.len()).sum();
        if let Some(goal) = parts.iter().filter_map(|p| p.goal).min() {
            stats.stored += total;
            return Ended::Found(goal);
        }
        frontier.clear();
        let bytes = stats.memory + (stats.stored + total) * per_stored + total * item_bytes;
        if limits.memory_limit().is_some_and(|budget| bytes > budget) {
            return Ended::Stopped(StopReason::Capacity(CapacityError::memory_limit(
                total, bytes,
            )));
        }
        if frontier.try_reserve_exact(total).is_err() {
            return Ended::Stopped(StopReason::Capacity(CapacityError::out_of_memory(
                total, item_bytes,
            )));
        }
        for part in parts {
            frontier.extend(part.next);
        }
        stats.stored += total;
        stats.peak_open = stats.peak_open.max(total);
    }
    stats.expanded = expanded.load(Ordering::Relaxed);
    Ended::NoPath
}
