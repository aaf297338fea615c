//! Lifelong Planning A* (LPA*): a least-cost path from a fixed start to a fixed goal,
//! kept up to date as step costs change.

use crate::event::Visitor;
use crate::solution::{Search, Solution};
use crate::space::{Cost, Heuristic, ReversibleSpace};
use crate::store::{Hashed, Storage};

use super::core::{Core, Forward};

/// Lifelong Planning A* (Koenig and Likhachev 2002): a least-cost path from `start` to
/// `goal` in a space whose step costs change between searches. The first search is an A*
/// search (among states of equal `f` it takes the least `g`, as its key orders them, so on
/// a space with many paths of one cost it can expand far more than [`AStar`](crate::AStar),
/// whose rule is the largest `g`: on an open grid with the Manhattan distance, the whole
/// grid where A* expands little more than one path);
/// each later one repairs the answer of the one before, expanding only the states whose
/// cost the changes reached.
///
/// The searcher owns its records from one search to the next; the space is the caller's,
/// passed to each [`search`](Lpa::search) as it is then. Between two searches, tell it
/// which steps changed their cost with [`edges_changed`](Lpa::edges_changed); the next
/// search reads the new costs from the space.
///
/// # What must be told
///
/// Every step `(from, to)` whose cost changed since the last search: one that became
/// dearer or cheaper, one that appeared (a cell opened), one that disappeared (a cell
/// closed), as that pair of states. Naming a step that did not change costs a little
/// work and nothing else. A change that is not told leaves the searcher with records of
/// the old space: its next answer is still a path of the space as it is then, at that
/// path's cost, but not necessarily the least (a step that became cheaper unnoticed), and
/// it may say `NoPath` where a path appeared; when the records contradict the space so
/// that no path can be traced, the search starts over from scratch by itself
/// ([`Stats::iterations`](crate::Stats::iterations) is then 2), which needs no report.
///
/// # The heuristic
///
/// It estimates the cost from a state to `goal` and must be *consistent*: `h(goal) = 0`
/// and `h(a) <= c(a, b) + h(b)` for every step `a -> b`, in the space as it is at each
/// search (a step that becomes cheaper must not break it). An inconsistent heuristic can
/// make an answer more costly than the least. [`ZeroHeuristic`](crate::ZeroHeuristic)
/// makes every search a Dijkstra search that repairs the last.
///
/// # Errors
///
/// No search panics or returns an error: [`Search::outcome`] says how it ended, as for
/// every engine. A goal that cannot be reached is [`Outcome::NoPath`](crate::Outcome::NoPath);
/// the limits ([`Lpa::with_limits`]) stop a search with
/// [`Outcome::Stopped`](crate::Outcome::Stopped), and so do a negative step cost
/// ([`StopReason::NegativeCost`](crate::StopReason::NegativeCost)), a store that cannot
/// grow ([`StopReason::Capacity`](crate::StopReason::Capacity)) and a visitor. A search
/// stopped by a limit, the cancel flag or a visitor leaves the records valid, and the
/// next search goes on from there; one stopped by anything else starts over.
///
/// # Panics
///
/// Only on a broken [`StateIndexer`](crate::StateIndexer) under
/// [`Dense`](crate::Dense) storage (an index at or above its bound), as every engine.
///
/// # Complexity
///
/// The first search: the states and steps of A* with the least-`g` tie rule
/// (`astar:tie=low-g`), O((V + E) log V) time, with one look at the
/// predecessors of a state whenever the cost that supported it rose. A later search:
/// that, for the states the changes reached; in the worst case (a change next to the
/// start that every path goes through) as much as a fresh search, and up to twice as
/// many expansions (a state can be expanded once to forget its cost and once to take the
/// new one). Memory: one record per state met (its `g`, `rhs` and queue key), kept from
/// search to search; [`reset`](Lpa::reset) forgets them.
///
/// # Examples
///
/// A line of four states whose middle step becomes dearer, then cheap again:
///
/// ```
/// use state_search::{Lpa, ReversibleSpace, StateSpace, ZeroHeuristic};
///
/// /// States 0..4 in a row, each step `i -> i + 1` at `costs[i]`, with a detour 1 -> 3 at 5.
/// struct Row { costs: [u32; 3] }
/// impl StateSpace for Row {
///     type State = u8;
///     type Cost = u32;
///     fn successors(&self, &i: &u8, mut emit: impl FnMut(u8, u32)) {
///         if i < 3 { emit(i + 1, self.costs[usize::from(i)]); }
///         if i == 1 { emit(3, 5); }
///     }
/// }
/// impl ReversibleSpace for Row {
///     fn predecessors(&self, &i: &u8, mut emit: impl FnMut(u8, u32)) {
///         if i > 0 { emit(i - 1, self.costs[usize::from(i - 1)]); }
///         if i == 3 { emit(1, 5); }
///     }
/// }
/// let mut row = Row { costs: [1, 1, 1] };
/// let mut lpa = Lpa::new(0, 3, ZeroHeuristic);
/// assert_eq!(lpa.search(&row).into_found().unwrap().path, [0, 1, 2, 3]);
/// row.costs[1] = 9; // the step 1 -> 2 is dearer: tell the searcher
/// lpa.edges_changed([(1, 2)]);
/// let found = lpa.search(&row).into_found().unwrap();
/// assert_eq!((found.path, found.cost), (vec![0, 1, 3], 6));
/// ```
pub struct Lpa<S, C: Cost, H, St: Storage<S> = Hashed> {
    core: Core<S, C, St, Forward>,
    goal: S,
    heuristic: H,
}

