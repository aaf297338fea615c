//! The puzzle as a state space: `PancakeSpace` (stacks, one flip a step) and
//! `StackIndexer`, the dense numbering of small stacks.

use super::stack::{Stack, StackError, factorial};
use crate::space::{IndexedSpace, ReversibleSpace, StateIndexer, StateSpace};

/// The most pancakes whose stacks dense storage can number: `12!` (479,001,600) is below
/// `2^32`, the most states a dense store holds, and `13!` is not.
pub const MAX_DENSE: usize = 12;

/// The pancake puzzle towards one goal stack, as a [`StateSpace`] of [`Stack`]s: the
/// successors of a stack of `n` pancakes are its `n - 1` flips (of the top 2, 3, ..., `n`,
/// in that order), each costing 1.
///
/// A flip is its own inverse, so the space is a [`ReversibleSpace`] whose predecessors are
/// the successors. It is an [`IndexedSpace`] through [`StackIndexer`], which numbers the
/// stacks of up to [`MAX_DENSE`] pancakes densely; on larger stacks automatic storage
/// stores states hashed (see [`StackIndexer`]).
///
/// # Examples
///
/// A* with the gap heuristic, and BFS over every stack of 6 pancakes:
///
/// ```
/// use state_search::domains::pancake::{Gap, PancakeSpace, Stack};
/// use state_search::{Bfs, Dense, IndexedSpace, Limits, Problem, Strategy};
///
/// let space = PancakeSpace::sorted(6)?;
/// let start = Stack::new(&[3, 5, 1, 0, 4, 2])?;
/// let goal = *space.goal();
/// let problem = Problem::new(&space, [start], |s: &Stack| s.is_sorted())
///     .heuristic(Gap::HELMERT.towards(&goal))
///     .indexed();
/// let found = Strategy::AStar.run(&problem, &Limits::new())?.into_found().unwrap();
/// assert_eq!(found.cost, 6);
///
/// let mut bfs = Bfs::with_storage(Dense(space.indexer())).searcher()?;
/// assert_eq!(bfs.reach(&space, [goal]).stats.expanded, 720);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PancakeSpace {
    goal: Stack,
}

impl PancakeSpace {
    /// The puzzle whose goal is `goal`.
    #[must_use]
    pub fn new(goal: Stack) -> Self {
        Self { goal }
    }

    /// The puzzle of `pancakes` pancakes whose goal is the sorted stack.
    ///
    /// # Errors
    ///
    /// [`StackError::Size`] for no pancake or more than
    /// [`MAX_PANCAKES`](super::MAX_PANCAKES).
    pub fn sorted(pancakes: usize) -> Result<Self, StackError> {
        Ok(Self::new(Stack::sorted(pancakes)?))
    }

    /// The goal stack.
    #[must_use]
    pub fn goal(&self) -> &Stack {
        &self.goal
    }

    /// The number of pancakes.
    #[must_use]
    pub fn pancakes(&self) -> usize {
        self.goal.pancakes()
    }

    /// Whether `stack` is the goal.
    #[must_use]
    pub fn is_goal(&self, stack: &Stack) -> bool {
        *stack == self.goal
    }
}

impl StateSpace for PancakeSpace {
    type State = Stack;
    type Cost = u32;

    #[inline]
    fn successors(&self, stack: &Stack, mut emit: impl FnMut(Stack, u32)) {
        for k in 2..=stack.pancakes() {
            let mut next = *stack;
            next.flip_top(k);
            emit(next, 1);
        }
    }

    fn uniform_cost(&self) -> Option<u32> {
        Some(1)
    }
}

impl ReversibleSpace for PancakeSpace {
    #[inline]
    fn predecessors(&self, stack: &Stack, emit: impl FnMut(Stack, u32)) {
        // A flip undoes itself, at the same cost.
        self.successors(stack, emit);
    }
}

impl IndexedSpace for PancakeSpace {
    type Indexer = StackIndexer;

