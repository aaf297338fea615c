//! The best-first loop: states leave an open list in the order of their cost `g` and
//! estimate `h`, and the relax step is written once. [`Dijkstra`](crate::Dijkstra),
//! [`AStar`](crate::AStar), [`WeightedAStar`](crate::WeightedAStar) and
//! [`Greedy`](crate::Greedy) differ in the order of a priority queue (the key types here),
//! [`Focal`](crate::Focal) in its open list, and anytime weighted A* in what it does with
//! the goals it takes. [`BestFirstScratch`] holds the buffers of them all.

use core::convert::Infallible;
use core::hash::Hash;

use crate::algo::engine::{expanding, extended};
use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::problem::{CostOf, SearchProblem, StateOf};
use crate::queue::PriorityQueue;
use crate::solution::{Limits, Outcome, Search, ShortestPaths, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, StateSpace, estimated_total};
use crate::store::{NO_SLOT, NodeStore, Slot, Storage, path_to};

mod goals;
mod least;
mod order;

pub(crate) use goals::Goals;
pub(crate) use least::{LeastF, current};
pub(crate) use order::{ByCost, ByEstimate, ByGreedy, ByWeighted, Open, Order, Ordered};
pub use order::{GreedyKey, WeightedKey};

/// What the best-first engines record per state: `(parent slot, g, closed)`.
///
/// A tuple, not a struct: std allocates `vec![(0, 0, false); n]` for integer costs as
/// zeroed memory that the OS maps lazily, where a struct is written entry by entry. For a
/// dense store of millions of states that is most of the cost of a short search.
pub(crate) type Node<C> = (Slot, C, bool);

/// The record of a start state.
fn root<C: Cost>() -> Node<C> {
    (NO_SLOT, C::ZERO, false)
}

/// The parent slot in a record.
pub(crate) fn parent<C>(node: &Node<C>) -> Slot {
    node.0
}

/// The solution that ends at `slot`: the path along the parent links from a start, and the
/// cost of that path, summed from the space's step costs (the least one of a step the space
/// gives twice).
///
/// `recorded`, the cost stored for `slot`, can be higher: an engine that lowers a state's
/// cost and parent without passing the saving on to the states reached through it (beam
/// and greedy search, and A*, weighted A* and focal search after a closed state is reached
/// more cheaply, until they expand it again) leaves those states with the cost of the dearer way while their parent links
/// already take the cheaper one. `recorded` is kept only if a step of the path is not among
/// the successors, which a space whose successors never change cannot cause.
///
/// # Complexity
///
/// One successor generation per step of the path.
pub(crate) fn traced<Sp, V, St>(
    space: &Sp,
    store: &St,
    slot: Slot,
    parent: impl Fn(&V) -> Slot,
    recorded: Sp::Cost,
) -> Solution<Sp::State, Sp::Cost>
where
    Sp: StateSpace + ?Sized,
    St: NodeStore<Sp::State, V>,
{
    priced(space, path_to(store, slot, parent), recorded)
}

