//! [`Problem`]: a space with its start states and goal, and what else an engine or a
//! strategy may use: a heuristic, a numbering of the states, predecessors and a goal
//! state. The one input of every engine ([`Solver`](crate::Solver)) and of
//! [`Strategy::run`](crate::Strategy::run).

use crate::space::{
    Heuristic, IndexedSpace, ReversibleSpace, StateIndexer, StateSpace, ZeroHeuristic,
};
use crate::store::StoragePolicy;

/// A search problem: a [`StateSpace`], its start states and goal test, and optionally what
/// some engines and strategies need or use. Every engine over a space searches one
/// ([`Solver::search`](crate::Solver::search)), as [`Strategy::run`](crate::Strategy::run)
/// does:
///
/// | added with                     | used by                                                  |
/// |--------------------------------|----------------------------------------------------------|
/// | [`heuristic`](Problem::heuristic) | every strategy whose [`StrategyInfo::uses_heuristic`](crate::strategy::StrategyInfo::uses_heuristic) is set: `astar`, `wastar`, `idastar`, `mm`, ... (without one, they use the zero heuristic) |
/// | [`indexer`](Problem::indexer) / [`indexed`](Problem::indexed) | dense storage for every strategy that stores states |
/// | [`backward`](Problem::backward) | `bibfs`, `bidijkstra`, `mm`, `nbs`, `bae` (need the predecessors and the one goal state) |
/// | [`backward_heuristic`](Problem::backward_heuristic) | `mm`, `nbs`, `bae` (an estimate of the cost from the start; without one, zero) |
/// | [`distance_to_go`](Problem::distance_to_go) | `focal:W`, `ees:W` (the states nearest a goal first; without one, `h`) |
/// | [`storage`](Problem::storage)   | the choice between dense and hashed storage (default: automatic) |
///
/// Under a cost limit ([`Limits::max_cost`](crate::Limits::max_cost)), `dijkstra` also uses
/// the heuristic: it does not queue a state whose cost plus estimate exceeds the limit.
/// The answer is the same (the estimate must not overestimate), but fewer states may be
/// expanded than without a heuristic, which a comparison of expansions should keep in
/// mind. Without a cost limit `dijkstra` never evaluates it.
///
/// The type parameters record what was added: `H` the heuristic, `I` the indexer
/// ([`NoIndexer`] when none), `B` the backward direction ([`NoBackward`] when none), `D`
/// the distance-to-go ([`NoDistance`] when none).
///
/// # Examples
///
/// ```
/// use state_search::{Problem, Strategy};
///
/// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 2]);
/// let problem = Problem::new(&space, [1], |&n| n == 100).heuristic(|&n: &u32| usize::from(n < 100));
/// let search = Strategy::AStar.run(&problem, &Default::default())?;
/// assert_eq!(search.found().unwrap().cost, 8); // 1 2 3 6 12 24 25 50 100
/// // The same problem, searched by an engine.
/// use state_search::{AStar, Solver};
/// assert_eq!(AStar::new().search(&problem).found().unwrap().cost, 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Problem<
    's,
    Sp: StateSpace + ?Sized,
    G,
    H = ZeroHeuristic,
    I = NoIndexer,
    B = NoBackward,
    D = NoDistance,
> {
    pub(crate) space: &'s Sp,
    pub(crate) starts: Vec<Sp::State>,
    pub(crate) is_goal: G,
    pub(crate) heuristic: H,
    pub(crate) indexer: I,
    pub(crate) backward: B,
    pub(crate) distance: D,
    pub(crate) storage: StoragePolicy,
}

impl<'s, Sp, G> Problem<'s, Sp, G>
where
    Sp: StateSpace + ?Sized,
    G: Fn(&Sp::State) -> bool,
{
    /// The problem of reaching a state that satisfies `is_goal` from any of `starts` in
    /// `space`.
    pub fn new(space: &'s Sp, starts: impl IntoIterator<Item = Sp::State>, is_goal: G) -> Self {
        Self {
            space,
            starts: starts.into_iter().collect(),
            is_goal,
            heuristic: ZeroHeuristic,
            indexer: NoIndexer,
            backward: NoBackward,
            distance: NoDistance,
            storage: StoragePolicy::Auto,
        }
    }
}

