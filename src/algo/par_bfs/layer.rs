//! The layer loop that dense and hashed `par-bfs` share: a frontier of items expanded in
//! tasks, each task producing its part of the next frontier. Small layers are expanded by
//! the thread running the loop; larger ones are split over the threads of the current
//! rayon pool.
//!
//! The per-layer cost is what limits the speed-up on spaces of many thin layers (a grid
//! maze has thousands of layers of a few thousand states, about 100 us of work each): so
//! the other threads poll for tasks between layers instead of sleeping ([`Helpers`]), the
//! output buffers of the tasks are kept from layer to layer (no allocation once they have
//! grown), a layer's tallies are reduced without collecting them, and a layer too small to
//! pay for a fork and join is not forked at all.

use core::cell::Cell;
use core::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::error::CapacityError;
use crate::solution::{Limits, Outcome, Solution, Stats, StopReason};

/// The most frontier items one task expands between two checks of the limits.
const MAX_CHUNK: usize = 4096;

/// Layers of at most this many items are expanded on the calling thread, with no fork or
/// join: below it, splitting a layer costs more than it saves.
const SEQUENTIAL_MAX: usize = 256;

/// The fewest items of a task of a parallel layer.
const MIN_CHUNK: usize = 64;

/// Tasks per pool thread in a parallel layer: some slack for a thread that lags.
const TASKS_PER_THREAD: usize = 4;

/// How long a helper polls without finding a task before it goes back to the pool.
const HELPER_PATIENCE: Duration = Duration::from_millis(2);

thread_local! {
    /// Whether this thread runs a layer loop or a helper: a helper job that it picks up
    /// while it waits (in a join) returns at once, so that no thread waits on itself.
    static BUSY: Cell<bool> = const { Cell::new(false) };
}

/// The pool threads that poll for one search's tasks between its layers.
///
/// A rayon worker without work sleeps after a few dozen idle rounds, and waking it (a
/// futex and, on a virtual machine, an interrupt to an idle virtual CPU) takes about as
/// long as a thin layer takes to expand: the forking thread then does the layer alone.
/// Helpers are jobs that keep the other threads awake, taking tasks with
/// [`rayon::yield_now`] as soon as they are forked, until the search ends or they have
/// found nothing for [`HELPER_PATIENCE`].
#[derive(Default)]
struct Helpers {
    done: AtomicBool,
    live: AtomicUsize,
}

impl Helpers {
    /// Polls for tasks; see [`Helpers`].
    fn help(&self) {
        if !BUSY.get() {
            BUSY.set(true);
            let mut idle_since: Option<Instant> = None;
            let mut idle_rounds = 0u32;
            while !self.done.load(Ordering::Acquire) {
                if rayon::yield_now() == Some(rayon::Yield::Executed) {
                    idle_since = None;
                    continue;
                }
                let since = *idle_since.get_or_insert_with(Instant::now);
                idle_rounds = idle_rounds.wrapping_add(1);
                if idle_rounds.is_multiple_of(64) && since.elapsed() > HELPER_PATIENCE {
                    break;
                }
                // Let another process (or an oversubscribed pool thread) run.
                std::thread::yield_now();
            }
            BUSY.set(false);
        }
        self.live.fetch_sub(1, Ordering::Release);
    }
}

/// Marks this thread busy while a layer loop runs on it, and ends the helpers when the loop
/// returns, however it returns.
struct Leading<'a> {
    helpers: &'a Helpers,
    was_busy: bool,
}

impl<'a> Leading<'a> {
    fn new(helpers: &'a Helpers) -> Self {
        Self {
            helpers,
            was_busy: BUSY.replace(true),
        }
    }
}

impl Drop for Leading<'_> {
    fn drop(&mut self) {
        self.helpers.done.store(true, Ordering::Release);
        BUSY.set(self.was_busy);
    }
}

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

/// What tasks found: the best goal among the items claimed, the successors generated.
#[derive(Clone, Copy, Default)]
struct Tally {
    goal: Option<u64>,
    generated: u64,
}

impl Tally {
    fn merge(self, other: Self) -> Self {
        let goal = match (self.goal, other.goal) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Self {
            goal,
            generated: self.generated + other.generated,
        }
    }
}

/// One task's share of the next layer: the items it claims go to `next` (a buffer kept
/// from layer to layer), with the best goal and the count of successors generated.
pub(super) struct Part<'a, T> {
    next: &'a mut Vec<T>,
    tally: Tally,
    full: bool,
}

