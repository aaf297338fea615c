//! Reading text formats: the one tokenizer every parser of the crate uses.
//!
//! [`Tokens`] walks a text and hands out its whitespace-separated [`Token`]s, each with
//! its place: the 1-based line and the 1-based column, counted in characters. It reads
//! across lines ([`Tokens::token`]) or within the current line
//! ([`Tokens::token_on_line`]), and gives whole lines too ([`Tokens::line`]) for formats
//! that draw pictures. Every fault becomes a [`ParseError`] naming its place:
//!
//! - a token that is not the number wanted ([`Token::number`], [`Token::number_in`]) is
//!   reported as written in the text, never as a number it was turned into;
//! - the end of the input where something was still expected ([`Tokens::expect`]) is
//!   reported at the place where the text ends;
//! - text after the end of the input proper ([`Tokens::end`]) is reported at its first
//!   token.
//!
//! Lines end in `\n` or `\r\n`, as for [`str::lines`]; whitespace is what
//! [`char::is_whitespace`] says it is. A UTF-8 byte order mark at the very start of the
//! text is skipped, and the column after it is column 1.
//!
//! # Examples
//!
//! ```
//! use state_search::text::Tokens;
//! use state_search::ParseErrorKind;
//!
//! let mut tokens = Tokens::new("\u{feff}3 4\n  7 x\n");
//! let rows: u32 = tokens.expect("the number of rows")?.number("the number of rows")?;
//! let cols: u32 = tokens.expect("the number of columns")?.number_in("the number of columns", 1..=10)?;
//! assert_eq!((rows, cols), (3, 4));
//!
//! let seven = tokens.expect("a cell")?;
//! assert_eq!((seven.text, seven.line, seven.column), ("7", 2, 3));
//!
//! let error = tokens.expect("a cell")?.number::<u8>("a cell").unwrap_err();
//! assert_eq!((error.line, error.column), (2, 5));
//! assert_eq!(
//!     error.kind,
//!     ParseErrorKind::Invalid { expected: "a cell".to_owned(), found: "x".to_owned() }
//! );
//!
//! let end = tokens.expect("a cell").unwrap_err();
//! assert_eq!((end.line, end.column), (2, 6));
//! assert_eq!(end.to_string(), "line 2, column 6: input ended, expected a cell");
//! # Ok::<(), state_search::ParseError>(())
//! ```

use core::fmt::Display;
use core::ops::RangeInclusive;
use core::str::FromStr;

use crate::error::{ParseError, ParseErrorKind};

/// The UTF-8 byte order mark, skipped at the start of a text.
const BOM: char = '\u{feff}';

/// A whitespace-separated token of a text, with its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token<'t> {
    /// The token as written.
    pub text: &'t str,
    /// Its 1-based line.
    pub line: usize,
    /// The 1-based column (in characters) of its first character.
    pub column: usize,
}

impl Token<'_> {
    /// An error of `kind` at this token.
    #[must_use]
    pub fn error(&self, kind: ParseErrorKind) -> ParseError {
        ParseError::new(self.line, self.column, kind)
    }

    /// The error "expected `expected`, found this token" at this token.
    #[must_use]
    pub fn invalid(&self, expected: impl Into<String>) -> ParseError {
        self.error(ParseErrorKind::Invalid {
            expected: expected.into(),
            found: self.text.to_owned(),
        })
    }

    /// The token as a number of type `T`, read by `T`'s [`FromStr`] (for the integer
    /// types: an optional sign, then decimal digits, and nothing else).
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::Invalid`] at this token, expecting `what` and quoting the token
    /// as written, when it is not such a number or does not fit `T`.
    pub fn number<T: FromStr>(&self, what: &str) -> Result<T, ParseError> {
        self.text.parse().map_err(|_| self.invalid(what))
    }

    /// The token as a number of type `T` within `range`.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::Invalid`] at this token, expecting "`what` from `low` to `high`"
    /// (or "`what` `low`" when `low` is `high`) and quoting the token as written, when it
    /// is not a number of type `T` or lies outside `range`.
    pub fn number_in<T: FromStr + PartialOrd + Display>(
        &self,
        what: &str,
        range: RangeInclusive<T>,
    ) -> Result<T, ParseError> {
        match self.text.parse::<T>() {
            Ok(value) if range.contains(&value) => Ok(value),
            // A range of one value: "the map width 4", not "from 4 to 4".
            _ if range.start() == range.end() => {
                Err(self.invalid(format!("{what} {}", range.start())))
            }
            _ => Err(self.invalid(format!("{what} from {} to {}", range.start(), range.end()))),
        }
    }
}

/// A line of a text (without its line break), or what is left of it, with its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line<'t> {
    /// The text of the line (from `column` on).
    pub text: &'t str,
    /// Its 1-based line number.
    pub line: usize,
    /// The 1-based column (in characters) of the first character of `text`: 1 for a whole
    /// line.
    pub column: usize,
}

impl<'t> Line<'t> {
    /// The tokens of this line, with their places in the whole text.
    #[must_use]
    pub fn tokens(&self) -> Tokens<'t> {
        Tokens::at(self.text, self.line, self.column)
    }
}

/// A cursor over a text: its tokens and lines, with their places. See the
/// [module docs](self).
#[derive(Clone, Debug)]
pub struct Tokens<'t> {
    /// The unread part of the current line, without its line break.
    rest: &'t str,
    /// The text after the current line's line break; `None` when the current line is the
    /// last.
    after: Option<&'t str>,
    /// Whether the whole text has been read (the last line included).
    done: bool,
    /// The 1-based number of the current line.
    line: usize,
    /// The 1-based column of the first character of `rest`.
    column: usize,
}

