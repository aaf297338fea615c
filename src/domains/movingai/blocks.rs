//! The open cells of an [`OctileSpace`](super::OctileSpace) as bits, for the straight
//! jumps of Jump Point Search: a jump reads 64 cells of its line at once, with the lines
//! on either side, instead of one cell at a time (block-based jumps, as in Harabor and
//! Grastien's 2014 improvements of JPS).

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
    /// O(1 + moves / 64).
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
        let mut n = 0;
        if forward {
            loop {
                let p = n + 1;
                let here = read_up(bits, from + p);
                let forced = |line: usize| {
                    let cells = read_up(bits, line + p);
                    cells & !((cells << 1) | bit(bits, line + n))
                };
                let mut stop = !here | forced(before) | forced(after);
                if let Some(g) = goal
                    .and_then(|g| g.checked_sub(from + p))
                    .filter(|&d| d < 64)
                {
                    stop |= 1 << g;
                }
                if stop != 0 {
                    let to = from + p + stop.trailing_zeros() as usize;
                    return if (here >> (to - from - p)) & 1 == 1 {
                        Some((to, moves(to)?))
                    } else {
                        None
                    };
                }
                n += 64;
            }
        }
        loop {
            // The cells `p` to `p + 63` before `from`, nearest first at bit 63. Positions
            // below 0 wrap to beyond the bits and read as 0: the border stops a jump first.
            let p = n + 1;
            let near = from.wrapping_sub(p);
            let here = read_down(bits, near);
            let forced = |line: usize| {
                let cells = read_down(bits, line.wrapping_sub(p));
                let previous = bit(bits, line.wrapping_sub(n));
                cells & !((cells >> 1) | (previous << 63))
            };
            let mut stop = !here | forced(before) | forced(after);
            if let Some(g) = goal.and_then(|g| near.checked_sub(g)).filter(|&d| d < 64) {
                stop |= 1 << (63 - g);
            }
            if stop != 0 {
                let m = stop.leading_zeros();
                let to = near.wrapping_sub(m as usize);
                return if (here >> (63 - m)) & 1 == 1 {
                    Some((to, moves(to)?))
                } else {
                    None
                };
            }
            n += 64;
        }
    }
}

/// Bit `p` of `bits` (0 beyond them).
#[inline]
fn bit(bits: &[u64], p: usize) -> u64 {
    bits.get(p / 64).map_or(0, |w| (w >> (p % 64)) & 1)
}

/// The 64 bits of `bits` from position `p` up: bit `k` is position `p + k` (0 beyond
/// them).
#[inline]
fn read_up(bits: &[u64], p: usize) -> u64 {
    let (w, o) = (p / 64, p % 64);
    let low = bits.get(w).map_or(0, |w| w >> o);
    if o == 0 {
        low
    } else {
        low | bits.get(w + 1).map_or(0, |w| w << (64 - o))
    }
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
        assert_eq!((bit(&line, 66), bit(&line, 65), bit(&line, 500)), (1, 0, 0));
    }
}
