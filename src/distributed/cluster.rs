//! Where the workers run: threads per process, the processes and their addresses, and
//! the connections between them.

use std::net::{TcpListener, TcpStream, ToSocketAddrs as _};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use core::fmt;

use super::handshake::{self, Failure, Party};
use super::sealed::{Fault, Keys, Sealed};

/// The first port of the default addresses, as timely's own examples use it: process `i`
/// listens on `localhost:2101 + i` when no host file is given.
const DEFAULT_PORT: usize = 2101;

/// The most processes a [`Cluster`] takes: beyond, the default ports would leave the port
/// range, and timely's connections between every pair of processes would not fit.
pub const MAX_PROCESSES: usize = 1024;

/// The most worker threads per process a [`Cluster`] takes: timely keeps a channel between
/// every pair of workers, and 256 threads in one process ran out of 1 GiB of memory.
pub const MAX_THREADS: usize = 64;

/// How a computation is laid out: `threads` workers in each of `processes` processes,
/// this one being process `process`, the processes reachable at `addresses`.
///
/// These are timely dataflow's flags, with its defaults: `-w` threads per process
/// (default 1), `-n` processes (default 1), `-p` this process's index from 0 (default 0),
/// `-h` a host file whose first `-n` lines are the processes' `host:port` addresses in
/// process order (default `localhost:2101`, `localhost:2102`, ...). Every process is
/// started with the same `-w`, `-n` and host file and its own `-p`; worker `w` of process
/// `p` is worker `p * threads + w` of the computation.
///
/// # Examples
///
/// ```
/// use state_search::distributed::{Cluster, ClusterError};
///
/// let two_threads = Cluster::new(2, 1, 0, None)?;
/// assert_eq!(two_threads.workers(), 2);
/// let second_of_three = Cluster::new(4, 3, 1, None)?;
/// assert_eq!(second_of_three.addresses()[1], "localhost:2102");
/// assert_eq!(second_of_three.workers(), 12);
/// // Process 3 of 3 does not exist.
/// assert!(matches!(
///     Cluster::new(1, 3, 3, None),
///     Err(ClusterError::ProcessOutOfRange { process: 3, processes: 3 })
/// ));
/// # Ok::<(), ClusterError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    threads: usize,
    process: usize,
    addresses: Vec<String>,
    connect_timeout: Duration,
    /// The secret every process of the run holds (`None`: a run of one process only).
    secret: Option<Vec<u8>>,
    /// What every process of the run must agree on, beside the threads, processes and
    /// the crate's version.
    config: Vec<u8>,
}

/// The shortest secret [`Cluster::with_secret`] takes, in bytes.
pub const MIN_SECRET_BYTES: usize = 16;

/// The longest one handshake with a connection may take: a stranger that connects and
/// stays silent delays the run by this much, not by the whole connection timeout.
const HANDSHAKE_LIMIT: Duration = Duration::from_secs(5);

