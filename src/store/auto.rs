//! Automatic storage: hashed while a search is small, dense once it outgrows a fraction
//! of what the dense store costs (when the states are numbered and the dense store fits
//! the memory budget), hashed otherwise.

use std::borrow::Cow;

use fixedbitset::FixedBitSet;

use crate::error::{CapacityError, CapacityErrorKind};
use crate::solution::{Limits, Search, StopReason};
use crate::space::StateIndexer;

use super::chosen::Chosen;
use super::{NO_SLOT, try_bitset};

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
    /// The storage whose cost follows the states the search touches. [`Hashed`](super::Hashed)
    /// storage, which grows with the states seen, for a problem without a [`StateIndexer`], or
    /// whose dense store cannot be numbered, does not fit the memory limit
    /// ([`Limits::max_memory`](crate::Limits::max_memory)) or cannot be allocated. Otherwise
    /// [`Dense`](super::Dense) storage, at once when the dense store is small (at most 256 KiB).
    /// When it is larger, the search runs hashed first, and when its hashed stores outgrow 1/32 of
    /// the dense store's bytes (at most 4 MiB), it looks where the states it stored would lie in
    /// the dense store. If they average at least four to each 4 KiB page of it they fall on, the
    /// search starts again with dense storage. If they lie scattered (a stack of pancakes numbered
    /// by its permutation rank, whose neighbours are far apart: the dense store would allocate and
    /// fill a chunk of 512 records for every few states), it starts again hashed, and goes
    /// dense only if its hashed stores outgrow the dense store's bytes (so it may hold up to that
    /// much hashed). A small search on a huge numbering, or a scattered one, then costs what a
    /// hashed one does, plus at most the work of the first 4 MiB; a search that visits a good part
    /// of the numbered states pays for its hashed start on top of the dense search. A search
    /// started again reports the last run's statistics, and a visitor sees the events of every run
    /// ([`Event::Restarted`](crate::Event::Restarted) between them).
    #[default]
    Auto,
    /// [`Dense`](super::Dense) storage; a [`CapacityError`] when there is no indexer or
    /// the store does not fit.
    Dense,
    /// [`Hashed`](super::Hashed) storage.
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

/// Code run by [`with_storage`] once the storage is chosen: dense storage over the
/// numbering `I`, or hashed storage, as one type.
pub(crate) trait StorageUser<S, I> {
    /// What the code returns.
    type Output;
    /// Runs the code with `storage`; an `Err` means its buffers could not be built (the
    /// search did not start), so another storage may be tried. With a [`Probe`], the run
    /// is a hashed start that must stop when its memory passes the probe's
    /// ([`Probe::limits`]); [`Ran::Outgrew`] says it did ([`Probe::outgrew`]).
    fn run(
        &mut self,
        storage: Chosen<I>,
        probe: Option<Probe>,
    ) -> Result<Ran<Self::Output>, CapacityError>;

    /// After a run that [outgrew](Ran::Outgrew) its probe: adds the states its hashed start
    /// stored to `spread`.
    fn spread(&self, spread: &mut Spread<'_, I>);
}

/// What a [`StorageUser`] run gave: its output, or a hashed start that outgrew its probe.
pub(crate) enum Ran<T> {
    /// The search ran to its end (or to a stop of its own).
    Done(T),
    /// The hashed start passed the probe's memory: run it again, with dense storage or
    /// with a larger probe, as [`StorageUser::spread`] tells.
    Outgrew,
}

/// The memory a hashed start of an automatic-storage search may use before the search
/// starts again, dense or hashed ([`outgrown`] decides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Probe {
    /// The bytes the hashed start may hold.
    bytes: usize,
    /// The bytes of the dense store.
    dense: usize,
}

