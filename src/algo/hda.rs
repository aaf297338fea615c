//! Hash-distributed A* (feature `parallel`): [`Hda`].
//!
//! # The algorithm
//!
//! HDA* (Kishimoto, Fukunaga and Botea, 2009) runs `T` workers, `T` the number of threads
//! of the current rayon pool. Every state has one owner: the worker numbered
//! `mix(FxHash(state)) mod T`, where `mix` is the `fmix64` finalizer of `MurmurHash3` (a
//! bijection that spreads every bit of the hash, so the owner does not fix the low or high
//! bits the owner's own hash table relies on). A worker keeps, for the states it owns
//! only, a hashed store (the cost `g` of the best path known and a link to its parent,
//! which may live in another worker's store) and an open list ordered as A*'s (least
//! `f = g + h`, then largest `g`). Expanding a state sends each successor, with its cost
//! and the link to its parent, to the successor's owner (into the owner's inbox, in
//! batches); the owner drops it when it holds the state at a cost no greater, and
//! otherwise records it, computes its `h` and opens it. A goal taken from an open list
//! lowers the *incumbent*, the least goal cost found, which every worker sees; a worker
//! only expands states whose `f` is below the incumbent.
//!
//! # Termination
//!
//! One shared counter, `outstanding`, holds the number of *active* workers plus the
//! number of messages sent and not yet taken into an open list. It starts at `T` (every
//! worker active). A worker adds `k` before it puts `k` messages into an inbox (it is
//! active, so the counter is at least 1 and does not pass through 0). An active worker
//! that takes `k` messages from its inbox subtracts `k` once they are in its store and
//! open list. A worker becomes *idle* when it has no open state with `f` below the
//! incumbent, nothing left in its outgoing buffers and nothing in its inbox: it subtracts
//! one. An idle worker that finds messages in its inbox first adds 1 (it is active again),
//! then takes them and subtracts their number. So every change keeps the counter at least
//! the number of active workers plus the messages in flight, and the counter only reaches
//! 0 when no worker is active and no message is in flight.
//!
//! 0 is final: only an active worker sends, and an idle worker becomes active only by
//! taking a message, which is counted; so once the counter is 0 nothing can raise it, and
//! every worker stops when it reads 0. The incumbent only decreases, so a worker idle for
//! it stays idle until a message arrives.
//!
//! When the counter is 0, the incumbent is the optimal cost (with an admissible
//! heuristic). Suppose some path to a goal costs `c* <` the incumbent, and take a least-cost
//! one. Its first state is a start, stored at `g = 0` and opened. Take the first state `n`
//! on the path that was not expanded at its least cost `g*(n)`; `n` is not the start's
//! predecessor-less case only if the path has more states, and then its predecessor was
//! expanded at its least cost and sent `n` at `g*(n)`. No message is in flight, so `n`'s
//! owner took it: `n` is stored at `g*(n)` (nothing is cheaper) and was opened with
//! `f = g*(n) + h(n) <= c* <` the incumbent (admissibility). An entry leaves an open list
//! only when it is taken to be expanded (or recorded as a goal, which would make the
//! incumbent at most `c*`), and it is left in place when its `f` is not below the
//! incumbent; since the incumbent never went below `c*`, `n`'s entry was never left for
//! that reason. So `n` is still open with `f` below the incumbent and its owner is not
//! idle: a contradiction. Hence no path is cheaper than the incumbent, and when there is
//! no incumbent, no goal is reachable (within the cost limit and the cost type).
//!
//! The path is rebuilt after the workers join, by following the parent links from the
//! goal through the owners' stores. A link is set together with the cost it was sent
//! with, and costs only decrease, so along the links `g(n) >= g(parent) + step`: the path
//! costs at most the goal's `g`, which is the optimum.

use core::cmp::Reverse;
use core::hash::{BuildHasher, Hash};
use core::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use core::time::Duration;
use std::collections::BinaryHeap;
use std::sync::{Mutex, OnceLock, PoisonError};
use std::thread::Thread;

use rustc_hash::FxBuildHasher;

