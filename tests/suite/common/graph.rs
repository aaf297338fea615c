//! Explicit graphs for the engine tests, and obviously-correct oracles over them written
//! without the crate's engines: Bellman–Ford, plain BFS, path checking.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use proptest::prelude::*;
use state_search::{
    Cost, Event, InPlaceSpace, Outcome, ReversibleSpace, Search, Solution, StateIndexer, StateSpace,
};

/// A directed graph on nodes `0..n` with edge costs of type `C` (parallel edges and
/// self-loops allowed).
#[derive(Clone, Debug)]
pub struct Graph<C> {
    pub forward: Vec<Vec<(u32, C)>>,
    pub backward: Vec<Vec<(u32, C)>>,
    /// The cost of every edge, when the graph says they all cost the same.
    pub uniform: Option<C>,
}

impl<C: Copy> Graph<C> {
    /// A graph on `n` nodes with the given `(from, to, cost)` edges.
    pub fn new(n: usize, edges: &[(u32, u32, C)]) -> Self {
        let mut forward = vec![Vec::new(); n];
        let mut backward = vec![Vec::new(); n];
        for &(from, to, cost) in edges {
            forward[from as usize].push((to, cost));
            backward[to as usize].push((from, cost));
        }
        Self {
            forward,
            backward,
            uniform: None,
        }
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.forward.len()
    }

    /// The same graph with every edge reversed.
    pub fn reversed(&self) -> Self {
        Self {
            forward: self.backward.clone(),
            backward: self.forward.clone(),
            uniform: self.uniform,
        }
    }

    /// The same graph with every edge costing `unit`.
    pub fn with_unit_costs<D: Copy>(&self, unit: D) -> Graph<D> {
        let map = |adj: &Vec<Vec<(u32, C)>>| {
            adj.iter()
                .map(|edges| edges.iter().map(|&(to, _)| (to, unit)).collect())
                .collect()
        };
        Graph {
            forward: map(&self.forward),
            backward: map(&self.backward),
            uniform: Some(unit),
        }
    }
}

impl<C: Cost> StateSpace for Graph<C> {
    type State = u32;
    type Cost = C;
    fn successors(&self, state: &u32, mut emit: impl FnMut(u32, C)) {
        for &(to, cost) in &self.forward[*state as usize] {
            emit(to, cost);
        }
    }
    fn uniform_cost(&self) -> Option<C> {
        self.uniform
    }
}

impl<C: Cost> ReversibleSpace for Graph<C> {
    fn predecessors(&self, state: &u32, mut emit: impl FnMut(u32, C)) {
        for &(from, cost) in &self.backward[*state as usize] {
            emit(from, cost);
        }
    }
}

/// A walk on a graph as an in-place space: the walker's trail is a stack of nodes, an
/// action is the index of an edge out of the current node. By default the estimate is
/// zero, the engine is not told the inverse of an action, and `peek` does not answer;
/// `h` (an estimate per node), `inverse` (an edge back to the node before, when there is
/// one) and `peek` turn each on.
pub struct Walk<'a> {
    pub graph: &'a Graph<u32>,
    pub trail: Vec<u32>,
    pub h: Vec<u32>,
    pub inverse: bool,
    pub peek: bool,
}

impl<'a> Walk<'a> {
    /// A walker at `start`, with the defaults above.
    pub fn new(graph: &'a Graph<u32>, start: u32) -> Self {
        Self {
            graph,
            trail: vec![start],
            h: Vec::new(),
            inverse: false,
            peek: false,
        }
    }

    /// The current node.
    pub fn at(&self) -> u32 {
        *self.trail.last().unwrap()
    }

    /// The estimate of `node`.
    fn estimate(&self, node: u32) -> u32 {
        self.h.get(node as usize).copied().unwrap_or(0)
    }