impl<'s, Sp: ReversibleSpace + ?Sized> Problem<'s, Sp, fn(&Sp::State) -> bool> {
    /// The problem of reaching `goal` from `start`, searchable in both directions: a
    /// problem with one start, the goal test "is `goal`", and
    /// [`backward`](Problem::backward)`(goal)`, as the bidirectional engines and
    /// strategies need.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::{BidirectionalBfs, Problem, Solver};
    ///
    /// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 3])
    ///     .with_predecessors(|&n: &u32| {
    ///         [n.checked_sub(1), (n % 3 == 0).then_some(n / 3)].into_iter().flatten()
    ///     });
    /// let problem = Problem::between(&space, 1, 30);
    /// let found = BidirectionalBfs::new().search(&problem).into_found().unwrap();
    /// assert_eq!(found.path, [1, 3, 9, 10, 30]);
    /// assert!(problem.is_goal(&30) && !problem.is_goal(&10));
    /// ```
    #[expect(
        clippy::type_complexity,
        reason = "the problem type with its parameters spelled out, as `Problem::backward` gives it"
    )]
    pub fn between(
        space: &'s Sp,
        start: Sp::State,
        goal: Sp::State,
    ) -> Problem<'s, Sp, impl Fn(&Sp::State) -> bool, ZeroHeuristic, NoIndexer, Backward<Sp::State>>
    {
        let target = goal.clone();
        Problem::new(space, [start], move |state: &Sp::State| *state == target).backward(goal)
    }
}

impl<'s, Sp: StateSpace + ?Sized, G, H, I, B, D> Problem<'s, Sp, G, H, I, B, D> {
    /// The same problem with a heuristic: an estimate of the cost still needed to reach a
    /// goal, admissible (never above it) for the optimal strategies to stay optimal.
    ///
    /// A closure must name its argument's type (`|&(r, c): &(i32, i32)| ...`) or be
    /// wrapped in [`heuristic`](crate::heuristic); unannotated, the compiler reports that
    /// an "implementation of `FnOnce` is not general enough" (see [`Heuristic`]). The
    /// problem owns its heuristic: a closure can be lent as `&h`, and a value kept for
    /// other problems (a pattern database) through a closure, `|s: &S| pdb.estimate(s)`.
    pub fn heuristic<H2>(self, heuristic: H2) -> Problem<'s, Sp, G, H2, I, B, D>
    where
        H2: Heuristic<Sp::State, Sp::Cost>,
    {
        self.with_parts(|(_, indexer, backward, distance)| (heuristic, indexer, backward, distance))
    }

    /// The same problem with a numbering of the states, which lets strategies use dense
    /// storage. The numbering must keep [`StateIndexer`](crate::StateIndexer)'s contract:
    /// dense storage panics on an index at or above its bound.
    pub fn indexer<I2>(self, indexer: I2) -> Problem<'s, Sp, G, H, WithIndexer<I2>, B, D>
    where
        I2: StateIndexer<Sp::State>,
    {
        self.with_parts(|(heuristic, _, backward, distance)| {
            (heuristic, WithIndexer(indexer), backward, distance)
        })
    }

    /// The same problem with the space's own numbering of the states.
    pub fn indexed(self) -> Problem<'s, Sp, G, H, WithIndexer<Sp::Indexer>, B, D>
    where
        Sp: IndexedSpace,
    {
        let indexer = self.space.indexer();
        self.indexer(indexer)
    }

    /// The same problem searchable backwards from `goal`, the one goal state, through the
    /// space's predecessors: what bidirectional strategies need. A bidirectional strategy
    /// refuses a `goal` that fails the goal test
    /// ([`Inapplicable::BackwardGoalFailsTest`](crate::Inapplicable::BackwardGoalFailsTest)).
    pub fn backward(self, goal: Sp::State) -> Problem<'s, Sp, G, H, I, Backward<Sp::State>, D>
    where
        Sp: ReversibleSpace,
    {
        let backward = Backward {
            goal,
            heuristic: ZeroHeuristic,
        };
        self.with_parts(|(heuristic, indexer, _, distance)| {
            (heuristic, indexer, backward, distance)
        })
    }

    /// The same problem with a distance-to-go: an estimate of the number of steps (not
    /// the cost) still needed, which `focal:W` and `ees:W` use to pick among the states
    /// their bound allows (without one, they use the heuristic). It need not be
    /// admissible. It is written in the space's cost type: `n` steps as the cost whose
    /// value is `n` (`n` for an integer cost, `OctileCost::new(n, 0)` on a Moving AI map).
    pub fn distance_to_go<D2>(self, distance: D2) -> Problem<'s, Sp, G, H, I, B, WithDistance<D2>>
    where
        D2: Heuristic<Sp::State, Sp::Cost>,
    {
        self.with_parts(|(heuristic, indexer, backward, _)| {
            (heuristic, indexer, backward, WithDistance(distance))
        })
    }

