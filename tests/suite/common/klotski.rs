//! An independent Klotski oracle: BFS over sorted lists of (height, width, row, column)
//! pieces with a `HashMap`, and a replay checker for printed solutions. Written with plain
//! loops and grids of cells, without the crate's engines or its layout encoding.

use std::collections::{HashMap, VecDeque};

/// A piece: height, width, top-left row and column (0-based).
pub type Block = (u32, u32, u32, u32);

/// How moves are counted: 0 = unit step, 1 = straight slide, 2 = any path.
pub type Rule = u8;

/// A labelled move: the piece's label, its top-left cell before and after.
pub type LabelledMove = (char, (u32, u32), (u32, u32));

/// A box: its size and wall cells.
pub struct Frame {
    pub rows: u32,
    pub cols: u32,
    pub walls: Vec<(u32, u32)>,
}

impl Frame {
    fn grid(&self, pieces: &[Block], skip: Option<usize>) -> Vec<Vec<bool>> {
        let mut taken = vec![vec![false; self.cols as usize]; self.rows as usize];
        for &(r, c) in &self.walls {
            taken[r as usize][c as usize] = true;
        }
        for (index, &(height, width, row, col)) in pieces.iter().enumerate() {
            if Some(index) == skip {
                continue;
            }
            for r in row..row + height {
                for c in col..col + width {
                    taken[r as usize][c as usize] = true;
                }
            }
        }
        taken
    }

    /// Whether a piece of `height x width` fits with its top-left cell at (`row`, `col`)
    /// in `taken`.
    fn fits(&self, taken: &[Vec<bool>], height: u32, width: u32, row: i64, col: i64) -> bool {
        let (Ok(row), Ok(col)) = (u32::try_from(row), u32::try_from(col)) else {
            return false;
        };
        if row + height > self.rows || col + width > self.cols {
            return false;
        }
        (row..row + height).all(|r| (col..col + width).all(|c| !taken[r as usize][c as usize]))
    }

    /// The positions piece `i` can reach in one move under `rule`, others held still.
    pub fn destinations(&self, pieces: &[Block], index: usize, rule: Rule) -> Vec<(u32, u32)> {
        let taken = self.grid(pieces, Some(index));
        let (height, width, row, col) = pieces[index];
        let dirs = [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)];
        let cell = |r: i64, c: i64| (u32::try_from(r).unwrap(), u32::try_from(c).unwrap());
        let mut out = Vec::new();
        if rule == 2 {
            let mut seen = vec![(row, col)];
            let mut queue = VecDeque::from([(row, col)]);
            while let Some((r, c)) = queue.pop_front() {
                for (dr, dc) in dirs {
                    let (nr, nc) = (i64::from(r) + dr, i64::from(c) + dc);
                    if self.fits(&taken, height, width, nr, nc) && !seen.contains(&cell(nr, nc)) {
                        seen.push(cell(nr, nc));
                        queue.push_back(cell(nr, nc));
                        out.push(cell(nr, nc));
                    }
                }
            }
            return out;
        }
        for (dr, dc) in dirs {
            let (mut r, mut c) = (i64::from(row), i64::from(col));
            loop {
                r += dr;
                c += dc;
                if !self.fits(&taken, height, width, r, c) {
                    break;
                }
                out.push(cell(r, c));
                if rule == 0 {
                    break;
                }
            }
        }
        out
    }

    /// Fewest moves under `rule` until the goal piece, `start[0]`, has its top-left cell
    /// at `target`, and the number of states reached (all of them when the target is not
    /// reachable or is `None`). The other pieces are interchangeable when of one size; the
    /// goal piece is not interchangeable with any.
    pub fn bfs(
        &self,
        start: &[Block],
        target: Option<(u32, u32)>,
        rule: Rule,
    ) -> (Option<u32>, usize) {
        let canonical = |pieces: &mut Vec<Block>| pieces[1..].sort_unstable();
        let mut key = start.to_vec();
        canonical(&mut key);
        let is_goal = |pieces: &[Block]| target.is_some_and(|t| (pieces[0].2, pieces[0].3) == t);
        if is_goal(&key) {
            return (Some(0), 1);
        }
        let mut dist: HashMap<Vec<Block>, u32> = HashMap::new();
        dist.insert(key.clone(), 0);
        let mut queue = VecDeque::from([key]);
        while let Some(pieces) = queue.pop_front() {
            let depth = dist[&pieces];
            for index in 0..pieces.len() {
                for (row, col) in self.destinations(&pieces, index, rule) {
                    let mut next = pieces.clone();
                    next[index].2 = row;
                    next[index].3 = col;
                    canonical(&mut next);
                    if dist.contains_key(&next) {
                        continue;
                    }
                    if is_goal(&next) {
                        return (Some(depth + 1), dist.len() + 1);
                    }
                    dist.insert(next.clone(), depth + 1);
                    queue.push_back(next);
                }
            }
        }
        (None, dist.len())
    }

    /// Replays labelled moves `(label, from, to)` (0-based cells) from the labelled start
    /// pieces, checking that each names a piece at `from` that can reach `to` in one move
    /// under `rule`. Returns the final pieces, or why a move is illegal.
    pub fn replay(
        &self,
        start: &[(char, Block)],
        moves: &[LabelledMove],
        rule: Rule,
    ) -> Result<Vec<(char, Block)>, String> {
        let mut labels: Vec<char> = start.iter().map(|&(l, _)| l).collect();
        let mut pieces: Vec<Block> = start.iter().map(|&(_, b)| b).collect();
        for (n, &(label, from, to)) in moves.iter().enumerate() {
            let Some(index) = (0..pieces.len())
                .find(|&k| labels[k] == label && (pieces[k].2, pieces[k].3) == from)
            else {
                return Err(format!("move {}: no piece {label:?} at {from:?}", n + 1));
            };
            if !self.destinations(&pieces, index, rule).contains(&to) {
                return Err(format!(
                    "move {}: {label:?} cannot go from {from:?} to {to:?}",
                    n + 1
                ));
            }
            pieces[index].2 = to.0;
            pieces[index].3 = to.1;
            labels[index] = label;
        }
        Ok(labels.into_iter().zip(pieces).collect())
    }
}
