//! Independent oracles for the sliding-tile puzzles, written without the crate: breadth-first
//! distances over boards as plain vectors, solvability by the textbook inversion rule,
//! replaying move letters, and a 0-1 BFS over pattern placements with the blank.

use std::collections::{HashMap, VecDeque};

/// The cells next to `cell` on a `rows x cols` board.
fn neighbours(rows: usize, cols: usize, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / cols, cell % cols);
    let mut out = Vec::new();
    if r > 0 {
        out.push(cell - cols);
    }
    if r + 1 < rows {
        out.push(cell + cols);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < cols {
        out.push(cell + 1);
    }
    out
}

/// The number of moves from every board that can reach `goal` (breadth-first from the goal;
/// moves are reversible).
pub fn distances(rows: usize, cols: usize, goal: &[u8]) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    let mut queue = VecDeque::new();
    dist.insert(goal.to_vec(), 0);
    queue.push_back(goal.to_vec());
    while let Some(board) = queue.pop_front() {
        let d = dist[&board];
        let blank = board.iter().position(|&t| t == 0).unwrap();
        for next_cell in neighbours(rows, cols, blank) {
            let mut next = board.clone();
            next.swap(blank, next_cell);
            if !dist.contains_key(&next) {
                dist.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

/// The board after the blank moves by the letters of `moves`; `None` if a letter is not
/// `U`, `D`, `L`, `R` or a move leaves the board.
pub fn replay(rows: usize, cols: usize, board: &[u8], moves: &str) -> Option<Vec<u8>> {
    let mut board = board.to_vec();
    for letter in moves.chars() {
        let blank = board.iter().position(|&t| t == 0)?;
        let (r, c) = (blank / cols, blank % cols);
        let target = match letter {
            'U' if r > 0 => blank - cols,
            'D' if r + 1 < rows => blank + cols,
            'L' if c > 0 => blank - 1,
            'R' if c + 1 < cols => blank + 1,
            _ => return None,
        };
        board.swap(blank, target);
    }
    Some(board)
}

/// The inversions of the tiles (blank left out) in reading order, each tile named by its
/// index in the goal's reading order.
fn inversions(board: &[u8], goal: &[u8]) -> usize {
    let order: HashMap<u8, usize> = goal
        .iter()
        .filter(|&&t| t != 0)
        .enumerate()
        .map(|(i, &t)| (t, i))
        .collect();
    let seq: Vec<usize> = board
        .iter()
        .filter(|&&t| t != 0)
        .map(|t| order[t])
        .collect();
    let mut count = 0;
    for i in 0..seq.len() {
        for j in i + 1..seq.len() {
            if seq[i] > seq[j] {
                count += 1;
            }
        }
    }
    count
}

/// The textbook rule for boards of at least two rows and columns: with an odd width the
/// inversion parity never changes; with an even width a vertical move changes it, so the
/// parity of inversions plus the blank's row is what stays.
pub fn solvable_by_inversions(cols: usize, board: &[u8], goal: &[u8]) -> bool {
    let row = |b: &[u8]| b.iter().position(|&t| t == 0).unwrap() / cols;
    if cols % 2 == 1 {
        inversions(board, goal) % 2 == inversions(goal, goal) % 2
    } else {
        (inversions(board, goal) + row(board)) % 2 == (inversions(goal, goal) + row(goal)) % 2
    }
}

/// The fewest moves of the tiles `pattern` (the other tiles are indistinguishable and move
/// for free) from each placement to their cells in `goal`: a 0-1 BFS over (placement, blank)
/// states, the least over the blank's cells. Keys are the pattern tiles' cells, in pattern
/// order.
pub fn pattern_distances(
    rows: usize,
    cols: usize,
    goal: &[u8],
    pattern: &[u8],
) -> HashMap<Vec<u8>, u32> {
    let cell_of = |tile: u8| u8::try_from(goal.iter().position(|&t| t == tile).unwrap()).unwrap();
    let start: (Vec<u8>, u8) = (pattern.iter().map(|&t| cell_of(t)).collect(), cell_of(0));
    let mut dist: HashMap<(Vec<u8>, u8), u32> = HashMap::new();
    let mut deque = VecDeque::new();
    dist.insert(start.clone(), 0);
    deque.push_back((start, 0));
    while let Some(((cells, blank), d)) = deque.pop_front() {
        if dist[&(cells.clone(), blank)] < d {
            continue;
        }
        for next in neighbours(rows, cols, usize::from(blank)) {
            let next = u8::try_from(next).unwrap();
            let mut moved = cells.clone();
            let cost = match cells.iter().position(|&c| c == next) {
                Some(i) => {
                    moved[i] = blank;
                    1
                }
                None => 0,
            };
            let state = (moved, next);
            if dist.get(&state).is_none_or(|&old| d + cost < old) {
                dist.insert(state.clone(), d + cost);
                if cost == 0 {
                    deque.push_front((state, d));
                } else {
                    deque.push_back((state, d + 1));
                }
            }
        }
    }
    let mut best: HashMap<Vec<u8>, u32> = HashMap::new();
    for ((cells, _), d) in dist {
        let entry = best.entry(cells).or_insert(u32::MAX);
        *entry = (*entry).min(d);
    }
    best
}