    /// The same problem with its heuristic, indexer, backward view and distance-to-go
    /// replaced by what `replace` makes of them: what every builder method above does.
    fn with_parts<H2, I2, B2, D2>(
        self,
        replace: impl FnOnce((H, I, B, D)) -> (H2, I2, B2, D2),
    ) -> Problem<'s, Sp, G, H2, I2, B2, D2> {
        let (heuristic, indexer, backward, distance) =
            replace((self.heuristic, self.indexer, self.backward, self.distance));
        Problem {
            space: self.space,
            starts: self.starts,
            is_goal: self.is_goal,
            heuristic,
            indexer,
            backward,
            distance,
            storage: self.storage,
        }
    }

    /// The same problem with another storage policy (the default is
    /// [`StoragePolicy::Auto`]).
    #[must_use]
    pub fn storage(mut self, policy: StoragePolicy) -> Self {
        self.storage = policy;
        self
    }

    /// The space.
    #[must_use]
    pub fn space(&self) -> &'s Sp {
        self.space
    }

    /// The start states.
    #[must_use]
    pub fn starts(&self) -> &[Sp::State] {
        &self.starts
    }

    /// Whether `state` is a goal.
    pub fn is_goal(&self, state: &Sp::State) -> bool
    where
        G: Fn(&Sp::State) -> bool,
    {
        (self.is_goal)(state)
    }

    /// The storage policy.
    #[must_use]
    pub fn storage_policy(&self) -> StoragePolicy {
        self.storage
    }
}

/// A problem's numbering of the states, if it has one: [`NoIndexer`] or [`WithIndexer`].
///
/// # Examples
///
/// ```
/// use state_search::strategy::{MaybeIndexer, NoIndexer, WithIndexer};
/// use state_search::{
///     CapacityErrorKind, Limits, Problem, StateIndexer, StoragePolicy, Strategy, StrategyError,
/// };
///
/// #[derive(Clone)]
/// struct Upto100;
/// impl StateIndexer<u32> for Upto100 {
///     fn bound(&self) -> usize { 101 }
///     fn index(&self, &n: &u32) -> usize { n as usize }
///     fn state(&self, index: usize) -> u32 { u32::try_from(index).unwrap() }
/// }
/// let space = state_search::unit_from_fn(|&n: &u32| {
///     [n + 1, n * 2].into_iter().filter(|&m| m <= 100)
/// });
/// let problem = Problem::new(&space, [1], |&n| n == 100).storage(StoragePolicy::Dense);
/// // A new problem has `NoIndexer`, so dense storage is refused ...
/// let Err(StrategyError::Capacity(refused)) = Strategy::Bfs.run(&problem, &Limits::new()) else {
///     panic!("dense storage without an indexer");
/// };
/// assert_eq!(refused.reason, CapacityErrorKind::NoIndexer);
/// // ... `Problem::indexer` gives it a `WithIndexer`, and the search runs on dense storage.
/// let problem = problem.indexer(Upto100);
/// assert_eq!(Strategy::Bfs.run(&problem, &Limits::new())?.found().unwrap().cost, 8);
/// assert!(WithIndexer(Upto100).get().is_some() && MaybeIndexer::<u32>::get(&NoIndexer).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait MaybeIndexer<S> {
    /// The numbering's type.
    type Indexer: StateIndexer<S>;
    /// The numbering, if the problem has one.
    fn get(&self) -> Option<&Self::Indexer>;
}

/// No numbering of the states: strategies store them hashed.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoIndexer;

impl<S> StateIndexer<S> for NoIndexer {
    /// Zero: no state has an index.
    fn bound(&self) -> usize {
        0
    }
    /// Never called: [`MaybeIndexer::get`] gives no numbering.
    fn index(&self, _state: &S) -> usize {
        0
    }
    /// Never called: there is no state to give back.
    fn state(&self, _index: usize) -> S {
        unreachable!("state-search: NoIndexer numbers no state")
    }
}

