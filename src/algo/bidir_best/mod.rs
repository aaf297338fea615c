//! Optimal bidirectional best-first search between one start and one goal state:
//! bidirectional Dijkstra (`bidijkstra`) and MM (`mm`; Holte, Felner, Sharon and
//! Sturtevant, "Bidirectional search that is guaranteed to meet in the middle", AAAI
//! 2016). One loop, parametrised by a rule: the priority of an open state, which side
//! expands next, and the lower bound on the optimal cost that stops the search.
//!
//! # The loop
//!
//! Two searches share one store: forwards from the start through the successors, and
//! backwards from the goal state through the predecessors. A state's record holds, per
//! direction, its cost `g` and parent, and whether it is open or closed there. Whenever a
//! direction reaches a state more cheaply and the other direction has reached it too (open
//! or closed), the two paths meet; `U`, the least `g_F + g_B` over every state reached by
//! both, is the cost of the best path known. Before each expansion, the rule computes from
//! the two open lists a lower bound `LB` on the cost of every path not yet known to be
//! beaten by `U`; the search stops when `U <= LB`. It also stops, with `U` optimal, when
//! one open list runs dry: that direction has then searched everything it can reach.
//!
//! A closed state reached more cheaply is reopened (as A* does), so `mm` stays optimal
//! with heuristics that are admissible but not consistent. A state whose `f = g + h` is
//! not below `U` is not queued: every path through it costs at least `U`.
//!
//! # The rules
//!
//! - **Bidirectional Dijkstra** ([`BidirectionalDijkstra`]): priority `g`; the side with fewer open
//!   states expands (Pohl's cardinality rule; ties: forwards). `LB = top_F + top_B`, the
//!   sum of the two queue minima. Proof: a path cheaper than `U` has a state open forwards
//!   at its optimal `g_F` strictly before a state open backwards at its optimal `g_B` (were
//!   they the same state, or the closed parts overlapping, the two searches would have met
//!   on it with `U` at most the path's cost), so it costs at least `top_F + top_B`. The
//!   rule is correct whichever side expands: balancing the open lists balances the work
//!   when the two directions branch differently (directed graphs, goals with few
//!   predecessors). Expanding the side of least `g` instead is what `mm` does without
//!   heuristics, so that order is available too. The first state settled by both sides
//!   does *not* end the search: the best meeting may be elsewhere.
//! - **MM** ([`Mm`]): priority `pr(n) = max(f(n), 2 g(n))` in each direction, forwards
//!   with the problem's heuristic, backwards with its backward heuristic (an estimate of
//!   the cost from the start); the side with the smaller least `pr` expands (ties: fewer
//!   open states, then forwards); within a side, least `pr` and then least `g` first
//!   (raising the least `g`, which the last term of the bound uses).
//!   `LB = max(C, fmin_F, fmin_B, gmin_F + gmin_B + ε)` with `C = min(prmin_F, prmin_B)`.
//!   Each term is a lower bound on a path cheaper than `U`, given admissible heuristics
//!   both ways: its forward-open state `n` and backward-open state `m` (as above) have
//!   `f_F(n) <= C*`, `f_B(m) <= C*`, `g_F(n) + ε + g_B(m) <= C*`, and one of
//!   `g_F(n), g_B(m)` is at most `C*/2`, so its `pr` is at most `C*`. `ε` is the least
//!   step cost: the space's [`uniform_cost`](StateSpace::uniform_cost) when it has one,
//!   otherwise zero, which is always correct (the least step cost of an implicit space is
//!   unknown, and the least seen so far may be above one not seen yet).
//!
//! MM was chosen over NBS (Chen, Holte, Zilles and Sturtevant 2017), whose guarantee is
//! stronger (at most twice the necessary expansions): MM's sides never expand a state
//! beyond half the optimal cost unless its `f` is below the optimum (it meets in the
//! middle), and it needs only one ordered open list per side plus two lazily kept minima,
//! which a generic engine over any [`Cost`] and either storage can keep in the crate's
//! fallible queues. NBS needs a queue of pairs of states with its "waiting" and "ready"
//! structure, much harder to keep generic and bounded in memory.
//!
//! # Limits and results
//!
//! A cost limit cuts every state whose `f` (either way) is above it, ignores meetings
//! above it, and stops the search with [`StopReason::Cost`] once `LB` passes it. Stopped
//! before it could decide, the search returns as [`Search::partial`] the best path met so
//! far, if any, or else the path to the forward state of least `h`, then least `g`.

