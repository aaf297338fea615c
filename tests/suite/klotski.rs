//! Klotski: the reference numbers of 横刀立马 (116 / 90 / 81 moves, 25,955 states),
//! solutions replayed by an independent checker, agreement with an independent BFS on
//! random small boards, and parser errors.

use crate::common::klotski as oracle;

use oracle::{Block, Frame, LabelledMove, Rule};
use proptest::prelude::*;
use state_search::domains::sliding::klotski::{Metric, Puzzle, PuzzleError, Route, UnknownMetric};
use state_search::{Limits, ParseError, ParseErrorKind, Solver};

const METRICS: [(Metric, Rule); 3] = [(Metric::Step, 0), (Metric::Line, 1), (Metric::Any, 2)];

fn frame(puzzle: &Puzzle) -> Frame {
    let picture = puzzle.to_string();
    let walls = picture
        .lines()
        .take(puzzle.rows() as usize)
        .enumerate()
        .flat_map(|(r, line)| {
            line.chars()
                .enumerate()
                .filter(|&(_, ch)| ch == '#')
                .map(move |(c, _)| (small(r), small(c)))
        })
        .collect();
    Frame {
        rows: puzzle.rows(),
        cols: puzzle.cols(),
        walls,
    }
}

/// A small count as `u32`.
fn small<T: TryInto<u32>>(n: T) -> u32 {
    n.try_into().unwrap_or_else(|_| panic!("a small number"))
}

fn labelled_blocks(puzzle: &Puzzle) -> Vec<(char, Block)> {
    puzzle
        .pieces()
        .map(|p| (p.label, (p.shape.rows, p.shape.cols, p.at.row, p.at.col)))
        .collect()
}

/// The pieces for the oracle: the goal piece first (the oracle's convention), then the
/// others.
fn oracle_start(puzzle: &Puzzle) -> Vec<Block> {
    let goal = puzzle.goal().label;
    let mut pieces = labelled_blocks(puzzle);
    pieces.sort_by_key(|&(label, _)| label != goal);
    pieces.into_iter().map(|(_, block)| block).collect()
}

/// The goal position of the goal piece.
fn target(puzzle: &Puzzle) -> (u32, u32) {
    let goal = puzzle.goal();
    (goal.at.row, goal.at.col)
}

/// The crate's solution with the default strategy, if there is one.
fn solve(puzzle: &Puzzle, metric: Metric) -> Option<Route> {
    puzzle
        .solve(metric, &Puzzle::DEFAULT_STRATEGY, &Limits::new())
        .unwrap()
        .into_found()
}

/// Solves with the crate, replays the solution with the oracle, and returns its length.
fn solve_and_replay(puzzle: &Puzzle, metric: Metric, rule: Rule) -> Option<usize> {
    let solution = solve(puzzle, metric)?;
    let moves: Vec<LabelledMove> = solution
        .moves
        .iter()
        .map(|m| (m.label, (m.from.row, m.from.col), (m.to.row, m.to.col)))
        .collect();
    let end = frame(puzzle)
        .replay(&labelled_blocks(puzzle), &moves, rule)
        .unwrap_or_else(|why| panic!("{metric:?}: {why}\n{solution}"));
    let goal = puzzle.goal().label;
    assert!(
        end.iter()
            .any(|&(label, b)| label == goal && (b.2, b.3) == target(puzzle)),
        "{metric:?}: the replayed solution does not end on the goal"
    );
    // The printed form: the count, then one line per move.
    let text = solution.to_string();
    assert_eq!(
        text.lines().next(),
        Some(solution.moves.len().to_string().as_str())
    );
    assert_eq!(text.lines().count(), solution.moves.len() + 1);
    Some(solution.moves.len())
}

#[test]
fn the_classic_start_needs_116_unit_steps_90_slides_and_81_moves() {
    let puzzle = Puzzle::classic();
    let lengths: Vec<Option<usize>> = METRICS
        .iter()
        .map(|&(metric, rule)| solve_and_replay(&puzzle, metric, rule))
        .collect();
    assert_eq!(lengths, [Some(116), Some(90), Some(81)]);
}

