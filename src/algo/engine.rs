//! What every engine shares: the split between an immutable engine and the per-thread
//! scratch its searches write into, the one-thread [`Searcher`] that bundles both, and the
//! storage and limits every engine is configured with.
//!
//! An engine ([`Bfs`](crate::Bfs), [`Dijkstra`](crate::Dijkstra), ...) is a small,
//! immutable configuration: `Clone`, and `Send + Sync` when its storage is. Many threads
//! can share one. What a search writes (stores, queues, stacks) lives in a *scratch*
//! value that each thread owns and reuses from search to search, as a
//! `regex_automata::meta::Regex` is shared while each thread has its own `Cache`:
//!
//! ```
//! use state_search::{Dijkstra, Engine};
//!
//! let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)]);
//! let engine = Dijkstra::new();
//! std::thread::scope(|threads| {
//!     for target in [40, 50] {
//!         let engine = &engine;
//!         let space = &space;
//!         threads.spawn(move || {
//!             let mut scratch = engine.scratch().expect("hashed storage always fits");
//!             let found = engine.search_in(&mut scratch, space, [1], |&n| n == target);
//!             assert!(found.found().is_some());
//!         });
//!     }
//! });
//! ```
//!
//! On one thread, [`Searcher`] keeps an engine with its scratch, and its `search` reuses
//! the buffers of the previous search.

use core::ops::{Deref, DerefMut};

use crate::error::CapacityError;
use crate::solution::Limits;

/// An engine: an immutable configuration that builds the per-thread scratch its searches
/// write into.
///
/// # Examples
///
/// ```
/// use state_search::{Dijkstra, Engine};
///
/// let space = state_search::from_fn(|&n: &u32| [(n + 1, 1u32), (n * 2, 3)]);
/// let engine = Dijkstra::new();
/// let mut scratch = engine.scratch()?; // built once, reused by every search below
/// let first = engine.search_in(&mut scratch, &space, [1], |&n| n == 40);
/// let second = engine.search_in(&mut scratch, &space, [1], |&n| n == 7);
/// assert_eq!(first.found().unwrap().cost, 13); // 1, 2, 3, 4, 5, 10, 20, 40
/// assert_eq!(second.found().unwrap().cost, 6); // 1, 2, 3, 6, 7
/// // The scratch answers for the last search only.
/// assert_eq!((scratch.cost(&7), scratch.cost(&40)), (Some(6), None));
/// # Ok::<(), state_search::CapacityError>(())
/// ```
pub trait Engine<S> {
    /// The buffers a search writes: stores, queues, stacks. Reused from search to search.
    type Scratch;

    /// Builds empty buffers for searches over states `S`.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a dense store or table cannot be allocated.
    fn scratch(&self) -> Result<Self::Scratch, CapacityError>;
}

/// An engine together with its scratch, for one thread: each search reuses the buffers
/// of the last one, and the scratch's queries (`cost`, `path_to`, ...) answer for the last
/// search through [`Deref`].
///
/// Made by each engine's `searcher` method.
///
/// # Examples
///
/// ```
/// use state_search::Bfs;
///
/// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 2]);
/// let mut bfs = Bfs::new().searcher()?;
/// assert_eq!(bfs.search(&space, [1], |&n| n == 20).found().unwrap().cost, 5);
/// assert_eq!(bfs.cost(&20), Some(5)); // the goal that ended the search
/// assert_eq!(bfs.search(&space, [1], |&n| n == 7).found().unwrap().cost, 4);
/// # Ok::<(), state_search::CapacityError>(())
/// ```
pub struct Searcher<S, E: Engine<S>> {
    engine: E,
    scratch: E::Scratch,
}

impl<S, E: Engine<S>> Searcher<S, E> {
    /// `engine` with newly built scratch.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when a dense store or table cannot be allocated.
    pub fn new(engine: E) -> Result<Self, CapacityError> {
        let scratch = engine.scratch()?;
        Ok(Self { engine, scratch })
    }

    /// The engine.
    #[must_use]
    pub fn engine(&self) -> &E {
        &self.engine
    }

    /// The engine, to change its configuration (limits, ...) between searches.
    #[must_use]
    pub fn engine_mut(&mut self) -> &mut E {
        &mut self.engine
    }

    /// The engine and the scratch, borrowed apart: what a `search` method needs.
    pub(crate) fn parts(&mut self) -> (&E, &mut E::Scratch) {
        (&self.engine, &mut self.scratch)
    }
}

impl<S, E: Engine<S>> Deref for Searcher<S, E> {
    type Target = E::Scratch;
    fn deref(&self) -> &E::Scratch {
        &self.scratch
    }
}

impl<S, E: Engine<S>> DerefMut for Searcher<S, E> {
    fn deref_mut(&mut self) -> &mut E::Scratch {
        &mut self.scratch
    }
}

impl<S, E: Engine<S> + core::fmt::Debug> core::fmt::Debug for Searcher<S, E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Searcher")
            .field("engine", &self.engine)
            .finish_non_exhaustive()
    }
}

/// The storage and limits every engine is configured with.
#[derive(Clone, Debug)]
pub(crate) struct Setup<St, C> {
    pub(crate) storage: St,
    pub(crate) limits: Limits<C>,
}

impl<St, C> Setup<St, C> {
    /// `storage`, and no limits.
    pub(crate) fn new(storage: St) -> Self {
        Self {
            storage,
            limits: Limits::default(),
        }
    }
}

/// The configuration methods every engine has, written once: `with_limits`, `set_limits`,
/// `limits` and `searcher`. `$Engine` is the engine's name with its generic parameters
/// and `$C` its limits' cost type.
macro_rules! engine_setup {
    ($Engine:ident<$($param:ident),*>, cost $C:ty) => {
        impl<$($param),*> $Engine<$($param),*> {
            /// The same engine with `limits`.
            #[must_use]
            pub fn with_limits(mut self, limits: $crate::Limits<$C>) -> Self {
                self.setup.limits = limits;
                self
            }

            /// Replaces the limits of later searches.
            pub fn set_limits(&mut self, limits: $crate::Limits<$C>) {
                self.setup.limits = limits;
            }

            /// The limits of this engine's searches.
            #[must_use]
            pub fn limits(&self) -> &$crate::Limits<$C> {
                &self.setup.limits
            }

            /// This engine with its scratch, for repeated searches on one thread.
            ///
            /// # Errors
            ///
            /// A [`CapacityError`](crate::CapacityError) when a dense store or table
            /// cannot be allocated.
            pub fn searcher<State>(
                self,
            ) -> Result<$crate::Searcher<State, Self>, $crate::CapacityError>
            where
                Self: $crate::Engine<State>,
            {
                $crate::Searcher::new(self)
            }
        }
    };
}

pub(crate) use engine_setup;
