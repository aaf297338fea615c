//! The construction of a database: a breadth-first search over (placement, blank cell)
//! states, level by level, over bit sets.

use super::{MAX_PATTERN_TILES, MAX_PDB_CELLS, PdbError};
use crate::domains::sliding::npuzzle::byte;

/// A table entry not reached (yet) during the build.
const UNSET: u8 = u8::MAX;

/// A vector of `len` copies of `fill`, or `None` when the memory is refused.
pub(super) fn filled<T: Clone>(len: usize, fill: T) -> Option<Vec<T>> {
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
    /// Every cell of the board.
    board: u64,
    /// The cells with a right (left) neighbour: those that may shift right (left).
    has_right: u64,
    has_left: u64,
    cols: usize,
    /// The shift from a cell to the one below: `cols`, or 0 on a single row (where a
    /// shift by all 64 bits would overflow).
    vertical: usize,
    goal_cells: Vec<u8>,
    blank_goal: u8,
    /// Bits per placement in the level sets: 16, 32 or 64, at least `n` (a power of two:
    /// divisions by it are shifts).
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
    /// The builder of a database of `goal_cells.len()` tiles on a board of `n` cells in rows
    /// of `cols`: the tiles' goal cells, the blank's, and the ranking's weights (those of
    /// the database the table is for).
    pub(super) fn new(
        n: usize,
        cols: usize,
        weights: [usize; MAX_PATTERN_TILES],
        goal_cells: &[u8],
        blank_goal: u8,
    ) -> Self {
        let (mut has_right, mut has_left) = (0u64, 0u64);
        for cell in 0..n {
            let col = cell % cols;
            if col > 0 {
                has_left |= 1 << cell;
            }
            if col + 1 < cols {
                has_right |= 1 << cell;
            }
        }
        let board = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Self {
            n,
            k: goal_cells.len(),
            weights,
            board,
            has_right,
            has_left,
            cols,
            vertical: if n > cols { cols } else { 0 },
            goal_cells: goal_cells.to_vec(),
            blank_goal,
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

    /// Every cell of the board, as a mask.
    pub(super) fn board(&self) -> u64 {
        self.board
    }

    /// The cells the blank reaches from `blank` without moving a pattern tile.
    #[inline]
    pub(super) fn region(&self, blank: u32, free: u64) -> u64 {
        let mut region = 1u64 << blank;
        loop {
            let grown = (region
                | ((region & self.has_right) << 1)
                | ((region & self.has_left) >> 1)
                | (region << self.vertical)
                | (region >> self.vertical))
                & free;
            if grown == region {
                return region;
            }
            region = grown;
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
        if level + 1 >= self.k {
            self.scan_last(levels, level, used, rank, cells);
            return;
        }
        if level + 2 == self.k {
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

    /// The placements of the last tile below the first `level` tiles on `cells` (the
    /// cells in `used`): ranks `rank..`, one per free cell in increasing order, most with
    /// nothing to expand. Walked a word of the level sets at a time (four placements of a
    /// 15-puzzle database), and only the placements with work are looked at.
    #[inline]
    fn scan_last(
        &self,
        levels: &mut Levels,
        level: usize,
        used: u64,
        rank: usize,
        cells: &mut [u8; MAX_PATTERN_TILES],
    ) {
        let free = self.board & !used;
        let len = self.n - level;
        let (start, end) = (rank * self.width, (rank + len) * self.width);
        let lane = if self.width == 64 {
            u64::MAX
        } else {
            (1 << self.width) - 1
        };
        // The cell of the last tile for placement `at`: the lowest of `rest`.
        let (mut at, mut rest) = (rank, free);
        for word in start / 64..end.div_ceil(64) {
            let mut todo = levels.current[word] & !levels.settled[word];
            // The bits of this run only: the word may hold placements of its neighbours.
            if word * 64 < start {
                todo &= u64::MAX << (start % 64);
            }
            if (word + 1) * 64 > end {
                todo &= u64::MAX >> ((word + 1) * 64 - end);
            }
            while todo != 0 {
                let bit = todo.trailing_zeros() as usize;
                let shift = bit & !(self.width - 1);
                let states = (todo >> shift) & lane;
                todo &= !(lane << shift);
                let below = (word * 64 + shift) >> self.width.trailing_zeros();
                // The cell of the last tile: the `below - rank`-th free cell.
                while at < below {
                    rest &= rest - 1;
                    at += 1;
                }
                cells[level] = byte(rest.trailing_zeros() as usize);
                self.expand(levels, below, states, cells);
            }
        }
    }

    /// Expands the states `todo` (blank cells, not settled) of placement `rank` (on
    /// `cells`) in this level.
    #[inline]
    #[expect(
        clippy::trivially_copy_pass_by_ref,
        reason = "perf showed a store-forwarding stall: by value, the array was read back \
                  whole just after the caller wrote one byte of it"
    )]
    fn expand(
        &self,
        levels: &mut Levels,
        rank: usize,
        mut todo: u64,
        cells: &[u8; MAX_PATTERN_TILES],
    ) {
        let tiles = &cells[..self.k];
        let moves = Moves::new(tiles);
        let free = self.board & !moves.occupied;
        if levels.table[rank] == UNSET {
            levels.table[rank] = levels.depth;
        }
        while todo != 0 {
            let region = self.region(todo.trailing_zeros(), free);
            todo &= !region;
            self.set(&mut levels.settled, rank, region);
            // Each pattern tile next to the region slides into it: one move. Sideways only
            // its own digit changes, by one; up or down it may pass other tiles.
            let (left, right) = (
                moves.occupied & ((region & self.has_right) << 1),
                moves.occupied & ((region & self.has_left) >> 1),
            );
            // On a single row `vertical` is 0: the region itself, which holds no tile.
            let (up, down) = (
                moves.occupied & (region << self.vertical),
                moves.occupied & (region >> self.vertical),
            );
            let weight = |from: u8| self.weights[moves.tile(from)];
            let cols = byte(self.cols);
            let next = &mut levels.next;
            self.push(next, left, |from| rank - weight(from));
            self.push(next, right, |from| rank + weight(from));
            self.push(next, up, |from| {
                moves.rank_after(&self.weights, rank, moves.tile(from), from, from - cols)
            });
            self.push(next, down, |from| {
                moves.rank_after(&self.weights, rank, moves.tile(from), from, from + cols)
            });
            levels.grew |= (left | right | up | down) != 0;
        }
    }

    /// Sets in `next` the state of each move of a tile on a cell of `movers`: the blank on
    /// that cell, in the placement of rank `rank_of(cell)`.
    #[inline]
    fn push(&self, next: &mut [u64], mut movers: u64, rank_of: impl Fn(u8) -> usize) {
        while movers != 0 {
            let from = byte(movers.trailing_zeros() as usize);
            movers &= movers - 1;
            self.set(next, rank_of(from), 1 << from);
        }
    }
}

/// The cells of one placement as bit masks, to rank its successors quickly: a successor's
/// rank differs from the placement's in the moved tile's digit and in the digits of the
/// later tiles on the cells between the two (none for a move sideways).
pub(super) struct Moves {
    /// The cells of all tiles.
    pub(super) occupied: u64,
    /// The tile on each occupied cell.
    tile_on: [u8; MAX_PDB_CELLS],
}

impl Moves {
    #[inline]
    pub(super) fn new(tiles: &[u8]) -> Self {
        let mut moves = Self {
            occupied: 0,
            tile_on: [0; MAX_PDB_CELLS],
        };
        for (i, &cell) in tiles.iter().enumerate() {
            moves.occupied |= 1 << cell;
            moves.tile_on[usize::from(cell)] = byte(i);
        }
        moves
    }

    /// The index (in the pattern) of the tile on `cell`, which must be occupied.
    #[inline]
    fn tile(&self, cell: u8) -> usize {
        usize::from(self.tile_on[usize::from(cell)])
    }

    /// The rank after tile `i` of the placement of rank `rank` moves from `from` to the
    /// free cell `to`: as `database::rank_after`, looking only at the tiles on the cells
    /// between the two (none for a move sideways).
    #[inline]
    pub(super) fn rank_after(
        &self,
        weights: &[usize; MAX_PATTERN_TILES],
        rank: usize,
        i: usize,
        from: u8,
        to: u8,
    ) -> usize {
        // Tile i's digit (its cell less the earlier tiles on smaller cells) changes by the
        // cells it crosses less the earlier tiles on them; a later tile it crosses gains a
        // digit when it moves upwards past it, and loses one when it moves downwards.
        let (low, high) = (from.min(to), from.max(to));
        let between = ((1u64 << high) - 1) & !((2u64 << low).wrapping_sub(1));
        let mut passed = self.occupied & between;
        let mut steps = usize::from(high - low);
        let mut later = 0;
        while passed != 0 {
            let cell = passed.trailing_zeros() as usize;
            passed &= passed - 1;
            let j = usize::from(self.tile_on[cell]);
            if j < i {
                steps -= 1;
            } else {
                later += weights[j];
            }
        }
        let change = steps * weights[i] + later;
        if from < to {
            rank + change
        } else {
            rank - change
        }
    }
}

/// `n! / (n - k)!`, or `None` when it overflows.
pub(super) fn arrangements(n: usize, k: usize) -> Option<usize> {
    (n - k + 1..=n).try_fold(1usize, usize::checked_mul)
}
