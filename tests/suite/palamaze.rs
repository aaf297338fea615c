//! The pipe-key maze: the contest sample and the hand-checked pipe cases, every
//! engine against an independent brute-force oracle on random mazes, the parser on
//! arbitrary text, and the exact output of the example program.

use crate::common::palamaze as oracle;

#[path = "../../examples/palamaze/cli.rs"]
mod cli;

use proptest::prelude::*;
use proptest::strategy::Strategy as _;
use state_search::domains::keys::KeySet;
use state_search::domains::pipemaze::{
    NO_ESCAPE, PipeCell, PipeMaze, PipeRoute, RandomPipeMaze, escape_answer,
};
use state_search::grid::{Grid, Pos};
use state_search::strategy::{Queue, Requirement};
use state_search::{Limits, Outcome, ParseErrorKind, StateSpace, StopReason, Strategy};

/// The contest sample and the three hand-checked pipe cases, with their answers.
const CASES: [(&str, &str); 4] = [
    (
        include_str!("../data/palamaze/sample.in"),
        include_str!("../data/palamaze/sample.out"),
    ),
    (
        include_str!("../data/palamaze/pipe-horizontal.in"),
        include_str!("../data/palamaze/pipe-horizontal.out"),
    ),
    (
        include_str!("../data/palamaze/pipe-vertical-key.in"),
        include_str!("../data/palamaze/pipe-vertical-key.out"),
    ),
    (
        include_str!("../data/palamaze/pipe-vertical-no-key.in"),
        include_str!("../data/palamaze/pipe-vertical-no-key.out"),
    ),
];

/// The strategies cheap enough for a maze of `cells` cells (a tree search, `idastar`, is
/// exponential).
fn strategies(cells: usize) -> Vec<Strategy> {
    Strategy::ALL
        .into_iter()
        .filter(|s| s.is_optimal())
        .filter(|s| !s.info().needs(Requirement::Backward))
        .filter(|s| !s.info().tree_search || cells <= 12)
        .collect()
}

fn rows_of(text: &str) -> oracle::Rows {
    text.lines()
        .skip(1)
        .map(|l| l.as_bytes().to_vec())
        .collect()
}

fn moves_of(route: &PipeRoute) -> Vec<(u8, bool)> {
    route
        .moves
        .iter()
        .map(|m| (u8::try_from(m.dir.letter()).unwrap(), m.pass))
        .collect()
}

#[test]
fn the_sample_and_pipe_cases_give_their_answers_with_every_strategy() {
    for (input, output) in CASES {
        let maze: PipeMaze = input.parse().unwrap();
        for strategy in strategies(15) {
            let search = maze.solve(&strategy, &Limits::new()).unwrap();
            assert_eq!(
                format!("{}\n", escape_answer(&search.outcome).unwrap()),
                output,
                "{strategy:?} on {input}"
            );
        }
    }
}

#[test]
fn the_horizontal_pipe_is_passed_without_a_key_and_the_vertical_one_with_it() {
    let horizontal: PipeMaze = CASES[1].0.parse().unwrap();
    let route = horizontal
        .solve(&Strategy::Bfs, &Limits::new())
        .unwrap()
        .into_found()
        .unwrap();
    assert_eq!(route.to_string(), "R R2 R");
    assert_eq!(
        route.cells,
        [
            Pos::new(0, 0),
            Pos::new(0, 1),
            Pos::new(0, 3),
            Pos::new(0, 4)
        ]
    );
    let vertical: PipeMaze = CASES[2].0.parse().unwrap();
    let route = vertical
        .solve(&Strategy::AStar, &Limits::new())
        .unwrap()
        .into_found()
        .unwrap();
    assert_eq!(route.to_string(), "R R2 R");
    // Key 1 lies below (0, 1): collected on arriving there, not at the start.
    assert_eq!(vertical.start_state().keys, KeySet::EMPTY);
    assert_eq!(route.keys, KeySet::EMPTY.with(0));
}

