//! Unit tests of the goals, solvability, the indexer, linear conflict and the places of
//! parse errors.

use super::board::step;
use super::heuristic::must_leave;
use super::*;
use crate::error::ParseErrorKind;
use crate::grid::Dir;
use crate::rng::SplitMix64;
use crate::space::{IndexedSpace, StateIndexer};

#[test]
fn goals_follow_their_convention() {
    let first = Board::goal(2, 3, GoalConvention::BlankFirst).unwrap();
    assert_eq!(first.tiles(), [0, 1, 2, 3, 4, 5]);
    let last = Board::goal(2, 3, GoalConvention::BlankLast).unwrap();
    assert_eq!((last.tiles(), last.blank()), (&[1, 2, 3, 4, 5, 0][..], 5));
    assert_eq!(
        Board::goal(0, 3, GoalConvention::BlankFirst),
        Err(BoardError::Shape { rows: 0, cols: 3 })
    );
}

#[test]
fn parity_decides_solvability() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let swapped: Board = "0 2 1 3 4 5 6 7 8".parse().unwrap();
    assert!(!puzzle.is_solvable(&swapped));
    let moved: Board = "1 0 2 3 4 5 6 7 8".parse().unwrap();
    assert!(puzzle.is_solvable(&moved));
    // On an even width a vertical move changes the tile order's parity as well.
    let puzzle = NPuzzle::standard(2, 2).unwrap();
    let down: Board = "2 1 0 3".parse().unwrap();
    assert!(puzzle.is_solvable(&down));
    let lines = NPuzzle::standard(1, 4).unwrap();
    assert!(lines.is_solvable(&Board::new(1, 4, &[1, 2, 0, 3]).unwrap()));
    assert!(!lines.is_solvable(&Board::new(1, 4, &[2, 1, 0, 3]).unwrap()));
}

#[test]
fn the_indexer_is_a_bijection_on_solvable_boards() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 2)] {
        let puzzle = NPuzzle::standard(rows, cols).unwrap();
        let indexer = puzzle.indexer();
        let mut rng = SplitMix64::new(5);
        for _ in 0..200 {
            let board = puzzle.random_board(&mut rng);
            let index = indexer.index(&board);
            assert!(index < indexer.bound());
            assert_eq!(indexer.state(index), board);
        }
    }
}

#[test]
fn linear_conflict_counts_reversed_pairs() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    // Tiles 2 and 1 swapped in the top row: each is 1 away, plus one conflict.
    let board: Board = "0 2 1 3 4 5 6 7 8".parse().unwrap();
    assert_eq!(puzzle.manhattan(&board), Ok(2));
    assert_eq!(puzzle.linear_conflict(&board), Ok(4));
    let wide = Board::new(2, 4, &[0, 2, 1, 3, 4, 5, 6, 7]).unwrap();
    let mismatch = Err(BoardError::ShapeMismatch {
        expected: (3, 3),
        found: (2, 4),
    });
    assert_eq!(puzzle.manhattan(&wide), mismatch);
    assert_eq!(puzzle.linear_conflict(&wide), mismatch);
    assert_eq!(must_leave([3, 2, 1].into_iter()), 2);
    assert_eq!(must_leave([1, 3, 2, 4].into_iter()), 1);
}

#[test]
fn parse_errors_name_the_column_in_the_whole_line() {
    // Leading blanks count: the column is the one an editor shows.
    let error = parse_instances("# x\n  1 0 é 3\n", None, GoalConvention::BlankFirst);
    let error = error.unwrap_err();
    assert_eq!((error.line, error.column), (2, 7));
    assert_eq!(
        error.kind,
        ParseErrorKind::Invalid {
            expected: "a tile number (0 for the blank)".to_owned(),
            found: "é".to_owned()
        }
    );
    // Numbers are quoted as written, never as a number they were turned into.
    let error = "0 1 2 3 99999999999999999999999 5 6 7 8"
        .parse::<Board>()
        .unwrap_err();
    assert_eq!((error.line, error.column), (1, 9));
    assert!(
        error.to_string().ends_with("\"99999999999999999999999\""),
        "{error}"
    );
    let error = "0 1 2\n3 4 5\n6 7 09".parse::<Board>().unwrap_err();
    assert_eq!((error.line, error.column), (3, 5));
    assert!(
        error.to_string().ends_with("below 9, found \"09\""),
        "{error}"
    );
    let board: Board = "\u{feff}0 1 2\r\n3 4 5\r\n6 7 8\r\n".parse().unwrap();
    assert_eq!(board.to_string(), "0 1 2 3 4 5 6 7 8");
}

#[test]
fn move_orders_are_four_distinct_letters() {
    assert_eq!("ULRD".parse::<MoveOrder>(), Ok(MoveOrder::ULRD));
    assert_eq!(
        "DRLU".parse::<MoveOrder>().map(MoveOrder::dirs),
        Ok([Dir::Down, Dir::Right, Dir::Left, Dir::Up])
    );
    for bad in ["ULR", "ULRDU", "ULLD", "ulrd", ""] {
        let error = bad.parse::<MoveOrder>().unwrap_err();
        assert_eq!(error, InvalidMoveOrder(bad.to_owned()));
    }
    assert_eq!(
        "UUDL".parse::<MoveOrder>().unwrap_err().to_string(),
        "invalid move order \"UUDL\": expected a permutation of \"UDLR\""
    );
}

#[test]
fn moves_keep_their_cells_and_an_option_of_one_takes_two_bytes() {
    // The in-place engines keep an `Option<Move>` per level: the niche keeps it small.
    assert_eq!(size_of::<Option<Move>>(), 2);
    // 16x16: every byte is a cell.
    let puzzle = NPuzzle::standard(16, 16).unwrap();
    let mut seen = 0;
    for cell in 0..puzzle.cells() {
        let count = usize::from(puzzle.move_count[cell]);
        for (&slide, &dir) in puzzle.slides[cell][..count]
            .iter()
            .zip(puzzle.moves_from(cell))
        {
            assert_eq!(slide.from(), cell);
            assert_eq!(Some(slide.to()), step(16, 16, cell, dir));
            assert_eq!(slide.dir(16), dir);
            let back = slide.inverse();
            assert_eq!((back.from(), back.to()), (slide.to(), cell));
            assert_eq!(back.inverse(), slide);
            assert_ne!(back, slide);
            assert_eq!(
                format!("{slide:?}"),
                format!("Move {{ from: {cell}, to: {} }}", slide.to())
            );
            seen += 1;
        }
    }
    // 2 * 16 * 15 edges of the 16x16 grid, each taken both ways.
    assert_eq!(seen, 4 * 16 * 15);
    // Equality and hashing tell every move apart.
    let distinct: std::collections::HashSet<Move> = (0..puzzle.cells())
        .flat_map(|cell| puzzle.slides[cell][..usize::from(puzzle.move_count[cell])].to_vec())
        .collect();
    assert_eq!(distinct.len(), seen);
}