/// `path` with its cost summed from the space's step costs (the least one of a step the
/// space gives twice), or `recorded` if that is less or a step is not among the
/// successors (see [`traced`]).
///
/// # Complexity
///
/// One successor generation per step of the path.
pub(crate) fn priced<Sp: StateSpace + ?Sized>(
    space: &Sp,
    path: Vec<Sp::State>,
    recorded: Sp::Cost,
) -> Solution<Sp::State, Sp::Cost> {
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

/// The buffers of a best-first search: the store of per-state records and the open list
/// (`Q`: a priority queue, or for focal search its [`FocalLists`](crate::algo::focal::FocalLists)).
/// After a search, it answers for the states the search settled.
///
/// Built by [`Engine::scratch`](crate::Engine::scratch) on a [`Dijkstra`](crate::Dijkstra),
/// an [`AStar`](crate::AStar), a [`WeightedAStar`](crate::WeightedAStar), a
/// [`Greedy`](crate::Greedy) or a [`Focal`](crate::Focal).
pub struct BestFirstScratch<S, C: Cost, St: Storage<S>, Q> {
    pub(crate) store: St::Store<Node<C>>,
    pub(crate) queue: Q,
}

impl<S, C: Cost, St: Storage<S>, Q> BestFirstScratch<S, C, St, Q> {
    /// Empty buffers over `storage`, with `queue` as the (empty) queue.
    pub(crate) fn new(storage: &St, queue: Q) -> Result<Self, CapacityError> {
        Ok(Self {
            store: storage.try_store()?,
            queue,
        })
    }

    /// The queue as the open list of `order`, and the store.
    pub(crate) fn ordered<O>(&mut self, order: O) -> (Ordered<O, &mut Q>, &mut St::Store<Node<C>>) {
        let open = Ordered {
            order,
            queue: &mut self.queue,
        };
        (open, &mut self.store)
    }

    /// The cost at which the last search settled `state` (took it from the queue,
    /// including the goal that ended the search), if it did: its least cost for Dijkstra,
    /// and for A* with a consistent heuristic; the suboptimal engines settle states at the
    /// cost of the path they took. States still in the queue when a search ends have no
    /// final cost yet.
    #[must_use]
    pub fn cost(&self, state: &S) -> Option<C> {
        let &(_, g, closed) = self.store.value(self.store.find(state)?);
        closed.then_some(g)
    }

    /// The path along which the last search settled `state`, if it did (a least-cost
    /// path when [`cost`](Self::cost) is the least).
    #[must_use]
    pub fn path_to(&self, state: &S) -> Option<Vec<S>> {
        let slot = self.store.find(state)?;
        self.store
            .value(slot)
            .2
            .then(|| path_to(&self.store, slot, parent))
    }

    /// Every state the last search settled, with its cost and parent as
    /// [`cost`](Self::cost) gives them.
    #[must_use]
    pub fn shortest_paths(&self) -> ShortestPaths<S, C>
    where
        S: Clone + Eq + Hash,
    {
        ShortestPaths::collect(&self.store, |&(parent, g, closed): &Node<C>| {
            closed.then_some((g, parent))
        })
    }

    /// The heap memory held by the store and the queue (of keys `K`: costs for Dijkstra,
    /// [`AStarKey`](crate::algo::astar::AStarKey)s for A*), in bytes.
    #[must_use]
    pub fn memory_bytes<K>(&self) -> usize
    where
        Q: PriorityQueue<K>,
    {
        self.store.memory_bytes() + self.queue.memory_bytes()
    }
}

impl<S, C: Cost, St: Storage<S>, Q: core::fmt::Debug> core::fmt::Debug
    for BestFirstScratch<S, C, St, Q>
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BestFirstScratch")
            .field("stored", &self.store.len())
            .field("queue", &self.queue)
            .finish()
    }
}

/// One best-first search of `problem`: clears the store and the open list, settles
/// states in the order of `open` until a goal the policy takes leaves it, the open list
/// runs dry, or something stops the search, and builds the solution. The legs of a
/// [`Stepper`](crate::Stepper) run the same loop ([`Loop::advance`]), pausing between them.
pub(crate) fn solve<Op, P, N, V>(
    open: &mut Op,
    policy: &mut Goals<StateOf<P>, CostOf<P>>,
    store: &mut N,
    limits: &Limits<CostOf<P>>,
    problem: &P,
    visitor: &mut V,
) -> Search<Solution<StateOf<P>, CostOf<P>>>
where
    Op: Open<StateOf<P>, CostOf<P>, N> + ?Sized,
    P: SearchProblem,
    N: NodeStore<StateOf<P>, Node<CostOf<P>>>,
    V: Visitor<StateOf<P>, CostOf<P>>,
{
    let mut run = Run::new();
    let mut search = Loop {
        open,
        policy,
        store,
        limits,
        problem,
    };
    let explored = search.start(&mut run).and_then(|()| {
        match search.advance(&mut run, visitor, &mut ToTheEnd) {
            Ok(outcome) => Ok(outcome),
            Err(Halt::Stop(reason)) => Err(reason),
        }
    });
    search.conclude(&mut run, explored)
}

/// What one best-first search runs over: its open list, its policy for goals, its store,
/// its limits and its problem, borrowed for a [`solve`] or for one leg of a
/// [`Stepper`](crate::Stepper).
pub(crate) struct Loop<'a, Op: ?Sized, P: SearchProblem, N> {
    pub(crate) open: &'a mut Op,
    pub(crate) policy: &'a mut Goals<StateOf<P>, CostOf<P>>,
    pub(crate) store: &'a mut N,
    pub(crate) limits: &'a Limits<CostOf<P>>,
    pub(crate) problem: &'a P,
}

