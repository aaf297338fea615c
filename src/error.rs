//! Errors: a dense store that does not fit, a negative cycle, and malformed input text.
//!
//! "No path" is not an error: it is [`Outcome::NoPath`](crate::Outcome::NoPath).

use core::fmt;

/// A store, table or queue could not be allocated or could not grow: the allocator
/// refused the memory, the memory limit ([`Limits::max_memory`](crate::Limits::max_memory))
/// was reached, or more states were asked for than a store can number.
///
/// A search that meets this while running stops with
/// [`StopReason::Capacity`](crate::StopReason::Capacity); nothing aborts the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CapacityError {
    /// The number of entries that was requested.
    pub entries: usize,
    /// The bytes that were requested, when known.
    pub bytes: Option<usize>,
    /// Why the allocation was refused.
    pub reason: CapacityErrorKind,
}

/// Why a [`CapacityError`] happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CapacityErrorKind {
    /// Stores number states with `u32` slots: a dense store's bound, or the states a
    /// hashed store was asked to hold, reached `u32::MAX`.
    TooManyStates,
    /// The allocator refused the memory.
    OutOfMemory,
    /// The memory in use would exceed [`Limits::max_memory`](crate::Limits::max_memory).
    MemoryLimit,
    /// Dense storage was asked for ([`StoragePolicy::Dense`](crate::StoragePolicy::Dense))
    /// on a problem without a state indexer to number its states.
    NoIndexer,
    /// The operating system refused to start the threads of a parallel search
    /// ([`CapacityError::entries`] is how many were asked for).
    Threads,
    /// Dense storage was asked for, and the problem's state indexer numbers a start state
    /// (or the goal state of its backward view) at or beyond its bound: the store has no
    /// entry for it ([`CapacityError::entries`] is that number). Automatic storage
    /// searches such a problem with hashed storage instead.
    OutsideIndexer,
}

impl CapacityError {
    pub(crate) fn too_many_states(entries: usize) -> Self {
        Self {
            entries,
            bytes: None,
            reason: CapacityErrorKind::TooManyStates,
        }
    }

    pub(crate) fn out_of_memory(entries: usize, bytes_per_entry: usize) -> Self {
        Self {
            entries,
            bytes: entries.checked_mul(bytes_per_entry),
            reason: CapacityErrorKind::OutOfMemory,
        }
    }

    #[cfg(feature = "parallel")]
    pub(crate) fn threads(threads: usize) -> Self {
        Self {
            entries: threads,
            bytes: None,
            reason: CapacityErrorKind::Threads,
        }
    }

    pub(crate) fn memory_limit(entries: usize, bytes: usize) -> Self {
        Self {
            entries,
            bytes: Some(bytes),
            reason: CapacityErrorKind::MemoryLimit,
        }
    }
}

impl fmt::Display for CapacityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.reason, self.bytes) {
            (CapacityErrorKind::TooManyStates, _) => write!(
                f,
                "a store cannot number {} states (the limit is {})",
                self.entries,
                u32::MAX - 1
            ),
            (CapacityErrorKind::OutOfMemory, Some(bytes)) => write!(
                f,
                "out of memory: {} entries need {}",
                self.entries,
                Bytes(bytes)
            ),
            (CapacityErrorKind::OutOfMemory, None) => {
                write!(f, "out of memory: {} entries do not fit", self.entries)
            }
            (CapacityErrorKind::MemoryLimit, bytes) => {
                write!(f, "memory limit reached: ")?;
                // The per-expansion check knows the bytes in use, not an entry count.
                if self.entries > 0 {
                    write!(f, "{} entries ", self.entries)?;
                } else {
                    write!(f, "the search ")?;
                }
                match bytes {
                    Some(bytes) => write!(f, "would take {}", Bytes(bytes)),
                    None => write!(f, "would take more"),
                }
            }
            (CapacityErrorKind::NoIndexer, _) => write!(
                f,
                "dense storage needs a state indexer, and the problem has none"
            ),
            (CapacityErrorKind::OutsideIndexer, _) if self.entries == usize::MAX => write!(
                f,
                "dense storage cannot hold a start or goal state: the state indexer does not \
                 number it (a state off its numbering, such as a cell off a map)"
            ),
            (CapacityErrorKind::OutsideIndexer, _) => write!(
                f,
                "dense storage cannot hold a start or goal state: the state indexer numbers \
                 it {}, at or beyond its bound",
                self.entries
            ),
            (CapacityErrorKind::Threads, _) if self.entries == 0 => {
                write!(f, "the operating system would not start the threads")
            }
            (CapacityErrorKind::Threads, _) => write!(
                f,
                "the operating system would not start {} threads",
                self.entries
            ),
        }
    }
}

