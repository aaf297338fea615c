//! Every optimal path: a Dijkstra search that keeps *all* optimal predecessors of each
//! state, the part of that graph that leads to a goal, the number of paths through it,
//! and a lazy enumeration of them.

use core::hash::Hash;

use crate::algo::engine::extended;
use crate::error::CapacityError;
use crate::queue::{BinaryQueue, PriorityQueue};
use crate::solution::{Limits, Stats, StopReason};
use crate::space::{Cost, StateIndexer, StateSpace};
use crate::store::{Chosen, ChosenStore, NodeStore, Probe, Ran, Reusable, Slot, Spread, Storage};
use crate::store::{StorageUser, try_push, with_storage};
use crate::strategy::{CostOf, MaybeIndexer, SearchProblem, StateOf};

use super::dag::{OptimalDag, OptimalPathsIter};
use super::{PathCount, PathsError};

/// What the search records per state: `(g, first predecessor link + 1 (0: none), mark,
/// closed, start)`. The mark is 0 before the back-trace, 1 while the back-trace is inside
/// the state, and its index in the DAG + 2 after.
type Record<C> = (C, u32, u32, bool, bool);

/// A predecessor link: the predecessor's slot and the next link + 1 (0: none).
type Link = (Slot, u32);

/// [`Record`] mark: not reached by the back-trace.
const UNSEEN: u32 = 0;
/// [`Record`] mark: on the back-trace's stack.
const ON_STACK: u32 = 1;

/// Every least-cost path from a start of `problem` to a goal, as a graph of optimal
/// predecessors: the optimum, the number of optimal paths, the graph, and a lazy
/// enumeration of the paths.
///
/// The search is Dijkstra's, from every start at once, that records for each state `s`
/// every predecessor `p` with `g(p) + c(p, s) = g(s)` (not just one), and goes on after the
/// first goal until every state of cost up to the optimum `C*` is settled, so every goal
/// of cost `C*` counts. The graph is then cut to the states that lie on an optimal path
/// (traced back from those goals). A path ends at the first goal it reaches (see
/// [the module](super)): goal states are not expanded. The problem's heuristic is not
/// used; its indexer and storage policy are ([`StoragePolicy`](crate::StoragePolicy)).
///
/// Steps of cost zero are allowed. A cycle of them on an optimal path makes the number of
/// optimal paths infinite ([`PathCount::Infinite`]); the enumeration then lists the
/// *simple* optimal paths (no state twice), which are finitely many.
///
/// # Errors
///
/// - [`PathsError::Stopped`] when a limit stops the search ([`Limits`]: expansions, cost,
///   deadline, cancel flag, memory), a store cannot grow, or no goal is found and some
///   path cost overflowed the cost type. The limits are checked while the search
///   settles states; building the graph afterwards allocates fallibly but is not limited.
/// - [`PathsError::NegativeCost`] when a step of negative cost is met.
/// - [`PathsError::Capacity`] when dense storage was asked for and cannot be had.
///
/// No path is not an error: the answer's [`cost`](OptimalPaths::cost) is then `None`.
///
/// # Complexity
///
/// The search: O((V + E) log V) time and O(V + E) memory for the V states and E steps
/// with a cost up to `C*` (it reaches the goal layer, and every state of that cost, as
/// Dijkstra would settle them all). Building the graph: O(V' + E') for its V' states and
/// E' optimal steps, counting included.
///
/// # Examples
///
/// Several goals of the same least cost, and a zero-cost cycle on an optimal path:
///
/// ```
/// use state_search::paths::{PathCount, optimal_paths};
/// use state_search::{Limits, Problem};
///
/// // 0 -> 1 -> 3 and 0 -> 2 -> 3 cost 2; 3 -> 4 and 3 -> 5 cost 1 (both goals).
/// let edges = [(0, 1, 1), (0, 2, 1), (1, 3, 1), (2, 3, 1), (3, 4, 1), (3, 5, 1), (0, 5, 9)];
/// let space = state_search::from_fn(move |&n: &u8| {
///     edges.into_iter().filter(move |&(from, _, _)| from == n).map(|(_, to, c)| (to, c as u32))
/// });
/// let problem = Problem::new(&space, [0], |&n| n >= 4);
/// let all = optimal_paths(&problem, &Limits::new())?;
/// assert_eq!(all.cost(), Some(3));
/// assert_eq!(all.count(), PathCount::Exact(4));
/// let mut paths: Vec<Vec<u8>> = all.iter().collect();
/// paths.sort();
/// assert_eq!(paths, [[0, 1, 3, 4], [0, 1, 3, 5], [0, 2, 3, 4], [0, 2, 3, 5]]);
///
/// // Add 1 -> 2 and 2 -> 1 at cost 0: the walk may loop between them forever.
/// let looping = state_search::from_fn(move |&n: &u8| {
///     let extra = match n { 1 => Some((2, 0)), 2 => Some((1, 0)), _ => None };
///     edges.into_iter().filter(move |&(from, _, _)| from == n)
///         .map(|(_, to, c)| (to, c as u32)).chain(extra)
/// });
/// let all = optimal_paths(&Problem::new(&looping, [0], |&n| n >= 4), &Limits::new())?;
/// assert_eq!(all.count(), PathCount::Infinite);
/// // The simple ones: 0 1 3, 0 2 3, 0 1 2 3, 0 2 1 3, each to 4 or 5.
/// assert_eq!(all.iter().count(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[expect(
    clippy::type_complexity,
    reason = "the answer or the error, both over the space's state and cost types"
)]
pub fn optimal_paths<P: SearchProblem>(
    problem: &P,
    limits: &Limits<CostOf<P>>,
) -> Result<OptimalPaths<StateOf<P>, CostOf<P>>, PathsError<StateOf<P>, CostOf<P>>> {
    let limits = &limits.started();
    let is_goal = |state: &StateOf<P>| problem.is_goal(state);
    let mut run = Run {
        space: problem.space(),
        starts: problem.starts(),
        is_goal: &is_goal,
        limits,
        outgrown: None,
    };
    with_storage(
        problem.storage(),
        false,
        problem.indexer().get(),
        size_of::<Record<CostOf<P>>>(),
        limits.memory_limit(),
        &mut run,
    )
    .map_err(PathsError::Capacity)?
}

