//! The puzzle itself: shapes, pieces, the metrics (and `UnknownMetric`, a name that is
//! none of them), the `Layout` code of a position and the `Puzzle` that checks and encodes
//! its pieces (`Puzzle::new`).

use super::PuzzleError;
use crate::domains::names::word_names;
use crate::grid::Pos;

/// The most cells a board may have.
pub const MAX_CELLS: usize = 128;

/// "No anchor": a step off the board.
pub(super) const NO: u8 = u8::MAX;

/// The shape of a piece: `rows x cols` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    /// Height in cells.
    pub rows: u32,
    /// Width in cells.
    pub cols: u32,
}

/// How moves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Every unit step of one piece is a move.
    Step,
    /// Sliding one piece any distance in a straight line is one move.
    Line,
    /// Moving one piece anywhere it can go in one go, turns included, is one move.
    Any,
}

word_names! {
    Metric { Step = "step", Line = "line", Any = "any" }
    words: "`step`, `line` or `any`",
    /// A metric name that is not `step`, `line` or `any`.
    error: UnknownMetric("metric", expected: "step, line or any")
}

/// A piece of the start position: its label in the picture, its shape and its top-left
/// cell (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The character that draws it.
    pub label: char,
    /// Its shape.
    pub shape: Shape,
    /// Its top-left cell.
    pub at: Pos,
}

/// A position of the pieces, up to swapping pieces of one shape: see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Layout(pub(super) u128);

/// A Klotski puzzle: the box, the start position and the goal.
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::klotski::{Metric, Puzzle};
/// use state_search::Limits;
///
/// // The 2x2 block goes down one row and left one column.
/// let puzzle: Puzzle = "aBB\n.BB\n...\ngoal B 2 1\n".parse()?;
/// let solve = |metric| {
///     let search = puzzle.solve(metric, &Puzzle::DEFAULT_STRATEGY, &Limits::new());
///     search.map(|s| s.into_found().unwrap())
/// };
/// assert_eq!(solve(Metric::Step)?.to_string(), "2\nB 1 2 -> 2 2\nB 2 2 -> 2 1\n");
/// assert_eq!(solve(Metric::Line)?.moves.len(), 2);
/// assert_eq!(solve(Metric::Any)?.to_string(), "1\nB 1 2 -> 2 1\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub(super) rows: u32,
    pub(super) cols: u32,
    pub(super) walls: u128,
    pub(super) shapes: Vec<Shape>,
    /// Bits per shape number in a layout.
    pub(super) bits: u32,
    /// `masks[shape * cells + anchor]`: the cells covered (0 when off the board).
    pub(super) masks: Vec<u128>,
    /// `steps[shape * cells + anchor][dir]`: the anchor one step away in U, D, L, R, or
    /// `NO` off the board.
    pub(super) steps: Vec<[u8; 4]>,
    /// The start pieces, labelled, with their shape numbers.
    pub(super) pieces: Vec<(Piece, u8)>,
    pub(super) start: Layout,
    pub(super) goal: Piece,
    goal_shape: u8,
    pub(super) classic: bool,
}

/// A bit mask of the lowest `n` bits.
#[inline]
pub(super) fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

#[inline]
pub(super) fn shr(x: u128, n: u32) -> u128 {
    x.checked_shr(n).unwrap_or(0)
}

#[inline]
pub(super) fn shl(x: u128, n: u32) -> u128 {
    x.checked_shl(n).unwrap_or(0)
}

impl Puzzle {
    /// A puzzle from its pieces.
    ///
    /// # Arguments
    ///
    /// * `rows`, `cols` - the box.
    /// * `walls` - the wall cells.
    /// * `pieces` - the pieces of the start position.
    /// * `goal` - the index in `pieces` of the goal piece, and where its top-left cell must
    ///   go.
    ///
    /// # Errors
    ///
    /// A [`PuzzleError`] when the box is empty or too large, a piece or a wall is off the
    /// box, two of them overlap, the goal is not a piece or does not fit, or the layout
    /// does not fit in a [`Layout`].
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::klotski::{Piece, Puzzle, PuzzleError, Shape};
    /// use state_search::grid::Pos;
    ///
    /// let block = Piece { label: 'B', shape: Shape { rows: 2, cols: 2 }, at: Pos::new(0, 0) };
    /// let puzzle = Puzzle::new(3, 3, &[Pos::new(2, 0)], &[block], (0, Pos::new(1, 1)))?;
    /// assert_eq!(puzzle.goal().at, Pos::new(1, 1));
    /// let blocked = Puzzle::new(3, 3, &[Pos::new(2, 0)], &[block], (0, Pos::new(1, 0)));
    /// assert_eq!(blocked.unwrap_err(), PuzzleError::GoalBlocked { label: 'B', at: Pos::new(1, 0) });
    /// # Ok::<(), PuzzleError>(())
    /// ```
    pub fn new(
        rows: u32,
        cols: u32,
        walls: &[Pos],
        pieces: &[Piece],
        goal: (usize, Pos),
    ) -> Result<Self, PuzzleError> {
        Self::build(rows, cols, walls, pieces, goal, false)
    }

