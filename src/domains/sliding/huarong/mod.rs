//! Huarong Road (NOIP 2013, day 2, problem 3): many queries on one board of fixed and
//! movable cells, answered in the plain (blank, piece) view or in the abstraction of the
//! contest solution.
//!
//! # The problem
//!
//! An `n x m` [`Board`]: each cell is fixed or movable. Every movable cell but one holds a
//! unit piece; the last one is the blank. A move slides a piece next to the blank into the
//! blank and costs 1. A [`Query`] names the blank, one piece and a target cell; the answer
//! is the least number of moves that brings that piece onto the target, or none. A query
//! whose cells are off the board or fixed, or whose blank is on the piece, is an error
//! ([`QueryError`]), never a number. [`Input`] reads the contest text (with a
//! [`ParseError`] naming the line and column, or the query, of any fault).
//!
//! # The plain view
//!
//! [`PlainView`]: states are (blank cell, piece cell) pairs ([`PlainState`]), steps are unit
//! moves of the blank (swapping with the piece when it steps onto it). Only the blank and
//! the chosen piece matter, since all other pieces are alike. There are up to `(nm)^2`
//! states, so a query costs O((nm)^2) with [`Bfs`]; [`PlainHeuristic`] (admissible, see
//! its docs) lets [`AStar`] expand about five times fewer. The view numbers its states
//! densely ([`IndexedSpace`]) for small boards. [`IdaStar`] applies, but its iterations
//! (one per bound, the bound growing by 2) make it hopeless beyond tiny boards.
//!
//! # The abstraction
//!
//! The contest solution: the piece moves only when the blank is next to it, so the states
//! that matter are (piece cell, side of the piece where the blank is): [`SideState`], four
//! per cell. From such a state the blank either swaps with the piece (cost 1; the piece
//! moves to that side and the blank ends on the opposite side), or walks around the piece
//! to another side without moving it, at the cost of the shortest such walk. Those costs,
//! for every cell and every pair of its sides, are the [`Abstraction`] (itself a
//! [`StateSpace`] over side states); they do not depend on the query. A query then costs
//! one search of the blank to the four sides of the piece (the piece held still) and one
//! shortest-path search over at most `4nm` side states.
//!
//! The four start states have different initial costs (the blank's walk to each side).
//! [`QuerySpace`] models that with a virtual source state whose steps to the four starts
//! cost those walks, so the crate's engines run unchanged: [`Dijkstra`], [`Spfa`] (the
//! contest program's choice) or [`AStar`] with [`QuerySpace::estimate`].
//!
//! Domain-specific steps, each measured (`BENCHMARKS.md`), make the abstraction cheap:
//! - **blocks**: the biconnected components of the board, found once by Tarjan's
//!   algorithm, say which sides of a cell the blank can join without moving a piece
//!   there (two sides are, exactly when their edges to the cell lie in the same block).
//!   So a BFS around a piece runs only between sides that are connected and stops as
//!   soon as it has found them, instead of flooding the board to learn that a side cannot
//!   be reached; the blank's search to the piece stops the same way;
//! - **eager or lazy walks**: the walks around each cell are computed with the crate's
//!   [`Bfs`] for every cell up front ([`Precompute::Eager`], the default) or the first
//!   time a search reaches the cell ([`Precompute::Lazy`]). On random boards they tie at
//!   30 x 30 and eager is 8-25% faster at 100 x 100 and 300 x 300 (random queries soon
//!   reach most cells, and lazy pays a check per step); only eager walks give the
//!   components and the landmarks;
//! - **components**: with eager walks, the connected components of the abstraction
//!   (union-find; its steps are symmetric) answer a query whose piece cannot reach its
//!   target at once, and drop the start sides that cannot reach it;
//! - **estimates**: [`QuerySpace::estimate`] is the exact answer on an open, unbounded
//!   board (a closed form, checked against Dijkstra), raised by the ALT bounds of a few
//!   landmarks ([`Options::landmarks`]); the blank's search to the piece is an A* toward
//!   it.
//!
//! # Which to use
//!
//! [`HuarongSolver`] keeps the abstraction and every engine's buffers across queries, and
//! answers with either view and any engine that applies ([`Method`], [`Engine`]). The
//! abstraction with A* and landmarks is the fastest: on random boards with 20% fixed
//! cells it expands about 6x fewer states than Dijkstra and answers 2x (30 x 30) to 6x
//! (300 x 300) sooner. The plain view is the reference; its `(nm)^2` states make it
//! practical up to boards of about a thousand cells (at 100 x 100 a query takes seconds
//! and gigabytes).
//!
//! # Examples
//!
//! ```
//! use state_search::domains::sliding::huarong::{Engine, HuarongSolver, Input, Method};
//!
//! let input: Input = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n".parse()?;
//! let mut solver = HuarongSolver::new(input.board.clone());
//! let answers: Vec<Option<u32>> = input
//!     .queries
//!     .iter()
//!     .map(|q| solver.solve(q, Method::Abstract, Engine::AStar).map(|a| a.moves))
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(answers, [Some(2), None]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::cell::{Cell, RefCell};
use core::fmt;
use core::str::FromStr;

use crate::algo::astar::AStarKey;
use core::ops::ControlFlow;

use crate::error::{ParseError, ParseErrorKind};
use crate::event::Event;
use crate::grid::{Dir, Grid, Pos};
use crate::queue::BucketQueue;
use crate::rng::SplitMix64;
use crate::solution::{Outcome, Search, Solution, Stats};
use crate::space::{Heuristic, IndexedSpace, StateIndexer, StateSpace};
use crate::store::{Dense, Hashed, Storage};
use crate::{AStar, Bfs, Dijkstra, IdaStar, Spfa};

/// "No walk": a side that cannot be reached.
const INF: u32 = u32::MAX;
/// "No cell": a missing parent, an unmovable side.
const NONE: u32 = u32::MAX;

/// The largest board accepted, in cells (`n * m`): far beyond the contest's 900, and
/// small enough that the default solver (16 walk costs per cell, 8 landmark distances
/// per side state, dense engine stores) stays within a few hundred megabytes.
pub const MAX_CELLS: usize = 1 << 20;

/// Above this many states (`(n + 2)^2 (m + 2)^2`), the plain view is searched with hashed
/// storage instead of dense arrays.
const PLAIN_DENSE_LIMIT: usize = 1 << 22;

/// The side `side` of a cell as a direction: sides are numbered in the order of
/// [`Dir::ALL`] (up, down, left, right), so `side ^ 1` is the opposite side.
fn dir_of(side: u32) -> Dir {
    Dir::ALL[side as usize & 3]
}

// ---------------------------------------------------------------------------------------
// The board and the queries
// ---------------------------------------------------------------------------------------

/// A board of fixed and movable cells.
///
/// Cells are addressed by [`Pos`] (0-based row and column) in the API, and by *cell ids*
/// (`u32`) inside the search states: ids number the cells of the board surrounded by a
/// border of fixed cells, row by row, so that neighbours are found without bounds tests.
/// Convert with [`Board::cell`] and [`Board::pos`].
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::huarong::Board;
/// use state_search::grid::Pos;
///
/// let board = Board::new(2, 3, &[true, true, false, true, true, true]).unwrap();
/// assert!(board.is_movable(Pos::new(0, 1)));
/// assert!(!board.is_movable(Pos::new(0, 2)));
/// assert!(!board.is_movable(Pos::new(5, 0))); // off the board
/// let id = board.cell(Pos::new(1, 2)).unwrap();
/// assert_eq!(board.pos(id), Pos::new(1, 2));
/// assert_eq!(board.movable_cells(), 5);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u32,
    cols: u32,
    /// Movable flags of the padded board: `(rows + 2) x (cols + 2)`, border fixed.
    open: Vec<bool>,
    /// `[row, col]` of each id in the padded board (for Manhattan distances without
    /// divisions).
    coords: Vec<[u32; 2]>,
}

impl Board {
    /// A `rows x cols` board from its cells in row-major order (`true` = movable).
    ///
    /// Returns `None` when a side is zero, when `movable` does not hold exactly
    /// `rows * cols` cells, or when the board has more than [`MAX_CELLS`] cells.
    #[must_use]
    pub fn new(rows: u32, cols: u32, movable: &[bool]) -> Option<Self> {
        let cells = (rows as usize).checked_mul(cols as usize)?;
        if rows == 0 || cols == 0 || cells > MAX_CELLS || movable.len() != cells {
            return None;
        }
        let stride = cols as usize + 2;
        let mut open = vec![false; stride * (rows as usize + 2)];
        for (row, cells) in movable.chunks(cols as usize).enumerate() {
            let at = (row + 1) * stride + 1;
            open[at..at + cells.len()].copy_from_slice(cells);
        }
        let coords = (0..open.len())
            .map(|id| {
                let id = u32::try_from(id).unwrap_or(NONE);
                [id / (cols + 2), id % (cols + 2)]
            })
            .collect();
        Some(Self {
            rows,
            cols,
            open,
            coords,
        })
    }

    /// The board of a grid of flags (`true` = movable); `None` as for [`Board::new`].
    #[must_use]
    pub fn from_grid(grid: &Grid<bool>) -> Option<Self> {
        Self::new(grid.height(), grid.width(), grid.cells())
    }

