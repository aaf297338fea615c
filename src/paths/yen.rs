//! Yen's k shortest loopless paths, each spur search run by any optimal [`Strategy`] on a
//! view of the space without the root path's states and the steps of the paths that share
//! the root.

use core::cmp::Reverse;
use core::hash::{BuildHasher, Hash};
use std::collections::BinaryHeap;

use hashbrown::{HashMap, HashSet, HashTable};
use rustc_hash::FxBuildHasher;

use crate::error::CapacityError;
use crate::solution::{Limits, Outcome, Solution, Stats, StopReason};
use crate::space::{Cost, Heuristic, StateSpace};
use crate::store::try_push;
use crate::strategy::{
    CostOf, MaybeBackward, MaybeDistance, MaybeIndexer, Problem, SearchProblem, StateOf, Strategy,
};

use super::PathsError;

/// The k shortest loopless paths of `problem`, in order of cost, as a lazy iterator:
/// Yen's algorithm, whose searches `inner` runs.
///
/// The first path is `inner`'s on the problem, with goal states made ends (which changes
/// only `spfa`'s answer, when its cheapest walk passes through a goal). Each next one is
/// the cheapest of the candidates found so far: for each state `s` of the last path but its
/// goal (the *spur*), `inner` searches from `s`, on a view of the space where the states
/// before `s` on that path are removed, and so are the steps out of `s` taken by the paths
/// already found that share the path up to `s`. A path ends at the first goal it reaches
/// ([the module](super)); with several start states, a spur search also runs from the
/// starts where no path found begins.
///
/// The view is a real [`StateSpace`], so any optimal strategy can run it, with the
/// problem's heuristic (removing states and steps only lengthens distances, so an
/// admissible or consistent heuristic stays so), indexer, storage policy and, for `bibfs`
/// on spaces of uniform cost, backward direction ([`Problem::backward`]).
///
/// Paths come in non-decreasing cost; each is loopless (no state twice), and no path comes
/// twice. Equal costs come in the order their candidates were found. The iterator ends
/// when there are no more paths, or after an error. A spur search from which no goal is
/// reachable explores everything reachable: on an infinite space it ends only by a limit.
///
/// # Errors
///
/// [`PathsError::SuboptimalStrategy`] when `inner` does not promise least-cost paths
/// ([`Strategy::is_optimal`]). The iterator's items are errors when a search fails:
///
/// - [`PathsError::Strategy`] when `inner` cannot run on the problem (it is refused, a
///   negative step cost for a strategy other than `spfa`, a negative cycle for `spfa`).
/// - [`PathsError::Stopped`] when a limit stops a search: the expansions count over all
///   searches, a time limit counts from the call to `k_shortest_paths` (its end is a
///   deadline for every search), the deadline, cancel flag and memory limit apply to each
///   search (and the
///   memory limit to the paths held), and the cost limit to the paths (the last item is
///   then [`StopReason::Cost`] if some path beyond the limit was left out).
///
/// # Complexity
///
/// O(k L) searches of `inner` for the k paths of up to L states, each on the whole space in
/// the worst case, plus O(L) per candidate to check it is new. Memory: every candidate
/// path found is kept (O(k L) paths of O(L) states), to return the next one and to tell
/// duplicates.
///
/// # Examples
///
/// ```
/// use state_search::paths::k_shortest_paths;
/// use state_search::{Limits, Problem, Strategy};
///
/// // 0 -> 1 -> 3 costs 2, 0 -> 2 -> 3 costs 3, 0 -> 3 costs 4, 0 -> 1 -> 2 -> 3 costs 4.
/// let edges = [(0u8, 1u8, 1u32), (1, 3, 1), (0, 2, 1), (2, 3, 2), (0, 3, 4), (1, 2, 1)];
/// let space = state_search::from_fn(move |&n: &u8| {
///     edges.into_iter().filter(move |&(from, _, _)| from == n).map(|(_, to, c)| (to, c))
/// });
/// let problem = Problem::new(&space, [0], |&n| n == 3);
/// let paths = k_shortest_paths(&problem, Strategy::AStar, &Limits::new())?;
/// let found: Vec<(u32, Vec<u8>)> = paths.map(|p| p.map(|p| (p.cost, p.path))).collect::<Result<_, _>>()?;
/// assert_eq!(found[..2], [(2, vec![0, 1, 3]), (3, vec![0, 2, 3])]);
/// assert_eq!(found[2].0, 4);
/// assert_eq!(found[3].0, 4);
/// assert_eq!(found.len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn k_shortest_paths<'p, P: SearchProblem>(
    problem: &'p P,
    inner: Strategy,
    limits: &Limits<CostOf<P>>,
) -> Result<KShortest<'p, P>, PathsError<StateOf<P>, CostOf<P>>> {
    if !inner.is_optimal() {
        return Err(PathsError::SuboptimalStrategy(inner));
    }
    let mut starts: Vec<StateOf<P>> = Vec::new();
    for start in problem.starts() {
        if !starts.contains(start) {
            starts.push(start.clone());
        }
    }
    Ok(KShortest {
        problem,
        inner,
        limits: limits.started(),
        starts,
        paths: Vec::new(),
        accepted: Vec::new(),
        queue: BinaryHeap::new(),
        seen: HashTable::new(),
        stats: Stats::default(),
        memory: 0,
        cut: false,
        done: false,
    })
}

