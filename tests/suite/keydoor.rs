//! The key-door maze: the contest sample and hand-checked cases, every engine
//! against an independent brute-force oracle on random mazes, the parser on arbitrary
//! text, and the exact output of the example program.

use crate::common::keydoor as oracle;

#[path = "../../examples/keydoor/cli.rs"]
mod cli;

use proptest::prelude::*;
use proptest::strategy::Strategy as _;
use state_search::domains::SolveError;
use state_search::domains::keydoor::{
    Cell, KeyDoorMaze, LayeredSearch, Objective, RandomKeyDoor, Route,
};
use state_search::domains::keys::KeySet;
use state_search::grid::{Grid, Pos};
use state_search::strategy::Queue;
use state_search::{Inapplicable, Limits, Outcome, ParseErrorKind, Strategy};

const SAMPLE: &str = include_str!("../data/keydoor/sample.in");
const SAMPLE_OUT: &str = include_str!("../data/keydoor/sample.out");
const FEWEST_KEYS: &str = include_str!("../data/keydoor/fewest-keys.in");
const FEWEST_KEYS_OUT: &str = include_str!("../data/keydoor/fewest-keys.out");

/// The optimal strategies that solve `objective` sequentially, those cheap enough for a
/// maze of `cells` cells (IDA* without a table is exponential).
/// How a test solves a maze: the domain's layered search or a strategy.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Method {
    Layered,
    By(Strategy),
}

impl From<Strategy> for Method {
    fn from(strategy: Strategy) -> Self {
        Method::By(strategy)
    }
}

/// The layered search (for the fewest keys), then the optimal strategies for `objective`
/// cheap enough for a maze of `cells` cells.
fn strategies(objective: Objective, cells: usize) -> Vec<Method> {
    let layered = (objective == Objective::FewestKeys).then_some(Method::Layered);
    layered
        .into_iter()
        .chain(
            objective
                .strategies()
                .into_iter()
                .filter(|&s| Strategy::ALL.contains(&s) && s.is_optimal())
                .filter(|s| !s.info().tree_search || cells <= 12)
                .map(Method::By),
        )
        .collect()
}

fn solve(maze: &KeyDoorMaze, objective: Objective, method: impl Into<Method>) -> Outcome<Route> {
    match method.into() {
        Method::Layered => {
            assert_eq!(
                objective,
                Objective::FewestKeys,
                "layered finds the fewest keys"
            );
            maze.solve_layered(&Limits::new()).outcome
        }
        Method::By(strategy) => {
            maze.solve(objective, &strategy, &Limits::new())
                .unwrap_or_else(|e| panic!("{strategy:?}: {e}"))
                .outcome
        }
    }
}

fn rows_of(text: &str) -> oracle::Rows {
    text.lines()
        .skip(1)
        .map(|l| l.as_bytes().to_vec())
        .collect()
}

#[test]
fn the_sample_prints_its_expected_route_with_every_strategy() {
    let maze: KeyDoorMaze = SAMPLE.parse().unwrap();
    for strategy in strategies(Objective::FewestKeys, 0) {
        let Outcome::Found(route) = solve(&maze, Objective::FewestKeys, strategy) else {
            panic!("{strategy:?} found no route");
        };
        assert_eq!(format!("{route}\n"), SAMPLE_OUT, "{strategy:?}");
        assert_eq!(route.keys, KeySet::EMPTY.with(0));
    }
}

#[test]
fn fewest_keys_avoids_the_key_on_the_shortest_route() {
    let maze: KeyDoorMaze = FEWEST_KEYS.parse().unwrap();
    for strategy in strategies(Objective::FewestKeys, 0) {
        let Outcome::Found(route) = solve(&maze, Objective::FewestKeys, strategy) else {
            panic!("{strategy:?} found no route");
        };
        assert_eq!(format!("{route}\n"), FEWEST_KEYS_OUT, "{strategy:?}");
        assert_eq!((route.keys.len(), route.steps()), (0, 8));
    }
    for strategy in strategies(Objective::FewestMoves, 15) {
        let Outcome::Found(route) = solve(&maze, Objective::FewestMoves, strategy) else {
            panic!("{strategy:?} found no route");
        };
        assert_eq!(route.to_string(), "RRRR", "{strategy:?}");
        assert_eq!(route.keys, KeySet::EMPTY.with(0));
    }
}

