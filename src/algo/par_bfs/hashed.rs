//! `par-bfs` over hashed storage: the states reached, in shards of hash tables that the
//! threads lock one at a time.

use core::hash::BuildHasher as _;
use std::sync::{Mutex, PoisonError};

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use super::ParBfs;
use super::layer;
use crate::error::CapacityError;
use crate::solution::{Outcome, Search, Solution, Stats, StopReason};
use crate::space::StateSpace;

/// A stored state: its shard in the high 32 bits, its slot in the shard in the low ones.
type Ref = u64;

/// The parent of a start state.
const NO_PARENT: Ref = Ref::MAX;

/// Shards per pool thread: enough that two threads rarely want the same lock.
const SHARDS_PER_THREAD: usize = 16;

/// One shard: its states, each one's parent, and a table of slots by hash.
struct Shard<S> {
    table: HashTable<u32>,
    states: Vec<S>,
    parents: Vec<Ref>,
}

/// What [`Shards::insert`] did.
enum Inserted {
    /// The state is new; here is where it went.
    New(Ref),
    /// The state was stored already.
    Seen,
    /// The shard could not grow.
    Full,
}

/// The states reached, sharded by hash.
struct Shards<S> {
    shards: Vec<Mutex<Shard<S>>>,
}

impl<S: Clone + Eq + core::hash::Hash> Shards<S> {
    fn new(count: usize) -> Self {
        Self {
            shards: (0..count)
                .map(|_| {
                    Mutex::new(Shard {
                        table: HashTable::new(),
                        states: Vec::new(),
                        parents: Vec::new(),
                    })
                })
                .collect(),
        }
    }

    /// Stores `state` with `parent` unless it is stored already.
    fn insert(&self, state: &S, parent: Ref) -> Inserted {
        let hash = FxBuildHasher.hash_one(state);
        // The table uses the hash's low bits and its top 7; the shard takes a mix of all
        // of them so that one shard's states still spread over its table.
        let which = ((hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize) % self.shards.len();
        let mut shard = self.shards[which]
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let Shard {
            table,
            states,
            parents,
        } = &mut *shard;
        if table
            .find(hash, |&slot| states[slot as usize] == *state)
            .is_some()
        {
            return Inserted::Seen;
        }
        let Ok(slot) = u32::try_from(states.len()) else {
            return Inserted::Full;
        };
        if states.try_reserve(1).is_err()
            || parents.try_reserve(1).is_err()
            || table
                .try_reserve(1, |&slot| FxBuildHasher.hash_one(&states[slot as usize]))
                .is_err()
        {
            return Inserted::Full;
        }
        states.push(state.clone());
        parents.push(parent);
        table.insert_unique(hash, slot, |&slot| {
            FxBuildHasher.hash_one(&states[slot as usize])
        });
        Inserted::New(((which as u64) << 32) | u64::from(slot))
    }

    /// The state at `at` and its parent.
    #[expect(clippy::cast_possible_truncation, reason = "a Ref's halves are u32s")]
    fn get(&self, at: Ref) -> (S, Ref) {
        let shard = self.shards[(at >> 32) as usize]
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let slot = at as u32 as usize;
        (shard.states[slot].clone(), shard.parents[slot])
    }
}

/// Bytes a stored state costs besides itself: its parent, its slot in the table and the
/// table's control byte.
const PER_STATE: usize = size_of::<Ref>() + size_of::<u32>() + 1;

impl ParBfs {
    /// Searches `space` from `starts` for a state satisfying `is_goal`, on the threads of
    /// the current rayon pool, storing the states reached in hash tables: for spaces whose
    /// states cannot be numbered. The cost of a solution is its number of steps.
    ///
    /// The states are spread over 16 shards per pool thread by hash, each a hash table
    /// behind its own lock; a thread that claims a successor locks only that successor's
    /// shard. Which goal of the first goal layer is returned can depend on the threads;
    /// the cost cannot.
    ///
    /// # Errors
    ///
    /// None today: the tables grow as the search goes, and a table that cannot grow stops
    /// the search with [`StopReason::Capacity`]. The `Result` matches
    /// [`ParBfs::search`].
    ///
    /// # Complexity
    ///
    /// O(V + E) work for V reachable states and E steps among them, split across the
    /// threads with one join per layer of more than 256 states. Each stored state costs
    /// its size twice (in its table and, for one layer, in the frontier) plus 13 bytes,
    /// and the tables' and arrays' spare room as they double.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "parallel")] {
    /// use state_search::ParBfs;
    ///
    /// // Add one or double: no indexer needed.
    /// let space = state_search::unit_from_fn(|&n: &u64| [n + 1, n * 2]);
    /// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
    /// let search = pool.install(|| ParBfs::new().search_hashed(&space, [1], |&n| n == 100))?;
    /// let found = search.found().unwrap();
    /// assert_eq!(found.cost, 8); // 1 2 3 6 12 24 25 50 100
    /// assert_eq!(found.path.len(), 9);
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_hashed<Sp, G>(
        &self,
        space: &Sp,
        starts: impl IntoIterator<Item = Sp::State>,
        is_goal: G,
    ) -> Result<Search<Solution<Sp::State, usize>>, CapacityError>
    where
        Sp: StateSpace + Sync + ?Sized,
        Sp::State: Send + Sync,
        G: Fn(&Sp::State) -> bool + Sync,
    {
        let shards = Shards::new(rayon::current_num_threads() * SHARDS_PER_THREAD);
        let mut stats = Stats {
            iterations: 1,
            ..Stats::default()
        };
        let stopped = |reason, stats| Ok(Search::new(Outcome::Stopped(reason), stats));
        let mut frontier: Vec<(Sp::State, Ref)> = Vec::new();
        let mut goal = None;
        for start in starts {
            match shards.insert(&start, NO_PARENT) {
                Inserted::Seen => {}
                Inserted::Full => {
                    let error = CapacityError::out_of_memory(1, size_of::<Sp::State>());
                    return stopped(StopReason::Capacity(error), stats);
                }
                Inserted::New(at) => {
                    if frontier.try_reserve(1).is_err() {
                        let error = CapacityError::out_of_memory(frontier.len() + 1, 4);
                        return stopped(StopReason::Capacity(error), stats);
                    }
                    if is_goal(&start) {
                        goal = Some(goal.map_or(at, |g: Ref| g.min(at)));
                    }
                    frontier.push((start, at));
                }
            }
        }
        let per_state = size_of::<Sp::State>() + PER_STATE;
        let ended = layer::run(
            &self.limits,
            frontier,
            goal,
            per_state,
            &mut stats,
            |(state, at), part| {
                space.successors(state, |next, _| {
                    part.generated();
                    if part.is_full() {
                        return;
                    }
                    match shards.insert(&next, *at) {
                        Inserted::Seen => {}
                        Inserted::Full => part.fill(),
                        Inserted::New(new) => {
                            let goal = is_goal(&next).then_some(new);
                            part.push((next, new), goal);
                        }
                    }
                });
            },
        );
        stats.memory = stats.stored * per_state;
        let outcome = ended.outcome(|at| {
            let (state, parent) = shards.get(at);
            (state, (parent != NO_PARENT).then_some(parent))
        });
        Ok(Search::new(outcome, stats))
    }
}