mod engine;

pub use engine::{BidirectionalDijkstra, Mm};

use crate::algo::engine::{expanding, extended};
use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::queue::{BinaryQueue, PriorityQueue};
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, ReversibleSpace, StateSpace, estimated_total};
use crate::store::{NO_SLOT, NodeStore, Slot, Storage, path_to};

/// What the search records per state: per direction (forward, backward) the parent and
/// `g`, and the flags of both directions.
type Node<C> = ([Slot; 2], [C; 2], u8);

/// The bytes a dense store of the bidirectional searches takes per state.
pub(crate) const RECORD_BYTES: usize = size_of::<Node<u64>>();

/// The index of the forward direction in a [`Node`] and of its side.
const FORWARD: usize = 0;
/// The index of the backward direction.
const BACKWARD: usize = 1;
/// Flag: the direction has reached the state (its `g` and parent are set).
const SEEN: u8 = 1;
/// Flag: the state is in the direction's open list, at its current `g`.
const OPEN: u8 = 2;
/// Flag: the direction has expanded the state at its current `g`.
const CLOSED: u8 = 4;

/// The bit of flag `kind` for direction `side`.
fn flag(kind: u8, side: usize) -> u8 {
    kind << (3 * side)
}

/// A cost, or a value beyond every cost of the type (a sum that does not fit it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Bound<C> {
    /// A cost.
    Finite(C),
    /// Above every cost of the type.
    Beyond,
}

impl<C: Cost> Bound<C> {
    /// `a + b`, or [`Bound::Beyond`] when the sum does not fit.
    fn sum(a: C, b: C) -> Self {
        a.checked_plus(b).map_or(Bound::Beyond, Bound::Finite)
    }
}

/// The least keys of one side's open list, when it is not empty.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frontier<C> {
    /// The least priority.
    pub(crate) priority: Bound<C>,
    /// The least `f` (for a rule without heuristics, the least `g`).
    pub(crate) f: C,
    /// The least `g`.
    pub(crate) g: C,
    /// The number of open states.
    pub(crate) open: usize,
}

/// What tells the bidirectional searches apart: the priority of an open state, the side
/// to expand, and the lower bound that ends the search. A value, not a type parameter:
/// both searches are one compiled engine.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Rule<C> {
    /// Bidirectional Dijkstra: priority `g`, the side with fewer open states first, stop
    /// when `U <= top_F + top_B`.
    BiDijkstra,
    /// MM: priority `max(f, 2g)`, the side of least priority first, stop when
    /// `U <= max(C, fmin_F, fmin_B, gmin_F + gmin_B + ε)`; `epsilon` is the least step
    /// cost (a lower bound on it).
    Mm { epsilon: C },
}

impl<C: Cost> Rule<C> {
    /// MM on `space`: `ε` is its uniform step cost, if it has one, else zero.
    pub(crate) fn mm_for<Sp: StateSpace<Cost = C> + ?Sized>(space: &Sp) -> Self {
        let epsilon = space.uniform_cost().filter(|c| !c.is_negative());
        Rule::Mm {
            epsilon: epsilon.unwrap_or(C::ZERO),
        }
    }

    /// Whether the rule uses the heuristics (then each side keeps its least `f` and `g`
    /// besides its least priority).
    #[inline]
    fn heuristic(&self) -> bool {
        matches!(self, Rule::Mm { .. })
    }

    /// The priority of an open state of cost `g` and `f = g + h`: least first.
    #[inline]
    fn priority(&self, g: C, f: C) -> Bound<C> {
        match self {
            Rule::BiDijkstra => Bound::Finite(g),
            Rule::Mm { .. } => Bound::Finite(f).max(Bound::sum(g, g)),
        }
    }

