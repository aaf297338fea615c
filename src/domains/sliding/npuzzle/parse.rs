//! The text format: boards on one line (`Board::parse_line`, `FromStr`, `Display`), move
//! strings, and files of instances (`parse_instances`).

use core::fmt;
use core::str::FromStr;

use super::board::{UNSOLVABLE, solvable};
use super::{Board, BoardError, GoalConvention, MAX_CELLS};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Dir;

impl Board {
    /// Reads one line of the text format: `rows * cols` tile numbers separated by
    /// whitespace. With `shape = None` the board is square and its side follows from the
    /// count (9 numbers: 3x3, 16: 4x4, 25: 5x5).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] on line `line` naming the column of the first bad number, or
    /// column 0 when the count is wrong.
    pub fn parse_line(
        text: &str,
        line: usize,
        shape: Option<(usize, usize)>,
    ) -> Result<Self, ParseError> {
        let mut values = Vec::new();
        for (column, token) in tokens(text) {
            let value = token.parse::<usize>().map_err(|_| {
                ParseError::new(
                    line,
                    column,
                    ParseErrorKind::Invalid {
                        expected: "a tile number (0 for the blank)".to_owned(),
                        found: token.to_owned(),
                    },
                )
            })?;
            values.push((column, value));
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
                        expected: "k*k tile numbers for a k x k board (9, 16, 25, ...)".to_owned(),
                        found: format!("{count} numbers"),
                    },
                ));
            }
            (side, side)
        };
        let Some(cells) = rows.checked_mul(cols) else {
            // Named by its sides: the number of cells does not fit in a `usize`.
            return Err(ParseError::new(
                line,
                0,
                ParseErrorKind::Invalid {
                    expected: format!("a board of at most {MAX_CELLS} cells"),
                    found: format!("a {rows}x{cols} board"),
                },
            ));
        };
        if cells > MAX_CELLS {
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
        for &(column, value) in &values {
            if value >= cells {
                return Err(ParseError::new(
                    line,
                    column,
                    ParseErrorKind::Invalid {
                        expected: format!("a tile number below {cells}"),
                        found: value.to_string(),
                    },
                ));
            }
            if seen[value] {
                return Err(ParseError::new(
                    line,
                    column,
                    ParseErrorKind::Invalid {
                        expected: "each tile once".to_owned(),
                        found: format!("a second {value}"),
                    },
                ));
            }
            seen[value] = true;
        }
        let tiles: Vec<usize> = values.iter().map(|&(_, v)| v).collect();
        Board::new(rows, cols, &tiles)
            .map_err(|error| ParseError::new(line, 0, invalid_board(&error)))
    }
}

fn invalid_board(error: &BoardError) -> ParseErrorKind {
    ParseErrorKind::Invalid {
        expected: "a board".to_owned(),
        found: error.to_string(),
    }
}

/// The whitespace-separated tokens of `text` with their 1-based character columns.
pub(super) fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut start = None;
    let mut out = Vec::new();
    for (at, c) in text.char_indices() {
        column += 1;
        if c.is_whitespace() {
            if let Some((from, col)) = start.take() {
                out.push((col, &text[from..at]));
            }
        } else if start.is_none() {
            start = Some((at, column));
        }
    }
    if let Some((from, col)) = start {
        out.push((col, &text[from..]));
    }
    out.into_iter()
}

impl FromStr for Board {
    type Err = BoardError;

    /// A square board from its tiles separated by whitespace (the side follows from the
    /// count). Use [`Board::parse_line`] for errors with a line and column.
    fn from_str(text: &str) -> Result<Self, BoardError> {
        let mut tiles = Vec::new();
        for token in text.split_whitespace() {
            match token.parse::<usize>() {
                Ok(value) => tiles.push(value),
                Err(_) => {
                    return Err(BoardError::NotATile {
                        found: token.to_owned(),
                    });
                }
            }
        }
        let side = tiles.len().isqrt();
        if side * side != tiles.len() || side < 2 {
            return Err(BoardError::Count {
                expected: (side.max(2)) * (side.max(2)),
                found: tiles.len(),
            });
        }
        Board::new(side, side, &tiles)
    }
}

impl fmt::Display for Board {
    /// The tiles in row-major order separated by single spaces (the text format).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, tile) in self.tiles.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{tile}")?;
        }
        Ok(())
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

/// Reads every instance of a text in the format of `PROBLEMS.md`: one board per line,
/// blank lines and lines starting with `#` ignored. Each board must be solvable towards
/// the goal of `convention`.
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
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let line = index + 1;
        let board = Board::parse_line(trimmed, line, shape)?;
        let goal = Board::goal(board.rows(), board.cols(), convention)
            .map_err(|error| ParseError::new(line, 0, invalid_board(&error)))?;
        if !solvable(&board, &goal) {
            return Err(ParseError::new(
                line,
                0,
                ParseErrorKind::Unsolvable(UNSOLVABLE.to_owned()),
            ));
        }
        instances.push(Instance { line, board });
    }
    Ok(instances)
}
