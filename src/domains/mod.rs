//! Problem domains shipped with the crate. Each is a state space plus its parsing and
//! printing, and follows one convention:
//!
//! 1. **parse**: `Problem::from_str` (or `parse`) reads the contest text format, read
//!    with the crate's one tokenizer ([`crate::text::Tokens`]) and described, with an
//!    example, in the domain's module docs; a fault is a typed
//!    [`ParseError`](crate::ParseError) naming its line and column;
//! 2. **build**: constructors take sizes as `(rows, cols)`, in that order, and positions
//!    as [`Pos`]; an invalid problem built in code is a typed error of the domain;
//! 3. **space**: the problem implements [`StateSpace`](crate::StateSpace) (and
//!    [`IndexedSpace`](crate::IndexedSpace) when its states can be numbered), so every
//!    engine of [`crate::algo`] can solve it;
//! 4. **solve**: each puzzle's `solve` runs any [`Strategy`](crate::Strategy) that
//!    applies, and [`SolveError`] says why one does not;
//! 5. **print**: problems and solutions render in the contest formats.
//!
//! Domains depend on the engines, never the other way round.
//!
//! # Positions
//!
//! One rule for every domain:
//!
//! - **Cells are 0-based, everywhere in the API**: a cell is a [`Pos`] (row from 0 at the
//!   top, column from 0 at the left), in the problems, the states, the solutions and every
//!   error value that names a cell ([`keydoor::MazeError`], [`keydoor::ReplayError`],
//!   [`pipemaze::PipeMazeError`], [`pipemaze::PipeReplayError`],
//!   [`sliding::huarong::QueryError`], [`sliding::klotski::PuzzleError`]).
//! - **Error messages print cells 0-based too**, as [`Pos`]'s `Display` does: `(row,
//!   col)`, e.g. `the blank (1, 1) is on a fixed cell`; so a message always shows the
//!   value its error holds. Indices of moves are 0-based as well (`after 2 moves, ...`).
//! - **Places in a text are 1-based**: a [`ParseError`](crate::ParseError) names the
//!   line and the column (in characters) of the fault, as an editor shows them, and says
//!   `line 3, column 5`. Numbers that count things of a text (the `query 2` of a Huarong
//!   input, the line of an instance) are 1-based like lines.
//! - **The contest formats count rows and columns from 1** (a Huarong query, a Klotski
//!   goal line, the moves a Klotski solution prints): row `r` and column `c` of a text are
//!   `Pos::new(r - 1, c - 1)`. That conversion happens in the parsers and printers only.
//!
//! [`Pos`]: crate::grid::Pos

/// `FromStr` for a domain's problem type `$T` by its `parse`, which reads the contest text
/// format (convention 1 above).
macro_rules! from_str_by_parse {
    ($T:ident) => {
        impl core::str::FromStr for $T {
            type Err = crate::error::ParseError;

            #[doc = concat!("[`", stringify!($T), "::parse`].")]
            fn from_str(text: &str) -> Result<Self, crate::error::ParseError> {
                Self::parse(text)
            }
        }
    };
}

mod error;
pub mod keydoor;
pub mod keys;
pub mod maze;
pub mod movingai;
mod names;
pub mod pancake;
pub mod pipemaze;
pub mod sliding;

pub use error::SolveError;

/// What a domain's `strategies()` returns: `default` first, then the strategies of
/// [`Strategy::ALL`](crate::Strategy::ALL) for which `applies` holds, in that order.
fn offered(
    default: crate::Strategy,
    applies: impl Fn(crate::Strategy) -> bool,
) -> Vec<crate::Strategy> {
    core::iter::once(default)
        .chain(
            crate::Strategy::ALL
                .into_iter()
                .filter(|&s| s != default && applies(s)),
        )
        .collect()
}

/// Writes `items` separated by single spaces, as the contest formats write their lists (a
/// board's tiles, a row of cells, a route's moves).
fn write_spaced<T: core::fmt::Display>(
    f: &mut core::fmt::Formatter<'_>,
    items: impl IntoIterator<Item = T>,
) -> core::fmt::Result {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

/// Whether `strategy` searches forwards from the starts to a goal test: all but those that
/// need the goal as one state and the steps backwards ([`Requirement::Backward`]:
/// `bibfs`, `bidijkstra`, `mm`, `nbs`, `bae`).
///
/// [`Requirement::Backward`]: crate::strategy::Requirement::Backward
fn forwards(strategy: crate::Strategy) -> bool {
    !strategy
        .info()
        .needs(crate::strategy::Requirement::Backward)
}