#[test]
fn the_independent_bfs_confirms_the_classic_numbers() {
    let puzzle = Puzzle::classic();
    let frame = frame(&puzzle);
    let start = oracle_start(&puzzle);
    let goal = Some(target(&puzzle));
    let found: Vec<Option<u32>> = [0, 1, 2]
        .into_iter()
        .map(|rule| frame.bfs(&start, goal, rule).0)
        .collect();
    assert_eq!(found, [Some(116), Some(90), Some(81)]);
    assert_eq!(frame.bfs(&start, None, 0).1, 25_955);
}

#[test]
fn the_classic_start_reaches_25955_layouts() {
    assert_eq!(Puzzle::classic().reachable(), 25_955);
}

#[test]
fn the_labelled_picture_of_the_classic_start_is_the_same_puzzle() {
    let labelled: Puzzle = "ABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4 2\n"
        .parse()
        .unwrap();
    assert_eq!(labelled.reachable(), 25_955);
    assert_eq!(solve_and_replay(&labelled, Metric::Any, 2), Some(81));
    // Labels name the pieces in the moves.
    let first = solve(&labelled, Metric::Any).unwrap().moves[0];
    assert!("GHIJ".contains(first.label), "{first}");
}

#[test]
fn pictures_print_back_in_their_format() {
    let classic = Puzzle::classic();
    assert_eq!(classic.to_string(), "vBBv\nvBBv\nvhhv\nvssv\ns..s\n");
    let text = "#AB.\n#AB.\nCC..\ngoal A 2 4\n";
    let labelled: Puzzle = text.parse().unwrap();
    assert_eq!(labelled.to_string(), text);
    assert_eq!(labelled.to_string().parse::<Puzzle>().unwrap(), labelled);
}

#[test]
fn an_unreachable_goal_has_no_solution() {
    // The 2-wide block cannot pass the soldiers in a 2-wide box.
    let puzzle: Puzzle = "BB\nBB\nab\n..\ngoal B 3 1\n".parse().unwrap();
    for (metric, _) in METRICS {
        assert_eq!(solve(&puzzle, metric), None);
    }
    let frame = frame(&puzzle);
    let start = oracle_start(&puzzle);
    assert_eq!(frame.bfs(&start, Some(target(&puzzle)), 0).0, None);
    assert_eq!(puzzle.reachable(), frame.bfs(&start, None, 0).1);
}

#[test]
fn the_goal_piece_is_not_interchangeable_with_a_piece_of_its_shape() {
    // `a` can never pass `b`: `b` on the goal cell does not count.
    let puzzle: Puzzle = "ab.\ngoal a 1 3\n".parse().unwrap();
    for (metric, _) in METRICS {
        assert_eq!(solve(&puzzle, metric), None, "{metric:?}");
    }
    // Two soldiers and a gap: only moving `a` itself reaches the goal.
    let puzzle: Puzzle = "a.b\ngoal a 1 2\n".parse().unwrap();
    let solution = solve(&puzzle, Metric::Step).unwrap();
    assert_eq!(solution.to_string(), "1\na 1 1 -> 1 2\n");
}

#[test]
fn a_puzzle_already_solved_needs_no_move() {
    let puzzle: Puzzle = "..\nAA\ngoal A 2 1\n".parse().unwrap();
    assert_eq!(solve(&puzzle, Metric::Step).unwrap().to_string(), "0\n");
}

/// A random labelled puzzle: pieces of random shapes placed at random free spots of a
/// small box with a few walls; the goal is the first piece at a random position.
fn random_puzzle() -> impl Strategy<Value = String> {
    (2u32..=4, 2u32..=5, any::<u64>()).prop_map(|(rows, cols, seed)| {
        let mut rng = state_search::rng::SplitMix64::new(seed);
        let mut below = |n: u32| small(rng.below(u64::from(n)));
        let mut grid = vec![vec!['.'; cols as usize]; rows as usize];
        let labels = "ABCDEFGHIJKLMNOP";
        let mut next = 0;
        for _ in 0..12 {
            let (height, width) = (1 + below(2), 1 + below(2));
            let (row, col) = (below(rows), below(cols));
            if row + height > rows || col + width > cols {
                continue;
            }
            let cells = || {
                (row..row + height)
                    .flat_map(|r| (col..col + width).map(move |c| (r as usize, c as usize)))
            };
            let free = cells().all(|(r, c)| grid[r][c] == '.');
            let empties = grid.iter().flatten().filter(|&&ch| ch == '.').count();
            if free && small(empties) > height * width + 1 {
                let label = if below(8) == 0 && height * width == 1 {
                    '#'
                } else {
                    next += 1;
                    char::from(labels.as_bytes()[next - 1])
                };
                for (r, c) in cells() {
                    grid[r][c] = label;
                }
            }
        }
        if next == 0 {
            grid[0][0] = 'A';
        }
        let mut text: String = grid
            .iter()
            .map(|row| row.iter().collect::<String>() + "\n")
            .collect();
        // The goal: piece A at some position where it fits (the parser checks the box
        // and the walls; an unreachable goal is a fine test too).
        let (goal_row, goal_col) = (1 + below(rows), 1 + below(cols));
        text.push_str("goal A ");
        text.push_str(&[goal_row.to_string(), goal_col.to_string()].join(" "));
        text.push('\n');
        text
    })
}

