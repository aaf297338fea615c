//! Unit tests of the ranking, the nibble tables and the file format.

use super::*;
use crate::domains::sliding::npuzzle::NPuzzle;

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
    db.write_to(&mut bytes).unwrap();
    let back = PatternDatabase::read_from(&mut bytes.as_slice()).unwrap();
    assert_eq!(back, db);
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let error = PatternDatabase::read_from(&mut bytes.as_slice()).unwrap_err();
    assert!(error.to_string().contains("checksum"), "{error}");
    let error = PatternDatabase::read_from(&mut &b"SSPDB2"[..]).unwrap_err();
    assert!(error.to_string().contains("magic"), "{error}");
}

#[test]
fn a_cut_file_is_a_format_error_and_file_errors_name_the_path() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let db = PatternDatabase::build(&puzzle, &[1, 2, 3]).unwrap();
    let mut bytes = Vec::new();
    db.write_to(&mut bytes).unwrap();
    for cut in [3, 20, bytes.len() - 1] {
        let error = PatternDatabase::read_from(&mut &bytes[..cut]).unwrap_err();
        assert!(
            matches!(&error, PdbError::Format(why) if why.contains("ends early")),
            "cut at {cut}: {error:?}"
        );
    }
    let dir = std::env::temp_dir().join(format!("state-search-pdb-paths-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("missing.pdb");
    let error = PatternDatabase::load(&missing).unwrap_err();
    assert!(matches!(error, PdbError::Io(_)), "{error:?}");
    assert!(error.to_string().contains("missing.pdb"), "{error}");
    let cut = dir.join("cut.pdb");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let error = PatternDatabase::load(&cut).unwrap_err();
    assert!(matches!(error, PdbError::Format(_)), "{error:?}");
    assert!(error.to_string().contains("cut.pdb"), "{error}");
    let unwritable = dir.join("no-such-dir").join("x.pdb");
    let error = db.save(&unwritable).unwrap_err();
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
