//! Breadth-first layer counting over a cluster (feature `distributed`): the layered search
//! of [`algo::layers`](crate::algo::layers) with the states spread over many processes,
//! on [timely dataflow](https://docs.rs/timely).
//!
//! # How it works
//!
//! Every state is owned by one worker: index `i` by worker `i % workers` (a hash partition
//! on the state's index; indices of a good ranking spread evenly). An owner keeps two bits
//! per state it owns, as [`Layers`](crate::Layers) does: unseen, done, or reached in one of
//! the two layers in play. The search is one timely dataflow whose timestamp is the depth:
//!
//! 1. the candidates of layer `d` travel, at time `d`, to their owners, who keep the ones
//!    they have not seen (marking them reached at `d`) and drop the rest;
//! 2. when timely's progress tracking says no candidate of time `d` is left anywhere, each
//!    owner sends every worker its tally of layer `d` (new states, goals met);
//! 3. with every tally in, each worker knows the layer's size and whether the search
//!    stops; otherwise it expands its share of layer `d` (a scan of its two-bit array, in
//!    chunks so that arriving messages are taken in between), marking each state done,
//!    and sends the successors on as the candidates of layer `d + 1` (keeping the ones it
//!    owns itself at once: layer `d` is complete, so an unseen one lies at `d + 1`).
//!
//! Candidates of layer `d + 1` only leave after every owner has taken in all of layer `d`,
//! so an unseen candidate of time `d + 1` is exactly a state at depth `d + 1`. Nothing per
//! state is stored beyond the two bits (`bound / 4` bytes over the whole cluster) unless a
//! path is asked for; what crosses the network is 8 bytes per generated successor whose
//! owner is in another process, plus a tally per worker pair and layer.
//!
//! # The path to a goal
//!
//! With [`DistributedLayers::with_path`], candidates carry the index of the state they
//! were generated from, and each owner keeps that parent for the states it keeps (8 more
//! bytes on the wire and a hash-map entry in memory per state reached, 17 bytes and the
//! table's spare room, 20 to 40 bytes in all, so it suits searches that
//! stop at a goal well before the whole space). After the search a second, small dataflow
//! hands the goal to its owner, which looks up its parent and hands that to its owner, one
//! step per round, back to the start.
//!
//! # Deployment and failures
//!
//! A [`Cluster`] gives the layout in timely's terms (`-w`, `-n`, `-p`, `-h`); the same
//! program runs as one process or as many, on one machine or several. The processes
//! connect before the search starts, each waiting at most
//! [`Cluster::with_connect_timeout`] for the others. Once running, a process that dies
//! closes its connections; timely then fails the workers of every other process and
//! [`DistributedLayers::run`] returns [`DistributedError::Worker`] or
//! [`DistributedError::Connection`] in each of them instead of waiting forever. A machine
//! that vanishes without closing its connections (a network partition) stops sending
//! heartbeats, and the others stop with [`DistributedError::Connection`] after the
//! connection timeout. The marks must fit in the cluster's memory;
//! marks kept on disk, as in Korf's disk-based search, are not supported.
//!
//! # Trust
//!
//! Each process listens on a TCP port, so anyone who can reach it can connect. What that
//! stranger can and cannot do:
//!
//! - **Join the run: no.** A run of several processes needs a shared secret
//!   ([`Cluster::with_secret`], at least 16 bytes). Every connection opens with a challenge
//!   and response on it (HMAC-SHA-256 over fresh random nonces, both ways) before timely
//!   takes it; a connection that fails it is dropped and the process waits on for the real
//!   peer, so a stranger who connects first cannot take a process's place.
//! - **Start processes with different options: no.** The handshake compares a digest of
//!   the run's configuration ([`Cluster::with_config`], the threads per process, the
//!   number of processes and the crate's version); a difference is
//!   [`ClusterError::Mismatch`] on both sides.
//! - **Make a process wait forever: no.** Every wait during the connection is bounded by
//!   the connection timeout as a whole (not per byte), and one connection's handshake by 5
//!   seconds: a silent stranger delays the start by that much.
//! - **Deny the run: yes.** Connecting over and over keeps the processes busy refusing,
//!   and a stranger can hold the port before the process binds it.
//! - **Change, drop, add or replay traffic: no.** After the handshake, every chunk of
//!   timely's traffic travels as a frame sealed with an HMAC-SHA-256 tag under a key of
//!   that connection and direction (derived from the secret and the handshake's fresh
//!   nonces), numbered in sequence: a byte changed, a frame dropped, added, replayed from
//!   another run or reflected back, or a header announcing more than a frame holds (1 MiB)
//!   is [`DistributedError::Connection`] on that process before timely sees a byte of it,
//!   and every other process then fails too. Each layer's candidates are also counted and
//!   summed by the workers that send them and by those that receive them (each term a mix
//!   of the candidate with a key derived from the secret), and a difference stops every
//!   worker with [`DistributedError::Corrupted`]: a second check, end to end through
//!   timely's channels.
//! - **Make a running process wait forever: no.** Each side sends a heartbeat when it has
//!   been silent for a quarter of the connection timeout, and a process that receives no
//!   whole frame within the timeout stops with [`DistributedError::Connection`]: a relay
//!   that goes silent, a peer that drips bytes, or a machine cut off by the network.
//! - **Read the traffic, or stop the run, on the path: yes.** Nothing is encrypted, and
//!   whoever can change the traffic can break the connections (which stops the run with
//!   an error, never a wrong count). Run a cluster on a private network, or through an
//!   encrypted tunnel between the machines, when its traffic must stay private.
//!
//! # Examples
//!
//! The 2x3 sliding-tile puzzle's 360 boards, on two worker threads:
//!
//! ```
//! use std::sync::Arc;
//! use state_search::distributed::{Cluster, DistributedLayers};
//! use state_search::domains::sliding::npuzzle::NPuzzle;
//! use state_search::domains::sliding::ranking::RankedPuzzle;
//!
//! let puzzle = RankedPuzzle::new(&NPuzzle::standard(2, 3)?).expect("2x3 can be ranked");
//! let start = puzzle.index(&puzzle.goal());
//! let counts = DistributedLayers::new()
//!     .run(&Cluster::new(2, 1, 0, None)?, Arc::new(puzzle), start)?
//!     .expect("process 0 gets the counts");
//! assert_eq!(counts.total, 360);
//! assert_eq!(counts.depth, 21);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bfs;
mod cluster;
mod handshake;
mod partition;
mod sealed;
mod trace;

