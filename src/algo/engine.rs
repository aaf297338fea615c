//! What every engine shares: the split between an immutable engine and the per-thread
//! scratch its searches write into, the one-thread [`Searcher`] that bundles both, and the
//! storage and limits every engine is configured with.
//!
//! An engine ([`Bfs`](crate::Bfs), [`Dijkstra`](crate::Dijkstra), ...) is a small,
//! immutable configuration: `Clone`, and `Send + Sync` when its storage is. Many threads
//! can share one. What a search writes (stores, queues, stacks) lives in a *scratch*
//! value that each thread owns and reuses from search to search, as a
//! `regex_automata::meta::Regex` is shared while each thread has its own `Cache`:
//!
//! ```
//! use state_search::{Dijkstra, Engine, NoVisitor, Problem, Solver};
//!
//! let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)]);
//! let engine = Dijkstra::new();
//! std::thread::scope(|threads| {
//!     for target in [40, 50] {
//!         let engine = &engine;
//!         let space = &space;
//!         threads.spawn(move || {
//!             let mut scratch = engine.scratch().expect("hashed storage always fits");
//!             let problem = Problem::new(space, [1], |&n| n == target);
//!             let found = engine.search_in(&mut scratch, &problem, &mut NoVisitor);
//!             assert!(found.found().is_some());
//!         });
//!     }
//! });
//! ```
//!
//! Every engine over a [`StateSpace`](crate::StateSpace) searches one input, a
//! [`Problem`](crate::Problem) (its starts, goal test, heuristic, ...), through the
//! [`Solver`] trait: `search(&problem)` with fresh buffers, `search_in(&mut scratch,
//! &problem, &mut visitor)` with reused ones. On one thread, [`Searcher`] keeps an engine
//! with its scratch, and its `search` reuses the buffers of the previous search.

use core::ops::{Deref, DerefMut};

use crate::Cost;
use crate::error::CapacityError;
use crate::event::{Event, NoVisitor, Visitor};
use crate::problem::{SearchProblem, StateOf};
use crate::solution::{Limits, Plan, Search, Stats, StopReason};
use crate::space::InPlaceSpace;

/// An engine: an immutable configuration that builds the per-thread scratch its searches
/// write into.
///
/// # Examples
///
/// ```
/// use state_search::{Dijkstra, Engine, NoVisitor, Problem, Solver};
///
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)]);
/// let engine = Dijkstra::new();
/// let mut scratch = engine.scratch()?; // built once, reused by every search below
/// let to = |target: u32| Problem::new(&space, [1], move |&n| n == target);
/// let first = engine.search_in(&mut scratch, &to(40), &mut NoVisitor);
/// let second = engine.search_in(&mut scratch, &to(7), &mut NoVisitor);
/// assert_eq!(first.found().unwrap().cost, 13); // 1, 2, 3, 4, 5, 10, 20, 40
/// assert_eq!(second.found().unwrap().cost, 6); // 1, 2, 3, 6, 7
/// // The scratch answers for the last search only.
/// assert_eq!((scratch.cost(&7), scratch.cost(&40)), (Some(6), None));
/// # Ok::<(), state_search::CapacityError>(())
/// ```
pub trait Engine<S> {
    /// The buffers a search writes: stores, queues, stacks. Reused from search to search.
    type Scratch;

    /// Builds empty buffers for searches over states `S`.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a dense store or table cannot be allocated.
    fn scratch(&self) -> Result<Self::Scratch, CapacityError>;
}

