//! `InPlaceIdaStar` against a recursive reference IDA* written here, on random graphs with
//! and without `peek`, with and without pathmax (on graphs whose every edge has its
//! reverse), under expansion limits, visitor stops and a cost limit: plans, costs and
//! counters agree, and the space is restored on every exit.
use state_search::InPlaceSolver;
use state_search::{Event, InPlaceIdaStar, InPlaceSpace, Limits, Outcome, StopReason};
use std::ops::ControlFlow;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n`.
    fn index(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).unwrap()
    }
    /// A number in `0..n`.
    fn small(&mut self, n: u32) -> u32 {
        u32::try_from(self.next() % u64::from(n)).unwrap()
    }
}

#[derive(Clone)]
struct G {
    adj: Vec<Vec<usize>>,
    edges: Vec<(usize, usize, u32)>,
    rev: Vec<Option<usize>>,
    h: Vec<u32>,
    peekable: Vec<bool>,
    /// Edges whose peek gives half the estimate: a lower bound, which the engine must
    /// check again after applying the edge (as pattern databases with dual lookups do).
    peek_low: Vec<bool>,
    /// Every edge has its reverse at the same cost, and the engine raises estimates from
    /// children (`InPlaceSpace::pathmax`).
    pathmax: bool,
    /// The true distance of each node to the goal (`u32::MAX`: none), by Bellman-Ford.
    dist: Vec<u32>,
    goal: usize,
    cur: usize,
    trail: Vec<usize>,
}

impl InPlaceSpace for G {
    type Action = usize;
    type Cost = u32;
    type Actions = std::vec::IntoIter<usize>;
    fn actions(&self) -> Self::Actions {
        self.adj[self.cur].clone().into_iter()
    }
    fn apply(&mut self, e: usize) -> u32 {
        assert_eq!(
            self.edges[e].0, self.cur,
            "apply of an action not applicable"
        );
        self.trail.push(e);
        self.cur = self.edges[e].1;
        self.edges[e].2
    }
    fn undo(&mut self, e: usize) {
        assert_eq!(self.trail.pop(), Some(e), "undo out of order");
        self.cur = self.edges[e].0;
    }
    fn inverse(&self, e: usize) -> Option<usize> {
        self.rev[e]
    }
    fn heuristic(&self) -> u32 {
        self.h[self.cur]
    }
    fn peek(&self, e: usize) -> Option<(u32, u32)> {
        let h = self.h[self.edges[e].1];
        let h = if self.peek_low[e] { low(h) } else { h };
        self.peekable[e].then(|| (self.edges[e].2, h))
    }
    fn pathmax(&self) -> bool {
        self.pathmax
    }
}

/// The figure of a peek below the estimate `h`: half of it, and nothing of a dead end's
/// (which the engine learns only once it applies the edge).
fn low(h: u32) -> u32 {
    if h == u32::MAX { 0 } else { h / 2 }
}

/// A random graph of 2 to 10 nodes, edges of cost 1 to 4 (some with their reverse as the
/// inverse action; all of them with `pathmax`), a goal, and an admissible heuristic: a
/// random fraction of the true distance (where the goal is unreachable, the dead end's
/// `u32::MAX` or any small value), so mostly inconsistent. Two thirds of the edges can be
/// peeked at, a third of those with a peek below the estimate after the move.
fn random_graph(rng: &mut Rng, pathmax: bool) -> G {
    let nodes = 2 + rng.index(9);
    let mut adj = vec![Vec::new(); nodes];
    let mut edges = Vec::new();
    let mut rev = Vec::new();
    for _ in 0..rng.index(3 * nodes) {
        let (from, to) = (rng.index(nodes), rng.index(nodes));
        let cost = 1 + rng.small(4);
        let edge = edges.len();
        edges.push((from, to, cost));
        adj[from].push(edge);
        rev.push(None);
        if pathmax || rng.index(2) == 0 {
            edges.push((to, from, cost));
            adj[to].push(edge + 1);
            rev.push(Some(edge));
            rev[edge] = Some(edge + 1);
        }
    }
    let goal = rng.index(nodes);
    // True distances to the goal (Bellman-Ford).
    let mut dist = vec![u32::MAX; nodes];
    dist[goal] = 0;
    for _ in 0..nodes {
        for &(from, to, cost) in &edges {
            if dist[to] != u32::MAX && dist[to] + cost < dist[from] {
                dist[from] = dist[to] + cost;
            }
        }
    }
    let h: Vec<u32> = dist
        .iter()
        .map(|&d| {
            if d == u32::MAX {
                // Where the goal is unreachable: a dead end's mark, or any small value.
                [u32::MAX, rng.small(5)][rng.index(2)]
            } else {
                d * rng.small(101) / 100
            }
        })
        .collect();
    let peekable = (0..edges.len()).map(|_| rng.index(3) != 0).collect();
    let peek_low = (0..edges.len()).map(|_| rng.index(3) == 0).collect();
    G {
        adj,
        edges,
        rev,
        h,
        peekable,
        peek_low,
        pathmax,
        dist,
        goal,
        cur: 0,
        trail: Vec::new(),
    }
}

#[derive(Debug, PartialEq)]
enum R {
    Found(Vec<usize>, u32),
    NoPath,
    Stopped(StopReason),
}

struct Ref<'g> {
    peak: usize,
    g: &'g G,
    max_exp: Option<u64>,
    break_at: Option<u64>,
    expanded: u64,
    generated: u64,
    iterations: u64,
    events: u64,
}

impl Ref<'_> {
    fn open(&mut self) -> Result<(), StopReason> {
        if self.max_exp.is_some_and(|max| self.expanded >= max) {
            return Err(StopReason::Expansions);
        }
        self.events += 1;
        if Some(self.events) == self.break_at {
            return Err(StopReason::Visitor);
        }
        self.expanded += 1;
        Ok(())
    }
    /// Pathmax: raises `h`, the estimate of a node reached at `gcost`, to `child - step`
    /// when that is larger; whether the node is then beyond `bound` (and cut off).
    fn raise(
        &self,
        h: &mut u32,
        child: u32,
        step: u32,
        gcost: u32,
        bound: u32,
        next: &mut Option<u32>,
    ) -> bool {
        if !self.g.pathmax || child < step || child - step <= *h {
            return false;
        }
        *h = child - step;
        let f = gcost + *h;
        if f > bound {
            *next = Some(next.map_or(f, |x: u32| x.min(f)));
        }
        f > bound
    }
    #[expect(
        clippy::too_many_arguments,
        reason = "the reference's state, spelled out"
    )]
    fn dfs(
        &mut self,
        node: usize,
        gcost: u32,
        h: &mut u32,
        bound: u32,
        applied: Option<usize>,
        next: &mut Option<u32>,
        plan: &mut Vec<usize>,
    ) -> Result<bool, StopReason> {
        let inv = applied.and_then(|a| self.g.rev[a]);
        for &e in &self.g.adj[node] {
            if Some(e) == inv {
                continue;
            }
            self.generated += 1;
            let (_, to, c) = self.g.edges[e];
            let g2 = gcost + c;
            // A peek below the estimate rejects on its own figure first (the next bound
            // may then be lower than the estimate would make it), then the estimate after
            // the move decides.
            if self.g.peekable[e] && self.g.peek_low[e] {
                let peeked = g2 + low(self.g.h[to]);
                if peeked > bound {
                    *next = Some(next.map_or(peeked, |x: u32| x.min(peeked)));
                    if self.raise(h, low(self.g.h[to]), c, gcost, bound, next) {
                        return Ok(false);
                    }
                    continue;
                }
            }
            // A dead end is pruned, not cut off: it sets no bound and raises nothing.
            if self.g.h[to] == u32::MAX {
                continue;
            }
            let f = g2 + self.g.h[to];
            if f > bound {
                *next = Some(next.map_or(f, |x: u32| x.min(f)));
                if self.raise(h, self.g.h[to], c, gcost, bound, next) {
                    return Ok(false);
                }
                continue;
            }
            plan.push(e);
            if to == self.g.goal {
                return Ok(true);
            }
            self.open()?;
            self.peak = self.peak.max(plan.len() + 1);
            let mut child = self.g.h[to];
            if self.dfs(to, g2, &mut child, bound, Some(e), next, plan)? {
                return Ok(true);
            }
            plan.pop();
            if self.raise(h, child, c, gcost, bound, next) {
                return Ok(false);
            }
        }
        Ok(false)
    }
    fn run(&mut self, max_cost: u32) -> R {
        let mut bound = self.g.h[0];
        loop {
            if bound > max_cost {
                return R::Stopped(StopReason::Cost);
            }
            self.iterations += 1;
            if self.g.h[0] > bound {
                unreachable!()
            }
            if self.g.goal == 0 {
                return R::Found(vec![], 0);
            }
            if let Err(r) = self.open() {
                return R::Stopped(r);
            }
            self.peak = self.peak.max(1);
            let mut next = None;
            let mut plan = Vec::new();
            let mut h = self.g.h[0];
            match self.dfs(0, 0, &mut h, bound, None, &mut next, &mut plan) {
                Err(r) => return R::Stopped(r),
                Ok(true) => {
                    let c = plan.iter().map(|&e| self.g.edges[e].2).sum();
                    return R::Found(plan, c);
                }
                Ok(false) => {}
            }
            self.events += 1; // IterationFinished
            if Some(self.events) == self.break_at {
                return R::Stopped(StopReason::Visitor);
            }
            match next {
                Some(b) => bound = b,
                None => return R::NoPath,
            }
        }
    }
}

#[test]
fn in_place_idastar_matches_a_recursive_reference_and_restores_the_space() {
    let mut rng = Rng(12345);
    // Graphs where pathmax saved nodes: the test would not see it break otherwise.
    let mut raised = 0;
    for round in 0..4000 {
        let g0 = random_graph(&mut rng, round % 2 == 1);
        if g0.pathmax {
            let plain = |pathmax| {
                let mut g = G {
                    pathmax,
                    ..g0.clone()
                };
                let goal = g0.goal;
                let ida = InPlaceIdaStar::new().with_limits(Limits::new().max_cost(14));
                ida.search(&mut g, |s: &G| s.cur == goal).stats.generated
            };
            raised += usize::from(plain(true) < plain(false));
        }
        let max_cost = 14;
        // unlimited first
        for (max_exp, break_at) in [(None, None)]
            .into_iter()
            .chain((0..12).map(|k| (Some(k), None)))
            .chain((1..14).map(|k| (None, Some(k))))
        {
            let mut reference = Ref {
                peak: 0,
                g: &g0,
                max_exp,
                break_at,
                expanded: 0,
                generated: 0,
                iterations: 0,
                events: 0,
            };
            let want = reference.run(max_cost);
            if (max_exp, break_at) == (None, None) {
                // The optimum, as Bellman-Ford has it.
                match (&want, g0.dist[0]) {
                    (R::Found(_, cost), best) => assert_eq!(*cost, best, "the optimum"),
                    (_, best) => assert!(best > max_cost, "{want:?}, distance {best}"),
                }
            }
            let mut g = g0.clone();
            let mut limits = Limits::new().max_cost(max_cost);
            if let Some(m) = max_exp {
                limits = limits.max_expansions(m);
            }
            let ida = InPlaceIdaStar::new().with_limits(limits);
            let mut events = 0u64;
            let mut visitor = |ev: Event<'_, G, u32>| {
                if let Event::Expanded { state, .. } = ev {
                    let _ = state.cur;
                }
                events += 1;
                if Some(events) == break_at {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            let goal = g0.goal;
            let search = ida.search_with(&mut g, |s: &G| s.cur == goal, &mut visitor);
            assert_eq!(
                (g.cur, g.trail.len()),
                (0, 0),
                "space not restored: {:?}",
                search.outcome
            );
            let got = match search.outcome {
                Outcome::Found(p) => R::Found(p.actions, p.cost),
                Outcome::NoPath => R::NoPath,
                Outcome::Stopped(r) => R::Stopped(r),
            };
            assert_eq!(got, want, "max_exp {max_exp:?} break {break_at:?}");
            assert_eq!(search.stats.expanded, reference.expanded, "expanded");
            assert_eq!(search.stats.iterations, reference.iterations, "iterations");
            if matches!(got, R::Found(..) | R::NoPath) {
                assert_eq!(search.stats.peak_open, reference.peak, "peak");
            }
            assert_eq!(
                search.stats.generated, reference.generated,
                "generated {got:?}"
            );
        }
    }
    assert!(raised > 50, "pathmax saved nodes on {raised} graphs");
}

struct Neg {
    v: i32,
    peek: bool,
}
impl InPlaceSpace for Neg {
    type Action = i32;
    type Cost = i32;
    type Actions = core::array::IntoIter<i32, 2>;
    fn actions(&self) -> Self::Actions {
        [1, -1].into_iter()
    }
    fn apply(&mut self, a: i32) -> i32 {
        self.v += a;
        if self.v == 3 { -1 } else { 1 }
    }
    fn undo(&mut self, a: i32) {
        self.v -= a;
    }
    fn inverse(&self, a: i32) -> Option<i32> {
        Some(-a)
    }
    fn peek(&self, a: i32) -> Option<(i32, i32)> {
        self.peek.then(|| (if self.v + a == 3 { -1 } else { 1 }, 0))
    }
}

#[test]
fn a_negative_action_cost_stops_the_search_with_the_space_restored() {
    for peek in [false, true] {
        let mut s = Neg { v: 0, peek };
        let search = InPlaceIdaStar::new()
            .with_limits(Limits::new().max_cost(10))
            .search(&mut s, |s: &Neg| s.v == 100);
        assert_eq!(search.stop_reason(), Some(StopReason::NegativeCost));
        assert_eq!(s.v, 0, "peek {peek}");
    }
}
