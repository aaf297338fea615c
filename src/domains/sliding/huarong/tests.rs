//! Unit tests of the blocks, the open-board estimate, the views and the solver.

use super::blocks::blocks;
use super::query::open_board_moves;
use super::*;
use crate::domains::SolveError;
use crate::grid::{Dir, Pos};
use crate::space::IndexedSpace;
use crate::store::Dense;
use crate::strategy::Requirement;
use crate::{Dijkstra, Inapplicable, Limits, Strategy};

fn sample() -> Input {
    "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n"
        .parse()
        .unwrap()
}

#[test]
fn blocks_split_a_board_at_its_cut_cells() {
    // 1 1 1
    // 1 0 1    a ring of 8 cells: one block
    // 1 1 1
    let ring = Board::new(
        3,
        3,
        &[true, true, true, true, false, true, true, true, true],
    )
    .unwrap();
    let (part, block) = blocks(&ring, ring.offsets()).unwrap();
    let ids: Vec<u32> = (0..9)
        .filter(|&i| i != 4)
        .map(|i| ring.cell(Pos::new(i / 3, i % 3)).unwrap())
        .collect();
    assert!(ids.iter().all(|&c| part[c as usize] == 0));
    let first = block[4 * ids[0] as usize + 1];
    for &c in &ids {
        for side in 0..4 {
            let b = block[4 * c as usize + side];
            assert!(b == NONE || b == first);
        }
    }
    // A line of three cells: two blocks, one per edge.
    let line = Board::new(1, 3, &[true; 3]).unwrap();
    let (_, block) = blocks(&line, line.offsets()).unwrap();
    let mid = line.cell(Pos::new(0, 1)).unwrap() as usize;
    assert_ne!(block[4 * mid + 2], block[4 * mid + 3]);
    assert_ne!(block[4 * mid + 2], NONE);
}

#[test]
fn the_sample_answers_two_and_none_with_every_strategy() {
    let input = sample();
    for precompute in [Precompute::Eager, Precompute::Lazy] {
        let options = Options {
            precompute,
            landmarks: 4,
        };
        let mut solver = HuarongSolver::with_options(input.board.clone(), options).unwrap();
        for method in [Method::Plain, Method::Abstract] {
            for strategy in Strategy::ALL {
                let weighted = method == Method::Abstract;
                if !strategy.is_optimal()
                    || strategy.info().needs(Requirement::Backward)
                    || (weighted && strategy == Strategy::Bfs)
                {
                    continue;
                }
                let answers: Vec<Option<u32>> = input
                    .queries
                    .iter()
                    .map(|q| {
                        let search = solver.solve(q, method, &strategy, &Limits::new()).unwrap();
                        search.found().copied()
                    })
                    .collect();
                assert_eq!(answers, [Some(2), None], "{method:?} {strategy}");
            }
        }
    }
}

#[test]
fn the_open_board_estimate_is_the_exact_distance_on_an_open_board() {
    // Far from the edges of a 41 x 41 open board, the abstraction's distances to the
    // centre are those of an unbounded board.
    let n = 41;
    let board = Board::new(n, n, &vec![true; (n * n) as usize]).unwrap();
    let abstraction = Abstraction::new(board.clone(), Precompute::Eager).unwrap();
    let centre = Pos::new(n / 2, n / 2);
    let target = board.cell(centre).unwrap();
    let goals = Dir::ALL.map(|dir| SideState::new(target, dir));
    let mut dijkstra = Dijkstra::with_storage(Dense(abstraction.indexer()))
        .searcher()
        .unwrap();
    let _complete = dijkstra.reach(&abstraction, goals);
    let mut checked = 0;
    for row in n / 2 - 9..=n / 2 + 9 {
        for col in n / 2 - 9..=n / 2 + 9 {
            let piece = board.cell(Pos::new(row, col)).unwrap();
            for side in 0..4 {
                let exact = dijkstra.cost(&SideState(4 * piece + side)).unwrap();
                let estimate = open_board_moves(
                    board.coords[piece as usize],
                    board.coords[target as usize],
                    side,
                );
                assert_eq!(estimate, exact, "piece {row},{col} side {side}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 19 * 19 * 4);
}

#[test]
fn the_open_board_estimate_is_consistent_with_the_cheapest_steps() {
    // Swaps cost 1, walks to a neighbouring side at least 2, to the opposite side at
    // least 4: along each, the estimate drops by no more than the cost.
    let target = [50, 50];
    for row in 35..=65u32 {
        for col in 35..=65u32 {
            for side in 0..4u32 {
                let h = open_board_moves([row, col], target, side);
                if [row, col] == target {
                    assert_eq!(h, 0);
                    continue;
                }
                for to in 0..4u32 {
                    let walk = if to == side ^ 1 { 4 } else { 2 };
                    if to != side {
                        assert!(h <= walk + open_board_moves([row, col], target, to));
                    }
                }
                let next = match side {
                    0 => [row - 1, col],
                    1 => [row + 1, col],
                    2 => [row, col - 1],
                    _ => [row, col + 1],
                };
                assert!(h <= 1 + open_board_moves(next, target, side ^ 1));
            }
        }
    }
}

#[test]
fn bfs_does_not_apply_to_the_weighted_abstraction() {
    let input = sample();
    let mut solver = HuarongSolver::new(input.board.clone()).unwrap();
    assert_eq!(
        solver.solve(
            &input.queries[0],
            Method::Abstract,
            &Strategy::Bfs,
            &Limits::new()
        ),
        Err(SolveError::NotApplicable {
            strategy: Strategy::Bfs,
            reason: Inapplicable::NeedsUniformCost
        })
    );
}

#[test]
fn lazy_abstraction_computes_only_the_cells_it_reaches() {
    // Two 6x6 rooms joined by nothing: a wall column between them. A query in the left
    // room must compute walks around left cells only, and some of them.
    let cols = 13;
    let movable: Vec<bool> = (0..6 * cols).map(|i| i % cols != 6).collect();
    let board = Board::new(6, cols, &movable).unwrap();
    let lazy = Options {
        precompute: Precompute::Lazy,
        landmarks: 0,
    };
    let mut solver = HuarongSolver::with_options(board.clone(), lazy).unwrap();
    assert_eq!(solver.abstraction().computed_cells(), 0);
    let query = Query {
        blank: Pos::new(0, 0),
        piece: Pos::new(2, 2),
        target: Pos::new(5, 5),
    };
    let search = solver
        .solve(&query, Method::Abstract, &Strategy::AStar, &Limits::new())
        .unwrap();
    assert!(search.found().is_some());
    let computed = solver.abstraction().computed_cells();
    assert!(computed > 0, "the search computed no walk");
    assert!(
        computed <= 36,
        "{computed} cells computed, but the left room has 36"
    );
    let eager = HuarongSolver::new(board.clone()).unwrap();
    assert_eq!(eager.abstraction().computed_cells(), board.movable_cells());
}