/// An engine that searches problems `P`: the one way every engine over a
/// [`StateSpace`](crate::StateSpace) is called.
///
/// The problem is a [`Problem`](crate::Problem): its space, start states and goal test,
/// and what an engine may use of the rest (the heuristic: [`AStar`](crate::AStar),
/// [`IdaStar`](crate::IdaStar), the suboptimal engines ([`WeightedAStar`](crate::WeightedAStar),
/// [`Greedy`](crate::Greedy), [`Focal`](crate::Focal), [`Ees`](crate::Ees), [`Beam`](crate::Beam)),
/// [`Mm`](crate::Mm), and [`Dijkstra`](crate::Dijkstra) under a cost limit; the
/// distance-to-go: `Focal` and `Ees`; the
/// goal state and predecessors: the bidirectional engines). An
/// engine stores states as its own storage says ([`Hashed`](crate::Hashed) or
/// [`Dense`](crate::Dense)); the problem's indexer and storage policy are what a
/// [`Strategy`](crate::Strategy) chooses storage by.
///
/// # Examples
///
/// A function over any engine and any problem, here counting expansions:
///
/// ```
/// use state_search::{AStar, Bfs, Dijkstra, Problem, Solver, Search, Solution};
/// use state_search::strategy::SearchProblem;
///
/// fn expanded<E, P, S, C>(engine: &E, problem: &P) -> u64
/// where
///     P: SearchProblem,
///     E: Solver<P, Output = Search<Solution<S, C>>>,
/// {
///     engine.search(problem).stats.expanded
/// }
/// let space = state_search::from_fn(|&n: &i32| [(n + 1, 1u32), (n - 1, 1)]);
/// let problem = Problem::new(&space, [0], |&n| n == 10).heuristic(|&n: &i32| (10 - n).unsigned_abs());
/// assert_eq!(expanded(&AStar::new(), &problem), 10); // the heuristic is exact
/// assert!(expanded(&Dijkstra::new(), &problem) > 10);
/// assert!(expanded(&Bfs::new(), &problem) > 10);
/// ```
pub trait Solver<P: SearchProblem>: Engine<StateOf<P>> {
    /// The cost type of the events and answer: the space's, or `usize` for the step
    /// counts of [`Bfs`](crate::Bfs).
    type Cost: Cost;
    /// What a search returns: a [`Search`], or for [`Spfa`](crate::Spfa) a
    /// negative cycle as an error.
    type Output: From<CapacityError>;

    /// Searches `problem` in `scratch`, whose buffers are cleared and reused; `visitor`
    /// sees the engine's events and can stop it.
    fn search_in<V: Visitor<StateOf<P>, Self::Cost>>(
        &self,
        scratch: &mut Self::Scratch,
        problem: &P,
        visitor: &mut V,
    ) -> Self::Output;

    /// Searches `problem` with fresh buffers and no visitor; a scratch that cannot be
    /// allocated is an answer stopped by [`StopReason::Capacity`].
    fn search(&self, problem: &P) -> Self::Output {
        self.search_with(problem, &mut NoVisitor)
    }

    /// Searches `problem` with fresh buffers; `visitor` sees the engine's events and can
    /// stop it.
    fn search_with<V: Visitor<StateOf<P>, Self::Cost>>(
        &self,
        problem: &P,
        visitor: &mut V,
    ) -> Self::Output {
        match self.scratch() {
            Ok(mut scratch) => self.search_in(&mut scratch, problem, visitor),
            Err(error) => error.into(),
        }
    }
}

/// An engine that searches an [`InPlaceSpace`] in place, for a state satisfying a goal
/// test `G`: the one way [`InPlaceIdaStar`](crate::InPlaceIdaStar) and
/// `ParIdaStar` (feature `parallel`) are called, as [`Solver`] is for the engines over a
/// [`StateSpace`](crate::StateSpace). The space is left in its start state.
///
/// # Examples
///
/// ```
/// use state_search::{Engine, InPlaceIdaStar, InPlaceSolver, InPlaceSpace, NoVisitor};
///
/// /// A counter that is incremented or doubled.
/// struct Counter(u32);
/// impl InPlaceSpace for Counter {
///     type Action = bool; // true: double
///     type Cost = u32;
///     type Actions = core::array::IntoIter<bool, 2>;
///     fn actions(&self) -> Self::Actions { [false, true].into_iter() }
///     fn apply(&mut self, double: bool) -> u32 {
///         if double { self.0 *= 2 } else { self.0 += 1 }
///         1
///     }
///     fn undo(&mut self, double: bool) {
///         if double { self.0 /= 2 } else { self.0 -= 1 }
///     }
/// }
/// let engine = InPlaceIdaStar::new();
/// let mut counter = Counter(1);
/// assert_eq!(engine.search(&mut counter, |c| c.0 == 12).found().unwrap().cost, 4); // 1 2 3 6 12
/// // Many searches, one stack.
/// let mut scratch = engine.scratch()?;
/// for (target, cost) in [(5, 3), (16, 4)] { // 1 2 4 5; 1 2 4 8 16
///     let search = engine.search_in(&mut scratch, &mut counter, |c| c.0 == target, &mut NoVisitor);
///     assert_eq!(search.found().unwrap().cost, cost);
/// }
/// assert_eq!(counter.0, 1); // back at the start
/// # Ok::<(), state_search::CapacityError>(())
/// ```
pub trait InPlaceSolver<Sp: InPlaceSpace, G>: Engine<Sp> {
    /// Searches from the current state of `space` for a state satisfying `is_goal`, in
    /// `scratch`, whose buffers are cleared and reused; `visitor` sees the engine's events
    /// and can stop it.
    fn search_in<V: Visitor<Sp, Sp::Cost>>(
        &self,
        scratch: &mut Self::Scratch,
        space: &mut Sp,
        is_goal: G,
        visitor: &mut V,
    ) -> Search<Plan<Sp::Action, Sp::Cost>>;

