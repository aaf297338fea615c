//! An independent brute force for Huarong Road: BFS over (blank, piece) pairs with a
//! `VecDeque` and a flat distance array, written without the crate's engines or types.

use std::collections::VecDeque;

/// The least number of moves that brings the piece at `piece` to `target` with the blank at
/// `blank`, or `None`. `movable[r][c]` says whether a cell is movable; cells are
/// `(row, col)`, 0-based. The query must be valid (all three cells movable, blank apart from
/// the piece).
pub fn least_moves(
    movable: &[Vec<bool>],
    blank: (usize, usize),
    piece: (usize, usize),
    target: (usize, usize),
) -> Option<u32> {
    let rows = movable.len();
    let cols = movable[0].len();
    let cells = rows * cols;
    let id = |(r, c): (usize, usize)| r * cols + c;
    if piece == target {
        return Some(0);
    }
    let mut dist = vec![u32::MAX; cells * cells];
    let mut queue = VecDeque::new();
    let start = id(blank) * cells + id(piece);
    dist[start] = 0;
    queue.push_back((blank, piece));
    while let Some((b, p)) = queue.pop_front() {
        let d = dist[id(b) * cells + id(p)];
        let mut next = Vec::new();
        if b.0 > 0 {
            next.push((b.0 - 1, b.1));
        }
        if b.0 + 1 < rows {
            next.push((b.0 + 1, b.1));
        }
        if b.1 > 0 {
            next.push((b.0, b.1 - 1));
        }
        if b.1 + 1 < cols {
            next.push((b.0, b.1 + 1));
        }
        for n in next {
            if !movable[n.0][n.1] {
                continue;
            }
            let (nb, np) = if n == p { (n, b) } else { (n, p) };
            let slot = id(nb) * cells + id(np);
            if dist[slot] == u32::MAX {
                dist[slot] = d + 1;
                if np == target {
                    return Some(d + 1);
                }
                queue.push_back((nb, np));
            }
        }
    }
    None
}
