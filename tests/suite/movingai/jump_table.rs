//! JPS+: searches over a `JumpTable`'s jump points against the brute-force Dijkstra, A*
//! over the cells and the scanning `JumpSpace` on random maps (goals anywhere, on a jump's
//! ray, equal to the start, out of reach), the paths replayed move by move, and the
//! published lengths of whole scenario files.

use super::jump::{jump_search, open_map};
use super::*;
use state_search::StoragePolicy;
use state_search::domains::movingai::{Direction, JumpError, JumpPoint, JumpTable};

/// `strategy` over the jump points of `table` from `start` to `goal`, with `storage`: the
/// cost found and the cost of its cells replayed with the oracle's rules; `None` when no
/// path is found.
fn table_search(
    rows: &oracle::Rows,
    table: &JumpTable<'_>,
    (strategy, storage): (Strategy, StoragePolicy),
    start: Pos,
    goal: Pos,
) -> Option<(OctileCost, f64)> {
    let jumps = table.jump_points(goal);
    let problem = jumps.problem(start).indexed().storage(storage);
    let found = strategy
        .run(&problem, &Limits::new())
        .unwrap()
        .into_found()?;
    let cells = jumps.cells(&found.path);
    assert_eq!((cells[0], cells[cells.len() - 1]), (start, goal));
    let replayed = replay(rows, &cells, true);
    assert!((replayed - found.cost.to_f64().unwrap()).abs() < 1e-9);
    Some((found.cost, replayed))
}

