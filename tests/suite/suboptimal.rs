//! The suboptimal strategies (`wastar:W`, `focal:W`, `ees:W`, `dps:W`, `gbfs`, `beam:K`) and the
//! partial paths of stopped searches, run through `Strategy::run`
//! with every storage on random graphs and checked against the oracles of
//! `common/graph.rs`: each strategy's own promise (a cost bound, completeness, improving
//! solutions, the most promising partial path), checked without the engines' help.

use crate::common::graph;

use core::num::NonZeroUsize;
use core::ops::ControlFlow;
use std::collections::BTreeSet;

use graph::{
    Graph, Nodes, among, arb_graph, bellman_ford, best_goal, bfs_steps, lookup, path_cost,
};
use proptest::prelude::*;
use proptest::strategy::Strategy as _;
use proptest::test_runner::FileFailurePersistence;
use state_search::strategy::{Queue, Weight};
use state_search::{
    Event, Limits, Outcome, Problem, Search, Solution, StopReason, StoragePolicy, Strategy, Tie,
    visitor,
};

/// The storage policies every strategy runs with (the problem always has an indexer).
pub(crate) const STORAGES: [StoragePolicy; 3] = [
    StoragePolicy::Auto,
    StoragePolicy::Dense,
    StoragePolicy::Hashed,
];

/// What the heuristic and the distance-to-go say of a node that cannot reach a goal.
const DEAD_END: u32 = 1000;

/// 256 cases per property; failures are saved and replayed first on later runs.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/suboptimal.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// A random problem: a weighted graph, its start and goal nodes, per node a scale for an
/// admissible heuristic, and per node an arbitrary number (an estimate that need not be
/// admissible).
#[derive(Clone, Debug)]
pub(crate) struct Case {
    pub(crate) graph: Graph<u32>,
    pub(crate) starts: Vec<u32>,
    pub(crate) goals: Vec<u32>,
    scales: Vec<u8>,
    pub(crate) noise: Vec<u32>,
}

/// What the oracles say of a case.
pub(crate) struct Oracle {
    /// The least cost from a start to a goal, if a goal is reachable.
    pub(crate) optimum: Option<i64>,
    /// An admissible heuristic: the least cost to a goal scaled down per node by a factor
    /// in [0, 1], so usually inconsistent.
    pub(crate) h: Vec<u32>,
    /// The least cost to a goal (a node that cannot reach one: [`DEAD_END`]), the perfect
    /// heuristic: consistent, and so is any fraction of it rounded down.
    pub(crate) exact: Vec<u32>,
    /// The fewest steps to a goal: a distance-to-go.
    steps: Vec<u32>,
}

impl Case {
    pub(crate) fn is_goal(&self, node: u32) -> bool {
        self.goals.contains(&node)
    }

    pub(crate) fn nodes(&self) -> usize {
        self.graph.len()
    }

    pub(crate) fn oracle(&self) -> Oracle {
        let reversed = Graph {
            forward: self.graph.backward.clone(),
            backward: self.graph.forward.clone(),
            uniform: None,
        };
        let to_goal = bellman_ford(&reversed, &self.goals).unwrap();
        let h = to_goal
            .iter()
            .zip(&self.scales)
            .map(|(d, &scale)| d.map_or(DEAD_END, |d| to_u32(d * i64::from(scale) / 4)))
            .collect();
        let exact = to_goal.iter().map(|d| d.map_or(DEAD_END, to_u32)).collect();
        let steps = bfs_steps(&reversed, &self.goals)
            .into_iter()
            .map(|s| s.map_or(DEAD_END, |s| u32::try_from(s).unwrap()))
            .collect();
        let optimum = best_goal(&bellman_ford(&self.graph, &self.starts).unwrap(), |s| {
            self.is_goal(s)
        });
        Oracle {
            optimum,
            h,
            exact,
            steps,
        }
    }
}

fn to_u32(n: i64) -> u32 {
    u32::try_from(n).unwrap()
}

