//! Additive disjoint pattern databases for the sliding-tile puzzles of [`super::npuzzle`]:
//! building them by breadth-first search, storing them compactly, saving and loading them,
//! and the incremental heuristic (with reflection) that IDA* uses.
//!
//! # What a pattern database holds
//!
//! A *pattern* is a set of tiles. Its database maps every placement of those tiles on the
//! board (the other tiles are indistinguishable) to the fewest moves **of pattern tiles**
//! that bring them to their goal cells. The other tiles move for free, so the blank
//! wanders through the cells they occupy at no cost: the database is built by a 0-1
//! breadth-first search over (placement, blank cell) pairs, run level by level, where a
//! whole region of the blank is reached at once (a flood fill over the free cells) and
//! only a pattern tile's move costs 1. The stored value of a placement is the least over
//! the blank's regions. Because only the pattern's own moves are counted, the values of
//! disjoint patterns **add up** and stay admissible (Korf and Felner, 2002).
//!
//! A placement of `k` tiles on `n` cells is ranked into `0..n!/(n-k)!` (a ranking of
//! partial permutations: each tile's cell among the cells the earlier tiles left free), so
//! the table has no holes: one byte per placement, or one nibble when every value is
//! below 16. The 6-6-3 partition of the 15-puzzle takes 11.5 MB; the 7-8 partition
//! 577 MB.
//!
//! # Building
//!
//! The search keeps three bit sets of `n` bits (rounded up to 16, 32 or 64) per placement:
//! the (placement, blank cell) states of the current level, of the next one, and those
//! already settled. A level is one scan of the placements in rank order, generated cell by
//! cell (no rank is ever unranked) and skipping blocks with nothing to do. Each new state is
//! only *written* into the next level's set; looking it up first would stall on a cache miss
//! at every move, while the scan drops the settled ones for free. Building takes about a
//! second for a 6-tile pattern of the 15-puzzle (35 MB of work memory beside the table), 12 s
//! for 7 tiles (350 MB) and two to three minutes for 8 tiles (3.1 GB beside the 519 MB
//! table).
//!
//! # Reflection
//!
//! On a square board whose goal is symmetric about the main diagonal (the blank's goal
//! cell is on it, as in both [`GoalConvention`](super::npuzzle::GoalConvention)s), the
//! board reflected about that diagonal, with each tile renamed to the tile whose goal cell
//! is the reflection of its own, is exactly as far from the goal. The same databases then
//! give a second estimate for free, and the maximum of the two is still admissible
//! ([`PatternSet::new`] with `reflect = true`).
//!
//! # Files
//!
//! A database is the same for every instance of its board and goal: [`PatternDatabase::save`] and [`PatternDatabase::load`] store it in a
//! small binary format (a header naming the board, the goal cells and the tiles, a
//! checksum, and the table), and [`PatternDatabase::load_or_build`] keeps one per pattern
//! in a cache directory, by default [`default_cache_dir`].
//!
//! # Examples
//!
//! A 4-4 partition of the 8-puzzle (databases of 3,024 entries, built in microseconds):
//!
//! ```
//! use std::sync::Arc;
//! use state_search::domains::sliding::npuzzle::{NPuzzle, moves_to_string};
//! use state_search::domains::sliding::pdb::{PatternDatabase, PatternSet};
//!
//! let puzzle = NPuzzle::standard(3, 3)?;
//! let dbs = vec![
//!     PatternDatabase::build(&puzzle, &[1, 2, 3, 4])?,
//!     PatternDatabase::build(&puzzle, &[5, 6, 7, 8])?,
//! ];
//! let set = Arc::new(PatternSet::new(&puzzle, dbs, false)?);
//! let board = "8 7 6 5 4 3 2 1 0".parse()?;
//! let plan = puzzle.solve(&board, set.heuristic())?.into_found().expect("solvable");
//! assert_eq!(plan.cost, 28);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::fmt::Write as _;
use std::fs;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::npuzzle::{Board, MAX_CELLS, NPuzzle, TileHeuristic, byte};
use crate::space::Heuristic;

/// The most tiles in one pattern.
pub const MAX_PATTERN_TILES: usize = 8;

/// The most cells of a board that pattern databases support (cells are bits of a `u64`).
pub const MAX_PDB_CELLS: usize = 64;

/// The most patterns in one [`PatternSet`].
pub const MAX_PATTERNS: usize = 16;

/// A table entry not reached (yet) during the build.
const UNSET: u8 = u8::MAX;

/// No pattern: the tile is in none.
const NONE: u8 = u8::MAX;

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
    /// A file is not a pattern database of this format, or is damaged.
    Format(String),
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
            Self::Format(why) => write!(f, "not a valid pattern database file: {why}"),
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

/// `n! / (n - k)!`, or `None` when it overflows.
fn arrangements(n: usize, k: usize) -> Option<usize> {
    (n - k + 1..=n).try_fold(1usize, usize::checked_mul)
}

/// The table of one pattern: the fewest moves of its tiles from every placement to their
/// goal cells.
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::npuzzle::NPuzzle;
/// use state_search::domains::sliding::pdb::PatternDatabase;
///
/// let puzzle = NPuzzle::standard(3, 3)?;
/// let db = PatternDatabase::build(&puzzle, &[1, 2])?;
/// assert_eq!(db.len(), 9 * 8);
/// // Tiles 1 and 2 at their goal cells: nothing to do.
/// assert_eq!(db.value(&[1, 2]), 0);
/// // Swapped: at least four moves of those two tiles.
/// assert!(db.value(&[2, 1]) >= 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDatabase {
    rows: usize,
    cols: usize,
    /// The pattern's tiles, in the order their cells are ranked.
    tiles: Vec<u8>,
    /// The goal cell of each pattern tile.
    goal_cells: Vec<u8>,
    /// The goal cell of the blank.
    blank_goal: u8,
    /// `weights[i]`: the number of placements of the tiles after `i`, `(n-1-i)!/(n-k)!`.
    weights: [usize; MAX_PATTERN_TILES],
    entries: Entries,
}

/// The values, a byte or a nibble per placement.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entries {
    Bytes(Vec<u8>),
    /// Two values per byte, the even rank in the low nibble.
    Nibbles(Vec<u8>),
}