    /// Searches with fresh buffers and no visitor.
    fn search(&self, space: &mut Sp, is_goal: G) -> Search<Plan<Sp::Action, Sp::Cost>> {
        self.search_with(space, is_goal, &mut NoVisitor)
    }

    /// Searches with fresh buffers; `visitor` sees the engine's events and can stop it.
    fn search_with<V: Visitor<Sp, Sp::Cost>>(
        &self,
        space: &mut Sp,
        is_goal: G,
        visitor: &mut V,
    ) -> Search<Plan<Sp::Action, Sp::Cost>> {
        match self.scratch() {
            Ok(mut scratch) => self.search_in(&mut scratch, space, is_goal, visitor),
            Err(error) => error.into(),
        }
    }
}

/// An engine together with its scratch, for one thread: each search reuses the buffers
/// of the last one, and the scratch's queries (`cost`, `path_to`, ...) answer for the last
/// search through [`Deref`].
///
/// Made by each engine's `searcher` method.
///
/// # Examples
///
/// ```
/// use state_search::{Bfs, Problem, Solver};
///
/// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 2]);
/// let mut bfs = Bfs::new().searcher()?;
/// assert_eq!(bfs.search(&Problem::new(&space, [1], |&n| n == 20)).found().unwrap().cost, 5);
/// assert_eq!(bfs.cost(&20), Some(5)); // the goal that ended the search
/// assert_eq!(bfs.search(&Problem::new(&space, [1], |&n| n == 7)).found().unwrap().cost, 4);
/// # Ok::<(), state_search::CapacityError>(())
/// ```
pub struct Searcher<S, E: Engine<S>> {
    engine: E,
    scratch: E::Scratch,
}

impl<S, E: Engine<S>> Searcher<S, E> {
    /// `engine` with newly built scratch.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a dense store or table cannot be allocated.
    pub fn new(engine: E) -> Result<Self, CapacityError> {
        let scratch = engine.scratch()?;
        Ok(Self { engine, scratch })
    }

    /// The engine.
    #[must_use]
    pub fn engine(&self) -> &E {
        &self.engine
    }

    /// The engine, to change its configuration (limits, ...) between searches.
    #[must_use]
    pub fn engine_mut(&mut self) -> &mut E {
        &mut self.engine
    }

    /// The engine and the scratch, borrowed apart: what a `search` method needs.
    pub(crate) fn parts(&mut self) -> (&E, &mut E::Scratch) {
        (&self.engine, &mut self.scratch)
    }
}

impl<S, E: Engine<S>> Searcher<S, E> {
    /// Searches `problem` in this searcher's buffers ([`Solver::search_in`] without a
    /// visitor).
    pub fn search<P>(&mut self, problem: &P) -> E::Output
    where
        P: SearchProblem,
        P::Space: crate::StateSpace<State = S>,
        E: Solver<P>,
    {
        self.engine
            .search_in(&mut self.scratch, problem, &mut NoVisitor)
    }

    /// Searches `problem` in this searcher's buffers, with an event visitor.
    pub fn search_with<P, V>(&mut self, problem: &P, visitor: &mut V) -> E::Output
    where
        P: SearchProblem,
        P::Space: crate::StateSpace<State = S>,
        E: Solver<P>,
        V: Visitor<S, E::Cost>,
    {
        self.engine.search_in(&mut self.scratch, problem, visitor)
    }

    /// Searches `space` in place in this searcher's buffers
    /// ([`InPlaceSolver::search_in`] without a visitor).
    pub fn search_in_place<G>(
        &mut self,
        space: &mut S,
        is_goal: G,
    ) -> Search<Plan<S::Action, S::Cost>>
    where
        S: InPlaceSpace,
        E: InPlaceSolver<S, G>,
    {
        self.engine
            .search_in(&mut self.scratch, space, is_goal, &mut NoVisitor)
    }

