//! The construction of a database: a breadth-first search over (placement, blank cell)
//! states, level by level, over bit sets.

use super::database::{arrangements, rank_after};
use super::{MAX_PATTERN_TILES, MAX_PDB_CELLS, PatternDatabase, PdbError};
use crate::domains::sliding::npuzzle::byte;

/// A table entry not reached (yet) during the build.
const UNSET: u8 = u8::MAX;

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
pub(super) struct Builder {
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
    pub(super) fn new(db: &PatternDatabase) -> Self {
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
    pub(super) fn run(&self) -> Result<Vec<u8>, PdbError> {
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
