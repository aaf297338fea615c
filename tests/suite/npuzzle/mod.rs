//! The (n^2-1)-puzzle: the 8-puzzle facts, IDA* against breadth-first distances for every
//! heuristic, Korf's instances with their published lengths and node counts, replayed
//! solutions, admissibility, pattern databases against a brute-force 0-1 BFS, and rejected
//! input; the dual lookups, and the 24-puzzle with Korf and Felner's databases.

mod databases;
mod dual;
mod properties;
mod twenty_four;

use crate::common::npuzzle as oracle;
use state_search::InPlaceSolver;
use state_search::{Problem, Solver};

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

use proptest::prelude::*;
use state_search::domains::SolveError;
use state_search::domains::sliding::npuzzle::{
    Board, BoardError, GoalConvention, LinearConflict, Manhattan, MoveOrder, NPuzzle, Slider,
    TileHeuristic, moves_to_string, parse_instances,
};
use state_search::domains::sliding::pdb::{
    CacheKey, Encoding, Partition, PatternDatabase, PatternSet, PdbCache, PdbError,
};
use state_search::grid::Dir;
use state_search::rng::SplitMix64;
use state_search::{
    AStar, Bfs, Dense, Event, Heuristic, InPlaceIdaStar, IndexedSpace, Limits, Outcome,
    ParseErrorKind, StateIndexer, StopReason, Visitor,
};

const KORF: &str = include_str!("../../data/npuzzle/korf100.txt");
const KORF_NODES: &str = include_str!("../../data/npuzzle/korf100-ida-md-nodes.txt");

/// One of Korf's instances: id, published optimal length, board, and the node count of
/// IDA* with the Manhattan distance in the order up, left, right, down.
struct Korf {
    id: usize,
    length: u32,
    board: Board,
    nodes: u64,
}

fn korf() -> &'static [Korf] {
    static KORF100: OnceLock<Vec<Korf>> = OnceLock::new();
    KORF100.get_or_init(|| {
        let nodes: HashMap<usize, u64> = KORF_NODES
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f[0].parse().unwrap(), f[4].parse().unwrap())
            })
            .collect();
        KORF.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                let id = f[0].parse().unwrap();
                Korf {
                    id,
                    length: f[1].parse().unwrap(),
                    board: f[2..].join(" ").parse().unwrap(),
                    nodes: nodes[&id],
                }
            })
            .collect()
    })
}

/// The ten instances IDA* with the Manhattan distance solves with the fewest nodes.
fn korf_easiest() -> Vec<&'static Korf> {
    let mut all: Vec<&Korf> = korf().iter().collect();
    all.sort_by_key(|k| k.nodes);
    all.truncate(10);
    all
}

fn eight_puzzle_distances() -> &'static HashMap<Vec<u8>, u32> {
    static DISTANCES: OnceLock<HashMap<Vec<u8>, u32>> = OnceLock::new();
    DISTANCES.get_or_init(|| oracle::distances(3, 3, &[0, 1, 2, 3, 4, 5, 6, 7, 8]))
}

/// A 4-4 partition of the 8-puzzle, with or without reflection.
fn eight_puzzle_pdb(puzzle: &NPuzzle, reflect: bool) -> Arc<PatternSet> {
    let dbs = vec![
        PatternDatabase::build(puzzle, &[1, 2, 3, 4]).unwrap(),
        PatternDatabase::build(puzzle, &[5, 6, 7, 8]).unwrap(),
    ];
    Arc::new(PatternSet::new(puzzle, dbs, reflect).unwrap())
}

/// The 5-5-5 partition of the 15-puzzle (cheap enough to build in a test).
fn fifteen_555(puzzle: &NPuzzle, reflect: bool) -> Arc<PatternSet> {
    static SETS: OnceLock<Vec<PatternDatabase>> = OnceLock::new();
    let dbs = SETS.get_or_init(|| {
        PatternSet::build_partition(puzzle, Partition::Fifteen555, false)
            .unwrap()
            .databases()
            .to_vec()
    });
    Arc::new(PatternSet::new(puzzle, dbs.clone(), reflect).unwrap())
}

