//! Automatic storage: dense when the states are numbered and the dense store fits the
//! memory budget, hashed otherwise.

use crate::error::{CapacityError, CapacityErrorKind};
use crate::space::StateIndexer;

use super::{Dense, Hashed, NO_SLOT, Storage};

/// How a [`Strategy`](crate::Strategy) run stores what it knows about states.
///
/// # Examples
///
/// ```
/// use state_search::store::StoragePolicy;
///
/// assert_eq!(StoragePolicy::default(), StoragePolicy::Auto);
/// assert_eq!("dense".parse::<StoragePolicy>(), Ok(StoragePolicy::Dense));
/// assert_eq!(StoragePolicy::Hashed.to_string(), "hashed");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StoragePolicy {
    /// [`Dense`] storage when the problem has a [`StateIndexer`] whose bound a store can
    /// number, the dense store fits the memory limit
    /// ([`Limits::max_memory`](crate::Limits::max_memory); no limit: whatever the
    /// allocator grants) and can be allocated; [`Hashed`] storage otherwise, which grows
    /// fallibly with the states seen.
    #[default]
    Auto,
    /// [`Dense`] storage; a [`CapacityError`] when there is no indexer or the store does
    /// not fit.
    Dense,
    /// [`Hashed`] storage.
    Hashed,
}

impl core::fmt::Display for StoragePolicy {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Self::Auto => "auto",
            Self::Dense => "dense",
            Self::Hashed => "hashed",
        })
    }
}

impl core::str::FromStr for StoragePolicy {
    type Err = UnknownStoragePolicy;

    /// `auto`, `dense` or `hashed`.
    fn from_str(name: &str) -> Result<Self, UnknownStoragePolicy> {
        match name {
            "auto" => Ok(Self::Auto),
            "dense" => Ok(Self::Dense),
            "hashed" => Ok(Self::Hashed),
            _ => Err(UnknownStoragePolicy(name.to_owned())),
        }
    }
}

/// A storage policy name that is not `auto`, `dense` or `hashed`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStoragePolicy(pub String);

impl core::fmt::Display for UnknownStoragePolicy {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "unknown storage {:?}: expected auto, dense or hashed",
            self.0
        )
    }
}

impl std::error::Error for UnknownStoragePolicy {}

/// Code generic over the storage, run by [`with_storage`] once the storage is chosen.
pub(crate) trait StorageUser<S> {
    /// What the code returns.
    type Output;
    /// Runs the code with `storage`; an `Err` means its buffers could not be built (the
    /// search did not start), so another storage may be tried.
    fn run<St: Storage<S>>(&mut self, storage: St) -> Result<Self::Output, CapacityError>;
}

/// Runs `user` with the storage `policy` picks: `indexer` is the problem's numbering, if
/// any, and `record_bytes` the bytes a dense store takes per state (plus its bitset).
pub(crate) fn with_storage<S, I, U>(
    policy: StoragePolicy,
    indexer: Option<&I>,
    record_bytes: usize,
    budget: Option<usize>,
    user: &mut U,
) -> Result<U::Output, CapacityError>
where
    I: StateIndexer<S>,
    U: StorageUser<S>,
    Dense<I>: Storage<S>,
    Hashed: Storage<S>,
{
    let dense = match (policy, indexer) {
        (StoragePolicy::Hashed, _) | (StoragePolicy::Auto, None) => return user.run(Hashed),
        (StoragePolicy::Dense, None) => {
            return Err(CapacityError {
                entries: 0,
                bytes: None,
                reason: CapacityErrorKind::NoIndexer,
            });
        }
        (_, Some(indexer)) => fits(indexer.bound(), record_bytes, budget).map(|()| indexer),
    };
    match (dense, policy) {
        (Ok(indexer), StoragePolicy::Dense) => user.run(Dense(indexer.clone())),
        (Ok(indexer), _) => match user.run(Dense(indexer.clone())) {
            Err(_) => user.run(Hashed),
            done => done,
        },
        (Err(error), StoragePolicy::Dense) => Err(error),
        (Err(_), _) => user.run(Hashed),
    }
}

