//! Breadth-first search: fewest steps from any of several start states, the goal tested
//! as soon as a state is generated.

use core::hash::Hash;
use core::ops::ControlFlow;
use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use crate::error::CapacityError;
use crate::event::{Event, NoVisitor, Visitor};
use crate::solution::{Limits, Outcome, Search, ShortestPaths, Solution, Stats, StopReason};
use crate::space::StateSpace;
use crate::store::{Hashed, NO_SLOT, NodeStore, Slot, Storage, path_to};

/// A reusable breadth-first search. It ignores step costs: the cost of a path is its
/// number of steps (`usize`).
///
/// The goal is tested when a state is generated (start states: when they are given), so
/// BFS expands fewer states than Dijkstra on the same unit-cost problem. The store keeps
/// only each state's parent (a 4-byte slot; with [`Dense`](crate::Dense) storage nothing
/// else) and the queue only the frontier; depths are counted by layers. The store and the queue are kept between searches; with
/// [`Dense`](crate::Dense) storage a new search costs O(bound / 64) to clear.
///
/// # Complexity
///
/// O(V + E) time, where V and E are the states and steps reached; O(V) space.
///
/// # Examples
///
/// ```
/// use state_search::Bfs;
///
/// // Knight moves on an 8x8 board.
/// let space = state_search::unit_from_fn(|&(r, c): &(i8, i8)| {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .into_iter()
///         .map(move |(dr, dc)| (r + dr, c + dc))
///         .filter(|&(r, c)| (0..8).contains(&r) && (0..8).contains(&c))
/// });
/// let mut bfs = Bfs::new();
/// let corner_to_corner = bfs.search(&space, [(0, 0)], |&s| s == (7, 7));
/// assert_eq!(corner_to_corner.found().unwrap().cost, 6);
/// // The same searcher, reused for another query.
/// assert_eq!(bfs.search(&space, [(0, 0)], |&s| s == (1, 2)).found().unwrap().cost, 1);
/// ```
pub struct Bfs<S, St: Storage<S> = Hashed> {
    /// The parent slot of each state reached.
    store: St::Store<Slot>,
    /// The frontier: states reached but not expanded, in the order reached.
    queue: VecDeque<Slot>,
    limits: Limits<usize>,
}

impl<S: Clone + Eq + Hash> Bfs<S, Hashed> {
    /// A searcher with hashed storage.
    #[must_use]
    pub fn new() -> Self {
        Self::with_storage(Hashed)
    }
}

