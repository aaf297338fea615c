//! The parts of hash-distributed A* that one worker uses: its store, open list and
//! buffers, the inboxes and counters the workers share, and the path rebuilt across the
//! stores (see the [parent module](super) for the algorithm).

use core::cmp::Reverse;
use core::hash::{BuildHasher, Hash};
use core::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use core::time::Duration;
use std::sync::{Mutex, OnceLock, PoisonError};
use std::thread::Thread;

use rustc_hash::FxBuildHasher;

use crate::error::CapacityError;
use crate::queue::Heap;
use crate::solution::{Limits, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, StateSpace, estimated_total};
use crate::store::{HashedStore, NO_SLOT, NodeStore, Slot};

use super::NO_LINK;
use crate::algo::best_first::priced;
use crate::algo::engine::extended;

/// What a worker stores per state: the link to its parent, its cost `g`, and whether it
/// was expanded (or recorded as a goal) at that cost.
pub(super) type Node<C> = (u64, C, bool);

/// A successor on its way to its owner: the state, its cost, the link to its parent.
pub(super) type Message<S, C> = (S, C, u64);

/// An open list entry: least `f`, then largest `g` first (as A*), and the slot.
pub(super) type Entry<C> = Reverse<(C, Reverse<C>, Slot)>;

/// The link of `slot` in the store of worker `owner`.
pub(super) fn link(owner: usize, slot: Slot) -> u64 {
    ((owner as u64) << 32) | u64::from(slot)
}

/// The worker and slot of a link.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a link packs a worker number and a slot, both below 2^32"
)]
pub(super) fn unlink(link: u64) -> (usize, Slot) {
    ((link >> 32) as usize, link as Slot)
}

/// The owner of `state` among `threads` workers.
#[expect(
    clippy::cast_possible_truncation,
    reason = "the remainder is below the number of threads, a usize"
)]
pub(super) fn owner<S: Hash>(state: &S, threads: usize) -> usize {
    if threads == 1 {
        return 0;
    }
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
pub(super) struct Halt {
    pub(super) raised: AtomicBool,
    pub(super) reason: OnceLock<StopReason>,
}

impl Halt {
    pub(super) fn stop(&self, reason: StopReason) {
        let _first = self.reason.set(reason);
        self.raised.store(true, Ordering::Release);
    }

    pub(super) fn is_raised(&self) -> bool {
        self.raised.load(Ordering::Acquire)
    }
}

/// Raises the halt when a worker unwinds (a panicking space or heuristic), so that the
/// other workers stop instead of waiting for it forever.
pub(super) struct PanicGuard<'h>(pub(super) &'h Halt);

impl Drop for PanicGuard<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop(StopReason::Cancelled);
        }
    }
}

/// The messages waiting for one worker, and a lower bound on their `f`: the least `f`
/// of the states whose expansion sent them.
pub(super) struct Inbox<S, C> {
    pub(super) messages: Vec<Message<S, C>>,
    pub(super) least: Option<C>,
}

/// The lesser of two optional costs, `None` being none.
pub(super) fn least<C: Cost>(a: Option<C>, b: Option<C>) -> Option<C> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// What the workers share.
pub(super) struct Shared<S, C> {
    pub(super) inboxes: Vec<Mutex<Inbox<S, C>>>,
    /// Active workers plus messages in flight (see the module documentation).
    pub(super) outstanding: AtomicU64,
    pub(super) halt: Halt,
    /// The least goal cost found and the goal's link.
    pub(super) incumbent: Mutex<Option<(C, u64)>>,
    /// Bumped at every change of the incumbent, so workers re-read it only then.
    pub(super) version: AtomicU64,
    /// Expansions of all workers, as of their last exchange.
    pub(super) expanded: AtomicU64,
    /// Each worker's memory, as of its last exchange.
    pub(super) memory: Vec<AtomicUsize>,
    /// The workers' threads, to wake an idle one when messages arrive.
    pub(super) threads: OnceLock<Vec<Thread>>,
    /// Each worker's least open `f` below the incumbent, as it last said; `None` when it
    /// has none (idle).
    pub(super) fronts: Vec<Mutex<Option<C>>>,
}

