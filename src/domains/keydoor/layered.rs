//! The layered search for the fewest keys, then the fewest moves: one breadth-first
//! search per key set, in order of key count, over one byte per state.

use rustc_hash::FxHashMap;

use super::model::{Entry, TYPE_MASK, enter};
use super::{KeyDoorMaze, Route};
use crate::domains::keys::KeySet;
use crate::error::CapacityError;
use crate::grid::Dir;
use crate::solution::{Limits, Outcome, Search, Stats, StopReason};

/// The layered search for the fewest keys, then the fewest moves: breadth-first search
/// key set by key set, in order of key count (see the [module docs](super)).
///
/// Each key set reached gets a layer: one byte per cell of the padded grid saying whether
/// the state was reached and by which move. A layer's search starts from its entry points
/// (cells whose key was just collected, with their distances), sorted by distance and
/// merged into the breadth-first frontier as it reaches their distance. Entries into layers
/// with one more key are recorded on the way. The first key count at which the target is
/// reached is the answer; among its layers the shortest distance wins (ties: the smaller
/// key set bit pattern).
///
/// Layers are allocated only for key sets that are reached, with a fallible allocation:
/// running out of memory stops the search with [`StopReason::Capacity`], not an abort.
/// The limits are checked once per breadth-first level of a layer (the expansion limit
/// may be passed by one level's states).
///
/// # Complexity
///
/// O(V) time and about V bytes, for the V (cell, key set) states with fewer keys than the
/// answer, plus those of the answer's key count up to its distance.
///
/// # Examples
///
/// ```
/// use state_search::Limits;
/// use state_search::domains::keydoor::{KeyDoorMaze, LayeredSearch};
///
/// let maze: KeyDoorMaze = "3 4\nS.a.\n.X.X\nATX.\n".parse()?;
/// let mut layered = LayeredSearch::new();
/// let search = layered.search(&maze, &Limits::new());
/// assert_eq!(search.found().unwrap().to_string(), "RRLLDDR");
/// assert_eq!(search.stats.iterations, 2); // the layers {} and {a}
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct LayeredSearch {
    /// The key set of each layer.
    keys: Vec<KeySet>,
    /// The marks of each layer (empty until it is searched).
    marks: Vec<Vec<u8>>,
    /// The entry points of each layer not yet searched.
    entries: Vec<Vec<LayerEntry>>,
    /// The layer of each key set reached.
    layer_of: FxHashMap<KeySet, u32>,
    /// Breadth-first frontiers, kept between searches.
    current: Vec<u32>,
    next: Vec<u32>,
}

/// A state entered from the layer with one key fewer: distance, padded cell, direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct LayerEntry {
    dist: u32,
    cell: u32,
    dir: u8,
}

/// Marks of a layer's cells. Not reached yet: 0 (open), `BLOCKED` (a wall or a door of a
/// type not held) or `COLLECT` (a key of a type not held). Reached: `REACHED` with the
/// direction of the move that arrived and `ENTERED` when that move came from the layer
/// without this cell's key, or `ROOT` at the start.
const BLOCKED: u8 = 0x01;
const COLLECT: u8 = 0x02;
const REACHED: u8 = 0x80;
const ENTERED: u8 = 0x40;
const ROOT: u8 = 0x20;
const DIR_MASK: u8 = 0x03;

/// The marks of a fresh layer for `keys`: each cell open (0), blocked, or a key to
/// collect, so that the search reads one byte per neighbour.
fn start_marks(maze: &KeyDoorMaze, keys: KeySet) -> Result<Vec<u8>, CapacityError> {
    let mut of_code = [BLOCKED; 256];
    for (code, mark) in (0u8..=255).zip(&mut of_code) {
        *mark = match enter(code, keys) {
            Entry::Blocked => BLOCKED,
            Entry::Open => 0,
            Entry::Collect(_) => COLLECT,
        };
    }
    let len = maze.codes.len();
    let mut marks = Vec::new();
    marks
        .try_reserve_exact(len)
        .map_err(|_| CapacityError::out_of_memory(len, 1))?;
    marks.extend(maze.codes.iter().map(|&code| of_code[code as usize]));
    Ok(marks)
}

