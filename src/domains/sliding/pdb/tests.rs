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
