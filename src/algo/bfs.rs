//! Breadth-first search: fewest steps from any of several start states, the goal tested
//! as soon as a state is generated.

use core::hash::Hash;
use core::ops::ControlFlow;

use rustc_hash::FxHashMap;

use crate::error::CapacityError;
use crate::event::{Event, NoVisitor, Visitor};
use crate::solution::{Outcome, Search, ShortestPaths, Solution, Stats, StopReason};
use crate::space::StateSpace;
use crate::store::{Hashed, NO_SLOT, NodeStore, Slot, Storage, path_to, try_push};

use super::dijkstra::completed;
use super::engine::{Engine, Setup, Solver, engine_setup, storage_constructors};
use crate::problem::{Problem, SearchProblem, StateOf};

/// Breadth-first search. It ignores step costs: the cost of a path is its number of steps
/// (`usize`), and the costs its events report are depths.
///
/// The goal is tested when a state is generated (start states: when they are given), so
/// BFS expands fewer states than Dijkstra on the same unit-cost problem. The store keeps
/// only each state's parent (a 4-byte slot; with [`Dense`](crate::Dense) storage nothing
/// else), and the frontier is two arrays of slots, the layer being expanded and the next,
/// so depths come from the layers. With dense storage a reused scratch costs
/// O(bound / 64) to clear.
///
/// The engine is an immutable configuration (see [`Engine`]): [`search`](crate::Solver::search) builds
/// fresh buffers, [`search_in`](crate::Solver::search_in) reuses a scratch, and [`searcher`](Bfs::searcher)
/// bundles both for one thread.
///
/// # Complexity
///
/// O(V + E) time, where V and E are the states and steps reached; O(V) space.
///
/// # Examples
///
/// ```
/// use state_search::{Bfs, Problem, Solver};
///
/// // Knight moves on an 8x8 board.
/// let space = state_search::unit_from_fn(|&(r, c): &(i8, i8)| {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .into_iter()
///         .map(move |(dr, dc)| (r + dr, c + dc))
///         .filter(|&(r, c)| (0..8).contains(&r) && (0..8).contains(&c))
/// });
/// let mut bfs = Bfs::new().searcher()?;
/// let corner_to_corner = bfs.search(&Problem::new(&space, [(0, 0)], |&s| s == (7, 7)));
/// assert_eq!(corner_to_corner.found().unwrap().cost, 6);
/// // The same searcher, reused for another query.
/// assert_eq!(bfs.search(&Problem::new(&space, [(0, 0)], |&s| s == (1, 2))).found().unwrap().cost, 1);
/// # Ok::<(), state_search::CapacityError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Bfs<St = Hashed> {
    setup: Setup<St, usize>,
}

engine_setup!(Bfs<St>, cost usize);

storage_constructors!(
    /// An engine with `storage`, e.g. [`Dense`](crate::Dense)`(indexer)`. Nothing is
    /// allocated until a search (or [`Engine::scratch`]) builds the store. A cost limit
    /// ([`Bfs::with_limits`]) is a limit on the number of steps.
    Bfs
);

/// The buffers of a BFS: each reached state's parent, and the frontier. After a search,
/// it answers for the states the search reached.
pub struct BfsScratch<S, St: Storage<S>> {
    /// The parent slot of each state reached.
    store: St::Store<Slot>,
    /// The layer being expanded, in the order reached.
    layer: Vec<Slot>,
    /// The states reached from it: the next layer.
    next: Vec<Slot>,
}

impl<S, St: Storage<S>> Engine<S> for Bfs<St> {
    type Scratch = BfsScratch<S, St>;

    fn scratch(&self) -> Result<BfsScratch<S, St>, CapacityError> {
        Ok(BfsScratch {
            store: self.setup.storage.try_store()?,
            layer: Vec::new(),
            next: Vec::new(),
        })
    }
}

crate::store::reusable_scratch!(BfsScratch<S>, store);

impl<S, St: Storage<S>> BfsScratch<S, St> {
    /// The number of steps to `state` found by the last search, if it reached `state`.
    ///
    /// # Complexity
    ///
    /// O(steps): the parent links are followed back to a start.
    #[must_use]
    pub fn cost(&self, state: &S) -> Option<usize> {
        let mut at = self.store.find(state)?;
        let mut steps = 0;
        while *self.store.value(at) != NO_SLOT {
            at = *self.store.value(at);
            steps += 1;
        }
        Some(steps)
    }

