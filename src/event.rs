//! Search events and the visitors that watch them, for progress reports and early stops.
//!
//! Engines call [`Visitor::visit`] at a few points of the search. The default visitor,
//! [`NoVisitor`], does nothing and compiles away; any `FnMut(Event) -> ControlFlow<()>`
//! closure is a visitor too.

use core::ops::ControlFlow;

use crate::Stats;

/// Something that happened during a search.
#[derive(Debug)]
#[non_exhaustive]
pub enum Event<'a, S, C> {
    /// `state` is about to be expanded; `cost` is the cost of the path that reached it.
    Expanded {
        /// The state.
        state: &'a S,
        /// The cost of the best known path to it.
        cost: C,
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