impl PatternDatabase {
    /// Builds the database of the pattern `tiles` for `puzzle`'s board and goal.
    ///
    /// # Errors
    ///
    /// [`PdbError::TooManyCells`], [`PdbError::Pattern`], [`PdbError::Memory`] or
    /// [`PdbError::TooDeep`].
    ///
    /// # Complexity
    ///
    /// Time O(P x k x 4) for the P = n!/(n-k)! placements (each region of the blank is
    /// filled once); memory P bytes for the table plus P x n bits of visited marks.
    pub fn build(puzzle: &NPuzzle, tiles: &[u8]) -> Result<Self, PdbError> {
        let mut db = Self::empty(puzzle, tiles)?;
        let table = Builder::new(&db).run()?;
        db.entries = compact(table);
        Ok(db)
    }

    /// The header of a database for `tiles` on `puzzle`, with no entries.
    fn empty(puzzle: &NPuzzle, tiles: &[u8]) -> Result<Self, PdbError> {
        let cells = puzzle.cells();
        if cells > MAX_PDB_CELLS {
            return Err(PdbError::TooManyCells { cells });
        }
        if tiles.is_empty() || tiles.len() > MAX_PATTERN_TILES {
            return Err(PdbError::Pattern(format!(
                "{} tiles; a pattern has 1 to {MAX_PATTERN_TILES}",
                tiles.len()
            )));
        }
        let mut goal_cells = Vec::with_capacity(tiles.len());
        for (i, &tile) in tiles.iter().enumerate() {
            if tile == 0 {
                return Err(PdbError::Pattern("the blank (0) is not a tile".to_owned()));
            }
            if tiles[..i].contains(&tile) {
                return Err(PdbError::Pattern(format!("tile {tile} appears twice")));
            }
            let goal = puzzle.goal_cell(tile).ok_or_else(|| {
                PdbError::Pattern(format!("tile {tile} is not on a board of {cells} cells"))
            })?;
            goal_cells.push(byte(goal));
        }
        let blank_goal = byte(puzzle.goal().blank());
        Self::from_header(
            puzzle.rows(),
            puzzle.cols(),
            tiles.to_vec(),
            goal_cells,
            blank_goal,
        )
    }

    fn from_header(
        rows: usize,
        cols: usize,
        tiles: Vec<u8>,
        goal_cells: Vec<u8>,
        blank_goal: u8,
    ) -> Result<Self, PdbError> {
        let (n, k) = (rows * cols, tiles.len());
        let mut weights = [0usize; MAX_PATTERN_TILES];
        for (i, weight) in weights.iter_mut().enumerate().take(k) {
            *weight =
                arrangements(n - 1 - i, k - 1 - i).ok_or(PdbError::Memory { bytes: usize::MAX })?;
        }
        Ok(Self {
            rows,
            cols,
            tiles,
            goal_cells,
            blank_goal,
            weights,
            entries: Entries::Bytes(Vec::new()),
        })
    }

    /// The pattern's tiles.
    #[must_use]
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The number of placements, `n!/(n-k)!`.
    #[must_use]
    pub fn len(&self) -> usize {
        arrangements(self.cells(), self.tiles.len()).unwrap_or(usize::MAX)
    }

