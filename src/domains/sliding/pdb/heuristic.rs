//! The incremental heuristic of a pattern set for the in-place view: `PatternHeuristic`
//! updates one pattern's rank (and for deltas tables its Manhattan distance) per view at
//! each move and restores it on undo.

use core::cell::Cell;
use std::sync::Arc;

use super::set::NONE;
use super::{MAX_PATTERN_TILES, MAX_PATTERNS, MAX_PDB_CELLS, PatternSet};
use crate::domains::sliding::npuzzle::{Board, TileHeuristic, byte};
use crate::space::Heuristic;

impl PatternSet {
    /// A fresh heuristic for [`NPuzzle::in_place`] and [`NPuzzle::solve`] sharing these
    /// databases.
    ///
    /// [`NPuzzle::in_place`]: crate::domains::sliding::npuzzle::NPuzzle::in_place
    /// [`NPuzzle::solve`]: crate::domains::sliding::npuzzle::NPuzzle::solve
    #[must_use]
    pub fn heuristic(self: &Arc<Self>) -> PatternHeuristic {
        let mut lanes = [[Lane::NONE; MAX_PDB_CELLS]; 2];
        let mut cell_of = [[0u8; MAX_PDB_CELLS]; 2];
        for view in 0..self.views() {
            // Tiles and cells share the numbers `0..cells`.
            for number in 0..self.cells.min(MAX_PDB_CELLS) {
                let (pattern, slot) = (self.owner[view][number], self.slot[view][number]);
                let goal = self
                    .dbs
                    .get(usize::from(pattern))
                    .map_or(0, |db| db.goal_cells[usize::from(slot)]);
                lanes[view][number] = Lane {
                    pattern,
                    slot,
                    goal,
                };
                cell_of[view][number] = if view == 0 {
                    byte(number)
                } else {
                    self.mirror_cell[number]
                };
            }
        }
        let mut coords = [[0u8; 2]; MAX_PDB_CELLS];
        if let Some(db) = self.dbs.first() {
            for (cell, coord) in coords.iter_mut().enumerate().take(self.cells) {
                *coord = [byte(cell / db.cols), byte(cell % db.cols)];
            }
        }
        let mut weights = [[0; MAX_PATTERN_TILES]; MAX_PATTERNS];
        for (weights, db) in weights.iter_mut().zip(&self.dbs) {
            *weights = db.weights;
        }
        PatternHeuristic {
            set: Arc::clone(self),
            views: self.views(),
            lanes,
            cell_of,
            coords,
            weights,
            occupied: [[0; MAX_PATTERNS]; 2],
            slot_at: [[0; MAX_PDB_CELLS]; 2],
            ranks: [[0; MAX_PATTERNS]; 2],
            values: [[0; MAX_PATTERNS]; 2],
            mds: [[0; MAX_PATTERNS]; 2],
            sums: [0; 2],
            dual: self.dual,
            tiles: [0; MAX_PDB_CELLS],
            history: Vec::with_capacity(128),
            peeked: Cell::new(Peeked::NONE),
        }
    }
}