use crate::error::CapacityError;
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, StateSpace};
use crate::store::{HashedStore, NO_SLOT, NodeStore, Slot};

/// The link of a start state: no parent.
const NO_LINK: u64 = u64::MAX;

/// Expansions between two exchanges of messages and checks of the limits.
const EXCHANGE: u64 = 64;

/// Messages to one owner buffered before they are sent.
const BATCH: usize = 128;

/// Hash-distributed A* (HDA*) on the threads of the current rayon pool (choose them with
/// [`rayon::ThreadPool::install`]): each state is owned by one thread, chosen by its hash,
/// which keeps its cost and parent and expands it; successors are sent to their owners.
/// With an admissible heuristic the cost found is optimal, as A*'s; states are reopened
/// when a cheaper path to them arrives, so the heuristic need not be consistent. The
/// workers run on scoped threads of their own (`std::thread::scope`), as many as the pool
/// has threads; with one, it is A* with hashed storage.
///
/// The module documentation ([`crate::algo::hda`]) gives the algorithm and the argument
/// for its termination.
///
/// Limits: the expansion limit, the deadline, the cancel flag and the memory limit are
/// checked by every thread every 64 expansions against shared counts, so a search may
/// expand up to 64 states per thread past the expansion limit; a stop reaches every thread
/// at its next check. The memory counted is the sum of the threads' stores, open lists and
/// buffers. A cost limit is applied to `f`, as by A*. A stopped search returns the best
/// solution found so far, if any, as [`Search::partial`].
///
/// Statistics are summed over the threads; `peak_open` is the sum of each thread's
/// largest open list (an upper bound on the entries open at once).
///
/// # Complexity
///
/// The states A* with the same heuristic expands, give or take the states within the
/// incumbent that a thread expands before a cheaper goal is found elsewhere, and the
/// states expanded more than once when their cost is lowered late (more with more
/// threads): O(V log V) work for V states stored, split across the threads, plus one
/// message per generated successor owned by another thread (most of them: `(T - 1) / T`
/// on average). Memory as A* with hashed storage, plus the messages in flight.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "parallel")] {
/// use state_search::Hda;
///
/// // +1 costs 1, *2 costs 3; from 1 to 100. The heuristic: one step if not there yet.
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)].into_iter().filter(|&(m, _)| m <= 100));
/// let h = |&n: &u32| u32::from(n != 100);
/// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
/// let search = pool.install(|| Hda::new().search(&space, [1], &h, |&n| n == 100));
/// let found = search.found().unwrap();
/// assert_eq!(found.cost, 19); // 1 2 3 6 12 24 25 50 100
/// assert_eq!(found.path, [1, 2, 3, 6, 12, 24, 25, 50, 100]);
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Hda<C> {
    limits: Limits<C>,
}

impl<C: Cost> Default for Hda<C> {
    fn default() -> Self {
        Self::new()
    }
}

/// What a worker stores per state: the link to its parent, its cost `g`, and whether it
/// was expanded (or recorded as a goal) at that cost.
type Node<C> = (u64, C, bool);

/// A successor on its way to its owner: the state, its cost, the link to its parent.
type Message<S, C> = (S, C, u64);

/// An open list entry: least `f`, then largest `g` first (as A*), and the slot.
type Entry<C> = Reverse<(C, Reverse<C>, Slot)>;

/// The link of `slot` in the store of worker `owner`.
fn link(owner: usize, slot: Slot) -> u64 {
    ((owner as u64) << 32) | u64::from(slot)
}

/// The worker and slot of a link.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a link packs a worker number and a slot, both below 2^32"
)]
fn unlink(link: u64) -> (usize, Slot) {
    ((link >> 32) as usize, link as Slot)
}

/// The owner of `state` among `threads` workers.
#[expect(
    clippy::cast_possible_truncation,
    reason = "the remainder is below the number of threads, a usize"
)]
fn owner<S: Hash>(state: &S, threads: usize) -> usize {
    let mut h = FxBuildHasher.hash_one(state);
    // MurmurHash3's fmix64.
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^= h >> 33;
    (h % threads as u64) as usize
}

