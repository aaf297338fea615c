//! The state space that [`NPuzzle::solve`] searches with every strategy but `idastar`
//! on boards of up to 16 cells: a board packed in one word, 4 bits per cell.
//!
//! A [`Board`] takes 40 bytes and hashes its shape, blank and tiles field by field; a
//! packed board takes 8 and hashes as one word, so a search's store holds about twice as
//! many boards in the same memory and touches fewer cache lines per lookup.

use smallvec::SmallVec;

use super::{Board, BoardIndexer, NPuzzle, TileHeuristic, byte};
use crate::space::{Heuristic, IndexedSpace, ReversibleSpace, StateIndexer, StateSpace};

/// The most cells a packed board holds.
pub(super) const PACKED_CELLS: usize = 16;

/// A board of at most [`PACKED_CELLS`] cells: the tile of cell `i` in bits `4i..4i+4`; the
/// cells beyond the board's are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Packed(u64);

impl Packed {
    /// `board` packed, or `None` when it has more than [`PACKED_CELLS`] cells.
    pub(super) fn of(board: &Board) -> Option<Self> {
        (board.cells() <= PACKED_CELLS).then(|| {
            Self(
                board
                    .tiles()
                    .iter()
                    .enumerate()
                    .fold(0, |word, (cell, &tile)| {
                        word | u64::from(tile) << (4 * cell)
                    }),
            )
        })
    }

    /// The tile on `cell`.
    #[inline]
    fn tile(self, cell: usize) -> u8 {
        // A nibble: the cast keeps its 4 bits.
        (self.0 >> (4 * cell) & 0xF) as u8
    }

    /// The blank's cell: the lowest cell holding 0 (the cells beyond the board's, also 0,
    /// come after it).
    #[inline]
    pub(super) fn blank(self) -> usize {
        const LOW: u64 = 0x1111_1111_1111_1111;
        const HIGH: u64 = 0x8888_8888_8888_8888;
        // The lowest set bit marks the lowest zero nibble exactly (a borrow only ever
        // marks nibbles above a zero one).
        let zeros = self.0.wrapping_sub(LOW) & !self.0 & HIGH;
        (zeros.trailing_zeros() / 4) as usize
    }

    /// The tiles of the first `cells` cells.
    fn tiles(self, cells: usize) -> [u8; PACKED_CELLS] {
        let mut tiles = [0; PACKED_CELLS];
        for (cell, tile) in tiles.iter_mut().enumerate().take(cells) {
            *tile = self.tile(cell);
        }
        tiles
    }

    /// The board of `puzzle`'s shape.
    pub(super) fn board(self, puzzle: &NPuzzle) -> Board {
        let cells = puzzle.cells();
        let tiles = self.tiles(cells);
        Board::from_parts(
            puzzle.rows,
            puzzle.cols,
            byte(self.blank()),
            SmallVec::from_slice(&tiles[..cells]),
        )
    }
}

/// [`NPuzzle`] over packed boards: the same moves in the same order, each costing 1.
pub(super) struct PackedPuzzle<'p>(pub(super) &'p NPuzzle);

impl StateSpace for PackedPuzzle<'_> {
    type State = Packed;
    type Cost = u32;

    #[inline]
    fn successors(&self, board: &Packed, mut emit: impl FnMut(Packed, u32)) {
        let blank = board.blank();
        for &dir in self.0.moves_from(blank) {
            let cell = self.0.neighbour(blank, dir);
            // The blank's nibble is 0: the tile moves into it.
            let tile = u64::from(board.tile(cell));
            let next = board.0 & !(0xF << (4 * cell)) | tile << (4 * blank);
            emit(Packed(next), 1);
        }
    }

    fn uniform_cost(&self) -> Option<u32> {
        Some(1)
    }
}

impl ReversibleSpace for PackedPuzzle<'_> {
    #[inline]
    fn predecessors(&self, board: &Packed, emit: impl FnMut(Packed, u32)) {
        // Every move is undone by the opposite move, at the same cost.
        self.successors(board, emit);
    }
}

/// [`BoardIndexer`]'s numbering of packed boards.
#[derive(Clone)]
pub(super) struct PackedIndexer<'p> {
    puzzle: &'p NPuzzle,
    boards: BoardIndexer,
}

impl StateIndexer<Packed> for PackedIndexer<'_> {
    fn bound(&self) -> usize {
        self.boards.bound()
    }

    fn index(&self, board: &Packed) -> usize {
        self.boards.index(&board.board(self.puzzle))
    }

    fn state(&self, index: usize) -> Packed {
        let board = self.boards.state(index);
        // The indexer's boards have the puzzle's shape, which packs.
        Packed::of(&board).unwrap_or(Packed(0))
    }
}

