//! The pancake puzzle as a user writes it: the space, the gap heuristic, a rank indexer.

use state_search::{StateIndexer, StateSpace};

#[derive(Clone, Copy)]
pub struct Pancakes<const N: usize>;

impl<const N: usize> StateSpace for Pancakes<N> {
    type State = [u8; N];
    type Cost = u32;
    fn successors(&self, s: &[u8; N], mut emit: impl FnMut([u8; N], u32)) {
        for k in 2..=N {
            let mut t = *s;
            t[..k].reverse();
            emit(t, 1);
        }
    }
    fn uniform_cost(&self) -> Option<u32> {
        Some(1)
    }
}

impl<const N: usize> state_search::ReversibleSpace for Pancakes<N> {
    fn predecessors(&self, s: &[u8; N], emit: impl FnMut([u8; N], u32)) {
        // A flip is its own inverse.
        self.successors(s, emit);
    }
}

/// The gap heuristic: adjacent pancakes that are not neighbours in size (the plate is N).
pub fn gap<const N: usize>(s: &[u8; N]) -> u32 {
    let mut gaps = 0;
    for i in 0..N {
        let next = if i + 1 < N { s[i + 1] } else { N as u8 };
        if s[i].abs_diff(next) != 1 {
            gaps += 1;
        }
    }
    gaps
}

/// The Lehmer rank of a permutation of 0..N; `bound` may be larger than N!.
#[derive(Clone, Copy)]
pub struct Rank<const N: usize> {
    pub bound: usize,
}

impl<const N: usize> StateIndexer<[u8; N]> for Rank<N> {
    fn bound(&self) -> usize {
        self.bound
    }
    fn index(&self, s: &[u8; N]) -> usize {
        let mut rank = 0;
        for i in 0..N {
            let smaller = s[i + 1..].iter().filter(|&&x| x < s[i]).count();
            rank = rank * (N - i) + smaller;
        }
        rank
    }
    fn state(&self, mut rank: usize) -> [u8; N] {
        let mut digits = [0usize; N];
        for i in (0..N).rev() {
            digits[i] = rank % (N - i);
            rank /= N - i;
        }
        let mut left: Vec<u8> = (0..N as u8).collect();
        let mut s = [0u8; N];
        for i in 0..N {
            s[i] = left.remove(digits[i]);
        }
        s
    }
}

pub fn factorial(n: usize) -> usize {
    (1..=n).product()
}
