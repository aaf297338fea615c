//! The maze as a state space (one per move) and its heuristic.

use super::PipeMaze;
use crate::domains::keys::{KeyState, KeyStateIndexer};
use crate::space::{IndexedSpace, StateSpace};

impl PipeMaze {
    /// Half the Manhattan distance to the exit, rounded up: admissible and consistent,
    /// since one move covers at most two cells.
    #[inline]
    #[must_use]
    pub fn heuristic(&self, state: &KeyState) -> u32 {
        state.pos.manhattan(self.exit).div_ceil(2)
    }
}

impl StateSpace for PipeMaze {
    type State = KeyState;
    type Cost = u32;

    #[inline]
    fn successors(&self, state: &KeyState, mut emit: impl FnMut(KeyState, u32)) {
        self.moves(state, |_, next| emit(next, 1));
    }
    fn uniform_cost(&self) -> Option<u32> {
        Some(1)
    }
}

impl IndexedSpace for PipeMaze {
    type Indexer = KeyStateIndexer;
    fn indexer(&self) -> KeyStateIndexer {
        self.state_indexer()
    }
}