use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use core::fmt;

pub use cluster::{Cluster, ClusterError, MAX_PROCESSES, MAX_THREADS, MIN_SECRET_BYTES};

use crate::algo::layers::IndexSpace;
use crate::error::CapacityError;

/// One complete layer of a distributed count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LayerReport {
    /// The distance from the start.
    pub depth: usize,
    /// The states at that distance.
    pub count: u64,
    /// The successors generated to find them (by expanding the layer before).
    pub generated: u64,
    /// Of those, the ones sent to a worker in another process.
    pub remote: u64,
    /// The payload bytes of those: 8 per successor, 16 with a path.
    pub remote_bytes: u64,
    /// Time from the start of the search to the end of the layer's tally.
    pub elapsed: Duration,
}

/// The result of a distributed count, as process 0 reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DistributedCounts {
    /// `layers[d]`: the states `d` steps from the start.
    pub layers: Vec<u64>,
    /// The greatest depth counted.
    pub depth: usize,
    /// The states reached.
    pub total: u64,
    /// With [`DistributedLayers::stop_at`]: the least goal index of the first layer that
    /// holds a goal (that layer is the last counted), or `None` when no goal is reachable.
    pub goal: Option<usize>,
    /// With [`DistributedLayers::with_path`] and a goal: the indices from the start to the
    /// goal.
    pub path: Option<Vec<usize>>,
    /// Every layer's report.
    pub reports: Vec<LayerReport>,
}