impl<'t> Tokens<'t> {
    /// The tokens of `text`, from line 1, column 1; a byte order mark at its start is
    /// skipped.
    #[must_use]
    pub fn new(text: &'t str) -> Self {
        Self::at(text.strip_prefix(BOM).unwrap_or(text), 1, 1)
    }

    /// The tokens of `text`, a part of a larger text that starts at `line`, `column`
    /// (1-based): places are counted from there. No byte order mark is skipped.
    #[must_use]
    pub fn at(text: &'t str, line: usize, column: usize) -> Self {
        let mut tokens = Self {
            rest: "",
            after: None,
            done: text.is_empty(),
            line,
            column,
        };
        tokens.load(text);
        tokens
    }

    /// Makes the first line of `text` the current line.
    fn load(&mut self, text: &'t str) {
        (self.rest, self.after) = match text.split_once('\n') {
            Some((line, after)) => (
                line.strip_suffix('\r').unwrap_or(line),
                (!after.is_empty()).then_some(after),
            ),
            None => (text, None),
        };
    }

    /// Moves to the start of the next line; `false` (and the whole text read) when the
    /// current line is the last.
    fn next_line(&mut self) -> bool {
        if let Some(after) = self.after {
            self.line += 1;
            self.column = 1;
            self.load(after);
            true
        } else {
            self.column += self.rest.chars().count();
            self.rest = "";
            self.done = true;
            false
        }
    }

    /// The place of the next unread character: the 1-based line and column. Once the
    /// text is read, the place just after its last character.
    #[must_use]
    pub fn place(&self) -> (usize, usize) {
        (self.line, self.column)
    }

    /// An error of `kind` at [`Tokens::place`].
    #[must_use]
    pub fn error(&self, kind: ParseErrorKind) -> ParseError {
        ParseError::new(self.line, self.column, kind)
    }

    /// The next token of the current line, if any; the cursor stays on the line.
    pub fn token_on_line(&mut self) -> Option<Token<'t>> {
        let start = self.rest.trim_start();
        self.column += self.rest[..self.rest.len() - start.len()].chars().count();
        self.rest = start;
        if start.is_empty() {
            return None;
        }
        let len = start.find(char::is_whitespace).unwrap_or(start.len());
        let (text, rest) = start.split_at(len);
        let token = Token {
            text,
            line: self.line,
            column: self.column,
        };
        self.column += text.chars().count();
        self.rest = rest;
        Some(token)
    }

    /// The next token, on this line or a later one; `None` at the end of the text.
    pub fn token(&mut self) -> Option<Token<'t>> {
        loop {
            if let Some(token) = self.token_on_line() {
                return Some(token);
            }
            if !self.next_line() {
                return None;
            }
        }
    }

    /// The next token, on this line or a later one.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::UnexpectedEnd`], expecting `what`, at the end of the text.
    pub fn expect(&mut self, what: &str) -> Result<Token<'t>, ParseError> {
        self.token().ok_or_else(|| self.end_of_input(what))
    }

    /// The next token of the current line.
    ///
    /// # Errors
    ///
    /// At the end of the line, expecting `what`: [`ParseErrorKind::LineEnded`] when text
    /// follows on later lines, [`ParseErrorKind::UnexpectedEnd`] when only whitespace does.
    pub fn expect_on_line(&mut self, what: &str) -> Result<Token<'t>, ParseError> {
        self.token_on_line().ok_or_else(|| {
            if self.after.is_some_and(|rest| !rest.trim().is_empty()) {
                self.error(ParseErrorKind::LineEnded {
                    expected: what.to_owned(),
                })
            } else {
                self.end_of_input(what)
            }
        })
    }

    fn end_of_input(&self, what: &str) -> ParseError {
        self.error(ParseErrorKind::UnexpectedEnd {
            expected: what.to_owned(),
        })
    }

    /// Checks that no token is left on the current line and moves to the next line.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::Invalid`] at the first token left, expecting `what` (say, "the
    /// end of the header line").
    pub fn expect_end_of_line(&mut self, what: &str) -> Result<(), ParseError> {
        if let Some(token) = self.token_on_line() {
            return Err(token.invalid(what));
        }
        self.next_line();
        Ok(())
    }

    /// The unread rest of the current line (the whole line when none of it was read),
    /// with its place; the cursor moves to the start of the next line. `None` once the
    /// text is read. As with [`str::lines`], a line break at the very end of the text
    /// does not start another line.
    pub fn line(&mut self) -> Option<Line<'t>> {
        if self.done {
            return None;
        }
        let line = Line {
            text: self.rest,
            line: self.line,
            column: self.column,
        };
        self.next_line();
        Some(line)
    }

    /// Checks that only whitespace is left.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::Trailing`] at the first token left.
    pub fn end(&mut self) -> Result<(), ParseError> {
        match self.token() {
            Some(token) => Err(token.error(ParseErrorKind::Trailing)),
            None => Ok(()),
        }
    }
}

impl<'t> Iterator for Tokens<'t> {
    type Item = Token<'t>;

    /// [`Tokens::token`].
    fn next(&mut self) -> Option<Token<'t>> {
        self.token()
    }
}

#[cfg(test)]
mod tests;
