//! The dense numbering of boards: `BoardIndexer` ranks the boards of one shape and goal
//! into `0..cells!/2`.

use smallvec::SmallVec;

use super::board::solvable;
use super::{Board, NPuzzle, byte};
use crate::space::StateIndexer;

/// Ranks the boards of one shape and goal into `0..cells!/2`: the blank's cell times
/// `(cells-1)!/2`, plus half the Lehmer rank of the tiles in reading order. Among the
/// boards that can reach the goal, the tiles' parity is fixed by the blank's cell, so
/// halving loses nothing: the ranking is a bijection on the solvable boards.
///
/// Meaningful for boards of at most 20 cells (`20!/2` fits a `usize`); dense storage is
/// practical up to about 12 cells.
#[derive(Clone, Debug)]
pub struct BoardIndexer {
    goal: Board,
    /// `(cells - 1 - i)!` for the Lehmer digits, saturating.
    factorials: SmallVec<[usize; 16]>,
    /// `(cells - 1)! / 2`, at least 1.
    per_blank: usize,
}

impl BoardIndexer {
    /// The indexer of `puzzle`'s boards.
    #[must_use]
    pub fn new(puzzle: &NPuzzle) -> Self {
        let tiles = puzzle.cells() - 1;
        let factorial = |n: usize| (1..=n).fold(1usize, usize::saturating_mul);
        Self {
            goal: puzzle.goal.clone(),
            factorials: (0..tiles).map(|i| factorial(tiles - 1 - i)).collect(),
            per_blank: (factorial(tiles) / 2).max(1),
        }
    }
}

impl StateIndexer<Board> for BoardIndexer {
    fn bound(&self) -> usize {
        self.per_blank.saturating_mul(self.goal.cells())
    }

    fn index(&self, board: &Board) -> usize {
        let mut used: u128 = 0;
        let mut rank: usize = 0;
        let tiles = board.tiles.iter().filter(|&&t| t != 0);
        for (digit, &tile) in tiles.enumerate() {
            // Lehmer digit: the tiles still unused that are smaller than this one.
            let below = (used & ((1u128 << (tile - 1)) - 1)).count_ones() as usize;
            let smaller = usize::from(tile - 1) - below;
            used |= 1u128 << (tile - 1);
            if let Some(&weight) = self.factorials.get(digit) {
                rank = rank.wrapping_add(smaller.wrapping_mul(weight));
            }
        }
        let half = if self.factorials.len() >= 2 {
            rank / 2
        } else {
            rank
        };
        board
            .blank()
            .wrapping_mul(self.per_blank)
            .wrapping_add(half)
    }

    fn state(&self, index: usize) -> Board {
        let cells = self.goal.cells();
        let blank = index / self.per_blank;
        let mut rank = (index % self.per_blank) * if self.factorials.len() >= 2 { 2 } else { 1 };
        let mut unused: SmallVec<[u8; 16]> = (1..cells).map(byte).collect();
        let mut tiles: SmallVec<[u8; 16]> = SmallVec::new();
        for &weight in &self.factorials {
            let digit = rank / weight;
            rank %= weight;
            tiles.push(unused.remove(digit.min(unused.len().saturating_sub(1))));
        }
        tiles.insert(blank.min(tiles.len()), 0);
        let mut board = Board::from_parts(self.goal.rows(), self.goal.cols(), byte(blank), tiles);
        if !solvable(&board, &self.goal) && cells >= 3 {
            // The halved digit was the other parity: swap the last two tiles.
            let last: SmallVec<[usize; 2]> = (0..cells)
                .rev()
                .filter(|&c| board.tiles[c] != 0)
                .take(2)
                .collect();
            board.tiles.swap(last[0], last[1]);
        }
        board
    }
}
