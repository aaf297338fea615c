//! Jump point search: A* and Dijkstra over the jump points against the brute-force
//! Dijkstra on random maps, the paths replayed move by move, and the published lengths.

use super::*;
use state_search::domains::movingai::{ClosableSpace, Direction, JumpError, JumpPoint};

/// A random map of up to 20 x 20 cells: open ground with walls, trees and water, so that
/// jumps run long and stop at many kinds of corners.
pub(super) fn open_map() -> impl proptest::strategy::Strategy<Value = oracle::Rows> {
    let cell = prop_oneof![
        12 => Just(b'.'),
        2 => Just(b'S'),
        2 => Just(b'T'),
        1 => Just(b'W'),
        4 => Just(b'@'),
    ];
    random_map(cell, 20)
}

/// `strategy` over the jump points of `space` from `start` to `goal`: the cost found,
/// the cost of its cells replayed with the oracle's rules, and the expansions; `None`
/// when no path is found.
pub(super) fn jump_search(
    rows: &oracle::Rows,
    space: &OctileSpace,
    strategy: Strategy,
    start: Pos,
    goal: Pos,
) -> Option<(OctileCost, f64, u64)> {
    let jumps = space.jump_points(goal).unwrap();
    let search = strategy.run(&jumps.problem(start), &Limits::new()).unwrap();
    let expanded = search.stats.expanded;
    let found = search.into_found()?;
    assert_eq!(
        found.path[0],
        JumpPoint {
            pos: start,
            arrived: None
        }
    );
    let cells = jumps.cells(&found.path);
    assert_eq!((cells[0], cells[cells.len() - 1]), (start, goal));
    let replayed = replay(rows, &cells, true);
    assert!((replayed - found.cost.to_f64().unwrap()).abs() < 1e-9);
    Some((found.cost, replayed, expanded))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn jump_points_agree_with_brute_force_dijkstra(
        rows in open_map(),
        ends in (0..400usize, 0..400usize),
    ) {
        let (h, w) = (rows.len(), rows[0].len());
        let start = pos((ends.0 / 20 % h, ends.0 % 20 % w));
        let goal = pos((ends.1 / 20 % h, ends.1 % 20 % w));
        let space = OctileSpace::new(&parse_rows(&rows), Connectivity::Eight);
        for strategy in [Strategy::AStar, Strategy::Dijkstra(Queue::Heap)] {
            agrees_with_the_oracle(&rows, &space, strategy, start, goal)?;
        }
    }
}

/// A random open map of `h` rows of `w` cells: as [`open_map`]'s, or (`sparse`) nearly
/// all ground, so that runs of more than 64 cells without a stop are common.
fn sized_map(
    h: usize,
    w: usize,
    sparse: bool,
) -> impl proptest::strategy::Strategy<Value = oracle::Rows> {
    let cell = if sparse {
        prop_oneof![120 => Just(b'.'), 2 => Just(b'S'), 1 => Just(b'T'), 1 => Just(b'@')].boxed()
    } else {
        prop_oneof![
            24 => Just(b'.'),
            2 => Just(b'S'),
            1 => Just(b'T'),
            1 => Just(b'W'),
            3 => Just(b'@'),
        ]
        .boxed()
    };
    proptest::collection::vec(proptest::collection::vec(cell, w), h)
}

/// A map's strip of `long` cells by `short`, across or down (the jumps read 64 cells of
/// a row or a column at a time: these cross words in both).
fn strip() -> impl proptest::strategy::Strategy<Value = oracle::Rows> {
    (1..=4usize, 60..=200usize, any::<bool>(), any::<bool>()).prop_flat_map(
        |(short, long, across, sparse)| {
            if across {
                sized_map(short, long, sparse)
            } else {
                sized_map(long, short, sparse)
            }
        },
    )
}

/// The cell of `rows` numbered `n` (row by row, modulo the cells).
fn nth_cell(rows: &oracle::Rows, n: usize) -> Pos {
    let (h, w) = (rows.len(), rows[0].len());
    let n = n % (h * w);
    pos((n / w, n % w))
}