/// A random problem: half the time a random graph on up to 30 nodes, with starts and
/// goals anywhere; half the time a layered one, 2 to 6 layers of 1 to 5 nodes with steps
/// from each layer to the next and a few edges anywhere, starts in the first layer and
/// goals in the last, where many paths compete. Edges cost 0 to 9.
pub(crate) fn arb_case() -> impl proptest::strategy::Strategy<Value = Case> {
    use prop::collection::vec;
    let random = arb_graph(30, 150, 0u32..=9).prop_flat_map(|graph| {
        let node = 0..u32::try_from(graph.len()).unwrap();
        (Just(graph), vec(node.clone(), 1..=2), vec(node, 1..=3))
    });
    let layered = (2u32..=8, 1u32..=6).prop_flat_map(|(layers, width)| {
        let n = layers * width;
        let inner = n - width; // the nodes of every layer but the last
        let count = inner as usize;
        (
            vec((0..inner, 0..width, 0u32..=9), count..=3 * count),
            vec((0..n, 0..n, 0u32..=9), 0..=n as usize),
            vec(0..width, 1..=2),
            vec(inner..n, 1..=3),
        )
            .prop_map(move |(steps, anywhere, starts, goals)| {
                let next = |from: u32, j: u32| (from / width + 1) * width + j;
                let mut edges: Vec<_> = steps.iter().map(|&(u, j, c)| (u, next(u, j), c)).collect();
                edges.extend(anywhere);
                (Graph::new(n as usize, &edges), starts, goals)
            })
    });
    prop_oneof![random, layered].prop_flat_map(|(graph, starts, goals)| {
        let n = graph.len();
        let scale = prop_oneof![0u8..=4, Just(0), Just(4)];
        (
            Just(graph),
            Just(starts),
            Just(goals),
            vec(scale, n),
            vec(0u32..=30, n),
        )
            .prop_map(|(graph, starts, goals, scales, noise)| Case {
                graph,
                starts,
                goals,
                scales,
                noise,
            })
    })
}

/// A weight in millionths: one of the usual ones, or any decimal from 1 to 6.
pub(crate) fn arb_weight() -> impl proptest::strategy::Strategy<Value = u64> {
    prop_oneof![
        prop::sample::select(vec![
            1_000_000u64,
            1_200_000,
            1_500_000,
            2_000_000,
            3_000_000,
            5_000_000
        ]),
        1_000_000u64..=6_000_000,
    ]
}

pub(crate) fn weight(millionths: u64) -> Weight {
    Weight::from_millionths(millionths).unwrap()
}

