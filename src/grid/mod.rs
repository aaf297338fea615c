//! Grids of cells: positions, the four directions, `Grid<T>` with neighbours, and the
//! parser of character maps under a `rows columns` header line.

use core::ops::{Index, IndexMut};

use crate::error::{ParseError, ParseErrorKind};
use crate::space::StateIndexer;

/// A cell of a grid: 0-based row (growing downwards) and column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// The row, from 0 at the top.
    pub row: u32,
    /// The column, from 0 at the left.
    pub col: u32,
}

impl Pos {
    /// The cell at `row`, `col` (0-based).
    #[must_use]
    pub const fn new(row: u32, col: u32) -> Self {
        Self { row, col }
    }

    /// The Manhattan distance to `other`.
    #[must_use]
    pub fn manhattan(self, other: Pos) -> u32 {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }
}

/// One of the four directions of a step, named by the letters of contest outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Up: row - 1.
    Up,
    /// Down: row + 1.
    Down,
    /// Left: column - 1.
    Left,
    /// Right: column + 1.
    Right,
}

impl Dir {
    /// The four directions in the order U, D, L, R.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// `'U'`, `'D'`, `'L'` or `'R'`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// The direction named by `letter` (`U`, `D`, `L`, `R`).
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Dir> {
        match letter {
            'U' => Some(Dir::Up),
            'D' => Some(Dir::Down),
            'L' => Some(Dir::Left),
            'R' => Some(Dir::Right),
            _ => None,
        }
    }

    /// The direction that undoes this one.
    #[must_use]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The direction of a straight move from `from` to `to` (a different cell in the same
    /// row or column).
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::grid::{Dir, Pos};
    ///
    /// assert_eq!(Dir::between(Pos::new(3, 1), Pos::new(1, 1)), Dir::Up);
    /// assert_eq!(Dir::between(Pos::new(0, 0), Pos::new(0, 2)), Dir::Right);
    /// ```
    #[must_use]
    pub fn between(from: Pos, to: Pos) -> Dir {
        if to.row < from.row {
            Dir::Up
        } else if to.row > from.row {
            Dir::Down
        } else if to.col < from.col {
            Dir::Left
        } else {
            Dir::Right
        }
    }

    /// Whether the direction is left or right.
    #[must_use]
    pub const fn is_horizontal(self) -> bool {
        matches!(self, Dir::Left | Dir::Right)
    }
}

/// A `height x width` grid of cells stored row by row.
///
/// # Examples
///
/// ```
/// use state_search::grid::{Dir, Grid, Pos};
///
/// let mut grid = Grid::new(3, 2, '.');
/// grid[Pos::new(1, 2)] = '#';
/// assert_eq!(grid.step(Pos::new(0, 2), Dir::Down), Some(Pos::new(1, 2)));
/// assert_eq!(grid.step(Pos::new(0, 2), Dir::Right), None);
/// assert_eq!(grid.neighbours(Pos::new(0, 0)).count(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    width: u32,
    height: u32,
    cells: Vec<T>,
}

impl<T> Grid<T> {
    /// A `height x width` grid with every cell set to `fill`.
    ///
    /// # Panics
    ///
    /// Panics if `width * height` overflows `usize`.
    #[must_use]
    pub fn new(width: u32, height: u32, fill: T) -> Self
    where
        T: Clone,
    {
        let len = (width as usize)
            .checked_mul(height as usize)
            .expect("grid size overflows usize");
        Self {
            width,
            height,
            cells: vec![fill; len],
        }
    }

    /// A grid from its cells in row-major order; `None` unless there are exactly
    /// `width * height` of them.
    #[must_use]
    pub fn from_cells(width: u32, height: u32, cells: Vec<T>) -> Option<Self> {
        ((width as usize).checked_mul(height as usize) == Some(cells.len())).then_some(Self {
            width,
            height,
            cells,
        })
    }

