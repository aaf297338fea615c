//! Problem domains shipped with the crate. Each is a state space plus its parsing and
//! printing, and follows one convention:
//!
//! 1. **parse**: `Problem::from_str` (or `parse`) reads the contest text format and returns
//!    a typed [`ParseError`](crate::ParseError) naming the line and column of any fault;
//! 2. **space**: the problem implements [`StateSpace`](crate::StateSpace) (and
//!    [`IndexedSpace`](crate::IndexedSpace) when its states can be numbered), so every
//!    engine of [`crate::algo`] can solve it;
//! 3. **solve**: convenience solvers pick the engine that suits the domain;
//! 4. **print**: solutions render in the contest output format.
//!
//! Domains depend on the engines, never the other way round.

mod error;
pub mod keydoor;
pub mod keys;
pub mod maze;
pub mod pipemaze;
pub mod sliding;

pub use error::SolveError;