/// The estimate of a state for a loop: the heuristic's where the order uses estimates
/// (`estimates`) or a cost limit cuts on `f`, zero otherwise, so that a problem's
/// heuristic does not slow a search that ignores it (Dijkstra's without a cost limit).
#[inline]
fn estimator<P: SearchProblem>(
    problem: &P,
    estimates: bool,
    limits: &Limits<CostOf<P>>,
) -> impl Fn(&StateOf<P>) -> CostOf<P> {
    let needs_h = estimates || limits.cost_limit().is_some();
    let heuristic = problem.heuristic();
    move |state| {
        if needs_h {
            heuristic.estimate(state)
        } else {
            CostOf::<P>::ZERO
        }
    }
}

impl<Op, P, N> Loop<'_, Op, P, N>
where
    Op: Open<StateOf<P>, CostOf<P>, N> + ?Sized,
    P: SearchProblem,
    N: NodeStore<StateOf<P>, Node<CostOf<P>>>,
{
    /// Clears the store and the open list and queues the start states.
    ///
    /// # Errors
    ///
    /// [`StopReason::Capacity`] when the store or the open list cannot grow.
    pub(crate) fn start(&mut self, run: &mut Run<CostOf<P>>) -> Result<(), StopReason> {
        let (open, policy, store) = (&mut *self.open, &mut *self.policy, &mut *self.store);
        let (limits, problem) = (self.limits, self.problem);
        store.clear();
        open.clear();
        let estimates = open.estimates();
        let estimate = estimator(problem, estimates, limits);
        let zero = CostOf::<P>::ZERO;
        for start in problem.starts() {
            let (slot, fresh) = store.insert(start, root()).map_err(StopReason::Capacity)?;
            let h = estimate(start);
            if run.best == NO_SLOT || (estimates && run.promising.is_none_or(|p| (h, zero) < p)) {
                (run.best, run.promising) = (slot, Some((h, zero)));
            }
            // A start that is a dead end is not queued.
            if fresh && let Some(f) = estimated_total(zero, h, &mut run.overflowed) {
                if limits.exceeds_cost(f) {
                    run.cut = true;
                } else {
                    open.push(slot, (zero, h, f), start)
                        .and_then(|()| policy.queued(slot, f, zero))
                        .map_err(StopReason::Capacity)?;
                }
            }
        }
        Ok(())
    }

    /// The loop: settles states until a goal the policy takes leaves the open list (its
    /// slot), the list runs dry (no path, or the limit or overflow that cut some path),
    /// something stops the search, or `pace` pauses it before it takes the next entry.
    /// `run` holds what the loop carries from one leg to the next.
    ///
    /// # Errors
    ///
    /// The reason the search stops, or the pause.
    #[expect(
        clippy::too_many_lines,
        reason = "the one best-first loop: settling and the relax step, with the policy's hooks"
    )]
    pub(crate) fn advance<V, Pa>(
        &mut self,
        run: &mut Run<CostOf<P>>,
        visitor: &mut V,
        pace: &mut Pa,
    ) -> Result<Outcome<Slot>, Halt<Pa::Pause>>
    where
        V: Visitor<StateOf<P>, CostOf<P>>,
        Pa: Pace,
    {
        let (open, policy, store) = (&mut *self.open, &mut *self.policy, &mut *self.store);
        let (limits, problem) = (self.limits, self.problem);
        let space = problem.space();
        // What the open list and the policy are: constants once the loop is compiled for
        // them, read at run time when the open list is chosen at run time (`Strategy::run`).
        let (estimates, reopens) = (open.estimates(), open.reopens());
        let prunes = policy.prunes();
        let estimate = estimator(problem, estimates, limits);
        // What the loop carries from leg to leg, in locals while it runs.
        let (mut stats, mut best, mut promising) = (run.stats, run.best, run.promising);
        let mut verdict = Generation {
            overflowed: run.overflowed,
            cut: run.cut,
            halt: None,
        };
        let mut explore = || -> Result<Outcome<Slot>, Halt<Pa::Pause>> {
            let stats = &mut stats;
            let best = &mut best;
            let is_goal = |state: &StateOf<P>| problem.is_goal(state);
            loop {
                if let Some(pause) = pace.pause(stats.expanded) {
                    return Err(Halt::Pause(pause));
                }
                let Some((slot, entry_g)) = open.pop(&*store).map_err(StopReason::Capacity)? else {
                    break;
                };
                stats.peak_open = stats.peak_open.max(open.len() + 1);
                let &(_, g, closed) = store.value(slot);
                if closed || entry_g != g {
                    continue; // a stale entry
                }
                store.value_mut(slot).2 = true;
                let state = store.state(slot);
                // A state that can no longer lead to a goal the policy wants is not expanded.
                if prunes
                    && g.checked_plus(estimate(&state))
                        .is_none_or(|f| !policy.admits(f))
                {
                    continue;
                }
                if is_goal(&state) {
                    if policy.goal(space, &*store, slot, stats, visitor)? {
                        return Ok(Outcome::Found(slot));
                    }
                    if let Some(best) = policy.best() {
                        open.improved(best, &*store);
                    }
                    continue;
                }
                limits.check(stats.expanded, || {
                    store.memory_bytes() + open.memory_bytes() + policy.memory_bytes()
                })?;
                expanding(visitor, stats, &state, g, false)?;
                space.successors(&state, |next, step| {
                    stats.generated += 1;
                    let Some(cost) = extended(g, step, &mut verdict.halt, &mut verdict.overflowed)
                    else {
                        return;
                    };
                    let fresh_node = (slot, cost, false);
                    let (next_slot, fresh) = match store.insert(&next, fresh_node) {
                        Ok(inserted) => inserted,
                        Err(error) => {
                            verdict.halt = Some(StopReason::Capacity(error));
                            return;
                        }
                    };
                    if !fresh {
                        let node = store.value_mut(next_slot);
                        if cost >= node.1 {
                            return;
                        }
                        // A closed state that the order does not reopen keeps the cheaper parent and
                        // stays closed: its queue entry is dropped when it comes out.
                        let closed = node.2;
                        if closed && reopens && reopened(stats, visitor, &next, cost) {
                            verdict.halt = Some(StopReason::Visitor);
                        }
                        *node = (slot, cost, closed && !reopens);
                    }
                    let h = estimate(&next);
                    if estimates && promising.is_none_or(|p| (h, cost) < p) {
                        (*best, promising) = (next_slot, Some((h, cost)));
                    }
                    // A dead end, or a path too dear for the cost type.
                    let Some(f) = estimated_total(cost, h, &mut verdict.overflowed) else {
                        return;
                    };
                    if !policy.admits(f) {
                        return;
                    }
                    if limits.exceeds_cost(f) {
                        verdict.cut = true;
                    } else if let Err(error) = open
                        .push(next_slot, (cost, h, f), &next)
                        .and_then(|()| policy.queued(next_slot, f, cost))
                    {
                        verdict.halt = Some(StopReason::Capacity(error));
                    }
                });
                if let Some(reason) = verdict.halt {
                    return Err(Halt::Stop(reason));
                }
            }
            Ok(if verdict.cut {
                Outcome::Stopped(StopReason::Cost)
            } else if verdict.overflowed {
                Outcome::Stopped(StopReason::CostOverflow)
            } else {
                Outcome::NoPath
            })
        };
        let explored = explore();
        (run.stats, run.best, run.promising) = (stats, best, promising);
        (run.overflowed, run.cut) = (verdict.overflowed, verdict.cut);
        explored
    }

    /// Records in `stats` what the buffers hold now: the iterations of the open list, the
    /// states stored and the memory.
    pub(crate) fn tally(&self, stats: &mut Stats) {
        stats.iterations = self.open.iterations();
        stats.stored = self.store.len();
        stats.memory =
            self.store.memory_bytes() + self.open.memory_bytes() + self.policy.memory_bytes();
    }

    /// The answer of the search that `explored` ended (`Err`: stopped before its end),
    /// with the statistics of `run`.
    pub(crate) fn conclude(
        &mut self,
        run: &mut Run<CostOf<P>>,
        explored: Result<Outcome<Slot>, StopReason>,
    ) -> Search<Solution<StateOf<P>, CostOf<P>>> {
        self.tally(&mut run.stats);
        let exact = self.open.exact() && run.stats.reopened == 0;
        let (outcome, partial) = answer(
            self.problem.space(),
            &*self.store,
            (explored, exact),
            self.policy.take(),
            run.best,
            |n| n.0,
            |n| n.1,
        );
        Search {
            outcome,
            stats: run.stats,
            partial,
        }
    }
}