/// Why the workers stopped early: the first reason raised.
#[derive(Default)]
struct Halt {
    raised: AtomicBool,
    reason: OnceLock<StopReason>,
}

impl Halt {
    fn stop(&self, reason: StopReason) {
        let _first = self.reason.set(reason);
        self.raised.store(true, Ordering::Release);
    }

    fn is_raised(&self) -> bool {
        self.raised.load(Ordering::Acquire)
    }
}

/// Raises the halt when a worker unwinds (a panicking space or heuristic), so that the
/// other workers stop instead of waiting for it forever.
struct PanicGuard<'h>(&'h Halt);

impl Drop for PanicGuard<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop(StopReason::Cancelled);
        }
    }
}

/// What the workers share.
struct Shared<S, C> {
    inboxes: Vec<Mutex<Vec<Message<S, C>>>>,
    /// Active workers plus messages in flight (see the module documentation).
    outstanding: AtomicU64,
    halt: Halt,
    /// The least goal cost found and the goal's link.
    incumbent: Mutex<Option<(C, u64)>>,
    /// Bumped at every change of the incumbent, so workers re-read it only then.
    version: AtomicU64,
    /// Expansions of all workers, as of their last exchange.
    expanded: AtomicU64,
    /// Each worker's memory, as of its last exchange.
    memory: Vec<AtomicUsize>,
    /// The workers' threads, to wake an idle one when messages arrive.
    threads: OnceLock<Vec<Thread>>,
}

