//! Tie-breaking for A*: [`Tie`], the rule that picks among open states of equal `f`, and
//! [`TieQueue`], the open list that applies it.

use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;

use super::{Heap, PriorityQueue};
use crate::error::CapacityError;
use crate::space::{Cost, EstimateKey};
use crate::store::Slot;

/// How A* chooses among the open states of equal `f = g + h`: the rule of a [`TieQueue`],
/// of [`AStar::ties`](crate::AStar::ties) and of the strategy `astar:tie=T`
/// ([`Strategy::AStarTie`](crate::Strategy::AStarTie)).
///
/// With an admissible heuristic every rule finds a least-cost path; the rule decides how
/// many states of the last `f` are expanded before a goal, which can be most of the
/// search. On an open 120x120 grid with the Manhattan distance, where every state of the
/// square between start and goal has the same `f`, the default [`Tie::HighG`] makes 238
/// expansions, the states of one path before the goal, and [`Tie::LowG`] 14,399, the
/// whole square but the goal.
///
/// A rule is spelled `high-g`, `low-g`, `newest` or `oldest` ([`Display`](fmt::Display),
/// [`FromStr`]).
///
/// # Examples
///
/// ```
/// use state_search::{AStar, Problem, Solver, Strategy, Tie};
///
/// // A 30x30 open grid with the Manhattan distance: all the square has the same f.
/// let space = state_search::from_fn(|&(r, c): &(i32, i32)| {
///     [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
///         .into_iter()
///         .filter(|&(r, c)| (0..30).contains(&r) && (0..30).contains(&c))
///         .map(|p| (p, 1u32))
/// });
/// let manhattan = |&(r, c): &(i32, i32)| (29 - r).unsigned_abs() + (29 - c).unsigned_abs();
/// let problem = Problem::new(&space, [(0, 0)], |&s| s == (29, 29)).heuristic(manhattan);
///
/// let deep = AStar::new().search(&problem); // ties to the largest g
/// let shallow = AStar::new().ties(Tie::LowG).search(&problem);
/// assert_eq!(deep.found().unwrap().cost, 58);
/// assert_eq!(shallow.found().unwrap().cost, 58);
/// assert!(deep.stats.expanded * 10 < shallow.stats.expanded);
///
/// // The same through a strategy, spelled with the rule.
/// let strategy: Strategy = "astar:tie=low-g".parse()?;
/// assert_eq!(strategy, Strategy::AStarTie(Tie::LowG));
/// let search = strategy.run(&problem, &Default::default())?;
/// assert_eq!(search.stats.expanded, shallow.stats.expanded);
/// assert_eq!("newest".parse::<Tie>()?, Tie::Newest);
/// assert_eq!(Tie::Oldest.to_string(), "oldest");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Tie {
    /// `high-g`, the default: the state of largest `g`, the one closest to a goal by its
    /// estimate. A*'s usual rule: with a heuristic exact along a path, it follows the path.
    /// Among equal `g` too, the order depends only on the pushes and pops.
    #[default]
    HighG,
    /// `low-g`: the state of least `g`, the one closest to a start; among equal `f` the
    /// search then spreads as breadth-first search would. Among equal `g` too, the order
    /// depends only on the pushes and pops.
    LowG,
    /// `newest`: the state queued last (last in, first out), whatever its `g`; a state
    /// queued again at a lower cost counts as queued then.
    Newest,
    /// `oldest`: the state queued first (first in, first out), whatever its `g`.
    Oldest,
}

impl Tie {
    /// Every rule, the default first.
    pub const ALL: [Tie; 4] = [Tie::HighG, Tie::LowG, Tie::Newest, Tie::Oldest];

    /// The spelling: `high-g`, `low-g`, `newest` or `oldest`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Tie::HighG => "high-g",
            Tie::LowG => "low-g",
            Tie::Newest => "newest",
            Tie::Oldest => "oldest",
        }
    }
}

/// Why a spelling is not a rule.
pub(crate) const TIE_EXPECTED: &str = "a tie rule is high-g, low-g, newest or oldest";

/// The error of reading a [`Tie`] from text that is none of the rules' spellings.
///
/// # Examples
///
/// ```
/// use state_search::queue::Tie;
///
/// let error = "low".parse::<Tie>().unwrap_err();
/// assert_eq!(error.text, "low");
/// assert_eq!(
///     error.to_string(),
///     "unknown tie rule \"low\": a tie rule is high-g, low-g, newest or oldest"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseTieError {
    /// The text read.
    pub text: String,
}