/// What the best-first loop carries from one leg to the next, besides its buffers: the
/// statistics, the most promising state reached, and what cut or overflowed on the way.
/// A [`solve`] is one leg; a [`Stepper`](crate::Stepper) keeps it between its steps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run<C> {
    /// The statistics so far.
    pub(crate) stats: Stats,
    /// The slot of the most promising state reached (for an order without estimates, the
    /// first start), for [`Search::partial`].
    best: Slot,
    /// Its `(h, g)`: least `h`, then least `g`.
    promising: Option<(C, C)>,
    /// Some path cost did not fit the cost type.
    overflowed: bool,
    /// Some state was not queued because its `f` is above the cost limit.
    cut: bool,
}

impl<C> Run<C> {
    /// Before the first leg.
    pub(crate) fn new() -> Self {
        Self {
            stats: Stats {
                iterations: 1,
                ..Stats::default()
            },
            best: NO_SLOT,
            promising: None,
            overflowed: false,
            cut: false,
        }
    }
}

/// When a leg of the loop pauses: asked before each entry is taken from the open list.
pub(crate) trait Pace {
    /// What a pause returns: [`Infallible`] for a search that runs to its end, so that it
    /// cannot pause.
    type Pause;
    /// Whether the loop pauses now, after `expanded` expansions: `Some` to pause.
    fn pause(&mut self, expanded: u64) -> Option<Self::Pause>;
}

