//! The dual lookups of pattern databases: admissible on every board of the 8-puzzle, and
//! never below the plain estimate.

use super::*;

/// The dual lookups on every board of the 8-puzzle, for both goals, three partitions (one
/// that isolates the blank's goal cell, one that leaves tiles out) and with or without
/// reflection: never above the true distance, never below the plain estimate, and above
/// it on many boards (the dual of a board whose blank is away from home overestimates it:
/// the walk home is what makes it admissible).
#[test]
fn dual_lookups_are_admissible_on_every_eight_puzzle_board_and_add_to_the_plain_estimate() {
    let partitions: [&[&[u8]]; 3] = [
        &[&[1, 2, 3, 4], &[5, 6, 7, 8]],
        &[&[1, 3, 5, 7], &[2, 4, 6, 8]],
        &[&[1, 2, 3], &[4, 5, 6]],
    ];
    for convention in [GoalConvention::BlankFirst, GoalConvention::BlankLast] {
        let puzzle = NPuzzle::with_convention(3, 3, convention).unwrap();
        let distances = oracle::distances(3, 3, puzzle.goal().tiles());
        for patterns in partitions {
            for reflect in [false, true] {
                let dbs: Vec<PatternDatabase> = patterns
                    .iter()
                    .map(|tiles| PatternDatabase::build(&puzzle, tiles).unwrap())
                    .collect();
                let plain = PatternSet::new(&puzzle, dbs.clone(), reflect).unwrap();
                let dual = PatternSet::new(&puzzle, dbs, reflect)
                    .unwrap()
                    .with_dual(true);
                assert!(dual.duals() && !plain.duals());
                let mut above = 0;
                for (tiles, &d) in &distances {
                    let board = Board::new(
                        3,
                        3,
                        &tiles.iter().map(|&t| usize::from(t)).collect::<Vec<_>>(),
                    )
                    .unwrap();
                    let (h, with_dual) = (plain.estimate(&board), dual.estimate(&board));
                    assert!(
                        h <= with_dual && with_dual <= d,
                        "{convention:?} {patterns:?} reflect {reflect}, {tiles:?}: \
                         plain {h}, with the dual {with_dual}, distance {d}"
                    );
                    above += usize::from(with_dual > h);
                }
                assert!(
                    above > 1000,
                    "{patterns:?}: the dual adds on {above} boards"
                );
            }
        }
    }
}

/// IDA* in place with the dual lookups: the same optimal lengths as without them on the
/// ten easiest of Korf's 100 with the 5-5-5 databases and reflection, and fewer nodes in
/// all (the peek gives the plain estimate; the child the dual lookups reject after the
/// slide is cut there).
#[test]
fn ida_star_in_place_with_dual_lookups_finds_the_same_lengths_with_fewer_nodes() {
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let reflected = fifteen_555(&puzzle, true);
    let dbs = reflected.databases().to_vec();
    let dual = Arc::new(PatternSet::new(&puzzle, dbs, true).unwrap().with_dual(true));
    let (mut plain_nodes, mut dual_nodes) = (0, 0);
    for instance in korf_easiest() {
        let solve =
            |set: &Arc<PatternSet>| solve_counted(&puzzle, &instance.board, set.heuristic());
        let (length, nodes) = solve(&reflected);
        let (dual_length, with_dual) = solve(&dual);
        assert_eq!((length, dual_length), (instance.length, instance.length));
        plain_nodes += nodes;
        dual_nodes += with_dual;
    }
    assert!(
        dual_nodes < plain_nodes,
        "with the dual lookups {dual_nodes} nodes, without {plain_nodes}"
    );
}