impl<'p> IndexedSpace for PackedPuzzle<'p> {
    type Indexer = PackedIndexer<'p>;

    fn indexer(&self) -> PackedIndexer<'p> {
        PackedIndexer {
            puzzle: self.0,
            boards: self.0.indexer(),
        }
    }
}

/// A tile heuristic as an estimate of packed boards of `cells` cells.
pub(super) struct PackedEstimate<H> {
    pub(super) heuristic: H,
    pub(super) cells: usize,
}

impl<H: TileHeuristic> Heuristic<Packed, u32> for PackedEstimate<H> {
    #[inline]
    fn estimate(&self, board: &Packed) -> u32 {
        self.heuristic
            .estimate_tiles(&board.tiles(self.cells)[..self.cells])
    }
}

#[cfg(test)]
mod tests {
    use super::super::{GoalConvention, Manhattan};
    use super::*;
    use crate::event::{Event, Visitor};
    use crate::rng::SplitMix64;
    use crate::solution::Limits;
    use crate::strategy::Strategy;
    use core::ops::ControlFlow;

    /// The successors of a board in both views, the packed ones unpacked.
    fn both(puzzle: &NPuzzle, board: &Board) -> (Vec<Board>, Vec<Board>) {
        let mut boards = Vec::new();
        puzzle.successors(board, |next, _| boards.push(next));
        let mut packed = Vec::new();
        let start = Packed::of(board).unwrap();
        PackedPuzzle(puzzle).successors(&start, |next, _| packed.push(next.board(puzzle)));
        (boards, packed)
    }

    #[test]
    fn packed_boards_move_as_boards_do_on_every_shape_that_packs() {
        let shapes = [
            (1, 2),
            (1, 5),
            (2, 2),
            (2, 3),
            (3, 3),
            (2, 5),
            (3, 4),
            (4, 4),
            (2, 8),
        ];
        for (rows, cols) in shapes {
            for convention in [GoalConvention::BlankFirst, GoalConvention::BlankLast] {
                let goal = Board::goal(rows, cols, convention).unwrap();
                let puzzle = NPuzzle::new(goal);
                let mut rng = SplitMix64::new(7);
                for _ in 0..50 {
                    let board = puzzle.random_walk(&mut rng, 30);
                    let packed = Packed::of(&board).unwrap();
                    assert_eq!(packed.blank(), board.blank(), "{board}");
                    assert_eq!(packed.board(&puzzle), board);
                    let (boards, unpacked) = both(&puzzle, &board);
                    assert_eq!(boards, unpacked, "{rows}x{cols} {board}");
                    let indexer = PackedPuzzle(&puzzle).indexer();
                    assert_eq!(indexer.state(indexer.index(&packed)), packed);
                }
            }
        }
        let wide = Board::goal(3, 6, GoalConvention::BlankFirst).unwrap();
        assert_eq!(Packed::of(&wide), None);
        assert_eq!((size_of::<Packed>(), size_of::<Board>()), (8, 40));
    }

    #[test]
    fn a_search_of_packed_boards_shows_its_visitor_the_boards() {
        /// The boards expanded; the in-place view's events ignored.
        struct Seen(Vec<Board>);
        impl Visitor<Board, u32> for Seen {
            fn visit(&mut self, event: Event<'_, Board, u32>) -> ControlFlow<()> {
                if let Event::Expanded { state, .. } = event {
                    self.0.push(state.clone());
                }
                ControlFlow::Continue(())
            }
        }
        impl<H> Visitor<super::super::Slider<'_, H>, u32> for Seen {
            fn visit(&mut self, _: Event<'_, super::super::Slider<'_, H>, u32>) -> ControlFlow<()> {
                ControlFlow::Continue(())
            }
        }
        let puzzle = NPuzzle::standard(3, 3).unwrap();
        let board: Board = "1 2 5 3 4 0 6 7 8".parse().unwrap();
        let mut watch = Seen(Vec::new());
        let search = puzzle
            .solve_with(
                &board,
                Manhattan::new(&puzzle),
                &Strategy::AStar,
                &Limits::new(),
                &mut watch,
            )
            .unwrap();
        let seen = watch.0;
        assert_eq!(search.found().unwrap().cost, 3);
        assert_eq!(seen.first(), Some(&board));
        assert_eq!(seen.len() as u64, search.stats.expanded);
    }
}
