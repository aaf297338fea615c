//! Parallel IDA* over an [`InPlaceSpace`] on the current rayon pool: each iteration's tree
//! is cut at a shallow depth into work items, searched by the sequential engine's pass.

use core::ops::ControlFlow;
use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use rayon::prelude::*;

use crate::algo::engine::{Engine, InPlaceSolver, Setup, engine_setup};
use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::solution::{Limits, Plan, Search, Stats, StopReason};
use crate::space::{Cost, InPlaceSpace, SendSpace};

use super::in_place::{Deepening, Frontier, InPlaceScratch, Iteration, NoFrontier, Root, iterate};
use super::{Pass, min_option};

/// Work items per thread of the pool: enough for the threads to finish each iteration
/// together although subtrees differ widely in size (32 measured 1.95x at 2 threads on
/// Korf's #10, #1 and #7, against 1.74x with 8; see `BENCHMARKS.md`).
const ITEMS_PER_THREAD: usize = 32;

/// The deepest an iteration's tree is cut, however few nodes it has there.
const MAX_SPLIT_DEPTH: usize = 64;

/// Parallel IDA* over an [`InPlaceSpace`] (feature `parallel`): the iterations of
/// [`InPlaceIdaStar`](crate::InPlaceIdaStar), each searched by the threads of the current
/// rayon pool.
///
/// Each iteration (bound `f`) is cut into work items: the nodes within the bound at the
/// shallowest depth that has at least 32 of them per thread of the pool (or at depth 64).
/// Finding them searches the levels above with the sequential engine's pass on the calling
/// thread, one level at a time. The items are then searched in parallel, in the sequential
/// order: each thread of the pool takes the next item not yet taken, below its own clone
/// of the space (one per thread, not per item) to which the item's actions are applied,
/// by the sequential engine's pass. Taking items in order keeps the last iteration close
/// to the sequential one: when the plan lies in an early item, the other threads are
/// working on the items next to it, not on the far half of the tree. Each item's least
/// cut-off estimate is merged into the iteration's next bound.
///
/// A plan found within the bound below an item ends the iteration for the items after it:
/// the threads searching those notice it at their next check (see
/// [Limits](ParIdaStar#limits)) and stop, and the items not yet started are skipped. The
/// threads searching items before it go on, and the plan returned is that of the earliest
/// item holding one: the first plan in the sequential engine's depth-first order. Any plan
/// found has a cost of at most `f`, and `f` is at most the optimal cost (every iteration
/// before it ended without a plan, as in the sequential engine), so the plan is optimal
/// for any [`Cost`] type when the heuristic is admissible. When every action costs the same
/// and the heuristic is admissible, the plan is the one
/// [`InPlaceIdaStar`](crate::InPlaceIdaStar) returns, whatever the timing or the number of
/// threads. Otherwise the levels where the tree is cut (searched level by level, to a
/// depth that grows with the threads) may yield another plan, one that depends on the
/// number of threads but not on their timing. A plan found while a limit stops the other
/// threads is returned even if earlier items were cut short, so under limits which plan
/// (if any) comes back can depend on the timing.
///
/// Node counts are those of the sequential engine, but for the last iteration, which stops
/// at a different point: every node within a bound is generated once and expanded once,
/// whether while cutting the tree or below an item. [`Stats`] are summed over the threads;
/// [`Stats::peak_open`] is the deepest level reached.
///
/// # Limits
///
/// The cost limit caps the bound, as in the sequential engine. The other limits are
/// checked by each thread whenever it adds its expansions to a shared count: every 1024
/// expansions (every quarter of the expansion limit divided by the threads, at least 1,
/// when that is fewer) and at the end of each item. Then the expansion limit is checked
/// against the shared total, and the deadline and the cancel flag as [`Limits`] says. So
/// the search may run past the expansion limit by at most one such batch per thread: a
/// quarter of the limit in all (or one expansion per thread under very small limits).
///
/// The visitor of [`InPlaceSolver::search_with`] and `search_in` sees [`Event::IterationFinished`] only, on
/// the calling thread; no [`Event::Expanded`] (the threads cannot share it).
///
/// # Complexity
///
/// Time: the nodes of [`InPlaceIdaStar`](crate::InPlaceIdaStar)'s iterations (the last
/// one may search more or fewer), divided among the threads, plus applying and undoing
/// each item's actions. Space: O(depth) per thread, and the items, O(items × depth).
///
/// # Panics
///
/// A panic of the space or of the goal test on a thread of the pool is propagated to the
/// caller (rayon's behaviour); the space passed in is then left in no defined state.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "parallel")] {
/// use state_search::domains::sliding::npuzzle::{Manhattan, NPuzzle, Slider};
/// use state_search::{InPlaceIdaStar, InPlaceSolver, ParIdaStar};
///
/// let puzzle = NPuzzle::standard(4, 4)?;
/// let board = "1 2 3 7 4 5 6 0 8 9 10 11 12 13 14 15".parse()?;
/// let mut slider = puzzle.in_place(&board, Manhattan::new(&puzzle))?;
/// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
/// let search = pool.install(|| ParIdaStar::new().search(&mut slider, Slider::is_solved));
/// let sequential = InPlaceIdaStar::new().search(&mut slider, Slider::is_solved);
/// assert_eq!(search.found(), sequential.found()); // the same plan
/// assert_eq!(slider.board(), board); // the slider is back at its start
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ParIdaStar<C> {
    setup: Setup<(), C>,
}