    /// A random `rows x cols` board where each cell is fixed with probability
    /// `fixed_percent / 100`. The same arguments always give the same board.
    ///
    /// # Panics
    ///
    /// Panics if a side is zero or the board has more than [`MAX_CELLS`] cells.
    #[must_use]
    pub fn random(rows: u32, cols: u32, fixed_percent: u32, seed: u64) -> Self {
        let mut rng = SplitMix64::new(seed);
        let cells = rows as usize * cols as usize;
        let movable: Vec<bool> = (0..cells).map(|_| !rng.percent(fixed_percent)).collect();
        Self::new(rows, cols, &movable).expect("a random board needs 1..=MAX_CELLS cells")
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

    /// The number of movable cells.
    #[must_use]
    pub fn movable_cells(&self) -> usize {
        self.open.iter().filter(|&&open| open).count()
    }

    /// Whether `pos` is a movable cell of the board (`false` off the board).
    #[must_use]
    pub fn is_movable(&self, pos: Pos) -> bool {
        self.cell(pos).is_some_and(|id| self.open[id as usize])
    }

    /// The id of the cell at `pos`, or `None` off the board.
    #[must_use]
    pub fn cell(&self, pos: Pos) -> Option<u32> {
        if pos.row >= self.rows || pos.col >= self.cols {
            return None;
        }
        Some((pos.row + 1) * self.stride() + pos.col + 1)
    }

    /// The position of the cell `id`. Ids of the border (never returned by
    /// [`Board::cell`]) map to positions off the board.
    #[must_use]
    pub fn pos(&self, id: u32) -> Pos {
        let stride = self.stride();
        Pos::new((id / stride).wrapping_sub(1), (id % stride).wrapping_sub(1))
    }

    /// One more than the largest cell id.
    #[must_use]
    pub fn cell_bound(&self) -> usize {
        self.open.len()
    }

    /// The number of ids per row: `cols + 2`.
    fn stride(&self) -> u32 {
        self.cols + 2
    }

    /// Whether the cell `id` is movable (`false` for ids beyond the board).
    #[inline]
    fn open(&self, id: u32) -> bool {
        self.open.get(id as usize).copied().unwrap_or(false)
    }

    /// The id steps to the four sides, in the order of [`Dir::ALL`] (wrapping arithmetic).
    fn offsets(&self) -> [u32; 4] {
        let stride = self.stride();
        [stride.wrapping_neg(), stride, 1u32.wrapping_neg(), 1]
    }

    /// Checks `query` against this board.
    ///
    /// # Errors
    ///
    /// A [`QueryError`] when the blank, the piece or the target is off the board or on a
    /// fixed cell, or when the blank is on the piece.
    pub fn check(&self, query: &Query) -> Result<(), QueryError> {
        for (role, pos) in [
            (Role::Blank, query.blank),
            (Role::Piece, query.piece),
            (Role::Target, query.target),
        ] {
            let error = |kind| QueryError {
                role,
                row: u64::from(pos.row) + 1,
                col: u64::from(pos.col) + 1,
                kind,
            };
            match self.cell(pos) {
                None => return Err(error(QueryErrorKind::OffBoard)),
                Some(id) if !self.open(id) => return Err(error(QueryErrorKind::Fixed)),
                Some(_) => {}
            }
        }
        if query.blank == query.piece {
            return Err(QueryError {
                role: Role::Blank,
                row: u64::from(query.blank.row) + 1,
                col: u64::from(query.blank.col) + 1,
                kind: QueryErrorKind::BlankOnPiece,
            });
        }
        Ok(())
    }

    /// `count` random valid queries (blank, piece and target uniform among the movable
    /// cells, blank apart from the piece); none when the board has fewer than two movable
    /// cells. The same arguments always give the same queries.
    #[must_use]
    pub fn random_queries(&self, count: usize, seed: u64) -> Vec<Query> {
        let movable: Vec<Pos> = (0..self.open.len())
            .filter(|&id| self.open[id])
            .map(|id| self.pos(u32::try_from(id).unwrap_or(NONE)))
            .collect();
        if movable.len() < 2 {
            return Vec::new();
        }
        let mut rng = SplitMix64::new(seed);
        let mut pick = || movable[usize::try_from(rng.below(movable.len() as u64)).unwrap_or(0)];
        (0..count)
            .map(|_| {
                let piece = pick();
                let mut blank = pick();
                while blank == piece {
                    blank = pick();
                }
                Query {
                    blank,
                    piece,
                    target: pick(),
                }
            })
            .collect()
    }

    /// The plain (blank, piece) view of this board.
    #[must_use]
    pub fn plain_view(&self) -> PlainView<'_> {
        PlainView { board: self }
    }
}

impl fmt::Display for Board {
    /// The cells as in the contest format: one line per row, `0` (fixed) or `1` (movable)
    /// separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.rows {
            for col in 0..self.cols {
                if col > 0 {
                    f.write_str(" ")?;
                }
                let movable = self.is_movable(Pos::new(row, col));
                f.write_str(if movable { "1" } else { "0" })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// One question: the least number of moves that brings the piece at `piece` to `target`
/// when the blank is at `blank`. Positions are 0-based; [`Board::check`] validates a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Query {
    /// The blank cell.
    pub blank: Pos,
    /// The cell of the piece to move.
    pub piece: Pos,
    /// Where the piece must go.
    pub target: Pos,
}

/// Which cell of a [`Query`] a [`QueryError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The blank cell.
    Blank,
    /// The piece's cell.
    Piece,
    /// The target cell.
    Target,
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Blank => "blank",
            Role::Piece => "piece",
            Role::Target => "target",
        })
    }
}

/// What is wrong with a query, in a [`QueryError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum QueryErrorKind {
    /// The cell is not on the board.
    OffBoard,
    /// The cell is fixed.
    Fixed,
    /// The blank is on the piece.
    BlankOnPiece,
}

/// A query that does not describe a position of the puzzle.
///
/// The cell is given 1-based, as in the contest text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueryError {
    /// The cell at fault.
    pub role: Role,
    /// Its 1-based row.
    pub row: u64,
    /// Its 1-based column.
    pub col: u64,
    /// What is wrong.
    pub kind: QueryErrorKind,
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (role, row, col) = (self.role, self.row, self.col);
        match self.kind {
            QueryErrorKind::OffBoard => write!(f, "the {role} ({row}, {col}) is off the board"),
            QueryErrorKind::Fixed => write!(f, "the {role} ({row}, {col}) is on a fixed cell"),
            QueryErrorKind::BlankOnPiece => {
                write!(f, "the blank and the piece are both at ({row}, {col})")
            }
        }
    }
}

impl std::error::Error for QueryError {}

// ---------------------------------------------------------------------------------------
// The contest input
// ---------------------------------------------------------------------------------------

/// The contest input: a board and its queries.
///
/// ```text
/// n m q
/// n lines of m integers, 0 (fixed) or 1 (movable)
/// q lines: EX EY SX SY TX TY     blank, piece, target (1-based row and column)
/// ```
///
/// Parsing reads whitespace-separated tokens; every query is validated against the board.
/// [`Display`](fmt::Display) writes the same format back.
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::huarong::Input;
///
/// let input: Input = "2 2 1\n1 1\n1 0\n1 1 1 2 2 1\n".parse()?;
/// assert_eq!(input.queries.len(), 1);
/// assert_eq!(input.to_string(), "2 2 1\n1 1\n1 0\n1 1 1 2 2 1\n");
///
/// let error = "2 2 1\n1 1\n1 0\n2 2 1 2 2 1\n".parse::<Input>().unwrap_err();
/// assert_eq!(error.to_string(), "line 4: query 1: the blank (2, 2) is on a fixed cell");
/// # Ok::<(), state_search::domains::sliding::huarong::InputError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// The board.
    pub board: Board,
    /// The queries, in order.
    pub queries: Vec<Query>,
}

impl Input {
    /// A random contest input: [`Board::random`] and [`Board::random_queries`] (the
    /// queries use seed `seed + 1`).
    ///
    /// # Panics
    ///
    /// As [`Board::random`].
    #[must_use]
    pub fn random(rows: u32, cols: u32, fixed_percent: u32, queries: usize, seed: u64) -> Self {
        let board = Board::random(rows, cols, fixed_percent, seed);
        let queries = board.random_queries(queries, seed.wrapping_add(1));
        Self { board, queries }
    }
}

/// Malformed contest input: a [`ParseError`], or a well-formed query that is not valid on
/// the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The text does not follow the format.
    Parse(ParseError),
    /// Query number `number` (1-based), on line `line`, is invalid.
    Query {
        /// The 1-based line of the query.
        line: usize,
        /// The 1-based number of the query.
        number: usize,
        /// What is wrong with it.
        error: QueryError,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Parse(error) => error.fmt(f),
            InputError::Query {
                line,
                number,
                error,
            } => write!(f, "line {line}: query {number}: {error}"),
        }
    }
}

impl std::error::Error for InputError {}

impl From<ParseError> for InputError {
    fn from(error: ParseError) -> Self {
        InputError::Parse(error)
    }
}

/// Whitespace-separated tokens with their 1-based line and column (in characters).
struct Tokens<'t> {
    lines: core::iter::Enumerate<core::str::Lines<'t>>,
    rest: &'t str,
    line: usize,
    column: usize,
}

impl<'t> Tokens<'t> {
    fn new(text: &'t str) -> Self {
        Self {
            lines: text.lines().enumerate(),
            rest: "",
            line: 0,
            column: 1,
        }
    }

    fn next_token(&mut self) -> Option<(usize, usize, &'t str)> {
        loop {
            let trimmed = self.rest.trim_start();
            self.column += self.rest[..self.rest.len() - trimmed.len()].chars().count();
            if !trimmed.is_empty() {
                let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
                let (token, rest) = trimmed.split_at(end);
                let at = self.column;
                self.column += token.chars().count();
                self.rest = rest;
                return Some((self.line, at, token));
            }
            let (index, line) = self.lines.next()?;
            self.line = index + 1;
            self.column = 1;
            self.rest = line;
        }
    }

    /// The next token as an integer; `what` says what it is, for errors.
    fn number(&mut self, what: &str) -> Result<(u64, usize), ParseError> {
        let Some((line, column, token)) = self.next_token() else {
            return Err(ParseError::new(
                self.line.max(1),
                0,
                ParseErrorKind::UnexpectedEnd {
                    expected: what.to_owned(),
                },
            ));
        };
        token.parse::<u64>().map(|n| (n, line)).map_err(|_| {
            ParseError::new(
                line,
                column,
                ParseErrorKind::Invalid {
                    expected: what.to_owned(),
                    found: token.to_owned(),
                },
            )
        })
    }
}

/// A 1-based coordinate from the text as a 0-based one, or `None` when it is 0 or beyond
/// `limit`.
fn coordinate(value: u64, limit: u32) -> Option<u32> {
    let value = u32::try_from(value).ok()?;
    (1..=limit).contains(&value).then(|| value - 1)
}

impl FromStr for Input {
    type Err = InputError;

    /// Parses the contest format.
    ///
    /// # Errors
    ///
    /// [`InputError::Parse`] for a missing or malformed token, a cell other than `0`/`1`,
    /// a side of zero, a board over [`MAX_CELLS`] cells, or text after the last query;
    /// [`InputError::Query`] for a query that [`Board::check`] rejects.
    fn from_str(text: &str) -> Result<Self, InputError> {
        let mut tokens = Tokens::new(text);
        let (rows, line) = tokens.number("the number of rows n")?;
        let (cols, _) = tokens.number("the number of columns m")?;
        let (count, _) = tokens.number("the number of queries q")?;
        let too_large = |found: u64| {
            ParseError::new(
                line,
                0,
                ParseErrorKind::TooLarge {
                    what: "the number of cells n * m",
                    limit: MAX_CELLS,
                    found: usize::try_from(found).unwrap_or(usize::MAX),
                },
            )
        };
        if rows == 0 || cols == 0 {
            return Err(ParseError::new(
                line,
                0,
                ParseErrorKind::Invalid {
                    expected: "a board of at least 1 x 1 cells".to_owned(),
                    found: format!("{rows} x {cols}"),
                },
            )
            .into());
        }
        let cells = rows.saturating_mul(cols);
        if cells > MAX_CELLS as u64 {
            return Err(too_large(cells).into());
        }
        let (rows, cols) = (
            u32::try_from(rows).unwrap_or(0),
            u32::try_from(cols).unwrap_or(0),
        );
        let mut movable = Vec::with_capacity(usize::try_from(cells).unwrap_or(0));
        for _ in 0..cells {
            let (line, column, token) = tokens.next_token().ok_or_else(|| {
                ParseError::new(
                    tokens.line.max(1),
                    0,
                    ParseErrorKind::UnexpectedEnd {
                        expected: format!("{cells} cells, found {}", movable.len()),
                    },
                )
            })?;
            movable.push(match token {
                "0" => false,
                "1" => true,
                _ => {
                    return Err(ParseError::new(
                        line,
                        column,
                        ParseErrorKind::Invalid {
                            expected: "a cell: 0 (fixed) or 1 (movable)".to_owned(),
                            found: token.to_owned(),
                        },
                    )
                    .into());
                }
            });
        }
        let board = Board::new(rows, cols, &movable).ok_or_else(|| too_large(cells))?;
        let queries = parse_queries(&mut tokens, &board, count)?;
        if let Some((line, column, _)) = tokens.next_token() {
            return Err(ParseError::new(line, column, ParseErrorKind::Trailing).into());
        }
        Ok(Self { board, queries })
    }
}

