//! The space against a brute-force Dijkstra on small random maps, and its moves at the
//! edges.

use super::*;

/// A small random map: mostly ground, with every other character too.
fn small_map() -> impl proptest::strategy::Strategy<Value = oracle::Rows> {
    let cell = prop_oneof![
        6 => Just(b'.'),
        1 => Just(b'G'),
        2 => Just(b'S'),
        2 => Just(b'T'),
        1 => Just(b'W'),
        3 => Just(b'@'),
        1 => Just(b'O'),
    ];
    random_map(cell, 8)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn space_agrees_with_brute_force_dijkstra(
        rows in small_map(),
        ends in (0..64usize, 0..64usize),
        four in any::<bool>(),
    ) {
        let (h, w) = (rows.len(), rows[0].len());
        let start = (ends.0 / 8 % h, ends.0 % 8 % w);
        let goal = (ends.1 / 8 % h, ends.1 % 8 % w);
        let connectivity = if four { Connectivity::Four } else { Connectivity::Eight };
        let map = parse_rows(&rows);
        let space = OctileSpace::new(&map, connectivity);
        let graph = oracle::graph(&rows, !four);
        let expected = oracle::distance(&graph, start, goal);
        for strategy in strategies(connectivity) {
            let found = solve(&rows, &space, strategy, start, goal);
            match (expected, found) {
                (None, None) => {}
                (Some(d), Some((_, replayed))) => {
                    prop_assert!((d - replayed).abs() < 1e-9, "{strategy}: {replayed} against {d}");
                }
                (e, f) => prop_assert!(false, "{strategy}: {f:?} against the oracle's {e:?}"),
            }
        }
    }

    #[test]
    fn space_moves_are_the_oracle_edges_and_the_heuristic_is_consistent(
        rows in small_map(),
        goal in (0..8usize, 0..8usize),
        four in any::<bool>(),
    ) {
        let (h, w) = (rows.len(), rows[0].len());
        let goal = pos((goal.0 % h, goal.1 % w));
        let connectivity = if four { Connectivity::Four } else { Connectivity::Eight };
        let space = OctileSpace::new(&parse_rows(&rows), connectivity);
        let graph = oracle::graph(&rows, !four);
        let estimate = space.heuristic(goal);
        prop_assert_eq!(estimate.estimate(&goal), OctileCost::ZERO);
        for r in 0..h {
            for c in 0..w {
                let here = pos((r, c));
                let mut moves = Vec::new();
                space.successors(&here, |next, cost| moves.push((next, cost)));
                let mut expected: Vec<(usize, f64)> = graph.edges[r * w + c].clone();
                prop_assert_eq!(moves.len(), expected.len(), "moves from {}", here);
                for &(next, cost) in &moves {
                    let to = next.row as usize * w + next.col as usize;
                    let i = expected.iter().position(|&(t, _)| t == to);
                    prop_assert!(i.is_some(), "{} -> {} is no move of the oracle", here, next);
                    let (_, oracle_cost) = expected.swap_remove(i.unwrap());
                    prop_assert!((cost.to_f64().unwrap() - oracle_cost).abs() < 1e-12);
                    // Consistent: h(here) <= cost + h(next).
                    prop_assert!(estimate.estimate(&here) <= cost.plus(estimate.estimate(&next)));
                }
            }
        }
    }
}

#[test]
fn space_has_no_moves_off_the_map_or_from_impassable_cells() {
    let map = OctileMap::parse(&map_text(&["..@", "...", "..."], "\n")).unwrap();
    let space = OctileSpace::new(&map, Connectivity::Eight);
    let moves = |pos: Pos| {
        let mut moves = Vec::new();
        space.successors(&pos, |next, cost| moves.push((next, cost)));
        moves
    };
    // (0, 5) would be read as cell (1, 0) by a careless index into the padded array.
    for off in [
        Pos::new(0, 3),
        Pos::new(0, 5),
        Pos::new(3, 0),
        Pos::new(u32::MAX, u32::MAX),
    ] {
        assert_eq!(moves(off), []);
    }
    assert_eq!(moves(Pos::new(0, 2)), []);
    let (s, d) = (OctileCost::STRAIGHT, OctileCost::DIAGONAL);
    assert_eq!(
        moves(Pos::new(1, 1)),
        [
            (Pos::new(0, 1), s),
            (Pos::new(2, 1), s),
            (Pos::new(1, 0), s),
            (Pos::new(1, 2), s),
            (Pos::new(0, 0), d),
            (Pos::new(2, 0), d),
            (Pos::new(2, 2), d),
        ]
    );
    assert_eq!(space.uniform_cost(), None);
    let four = OctileSpace::new(&map, Connectivity::Four);
    assert_eq!(four.uniform_cost(), Some(OctileCost::STRAIGHT));
}

/// A start or a goal off the map has no path, as the module's docs say, also on a problem
/// with the map's indexer: automatic storage searches it with hashed storage (the dense
/// store has no entry for a cell off the map), and dense storage asked for is a typed
/// error that names the index, not a panic. A column beyond the map's width is off it too:
/// its number must not spill into the next row's (column 8 of a 6-wide map, whose rows
/// are numbered 8 apart, was cell (1, 0), and the search ran from there).
#[test]
fn ends_off_the_map_have_no_path_with_the_maps_indexer() {
    use state_search::{
        CapacityErrorKind, IndexedSpace, StateIndexer, StoragePolicy, StrategyError,
    };
    let map = OctileMap::parse(&map_text(&["......"; 4], "\n")).unwrap();
    let offs = [
        Pos::new(9, 9),
        Pos::new(9, 1),
        Pos::new(0, 6),
        Pos::new(0, 8),
        Pos::new(2, 13),
    ];
    for (connectivity, off) in [Connectivity::Eight, Connectivity::Four]
        .into_iter()
        .flat_map(|c| offs.map(|off| (c, off)))
    {
        let space = OctileSpace::new(&map, connectivity);
        let on = Pos::new(1, 1);
        let number = space.indexer().index(&off);
        assert!(number >= space.indexer().bound(), "{off}");
        for (start, goal) in [(off, on), (on, off), (off, off)] {
            for storage in [
                StoragePolicy::Auto,
                StoragePolicy::Hashed,
                StoragePolicy::Dense,
            ] {
                let problem = Problem::new(&space, [start], at(goal))
                    .heuristic(space.heuristic(goal))
                    .indexed()
                    .backward(goal)
                    .storage(storage);
                for strategy in strategies(connectivity) {
                    let run = strategy.run(&problem, &Limits::new());
                    let case = format!("{strategy} {start} -> {goal} {storage:?}");
                    let outside = start == off
                        || (goal == off && strategy == Strategy::BidirectionalDijkstra);
                    if storage == StoragePolicy::Dense && outside {
                        let Err(StrategyError::Capacity(error)) = run else {
                            panic!("{case}: {run:?}");
                        };
                        assert_eq!(error.reason, CapacityErrorKind::OutsideIndexer, "{case}");
                        assert_eq!(error.entries, number, "{case}");
                    } else if start == goal {
                        // Off the map but the goal test holds: the start is the goal.
                        let found = run.unwrap().into_found().expect(&case);
                        assert_eq!((found.path, found.cost), (vec![off], OctileCost::ZERO));
                    } else {
                        assert!(run.unwrap().found().is_none(), "{case}");
                    }
                }
            }
        }
    }
}