/// Solves `board` with `heuristic`, checks the plan replays to the goal, returns its length.
fn solve_and_replay<H: TileHeuristic + Heuristic<Board, u32>>(
    puzzle: &NPuzzle,
    board: &Board,
    heuristic: H,
) -> u32 {
    solve_counted(puzzle, board, heuristic).0
}

/// Solves `board` with `heuristic`, checks the plan replays to the goal; returns its length
/// and the nodes generated.
fn solve_counted<H: TileHeuristic + Heuristic<Board, u32>>(
    puzzle: &NPuzzle,
    board: &Board,
    heuristic: H,
) -> (u32, u64) {
    let search = puzzle
        .solve(board, heuristic, &NPuzzle::DEFAULT_STRATEGY, &Limits::new())
        .unwrap();
    let nodes = search.stats.generated;
    let plan = search.into_found().expect("a solvable board has a plan");
    let moves = moves_to_string(&plan.actions);
    assert_eq!(plan.actions.len(), plan.cost as usize);
    let end = oracle::replay(puzzle.rows(), puzzle.cols(), board.tiles(), &moves)
        .unwrap_or_else(|| panic!("{moves} leaves the board from {board}"));
    assert_eq!(end, puzzle.goal().tiles(), "{board} + {moves}");
    (plan.cost, nodes)
}

/// Every board of small shapes, solvable or not: the indexer is a bijection onto its
/// bound, with exactly the boards of the goal's parity (the solvable ones when the board
/// is not a single line) in the lower half.
#[test]
fn the_board_indexer_numbers_every_board_once_the_solvable_ones_first() {
    for (rows, cols, convention) in [
        (2, 2, GoalConvention::BlankFirst),
        (2, 3, GoalConvention::BlankLast),
        (3, 2, GoalConvention::BlankFirst),
        (2, 4, GoalConvention::BlankFirst),
        (1, 4, GoalConvention::BlankFirst),
        (3, 1, GoalConvention::BlankLast),
        (1, 2, GoalConvention::BlankFirst),
    ] {
        let puzzle = NPuzzle::with_convention(rows, cols, convention).unwrap();
        let indexer = puzzle.indexer();
        let cells = rows * cols;
        let all: usize = (1..=cells).product();
        assert_eq!(indexer.bound(), all, "{rows}x{cols}");
        let mut seen = vec![false; all];
        let mut tiles: Vec<usize> = (0..cells).collect();
        loop {
            let board = Board::new(rows, cols, &tiles).unwrap();
            let index = indexer.index(&board);
            assert!(!seen[index], "{rows}x{cols}: index {index} twice");
            seen[index] = true;
            assert_eq!(indexer.state(index), board, "{rows}x{cols}");
            let line = rows == 1 || cols == 1;
            if !line && cells > 2 {
                assert_eq!(puzzle.is_solvable(&board), index < all / 2, "{board}");
            } else if puzzle.is_solvable(&board) {
                assert!(cells <= 2 || index < all / 2, "{board}");
            }
            // The next permutation in lexicographic order.
            let Some(i) = (1..cells).rev().find(|&i| tiles[i - 1] < tiles[i]) else {
                break;
            };
            let j = (i..cells).rev().find(|&j| tiles[j] > tiles[i - 1]).unwrap();
            tiles.swap(i - 1, j);
            tiles[i..].reverse();
        }
        assert!(seen.iter().all(|&s| s), "{rows}x{cols}");
    }
}

/// From a board that cannot reach the goal, dense storage explores that board's own
/// states and finds no path, as hashed storage does.
#[test]
fn an_unsolvable_start_has_no_path_with_dense_storage_either() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let unsolvable: Board = "0 2 1 3 4 5 6 7 8".parse().unwrap();
    let goal = puzzle.goal().clone();
    let dense = Bfs::with_storage(Dense(puzzle.indexer())).search(&Problem::new(
        &puzzle,
        [unsolvable.clone()],
        |b| *b == goal,
    ));
    assert!(
        matches!(dense.outcome, Outcome::NoPath),
        "{:?}",
        dense.outcome
    );
    assert_eq!(dense.stats.expanded, 181_440);
    let astar = AStar::with_storage(Dense(puzzle.indexer())).search(
        &Problem::new(&puzzle, [unsolvable], |b| *b == goal).heuristic(Manhattan::new(&puzzle)),
    );
    assert!(
        matches!(astar.outcome, Outcome::NoPath),
        "{:?}",
        astar.outcome
    );
}

