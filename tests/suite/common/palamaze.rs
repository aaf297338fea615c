//! An independent brute-force oracle for the pipe-key maze (the rules of the problem statement),
//! written from the rules with a `VecDeque` and a `HashMap`, without the crate: a plain
//! breadth-first search over explicit (row, column, keys) states, and a move-by-move
//! replay of a route.

use std::collections::{HashMap, VecDeque};

/// A maze as its rows of characters (`* + # $ 1-9 A-I a-i`).
pub type Rows = Vec<Vec<u8>>;

/// The contest answer when the fish cannot escape.
pub const NO_ESCAPE: usize = 10_001;

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

/// The cell at (r + dr, c + dc), if it is on the grid, with its position.
fn at(rows: &Rows, r: usize, c: usize, dr: isize, dc: isize) -> Option<(usize, usize, u8)> {
    let r = r.checked_add_signed(dr)?;
    let c = c.checked_add_signed(dc)?;
    Some((r, c, *rows.get(r)?.get(c)?))
}

fn is_pipe(ch: u8) -> bool {
    ch.is_ascii_alphabetic()
}

/// The fish can stand here: not stone, not a pipe.
fn is_water(ch: u8) -> bool {
    ch != b'*' && !is_pipe(ch)
}

/// The keys lying on (r, c) and its four neighbours.
fn keys_around(rows: &Rows, r: usize, c: usize) -> u32 {
    let mut keys = 0;
    for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
        if let Some((_, _, ch @ b'1'..=b'9')) = at(rows, r, c, dr, dc) {
            keys |= 1 << (ch - b'1');
        }
    }
    keys
}

/// The four directions: letter, row and column deltas, whether horizontal.
pub const DIRS: [(u8, isize, isize, bool); 4] = [
    (b'U', -1, 0, false),
    (b'D', 1, 0, false),
    (b'L', 0, -1, true),
    (b'R', 0, 1, true),
];

/// The state after one move (a step when `pass` is false), or `None` when it is illegal.
fn apply(
    rows: &Rows,
    (r, c, keys): (usize, usize, u32),
    dir: usize,
    pass: bool,
) -> Option<(usize, usize, u32)> {
    let (_, dr, dc, horizontal) = DIRS[dir];
    let (_, _, near) = at(rows, r, c, dr, dc)?;
    let (nr, nc, ch) = if pass {
        if !is_pipe(near) {
            return None;
        }
        let colour = near.to_ascii_lowercase() - b'a';
        let along = near.is_ascii_uppercase() == horizontal;
        if !along && keys & 1 << colour == 0 {
            return None;
        }
        at(rows, r, c, 2 * dr, 2 * dc)?
    } else {
        at(rows, r, c, dr, dc)?
    };
    if !is_water(ch) {
        return None;
    }
    Some((nr, nc, keys | keys_around(rows, nr, nc)))
}

/// The contest answer: the least number of moves to the exit, or 10001 when the exit is
/// not reachable within 10000 moves.
pub fn escape(rows: &Rows) -> usize {
    let (sr, sc) = find(rows, b'#');
    let (er, ec) = find(rows, b'$');
    let start = (sr, sc, keys_around(rows, sr, sc));
    let mut dist = HashMap::from([(start, 0usize)]);
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        let d = dist[&state];
        if (state.0, state.1) == (er, ec) {
            return if d <= 10_000 { d } else { NO_ESCAPE };
        }
        for dir in 0..4 {
            for pass in [false, true] {
                if let Some(next) = apply(rows, state, dir, pass)
                    && let std::collections::hash_map::Entry::Vacant(slot) = dist.entry(next)
                {
                    slot.insert(d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    NO_ESCAPE
}

/// Plays moves `(direction letter, pass)` from the start; `Ok(ends on the exit)` or an
/// error naming the first illegal move.
pub fn replay(rows: &Rows, moves: &[(u8, bool)]) -> Result<bool, String> {
    let (sr, sc) = find(rows, b'#');
    let mut state = (sr, sc, keys_around(rows, sr, sc));
    for (i, &(letter, pass)) in moves.iter().enumerate() {
        let dir = DIRS
            .iter()
            .position(|d| d.0 == letter)
            .ok_or_else(|| format!("move {i}: {:?} is not a direction", letter as char))?;
        state = apply(rows, state, dir, pass).ok_or_else(|| format!("move {i} is illegal"))?;
    }
    Ok(rows[state.0][state.1] == b'$')
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