/// A byte count in the largest binary unit that keeps it at 1 or more: `512 B`,
/// `73.8 KiB`, `1.5 GiB`.
struct Bytes(usize);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
        if self.0 < 1024 {
            return write!(f, "{} B", self.0);
        }
        #[expect(
            clippy::cast_precision_loss,
            reason = "a size shown to one decimal place"
        )]
        let mut value = self.0 as f64 / 1024.0;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        write!(f, "{value:.1} {}", UNITS[unit])
    }
}

impl std::error::Error for CapacityError {}

/// A cycle of negative total cost, reachable from a start state: shortest paths are not
/// defined.
///
/// # Examples
///
/// Its message names the first eight states:
///
/// ```
/// use state_search::NegativeCycle;
///
/// let cycle = NegativeCycle { cycle: (0..10).collect::<Vec<u32>>(), cost: Some(-3) };
/// assert_eq!(
///     cycle.to_string(),
///     "a negative cycle of 10 states (cost -3) is reachable: 0 -> 1 -> 2 -> 3 -> 4 -> 5 -> 6 \
///      -> 7 -> ..."
/// );
/// let short = NegativeCycle { cycle: vec!['a', 'b'], cost: None::<i8> };
/// assert_eq!(
///     short.to_string(),
///     "a negative cycle of 2 states (cost below the type's minimum) is reachable: 'a' -> 'b'"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NegativeCycle<S, C> {
    /// The states of the cycle in order; the last one steps back to the first.
    pub cycle: Vec<S>,
    /// The total cost of one trip around the cycle (negative), or `None` when it is below
    /// the smallest value of the cost type.
    pub cost: Option<C>,
}

impl<S: fmt::Debug, C: fmt::Debug> fmt::Display for NegativeCycle<S, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cost = self.cost.as_ref().map(|cost| cost as &dyn fmt::Debug);
        describe_cycle(f, self.cycle.len(), cost, &|i| {
            &self.cycle[i] as &dyn fmt::Debug
        })
    }
}

/// [`NegativeCycle`]'s message, compiled once (not per state and cost type): its length,
/// its cost, and its first eight states (`state(i)` for `i` below the length).
fn describe_cycle<'a>(
    f: &mut fmt::Formatter<'_>,
    len: usize,
    cost: Option<&dyn fmt::Debug>,
    state: &dyn Fn(usize) -> &'a dyn fmt::Debug,
) -> fmt::Result {
    match cost {
        Some(cost) => write!(
            f,
            "a negative cycle of {len} states (cost {cost:?}) is reachable: "
        )?,
        None => write!(
            f,
            "a negative cycle of {len} states (cost below the type's minimum) is reachable: "
        )?,
    }
    for i in 0..len.min(8) {
        if i > 0 {
            f.write_str(" -> ")?;
        }
        write!(f, "{:?}", state(i))?;
    }
    if len > 8 {
        f.write_str(" -> ...")?;
    }
    Ok(())
}

impl<S: fmt::Debug, C: fmt::Debug> std::error::Error for NegativeCycle<S, C> {}

