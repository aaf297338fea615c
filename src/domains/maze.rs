//! Generated grid mazes: 4-connected grids of walls and open cells, with unit or weighted
//! step costs. The workload of the benchmarks and of the `compare` example.

use core::fmt;

use crate::grid::{CellIndexer, Grid, Padding, Pos};
use crate::rng::SplitMix64;
use crate::space::{IndexedSpace, ReversibleSpace, StateSpace};

/// A grid maze: each cell is a wall (`0`) or open with the cost `1..=9` of stepping onto
/// it. Moves go up, down, left and right; a start and a goal cell are given.
///
/// # Examples
///
/// ```
/// use state_search::domains::maze::GridMaze;
/// use state_search::{Dense, Dijkstra, IndexedSpace, Problem, Solver};
///
/// let maze = GridMaze::random(40, 60, 25, 9, 7);
/// let goal = maze.goal();
/// let mut dijkstra = Dijkstra::with_storage(Dense(maze.indexer()));
/// let search = dijkstra.search(&Problem::new(&maze, [maze.start()], |&p| p == goal));
/// if let Some(found) = search.found() {
///     assert_eq!(found.path.first(), Some(&maze.start()));
///     assert!(found.cost >= maze.start().manhattan(goal));
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridMaze {
    costs: Grid<u8>,
    /// `costs` inside a border of walls (laid out by `padding`): neighbours are found
    /// without bounds tests.
    padded: Vec<u8>,
    padding: Padding,
    start: Pos,
    goal: Pos,
    /// Whether every open cell costs 1: kept, not recounted, since `bfs`, `bibfs`, `par-bfs`,
    /// `mm` and `nbs` ask for `uniform_cost` on every run.
    uniform: bool,
}

impl GridMaze {
    /// A `rows x cols` maze where each cell is a wall with probability
    /// `wall_percent / 100`, and otherwise costs a uniform `1..=max_cost` to enter. The start
    /// is the top-left cell, the goal the bottom-right one; both are open. The same
    /// arguments always give the same maze.
    ///
    /// # Panics
    ///
    /// Panics if `rows` or `cols` is zero, or `max_cost` is not in `1..=9`.
    #[must_use]
    pub fn random(rows: u32, cols: u32, wall_percent: u32, max_cost: u8, seed: u64) -> Self {
        assert!(rows > 0 && cols > 0, "a maze needs at least one cell");
        assert!((1..=9).contains(&max_cost), "step costs are 1..=9");
        let mut rng = SplitMix64::new(seed);
        let mut costs = Grid::new(rows, cols, 0u8);
        for pos in 0..costs.len() {
            let pos = costs.pos_of(pos);
            if !rng.percent(wall_percent) {
                let cost = 1 + rng.below(u64::from(max_cost));
                costs[pos] = u8::try_from(cost).unwrap_or(max_cost);
            }
        }
        let start = Pos::new(0, 0);
        let goal = Pos::new(rows - 1, cols - 1);
        for corner in [start, goal] {
            if costs[corner] == 0 {
                costs[corner] = 1;
            }
        }
        Self::build(costs, start, goal)
    }

    fn build(costs: Grid<u8>, start: Pos, goal: Pos) -> Self {
        let padding = Padding::of(&costs);
        let padded = padding.fill(&costs, 0, |_, &cost| cost);
        let uniform = costs.cells().iter().all(|&c| c <= 1);
        Self {
            costs,
            padded,
            padding,
            start,
            goal,
            uniform,
        }
    }

    /// A maze from its cells (`0` = wall, `1..=9` = cost to enter), start and goal.
    /// `None` when a cost is above 9 or the start or goal is off the grid or a wall.
    #[must_use]
    pub fn from_costs(costs: Grid<u8>, start: Pos, goal: Pos) -> Option<Self> {
        let open = |p: Pos| costs.get(p).is_some_and(|&c| c > 0);
        (costs.cells().iter().all(|&c| c <= 9) && open(start) && open(goal))
            .then(|| Self::build(costs, start, goal))
    }

    /// The start cell.
    #[must_use]
    pub fn start(&self) -> Pos {
        self.start
    }

    /// The goal cell.
    #[must_use]
    pub fn goal(&self) -> Pos {
        self.goal
    }

    /// The grid of costs (`0` = wall).
    #[must_use]
    pub fn costs(&self) -> &Grid<u8> {
        &self.costs
    }

    /// Whether every open cell costs 1 (then [`StateSpace::uniform_cost`] is `Some(1)`,
    /// and the cost-blind strategies `bfs`, `bibfs` and `par-bfs` accept the maze).
    #[must_use]
    pub fn is_uniform(&self) -> bool {
        self.uniform
    }