/// The k shortest loopless paths of a problem, cheapest first: the iterator of
/// [`k_shortest_paths`]. Each item is a [`Solution`], or the error that ended the
/// iteration.
///
/// # Examples
///
/// The ten cheapest ways up 20 stairs by one or two at a time, where a double step costs
/// 3 and a single one 2:
///
/// ```
/// use state_search::paths::k_shortest_paths;
/// use state_search::{Limits, Problem, Strategy};
///
/// let stairs = state_search::from_fn(|&n: &u32| {
///     [(n + 1, 2u32), (n + 2, 3)].into_iter().filter(|&(next, _)| next <= 20)
/// });
/// let problem = Problem::new(&stairs, [0], |&n| n == 20)
///     .heuristic(|&n: &u32| 3 * (20u32.saturating_sub(n) / 2));
/// let mut paths = k_shortest_paths(&problem, Strategy::AStar, &Limits::new())?;
/// let best = paths.next().unwrap()?;
/// assert_eq!((best.cost, best.steps()), (30, 10)); // ten double steps
/// let next: Vec<u32> = paths.by_ref().take(9).map(|p| p.map(|p| p.cost)).collect::<Result<_, _>>()?;
/// assert_eq!(next, [31; 9]); // one double step replaced by two singles, anywhere
/// assert!(paths.stats().expanded > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct KShortest<'p, P: SearchProblem> {
    problem: &'p P,
    inner: Strategy,
    limits: Limits<CostOf<P>>,
    /// The start states, each once.
    starts: Vec<StateOf<P>>,
    /// Every path found: those returned and the candidates.
    paths: Vec<Found<StateOf<P>, CostOf<P>>>,
    /// The paths returned, in order (indices into `paths`).
    accepted: Vec<usize>,
    /// The candidates by cost, then by the order they were found.
    queue: BinaryHeap<Reverse<(CostOf<P>, usize)>>,
    /// Every path of `paths`, by the hash of its states.
    seen: HashTable<usize>,
    stats: Stats,
    /// The bytes held by `paths`.
    memory: usize,
    /// Some path was left out for costing more than the cost limit.
    cut: bool,
    done: bool,
}

/// A path found.
struct Found<S, C> {
    path: Vec<S>,
    cost: C,
    /// The cost of each prefix of the path (from the start to each state), once returned:
    /// the cost of the root paths of its spur searches.
    prefix: Vec<C>,
}

