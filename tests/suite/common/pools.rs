//! The rayon pools the parallel tests run on: 1 thread, 2 (this machine's cores) and 8
//! (more threads than cores, which flushes out races), each built once.

use std::io::Write;
use std::sync::OnceLock;
use std::time::Duration;

use rayon::{ThreadPool, ThreadPoolBuilder};

/// The thread counts every property is checked with.
pub const THREADS: [usize; 3] = [1, 2, 8];

/// The longest a test binary may run once it has asked for a pool: a parallel search that
/// never ends (a lost wake-up, a termination that is never detected) then fails the run
/// with a message instead of hanging it. These binaries take seconds.
const WATCHDOG: Duration = Duration::from_mins(15);

/// The pool of `threads` threads, one of [`THREADS`]. The first call starts the
/// [`WATCHDOG`].
pub fn pool(threads: usize) -> &'static ThreadPool {
    static POOLS: OnceLock<Vec<ThreadPool>> = OnceLock::new();
    let pools = POOLS.get_or_init(|| {
        std::thread::spawn(|| {
            std::thread::sleep(WATCHDOG);
            // Straight to the process's stderr: `eprintln!` in a thread spawned by a test
            // goes to that test's captured output, which `exit` never prints.
            let message = format!("still running after {WATCHDOG:?}: a parallel search hangs");
            let _ = writeln!(std::io::stderr(), "{message}");
            std::process::exit(101);
        });
        THREADS
            .iter()
            .map(|&n| ThreadPoolBuilder::new().num_threads(n).build().unwrap())
            .collect()
    });
    &pools[THREADS.iter().position(|&n| n == threads).unwrap()]
}
