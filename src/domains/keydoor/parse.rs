//! The contest text format: `KeyDoorMaze::parse` (and `FromStr`), its size limits, and
//! `Display`, which writes the same format back.

use core::fmt;
use core::str::FromStr;

use super::{Cell, KeyDoorMaze};
use crate::error::ParseError;
use crate::grid::{CharMap, MapFormat, Marker, letter, parse_char_map, write_char_map};

/// The key types the text format can write: `a`..`h` and `A`..`H`.
pub const TEXT_KEY_TYPES: u8 = 8;

/// The largest number of rows or columns the text format accepts.
pub const MAX_SIDE: u32 = 4096;

/// The largest number of cells the text format accepts (4096 x 4096).
pub const MAX_CELLS: usize = 1 << 24;

impl KeyDoorMaze {
    /// Parses the contest text format ([module docs](super#the-text-format)): a header
    /// `n m`, then `n` rows of `m` characters from `. X S T A-H a-h`, with exactly one `S`
    /// and one `T`. Lines may end in `\r\n` and trailing blanks.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the line and column of the first fault: see
    /// [`parse_char_map`]. The map may have at most [`MAX_SIDE`] rows and columns and
    /// [`MAX_CELLS`] cells.
    ///
    /// # Complexity
    ///
    /// O(length of `text`).
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        const FORMAT: MapFormat<'static> = MapFormat {
            max_rows: MAX_SIDE,
            max_cols: MAX_SIDE,
            max_cells: MAX_CELLS,
            markers: &[
                Marker {
                    ch: 'S',
                    name: "start `S`",
                },
                Marker {
                    ch: 'T',
                    name: "target `T`",
                },
            ],
        };
        let CharMap { grid, markers } = parse_char_map(text, &FORMAT, |c| {
            let letter = |base: u8| {
                let t = u32::from(c).wrapping_sub(u32::from(base));
                u8::try_from(t).ok().filter(|&t| t < TEXT_KEY_TYPES)
            };
            match c {
                '.' | 'S' | 'T' => Some(Cell::Floor),
                'X' => Some(Cell::Wall),
                _ => letter(b'A')
                    .map(Cell::Door)
                    .or_else(|| letter(b'a').map(Cell::Key)),
            }
        })?;
        // The parser guarantees both markers, on floor cells, with types below 8 and at
        // most MAX_CELLS cells: `new` cannot refuse this maze.
        Self::new(grid, markers[0], markers[1]).map_err(|error| {
            ParseError::new(1, 0, crate::ParseErrorKind::Unsolvable(error.to_string()))
        })
    }
}

impl FromStr for KeyDoorMaze {
    type Err = ParseError;

    /// [`KeyDoorMaze::parse`].
    fn from_str(text: &str) -> Result<Self, ParseError> {
        Self::parse(text)
    }
}

impl fmt::Display for KeyDoorMaze {
    /// The contest text format: the header `n m`, then one line per row. Key types 8 and
    /// above, which the format cannot write, appear as `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_char_map(f, self.cells.rows(), self.cells.cols(), |pos| {
            match self.cells[pos] {
                _ if pos == self.start => 'S',
                _ if pos == self.target => 'T',
                Cell::Floor => '.',
                Cell::Wall => 'X',
                Cell::Door(t) => letter(b'A', t, TEXT_KEY_TYPES),
                Cell::Key(t) => letter(b'a', t, TEXT_KEY_TYPES),
            }
        })
    }
}
