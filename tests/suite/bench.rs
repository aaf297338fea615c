//! The comparison harness: its report says what each strategy says when run directly, on
//! random small graphs; skipped pairs are reported, never run; the renderers agree.

use crate::common::graph;

use graph::{Graph, Nodes, arb_graph, is, lookup};
use proptest::prelude::*;
use proptest::strategy::Strategy as _;
use state_search::bench::{Comparison, RunOutcome};
use state_search::{Inapplicable, Limits, Outcome, Problem, Strategy};

/// Every strategy that runs on a `StateSpace`, but the tree searches (`idastar`: exponential).
fn strategies() -> Vec<Strategy> {
    Strategy::ALL
        .into_iter()
        .filter(|s| s.is_optimal())
        .filter(|s| !s.info().tree_search)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_report_s_costs_are_those_of_each_strategy_run_directly(
        (g, start, goal) in arb_graph(12, 30, 0u32..=9).prop_flat_map(|g| {
            let n = u32::try_from(g.len()).unwrap();
            (Just(g), 0..n, 0..n)
        })
    ) {
        let problem = || Problem::new(&g, [start], is(goal)).indexer(Nodes(g.len()));
        let mut comparison = Comparison::new().problem("graph", problem()).progress(false);
        for strategy in strategies() {
            comparison = comparison.strategy(strategy);
        }
        let report = comparison.run();
        prop_assert_eq!(report.rows().len(), strategies().len());
        for (row, strategy) in report.rows().iter().zip(strategies()) {
            prop_assert_eq!(row.strategy, strategy);
            match strategy.run(&problem(), &Limits::new()) {
                Ok(search) => {
                    let direct = search.found().map(|found| found.cost.to_string());
                    prop_assert_eq!(&row.cost, &direct, "{}", strategy);
                    if matches!(search.outcome, Outcome::NoPath) {
                        prop_assert_eq!(&row.outcome, &RunOutcome::NoPath, "{}", strategy);
                    }
                    prop_assert_eq!(row.expanded, search.stats.expanded, "{}", strategy);
                    if direct.is_some() {
                        prop_assert_eq!(row.suboptimality, Some(1.0), "{}", strategy);
                    }
                }
                Err(error) => {
                    let reason = error.refusal().map(|(_, reason)| reason).unwrap();
                    prop_assert_eq!(&row.outcome, &RunOutcome::NotApplicable(reason));
                    prop_assert_eq!(row.time.runs, 0, "a refusal is not timed");
                }
            }
        }
    }
}

#[test]
fn skipped_pairs_are_reported_with_their_reason() {
    let g = Graph::new(3, &[(0, 1, 2u32), (1, 2, 3)]);
    let report = Comparison::new()
        .problem("weighted", Problem::new(&g, [0], is(2)))
        .strategies(["bfs", "bibfs", "astar"])
        .unwrap()
        .repeat(3)
        .progress(false)
        .run();
    let outcomes: Vec<&RunOutcome> = report.rows().iter().map(|row| &row.outcome).collect();
    assert_eq!(
        outcomes[..2],
        [
            &RunOutcome::NotApplicable(Inapplicable::NeedsUniformCost),
            &RunOutcome::NotApplicable(Inapplicable::NeedsUniformCost)
        ]
    );
    assert_eq!(report.rows()[2].cost.as_deref(), Some("5"));
    assert_eq!(report.rows()[2].time.runs, 3);
    // A refusal is not timed, with or without warm-up runs: no time in any rendering.
    for warmup in [0, 2] {
        let report = Comparison::new()
            .problem("weighted", Problem::new(&g, [0], is(2)))
            .strategies(["bfs", "astar"])
            .unwrap()
            .warmup(warmup)
            .progress(false)
            .run();
        let (skipped, timed) = (&report.rows()[0], &report.rows()[1]);
        assert_eq!(
            (skipped.time.runs, timed.time.runs),
            (0, 1),
            "warm-up {warmup}"
        );
        let table = report.table();
        let line: Vec<&str> = table.lines().nth(1).unwrap().split_whitespace().collect();
        // Nor counts: expanded, generated, memory and the three times.
        assert_eq!(line[line.len() - 6..], ["-"; 6], "warm-up {warmup}");
        let csv = report.csv();
        assert!(
            csv.lines().nth(1).unwrap().ends_with(",-,-,-,-,-,-"),
            "{csv}"
        );
        assert!(!csv.lines().nth(2).unwrap().ends_with(",-"), "{csv}");
        let json: serde_json::Value = serde_json::from_str(&report.json()).unwrap();
        assert!(json[0]["expanded"].is_null() && json[0]["memory_bytes"].is_null());
        assert!(json[1]["expanded"].is_u64());
    }
}