engine_setup!(ParIdaStar<C>, cost C);

impl<C: Cost> Default for ParIdaStar<C> {
    fn default() -> Self {
        Self::new()
    }
}

/// The scratch is the calling thread's stack, which cuts each iteration's tree into work
/// items; each thread of the pool searches its items with a stack of its own.
impl<Sp: InPlaceSpace> Engine<Sp> for ParIdaStar<Sp::Cost> {
    type Scratch = InPlaceScratch<Sp>;

    fn scratch(&self) -> Result<InPlaceScratch<Sp>, CapacityError> {
        Ok(InPlaceScratch::new())
    }
}

impl<C: Cost> ParIdaStar<C> {
    /// An engine without limits (see [Limits](ParIdaStar#limits) for how it applies them).
    #[must_use]
    pub fn new() -> Self {
        Self {
            setup: Setup::new(()),
        }
    }
}

/// The search, on the threads of the current rayon pool (see
/// [`rayon::ThreadPool::install`] to choose them): as
/// [`InPlaceIdaStar`](crate::InPlaceIdaStar)'s, an optimal plan when the space's heuristic
/// is admissible, [`Outcome::NoPath`](crate::Outcome::NoPath) or
/// [`Outcome::Stopped`](crate::Outcome::Stopped); the space is left in its start state. The
/// visitor sees [`Event::IterationFinished`] after every iteration (with the statistics
/// summed over the threads), on the calling thread.
impl<Sp, G> InPlaceSolver<Sp, G> for ParIdaStar<Sp::Cost>
where
    Sp: SendSpace,
    G: Fn(&Sp) -> bool + Sync,
{
    fn search_in<V: Visitor<Sp, Sp::Cost>>(
        &self,
        scratch: &mut InPlaceScratch<Sp>,
        space: &mut Sp,
        is_goal: G,
        visitor: &mut V,
    ) -> Search<Plan<Sp::Action, Sp::Cost>> {
        let limits = &self.setup.limits.started();
        let threads = rayon::current_num_threads().max(1);
        let interval = limits.expansion_limit().map_or(CHECK_INTERVAL, |max| {
            (max / (4 * threads as u64)).clamp(1, CHECK_INTERVAL)
        });
        let mut shared = Shared {
            limits,
            unlimited: Limits::default(),
            expanded: AtomicU64::new(0),
            interval,
            stopped: OnceLock::new(),
            found: Mutex::new(None),
            found_at: AtomicUsize::new(usize::MAX),
        };
        iterate(limits, space, visitor, |run| {
            iteration(&mut shared, scratch, &is_goal, threads, run)
        })
    }
}

/// How often a thread adds its expansions to the shared count and checks the limits.
const CHECK_INTERVAL: u64 = Limits::<u8>::CHECK_INTERVAL;

