//! Unit tests of the ranking, the nibble and deltas tables and the file format.

use super::builder::Moves;
use super::*;
use crate::domains::sliding::npuzzle::NPuzzle;
use crate::rng::SplitMix64;

/// The key the files of these tests are signed with.
const KEY: CacheKey = CacheKey::from_bytes([7; 32]);

/// Asserts that `bytes` read with `key` is an error that says `why`.
fn refused(bytes: &[u8], key: &CacheKey, why: &str) {
    let error = PatternDatabase::read_from(&mut &bytes[..], key).unwrap_err();
    assert!(error.to_string().contains(why), "{error}");
}

#[test]
fn ranks_of_partial_permutations_are_dense() {
    let puzzle = NPuzzle::standard(2, 3).unwrap();
    let db = PatternDatabase::empty(&puzzle, &[1, 2, 3]).unwrap();
    let mut seen = vec![false; db.len()];
    for a in 0..6u8 {
        for b in (0..6u8).filter(|&b| b != a) {
            for c in (0..6u8).filter(|&c| c != a && c != b) {
                let rank = db.rank(&[a, b, c]);
                assert!(!seen[rank], "rank {rank} twice");
                seen[rank] = true;
            }
        }
    }
    assert!(seen.iter().all(|&s| s));
}

#[test]
fn small_tables_are_stored_in_nibbles() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let db = PatternDatabase::build(&puzzle, &[1, 2]).unwrap();
    assert!(db.is_nibbles());
    assert_eq!(db.memory_bytes(), 36);
    assert_eq!(db.value(&[1, 2]), 0);
}

#[test]
fn files_round_trip_and_damage_is_detected() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let db = PatternDatabase::build(&puzzle, &[3, 1, 4, 5]).unwrap();
    let mut bytes = Vec::new();
    db.write_to(&mut bytes, &KEY).unwrap();
    let back = PatternDatabase::read_from(&mut bytes.as_slice(), &KEY).unwrap();
    assert_eq!(back, db);
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    refused(&bytes, &KEY, "not signed with this key");
    refused(b"SSPDB1", &KEY, "magic");
    // The header is signed too: two goal cells swapped make a valid header of another
    // database, over the same table.
    bytes[last] ^= 1;
    let goals = 6 + 4 + 4;
    bytes.swap(goals, goals + 1);
    refused(&bytes, &KEY, "not signed with this key");
    bytes.swap(goals, goals + 1);
    let other = CacheKey::from_bytes([8; 32]);
    refused(&bytes, &other, "not signed with this key");
    assert_eq!(
        PatternDatabase::read_from(&mut bytes.as_slice(), &KEY).unwrap(),
        db
    );
}