/// A [`Cluster`] that cannot be set up: a bad flag or host file, or a process that could
/// not be reached.
#[derive(Debug)]
#[non_exhaustive]
pub enum ClusterError {
    /// `-w 0` or `-n 0`.
    Zero(&'static str),
    /// More threads ([`MAX_THREADS`]) or processes ([`MAX_PROCESSES`]) than a cluster
    /// takes.
    TooMany {
        /// The flag: `-w (threads per process)` or `-n (processes)`.
        what: &'static str,
        /// The number given.
        given: usize,
        /// The most it takes.
        max: usize,
    },
    /// `-p` is not below `-n`.
    ProcessOutOfRange {
        /// The `-p` given.
        process: usize,
        /// The `-n` given.
        processes: usize,
    },
    /// The host file cannot be read.
    HostFile {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The host file has fewer usable lines than processes.
    TooFewHosts {
        /// The file.
        path: String,
        /// The addresses it holds.
        found: usize,
        /// The `-n` given.
        processes: usize,
    },
    /// Line `line` (from 1) of the host file is not a `host:port` address.
    BadAddress {
        /// The file.
        path: String,
        /// The line, from 1.
        line: usize,
        /// The text of the line.
        text: String,
    },
    /// This process cannot listen on its own address.
    Listen {
        /// The address.
        address: String,
        /// Why.
        source: std::io::Error,
    },
    /// A process was not reached (or did not call) within the connection timeout.
    Unreachable {
        /// The process.
        process: usize,
        /// Its address.
        address: String,
        /// The time waited.
        waited: Duration,
    },
    /// A run of more than one process was not given a secret ([`Cluster::with_secret`]).
    NoSecret,
    /// The secret given is shorter than [`MIN_SECRET_BYTES`].
    WeakSecret {
        /// Its length.
        bytes: usize,
    },
    /// A process that holds the secret was started with another configuration
    /// ([`Cluster::with_config`], the threads per process, the number of processes or
    /// the crate's version).
    Mismatch {
        /// The other process.
        process: usize,
    },
    /// A connection broke, or a peer answered with an unknown or duplicate identity.
    Handshake {
        /// The address or peer.
        peer: String,
        /// What went wrong.
        reason: String,
    },
}

impl fmt::Display for ClusterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClusterError::Zero(flag) => write!(f, "{flag} must be at least 1"),
            ClusterError::NoSecret => f.write_str(
                "a run of several processes needs a shared secret (Cluster::with_secret)",
            ),
            ClusterError::WeakSecret { bytes } => write!(
                f,
                "the shared secret has {bytes} bytes: at least {MIN_SECRET_BYTES}"
            ),
            ClusterError::Mismatch { process } => write!(
                f,
                "process {process} was started for another run: its options, threads per \
                 process, number of processes or version differ from this one's"
            ),
            ClusterError::TooMany { what, given, max } => {
                write!(f, "{what} is {given}: at most {max}")
            }
            ClusterError::ProcessOutOfRange { process, processes } => write!(
                f,
                "process index -p {process} is out of range: -n {processes} processes are numbered 0 to {}",
                processes - 1
            ),
            ClusterError::HostFile { path, source } => {
                write!(f, "cannot read the host file {path}: {source}")
            }
            ClusterError::TooFewHosts {
                path,
                found,
                processes,
            } => write!(
                f,
                "the host file {path} lists {found} address(es) but -n asks for {processes} processes"
            ),
            ClusterError::BadAddress { path, line, text } => write!(
                f,
                "{path}, line {line}: {text:?} is not a host:port address"
            ),
            ClusterError::Listen { address, source } => {
                write!(f, "cannot listen on {address}: {source}")
            }
            ClusterError::Unreachable {
                process,
                address,
                waited,
            } => write!(
                f,
                "process {process} at {address} was not connected after {:.1} s",
                waited.as_secs_f64()
            ),
            ClusterError::Handshake { peer, reason } => {
                write!(f, "connection with {peer} failed: {reason}")
            }
        }
    }
}

impl std::error::Error for ClusterError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ClusterError::HostFile { source, .. } | ClusterError::Listen { source, .. } => {
                Some(source)
            }
            _ => None,
        }
    }
}

impl Cluster {
    /// The layout given by timely's flags: `threads` (`-w`) workers per process,
    /// `processes` (`-n`), this process's index `process` (`-p`) and the host file (`-h`).
    ///
    /// # Errors
    ///
    /// [`ClusterError::Zero`] for no threads or processes, [`ClusterError::TooMany`] for
    /// more than [`MAX_THREADS`] threads or [`MAX_PROCESSES`] processes,
    /// [`ClusterError::ProcessOutOfRange`] when `process >= processes`, and the host file's
    /// errors ([`ClusterError::HostFile`], [`ClusterError::TooFewHosts`],
    /// [`ClusterError::BadAddress`]). Only the first `processes` lines are read; blank
    /// lines and lines starting with `#` are skipped.
    pub fn new(
        threads: usize,
        processes: usize,
        process: usize,
        host_file: Option<&Path>,
    ) -> Result<Self, ClusterError> {
        if threads == 0 {
            return Err(ClusterError::Zero("-w (threads per process)"));
        }
        if processes == 0 {
            return Err(ClusterError::Zero("-n (processes)"));
        }
        let too_many = |what, given, max| ClusterError::TooMany { what, given, max };
        if threads > MAX_THREADS {
            return Err(too_many("-w (threads per process)", threads, MAX_THREADS));
        }
        if processes > MAX_PROCESSES {
            return Err(too_many("-n (processes)", processes, MAX_PROCESSES));
        }
        if process >= processes {
            return Err(ClusterError::ProcessOutOfRange { process, processes });
        }
        let addresses = match host_file {
            None => (0..processes)
                .map(|i| format!("localhost:{}", DEFAULT_PORT + i))
                .collect(),
            Some(path) => read_hosts(path, processes)?,
        };
        Ok(Self {
            threads,
            process,
            addresses,
            connect_timeout: Duration::from_mins(1),
            secret: None,
            config: Vec::new(),
        })
    }