impl<P: SearchProblem> core::fmt::Debug for KShortest<'_, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KShortest")
            .field("inner", &self.inner)
            .field("returned", &self.accepted.len())
            .field("candidates", &self.queue.len())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl<P: SearchProblem> KShortest<'_, P> {
    /// What the searches did so far, summed ([`Stats::accumulate`]).
    #[must_use]
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The number of paths returned so far.
    #[must_use]
    pub fn returned(&self) -> usize {
        self.accepted.len()
    }

    /// The next path's index in `paths`, `None` when there is none.
    fn advance(&mut self) -> Result<Option<usize>, PathsError<StateOf<P>, CostOf<P>>> {
        match self.accepted.last() {
            None => {
                let starts = self.starts.clone();
                let removed = StateSet::default();
                self.spur(&[], CostOf::<P>::ZERO, &starts, &removed, &[])?;
            }
            Some(&last) => self.candidates_after(last)?,
        }
        let Some(Reverse((_, next))) = self.queue.pop() else {
            if self.cut {
                return Err(PathsError::Stopped {
                    reason: StopReason::Cost,
                    stats: self.stats,
                });
            }
            return Ok(None);
        };
        let prefix = prefix_costs(self.problem.space(), &self.paths[next].path)
            .map_err(|error| self.stopped(StopReason::Capacity(error)))?;
        self.memory += prefix.capacity() * size_of::<CostOf<P>>();
        self.paths[next].prefix = prefix;
        try_push(&mut self.accepted, next).map_err(|e| self.stopped(StopReason::Capacity(e)))?;
        Ok(Some(next))
    }

    /// A stop for `reason`, with the stats so far.
    fn stopped(&self, reason: StopReason) -> PathsError<StateOf<P>, CostOf<P>> {
        PathsError::Stopped {
            reason,
            stats: self.stats,
        }
    }

    /// Yen's step: the candidates that deviate from the path `last` (the last returned).
    fn candidates_after(&mut self, last: usize) -> Result<(), PathsError<StateOf<P>, CostOf<P>>> {
        let path = self.paths[last].path.clone();
        let prefix = self.paths[last].prefix.clone();
        // How far each path returned agrees with `path`: it shares the root up to the
        // spur `path[i]` when it agrees beyond `i`.
        let mut agree: Vec<(usize, usize)> = Vec::new();
        agree.try_reserve_exact(self.accepted.len()).map_err(|_| {
            let error = CapacityError::out_of_memory(self.accepted.len(), 16);
            stop(self.stats, error)
        })?;
        for &other in &self.accepted {
            let other_path = &self.paths[other].path;
            let common = other_path
                .iter()
                .zip(&path)
                .take_while(|(a, b)| a == b)
                .count();
            agree.push((common, other));
        }
        // From the starts where no path found begins (several starts only).
        if self.starts.len() > 1 {
            let begun = |start: &StateOf<P>| {
                self.accepted
                    .iter()
                    .any(|&other| self.paths[other].path.first() == Some(start))
            };
            let starts: Vec<StateOf<P>> =
                self.starts.iter().filter(|s| !begun(s)).cloned().collect();
            if !starts.is_empty() {
                self.spur(&[], CostOf::<P>::ZERO, &starts, &StateSet::default(), &[])?;
            }
        }
        let mut removed = StateSet::default();
        let mut banned: Vec<StateOf<P>> = Vec::new();
        for i in 0..path.len().saturating_sub(1) {
            if i > 0 {
                removed.try_reserve(1).map_err(|_| {
                    let error = CapacityError::out_of_memory(i, size_of::<StateOf<P>>());
                    stop(self.stats, error)
                })?;
                removed.insert(path[i - 1].clone());
            }
            banned.clear();
            for &(common, other) in &agree {
                if common > i
                    && let Some(next) = self.paths[other].path.get(i + 1)
                {
                    try_push(&mut banned, next.clone()).map_err(|e| stop(self.stats, e))?;
                }
            }
            self.spur(&path[..i], prefix[i], &path[i..=i], &removed, &banned)?;
        }
        Ok(())
    }

    /// One spur search: from `starts` (the spur, or the starts still free) on the space
    /// without `removed` and the steps from the spur to `banned`; a path found is a
    /// candidate after `root` (of cost `root_cost`).
    fn spur(
        &mut self,
        root: &[StateOf<P>],
        root_cost: CostOf<P>,
        starts: &[StateOf<P>],
        removed: &StateSet<StateOf<P>>,
        banned: &[StateOf<P>],
    ) -> Result<(), PathsError<StateOf<P>, CostOf<P>>> {
        let memory = self.memory;
        self.limits
            .check_now(self.stats.expanded, || memory)
            .map_err(|reason| self.stopped(reason))?;
        let problem = self.problem;
        let is_goal = |state: &StateOf<P>| problem.is_goal(state);
        let view = SpurSpace {
            space: problem.space(),
            is_goal: &is_goal,
            removed,
            // Steps are banned from the spur only, the one start of a search after a root.
            spur: if banned.is_empty() {
                None
            } else {
                starts.first()
            },
            banned,
        };
        let spur_problem = Problem {
            space: &view,
            starts: starts.to_vec(),
            is_goal: &is_goal,
            heuristic: HeuristicRef(problem.heuristic()),
            indexer: IndexerRef(problem.indexer()),
            backward: BackwardRef(problem.backward()),
            distance: DistanceRef(problem.distance()),
            storage: problem.storage(),
        };
        let mut limits = self.limits.clone();
        if let Some(max) = limits.expansion_limit() {
            limits = limits.max_expansions(max.saturating_sub(self.stats.expanded));
        }
        if root_cost.is_negative() {
            // The spur's own cost may then exceed the limit that the whole path meets.
            limits = limits.without_cost_limit();
        }
        let search = self.inner.run(&spur_problem, &limits)?;
        self.stats.accumulate(&search.stats);
        let found = match search.outcome {
            Outcome::Found(found) => found,
            Outcome::NoPath => return Ok(()),
            Outcome::Stopped(StopReason::Cost) => {
                self.cut = true;
                return Ok(());
            }
            Outcome::Stopped(reason) => return Err(self.stopped(reason)),
        };
        let Some(cost) = root_cost.checked_plus(found.cost) else {
            return Ok(()); // beyond the cost type: no path of a cost that fits
        };
        if self.limits.exceeds_cost(cost) {
            self.cut = true;
            return Ok(());
        }
        let spur_path = without_loops(found.path);
        let mut path = Vec::new();
        let len = root.len() + spur_path.len();
        path.try_reserve_exact(len).map_err(|_| {
            stop(
                self.stats,
                CapacityError::out_of_memory(len, size_of::<StateOf<P>>()),
            )
        })?;
        path.extend_from_slice(root);
        path.extend(spur_path);
        self.offer(path, cost)
    }

    /// Adds `path` of cost `cost` to the candidates, unless it was found before.
    fn offer(
        &mut self,
        path: Vec<StateOf<P>>,
        cost: CostOf<P>,
    ) -> Result<(), PathsError<StateOf<P>, CostOf<P>>> {
        let hash = FxBuildHasher.hash_one(path.as_slice());
        let paths = &self.paths;
        if self.seen.find(hash, |&i| paths[i].path == path).is_some() {
            return Ok(());
        }
        let index = self.paths.len();
        let stats = self.stats;
        let capacity = |error| stop(stats, error);
        self.seen
            .try_reserve(1, |&i| FxBuildHasher.hash_one(paths[i].path.as_slice()))
            .map_err(|_| capacity(CapacityError::out_of_memory(index + 1, size_of::<usize>())))?;
        self.queue.try_reserve(1).map_err(|_| {
            capacity(CapacityError::out_of_memory(
                index + 1,
                size_of::<(CostOf<P>, usize)>(),
            ))
        })?;
        self.memory +=
            path.capacity() * size_of::<StateOf<P>>() + size_of::<Found<StateOf<P>, CostOf<P>>>();
        try_push(
            &mut self.paths,
            Found {
                path,
                cost,
                prefix: Vec::new(),
            },
        )
        .map_err(capacity)?;
        let paths = &self.paths;
        self.seen.insert_unique(hash, index, |&i| {
            FxBuildHasher.hash_one(paths[i].path.as_slice())
        });
        self.queue.push(Reverse((cost, index)));
        Ok(())
    }
}