#[test]
fn an_unreachable_target_is_no_path_for_every_strategy() {
    // The door needs key b, which lies behind it.
    let maze: KeyDoorMaze = "2 4\nSaBT\nXXXb\n".parse().unwrap();
    for objective in [Objective::FewestKeys, Objective::FewestMoves] {
        for strategy in strategies(objective, 8) {
            assert_eq!(
                solve(&maze, objective, strategy),
                Outcome::NoPath,
                "{strategy:?}"
            );
        }
    }
}

#[test]
fn several_doors_and_keys_of_one_type_mean_the_obvious_thing() {
    // Two doors of type a; the nearer of two a keys is taken; one key opens both doors.
    let maze: KeyDoorMaze = "3 6\nS.A.AT\n.XXXXX\n..a..a\n".parse().unwrap();
    let route = maze
        .solve(
            Objective::FewestKeys,
            &Objective::FewestKeys.default_strategy(),
            &Limits::new(),
        )
        .unwrap()
        .into_found()
        .unwrap();
    assert_eq!(route.to_string(), "DDRRLLUURRRRR");
    assert_eq!(route.keys, KeySet::EMPTY.with(0));
}

/// `Objective::strategies` lists exactly the strategies `solve` (with the `parallel`
/// feature, `par_solve`) does not refuse as not applicable.
#[test]
fn each_objective_lists_exactly_the_strategies_it_runs() {
    let maze: KeyDoorMaze = SAMPLE.parse().unwrap();
    // IDA* may take long on the sample: a limit makes it stop, which is not a refusal.
    let limits = Limits::new().max_expansions(10_000);
    #[cfg(feature = "parallel")]
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    for objective in [Objective::FewestKeys, Objective::FewestMoves] {
        let listed = objective.strategies();
        assert_eq!(listed[0], objective.default_strategy());
        let every = Strategy::ALL.into_iter();
        #[cfg(feature = "parallel")]
        let every = every.chain(Strategy::PARALLEL);
        for strategy in every {
            // `solve` on one thread, for the strategies it can run; with the feature,
            // `par_solve` too, for every strategy.
            let mut results = Vec::new();
            if Strategy::ALL.contains(&strategy) {
                results.push(maze.solve(objective, &strategy, &limits));
            }
            #[cfg(feature = "parallel")]
            results.push(pool.install(|| maze.par_solve(objective, &strategy, &limits)));
            for result in results {
                let refused = matches!(result, Err(SolveError::NotApplicable { .. }));
                assert_eq!(
                    listed.contains(&strategy),
                    !refused,
                    "{objective} {strategy}: {result:?}"
                );
            }
        }
    }
}

#[test]
fn the_strategies_that_do_not_apply_say_so() {
    let maze: KeyDoorMaze = SAMPLE.parse().unwrap();
    assert_eq!(
        maze.solve(Objective::FewestKeys, &Strategy::Bfs, &Limits::new()),
        Err(SolveError::NotApplicable {
            strategy: Strategy::Bfs,
            reason: Inapplicable::NeedsUniformCost
        })
    );
}

#[test]
fn thirty_two_key_types_fall_back_to_hashed_storage() {
    // 2 x 33 cells: row 0 is S, then door t and key t for every type in turn, then T;
    // 66 cells x 2^32 key sets cannot be numbered densely.
    let mut cells = vec![Cell::Floor; 2 * 67];
    for t in 0..32u8 {
        cells[1 + 2 * t as usize] = Cell::Key(t);
        cells[2 + 2 * t as usize] = Cell::Door(t);
    }
    for cell in &mut cells[67..] {
        *cell = Cell::Wall;
    }
    let grid = Grid::from_cells(2, 67, cells).unwrap();
    let maze = KeyDoorMaze::new(grid, Pos::new(0, 0), Pos::new(0, 65)).unwrap();
    assert_eq!(maze.key_types(), KeySet(u32::MAX));
    for strategy in [
        Method::Layered,
        Method::By(Strategy::Dijkstra(Queue::Heap)),
        Method::By(Strategy::AStar),
    ] {
        let Outcome::Found(route) = solve(&maze, Objective::FewestKeys, strategy) else {
            panic!("{strategy:?} found no route");
        };
        assert_eq!((route.keys.len(), route.steps()), (32, 65), "{strategy:?}");
    }
    let moves = solve(&maze, Objective::FewestMoves, Strategy::Bfs);
    assert_eq!(moves.map(|r| r.steps()), Outcome::Found(65));
}