/// The pace of a search that runs to its end: it never pauses, and the loop compiled for
/// it has no pause.
pub(crate) struct ToTheEnd;

impl Pace for ToTheEnd {
    type Pause = Infallible;
    #[inline]
    fn pause(&mut self, _expanded: u64) -> Option<Infallible> {
        None
    }
}

/// Why a leg of the loop ended before its end: a stop, or a pause of its [`Pace`].
pub(crate) enum Halt<P> {
    /// The search stops.
    Stop(StopReason),
    /// The search pauses, to go on later.
    Pause(P),
}

impl<P> From<StopReason> for Halt<P> {
    fn from(reason: StopReason) -> Self {
        Halt::Stop(reason)
    }
}

/// A search's outcome and its partial solution.
pub(crate) type Answer<S, C> = (Outcome<Solution<S, C>>, Option<Solution<S, C>>);

/// The outcome of a search that `explored` ended (`Err`: stopped before its end), and its
/// partial solution: `kept` is the best solution a policy kept, `best` the slot of the most
/// promising state reached; records `R` give their parent slot and cost `g`. With `exact`,
/// a goal found keeps its recorded cost (see [`Order::EXACT`]); any other solution is
/// [`traced`]. Generic over
/// the space, the store and the record alone (the accessors are function pointers), so one
/// copy serves every order and queue, and the searches with records of their own (beam,
/// focal) build their answers with it too.
pub(crate) fn answer<Sp, N, R>(
    space: &Sp,
    store: &N,
    (explored, exact): (Result<Outcome<Slot>, StopReason>, bool),
    kept: Option<Solution<Sp::State, Sp::Cost>>,
    best: Slot,
    parent: fn(&R) -> Slot,
    g: fn(&R) -> Sp::Cost,
) -> Answer<Sp::State, Sp::Cost>
where
    Sp: StateSpace + ?Sized,
    N: NodeStore<Sp::State, R>,
{
    let solution = |slot| traced(space, store, slot, parent, g(store.value(slot)));
    let promising = || (best != NO_SLOT).then(|| solution(best));
    match (explored, kept) {
        (Ok(Outcome::Found(slot)), _) if exact => {
            let path = path_to(store, slot, parent);
            let cost = g(store.value(slot));
            (Outcome::Found(Solution { path, cost }), None)
        }
        (Ok(Outcome::Found(slot)), _) => (Outcome::Found(solution(slot)), None),
        // The queue ran dry: the best solution kept is the answer.
        (Ok(_), Some(kept)) => (Outcome::Found(kept), None),
        (Ok(Outcome::Stopped(reason)), None) => (Outcome::Stopped(reason), promising()),
        (Ok(_), None) => (Outcome::NoPath, None),
        (Err(reason), kept) => (Outcome::Stopped(reason), kept.or_else(promising)),
    }
}

