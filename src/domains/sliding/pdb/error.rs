//! The limits of the module's databases and its errors (`PdbError`).

use core::fmt;
use std::io;

/// The most tiles in one pattern.
pub const MAX_PATTERN_TILES: usize = 8;

/// The most cells of a board that pattern databases support (cells are bits of a `u64`).
pub const MAX_PDB_CELLS: usize = 64;

/// The most patterns in one [`PatternSet`].
///
/// [`PatternSet`]: super::PatternSet
pub const MAX_PATTERNS: usize = 16;

/// Why a pattern database could not be built, loaded or used.
#[derive(Debug)]
#[non_exhaustive]
pub enum PdbError {
    /// The board has more than [`MAX_PDB_CELLS`] cells.
    TooManyCells {
        /// The board's cells.
        cells: usize,
    },
    /// The tiles do not make a pattern: empty, more than [`MAX_PATTERN_TILES`], the blank,
    /// a tile that does not exist, or a tile twice.
    Pattern(String),
    /// Two patterns of a set share a tile.
    Overlap {
        /// The shared tile.
        tile: u8,
    },
    /// A set has more than [`MAX_PATTERNS`] patterns.
    TooManyPatterns {
        /// The number of patterns given.
        patterns: usize,
    },
    /// The table would not fit in memory.
    Memory {
        /// The bytes asked for.
        bytes: usize,
    },
    /// A distance above 254 moves: the table's bytes cannot hold it.
    TooDeep,
    /// The database was built for another board, goal or pattern.
    Mismatch(String),
    /// Reflection needs a square board with the blank's goal cell on the main diagonal.
    Reflection(String),
    /// The values of a table do not fit the [`Encoding`](super::Encoding) asked for.
    Encoding(String),
    /// A file is not a pattern database of this format, is damaged, or was not signed with
    /// the [`CacheKey`](super::CacheKey) it is read with.
    Format(String),
    /// A [`CacheKey`](super::CacheKey) cannot be had: its file is missing from the
    /// environment, of the wrong length, open to others, or no random key can be drawn.
    Key(String),
    /// A [`PdbCache`](super::PdbCache) cannot be had: no directory can be named, or its
    /// key lies inside it.
    Cache(String),
    /// Reading or writing a file failed.
    Io(io::Error),
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyCells { cells } => write!(
                f,
                "pattern databases support boards of at most {MAX_PDB_CELLS} cells, not {cells}"
            ),
            Self::Pattern(why) => write!(f, "not a pattern: {why}"),
            Self::Overlap { tile } => write!(f, "tile {tile} is in two patterns"),
            Self::TooManyPatterns { patterns } => write!(
                f,
                "{patterns} patterns given, at most {MAX_PATTERNS} are supported"
            ),
            Self::Memory { bytes } => {
                write!(f, "out of memory: the database needs {} MiB", bytes >> 20)
            }
            Self::TooDeep => f.write_str("a pattern needs more than 254 moves"),
            Self::Mismatch(why) => write!(f, "the database does not fit: {why}"),
            Self::Reflection(why) => write!(f, "cannot reflect: {why}"),
            Self::Encoding(why) => write!(f, "cannot encode the table: {why}"),
            Self::Format(why) => write!(f, "not a valid pattern database file: {why}"),
            Self::Key(why) => write!(f, "pattern database key: {why}"),
            Self::Cache(why) => write!(f, "pattern database cache: {why}"),
            Self::Io(error) => write!(f, "pattern database file: {error}"),
        }
    }
}

impl std::error::Error for PdbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl From<io::Error> for PdbError {
    fn from(error: io::Error) -> Self {
        Self::Io(error)
    }
}
