//! The text format: the labelled and the classic pictures (`FromStr`), and 横刀立马
//! (`Puzzle::classic`).

use core::str::FromStr;

use super::model::to_u32;
use super::{MAX_CELLS, Piece, Puzzle, PuzzleError, Shape};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Pos;
use crate::text::{Line, Token, Tokens};

/// 横刀立马 in the classic notation.
const CLASSIC: &str = "vBBv\nvBBv\nvhhv\nvssv\ns..s\n";

impl Puzzle {
    /// 横刀立马, the classic start: the 2x2 block at the top centre, four vertical pieces,
    /// one horizontal piece and four soldiers.
    #[must_use]
    pub fn classic() -> Self {
        CLASSIC
            .parse()
            .unwrap_or_else(|error| unreachable!("the classic picture parses: {error}"))
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
        let mut lines = Tokens::new(text);
        let mut picture = Picture {
            rows: Vec::new(),
            lines: Vec::new(),
        };
        let mut rest = None;
        // The picture's first line, width and rows; rows are kept only while the box
        // stays within MAX_CELLS, so that a huge text costs no memory beyond itself.
        let (mut first, mut width, mut rows) = (0, 0, 0usize);
        while let Some(line) = lines.line() {
            let row = line.text.trim_end();
            if row.is_empty() {
                if rows == 0 {
                    continue;
                }
                break;
            }
            if row.contains(char::is_whitespace) {
                rest = Some(line);
                break;
            }
            let length = row.chars().count();
            if rows == 0 {
                (first, width) = (line.line, length);
            } else if length != width {
                return Err(ParseError::new(
                    line.line,
                    0,
                    ParseErrorKind::RowLength {
                        expected: width,
                        found: length,
                    },
                ));
            }
            rows += 1;
            if rows.saturating_mul(width) <= MAX_CELLS {
                picture.rows.push(row.chars().collect());
                picture.lines.push(line.line);
            }
        }
        if rows == 0 {
            let line = rest.map_or(1, |line| line.line);
            return Err(ParseError::new(
                line,
                0,
                ParseErrorKind::Missing("board picture"),
            ));
        }
        let cols = width;
        if rows.saturating_mul(cols) > MAX_CELLS {
            return Err(ParseError::new(
                first,
                0,
                ParseErrorKind::TooLarge {
                    what: "the number of cells",
                    limit: MAX_CELLS,
                    found: rows.saturating_mul(cols),
                },
            ));
        }
        // The goal line, then nothing but blank lines. The goal line's words are read
        // before the text after it and before the picture's pieces, so that the first
        // line at fault is the one named (a row after a blank line is no goal line, even
        // under a classic picture).
        let goal_line = rest.or_else(|| {
            core::iter::from_fn(|| lines.line()).find(|line| !line.text.trim_end().is_empty())
        });
        let goal = goal_line.map(goal_words).transpose()?;
        if goal.is_some() {
            lines.end()?;
        }
        let walls: Vec<Pos> = cells_of(&picture, '#');
        match goal {
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

/// The words `X ROW COLUMN` of a goal line `goal X ROW COLUMN`.
fn goal_words(line: Line<'_>) -> Result<[Token<'_>; 3], ParseError> {
    let words: Vec<Token<'_>> = line.tokens().collect();
    let [goal_word, label_word, row_word, col_word] = words[..] else {
        return Err(syntax(line, words.first()));
    };
    if goal_word.text != "goal" {
        return Err(syntax(line, Some(&goal_word)));
    }
    Ok([label_word, row_word, col_word])
}

/// The puzzle from a labelled picture and the words of its goal line.
fn labelled(
    picture: &Picture,
    walls: &[Pos],
    [label_word, row_word, col_word]: [Token<'_>; 3],
) -> Result<Puzzle, ParseError> {
    let pieces = labelled_pieces(picture)?;
    let mut label = label_word.text.chars();
    let (Some(label), None) = (label.next(), label.next()) else {
        return Err(label_word.invalid("one piece character"));
    };
    let Some(goal) = pieces.iter().position(|p| p.label == label) else {
        return Err(label_word.invalid("the character of a piece of the picture"));
    };
    let row = row_word.number_in("a row", 1..=to_u32(picture.rows.len()))?;
    let col = col_word.number_in("a column", 1..=to_u32(picture.width()))?;
    let goal_at = Pos::new(row - 1, col - 1);
    let (rows, cols) = (to_u32(picture.rows.len()), to_u32(picture.width()));
    Puzzle::build(rows, cols, walls, &pieces, (goal, goal_at), false).map_err(|error| match error {
        PuzzleError::GoalBlocked { label, .. } => row_word.error(invalid(
            format!("a goal position where {label:?} fits in the box clear of walls"),
            format!("{} {}", row_word.text, col_word.text),
        )),
        other => puzzle_error(picture, &other),
    })
}

/// A goal line that is not `goal X ROW COLUMN`, reported at its first word. A line of one
/// word may be meant as a row of the picture: it follows a blank line, which ended it.
fn syntax(line: Line<'_>, first: Option<&Token<'_>>) -> ParseError {
    let column = first.map_or(line.column, |word| word.column);
    let text = line.text.trim();
    let expected = if text.contains(char::is_whitespace) {
        "a goal line `goal X ROW COLUMN`"
    } else {
        "a goal line `goal X ROW COLUMN` (a blank line ended the picture)"
    };
    ParseError::new(line.line, column, invalid(expected, text))
}

/// A [`PuzzleError`] of a picture the parser has already checked (the box is neither empty
/// nor too large, pieces neither leave it nor overlap): about the picture as a whole.
fn puzzle_error(picture: &Picture, error: &PuzzleError) -> ParseError {
    let kind = match *error {
        PuzzleError::LayoutTooLarge { bits } => ParseErrorKind::TooLarge {
            what: "cells + pieces x bits per shape",
            limit: 128,
            found: bits,
        },
        _ => invalid("a puzzle", error.to_string()),
    };
    ParseError::new(picture.lines[0], 0, kind)
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
    .map_err(|error| match error {
        PuzzleError::GoalBlocked { .. } => {
            let expected = "room for B at the bottom centre (the classic goal), clear of walls";
            ParseError::new(last, 0, invalid(expected, "a wall there"))
        }
        other => puzzle_error(picture, &other),
    })
}