    /// Whether the forward side expands next.
    fn forward_first(&self, forward: &Frontier<C>, backward: &Frontier<C>) -> bool {
        match self {
            Rule::BiDijkstra => forward.open <= backward.open,
            Rule::Mm { .. } => {
                (forward.priority, forward.open) <= (backward.priority, backward.open)
            }
        }
    }

    /// A lower bound on the cost of every path cheaper than the best meeting so far.
    fn lower_bound(&self, forward: &Frontier<C>, backward: &Frontier<C>) -> Bound<C> {
        match *self {
            Rule::BiDijkstra => Bound::sum(forward.g, backward.g),
            Rule::Mm { epsilon } => {
                let c = forward.priority.min(backward.priority);
                let f = Bound::Finite(forward.f.max(backward.f));
                let g = forward
                    .g
                    .checked_plus(backward.g)
                    .and_then(|g| g.checked_plus(epsilon))
                    .map_or(Bound::Beyond, Bound::Finite);
                c.max(f).max(g)
            }
        }
    }
}

/// One direction's open list: by priority (then `g`), and for rules with heuristics by
/// `f` and by `g`, each a lazy heap whose entries carry the `g` they were made with.
struct Side<C> {
    by_priority: BinaryQueue<(Bound<C>, C)>,
    by_f: BinaryQueue<(C, C)>,
    by_g: BinaryQueue<C>,
    /// The states open in this direction.
    open: usize,
}

impl<C: Cost> Side<C> {
    fn new() -> Self {
        Self {
            by_priority: BinaryQueue::new(),
            by_f: BinaryQueue::new(),
            by_g: BinaryQueue::new(),
            open: 0,
        }
    }

    fn memory_bytes(&self) -> usize {
        self.by_priority.memory_bytes() + self.by_f.memory_bytes() + self.by_g.memory_bytes()
    }

    /// Empties the lists for the next search.
    fn clear(&mut self) {
        self.by_priority.clear();
        self.by_f.clear();
        self.by_g.clear();
        self.open = 0;
    }
}

/// The least entry of `queue` that is current, dropping the stale ones above it: an entry
/// is current while its state is open on `side` at the `g` (given by `g_of`) it was made
/// with.
fn least<K, S, C, St>(
    queue: &mut BinaryQueue<K>,
    store: &St,
    side: usize,
    g_of: impl Fn(K) -> C,
) -> Result<Option<K>, CapacityError>
where
    K: Ord + Copy,
    C: Cost,
    St: NodeStore<S, Node<C>>,
{
    while let Some((key, slot)) = queue.peek() {
        let &(_, g, flags) = store.value(slot);
        if flags & flag(OPEN, side) != 0 && g[side] == g_of(key) {
            return Ok(Some(key));
        }
        queue.pop()?;
    }
    Ok(None)
}

/// One bidirectional search in `scratch` from `starts` to `goal` with `rule`: the forward
/// search uses `heuristics.0` (an estimate of the cost to the goal state), the backward
/// search `heuristics.1` (an estimate of the cost from the nearest start); a rule without
/// heuristics ignores both.
///
/// # Returns
///
/// [`Outcome::Found`] with a least-cost path from a start to `goal` (given admissible
/// heuristics both ways), [`Outcome::NoPath`], or [`Outcome::Stopped`]: by a limit, a
/// store or queue that could not grow, a negative step cost
/// ([`StopReason::NegativeCost`]), or paths whose costs do not fit the cost type
/// ([`StopReason::CostOverflow`]).
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space for the V states and E steps reached by both
/// sides, with consistent heuristics; states may be expanded again with inconsistent ones.
pub(crate) fn run<S, C, St, Sp, H, Hb, V>(
    rule: Rule<C>,
    scratch: &mut BidirectionalBestScratch<S, C, St>,
    limits: &Limits<C>,
    space: &Sp,
    (starts, goal): (&[S], &S),
    heuristics: (&H, &Hb),
    visitor: &mut V,
) -> Search<Solution<S, C>>
where
    C: Cost,
    St: Storage<S>,
    Sp: ReversibleSpace<State = S, Cost = C> + ?Sized,
    H: Heuristic<S, C> + ?Sized,
    Hb: Heuristic<S, C> + ?Sized,
    V: Visitor<S, C>,
{
    scratch.store.clear();
    scratch.sides.iter_mut().for_each(Side::clear);
    let mut search = Bidirectional {
        rule,
        store: &mut scratch.store,
        sides: &mut scratch.sides,
        best: None,
        promising: None,
        cut: false,
        overflowed: false,
    };
    let mut stats = Stats {
        iterations: 1,
        ..Stats::default()
    };
    let estimate = |side: usize, state: &S| match (rule.heuristic(), side) {
        (false, _) => C::ZERO,
        (true, FORWARD) => heuristics.0.estimate(state),
        (true, _) => heuristics.1.estimate(state),
    };
    let outcome = search
        .explore(
            limits,
            space,
            (starts, goal),
            &estimate,
            visitor,
            &mut stats,
        )
        .unwrap_or_else(Outcome::Stopped);
    stats.stored = search.store.len();
    stats.memory = search.memory_bytes();
    let partial = match outcome {
        Outcome::Stopped(_) => search.partial(),
        _ => None,
    };
    Search {
        outcome: outcome.map(|slot| search.solution(slot)),
        stats,
        partial,
    }
}