impl<T> Part<'_, T> {
    /// Counts one generated successor.
    pub(super) fn generated(&mut self) {
        self.tally.generated += 1;
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
            self.tally.goal = Some(self.tally.goal.map_or(key, |g| g.min(key)));
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

impl Ended {
    /// The outcome of a search that ended so, with the path to the goal found read back
    /// from it: `node(at)` is the state of the node `at` (the goal's key first) and the
    /// key of its parent, `None` at a start.
    pub(super) fn outcome<S>(
        self,
        mut node: impl FnMut(u64) -> (S, Option<u64>),
    ) -> Outcome<Solution<S, usize>> {
        match self {
            Ended::Found(goal) => {
                let mut path = Vec::new();
                let mut at = Some(goal);
                while let Some(key) = at {
                    let (state, parent) = node(key);
                    path.push(state);
                    at = parent;
                }
                path.reverse();
                let cost = path.len() - 1;
                Outcome::Found(Solution { path, cost })
            }
            Ended::NoPath => Outcome::NoPath,
            Ended::Stopped(reason) => Outcome::Stopped(reason),
        }
    }
}

/// What every task of a layer shares: the limits, the memory in use when the layer began,
/// the count of items expanded so far, and the flag that stops the other tasks.
struct Layer<'a> {
    limits: &'a Limits<usize>,
    in_use: usize,
    expanded: &'a AtomicU64,
    halt: Halt,
}

impl Layer<'_> {
    /// Expands `items` onto the end of `next`, after checking the limits; raises the halt
    /// when a limit is reached or `next` cannot grow.
    fn task<T, E>(&self, items: &[T], next: &mut Vec<T>, expand: &E) -> Tally
    where
        E: Fn(&T, &mut Part<'_, T>),
    {
        if self.halt.is_raised() {
            return Tally::default();
        }
        let so_far = self.expanded.load(Ordering::Relaxed);
        if let Err(reason) = self.limits.check_now(so_far, || self.in_use) {
            self.halt.stop(reason);
            return Tally::default();
        }
        let mut part = Part {
            next,
            tally: Tally::default(),
            full: false,
        };
        for item in items {
            expand(item, &mut part);
        }
        self.expanded
            .fetch_add(items.len() as u64, Ordering::Relaxed);
        if part.full {
            let error = CapacityError::out_of_memory(part.next.len() + 1, size_of::<T>());
            self.halt.stop(StopReason::Capacity(error));
        }
        part.tally
    }
}

impl Layer<'_> {
    /// Expands `frontier` into `outs`, one buffer per task of `chunk` items: on the pool's
    /// threads when `parallel`, else on this thread into `outs[0]`, a task at a time.
    fn expand<T, E>(
        &self,
        frontier: &[T],
        outs: &mut [Vec<T>],
        chunk: usize,
        parallel: bool,
        expand: &E,
    ) -> Tally
    where
        T: Send + Sync,
        E: Fn(&T, &mut Part<'_, T>) + Sync,
    {
        if parallel {
            frontier
                .par_chunks(chunk)
                .zip(outs.par_iter_mut())
                .map(|(items, next)| {
                    next.clear();
                    self.task(items, next, expand)
                })
                .reduce(Tally::default, Tally::merge)
        } else {
            let next = &mut outs[0];
            next.clear();
            let mut tally = Tally::default();
            for items in frontier.chunks(chunk) {
                tally = tally.merge(self.task(items, next, expand));
                if self.halt.is_raised() {
                    break;
                }
            }
            tally
        }
    }
}

/// The items the frontier (with room for `frontier` items) and the tasks' buffers have
/// room for.
fn buffered<T>(frontier: usize, outs: &[Vec<T>]) -> usize {
    frontier + outs.iter().map(Vec::capacity).sum::<usize>()
}