#[test]
fn eight_puzzle_bfs_reaches_181440_states_and_the_farthest_two_are_31_moves_away() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let mut bfs = Bfs::with_storage(Dense(puzzle.indexer()))
        .searcher()
        .unwrap();
    let search = bfs.reach(&puzzle, [puzzle.goal().clone()]);
    assert_eq!(search.stats.expanded, 181_440);
    let indexer = puzzle.indexer();
    // Every board, the solvable ones in the lower half.
    assert_eq!(indexer.bound(), 2 * 181_440);
    let mut farthest = Vec::new();
    let mut histogram = vec![0usize; 32];
    for index in 0..181_440 {
        let board = indexer.state(index);
        let cost = bfs.cost(&board).expect("every solvable board is reached");
        histogram[cost] += 1;
        if cost == 31 {
            farthest.push(board.to_string());
        }
    }
    farthest.sort();
    // The oracle agrees, distance by distance and on the two farthest boards.
    let oracle = eight_puzzle_distances();
    assert_eq!(oracle.len(), 181_440);
    let mut expected = vec![0usize; 32];
    for &d in oracle.values() {
        expected[d as usize] += 1;
    }
    assert_eq!(histogram, expected);
    assert_eq!(histogram[31], 2);
    let mut oracle_farthest: Vec<String> = oracle
        .iter()
        .filter(|&(_, &d)| d == 31)
        .map(|(b, _)| b.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
        .collect();
    oracle_farthest.sort();
    assert_eq!(farthest, oracle_farthest);
}

#[test]
fn ida_star_lengths_equal_bfs_distances_on_random_eight_puzzles_for_every_heuristic() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let (pdb, reflected) = (
        eight_puzzle_pdb(&puzzle, false),
        eight_puzzle_pdb(&puzzle, true),
    );
    let dbs = reflected.databases().to_vec();
    let dual = Arc::new(PatternSet::new(&puzzle, dbs, true).unwrap().with_dual(true));
    let distances = eight_puzzle_distances();
    let mut rng = SplitMix64::new(2024);
    for _ in 0..150 {
        let board = puzzle.random_board(&mut rng);
        let truth = distances[board.tiles()];
        assert_eq!(
            solve_and_replay(&puzzle, &board, Manhattan::new(&puzzle)),
            truth
        );
        assert_eq!(
            solve_and_replay(&puzzle, &board, LinearConflict::new(&puzzle)),
            truth
        );
        assert_eq!(solve_and_replay(&puzzle, &board, pdb.heuristic()), truth);
        assert_eq!(
            solve_and_replay(&puzzle, &board, reflected.heuristic()),
            truth
        );
        assert_eq!(solve_and_replay(&puzzle, &board, dual.heuristic()), truth);
    }
}

#[test]
fn bfs_and_astar_on_the_state_space_view_find_the_oracle_distances() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let distances = eight_puzzle_distances();
    let goal = puzzle.goal().clone();
    let manhattan = Manhattan::new(&puzzle);
    let mut rng = SplitMix64::new(7);
    for _ in 0..40 {
        let board = puzzle.random_board(&mut rng);
        let truth = distances[board.tiles()];
        let bfs = Bfs::with_storage(Dense(puzzle.indexer())).search(&Problem::new(
            &puzzle,
            [board.clone()],
            |b| *b == goal,
        ));
        assert_eq!(bfs.found().map(|s| s.cost), Some(truth as usize));
        let astar = AStar::with_storage(Dense(puzzle.indexer())).search(
            &Problem::new(&puzzle, [board.clone()], |b| *b == goal)
                .heuristic(|b: &Board| manhattan.estimate(b)),
        );
        let found = astar.into_found().unwrap();
        assert_eq!(found.cost, truth);
        // Consecutive boards of the path differ by one move.
        for pair in found.path.windows(2) {
            let mut moved = false;
            for dir in Dir::ALL {
                let mut next = pair[0].clone();
                moved |= next.slide(dir) && next == pair[1];
            }
            assert!(moved, "{} -> {}", pair[0], pair[1]);
        }
    }
}