/// The goal of a query on an `h` x `w` map from `start`: `k` moves along `ray` (a
/// direction's number) when that stays on the map, else the cell numbered `other`.
fn goal_of(start: Pos, ray: Option<(usize, u32)>, other: usize, (h, w): (usize, usize)) -> Pos {
    let fallback = pos((other / 20 % h, other % 20 % w));
    let Some((direction, k)) = ray else {
        return fallback;
    };
    let (dr, dc) = Direction::ALL[direction].delta();
    let at = |x: u32, d: i8, len: usize| {
        let to = i64::from(x) + i64::from(d) * i64::from(k);
        u32::try_from(to).ok().filter(|&to| (to as usize) < len)
    };
    match (at(start.row, dr, h), at(start.col, dc, w)) {
        (Some(row), Some(col)) => Pos::new(row, col),
        _ => fallback,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// A* and Dijkstra over the table's jump points (hashed and dense storage) find the
    /// brute-force Dijkstra's cost, A* over the cells' exact cost, and the scanning JPS's.
    #[test]
    fn jump_table_agrees_with_cells_jumps_and_brute_force(
        rows in open_map(),
        start in 0..400usize,
        goal in 0..400usize,
        ray in proptest::option::weighted(0.6, (0..8usize, 1..20u32)),
    ) {
        let (h, w) = (rows.len(), rows[0].len());
        let start = pos((start / 20 % h, start % 20 % w));
        let goal = goal_of(start, ray, goal, (h, w));
        let space = OctileSpace::new(&parse_rows(&rows), Connectivity::Eight);
        let table = JumpTable::new(&space).unwrap();
        let graph = oracle::graph(&rows, true);
        let ends = |p: Pos| (p.row as usize, p.col as usize);
        let expected = oracle::distance(&graph, ends(start), ends(goal));
        let cells = solve(&rows, &space, Strategy::AStar, ends(start), ends(goal)).map(|f| f.0);
        let jumps = jump_search(&rows, &space, Strategy::AStar, start, goal).map(|f| f.0);
        prop_assert_eq!(cells, jumps);
        prop_assert_eq!(expected.is_some(), cells.is_some());
        for run in [
            (Strategy::AStar, StoragePolicy::Hashed),
            (Strategy::AStar, StoragePolicy::Dense),
            (Strategy::Dijkstra(Queue::Heap), StoragePolicy::Hashed),
        ] {
            let found = table_search(&rows, &table, run, start, goal);
            prop_assert_eq!(found.map(|f| f.0), cells, "{:?} {} -> {}", run, start, goal);
            if let (Some(d), Some((_, replayed))) = (expected, found) {
                prop_assert!((d - replayed).abs() < 1e-9, "{replayed} against {d}");
            }
        }
    }
}

#[test]
fn jump_table_refuses_a_four_connected_space() {
    let map = OctileMap::parse(&map_text(&["...", "..."], "\n")).unwrap();
    let space = OctileSpace::new(&map, Connectivity::Four);
    let error = JumpTable::new(&space).unwrap_err();
    assert_eq!(error, JumpError::FourConnected);
}

#[test]
fn jump_table_answers_edge_queries() {
    let text = [".....", ".@@@.", "..T..", "....."];
    let map = OctileMap::parse(&map_text(&text, "\n")).unwrap();
    let space = OctileSpace::new(&map, Connectivity::Eight);
    let table = JumpTable::new(&space).unwrap();
    assert_eq!(table.bytes(), 6 * 7 * 16);
    assert!(std::ptr::eq(table.space(), &raw const space));
    let rows: oracle::Rows = text.iter().map(|r| r.as_bytes().to_vec()).collect();
    let run = (Strategy::AStar, StoragePolicy::Hashed);
    let search = |start, goal| table_search(&rows, &table, run, start, goal).map(|f| f.0);
    // The start is the goal; a goal off the map; a start on a wall; trees from ground.
    assert_eq!(
        search(Pos::new(3, 0), Pos::new(3, 0)),
        Some(OctileCost::ZERO)
    );
    assert_eq!(search(Pos::new(0, 0), Pos::new(0, 9)), None);
    assert_eq!(search(Pos::new(1, 1), Pos::new(0, 0)), None);
    assert_eq!(search(Pos::new(0, 0), Pos::new(2, 2)), None);
    // The goal in the middle of the first jump right (it stops at (0, 4) otherwise).
    assert_eq!(
        search(Pos::new(0, 0), Pos::new(0, 2)),
        Some(OctileCost::new(2, 0))
    );
    // On an open map no cell has a forced neighbour, and every jump runs to the border:
    // the diagonal from the start stops where it meets the goal's row.
    let open = OctileMap::parse(&map_text(&["......"; 4], "\n")).unwrap();
    let space = OctileSpace::new(&open, Connectivity::Eight);
    let table = JumpTable::new(&space).unwrap();
    let jumps = table.jump_points(Pos::new(2, 5));
    let search = Strategy::AStar.run(&jumps.problem(Pos::new(0, 0)), &Limits::new());
    let found = search.unwrap().into_found().unwrap();
    assert_eq!(found.cost, OctileCost::new(3, 2));
    let turns: Vec<JumpPoint> = found.path;
    let arrived = |pos, direction| JumpPoint {
        pos,
        arrived: Some(direction),
    };
    assert_eq!(
        turns,
        [
            JumpPoint {
                pos: Pos::new(0, 0),
                arrived: None
            },
            arrived(Pos::new(2, 2), Direction::DownRight),
            arrived(Pos::new(2, 5), Direction::Right),
        ]
    );
}

/// A jump longer than a table entry holds (32,767 moves) is cut into pieces: on a strip
/// of 70,000 cells the search stops at each cut and jumps on, to a goal past the cuts, up
/// to a wall past them, and not through it.
#[test]
fn jump_table_cuts_jumps_longer_than_its_entries() {
    const WIDTH: usize = 70_000;
    let mut line = vec![b'.'; WIDTH];
    let open = OctileMap::parse(&map_text(&[std::str::from_utf8(&line).unwrap()], "\n")).unwrap();
    line[60_000] = b'@';
    let walled = OctileMap::parse(&map_text(&[std::str::from_utf8(&line).unwrap()], "\n")).unwrap();
    let search = |map: &OctileMap, start: u32, goal: u32| {
        let space = OctileSpace::new(map, Connectivity::Eight);
        let table = JumpTable::new(&space).unwrap();
        let jumps = table.jump_points(Pos::new(0, goal));
        let search = Strategy::AStar.run(&jumps.problem(Pos::new(0, start)), &Limits::new());
        let found = search.unwrap().into_found()?;
        let cells = jumps.cells(&found.path);
        assert_eq!(
            cells.len(),
            usize::try_from(start.abs_diff(goal)).unwrap() + 1
        );
        let turns: Vec<u32> = found.path.iter().map(|j| j.pos.col).collect();
        Some((found.cost, turns))
    };
    let moves = |n: u32| OctileCost::new(n, 0);
    assert_eq!(
        search(&open, 0, 69_999),
        Some((moves(69_999), vec![0, 32_767, 65_534, 69_999]))
    );
    assert_eq!(
        search(&open, 69_999, 1),
        Some((moves(69_998), vec![69_999, 37_232, 4_465, 1]))
    );
    // Up to the wall, 59,999 moves: the entry of the start says "stop after 32,767".
    assert_eq!(
        search(&walled, 0, 59_999),
        Some((moves(59_999), vec![0, 32_767, 59_999]))
    );
    assert_eq!(search(&walled, 0, 65_000), None);
    assert_eq!(search(&walled, 69_999, 10), None);
}

/// Every scenario of brc202d, den602d and nighthaven, every 25th of Boston and every 100th
/// of the maze and the random map (their searches are the longest): A* over the table's
/// jump points gives the printed length. brc202d's file prints 6 significant digits, and
/// 19 of its lengths (410.764 for 410.76450199) were computed with √2 in `f32`.
#[test]
fn jump_table_matches_the_published_lengths() {
    let maps = [
        (
            include_str!("../../data/movingai/brc202d.map"),
            include_str!("../../data/movingai/brc202d.map.scen"),
            1,
        ),
        (
            include_str!("../../data/movingai/den602d.map"),
            include_str!("../../data/movingai/den602d.map.scen"),
            1,
        ),
        (
            include_str!("../../data/movingai/nighthaven.map"),
            include_str!("../../data/movingai/nighthaven.map.scen"),
            1,
        ),
        (
            include_str!("../../data/movingai/Boston_0_512.map"),
            include_str!("../../data/movingai/Boston_0_512.map.scen"),
            25,
        ),
        (
            include_str!("../../data/movingai/maze512-1-9.map"),
            include_str!("../../data/movingai/maze512-1-9.map.scen"),
            100,
        ),
        (
            include_str!("../../data/movingai/random512-40-5.map"),
            include_str!("../../data/movingai/random512-40-5.map.scen"),
            100,
        ),
    ];
    for (map, scen, every) in maps {
        let map = OctileMap::parse(map).unwrap();
        let scenarios = Scenario::parse_list_for(scen, &map).unwrap();
        let space = OctileSpace::new(&map, Connectivity::Eight);
        let table = JumpTable::new(&space).unwrap();
        let mut searcher = Strategy::AStar.searcher();
        for scenario in scenarios.iter().step_by(every) {
            let (start, goal) = (scenario.start, scenario.goal);
            let jumps = table.jump_points(goal);
            let search = searcher.run(&jumps.problem(start), &Limits::new()).unwrap();
            let cost = search.into_found().unwrap().cost;
            assert!(
                scenario.optimal.matches_cost(cost),
                "{start} -> {goal} is {cost}, printed {}",
                scenario.optimal
            );
        }
    }
}
