//! The key that signs database files: a secret of the user's, kept outside the cache
//! directory, so a table is used only if it was written with the same key.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use super::PdbError;

/// A secret that signs pattern database files: every file carries an HMAC-SHA-256 of its
/// header and table under the key, and a file is read only with the key it was written
/// with. A file written by someone who does not hold the key, or changed by a single bit
/// since it was written, is refused, however well its table was forged; the checks of
/// [`PatternDatabase::passes_checks`](super::PatternDatabase::passes_checks) come on top.
///
/// The key of a user lives in one file of 32 bytes ([`CacheKey::user`],
/// [`default_key_path`]), outside the cache directory: a cache copied from elsewhere, or
/// written by another user into a shared directory, is rebuilt rather than trusted.
///
/// `Debug` does not print the key.
///
/// # Examples
///
/// ```
/// use state_search::domains::sliding::npuzzle::NPuzzle;
/// use state_search::domains::sliding::pdb::{CacheKey, PatternDatabase};
///
/// let puzzle = NPuzzle::standard(3, 3)?;
/// let db = PatternDatabase::build(&puzzle, &[1, 2, 3, 4])?;
/// let (mine, theirs) = (CacheKey::random()?, CacheKey::random()?);
/// let mut file = Vec::new();
/// db.write_to(&mut file, &mine)?;
/// assert!(PatternDatabase::read_from(&mut file.as_slice(), &mine).is_ok());
/// assert!(PatternDatabase::read_from(&mut file.as_slice(), &theirs).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct CacheKey([u8; KEY_BYTES]);

/// The bytes of a key and of a file's tag.
pub(super) const KEY_BYTES: usize = 32;

impl CacheKey {
    /// The key of these bytes.
    #[must_use]
    pub const fn from_bytes(bytes: [u8; KEY_BYTES]) -> Self {
        Self(bytes)
    }

    /// A new key from the operating system's source of randomness.
    ///
    /// # Errors
    ///
    /// [`PdbError::Key`] when the operating system gives no random bytes.
    pub fn random() -> Result<Self, PdbError> {
        let mut bytes = [0; KEY_BYTES];
        getrandom::fill(&mut bytes)
            .map_err(|error| PdbError::Key(format!("no random bytes for a key: {error}")))?;
        Ok(Self(bytes))
    }

    /// The key in the file at `path`, created with a [random](CacheKey::random) key when
    /// there is none (its directory too, mode 700 on Unix). On Unix the file is created
    /// readable and writable by its owner only (mode 600), and a key file others may read
    /// or write is refused, as is (on Linux) one this process's user does not own:
    /// whoever can write or replace the key can sign files it accepts. Two processes
    /// creating the key at once end with one of the two keys; a database one of them
    /// signed with the other is then refused and built again, never trusted.
    ///
    /// To share a cache on purpose, give every user of it the same key file (or the same
    /// bytes through [`CacheKey::from_bytes`]). A lost or replaced key costs a rebuild of
    /// every database: files signed with the old key are refused.
    ///
    /// # Errors
    ///
    /// [`PdbError::Key`], naming the path, when the file or its directory cannot be read
    /// or written, the file does not hold exactly 32 bytes, is not a regular file, is open
    /// to others or owned by another user, or no random key can be drawn.
    pub fn load_or_create(path: &Path) -> Result<Self, PdbError> {
        match fs::symlink_metadata(path) {
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => create(path)?,
            _ => {}
        }
        read(path)
    }

    /// The key of this user: [`CacheKey::load_or_create`] at [`default_key_path`].
    ///
    /// # Errors
    ///
    /// [`PdbError::Key`] when no key path can be named (no `STATE_SEARCH_PDB_KEY`,
    /// `XDG_CONFIG_HOME` nor `HOME`), and those of [`CacheKey::load_or_create`].
    pub fn user() -> Result<Self, PdbError> {
        let path = default_key_path().ok_or_else(|| {
            PdbError::Key(
                "no key file: set STATE_SEARCH_PDB_KEY, XDG_CONFIG_HOME or HOME".to_owned(),
            )
        })?;
        Self::load_or_create(&path)
    }

    /// An HMAC of `parts`, in order, under the key.
    pub(super) fn mac(&self, parts: &[&[u8]]) -> Hmac<Sha256> {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        for part in parts {
            mac.update(part);
        }
        mac
    }
}

impl core::fmt::Debug for CacheKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("CacheKey(<secret>)")
    }
}

/// Where [`CacheKey::user`] keeps the key: `$STATE_SEARCH_PDB_KEY` if set and not
/// empty, else `$XDG_CONFIG_HOME/state-search/pdb.key`, else
/// `$HOME/.config/state-search/pdb.key` (those two only when the variable is an absolute
/// path); `None` when none of these applies.
#[must_use]
pub fn default_key_path() -> Option<PathBuf> {
    super::files::user_path(
        "STATE_SEARCH_PDB_KEY",
        "XDG_CONFIG_HOME",
        ".config",
        "pdb.key",
    )
}

/// `Key` error naming `path`.
fn key_error(path: &Path, why: impl core::fmt::Display) -> PdbError {
    PdbError::Key(format!("{}: {why}", path.display()))
}

/// Writes a random key to a new file beside `path` and renames it to `path`.
fn create(path: &Path) -> Result<(), PdbError> {
    let key = CacheKey::random()?;
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        let mut builder = fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder
            .create(dir)
            .map_err(|error| key_error(path, super::files::directory_error(dir, &error)))?;
    }
    let partial = super::files::partial_name(path);
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let written = options
        .open(&partial)
        .and_then(|mut file| file.write_all(&key.0).and_then(|()| file.sync_all()))
        .and_then(|()| fs::rename(&partial, path));
    if let Err(error) = written {
        let _ = fs::remove_file(&partial);
        return Err(key_error(path, format!("cannot write a new key: {error}")));
    }
    Ok(())
}

/// The key in the file at `path`, checked as [`CacheKey::load_or_create`] says.
fn read(path: &Path) -> Result<CacheKey, PdbError> {
    let mut file = super::files::open_regular(path).map_err(|error| key_error(path, error))?;
    let metadata = file.metadata().map_err(|error| key_error(path, error))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let mode = metadata.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            return Err(key_error(
                path,
                format!("others may read or write the key (mode {mode:03o}); make it 600"),
            ));
        }
        if let Some(me) = effective_uid()
            && metadata.uid() != me
        {
            return Err(key_error(
                path,
                format!(
                    "the key belongs to user {}, not to this one ({me})",
                    metadata.uid()
                ),
            ));
        }
    }
    #[cfg(not(unix))]
    let _ = metadata;
    let mut bytes = Vec::with_capacity(KEY_BYTES + 1);
    Read::by_ref(&mut file)
        .take(KEY_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| key_error(path, error))?;
    let bytes: [u8; KEY_BYTES] = bytes.try_into().map_err(|bytes: Vec<u8>| {
        key_error(
            path,
            format!(
                "a key is {KEY_BYTES} bytes, the file holds {}{}",
                bytes.len(),
                if bytes.len() > KEY_BYTES {
                    " or more"
                } else {
                    ""
                }
            ),
        )
    })?;
    Ok(CacheKey(bytes))
}

/// The effective user of this process, where the system tells it without `unsafe`: on
/// Linux, the owner of `/proc/self`.
#[cfg(unix)]
fn effective_uid() -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    if cfg!(target_os = "linux") {
        fs::metadata("/proc/self").ok().map(|m| m.uid())
    } else {
        None
    }
}