#[test]
fn korfs_ten_easiest_instances_solve_to_their_lengths_with_korfs_node_counts() {
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    assert_eq!(puzzle.move_order(), MoveOrder::ULRD);
    let easiest = korf_easiest();
    assert_eq!(
        easiest.iter().map(|k| k.id).collect::<Vec<_>>(),
        [79, 12, 42, 55, 97, 19, 94, 47, 93, 9]
    );
    for instance in easiest {
        let (length, nodes) = solve_counted(&puzzle, &instance.board, Manhattan::new(&puzzle));
        // Korf counts the root once: our generated children, plus one.
        assert_eq!(nodes + 1, instance.nodes, "instance {}", instance.id);
        assert_eq!(length, instance.length, "instance {}", instance.id);
    }
}

#[test]
fn korfs_instances_solve_to_their_lengths_with_linear_conflict_and_pattern_databases() {
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let reflected = fifteen_555(&puzzle, true);
    // Linear conflict on the easiest; the 5-5-5 databases with reflection on a spread.
    for instance in korf_easiest().into_iter().take(5) {
        let length = solve_and_replay(&puzzle, &instance.board, LinearConflict::new(&puzzle));
        assert_eq!(length, instance.length, "instance {}", instance.id);
    }
    for instance in korf().iter().step_by(9) {
        let length = solve_and_replay(&puzzle, &instance.board, reflected.heuristic());
        assert_eq!(length, instance.length, "instance {}", instance.id);
    }
}

#[test]
fn no_heuristic_is_above_the_true_distance_on_any_eight_puzzle_board() {
    for convention in [GoalConvention::BlankFirst, GoalConvention::BlankLast] {
        let puzzle = NPuzzle::with_convention(3, 3, convention).unwrap();
        let distances = oracle::distances(3, 3, puzzle.goal().tiles());
        let dbs = vec![
            PatternDatabase::build(&puzzle, &[1, 2, 3, 4]).unwrap(),
            PatternDatabase::build(&puzzle, &[5, 6, 7, 8]).unwrap(),
        ];
        let pdb = Arc::new(PatternSet::new(&puzzle, dbs.clone(), false).unwrap()).heuristic();
        let reflected = Arc::new(PatternSet::new(&puzzle, dbs, true).unwrap()).heuristic();
        let (md, lc) = (Manhattan::new(&puzzle), LinearConflict::new(&puzzle));
        let mut exact = [0usize; 4];
        for (tiles, &d) in &distances {
            let estimates = [
                md.estimate_tiles(tiles),
                lc.estimate_tiles(tiles),
                pdb.estimate_tiles(tiles),
                reflected.estimate_tiles(tiles),
            ];
            for (count, &h) in exact.iter_mut().zip(&estimates) {
                assert!(
                    h <= d,
                    "{tiles:?}: estimate {h} above the distance {d} ({estimates:?})"
                );
                *count += usize::from(h == d);
            }
            // Each refinement is at least as large as what it refines.
            assert!(estimates[0] <= estimates[1] && estimates[2] <= estimates[3]);
        }
        // The estimates are not trivially low: each is exact on some boards.
        assert!(exact.iter().all(|&e| e > 100), "{exact:?}");
    }
}

#[test]
fn no_heuristic_is_above_the_remaining_moves_along_solved_korf_instances() {
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let (pdb, reflected) = (fifteen_555(&puzzle, false), fifteen_555(&puzzle, true));
    let (md, lc) = (Manhattan::new(&puzzle), LinearConflict::new(&puzzle));
    for instance in korf() {
        for h in [
            md.estimate_tiles(instance.board.tiles()),
            lc.estimate_tiles(instance.board.tiles()),
            pdb.heuristic().estimate_tiles(instance.board.tiles()),
            reflected.heuristic().estimate_tiles(instance.board.tiles()),
        ] {
            assert!(
                h <= instance.length,
                "instance {}: {h} > {}",
                instance.id,
                instance.length
            );
        }
    }
    // Along an optimal solution, every board is exactly the rest of the moves away.
    for instance in korf_easiest().into_iter().take(4) {
        let plan = puzzle
            .solve(
                &instance.board,
                reflected.heuristic(),
                &NPuzzle::DEFAULT_STRATEGY,
                &Limits::new(),
            )
            .unwrap()
            .into_found()
            .unwrap();
        let mut board = instance.board.clone();
        for (done, &dir) in plan.actions.iter().enumerate() {
            let remaining = instance.length - u32::try_from(done).unwrap();
            for h in [
                md.estimate_tiles(board.tiles()),
                lc.estimate_tiles(board.tiles()),
                pdb.heuristic().estimate_tiles(board.tiles()),
                reflected.heuristic().estimate_tiles(board.tiles()),
            ] {
                assert!(
                    h <= remaining,
                    "instance {} after {done} moves: {h} > {remaining}",
                    instance.id
                );
            }
            assert!(board.slide(dir));
        }
        assert_eq!(&board, puzzle.goal());
    }
}

