//! Bidirectional breadth-first search: two BFS frontiers, from the start forwards and from
//! the goal backwards, expanded a whole layer at a time until they meet.

use crate::error::CapacityError;
use crate::event::Visitor;
use crate::solution::{Limits, Outcome, Search, Solution, Stats, StopReason};
use crate::space::{ReversibleSpace, StateIndexer};
use crate::store::{
    Chosen, Hashed, NO_SLOT, NodeStore, Reusable, Slot, Storage, path_to, try_push,
};

use super::engine::{Engine, Setup, Solver, engine_setup, expanding, storage_constructors};
use crate::problem::{Backward, Problem, SearchProblem, StateOf};

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

    fn restart(&mut self, roots: &[S]) -> Result<(), CapacityError> {
        self.store.clear();
        self.queue.clear();
        self.head = 0;
        self.depth = 0;
        for root in roots {
            let (slot, fresh) = self.store.insert(root, NO_SLOT)?;
            if fresh {
                try_push(&mut self.queue, slot)?;
            }
        }
        Ok(())
    }

    fn memory_bytes(&self) -> usize {
        self.store.memory_bytes() + self.queue.capacity() * size_of::<Slot>()
    }

    fn frontier(&self) -> usize {
        self.queue.len() - self.head
    }
}

/// Bidirectional BFS for a [`ReversibleSpace`]: fewest steps from any of the starts to one goal
/// state.
///
/// The side with the smaller frontier expands its whole next layer; the first state found
/// by both sides closes a shortest path (after a complete layer, any meeting is optimal).
/// On spaces with a branching factor `b` and distance `d`, it stores about `2 b^(d/2)`
/// states instead of `b^d`. Step costs are ignored, as in [`Bfs`](crate::Bfs).
///
/// The engine is an immutable configuration (see [`Engine`]): its scratch is a pair of
/// stores and queues, one per direction.
///
/// # Complexity
///
/// O(V + E) time and O(V) space for the V states and E steps reached by both sides.
///
/// # Examples
///
/// ```
/// use state_search::{BidirectionalBfs, Problem, Solver};
///
/// let space = state_search::unit_from_fn(|&n: &i64| [n + 1, n - 1, n * 2])
///     .with_predecessors(|&n: &i64| {
///         let half = (n % 2 == 0).then_some(n / 2);
///         [Some(n - 1), Some(n + 1), half].into_iter().flatten()
///     });
/// let found = BidirectionalBfs::new().search(&Problem::between(&space, 1, 1000));
/// let found = found.into_found().unwrap();
/// assert_eq!(found.steps(), 12);
/// ```
#[derive(Clone, Debug)]
pub struct BidirectionalBfs<St = Hashed> {
    setup: Setup<St, usize>,
}

engine_setup!(BidirectionalBfs<St>, cost usize);

storage_constructors!(
    /// An engine with `storage` (one store per direction). A cost limit is a limit on the
    /// number of steps.
    BidirectionalBfs
);

/// The buffers of a bidirectional BFS: a store and a queue per direction.
pub struct BidirectionalScratch<S, St: Storage<S>> {
    forward: Side<S, St>,
    backward: Side<S, St>,
}

impl<S, I> Reusable<I> for BidirectionalScratch<S, Chosen<I>>
where
    S: Clone + Eq + core::hash::Hash,
    I: StateIndexer<S>,
{
    fn adopt(&mut self, storage: &Chosen<I>) -> bool {
        self.forward.store.adopt(storage) && self.backward.store.adopt(storage)
    }

    fn dense_bound(&self) -> Option<usize> {
        self.forward.store.dense_bound()
    }

    fn kept_bytes(&self) -> usize {
        self.memory_bytes()
    }

    fn spread(&self, spread: &mut crate::store::Spread<'_, I>) {
        self.forward.store.spread(spread);
        spread.next_store();
        self.backward.store.spread(spread);
    }
}

impl<S, St: Storage<S>> BidirectionalScratch<S, St> {
    /// The heap memory held by both stores and queues, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.forward.memory_bytes() + self.backward.memory_bytes()
    }
}

impl<S, St: Storage<S>> Engine<S> for BidirectionalBfs<St> {
    type Scratch = BidirectionalScratch<S, St>;

    fn scratch(&self) -> Result<Self::Scratch, CapacityError> {
        Ok(BidirectionalScratch {
            forward: Side::new(&self.setup.storage)?,
            backward: Side::new(&self.setup.storage)?,
        })
    }
}

/// Bidirectional BFS searches a problem's space from its starts forwards and from its
/// goal state ([`Problem::backward`](crate::Problem::backward)) backwards, for a path
/// with the fewest steps; it ignores step costs and the goal test (the goal is the goal
/// state).
///
/// Returns [`Outcome::Found`] with a shortest path, [`Outcome::NoPath`], or
/// [`Outcome::Stopped`]. The visitor sees [`Event::Expanded`](crate::Event::Expanded) from both sides (the cost is
/// the depth on that side).
impl<P, Hb, St> Solver<P> for BidirectionalBfs<St>
where
    P: SearchProblem<B = Backward<StateOf<P>, Hb>>,
    P::Space: ReversibleSpace,
    St: Storage<StateOf<P>>,
{
    type Cost = usize;
    type Output = Search<Solution<StateOf<P>, usize>>;

    fn search_in<V: Visitor<StateOf<P>, usize>>(
        &self,
        scratch: &mut BidirectionalScratch<StateOf<P>, St>,
        problem: &P,
        visitor: &mut V,
    ) -> Self::Output {
        let goal = &problem.backward().goal;
        self.run(scratch, problem.space(), problem.starts(), goal, visitor)
    }
}