#[test]
fn the_table_the_csv_and_the_json_hold_the_same_numbers() {
    let g = Graph::new(4, &[(0, 1, 2u32), (1, 2, 3), (0, 2, 9), (2, 3, 1)]);
    let report = Comparison::new()
        .problem("small", Problem::new(&g, [0], is(3)))
        .strategies(["dijkstra", "astar", "spfa"])
        .unwrap()
        .progress(false)
        .run();
    let json: serde_json::Value = serde_json::from_str(&report.json()).unwrap();
    let csv = report.csv();
    let table = report.table();
    for (i, row) in report.rows().iter().enumerate() {
        let csv_cells: Vec<&str> = csv.lines().nth(i + 1).unwrap().split(',').collect();
        let table_cells: Vec<&str> = table
            .lines()
            .nth(i + 1)
            .unwrap()
            .split_whitespace()
            .collect();
        assert_eq!(csv_cells[3], "6");
        assert_eq!(table_cells[3], "6");
        assert_eq!(json[i]["cost"], "6");
        let expanded = row.expanded.to_string();
        assert_eq!(csv_cells[5], expanded);
        assert_eq!(table_cells[5], expanded);
        assert_eq!(json[i]["expanded"], row.expanded);
        let ms = format!("{:.3}", row.time.median.as_secs_f64() * 1e3);
        assert_eq!(csv_cells[9], ms);
        assert_eq!(table_cells[9], ms);
    }
    let svg = report.svg("small").unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("dijkstra") && svg.contains("cost 6"));
}

#[test]
fn a_chart_shows_costlier_solutions_and_names_skipped_strategies_under_its_panels() {
    // 0 -> 1 -> 3 costs 2; 0 -> 2 -> 3 costs 10 and looks better to the greedy search.
    let g = Graph::new(4, &[(0, 1, 1u32), (1, 3, 1), (0, 2, 5), (2, 3, 5)]);
    let h = lookup(&[2u32, 1, 0, 0]);
    let report = Comparison::new()
        .problem("small", Problem::new(&g, [0], is(3)).heuristic(h))
        .strategies(["astar", "gbfs", "bfs"])
        .unwrap()
        .progress(false)
        .run();
    assert_eq!(report.rows()[1].suboptimality, Some(5.0));
    let svg = report.svg("small").unwrap();
    // The ratio is in gbfs's labels, its bars in the colour of a costlier solution (and
    // the legend's box).
    assert_eq!(svg.matches("cost 10 (x5.000)").count(), 2, "{svg}");
    assert_eq!(svg.matches("fill=\"#9664C8\"").count(), 3, "{svg}");
    // Each strategy that ran is named in both panels (plotters writes a text's content
    // on a line of its own); bfs is skipped: named once, under the panels, without its
    // reason.
    assert_eq!(svg.matches("\nastar\n").count(), 2, "{svg}");
    assert_eq!(svg.matches("\nbfs\n").count(), 0, "{svg}");
    assert!(svg.contains("the report says why): bfs\n"), "{svg}");
    assert!(!svg.contains("ignores step costs"), "{svg}");
}

