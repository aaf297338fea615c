//! The maze as a state space: the contest objective on `KeyDoorMaze` itself, the
//! fewest-moves view `FewestMoves`, and the Manhattan heuristics of both.

use super::KeyDoorMaze;
use crate::domains::keys::{KeyState, KeyStateIndexer};
use crate::space::{IndexedSpace, StateSpace};

impl KeyDoorMaze {
    /// The Manhattan distance from `state` to the target: an admissible, consistent
    /// heuristic for [`Objective::FewestMoves`].
    ///
    /// [`Objective::FewestMoves`]: super::Objective::FewestMoves
    #[inline]
    #[must_use]
    pub fn manhattan(&self, state: &KeyState) -> u32 {
        state.pos.manhattan(self.target)
    }

    /// `(0, Manhattan distance)`: an admissible, consistent heuristic for the contest
    /// cost `(keys, moves)` (more keys may be needed, but never fewer than zero; the
    /// moves are at least the distance).
    #[inline]
    #[must_use]
    pub fn lexicographic_heuristic(&self, state: &KeyState) -> (u32, u32) {
        (0, self.manhattan(state))
    }

    /// The space of the other objective: every step costs 1.
    #[must_use]
    pub fn fewest_moves(&self) -> FewestMoves<'_> {
        FewestMoves { maze: self }
    }
}

impl StateSpace for KeyDoorMaze {
    type State = KeyState;
    type Cost = (u32, u32);

    #[inline]
    fn successors(&self, state: &KeyState, mut emit: impl FnMut(KeyState, (u32, u32))) {
        let held = state.keys.len();
        self.moves(state, |next| emit(next, (next.keys.len() - held, 1)));
    }
}

impl IndexedSpace for KeyDoorMaze {
    type Indexer = KeyStateIndexer;
    fn indexer(&self) -> KeyStateIndexer {
        self.state_indexer()
    }
}

/// A key-door maze where every move costs 1: the fewest-moves objective. Made by
/// [`KeyDoorMaze::fewest_moves`].
#[derive(Clone, Copy, Debug)]
pub struct FewestMoves<'a> {
    maze: &'a KeyDoorMaze,
}

impl FewestMoves<'_> {
    /// The maze.
    #[must_use]
    pub fn maze(&self) -> &KeyDoorMaze {
        self.maze
    }
}

impl StateSpace for FewestMoves<'_> {
    type State = KeyState;
    type Cost = u32;

    #[inline]
    fn successors(&self, state: &KeyState, mut emit: impl FnMut(KeyState, u32)) {
        self.maze.moves(state, |next| emit(next, 1));
    }
    fn uniform_cost(&self) -> Option<u32> {
        Some(1)
    }
}

impl IndexedSpace for FewestMoves<'_> {
    type Indexer = KeyStateIndexer;
    fn indexer(&self) -> KeyStateIndexer {
        self.maze.state_indexer()
    }
}