    /// The number of columns.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The number of rows.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The number of cells.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the grid has no cells.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `pos` lies on the grid.
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.height && pos.col < self.width
    }

    /// The cell at `pos`, if it lies on the grid.
    #[must_use]
    pub fn get(&self, pos: Pos) -> Option<&T> {
        self.contains(pos).then(|| &self.cells[self.index_of(pos)])
    }

    /// The row-major index of `pos` (which must lie on the grid).
    #[inline]
    #[must_use]
    pub fn index_of(&self, pos: Pos) -> usize {
        pos.row as usize * self.width as usize + pos.col as usize
    }

    /// The position of row-major index `index`.
    #[inline]
    #[must_use]
    pub fn pos_of(&self, index: usize) -> Pos {
        let width = self.width as usize;
        #[expect(
            clippy::cast_possible_truncation,
            reason = "indices of a grid whose sides fit in u32"
        )]
        Pos::new((index / width) as u32, (index % width) as u32)
    }

    /// The neighbour of `pos` in direction `dir`, if it lies on the grid.
    #[inline]
    #[must_use]
    pub fn step(&self, pos: Pos, dir: Dir) -> Option<Pos> {
        let next = match dir {
            Dir::Up => Pos::new(pos.row.checked_sub(1)?, pos.col),
            Dir::Down => Pos::new(pos.row + 1, pos.col),
            Dir::Left => Pos::new(pos.row, pos.col.checked_sub(1)?),
            Dir::Right => Pos::new(pos.row, pos.col + 1),
        };
        self.contains(next).then_some(next)
    }

    /// The neighbours of `pos` on the grid, with the direction to each, in U, D, L, R
    /// order.
    pub fn neighbours(&self, pos: Pos) -> impl Iterator<Item = (Dir, Pos)> + '_ {
        Dir::ALL
            .into_iter()
            .filter_map(move |dir| Some((dir, self.step(pos, dir)?)))
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.cells.len()).map(|i| self.pos_of(i))
    }

    /// The cells in row-major order.
    #[must_use]
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The numbering of this grid's positions (row-major), for dense storage.
    #[must_use]
    pub fn indexer(&self) -> CellIndexer {
        CellIndexer {
            width: self.width,
            height: self.height,
        }
    }
}

impl<T> Index<Pos> for Grid<T> {
    type Output = T;
    #[inline]
    fn index(&self, pos: Pos) -> &T {
        &self.cells[self.index_of(pos)]
    }
}

impl<T> IndexMut<Pos> for Grid<T> {
    #[inline]
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        let index = self.index_of(pos);
        &mut self.cells[index]
    }
}

/// The row-major layout of a grid inside a one-cell border: the index of a cell and the
/// offsets of its four neighbours. Domains keep their cells in such an array with a
/// closed value (wall, stone) on the border, so stepping through the grid needs no bounds
/// tests.
///
/// # Examples
///
/// ```
/// use state_search::grid::{Grid, Padding, Pos};
///
/// let grid = Grid::new(3, 2, 1u8);
/// let padding = Padding::of(&grid);
/// let cells = padding.fill(&grid, 0, |_, &c| c); // 0 on the border
/// assert_eq!((padding.len(), padding.stride()), (20, 5));
/// let here = padding.index(Pos::new(0, 0));
/// let [up, _, left, right] = padding.offsets();
/// assert_eq!((cells[here.wrapping_add_signed(up)], cells[here.wrapping_add_signed(left)]), (0, 0));
/// assert_eq!(cells[here.wrapping_add_signed(right)], 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Padding {
    stride: usize,
    len: usize,
}

impl Padding {
    /// The layout of `grid` inside a one-cell border.
    #[must_use]
    pub fn of<T>(grid: &Grid<T>) -> Self {
        let stride = grid.width() as usize + 2;
        Self {
            stride,
            len: stride * (grid.height() as usize + 2),
        }
    }

    /// The number of cells, the border included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the layout has no cells (never: the border is always there).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The distance between vertically adjacent cells: the grid's width plus 2.
    #[must_use]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The index of `pos` (a cell of the grid).
    #[inline]
    #[must_use]
    pub fn index(&self, pos: Pos) -> usize {
        (pos.row as usize + 1) * self.stride + pos.col as usize + 1
    }

    /// The index offsets of the neighbours up, down, left and right.
    #[inline]
    #[must_use]
    pub fn offsets(&self) -> [isize; 4] {
        #[expect(
            clippy::cast_possible_wrap,
            reason = "a stride is at most 2^32 + 1, far below isize::MAX"
        )]
        let stride = self.stride as isize;
        [-stride, stride, -1, 1]
    }

    /// The array of `grid` in this layout: `border` around, `cell(pos, value)` inside.
    pub fn fill<T: Clone, U>(
        &self,
        grid: &Grid<U>,
        border: T,
        mut cell: impl FnMut(Pos, &U) -> T,
    ) -> Vec<T> {
        let mut cells = vec![border; self.len];
        for (i, value) in grid.cells().iter().enumerate() {
            let pos = grid.pos_of(i);
            cells[self.index(pos)] = cell(pos, value);
        }
        cells
    }
}

/// The row-major numbering of the cells of a `height x width` grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellIndexer {
    width: u32,
    height: u32,
}

impl StateIndexer<Pos> for CellIndexer {
    #[inline]
    fn bound(&self) -> usize {
        self.width as usize * self.height as usize
    }