    /// The open neighbours of `pos` with the cost of stepping onto each, in U, D, L, R
    /// order: the successor function, also usable directly with other crates.
    #[inline]
    pub fn neighbours(&self, pos: Pos) -> impl Iterator<Item = (Pos, u32)> + '_ {
        self.candidates(pos)
            .into_iter()
            .filter_map(|(index, next)| self.open(index).map(|cost| (next, cost)))
    }

    /// The four cells around `pos` (U, D, L, R) as (index in `padded`, position). Off-grid
    /// candidates land on the border of walls; their positions are never used.
    #[inline]
    fn candidates(&self, pos: Pos) -> [(usize, Pos); 4] {
        let here = self.padding.index(pos);
        let [up, down, left, right] = self.padding.offsets();
        [
            (
                here.wrapping_add_signed(up),
                Pos::new(pos.row.wrapping_sub(1), pos.col),
            ),
            (
                here.wrapping_add_signed(down),
                Pos::new(pos.row + 1, pos.col),
            ),
            (
                here.wrapping_add_signed(left),
                Pos::new(pos.row, pos.col.wrapping_sub(1)),
            ),
            (
                here.wrapping_add_signed(right),
                Pos::new(pos.row, pos.col + 1),
            ),
        ]
    }

    /// The cost of entering the cell at `index` of `padded`, or `None` for a wall.
    #[inline]
    fn open(&self, index: usize) -> Option<u32> {
        let cost = self.padded[index];
        (cost > 0).then_some(u32::from(cost))
    }

    /// The Manhattan distance from `pos` to the goal: an admissible, consistent heuristic
    /// (every step costs at least 1).
    #[inline]
    #[must_use]
    pub fn manhattan(&self, pos: &Pos) -> u32 {
        pos.manhattan(self.goal)
    }
}

impl StateSpace for GridMaze {
    type State = Pos;
    type Cost = u32;

    #[inline]
    fn successors(&self, state: &Pos, mut emit: impl FnMut(Pos, u32)) {
        // One call site for `emit`, so the engine's callback is inlined once; a slice loop
        // of four unrolls cleanly (an array `into_iter` did not).
        for &(index, next) in &self.candidates(*state) {
            if let Some(cost) = self.open(index) {
                emit(next, cost);
            }
        }
    }

    /// `Some(1)` when every open cell costs 1 ([`GridMaze::is_uniform`]).
    fn uniform_cost(&self) -> Option<u32> {
        self.uniform.then_some(1)
    }
}

impl ReversibleSpace for GridMaze {
    #[inline]
    fn predecessors(&self, state: &Pos, mut emit: impl FnMut(Pos, u32)) {
        // Stepping onto `state` costs the same from every neighbour.
        let cost = u32::from(self.costs[*state]);
        for &(index, prev) in &self.candidates(*state) {
            if self.open(index).is_some() {
                emit(prev, cost);
            }
        }
    }
}

impl IndexedSpace for GridMaze {
    type Indexer = CellIndexer;
    fn indexer(&self) -> CellIndexer {
        self.costs.indexer()
    }
}

impl fmt::Display for GridMaze {
    /// One line per row: `#` for a wall, `S` and `G` for the start and goal, the cost digit
    /// for other open cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.costs.rows() {
            for col in 0..self.costs.cols() {
                let pos = Pos::new(row, col);
                let c = match self.costs[pos] {
                    _ if pos == self.start => 'S',
                    _ if pos == self.goal => 'G',
                    0 => '#',
                    cost => char::from(b'0' + cost),
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_mazes_are_reproducible_and_open_at_the_corners() {
        let a = GridMaze::random(20, 30, 40, 9, 3);
        assert_eq!(a, GridMaze::random(20, 30, 40, 9, 3));
        assert_ne!(a, GridMaze::random(20, 30, 40, 9, 4));
        assert!(a.costs()[a.start()] > 0 && a.costs()[a.goal()] > 0);
        let walls: usize = a.costs().cells().iter().map(|&c| usize::from(c == 0)).sum();
        assert!((150..330).contains(&walls), "{walls} walls of 600 at 40%");
    }

    #[test]
    fn predecessors_mirror_successors() {
        let maze = GridMaze::random(9, 12, 30, 9, 11);
        for pos in maze.costs().positions() {
            if maze.costs()[pos] == 0 {
                continue;
            }
            maze.successors(&pos, |next, cost| {
                let mut back = Vec::new();
                maze.predecessors(&next, |prev, c| back.push((prev, c)));
                assert!(back.contains(&(pos, cost)));
            });
        }
    }
}
