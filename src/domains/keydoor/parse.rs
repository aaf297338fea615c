//! The contest text format: `KeyDoorMaze::parse` (and `FromStr`), its size limits, and
//! `Display`, which writes the same format back.

use core::fmt;

use super::{Cell, KeyDoorMaze};
use crate::error::ParseError;
use crate::grid::{EndsMap, Marker, letter, letter_index};

/// The key types the text format can write: `a`..`h` and `A`..`H`.
pub const TEXT_KEY_TYPES: u8 = 8;

/// The largest number of rows or columns the text format accepts.
pub const MAX_SIDE: u32 = 4096;

/// The largest number of cells the text format accepts (4096 x 4096).
pub const MAX_CELLS: usize = 1 << 24;

/// The text format's limits and its two markers, the start `S` and the target `T`.
const TEXT: EndsMap = EndsMap {
    max_side: MAX_SIDE,
    max_cells: MAX_CELLS,
    markers: [
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

impl KeyDoorMaze {
    /// Parses the contest text format ([module docs](super#the-text-format)): a header
    /// `n m`, then `n` rows of `m` characters from `. X S T A-H a-h`, with exactly one `S`
    /// and one `T`. Lines may end in `\r\n` and trailing blanks.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the line and column of the first fault: see
    /// [`parse_char_map`](crate::grid::parse_char_map). The map may have at most [`MAX_SIDE`] rows and columns and
    /// [`MAX_CELLS`] cells.
    ///
    /// # Complexity
    ///
    /// O(length of `text`).
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let cell = |c| match c {
            '.' | 'S' | 'T' => Some(Cell::Floor),
            'X' => Some(Cell::Wall),
            _ => letter_index(c, b'A', TEXT_KEY_TYPES)
                .map(Cell::Door)
                .or_else(|| letter_index(c, b'a', TEXT_KEY_TYPES).map(Cell::Key)),
        };
        // The parser guarantees both markers, on floor cells, with types below 8 and at
        // most MAX_CELLS cells: `new` cannot refuse this maze.
        TEXT.parse(text, cell, Self::new)
    }
}

from_str_by_parse!(KeyDoorMaze);

impl fmt::Display for KeyDoorMaze {
    /// The contest text format: the header `n m`, then one line per row. Key types 8 and
    /// above, which the format cannot write, appear as `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        TEXT.write(
            f,
            &self.cells,
            [self.start, self.target],
            |&cell| match cell {
                Cell::Floor => '.',
                Cell::Wall => 'X',
                Cell::Door(t) => letter(b'A', t, TEXT_KEY_TYPES),
                Cell::Key(t) => letter(b'a', t, TEXT_KEY_TYPES),
            },
        )
    }
}
