//! An independent oracle for the pancake puzzle, written without the crate's stacks: every
//! permutation of `0..n` as a plain vector, the explicit graph of its flips, and
//! breadth-first distances over it with [`super::graph::bfs_steps`].

use std::collections::HashMap;
use std::sync::OnceLock;

use super::graph::{Graph, bfs_steps};

/// The explicit flip graph of the stacks of `n` pancakes.
pub struct FlipGraph {
    /// Each permutation's node.
    pub ids: HashMap<Vec<u8>, u32>,
    /// The flips: an edge of cost 1 from each stack to each of its `n - 1` flips.
    pub graph: Graph<u32>,
}

impl FlipGraph {
    fn new(n: usize) -> Self {
        let mut stacks = vec![Vec::new()];
        for size in 0..n {
            let size = u8::try_from(size).unwrap();
            stacks = stacks
                .into_iter()
                .flat_map(|s: Vec<u8>| {
                    (0..=s.len()).map(move |at| {
                        let mut t = s.clone();
                        t.insert(at, size);
                        t
                    })
                })
                .collect();
        }
        let ids: HashMap<Vec<u8>, u32> = stacks
            .iter()
            .enumerate()
            .map(|(i, s)| (s.clone(), u32::try_from(i).unwrap()))
            .collect();
        let mut edges = Vec::new();
        for (stack, &from) in &ids {
            for k in 2..=n {
                let mut next = stack.clone();
                next[..k].reverse();
                edges.push((from, ids[&next], 1u32));
            }
        }
        Self {
            ids,
            graph: Graph::new(stacks.len(), &edges).with_unit_costs(1u32),
        }
    }

    /// The least number of flips from `from` to `to` (stacks of this graph's size).
    pub fn distance(&self, from: &[u8], to: &[u8]) -> usize {
        bfs_steps(&self.graph, &[self.ids[from]])[self.ids[to] as usize]
            .expect("every stack reaches every other")
    }

    /// The least number of flips from every stack to `to`, by stack (flips are their own
    /// inverses, so a BFS from `to` gives them).
    pub fn distances_to(&self, to: &[u8]) -> HashMap<Vec<u8>, usize> {
        let steps = bfs_steps(&self.graph, &[self.ids[to]]);
        self.ids
            .iter()
            .map(|(stack, &id)| (stack.clone(), steps[id as usize].unwrap()))
            .collect()
    }
}

/// The flip graph of `n` pancakes, 1 to 7, built once.
pub fn flip_graph(n: usize) -> &'static FlipGraph {
    static GRAPHS: [OnceLock<FlipGraph>; 8] = [const { OnceLock::new() }; 8];
    GRAPHS[n].get_or_init(|| FlipGraph::new(n))
}

/// The gap heuristic by its definition: relabel `stack` by the positions of its sizes in
/// `goal`, put the plate (`n`) under it, and count the neighbours that differ by more than
/// one, skipping the pairs with a label below `ignore`.
pub fn gaps(stack: &[u8], goal: &[u8], ignore: usize) -> u32 {
    let n = stack.len();
    let label = |size: u8| goal.iter().position(|&g| g == size).unwrap();
    let mut labels: Vec<usize> = stack.iter().map(|&s| label(s)).collect();
    labels.push(n);
    let mut count = 0;
    for pair in labels.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if a.abs_diff(b) != 1 && a >= ignore && b >= ignore {
            count += 1;
        }
    }
    count
}

/// `stack` after the flips `flips`; `None` if a flip is not from 2 to `n`.
pub fn replay(stack: &[u8], flips: &[usize]) -> Option<Vec<u8>> {
    let mut stack = stack.to_vec();
    for &k in flips {
        if k < 2 || k > stack.len() {
            return None;
        }
        stack[..k].reverse();
    }
    Some(stack)
}