/// The buffers of a [`BidirectionalDijkstra`] or [`Mm`] search: one store of both
/// directions' records, and each direction's open lists.
pub struct BidirectionalBestScratch<S, C: Cost, St: Storage<S>> {
    store: St::Store<Node<C>>,
    sides: [Side<C>; 2],
}

impl<S, C: Cost, St: Storage<S>> core::fmt::Debug for BidirectionalBestScratch<S, C, St> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BidirectionalBestScratch")
            .field("stored", &self.store.len())
            .finish_non_exhaustive()
    }
}

impl<S, C: Cost, St: Storage<S>> BidirectionalBestScratch<S, C, St> {
    /// Empty buffers over `storage`.
    pub(crate) fn new(storage: &St) -> Result<Self, CapacityError> {
        Ok(Self {
            store: storage.try_store()?,
            sides: [Side::new(), Side::new()],
        })
    }
}

/// A bidirectional search in progress.
struct Bidirectional<'a, C, St> {
    rule: Rule<C>,
    store: &'a mut St,
    /// The forward and the backward open lists.
    sides: &'a mut [Side<C>; 2],
    /// `U` and the state the best paths met on.
    best: Option<(C, Slot)>,
    /// The forward state of least `h`, then least `g`: `(h, g, slot)`.
    promising: Option<(C, C, Slot)>,
    /// Some state or meeting was beyond the cost limit.
    cut: bool,
    /// Some path cost did not fit the cost type.
    overflowed: bool,
}

