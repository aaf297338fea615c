//! State spaces built from closures: [`from_fn`] and [`unit_from_fn`].

use core::hash::Hash;
use core::marker::PhantomData;

use super::{Cost, ReversibleSpace, StateSpace};

/// A [`StateSpace`] built from a closure that returns the successors with their step costs.
///
/// Made by [`from_fn`]; add predecessors with [`FromFn::with_predecessors`].
pub struct FromFn<S, C, Succ, Pred = ()> {
    successors: Succ,
    predecessors: Pred,
    marker: PhantomData<fn(&S) -> C>,
}

/// A space whose successors come from `successors(state)`: any iterable of
/// `(state, step_cost)` pairs, as in the `pathfinding` crate. Returning an iterator or an
/// array (not a `Vec`) keeps the search free of allocations.
///
/// # Examples
///
/// ```
/// let space = state_search::from_fn(|&n: &i64| [(n + 1, 1u32), (n - 1, 1), (n * 3, 2)]);
/// let found = state_search::dijkstra(&space, [1], |&n| n == 8).into_found().unwrap();
/// assert_eq!(found.cost, 5); // 1 -> 3 -> 9 (2 + 2), then 9 -> 8 (1)
/// ```
pub fn from_fn<S, C, I, Succ>(successors: Succ) -> FromFn<S, C, Succ>
where
    Succ: Fn(&S) -> I,
    I: IntoIterator<Item = (S, C)>,
{
    FromFn {
        successors,
        predecessors: (),
        marker: PhantomData,
    }
}

impl<S, C, Succ> FromFn<S, C, Succ> {
    /// Adds the predecessor function: `predecessors(state)` lists every `(p, cost)` with a
    /// step `p -> state` of that cost. The result is a [`ReversibleSpace`].
    pub fn with_predecessors<I, Pred>(self, predecessors: Pred) -> FromFn<S, C, Succ, Pred>
    where
        Pred: Fn(&S) -> I,
        I: IntoIterator<Item = (S, C)>,
    {
        FromFn {
            successors: self.successors,
            predecessors,
            marker: PhantomData,
        }
    }
}

impl<S, C, I, Succ, Pred> StateSpace for FromFn<S, C, Succ, Pred>
where
    S: Clone + Eq + Hash,
    C: Cost,
    Succ: Fn(&S) -> I,
    I: IntoIterator<Item = (S, C)>,
{
    type State = S;
    type Cost = C;
    #[inline]
    fn successors(&self, state: &S, mut emit: impl FnMut(S, C)) {
        for (next, cost) in (self.successors)(state) {
            emit(next, cost);
        }
    }
}

impl<S, C, I, J, Succ, Pred> ReversibleSpace for FromFn<S, C, Succ, Pred>
where
    S: Clone + Eq + Hash,
    C: Cost,
    Succ: Fn(&S) -> I,
    I: IntoIterator<Item = (S, C)>,
    Pred: Fn(&S) -> J,
    J: IntoIterator<Item = (S, C)>,
{
    #[inline]
    fn predecessors(&self, state: &S, mut emit: impl FnMut(S, C)) {
        for (prev, cost) in (self.predecessors)(state) {
            emit(prev, cost);
        }
    }
}

/// A unit-cost [`StateSpace`] built from a closure that returns the successors; every step
/// costs `1usize`.
///
/// Made by [`unit_from_fn`]; add predecessors with [`UnitFromFn::with_predecessors`].
pub struct UnitFromFn<S, Succ, Pred = ()> {
    successors: Succ,
    predecessors: Pred,
    marker: PhantomData<fn(&S)>,
}

/// A unit-cost space whose successors come from `successors(state)`: any iterable of
/// states. Every step costs `1usize`.
///
/// # Examples
///
/// ```
/// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 2]);
/// let found = state_search::bfs(&space, [1], |&n| n == 10).into_found().unwrap();
/// assert_eq!(found.path, vec![1, 2, 4, 5, 10]);
/// ```
pub fn unit_from_fn<S, I, Succ>(successors: Succ) -> UnitFromFn<S, Succ>
where
    Succ: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
{
    UnitFromFn {
        successors,
        predecessors: (),
        marker: PhantomData,
    }
}

impl<S, Succ> UnitFromFn<S, Succ> {
    /// Adds the predecessor function: `predecessors(state)` lists every `p` with a step
    /// `p -> state`. The result is a [`ReversibleSpace`].
    pub fn with_predecessors<I, Pred>(self, predecessors: Pred) -> UnitFromFn<S, Succ, Pred>
    where
        Pred: Fn(&S) -> I,
        I: IntoIterator<Item = S>,
    {
        UnitFromFn {
            successors: self.successors,
            predecessors,
            marker: PhantomData,
        }
    }
}

impl<S, I, Succ, Pred> StateSpace for UnitFromFn<S, Succ, Pred>
where
    S: Clone + Eq + Hash,
    Succ: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
{
    type State = S;
    type Cost = usize;
    #[inline]
    fn successors(&self, state: &S, mut emit: impl FnMut(S, usize)) {
        for next in (self.successors)(state) {
            emit(next, 1);
        }
    }
    fn uniform_cost(&self) -> Option<usize> {
        Some(1)
    }
}

impl<S, I, J, Succ, Pred> ReversibleSpace for UnitFromFn<S, Succ, Pred>
where
    S: Clone + Eq + Hash,
    Succ: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
    Pred: Fn(&S) -> J,
    J: IntoIterator<Item = S>,
{
    #[inline]
    fn predecessors(&self, state: &S, mut emit: impl FnMut(S, usize)) {
        for prev in (self.predecessors)(state) {
            emit(prev, 1);
        }
    }
}
