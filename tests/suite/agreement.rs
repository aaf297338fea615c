//! The core property of the crate: every optimal engine, with every storage and queue,
//! returns the same cost as an independent oracle, and every path it returns is a real
//! path of the space costing what is claimed.

use crate::common::graph;
use state_search::InPlaceSolver;
use state_search::Solver;

use graph::{
    Graph, Nodes, Walk, arb_graph, bellman_ford, best_goal, bfs_steps, check, is, path_cost,
};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use state_search::domains::maze::GridMaze;
use state_search::grid::Pos;
use state_search::queue::{BucketQueue, RadixQueue};
use state_search::{
    AStar, Bfs, BidirectionalBfs, CycleCheck, Dense, Dijkstra, IdaStar, InPlaceIdaStar,
    InPlaceSpace, Inapplicable, IndexedSpace, Limits, Outcome, Problem, Search, Solution, Spfa,
    StopReason, StrategyError, Tie,
};

/// Nodes that are goals: a few random ones.
fn goal_set(n: usize) -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(0..u32::try_from(n).unwrap(), 1..=3)
}

/// An admissible heuristic from exact distances to the goals, scaled down by a factor in
/// [0, 1] per node: admissible, and usually inconsistent (which A* must survive).
fn scaled_heuristic(graph: &Graph<u32>, goals: &[u32], scales: &[u8]) -> Vec<u32> {
    let reversed: Vec<(u32, u32, u32)> = graph
        .forward
        .iter()
        .enumerate()
        .flat_map(|(from, edges)| {
            edges
                .iter()
                .map(move |&(to, cost)| (to, u32::try_from(from).unwrap(), cost))
        })
        .collect();
    let to_goal = bellman_ford(&Graph::new(graph.len(), &reversed), goals).unwrap();
    to_goal
        .iter()
        .zip(scales)
        .map(|(d, &scale)| match d {
            // Unreachable from the goals' side: any estimate is admissible.
            None => 1000,
            Some(d) => u32::try_from(d * i64::from(scale) / 4).unwrap(),
        })
        .collect()
}

fn weighted_case() -> impl Strategy<Value = (Graph<u32>, Vec<u32>, Vec<u32>, Vec<u8>)> {
    arb_graph(30, 90, 0u32..=9).prop_flat_map(|g| {
        let n = g.len();
        (
            Just(g),
            prop::collection::vec(0..u32::try_from(n).unwrap(), 1..=2),
            goal_set(n),
            prop::collection::vec(0u8..=4, n),
        )
    })
}

