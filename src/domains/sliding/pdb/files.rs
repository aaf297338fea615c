//! Databases on disk: the binary file format (`save`, `load`), signed with a
//! [`CacheKey`], and the cache directory that keeps one file per board, goal and pattern
//! (`PdbCache`, `load_or_build`, `Cached`, `default_cache_dir`).

use core::fmt::Write as _;
use std::fs;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use hmac::Mac as _;

use super::database::Entries;
use super::key::KEY_BYTES;
use super::{
    CacheKey, MAX_PATTERN_TILES, MAX_PDB_CELLS, PatternDatabase, PdbError, default_key_path,
};
use crate::domains::sliding::npuzzle::{NPuzzle, byte};

impl PatternDatabase {
    /// Writes the database to `path`, signed with `key` (see
    /// [`PatternDatabase::write_to`]). Like [`fs::File::create`], it writes through a file
    /// or link already at `path`; [`PatternDatabase::store`] never does.
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`], naming the path.
    pub fn save(&self, path: &Path, key: &CacheKey) -> Result<(), PdbError> {
        let write = || -> Result<(), PdbError> { self.write_file(fs::File::create(path)?, key) };
        write().map_err(|error| naming(path, error))
    }

    /// Writes the database into `file` and flushes it.
    fn write_file(&self, file: fs::File, key: &CacheKey) -> Result<(), PdbError> {
        let mut out = BufWriter::new(file);
        self.write_to(&mut out, key)?;
        out.flush()?;
        Ok(())
    }

    /// Writes the database: the magic `SSPDB2`, the rows, columns, pattern size and
    /// encoding (0: bytes, 1: nibbles, 2: deltas, see [`Encoding`](super::Encoding)), the
    /// tiles, their goal cells and the blank's goal cell, the table's length in bytes (a
    /// little-endian `u64`), the 32-byte HMAC-SHA-256 under `key` of all that precedes it
    /// and the table, then the table.
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`].
    pub fn write_to(&self, out: &mut impl Write, key: &CacheKey) -> Result<(), PdbError> {
        let (encoding, table) = match &self.entries {
            Entries::Bytes(bytes) => (0u8, bytes),
            Entries::Nibbles(bytes) => (1u8, bytes),
            Entries::Deltas(bytes) => (2u8, bytes),
        };
        let mut head = MAGIC.to_vec();
        head.extend([
            byte(self.rows),
            byte(self.cols),
            byte(self.tiles.len()),
            encoding,
        ]);
        head.extend(&self.tiles);
        head.extend(&self.goal_cells);
        head.push(self.blank_goal);
        head.extend((table.len() as u64).to_le_bytes());
        out.write_all(&head)?;
        out.write_all(&key.mac(&[&head, table]).finalize().into_bytes())?;
        out.write_all(table)?;
        Ok(())
    }

    /// Reads a database written by [`PatternDatabase::save`] with `key`. Only a regular
    /// file is opened (a FIFO or a device would block or never end).
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`] (of kind `InvalidInput` for a path that is not a regular file), or
    /// [`PdbError::Format`] for a file that is not a database, is damaged (wrong magic,
    /// impossible header, wrong length, cut short) or was not signed with `key` (by
    /// someone without the key, or changed since); both name the path.
    pub fn load(path: &Path, key: &CacheKey) -> Result<Self, PdbError> {
        let read = || -> Result<Self, PdbError> {
            let file = open_regular(path)?;
            let size = file.metadata()?.len();
            Self::read_sized(&mut BufReader::new(file), key, Some(size))
        };
        read().map_err(|error| naming(path, error))
    }

    /// Reads a database in the format of [`PatternDatabase::write_to`].
    ///
    /// # Errors
    ///
    /// As [`PatternDatabase::load`], without a path.
    pub fn read_from(input: &mut impl Read, key: &CacheKey) -> Result<Self, PdbError> {
        Self::read_sized(input, key, None)
    }

    /// [`PatternDatabase::read_from`] of an input of `size` bytes, if known: a header
    /// that does not match the size is refused before the table is read.
    fn read_sized(
        input: &mut impl Read,
        key: &CacheKey,
        size: Option<u64>,
    ) -> Result<Self, PdbError> {
        let format = |why: &str| PdbError::Format(why.to_owned());
        // A read cut short is a damaged file, not a failure of the reader.
        let read_exact = |input: &mut dyn Read, buf: &mut [u8]| {
            input.read_exact(buf).map_err(|error| {
                if error.kind() == std::io::ErrorKind::UnexpectedEof {
                    format("the file ends early")
                } else {
                    PdbError::Io(error)
                }
            })
        };
        // What precedes the tag, which the tag signs.
        let mut signed = Vec::new();
        let mut read_head = |input: &mut dyn Read, buf: &mut [u8]| {
            read_exact(input, buf)?;
            signed.extend_from_slice(buf);
            Ok::<(), PdbError>(())
        };
        let mut magic = [0u8; 6];
        read_head(input, &mut magic)?;
        if &magic != MAGIC {
            return Err(format("wrong magic"));
        }
        let mut head = [0u8; 4];
        read_head(input, &mut head)?;
        let [rows, cols, k, encoding] = head.map(usize::from);
        if rows == 0 || cols == 0 || rows * cols > MAX_PDB_CELLS {
            return Err(format("impossible board size"));
        }
        if k == 0 || k > MAX_PATTERN_TILES || k >= rows * cols || encoding > 2 {
            return Err(format("impossible pattern"));
        }
        let mut tiles = vec![0u8; k];
        read_head(input, &mut tiles)?;
        let mut goal_cells = vec![0u8; k];
        read_head(input, &mut goal_cells)?;
        let mut blank = [0u8; 1];
        read_head(input, &mut blank)?;
        let cells = rows * cols;
        let mut seen = [false; MAX_PDB_CELLS];
        for &cell in goal_cells.iter().chain(&blank) {
            let cell = usize::from(cell);
            if cell >= cells || seen[cell] {
                return Err(format("impossible goal cells"));
            }
            seen[cell] = true;
        }
        if tiles
            .iter()
            .enumerate()
            .any(|(i, &t)| t == 0 || usize::from(t) >= cells || tiles[..i].contains(&t))
        {
            return Err(format("impossible tiles"));
        }
        let mut db = Self::from_header(rows, cols, tiles, goal_cells, blank[0])?;
        let mut word = [0u8; 8];
        read_head(input, &mut word)?;
        let stored = usize::try_from(u64::from_le_bytes(word)).unwrap_or(usize::MAX);
        let mut tag = [0u8; KEY_BYTES];
        read_exact(input, &mut tag)?;
        let expected = if encoding == 0 {
            db.len()
        } else {
            db.len().div_ceil(2)
        };
        if stored != expected {
            return Err(format("the table's length does not match the pattern"));
        }
        if size.is_some_and(|size| size != (signed.len() + KEY_BYTES + expected) as u64) {
            return Err(format("the file's size does not match its header"));
        }
        // Reserved, not filled: a header that claims more than the file holds costs
        // address space, never the memory of the table it claims.
        let mut table = Vec::new();
        table
            .try_reserve_exact(expected)
            .map_err(|_| PdbError::Memory { bytes: expected })?;
        Read::take(&mut *input, expected as u64).read_to_end(&mut table)?;
        if table.len() < expected {
            return Err(format("the file ends early"));
        }
        if key.mac(&[&signed, &table]).verify_slice(&tag).is_err() {
            return Err(format(
                "not signed with this key: written with another key, or changed since",
            ));
        }
        let mut rest = [0u8; 1];
        if input.read(&mut rest)? != 0 {
            return Err(format("trailing bytes"));
        }
        db.entries = match encoding {
            0 => Entries::Bytes(table),
            1 => Entries::Nibbles(table),
            _ => Entries::Deltas(table),
        };
        Ok(db)
    }

    /// The database of `tiles` for `puzzle`: loaded from the cache's directory when a file
    /// built for this board, goal and pattern is there, otherwise built and saved there
    /// (the directory is created if needed). A file that cannot be read, is not a regular
    /// file, was not signed with the cache's key, or fails
    /// [`PatternDatabase::passes_checks`] is rebuilt and replaced. A database that cannot
    /// be saved is still returned, with the reason in [`Cached::not_saved`]; why a file
    /// found was not used is in [`Cached::replaced`].
    ///
    /// # Trust
    ///
    /// A file is used only if it carries the signature of the cache's [`CacheKey`]: a
    /// file written by anyone who does not hold the key (copied from another machine,
    /// planted in a shared directory, or changed in a single entry with its length and
    /// header kept) is built again. Whoever can read the key can sign any table: keep the
    /// key file to its owner, as [`CacheKey::load_or_create`] makes it.
    ///
    /// # Errors
    ///
    /// Those of [`PatternDatabase::build`].
    pub fn load_or_build(
        puzzle: &NPuzzle,
        tiles: &[u8],
        cache: &PdbCache,
    ) -> Result<Cached<Self>, PdbError> {
        Self::load_or_build_with(puzzle, tiles, cache, &[])
    }

    /// [`PatternDatabase::load_or_build`], but a table that is not in the cache is carried
    /// from the first of `built` that a symmetry of the board maps onto it
    /// ([`PatternDatabase::mirrored_or_built`]) and only built when none does; either way
    /// it is saved. The tables of `built` are trusted: one carried from them is saved
    /// without the checks a file read from the cache must pass.
    ///
    /// # Errors
    ///
    /// Those of [`PatternDatabase::mirrored_or_built`].
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::sliding::npuzzle::NPuzzle;
    /// use state_search::domains::sliding::pdb::{PatternDatabase, PdbCache};
    ///
    /// let dir = std::env::temp_dir().join(format!("load-or-build-with-{}", std::process::id()));
    /// let cache = PdbCache::open(dir.join("tables"), &dir.join("key"))?;
    /// let puzzle = NPuzzle::standard(3, 3)?;
    /// let row = PatternDatabase::load_or_build(&puzzle, &[1, 2], &cache)?.value;
    /// // The reflection about the main diagonal maps the top row onto the left column
    /// // (the blank's goal cell, the corner, onto itself): carried over, not searched.
    /// let column = PatternDatabase::load_or_build_with(&puzzle, &[3, 6], &cache, &[row])?;
    /// assert!(column.not_saved.is_none());
    /// assert_eq!(column.value, PatternDatabase::build(&puzzle, &[3, 6])?);
    /// std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load_or_build_with(
        puzzle: &NPuzzle,
        tiles: &[u8],
        cache: &PdbCache,
        built: &[Self],
    ) -> Result<Cached<Self>, PdbError> {
        let replaced = match Self::try_cached(puzzle, tiles, cache)? {
            Ok(db) => {
                return Ok(Cached {
                    value: db,
                    not_saved: None,
                    replaced: None,
                    built: false,
                });
            }
            Err(why) => why,
        };
        let db = Self::mirrored_or_built(puzzle, tiles, built)?;
        let not_saved = db.store(cache).err();
        Ok(Cached {
            value: db,
            not_saved,
            replaced,
            built: true,
        })
    }

    /// Saves the database in the cache's directory under [`PatternDatabase::file_name`],
    /// signed with its key, creating the directory if needed; returns the file's path. The
    /// table is written to a new file of a name no other file has (created exclusively: an
    /// existing file or link of that name is never followed) and then renamed over the
    /// file's name, so a crash never leaves half a file and a link planted in the
    /// directory is replaced, not written through.
    ///
    /// # Errors
    ///
    /// [`PdbError::Io`] (naming the path) when the directory or the file cannot be written.
    pub fn store(&self, cache: &PdbCache) -> Result<PathBuf, PdbError> {
        let dir = cache.dir();
        let path = dir.join(self.file_name());
        fs::create_dir_all(dir).map_err(|error| PdbError::Io(directory_error(dir, &error)))?;
        let partial = partial_name(&path);
        let written = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&partial)
            .map_err(PdbError::from)
            .and_then(|file| self.write_file(file, &cache.key))
            .and_then(|()| fs::rename(&partial, &path).map_err(PdbError::from));
        if let Err(error) = written {
            let _ = fs::remove_file(&partial);
            return Err(naming(&path, error));
        }
        Ok(path)
    }

    /// The database of `tiles` for `puzzle` from the cache, if a valid file built for this
    /// board, goal and pattern and signed with the cache's key is there (see
    /// [`PatternDatabase::load_or_build`]); nothing is built.
    ///
    /// # Errors
    ///
    /// [`PdbError::TooManyCells`] or [`PdbError::Pattern`] when `tiles` is not a pattern of
    /// `puzzle`. A missing, unreadable, damaged or unsigned file is `Ok(None)`, and so is
    /// one that is not a regular file or whose table fails
    /// [`PatternDatabase::passes_checks`].
    pub fn load_cached(
        puzzle: &NPuzzle,
        tiles: &[u8],
        cache: &PdbCache,
    ) -> Result<Option<Self>, PdbError> {
        Ok(Self::try_cached(puzzle, tiles, cache)?.ok())
    }

    /// [`PatternDatabase::load_cached`], with why a file found was not used.
    fn try_cached(
        puzzle: &NPuzzle,
        tiles: &[u8],
        cache: &PdbCache,
    ) -> Result<Result<Self, Option<PdbError>>, PdbError> {
        let wanted = Self::empty(puzzle, tiles)?;
        let path = cache.dir().join(wanted.file_name());
        Ok(match Self::load(&path, &cache.key) {
            Ok(db) if db.tiles == wanted.tiles && db.fits(puzzle) && db.passes_checks() => Ok(db),
            Ok(_) => Err(Some(naming(
                &path,
                PdbError::Format("the table fails the checks of a built table".to_owned()),
            ))),
            Err(PdbError::Io(error)) if error.kind() == std::io::ErrorKind::NotFound => Err(None),
            Err(error) => Err(Some(error)),
        })
    }

    /// A cheap check that a loaded table is the one a build gives, beyond its signature
    /// (which a table written wrong carries too): the goal placement is 0, every placement one
    /// move of one pattern tile away from it is at least 1, and exactly 1 when the tile
    /// moves into the cells the blank reaches at the goal. An all-zero table, or one
    /// whose entries were shifted, fails it.
    ///
    /// # Complexity
    ///
    /// At most 4 x k lookups for a pattern of k tiles.
    #[must_use]
    pub fn passes_spot_check(&self) -> bool {
        let goal = &self.goal_cells;
        if self.value(goal) != 0 {
            return false;
        }
        let blank = self.region(self.free_cells(goal), 1 << self.blank_goal);
        let mut cells = goal.clone();
        for (i, &at) in goal.iter().enumerate() {
            for to in self.next_cells(at).into_iter().flatten() {
                if goal.contains(&to) {
                    continue; // another pattern tile's cell
                }
                cells[i] = to;
                let value = self.value(&cells);
                if value == 0 || (blank & 1 << to != 0 && value != 1) {
                    return false;
                }
            }
            cells[i] = at;
        }
        true
    }

    /// The file name [`PatternDatabase::load_or_build`] uses: the board, the blank's goal
    /// cell, and each tile with its goal cell.
    #[must_use]
    pub fn file_name(&self) -> String {
        let mut name = format!("pdb-{}x{}-b{}", self.rows, self.cols, self.blank_goal);
        for (tile, goal) in self.tiles.iter().zip(&self.goal_cells) {
            let _ = write!(name, "-{tile}@{goal}");
        }
        name.push_str(".bin");
        name
    }
}

const MAGIC: &[u8; 6] = b"SSPDB2";

/// What a cache lookup gives: the value, loaded or built, and the error that kept a built
/// value from being saved, if any. A cache that cannot be written never costs the work of
/// building. [`Cached::built`] tells a value built from one read from the cache.
#[derive(Debug)]
pub struct Cached<T> {
    /// The database or set.
    pub value: T,
    /// Why it could not be saved in the cache directory, when it was built and not saved.
    pub not_saved: Option<PdbError>,
    /// Why a file found in the cache was not used (damaged, not signed with the cache's
    /// key, or failing the checks), when one was there: it was built again, and replaced
    /// unless [`Cached::not_saved`] says otherwise.
    pub replaced: Option<PdbError>,
    /// Whether the value was built (or, for a set, one of its databases was), because the
    /// cache held no usable file for it; `false` when it was read from the cache.
    pub built: bool,
}

/// A directory of database files and the key that signs them: what
/// [`PatternDatabase::load_or_build`] and [`PatternSet::load_or_build_partition`] read
/// and write.
///
/// [`PatternSet::load_or_build_partition`]: super::PatternSet::load_or_build_partition
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::npuzzle::NPuzzle;
/// use state_search::domains::sliding::pdb::{CacheKey, PatternDatabase, PdbCache};
///
/// let dir = std::env::temp_dir().join(format!("pdb-doc-{}", std::process::id()));
/// let cache = PdbCache::new(&dir, CacheKey::random()?);
/// let puzzle = NPuzzle::standard(3, 3)?;
/// let built = PatternDatabase::load_or_build(&puzzle, &[1, 2, 3, 4], &cache)?;
/// assert!(built.built && built.not_saved.is_none());
/// let again = PatternDatabase::load_or_build(&puzzle, &[1, 2, 3, 4], &cache)?;
/// assert!(!again.built); // read from the cache
/// let loaded = PatternDatabase::load_cached(&puzzle, &[1, 2, 3, 4], &cache)?;
/// assert_eq!(loaded.map(|db| db.len()), Some(built.value.len()));
/// // Another key does not accept the file: the table would be built again.
/// let stranger = PdbCache::new(&dir, CacheKey::random()?);
/// assert!(PatternDatabase::load_cached(&puzzle, &[1, 2, 3, 4], &stranger)?.is_none());
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PdbCache {
    dir: PathBuf,
    key: CacheKey,
}

impl PdbCache {
    /// The cache in `dir` (created when a database is first saved), signed with `key`.
    pub fn new(dir: impl Into<PathBuf>, key: CacheKey) -> Self {
        Self {
            dir: dir.into(),
            key,
        }
    }

    /// The cache in `dir` with the key in the file `key` ([`CacheKey::load_or_create`]),
    /// which must not lie in `dir`: a key shipped with the files it signs proves nothing.
    ///
    /// # Errors
    ///
    /// Those of [`CacheKey::load_or_create`], and [`PdbError::Cache`] when the key file
    /// is in `dir` or below it.
    pub fn open(dir: impl Into<PathBuf>, key: &Path) -> Result<Self, PdbError> {
        let dir = dir.into();
        let secret = CacheKey::load_or_create(key)?;
        let real = |path: &Path| {
            fs::canonicalize(path)
                .or_else(|_| std::path::absolute(path))
                .unwrap_or_else(|_| path.to_owned())
        };
        if real(key).starts_with(real(&dir)) {
            return Err(PdbError::Cache(format!(
                "the key {} lies in the cache directory {}: keep it outside",
                key.display(),
                dir.display()
            )));
        }
        Ok(Self::new(dir, secret))
    }

    /// The cache of this user: [`PdbCache::open`] on [`default_cache_dir`] and
    /// [`default_key_path`] (the key is made on first use).
    ///
    /// # Errors
    ///
    /// [`PdbError::Cache`] when no cache directory can be named (no `STATE_SEARCH_PDB_DIR`,
    /// `XDG_CACHE_HOME` nor `HOME`), [`PdbError::Key`] when no key file can be, and those
    /// of [`PdbCache::open`].
    pub fn user() -> Result<Self, PdbError> {
        let dir = default_cache_dir().ok_or_else(|| {
            PdbError::Cache(
                "no cache directory: set STATE_SEARCH_PDB_DIR, XDG_CACHE_HOME or HOME".to_owned(),
            )
        })?;
        let key = default_key_path().ok_or_else(|| {
            PdbError::Key(
                "no key file: set STATE_SEARCH_PDB_KEY, XDG_CONFIG_HOME or HOME".to_owned(),
            )
        })?;
        Self::open(dir, &key)
    }

    /// The directory of the files.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// The directory where the `npuzzle` example and [`PdbCache::user`] keep databases:
/// `$STATE_SEARCH_PDB_DIR` if set and not empty, else `$XDG_CACHE_HOME/state-search/pdb`,
/// else `$HOME/.cache/state-search/pdb` (those two only when the variable is an absolute
/// path); `None` when none of these applies.
#[must_use]
pub fn default_cache_dir() -> Option<PathBuf> {
    user_path("STATE_SEARCH_PDB_DIR", "XDG_CACHE_HOME", ".cache", "pdb")
}

/// `$own` if set, else `$xdg/state-search/name`, else `$HOME/home_dir/state-search/name`
/// (an empty variable counts as unset; `$xdg` and `$HOME` only when absolute, as the XDG
/// base directory specification says: a relative one would put the file wherever the
/// program happens to run).
pub(super) fn user_path(own: &str, xdg: &str, home_dir: &str, name: &str) -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(path) = var(own) {
        return Some(PathBuf::from(path));
    }
    let absolute = |name: &str| var(name).map(PathBuf::from).filter(|p| p.is_absolute());
    let base = absolute(xdg).or_else(|| absolute("HOME").map(|home| home.join(home_dir)))?;
    Some(base.join("state-search").join(name))
}

/// Opens `path` for reading if it is a regular file, without waiting on a FIFO or a
/// device (on Unix the open does not block, and the type is read from the opened file, so
/// a path replaced in between cannot slip through).
///
/// # Errors
///
/// Those of opening, and an error of kind `InvalidInput` for what is not a regular file.
pub(super) fn open_regular(path: &Path) -> std::io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    Ok(file)
}

/// A name beside `path` no other file has yet (the process and the clock), for a file
/// written whole and then renamed to `path`.
pub(super) fn partial_name(path: &Path) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    path.with_extension(format!("{}-{nanos}.partial", std::process::id()))
}

/// `error` of creating directory `dir`, naming it, and saying "not a directory" where the
/// system says only that something exists.
pub(super) fn directory_error(dir: &Path, error: &std::io::Error) -> std::io::Error {
    let why = if error.kind() == std::io::ErrorKind::AlreadyExists {
        "something that is not a directory is in its way".to_owned()
    } else {
        error.to_string()
    };
    std::io::Error::new(error.kind(), format!("{}: {why}", dir.display()))
}

/// `error` with `path` in its message (input and output errors and format errors).
fn naming(path: &Path, error: PdbError) -> PdbError {
    match error {
        PdbError::Io(error) => PdbError::Io(std::io::Error::new(
            error.kind(),
            format!("{}: {error}", path.display()),
        )),
        PdbError::Format(why) => PdbError::Format(format!("{}: {why}", path.display())),
        other => other,
    }
}
