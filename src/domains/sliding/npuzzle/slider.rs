//! The in-place view for IDA*: `Slider`, one mutable board whose `Move`s are applied and
//! undone.

use core::fmt;
use core::num::NonZeroU16;

use super::{Board, BoardError, MAX_CELLS, NPuzzle, TileHeuristic};
#[cfg(doc)]
use crate::InPlaceIdaStar;
use crate::grid::Dir;
use crate::space::InPlaceSpace;

/// One move of the blank, as the in-place view ([`Slider`]) applies it: the cells the blank
/// leaves and enters. Carrying both cells makes applying, undoing and inverting a move free
/// of table lookups; [`Move::dir`] recovers the direction.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The cell the blank leaves in the low byte, and `from ^ to` in the high byte: never
    /// zero, since a move's two cells differ, so that an `Option<Move>` (as the in-place
    /// engines keep one per level) takes two bytes, not three, and one word is loaded and
    /// compared.
    bits: NonZeroU16,
}

impl Move {
    /// The move of the blank from cell `from` to cell `to`.
    ///
    /// # Panics
    ///
    /// When `from == to` (in a constant: a compile error).
    pub(super) const fn new(from: u8, to: u8) -> Move {
        assert!(from != to, "a move's two cells differ");
        Move {
            // The high byte is not zero, so neither is the word.
            bits: NonZeroU16::new(u16::from_le_bytes([from, from ^ to])).expect("not zero"),
        }
    }

    /// The cell the blank leaves, as a byte.
    #[inline]
    const fn leave_cell(self) -> u8 {
        self.bits.get().to_le_bytes()[0]
    }

    /// The cell the blank enters, as a byte.
    #[inline]
    const fn enter_cell(self) -> u8 {
        let [from, delta] = self.bits.get().to_le_bytes();
        from ^ delta
    }

    /// The cell the blank leaves (where the moved tile ends).
    #[inline]
    #[must_use]
    pub fn from(self) -> usize {
        usize::from(self.leave_cell())
    }

    /// The cell the blank enters (where the moved tile was).
    #[inline]
    #[must_use]
    pub fn to(self) -> usize {
        usize::from(self.enter_cell())
    }

    /// The direction the blank travels on a board of `cols` columns.
    #[inline]
    #[must_use]
    pub fn dir(self, cols: usize) -> Dir {
        let (from, to) = (self.from(), self.to());
        // Vertical first: on a single column, `cols == 1` would make a step up look left.
        if to + cols == from {
            Dir::Up
        } else if from + cols == to {
            Dir::Down
        } else if to + 1 == from {
            Dir::Left
        } else {
            Dir::Right
        }
    }

    /// The move that undoes this one.
    // Inline: the in-place engines ask for the inverse at every expansion, from another
    // crate's instance of the engine, where a non-generic function is otherwise a call.
    #[inline]
    #[must_use]
    pub fn inverse(self) -> Move {
        // The same `from ^ to` in the high byte, so the low byte `from ^ (from ^ to)` is
        // `to`; the word stays non-zero with its high byte (`unwrap_or` is never taken).
        let bits = self.bits.get();
        Move {
            bits: NonZeroU16::new(bits ^ (bits >> 8)).unwrap_or(self.bits),
        }
    }
}

impl NPuzzle {
    /// The in-place view of `board` for [`InPlaceIdaStar`], with `heuristic` kept up to
    /// date move by move.
    ///
    /// # Errors
    ///
    /// [`BoardError::ShapeMismatch`] or [`BoardError::Unsolvable`] ([`NPuzzle::check`]).
    pub fn in_place<H: TileHeuristic>(
        &self,
        board: &Board,
        mut heuristic: H,
    ) -> Result<Slider<'_, H>, BoardError> {
        self.check(board)?;
        let mut cells = [0u8; MAX_CELLS];
        cells[..board.cells()].copy_from_slice(board.tiles());
        let h = heuristic.start(board.tiles());
        Ok(Slider {
            puzzle: self,
            slides: &self.slides,
            move_count: &self.move_count,
            cells,
            blank: board.blank,
            h,
            heuristic,
        })
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Move")
            .field("from", &self.leave_cell())
            .field("to", &self.enter_cell())
            .finish()
    }
}

