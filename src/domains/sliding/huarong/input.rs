//! The contest input: `Input` reads the board and the queries from the contest text (and
//! writes it back with `Display`); `InputError` names the line and column, or the query,
//! of a fault.

use core::fmt;
use core::str::FromStr;

use super::{Board, MAX_CELLS, Query, QueryError, Role};
use crate::error::{CapacityError, ParseError, ParseErrorKind};
use crate::grid::Pos;
use crate::text::{Token, Tokens};

/// The contest input: a board and its queries.
///
/// The text format is described in the [module docs](super#the-text-format): `n m q`,
/// the cells (`0` fixed, `1` movable), then the queries `EX EY SX SY TX TY` with rows and
/// columns counted from 1. Parsing reads the text with [`Tokens`], and checks every query
/// against the board. [`Display`](fmt::Display) writes the same format back.
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
/// // Places in the text are 1-based; cells in errors are 0-based, like every `Pos`.
/// assert_eq!(
///     error.to_string(),
///     "line 4, column 1: query 1: the blank (1, 1) is on a fixed cell"
/// );
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
    /// As [`Board::random`], and when the queries do not fit in memory
    /// ([`Input::try_random`] returns an error instead).
    #[must_use]
    pub fn random(rows: u32, cols: u32, fixed_percent: u32, queries: usize, seed: u64) -> Self {
        Self::try_random(rows, cols, fixed_percent, queries, seed)
            .unwrap_or_else(|error| panic!("a random input: {error}"))
    }

    /// [`Input::random`] with the memory of the queries reserved fallibly
    /// ([`Board::try_random_queries`]).
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when `queries` queries do not fit in memory.
    ///
    /// # Panics
    ///
    /// As [`Board::random`].
    pub fn try_random(
        rows: u32,
        cols: u32,
        fixed_percent: u32,
        queries: usize,
        seed: u64,
    ) -> Result<Self, CapacityError> {
        let board = Board::random(rows, cols, fixed_percent, seed);
        let queries = board.try_random_queries(queries, seed.wrapping_add(1))?;
        Ok(Self { board, queries })
    }
}

/// Malformed contest input: a [`ParseError`], or a well-formed query that is not valid on
/// the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    /// The text does not follow the format (a coordinate off the board included: it is
    /// reported at its token).
    Parse(ParseError),
    /// The board does not fit in memory.
    Capacity(CapacityError),
    /// Query number `number` (counted from 1, as lines are), on line `line`, names a fixed
    /// cell or puts the blank on the piece.
    Query {
        /// The 1-based line of the query.
        line: usize,
        /// The 1-based column of the first coordinate of the cell at fault.
        column: usize,
        /// The number of the query, counted from 1.
        number: usize,
        /// What is wrong with it (its position is 0-based, like every [`Pos`]).
        error: QueryError,
    },
}

impl fmt::Display for InputError {
    /// The place in the text, then what is wrong, e.g. `line 4, column 1: query 1: the
    /// blank (1, 1) is on a fixed cell` (the line and column 1-based, the cell 0-based).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Parse(error) => error.fmt(f),
            InputError::Capacity(error) => error.fmt(f),
            InputError::Query {
                line,
                column,
                number,
                error,
            } => write!(f, "line {line}, column {column}: query {number}: {error}"),
        }
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InputError::Parse(error) => Some(error),
            InputError::Capacity(error) => Some(error),
            InputError::Query { error, .. } => Some(error),
        }
    }
}

impl From<ParseError> for InputError {
    fn from(error: ParseError) -> Self {
        InputError::Parse(error)
    }
}

impl FromStr for Input {
    type Err = InputError;