/// Reads `count` queries of 6 numbers and checks them against `board`.
fn parse_queries(
    tokens: &mut Tokens<'_>,
    board: &Board,
    count: u64,
) -> Result<Vec<Query>, InputError> {
    let (rows, cols) = (board.rows, board.cols);
    let mut queries = Vec::with_capacity(usize::try_from(count.min(1 << 16)).unwrap_or(0));
    for number in 1..=count {
        let mut values = [0u64; 6];
        let mut line = 0;
        for (i, value) in values.iter_mut().enumerate() {
            let what = ["EX", "EY", "SX", "SY", "TX", "TY"][i];
            let (n, at) = tokens.number(&format!("{what} of query {number}"))?;
            *value = n;
            if i == 0 {
                line = at;
            }
        }
        let query_error = |role, row: u64, col: u64, kind| InputError::Query {
            line,
            number: usize::try_from(number).unwrap_or(usize::MAX),
            error: QueryError {
                role,
                row,
                col,
                kind,
            },
        };
        let mut cells = [Pos::default(); 3];
        for (k, role) in [Role::Blank, Role::Piece, Role::Target]
            .into_iter()
            .enumerate()
        {
            let (row, col) = (values[2 * k], values[2 * k + 1]);
            match (coordinate(row, rows), coordinate(col, cols)) {
                (Some(r), Some(c)) => cells[k] = Pos::new(r, c),
                _ => return Err(query_error(role, row, col, QueryErrorKind::OffBoard)),
            }
        }
        let query = Query {
            blank: cells[0],
            piece: cells[1],
            target: cells[2],
        };
        board.check(&query).map_err(|error| InputError::Query {
            line,
            number: usize::try_from(number).unwrap_or(usize::MAX),
            error,
        })?;
        queries.push(query);
    }
    Ok(queries)
}

impl fmt::Display for Input {
    /// The contest format.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} {} {}",
            self.board.rows,
            self.board.cols,
            self.queries.len()
        )?;
        write!(f, "{}", self.board)?;
        for q in &self.queries {
            writeln!(
                f,
                "{} {} {} {} {} {}",
                q.blank.row + 1,
                q.blank.col + 1,
                q.piece.row + 1,
                q.piece.col + 1,
                q.target.row + 1,
                q.target.col + 1
            )?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// The plain view
// ---------------------------------------------------------------------------------------

/// A state of the plain view: the blank's cell and the piece's cell (ids of
/// [`Board::cell`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlainState {
    /// The blank's cell id.
    pub blank: u32,
    /// The piece's cell id.
    pub piece: u32,
}

/// The plain view of a [`Board`]: states are (blank, piece) pairs, each step a unit move of
/// the blank (which swaps with the piece when it steps onto it).
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::huarong::{Board, Query};
/// use state_search::grid::Pos;
/// use state_search::{Bfs, Dense, IndexedSpace};
///
/// let board = Board::new(2, 2, &[true; 4]).unwrap();
/// let view = board.plain_view();
/// let query = Query { blank: Pos::new(0, 0), piece: Pos::new(1, 1), target: Pos::new(0, 0) };
/// let target = board.cell(query.target).unwrap();
/// let mut bfs = Bfs::with_storage(Dense(view.indexer()));
/// let search = bfs.search(&view, [view.start(&query).unwrap()], |s| s.piece == target);
/// assert_eq!(search.found().unwrap().cost, 5);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PlainView<'a> {
    board: &'a Board,
}

impl<'a> PlainView<'a> {
    /// The start state of `query`, or `None` when a cell of the query is off the board.
    #[must_use]
    pub fn start(&self, query: &Query) -> Option<PlainState> {
        Some(PlainState {
            blank: self.board.cell(query.blank)?,
            piece: self.board.cell(query.piece)?,
        })
    }

    /// The heuristic of [`PlainHeuristic`] toward the target of `field`.
    #[must_use]
    pub fn heuristic<'f>(&self, field: &'f DistanceField) -> PlainHeuristic<'f>
    where
        'a: 'f,
    {
        PlainHeuristic {
            board: self.board,
            field,
        }
    }
}

impl StateSpace for PlainView<'_> {
    type State = PlainState;
    type Cost = u32;

    #[inline]
    fn successors(&self, state: &PlainState, mut emit: impl FnMut(PlainState, u32)) {
        for offset in self.board.offsets() {
            let next = state.blank.wrapping_add(offset);
            if self.board.open(next) {
                let piece = if next == state.piece {
                    state.blank
                } else {
                    state.piece
                };
                emit(PlainState { blank: next, piece }, 1);
            }
        }
    }
}

/// The dense numbering of [`PlainState`]s: `blank * cells + piece`.
#[derive(Clone, Copy, Debug)]
pub struct PlainIndexer {
    cells: u32,
}

impl StateIndexer<PlainState> for PlainIndexer {
    #[inline]
    fn bound(&self) -> usize {
        self.cells as usize * self.cells as usize
    }
    #[inline]
    fn index(&self, state: &PlainState) -> usize {
        state.blank as usize * self.cells as usize + state.piece as usize
    }
    #[inline]
    fn state(&self, index: usize) -> PlainState {
        let cells = self.cells as usize;
        PlainState {
            blank: u32::try_from(index / cells).unwrap_or(NONE),
            piece: u32::try_from(index % cells).unwrap_or(NONE),
        }
    }
}

impl IndexedSpace for PlainView<'_> {
    type Indexer = PlainIndexer;
    /// The numbering has `(n + 2)^2 (m + 2)^2` entries: use it for small boards only.
    fn indexer(&self) -> PlainIndexer {
        PlainIndexer {
            cells: u32::try_from(self.board.cell_bound()).unwrap_or(NONE),
        }
    }
}

/// The fewest steps from every movable cell to one target cell, walking over movable
/// cells: a lower bound on the moves of the piece, on which both views' heuristics are
/// built. Computed with the crate's [`Bfs`] (its visitor records each depth).
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::huarong::{Board, DistanceField};
/// use state_search::grid::Pos;
///
/// let board = Board::new(2, 3, &[true, false, true, true, true, true]).unwrap();
/// let field = DistanceField::new(&board, Pos::new(0, 0)).unwrap();
/// assert_eq!(field.get(board.cell(Pos::new(0, 2)).unwrap()), Some(4));
/// assert_eq!(field.get(board.cell(Pos::new(0, 1)).unwrap()), None); // fixed
/// ```
#[derive(Clone, Debug, Default)]
pub struct DistanceField {
    target: u32,
    dist: Vec<u32>,
}

impl DistanceField {
    /// The distances of `board`'s cells to `target`; `None` when `target` is not a movable
    /// cell.
    ///
    /// # Complexity
    ///
    /// O(nm): one BFS.
    #[must_use]
    pub fn new(board: &Board, target: Pos) -> Option<Self> {
        let target = board.cell(target).filter(|&id| board.open(id))?;
        let bound = u32::try_from(board.cell_bound()).unwrap_or(NONE);
        let mut field = Self::default();
        field.fill(
            board,
            target,
            &mut Bfs::with_storage(Dense(IdIndexer { bound })),
        );
        Some(field)
    }

    /// The target's cell id.
    #[must_use]
    pub fn target(&self) -> u32 {
        self.target
    }

    /// The fewest steps from the cell `cell` to the target, or `None` when `cell` is fixed
    /// or cut off from the target.
    #[must_use]
    pub fn get(&self, cell: u32) -> Option<u32> {
        self.dist.get(cell as usize).copied().filter(|&d| d != INF)
    }

    /// The distance of `cell`, `INF` when unreachable (or beyond the field's board).
    #[inline]
    fn at(&self, cell: u32) -> u32 {
        self.dist.get(cell as usize).copied().unwrap_or(INF)
    }

    /// Recomputes the field for `target` (a movable cell id) with `bfs`.
    fn fill(&mut self, board: &Board, target: u32, bfs: &mut Bfs<u32, Dense<IdIndexer>>) {
        self.target = target;
        self.dist.clear();
        self.dist.resize(board.cell_bound(), INF);
        let walk = BlankWalk {
            board,
            offsets: board.offsets(),
            blocked: NONE,
        };
        let dist = &mut self.dist;
        let mut record = |event: Event<'_, u32, usize>| {
            if let Event::Expanded { state, cost } = event {
                dist[*state as usize] = u32::try_from(cost).unwrap_or(INF);
            }
            ControlFlow::Continue(())
        };
        let _complete = bfs.search_with(&walk, [target], |_| false, &mut record);
    }
}

/// An admissible estimate for the plain view: the larger of two bounds, each 0 when the
/// piece is on the target.
///
/// - **Field bound** (consistent): with `d` the piece's distance to the target
///   ([`DistanceField`]) and the piece's *useful* sides its neighbours at distance
///   `d - 1`, `3d - 2 + min over useful sides u of |blank - u|` (Manhattan distance).
/// - **Open-board bound**: the least, over the four sides `s` of the piece, of the
///   blank's Manhattan distance to `s` plus the least number of moves from there on an
///   open, unbounded board ([`QuerySpace::estimate`] explains it). It is admissible (the
///   blank must reach some side first) but not always consistent, which A* handles by
///   re-opening states.
///
/// Why the field bound is a lower bound: the piece makes at least `d` moves that bring it one step
/// closer, each costing 1; before each of them but the first, the blank, left behind the
/// piece by the move before, needs at least 2 more moves to reach another side (the move
/// that takes the piece straight back brings it no closer); before the first one, the
/// blank must reach a useful side. Consistency: a blank move changes the last term by at
/// most 1; a piece move toward the target lowers `3d` by 3 while the blank, now behind,
/// is 2 from every useful side; a piece move away raises `3d` by 3. When the target
/// cannot be reached the estimate is 0.
///
/// On random boards the open-board bound is the larger one almost everywhere; the field
/// bound wins behind walls.
#[derive(Clone, Copy, Debug)]
pub struct PlainHeuristic<'a> {
    board: &'a Board,
    field: &'a DistanceField,
}