/// Malformed input text, with the place (1-based line and column; column 0 when the
/// whole line is at fault) and what was expected.
///
/// The line and the column are a place in the text, counted from 1 as an editor counts
/// them; they are not a cell of a grid, whose positions (`grid::Pos`) count
/// from 0 everywhere in the API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The 1-based line of the text.
    pub line: usize,
    /// The 1-based column of the text (in characters), or 0 for the whole line.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong with the input, in a [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input ended early; `expected` says what was missing.
    UnexpectedEnd {
        /// What should have come next.
        expected: String,
    },
    /// A line ended early (text follows on later lines); `expected` says what was missing.
    LineEnded {
        /// What should have come next on the line.
        expected: String,
    },
    /// A token is not what the format allows at this place.
    Invalid {
        /// What the format allows here.
        expected: String,
        /// What was found.
        found: String,
    },
    /// A row of a character map has the wrong length.
    RowLength {
        /// The width given by the header.
        expected: usize,
        /// The length of this row.
        found: usize,
    },
    /// A character that means nothing in this format.
    UnknownChar(char),
    /// Something that must appear exactly once does not appear.
    Missing(&'static str),
    /// Something that must appear once appears again here.
    Duplicate(&'static str),
    /// The input describes a problem larger than this crate accepts.
    TooLarge {
        /// What is too large.
        what: &'static str,
        /// The largest accepted value.
        limit: usize,
        /// The value found.
        found: usize,
    },
    /// Text after the end of the input proper.
    Trailing,
    /// A well-formed input that describes an impossible instance.
    Unsolvable(String),
}

impl ParseError {
    /// An error at `line`, `column`.
    #[must_use]
    pub fn new(line: usize, column: usize, kind: ParseErrorKind) -> Self {
        Self { line, column, kind }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.column == 0 {
            write!(f, "line {}: ", self.line)?;
        } else {
            write!(f, "line {}, column {}: ", self.line, self.column)?;
        }
        match &self.kind {
            ParseErrorKind::UnexpectedEnd { expected } => {
                write!(f, "input ended, expected {expected}")
            }
            ParseErrorKind::LineEnded { expected } => {
                write!(f, "the line ended, expected {expected}")
            }
            ParseErrorKind::Invalid { expected, found } => {
                write!(f, "expected {expected}, found {found:?}")
            }
            ParseErrorKind::RowLength { expected, found } => {
                write!(f, "row has {found} characters, expected {expected}")
            }
            ParseErrorKind::UnknownChar(c) => write!(f, "unknown character {c:?}"),
            ParseErrorKind::Missing(what) => write!(f, "no {what} found"),
            ParseErrorKind::Duplicate(what) => write!(f, "a second {what}"),
            ParseErrorKind::TooLarge { what, limit, found } => {
                write!(f, "{what} is {found}, the limit is {limit}")
            }
            ParseErrorKind::Trailing => f.write_str("unexpected text after the input"),
            ParseErrorKind::Unsolvable(why) => write!(f, "unsolvable: {why}"),
        }
    }
}

impl std::error::Error for ParseError {}

/// A search that could not start because its buffers could not be allocated: stopped by
/// [`StopReason::Capacity`](crate::StopReason::Capacity), with empty statistics.
impl<T> From<CapacityError> for crate::Search<T> {
    fn from(error: CapacityError) -> Self {
        crate::Search::stopped_before_start(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_name_the_place() {
        let e = ParseError::new(3, 7, ParseErrorKind::UnknownChar('?'));
        assert_eq!(e.to_string(), "line 3, column 7: unknown character '?'");
        let e = ParseError::new(
            2,
            0,
            ParseErrorKind::RowLength {
                expected: 5,
                found: 4,
            },
        );
        assert_eq!(e.to_string(), "line 2: row has 4 characters, expected 5");
    }

    #[test]
    fn negative_cycle_display_lists_the_states() {
        let e = NegativeCycle {
            cycle: vec![1, 2, 3],
            cost: Some(-4),
        };
        assert_eq!(
            e.to_string(),
            "a negative cycle of 3 states (cost -4) is reachable: 1 -> 2 -> 3"
        );
    }

    #[test]
    fn a_state_off_the_numbering_is_not_called_a_number() {
        let outside = |entries| CapacityError {
            entries,
            bytes: None,
            reason: CapacityErrorKind::OutsideIndexer,
        };
        assert!(
            outside(84)
                .to_string()
                .ends_with("numbers it 84, at or beyond its bound")
        );
        assert!(outside(usize::MAX).to_string().ends_with(
            "the state indexer does not number it (a state off its numbering, such as a cell \
             off a map)"
        ));
    }

    #[test]
    fn capacity_error_says_how_much() {
        let e = CapacityError::out_of_memory(1 << 30, 16);
        assert_eq!(
            e.to_string(),
            "out of memory: 1073741824 entries need 16.0 GiB"
        );
        let small = CapacityError::out_of_memory(3, 4);
        assert_eq!(small.to_string(), "out of memory: 3 entries need 12 B");
        let refused = CapacityError::out_of_memory(1000, 12);
        assert_eq!(
            refused.to_string(),
            "out of memory: 1000 entries need 11.7 KiB"
        );
        // The per-expansion check knows the bytes, not an entry count.
        let limit = CapacityError::memory_limit(0, 75_520);
        assert_eq!(
            limit.to_string(),
            "memory limit reached: the search would take 73.8 KiB"
        );
        let dense = CapacityError::memory_limit(216, 3 << 30);
        assert_eq!(
            dense.to_string(),
            "memory limit reached: 216 entries would take 3.0 GiB"
        );
        let none = CapacityError {
            entries: 0,
            bytes: None,
            reason: CapacityErrorKind::NoIndexer,
        };
        assert_eq!(
            none.to_string(),
            "dense storage needs a state indexer, and the problem has none"
        );
    }
}
