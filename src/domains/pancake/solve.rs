//! The problem value: `Pancakes` (a start, a goal, a gap heuristic), its text format, and
//! `solve`, which answers with `Flips`.

use core::fmt;

use super::stack::{MAX_PANCAKES, Stack, StackError, byte};
use super::{Flipper, Gap, PancakeSpace};
use crate::domains::SolveError;
use crate::error::{ParseError, ParseErrorKind};
use crate::event::{MapStates, NoVisitor, Visitor};
use crate::solution::{Limits, Search};
use crate::strategy::{Problem, Strategy};
use crate::text::{Line, Tokens};

/// One pancake problem: a start stack, a goal stack (sorted unless given), and the gap
/// heuristic to search with. Read from the text format ([module docs](super)) with
/// [`Pancakes::parse`], written back with `Display`; solved by any strategy with
/// [`Pancakes::solve`].
///
/// # Examples
///
/// ```
/// use state_search::domains::pancake::{Gap, Pancakes, Stack};
/// use state_search::{Limits, Strategy};
///
/// let problem: Pancakes = "3 1 0 2\n".parse()?;
/// let flips = problem.solve(&Pancakes::DEFAULT_STRATEGY, &Limits::new())?.into_found().unwrap();
/// assert_eq!(flips.to_string(), "3: 4 3 2");
///
/// // Towards another goal, with gap-1, by MM.
/// let goal = Stack::new(&[3, 1, 0, 2])?;
/// let problem = Pancakes::new(Stack::sorted(4)?).with_goal(goal)?.with_gap(Gap { ignore: 1 });
/// let flips = problem.solve(&Strategy::Mm, &Limits::new())?.into_found().unwrap();
/// assert_eq!(flips.cost, 3);
/// let mut stack = *problem.start();
/// for &k in &flips.flips {
///     stack.flip(k)?;
/// }
/// assert_eq!(stack, goal);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pancakes {
    start: Stack,
    goal: Stack,
    gap: Gap,
}

impl Pancakes {
    /// The fastest strategy on this domain with the full gap heuristic: IDA* in place
    /// ([`Flipper`]), with the problem's gap heuristic ([`Pancakes::with_gap`]; the full
    /// one unless told otherwise). With a weakened gap-k, A* or MM (see the module docs).
    pub const DEFAULT_STRATEGY: Strategy = Strategy::IdaStar;

    /// The problem of sorting `start`, with Helmert's gap heuristic.
    #[must_use]
    pub fn new(start: Stack) -> Self {
        let goal = Stack::sorted(start.pancakes()).unwrap_or(start);
        Self {
            start,
            goal,
            gap: Gap::HELMERT,
        }
    }

    /// The problem of sorting a random stack of `pancakes` pancakes ([`Stack::random`]).
    ///
    /// # Errors
    ///
    /// [`StackError::Size`] for no pancake or more than [`MAX_PANCAKES`].
    pub fn random(pancakes: usize, seed: u64) -> Result<Self, StackError> {
        Ok(Self::new(Stack::random(pancakes, seed)?))
    }

    /// The same problem with the goal `goal` instead.
    ///
    /// # Errors
    ///
    /// [`StackError::Mismatch`] when `goal` has another number of pancakes than the
    /// start.
    pub fn with_goal(self, goal: Stack) -> Result<Self, StackError> {
        if goal.pancakes() == self.start.pancakes() {
            Ok(Self { goal, ..self })
        } else {
            Err(StackError::Mismatch {
                start: self.start.pancakes(),
                goal: goal.pancakes(),
            })
        }
    }

    /// The same problem searched with the heuristic `gap` (gap-k for
    /// `Gap { ignore: k }`).
    #[must_use]
    pub fn with_gap(self, gap: Gap) -> Self {
        Self { gap, ..self }
    }

    /// The start stack.
    #[must_use]
    pub fn start(&self) -> &Stack {
        &self.start
    }

    /// The goal stack.
    #[must_use]
    pub fn goal(&self) -> &Stack {
        &self.goal
    }

    /// The heuristic searched with.
    #[must_use]
    pub fn gap(&self) -> Gap {
        self.gap
    }

    /// The state space towards the goal.
    #[must_use]
    pub fn space(&self) -> PancakeSpace {
        PancakeSpace::new(self.goal)
    }