impl Heuristic<PlainState, u32> for PlainHeuristic<'_> {
    #[inline]
    fn estimate(&self, state: &PlainState) -> u32 {
        let d = self.field.at(state.piece);
        if d == 0 || d == INF {
            return 0;
        }
        let coords = &self.board.coords;
        let at = |cell: u32| coords.get(cell as usize).copied();
        // Cells off this board (a field of another board): no estimate.
        let (Some([row, col]), Some(piece), Some(target)) =
            (at(state.blank), at(state.piece), at(self.field.target))
        else {
            return 0;
        };
        let mut useful = INF;
        let mut open = INF;
        for (side, offset) in (0..4).zip(self.board.offsets()) {
            let cell = state.piece.wrapping_add(offset);
            let Some([r, c]) = at(cell) else {
                continue;
            };
            let walk = row.abs_diff(r) + col.abs_diff(c);
            if self.field.at(cell) == d - 1 {
                useful = useful.min(walk);
            }
            open = open.min(walk + open_board_moves(piece, target, side));
        }
        (3 * d - 2 + useful).max(open)
    }
}

// ---------------------------------------------------------------------------------------
// The abstraction
// ---------------------------------------------------------------------------------------

/// Walks of the blank over the board with one cell held still (the piece): the space of
/// the BFS around a piece and of the blank's BFS to the piece.
struct BlankWalk<'a> {
    board: &'a Board,
    offsets: [u32; 4],
    blocked: u32,
}

impl StateSpace for BlankWalk<'_> {
    type State = u32;
    type Cost = u32;

    #[inline]
    fn successors(&self, &cell: &u32, mut emit: impl FnMut(u32, u32)) {
        for &offset in &self.offsets {
            let next = cell.wrapping_add(offset);
            if next != self.blocked && self.board.open(next) {
                emit(next, 1);
            }
        }
    }
}

/// The identity numbering of `0..bound` (cell ids, side states).
#[derive(Clone, Copy, Debug)]
pub struct IdIndexer {
    bound: u32,
}

impl StateIndexer<u32> for IdIndexer {
    #[inline]
    fn bound(&self) -> usize {
        self.bound as usize
    }
    #[inline]
    fn index(&self, &id: &u32) -> usize {
        id as usize
    }
    #[inline]
    fn state(&self, index: usize) -> u32 {
        u32::try_from(index).unwrap_or(NONE)
    }
}

impl StateIndexer<SideState> for IdIndexer {
    #[inline]
    fn bound(&self) -> usize {
        self.bound as usize
    }
    #[inline]
    fn index(&self, state: &SideState) -> usize {
        state.0 as usize
    }
    #[inline]
    fn state(&self, index: usize) -> SideState {
        SideState(u32::try_from(index).unwrap_or(NONE))
    }
}

/// A state of the abstraction: the piece's cell and the side of it where the blank is, or
/// the virtual source of a [`QuerySpace`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SideState(u32);

impl SideState {
    /// The state with the piece at cell `piece` and the blank on its side `side`.
    #[must_use]
    pub fn new(piece: u32, side: Dir) -> Self {
        let side = Dir::ALL.iter().position(|&d| d == side).unwrap_or(0);
        Self(piece * 4 + u32::try_from(side).unwrap_or(0))
    }

    /// The piece's cell id (meaningless for the source).
    #[must_use]
    pub fn piece(self) -> u32 {
        self.0 / 4
    }

    /// The side of the piece where the blank is (meaningless for the source).
    #[must_use]
    pub fn side(self) -> Dir {
        dir_of(self.0 & 3)
    }
}

/// When the walks around the cells are computed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Precompute {
    /// Every movable cell, when the [`Abstraction`] is built (the default: as fast or
    /// faster on random boards, where queries soon reach most cells; needed for the
    /// components and the landmarks).
    #[default]
    Eager,
    /// Each cell the first time a search reaches it.
    Lazy,
}

/// The query-independent part of the contest solution: for every movable cell and every
/// pair of its movable sides, the fewest moves for the blank to walk from one side to the
/// other without moving a piece on the cell.
///
/// Built with [`Abstraction::new`]; it holds the blocks of the board (Tarjan), its
/// connected parts, and the walk costs (up front or memoized, see [`Precompute`]). It uses
/// interior mutability for the memo, so it is not `Sync`.
///
/// # Complexity
///
/// Building: O(nm) for the blocks, plus, for [`Precompute::Eager`], at most three BFS per
/// cell, each stopping when it has reached the sides it can reach (O(1) cells on open
/// boards, up to O(nm) around long loops). Memory: 16 costs and 4 block ids per cell.
pub struct Abstraction {
    board: Board,
    offsets: [u32; 4],
    /// The connected part of each cell of `board` (`NONE` for fixed cells).
    part: Vec<u32>,
    /// The block of the edge from each cell to each side (`NONE` when the side is fixed).
    block: Vec<u32>,
    /// `walk[16 c + 4 i + j]`: the walk from side `i` to side `j` of cell `c`.
    walk: Vec<Cell<u32>>,
    /// Whether the walks of a cell are known.
    ready: Vec<Cell<bool>>,
    /// The BFS of the lazy computations.
    scratch: RefCell<Bfs<u32, Dense<IdIndexer>>>,
    /// Cells whose walks have been computed.
    computed: Cell<usize>,
    /// Exact distances from a few landmark side states, for the ALT estimate.
    landmarks: Landmarks,
    /// The connected component of every side state in the abstraction (empty when the
    /// walks are lazy).
    component: Vec<u32>,
}

/// The most landmarks an [`Abstraction`] keeps.
pub const MAX_LANDMARKS: usize = 16;

/// Exact distances in the abstraction from `count` landmark side states:
/// `dist[state * count + l]` (`INF` when unreachable).
#[derive(Clone, Debug, Default)]
struct Landmarks {
    count: usize,
    states: Vec<SideState>,
    dist: Vec<u32>,
}

impl fmt::Debug for Abstraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Abstraction")
            .field("rows", &self.board.rows)
            .field("cols", &self.board.cols)
            .field("computed", &self.computed.get())
            .finish_non_exhaustive()
    }
}

impl Abstraction {
    /// The abstraction of `board`.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::huarong::{Abstraction, Board, Precompute};
    /// use state_search::grid::{Dir, Pos};
    ///
    /// // A 3x3 open board: around the centre, opposite sides are 4 apart, adjacent ones 2.
    /// let board = Board::new(3, 3, &[true; 9]).unwrap();
    /// let abstraction = Abstraction::new(board, Precompute::Eager);
    /// let centre = Pos::new(1, 1);
    /// assert_eq!(abstraction.walk(centre, Dir::Up, Dir::Down), Some(4));
    /// assert_eq!(abstraction.walk(centre, Dir::Up, Dir::Left), Some(2));
    /// assert_eq!(abstraction.walk(Pos::new(0, 0), Dir::Down, Dir::Right), Some(2));
    /// // In a corridor, the blank cannot get past the piece.
    /// let corridor = Abstraction::new(Board::new(1, 3, &[true; 3]).unwrap(), Precompute::Eager);
    /// assert_eq!(corridor.walk(Pos::new(0, 1), Dir::Left, Dir::Right), None);
    /// ```
    #[must_use]
    pub fn new(board: Board, precompute: Precompute) -> Self {
        Self::with_landmarks(board, precompute, 0)
    }

    /// The abstraction of `board` with `landmarks` (at most [`MAX_LANDMARKS`]) landmark
    /// side states for [`QuerySpace::estimate`]: exact distances from each of them, found
    /// by the crate's [`Dijkstra`] over the abstraction.
    ///
    /// The landmarks lie in the largest connected component of the abstraction: the first
    /// on its first side state, each next one on the state farthest from those already
    /// chosen. They need the components, so [`Precompute::Lazy`] places none.
    ///
    /// # Complexity
    ///
    /// [`Abstraction::new`], plus one Dijkstra over the side states per landmark; memory
    /// `4 * landmarks` bytes per side state.
    #[must_use]
    pub fn with_landmarks(board: Board, precompute: Precompute, landmarks: usize) -> Self {
        let offsets = board.offsets();
        let (part, block) = blocks(&board, offsets);
        let cells = board.cell_bound();
        let bound = u32::try_from(cells).unwrap_or(NONE);
        let abstraction = Self {
            walk: (0..cells * 16).map(|_| Cell::new(INF)).collect(),
            ready: (0..cells).map(|_| Cell::new(false)).collect(),
            scratch: RefCell::new(Bfs::with_storage(Dense(IdIndexer { bound }))),
            computed: Cell::new(0),
            board,
            offsets,
            part,
            block,
            landmarks: Landmarks::default(),
            component: Vec::new(),
        };
        if precompute == Precompute::Eager {
            let mut bfs = abstraction.scratch.borrow_mut();
            for cell in 0..bound {
                if abstraction.board.open(cell) {
                    abstraction.compute(cell, &mut bfs);
                }
            }
        }
        let mut abstraction = abstraction;
        if precompute == Precompute::Eager {
            abstraction.component = abstraction.components();
        }
        abstraction.landmarks = abstraction.place_landmarks(landmarks.min(MAX_LANDMARKS));
        abstraction
    }

    /// The connected components of the side states (the abstraction is symmetric, so
    /// a goal is reachable from a state exactly when they share a component), by
    /// union-find over the steps. States that do not exist get their own component.
    fn components(&self) -> Vec<u32> {
        let bound = self.side_bound();
        let mut parent: Vec<u32> = (0..bound).collect();
        let find = |parent: &mut Vec<u32>, mut x: u32| {
            let mut root = x;
            while parent[root as usize] != root {
                root = parent[root as usize];
            }
            while parent[x as usize] != root {
                let next = parent[x as usize];
                parent[x as usize] = root;
                x = next;
            }
            root
        };
        for state in 0..bound {
            if self.block[state as usize] == NONE {
                continue;
            }
            self.successors(&SideState(state), |next, _| {
                let (a, b) = (find(&mut parent, state), find(&mut parent, next.0));
                if a != b {
                    // Link the larger id under the smaller: deterministic, and the trees
                    // stay shallow enough with path compression.
                    let (low, high) = if a < b { (a, b) } else { (b, a) };
                    parent[high as usize] = low;
                }
            });
        }
        for state in 0..bound {
            let root = find(&mut parent, state);
            parent[state as usize] = root;
        }
        parent
    }