impl Probe {
    /// `limits` for the run: with the probe's memory limit, or `limits`' own if it is
    /// lower (it never is: a probe is only made below the budget the dense store fits).
    pub(crate) fn limits<C: Copy>(probe: Option<Probe>, limits: &Limits<C>) -> Cow<'_, Limits<C>> {
        match probe {
            Some(probe) => {
                let bytes = limits
                    .memory_limit()
                    .map_or(probe.bytes, |own| own.min(probe.bytes));
                Cow::Owned(limits.clone().max_memory(bytes))
            }
            None => Cow::Borrowed(limits),
        }
    }

    /// Whether `search`, run with [`Probe::limits`], stopped at the probe's memory limit.
    pub(crate) fn outgrew<T>(probe: Option<Probe>, search: &Search<T>) -> bool {
        Probe::stopped(probe, search.stop_reason().as_ref())
    }

    /// Whether a run with [`Probe::limits`] that stopped for `reason` stopped at the
    /// probe's memory limit.
    pub(crate) fn stopped(probe: Option<Probe>, reason: Option<&StopReason>) -> bool {
        probe.is_some()
            && matches!(
                reason,
                Some(StopReason::Capacity(CapacityError {
                    reason: CapacityErrorKind::MemoryLimit,
                    ..
                }))
            )
    }
}

/// Dense stores of at most this many bytes are built at once by automatic storage
/// (256 KiB): a chosen threshold, below which filling the store is cheap.
const SMALL_DENSE_BYTES: usize = 256 << 10;

/// The share of the dense store's bytes a hashed start may take before the search looks
/// where its states would lie in the dense store: 1/32, a chosen share. A search that stays
/// below it never pays for the dense store; a BFS over all 9! pancake stacks ran at
/// 0.96-1.12x dense storage's time with it (BENCHMARKS.md).
const PROBE_SHARE: usize = 32;

/// The most a hashed start may take before the search looks where its states lie, however
/// large the dense store: 4 MiB, a chosen size (about 100,000 states). The work given up
/// when the search starts again is at most what filled it.
const PROBE_MAX_BYTES: usize = 4 << 20;

/// The bytes of a page of memory: about the unit a dense store's records cost in when its
/// states lie far apart (each chunk of 512 records touched is allocated and filled whole).
const PAGE_BYTES: usize = 4096;

/// Dense storage is taken when the hashed start's states average at least this many to
/// each page of the dense store they fall on: a chosen number. Below it, the dense store
/// maps and zeroes a page for every few states: Dijkstra on 12 pancakes numbered by rank
/// (2.3-2.6 states to a page at 4 MiB) ran 2.2-2.5 s dense against 0.9-1.2 s hashed.
const DENSE_PAGE_STATES: usize = 4;

/// Where the states of a hashed start would lie in the dense store: how many there are,
/// and on how many of its pages they fall.
pub(crate) struct Spread<'i, I> {
    indexer: &'i I,
    bound: usize,
    /// The records of one page of the dense store.
    page_states: usize,
    touched: FixedBitSet,
    states: usize,
    pages: usize,
}

impl<'i, I> Spread<'i, I> {
    /// No state yet, over a dense store of `bound` records of `record_bytes`.
    fn new(indexer: &'i I, bound: usize, record_bytes: usize) -> Result<Self, CapacityError> {
        let page_states = (PAGE_BYTES / record_bytes.max(1)).max(1);
        Ok(Self {
            indexer,
            bound,
            page_states,
            touched: try_bitset(bound.div_ceil(page_states))?,
            states: 0,
            pages: 0,
        })
    }

    /// Counts `state`, which the hashed start stored; one outside the numbering is not
    /// counted (the dense store cannot hold it).
    pub(crate) fn add<S>(&mut self, state: &S)
    where
        I: StateIndexer<S>,
    {
        let index = self.indexer.index(state);
        if index < self.bound {
            self.states += 1;
            if !self.touched.put(index / self.page_states) {
                self.pages += 1;
            }
        }
    }

    /// The states added next go to another dense store of the same numbering (the other
    /// side of a bidirectional search): their pages are counted apart.
    pub(crate) fn next_store(&mut self) {
        self.touched.clear();
    }

    /// Whether the states counted lie close enough for a dense store.
    fn dense_pays(&self) -> bool {
        self.states >= DENSE_PAGE_STATES * self.pages
    }
}

