//! The graph of optimal predecessors that [`optimal_paths`](super::optimal_paths) builds,
//! and the lazy enumeration of the paths through it.

use core::hash::{BuildHasher, Hash};

use fixedbitset::FixedBitSet;
use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use crate::error::CapacityError;
use crate::store::{try_bitset, try_push};

#[cfg(doc)]
use super::{OptimalPaths, PathCount};

/// The graph of optimal predecessors of [`OptimalPaths`]: the states on optimal paths,
/// each with its least cost and every predecessor `p` with `g(p) + c(p, s) = g(s)`.
///
/// States are numbered `0..len()` in an order that lists every state after its
/// predecessors when the graph has no cycle (no [`PathCount::Infinite`]): a dynamic
/// program over the paths can run in index order.
///
/// # Examples
///
/// ```
/// use state_search::paths::optimal_paths;
/// use state_search::{Limits, Problem};
///
/// let stairs = state_search::from_fn(|&n: &u8| [(n + 1, 1u32), (n + 2, 1)]);
/// let all = optimal_paths(&Problem::new(&stairs, [0], |&n| n == 4), &Limits::new())?;
/// let dag = all.dag();
/// let four = dag.index_of(&4).unwrap();
/// let mut preds: Vec<u8> = dag.predecessors(four).map(|p| dag.states()[p]).collect();
/// preds.sort();
/// assert_eq!(preds, [2]); // 3 is at cost 2, so 3 -> 4 is not optimal
/// assert_eq!(dag.cost(four), 2);
/// assert!(dag.is_start(dag.index_of(&0).unwrap()));
/// // Indices follow the paths: predecessors first.
/// for s in 0..dag.len() {
///     assert!(dag.predecessors(s).all(|p| p < s));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct OptimalDag<S, C> {
    states: Vec<S>,
    costs: Vec<C>,
    /// The predecessors of state `i` are `preds[pred_start[i]..pred_start[i + 1]]`.
    pred_start: Vec<u32>,
    preds: Vec<u32>,
    starts: FixedBitSet,
    goals: Vec<u32>,
    /// The index of each state, found by its hash.
    index: HashTable<u32>,
}

/// Reserves room for `additional` more entries in `vec`, fallibly.
fn reserve<T>(vec: &mut Vec<T>, additional: usize) -> Result<(), CapacityError> {
    vec.try_reserve_exact(additional)
        .map_err(|_| CapacityError::out_of_memory(additional, size_of::<T>()))
}

/// The index of a `u32` number.
fn at(index: u32) -> usize {
    index as usize
}

impl<S, C> OptimalDag<S, C> {
    /// The graph of no state.
    pub(super) fn empty() -> Self {
        Self {
            states: Vec::new(),
            costs: Vec::new(),
            pred_start: vec![0],
            preds: Vec::new(),
            starts: FixedBitSet::new(),
            goals: Vec::new(),
            index: HashTable::new(),
        }
    }

    /// A graph of room for `states` states and their `steps` predecessor links in all,
    /// filled by [`push`](Self::push) in index order, then [`finish`](Self::finish).
    pub(super) fn with_capacity(states: usize, steps: usize) -> Result<Self, CapacityError> {
        let mut dag = Self::empty();
        reserve(&mut dag.states, states)?;
        reserve(&mut dag.costs, states)?;
        reserve(&mut dag.pred_start, states)?;
        reserve(&mut dag.preds, steps)?;
        dag.starts = try_bitset(states)?;
        Ok(dag)
    }

    /// Adds the state of the next index, its cost, whether it is a start, and the indices
    /// of its predecessors.
    pub(super) fn push(
        &mut self,
        state: S,
        cost: C,
        start: bool,
        preds: impl Iterator<Item = u32>,
    ) -> Result<(), CapacityError> {
        let index = self.states.len();
        if index >= self.starts.len() {
            // Beyond the capacity asked for: grow as the other arrays do.
            let mut starts = try_bitset(index + 1)?;
            starts.union_with(&self.starts);
            self.starts = starts;
        }
        self.starts.set(index, start);
        try_push(&mut self.states, state)?;
        try_push(&mut self.costs, cost)?;
        for pred in preds {
            try_push(&mut self.preds, pred)?;
        }
        let end = u32::try_from(self.preds.len())
            .map_err(|_| CapacityError::too_many_states(self.preds.len()))?;
        try_push(&mut self.pred_start, end)
    }

    /// Sets the goals (indices of states pushed) and indexes the states by hash.
    pub(super) fn finish(
        &mut self,
        goals: impl ExactSizeIterator<Item = u32>,
    ) -> Result<(), CapacityError>
    where
        S: Eq + Hash,
    {
        reserve(&mut self.goals, goals.len())?;
        self.goals.extend(goals);
        let n = self.states.len();
        let states = &self.states;
        let hash = |&i: &u32| FxBuildHasher.hash_one(&states[at(i)]);
        self.index
            .try_reserve(n, hash)
            .map_err(|_| CapacityError::out_of_memory(n, size_of::<u32>() + 1))?;
        for (i, state) in states.iter().enumerate() {
            let i = u32::try_from(i).map_err(|_| CapacityError::too_many_states(n))?;
            self.index
                .insert_unique(FxBuildHasher.hash_one(state), i, hash);
        }
        Ok(())
    }

