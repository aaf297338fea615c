//! Klotski (华容道): rectangular pieces of any size slide in a box until a chosen piece
//! reaches a chosen place, under three move metrics.
//!
//! # The puzzle
//!
//! A `rows x cols` box holds walls, empty cells and rectangular pieces that never rotate.
//! A piece may slide into empty cells. The goal is one chosen piece with its top-left cell
//! at a chosen position. Other pieces of one shape are interchangeable (layouts that differ
//! only by swapping them are one state); the goal piece is not interchangeable with them.
//! How moves are counted is the [`Metric`]: every unit step, every straight slide of any
//! length, or every relocation of one piece along any path. The classic start "横刀立马"
//! ([`Puzzle::classic`]) needs 116, 90 and 81 moves.
//!
//! # The text format
//!
//! A picture of the box, one line per row, all of the same length: `.` is an empty
//! cell, `#` a wall, and any other character (not a space) a piece. It comes in two
//! forms, told apart by the goal line:
//!
//! - **Labelled** (the general form): every character names *one* piece, so the cells
//!   of each character must form one filled rectangle; two pieces of the same shape just
//!   use two characters. After the picture, a line `goal X R C` says that the goal is
//!   the piece drawn with `X` with its top-left cell at row `R`, column `C` (1-based).
//!   ```text
//!   ABBC
//!   ABBC
//!   DEEF
//!   DGHF
//!   I..J
//!   goal B 4 2
//!   ```
//! - **Classic** (a convenience for the traditional pictures): no goal line, and only
//!   the letters `B` (the 2x2 block, exactly one), `v` (vertical 2x1 pieces), `h`
//!   (horizontal 1x2 pieces) and `s` (1x1 soldiers), besides `.` and `#`. Touching pieces
//!   of one letter are split unambiguously: scanning the picture row by row, the first
//!   cell of a letter not yet covered must be the top-left cell of a piece (no piece of
//!   that shape could cover it otherwise), so the split is forced. The goal is `B` on the
//!   bottom row, centred (the exit of the traditional box).
//!   ```text
//!   vBBv
//!   vBBv
//!   vhhv
//!   vssv
//!   s..s
//!   ```
//!
//! Picture lines have no spaces, so a line with a space is never part of the picture.
//! Errors are [`ParseError`]s with the line and column at fault.
//!
//! # States
//!
//! A [`Layout`] lists where the pieces of each shape are, not which one is where, so
//! layouts that differ only by swapping pieces of one shape are one state (25,955 states
//! are reachable from 横刀立马, against 65,880 arrangements of its pieces in all). It is
//! one `u128`: a bit per cell for the top-left cells of the pieces, followed by the shape
//! of each piece in the order of those cells (`ceil(log2(shapes))` bits each). Boards
//! need `cells + pieces * bits <= 128`; occupancy tests use one `u128` mask per shape
//! and position.
//!
//! # Solving
//!
//! [`Puzzle::space`] is the [`StateSpace`] under a metric: every move costs 1, so
//! [`Bfs`] finds the fewest moves ([`Puzzle::solve`] does that, with hashed storage: the
//! whole space of 横刀立马 is searched in a few milliseconds). [`Solution`] prints the
//! answer with one line per move, for a person to replay.
//!
//! # Examples
//!
//! ```
//! use state_search::domains::sliding::klotski::{Metric, Puzzle};
//!
//! let puzzle = Puzzle::classic();
//! let solution = puzzle.solve(Metric::Any).unwrap();
//! assert_eq!(solution.moves.len(), 81);
//! let text = solution.to_string();
//! assert_eq!(text.lines().next(), Some("81"));
//! assert_eq!(puzzle.reachable(), 25_955);
//! ```

use core::fmt;
use core::str::FromStr;

use crate::Bfs;
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Pos;
use crate::space::{StateIndexer, StateSpace};

/// The most cells a board may have.
pub const MAX_CELLS: usize = 128;

/// "No anchor": a step off the board.
const NO: u8 = u8::MAX;

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

impl FromStr for Metric {
    type Err = String;
    /// `step`, `line` or `any`.
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "step" => Ok(Metric::Step),
            "line" => Ok(Metric::Line),
            "any" => Ok(Metric::Any),
            _ => Err(format!(
                "unknown metric {text:?}: expected step, line or any"
            )),
        }
    }
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
pub struct Layout(u128);

