//! Huarong Road: the contest sample, agreement of both views and every engine with a brute
//! force on random boards, and rejection of invalid queries and malformed input.

use crate::common::huarong as oracle;
use state_search::{Problem, Solver};

use proptest::prelude::*;
use proptest::strategy::Strategy as _;
use state_search::domains::SolveError;
use state_search::domains::sliding::huarong::{
    Board, HuarongSolver, Input, InputError, Method, Options, Precompute, Query, QueryError,
    QueryErrorKind, Role,
};
use state_search::grid::Pos;
use state_search::strategy::Queue;
use state_search::{Limits, ParseError, ParseErrorKind, Strategy};

/// Every (view, engine) pair that applies.
const PAIRS: [(Method, Strategy); 12] = [
    (Method::Plain, Strategy::Bfs),
    (Method::Plain, Strategy::Dijkstra(Queue::Heap)),
    (Method::Plain, Strategy::Dijkstra(Queue::Bucket)),
    (Method::Plain, Strategy::Spfa),
    (Method::Plain, Strategy::AStar),
    (Method::Plain, Strategy::IdaStarTable),
    (Method::Abstract, Strategy::Dijkstra(Queue::Heap)),
    (Method::Abstract, Strategy::Dijkstra(Queue::Bucket)),
    (Method::Abstract, Strategy::Dijkstra(Queue::Radix)),
    (Method::Abstract, Strategy::Spfa),
    (Method::Abstract, Strategy::AStar),
    (Method::Abstract, Strategy::IdaStarTable),
];