    /// Whether the database has no entries (never true for a built one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        match &self.entries {
            Entries::Bytes(bytes) | Entries::Nibbles(bytes) => bytes.is_empty(),
        }
    }

    /// The number of cells of the board.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The bytes the table occupies.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        match &self.entries {
            Entries::Bytes(bytes) | Entries::Nibbles(bytes) => bytes.len(),
        }
    }

    /// Whether the table stores a nibble per placement (every value below 16).
    #[must_use]
    pub fn is_nibbles(&self) -> bool {
        matches!(self.entries, Entries::Nibbles(_))
    }

    /// The largest value in the table.
    #[must_use]
    pub fn max_value(&self) -> u8 {
        (0..self.len())
            .map(|rank| self.entry(rank))
            .max()
            .unwrap_or(0)
    }

    /// The rank of a placement: `cells[i]` is the cell of the `i`-th pattern tile.
    ///
    /// # Panics
    ///
    /// Panics (in debug builds) if a cell is off the board or repeated.
    #[inline]
    #[must_use]
    pub fn rank(&self, cells: &[u8]) -> usize {
        let mut used: u64 = 0;
        let mut rank = 0;
        for (&cell, &weight) in cells.iter().zip(&self.weights) {
            let bit = 1u64 << (cell & 63);
            debug_assert!(used & bit == 0, "a cell holds two pattern tiles");
            let before = (used & (bit - 1)).count_ones() as usize;
            rank += (usize::from(cell) - before) * weight;
            used |= bit;
        }
        rank
    }

    /// The value of the placement of rank `rank` (0 past the end).
    #[inline]
    #[must_use]
    pub fn value_at(&self, rank: usize) -> u8 {
        self.entry(rank)
    }

    /// The rank of the placement `cells` (of rank `rank`) after its tile `slot` moves from
    /// `from` to `to`, in O(k) comparisons instead of a full [`PatternDatabase::rank`]:
    /// the tile's own digit is recounted, and each later tile's digit (which counts the
    /// earlier tiles on smaller cells) changes by one when the move crosses its cell.
    #[inline]
    #[must_use]
    pub fn rank_after(&self, cells: &[u8], rank: usize, slot: usize, from: u8, to: u8) -> usize {
        rank_after(&self.weights, cells, rank, slot, from, to)
    }

    /// The value of the placement of rank `rank`.
    #[inline]
    fn entry(&self, rank: usize) -> u8 {
        match &self.entries {
            Entries::Bytes(bytes) => bytes.get(rank).copied().unwrap_or(0),
            Entries::Nibbles(bytes) => bytes
                .get(rank / 2)
                .map_or(0, |&b| (b >> ((rank & 1) * 4)) & 15),
        }
    }

    /// The fewest moves of the pattern's tiles that bring them from `cells` (the cell of
    /// each pattern tile, in [`PatternDatabase::tiles`] order) to their goal cells.
    #[inline]
    #[must_use]
    pub fn value(&self, cells: &[u8]) -> u8 {
        self.entry(self.rank(cells))
    }

    /// The value for a whole board (`tiles` row-major, `0` = blank).
    #[must_use]
    pub fn value_of(&self, tiles: &[u8]) -> u8 {
        let mut cells = [0u8; MAX_PATTERN_TILES];
        for (cell, &tile) in tiles.iter().enumerate() {
            if let Some(slot) = self.tiles.iter().position(|&t| t == tile) {
                cells[slot] = byte(cell);
            }
        }
        self.value(&cells[..self.tiles.len()])
    }

    /// Whether the database was built for `puzzle`'s board and goal.
    #[must_use]
    pub fn fits(&self, puzzle: &NPuzzle) -> bool {
        self.rows == puzzle.rows()
            && self.cols == puzzle.cols()
            && usize::from(self.blank_goal) == puzzle.goal().blank()
            && self
                .tiles
                .iter()
                .zip(&self.goal_cells)
                .all(|(&t, &g)| puzzle.goal_cell(t) == Some(usize::from(g)))
    }

    /// Writes the database to `path` (see [`PatternDatabase::write_to`]).
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`].
    pub fn save(&self, path: &Path) -> Result<(), PdbError> {
        let mut out = BufWriter::new(fs::File::create(path)?);
        self.write_to(&mut out)?;
        out.flush()?;
        Ok(())
    }

    /// Writes the database: the magic `SSPDB1`, the rows, columns, pattern size and
    /// encoding (bytes), the tiles, their goal cells and the blank's goal cell, the table's
    /// length in bytes and an FNV-1a checksum (little-endian `u64`s), then the table.
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`].
    pub fn write_to(&self, out: &mut impl Write) -> Result<(), PdbError> {
        let (encoding, table) = match &self.entries {
            Entries::Bytes(bytes) => (0u8, bytes),
            Entries::Nibbles(bytes) => (1u8, bytes),
        };
        out.write_all(MAGIC)?;
        out.write_all(&[
            byte(self.rows),
            byte(self.cols),
            byte(self.tiles.len()),
            encoding,
        ])?;
        out.write_all(&self.tiles)?;
        out.write_all(&self.goal_cells)?;
        out.write_all(&[self.blank_goal])?;
        out.write_all(&(table.len() as u64).to_le_bytes())?;
        out.write_all(&fnv1a(table).to_le_bytes())?;
        out.write_all(table)?;
        Ok(())
    }

    /// Reads a database written by [`PatternDatabase::save`].
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`], or [`PdbError::Format`] for a file that is not a database or is
    /// damaged (wrong magic, impossible header, wrong length or checksum).
    pub fn load(path: &Path) -> Result<Self, PdbError> {
        Self::read_from(&mut BufReader::new(fs::File::open(path)?))
    }

    /// Reads a database in the format of [`PatternDatabase::write_to`].
    ///
    /// # Errors
    ///
    /// As [`PatternDatabase::load`].
    pub fn read_from(input: &mut impl Read) -> Result<Self, PdbError> {
        let format = |why: &str| PdbError::Format(why.to_owned());
        let mut magic = [0u8; 6];
        input.read_exact(&mut magic)?;
        if &magic != MAGIC {
            return Err(format("wrong magic"));
        }
        let mut head = [0u8; 4];
        input.read_exact(&mut head)?;
        let [rows, cols, k, encoding] = head.map(usize::from);
        if rows == 0 || cols == 0 || rows * cols > MAX_PDB_CELLS {
            return Err(format("impossible board size"));
        }
        if k == 0 || k > MAX_PATTERN_TILES || k >= rows * cols || encoding > 1 {
            return Err(format("impossible pattern"));
        }
        let mut tiles = vec![0u8; k];
        input.read_exact(&mut tiles)?;
        let mut goal_cells = vec![0u8; k];
        input.read_exact(&mut goal_cells)?;
        let mut blank = [0u8; 1];
        input.read_exact(&mut blank)?;
        let cells = rows * cols;
        let mut seen = [false; MAX_PDB_CELLS];
        for &cell in goal_cells.iter().chain(&blank) {
            let cell = usize::from(cell);
            if cell >= cells || seen[cell] {
                return Err(format("impossible goal cells"));
            }
            seen[cell] = true;
        }
        if tiles
            .iter()
            .enumerate()
            .any(|(i, &t)| t == 0 || usize::from(t) >= cells || tiles[..i].contains(&t))
        {
            return Err(format("impossible tiles"));
        }
        let mut db = Self::from_header(rows, cols, tiles, goal_cells, blank[0])?;
        let mut word = [0u8; 8];
        input.read_exact(&mut word)?;
        let stored = usize::try_from(u64::from_le_bytes(word)).unwrap_or(usize::MAX);
        input.read_exact(&mut word)?;
        let checksum = u64::from_le_bytes(word);
        let expected = if encoding == 0 {
            db.len()
        } else {
            db.len().div_ceil(2)
        };
        if stored != expected {
            return Err(format("the table's length does not match the pattern"));
        }
        let mut table = Vec::new();
        table
            .try_reserve_exact(expected)
            .map_err(|_| PdbError::Memory { bytes: expected })?;
        table.resize(expected, 0);
        input.read_exact(&mut table)?;
        if fnv1a(&table) != checksum {
            return Err(format("checksum mismatch"));
        }
        let mut rest = [0u8; 1];
        if input.read(&mut rest)? != 0 {
            return Err(format("trailing bytes"));
        }
        db.entries = if encoding == 0 {
            Entries::Bytes(table)
        } else {
            Entries::Nibbles(table)
        };
        Ok(db)
    }

    /// The database of `tiles` for `puzzle`: loaded from `dir` when a file built for this
    /// board, goal and pattern is there, otherwise built and saved there (the directory is
    /// created if needed). A file that cannot be read is rebuilt and replaced. A database
    /// that cannot be saved is still returned, with the reason in [`Cached::not_saved`].
    ///
    /// # Errors
    ///
    /// Those of [`PatternDatabase::build`].
    pub fn load_or_build(
        puzzle: &NPuzzle,
        tiles: &[u8],
        dir: &Path,
    ) -> Result<Cached<Self>, PdbError> {
        if let Some(db) = Self::load_cached(puzzle, tiles, dir)? {
            return Ok(Cached {
                value: db,
                not_saved: None,
            });
        }
        let db = Self::build(puzzle, tiles)?;
        let not_saved = db.store(dir).err();
        Ok(Cached {
            value: db,
            not_saved,
        })
    }

    /// Saves the database in `dir` under [`PatternDatabase::file_name`], creating the
    /// directory if needed; returns the file's path.
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`] (naming the path) when the directory or the file cannot be written.
    pub fn store(&self, dir: &Path) -> Result<PathBuf, PdbError> {
        let path = dir.join(self.file_name());
        let in_path = |error: std::io::Error| {
            PdbError::Io(std::io::Error::new(
                error.kind(),
                format!("{}: {error}", path.display()),
            ))
        };
        fs::create_dir_all(dir).map_err(in_path)?;
        // Write to a temporary name first so that a crash never leaves half a file.
        let partial = path.with_extension("partial");
        self.save(&partial).map_err(|error| match error {
            PdbError::Io(error) => in_path(error),
            other => other,
        })?;
        fs::rename(&partial, &path).map_err(in_path)?;
        Ok(path)
    }

    /// The database of `tiles` for `puzzle` from `dir`, if a valid file built for this
    /// board, goal and pattern is there (see [`PatternDatabase::load_or_build`]); nothing is
    /// built.
    ///
    /// # Errors
    ///
    /// [`PdbError::TooManyCells`] or [`PdbError::Pattern`] when `tiles` is not a pattern of
    /// `puzzle`. A missing, unreadable or damaged file is `Ok(None)`.
    pub fn load_cached(
        puzzle: &NPuzzle,
        tiles: &[u8],
        dir: &Path,
    ) -> Result<Option<Self>, PdbError> {
        let wanted = Self::empty(puzzle, tiles)?;
        let path = dir.join(wanted.file_name());
        Ok(Self::load(&path)
            .ok()
            .filter(|db| db.tiles == wanted.tiles && db.fits(puzzle)))
    }

    /// The file name [`PatternDatabase::load_or_build`] uses: the board, the blank's goal
    /// cell, and each tile with its goal cell.
    #[must_use]
    pub fn file_name(&self) -> String {
        let mut name = format!("pdb-{}x{}-b{}", self.rows, self.cols, self.blank_goal);
        for (tile, goal) in self.tiles.iter().zip(&self.goal_cells) {
            let _ = write!(name, "-{tile}@{goal}");
        }
        name.push_str(".bin");
        name
    }
}

