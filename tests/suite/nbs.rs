//! NBS's guarantee on expansions (Chen, Holte, Zilles and Sturtevant 2017), checked on
//! small random graphs against a brute force: with consistent heuristics, the pairs it
//! expands whose bound `lb` is below the optimum `C*` share no state, so there are at most
//! as many as a minimum vertex cover of the must-expand pairs has states (König: the size
//! of a maximum matching, found here by augmenting paths); no pair it expands has `lb`
//! above `C*`; and it never expands a state twice.

use core::ops::ControlFlow;

use crate::common::graph::{Nodes, arb_graph, bellman_ford, is, watcher};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use state_search::{Event, Limits, Problem, Strategy};

/// The estimate of a state that cannot reach the other end: any is admissible, and one
/// above every other keeps the heuristic consistent.
const DEAD_END: i64 = 100_000;

/// Exact distances to (or from) one state scaled by `scale / 4`: consistent and
/// admissible.
fn consistent(distances: &[Option<i64>], scale: i64) -> Vec<i64> {
    distances
        .iter()
        .map(|d| d.map_or(DEAD_END, |d| d * scale / 4))
        .collect()
}

/// The size of a maximum matching of the bipartite graph whose left vertex `u` has the
/// right neighbours `edges[u]` (Kuhn's augmenting paths): by König's theorem, the size
/// of a minimum vertex cover.
fn maximum_matching(edges: &[Vec<usize>], right: usize) -> usize {
    fn augment(
        u: usize,
        edges: &[Vec<usize>],
        seen: &mut [bool],
        mate: &mut [Option<usize>],
    ) -> bool {
        for &v in &edges[u] {
            if !seen[v] {
                seen[v] = true;
                if mate[v].is_none_or(|w| augment(w, edges, seen, mate)) {
                    mate[v] = Some(u);
                    return true;
                }
            }
        }
        false
    }
    let mut mate = vec![None; right];
    (0..edges.len())
        .filter(|&u| augment(u, edges, &mut vec![false; right], &mut mate))
        .count()
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/nbs.txt",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn nbs_expands_at_most_a_minimum_vertex_cover_of_the_must_expand_pairs_twice(
        g in arb_graph(14, 40, 1u32..=6),
        ends in (0u32..14, 0u32..14),
        scales in (0i64..=4, 0i64..=4),
    ) {
        let n = g.len();
        let nodes = u32::try_from(n).unwrap();
        let (start, goal) = (ends.0 % nodes, ends.1 % nodes);
        let from_start = bellman_ford(&g, &[start]).unwrap();
        let to_goal = bellman_ford(&g.reversed(), &[goal]).unwrap();
        let Some(optimum) = from_start[goal as usize] else {
            return Ok(()); // no path: every pair is below an infinite optimum
        };
        let h_forward = consistent(&to_goal, scales.0);
        let h_backward = consistent(&from_start, scales.1);
        // ε is zero: the graph declares no uniform step cost.
        let lb = |u: usize, g_u: i64, v: usize, g_v: i64| {
            (g_u + h_forward[u]).max(g_v + h_backward[v]).max(g_u + g_v)
        };
        // The must-expand pairs: a forward state and a backward state, each at its least
        // cost, whose bound is below the optimum.
        let must: Vec<Vec<usize>> = (0..n)
            .map(|u| match from_start[u] {
                None => Vec::new(),
                Some(g_u) => (0..n)
                    .filter(|&v| to_goal[v].is_some_and(|g_v| lb(u, g_u, v, g_v) < optimum))
                    .collect(),
            })
            .collect();
        let cover = maximum_matching(&must, n);

        let problem = Problem::new(&g, [start], is(goal))
            .heuristic(|&s: &u32| u32::try_from(h_forward[s as usize]).unwrap())
            .indexer(Nodes(n))
            .backward(goal)
            .backward_heuristic(|&s: &u32| u32::try_from(h_backward[s as usize]).unwrap());
        let mut expanded = Vec::new();
        let mut reopened = 0;
        let mut watch = watcher(|event| {
            match event {
                Event::Expanded { state, cost, .. } => expanded.push((*state as usize, i64::from(cost))),
                Event::Reopened { .. } => reopened += 1,
                _ => {}
            }
            ControlFlow::Continue(())
        });
        let search = Strategy::Nbs.run_with(&problem, &Limits::new(), &mut watch).unwrap();
        drop(watch); // it borrows `expanded` and `reopened`
        prop_assert_eq!(search.found().map(|f| i64::from(f.cost)), Some(optimum));
        prop_assert_eq!(reopened, 0);
        // The expansions come in pairs, the forward state first, each at its least cost.
        prop_assert_eq!(expanded.len() % 2, 0, "{:?}", expanded);
        let mut below = 0;
        for pair in expanded.chunks(2) {
            let [(u, g_u), (v, g_v)] = [pair[0], pair[1]];
            prop_assert_eq!(Some(g_u), from_start[u], "forwards: {:?}", pair);
            prop_assert_eq!(Some(g_v), to_goal[v], "backwards: {:?}", pair);
            let bound = lb(u, g_u, v, g_v);
            prop_assert!(bound <= optimum, "{:?}: lb {} above C* {}", pair, bound, optimum);
            below += usize::from(bound < optimum);
        }
        prop_assert!(below <= cover, "{} pairs below C*, a cover of {}", below, cover);
    }
}