/// Runs layers from `frontier` (layer 0, already claimed) until a layer holds a goal
/// (`start_goal` is layer 0's) or none is left. `expand` expands one item into a part.
/// The memory in use is `stats.memory` (what was allocated up front), `per_stored` bytes
/// per state stored, and the frontier and the tasks' buffers.
pub(super) fn run<T, E>(
    limits: &Limits<usize>,
    frontier: Vec<T>,
    start_goal: Option<u64>,
    per_stored: usize,
    stats: &mut Stats,
    expand: E,
) -> Ended
where
    T: Send + Sync,
    E: Fn(&T, &mut Part<'_, T>) + Sync,
{
    let limits = &limits.started();
    let helpers = &Helpers::default();
    rayon::scope(|scope| {
        let _leading = Leading::new(helpers);
        let spawn_helpers = || {
            let wanted = rayon::current_num_threads() - 1;
            while helpers.live.load(Ordering::Acquire) < wanted {
                helpers.live.fetch_add(1, Ordering::AcqRel);
                scope.spawn(move |_| helpers.help());
            }
        };
        layers(
            limits,
            frontier,
            start_goal,
            per_stored,
            stats,
            &expand,
            spawn_helpers,
        )
    })
}

/// The loop of [`run`], on the thread that runs it; `spawn_helpers` is called before each
/// parallel layer.
fn layers<T, E>(
    limits: &Limits<usize>,
    mut frontier: Vec<T>,
    start_goal: Option<u64>,
    per_stored: usize,
    stats: &mut Stats,
    expand: &E,
    spawn_helpers: impl Fn(),
) -> Ended
where
    T: Send + Sync,
    E: Fn(&T, &mut Part<'_, T>) + Sync,
{
    stats.stored = frontier.len();
    stats.peak_open = frontier.len();
    if let Some(goal) = start_goal {
        return Ended::Found(goal);
    }
    let expanded = AtomicU64::new(0);
    let item_bytes = size_of::<T>();
    let threads = rayon::current_num_threads();
    // One output buffer per task, kept from layer to layer.
    let mut outs: Vec<Vec<T>> = Vec::new();
    let mut depth = 0usize;
    while !frontier.is_empty() {
        if limits.cost_limit().is_some_and(|max| depth >= max) {
            return Ended::Stopped(StopReason::Cost);
        }
        let layer = Layer {
            limits,
            in_use: stats.memory
                + stats.stored * per_stored
                + buffered(frontier.capacity(), &outs) * item_bytes,
            expanded: &expanded,
            halt: Halt::default(),
        };
        let parallel = threads > 1 && frontier.len() > SEQUENTIAL_MAX;
        // Items per task: a few tasks per thread in a parallel layer, for balance.
        let chunk = if parallel {
            frontier
                .len()
                .div_ceil(TASKS_PER_THREAD * threads)
                .clamp(MIN_CHUNK, MAX_CHUNK)
        } else {
            MAX_CHUNK
        };
        let tasks = if parallel {
            frontier.len().div_ceil(chunk)
        } else {
            1
        };
        if outs.len() < tasks {
            if outs.try_reserve(tasks - outs.len()).is_err() {
                let error = CapacityError::out_of_memory(tasks, size_of::<Vec<T>>());
                return Ended::Stopped(StopReason::Capacity(error));
            }
            outs.resize_with(tasks, Vec::new);
        }
        if parallel {
            spawn_helpers();
        }
        let tally = layer.expand(&frontier, &mut outs[..tasks], chunk, parallel, expand);
        depth += 1;
        stats.expanded = expanded.load(Ordering::Relaxed);
        stats.generated += tally.generated;
        if let Some(&reason) = layer.halt.reason.get() {
            return Ended::Stopped(reason);
        }
        let held = buffered(frontier.capacity(), &outs);
        let outs = &mut outs[..tasks];
        let total: usize = outs.iter().map(Vec::len).sum();
        if let Some(goal) = tally.goal {
            stats.stored += total;
            return Ended::Found(goal);
        }
        frontier.clear();
        // The frontier grows to hold the next layer, unless it is swapped with the one
        // buffer of a layer expanded on this thread.
        let growth = if parallel {
            total.saturating_sub(frontier.capacity())
        } else {
            0
        };
        let bytes =
            stats.memory + (stats.stored + total) * per_stored + (held + growth) * item_bytes;
        if limits.memory_limit().is_some_and(|budget| bytes > budget) {
            return Ended::Stopped(StopReason::Capacity(CapacityError::memory_limit(
                total, bytes,
            )));
        }
        if parallel {
            if frontier.try_reserve_exact(total).is_err() {
                return Ended::Stopped(StopReason::Capacity(CapacityError::out_of_memory(
                    total, item_bytes,
                )));
            }
            for next in outs {
                frontier.append(next);
            }
        } else {
            core::mem::swap(&mut frontier, &mut outs[0]);
        }
        stats.stored += total;
        stats.peak_open = stats.peak_open.max(total);
    }
    stats.expanded = expanded.load(Ordering::Relaxed);
    Ended::NoPath
}