impl<P: SearchProblem> Iterator for KShortest<'_, P> {
    type Item = Result<Solution<StateOf<P>, CostOf<P>>, PathsError<StateOf<P>, CostOf<P>>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.advance() {
            Ok(Some(index)) => {
                let found = &self.paths[index];
                Some(Ok(Solution {
                    path: found.path.clone(),
                    cost: found.cost,
                }))
            }
            Ok(None) => {
                self.done = true;
                None
            }
            Err(error) => {
                self.done = true;
                Some(Err(error))
            }
        }
    }
}

impl<P: SearchProblem> core::iter::FusedIterator for KShortest<'_, P> {}

/// The stop of a search whose buffers could not grow, after `stats`.
fn stop<S, C>(stats: Stats, error: CapacityError) -> PathsError<S, C> {
    PathsError::Stopped {
        reason: StopReason::Capacity(error),
        stats,
    }
}

/// A set of states.
type StateSet<S> = HashSet<S, FxBuildHasher>;

/// `path` with every loop cut out: an optimal path has none but through zero-cost cycles,
/// and cutting those keeps its cost.
fn without_loops<S: Clone + Eq + Hash>(path: Vec<S>) -> Vec<S> {
    let mut at: HashMap<&S, usize, FxBuildHasher> = HashMap::default();
    let mut keep: Vec<usize> = Vec::with_capacity(path.len());
    for (i, state) in path.iter().enumerate() {
        if let Some(&first) = at.get(state) {
            // Back to where the loop began: forget the states in between.
            while let Some(&dropped) = keep.last()
                && dropped > first
            {
                keep.pop();
                at.remove(&path[dropped]);
            }
        } else {
            at.insert(state, i);
            keep.push(i);
        }
    }
    drop(at);
    if keep.len() == path.len() {
        return path;
    }
    keep.into_iter().map(|i| path[i].clone()).collect()
}