    /// Reads the text format ([module docs](super)): one stack on one line.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] naming the line and column of a token that is not a size, of a
    /// size not below the number of pancakes, or of a size seen before; the line (column
    /// 0) when it holds more than [`MAX_PANCAKES`] sizes; the end of the text when it holds
    /// no stack; the first token after the stack's line.
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let mut lines = Tokens::new(text);
        let mut stack = None;
        while let Some(line) = lines.line() {
            let trimmed = line.text.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if stack.is_some() {
                let first = line.tokens().token();
                return Err(first.map_or_else(
                    || ParseError::new(line.line, 0, ParseErrorKind::Trailing),
                    |token| token.error(ParseErrorKind::Trailing),
                ));
            }
            stack = Some(read_stack(line)?);
        }
        stack.map(Self::new).ok_or_else(|| {
            lines.error(ParseErrorKind::UnexpectedEnd {
                expected: "a line of pancake sizes".to_owned(),
            })
        })
    }

    /// The strategies [`Pancakes::solve`] runs: every one of [`Strategy::ALL`], the
    /// default first.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::pancake::Pancakes;
    /// use state_search::Strategy;
    ///
    /// let strategies = Pancakes::strategies();
    /// assert_eq!(strategies[0], Pancakes::DEFAULT_STRATEGY);
    /// assert_eq!(strategies.len(), Strategy::ALL.len());
    /// ```
    #[must_use]
    pub fn strategies() -> Vec<Strategy> {
        crate::domains::offered(Self::DEFAULT_STRATEGY, |_| true)
    }

    /// Solves the problem with `strategy` within `limits`: least flips for every optimal
    /// strategy (the gap heuristics are admissible).
    ///
    /// `idastar` runs in place on a [`Flipper`] (no stack is cloned) with the chosen gap
    /// heuristic. Every other strategy runs on [`PancakeSpace`] with the chosen gap
    /// heuristic towards the goal (also the distance-to-go of `focal:W` and `ees:W`: every
    /// flip costs 1) and
    /// automatic storage (dense over the [`StackIndexer`](super::StackIndexer) up to
    /// [`MAX_DENSE`](super::MAX_DENSE) pancakes, hashed beyond); the bidirectional
    /// strategies also search back from the goal, `mm`, `nbs` and `bae` with the same gap
    /// heuristic towards the start.
    ///
    /// # Errors
    ///
    /// [`SolveError::NotApplicable`] for a strategy that runs only elsewhere (the parallel
    /// ones); [`SolveError::Capacity`] when storage cannot be allocated before the
    /// search.
    ///
    /// # Complexity
    ///
    /// IDA*: exponential in the number of flips, memory O(n) (one stack and the path).
    /// The others: the stacks they reach, up to all `n!`.
    pub fn solve(&self, strategy: &Strategy, limits: &Limits) -> Result<Search<Flips>, SolveError> {
        // Without `solve_with`'s copy of each in-place stack for a visitor that watches
        // nothing.
        if *strategy == Strategy::IdaStar {
            return self.in_place(strategy, limits, &mut NoVisitor);
        }
        self.on_space(strategy, limits, &mut NoVisitor)
    }

    /// [`Pancakes::solve`] with an event visitor, which sees the stacks of every strategy
    /// (for `idastar`, which flips one stack in place, a copy of it at each event).
    ///
    /// # Examples
    ///
    /// The necessary expansions of A* (the stacks of `f < C*`, [`FCounts`](crate::FCounts)):
    ///
    /// ```
    /// use state_search::domains::pancake::{Gap, Pancakes};
    /// use state_search::{FCounts, Limits, Strategy};
    ///
    /// let problem = Pancakes::random(10, 3)?.with_gap(Gap { ignore: 2 });
    /// let (gap, back) = (problem.gap().towards(problem.goal()), problem.gap().towards(problem.start()));
    /// let mut counts = FCounts::new();
    /// let search = problem.solve_with(&Strategy::AStar, &Limits::new(), &mut counts.watch(gap, back))?;
    /// let optimum = search.found().unwrap().cost;
    /// assert!(counts.below(optimum) <= search.stats.expanded);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Pancakes::solve`].
    pub fn solve_with<V: Visitor<Stack, u32>>(
        &self,
        strategy: &Strategy,
        limits: &Limits,
        visitor: &mut V,
    ) -> Result<Search<Flips>, SolveError> {
        if *strategy == Strategy::IdaStar {
            let mut stacks = MapStates {
                map: Flipper::stack,
                visitor,
            };
            return self.in_place(strategy, limits, &mut stacks);
        }
        self.on_space(strategy, limits, visitor)
    }

    /// `idastar` in place on a [`Flipper`].
    fn in_place<V: Visitor<Flipper, u32>>(
        &self,
        strategy: &Strategy,
        limits: &Limits,
        visitor: &mut V,
    ) -> Result<Search<Flips>, SolveError> {
        // `with_goal` keeps the start and the goal the same size.
        let mut flipper = Flipper::between(&self.start, &self.goal, self.gap);
        let limits = limits.for_cost();
        let search =
            strategy.run_in_place_with(&mut flipper, Flipper::is_solved, &limits, visitor)?;
        Ok(search.map(|plan| Flips {
            flips: plan.actions,
            cost: plan.cost,
        }))
    }

    /// Every strategy but `idastar`, on [`PancakeSpace`].
    fn on_space<V: Visitor<Stack, u32>>(
        &self,
        strategy: &Strategy,
        limits: &Limits,
        visitor: &mut V,
    ) -> Result<Search<Flips>, SolveError> {
        let limits = limits.for_cost();
        let space = self.space();
        let goal = self.goal;
        let problem = Problem::new(&space, [self.start], move |s: &Stack| *s == goal)
            .heuristic(self.gap.towards(&goal))
            .indexed()
            .backward(goal)
            .backward_heuristic(self.gap.towards(&self.start));
        let search = strategy.run_with(&problem, &limits, visitor)?;
        Ok(search.map(|found| Flips::along(&found.path, found.cost)))
    }
}