#[test]
fn a_cut_file_is_a_format_error_and_file_errors_name_the_path() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let db = PatternDatabase::build(&puzzle, &[1, 2, 3]).unwrap();
    let mut bytes = Vec::new();
    db.write_to(&mut bytes, &KEY).unwrap();
    for cut in [3, 20, bytes.len() - 1] {
        let error = PatternDatabase::read_from(&mut &bytes[..cut], &KEY).unwrap_err();
        assert!(
            matches!(&error, PdbError::Format(why) if why.contains("ends early")),
            "cut at {cut}: {error:?}"
        );
    }
    let dir = std::env::temp_dir().join(format!("state-search-pdb-paths-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("missing.pdb");
    let error = PatternDatabase::load(&missing, &KEY).unwrap_err();
    assert!(matches!(error, PdbError::Io(_)), "{error:?}");
    assert!(error.to_string().contains("missing.pdb"), "{error}");
    let cut = dir.join("cut.pdb");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let error = PatternDatabase::load(&cut, &KEY).unwrap_err();
    assert!(matches!(error, PdbError::Format(_)), "{error:?}");
    assert!(error.to_string().contains("cut.pdb"), "{error}");
    let unwritable = dir.join("no-such-dir").join("x.pdb");
    let error = db.save(&unwritable, &KEY).unwrap_err();
    assert!(error.to_string().contains("no-such-dir"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(debug_assertions)]
#[test]
fn placements_off_the_board_or_of_the_wrong_length_panic_in_debug_builds() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let db = PatternDatabase::build(&puzzle, &[1, 2, 3, 4]).unwrap();
    for cells in [&[9u8, 10, 11, 12][..], &[1, 2], &[200, 1, 2, 3]] {
        let result = std::panic::catch_unwind(|| db.rank(cells));
        assert!(result.is_err(), "{cells:?} was ranked");
    }
    let board_4x4: Vec<u8> = (0..16).collect();
    assert!(std::panic::catch_unwind(|| db.value_of(&board_4x4)).is_err());
}

/// The databases the checks are tried on: boards of one, two, three and four rows, byte and
/// nibble tables.
fn databases() -> Vec<PatternDatabase> {
    let cases: [(usize, usize, &[u8]); 7] = [
        (3, 3, &[1, 2, 3, 4]),
        (3, 3, &[5, 6, 7, 8]),
        (2, 3, &[1, 2]),
        (1, 5, &[1, 2]),
        (2, 4, &[1, 5, 6]),
        (4, 4, &[1, 2, 3, 4, 5]),
        (3, 4, &[6, 7, 9, 10, 11, 8]),
    ];
    cases
        .iter()
        .map(|&(rows, cols, tiles)| {
            let puzzle = NPuzzle::standard(rows, cols).unwrap();
            PatternDatabase::build(&puzzle, tiles).unwrap()
        })
        .collect()
}

/// `db` with every value `v` replaced by `forge(v)`, as bytes.
fn forged(db: &PatternDatabase, forge: impl Fn(u8) -> u8) -> PatternDatabase {
    let mut forged = db.clone();
    let mut values = Vec::with_capacity(db.len());
    db.for_each_value(|v| values.push(forge(v)));
    forged.entries = database::Entries::Bytes(values);
    forged
}

#[test]
fn built_tables_pass_the_checks_of_a_loaded_table() {
    let mut rng = crate::rng::SplitMix64::new(3);
    for db in databases() {
        assert!(db.passes_checks(), "{}", db.file_name());
        // Far more draws than placements on the small boards: every placement is seen.
        assert!(
            db.passes_sampled_checks(&mut rng, 50_000),
            "{}",
            db.file_name()
        );
    }
}

#[test]
fn doubled_saturated_shifted_and_zeroed_tables_fail_the_checks() {
    type Forgery = (&'static str, fn(u8) -> u8);
    let forgeries: [Forgery; 5] = [
        ("doubled", |v| v.saturating_mul(2)),
        ("saturated", |v| if v == 0 { 0 } else { u8::MAX }),
        ("shifted by 2 but the goal", |v| {
            if v == 0 { 0 } else { v.saturating_add(2) }
        }),
        ("shifted by 1 but the goal", |v| {
            if v == 0 { 0 } else { v.saturating_add(1) }
        }),
        ("zeroed", |_| 0),
    ];
    // Caught on small tables only, which are built again: on a large one, the few
    // placements of value 1 next to those of value 2 are seldom drawn.
    let near_the_goal = |v: u8| if v < 2 { v } else { v.saturating_add(2) };
    let mut rng = crate::rng::SplitMix64::new(5);
    for db in databases() {
        let large = db.len() > 1 << 16;
        for (what, forge) in forgeries {
            let forged = forged(&db, forge);
            assert!(!forged.passes_checks(), "{what} {}", db.file_name());
            // On a large table, the samples catch them (not only the spot check).
            if large && forged.passes_spot_check() {
                let sampled = forged.passes_sampled_checks(&mut rng, check::SAMPLES);
                assert!(!sampled, "{what} {}: sampled", db.file_name());
            }
        }
        // The identity as a forgery is no forgery: the checks do not reject bytes as such.
        assert!(forged(&db, |v| v).passes_checks(), "{}", db.file_name());
        if !large {
            let forged = forged(&db, near_the_goal);
            assert!(!forged.passes_checks(), "{}", db.file_name());
            continue;
        }
        // Each property of the samples on its own: the parity (a shift by 1 that keeps
        // neighbours within 1 almost everywhere) and the neighbours within 1 (a shift by 2
        // from the most common value on, which keeps the parity).
        let mut counts = [0usize; 256];
        db.for_each_value(|v| counts[usize::from(v)] += 1);
        let common = (0..=255u8).max_by_key(|&v| counts[usize::from(v)]).unwrap();
        let parity = forged(&db, |v| if v < 2 { v } else { v + 1 });
        let step = forged(&db, |v| if v < common { v } else { v + 2 });
        for (what, forged) in [("parity", parity), ("step", step)] {
            assert!(forged.passes_spot_check(), "{what}");
            assert!(
                !forged.passes_sampled_checks(&mut rng, check::SAMPLES),
                "{what}"
            );
        }
    }
}

#[test]
fn ranks_after_a_move_equal_a_full_ranking() {
    let mut rng = SplitMix64::new(7);
    // The 15-puzzle, and the largest board (64 cells: the masks' top bit).
    for side in [4u8, 8] {
        let puzzle = NPuzzle::standard(side.into(), side.into()).unwrap();
        let n = side * side;
        for k in 1..=7 {
            let db = PatternDatabase::empty(&puzzle, &(1..=k).collect::<Vec<u8>>()).unwrap();
            ranks_match(&db, n, k, &mut rng);
        }
    }
}

/// Every move (to any free cell, not only a neighbour) of 300 random placements of `k`
/// tiles on `n` cells: both incremental rankings against ranking the moved placement.
fn ranks_match(db: &PatternDatabase, n: u8, k: u8, rng: &mut SplitMix64) {
    for _ in 0..300 {
        let mut cells: Vec<u8> = (0..n).collect();
        rng.shuffle(&mut cells);
        let tiles = &cells[..usize::from(k)];
        let rank = db.rank(tiles);
        let moves = Moves::new(tiles);
        for (i, &from) in tiles.iter().enumerate() {
            for to in (0..n).filter(|&to| moves.occupied & (1 << to) == 0) {
                let mut moved = tiles.to_vec();
                moved[i] = to;
                let expected = db.rank(&moved);
                assert_eq!(moves.rank_after(&db.weights, rank, i, from, to), expected);
                assert_eq!(db.rank_after(tiles, rank, i, from, to), expected);
            }
        }
    }
}

#[test]
fn deltas_tables_give_the_built_values_at_every_rank() {
    // A 5-tile pattern of the 15-puzzle: values up to 24, each at most 30 above the
    // Manhattan distance and of its parity, so the build stores deltas.
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let db = PatternDatabase::build(&puzzle, &[1, 2, 3, 4, 5]).unwrap();
    assert_eq!(db.encoding(), Encoding::Deltas);
    assert!(!db.is_nibbles());
    assert_eq!(db.memory_bytes(), db.len().div_ceil(2));
    let table = db.builder().run().unwrap();
    assert_eq!(db.max_value(), *table.iter().max().unwrap());
    assert!(db.max_value() >= 16, "nibbles would do");
    for (rank, &value) in table.iter().enumerate() {
        let cells = db.unrank(rank);
        let cells = &cells[..db.tiles.len()];
        assert_eq!(db.rank(cells), rank);
        assert_eq!(db.value(cells), value, "rank {rank}");
        if rank % 97 == 0 {
            assert_eq!(db.value_at(rank), value, "rank {rank}");
        }
    }
    assert_eq!(db.value_at(db.len()), 0);
    let bytes = db.encoded(Encoding::Bytes).unwrap();
    assert_eq!(bytes.stored_bytes(), &table[..]);
    assert_eq!(bytes.encoded(Encoding::Deltas).unwrap(), db);
    let error = db.encoded(Encoding::Nibbles).unwrap_err();
    assert!(matches!(error, PdbError::Encoding(_)), "{error:?}");
}

#[test]
fn small_tables_encode_as_deltas_where_they_fit() {
    for db in databases() {
        let deltas = db.encoded(Encoding::Deltas);
        // On a single row some placements are never reached: no distance fits them.
        if db.rows == 1 {
            assert!(
                matches!(deltas, Err(PdbError::Encoding(_))),
                "{}",
                db.file_name()
            );
            continue;
        }
        let deltas = deltas.unwrap();
        assert_eq!(deltas.encoding(), Encoding::Deltas);
        assert_eq!(deltas.max_value(), db.max_value());
        let table = db.builder().run().unwrap();
        for (rank, &value) in table.iter().enumerate() {
            assert_eq!(
                deltas.value_at(rank),
                value,
                "{} rank {rank}",
                db.file_name()
            );
        }
        assert_eq!(
            deltas.encoded(Encoding::Bytes).unwrap().stored_bytes(),
            &table[..]
        );
    }
}

#[test]
fn deltas_tables_round_trip_through_files() {
    let puzzle = NPuzzle::standard(3, 4).unwrap();
    let db = PatternDatabase::build(&puzzle, &[6, 7, 9, 10, 11, 8]).unwrap();
    assert_eq!(db.encoding(), Encoding::Deltas);
    let mut bytes = Vec::new();
    db.write_to(&mut bytes, &KEY).unwrap();
    // The magic, rows, columns and pattern size, then the encoding.
    assert_eq!(bytes[9], 2);
    let back = PatternDatabase::read_from(&mut bytes.as_slice(), &KEY).unwrap();
    assert_eq!(back, db);
    assert!(back.passes_checks());
    let mut unknown = bytes.clone();
    unknown[9] = 3;
    refused(&unknown, &KEY, "impossible pattern");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    refused(&bytes, &KEY, "not signed with this key");
}

/// `db` (deltas) with every stored delta `d` of rank `r` replaced by `forge(r, d)`.
fn forged_deltas(db: &PatternDatabase, forge: impl Fn(usize, u8) -> u8) -> PatternDatabase {
    let deltas: Vec<u8> = (0..db.len())
        .map(|r| forge(r, db.stored(r)).min(15))
        .collect();
    let packed = deltas
        .chunks(2)
        .map(|pair| pair[0] | pair.get(1).copied().unwrap_or(0) << 4)
        .collect();
    let mut forged = db.clone();
    forged.entries = database::Entries::Deltas(packed);
    forged
}

#[test]
fn forged_deltas_tables_fail_the_checks() {
    type Forgery = (&'static str, fn(usize, usize, u8) -> u8);
    let mut rng = SplitMix64::new(11);
    for db in databases().into_iter().filter(|db| db.rows > 1) {
        let db = db.encoded(Encoding::Deltas).unwrap();
        let goal = db.rank(&db.goal_cells);
        let large = db.len() > 1 << 16;
        let forgeries: [Forgery; 3] = [
            ("doubled", |_, _, d| 2 * d),
            ("saturated", |_, _, d| if d == 0 { 0 } else { 15 }),
            ("shifted by 2 but the goal", |goal, r, d| {
                if r == goal { d } else { d + 1 }
            }),
        ];
        for (what, forge) in forgeries {
            let forged = forged_deltas(&db, |r, d| forge(goal, r, d));
            assert!(!forged.passes_checks(), "{what} {}", db.file_name());
            if large && forged.passes_spot_check() {
                let sampled = forged.passes_sampled_checks(&mut rng, check::SAMPLES);
                assert!(!sampled, "{what} {}: sampled", db.file_name());
            }
        }
        assert!(forged_deltas(&db, |_, d| d).passes_checks());
        // Zeroed deltas read as the Manhattan distance: admissible, but not the table, which
        // a small table's rebuild sees.
        if !large {
            assert!(
                !forged_deltas(&db, |_, _| 0).passes_checks(),
                "{}",
                db.file_name()
            );
        }
    }
}

/// A mirror image of a pattern (by a flip, the half turn or a diagonal reflection of the
/// board, its tiles in any order) gets the table its own search would build, in every
/// encoding.
#[test]
fn mirror_images_of_a_pattern_carry_its_table() {
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let cases: [(&[u8], &[&[u8]]); 2] = [
        // Flipped top to bottom, turned, reflected about the diagonal.
        (&[1, 2, 3], &[&[15, 13, 14], &[12, 13, 14], &[4, 8, 12]]),
        // Values up to 16 and more: stored as deltas.
        (&[1, 2, 3, 5, 6, 7], &[&[8, 9, 10, 12, 13, 14]]),
    ];
    for (source, targets) in cases {
        let db = PatternDatabase::build(&puzzle, source).unwrap();
        for &target in targets {
            let carried = db.mirrored(&puzzle, target).unwrap().unwrap();
            assert_eq!(carried, PatternDatabase::build(&puzzle, target).unwrap());
            let header = PatternDatabase::empty(&puzzle, target).unwrap();
            assert_eq!(header.mirror_in(std::slice::from_ref(&db)), Some(0));
        }
    }
    let six = PatternDatabase::build(&puzzle, &[1, 2, 3, 5, 6, 7]).unwrap();
    assert_eq!(six.encoding(), Encoding::Deltas);
}

/// A symmetry that maps a pattern's goal cells onto another's is not enough: the blank's
/// goal cell must land where the other's search starts. On the 8-puzzle, tiles 1 and 3
/// shut the blank in its corner; their images 1 and 5 under the quarter turn leave it
/// free, and the corner the blank's goal cell turns to is shut.
#[test]
fn a_mirror_image_whose_blank_starts_elsewhere_is_built() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let db = PatternDatabase::build(&puzzle, &[1, 3]).unwrap();
    assert!(db.mirrored(&puzzle, &[1, 5]).is_none());
    let header = PatternDatabase::empty(&puzzle, &[1, 5]).unwrap();
    assert_eq!(header.mirror_in(std::slice::from_ref(&db)), None);
    // Without a symmetry at all: another shape.
    assert!(db.mirrored(&puzzle, &[1, 2]).is_none());
    let built = PatternDatabase::mirrored_or_built(&puzzle, &[1, 5], &[db]).unwrap();
    assert_eq!(built, PatternDatabase::build(&puzzle, &[1, 5]).unwrap());
}

/// A table missing from the cache is carried from the databases given, not built: carried
/// from a source whose values were all raised by two, it holds the raised values, and the
/// carried table is the file saved in the cache.
#[test]
fn load_or_build_with_carries_the_given_table_and_saves_it() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let row = PatternDatabase::build(&puzzle, &[1, 2]).unwrap();
    let mut raised = row.clone();
    raised.entries =
        super::database::Entries::Bytes((0..row.len()).map(|r| row.value_at(r) + 2).collect());
    let dir = std::env::temp_dir().join(format!("state-search-pdb-carry-{}", std::process::id()));
    let cache = PdbCache::new(&dir, KEY);
    let carried = PatternDatabase::load_or_build_with(&puzzle, &[3, 6], &cache, &[raised]);
    let carried = carried.unwrap();
    assert!(carried.not_saved.is_none() && carried.replaced.is_none());
    let built = PatternDatabase::build(&puzzle, &[3, 6]).unwrap();
    for rank in 0..built.len() {
        let value = |db: &PatternDatabase| db.value_at(rank);
        assert_eq!(value(&carried.value), value(&built) + 2, "rank {rank}");
    }
    let saved = PatternDatabase::load(&dir.join(built.file_name()), &KEY).unwrap();
    assert_eq!(saved, carried.value);
    std::fs::remove_dir_all(&dir).unwrap();
}