    /// The numbering of this space's stacks: dense up to [`MAX_DENSE`] pancakes, and
    /// beyond it one that no dense store accepts (see [`StackIndexer`]).
    fn indexer(&self) -> StackIndexer {
        StackIndexer {
            pancakes: self.pancakes(),
        }
    }
}

/// Numbers the stacks of `n` pancakes by their Lehmer rank ([`Stack::rank`]) into
/// `0..n!`: a [`StateIndexer`] for dense storage, offered for at most [`MAX_DENSE`]
/// pancakes ([`StackIndexer::new`]).
///
/// [`PancakeSpace`]'s own indexer ([`IndexedSpace::indexer`]) has a numbering for any
/// size, so that one problem type serves every stack: above [`MAX_DENSE`] pancakes its
/// [`bound`](StateIndexer::bound) is `usize::MAX`, which every dense store refuses with a
/// [`CapacityError`](crate::CapacityError) (automatic storage then stores states hashed,
/// and [`StoragePolicy::Dense`](crate::StoragePolicy::Dense) is refused before the search
/// starts). Its ranks stay exact up to [`MAX_RANKED`](super::MAX_RANKED) pancakes.
///
/// # Examples
///
/// ```
/// use state_search::domains::pancake::{Stack, StackIndexer};
/// use state_search::StateIndexer;
///
/// let indexer = StackIndexer::new(4).expect("4 pancakes are numbered");
/// assert_eq!(indexer.bound(), 24);
/// let stack = Stack::new(&[3, 2, 1, 0])?;
/// assert_eq!(indexer.index(&stack), 23);
/// assert_eq!(indexer.state(23), stack);
/// assert!(StackIndexer::new(13).is_none());
/// # Ok::<(), state_search::domains::pancake::StackError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StackIndexer {
    pancakes: usize,
}

impl StackIndexer {
    /// The numbering of the stacks of `pancakes` pancakes, or `None` unless `pancakes` is
    /// from 1 to [`MAX_DENSE`].
    #[must_use]
    pub fn new(pancakes: usize) -> Option<Self> {
        (1..=MAX_DENSE)
            .contains(&pancakes)
            .then_some(Self { pancakes })
    }

    /// The number of pancakes of the stacks it numbers.
    #[must_use]
    pub fn pancakes(&self) -> usize {
        self.pancakes
    }
}

impl StateIndexer<Stack> for StackIndexer {
    /// `n!` up to [`MAX_DENSE`] pancakes, `usize::MAX` beyond.
    fn bound(&self) -> usize {
        if self.pancakes <= MAX_DENSE {
            factorial(self.pancakes)
                .map_or(usize::MAX, |f| usize::try_from(f).unwrap_or(usize::MAX))
        } else {
            usize::MAX
        }
    }

    /// The Lehmer rank of `stack`.
    ///
    /// # Panics
    ///
    /// Panics if `stack` has more than [`MAX_RANKED`](super::MAX_RANKED) pancakes, or its rank does not fit a
    /// `usize`: no store asks, since none accepts the bound of such an indexer.
    fn index(&self, stack: &Stack) -> usize {
        match stack.rank().and_then(|rank| usize::try_from(rank).ok()) {
            Some(index) => index,
            None => panic!(
                "state-search: a stack of {} pancakes has no index",
                stack.pancakes()
            ),
        }
    }

    /// The stack of Lehmer rank `index`.
    ///
    /// # Panics
    ///
    /// Panics if `index` is not below `n!`, or `n` is above [`MAX_RANKED`](super::MAX_RANKED).
    fn state(&self, index: usize) -> Stack {
        let stack = u64::try_from(index)
            .ok()
            .and_then(|rank| Stack::from_rank(self.pancakes, rank));
        match stack {
            Some(stack) => stack,
            None => panic!(
                "state-search: {index} is not the index of a stack of {} pancakes",
                self.pancakes
            ),
        }
    }
}