/// A node within the bound where the tree is cut: the actions from the start and its cost.
struct Item<A, C> {
    path: Vec<A>,
    g: C,
}

/// A plan found below an item: the item's index, the actions from the start, the cost.
type Found<A, C> = (usize, Vec<A>, C);

/// What the threads of one search share.
struct Shared<'l, A, C> {
    limits: &'l Limits<C>,
    /// The limits of each pass: none, since the threads check the limits themselves.
    unlimited: Limits<C>,
    /// Expansions so far, in all threads (each adds its own every `interval`).
    expanded: AtomicU64,
    interval: u64,
    /// The first limit reached: every thread stops.
    stopped: OnceLock<StopReason>,
    /// The plan of the earliest item that holds one so far.
    found: Mutex<Option<Found<A, C>>>,
    /// That item's index (`usize::MAX` while none): the threads give up the items after it.
    found_at: AtomicUsize,
}

impl<A, C: Cost> Shared<'_, A, C> {
    /// Whether a thread found a plan or reached a limit.
    fn halted(&self) -> bool {
        self.stopped.get().is_some() || self.found_at.load(Ordering::Relaxed) != usize::MAX
    }

    /// Whether the search below item `index` is no longer needed: a limit was reached, or
    /// an earlier item holds a plan.
    fn halted_for(&self, index: usize) -> bool {
        self.stopped.get().is_some() || self.found_at.load(Ordering::Relaxed) < index
    }

    /// Records that a limit stops the threads, unless a thread already did.
    fn stop(&self, reason: StopReason) {
        let _first = self.stopped.set(reason);
    }

    /// Records the plan found below item `index`, unless an earlier item holds one.
    fn found(&self, index: usize, actions: Vec<A>, cost: C) {
        let mut found = self.found.lock().unwrap_or_else(PoisonError::into_inner);
        if found.as_ref().is_none_or(|&(at, ..)| index < at) {
            *found = Some((index, actions, cost));
            self.found_at.store(index, Ordering::Relaxed);
        }
    }
}

/// The visitor of every pass: counts the thread's expansions, adds them to the shared
/// count every `interval`, and breaks the pass when its item's search must stop.
struct Watch<'s, 'l, A, C> {
    shared: &'s Shared<'l, A, C>,
    /// The index of the item searched (0 while the tree is cut).
    item: usize,
    unflushed: u64,
}

impl<'s, 'l, A, C: Cost> Watch<'s, 'l, A, C> {
    fn new(shared: &'s Shared<'l, A, C>, item: usize) -> Self {
        Self {
            shared,
            item,
            unflushed: 0,
        }
    }

