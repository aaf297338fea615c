//! D* Lite: a least-cost path from a moving start to a fixed goal, kept up to date as
//! the start moves and step costs change.

use crate::event::Visitor;
use crate::solution::{Search, Solution};
use crate::space::{Cost, ReversibleSpace, ZeroHeuristic};
use crate::store::{Hashed, Storage};

use super::core::{Backward, Core};

/// An estimate of the cost of a path between two states: what
/// [`DStarLite`] needs, as its start moves. Any `Fn(&S, &S) -> C` closure is one.
///
/// # Examples
///
/// The Manhattan distance between two cells of a 4-connected grid of unit steps:
///
/// ```
/// use state_search::PairHeuristic;
///
/// let manhattan = |a: &(i32, i32), b: &(i32, i32)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1);
/// assert_eq!(manhattan.between(&(0, 0), &(2, -3)), 5);
/// ```
pub trait PairHeuristic<S, C> {
    /// The estimated cost of a least-cost path from `from` to `to`.
    fn between(&self, from: &S, to: &S) -> C;
}

impl<S, C, F: Fn(&S, &S) -> C> PairHeuristic<S, C> for F {
    #[inline]
    fn between(&self, from: &S, to: &S) -> C {
        self(from, to)
    }
}

impl<S, C: Cost> PairHeuristic<S, C> for ZeroHeuristic {
    #[inline]
    fn between(&self, _from: &S, _to: &S) -> C {
        C::ZERO
    }
}

/// D* Lite (Koenig and Likhachev 2002, the optimized version): a least-cost path from a
/// start that moves, as an agent walks along its path, to a fixed goal, in a space whose
/// step costs change between searches (the agent sees cells open and close as it goes).
///
/// It is LPA* searching backward, from the goal toward the start (the same loop as
/// [`Lpa`](crate::Lpa)): each state's cost is its cost *to the goal*, so the costs found
/// stay valid when the start moves, and a search after a move and a few changes repairs
/// what they reached. Moving the start lowers the heuristic's estimates of the states
/// still queued; a key modifier `k_m`, the sum of the heuristic's estimates between
/// successive starts, keeps their keys lower bounds instead of queuing them again.
///
/// The searcher owns its records; the space is the caller's, passed to each
/// [`search`](DStarLite::search) as it is then. Between two searches, tell it where the
/// start is now ([`move_to`](DStarLite::move_to)) and which steps changed their cost
/// ([`edges_changed`](DStarLite::edges_changed)).
///
/// # What must be told
///
/// As for [`Lpa`](crate::Lpa#what-must-be-told): every step `(from, to)` whose cost
/// changed, appeared or disappeared since the last search. A change not told can make an
/// answer a path dearer than the least, or `NoPath` where a path appeared; the answer
/// is always a path of the space as passed, at its cost, and records that contradict the
/// space make the search start over by itself.
///
/// # The heuristic
///
/// [`PairHeuristic::between`]`(start, s)` estimates the cost from the start to a state
/// `s`. It must be consistent, `h(x, x) = 0` and `h(x, b) <= h(x, a) + c(a, b)` for every
/// step `a -> b` and state `x`, and obey the triangle inequality `h(x, z) <= h(x, y) +
/// h(y, z)` (the start moves from `x` to `y`), in the space as it is at each search. A
/// distance on a grid (Manhattan, octile) is one; so is [`ZeroHeuristic`].
///
/// # Errors
///
/// As for [`Lpa`](crate::Lpa#errors): no search panics or returns an error; a goal that
/// cannot be reached from the start is [`Outcome::NoPath`](crate::Outcome::NoPath), a
/// limit stops a search with [`Outcome::Stopped`](crate::Outcome::Stopped) and the next
/// search goes on from there.
///
/// # Panics
///
/// Only on a broken [`StateIndexer`](crate::StateIndexer) under
/// [`Dense`](crate::Dense) storage, as every engine.
///
/// # Complexity
///
/// As for [`Lpa`](crate::Lpa#complexity): the first search is an A* search backward from
/// the goal; a later one expands the states whose cost to the goal the changes reached
/// and that matter to the start, which for changes near the agent is usually few.
///
/// # Examples
///
/// An agent walks a corridor of five cells; after its first step, the cell ahead
/// closes, and the way round through the row below is found by repairing the last answer:
///
/// ```
/// use state_search::{DStarLite, ReversibleSpace, StateSpace};
///
/// /// A grid of `rows` x 5 cells, some closed; 4-connected steps of cost 1.
/// struct Grid { closed: Vec<(i32, i32)>, rows: i32 }
/// impl StateSpace for Grid {
///     type State = (i32, i32);
///     type Cost = u32;
///     fn successors(&self, &(r, c): &(i32, i32), mut emit: impl FnMut((i32, i32), u32)) {
///         if self.closed.contains(&(r, c)) { return; }
///         for next in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] {
///             let inside = (0..self.rows).contains(&next.0) && (0..5).contains(&next.1);
///             if inside && !self.closed.contains(&next) { emit(next, 1); }
///         }
///     }
/// }
/// impl ReversibleSpace for Grid {
///     fn predecessors(&self, s: &(i32, i32), emit: impl FnMut((i32, i32), u32)) {
///         self.successors(s, emit); // steps go both ways
///     }
/// }
/// let manhattan = |a: &(i32, i32), b: &(i32, i32)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1);
/// let mut grid = Grid { closed: vec![], rows: 2 };
/// let mut dstar = DStarLite::new((0, 0), (0, 4), manhattan);
/// assert_eq!(dstar.search(&grid).into_found().unwrap().cost, 4);
/// dstar.move_to((0, 1));
/// grid.closed.push((0, 2)); // every step into or out of (0, 2) is gone
/// dstar.edges_changed([((0, 1), (0, 2)), ((0, 3), (0, 2)), ((1, 2), (0, 2)),
///                      ((0, 2), (0, 1)), ((0, 2), (0, 3)), ((0, 2), (1, 2))]);
/// let found = dstar.search(&grid).into_found().unwrap();
/// assert_eq!(found.path, [(0, 1), (1, 1), (1, 2), (1, 3), (0, 3), (0, 4)]);
/// ```
pub struct DStarLite<S, C: Cost, H, St: Storage<S> = Hashed> {
    core: Core<S, C, St, Backward>,
    start: S,
    /// The start when the key modifier was last raised.
    last: S,
    heuristic: H,
}