    /// Whether a piece on side state `from` can reach side state `to`: `None` when the
    /// components are not known (lazy walks).
    fn connected(&self, from: SideState, to: SideState) -> Option<bool> {
        let component = &self.component;
        (!component.is_empty()).then(|| component[from.0 as usize] == component[to.0 as usize])
    }

    /// The number of side state ids: 4 per cell id.
    fn side_bound(&self) -> u32 {
        u32::try_from(self.board.cell_bound() * 4).unwrap_or(NONE)
    }

    /// Chooses `count` landmarks and computes the distances from each.
    fn place_landmarks(&self, count: usize) -> Landmarks {
        let bound = self.side_bound();
        let mut landmarks = Landmarks {
            count,
            states: Vec::with_capacity(count),
            dist: vec![INF; bound as usize * count],
        };
        // The largest component of the abstraction, and its first side state.
        if self.component.is_empty() {
            landmarks.count = 0;
            landmarks.dist.clear();
            return landmarks;
        }
        let mut sizes = vec![0u32; self.component.len()];
        for state in 0..bound {
            if self.block[state as usize] != NONE {
                sizes[self.component[state as usize] as usize] += 1;
            }
        }
        let largest = (0..bound).max_by_key(|&root| (sizes[root as usize], NONE - root));
        let Some(first) = largest.filter(|&root| sizes[root as usize] > 1) else {
            // Lazy walks (no components) or no component of two states or more.
            landmarks.count = 0;
            landmarks.dist.clear();
            return landmarks;
        };
        let mut nearest = vec![INF; bound as usize];
        let mut next = SideState(first);
        let mut dijkstra =
            Dijkstra::with_storage(Dense(IdIndexer { bound })).with_queue(BucketQueue::new());
        for l in 0..count {
            landmarks.states.push(next);
            let column = &mut landmarks.dist;
            let nearest_ref = &mut nearest;
            let mut record = |event: Event<'_, SideState, u32>| {
                if let Event::Expanded { state, cost } = event {
                    let s = state.0 as usize;
                    column[s * count + l] = cost;
                    nearest_ref[s] = nearest_ref[s].min(cost);
                }
                ControlFlow::Continue(())
            };
            let _complete = dijkstra.search_with(self, [next], |_| false, &mut record);
            // The next landmark: the reached state farthest from every landmark so far.
            let farthest = (0..bound)
                .filter(|&s| nearest[s as usize] != INF)
                .max_by_key(|&s| (nearest[s as usize], NONE - s));
            match farthest {
                Some(s) if nearest[s as usize] > 0 => next = SideState(s),
                _ => {
                    landmarks.count = l + 1;
                    break;
                }
            }
        }
        if landmarks.count < count {
            // Fewer distinct landmarks than asked: repack the table.
            let (old, used) = (count, landmarks.count);
            let dist = (0..bound as usize)
                .flat_map(|s| (0..used).map(move |l| (s, l)))
                .map(|(s, l)| landmarks.dist[s * old + l])
                .collect();
            landmarks.dist = dist;
        }
        landmarks
    }

    /// The landmark side states.
    #[must_use]
    pub fn landmarks(&self) -> &[SideState] {
        &self.landmarks.states
    }

    /// The heap memory held by the walks, blocks, components and landmark distances, in
    /// bytes (the buffers of the lazy BFS not included).
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        (self.walk.capacity()
            + self.part.capacity()
            + self.block.capacity()
            + self.component.capacity())
            * size_of::<u32>()
            + self.ready.capacity()
            + self.landmarks.dist.capacity() * size_of::<u32>()
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The number of cells whose walks have been computed so far.
    #[must_use]
    pub fn computed_cells(&self) -> usize {
        self.computed.get()
    }

    /// The fewest moves for the blank to go from side `from` to side `to` of a piece at
    /// `cell` without moving it; `None` when `cell` is not movable, a side is fixed or off
    /// the board, or the walk is impossible.
    #[must_use]
    pub fn walk(&self, cell: Pos, from: Dir, to: Dir) -> Option<u32> {
        let id = self.board.cell(cell).filter(|&id| self.board.open(id))?;
        let side = |dir: Dir| Dir::ALL.iter().position(|&d| d == dir).unwrap_or(0);
        let cost = self.walks(id, u32::try_from(side(from)).unwrap_or(0))[side(to)];
        (cost != INF).then_some(cost)
    }

    /// The walks from side `side` of cell `cell` to its four sides (`INF` for none),
    /// computed first if needed.
    #[inline]
    fn walks(&self, cell: u32, side: u32) -> [u32; 4] {
        let c = cell as usize;
        if !self.ready[c].get() {
            self.compute(cell, &mut self.scratch.borrow_mut());
        }
        let row = &self.walk[16 * c + 4 * side as usize..][..4];
        [row[0].get(), row[1].get(), row[2].get(), row[3].get()]
    }

    /// Computes the walks around the movable cell `cell` with at most three BFS.
    fn compute(&self, cell: u32, bfs: &mut Bfs<u32, Dense<IdIndexer>>) {
        let c = cell as usize;
        let blocks: [u32; 4] = core::array::from_fn(|i| self.block[4 * c + i]);
        let sides: [u32; 4] = core::array::from_fn(|i| cell.wrapping_add(self.offsets[i]));
        let walk = BlankWalk {
            board: &self.board,
            offsets: self.offsets,
            blocked: cell,
        };
        for i in 0..4 {
            if blocks[i] == NONE {
                continue;
            }
            self.walk[16 * c + 5 * i].set(0);
            // The later sides in the same block: the walks still unknown from side i.
            let mut targets = [NONE; 3];
            let mut count = 0;
            for j in i + 1..4 {
                if blocks[j] == blocks[i] {
                    targets[count] = sides[j];
                    count += 1;
                }
            }
            if count == 0 {
                continue;
            }
            let mut left = count;
            let _found = bfs.search(&walk, [sides[i]], |&at| {
                if targets[..count].contains(&at) {
                    left -= 1;
                    left == 0
                } else {
                    false
                }
            });
            for j in i + 1..4 {
                if blocks[j] == blocks[i]
                    && let Some(steps) = bfs.cost(&sides[j])
                {
                    let steps = u32::try_from(steps).unwrap_or(INF);
                    self.walk[16 * c + 4 * i + j].set(steps);
                    self.walk[16 * c + 4 * j + i].set(steps);
                }
            }
        }
        self.ready[c].set(true);
        self.computed.set(self.computed.get() + 1);
    }

    /// The costs of the blank's walks from `blank` to the four sides of a piece at `piece`
    /// (held still), `INF` for the sides it cannot reach, with the search's statistics.
    ///
    /// An A* toward the piece (Manhattan distance to it, less one: consistent), which
    /// settles the sides in order of cost with exact costs and stops at the last side it
    /// can reach; measured about 20% faster than a BFS, which floods a disc around the
    /// blank.
    fn blank_to_sides(&self, astar: &mut BlankAStar, blank: u32, piece: u32) -> ([u32; 4], Stats) {
        let p = piece as usize;
        let blocks: [u32; 4] = core::array::from_fn(|i| self.block[4 * p + i]);
        let sides: [u32; 4] = core::array::from_fn(|i| piece.wrapping_add(self.offsets[i]));
        let mut costs = [INF; 4];
        if self.part[blank as usize] != self.part[p] {
            return (costs, Stats::default());
        }
        // The first side reached fixes which sides are reachable: those of its block.
        let mut needed = usize::MAX;
        let mut found = 0;
        let walk = BlankWalk {
            board: &self.board,
            offsets: self.offsets,
            blocked: piece,
        };
        let coords = &self.board.coords;
        let [pr, pc] = coords[p];
        let toward_piece = |&at: &u32| {
            let [r, c] = coords[at as usize];
            (r.abs_diff(pr) + c.abs_diff(pc)).saturating_sub(1)
        };
        let mut record = |event: Event<'_, u32, u32>| {
            if let Event::Expanded { state, cost } = event
                && let Some(side) = sides.iter().position(|s| s == state)
            {
                costs[side] = cost;
            }
            ControlFlow::Continue(())
        };
        let search = astar.search_with(
            &walk,
            [blank],
            &toward_piece,
            |at| {
                let Some(side) = sides.iter().position(|s| s == at) else {
                    return false;
                };
                if needed == usize::MAX {
                    needed = blocks.iter().filter(|&&b| b == blocks[side]).count();
                }
                found += 1;
                found == needed
            },
            &mut record,
        );
        if let Some(last) = search.found()
            && let Some(&at) = last.path.last()
            && let Some(side) = sides.iter().position(|&s| s == at)
        {
            costs[side] = last.cost;
        }
        (costs, search.stats)
    }
}

/// The A* of the blank's walks to a piece.
type BlankAStar = AStar<u32, u32, Dense<IdIndexer>, BucketQueue<AStarKey<u32>>>;

impl StateSpace for Abstraction {
    type State = SideState;
    type Cost = u32;

    /// The steps of the abstraction from a side state: to each other side the blank can
    /// walk to, at the cost of the walk, and the swap of the blank with the piece (cost 1:
    /// the piece moves to that side, the blank ends on its opposite side).
    #[inline]
    fn successors(&self, state: &SideState, mut emit: impl FnMut(SideState, u32)) {
        let (cell, side) = (state.piece(), state.0 & 3);
        let walks = self.walks(cell, side);
        for to in 0..4 {
            let cost = walks[to as usize];
            if to != side && cost != INF {
                emit(SideState(4 * cell + to), cost);
            }
        }
        let next = cell.wrapping_add(self.offsets[side as usize]);
        emit(SideState(4 * next + (side ^ 1)), 1);
    }
}

impl IndexedSpace for Abstraction {
    type Indexer = IdIndexer;
    fn indexer(&self) -> IdIndexer {
        IdIndexer {
            bound: self.side_bound(),
        }
    }
}

