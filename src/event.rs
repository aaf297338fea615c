//! Search events and the visitors that watch them, for progress reports and early stops.
//!
//! Engines call [`Visitor::visit`] at a few points of the search. The default visitor,
//! [`NoVisitor`], does nothing and compiles away; any `FnMut(Event) -> ControlFlow<()>`
//! closure is a visitor too.

use core::ops::ControlFlow;
use std::collections::BTreeMap;

use crate::Stats;
use crate::space::{Cost, Heuristic};

/// Something that happened during a search.
#[derive(Debug)]
#[non_exhaustive]
pub enum Event<'a, S, C> {
    /// `state` is about to be expanded; `cost` is the cost of the path that reached it.
    /// Match it with `..`: more may be told of an expansion later.
    #[non_exhaustive]
    Expanded {
        /// The state.
        state: &'a S,
        /// The cost of the best known path to it: from a start, or, for a backward
        /// expansion, to the goal.
        cost: C,
        /// Whether a bidirectional search expands it from the goal's side (then `cost` is
        /// its cost to the goal); `false` for every forward expansion.
        backward: bool,
    },
    /// A state that had been expanded was reached again more cheaply and will be expanded
    /// again (the best-first engines, the bidirectional ones included, with an
    /// inconsistent heuristic; the weighted, greedy, focal and anytime searches, whose
    /// order is not by `f` alone, with any heuristic).
    Reopened {
        /// The state.
        state: &'a S,
        /// The new, lower cost.
        cost: C,
    },
    /// A search that finds solutions on the way (anytime weighted A*, ARA*, ANA*,
    /// depth-first branch and bound) found one better than the ones before.
    Improved {
        /// The cost of the new solution.
        cost: C,
        /// A lower bound on the optimal cost (with an admissible heuristic), at most
        /// `cost`: for anytime weighted A*, ARA* and ANA* the least `f = g + h` still
        /// open, so that the solution is proven optimal when it reaches `cost`; for branch
        /// and bound the least `f` of the starts, which does not rise (the solution is
        /// proven optimal when the search ends).
        lower_bound: C,
        /// The statistics so far.
        stats: &'a Stats,
    },
    /// The search starts again from its starts, and the events so far are of a run that
    /// no longer counts: automatic storage ([`StoragePolicy::Auto`](crate::store::StoragePolicy::Auto))
    /// outgrew its hashed start and runs the search again, with dense storage or, when the
    /// states lie scattered over the dense store, hashed with more room. A visitor
    /// that counts (such as [`FCounts`]) starts over; `Break` stops the search with
    /// [`StopReason::Visitor`](crate::StopReason::Visitor).
    Restarted {
        /// The statistics of the run given up.
        stats: &'a Stats,
    },
    /// An iteration of an iterative engine (IDA*) ended without a solution.
    IterationFinished {
        /// The cost bound of the iteration that ended.
        bound: C,
        /// The bound of the next iteration (the least f above `bound`), or `None` when
        /// nothing was cut off and the search is over.
        next_bound: Option<C>,
        /// The statistics so far, over all iterations.
        stats: &'a Stats,
    },
}

