//! The `.map` format: terrain characters under the `type octile` header.

use core::fmt;
use core::ops::Index;

use crate::error::{ParseError, ParseErrorKind};
use crate::grid::{Grid, Pos};
use crate::text::{Token, Tokens};

/// The largest number of cells (height × width) of an [`OctileMap`]: 2^30.
///
/// It keeps every cost of a search on the map far from overflowing [`OctileCost`]'s
/// `u32` parts, and the map's [`CellIndexer`](crate::grid::CellIndexer) bound (at most
/// twice the cells) below the `u32` numbering of the dense stores.
///
/// [`OctileCost`]: super::OctileCost
pub const MAX_CELLS: usize = 1 << 30;

/// The terrain of a cell of a Moving AI map, as its character says.
///
/// | character  | terrain                       | class                  |
/// |------------|-------------------------------|------------------------|
/// | `.` or `G` | [`Terrain::Ground`]            | [`TerrainClass::Ground`] |
/// | `S`        | [`Terrain::Swamp`]             | [`TerrainClass::Ground`] |
/// | `T`        | [`Terrain::Trees`]             | [`TerrainClass::Trees`]  |
/// | `W`        | [`Terrain::Water`]             | [`TerrainClass::Water`]  |
/// | `@` or `O` | [`Terrain::OutOfBounds`]       | none: impassable         |
///
/// A move stays within one class (see [`OctileSpace`](super::OctileSpace)).
///
/// # Examples
///
/// ```
/// use state_search::domains::movingai::{Terrain, TerrainClass};
///
/// assert_eq!(Terrain::from_char('S'), Some(Terrain::Swamp));
/// assert_eq!(Terrain::Swamp.class(), Some(TerrainClass::Ground));
/// assert_eq!(Terrain::from_char('O').map(Terrain::class), Some(None));
/// assert_eq!(Terrain::from_char('G').map(Terrain::to_char), Some('.'));
/// assert_eq!(Terrain::from_char('#'), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Terrain {
    /// Passable ground: `.` (or `G`).
    Ground,
    /// Swamp, `S`: passable, in the ground class.
    Swamp,
    /// Trees, `T`: passable, a class of its own.
    Trees,
    /// Water, `W`: passable, a class of its own.
    Water,
    /// Out of bounds, `@` (or `O`): never passable.
    OutOfBounds,
}

/// A class of passable terrain: a move goes from a cell to a cell of the same class.
///
/// # Examples
///
/// ```
/// use state_search::domains::movingai::{Terrain, TerrainClass};
///
/// assert_eq!(Terrain::Ground.class(), Terrain::Swamp.class());
/// assert_ne!(Terrain::Ground.class(), Some(TerrainClass::Trees));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TerrainClass {
    /// Ground and swamp.
    Ground,
    /// Trees.
    Trees,
    /// Water.
    Water,
}

impl Terrain {
    /// The terrain a map character stands for (`.` `G` `S` `T` `W` `@` `O`), or `None`.
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Self> {
        match ch {
            '.' | 'G' => Some(Self::Ground),
            'S' => Some(Self::Swamp),
            'T' => Some(Self::Trees),
            'W' => Some(Self::Water),
            '@' | 'O' => Some(Self::OutOfBounds),
            _ => None,
        }
    }

    /// The character a map writes for it: `.` `S` `T` `W` `@` (so `G` is written `.`,
    /// and `O` is written `@`).
    #[must_use]
    pub const fn to_char(self) -> char {
        match self {
            Self::Ground => '.',
            Self::Swamp => 'S',
            Self::Trees => 'T',
            Self::Water => 'W',
            Self::OutOfBounds => '@',
        }
    }

    /// The class of the terrain, or `None` when it is impassable.
    #[must_use]
    pub const fn class(self) -> Option<TerrainClass> {
        match self {
            Self::Ground | Self::Swamp => Some(TerrainClass::Ground),
            Self::Trees => Some(TerrainClass::Trees),
            Self::Water => Some(TerrainClass::Water),
            Self::OutOfBounds => None,
        }
    }

    /// Whether a path may stand on it: every terrain but [`Terrain::OutOfBounds`].
    #[must_use]
    pub const fn is_passable(self) -> bool {
        self.class().is_some()
    }
}

