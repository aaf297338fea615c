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
//! # Keeping the threads in step
//!
//! Plain HDA* lets a thread that has run out of states of the current `f` go on with
//! larger ones while another thread is still sending it states of the current `f`: it then
//! expands states at costs that those messages lower, and expands them again. On a maze
//! with two threads that tripled the expansions. So each worker publishes its *front*,
//! the least `f` it has open below the incumbent (none when idle), and each inbox holds,
//! with its messages, a lower bound on their `f` (the least `f` of the states whose
//! expansion sent them: with a consistent heuristic a successor's `f` is no less). Before
//! a worker goes on to an `f` larger than any it has checked, it sends its buffered
//! messages, publishes its front, takes its inbox, and waits (taking its inbox and
//! yielding) while another worker's front or inbox bound is below that `f`. A receiver
//! lowers its front by its inbox's bound when it takes the messages, under the inbox's
//! lock, so a bound is never lost between the two. This only orders the work: the
//! worker with the least front never waits (after taking its inbox, its front is its true
//! least `f`), so some worker always makes progress, and nothing in the argument below
//! depends on it. With an inconsistent heuristic the bounds may be too high, which only
//! lets more expansions happen early.
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

mod worker;

use core::hash::Hash;
use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};

use crate::algo::engine::{Engine, Setup, Solver, engine_setup};
use crate::error::CapacityError;
use crate::event::Visitor;
use crate::problem::{SearchProblem, StateOf};
use crate::solution::{Outcome, Search, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, StateSpace};
use crate::store::NodeStore;

use worker::{
    Halt, Inbox, Message, Next, PanicGuard, Shared, Worker, idle, least, link, owner, rebuild, take,
};

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
/// The threads are kept roughly in step by `f` (see the module documentation), so with a
/// consistent heuristic few states are expanded twice; the price is a short wait at each
/// new `f` for the slowest thread. With one thread it is A* over hashed storage, slower
/// than the dense storage `astar` uses when the problem has an indexer (`BENCHMARKS.md`).
///
/// Through [`Solver`]: `search` with fresh buffers, `search_in` with an [`HdaScratch`]
/// whose workers' stores, open lists and message buffers are kept from one search to the
/// next. The visitor of `search_in` and `search_with` sees no events: the workers run on
/// threads of their own.
///
/// A store or open list that cannot grow stops the search with [`StopReason::Capacity`];
/// a negative step cost with [`StopReason::NegativeCost`].
///
/// # Panics
///
/// When the space, the heuristic or the goal test panics on a worker thread: the other
/// workers stop and the panic is passed on. Also when the current pool has more than 2^32
/// threads.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "parallel")] {
/// use state_search::{Dijkstra, Engine, Hda, NoVisitor, Problem, Solver};
///
/// // +1 costs 1, *2 costs 3; from 1 to 100. The heuristic: one step if not there yet.
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)].into_iter().filter(|&(m, _)| m <= 100));
/// let h = |&n: &u32| u32::from(n != 100);
/// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
/// let search = pool.install(|| Hda::new().search(&Problem::new(&space, [1], |&n| n == 100).heuristic(&h)));
/// let found = search.found().unwrap();
/// assert_eq!(found.cost, 18); // 1 2 3 6 12 24 25 50 100: 1 + 1 + 3 + 3 + 3 + 1 + 3 + 3
/// assert_eq!(found.path, [1, 2, 3, 6, 12, 24, 25, 50, 100]);
///
/// // Many searches, one set of buffers; the costs are Dijkstra's.
/// let hda = Hda::new();
/// let mut scratch = hda.scratch()?;
/// for target in [10, 50, 7] {
///     let problem = Problem::new(&space, [1], move |&n| n == target);
///     let search = pool.install(|| hda.search_in(&mut scratch, &problem, &mut NoVisitor));
///     let least = Dijkstra::new().search(&problem).into_found().unwrap().cost;
///     assert_eq!(search.into_found().unwrap().cost, least);
/// }
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Hda<C> {
    setup: Setup<(), C>,
}

engine_setup!(Hda<C>, cost C);

impl<C: Cost> Default for Hda<C> {
    fn default() -> Self {
        Self::new()
    }
}

/// The buffers of an HDA* search: each worker's store, open list and outgoing messages,
/// kept from one search to the next (the workers a search needs beyond those kept are
/// built for it).
pub struct HdaScratch<S, C> {
    workers: Vec<Worker<S, C>>,
}

impl<S: Clone + Eq + Hash, C: Cost> HdaScratch<S, C> {
    /// The heap memory the workers' buffers hold, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.workers.iter().map(Worker::memory).sum()
    }
}

impl<S: Clone + Eq + Hash, C: Cost> core::fmt::Debug for HdaScratch<S, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("HdaScratch")
            .field("workers", &self.workers.len())
            .field("memory_bytes", &self.memory_bytes())
            .finish()
    }
}

impl<S, C: Cost> Engine<S> for Hda<C> {
    type Scratch = HdaScratch<S, C>;

    fn scratch(&self) -> Result<HdaScratch<S, C>, CapacityError> {
        Ok(HdaScratch {
            workers: Vec::new(),
        })
    }
}

impl<C: Cost> Hda<C> {
    /// A search without limits.
    #[must_use]
    pub fn new() -> Self {
        Self {
            setup: Setup::new(()),
        }
    }
}