/// Why a distributed count failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum DistributedError {
    /// The cluster could not be set up.
    Cluster(ClusterError),
    /// The start index is not below the space's bound.
    StartOutOfRange {
        /// The start.
        start: usize,
        /// The bound.
        bound: usize,
    },
    /// A worker could not allocate its share of the marks or parents.
    Capacity(CapacityError),
    /// Timely could not start the workers.
    Timely(String),
    /// A worker failed while running, typically because another process died or a
    /// connection broke: timely's message about it.
    Worker(String),
    /// A connection to another process failed while running: a frame that failed its
    /// authentication check or announced more than a frame holds (the traffic was changed
    /// on the way), a peer that sent nothing within the connection timeout (not even its
    /// heartbeat), or a broken connection. Every process stops.
    Connection {
        /// The other process.
        process: usize,
        /// What happened.
        reason: String,
    },
    /// The candidates of a layer did not arrive as they were sent: over all workers, their
    /// counts or check sums (keyed by the secret) differ, so the traffic between the
    /// processes was changed on the way. Every worker stops at that layer.
    Corrupted {
        /// The layer.
        depth: usize,
    },
}

impl fmt::Display for DistributedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DistributedError::Cluster(e) => e.fmt(f),
            DistributedError::StartOutOfRange { start, bound } => {
                write!(
                    f,
                    "start index {start} is not below the space's bound {bound}"
                )
            }
            DistributedError::Capacity(e) => write!(f, "a worker's share does not fit: {e}"),
            DistributedError::Timely(e) => write!(f, "timely could not start: {e}"),
            DistributedError::Corrupted { depth } => write!(
                f,
                "the candidates of layer {depth} did not arrive as they were sent (their \
                 counts or check sums differ): the traffic between the processes was changed"
            ),
            DistributedError::Connection { process, reason } => {
                write!(f, "the connection with process {process} failed: {reason}")
            }
            DistributedError::Worker(e) => write!(
                f,
                "a worker failed (another process died or a connection broke): {e}"
            ),
        }
    }
}

impl std::error::Error for DistributedError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DistributedError::Cluster(e) => Some(e),
            DistributedError::Capacity(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ClusterError> for DistributedError {
    fn from(e: ClusterError) -> Self {
        DistributedError::Cluster(e)
    }
}

/// A goal test on indices.
pub(crate) type Goal = Arc<dyn Fn(usize) -> bool + Send + Sync>;
/// A per-layer callback.
type OnLayer = Arc<dyn Fn(&LayerReport) + Send + Sync>;
/// A log line sink.
type Log = Arc<dyn Fn(&str) + Send + Sync>;

/// What a run is asked for, shared by the workers.
#[derive(Clone, Default)]
pub(crate) struct Settings {
    goal: Option<Goal>,
    path: bool,
    on_layer: Option<OnLayer>,
    log: Option<Log>,
}

/// Distributed breadth-first layer counting over an [`IndexSpace`]: see the
/// [module docs](self).
///
/// # Complexity
///
/// Per worker, `bound / (4 * workers)` bytes of marks; per layer, one expansion per state
/// in it, one scan of each worker's marks, and one round of tallies (`workers²` small
/// messages).
///
/// # Examples
///
/// A shortest path from 1 to 100 by +1 and *2, on two worker threads of one process:
///
/// ```
/// use std::sync::Arc;
/// use state_search::algo::layers::IndexSpace;
/// use state_search::distributed::{Cluster, DistributedLayers};
///
/// struct Doubling;
/// impl IndexSpace for Doubling {
///     type Cursor = ();
///     fn bound(&self) -> usize { 1000 }
///     fn cursor(&self) {}
///     fn successors(&self, (): &mut (), n: usize, emit: impl FnMut(usize)) {
///         [n + 1, 2 * n].into_iter().filter(|&m| m < 1000).for_each(emit);
///     }
/// }
/// let search = DistributedLayers::new().stop_at(|n| n == 100).with_path();
/// let counts = search.run(&Cluster::new(2, 1, 0, None)?, Arc::new(Doubling), 1)?.unwrap();
/// assert_eq!((counts.goal, counts.depth), (Some(100), 8));
/// assert_eq!(counts.path, Some(vec![1, 2, 3, 6, 12, 24, 25, 50, 100]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Default)]
pub struct DistributedLayers {
    settings: Settings,
}

impl fmt::Debug for DistributedLayers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DistributedLayers")
            .field("stop_at_goal", &self.settings.goal.is_some())
            .field("path", &self.settings.path)
            .finish_non_exhaustive()
    }
}