    /// Parses the contest format (see [`Input`]).
    ///
    /// # Errors
    ///
    /// [`InputError::Parse`] for a missing or malformed token, a side of zero, a board
    /// over [`MAX_CELLS`] cells, a cell other than `0`/`1`, a coordinate off the board,
    /// or text after the last query; [`InputError::Query`] for a query that
    /// [`Board::check`] rejects (a fixed cell, the blank on the piece);
    /// [`InputError::Capacity`] when the board does not fit in memory.
    fn from_str(text: &str) -> Result<Self, InputError> {
        let mut tokens = Tokens::new(text);
        let first = tokens.expect("the number of rows n")?;
        let rows = first.number_in("the number of rows n", 1..=MAX_CELLS)?;
        let second = tokens.expect("the number of columns m")?;
        let cols = second.number_in("the number of columns m", 1..=MAX_CELLS)?;
        let count: u64 = tokens
            .expect("the number of queries q")?
            .number("the number of queries q")?;
        match rows.checked_mul(cols) {
            Some(cells) if cells <= MAX_CELLS => {}
            Some(cells) => {
                return Err(first
                    .error(ParseErrorKind::TooLarge {
                        what: "the number of cells n * m",
                        limit: MAX_CELLS,
                        found: cells,
                    })
                    .into());
            }
            None => return Err(too_many_cells(first, second).into()),
        }
        let (rows, cols) = (to_u32(rows), to_u32(cols));
        let cells = rows as usize * cols as usize;
        let mut movable = Vec::new();
        movable
            .try_reserve_exact(cells)
            .map_err(|_| InputError::Capacity(CapacityError::out_of_memory(cells, 1)))?;
        for _ in 0..cells {
            let token = tokens.expect(&format!("{cells} cells, found {}", movable.len()))?;
            movable.push(match token.text {
                "0" => false,
                "1" => true,
                _ => return Err(token.invalid("a cell: 0 (fixed) or 1 (movable)").into()),
            });
        }
        let board = Board::try_new(rows, cols, &movable)
            .map_err(InputError::Capacity)?
            .ok_or_else(|| too_many_cells(first, second))?;
        drop(movable);
        let queries = parse_queries(&mut tokens, &board, count)?;
        tokens.end()?;
        Ok(Self { board, queries })
    }
}

/// The error of a board of more than [`MAX_CELLS`] cells, at its number of rows, quoting
/// both sides as written.
fn too_many_cells(rows: Token<'_>, cols: Token<'_>) -> ParseError {
    rows.error(ParseErrorKind::Invalid {
        expected: format!("a board of at most {MAX_CELLS} cells (n * m)"),
        found: format!("{} x {}", rows.text, cols.text),
    })
}

/// A side, at most `MAX_CELLS`, as a `u32`.
fn to_u32(side: usize) -> u32 {
    u32::try_from(side).unwrap_or(u32::MAX)
}

/// Reads `count` queries of 6 numbers and checks them against `board`.
fn parse_queries(
    tokens: &mut Tokens<'_>,
    board: &Board,
    count: u64,
) -> Result<Vec<Query>, InputError> {
    const NAMES: [&str; 6] = ["EX", "EY", "SX", "SY", "TX", "TY"];
    let mut queries = Vec::with_capacity(usize::try_from(count.min(1 << 16)).unwrap_or(0));
    for number in 1..=count {
        let mut cells = [Pos::default(); 3];
        let mut places = [(0, 0); 3];
        for (k, cell) in cells.iter_mut().enumerate() {
            let mut coordinate = |i: usize, axis: &str, limit: u32| {
                let what = format!("{} of query {number}", NAMES[i]);
                let token = tokens.expect(&what)?;
                let value = token.number_in(&format!("{what}, a {axis}"), 1..=limit)?;
                Ok::<_, ParseError>((token, value - 1))
            };
            let (token, row) = coordinate(2 * k, "row", board.rows)?;
            let (_, col) = coordinate(2 * k + 1, "column", board.cols)?;
            *cell = Pos::new(row, col);
            places[k] = (token.line, token.column);
        }
        let query = Query {
            blank: cells[0],
            piece: cells[1],
            target: cells[2],
        };
        board.check(&query).map_err(|error| {
            let k = match error.role {
                Role::Blank => 0,
                Role::Piece => 1,
                Role::Target => 2,
            };
            InputError::Query {
                line: places[0].0,
                column: places[k].1,
                number: usize::try_from(number).unwrap_or(usize::MAX),
                error,
            }
        })?;
        if queries.len() == queries.capacity() {
            queries.try_reserve(1).map_err(|_| {
                InputError::Capacity(CapacityError::out_of_memory(
                    queries.len() + 1,
                    size_of::<Query>(),
                ))
            })?;
        }
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
