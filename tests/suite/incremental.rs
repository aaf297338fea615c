//! LPA* and D* Lite: after every batch of random changes (steps dearer and cheaper,
//! steps added and removed, cells closed and opened) each answer equals a fresh search's
//! (Bellman–Ford and the crate's Dijkstra on graphs, the brute-force grid Dijkstra and
//! the crate's A* on maps), and its path is one of the space as it is, at the cost
//! reported; D* Lite also after its start moves along its path. Then what a replan
//! costs, and how the searchers end: no path, limits, negative steps, changes not told.

use core::ops::ControlFlow;

use crate::common::graph::{Graph, Nodes, bellman_ford, is, path_cost};
use crate::common::movingai as oracle;

use proptest::prelude::*;
use state_search::domains::movingai::{ClosableSpace, Connectivity, OctileCost, OctileMap};
use state_search::grid::Pos;
use state_search::rng::SplitMix64;
use state_search::{
    AStar, Cost, DStarLite, Dense, Event, Heuristic, IndexedSpace, Limits, Lpa, Outcome, Problem,
    Solver, StopReason, ZeroHeuristic, dijkstra, visitor,
};

/// A change of a graph's edge list.
#[derive(Clone, Debug)]
enum Change {
    /// The edge at this index (modulo the number of edges) costs this now.
    Set(usize, u32),
    /// The edge at this index (modulo the number of edges) is removed.
    Remove(usize),
    /// A new edge `from -> to` (modulo the number of nodes) at this cost.
    Add(u32, u32, u32),
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        4 => (any::<usize>(), 0..12u32).prop_map(|(i, c)| Change::Set(i, c)),
        1 => any::<usize>().prop_map(Change::Remove),
        2 => (any::<u32>(), any::<u32>(), 0..12u32).prop_map(|(a, b, c)| Change::Add(a, b, c)),
    ]
}

/// Applies `change` to `edges` on `n` nodes; the pair of states whose step changed.
fn apply(edges: &mut Vec<(u32, u32, u32)>, n: u32, change: &Change) -> Option<(u32, u32)> {
    match *change {
        Change::Set(i, cost) if !edges.is_empty() => {
            let i = i % edges.len();
            edges[i].2 = cost;
            Some((edges[i].0, edges[i].1))
        }
        Change::Remove(i) if !edges.is_empty() => {
            let (from, to, _) = edges.swap_remove(i % edges.len());
            Some((from, to))
        }
        Change::Add(from, to, cost) => {
            edges.push((from % n, to % n, cost));
            Some((from % n, to % n))
        }
        _ => None,
    }
}

