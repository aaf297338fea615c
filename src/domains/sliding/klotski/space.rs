//! The puzzle as a state space: `Moves`, the successors of a layout under a metric, and
//! the incremental update of a layout's code when one piece moves.

use super::model::{NO, low_bits, shl, shr};
use super::{Layout, MAX_CELLS, Metric, Puzzle};
use crate::space::StateSpace;

impl Puzzle {
    /// The space of layouts under `metric`.
    #[must_use]
    pub fn space(&self, metric: Metric) -> Moves<'_> {
        Moves {
            puzzle: self,
            metric,
        }
    }
}

/// The moves of a [`Puzzle`] under a [`Metric`]: a [`StateSpace`] over [`Layout`]s where
/// every move costs 1.
#[derive(Clone, Copy, Debug)]
pub struct Moves<'a> {
    puzzle: &'a Puzzle,
    metric: Metric,
}

impl Moves<'_> {
    /// The metric.
    #[must_use]
    pub fn metric(&self) -> Metric {
        self.metric
    }
}

impl StateSpace for Moves<'_> {
    type State = Layout;
    type Cost = u32;

    fn uniform_cost(&self) -> Option<u32> {
        Some(1)
    }

    fn successors(&self, layout: &Layout, mut emit: impl FnMut(Layout, u32)) {
        let p = self.puzzle;
        let cells = p.cells();
        let code = layout.0;
        let anchors = code & low_bits(cells);
        // The cells covered by walls and pieces.
        let mut occupied = p.walls;
        let mut shapes = [0u8; MAX_CELLS];
        let mut rest = anchors;
        let mut index = 0;
        let mut symbols = shr(code, cells);
        let symbol_mask = low_bits(p.bits);
        while rest != 0 {
            let anchor = rest.trailing_zeros();
            rest &= rest - 1;
            let k = u8::try_from(symbols & symbol_mask).unwrap_or(0);
            symbols = shr(symbols, p.bits);
            shapes[index] = k;
            occupied |= p.masks[usize::from(k) * cells as usize + anchor as usize];
            index += 1;
        }
        let mut rest = anchors;
        let mut index = 0;
        while rest != 0 {
            let anchor = rest.trailing_zeros();
            rest &= rest - 1;
            let k = shapes[index as usize];
            let base = usize::from(k) * cells as usize;
            let free = !(occupied & !p.masks[base + anchor as usize]);
            let fits = |to: u8| to != NO && p.masks[base + usize::from(to)] & !free == 0;
            let mut moved =
                |to: u8| emit(Layout(p.relocate(code, anchor, index, k, u32::from(to))), 1);
            match self.metric {
                Metric::Step => {
                    for &to in &p.steps[base + anchor as usize] {
                        if fits(to) {
                            moved(to);
                        }
                    }
                }
                Metric::Line => {
                    for dir in 0..4 {
                        let mut at = anchor as usize;
                        loop {
                            let to = p.steps[base + at][dir];
                            if !fits(to) {
                                break;
                            }
                            moved(to);
                            at = usize::from(to);
                        }
                    }
                }
                Metric::Any => {
                    let mut seen = 1u128 << anchor;
                    let mut stack = [0u8; MAX_CELLS];
                    stack[0] = u8::try_from(anchor).unwrap_or(NO);
                    let mut len = 1;
                    while len > 0 {
                        len -= 1;
                        let at = usize::from(stack[len]);
                        for &to in &p.steps[base + at] {
                            if fits(to) && seen & (1 << to) == 0 {
                                seen |= 1 << to;
                                stack[len] = to;
                                len += 1;
                                moved(to);
                            }
                        }
                    }
                }
            }
            index += 1;
        }
    }
}

impl Puzzle {
    /// The code after the `index`-th piece (shape `k`, at `from`) moves to `to`.
    #[inline]
    pub(super) fn relocate(&self, code: u128, from: u32, index: u32, k: u8, to: u32) -> u128 {
        let cells = self.cells();
        let moved = (1u128 << from) ^ (1 << to);
        let anchors = (code & low_bits(cells)) ^ moved;
        let rank = (anchors & low_bits(to)).count_ones();
        if rank == index || self.bits == 0 {
            // The piece keeps its place in the order of pieces (the usual case for a short
            // move): the shapes stay as they are.
            return code ^ moved;
        }
        let mut symbols = shr(code, cells);
        {
            let b = self.bits;
            // Remove the symbol at `index`, insert `k` at the new rank.
            let low = symbols & low_bits(index * b);
            symbols = low | shl(shr(symbols, (index + 1) * b), index * b);
            let low = symbols & low_bits(rank * b);
            let high = shr(symbols, rank * b);
            symbols = low | shl(u128::from(k), rank * b) | shl(high, (rank + 1) * b);
        }
        anchors | shl(symbols, cells)
    }
}
