//! The rayon pools the parallel tests run on: 1 thread, 2 (this machine's cores) and 8
//! (more threads than cores, which flushes out races), each built once.

use std::sync::OnceLock;

use rayon::{ThreadPool, ThreadPoolBuilder};

/// The thread counts every property is checked with.
pub const THREADS: [usize; 3] = [1, 2, 8];

/// The pool of `threads` threads, one of [`THREADS`].
pub fn pool(threads: usize) -> &'static ThreadPool {
    static POOLS: OnceLock<Vec<ThreadPool>> = OnceLock::new();
    let pools = POOLS.get_or_init(|| {
        THREADS
            .iter()
            .map(|&n| ThreadPoolBuilder::new().num_threads(n).build().unwrap())
            .collect()
    });
    &pools[THREADS.iter().position(|&n| n == threads).unwrap()]
}
