//! Random boards: uniformly random solvable ones and random walks from the goal.

use smallvec::SmallVec;

use super::{Board, NPuzzle, byte};
use crate::grid::Dir;
use crate::rng::SplitMix64;

impl NPuzzle {
    /// A uniformly random solvable board (a random walk of `cells^2` moves on boards of a
    /// single row or column, whose layouts are not all reachable).
    #[must_use]
    pub fn random_board(&self, rng: &mut SplitMix64) -> Board {
        if self.rows == 1 || self.cols == 1 {
            return self.random_walk(rng, self.cells() * self.cells());
        }
        let mut tiles: SmallVec<[u8; 16]> = self.goal.tiles.clone();
        rng.shuffle(&mut tiles);
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
        let mut board = Board::from_parts(self.rows, self.cols, byte(blank), tiles);
        if !self.is_solvable(&board) {
            // Swapping two tiles flips the permutation's parity and keeps the blank.
            let (a, b) = if blank < 2 { (2, 3) } else { (0, 1) };
            board.tiles.swap(a, b);
        }
        board
    }

    /// The board reached from the goal by `moves` random moves (never straight back).
    #[must_use]
    pub fn random_walk(&self, rng: &mut SplitMix64, moves: usize) -> Board {
        let mut board = self.goal.clone();
        let mut last: Option<Dir> = None;
        for _ in 0..moves {
            let options: SmallVec<[Dir; 4]> = self
                .moves_from(board.blank())
                .iter()
                .copied()
                .filter(|&d| Some(d.opposite()) != last)
                .collect();
            if options.is_empty() {
                break;
            }
            let pick = usize::try_from(rng.below(options.len() as u64)).unwrap_or(0);
            board.slide(options[pick]);
            last = Some(options[pick]);
        }
        board
    }
}