incremental_engine! {
    impl DStarLite<H: PairHeuristic> {
        /// The start state: where the next search's path begins.
        #[must_use]
        pub fn start(&self) -> &S {
            &self.start
        }

        /// The goal state.
        #[must_use]
        pub fn goal(&self) -> &S {
            self.core.root()
        }

        /// A searcher as [`DStarLite::new`], its records kept in `storage` (e.g.
        /// [`Dense`](crate::Dense)`(indexer)`, allocated by the first search).
        #[must_use]
        pub fn with_storage(storage: St, start: S, goal: S, heuristic: H) -> Self {
            Self {
                core: Core::new(storage, goal),
                last: start.clone(),
                start,
                heuristic,
            }
        }

        /// Moves the start to `start` (the agent stepped along its path, or anywhere: the
        /// records stay valid wherever it goes).
        ///
        /// # Complexity
        ///
        /// O(1); the next search adds one estimate to the key modifier.
        pub fn move_to(&mut self, start: S) {
            self.start = start;
        }

        /// [`DStarLite::search`], with `visitor` seeing each expansion
        /// ([`Event::Expanded`](crate::Event::Expanded), at the least of the state's old and
        /// new cost to the goal) and able to stop the search.
        pub fn search_with<Sp, V>(&mut self, space: &Sp, visitor: &mut V) -> Search<Solution<S, C>>
        where
            Sp: ReversibleSpace<State = S, Cost = C> + ?Sized,
            V: Visitor<S, C>,
        {
            if self.start != self.last {
                let moved = self.heuristic.between(&self.last, &self.start);
                self.core.add_to_key_modifier(moved);
                self.last = self.start.clone();
            }
            let (heuristic, start) = (&self.heuristic, &self.start);
            // Traced from the start along successors to the goal: already in order.
            self.core
                .search(space, start, |state| heuristic.between(start, state), visitor)
        }
    }
    /// A searcher for a least-cost path from `start` (which may move) to `goal`, guided
    /// by `heuristic` (see [`DStarLite`]), with hashed storage and no limits. Nothing is
    /// searched or allocated before the first [`search`](DStarLite::search).
    fn new;
    /// The same searcher with `limits` for each later search (counted per search).
    fn with_limits;
    /// Tells the searcher that the cost of each step `(from, to)` changed since the last
    /// search (or that the step appeared or disappeared): see [`DStarLite`] for what
    /// must be told. The next search reads the new costs from the space.
    ///
    /// # Complexity
    ///
    /// O(1) per step now; the next search looks at the successors of each `from` once.
    /// Memory that cannot be had for the list makes the next search start over.
    fn edges_changed;
    /// Forgets every record: the next search is a fresh one.
    fn reset;
}

impl<S: core::fmt::Debug, C: Cost, H, St: Storage<S>> core::fmt::Debug for DStarLite<S, C, H, St> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DStarLite")
            .field("start", &self.start)
            .field("goal", self.core.root())
            .field("limits", self.core.limits())
            .finish_non_exhaustive()
    }
}
