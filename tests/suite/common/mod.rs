//! Independent oracles and helpers shared by the test modules: small, obviously correct
//! searches to compare the engines against.

pub mod graph;
pub mod huarong;
pub mod keydoor;
pub mod klotski;
pub mod movingai;
pub mod npuzzle;
pub mod palamaze;
pub mod pancake;
pub mod paths;
#[cfg(feature = "parallel")]
pub mod pools;
