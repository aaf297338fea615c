//! An independent oracle for Moving AI grid maps, written from the benchmark's rules
//! without the crate: the map as rows of characters, an explicitly built graph of
//! 8-connected (or 4-connected) moves with `f64` costs, and a plain Dijkstra over it.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A map as its rows of characters (`. G S T W @ O`).
pub type Rows = Vec<Vec<u8>>;

/// The terrain class of a character: `None` when impassable.
pub fn class(ch: u8) -> Option<u8> {
    match ch {
        b'.' | b'G' | b'S' => Some(0),
        b'T' => Some(1),
        b'W' => Some(2),
        b'@' | b'O' => None,
        other => panic!("not a map character: {:?}", other as char),
    }
}

/// The edges of the graph: for each cell `r * width + c`, its neighbours and step costs.
pub struct Graph {
    pub width: usize,
    pub edges: Vec<Vec<(usize, f64)>>,
}

/// The cost of the move from `(r, c)` by `(dr, dc)` on `rows` (one of the eight moves),
/// or `None` when it is not allowed: both ends of one class, and for a diagonal move
/// (allowed only with `diagonals`) both cells it passes by of that class too.
pub fn step_cost(
    rows: &Rows,
    (r, c): (usize, usize),
    (dr, dc): (isize, isize),
    diagonals: bool,
) -> Option<f64> {
    let at = |dr: isize, dc: isize| -> Option<u8> {
        let r = r.checked_add_signed(dr)?;
        let c = c.checked_add_signed(dc)?;
        class(*rows.get(r)?.get(c)?)
    };
    let k = at(0, 0)?;
    if at(dr, dc) != Some(k) {
        return None;
    }
    match (dr, dc) {
        (-1 | 1, 0) | (0, -1 | 1) => Some(1.0),
        (-1 | 1, -1 | 1) if diagonals && at(dr, 0) == Some(k) && at(0, dc) == Some(k) => {
            Some(std::f64::consts::SQRT_2)
        }
        _ => None,
    }
}

/// The graph of the moves on `rows`: every allowed [`step_cost`] move.
pub fn graph(rows: &Rows, diagonals: bool) -> Graph {
    let (height, width) = (rows.len(), rows[0].len());
    let mut edges = vec![Vec::new(); height * width];
    for r in 0..height {
        for c in 0..width {
            for dr in -1..=1_isize {
                for dc in -1..=1_isize {
                    if let Some(cost) = step_cost(rows, (r, c), (dr, dc), diagonals) {
                        let to = r.wrapping_add_signed(dr) * width + c.wrapping_add_signed(dc);
                        edges[r * width + c].push((to, cost));
                    }
                }
            }
        }
    }
    Graph { width, edges }
}

struct Entry(f64, usize);

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

/// The least cost from `start` to `goal` (cells as (row, col)), or `None` when the goal
/// cannot be reached.
pub fn distance(graph: &Graph, start: (usize, usize), goal: (usize, usize)) -> Option<f64> {
    let (start, goal) = (
        start.0 * graph.width + start.1,
        goal.0 * graph.width + goal.1,
    );
    let mut best = vec![f64::INFINITY; graph.edges.len()];
    let mut heap = BinaryHeap::new();
    best[start] = 0.0;
    heap.push(Entry(0.0, start));
    while let Some(Entry(d, v)) = heap.pop() {
        if v == goal {
            return Some(d);
        }
        if d > best[v] {
            continue;
        }
        for &(w, c) in &graph.edges[v] {
            if d + c < best[w] {
                best[w] = d + c;
                heap.push(Entry(d + c, w));
            }
        }
    }
    None
}