/// The connected part of every cell and the block (biconnected component) of every edge
/// between movable cells, by Tarjan's algorithm with an explicit stack.
///
/// Returns `part` (per cell; `NONE` for fixed cells) and `block` (per cell and side; `NONE`
/// when the side is fixed). Two sides of a cell are joined by a walk avoiding the cell
/// exactly when their edges to it are in the same block.
fn blocks(board: &Board, offsets: [u32; 4]) -> (Vec<u32>, Vec<u32>) {
    let cells = board.cell_bound();
    let mut part = vec![NONE; cells];
    let mut block = vec![NONE; cells * 4];
    let mut discovered = vec![0u32; cells];
    let mut low = vec![0u32; cells];
    let mut time = 0u32;
    let mut parts = 0u32;
    let mut blocks = 0u32;
    // (cell, parent, next side to look at)
    let mut frames: Vec<(u32, u32, u32)> = Vec::new();
    // Edges of the blocks not yet closed, as (cell, side).
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for root in 0..u32::try_from(cells).unwrap_or(0) {
        if !board.open(root) || discovered[root as usize] != 0 {
            continue;
        }
        time += 1;
        discovered[root as usize] = time;
        low[root as usize] = time;
        part[root as usize] = parts;
        frames.push((root, NONE, 0));
        while let Some(top) = frames.last_mut() {
            let (v, parent, side) = *top;
            if side < 4 {
                top.2 += 1;
                let w = v.wrapping_add(offsets[side as usize]);
                if !board.open(w) || w == parent {
                    continue;
                }
                if discovered[w as usize] == 0 {
                    edges.push((v, side));
                    time += 1;
                    discovered[w as usize] = time;
                    low[w as usize] = time;
                    part[w as usize] = parts;
                    frames.push((w, v, 0));
                } else if discovered[w as usize] < discovered[v as usize] {
                    edges.push((v, side));
                    low[v as usize] = low[v as usize].min(discovered[w as usize]);
                }
                continue;
            }
            frames.pop();
            if parent == NONE {
                continue;
            }
            let (p, v) = (parent as usize, v as usize);
            low[p] = low[p].min(low[v]);
            if low[v] >= discovered[p] {
                // `parent` separates the subtree of `v`: its edges form one block.
                while let Some((a, s)) = edges.pop() {
                    let b = a.wrapping_add(offsets[s as usize]);
                    block[4 * a as usize + s as usize] = blocks;
                    block[4 * b as usize + (s ^ 1) as usize] = blocks;
                    if a as usize == p && b as usize == v {
                        break;
                    }
                }
                blocks += 1;
            }
        }
        parts += 1;
    }
    (part, block)
}

/// The abstraction for one query: side states, plus a virtual source whose steps to the
/// piece's four sides cost the blank's walks there. Search it from
/// [`QuerySpace::source`] to [`QuerySpace::is_goal`].
///
/// Made by [`HuarongSolver::query_space`].
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::huarong::{HuarongSolver, Input};
/// use state_search::{Dense, Dijkstra, IndexedSpace};
///
/// let input: Input = "3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n".parse()?;
/// let mut solver = HuarongSolver::new(input.board.clone());
/// let space = solver.query_space(&input.queries[0])?;
/// let mut dijkstra = Dijkstra::with_storage(Dense(space.indexer()));
/// let search = dijkstra.search(&space, [space.source()], |s| space.is_goal(s));
/// assert_eq!(search.found().unwrap().cost, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct QuerySpace<'a> {
    abstraction: &'a Abstraction,
    piece: u32,
    target: u32,
    /// The start side states and the blank's walk to each.
    starts: [(SideState, u32); 4],
    count: usize,
    source: SideState,
    /// The estimate at the source: the least start cost plus estimate.
    source_estimate: u32,
    /// Per landmark in use, the least and greatest distance to a goal state.
    goal_spans: [(usize, u32, u32); MAX_LANDMARKS],
    spans: usize,
}

impl QuerySpace<'_> {
    /// The virtual source state, where every search of this space starts.
    #[must_use]
    pub fn source(&self) -> SideState {
        self.source
    }

    /// The start side states with the cost of the blank's walk to each.
    #[must_use]
    pub fn starts(&self) -> &[(SideState, u32)] {
        &self.starts[..self.count]
    }

    /// Whether `state` has the piece on the target (the source does when the query's
    /// piece starts there).
    #[inline]
    #[must_use]
    pub fn is_goal(&self, state: &SideState) -> bool {
        if *state == self.source {
            self.piece == self.target
        } else {
            state.piece() == self.target
        }
    }

    /// An admissible and consistent estimate of the moves left: the exact answer on an
    /// open, unbounded board (checked against Dijkstra in the tests). With `R` and `C` the
    /// piece's vertical and horizontal distances to the target, `L >= S` the larger and
    /// the smaller, and `n = R + C > 0`, it is `3n - 2 + 2 max(0, L - S - 1)` plus a
    /// penalty for the blank's side: 0 on a side toward the target along an axis at least
    /// as long as the other, 4 on a side away from it along the strictly longer axis, 2
    /// otherwise. (A swap costs 1; a walk to a neighbouring side at least 2, to the
    /// opposite side at least 4; so the cheapest way zigzags, and goes straight only for
    /// the excess of the longer axis.) Every step of a real board's abstraction exists on
    /// the open board at no greater cost, hence the bound and its consistency.
    ///
    /// It uses Manhattan distances, not the [`DistanceField`], because they cost no BFS
    /// per query: on random boards the field saved about 5% of the expansions and cost
    /// more than that in time (see `BENCHMARKS.md`).
    ///
    /// With landmarks ([`Abstraction::with_landmarks`]), the estimate is also at least
    /// the ALT bound of each landmark `L` (Goldberg and Harrelson): the abstraction is
    /// symmetric, so by the triangle inequality the distance from a state `s` to any goal
    /// `g` is at least `d(L, g) - d(L, s)` and `d(L, s) - d(L, g)`; taking the least and
    /// greatest `d(L, g)` over the goal states keeps both bounds valid for the set. Each
    /// bound changes by at most a step's cost along a step, so the maximum stays
    /// consistent.
    #[inline]
    #[must_use]
    pub fn estimate(&self, state: &SideState) -> u32 {
        if *state == self.source {
            return self.source_estimate;
        }
        self.side_estimate(*state)
    }

    #[inline]
    fn side_estimate(&self, state: SideState) -> u32 {
        let coords = &self.abstraction.board.coords;
        let piece = state.piece();
        if piece == self.target {
            return 0;
        }
        let mut h = open_board_moves(
            coords[piece as usize],
            coords[self.target as usize],
            state.0 & 3,
        );
        let landmarks = &self.abstraction.landmarks;
        let row = &landmarks.dist[state.0 as usize * landmarks.count..][..landmarks.count];
        for &(l, lo, hi) in &self.goal_spans[..self.spans] {
            let d = row[l];
            if d != INF {
                h = h.max(lo.saturating_sub(d)).max(d.saturating_sub(hi));
            }
        }
        h
    }
}

/// The least number of moves that brings a piece at `piece` to `target` (`[row, col]`)
/// with the blank on its side `side`, on an open, unbounded board: the exact distance in
/// the abstraction of a board without fixed cells or edges (checked against Dijkstra in
/// the tests).
///
/// With `R` and `C` the vertical and horizontal distances, `L >= S` the larger and the
/// smaller, and `n = R + C > 0`, it is `3n - 2 + 2 max(0, L - S - 1)`, plus a penalty for
/// the blank's side: 0 on a side toward the target along an axis at least as long as the
/// other; 2 on a side toward the target along the shorter axis; 4 on a side away from
/// the target along the strictly longer axis; 2 on any other side. (Each move of the
/// piece costs 1; bringing the blank from behind the piece to another side costs at least
/// 2, and to the side straight ahead at least 4, so the cheapest path zigzags, and goes
/// straight only for the excess of the longer axis.)
///
/// On any board it is a lower bound, and a consistent one: every step of the abstraction
/// of a real board exists on the open board too and costs no less there (walks between
/// two sides of a cell cost at least 2, between opposite sides at least 4).
#[inline]
fn open_board_moves([pr, pc]: [u32; 2], [tr, tc]: [u32; 2], side: u32) -> u32 {
    let (rows, cols) = (pr.abs_diff(tr), pc.abs_diff(tc));
    let n = rows + cols;
    if n == 0 {
        return 0;
    }
    let (long, short) = (rows.max(cols), rows.min(cols));
    let base = 3 * n - 2 + 2 * (long - short).saturating_sub(1);
    // The side's axis, and whether the side points toward the target along it.
    let (axis, other, toward) = match side {
        0 => (rows, cols, tr < pr),
        1 => (rows, cols, tr > pr),
        2 => (cols, rows, tc < pc),
        _ => (cols, rows, tc > pc),
    };
    let penalty = if toward {
        if axis >= other { 0 } else { 2 }
    } else if axis > other {
        4
    } else {
        2
    };
    base + penalty
}

impl StateSpace for QuerySpace<'_> {
    type State = SideState;
    type Cost = u32;

    #[inline]
    fn successors(&self, state: &SideState, mut emit: impl FnMut(SideState, u32)) {
        if *state == self.source {
            for &(start, cost) in self.starts() {
                emit(start, cost);
            }
            return;
        }
        self.abstraction.successors(state, emit);
    }
}

impl IndexedSpace for QuerySpace<'_> {
    type Indexer = IdIndexer;
    fn indexer(&self) -> IdIndexer {
        IdIndexer {
            bound: self.source.0 + 1,
        }
    }
}

impl Heuristic<SideState, u32> for QuerySpace<'_> {
    #[inline]
    fn estimate(&self, state: &SideState) -> u32 {
        QuerySpace::estimate(self, state)
    }
}

// ---------------------------------------------------------------------------------------
// The solver
// ---------------------------------------------------------------------------------------

/// Which view of the problem answers a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// [`PlainView`]: (blank, piece) states, unit moves.
    Plain,
    /// [`QuerySpace`] over the [`Abstraction`]: (piece, side) states.
    Abstract,
}

/// Which engine searches the chosen view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// [`Bfs`] (plain view only: the abstraction has weighted steps).
    Bfs,
    /// [`Dijkstra`] with a bucket queue.
    Dijkstra,
    /// [`Spfa`], the contest program's choice.
    Spfa,
    /// [`AStar`] with a bucket queue and [`PlainHeuristic`] or [`QuerySpace::estimate`].
    AStar,
    /// [`IdaStar`] with a transposition table and [`PlainHeuristic`] (plain view only).
    IdaStar,
}

impl FromStr for Method {
    type Err = String;
    /// `plain` or `abstract`.
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "plain" => Ok(Method::Plain),
            "abstract" => Ok(Method::Abstract),
            _ => Err(format!(
                "unknown method {text:?}: expected plain or abstract"
            )),
        }
    }
}

impl FromStr for Engine {
    type Err = String;
    /// `bfs`, `dijkstra`, `spfa`, `astar` or `idastar`.
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "bfs" => Ok(Engine::Bfs),
            "dijkstra" => Ok(Engine::Dijkstra),
            "spfa" => Ok(Engine::Spfa),
            "astar" => Ok(Engine::AStar),
            "idastar" => Ok(Engine::IdaStar),
            _ => Err(format!(
                "unknown engine {text:?}: expected bfs, dijkstra, spfa, astar or idastar"
            )),
        }
    }
}