impl<S> MaybeIndexer<S> for NoIndexer {
    type Indexer = NoIndexer;
    fn get(&self) -> Option<&NoIndexer> {
        None
    }
}

/// A numbering of the states, added by [`Problem::indexer`].
#[derive(Clone, Copy, Debug)]
pub struct WithIndexer<I>(pub I);

impl<S, I: StateIndexer<S>> MaybeIndexer<S> for WithIndexer<I> {
    type Indexer = I;
    fn get(&self) -> Option<&I> {
        Some(&self.0)
    }
}

/// A problem's backward direction, if it has one: [`NoBackward`] or [`Backward`].
///
/// # Examples
///
/// ```
/// use state_search::{Inapplicable, Limits, Problem, Strategy};
///
/// let space = state_search::unit_from_fn(|&n: &i32| [n - 1, n + 1])
///     .with_predecessors(|&n: &i32| [n - 1, n + 1]);
/// // A new problem has `NoBackward`: the bidirectional strategies do not apply ...
/// let forward = Problem::new(&space, [0], |&n| n == 30);
/// let refused = Strategy::BidirectionalBfs.run(&forward, &Limits::new()).unwrap_err();
/// assert_eq!(refused.refusal(), Some((Strategy::BidirectionalBfs, Inapplicable::NeedsBackward)));
/// // ... `Problem::backward` gives it a `Backward` with the one goal state.
/// let both_ways = forward.backward(30);
/// let search = Strategy::BidirectionalBfs.run(&both_ways, &Limits::new())?;
/// assert_eq!(search.found().unwrap().cost, 30);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait MaybeBackward<Sp: StateSpace + ?Sized> {
    /// The one goal state, if the problem can be searched backwards.
    fn goal(&self) -> Option<&Sp::State>;
    /// Emits the predecessors of `state` (nothing when there is no backward direction).
    fn predecessors(&self, space: &Sp, state: &Sp::State, emit: impl FnMut(Sp::State, Sp::Cost));
    /// The backward heuristic of `state`: an estimate of the cost from a start (zero by
    /// default).
    fn estimate_back(&self, state: &Sp::State) -> Sp::Cost {
        let _ = state;
        <Sp::Cost as crate::Cost>::ZERO
    }
}

/// No backward direction: bidirectional strategies do not apply.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoBackward;

impl<Sp: StateSpace + ?Sized> MaybeBackward<Sp> for NoBackward {
    fn goal(&self) -> Option<&Sp::State> {
        None
    }
    fn predecessors(&self, _: &Sp, _: &Sp::State, _: impl FnMut(Sp::State, Sp::Cost)) {}
}

/// The goal state of a problem that can be searched backwards, added by
/// [`Problem::backward`], and the backward heuristic, added by
/// [`Problem::backward_heuristic`].
#[derive(Clone, Debug)]
pub struct Backward<S, Hb = ZeroHeuristic> {
    /// The goal state.
    pub goal: S,
    /// An admissible estimate of the cost from a start to a state.
    pub heuristic: Hb,
}

impl<Sp: ReversibleSpace + ?Sized, Hb: Heuristic<Sp::State, Sp::Cost>> MaybeBackward<Sp>
    for Backward<Sp::State, Hb>
{
    fn goal(&self) -> Option<&Sp::State> {
        Some(&self.goal)
    }
    #[inline]
    fn predecessors(&self, space: &Sp, state: &Sp::State, emit: impl FnMut(Sp::State, Sp::Cost)) {
        space.predecessors(state, emit);
    }
    #[inline]
    fn estimate_back(&self, state: &Sp::State) -> Sp::Cost {
        self.heuristic.estimate(state)
    }
}