/// Counts a closed state reached again more cheaply and tells `visitor`; whether the
/// visitor says to stop.
#[inline]
fn reopened<S, C, V: Visitor<S, C>>(
    stats: &mut Stats,
    visitor: &mut V,
    state: &S,
    cost: C,
) -> bool {
    stats.reopened += 1;
    visitor.visit(Event::Reopened { state, cost }).is_break()
}

/// The search's verdict when the successors of a state were generated: what stops it.
struct Generation {
    /// Some path cost did not fit the cost type.
    overflowed: bool,
    /// Some state was not queued because its `f` is above the cost limit.
    cut: bool,
    /// Why the search must stop now, if it must.
    halt: Option<StopReason>,
}

/// The [`Engine`](super::engine::Engine) and [`Solver`](super::engine::Solver)
/// implementations of an engine over this loop, written once: `$Engine<C, St, Q>` with
/// fields `setup` and `queue`, ordered by `$order`, whose queue holds `$Key`s.
macro_rules! best_first_engine {
    ($Engine:ident, $order:expr, $Key:ty) => {
        impl<S, C, St, Q> $crate::Engine<S> for $Engine<C, St, Q>
        where
            C: $crate::Cost,
            St: $crate::Storage<S>,
            Q: $crate::queue::PriorityQueue<$Key> + Clone,
        {
            type Scratch = $crate::algo::best_first::BestFirstScratch<S, C, St, Q>;

            fn scratch(&self) -> Result<Self::Scratch, $crate::CapacityError> {
                Self::Scratch::new(&self.setup.storage, self.queue.clone())
            }
        }

        impl<P, C, St, Q> $crate::Solver<P> for $Engine<C, St, Q>
        where
            P: $crate::strategy::SearchProblem,
            P::Space: $crate::StateSpace<Cost = C>,
            C: $crate::Cost,
            St: $crate::Storage<$crate::strategy::StateOf<P>>,
            Q: $crate::queue::PriorityQueue<$Key> + Clone,
        {
            type Cost = C;
            type Output = $crate::Search<$crate::Solution<$crate::strategy::StateOf<P>, C>>;

            fn search_in<V: $crate::Visitor<$crate::strategy::StateOf<P>, C>>(
                &self,
                scratch: &mut Self::Scratch,
                problem: &P,
                visitor: &mut V,
            ) -> Self::Output {
                let limits = self.setup.limits.started();
                let first = &mut $crate::algo::best_first::Goals::first();
                let (mut open, store) = scratch.ordered($order);
                $crate::algo::best_first::solve(&mut open, first, store, &limits, problem, visitor)
            }
        }

        $crate::algo::stepper::steppable!(
            impl<C, St, Q> $Engine<C, St, Q> where { Q: $crate::queue::PriorityQueue<$Key> + Clone },
            |engine| ($order, $crate::algo::best_first::Goals::first())
        );
    };
}

pub(crate) use best_first_engine;

/// The [`Engine`](crate::Engine) and [`Solver`](crate::Solver) implementations of an engine
/// over this loop whose open list is lists of its own, written once: `$Engine<C, St>` with
/// fields `setup` and `weight`, its scratch holding a `$Lists<C>` seen through
/// `$Open::new(weight, lists, distance-to-go)` (focal search and EES).
macro_rules! lists_engine {
    ($Engine:ident, $Lists:ident, $Open:ident) => {
        impl<S, C: $crate::Cost, St: $crate::Storage<S>> $crate::Engine<S> for $Engine<C, St> {
            type Scratch = $crate::algo::best_first::BestFirstScratch<S, C, St, $Lists<C>>;

            fn scratch(&self) -> Result<Self::Scratch, $crate::CapacityError> {
                Self::Scratch::new(&self.setup.storage, $Lists::default())
            }
        }

        $crate::algo::engine::stored_solver!(
            $Engine -> $crate::Search<$crate::Solution<$crate::strategy::StateOf<P>, C>>,
            |engine, scratch, problem, visitor| {
                let limits = engine.setup.limits.started();
                let distance = $crate::problem::SearchProblem::distance(problem);
                let mut open = $Open::new(engine.weight, &mut scratch.queue, distance);
                let (store, goals) = (&mut scratch.store, &mut $crate::algo::best_first::Goals::first());
                $crate::algo::best_first::solve(&mut open, goals, store, &limits, problem, visitor)
            }
        );
    };
}

pub(crate) use lists_engine;