#[test]
fn keys_next_to_the_start_are_held_at_time_zero() {
    // Key 2 neighbours the start; the vertical pipe b then opens to the right at once.
    let maze: PipeMaze = "2 3\n#b$\n2**\n".parse().unwrap();
    assert_eq!(maze.start_state().keys, KeySet::EMPTY.with(1));
    let route = maze
        .solve(&Strategy::Bfs, &Limits::new())
        .unwrap()
        .into_found()
        .unwrap();
    assert_eq!(route.to_string(), "R2");
}

#[test]
fn a_pass_needs_water_beyond_the_pipe() {
    // The pipe at the edge leads off the grid; the one before stone leads nowhere.
    let maze: PipeMaze = "2 3\n$+#\n*A*\n".parse().unwrap();
    let mut moves = Vec::new();
    maze.successors(&maze.start_state(), |next, cost| {
        moves.push((next.pos, cost));
    });
    assert_eq!(moves, [(Pos::new(0, 1), 1)]);
    let maze: PipeMaze = "1 4\n#A*$\n".parse().unwrap();
    assert_eq!(
        escape_answer(&maze.solve(&Strategy::Bfs, &Limits::new()).unwrap().outcome),
        Some(NO_ESCAPE)
    );
}

#[test]
fn routes_beyond_the_closing_time_do_not_escape() {
    // A corridor of 10002 cells: the exit is 10001 moves away, one more than allowed.
    // Built in code, since the text format stops at 1000 columns.
    let mut cells = vec![PipeCell::Water(None); 10_002];
    cells[5_000] = PipeCell::Water(Some(3));
    let corridor = |cells| Grid::from_cells(1, 10_002, cells).unwrap();
    let maze = PipeMaze::new(corridor(cells.clone()), Pos::new(0, 0), Pos::new(0, 10_001)).unwrap();
    for strategy in [
        Strategy::Bfs,
        Strategy::Dijkstra(Queue::Heap),
        Strategy::AStar,
        Strategy::IdaStarTable,
    ] {
        let search = maze.solve(&strategy, &Limits::new()).unwrap();
        assert_eq!(
            escape_answer(&search.outcome),
            Some(NO_ESCAPE),
            "{strategy:?}"
        );
    }
    let maze = PipeMaze::new(corridor(cells), Pos::new(0, 1), Pos::new(0, 10_001)).unwrap();
    for strategy in [Strategy::Bfs, Strategy::AStar] {
        let search = maze.solve(&strategy, &Limits::new()).unwrap();
        assert_eq!(escape_answer(&search.outcome), Some(10_000), "{strategy:?}");
    }
}

#[test]
fn an_exit_walled_in_on_a_contest_sized_maze_gives_10001() {
    let spec = RandomPipeMaze {
        stone_percent: 30,
        pipe_percent: 25,
        key_percent: 3,
        wall_in_exit: true,
        ..RandomPipeMaze::new(20, 20, 9, 5)
    };
    let maze = PipeMaze::random(&spec);
    let rows = rows_of(&maze.to_string());
    assert_eq!(oracle::escape(&rows), oracle::NO_ESCAPE);
    for strategy in [
        Strategy::Bfs,
        Strategy::Dijkstra(Queue::Heap),
        Strategy::AStar,
        Strategy::IdaStarTable,
    ] {
        let search = maze.solve(&strategy, &Limits::new()).unwrap();
        assert_eq!(
            escape_answer(&search.outcome),
            Some(NO_ESCAPE),
            "{strategy:?}"
        );
        assert!(
            search.stats.expanded > 1000,
            "the fish can swim far: {strategy:?}"
        );
    }
}