    /// The secret every process of the run holds: each connection between two processes
    /// opens with a challenge and response on it (HMAC-SHA-256 over fresh random nonces),
    /// so that a process that does not hold it is refused and the run waits on for the
    /// real one. A run of more than one process needs one.
    ///
    /// # Errors
    ///
    /// [`ClusterError::WeakSecret`] for a secret shorter than [`MIN_SECRET_BYTES`].
    pub fn with_secret(mut self, secret: impl Into<Vec<u8>>) -> Result<Self, ClusterError> {
        let secret = secret.into();
        if secret.len() < MIN_SECRET_BYTES {
            return Err(ClusterError::WeakSecret {
                bytes: secret.len(),
            });
        }
        self.secret = Some(secret);
        Ok(self)
    }

    /// What every process must have been started with (the problem, its start and goal,
    /// ...), as bytes: each handshake compares a digest of it, with the threads per
    /// process, the number of processes and this crate's version, and a difference is
    /// [`ClusterError::Mismatch`] on both sides instead of a run that hangs or answers
    /// wrong.
    #[must_use]
    pub fn with_config(mut self, config: impl Into<Vec<u8>>) -> Self {
        self.config = config.into();
        self
    }

    /// How long to wait for the other processes to start and connect (default 60 s), and,
    /// once running, for the next frame from a connected process (each side sends a
    /// heartbeat after a quarter of this much silence). After it,
    /// [`ClusterError::Unreachable`] names the first process missing, or the run stops
    /// with [`DistributedError::Connection`](super::DistributedError::Connection).
    #[must_use]
    pub fn with_connect_timeout(mut self, timeout: Duration) -> Self {
        self.connect_timeout = timeout;
        self
    }

    /// The key of the run's per-layer check sums.
    pub(crate) fn layer_key(&self) -> u64 {
        handshake::layer_key(self.secret.as_deref())
    }

    /// Worker threads in each process.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The number of processes.
    #[must_use]
    pub fn processes(&self) -> usize {
        self.addresses.len()
    }

    /// This process's index.
    #[must_use]
    pub fn process(&self) -> usize {
        self.process
    }

    /// The processes' addresses, in process order.
    #[must_use]
    pub fn addresses(&self) -> &[String] {
        &self.addresses
    }

    /// Workers in the whole computation.
    #[must_use]
    pub fn workers(&self) -> usize {
        self.threads * self.processes()
    }

