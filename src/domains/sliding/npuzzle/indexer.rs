//! The dense numbering of boards: `BoardIndexer` ranks the boards of one shape and goal
//! into `0..cells!`, the boards that can reach the goal first.

use smallvec::SmallVec;

use super::{Board, NPuzzle, byte};
use crate::space::StateIndexer;

/// Ranks every board of one shape and goal into `0..cells!`: the boards that can reach the
/// goal into `0..cells!/2`, the others into `cells!/2..cells!`.
///
/// A board's rank in its half is the blank's cell times `(cells-1)!/2`, plus half the
/// Lehmer rank of the tiles in reading order. The tiles' parity, together with the blank's
/// row on boards of an even width, is what a slide never changes, so the boards with the
/// goal's parity (all the solvable ones, and on a single line some that are not) take the
/// lower half and the others the upper half; halving the rank loses nothing within a half.
/// A search from a board that cannot reach the goal thus explores its own states and
/// reports no path, never a path from some other board.
///
/// Meaningful for boards of at most 20 cells (`20!` fits a `usize`); dense storage is
/// practical up to about 12 cells, and a search from a solvable board only touches the
/// lower half.
///
/// # Examples
///
/// ```
/// use state_search::{IndexedSpace, StateIndexer};
/// use state_search::domains::sliding::npuzzle::{Board, NPuzzle};
///
/// let puzzle = NPuzzle::standard(3, 3)?;
/// let indexer = puzzle.indexer();
/// assert_eq!(indexer.bound(), 362_880);
/// let solvable: Board = "1 0 2 3 4 5 6 7 8".parse()?;
/// let unsolvable: Board = "0 2 1 3 4 5 6 7 8".parse()?;
/// assert!(indexer.index(&solvable) < 181_440);
/// assert!(indexer.index(&unsolvable) >= 181_440);
/// assert_eq!(indexer.state(indexer.index(&unsolvable)), unsolvable);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct BoardIndexer {
    goal: Board,
    /// `(cells - 1 - i)!` for the Lehmer digits, saturating.
    factorials: SmallVec<[usize; 16]>,
    /// `(cells - 1)! / 2`, at least 1.
    per_blank: usize,
    /// The boards in the lower half: `cells!/2` (all of them below three cells, where
    /// the rank is not halved).
    half: usize,
    /// The goal's parity: its tiles' inversions, plus its blank's row on an even width.
    goal_parity: usize,
}

impl BoardIndexer {
    /// The indexer of `puzzle`'s boards.
    #[must_use]
    pub fn new(puzzle: &NPuzzle) -> Self {
        let tiles = puzzle.cells() - 1;
        let factorial = |n: usize| (1..=n).fold(1usize, usize::saturating_mul);
        let per_blank = (factorial(tiles) / 2).max(1);
        let mut indexer = Self {
            goal: puzzle.goal.clone(),
            factorials: (0..tiles).map(|i| factorial(tiles - 1 - i)).collect(),
            per_blank,
            half: per_blank.saturating_mul(puzzle.cells()),
            goal_parity: 0,
        };
        indexer.goal_parity = indexer.parity(&puzzle.goal, indexer.ranked(&puzzle.goal).1);
        indexer
    }

    /// Whether the rank is halved (at least two tiles).
    fn halves(&self) -> bool {
        self.factorials.len() >= 2
    }

    /// The Lehmer rank of `board`'s tiles in reading order, and their inversions.
    fn ranked(&self, board: &Board) -> (usize, usize) {
        let mut used: u128 = 0;
        let (mut rank, mut inversions) = (0usize, 0usize);
        let tiles = board.tiles.iter().filter(|&&t| t != 0);
        for (digit, &tile) in tiles.enumerate() {
            // Lehmer digit: the tiles still unused that are smaller than this one, which
            // all come later: the inversions this tile heads.
            let below = (used & ((1u128 << (tile - 1)) - 1)).count_ones() as usize;
            let smaller = usize::from(tile - 1) - below;
            used |= 1u128 << (tile - 1);
            inversions += smaller;
            if let Some(&weight) = self.factorials.get(digit) {
                rank = rank.wrapping_add(smaller.wrapping_mul(weight));
            }
        }
        (rank, inversions)
    }

    /// The parity no slide changes: the inversions, plus the blank's row on an even width.
    fn parity(&self, board: &Board, inversions: usize) -> usize {
        let cols = self.goal.cols();
        let row = if cols.is_multiple_of(2) {
            board.blank() / cols
        } else {
            0
        };
        (inversions + row) % 2
    }
}

impl StateIndexer<Board> for BoardIndexer {
    fn bound(&self) -> usize {
        if self.halves() {
            self.half.saturating_mul(2)
        } else {
            self.half
        }
    }

    fn index(&self, board: &Board) -> usize {
        let (rank, inversions) = self.ranked(board);
        if !self.halves() {
            return board
                .blank()
                .wrapping_mul(self.per_blank)
                .wrapping_add(rank);
        }
        let upper = self.parity(board, inversions) != self.goal_parity;
        let within = board
            .blank()
            .wrapping_mul(self.per_blank)
            .wrapping_add(rank / 2);
        if upper {
            within.wrapping_add(self.half)
        } else {
            within
        }
    }

    fn state(&self, index: usize) -> Board {
        let cells = self.goal.cells();
        let upper = self.halves() && index >= self.half;
        let index = if upper { index - self.half } else { index };
        let blank = index / self.per_blank;
        let mut rank = (index % self.per_blank) * if self.halves() { 2 } else { 1 };
        let mut unused: SmallVec<[u8; 16]> = (1..cells).map(byte).collect();
        let mut tiles: SmallVec<[u8; 16]> = SmallVec::new();
        for &weight in &self.factorials {
            let digit = rank / weight;
            rank %= weight;
            tiles.push(unused.remove(digit.min(unused.len().saturating_sub(1))));
        }
        tiles.insert(blank.min(tiles.len()), 0);
        let mut board = Board::from_parts(self.goal.rows(), self.goal.cols(), byte(blank), tiles);
        if self.halves() {
            let parity = self.parity(&board, self.ranked(&board).1);
            if (parity != self.goal_parity) != upper {
                // The halved digit was the other parity: swap the last two tiles.
                let last: SmallVec<[usize; 2]> = (0..cells)
                    .rev()
                    .filter(|&c| board.tiles[c] != 0)
                    .take(2)
                    .collect();
                board.tiles.swap(last[0], last[1]);
            }
        }
        board
    }
}