const MAGIC: &[u8; 6] = b"SSPDB1";

/// The 64-bit FNV-1a hash.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Packs the table into nibbles when every value fits.
fn compact(table: Vec<u8>) -> Entries {
    if table.iter().all(|&v| v < 16) {
        let packed = table
            .chunks(2)
            .map(|pair| pair[0] | (pair.get(1).copied().unwrap_or(0) << 4))
            .collect();
        Entries::Nibbles(packed)
    } else {
        Entries::Bytes(table)
    }
}

/// What a cache lookup gives: the value, loaded or built, and the error that kept a built
/// value from being saved, if any. A cache that cannot be written never costs the work of
/// building.
#[derive(Debug)]
pub struct Cached<T> {
    /// The database or set.
    pub value: T,
    /// Why it could not be saved in the cache directory, when it was built and not saved.
    pub not_saved: Option<PdbError>,
}

/// The directory where the `npuzzle` example and [`PatternSet::build_cached`] callers keep
/// databases: `$STATE_SEARCH_PDB_DIR` if set, else `$XDG_CACHE_HOME/state-search/pdb`, else
/// `$HOME/.cache/state-search/pdb`; `None` when none of these variables is set.
#[must_use]
pub fn default_cache_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("STATE_SEARCH_PDB_DIR") {
        return Some(PathBuf::from(dir));
    }
    let cache = var("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|home| PathBuf::from(home).join(".cache")))?;
    Some(cache.join("state-search").join("pdb"))
}

/// See [`PatternDatabase::rank_after`].
#[inline]
fn rank_after(
    weights: &[usize; MAX_PATTERN_TILES],
    cells: &[u8],
    rank: usize,
    slot: usize,
    from: u8,
    to: u8,
) -> usize {
    let weight = weights[slot % MAX_PATTERN_TILES];
    let below = |cell: u8| cells[..slot].iter().filter(|&&c| c < cell).count();
    let old = usize::from(from) - below(from);
    let new = usize::from(to) - below(to);
    let mut rank = rank - old * weight + new * weight;
    for (&cell, &weight) in cells.iter().zip(weights).skip(slot + 1) {
        match (from < cell, to < cell) {
            (true, false) => rank += weight,
            (false, true) => rank -= weight,
            _ => {}
        }
    }
    rank
}

/// A vector of `len` copies of `fill`, or `None` when the memory is refused.
fn filled<T: Clone>(len: usize, fill: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, fill);
    Some(v)
}

/// The breadth-first construction of one database.
///
/// The search runs over (placement, blank cell) states, level by level. Expanding a state
/// settles the whole region of free cells its blank can reach (a flood fill: those moves
/// cost nothing), and each pattern tile next to the region that slides into it gives a
/// state of the next level.
///
/// The levels are bit sets, `width` bits per placement (one per cell): `current` (the
/// states of this level), `next` (of the next one) and `settled`. A level is a scan of
/// the placements in rank order, generated cell by cell so that no rank is ever unranked,
/// and blocks of placements with nothing to expand are skipped whole. New states are only
/// *written* (a bit set in `next`, wherever it falls): the processor does not wait for
/// those writes, while a lookup before each one (is it settled already?) would stall on a
/// cache miss every time. The scan drops the settled ones instead.
struct Builder {
    n: usize,
    k: usize,
    weights: [usize; MAX_PATTERN_TILES],
    /// The cells next to each cell, as a bit mask.
    neighbours: [u64; MAX_PDB_CELLS],
    /// Every cell of the board.
    board: u64,
    /// The cells with a right (left) neighbour: those that may shift right (left).
    has_right: u64,
    has_left: u64,
    cols: u32,
    goal_cells: Vec<u8>,
    blank_goal: u8,
    /// Bits per placement in the level sets: 16, 32 or 64, at least `n`.
    width: usize,
}

/// The sets of one build, `width` bits per placement.
struct Levels {
    settled: Vec<u64>,
    current: Vec<u64>,
    next: Vec<u64>,
    table: Vec<u8>,
    depth: u8,
    /// Whether anything was written to `next` during this level.
    grew: bool,
}

