//! The text format: the labelled and the classic pictures (`FromStr`), and 横刀立马
//! (`Puzzle::classic`).

use core::str::FromStr;

use super::model::to_u32;
use super::{MAX_CELLS, Piece, Puzzle, Shape};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Pos;

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

pub(super) fn invalid(expected: impl Into<String>, found: impl Into<String>) -> ParseErrorKind {
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
        // The picture's first line, width and rows; rows are kept only while the box
        // stays within MAX_CELLS, so that a huge text costs no memory beyond itself.
        let (mut first, mut width, mut rows) = (0, 0, 0usize);
        for (number, line) in lines.by_ref() {
            if line.is_empty() {
                if rows == 0 {
                    continue;
                }
                break;
            }
            if line.contains(char::is_whitespace) {
                rest = Some((number, line));
                break;
            }
            let length = line.chars().count();
            if rows == 0 {
                (first, width) = (number, length);
            } else if length != width {
                return Err(ParseError::new(
                    number,
                    0,
                    ParseErrorKind::RowLength {
                        expected: width,
                        found: length,
                    },
                ));
            }
            rows += 1;
            if rows.saturating_mul(width) <= MAX_CELLS {
                picture.rows.push(line.chars().collect());
                picture.lines.push(number);
            }
        }
        if rows == 0 {
            let line = rest.map_or(1, |(number, _)| number);
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
