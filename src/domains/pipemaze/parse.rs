//! The contest text format: `PipeMaze::parse` (and `FromStr`), its size limits, and
//! `Display`, which writes the same format back.

use core::fmt;

use super::{PipeCell, PipeMaze};
use crate::error::ParseError;
use crate::grid::{EndsMap, Marker, letter, letter_index};

/// The colours the text format can write: `1`..`9`, `A`..`I`, `a`..`i`.
pub const TEXT_COLOURS: u8 = 9;

/// The largest number of rows or columns the text format accepts (the contest's is 20).
pub const MAX_SIDE: u32 = 1000;

/// The text format's limits and its two markers, the start `#` and the exit `$`.
const TEXT: EndsMap = EndsMap {
    max_side: MAX_SIDE,
    max_cells: MAX_SIDE as usize * MAX_SIDE as usize,
    markers: [
        Marker {
            ch: '#',
            name: "start `#`",
        },
        Marker {
            ch: '$',
            name: "exit `$`",
        },
    ],
};

impl PipeMaze {
    /// Parses the contest text format ([module docs](super#the-text-format)): a header
    /// `n m`, then `n` rows of `m` characters from `* + # $ 1-9 A-I a-i`, with exactly one
    /// `#` and one `$`. Lines may end in `\r\n` and trailing blanks.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the line and column of the first fault: see
    /// [`parse_char_map`](crate::grid::parse_char_map). The map may have at most [`MAX_SIDE`] rows and columns.
    ///
    /// # Complexity
    ///
    /// O(length of `text`).
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let cell = |c| {
            let colour = |first| letter_index(c, first, TEXT_COLOURS);
            match c {
                '*' => Some(PipeCell::Stone),
                '+' | '#' | '$' => Some(PipeCell::Water(None)),
                _ => colour(b'1')
                    .map(|k| PipeCell::Water(Some(k)))
                    .or_else(|| {
                        colour(b'A').map(|colour| PipeCell::Pipe {
                            colour,
                            horizontal: true,
                        })
                    })
                    .or_else(|| {
                        colour(b'a').map(|colour| PipeCell::Pipe {
                            colour,
                            horizontal: false,
                        })
                    }),
            }
        };
        // The parser guarantees both markers, on water, with colours below 9: `new`
        // cannot refuse this maze.
        TEXT.parse(text, cell, Self::new)
    }
}

from_str_by_parse!(PipeMaze);

impl fmt::Display for PipeMaze {
    /// The contest text format: the header `n m`, then one line per row. Colours 9 and
    /// above, which the format cannot write, appear as `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        TEXT.write(
            f,
            &self.cells,
            [self.start, self.exit],
            |&cell| match cell {
                PipeCell::Stone => '*',
                PipeCell::Water(None) => '+',
                PipeCell::Water(Some(colour)) => letter(b'1', colour, TEXT_COLOURS),
                PipeCell::Pipe {
                    colour,
                    horizontal: true,
                } => letter(b'A', colour, TEXT_COLOURS),
                PipeCell::Pipe {
                    colour,
                    horizontal: false,
                } => letter(b'a', colour, TEXT_COLOURS),
            },
        )
    }
}
