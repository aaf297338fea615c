//! The incremental heuristic of a pattern set for the in-place view: `PatternHeuristic`
//! updates one pattern's rank per view at each move and restores it on undo.

use std::sync::Arc;

use super::set::NONE;
use super::{MAX_PATTERN_TILES, MAX_PATTERNS, PatternSet};
use crate::domains::sliding::npuzzle::{Board, TileHeuristic};
use crate::space::Heuristic;

impl PatternSet {
    /// A fresh heuristic for [`NPuzzle::in_place`] and [`NPuzzle::solve`] sharing these
    /// databases.
    ///
    /// [`NPuzzle::in_place`]: crate::domains::sliding::npuzzle::NPuzzle::in_place
    /// [`NPuzzle::solve`]: crate::domains::sliding::npuzzle::NPuzzle::solve
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
}

/// The additive pattern-database heuristic, tracked move by move for the in-place view
/// ([`NPuzzle::in_place`]): a move changes the placement of one pattern in each view, whose
/// rank is updated in at most O(k) comparisons ([`PatternDatabase::rank_after`]) and looked up;
/// undoing restores the saved rank and value.
///
/// Made by [`PatternSet::heuristic`]; clones share the databases.
///
/// [`NPuzzle::in_place`]: crate::domains::sliding::npuzzle::NPuzzle::in_place
/// [`PatternDatabase::rank_after`]: super::PatternDatabase::rank_after
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
        let set = &*self.set;
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
        // A borrow, not a clone of the `Arc`: a clone per undo is an atomic write to the
        // count that every thread searching with these databases shares, and made two
        // threads slower than one.
        let set = &*self.set;
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
}

impl Heuristic<Board, u32> for PatternHeuristic {
    fn estimate(&self, board: &Board) -> u32 {
        self.set.estimate(board.tiles())
    }
}