/// The search's inputs, run once the storage is chosen.
struct Run<'a, Sp: StateSpace + ?Sized, G, I> {
    space: &'a Sp,
    starts: &'a [Sp::State],
    is_goal: &'a G,
    limits: &'a Limits<Sp::Cost>,
    /// The store of a hashed start that outgrew its probe, until the next run.
    outgrown: Option<ChosenStore<Sp::State, I, Record<Sp::Cost>>>,
}

/// The answer of [`optimal_paths`].
type Answer<S, C> = Result<OptimalPaths<S, C>, PathsError<S, C>>;

impl<Sp, G, I> StorageUser<Sp::State, I> for Run<'_, Sp, G, I>
where
    Sp: StateSpace + ?Sized,
    G: Fn(&Sp::State) -> bool,
    I: StateIndexer<Sp::State>,
{
    type Output = Answer<Sp::State, Sp::Cost>;

    fn run(
        &mut self,
        storage: Chosen<I>,
        probe: Option<Probe>,
    ) -> Result<Ran<Self::Output>, CapacityError> {
        let limits = Probe::limits(probe, self.limits);
        self.outgrown = None;
        let mut search = Search {
            store: storage.try_store::<Record<Sp::Cost>>()?,
            queue: BinaryQueue::new(),
            links: Vec::new(),
            goals: Vec::new(),
            stats: Stats {
                iterations: 1,
                ..Stats::default()
            },
        };
        let explored = search.explore(self.space, self.starts, self.is_goal, &limits);
        if Probe::stopped(probe, explored.as_ref().err()) {
            self.outgrown = Some(search.store);
            return Ok(Ran::Outgrew);
        }
        search.stats.stored = search.store.len();
        search.stats.memory = search.memory_bytes();
        let stats = search.stats;
        Ok(Ran::Done(match explored {
            Ok(None) => Ok(OptimalPaths::none(stats)),
            Ok(Some(best)) => search.build(best).map_err(|error| PathsError::Stopped {
                reason: StopReason::Capacity(error),
                stats,
            }),
            Err(StopReason::NegativeCost) => Err(PathsError::NegativeCost),
            Err(reason) => Err(PathsError::Stopped { reason, stats }),
        }))
    }

    fn spread(&self, spread: &mut Spread<'_, I>) {
        self.outgrown.spread(spread);
    }
}

