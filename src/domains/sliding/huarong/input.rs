//! The contest input: `Input` reads the board and the queries from the contest text (and
//! writes it back with `Display`); `InputError` names the line and column, or the query,
//! of a fault.

use core::fmt;
use core::str::FromStr;

use super::{Board, MAX_CELLS, Query, QueryError, QueryErrorKind, Role};
use crate::error::{CapacityError, ParseError, ParseErrorKind};
use crate::grid::Pos;

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
    /// The text does not follow the format.
    Parse(ParseError),
    /// The board does not fit in memory.
    Capacity(CapacityError),
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
            InputError::Capacity(error) => error.fmt(f),
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
    /// [`InputError::Query`] for a query that [`Board::check`] rejects;
    /// [`InputError::Capacity`] when the board does not fit in memory.
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
        let mut movable = Vec::new();
        let reserve = usize::try_from(cells).unwrap_or(0);
        movable
            .try_reserve_exact(reserve)
            .map_err(|_| InputError::Capacity(CapacityError::out_of_memory(reserve, 1)))?;
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
        let board = Board::try_new(rows, cols, &movable)
            .map_err(InputError::Capacity)?
            .ok_or_else(|| too_large(cells))?;
        drop(movable);
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
