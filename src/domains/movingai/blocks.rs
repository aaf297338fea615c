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
/// cell is of that class. Each class has its rows as lines of words, and its columns as
/// lines of words (the transpose), so that horizontal and vertical jumps read the same
/// way. Every line ends with a zero word, so that 64 bits from any position of it can be
/// read from two words.
#[derive(Clone)]
pub(super) struct Blocks {
    /// The padded array's row length (its `stride`) and number of rows.
    stride: usize,
    height: usize,
    /// Words per row line and per column line.
    row_words: usize,
    col_words: usize,
    /// `CLASSES` blocks of `height` row lines, then of `stride` column lines.
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

/// Which way a straight jump runs along its line.
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
        let (row_words, col_words) = (stride / 64 + 2, height / 64 + 2);
        let words = |lines: usize, per_line: usize| {
            CLASSES
                .checked_mul(lines)
                .and_then(|n| n.checked_mul(per_line))
                .ok_or_else(|| CapacityError::too_many_states(usize::MAX))
        };
        let mut blocks = Self {
            stride,
            height,
            row_words,
            col_words,
            rows: try_filled(words(height, row_words)?, 0)?,
            cols: try_filled(words(stride, col_words)?, 0)?,
        };
        for (i, &class) in classes.iter().enumerate() {
            blocks.set(i, class, true);
        }
        Ok(blocks)
    }

    /// The bytes of the words.
    pub(super) fn bytes(&self) -> usize {
        (self.rows.len() + self.cols.len()) * size_of::<u64>()
    }

    /// Sets (`open`) or clears the bit of class `class` of the cell at padded index `i`;
    /// nothing for `BLOCKED` or an unknown class.
    pub(super) fn set(&mut self, i: usize, class: u8, open: bool) {
        let Some(k) = usize::from(class).checked_sub(1).filter(|&k| k < CLASSES) else {
            return;
        };
        let (row, col) = (i / self.stride, i % self.stride);
        let put = |words: &mut Vec<u64>, word: usize, bit: usize| {
            if let Some(w) = words.get_mut(word) {
                if open {
                    *w |= 1 << bit;
                } else {
                    *w &= !(1 << bit);
                }
            }
        };
        put(
            &mut self.rows,
            (k * self.height + row) * self.row_words + col / 64,
            col % 64,
        );
        put(
            &mut self.cols,
            (k * self.stride + col) * self.col_words + row / 64,
            row % 64,
        );
    }

    /// Line `line` of class `class` along `along` (empty for `BLOCKED` or beyond).
    #[inline]
    fn line(&self, class: u8, along: Along, line: usize) -> &[u64] {
        let (words, lines, per_line) = match along {
            Along::Row => (&self.rows, self.height, self.row_words),
            Along::Column => (&self.cols, self.stride, self.col_words),
        };
        let Some(k) = usize::from(class).checked_sub(1) else {
            return &[];
        };
        let start = (k * lines + line) * per_line;
        words.get(start..start + per_line).unwrap_or(&[])
    }

    /// The first stop of a straight jump of class `class` along line `line` from position
    /// `from`, toward higher positions (`forward`) or lower ones: the first position that
    /// is `goal` or has a forced neighbour (a cell of the class on a side line whose
    /// predecessor on that line is not), with the number of moves; `None` when a cell not
    /// of the class comes first. The cells beyond the array read as not of the class.
    ///
    /// # Complexity
    ///
    /// O(1 + moves / 64).
    #[inline]
    pub(super) fn jump(
        &self,
        class: u8,
        along: Along,
        line: usize,
        from: usize,
        forward: bool,
        goal: Option<usize>,
    ) -> Option<(usize, u32)> {
        let open = self.line(class, along, line);
        let before = line
            .checked_sub(1)
            .map_or(&[][..], |l| self.line(class, along, l));
        let after = self.line(class, along, line + 1);
        let moves = |to: usize| u32::try_from(to.abs_diff(from)).ok();
        let mut at = from;
        if forward {
            loop {
                let p = at + 1;
                let here = read_up(open, p);
                let forced = |side: &[u64]| {
                    let bits = read_up(side, p);
                    bits & !((bits << 1) | bit(side, at))
                };
                let mut stop = !here | forced(before) | forced(after);
                if let Some(g) = goal.and_then(|g| g.checked_sub(p)).filter(|&d| d < 64) {
                    stop |= 1 << g;
                }
                if stop != 0 {
                    let to = p + stop.trailing_zeros() as usize;
                    return if (here >> (to - p)) & 1 == 1 {
                        Some((to, moves(to)?))
                    } else {
                        None
                    };
                }
                at += 64;
            }
        }
        loop {
            let p = at.checked_sub(1)?;
            let here = read_down(open, p);
            let forced = |side: &[u64]| {
                let bits = read_down(side, p);
                bits & !((bits >> 1) | (bit(side, at) << 63))
            };
            let mut stop = !here | forced(before) | forced(after);
            if let Some(g) = goal.and_then(|g| p.checked_sub(g)).filter(|&d| d < 64) {
                stop |= 1 << (63 - g);
            }
            if stop != 0 {
                let m = stop.leading_zeros();
                let to = p - m as usize;
                return if (here >> (63 - m)) & 1 == 1 {
                    Some((to, moves(to)?))
                } else {
                    None
                };
            }
            at = at.checked_sub(64)?;
        }
    }
}

/// Bit `p` of `line` (0 beyond it).
#[inline]
fn bit(line: &[u64], p: usize) -> u64 {
    line.get(p / 64).map_or(0, |w| (w >> (p % 64)) & 1)
}

/// The 64 bits of `line` from position `p` up: bit `k` is position `p + k` (0 beyond the
/// line).
#[inline]
fn read_up(line: &[u64], p: usize) -> u64 {
    let (w, o) = (p / 64, p % 64);
    let low = line.get(w).map_or(0, |w| w >> o);
    if o == 0 {
        low
    } else {
        low | line.get(w + 1).map_or(0, |w| w << (64 - o))
    }
}

/// The 64 bits of `line` up to position `p`: bit `63 - m` is position `p - m` (0 below
/// position 0).
#[inline]
fn read_down(line: &[u64], p: usize) -> u64 {
    match p.checked_sub(63) {
        Some(start) => read_up(line, start),
        None => read_up(line, 0) << (63 - p),
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