impl<S, C: Cost> Shared<S, C> {
    pub(super) fn incumbent(&self) -> Option<(C, u64)> {
        *self
            .incumbent
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The least front of the workers other than `id`, counting the messages waiting in
    /// their inboxes; `None` when all are idle with empty inboxes.
    pub(super) fn others_front(&self, id: usize) -> Option<C> {
        let mut front = None;
        for other in (0..self.fronts.len()).filter(|&other| other != id) {
            let theirs = *self.fronts[other]
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let waiting = self.inboxes[other]
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .least;
            front = least(front, least(theirs, waiting));
        }
        front
    }
}

/// One worker: the states it owns, its open list, and its outgoing messages.
pub(super) struct Worker<S, C> {
    pub(super) id: usize,
    pub(super) store: HashedStore<S, Node<C>>,
    pub(super) open: Heap<Entry<C>>,
    pub(super) outgoing: Vec<Vec<Message<S, C>>>,
    pub(super) stats: Stats,
    /// Expansions not yet added to the shared count.
    pub(super) unreported: u64,
    /// Some state was not opened because its `f` is above the cost limit.
    pub(super) cut: bool,
    /// Some path cost did not fit the cost type.
    pub(super) overflowed: bool,
    /// The front this worker last published.
    pub(super) front: Option<C>,
    /// The least `f` of the states expanded since the last flush: a lower bound on the
    /// `f` of the messages in the outgoing buffers (with a consistent heuristic).
    pub(super) floor: Option<C>,
}

impl<S: Clone + Eq + Hash, C: Cost> Worker<S, C> {
    pub(super) fn new(id: usize, threads: usize) -> Self {
        let mut worker = Self {
            id,
            store: HashedStore::new(),
            open: Heap::new(),
            outgoing: Vec::new(),
            stats: Stats::default(),
            unreported: 0,
            cut: false,
            overflowed: false,
            front: None,
            floor: None,
        };
        worker.reset(id, threads);
        worker
    }

    /// Makes the worker `id` of `threads` with nothing stored, keeping its buffers.
    pub(super) fn reset(&mut self, id: usize, threads: usize) {
        self.id = id;
        self.store.clear();
        self.open.clear();
        self.outgoing.truncate(threads);
        for out in &mut self.outgoing {
            out.clear();
        }
        self.outgoing.resize_with(threads, Vec::new);
        self.stats = Stats {
            iterations: 1,
            ..Stats::default()
        };
        self.unreported = 0;
        self.cut = false;
        self.overflowed = false;
        self.front = None;
        self.floor = None;
    }

