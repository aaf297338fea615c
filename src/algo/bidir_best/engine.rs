//! The engines of the bidirectional best-first loop: [`BidirectionalDijkstra`], [`Mm`],
//! [`Nbs`] and [`Bae`].

use super::{BidirectionalBestScratch, Meeting, Rule, run};
use crate::algo::engine::{Engine, Setup, engine_setup, storage_constructors};
use crate::error::CapacityError;
use crate::event::Visitor;
use crate::problem::{Backward, SearchProblem, StateOf};
use crate::solution::{Search, Solution};
use crate::space::{Cost, Heuristic, ReversibleSpace, UnsignedCost};
use crate::store::{Hashed, Storage};

/// The engine of [`BidirectionalDijkstra`], [`Mm`], [`Nbs`] and [`Bae`] over any storage:
/// the search is written once, `$meeting` picks the rule; `$bound`, what the rule needs of
/// the cost type beyond [`Cost`].
macro_rules! bidirectional_engine {
    ($Engine:ident, $meeting:expr $(, $bound:path)?) => {
        engine_setup!($Engine<C, St>, cost C);

        storage_constructors!(
            /// An engine with `storage` (e.g. [`Dense`](crate::Dense)`(indexer)`): one
            /// store holds both directions' records. Nothing is allocated until a search
            /// (or [`Engine::scratch`]) builds it.
            $Engine<C: Cost>
        );

        impl<S, C: Cost, St: Storage<S>> Engine<S> for $Engine<C, St> {
            type Scratch = BidirectionalBestScratch<S, C, St>;

            fn scratch(&self) -> Result<Self::Scratch, CapacityError> {
                BidirectionalBestScratch::new(&self.setup.storage)
            }
        }

        impl<P, Hb, C, St> crate::Solver<P> for $Engine<C, St>
        where
            P: SearchProblem<B = Backward<StateOf<P>, Hb>>,
            P::Space: ReversibleSpace<Cost = C>,
            Hb: Heuristic<StateOf<P>, C>,
            C: Cost $(+ $bound)?,
            St: Storage<StateOf<P>>,
        {
            type Cost = C;
            type Output = Search<Solution<StateOf<P>, C>>;

            fn search_in<V: Visitor<StateOf<P>, C>>(
                &self,
                scratch: &mut Self::Scratch,
                problem: &P,
                visitor: &mut V,
            ) -> Self::Output {
                let space = problem.space();
                let rule = Rule::new($meeting, space);
                let backward = problem.backward();
                let ends = (problem.starts(), &backward.goal);
                let heuristics = (problem.heuristic(), &backward.heuristic);
                let limits = self.setup.limits.started();
                run(rule, scratch, &limits, space, ends, heuristics, visitor)
            }
        }
    };
}

/// Bidirectional Dijkstra: least-cost paths from the starts to the problem's goal state
/// ([`Problem::backward`](crate::Problem::backward)), searched forwards through the
/// successors and backwards through the predecessors ([`ReversibleSpace`]) at once.
///
/// Each direction settles states in order of its cost `g`; the side with fewer open
/// states expands (Pohl's cardinality rule). Whenever the two directions meet, the path
/// through the meeting is a candidate; the search ends when the best candidate costs no
/// more than the sum of the two sides' least open costs, which proves it optimal. Every
/// step cost must be non-negative. The goal test and the heuristics are not used: the
/// path ends at the goal state even where the goal test would have stopped earlier or
/// refuses it ([`Strategy`](crate::Strategy) refuses such a problem;
/// [`Problem::between`](crate::Problem::between) makes the two agree). The visitor sees [`Event::Expanded`](crate::Event::Expanded)
/// from both sides (the cost is the state's `g` on that side).
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space for the V states and E steps reached by both
/// sides; often far fewer states than [`Dijkstra`](crate::Dijkstra) when the two searches
/// meet halfway.
///
/// # Examples
///
/// ```
/// use state_search::{BidirectionalDijkstra, Problem, ReversibleSpace, Solver, StateSpace};
///
/// // The integers, +1 for cost 1 and -1 for cost 2: the predecessors are the reverse.
/// struct Line;
/// impl StateSpace for Line {
///     type State = i64;
///     type Cost = u32;
///     fn successors(&self, &n: &i64, mut emit: impl FnMut(i64, u32)) {
///         emit(n + 1, 1);
///         emit(n - 1, 2);
///     }
/// }
/// impl ReversibleSpace for Line {
///     fn predecessors(&self, &n: &i64, mut emit: impl FnMut(i64, u32)) {
///         emit(n - 1, 1); // n - 1 -> n by +1
///         emit(n + 1, 2); // n + 1 -> n by -1
///     }
/// }
/// let problem = Problem::between(&Line, 0, 40);
/// let search = BidirectionalDijkstra::new().search(&problem);
/// assert_eq!(search.found().unwrap().cost, 40);
/// assert_eq!(search.found().unwrap().path.len(), 41);
/// ```
#[derive(Clone, Debug)]
pub struct BidirectionalDijkstra<C, St = Hashed> {
    setup: Setup<St, C>,
}