incremental_engine! {
    impl Lpa<H: Heuristic> {
        /// The start state.
        #[must_use]
        pub fn start(&self) -> &S {
            self.core.root()
        }

        /// The goal state.
        #[must_use]
        pub fn goal(&self) -> &S {
            &self.goal
        }

        /// A searcher as [`Lpa::new`], its records kept in `storage` (e.g.
        /// [`Dense`](crate::Dense)`(indexer)`, allocated by the first search).
        #[must_use]
        pub fn with_storage(storage: St, start: S, goal: S, heuristic: H) -> Self {
            Self {
                core: Core::new(storage, start),
                goal,
                heuristic,
            }
        }

        /// [`Lpa::search`], with `visitor` seeing each expansion
        /// ([`Event::Expanded`](crate::Event::Expanded), at the least of the state's old and
        /// new cost) and able to stop the search.
        pub fn search_with<Sp, V>(&mut self, space: &Sp, visitor: &mut V) -> Search<Solution<S, C>>
        where
            Sp: ReversibleSpace<State = S, Cost = C> + ?Sized,
            V: Visitor<S, C>,
        {
            let heuristic = &self.heuristic;
            let mut search =
                self.core.search(space, &self.goal, |state| heuristic.estimate(state), visitor);
            // Traced from the goal back to the start.
            if let crate::Outcome::Found(found) = &mut search.outcome {
                found.path.reverse();
            }
            search
        }
    }
    /// A searcher for a least-cost path from `start` to `goal`, guided by `heuristic`
    /// (consistent: see [`Lpa`]), with hashed storage and no limits. Nothing is searched
    /// or allocated before the first [`search`](Lpa::search).
    fn new;
    /// The same searcher with `limits` for each later search (counted per search: the
    /// expansion limit bounds the expansions of one search, not of all).
    fn with_limits;
    /// Tells the searcher that the cost of each step `(from, to)` changed since the last
    /// search (or that the step appeared or disappeared): see [`Lpa`] for what must be
    /// told. The next search reads the new costs from the space.
    ///
    /// # Complexity
    ///
    /// O(1) per step now; the next search looks at the predecessors of each `to` once.
    /// Memory that cannot be had for the list makes the next search start over, which
    /// needs no list.
    fn edges_changed;
    /// Forgets every record: the next search is a fresh one (an A* search).
    fn reset;
}

impl<S: core::fmt::Debug, C: Cost, H, St: Storage<S>> core::fmt::Debug for Lpa<S, C, H, St> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Lpa")
            .field("start", self.core.root())
            .field("goal", &self.goal)
            .field("limits", self.core.limits())
            .finish_non_exhaustive()
    }
}