impl<'s, Sp: StateSpace + ?Sized, G, H, I, D> Problem<'s, Sp, G, H, I, Backward<Sp::State>, D> {
    /// The same problem with a backward heuristic: an admissible estimate of the cost
    /// from a start to a state, which `mm`, `nbs` and `bae` use for their backward search (without
    /// one, they use zero). For a single start on a space whose steps cost the same both ways, the
    /// forward heuristic aimed at the start is one.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::{Limits, Problem, Strategy};
    ///
    /// // A line of integers, one step each way: the cost between a and b is |a - b|.
    /// let space = state_search::unit_from_fn(|&n: &i32| [n - 1, n + 1])
    ///     .with_predecessors(|&n: &i32| [n - 1, n + 1]);
    /// let problem = Problem::new(&space, [0], |&n| n == 30)
    ///     .heuristic(|&n: &i32| usize::try_from((30 - n).abs()).unwrap())
    ///     .backward(30)
    ///     .backward_heuristic(|&n: &i32| usize::try_from(n.abs()).unwrap());
    /// let search = Strategy::Mm.run(&problem, &Limits::new())?;
    /// assert_eq!(search.found().unwrap().cost, 30);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn backward_heuristic<Hb>(
        self,
        heuristic: Hb,
    ) -> Problem<'s, Sp, G, H, I, Backward<Sp::State, Hb>, D>
    where
        Hb: Heuristic<Sp::State, Sp::Cost>,
    {
        self.with_parts(|(forward, indexer, backward, distance)| {
            let backward = Backward {
                goal: backward.goal,
                heuristic,
            };
            (forward, indexer, backward, distance)
        })
    }
}

/// A problem's distance-to-go, if it has one: [`NoDistance`] or [`WithDistance`].
///
/// # Examples
///
/// ```
/// use state_search::strategy::{MaybeDistance, NoDistance, WithDistance};
/// use state_search::{Limits, Problem, Strategy};
///
/// let steps_to_go = |&n: &u32| u32::from(n < 100);
/// assert_eq!(WithDistance(steps_to_go).distance(&40), Some(1));
/// assert_eq!(MaybeDistance::<u32, u32>::distance(&NoDistance, &40), None);
/// // `Problem::distance_to_go` adds one (a `WithDistance`), which `focal:W` reads.
/// let space = state_search::from_fn(|&n: &u32| {
///     [(n + 1, 1u32), (n * 2, 1)].into_iter().filter(|&(m, _)| m <= 100)
/// });
/// let problem = Problem::new(&space, [1], |&n| n == 100).distance_to_go(steps_to_go);
/// let search = "focal:1.5".parse::<Strategy>()?.run(&problem, &Limits::new())?;
/// assert!(search.found().unwrap().cost <= 12); // within 1.5 times the optimum, 8
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait MaybeDistance<S, C> {
    /// The distance-to-go of `state`, if the problem has one.
    fn distance(&self, state: &S) -> Option<C>;
}

/// No distance-to-go: `focal:W` uses the heuristic.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoDistance;

impl<S, C> MaybeDistance<S, C> for NoDistance {
    #[inline]
    fn distance(&self, _state: &S) -> Option<C> {
        None
    }
}

/// A distance-to-go, added by [`Problem::distance_to_go`].
#[derive(Clone, Copy, Debug)]
pub struct WithDistance<D>(pub D);

impl<S, C, D: Heuristic<S, C>> MaybeDistance<S, C> for WithDistance<D> {
    #[inline]
    fn distance(&self, state: &S) -> Option<C> {
        Some(self.0.estimate(state))
    }
}

/// Any [`Problem`], with one bound instead of its six type parameters: what
/// [`Strategy::run`](crate::Strategy::run) takes, and what a function over "any problem"
/// names.
///
/// Implemented by every [`Problem`] (and sealed: the crate's strategies rely on what a
/// `Problem` guarantees). Its accessors read the parts the strategies search with; on a
/// `Problem` value, the builder methods of the same names (`heuristic`, `indexer`, ...)
/// come first, so call these through a generic parameter or as
/// `SearchProblem::heuristic(&problem)`.
///
/// # Examples
///
/// ```
/// use state_search::strategy::{CostOf, Queue, SearchProblem};
/// use state_search::{Limits, Problem, Strategy};
///
/// /// The least cost of any problem by two strategies, if both agree.
/// fn agreed<P: SearchProblem>(problem: &P) -> Option<CostOf<P>> {
///     let cost = |s: Strategy| s.run(problem, &Limits::new()).ok()?.found().map(|f| f.cost);
///     let (a, b) = (cost(Strategy::Dijkstra(Queue::Heap))?, cost(Strategy::AStar)?);
///     (a == b).then_some(a)
/// }
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 1)]);
/// let problem = Problem::new(&space, [1], |&n| n == 20);
/// assert_eq!(agreed(&problem), Some(5)); // 1 2 4 5 10 20
/// assert_eq!(problem.starts(), [1]);
/// ```
pub trait SearchProblem: sealed::Sealed {
    /// The state space.
    type Space: StateSpace + ?Sized;
    /// The heuristic ([`ZeroHeuristic`](crate::ZeroHeuristic) when none was given).
    type H: Heuristic<StateOf<Self>, CostOf<Self>>;
    /// The numbering of the states, if any.
    type I: MaybeIndexer<StateOf<Self>>;
    /// The backward direction, if any.
    type B: MaybeBackward<Self::Space>;
    /// The distance-to-go, if any.
    type D: MaybeDistance<StateOf<Self>, CostOf<Self>>;
    /// The state space.
    fn space(&self) -> &Self::Space;
    /// The start states, all at cost zero.
    fn starts(&self) -> &[StateOf<Self>];
    /// Whether `state` is a goal.
    fn is_goal(&self, state: &StateOf<Self>) -> bool;
    /// The heuristic.
    fn heuristic(&self) -> &Self::H;
    /// The numbering of the states, if any.
    fn indexer(&self) -> &Self::I;
    /// The backward direction, if any.
    fn backward(&self) -> &Self::B;
    /// The distance-to-go, if any.
    fn distance(&self) -> &Self::D;
    /// The storage policy.
    fn storage(&self) -> StoragePolicy;
}

