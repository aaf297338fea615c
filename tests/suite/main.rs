//! The integration tests, one module per engine, strategy and domain, built as one test
//! binary: the crate's generic code is compiled and linked once for all of them, not
//! once per file. `cargo test --test suite MODULE::` runs one module (`limits::`,
//! `npuzzle::`, ...).
//!
//! `common/` holds the independent oracles (brute-force searches, replays, Bellman–Ford)
//! the modules check the engines against.

#![expect(
    clippy::duplicate_mod,
    reason = "the key-door and pipe-maze programs' cores each include the examples' cli.rs"
)]

mod common;

mod agreement;
mod anytime;
mod astar;
mod bae;
mod bench;
mod bfs;
mod bidirectional;
mod cli;
mod dfbnb;
mod dijkstra;
#[cfg(all(feature = "distributed", feature = "domains"))]
mod distributed;
mod docs;
mod hda;
mod huarong;
mod idastar;
mod in_place;
mod incremental;
mod indexer_contract;
mod keydoor;
mod klotski;
mod layers;
mod limits;
mod movingai;
mod nbs;
mod necessary;
mod npuzzle;
mod out_of_memory;
mod palamaze;
mod pancake;
mod par_bfs;
mod par_idastar;
mod paths;
mod pdb_cache;
mod queues;
mod spfa;
mod stepper;
mod stores;
mod strategies;
mod suboptimal;
mod ties;
