//! Solving: `Puzzle::solve` and `Puzzle::reachable` by BFS, and the labelled `Move`s of
//! the `Route` it prints.

use core::fmt;

use super::model::low_bits;
use super::{Layout, Metric, Puzzle};
use crate::domains::SolveError;
use crate::grid::Pos;
use crate::solution::{Limits, Search};
use crate::strategy::{Problem, Strategy};
use crate::{Bfs, Solver};

/// One move of a solution: the piece drawn with `label` whose top-left cell is at `from`
/// goes to `to` (0-based; printed 1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The piece's label.
    pub label: char,
    /// Its top-left cell before the move.
    pub from: Pos,
    /// Its top-left cell after the move.
    pub to: Pos,
}

impl fmt::Display for Move {
    /// `X r c -> r' c'`: the piece `X` at row `r`, column `c` (its top-left cell, 1-based)
    /// goes to row `r'`, column `c'`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} -> {} {}",
            self.label,
            self.from.row + 1,
            self.from.col + 1,
            self.to.row + 1,
            self.to.col + 1
        )
    }
}

/// A shortest solution: the moves in order, under the metric it was found for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The metric.
    pub metric: Metric,
    /// The moves, in order.
    pub moves: Vec<Move>,
}

impl fmt::Display for Route {
    /// The number of moves on the first line, then one line per move ([`Move`]'s format).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.moves.len())?;
        for step in &self.moves {
            writeln!(f, "{step}")?;
        }
        Ok(())
    }
}

impl Puzzle {
    /// The number of layouts reachable from the start (the same under every metric).
    ///
    /// # Complexity
    ///
    /// One BFS over the reachable layouts.
    #[must_use]
    pub fn reachable(&self) -> usize {
        let space = self.space(Metric::Step);
        let everything = Bfs::new().search(&Problem::new(&space, [self.start], |_| false));
        everything.stats.stored
    }

    /// The fastest strategy on this domain: breadth-first search.
    pub const DEFAULT_STRATEGY: Strategy = Strategy::Bfs;

    /// The strategies [`Puzzle::solve`] runs, the default first, in the order of
    /// [`Strategy::ALL`]: all but the bidirectional ones (`bibfs`, `bidijkstra`, `mm`,
    /// `nbs`, `bae`: a goal fixes one piece, not the whole layout), which it refuses.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::klotski::Puzzle;
    /// use state_search::Strategy;
    ///
    /// let strategies = Puzzle::strategies();
    /// assert_eq!(strategies[0], Puzzle::DEFAULT_STRATEGY);
    /// assert!(!strategies.contains(&Strategy::Mm));
    /// ```
    #[must_use]
    pub fn strategies() -> Vec<Strategy> {
        crate::domains::offered(Self::DEFAULT_STRATEGY, crate::domains::forwards)
    }

    /// A solution with the fewest moves under `metric`, found by `strategy` within
    /// `limits`, with hashed storage (the dense [`Puzzle::indexer`] saves memory but is
    /// slower than hashing) and no heuristic.
    ///
    /// # Errors
    ///
    /// [`SolveError::NotApplicable`] for a strategy that does not apply (the
    /// bidirectional ones, which need the one goal layout).
    ///
    /// # Complexity
    ///
    /// BFS: O(V) for the V layouts reachable (25,955 for 横刀立马).
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::klotski::{Metric, Puzzle};
    /// use state_search::{Limits, Strategy};
    ///
    /// let puzzle = Puzzle::classic();
    /// let search = puzzle.solve(Metric::Line, &Puzzle::DEFAULT_STRATEGY, &Limits::new())?;
    /// assert_eq!(search.found().unwrap().moves.len(), 90);
    /// let stopped = puzzle.solve(Metric::Line, &Strategy::Bfs, &Limits::new().max_expansions(100))?;
    /// assert!(stopped.stop_reason().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(
        &self,
        metric: Metric,
        strategy: &Strategy,
        limits: &Limits,
    ) -> Result<Search<Route>, SolveError> {
        let space = self.space(metric);
        let problem = Problem::new(&space, [self.start], |layout: &Layout| self.is_goal(layout));
        let search = strategy.run(&problem, &limits.for_cost())?;
        Ok(search.map(|found| Route {
            metric,
            moves: self.moves_along(&found.path),
        }))
    }

    /// The labelled moves that turn each layout of `path` into the next, starting from the
    /// start position (the first layout of `path` must be the start layout). Pieces of
    /// one shape are told apart by following them from the start.
    #[must_use]
    pub fn moves_along(&self, path: &[Layout]) -> Vec<Move> {
        let cells = self.cells();
        let mut at: Vec<(char, u32)> = self
            .pieces
            .iter()
            .map(|(p, _)| (p.label, p.at.row * self.cols + p.at.col))
            .collect();
        let pos = |anchor: u32| Pos::new(anchor / self.cols, anchor % self.cols);
        let mut moves = Vec::with_capacity(path.len().saturating_sub(1));
        for pair in path.windows(2) {
            let (before, after) = (pair[0].0 & low_bits(cells), pair[1].0 & low_bits(cells));
            let (left, arrived) = (before & !after, after & !before);
            if left.count_ones() != 1 || arrived.count_ones() != 1 {
                break;
            }
            let (from, to) = (left.trailing_zeros(), arrived.trailing_zeros());
            if let Some(piece) = at.iter_mut().find(|(_, anchor)| *anchor == from) {
                piece.1 = to;
                moves.push(Move {
                    label: piece.0,
                    from: pos(from),
                    to: pos(to),
                });
            }
        }
        moves
    }
}