#[test]
fn building_in_code_checks_the_start_target_and_types() {
    let grid = Grid::from_cells(1, 3, vec![Cell::Floor, Cell::Wall, Cell::Key(32)]).unwrap();
    let error = KeyDoorMaze::new(grid.clone(), Pos::new(0, 0), Pos::new(0, 1)).unwrap_err();
    assert_eq!(error.to_string(), "the target (0, 1) is not a floor cell");
    let error = KeyDoorMaze::new(grid.clone(), Pos::new(1, 0), Pos::new(0, 0)).unwrap_err();
    assert_eq!(error.to_string(), "the start (1, 0) is off the grid");
    let error = KeyDoorMaze::new(grid, Pos::new(0, 0), Pos::new(0, 0)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the cell (0, 2) has key type 32; types are 0..32"
    );
}

#[test]
fn a_start_on_the_target_is_an_empty_route() {
    let grid = Grid::from_cells(1, 2, vec![Cell::Floor, Cell::Key(3)]).unwrap();
    let maze = KeyDoorMaze::new(grid, Pos::new(0, 0), Pos::new(0, 0)).unwrap();
    for objective in [Objective::FewestKeys, Objective::FewestMoves] {
        for strategy in strategies(objective, 2) {
            let outcome = solve(&maze, objective, strategy);
            assert_eq!(
                outcome.map(|r| (r.steps(), r.keys)),
                Outcome::Found((0, KeySet::EMPTY))
            );
        }
    }
}

#[test]
fn generated_mazes_are_reproducible_and_print_as_parseable_text() {
    let mut spec = RandomKeyDoor::new(25, 40, 8, 11);
    spec.barrier_every = 7;
    spec.barrier_door_percent = 10;
    let maze = KeyDoorMaze::random(&spec);
    assert_eq!(maze, KeyDoorMaze::random(&spec));
    let text = maze.to_string();
    assert_eq!(text.parse::<KeyDoorMaze>().unwrap(), maze);
    // Column 6 (the 7th) is a barrier: walls and doors only.
    assert!(
        rows_of(&text)
            .iter()
            .all(|row| row[6] == b'X' || row[6].is_ascii_uppercase())
    );
    let rows = rows_of(&text);
    let expected = oracle::fewest_keys(&rows);
    let found = maze
        .solve(
            Objective::FewestKeys,
            &Objective::FewestKeys.default_strategy(),
            &Limits::new(),
        )
        .unwrap()
        .into_found();
    assert_eq!(found.map(|r| (r.keys.len(), r.steps())), expected);
}

#[test]
fn the_layered_search_is_deterministic_and_reusable() {
    let spec = RandomKeyDoor {
        barrier_every: 10,
        barrier_door_percent: 8,
        ..RandomKeyDoor::new(40, 60, 6, 6)
    };
    let maze = KeyDoorMaze::random(&spec);
    let mut layered = LayeredSearch::new();
    let first = layered.search(&maze, &Limits::new());
    let second = layered.search(&maze, &Limits::new());
    assert_eq!(first, second);
    assert!(layered.memory_bytes() > 0);
    let rows = rows_of(&maze.to_string());
    let route = first.into_found().expect("this maze has a route");
    assert_eq!(
        Some((route.keys.len(), route.steps())),
        oracle::fewest_keys(&rows)
    );
    assert_eq!(
        (route.keys.len(), route.steps()),
        (4, 128),
        "the barriers force keys"
    );
}