/// Why [`HuarongSolver::solve`] gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The query is invalid on the board.
    Query(QueryError),
    /// The engine does not apply to the view (BFS and IDA* on the weighted abstraction).
    Unsupported {
        /// The view.
        method: Method,
        /// The engine.
        engine: Engine,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Query(error) => error.fmt(f),
            SolveError::Unsupported { method, engine } => write!(
                f,
                "engine {engine:?} does not apply to the {method:?} view (the abstraction has \
                 weighted steps: use Dijkstra, Spfa or AStar)"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<QueryError> for SolveError {
    fn from(error: QueryError) -> Self {
        SolveError::Query(error)
    }
}

/// The answer to one query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The least number of moves, or `None` when the piece cannot reach the target.
    pub moves: Option<u32>,
    /// What the searches did (for the abstraction: the blank's BFS and the main search).
    pub stats: Stats,
}

/// The engines of the plain view over one storage, built on first use.
struct PlainEngines<St: Storage<PlainState>> {
    storage: St,
    bfs: Option<Bfs<PlainState, St>>,
    dijkstra: Option<Dijkstra<PlainState, u32, St, BucketQueue<u32>>>,
    spfa: Option<Spfa<PlainState, u32, St>>,
    astar: Option<AStar<PlainState, u32, St, BucketQueue<AStarKey<u32>>>>,
    idastar: Option<IdaStar<PlainState, u32, St>>,
}

impl<St: Storage<PlainState> + Clone> PlainEngines<St> {
    fn memory_bytes(&self) -> usize {
        self.bfs.as_ref().map_or(0, Bfs::memory_bytes)
            + self.dijkstra.as_ref().map_or(0, Dijkstra::memory_bytes)
            + self.spfa.as_ref().map_or(0, Spfa::memory_bytes)
            + self.astar.as_ref().map_or(0, AStar::memory_bytes)
            + self.idastar.as_ref().map_or(0, IdaStar::memory_bytes)
    }

    fn new(storage: St) -> Self {
        Self {
            storage,
            bfs: None,
            dijkstra: None,
            spfa: None,
            astar: None,
            idastar: None,
        }
    }

    fn solve(
        &mut self,
        view: PlainView<'_>,
        start: PlainState,
        target: u32,
        field: &DistanceField,
        engine: Engine,
    ) -> (Option<u32>, Stats) {
        let storage = &self.storage;
        let is_goal = |s: &PlainState| s.piece == target;
        let h = view.heuristic(field);
        let found = |search: Search<Solution<PlainState, u32>>| {
            (search.found().map(|f| f.cost), search.stats)
        };
        match engine {
            Engine::Bfs => {
                let bfs = self
                    .bfs
                    .get_or_insert_with(|| Bfs::with_storage(storage.clone()));
                let search = bfs.search(&view, [start], is_goal);
                let moves = search.found().map(|f| u32::try_from(f.cost).unwrap_or(INF));
                (moves, search.stats)
            }
            Engine::Dijkstra => found(
                self.dijkstra
                    .get_or_insert_with(|| {
                        Dijkstra::with_storage(storage.clone()).with_queue(BucketQueue::new())
                    })
                    .search(&view, [start], is_goal),
            ),
            Engine::Spfa => {
                let spfa = self
                    .spfa
                    .get_or_insert_with(|| Spfa::with_storage(storage.clone()));
                match spfa.search(&view, [start], is_goal) {
                    Ok(search) => found(search),
                    // Unit costs: there is no negative cycle.
                    Err(_) => (None, Stats::default()),
                }
            }
            Engine::AStar => found(
                self.astar
                    .get_or_insert_with(|| {
                        AStar::with_storage(storage.clone()).with_queue(BucketQueue::new())
                    })
                    .search(&view, [start], &h, is_goal),
            ),
            Engine::IdaStar => found(
                self.idastar
                    .get_or_insert_with(|| IdaStar::with_table(storage.clone()))
                    .search(&view, [start], &h, is_goal),
            ),
        }
    }
}

/// The plain view's engines: dense storage for small boards, hashed for large ones.
enum PlainSolver {
    Dense(Box<PlainEngines<Dense<PlainIndexer>>>),
    Hashed(Box<PlainEngines<Hashed>>),
}

/// The number of landmarks of [`Options::default`].
pub const DEFAULT_LANDMARKS: usize = 8;

/// How a [`HuarongSolver`] prepares its [`Abstraction`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// When the walks around the cells are computed.
    pub precompute: Precompute,
    /// How many landmarks the A* estimate uses (0 for none; at most [`MAX_LANDMARKS`];
    /// none with [`Precompute::Lazy`]).
    pub landmarks: usize,
}

impl Default for Options {
    /// [`Precompute::Eager`] and [`DEFAULT_LANDMARKS`] landmarks.
    fn default() -> Self {
        Self {
            precompute: Precompute::Eager,
            landmarks: DEFAULT_LANDMARKS,
        }
    }
}

/// A* over the side states of the abstraction.
type SideAStar = AStar<SideState, u32, Dense<IdIndexer>, BucketQueue<AStarKey<u32>>>;

/// Answers many queries on one board with either view and any engine that applies,
/// keeping the [`Abstraction`] and every engine's buffers from one query to the next.
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::huarong::{Engine, HuarongSolver, Input, Method};
///
/// let input = Input::random(12, 12, 20, 20, 7);
/// let mut solver = HuarongSolver::new(input.board.clone());
/// for query in &input.queries {
///     let plain = solver.solve(query, Method::Plain, Engine::Bfs)?.moves;
///     let spfa = solver.solve(query, Method::Abstract, Engine::Spfa)?.moves;
///     let astar = solver.solve(query, Method::Abstract, Engine::AStar)?.moves;
///     assert_eq!(plain, spfa);
///     assert_eq!(plain, astar);
/// }
/// # Ok::<(), state_search::domains::sliding::huarong::SolveError>(())
/// ```
pub struct HuarongSolver {
    abstraction: Abstraction,
    /// The BFS of the distance fields.
    bfs: Bfs<u32, Dense<IdIndexer>>,
    /// The A* of the blank to the piece.
    blank: BlankAStar,
    /// The distances to the target of the last query (`NONE` target: not computed yet).
    field: DistanceField,
    dijkstra: Option<Dijkstra<SideState, u32, Dense<IdIndexer>, BucketQueue<u32>>>,
    spfa: Option<Spfa<SideState, u32, Dense<IdIndexer>>>,
    astar: Option<SideAStar>,
    plain: Option<PlainSolver>,
}

impl HuarongSolver {
    /// A solver for `board` with the default [`Options`]: the walks computed up front and
    /// [`DEFAULT_LANDMARKS`] landmarks.
    ///
    /// # Complexity
    ///
    /// See [`Abstraction::with_landmarks`]: O(nm) on open boards, plus one Dijkstra over
    /// the `4nm` side states per landmark.
    #[must_use]
    pub fn new(board: Board) -> Self {
        Self::with_options(board, Options::default())
    }

    /// A solver for `board` whose abstraction is prepared as `options` say.
    #[must_use]
    pub fn with_options(board: Board, options: Options) -> Self {
        let bound = u32::try_from(board.cell_bound()).unwrap_or(NONE);
        Self {
            abstraction: Abstraction::with_landmarks(board, options.precompute, options.landmarks),
            bfs: Bfs::with_storage(Dense(IdIndexer { bound })),
            blank: AStar::with_storage(Dense(IdIndexer { bound })).with_queue(BucketQueue::new()),
            field: DistanceField {
                target: NONE,
                dist: Vec::new(),
            },
            dijkstra: None,
            spfa: None,
            astar: None,
            plain: None,
        }
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.abstraction.board
    }

    /// The abstraction.
    #[must_use]
    pub fn abstraction(&self) -> &Abstraction {
        &self.abstraction
    }

