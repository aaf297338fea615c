//! Unit tests of the layout code and the goal test.

use super::model::to_u32;
use super::*;
use crate::space::StateSpace;

#[test]
fn relocating_a_piece_gives_the_code_of_the_moved_layout() {
    let puzzle = Puzzle::classic();
    let cells = puzzle.cells();
    let start: Vec<(u8, u32)> = puzzle
        .pieces
        .iter()
        .map(|&(p, k)| (k, p.at.row * puzzle.cols + p.at.col))
        .collect();
    assert_eq!(puzzle.layout_of(start.iter().copied()), puzzle.start);
    // Move every piece, one at a time, to every anchor of the box (legal or not):
    // the incremental code must equal the code built from scratch.
    for (index, &(k, from)) in start.iter().enumerate() {
        for to in 0..cells {
            if start.iter().any(|&(_, a)| a == to) {
                continue;
            }
            let mut moved = start.clone();
            moved[index].1 = to;
            let expected = puzzle.layout_of(moved.into_iter());
            let rank = start.iter().filter(|&&(_, a)| a < from).count();
            let code = puzzle.relocate(puzzle.start.0, from, to_u32(rank), k, to);
            assert_eq!(Layout(code), expected, "piece {index} to {to}");
        }
    }
}

#[test]
fn the_goal_needs_a_piece_of_the_goal_shape_on_the_goal_cell() {
    let puzzle: Puzzle = "aBB\n.BB\n...\ngoal B 2 1\n".parse().unwrap();
    assert!(!puzzle.is_goal(&puzzle.start()));
    let mut goal_reached = false;
    puzzle
        .space(Metric::Any)
        .successors(&puzzle.start(), |layout, cost| {
            assert_eq!(cost, 1);
            goal_reached |= puzzle.is_goal(&layout);
        });
    assert!(goal_reached);
    // The soldier on the goal cell does not count: it has another shape.
    let soldier: Puzzle = "BB..\nBB..\n..a.\n....\ngoal B 3 3\n".parse().unwrap();
    let layout = soldier.start();
    let placements: Vec<_> = soldier.placements(&layout).collect();
    assert_eq!(placements.len(), 2);
    assert!(!soldier.is_goal(&layout));
}
