//! Fast numbering of sliding-tile boards, for breadth-first searches over a whole puzzle:
//! [`TileRanking`], a [`StateIndexer`] for [`Board`]s, and [`RankedPuzzle`], which lists the
//! successors of a board straight from its number for [`Layers`](crate::algo::layers::Layers).
//!
//! # The numbering
//!
//! A board of `cells` cells holds the blank and the tiles `1..cells`. Read in row-major
//! order without the blank, the tiles form a permutation; its Lehmer rank `r` (the
//! factorial-base number whose digits count, for each tile, the smaller tiles after it)
//! is below `(cells - 1)!`. The permutations `r` and `r ^ 1` differ by a swap of the last
//! two tiles, so they have opposite parities; among the boards that can reach the goal the
//! parity is fixed by the blank's row, so `r / 2` loses nothing. A board's index is
//!
//! ```text
//! index = (r / 2) * cells + blank
//! ```
//!
//! a bijection from the boards that can reach the goal onto `0..cells!/2` (on boards of at
//! least two rows and two columns every board of the right parity can).
//!
//! Two properties make it fast for a search:
//!
//! - A horizontal move of the blank does not change the tiles' order: its successor is the
//!   index plus or minus one, almost always in the same cache line.
//! - The `cells` boards of a group `r / 2` share one permutation (or its swapped twin), so
//!   a scan in index order decodes each permutation once for all of its blank cells.
//!
//! Ranking a permutation is one pass over its tiles with counters packed in a `u64` (no
//! popcount needed); decoding one is two table lookups and seven nibble selections.

use std::sync::Arc;

use super::npuzzle::{Board, NPuzzle};
use crate::algo::layers::IndexSpace;
use crate::space::StateIndexer;

/// The largest board, in cells, that [`TileRanking`] numbers: tiles are packed four bits
/// each in a `u64`.
pub const MAX_RANKED_CELLS: usize = 16;

/// The tiles at the end of a permutation that the low table decodes at once.
const LOW: usize = 7;
/// `LOW!`.
const LOW_FACTORIAL: u64 = 5040;
/// The largest number of tiles for which the high table is built (`12! / 7!` entries,
/// 760 KB); larger boards decode the leading tiles by division.
const HIGH_TABLE_TILES: usize = 12;
/// The four nibbles of a permutation's entry that hold the remaining values.
const AVAIL_MASK: u64 = 0x0FFF_FFFF;
/// Adds 1 to every nibble above nibble 0, shifted into place: the counters of the ranking.
const ABOVE: u64 = 0x1111_1111_1111_1110;

/// `$body` for a permutation of `$tiles` values, one copy per size with the const `$n` set
/// to it (2 to 14, and 15 for anything larger), so that the loops over the tiles unroll
/// with constant weights; `$few` for 0 or 1 value. The one list of sizes that the ranking
/// and the expansion of [`RankedPuzzle`] are compiled for.
macro_rules! per_size {
    ($tiles:expr, $few:expr, $n:ident => $body:expr) => {
        per_size!(@sizes $tiles, $few, $n => $body; 2 3 4 5 6 7 8 9 10 11 12 13 14)
    };
    (@sizes $tiles:expr, $few:expr, $n:ident => $body:expr; $($size:literal)+) => {
        match $tiles {
            0 | 1 => $few,
            $($size => {
                const $n: usize = $size;
                $body
            })+
            _ => {
                const $n: usize = 15;
                $body
            }
        }
    };
}

fn factorial(n: usize) -> u64 {
    FACTORIALS[n]
}

/// Lehmer ranking and unranking of permutations of `0..tiles`, packed one value per nibble
/// (value of position `i` in nibble `i`).
#[derive(Debug)]
struct Codec {
    tiles: usize,
    /// `min(tiles, LOW)`: the positions decoded by the low table.
    low_len: usize,
    /// For each rank `m < low_len!` of a permutation of `low_len` values: nibble `j` is the
    /// position, among the remaining values sorted, of the value of position
    /// `tiles - low_len + j` (7 for `j >= low_len`, which selects a zero); bit 31 is the
    /// parity of the digits.
    low: Box<[u32]>,
    /// For each `q < tiles!/low_len!`, [`Codec::high_entry`]; empty above
    /// [`HIGH_TABLE_TILES`].
    high: Box<[u64]>,
}