fn answers_line(answers: &[Option<u32>]) -> String {
    answers
        .iter()
        .map(|a| a.map_or("-1".to_owned(), |m| m.to_string()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_contest_sample_answers_2_then_minus_1_with_every_view_and_engine() {
    let input: Input = include_str!("../data/huarong/sample1.in").parse().unwrap();
    let expected = include_str!("../data/huarong/sample1.out").trim();
    for precompute in [Precompute::Eager, Precompute::Lazy] {
        let options = Options {
            precompute,
            landmarks: 3,
        };
        let mut solver = HuarongSolver::with_options(input.board.clone(), options).unwrap();
        for (method, engine) in PAIRS {
            let answers: Vec<Option<u32>> = input
                .queries
                .iter()
                .map(|q| {
                    solver
                        .solve(q, method, &engine, &Limits::new())
                        .unwrap()
                        .found()
                        .copied()
                })
                .collect();
            assert_eq!(answers_line(&answers), expected, "{method:?} {engine:?}");
        }
    }
}

#[test]
fn a_piece_already_on_its_target_needs_no_move_even_when_the_blank_is_walled_in() {
    // The blank (1,1) is cut off from the piece (1,3) by a fixed cell.
    let input: Input = "1 3 1\n1 0 1\n1 1 1 3 1 3\n".parse().unwrap();
    let mut solver = HuarongSolver::new(input.board.clone()).unwrap();
    for (method, engine) in PAIRS {
        let answer = solver
            .solve(&input.queries[0], method, &engine, &Limits::new())
            .unwrap();
        assert_eq!(answer.found(), Some(&0));
    }
}

#[test]
fn query_spaces_answer_like_the_solver_with_any_engine() {
    use state_search::{AStar, Dense, Dijkstra, IndexedSpace, Spfa};
    let input = Input::random(9, 9, 20, 40, 5);
    let mut solver = HuarongSolver::new(input.board.clone()).unwrap();
    // Add a query whose piece is already on its target.
    let mut queries = input.queries.clone();
    let first = queries[0];
    queries.push(Query {
        target: first.piece,
        ..first
    });
    for query in &queries {
        let expected = solver
            .solve(query, Method::Plain, &Strategy::Bfs, &Limits::new())
            .unwrap()
            .found()
            .copied();
        let space = solver.query_space(query).unwrap();
        let goal = |s: &_| space.is_goal(s);
        let dijkstra = Dijkstra::with_storage(Dense(space.indexer())).search(&Problem::new(
            &space,
            [space.source()],
            goal,
        ));
        let astar = AStar::with_storage(Dense(space.indexer())).search(
            &Problem::new(&space, [space.source()], goal).heuristic(|s: &_| space.estimate(s)),
        );
        let spfa = Spfa::with_storage(Dense(space.indexer()))
            .search(&Problem::new(&space, [space.source()], goal))
            .unwrap();
        for search in [dijkstra, astar, spfa] {
            assert_eq!(search.found().map(|f| f.cost), expected, "{query:?}");
        }
    }
}

#[test]
fn a_corridor_only_lets_the_piece_move_toward_the_blank() {
    // 1 x 4 corridor: blank at 1, piece at 3. The piece can go to 2 (blank walks next to
    // it: 1 move, then swap: 1 move) but never past the blank's side to 1.
    let input: Input = "1 4 3\n1 1 1 1\n1 1 1 3 1 2\n1 1 1 3 1 1\n1 1 1 3 1 4\n"
        .parse()
        .unwrap();
    let mut solver = HuarongSolver::new(input.board.clone()).unwrap();
    for (method, engine) in PAIRS {
        let answers: Vec<Option<u32>> = input
            .queries
            .iter()
            .map(|q| {
                solver
                    .solve(q, method, &engine, &Limits::new())
                    .unwrap()
                    .found()
                    .copied()
            })
            .collect();
        assert_eq!(answers, [Some(2), None, None], "{method:?} {engine:?}");
    }
}

#[test]
fn the_open_3x3_board_matches_hand_counts() {
    // Blank in a corner, piece in the opposite corner, target the blank's corner.
    let board = Board::new(3, 3, &[true; 9]).unwrap();
    let oracle_board = vec![vec![true; 3]; 3];
    let query = Query {
        blank: Pos::new(0, 0),
        piece: Pos::new(2, 2),
        target: Pos::new(0, 0),
    };
    let expected = oracle::least_moves(&oracle_board, (0, 0), (2, 2), (0, 0));
    let mut solver = HuarongSolver::new(board).unwrap();
    for (method, engine) in PAIRS {
        let moves = solver
            .solve(&query, method, &engine, &Limits::new())
            .unwrap()
            .found()
            .copied();
        assert_eq!(moves, expected, "{method:?} {engine:?}");
    }
    // By hand: the blank walks 3 moves to (1, 2) and swaps (4); then three times it walks 2
    // moves around the piece to the side toward the corner and swaps (4 + 3 * 3 = 13).
    assert_eq!(expected, Some(13));
}

/// A board as rows of movable flags, and picks of (blank, piece, target) among its cells.
type Case = (Vec<Vec<bool>>, Vec<(usize, usize, usize)>);

/// A random board of up to 8 x 8 cells (up to 40% fixed) with queries on it.
fn board_and_queries() -> impl proptest::strategy::Strategy<Value = Case> {
    (1usize..=8, 1usize..=8, 0u32..=40).prop_flat_map(|(rows, cols, fixed)| {
        let cells = rows * cols;
        (
            proptest::collection::vec((0u32..100).prop_map(move |x| x >= fixed), cells),
            proptest::collection::vec((0..cells, 0..cells, 0..cells), 1..6),
        )
            .prop_map(move |(flat, picks)| {
                let grid: Vec<Vec<bool>> = flat.chunks(cols).map(<[bool]>::to_vec).collect();
                (grid, picks)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn both_views_and_every_engine_agree_with_the_brute_force(
        (grid, picks) in board_and_queries()
    ) {
        let rows = grid.len();
        let cols = grid[0].len();
        let flat: Vec<bool> = grid.iter().flatten().copied().collect();
        let movable: Vec<(usize, usize)> = (0..rows * cols)
            .filter(|&i| flat[i])
            .map(|i| (i / cols, i % cols))
            .collect();
        prop_assume!(movable.len() >= 2);
        let side = |n: usize| u32::try_from(n).unwrap();
        let board = Board::new(side(rows), side(cols), &flat).unwrap();
        // Eager walks with landmarks (the default), lazy walks without.
        let mut eager = HuarongSolver::new(board.clone()).unwrap();
        let lazy_options = Options { precompute: Precompute::Lazy, landmarks: 0 };
        let mut lazy = HuarongSolver::with_options(board, lazy_options).unwrap();
        let pos = |(r, c): (usize, usize)| Pos::new(side(r), side(c));
        for (e, s, t) in picks {
            let (e, s, t) = (movable[e % movable.len()], movable[s % movable.len()], movable[t % movable.len()]);
            prop_assume!(e != s);
            let expected = oracle::least_moves(&grid, e, s, t);
            let query = Query { blank: pos(e), piece: pos(s), target: pos(t) };
            for (method, engine) in PAIRS {
                for solver in [&mut eager, &mut lazy] {
                    let moves = solver.solve(&query, method, &engine, &Limits::new()).unwrap().found().copied();
                    prop_assert_eq!(moves, expected, "{:?} {:?} on {:?}", method, engine, query);
                }
            }
        }
    }
}

fn parse_error(text: &str) -> ParseError {
    match text.parse::<Input>() {
        Err(InputError::Parse(error)) => error,
        other => panic!("expected a parse error for {text:?}, got {other:?}"),
    }
}

fn query_error(text: &str) -> (usize, usize, usize, QueryError) {
    match text.parse::<Input>() {
        Err(InputError::Query {
            line,
            column,
            number,
            error,
        }) => (line, column, number, error),
        other => panic!("expected a query error for {text:?}, got {other:?}"),
    }
}

const BOARD: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n";

#[test]
fn a_coordinate_off_the_board_is_a_parse_error_at_its_token() {
    let e = parse_error(&format!("{BOARD}3 2 1 2 2 2\n4 2 1 2 2 2\n"));
    assert_eq!(
        e.to_string(),
        "line 6, column 1: expected EX of query 2, a row from 1 to 3, found \"4\""
    );
    let e = parse_error(&format!("{BOARD}3 2 1 2 2 0\n1 2 2 2 3 2\n"));
    assert_eq!((e.line, e.column), (5, 11));
    assert!(
        e.to_string()
            .contains("TY of query 1, a column from 1 to 4"),
        "{e}"
    );
    let e = parse_error(&format!("{BOARD}3 2 1 2 2 99999999999999999999\n"));
    assert!(
        e.to_string().ends_with("found \"99999999999999999999\""),
        "{e}"
    );
}

#[test]
fn a_query_on_a_fixed_cell_is_an_error_naming_the_query() {
    let (line, column, number, error) = query_error(&format!("{BOARD}3 2 1 1 2 2\n1 2 2 2 3 2\n"));
    assert_eq!((line, column, number), (5, 5, 1));
    assert_eq!(
        error,
        QueryError {
            role: Role::Piece,
            pos: Pos::new(0, 0),
            kind: QueryErrorKind::Fixed
        }
    );
    let text = format!("{BOARD}3 2 1 2 2 2\n1 2 2 2 1 1\n");
    assert_eq!(
        text.parse::<Input>().unwrap_err().to_string(),
        "line 6, column 9: query 2: the target (0, 0) is on a fixed cell"
    );
}

#[test]
fn a_blank_on_the_piece_is_an_error_naming_the_query() {
    let (line, column, number, error) = query_error(&format!("{BOARD}3 2 1 2 2 2\n2 2 2 2 3 2\n"));
    assert_eq!((line, column, number), (6, 1, 2));
    assert_eq!(error.kind, QueryErrorKind::BlankOnPiece);
    assert_eq!(
        error.to_string(),
        "the blank and the piece are both at (1, 1)"
    );
}

#[test]
fn the_solver_rejects_invalid_queries_instead_of_answering() {
    let input: Input = include_str!("../data/huarong/sample1.in").parse().unwrap();
    let mut solver = HuarongSolver::new(input.board.clone()).unwrap();
    let bad = Query {
        blank: Pos::new(0, 0),
        piece: Pos::new(0, 1),
        target: Pos::new(1, 1),
    };
    let expected = Err(SolveError::Input(QueryError {
        role: Role::Blank,
        pos: Pos::new(0, 0),
        kind: QueryErrorKind::Fixed,
    }));
    for (method, engine) in PAIRS {
        assert_eq!(
            solver.solve(&bad, method, &engine, &Limits::new()),
            expected
        );
    }
    let off = Query {
        blank: Pos::new(0, 1),
        piece: Pos::new(1, 1),
        target: Pos::new(9, 9),
    };
    assert!(matches!(
        solver.solve(&off, Method::Abstract, &Strategy::AStar, &Limits::new()),
        Err(SolveError::Input(QueryError {
            kind: QueryErrorKind::OffBoard,
            role: Role::Target,
            ..
        }))
    ));
    assert!(solver.query_space(&off).is_err());
}

#[test]
fn malformed_input_is_rejected_with_its_place() {
    let e = parse_error("");
    assert!(
        matches!(e.kind, ParseErrorKind::UnexpectedEnd { .. }),
        "{e}"
    );

    let e = parse_error("3 4 x\n");
    assert_eq!((e.line, e.column), (1, 5));
    assert!(matches!(e.kind, ParseErrorKind::Invalid { .. }));

    let e = parse_error("2 2 0\n1 1\n1 2\n");
    assert_eq!((e.line, e.column), (3, 3));
    assert_eq!(
        e.to_string(),
        "line 3, column 3: expected a cell: 0 (fixed) or 1 (movable), found \"2\""
    );

    let e = parse_error("2 2 1\n1 1\n1\n");
    assert!(
        matches!(e.kind, ParseErrorKind::UnexpectedEnd { .. }),
        "{e}"
    );

    let e = parse_error("2 2 1\n1 1\n1 1\n1 1 2 2\n");
    assert!(
        matches!(e.kind, ParseErrorKind::UnexpectedEnd { .. }),
        "{e}"
    );
    assert!(e.to_string().contains("TX of query 1"), "{e}");

    let e = parse_error("2 2 1\n1 1\n1 1\n1 1 2 2 1 1\n7\n");
    assert_eq!((e.line, e.column, e.kind), (5, 1, ParseErrorKind::Trailing));

    let e = parse_error("0 4 0\n");
    assert!(matches!(e.kind, ParseErrorKind::Invalid { .. }), "{e}");

    let e = parse_error("100000 100000 0\n");
    assert!(matches!(e.kind, ParseErrorKind::TooLarge { .. }), "{e}");
    assert_eq!((e.line, e.column), (1, 1));

    let e = parse_error("2 2000000 0\n");
    assert_eq!(
        e.to_string(),
        "line 1, column 3: expected the number of columns m from 1 to 1048576, found \"2000000\""
    );

    let e = parse_error("\u{feff}2 2 0\n1 1\n1 x\n");
    assert_eq!((e.line, e.column), (3, 3));

    let e = parse_error("1 2 1\n1 1\n1 -1 1 2 1 2\n");
    assert_eq!((e.line, e.column), (3, 3));
}

#[test]
fn inputs_print_back_in_the_contest_format() {
    let input = Input::random(7, 9, 20, 15, 3);
    let text = input.to_string();
    assert_eq!(text.parse::<Input>().unwrap(), input);
    assert!(text.starts_with("7 9 15\n"));
    assert_eq!(text.lines().count(), 1 + 7 + 15);
}

#[test]
fn random_inputs_with_more_queries_than_memory_are_an_error() {
    let error = Input::try_random(30, 30, 20, usize::MAX, 1).unwrap_err();
    assert_eq!(error.entries, usize::MAX);
    assert_eq!(
        Input::try_random(5, 5, 20, 3, 7).unwrap(),
        Input::random(5, 5, 20, 3, 7)
    );
}