impl DistributedLayers {
    /// A count of the whole space.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Stops after the first layer that holds a state for which `goal` is true, and
    /// reports its least such index in [`DistributedCounts::goal`].
    #[must_use]
    pub fn stop_at(mut self, goal: impl Fn(usize) -> bool + Send + Sync + 'static) -> Self {
        self.settings.goal = Some(Arc::new(goal));
        self
    }

    /// With [`DistributedLayers::stop_at`], also finds a shortest path to the goal (see
    /// the [module docs](self) for its cost).
    #[must_use]
    pub fn with_path(mut self) -> Self {
        self.settings.path = true;
        self
    }

    /// Calls `report` on process 0 at the end of each layer.
    #[must_use]
    pub fn on_layer(mut self, report: impl Fn(&LayerReport) + Send + Sync + 'static) -> Self {
        self.settings.on_layer = Some(Arc::new(report));
        self
    }

    /// Sends this process's log lines (connections, memory, failures) to `log`.
    #[must_use]
    pub fn log(mut self, log: impl Fn(&str) + Send + Sync + 'static) -> Self {
        self.settings.log = Some(Arc::new(log));
        self
    }

    /// Counts the layers of `space` from `start` on this process's workers, together with
    /// the other processes of `cluster` (each started with its own `-p`). Returns the
    /// counts on process 0 and `None` on the others.
    ///
    /// # Errors
    ///
    /// [`DistributedError::Cluster`] when the processes cannot connect,
    /// [`DistributedError::StartOutOfRange`], [`DistributedError::Capacity`] when a worker's
    /// share cannot be allocated (every process then stops), and
    /// [`DistributedError::Worker`] when a worker fails while running, as when another
    /// process dies.
    pub fn run<S>(
        &self,
        cluster: &Cluster,
        space: Arc<S>,
        start: usize,
    ) -> Result<Option<DistributedCounts>, DistributedError>
    where
        S: IndexSpace + Send + Sync + 'static,
    {
        let bound = space.bound();
        if start >= bound {
            return Err(DistributedError::StartOutOfRange { start, bound });
        }
        let log = self
            .settings
            .log
            .clone()
            .unwrap_or_else(|| Arc::new(|_: &str| {}));
        let fault = sealed::Fault::default();
        let (builders, guard) = communication(cluster, &*log, &fault)?;
        let settings = self.settings.clone();
        let (threads, key) = (cluster.threads(), cluster.layer_key());
        let began = Instant::now();
        // Timely reports a broken connection by panicking in its network threads and
        // then in the workers that read from them: keep the first message, and turn the
        // panics into an error once every thread has stopped.
        let first_panic: Arc<Mutex<Option<String>>> = Arc::default();
        let record = Arc::clone(&first_panic);
        let guards = timely::execute::execute_from(
            builders,
            guard,
            timely::WorkerConfig::default(),
            move |worker| {
                let body = AssertUnwindSafe(|| {
                    work(worker, &space, start, &settings, (threads, key), began)
                });
                std::panic::catch_unwind(body).unwrap_or_else(|payload| {
                    let mut first = record.lock().unwrap_or_else(PoisonError::into_inner);
                    first.get_or_insert_with(|| panic_message(&*payload));
                    drop(first);
                    std::panic::resume_unwind(payload)
                })
            },
        )
        .map_err(DistributedError::Timely)?;
        let joined = std::panic::catch_unwind(AssertUnwindSafe(move || guards.join()));
        let lost = || {
            let fault = fault.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some((process, reason)) = fault.clone() {
                return DistributedError::Connection { process, reason };
            }
            let first = first_panic.lock().unwrap_or_else(PoisonError::into_inner);
            DistributedError::Worker(
                first
                    .clone()
                    .unwrap_or_else(|| "a connection to another process broke".to_owned()),
            )
        };
        let mut counts = None;
        let mut failure = None;
        for result in joined.map_err(|_| lost())? {
            match result {
                Ok(Ok(Some(found))) => counts = Some(found),
                Ok(Ok(None)) => {}
                Ok(Err(error)) => failure = Some(error),
                Err(_) => failure = failure.or_else(|| Some(lost())),
            }
        }
        failure.map_or(Ok(counts), Err)
    }
}