/// The cost of each prefix of `path`: each step at the least cost of a step between its
/// two states (an optimal path takes the cheapest of parallel steps).
fn prefix_costs<Sp: StateSpace + ?Sized>(
    space: &Sp,
    path: &[Sp::State],
) -> Result<Vec<Sp::Cost>, CapacityError> {
    let mut prefix = Vec::new();
    prefix
        .try_reserve_exact(path.len())
        .map_err(|_| CapacityError::out_of_memory(path.len(), size_of::<Sp::Cost>()))?;
    let mut total = Sp::Cost::ZERO;
    prefix.push(total);
    for pair in path.windows(2) {
        let mut step: Option<Sp::Cost> = None;
        space.successors(&pair[0], |next, cost| {
            if next == pair[1] && step.is_none_or(|s| cost < s) {
                step = Some(cost);
            }
        });
        // Every pair is a step of the space: the path came from a search of it.
        debug_assert!(step.is_some(), "a path of the inner search is not a path");
        total = step.and_then(|s| total.checked_plus(s)).unwrap_or(total);
        prefix.push(total);
    }
    Ok(prefix)
}

/// The space of a spur search: the problem's, without the root path's states, without
/// the steps from the spur to `banned`, and without the steps out of a goal (a path ends
/// at its first goal).
struct SpurSpace<'a, Sp: StateSpace + ?Sized, G> {
    space: &'a Sp,
    is_goal: &'a G,
    removed: &'a StateSet<Sp::State>,
    spur: Option<&'a Sp::State>,
    banned: &'a [Sp::State],
}

