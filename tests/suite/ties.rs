//! A*'s tie rules (`astar:tie=T`, `AStar::ties`): every rule finds the least cost, and on
//! an open grid, where the states between start and goal all have the same `f`, the rule
//! decides almost all of the work (`pathfinding`'s issue 681 counted 238 against 14,399
//! expansions on a 120x120 grid). The counts are asserted by their order, not exactly.

use crate::movingai::at;
use state_search::domains::movingai::{Connectivity, OctileCost, OctileMap, OctileSpace};
use state_search::grid::Pos;
use state_search::strategy::{CostOf, SearchProblem};
use state_search::{AStar, Limits, Problem, Solver, StateSpace, Strategy, Tie};

/// The side of the open grids.
const SIDE: i32 = 120;

/// An open `SIDE` x `SIDE` grid, 4-connected, every step of cost 1.
fn open_grid() -> impl StateSpace<State = (i32, i32), Cost = u32> {
    state_search::from_fn(|&(r, c): &(i32, i32)| {
        [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
            .into_iter()
            .filter(|&(r, c)| (0..SIDE).contains(&r) && (0..SIDE).contains(&c))
            .map(|p| (p, 1u32))
    })
}

/// The strategy of each rule: `astar` for the default.
fn strategy(tie: Tie) -> Strategy {
    format!("astar:tie={tie}").parse().unwrap()
}

/// Each rule's cost and expansions through its strategy, after checking that the
/// engine (`AStar::ties`) expands as many states for the same cost.
fn by_rule<P: SearchProblem>(
    problem: &P,
    engine: impl Fn(Tie) -> Option<(CostOf<P>, u64)>,
) -> Vec<(Tie, CostOf<P>, u64)> {
    Tie::ALL
        .into_iter()
        .map(|tie| {
            let Ok(search) = strategy(tie).run(problem, &Limits::new()) else {
                panic!("{tie}: refused");
            };
            let cost = search.found().unwrap().cost;
            let expanded = search.stats.expanded;
            if let Some(engine) = engine(tie) {
                assert_eq!(engine, (cost, expanded), "{tie}: engine and strategy");
            }
            (tie, cost, expanded)
        })
        .collect()
}

fn expanded<C>(rows: &[(Tie, C, u64)], tie: Tie) -> u64 {
    rows.iter().find(|row| row.0 == tie).unwrap().2
}

/// Corner to corner on the open 4-connected grid with the Manhattan distance, exact
/// there: every state of the square has `f` = 238. Toward the largest `g` (and the newest,
/// a depth-first walk) A* follows one path; toward the least `g` (and the oldest, a
/// breadth-first one) it expands the square.
#[test]
fn on_an_open_grid_high_g_expands_a_path_and_low_g_the_square() {
    let space = open_grid();
    let goal = (SIDE - 1, SIDE - 1);
    let manhattan =
        |&(r, c): &(i32, i32)| (goal.0 - r).unsigned_abs() + (goal.1 - c).unsigned_abs();
    let problem = Problem::new(&space, [(0, 0)], |&s| s == goal).heuristic(manhattan);
    let rows = by_rule(&problem, |tie| {
        let search = AStar::new().ties(tie).search(&problem);
        Some((search.found()?.cost, search.stats.expanded))
    });
    for &(tie, cost, _) in &rows {
        assert_eq!(cost, 238, "{tie}");
    }
    let path = 239;
    let square = u64::try_from(SIDE * SIDE).unwrap();
    let [high, low, newest, oldest] = Tie::ALL.map(|tie| expanded(&rows, tie));
    assert!(high <= 2 * path, "{rows:?}");
    assert!(newest <= 2 * path, "{rows:?}");
    assert!(low >= square * 9 / 10, "{rows:?}");
    assert!(oldest >= square / 2, "{rows:?}");
    assert!(high * 10 < low && newest * 10 < oldest, "{rows:?}");
    // `astar` itself, the default's own heap, expands as the rule's queue does.
    let plain = Strategy::AStar.run(&problem, &Limits::new()).unwrap();
    assert_eq!(plain.stats.expanded, high);
}

/// The same on an open 8-connected Moving AI map with the octile distance (exact costs
/// `a + b√2`, `OctileKey`s in the queue), to a goal off the diagonal so that many paths
/// are optimal.
#[test]
fn on_an_open_octile_map_high_g_expands_fewer_than_low_g() {
    let side = u32::try_from(SIDE).unwrap();
    let row = ".".repeat(SIDE as usize);
    let text = format!(
        "type octile\nheight {side}\nwidth {side}\nmap\n{}",
        format!("{row}\n").repeat(SIDE as usize)
    );
    let map = OctileMap::parse(&text).unwrap();
    let space = OctileSpace::new(&map, Connectivity::Eight);
    let (start, goal) = (Pos::new(0, 0), Pos::new(side - 1, side / 2));
    let problem = Problem::new(&space, [start], at(goal))
        .heuristic(space.heuristic(goal))
        .indexed();
    let rows = by_rule(&problem, |_| None);
    // 60 diagonal steps and 59 straight ones.
    let optimum = OctileCost::new(side - 1 - side / 2, side / 2);
    for &(tie, cost, _) in &rows {
        assert_eq!(cost, optimum, "{tie}");
    }
    let [high, low, newest, oldest] = Tie::ALL.map(|tie| expanded(&rows, tie));
    assert!(high * 10 < low && newest * 10 < oldest, "{rows:?}");
}
