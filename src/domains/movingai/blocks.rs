//! The open cells of an [`OctileSpace`](super::OctileSpace) as bits, for the straight
//! jumps of Jump Point Search: a jump reads 64 cells of its line at once, with the lines
//! on either side, and decides 63 of them, instead of one cell at a time (block-based
//! jumps, as in Harabor and Grastien's 2014 improvements of JPS).

use core::fmt;

use crate::error::CapacityError;
use crate::store::try_filled;

/// The class codes a cell can have besides `BLOCKED` (0): 1 to `CLASSES`.
const CLASSES: usize = 3;

/// One bit per cell of the padded array (border included) and class code: set where the
/// cell is of that class. Each class has its bits twice: row by row (a cell's bit at its
/// padded index), and column by column (the transpose), so that horizontal and vertical
/// jumps read the same way. The border's cells are of no class, so a jump along a row or
/// a column stops at its end before reading the next one.
#[derive(Clone)]
pub(super) struct Blocks {
    /// The padded array's row length (its `stride`) and number of rows.
    stride: usize,
    height: usize,
    /// Words per class and direction: the padded cells, rounded up to a word.
    words: usize,
    /// `CLASSES` runs of `words` words, row by row, then the same column by column.
    rows: Vec<u64>,
    cols: Vec<u64>,
}

impl fmt::Debug for Blocks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Blocks")
            .field("stride", &self.stride)
            .field("height", &self.height)
            .field("bytes", &self.bytes())
            .finish_non_exhaustive()
    }
}

/// Which way a straight jump runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Along {
    /// A row (moves left or right).
    Row,
    /// A column (moves up or down).
    Column,
}

impl Blocks {
    /// The bits of `classes`, a padded array of rows of `stride` cells.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when the words cannot be allocated.
    pub(super) fn new(classes: &[u8], stride: usize) -> Result<Self, CapacityError> {
        let height = classes.len() / stride.max(1);
        let words = classes.len().div_ceil(64);
        let mut blocks = Self {
            stride,
            height,
            words,
            rows: try_filled(CLASSES * words, 0)?,
            cols: try_filled(CLASSES * words, 0)?,
        };
        for (i, &class) in classes.iter().enumerate() {
            blocks.set(i, class, true);
        }
        Ok(blocks)
    }

    /// The bytes of the words: 6 bits per cell of the padded array.
    pub(super) fn bytes(&self) -> usize {
        (self.rows.len() + self.cols.len()) * size_of::<u64>()
    }

    /// Sets (`open`) or clears the bit of class `class` of the cell at padded index `i`;
    /// nothing for `BLOCKED` (0) or an unknown class.
    pub(super) fn set(&mut self, i: usize, class: u8, open: bool) {
        let Some(k) = usize::from(class).checked_sub(1).filter(|&k| k < CLASSES) else {
            return;
        };
        let words = self.words;
        let put = |bits: &mut [u64], p: usize| {
            if let Some(w) = bits[k * words..(k + 1) * words].get_mut(p / 64) {
                if open {
                    *w |= 1 << (p % 64);
                } else {
                    *w &= !(1 << (p % 64));
                }
            }
        };
        let t = self.position(Along::Column, i / self.stride, i % self.stride);
        put(&mut self.rows, i);
        put(&mut self.cols, t);
    }

    /// The bits of class `class` along `along`, and the distance between neighbouring
    /// lines in them (empty for `BLOCKED` or an unknown class).
    #[inline]
    fn bits(&self, class: u8, along: Along) -> (&[u64], usize) {
        let (bits, side) = match along {
            Along::Row => (&self.rows, self.stride),
            Along::Column => (&self.cols, self.height),
        };
        let bits = usize::from(class)
            .checked_sub(1)
            .and_then(|k| bits.get(k * self.words..(k + 1) * self.words))
            .unwrap_or(&[]);
        (bits, side)
    }

    /// The position of the cell at padded row `row` and column `col` in the bits along
    /// `along`: its padded index along a row, its transposed one along a column.
    #[inline]
    pub(super) fn position(&self, along: Along, row: usize, col: usize) -> usize {
        match along {
            Along::Row => row * self.stride + col,
            Along::Column => col * self.height + row,
        }
    }