/// Problems whose names give the same file name get charts of their own: the later ones
/// with a number before `.svg`, each file the chart of its problem.
#[test]
fn charts_of_names_that_give_one_file_name_do_not_replace_each_other() {
    let g = Graph::new(3, &[(0, 1, 1u32), (1, 2, 1)]);
    let report = Comparison::new()
        .problem("line a b", Problem::new(&g, [0], is(2)))
        .problem("line a-b", Problem::new(&g, [0], is(1)))
        .problem("line a+b", Problem::new(&g, [1], is(2)))
        .strategies(["dijkstra"])
        .unwrap()
        .progress(false)
        .run();
    let dir = std::env::temp_dir().join(format!("state-search-svgs-{}", std::process::id()));
    let written = report.write_svgs(&dir).unwrap();
    let names: Vec<_> = written
        .iter()
        .map(|p| p.file_name().unwrap().to_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["line-a-b.svg", "line-a-b-2.svg", "line-a-b-3.svg"]);
    for (path, problem) in written.iter().zip(["line a b", "line a-b", "line a+b"]) {
        assert_eq!(
            std::fs::read_to_string(path).unwrap(),
            report.svg(problem).unwrap()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_problem_with_a_distance_to_go_is_compared_with_it() {
    // Integers up to 400: +1 costs 1, *2 costs 3; from 1 to 200. The distance-to-go
    // steers focal search, so the run with it expands other states than the run without.
    let space = state_search::from_fn(|&n: &u64| {
        [(n + 1, 1u64), (n * 2, 3)]
            .into_iter()
            .filter(|&(m, _)| m <= 400)
    });
    let plain = || Problem::new(&space, [1], |&n| n == 200);
    let steered = || plain().distance_to_go(|&n: &u64| 200u64.abs_diff(n).min(8));
    let focal: Strategy = "focal:2".parse().unwrap();
    let with = focal.run(&steered(), &Limits::new()).unwrap();
    let without = focal.run(&plain(), &Limits::new()).unwrap();
    assert_ne!(with.stats.expanded, without.stats.expanded);
    let report = Comparison::new()
        .problem("steered", steered())
        .strategy(focal)
        .progress(false)
        .run();
    assert_eq!(report.rows()[0].expanded, with.stats.expanded);
}

#[test]
fn a_problem_s_cost_limit_reaches_every_run_as_a_direct_run_s_would() {
    // 0 -> 1 -> 2 -> 3 costs 2 + 3 + 1 = 6; the edge 0 -> 2 costs 9.
    let g = Graph::new(4, &[(0, 1, 2u32), (1, 2, 3), (0, 2, 9), (2, 3, 1)]);
    let problem = || Problem::new(&g, [0], is(3));
    for max_cost in [5, 6] {
        let report = Comparison::new()
            .problem_with_max_cost("limited", problem(), max_cost)
            .strategies([
                "dijkstra",
                "dijkstra:bucket",
                "astar",
                "spfa",
                "idastar",
                "idastar-tt",
            ])
            .unwrap()
            .progress(false)
            .run();
        for row in report.rows() {
            let direct = row
                .strategy
                .run(&problem(), &Limits::new().max_cost(max_cost))
                .unwrap();
            let expected = match direct.outcome {
                Outcome::Found(found) => RunOutcome::Found {
                    cost: found.cost.to_string(),
                    value: Some(f64::from(found.cost)),
                },
                Outcome::NoPath => RunOutcome::NoPath,
                Outcome::Stopped(reason) => RunOutcome::Stopped(reason),
            };
            assert_eq!(row.outcome, expected, "{} within {max_cost}", row.strategy);
            let found = matches!(row.outcome, RunOutcome::Found { .. });
            assert_eq!(found, max_cost == 6, "{} within {max_cost}", row.strategy);
        }
    }
}