/// The in-place view of a board for [`InPlaceIdaStar`]: one mutable board whose moves are
/// applied and undone, with the heuristic `H` kept up to date at each move.
///
/// The actions are the blank's [`Move`]s in the puzzle's [`MoveOrder`] (each carries the
/// cells it swaps, so applying, undoing and inverting one needs no table); the inverse of a
/// move (never tried right after it) swaps them back; every move costs 1. The heuristic
/// peeks ([`InPlaceSpace::peek`]) when it can tell a child's estimate without moving the
/// tile (the Manhattan distance can), so IDA* rejects children beyond its bound without
/// touching the board. The goal test for the engine is [`Slider::is_solved`]; a plan's
/// moves turn into directions with [`Move::dir`].
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::npuzzle::{Manhattan, NPuzzle, Slider};
/// use state_search::{InPlaceIdaStar, InPlaceSolver};
///
/// let puzzle = NPuzzle::standard(4, 4)?;
/// let board = "4 1 2 3 5 0 6 7 8 9 10 11 12 13 14 15".parse()?;
/// let mut slider = puzzle.in_place(&board, Manhattan::new(&puzzle))?;
/// let search = InPlaceIdaStar::new().search(&mut slider, Slider::is_solved);
/// assert_eq!(search.found().map(|plan| plan.cost), Some(2)); // left, then up
/// assert_eq!(slider.board(), board); // the slider is back at its start
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`MoveOrder`]: super::MoveOrder
#[derive(Clone, Debug)]
pub struct Slider<'p, H> {
    puzzle: &'p NPuzzle,
    /// The puzzle's move tables, borrowed directly: one load less per expansion than
    /// through `puzzle`.
    slides: &'p [[Move; 4]; MAX_CELLS],
    move_count: &'p [u8; MAX_CELLS],
    cells: [u8; MAX_CELLS],
    blank: u8,
    h: u32,
    heuristic: H,
}

impl<H: TileHeuristic> Slider<'_, H> {
    /// Whether the current board is the goal: compared with the goal whenever the estimate
    /// is zero, so that no heuristic (a damaged pattern database included) can make an
    /// unsolved board pass for solved.
    #[inline]
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.h == 0 && self.cells[..self.puzzle.cells()] == *self.puzzle.goal.tiles()
    }

    /// The current board.
    #[must_use]
    pub fn board(&self) -> Board {
        let tiles = &self.cells[..self.puzzle.cells()];
        Board::from_parts(
            self.puzzle.rows,
            self.puzzle.cols,
            self.blank,
            tiles.iter().copied().collect(),
        )
    }

    /// The heuristic's current estimate.
    #[must_use]
    pub fn estimate(&self) -> u32 {
        self.h
    }

    /// The tracked heuristic.
    #[must_use]
    pub fn tracker(&self) -> &H {
        &self.heuristic
    }
}

impl<H> Slider<'_, H> {
    /// Slides the tile at `tile_cell` into the blank at `blank_cell`, which moves to
    /// `tile_cell`; returns the tile. A move and its undo are this with the cells swapped.
    #[inline]
    fn shift(&mut self, tile_cell: u8, blank_cell: u8) -> u8 {
        let tile = self.cells[usize::from(tile_cell)];
        self.cells[usize::from(blank_cell)] = tile;
        self.cells[usize::from(tile_cell)] = 0;
        self.blank = tile_cell;
        tile
    }
}

impl<'p, H: TileHeuristic> InPlaceSpace for Slider<'p, H> {
    type Action = Move;
    type Cost = u32;
    /// The blank's moves from the puzzle's table: the iterator borrows the puzzle, not the
    /// slider.
    type Actions = core::iter::Copied<core::slice::Iter<'p, Move>>;

    #[inline]
    fn actions(&self) -> Self::Actions {
        let blank = usize::from(self.blank);
        let count = usize::from(self.move_count[blank]);
        let slides: &'p [[Move; 4]; MAX_CELLS] = self.slides;
        slides[blank][..count.min(4)].iter().copied()
    }

    /// Moves the blank from `slide.from()` to `slide.to()`, which must be one of the
    /// current [`actions`](InPlaceSpace::actions).
    #[inline]
    fn apply(&mut self, slide: Move) -> u32 {
        let (from, to) = (slide.leave_cell(), slide.enter_cell());
        let tile = self.shift(to, from);
        self.h = self.heuristic.slide(self.h, tile, to, from);
        1
    }

    #[inline]
    fn undo(&mut self, slide: Move) {
        let (from, to) = (slide.leave_cell(), slide.enter_cell());
        let tile = self.shift(from, to);
        self.h = self.heuristic.unslide(self.h, tile, to, from);
    }

    #[inline]
    fn peek(&self, slide: Move) -> Option<(u32, u32)> {
        let (from, to) = (slide.leave_cell(), slide.enter_cell());
        let tile = self.cells[usize::from(to)];
        let h = self.heuristic.peek(self.h, tile, to, from)?;
        Some((1, h))
    }

    #[inline]
    fn inverse(&self, slide: Move) -> Option<Move> {
        Some(slide.inverse())
    }

    /// When the heuristic asks for it ([`TileHeuristic::pathmax`]): every slide is undone
    /// by the opposite slide, at the same cost.
    fn pathmax(&self) -> bool {
        self.heuristic.pathmax()
    }

    #[inline]
    fn heuristic(&self) -> u32 {
        self.h
    }
}
