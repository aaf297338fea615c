//! Grid pathfinding on the Moving AI benchmark maps: the `.map` and `.scen` formats, the
//! benchmark's 8-connected movement rules as a state space, and an exact cost type for
//! lengths `a + b·√2`.
//!
//! # The domain
//!
//! A map is a grid of terrain cells ([`Terrain`]). A path moves from cell to cell:
//!
//! - a **straight step** to one of the four edge neighbours costs 1;
//! - a **diagonal step** to one of the four corner neighbours costs √2, and needs both
//!   cells it passes by (the two edge neighbours of the start that are also edge
//!   neighbours of the end) to be passable: **no corner cutting**;
//! - every move stays within **one terrain class**: ground (`.`, `G`) and swamp (`S`) are
//!   one class, trees (`T`) another, water (`W`) a third, and out-of-bounds cells (`@`,
//!   `O`) belong to none and are never entered. A move from a ground cell goes to a
//!   ground or swamp cell, and the cells a diagonal step passes by must be of that class
//!   too; a path that starts on trees stays on trees.
//!
//! These are the rules under which the published optimal lengths of the benchmark's
//! scenario files are reproduced (the rules of HOG2, the program that made the files:
//! a map with trees then holds two separate worlds, and paths through the trees exist
//! only between tree cells). A start or goal on an impassable cell or off the map, or a
//! goal of another terrain class than the start's, has no path: a search answers
//! [`Outcome::NoPath`](crate::Outcome::NoPath) only after expanding every cell the start
//! reaches, so a program answering many queries checks [`OctileMap::terrain`] (and
//! [`Terrain::class`]) of both ends first. (With the map's indexer, `Strategy::run` searches
//! from a start off the map with hashed storage, or, when dense storage is asked for,
//! refuses it with [`CapacityErrorKind::OutsideIndexer`](crate::CapacityErrorKind), as it
//! does a goal off the map for a bidirectional strategy.) [`OctileSpace`] is the map
//! under these rules, or under 4 connectivity ([`Connectivity::Four`], all steps
//! straight); its costs are exact
//! [`OctileCost`]s, and [`OctileSpace::heuristic`] is the octile distance
//! ([`OctileDistance`]), admissible and consistent.
//!
//! # Jump Point Search
//!
//! [`OctileSpace::jump_points`] turns an 8-connected space and a goal into a
//! [`JumpSpace`]: a state space of jump points whose steps are jumps along straight and
//! diagonal lines (Harabor and Grastien's rules without corner cutting). A* over it is
//! Jump Point Search: the same least costs, a small fraction of the expansions
//! ([`JumpSpace`] has an example). Any strategy that needs no backward view searches it.
//!
//! [`JumpTable`] is JPS+: the jumps of every cell in every direction computed once per
//! map (16 bytes a cell), shared by the searches of many (start, goal) pairs;
//! [`JumpTable::jump_points`] gives the space toward a goal, [`JumpPlusSpace`], whose
//! jumps cost a table read instead of a scan, with the same least costs.
//!
//! # Cells that open and close
//!
//! [`ClosableSpace`] is an [`OctileSpace`] whose cells can be closed and opened between
//! searches, for the incremental searches [`Lpa`](crate::Lpa) and
//! [`DStarLite`](crate::DStarLite), which repair their last answer instead of searching
//! again; [`ClosableSpace::steps_around`] lists the steps a change of one cell can touch,
//! which is what they must be told. [`Lpa`](crate::Lpa) takes the distance to its goal,
//! [`ClosableSpace::heuristic`]; [`DStarLite`](crate::DStarLite), whose start moves, takes
//! the [`Connectivity`] itself as its [`PairHeuristic`](crate::PairHeuristic): the octile
//! or Manhattan distance between two cells. A repair pays off when it touches little of
//! the last search: a few cells closed on a long path cost a few percent of a fresh A*'s
//! expansions, but a change near the start of a short path can cost a repair more than a
//! fresh search (up to about twice its expansions, see [`Lpa`](crate::Lpa)).
//!
//! # Strategies
//!
//! An [`OctileCost`] is not an integer: the strategies that need unit or unsigned integer
//! costs ([`Requirement::UniformCost`](crate::strategy::Requirement::UniformCost),
//! [`Requirement::UnsignedCost`](crate::strategy::Requirement::UnsignedCost): `bfs`, the
//! bucket and radix queues such as `astar:bucket`) refuse an [`OctileSpace`] with
//! [`Inapplicable`](crate::strategy::Inapplicable) before searching; every other strategy
//! searches it ([`Strategy::info`](crate::Strategy::info) lists what each needs). The
//! fastest measured for many queries on one map: A* over the jump points
//! ([`OctileSpace::jump_points`]) or, for a map queried often enough to pay for a
//! [`JumpTable`]'s build (10-22 ms for 512x512), over its [`JumpPlusSpace`], each through
//! one [`StrategySearcher`](crate::StrategySearcher) kept across queries.
//!
//! # The map format
//!
//! Read by [`OctileMap::parse`]:
//!
//! ```text
//! type octile          the map type: always octile
//! height H             the number of rows, from 1
//! width W              the number of columns, from 1
//! map                  then H rows of W characters, top to bottom:
//!   . G    ground          S    swamp (ground class)
//!   T      trees           W    water
//!   @ O    out of bounds (impassable)
//! ```
//!
//! A map has at most [`MAX_CELLS`] cells. Lines end in `\n` or `\r\n`. The character in
//! column `x` (from 0) of row `y` (from 0) is the cell `Pos::new(y, x)`.
//!
//! # The scenario format
//!
//! Read by [`Scenario::parse_list`]: a first line `version 1` (or `version 1.0`, as in
//! older files), then one [`Scenario`] per line, nine fields separated by tabs or spaces:
//!
//! ```text
//! bucket  map  width  height  start_x  start_y  goal_x  goal_y  optimal_length
//! 0       den602d.map  710  402  194  298  191  299  3.41421356
//! ```
//!
//! `bucket` groups scenarios of similar length; `map` names the map file (a bare name,
//! or a path such as `maps/dao/brc202d.map` in older files, never containing spaces);
//! `width` and `height` are the map's; `x` is a column and `y` a row, from 0, so the
//! start is `Pos::new(start_y, start_x)`; `optimal_length` is the length of an optimal
//! path under the rules above, printed with 8 decimals by the current files (older ones
//! print 2 decimals or 6 significant digits), kept as a [`PrintedLength`]. The files
//! computed it as `a + b·1.414213562` for `a` straight and `b` diagonal steps, with √2
//! cut after 9 decimals ([`PUBLISHED_SQRT_2`]): from 14 diagonal steps on, the exact
//! length `a + b·√2` may differ from the printed one in the 8th decimal, and
//! [`PrintedLength::matches_cost`] compares a path's cost as the files computed it (for
//! the lengths printed with 6 significant digits, also with √2 rounded to `f32`, as some
//! of the older files computed them).
//!
//! # Errors
//!
//! Every fault of a text is a [`ParseError`](crate::ParseError) naming its line and
//! column, 1-based; cells in the API are 0-based: a [`Pos`](crate::grid::Pos) is a row and
//! a column from 0.
//!
//! # Examples
//!
//! A scenario solved with A*, Dijkstra and bidirectional Dijkstra, each matching the
//! printed length:
//!
//! ```
//! use state_search::domains::movingai::{Connectivity, OctileMap, OctileSpace, Scenario};
//! use state_search::strategy::Queue;
//! use state_search::{Limits, Problem, Strategy};
//!
//! let map = OctileMap::parse("type octile\nheight 4\nwidth 5\nmap\n.....\n.@@@.\n..S..\nTT...\n")?;
//! let scenarios = Scenario::parse_list_for("version 1\n1\tm.map\t5\t4\t0\t2\t4\t2\t4.00000000\n", &map)?;
//! let space = OctileSpace::new(&map, Connectivity::Eight);
//! for scenario in &scenarios {
//!     let goal = scenario.goal;
//!     let problem = Problem::new(&space, [scenario.start], move |&p| p == goal)
//!         .heuristic(space.heuristic(goal))
//!         .indexed()
//!         .backward(goal);
//!     for strategy in [Strategy::AStar, Strategy::Dijkstra(Queue::Heap), Strategy::BidirectionalDijkstra] {
//!         let found = strategy.run(&problem, &Limits::new())?.into_found().unwrap();
//!         assert_eq!(found.cost.to_string(), "4.00000000"); // straight through the swamp
//!         assert!(scenario.optimal.matches_cost(found.cost));
//!     }
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod blocks;
mod closable;
mod cost;
mod jump;
mod jump_table;
mod map;
mod scen;
mod space;

pub use closable::ClosableSpace;
pub use cost::{OctileCost, OctileKey};
pub use jump::{
    Direction, JumpDistance, JumpError, JumpIndexer, JumpPoint, JumpProblem, JumpSpace,
};
pub use jump_table::{JumpPlusProblem, JumpPlusSpace, JumpTable};
pub use map::{MAX_CELLS, MapSizeError, OctileMap, Terrain, TerrainClass};
pub use scen::{PUBLISHED_SQRT_2, PrintedLength, Scenario};
pub use space::{Connectivity, OctileDistance, OctileSpace};