/// `strategy` over the jump points of `space` against the oracle's Dijkstra on `rows`.
fn agrees_with_the_oracle(
    rows: &oracle::Rows,
    space: &OctileSpace,
    strategy: Strategy,
    start: Pos,
    goal: Pos,
) -> Result<(), TestCaseError> {
    let graph = oracle::graph(rows, true);
    let ends = |p: Pos| (p.row as usize, p.col as usize);
    let expected = oracle::distance(&graph, ends(start), ends(goal));
    match (expected, jump_search(rows, space, strategy, start, goal)) {
        (None, None) => {}
        (Some(d), Some((_, replayed, _))) => {
            prop_assert!(
                (d - replayed).abs() < 1e-9,
                "{strategy}: {replayed} against {d}"
            );
        }
        (e, f) => prop_assert!(false, "{strategy}: {f:?} against the oracle's {e:?}"),
    }
    Ok(())
}

/// The jumps of Jump Point Search from `state` toward `goal` on `rows`, each run scanned
/// cell by cell: the reference the space's reads of 64 cells at a time must equal (a run
/// that stopped too early would still give least costs, so costs alone cannot show it).
fn reference_jumps(
    rows: &oracle::Rows,
    state: JumpPoint,
    goal: Pos,
) -> Vec<(JumpPoint, OctileCost)> {
    let (h, w) = (
        i64::try_from(rows.len()).unwrap(),
        i64::try_from(rows[0].len()).unwrap(),
    );
    let cell = |(r, c): (i64, i64)| {
        ((0..h).contains(&r) && (0..w).contains(&c))
            .then(|| oracle::class(rows[usize::try_from(r).unwrap()][usize::try_from(c).unwrap()]))
            .flatten()
    };
    let here = (i64::from(state.pos.row), i64::from(state.pos.col));
    let Some(class) = cell(here) else {
        return Vec::new();
    };
    let open = |at: (i64, i64)| cell(at) == Some(class);
    let step = |at: (i64, i64), (dr, dc): (i64, i64)| (at.0 + dr, at.1 + dc);
    let is_goal = |at: (i64, i64)| at == (i64::from(goal.row), i64::from(goal.col));
    let straight = |from: (i64, i64), d: (i64, i64)| -> Option<((i64, i64), u32)> {
        let side = (d.1, d.0);
        let (mut at, mut moves) = (from, 0);
        loop {
            let next = step(at, d);
            if !open(next) {
                return None;
            }
            moves += 1;
            let forced = |s: (i64, i64)| open(step(next, s)) && !open(step(at, s));
            if is_goal(next) || forced(side) || forced((-side.0, -side.1)) {
                return Some((next, moves));
            }
            at = next;
        }
    };
    let jump = |d: (i64, i64)| -> Option<((i64, i64), OctileCost)> {
        if d.0 == 0 || d.1 == 0 {
            return straight(here, d).map(|(to, n)| (to, OctileCost::new(n, 0)));
        }
        let (mut at, mut moves) = (here, 0);
        loop {
            let next = step(at, d);
            if !(open(next) && open(step(at, (d.0, 0))) && open(step(at, (0, d.1)))) {
                return None;
            }
            moves += 1;
            if is_goal(next)
                || straight(next, (0, d.1)).is_some()
                || straight(next, (d.0, 0)).is_some()
            {
                return Some((next, OctileCost::new(0, moves)));
            }
            at = next;
        }
    };
    let delta = |d: Direction| {
        let (dr, dc) = d.delta();
        (i64::from(dr), i64::from(dc))
    };
    let directions: Vec<(i64, i64)> = match state.arrived {
        None => Direction::ALL.iter().map(|&d| delta(d)).collect(),
        Some(arrived) => {
            let d = delta(arrived);
            if arrived.is_diagonal() {
                vec![d, (d.0, 0), (0, d.1)]
            } else {
                // On, and past the end of a wall beside the cell behind: sideways and the
                // diagonal past it.
                let mut all = vec![d];
                let behind = (here.0 - d.0, here.1 - d.1);
                for s in [(d.1, d.0), (-d.1, -d.0)] {
                    if open(step(here, s)) && !open(step(behind, s)) {
                        all.extend([s, (d.0 + s.0, d.1 + s.1)]);
                    }
                }
                all
            }
        }
    };
    let mut jumps: Vec<(JumpPoint, OctileCost)> = directions
        .into_iter()
        .filter_map(|d| {
            let (to, cost) = jump(d)?;
            let pos = Pos::new(u32::try_from(to.0).unwrap(), u32::try_from(to.1).unwrap());
            let arrived = Direction::ALL.into_iter().find(|&a| delta(a) == d);
            Some((JumpPoint { pos, arrived }, cost))
        })
        .collect();
    jumps.sort_unstable();
    jumps
}