impl LayeredSearch {
    /// An empty searcher.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The heap memory held by the layers and frontiers, in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.marks.iter().map(Vec::capacity).sum::<usize>()
            + self
                .entries
                .iter()
                .map(|e| e.capacity() * size_of::<LayerEntry>())
                .sum::<usize>()
            + (self.current.capacity() + self.next.capacity()) * size_of::<u32>()
            + self.layer_of.capacity() * (size_of::<(KeySet, u32)>() + 1)
    }

    /// Finds a route to the target with the fewest keys, then the fewest moves, within
    /// `limits` (a cost limit does not apply: the cost is a pair).
    ///
    /// # Returns
    ///
    /// [`Outcome::Found`] with the route, [`Outcome::NoPath`], or [`Outcome::Stopped`] by
    /// a limit or a layer that cannot be allocated ([`StopReason::Capacity`]).
    /// [`Stats::expanded`] counts states expanded, [`Stats::generated`] legal moves,
    /// [`Stats::stored`] states reached, [`Stats::iterations`] layers searched and
    /// [`Stats::peak_open`] the largest frontier.
    pub fn search(&mut self, maze: &KeyDoorMaze, limits: &Limits) -> Search<Route> {
        let mut stats = Stats::default();
        let outcome = self
            .search_layers(maze, &limits.started(), &mut stats)
            .unwrap_or_else(Outcome::Stopped);
        stats.memory = self.memory_bytes();
        Search::new(outcome, stats)
    }

    fn search_layers(
        &mut self,
        maze: &KeyDoorMaze,
        limits: &Limits,
        stats: &mut Stats,
    ) -> Result<Outcome<Route>, StopReason> {
        self.keys.clear();
        self.marks.clear();
        self.entries.clear();
        self.layer_of.clear();
        let padded_len = maze.codes.len();
        // Frontiers and entries hold padded cells as u32.
        if u32::try_from(padded_len).is_err() {
            return Err(StopReason::Capacity(CapacityError::too_many_states(
                padded_len,
            )));
        }
        #[expect(clippy::cast_possible_truncation, reason = "checked just above")]
        let (start, target) = (
            maze.padded(maze.start) as u32,
            maze.padded(maze.target) as u32,
        );
        let root = self.layer(KeySet::EMPTY);
        self.entries[root as usize].push(LayerEntry {
            dist: 0,
            cell: start,
            dir: ROOT,
        });
        let mut level = vec![root];
        let mut best: Option<(u32, u32)> = None;
        while !level.is_empty() {
            level.sort_unstable_by_key(|&id| self.keys[id as usize]);
            let first_new = self.keys.len();
            for &id in &level {
                stats.iterations += 1;
                let bound = best.map(|(dist, _)| dist);
                if let Some(dist) = self.search_layer(maze, limits, id, target, bound, stats)? {
                    best = Some((dist, id));
                }
            }
            if let Some((_, id)) = best {
                return Ok(Outcome::Found(self.route(maze, id, target)));
            }
            #[expect(clippy::cast_possible_truncation, reason = "at most 2^32 layers")]
            {
                level = (first_new..self.keys.len()).map(|id| id as u32).collect();
            }
        }
        Ok(Outcome::NoPath)
    }

    /// The layer of `keys`, created if new.
    fn layer(&mut self, keys: KeySet) -> u32 {
        #[expect(clippy::cast_possible_truncation, reason = "at most 2^32 layers")]
        let next = self.keys.len() as u32;
        *self.layer_of.entry(keys).or_insert_with(|| {
            self.keys.push(keys);
            self.marks.push(Vec::new());
            self.entries.push(Vec::new());
            next
        })
    }

    /// Breadth-first search of layer `id` from its entries. Returns the distance of the
    /// target if it is reached below `bound` (the best distance of this key count so
    /// far); records entries into the layers with one more key unless a `bound` exists.
    fn search_layer(
        &mut self,
        maze: &KeyDoorMaze,
        limits: &Limits,
        id: u32,
        target: u32,
        bound: Option<u32>,
        stats: &mut Stats,
    ) -> Result<Option<u32>, StopReason> {
        let layer = id as usize;
        let keys = self.keys[layer];
        let mut entries = core::mem::take(&mut self.entries[layer]);
        entries.sort_unstable();
        let mut marks = start_marks(maze, keys).map_err(|_| {
            // Report everything the layers need, not just the one that did not fit.
            StopReason::Capacity(CapacityError::out_of_memory(
                self.keys.len() * maze.codes.len(),
                1,
            ))
        })?;
        let offsets = maze.offsets();
        let mut current = core::mem::take(&mut self.current);
        let mut next = core::mem::take(&mut self.next);
        current.clear();
        next.clear();
        let mut found = None;
        let mut pending = entries.iter().peekable();
        let mut dist = entries.first().map_or(0, |e| e.dist);
        'search: loop {
            // Entries at this distance join the frontier (after the cells the previous
            // frontier reached at the same distance).
            while let Some(entry) = pending.next_if(|e| e.dist == dist) {
                let mark = &mut marks[entry.cell as usize];
                if *mark == 0 {
                    *mark = REACHED
                        | if entry.dir == ROOT {
                            ROOT
                        } else {
                            ENTERED | entry.dir
                        };
                    stats.stored += 1;
                    if entry.cell == target {
                        found = Some(dist);
                        break 'search;
                    }
                    current.push(entry.cell);
                }
            }
            if current.is_empty() {
                match pending.peek() {
                    Some(entry) => {
                        dist = entry.dist;
                        continue;
                    }
                    None => break,
                }
            }
            if bound.is_some_and(|b| dist + 1 >= b) {
                break;
            }
            stats.peak_open = stats.peak_open.max(current.len());
            let taken = marks.capacity() + (current.capacity() + next.capacity()) * 4;
            limits.check_now(stats.expanded, || self.memory_bytes() + taken)?;
            stats.expanded += current.len() as u64;
            for &cell in &current {
                let here = cell as usize;
                for (dir, &offset) in (0u8..).zip(&offsets) {
                    let n = here.wrapping_add_signed(offset);
                    let mark = marks[n];
                    if mark == 0 {
                        marks[n] = REACHED | dir;
                        stats.generated += 1;
                        stats.stored += 1;
                        #[expect(clippy::cast_possible_truncation, reason = "below padded_len")]
                        let n = n as u32;
                        if n == target {
                            found = Some(dist + 1);
                            break 'search;
                        }
                        next.push(n);
                    } else if mark & REACHED != 0 {
                        stats.generated += 1;
                    } else if mark == COLLECT {
                        stats.generated += 1;
                        if bound.is_none() {
                            let t = maze.codes[n] & TYPE_MASK;
                            let into = self.layer(keys.with(t));
                            #[expect(
                                clippy::cast_possible_truncation,
                                reason = "below padded_len"
                            )]
                            self.entries[into as usize].push(LayerEntry {
                                dist: dist + 1,
                                cell: n as u32,
                                dir,
                            });
                        }
                    }
                }
            }
            core::mem::swap(&mut current, &mut next);
            next.clear();
            dist += 1;
        }
        self.marks[layer] = marks;
        self.current = current;
        self.next = next;
        Ok(found)
    }

    /// Follows the marks back from the target in layer `id` to the start.
    fn route(&self, maze: &KeyDoorMaze, mut id: u32, target: u32) -> Route {
        let offsets = maze.offsets();
        let keys = self.keys[id as usize];
        let mut moves = Vec::new();
        let mut cell = target as usize;
        loop {
            let mark = self.marks[id as usize][cell];
            if mark & ROOT != 0 || mark & REACHED == 0 {
                break;
            }
            let dir = mark & DIR_MASK;
            moves.push(Dir::ALL[dir as usize]);
            if mark & ENTERED != 0 {
                let t = maze.codes[cell] & TYPE_MASK;
                id = self.layer_of[&self.keys[id as usize].without(t)];
            }
            cell = cell.wrapping_add_signed(-offsets[dir as usize]);
        }
        moves.reverse();
        Route { moves, keys }
    }
}