    pub(super) fn build(
        rows: u32,
        cols: u32,
        walls: &[Pos],
        pieces: &[Piece],
        (goal_index, goal_at): (usize, Pos),
        classic: bool,
    ) -> Result<Self, PuzzleError> {
        let cells = check_box(rows, cols)?;
        let cell = |pos: Pos| pos.row * cols + pos.col;
        let mut occupied = 0u128;
        for &wall in walls {
            if wall.row >= rows || wall.col >= cols {
                return Err(PuzzleError::WallOffBox { pos: wall });
            }
            occupied |= 1 << cell(wall);
        }
        let walls_mask = occupied;
        // Classes of interchangeable pieces in order of first appearance: pieces of one
        // shape, except that the goal piece is a class of its own (another piece of its
        // shape on the goal position does not solve the puzzle).
        let class_of = |index: usize| (pieces[index].shape, index == goal_index);
        let mut classes: Vec<(Shape, bool)> = Vec::new();
        for index in 0..pieces.len() {
            if !classes.contains(&class_of(index)) {
                classes.push(class_of(index));
            }
        }
        let shapes: Vec<Shape> = classes.iter().map(|&(shape, _)| shape).collect();
        let (masks, steps) = shape_tables(rows, cols, &shapes);
        let class_index: Vec<u8> = (0..pieces.len())
            .map(|index| {
                let k = classes
                    .iter()
                    .position(|&c| c == class_of(index))
                    .unwrap_or(0);
                u8::try_from(k).unwrap_or(u8::MAX)
            })
            .collect();
        let placed = place(pieces, &class_index, &masks, shapes.len(), occupied, cols)?;
        let Some(&(goal_piece, goal_shape)) = placed.get(goal_index) else {
            return Err(PuzzleError::NoGoalPiece {
                index: goal_index,
                pieces: pieces.len(),
            });
        };
        let goal_mask = if goal_at.row < rows && goal_at.col < cols {
            masks[usize::from(goal_shape) * cells + cell(goal_at) as usize]
        } else {
            0
        };
        if goal_mask == 0 || goal_mask & walls_mask != 0 {
            return Err(PuzzleError::GoalBlocked {
                label: goal_piece.label,
                at: goal_at,
            });
        }
        let bits = usize::BITS - (shapes.len().max(1) - 1).leading_zeros();
        let needed = cells + pieces.len() * bits as usize;
        if needed > 128 {
            return Err(PuzzleError::LayoutTooLarge { bits: needed });
        }
        let mut puzzle = Self {
            rows,
            cols,
            walls: walls_mask,
            shapes,
            bits,
            masks,
            steps,
            pieces: placed,
            start: Layout(0),
            goal: Piece {
                at: goal_at,
                ..goal_piece
            },
            goal_shape,
            classic,
        };
        puzzle.start = puzzle.layout_of(puzzle.pieces.iter().map(|&(p, k)| (k, cell(p.at))));
        Ok(puzzle)
    }

    /// The layout with a piece of shape number `k` at each anchor `a` of `placements`.
    pub(super) fn layout_of(&self, placements: impl Iterator<Item = (u8, u32)>) -> Layout {
        let mut sorted: Vec<(u32, u8)> = placements.map(|(k, a)| (a, k)).collect();
        sorted.sort_unstable();
        let cells = self.cells();
        let mut code = 0u128;
        for (i, &(anchor, k)) in sorted.iter().enumerate() {
            code |= 1 << anchor;
            code |= shl(u128::from(k), cells + to_u32(i) * self.bits);
        }
        Layout(code)
    }

    /// The number of cells.
    pub(super) fn cells(&self) -> u32 {
        self.rows * self.cols
    }

    crate::grid::rows_cols!(u32);

