//! The pattern-database cache as a boundary of trust: a file signed with any key but the
//! cache's is rebuilt, not used, however it was forged; a table signed with the right key
//! but wrong as a whole still fails the checks; the key file is the user's alone; what is
//! not a regular file is never opened; a link planted in the cache directory is replaced,
//! never written through.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use state_search::domains::sliding::npuzzle::NPuzzle;
use state_search::domains::sliding::pdb::{CacheKey, PatternDatabase, PdbCache, PdbError};

/// A fresh, empty directory for one test.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("state-search-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A cache in `dir` with a key of these bytes.
fn cache(dir: &Path, key: u8) -> PdbCache {
    PdbCache::new(dir, CacheKey::from_bytes([key; 32]))
}

/// Rewrites the database file at `path` with every stored entry `v` of its table replaced
/// by `forge(rank, v)`, signed as the format says (HMAC-SHA-256 of the header and the
/// table) with `key`: what a forger holding that key writes.
pub(crate) fn forge(path: &Path, key: &[u8; 32], forge: impl Fn(usize, u8) -> u8) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[..6], b"SSPDB2");
    let k = usize::from(bytes[8]);
    let nibbles = bytes[9] != 0; // nibbles (1) or deltas (2): two entries a byte
    let head = 6 + 4 + 2 * k + 1 + 8;
    let table: Vec<u8> = bytes[head + 32..]
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            if nibbles {
                (forge(2 * i, b & 15) & 15) | (forge(2 * i + 1, b >> 4) & 15) << 4
            } else {
                forge(i, b)
            }
        })
        .collect();
    let mut mac = Hmac::<Sha256>::new_from_slice(key).unwrap();
    mac.update(&bytes[..head]);
    mac.update(&table);
    let mut out = bytes[..head].to_vec();
    out.extend(mac.finalize().into_bytes());
    out.extend(&table);
    std::fs::write(path, out).unwrap();
}