#[test]
fn the_heuristic_is_consistent() {
    for seed in 0..20 {
        let maze = PipeMaze::random(&RandomPipeMaze::new(12, 15, 9, seed));
        let reachable = state_search::bfs_reach(&maze, [maze.start_state()]);
        for (state, _) in reachable.iter() {
            let h = maze.heuristic(state);
            maze.successors(state, |next, cost| {
                assert!(h <= cost + maze.heuristic(&next));
            });
            if maze.is_goal(state) {
                assert_eq!(h, 0);
            }
        }
    }
}

#[test]
fn building_in_code_checks_the_start_exit_and_colours() {
    let pipe = |colour| PipeCell::Pipe {
        colour,
        horizontal: true,
    };
    let grid =
        Grid::from_cells(1, 3, vec![PipeCell::Water(None), PipeCell::Stone, pipe(40)]).unwrap();
    let error = PipeMaze::new(grid.clone(), Pos::new(0, 0), Pos::new(0, 1)).unwrap_err();
    assert_eq!(error.to_string(), "the exit (0, 1) is not water");
    let error = PipeMaze::new(grid, Pos::new(0, 0), Pos::new(0, 0)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the cell (0, 2) has colour 40; colours are 0..32"
    );
}

#[test]
fn parse_errors_name_the_line_and_column() {
    let error = |text: &str| {
        let e = PipeMaze::parse(text).unwrap_err();
        (e.line, e.column, e.kind.clone(), e.to_string())
    };
    assert_eq!(
        error("2 3\n#+$\n+J+\n"),
        (
            3,
            2,
            ParseErrorKind::UnknownChar('J'),
            "line 3, column 2: unknown character 'J'".to_owned()
        )
    );
    assert_eq!(
        error("2 3\n#+$\n+0+\n").3,
        "line 3, column 2: unknown character '0'"
    );
    assert_eq!(
        error("2 3\n#+$\n+#+\n").3,
        "line 3, column 2: a second start `#`"
    );
    assert_eq!(error("2 3\n#++\n+++\n").3, "line 3: no exit `$` found");
    assert_eq!(
        error("2 3\n#+$\n++++\n").3,
        "line 3, column 4: row has 4 characters, expected 3"
    );
    assert_eq!(
        error("1001 3\n").3,
        "line 1, column 1: the number of rows is 1001, the limit is 1000"
    );
    assert_eq!(
        error("2\n#+$\n").3,
        "line 1, column 2: the line ended, expected the number of columns on the header line `rows columns`"
    );
    let maze = PipeMaze::parse("4 4\r\n****  \r\n*#+*\r\n*+$*\r\n****\r\n\r\n").unwrap();
    assert_eq!(maze, CASES[0].0.parse().unwrap());
}