    /// Applies `plan` from the current node: the node reached and the cost, or `None`
    /// when an action is not an edge there. Leaves the walker where it was.
    pub fn replay(&mut self, plan: &[usize]) -> Option<(u32, u32)> {
        let depth = self.trail.len();
        let mut total = 0;
        for &edge in plan {
            if edge >= self.graph.forward[self.at() as usize].len() {
                self.trail.truncate(depth);
                return None;
            }
            total += self.apply(edge);
        }
        let end = self.at();
        self.trail.truncate(depth);
        Some((end, total))
    }
}

impl InPlaceSpace for Walk<'_> {
    type Action = usize;
    type Cost = u32;
    type Actions = core::ops::Range<usize>;
    fn actions(&self) -> Self::Actions {
        0..self.graph.forward[self.at() as usize].len()
    }
    fn apply(&mut self, edge: usize) -> u32 {
        let (to, cost) = self.graph.forward[self.at() as usize][edge];
        self.trail.push(to);
        cost
    }
    fn undo(&mut self, _: usize) {
        self.trail.pop();
    }
    fn inverse(&self, _: usize) -> Option<usize> {
        let before = *self.trail.iter().rev().nth(1)?;
        let back = self.graph.forward[self.at() as usize].iter();
        self.inverse
            .then(|| back.clone().position(|&(to, _)| to == before))
            .flatten()
    }
    fn heuristic(&self) -> u32 {
        self.estimate(self.at())
    }
    fn peek(&self, edge: usize) -> Option<(u32, u32)> {
        let (to, cost) = self.graph.forward[self.at() as usize][edge];
        self.peek.then(|| (cost, self.estimate(to)))
    }
}

/// The identity numbering of nodes `0..n`.
#[derive(Clone, Copy, Debug)]
pub struct Nodes(pub usize);

impl StateIndexer<u32> for Nodes {
    fn bound(&self) -> usize {
        self.0
    }
    fn index(&self, state: &u32) -> usize {
        *state as usize
    }
    fn state(&self, index: usize) -> u32 {
        u32::try_from(index).unwrap()
    }
}

/// The goal test "the node is `goal`", one type for every test.
///
/// Each closure is a type of its own, and each type of problem given to `Strategy::run`
/// compiles every strategy once more: the tests build their problems from [`is`],
/// [`among`] and [`lookup`] and their visitors with [`watcher`], so that the suite
/// compiles the strategies for about 60 types of problem instead of 112.
pub fn is(goal: u32) -> impl Fn(&u32) -> bool + Copy {
    move |&node| node == goal
}

/// The goal test "the node is one of `goals`" (see [`is`]).
pub fn among(goals: &[u32]) -> impl Fn(&u32) -> bool + Copy + '_ {
    move |node| goals.contains(node)
}

/// The heuristic (or distance-to-go) whose value at node `s` is `values[s]` (see [`is`]).
pub fn lookup<C: Copy>(values: &[C]) -> impl Fn(&u32) -> C + Copy + '_ {
    move |&node| values[node as usize]
}

/// A visitor over `u32` states and costs behind a `dyn`, one type for every test.
pub type Watcher<'w> = Box<dyn FnMut(Event<'_, u32, u32>) -> ControlFlow<()> + 'w>;

/// The closure `f` as a [`Watcher`] (see [`is`]).
pub fn watcher<'w>(f: impl FnMut(Event<'_, u32, u32>) -> ControlFlow<()> + 'w) -> Watcher<'w> {
    Box::new(f)
}

/// Bellman–Ford from `starts`: the least cost of every node (`None` = unreachable), or
/// `Err(())` when a negative cycle is reachable. O(V E), nothing clever.
pub fn bellman_ford<C: Copy + Into<i64>>(
    graph: &Graph<C>,
    starts: &[u32],
) -> Result<Vec<Option<i64>>, ()> {
    let n = graph.len();
    let mut dist: Vec<Option<i64>> = vec![None; n];
    for &s in starts {
        dist[s as usize] = Some(0);
    }
    for round in 0..=n {
        let mut changed = false;
        for from in 0..n {
            let Some(d) = dist[from] else { continue };
            for &(to, cost) in &graph.forward[from] {
                let candidate = d + cost.into();
                if dist[to as usize].is_none_or(|old| candidate < old) {
                    dist[to as usize] = Some(candidate);
                    changed = true;
                }
            }
        }
        if !changed {
            return Ok(dist);
        }
        if round == n {
            return Err(());
        }
    }
    Ok(dist)
}

