//! The error of a puzzle that cannot be built (`PuzzleError`). An unknown metric name
//! (`UnknownMetric`) is defined with the metrics, in `model`.

use core::fmt;

use super::MAX_CELLS;
use crate::grid::Pos;

/// Why [`Puzzle::new`](super::Puzzle::new) refused its pieces. Positions are 0-based, like
/// every [`Pos`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The box has no cell.
    Empty,
    /// The box has more than [`MAX_CELLS`] cells.
    TooManyCells {
        /// The cells of the box.
        cells: usize,
    },
    /// A wall lies outside the box.
    WallOffBox {
        /// The wall.
        pos: Pos,
    },
    /// A piece does not fit in the box with its top-left cell where it is.
    PieceOffBox {
        /// The piece's label.
        label: char,
        /// Its top-left cell.
        at: Pos,
    },
    /// A piece overlaps a wall or a piece listed before it.
    Overlap {
        /// The piece's label.
        label: char,
        /// Its top-left cell.
        at: Pos,
    },
    /// The index of the goal piece is not the index of a piece.
    NoGoalPiece {
        /// The index given.
        index: usize,
        /// The number of pieces.
        pieces: usize,
    },
    /// The goal piece would not fit in the box with its top-left cell on the goal
    /// position, or would cover a wall there.
    GoalBlocked {
        /// The goal piece's label.
        label: char,
        /// The goal position.
        at: Pos,
    },
    /// A layout would need more than 128 bits: a bit per cell and, per piece, the bits of
    /// its shape number.
    LayoutTooLarge {
        /// The bits needed.
        bits: usize,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => f.write_str("the box has no cell"),
            Self::TooManyCells { cells } => {
                write!(f, "the box has {cells} cells, the limit is {MAX_CELLS}")
            }
            Self::WallOffBox { pos } => write!(f, "the wall {pos} is outside the box"),
            Self::PieceOffBox { label, at } => {
                write!(f, "the piece {label:?} at {at} does not fit in the box")
            }
            Self::Overlap { label, at } => write!(
                f,
                "the piece {label:?} at {at} overlaps a wall or another piece"
            ),
            Self::NoGoalPiece { index, pieces } => write!(
                f,
                "the goal is piece {index}, but the pieces are numbered 0..{pieces}"
            ),
            Self::GoalBlocked { label, at } => write!(
                f,
                "the goal piece {label:?} does not fit at {at} clear of walls"
            ),
            Self::LayoutTooLarge { bits } => write!(
                f,
                "a layout needs {bits} bits (cells + pieces x bits per shape), the limit is 128"
            ),
        }
    }
}

impl std::error::Error for PuzzleError {}