/// Runs `strategy` on `case` with the heuristic `h`, the distance-to-go `distance` (if
/// any), `storage` and `limits`, showing every event to `watch`.
pub(crate) fn run(
    case: &Case,
    strategy: Strategy,
    h: &[u32],
    distance: Option<&[u32]>,
    storage: StoragePolicy,
    limits: &Limits<u32>,
    watch: &mut dyn FnMut(Event<'_, u32, u32>) -> ControlFlow<()>,
) -> Search<Solution<u32, u32>> {
    // One type of problem and of visitor for every caller (see `graph::is`).
    let problem = Problem::new(&case.graph, case.starts.iter().copied(), among(&case.goals))
        .heuristic(lookup(h))
        .indexer(Nodes(case.nodes()))
        .storage(storage);
    let mut watch = visitor(watch);
    let result = match distance {
        Some(d) => strategy.run_with(&problem.distance_to_go(lookup(d)), limits, &mut watch),
        None => strategy.run_with(&problem, limits, &mut watch),
    };
    result.unwrap_or_else(|error| panic!("{strategy} {storage}: {error:?}"))
}

/// [`run`] without limits or events.
fn run_plain(
    case: &Case,
    strategy: Strategy,
    h: &[u32],
    distance: Option<&[u32]>,
    storage: StoragePolicy,
) -> Search<Solution<u32, u32>> {
    let mut ignore = |_: Event<'_, u32, u32>| ControlFlow::Continue(());
    run(
        case,
        strategy,
        h,
        distance,
        storage,
        &Limits::new(),
        &mut ignore,
    )
}

/// The costs of the walks along `path`, one per choice among parallel edges (empty when
/// some pair is not an edge).
fn walk_costs(graph: &Graph<u32>, path: &[u32]) -> BTreeSet<i64> {
    let mut costs = BTreeSet::from([0]);
    for pair in path.windows(2) {
        let steps = graph.forward[pair[0] as usize]
            .iter()
            .filter(|&&(to, _)| to == pair[1])
            .map(|&(_, step)| i64::from(step));
        costs = steps
            .flat_map(|step| costs.iter().map(move |&c| c + step))
            .collect();
    }
    costs
}

/// Checks that `solution` is a real path from a start state, every step an edge, whose
/// cost is the cost reported (for some choice among parallel edges), ending at a goal
/// when `to_goal`.
pub(crate) fn check_path(
    name: &str,
    case: &Case,
    solution: &Solution<u32, u32>,
    to_goal: bool,
) -> Result<(), TestCaseError> {
    let path = &solution.path;
    prop_assert!(
        path.first().is_some_and(|s| case.starts.contains(s)),
        "{}: {:?} does not leave a start",
        name,
        path
    );
    if to_goal {
        prop_assert!(
            case.is_goal(*path.last().unwrap()),
            "{}: {:?} does not end at a goal",
            name,
            path
        );
    }
    prop_assert!(
        path_cost(&case.graph, path).is_some(),
        "{}: {:?} is not a path",
        name,
        path
    );
    let costs = walk_costs(&case.graph, path);
    prop_assert!(
        costs.contains(&i64::from(solution.cost)),
        "{}: the cost reported, {}, is not a cost of the path {:?}: {:?}",
        name,
        solution.cost,
        path,
        costs
    );
    Ok(())
}

/// The least cost at which each node was reached by a search that expanded `expanded`
/// (each state with the cost it was expanded at) from `starts`: the starts at zero, the
/// successors of each expansion at its cost plus the step.
fn reached(case: &Case, expanded: &[(u32, u32)]) -> Vec<Option<u32>> {
    let mut seen = vec![None; case.nodes()];
    for &start in &case.starts {
        seen[start as usize] = Some(0);
    }
    for &(state, cost) in expanded {
        for &(to, step) in &case.graph.forward[state as usize] {
            let g = cost + step;
            let old: &mut Option<u32> = &mut seen[to as usize];
            *old = Some(old.map_or(g, |old| old.min(g)));
        }
    }
    seen
}

/// Checks the partial result of a stopped search: a real path from a start state to a
/// state reached at least at the cost reported, and, when `h` is given, the state of
/// least `h` among those reached, ties broken by the least cost.
pub(crate) fn check_partial(
    name: &str,
    case: &Case,
    search: &Search<Solution<u32, u32>>,
    expanded: &[(u32, u32)],
    h: Option<&[u32]>,
) -> Result<(), TestCaseError> {
    let Some(partial) = &search.partial else {
        return Err(TestCaseError::fail(format!(
            "{name}: stopped without a partial path"
        )));
    };
    check_path(name, case, partial, false)?;
    let end = *partial.path.last().unwrap();
    let seen = reached(case, expanded);
    // The engine ranks states by the cost they were reached at (`seen`); the path it
    // returns can be cheaper than that when a state on it was reached more cheaply after
    // it was expanded, and its cost is what the path costs (checked above).
    let Some(reached_at) = seen[end as usize] else {
        return Err(TestCaseError::fail(format!(
            "{name}: the end {end} was never reached"
        )));
    };
    prop_assert!(
        partial.cost <= reached_at,
        "{}: the path costs {} but its end was reached at {}",
        name,
        partial.cost,
        reached_at
    );
    if let Some(h) = h {
        let most_promising = (0..case.nodes())
            .filter_map(|node| seen[node].map(|g| (h[node], g)))
            .min();
        prop_assert_eq!(
            Some((h[end as usize], reached_at)),
            most_promising,
            "{}: {:?} does not end at the most promising state (h, g)",
            name,
            partial.path
        );
    } else {
        // Without estimates every state is as promising: the path is a start.
        prop_assert_eq!(partial.path.len(), 1, "{}: {:?}", name, partial.path);
    }
    Ok(())
}

/// Fails with the outcome and what was expected.
pub(crate) fn unexpected<T: core::fmt::Debug>(
    name: &str,
    outcome: &Outcome<T>,
    optimum: Option<i64>,
) -> Result<(), TestCaseError> {
    Err(TestCaseError::fail(format!(
        "{name}: got {outcome:?}, the optimum is {optimum:?}"
    )))
}

proptest! {
    #![proptest_config(config())]

    /// `wastar:W`, `focal:W` and `ees:W` (with no distance-to-go, the fewest steps to a
    /// goal, and an arbitrary one) and `dps:W` with an admissible, usually inconsistent heuristic: a real path of at
    /// most `W` times the optimum, the optimum itself for `W = 1`, no path when there is
    /// none.
    #[test]
    fn weighted_and_focal_costs_are_within_the_weight(
        case in arb_case(),
        millionths in arb_weight(),
    ) {
        let oracle = case.oracle();
        for m in [1_000_000, millionths] {
            let w = weight(m);
            let runs: [(Strategy, Option<&[u32]>); 8] = [
                (Strategy::WeightedAStar(w), None),
                (Strategy::Focal(w), None),
                (Strategy::Focal(w), Some(&oracle.steps)),
                (Strategy::Focal(w), Some(&case.noise)),
                (Strategy::Ees(w), None),
                (Strategy::Ees(w), Some(&oracle.steps)),
                (Strategy::Ees(w), Some(&case.noise)),
                (Strategy::Dps(w), None),
            ];
            for (strategy, distance) in runs {
                for storage in STORAGES {
                    let name = format!("{strategy} {storage} distance {distance:?}");
                    let search = run_plain(&case, strategy, &oracle.h, distance, storage);
                    match (&search.outcome, oracle.optimum) {
                        (Outcome::Found(found), Some(best)) => {
                            check_path(&name, &case, found, true)?;
                            let cost = i64::from(found.cost);
                            prop_assert!(cost >= best, "{}: {} below the optimum {}", name, cost, best);
                            // cost <= W best, exactly: W is m millionths.
                            prop_assert!(
                                i128::from(cost) * 1_000_000 <= i128::from(m) * i128::from(best),
                                "{}: cost {} above {} times the optimum {}", name, cost, w, best
                            );
                        }
                        (Outcome::NoPath, None) => {}
                        (outcome, optimum) => unexpected(&name, outcome, optimum)?,
                    }
                    prop_assert!(search.partial.is_none(), "{}: a partial path after an answer", name);
                }
            }
        }
    }

    /// `gbfs` and `beam:K`, with an admissible heuristic or an arbitrary one: every path
    /// found is real, from a start to a goal, of the cost reported. `gbfs` is complete on a
    /// finite graph; `beam:K` may miss a path only by pruning (and says so), never for
    /// `K` at least the number of nodes.
    #[test]
    fn greedy_and_beam_find_real_paths_and_only_the_beam_misses(
        case in arb_case(),
        width in 1usize..=6,
        arbitrary in any::<bool>(),
    ) {
        let oracle = case.oracle();
        let h = if arbitrary { &case.noise } else { &oracle.h };
        let n = case.nodes();
        let strategies = [width, n, n + 3]
            .map(|k| Strategy::Beam(NonZeroUsize::new(k).unwrap()));
        for strategy in [Strategy::Greedy].into_iter().chain(strategies) {
            for storage in STORAGES {
                let name = format!("{strategy} {storage} on {n} nodes");
                let search = run_plain(&case, strategy, h, None, storage);
                let complete = match strategy {
                    Strategy::Beam(k) => k.get() >= n,
                    _ => true,
                };
                match (&search.outcome, oracle.optimum) {
                    (Outcome::Found(found), Some(best)) => {
                        check_path(&name, &case, found, true)?;
                        prop_assert!(i64::from(found.cost) >= best, "{}: below the optimum", name);
                    }
                    (Outcome::NoPath, None) => {}
                    (Outcome::Stopped(StopReason::Pruned), _) if !complete => {
                        if let Some(partial) = &search.partial {
                            check_path(&name, &case, partial, false)?;
                        }
                    }
                    (outcome, optimum) => unexpected(&name, outcome, optimum)?,
                }
            }
        }
    }

    /// A* and its weighted, greedy, focal, EES and DPS variants, and Dijkstra, stopped by a small
    /// expansion limit: the partial result is a real path from a start to the most
    /// promising state reached (least `h`, then least `g`; for Dijkstra, a start), with
    /// an admissible heuristic or an arbitrary one. Searches that answer have none.
    #[test]
    fn a_stopped_search_returns_the_path_to_the_most_promising_state(
        case in arb_case(),
        millionths in arb_weight(),
        budget in 0u64..=8,
        arbitrary in any::<bool>(),
    ) {
        let oracle = case.oracle();
        let h = if arbitrary { &case.noise } else { &oracle.h };
        let w = weight(millionths);
        let strategies = [
            Strategy::AStar,
            Strategy::AStarBucket,
            Strategy::WeightedAStar(w),
            Strategy::Greedy,
            Strategy::Focal(w),
            Strategy::Ees(w),
            Strategy::Dps(w),
            Strategy::Dijkstra(Queue::Heap),
            Strategy::Dijkstra(Queue::Bucket),
        ];
        for strategy in strategies {
            for storage in STORAGES {
                let name = format!("{strategy} {storage} stopped after {budget}");
                let mut expanded = Vec::new();
                let limits = Limits::new().max_expansions(budget);
                let search = run(&case, strategy, h, None, storage, &limits, &mut |event| {
                    if let Event::Expanded { state, cost, .. } = event {
                        expanded.push((*state, cost));
                    }
                    ControlFlow::Continue(())
                });
                match &search.outcome {
                    Outcome::Stopped(StopReason::Expansions) => {
                        let estimates = strategy.uses_heuristic().then_some(&h[..]);
                        check_partial(&name, &case, &search, &expanded, estimates)?;
                    }
                    Outcome::Found(found) => {
                        check_path(&name, &case, found, true)?;
                        prop_assert!(search.partial.is_none(), "{}: a partial path after an answer", name);
                    }
                    outcome => {
                        prop_assert!(matches!(outcome, Outcome::NoPath), "{}: {:?}", name, outcome);
                        prop_assert!(search.partial.is_none(), "{}: a partial path after an answer", name);
                    }
                }
            }
        }
    }

    /// Every strategy's spelling reads back as the strategy, for any weight and width;
    /// a decimal weight as a user writes it is kept exactly.
    #[test]
    fn every_spelling_reads_back(
        millionths in 1_000_000u64..,
        small in 1_000_000u64..=20_000_000,
        width in 1usize..,
        whole in 1u64..=1000,
        fraction in "[0-9]{0,6}",
    ) {
        let parameterized = [millionths, small].into_iter().flat_map(|m| {
            let w = weight(m);
            [
                Strategy::WeightedAStar(w),
                Strategy::Focal(w),
                Strategy::Ees(w),
                Strategy::Dps(w),
                Strategy::Anytime(w),
                Strategy::AraStar(w),
            ]
        });
        let widths = [width, 1, usize::MAX].map(|k| Strategy::Beam(NonZeroUsize::new(k).unwrap()));
        // The default rule is `astar`, spelled and read as `Strategy::AStar`.
        let ties = Tie::ALL.map(Strategy::AStarTie).into_iter().filter(|s| s.pattern() != "astar");
        for strategy in Strategy::ALL.into_iter().chain(parameterized).chain(widths).chain(ties) {
            let spelled = strategy.to_string();
            prop_assert_eq!(spelled.parse::<Strategy>(), Ok(strategy), "{}", spelled);
        }
        let text = if fraction.is_empty() { whole.to_string() } else { format!("{whole}.{fraction}") };
        let digits = format!("{fraction:0<6}");
        let exact = whole * 1_000_000 + digits.parse::<u64>().unwrap();
        for (stem, strategy) in [
            ("wastar", Strategy::WeightedAStar(weight(exact))),
            ("focal", Strategy::Focal(weight(exact))),
            ("ees", Strategy::Ees(weight(exact))),
            ("dps", Strategy::Dps(weight(exact))),
            ("anytime", Strategy::Anytime(weight(exact))),
            ("arastar", Strategy::AraStar(weight(exact))),
        ] {
            let parsed = format!("{stem}:{text}").parse::<Strategy>();
            prop_assert_eq!(parsed, Ok(strategy), "{}:{}", stem, text);
        }
    }

    /// A weight below 1, not a decimal, or with more than six decimals, and a width that is
    /// not a whole number of at least 1, are refused with the name and what a parameter is.
    #[test]
    fn bad_parameters_are_refused_with_what_a_parameter_is(
        stem in prop::sample::select(vec!["wastar", "focal", "ees", "dps", "anytime", "arastar"]),
        bad_weight in prop_oneof![
            "0(\\.[0-9]{0,6})?",
            "[0-9]{0,2}[a-z ,_+-][0-9a-z]{0,3}",
            "[1-9]\\.[0-9]{7,9}",
            "\\.[0-9]{1,3}",
            Just(String::new()),
        ],
        bad_width in prop_oneof!["0+", "-[0-9]{1,4}", "[a-z]{1,4}", "[1-9]\\.[0-9]", Just(String::new())],
        bad_tie in "[a-z0-9 =-]{0,8}".prop_filter("a rule", |t| t.parse::<Tie>().is_err()),
    ) {
        for (name, what) in [
            (format!("{stem}:{bad_weight}"), "a weight is a decimal of at least 1"),
            (format!("beam:{bad_width}"), "a beam width is a whole number of at least 1"),
            (format!("astar:tie={bad_tie}"), "a tie rule is high-g, low-g, newest or oldest"),
        ] {
            let error = name.parse::<Strategy>();
            prop_assert!(error.is_err(), "{} was read as {:?}", name, error);
            let error = error.unwrap_err();
            prop_assert_eq!(&error.name, &name);
            let message = error.to_string();
            prop_assert!(message.starts_with("invalid strategy"), "{}", message);
            prop_assert!(message.contains(&format!("{name:?}")) && message.contains(what), "{}", message);
        }
    }
}

#[test]
fn the_usual_bad_parameters_are_refused() {
    for name in [
        "wastar:0.5",
        "beam:0",
        "wastar:abc",
        "focal:",
        "anytime:0.999999",
        "arastar:0",
    ] {
        let error = name.parse::<Strategy>().unwrap_err();
        assert_eq!(error.name, name);
        assert!(
            error
                .to_string()
                .starts_with(&format!("invalid strategy {name:?}: a ")),
            "{error}"
        );
    }
    let unknown = "wastarr:2".parse::<Strategy>().unwrap_err();
    assert!(
        unknown.to_string().starts_with("unknown strategy"),
        "{unknown}"
    );
}

/// A search that reaches a state more cheaply after it reached others through it
/// re-parents the state but leaves the others' costs as they were: the path then runs
/// through the cheaper way while the cost is still that of the first way. Three small
/// graphs where focal search, beam search and a stopped A* (with an inconsistent,
/// inadmissible heuristic) each meet this; the cost reported must be that of the path.
#[test]
fn the_cost_reported_is_the_cost_of_the_path_after_a_cheaper_way_is_found() {
    // Each: the strategy, the edges, the goal, h, the distance-to-go, the expansion limit.
    type Example = (
        Strategy,
        &'static [(u32, u32, u32)],
        u32,
        &'static [u32],
        Option<&'static [u32]>,
        Option<u64>,
    );
    let examples: [Example; 3] = [
        // 0 -> 2 -> 3 first (12); then 0 -> 1 -> 2 reopens 2 and 3 leaves the focal list
        // at 12 through a path that costs 8.
        (
            Strategy::Focal(Weight::TWO),
            &[(0, 1, 5), (0, 2, 9), (1, 2, 0), (2, 3, 3)],
            3,
            &[0, 0, 1, 0],
            Some(&[2, 2, 1, 0]),
            None,
        ),
        // Layer 1 holds 1 and 2 (cost 4), layer 2 holds 3 and 4 (cost 8); from 3 the
        // beam reaches 2 at cost 1, from 4 the goal 5 at 10, along a path costing 7.
        (
            Strategy::Beam(NonZeroUsize::new(6).unwrap()),
            &[
                (0, 1, 0),
                (0, 2, 4),
                (1, 3, 1),
                (3, 2, 0),
                (2, 4, 4),
                (4, 5, 2),
            ],
            5,
            &[0; 6],
            None,
            None,
        ),
        // A* expands 0, 1 (reaching 3 at 14), then 2, which reaches 1 at 2 and stops: the
        // most promising state is 3 (h = 0), at 14 by the cost, along 0 2 1 3 costing 7.
        (
            Strategy::AStar,
            &[(0, 1, 9), (0, 2, 1), (2, 1, 1), (1, 3, 5)],
            4,
            &[10, 1, 10, 0, 0],
            None,
            Some(3),
        ),
    ];
    let mut wrong = Vec::new();
    for (strategy, edges, goal, h, distance, budget) in examples {
        let case = Case {
            graph: Graph::new(h.len(), edges),
            starts: vec![0],
            goals: vec![goal],
            scales: vec![0; h.len()],
            noise: vec![0; h.len()],
        };
        let limits = budget.map_or_else(Limits::new, |b| Limits::new().max_expansions(b));
        let mut ignore = |_: Event<'_, u32, u32>| ControlFlow::Continue(());
        for storage in STORAGES {
            let search = run(&case, strategy, h, distance, storage, &limits, &mut ignore);
            let solution = search.found().or(search.partial.as_ref());
            let solution = solution.unwrap_or_else(|| panic!("{strategy}: {search:?}"));
            let along = path_cost(&case.graph, &solution.path);
            if along != Some(i64::from(solution.cost)) {
                wrong.push(format!(
                    "{strategy} {storage}: {solution:?} costs {along:?}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn greedy_search_expands_each_state_at_most_once() {
    // On a constant heuristic, the state reached again more cheaply would be expanded
    // again and again: 156,695 expansions of these 1,001 states before.
    let space = state_search::from_fn(|&n: &u32| {
        [(n + 1, 1u32), (n * 2, 3)]
            .into_iter()
            .filter(|&(m, _)| m <= 1000)
    });
    for h in [0, 7] {
        let problem = Problem::new(&space, [0], |&n| n == 12).heuristic(move |_: &u32| h);
        let search = Strategy::Greedy.run(&problem, &Limits::new()).unwrap();
        let found = search.found().expect("12 is reachable");
        assert_eq!(search.stats.reopened, 0);
        assert!(search.stats.expanded <= 1001, "{:?}", search.stats);
        // The cost is the path's, whatever parents were changed.
        let mut cost = 0;
        for step in found.path.windows(2) {
            cost += if step[1] == step[0] + 1 { 1 } else { 3 };
        }
        assert_eq!(found.cost, cost);
    }
}