/// One move of a solution: the piece drawn with `label` whose top-left cell is at `from`
/// goes to `to` (0-based; printed 1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The piece's label.
    pub label: char,
    /// Its top-left cell before the move.
    pub from: Pos,
    /// Its top-left cell after the move.
    pub to: Pos,
}

impl fmt::Display for Move {
    /// `X r c -> r' c'`: the piece `X` at row `r`, column `c` (its top-left cell, 1-based)
    /// goes to row `r'`, column `c'`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} -> {} {}",
            self.label,
            self.from.row + 1,
            self.from.col + 1,
            self.to.row + 1,
            self.to.col + 1
        )
    }
}

/// A shortest solution: the moves in order, under the metric it was found for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The metric.
    pub metric: Metric,
    /// The moves, in order.
    pub moves: Vec<Move>,
}

impl fmt::Display for Solution {
    /// The number of moves on the first line, then one line per move ([`Move`]'s format).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.moves.len())?;
        for step in &self.moves {
            writeln!(f, "{step}")?;
        }
        Ok(())
    }
}

/// A Klotski puzzle: the box, the start position and the goal.
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::klotski::{Metric, Puzzle};
///
/// // The 2x2 block goes down one row and left one column.
/// let puzzle: Puzzle = "aBB\n.BB\n...\ngoal B 2 1\n".parse()?;
/// let solution = puzzle.solve(Metric::Step).unwrap();
/// assert_eq!(solution.to_string(), "2\nB 1 2 -> 2 2\nB 2 2 -> 2 1\n");
/// assert_eq!(puzzle.solve(Metric::Line).unwrap().moves.len(), 2);
/// assert_eq!(puzzle.solve(Metric::Any).unwrap().to_string(), "1\nB 1 2 -> 2 1\n");
/// # Ok::<(), state_search::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    rows: u32,
    cols: u32,
    walls: u128,
    shapes: Vec<Shape>,
    /// Bits per shape number in a layout.
    bits: u32,
    /// `masks[shape * cells + anchor]`: the cells covered (0 when off the board).
    masks: Vec<u128>,
    /// `steps[shape * cells + anchor][dir]`: the anchor one step away in U, D, L, R, or
    /// `NO` off the board.
    steps: Vec<[u8; 4]>,
    /// The start pieces, labelled, with their shape numbers.
    pieces: Vec<(Piece, u8)>,
    start: Layout,
    goal: Piece,
    goal_shape: u8,
    classic: bool,
}

/// A bit mask of the lowest `n` bits.
#[inline]
fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

#[inline]
fn shr(x: u128, n: u32) -> u128 {
    x.checked_shr(n).unwrap_or(0)
}

#[inline]
fn shl(x: u128, n: u32) -> u128 {
    x.checked_shl(n).unwrap_or(0)
}

impl Puzzle {
    /// 横刀立马, the classic start: the 2x2 block at the top centre, four vertical pieces,
    /// one horizontal piece and four soldiers.
    #[must_use]
    pub fn classic() -> Self {
        CLASSIC
            .parse()
            .unwrap_or_else(|error| unreachable!("the classic picture parses: {error}"))
    }

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
    /// A [`ParseError`] (at line 0) when the box is empty or too large, a piece or a wall
    /// is off the box, two of them overlap, the goal is not a piece or does not fit, or the
    /// layout does not fit in a [`Layout`].
    pub fn new(
        rows: u32,
        cols: u32,
        walls: &[Pos],
        pieces: &[Piece],
        goal: (usize, Pos),
    ) -> Result<Self, ParseError> {
        Self::build(rows, cols, walls, pieces, goal, false)
    }