/// The most layouts a random board may have. The oracle's searches take under a second on
/// nearly every board, but about one board in a hundred has a million layouts or more
/// (many small pieces in a 4x5 box) and its searches took 10-30 s each, so the test took
/// 4 to 108 s from one run to the next.
const MAX_LAYOUTS: u64 = 300_000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn every_metric_agrees_with_the_independent_bfs_on_random_boards(text in random_puzzle()) {
        let Ok(puzzle) = text.parse::<Puzzle>() else {
            // Goals that leave the box or hit a wall are rejected; skip those.
            return Ok(());
        };
        let space = puzzle.space(Metric::Step);
        let count = state_search::Bfs::new()
            .with_limits(Limits::new().max_expansions(MAX_LAYOUTS))
            .search(&state_search::Problem::new(&space, [puzzle.start()], |_| false));
        prop_assume!(count.stop_reason().is_none(), "more than {} layouts", MAX_LAYOUTS);
        let frame = frame(&puzzle);
        let start = oracle_start(&puzzle);
        prop_assert_eq!(puzzle.reachable(), frame.bfs(&start, None, 0).1, "{}", text);
        for (metric, rule) in METRICS {
            let expected = frame.bfs(&start, Some(target(&puzzle)), rule).0;
            let found = solve_and_replay(&puzzle, metric, rule);
            prop_assert_eq!(found.map(small), expected, "{:?}\n{}", metric, text);
        }
    }
}

fn error(text: &str) -> ParseError {
    text.parse::<Puzzle>().expect_err(text)
}

#[test]
fn rows_of_different_lengths_are_rejected() {
    let e = error("AB\nABC\ngoal A 1 1\n");
    assert_eq!(
        (e.line, e.kind),
        (
            2,
            ParseErrorKind::RowLength {
                expected: 2,
                found: 3
            }
        )
    );
}

#[test]
fn a_labelled_piece_must_be_one_filled_rectangle() {
    // Two pieces drawn with the same character.
    let e = error("A.A\n...\ngoal A 1 1\n");
    assert_eq!((e.line, e.column), (1, 2));
    assert!(matches!(e.kind, ParseErrorKind::Invalid { .. }), "{e}");
    // An L shape.
    let e = error("AA\nA.\ngoal A 1 1\n");
    assert_eq!((e.line, e.column), (2, 2));
}

#[test]
fn classic_pictures_accept_only_the_classic_letters() {
    let e = error("vBBv\nvBBv\nvhhv\nvsxv\ns..s\n");
    assert_eq!((e.line, e.column), (4, 3));
    assert!(
        e.to_string().contains("goal"),
        "the message suggests the goal line: {e}"
    );
}

#[test]
fn classic_letters_must_split_into_their_pieces() {
    // Three v cells in a column: the second piece would need a fourth.
    let e = error("vBB.\nvBB.\nv...\n....\n");
    assert_eq!((e.line, e.column), (4, 1));
    // A lone h cell.
    let e = error("hBB.\n.BB.\n....\n");
    assert_eq!((e.line, e.column), (1, 2));
}

#[test]
fn touching_classic_pieces_split_the_only_way_they_can() {
    // Four v cells in a column are two vertical pieces; six s are six soldiers.
    let puzzle: Puzzle = "vBB.\nvBB.\nv...\nvsss\n.sss\n.s..\n".parse().unwrap();
    let v: Vec<_> = puzzle
        .pieces()
        .filter(|p| p.label == 'v')
        .map(|p| (p.at.row, p.at.col))
        .collect();
    assert_eq!(v, [(0, 0), (2, 0)]);
    assert_eq!(puzzle.pieces().filter(|p| p.label == 's').count(), 7);
}

