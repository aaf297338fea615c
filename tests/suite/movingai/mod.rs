//! Moving AI grid maps: the `.map` and `.scen` readers and every error they name, the
//! exact octile cost against independent oracles, the space against a brute-force
//! Dijkstra on random maps, and the published optimal lengths of six benchmark maps.

use crate::common::movingai as oracle;

use proptest::prelude::*;
use proptest::strategy::Strategy as _;
use state_search::domains::movingai::{
    Connectivity, OctileCost, OctileKey, OctileMap, OctileSpace, PUBLISHED_SQRT_2, PrintedLength,
    Scenario, Terrain,
};
use state_search::grid::Pos;
use state_search::strategy::Queue;
use state_search::{
    Cost, EstimateKey, Heuristic, Limits, ParseError, ParseErrorKind, Problem, StateSpace, Strategy,
};

mod cost;
mod jump;
mod jump_table;
mod published;
mod readers;
mod space;

/// The goal test "the cell is `goal`", one type for every test here (see `graph::is`).
pub(crate) fn at(goal: Pos) -> impl Fn(&Pos) -> bool + Copy {
    move |&cell| cell == goal
}

/// A map's text from its rows.
fn map_text(rows: &[&str], line_end: &str) -> String {
    let mut text = format!(
        "type octile{line_end}height {}{line_end}width {}{line_end}map{line_end}",
        rows.len(),
        rows[0].len()
    );
    for row in rows {
        text.push_str(row);
        text.push_str(line_end);
    }
    text
}

/// The place and kind of the error of `result`.
fn fault<T: std::fmt::Debug>(result: Result<T, ParseError>) -> (usize, usize, ParseErrorKind) {
    let error = result.unwrap_err();
    (error.line, error.column, error.kind)
}

fn invalid(expected: &str, found: &str) -> ParseErrorKind {
    ParseErrorKind::Invalid {
        expected: expected.to_owned(),
        found: found.to_owned(),
    }
}

/// A random map of 1 to `side` rows and columns of `cell`s.
fn random_map(
    cell: impl proptest::strategy::Strategy<Value = u8> + Clone,
    side: usize,
) -> impl proptest::strategy::Strategy<Value = oracle::Rows> {
    (1..=side, 1..=side).prop_flat_map(move |(h, w)| {
        proptest::collection::vec(proptest::collection::vec(cell.clone(), w), h)
    })
}

fn parse_rows(rows: &oracle::Rows) -> OctileMap {
    let rows: Vec<&str> = rows
        .iter()
        .map(|r| std::str::from_utf8(r).unwrap())
        .collect();
    OctileMap::parse(&map_text(&rows, "\n")).unwrap()
}

fn pos((r, c): (usize, usize)) -> Pos {
    Pos::new(u32::try_from(r).unwrap(), u32::try_from(c).unwrap())
}

/// The optimal strategies run through `Strategy::run` on the problem `start -> goal`,
/// with the heuristic, the indexer and the backward goal.
fn strategies(connectivity: Connectivity) -> Vec<Strategy> {
    let mut strategies = vec![
        Strategy::AStar,
        Strategy::Dijkstra(Queue::Heap),
        Strategy::BidirectionalDijkstra,
    ];
    if connectivity == Connectivity::Four {
        strategies.push(Strategy::Bfs);
    }
    strategies
}

/// The cost of the path found by `strategy`, replayed move by move on `rows` with the
/// oracle's rules, as an `f64`; `None` when no path is found.
fn solve(
    rows: &oracle::Rows,
    space: &OctileSpace,
    strategy: Strategy,
    start: (usize, usize),
    goal: (usize, usize),
) -> Option<(OctileCost, f64)> {
    let (start, goal) = (pos(start), pos(goal));
    let problem = Problem::new(space, [start], at(goal))
        .heuristic(space.heuristic(goal))
        .indexed()
        .backward(goal);
    let found = strategy
        .run(&problem, &Limits::new())
        .unwrap()
        .into_found()?;
    assert_eq!(
        (found.path[0], found.path[found.path.len() - 1]),
        (start, goal)
    );
    let diagonals = space.connectivity() == Connectivity::Eight;
    let replayed = replay(rows, &found.path, diagonals);
    assert!((replayed - found.cost.to_f64().unwrap()).abs() < 1e-9);
    Some((found.cost, replayed))
}

/// The cost of the path of `cells` (one move apart) replayed move by move on `rows` with
/// the oracle's rules, as an `f64`; panics at an illegal move.
fn replay(rows: &oracle::Rows, cells: &[Pos], diagonals: bool) -> f64 {
    let mut replayed = 0.0;
    for step in cells.windows(2) {
        let from = (step[0].row as usize, step[0].col as usize);
        let d = |a: u32, b: u32| isize::try_from(i64::from(b) - i64::from(a)).unwrap();
        let by = (d(step[0].row, step[1].row), d(step[0].col, step[1].col));
        let cost = oracle::step_cost(rows, from, by, diagonals);
        replayed += cost.unwrap_or_else(|| panic!("illegal move {} -> {}", step[0], step[1]));
    }
    replayed
}