impl Codec {
    fn new(tiles: usize) -> Self {
        let low_len = tiles.min(LOW);
        let low = (0..factorial(low_len))
            .map(|m| low_entry(low_len, m))
            .collect();
        let high: Box<[u64]> = if tiles <= HIGH_TABLE_TILES {
            let count = factorial(tiles) / factorial(low_len);
            (0..count).map(|q| high_entry(tiles, low_len, q)).collect()
        } else {
            Box::default()
        };
        Self {
            tiles,
            low_len,
            low,
            high,
        }
    }

    /// The Lehmer rank of the permutation `seq`.
    #[inline]
    fn rank(&self, seq: u64) -> u64 {
        // One copy per size, unrolled with constant weights: 1.5x faster than a loop.
        per_size!(self.tiles, 0, N => rank_of::<N>(seq))
    }

    /// The permutation of Lehmer rank `rank` and its parity (0 even, 1 odd).
    #[inline]
    fn unrank(&self, rank: u64) -> (u64, usize) {
        let (q, m) = if self.low_len == LOW {
            (rank / LOW_FACTORIAL, rank % LOW_FACTORIAL)
        } else {
            (0, rank)
        };
        let high = match self.high.get(to_usize(q)) {
            Some(&entry) => entry,
            None => high_entry(self.tiles, self.low_len, q),
        };
        let low = u64::from(self.low[to_usize(m)]);
        let avail = (high >> 32) & AVAIL_MASK;
        let mut seq = high & 0xFFFF_FFFF;
        let base = 4 * (self.tiles - self.low_len);
        for j in 0..LOW {
            let slot = (low >> (4 * j)) & 15;
            seq |= ((avail >> (4 * slot)) & 15) << (base + 4 * j);
        }
        let parity = ((high >> 63) ^ (low >> 31)) & 1;
        (seq, to_usize(parity))
    }
}

/// The Lehmer rank of the permutation `seq` of `0..N`.
#[inline(always)]
#[expect(
    clippy::inline_always,
    reason = "measured: one call per vertical move, the body is a dozen instructions per tile"
)]
fn rank_of<const N: usize>(seq: u64) -> u64 {
    // Nibble `v` of `smaller_seen` counts the values below `v` met so far, so a digit (the
    // smaller values after position `i`) is `v` minus that count. The last digit is 0.
    let mut smaller_seen = 0u64;
    let mut rank = 0;
    for i in 0..N - 1 {
        let value = (seq >> (4 * i)) & 15;
        let digit = value - ((smaller_seen >> (4 * value)) & 15);
        smaller_seen += ABOVE << (4 * value);
        rank += digit * FACTORIALS[N - 1 - i];
    }
    rank
}

/// `n!` for `n <= 16`.
const FACTORIALS: [u64; 17] = {
    let mut table = [1u64; 17];
    let mut n = 1;
    while n < 17 {
        table[n] = table[n - 1] * n as u64;
        n += 1;
    }
    table
};

/// A `u64` that indexes memory as a `usize` (ranks of boards that fit in memory).
#[inline]
#[expect(
    clippy::cast_possible_truncation,
    reason = "ranks index arrays that exist, so they fit a usize"
)]
fn to_usize(value: u64) -> usize {
    value as usize
}

/// The low-table entry of rank `m` of a permutation of `len <= LOW` values.
fn low_entry(len: usize, mut m: u64) -> u32 {
    let mut avail: u64 = (0..len as u64).fold(0, |acc, v| acc | v << (4 * v));
    let mut entry = 0u32;
    let mut parity = 0;
    for j in 0..LOW {
        let slot = if j < len {
            let weight = factorial(len - 1 - j);
            let digit = m / weight;
            m %= weight;
            parity ^= digit & 1;
            take_nibble(&mut avail, digit)
        } else {
            7
        };
        entry |= u32::try_from(slot).unwrap_or(7) << (4 * j);
    }
    entry | u32::from(parity == 1) << 31
}