#[test]
fn parse_errors_name_the_line_and_column() {
    let error = |text: &str| {
        let e = KeyDoorMaze::parse(text).unwrap_err();
        (e.line, e.column, e.kind.clone(), e.to_string())
    };
    assert_eq!(
        error("2 3\nS.T\n.i.\n"),
        (
            3,
            2,
            ParseErrorKind::UnknownChar('i'),
            "line 3, column 2: unknown character 'i'".to_owned()
        )
    );
    assert_eq!(
        error("2 3\nS.T\n.S.\n").3,
        "line 3, column 2: a second start `S`"
    );
    assert_eq!(error("2 3\nS..\n...\n").3, "line 3: no target `T` found");
    assert_eq!(
        error("2 3\nS.T\n..\n").3,
        "line 3, column 3: row has 2 characters, expected 3"
    );
    assert_eq!(
        error("2 5000\nS.T\n").3,
        "line 1, column 3: the number of columns is 5000, the limit is 4096"
    );
    assert_eq!(
        error("two 3\n").3,
        "line 1, column 1: expected the number of rows (a positive integer), found \"two\""
    );
    assert_eq!(
        error("2 3\nS.T\n").3,
        "line 3: input ended, expected row 2 of 2"
    );
    // CRLF line ends and trailing blanks are fine.
    let maze = KeyDoorMaze::parse("3 4 \r\nS.a.  \r\n.X.X\r\nATX.\t\r\n\r\n").unwrap();
    assert_eq!(maze, SAMPLE.parse().unwrap());
}

/// Random key-door mazes up to `max_side` x `max_side`: floor, walls, doors and keys of a
/// random number of types (doors from rare to common, so that some mazes need several
/// keys), a start and a distinct target.
fn mazes(max_side: usize) -> impl proptest::strategy::Strategy<Value = oracle::Rows> {
    (1..=max_side, 1..=max_side, 1u8..=8, 0u32..=6)
        .prop_filter("room for S and T", |&(h, w, _, _)| h * w >= 2)
        .prop_flat_map(|(h, w, types, doors)| {
            let cell = prop_oneof![
                9 => Just(b'.'),
                3 => Just(b'X'),
                doors => (0..types).prop_map(|t| b'A' + t),
                2 => (0..types).prop_map(|t| b'a' + t),
            ];
            (
                proptest::collection::vec(cell, h * w),
                0..h * w,
                0..h * w - 1,
            )
                .prop_map(move |(mut cells, s, t)| {
                    let t = if t >= s { t + 1 } else { t };
                    cells[s] = b'S';
                    cells[t] = b'T';
                    cells.chunks(w).map(<[u8]>::to_vec).collect()
                })
        })
}

