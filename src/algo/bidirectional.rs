//! Bidirectional breadth-first search: two BFS frontiers, from the start forwards and from
//! the goal backwards, expanded a whole layer at a time until they meet.

use core::hash::Hash;
use core::ops::ControlFlow;

use crate::error::CapacityError;
use crate::event::{Event, NoVisitor, Visitor};
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::ReversibleSpace;
use crate::store::{Hashed, NO_SLOT, NodeStore, Slot, Storage, path_to};

/// One direction of the search: its store, its queue, and the depth of its frontier.
struct Side<S, St: Storage<S>> {
    /// The parent slot of each state reached.
    store: St::Store<Slot>,
    queue: Vec<Slot>,
    head: usize,
    depth: u32,
}

impl<S, St: Storage<S>> Side<S, St> {
    fn new(storage: &St) -> Result<Self, CapacityError> {
        Ok(Self {
            store: storage.try_store()?,
            queue: Vec::new(),
            head: 0,
            depth: 0,
        })
    }

    fn restart(&mut self, root: &S) {
        self.store.clear();
        self.queue.clear();
        self.head = 0;
        self.depth = 0;
        let (slot, _) = self.store.insert(root, NO_SLOT);
        self.queue.push(slot);
    }

    fn frontier(&self) -> usize {
        self.queue.len() - self.head
    }
}

/// A reusable bidirectional BFS for a [`ReversibleSpace`]: fewest steps from one start to
/// one goal state.
///
/// The side with the smaller frontier expands its whole next layer; the first state found
/// by both sides closes a shortest path (after a complete layer, any meeting is optimal).
/// On spaces with a branching factor `b` and distance `d`, it stores about `2 b^(d/2)`
/// states instead of `b^d`.
///
/// # Complexity
///
/// O(V + E) time and O(V) space for the V states and E steps reached by both sides.
///
/// # Examples
///
/// ```
/// let space = state_search::unit_from_fn(|&n: &i64| [n + 1, n - 1, n * 2])
///     .with_predecessors(|&n: &i64| {
///         let half = (n % 2 == 0).then_some(n / 2);
///         [Some(n - 1), Some(n + 1), half].into_iter().flatten()
///     });
/// let found = state_search::bidirectional_bfs(&space, 1, 1000).into_found().unwrap();
/// assert_eq!(found.steps(), 12);
/// ```
pub struct BidirectionalBfs<S, St: Storage<S> = Hashed> {
    forward: Side<S, St>,
    backward: Side<S, St>,
    limits: Limits<usize>,
}

impl<S: Clone + Eq + Hash> BidirectionalBfs<S, Hashed> {
    /// A searcher with hashed storage.
    #[must_use]
    pub fn new() -> Self {
        Self::with_storage(Hashed)
    }
}

impl<S: Clone + Eq + Hash> Default for BidirectionalBfs<S, Hashed> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Clone + Eq, St: Storage<S>> BidirectionalBfs<S, St> {
    /// A searcher with the given storage (one store per direction).
    ///
    /// # Panics
    ///
    /// Panics if a dense store cannot be allocated; see
    /// [`BidirectionalBfs::try_with_storage`].
    #[must_use]
    pub fn with_storage(storage: St) -> Self {
        Self::try_with_storage(storage).unwrap_or_else(|error| panic!("{error}"))
    }

    /// A searcher with the given storage (one store per direction).
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
            forward: Side::new(&storage)?,
            backward: Side::new(&storage)?,
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

    /// Finds a path with the fewest steps from `start` to `goal`.
    ///
    /// # Returns
    ///
    /// [`Outcome::Found`] with a shortest path, [`Outcome::NoPath`], or
    /// [`Outcome::Stopped`].
    pub fn search<Sp>(&mut self, space: &Sp, start: S, goal: S) -> Search<Solution<S, usize>>
    where
        Sp: ReversibleSpace<State = S> + ?Sized,
    {
        self.search_with(space, start, goal, &mut NoVisitor)
    }