    /// Searches `space` in place in this searcher's buffers, with an event visitor.
    pub fn search_in_place_with<G, V>(
        &mut self,
        space: &mut S,
        is_goal: G,
        visitor: &mut V,
    ) -> Search<Plan<S::Action, S::Cost>>
    where
        S: InPlaceSpace,
        E: InPlaceSolver<S, G>,
        V: Visitor<S, S::Cost>,
    {
        self.engine
            .search_in(&mut self.scratch, space, is_goal, visitor)
    }
}

impl<S, E: Engine<S>> Deref for Searcher<S, E> {
    type Target = E::Scratch;
    fn deref(&self) -> &E::Scratch {
        &self.scratch
    }
}

impl<S, E: Engine<S>> DerefMut for Searcher<S, E> {
    fn deref_mut(&mut self) -> &mut E::Scratch {
        &mut self.scratch
    }
}

impl<S, E: Engine<S> + core::fmt::Debug> core::fmt::Debug for Searcher<S, E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Searcher")
            .field("engine", &self.engine)
            .finish_non_exhaustive()
    }
}

/// The cost `g + step` of a successor reached by a step of `step` from a state at `g`, or
/// `None` when it is not to be relaxed: the search halts already (`halt` is set), the step
/// is negative (which sets `halt`: a negative step is no engine's to search), or the sum
/// does not fit the cost type (which sets `overflowed`: a path too dear for the type
/// belongs to no answer). The relax step of every engine over weighted steps begins here.
#[inline]
pub(crate) fn extended<C: Cost>(
    g: C,
    step: C,
    halt: &mut Option<StopReason>,
    overflowed: &mut bool,
) -> Option<C> {
    if halt.is_some() {
        return None;
    }
    if step.is_negative() {
        *halt = Some(StopReason::NegativeCost);
        return None;
    }
    let cost = g.checked_plus(step);
    *overflowed |= cost.is_none();
    cost
}

/// Tells `visitor` that `state`, reached at cost `cost` (from the goal's side when
/// `backward`), is expanded now, and counts the expansion; `Err` when the visitor stops
/// the search (the expansion is then not counted). Every engine that reports expansions
/// does it here.
///
/// # Errors
///
/// [`StopReason::Visitor`] when the visitor breaks.
#[inline]
pub(crate) fn expanding<S, C, V: Visitor<S, C>>(
    visitor: &mut V,
    stats: &mut Stats,
    state: &S,
    cost: C,
    backward: bool,
) -> Result<(), StopReason> {
    let event = Event::Expanded {
        state,
        cost,
        backward,
    };
    if visitor.visit(event).is_break() {
        return Err(StopReason::Visitor);
    }
    stats.expanded += 1;
    Ok(())
}

/// The storage and limits every engine is configured with.
#[derive(Clone, Debug)]
pub(crate) struct Setup<St, C> {
    pub(crate) storage: St,
    pub(crate) limits: Limits<C>,
}

impl<St, C> Setup<St, C> {
    /// `storage`, and no limits.
    pub(crate) fn new(storage: St) -> Self {
        Self {
            storage,
            limits: Limits::default(),
        }
    }
}

/// The configuration methods every engine has, written once: `with_limits`, `set_limits`,
/// `limits` and `searcher`. `$Engine` is the engine's name with its generic parameters
/// and `$C` its limits' cost type.
macro_rules! engine_setup {
    ($Engine:ident<$($param:ident),*>, cost $C:ty) => {
        impl<$($param),*> $Engine<$($param),*> {
            /// The same engine with `limits`.
            #[must_use]
            pub fn with_limits(mut self, limits: $crate::Limits<$C>) -> Self {
                self.setup.limits = limits;
                self
            }

            /// Replaces the limits of later searches.
            pub fn set_limits(&mut self, limits: $crate::Limits<$C>) {
                self.setup.limits = limits;
            }

            /// The limits of this engine's searches.
            #[must_use]
            pub fn limits(&self) -> &$crate::Limits<$C> {
                &self.setup.limits
            }

            /// This engine with its scratch, for repeated searches on one thread.
            ///
            /// # Errors
            ///
            /// A [`CapacityError`](crate::CapacityError) when a dense store or table
            /// cannot be allocated.
            pub fn searcher<State>(
                self,
            ) -> Result<$crate::Searcher<State, Self>, $crate::CapacityError>
            where
                Self: $crate::Engine<State>,
            {
                $crate::Searcher::new(self)
            }
        }
    };
}