    /// The first stop of a straight jump of class `class` along `along` from position
    /// `from` (see [`Blocks::position`]), toward higher positions (`forward`) or lower
    /// ones: the first position that is `goal` or has a forced neighbour (a cell of the
    /// class on a side line whose predecessor on that line is not), with the number of
    /// moves; `None` when a cell not of the class comes first. `from` is a cell inside
    /// the border.
    ///
    /// # Complexity
    ///
    /// O(1 + moves / 63).
    #[inline]
    pub(super) fn jump(
        &self,
        class: u8,
        along: Along,
        from: usize,
        forward: bool,
        goal: Option<usize>,
    ) -> Option<(usize, u32)> {
        let (bits, side) = self.bits(class, along);
        // The side lines' positions: `from` is inside the border, so both exist.
        let (before, after) = (from.checked_sub(side)?, from + side);
        let moves = |to: usize| u32::try_from(to.abs_diff(from)).ok();
        // Each step reads 64 cells of each line and decides 63 of them: a side line's
        // word starts one cell behind, so that each cell's predecessor is the bit below
        // it. `n` is the step's first cell's distance from the first cell past `from`.
        let mut n = 0;
        if forward {
            let goal = goal.and_then(|g| g.checked_sub(from + 1));
            loop {
                let here = read_up(bits, from + 1 + n);
                let forced = |line: usize| {
                    let cells = read_up(bits, line + n);
                    (cells >> 1) & !cells
                };
                let mut stop = (!here | forced(before) | forced(after)) & !(1 << 63);
                if let Some(d) = goal.and_then(|g| g.checked_sub(n)).filter(|&d| d < 63) {
                    stop |= 1 << d;
                }
                if stop != 0 {
                    let j = stop.trailing_zeros();
                    let to = from + 1 + n + j as usize;
                    return if (here >> j) & 1 == 1 {
                        Some((to, moves(to)?))
                    } else {
                        None
                    };
                }
                n += 63;
            }
        }
        // Backwards, the bits are read with the nearest cell at bit 63. Positions below 0
        // wrap to beyond the bits and read as 0: the border stops a jump first.
        let goal = goal.and_then(|g| from.checked_sub(1 + g));
        loop {
            let near = from.wrapping_sub(1 + n);
            let here = read_down(bits, near);
            let forced = |line: usize| {
                let cells = read_down(bits, line.wrapping_sub(n));
                (cells << 1) & !cells
            };
            let mut stop = (!here | forced(before) | forced(after)) & !1;
            if let Some(d) = goal.and_then(|g| g.checked_sub(n)).filter(|&d| d < 63) {
                stop |= 1 << (63 - d);
            }
            if stop != 0 {
                let j = stop.leading_zeros();
                let to = near.wrapping_sub(j as usize);
                return if (here >> (63 - j)) & 1 == 1 {
                    Some((to, moves(to)?))
                } else {
                    None
                };
            }
            n += 63;
        }
    }
}

/// The 64 bits of `bits` from position `p` up: bit `k` is position `p + k` (0 beyond
/// them).
#[inline]
fn read_up(bits: &[u64], p: usize) -> u64 {
    let (w, o) = (p / 64, p % 64);
    let low = bits.get(w).copied().unwrap_or(0);
    let high = bits.get(w.wrapping_add(1)).copied().unwrap_or(0);
    // `high << (64 - o)` in two shifts, so that `o = 0` needs no branch.
    (low >> o) | ((high << 1) << (63 - o))
}

/// The 64 bits of `bits` up to position `p`: bit `63 - m` is position `p - m` (0 below
/// position 0).
#[inline]
fn read_down(bits: &[u64], p: usize) -> u64 {
    match p.checked_sub(63) {
        Some(start) => read_up(bits, start),
        None => read_up(bits, 0) << (63 - p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_across_words_both_ways() {
        let line = [0x8000_0000_0000_0001u64, 0b101, 0];
        assert_eq!(read_up(&line, 63) & 0b1111, 0b1011);
        assert_eq!(read_down(&line, 64) >> 62, 0b11);
        assert_eq!(read_down(&line, 2) >> 61, 0b001);
        assert_eq!(read_up(&line, 500), 0);
    }
}