impl Builder {
    fn new(db: &PatternDatabase) -> Self {
        let (n, cols) = (db.cells(), db.cols);
        let mut neighbours = [0u64; MAX_PDB_CELLS];
        let (mut has_right, mut has_left) = (0u64, 0u64);
        for (cell, mask) in neighbours.iter_mut().enumerate().take(n) {
            let col = cell % cols;
            if cell >= cols {
                *mask |= 1 << (cell - cols);
            }
            if cell + cols < n {
                *mask |= 1 << (cell + cols);
            }
            if col > 0 {
                *mask |= 1 << (cell - 1);
                has_left |= 1 << cell;
            }
            if col + 1 < cols {
                *mask |= 1 << (cell + 1);
                has_right |= 1 << cell;
            }
        }
        let board = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Self {
            n,
            k: db.tiles.len(),
            weights: db.weights,
            neighbours,
            board,
            has_right,
            has_left,
            cols: u32::try_from(cols).unwrap_or(u32::MAX),
            goal_cells: db.goal_cells.clone(),
            blank_goal: db.blank_goal,
            width: n.next_power_of_two().max(16),
        }
    }

    fn rank(&self, cells: &[u8]) -> usize {
        let mut used: u64 = 0;
        let mut rank = 0;
        for (&cell, &weight) in cells.iter().zip(&self.weights) {
            let bit = 1u64 << cell;
            rank += (usize::from(cell) - (used & (bit - 1)).count_ones() as usize) * weight;
            used |= bit;
        }
        rank
    }

