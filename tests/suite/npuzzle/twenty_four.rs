//! The 24-puzzle: Korf and Felner's fifty instances and Korf and Taylor's ten (the data
//! files agree with each other and with the puzzle's rules), and the easiest two of the
//! fifty solved with the 6-6-6-6 databases and reflection to their published lengths and
//! node counts.

use super::*;

const FIFTY: &str = include_str!("../../data/npuzzle/korf-felner-50.txt");
const FIFTY_LENGTHS: &str = include_str!("../../data/npuzzle/korf-felner-50.lengths");
const TEN: &str = include_str!("../../data/npuzzle/korf-taylor-10.txt");
const TEN_LENGTHS: &str = include_str!("../../data/npuzzle/korf-taylor-10.lengths");

/// The rows of a `.lengths` file, split into columns.
fn rows(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect()
}

/// The boards of an instance file, in order.
fn boards(text: &str) -> Vec<Board> {
    parse_instances(text, Some((5, 5)), GoalConvention::BlankFirst)
        .unwrap()
        .into_iter()
        .map(|instance| instance.board)
        .collect()
}

/// One of Korf and Felner's fifty: its board, published length and published node count
/// (IDA* with the 6-6-6-6 databases and their reflection).
struct Instance {
    id: usize,
    board: Board,
    length: u32,
    nodes: u64,
}

fn fifty() -> Vec<Instance> {
    let boards = boards(FIFTY);
    let rows = rows(FIFTY_LENGTHS);
    assert_eq!((boards.len(), rows.len()), (50, 50));
    boards
        .into_iter()
        .zip(rows)
        .enumerate()
        .map(|(i, (board, row))| {
            assert_eq!(row[0].parse::<usize>().unwrap(), i + 1);
            Instance {
                id: i + 1,
                board,
                length: row[1].parse().unwrap(),
                nodes: row[4].parse().unwrap(),
            }
        })
        .collect()
}

/// Every board is a solvable 5x5 board whose Manhattan distance is at most its published
/// length, with the same parity (each move changes it by one); Korf and Taylor's ten are
/// the fifty's first ten in the order the file states.
#[test]
fn the_literatures_24_puzzles_are_solvable_and_their_lengths_fit_their_manhattan_distances() {
    let puzzle = NPuzzle::standard(5, 5).unwrap();
    let md = Manhattan::new(&puzzle);
    let fifty = fifty();
    for instance in &fifty {
        let tiles = instance.board.tiles();
        assert!(
            oracle::solvable_by_inversions(5, tiles, puzzle.goal().tiles()),
            "instance {}",
            instance.id
        );
        let h = md.estimate_tiles(tiles);
        assert!(h <= instance.length && (instance.length - h) % 2 == 0);
    }
    assert_eq!(fifty.iter().map(|i| i.length).sum::<u32>(), 5039);
    let ten = boards(TEN);
    let ten_rows = rows(TEN_LENGTHS);
    assert_eq!((ten.len(), ten_rows.len()), (10, 10));
    for (board, row) in ten.iter().zip(&ten_rows) {
        let same = &fifty[row[1].parse::<usize>().unwrap() - 1];
        assert_eq!(board, &same.board);
        assert_eq!(row[2].parse::<u32>().unwrap(), same.length);
    }
}

/// The preset partition is Korf and Felner's, and its reflection is another partition.
#[test]
fn the_6_6_6_6_partition_covers_the_24_tiles_once() {
    let puzzle = NPuzzle::standard(5, 5).unwrap();
    let groups = PatternSet::partition_tiles(&puzzle, Partition::TwentyFour6666).unwrap();
    let mut all: Vec<u8> = groups.concat();
    all.sort_unstable();
    assert_eq!(all, (1..25).collect::<Vec<u8>>());
    assert_eq!(groups[3], [17, 18, 19, 22, 23, 24]);
    assert_eq!(Partition::TwentyFour6666.board(), (5, 5));
    assert_eq!(Partition::TwentyFour6666.to_string(), "6-6-6-6");
    // Turned for the blank-last goal: the same cells, read from the other corner.
    let last = NPuzzle::with_convention(5, 5, GoalConvention::BlankLast).unwrap();
    let turned = PatternSet::partition_tiles(&last, Partition::TwentyFour6666).unwrap();
    assert_eq!(turned[0], [24, 23, 20, 19, 18, 13]);
    assert!(matches!(
        PatternSet::partition_tiles(&NPuzzle::standard(4, 4).unwrap(), Partition::TwentyFour6666),
        Err(PdbError::Mismatch(_))
    ));
}

/// The two easiest of the fifty (by the published node counts: instances 38 and 40), solved
/// by IDA* in place with the 6-6-6-6 databases and reflection: the published lengths, the
/// published node counts exactly (Korf and Felner count the generated nodes), and plans that
/// replay to the goal. Building the databases takes most of this test (two searches of
/// about 20 s and 1.6 GB of work memory each, at once; the third and fourth tables are
/// the half turn's and a quarter turn's images of the second, carried over), so the
/// published node counts also check the carried tables.
#[test]
#[cfg(feature = "parallel")]
fn the_easiest_of_korf_and_felners_fifty_solve_with_their_published_node_counts() {
    let puzzle = NPuzzle::standard(5, 5).unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let set = pool
        .install(|| PatternSet::par_build_partition(&puzzle, Partition::TwentyFour6666, true))
        .unwrap();
    let set = Arc::new(set);
    let mut fifty = fifty();
    fifty.sort_by_key(|i| i.nodes);
    let easiest: Vec<&Instance> = fifty.iter().take(2).collect();
    assert_eq!(easiest.iter().map(|i| i.id).collect::<Vec<_>>(), [38, 40]);
    for instance in easiest {
        let (length, nodes) = solve_counted(&puzzle, &instance.board, set.heuristic());
        assert_eq!(nodes, instance.nodes, "instance {}", instance.id);
        assert_eq!(length, instance.length, "instance {}", instance.id);
    }
}
