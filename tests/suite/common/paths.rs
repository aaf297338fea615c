//! Brute-force oracles for the path enumerations, written without the crate's engines, for
//! graphs of a few nodes: every simple path by depth-first search, the number of optimal
//! paths by dynamic programming on Bellman–Ford distances, and whether a zero-cost cycle
//! lies on an optimal path by plain reachability.
//!
//! A path starts at a start node and ends at the first goal it reaches (no goal before its
//! last node), as in `state_search::paths`.

use std::collections::{BTreeMap, HashMap};

use super::graph::{Graph, bellman_ford, best_goal};

/// The same graph without the edges out of a goal.
pub fn goal_cut(graph: &Graph<u32>, is_goal: impl Fn(u32) -> bool) -> Graph<u32> {
    let mut edges = Vec::new();
    for from in 0..graph.len() {
        let from = u32::try_from(from).unwrap();
        if !is_goal(from) {
            for &(to, cost) in &graph.forward[from as usize] {
                edges.push((from, to, cost));
            }
        }
    }
    Graph::new(graph.len(), &edges)
}

/// The same graph with every edge turned around.
pub fn reversed(graph: &Graph<u32>) -> Graph<u32> {
    let mut edges = Vec::new();
    for from in 0..graph.len() {
        for &(to, cost) in &graph.forward[from] {
            edges.push((to, u32::try_from(from).unwrap(), cost));
        }
    }
    Graph::new(graph.len(), &edges)
}

/// The same graph with every edge `a -> b` made `min -> max` and self-loops dropped: a
/// DAG.
pub fn acyclic(graph: &Graph<u32>) -> Graph<u32> {
    let mut edges = Vec::new();
    for from in 0..graph.len() {
        let from = u32::try_from(from).unwrap();
        for &(to, cost) in &graph.forward[from as usize] {
            if to != from {
                edges.push((from.min(to), from.max(to), cost));
            }
        }
    }
    Graph::new(graph.len(), &edges)
}

/// The cheapest edge from `from` to each of its successors.
fn cheapest_steps(graph: &Graph<u32>, from: u32) -> BTreeMap<u32, u32> {
    let mut steps = BTreeMap::new();
    for &(to, cost) in &graph.forward[from as usize] {
        let best = steps.entry(to).or_insert(cost);
        *best = (*best).min(cost);
    }
    steps
}

/// Every simple path (no node twice) from a start to a goal, with no goal before its last
/// node, with its cost (the cheapest of parallel edges), each once, in no particular
/// order.
pub fn simple_paths(
    graph: &Graph<u32>,
    starts: &[u32],
    is_goal: &dyn Fn(u32) -> bool,
) -> Vec<(i64, Vec<u32>)> {
    fn walk(
        graph: &Graph<u32>,
        is_goal: &dyn Fn(u32) -> bool,
        path: &mut Vec<u32>,
        cost: i64,
        out: &mut Vec<(i64, Vec<u32>)>,
    ) {
        let at = *path.last().unwrap();
        if is_goal(at) {
            out.push((cost, path.clone()));
            return;
        }
        for (to, step) in cheapest_steps(graph, at) {
            if !path.contains(&to) {
                path.push(to);
                walk(graph, is_goal, path, cost + i64::from(step), out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for &start in starts {
        if !seen.contains(&start) {
            seen.push(start);
            walk(graph, is_goal, &mut vec![start], 0, &mut out);
        }
    }
    out
}

/// The number of optimal paths, by the oracle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    Finite(u128),
    Infinite,
}

/// The optimum and the number of optimal paths (walks: nodes may repeat) from `starts` to
/// a goal, no goal before the end.
///
/// The optimum and every node's least cost come from Bellman–Ford on the graph without the
/// edges out of goals. The count is infinite exactly when some node on an optimal path
/// (its cost from a start plus its cost to a goal is the optimum) lies on a cycle of
/// zero-cost edges. Otherwise it is `N(goal)` summed over the goals at the optimum, where
/// `N(v)` is 1 for a start plus `N(u)` for each distinct `u` with an edge `u -> v` and
/// `g(u) + c(u, v) = g(v)`.
pub fn optimal_count(
    graph: &Graph<u32>,
    starts: &[u32],
    is_goal: &dyn Fn(u32) -> bool,
) -> (Option<i64>, Count) {
    let n = graph.len();
    let cut = goal_cut(graph, is_goal);
    let dist = bellman_ford(&cut, starts).expect("costs are non-negative");
    let Some(best) = best_goal(&dist, is_goal) else {
        return (None, Count::Finite(0));
    };
    let goals: Vec<u32> = (0..n)
        .map(|v| u32::try_from(v).unwrap())
        .filter(|&v| is_goal(v))
        .collect();
    let to_goal = bellman_ford(&reversed(&cut), &goals).unwrap();
    let on_optimal_path =
        |v: usize| matches!((dist[v], to_goal[v]), (Some(a), Some(b)) if a + b == best);
    let zero_cycle_through = |v: usize| {
        // Nodes reachable from v by zero-cost edges; a cycle if v is among them.
        let mut seen = vec![false; n];
        let mut stack = vec![v];
        while let Some(at) = stack.pop() {
            for &(to, cost) in &cut.forward[at] {
                if cost == 0 && !seen[to as usize] {
                    seen[to as usize] = true;
                    stack.push(to as usize);
                }
            }
        }
        seen[v]
    };
    if (0..n).any(|v| on_optimal_path(v) && zero_cycle_through(v)) {
        return (Some(best), Count::Infinite);
    }
    let mut memo = HashMap::new();
    let total = goals
        .iter()
        .filter(|&&g| dist[g as usize] == Some(best))
        .map(|&g| paths_to(g, &cut, &dist, starts, &mut memo))
        .sum();
    (Some(best), Count::Finite(total))
}

/// The number of paths from a start to `v` over the optimal steps of `cut` (`dist`: the
/// least costs), memoised in `memo`.
fn paths_to(
    v: u32,
    cut: &Graph<u32>,
    dist: &[Option<i64>],
    starts: &[u32],
    memo: &mut HashMap<u32, u128>,
) -> u128 {
    if let Some(&known) = memo.get(&v) {
        return known;
    }
    let mut count = u128::from(starts.contains(&v));
    let mut preds: Vec<u32> = cut.backward[v as usize]
        .iter()
        .filter(|&&(u, cost)| {
            matches!((dist[u as usize], dist[v as usize]),
                (Some(du), Some(dv)) if du + i64::from(cost) == dv)
        })
        .map(|&(u, _)| u)
        .collect();
    preds.sort_unstable();
    preds.dedup();
    for u in preds {
        count += paths_to(u, cut, dist, starts, memo);
    }
    memo.insert(v, count);
    count
}

/// Exact distances to the goals (on the graph without the edges out of goals), each
/// scaled down by a factor in [0, 1] per node: an admissible heuristic, usually
/// inconsistent. Nodes that reach no goal get a large estimate (any is admissible).
pub fn scaled_heuristic(graph: &Graph<u32>, goals: &[u32], scales: &[u8]) -> Vec<u32> {
    let is_goal = |v: u32| goals.contains(&v);
    let to_goal = bellman_ford(&reversed(&goal_cut(graph, is_goal)), goals).unwrap();
    to_goal
        .iter()
        .zip(scales.iter().cycle())
        .map(|(d, &scale)| match d {
            Some(d) => u32::try_from(d * i64::from(scale) / 255).unwrap(),
            None => 1_000,
        })
        .collect()
}