    /// The cells the blank reaches from `blank` without moving a pattern tile.
    #[inline]
    fn region(&self, blank: u32, free: u64) -> u64 {
        let mut region = 1u64 << blank;
        loop {
            let grown = (region
                | ((region & self.has_right) << 1)
                | ((region & self.has_left) >> 1)
                | (region << self.cols)
                | (region >> self.cols))
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The `width` bits of placement `rank` in `set`.
    #[inline]
    fn get(&self, set: &[u64], rank: usize) -> u64 {
        let at = rank * self.width;
        let word = set[at / 64] >> (at % 64);
        if self.width == 64 {
            word
        } else {
            word & ((1 << self.width) - 1)
        }
    }

    /// Sets `bits` (a cell mask) for placement `rank` in `set`.
    #[inline]
    fn set(&self, set: &mut [u64], rank: usize, bits: u64) {
        let at = rank * self.width;
        set[at / 64] |= bits << (at % 64);
    }

    /// Whether any placement of ranks `from..from + len` has a state to expand.
    fn block_has_work(&self, levels: &Levels, from: usize, len: usize) -> bool {
        let (first, last) = (
            from * self.width / 64,
            ((from + len) * self.width).div_ceil(64),
        );
        levels.current[first..last]
            .iter()
            .zip(&levels.settled[first..last])
            .any(|(&c, &s)| c & !s != 0)
    }

    /// Runs the 0-1 breadth-first search level by level; returns the table.
    fn run(&self) -> Result<Vec<u8>, PdbError> {
        let size = arrangements(self.n, self.k).ok_or(PdbError::Memory { bytes: usize::MAX })?;
        let words = size
            .checked_mul(self.width)
            .ok_or(PdbError::Memory { bytes: usize::MAX })?
            .div_ceil(64);
        let memory = || PdbError::Memory {
            bytes: size.saturating_add(words.saturating_mul(24)),
        };
        let mut levels = Levels {
            table: filled(size, UNSET).ok_or_else(memory)?,
            settled: filled(words, 0).ok_or_else(memory)?,
            current: filled(words, 0).ok_or_else(memory)?,
            next: filled(words, 0).ok_or_else(memory)?,
            depth: 0,
            grew: false,
        };
        let goal = self.rank(&self.goal_cells);
        self.set(&mut levels.current, goal, 1 << self.blank_goal);
        loop {
            levels.grew = false;
            let mut cells = [0u8; MAX_PATTERN_TILES];
            self.scan(&mut levels, 0, 0, 0, &mut cells);
            if !levels.grew {
                return Ok(levels.table);
            }
            core::mem::swap(&mut levels.current, &mut levels.next);
            levels.next.fill(0);
            levels.depth = levels
                .depth
                .checked_add(1)
                .filter(|&d| d < UNSET)
                .ok_or(PdbError::TooDeep)?;
        }
    }

    /// Visits, in rank order, every placement whose first `level` tiles are on `cells`
    /// (the cells in `used`; `rank` is the rank of the first such placement). Two tiles
    /// before the end, the block of placements below is skipped when it has no work.
    fn scan(
        &self,
        levels: &mut Levels,
        level: usize,
        used: u64,
        rank: usize,
        cells: &mut [u8; MAX_PATTERN_TILES],
    ) {
        if level == self.k {
            self.expand(levels, rank, *cells);
            return;
        }
        if level + 2 == self.k || (self.k == 1 && level == 0) {
            let len = self.weights[level] * (self.n - level);
            if !self.block_has_work(levels, rank, len) {
                return;
            }
        }
        let mut free = self.board & !used;
        let mut digit = 0;
        while free != 0 {
            let cell = free.trailing_zeros();
            free &= free - 1;
            cells[level] = byte(cell as usize);
            let below = rank + digit * self.weights[level];
            self.scan(levels, level + 1, used | (1 << cell), below, cells);
            digit += 1;
        }
    }

    /// Expands the states of placement `rank` (on `cells`) in this level.
    #[inline]
    fn expand(&self, levels: &mut Levels, rank: usize, cells: [u8; MAX_PATTERN_TILES]) {
        let mut todo = self.get(&levels.current, rank) & !self.get(&levels.settled, rank);
        if todo == 0 {
            return;
        }
        let tiles = &cells[..self.k];
        let occupied = tiles.iter().fold(0u64, |m, &c| m | (1 << c));
        let free = self.board & !occupied;
        if levels.table[rank] == UNSET {
            levels.table[rank] = levels.depth;
        }
        while todo != 0 {
            let region = self.region(todo.trailing_zeros(), free);
            todo &= !region;
            self.set(&mut levels.settled, rank, region);
            // Each pattern tile next to the region slides into it: one move.
            for (i, &from) in tiles.iter().enumerate() {
                let mut targets = self.neighbours[usize::from(from)] & region;
                while targets != 0 {
                    let to = byte(targets.trailing_zeros() as usize);
                    targets &= targets - 1;
                    let after = rank_after(&self.weights, tiles, rank, i, from, to);
                    self.set(&mut levels.next, after, 1 << from);
                    levels.grew = true;
                }
            }
        }
    }
}

/// Disjoint pattern databases for one puzzle, added up, optionally with reflection: the
/// shared, immutable part of [`PatternHeuristic`].
#[derive(Debug)]
pub struct PatternSet {
    dbs: Vec<PatternDatabase>,
    cells: usize,
    /// Whether every tile is in some pattern: an estimate of zero then proves the goal.
    complete: bool,
    reflect: bool,
    /// For each view (0: the board, 1: its reflection) and tile, the pattern that holds
    /// the tile (`NONE` if none) and the tile's slot in it. In view 1 the entry of tile `t`
    /// is about the reflected tile `mirror[t]`.
    owner: [[u8; MAX_CELLS]; 2],
    slot: [[u8; MAX_CELLS]; 2],
    /// The reflection of each cell about the main diagonal.
    mirror_cell: [u8; MAX_CELLS],
}

impl PatternSet {
    /// Adds up `dbs` (disjoint patterns, all built for `puzzle`); with `reflect`, the
    /// estimate is the larger of the sum for the board and the sum for its reflection about
    /// the main diagonal.
    ///
    /// # Errors
    ///
    /// [`PdbError::Mismatch`] when a database was built for another board or goal,
    /// [`PdbError::Overlap`] when two patterns share a tile,
    /// [`PdbError::TooManyPatterns`], or [`PdbError::Reflection`] when `reflect` is asked
    /// on a board that is not square or whose blank's goal cell is off the diagonal.
    pub fn new(
        puzzle: &NPuzzle,
        dbs: Vec<PatternDatabase>,
        reflect: bool,
    ) -> Result<Self, PdbError> {
        if dbs.len() > MAX_PATTERNS {
            return Err(PdbError::TooManyPatterns {
                patterns: dbs.len(),
            });
        }
        let cells = puzzle.cells();
        let mut owner = [[NONE; MAX_CELLS]; 2];
        let mut slot = [[0u8; MAX_CELLS]; 2];
        for (index, db) in dbs.iter().enumerate() {
            if !db.fits(puzzle) {
                return Err(PdbError::Mismatch(format!(
                    "the database of tiles {:?} was built for another board or goal",
                    db.tiles
                )));
            }
            for (s, &tile) in db.tiles.iter().enumerate() {
                if owner[0][usize::from(tile)] != NONE {
                    return Err(PdbError::Overlap { tile });
                }
                owner[0][usize::from(tile)] = byte(index);
                slot[0][usize::from(tile)] = byte(s);
            }
        }
        let mut mirror_cell = [0u8; MAX_CELLS];
        if reflect {
            let (rows, cols) = (puzzle.rows(), puzzle.cols());
            if rows != cols {
                return Err(PdbError::Reflection(format!(
                    "the board is {rows}x{cols}, not square"
                )));
            }
            let blank = puzzle.goal().blank();
            if blank / cols != blank % cols {
                return Err(PdbError::Reflection(
                    "the blank's goal cell is not on the main diagonal".to_owned(),
                ));
            }
            let goal = puzzle.goal().tiles();
            for (cell, mirror) in mirror_cell.iter_mut().enumerate().take(cells) {
                *mirror = byte((cell % cols) * cols + cell / cols);
            }
            for tile in 1..cells {
                let goal_cell = puzzle.goal_cell(byte(tile)).unwrap_or(0);
                let mirror = usize::from(goal[usize::from(mirror_cell[goal_cell])]);
                owner[1][tile] = owner[0][mirror];
                slot[1][tile] = slot[0][mirror];
            }
        }
        let complete = (1..cells).all(|t| owner[0][t] != NONE);
        Ok(Self {
            dbs,
            cells,
            complete,
            reflect,
            owner,
            slot,
            mirror_cell,
        })
    }

    /// The databases.
    #[must_use]
    pub fn databases(&self) -> &[PatternDatabase] {
        &self.dbs
    }

    /// Whether the estimate is the maximum with the reflected board's.
    #[must_use]
    pub fn reflects(&self) -> bool {
        self.reflect
    }

    /// The bytes all tables occupy.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.dbs.iter().map(PatternDatabase::memory_bytes).sum()
    }

    /// A fresh heuristic for [`NPuzzle::in_place`] and [`NPuzzle::solve`] sharing these
    /// databases.
    #[must_use]
    pub fn heuristic(self: &Arc<Self>) -> PatternHeuristic {
        PatternHeuristic {
            set: Arc::clone(self),
            cells: [[[0; MAX_PATTERN_TILES]; MAX_PATTERNS]; 2],
            ranks: [[0; MAX_PATTERNS]; 2],
            values: [[0; MAX_PATTERNS]; 2],
            sums: [0; 2],
            history: Vec::with_capacity(128),
        }
    }

    /// The views: the board, and its reflection when asked.
    fn views(&self) -> usize {
        if self.reflect { 2 } else { 1 }
    }

    /// The estimate of a board, from scratch.
    fn estimate(&self, tiles: &[u8]) -> u32 {
        let mut cells = [[[0u8; MAX_PATTERN_TILES]; MAX_PATTERNS]; 2];
        self.place(tiles, &mut cells);
        (0..self.views())
            .map(|view| {
                self.dbs
                    .iter()
                    .enumerate()
                    .map(|(i, db)| u32::from(db.value(&cells[view][i][..db.tiles.len()])))
                    .sum::<u32>()
            })
            .max()
            .unwrap_or(0)
    }

    /// The cells of every pattern tile in each view.
    fn place(&self, tiles: &[u8], cells: &mut [[[u8; MAX_PATTERN_TILES]; MAX_PATTERNS]; 2]) {
        for (cell, &tile) in tiles.iter().enumerate().take(self.cells) {
            let tile = usize::from(tile);
            for view in 0..self.views() {
                let owner = self.owner[view][tile];
                if owner != NONE {
                    let at = if view == 0 {
                        cell
                    } else {
                        usize::from(self.mirror_cell[cell])
                    };
                    cells[view][usize::from(owner)][usize::from(self.slot[view][tile])] = byte(at);
                }
            }
        }
    }

    /// The preset partitions of the 15-puzzle, as tiles of `puzzle` (4x4; the groups are
    /// goal cells for a blank in the top-left corner, turned by 180 degrees when the blank's
    /// goal is the bottom-right corner).
    ///
    /// # Errors
    ///
    /// [`PdbError::Mismatch`] for another board, or a blank's goal cell in neither corner.
    pub fn fifteen_partition(
        puzzle: &NPuzzle,
        partition: Partition,
    ) -> Result<Vec<Vec<u8>>, PdbError> {
        if (puzzle.rows(), puzzle.cols()) != (4, 4) {
            return Err(PdbError::Mismatch(format!(
                "the {partition} partition is for the 4x4 board, not {}x{}",
                puzzle.rows(),
                puzzle.cols()
            )));
        }
        let turn = match puzzle.goal().blank() {
            0 => false,
            15 => true,
            _ => {
                return Err(PdbError::Mismatch(
                    "the preset partitions need the blank's goal in a corner".to_owned(),
                ));
            }
        };
        let goal = puzzle.goal().tiles();
        Ok(partition
            .goal_cells()
            .iter()
            .map(|group| {
                group
                    .iter()
                    .map(|&cell| {
                        goal[if turn {
                            15 - usize::from(cell)
                        } else {
                            usize::from(cell)
                        }]
                    })
                    .collect()
            })
            .collect())
    }

    /// Builds the databases of a preset partition of the 15-puzzle and adds them up.
    ///
    /// # Errors
    ///
    /// Those of [`PatternSet::fifteen_partition`], [`PatternDatabase::build`] and
    /// [`PatternSet::new`].
    pub fn build_fifteen(
        puzzle: &NPuzzle,
        partition: Partition,
        reflect: bool,
    ) -> Result<Self, PdbError> {
        let dbs = Self::fifteen_partition(puzzle, partition)?
            .iter()
            .map(|tiles| PatternDatabase::build(puzzle, tiles))
            .collect::<Result<Vec<_>, _>>()?;
        Self::new(puzzle, dbs, reflect)
    }

    /// The databases of a preset partition of the 15-puzzle from `dir`, added up, if all of
    /// them are there ([`PatternDatabase::load_cached`]); nothing is built.
    ///
    /// # Errors
    ///
    /// Those of [`PatternSet::fifteen_partition`] and [`PatternSet::new`]; missing files
    /// are `Ok(None)`.
    pub fn load_fifteen(
        puzzle: &NPuzzle,
        partition: Partition,
        reflect: bool,
        dir: &Path,
    ) -> Result<Option<Self>, PdbError> {
        let mut dbs = Vec::new();
        for tiles in Self::fifteen_partition(puzzle, partition)? {
            match PatternDatabase::load_cached(puzzle, &tiles, dir)? {
                Some(db) => dbs.push(db),
                None => return Ok(None),
            }
        }
        Self::new(puzzle, dbs, reflect).map(Some)
    }

    /// [`PatternSet::build_fifteen`], with each database loaded from `dir` or built and
    /// saved there ([`PatternDatabase::load_or_build`]). Databases that cannot be saved are
    /// still used; [`Cached::not_saved`] holds the first reason.
    ///
    /// # Errors
    ///
    /// As [`PatternSet::build_fifteen`].
    pub fn build_cached(
        puzzle: &NPuzzle,
        partition: Partition,
        reflect: bool,
        dir: &Path,
    ) -> Result<Cached<Self>, PdbError> {
        let mut not_saved = None;
        let mut dbs = Vec::new();
        for tiles in Self::fifteen_partition(puzzle, partition)? {
            let cached = PatternDatabase::load_or_build(puzzle, &tiles, dir)?;
            not_saved = not_saved.or(cached.not_saved);
            dbs.push(cached.value);
        }
        Ok(Cached {
            value: Self::new(puzzle, dbs, reflect)?,
            not_saved,
        })
    }
}

/// A preset partition of the 15-puzzle's tiles into disjoint patterns. The groups are goal
/// cells for the blank in the top-left corner (Korf's goal):
///
/// ```text
///  .  1  2  3
///  4  5  6  7
///  8  9 10 11
/// 12 13 14 15
/// ```
///
/// Of the partitions tried, these had the largest mean estimate over Korf's 100 instances
/// (see `BENCHMARKS.md`); the estimates grow with the patterns, and so do the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Partition {
    /// 5-5-5: `{1,4,5,8,12}`, `{2,3,6,7,11}`, `{9,10,13,14,15}`; three tables of 0.5 MB,
    /// built in a fraction of a second.
    Fifteen555,
    /// 6-6-3: the two left columns `{1,4,5,8,9,12}` and the two right ones `{2,3,6,7,10,11}`
    /// above the bottom row, and the bottom row `{13,14,15}`: tables of 5.8 MB, 5.8 MB and
    /// 3 KB, built in about a second each.
    Fifteen663,
    /// 7-8: the top two rows `{1..7}` and the bottom two `{8..15}`: tables of 58 MB and
    /// 519 MB; the 8-tile table takes minutes and about 3.7 GB to build.
    Fifteen78,
}

