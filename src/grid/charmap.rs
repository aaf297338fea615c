//! Character maps: the `rows columns` header line, the rows of cells, and the markers
//! that must appear exactly once (`parse_char_map`, `MapFormat`, `CharMap`, `Marker`).

use crate::error::{ParseError, ParseErrorKind};
use crate::text::Tokens;

use super::{Grid, Pos};

/// A character that must appear exactly once in a character map (a start, an exit), and
/// the name errors use for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Marker {
    /// The character, e.g. `'S'`.
    pub ch: char,
    /// What it marks, for error messages, e.g. ``"start `S`"``.
    pub name: &'static str,
}

/// The shape of a character map: the limits on its size and the [`Marker`]s that must
/// appear exactly once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MapFormat<'a> {
    /// The largest number of rows the header may give.
    pub max_rows: u32,
    /// The largest number of columns the header may give.
    pub max_cols: u32,
    /// The largest number of cells (rows x columns) the header may give.
    pub max_cells: usize,
    /// The characters that must appear exactly once, in the order
    /// [`CharMap::markers`] reports their positions.
    pub markers: &'a [Marker],
}

/// A parsed character map: the grid of classified cells and the position of each marker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CharMap<T> {
    /// The cells, as the classifier returned them.
    pub grid: Grid<T>,
    /// The position of each [`MapFormat::markers`] entry, in the same order.
    pub markers: Vec<Pos>,
}

/// Parses a character map: a header line `rows columns`, then `rows` lines of exactly
/// `columns` characters, each turned into a cell by `classify`.
///
/// The text is read with [`Tokens`], and is forgiving where it costs nothing: a UTF-8
/// byte order mark at the start is skipped, lines may end in `\r\n`, spaces and tabs at
/// the end of any line are ignored, and blank lines after the map are allowed. The header
/// must be the first line, and the rows follow it at once. Everything else is an error
/// that names the line and column (1-based, in characters; column 0 when the whole line is
/// at fault):
///
/// | fault                                           | [`ParseErrorKind`]          |
/// |-------------------------------------------------|-----------------------------|
/// | no header, a header line cut short, a header that is not two positive integers, text after them | `UnexpectedEnd`, `LineEnded`, `Invalid` |
/// | more rows, columns or cells than `format` allows | `TooLarge`                 |
/// | fewer rows than the header says                  | `UnexpectedEnd`             |
/// | a row of the wrong length                        | `RowLength`                 |
/// | a character `classify` rejects                   | `UnknownChar`               |
/// | a marker missing, or appearing twice             | `Missing`, `Duplicate`      |
/// | non-blank text after the last row                | `Trailing`                  |
///
/// # Arguments
///
/// * `text` - the whole input.
/// * `format` - the size limits and the markers.
/// * `classify` - the cell a character stands for, or `None` for a character the format
///   does not know. Markers are classified too (a start is usually a floor cell).
///
/// # Errors
///
/// A [`ParseError`] at the first fault, as in the table above.
///
/// # Complexity
///
/// O(length of `text`) time; O(rows x columns) space, allocated only after the rows have
/// been read, so a header that promises a huge map costs nothing.
///
/// # Examples
///
/// ```
/// use state_search::grid::{MapFormat, Marker, Pos, parse_char_map};
/// use state_search::ParseErrorKind;
///
/// let format = MapFormat {
///     max_rows: 100,
///     max_cols: 100,
///     max_cells: 10_000,
///     markers: &[Marker { ch: 'S', name: "start `S`" }],
/// };
/// let wall = |c: char| match c {
///     '#' => Some(true),
///     '.' | 'S' => Some(false),
///     _ => None,
/// };
/// let map = parse_char_map("2 3\r\n.#S  \r\n...\r\n", &format, wall)?;
/// assert_eq!(map.markers, [Pos::new(0, 2)]);
/// assert!(map.grid[Pos::new(0, 1)]);
///
/// let error = parse_char_map("2 3\n.#S\n.?.\n", &format, wall).unwrap_err();
/// assert_eq!((error.line, error.column), (3, 2));
/// assert_eq!(error.kind, ParseErrorKind::UnknownChar('?'));
/// # Ok::<(), state_search::ParseError>(())
/// ```
pub fn parse_char_map<T>(
    text: &str,
    format: &MapFormat<'_>,
    mut classify: impl FnMut(char) -> Option<T>,
) -> Result<CharMap<T>, ParseError> {
    let mut tokens = Tokens::new(text);
    let (rows, cols) = parse_header(&mut tokens, format)?;
    let mut cells = Vec::with_capacity((rows as usize * cols as usize).min(text.len()));
    let mut markers: Vec<Option<Pos>> = vec![None; format.markers.len()];
    for row in 0..rows {
        let Some(line) = tokens.line() else {
            return Err(ParseError::new(
                row as usize + 2,
                0,
                ParseErrorKind::UnexpectedEnd {
                    expected: format!("row {} of {rows}", row + 1),
                },
            ));
        };
        let (line_no, text) = (line.line, trim_line(line.text));
        let found = text.chars().count();
        if found != cols as usize {
            return Err(ParseError::new(
                line_no,
                found.min(cols as usize) + 1,
                ParseErrorKind::RowLength {
                    expected: cols as usize,
                    found,
                },
            ));
        }
        for (col, ch) in (0..cols).zip(text.chars()) {
            let column = col as usize + 1;
            if let Some(i) = format.markers.iter().position(|m| m.ch == ch) {
                if markers[i].is_some() {
                    let kind = ParseErrorKind::Duplicate(format.markers[i].name);
                    return Err(ParseError::new(line_no, column, kind));
                }
                markers[i] = Some(Pos::new(row, col));
            }
            let Some(cell) = classify(ch) else {
                let kind = ParseErrorKind::UnknownChar(ch);
                return Err(ParseError::new(line_no, column, kind));
            };
            cells.push(cell);
        }
    }
    tokens.end()?;
    let markers = markers
        .iter()
        .zip(format.markers)
        .map(|(&pos, marker)| {
            pos.ok_or_else(|| {
                ParseError::new(rows as usize + 1, 0, ParseErrorKind::Missing(marker.name))
            })
        })
        .collect::<Result<Vec<Pos>, ParseError>>()?;
    // Exactly rows x cols cells were pushed.
    let grid = Grid { rows, cols, cells };
    Ok(CharMap { grid, markers })
}