/// Random pipe-key mazes up to `max_side` x `max_side`: stone, water, keys and pipes of
/// a random number of colours (adjacent pipes included), a start and a distinct exit.
fn mazes(max_side: usize) -> impl proptest::strategy::Strategy<Value = oracle::Rows> {
    (1..=max_side, 1..=max_side, 1u8..=9)
        .prop_filter("room for the start and the exit", |&(h, w, _)| h * w >= 2)
        .prop_flat_map(|(h, w, colours)| {
            let cell = prop_oneof![
                8 => Just(b'+'),
                3 => Just(b'*'),
                2 => (0..colours).prop_map(|k| b'1' + k),
                2 => (0..colours).prop_map(|k| b'A' + k),
                2 => (0..colours).prop_map(|k| b'a' + k),
            ];
            (
                proptest::collection::vec(cell, h * w),
                0..h * w,
                0..h * w - 1,
            )
                .prop_map(move |(mut cells, s, e)| {
                    let e = if e >= s { e + 1 } else { e };
                    cells[s] = b'#';
                    cells[e] = b'$';
                    cells.chunks(w).map(<[u8]>::to_vec).collect()
                })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_engine_finds_the_oracles_escape(rows in mazes(12)) {
        let maze = PipeMaze::parse(&oracle::text(&rows)).unwrap();
        let expected = oracle::escape(&rows);
        for strategy in strategies(rows.len() * rows[0].len()) {
            let search = maze.solve(&strategy, &Limits::new()).unwrap();
            let answer = escape_answer(&search.outcome).unwrap() as usize;
            prop_assert_eq!(answer, expected, "{:?}", strategy);
            if let Outcome::Found(route) = &search.outcome {
                let on_exit = oracle::replay(&rows, &moves_of(route))
                    .map_err(|e| TestCaseError::fail(format!("{strategy:?} route {route}: {e}")))?;
                prop_assert!(on_exit, "{:?} route {} does not end on the exit", strategy, route);
                prop_assert_eq!(route.cells.len(), route.len() + 1);
                prop_assert_eq!(maze.replay(&route.moves).map(|s| s.pos), Ok(maze.exit()));
            }
        }
    }

    #[test]
    fn the_parser_never_panics_on_arbitrary_text(text in "\\PC{0,200}") {
        if let Err(e) = PipeMaze::parse(&text) {
            prop_assert!(e.line >= 1);
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn the_parser_never_panics_on_damaged_mazes(
        rows in mazes(6),
        at in any::<prop::sample::Index>(),
        byte in prop_oneof![Just(b'\n'), Just(b'\r'), Just(b' '), Just(b'#'), Just(b'$'), Just(b'J'), any::<u8>()],
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
        match PipeMaze::parse(&text) {
            Ok(maze) => prop_assert_eq!(maze.to_string().parse::<PipeMaze>().unwrap(), maze),
            Err(e) => prop_assert!(e.line >= 1 && e.line <= text.lines().count() + 1, "{}", e),
        }
    }
}

proptest! {
    // IDA* on a walled-in exit runs one iteration per bound: fewer, larger cases.
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_engine_escapes_generated_contest_mazes(seed in any::<u64>(), walled in any::<bool>()) {
        let spec = RandomPipeMaze { wall_in_exit: walled, ..RandomPipeMaze::new(12, 12, 9, seed) };
        let maze = PipeMaze::random(&spec);
        let rows = rows_of(&maze.to_string());
        let expected = oracle::escape(&rows);
        for strategy in strategies(144) {
            let search = maze.solve(&strategy, &Limits::new()).unwrap();
            prop_assert_eq!(escape_answer(&search.outcome).unwrap() as usize, expected, "{:?}", strategy);
        }
    }

}

fn run(args: &[&str], stdin: &str) -> cli::Output {
    let args: Vec<String> = args.iter().map(|&a| a.to_owned()).collect();
    cli::run(&args, || Ok(stdin.to_owned()))
}

#[test]
fn a_long_iterative_search_reports_its_progress_and_a_short_one_does_not() {
    use cli::common::Progress;
    use state_search::{Event, Stats, Visitor};
    use std::time::{Duration, Instant};
    let mut stats = Stats::default();
    stats.expanded = 1234;
    let iteration = |progress: &mut Progress, bound: u32| {
        let event = Event::IterationFinished {
            bound,
            next_bound: Some(bound + 1),
            stats: &stats,
        };
        let _ = Visitor::<u32, u32>::visit(progress, event);
    };
    let strategy = Strategy::IdaStarTable;
    let mut short = Progress::new("palamaze", &strategy);
    iteration(&mut short, 7);
    assert_eq!(short.last(), None);
    let started = Instant::now().checked_sub(Duration::from_secs(6)).unwrap();
    let mut long = Progress::since("palamaze", &strategy, started);
    iteration(&mut long, 7);
    assert_eq!(
        long.last(),
        Some("palamaze: idastar-tt: 1234 states expanded, 6 s, no route costs 7 or less")
    );
    // At most one line per period.
    iteration(&mut long, 8);
    assert!(long.last().unwrap().ends_with("7 or less"));
    assert!(Progress::reports(&strategy) && !Progress::reports(&Strategy::Bfs));
}

#[test]
fn the_example_prints_exactly_the_contest_output() {
    for (input, output) in CASES {
        for args in [
            &[][..],
            &["--strategy", "bfs"],
            &["--strategy", "dijkstra"],
            &["--strategy", "astar"],
            &["--strategy", "idastar"],
            &["--strategy", "idastar-tt"],
        ] {
            let out = run(args, input);
            assert_eq!(
                (out.stdout.as_str(), out.stderr.as_str(), out.code),
                (output, "", 0),
                "{args:?}"
            );
        }
    }
}

#[test]
fn the_example_does_not_answer_10001_for_a_beam_that_pruned_the_way_out() {
    // The narrowest beam keeps the step down, a dead end; the way out is five moves, along
    // the top row and down.
    let maze = "3 4\n#+++\n+**+\n*++$\n";
    assert_eq!(run(&[], maze).stdout, "5\n");
    let out = run(&["--strategy", "beam:1"], maze);
    assert_eq!(
        (out.stdout.as_str(), out.stderr.as_str(), out.code),
        (
            "",
            "palamaze: no answer: beam:1 kept only dead ends (the beam pruned the rest); the \
             fish may still escape (a wider beam or an optimal strategy will tell)\n",
            2
        )
    );
    let out = run(&["--strategy", "beam:100"], maze);
    assert_eq!((out.stdout.as_str(), out.code), ("5\n", 0));
}

#[test]
fn the_example_prints_the_route_on_request() {
    let out = run(&["--path"], CASES[1].0);
    assert_eq!((out.stdout.as_str(), out.code), ("3\nR R2 R\n", 0));
    let out = run(&["--path"], CASES[3].0);
    assert_eq!((out.stdout.as_str(), out.code), ("10001\n", 0));
}

#[test]
fn the_example_reads_the_file_named_on_the_command_line() {
    let path = std::env::temp_dir().join(format!("palamaze-sample-{}.in", std::process::id()));
    std::fs::write(&path, CASES[0].0).unwrap();
    let out = run(&[path.to_str().unwrap()], "not read");
    std::fs::remove_file(&path).unwrap();
    assert_eq!((out.stdout.as_str(), out.code), ("2\n", 0));
}

#[test]
fn the_example_reports_malformed_input_on_one_line_and_exits_2() {
    let out = run(&[], "2 3\n#+$\n+J+\n");
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        "palamaze: <stdin>: line 3, column 2: unknown character 'J'\n"
    );
    assert_eq!(out.code, 2);
    for args in [
        &["--strategy", "layered"][..], // the key-door maze's own search
        &["--strategy", "mm"][..],
        &["--strategy"][..],
        &["--verbose"][..],
        &["a", "b"][..],
    ] {
        let out = run(args, CASES[0].0);
        assert_eq!((out.stdout.as_str(), out.code), ("", 2), "{args:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {}", out.stderr);
    }
}

#[test]
fn the_example_prints_statistics_on_request() {
    let out = run(&["--stats"], CASES[0].0);
    assert_eq!((out.stdout.as_str(), out.code), ("2\n", 0));
    // BFS tests the goal when it is generated: the start and one neighbour are expanded.
    assert!(
        out.stderr
            .starts_with("palamaze: strategy bfs: 2 expanded, "),
        "{}",
        out.stderr
    );
}

#[test]
fn a_pipe_along_the_move_needs_no_key_and_across_it_needs_one() {
    // No key anywhere: only the pipe's own direction decides.
    let answer = |text: &str| {
        let maze: PipeMaze = text.parse().unwrap();
        escape_answer(&maze.solve(&Strategy::Bfs, &Limits::new()).unwrap().outcome).unwrap()
    };
    assert_eq!(
        answer("1 3\n#A$\n"),
        1,
        "a horizontal pipe passed left to right"
    );
    assert_eq!(
        answer("3 1\n#\na\n$\n"),
        1,
        "a vertical pipe passed downwards"
    );
    assert_eq!(
        answer("1 3\n#a$\n"),
        10_001,
        "a vertical pipe across a horizontal pass"
    );
    assert_eq!(
        answer("3 1\n#\nA\n$\n"),
        10_001,
        "a horizontal pipe across a vertical pass"
    );
}

#[test]
fn the_example_offers_exactly_the_strategies_that_apply() {
    let maze: PipeMaze = CASES[0].0.parse().unwrap();
    let help = run(&["--help"], "").stdout;
    for strategy in Strategy::ALL {
        let solved = maze.solve(&strategy, &Limits::new());
        let refused = matches!(
            solved,
            Err(state_search::domains::SolveError::NotApplicable { .. })
        );
        let offered = PipeMaze::strategies()
            .iter()
            .any(|s| s.pattern() == strategy.pattern());
        assert_eq!(offered, !refused, "{strategy}: {solved:?}");
        let out = cli::run(
            ["--strategy", strategy.to_string().as_str()],
            || -> std::io::Result<String> {
                if offered {
                    Ok(CASES[0].0.to_owned())
                } else {
                    panic!("{strategy}: the input is read")
                }
            },
        );
        if offered && strategy.is_optimal() {
            assert_eq!(
                (out.stdout.as_str(), out.code),
                (CASES[0].1, 0),
                "{strategy}"
            );
        } else if offered {
            assert_eq!(out.code, 0, "{strategy}: {}", out.stderr);
        } else {
            assert_eq!((out.stdout.as_str(), out.code), ("", 2), "{strategy}");
            assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        }
    }
    let listed = help.lines().last().unwrap().rsplit(": ").next().unwrap();
    let expected: Vec<&str> = PipeMaze::strategies().iter().map(|s| s.pattern()).collect();
    assert_eq!(listed, expected.join("|"), "{help}");
}

#[test]
fn the_example_reads_standard_input_for_a_dash_skips_a_byte_order_mark_and_ends_options_at_two_dashes()
 {
    let (input, output) = CASES[0];
    let out = run(&["-"], &format!("\u{feff}{input}"));
    assert_eq!(
        (out.stdout.as_str(), out.stderr.as_str(), out.code),
        (output, "", 0)
    );
    let out = run(&["--path", "--", "-"], input);
    assert_eq!((out.stdout.as_str(), out.code), ("2\nD R\n", 0));
    let out = run(&["--", "--path"], input);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with("palamaze: --path: "),
        "{}",
        out.stderr
    );
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
}

#[test]
fn random_mazes_whose_start_is_next_to_the_walled_in_exit_are_valid() {
    for (rows, cols) in [(1, 2), (2, 1)] {
        let spec = RandomPipeMaze {
            rows,
            cols,
            colours: 0,
            stone_percent: 0,
            pipe_percent: 0,
            key_percent: 0,
            wall_in_exit: true,
            seed: 1,
        };
        let maze = PipeMaze::random(&spec);
        assert_eq!(maze.to_string().parse::<PipeMaze>().unwrap(), maze);
    }
}

/// A search stopped short of an answer (a beam that pruned every route, a limit) has
/// no contest answer: 10001 would say the fish cannot escape. The closing time is one.
#[test]
fn a_search_stopped_short_has_no_escape_answer() {
    let maze: PipeMaze = "4 4\n****\n*#+*\n*+$*\n****\n".parse().unwrap();
    for reason in [
        StopReason::Pruned,
        StopReason::Expansions,
        StopReason::Deadline,
    ] {
        assert_eq!(escape_answer(&Outcome::Stopped(reason)), None, "{reason:?}");
    }
    let closing = Outcome::Stopped(StopReason::Cost);
    assert_eq!(escape_answer(&closing), Some(NO_ESCAPE));
    let limited = maze
        .solve(&Strategy::Bfs, &Limits::new().max_expansions(1))
        .unwrap();
    assert_eq!(limited.stop_reason(), Some(StopReason::Expansions));
    assert_eq!(escape_answer(&limited.outcome), None);
}