#[test]
fn pattern_databases_match_a_brute_force_zero_one_bfs() {
    for (rows, cols, convention, pattern) in [
        (3, 3, GoalConvention::BlankFirst, &[1u8, 2, 3, 4][..]),
        (3, 3, GoalConvention::BlankLast, &[2, 5, 8][..]),
        (2, 4, GoalConvention::BlankFirst, &[1, 4, 6][..]),
        (4, 2, GoalConvention::BlankLast, &[1, 2, 3, 4, 5][..]),
        (4, 4, GoalConvention::BlankFirst, &[1, 2, 5][..]),
        (3, 4, GoalConvention::BlankFirst, &[11, 7, 3, 10][..]),
        // 32 and 64 bits per placement in the builder's level sets.
        (5, 5, GoalConvention::BlankLast, &[24, 1, 13][..]),
        (6, 6, GoalConvention::BlankFirst, &[35, 6][..]),
        // One tile; a single row or column of 64 cells (all of the sets' bits, and no
        // vertical or no sideways move); 64 cells on a square board.
        (3, 3, GoalConvention::BlankFirst, &[5][..]),
        (1, 64, GoalConvention::BlankFirst, &[1][..]),
        (64, 1, GoalConvention::BlankLast, &[62][..]),
        (8, 8, GoalConvention::BlankFirst, &[1, 63][..]),
    ] {
        let puzzle = NPuzzle::with_convention(rows, cols, convention).unwrap();
        let db = PatternDatabase::build(&puzzle, pattern).unwrap();
        let expected = oracle::pattern_distances(rows, cols, puzzle.goal().tiles(), pattern);
        // The placements the BFS never reached keep `u8::MAX` (on a single row or column,
        // tiles cannot pass each other: most placements are unreachable).
        let reached: Vec<u8> = (0..db.len())
            .map(|rank| db.value_at(rank))
            .filter(|&v| v != u8::MAX)
            .collect();
        assert_eq!(expected.len(), reached.len(), "{rows}x{cols} {pattern:?}");
        if rows > 1 && cols > 1 {
            assert_eq!(reached.len(), db.len(), "{rows}x{cols} {pattern:?}");
        }
        for (cells, &d) in &expected {
            assert_eq!(
                u32::from(db.value(cells)),
                d,
                "{rows}x{cols} {pattern:?} at {cells:?}"
            );
        }
        let most = reached.iter().max().copied().map(u32::from);
        assert_eq!(most, expected.values().max().copied());
    }
}

#[test]
fn rectangular_boards_and_both_goal_conventions_solve_optimally() {
    for (rows, cols) in [(2, 3), (3, 2), (2, 4), (4, 2), (2, 2)] {
        for convention in [GoalConvention::BlankFirst, GoalConvention::BlankLast] {
            let puzzle = NPuzzle::with_convention(rows, cols, convention).unwrap();
            let distances = oracle::distances(rows, cols, puzzle.goal().tiles());
            let mut rng = SplitMix64::new(rows as u64 * 10 + cols as u64);
            for _ in 0..25 {
                let board = puzzle.random_board(&mut rng);
                let truth = distances[board.tiles()];
                assert_eq!(
                    solve_and_replay(&puzzle, &board, Manhattan::new(&puzzle)),
                    truth
                );
                assert_eq!(
                    solve_and_replay(&puzzle, &board, LinearConflict::new(&puzzle)),
                    truth
                );
            }
            // Half of all layouts: the solvable ones are exactly those the BFS reached.
            let cells = rows * cols;
            assert_eq!(distances.len(), (1..=cells).product::<usize>() / 2);
        }
    }
}