/// The additive pattern-database heuristic, tracked move by move for the in-place view
/// ([`NPuzzle::in_place`]): a move changes the placement of one pattern in each view, whose
/// rank is updated from the tiles on the cells it crosses ([`PatternDatabase::rank_after`])
/// and looked up; undoing restores the saved rank and value. For a table of
/// [`Encoding::Deltas`](super::Encoding::Deltas) it also tracks the Manhattan distance of
/// the pattern's tiles in each view (the moved tile's changes by one), and the value is
/// that distance plus twice the stored delta. It answers
/// [`TileHeuristic::peek`], so IDA* rejects a child beyond its bound without moving a tile,
/// and the slide that follows a peek reuses its work. With the dual lookups
/// ([`PatternSet::with_dual`]) the peek gives the sums only and the slide the larger
/// estimate, so that only the children the sums admit pay for the dual lookups.
///
/// Made by [`PatternSet::heuristic`]; clones share the databases.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use state_search::domains::sliding::npuzzle::{NPuzzle, TileHeuristic};
/// use state_search::domains::sliding::pdb::{PatternDatabase, PatternSet};
///
/// let puzzle = NPuzzle::standard(3, 3)?;
/// let dbs = vec![
///     PatternDatabase::build(&puzzle, &[1, 2, 3, 4])?,
///     PatternDatabase::build(&puzzle, &[5, 6, 7, 8])?,
/// ];
/// let set = Arc::new(PatternSet::new(&puzzle, dbs, true)?);
/// let mut h = set.heuristic();
/// // The goal, then tile 1 slid into the blank's corner.
/// assert_eq!(h.start(&[0, 1, 2, 3, 4, 5, 6, 7, 8]), 0);
/// assert_eq!(h.peek(0, 1, 1, 0), Some(1));
/// assert_eq!(h.slide(0, 1, 1, 0), 1);
/// assert_eq!(h.unslide(1, 1, 1, 0), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`NPuzzle::in_place`]: crate::domains::sliding::npuzzle::NPuzzle::in_place
/// [`PatternDatabase::rank_after`]: super::PatternDatabase::rank_after
#[derive(Clone, Debug)]
pub struct PatternHeuristic {
    set: Arc<PatternSet>,
    /// 1, or 2 with reflection.
    views: usize,
    /// The set's tables of the hot path, copied here to spare a pointer chase per move:
    /// per view and tile, the pattern that holds it and its slot; per view, the cell a
    /// board cell is in that view; per cell, its row and column; per pattern, the weights
    /// of its ranking.
    lanes: [[Lane; MAX_PDB_CELLS]; 2],
    cell_of: [[u8; MAX_PDB_CELLS]; 2],
    coords: [[u8; 2]; MAX_PDB_CELLS],
    weights: [[usize; MAX_PATTERN_TILES]; MAX_PATTERNS],
    /// Per view and pattern, the cells its tiles cover (a bit per cell).
    occupied: [[u64; MAX_PATTERNS]; 2],
    /// Per view and cell, the slot of the pattern tile on it (stale where no pattern tile
    /// is: `occupied` says where to look).
    slot_at: [[u8; MAX_PDB_CELLS]; 2],
    /// The current rank and value of each pattern in each view, and each view's sum.
    ranks: [[usize; MAX_PATTERNS]; 2],
    values: [[u8; MAX_PATTERNS]; 2],
    /// The Manhattan distance of each pattern's tiles in each view, for deltas tables
    /// (0 for the others).
    mds: [[u8; MAX_PATTERNS]; 2],
    sums: [u32; 2],
    /// Whether the dual lookups are asked ([`PatternSet::with_dual`]): they need the
    /// board, kept in `tiles`.
    dual: bool,
    tiles: [u8; MAX_PDB_CELLS],
    /// Per slide not yet undone, each view's step with the rank, value and distance it
    /// replaced, and the estimate before it.
    history: Vec<([Step; 2], u32)>,
    /// The last peek's slide and steps, valid until the next change: the slide that
    /// follows a peek at it (as in IDA*) reuses them.
    peeked: Cell<Peeked>,
}

/// The pattern that holds a tile in a view (`NONE` if none), the tile's slot in it and its
/// goal cell there.
#[derive(Clone, Copy, Debug)]
struct Lane {
    pattern: u8,
    slot: u8,
    goal: u8,
}

impl Lane {
    const NONE: Self = Self {
        pattern: NONE,
        slot: 0,
        goal: 0,
    };
}

/// A slide's change to one view: the pattern (`NONE`: no change), the tile's slot and its
/// cells in the view, and a rank, value and Manhattan distance (the new ones, or in the
/// history the old ones).
#[derive(Clone, Copy, Debug)]
struct Step {
    rank: usize,
    pattern: u8,
    slot: u8,
    from: u8,
    to: u8,
    value: u8,
    md: u8,
}

impl Step {
    const NONE: Self = Self {
        rank: 0,
        pattern: NONE,
        slot: 0,
        from: 0,
        to: 0,
        value: 0,
        md: 0,
    };
}

/// A peeked slide, `(tile, from, to)` packed by `key` (`u32::MAX`: none), and its steps.
#[derive(Clone, Copy, Debug)]
struct Peeked {
    slide: u32,
    steps: [Step; 2],
}

impl Peeked {
    const NONE: Self = Self {
        slide: u32::MAX,
        steps: [Step::NONE; 2],
    };
}

#[inline]
fn key(tile: u8, from: u8, to: u8) -> u32 {
    u32::from(tile) << 16 | u32::from(from) << 8 | u32::from(to)
}