impl Partition {
    /// The groups of goal cells (Korf's goal: tile `i` on cell `i`).
    #[must_use]
    pub fn goal_cells(self) -> &'static [&'static [u8]] {
        match self {
            Self::Fifteen555 => &[&[1, 4, 5, 8, 12], &[2, 3, 6, 7, 11], &[9, 10, 13, 14, 15]],
            Self::Fifteen663 => &[&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]],
            Self::Fifteen78 => &[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
        }
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Fifteen555 => "5-5-5",
            Self::Fifteen663 => "6-6-3",
            Self::Fifteen78 => "7-8",
        })
    }
}

/// The additive pattern-database heuristic, tracked move by move for the in-place view
/// ([`NPuzzle::in_place`]): a move changes the placement of one pattern in each view, whose
/// rank is updated in O(k) comparisons ([`PatternDatabase::rank_after`]) and looked up;
/// undoing restores the saved rank and value.
///
/// Made by [`PatternSet::heuristic`]; clones share the databases.
#[derive(Clone, Debug)]
pub struct PatternHeuristic {
    set: Arc<PatternSet>,
    /// `cells[view][pattern][slot]`: where each pattern tile is, in each view.
    cells: [[[u8; MAX_PATTERN_TILES]; MAX_PATTERNS]; 2],
    /// The current rank and value of each pattern in each view.
    ranks: [[usize; MAX_PATTERNS]; 2],
    values: [[u8; MAX_PATTERNS]; 2],
    sums: [u32; 2],
    /// The rank and value replaced in each view by each slide not yet undone.
    history: Vec<[(usize, u8); 2]>,
}