#[test]
fn the_classic_block_must_appear_exactly_once() {
    let e = error("vv\nvv\n..\n");
    assert_eq!(e.kind, ParseErrorKind::Missing("2x2 block B"));
    let e = error("BBBB\nBBBB\n....\n");
    assert_eq!(
        (e.line, e.column, e.kind),
        (1, 3, ParseErrorKind::Duplicate("2x2 block B"))
    );
}

#[test]
fn goal_lines_are_checked() {
    let e = error("AB\n..\ngoal A 1\n");
    assert_eq!((e.line, e.column), (3, 1));
    let e = error("AB\n..\ngoal Z 1 1\n");
    assert_eq!((e.line, e.column), (3, 6));
    let e = error("AB\n..\ngoal A 3 1\n");
    assert_eq!((e.line, e.column), (3, 8));
    let e = error("AA\n..\ngoal A 1 2\n");
    assert!(e.to_string().contains("goal position"), "{e}");
    let e = error("A#\n..\ngoal A 1 2\n");
    assert!(e.to_string().contains("clear of walls"), "{e}");
    let e = error("AB\n..\ngoal A 1 1\nmore\n");
    assert_eq!((e.line, e.kind), (4, ParseErrorKind::Trailing));
    // Places count characters of the whole line, after a byte order mark.
    let e = error("\u{feff}AB\n..\n  goal  A 2 3\n");
    assert_eq!((e.line, e.column), (3, 13));
    assert!(
        e.to_string()
            .ends_with("expected a column from 1 to 2, found \"3\""),
        "{e}"
    );
    let e = error("A#\n..\ngoal A 1 2\n");
    assert_eq!(
        e.to_string(),
        "line 3, column 8: expected a goal position where 'A' fits in the box clear of walls, \
         found \"1 2\""
    );
}

#[test]
fn empty_and_oversized_pictures_are_rejected() {
    assert_eq!(error("").kind, ParseErrorKind::Missing("board picture"));
    assert_eq!(
        error("\n\ngoal A 1 1\n").kind,
        ParseErrorKind::Missing("board picture")
    );
    let wide = format!(
        "{}\n{}\ngoal A 1 1\n",
        "A".to_owned() + &".".repeat(99),
        ".".repeat(100)
    );
    assert!(matches!(error(&wide).kind, ParseErrorKind::TooLarge { .. }));
    let e = error("A B\ngoal A 1 1\n");
    assert_eq!(e.kind, ParseErrorKind::Missing("board picture"));
}

#[test]
fn a_piece_larger_than_the_box_is_an_error_not_a_hang() {
    use state_search::domains::sliding::klotski::{Piece, Shape};
    use state_search::grid::Pos;
    let huge = Piece {
        label: 'A',
        shape: Shape {
            rows: u32::MAX,
            cols: 1,
        },
        at: Pos::new(0, 0),
    };
    assert_eq!(
        Puzzle::new(3, 3, &[], &[huge], (0, Pos::new(2, 2))),
        Err(PuzzleError::PieceOffBox {
            label: 'A',
            at: Pos::new(0, 0)
        })
    );
}