    /// Adds the thread's expansions to the shared count; `Break` when the threads must
    /// stop (then why is recorded).
    #[cold]
    fn flush(&mut self) -> ControlFlow<()> {
        let added = core::mem::take(&mut self.unflushed);
        let total = self.shared.expanded.fetch_add(added, Ordering::Relaxed) + added;
        if self.shared.halted_for(self.item) {
            return ControlFlow::Break(());
        }
        if let Err(reason) = self.shared.limits.check_now(total, || 0) {
            self.shared.stop(reason);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

impl<Sp, A, C: Cost> Visitor<Sp, C> for Watch<'_, '_, A, C> {
    #[inline]
    fn visit(&mut self, event: Event<'_, Sp, C>) -> ControlFlow<()> {
        if let Event::Expanded { .. } = event {
            if self.unflushed >= self.shared.interval {
                self.flush()?;
            }
            self.unflushed += 1;
        }
        ControlFlow::Continue(())
    }
}

/// What the threads found below their items: the least estimate cut off, the statistics,
/// and whether a plan cost overflowed.
#[derive(Clone, Copy, Default)]
struct Part<C> {
    next_bound: Option<C>,
    stats: Stats,
    overflowed: bool,
}

impl<C: Cost> Part<C> {
    fn merge(mut self, other: Self) -> Self {
        self.next_bound = min_option(self.next_bound, other.next_bound);
        self.stats.accumulate(&other.stats);
        self.overflowed |= other.overflowed;
        self
    }
}

/// Collects the children one level below a pass's root as items, their paths prefixed
/// with the root's.
struct Level<'p, A, C> {
    prefix: &'p [A],
    items: &'p mut Vec<Item<A, C>>,
}

impl<A: Copy, C> Frontier<A, C> for Level<'_, A, C> {
    #[inline]
    fn takes(&self, depth: usize) -> bool {
        depth == 1
    }

    fn take(&mut self, path: &mut dyn Iterator<Item = A>, g: C) {
        let mut full = self.prefix.to_vec();
        full.extend(path);
        self.items.push(Item { path: full, g });
    }
}

/// One pass of the sequential engine below `item` within `bound`, watched by `watch`
/// (made for the item): applies the item's actions to `space`, searches there (the plan
/// into `plan`, the nodes at depth 1 into `frontier`), adds the expansions to the shared
/// count and undoes the actions. The pass, and `Break` when the threads must stop.
#[expect(
    clippy::too_many_arguments,
    reason = "the pass's own arguments, and the item it runs below"
)]
fn pass_below<Sp, G, F>(
    mut watch: Watch<'_, '_, Sp::Action, Sp::Cost>,
    space: &mut Sp,
    scratch: &mut InPlaceScratch<Sp>,
    is_goal: &G,
    bound: Sp::Cost,
    item: &Item<Sp::Action, Sp::Cost>,
    stats: &mut Stats,
    plan: &mut Vec<Sp::Action>,
    frontier: &mut F,
) -> (Pass<Sp::Cost>, ControlFlow<()>)
where
    Sp: InPlaceSpace,
    G: Fn(&Sp) -> bool,
    F: Frontier<Sp::Action, Sp::Cost>,
{
    let root = descend(space, item);
    let mut goal = is_goal;
    scratch.overflowed = false;
    let pass = scratch.pass(
        &watch.shared.unlimited,
        space,
        root,
        &mut Deepening::new(bound),
        &mut goal,
        &mut watch,
        stats,
        plan,
        frontier,
    );
    let flushed = watch.flush();
    ascend(space, &item.path);
    (pass, flushed)
}

/// Applies `path` to `space` and returns the root of a pass there.
fn descend<Sp: InPlaceSpace>(
    space: &mut Sp,
    item: &Item<Sp::Action, Sp::Cost>,
) -> Root<Sp::Action, Sp::Cost> {
    for &action in &item.path {
        space.apply(action);
    }
    Root {
        g: item.g,
        inverse: item.path.last().and_then(|&last| space.inverse(last)),
    }
}

/// Undoes `path` on `space`.
fn ascend<Sp: InPlaceSpace>(space: &mut Sp, path: &[Sp::Action]) {
    for &action in path.iter().rev() {
        space.undo(action);
    }
}