/// Runs `user` with the storage `policy` picks: `indexer` is the problem's numbering, if
/// any, and `record_bytes` the bytes a dense store takes per state (plus its bitset).
/// `warm`: the user keeps dense buffers of this numbering from an earlier search, so that
/// automatic storage goes dense at once where it fits, without a hashed start.
pub(crate) fn with_storage<S, I, U>(
    policy: StoragePolicy,
    warm: bool,
    indexer: Option<&I>,
    record_bytes: usize,
    budget: Option<usize>,
    user: &mut U,
) -> Result<U::Output, CapacityError>
where
    I: StateIndexer<S>,
    U: StorageUser<S, I>,
{
    // The storage to run with next. Both storages are one type, `Chosen`, and it is run
    // from one call below, so that the (large) instantiation of the user is compiled once.
    let mut next = match (policy, indexer) {
        (StoragePolicy::Hashed, _) | (StoragePolicy::Auto, None) => Next::Hashed(None),
        (StoragePolicy::Dense, None) => {
            return Err(CapacityError {
                entries: 0,
                bytes: None,
                reason: CapacityErrorKind::NoIndexer,
            });
        }
        (_, Some(indexer)) => match fits(indexer.bound(), record_bytes, budget) {
            Ok(_) if policy == StoragePolicy::Dense => Next::Dense { fallback: false },
            Ok(_) if warm => Next::Dense { fallback: true },
            Ok(bytes) if bytes > SMALL_DENSE_BYTES => Next::Hashed(Some(Probe {
                bytes: (bytes / PROBE_SHARE).min(PROBE_MAX_BYTES),
                dense: bytes,
            })),
            Ok(_) => Next::Dense { fallback: true },
            Err(error) if policy == StoragePolicy::Dense => return Err(error),
            Err(_) => Next::Hashed(None),
        },
    };
    loop {
        let (storage, probe) = match (next, indexer) {
            (Next::Dense { .. }, Some(indexer)) => (Chosen::Dense(indexer.clone()), None),
            (Next::Hashed(probe), _) => (Chosen::Hashed, probe),
            // Dense is chosen only with an indexer.
            (Next::Dense { .. }, None) => (Chosen::Hashed, None),
        };
        let ran = user.run(storage, probe);
        next = match (ran, next) {
            (Ok(Ran::Done(output)), _) => return Ok(output),
            // The hashed start outgrew its probe, which only automatic storage sets: go
            // dense, or hashed with more room, and back to hashed (unlimited) if the dense
            // store cannot be built.
            (Ok(Ran::Outgrew), Next::Hashed(Some(probe))) => {
                outgrown(probe, indexer, record_bytes, user)
            }
            (Ok(Ran::Outgrew), _) => Next::Dense { fallback: true },
            (Err(_), Next::Dense { fallback: true }) => Next::Hashed(None),
            (Err(error), _) => return Err(error),
        };
    }
}

/// After a hashed start outgrew `probe`: dense storage when its states lie close in the
/// dense store or when it outgrew the dense store's bytes; otherwise hashed storage again,
/// until it outgrows the dense store's bytes.
fn outgrown<S, I, U>(probe: Probe, indexer: Option<&I>, record_bytes: usize, user: &U) -> Next
where
    I: StateIndexer<S>,
    U: StorageUser<S, I>,
{
    let Some(indexer) = indexer.filter(|_| probe.bytes < probe.dense) else {
        return Next::Dense { fallback: true };
    };
    // The bitset is 1/32,768 of the dense store: if even it cannot be had, neither can
    // the dense store.
    let Ok(mut spread) = Spread::new(indexer, indexer.bound(), record_bytes) else {
        return Next::Hashed(None);
    };
    user.spread(&mut spread);
    if spread.dense_pays() {
        Next::Dense { fallback: true }
    } else {
        Next::Hashed(Some(Probe {
            bytes: probe.dense,
            ..probe
        }))
    }
}

/// The storage [`with_storage`] runs with next.
#[derive(Clone, Copy)]
enum Next {
    /// Hashed storage, perhaps as a start that stops at a probe's memory.
    Hashed(Option<Probe>),
    /// Dense storage; with `fallback`, hashed storage when it cannot be built.
    Dense { fallback: bool },
}