/// Every state of `rows` (each cell, reached from no direction or from each of the
/// eight) has the reference's jumps toward `goal` in `space`.
fn same_jumps(rows: &oracle::Rows, space: &OctileSpace, goal: Pos) -> Result<(), TestCaseError> {
    let jumps = space.jump_points(goal).unwrap();
    for row in 0..rows.len() {
        for col in 0..rows[0].len() {
            let pos = pos((row, col));
            for arrived in core::iter::once(None).chain(Direction::ALL.map(Some)) {
                let state = JumpPoint { pos, arrived };
                let mut got = Vec::new();
                jumps.successors(&state, |p, c| got.push((p, c)));
                got.sort_unstable();
                let want = reference_jumps(rows, state, goal);
                prop_assert_eq!(got, want, "from {:?} toward {:?}", state, goal);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The jumps themselves, on strips that cross words both ways.
    #[test]
    fn jump_points_jump_as_the_cell_by_cell_reference(
        rows in strip(),
        goal in 0..800usize,
    ) {
        let space = OctileSpace::new(&parse_rows(&rows), Connectivity::Eight);
        same_jumps(&rows, &space, nth_cell(&rows, goal))?;
    }

    #[test]
    fn jump_points_agree_with_brute_force_dijkstra_on_long_strips(
        rows in strip(),
        ends in (0..800usize, 0..800usize),
    ) {
        let space = OctileSpace::new(&parse_rows(&rows), Connectivity::Eight);
        agrees_with_the_oracle(&rows, &space, Strategy::AStar, nth_cell(&rows, ends.0), nth_cell(&rows, ends.1))?;
    }

    /// Cells closed and opened again after the first search: the next searches see them.
    #[test]
    fn jump_points_follow_cells_closed_and_opened(
        rows in strip(),
        ends in (0..800usize, 0..800usize),
        changes in proptest::collection::vec((0..800usize, any::<bool>()), 1..40),
    ) {
        let mut space = ClosableSpace::new(&parse_rows(&rows), Connectivity::Eight);
        let (start, goal) = (nth_cell(&rows, ends.0), nth_cell(&rows, ends.1));
        agrees_with_the_oracle(&rows, space.space(), Strategy::AStar, start, goal)?;
        let mut now = rows.clone();
        for (n, close) in changes {
            let at = nth_cell(&rows, n);
            let (r, c) = (at.row as usize, at.col as usize);
            if close {
                if space.close(at) {
                    now[r][c] = b'@';
                }
            } else if space.open(at) {
                now[r][c] = rows[r][c];
            }
        }
        agrees_with_the_oracle(&now, space.space(), Strategy::AStar, start, goal)?;
        same_jumps(&now, space.space(), goal)?;
    }
}

#[test]
fn jump_points_refuse_a_four_connected_space() {
    let map = OctileMap::parse(&map_text(&["...", "..."], "\n")).unwrap();
    let space = OctileSpace::new(&map, Connectivity::Four);
    let error = space.jump_points(Pos::new(0, 0)).unwrap_err();
    assert_eq!(error, JumpError::FourConnected);
    assert!(error.to_string().contains("8-connected"), "{error}");
}

#[test]
fn jump_points_find_no_path_to_a_goal_off_the_map_or_from_a_wall() {
    let rows = ["...", ".@.", "..."];
    let map = OctileMap::parse(&map_text(&rows, "\n")).unwrap();
    let space = OctileSpace::new(&map, Connectivity::Eight);
    let rows: oracle::Rows = rows.iter().map(|r| r.as_bytes().to_vec()).collect();
    let search = |start, goal| jump_search(&rows, &space, Strategy::AStar, start, goal);
    // Off the map: the padded index of column 5 would be a cell of the next row.
    assert!(search(Pos::new(0, 0), Pos::new(0, 5)).is_none());
    assert!(search(Pos::new(0, 0), Pos::new(9, 9)).is_none());
    // From a wall.
    assert!(search(Pos::new(1, 1), Pos::new(0, 0)).is_none());
    let (cost, _, _) = search(Pos::new(2, 2), Pos::new(2, 2)).unwrap();
    assert_eq!(cost, OctileCost::ZERO);
    // The jump points' numbering: a cell off the map is beyond its bound in every
    // direction (nine times the cells' own "off" number must not wrap round).
    let points = space.jump_points(Pos::new(0, 0)).unwrap();
    let numbering = state_search::IndexedSpace::indexer(&points);
    for pos in [Pos::new(0, 3), Pos::new(0, 5), Pos::new(9, 9)] {
        for arrived in [None, Some(Direction::ALL[3])] {
            let point = JumpPoint { pos, arrived };
            let index = state_search::StateIndexer::index(&numbering, &point);
            assert!(
                index >= state_search::StateIndexer::bound(&numbering),
                "{point:?}"
            );
        }
    }
}

/// On each of the six benchmark maps, a sample of scenarios: A* over the jump points
/// matches the printed length and expands fewer states than A* over the cells.
#[test]
fn jump_points_match_the_published_lengths() {
    let maps = [
        (
            include_str!("../../data/movingai/Boston_0_512.map"),
            include_str!("../../data/movingai/Boston_0_512.map.scen"),
        ),
        (
            include_str!("../../data/movingai/brc202d.map"),
            include_str!("../../data/movingai/brc202d.map.scen"),
        ),
        (
            include_str!("../../data/movingai/den602d.map"),
            include_str!("../../data/movingai/den602d.map.scen"),
        ),
        (
            include_str!("../../data/movingai/maze512-1-9.map"),
            include_str!("../../data/movingai/maze512-1-9.map.scen"),
        ),
        (
            include_str!("../../data/movingai/nighthaven.map"),
            include_str!("../../data/movingai/nighthaven.map.scen"),
        ),
        (
            include_str!("../../data/movingai/random512-40-5.map"),
            include_str!("../../data/movingai/random512-40-5.map.scen"),
        ),
    ];
    for (map, scen) in maps {
        let map = OctileMap::parse(map).unwrap();
        let scenarios = Scenario::parse_list_for(scen, &map).unwrap();
        let space = OctileSpace::new(&map, Connectivity::Eight);
        let (mut jump_expanded, mut cell_expanded) = (0, 0);
        let step = scenarios.len() / 20;
        for scenario in scenarios.iter().step_by(step.max(1)) {
            let (start, goal) = (scenario.start, scenario.goal);
            let jumps = space.jump_points(goal).unwrap();
            let search = Strategy::AStar
                .run(&jumps.problem(start), &Limits::new())
                .unwrap();
            jump_expanded += search.stats.expanded;
            let found = search.into_found().unwrap();
            assert!(
                scenario.optimal.matches_cost(found.cost),
                "{start} -> {goal} is {}, printed {}",
                found.cost,
                scenario.optimal
            );
            let cells = Problem::new(&space, [start], at(goal))
                .heuristic(space.heuristic(goal))
                .indexed();
            cell_expanded += Strategy::AStar
                .run(&cells, &Limits::new())
                .unwrap()
                .stats
                .expanded;
        }
        assert!(
            jump_expanded < cell_expanded,
            "{jump_expanded} against {cell_expanded}"
        );
    }
}