/// A Moving AI grid map (a `.map` file): `height` rows of `width` cells of [`Terrain`].
///
/// Read from text by [`OctileMap::parse`] (or `str::parse`), in the format of the
/// [module docs](super#the-map-format); written back by [`Display`](fmt::Display) in the
/// same format, with `\n` line ends and the characters of [`Terrain::to_char`]. Cell
/// `(x, y)` of the format (x the column, y the row, from 0) is `Pos::new(y, x)`.
///
/// # Examples
///
/// ```
/// use state_search::domains::movingai::{OctileMap, Terrain};
/// use state_search::grid::Pos;
///
/// let text = "type octile\nheight 2\nwidth 3\nmap\n.T@\nSW.\n";
/// let map: OctileMap = text.parse()?;
/// assert_eq!((map.height(), map.width()), (2, 3));
/// assert_eq!(map[Pos::new(0, 1)], Terrain::Trees);
/// assert_eq!(map.terrain(Pos::new(1, 0)), Some(Terrain::Swamp));
/// assert_eq!(map.terrain(Pos::new(2, 0)), None);
/// assert_eq!(map.to_string(), text);
/// # Ok::<(), state_search::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctileMap {
    grid: Grid<Terrain>,
}

/// Why [`OctileMap::new`] refused a grid.
///
/// # Examples
///
/// ```
/// use state_search::domains::movingai::{MapSizeError, OctileMap, Terrain};
/// use state_search::grid::Grid;
///
/// let empty = Grid::new(0, 4, Terrain::Ground);
/// assert_eq!(OctileMap::new(empty), Err(MapSizeError::Empty));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MapSizeError {
    /// The grid has no row or no column.
    Empty,
    /// The grid has more than [`MAX_CELLS`] cells.
    TooManyCells {
        /// The number of cells of the grid.
        cells: usize,
    },
}

impl fmt::Display for MapSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => f.write_str("a map needs at least one row and one column"),
            Self::TooManyCells { cells } => {
                write!(f, "a map of {cells} cells is larger than {MAX_CELLS} cells")
            }
        }
    }
}

impl std::error::Error for MapSizeError {}

impl OctileMap {
    /// The map of `grid`'s terrain (row 0 is the top row of the text).
    ///
    /// # Errors
    ///
    /// [`MapSizeError`] when the grid has no cell, or more than [`MAX_CELLS`].
    pub fn new(grid: Grid<Terrain>) -> Result<Self, MapSizeError> {
        if grid.is_empty() {
            Err(MapSizeError::Empty)
        } else if grid.len() > MAX_CELLS {
            Err(MapSizeError::TooManyCells { cells: grid.len() })
        } else {
            Ok(Self { grid })
        }
    }

    /// Reads a map in the format of the [module docs](super#the-map-format). Lines end
    /// in `\n` or `\r\n`; spaces and tabs at the end of a line and blank lines after the
    /// map are ignored, as is a byte order mark at the start.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] at the first fault, naming its line and column (1-based):
    ///
    /// | fault                                                   | [`ParseErrorKind`] |
    /// |---------------------------------------------------------|--------------------|
    /// | a header line missing or out of order, a type other than `octile`, a height or width that is not a positive integer, text after a header line's value | `Invalid`, `LineEnded`, `UnexpectedEnd` |
    /// | a height or width above [`MAX_CELLS`], or more cells than that (at the width) | `TooLarge` |
    /// | a row of the wrong length (at the first missing or extra character) | `RowLength` |
    /// | a character other than `. G S T W @ O`                  | `UnknownChar`      |
    /// | fewer rows than `height` (where the text ends)          | `UnexpectedEnd`    |
    /// | more rows than `height` (at the first extra one)        | `Trailing`         |
    ///
    /// # Complexity
    ///
    /// O(length of `text`); the cells are allocated after the header has been checked
    /// against [`MAX_CELLS`], and no more than the text holds.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::movingai::OctileMap;
    /// use state_search::ParseErrorKind;
    ///
    /// let map = OctileMap::parse("type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.@\r\n")?;
    /// assert_eq!(map.width(), 2);
    /// let error = OctileMap::parse("type octile\nheight 1\nwidth 2\nmap\n.#\n").unwrap_err();
    /// assert_eq!((error.line, error.column, error.kind), (5, 2, ParseErrorKind::UnknownChar('#')));
    /// # Ok::<(), state_search::ParseError>(())
    /// ```
    #[expect(
        clippy::missing_panics_doc,
        reason = "never panics: exactly height x width cells are read"
    )]
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let mut tokens = Tokens::new(text);
        keyword(&mut tokens, "type")?;
        let kind = tokens.expect_on_line("the map type `octile`")?;
        if kind.text != "octile" {
            return Err(kind.invalid("the map type `octile`"));
        }
        tokens.expect_end_of_line("the end of the line `type octile`")?;
        let (height, _) = side(&mut tokens, "height", "the height")?;
        let (width, width_token) = side(&mut tokens, "width", "the width")?;
        let cells = height as usize * width as usize;
        if cells > MAX_CELLS {
            return Err(width_token.error(ParseErrorKind::TooLarge {
                what: "the number of cells (height x width)",
                limit: MAX_CELLS,
                found: cells,
            }));
        }
        keyword(&mut tokens, "map")?;
        tokens.expect_end_of_line("the end of the line `map`")?;
        let mut terrain = Vec::with_capacity(cells.min(text.len()));
        for row in 0..height {
            let Some(line) = tokens.line() else {
                return Err(tokens.error(ParseErrorKind::UnexpectedEnd {
                    expected: format!("row {} of {height}", row + 1),
                }));
            };
            read_row(line.text, line.line, width, &mut terrain)?;
        }
        tokens.end()?;
        let grid = Grid::from_cells(height, width, terrain).expect("height x width cells read");
        Ok(Self { grid })
    }

    /// The number of rows (the header's `height`).
    #[must_use]
    pub fn height(&self) -> u32 {
        self.grid.rows()
    }

    /// The number of columns (the header's `width`).
    #[must_use]
    pub fn width(&self) -> u32 {
        self.grid.cols()
    }

    /// The terrain at `pos`, or `None` when `pos` is off the map.
    #[must_use]
    pub fn terrain(&self, pos: Pos) -> Option<Terrain> {
        self.grid.get(pos).copied()
    }

    /// The terrain of every cell.
    #[must_use]
    pub fn grid(&self) -> &Grid<Terrain> {
        &self.grid
    }
}