/// The bytes of a dense store of `bound` states of `record_bytes` each, if it can be
/// numbered and fits `budget`.
fn fits(bound: usize, record_bytes: usize, budget: Option<usize>) -> Result<usize, CapacityError> {
    if bound >= NO_SLOT as usize {
        return Err(CapacityError {
            entries: bound,
            bytes: None,
            reason: CapacityErrorKind::TooManyStates,
        });
    }
    let bytes = super::records::most_bytes(bound, record_bytes)
        .and_then(|b| b.checked_add(bound.div_ceil(8)));
    match (bytes, budget) {
        (None, _) => Err(CapacityError::out_of_memory(bound, record_bytes)),
        (Some(bytes), Some(budget)) if bytes > budget => {
            Err(CapacityError::memory_limit(bound, bytes))
        }
        (Some(bytes), _) => Ok(bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{NodeStore, Storage};

    use crate::store::Upto;

    /// Whether `storage` is dense: its empty store already holds memory.
    fn is_dense<St: Storage<u32>>(storage: &St) -> Result<bool, CapacityError> {
        Ok(storage.try_store::<u64>()?.memory_bytes() > 0)
    }

    /// Says which storage it ran with: dense or hashed; a hashed start with a probe
    /// outgrows it when `outgrow` is set.
    #[derive(Default)]
    struct Which {
        outgrow: bool,
        probes: Vec<usize>,
        /// The states its hashed starts store.
        stored: Vec<u32>,
    }
    impl StorageUser<u32, Upto> for Which {
        type Output = &'static str;
        fn run(
            &mut self,
            storage: Chosen<Upto>,
            probe: Option<Probe>,
        ) -> Result<Ran<&'static str>, CapacityError> {
            let _store = storage.try_store::<u64>()?;
            if let Some(probe) = probe {
                self.probes.push(probe.bytes);
                if self.outgrow {
                    return Ok(Ran::Outgrew);
                }
            }
            Ok(Ran::Done(if is_dense(&storage)? {
                "Dense"
            } else {
                "Hashed"
            }))
        }

        fn spread(&self, spread: &mut Spread<'_, Upto>) {
            self.stored.iter().for_each(|state| spread.add(state));
        }
    }

    fn pick(policy: StoragePolicy, indexer: Option<Upto>, budget: Option<usize>) -> String {
        match with_storage(
            policy,
            false,
            indexer.as_ref(),
            8,
            budget,
            &mut Which::default(),
        ) {
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
        // A dense store of 100 states: a chunk of 512 records of 8 bytes, its pointer, and
        // a bitset of 13 bytes.
        assert!(pick(StoragePolicy::Auto, Some(Upto(100)), Some(4117)) == "Dense");
        assert_eq!(
            pick(StoragePolicy::Auto, Some(Upto(100)), Some(4116)),
            "Hashed"
        );
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

    #[test]
    fn auto_starts_a_large_dense_store_hashed_and_goes_dense_once_outgrown() {
        // 2^20 states of 8 bytes, a chunk directory and a bitset: 8.1 MiB, above the
        // small dense size.
        let large = Upto(1 << 20);
        let dense_bytes = (1 << 20) * 8 + (1 << 20) / 512 * 8 + (1 << 17);
        let auto = |search: &mut Which| {
            with_storage(StoragePolicy::Auto, false, Some(&large), 8, None, search)
        };
        let mut small_search = Which::default();
        assert_eq!(auto(&mut small_search), Ok("Hashed"));
        assert_eq!(small_search.probes, [dense_bytes / PROBE_SHARE]);
        // Above a dense store of 128 MiB, the first look comes at 4 MiB.
        let mut on_huge = Which::default();
        let huge = Some(&Upto(1 << 26));
        let ran = with_storage(StoragePolicy::Auto, false, huge, 8, None, &mut on_huge);
        assert_eq!((ran, &on_huge.probes[..]), (Ok("Hashed"), &[4 << 20][..]));
        // 1,024 states on 64 pages of 512 records: dense storage pays.
        let mut large_search = Which {
            outgrow: true,
            stored: (0..1024).map(|i| i * 32).collect(),
            ..Which::default()
        };
        assert_eq!(auto(&mut large_search), Ok("Dense"));
        assert_eq!(large_search.probes.len(), 1, "one hashed start, then dense");
        // Three states on each of the 2,048 pages of 512 records: hashed again, with the
        // dense store's bytes as its room, then dense once it outgrows them.
        let mut scattered = Which {
            outgrow: true,
            stored: (0..2048 * 3).map(|i| i / 3 * 512 + i % 3 * 100).collect(),
            ..Which::default()
        };
        let probe = dense_bytes / PROBE_SHARE;
        assert_eq!(auto(&mut scattered), Ok("Dense"));
        assert_eq!(scattered.probes, [probe, dense_bytes]);
        // Four to a page are close enough.
        scattered
            .stored
            .extend((0..2048).map(|page| page * 512 + 511));
        scattered.probes.clear();
        assert_eq!(auto(&mut scattered), Ok("Dense"));
        assert_eq!(scattered.probes, [probe]);
        // Small dense stores are built at once, explicit choices are kept.
        let mut small = Which::default();
        let ran = with_storage(
            StoragePolicy::Auto,
            false,
            Some(&Upto(1000)),
            8,
            None,
            &mut small,
        );
        assert_eq!((ran, small.probes.len()), (Ok("Dense"), 0));
        let mut dense = Which::default();
        let ran = with_storage(
            StoragePolicy::Dense,
            false,
            Some(&large),
            8,
            None,
            &mut dense,
        );
        assert_eq!((ran, dense.probes.len()), (Ok("Dense"), 0));
    }

    #[test]
    fn kept_dense_buffers_make_auto_go_dense_at_once() {
        let large = Upto(1 << 20);
        let mut warm = Which::default();
        let ran = with_storage(StoragePolicy::Auto, true, Some(&large), 8, None, &mut warm);
        assert_eq!((ran, warm.probes.len()), (Ok("Dense"), 0));
        // Still within the budget, and never without an indexer or against a policy.
        let ran = with_storage(
            StoragePolicy::Auto,
            true,
            Some(&large),
            8,
            Some(1000),
            &mut warm,
        );
        assert_eq!(ran, Ok("Hashed"));
        let ran = with_storage(
            StoragePolicy::Hashed,
            true,
            Some(&large),
            8,
            None,
            &mut warm,
        );
        assert_eq!(ran, Ok("Hashed"));
        let ran = with_storage::<u32, Upto, _>(StoragePolicy::Auto, true, None, 8, None, &mut warm);
        assert_eq!(ran, Ok("Hashed"));
    }

    #[test]
    fn a_spread_counts_the_pages_of_each_store_and_only_numbered_states() {
        let indexer = Upto(1000);
        let mut spread = Spread::new(&indexer, 1000, 8).unwrap();
        // 512 records to a page; 1000 and beyond are outside the numbering.
        for state in [0, 1, 2, 3, 1000, 1023] {
            spread.add(&state);
        }
        assert_eq!((spread.states, spread.pages), (4, 1));
        assert!(spread.dense_pays());
        // The other side's store: its page 0 is another page.
        spread.next_store();
        spread.add(&5);
        assert_eq!((spread.states, spread.pages), (5, 2));
        assert!(!spread.dense_pays());
    }

    /// Fails to build dense buffers, as when the allocator refuses them.
    struct DenseRefused;
    impl StorageUser<u32, Upto> for DenseRefused {
        type Output = bool;
        fn run(
            &mut self,
            storage: Chosen<Upto>,
            _probe: Option<Probe>,
        ) -> Result<Ran<bool>, CapacityError> {
            if is_dense(&storage)? {
                Err(CapacityError::out_of_memory(100, 8))
            } else {
                Ok(Ran::Done(true))
            }
        }

        fn spread(&self, _spread: &mut Spread<'_, Upto>) {}
    }

    #[test]
    fn a_dense_store_the_allocator_refuses_falls_back_to_hashed() {
        let indexer = Upto(100);
        let auto = with_storage(
            StoragePolicy::Auto,
            false,
            Some(&indexer),
            8,
            None,
            &mut DenseRefused,
        );
        assert_eq!(auto, Ok(true));
        let dense = with_storage(
            StoragePolicy::Dense,
            false,
            Some(&indexer),
            8,
            None,
            &mut DenseRefused,
        );
        assert!(dense.is_err());
    }
}