/// Plain BFS from `starts`: the number of steps to every node (`None` = unreachable).
pub fn bfs_steps<C: Copy>(graph: &Graph<C>, starts: &[u32]) -> Vec<Option<usize>> {
    let mut steps = vec![None; graph.len()];
    let mut queue = VecDeque::new();
    for &s in starts {
        if steps[s as usize].is_none() {
            steps[s as usize] = Some(0);
            queue.push_back(s);
        }
    }
    while let Some(at) = queue.pop_front() {
        let here = steps[at as usize].unwrap();
        for &(to, _) in &graph.forward[at as usize] {
            if steps[to as usize].is_none() {
                steps[to as usize] = Some(here + 1);
                queue.push_back(to);
            }
        }
    }
    steps
}

/// The cost of `path` when every consecutive pair is an edge (the cheapest parallel edge
/// counts), or `None` when some pair is not an edge.
pub fn path_cost<C: Copy + Into<i64>>(graph: &Graph<C>, path: &[u32]) -> Option<i64> {
    let mut total = 0;
    for pair in path.windows(2) {
        let cheapest = graph.forward[pair[0] as usize]
            .iter()
            .filter(|&&(to, _)| to == pair[1])
            .map(|&(_, cost)| cost.into())
            .min()?;
        total += cheapest;
    }
    Some(total)
}

/// The least cost over `goals` of `dist`, if any goal is reachable.
pub fn best_goal(dist: &[Option<i64>], is_goal: impl Fn(u32) -> bool) -> Option<i64> {
    dist.iter()
        .enumerate()
        .filter(|&(node, _)| is_goal(u32::try_from(node).unwrap()))
        .filter_map(|(_, d)| *d)
        .min()
}

/// A random graph: 1..=`max_nodes` nodes, up to `max_edges` edges with costs drawn from
/// `costs`.
pub fn arb_graph<C: Copy + core::fmt::Debug + 'static>(
    max_nodes: usize,
    max_edges: usize,
    costs: impl Strategy<Value = C> + Clone + 'static,
) -> impl Strategy<Value = Graph<C>> {
    (1..=max_nodes).prop_flat_map(move |n| {
        let node = 0..u32::try_from(n).unwrap();
        prop::collection::vec((node.clone(), node, costs.clone()), 0..=max_edges)
            .prop_map(move |edges| Graph::new(n, &edges))
    })
}

/// Checks a search against the oracle's optimum `expected`: the cost, and a path that
/// is a real path from a start to a goal of that cost.
pub fn check<C: Copy + Into<i64> + core::fmt::Debug>(
    name: &str,
    graph: &Graph<C>,
    starts: &[u32],
    is_goal: impl Fn(u32) -> bool,
    expected: Option<i64>,
    search: &Search<Solution<u32, C>>,
) -> Result<(), TestCaseError> {
    match (&search.outcome, expected) {
        (Outcome::Found(found), Some(best)) => {
            prop_assert_eq!(found.cost.into(), best, "{}: cost", name);
            prop_assert!(starts.contains(&found.path[0]), "{}: path start", name);
            prop_assert!(is_goal(*found.path.last().unwrap()), "{}: path end", name);
            prop_assert_eq!(path_cost(graph, &found.path), Some(best), "{}: path", name);
        }
        (Outcome::NoPath, None) => {}
        (outcome, expected) => {
            prop_assert!(
                false,
                "{}: got {:?}, expected {:?}",
                name,
                outcome,
                expected
            );
        }
    }
    Ok(())
}