impl PatternHeuristic {
    /// The shared databases.
    #[must_use]
    pub fn set(&self) -> &Arc<PatternSet> {
        &self.set
    }

    /// The larger sum over the views.
    #[inline]
    fn current(&self) -> u32 {
        if self.set.reflect {
            self.sums[0].max(self.sums[1])
        } else {
            self.sums[0]
        }
    }

    /// Moves `tile` from `from` to `to` in `view`: returns the replaced rank and value.
    #[inline]
    fn move_in(&mut self, view: usize, tile: u8, from: u8, to: u8) -> (usize, u8) {
        let set = &*self.set;
        let owner = set.owner[view][usize::from(tile)];
        if owner == NONE {
            return (0, 0);
        }
        let pattern = usize::from(owner) % MAX_PATTERNS;
        let slot = usize::from(set.slot[view][usize::from(tile)]) % MAX_PATTERN_TILES;
        let (from, to) = if view == 0 {
            (from, to)
        } else {
            (
                set.mirror_cell[usize::from(from)],
                set.mirror_cell[usize::from(to)],
            )
        };
        let db = &set.dbs[pattern];
        let cells = &mut self.cells[view][pattern];
        let old = (self.ranks[view][pattern], self.values[view][pattern]);
        let rank = db.rank_after(&cells[..db.tiles.len()], old.0, slot, from, to);
        cells[slot] = to;
        let value = db.entry(rank);
        self.ranks[view][pattern] = rank;
        self.values[view][pattern] = value;
        self.sums[view] = self.sums[view] + u32::from(value) - u32::from(old.1);
        old
    }
}

impl TileHeuristic for PatternHeuristic {
    fn estimate_tiles(&self, tiles: &[u8]) -> u32 {
        self.set.estimate(tiles)
    }

    fn start(&mut self, tiles: &[u8]) -> u32 {
        let set = Arc::clone(&self.set);
        self.cells = [[[0; MAX_PATTERN_TILES]; MAX_PATTERNS]; 2];
        set.place(tiles, &mut self.cells);
        self.history.clear();
        for view in 0..set.views() {
            self.sums[view] = 0;
            for (i, db) in set.dbs.iter().enumerate() {
                let rank = db.rank(&self.cells[view][i][..db.tiles.len()]);
                let value = db.entry(rank);
                self.ranks[view][i] = rank;
                self.values[view][i] = value;
                self.sums[view] += u32::from(value);
            }
        }
        self.current()
    }

    #[inline]
    fn slide(&mut self, _h: u32, tile: u8, from: u8, to: u8) -> u32 {
        let mut replaced = [(0, 0); 2];
        replaced[0] = self.move_in(0, tile, from, to);
        if self.set.reflect {
            replaced[1] = self.move_in(1, tile, from, to);
        }
        self.history.push(replaced);
        self.current()
    }

    #[inline]
    fn unslide(&mut self, _h: u32, tile: u8, from: u8, _to: u8) -> u32 {
        let replaced = self.history.pop().unwrap_or_default();
        let set = Arc::clone(&self.set);
        for (view, &(rank, old)) in replaced.iter().enumerate().take(set.views()) {
            let owner = set.owner[view][usize::from(tile)];
            if owner == NONE {
                continue;
            }
            let pattern = usize::from(owner) % MAX_PATTERNS;
            let at = if view == 0 {
                from
            } else {
                set.mirror_cell[usize::from(from)]
            };
            let slot = usize::from(set.slot[view][usize::from(tile)]) % MAX_PATTERN_TILES;
            self.cells[view][pattern][slot] = at;
            let value = self.values[view][pattern];
            self.ranks[view][pattern] = rank;
            self.values[view][pattern] = old;
            self.sums[view] = self.sums[view] + u32::from(old) - u32::from(value);
        }
        self.current()
    }

    fn zero_means_solved(&self) -> bool {
        self.set.complete
    }
}

impl Heuristic<Board, u32> for PatternHeuristic {
    fn estimate(&self, board: &Board) -> u32 {
        self.set.estimate(board.tiles())
    }
}

impl Heuristic<Board, u32> for PatternSet {
    fn estimate(&self, board: &Board) -> u32 {
        PatternSet::estimate(self, board.tiles())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_of_partial_permutations_are_dense() {
        let puzzle = NPuzzle::standard(2, 3).unwrap();
        let db = PatternDatabase::empty(&puzzle, &[1, 2, 3]).unwrap();
        let mut seen = vec![false; db.len()];
        for a in 0..6u8 {
            for b in (0..6u8).filter(|&b| b != a) {
                for c in (0..6u8).filter(|&c| c != a && c != b) {
                    let rank = db.rank(&[a, b, c]);
                    assert!(!seen[rank], "rank {rank} twice");
                    seen[rank] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn small_tables_are_stored_in_nibbles() {
        let puzzle = NPuzzle::standard(3, 3).unwrap();
        let db = PatternDatabase::build(&puzzle, &[1, 2]).unwrap();
        assert!(db.is_nibbles());
        assert_eq!(db.memory_bytes(), 36);
        assert_eq!(db.value(&[1, 2]), 0);
    }

    #[test]
    fn files_round_trip_and_damage_is_detected() {
        let puzzle = NPuzzle::standard(3, 3).unwrap();
        let db = PatternDatabase::build(&puzzle, &[3, 1, 4, 5]).unwrap();
        let mut bytes = Vec::new();
        db.write_to(&mut bytes).unwrap();
        let back = PatternDatabase::read_from(&mut bytes.as_slice()).unwrap();
        assert_eq!(back, db);
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        let error = PatternDatabase::read_from(&mut bytes.as_slice()).unwrap_err();
        assert!(error.to_string().contains("checksum"), "{error}");
        let error = PatternDatabase::read_from(&mut &b"SSPDB2"[..]).unwrap_err();
        assert!(error.to_string().contains("magic"), "{error}");
    }
}
