//! Optimal bidirectional best-first search between one start and one goal state:
//! bidirectional Dijkstra (`bidijkstra`), MM (`mm`; Holte, Felner, Sharon and
//! Sturtevant, "Bidirectional search that is guaranteed to meet in the middle", AAAI
//! 2016), NBS (`nbs`; Chen, Holte, Zilles and Sturtevant, "Front-to-end bidirectional
//! heuristic search with near-optimal node expansions", IJCAI 2017) and BAE* (`bae`;
//! Sadhukhan, "Bidirectional heuristic search based on error estimate", CSI Journal of
//! Computing 2013; DIBBS, Sewell and Jacobson 2021, is the same search). One loop,
//! parametrised by a rule: which states expand next, and the lower bound on the optimal
//! cost that stops the search.
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
//!   step cost: the space's [`uniform_cost`](crate::StateSpace::uniform_cost) when it has one,
//!   otherwise zero, which is always correct (the least step cost of an implicit space is
//!   unknown, and the least seen so far may be above one not seen yet).
//!
//! - **NBS** ([`Nbs`]): every path cheaper than `U` runs through a pair of a forward-open
//!   state `u` and a backward-open state `v` at their least costs, so it costs at least
//!   `lb(u, v) = max(f_F(u), f_B(v), g_F(u) + g_B(v) + ε)`. NBS expands both states of a
//!   pair whose `lb` is at most `C_LB`, and stops when `U <= C_LB`; `C_LB` is a lower bound
//!   on the optimal cost that it raises lazily to the least `lb`: each side keeps its open
//!   states in two lazy heaps, waiting by `f` until `f <= C_LB`, then ready by `g`; while
//!   the least ready `g` of the sides sum (with `ε`) above `C_LB`, `C_LB` rises to the
//!   least waiting `f` or that sum, the next value the least `lb` can take. Pairs need no
//!   queue of their own: the two least-`g` ready states are a pair of `lb` at most `C_LB`.
//!   `C_LB` carries over from pair to pair: it rises only to the least `lb` of the moment,
//!   which is at most `C*` while no optimal path has been met (the argument for MM's
//!   bound), so `U <= C_LB` proves `U` optimal whatever the heuristics, given they are
//!   admissible. Every pair NBS expands with `lb < C*` must have one state expanded by any
//!   front-to-end bidirectional search with these heuristics, and with consistent
//!   heuristics (no state expanded twice) its pairs share no state, so it expands at most
//!   twice a minimum vertex cover of those pairs.
//! - **BAE\*** ([`Bae`]): priority `b_F(n) = f_F(n) + (g_F(n) - h_B(n)) = 2 g_F + h_F - h_B`
//!   forwards, `h_B(n)` the backward heuristic at the forward state `n`, and symmetrically
//!   `b_B = 2 g_B + h_B - h_F` backwards: `g - h_other` is how much the other side's
//!   heuristic underestimates the part of the path already searched, an error the rest of
//!   the path is expected to repeat. The side of least `b` expands (ties: fewer open
//!   states, then forwards; the paper leaves the choice free); within a side, least `b`
//!   and then largest `g` first. `LB = ⌈(bmin_F + bmin_B) / 2⌉`, the paper's rule. Proof,
//!   given *consistent* heuristics both ways: a path of cost `C` cheaper than `U` has a
//!   forward-open `u` before a backward-open `v` at their least costs (as above), and
//!   `b_F(u) + b_B(v) = 2 (g_F(u) + g_B(v)) + (h_F(u) - h_F(v)) + (h_B(v) - h_B(u))`; by
//!   consistency each difference is at most the cost `d(u, v)` of the path between them,
//!   so the sum is at most `2 C`, and `C` is an integer. Admissibility is not enough:
//!   with an inconsistent heuristic a difference can exceed `d(u, v)`, the bound can pass
//!   the optimum and the search may return a costlier path (tested). Consistency also
//!   makes `b` non-decreasing along every path (`2c` against at most `c + c`), so each
//!   side settles its states in order, as Dijkstra does, and none is expanded twice. The
//!   keys, which may be negative (`h_B(n) > g_F(n)` only with an inadmissible `h_B`), are
//!   exact in `i128`: the cost type must be an unsigned integer of at most 64 bits.
//!
//! # Limits and results
//!
//! A cost limit cuts every state whose `f` (either way) is above it, ignores meetings
//! above it, and stops the search with [`StopReason::Cost`] once `LB` passes it. Stopped
//! before it could decide, the search returns as [`Search::partial`] the best path met so
//! far, if any, or else the path to the forward state of least `h`, then least `g`.