/// The leading `tiles - low_len` digits of the ranks `q * low_len! + m`, decoded: nibbles
/// 0-7 hold the values of the leading positions, nibbles 8-14 the remaining values in
/// increasing order, bit 63 the parity of the leading digits.
fn high_entry(tiles: usize, low_len: usize, mut q: u64) -> u64 {
    let lead = tiles - low_len;
    let mut avail: u64 = (0..tiles as u64).fold(0, |acc, v| acc | v << (4 * v));
    let mut entry = 0;
    let mut parity = 0;
    for i in 0..lead {
        let weight = factorial(tiles - 1 - i) / factorial(low_len);
        let digit = q / weight;
        q %= weight;
        parity ^= digit & 1;
        entry |= take_nibble(&mut avail, digit) << (4 * i);
    }
    entry | (avail & AVAIL_MASK) << 32 | parity << 63
}

/// Removes nibble `at` of the list `avail` (the nibbles above move down) and returns it.
fn take_nibble(avail: &mut u64, at: u64) -> u64 {
    let shift = 4 * at;
    let value = (*avail >> shift) & 15;
    let below = *avail & ((1 << shift) - 1);
    *avail = below | ((*avail >> shift >> 4) << shift);
    value
}

/// Swaps nibbles `at` and `at + 1` of `seq`.
#[inline]
fn swap_pair(seq: u64, at: usize) -> u64 {
    let shift = 4 * at;
    let a = (seq >> shift) & 15;
    let b = (seq >> (shift + 4)) & 15;
    (seq & !(0xFF << shift)) | b << shift | a << (shift + 4)
}

/// Numbers the boards of one puzzle that can reach its goal onto `0..cells!/2` (see the
/// [module documentation](self)): a [`StateIndexer`] for dense storage and for
/// [`Layers`](crate::algo::layers::Layers).
///
/// Faster than [`BoardIndexer`](super::npuzzle::BoardIndexer) (one pass over the tiles with
/// no popcount, table-driven decoding) and laid out for breadth-first scans: horizontal
/// moves change the index by one. A board that cannot reach the goal gets the index of
/// the board with its last two tiles swapped.
///
/// # Examples
///
/// ```
/// use state_search::StateIndexer;
/// use state_search::domains::sliding::npuzzle::{Board, NPuzzle};
/// use state_search::domains::sliding::ranking::TileRanking;
///
/// let puzzle = NPuzzle::standard(3, 4)?;
/// let ranking = TileRanking::new(&puzzle).expect("12 cells fit");
/// assert_eq!(ranking.bound(), 239_500_800);
/// let board: Board = Board::new(3, 4, &[4, 1, 2, 3, 0, 5, 6, 7, 8, 9, 10, 11])?;
/// let index = ranking.index(&board);
/// assert_eq!(ranking.state(index), board);
/// assert_eq!(ranking.index(puzzle.goal()), 0);
/// # Ok::<(), state_search::domains::sliding::npuzzle::BoardError>(())
/// ```
#[derive(Clone, Debug)]
pub struct TileRanking {
    rows: usize,
    cols: usize,
    codec: Arc<Codec>,
    /// The parity of the tiles' permutation on the boards that reach the goal, for each
    /// cell of the blank.
    parity: [u8; MAX_RANKED_CELLS],
}

impl TileRanking {
    /// The numbering of `puzzle`'s boards, or `None` when they have more than
    /// [`MAX_RANKED_CELLS`] cells.
    ///
    /// # Complexity
    ///
    /// Builds tables of up to `(cells - 1)! / 7!` entries (7,920 on 12 cells) in O(cells)
    /// each.
    #[must_use]
    pub fn new(puzzle: &NPuzzle) -> Option<Self> {
        let goal = puzzle.goal();
        let cells = goal.cells();
        if cells > MAX_RANKED_CELLS {
            return None;
        }
        let (rows, cols) = (goal.rows(), goal.cols());
        let codec = Codec::new(cells - 1);
        // A vertical move carries one tile past `cols - 1` others: the permutation's parity
        // changes with the blank's row when `cols` is even, and never otherwise.
        let flips = (cols + 1) % 2;
        let goal_inversions = inversion_parity(goal.tiles());
        let goal_row = goal.blank() / cols;
        let mut parity = [0; MAX_RANKED_CELLS];
        for (cell, parity) in parity.iter_mut().enumerate().take(cells) {
            let rows_moved = (cell / cols).abs_diff(goal_row);
            *parity = u8::from((goal_inversions + flips * rows_moved) % 2 == 1);
        }
        Some(Self {
            rows,
            cols,
            codec: Arc::new(codec),
            parity,
        })
    }

    fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// Whether ranks are halved: with at least two tiles, a rank and its twin are paired.
    fn halved(&self) -> bool {
        self.codec.tiles >= 2
    }

    /// The group (halved rank) of a permutation.
    #[inline]
    fn group(&self, seq: u64) -> usize {
        let rank = self.codec.rank(seq);
        to_usize(if self.halved() { rank >> 1 } else { rank })
    }

    /// The permutations of group `group` indexed by parity.
    #[inline]
    fn decode(&self, group: usize) -> [u64; 2] {
        let group = group as u64;
        let rank = if self.halved() { group << 1 } else { group };
        let (seq, parity) = self.codec.unrank(rank);
        let twin = if self.halved() {
            swap_pair(seq, self.codec.tiles - 2)
        } else {
            seq
        };
        if parity == 0 {
            [seq, twin]
        } else {
            [twin, seq]
        }
    }
}

/// The parity (0 or 1) of the number of inversions of the tiles, the blank left out.
fn inversion_parity(tiles: &[u8]) -> usize {
    let tiles: Vec<u8> = tiles.iter().copied().filter(|&t| t != 0).collect();
    let mut inversions = 0;
    for (i, &a) in tiles.iter().enumerate() {
        inversions += tiles[i + 1..].iter().filter(|&&b| b < a).count();
    }
    inversions % 2
}

impl StateIndexer<Board> for TileRanking {
    fn bound(&self) -> usize {
        let groups = if self.halved() {
            factorial(self.codec.tiles) / 2
        } else {
            1
        };
        to_usize(groups) * self.cells()
    }

    /// # Panics
    ///
    /// Panics if `board` does not have the shape of the puzzle.
    fn index(&self, board: &Board) -> usize {
        assert_eq!(
            (board.rows(), board.cols()),
            (self.rows, self.cols),
            "state-search: the board's shape is not the puzzle's"
        );
        let mut seq = 0u64;
        let mut at = 0;
        for &tile in board.tiles() {
            if tile != 0 {
                seq |= u64::from(tile - 1) << (4 * at);
                at += 1;
            }
        }
        self.group(seq) * self.cells() + board.blank()
    }

    /// # Panics
    ///
    /// Panics if `index` is not below [`StateIndexer::bound`].
    fn state(&self, index: usize) -> Board {
        assert!(
            index < self.bound(),
            "state-search: index {index} is not below the bound {}",
            self.bound()
        );
        let cells = self.cells();
        let blank = index % cells;
        let seq = self.decode(index / cells)[usize::from(self.parity[blank])];
        let mut tiles = [0usize; MAX_RANKED_CELLS];
        let mut at = 0;
        for (cell, tile) in tiles.iter_mut().enumerate().take(cells) {
            if cell != blank {
                *tile = to_usize((seq >> (4 * at)) & 15) + 1;
                at += 1;
            }
        }
        Board::new(self.rows, self.cols, &tiles[..cells])
            .unwrap_or_else(|_| unreachable!("a decoded permutation is a valid board"))
    }
}

/// A vertical move of the blank, as a rotation of the tiles' order: the tile that moves
/// jumps over the `cols - 1` tiles between its cell and the blank's.
#[derive(Clone, Copy, Debug)]
struct Rotation {
    /// The nibbles of the `cols` positions involved.
    span: u64,
    /// The nibble where the moving tile lands.
    landing: u64,
    /// `4 * (cols - 1)`.
    jump: u32,
    /// The tile moves to the front of the span (blank moving down) or to its back (up).
    to_front: bool,
    /// The blank's new cell.
    to: usize,
}

