//! Pattern databases of the sliding-tile puzzle: through a file and back, the partitions
//! refused, and damaged tables that carry a valid signature.

use super::*;

#[test]
fn pattern_databases_survive_a_round_trip_through_a_file() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let dir = std::env::temp_dir().join(format!("state-search-npuzzle-{}", std::process::id()));
    let cache = PdbCache::new(&dir, KEY);
    let cached = PatternDatabase::load_or_build(&puzzle, &[5, 6, 7, 8], &cache).unwrap();
    assert!(cached.not_saved.is_none());
    let built = cached.value;
    let path = dir.join(built.file_name());
    assert!(path.exists());
    let loaded = PatternDatabase::load(&path, &KEY).unwrap();
    assert_eq!(loaded, built);
    assert_eq!(
        PatternDatabase::load_cached(&puzzle, &[5, 6, 7, 8], &cache).unwrap(),
        Some(built.clone())
    );
    assert_eq!(
        PatternDatabase::load_cached(&puzzle, &[5, 6, 7], &cache).unwrap(),
        None
    );
    // A damaged file is not trusted: it is rebuilt and replaced.
    std::fs::write(&path, b"SSPDB1 damaged").unwrap();
    assert!(matches!(
        PatternDatabase::load(&path, &KEY),
        Err(PdbError::Format(_) | PdbError::Io(_))
    ));
    assert_eq!(
        PatternDatabase::load_or_build(&puzzle, &[5, 6, 7, 8], &cache)
            .unwrap()
            .value,
        built
    );
    // A cache directory that cannot be created costs the file, not the database.
    let blocked = path.join("not-a-directory");
    let blocked_cache = PdbCache::new(&blocked, KEY);
    let cached = PatternDatabase::load_or_build(&puzzle, &[5, 6, 7, 8], &blocked_cache).unwrap();
    assert_eq!(cached.value, built);
    let why = cached
        .not_saved
        .expect("a file cannot hold a directory")
        .to_string();
    assert!(why.contains("not-a-directory"), "{why}");
    assert_eq!(PatternDatabase::load(&path, &KEY).unwrap(), built);
    // A database is only used with the goal it was built for.
    let other = NPuzzle::with_convention(3, 3, GoalConvention::BlankLast).unwrap();
    assert!(!built.fits(&other));
    assert!(matches!(
        PatternSet::new(&other, vec![built], false),
        Err(PdbError::Mismatch(_))
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pattern_sets_refuse_overlaps_and_impossible_reflections() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let a = PatternDatabase::build(&puzzle, &[1, 2, 3]).unwrap();
    let b = PatternDatabase::build(&puzzle, &[3, 4]).unwrap();
    assert!(matches!(
        PatternSet::new(&puzzle, vec![a.clone(), b], false),
        Err(PdbError::Overlap { tile: 3 })
    ));
    assert!(matches!(
        PatternDatabase::build(&puzzle, &[0, 1]),
        Err(PdbError::Pattern(_))
    ));
    assert!(matches!(
        PatternDatabase::build(&puzzle, &[9]),
        Err(PdbError::Pattern(_))
    ));
    let wide = NPuzzle::standard(2, 3).unwrap();
    let w = PatternDatabase::build(&wide, &[1, 2]).unwrap();
    assert!(matches!(
        PatternSet::new(&wide, vec![w], true),
        Err(PdbError::Reflection(_))
    ));
    // A partial set is admissible but an estimate of zero no longer proves the goal.
    let partial = Arc::new(PatternSet::new(&puzzle, vec![a], false).unwrap());
    let board: Board = "0 1 2 3 4 5 6 8 7".parse().unwrap();
    assert!(!puzzle.is_solvable(&board));
    let board: Board = "0 1 2 3 4 5 7 8 6".parse().unwrap();
    assert_eq!(partial.heuristic().estimate_tiles(board.tiles()), 0);
    let distances = eight_puzzle_distances();
    assert_eq!(
        solve_and_replay(&puzzle, &board, partial.heuristic()),
        distances[board.tiles()]
    );
    assert!(matches!(
        PatternSet::build_partition(&puzzle, Partition::Fifteen663, false),
        Err(PdbError::Mismatch(_))
    ));
}

/// The pattern sets of `tracked_pattern_estimates_equal_the_estimates_from_scratch`.
/// The key the databases of these tests are signed with.
const KEY: CacheKey = CacheKey::from_bytes([3; 32]);

/// `db` written out with every table entry zero and signed again with [`KEY`]: a file
/// that passes every format check but holds a wrong table.
fn zeroed(db: &PatternDatabase, tiles: usize) -> PatternDatabase {
    use hmac::{Hmac, KeyInit, Mac};
    let mut bytes = Vec::new();
    db.write_to(&mut bytes, &KEY).unwrap();
    // magic, 4 header bytes, the tiles, their goal cells, the blank's, length, signature
    let head = 6 + 4 + 2 * tiles + 1 + 8;
    bytes[head + 32..].fill(0);
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&[3; 32]).unwrap();
    mac.update(&bytes[..head]);
    mac.update(&bytes[head + 32..]);
    let tag = mac.finalize().into_bytes();
    bytes[head..head + 32].copy_from_slice(&tag);
    PatternDatabase::read_from(&mut bytes.as_slice(), &KEY).unwrap()
}

#[test]
fn a_damaged_database_with_a_valid_signature_never_yields_an_unsolved_plan() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let dbs = [[1u8, 2, 3, 4], [5, 6, 7, 8]]
        .iter()
        .map(|tiles| zeroed(&PatternDatabase::build(&puzzle, tiles).unwrap(), 4))
        .collect();
    // Every tile is in a pattern, so an estimate of zero once passed for "solved".
    let set = Arc::new(PatternSet::new(&puzzle, dbs, false).unwrap());
    let board: Board = "1 2 0 3 4 5 6 7 8".parse().unwrap();
    let search = puzzle
        .solve(
            &board,
            set.heuristic(),
            &state_search::Strategy::IdaStar,
            &Limits::new(),
        )
        .unwrap();
    let plan = search.found().expect("the board is solvable");
    let mut replayed = board.clone();
    replayed.slide_all(&plan.actions).unwrap();
    assert_eq!(&replayed, puzzle.goal(), "{plan:?}");
    assert_eq!(plan.cost, 2);
}

#[test]
fn a_cached_database_must_pass_a_spot_check_to_be_loaded() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let built = PatternDatabase::build(&puzzle, &[1, 2, 3, 4]).unwrap();
    assert!(built.passes_spot_check());
    let damaged = zeroed(&built, 4);
    assert!(!damaged.passes_spot_check());
    let dir = std::env::temp_dir().join(format!("state-search-spot-{}", std::process::id()));
    let cache = PdbCache::new(&dir, KEY);
    let path = built.store(&cache).unwrap();
    assert!(
        PatternDatabase::load_cached(&puzzle, &[1, 2, 3, 4], &cache)
            .unwrap()
            .is_some()
    );
    damaged.save(&path, &KEY).unwrap();
    // The signature holds, the spot check does not: the file is not trusted, and the cache
    // builds the database again.
    assert!(PatternDatabase::load(&path, &KEY).is_ok());
    assert!(
        PatternDatabase::load_cached(&puzzle, &[1, 2, 3, 4], &cache)
            .unwrap()
            .is_none()
    );
    let rebuilt = PatternDatabase::load_or_build(&puzzle, &[1, 2, 3, 4], &cache).unwrap();
    assert_eq!(rebuilt.value, built);
    std::fs::remove_dir_all(&dir).unwrap();
}