    /// The heap memory held by the abstraction and by the engines built so far, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        let plain = match &self.plain {
            None => 0,
            Some(PlainSolver::Dense(engines)) => engines.memory_bytes(),
            Some(PlainSolver::Hashed(engines)) => engines.memory_bytes(),
        };
        self.abstraction.memory_bytes()
            + self.bfs.memory_bytes()
            + self.blank.memory_bytes()
            + self.field.dist.capacity() * size_of::<u32>()
            + self.dijkstra.as_ref().map_or(0, Dijkstra::memory_bytes)
            + self.spfa.as_ref().map_or(0, Spfa::memory_bytes)
            + self.astar.as_ref().map_or(0, AStar::memory_bytes)
            + plain
    }

    /// The abstraction's space for `query`, for searching it with any engine; building it
    /// runs the blank's BFS to the piece.
    ///
    /// # Errors
    ///
    /// A [`QueryError`] when the query is invalid on the board.
    pub fn query_space(&mut self, query: &Query) -> Result<QuerySpace<'_>, QueryError> {
        self.abstraction.board.check(query)?;
        let cells = self.cells(query);
        Ok(self.build_query_space(cells).0)
    }

    /// The cell ids of a checked query's blank, piece and target.
    fn cells(&self, query: &Query) -> [u32; 3] {
        let board = &self.abstraction.board;
        [query.blank, query.piece, query.target].map(|pos| board.cell(pos).unwrap_or(NONE))
    }

    /// Makes `self.field` the distances to `target` (kept when the target repeats).
    fn update_field(&mut self, target: u32) {
        if self.field.target != target {
            self.field
                .fill(&self.abstraction.board, target, &mut self.bfs);
        }
    }

    /// The query space of the checked query `[blank, piece, target]`, with the blank
    /// BFS's statistics.
    fn build_query_space(&mut self, [blank, piece, target]: [u32; 3]) -> (QuerySpace<'_>, Stats) {
        let (costs, stats) = self
            .abstraction
            .blank_to_sides(&mut self.blank, blank, piece);
        let bound = self.abstraction.board.cell_bound() * 4;
        let source = SideState(u32::try_from(bound).unwrap_or(NONE));
        let mut space = QuerySpace {
            abstraction: &self.abstraction,
            piece,
            target,
            starts: [(source, 0); 4],
            count: 0,
            source,
            source_estimate: 0,
            goal_spans: [(0, 0, 0); MAX_LANDMARKS],
            spans: 0,
        };
        let landmarks = &self.abstraction.landmarks;
        for l in 0..landmarks.count {
            let goals = (0..4)
                .map(|side| landmarks.dist[(4 * target + side) as usize * landmarks.count + l]);
            let (lo, hi) = goals
                .filter(|&d| d != INF)
                .fold((INF, 0), |(lo, hi), d| (lo.min(d), hi.max(d)));
            if lo != INF {
                space.goal_spans[space.spans] = (l, lo, hi);
                space.spans += 1;
            }
        }
        let abstraction = &self.abstraction;
        let reaches_goal = |start: SideState| {
            (0..4).any(|side| {
                let goal = SideState(4 * target + side);
                abstraction.block[goal.0 as usize] != NONE
                    && abstraction.connected(start, goal).unwrap_or(true)
            })
        };
        for (side, cost) in (0..4).zip(costs) {
            let start = SideState(4 * piece + side);
            // A start cut off from every goal state cannot help: leave it out.
            if cost != INF && reaches_goal(start) {
                space.starts[space.count] = (start, cost);
                space.count += 1;
            }
        }
        space.source_estimate = if piece == target {
            0
        } else {
            space
                .starts()
                .iter()
                .map(|&(start, cost)| cost.saturating_add(space.side_estimate(start)))
                .min()
                .unwrap_or(0)
        };
        (space, stats)
    }

    /// Answers `query` with the view `method` searched by `engine`.
    ///
    /// A piece in another connected part of the board than its target is answered at
    /// once. The plain view's A* and IDA* first compute the target's [`DistanceField`]
    /// (one BFS, reused while the target repeats) for [`PlainHeuristic`].
    ///
    /// # Errors
    ///
    /// [`SolveError::Query`] for an invalid query; [`SolveError::Unsupported`] for
    /// [`Engine::Bfs`] or [`Engine::IdaStar`] on the abstraction.
    ///
    /// # Complexity
    ///
    /// Abstraction: two BFS over the board plus one search over at most `4nm + 1` side
    /// states. Plain view: one BFS plus one search over at most `(nm)^2` states.
    pub fn solve(
        &mut self,
        query: &Query,
        method: Method,
        engine: Engine,
    ) -> Result<Answer, SolveError> {
        if method == Method::Abstract && matches!(engine, Engine::Bfs | Engine::IdaStar) {
            return Err(SolveError::Unsupported { method, engine });
        }
        self.abstraction.board.check(query)?;
        let none = Answer {
            moves: None,
            stats: Stats::default(),
        };
        if query.piece == query.target {
            return Ok(Answer {
                moves: Some(0),
                ..none
            });
        }
        let cells = self.cells(query);
        let part = &self.abstraction.part;
        if part[cells[1] as usize] != part[cells[2] as usize] {
            return Ok(none);
        }
        Ok(match method {
            Method::Plain => self.solve_plain(cells, engine),
            Method::Abstract => self.solve_abstract(cells, engine),
        })
    }

    fn solve_plain(&mut self, [blank, piece, target]: [u32; 3], engine: Engine) -> Answer {
        if matches!(engine, Engine::AStar | Engine::IdaStar) {
            self.update_field(target);
        }
        let view = self.abstraction.board.plain_view();
        let plain = self.plain.get_or_insert_with(|| {
            let ix = view.indexer();
            if ix.bound() <= PLAIN_DENSE_LIMIT {
                PlainSolver::Dense(Box::new(PlainEngines::new(Dense(ix))))
            } else {
                PlainSolver::Hashed(Box::new(PlainEngines::new(Hashed)))
            }
        });
        let start = PlainState { blank, piece };
        let (moves, stats) = match plain {
            PlainSolver::Dense(engines) => engines.solve(view, start, target, &self.field, engine),
            PlainSolver::Hashed(engines) => engines.solve(view, start, target, &self.field, engine),
        };
        Answer { moves, stats }
    }

    fn solve_abstract(&mut self, cells: [u32; 3], engine: Engine) -> Answer {
        let bound = u32::try_from(self.abstraction.board.cell_bound() * 4 + 1).unwrap_or(NONE);
        let storage = Dense(IdIndexer { bound });
        // Split the borrows: the space borrows the abstraction, the engines are separate.
        let (mut dijkstra, mut spfa, mut astar) =
            (self.dijkstra.take(), self.spfa.take(), self.astar.take());
        let (space, mut stats) = self.build_query_space(cells);
        let moves = if space.count == 0 {
            None
        } else {
            let source = [space.source()];
            let is_goal = |s: &SideState| space.is_goal(s);
            let search = match engine {
                Engine::Dijkstra => dijkstra
                    .get_or_insert_with(|| {
                        Dijkstra::with_storage(storage).with_queue(BucketQueue::new())
                    })
                    .search(&space, source, is_goal),
                Engine::AStar => astar
                    .get_or_insert_with(|| {
                        AStar::with_storage(storage).with_queue(BucketQueue::new())
                    })
                    .search(&space, source, &space, is_goal),
                _ => match spfa
                    .get_or_insert_with(|| Spfa::with_storage(storage))
                    .search(&space, source, is_goal)
                {
                    Ok(search) => search,
                    // Every step costs at least 1: there is no negative cycle.
                    Err(_) => Search {
                        outcome: Outcome::NoPath,
                        stats: Stats::default(),
                    },
                },
            };
            stats.accumulate(&search.stats);
            search.found().map(|f| f.cost)
        };
        (self.dijkstra, self.spfa, self.astar) = (dijkstra, spfa, astar);
        Answer { moves, stats }
    }
}

impl fmt::Debug for HuarongSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HuarongSolver")
            .field("abstraction", &self.abstraction)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Input {
        "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n"
            .parse()
            .unwrap()
    }

    #[test]
    fn blocks_split_a_board_at_its_cut_cells() {
        // 1 1 1
        // 1 0 1    a ring of 8 cells: one block
        // 1 1 1
        let ring = Board::new(
            3,
            3,
            &[true, true, true, true, false, true, true, true, true],
        )
        .unwrap();
        let (part, block) = blocks(&ring, ring.offsets());
        let ids: Vec<u32> = (0..9)
            .filter(|&i| i != 4)
            .map(|i| ring.cell(Pos::new(i / 3, i % 3)).unwrap())
            .collect();
        assert!(ids.iter().all(|&c| part[c as usize] == 0));
        let first = block[4 * ids[0] as usize + 1];
        for &c in &ids {
            for side in 0..4 {
                let b = block[4 * c as usize + side];
                assert!(b == NONE || b == first);
            }
        }
        // A line of three cells: two blocks, one per edge.
        let line = Board::new(1, 3, &[true; 3]).unwrap();
        let (_, block) = blocks(&line, line.offsets());
        let mid = line.cell(Pos::new(0, 1)).unwrap() as usize;
        assert_ne!(block[4 * mid + 2], block[4 * mid + 3]);
        assert_ne!(block[4 * mid + 2], NONE);
    }

    #[test]
    fn the_sample_answers_two_and_none_with_every_engine() {
        let input = sample();
        for precompute in [Precompute::Eager, Precompute::Lazy] {
            let options = Options {
                precompute,
                landmarks: 4,
            };
            let mut solver = HuarongSolver::with_options(input.board.clone(), options);
            for (method, engine) in [
                (Method::Plain, Engine::Bfs),
                (Method::Plain, Engine::AStar),
                (Method::Plain, Engine::IdaStar),
                (Method::Plain, Engine::Dijkstra),
                (Method::Plain, Engine::Spfa),
                (Method::Abstract, Engine::Dijkstra),
                (Method::Abstract, Engine::Spfa),
                (Method::Abstract, Engine::AStar),
            ] {
                let answers: Vec<Option<u32>> = input
                    .queries
                    .iter()
                    .map(|q| solver.solve(q, method, engine).unwrap().moves)
                    .collect();
                assert_eq!(answers, [Some(2), None], "{method:?} {engine:?}");
            }
        }
    }

    #[test]
    fn the_open_board_estimate_is_the_exact_distance_on_an_open_board() {
        // Far from the edges of a 41 x 41 open board, the abstraction's distances to the
        // centre are those of an unbounded board.
        let n = 41;
        let board = Board::new(n, n, &vec![true; (n * n) as usize]).unwrap();
        let abstraction = Abstraction::new(board.clone(), Precompute::Eager);
        let centre = Pos::new(n / 2, n / 2);
        let target = board.cell(centre).unwrap();
        let goals = Dir::ALL.map(|dir| SideState::new(target, dir));
        let mut dijkstra = Dijkstra::with_storage(Dense(abstraction.indexer()));
        let _complete = dijkstra.reach(&abstraction, goals);
        let mut checked = 0;
        for row in n / 2 - 9..=n / 2 + 9 {
            for col in n / 2 - 9..=n / 2 + 9 {
                let piece = board.cell(Pos::new(row, col)).unwrap();
                for side in 0..4 {
                    let exact = dijkstra.cost(&SideState(4 * piece + side)).unwrap();
                    let estimate = open_board_moves(
                        board.coords[piece as usize],
                        board.coords[target as usize],
                        side,
                    );
                    assert_eq!(estimate, exact, "piece {row},{col} side {side}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 19 * 19 * 4);
    }

    #[test]
    fn the_open_board_estimate_is_consistent_with_the_cheapest_steps() {
        // Swaps cost 1, walks to a neighbouring side at least 2, to the opposite side at
        // least 4: along each, the estimate drops by no more than the cost.
        let target = [50, 50];
        for row in 35..=65u32 {
            for col in 35..=65u32 {
                for side in 0..4u32 {
                    let h = open_board_moves([row, col], target, side);
                    if [row, col] == target {
                        assert_eq!(h, 0);
                        continue;
                    }
                    for to in 0..4u32 {
                        let walk = if to == side ^ 1 { 4 } else { 2 };
                        if to != side {
                            assert!(h <= walk + open_board_moves([row, col], target, to));
                        }
                    }
                    let next = match side {
                        0 => [row - 1, col],
                        1 => [row + 1, col],
                        2 => [row, col - 1],
                        _ => [row, col + 1],
                    };
                    assert!(h <= 1 + open_board_moves(next, target, side ^ 1));
                }
            }
        }
    }

    #[test]
    fn bfs_and_idastar_do_not_apply_to_the_abstraction() {
        let input = sample();
        let mut solver = HuarongSolver::new(input.board.clone());
        assert_eq!(
            solver.solve(&input.queries[0], Method::Abstract, Engine::Bfs),
            Err(SolveError::Unsupported {
                method: Method::Abstract,
                engine: Engine::Bfs
            })
        );
    }

    #[test]
    fn lazy_abstraction_computes_only_the_cells_it_reaches() {
        let board = Board::random(20, 20, 10, 3);
        let movable = board.movable_cells();
        let lazy = Options {
            precompute: Precompute::Lazy,
            landmarks: 0,
        };
        let mut solver = HuarongSolver::with_options(board, lazy);
        assert_eq!(solver.abstraction().computed_cells(), 0);
        let query = Query {
            blank: Pos::new(0, 0),
            piece: Pos::new(0, 1),
            target: Pos::new(0, 1),
        };
        if solver.board().check(&query).is_ok() {
            assert_eq!(
                solver
                    .solve(&query, Method::Abstract, Engine::AStar)
                    .unwrap()
                    .moves,
                Some(0)
            );
        }
        assert_eq!(solver.abstraction().computed_cells(), 0);
        let eager = HuarongSolver::new(Board::random(20, 20, 10, 3));
        assert_eq!(eager.abstraction().computed_cells(), movable);
    }
}