#[test]
fn a_table_signed_with_another_key_is_rebuilt_not_used() {
    let dir = scratch_dir("pdb-stranger");
    let mine = cache(&dir, 1);
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let tiles = [1, 2, 3, 4, 5];
    let built = PatternDatabase::load_or_build(&puzzle, &tiles, &mine)
        .unwrap()
        .value;
    let path = dir.join(built.file_name());
    // The forgery a stranger makes: the stored entry of one placement changed by 2 (the
    // sampled checks see it only by chance), the file signed again with the stranger's key.
    let target = built.rank(&[5, 6, 9, 10, 13]);
    let raised = |rank, v: u8| match rank == target {
        true if v <= 13 => v + 2,
        true => v - 2,
        false => v,
    };
    forge(&path, &[2; 32], raised);
    let theirs = PatternDatabase::load(&path, &CacheKey::from_bytes([2; 32])).unwrap();
    assert_ne!(theirs.value_at(target), built.value_at(target));
    let error = PatternDatabase::load(&path, &CacheKey::from_bytes([1; 32])).unwrap_err();
    assert!(
        matches!(&error, PdbError::Format(why) if why.contains("not signed with this key")),
        "{error:?}"
    );
    assert_eq!(
        PatternDatabase::load_cached(&puzzle, &tiles, &mine).unwrap(),
        None
    );
    let again = PatternDatabase::load_or_build(&puzzle, &tiles, &mine).unwrap();
    assert_eq!(again.value, built);
    assert!(again.not_saved.is_none());
    let why = again
        .replaced
        .expect("the reason the file was not used")
        .to_string();
    assert!(why.contains("not signed with this key"), "{why}");
    let key = CacheKey::from_bytes([1; 32]);
    assert_eq!(
        PatternDatabase::load(&path, &key).unwrap(),
        built,
        "replaced"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_table_wrong_as_a_whole_is_rebuilt_even_when_signed() {
    let dir = scratch_dir("pdb-forged");
    let mine = cache(&dir, 1);
    // A large table (checked on samples) and a small one (built again to compare).
    let cases: [(usize, usize, &[u8]); 2] = [(4, 4, &[1, 2, 3, 4, 5]), (3, 3, &[5, 6, 7, 8])];
    for (rows, cols, tiles) in cases {
        let puzzle = NPuzzle::standard(rows, cols).unwrap();
        let built = PatternDatabase::load_or_build(&puzzle, tiles, &mine)
            .unwrap()
            .value;
        let path = dir.join(built.file_name());
        // Doubled; and raised by one from 2 on, which passes the spot check around the goal.
        for forgery in [
            |_, v: u8| v.saturating_mul(2),
            |_, v| if v < 2 { v } else { v + 1 },
        ] {
            forge(&path, &[1; 32], forgery);
            // The file is well formed and signed: only its table is wrong.
            let loaded = PatternDatabase::load(&path, &CacheKey::from_bytes([1; 32])).unwrap();
            assert_ne!(loaded, built);
            assert!(!loaded.passes_checks());
            assert_eq!(
                PatternDatabase::load_cached(&puzzle, tiles, &mine).unwrap(),
                None
            );
            let again = PatternDatabase::load_or_build(&puzzle, tiles, &mine).unwrap();
            assert_eq!(again.value, built);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_key_file_is_made_once_for_its_owner_alone() {
    let dir = scratch_dir("pdb-key");
    let path = dir.join("config").join("pdb.key");
    let made = CacheKey::load_or_create(&path).unwrap();
    assert_eq!(std::fs::read(&path).unwrap().len(), 32);
    assert_eq!(
        CacheKey::load_or_create(&path).unwrap(),
        made,
        "read, not made again"
    );
    assert_ne!(CacheKey::random().unwrap(), made);
    assert_eq!(format!("{made:?}"), "CacheKey(<secret>)");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(path.parent().unwrap()), 0o700);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        let error = CacheKey::load_or_create(&path).unwrap_err();
        assert!(
            matches!(&error, PdbError::Key(why) if why.contains("mode 640") && why.contains("pdb.key")),
            "{error:?}"
        );
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    for length in [0, 31, 33] {
        std::fs::write(&path, vec![1; length]).unwrap();
        let error = CacheKey::load_or_create(&path).unwrap_err();
        assert!(
            matches!(&error, PdbError::Key(why) if why.contains(&format!("holds {length}"))),
            "{length}: {error:?}"
        );
    }
    let error = CacheKey::load_or_create(&dir).unwrap_err();
    assert!(error.to_string().contains("regular file"), "{error}");
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
        let direct =
            PatternDatabase::load(&loading.join(&name), &CacheKey::from_bytes([1; 32])).map(|_| ());
        let cached = PatternDatabase::load_cached(&puzzle, &[1, 2], &cache(&loading, 1));
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
    let stored = db.store(&self::cache(&dir.join("cache"), 1)).unwrap();
    assert_eq!(stored, path);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    assert!(
        std::fs::symlink_metadata(&path)
            .unwrap()
            .file_type()
            .is_file()
    );
    assert_eq!(
        PatternDatabase::load(&path, &CacheKey::from_bytes([1; 32])).unwrap(),
        db
    );
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}"); // the file and the planted `.partial` link
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `f` on a thread and waits at most 20 s for it: opening a FIFO for reading
/// blocks until a writer comes, so a test that hangs would otherwise hang the suite.
fn within_seconds<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(f());
    });
    receive
        .recv_timeout(Duration::from_secs(20))
        .expect("the call waited on a FIFO")
}

#[cfg(unix)]
#[test]
fn a_fifo_at_the_key_path_is_an_error_not_a_wait() {
    let dir = scratch_dir("pdb-key-fifo");
    let fifo = dir.join("pdb.key");
    let made = std::process::Command::new("mkfifo")
        .args(["-m", "600"])
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo");
    let path = fifo.clone();
    let error = within_seconds(move || CacheKey::load_or_create(&path).map(|_| ()))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("not a regular file") && error.contains("pdb.key"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_header_larger_than_its_file_is_refused_before_the_table_is_read() {
    let dir = scratch_dir("pdb-claims");
    // 61 bytes whose header claims an 8x8 board and a 5-tile table of bytes: 914,941,440
    // entries, which a reader that trusted the header would reserve and fill.
    let mut bytes = b"SSPDB2".to_vec();
    bytes.extend([8, 8, 5, 0, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 0]);
    bytes.extend(914_941_440_u64.to_le_bytes());
    bytes.extend([0; 32]);
    let path = dir.join("claims.bin");
    std::fs::write(&path, &bytes).unwrap();
    let error = PatternDatabase::load(&path, &CacheKey::from_bytes([1; 32])).unwrap_err();
    assert!(
        matches!(&error, PdbError::Format(why) if why.contains("size does not match its header")),
        "{error:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_key_in_the_cache_directory_is_refused() {
    let dir = scratch_dir("pdb-key-inside");
    let cache = dir.join("cache");
    let error = PdbCache::open(&cache, &cache.join("keys").join("pdb.key")).unwrap_err();
    assert!(
        matches!(&error, PdbError::Cache(why) if why.contains("lies in the cache directory")),
        "{error:?}"
    );
    let outside = PdbCache::open(&cache, &dir.join("pdb.key")).unwrap();
    assert_eq!(outside.dir(), cache);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Run as root (as CI often is), a key made by another user is refused: root can read
/// it, and its owner can sign anything with it.
#[cfg(target_os = "linux")]
#[test]
fn a_key_of_another_user_is_refused() {
    let dir = scratch_dir("pdb-key-owner");
    let path = dir.join("pdb.key");
    CacheKey::load_or_create(&path).unwrap();
    if std::os::unix::fs::chown(&path, Some(65_534), None).is_err() {
        return; // not root: no other user's file can be made here
    }
    let error = CacheKey::load_or_create(&path).unwrap_err();
    assert!(
        matches!(&error, PdbError::Key(why) if why.contains("belongs to user 65534")),
        "{error:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