    fn build(
        rows: u32,
        cols: u32,
        walls: &[Pos],
        pieces: &[Piece],
        (goal_index, goal_at): (usize, Pos),
        classic: bool,
    ) -> Result<Self, ParseError> {
        let invalid = |expected: &str, found: String| box_error(invalid(expected, found));
        let cells = check_box(rows, cols)?;
        let cell = |pos: Pos| pos.row * cols + pos.col;
        let mut occupied = 0u128;
        for &wall in walls {
            if wall.row >= rows || wall.col >= cols {
                return Err(invalid("a wall inside the box", format!("{wall:?}")));
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
            return Err(invalid(
                "the index of a piece as the goal",
                goal_index.to_string(),
            ));
        };
        let goal_mask = if goal_at.row < rows && goal_at.col < cols {
            masks[usize::from(goal_shape) * cells + cell(goal_at) as usize]
        } else {
            0
        };
        if goal_mask == 0 || goal_mask & walls_mask != 0 {
            return Err(invalid(
                "a goal position inside the box and clear of walls",
                format!(
                    "{} at ({}, {})",
                    goal_piece.label,
                    goal_at.row + 1,
                    goal_at.col + 1
                ),
            ));
        }
        let bits = usize::BITS - (shapes.len().max(1) - 1).leading_zeros();
        let needed = cells + pieces.len() * bits as usize;
        if needed > 128 {
            return Err(box_error(ParseErrorKind::TooLarge {
                what: "cells + pieces x bits per shape",
                limit: 128,
                found: needed,
            }));
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
    fn layout_of(&self, placements: impl Iterator<Item = (u8, u32)>) -> Layout {
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
    fn cells(&self) -> u32 {
        self.rows * self.cols
    }

    /// The number of rows.
    #[must_use]
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The number of columns.
    #[must_use]
    pub fn cols(&self) -> u32 {
        self.cols
    }

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

    /// The space of layouts under `metric`.
    #[must_use]
    pub fn space(&self, metric: Metric) -> Moves<'_> {
        Moves {
            puzzle: self,
            metric,
        }
    }

    /// The number of layouts reachable from the start (the same under every metric).
    ///
    /// # Complexity
    ///
    /// One BFS over the reachable layouts.
    #[must_use]
    pub fn reachable(&self) -> usize {
        let mut bfs = Bfs::new();
        let search = bfs.reach(&self.space(Metric::Step), [self.start]);
        search.stats.stored
    }

    /// A solution with the fewest moves under `metric`, by BFS; `None` when the goal
    /// cannot be reached.
    ///
    /// # Complexity
    ///
    /// One BFS over the reachable layouts.
    #[must_use]
    pub fn solve(&self, metric: Metric) -> Option<Solution> {
        let space = self.space(metric);
        let found = Bfs::new()
            .search(&space, [self.start], |layout| self.is_goal(layout))
            .into_found()?;
        Some(Solution {
            metric,
            moves: self.moves_along(&found.path),
        })
    }

    /// The labelled moves that turn each layout of `path` into the next, starting from the
    /// start position (the first layout of `path` must be the start layout). Pieces of
    /// one shape are told apart by following them from the start.
    #[must_use]
    pub fn moves_along(&self, path: &[Layout]) -> Vec<Move> {
        let cells = self.cells();
        let mut at: Vec<(char, u32)> = self
            .pieces
            .iter()
            .map(|(p, _)| (p.label, p.at.row * self.cols + p.at.col))
            .collect();
        let pos = |anchor: u32| Pos::new(anchor / self.cols, anchor % self.cols);
        let mut moves = Vec::with_capacity(path.len().saturating_sub(1));
        for pair in path.windows(2) {
            let (before, after) = (pair[0].0 & low_bits(cells), pair[1].0 & low_bits(cells));
            let (left, arrived) = (before & !after, after & !before);
            if left.count_ones() != 1 || arrived.count_ones() != 1 {
                break;
            }
            let (from, to) = (left.trailing_zeros(), arrived.trailing_zeros());
            if let Some(piece) = at.iter_mut().find(|(_, anchor)| *anchor == from) {
                piece.1 = to;
                moves.push(Move {
                    label: piece.0,
                    from: pos(from),
                    to: pos(to),
                });
            }
        }
        moves
    }

    /// The picture of `layout` with one character per shape (the first label drawn with
    /// that shape at the start) and a line per row.
    #[must_use]
    pub fn picture(&self, layout: &Layout) -> String {
        let mut grid = self.blank_picture();
        for (shape, at) in self.placements(layout) {
            let k = self.shapes.iter().position(|&s| s == shape).unwrap_or(0);
            let label = self
                .pieces
                .iter()
                .find(|(_, shape)| usize::from(*shape) == k)
                .map_or('?', |(p, _)| p.label);
            self.draw(&mut grid, shape, at, label);
        }
        Self::join(&grid)
    }

    fn blank_picture(&self) -> Vec<Vec<char>> {
        let mut grid = vec![vec!['.'; self.cols as usize]; self.rows as usize];
        for cell in 0..self.cells() {
            if self.walls & (1 << cell) != 0 {
                grid[(cell / self.cols) as usize][(cell % self.cols) as usize] = '#';
            }
        }
        grid
    }

    fn draw(&self, grid: &mut [Vec<char>], shape: Shape, at: Pos, label: char) {
        let _ = self;
        for r in at.row..at.row + shape.rows {
            for c in at.col..at.col + shape.cols {
                grid[r as usize][c as usize] = label;
            }
        }
    }

    fn join(grid: &[Vec<char>]) -> String {
        let mut text = String::new();
        for row in grid {
            text.extend(row.iter());
            text.push('\n');
        }
        text
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

/// An error about the puzzle as a whole (line 0: it came from [`Puzzle::new`]).
fn box_error(kind: ParseErrorKind) -> ParseError {
    ParseError::new(0, 0, kind)
}

/// The number of cells of a `rows x cols` box, or why it is not a box.
fn check_box(rows: u32, cols: u32) -> Result<usize, ParseError> {
    let cells = rows as usize * cols as usize;
    if rows == 0 || cols == 0 {
        return Err(box_error(ParseErrorKind::Missing("board picture")));
    }
    if cells > MAX_CELLS {
        return Err(box_error(ParseErrorKind::TooLarge {
            what: "the number of cells",
            limit: MAX_CELLS,
            found: cells,
        }));
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
) -> Result<Vec<(Piece, u8)>, ParseError> {
    let cells = masks.len() / classes.max(1);
    let mut placed = Vec::with_capacity(pieces.len());
    for (piece, &k) in pieces.iter().zip(class_index) {
        let k = usize::from(k);
        let fits = (piece.at.row as usize * cols as usize) < cells && piece.at.col < cols;
        let anchor = piece.at.row as usize * cols as usize + piece.at.col as usize;
        let mask = if fits { masks[k * cells + anchor] } else { 0 };
        let found = format!(
            "{:?} at ({}, {})",
            piece.label,
            piece.at.row + 1,
            piece.at.col + 1
        );
        if mask == 0 {
            return Err(box_error(invalid("a piece inside the box", found)));
        }
        if mask & occupied != 0 {
            return Err(box_error(invalid(
                "pieces that do not overlap each other or a wall",
                found,
            )));
        }
        occupied |= mask;
        placed.push((*piece, u8::try_from(k).unwrap_or(0)));
    }
    Ok(placed)
}

/// 横刀立马 in the classic notation.
const CLASSIC: &str = "vBBv\nvBBv\nvhhv\nvssv\ns..s\n";

impl fmt::Display for Puzzle {
    /// The start position in the format it was read in: the classic picture, or the
    /// labelled picture and its goal line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut grid = self.blank_picture();
        for (piece, _) in &self.pieces {
            self.draw(&mut grid, piece.shape, piece.at, piece.label);
        }
        f.write_str(&Self::join(&grid))?;
        if !self.classic {
            writeln!(
                f,
                "goal {} {} {}",
                self.goal.label,
                self.goal.at.row + 1,
                self.goal.at.col + 1
            )?;
        }
        Ok(())
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
/// use state_search::{Bfs, Dense, StateIndexer};
///
/// let puzzle = Puzzle::classic();
/// let indexer = puzzle.indexer(1 << 20).unwrap();
/// assert_eq!(indexer.bound(), 65_880); // the placements of the classic pieces
/// let mut bfs = Bfs::with_storage(Dense(indexer));
/// let search = bfs.search(&puzzle.space(Metric::Line), [puzzle.start()], |l| puzzle.is_goal(l));
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

impl StateSpace for Moves<'_> {
    type State = Layout;
    type Cost = u32;

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
    fn relocate(&self, code: u128, from: u32, index: u32, k: u8, to: u32) -> u128 {
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

/// A picture read from the text: its cells as characters, with the line of each row.
struct Picture {
    rows: Vec<Vec<char>>,
    /// The 1-based line of each row.
    lines: Vec<usize>,
}

impl Picture {
    fn width(&self) -> usize {
        self.rows.first().map_or(0, Vec::len)
    }

    /// The 1-based line and column of cell (`row`, `col`).
    fn place(&self, row: usize, col: usize) -> (usize, usize) {
        (self.lines[row], col + 1)
    }
}

/// An error at a cell of the picture.
fn at(picture: &Picture, row: usize, col: usize, kind: ParseErrorKind) -> ParseError {
    let (line, column) = picture.place(row, col);
    ParseError::new(line, column, kind)
}

fn invalid(expected: impl Into<String>, found: impl Into<String>) -> ParseErrorKind {
    ParseErrorKind::Invalid {
        expected: expected.into(),
        found: found.into(),
    }
}

/// The shapes of the classic letters.
fn classic_shape(letter: char) -> Option<Shape> {
    let (rows, cols) = match letter {
        'B' => (2, 2),
        'v' => (2, 1),
        'h' => (1, 2),
        's' => (1, 1),
        _ => return None,
    };
    Some(Shape { rows, cols })
}

impl FromStr for Puzzle {
    type Err = ParseError;

    /// Reads the labelled or the classic format (see the module docs).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the line and column at fault: rows of different lengths, a
    /// space in the picture, a labelled piece that is not one filled rectangle, a classic
    /// letter that does not split into its pieces, a character the classic format does
    /// not know, a missing or second `B`, a malformed goal line or one naming no piece, a
    /// goal off the box or on a wall, text after the goal line, or a box too large.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line.trim_end()));
        let mut picture = Picture {
            rows: Vec::new(),
            lines: Vec::new(),
        };
        let mut rest = None;
        for (number, line) in lines.by_ref() {
            if line.is_empty() {
                if picture.rows.is_empty() {
                    continue;
                }
                break;
            }
            if line.contains(char::is_whitespace) {
                rest = Some((number, line));
                break;
            }
            let row: Vec<char> = line.chars().collect();
            if let Some(width) = picture.rows.first().map(Vec::len)
                && row.len() != width
            {
                return Err(ParseError::new(
                    number,
                    0,
                    ParseErrorKind::RowLength {
                        expected: width,
                        found: row.len(),
                    },
                ));
            }
            picture.rows.push(row);
            picture.lines.push(number);
        }
        if picture.rows.is_empty() {
            let line = rest.map_or(1, |(number, _)| number);
            return Err(ParseError::new(
                line,
                0,
                ParseErrorKind::Missing("board picture"),
            ));
        }
        let (rows, cols) = (picture.rows.len(), picture.width());
        if rows * cols > MAX_CELLS {
            return Err(ParseError::new(
                picture.lines[0],
                0,
                ParseErrorKind::TooLarge {
                    what: "the number of cells",
                    limit: MAX_CELLS,
                    found: rows * cols,
                },
            ));
        }
        // The goal line, then nothing but blank lines.
        let goal_line = match rest {
            Some(line) => Some(line),
            None => lines.by_ref().find(|(_, line)| !line.is_empty()),
        };
        if goal_line.is_some()
            && let Some((number, _)) = lines.find(|(_, line)| !line.is_empty())
        {
            return Err(ParseError::new(number, 1, ParseErrorKind::Trailing));
        }
        let walls: Vec<Pos> = cells_of(&picture, '#');
        match goal_line {
            Some(goal) => labelled(&picture, &walls, goal),
            None => classic(&picture, &walls),
        }
    }
}

/// The positions of the cells drawn with `label`, row by row.
fn cells_of(picture: &Picture, label: char) -> Vec<Pos> {
    let mut cells = Vec::new();
    for (r, row) in picture.rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            if ch == label {
                cells.push(Pos::new(to_u32(r), to_u32(c)));
            }
        }
    }
    cells
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The pieces of a labelled picture: one per character, each a filled rectangle.
fn labelled_pieces(picture: &Picture) -> Result<Vec<Piece>, ParseError> {
    // Labels in order of their first cell.
    let mut labels: Vec<char> = Vec::new();
    for row in &picture.rows {
        for &ch in row {
            if ch != '.' && ch != '#' && !labels.contains(&ch) {
                labels.push(ch);
            }
        }
    }
    let mut pieces = Vec::with_capacity(labels.len());
    for &label in &labels {
        let cells = cells_of(picture, label);
        let (top, left) = (cells[0].row, cells.iter().map(|p| p.col).min().unwrap_or(0));
        let bottom = cells.iter().map(|p| p.row).max().unwrap_or(top);
        let right = cells.iter().map(|p| p.col).max().unwrap_or(left);
        let shape = Shape {
            rows: bottom - top + 1,
            cols: right - left + 1,
        };
        if (shape.rows * shape.cols) as usize != cells.len() {
            // A cell of the bounding box holds something else: point at it.
            let hole = (top..=bottom)
                .flat_map(|r| (left..=right).map(move |c| (r, c)))
                .find(|&(r, c)| picture.rows[r as usize][c as usize] != label)
                .unwrap_or((top, left));
            return Err(at(
                picture,
                hole.0 as usize,
                hole.1 as usize,
                invalid(
                    format!(
                        "{label:?} here: in the labelled format each character draws one \
                         filled rectangle (use another character for another piece)"
                    ),
                    picture.rows[hole.0 as usize][hole.1 as usize].to_string(),
                ),
            ));
        }
        pieces.push(Piece {
            label,
            shape,
            at: Pos::new(top, left),
        });
    }
    Ok(pieces)
}

/// The puzzle from a labelled picture and its goal line `(line number, text)`.
fn labelled(
    picture: &Picture,
    walls: &[Pos],
    (number, line): (usize, &str),
) -> Result<Puzzle, ParseError> {
    let pieces = labelled_pieces(picture)?;
    let words: Vec<&str> = line.split_whitespace().collect();
    let column = |i: usize| {
        // The 1-based column of the i-th word.
        let mut from = 0;
        for word in &words[..i] {
            from = line[from..]
                .find(word)
                .map_or(from, |p| from + p + word.len());
        }
        line[from..]
            .find(words[i])
            .map_or(1, |p| line[..from + p].chars().count() + 1)
    };
    let syntax = || {
        ParseError::new(
            number,
            1,
            invalid("a goal line `goal X ROW COLUMN`", line.to_owned()),
        )
    };
    if words.len() != 4 || words[0] != "goal" {
        return Err(syntax());
    }
    let mut label = words[1].chars();
    let (Some(label), None) = (label.next(), label.next()) else {
        return Err(ParseError::new(
            number,
            column(1),
            invalid("one piece character", words[1]),
        ));
    };
    let Some(goal) = pieces.iter().position(|p| p.label == label) else {
        return Err(ParseError::new(
            number,
            column(1),
            invalid("the character of a piece of the picture", words[1]),
        ));
    };
    let mut position = [0u32; 2];
    for (i, value) in position.iter_mut().enumerate() {
        let word = words[2 + i];
        let limit = if i == 0 {
            picture.rows.len()
        } else {
            picture.width()
        };
        *value = word
            .parse::<u32>()
            .ok()
            .filter(|&n| (1..=to_u32(limit)).contains(&n))
            .ok_or_else(|| {
                ParseError::new(
                    number,
                    column(2 + i),
                    invalid(
                        format!(
                            "a {} from 1 to {limit}",
                            if i == 0 { "row" } else { "column" }
                        ),
                        word,
                    ),
                )
            })?;
    }
    let goal_at = Pos::new(position[0] - 1, position[1] - 1);
    let (rows, cols) = (to_u32(picture.rows.len()), to_u32(picture.width()));
    Puzzle::build(rows, cols, walls, &pieces, (goal, goal_at), false)
        .map_err(|error| ParseError::new(number, column(2), error.kind))
}

/// The puzzle from a classic picture: `B`, `v`, `h`, `s`, with the goal `B` at the bottom
/// centre.
fn classic(picture: &Picture, walls: &[Pos]) -> Result<Puzzle, ParseError> {
    let (rows, cols) = (picture.rows.len(), picture.width());
    let mut covered = vec![vec![false; cols]; rows];
    let mut pieces = Vec::new();
    let mut block = None;
    for r in 0..rows {
        for c in 0..cols {
            let ch = picture.rows[r][c];
            if ch == '.' || ch == '#' || covered[r][c] {
                continue;
            }
            let Some(shape) = classic_shape(ch) else {
                return Err(at(
                    picture,
                    r,
                    c,
                    invalid(
                        "B, v, h, s, . or # (without a goal line the picture is classic; add \
                         `goal X ROW COLUMN` to draw pieces with other characters)",
                        ch.to_string(),
                    ),
                ));
            };
            // The first uncovered cell of a letter is the top-left cell of its piece.
            let (h, w) = (shape.rows as usize, shape.cols as usize);
            for dr in 0..h {
                for dc in 0..w {
                    let (rr, cc) = (r + dr, c + dc);
                    if rr >= rows || cc >= cols || picture.rows[rr][cc] != ch || covered[rr][cc] {
                        let (er, ec) = (rr.min(rows - 1), cc.min(cols - 1));
                        return Err(at(
                            picture,
                            er,
                            ec,
                            invalid(
                                format!(
                                    "{ch:?} here, to complete the {h}x{w} piece {ch:?} whose \
                                     top-left cell is at line {}, column {}",
                                    picture.lines[r],
                                    c + 1
                                ),
                                picture
                                    .rows
                                    .get(rr)
                                    .and_then(|row| row.get(cc))
                                    .map_or("the edge of the box".to_owned(), char::to_string),
                            ),
                        ));
                    }
                    covered[rr][cc] = true;
                }
            }
            if ch == 'B' {
                if block.is_some() {
                    return Err(at(picture, r, c, ParseErrorKind::Duplicate("2x2 block B")));
                }
                block = Some(pieces.len());
            }
            pieces.push(Piece {
                label: ch,
                shape,
                at: Pos::new(to_u32(r), to_u32(c)),
            });
        }
    }
    let last = picture.lines[rows - 1];
    let Some(block) = block else {
        return Err(ParseError::new(
            last,
            0,
            ParseErrorKind::Missing("2x2 block B"),
        ));
    };
    if cols % 2 != 0 || rows < 2 {
        return Err(ParseError::new(
            last,
            0,
            invalid(
                "an even number of columns, for the classic goal (B at the bottom centre)",
                cols.to_string(),
            ),
        ));
    }
    let goal_at = Pos::new(to_u32(rows - 2), to_u32((cols - 2) / 2));
    Puzzle::build(
        to_u32(rows),
        to_u32(cols),
        walls,
        &pieces,
        (block, goal_at),
        true,
    )
    .map_err(|error| ParseError::new(last, 0, error.kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relocating_a_piece_gives_the_code_of_the_moved_layout() {
        let puzzle = Puzzle::classic();
        let cells = puzzle.cells();
        let start: Vec<(u8, u32)> = puzzle
            .pieces
            .iter()
            .map(|&(p, k)| (k, p.at.row * puzzle.cols + p.at.col))
            .collect();
        assert_eq!(puzzle.layout_of(start.iter().copied()), puzzle.start);
        // Move every piece, one at a time, to every anchor of the box (legal or not):
        // the incremental code must equal the code built from scratch.
        for (index, &(k, from)) in start.iter().enumerate() {
            for to in 0..cells {
                if start.iter().any(|&(_, a)| a == to) {
                    continue;
                }
                let mut moved = start.clone();
                moved[index].1 = to;
                let expected = puzzle.layout_of(moved.into_iter());
                let rank = start.iter().filter(|&&(_, a)| a < from).count();
                let code = puzzle.relocate(puzzle.start.0, from, to_u32(rank), k, to);
                assert_eq!(Layout(code), expected, "piece {index} to {to}");
            }
        }
    }

    #[test]
    fn the_goal_needs_a_piece_of_the_goal_shape_on_the_goal_cell() {
        let puzzle: Puzzle = "aBB\n.BB\n...\ngoal B 2 1\n".parse().unwrap();
        assert!(!puzzle.is_goal(&puzzle.start()));
        let mut goal_reached = false;
        puzzle
            .space(Metric::Any)
            .successors(&puzzle.start(), |layout, cost| {
                assert_eq!(cost, 1);
                goal_reached |= puzzle.is_goal(&layout);
            });
        assert!(goal_reached);
        // The soldier on the goal cell does not count: it has another shape.
        let soldier: Puzzle = "BB..\nBB..\n..a.\n....\ngoal B 3 3\n".parse().unwrap();
        let layout = soldier.start();
        let placements: Vec<_> = soldier.placements(&layout).collect();
        assert_eq!(placements.len(), 2);
        assert!(!soldier.is_goal(&layout));
    }
}