/// The bit of `cell` in an `occupied` mask.
#[inline]
fn bit(cell: u8) -> u64 {
    1u64 << (cell & 63)
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
        self.sums[0].max(self.sums[1])
    }

    /// The estimate of the board: the larger sum over the views, and its dual lookups when
    /// asked (from scratch: they change with every move).
    #[inline]
    fn with_dual(&self) -> u32 {
        let sums = self.current();
        if self.dual {
            sums.max(
                self.set
                    .dual_estimate(&self.tiles[..self.set.cells.min(MAX_PDB_CELLS)]),
            )
        } else {
            sums
        }
    }

    /// What `tile` sliding from `from` to `to` does to `view`, without doing it. The rank
    /// changes by the cells the tile crosses less the earlier tiles of its pattern on them,
    /// times its weight, plus the weight of each later tile of its pattern on them (see
    /// [`PatternDatabase::rank_after`](super::PatternDatabase::rank_after)).
    #[inline(always)]
    #[expect(
        clippy::inline_always,
        reason = "measured: as a call it spilled registers at every step; inlined, three Korf \
                  instances ran 735 M instructions instead of 833 M (callgrind)"
    )]
    fn step(&self, view: usize, tile: u8, from: u8, to: u8) -> Step {
        let view = view & 1;
        let lane = self.lanes[view][usize::from(tile) % MAX_PDB_CELLS];
        if lane.pattern == NONE {
            return Step::NONE;
        }
        let pattern = usize::from(lane.pattern) % MAX_PATTERNS;
        let slot = lane.slot;
        let weights = &self.weights[pattern];
        let from = self.cell_of[view][usize::from(from) % MAX_PDB_CELLS];
        let to = self.cell_of[view][usize::from(to) % MAX_PDB_CELLS];
        let (low, high) = (from.min(to), from.max(to));
        let mut steps = usize::from(high - low);
        let mut later = 0;
        // The pattern's tiles strictly between the two cells: none for a move sideways.
        // (Wrapping: a slide that is not one, from a cell to itself, gives an empty mask
        // rather than an overflow.)
        let mut between = self.occupied[view][pattern]
            & bit(high).wrapping_sub(1)
            & !(bit(low) << 1).wrapping_sub(1);
        while between != 0 {
            let cell = between.trailing_zeros() as usize;
            between &= between - 1;
            let other = self.slot_at[view][cell % MAX_PDB_CELLS];
            if other < slot {
                steps -= 1;
            } else {
                later += weights[usize::from(other) % MAX_PATTERN_TILES];
            }
        }
        let change = steps * weights[usize::from(slot) % MAX_PATTERN_TILES] + later;
        let old = self.ranks[view][pattern];
        let rank = if from < to {
            old.wrapping_add(change)
        } else {
            old.wrapping_sub(change)
        };
        // Only a deltas table asks for the distance: the tile's changes by one.
        let (value, md) = self.set.dbs[pattern].lookup(rank, || {
            let [goal_row, goal_col] = self.coords[usize::from(lane.goal) % MAX_PDB_CELLS];
            let distance = |cell: u8| {
                let [row, col] = self.coords[usize::from(cell) % MAX_PDB_CELLS];
                row.abs_diff(goal_row) + col.abs_diff(goal_col)
            };
            (self.mds[view][pattern] + distance(to)).wrapping_sub(distance(from))
        });
        Step {
            rank,
            pattern: lane.pattern,
            slot,
            from,
            to,
            value,
            md,
        }
    }

    /// The steps of a slide in every view.
    #[inline]
    fn steps(&self, tile: u8, from: u8, to: u8) -> [Step; 2] {
        let own = self.step(0, tile, from, to);
        if self.views == 1 {
            [own, Step::NONE]
        } else {
            [own, self.step(1, tile, from, to)]
        }
    }

    /// The sum of `view` after `step`.
    #[inline]
    fn sum_after(&self, view: usize, step: &Step) -> u32 {
        if step.pattern == NONE {
            return self.sums[view];
        }
        let pattern = usize::from(step.pattern) % MAX_PATTERNS;
        self.sums[view] + u32::from(step.value) - u32::from(self.values[view][pattern])
    }

    /// Applies `step` to `view` (the rank, value and distance it carries become current)
    /// and returns it with the replaced ones, for the history.
    #[inline]
    fn apply(&mut self, view: usize, mut step: Step) -> Step {
        if step.pattern != NONE {
            let view = view & 1;
            let pattern = usize::from(step.pattern) % MAX_PATTERNS;
            self.occupied[view][pattern] ^= bit(step.from) | bit(step.to);
            self.slot_at[view][usize::from(step.to) % MAX_PDB_CELLS] = step.slot;
            self.sums[view] =
                self.sums[view] + u32::from(step.value) - u32::from(self.values[view][pattern]);
            step.rank = core::mem::replace(&mut self.ranks[view][pattern], step.rank);
            step.value = core::mem::replace(&mut self.values[view][pattern], step.value);
            step.md = core::mem::replace(&mut self.mds[view][pattern], step.md);
        }
        step
    }

    /// Undoes a step the history kept: the same step backwards, to the rank, value and
    /// distance it replaced.
    #[inline]
    fn revert(&mut self, view: usize, step: &Step) {
        let back = Step {
            from: step.to,
            to: step.from,
            ..*step
        };
        self.apply(view, back);
    }
}

