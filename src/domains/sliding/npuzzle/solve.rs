//! Solving: `NPuzzle::solve`, which runs any strategy on a board: `idastar` in place on a
//! [`Slider`], the others on the [`NPuzzle`] state space.

use super::packed::{Packed, PackedEstimate, PackedPuzzle};
use super::{Board, BoardError, Manhattan, NPuzzle, Slider, TileHeuristic};
use crate::domains::SolveError;
use crate::event::MapStates;
use crate::event::{NoVisitor, Visitor};
use crate::grid::{Dir, Pos};
use crate::solution::{Limits, Plan, Search};
use crate::space::Heuristic;
use crate::strategy::{Problem, Strategy};

/// Whether `strategy` searches the in-place view (where `par-idastar` is refused unless
/// through [`NPuzzle::par_solve`]).
fn in_place(strategy: Strategy) -> bool {
    #[cfg(feature = "parallel")]
    if strategy == Strategy::ParIdaStar {
        return true;
    }
    strategy == Strategy::IdaStar
}

impl NPuzzle {
    /// The fastest strategy on this domain: IDA* in place ([`Slider`]).
    pub const DEFAULT_STRATEGY: Strategy = Strategy::IdaStar;

    /// The strategies [`NPuzzle::solve`] runs: the default first, then the others of
    /// [`Strategy::ALL`] in that order.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::npuzzle::NPuzzle;
    /// use state_search::Strategy;
    ///
    /// let strategies = NPuzzle::strategies();
    /// assert_eq!(strategies[0], NPuzzle::DEFAULT_STRATEGY);
    /// assert!(strategies.contains(&Strategy::Mm));
    /// assert_eq!(strategies.len(), Strategy::ALL.len());
    /// ```
    #[must_use]
    pub fn strategies() -> Vec<Strategy> {
        crate::domains::offered(Self::DEFAULT_STRATEGY, |_| true)
    }

    /// Solves `board` with `strategy` within `limits`: optimally, for every strategy of
    /// the crate, when `heuristic` is admissible. A strategy that uses no heuristic
    /// (`bfs`, `dijkstra`, `bibfs`, `bidijkstra`, `spfa`: see
    /// [`Strategy::uses_heuristic`]) ignores `heuristic`.
    ///
    /// `idastar` runs in place on a [`Slider`] (no state is cloned; the fastest for the
    /// 15-puzzle and larger). Every other strategy runs on the puzzle as a
    /// [`StateSpace`](crate::StateSpace) of boards, with `heuristic` and automatic storage
    /// (dense over the [`BoardIndexer`](super::BoardIndexer) for boards of up to about 12
    /// cells, hashed beyond); the bidirectional strategies search back from the goal
    /// board as well, `mm`, `nbs` and `bae` backwards with the Manhattan distance towards `board`
    /// (moves are their own inverse, so it estimates the cost from the start). On boards of up to 16
    /// cells the states are the boards packed in one word (4 bits a cell; 8 bytes against
    /// a [`Board`]'s 40): A* with the Manhattan distance on Korf's instance 28 takes half
    /// the time and half the memory of a search over [`NPuzzle`]'s own boards.
    ///
    /// # Returns
    ///
    /// The search: a [`Plan`] of the blank's moves and its length, and the statistics
    /// (with `idastar`, `stats.generated + 1` is the "nodes generated" of Korf's 1985
    /// 15-puzzle table, which counts the start; Korf and Felner's 2002 24-puzzle counts
    /// are `stats.generated` itself).
    ///
    /// # Errors
    ///
    /// [`SolveError::Input`] with [`BoardError::ShapeMismatch`] or
    /// [`BoardError::Unsolvable`]; [`SolveError::NotApplicable`] when the strategy cannot
    /// search this problem; [`SolveError::Capacity`] when dense storage was asked for and
    /// cannot be had.
    ///
    /// # Complexity
    ///
    /// IDA*: exponential in the solution length, memory O(length). The others: the states
    /// they reach, which for the 15-puzzle is far beyond memory except on easy boards.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::npuzzle::{Manhattan, NPuzzle};
    /// use state_search::{Limits, Strategy};
    ///
    /// let puzzle = NPuzzle::standard(3, 3)?;
    /// let board = "1 2 0 3 4 5 6 7 8".parse()?;
    /// let strategies = [
    ///     NPuzzle::DEFAULT_STRATEGY,
    ///     Strategy::AStar,
    ///     Strategy::Bfs,
    ///     Strategy::BidirectionalBfs,
    ///     Strategy::Mm,
    /// ];
    /// for strategy in strategies {
    ///     let search = puzzle.solve(&board, Manhattan::new(&puzzle), &strategy, &Limits::new())?;
    ///     assert_eq!(search.found().unwrap().cost, 2, "{strategy}"); // left, left
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve<H>(
        &self,
        board: &Board,
        heuristic: H,
        strategy: &Strategy,
        limits: &Limits,
    ) -> Result<Search<Plan<Dir, u32>>, SolveError<BoardError>>
    where
        H: TileHeuristic + Heuristic<Board, u32>,
    {
        // Without a visitor, and not through `solve_with`: a visitor that unpacks the
        // boards of its events would cost the search time even when it watches nothing.
        if !in_place(*strategy)
            && let Some(start) = Packed::of(board)
        {
            self.check(board).map_err(SolveError::Input)?;
            let limits = limits.for_cost();
            return self.solve_packed(board, start, heuristic, strategy, &limits, &mut NoVisitor);
        }
        self.solve_with(board, heuristic, strategy, limits, &mut NoVisitor)
    }

