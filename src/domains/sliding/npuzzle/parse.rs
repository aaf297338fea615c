//! The text format: boards on one line (`Board::parse_line`, `FromStr`, `Display`), move
//! strings, and files of instances (`parse_instances`).

use core::fmt;
use core::str::FromStr;

use super::board::{solvable, unsolvable_reason};
use super::{Board, BoardError, GoalConvention, MAX_CELLS};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Dir;
use crate::text::Tokens;

impl Board {
    /// Reads one line of the text format: `rows * cols` tile numbers separated by
    /// whitespace. With `shape = None` the board is square and its side follows from the
    /// count (9 numbers: 3x3, 16: 4x4, 25: 5x5). `line` is the line's number in its text,
    /// for the errors.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] on line `line` naming the column of the first bad number (quoted as
    /// written), or column 0 when the count is wrong.
    pub fn parse_line(
        text: &str,
        line: usize,
        shape: Option<(usize, usize)>,
    ) -> Result<Self, ParseError> {
        read_board(Tokens::at(text, line, 1), line, shape)
    }
}

/// The board whose tiles are all the tokens of `tokens`; errors about the board as a whole
/// are reported on line `line`, column 0.
fn read_board(
    tokens: Tokens<'_>,
    line: usize,
    shape: Option<(usize, usize)>,
) -> Result<Board, ParseError> {
    let mut values = Vec::new();
    for token in tokens {
        let value: usize = token.number("a tile number (0 for the blank)")?;
        values.push((token, value));
    }
    let count = values.len();
    let (rows, cols) = if let Some(shape) = shape {
        shape
    } else {
        let side = count.isqrt();
        if side < 2 || side * side != count {
            return Err(ParseError::new(
                line,
                0,
                ParseErrorKind::Invalid {
                    expected: "k*k tile numbers for a k x k board, k at least 2 (4, 9, 16, ...)"
                        .to_owned(),
                    found: format!("{count} number{}", if count == 1 { "" } else { "s" }),
                },
            ));
        }
        (side, side)
    };
    let cells = match rows.checked_mul(cols) {
        Some(cells) if cells > MAX_CELLS => {
            return Err(ParseError::new(
                line,
                0,
                ParseErrorKind::TooLarge {
                    what: "the number of cells",
                    limit: MAX_CELLS,
                    found: cells,
                },
            ));
        }
        Some(cells) if cells > 0 => cells,
        _ => {
            let shape = BoardError::Shape { rows, cols };
            return Err(ParseError::new(line, 0, invalid_board(&shape)));
        }
    };
    if count != cells {
        return Err(ParseError::new(
            line,
            0,
            ParseErrorKind::Invalid {
                expected: format!("{cells} tile numbers for a {rows}x{cols} board"),
                found: format!("{count} numbers"),
            },
        ));
    }
    let mut seen = [false; MAX_CELLS];
    for &(token, value) in &values {
        if value >= cells {
            return Err(token.invalid(format!("a tile number below {cells}")));
        }
        if seen[value] {
            return Err(token.invalid(format!("each tile once, not a second {value}")));
        }
        seen[value] = true;
    }
    let tiles: Vec<usize> = values.iter().map(|&(_, v)| v).collect();
    Board::new(rows, cols, &tiles).map_err(|error| ParseError::new(line, 0, invalid_board(&error)))
}

fn invalid_board(error: &BoardError) -> ParseErrorKind {
    ParseErrorKind::Invalid {
        expected: "a board".to_owned(),
        found: error.to_string(),
    }
}

impl FromStr for Board {
    type Err = ParseError;

    /// A square board from its tiles separated by whitespace, on one line or several (the
    /// side follows from the count). Errors about the board as a whole are reported on
    /// line 1.
    fn from_str(text: &str) -> Result<Self, ParseError> {
        read_board(Tokens::new(text), 1, None)
    }
}

impl fmt::Display for Board {
    /// The tiles in row-major order separated by single spaces (the text format).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::domains::write_spaced(f, &self.tiles)
    }
}

/// The moves as a string of `U`, `D`, `L`, `R` (the direction the blank travels).
#[must_use]
pub fn moves_to_string(moves: &[Dir]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}

/// The moves named by a string of `U`, `D`, `L`, `R`; `None` if another character occurs.
#[must_use]
pub fn parse_moves(text: &str) -> Option<Vec<Dir>> {
    text.chars().map(Dir::from_letter).collect()
}

/// One board read from a text with [`parse_instances`], and the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The 1-based line number.
    pub line: usize,
    /// The board.
    pub board: Board,
}

/// Reads every instance of a text in the contest format
/// ([module docs](super#the-text-format)): one board per line, blank lines and lines
/// starting with `#` ignored. Each board must be solvable towards the goal of
/// `convention`.
///
/// With `shape = None` every board is square (the side follows from the count, and may
/// differ between lines); with `Some((rows, cols))` every line must have that shape.
///
/// # Errors
///
/// The first malformed line ([`Board::parse_line`]), or the first unsolvable one
/// ([`ParseErrorKind::Unsolvable`], column 0).
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::npuzzle::{GoalConvention, parse_instances};
///
/// let text = "# two boards\n1 0 2 3 4 5 6 7 8\n\n0 1 2 3 4 5 6 7 8\n";
/// let boards = parse_instances(text, None, GoalConvention::BlankFirst)?;
/// assert_eq!(boards.iter().map(|i| i.line).collect::<Vec<_>>(), [2, 4]);
///
/// let error = parse_instances("1 0 2 3\n0 2 1 3\n", None, GoalConvention::BlankFirst).unwrap_err();
/// assert_eq!(error.line, 2);
/// assert!(error.to_string().starts_with("line 2: unsolvable"), "{error}");
/// # Ok::<(), state_search::ParseError>(())
/// ```
pub fn parse_instances(
    text: &str,
    shape: Option<(usize, usize)>,
    convention: GoalConvention,
) -> Result<Vec<Instance>, ParseError> {
    let mut instances = Vec::new();
    let mut lines = Tokens::new(text);
    while let Some(line) = lines.line() {
        let trimmed = line.text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let number = line.line;
        let board = read_board(line.tokens(), number, shape)?;
        let goal = Board::goal(board.rows(), board.cols(), convention)
            .map_err(|error| ParseError::new(number, 0, invalid_board(&error)))?;
        if !solvable(&board, &goal) {
            return Err(ParseError::new(
                number,
                0,
                ParseErrorKind::Unsolvable(unsolvable_reason(&board).to_owned()),
            ));
        }
        instances.push(Instance {
            line: number,
            board,
        });
    }
    Ok(instances)
}