    /// [`BidirectionalBfs::search`] with an event visitor; it sees [`Event::Expanded`] from
    /// both sides (the cost is the depth on that side).
    #[expect(
        clippy::needless_pass_by_value,
        reason = "states are passed by value, as the starts of every other engine"
    )]
    pub fn search_with<Sp, V>(
        &mut self,
        space: &Sp,
        start: S,
        goal: S,
        visitor: &mut V,
    ) -> Search<Solution<S, usize>>
    where
        Sp: ReversibleSpace<State = S> + ?Sized,
        V: Visitor<S, usize>,
    {
        let mut stats = Stats {
            iterations: 1,
            ..Stats::default()
        };
        self.forward.restart(&start);
        self.backward.restart(&goal);
        let outcome = if start == goal {
            Outcome::Found(vec![start])
        } else {
            self.meet(space, visitor, &mut stats)
        };
        stats.stored = self.forward.store.len() + self.backward.store.len();
        let outcome = outcome.map(|path| Solution {
            cost: path.len() - 1,
            path,
        });
        Search { outcome, stats }
    }

    /// The heap memory held by both stores and queues, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        [&self.forward, &self.backward]
            .iter()
            .map(|side| side.store.memory_bytes() + side.queue.capacity() * size_of::<Slot>())
            .sum()
    }

    fn meet<Sp, V>(&mut self, space: &Sp, visitor: &mut V, stats: &mut Stats) -> Outcome<Vec<S>>
    where
        Sp: ReversibleSpace<State = S> + ?Sized,
        V: Visitor<S, usize>,
    {
        let max_steps = self.limits.cost_limit().unwrap_or(usize::MAX);
        loop {
            if self.forward.frontier() == 0 || self.backward.frontier() == 0 {
                return Outcome::NoPath;
            }
            let shortest_left = (self.forward.depth + self.backward.depth + 1) as usize;
            if shortest_left > max_steps {
                return Outcome::Stopped(StopReason::Cost);
            }
            let forwards = self.forward.frontier() <= self.backward.frontier();
            let (this, other) = if forwards {
                (&mut self.forward, &self.backward)
            } else {
                (&mut self.backward, &self.forward)
            };
            stats.peak_open = stats.peak_open.max(this.frontier() + other.frontier());
            match expand_layer(space, forwards, this, other, &self.limits, visitor, stats) {
                Ok(None) => {}
                Ok(Some((this_slot, other_slot))) => {
                    let (fwd_slot, bwd_slot) = if forwards {
                        (this_slot, other_slot)
                    } else {
                        (other_slot, this_slot)
                    };
                    let mut path = path_to(&self.forward.store, fwd_slot, |&parent| parent);
                    let mut back = path_to(&self.backward.store, bwd_slot, |&parent| parent);
                    back.pop(); // the meeting state, already last in `path`
                    path.extend(back.into_iter().rev());
                    return Outcome::Found(path);
                }
                Err(reason) => return Outcome::Stopped(reason),
            }
        }
    }
}

/// Expands the whole current layer of `this`; returns the slots (in `this`, in `other`)
/// of a state both sides reached, if any.
fn expand_layer<S, St, Sp, V>(
    space: &Sp,
    forwards: bool,
    this: &mut Side<S, St>,
    other: &Side<S, St>,
    limits: &Limits<usize>,
    visitor: &mut V,
    stats: &mut Stats,
) -> Result<Option<(Slot, Slot)>, StopReason>
where
    St: Storage<S>,
    Sp: ReversibleSpace<State = S> + ?Sized,
    V: Visitor<S, usize>,
{
    let layer_end = this.queue.len();
    let child = this.depth + 1;
    while this.head < layer_end {
        let slot = this.queue[this.head];
        this.head += 1;
        limits.check(stats.expanded)?;
        let state = this.store.state(slot);
        if let ControlFlow::Break(()) = visitor.visit(Event::Expanded {
            state: &state,
            cost: this.depth as usize,
        }) {
            return Err(StopReason::Visitor);
        }
        stats.expanded += 1;
        let mut met = None;
        let (store, queue) = (&mut this.store, &mut this.queue);
        let mut visit = |next: S, _| {
            if met.is_some() {
                return;
            }
            stats.generated += 1;
            let (next_slot, fresh) = store.insert(&next, slot);
            if fresh {
                match other.store.find(&next) {
                    Some(other_slot) => met = Some((next_slot, other_slot)),
                    None => queue.push(next_slot),
                }
            }
        };
        if forwards {
            space.successors(&state, &mut visit);
        } else {
            space.predecessors(&state, &mut visit);
        }
        if met.is_some() {
            return Ok(met);
        }
    }
    this.depth = child;
    Ok(None)
}

/// Bidirectional BFS with hashed storage: a path with the fewest steps from `start` to
/// `goal`. See [`BidirectionalBfs`].
///
/// # Complexity
///
/// O(V + E) time and O(V) space for the V states and E steps reached by both sides.
pub fn bidirectional_bfs<Sp>(
    space: &Sp,
    start: Sp::State,
    goal: Sp::State,
) -> Search<Solution<Sp::State, usize>>
where
    Sp: ReversibleSpace + ?Sized,
{
    BidirectionalBfs::new().search(space, start, goal)
}