fn check_route(rows: &oracle::Rows, route: &Route, objective: Objective, strategy: Method) {
    let (on_target, keys) = oracle::replay(rows, &route.to_string())
        .unwrap_or_else(|e| panic!("{strategy:?} ({objective:?}) route {route}: {e}"));
    assert!(on_target, "{strategy:?} route {route} does not end on T");
    assert_eq!(
        keys,
        route.keys.len(),
        "{strategy:?}: keys reported vs collected"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_engine_finds_the_oracles_fewest_keys(rows in mazes(12)) {
        let maze = KeyDoorMaze::parse(&oracle::text(&rows)).unwrap();
        let expected = oracle::fewest_keys(&rows);
        let cells = rows.len() * rows[0].len();
        for strategy in strategies(Objective::FewestKeys, cells) {
            match solve(&maze, Objective::FewestKeys, strategy) {
                Outcome::Found(route) => {
                    check_route(&rows, &route, Objective::FewestKeys, strategy);
                    prop_assert_eq!(Some((route.keys.len(), route.steps())), expected, "{:?}", strategy);
                }
                other => prop_assert_eq!(expected, None, "{:?}: {:?}", strategy, other),
            }
        }
    }

    #[test]
    fn every_engine_finds_the_oracles_fewest_moves(rows in mazes(12)) {
        let maze = KeyDoorMaze::parse(&oracle::text(&rows)).unwrap();
        let expected = oracle::fewest_moves(&rows);
        let cells = rows.len() * rows[0].len();
        for strategy in strategies(Objective::FewestMoves, cells) {
            match solve(&maze, Objective::FewestMoves, strategy) {
                Outcome::Found(route) => {
                    check_route(&rows, &route, Objective::FewestMoves, strategy);
                    prop_assert_eq!(Some(route.steps()), expected, "{:?}", strategy);
                }
                other => prop_assert_eq!(expected, None, "{:?}: {:?}", strategy, other),
            }
        }
    }

    #[test]
    fn the_layered_search_matches_the_oracle_on_generated_barrier_mazes(
        cols in 2u32..=14,
        rows in 1u32..=12,
        key_types in 1u8..=8,
        barrier_every in 2u32..=5,
        barrier_door_percent in 5u32..=40,
        keys_per_type in 1u32..=3,
        seed in any::<u64>(),
    ) {
        let spec = RandomKeyDoor {
            barrier_every,
            barrier_door_percent,
            keys_per_type,
            ..RandomKeyDoor::new(rows, cols, key_types, seed)
        };
        let maze = KeyDoorMaze::random(&spec);
        let rows = rows_of(&maze.to_string());
        let expected = oracle::fewest_keys(&rows);
        for strategy in [Method::Layered, Method::By(Strategy::Dijkstra(Queue::Heap))] {
            match solve(&maze, Objective::FewestKeys, strategy) {
                Outcome::Found(route) => {
                    check_route(&rows, &route, Objective::FewestKeys, strategy);
                    prop_assert_eq!(Some((route.keys.len(), route.steps())), expected, "{:?}", strategy);
                }
                other => prop_assert_eq!(expected, None, "{:?}: {:?}", strategy, other),
            }
        }
    }

    #[test]
    fn the_library_replay_agrees_with_the_oracles(rows in mazes(8), moves in "[UDLR]{0,30}") {
        let maze = KeyDoorMaze::parse(&oracle::text(&rows)).unwrap();
        let dirs: Vec<_> = moves.chars().filter_map(state_search::grid::Dir::from_letter).collect();
        match (maze.replay(&dirs), oracle::replay(&rows, &moves)) {
            (Ok(end), Ok((on_target, keys))) => {
                prop_assert_eq!(end.pos == maze.target(), on_target);
                prop_assert_eq!(end.keys.len(), keys);
            }
            (Err(_), Err(_)) => {}
            (mine, theirs) => prop_assert!(false, "replay {:?} vs oracle {:?}", mine, theirs),
        }
    }

    #[test]
    fn the_parser_never_panics_on_arbitrary_text(text in "\\PC{0,200}") {
        if let Err(e) = KeyDoorMaze::parse(&text) {
            prop_assert!(e.line >= 1);
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn the_parser_never_panics_on_damaged_mazes(
        rows in mazes(6),
        at in any::<prop::sample::Index>(),
        byte in prop_oneof![Just(b'\n'), Just(b'\r'), Just(b' '), Just(b'S'), Just(b'T'), Just(b'3'), any::<u8>()],
        action in 0..3u8,
    ) {
        let mut text = oracle::text(&rows).into_bytes();
        let i = at.index(text.len());
        match action {
            0 => text[i] = byte,
            1 => { text.remove(i); }
            _ => text.insert(i, byte),
        }
        let text = String::from_utf8_lossy(&text);
        match KeyDoorMaze::parse(&text) {
            Ok(maze) => prop_assert_eq!(maze.to_string().parse::<KeyDoorMaze>().unwrap(), maze),
            Err(e) => prop_assert!(e.line >= 1 && e.line <= text.lines().count() + 1, "{}", e),
        }
    }
}

fn run(args: &[&str], stdin: &str) -> cli::Output {
    let args: Vec<String> = args.iter().map(|&a| a.to_owned()).collect();
    cli::run(&args, || Ok(stdin.to_owned()))
}

#[test]
fn the_example_prints_exactly_the_contest_output() {
    for (input, output) in [(SAMPLE, SAMPLE_OUT), (FEWEST_KEYS, FEWEST_KEYS_OUT)] {
        let out = run(&[], input);
        assert_eq!(
            (out.stdout.as_str(), out.stderr.as_str(), out.code),
            (output, "", 0)
        );
        for strategy in ["layered", "dijkstra", "astar", "idastar-tt", "idastar"] {
            let out = run(&["--strategy", strategy], input);
            assert_eq!((out.stdout.as_str(), out.code), (output, 0), "{strategy}");
        }
    }
    let out = run(&["--objective", "moves", "--strategy", "bfs"], FEWEST_KEYS);
    assert_eq!((out.stdout.as_str(), out.code), ("RRRR\n", 0));
}

#[test]
fn the_example_reads_the_file_named_on_the_command_line() {
    let path = std::env::temp_dir().join(format!("keydoor-sample-{}.in", std::process::id()));
    std::fs::write(&path, SAMPLE).unwrap();
    let out = run(&[path.to_str().unwrap()], "not read");
    std::fs::remove_file(&path).unwrap();
    assert_eq!((out.stdout.as_str(), out.code), (SAMPLE_OUT, 0));
    let out = run(&["/no/such/file.in"], "");
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with("keydoor: /no/such/file.in: "),
        "{}",
        out.stderr
    );
}

#[test]
fn the_example_without_a_route_prints_nothing_and_exits_1() {
    let out = run(&[], "1 3\nSXT\n");
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        "keydoor: no route: the target cannot be reached from the start\n"
    );
    assert_eq!(out.code, 1);
}

#[test]
fn the_example_says_a_beam_that_pruned_every_route_found_none_and_exits_2() {
    // The narrowest beam keeps the step right, a dead end: the route down is pruned.
    let maze = "3 4\nS.a.\n.X.X\nATX.\n";
    for objective in ["keys", "moves"] {
        let out = run(&["--strategy", "beam:1", "--objective", objective], maze);
        assert_eq!(
            (out.stdout.as_str(), out.stderr.as_str(), out.code),
            (
                "",
                "keydoor: no route found: beam:1 kept only dead ends (the beam pruned the \
                 rest); the target may still be reachable (a wider beam or an optimal \
                 strategy will tell)\n",
                2
            ),
            "{objective}"
        );
    }
    // A wider beam finds one.
    let out = run(&["--strategy", "beam:100"], maze);
    assert_eq!((out.stderr.as_str(), out.code), ("", 0), "{out:?}");
}

#[test]
fn the_example_reports_malformed_input_on_one_line_and_exits_2() {
    let out = run(&[], "2 3\nS.T\n.?.\n");
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        "keydoor: <stdin>: line 3, column 2: unknown character '?'\n"
    );
    assert_eq!(out.code, 2);
    for args in [
        &["--strategy", "quick"][..],
        &["--objective"][..],
        &["--fast"][..],
        &["a.in", "b.in"][..],
        &["--strategy", "bfs"][..],
    ] {
        let out = run(args, SAMPLE);
        assert_eq!((out.stdout.as_str(), out.code), ("", 2), "{args:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {}", out.stderr);
    }
}