/// The search of `problem`'s space from its starts for a goal, guided by its heuristic, on
/// as many threads as the current rayon pool has (see [`Hda`]).
impl<P, C> Solver<P> for Hda<C>
where
    P: SearchProblem + Sync,
    P::Space: StateSpace<Cost = C> + Sync,
    StateOf<P>: Send,
    C: Cost + Send + Sync,
    P::H: Sync,
{
    type Cost = C;
    type Output = Search<Solution<StateOf<P>, C>>;

    fn search_in<V: Visitor<StateOf<P>, C>>(
        &self,
        scratch: &mut HdaScratch<StateOf<P>, C>,
        problem: &P,
        _visitor: &mut V,
    ) -> Search<Solution<StateOf<P>, C>> {
        self.run(&mut scratch.workers, problem)
    }
}

impl<C: Cost> Hda<C> {
    /// The search of [`Solver::search_in`], in `workers`.
    fn run<P>(
        &self,
        workers: &mut Vec<Worker<StateOf<P>, C>>,
        problem: &P,
    ) -> Search<Solution<StateOf<P>, C>>
    where
        P: SearchProblem + Sync,
        P::Space: StateSpace<Cost = C> + Sync,
        StateOf<P>: Send,
        C: Send + Sync,
        P::H: Sync,
    {
        let (space, heuristic) = (problem.space(), problem.heuristic());
        let is_goal = |state: &StateOf<P>| problem.is_goal(state);
        // The workers read `started.limits`: this search's, its time limit counted from now.
        let started = &Hda {
            setup: Setup {
                storage: (),
                limits: self.setup.limits.started(),
            },
        };
        let threads = rayon::current_num_threads().max(1);
        assert!(
            u32::try_from(threads).is_ok(),
            "more than 2^32 threads in the pool"
        );
        let shared = Shared {
            inboxes: (0..threads)
                .map(|_| {
                    Mutex::new(Inbox {
                        messages: Vec::new(),
                        least: None,
                    })
                })
                .collect(),
            outstanding: AtomicU64::new(threads as u64),
            halt: Halt::default(),
            incumbent: Mutex::new(None),
            version: AtomicU64::new(0),
            expanded: AtomicU64::new(0),
            memory: (0..threads).map(|_| AtomicUsize::new(0)).collect(),
            threads: OnceLock::new(),
            fronts: (0..threads).map(|_| Mutex::new(None)).collect(),
        };
        workers.truncate(threads);
        for (id, worker) in workers.iter_mut().enumerate() {
            worker.reset(id, threads);
        }
        workers.extend((workers.len()..threads).map(|id| Worker::new(id, threads)));
        for start in problem.starts() {
            let w = &mut workers[owner(start, threads)];
            if let Err(reason) =
                w.receive(start, C::ZERO, NO_LINK, heuristic, &started.setup.limits)
            {
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
                            started.work(worker, shared, space, heuristic, is_goal);
                        })
                    })
                    .collect();
                let _set = shared
                    .threads
                    .set(handles.iter().map(|h| h.thread().clone()).collect());
            });
        }
        Self::finish(workers, &shared, space)
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
        // The largest `f` this worker found no other worker below.
        let mut verified: Option<C> = None;
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
            let next = w.next_f().filter(|&f| bound.is_none_or(|best| f < best));
            if let Some(f) = next {
                if verified.is_none_or(|v| f > v) {
                    // Moving on to a larger `f`: send what this worker found below it, say
                    // where it is, and let any worker still below `f` catch up, so that
                    // states are not expanded at costs its messages would lower.
                    if let Err(reason) = w.flush(shared) {
                        return fail(reason);
                    }
                    w.publish(shared, Some(f));
                    let least = shared.others_front(w.id);
                    // What the others sent before they said they had moved on, too.
                    match w.drain(shared, &mut spare, heuristic, &self.setup.limits) {
                        Ok(0) => {}
                        Ok(_) => continue,
                        Err(reason) => return fail(reason),
                    }
                    if least.is_some_and(|least| f > least) {
                        std::thread::yield_now();
                        continue;
                    }
                    verified = Some(f);
                } else {
                    w.publish(shared, Some(f));
                }
            }
            let (state, slot, g) = match take(w, bound) {
                Next::Expand(state, slot, g) => (state, slot, g),
                Next::Idle => {
                    verified = None;
                    // Before idling: send what is buffered, take what has arrived.
                    if let Err(reason) = w.flush(shared) {
                        return fail(reason);
                    }
                    w.publish(shared, None);
                    match w.drain(shared, &mut spare, heuristic, &self.setup.limits) {
                        Ok(0) => {}
                        Ok(_) => continue,
                        Err(reason) => return fail(reason),
                    }
                    if !idle(w, shared, &mut spare, heuristic, &self.setup.limits) {
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
            if let Some(max) = self.setup.limits.expansion_limit()
                && shared.expanded.load(Ordering::Relaxed) + w.unreported >= max
            {
                return fail(StopReason::Expansions);
            }
            since_exchange += 1;
            w.floor = least(w.floor, next);
            if let Err(reason) = w.expand(space, &state, slot, g, heuristic, &self.setup.limits) {
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
        w.drain(shared, spare, heuristic, &self.setup.limits)?;
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
        self.setup.limits.check_now(so_far, memory)
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