/// 256 cases per property; failures are saved in `proptest-regressions/` and replayed
/// first on later runs.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/agreement.txt",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn in_place_idastar_agrees_with_bellman_ford(
        g in arb_graph(6, 9, 1u32..=5),
        start in 0u32..6,
        goal in 0u32..6,
    ) {
        let n = u32::try_from(g.len()).unwrap();
        let (start, goal) = (start % n, goal % n);
        let expected = bellman_ford(&g, &[start]).unwrap()[goal as usize];
        // A simple path has fewer than n steps of cost at most 5: searching beyond that
        // bound can only repeat states, so a stop there means "no path".
        let bound = 5 * (n - 1);
        let mut walk = Walk::new(&g, start);
        let ida = InPlaceIdaStar::new().with_limits(Limits::new().max_cost(bound));
        let search = ida.search(&mut walk, |w| w.at() == goal);
        prop_assert_eq!(&walk.trail, &vec![start], "the walk is restored");
        match (search.outcome, expected) {
            (Outcome::Found(plan), Some(best)) => {
                prop_assert_eq!(i64::from(plan.cost), best);
                let mut total = 0;
                for edge in plan.actions {
                    total += walk.apply(edge);
                }
                prop_assert_eq!((walk.at(), total), (goal, plan.cost), "the plan replays");
            }
            (Outcome::Stopped(StopReason::Cost) | Outcome::NoPath, None) => {}
            (outcome, expected) => prop_assert!(false, "got {:?}, expected {:?}", outcome, expected),
        }
    }

    #[test]
    fn optimal_engines_agree_on_random_weighted_graphs(
        (g, starts, goals, scales) in weighted_case()
    ) {
        let n = g.len();
        let starts = starts.as_slice();
        let starts_iter = || starts.iter().copied();
        let is_goal = |s: u32| goals.contains(&s);
        let expected = best_goal(&bellman_ford(&g, starts).unwrap(), is_goal);
        let goal = |s: &u32| is_goal(*s);
        let zero = |_: &u32| 0u32;
        let table = scaled_heuristic(&g, &goals, &scales);
        let h = |s: &u32| table[*s as usize];

        let dijkstra_hashed = Dijkstra::new().search(&Problem::new(&g, starts_iter(), goal));
        let dijkstra_dense = Dijkstra::with_storage(Dense(Nodes(n))).search(&Problem::new(&g, starts_iter(), goal));
        check("dijkstra hashed", &g, starts, is_goal, expected, &dijkstra_hashed)?;
        check("dijkstra dense", &g, starts, is_goal, expected, &dijkstra_dense)?;
        prop_assert_eq!(&dijkstra_hashed.outcome, &dijkstra_dense.outcome, "dense = hashed");
        let bucket = Dijkstra::with_storage(Dense(Nodes(n))).with_queue(BucketQueue::new());
        check("dijkstra bucket", &g, starts, is_goal, expected, &{ bucket }.search(&Problem::new(&g, starts_iter(), goal)))?;
        let radix = Dijkstra::with_storage(Dense(Nodes(n))).with_queue(RadixQueue::new());
        check("dijkstra radix", &g, starts, is_goal, expected, &{ radix }.search(&Problem::new(&g, starts_iter(), goal)))?;

        check("astar h=0", &g, starts, is_goal, expected, &AStar::new().search(&Problem::new(&g, starts_iter(), goal).heuristic(&zero)))?;
        let astar_hashed = AStar::new().search(&Problem::new(&g, starts_iter(), goal).heuristic(&h));
        let astar_dense = AStar::with_storage(Dense(Nodes(n))).search(&Problem::new(&g, starts_iter(), goal).heuristic(&h));
        check("astar hashed", &g, starts, is_goal, expected, &astar_hashed)?;
        check("astar dense", &g, starts, is_goal, expected, &astar_dense)?;
        prop_assert_eq!(&astar_hashed.outcome, &astar_dense.outcome, "dense = hashed");
        let astar_bucket = AStar::with_storage(Dense(Nodes(n))).with_queue(BucketQueue::new());
        check("astar bucket", &g, starts, is_goal, expected, &astar_bucket.search(&Problem::new(&g, starts_iter(), goal).heuristic(&h)))?;
        for tie in Tie::ALL {
            let hashed = AStar::new().ties(tie).search(&Problem::new(&g, starts_iter(), goal).heuristic(&h));
            let dense = AStar::with_storage(Dense(Nodes(n))).ties(tie).search(&Problem::new(&g, starts_iter(), goal).heuristic(&h));
            check(&format!("astar ties {tie} hashed"), &g, starts, is_goal, expected, &hashed)?;
            check(&format!("astar ties {tie} dense"), &g, starts, is_goal, expected, &dense)?;
            prop_assert_eq!(&hashed.outcome, &dense.outcome, "ties {}: dense = hashed", tie);
        }

        let ida_hashed = IdaStar::with_table(state_search::Hashed).search(&Problem::new(&g, starts_iter(), goal).heuristic(&h));
        let ida_dense = IdaStar::with_table(Dense(Nodes(n))).search(&Problem::new(&g, starts_iter(), goal).heuristic(&h));
        check("idastar hashed table", &g, starts, is_goal, expected, &ida_hashed)?;
        check("idastar dense table", &g, starts, is_goal, expected, &ida_dense)?;
        prop_assert_eq!(&ida_hashed.outcome, &ida_dense.outcome, "dense = hashed");

        let spfa_hashed = Spfa::new().search(&Problem::new(&g, starts_iter(), goal)).unwrap();
        let spfa_dense = Spfa::with_storage(Dense(Nodes(n))).search(&Problem::new(&g, starts_iter(), goal)).unwrap();
        check("spfa hashed", &g, starts, is_goal, expected, &spfa_hashed)?;
        check("spfa dense", &g, starts, is_goal, expected, &spfa_dense)?;
        prop_assert_eq!(&spfa_hashed.outcome, &spfa_dense.outcome, "dense = hashed");

        let unchecked = IdaStar::with_table(Dense(Nodes(n))).with_cycle_check(CycleCheck::None);
        check("idastar table, no cycle check", &g, starts, is_goal, expected, &{ unchecked }.search(&Problem::new(&g, starts_iter(), goal).heuristic(&h)))?;
    }

    #[test]
    fn idastar_without_table_agrees_on_small_graphs(
        g in arb_graph(9, 18, 0u32..=5),
        start in 0u32..9,
        goal in 0u32..9,
    ) {
        let n = u32::try_from(g.len()).unwrap();
        let (start, goal) = (start % n, goal % n);
        let expected = bellman_ford(&g, &[start]).unwrap()[goal as usize];
        let zero = |_: &u32| 0u32;
        // Zero-cost cycles exist in these graphs: without a table only the path check
        // keeps an iteration finite.
        let ida = IdaStar::new().with_cycle_check(CycleCheck::Path);
        let search = ida.search(&Problem::new(&g, [start], is(goal)).heuristic(&zero));
        check("idastar path check", &g, &[start], |s| s == goal, expected, &search)?;
    }

    #[test]
    fn bfs_matches_dijkstra_on_unit_costs(
        g in arb_graph(40, 100, Just(1usize)),
        start in 0u32..40,
        goal in 0u32..40,
    ) {
        let n = g.len();
        let count = u32::try_from(n).unwrap();
        let (start, goal) = (start % count, goal % count);
        let steps = bfs_steps(&g, &[start]);
        let expected = steps[goal as usize];
        let unit = g.with_unit_costs(1u32);
        let dijkstra = Dijkstra::new().search(&Problem::new(&unit, [start], is(goal)));
        prop_assert_eq!(dijkstra.found().map(|f| f.cost as usize), expected);

        let hashed = Bfs::new().search(&Problem::new(&g, [start], is(goal)));
        let dense = Bfs::with_storage(Dense(Nodes(n))).search(&Problem::new(&g, [start], is(goal)));
        prop_assert_eq!(&hashed.outcome, &dense.outcome, "dense = hashed");
        let expected_i64 = expected.map(|e| i64::try_from(e).unwrap());
        let as_u32 = g.with_unit_costs(1u32);
        let hashed_u32 = hashed.clone().map(|f| Solution {
            path: f.path,
            cost: u32::try_from(f.cost).unwrap(),
        });
        check("bfs", &as_u32, &[start], |s| s == goal, expected_i64, &hashed_u32)?;

        let bidirectional = BidirectionalBfs::new().search(&Problem::between(&g, start, goal));
        let bidirectional_dense = BidirectionalBfs::with_storage(Dense(Nodes(n))).search(&Problem::between(&g, start, goal));
        prop_assert_eq!(bidirectional.found().map(|f| f.cost), expected);
        prop_assert_eq!(&bidirectional.outcome, &bidirectional_dense.outcome, "dense = hashed");
        if let Some(found) = bidirectional.found() {
            prop_assert_eq!(found.path[0], start);
            prop_assert_eq!(*found.path.last().unwrap(), goal);
            prop_assert_eq!(path_cost(&g.with_unit_costs(1u32), &found.path), expected_i64);
        }
        // Every distance BFS reports in a full exploration is the oracle's.
        let tree = state_search::bfs_reach(&g, [start]);
        for (node, steps_to) in steps.iter().enumerate() {
            prop_assert_eq!(tree.cost(&u32::try_from(node).unwrap()), *steps_to);
        }
    }

    #[test]
    fn bidirectional_bfs_from_several_starts_matches_the_oracle(
        g in arb_graph(30, 70, Just(1usize)),
        starts in proptest::collection::vec(0u32..30, 1..4),
        goal in 0u32..30,
    ) {
        let n = g.len();
        let count = u32::try_from(n).unwrap();
        let starts: Vec<u32> = starts.iter().map(|s| s % count).collect();
        let goal = goal % count;
        let expected = bfs_steps(&g, &starts)[goal as usize];
        let problem = Problem::new(&g, starts.iter().copied(), is(goal)).backward(goal);
        for search in [
            BidirectionalBfs::new().search(&problem),
            BidirectionalBfs::with_storage(Dense(Nodes(n))).search(&problem),
        ] {
            prop_assert_eq!(search.found().map(|f| f.cost), expected);
            if let Some(found) = search.found() {
                prop_assert!(starts.contains(&found.path[0]));
                prop_assert_eq!(*found.path.last().unwrap(), goal);
                let steps = path_cost(&g.with_unit_costs(1u32), &found.path);
                prop_assert_eq!(steps, expected.map(|e| i64::try_from(e).unwrap()));
            }
        }
    }

    #[test]
    fn spfa_matches_bellman_ford_with_negative_costs(
        g in arb_graph(12, 30, -4i64..=9),
        start in 0u32..12,
    ) {
        let n = g.len();
        let start = start % u32::try_from(n).unwrap();
        match bellman_ford(&g, &[start]) {
            Err(()) => {
                let cycle = Spfa::new().searcher().unwrap().reach(&g, [start]).unwrap_err();
                let mut closed = cycle.cycle.clone();
                closed.push(cycle.cycle[0]);
                let cost = path_cost(&g, &closed);
                prop_assert!(cost.is_some(), "the reported cycle is not a cycle: {:?}", cycle.cycle);
                prop_assert!(cost.unwrap() < 0, "the reported cycle is not negative");
                prop_assert_eq!(cost, cycle.cost);
                let dense = Spfa::with_storage(Dense(Nodes(n))).searcher().unwrap().reach(&g, [start]).unwrap_err();
                let mut closed = dense.cycle.clone();
                closed.push(dense.cycle[0]);
                prop_assert_eq!(path_cost(&g, &closed), dense.cost, "dense storage's cycle");
                prop_assert!(dense.cost.unwrap() < 0);
            }
            Ok(dist) => {
                let tree = state_search::spfa_reach(&g, [start]).unwrap();
                for (node, d) in dist.iter().enumerate() {
                    let node = u32::try_from(node).unwrap();
                    prop_assert_eq!(tree.cost(&node), *d);
                    if let Some(path) = tree.path_to(&node) {
                        prop_assert_eq!(path_cost(&g, &path), *d);
                    }
                }
            }
        }
    }

    #[test]
    fn engines_agree_on_random_grids(
        cols in 1u32..=12,
        rows in 1u32..=12,
        walls in 0u32..=45,
        max_cost in 1u8..=9,
        seed in any::<u64>(),
    ) {
        let maze = GridMaze::random(rows, cols, walls, max_cost, seed);
        let (start, goal) = (maze.start(), maze.goal());
        let expected = grid_oracle(&maze);
        let is_goal = |p: &Pos| *p == goal;
        let h = |p: &Pos| maze.manhattan(p);
        let cost = |s: &Search<Solution<Pos, u32>>| s.found().map(|f| f.cost);
        prop_assert_eq!(cost(&Dijkstra::new().search(&Problem::new(&maze, [start], is_goal))), expected);
        let dense = Dijkstra::with_storage(Dense(maze.indexer())).with_queue(BucketQueue::new());
        prop_assert_eq!(cost(&dense.search(&Problem::new(&maze, [start], is_goal))), expected);
        prop_assert_eq!(cost(&AStar::with_storage(Dense(maze.indexer())).search(&Problem::new(&maze, [start], is_goal).heuristic(&h))), expected);
        prop_assert_eq!(cost(&IdaStar::with_table(Dense(maze.indexer())).search(&Problem::new(&maze, [start], is_goal).heuristic(&h))), expected);
        prop_assert_eq!(cost(&Spfa::with_storage(Dense(maze.indexer())).search(&Problem::new(&maze, [start], is_goal)).unwrap()), expected);
        if let Some(found) = Dijkstra::new().search(&Problem::new(&maze, [start], is_goal)).found() {
            // Replay the path on the grid itself.
            let mut total = 0;
            for pair in found.path.windows(2) {
                prop_assert_eq!(pair[0].manhattan(pair[1]), 1);
                let c = maze.costs()[pair[1]];
                prop_assert!(c > 0, "the path enters a wall");
                total += u32::from(c);
            }
            prop_assert_eq!(total, found.cost);
        }
        if maze.is_uniform() {
            let steps = Bfs::with_storage(Dense(maze.indexer())).search(&Problem::new(&maze, [start], is_goal));
            prop_assert_eq!(steps.found().map(|f| u32::try_from(f.cost).unwrap()), expected);
        }
        // The cost-blind strategies run on exactly the mazes whose steps all cost 1.
        let unit = maze.costs().cells().iter().all(|&c| c <= 1);
        prop_assert_eq!(maze.is_uniform(), unit);
        prop_assert!(max_cost > 1 || unit);
        let problem = Problem::new(&maze, [start], is_goal).indexed().backward(goal);
        for strategy in [state_search::Strategy::Bfs, state_search::Strategy::BidirectionalBfs] {
            match strategy.run(&problem, &Limits::new()) {
                Ok(search) => {
                    prop_assert!(unit, "{} ran on a weighted maze", strategy);
                    prop_assert_eq!(cost(&search), expected, "{}", strategy);
                }
                Err(StrategyError::NotApplicable { reason, .. }) => {
                    prop_assert!(!unit, "{} refused a uniform maze", strategy);
                    prop_assert_eq!(reason, Inapplicable::NeedsUniformCost);
                }
                Err(error) => prop_assert!(false, "{}: {}", strategy, error),
            }
        }
    }
}

/// Least cost from the maze's start to its goal by Bellman–Ford over the cell array,
/// with the four neighbours computed here, not by the crate.
fn grid_oracle(maze: &GridMaze) -> Option<u32> {
    let costs = maze.costs();
    let (w, h) = (costs.cols() as usize, costs.rows() as usize);
    let cells = costs.cells();
    let mut dist: Vec<Option<u32>> = vec![None; w * h];
    dist[maze.start().row as usize * w + maze.start().col as usize] = Some(0);
    loop {
        let mut changed = false;
        for r in 0..h {
            for c in 0..w {
                let Some(d) = dist[r * w + c] else { continue };
                let around = [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ];
                for (nr, nc) in around {
                    if nr < h && nc < w && cells[nr * w + nc] > 0 {
                        let nd = d + u32::from(cells[nr * w + nc]);
                        if dist[nr * w + nc].is_none_or(|old| nd < old) {
                            dist[nr * w + nc] = Some(nd);
                            changed = true;
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    dist[maze.goal().row as usize * w + maze.goal().col as usize]
}
