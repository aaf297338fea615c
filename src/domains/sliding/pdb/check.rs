//! What a loaded table must satisfy before it is used: checks that a damaged or crudely
//! forged cache file fails, cheap enough to run on every load.

use super::PatternDatabase;
use crate::domains::sliding::npuzzle::byte;
use crate::rng::SplitMix64;

/// The placements [`PatternDatabase::passes_checks`] samples.
pub(super) const SAMPLES: usize = 4096;

/// The tables [`PatternDatabase::passes_checks`] builds again to compare, instead of
/// sampling: those of at most this many placements, built in about a millisecond.
const REBUILT_UP_TO: usize = 1 << 16;

/// The value the builder leaves on a placement it never reached.
const UNREACHED: u8 = u8::MAX;

impl PatternDatabase {
    /// Whether the table passes the checks of a table loaded from a file before it is
    /// trusted: [`PatternDatabase::passes_spot_check`]; then a table of at most 65,536
    /// placements is built again and compared, and on a larger one, 4,096 placements drawn at
    /// random (a different draw on every call) properties every built table has. A value
    /// counts the moves of the pattern's tiles, each of which changes their Manhattan
    /// distance to their goal cells by one, so a value is **at least that distance and of
    /// the same parity**. A placement of value `v > 0` has a neighbour (one pattern tile
    /// moved to a next, free cell) of value at most `v - 1`: the one the build reached it
    /// from. And a neighbour whose free cells are all connected (the blank can be anywhere
    /// among them at no cost) has a value of **at least `v - 1`**: the tile can move back.
    /// On a board of at least two rows and two columns every placement is reachable, so no
    /// value may be the builder's "not reached" mark.
    ///
    /// A table whose every value was doubled, saturated, zeroed or shifted (all values,
    /// or all but the smallest) fails. A table of [`Encoding::Deltas`](super::Encoding)
    /// holds no value below the Manhattan distance or of the other parity, whatever its
    /// bytes; one whose deltas were doubled, saturated or shifted fails the same way, and
    /// one whose deltas were all zeroed (the Manhattan distance itself: admissible, only
    /// weaker) fails when the table is small enough to be built again. A table forged to
    /// be wrong on a few placements only, keeping these properties, passes: what keeps
    /// such a table out of a cache is its signature (see
    /// [`PatternDatabase::load_or_build`]).
    ///
    /// # Complexity
    ///
    /// A build of a table of at most 65,536 placements; on a larger one, O(k) lookups at
    /// random places of the table and O(k) flood fills for each of the 4,096 placements
    /// of a k-tile pattern: about 4 ms for a 6-tile database of the 15-puzzle, whose
    /// build takes about a second.
    #[must_use]
    pub fn passes_checks(&self) -> bool {
        if !self.passes_spot_check() {
            return false;
        }
        if self.len() <= REBUILT_UP_TO {
            let (tiles, goals) = (self.tiles.clone(), self.goal_cells.clone());
            let Ok(fresh) = Self::from_header(self.rows, self.cols, tiles, goals, self.blank_goal)
            else {
                return false;
            };
            return fresh.builder().run().is_ok_and(|table| {
                let mut rank = 0;
                let mut same = table.len() == self.len();
                self.for_each_value(|v| {
                    same &= table.get(rank) == Some(&v);
                    rank += 1;
                });
                same
            });
        }
        // The seed need not be secret, only not known to whoever wrote the file in
        // advance: the address of a stack value and the clock.
        let here = 0u8;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        #[expect(
            clippy::cast_possible_truncation,
            reason = "any 64 bits of the clock and the address make a seed"
        )]
        let seed = (nanos as u64) ^ (&raw const here as usize as u64).rotate_left(32);
        self.passes_sampled_checks(&mut SplitMix64::new(seed), SAMPLES)
    }

    /// The sampled part of [`PatternDatabase::passes_checks`], on `samples` placements
    /// drawn from `rng`.
    pub(super) fn passes_sampled_checks(&self, rng: &mut SplitMix64, samples: usize) -> bool {
        let (n, k) = (self.cells(), self.tiles.len());
        let every_placement_reachable = self.rows > 1 && self.cols > 1;
        let mut order: Vec<u8> = (0..n).map(byte).collect();
        for _ in 0..samples {
            // The first k cells of a partial shuffle: a placement drawn uniformly.
            for i in 0..k {
                let j = i + usize::try_from(rng.below((n - i) as u64)).unwrap_or(0);
                order.swap(i, j);
            }
            let cells = &mut order[..k];
            let value = self.value(cells);
            if value == UNREACHED && !every_placement_reachable {
                continue;
            }
            let distance = self.manhattan(cells);
            if value == UNREACHED || value < distance || !(value - distance).is_multiple_of(2) {
                return false;
            }
            if !self.neighbours_agree(cells, value, every_placement_reachable) {
                return false;
            }
        }
        true
    }

    /// Whether the neighbours of `cells` (one pattern tile moved to a next, free cell)
    /// agree with its `value`: one of them is below it unless it is 0, and none whose
    /// free cells are connected is below `value - 1`. Neighbours not reached are skipped
    /// unless `every_placement_reachable`. Restores `cells`.
    fn neighbours_agree(
        &self,
        cells: &mut [u8],
        value: u8,
        every_placement_reachable: bool,
    ) -> bool {
        let mut nearer = value == 0;
        for i in 0..cells.len() {
            let at = cells[i];
            for to in self.next_cells(at).into_iter().flatten() {
                if cells.contains(&to) {
                    continue;
                }
                cells[i] = to;
                let next = self.value(cells);
                let connected = self.free_cells_connected(cells);
                cells[i] = at;
                if next == UNREACHED {
                    if every_placement_reachable {
                        return false;
                    }
                    continue;
                }
                nearer |= next < value;
                if connected && next + 1 < value {
                    return false;
                }
            }
        }
        nearer
    }

    /// The cells next to `at`: above, below, left and right, where the board has them.
    pub(super) fn next_cells(&self, at: u8) -> [Option<u8>; 4] {
        let (rows, cols) = (self.rows, self.cols);
        let (r, c) = (usize::from(at) / cols, usize::from(at) % cols);
        [
            (r > 0).then(|| at - byte(cols)),
            (r + 1 < rows).then(|| at + byte(cols)),
            (c > 0).then(|| at - 1),
            (c + 1 < cols).then(|| at + 1),
        ]
    }

    /// Whether the cells no pattern tile of `cells` is on form one region.
    fn free_cells_connected(&self, cells: &[u8]) -> bool {
        let free = self.free_cells(cells);
        self.region(free, free & free.wrapping_neg()) == free
    }

    /// The cells of the board no pattern tile of `cells` is on, as bits.
    pub(super) fn free_cells(&self, cells: &[u8]) -> u64 {
        let n = self.cells();
        let board = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        board & !cells.iter().fold(0u64, |set, &c| set | 1 << c)
    }

    /// The cells of `free` the blank reaches from `start` (bits of `free`) without moving
    /// a pattern tile.
    pub(super) fn region(&self, free: u64, start: u64) -> u64 {
        let (n, cols) = (self.cells(), self.cols);
        let (mut left, mut right) = (0u64, 0u64);
        for cell in 0..n {
            if cell % cols > 0 {
                left |= 1 << cell;
            }
            if cell % cols + 1 < cols {
                right |= 1 << cell;
            }
        }
        let mut region = start & free;
        loop {
            let grown = (region
                | (region & right) << 1
                | (region & left) >> 1
                | region << cols
                | region >> cols)
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}
