//! Property tests of the sliding-tile puzzle: the inversion rule of solvability, boards
//! that print as they parse, parsing that never panics, tracked pattern estimates equal
//! to their estimates from scratch, and random walks no farther than their length.

use super::*;

fn tracked_pattern_set(which: usize) -> (NPuzzle, Arc<PatternSet>) {
    let build = |puzzle: &NPuzzle, patterns: &[&[u8]], reflect: bool| {
        let dbs = patterns
            .iter()
            .map(|tiles| PatternDatabase::build(puzzle, tiles).unwrap())
            .collect();
        Arc::new(PatternSet::new(puzzle, dbs, reflect).unwrap())
    };
    match which {
        0 | 1 => {
            let puzzle = NPuzzle::standard(3, 3).unwrap();
            let set = eight_puzzle_pdb(&puzzle, which == 1);
            (puzzle, set)
        }
        2 => {
            // Tiles 4, 7 and 8 are in no pattern.
            let puzzle = NPuzzle::standard(3, 3).unwrap();
            let set = build(&puzzle, &[&[1, 2, 3], &[5, 6]], true);
            (puzzle, set)
        }
        3 => {
            let puzzle = NPuzzle::with_convention(3, 3, GoalConvention::BlankLast).unwrap();
            let set = build(&puzzle, &[&[1, 2, 4, 5], &[3, 6, 7, 8]], true);
            (puzzle, set)
        }
        4 => {
            let puzzle = NPuzzle::standard(3, 4).unwrap();
            let set = build(
                &puzzle,
                &[&[1, 2, 3, 4, 5], &[6, 7, 9, 10], &[8, 11]],
                false,
            );
            (puzzle, set)
        }
        5 => {
            let puzzle = NPuzzle::standard(4, 4).unwrap();
            let set = fifteen_555(&puzzle, true);
            (puzzle, set)
        }
        7 | 8 => {
            // The dual lookups: the peek gives the plain estimate, the slide the larger.
            let puzzle = NPuzzle::with_convention(
                3,
                3,
                if which == 7 {
                    GoalConvention::BlankFirst
                } else {
                    GoalConvention::BlankLast
                },
            )
            .unwrap();
            let plain = build(&puzzle, &[&[1, 2, 4, 5], &[3, 6, 7, 8]], which == 8);
            let dbs = plain.databases().to_vec();
            let set = Arc::new(
                PatternSet::new(&puzzle, dbs, which == 8)
                    .unwrap()
                    .with_dual(true),
            );
            (puzzle, set)
        }
        _ => {
            // The largest board pattern databases support: cells 0 and 63 in the masks.
            static SET: OnceLock<Arc<PatternSet>> = OnceLock::new();
            let puzzle = NPuzzle::standard(8, 8).unwrap();
            let set = SET
                .get_or_init(|| build(&puzzle, &[&[63], &[62, 55], &[1, 8], &[9, 18, 27]], true));
            (puzzle, Arc::clone(set))
        }
    }
}