/// One iteration: cuts the tree into items on the calling thread, then searches below
/// them on the pool.
fn iteration<Sp, G, V>(
    shared: &mut Shared<'_, Sp::Action, Sp::Cost>,
    scratch: &mut InPlaceScratch<Sp>,
    is_goal: &G,
    threads: usize,
    run: Iteration<'_, Sp, V>,
) -> Pass<Sp::Cost>
where
    Sp: SendSpace,
    G: Fn(&Sp) -> bool + Sync,
{
    let Iteration {
        space,
        bound,
        stats,
        plan,
        overflowed,
        ..
    } = run;
    let mut next_bound = None;
    let mut items = vec![Item {
        path: Vec::new(),
        g: Sp::Cost::ZERO,
    }];
    let mut depth = 0;
    // Cut the tree one level deeper until there are enough items.
    while items.len() < ITEMS_PER_THREAD * threads && depth < MAX_SPLIT_DEPTH {
        let mut deeper = Vec::new();
        for item in &items {
            let mut found = Vec::new();
            let mut level = Level {
                prefix: &item.path,
                items: &mut deeper,
            };
            let (pass, flushed) = pass_below(
                Watch::new(shared, 0),
                space,
                scratch,
                is_goal,
                bound,
                item,
                stats,
                &mut found,
                &mut level,
            );
            *overflowed |= scratch.overflowed;
            match pass {
                Pass::Found(cost) => {
                    plan.extend_from_slice(&item.path);
                    plan.append(&mut found);
                    return Pass::Found(cost);
                }
                Pass::Stopped(StopReason::Visitor) => return halted(shared, plan),
                Pass::Stopped(reason) => return Pass::Stopped(reason),
                Pass::Exhausted { next_bound: next } => next_bound = min_option(next_bound, next),
            }
            if flushed.is_break() {
                return halted(shared, plan);
            }
        }
        items = deeper;
        depth += 1;
        if items.is_empty() {
            return Pass::Exhausted { next_bound };
        }
    }
    // Search below the items on the pool, in the sequential order: each thread takes the
    // next item not yet taken. (Splitting the list in halves, as a parallel iterator
    // does, would send the second thread to the middle of the list at once, where the
    // last iteration's work is mostly wasted when the plan lies in an early item.)
    let template = Mutex::new(space.clone());
    let shared_ref: &Shared<'_, Sp::Action, Sp::Cost> = shared;
    let next_item = AtomicUsize::new(0);
    let part = (0..threads)
        .into_par_iter()
        .map(|_| {
            let mut space = template
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone();
            let mut scratch = InPlaceScratch::new();
            let mut part = Part::default();
            loop {
                let index = next_item.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(index) else { break };
                if shared_ref.halted_for(index) {
                    break;
                }
                let item = (index, item);
                let below = below(shared_ref, &mut space, &mut scratch, is_goal, bound, item);
                part = part.merge(below);
            }
            part
        })
        .reduce(Part::default, Part::merge);
    stats.accumulate(&part.stats);
    *overflowed |= part.overflowed;
    if shared.halted() {
        return halted(shared, plan);
    }
    Pass::Exhausted {
        next_bound: min_option(next_bound, part.next_bound),
    }
}

/// Searches below `item` (its index and itself) on a thread of the pool, in that thread's
/// clone of the space.
fn below<Sp, G>(
    shared: &Shared<'_, Sp::Action, Sp::Cost>,
    space: &mut Sp,
    scratch: &mut InPlaceScratch<Sp>,
    is_goal: &G,
    bound: Sp::Cost,
    (index, item): (usize, &Item<Sp::Action, Sp::Cost>),
) -> Part<Sp::Cost>
where
    Sp: InPlaceSpace,
    G: Fn(&Sp) -> bool,
{
    let mut part = Part::default();
    let mut plan = Vec::new();
    // Only the count matters here: a stop the watch finds is recorded in `shared`.
    let (pass, _) = pass_below(
        Watch::new(shared, index),
        space,
        scratch,
        is_goal,
        bound,
        item,
        &mut part.stats,
        &mut plan,
        &mut NoFrontier,
    );
    part.overflowed = scratch.overflowed;
    part.stats.peak_open += item.path.len();
    part.stats.memory = scratch.memory_bytes();
    match pass {
        Pass::Found(cost) => {
            let mut actions = item.path.clone();
            actions.append(&mut plan);
            shared.found(index, actions, cost);
        }
        // The watch broke the pass: why is recorded.
        Pass::Stopped(StopReason::Visitor) => {}
        Pass::Stopped(reason) => shared.stop(reason),
        Pass::Exhausted { next_bound } => part.next_bound = next_bound,
    }
    part
}

/// The end of an iteration that the threads halted: the plan found (into `plan`; a plan
/// is kept even when a limit was reached meanwhile) or the limit reached.
fn halted<A, C>(shared: &mut Shared<'_, A, C>, plan: &mut Vec<A>) -> Pass<C> {
    *shared.found_at.get_mut() = usize::MAX;
    let found = shared
        .found
        .get_mut()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some((_, actions, cost)) = found.take() {
        *plan = actions;
        return Pass::Found(cost);
    }
    match shared.stopped.take() {
        Some(reason) => Pass::Stopped(reason),
        // Passes break only once a halt is recorded.
        None => Pass::Stopped(StopReason::Visitor),
    }
}
