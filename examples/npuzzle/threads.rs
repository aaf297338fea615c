//! Where the instances are solved: with the `parallel` feature and more than one thread,
//! on a local rayon pool, several instances at once (each `idastar` instance as
//! `par-idastar`, so that a thread left without an instance helps with another's), the
//! results still printed in input order; else one after the other on the calling thread.

use core::sync::atomic::AtomicBool;
#[cfg(feature = "parallel")]
use core::sync::atomic::Ordering;
use std::sync::Arc;

use state_search::domains::SolveError;
use state_search::domains::sliding::npuzzle::{Board, BoardError, NPuzzle, TileHeuristic};
use state_search::grid::Dir;
use state_search::{Limits, Plan, Search, Strategy, Visitor};

#[cfg(feature = "parallel")]
use super::common;

pub struct Threads {
    #[cfg(feature = "parallel")]
    pool: Option<rayon::ThreadPool>,
}

impl Threads {
    #[cfg_attr(
        not(feature = "parallel"),
        expect(clippy::unnecessary_wraps, reason = "starting threads can fail")
    )]
    pub fn new(threads: usize) -> Result<Self, String> {
        #[cfg(feature = "parallel")]
        {
            let pool = if threads > 1 {
                Some(common::pool(threads)?)
            } else {
                None
            };
            Ok(Self { pool })
        }
        #[cfg(not(feature = "parallel"))]
        {
            debug_assert_eq!(threads, 1, "checked with the arguments");
            Ok(Self {})
        }
    }

    /// `work` applied to each of `items`, on the threads at once when there is a pool.
    #[cfg_attr(
        not(feature = "parallel"),
        expect(clippy::unused_self, reason = "the pool is there with the feature")
    )]
    pub fn map<T: Sync, R: Send>(
        &self,
        items: &[T],
        work: impl Fn(&T) -> R + Send + Sync,
    ) -> Vec<R> {
        #[cfg(feature = "parallel")]
        if let Some(pool) = &self.pool {
            use rayon::prelude::*;
            return pool.install(|| items.par_iter().map(work).collect());
        }
        items.iter().map(work).collect()
    }

    /// Solves `board` with `strategy`: `idastar` as `par-idastar` on the pool when there
    /// is one (the caller is then one of the pool's threads, or `install` moves it there).
    #[cfg_attr(
        not(feature = "parallel"),
        expect(clippy::unused_self, reason = "the pool is there with the feature")
    )]
    pub fn solve<'p, H, V>(
        &self,
        puzzle: &'p NPuzzle,
        board: &Board,
        heuristic: H,
        strategy: Strategy,
        limits: &Limits,
        visitor: &mut V,
    ) -> Result<Search<Plan<Dir, u32>>, SolveError<BoardError>>
    where
        H: TileHeuristic + state_search::Heuristic<Board, u32> + Clone + Send + 'p,
        V: Visitor<state_search::domains::sliding::npuzzle::Slider<'p, H>, u32>
            + Visitor<Board, u32>
            + Send,
    {
        #[cfg(feature = "parallel")]
        if let Some(pool) = &self.pool
            && strategy == Strategy::IdaStar
        {
            let parallel = Strategy::ParIdaStar;
            return pool
                .install(|| puzzle.par_solve_with(board, heuristic, &parallel, limits, visitor));
        }
        puzzle.solve_with(board, heuristic, &strategy, limits, visitor)
    }

    /// Solves instances `0..count` with `solve` and hands each result to `report` in
    /// order, stopping at the first error (`solve`'s or `report`'s) or when `report`
    /// returns `false`. With `at_once` and a pool, the instances run at once, started in
    /// order; `solve` is told through its flag that the results are no longer wanted (its
    /// search should stop soon after; its result is dropped).
    #[cfg_attr(
        not(feature = "parallel"),
        expect(
            clippy::unused_self,
            unused_variables,
            reason = "the pool and its use are there with the feature"
        )
    )]
    pub fn solve_all<T: Send>(
        &self,
        at_once: bool,
        count: usize,
        solve: impl Fn(usize, &Arc<AtomicBool>) -> Result<T, String> + Sync,
        mut report: impl FnMut(usize, T) -> Result<bool, String>,
    ) -> Result<(), String> {
        let cancel = Arc::new(AtomicBool::new(false));
        #[cfg(feature = "parallel")]
        if let Some(pool) = self.pool.as_ref().filter(|_| at_once) {
            let (sender, results) = std::sync::mpsc::channel();
            let (solve, cancel) = (&solve, &cancel);
            return pool.in_place_scope(|scope| {
                for index in 0..count {
                    let sender = sender.clone();
                    scope.spawn(move |_| {
                        if !cancel.load(Ordering::Relaxed) {
                            // The receiver is gone only once the results are unwanted.
                            let _unwanted = sender.send((index, solve(index, cancel)));
                        }
                    });
                }
                drop(sender);
                let outcome = in_order(results, &mut report);
                cancel.store(true, Ordering::Relaxed);
                outcome
            });
        }
        for index in 0..count {
            if !report(index, solve(index, &cancel)?)? {
                break;
            }
        }
        Ok(())
    }
}

/// Hands the results arriving in any order to `report` in index order, from 0 on.
#[cfg(feature = "parallel")]
fn in_order<T>(
    results: std::sync::mpsc::Receiver<(usize, Result<T, String>)>,
    report: &mut impl FnMut(usize, T) -> Result<bool, String>,
) -> Result<(), String> {
    let mut waiting = std::collections::BTreeMap::new();
    let mut next = 0;
    for (index, result) in results {
        waiting.insert(index, result);
        while let Some(result) = waiting.remove(&next) {
            if !report(next, result?)? {
                return Ok(());
            }
            next += 1;
        }
    }
    Ok(())
}