/// The next token, which must be `word`, the first word of a header line.
fn keyword(tokens: &mut Tokens<'_>, word: &str) -> Result<(), ParseError> {
    let expected = format!("the header line `{word} ...`");
    let token = tokens.expect(&expected)?;
    if token.text == word {
        Ok(())
    } else {
        Err(token.invalid(expected))
    }
}

/// The header line `word N` (`height H`, `width W`): its value, a positive integer, and
/// the token that gave it.
fn side<'t>(
    tokens: &mut Tokens<'t>,
    word: &str,
    what: &'static str,
) -> Result<(u32, Token<'t>), ParseError> {
    keyword(tokens, word)?;
    let token = tokens.expect_on_line(what)?;
    let value = side_value(&token, what)?;
    tokens.expect_end_of_line(&format!("the end of the line `{word} N`"))?;
    Ok((value, token))
}

/// A height or width: a positive integer, at most [`MAX_CELLS`].
fn side_value(token: &Token<'_>, what: &'static str) -> Result<u32, ParseError> {
    let expected = format!("{what} (a positive integer)");
    let n: usize = token.number(&expected)?;
    match n {
        0 => Err(token.invalid(expected)),
        n if n > MAX_CELLS => Err(token.error(ParseErrorKind::TooLarge {
            what,
            limit: MAX_CELLS,
            found: n,
        })),
        #[expect(clippy::cast_possible_truncation, reason = "at most MAX_CELLS = 2^30")]
        n => Ok(n as u32),
    }
}

/// Appends the terrain of one row (line `line` of the text) to `terrain`.
fn read_row(
    text: &str,
    line: usize,
    width: u32,
    terrain: &mut Vec<Terrain>,
) -> Result<(), ParseError> {
    let text = text.trim_end_matches([' ', '\t']);
    let width = width as usize;
    let start = terrain.len();
    for (i, ch) in text.chars().enumerate() {
        if i == width {
            break;
        }
        let Some(cell) = Terrain::from_char(ch) else {
            return Err(ParseError::new(
                line,
                i + 1,
                ParseErrorKind::UnknownChar(ch),
            ));
        };
        terrain.push(cell);
    }
    let read = terrain.len() - start;
    let found = if read < width {
        read
    } else {
        text.chars().count()
    };
    if found == width {
        Ok(())
    } else {
        let kind = ParseErrorKind::RowLength {
            expected: width,
            found,
        };
        Err(ParseError::new(line, found.min(width) + 1, kind))
    }
}

from_str_by_parse!(OctileMap);

impl Index<Pos> for OctileMap {
    type Output = Terrain;

    /// The terrain at `pos`.
    ///
    /// # Panics
    ///
    /// Panics when `pos` is off the map.
    fn index(&self, pos: Pos) -> &Terrain {
        assert!(
            self.grid.contains(pos),
            "{pos} is off the {}x{} map",
            self.height(),
            self.width()
        );
        &self.grid[pos]
    }
}

impl fmt::Display for OctileMap {
    /// The map in the `.map` format, with `\n` line ends.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "type octile")?;
        writeln!(f, "height {}", self.height())?;
        writeln!(f, "width {}", self.width())?;
        writeln!(f, "map")?;
        for row in self.grid.cells().chunks(self.width() as usize) {
            let line: String = row.iter().map(|t| t.to_char()).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}