    #[inline]
    fn index(&self, pos: &Pos) -> usize {
        pos.row as usize * self.width as usize + pos.col as usize
    }

    #[inline]
    fn state(&self, index: usize) -> Pos {
        // A 32-bit division is several times cheaper than a 64-bit one on many CPUs, and
        // dense stores only hold indices below u32::MAX.
        if let Ok(index) = u32::try_from(index) {
            return Pos::new(index / self.width, index % self.width);
        }
        let width = self.width as usize;
        #[expect(
            clippy::cast_possible_truncation,
            reason = "indices below bound() come from u32 sides"
        )]
        Pos::new((index / width) as u32, (index % width) as u32)
    }
}

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
/// The text format is forgiving where it costs nothing: lines may end in `\r\n`, spaces
/// and tabs at the end of any line are ignored, and blank lines after the map are
/// allowed. Everything else is an error that names the line and column (1-based, in
/// characters; column 0 when the whole line is at fault):
///
/// | fault                                           | [`ParseErrorKind`]          |
/// |-------------------------------------------------|-----------------------------|
/// | no header, a header that is not two positive integers, text after them | `UnexpectedEnd`, `Invalid` |
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
    let mut lines = text.split_terminator('\n').map(trim_line);
    let header = lines.next().unwrap_or("");
    let (rows, cols) = parse_header(header, format)?;
    let mut cells = Vec::with_capacity((rows as usize * cols as usize).min(text.len()));
    let mut markers: Vec<Option<Pos>> = vec![None; format.markers.len()];
    for row in 0..rows {
        let line_no = row as usize + 2;
        let Some(line) = lines.next() else {
            return Err(ParseError::new(
                line_no,
                0,
                ParseErrorKind::UnexpectedEnd {
                    expected: format!("row {} of {rows}", row + 1),
                },
            ));
        };
        let found = line.chars().count();
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
        for (col, ch) in (0..cols).zip(line.chars()) {
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
    for (offset, line) in lines.enumerate() {
        if let Some(at) = line.find(|c: char| !c.is_whitespace()) {
            let line_no = rows as usize + 2 + offset;
            let column = line[..at].chars().count() + 1;
            return Err(ParseError::new(line_no, column, ParseErrorKind::Trailing));
        }
    }
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
    let grid = Grid {
        width: cols,
        height: rows,
        cells,
    };
    Ok(CharMap { grid, markers })
}

/// A line without its `\r` and trailing spaces and tabs.
fn trim_line(line: &str) -> &str {
    line.trim_end_matches([' ', '\t', '\r'])
}

/// Reads `rows columns` from the header line.
fn parse_header(header: &str, format: &MapFormat<'_>) -> Result<(u32, u32), ParseError> {
    let mut tokens = tokens_with_columns(header);
    let rows = header_number(tokens.next(), "the number of rows", format.max_rows, header)?;
    let cols = header_number(
        tokens.next(),
        "the number of columns",
        format.max_cols,
        header,
    )?;
    if let Some((column, token)) = tokens.next() {
        return Err(ParseError::new(
            1,
            column,
            ParseErrorKind::Invalid {
                expected: "the end of the header line `rows columns`".to_owned(),
                found: token.to_owned(),
            },
        ));
    }
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

/// The whitespace-separated tokens of `line` with their 1-based columns.
fn tokens_with_columns(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut rest = line;
    core::iter::from_fn(move || {
        let skip = rest.find(|c: char| !c.is_whitespace())?;
        column += rest[..skip].chars().count();
        rest = &rest[skip..];
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..len];
        let at = column + 1;
        column += token.chars().count();
        rest = &rest[len..];
        Some((at, token))
    })
}

/// A positive integer of the header, at most `limit`.
fn header_number(
    token: Option<(usize, &str)>,
    what: &'static str,
    limit: u32,
    header: &str,
) -> Result<u32, ParseError> {
    let Some((column, token)) = token else {
        return Err(ParseError::new(
            1,
            header.chars().count() + 1,
            ParseErrorKind::UnexpectedEnd {
                expected: format!("{what} on the header line `rows columns`"),
            },
        ));
    };
    let invalid = |expected: String| {
        Err(ParseError::new(
            1,
            column,
            ParseErrorKind::Invalid {
                expected,
                found: token.to_owned(),
            },
        ))
    };
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return invalid(format!("{what} (a positive integer)"));
    }
    match token.parse::<u64>() {
        Ok(0) => invalid(format!("{what} (a positive integer)")),
        Ok(n) if n <= u64::from(limit) => Ok(u32::try_from(n).unwrap_or(limit)),
        Ok(n) => Err(ParseError::new(
            1,
            column,
            ParseErrorKind::TooLarge {
                what,
                limit: limit as usize,
                found: usize::try_from(n).unwrap_or(usize::MAX),
            },
        )),
        Err(_) => invalid(format!("{what}, at most {limit}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_indexer_round_trips() {
        let grid = Grid::new(7, 5, 0u8);
        let ix = grid.indexer();
        assert_eq!(ix.bound(), 35);
        for pos in grid.positions() {
            assert_eq!(ix.state(ix.index(&pos)), pos);
            assert_eq!(ix.index(&pos), grid.index_of(pos));
        }
    }

    const FORMAT: MapFormat<'static> = MapFormat {
        max_rows: 5,
        max_cols: 6,
        max_cells: 24,
        markers: &[
            Marker {
                ch: 'S',
                name: "start",
            },
            Marker {
                ch: 'T',
                name: "target",
            },
        ],
    };

    fn floor(c: char) -> Option<char> {
        matches!(c, '.' | '#' | 'S' | 'T').then_some(c)
    }

    fn error(text: &str) -> (usize, usize, ParseErrorKind) {
        let e = parse_char_map(text, &FORMAT, floor).unwrap_err();
        (e.line, e.column, e.kind)
    }

    #[test]
    fn char_maps_parse_with_crlf_and_trailing_blanks() {
        let map = parse_char_map(" 2  3 \r\nS.#\t\r\n#.T  \n\n  \n", &FORMAT, floor).unwrap();
        assert_eq!((map.grid.height(), map.grid.width()), (2, 3));
        assert_eq!(map.markers, [Pos::new(0, 0), Pos::new(1, 2)]);
        assert_eq!(map.grid.cells().iter().collect::<String>(), "S.##.T");
    }

    #[test]
    fn header_faults_name_the_token() {
        let invalid = |expected: &str, found: &str| ParseErrorKind::Invalid {
            expected: expected.to_owned(),
            found: found.to_owned(),
        };
        assert_eq!(
            error(""),
            (
                1,
                1,
                ParseErrorKind::UnexpectedEnd {
                    expected: "the number of rows on the header line `rows columns`".to_owned()
                }
            )
        );
        assert_eq!(
            error("2 x\n"),
            (
                1,
                3,
                invalid("the number of columns (a positive integer)", "x")
            )
        );
        assert_eq!(
            error("0 3\n"),
            (
                1,
                1,
                invalid("the number of rows (a positive integer)", "0")
            )
        );
        assert_eq!(
            error("2 3 4\n"),
            (
                1,
                5,
                invalid("the end of the header line `rows columns`", "4")
            )
        );
        assert_eq!(
            error("99999999999999999999999 3"),
            (
                1,
                1,
                invalid("the number of rows, at most 5", "99999999999999999999999")
            )
        );
        let too_many = |what, limit, found| ParseErrorKind::TooLarge { what, limit, found };
        assert_eq!(
            error("2 7"),
            (1, 3, too_many("the number of columns", 6, 7))
        );
        assert_eq!(
            error("5 5"),
            (1, 0, too_many("the number of cells", 24, 25))
        );
    }

    #[test]
    fn map_faults_name_line_and_column() {
        let end = ParseErrorKind::UnexpectedEnd {
            expected: "row 2 of 2".to_owned(),
        };
        assert_eq!(error("2 3\nS.T"), (3, 0, end));
        let length = |found| ParseErrorKind::RowLength { expected: 3, found };
        assert_eq!(error("2 3\nS.T\n..\n"), (3, 3, length(2)));
        assert_eq!(error("2 3\nS.T\n....\n"), (3, 4, length(4)));
        assert_eq!(
            error("2 3\nS.T\n.é.\n"),
            (3, 2, ParseErrorKind::UnknownChar('é'))
        );
        assert_eq!(
            error("2 3\nS.T\n.S.\n"),
            (3, 2, ParseErrorKind::Duplicate("start"))
        );
        assert_eq!(
            error("2 3\nS..\n...\n"),
            (3, 0, ParseErrorKind::Missing("target"))
        );
        assert_eq!(
            error("2 3\nS.T\n...\n\n  x\n"),
            (5, 3, ParseErrorKind::Trailing)
        );
    }

    #[test]
    fn steps_stay_on_the_grid() {
        let grid = Grid::new(2, 2, ());
        let corner = Pos::new(1, 1);
        let around: Vec<_> = grid.neighbours(corner).collect();
        assert_eq!(
            around,
            vec![(Dir::Up, Pos::new(0, 1)), (Dir::Left, Pos::new(1, 0))]
        );
        for dir in Dir::ALL {
            assert_eq!(Dir::from_letter(dir.letter()), Some(dir));
            assert_eq!(dir.opposite().opposite(), dir);
        }
    }
}