/// A [`SearchProblem`] whose parts threads can share, as the parallel strategies and
/// engines need (feature `parallel`): the problem, its space, heuristic, indexer, backward
/// view and distance-to-go are `Sync`, and its states and costs `Send + Sync`. Every
/// [`Problem`] of such parts is one; a function over any of them needs this one bound.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "parallel")] {
/// use state_search::strategy::{CostOf, SyncProblem};
/// use state_search::{Limits, Problem, Strategy};
///
/// /// The least cost by HDA* on the current rayon pool.
/// fn least<P: SyncProblem>(problem: &P) -> Option<CostOf<P>> {
///     Strategy::Hda.par_run(problem, &Limits::new()).ok()?.into_found().map(|f| f.cost)
/// }
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 1)]);
/// assert_eq!(least(&Problem::new(&space, [1], |&n| n == 20)), Some(5)); // 1 2 4 5 10 20
/// # }
/// ```
#[cfg(feature = "parallel")]
pub trait SyncProblem:
    SearchProblem<
        Space: Sync + StateSpace<State: Send + Sync, Cost: Send + Sync>,
        H: Sync,
        I: Sync + MaybeIndexer<StateOf<Self>, Indexer: Sync>,
        B: Sync,
        D: Sync,
    > + Sync
{
}

#[cfg(feature = "parallel")]
impl<P> SyncProblem for P where
    P: SearchProblem<
            Space: Sync + StateSpace<State: Send + Sync, Cost: Send + Sync>,
            H: Sync,
            I: Sync + MaybeIndexer<StateOf<P>, Indexer: Sync>,
            B: Sync,
            D: Sync,
        > + Sync
{
}

/// Only [`Problem`] implements [`SearchProblem`].
mod sealed {
    pub trait Sealed {}
}

impl<Sp: StateSpace + ?Sized, G, H, I, B, D> sealed::Sealed for Problem<'_, Sp, G, H, I, B, D> {}

/// The states of a problem's space.
pub type StateOf<P> = <<P as SearchProblem>::Space as StateSpace>::State;
/// The costs of a problem's space.
pub type CostOf<P> = <<P as SearchProblem>::Space as StateSpace>::Cost;

impl<Sp, G, H, I, B, D> SearchProblem for Problem<'_, Sp, G, H, I, B, D>
where
    Sp: StateSpace + ?Sized,
    G: Fn(&Sp::State) -> bool,
    H: Heuristic<Sp::State, Sp::Cost>,
    I: MaybeIndexer<Sp::State>,
    B: MaybeBackward<Sp>,
    D: MaybeDistance<Sp::State, Sp::Cost>,
{
    type Space = Sp;
    type H = H;
    type I = I;
    type B = B;
    type D = D;
    fn space(&self) -> &Sp {
        self.space
    }
    fn starts(&self) -> &[Sp::State] {
        &self.starts
    }
    #[inline]
    fn is_goal(&self, state: &Sp::State) -> bool {
        (self.is_goal)(state)
    }
    fn heuristic(&self) -> &H {
        &self.heuristic
    }
    fn indexer(&self) -> &I {
        &self.indexer
    }
    fn backward(&self) -> &B {
        &self.backward
    }
    fn distance(&self) -> &D {
        &self.distance
    }
    fn storage(&self) -> StoragePolicy {
        self.storage
    }
}