from_str_by_parse!(Pancakes);

impl fmt::Display for Pancakes {
    /// The start stack on one line (the text format).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.start)
    }
}

/// The stack on `line`: its sizes, a permutation of `0..n`.
fn read_stack(line: Line<'_>) -> Result<Stack, ParseError> {
    let mut tokens = Vec::new();
    for token in line.tokens() {
        let size: usize = token.number("a pancake size")?;
        tokens.push((token, size));
    }
    let n = tokens.len();
    if n > MAX_PANCAKES {
        return Err(ParseError::new(
            line.line,
            0,
            ParseErrorKind::TooLarge {
                what: "the number of pancakes",
                limit: MAX_PANCAKES,
                found: n,
            },
        ));
    }
    let mut seen = 0u64;
    for &(token, size) in &tokens {
        if size >= n {
            return Err(token.invalid(format!("a pancake size below {n}")));
        }
        if seen & (1 << size) != 0 {
            return Err(token.invalid(format!("each size once, not a second {size}")));
        }
        seen |= 1 << size;
    }
    let sizes: Vec<u8> = tokens.iter().map(|&(_, size)| byte(size)).collect();
    Stack::new(&sizes).map_err(|error| {
        ParseError::new(
            line.line,
            0,
            ParseErrorKind::Invalid {
                expected: "a stack".to_owned(),
                found: error.to_string(),
            },
        )
    })
}

/// A solution: the flips, each named by the number of pancakes it turns, and their number
/// (the cost). `Display` writes the cost, then a colon and the flips separated by spaces
/// (`3: 4 2 3`), or the cost alone when the start is the goal (`0`).
///
/// # Examples
///
/// ```
/// use state_search::domains::pancake::{Pancakes, Stack};
/// use state_search::{Limits, Strategy};
///
/// let problem = Pancakes::new(Stack::new(&[1, 0, 2])?);
/// let flips = problem.solve(&Strategy::Bfs, &Limits::new())?.into_found().unwrap();
/// assert_eq!((flips.flips.as_slice(), flips.cost), ([2].as_slice(), 1));
/// assert_eq!(flips.to_string(), "1: 2");
/// let mut stack = *problem.start();
/// for &k in &flips.flips {
///     stack.flip(k)?;
/// }
/// assert!(stack.is_sorted());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Flips {
    /// The flips in order: the number of pancakes each turns.
    pub flips: Vec<usize>,
    /// The number of flips.
    pub cost: u32,
}

impl Flips {
    /// The flips between consecutive stacks of `path`.
    fn along(path: &[Stack], cost: u32) -> Self {
        let flips = path
            .windows(2)
            .map(|pair| {
                // A flip of `k` changes position `k - 1` and none below: the old top lands
                // there, and no two pancakes have the same size.
                let (a, b) = (pair[0].as_slice(), pair[1].as_slice());
                a.iter()
                    .zip(b)
                    .rposition(|(x, y)| x != y)
                    .map_or(0, |p| p + 1)
            })
            .collect();
        Self { flips, cost }
    }
}

impl fmt::Display for Flips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.cost)?;
        if !self.flips.is_empty() {
            f.write_str(": ")?;
            crate::domains::write_spaced(f, &self.flips)?;
        }
        Ok(())
    }
}
