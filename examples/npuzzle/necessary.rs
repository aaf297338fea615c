//! `--stats` and `--necessary`: the necessary expansions of an optimal search, counted in
//! a second run.

use std::ops::ControlFlow;

use state_search::domains::sliding::npuzzle::{Board, Manhattan, NPuzzle, Slider};
use state_search::{Event, FCounts, Heuristic, Limits, Strategy, Visitor};

/// What `--stats` and `--necessary` ask for, each more than the one before.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Report {
    /// Neither: the solutions alone.
    Off,
    /// `--stats`.
    On,
    /// `--necessary` (with or without `--stats`): also the necessary expansions, counted
    /// in a second run.
    Necessary,
}

/// The states `strategy` expands with `f = g + h` below `optimum` on `board` (for a
/// bidirectional search, `h` towards the side's target: the backward estimate is the
/// Manhattan distance to `board`, as the puzzle's bidirectional searches use), in a second
/// run of the search with the same heuristic and limits.
pub fn necessary<H>(
    puzzle: &NPuzzle,
    board: &Board,
    heuristic: H,
    strategy: Strategy,
    limits: &Limits,
    optimum: u32,
) -> Result<u64, String>
where
    H: state_search::domains::sliding::npuzzle::TileHeuristic + Heuristic<Board, u32> + Clone,
{
    let mut counts = FCounts::new();
    let from_start = Manhattan::new(&NPuzzle::new(board.clone()));
    let mut boards = OnBoards(counts.watch(heuristic.clone(), from_start));
    puzzle
        .solve_with(board, heuristic, &strategy, limits, &mut boards)
        .map_err(|e| e.to_string())?;
    Ok(counts.below(optimum))
}

/// Whether `strategy` stores boards, so that its expansions can be counted by `f`
/// (`idastar` slides one board in place, and re-expands states by design).
pub fn counts_boards(strategy: Strategy) -> bool {
    strategy.is_optimal() && strategy != NPuzzle::DEFAULT_STRATEGY
}

/// Hands the events on boards to `V`; the in-place view's (which a strategy that stores
/// boards never sends) are ignored.
struct OnBoards<V>(V);

impl<V: Visitor<Board, u32>> Visitor<Board, u32> for OnBoards<V> {
    fn visit(&mut self, event: Event<'_, Board, u32>) -> ControlFlow<()> {
        self.0.visit(event)
    }
}

impl<'p, H, V> Visitor<Slider<'p, H>, u32> for OnBoards<V> {
    fn visit(&mut self, _: Event<'_, Slider<'p, H>, u32>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}