#[test]
fn puzzles_built_in_code_report_typed_errors_with_0_based_cells() {
    use state_search::domains::sliding::klotski::{Piece, Shape};
    use state_search::grid::Pos;
    let piece = |label, row, col| Piece {
        label,
        shape: Shape { rows: 1, cols: 2 },
        at: Pos::new(row, col),
    };
    let (a, b) = (piece('a', 0, 0), piece('b', 0, 1));
    let new = |walls: &[Pos], pieces: &[Piece], goal| Puzzle::new(2, 3, walls, pieces, goal);
    assert_eq!(
        new(&[], &[], (0, Pos::new(0, 0))).map(|_| ()),
        Err(PuzzleError::NoGoalPiece {
            index: 0,
            pieces: 0
        })
    );
    assert_eq!(
        Puzzle::new(0, 3, &[], &[a], (0, Pos::new(0, 0))),
        Err(PuzzleError::Empty)
    );
    assert_eq!(
        Puzzle::new(12, 12, &[], &[a], (0, Pos::new(0, 0))),
        Err(PuzzleError::TooManyCells { cells: 144 })
    );
    let wall = new(&[Pos::new(2, 0)], &[a], (0, Pos::new(0, 0))).unwrap_err();
    assert_eq!(
        wall,
        PuzzleError::WallOffBox {
            pos: Pos::new(2, 0)
        }
    );
    assert_eq!(wall.to_string(), "the wall (2, 0) is outside the box");
    let overlap = new(&[], &[a, b], (0, Pos::new(1, 0))).unwrap_err();
    assert_eq!(
        overlap.to_string(),
        "the piece 'b' at (0, 1) overlaps a wall or another piece"
    );
    let off = new(&[], &[piece('c', 1, 2)], (0, Pos::new(1, 0))).unwrap_err();
    assert_eq!(
        off,
        PuzzleError::PieceOffBox {
            label: 'c',
            at: Pos::new(1, 2)
        }
    );
    let blocked = new(&[Pos::new(1, 1)], &[a], (0, Pos::new(1, 0))).unwrap_err();
    assert_eq!(
        blocked.to_string(),
        "the goal piece 'a' does not fit at (1, 0) clear of walls"
    );
    assert_eq!("any".parse::<Metric>(), Ok(Metric::Any));
    let unknown = "all".parse::<Metric>().unwrap_err();
    assert_eq!(unknown, UnknownMetric("all".to_owned()));
    assert_eq!(
        unknown.to_string(),
        "unknown metric \"all\": expected step, line or any"
    );
}

#[test]
fn an_oversized_picture_is_measured_whole_and_named_at_its_first_line() {
    // 300 rows of one cell after two blank lines: the rows beyond MAX_CELLS are counted,
    // not kept, and the error still names the whole size and the picture's first line.
    let tall = format!("\n\nA\n{}goal A 1 1\n", ".\n".repeat(299));
    let e = error(&tall);
    assert_eq!(e.line, 3);
    assert!(
        matches!(e.kind, ParseErrorKind::TooLarge { found: 300, .. }),
        "{e}"
    );
    // A row of another length is reported first, wherever it is.
    let ragged = format!("A\n{}..\ngoal A 1 1\n", ".\n".repeat(199));
    let e = error(&ragged);
    assert_eq!(e.line, 201);
    assert!(
        matches!(
            e.kind,
            ParseErrorKind::RowLength {
                expected: 1,
                found: 2
            }
        ),
        "{e}"
    );
}

#[test]
fn a_row_after_the_picture_is_named_at_its_own_line() {
    // A row after a blank line is read as the goal line: the error names that row, not
    // the goal line after it (trailing text) nor the picture (which a goal line would make
    // labelled, with B, v, h and s each one piece).
    for (text, line) in [
        ("A.\nB.\n\nCC\ngoal A 2 2\n", 4),
        ("vBBv\nvBBv\nvhhv\nvssv\ns..s\n\n..ss\n", 7),
        ("A.\nB.\n\n\nC. D.\n", 5),
    ] {
        let e = error(text);
        assert_eq!((e.line, e.column), (line, 1), "{text:?}: {e}");
        assert!(
            e.to_string().contains("expected a goal line"),
            "{text:?}: {e}"
        );
    }
    let e = error("A.\nB.\n\nCC\n");
    assert!(
        e.to_string().contains("(a blank line ended the picture)"),
        "{e}"
    );
    // Text after a well-formed goal line is still reported where it is.
    let e = error("A.\nB.\ngoal A 2 2\nCC\n");
    assert_eq!((e.line, e.column, e.kind), (4, 1, ParseErrorKind::Trailing));
}

/// `Puzzle::strategies` lists exactly the strategies `solve` does not refuse.
#[test]
fn the_puzzle_lists_exactly_the_strategies_it_runs() {
    let puzzle = Puzzle::classic();
    let listed = Puzzle::strategies();
    assert_eq!(listed[0], Puzzle::DEFAULT_STRATEGY);
    // A limit keeps the slow strategies short; a stop is not a refusal.
    let limits = state_search::Limits::new().max_expansions(1_000);
    for strategy in state_search::Strategy::ALL {
        let result = puzzle.solve(Metric::Line, &strategy, &limits);
        let refused = matches!(
            result,
            Err(state_search::domains::SolveError::NotApplicable { .. })
        );
        assert_eq!(listed.contains(&strategy), !refused, "{strategy}");
    }
}