    /// A shortest path to `state` found by the last search, if it reached `state`.
    #[must_use]
    pub fn path_to(&self, state: &S) -> Option<Vec<S>> {
        let slot = self.store.find(state)?;
        Some(path_to(&self.store, slot, |&parent| parent))
    }

    /// Every state the last search reached, with its number of steps and parent.
    #[must_use]
    pub fn shortest_paths(&self) -> ShortestPaths<S, usize>
    where
        S: Clone + Eq + Hash,
    {
        // Depths are not stored: count them along the parent links, each link once.
        let mut depths: FxHashMap<Slot, usize> = FxHashMap::default();
        let mut chain = Vec::new();
        for slot in self.store.slots() {
            let mut at = slot;
            while !depths.contains_key(&at) {
                let parent = *self.store.value(at);
                if parent == NO_SLOT {
                    depths.insert(at, 0);
                    break;
                }
                chain.push(at);
                at = parent;
            }
            let mut depth = depths[&at];
            while let Some(link) = chain.pop() {
                depth += 1;
                depths.insert(link, depth);
            }
        }
        ShortestPaths::from_entries(self.store.slots().map(|slot| {
            let parent = *self.store.value(slot);
            let parent = (parent != NO_SLOT).then(|| self.store.state(parent));
            (self.store.state(slot), depths[&slot], parent)
        }))
    }

    /// The heap memory held by the store and the two layers, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.store.memory_bytes()
            + (self.layer.capacity() + self.next.capacity()) * size_of::<Slot>()
    }
}

/// BFS searches a problem's space from its starts (duplicates ignored) for a path with the
/// fewest steps to a goal, ignoring step costs; it uses neither the heuristic nor the
/// indexer.
///
/// Returns [`Outcome::Found`] with a shortest path, [`Outcome::NoPath`] when no reachable
/// state is a goal, or [`Outcome::Stopped`] when a limit cut the search short or a store
/// could not grow. The goal test is called once on every distinct state reached, in BFS
/// order. The visitor sees [`Event::Expanded`], with the depth of the state as its cost.
/// Afterwards the scratch answers [`cost`](BfsScratch::cost) and
/// [`path_to`](BfsScratch::path_to) for every state reached (including the goal).
impl<P, St> Solver<P> for Bfs<St>
where
    P: SearchProblem,
    St: Storage<StateOf<P>>,
{
    type Cost = usize;
    type Output = Search<Solution<StateOf<P>, usize>>;

    fn search_in<V: Visitor<StateOf<P>, usize>>(
        &self,
        scratch: &mut BfsScratch<StateOf<P>, St>,
        problem: &P,
        visitor: &mut V,
    ) -> Self::Output {
        let starts = problem.starts().iter().cloned();
        self.run(
            scratch,
            problem.space(),
            starts,
            |s| problem.is_goal(s),
            visitor,
        )
    }
}

impl<St> Bfs<St> {
    /// The search of [`Solver::search_in`] on a space, its starts and a goal test.
    fn run<Sp, IsGoal, V>(
        &self,
        scratch: &mut BfsScratch<Sp::State, St>,
        space: &Sp,
        starts: impl IntoIterator<Item = Sp::State>,
        mut is_goal: IsGoal,
        visitor: &mut V,
    ) -> Search<Solution<Sp::State, usize>>
    where
        Sp: StateSpace + ?Sized,
        St: Storage<Sp::State>,
        IsGoal: FnMut(&Sp::State) -> bool,
        V: Visitor<Sp::State, usize>,
    {
        scratch.store.clear();
        // `next` receives the starts; `layer` is replaced by the first swap.
        scratch.next.clear();
        let mut stats = Stats {
            iterations: 1,
            ..Stats::default()
        };
        let outcome = self
            .explore(scratch, space, starts, &mut is_goal, visitor, &mut stats)
            .unwrap_or_else(Outcome::Stopped);
        stats.stored = scratch.store.len();
        stats.memory = scratch.memory_bytes();
        let outcome = outcome.map(|slot| {
            let path = path_to(&scratch.store, slot, |&parent| parent);
            Solution {
                cost: path.len() - 1,
                path,
            }
        });
        Search::new(outcome, stats)
    }