#[test]
fn the_example_prints_statistics_on_request() {
    let out = run(&["--stats"], SAMPLE);
    assert_eq!((out.stdout.as_str(), out.code), (SAMPLE_OUT, 0));
    assert!(
        out.stderr
            .starts_with("keydoor: strategy layered: 10 expanded, 18 generated, 11 stored, 2 iterations, peak open 3, "),
        "{}",
        out.stderr
    );
}

#[test]
fn the_example_offers_exactly_the_strategies_that_solve_each_objective() {
    let maze: KeyDoorMaze = "1 3\nSaT\n".parse().unwrap();
    for objective in [Objective::FewestKeys, Objective::FewestMoves] {
        let help = run(&["--help"], "").stdout;
        for strategy in Strategy::ALL {
            let solved = maze.solve(objective, &strategy, &Limits::new());
            let refused = matches!(solved, Err(SolveError::NotApplicable { .. }));
            let offered = objective
                .strategies()
                .iter()
                .any(|s| s.pattern() == strategy.pattern());
            assert_eq!(offered, !refused, "{objective} {strategy}: {solved:?}");
            let args = [
                "--objective",
                &objective.to_string(),
                "--strategy",
                &strategy.to_string(),
            ];
            let out = run(&args, "1 3\nSaT\n");
            if offered {
                assert_eq!((out.stdout.as_str(), out.code), ("RR\n", 0), "{args:?}");
            } else {
                assert_eq!((out.stdout.as_str(), out.code), ("", 2), "{args:?}");
                assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {}", out.stderr);
            }
        }
        let line = help
            .lines()
            .find(|line| line.starts_with(&format!("strategies with --objective {objective}")))
            .unwrap_or_else(|| panic!("{help}"));
        let listed = line.rsplit(": ").next().unwrap();
        let layered = (objective == Objective::FewestKeys).then_some("layered");
        assert_eq!(
            listed,
            layered
                .into_iter()
                .chain(objective.strategies().iter().map(|s| s.pattern()))
                .collect::<Vec<_>>()
                .join("|"),
            "{help}"
        );
    }
}

