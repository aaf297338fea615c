//! The contest text format: `PipeMaze::parse` (and `FromStr`), its size limits, and
//! `Display`, which writes the same format back.

use core::fmt;
use core::str::FromStr;

use super::{PipeCell, PipeMaze};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::{CharMap, MapFormat, Marker, letter, parse_char_map, write_char_map};

/// The colours the text format can write: `1`..`9`, `A`..`I`, `a`..`i`.
pub const TEXT_COLOURS: u8 = 9;

/// The largest number of rows or columns the text format accepts (the contest's is 20).
pub const MAX_SIDE: u32 = 1000;

impl PipeMaze {
    /// Parses the contest text format ([module docs](super#the-text-format)): a header
    /// `n m`, then `n` rows of `m` characters from `* + # $ 1-9 A-I a-i`, with exactly one
    /// `#` and one `$`. Lines may end in `\r\n` and trailing blanks.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the line and column of the first fault: see
    /// [`parse_char_map`]. The map may have at most [`MAX_SIDE`] rows and columns.
    ///
    /// # Complexity
    ///
    /// O(length of `text`).
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        const FORMAT: MapFormat<'static> = MapFormat {
            max_rows: MAX_SIDE,
            max_cols: MAX_SIDE,
            max_cells: MAX_SIDE as usize * MAX_SIDE as usize,
            markers: &[
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
        let CharMap { grid, markers } = parse_char_map(text, &FORMAT, |c| {
            let colour = |base: char| {
                let k = u32::from(c).wrapping_sub(u32::from(base));
                u8::try_from(k).ok().filter(|&k| k < TEXT_COLOURS)
            };
            match c {
                '*' => Some(PipeCell::Stone),
                '+' | '#' | '$' => Some(PipeCell::Water(None)),
                _ => colour('1')
                    .map(|k| PipeCell::Water(Some(k)))
                    .or_else(|| {
                        colour('A').map(|colour| PipeCell::Pipe {
                            colour,
                            horizontal: true,
                        })
                    })
                    .or_else(|| {
                        colour('a').map(|colour| PipeCell::Pipe {
                            colour,
                            horizontal: false,
                        })
                    }),
            }
        })?;
        // The parser guarantees both markers, on water, with colours below 9: `new`
        // cannot refuse this maze.
        Self::new(grid, markers[0], markers[1])
            .map_err(|error| ParseError::new(1, 0, ParseErrorKind::Unsolvable(error.to_string())))
    }
}

impl FromStr for PipeMaze {
    type Err = ParseError;

    /// [`PipeMaze::parse`].
    fn from_str(text: &str) -> Result<Self, ParseError> {
        Self::parse(text)
    }
}

impl fmt::Display for PipeMaze {
    /// The contest text format: the header `n m`, then one line per row. Colours 9 and
    /// above, which the format cannot write, appear as `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_char_map(f, self.cells.rows(), self.cells.cols(), |pos| {
            match self.cells[pos] {
                _ if pos == self.start => '#',
                _ if pos == self.exit => '$',
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
            }
        })
    }
}