impl fmt::Display for ParseTieError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown tie rule {:?}: {TIE_EXPECTED}", self.text)
    }
}

impl std::error::Error for ParseTieError {}

impl fmt::Display for Tie {
    /// The spelling ([`Tie::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Tie {
    type Err = ParseTieError;

    /// `high-g`, `low-g`, `newest` or `oldest`.
    fn from_str(text: &str) -> Result<Self, ParseTieError> {
        Tie::ALL
            .into_iter()
            .find(|tie| tie.name() == text)
            .ok_or_else(|| ParseTieError {
                text: text.to_owned(),
            })
    }
}

/// A* keys in a binary heap that takes the least `f` first and, among equal `f`, the entry
/// its [`Tie`] rule picks: the open list of [`AStar::ties`](crate::AStar::ties) and of the
/// strategy `astar:tie=T`.
///
/// Its keys are the cost type's [`EstimateKey`]s, A*'s keys, so it replaces A*'s
/// [`BinaryQueue`](super::BinaryQueue) as it is; for [`Tie::HighG`] it pops the same keys
/// in the same order (which `AStar::new()` keeps: its entries are smaller, and it skips
/// the heap for an entry next in line); among entries of equal keys the two may choose
/// differently.
/// Like [`BucketQueue::lifo`](super::BucketQueue::lifo) it does not take the least key
/// first within an `f` (except with [`Tie::HighG`]): a key `(f, g)` may leave before a
/// key `(f, g')` with `g' > g`. An entry is the key, its slot and the push's number (for
/// [`Tie::Newest`] and [`Tie::Oldest`]); pushes are numbered from 0 again after
/// [`clear`](PriorityQueue::clear), so a search repeated in a reused scratch takes the same
/// path. O(log n) per push and pop.
///
/// # Examples
///
/// ```
/// use state_search::queue::{PriorityQueue, TieQueue};
/// use state_search::{EstimateKey, PackedKey, Tie};
///
/// let keys = [(10u32, 2u32), (10, 5), (9, 0), (10, 1)].map(|(f, g)| PackedKey::new(f, g));
/// let order = |tie| -> Result<Vec<u32>, state_search::CapacityError> {
///     let mut open = TieQueue::<u32>::new(tie);
///     for (slot, &key) in (0..).zip(&keys) {
///         open.push(key, slot)?;
///     }
///     let mut slots = Vec::new();
///     while let Some((_, slot)) = open.pop()? {
///         slots.push(slot);
///     }
///     Ok(slots)
/// };
/// // f = 9 first whatever the rule; then, among f = 10:
/// assert_eq!(order(Tie::HighG)?, [2, 1, 0, 3]); // g = 5, 2, 1
/// assert_eq!(order(Tie::LowG)?, [2, 3, 0, 1]); // g = 1, 2, 5
/// assert_eq!(order(Tie::Newest)?, [2, 3, 1, 0]); // pushed last first
/// assert_eq!(order(Tie::Oldest)?, [2, 0, 1, 3]); // pushed first first
/// # Ok::<(), state_search::CapacityError>(())
/// ```
#[derive(Clone, Debug)]
pub struct TieQueue<C: Cost> {
    heap: Heap<TieEntry<C>>,
    tie: Tie,
    /// The pushes since the queue was made or cleared.
    pushed: u64,
}

impl<C: Cost> TieQueue<C> {
    /// An empty queue that breaks ties by `tie`.
    #[must_use]
    pub fn new(tie: Tie) -> Self {
        Self {
            heap: Heap::new(),
            tie,
            pushed: 0,
        }
    }

    /// Its rule.
    #[must_use]
    pub fn tie(&self) -> Tie {
        self.tie
    }
}

impl<C: Cost> Default for TieQueue<C> {
    /// An empty queue with the default rule, [`Tie::HighG`].
    fn default() -> Self {
        Self::new(Tie::default())
    }
}

