//! The contract of the depth-first engines that search one mutable state in place:
//! [`InPlaceSpace`], and [`SendSpace`] for the parallel ones.

use super::Cost;

/// A puzzle that is searched by mutating one state in place: depth-first engines apply an
/// action, look at the result, and undo it, instead of cloning states.
///
/// The space keeps its own heuristic up to date as actions are applied and undone, which
/// is how puzzles make it incremental.
///
/// # Examples
///
/// ```
/// use state_search::{InPlaceIdaStar, InPlaceSolver, InPlaceSpace};
///
/// /// A row of tiles sorted by swapping neighbours: action `i` swaps tiles `i` and `i + 1`.
/// struct Row { tiles: [u8; 5], inversions: u32 }
/// impl InPlaceSpace for Row {
///     type Action = usize;
///     type Cost = u32;
///     type Actions = core::ops::Range<usize>;
///     fn actions(&self) -> Self::Actions { 0..self.tiles.len() - 1 }
///     fn apply(&mut self, i: usize) -> u32 {
///         // A swap of neighbours adds or removes exactly one inversion.
///         let in_order = self.tiles[i] < self.tiles[i + 1];
///         self.tiles.swap(i, i + 1);
///         if in_order { self.inversions += 1 } else { self.inversions -= 1 }
///         1
///     }
///     fn undo(&mut self, i: usize) { self.apply(i); }
///     fn inverse(&self, i: usize) -> Option<usize> { Some(i) }
///     fn heuristic(&self) -> u32 { self.inversions }
/// }
/// let mut row = Row { tiles: [3, 1, 4, 0, 2], inversions: 6 };
/// let search = InPlaceIdaStar::new().search(&mut row, |r| r.tiles.is_sorted());
/// let plan = search.into_found().unwrap();
/// assert_eq!(plan.cost, 6);
/// let mut tiles = row.tiles; // the search gave the start state back
/// plan.actions.iter().for_each(|&i| tiles.swap(i, i + 1));
/// assert_eq!(tiles, [0, 1, 2, 3, 4]);
/// ```
pub trait InPlaceSpace {
    /// A move. Compared with [`InPlaceSpace::inverse`] to skip the move that undoes the
    /// previous one.
    type Action: Copy + Eq;
    /// The cost of an action and of a plan.
    type Cost: Cost;

    /// The actions applicable to the current state, in the order to try them.
    ///
    /// The engine walks this iterator while it applies and undoes actions, so it must not
    /// borrow the space: return owned actions (`core::array::IntoIter`, a `smallvec`
    /// `IntoIter`, a `Range` of action numbers) or an iterator over a move table that
    /// outlives the space's borrow (a copied slice of a table the space only refers to).
    type Actions: Iterator<Item = Self::Action>;

    /// The actions applicable to the current state (see [`InPlaceSpace::Actions`]).
    fn actions(&self) -> Self::Actions;

    /// Applies `action` to the current state and returns its cost.
    fn apply(&mut self, action: Self::Action) -> Self::Cost;

    /// Reverts the most recent [`InPlaceSpace::apply`] of `action`.
    fn undo(&mut self, action: Self::Action);

    /// The action that undoes `action`, if there is one. Depth-first engines never generate
    /// it right after `action`. The default, `None`, disables that pruning.
    fn inverse(&self, action: Self::Action) -> Option<Self::Action> {
        let _ = action;
        None
    }

    /// An admissible estimate of the remaining cost from the current state. The default is
    /// zero.
    fn heuristic(&self) -> Self::Cost {
        Self::Cost::ZERO
    }

    /// The cost of `action` and the [`heuristic`](InPlaceSpace::heuristic) of the state it
    /// leads to, computed without applying it, when the space can do so cheaply.
    ///
    /// Depth-first engines peek at each child before applying it and reject the children
    /// beyond their cost bound without an apply/undo round trip (in IDA* on the 15-puzzle,
    /// about half of all generated nodes). When it answers, the cost must agree with
    /// [`apply`](InPlaceSpace::apply), and the estimate must be at most the `heuristic`
    /// after it: equal, or a cheaper lower bound when the space refines its estimate only
    /// once the action is applied (the engines check the child again after applying it;
    /// a child the peek rejects sets IDA*'s next bound by the peek's figure, which may
    /// cost an extra iteration).
    /// The default, `None`, makes the engine apply the action to find out.
    fn peek(&self, action: Self::Action) -> Option<(Self::Cost, Self::Cost)> {
        let _ = action;
        None
    }

    /// Whether in-place IDA* may raise a state's estimate to a child's less the cost of the
    /// action between them, and cut the state off (its remaining children unsearched) when
    /// that puts it beyond the bound: *bidirectional pathmax* (Felner, Zahavi et al.,
    /// 2005). Answer `true` only when every action can be undone by an action of the same
    /// cost (named by [`inverse`](InPlaceSpace::inverse) or not), so that no state is
    /// closer to a goal than a neighbour less that cost. It can save nodes when the
    /// estimate is inconsistent (a child's exceeds its parent's by more than the step),
    /// though a raised state's `f` may also become a lower next bound and add an iteration;
    /// it changes nothing when the estimate is consistent. Needs a cost type that subtracts
    /// ([`Cost::checked_minus`]). `false` by default.
    fn pathmax(&self) -> bool {
        false
    }
}

/// An [`InPlaceSpace`] that [`ParIdaStar`](crate::ParIdaStar) can search on several
/// threads (feature `parallel`): it is cloned once per thread and sent there, and its
/// actions and costs cross threads. Every space with those properties is one.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "parallel")] {
/// use state_search::{InPlaceSpace, Limits, SendSpace, Strategy};
///
/// /// The cost of a least-cost plan to `goal`, on the current rayon pool.
/// fn least<Sp: SendSpace>(space: &mut Sp, goal: impl Fn(&Sp) -> bool + Sync) -> Option<Sp::Cost> {
///     let search = Strategy::ParIdaStar.par_run_in_place(space, goal, &Limits::new()).ok()?;
///     search.into_found().map(|plan| plan.cost)
/// }
/// #[derive(Clone)]
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
/// assert_eq!(least(&mut Counter(1), |c| c.0 == 12), Some(4)); // 1 2 3 6 12
/// # }
/// ```
#[cfg(feature = "parallel")]
pub trait SendSpace: InPlaceSpace<Action: Send + Sync, Cost: Send + Sync> + Clone + Send {}

#[cfg(feature = "parallel")]
impl<Sp> SendSpace for Sp where
    Sp: InPlaceSpace<Action: Send + Sync, Cost: Send + Sync> + Clone + Send
{
}
