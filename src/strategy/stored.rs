//! What a strategy's run gives once the storage is chosen, for `run.rs`, `open.rs` and
//! `steps.rs`.

use crate::error::CapacityError;
use crate::solution::{Search, Solution};

/// A search, or the [`CapacityError`] that kept its buffers from being built.
pub(super) type Started<S, C> = Result<Search<Solution<S, C>>, CapacityError>;