impl TileHeuristic for PatternHeuristic {
    fn estimate_tiles(&self, tiles: &[u8]) -> u32 {
        self.set.estimate(tiles)
    }

    /// With dual lookups ([`PatternSet::with_dual`]), whose estimates jump by more than a
    /// move between neighbours.
    fn pathmax(&self) -> bool {
        self.set.duals()
    }

    fn start(&mut self, tiles: &[u8]) -> u32 {
        let set = &*self.set;
        let cells = set.cells.min(MAX_PDB_CELLS).min(tiles.len());
        self.tiles[..cells].copy_from_slice(&tiles[..cells]);
        let mut cells = [[[0; MAX_PATTERN_TILES]; MAX_PATTERNS]; 2];
        set.place(tiles, &mut cells);
        self.history.clear();
        self.peeked.set(Peeked::NONE);
        self.occupied = [[0; MAX_PATTERNS]; 2];
        self.mds = [[0; MAX_PATTERNS]; 2];
        self.sums = [0; 2];
        for (view, cells) in cells.iter().enumerate().take(self.views) {
            for (i, db) in set.dbs.iter().enumerate() {
                let placed = &cells[i][..db.tiles.len()];
                for (slot, &cell) in placed.iter().enumerate() {
                    self.occupied[view][i] |= bit(cell);
                    self.slot_at[view][usize::from(cell) % MAX_PDB_CELLS] = byte(slot);
                }
                let rank = db.rank(placed);
                let (value, md) = db.lookup(rank, || db.manhattan(placed));
                self.ranks[view][i] = rank;
                self.values[view][i] = value;
                self.mds[view][i] = md;
                self.sums[view] += u32::from(value);
            }
        }
        self.with_dual()
    }

    #[inline]
    fn slide(&mut self, h: u32, tile: u8, from: u8, to: u8) -> u32 {
        let peeked = self.peeked.replace(Peeked::NONE);
        let steps = if peeked.slide == key(tile, from, to) {
            peeked.steps
        } else {
            self.steps(tile, from, to)
        };
        let done = [self.apply(0, steps[0]), self.apply(1, steps[1])];
        self.history.push((done, h));
        self.tiles[usize::from(to) % MAX_PDB_CELLS] = tile;
        self.tiles[usize::from(from) % MAX_PDB_CELLS] = 0;
        self.with_dual()
    }

    #[inline]
    fn peek(&self, _h: u32, tile: u8, from: u8, to: u8) -> Option<u32> {
        let steps = self.steps(tile, from, to);
        let h = self
            .sum_after(0, &steps[0])
            .max(self.sum_after(1, &steps[1]));
        self.peeked.set(Peeked {
            slide: key(tile, from, to),
            steps,
        });
        Some(h)
    }

    #[inline]
    fn unslide(&mut self, _h: u32, tile: u8, from: u8, to: u8) -> u32 {
        self.peeked.set(Peeked::NONE);
        self.tiles[usize::from(from) % MAX_PDB_CELLS] = tile;
        self.tiles[usize::from(to) % MAX_PDB_CELLS] = 0;
        match self.history.pop() {
            Some(([own, mirrored], before)) => {
                self.revert(0, &own);
                self.revert(1, &mirrored);
                before
            }
            None => self.current(),
        }
    }
}

impl Heuristic<Board, u32> for PatternHeuristic {
    fn estimate(&self, board: &Board) -> u32 {
        self.set.estimate(board.tiles())
    }
}
