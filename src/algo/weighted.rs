//! The engines of the best-first loop that give up optimality for speed: weighted A* (and
//! its anytime variant, which goes on to the optimum) and greedy best-first search.

use super::best_first::{self, BestFirstScratch, ByGreedy, ByWeighted, Goals};
use super::engine::{Engine, Setup, engine_setup, parameter_constructors, stored_solver};
use crate::error::CapacityError;
use crate::problem::StateOf;
use crate::queue::BinaryQueue;
use crate::solution::{Search, Solution};
use crate::space::Cost;
use crate::store::{Hashed, Storage};

pub use super::best_first::{GreedyKey, WeightedKey};

/// A weight of at least 1 and finite: below 1 or NaN is 1, infinity the largest finite
/// `f64`.
fn at_least_one(weight: f64) -> f64 {
    if weight.is_nan() {
        1.0
    } else {
        weight.clamp(1.0, f64::MAX)
    }
}

/// Weighted A* (Pohl 1970): states in order of `g + W h`, ties toward the larger `g`.
///
/// With an admissible heuristic the cost found is at most `W` times the optimum; `W = 1`
/// is A*. The weight is at least 1 and finite (a weight below 1 or NaN acts as 1). Costs
/// must be numbers ([`Cost::to_f64`]): the key is computed in floating point. Closed
/// states reached more cheaply are reopened, dead ends and estimates whose `g + h` does
/// not fit are treated, and the visitor sees the same events, as in
/// [`AStar`](crate::AStar), whose loop this is. With a weight above 1 even a consistent
/// heuristic lets a closed state be reached again more cheaply; reopening it keeps the
/// bound with heuristics that are only admissible, and costs expansions
/// ([`Stats::reopened`](crate::Stats::reopened) counts them): on a maze with the Manhattan
/// distance weighted A* can expand more states than A*.
///
/// [`anytime`](WeightedAStar::anytime) makes it anytime weighted A* (Hansen and Zhou
/// 2007): it goes on after its first solution, pruning the states whose `f = g + h` is not
/// below the best cost, until the open list is empty and the best solution is proven
/// optimal. The visitor sees [`Event::Improved`](crate::Event::Improved) at each better
/// solution (with the least open `f` as a lower bound); a search stopped by a limit keeps
/// the best one in [`Search::partial`].
///
/// # Complexity
///
/// O(X b log V) time and O(V + E) space for the V states and E steps reached, X
/// expansions of b successors each: X is V when no state is reopened, which a weight above
/// 1 does not rule out even with a consistent heuristic. The anytime variant does up to
/// A*'s work plus the states expanded before its bound tightens.
///
/// # Examples
///
/// ```
/// use state_search::{Problem, Solver, WeightedAStar};
///
/// // From 1 to 40 by +1 (cost 1) or x2 (cost 3); the optimum is 13: 1 2 3 4 5 10 20 40.
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)]);
/// let h = |&n: &u32| u32::from(n < 40); // a state below 40 needs at least one more step
/// let problem = Problem::new(&space, [1], |&n| n == 40).heuristic(h);
/// let quick = WeightedAStar::new(2.0).search(&problem).into_found().unwrap();
/// assert!(quick.cost <= 2 * 13);
/// let proven = WeightedAStar::new(2.0).anytime().search(&problem).into_found().unwrap();
/// assert_eq!(proven.cost, 13);
/// ```
#[derive(Clone, Debug)]
pub struct WeightedAStar<C, St = Hashed> {
    setup: Setup<St, C>,
    weight: f64,
    anytime: bool,
}

engine_setup!(WeightedAStar<C, St>, cost C);

parameter_constructors!(
    WeightedAStar, weight: f64 = at_least_one(weight), "The weight `W`.";
    anytime: false
);

impl<C: Cost, St> WeightedAStar<C, St> {
    /// The same engine, anytime: it goes on after each solution to the optimum.
    #[must_use]
    pub fn anytime(mut self) -> Self {
        self.anytime = true;
        self
    }
}

/// The [`Engine`] and [`Solver`](crate::Solver) implementations of `$Engine`, whose
/// open list is a binary heap of `$Key`s in the order `$order` and whose goals are
/// `$goals` (expressions of the engine, `$engine`).
macro_rules! heap_engine {
    ($Engine:ident, $Key:ident, |$engine:ident| $order:expr, $goals:expr) => {
        impl<S, C: Cost, St: Storage<S>> Engine<S> for $Engine<C, St> {
            type Scratch = BestFirstScratch<S, C, St, BinaryQueue<$Key<C>>>;

            fn scratch(&self) -> Result<Self::Scratch, CapacityError> {
                BestFirstScratch::new(&self.setup.storage, BinaryQueue::new())
            }
        }

        stored_solver!(
            $Engine -> Search<Solution<StateOf<P>, C>>,
            |$engine, scratch, problem, visitor| {
                let limits = $engine.setup.limits.started();
                let mut goals = $goals;
                let (mut open, store) = scratch.ordered($order);
                best_first::solve(&mut open, &mut goals, store, &limits, problem, visitor)
            }
        );

        super::stepper::steppable!(
            impl<C, St> $Engine<C, St> where {},
            |$engine| ($order, $goals)
        );
    };
}

heap_engine!(
    WeightedAStar,
    WeightedKey,
    |engine| ByWeighted(engine.weight),
    {
        if engine.anytime {
            Goals::anytime()
        } else {
            Goals::first()
        }
    }
);

/// Greedy best-first search: states in order of the heuristic `h` alone, ties toward the
/// larger `g`.
///
/// Fast on a good heuristic and without a bound on the cost found. A closed state reached
/// again more cheaply takes the cheaper parent but is not expanded again (expanding it
/// would buy no bound), so the cost reported is the path's. Dead ends, overflow and the
/// events are as in [`AStar`](crate::AStar), whose loop this is.
///
/// # Complexity
///
/// O((V + E) log V) time and O(V + E) space for the V states and E steps reached: each
/// state is expanded at most once.
///
/// # Examples
///
/// ```
/// use state_search::{Greedy, Problem, Solver};
///
/// let space = state_search::from_fn(|&n: &i32| [(n + 1, 1u32), (n - 1, 1)]);
/// let problem = Problem::new(&space, [0], |&n| n == 25).heuristic(|&n: &i32| (25 - n).unsigned_abs());
/// let search = Greedy::new().search(&problem);
/// assert_eq!(search.found().unwrap().cost, 25);
/// assert_eq!(search.stats.expanded, 25); // straight to the goal
/// ```
#[derive(Clone, Debug)]
pub struct Greedy<C, St = Hashed> {
    setup: Setup<St, C>,
}

engine_setup!(Greedy<C, St>, cost C);

impl<C: Cost> Greedy<C> {
    /// An engine with hashed storage.
    #[must_use]
    pub fn new() -> Self {
        Self::with_storage(Hashed)
    }
}

impl<C: Cost> Default for Greedy<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Cost, St> Greedy<C, St> {
    /// An engine with `storage` (e.g. [`Dense`](crate::Dense)`(indexer)`). Nothing is
    /// allocated until a search (or [`Engine::scratch`]) builds the store.
    #[must_use]
    pub fn with_storage(storage: St) -> Self {
        Self {
            setup: Setup::new(storage),
        }
    }
}

heap_engine!(Greedy, GreedyKey, |engine| ByGreedy, Goals::first());