/// The buffers of the search.
struct Search<C, NS> {
    store: NS,
    queue: BinaryQueue<C>,
    links: Vec<Link>,
    /// The goals settled, all at the optimum.
    goals: Vec<Slot>,
    stats: Stats,
}

impl<C: Cost, NS> Search<C, NS> {
    /// The heap memory held, in bytes.
    fn memory_bytes<S>(&self) -> usize
    where
        NS: NodeStore<S, Record<C>>,
    {
        self.store.memory_bytes()
            + self.queue.memory_bytes()
            + self.links.capacity() * size_of::<Link>()
            + self.goals.capacity() * size_of::<Slot>()
    }

    /// Stores and queues the start states; `true` when the cost limit is below zero.
    fn seed<S>(&mut self, starts: &[S], limits: &Limits<C>) -> Result<bool, StopReason>
    where
        NS: NodeStore<S, Record<C>>,
    {
        let mut cut = false;
        for start in starts {
            let root = (C::ZERO, 0, UNSEEN, false, true);
            let (slot, fresh) = self
                .store
                .insert(start, root)
                .map_err(StopReason::Capacity)?;
            if !fresh {
                continue;
            }
            if limits.exceeds_cost(C::ZERO) {
                cut = true;
            } else {
                self.queue
                    .push(C::ZERO, slot)
                    .map_err(StopReason::Capacity)?;
            }
        }
        Ok(cut)
    }

    /// Settles every state of cost up to the optimum, recording all optimal predecessors.
    /// Returns the optimum, `None` when no goal is reachable.
    fn explore<Sp, G>(
        &mut self,
        space: &Sp,
        starts: &[Sp::State],
        is_goal: &G,
        limits: &Limits<C>,
    ) -> Result<Option<C>, StopReason>
    where
        Sp: StateSpace<Cost = C> + ?Sized,
        G: Fn(&Sp::State) -> bool,
        NS: NodeStore<Sp::State, Record<C>>,
    {
        let mut cut = self.seed(starts, limits)?;
        let mut overflowed = false;
        let mut best: Option<C> = None;
        let mut halt: Option<StopReason> = None;
        while let Some((g, slot)) = self.queue.pop().map_err(StopReason::Capacity)? {
            self.stats.peak_open = self.stats.peak_open.max(self.queue.len() + 1);
            let &(recorded, _, _, closed, _) = self.store.value(slot);
            if closed || recorded != g {
                continue; // a stale entry
            }
            if best.is_some_and(|best| g > best) {
                break; // every state of cost up to the optimum is settled
            }
            self.store.value_mut(slot).3 = true;
            let state = self.store.state(slot);
            if is_goal(&state) {
                best.get_or_insert(g);
                try_push(&mut self.goals, slot).map_err(StopReason::Capacity)?;
                continue; // a path ends at the first goal it reaches
            }
            limits.check(self.stats.expanded, || self.memory_bytes::<Sp::State>())?;
            self.stats.expanded += 1;
            let Self {
                store,
                queue,
                links,
                stats,
                ..
            } = self;
            space.successors(&state, |next, step| {
                stats.generated += 1;
                let Some(cost) = extended(g, step, &mut halt, &mut overflowed) else {
                    return;
                };
                if best.is_some_and(|best| cost > best) {
                    return;
                }
                if limits.exceeds_cost(cost) {
                    cut = true;
                    return;
                }
                let fresh_record = (cost, 0, UNSEEN, false, false);
                let (next_slot, fresh) = match store.insert(&next, fresh_record) {
                    Ok(inserted) => inserted,
                    Err(error) => {
                        halt = Some(StopReason::Capacity(error));
                        return;
                    }
                };
                let record = store.value_mut(next_slot);
                if fresh || cost < record.0 {
                    // A better cost (never for a closed state: costs are non-negative):
                    // the predecessors recorded so far are not optimal.
                    record.0 = cost;
                    record.1 = 0;
                    if let Err(error) = queue.push(cost, next_slot) {
                        halt = Some(StopReason::Capacity(error));
                        return;
                    }
                } else if cost > record.0
                    || (record.1 != 0 && links[record.1 as usize - 1].0 == slot)
                {
                    // Not optimal, or a parallel step from the same state: paths are
                    // sequences of states, and this one is recorded.
                    return;
                }
                // An optimal predecessor (also of a closed state, through a zero step).
                let link = u32::try_from(links.len() + 1)
                    .ok()
                    .filter(|&l| l < u32::MAX);
                let Some(link) = link else {
                    halt = Some(StopReason::Capacity(CapacityError::too_many_states(
                        links.len() + 1,
                    )));
                    return;
                };
                if let Err(error) = try_push(links, (slot, record.1)) {
                    halt = Some(StopReason::Capacity(error));
                    return;
                }
                record.1 = link;
            });
            if let Some(reason) = halt {
                return Err(reason);
            }
        }
        match best {
            Some(best) => Ok(Some(best)),
            None if cut => Err(StopReason::Cost),
            None if overflowed => Err(StopReason::CostOverflow),
            None => Ok(None),
        }
    }