mod engine;
mod rule;

pub use engine::{Bae, BidirectionalDijkstra, Mm, Nbs};
pub(crate) use rule::{Meeting, Rule};

use core::cmp::Reverse;

use rule::{Bound, Error, Frontier, Next};

use crate::algo::engine::{expanding, extended};
use crate::error::CapacityError;
use crate::event::{Event, Visitor};
use crate::queue::{BinaryQueue, PriorityQueue};
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, ReversibleSpace, estimated_total};
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

/// One direction's open list: by priority (then `g`), and for rules with heuristics by
/// `f` and by `g`, each a lazy heap whose entries carry the `g` they were made with. NBS
/// uses two of them, and each open state is in one: `by_f` holds the states waiting for
/// the bound to reach their `f`, `by_g` the ready ones. BAE* uses `by_error` alone.
struct Side<C> {
    by_priority: BinaryQueue<(Bound<C>, C)>,
    /// `(f, g)`.
    by_f: BinaryQueue<(C, C)>,
    by_g: BinaryQueue<C>,
    /// BAE*'s `(b, g)`, least `b` and then largest `g` first.
    by_error: BinaryQueue<(Error, Reverse<C>)>,
    /// The states open in this direction.
    open: usize,
}

impl<C: Cost> Side<C> {
    fn new() -> Self {
        Self {
            by_priority: BinaryQueue::new(),
            by_f: BinaryQueue::new(),
            by_g: BinaryQueue::new(),
            by_error: BinaryQueue::new(),
            open: 0,
        }
    }

    fn memory_bytes(&self) -> usize {
        self.by_priority.memory_bytes()
            + self.by_f.memory_bytes()
            + self.by_g.memory_bytes()
            + self.by_error.memory_bytes()
    }

    /// Empties the lists for the next search.
    fn clear(&mut self) {
        self.by_priority.clear();
        self.by_f.clear();
        self.by_g.clear();
        self.by_error.clear();
        self.open = 0;
    }
}

/// The least entry of `queue` that is current, dropping the stale ones above it: an entry
/// is current while its state is open on `side` at the `g` (given by `g_of`) it was made
/// with. (`g_of` is a function pointer, so that the calls with one key type are one
/// compiled function.)
fn least<K, S, C, St>(
    queue: &mut BinaryQueue<K>,
    store: &St,
    side: usize,
    g_of: fn(K) -> C,
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
        bound: Bound::Finite(C::ZERO),
        limits,
        stats: Stats {
            iterations: 1,
            ..Stats::default()
        },
    };
    let estimate = |side: usize, state: &S| match (rule.heuristic(), side) {
        (false, _) => C::ZERO,
        (true, FORWARD) => heuristics.0.estimate(state),
        (true, _) => heuristics.1.estimate(state),
    };
    let outcome = search
        .explore(space, (starts, goal), &estimate, visitor)
        .unwrap_or_else(Outcome::Stopped);
    let mut stats = search.stats;
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

/// The buffers of a [`BidirectionalDijkstra`], [`Mm`], [`Nbs`] or [`Bae`] search: one store of both
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
    /// The heap memory of the buffers, in bytes.
    pub(crate) fn memory_bytes(&self) -> usize {
        let sides = self.sides.iter().map(Side::memory_bytes).sum::<usize>();
        self.store.memory_bytes() + sides
    }

    /// Empty buffers over `storage`.
    pub(crate) fn new(storage: &St) -> Result<Self, CapacityError> {
        Ok(Self {
            store: storage.try_store()?,
            sides: [Side::new(), Side::new()],
        })
    }
}