    /// The heap memory the worker holds, in bytes.
    pub(super) fn memory(&self) -> usize {
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
    pub(super) fn receive<H: Heuristic<S, C> + ?Sized>(
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
        // A dead end, or a path too dear for the cost type.
        let Some(f) = estimated_total(g, heuristic.estimate(state), &mut self.overflowed) else {
            return Ok(());
        };
        if limits.exceeds_cost(f) {
            self.cut = true;
            return Ok(());
        }
        self.open
            .push(Reverse((f, Reverse(g), slot)))
            .map_err(StopReason::Capacity)?;
        self.stats.peak_open = self.stats.peak_open.max(self.open.len());
        Ok(())
    }

    /// Expands `state`, stored at `slot` at cost `g`: its successors go to their owners,
    /// into this worker's store and open list or into the outgoing buffers.
    pub(super) fn expand<Sp, H>(
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
        let mut halt = None;
        self.stats.expanded += 1;
        self.unreported += 1;
        space.successors(state, |next, step| {
            self.stats.generated += 1;
            let Some(cost) = extended(g, step, &mut halt, &mut self.overflowed) else {
                return;
            };
            let to = owner(&next, threads);
            if to == self.id {
                halt = self.receive(&next, cost, parent, heuristic, limits).err();
                return;
            }
            let out = &mut self.outgoing[to];
            if out.try_reserve(1).is_err() {
                let bytes = size_of::<Message<S, C>>();
                let error = CapacityError::out_of_memory(out.len() + 1, bytes);
                halt = Some(StopReason::Capacity(error));
                return;
            }
            out.push((next, cost, parent));
        });
        halt.map_or(Ok(()), Err)
    }

    /// Publishes `front`, this worker's least open `f` below the incumbent.
    pub(super) fn publish(&mut self, shared: &Shared<S, C>, front: Option<C>) {
        if self.front != front {
            *shared.fronts[self.id]
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = front;
            self.front = front;
        }
    }

    /// The `f` of the open state this worker expands next (stale entries dropped).
    pub(super) fn next_f(&mut self) -> Option<C> {
        while let Some(&Reverse((f, Reverse(g), slot))) = self.open.peek() {
            let &(_, stored, closed) = self.store.value(slot);
            if !closed && stored == g {
                return Some(f);
            }
            self.open.pop();
        }
        None
    }

    /// Sends the buffered messages to their owners.
    pub(super) fn flush(&mut self, shared: &Shared<S, C>) -> Result<(), StopReason> {
        for (to, out) in self.outgoing.iter_mut().enumerate() {
            if out.is_empty() {
                continue;
            }
            let mut guard = shared.inboxes[to]
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let inbox = &mut *guard;
            if inbox.messages.try_reserve(out.len()).is_err() {
                let bytes = size_of::<Message<S, C>>();
                let error = CapacityError::out_of_memory(inbox.messages.len() + out.len(), bytes);
                return Err(StopReason::Capacity(error));
            }
            // Counted before the owner can see them (it takes them under the lock).
            shared
                .outstanding
                .fetch_add(out.len() as u64, Ordering::AcqRel);
            inbox.least = least(inbox.least, self.floor);
            if inbox.messages.is_empty() {
                // Hand the whole buffer over and keep the inbox's spent one.
                core::mem::swap(&mut inbox.messages, out);
            } else {
                inbox.messages.append(out);
            }
            drop(guard);
            if let Some(threads) = shared.threads.get() {
                threads[to].unpark();
            }
        }
        self.floor = None;
        Ok(())
    }

    /// Takes the messages of the inbox into the store and open list, then subtracts their
    /// number from `outstanding` (see the module's termination argument); how many there
    /// were.
    pub(super) fn drain<H: Heuristic<S, C> + ?Sized>(
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
            if inbox.messages.is_empty() {
                return Ok(0);
            }
            core::mem::swap(&mut inbox.messages, spare);
            // Their bound moves to this worker's front before the inbox is seen empty.
            let front = least(self.front, inbox.least.take());
            self.publish(shared, front);
        }
        let taken = spare.len() as u64;
        let mut result = Ok(taken);
        for (state, g, parent) in spare.drain(..) {
            if result.is_ok()
                && let Err(reason) = self.receive(&state, g, parent, heuristic, limits)
            {
                result = Err(reason);
            }
        }
        if result.is_ok() {
            shared.outstanding.fetch_sub(taken, Ordering::AcqRel);
        }
        result
    }
}

/// What the search has to go on with once a worker has taken a state from its open
/// list.
pub(super) enum Next<S, C> {
    /// Expand this state, stored at this slot at cost `g`.
    Expand(S, Slot, C),
    /// Nothing open below the incumbent.
    Idle,
}

/// Takes the open state of least `f` below `bound` (stale entries skipped), or says there
/// is none; the state is marked expanded.
pub(super) fn take<S: Clone + Eq + Hash, C: Cost>(
    w: &mut Worker<S, C>,
    bound: Option<C>,
) -> Next<S, C> {
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
pub(super) fn idle<S: Clone + Eq + Hash, C: Cost, H: Heuristic<S, C> + ?Sized>(
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
            .messages
            .is_empty();
        if waiting {
            // Active again before the messages are taken: the counter stays above 0.
            shared.outstanding.fetch_add(1, Ordering::AcqRel);
            match w.drain(shared, spare, heuristic, limits) {
                Ok(_) => return true,
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
pub(super) fn rebuild<Sp>(
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
    priced(space, path, recorded)
}