#[test]
fn a_single_row_keeps_its_tile_order() {
    let puzzle = NPuzzle::standard(1, 5).unwrap();
    let board = Board::new(1, 5, &[1, 2, 3, 0, 4]).unwrap();
    assert!(puzzle.is_solvable(&board));
    let plan = puzzle
        .solve(
            &board,
            Manhattan::new(&puzzle),
            &NPuzzle::DEFAULT_STRATEGY,
            &Limits::new(),
        )
        .unwrap()
        .into_found()
        .unwrap();
    assert_eq!(moves_to_string(&plan.actions), "LLL");
    let swapped = Board::new(1, 5, &[2, 1, 3, 0, 4]).unwrap();
    assert_eq!(
        puzzle.solve(
            &swapped,
            Manhattan::new(&puzzle),
            &NPuzzle::DEFAULT_STRATEGY,
            &Limits::new()
        ),
        Err(SolveError::Input(BoardError::Unsolvable))
    );
    let distances = oracle::distances(1, 5, puzzle.goal().tiles());
    assert_eq!(distances.len(), 5);
}

#[test]
fn unsolvable_boards_are_rejected_with_a_clear_error() {
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    // Two tiles swapped in Korf's goal.
    let board: Board = "0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15".parse().unwrap();
    assert!(!puzzle.is_solvable(&board));
    assert_eq!(puzzle.check(&board), Err(BoardError::Unsolvable));
    assert!(
        puzzle
            .solve(
                &board,
                Manhattan::new(&puzzle),
                &NPuzzle::DEFAULT_STRATEGY,
                &Limits::new()
            )
            .is_err()
    );
    let message = BoardError::Unsolvable.to_string();
    assert!(
        message.contains("cannot be reached") && message.contains("parity"),
        "{message}"
    );
    // In a file, the error names the line.
    let text = "# comment\n1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n\n0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15\n";
    let error = parse_instances(text, None, GoalConvention::BlankFirst).unwrap_err();
    assert_eq!((error.line, error.column), (4, 0));
    assert!(matches!(error.kind, ParseErrorKind::Unsolvable(_)));
    assert!(
        error.to_string().starts_with("line 4: unsolvable: ")
            && error.to_string().contains("parity"),
        "{error}"
    );
    // On a single row the parity may be right (two swaps) and the order still wrong.
    let error =
        parse_instances("0 2 1 4 3\n", Some((1, 5)), GoalConvention::BlankFirst).unwrap_err();
    assert!(matches!(error.kind, ParseErrorKind::Unsolvable(_)));
    let message = error.to_string();
    assert!(
        message.contains("single row") && !message.contains("parity"),
        "{message}"
    );
    // A board of another shape is refused too.
    let small: Board = "1 0 2 3 4 5 6 7 8".parse().unwrap();
    assert_eq!(
        puzzle.check(&small),
        Err(BoardError::ShapeMismatch {
            expected: (4, 4),
            found: (3, 3)
        })
    );
}

#[test]
fn malformed_lines_are_rejected_naming_the_line_and_the_column() {
    let cases: [(&str, usize, usize, &str); 6] = [
        (
            "1 0 2 3 4 x 6 7 8",
            1,
            11,
            "expected a tile number (0 for the blank), found \"x\"",
        ),
        (
            "1 0 2 3 4 5 6 7",
            1,
            0,
            "expected k*k tile numbers for a k x k board, k at least 2 (4, 9, 16, ...), found \"8 numbers\"",
        ),
        (
            "1 0 2 3 4 5 6 7 9",
            1,
            17,
            "expected a tile number below 9, found \"9\"",
        ),
        (
            "1 0 2 3 4 5 6 7 1",
            1,
            17,
            "expected each tile once, not a second 1, found \"1\"",
        ),
        (
            "1 0 2 -3 4 5 6 7 8",
            1,
            7,
            "expected a tile number (0 for the blank), found \"-3\"",
        ),
        (
            "0",
            1,
            0,
            "expected k*k tile numbers for a k x k board, k at least 2 (4, 9, 16, ...), found \"1 number\"",
        ),
    ];
    for (line, row, column, message) in cases {
        let text = format!("# header\n\n{line}\n");
        let error = parse_instances(&text, None, GoalConvention::BlankFirst).unwrap_err();
        assert_eq!((error.line, error.column), (row + 2, column), "{line}");
        assert!(error.to_string().ends_with(message), "{line}: {error}");
    }
    let error =
        parse_instances("1 0 2 3 4 5\n", Some((2, 2)), GoalConvention::BlankFirst).unwrap_err();
    assert!(
        error.to_string().contains("4 tile numbers for a 2x2 board"),
        "{error}"
    );
    let large = (0..300)
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let error = parse_instances(&large, Some((15, 20)), GoalConvention::BlankFirst).unwrap_err();
    assert!(
        matches!(error.kind, ParseErrorKind::TooLarge { .. }),
        "{error}"
    );
    assert_eq!(
        Board::new(0, 4, &[]),
        Err(BoardError::Shape { rows: 0, cols: 4 })
    );
    assert_eq!(
        Board::new(2, 2, &[0, 1, 2, 2]),
        Err(BoardError::Repeated { tile: 2 })
    );
}