impl<C: Cost, St> Bidirectional<'_, C, St> {
    /// The heap memory held by the store and the queues, in bytes.
    fn memory_bytes<S>(&self) -> usize
    where
        St: NodeStore<S, Node<C>>,
    {
        self.store.memory_bytes() + self.sides[0].memory_bytes() + self.sides[1].memory_bytes()
    }

    /// The least keys of the open list of `side`; `None` when it is empty.
    fn frontier<S>(&mut self, side: usize) -> Result<Option<Frontier<C>>, CapacityError>
    where
        St: NodeStore<S, Node<C>>,
    {
        let Self { store, sides, .. } = self;
        let queues = &mut sides[side];
        let Some((priority, g)) = least(&mut queues.by_priority, &**store, side, |key| key.1)?
        else {
            return Ok(None);
        };
        let open = queues.open;
        if !self.rule.heuristic() {
            return Ok(Some(Frontier {
                priority,
                f: g,
                g,
                open,
            }));
        }
        // Every open state has an entry in each queue, so neither is empty; zero would
        // only weaken the bound.
        let f = least(&mut queues.by_f, &**store, side, |key| key.1)?.map_or(C::ZERO, |key| key.0);
        let g = least(&mut queues.by_g, &**store, side, |g| g)?.unwrap_or(C::ZERO);
        Ok(Some(Frontier {
            priority,
            f,
            g,
            open,
        }))
    }

    /// Runs the search from the starts to the goal state; returns the slot the best paths
    /// meet on.
    fn explore<S, Sp, E, V>(
        &mut self,
        limits: &Limits<C>,
        space: &Sp,
        (starts, goal): (&[S], &S),
        estimate: &E,
        visitor: &mut V,
        stats: &mut Stats,
    ) -> Result<Outcome<Slot>, StopReason>
    where
        St: NodeStore<S, Node<C>>,
        Sp: ReversibleSpace<State = S, Cost = C> + ?Sized,
        E: Fn(usize, &S) -> C,
        V: Visitor<S, C>,
    {
        let h = |side| move |state: &S| estimate(side, state);
        for start in starts {
            self.reach(
                FORWARD,
                start,
                NO_SLOT,
                C::ZERO,
                h(FORWARD),
                limits,
                visitor,
                stats,
            )?;
        }
        self.reach(
            BACKWARD,
            goal,
            NO_SLOT,
            C::ZERO,
            h(BACKWARD),
            limits,
            visitor,
            stats,
        )?;
        loop {
            let forward = self.frontier(FORWARD).map_err(StopReason::Capacity)?;
            let backward = self.frontier(BACKWARD).map_err(StopReason::Capacity)?;
            let (Some(forward), Some(backward)) = (forward, backward) else {
                break; // one direction has searched all it can reach
            };
            let bound = self.rule.lower_bound(&forward, &backward);
            match self.best {
                Some((cost, slot)) if Bound::Finite(cost) <= bound => {
                    return Ok(Outcome::Found(slot));
                }
                None if bound == Bound::Beyond => {
                    return Ok(Outcome::Stopped(StopReason::CostOverflow));
                }
                _ => {}
            }
            if limits
                .cost_limit()
                .is_some_and(|max| Bound::Finite(max) < bound)
            {
                return Ok(Outcome::Stopped(StopReason::Cost));
            }
            let side = if self.rule.forward_first(&forward, &backward) {
                FORWARD
            } else {
                BACKWARD
            };
            let popped = self.sides[side].by_priority.pop();
            let Some(((_, g), slot)) = popped.map_err(StopReason::Capacity)? else {
                break; // not reached: the frontier had a current entry
            };
            limits.check(stats.expanded, || self.memory_bytes())?;
            let flags = &mut self.store.value_mut(slot).2;
            *flags = (*flags & !flag(OPEN, side)) | flag(CLOSED, side);
            self.sides[side].open -= 1;
            let state = self.store.state(slot);
            expanding(visitor, stats, &state, g)?;
            let mut halt = None;
            let mut visit = |next: S, step: C| {
                stats.generated += 1;
                let Some(cost) = extended(g, step, &mut halt, &mut self.overflowed) else {
                    return;
                };
                halt = self
                    .reach(side, &next, slot, cost, h(side), limits, visitor, stats)
                    .err();
            };
            if side == FORWARD {
                space.successors(&state, &mut visit);
            } else {
                space.predecessors(&state, &mut visit);
            }
            if let Some(reason) = halt {
                return Err(reason);
            }
            let open = self.sides[0].open + self.sides[1].open;
            stats.peak_open = stats.peak_open.max(open);
        }
        Ok(match self.best {
            Some((_, slot)) => Outcome::Found(slot),
            None if self.cut => Outcome::Stopped(StopReason::Cost),
            None if self.overflowed => Outcome::Stopped(StopReason::CostOverflow),
            None => Outcome::NoPath,
        })
    }

    /// Direction `side` reached `state` at cost `g` from `parent`: records it if it is
    /// new or cheaper there, updates the best meeting, and queues it unless its
    /// `f = g + h` (with `h = estimate(state)`) rules it out.
    #[expect(
        clippy::too_many_arguments,
        reason = "called once per generated state; the search's state stays in `self`"
    )]
    fn reach<S, V>(
        &mut self,
        side: usize,
        state: &S,
        parent: Slot,
        g: C,
        estimate: impl FnOnce(&S) -> C,
        limits: &Limits<C>,
        visitor: &mut V,
        stats: &mut Stats,
    ) -> Result<(), StopReason>
    where
        St: NodeStore<S, Node<C>>,
        V: Visitor<S, C>,
    {
        let mut record: Node<C> = ([NO_SLOT; 2], [C::ZERO; 2], flag(SEEN, side));
        (record.0[side], record.1[side]) = (parent, g);
        let (slot, fresh) = self
            .store
            .insert(state, record)
            .map_err(StopReason::Capacity)?;
        if !fresh {
            let node = self.store.value_mut(slot);
            if node.2 & flag(SEEN, side) != 0 && g >= node.1[side] {
                return Ok(());
            }
            let reopened = node.2 & flag(CLOSED, side) != 0;
            (node.0[side], node.1[side]) = (parent, g);
            node.2 = (node.2 | flag(SEEN, side)) & !flag(CLOSED, side);
            if reopened {
                stats.reopened += 1;
                if visitor.visit(Event::Reopened { state, cost: g }).is_break() {
                    return Err(StopReason::Visitor);
                }
            }
        }
        let (_, costs, flags) = *self.store.value(slot);
        let other = 1 - side;
        if flags & flag(SEEN, other) != 0 {
            match g.checked_plus(costs[other]) {
                None => self.overflowed = true,
                Some(total) if limits.exceeds_cost(total) => self.cut = true,
                Some(total) => {
                    if self.best.is_none_or(|(best, _)| total < best) {
                        self.best = Some((total, slot));
                    }
                }
            }
        }
        let h = estimate(state);
        if side == FORWARD && self.promising.is_none_or(|(ph, pg, _)| (h, g) < (ph, pg)) {
            self.promising = Some((h, g, slot));
        }
        // A dead end, or a path too dear for the cost type.
        let f = match estimated_total(g, h, &mut self.overflowed) {
            Some(f) if limits.exceeds_cost(f) => {
                self.cut = true;
                None
            }
            // Every path through the state costs at least `f`: none beats `U`.
            Some(f) if self.best.is_some_and(|(best, _)| f >= best) => None,
            f => f,
        };
        let open = flags & flag(OPEN, side) != 0;
        let queues = &mut self.sides[side];
        match f {
            Some(f) => {
                let push = |queues: &mut Side<C>| {
                    queues
                        .by_priority
                        .push((self.rule.priority(g, f), g), slot)?;
                    if self.rule.heuristic() {
                        queues.by_f.push((f, g), slot)?;
                        queues.by_g.push(g, slot)?;
                    }
                    Ok(())
                };
                push(queues).map_err(StopReason::Capacity)?;
                if !open {
                    queues.open += 1;
                    self.store.value_mut(slot).2 |= flag(OPEN, side);
                }
            }
            None if open => {
                queues.open -= 1;
                self.store.value_mut(slot).2 &= !flag(OPEN, side);
            }
            None => {}
        }
        Ok(())
    }

    /// The path from the start to the goal state through the meeting state at `slot`.
    fn solution<S>(&self, slot: Slot) -> Solution<S, C>
    where
        St: NodeStore<S, Node<C>>,
    {
        let mut path = path_to(&*self.store, slot, |node: &Node<C>| node.0[FORWARD]);
        let back = path_to(&*self.store, slot, |node: &Node<C>| node.0[BACKWARD]);
        path.extend(back.into_iter().rev().skip(1));
        let (_, costs, _) = *self.store.value(slot);
        Solution {
            path,
            cost: self.best.map_or(costs[FORWARD], |(best, _)| best),
        }
    }

    /// What a stopped search returns as [`Search::partial`]: the best path met so far,
    /// else the path to the most promising forward state.
    fn partial<S>(&self) -> Option<Solution<S, C>>
    where
        St: NodeStore<S, Node<C>>,
    {
        if let Some((_, slot)) = self.best {
            return Some(self.solution(slot));
        }
        let (_, _, slot) = self.promising?;
        Some(Solution {
            path: path_to(&*self.store, slot, |node: &Node<C>| node.0[FORWARD]),
            cost: self.store.value(slot).1[FORWARD],
        })
    }
}