impl Rotation {
    #[inline]
    fn apply(self, seq: u64) -> u64 {
        let span = seq & self.span;
        let moved = if self.to_front {
            ((span << 4) & self.span) | ((span >> self.jump) & self.landing)
        } else {
            ((span >> 4) & self.span) | ((span << self.jump) & self.landing)
        };
        (seq & !self.span) | moved
    }
}

/// The moves of a blank on one cell.
#[derive(Clone, Copy, Debug, Default)]
struct CellMoves {
    left: bool,
    right: bool,
    vertical: [Option<Rotation>; 2],
    /// Which of the group's two permutations the boards with the blank here use.
    parity: u8,
}

/// The sliding-tile puzzle as an [`IndexSpace`]: the successors of a board computed from
/// its [`TileRanking`] index and returned as indices, with no [`Board`] built. What
/// [`Layers`](crate::algo::layers::Layers) needs to count a puzzle of up to about 13 cells.
///
/// Per board: horizontal moves cost an addition; each vertical move rotates four-bit
/// fields of a `u64` and ranks the result in one pass; the permutation is decoded once per
/// group of `cells` indices.
///
/// # Examples
///
/// The 8-puzzle from its goal: 181,440 boards, at most 31 moves away.
///
/// ```
/// use state_search::algo::layers::Layers;
/// use state_search::domains::sliding::npuzzle::NPuzzle;
/// use state_search::domains::sliding::ranking::RankedPuzzle;
///
/// let puzzle = RankedPuzzle::new(&NPuzzle::standard(3, 3)?).expect("9 cells fit");
/// let start = puzzle.index(&puzzle.goal());
/// let counts = Layers::new().count_indices(&puzzle, [start], |_, _, _| {})?;
/// assert_eq!((counts.total, counts.depth), (181_440, 31));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct RankedPuzzle {
    ranking: TileRanking,
    goal: Board,
    moves: [CellMoves; MAX_RANKED_CELLS],
    cells: usize,
    /// `ceil(2^64 / cells)`: `index / cells` is the high half of `index * reciprocal` for
    /// every index below `2^64 / cells`.
    reciprocal: u64,
}

/// The scratch state of a thread expanding [`RankedPuzzle`] indices: the last permutation
/// decoded.
#[derive(Clone, Debug)]
pub struct RankCursor {
    /// The first index of the group decoded.
    base: usize,
    /// The group's permutations, by parity.
    seqs: [u64; 2],
}

/// A `base` no index is within `cells` of (indices stay below `2^63`).
const NO_GROUP: usize = 1 << (usize::BITS - 1);

impl RankedPuzzle {
    /// The puzzle `puzzle` over [`TileRanking`] indices, or `None` when its boards have
    /// more than [`MAX_RANKED_CELLS`] cells.
    #[must_use]
    pub fn new(puzzle: &NPuzzle) -> Option<Self> {
        let ranking = TileRanking::new(puzzle)?;
        let (rows, cols) = (ranking.rows, ranking.cols);
        let mut moves = [CellMoves::default(); MAX_RANKED_CELLS];
        let jump = 4 * u32::try_from(cols - 1).unwrap_or(0);
        let span = |first: usize| ((1u64 << (4 * cols)) - 1) << (4 * first);
        for (cell, entry) in moves.iter_mut().enumerate().take(rows * cols) {
            let (row, col) = (cell / cols, cell % cols);
            entry.left = col > 0;
            entry.right = col + 1 < cols;
            entry.parity = ranking.parity[cell];
            // The blank on `cell` sits between positions `cell - 1` and `cell` of the order.
            if row > 0 {
                let first = cell - cols;
                entry.vertical[0] = Some(Rotation {
                    span: span(first),
                    landing: 15 << (4 * (cell - 1)),
                    jump,
                    to_front: false,
                    to: cell - cols,
                });
            }
            if row + 1 < rows {
                entry.vertical[1] = Some(Rotation {
                    span: span(cell),
                    landing: 15 << (4 * cell),
                    jump,
                    to_front: true,
                    to: cell + cols,
                });
            }
        }
        let cells = rows * cols;
        Some(Self {
            ranking,
            goal: puzzle.goal().clone(),
            moves,
            cells,
            reciprocal: (u64::MAX / cells as u64).wrapping_add(1),
        })
    }