    /// The pieces of the start position.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        self.pieces.iter().map(|&(piece, _)| piece)
    }

    /// The goal: the goal piece with `at` set to where its top-left cell must go.
    #[must_use]
    pub fn goal(&self) -> Piece {
        self.goal
    }

    /// The distinct shapes of the pieces.
    #[must_use]
    pub fn shapes(&self) -> &[Shape] {
        &self.shapes
    }

    /// The start layout.
    #[must_use]
    pub fn start(&self) -> Layout {
        self.start
    }

    /// Whether the goal piece (a class of its own) has its top-left cell on the goal
    /// position.
    #[inline]
    #[must_use]
    pub fn is_goal(&self, layout: &Layout) -> bool {
        let anchor = self.goal.at.row * self.cols + self.goal.at.col;
        let cells = self.cells();
        let anchors = layout.0 & low_bits(cells);
        anchors & (1 << anchor) != 0
            && self.shape_at(layout.0, (anchors & low_bits(anchor)).count_ones()) == self.goal_shape
    }

    /// The shape number of the `index`-th piece (in cell order) of the code.
    #[inline]
    fn shape_at(&self, code: u128, index: u32) -> u8 {
        if self.bits == 0 {
            return 0;
        }
        let symbol = shr(code, self.cells() + index * self.bits) & low_bits(self.bits);
        u8::try_from(symbol).unwrap_or(0)
    }

    /// The pieces of `layout` as (shape, top-left cell), in cell order.
    pub fn placements<'a>(&'a self, layout: &Layout) -> impl Iterator<Item = (Shape, Pos)> + 'a {
        let code = layout.0;
        let mut anchors = code & low_bits(self.cells());
        let mut index = 0;
        core::iter::from_fn(move || {
            if anchors == 0 {
                return None;
            }
            let anchor = anchors.trailing_zeros();
            anchors &= anchors - 1;
            let shape = self.shapes[usize::from(self.shape_at(code, index))];
            index += 1;
            Some((shape, Pos::new(anchor / self.cols, anchor % self.cols)))
        })
    }
}

/// For every shape and anchor cell: the cells covered (0 when the piece would leave the
/// box) and the anchor one step up, down, left and right (`NO` when off the box).
fn shape_tables(rows: u32, cols: u32, shapes: &[Shape]) -> (Vec<u128>, Vec<[u8; 4]>) {
    let cells = rows as usize * cols as usize;
    let mut masks = vec![0u128; shapes.len() * cells];
    let mut steps = vec![[NO; 4]; shapes.len() * cells];
    for (k, shape) in shapes.iter().enumerate() {
        for anchor in 0..cells {
            let (r, c) = (to_u32(anchor) / cols, to_u32(anchor) % cols);
            // `r < rows` and `c < cols`: the subtractions cannot wrap, where an addition of
            // a huge shape could.
            if shape.rows == 0 || shape.cols == 0 || shape.rows > rows - r || shape.cols > cols - c
            {
                continue;
            }
            let mut mask = 0u128;
            for dr in 0..shape.rows {
                for dc in 0..shape.cols {
                    mask |= 1 << ((r + dr) * cols + c + dc);
                }
            }
            masks[k * cells + anchor] = mask;
        }
        for anchor in 0..cells {
            if masks[k * cells + anchor] == 0 {
                continue;
            }
            let (r, c) = (anchor / cols as usize, anchor % cols as usize);
            let cols = cols as usize;
            let candidates = [
                (r > 0).then(|| anchor - cols),
                Some(anchor + cols),
                (c > 0).then(|| anchor - 1),
                (c + 1 < cols).then(|| anchor + 1),
            ];
            for (dir, next) in candidates.into_iter().enumerate() {
                if let Some(next) = next.filter(|&n| n < cells && masks[k * cells + n] != 0) {
                    steps[k * cells + anchor][dir] = u8::try_from(next).unwrap_or(NO);
                }
            }
        }
    }
    (masks, steps)
}

/// The number of cells of a `rows x cols` box, or why it is not a box.
fn check_box(rows: u32, cols: u32) -> Result<usize, PuzzleError> {
    let cells = rows as usize * cols as usize;
    if rows == 0 || cols == 0 {
        return Err(PuzzleError::Empty);
    }
    if cells > MAX_CELLS {
        return Err(PuzzleError::TooManyCells { cells });
    }
    Ok(cells)
}

/// The pieces with their shape numbers, checked to lie inside the box and to overlap
/// neither each other nor the walls already in `occupied`.
fn place(
    pieces: &[Piece],
    class_index: &[u8],
    masks: &[u128],
    classes: usize,
    mut occupied: u128,
    cols: u32,
) -> Result<Vec<(Piece, u8)>, PuzzleError> {
    let cells = masks.len() / classes.max(1);
    let mut placed = Vec::with_capacity(pieces.len());
    for (piece, &k) in pieces.iter().zip(class_index) {
        let k = usize::from(k);
        let fits = (piece.at.row as usize * cols as usize) < cells && piece.at.col < cols;
        let anchor = piece.at.row as usize * cols as usize + piece.at.col as usize;
        let mask = if fits { masks[k * cells + anchor] } else { 0 };
        let (label, at) = (piece.label, piece.at);
        if mask == 0 {
            return Err(PuzzleError::PieceOffBox { label, at });
        }
        if mask & occupied != 0 {
            return Err(PuzzleError::Overlap { label, at });
        }
        occupied |= mask;
        placed.push((*piece, u8::try_from(k).unwrap_or(0)));
    }
    Ok(placed)
}

pub(super) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