pub(crate) use engine_setup;

/// The constructors of an engine `$Engine<St>` (or `$Engine<C, St>` over a cost type
/// `C: $Bound`) whose setup is all it holds: `with_storage` (documented by `$doc`), `new`
/// with hashed storage, and the `Default` that is `new`.
macro_rules! storage_constructors {
    ($(#[$doc:meta])* $Engine:ident $(<$C:ident: $Bound:path>)?) => {
        impl<$($C: $Bound,)? St> $Engine<$($C,)? St> {
            $(#[$doc])*
            #[must_use]
            pub fn with_storage(storage: St) -> Self {
                Self {
                    setup: $crate::algo::engine::Setup::new(storage),
                }
            }
        }

        impl$(<$C: $Bound>)? $Engine$(<$C>)? {
            /// An engine with hashed storage.
            #[must_use]
            pub fn new() -> Self {
                Self::with_storage($crate::store::Hashed)
            }
        }

        impl$(<$C: $Bound>)? Default for $Engine$(<$C>)? {
            fn default() -> Self {
                Self::new()
            }
        }
    };
}

pub(crate) use storage_constructors;

/// `new`, `with_storage` and the getter of an engine `$Engine<C, St>` with one parameter
/// besides its setup (a weight, a width): `$param: $Ty` stored as `$init` (an expression
/// of `$param`), with the other fields `$field: $value`, and read back by `$param()`,
/// documented as `$what`.
macro_rules! parameter_constructors {
    (
        $Engine:ident, $param:ident: $Ty:ty = $init:expr, $what:literal
        $(; $($field:ident: $value:expr),*)?
    ) => {
        impl<C: $crate::Cost> $Engine<C> {
            #[doc = concat!(
                "An engine of ", stringify!($param), " `", stringify!($param),
                "` with hashed storage."
            )]
            #[must_use]
            pub fn new($param: $Ty) -> Self {
                Self::with_storage($param, $crate::store::Hashed)
            }
        }

        impl<C: $crate::Cost, St> $Engine<C, St> {
            #[doc = concat!(
                "An engine of ", stringify!($param), " `", stringify!($param),
                "` with `storage` (e.g. [`Dense`](crate::Dense)`(indexer)`). Nothing is ",
                "allocated until a search (or [`Engine::scratch`](crate::Engine::scratch)) ",
                "builds the store."
            )]
            #[must_use]
            pub fn with_storage($param: $Ty, storage: St) -> Self {
                Self {
                    setup: $crate::algo::engine::Setup::new(storage),
                    $param: $init,
                    $($($field: $value),*)?
                }
            }

            #[doc = $what]
            #[must_use]
            pub fn $param(&self) -> $Ty {
                self.$param
            }
        }
    };
}

pub(crate) use parameter_constructors;

/// The [`Solver`] implementation of an engine `$Engine<C, St>` over any storage, written
/// once: `$body` searches `$problem` in `$scratch` with `$visitor`, the engine being
/// `$engine`, and returns `$Output` (a type over `P`, the problem, and `C`, its cost).
macro_rules! stored_solver {
    (
        $(#[$meta:meta])*
        $Engine:ident -> $Output:ty,
        |$engine:ident, $scratch:ident, $problem:ident, $visitor:ident| $body:block
    ) => {
        $(#[$meta])*
        impl<P, C, St> $crate::Solver<P> for $Engine<C, St>
        where
            P: $crate::strategy::SearchProblem,
            P::Space: $crate::StateSpace<Cost = C>,
            C: $crate::Cost,
            St: $crate::Storage<$crate::strategy::StateOf<P>>,
        {
            type Cost = C;
            type Output = $Output;

            fn search_in<V: $crate::Visitor<$crate::strategy::StateOf<P>, C>>(
                &self,
                $scratch: &mut Self::Scratch,
                $problem: &P,
                $visitor: &mut V,
            ) -> Self::Output {
                let $engine = self;
                $body
            }
        }
    };
}

pub(crate) use stored_solver;