impl<S, C: Copy> Shared<S, C> {
    fn incumbent(&self) -> Option<(C, u64)> {
        *self
            .incumbent
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// One worker: the states it owns, its open list, and its outgoing messages.
struct Worker<S, C> {
    id: usize,
    store: HashedStore<S, Node<C>>,
    open: BinaryHeap<Entry<C>>,
    outgoing: Vec<Vec<Message<S, C>>>,
    stats: Stats,
    /// Expansions not yet added to the shared count.
    unreported: u64,
    /// Some state was not opened because its `f` is above the cost limit.
    cut: bool,
    /// Some path cost did not fit the cost type.
    overflowed: bool,
}

impl<S: Clone + Eq + Hash, C: Cost> Worker<S, C> {
    fn new(id: usize, threads: usize) -> Self {
        Self {
            id,
            store: HashedStore::new(),
            open: BinaryHeap::new(),
            outgoing: (0..threads).map(|_| Vec::new()).collect(),
            stats: Stats {
                iterations: 1,
                ..Stats::default()
            },
            unreported: 0,
            cut: false,
            overflowed: false,
        }
    }

    /// The heap memory the worker holds, in bytes.
    fn memory(&self) -> usize {
        self.store.memory_bytes()
            + self.open.capacity() * size_of::<Entry<C>>()
            + self
                .outgoing
                .iter()
                .map(|out| out.capacity() * size_of::<Message<S, C>>())
                .sum::<usize>()
    }

    /// Takes `state`, reached at cost `g` from `parent`, into the store and the open list
    /// unless it is stored at a cost no greater.
    fn receive<H: Heuristic<S, C> + ?Sized>(
        &mut self,
        state: &S,
        g: C,
        parent: u64,
        heuristic: &H,
        limits: &Limits<C>,
    ) -> Result<(), StopReason> {
        let (slot, fresh) = self
            .store
            .insert(state, (parent, g, false))
            .map_err(StopReason::Capacity)?;
        if !fresh {
            let node = self.store.value_mut(slot);
            if g >= node.1 {
                return Ok(());
            }
            if node.2 {
                self.stats.reopened += 1;
            }
            *node = (parent, g, false);
        }
        // An estimate that does not fit the cost type marks a dead end.
        let Some(f) = g.checked_plus(heuristic.estimate(state)) else {
            return Ok(());
        };
        if limits.exceeds_cost(f) {
            self.cut = true;
            return Ok(());
        }
        if self.open.try_reserve(1).is_err() {
            let error = CapacityError::out_of_memory(self.open.len() + 1, size_of::<Entry<C>>());
            return Err(StopReason::Capacity(error));
        }
        self.open.push(Reverse((f, Reverse(g), slot)));
        self.stats.peak_open = self.stats.peak_open.max(self.open.len());
        Ok(())
    }

    /// Expands `state`, stored at `slot` at cost `g`: its successors go to their owners,
    /// into this worker's store and open list or into the outgoing buffers.
    fn expand<Sp, H>(
        &mut self,
        space: &Sp,
        state: &S,
        slot: Slot,
        g: C,
        heuristic: &H,
        limits: &Limits<C>,
    ) -> Result<(), StopReason>
    where
        Sp: StateSpace<State = S, Cost = C> + ?Sized,
        H: Heuristic<S, C> + ?Sized,
    {
        let threads = self.outgoing.len();
        let parent = link(self.id, slot);
        let mut halt = Ok(());
        self.stats.expanded += 1;
        self.unreported += 1;
        space.successors(state, |next, step| {
            self.stats.generated += 1;
            if halt.is_err() {
                return;
            }
            if step.is_negative() {
                halt = Err(StopReason::NegativeCost);
                return;
            }
            let Some(cost) = g.checked_plus(step) else {
                self.overflowed = true;
                return;
            };
            let to = owner(&next, threads);
            if to == self.id {
                halt = self.receive(&next, cost, parent, heuristic, limits);
                return;
            }
            let out = &mut self.outgoing[to];
            if out.try_reserve(1).is_err() {
                let bytes = size_of::<Message<S, C>>();
                let error = CapacityError::out_of_memory(out.len() + 1, bytes);
                halt = Err(StopReason::Capacity(error));
                return;
            }
            out.push((next, cost, parent));
        });
        halt
    }

    /// Sends the buffered messages to their owners.
    fn flush(&mut self, shared: &Shared<S, C>) -> Result<(), StopReason> {
        for (to, out) in self.outgoing.iter_mut().enumerate() {
            if out.is_empty() {
                continue;
            }
            let mut inbox = shared.inboxes[to]
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if inbox.try_reserve(out.len()).is_err() {
                let bytes = size_of::<Message<S, C>>();
                let error = CapacityError::out_of_memory(inbox.len() + out.len(), bytes);
                return Err(StopReason::Capacity(error));
            }
            // Counted before the owner can see them (it takes them under the lock).
            shared
                .outstanding
                .fetch_add(out.len() as u64, Ordering::AcqRel);
            if inbox.is_empty() {
                // Hand the whole buffer over and keep the inbox's spent one.
                core::mem::swap(&mut *inbox, out);
            } else {
                inbox.append(out);
            }
            drop(inbox);
            if let Some(threads) = shared.threads.get() {
                threads[to].unpark();
            }
        }
        Ok(())
    }

    /// Takes the messages of the inbox into the store and open list; how many there were.
    fn drain<H: Heuristic<S, C> + ?Sized>(
        &mut self,
        shared: &Shared<S, C>,
        spare: &mut Vec<Message<S, C>>,
        heuristic: &H,
        limits: &Limits<C>,
    ) -> Result<u64, StopReason> {
        {
            let mut inbox = shared.inboxes[self.id]
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if inbox.is_empty() {
                return Ok(0);
            }
            core::mem::swap(&mut *inbox, spare);
        }
        let mut result = Ok(spare.len() as u64);
        for (state, g, parent) in spare.drain(..) {
            if result.is_ok()
                && let Err(reason) = self.receive(&state, g, parent, heuristic, limits)
            {
                result = Err(reason);
            }
        }
        result
    }
}

/// What the search has to go on with once a worker has taken a state from its open
/// list.
enum Next<S, C> {
    /// Expand this state, stored at this slot at cost `g`.
    Expand(S, Slot, C),
    /// Nothing open below the incumbent.
    Idle,
}

impl<C: Cost> Hda<C> {
    /// A search without limits.
    #[must_use]
    pub fn new() -> Self {
        Self {
            limits: Limits::new(),
        }
    }

    /// The same search within `limits`.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits<C>) -> Self {
        self.limits = limits;
        self
    }

    /// The limits of the search.
    #[must_use]
    pub fn limits(&self) -> &Limits<C> {
        &self.limits
    }

    /// Searches `space` from `starts` for a state satisfying `is_goal`, guided by
    /// `heuristic` (admissible for the cost to be optimal), on as many threads as the
    /// current rayon pool has.
    ///
    /// A store or open list that cannot grow stops the search with
    /// [`StopReason::Capacity`]; a negative step cost with [`StopReason::NegativeCost`].
    ///
    /// # Panics
    ///
    /// When `space`, `heuristic` or `is_goal` panics on a worker thread: the other workers
    /// stop and the panic is passed on. Also when the current pool has more than 2^32
    /// threads.
    pub fn search<Sp, H, G>(
        &self,
        space: &Sp,
        starts: impl IntoIterator<Item = Sp::State>,
        heuristic: &H,
        is_goal: G,
    ) -> Search<Solution<Sp::State, C>>
    where
        Sp: StateSpace<Cost = C> + Sync + ?Sized,
        Sp::State: Send,
        C: Send + Sync,
        H: Heuristic<Sp::State, C> + Sync + ?Sized,
        G: Fn(&Sp::State) -> bool + Sync,
    {
        let threads = rayon::current_num_threads().max(1);
        assert!(
            u32::try_from(threads).is_ok(),
            "more than 2^32 threads in the pool"
        );
        let shared = Shared {
            inboxes: (0..threads).map(|_| Mutex::new(Vec::new())).collect(),
            outstanding: AtomicU64::new(threads as u64),
            halt: Halt::default(),
            incumbent: Mutex::new(None),
            version: AtomicU64::new(0),
            expanded: AtomicU64::new(0),
            memory: (0..threads).map(|_| AtomicUsize::new(0)).collect(),
            threads: OnceLock::new(),
        };
        let mut workers: Vec<Worker<Sp::State, C>> =
            (0..threads).map(|id| Worker::new(id, threads)).collect();
        for start in starts {
            let w = &mut workers[owner(&start, threads)];
            if let Err(reason) = w.receive(&start, C::ZERO, NO_LINK, heuristic, &self.limits) {
                shared.halt.stop(reason);
                break;
            }
        }
        if !shared.halt.is_raised() {
            std::thread::scope(|scope| {
                let handles: Vec<_> = workers
                    .iter_mut()
                    .map(|worker| {
                        let shared = &shared;
                        let is_goal = &is_goal;
                        scope.spawn(move || {
                            let _guard = PanicGuard(&shared.halt);
                            self.work(worker, shared, space, heuristic, is_goal);
                        })
                    })
                    .collect();
                let _set = shared
                    .threads
                    .set(handles.iter().map(|h| h.thread().clone()).collect());
            });
        }
        Self::finish(&workers, &shared, space)
    }

    /// The loop of one worker.
    fn work<Sp, H, G>(
        &self,
        w: &mut Worker<Sp::State, C>,
        shared: &Shared<Sp::State, C>,
        space: &Sp,
        heuristic: &H,
        is_goal: &G,
    ) where
        Sp: StateSpace<Cost = C> + ?Sized,
        H: Heuristic<Sp::State, C> + ?Sized,
        G: Fn(&Sp::State) -> bool,
    {
        let mut spare: Vec<Message<Sp::State, C>> = Vec::new();
        let mut seen_version = u64::MAX;
        let mut bound: Option<C> = None;
        let mut since_exchange = EXCHANGE;
        let fail = |reason| shared.halt.stop(reason);
        loop {
            if shared.halt.is_raised() {
                return;
            }
            if since_exchange >= EXCHANGE {
                since_exchange = 0;
                if let Err(reason) = self.exchange(w, shared, &mut spare, heuristic) {
                    return fail(reason);
                }
            }
            let version = shared.version.load(Ordering::Acquire);
            if version != seen_version {
                seen_version = version;
                bound = shared.incumbent().map(|(cost, _)| cost);
            }
            let (state, slot, g) = match take(w, bound) {
                Next::Expand(state, slot, g) => (state, slot, g),
                Next::Idle => {
                    // Before idling: send what is buffered, take what has arrived.
                    if let Err(reason) = w.flush(shared) {
                        return fail(reason);
                    }
                    match w.drain(shared, &mut spare, heuristic, &self.limits) {
                        Ok(0) => {}
                        Ok(taken) => {
                            shared.outstanding.fetch_sub(taken, Ordering::AcqRel);
                            continue;
                        }
                        Err(reason) => return fail(reason),
                    }
                    if !idle(w, shared, &mut spare, heuristic, &self.limits) {
                        return;
                    }
                    since_exchange = EXCHANGE;
                    continue;
                }
            };
            if is_goal(&state) {
                let mut incumbent = shared
                    .incumbent
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                if incumbent.is_none_or(|(best, _)| g < best) {
                    *incumbent = Some((g, link(w.id, slot)));
                    shared.version.fetch_add(1, Ordering::AcqRel);
                }
                continue;
            }
            if shared.halt.is_raised() {
                return;
            }
            if let Some(max) = self.limits.expansion_limit()
                && shared.expanded.load(Ordering::Relaxed) + w.unreported >= max
            {
                return fail(StopReason::Expansions);
            }
            since_exchange += 1;
            if let Err(reason) = w.expand(space, &state, slot, g, heuristic, &self.limits) {
                return fail(reason);
            }
            if w.outgoing.iter().any(|out| out.len() >= BATCH)
                && let Err(reason) = w.flush(shared)
            {
                return fail(reason);
            }
        }
    }

    /// Every [`EXCHANGE`] expansions: sends the buffered messages, takes those that have
    /// arrived, publishes the expansions and memory, and checks the limits.
    fn exchange<S: Clone + Eq + Hash, H: Heuristic<S, C> + ?Sized>(
        &self,
        w: &mut Worker<S, C>,
        shared: &Shared<S, C>,
        spare: &mut Vec<Message<S, C>>,
        heuristic: &H,
    ) -> Result<(), StopReason> {
        w.flush(shared)?;
        let taken = w.drain(shared, spare, heuristic, &self.limits)?;
        shared.outstanding.fetch_sub(taken, Ordering::AcqRel);
        let so_far = shared.expanded.fetch_add(w.unreported, Ordering::AcqRel) + w.unreported;
        w.unreported = 0;
        shared.memory[w.id].store(w.memory(), Ordering::Relaxed);
        let memory = || {
            shared
                .memory
                .iter()
                .map(|m| m.load(Ordering::Relaxed))
                .sum()
        };
        self.limits.check_now(so_far, memory)
    }

    /// The search's result once the workers have stopped.
    fn finish<Sp>(
        workers: &[Worker<Sp::State, C>],
        shared: &Shared<Sp::State, C>,
        space: &Sp,
    ) -> Search<Solution<Sp::State, C>>
    where
        Sp: StateSpace<Cost = C> + ?Sized,
    {
        let mut stats = Stats {
            iterations: 1,
            ..Stats::default()
        };
        for w in workers {
            stats.expanded += w.stats.expanded;
            stats.generated += w.stats.generated;
            stats.reopened += w.stats.reopened;
            stats.peak_open += w.stats.peak_open;
            stats.stored += w.store.len();
            stats.memory += w.memory();
        }
        let solution = shared
            .incumbent()
            .map(|(cost, goal)| rebuild(workers, space, goal, cost));
        let outcome = if let Some(&reason) = shared.halt.reason.get() {
            Outcome::Stopped(reason)
        } else if let Some(solution) = solution {
            return Search::new(Outcome::Found(solution), stats);
        } else if workers.iter().any(|w| w.cut) {
            Outcome::Stopped(StopReason::Cost)
        } else if workers.iter().any(|w| w.overflowed) {
            Outcome::Stopped(StopReason::CostOverflow)
        } else {
            Outcome::NoPath
        };
        Search {
            outcome,
            stats,
            partial: solution,
        }
    }
}

/// Takes the open state of least `f` below `bound` (stale entries skipped), or says there
/// is none; the state is marked expanded.
fn take<S: Clone + Eq + Hash, C: Cost>(w: &mut Worker<S, C>, bound: Option<C>) -> Next<S, C> {
    while let Some(&Reverse((f, Reverse(g), slot))) = w.open.peek() {
        if bound.is_some_and(|best| f >= best) {
            // Nothing below the incumbent. The entries stay: the incumbent only decreases,
            // so none of them will be needed, but dropping them would gain nothing.
            return Next::Idle;
        }
        w.open.pop();
        let node = w.store.value_mut(slot);
        if node.2 || node.1 != g {
            continue; // a stale entry
        }
        node.2 = true;
        return Next::Expand(w.store.state(slot), slot, g);
    }
    Next::Idle
}

/// Waits, idle, until messages arrive (then takes them and returns `true`) or the search
/// is over (`false`).
fn idle<S: Clone + Eq + Hash, C: Cost, H: Heuristic<S, C> + ?Sized>(
    w: &mut Worker<S, C>,
    shared: &Shared<S, C>,
    spare: &mut Vec<Message<S, C>>,
    heuristic: &H,
    limits: &Limits<C>,
) -> bool {
    if shared.outstanding.fetch_sub(1, Ordering::AcqRel) == 1 {
        // The last active worker, and no message in flight: the search is over. Wake the
        // others so they see it at once.
        if let Some(threads) = shared.threads.get() {
            threads.iter().for_each(Thread::unpark);
        }
        return false;
    }
    let mut rounds = 0u32;
    loop {
        if shared.halt.is_raised() || shared.outstanding.load(Ordering::Acquire) == 0 {
            return false;
        }
        let waiting = !shared.inboxes[w.id]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_empty();
        if waiting {
            // Active again before the messages are taken: the counter stays above 0.
            shared.outstanding.fetch_add(1, Ordering::AcqRel);
            match w.drain(shared, spare, heuristic, limits) {
                Ok(taken) => {
                    shared.outstanding.fetch_sub(taken, Ordering::AcqRel);
                    return true;
                }
                Err(reason) => {
                    shared.halt.stop(reason);
                    return false;
                }
            }
        }
        rounds = rounds.saturating_add(1);
        if rounds < 16 {
            std::thread::yield_now();
        } else {
            std::thread::park_timeout(Duration::from_micros(200));
        }
    }
}

/// The path to the goal at `goal`, along the parent links through the workers' stores,
/// and its cost: the sum of its steps' least costs, or `recorded` (the goal's `g`) if that
/// is less or a step is missing.
fn rebuild<Sp>(
    workers: &[Worker<Sp::State, Sp::Cost>],
    space: &Sp,
    goal: u64,
    recorded: Sp::Cost,
) -> Solution<Sp::State, Sp::Cost>
where
    Sp: StateSpace + ?Sized,
{
    let stored: usize = workers.iter().map(|w| w.store.len()).sum();
    let mut path = Vec::new();
    let mut at = goal;
    while at != NO_LINK && path.len() <= stored {
        let (id, slot) = unlink(at);
        debug_assert_ne!(slot, NO_SLOT, "a link to no slot");
        let store = &workers[id].store;
        path.push(store.state(slot));
        at = store.value(slot).0;
    }
    debug_assert_eq!(at, NO_LINK, "the parent links loop");
    path.reverse();
    let mut cost = Some(Sp::Cost::ZERO);
    for step in path.windows(2) {
        let mut least: Option<Sp::Cost> = None;
        space.successors(&step[0], |next, c| {
            if next == step[1] && least.is_none_or(|l| c < l) {
                least = Some(c);
            }
        });
        cost = cost.zip(least).and_then(|(sum, c)| sum.checked_plus(c));
    }
    Solution {
        path,
        cost: cost.filter(|&c| c <= recorded).unwrap_or(recorded),
    }
}
