//! The dense numbering of layouts: `LayoutIndexer`, the ranking of every legal placement
//! of a puzzle's pieces (`Puzzle::indexer`).

use super::model::shl;
use super::{Layout, Puzzle};
use crate::space::StateIndexer;

/// The ranking of the legal placements of a puzzle's pieces: every layout with the same
/// pieces (any positions, no overlap, clear of walls) gets its rank among them, in
/// `0..count`. Made by [`Puzzle::indexer`]; with it, engines can use
/// [`Dense`](crate::Dense) storage.
///
/// The placements are enumerated once, in increasing code order, and a layout is ranked by
/// binary search: O(log count) per layout. Layouts that are not placements of the
/// puzzle's pieces are not numbered (they get an unspecified index). Cloning shares the
/// table.
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::klotski::{Metric, Puzzle};
/// use state_search::{Bfs, Dense, StateIndexer, Problem, Solver};
///
/// let puzzle = Puzzle::classic();
/// let indexer = puzzle.indexer(1 << 20).unwrap();
/// assert_eq!(indexer.bound(), 65_880); // the placements of the classic pieces
/// let mut bfs = Bfs::with_storage(Dense(indexer));
/// let search = bfs.search(&Problem::new(&puzzle.space(Metric::Line), [puzzle.start()], |l| puzzle.is_goal(l)));
/// assert_eq!(search.found().unwrap().cost, 90);
/// ```
#[derive(Clone, Debug)]
pub struct LayoutIndexer {
    codes: std::sync::Arc<[u128]>,
}

impl StateIndexer<Layout> for LayoutIndexer {
    #[inline]
    fn bound(&self) -> usize {
        self.codes.len()
    }

    #[inline]
    fn index(&self, layout: &Layout) -> usize {
        self.codes
            .binary_search(&layout.0)
            .unwrap_or_else(|at| at.min(self.codes.len().saturating_sub(1)))
    }

    #[inline]
    fn state(&self, index: usize) -> Layout {
        Layout(self.codes.get(index).copied().unwrap_or(0))
    }
}

impl Puzzle {
    /// The ranking of all legal placements of this puzzle's pieces, or `None` when there
    /// are more than `limit`.
    ///
    /// # Complexity
    ///
    /// O(placements x cells) time to enumerate them, 16 bytes per placement.
    #[must_use]
    pub fn indexer(&self, limit: usize) -> Option<LayoutIndexer> {
        let cells = self.cells();
        let mut counts = vec![0usize; self.shapes.len()];
        for &(_, k) in &self.pieces {
            counts[usize::from(k)] += 1;
        }
        let pieces: usize = counts.iter().sum();
        let area: u32 = self
            .pieces
            .iter()
            .map(|(p, _)| p.shape.rows * p.shape.cols)
            .sum();
        let empties = cells - self.walls.count_ones() - area;
        let mut codes = Vec::new();
        let mut search = Enumeration {
            puzzle: self,
            counts,
            empties,
            pieces,
            limit,
            codes: &mut codes,
        };
        if !search.place(0, self.walls, 0, 0) {
            return None;
        }
        codes.sort_unstable();
        Some(LayoutIndexer {
            codes: codes.into(),
        })
    }
}

/// The depth-first enumeration of placements behind [`Puzzle::indexer`]: cells in order,
/// the first free one left empty or made the top-left cell of a piece (which is how every
/// placement is built exactly once). The depth is at most the number of cells.
struct Enumeration<'a> {
    puzzle: &'a Puzzle,
    counts: Vec<usize>,
    empties: u32,
    pieces: usize,
    limit: usize,
    codes: &'a mut Vec<u128>,
}

impl Enumeration<'_> {
    /// Places the rest from cell `cell` on; `occupied` holds walls and placed pieces,
    /// `code` the anchors and shapes placed so far (`placed` of them). Returns `false`
    /// when the limit is exceeded.
    fn place(&mut self, cell: u32, occupied: u128, code: u128, placed: u32) -> bool {
        let p = self.puzzle;
        let cells = p.cells();
        let mut cell = cell;
        while cell < cells && occupied & (1 << cell) != 0 {
            cell += 1;
        }
        if cell == cells {
            if placed as usize == self.pieces {
                if self.codes.len() >= self.limit {
                    return false;
                }
                self.codes.push(code);
            }
            return true;
        }
        if self.empties > 0 {
            self.empties -= 1;
            let fine = self.place(cell + 1, occupied | (1 << cell), code, placed);
            self.empties += 1;
            if !fine {
                return false;
            }
        }
        for k in 0..self.counts.len() {
            let mask = p.masks[k * cells as usize + cell as usize];
            if self.counts[k] == 0 || mask == 0 || mask & occupied != 0 {
                continue;
            }
            self.counts[k] -= 1;
            let symbol = shl(to_u128(k), cells + placed * p.bits);
            let next = code | (1 << cell) | symbol;
            let fine = self.place(cell + 1, occupied | mask, next, placed + 1);
            self.counts[k] += 1;
            if !fine {
                return false;
            }
        }
        true
    }
}

fn to_u128(n: usize) -> u128 {
    u128::try_from(n).unwrap_or(0)
}