/// A line without its trailing spaces, tabs and carriage returns.
fn trim_line(line: &str) -> &str {
    line.trim_end_matches([' ', '\t', '\r'])
}

/// Reads `rows columns` from the header line and moves to the next line.
fn parse_header(tokens: &mut Tokens<'_>, format: &MapFormat<'_>) -> Result<(u32, u32), ParseError> {
    let rows = header_number(tokens, "the number of rows", format.max_rows)?;
    let cols = header_number(tokens, "the number of columns", format.max_cols)?;
    tokens.expect_end_of_line("the end of the header line `rows columns`")?;
    let cells = rows as usize * cols as usize;
    if cells > format.max_cells {
        return Err(ParseError::new(
            1,
            0,
            ParseErrorKind::TooLarge {
                what: "the number of cells",
                limit: format.max_cells,
                found: cells,
            },
        ));
    }
    Ok((rows, cols))
}

/// The next number of the header line: a positive integer, at most `limit`.
fn header_number(
    tokens: &mut Tokens<'_>,
    what: &'static str,
    limit: u32,
) -> Result<u32, ParseError> {
    let token = tokens.expect_on_line(&format!("{what} on the header line `rows columns`"))?;
    let expected = format!("{what} (a positive integer)");
    let n: usize = token.number(&expected)?;
    match u32::try_from(n) {
        Ok(0) => Err(token.invalid(expected)),
        Ok(n) if n <= limit => Ok(n),
        _ => Err(token.error(ParseErrorKind::TooLarge {
            what,
            limit: limit as usize,
            found: n,
        })),
    }
}

/// The text of a maze with a start and an end (a target, an exit): a character map of at
/// most `max_side` rows and columns and `max_cells` cells, with one marker of each, written
/// back with the markers over their cells. The format the key-door and pipe mazes share.
pub(crate) struct EndsMap {
    /// The largest number of rows, and of columns.
    pub(crate) max_side: u32,
    /// The largest number of cells.
    pub(crate) max_cells: usize,
    /// The start's marker, then the end's.
    pub(crate) markers: [Marker; 2],
}

impl EndsMap {
    /// The maze `build` makes of the cells, the start and the end of `text`, a character
    /// map read by [`parse_char_map`] with these limits and markers and `classify`. The
    /// format should leave `build` nothing to refuse; a refusal is an `Unsolvable` error on
    /// line 1.
    pub(crate) fn parse<T, M, E: core::fmt::Display>(
        &self,
        text: &str,
        classify: impl FnMut(char) -> Option<T>,
        build: impl FnOnce(Grid<T>, Pos, Pos) -> Result<M, E>,
    ) -> Result<M, ParseError> {
        let format = MapFormat {
            max_rows: self.max_side,
            max_cols: self.max_side,
            max_cells: self.max_cells,
            markers: &self.markers,
        };
        let CharMap { grid, markers } = parse_char_map(text, &format, classify)?;
        build(grid, markers[0], markers[1])
            .map_err(|error| ParseError::new(1, 0, ParseErrorKind::Unsolvable(error.to_string())))
    }

    /// Writes `cells` as [`EndsMap::parse`] reads them: the start's marker at `start`, the
    /// end's at `end`, and every other cell as `cell` draws it.
    pub(crate) fn write<T>(
        &self,
        f: &mut core::fmt::Formatter<'_>,
        cells: &Grid<T>,
        [start, end]: [Pos; 2],
        cell: impl Fn(&T) -> char,
    ) -> core::fmt::Result {
        write_char_map(f, cells.rows(), cells.cols(), |pos| match pos {
            _ if pos == start => self.markers[0].ch,
            _ if pos == end => self.markers[1].ch,
            _ => cell(&cells[pos]),
        })
    }
}

/// Writes a `rows x cols` map in the format [`parse_char_map`] reads: the header
/// `rows cols`, then one line per row of the characters `cell` gives each position.
fn write_char_map(
    f: &mut core::fmt::Formatter<'_>,
    rows: u32,
    cols: u32,
    cell: impl Fn(Pos) -> char,
) -> core::fmt::Result {
    writeln!(f, "{rows} {cols}")?;
    for row in 0..rows {
        let line: String = (0..cols).map(|col| cell(Pos::new(row, col))).collect();
        writeln!(f, "{line}")?;
    }
    Ok(())
}

/// The index of the letter `c` after `first` when it is below `count` (`'d'`, `b'a'`, 8:
/// 3): the inverse of [`letter`].
pub(crate) fn letter_index(c: char, first: u8, count: u8) -> Option<u8> {
    let index = u32::from(c).wrapping_sub(u32::from(first));
    u8::try_from(index).ok().filter(|&index| index < count)
}

/// The letter `index` places after `first` (`b'a'`, 3: `'d'`), or `?` for an index of
/// `count` or more, which the format has no letter for.
pub(crate) fn letter(first: u8, index: u8, count: u8) -> char {
    if index < count {
        char::from(first + index)
    } else {
        '?'
    }
}