/// Checks a graph search's answer against Bellman–Ford from `start` and the crate's
/// Dijkstra: the same least cost, a path from `start` to `goal` that costs it.
fn check_graph_answer(
    who: &str,
    graph: &Graph<u32>,
    (start, goal): (u32, u32),
    outcome: &Outcome<state_search::Solution<u32, u32>>,
) -> Result<(), TestCaseError> {
    let least = bellman_ford(graph, &[start]).unwrap()[goal as usize];
    let fresh = dijkstra(graph, [start], is(goal));
    prop_assert_eq!(fresh.found().map(|f| i64::from(f.cost)), least);
    match outcome {
        Outcome::Found(found) => {
            prop_assert_eq!(Some(i64::from(found.cost)), least, "{}", who);
            prop_assert_eq!(found.path.first(), Some(&start), "{}", who);
            prop_assert_eq!(found.path.last(), Some(&goal), "{}", who);
            prop_assert_eq!(path_cost(graph, &found.path), least, "{}", who);
        }
        Outcome::NoPath => prop_assert_eq!(least, None, "{}", who),
        Outcome::Stopped(reason) => prop_assert!(false, "{}: stopped: {}", who, reason),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn replans_on_random_graphs_equal_a_fresh_search(
        n in 2..14u32,
        edges in prop::collection::vec((any::<u32>(), any::<u32>(), 0..12u32), 0..40),
        (start, goal) in (any::<u32>(), any::<u32>()),
        batches in prop::collection::vec(
            (prop::collection::vec(change(), 1..6), 0..4usize), 1..8),
    ) {
        let mut edges: Vec<_> = edges.into_iter().map(|(a, b, c)| (a % n, b % n, c)).collect();
        let (start, goal) = (start % n, goal % n);
        let mut lpa = Lpa::new(start, goal, ZeroHeuristic);
        let mut dense = Lpa::with_storage(Dense(Nodes(n as usize)), start, goal, ZeroHeuristic);
        let mut dstar = DStarLite::new(start, goal, ZeroHeuristic);
        let mut graph = Graph::new(n as usize, &edges);
        for (changes, walk) in batches {
            let lpa_answer = lpa.search(&graph).outcome;
            check_graph_answer("lpa", &graph, (start, goal), &lpa_answer)?;
            check_graph_answer("lpa dense", &graph, (start, goal), &dense.search(&graph).outcome)?;
            let here = *dstar.start();
            let dstar_answer = dstar.search(&graph).outcome;
            check_graph_answer("dstar", &graph, (here, goal), &dstar_answer)?;
            // The agent walks some steps along its path.
            if let Outcome::Found(found) = &dstar_answer {
                dstar.move_to(found.path[walk.min(found.path.len() - 1)]);
            }
            let told: Vec<_> = changes.iter().filter_map(|c| apply(&mut edges, n, c)).collect();
            graph = Graph::new(n as usize, &edges);
            lpa.edges_changed(told.iter().copied());
            dense.edges_changed(told.iter().copied());
            dstar.edges_changed(told.iter().copied());
        }
        check_graph_answer("lpa", &graph, (start, goal), &lpa.search(&graph).outcome)?;
        let here = *dstar.start();
        check_graph_answer("dstar", &graph, (here, goal), &dstar.search(&graph).outcome)?;
    }
}

/// A random map of 1 to 9 rows and columns: ground, swamp, trees and walls.
fn small_map() -> impl Strategy<Value = oracle::Rows> {
    let cell = prop_oneof![10 => Just(b'.'), 1 => Just(b'S'), 1 => Just(b'T'), 3 => Just(b'@')];
    (1..=9usize, 1..=9usize).prop_flat_map(move |(h, w)| {
        prop::collection::vec(prop::collection::vec(cell.clone(), w), h)
    })
}

fn parse(rows: &oracle::Rows) -> OctileMap {
    let mut text = format!(
        "type octile\nheight {}\nwidth {}\nmap\n",
        rows.len(),
        rows[0].len()
    );
    for row in rows {
        text.push_str(std::str::from_utf8(row).unwrap());
        text.push('\n');
    }
    OctileMap::parse(&text).unwrap()
}

fn cell(rows: &oracle::Rows, (r, c): (usize, usize)) -> Pos {
    let (r, c) = (r % rows.len(), c % rows[0].len());
    Pos::new(u32::try_from(r).unwrap(), u32::try_from(c).unwrap())
}

/// A change of a map: toggle a cell (close it if open, open it if closed), or close the
/// cell at this index of the last path found.
#[derive(Clone, Debug)]
enum Toggle {
    Cell(usize, usize),
    OnPath(usize),
}

fn toggle() -> impl Strategy<Value = Toggle> {
    prop_oneof![
        (any::<usize>(), any::<usize>()).prop_map(|(r, c)| Toggle::Cell(r, c)),
        any::<usize>().prop_map(Toggle::OnPath),
    ]
}

/// Checks a map search's answer against the brute-force Dijkstra on the map with the
/// closed cells walled (and the crate's A*): the same least cost, and a path of legal
/// moves from `start` to `goal` that costs it.
fn check_map_answer(
    who: &str,
    space: &ClosableSpace,
    rows: &oracle::Rows,
    (start, goal): (Pos, Pos),
    outcome: &Outcome<state_search::Solution<Pos, OctileCost>>,
) -> Result<(), TestCaseError> {
    let mut walled = rows.clone();
    for (r, row) in walled.iter_mut().enumerate() {
        for (c, ch) in row.iter_mut().enumerate() {
            if space.is_closed(cell(rows, (r, c))) {
                *ch = b'@';
            }
        }
    }
    let diagonals = space.space().connectivity() == Connectivity::Eight;
    let at = |p: Pos| (p.row as usize, p.col as usize);
    let least = oracle::distance(&oracle::graph(&walled, diagonals), at(start), at(goal));
    let fresh = AStar::with_storage(Dense(space.indexer())).search(
        &Problem::new(space, [start], crate::movingai::at(goal)).heuristic(space.heuristic(goal)),
    );
    prop_assert_eq!(fresh.found().is_some(), least.is_some());
    match outcome {
        Outcome::Found(found) => {
            prop_assert_eq!(Some(found.cost), fresh.found().map(|f| f.cost), "{}", who);
            prop_assert!(
                (found.cost.value() - least.unwrap()).abs() < 1e-9,
                "{}",
                who
            );
            prop_assert_eq!(found.path.first(), Some(&start), "{}", who);
            prop_assert_eq!(found.path.last(), Some(&goal), "{}", who);
            let mut replayed = 0.0;
            for step in found.path.windows(2) {
                let by = (
                    i64::from(step[1].row) - i64::from(step[0].row),
                    i64::from(step[1].col) - i64::from(step[0].col),
                );
                let by = (
                    isize::try_from(by.0).unwrap(),
                    isize::try_from(by.1).unwrap(),
                );
                let cost = oracle::step_cost(&walled, at(step[0]), by, diagonals);
                prop_assert!(
                    cost.is_some(),
                    "{}: illegal move {} -> {}",
                    who,
                    step[0],
                    step[1]
                );
                replayed += cost.unwrap();
            }
            prop_assert!((replayed - least.unwrap()).abs() < 1e-9, "{}", who);
        }
        Outcome::NoPath => prop_assert_eq!(least, None, "{}", who),
        Outcome::Stopped(reason) => prop_assert!(false, "{}: stopped: {}", who, reason),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn replans_on_maps_whose_cells_close_and_open_equal_a_fresh_search(
        rows in small_map(),
        four in any::<bool>(),
        (start, goal) in ((any::<usize>(), any::<usize>()), (any::<usize>(), any::<usize>())),
        batches in prop::collection::vec((prop::collection::vec(toggle(), 1..5), 0..4usize), 1..8),
    ) {
        let map = parse(&rows);
        let connectivity = if four { Connectivity::Four } else { Connectivity::Eight };
        let mut space = ClosableSpace::new(&map, connectivity);
        let (start, goal) = (cell(&rows, start), cell(&rows, goal));
        let mut lpa = Lpa::new(start, goal, space.heuristic(goal));
        let mut dstar = DStarLite::with_storage(Dense(space.indexer()), start, goal, connectivity);
        for (toggles, walk) in batches {
            let lpa_answer = lpa.search(&space).outcome;
            check_map_answer("lpa", &space, &rows, (start, goal), &lpa_answer)?;
            let here = *dstar.start();
            let dstar_answer = dstar.search(&space).outcome;
            check_map_answer("dstar", &space, &rows, (here, goal), &dstar_answer)?;
            if let Outcome::Found(found) = &dstar_answer {
                dstar.move_to(found.path[walk.min(found.path.len() - 1)]);
            }
            for toggle in toggles {
                let pos = match toggle {
                    Toggle::Cell(r, c) => cell(&rows, (r, c)),
                    Toggle::OnPath(i) => match &lpa_answer {
                        Outcome::Found(found) => found.path[i % found.path.len()],
                        _ => continue,
                    },
                };
                if !space.close(pos) {
                    space.open(pos);
                }
                lpa.edges_changed(space.steps_around(pos));
                dstar.edges_changed(space.steps_around(pos));
            }
        }
        check_map_answer("lpa", &space, &rows, (start, goal), &lpa.search(&space).outcome)?;
        let here = *dstar.start();
        check_map_answer("dstar", &space, &rows, (here, goal), &dstar.search(&space).outcome)?;
    }
}

/// A `side` x `side` map of ground with one cell in `wall_odds` walled, from a seed;
/// the 4x4 blocks at the corners stay open.
fn walled_map(side: u32, wall_odds: u64, seed: u64) -> OctileMap {
    let mut rng = SplitMix64::new(seed);
    let mut text = format!("type octile\nheight {side}\nwidth {side}\nmap\n");
    let near_edge = |i: u32| i < 4 || i + 4 >= side;
    for r in 0..side {
        for c in 0..side {
            let corner = near_edge(r) && near_edge(c);
            text.push(if !corner && rng.below(wall_odds) == 0 {
                '@'
            } else {
                '.'
            });
        }
        text.push('\n');
    }
    OctileMap::parse(&text).unwrap()
}

/// The expansions of a fresh A* from `start` to `goal` on `space`.
fn fresh_astar(space: &ClosableSpace, start: Pos, goal: Pos) -> (Option<OctileCost>, u64) {
    let search = AStar::with_storage(Dense(space.indexer())).search(
        &Problem::new(space, [start], crate::movingai::at(goal)).heuristic(space.heuristic(goal)),
    );
    (search.found().map(|f| f.cost), search.stats.expanded)
}

#[test]
fn a_replan_after_one_change_expands_fewer_states_than_the_first_search() {
    let map = walled_map(120, 8, 7);
    let mut space = ClosableSpace::new(&map, Connectivity::Eight);
    let (start, goal) = (Pos::new(2, 3), Pos::new(117, 116));
    let mut lpa = Lpa::with_storage(Dense(space.indexer()), start, goal, space.heuristic(goal));
    let mut dstar =
        DStarLite::with_storage(Dense(space.indexer()), start, goal, Connectivity::Eight);
    let first = lpa.search(&space);
    let first_dstar = dstar.search(&space);
    let path = first.found().unwrap().path.clone();
    // LPA*: a cell three quarters along the path closes.
    let blocked = path[path.len() * 3 / 4];
    assert!(space.close(blocked));
    lpa.edges_changed(space.steps_around(blocked));
    let replan = lpa.search(&space);
    let (cost, fresh) = fresh_astar(&space, start, goal);
    assert_eq!(replan.found().map(|f| f.cost), cost);
    println!(
        "lpa: first {}, replan {}, fresh A* {fresh}",
        first.stats.expanded, replan.stats.expanded
    );
    assert!(replan.stats.expanded * 4 < first.stats.expanded);
    assert!(replan.stats.expanded * 4 < fresh);
    // D* Lite: the agent walks half way, and the cell ahead of it closes.
    let path = first_dstar.found().unwrap().path.clone();
    let here = path[path.len() / 2];
    dstar.move_to(here);
    dstar.edges_changed(space.steps_around(blocked)); // the change above
    let ahead = path[path.len() / 2 + 2];
    if space.close(ahead) {
        dstar.edges_changed(space.steps_around(ahead));
    }
    let replan = dstar.search(&space);
    let (cost, fresh) = fresh_astar(&space, here, goal);
    assert_eq!(replan.found().map(|f| f.cost), cost);
    println!(
        "dstar: first {}, replan {}, fresh A* {fresh}",
        first_dstar.stats.expanded, replan.stats.expanded
    );
    assert!(replan.stats.expanded * 4 < first_dstar.stats.expanded);
    assert!(replan.stats.expanded * 4 < fresh);
}

/// A line `0 -> 1 -> ... -> 9`, every step at cost `step`, and nothing back.
fn line(step: i32) -> Graph<i32> {
    let edges: Vec<_> = (0..9).map(|i| (i, i + 1, step)).collect();
    Graph::new(10, &edges)
}

#[test]
fn an_unreachable_goal_is_no_path_and_a_start_at_the_goal_is_found() {
    let graph = line(1);
    assert!(Lpa::new(5, 2, ZeroHeuristic).search(&graph).is_no_path());
    assert!(
        DStarLite::new(5, 2, ZeroHeuristic)
            .search(&graph)
            .is_no_path()
    );
    let here = Lpa::new(4, 4, ZeroHeuristic)
        .search(&graph)
        .into_found()
        .unwrap();
    assert_eq!((here.path, here.cost), (vec![4], 0));
    let here = DStarLite::new(4, 4, ZeroHeuristic)
        .search(&graph)
        .into_found()
        .unwrap();
    assert_eq!((here.path, here.cost), (vec![4], 0));
    // A goal off the map, and a start in a wall.
    let map = walled_map(5, 1_000, 1);
    let mut space = ClosableSpace::new(&map, Connectivity::Eight);
    assert!(
        Lpa::new(Pos::new(0, 0), Pos::new(9, 9), ZeroHeuristic)
            .search(&space)
            .is_no_path()
    );
    assert!(space.close(Pos::new(0, 0)));
    let mut dstar = DStarLite::new(Pos::new(0, 0), Pos::new(4, 4), Connectivity::Eight);
    assert!(dstar.search(&space).is_no_path());
    // Opened, and told: found.
    assert!(space.open(Pos::new(0, 0)));
    dstar.edges_changed(space.steps_around(Pos::new(0, 0)));
    assert_eq!(
        dstar.search(&space).into_found().unwrap().cost,
        OctileCost::new(0, 4)
    );
}

#[test]
fn a_search_stopped_by_a_limit_goes_on_in_the_next() {
    let graph = line(1);
    let limits = Limits::new().max_expansions(3);
    let mut lpa = Lpa::new(0, 9, ZeroHeuristic).with_limits(limits.clone());
    let mut dstar = DStarLite::new(0, 9, ZeroHeuristic).with_limits(limits);
    for _ in 0..3 {
        let search = lpa.search(&graph);
        assert_eq!(search.stop_reason(), Some(StopReason::Expansions));
        assert_eq!(search.stats.expanded, 3);
        assert_eq!(
            dstar.search(&graph).stop_reason(),
            Some(StopReason::Expansions)
        );
    }
    // 9 expansions made, one to go (the goal's) for each.
    assert_eq!(lpa.search(&graph).into_found().unwrap().cost, 9);
    assert_eq!(dstar.search(&graph).into_found().unwrap().cost, 9);
    // A visitor stops a search the same way.
    let mut lpa = Lpa::new(0, 9, ZeroHeuristic);
    let mut seen = 0;
    let mut stop_at_two = visitor(|event| {
        if let Event::Expanded { .. } = event {
            seen += 1;
        }
        if seen == 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let search = lpa.search_with(&graph, &mut stop_at_two);
    assert_eq!(search.stop_reason(), Some(StopReason::Visitor));
    assert_eq!(lpa.search(&graph).into_found().unwrap().cost, 9);
}

#[test]
fn a_negative_step_stops_the_search_and_a_told_fix_recovers() {
    let mut edges: Vec<_> = (0..9).map(|i| (i, i + 1, 1)).collect();
    edges[4].2 = -1;
    let graph = Graph::new(10, &edges);
    let mut lpa = Lpa::new(0, 9, ZeroHeuristic);
    let mut dstar = DStarLite::new(0, 9, ZeroHeuristic);
    assert_eq!(
        lpa.search(&graph).stop_reason(),
        Some(StopReason::NegativeCost)
    );
    assert_eq!(
        dstar.search(&graph).stop_reason(),
        Some(StopReason::NegativeCost)
    );
    edges[4].2 = 2;
    let graph = Graph::new(10, &edges);
    lpa.edges_changed([(4, 5)]);
    dstar.edges_changed([(4, 5)]);
    assert_eq!(lpa.search(&graph).into_found().unwrap().cost, 10);
    assert_eq!(dstar.search(&graph).into_found().unwrap().cost, 10);
}

#[test]
fn a_change_not_told_still_gives_a_path_of_the_space_at_its_cost() {
    // Two ways from 0 to 3: 0 -> 1 -> 3 at 2, 0 -> 2 -> 3 at 4.
    let mut edges = vec![(0, 1, 1u32), (1, 3, 1), (0, 2, 2), (2, 3, 2)];
    let graph = Graph::new(4, &edges);
    let mut lpa = Lpa::new(0, 3, ZeroHeuristic);
    let mut dstar = DStarLite::new(0, 3, ZeroHeuristic);
    assert_eq!(lpa.search(&graph).into_found().unwrap().cost, 2);
    assert_eq!(dstar.search(&graph).into_found().unwrap().cost, 2);
    // The cheap way closes, untold: the records no longer trace a path, and the
    // searchers start over by themselves.
    edges.remove(1);
    let graph = Graph::new(4, &edges);
    for search in [lpa.search(&graph), dstar.search(&graph)] {
        assert_eq!(search.stats.iterations, 2);
        let found = search.into_found().unwrap();
        assert_eq!((found.path, found.cost), (vec![0, 2, 3], 4));
    }
}

#[test]
fn the_heuristic_is_the_space_s_octile_distance_and_reset_forgets() {
    let map = walled_map(40, 6, 3);
    let space = ClosableSpace::new(&map, Connectivity::Eight);
    let (start, goal) = (Pos::new(0, 0), Pos::new(39, 39));
    let mut lpa = Lpa::new(start, goal, space.heuristic(goal));
    let first = lpa.search(&space);
    // Nothing changed: nothing to expand.
    let again = lpa.search(&space);
    assert_eq!(again.found(), first.found());
    assert_eq!(again.stats.expanded, 0);
    lpa.reset();
    assert_eq!(lpa.search(&space).stats.expanded, first.stats.expanded);
    let (cost, _) = fresh_astar(&space, start, goal);
    assert_eq!(first.found().map(|f| f.cost), cost);
    assert_eq!(
        space.heuristic(goal).estimate(&start),
        OctileCost::new(0, 39)
    );
    assert!(OctileCost::new(0, 39) <= first.found().unwrap().cost);
    assert!(!first.found().unwrap().cost.is_max());
}

#[test]
fn an_agent_walking_its_d_star_lite_path_among_closing_cells_matches_a_fresh_search() {
    for seed in 0..12 {
        let map = walled_map(40, 5, seed);
        let mut space = ClosableSpace::new(&map, Connectivity::Eight);
        let mut rng = SplitMix64::new(seed);
        let (mut here, goal) = (Pos::new(1, 1), Pos::new(38, 37));
        let mut dstar = DStarLite::new(here, goal, Connectivity::Eight);
        let mut lpa = Lpa::new(here, goal, space.heuristic(goal));
        for round in 0..40 {
            let search = dstar.search(&space);
            let (cost, _) = fresh_astar(&space, here, goal);
            assert_eq!(
                search.found().map(|f| f.cost),
                cost,
                "seed {seed}, round {round}"
            );
            let lpa_cost = lpa.search(&space).found().map(|f| f.cost);
            assert_eq!(lpa_cost, fresh_astar(&space, Pos::new(1, 1), goal).0);
            let Some(found) = search.into_found() else {
                break;
            };
            if found.path.len() < 2 {
                break;
            }
            // A step or a few along the path, then cells near the agent change.
            let walk = 1 + usize::try_from(rng.below(3)).unwrap();
            here = found.path[walk.min(found.path.len() - 1)];
            dstar.move_to(here);
            for _ in 0..4 {
                let mut near = |x: u32| {
                    (x + u32::try_from(rng.below(9)).unwrap())
                        .saturating_sub(4)
                        .min(39)
                };
                let cell = Pos::new(near(here.row), near(here.col));
                if cell == here || cell == goal {
                    continue;
                }
                if !space.close(cell) {
                    space.open(cell);
                }
                dstar.edges_changed(space.steps_around(cell));
                lpa.edges_changed(space.steps_around(cell));
            }
        }
    }
}