crate::store::reusable_scratch!(BidirectionalBestScratch<S, C>, store);

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
    /// NBS's `C_LB`: at most the least cost of a path cheaper than `U`.
    bound: Bound<C>,
    /// The search's limits, started.
    limits: &'a Limits<C>,
    /// The statistics so far.
    stats: Stats,
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
        space: &Sp,
        (starts, goal): (&[S], &S),
        estimate: &E,
        visitor: &mut V,
    ) -> Result<Outcome<Slot>, StopReason>
    where
        St: NodeStore<S, Node<C>>,
        Sp: ReversibleSpace<State = S, Cost = C> + ?Sized,
        E: Fn(usize, &S) -> C,
        V: Visitor<S, C>,
    {
        for start in starts {
            self.reach(FORWARD, start, NO_SLOT, C::ZERO, estimate, visitor)?;
        }
        self.reach(BACKWARD, goal, NO_SLOT, C::ZERO, estimate, visitor)?;
        // Until one direction has searched all it can reach:
        while let Some((bound, sides)) = self.next().map_err(StopReason::Capacity)? {
            match self.best {
                Some((cost, slot)) if Bound::Finite(cost) <= bound => {
                    return Ok(Outcome::Found(slot));
                }
                None if bound == Bound::Beyond => {
                    return Ok(Outcome::Stopped(StopReason::CostOverflow));
                }
                _ => {}
            }
            if self
                .limits
                .cost_limit()
                .is_some_and(|max| Bound::Finite(max) < bound)
            {
                return Ok(Outcome::Stopped(StopReason::Cost));
            }
            for side in [FORWARD, BACKWARD] {
                if sides[side] {
                    self.expand(side, space, estimate, visitor)?;
                }
            }
            let open = self.sides[0].open + self.sides[1].open;
            self.stats.peak_open = self.stats.peak_open.max(open);
        }
        Ok(match self.best {
            Some((_, slot)) => Outcome::Found(slot),
            None if self.cut => Outcome::Stopped(StopReason::Cost),
            None if self.overflowed => Outcome::Stopped(StopReason::CostOverflow),
            None => Outcome::NoPath,
        })
    }

    /// The lower bound the rule proves now on the cost of every path cheaper than `U`,
    /// and the sides to expand next: one side for bidirectional Dijkstra, MM and BAE*,
    /// both for NBS (none when its bound already ends the search). `None` when a side has
    /// no open state left.
    fn next<S>(&mut self) -> Result<Option<Next<C>>, CapacityError>
    where
        St: NodeStore<S, Node<C>>,
    {
        match self.rule {
            Rule::Nbs { epsilon } => return self.pair(epsilon),
            Rule::Bae => return self.errors(),
            Rule::BiDijkstra | Rule::Mm { .. } => {}
        }
        let (Some(forward), Some(backward)) = (self.frontier(FORWARD)?, self.frontier(BACKWARD)?)
        else {
            return Ok(None);
        };
        let forward_first = self.rule.forward_first(&forward, &backward);
        let bound = self.rule.lower_bound(&forward, &backward);
        Ok(Some((bound, [forward_first, !forward_first])))
    }

    /// BAE*'s choice: the side whose least `b = 2g + h - h_other` is smaller (ties: fewer
    /// open states, then forwards), and the bound `⌈(bmin_F + bmin_B) / 2⌉`
    /// ([`Rule::error_bound`]). With consistent heuristics it is a lower bound on every
    /// path cheaper than `U`: such a path has a forward-open state `u` before a
    /// backward-open state `v`, each at its least cost (as for bidirectional Dijkstra), and
    /// `b_F(u) + b_B(v) = 2 (g_F(u) + g_B(v)) + (h_F(u) - h_F(v)) + (h_B(v) - h_B(u))`,
    /// where consistency bounds each difference by the cost `d(u, v)` of the path between
    /// them: at most twice the path's cost.
    fn errors<S>(&mut self) -> Result<Option<Next<C>>, CapacityError>
    where
        St: NodeStore<S, Node<C>>,
    {
        let mut least_b = [(0, 0); 2];
        for side in [FORWARD, BACKWARD] {
            let Self { store, sides, .. } = self;
            let queues = &mut sides[side];
            let key = least(&mut queues.by_error, &**store, side, |key| key.1.0)?;
            let Some((b, _)) = key else {
                return Ok(None);
            };
            least_b[side] = (b, queues.open);
        }
        let [forward, backward] = least_b;
        let bound = Rule::error_bound(forward.0, backward.0);
        let forward_first = forward <= backward;
        Ok(Some((bound, [forward_first, !forward_first])))
    }

    /// NBS's choice of a pair. States whose `f` is at most `C_LB` (`self.bound`) move from
    /// waiting to ready; while the least ready `g` of the two sides are more than `C_LB`
    /// apart (`g_F + g_B + ε > C_LB`), `C_LB` rises to the least waiting `f` or that sum:
    /// no pair of a forward-open state `u` and a backward-open state `v` has
    /// `lb(u, v) = max(f_F(u), f_B(v), g_F(u) + g_B(v) + ε)` below the raised value. Once
    /// they are within it, the two least-`g` ready states are a pair of `lb` at most
    /// `C_LB`. `C_LB` is at most the optimal cost `C*` while no optimal path has been met:
    /// such a path has a forward-open and a backward-open state on it at their least
    /// costs (as for MM), whose `lb` is at most `C*` with admissible heuristics, and
    /// `C_LB` only ever rises to the least `lb` of the moment or below. So it carries over
    /// between pairs, and `U <= C_LB` proves `U` optimal.
    fn pair<S>(&mut self, epsilon: C) -> Result<Option<Next<C>>, CapacityError>
    where
        St: NodeStore<S, Node<C>>,
    {
        loop {
            let (mut ready, mut waiting) = ([None; 2], [None; 2]);
            for side in [FORWARD, BACKWARD] {
                let Self {
                    store,
                    sides,
                    bound,
                    ..
                } = self;
                let queues = &mut sides[side];
                while let Some((f, g)) = least(&mut queues.by_f, &**store, side, |key| key.1)? {
                    if Bound::Finite(f) > *bound {
                        waiting[side] = Some(Bound::Finite(f));
                        break;
                    }
                    if let Some((_, slot)) = queues.by_f.pop()? {
                        queues.by_g.push(g, slot)?;
                    }
                }
                ready[side] = least(&mut queues.by_g, &**store, side, |g| g)?;
                if ready[side].is_none() && waiting[side].is_none() {
                    return Ok(None);
                }
            }
            let apart = match ready {
                [Some(forward), Some(backward)] => Some(Bound::apart(forward, backward, epsilon)),
                _ => None,
            };
            if apart.is_some_and(|apart| apart <= self.bound) {
                return Ok(Some((self.bound, [true; 2])));
            }
            // Each side has a waiting or a ready state: a next value exists, above the
            // bound (a waiting `f` is above it, and so is `apart`).
            let Some(raised) = least_of(least_of(waiting[0], waiting[1]), apart) else {
                return Ok(None);
            };
            self.bound = raised;
            let ends = raised == Bound::Beyond
                || self
                    .best
                    .is_some_and(|(best, _)| Bound::Finite(best) <= raised)
                || self
                    .limits
                    .cost_limit()
                    .is_some_and(|max| Bound::Finite(max) < raised);
            if ends {
                return Ok(Some((raised, [false; 2])));
            }
        }
    }

    /// Expands the next state of `side` (the one [`Self::next`] chose): closes it, tells
    /// the visitor, and reaches each of its successors (forwards) or predecessors
    /// (backwards) with [`Self::reach`].
    fn expand<S, Sp, V>(
        &mut self,
        side: usize,
        space: &Sp,
        estimate: &impl Fn(usize, &S) -> C,
        visitor: &mut V,
    ) -> Result<(), StopReason>
    where
        St: NodeStore<S, Node<C>>,
        Sp: ReversibleSpace<State = S, Cost = C> + ?Sized,
        V: Visitor<S, C>,
    {
        let queues = &mut self.sides[side];
        let popped = match self.rule {
            Rule::Nbs { .. } => queues.by_g.pop(),
            Rule::Bae => queues
                .by_error
                .pop()
                .map(|entry| entry.map(|((_, Reverse(g)), slot)| (g, slot))),
            _ => queues
                .by_priority
                .pop()
                .map(|entry| entry.map(|((_, g), slot)| (g, slot))),
        };
        let Some((g, slot)) = popped.map_err(StopReason::Capacity)? else {
            return Ok(()); // not reached: `next` saw a current entry
        };
        self.limits
            .check(self.stats.expanded, || self.memory_bytes())?;
        let flags = &mut self.store.value_mut(slot).2;
        *flags = (*flags & !flag(OPEN, side)) | flag(CLOSED, side);
        self.sides[side].open -= 1;
        let state = self.store.state(slot);
        expanding(visitor, &mut self.stats, &state, g, side == BACKWARD)?;
        let mut halt = None;
        let mut visit = |next: S, step: C| {
            self.stats.generated += 1;
            let Some(cost) = extended(g, step, &mut halt, &mut self.overflowed) else {
                return;
            };
            halt = self.reach(side, &next, slot, cost, estimate, visitor).err();
        };
        if side == FORWARD {
            space.successors(&state, &mut visit);
        } else {
            space.predecessors(&state, &mut visit);
        }
        halt.map_or(Ok(()), Err)
    }

    /// Direction `side` reached `state` at cost `g` from `parent`: records it if it is
    /// new or cheaper there and no dead end this way (`h = estimate(side, state)` the
    /// type's largest value), updates the best meeting, and queues it unless its
    /// `f = g + h` rules it out. BAE* also asks the other side's estimate, for its key.
    fn reach<S, V>(
        &mut self,
        side: usize,
        state: &S,
        parent: Slot,
        g: C,
        estimate: &impl Fn(usize, &S) -> C,
        visitor: &mut V,
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
                self.stats.reopened += 1;
                if visitor.visit(Event::Reopened { state, cost: g }).is_break() {
                    return Err(StopReason::Visitor);
                }
            }
        }
        let h = estimate(side, state);
        if h.is_max() {
            // A dead end this way: no path through it, and no meeting on it.
            self.store.value_mut(slot).2 &= !flag(SEEN, side);
            return Ok(());
        }
        let (_, costs, flags) = *self.store.value(slot);
        let other = 1 - side;
        if flags & flag(SEEN, other) != 0 {
            match g.checked_plus(costs[other]) {
                None => self.overflowed = true,
                Some(total) if self.limits.exceeds_cost(total) => self.cut = true,
                Some(total) => {
                    if self.best.is_none_or(|(best, _)| total < best) {
                        self.best = Some((total, slot));
                    }
                }
            }
        }
        if side == FORWARD && self.promising.is_none_or(|(ph, pg, _)| (h, g) < (ph, pg)) {
            self.promising = Some((h, g, slot));
        }
        // A path too dear for the cost type.
        let f = match estimated_total(g, h, &mut self.overflowed) {
            Some(f) if self.limits.exceeds_cost(f) => {
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
                    match self.rule {
                        Rule::Nbs { .. } => return queues.by_f.push((f, g), slot), // it waits
                        Rule::Bae => {
                            let b = Rule::error(g, h, estimate(other, state));
                            return queues.by_error.push((b, Reverse(g)), slot);
                        }
                        Rule::BiDijkstra | Rule::Mm { .. } => {}
                    }
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

/// The lesser of two optional values, or the one present. Plain matches: the iterator
/// chain of three options they replace compiled to ten times the code in every program that
/// searches.
fn least_of<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}