    /// [`NPuzzle::solve`] with an event visitor. It must watch both views: the in-place
    /// [`Slider`] (for `idastar`; it sees
    /// [`Event::IterationFinished`](crate::Event::IterationFinished) after every
    /// iteration) and the boards of the state space (the other strategies; on boards of
    /// up to 16 cells each event's packed board is unpacked for it, which costs a little
    /// time per event: [`NPuzzle::solve`] has none to pay).
    ///
    /// # Errors
    ///
    /// As [`NPuzzle::solve`].
    pub fn solve_with<'p, H, V>(
        &'p self,
        board: &Board,
        heuristic: H,
        strategy: &Strategy,
        limits: &Limits,
        visitor: &mut V,
    ) -> Result<Search<Plan<Dir, u32>>, SolveError<BoardError>>
    where
        H: TileHeuristic + Heuristic<Board, u32>,
        V: Visitor<Slider<'p, H>, u32> + Visitor<Board, u32>,
    {
        self.check(board).map_err(SolveError::Input)?;
        let limits = limits.for_cost();
        if in_place(*strategy) {
            let mut slider = self.in_place(board, heuristic).map_err(SolveError::Input)?;
            let search =
                strategy.run_in_place_with(&mut slider, Slider::is_solved, &limits, visitor)?;
            return Ok(self.directions(search));
        }
        if let Some(start) = Packed::of(board) {
            let mut unpacking = MapStates {
                map: |packed: &Packed| packed.board(self),
                visitor,
            };
            return self.solve_packed(board, start, heuristic, strategy, &limits, &mut unpacking);
        }
        let goal = self.goal.clone();
        // Moves are their own inverse and cost 1 both ways, so the Manhattan distance
        // towards the start board is an admissible estimate of the cost from the start.
        let from_start = Manhattan::new(&Self::new(board.clone()));
        let problem = Problem::new(self, [board.clone()], |b: &Board| *b == goal)
            .heuristic(heuristic)
            .indexed()
            .backward(self.goal.clone())
            .backward_heuristic(from_start);
        let search = strategy.run_with(&problem, &limits, visitor)?;
        Ok(search.map(|found| self.plan(found.path.iter().map(Board::blank), found.cost)))
    }

    /// [`NPuzzle::solve`] that also runs `par-idastar` (feature `parallel`): parallel
    /// IDA* in place on the threads of the current rayon pool (choose them with
    /// [`rayon::ThreadPool::install`]); it needs a heuristic that can be cloned and sent to
    /// other threads. [`NPuzzle::solve`] refuses `par-idastar`.
    ///
    /// # Errors
    ///
    /// As [`NPuzzle::solve`].
    ///
    /// # Complexity
    ///
    /// As [`NPuzzle::solve`]; with `par-idastar`, IDA*'s work divided among the threads
    /// (see [`ParIdaStar`](crate::ParIdaStar)).
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "parallel")] {
    /// use state_search::domains::sliding::npuzzle::{Manhattan, NPuzzle};
    /// use state_search::{Limits, Strategy};
    ///
    /// let puzzle = NPuzzle::standard(3, 3)?;
    /// let board = "8 6 7 2 5 4 3 0 1".parse()?;
    /// let h = Manhattan::new(&puzzle);
    /// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
    /// let strategy: Strategy = "par-idastar".parse()?;
    /// let search = pool.install(|| puzzle.par_solve(&board, h.clone(), &strategy, &Limits::new()))?;
    /// let bfs = puzzle.solve(&board, h.clone(), &Strategy::Bfs, &Limits::new())?;
    /// assert_eq!(search.found().unwrap().cost, bfs.found().unwrap().cost);
    /// assert!(puzzle.solve(&board, h, &strategy, &Limits::new()).is_err());
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "parallel")]
    pub fn par_solve<H>(
        &self,
        board: &Board,
        heuristic: H,
        strategy: &Strategy,
        limits: &Limits,
    ) -> Result<Search<Plan<Dir, u32>>, SolveError<BoardError>>
    where
        H: TileHeuristic + Heuristic<Board, u32> + Clone + Send,
    {
        self.par_solve_with(board, heuristic, strategy, limits, &mut NoVisitor)
    }

    /// [`NPuzzle::par_solve`] with an event visitor (see [`NPuzzle::solve_with`]; with
    /// `par-idastar` it sees [`Event::IterationFinished`](crate::Event::IterationFinished)
    /// only).
    ///
    /// # Errors
    ///
    /// As [`NPuzzle::solve`].
    #[cfg(feature = "parallel")]
    pub fn par_solve_with<'p, H, V>(
        &'p self,
        board: &Board,
        heuristic: H,
        strategy: &Strategy,
        limits: &Limits,
        visitor: &mut V,
    ) -> Result<Search<Plan<Dir, u32>>, SolveError<BoardError>>
    where
        H: TileHeuristic + Heuristic<Board, u32> + Clone + Send,
        V: Visitor<Slider<'p, H>, u32> + Visitor<Board, u32>,
    {
        if *strategy != Strategy::ParIdaStar {
            return self.solve_with(board, heuristic, strategy, limits, visitor);
        }
        let limits = limits.for_cost();
        let mut slider = self.in_place(board, heuristic).map_err(SolveError::Input)?;
        let search =
            strategy.par_run_in_place_with(&mut slider, Slider::is_solved, &limits, visitor)?;
        Ok(self.directions(search))
    }

    /// `strategy` on the packed boards of `board` (checked, `start` packed): the search of
    /// every strategy but the in-place ones on boards of up to 16 cells.
    fn solve_packed<H, V>(
        &self,
        board: &Board,
        start: Packed,
        heuristic: H,
        strategy: &Strategy,
        limits: &Limits<u32>,
        visitor: &mut V,
    ) -> Result<Search<Plan<Dir, u32>>, SolveError<BoardError>>
    where
        H: TileHeuristic,
        V: Visitor<Packed, u32>,
    {
        let space = PackedPuzzle(self);
        let cells = self.cells();
        // The goal has the board's shape, so it packs too.
        let goal = Packed::of(&self.goal).unwrap_or(start);
        // Moves are their own inverse and cost 1 both ways, so the Manhattan distance
        // towards the start board is an admissible estimate of the cost from the start.
        let from_start = PackedEstimate {
            heuristic: Manhattan::new(&Self::new(board.clone())),
            cells,
        };
        let problem = Problem::new(&space, [start], move |b: &Packed| *b == goal)
            .heuristic(PackedEstimate { heuristic, cells })
            .indexed()
            .backward(goal)
            .backward_heuristic(from_start);
        let search = strategy.run_with(&problem, limits, visitor)?;
        Ok(search.map(|found| self.plan(found.path.iter().map(|b| b.blank()), found.cost)))
    }

    /// The plan of a path of `cost` whose boards have their blank on the cells `blanks`:
    /// the blank's moves.
    fn plan(&self, blanks: impl Iterator<Item = usize>, cost: u32) -> Plan<Dir, u32> {
        let mut actions = Vec::new();
        let mut from = None;
        for blank in blanks {
            if let Some(from) = from {
                actions.push(Dir::between(self.pos(from), self.pos(blank)));
            }
            from = Some(blank);
        }
        Plan { actions, cost }
    }

    /// A plan of the in-place view's moves as directions of the blank.
    fn directions(&self, search: Search<Plan<super::Move, u32>>) -> Search<Plan<Dir, u32>> {
        search.map(|plan| Plan {
            actions: plan.actions.iter().map(|m| m.dir(self.cols)).collect(),
            cost: plan.cost,
        })
    }

    /// The position of cell `cell`.
    fn pos(&self, cell: usize) -> Pos {
        let (row, col) = (cell / self.cols, cell % self.cols);
        Pos::new(
            u32::try_from(row).unwrap_or(u32::MAX),
            u32::try_from(col).unwrap_or(u32::MAX),
        )
    }
}