impl<S: Clone + Eq + Hash> Default for Bfs<S, Hashed> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S, St: Storage<S>> Bfs<S, St> {
    /// A searcher with the given storage, e.g. [`Dense`](crate::Dense)`(indexer)`.
    ///
    /// # Panics
    ///
    /// Panics if a dense store cannot be allocated; see [`Bfs::try_with_storage`].
    #[must_use]
    pub fn with_storage(storage: St) -> Self {
        Self::try_with_storage(storage).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A searcher with the given storage.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a dense store cannot be allocated.
    #[expect(
        clippy::needless_pass_by_value,
        reason = "a storage is a small value built at the call site, e.g. Dense(ix)"
    )]
    pub fn try_with_storage(storage: St) -> Result<Self, CapacityError> {
        Ok(Self {
            store: storage.try_store()?,
            queue: VecDeque::new(),
            limits: Limits::default(),
        })
    }

    /// The same searcher with `limits`; a cost limit is a limit on the number of steps.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits<usize>) -> Self {
        self.limits = limits;
        self
    }

    /// Replaces the limits of later searches.
    pub fn set_limits(&mut self, limits: Limits<usize>) {
        self.limits = limits;
    }

    /// Finds a path with the fewest steps from any of `starts` to a state satisfying
    /// `is_goal`.
    ///
    /// # Arguments
    ///
    /// * `space` - the state space; step costs are ignored.
    /// * `starts` - the start states; duplicates are ignored.
    /// * `is_goal` - called once on every distinct state reached, in BFS order.
    ///
    /// # Returns
    ///
    /// [`Outcome::Found`] with a shortest path, [`Outcome::NoPath`] when no reachable
    /// state is a goal, or [`Outcome::Stopped`] when a limit cut the search short.
    pub fn search<Sp, IsGoal>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        is_goal: IsGoal,
    ) -> Search<Solution<S, usize>>
    where
        Sp: StateSpace<State = S> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
    {
        self.search_with(space, starts, is_goal, &mut NoVisitor)
    }

    /// [`Bfs::search`] with an event visitor; it sees [`Event::Expanded`].
    pub fn search_with<Sp, IsGoal, V>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        is_goal: IsGoal,
        visitor: &mut V,
    ) -> Search<Solution<S, usize>>
    where
        Sp: StateSpace<State = S> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
        V: Visitor<S, usize>,
    {
        let (outcome, stats) = self.run(space, starts, is_goal, visitor);
        let outcome = outcome.map(|slot| {
            let path = path_to(&self.store, slot, |&parent| parent);
            Solution {
                cost: path.len() - 1,
                path,
            }
        });
        Search { outcome, stats }
    }

    /// Explores every state reachable from `starts` (within the limits); afterwards
    /// [`Bfs::cost`] and [`Bfs::path_to`] answer for each of them.
    ///
    /// # Returns
    ///
    /// `Found(())` when the exploration was complete, `Stopped` when a limit cut it short.
    pub fn reach<Sp>(&mut self, space: &Sp, starts: impl IntoIterator<Item = S>) -> Search<()>
    where
        Sp: StateSpace<State = S> + ?Sized,
    {
        let (outcome, stats) = self.run(space, starts, |_| false, &mut NoVisitor);
        let outcome = match outcome {
            Outcome::Stopped(reason) => Outcome::Stopped(reason),
            Outcome::Found(_) | Outcome::NoPath => Outcome::Found(()),
        };
        Search { outcome, stats }
    }

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

    /// The heap memory held by the store and the queue, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.store.memory_bytes() + self.queue.capacity() * size_of::<Slot>()
    }

    fn run<Sp, IsGoal, V>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        mut is_goal: IsGoal,
        visitor: &mut V,
    ) -> (Outcome<Slot>, Stats)
    where
        Sp: StateSpace<State = S> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
        V: Visitor<S, usize>,
    {
        self.store.clear();
        self.queue.clear();
        let mut stats = Stats {
            iterations: 1,
            ..Stats::default()
        };
        let outcome = self.explore(space, starts, &mut is_goal, visitor, &mut stats);
        stats.stored = self.store.len();
        (outcome, stats)
    }

    fn explore<Sp, IsGoal, V>(
        &mut self,
        space: &Sp,
        starts: impl IntoIterator<Item = S>,
        is_goal: &mut IsGoal,
        visitor: &mut V,
        stats: &mut Stats,
    ) -> Outcome<Slot>
    where
        Sp: StateSpace<State = S> + ?Sized,
        IsGoal: FnMut(&S) -> bool,
        V: Visitor<S, usize>,
    {
        for start in starts {
            let (slot, fresh) = self.store.insert(&start, NO_SLOT);
            if fresh {
                if is_goal(&start) {
                    return Outcome::Found(slot);
                }
                self.queue.push_back(slot);
            }
        }
        let max_depth = self.limits.cost_limit().unwrap_or(usize::MAX);
        let mut depth = 0;
        // States of the current depth still in the queue; the rest are one deeper.
        let mut layer_left = self.queue.len();
        while let Some(slot) = self.queue.pop_front() {
            if layer_left == 0 {
                depth += 1;
                layer_left = self.queue.len() + 1;
            }
            layer_left -= 1;
            if depth >= max_depth {
                // A state at the limit is not expanded; the limit cut something off only
                // if the state has a successor not reached yet.
                let state = self.store.state(slot);
                let mut beyond = false;
                space.successors(&state, |next, _| {
                    beyond = beyond || self.store.find(&next).is_none();
                });
                if beyond {
                    return Outcome::Stopped(StopReason::Cost);
                }
                continue;
            }
            stats.peak_open = stats.peak_open.max(self.queue.len() + 1);
            if let Err(reason) = self.limits.check(stats.expanded) {
                return Outcome::Stopped(reason);
            }
            let state = self.store.state(slot);
            let event = Event::Expanded {
                state: &state,
                cost: depth,
            };
            if let ControlFlow::Break(()) = visitor.visit(event) {
                return Outcome::Stopped(StopReason::Visitor);
            }
            stats.expanded += 1;
            let mut found = NO_SLOT;
            let (store, queue, generated) =
                (&mut self.store, &mut self.queue, &mut stats.generated);
            space.successors(&state, |next, _| {
                generate(store, queue, is_goal, generated, &mut found, slot, &next);
            });
            if found != NO_SLOT {
                return Outcome::Found(found);
            }
        }
        Outcome::NoPath
    }
}

/// Records a successor `next` of `parent`: stores it, queues it and tests it when it is
/// new; sets `found` at the first goal and ignores everything after it.
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
    queue: &mut VecDeque<Slot>,
    is_goal: &mut IsGoal,
    generated: &mut u64,
    found: &mut Slot,
    parent: Slot,
    next: &S,
) {
    if *found != NO_SLOT {
        return;
    }
    *generated += 1;
    let (slot, fresh) = store.insert(next, parent);
    if fresh {
        if is_goal(next) {
            *found = slot;
        } else {
            queue.push_back(slot);
        }
    }
}

/// Breadth-first search with hashed storage: a path with the fewest steps from any of
/// `starts` to a state satisfying `is_goal`. See [`Bfs`] for dense storage, limits and
/// reuse.
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
    IsGoal: FnMut(&Sp::State) -> bool,
{
    Bfs::new().search(space, starts, is_goal)
}

/// The number of steps to every state reachable from `starts`, with shortest paths.
///
/// # Complexity
///
/// O(V + E) time and O(V) space for the V states and E steps reached.
#[must_use]
pub fn bfs_reach<Sp>(
    space: &Sp,
    starts: impl IntoIterator<Item = Sp::State>,
) -> ShortestPaths<Sp::State, usize>
where
    Sp: StateSpace + ?Sized,
{
    let mut bfs = Bfs::new();
    let _complete = bfs.reach(space, starts);
    bfs.shortest_paths()
}