/// Watches a search. Returning [`ControlFlow::Break`] stops it with
/// [`StopReason::Visitor`](crate::StopReason::Visitor).
///
/// Any `FnMut(Event) -> ControlFlow<()>` closure is a visitor. Pass it through
/// [`visitor`] so that its argument type is inferred (a bare `|event| ...` passed where a
/// `Visitor` is expected cannot be, because the event borrows the state); a closure whose
/// argument is annotated with its event type also works as it is.
///
/// # Examples
///
/// ```
/// use core::ops::ControlFlow;
/// use state_search::{Bfs, Event, StopReason, visitor, Problem, Solver};
///
/// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n + 2]);
/// let mut expanded = Vec::new();
/// let mut watch = visitor(|event| {
///     if let Event::Expanded { state, .. } = event {
///         expanded.push(*state);
///     }
///     if expanded.len() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// });
/// let search = Bfs::new().search_with(&Problem::new(&space, [0], |&n| n == 100), &mut watch);
/// assert_eq!(search.stop_reason(), Some(StopReason::Visitor));
/// assert_eq!(expanded, [0, 1, 2]);
/// ```
pub trait Visitor<S, C> {
    /// Called with each event; `Break` stops the search.
    fn visit(&mut self, event: Event<'_, S, C>) -> ControlFlow<()>;
}

/// The visitor that watches nothing. Searches without a visitor use it; it costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoVisitor;

impl<S, C> Visitor<S, C> for NoVisitor {
    #[inline]
    fn visit(&mut self, _event: Event<'_, S, C>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl<S, C, F> Visitor<S, C> for F
where
    F: FnMut(Event<'_, S, C>) -> ControlFlow<()>,
{
    #[inline]
    fn visit(&mut self, event: Event<'_, S, C>) -> ControlFlow<()> {
        self(event)
    }
}

/// A [`Visitor`] made from a closure by [`visitor`].
#[derive(Clone, Copy, Debug)]
pub struct FnVisitor<F>(F);

/// Turns a closure into a [`Visitor`], with its argument's type inferred: `|event| ...`
/// needs no annotation.
///
/// The events' cost type is the engine's: the space's cost for every engine but
/// [`Bfs`](crate::Bfs) and [`BidirectionalBfs`](crate::BidirectionalBfs), which report
/// depths as `usize` (a [`Strategy`](crate::Strategy) run reports the space's cost
/// type for every strategy).
///
/// # Examples
///
/// ```
/// use core::ops::ControlFlow;
/// use state_search::{Dijkstra, Event, visitor, Problem, Solver};
///
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 2u32), (n * 2, 3)]);
/// let mut deepest = 0;
/// let search = Dijkstra::new().search_with(&Problem::new(&space, [1], |&n| n == 64), &mut visitor(|event| {
///     if let Event::Expanded { cost, .. } = event {
///         deepest = deepest.max(cost);
///     }
///     ControlFlow::Continue(())
/// }));
/// assert_eq!(search.found().unwrap().cost, 17); // +1, then double five times
/// assert!(deepest <= 17);
/// ```
pub fn visitor<S, C, F>(watch: F) -> FnVisitor<F>
where
    F: FnMut(Event<'_, S, C>) -> ControlFlow<()>,
{
    FnVisitor(watch)
}

impl<S, C, F> Visitor<S, C> for FnVisitor<F>
where
    F: FnMut(Event<'_, S, C>) -> ControlFlow<()>,
{
    #[inline]
    fn visit(&mut self, event: Event<'_, S, C>) -> ControlFlow<()> {
        (self.0)(event)
    }
}

/// The expansions of a search counted by `f = g + h`: the cost of the path that reached the
/// state plus a heuristic's estimate of the rest, on each side of the search. A visitor
/// made by [`FCounts::watch`] fills it.
///
/// With `C*` the optimal cost and a consistent heuristic, every optimal search from the
/// start must expand each state of `f < C*`: those are its **necessary expansions**, and
/// [`FCounts::below`]`(C*)` counts how many of a search's expansions were among them; the
/// rest of its expansions (at `f = C*` or beyond) are what its strategy chose to do. A
/// bidirectional search's backward expansions are counted by their cost to the goal
/// plus the backward heuristic (the estimate of the cost from a start), so that states
/// it never needed from either side are told apart from those it must expand on one side.
///
/// # Examples
///
/// ```
/// use state_search::{AStar, FCounts, Problem, Solver};
///
/// // From 0 to 10 on a line, steps of 1 either way; h: half the distance to 10.
/// let space = state_search::from_fn(|&n: &i32| [(n - 1, 1u32), (n + 1, 1)]);
/// let h = |&n: &i32| (10 - n).max(0).unsigned_abs() / 2;
/// let problem = Problem::new(&space, [0], |&n| n == 10).heuristic(h);
/// let mut counts = FCounts::new();
/// let search = AStar::new().search_with(&problem, &mut counts.watch(h, |_: &i32| 0));
/// let optimum = search.found().unwrap().cost;
/// assert_eq!(optimum, 10);
/// assert_eq!(counts.total(), search.stats.expanded);
/// // f < 10: 0 to 9 (f = 5 + n/2) and -1 to -3 (f = 6, 8, 9); A* must expand all 13.
/// assert_eq!(counts.below(optimum), 13);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FCounts<C> {
    /// The expansions by `f`: forwards, then backwards.
    sides: [BTreeMap<C, u64>; 2],
    /// The expansions whose `g + h` does not fit the cost type: above every cost.
    beyond: u64,
}

impl<C: Cost> FCounts<C> {
    /// No expansion counted yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Counts one expansion of `f = g + h` (`None`: a sum beyond every cost of the type),
    /// backwards or not.
    pub fn record(&mut self, f: Option<C>, backward: bool) {
        match f {
            Some(f) => *self.sides[usize::from(backward)].entry(f).or_insert(0) += 1,
            None => self.beyond += 1,
        }
    }

    /// A visitor that counts each [`Event::Expanded`] by its `f` (and forgets them at an
    /// [`Event::Restarted`]): its cost plus
    /// `forward`'s estimate, or for a backward expansion plus `backward`'s (pass
    /// `|_| C::ZERO`-like closures for a side without one).
    pub fn watch<H, Hb>(&mut self, forward: H, backward: Hb) -> FWatch<'_, C, H, Hb> {
        FWatch {
            counts: self,
            forward,
            backward,
        }
    }

    /// The expansions of `f` below `cost`, both sides: the necessary expansions a search
    /// made when `cost` is the optimum.
    ///
    /// # Complexity
    ///
    /// O(d), `d` the distinct values of `f` below `cost`.
    #[must_use]
    pub fn below(&self, cost: C) -> u64 {
        self.sides
            .iter()
            .flat_map(|side| side.range(..cost).map(|(_, &n)| n))
            .sum()
    }

    /// Every expansion counted.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.beyond + self.sides.iter().flat_map(BTreeMap::values).sum::<u64>()
    }
}