/// One worker's part: the search, then the path if one is wanted; the counts on worker 0.
fn work<S>(
    worker: &mut timely::worker::Worker,
    space: &Arc<S>,
    start: usize,
    settings: &Settings,
    threads_and_key: (usize, u64),
    began: Instant,
) -> Result<Option<DistributedCounts>, DistributedError>
where
    S: IndexSpace + Send + Sync + 'static,
{
    let at = (threads_and_key, began);
    let finish = if settings.path {
        bfs::search::<S, (u64, u64)>(worker, space, start as u64, settings, at.0, at.1)
    } else {
        bfs::search::<S, u64>(worker, space, start as u64, settings, at.0, at.1)
    };
    if let Some(error) = finish.failed {
        return Err(DistributedError::Capacity(error));
    }
    if let Some(depth) = finish.corrupt {
        return Err(DistributedError::Corrupted {
            depth: depth as usize,
        });
    }
    let path = match finish.goal {
        Some((_, goal)) if settings.path => Some(trace::trace(worker, finish.parents, goal)),
        _ => None,
    };
    Ok((worker.index() == 0).then(|| counts(finish.reports, finish.goal, path)))
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a worker panicked".to_owned())
}

/// Timely's channels between this process's workers and the other processes'.
fn communication(
    cluster: &Cluster,
    log: &dyn Fn(&str),
    fault: &sealed::Fault,
) -> Result<
    (
        Vec<timely::communication::AllocatorBuilder>,
        Box<dyn std::any::Any + Send>,
    ),
    DistributedError,
> {
    use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
    use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
    if cluster.processes() == 1 {
        return timely::CommunicationConfig::Process(cluster.threads())
            .try_build()
            .map_err(DistributedError::Timely);
    }
    let sockets = cluster.connect(log, fault)?;
    let hooks = timely::communication::Hooks::default();
    let local = ProcessBuilder::new_typed_vector(
        cluster.threads(),
        hooks.refill.clone(),
        hooks.spill.clone(),
    );
    let (builders, guard) = initialize_networking_from_sockets(
        local,
        sockets,
        cluster.process(),
        cluster.threads(),
        hooks,
    )
    .map_err(|e| DistributedError::Timely(e.to_string()))?;
    Ok((
        builders.into_iter().map(AllocatorBuilder::Tcp).collect(),
        Box::new(guard),
    ))
}

/// The counts from the layers' reports.
fn counts(
    reports: Vec<LayerReport>,
    goal: Option<(u32, u64)>,
    path: Option<Vec<u64>>,
) -> DistributedCounts {
    let layers: Vec<u64> = reports.iter().map(|r| r.count).collect();
    #[expect(
        clippy::cast_possible_truncation,
        reason = "indices are below the bound, a usize"
    )]
    DistributedCounts {
        depth: layers.len().saturating_sub(1),
        total: layers.iter().sum(),
        layers,
        goal: goal.map(|(_, index)| index as usize),
        path: path.map(|path| path.into_iter().map(|i| i as usize).collect()),
        reports,
    }
}
