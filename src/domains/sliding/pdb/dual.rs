//! Dual lookups: the same databases read on the board's dual, a second admissible estimate
//! (the `pdb` module's docs, section "Dual lookups", say why it is one).

use super::PatternSet;
use crate::domains::sliding::npuzzle::{MAX_CELLS, byte};

impl PatternSet {
    /// The dual estimate of `tiles` (see the module docs): the blank walked home along
    /// each of two shortest paths, the estimate of the walked board's dual, less the moves
    /// of the walk; the larger of the two.
    pub(super) fn dual_estimate(&self, tiles: &[u8]) -> u32 {
        let cells = self.cells;
        let Some(blank) = tiles.iter().take(cells).position(|&t| t == 0) else {
            return 0;
        };
        let cols = usize::from(self.cols);
        let home = usize::from(self.blank_goal);
        let mut best = 0;
        for rows_first in [true, false] {
            let mut board = [0u8; MAX_CELLS];
            board[..cells].copy_from_slice(&tiles[..cells]);
            let (mut at, mut moves) = (blank, 0u32);
            while at != home {
                let (row, col) = (at / cols, at % cols);
                let (home_row, home_col) = (home / cols, home % cols);
                let vertical = row != home_row && (rows_first || col == home_col);
                let next = match (vertical, row < home_row, col < home_col) {
                    (true, true, _) => at + cols,
                    (true, false, _) => at - cols,
                    (false, _, true) => at + 1,
                    (false, _, false) => at - 1,
                };
                board.swap(at, next);
                at = next;
                moves += 1;
            }
            let mut cell_of = [0u8; MAX_CELLS];
            for (cell, &tile) in board.iter().enumerate().take(cells) {
                cell_of[usize::from(tile)] = byte(cell);
            }
            let mut dual = [0u8; MAX_CELLS];
            for (cell, slot) in dual.iter_mut().enumerate().take(cells) {
                *slot = self.goal[usize::from(cell_of[usize::from(self.goal[cell])])];
            }
            best = best.max(self.sum_estimate(&dual[..cells]).saturating_sub(moves));
            if home == blank {
                // No walk: both paths give the same board.
                break;
            }
        }
        best
    }
}