/// The visitor of [`FCounts::watch`]: counts each expansion by its `f`.
#[derive(Debug)]
pub struct FWatch<'a, C, H, Hb> {
    counts: &'a mut FCounts<C>,
    forward: H,
    backward: Hb,
}

impl<S, C: Cost, H: Heuristic<S, C>, Hb: Heuristic<S, C>> Visitor<S, C> for FWatch<'_, C, H, Hb> {
    fn visit(&mut self, event: Event<'_, S, C>) -> ControlFlow<()> {
        match event {
            Event::Expanded {
                state,
                cost,
                backward,
            } => {
                let h = if backward {
                    self.backward.estimate(state)
                } else {
                    self.forward.estimate(state)
                };
                self.counts.record(cost.checked_plus(h), backward);
            }
            Event::Restarted { .. } => *self.counts = FCounts::new(),
            _ => {}
        }
        ControlFlow::Continue(())
    }
}

/// A visitor of states `T` watching a search of states `S`: each event's state mapped by
/// `map` (a packed board unpacked, an in-place view's state copied out), the rest as they
/// are.
#[cfg(feature = "domains")]
pub(crate) struct MapStates<'a, F, V> {
    pub(crate) map: F,
    pub(crate) visitor: &'a mut V,
}

#[cfg(feature = "domains")]
impl<S, T, C, F: Fn(&S) -> T, V: Visitor<T, C>> Visitor<S, C> for MapStates<'_, F, V> {
    fn visit(&mut self, event: Event<'_, S, C>) -> ControlFlow<()> {
        let mapped;
        let event = match event {
            Event::Expanded {
                state,
                cost,
                backward,
            } => {
                mapped = (self.map)(state);
                Event::Expanded {
                    state: &mapped,
                    cost,
                    backward,
                }
            }
            Event::Reopened { state, cost } => {
                mapped = (self.map)(state);
                Event::Reopened {
                    state: &mapped,
                    cost,
                }
            }
            Event::Improved {
                cost,
                lower_bound,
                stats,
            } => Event::Improved {
                cost,
                lower_bound,
                stats,
            },
            Event::Restarted { stats } => Event::Restarted { stats },
            Event::IterationFinished {
                bound,
                next_bound,
                stats,
            } => Event::IterationFinished {
                bound,
                next_bound,
                stats,
            },
        };
        self.visitor.visit(event)
    }
}