    /// Explores every state reachable from `starts` (within the limits) in `scratch`;
    /// afterwards the scratch's [`cost`](BfsScratch::cost) and
    /// [`path_to`](BfsScratch::path_to) answer for each of them.
    ///
    /// # Returns
    ///
    /// `Found(())` when the exploration was complete, `Stopped` when something cut it
    /// short.
    pub fn reach_in<Sp>(
        &self,
        scratch: &mut BfsScratch<Sp::State, St>,
        space: &Sp,
        starts: impl IntoIterator<Item = Sp::State>,
    ) -> Search<()>
    where
        Sp: StateSpace + ?Sized,
        St: Storage<Sp::State>,
    {
        let search = self.run(scratch, space, starts, |_| false, &mut NoVisitor);
        Search::new(completed(&search.outcome), search.stats)
    }

    fn explore<Sp, IsGoal, V>(
        &self,
        scratch: &mut BfsScratch<Sp::State, St>,
        space: &Sp,
        starts: impl IntoIterator<Item = Sp::State>,
        is_goal: &mut IsGoal,
        visitor: &mut V,
        stats: &mut Stats,
    ) -> Result<Outcome<Slot>, StopReason>
    where
        Sp: StateSpace + ?Sized,
        St: Storage<Sp::State>,
        IsGoal: FnMut(&Sp::State) -> bool,
        V: Visitor<Sp::State, usize>,
    {
        let BfsScratch { store, layer, next } = scratch;
        let limits = &self.setup.limits.started();
        for start in starts {
            let (slot, fresh) = store
                .insert(&start, NO_SLOT)
                .map_err(StopReason::Capacity)?;
            if fresh {
                if is_goal(&start) {
                    return Ok(Outcome::Found(slot));
                }
                try_push(next, slot).map_err(StopReason::Capacity)?;
            }
        }
        let max_depth = limits.cost_limit().unwrap_or(usize::MAX);
        // Layer by layer: `layer` holds the states at `depth`, `next` collects the states
        // one deeper (two arrays, not a ring buffer: no wrap-around on each push and pop,
        // and no count of the states left in the layer).
        let mut depth = 0;
        while !next.is_empty() {
            core::mem::swap(layer, next);
            next.clear();
            if depth >= max_depth {
                // The states at the limit are not expanded; the limit cut something off
                // only if one of them has a successor not reached yet.
                for &slot in layer.iter() {
                    let state = store.state(slot);
                    let mut beyond = false;
                    space.successors(&state, |next, _| {
                        beyond = beyond || store.find(&next).is_none();
                    });
                    if beyond {
                        return Ok(Outcome::Stopped(StopReason::Cost));
                    }
                }
                return Ok(Outcome::NoPath);
            }
            // The layer in runs between the expansions at which a limit check can stop
            // the search: the check leaves the inner loop, and the counters it would
            // have kept in memory stay in registers (13% fewer instructions per search on
            // the grid benchmark's maze, callgrind).
            let mut at = 0;
            while at < layer.len() {
                limits.check(stats.expanded, || {
                    store.memory_bytes() + (layer.capacity() + next.capacity()) * size_of::<Slot>()
                })?;
                let run = limits.unchecked_run(stats.expanded);
                let end = layer.len().min(at.saturating_add(run));
                let mut peak = stats.peak_open;
                let mut failure = None;
                let mut found = NO_SLOT;
                for at in at..end {
                    let slot = layer[at];
                    peak = peak.max(layer.len() - at + next.len());
                    let state = store.state(slot);
                    let event = Event::Expanded {
                        state: &state,
                        cost: depth,
                        backward: false,
                    };
                    if let ControlFlow::Break(()) = visitor.visit(event) {
                        stats.peak_open = peak;
                        return Err(StopReason::Visitor);
                    }
                    stats.expanded += 1;
                    let generated = &mut stats.generated;
                    space.successors(&state, |state, _| {
                        generate(
                            store,
                            next,
                            is_goal,
                            generated,
                            (&mut found, &mut failure),
                            slot,
                            &state,
                        );
                    });
                    if found != NO_SLOT {
                        break;
                    }
                }
                stats.peak_open = peak;
                if let Some(error) = failure {
                    return Err(StopReason::Capacity(error));
                }
                if found != NO_SLOT {
                    return Ok(Outcome::Found(found));
                }
                at = end;
            }
            depth += 1;
        }
        Ok(Outcome::NoPath)
    }
}