    /// The numbering of the boards.
    #[must_use]
    pub fn ranking(&self) -> &TileRanking {
        &self.ranking
    }

    /// The goal board.
    #[must_use]
    pub fn goal(&self) -> Board {
        self.goal.clone()
    }

    /// The index of `board` ([`TileRanking`]).
    ///
    /// # Panics
    ///
    /// Panics if `board` does not have the shape of the puzzle.
    #[must_use]
    pub fn index(&self, board: &Board) -> usize {
        self.ranking.index(board)
    }

    /// The board of index `index` ([`TileRanking`]).
    ///
    /// # Panics
    ///
    /// Panics if `index` is not below the bound.
    #[must_use]
    pub fn board(&self, index: usize) -> Board {
        self.ranking.state(index)
    }
}

impl IndexSpace for RankedPuzzle {
    type Cursor = RankCursor;

    fn bound(&self) -> usize {
        self.ranking.bound()
    }

    fn cursor(&self) -> RankCursor {
        RankCursor {
            base: NO_GROUP,
            seqs: [0; 2],
        }
    }

    #[inline]
    fn successors(&self, cursor: &mut RankCursor, index: usize, emit: impl FnMut(usize)) {
        // One copy of the expansion per number of tiles, so that ranking is unrolled with
        // constant weights; the branch goes the same way every time.
        per_size!(self.ranking.codec.tiles, self.expand::<1>(cursor, index, emit), N => {
            self.expand::<N>(cursor, index, emit);
        });
    }
}

impl RankedPuzzle {
    /// [`IndexSpace::successors`] for boards of `N` tiles (`N = 1` also serves 0).
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "the body of the search's inner loop, called from one place per size"
    )]
    fn expand<const N: usize>(
        &self,
        cursor: &mut RankCursor,
        index: usize,
        mut emit: impl FnMut(usize),
    ) {
        let cells = self.cells;
        let mut blank = index.wrapping_sub(cursor.base);
        if blank >= cells {
            let group = self.group_of_index(index);
            cursor.base = group * cells;
            cursor.seqs = self.ranking.decode(group);
            blank = index - cursor.base;
        }
        let moves = &self.moves[blank];
        if moves.left {
            emit(index - 1);
        }
        if moves.right {
            emit(index + 1);
        }
        let seq = cursor.seqs[usize::from(moves.parity)];
        let group = |seq| {
            let rank = rank_of::<N>(seq);
            to_usize(if N >= 2 { rank >> 1 } else { rank })
        };
        if let Some(up) = moves.vertical[0] {
            emit(group(up.apply(seq)) * cells + up.to);
        }
        if let Some(down) = moves.vertical[1] {
            emit(group(down.apply(seq)) * cells + down.to);
        }
    }

    /// `index / cells` without a division instruction.
    #[inline]
    fn group_of_index(&self, index: usize) -> usize {
        if self.cells == 1 {
            return index;
        }
        let product = u128::from(index as u64) * u128::from(self.reciprocal);
        to_usize((product >> 64) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_codec_inverts_itself_on_every_permutation_of_up_to_eight() {
        for tiles in 1..=8 {
            let codec = Codec::new(tiles);
            for rank in 0..factorial(tiles) {
                let (seq, parity) = codec.unrank(rank);
                assert_eq!(codec.rank(seq), rank, "{tiles} tiles, rank {rank}");
                let values: Vec<u64> = (0..tiles).map(|i| (seq >> (4 * i)) & 15).collect();
                let mut inversions = 0;
                for i in 0..tiles {
                    inversions += (i + 1..tiles).filter(|&j| values[j] < values[i]).count();
                }
                assert_eq!(parity, inversions % 2, "{tiles} tiles, rank {rank}");
            }
        }
    }

    #[test]
    fn large_codecs_round_trip_without_the_high_table() {
        let codec = Codec::new(15);
        assert!(codec.high.is_empty());
        let mut rank = 1u64;
        for _ in 0..1000 {
            rank = rank.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1) % factorial(15);
            assert_eq!(codec.rank(codec.unrank(rank).0), rank);
        }
    }
}
