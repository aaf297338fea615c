//! An independent brute-force oracle for the key-door maze (the rules of the problem statement),
//! written from the rules with a `VecDeque` and a `HashMap`, without the crate: a plain
//! breadth-first search over explicit (row, column, keys) states, and a move-by-move
//! replay of a route.

use std::collections::{HashMap, VecDeque};

/// A maze as its rows of characters (`. X S T A-H a-h`).
pub type Rows = Vec<Vec<u8>>;

fn find(rows: &Rows, wanted: u8) -> (usize, usize) {
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            if ch == wanted {
                return (r, c);
            }
        }
    }
    panic!("the oracle needs a {:?} in the maze", wanted as char);
}

/// The cell after moving from (r, c) by (dr, dc) holding `keys`: `None` when the move
/// leaves the grid or enters a wall or a locked door; else the cell and the keys after.
fn step(
    rows: &Rows,
    (r, c, keys): (usize, usize, u32),
    (dr, dc): (isize, isize),
) -> Option<(usize, usize, u32)> {
    let nr = r.checked_add_signed(dr)?;
    let nc = c.checked_add_signed(dc)?;
    let ch = *rows.get(nr)?.get(nc)?;
    match ch {
        b'X' => None,
        b'A'..=b'H' if keys & 1 << (ch - b'A') == 0 => None,
        b'a'..=b'h' => Some((nr, nc, keys | 1 << (ch - b'a'))),
        _ => Some((nr, nc, keys)),
    }
}

const MOVES: [(u8, isize, isize); 4] = [(b'U', -1, 0), (b'D', 1, 0), (b'L', 0, -1), (b'R', 0, 1)];

/// The least number of moves to reach every (row, column, keys) state from the start.
pub fn distances(rows: &Rows) -> HashMap<(usize, usize, u32), usize> {
    let (sr, sc) = find(rows, b'S');
    let mut dist = HashMap::new();
    dist.insert((sr, sc, 0), 0);
    let mut queue = VecDeque::from([(sr, sc, 0)]);
    while let Some((r, c, keys)) = queue.pop_front() {
        let d = dist[&(r, c, keys)];
        for &(_, dr, dc) in &MOVES {
            if let Some(next) = step(rows, (r, c, keys), (dr, dc))
                && let std::collections::hash_map::Entry::Vacant(slot) = dist.entry(next)
            {
                slot.insert(d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

/// The contest optimum `(keys, moves)`: any route ending in (T, K) collects exactly the
/// keys K, so the optimum is the least `(|K|, distance)` over the target's states.
pub fn fewest_keys(rows: &Rows) -> Option<(u32, usize)> {
    let (tr, tc) = find(rows, b'T');
    distances(rows)
        .into_iter()
        .filter(|&((r, c, _), _)| (r, c) == (tr, tc))
        .map(|((_, _, keys), d)| (keys.count_ones(), d))
        .min()
}

/// The fewest moves to the target, whatever the keys.
pub fn fewest_moves(rows: &Rows) -> Option<usize> {
    let (tr, tc) = find(rows, b'T');
    distances(rows)
        .into_iter()
        .filter(|&((r, c, _), _)| (r, c) == (tr, tc))
        .map(|(_, d)| d)
        .min()
}

/// Plays a move string from the start. `Ok((ends on the target, keys collected))`, or an
/// error naming the first illegal move.
pub fn replay(rows: &Rows, moves: &str) -> Result<(bool, u32), String> {
    let (mut r, mut c) = find(rows, b'S');
    let mut keys = 0;
    for (i, letter) in moves.bytes().enumerate() {
        let &(_, dr, dc) = MOVES
            .iter()
            .find(|m| m.0 == letter)
            .ok_or_else(|| format!("move {i}: {:?} is not a direction", letter as char))?;
        (r, c, keys) =
            step(rows, (r, c, keys), (dr, dc)).ok_or_else(|| format!("move {i} is illegal"))?;
    }
    Ok((rows[r][c] == b'T', keys.count_ones()))
}

/// The maze in the contest text format.
pub fn text(rows: &Rows) -> String {
    let mut out = format!("{} {}\n", rows.len(), rows[0].len());
    for row in rows {
        out.push_str(std::str::from_utf8(row).expect("ASCII rows"));
        out.push('\n');
    }
    out
}