    /// Connects this process to every other one: it listens on its own address, accepts
    /// the processes after it and calls the ones before it (retrying until they listen),
    /// each connection opening with the handshake and then sealed (its frames
    /// authenticated, a silent peer an error after the connection timeout), the first
    /// fault of any connection kept in `fault`. One connection per pair, in process order,
    /// `None` at this process's own place: what timely's networking takes.
    ///
    /// Timely can make these connections itself, but it reports its waiting on standard
    /// output and waits forever for a process that never starts; this does neither.
    pub(crate) fn connect(
        &self,
        log: &dyn Fn(&str),
        fault: &Fault,
    ) -> Result<Vec<Option<Sealed>>, ClusterError> {
        let me = self.process;
        let deadline = Instant::now() + self.connect_timeout;
        let seal = |stream: TcpStream, keys: &Keys, peer: usize, at: &str| {
            Sealed::new(stream, keys, peer, self.connect_timeout, Arc::clone(fault))
                .map_err(|e| handshake(at, &e.to_string()))
        };
        let mut sockets: Vec<Option<Sealed>> = (0..self.processes()).map(|_| None).collect();
        if self.processes() == 1 {
            return Ok(sockets);
        }
        let secret = self.secret.as_deref().ok_or(ClusterError::NoSecret)?;
        let party = Party {
            secret,
            me,
            processes: self.processes(),
            config: handshake::digest(&[
                env!("CARGO_PKG_VERSION").as_bytes(),
                &(self.threads as u64).to_le_bytes(),
                &(self.processes() as u64).to_le_bytes(),
                &self.config,
            ]),
        };
        let own = &self.addresses[me];
        let listener = TcpListener::bind(own.as_str()).map_err(|source| ClusterError::Listen {
            address: own.clone(),
            source,
        })?;
        listener
            .set_nonblocking(true)
            .map_err(|e| handshake(own, &e.to_string()))?;
        let unreachable = |process: usize| ClusterError::Unreachable {
            process,
            address: self.addresses[process].clone(),
            waited: self.connect_timeout,
        };
        for (peer, address) in self.addresses.iter().enumerate().take(me) {
            let (stream, keys) = loop {
                let mut stream = call(address, deadline).ok_or_else(|| unreachable(peer))?;
                let within = deadline.min(Instant::now() + HANDSHAKE_LIMIT);
                match party.call(&mut stream, peer, within) {
                    Ok(keys) => break (stream, keys),
                    Err(Failure::Mismatch { peer }) => {
                        return Err(ClusterError::Mismatch { process: peer });
                    }
                    Err(Failure::Stranger(why) | Failure::Io(why)) => {
                        log(&format!(
                            "process {peer} at {address}: {why}; calling again"
                        ));
                        std::thread::sleep(Duration::from_millis(50));
                    }
                }
            };
            sockets[peer] = Some(seal(stream, &keys, peer, address)?);
            log(&format!("connected to process {peer} at {address}"));
        }
        let mut missing = self.processes() - me - 1;
        while missing > 0 {
            match listener.accept() {
                Ok((mut stream, from)) => {
                    let from = from.to_string();
                    if let Err(e) = stream.set_nonblocking(false) {
                        log(&format!("a connection from {from} failed: {e}"));
                        continue;
                    }
                    let within = deadline.min(Instant::now() + HANDSHAKE_LIMIT);
                    match party.accept(&mut stream, within) {
                        Ok((peer, keys)) if sockets[peer].is_none() => {
                            sockets[peer] = Some(seal(stream, &keys, peer, &from)?);
                            log(&format!("process {peer} connected from {from}"));
                            missing -= 1;
                        }
                        Ok((peer, _)) => log(&format!(
                            "refused a second connection of process {peer}, from {from}"
                        )),
                        Err(Failure::Mismatch { peer }) => {
                            return Err(ClusterError::Mismatch { process: peer });
                        }
                        Err(Failure::Stranger(why) | Failure::Io(why)) => {
                            log(&format!("refused a connection from {from}: {why}"));
                        }
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if Instant::now() >= deadline {
                        let peer = (me + 1..self.processes())
                            .find(|&p| sockets[p].is_none())
                            .unwrap_or(me);
                        return Err(unreachable(peer));
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(e) => return Err(handshake(own, &e.to_string())),
            }
        }
        Ok(sockets)
    }
}

/// Calls `address` until it answers or the deadline passes.
fn call(address: &str, deadline: Instant) -> Option<TcpStream> {
    loop {
        let now = Instant::now();
        let left = deadline.checked_duration_since(now)?;
        let resolved = address.to_socket_addrs().ok().into_iter().flatten();
        for socket in resolved {
            if let Ok(stream) =
                TcpStream::connect_timeout(&socket, left.min(Duration::from_secs(1)))
                && stream.set_nodelay(true).is_ok()
            {
                return Some(stream);
            }
        }
        std::thread::sleep(Duration::from_millis(50).min(left));
    }
}

fn handshake(peer: &str, reason: &str) -> ClusterError {
    ClusterError::Handshake {
        peer: peer.to_owned(),
        reason: reason.to_owned(),
    }
}

/// The first `processes` addresses of a host file.
fn read_hosts(path: &Path, processes: usize) -> Result<Vec<String>, ClusterError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| ClusterError::HostFile {
        path: name.clone(),
        source,
    })?;
    let mut addresses = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if addresses.len() == processes {
            break;
        }
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let port = line.rsplit_once(':').map(|(_, port)| port.parse::<u16>());
        if !matches!(port, Some(Ok(_))) || line.starts_with(':') {
            return Err(ClusterError::BadAddress {
                path: name,
                line: number + 1,
                text: line.to_owned(),
            });
        }
        addresses.push(line.to_owned());
    }
    if addresses.len() < processes {
        return Err(ClusterError::TooFewHosts {
            path: name,
            found: addresses.len(),
            processes,
        });
    }
    Ok(addresses)
}
