//! An engine to run once the storage is chosen: what `run.rs` dispatches to and what
//! `steps.rs` implements for the step-counting strategies.

use crate::error::CapacityError;
use crate::event::Visitor;
use crate::solution::{Limits, Search, Solution};
use crate::store::Storage;

use crate::problem::{CostOf, SearchProblem, StateOf};

/// A search, or the [`CapacityError`] that kept its buffers from being built.
pub(super) type Started<S, C> = Result<Search<Solution<S, C>>, CapacityError>;

/// An engine to run once the storage is chosen.
pub(super) trait Stored<P: SearchProblem> {
    /// Runs the engine with `storage`; `Err` when its buffers cannot be built.
    fn run<St: Storage<StateOf<P>>, V: Visitor<StateOf<P>, CostOf<P>>>(
        &mut self,
        storage: St,
        problem: &P,
        limits: &Limits<CostOf<P>>,
        visitor: &mut V,
    ) -> Started<StateOf<P>, CostOf<P>>;
}