/// Whether a dense store of `bound` states of `record_bytes` each can be numbered and
/// fits `budget`.
fn fits(bound: usize, record_bytes: usize, budget: Option<usize>) -> Result<(), CapacityError> {
    if bound >= NO_SLOT as usize {
        return Err(CapacityError {
            entries: bound,
            bytes: None,
            reason: CapacityErrorKind::TooManyStates,
        });
    }
    let bytes = bound
        .checked_mul(record_bytes)
        .and_then(|b| b.checked_add(bound.div_ceil(8)));
    match (bytes, budget) {
        (None, _) => Err(CapacityError::out_of_memory(bound, record_bytes)),
        (Some(bytes), Some(budget)) if bytes > budget => {
            Err(CapacityError::memory_limit(bound, bytes))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy)]
    struct Upto(usize);
    impl StateIndexer<u32> for Upto {
        fn bound(&self) -> usize {
            self.0
        }
        fn index(&self, &n: &u32) -> usize {
            n as usize
        }
        fn state(&self, index: usize) -> u32 {
            u32::try_from(index).unwrap()
        }
    }

    /// Says which storage it ran with: dense or hashed.
    struct Which;
    impl StorageUser<u32> for Which {
        type Output = &'static str;
        fn run<St: Storage<u32>>(&mut self, storage: St) -> Result<&'static str, CapacityError> {
            let _store = storage.try_store::<u64>()?;
            Ok(if core::any::type_name::<St>().contains("Dense") {
                "Dense"
            } else {
                "Hashed"
            })
        }
    }

    fn pick(policy: StoragePolicy, indexer: Option<Upto>, budget: Option<usize>) -> String {
        match with_storage(policy, indexer.as_ref(), 8, budget, &mut Which) {
            Ok(which) => which.to_owned(),
            Err(error) => format!("error: {:?}", error.reason),
        }
    }

    #[test]
    fn auto_picks_dense_when_it_fits_and_hashed_otherwise() {
        assert!(pick(StoragePolicy::Auto, Some(Upto(100)), None) == "Dense");
        assert_eq!(pick(StoragePolicy::Auto, None, None), "Hashed");
        assert_eq!(
            pick(StoragePolicy::Auto, Some(Upto(100)), Some(500)),
            "Hashed"
        );
        assert!(pick(StoragePolicy::Auto, Some(Upto(100)), Some(1000)) == "Dense");
        assert_eq!(
            pick(StoragePolicy::Auto, Some(Upto(u32::MAX as usize)), None),
            "Hashed"
        );
    }

    #[test]
    fn an_explicit_choice_is_kept_or_refused() {
        assert_eq!(pick(StoragePolicy::Hashed, Some(Upto(100)), None), "Hashed");
        assert_eq!(
            pick(StoragePolicy::Dense, Some(Upto(100)), Some(10)),
            "error: MemoryLimit"
        );
        assert_eq!(pick(StoragePolicy::Dense, None, None), "error: NoIndexer");
    }

    /// Fails to build dense buffers, as when the allocator refuses them.
    struct DenseRefused;
    impl StorageUser<u32> for DenseRefused {
        type Output = bool;
        fn run<St: Storage<u32>>(&mut self, _storage: St) -> Result<bool, CapacityError> {
            let dense = core::any::type_name::<St>().contains("Dense");
            if dense {
                Err(CapacityError::out_of_memory(100, 8))
            } else {
                Ok(true)
            }
        }
    }

    #[test]
    fn a_dense_store_the_allocator_refuses_falls_back_to_hashed() {
        let indexer = Upto(100);
        let auto = with_storage(
            StoragePolicy::Auto,
            Some(&indexer),
            8,
            None,
            &mut DenseRefused,
        );
        assert_eq!(auto, Ok(true));
        let dense = with_storage(
            StoragePolicy::Dense,
            Some(&indexer),
            8,
            None,
            &mut DenseRefused,
        );
        assert!(dense.is_err());
    }
}
