//! The pattern-database cache as a boundary of trust: a file that carries a valid checksum
//! but a forged table is rebuilt, not used; what is not a regular file is never opened; a
//! link planted in the cache directory is replaced, never written through.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use state_search::domains::sliding::npuzzle::NPuzzle;
use state_search::domains::sliding::pdb::PatternDatabase;

/// A fresh, empty directory for one test.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("state-search-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The 64-bit FNV-1a hash, as the file format's checksum.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Rewrites the database file at `path` with every value `v` of its table replaced by
/// `forge(v)` and a checksum that matches: a file only a forger, not damage, makes.
fn forge(path: &Path, forge: impl Fn(u8) -> u8) {
    let bytes = std::fs::read(path).unwrap();
    let k = usize::from(bytes[8]);
    let nibbles = bytes[9] == 1;
    let head = 6 + 4 + 2 * k + 1 + 8;
    let table: Vec<u8> = bytes[head + 8..]
        .iter()
        .map(|&b| {
            if nibbles {
                (forge(b & 15) & 15) | (forge(b >> 4) & 15) << 4
            } else {
                forge(b)
            }
        })
        .collect();
    let mut out = bytes[..head].to_vec();
    out.extend(fnv1a(&table).to_le_bytes());
    out.extend(&table);
    std::fs::write(path, out).unwrap();
}

#[test]
fn a_forged_table_with_a_valid_checksum_is_rebuilt_not_used() {
    let dir = scratch_dir("pdb-forged");
    // A large table (checked on samples) and a small one (built again to compare).
    let cases: [(usize, usize, &[u8]); 2] = [(4, 4, &[1, 2, 3, 4, 5]), (3, 3, &[5, 6, 7, 8])];
    for (rows, cols, tiles) in cases {
        let puzzle = NPuzzle::standard(rows, cols).unwrap();
        let built = PatternDatabase::load_or_build(&puzzle, tiles, &dir)
            .unwrap()
            .value;
        let path = dir.join(built.file_name());
        // Doubled; and raised by one from 2 on, which passes the spot check around the goal.
        for forgery in [
            |v: u8| v.saturating_mul(2),
            |v| if v < 2 { v } else { v + 1 },
        ] {
            forge(&path, forgery);
            // The file is well formed: only its table is wrong.
            let loaded = PatternDatabase::load(&path).unwrap();
            assert_ne!(loaded, built);
            assert!(!loaded.passes_checks());
            assert_eq!(
                PatternDatabase::load_cached(&puzzle, tiles, &dir).unwrap(),
                None
            );
            let again = PatternDatabase::load_or_build(&puzzle, tiles, &dir).unwrap();
            assert_eq!(again.value, built);
            assert!(again.not_saved.is_none());
            assert_eq!(PatternDatabase::load(&path).unwrap(), built, "replaced");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_fifo_in_the_cache_is_not_opened() {
    let dir = scratch_dir("pdb-fifo");
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let name = PatternDatabase::build(&puzzle, &[1, 2])
        .unwrap()
        .file_name();
    let fifo = dir.join(&name);
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo");
    // Opening a FIFO for reading waits for a writer: run the load on a thread and bound it.
    let (send, receive) = mpsc::channel();
    let loading = dir.clone();
    std::thread::spawn(move || {
        let puzzle = NPuzzle::standard(3, 3).unwrap();
        let direct = PatternDatabase::load(&loading.join(&name)).map(|_| ());
        let cached = PatternDatabase::load_cached(&puzzle, &[1, 2], &loading);
        let _ = send.send((
            direct.map_err(|e| e.to_string()),
            cached.map(|c| c.is_some()),
        ));
    });
    let (direct, cached) = receive
        .recv_timeout(Duration::from_secs(20))
        .expect("the load waited on the FIFO");
    let error = direct.unwrap_err();
    assert!(
        error.contains("not a regular file") && error.contains(".bin"),
        "{error}"
    );
    assert!(!cached.unwrap(), "a FIFO is no cached database");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_link_planted_in_the_cache_is_replaced_not_written_through() {
    let dir = scratch_dir("pdb-link");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let db = PatternDatabase::build(&puzzle, &[1, 2, 3]).unwrap();
    let cache = dir.join("cache");
    std::fs::create_dir_all(&cache).unwrap();
    // Links at the file's name and at the name an earlier version wrote first.
    let path = cache.join(db.file_name());
    std::os::unix::fs::symlink(&victim, &path).unwrap();
    std::os::unix::fs::symlink(&victim, path.with_extension("partial")).unwrap();
    let stored = db.store(&cache).unwrap();
    assert_eq!(stored, path);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    assert!(
        std::fs::symlink_metadata(&path)
            .unwrap()
            .file_type()
            .is_file()
    );
    assert_eq!(PatternDatabase::load(&path).unwrap(), db);
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}"); // the file and the planted `.partial` link
    std::fs::remove_dir_all(&dir).unwrap();
}