#[test]
fn the_example_refuses_a_strategy_before_reading_the_input() {
    for args in [
        &["--strategy", "bfs"][..],
        &["--strategy", "layered", "--objective", "moves"],
        &["--strategy", "bibfs", "--objective", "moves"],
    ] {
        let out = cli::run(args, || -> std::io::Result<String> {
            panic!("{args:?}: the input is read")
        });
        assert_eq!((out.stdout.as_str(), out.code), ("", 2), "{args:?}");
        assert!(out.stderr.contains("does not apply"), "{}", out.stderr);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    }
}

#[test]
fn the_example_reads_standard_input_for_a_dash_and_ends_options_at_two_dashes() {
    let out = run(&["-"], SAMPLE);
    assert_eq!((out.stdout.as_str(), out.code), (SAMPLE_OUT, 0));
    let out = run(&["--stats", "--", "-"], SAMPLE);
    assert_eq!((out.stdout.as_str(), out.code), (SAMPLE_OUT, 0));
    // After `--`, `--stats` is a file name.
    let out = run(&["--", "--stats"], SAMPLE);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with("keydoor: --stats: "),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
}

#[test]
fn the_example_skips_a_byte_order_mark() {
    let out = run(&[], &format!("\u{feff}{SAMPLE}"));
    assert_eq!(
        (out.stdout.as_str(), out.stderr.as_str(), out.code),
        (SAMPLE_OUT, "", 0)
    );
}

#[cfg(unix)]
#[test]
fn the_example_reports_an_argument_that_is_not_utf8_on_one_line() {
    use std::os::unix::ffi::OsStringExt;
    for args in [
        vec![std::ffi::OsString::from_vec(b"maze\xff.in".to_vec())],
        vec![
            "--objective".into(),
            std::ffi::OsString::from_vec(b"k\xffys".to_vec()),
        ],
    ] {
        let out = cli::run(args.clone(), || Ok(SAMPLE.to_owned()));
        assert_eq!((out.stdout.as_str(), out.code), ("", 2), "{args:?}");
        assert!(out.stderr.contains("not valid UTF-8"), "{}", out.stderr);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    }
}

#[test]
fn random_mazes_with_more_keys_than_free_cells_are_made_at_once() {
    let spec = RandomKeyDoor {
        rows: 10,
        cols: 10,
        key_types: 8,
        wall_percent: 0,
        door_percent: 0,
        keys_per_type: u32::MAX,
        barrier_every: 0,
        barrier_door_percent: 0,
        seed: 1,
    };
    // In a thread, so that a generator that hangs fails the test instead.
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(KeyDoorMaze::random(&spec)));
    let maze = receive
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("the maze within 20 s");
    // Every free cell holds a key: the first type's, placed first.
    let text = maze.to_string();
    assert_eq!(text.matches('a').count(), 98, "{text}");
}