impl<Sp: StateSpace + ?Sized, G: Fn(&Sp::State) -> bool> SpurSpace<'_, Sp, G> {
    /// Whether the step `from -> to` of the problem's space is in this view.
    #[inline]
    fn allows(&self, from: &Sp::State, to: &Sp::State) -> bool {
        !(self.removed.contains(to)
            || self.removed.contains(from)
            || (self.is_goal)(from)
            || (self.spur == Some(from) && self.banned.contains(to)))
    }
}

impl<Sp: StateSpace + ?Sized, G: Fn(&Sp::State) -> bool> StateSpace for SpurSpace<'_, Sp, G> {
    type State = Sp::State;
    type Cost = Sp::Cost;

    #[inline]
    fn successors(&self, state: &Sp::State, mut emit: impl FnMut(Sp::State, Sp::Cost)) {
        if (self.is_goal)(state) || self.removed.contains(state) {
            return;
        }
        let banned = if self.spur == Some(state) {
            self.banned
        } else {
            &[]
        };
        let removed = (!self.removed.is_empty()).then_some(self.removed);
        self.space.successors(state, |next, cost| {
            if !(removed.is_some_and(|r| r.contains(&next)) || banned.contains(&next)) {
                emit(next, cost);
            }
        });
    }

    fn uniform_cost(&self) -> Option<Sp::Cost> {
        self.space.uniform_cost()
    }
}

/// The problem's heuristic, borrowed.
struct HeuristicRef<'a, H>(&'a H);

impl<S, C, H: Heuristic<S, C>> Heuristic<S, C> for HeuristicRef<'_, H> {
    #[inline]
    fn estimate(&self, state: &S) -> C {
        self.0.estimate(state)
    }
}

/// The problem's indexer, borrowed: the view has the same states.
struct IndexerRef<'a, I>(&'a I);

impl<S, I: MaybeIndexer<S>> MaybeIndexer<S> for IndexerRef<'_, I> {
    type Indexer = I::Indexer;
    fn get(&self) -> Option<&I::Indexer> {
        self.0.get()
    }
}

/// The problem's distance-to-go, borrowed.
struct DistanceRef<'a, D>(&'a D);

impl<S, C, D: MaybeDistance<S, C>> MaybeDistance<S, C> for DistanceRef<'_, D> {
    #[inline]
    fn distance(&self, state: &S) -> Option<C> {
        self.0.distance(state)
    }
}

/// The problem's backward direction, through the view: the predecessors the view allows.
struct BackwardRef<'a, B>(&'a B);

impl<Sp, G, B> MaybeBackward<SpurSpace<'_, Sp, G>> for BackwardRef<'_, B>
where
    Sp: StateSpace + ?Sized,
    G: Fn(&Sp::State) -> bool,
    B: MaybeBackward<Sp>,
{
    fn goal(&self) -> Option<&Sp::State> {
        self.0.goal()
    }

    fn predecessors(
        &self,
        view: &SpurSpace<'_, Sp, G>,
        state: &Sp::State,
        mut emit: impl FnMut(Sp::State, Sp::Cost),
    ) {
        self.0.predecessors(view.space, state, |prev, cost| {
            if view.allows(&prev, state) {
                emit(prev, cost);
            }
        });
    }

    fn estimate_back(&self, state: &Sp::State) -> Sp::Cost {
        self.0.estimate_back(state)
    }
}

#[cfg(test)]
mod tests {
    use super::without_loops;

    #[test]
    fn loops_are_cut_back_to_their_first_state() {
        assert_eq!(without_loops(vec![1, 2, 3]), [1, 2, 3]);
        assert_eq!(without_loops(vec![1, 2, 3, 2, 4]), [1, 2, 4]);
        assert_eq!(without_loops(vec![1, 2, 1, 3, 4, 3, 5]), [1, 3, 5]);
        assert_eq!(without_loops(vec![7, 7, 7]), [7]);
    }
}