impl<C: Cost> PriorityQueue<C::EstimateKey> for TieQueue<C> {
    #[inline]
    fn push(&mut self, key: C::EstimateKey, slot: Slot) -> Result<(), CapacityError> {
        // Within an `f`, a smaller rank leaves first.
        let rank = match self.tie {
            Tie::Newest => !self.pushed,
            Tie::Oldest => self.pushed,
            Tie::HighG | Tie::LowG => 0,
        };
        self.heap.push(TieEntry {
            key,
            rank,
            slot,
            tie: self.tie,
        })?;
        self.pushed += 1;
        Ok(())
    }

    #[inline]
    fn pop(&mut self) -> Result<Option<(C::EstimateKey, Slot)>, CapacityError> {
        Ok(self.heap.pop().map(|entry| (entry.key, entry.slot)))
    }

    fn len(&self) -> usize {
        self.heap.len()
    }

    fn clear(&mut self) {
        self.heap.clear();
        self.pushed = 0;
    }

    fn memory_bytes(&self) -> usize {
        self.heap.capacity() * size_of::<TieEntry<C>>()
    }
}

/// An entry of a [`TieQueue`]. Every entry of a queue has the queue's rule: it is kept in
/// the entry (in bytes the key's alignment pads anyway) because a heap orders its entries
/// by their own `Ord`.
#[derive(Clone, Copy, Debug)]
struct TieEntry<C: Cost> {
    key: C::EstimateKey,
    /// The order among equal `f` for [`Tie::Newest`] and [`Tie::Oldest`]: smaller first.
    rank: u64,
    slot: Slot,
    tie: Tie,
}

impl<C: Cost> TieEntry<C> {
    /// `Less` when `self` leaves before `other`.
    #[inline]
    fn leaves(&self, other: &Self) -> Ordering {
        match self.tie {
            // The key's own order: `f`, then the larger `g`.
            Tie::HighG => self.key.cmp(&other.key),
            // Among equal `f`, the key's order reversed: the smaller `g` first.
            Tie::LowG => self
                .key
                .f()
                .cmp(&other.key.f())
                .then_with(|| other.key.cmp(&self.key)),
            Tie::Newest | Tie::Oldest => self
                .key
                .f()
                .cmp(&other.key.f())
                .then(self.rank.cmp(&other.rank)),
        }
    }
}

impl<C: Cost> PartialEq for TieEntry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.leaves(other).is_eq()
    }
}

impl<C: Cost> Eq for TieEntry<C> {}

impl<C: Cost> PartialOrd for TieEntry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Cost> Ord for TieEntry<C> {
    /// Greatest first out ([`Heap`] is a max-heap).
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        other.leaves(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PackedKey;

    #[test]
    fn every_rule_reads_back_and_the_message_names_them_all() {
        for tie in Tie::ALL {
            assert_eq!(tie.to_string().parse::<Tie>(), Ok(tie));
            assert!(TIE_EXPECTED.contains(tie.name()), "{tie}");
        }
        assert_eq!(Tie::default(), Tie::ALL[0]);
        let error = "high".parse::<Tie>().unwrap_err();
        assert!(error.to_string().contains(TIE_EXPECTED), "{error}");
        assert_eq!(format!("{:>7}|", Tie::LowG), "  low-g|");
    }

    /// A cleared queue numbers its pushes from 0 again: the same pushes after a clear
    /// come out in the same order as in a new queue.
    #[test]
    fn a_cleared_queue_repeats_its_order() {
        let drain = |queue: &mut TieQueue<u32>| {
            for slot in 0..6 {
                queue.push(PackedKey::new(7, slot % 3), slot).unwrap();
            }
            core::iter::from_fn(|| queue.pop().unwrap().map(|(_, slot)| slot)).collect::<Vec<_>>()
        };
        for tie in [Tie::Newest, Tie::Oldest] {
            let mut queue = TieQueue::new(tie);
            let first = drain(&mut queue);
            queue.push(PackedKey::new(1, 1), 9).unwrap();
            queue.clear();
            assert_eq!(drain(&mut queue), first, "{tie}");
            let expected: Vec<u32> = if tie == Tie::Oldest {
                (0..6).collect()
            } else {
                (0..6).rev().collect()
            };
            assert_eq!(first, expected);
        }
    }

    #[test]
    fn an_entry_is_no_larger_than_its_key_rank_and_slot() {
        // u32 costs: a packed key (8 bytes), the rank (8), the slot (4) and the rule in
        // the padding.
        assert_eq!(size_of::<TieEntry<u32>>(), 24);
    }
}