    /// The predecessor slots of the state whose first link is `head`.
    fn predecessors(links: &[Link], head: u32) -> impl Iterator<Item = Slot> + '_ {
        let mut at = head;
        core::iter::from_fn(move || {
            let (pred, next) = *links.get(at.checked_sub(1)? as usize)?;
            at = next;
            Some(pred)
        })
    }

    /// Traces the optimal predecessors back from the goals, counts the paths, and builds
    /// the graph of the states traced.
    fn build<S>(mut self, best: C) -> Result<OptimalPaths<S, C>, CapacityError>
    where
        S: Clone + Eq + Hash,
        NS: NodeStore<S, Record<C>>,
    {
        // Depth-first over predecessors from every goal, each state numbered when it is
        // left (after all of its predecessors, unless they form a cycle), its count of
        // paths then known: one if it is a start, plus its predecessors' counts.
        let mut order: Vec<Slot> = Vec::new();
        // `None`: more than u128::MAX.
        let mut counts: Vec<Option<u128>> = Vec::new();
        let mut stack: Vec<(Slot, u32)> = Vec::new();
        let mut cyclic = false;
        let Self {
            store,
            links,
            goals,
            stats,
            ..
        } = &mut self;
        for &goal in goals.iter() {
            if store.value(goal).2 != UNSEEN {
                continue;
            }
            store.value_mut(goal).2 = ON_STACK;
            try_push(&mut stack, (goal, store.value(goal).1))?;
            while let Some((slot, link)) = stack.last_mut() {
                let slot = *slot;
                if let Some(&(pred, next)) = link.checked_sub(1).and_then(|l| links.get(l as usize))
                {
                    *link = next;
                    match store.value(pred).2 {
                        UNSEEN => {
                            store.value_mut(pred).2 = ON_STACK;
                            try_push(&mut stack, (pred, store.value(pred).1))?;
                        }
                        ON_STACK => cyclic = true,
                        _ => {}
                    }
                    continue;
                }
                stack.pop();
                let &(_, head, _, _, start) = store.value(slot);
                let mut count = Some(u128::from(start));
                for pred in Self::predecessors(links, head) {
                    let mark = store.value(pred).2;
                    if mark > ON_STACK {
                        let known = counts[(mark - 2) as usize];
                        count = count.and_then(|n| n.checked_add(known?));
                    }
                }
                let index = u32::try_from(order.len() + 2)
                    .map_err(|_| CapacityError::too_many_states(order.len()))?;
                store.value_mut(slot).2 = index;
                try_push(&mut order, slot)?;
                try_push(&mut counts, count)?;
            }
        }
        let count = if cyclic {
            PathCount::Infinite
        } else {
            let total = goals.iter().try_fold(0u128, |total, &goal| {
                total.checked_add(counts[(store.value(goal).2 - 2) as usize]?)
            });
            total.map_or(PathCount::Saturated, PathCount::Exact)
        };
        let head = |slot: Slot| store.value(slot).1;
        let steps = order
            .iter()
            .map(|&slot| Self::predecessors(links, head(slot)).count())
            .sum();
        let mut dag = OptimalDag::with_capacity(order.len(), steps)?;
        let index_of = |slot: Slot| store.value(slot).2 - 2;
        for &slot in &order {
            let &(g, head, _, _, start) = store.value(slot);
            let preds = Self::predecessors(links, head).map(index_of);
            dag.push(store.state(slot), g, start, preds)?;
        }
        dag.finish(goals.iter().map(|&goal| index_of(goal)))?;
        Ok(OptimalPaths {
            cost: Some(best),
            count,
            dag,
            stats: *stats,
        })
    }
}