impl<St> BidirectionalBfs<St> {
    /// The search of [`Solver::search_in`] between `starts` and `goal` on a reversible
    /// space.
    pub(crate) fn run<Sp, V>(
        &self,
        scratch: &mut BidirectionalScratch<Sp::State, St>,
        space: &Sp,
        starts: &[Sp::State],
        goal: &Sp::State,
        visitor: &mut V,
    ) -> Search<Solution<Sp::State, usize>>
    where
        Sp: ReversibleSpace + ?Sized,
        St: Storage<Sp::State>,
        V: Visitor<Sp::State, usize>,
    {
        let mut stats = Stats {
            iterations: 1,
            ..Stats::default()
        };
        let restarted = scratch
            .forward
            .restart(starts)
            .and_then(|()| scratch.backward.restart(core::slice::from_ref(goal)));
        let outcome = match restarted {
            Err(error) => Outcome::Stopped(StopReason::Capacity(error)),
            Ok(()) if starts.contains(goal) => Outcome::Found(vec![goal.clone()]),
            Ok(()) => meet(
                scratch,
                &self.setup.limits.started(),
                space,
                visitor,
                &mut stats,
            ),
        };
        stats.stored = scratch.forward.store.len() + scratch.backward.store.len();
        stats.memory = scratch.memory_bytes();
        let outcome = outcome.map(|path| Solution {
            cost: path.len() - 1,
            path,
        });
        Search::new(outcome, stats)
    }
}

/// Expands layers of the smaller side until the two sides meet.
fn meet<S, St, Sp, V>(
    scratch: &mut BidirectionalScratch<S, St>,
    limits: &Limits<usize>,
    space: &Sp,
    visitor: &mut V,
    stats: &mut Stats,
) -> Outcome<Vec<S>>
where
    St: Storage<S>,
    Sp: ReversibleSpace<State = S> + ?Sized,
    V: Visitor<S, usize>,
{
    let max_steps = limits.cost_limit().unwrap_or(usize::MAX);
    loop {
        let BidirectionalScratch { forward, backward } = &mut *scratch;
        if forward.frontier() == 0 || backward.frontier() == 0 {
            return Outcome::NoPath;
        }
        let shortest_left = (forward.depth + backward.depth + 1) as usize;
        if shortest_left > max_steps {
            return Outcome::Stopped(StopReason::Cost);
        }
        let forwards = forward.frontier() <= backward.frontier();
        let (this, other) = if forwards {
            (forward, &*backward)
        } else {
            (backward, &*forward)
        };
        stats.peak_open = stats.peak_open.max(this.frontier() + other.frontier());
        match expand_layer(space, forwards, this, other, limits, visitor, stats) {
            Ok(None) => {}
            Ok(Some((this_slot, other_slot))) => {
                let (fwd_slot, bwd_slot) = if forwards {
                    (this_slot, other_slot)
                } else {
                    (other_slot, this_slot)
                };
                let mut path = path_to(&scratch.forward.store, fwd_slot, |&parent| parent);
                let mut back = path_to(&scratch.backward.store, bwd_slot, |&parent| parent);
                back.pop(); // the meeting state, already last in `path`
                path.extend(back.into_iter().rev());
                return Outcome::Found(path);
            }
            Err(reason) => return Outcome::Stopped(reason),
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
        limits.check(stats.expanded, || {
            this.memory_bytes() + other.memory_bytes()
        })?;
        let state = this.store.state(slot);
        expanding(visitor, stats, &state, this.depth as usize, !forwards)?;
        let mut met = Ok(None);
        let (store, queue) = (&mut this.store, &mut this.queue);
        let mut visit = |next: S, _| {
            if !matches!(met, Ok(None)) {
                return;
            }
            stats.generated += 1;
            let (next_slot, fresh) = match store.insert(&next, slot) {
                Ok(inserted) => inserted,
                Err(error) => {
                    met = Err(StopReason::Capacity(error));
                    return;
                }
            };
            if fresh {
                match other.store.find(&next) {
                    Some(other_slot) => met = Ok(Some((next_slot, other_slot))),
                    None => {
                        if let Err(error) = try_push(queue, next_slot) {
                            met = Err(StopReason::Capacity(error));
                        }
                    }
                }
            }
        };
        if forwards {
            space.successors(&state, &mut visit);
        } else {
            space.predecessors(&state, &mut visit);
        }
        if !matches!(met, Ok(None)) {
            return met;
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
///
/// # Examples
///
/// ```
/// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 3])
///     .with_predecessors(|&n: &u32| [n.checked_sub(1), (n % 3 == 0).then_some(n / 3)].into_iter().flatten());
/// let found = state_search::bidirectional_bfs(&space, 1, 30).into_found().unwrap();
/// assert_eq!(found.path, [1, 3, 9, 10, 30]);
/// ```
pub fn bidirectional_bfs<Sp>(
    space: &Sp,
    start: Sp::State,
    goal: Sp::State,
) -> Search<Solution<Sp::State, usize>>
where
    Sp: ReversibleSpace + ?Sized,
{
    BidirectionalBfs::new().search(&Problem::between(space, start, goal))
}