    /// The number of states on optimal paths.
    #[must_use]
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether there is no optimal path.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The states on optimal paths, by index.
    #[must_use]
    pub fn states(&self) -> &[S] {
        &self.states
    }

    /// The index of `state`, if it lies on an optimal path.
    ///
    /// # Complexity
    ///
    /// One hash and expected O(1) comparisons.
    #[must_use]
    pub fn index_of(&self, state: &S) -> Option<usize>
    where
        S: Eq + Hash,
    {
        self.index
            .find(FxBuildHasher.hash_one(state), |&i| {
                self.states[at(i)] == *state
            })
            .map(|&i| at(i))
    }

    /// The least cost of the state of index `index` from a start.
    ///
    /// # Panics
    ///
    /// Panics if `index` is not below [`len`](OptimalDag::len).
    #[must_use]
    pub fn cost(&self, index: usize) -> C
    where
        C: Copy,
    {
        self.costs[index]
    }

    /// The indices of the optimal predecessors of the state of index `index`: each `p`
    /// with a step `p -> s` and `g(p) + c(p, s) = g(s)`, once however many parallel steps
    /// there are.
    ///
    /// # Panics
    ///
    /// Panics if `index` is not below [`len`](OptimalDag::len).
    #[must_use]
    pub fn predecessors(&self, index: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.pred_slice(index).iter().map(|&p| at(p))
    }

    fn pred_slice(&self, index: usize) -> &[u32] {
        &self.preds[at(self.pred_start[index])..at(self.pred_start[index + 1])]
    }

    /// Whether the state of index `index` is a start state (where optimal paths begin; a
    /// start may also have predecessors, through zero-cost steps).
    #[must_use]
    pub fn is_start(&self, index: usize) -> bool {
        self.starts.contains(index)
    }

    /// The indices of the goals of least cost, where optimal paths end.
    #[must_use]
    pub fn goals(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.goals.iter().map(|&g| at(g))
    }
}

/// The optimal paths of an [`OptimalPaths`], lazily ([`OptimalPaths::iter`]): a
/// depth-first walk from each goal back to the starts, yielding each path from its start
/// to its goal.
///
/// # Examples
///
/// ```
/// use state_search::paths::optimal_paths;
/// use state_search::{Limits, Problem};
///
/// let stairs = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n + 2, 1)]);
/// let all = optimal_paths(&Problem::new(&stairs, [0], |&n| n == 60), &Limits::new())?;
/// // 30 steps of 2 and nothing else: exactly one way.
/// let mut paths = all.iter();
/// assert_eq!(paths.next().map(|p| p.len()), Some(31));
/// assert_eq!(paths.next(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct OptimalPathsIter<'a, S, C> {
    dag: &'a OptimalDag<S, C>,
    /// The next goal to walk back from.
    next_goal: usize,
    /// The walk: each state of the current path back from the goal, and the position of
    /// its next predecessor to try.
    stack: Vec<(u32, u32)>,
    /// The states of the current path, when the graph may have a cycle.
    on_path: Option<FixedBitSet>,
    /// The top of the stack is a start: the path is to be yielded.
    pending: bool,
}

impl<'a, S, C> OptimalPathsIter<'a, S, C> {
    /// The paths of `dag`; `cyclic` when it may have a cycle (of zero-cost steps).
    pub(super) fn new(dag: &'a OptimalDag<S, C>, cyclic: bool) -> Self {
        Self {
            dag,
            next_goal: 0,
            stack: Vec::new(),
            on_path: cyclic.then(|| FixedBitSet::with_capacity(dag.len())),
            pending: false,
        }
    }

    /// Puts `node` on the current path.
    fn enter(&mut self, node: u32) {
        self.stack.push((node, self.dag.pred_start[at(node)]));
        if let Some(on_path) = &mut self.on_path {
            on_path.insert(at(node));
        }
        self.pending = self.dag.starts.contains(at(node));
    }
}

impl<S: Clone, C> Iterator for OptimalPathsIter<'_, S, C> {
    type Item = Vec<S>;

    fn next(&mut self) -> Option<Vec<S>> {
        loop {
            if self.pending {
                self.pending = false;
                let states = &self.dag.states;
                return Some(
                    self.stack
                        .iter()
                        .rev()
                        .map(|&(node, _)| states[at(node)].clone())
                        .collect(),
                );
            }
            let Some(&mut (node, ref mut next)) = self.stack.last_mut() else {
                let &goal = self.dag.goals.get(self.next_goal)?;
                self.next_goal += 1;
                self.enter(goal);
                continue;
            };
            if *next < self.dag.pred_start[at(node) + 1] {
                let pred = self.dag.preds[at(*next)];
                *next += 1;
                if !self
                    .on_path
                    .as_ref()
                    .is_some_and(|on| on.contains(at(pred)))
                {
                    self.enter(pred);
                }
            } else {
                self.stack.pop();
                if let Some(on_path) = &mut self.on_path {
                    on_path.remove(at(node));
                }
            }
        }
    }
}