/// Every optimal path of a problem: the answer of [`optimal_paths`].
///
/// # Examples
///
/// ```
/// use state_search::paths::{PathCount, optimal_paths};
/// use state_search::{Limits, Problem};
///
/// // n -> n + 1 and n -> n + 2, both cost 1: the ways to climb 5 stairs in 3 steps.
/// let stairs = state_search::from_fn(|&n: &u8| [(n + 1, 1u32), (n + 2, 1)]);
/// let all = optimal_paths(&Problem::new(&stairs, [0], |&n| n == 5), &Limits::new())?;
/// assert_eq!(all.cost(), Some(3));
/// assert_eq!(all.count(), PathCount::Exact(3)); // 1+2+2, 2+1+2, 2+2+1
/// for path in &all {
///     assert_eq!(path.len(), 4);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct OptimalPaths<S, C> {
    cost: Option<C>,
    count: PathCount,
    dag: OptimalDag<S, C>,
    stats: Stats,
}

impl<S, C> OptimalPaths<S, C> {
    /// No path.
    fn none(stats: Stats) -> Self {
        Self {
            cost: None,
            count: PathCount::Exact(0),
            dag: OptimalDag::empty(),
            stats,
        }
    }

    /// The least cost of a path, `None` when no goal is reachable.
    #[must_use]
    pub fn cost(&self) -> Option<C>
    where
        C: Copy,
    {
        self.cost
    }

    /// The number of optimal paths: [`PathCount::Exact`] (zero when there is none),
    /// [`PathCount::Saturated`] beyond `u128::MAX`, or [`PathCount::Infinite`] when a cycle
    /// of zero-cost steps lies on an optimal path.
    ///
    /// # Complexity
    ///
    /// O(1): counted when the graph was built.
    #[must_use]
    pub fn count(&self) -> PathCount {
        self.count
    }

    /// The graph of optimal predecessors, cut to the states on optimal paths.
    #[must_use]
    pub fn dag(&self) -> &OptimalDag<S, C> {
        &self.dag
    }

    /// What the search did.
    #[must_use]
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Every optimal path, lazily, each once: all of them when their number is finite;
    /// with a zero-cost cycle on an optimal path ([`PathCount::Infinite`]), every *simple*
    /// optimal path (no state twice).
    ///
    /// # Complexity
    ///
    /// A depth-first walk of the graph with an explicit stack, from the goals back to the
    /// starts: O(length) per path when the count is finite (every branch ends at a start).
    /// With a zero-cost cycle, branches that close a cycle are cut, and the walk may do
    /// more work between two paths. Memory: the stack, plus a bit per state of the graph
    /// with a cycle.
    pub fn iter(&self) -> OptimalPathsIter<'_, S, C>
    where
        S: Clone,
    {
        OptimalPathsIter::new(&self.dag, !self.count.is_finite())
    }
}

impl<'a, S: Clone, C> IntoIterator for &'a OptimalPaths<S, C> {
    type Item = Vec<S>;
    type IntoIter = OptimalPathsIter<'a, S, C>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