#[test]
fn the_in_place_view_is_back_at_its_start_after_every_outcome() {
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let instance = &korf_easiest()[0];
    let mut slider = puzzle
        .in_place(&instance.board, Manhattan::new(&puzzle))
        .unwrap();
    let found = InPlaceIdaStar::new().search(&mut slider, Slider::is_solved);
    assert!(found.found().is_some());
    assert_eq!(slider.board(), instance.board);
    let limited = InPlaceIdaStar::new()
        .with_limits(Limits::new().max_expansions(1000))
        .search(&mut slider, Slider::is_solved);
    assert_eq!(limited.stop_reason(), Some(StopReason::Expansions));
    assert_eq!(slider.board(), instance.board);
    assert_eq!(
        slider.estimate(),
        Manhattan::new(&puzzle).estimate_tiles(instance.board.tiles())
    );
}

/// Records every finished iteration: bound, next bound, nodes so far.
struct Iterations(Vec<(u32, Option<u32>, u64)>);

impl<S> Visitor<S, u32> for Iterations {
    fn visit(&mut self, event: Event<'_, S, u32>) -> ControlFlow<()> {
        if let Event::IterationFinished {
            bound,
            next_bound,
            stats,
        } = event
        {
            self.0.push((bound, next_bound, stats.generated));
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn every_iteration_is_reported_with_its_bound_and_the_nodes_so_far() {
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let instance = &korf_easiest()[0];
    let mut watch = Iterations(Vec::new());
    let search = puzzle
        .solve_with(
            &instance.board,
            Manhattan::new(&puzzle),
            &NPuzzle::DEFAULT_STRATEGY,
            &Limits::new(),
            &mut watch,
        )
        .unwrap();
    let events = watch.0;
    let h0 = Manhattan::new(&puzzle).estimate_tiles(instance.board.tiles());
    // One event per iteration that found nothing; Manhattan bounds grow by two.
    assert_eq!(events.len() as u64, search.stats.iterations - 1);
    for (i, &(bound, next, _)) in events.iter().enumerate() {
        assert_eq!(bound, h0 + 2 * u32::try_from(i).unwrap());
        assert_eq!(next, Some(bound + 2));
    }
    assert!(events.windows(2).all(|w| w[0].2 < w[1].2));
    assert_eq!(events.last().unwrap().0 + 2, instance.length);
}

#[test]
fn the_blank_last_goal_gives_korfs_lengths_to_turned_boards() {
    // Turning a board by 180 degrees and renaming each tile x > 0 to 16 - x
    // maps Korf's goal onto the blank-last goal and keeps every distance.
    let puzzle = NPuzzle::with_convention(4, 4, GoalConvention::BlankLast).unwrap();
    let set = Arc::new(PatternSet::build_partition(&puzzle, Partition::Fifteen555, true).unwrap());
    for instance in korf_easiest().into_iter().take(4) {
        let turned: Vec<usize> = instance
            .board
            .tiles()
            .iter()
            .rev()
            .map(|&t| if t == 0 { 0 } else { 16 - usize::from(t) })
            .collect();
        let board = Board::new(4, 4, &turned).unwrap();
        assert_eq!(
            solve_and_replay(&puzzle, &board, set.heuristic()),
            instance.length
        );
        assert!(set.heuristic().estimate_tiles(board.tiles()) <= instance.length);
    }
}