fn any_board(rows: usize, cols: usize) -> impl Strategy<Value = Board> {
    Just((0..rows * cols).collect::<Vec<usize>>())
        .prop_shuffle()
        .prop_map(move |tiles| Board::new(rows, cols, &tiles).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn solvability_is_the_textbook_inversion_rule(
        (rows, cols) in prop_oneof![Just((2usize, 2usize)), Just((3, 3)), Just((4, 4)), Just((2, 5)), Just((5, 3)), Just((4, 6))],
        seed in any::<u64>(),
        last in any::<bool>(),
    ) {
        let convention = if last { GoalConvention::BlankLast } else { GoalConvention::BlankFirst };
        let puzzle = NPuzzle::with_convention(rows, cols, convention).unwrap();
        let mut tiles: Vec<usize> = (0..rows * cols).collect();
        SplitMix64::new(seed).shuffle(&mut tiles);
        let board = Board::new(rows, cols, &tiles).unwrap();
        prop_assert_eq!(
            puzzle.is_solvable(&board),
            oracle::solvable_by_inversions(cols, board.tiles(), puzzle.goal().tiles())
        );
        // Random solvable boards are solvable, and every rank maps back to its board.
        let random = puzzle.random_board(&mut SplitMix64::new(seed));
        prop_assert!(oracle::solvable_by_inversions(cols, random.tiles(), puzzle.goal().tiles()));
        if rows * cols <= 12 {
            let indexer = puzzle.indexer();
            prop_assert_eq!(indexer.state(indexer.index(&random)), random);
        }
    }

    #[test]
    fn boards_print_as_they_parse(board in (2usize..=6).prop_flat_map(|side| any_board(side, side))) {
        let text = board.to_string();
        prop_assert_eq!(text.parse::<Board>().unwrap(), board.clone());
        let instances = parse_instances(&format!("# x\n{text}\n"), None, GoalConvention::BlankFirst);
        let puzzle = NPuzzle::standard(board.rows(), board.cols()).unwrap();
        match instances {
            Ok(found) => {
                prop_assert!(puzzle.is_solvable(&board));
                prop_assert_eq!(&found[0].board, &board);
                prop_assert_eq!(found[0].line, 2);
            }
            Err(error) => {
                prop_assert!(!puzzle.is_solvable(&board));
                prop_assert_eq!(error.line, 2);
            }
        }
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in "[0-9 #\\-x\n]{0,80}") {
        let _ = parse_instances(&text, None, GoalConvention::BlankFirst);
        let _ = parse_instances(&text, Some((2, 3)), GoalConvention::BlankLast);
        let _ = text.parse::<Board>();
    }

    /// The pattern heuristic tracked slide by slide (and its peeks) against the estimate
    /// from scratch, on walks that also undo and start afresh, for several sets: with and
    /// without reflection, tiles in no pattern, a blank-last goal, a rectangle, the
    /// 15-puzzle and a 64-cell board; each table as built (bytes, nibbles, or deltas from
    /// the Manhattan distance, which the heuristic tracks) or as deltas (bit `i` of
    /// `deltas` for pattern `i`).
    #[test]
    fn tracked_pattern_estimates_equal_the_estimates_from_scratch(
        which in 0usize..9,
        seed in any::<u64>(),
        steps in 0usize..80,
        deltas in any::<u8>(),
    ) {
        let (puzzle, set) = tracked_pattern_set(which);
        let set = if deltas == 0 {
            set
        } else {
            let dbs = set
                .databases()
                .iter()
                .enumerate()
                .map(|(i, db)| {
                    if deltas >> (i % 8) & 1 == 1 {
                        db.encoded(Encoding::Deltas).unwrap()
                    } else {
                        db.clone()
                    }
                })
                .collect();
            Arc::new(PatternSet::new(&puzzle, dbs, set.reflects()).unwrap().with_dual(set.duals()))
        };
        // What the peeks give: the estimate without the dual lookups.
        let plain = PatternSet::new(&puzzle, set.databases().to_vec(), set.reflects()).unwrap();
        let mut rng = SplitMix64::new(seed);
        let mut board = puzzle.random_walk(&mut rng, 40);
        let scratch = |board: &Board| Heuristic::estimate(&*set, board);
        let mut tracked = set.heuristic();
        prop_assert_eq!(tracked.start(board.tiles()), scratch(&board));
        // The slides not yet undone: (tile, from, to, the board and estimate before).
        let mut done: Vec<(u8, u8, u8, Board, u32)> = Vec::new();
        let mut h = scratch(&board);
        for _ in 0..steps {
            if !done.is_empty() && rng.below(4) == 0 {
                let (tile, from, to, before, estimate) = done.pop().unwrap();
                prop_assert_eq!(tracked.unslide(h, tile, from, to), estimate);
                board = before;
                h = estimate;
                continue;
            }
            let mut options = Vec::new();
            for dir in Dir::ALL {
                let mut next = board.clone();
                if next.slide(dir) {
                    let (from, to) = (next.blank(), board.blank());
                    let tile = board.tiles()[from];
                    let (from, to) = (u8::try_from(from).unwrap(), u8::try_from(to).unwrap());
                    // Peeking at every slide changes nothing. With the dual lookups it gives
                    // the plain estimate: a lower bound of the slide's.
                    prop_assert_eq!(
                        tracked.peek(h, tile, from, to),
                        Some(Heuristic::estimate(&plain, &next))
                    );
                    options.push((tile, from, to, next));
                }
            }
            let pick = usize::try_from(rng.below(options.len() as u64)).unwrap();
            let (tile, from, to, next) = options.swap_remove(pick);
            // Most slides follow a peek at themselves, as in IDA*; the others follow a peek
            // at another slide (the last of the loop above) or none.
            if rng.below(2) == 0 {
                tracked.peek(h, tile, from, to);
            }
            if rng.below(8) == 0 {
                // Start afresh on a board with two other tiles swapped, where the peeked
                // slide is also legal: the peek made before must not be reused.
                tracked.peek(h, tile, from, to);
                let keep = [usize::from(from), usize::from(to)];
                let others: Vec<usize> = (0..board.cells()).filter(|c| !keep.contains(c)).collect();
                let (a, b) = (others[0], others[others.len() - 1]);
                let swapped = |board: &Board| {
                    let mut tiles: Vec<usize> = board.tiles().iter().map(|&t| usize::from(t)).collect();
                    tiles.swap(a, b);
                    Board::new(board.rows(), board.cols(), &tiles).unwrap()
                };
                let (other, other_next) = (swapped(&board), swapped(&next));
                prop_assert_eq!(tracked.start(other.tiles()), scratch(&other));
                let after = tracked.slide(scratch(&other), tile, from, to);
                prop_assert_eq!(after, scratch(&other_next));
                done.clear();
                board = other_next;
                h = after;
                continue;
            }
            let after = tracked.slide(h, tile, from, to);
            prop_assert_eq!(after, scratch(&next));
            done.push((tile, from, to, core::mem::replace(&mut board, next), h));
            h = after;
        }
    }

    #[test]
    fn random_walks_are_never_farther_than_their_length(seed in any::<u64>(), steps in 0usize..40) {
        let puzzle = NPuzzle::standard(3, 3).unwrap();
        let board = puzzle.random_walk(&mut SplitMix64::new(seed), steps);
        let distance = eight_puzzle_distances()[board.tiles()];
        prop_assert!(distance as usize <= steps);
        prop_assert_eq!(distance as usize % 2, steps % 2);
        prop_assert_eq!(solve_and_replay(&puzzle, &board, Manhattan::new(&puzzle)), distance);
    }
}