bidirectional_engine!(BidirectionalDijkstra, Meeting::Dijkstra);

/// MM (Holte, Felner, Sharon and Sturtevant 2016): bidirectional A* that is guaranteed
/// to meet in the middle, from the starts to the problem's goal state
/// ([`Problem::backward`](crate::Problem::backward)).
///
/// Each direction orders its open states by `max(f, 2g)`, forwards with the problem's
/// heuristic (to the goal state), backwards with its backward heuristic
/// ([`Problem::backward_heuristic`](crate::Problem::backward_heuristic): from the nearest
/// start); the side of least priority expands. The search ends when the best path met
/// costs no more than `max(C, fmin_F, fmin_B, gmin_F + gmin_B + ε)` (`C` the least
/// priority, `ε` the space's [`uniform_cost`](crate::StateSpace::uniform_cost) or else zero):
/// with admissible heuristics both ways the path is optimal. Closed states reached more
/// cheaply are reopened. Step costs must be non-negative; the goal test is not used (as
/// for [`BidirectionalDijkstra`]: the path ends at the goal state). With zero heuristics
/// MM is bidirectional Dijkstra that expands the side of least `g`; how much informed
/// heuristics save depends on the space (on a maze whose walls the heuristics ignore,
/// little). The visitor sees [`Event::Expanded`](crate::Event::Expanded) from both sides.
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space for the V states and E steps reached by both
/// sides, with consistent heuristics.
///
/// # Examples
///
/// ```
/// use state_search::{Mm, Problem, ReversibleSpace, Solver, StateSpace};
///
/// struct Line;
/// impl StateSpace for Line {
///     type State = i64;
///     type Cost = u32;
///     fn successors(&self, &n: &i64, mut emit: impl FnMut(i64, u32)) {
///         emit(n + 1, 1);
///         emit(n - 1, 1);
///     }
/// }
/// impl ReversibleSpace for Line {
///     fn predecessors(&self, &n: &i64, emit: impl FnMut(i64, u32)) {
///         self.successors(&n, emit); // every step has its reverse
///     }
/// }
/// let problem = Problem::new(&Line, [0], |&n| n == 30)
///     .heuristic(|&n: &i64| (30 - n).unsigned_abs() as u32)
///     .backward(30)
///     .backward_heuristic(|&n: &i64| n.unsigned_abs() as u32);
/// let search = Mm::new().search(&problem);
/// assert_eq!(search.found().unwrap().cost, 30);
/// assert!(search.stats.expanded <= 40); // the heuristics are exact
/// ```
#[derive(Clone, Debug)]
pub struct Mm<C, St = Hashed> {
    setup: Setup<St, C>,
}

bidirectional_engine!(Mm, Meeting::Mm);

/// NBS (Chen, Holte, Zilles and Sturtevant 2017): bidirectional A* that expands pairs of
/// states, near-optimal in its expansions, from the starts to the problem's goal state
/// ([`Problem::backward`](crate::Problem::backward)).
///
/// A forward-open state `u` and a backward-open state `v` bound the cost of a path through
/// both by `lb(u, v) = max(f_F(u), f_B(v), g_F(u) + g_B(v) + ε)`, forwards with the
/// problem's heuristic, backwards with its backward heuristic
/// ([`Problem::backward_heuristic`](crate::Problem::backward_heuristic)), `ε` the space's
/// [`uniform_cost`](crate::StateSpace::uniform_cost) or else zero. NBS keeps a lower
/// bound on the optimal cost, which it raises to the least `lb` when no pair is within it;
/// each step expands a pair within the bound (with consistent heuristics, a pair of least
/// `lb`), its forward state and then its backward state, and the search ends when the best
/// path met costs no more than the bound: with admissible heuristics both ways the path
/// is optimal. With consistent heuristics every pair it expands below
/// the optimal cost `C*` is a pair that any such bidirectional search must break by
/// expanding one of its states, and the pairs it expands share no state, so it expands at
/// most twice the states of a minimum vertex cover of those pairs: at most twice what the
/// best such search expands (ties at `C*` aside). That is a bound among bidirectional
/// searches: where the heuristics are nearly exact, A* expands little more than one path
/// and NBS, like MM, can expand many times as many states (every state tied at `f = C*`).
/// Closed states reached more cheaply are reopened. Step costs must be non-negative; the goal test is not used (as for
/// [`BidirectionalDijkstra`]: the path ends at the goal state). The visitor sees
/// [`Event::Expanded`](crate::Event::Expanded) from both sides, a forward state and then a
/// backward state.
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space for the V states and E steps reached by both
/// sides, with consistent heuristics.
///
/// # Examples
///
/// ```
/// use state_search::{Nbs, Problem, ReversibleSpace, Solver, StateSpace};
///
/// struct Line;
/// impl StateSpace for Line {
///     type State = i64;
///     type Cost = u32;
///     fn successors(&self, &n: &i64, mut emit: impl FnMut(i64, u32)) {
///         emit(n + 1, 1);
///         emit(n - 1, 1);
///     }
/// }
/// impl ReversibleSpace for Line {
///     fn predecessors(&self, &n: &i64, emit: impl FnMut(i64, u32)) {
///         self.successors(&n, emit); // every step has its reverse
///     }
/// }
/// // Half the distance each way: admissible and consistent.
/// let problem = Problem::new(&Line, [0], |&n| n == 30)
///     .heuristic(|&n: &i64| (30 - n).unsigned_abs() as u32 / 2)
///     .backward(30)
///     .backward_heuristic(|&n: &i64| n.unsigned_abs() as u32 / 2);
/// let search = Nbs::new().search(&problem);
/// assert_eq!(search.found().unwrap().cost, 30);
/// ```
#[derive(Clone, Debug)]
pub struct Nbs<C, St = Hashed> {
    setup: Setup<St, C>,
}