/// Records a successor `next` of `parent`: stores it, adds it to the next layer and tests
/// it when it is new; sets `found` at the first goal and ignores everything after it. A
/// store or layer that cannot grow sets `failure` (and `found`, to any slot, so that the
/// rest is ignored): one test per successor, not a `Result` compared each time.
///
/// Forced inline: as a closure body, the compiler kept it out of line, which cost about
/// 40% of BFS time on the grid benchmark.
#[inline(always)]
#[expect(
    clippy::inline_always,
    reason = "measured: the out-of-line call dominated the BFS inner loop"
)]
fn generate<S, St: NodeStore<S, Slot>, IsGoal: FnMut(&S) -> bool>(
    store: &mut St,
    next_layer: &mut Vec<Slot>,
    is_goal: &mut IsGoal,
    generated: &mut u64,
    (found, failure): (&mut Slot, &mut Option<CapacityError>),
    parent: Slot,
    next: &S,
) {
    if *found != NO_SLOT {
        return;
    }
    *generated += 1;
    let (slot, fresh) = match store.insert(next, parent) {
        Ok(inserted) => inserted,
        Err(error) => {
            (*found, *failure) = (parent, Some(error));
            return;
        }
    };
    if fresh {
        if is_goal(next) {
            *found = slot;
        } else if let Err(error) = try_push(next_layer, slot) {
            (*found, *failure) = (parent, Some(error));
        }
    }
}

impl<S, St: Storage<S>> super::engine::Searcher<S, Bfs<St>> {
    /// [`Bfs::reach_in`] in this searcher's buffers.
    pub fn reach<Sp>(&mut self, space: &Sp, starts: impl IntoIterator<Item = S>) -> Search<()>
    where
        Sp: StateSpace<State = S> + ?Sized,
    {
        let (engine, scratch) = self.parts();
        engine.reach_in(scratch, space, starts)
    }
}

/// Breadth-first search with hashed storage: a path with the fewest steps from any of
/// `starts` to a state satisfying `is_goal`. See [`Bfs`] for dense storage, limits and
/// reuse.
///
/// It ignores step costs: the solution's `cost` is its number of steps, whatever the
/// space's costs. For the least-cost path of a space whose steps differ in cost, use
/// [`dijkstra`](crate::dijkstra) (or [`Strategy::run`](crate::Strategy::run), which
/// refuses BFS unless [`StateSpace::uniform_cost`] says every step costs the same).
///
/// # Complexity
///
/// O(V + E) time and O(V) space for the V states and E steps reached.
///
/// # Examples
///
/// ```
/// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 2]);
/// let found = state_search::bfs(&space, [1], |&n| n == 20).into_found().unwrap();
/// assert_eq!(found.path, vec![1, 2, 4, 5, 10, 20]);
/// ```
pub fn bfs<Sp, IsGoal>(
    space: &Sp,
    starts: impl IntoIterator<Item = Sp::State>,
    is_goal: IsGoal,
) -> Search<Solution<Sp::State, usize>>
where
    Sp: StateSpace + ?Sized,
    IsGoal: Fn(&Sp::State) -> bool,
{
    Bfs::new().search(&Problem::new(space, starts, is_goal))
}

/// The number of steps to every state reachable from `starts`, with shortest paths.
///
/// # Complexity
///
/// O(V + E) time and O(V) space for the V states and E steps reached.
///
/// # Examples
///
/// ```
/// let space = state_search::unit_from_fn(|&n: &u8| [n / 2, n.saturating_sub(1)]);
/// let tree = state_search::bfs_reach(&space, [12]);
/// assert_eq!(tree.cost(&0), Some(4)); // 12 -> 6 -> 3 -> 1 -> 0
/// ```
#[must_use]
pub fn bfs_reach<Sp>(
    space: &Sp,
    starts: impl IntoIterator<Item = Sp::State>,
) -> ShortestPaths<Sp::State, usize>
where
    Sp: StateSpace + ?Sized,
{
    let engine = Bfs::new();
    match engine.scratch() {
        Ok(mut scratch) => {
            let _complete = engine.reach_in(&mut scratch, space, starts);
            scratch.shortest_paths()
        }
        // Hashed storage allocates nothing up front; nothing was reached.
        Err(_) => ShortestPaths::empty(),
    }
}