bidirectional_engine!(Nbs, Meeting::Nbs);

/// BAE* (Sadhukhan 2013, "bidirectional A* with error"): bidirectional A* that orders
/// each side by its `f` plus the heuristics' error, from the starts to the problem's goal
/// state ([`Problem::backward`](crate::Problem::backward)).
///
/// A forward state waits by `b_F = f_F + (g_F - h_B) = 2 g_F + h_F - h_B`, where `h_F` is
/// the problem's heuristic and `h_B` its backward heuristic
/// ([`Problem::backward_heuristic`](crate::Problem::backward_heuristic): an estimate of
/// the cost from the nearest start) at the same state, so `g_F - h_B` is how much the
/// backward heuristic underestimates the part already searched; backwards symmetrically,
/// `b_B = 2 g_B + h_B - h_F`. The side of least `b` expands (ties: fewer open states,
/// then forwards), and the search ends when the best path met costs no more than
/// `⌈(bmin_F + bmin_B) / 2⌉`. The keys are computed exactly in `i128`, so they may fall
/// below zero (with an inadmissible `h_B`) and never overflow; hence the cost type must
/// be an [`UnsignedCost`] (`u8` to `u64`, `usize`).
///
/// **The heuristics must be consistent** both ways (`h_F(u) <= c + h_F(v)` and
/// `h_B(v) <= h_B(u) + c` for every step `u -> v` of cost `c`; the gap and Manhattan
/// heuristics are): the stopping rule is a lower bound on every path not yet beaten only
/// then. With heuristics that are admissible but not consistent, BAE* may stop early
/// and return a path costlier than the least (closed states reached more cheaply are
/// still reopened); use [`Mm`] or [`Nbs`], which need admissibility alone. Step costs
/// must be non-negative; the goal test is not used (as for [`BidirectionalDijkstra`]: the
/// path ends at the goal state). With zero heuristics BAE* is bidirectional Dijkstra
/// that expands the side of least `g`. The visitor sees
/// [`Event::Expanded`](crate::Event::Expanded) from both sides.
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space for the V states and E steps reached by both
/// sides, with consistent heuristics (which make `b` non-decreasing along every path:
/// no state is expanded twice).
///
/// # Examples
///
/// ```
/// use state_search::{Bae, Problem, ReversibleSpace, Solver, StateSpace};
///
/// struct Line;
/// impl StateSpace for Line {
///     type State = i64;
///     type Cost = u32;
///     fn successors(&self, &n: &i64, mut emit: impl FnMut(i64, u32)) {
///         emit(n + 1, 1);
///         emit(n - 1, 1);
///     }
/// }
/// impl ReversibleSpace for Line {
///     fn predecessors(&self, &n: &i64, emit: impl FnMut(i64, u32)) {
///         self.successors(&n, emit); // every step has its reverse
///     }
/// }
/// // Half the distance each way: consistent.
/// let problem = Problem::new(&Line, [0], |&n| n == 30)
///     .heuristic(|&n: &i64| (30 - n).unsigned_abs() as u32 / 2)
///     .backward(30)
///     .backward_heuristic(|&n: &i64| n.unsigned_abs() as u32 / 2);
/// let search = Bae::new().search(&problem);
/// assert_eq!(search.found().unwrap().cost, 30);
/// assert_eq!(search.found().unwrap().path.len(), 31);
/// ```
#[derive(Clone, Debug)]
pub struct Bae<C, St = Hashed> {
    setup: Setup<St, C>,
}

bidirectional_engine!(Bae, Meeting::Bae, UnsignedCost);
